//! Reachability (7.3 to 7.5, 5.3): every hex a counter could still end its move in, as the
//! engine's `reachable` query lists them, and the search problem behind it.

use alloc::vec::Vec;

use super::query::Occ;
use crate::engine::{Illegal, Reached, Side};
use crate::hex::{Bounds, Hex, MoveCosts, Reach, ReachOptions};
use crate::pg::Pg;
use crate::pg::board::CostClass;
use crate::pg::state::{Phase, Piece, State};
use crate::pg::units::Arm;

impl Pg {
    /// `reachable` (DESIGN): every hex the counter could still end in this phase.
    pub(crate) fn reach(&self, s: &State, p: Piece) -> Result<Vec<Reached>, Illegal> {
        let Some(search) = self.move_search_of(s, p) else {
            return Ok(Vec::new());
        };
        // The storage of the last search when no other thread is using it.
        let mut kept = self.reach_memo.try_lock();
        let mut own = Reach::new();
        let r = kept.as_deref_mut().unwrap_or(&mut own);
        r.run(&search.costs, search.start, search.options)
            .map_err(|e| Illegal::new("engine", alloc::format!("{e}")))?;
        let mut out = Vec::with_capacity(r.ends().count());
        r.for_each_end_path(|hex, cost, path| {
            out.push(Reached {
                hex,
                facing: None,
                also: Vec::new(),
                cost,
                path: path.to_vec(),
            });
        });
        Ok(out)
    }

    /// The search behind `reachable` for one counter, `None` when it may not move now (not the
    /// Movement Phase, not its turn, or it has already moved).
    pub(crate) fn move_search_of<'a>(&'a self, s: &'a State, p: Piece) -> Option<MoveSearch<'a>> {
        if s.phase != Phase::Movement || !(s.mover == Some(p) || self.piece_may_start(s, p)) {
            return None;
        }
        let moved = match p {
            Piece::Unit(u) => s.units[usize::from(u)].moved,
            Piece::Leader(l) => s.leaders[usize::from(l)].moved,
        };
        if moved && s.mover != Some(p) {
            return None;
        }
        let (mp, allowance) = match p {
            Piece::Unit(u) => (s.units[usize::from(u)].mp, self.allowance(s, u)),
            Piece::Leader(l) => (
                s.leaders[usize::from(l)].mp,
                self.pieces.leaders[usize::from(l)].ma,
            ),
        };
        let start = self.piece_hex(s, p);
        let costs = StepCosts {
            pg: self,
            s,
            p,
            side: self.piece_side(p),
            occ: self.occupancy_shared(s),
            start,
        };
        Some(MoveSearch {
            costs,
            start,
            options: ReachOptions {
                allowance: u32::from(allowance.saturating_sub(mp)),
                one_hex_minimum: !moved && mp == 0,
            },
        })
    }
}

/// The search problem behind `reachable` for one counter ([`Pg::move_search`]): the cost
/// hooks of its move (7.3 to 7.5, 5.3), where it starts and its allowance. Running
/// [`Reach::search`] on it gives what `reachable` lists; any other shortest-path search over
/// the same hooks must find the same costs (the peer benchmark checks this).
pub struct MoveSearch<'a> {
    /// The cost hooks.
    pub costs: StepCosts<'a>,
    /// The counter's hex.
    pub start: Hex,
    /// The MP it has left, and whether the one-hex minimum of 7.3 applies.
    pub options: ReachOptions,
}

/// The movement rules of one counter for [`Reach`]: terrain and hexside costs (7.3), EZOC exit
/// costs and stops (7.5), overstacked hexes passed through (5.3). It sees the position as it
/// is, so it is exact for the counter's first step and a faithful forecast for the rest. Who
/// stands where is read from one occupancy index built with it.
pub struct StepCosts<'a> {
    pg: &'a Pg,
    s: &'a State,
    p: Piece,
    side: Side,
    occ: alloc::sync::Arc<Occ>,
    start: Hex,
}

impl MoveCosts for StepCosts<'_> {
    fn bounds(&self) -> Bounds {
        self.pg.board.bounds()
    }
    fn contains(&self, hex: Hex) -> bool {
        self.pg.board.on_map(hex)
    }
    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let (pg, occ) = (self.pg, &self.occ);
        let at = occ.entering(pg, self.side, to);
        if at.enemy {
            return None;
        }
        let into = at.ezoc;
        match self.p {
            Piece::Leader(_) => {
                // 7.5.4: a leader enters an EZOC only where a friendly unit is.
                if into && !at.friends {
                    return None;
                }
            }
            Piece::Unit(u) => {
                let x = &self.s.units[usize::from(u)];
                let info = &pg.pieces.units[usize::from(u)];
                // 4.2.2, 7.5.5.
                if into && (x.ooc || (info.paren_steps >= x.steps && info.arm != Arm::Artillery)) {
                    return None;
                }
                // 7.5.2: artillery enters an EZOC only where friendly inf/cav already are.
                if into && info.arm == Arm::Artillery && !at.friendly_combat {
                    return None;
                }
                if pg.params.stacking_each_step && pg.overstacks_in(self.s, occ, u, to).is_some() {
                    return None;
                }
            }
        }
        pg.step_cost(self.s, self.p, from, to).map(u32::from)
    }
    fn exit_cost(&self, hex: Hex) -> Option<u32> {
        if !self.occ.ezoc(self.pg, self.side, hex) {
            return Some(0);
        }
        match self.p {
            Piece::Leader(_) => Some(0),
            Piece::Unit(u) => {
                let info = &self.pg.pieces.units[usize::from(u)];
                // 7.5.1: an Engaged non-Fast unit stays; the question only arises at the start.
                if hex == self.start && !info.fast && self.pg.is_engaged(self.s, u) {
                    return None;
                }
                Some(
                    if info.fast && !(info.prussian && info.arm == Arm::Cavalry) {
                        2
                    } else {
                        1
                    },
                )
            }
        }
    }
    fn may_end_in(&self, hex: Hex) -> bool {
        // 5.3: a unit may pass through, not end in, a hex it would overstack.
        match self.p {
            Piece::Unit(u) => self.pg.overstacks_in(self.s, &self.occ, u, hex).is_none(),
            Piece::Leader(_) => true,
        }
    }

    fn min_step_cost(&self) -> u32 {
        // 7.6.1: In Column every hex costs 1 MP. Otherwise no step costs less than the cheapest
        // hex for the counter's class (hexsides and leaving an EZOC only add), or than a
        // cavalry marsh cost set by the scenario (7.3 example).
        let (class, in_column) = match self.p {
            Piece::Unit(u) => (self.pg.class_of(u), self.s.units[usize::from(u)].in_column),
            Piece::Leader(l) => (CostClass::Leader, self.s.leaders[usize::from(l)].in_column),
        };
        if in_column {
            return 1;
        }
        let mut min = self.pg.board.min_cost[class as usize];
        if class == CostClass::Cavalry {
            if let Some(mp) = self.pg.params.marsh_cavalry_mp {
                min = min.min(mp);
            }
        }
        u32::from(min)
    }

    fn stops_on_entry(&self, hex: Hex) -> bool {
        matches!(self.p, Piece::Unit(u) if self.pg.is_combat(u) && !self.pg.pieces.units[usize::from(u)].fast)
            && self.occ.ezoc(self.pg, self.side, hex)
    }
}
