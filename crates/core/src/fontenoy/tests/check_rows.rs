//! Rule cases of 18.0–20.0 pinned one by one: Voluntary Rout witnesses (19.10d, 19.10e),
//! split groups (18.7b, 19.4b), groups formed by advance or retreat (18.7c, 19.4c), the
//! mixed hex of a routing mover (19.2b).

use super::checks::{put, settle, to_movement_with, toward};
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
