//! Groups: 10.6 the order of counters in a group, 10.7 Passage of Lines (18.5e, 19.4d,
//! 18.2g), 10.4h and 10.11b the checking unit of mixed groups and Road Columns, 10.10 states
//! shared at the end of a move, 10.11a single-hex Road Column groups, 8.5 splitting and
//! rejoining.

use super::movement::mover;
use super::*;
use crate::fontenoy::geometry::Hexes;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{CheckKind, CheckReq, Step};
use crate::fontenoy::types::{DisorderCheck, Morale};
use crate::fontenoy::units::Parent;
use crate::hex::Direction;

fn ahead(from: Hex, d: u8) -> Hex {
    from.neighbor(Direction::ALL[usize::from(d)])
}

fn lab(h: Hex) -> String {
    crate::fontenoy::fhex::label(h)
}

/// Puts `u` into the mover's Division (X, Division 1).
fn join(w: &mut World, u: UnitId) {
    w.org.divisions[1].units.push(u);
    w.org.division_of[usize::from(u)] = Some(1);
}

fn step(r: &Fontenoy, s: &mut State, unit: UnitId, to: Hex) -> Vec<Event> {
    apply(
        r,
        s,
        Action::Step {
            unit,
            to,
            alone: false,
        },
    )
}

fn dca(unit: UnitId, er_mod: i16) -> Step {
    Step::Check(CheckReq {
        unit,
        kind: CheckKind::Disorder(DisorderCheck::A),
        er_mod,
    })
}

fn passages(ev: &[Event]) -> Vec<(UnitId, Vec<UnitId>, String, i16)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::PassageOfLines {
                unit,
                through,
                why,
                er_mod,
                ..
            } => Some((*unit, through.clone(), why.clone(), *er_mod)),
            _ => None,
        })
        .collect()
}

/// The mover (4-MP Line at S1010 facing 1) and a friendly infantry battalion in the hex ahead
/// of it (direction 0), set as `stationary` wants; the mover steps into that hex and out of it
/// to the left (direction 1) and ends its move. Returns the rules, the position, the mover,
/// the stationary unit and the events of the three actions.
fn pass_through(
    mover_state: impl FnOnce(&mut State, UnitId),
    stationary: impl FnOnce(&mut State, UnitId),
) -> (Fontenoy, State, UnitId, UnitId, Vec<Event>) {
    let a = ahead(hex("S1010"), 0);
    let mut x = 0;
    let (r, mut s, u) = mover(|w| {
        x = w.infantry("2 BBB", Side(0), "BBB", &lab(a), 1);
    });
    mover_state(&mut s, u);
    stationary(&mut s, x);
    let mut ev = step(&r, &mut s, u, a);
    ev.extend(step(&r, &mut s, u, ahead(a, 1)));
    ev.extend(apply(&r, &mut s, Action::EndMove { unit: u }));
    (r, s, u, x, ev)
}

#[test]
fn r10_7a_passing_through_a_unit_of_another_formation_and_facing_costs_both_a_dca() {
    let (_, s, u, x, ev) = pass_through(
        |_, _| {},
        |s, x| {
            s.unit_mut(x).formation = Formation::MarchColumn;
            if let Place::Map(p) = &mut s.unit_mut(x).place {
                p.facing = Facing::new(0).unwrap();
            }
        },
    );
    assert_eq!(
        passages(&ev),
        alloc::vec![(
            u,
            alloc::vec![x],
            String::from("passage_of_lines_different_facing"),
            10
        )]
    );
    // 18.2g: the stationary unit checks after the mover (the last step is taken first).
    assert_eq!(s.steps, alloc::vec![dca(x, 10), dca(u, 10)]);
}

#[test]
fn r10_7b_a_line_through_a_line_that_does_not_turn_is_no_passage() {
    let (_, s, _, _, ev) = pass_through(
        |_, _| {},
        |s, x| {
            if let Place::Map(p) = &mut s.unit_mut(x).place {
                p.facing = Facing::new(3).unwrap();
            }
        },
    );
    assert!(passages(&ev).is_empty());
    assert!(s.steps.is_empty());
}

#[test]
fn r18_5e_a_disordered_unit_through_a_formed_one_is_a_passage_of_lines() {
    // The Line-through-Line exception does not cover a difference of organisation.
    let (_, s, u, x, ev) = pass_through(|s, u| s.unit_mut(u).disordered = true, |_, _| {});
    assert_eq!(
        passages(&ev),
        alloc::vec![(
            u,
            alloc::vec![x],
            String::from("passage_of_lines_different_organisation"),
            10
        )]
    );
    assert_eq!(s.steps, alloc::vec![dca(x, 10), dca(u, 10)]);
}

#[test]
fn r19_4d_a_shaken_unit_through_a_good_order_one_is_a_passage_of_lines() {
    let (_, s, u, x, ev) = pass_through(|s, u| s.unit_mut(u).morale = Morale::Shaken, |_, _| {});
    assert_eq!(
        passages(&ev),
        alloc::vec![(
            u,
            alloc::vec![x],
            String::from("passage_of_lines_different_morale"),
            10
        )]
    );
    assert_eq!(s.steps, alloc::vec![dca(x, 10), dca(u, 10)]);
}

#[test]
fn r10_7b_leaving_the_group_it_began_in_is_a_split_not_a_passage() {
    // Infantry leaves the guns it stood with: another type, but a split (10.8).
    let (r, mut s, u) = mover(|w| {
        let mut info = World::info("G1", Side(0), Kind::Artillery);
        info.sp = 2;
        let g = w.push(
            info,
            Some(Placed::at(hex("S1010"), Facing::new(1).unwrap())),
        );
        join(w, g);
    });
    let mut ev = step(&r, &mut s, u, ahead(hex("S1010"), 0));
    ev.extend(apply(&r, &mut s, Action::EndMove { unit: u }));
    assert!(passages(&ev).is_empty());
    assert!(s.steps.is_empty());
}

/// The mover with a second battalion `b` of its Division in its group.
fn pair() -> (Fontenoy, State, UnitId, UnitId) {
    let mut b = 0;
    let (r, s, u) = mover(|w| {
        b = w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
        join(w, b);
    });
    (r, s, u, b)
}

#[test]
fn r10_6f_r10_6h_reordering_is_free_before_and_after_a_move_never_during_it() {
    let (r, mut s, u, b) = pair();
    assert_eq!(r.stack_of(&s, u), alloc::vec![u, b]);
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::Reorder { unit: b, top: true }));
    assert!(!acts.contains(&Action::Reorder { unit: u, top: true }));
    let ev = apply(&r, &mut s, Action::Reorder { unit: b, top: true });
    assert!(ev.contains(&Event::Reordered {
        unit: b,
        top: true,
        rule: "10.6f".into()
    }));
    assert_eq!(r.stack_of(&s, u), alloc::vec![b, u]);
    // 10.6h: no MP spent, nothing set off.
    assert_eq!(r.mp_left(&s, b), r.mpo(&s, b));
    assert!(s.steps.is_empty());
    // During the group's move: refused.
    step(&r, &mut s, u, ahead(hex("S1010"), 0));
    let mut ev = Vec::new();
    let e = r
        .apply(
            &mut s.clone(),
            &Action::Reorder { unit: u, top: true },
            &mut ev,
        )
        .unwrap_err();
    assert_eq!(e.rule, "10.6f");
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(legal(&r, &s).contains(&Action::Reorder { unit: u, top: true }));
}

#[test]
fn r10_6b_r10_6c_the_top_unit_fires_first_and_loses_first() {
    let (r, mut s, u, b) = pair();
    let h = hex("S1010");
    let o = Occupancy::build(&r, &s);
    assert_eq!(r.loss_order(&s, &[u, b], None), alloc::vec![u, b]);
    assert_eq!(r.stack_at(&s, &o, h), alloc::vec![u, b]);
    apply(&r, &mut s, Action::Reorder { unit: b, top: true });
    let o = Occupancy::build(&r, &s);
    assert_eq!(r.loss_order(&s, &[u, b], None), alloc::vec![b, u]);
    assert_eq!(r.stack_at(&s, &o, h), alloc::vec![b, u]);
}

/// The mover, a second battalion and a gun (2 SP, unlimbered) in its hex.
fn with_gun() -> (Fontenoy, State, UnitId, UnitId, UnitId) {
    let (mut b, mut g) = (0, 0);
    let (r, s, u) = mover(|w| {
        b = w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
        join(w, b);
        let mut info = World::info("G1", Side(0), Kind::Artillery);
        info.sp = 2;
        g = w.push(
            info,
            Some(Placed::at(hex("S1010"), Facing::new(1).unwrap())),
        );
        join(w, g);
    });
    (r, s, u, b, g)
}

#[test]
fn r10_6e_guns_with_a_line_go_on_top_or_at_the_bottom_never_between() {
    let (r, mut s, u, b, g) = with_gun();
    assert_eq!(r.stack_of(&s, u), alloc::vec![u, b, g]);
    apply(&r, &mut s, Action::Reorder { unit: g, top: true });
    assert_eq!(r.stack_of(&s, u), alloc::vec![g, u, b]);
    let mut ev = Vec::new();
    let e = r
        .apply(
            &mut s.clone(),
            &Action::Reorder { unit: b, top: true },
            &mut ev,
        )
        .unwrap_err();
    assert_eq!(e.rule, "10.6e");
    assert!(!legal(&r, &s).contains(&Action::Reorder { unit: b, top: true }));
    apply(
        &r,
        &mut s,
        Action::Reorder {
            unit: g,
            top: false,
        },
    );
    assert_eq!(r.stack_of(&s, u), alloc::vec![u, b, g]);
}

#[test]
fn r10_6d_guns_with_a_square_stay_on_top() {
    let (r, mut s, u, b, g) = with_gun();
    s.unit_mut(b).place = Place::Waiting;
    s.unit_mut(u).formation = Formation::Square;
    apply(&r, &mut s, Action::Reorder { unit: g, top: true });
    let mut ev = Vec::new();
    let e = r
        .apply(
            &mut s.clone(),
            &Action::Reorder { unit: u, top: true },
            &mut ev,
        )
        .unwrap_err();
    assert_eq!(e.rule, "10.6d");
}

#[test]
fn r10_4h_a_mixed_group_checks_on_its_top_infantry() {
    let (r, mut s, u, b, g) = with_gun();
    apply(&r, &mut s, Action::Reorder { unit: g, top: true });
    let stack = r.stack_of(&s, u);
    assert_eq!(stack, alloc::vec![g, u, b]);
    assert_eq!(r.checking_unit(&stack), Some(u));
}

#[test]
fn r10_11b_a_road_column_group_checks_and_loses_from_its_top_unit() {
    let (r, mut s, u, b) = pair();
    let h = hex("S1010");
    let column = Placed {
        hexes: Hexes::from_slice(&[h, ahead(h, 3)]).unwrap(),
        facing: Facing::new(0).unwrap(),
        hook: None,
    };
    for x in [u, b] {
        s.unit_mut(x).formation = Formation::RoadColumn;
        s.unit_mut(x).place = Place::Map(column);
    }
    apply(&r, &mut s, Action::Reorder { unit: b, top: true });
    let stack = r.stack_of(&s, u);
    assert_eq!(stack, alloc::vec![b, u]);
    assert_eq!(r.checking_unit(&stack), Some(b));
    assert_eq!(r.loss_order(&s, &[u, b], None), alloc::vec![b, u]);
}

#[test]
fn r10_11a_e23_a_one_hex_road_column_group_holds_4_sp_at_most() {
    let (r, mut s, u) = mover(|w| {
        for k in 0..3 {
            let x = w.infantry(&alloc::format!("{} CCC", k + 2), Side(0), "CCC", "S1010", 1);
            join(w, x);
        }
    });
    let all: Vec<UnitId> = (u..u + 4).collect();
    let p = Placed::at(hex("S1515"), Facing::new(0).unwrap());
    let fits = |s: &mut State, sps: &[u8]| -> bool {
        for (i, &x) in all.iter().enumerate() {
            let unit = s.unit_mut(x);
            match sps.get(i) {
                Some(&sp) => {
                    unit.sp = sp;
                    unit.formation = Formation::RoadColumn;
                    unit.place = Place::Map(p);
                }
                None => unit.place = Place::Waiting,
            }
        }
        let o = Occupancy::build(&r, s);
        r.fits_at(s, &o, &all[..sps.len()], &p, Formation::RoadColumn)
    };
    assert!(fits(&mut s, &[1, 1, 1, 1]));
    assert!(fits(&mut s, &[2, 2]));
    assert!(fits(&mut s, &[1, 3]));
    assert!(!fits(&mut s, &[2, 3]));
}

#[test]
fn r10_10_a_group_ending_its_move_together_takes_its_worst_state() {
    // The mover is Shaken; the unit it joins is not activated: both end Shaken.
    let a = ahead(hex("S1010"), 0);
    let mut x = 0;
    let (r, mut s, u) = mover(|w| {
        x = w.infantry("2 BBB", Side(0), "BBB", &lab(a), 1);
    });
    s.unit_mut(u).morale = Morale::Shaken;
    step(&r, &mut s, u, a);
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert_eq!(s.unit(x).morale, Morale::Shaken);
    assert_eq!(s.unit(x).act, crate::fontenoy::state::Act::Unactivated);
}

/// The mover (6 SP, ER 30) as a parent unit with two subunits off the map.
pub(super) fn parent() -> (Fontenoy, State, UnitId, [UnitId; 2]) {
    let mut subs = [0; 2];
    let (r, s, u) = mover(|w| {
        for (k, name) in ["1 AAA a", "1 AAA b"].into_iter().enumerate() {
            let x = w.infantry(name, Side(0), "AAA", "S1010", 1);
            w.unit_state[usize::from(x)].place = Place::Waiting;
            join(w, x);
            subs[k] = x;
        }
        let p = w.units.iter().position(|i| i.id == "1-aaa").unwrap() as UnitId;
        w.org.parents.push(Parent {
            parent: p,
            subunits: subs.to_vec(),
        });
    });
    (r, s, u, subs)
}

#[test]
fn r8_5a_a_parent_unit_splits_into_its_subunits_sharing_its_sp() {
    let (r, mut s, u, [a, b]) = parent();
    s.unit_mut(u).sp = 5;
    assert!(legal(&r, &s).contains(&Action::Split { unit: u }));
    let ev = apply(&r, &mut s, Action::Split { unit: u });
    assert!(ev.contains(&Event::Split {
        parent: u,
        subunits: alloc::vec![(a, 3), (b, 2)]
    }));
    assert_eq!(s.unit(u).place, Place::Waiting);
    let here = Placed::at(hex("S1010"), Facing::new(1).unwrap());
    for x in [a, b] {
        assert_eq!(s.unit(x).placed(), Some(&here));
        assert_eq!(s.unit(x).formation, Formation::Line);
        // Free: their whole MPo is left.
        assert_eq!(r.mp_left(&s, x), r.mpo(&s, x));
    }
}

#[test]
fn r8_5a_no_split_at_half_strength_or_after_moving() {
    let (r, mut s, u, _) = parent();
    s.unit_mut(u).sp = 3;
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s.clone(), &Action::Split { unit: u }, &mut ev)
        .unwrap_err();
    assert_eq!(e.rule, "8.5a");
    s.unit_mut(u).sp = 6;
    step(&r, &mut s, u, ahead(hex("S1010"), 0));
    assert!(!legal(&r, &s).contains(&Action::Split { unit: u }));
}

#[test]
fn r8_5b_subunits_rejoin_on_one_roll_at_or_above_their_worst_er() {
    let (r, mut s, u, [a, b]) = parent();
    apply(&r, &mut s, Action::Split { unit: u });
    let rejoin = Action::Rejoin {
        parent: u,
        at: hex("S1010"),
        formation: Formation::Line,
        facing: 1,
    };
    assert!(legal(&r, &s).contains(&rejoin));
    apply(&r, &mut s, rejoin.clone());
    assert!(matches!(s.steps.last(), Some(Step::Rejoin { parent, .. }) if *parent == u));
    let mut failed = s.clone();
    let ev = apply(&r, &mut failed, d100(29));
    assert!(ev.contains(&Event::Rejoin {
        parent: u,
        roll: 29,
        er: 30,
        passed: false
    }));
    assert!(failed.unit(a).on_map());
    // No second try this segment.
    assert!(!legal(&r, &failed).contains(&rejoin));
    apply(&r, &mut s, d100(30));
    assert_eq!(s.unit(a).place, Place::Waiting);
    assert_eq!(s.unit(b).place, Place::Waiting);
    assert_eq!(s.unit(u).sp, 6);
    assert_eq!(
        s.unit(u).placed(),
        Some(&Placed::at(hex("S1010"), Facing::new(1).unwrap()))
    );
    assert_eq!(r.mp_left(&s, u), r.mpo(&s, u));
}

#[test]
fn r8_5c_e17_skirmishers_rejoin_around_a_common_hex_on_33_or_more() {
    let c = ahead(ahead(hex("S1010"), 0), 0);
    let mut subs = [0; 3];
    let mut p = 0;
    let (r, s, _) = mover(|w| {
        p = w.infantry("9 LGT", Side(0), "LGT", "S1010", 1);
        w.units[usize::from(p)].sp = 6;
        w.unit_state[usize::from(p)].place = Place::Waiting;
        join(w, p);
        for (k, d) in [0u8, 2, 4].into_iter().enumerate() {
            let x = w.infantry(
                &alloc::format!("9 LGT {k}"),
                Side(0),
                "LGT",
                &lab(ahead(c, d)),
                1,
            );
            w.units[usize::from(x)].er = 31 + k as u8;
            w.unit_state[usize::from(x)].sp = 2;
            w.unit_state[usize::from(x)].formation = Formation::Skirmish;
            join(w, x);
            subs[k] = x;
        }
        w.org.parents.push(Parent {
            parent: p,
            subunits: subs.to_vec(),
        });
    });
    let rejoin = Action::Rejoin {
        parent: p,
        at: c,
        formation: Formation::MarchColumn,
        facing: 4,
    };
    assert!(legal(&r, &s).contains(&rejoin));
    let mut low = s.clone();
    apply(&r, &mut low, rejoin.clone());
    let ev = apply(&r, &mut low, d100(32));
    assert!(ev.contains(&Event::Rejoin {
        parent: p,
        roll: 32,
        er: 33,
        passed: false
    }));
    let mut s = s;
    apply(&r, &mut s, rejoin);
    apply(&r, &mut s, d100(33));
    assert_eq!(
        s.unit(p).placed(),
        Some(&Placed::at(c, Facing::new(4).unwrap()))
    );
    assert_eq!(s.unit(p).formation, Formation::MarchColumn);
    assert_eq!(s.unit(p).sp, 6);
    for x in subs {
        assert_eq!(s.unit(x).place, Place::Waiting);
    }
}

#[test]
fn r18_2e_r19_2b_in_a_mixed_hex_only_the_moving_unit_checks() {
    let a = ahead(hex("S1010"), 0);
    let mut x = 0;
    let (r, mut s, u) = mover(|w| {
        x = w.infantry("2 BBB", Side(0), "BBB", &lab(a), 1);
    });
    step(&r, &mut s, u, a);
    let req = |kind| CheckReq {
        unit: x,
        kind,
        er_mod: 0,
    };
    use crate::fontenoy::types::MoraleCheck;
    for kind in [
        CheckKind::Disorder(DisorderCheck::C),
        CheckKind::Disorder(DisorderCheck::B),
        CheckKind::Morale(MoraleCheck::A),
    ] {
        assert_eq!(r.check_group(&s, req(kind)), (alloc::vec![u], Some(u)));
    }
    // Other checks are the whole group's.
    let (g, _) = r.check_group(&s, req(CheckKind::Morale(MoraleCheck::F)));
    assert_eq!(g.len(), 2);
}

#[test]
fn r10_8d_e22_a_4_sp_unit_left_alone_forms_a_1_hex_line() {
    let (r, mut s, u, b) = pair();
    // E22's premise, from the Line SP chart: 4 SP hold one hex of Line, 8 SP two.
    assert_eq!(
        r.max_hexes(Kind::Infantry, Side(0), Formation::Line, 4),
        Some(1)
    );
    assert!(r.max_hexes(Kind::Infantry, Side(0), Formation::Line, 8) >= Some(2));
    let f = Facing::new(1).unwrap();
    let two = Placed {
        hexes: crate::fontenoy::geometry::line_hexes(hex("S1010"), f, 2).unwrap(),
        facing: f,
        hook: None,
    };
    for x in [u, b] {
        s.unit_mut(x).sp = 4;
        s.unit_mut(x).place = Place::Map(two);
    }
    // The top battalion steps off alone (10.8a).
    let go = legal(&r, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Step { unit, alone: true, .. } if *unit == u))
        .expect("a step alone");
    let ev = apply(&r, &mut s, go);
    // 10.8d: both are 1-hex Lines at once, for no MP.
    assert_eq!(s.unit(b).placed().unwrap().hexes.len(), 1, "{ev:?}");
    assert_eq!(s.unit(b).placed().unwrap().hex(), two.hex());
    assert_eq!(s.unit(u).placed().unwrap().hexes.len(), 1, "{ev:?}");
    assert!(ev.contains(&Event::Shrunk { unit: b, hexes: 1 }));
    assert!(ev.contains(&Event::Shrunk { unit: u, hexes: 1 }));
    let cost = ev
        .iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .unwrap();
    assert_eq!(r.mp_left(&s, u), r.mpo(&s, u).minus(cost).unwrap());
    assert_eq!(r.mp_left(&s, b), r.mpo(&s, b));
}
