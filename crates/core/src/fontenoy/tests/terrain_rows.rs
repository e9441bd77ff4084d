//! Rule cases of F-9 (terrain) pinned one by one: General Order on entering a town or a
//! walled farm (F-9.2i, F-9.2k), road rates (F-9.2n).

use super::checks::{put, toward};
use super::movement::mover;
use super::*;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::tables::GoFor;
use crate::fontenoy::types::Formation;

/// The mover of movement.rs (1 AAA at S1010) with `t` one hex south-east, whose TET says
/// General Order for `go`; a road across the hexside when `road`.
fn into(t: Terrain, go: GoFor, road: bool) -> (Fontenoy, State, UnitId, Hex) {
    let target = toward("S1010", 0, 1);
    let (mut r, s, u) = mover(|w| {
        w.board.set_terrain(target, t);
        if road {
            w.board.add_side(
                hex("S1010"),
                crate::hex::Direction::ALL[0],
                crate::fontenoy::board::side::ROAD,
                true,
            );
        }
    });
    let fx = &mut alloc::sync::Arc::make_mut(&mut r.tables).terrain[t as usize];
    fx.general_order = go;
    // Room for the battalion in any formation (the TET's limits are not the point here).
    fx.stack = [24; 4];
    (r, s, u, target)
}

fn enter(r: &Fontenoy, s: &mut State, u: UnitId, to: Hex) {
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

#[test]
fn f9_2i_f9_2k_a_road_column_keeps_its_formation_only_by_road_movement() {
    for (t, go) in [
        (Terrain::Town, GoFor::Infantry),
        (Terrain::WalledFarm, GoFor::InfantryArtillery),
    ] {
        // Along the road: Road Movement, no General Order.
        let (r, mut s, u, to) = into(t, go, true);
        // 4 SP: a one-hex Road Column (8.1f).
        s.unit_mut(u).sp = 4;
        s.unit_mut(u).formation = Formation::RoadColumn;
        put(&mut s, u, hex("S1010"), 0);
        enter(&r, &mut s, u, to);
        assert_eq!(s.unit(u).formation, Formation::RoadColumn, "{t:?} by road");
        // Off the road: General Order like anyone.
        let (r, mut s, u, to) = into(t, go, false);
        // 4 SP: a one-hex Road Column (8.1f).
        s.unit_mut(u).sp = 4;
        s.unit_mut(u).formation = Formation::RoadColumn;
        put(&mut s, u, hex("S1010"), 0);
        enter(&r, &mut s, u, to);
        assert_eq!(
            s.unit(u).formation,
            Formation::GeneralOrder,
            "{t:?} off the road"
        );
    }
}

#[test]
fn f9_2i_f9_2k_skirmishers_keep_skirmish_order_in_town_and_walled_farm() {
    for (t, go) in [
        (Terrain::Town, GoFor::Infantry),
        (Terrain::WalledFarm, GoFor::InfantryArtillery),
    ] {
        let (r, mut s, u, to) = into(t, go, false);
        s.unit_mut(u).formation = Formation::Skirmish;
        enter(&r, &mut s, u, to);
        assert_eq!(s.unit(u).formation, Formation::Skirmish, "{t:?}");
        assert_eq!(s.unit(u).placed().unwrap().hex(), to);
        // A Line entering takes General Order and stops (8.4i).
        let (r, mut s, u, to) = into(t, go, false);
        enter(&r, &mut s, u, to);
        assert_eq!(s.unit(u).formation, Formation::GeneralOrder, "{t:?}");
    }
}
