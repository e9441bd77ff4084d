//! Rule cases of 18.0–20.0 pinned one by one: Voluntary Rout witnesses (19.10d, 19.10e),
//! split groups (18.7b, 19.4b), groups formed by advance or retreat (18.7c, 19.4c), the
//! mixed hex of a routing mover (19.2b).

use super::checks::{check, put, settle, to_movement_with, toward};
use super::*;
use crate::fontenoy::board::Place as MapPlace;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::state::Step;
use crate::fontenoy::types::{Morale, MoraleCheck as MC};

/// The movement position of checks.rs with the French rear twenty hexes south of S1010 and
/// rivers on both sides of the two hexes south of it: a rout from S1010 goes straight south.
fn voluntary_world(extra: impl FnOnce(&mut World)) -> (Fontenoy, State, [UnitId; 3]) {
    to_movement_with(|w| {
        w.board.places.push(MapPlace {
            id: "french-retreat-exits".into(),
            name: "rear".into(),
            kind: "exit".into(),
            hexes: alloc::vec![toward("S1010", 5, 20)],
        });
        for n in [1u8, 2] {
            let h = toward("S1010", 5, n);
            for d in [0usize, 4] {
                w.board
                    .set_terrain(h.neighbor(crate::hex::Direction::ALL[d]), Terrain::River);
            }
        }
        extra(w);
    })
}

#[test]
fn r19_10d_r19_10e_units_passed_by_voluntary_routers_same_division_mc_j_plus_10_others_mc_f() {
    // B (same Division, in the Command Distance) two hexes south, D (another Division)
    // three hexes south: A routs through both.
    let (r, mut s, [a, b, _c]) = voluntary_world(|w| {
        let d = w.infantry("1 DDD", Side(0), "DDD", "S2020", 1);
        w.division("W", Side(0), None, &[d]);
    });
    let d: UnitId = 5;
    assert_eq!(r.units[usize::from(d)].name, "1 DDD");
    put(&mut s, b, toward("S1010", 5, 2), 1);
    put(&mut s, d, toward("S1010", 5, 3), 1);
    let mut ev = apply(&r, &mut s, Action::VoluntaryRout { unit: a });
    ev.extend(settle(&r, &mut s));
    assert_eq!(
        s.unit(a).placed().unwrap().hex(),
        toward("S1010", 5, 4),
        "four hexes, past both"
    );
    // 19.10e: D, not of A's Division, takes MC(F) once the retreat is over; B does not.
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: d,
            kind: CheckKind::Morale(MC::F),
            er_mod: 0
        }))
    );
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, Step::Check(q) if q.unit == b)),
        "19.10d: no MC(F) for B"
    );
    apply(&r, &mut s, d100(99));
    assert_eq!(s.unit(d).morale, Morale::Good);
    // 19.10d: when the declarations end, B takes MC(J) at +10.
    apply(&r, &mut s, Action::EndVoluntaryRouts);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: b,
            kind: CheckKind::Morale(MC::J),
            er_mod: 10
        }))
    );
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, Step::Check(q) if q.unit == d)),
        "D is not of the Division: no MC(J)"
    );
}

#[test]
fn r18_7c_r19_4c_a_disordered_unit_moving_onto_a_formed_one_disorders_and_shakes_the_group() {
    let (r, mut s, [a, b, _]) = voluntary_world(|_| {});
    // B, Disordered and Shaken, one hex behind A, moves onto it.
    put(&mut s, b, toward("S1010", 3, 1), 1);
    s.unit_mut(b).disordered = true;
    s.unit_mut(b).morale = Morale::Shaken;
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: b,
            to: hex("S1010"),
            alone: false,
        },
    );
    assert!(!s.unit(a).disordered, "not before the move is over");
    let ev = apply(&r, &mut s, Action::EndMove { unit: b });
    assert!(s.unit(a).disordered);
    assert_eq!(s.unit(a).morale, Morale::Shaken);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Condition { unit, .. } if *unit == a
    )));
}

#[test]
fn r18_7b_r19_4b_the_parts_of_a_disordered_shaken_group_stay_disordered_and_shaken() {
    let (r, mut s, [a, b, _]) = voluntary_world(|_| {});
    put(&mut s, b, hex("S1010"), 1);
    for u in [a, b] {
        s.unit_mut(u).disordered = true;
        s.unit_mut(u).morale = Morale::Shaken;
    }
    let to = toward("S1010", 0, 1);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: a,
            to,
            alone: true,
        },
    );
    apply(&r, &mut s, Action::EndMove { unit: a });
    assert_eq!(s.unit(a).placed().unwrap().hex(), to);
    assert_eq!(s.unit(b).placed().unwrap().hex(), hex("S1010"));
    for u in [a, b] {
        assert!(s.unit(u).disordered, "unit {u}");
        assert_eq!(s.unit(u).morale, Morale::Shaken, "unit {u}");
    }
}

#[test]
fn r19_2b_a_mover_routing_in_a_mixed_hex_leaves_the_stationary_units_an_mc_f() {
    let (r, mut s, [a, b, _]) = voluntary_world(|_| {});
    let mixed = toward("S1010", 0, 1);
    put(&mut s, b, mixed, 1);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: a,
            to: mixed,
            alone: false,
        },
    );
    s.unit_mut(a).morale = Morale::Shaken;
    // A Fire Reaction's MC(A): only A checks (19.2b); it fails and Routs.
    let ev = check(&r, &mut s, a, CheckKind::Morale(MC::A), 0, 15);
    assert_eq!(s.unit(a).morale, Morale::Routed);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RetreatEnds { unit, .. } if *unit == a))
    );
    assert_eq!(s.unit(b).morale, Morale::Good, "B did not check the MC(A)");
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: b,
            kind: CheckKind::Morale(MC::F),
            er_mod: 0
        }))
    );
    apply(&r, &mut s, d100(15));
    assert_eq!(
        (s.unit(b).morale, s.unit(b).disordered),
        (Morale::Shaken, true),
        "a failed MC(F) (19.1c)"
    );
}

#[test]
fn r19_2b_a_mover_alone_routing_leaves_no_mc_f() {
    let (r, mut s, [a, _, _]) = voluntary_world(|_| {});
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: a,
            to: toward("S1010", 0, 1),
            alone: false,
        },
    );
    s.unit_mut(a).morale = Morale::Shaken;
    check(&r, &mut s, a, CheckKind::Morale(MC::A), 0, 15);
    assert_eq!(s.unit(a).morale, Morale::Routed);
    assert!(!s.steps.iter().any(|st| matches!(st, Step::Check(_))));
}

#[test]
fn f2_4a_no_attack_column_at_fontenoy() {
    use crate::fontenoy::types::Formation;
    let (r, s, [a, _, _]) = voluntary_world(|_| {});
    assert!(!legal(&r, &s).iter().any(|x| matches!(
        x,
        Action::Reform {
            formation: Formation::AttackColumn,
            ..
        }
    )));
    let mut t = s.clone();
    let mut ev = Vec::new();
    let e = r
        .apply(
            &mut t,
            &Action::Reform {
                unit: a,
                formation: Formation::AttackColumn,
                to: *s.unit(a).placed().unwrap(),
            },
            &mut ev,
        )
        .expect_err("refused");
    assert_eq!(e.rule, "F-2.4a");
    // Nor does any scenario set a unit up in it.
    let (_, s) = scenario("fontenoy/ingoldsby");
    assert!(
        s.units
            .iter()
            .all(|u| u.formation != Formation::AttackColumn)
    );
}
