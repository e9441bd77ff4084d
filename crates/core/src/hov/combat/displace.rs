//! ¶174 3a–3b: displacement. A retreating stack whose every open hex holds friendly forces
//! moves the smallest of them (by SP) one hex by the priorities of retreat and takes its place;
//! the displaced force may displace another in turn, hex by hex. Where the displaced force
//! has no hex to go to (prohibited terrain, enemies all round), no displacement takes place
//! and the retreating stack joins it (reading N43); where the priorities leave the displaced
//! force a choice, it takes the first hex in direction order (reading N43).

use alloc::vec::Vec;

use super::super::Hov;
use super::super::event::Event;
use super::super::state::{LeaderId, LeaderPlace, Retreat, State};
use crate::engine::Side;
use crate::hex::Hex;

/// How deep a chain of displacements may go.
const MAX_CHAIN: u8 = 6;

impl Hov {
    /// The friendly force at `hex` a stack of `side` made of `movers` would displace: the
    /// smallest by SP, then the lowest id (¶174 3a).
    pub fn displaced_at(
        &self,
        s: &State,
        side: Side,
        hex: Hex,
        movers: &[LeaderId],
    ) -> Option<LeaderId> {
        self.forces_at(s, side, hex)
            .into_iter()
            .filter(|l| !movers.contains(l))
            .min_by_key(|&l| {
                let sp = self.force_pieces_sp(s, l);
                (sp, l)
            })
    }

    /// ¶174 3a–3b: before a stack of `side` made of `movers` enters `hex`, the friendly force
    /// there (the smallest) steps one hex by the retreat priorities, displacing in its turn if
    /// it must. Returns whether a displacement took place.
    pub fn displace(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        side: Side,
        hex: Hex,
        movers: &[LeaderId],
        depth: u8,
    ) -> bool {
        if depth >= MAX_CHAIN {
            return false;
        }
        let Some(fl) = self.displaced_at(s, side, hex, movers) else {
            return false;
        };
        let mut leaders = alloc::vec![fl];
        // Unemployed Leaders of the hex go with it (they retreat with the stack, ¶175).
        for (i, l) in s.leaders.iter().enumerate() {
            let id = i as LeaderId;
            if l.place == LeaderPlace::Map(hex)
                && self.manifest.leaders[i].side == side
                && !self.is_force(s, id)
                && !movers.contains(&id)
            {
                leaders.push(id);
            }
        }
        let g = Retreat {
            leaders: leaders.clone(),
            path: alloc::vec![hex],
            need: 1,
            done: false,
        };
        let Some(&to) = self.retreat_options(s, side, &g).first() else {
            return false;
        };
        if self.occupancy(s).real_at(side, to) {
            let mut chain = leaders.clone();
            chain.extend_from_slice(movers);
            self.displace(s, ev, side, to, &chain, depth + 1);
        }
        for l in leaders {
            s.leaders[usize::from(l)].place = LeaderPlace::Map(to);
            ev.push(Event::BattleMove {
                leader: l,
                to,
                rule: alloc::borrow::Cow::Borrowed("¶174 3"),
            });
        }
        true
    }
}
