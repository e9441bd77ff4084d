//! Rule cases of 21.0 commanders, 22.0 reinforcements and 24.0 pinned one by one: a
//! commander's movement (21.1a), the side without a Commander-in-Chief (21.6).

use super::checks::{put, to_movement_with, toward};
use super::*;

/// The commander's steps on offer now.
fn commander_steps(r: &Fontenoy, s: &State, c: UnitId) -> Vec<Hex> {
    let mut v: Vec<Hex> = legal(r, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step { unit, to, .. } if unit == c => Some(to),
            _ => None,
        })
        .collect();
    v.sort_by_key(|h| (h.q, h.r));
    v.dedup();
    v
}

#[test]
fn r21_1a_a_commander_steps_into_any_adjacent_hex_and_need_not_end_with_units() {
    let (r, mut s, [a, _, _]) = to_movement_with(|w| w.units[0].mp = 6);
    let dc: UnitId = 0;
    let mut all: Vec<Hex> = hex("S1010").neighbors().to_vec();
    all.sort_by_key(|h| (h.q, h.r));
    assert_eq!(commander_steps(&r, &s, dc), all, "no facing: all six");
    // Backward, away from his units, and again in another direction: he has no front.
    let back = toward("S1010", 3, 1);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: dc,
            to: back,
            alone: true,
        },
    );
    let next = toward("S1010", 3, 1).neighbor(crate::hex::Direction::ALL[4]);
    assert!(commander_steps(&r, &s, dc).contains(&next));
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: dc,
            to: next,
            alone: true,
        },
    );
    apply(&r, &mut s, Action::EndMove { unit: dc });
    assert_eq!(s.unit(dc).placed().unwrap().hex(), next);
    assert_eq!(s.unit(a).placed().unwrap().hex(), hex("S1010"));
}

#[test]
fn r21_1a_a_commander_enters_an_enemy_zoc_only_into_a_friendly_units_hex() {
    let (r, mut s, [a, b, _]) = to_movement_with(|w| w.units[0].mp = 6);
    let dc: UnitId = 0;
    // A lone commander two hexes from the enemy line: E faces him from the north.
    let e: UnitId = 4;
    put(&mut s, dc, hex("S1015"), 1);
    put(&mut s, a, hex("S1020"), 1);
    put(&mut s, e, toward("S1015", 2, 2), 9);
    let zoc = toward("S1015", 2, 1);
    assert!(
        !commander_steps(&r, &s, dc).contains(&zoc),
        "the enemy's Frontal hex, empty"
    );
    put(&mut s, b, zoc, 1);
    assert!(
        commander_steps(&r, &s, dc).contains(&zoc),
        "the same hex with a friendly unit"
    );
}

#[test]
fn r21_1a_a_commander_pays_the_commanders_column_of_the_tet() {
    use crate::fontenoy::board::Terrain;
    use crate::fontenoy::tables::Mp;
    use crate::fontenoy::types::Pts;
    let river = toward("S1010", 0, 1);
    let woods = toward("S1010", 1, 1);
    let (mut r, mut s, _) = to_movement_with(|w| {
        w.units[0].mp = 6;
        w.board.set_terrain(river, Terrain::River);
        w.board.set_terrain(woods, Terrain::Woods);
    });
    let t = alloc::sync::Arc::make_mut(&mut r.tables);
    t.terrain[Terrain::Woods as usize].mp[crate::fontenoy::tables::MoveClass::Commander as usize] =
        Mp::Pts(Pts::whole(3));
    let dc: UnitId = 0;
    let steps = commander_steps(&r, &s, dc);
    assert!(!steps.contains(&river), "closed to commanders");
    assert_eq!(steps.len(), 5);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: dc,
            to: woods,
            alone: true,
        },
    );
    assert_eq!(r.mp_left(&s, dc), Pts::whole(3));
}

#[test]
fn r21_6b_with_no_cinc_on_either_side_the_unmodified_dice_decide() {
    use crate::fontenoy::turn::initiative::{Decision, Ratings, resolve};
    let none = Ratings {
        command: [None, None],
        wan: [None, None],
        eotn: Some(20),
        specials_open: true,
    };
    assert!(matches!(
        resolve([7, 3], &none).decision,
        Decision::Won {
            winner: Side(0),
            wing: false,
            totals: [7, 3]
        }
    ));
    assert!(matches!(
        resolve([2, 9], &none).decision,
        Decision::Won {
            winner: Side(1),
            wing: false,
            ..
        }
    ));
    assert_eq!(
        resolve([4, 4], &none).decision,
        Decision::Reroll { double_zero: false }
    );
    // 21.6a: one side without: the other wins whatever the dice, and the first makes no Wing
    // Activation; the rolls still count (a 0 is still a special result, 6.9a).
    let one = Ratings {
        command: [None, Some(0)],
        wan: [None, Some(5)],
        ..none
    };
    assert!(matches!(
        resolve([9, 1], &one).decision,
        Decision::Won {
            winner: Side(1),
            wing: false,
            ..
        }
    ));
    assert_eq!(
        resolve([0, 4], &one).decision,
        Decision::Special {
            side: Side(1),
            die: 4
        }
    );
}

/// A French Division (commander at S1010, two battalions) activated by the Initiative winner,
/// with a Commander-in-Chief at S1011 when `cinc`; the position once designations are over.
fn activated(cinc: bool) -> (Fontenoy, State, UnitId) {
    let mut w = World::new();
    let dc = w.commander("Dx", Side(0), "S1010", 4, 5);
    let a = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let b = w.infantry("2 AAA", Side(0), "AAA", "S1011", 1);
    w.division("X", Side(0), Some(dc), &[a, b]);
    if cinc {
        let c = w.commander("Saxe", Side(0), "S1011", 8, 7);
        w.cinc(c, 3, 6);
    }
    let e = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2525", 3);
    w.division("Z", Side(1), None, &[e]);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    artillery_own(&r, &mut s);
    apply(&r, &mut s, Action::Activate { division: 0 });
    apply(&r, &mut s, Action::EndDesignations);
    (r, s, dc)
}

#[test]
fn r21_6a_without_a_cinc_the_division_commander_always_rolls() {
    use crate::fontenoy::state::Step;
    let (_, s, dc) = activated(false);
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderInitiative { commander: dc })
    );
    // With a CinC in reach his line of command makes him In Command: no roll.
    let (_, s, dc) = activated(true);
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, Step::CommanderInitiative { commander } if *commander == dc))
    );
    assert_eq!(s.unit(dc).command, Some(true));
}
