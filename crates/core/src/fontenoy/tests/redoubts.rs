//! Redoubts (F-3.5a A–D, F, F-9.2g) and their set-up (F-6.2), the field fortifications' ZOC
//! (F-3.5b A, E), a cavalry charge across an open redoubt hex (F-2.8c) and the barricades'
//! placement (F-3.6, F-10.4b).

use alloc::sync::Arc as Shared;
use alloc::vec::Vec;

use super::close::{AL, FR, ahead, at, attack, cc, unit};
use super::movement::mover;
use super::*;
use crate::fontenoy::board::{Terrain, side as hs};
use crate::fontenoy::geometry::Arc;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::setup::Redoubt;
use crate::fontenoy::state::{CheckKind, Step};
use crate::fontenoy::types::DisorderCheck;
use crate::hex::{Direction, Facing};

/// The redoubt hex: the one ahead of S1010 in direction 0, a Frontal hex of the mover.
fn redoubt_hex() -> Hex {
    ahead(hex("S1010"), 0)
}

/// The mover of `tests/movement.rs` (6 SP in Line at S1010 facing vertex 1) with a scenario
/// redoubt of `large` size in [`redoubt_hex`], on clear ground.
fn with_redoubt(large: bool) -> (Fontenoy, State, UnitId) {
    let (mut r, s, u) = mover(|_| {});
    Shared::make_mut(&mut r.scenario_rules)
        .redoubts
        .push(Redoubt {
            hex: redoubt_hex(),
            large,
        });
    (r, s, u)
}

fn step(r: &Fontenoy, s: &mut State, u: UnitId, to: Hex) {
    apply(
        r,
        s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    );
}

fn dca_due(s: &State, u: UnitId) -> bool {
    matches!(s.steps.last(), Some(Step::Check(c))
        if c.unit == u && c.kind == CheckKind::Disorder(DisorderCheck::A))
}

#[test]
fn f3_5a_b_a_unit_entering_a_redoubt_hex_stays_outside_unless_it_declares() {
    let (r, mut s, u) = with_redoubt(false);
    let x = redoubt_hex();
    step(&r, &mut s, u, x);
    // The hex forces nothing: the unit stands in the hex, outside, still in Line, with its
    // MP, and may move on or stop (the TET once forced General Order here).
    assert_eq!(s.unit(u).formation, Formation::Line);
    assert!(!r.inside_redoubt(&s, u));
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::EnterRedoubt { unit: u }));
    assert!(acts.contains(&Action::EndMove { unit: u }));
    assert!(
        acts.iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u))
    );
    // Stopping outside at once: no check (11.2d).
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(!dca_due(&s, u));
    assert!(!r.inside_redoubt(&s, u));
}

#[test]
fn f3_5a_b_passing_through_a_redoubt_hex_is_free_but_calls_for_a_dc_a() {
    let (r, mut s, u) = with_redoubt(true);
    let x = redoubt_hex();
    step(&r, &mut s, u, x);
    // Nothing extra to enter: clear ground's 1 MP.
    assert_eq!(r.mp_left(&s, u), crate::fontenoy::types::Pts::whole(3));
    step(&r, &mut s, u, ahead(x, 0));
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(dca_due(&s, u), "{:?}", s.steps.last());
}

#[test]
fn f3_5a_b_entering_the_redoubt_costs_nothing_takes_general_order_and_a_dc_a() {
    let (r, mut s, u) = with_redoubt(false);
    let x = redoubt_hex();
    // Only as soon as it enters: not from where it began.
    let refused = r.apply(
        &mut s.clone(),
        &Action::EnterRedoubt { unit: u },
        &mut Vec::new(),
    );
    assert_eq!(refused.map_err(|e| e.rule), Err("F-3.5a B".into()));
    step(&r, &mut s, u, x);
    let left = r.mp_left(&s, u);
    let ev = apply(&r, &mut s, Action::EnterRedoubt { unit: u });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::EnteredRedoubt { unit, hex } if *unit == u && *hex == x))
    );
    assert_eq!(s.unit(u).formation, Formation::GeneralOrder);
    assert!(r.inside_redoubt(&s, u));
    assert_eq!(left, crate::fontenoy::types::Pts::whole(3), "no cost");
    // Its move is over; the Disorder Check (A) follows.
    assert!(r.moving(&s, u).is_some_and(|m| m.done));
    assert!(dca_due(&s, u), "{:?}", s.steps.last());
}

#[test]
fn f3_5a_a_a_small_redoubt_holds_8_infantry_sp_and_no_cavalry_or_skirmishers() {
    let (mut r, mut s, u) = with_redoubt(false);
    let x = redoubt_hex();
    // 6 SP inside already (a second battalion in General Order there).
    let mut held = *s.unit(u);
    held.formation = Formation::GeneralOrder;
    held.place = Place::Map(Placed::at(x, Facing::new(1).expect("a facing")));
    held.act = crate::fontenoy::state::Act::Unactivated;
    let mut info = r.units[usize::from(u)].clone();
    info.id = "fr-second".into();
    info.name = "2 AAA".into();
    Shared::make_mut(&mut r.units).push(info);
    s.units.push(held);
    let o = Occupancy::build(&r, &s);
    let small = Redoubt {
        hex: x,
        large: false,
    };
    let large = Redoubt {
        hex: x,
        large: true,
    };
    // 6 + 6 = 12: too many for a small redoubt, enough for a large one.
    assert_eq!(
        r.redoubt_holds(&s, &o, small, &[u]).map_err(|e| e.rule),
        Err("F-3.5a A".into())
    );
    assert!(r.redoubt_holds(&s, &o, large, &[u]).is_ok());
    // Artillery: 2 SP at most.
    let mut s2 = s.clone();
    s2.unit_mut(u).sp = 3;
    Shared::make_mut(&mut r.units)[usize::from(u)].kind = Kind::Artillery;
    assert!(r.redoubt_holds(&s2, &o, large, &[u]).is_err());
    s2.unit_mut(u).sp = 2;
    assert!(r.redoubt_holds(&s2, &o, large, &[u]).is_ok());
    // Neither cavalry nor skirmishers.
    Shared::make_mut(&mut r.units)[usize::from(u)].kind = Kind::Cavalry;
    assert!(r.redoubt_holds(&s2, &o, large, &[u]).is_err());
    Shared::make_mut(&mut r.units)[usize::from(u)].kind = Kind::Infantry;
    Shared::make_mut(&mut r.units)[usize::from(u)].skirmish =
        crate::fontenoy::units::Skirmish::Always;
    assert!(r.redoubt_holds(&s2, &o, large, &[u]).is_err());
}

#[test]
fn f3_5a_a_a_full_redoubt_refuses_the_entry() {
    // A full small redoubt: the mover (6 SP) may pass or stop outside, not enter.
    let (mut r, mut s, u) = with_redoubt(false);
    Shared::make_mut(&mut r.units)[usize::from(u)].sp = 9;
    s.unit_mut(u).sp = 9;
    step(&r, &mut s, u, redoubt_hex());
    assert!(!legal(&r, &s).contains(&Action::EnterRedoubt { unit: u }));
    let refused = r.apply(
        &mut s.clone(),
        &Action::EnterRedoubt { unit: u },
        &mut Vec::new(),
    );
    assert_eq!(refused.map_err(|e| e.rule), Err("F-3.5a A".into()));
}

#[test]
fn f3_5a_a_c_infantry_inside_has_a_zoc_all_round_outside_its_line_s() {
    let (r, mut s, u) = with_redoubt(false);
    let x = redoubt_hex();
    s.unit_mut(u).place = Place::Map(Placed::at(x, Facing::new(1).expect("a facing")));
    let enemy = Side(1);
    // Outside, in Line: two Frontal hexes in its ZOC.
    let o = Occupancy::build(&r, &s);
    let zoc = |o: &Occupancy| {
        x.neighbors()
            .iter()
            .filter(|&&h| o.ezoc(&r, h, enemy))
            .count()
    };
    assert_eq!(zoc(&o), 2);
    // Inside: all six (F-3.5a C), and every neighbour Frontal.
    s.unit_mut(u).formation = Formation::GeneralOrder;
    let o = Occupancy::build(&r, &s);
    assert_eq!(zoc(&o), 6);
    let p = *s.unit(u).placed().expect("placed");
    for h in x.neighbors() {
        assert_eq!(
            r.arc_for(&s, u, Formation::GeneralOrder, &p, h),
            Some(Arc::Frontal)
        );
    }
}

/// The French infantry `u` at S1010 and 2 SP of guns `g` in General Order in a small redoubt
/// at S1012, activated in the Movement Segment.
fn gun_in_redoubt() -> (Fontenoy, State, UnitId, UnitId) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S1011", 10, 5);
    w.cinc(f, 2, 5);
    let al = w.commander("Cumberland", Side(1), "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", Side(1), "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
    w.division("Z", Side(1), Some(ac), &[au]);
    let dc = w.commander("Dx", Side(0), "S1010", 4, 4);
    let u = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let g = unit(&mut w, "4 LB", Side(0), Kind::Artillery, 2, hex("S1012"), 1);
    w.unit_state[usize::from(g)].formation = Formation::GeneralOrder;
    w.division("X", Side(0), Some(dc), &[u, g]);
    let (mut r, mut s) = w.build();
    Shared::make_mut(&mut r.scenario_rules)
        .redoubts
        .push(Redoubt {
            hex: hex("S1012"),
            large: false,
        });
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    apply(&r, &mut s, Action::EndSegment); // fire
    (r, s, u, g)
}

#[test]
fn f3_5a_c_guns_alone_inside_keep_their_flanks_and_turn_without_a_dc() {
    let (r, mut s, u, g) = gun_in_redoubt();
    assert!(r.inside_redoubt(&s, g));
    let p = *s.unit(g).placed().expect("placed");
    let behind = hex("S1012").neighbor(Direction::ALL[3]);
    // Alone: General Order's arcs, a Rear hex behind.
    assert_ne!(
        r.arc_for(&s, g, Formation::GeneralOrder, &p, behind),
        Some(Arc::Frontal)
    );
    // With infantry inside: all round.
    let mut with = s.clone();
    with.unit_mut(u).formation = Formation::GeneralOrder;
    with.unit_mut(u).place = Place::Map(p);
    assert_eq!(
        r.arc_for(&with, g, Formation::GeneralOrder, &p, behind),
        Some(Arc::Frontal)
    );
    // Turning in the redoubt: the whole MPo (9.3b), no Disorder Check.
    let turn = legal(&r, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Face { unit, .. } if *unit == g))
        .expect("the guns may turn");
    apply(&r, &mut s, turn);
    assert!(r.moving(&s, g).is_some_and(|m| m.done && m.dca == 0));
    assert!(!dca_due(&s, g), "{:?}", s.steps.last());
    assert!(r.inside_redoubt(&s, g));
}

#[test]
fn f3_5a_f_cavalry_may_attack_units_in_a_redoubt_hex_outside_it() {
    use super::close::charge_setup;
    let (r, mut s, f, a) = charge_setup(1, Terrain::Redoubt, |t| {
        t.terrain[Terrain::Redoubt as usize].cavalry_attack = false;
    });
    let from = s.unit(f).placed().expect("placed").hex();
    let to = at(&s, a);
    // Outside (in Line): they ignore the redoubt and cavalry may attack them.
    assert!(r.may_attack_into(&s, from, to, true));
    // Inside: never (F-2.8c).
    s.unit_mut(a).formation = Formation::GeneralOrder;
    assert!(!r.may_attack_into(&s, from, to, true));
    assert!(r.may_attack_into(&s, from, to, false));
}

#[test]
fn f2_8c_cavalry_charging_across_an_open_redoubt_hex_takes_a_dc_a() {
    let run = |redoubt: bool| {
        let mut ids = (0, 0);
        let (r, mut s) = cc(
            |w| {
                let f = unit(w, "CAR a", FR, Kind::Cavalry, 5, hex("S1010"), 1);
                let h1 = ahead(hex("S1010"), 0);
                let h2 = ahead(h1, 0);
                if redoubt {
                    w.board.set_terrain(h1, Terrain::Redoubt);
                }
                let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(h2, 0), 7);
                ids = (f, a);
                (alloc::vec![f], alloc::vec![a])
            },
            |_| {},
        );
        let (f, a) = ids;
        let target = at(&s, a);
        attack(&r, &mut s, f, target);
        let h1 = ahead(hex("S1010"), 0);
        for h in [h1, ahead(h1, 0)] {
            while matches!(
                s.steps.last(),
                Some(Step::Close(
                    crate::fontenoy::close::CloseStep::DefenderReaction
                ))
            ) {
                apply(&r, &mut s, Action::Pass);
            }
            apply(&r, &mut s, Action::ChargeStep { unit: f, to: h });
        }
        dca_due(&s, f)
    };
    assert!(run(true), "across the empty redoubt hex");
    assert!(!run(false), "across clear ground");
}

#[test]
fn f3_5b_a_e_the_zoc_extends_across_field_fortifications() {
    let (r, mut s, u) = with_redoubt(false);
    let x = hex("S1010");
    let behind = x.neighbor(Direction::ALL[3]);
    let enemy = Side(1);
    let o = Occupancy::build(&r, &s);
    assert!(!o.ezoc(&r, behind, enemy), "a Rear hex, no ZOC");
    // Works on the unit's rear side, their front toward the hex behind: the ZOC reaches it.
    let mut r2 = r.clone();
    let mut b = (*r2.board).clone();
    b.add_side(x, Direction::ALL[3], hs::FIELDWORKS_MINOR, true);
    r2.board = Shared::new(b);
    let o = Occupancy::index(&r2, &s);
    assert!(o.ezoc(&r2, behind, enemy));
    // Works on two sides (E): both hexes across them are in its ZOC and Frontal.
    let other = x.neighbor(Direction::ALL[4]);
    let mut b = (*r2.board).clone();
    b.add_side(x, Direction::ALL[4], hs::FIELDWORKS_MINOR, true);
    r2.board = Shared::new(b);
    let o = Occupancy::index(&r2, &s);
    assert!(o.ezoc(&r2, behind, enemy) && o.ezoc(&r2, other, enemy));
    let p = *s.unit(u).placed().expect("placed");
    assert_eq!(
        r2.arc_for(&s, u, Formation::Line, &p, other),
        Some(Arc::Frontal)
    );
    // Routed units have no ZOC, works or not.
    s.unit_mut(u).formation = Formation::Rout;
    let o = Occupancy::index(&r2, &s);
    assert!(!o.ezoc(&r2, behind, enemy));
}

/// A scenario with `options`, before its set-up.
fn fresh(id: &str, options: &[&str]) -> (Fontenoy, State) {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let mut rs = lib.scenario(id).expect("a scenario");
    let mut o = serde_json::Map::new();
    for x in options {
        o.insert((*x).into(), serde_json::Value::Bool(true));
    }
    rs.scenario
        .rules
        .insert("options".into(), serde_json::Value::Object(o));
    let r = Fontenoy::new(&rs).expect("loads");
    let s = r.initial_state();
    (r, s)
}

#[test]
fn f6_2_the_french_place_the_missing_redoubt_within_1_hex_of_s4208() {
    let (r, mut s) = fresh("fontenoy/battle", &["6.2"]);
    assert_eq!(s.steps.last(), Some(&Step::PlaceRedoubt));
    assert_eq!(
        r.actor(&s),
        crate::engine::Actor::Player(crate::fontenoy::FRENCH)
    );
    let acts = legal(&r, &s);
    let hexes: Vec<Hex> = acts
        .iter()
        .filter_map(|a| match a {
            Action::PlaceRedoubt { hex } => Some(*hex),
            _ => None,
        })
        .collect();
    assert_eq!(hexes.len(), acts.len());
    assert_eq!(hexes.first(), Some(&hex("S4208")), "S4208 first");
    assert!(hexes.iter().all(|&h| h.distance(hex("S4208")) <= 1));
    assert_eq!(hexes.len(), 7);
    // Not two hexes off.
    let far = hex("S4208")
        .neighbor(Direction::ALL[0])
        .neighbor(Direction::ALL[0]);
    let e = r
        .apply(
            &mut s.clone(),
            &Action::PlaceRedoubt { hex: far },
            &mut Vec::new(),
        )
        .expect_err("too far");
    assert_eq!(e.rule, "F-6.2");
    let there = hex("S4207");
    let ev = apply(&r, &mut s, Action::PlaceRedoubt { hex: there });
    assert!(ev.contains(&Event::RedoubtPlaced { hex: there }));
    assert_eq!(r.redoubt_in(&s, there).map(|x| x.large), Some(true));
    assert!(r.redoubt_in(&s, hex("S4208")).is_none());
    assert!(!matches!(s.steps.last(), Some(Step::PlaceRedoubt)));
}

#[test]
fn f3_6_f10_4b_the_french_place_six_barricades_in_barry_road_hexes() {
    let (r, mut s) = fresh("fontenoy/battle", &[]);
    assert!(s.barricades.is_empty());
    assert_eq!(s.steps.last(), Some(&Step::PlaceBarricades { left: 6 }));
    let barry = r.board.place("bois-de-barry-north").expect("the area");
    let acts = legal(&r, &s);
    for a in &acts {
        let Action::PlaceBarricade { hex: h } = a else {
            panic!("{a:?}");
        };
        assert!(barry.hexes.contains(h));
        assert!(
            Direction::ALL
                .iter()
                .any(|&d| r.board.side(*h, d) & hs::ANY_ROAD != 0),
            "a road hex"
        );
    }
    // Off the road or outside the wood: refused, nothing changes.
    let off = barry
        .hexes
        .iter()
        .copied()
        .find(|&h| {
            Direction::ALL
                .iter()
                .all(|&d| r.board.side(h, d) & hs::ANY_ROAD == 0)
        })
        .expect("a hex off the road");
    let before = s.clone();
    let e = r
        .apply(
            &mut s,
            &Action::PlaceBarricade { hex: off },
            &mut Vec::new(),
        )
        .expect_err("off the road");
    assert_eq!(e.rule, "F-3.6");
    assert_eq!(s, before);
    // Six, anywhere on the road, none twice: the last one leaves the deployments.
    let picks: Vec<Hex> = acts
        .iter()
        .rev()
        .take(6)
        .map(|a| match a {
            Action::PlaceBarricade { hex } => *hex,
            _ => unreachable!(),
        })
        .collect();
    for (k, &h) in picks.iter().enumerate() {
        assert_eq!(
            s.steps.last(),
            Some(&Step::PlaceBarricades { left: 6 - k as u8 })
        );
        apply(&r, &mut s, Action::PlaceBarricade { hex: h });
        assert!(!legal(&r, &s).contains(&Action::PlaceBarricade { hex: h }));
    }
    let mut want = picks;
    want.sort();
    assert_eq!(s.barricades, want);
    assert!(matches!(s.steps.last(), Some(Step::Deploy { .. })));
}

#[test]
fn f3_5a_b_the_garrison_sets_up_inside_or_outside_its_redoubt() {
    let (r, mut s) = fresh("fontenoy/ingoldsby", &[]);
    // The first deployment offered in the redoubt hex S4405 (F-10.1b: 1 D'EU and its guns).
    let redoubt = hex("S4405");
    let mut seen = 0;
    while super::setting_up(&s) {
        let acts = legal(&r, &s);
        let inside: Vec<&Action> = acts
            .iter()
            .filter(|a| {
                matches!(a, Action::Deploy { unit, hex, .. }
                    if *hex == redoubt && r.units[usize::from(*unit)].is_combat())
            })
            .collect();
        if !inside.is_empty() {
            let go = |a: &&Action| {
                matches!(
                    a,
                    Action::Deploy {
                        formation: Formation::GeneralOrder,
                        ..
                    }
                )
            };
            assert!(inside.iter().any(go), "inside: {inside:?}");
            if seen == 0 {
                assert!(inside.iter().any(|a| !go(a)), "or outside");
            }
            seen += 1;
            // Inside, as the scenario's garrison.
            let a = (*inside.iter().copied().find(go).expect("inside")).clone();
            apply(&r, &mut s, a);
            continue;
        }
        let a = acts.into_iter().next().expect("a set-up choice");
        apply(&r, &mut s, a);
    }
    assert!(seen >= 1);
    let garrison: Vec<UnitId> = (0..s.units.len() as UnitId)
        .filter(|&u| s.unit(u).placed().is_some_and(|p| p.hex() == redoubt))
        .filter(|&u| r.units[usize::from(u)].is_combat())
        .collect();
    assert!(!garrison.is_empty());
    assert!(garrison.iter().all(|&u| r.inside_redoubt(&s, u)));
}

#[test]
fn f3_5b_a_crossing_field_fortifications_and_moving_on_calls_for_a_dc_a() {
    let x = ahead(hex("S1010"), 0);
    let works = |w: &mut World| {
        w.board
            .add_side(hex("S1010"), Direction::ALL[0], hs::FIELDWORKS_MINOR, true);
    };
    // Across and on: the check once the move is over.
    let (r, mut s, u) = mover(works);
    step(&r, &mut s, u, x);
    step(&r, &mut s, u, ahead(x, 0));
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(dca_due(&s, u), "{:?}", s.steps.last());
    // Across and stopping at once: none (11.2d).
    let (r, mut s, u) = mover(works);
    step(&r, &mut s, u, x);
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(!dca_due(&s, u));
}
