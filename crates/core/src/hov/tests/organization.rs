//! I.b The Organization Segment (¶43, ¶25–¶31, ¶65–¶76, §19, §22, §52, §54), its worked
//! examples, and random play through the Command Phase and the Consolidation Segments. The
//! Administrative Segment's tests are in `supply.rs`, the Consolidation Segments' in
//! `consolidation.rs`; both use the helpers here.

use alloc::vec::Vec;

use super::play::play_by;
use crate::data::Library;
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, EventInfo, Rules, Side};
use crate::hex::Hex;
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{GarrisonPlace, LeaderId, LeaderPlace, Phase, State, UnitId};
use crate::hov::types::{COALITION, FRENCH};

pub(super) fn load(id: &str) -> Hov {
    let lib = Library::builtin().expect("the built-in library");
    Hov::new(&lib.scenario(id).expect(id)).unwrap_or_else(|e| panic!("{id}: {e}"))
}

pub(super) fn hex(h: &Hov, label: &str) -> Hex {
    h.board.grid.parse(label).unwrap()
}

pub(super) fn leader(h: &Hov, id: &str) -> LeaderId {
    h.manifest.leader(id).unwrap_or_else(|| panic!("{id}"))
}

pub(super) fn unit(h: &Hov, id: &str) -> UnitId {
    h.manifest.unit(id).unwrap_or_else(|| panic!("{id}"))
}

/// Plays `Done` (and weather 3) until the phase is `phase` with `side` phasing.
pub(super) fn advance(h: &Hov, s: &mut State, phase: Phase, side: Side) {
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

pub(super) fn legal(h: &Hov, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    h.legal_actions(s, &mut v);
    v
}

pub(super) fn act(h: &Hov, s: &mut State, a: Action) -> Vec<Event> {
    let mut ev = Vec::new();
    h.apply(s, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e:?}"));
    ev
}

pub(super) fn refused(h: &Hov, s: &State, a: Action) -> String {
    let mut t = s.clone();
    let e = h
        .apply(&mut t, &a, &mut Vec::new())
        .expect_err("should be refused");
    assert_eq!(&t, s, "a refusal leaves the state unchanged");
    String::from(e.rule.as_ref())
}

use alloc::string::String;

// ---------------------------------------------------------------- Organization Segment

/// Pułtusk, the French Organization Segment: Davout at 2945 with Morand 3, Friant 3, Gudin 2.
pub(super) fn davout_position() -> (Hov, State) {
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
fn r26_r33_a_cavalry_major_general_with_infantry_costs_two_and_has_initiative_one() {
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
    // ... and Initiative 1 for movement (¶101) and pursuit, whatever his printed rating.
    assert_eq!(h.initiative_of(&s, mg), 1);
    // ¶33: his capture die is rolled against the unmodified rating (reading N73), less one
    // for each earlier capture.
    let printed = h.manifest.leaders[usize::from(mg)].ratings.initiative;
    assert_eq!(h.rated_initiative(&s, mg), printed);
    s.leaders[usize::from(mg)].captures = 1;
    assert_eq!(h.rated_initiative(&s, mg), printed.saturating_sub(1).max(1));
    s.leaders[usize::from(mg)].captures = 0;
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
    // ¶67 3 (reading N20): the merge is open in an enemy ZOC too.
    let at = h.leader_hex(&s, davout).unwrap();
    let benn = leader(&h, "R-bennigsen");
    let next = crate::hex::Direction::ALL
        .into_iter()
        .find(|&d| h.zoc_passes(&s, at.neighbor(d), d.opposite()))
        .map(|d| at.neighbor(d))
        .unwrap();
    s.leaders[usize::from(benn)].place = LeaderPlace::Map(next);
    assert!(h.in_zoc_of(&s, &h.occupancy(&s), COALITION, at, false));
    let merge = Action::Incorporate {
        march: counter,
        into: morand,
    };
    assert!(legal(&h, &s).contains(&merge));
    act(&h, &mut s, merge);
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

// ---------------------------------------------------------------- Random play

#[test]
fn r43_random_command_phases_never_dead_end() {
    // From each scenario's start to its end, random legal actions (the Command Phase and the
    // Consolidation Segments acted in more often than the others): each listed action
    // applies, a legal action always exists, no unit passes its maximum, units gone stay gone,
    // and no Organization decision leaves a leader's command newly at fault.
    for (k, id) in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"]
        .into_iter()
        .enumerate()
    {
        let h = load(id);
        let s = h.initial_state();
        let mut done = 0;
        let ours = |s: &State| {
            matches!(
                s.phase,
                Phase::Administrative
                    | Phase::Organization
                    | Phase::Consolidation
                    | Phase::JointConsolidation
            )
        };
        play_by(
            &h,
            s,
            0x4300 + k as u64,
            4000,
            id,
            // In the Command Phase, act a few times then end; elsewhere mostly end.
            |s, acts, rng| {
                if ours(s) && rng.below(6) != 0 {
                    acts[rng.below(acts.len())].clone()
                } else if acts.contains(&Action::Done) && rng.below(3) == 0 {
                    Action::Done
                } else {
                    acts[rng.below(acts.len())].clone()
                }
            },
            |st| {
                let (before, s, a) = (st.before, st.after, st.action);
                if ours(before) && *a != Action::Done {
                    done += 1;
                }
                for (i, u) in s.units.iter().enumerate() {
                    assert!(u.sp <= h.manifest.units[i].max, "{id}: unit {i} too strong");
                    if s.gone.contains(&(i as UnitId)) {
                        assert_eq!(u.leader, None, "{id}: unit {i} came back");
                    }
                }
                if matches!(before.phase, Phase::Organization) {
                    for side in [FRENCH, COALITION] {
                        assert_eq!(h.new_fault(before, s, side), None, "{id}: {a:?}");
                    }
                }
            },
        );
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

#[test]
fn r13_2_a_counter_eliminated_in_play_never_returns() {
    // ¶13 2: a counter eliminated by losses (combat and attrition take it off its track) is
    // never a substitute or March Division again; one freed by §19 or ¶67 may return.
    let (h, mut s) = davout_position();
    let davout = leader(&h, "F-davout");
    let morand = unit(&h, "F-III-morand");
    let c = h.free_march_counter(&s, morand).unwrap();
    act(
        &h,
        &mut s,
        Action::CreateMarchDivision {
            counter: c,
            from: morand,
            sp: 1,
            leader: davout,
        },
    );
    // Eliminated as the combat code does it.
    s.units[usize::from(c)] = crate::hov::state::Unit {
        leader: None,
        sp: 0,
    };
    s.march_divisions.clear();
    assert!(!h.counter_free(&s, c));
    assert_ne!(h.free_march_counter(&s, morand), Some(c));
    // A counter in play at the start and eliminated: the same.
    let gudin = unit(&h, "F-III-gudin");
    s.units[usize::from(gudin)] = crate::hov::state::Unit {
        leader: None,
        sp: 0,
    };
    assert!(!h.counter_free(&s, gudin));
}

#[test]
fn e75_2_e76_2_vedettes_on_a_portrait_return_with_the_organization_segment() {
    // §75 2: a vedette on a Force Leader's portrait returns to the map in his hex at the
    // owner's next Organization Segment; §76 2: one vedette a hex, the extra to the pool.
    use crate::hov::state::VedettePlace;
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Administrative, FRENCH);
    let davout = leader(&h, "F-davout");
    let at = h.leader_hex(&s, davout).unwrap();
    let french: Vec<u16> = (0..s.vedettes.len() as u16)
        .filter(|&v| h.manifest.vedettes[usize::from(v)].side == FRENCH)
        .take(2)
        .collect();
    for &v in &french {
        s.vedettes[usize::from(v)].place = VedettePlace::Portrait(davout);
    }
    let ev = act(&h, &mut s, Action::Done);
    assert_eq!(s.phase, Phase::Organization);
    assert_eq!(
        s.vedettes[usize::from(french[0])].place,
        VedettePlace::Map(at)
    );
    assert_eq!(s.vedettes[usize::from(french[1])].place, VedettePlace::Pool);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::VedettePlaced { .. }) && !e.visible_to(COALITION))
    );
}
