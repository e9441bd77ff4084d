//! Set-ups shared by the skirmisher and extension tests (11.5, 17.0).

use crate::engine::{Illegal, Rules, Side};
use crate::hex::Hex;
use crate::nbs::event::Event;
use crate::nbs::state::{Phase, Place, State, UnitId};
use crate::nbs::types::{FireLevel, Formation, UnitKind};
use crate::nbs::{Action, Nbs};
use alloc::vec::Vec;

/// Austerlitz scenario 3 with every counter off the map, in `side`'s Movement Phase.
pub fn setup(side: Side) -> (Nbs, State) {
    let sc = crate::data::Library::builtin()
        .unwrap()
        .scenario("nbs/austerlitz-3")
        .unwrap();
    let rules = Nbs::new(&sc).unwrap();
    let mut s = rules.initial_state();
    s.tasks.clear();
    s.phase = Phase::Movement;
    s.player_turn = if side == rules.first_player { 0 } else { 1 };
    for u in &mut s.units {
        u.place = Place::Off;
    }
    (rules, s)
}

/// A clear hex of the map with clear hexes around it (for movement tests).
pub fn open_hex(rules: &Nbs) -> Hex {
    rules
        .board
        .hexes()
        .find(|&h| {
            core::iter::once(h)
                .chain(h.neighbors())
                .chain(h.neighbors().into_iter().flat_map(|n| n.neighbors()))
                .all(|x| {
                    rules.board.on_map(x)
                        && rules.board.hex(x).terrain == crate::nbs::board::Terrain::Clear
                        && rules.board.hex(x).level == rules.board.hex(h).level
                        && (0..6).all(|d| rules.board.side(x, crate::hex::Direction::ALL[d]) == 0)
                })
        })
        .expect("an open hex")
}

/// A printed infantry unit of `side` matching `f`.
pub fn infantry(
    rules: &Nbs,
    side: Side,
    f: impl Fn(&crate::nbs::units::UnitInfo) -> bool,
) -> UnitId {
    rules
        .units
        .iter()
        .position(|i| i.side == side && i.kind == UnitKind::Infantry && i.parent.is_none() && f(i))
        .expect("such an infantry unit") as UnitId
}

/// Puts `u` in `hex`.
pub fn put(s: &mut State, u: UnitId, hex: Hex, formation: Formation) {
    let st = &mut s.units[usize::from(u)];
    st.place = Place::At(hex);
    st.formation = formation;
    st.spent = 0;
    st.flags = 0;
}

/// Applies `a`.
pub fn act(rules: &Nbs, s: &State, a: Action) -> Result<(State, Vec<Event>), Illegal> {
    rules.applied(s, &a)
}

/// A level.
pub fn lvl(n: u8) -> FireLevel {
    FireLevel(n)
}
