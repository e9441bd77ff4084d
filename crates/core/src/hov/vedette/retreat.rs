//! Vedettes and enemy retreats (§78): they never stop a retreat. A retreating force avoids
//! hexes held only by enemy vedettes when it can, and otherwise goes through them; the
//! vedettes there are displaced one hex, or eliminated when they cannot be (reading N48).

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::event::Event;
use super::super::state::{State, VedettePlace};
use super::super::zoc::Occupancy;
use crate::engine::Side;
use crate::hex::{Direction, Hex};

impl Hov {
    /// §78 2: whether `hex` holds `side`'s vedettes and nothing else of `side`.
    pub fn vedettes_only(&self, o: &Occupancy, side: Side, hex: Hex) -> bool {
        let i = side.index();
        o.vedettes[i].binary_search(&hex).is_ok()
            && o.real[i].binary_search(&hex).is_err()
            && o.unemployed[i].binary_search(&hex).is_err()
    }

    /// §78 2: of a retreat's candidate hexes, those held only by `enemy` vedettes are kept only
    /// when there is no other way.
    pub fn vedette_hexes_last(&self, o: &Occupancy, enemy: Side, c: &mut Vec<Hex>) {
        if c.iter().any(|&n| !self.vedettes_only(o, enemy, n)) {
            c.retain(|&n| !self.vedettes_only(o, enemy, n));
        }
    }

    /// §78 2: a force of `side` has retreated into `hex`: the enemy vedettes there are
    /// displaced one hex — the first neighbour in direction order that is on the map, in the
    /// area, passable at the vedette's rates and free of every counter (reading N48) — or,
    /// with no such hex, eliminated: to the pool, a Freikorps out of play for good (§80 3).
    pub(crate) fn vedettes_give_way(
        &self,
        s: &mut State,
        side: Side,
        hex: Hex,
        ev: &mut Vec<Event>,
    ) {
        for i in 0..s.vedettes.len() {
            let info = &self.manifest.vedettes[i];
            if info.side == side || s.vedettes[i].place != VedettePlace::Map(hex) {
                continue;
            }
            let o = self.occupancy(s);
            let to = Direction::ALL.iter().find_map(|&d| {
                let n = hex.neighbor(d);
                (self.board.on_map(n)
                    && self.in_area(n)
                    && self.step_cost(s, hex, d, info.cavalry).is_some()
                    && !o.holds(side, n)
                    && !o.holds(side.other(), n))
                .then_some(n)
            });
            let place = match to {
                Some(n) => VedettePlace::Map(n),
                None if info.freikorps => VedettePlace::Gone,
                None => VedettePlace::Pool,
            };
            s.vedettes[i].place = place;
            s.vedettes[i].revealed = to.is_some();
            ev.push(Event::VedettePlaced {
                side: info.side,
                vedette: i as u16,
                place,
                rule: Cow::Borrowed("§78"),
            });
            if let Some(n) = to {
                ev.push(Event::CounterMoved {
                    side: info.side,
                    from: hex,
                    to: n,
                    unemployed: false,
                });
            }
        }
    }
}
