//! The helpers the nbs engine-level tests share: fixtures (an empty scenario 3, a clear stretch
//! of map, a cavalry-charge ground), placement, actions and scripted dice, and readers of events.

use super::dir;
use crate::engine::{Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};
use crate::nbs::board::Terrain;
use crate::nbs::state::{State, UnitId};
use crate::nbs::types::UnitKind;
use crate::nbs::{Action, Nbs};
use alloc::vec::Vec;

/// A hex whose surroundings to `radius` hexes are in play, clear, not special, level with it
/// and free of hexside features, so a test can lay out the terrain it needs.
pub(super) fn clear_spot(r: &Nbs, radius: u32) -> Hex {
    r.board
        .hexes()
        .find(|&h| {
            let level = r.board.hex(h).level;
            r.board
                .grid
                .hexes()
                .into_iter()
                .filter(|x| x.distance(h) <= radius)
                .all(|x| {
                    let i = r.board.hex(x);
                    i.on_map
                        && i.terrain == Terrain::Clear
                        && !i.special
                        && i.level == level
                        && i.edge_dist > 0
                        && Direction::ALL.iter().all(|&d| r.board.side(x, d) == 0)
                })
        })
        .expect("a clear stretch of map")
}

pub(super) fn north() -> Facing {
    Facing::side(dir(Compass::N))
}

pub(super) fn n_of(h: Hex, k: u32) -> Hex {
    (0..k).fold(h, |x, _| x.neighbor(dir(Compass::N)))
}

pub(super) fn legal(r: &Nbs, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    r.legal_actions(s, &mut v);
    v
}

pub(super) fn first_infantry(r: &Nbs, side: Side) -> UnitId {
    (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Infantry && i.parent.is_none()
        })
        .unwrap()
}

pub(super) fn south() -> Facing {
    Facing::side(dir(Compass::S))
}

pub(super) fn retreat_hexes(r: &Nbs, s: &State) -> Vec<Hex> {
    legal(r, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::RetreatTo { hex } => Some(hex),
            _ => None,
        })
        .collect()
}
