//! I. The Command Phase and stacking: the Administrative Segment (¶42, ¶57–¶60, §27, §29–§33,
//! §53), the Organization Segment (¶43, ¶25–¶31, ¶65–¶76, §19, §22, §52, §54) and the
//! Consolidation Segments (¶48, ¶52, ¶77–¶80, ¶141).

use alloc::vec::Vec;

use crate::data::Library;
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, EventInfo, Rules, Side};
use crate::hex::Hex;
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{GarrisonPlace, LeaderId, LeaderPlace, Phase, State, Supply, UnitId};
use crate::hov::types::{Army, COALITION, FRENCH};

fn load(id: &str) -> Hov {
    let lib = Library::builtin().expect("the built-in library");
    Hov::new(&lib.scenario(id).expect(id)).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn hex(h: &Hov, label: &str) -> Hex {
    h.board.grid.parse(label).unwrap()
}

fn leader(h: &Hov, id: &str) -> LeaderId {
    h.manifest.leader(id).unwrap_or_else(|| panic!("{id}"))
}

fn unit(h: &Hov, id: &str) -> UnitId {
    h.manifest.unit(id).unwrap_or_else(|| panic!("{id}"))
}

/// Plays `Done` (and weather 3) until the phase is `phase` with `side` phasing.
fn advance(h: &Hov, s: &mut State, phase: Phase, side: Side) {
    let mut ev = Vec::new();
    for _ in 0..2000 {
        if s.phase == phase && s.phasing == side && s.march.is_none() && s.battle.is_none() {
            return;
        }
        let a = match h.actor(s) {
            Actor::Chance(_) => Action::Roll(Roll {
                spec: DiceSpec::D6,
                value: 3,
            }),
            _ => Action::Done,
        };
        h.apply(s, &a, &mut ev).unwrap();
    }
    panic!("never reached {phase:?}");
}

fn legal(h: &Hov, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    h.legal_actions(s, &mut v);
    v
}

fn act(h: &Hov, s: &mut State, a: Action) -> Vec<Event> {
    let mut ev = Vec::new();
    h.apply(s, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e:?}"));
    ev
}

fn refused(h: &Hov, s: &State, a: Action) -> String {
    let mut t = s.clone();
    let e = h
        .apply(&mut t, &a, &mut Vec::new())
        .expect_err("should be refused");
    assert_eq!(&t, s, "a refusal leaves the state unchanged");
    String::from(e.rule.as_ref())
}

use alloc::string::String;

// ---------------------------------------------------------------- Administrative Segment

#[test]
fn e30_r58_the_supply_source_is_flipped_then_placed_next_turn() {
    // §30 1–2, ¶42 step 2, ¶58: one active source; flipped in one Administrative Segment, the
    // marker goes face up on any of the army's Supply Sources in the next.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Administrative, FRENCH);
    let flip = Action::BeginSupplyChange { army: Army::French };
    assert!(legal(&h, &s).contains(&flip));
    assert!(!legal(&h, &s).contains(&Action::BeginSupplyChange {
        army: Army::Russian
    }));
    let ev = act(&h, &mut s, flip);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SupplyChanging { .. }) && e.visible_to(COALITION))
    );
    assert_eq!(s.supply[0], Supply::Changing(s.turn));
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::PlaceSupply { .. }))
    );
    let turn = s.turn;
    act(&h, &mut s, Action::Done);
    advance(&h, &mut s, Phase::Administrative, FRENCH);
    assert_eq!(s.turn, turn + 1);
    let places: Vec<Hex> = legal(&h, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceSupply { hex, .. } => Some(hex),
            _ => None,
        })
        .collect();
    assert!(
        places.contains(&hex(&h, "0151")) && places.contains(&hex(&h, "3153")),
        "{places:?}"
    );
    // Only the army's own sources.
    assert!(!places.contains(&hex(&h, "3938")));
    let rule = refused(
        &h,
        &s,
        Action::PlaceSupply {
            army: Army::French,
            hex: hex(&h, "3938"),
        },
    );
    assert!(rule.contains("§30"));
    act(
        &h,
        &mut s,
        Action::PlaceSupply {
            army: Army::French,
            hex: hex(&h, "3153"),
        },
    );
    assert_eq!(s.supply[0], Supply::Active(hex(&h, "3153")));
}

#[test]
fn e30_3_e27_2_r57_while_flipped_no_commands_and_the_zero_line() {
    // §30 3, §27 2, ¶57: with the marker flipped no depot is active: no force has a Dispatch
    // Distance, so no Movement Command and the zero attrition line.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Administrative, FRENCH);
    let davout = leader(&h, "F-davout");
    let at = h.leader_hex(&s, davout).unwrap();
    assert!(h.in_dispatch(&s, Army::French, at));
    act(&h, &mut s, Action::BeginSupplyChange { army: Army::French });
    assert!(!h.in_dispatch(&s, Army::French, at));
    act(&h, &mut s, Action::Done);
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Command { .. }))
    );
    assert!(h.active_depots(&s, Army::French).is_empty());
}

#[test]
fn e31_r59_the_active_source_has_a_garrison_with_a_zoc() {
    // §31, ¶59 1, ¶59 3, ¶59 4: the active source counts as a real force of its side (a ZOC
    // around it, enemy ZOCs cancelled in it); flipped it has none; placed again it has one.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    let src = hex(&h, "3938");
    let o = h.occupancy(&s);
    assert!(o.real_at(COALITION, src));
    let next = crate::hex::Direction::ALL
        .into_iter()
        .find(|&d| h.zoc_passes(&s, src, d))
        .map(|d| src.neighbor(d))
        .unwrap();
    assert!(h.in_zoc_of(&s, &o, COALITION, next, false));
    assert!(h.supply_garrison_at(&s, COALITION, src));
    s.supply[Army::Russian.index()] = Supply::Changing(s.turn);
    assert!(!h.occupancy(&s).real_at(COALITION, src));
    assert!(!h.supply_garrison_at(&s, COALITION, src));
}

#[test]
fn e32_e33_r60_a_captured_source_returns_later_free_of_enemies() {
    // §32, ¶60 1: the garrison destroyed or driven off, the source is captured: no depot is
    // active and no command may be given. §33, ¶60 2: from a later Administrative Segment the
    // marker returns at a source free of enemy units and EZOCs.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Administrative, FRENCH);
    let src = hex(&h, "0151");
    let mut ev = Vec::new();
    // The attacker's own source is not captured by its own attack.
    assert!(
        h.supply_source_attacked(&mut s, src, FRENCH, &mut ev)
            .is_empty()
    );
    assert_eq!(
        h.supply_source_attacked(&mut s, src, COALITION, &mut ev),
        [Army::French]
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SupplyCaptured {
            army: Army::French,
            ..
        }
    )));
    assert_eq!(s.supply[0], Supply::Captured(s.turn));
    assert!(h.active_depots(&s, Army::French).is_empty());
    assert!(!legal(&h, &s).iter().any(|a| matches!(
        a,
        Action::PlaceSupply { .. } | Action::BeginSupplyChange { .. }
    )));
    act(&h, &mut s, Action::Done);
    advance(&h, &mut s, Phase::Administrative, FRENCH);
    // An enemy force next to a source puts it in an EZOC: not there.
    let benn = leader(&h, "R-bennigsen");
    let (warsaw, next) = h
        .board
        .sources_of(Army::French)
        .map(|x| x.hex)
        .filter(|&x| x != src)
        .find_map(|x| {
            crate::hex::Direction::ALL
                .into_iter()
                .map(|d| x.neighbor(d))
                .find(|&n| h.board.on_map(n) && h.zoc_passes(&s, n, n.direction_to(x).unwrap()))
                .map(|n| (x, n))
        })
        .unwrap();
    s.leaders[usize::from(benn)].place = LeaderPlace::Map(next);
    let places: Vec<Hex> = legal(&h, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceSupply { hex, .. } => Some(hex),
            _ => None,
        })
        .collect();
    assert!(!places.is_empty());
    assert!(!places.contains(&warsaw), "{places:?}");
    let rule = refused(
        &h,
        &s,
        Action::PlaceSupply {
            army: Army::French,
            hex: warsaw,
        },
    );
    assert!(rule.contains("§33"));
    act(
        &h,
        &mut s,
        Action::PlaceSupply {
            army: Army::French,
            hex: places[0],
        },
    );
    assert_eq!(s.supply[0], Supply::Active(places[0]));
}

#[test]
fn e53_a_garrison_is_absorbed_by_infantry_of_its_nationality() {
    // §53: in the Administrative Segment a garrison joins an infantry unit of its nationality
    // in its hex; its marker is free again from the next Game-Turn.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Administrative, FRENCH);
    let warsaw = hex(&h, "3153");
    let davout = leader(&h, "F-davout");
    s.leaders[usize::from(davout)].place = LeaderPlace::Map(warsaw);
    let gudin = unit(&h, "F-III-gudin"); // 2 of 3 SP
    let gar = h
        .manifest
        .garrisons
        .iter()
        .position(|g| g.id == "F-gar-warsaw")
        .unwrap() as u16;
    let praga = h
        .manifest
        .garrisons
        .iter()
        .position(|g| g.id == "F-gar-praga")
        .unwrap() as u16;
    let a = Action::AbsorbGarrison {
        garrison: gar,
        unit: gudin,
    };
    assert!(legal(&h, &s).contains(&a));
    // A full unit may not take it (¶74), nor a Polish garrison a French unit.
    assert!(
        refused(
            &h,
            &s,
            Action::AbsorbGarrison {
                garrison: gar,
                unit: unit(&h, "F-III-morand")
            }
        )
        .contains("¶74")
    );
    s.garrisons[usize::from(praga)].place = GarrisonPlace::Map(warsaw);
    assert!(
        refused(
            &h,
            &s,
            Action::AbsorbGarrison {
                garrison: praga,
                unit: gudin
            }
        )
        .contains("§53")
    );
    let ev = act(&h, &mut s, a);
    assert_eq!(s.units[usize::from(gudin)].sp, 3);
    assert_eq!(
        s.garrisons[usize::from(gar)].place,
        GarrisonPlace::Available(s.turn + 1)
    );
    assert!(
        ev.iter()
            .all(|e| !e.visible_to(COALITION) || matches!(e, Event::PhaseBegins { .. }))
    );
}

// ---------------------------------------------------------------- Organization Segment

/// Pułtusk, the French Organization Segment: Davout at 2945 with Morand 3, Friant 3, Gudin 2.
fn davout_position() -> (Hov, State) {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, FRENCH);
    (h, s)
}

#[test]
fn r73_r43_3_a_unit_changes_track_in_its_hex_only() {
    // ¶73, ¶43 step 3: a unit moves to the track of another leader in its hex.
    let (h, mut s) = davout_position();
    let davout = leader(&h, "F-davout");
    let murat = leader(&h, "F-murat");
    let mg = leader(&h, "F-MG-inf-1");
    let morand = unit(&h, "F-III-morand");
    // Murat is elsewhere.
    assert!(
        refused(
            &h,
            &s,
            Action::TransferUnit {
                unit: morand,
                to: murat
            }
        )
        .contains("¶73")
    );
    s.leaders[usize::from(murat)].place = LeaderPlace::Map(h.leader_hex(&s, davout).unwrap());
    let a = Action::TransferUnit {
        unit: morand,
        to: murat,
    };
    assert!(legal(&h, &s).contains(&a));
    let before = h.observation(&s, COALITION);
    let ev = act(&h, &mut s, a);
    assert_eq!(s.units[usize::from(morand)].leader, Some(murat));
    // ¶20: the other side sees nothing of it.
    assert!(ev.iter().all(|e| !e.visible_to(COALITION)));
    assert_eq!(h.observation(&s, COALITION), before);
    // An inactive Major General is not in the hex.
    assert!(
        refused(
            &h,
            &s,
            Action::TransferUnit {
                unit: morand,
                to: mg
            }
        )
        .contains("¶73")
    );
}

#[test]
fn r74_r76_r43_4_strength_moves_between_like_units_and_an_empty_unit_is_gone() {
    // ¶74: SP pass between units in one hex, never above the maximum; ¶76: not between types;
    // ¶43 step 4, ¶12 2, ¶13 2: a unit left at zero is gone for good.
    let (h, mut s) = davout_position();
    let (morand, gudin) = (unit(&h, "F-III-morand"), unit(&h, "F-III-gudin"));
    assert!(
        refused(
            &h,
            &s,
            Action::TransferSp {
                from: gudin,
                to: morand,
                sp: 1
            }
        )
        .contains("¶74")
    );
    let lc = unit(&h, "F-LC");
    let murat = leader(&h, "F-murat");
    s.leaders[usize::from(murat)].place = s.leaders[usize::from(leader(&h, "F-davout"))].place;
    assert!(
        refused(
            &h,
            &s,
            Action::TransferSp {
                from: lc,
                to: gudin,
                sp: 1
            }
        )
        .contains("¶76")
    );
    let a = Action::TransferSp {
        from: morand,
        to: gudin,
        sp: 1,
    };
    assert!(legal(&h, &s).contains(&a));
    act(&h, &mut s, a);
    assert_eq!(
        (
            s.units[usize::from(morand)].sp,
            s.units[usize::from(gudin)].sp
        ),
        (2, 3)
    );
    // Morand at 1 SP gives it to Gudin at 2: Morand leaves the game for good.
    s.units[usize::from(gudin)].sp = 2;
    s.units[usize::from(morand)].sp = 1;
    let ev = act(
        &h,
        &mut s,
        Action::TransferSp {
            from: morand,
            to: gudin,
            sp: 1,
        },
    );
    assert_eq!(s.units[usize::from(morand)].leader, None);
    assert!(s.gone.contains(&morand));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::UnitRemoved {
            permanent: true,
            ..
        }
    )));
    // ¶13 2: gone for good — never a March Division counter again.
    assert!(
        !legal(&h, &s).iter().any(
            |a| matches!(a, Action::CreateMarchDivision { counter, .. } if *counter == morand)
        )
    );
    // The other side does not learn it (¶20).
    assert!(h.observation(&s, COALITION).gone.is_empty());
}

#[test]
fn r68_r69_r70_r72_a_major_general_is_activated_and_deactivated() {
    // ¶69: a Major General takes units of the hex on his track, on the Force Leader's portrait
    // or as a force of his own in the hex; ¶70 1: deactivated, his units go to another leader
    // there; ¶70 2, ¶72: left with no unit he leaves play, never unemployed.
    let (h, mut s) = davout_position();
    let davout = leader(&h, "F-davout");
    let at = h.leader_hex(&s, davout).unwrap();
    let mg = leader(&h, "F-MG-inf-1");
    let morand = unit(&h, "F-III-morand");
    let a = Action::ActivateMg {
        mg,
        units: alloc::vec![morand],
        under: None,
    };
    assert!(legal(&h, &s).contains(&a));
    assert!(legal(&h, &s).contains(&Action::ActivateMg {
        mg,
        units: alloc::vec![morand],
        under: Some(davout)
    }));
    act(&h, &mut s, a);
    assert_eq!(s.leaders[usize::from(mg)].place, LeaderPlace::Map(at));
    assert_eq!(s.units[usize::from(morand)].leader, Some(mg));
    let d = Action::DeactivateMg { mg, to: davout };
    assert!(legal(&h, &s).contains(&d));
    act(&h, &mut s, d);
    assert_eq!(s.leaders[usize::from(mg)].place, LeaderPlace::Out);
    assert_eq!(s.units[usize::from(morand)].leader, Some(davout));
    // Forced: his only unit moved off his track.
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![morand],
            under: Some(davout),
        },
    );
    assert_eq!(
        s.leaders[usize::from(mg)].place,
        LeaderPlace::Portrait(davout)
    );
    act(
        &h,
        &mut s,
        Action::TransferUnit {
            unit: morand,
            to: davout,
        },
    );
    assert_eq!(s.leaders[usize::from(mg)].place, LeaderPlace::Out);
}

#[test]
fn e22_e19_6_a_named_major_general_takes_his_own_division() {
    // §22, §19 6: Friant enters play only with his own division, and keeps it.
    let (h, mut s) = davout_position();
    let friant = leader(&h, "F-friant");
    let (own, morand) = (unit(&h, "F-III-friant"), unit(&h, "F-III-morand"));
    assert!(
        refused(
            &h,
            &s,
            Action::ActivateMg {
                mg: friant,
                units: alloc::vec![morand],
                under: None
            }
        )
        .contains("§22")
    );
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg: friant,
            units: alloc::vec![own],
            under: None,
        },
    );
    let davout = leader(&h, "F-davout");
    assert!(
        refused(
            &h,
            &s,
            Action::TransferUnit {
                unit: own,
                to: davout
            }
        )
        .contains("§22")
    );
}

#[test]
fn r25_r29_r16_the_command_span_limits_a_track() {
    // ¶25, ¶29, ¶16: the Subordination Values on a track and portrait may not pass the Command
    // Span. A generic infantry Major General (span 2) with one division (1) may not take a
    // second division and a corps... Davout (span 5) holds three divisions (3).
    let (h, mut s) = davout_position();
    let davout = leader(&h, "F-davout");
    let mg = leader(&h, "F-MG-inf-1");
    let (morand, friant, gudin) = (
        unit(&h, "F-III-morand"),
        unit(&h, "F-III-friant"),
        unit(&h, "F-III-gudin"),
    );
    assert_eq!(h.span_used(&s, davout), 3);
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![morand, gudin],
            under: None,
        },
    );
    assert_eq!(h.span_used(&s, mg), 2);
    let _ = friant;
    // A third unit would pass his span of 2.
    let pol = unit(&h, "F-pol-dombrowski");
    s.units[usize::from(pol)] = crate::hov::state::Unit {
        leader: Some(davout),
        sp: 1,
    };
    assert!(refused(&h, &s, Action::TransferUnit { unit: pol, to: mg }).contains("¶25"));
    // ¶28 2: the Major General on Davout's portrait costs his Subordination (2).
    let before = h.span_used(&s, davout);
    act(
        &h,
        &mut s,
        Action::Attach {
            leader: mg,
            to: davout,
        },
    );
    assert_eq!(h.span_used(&s, davout), before + 2);
}

#[test]
fn r29_command_has_two_levels_only() {
    // ¶29: a leader with subordinates may not go on a portrait himself.
    let (h, mut s) = davout_position();
    let (davout, murat, mg) = (
        leader(&h, "F-davout"),
        leader(&h, "F-murat"),
        leader(&h, "F-MG-inf-1"),
    );
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(murat)].place = LeaderPlace::Map(at);
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![unit(&h, "F-III-gudin")],
            under: Some(davout),
        },
    );
    assert!(
        refused(
            &h,
            &s,
            Action::Attach {
                leader: davout,
                to: murat
            }
        )
        .contains("¶29")
    );
    // Detached, the Major General is a force of his own in the hex (¶80 2).
    act(&h, &mut s, Action::Detach { leader: mg });
    assert_eq!(s.leaders[usize::from(mg)].place, LeaderPlace::Map(at));
    act(
        &h,
        &mut s,
        Action::Attach {
            leader: davout,
            to: murat,
        },
    );
    assert_eq!(
        s.leaders[usize::from(davout)].place,
        LeaderPlace::Portrait(murat)
    );
}

#[test]
fn r26_a_cavalry_major_general_with_infantry_costs_two() {
    // ¶26: a cavalry Major General with infantry on his track has Subordination 2.
    let (h, mut s) = davout_position();
    let mg = leader(&h, "F-MG-cav-1");
    assert_eq!(h.manifest.leaders[usize::from(mg)].ratings.subordination, 2);
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![unit(&h, "F-III-gudin")],
            under: None,
        },
    );
    assert!(h.mg_burdened(&s, mg));
    assert_eq!(h.subordination_of(&s, mg), 2);
    let murat = leader(&h, "F-murat");
    let lc = unit(&h, "F-LC");
    s.units[usize::from(lc)].leader = Some(mg);
    s.units[usize::from(unit(&h, "F-III-gudin"))].leader = Some(murat);
    assert!(!h.mg_burdened(&s, mg));
}

#[test]
fn r27_a_coalition_track_holds_one_unit_of_another_nationality() {
    // ¶27: at most one unit of another Coalition nationality on a leader's track.
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, COALITION);
    let benn = leader(&h, "R-bennigsen");
    let at = h.leader_hex(&s, benn).unwrap();
    let lestocq = leader(&h, "P-lestocq");
    s.leaders[usize::from(lestocq)].place = LeaderPlace::Map(at);
    let prussians: Vec<UnitId> = h.track(&s, lestocq);
    assert!(prussians.len() >= 2, "{prussians:?}");
    // Room enough in the span, so that only ¶27 refuses.
    for u in h.track(&s, benn) {
        s.units[usize::from(u)].leader = Some(lestocq);
    }
    let other: Vec<UnitId> = h
        .track(&s, lestocq)
        .into_iter()
        .filter(|&u| {
            h.manifest.units[usize::from(u)].nationality == crate::hov::types::Nationality::Prussian
        })
        .collect();
    act(
        &h,
        &mut s,
        Action::TransferUnit {
            unit: other[0],
            to: benn,
        },
    );
    assert!(
        refused(
            &h,
            &s,
            Action::TransferUnit {
                unit: other[1],
                to: benn
            }
        )
        .contains("¶27")
    );
}

#[test]
fn r66_r67_r75_a_march_division_splits_off_and_merges_back() {
    // ¶66, ¶75, §19: strength of a unit forms a March Division (a free substitute counter of
    // its type and nationality) on a track in the hex; ¶67 2: it merges into a like unit of
    // the hex and its counter is free again.
    let (h, mut s) = davout_position();
    let davout = leader(&h, "F-davout");
    let morand = unit(&h, "F-III-morand");
    let counter = h
        .free_march_counter(&s, morand)
        .expect("a free French infantry substitute");
    let a = Action::CreateMarchDivision {
        counter,
        from: morand,
        sp: 2,
        leader: davout,
    };
    assert!(legal(&h, &s).contains(&a));
    let ev = act(&h, &mut s, a);
    assert!(ev.iter().all(|e| !e.visible_to(COALITION)));
    assert_eq!(s.units[usize::from(morand)].sp, 1);
    assert_eq!(s.units[usize::from(counter)].sp, 2);
    assert!(s.march_divisions.contains(&counter));
    // A cavalry unit may not take it.
    assert!(
        refused(
            &h,
            &s,
            Action::Incorporate {
                march: counter,
                into: unit(&h, "F-LC")
            }
        )
        .contains("¶67")
    );
    act(
        &h,
        &mut s,
        Action::Incorporate {
            march: counter,
            into: morand,
        },
    );
    assert_eq!(s.units[usize::from(morand)].sp, 3);
    assert_eq!(s.units[usize::from(counter)].leader, None);
    assert!(!s.gone.contains(&counter) && s.march_divisions.is_empty());
    assert_eq!(h.free_march_counter(&s, morand), Some(counter));
}

#[test]
fn e52_e54_e25_a_garrison_is_made_in_a_fort_and_put_on_a_track() {
    // §52: in a friendly fort 1 or 2 SP of a unit become a garrison on the map; §54, §25: a
    // garrison on the map may go on a leader's track in its hex, costing 1 Subordination.
    let (h, mut s) = davout_position();
    let davout = leader(&h, "F-davout");
    let gudin = unit(&h, "F-III-gudin");
    let generic = h
        .manifest
        .garrisons
        .iter()
        .position(|g| g.id == "F-gar-1")
        .unwrap() as u16;
    // 2945 is no fort.
    assert!(
        refused(
            &h,
            &s,
            Action::CreateGarrison {
                garrison: generic,
                from: gudin,
                sp: 1
            }
        )
        .contains("§52")
    );
    let thorn = hex(&h, "0138");
    s.leaders[usize::from(davout)].place = LeaderPlace::Map(thorn);
    let a = Action::CreateGarrison {
        garrison: generic,
        from: gudin,
        sp: 2,
    };
    assert!(legal(&h, &s).contains(&a));
    assert!(
        refused(
            &h,
            &s,
            Action::CreateGarrison {
                garrison: generic,
                from: gudin,
                sp: 3
            }
        )
        .contains("§52")
    );
    act(&h, &mut s, a);
    assert_eq!(
        s.garrisons[usize::from(generic)].place,
        GarrisonPlace::Map(thorn)
    );
    assert_eq!(s.garrisons[usize::from(generic)].sp, 2);
    assert!(s.gone.contains(&gudin));
    // One garrison a fort.
    let other = h
        .manifest
        .garrisons
        .iter()
        .position(|g| g.id == "F-gar-2")
        .unwrap() as u16;
    assert!(
        refused(
            &h,
            &s,
            Action::CreateGarrison {
                garrison: other,
                from: unit(&h, "F-III-morand"),
                sp: 1
            }
        )
        .contains("§52")
    );
    let used = h.span_used(&s, davout);
    act(
        &h,
        &mut s,
        Action::GarrisonToTrack {
            garrison: generic,
            leader: davout,
        },
    );
    assert_eq!(
        s.garrisons[usize::from(generic)].place,
        GarrisonPlace::Track(davout)
    );
    assert_eq!(h.span_used(&s, davout), used + 1);
    assert_eq!(h.force_make(&s, davout).inf, 3 + 3 + 2);
}

// ---------------------------------------------------------------- Consolidation

#[test]
fn r141_r48_r31_consolidation_puts_the_hex_on_one_portrait() {
    // ¶48, ¶141 2: in the Consolidation Segment the leaders of a hex go on the portrait of the
    // one who commands them all; ¶31: an Unemployed Leader costs nothing and may not take
    // command yet.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let (davout, augereau, bessieres) = (
        leader(&h, "F-davout"),
        leader(&h, "F-augereau"),
        leader(&h, "F-bessieres"),
    );
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(augereau)].place = LeaderPlace::Map(at);
    let acts = legal(&h, &s);
    // Davout (span 5, using 3) takes Augereau (2); Augereau (span 4, using 2) cannot take Davout
    // with... he can: 2 + 2 = 4.
    assert!(acts.contains(&Action::Consolidate {
        hex: at,
        leader: davout
    }));
    // An Unemployed Leader in the hex.
    s.leaders[usize::from(bessieres)].place = LeaderPlace::Map(at);
    for u in h.track(&s, bessieres) {
        s.units[usize::from(u)].leader = Some(leader(&h, "F-napoleon"));
    }
    assert!(h.has_nothing(&s, bessieres));
    let acts = legal(&h, &s);
    assert!(!acts.contains(&Action::Consolidate {
        hex: at,
        leader: bessieres
    }));
    assert!(
        refused(
            &h,
            &s,
            Action::Consolidate {
                hex: at,
                leader: bessieres
            }
        )
        .contains("¶31")
    );
    act(
        &h,
        &mut s,
        Action::Consolidate {
            hex: at,
            leader: davout,
        },
    );
    assert_eq!(
        s.leaders[usize::from(augereau)].place,
        LeaderPlace::Portrait(davout)
    );
    assert_eq!(
        s.leaders[usize::from(bessieres)].place,
        LeaderPlace::Portrait(davout)
    );
    assert_eq!(h.span_used(&s, davout), 3 + 2);
    assert_eq!(h.map_leaders(&s, FRENCH, at), [davout]);
}

#[test]
fn r78_an_insubordinate_stack_is_displaced_one_hex() {
    // ¶78: leaders no one present can command together: at the end of the segment all but
    // the strongest force are displaced one hex (¶174 priorities 3, 5, 6).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let (davout, lannes) = (leader(&h, "F-davout"), leader(&h, "F-lannes"));
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(lannes)].place = LeaderPlace::Map(at);
    // Lannes' corps (2) and rating 2: Davout would use 3 + 2 = 5 <= 5... load him up.
    s.units[usize::from(unit(&h, "F-pol-dombrowski"))] = crate::hov::state::Unit {
        leader: Some(davout),
        sp: 2,
    };
    s.units[usize::from(unit(&h, "F-pol-zajaczak"))] = crate::hov::state::Unit {
        leader: Some(lannes),
        sp: 2,
    };
    s.units[usize::from(unit(&h, "F-pol-bronikowski"))] = crate::hov::state::Unit {
        leader: Some(lannes),
        sp: 1,
    };
    assert!(h.consolidators(&s, FRENCH, at).is_empty());
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Consolidate { .. }))
    );
    let ev = act(&h, &mut s, Action::Done);
    // Davout's force (11 SP) stays; Lannes' (8 SP) moves one hex away.
    assert_eq!(s.leaders[usize::from(davout)].place, LeaderPlace::Map(at));
    let LeaderPlace::Map(to) = s.leaders[usize::from(lannes)].place else {
        panic!("Lannes left the map");
    };
    assert_eq!(to.distance(at), 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Displaced { .. }) && e.visible_to(COALITION))
    );
    assert_eq!(s.phase, Phase::Bridge);
}

#[test]
fn r52_joint_consolidation_is_both_players_phasing_first() {
    // ¶52: both players consolidate, the phasing player first.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::JointConsolidation, FRENCH);
    assert_eq!(h.actor(&s), Actor::Player(FRENCH));
    // A Coalition hex with two forces.
    let (benn, bux) = (leader(&h, "R-bennigsen"), leader(&h, "R-buxhowden"));
    let at = h.leader_hex(&s, benn).unwrap();
    s.leaders[usize::from(bux)].place = LeaderPlace::Map(at);
    act(&h, &mut s, Action::Done);
    assert_eq!(s.phase, Phase::JointConsolidation);
    assert_eq!(h.actor(&s), Actor::Player(COALITION));
    let acts = legal(&h, &s);
    assert!(
        acts.iter().any(|a| matches!(a, Action::Consolidate { .. })),
        "{acts:?}"
    );
    act(&h, &mut s, Action::Done);
    assert_ne!(s.phase, Phase::JointConsolidation);
    assert!(!s.joint_second);
    // Left to the end, the hex was consolidated or displaced: one leader on the map there.
    assert_eq!(h.map_leaders(&s, COALITION, at).len(), 1);
}

// ---------------------------------------------------------------- Random play

#[test]
fn r43_random_command_phases_never_dead_end() {
    // From each scenario's start, random legal actions with the Command Phase and the
    // Consolidation Segments played at random: each listed action applies, a legal action
    // always exists, no unit passes its maximum, units gone stay gone, and no leader's command
    // is at fault that was not at the start.
    for (k, id) in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"]
        .into_iter()
        .enumerate()
    {
        let h = load(id);
        let mut s = h.initial_state();
        let mut seed: u64 = 0x4300 + k as u64;
        let mut rng = move |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) % n as u64) as usize
        };
        let mut ev = Vec::new();
        let mut done = 0;
        for _ in 0..300 {
            if matches!(h.actor(&s), Actor::Terminal(_)) {
                break;
            }
            let acts = legal(&h, &s);
            assert!(!acts.is_empty(), "{id}: a dead end in {:?}", s.phase);
            let ours = matches!(
                s.phase,
                Phase::Administrative
                    | Phase::Organization
                    | Phase::Consolidation
                    | Phase::JointConsolidation
            );
            // In the Command Phase, act a few times then end; elsewhere mostly end.
            let a = if ours && rng(6) != 0 {
                acts[rng(acts.len())].clone()
            } else if acts.contains(&Action::Done) {
                Action::Done
            } else {
                acts[rng(acts.len())].clone()
            };
            if ours && a != Action::Done {
                done += 1;
            }
            let before = s.clone();
            h.apply(&mut s, &a, &mut ev)
                .unwrap_or_else(|e| panic!("{id}: {a:?} listed but refused: {e:?}"));
            for (i, u) in s.units.iter().enumerate() {
                assert!(u.sp <= h.manifest.units[i].max, "{id}: unit {i} too strong");
                if s.gone.contains(&(i as UnitId)) {
                    assert_eq!(u.leader, None, "{id}: unit {i} came back");
                }
            }
            if matches!(before.phase, Phase::Organization) {
                for side in [FRENCH, COALITION] {
                    assert_eq!(h.new_fault(&before, &s, side), None, "{id}: {a:?}");
                }
            }
        }
        assert!(done > 20, "{id}: only {done} Command Phase decisions");
    }
}

#[test]
fn e19_2_e19_3_the_corps_is_re_formed_from_its_divisions_and_split_again() {
    // §19 3: the organic corps unit is re-formed from substitutes in one hex, the total SP
    // kept; §19 2: substitutes take strength from it again, or replace it wholly (its counter
    // free, not eliminated); §19 4–5: never across type or nationality.
    let (h, mut s) = davout_position();
    let davout = leader(&h, "F-davout");
    let (corps, morand, gudin) = (
        unit(&h, "F-III"),
        unit(&h, "F-III-morand"),
        unit(&h, "F-III-gudin"),
    );
    assert_eq!(s.units[usize::from(corps)].leader, None);
    let acts = legal(&h, &s);
    assert!(acts.contains(&Action::RecreateOrganic {
        organic: corps,
        subs: alloc::vec![morand]
    }));
    assert!(
        acts.iter()
            .any(|a| matches!(a, Action::RecreateOrganic { subs, .. } if subs.len() == 3))
    );
    // Any number of them (the list offers one or all; others are accepted).
    let a = Action::RecreateOrganic {
        organic: corps,
        subs: alloc::vec![morand, gudin],
    };
    let ev = act(&h, &mut s, a);
    assert!(ev.iter().all(|e| !e.visible_to(COALITION)));
    assert_eq!(
        s.units[usize::from(corps)],
        crate::hov::state::Unit {
            leader: Some(davout),
            sp: 5
        }
    );
    assert!(h.counter_free(&s, morand) && h.counter_free(&s, gudin));
    // A cavalry unit is no substitute of an infantry corps.
    assert!(
        refused(
            &h,
            &s,
            Action::CreateSubstitutes {
                organic: corps,
                subs: alloc::vec![(unit(&h, "F-LC"), 1)]
            }
        )
        .contains("§19")
    );
    act(
        &h,
        &mut s,
        Action::CreateSubstitutes {
            organic: corps,
            subs: alloc::vec![(gudin, 2)],
        },
    );
    assert_eq!(
        (
            s.units[usize::from(corps)].sp,
            s.units[usize::from(gudin)].sp
        ),
        (3, 2)
    );
    act(
        &h,
        &mut s,
        Action::CreateSubstitutes {
            organic: corps,
            subs: alloc::vec![(morand, 3)],
        },
    );
    assert!(h.counter_free(&s, corps) && !s.gone.contains(&corps));
    assert_eq!(s.units[usize::from(morand)].leader, Some(davout));
}

#[test]
fn r141_1_a_hex_over_48_sp_is_not_consolidated_but_relieved() {
    // ¶141 1: at most 48 SP a hex at the end of the segment (reading N24: a hex over the
    // limit is not consolidated; its forces but the strongest are displaced).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let (davout, augereau) = (leader(&h, "F-davout"), leader(&h, "F-augereau"));
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(augereau)].place = LeaderPlace::Map(at);
    assert!(h.consolidators(&s, FRENCH, at).contains(&davout));
    // A test strength beyond any counter's: 3 + 3 + 40 + Augereau's 4.
    s.units[usize::from(unit(&h, "F-III-gudin"))].sp = 40;
    assert!(h.hex_sp(&s, FRENCH, at) > 48);
    assert!(h.consolidators(&s, FRENCH, at).is_empty());
    let ev = act(&h, &mut s, Action::Done);
    assert_eq!(h.map_leaders(&s, FRENCH, at), [davout]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Displaced { rule, .. } if rule.contains("¶141")))
    );
}

#[test]
fn r81_1_r80_2_new_forces_are_formed_in_the_command_phase_only() {
    // ¶81 1, ¶80 2: a subordinate goes on the map as a force of his own in the Organization
    // Segment; after the Command Phase no new Force Leader appears (drop-offs aside, ¶81 2).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, FRENCH);
    let bessieres = leader(&h, "F-bessieres");
    let a = Action::Detach { leader: bessieres };
    assert!(legal(&h, &s).contains(&a));
    let mut t = s.clone();
    act(&h, &mut t, a.clone());
    assert!(matches!(
        t.leaders[usize::from(bessieres)].place,
        LeaderPlace::Map(_)
    ));
    act(&h, &mut s, Action::Done);
    assert_eq!(s.phase, Phase::Reinforcements);
    assert!(!legal(&h, &s).contains(&a));
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    assert!(!legal(&h, &s).contains(&a));
    refused(&h, &s, a);
}

#[test]
fn r20_consolidation_and_reorganizing_stay_secret() {
    // ¶20: what goes on a portrait or a track is the owner's; the other side's view of the
    // position changes only by the counters it sees on the map.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, FRENCH);
    let before = h.observation(&s, COALITION);
    let davout = leader(&h, "F-davout");
    let mg = leader(&h, "F-MG-inf-2");
    let ev = act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![unit(&h, "F-III-gudin")],
            under: Some(davout),
        },
    );
    assert!(ev.iter().all(|e| !e.visible_to(COALITION)));
    let counter = h.free_march_counter(&s, unit(&h, "F-III-morand")).unwrap();
    let ev2 = act(
        &h,
        &mut s,
        Action::CreateMarchDivision {
            counter,
            from: unit(&h, "F-III-morand"),
            sp: 1,
            leader: davout,
        },
    );
    assert!(ev2.iter().all(|e| !e.visible_to(COALITION)));
    assert_eq!(h.observation(&s, COALITION), before);
    // The Coalition's own legal actions are the same either way when its turn comes.
    let mut a = s.clone();
    let mut b = h.initial_state();
    advance(&h, &mut a, Phase::Organization, COALITION);
    advance(&h, &mut b, Phase::Organization, COALITION);
    assert_eq!(legal(&h, &a), legal(&h, &b));
}

#[test]
fn r79_a_stack_saved_by_deactivating_a_major_general_waits_for_the_command_phase() {
    // ¶79: not an Insubordinate Stack when deactivating a Major General in the next Command
    // Phase gives the span needed; if he is not deactivated, it is displaced then (¶78).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, FRENCH);
    let (davout, augereau, mg) = (
        leader(&h, "F-davout"),
        leader(&h, "F-augereau"),
        leader(&h, "F-MG-inf-1"),
    );
    let gudin = unit(&h, "F-III-gudin");
    // Davout: Morand 1 + Friant 1 + the Major General (2) with Gudin = 4 of 5.
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![gudin],
            under: Some(davout),
        },
    );
    act(&h, &mut s, Action::Done);
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(augereau)].place = LeaderPlace::Map(at);
    assert!(h.consolidators(&s, FRENCH, at).is_empty());
    assert!(h.saved_by_deactivation(&s, FRENCH, at));
    let ev = act(&h, &mut s, Action::Done);
    assert!(!ev.iter().any(|e| matches!(e, Event::Displaced { .. })));
    assert_eq!(h.map_leaders(&s, FRENCH, at), [davout, augereau]);
    assert_eq!(s.deferred, [(FRENCH, at)]);
    assert!(h.observation(&s, COALITION).deferred.is_empty());
    let kept = s.clone();
    // Deactivated in the next Organization Segment: consolidated at the next chance.
    advance(&h, &mut s, Phase::Organization, FRENCH);
    act(&h, &mut s, Action::DeactivateMg { mg, to: davout });
    act(&h, &mut s, Action::Done);
    assert_eq!(h.map_leaders(&s, FRENCH, at), [davout, augereau]);
    assert!(s.deferred.is_empty());
    assert!(h.consolidators(&s, FRENCH, at).contains(&davout));
    // Not deactivated: displaced when the segment ends.
    let mut s = kept;
    advance(&h, &mut s, Phase::Organization, FRENCH);
    let ev = act(&h, &mut s, Action::Done);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Displaced { rule, .. } if rule.contains("¶79")))
    );
    assert_eq!(h.map_leaders(&s, FRENCH, at).len(), 1);
}

// ---------------------------------------------------------------- Worked examples

/// `h` with one leader's Command Span changed (the examples' hypothetical leaders).
fn with_span(mut h: Hov, l: LeaderId, span: u8) -> Hov {
    alloc::sync::Arc::make_mut(&mut h.manifest).leaders[usize::from(l)]
        .ratings
        .span = span;
    h
}

#[test]
fn x02_x03_e19_e22_davouts_corps_split_and_re_formed() {
    // X02: III Corps replaced by Friant, Gudin and Morand, later re-formed from Gudin and
    // Morand, the SP kept; Friant's Major General, in play, commands Friant's division. X03:
    // Davout keeps his corps unit; divisions detached take their SP from it.
    let (h, mut s) = davout_position();
    let davout = leader(&h, "F-davout");
    let corps = unit(&h, "F-III");
    let [morand, friant, gudin] =
        ["F-III-morand", "F-III-friant", "F-III-gudin"].map(|x| unit(&h, x));
    let total = |s: &State| -> u16 {
        [corps, morand, friant, gudin]
            .iter()
            .map(|&u| u16::from(s.units[usize::from(u)].sp))
            .sum()
    };
    assert_eq!(total(&s), 8);
    act(
        &h,
        &mut s,
        Action::RecreateOrganic {
            organic: corps,
            subs: alloc::vec![morand, friant, gudin],
        },
    );
    assert_eq!((s.units[usize::from(corps)].sp, total(&s)), (8, 8));
    // X03, §22: the corps is Davout's own unit.
    let napoleon = leader(&h, "F-napoleon");
    s.leaders[usize::from(napoleon)].place = LeaderPlace::Map(h.leader_hex(&s, davout).unwrap());
    assert!(
        refused(
            &h,
            &s,
            Action::TransferUnit {
                unit: corps,
                to: napoleon
            }
        )
        .contains("§22")
    );
    // Replace the corps wholly with its three divisions.
    act(
        &h,
        &mut s,
        Action::CreateSubstitutes {
            organic: corps,
            subs: alloc::vec![(friant, 3), (gudin, 3), (morand, 2)],
        },
    );
    assert!(h.counter_free(&s, corps));
    assert_eq!(total(&s), 8);
    // Re-formed from Gudin and Morand; Friant stays a division.
    act(
        &h,
        &mut s,
        Action::RecreateOrganic {
            organic: corps,
            subs: alloc::vec![gudin, morand],
        },
    );
    assert_eq!(
        (
            s.units[usize::from(corps)].sp,
            s.units[usize::from(friant)].sp,
            total(&s)
        ),
        (5, 3, 8)
    );
    assert_eq!(s.units[usize::from(corps)].leader, Some(davout));
    // Friant's leader in play commands the Friant division.
    let mg = leader(&h, "F-friant");
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![friant],
            under: Some(davout),
        },
    );
    assert_eq!(s.units[usize::from(friant)].leader, Some(mg));
    assert!(
        refused(
            &h,
            &s,
            Action::TransferUnit {
                unit: friant,
                to: davout
            }
        )
        .contains("§22")
    );
}

#[test]
fn x25_r25_a_span_of_three_commands_three_divisions_or_a_corps_and_a_division() {
    let h0 = load("hov/pultusk-golymin");
    let davout = leader(&h0, "F-davout");
    let h = with_span(h0, davout, 3);
    let mut s = h.initial_state();
    // Three divisions (1 each).
    assert_eq!(h.span_used(&s, davout), 3);
    assert_eq!(h.command_fault(&s, davout), None);
    // A corps (2) and a division (1).
    let corps = unit(&h, "F-III");
    let [morand, friant, gudin] =
        ["F-III-morand", "F-III-friant", "F-III-gudin"].map(|x| unit(&h, x));
    s.units[usize::from(corps)] = crate::hov::state::Unit {
        leader: Some(davout),
        sp: 5,
    };
    for u in [morand, gudin] {
        s.units[usize::from(u)] = crate::hov::state::Unit {
            leader: None,
            sp: 0,
        };
    }
    assert_eq!(h.span_used(&s, davout), 3);
    assert_eq!(h.command_fault(&s, davout), None);
    // A corps and two divisions pass it.
    s.units[usize::from(gudin)] = crate::hov::state::Unit {
        leader: Some(davout),
        sp: 1,
    };
    let _ = friant;
    assert_eq!(h.command_fault(&s, davout).map(|f| f.0), Some("¶25, ¶29"));
}

#[test]
fn x26_x27_r28_a_subordinate_costs_his_subordination_whatever_he_commands() {
    // X26: a subordinate of Subordination 2 costs his Force Leader 2, however many units he
    // has. X27: a span of 6 commands three subordinates of 2, or a corps, two divisions and
    // one subordinate of 2.
    let h0 = load("hov/pultusk-golymin");
    let napoleon = leader(&h0, "F-napoleon");
    let h = with_span(h0, napoleon, 6);
    let mut s = h.initial_state();
    let bessieres = leader(&h, "F-bessieres");
    assert_eq!(
        s.leaders[usize::from(bessieres)].place,
        LeaderPlace::Portrait(napoleon)
    );
    let base = h.span_used(&s, napoleon);
    let pol = unit(&h, "F-pol-dombrowski");
    s.units[usize::from(pol)] = crate::hov::state::Unit {
        leader: Some(bessieres),
        sp: 2,
    };
    assert_eq!(h.span_used(&s, napoleon), base);
    // Three subordinates of 2: Bessieres, Davout, Lannes.
    for id in ["F-davout", "F-lannes"] {
        let l = leader(&h, id);
        assert_eq!(h.subordination_of(&s, l), 2);
        s.leaders[usize::from(l)].place = LeaderPlace::Portrait(napoleon);
    }
    for u in h.track(&s, napoleon) {
        s.units[usize::from(u)].leader = Some(bessieres);
    }
    assert_eq!(h.span_used(&s, napoleon), 6);
    assert_eq!(h.command_fault(&s, napoleon), None);
    // A fourth is one too many.
    s.leaders[usize::from(leader(&h, "F-augereau"))].place = LeaderPlace::Portrait(napoleon);
    assert!(h.command_fault(&s, napoleon).is_some());
    // A corps (2), two divisions (1 + 1) and one subordinate of 2.
    for id in ["F-davout", "F-lannes", "F-augereau"] {
        s.leaders[usize::from(leader(&h, id))].place = LeaderPlace::Out;
    }
    for (u, sp) in [("F-IV", 5), ("F-IV-legrand", 2), ("F-IV-leval", 2)] {
        s.units[usize::from(unit(&h, u))] = crate::hov::state::Unit {
            leader: Some(napoleon),
            sp,
        };
    }
    assert_eq!(h.span_used(&s, napoleon), 6);
    assert_eq!(h.command_fault(&s, napoleon), None);
}

#[test]
fn x28_r29_a_force_leader_may_not_be_commanded() {
    // X28, ¶29: a leader who commands subordinates may not be put under another, whatever
    // the span.
    let h0 = load("hov/pultusk-golymin");
    let napoleon = leader(&h0, "F-napoleon");
    let h = with_span(h0, napoleon, 12);
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, FRENCH);
    let (davout, mg) = (leader(&h, "F-davout"), leader(&h, "F-MG-inf-1"));
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![unit(&h, "F-III-gudin")],
            under: Some(davout),
        },
    );
    let at = h.leader_hex(&s, napoleon).unwrap();
    s.leaders[usize::from(davout)].place = LeaderPlace::Map(at);
    assert!(
        refused(
            &h,
            &s,
            Action::Attach {
                leader: davout,
                to: napoleon
            }
        )
        .contains("¶29")
    );
    assert!(!legal(&h, &s).contains(&Action::Attach {
        leader: davout,
        to: napoleon
    }));
}
