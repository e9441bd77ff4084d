//! II.a Reinforcements (¶91–¶96, §34): a reinforcement's Force Leader, with his track, is
//! placed at its entry hex from its Game-Turn on, or delayed at will (¶94–¶95); on a later
//! turn it may enter next to the entry hex instead (¶96). The first hex's cost (¶93) counts
//! against the force's march in this Movement Phase. Entering an enemy-held hex is a repulse of
//! what holds it, whose failure destroys the reinforcement (¶96 2, [`super::repulse`]).

use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::board::Road;
use super::super::event::Event;
use super::super::state::{LeaderId, LeaderPlace, RepulseWhen, State};
use super::super::types::{DISPATCH_DISTANCE, Mp};
use crate::engine::Illegal;
use crate::hex::{Direction, Hex};

impl Hov {
    /// The hexes where reinforcement `l` may enter now, sorted; empty when it may not.
    pub fn entry_hexes(&self, s: &State, l: LeaderId) -> Vec<Hex> {
        let o = self.occupancy(s);
        let mut out = self.entry_candidates(s, l);
        out.retain(|&h| !o.holds(s.phasing.other(), h));
        out
    }

    /// ¶96 2: the enemy-held hexes reinforcement `l` may enter by repulsing their occupants,
    /// sorted.
    pub fn entry_repulse_hexes(&self, s: &State, l: LeaderId) -> Vec<Hex> {
        let o = self.occupancy(s);
        let mut out = self.entry_candidates(s, l);
        out.retain(|&h| {
            o.holds(s.phasing.other(), h) && self.repulse_refused(s, l, None, h).is_none()
        });
        out
    }

    /// The hexes in the scenario's area where `l` may enter now, whoever holds them.
    fn entry_candidates(&self, s: &State, l: LeaderId) -> Vec<Hex> {
        if let Some(left) = s.off_map.iter().find(|x| x.leader == l) {
            let x = s.leaders[usize::from(l)];
            if x.place != LeaderPlace::Waiting
                || self.manifest.leaders[usize::from(l)].side != s.phasing
            {
                return Vec::new();
            }
            return self.reentry_hexes(left.hex);
        }
        let Some(r) = self.params.reinforcements.iter().find(|r| r.leader == l) else {
            return Vec::new();
        };
        let x = s.leaders[usize::from(l)];
        if x.place != LeaderPlace::Waiting
            || r.turn > s.turn
            || self.manifest.leaders[usize::from(l)].side != s.phasing
        {
            return Vec::new();
        }
        let mut out = alloc::vec![r.hex];
        if s.turn > r.turn {
            // ¶96: on a later turn, any hex next to the entry hex.
            out.extend(Direction::ALL.iter().map(|&d| r.hex.neighbor(d)));
        }
        out.retain(|&h| self.in_area(h));
        out.sort_unstable();
        out.dedup();
        out
    }

    /// §62: where a force that retreated off the map at `exit` comes back: the map-edge hexes
    /// with a road leading off the map, in the scenario's area, nearest to `exit` (all of them
    /// on a tie), sorted. Where the map's data has no such road near (the provisional map
    /// digitises few roads to the edge), the nearest map-edge hexes (provisional, reading in
    /// docs/coverage/hov.md §62).
    pub fn reentry_hexes(&self, exit: Hex) -> Vec<Hex> {
        let edge = |h: Hex, road: bool| {
            self.in_area(h)
                && Direction::ALL.iter().any(|&d| {
                    !self.board.on_map(h.neighbor(d))
                        && (!road || self.board.side(h, d).road != Road::None)
                })
        };
        for road in [true, false] {
            // The map is about 60 hexes across: a ring search meets an edge well within that.
            for r in 0..=64i16 {
                let mut ring: Vec<Hex> = (-r..=r)
                    .flat_map(|dq| {
                        let lo = (-r).max(-dq - r);
                        let hi = r.min(-dq + r);
                        (lo..=hi).map(move |dr| Hex::new(exit.q + dq, exit.r + dr))
                    })
                    .filter(|&h| h.distance(exit) == r as u32 && edge(h, road))
                    .collect();
                if !ring.is_empty() {
                    ring.sort_unstable();
                    return ring;
                }
            }
        }
        Vec::new()
    }

    /// ¶93 (reading N78): the best road leading off the map at `hex`: a road across a hexside
    /// toward a hex no sheet prints; the map's data digitising no such hexside, a road that
    /// reaches a hex on the map's printed edge is taken to run on off the map there.
    pub fn road_off_map(&self, hex: Hex) -> Road {
        let rank = |r: &Road| match r {
            Road::Primary => 0,
            Road::Secondary => 1,
            Road::None => 2,
        };
        let off: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| !self.board.grid.contains(hex.neighbor(d)))
            .collect();
        if off.is_empty() || !self.board.on_map(hex) {
            return Road::None;
        }
        let best = |dirs: &[Direction]| {
            dirs.iter()
                .map(|&d| self.board.side(hex, d).road)
                .min_by_key(rank)
                .unwrap_or(Road::None)
        };
        match best(&off) {
            Road::None => best(&Direction::ALL),
            r => r,
        }
    }

    /// ¶93, ¶96: what entering at `hex` costs a force of leader `l`.
    pub fn entry_cost(&self, s: &State, l: LeaderId, hex: Hex) -> Mp {
        let make = self.force_make(s, l);
        let info = self.board.hex(hex);
        let terrain = if make.horse() && !make.foot() {
            info.cost[1]
        } else if make.horse() {
            info.cost[0].max(info.cost[1])
        } else {
            info.cost[0]
        };
        let r = self.params.reinforcements.iter().find(|r| r.leader == l);
        // ¶93, ¶96 (reading N78): the road rate at the listed entry hex, on its turn or a
        // later one; ¶96's full terrain cost is for the hexes next to it. §62: a force back
        // from off the map enters as a reinforcement at its entry hex.
        let on_time = r.is_some_and(|r| r.hex == hex) || s.off_map.iter().any(|x| x.leader == l);
        let road = self.road_off_map(hex);
        let mut cost = match road {
            Road::Primary if on_time => Mp::HALF,
            Road::Secondary if on_time => Mp::ONE,
            _ => terrain,
        };
        // ¶93: a second force entering the same hex this turn has spent 1 MP (primary road)
        // or 2 MP more.
        if s.entered
            .iter()
            .any(|(x, _)| self.leader_hex(s, *x) == Some(hex))
        {
            cost = cost.plus(if road == Road::Primary {
                Mp::ONE
            } else {
                Mp::whole(2)
            });
        }
        cost
    }

    /// ¶92 (reading N79): whether a force of leader `l` setting out from `at` has its
    /// Dispatch Distance for March Attrition — as any force's, to an active depot or its
    /// army's active Supply Source; a reinforcement entered in this Movement Phase may also
    /// trace it to the nearest printed Supply Source of its army (none in enemy hands: the
    /// line may not end in an enemy-held hex).
    pub fn march_dispatch(&self, s: &State, l: LeaderId, at: Hex) -> bool {
        let army = self.leader_army(l);
        if self.in_dispatch(s, army, at) {
            return true;
        }
        if !s.entered.iter().any(|(x, _)| *x == l) || self.masked(s, at) {
            return false;
        }
        let Some(side) = self.leader_side(l) else {
            return false;
        };
        let Some(r) = self.reach_from(s, side, at, true, DISPATCH_DISTANCE) else {
            return false;
        };
        self.board
            .sources_of(army)
            .any(|src| src.hex == at || r.contains(src.hex))
    }

    pub(crate) fn entry_actions(&self, s: &State, out: &mut Vec<Action>) {
        // The scenario's reinforcements (¶91), then the forces back from off the map (§62).
        let leaders = self
            .params
            .reinforcements
            .iter()
            .map(|r| r.leader)
            .chain(s.off_map.iter().map(|x| x.leader));
        for leader in leaders {
            let mut hexes = self.entry_hexes(s, leader);
            hexes.extend(self.entry_repulse_hexes(s, leader));
            hexes.sort_unstable();
            for hex in hexes {
                out.push(Action::Enter { leader, hex });
            }
        }
        // §67 2: pool vedettes may appear with the forces that entered.
        self.pool_draw_actions(s, out);
    }

    pub(crate) fn entry_step(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<bool, Illegal> {
        match a {
            // ¶95: what is not placed is delayed.
            Action::Done => Ok(true),
            // §67 2: a pool vedette appears with a force that entered.
            Action::PlaceVedette { .. } => {
                self.pool_draw(s, a, ev)?;
                Ok(false)
            }
            Action::Enter { leader, hex } if self.entry_repulse_hexes(s, *leader).contains(hex) => {
                // ¶96 2: entering an enemy-held hex is a repulse of its occupants.
                self.try_repulse(s, *leader, None, *hex, RepulseWhen::Entry, ev)?;
                Ok(false)
            }
            Action::Enter { leader, hex } => {
                if !self.entry_hexes(s, *leader).contains(hex) {
                    return Err(Illegal::new(
                        "¶91, ¶94, ¶96, ¶117",
                        format!(
                            "leader #{leader} may not enter at {}: a reinforcement of the phasing side enters on or after its turn at its hex (next to it on a later turn), never into an enemy-held hex",
                            self.label(*hex)
                        ),
                    ));
                }
                let cost = self.entry_cost(s, *leader, *hex);
                let side = s.phasing;
                s.leaders[usize::from(*leader)].place = LeaderPlace::Map(*hex);
                // §62: back on the map.
                s.off_map.retain(|x| x.leader != *leader);
                s.entered.push((*leader, cost));
                ev.push(Event::Entered {
                    side,
                    leader: *leader,
                    hex: *hex,
                    cost,
                });
                ev.push(Event::CounterEntered { side, hex: *hex });
                self.reveal_vedettes(s, ev);
                Ok(false)
            }
            other => Err(Illegal::new(
                "¶44",
                format!("{other:?} is not a decision of the Reinforcement Segment"),
            )),
        }
    }
}
