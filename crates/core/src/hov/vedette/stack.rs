//! One vedette a hex (§76 2): a vedette that ends its move where a friendly vedette already
//! stands goes to the Vedette Pool (reading N46: its owner, who could have moved it on, has
//! chosen the pool).

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::event::Event;
use super::super::state::{State, VedetteId, VedettePlace};

impl Hov {
    /// §76 2: called when vedette `v` ends its move; with another friendly vedette in its hex it
    /// leaves the map for the pool.
    pub(crate) fn vedette_alone(&self, s: &mut State, v: VedetteId, ev: &mut Vec<Event>) {
        let i = usize::from(v);
        let VedettePlace::Map(at) = s.vedettes[i].place else {
            return;
        };
        let side = self.manifest.vedettes[i].side;
        let shared = s.vedettes.iter().enumerate().any(|(j, w)| {
            j != i && w.place == VedettePlace::Map(at) && self.manifest.vedettes[j].side == side
        });
        if !shared {
            return;
        }
        s.vedettes[i].place = VedettePlace::Pool;
        s.vedettes[i].revealed = false;
        ev.push(Event::VedettePlaced {
            side,
            vedette: v,
            place: VedettePlace::Pool,
            rule: Cow::Borrowed("§76"),
        });
    }
}
