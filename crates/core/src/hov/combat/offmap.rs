//! ¶176, §61–§62: a beaten force with no path of retreat left on the map. At a map edge it
//! leaves the map: off a friendly edge (west French, east Coalition, §61) it waits to come back
//! in its next Movement Phase (§62, built with the reinforcements); off the enemy's edge it is
//! removed as if captured, and its loss counts toward the Critical Battle (¶176 2–3).

use alloc::vec::Vec;

use super::super::Hov;
use super::super::event::Event;
use super::super::state::{LeaderId, LeaderPlace, LeftMap, State};
use super::super::types::{COALITION, FRENCH};
use super::resolve::Loss;
use crate::engine::Side;
use crate::hex::Hex;

/// The first and last columns of the map (the hov grid's extent).
const WEST_COLUMN: u32 = 1;
const EAST_COLUMN: u32 = 39;

impl Hov {
    /// §61 2: the side whose map edge `h` is on — the west edge the French, the east edge the
    /// Coalition; `None` elsewhere (the south edge's Austrian case, §61 3, is Campaign only).
    pub fn edge_side(&self, h: Hex) -> Option<Side> {
        let label = self.label(h);
        let col: u32 = label.get(..2)?.parse().ok()?;
        let off = h.neighbors().into_iter().any(|n| !self.board.on_map(n));
        match col {
            WEST_COLUMN if off => Some(FRENCH),
            EAST_COLUMN if off => Some(COALITION),
            _ => None,
        }
    }

    /// ¶176, §61: retreating stack `gi` of `side` has no hex left to enter. Short of its full
    /// distance at a map edge it leaves the map; otherwise it stops where it is (¶173).
    pub fn no_retreat_path(&self, s: &mut State, ev: &mut Vec<Event>, gi: usize, side: Side) {
        let Some(g) = s.battle.as_ref().and_then(|b| b.retreats.get(gi)).cloned() else {
            return;
        };
        if let Some(b) = &mut s.battle {
            b.retreats[gi].done = true;
        }
        let Some(&cur) = g.path.last() else { return };
        let short = g.path.len() <= usize::from(g.need);
        let Some(edge) = self.edge_side(cur).filter(|_| short) else {
            return;
        };
        let on_map: Vec<LeaderId> = g
            .leaders
            .iter()
            .copied()
            .filter(|&l| matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_)))
            .collect();
        if edge != side {
            // ¶176 2–3: off the enemy's edge the force is lost as if captured; the loss counts
            // toward the Critical Battle (the battle's tally).
            let fls: Vec<LeaderId> = on_map
                .iter()
                .copied()
                .filter(|&l| self.is_force(s, l))
                .collect();
            self.lose(s, ev, side, &fls, &[], u32::MAX / 2, Loss::Pursuit, "¶176");
            if let Some(b) = &mut s.battle {
                b.captures.retain(|l| !g.leaders.contains(l));
            }
        }
        for l in on_map {
            let lp = &mut s.leaders[usize::from(l)];
            if edge == side {
                lp.place = LeaderPlace::Waiting;
                if !s.off_map.iter().any(|x| x.leader == l) {
                    s.off_map.push(LeftMap {
                        leader: l,
                        hex: cur,
                    });
                }
            } else {
                lp.place = LeaderPlace::Captured(s.turn.saturating_add(2));
                lp.captures = lp.captures.saturating_add(1);
                self.major_captured(s, ev, l);
            }
            ev.push(Event::OffMap {
                leader: l,
                hex: cur,
                lost: edge != side,
            });
        }
    }

    /// §215: a Coalition force is off the map after a retreat (§61) and not yet back.
    pub fn coalition_off_map(&self, s: &State) -> bool {
        s.off_map.iter().map(|x| x.leader).any(|l| {
            self.manifest.leaders[usize::from(l)].side == COALITION
                && s.leaders[usize::from(l)].place == LeaderPlace::Waiting
                && self.is_force(s, l)
        })
    }
}
