//! Who stands where, and whose Zone of Control covers a hex (¶121–¶129, §31, §41, §68–§70).
//!
//! A force — a leader on the map with a unit on his track or a subordinate — exerts a ZOC into
//! its hex and the six around it (¶121); so do garrisons on the map (§24, §36), an active
//! supply source's garrison (§31) and vedettes (§68). Unemployed leaders exert none (¶30). No
//! ZOC extends into a Fort (¶128, §41) or across a primary river hexside without a standing
//! bridge (¶129), nor into the hex of an active enemy Supply Source, whose garrison cancels
//! it (¶59 3).

use alloc::vec::Vec;

use super::Hov;
use super::board::Water;
use super::state::{GarrisonPlace, LeaderId, LeaderPlace, State, Supply, VedettePlace};
use crate::engine::Side;
use crate::hex::{Direction, Hex, Hexside};

/// Where the counters of both sides stand on the map, per hex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Occupancy {
    /// Per side: the hexes holding a real force, garrison or supply-source garrison, sorted.
    pub real: [Vec<Hex>; 2],
    /// Per side: the hexes holding a vedette, sorted.
    pub vedettes: [Vec<Hex>; 2],
    /// Per side: the hexes holding only Unemployed Leaders, sorted.
    pub unemployed: [Vec<Hex>; 2],
}

impl Occupancy {
    /// Whether `side` has anything in `hex` (a force, garrison, vedette or leader).
    pub fn holds(&self, side: Side, hex: Hex) -> bool {
        let i = side.index();
        self.real[i].binary_search(&hex).is_ok()
            || self.vedettes[i].binary_search(&hex).is_ok()
            || self.unemployed[i].binary_search(&hex).is_ok()
    }

    /// Whether `side` has a real force (not a vedette, not an Unemployed Leader) in `hex`.
    pub fn real_at(&self, side: Side, hex: Hex) -> bool {
        self.real[side.index()].binary_search(&hex).is_ok()
    }
}

impl Hov {
    /// Whether leader `l` heads a force (¶77): he is on the map with a unit on his track or a
    /// subordinate on his portrait.
    pub fn is_force(&self, s: &State, l: LeaderId) -> bool {
        s.units.iter().any(|u| u.leader == Some(l) && u.sp > 0)
            || s.leaders
                .iter()
                .any(|x| x.place == LeaderPlace::Portrait(l))
            || s.garrisons
                .iter()
                .any(|g| g.place == GarrisonPlace::Track(l))
    }

    /// [`Hov::is_force`] for every leader at once, indexed by leader id: one pass over the
    /// units, leaders and garrisons instead of one per leader.
    pub fn force_table(&self, s: &State) -> Vec<bool> {
        let mut f = alloc::vec![false; s.leaders.len()];
        let mut mark = |l: LeaderId| {
            if let Some(x) = f.get_mut(usize::from(l)) {
                *x = true;
            }
        };
        for u in &s.units {
            if let Some(l) = u.leader
                && u.sp > 0
            {
                mark(l);
            }
        }
        for x in &s.leaders {
            if let LeaderPlace::Portrait(l) = x.place {
                mark(l);
            }
        }
        for g in &s.garrisons {
            if let GarrisonPlace::Track(l) = g.place {
                mark(l);
            }
        }
        f
    }

    /// Whether `side` has anything in `hex`: [`Occupancy::holds`] of [`Hov::occupancy`],
    /// without building the whole index (for one question about one hex).
    pub fn holds_at(&self, s: &State, side: Side, hex: Hex) -> bool {
        let ours = |x: Side| x == side;
        s.leaders
            .iter()
            .enumerate()
            .any(|(i, l)| l.place == LeaderPlace::Map(hex) && ours(self.manifest.leaders[i].side))
            || s.garrisons.iter().enumerate().any(|(i, g)| {
                g.place == GarrisonPlace::Map(hex) && ours(self.manifest.garrisons[i].side)
            })
            || s.supply.iter().enumerate().any(|(a, sup)| {
                *sup == Supply::Active(hex) && ours(super::types::Army::ALL[a].side())
            })
            || s.unknown.iter().any(|u| u.hex == hex && ours(u.side))
            || s.vedettes.iter().enumerate().any(|(i, v)| {
                v.place == VedettePlace::Map(hex) && ours(self.manifest.vedettes[i].side)
            })
    }

    /// Where every counter stands.
    pub fn occupancy(&self, s: &State) -> Occupancy {
        let mut o = Occupancy::default();
        let forces = self.force_table(s);
        for (i, l) in s.leaders.iter().enumerate() {
            if let LeaderPlace::Map(h) = l.place {
                let side = self.manifest.leaders[i].side.index();
                if forces[i] {
                    o.real[side].push(h);
                } else {
                    o.unemployed[side].push(h);
                }
            }
        }
        for (i, g) in s.garrisons.iter().enumerate() {
            if let GarrisonPlace::Map(h) = g.place {
                o.real[self.manifest.garrisons[i].side.index()].push(h);
            }
        }
        for (a, sup) in s.supply.iter().enumerate() {
            if let Supply::Active(h) = sup {
                let side = super::types::Army::ALL[a].side().index();
                o.real[side].push(*h);
            }
        }
        // In an observation, the other side's hidden stacks: forces unless announced as
        // Unemployed Leaders (¶30); a hidden vedette is not told apart from a force (§68).
        for u in &s.unknown {
            let side = u.side.index();
            if u.unemployed {
                o.unemployed[side].push(u.hex);
            } else {
                o.real[side].push(u.hex);
            }
        }
        for (i, v) in s.vedettes.iter().enumerate() {
            if let VedettePlace::Map(h) = v.place {
                o.vedettes[self.manifest.vedettes[i].side.index()].push(h);
            }
        }
        for list in o
            .real
            .iter_mut()
            .chain(&mut o.vedettes)
            .chain(&mut o.unemployed)
        {
            list.sort_unstable();
            list.dedup();
        }
        o
    }

    /// Whether a ZOC passes from `from` into its neighbour `to` (¶128, ¶129, §41): not into a
    /// Fort, not across a primary river unless a standing bridge crosses it.
    pub fn zoc_passes(&self, s: &State, from: Hex, d: Direction) -> bool {
        let to = from.neighbor(d);
        let info = self.board.hex(to);
        if !info.on_map || info.settlement.fort() {
            return false;
        }
        let side = self.board.side(from, d);
        if side.water == Water::Primary {
            let standing = side.bridge
                && Hexside::between(from, to).is_some_and(|x| s.broken.binary_search(&x).is_err());
            return standing;
        }
        true
    }

    /// Whether `hex` lies in a ZOC of `side`'s real forces or vedettes (`with_vedettes`).
    pub fn in_zoc_of(
        &self,
        s: &State,
        o: &Occupancy,
        side: Side,
        hex: Hex,
        with_vedettes: bool,
    ) -> bool {
        // ¶59 3: the other side's active Supply Source garrison cancels enemy ZOCs in its hex.
        if self.supply_garrison_at(s, side.other(), hex) {
            return false;
        }
        let i = side.index();
        let holds = |h: Hex| {
            o.real[i].binary_search(&h).is_ok()
                || (with_vedettes && o.vedettes[i].binary_search(&h).is_ok())
        };
        if holds(hex) {
            return true;
        }
        Direction::ALL.iter().any(|&d| {
            let n = hex.neighbor(d);
            holds(n) && self.zoc_passes(s, n, d.opposite())
        })
    }

    /// The hexes around `hex` (itself included) whose real forces of `side` put it in their
    /// ZOC: two or more make a ZOC Bond (¶125).
    pub fn zoc_sources(&self, s: &State, o: &Occupancy, side: Side, hex: Hex) -> usize {
        if self.supply_garrison_at(s, side.other(), hex) {
            return 0;
        }
        let i = side.index();
        let real = |h: Hex| o.real[i].binary_search(&h).is_ok();
        usize::from(real(hex))
            + Direction::ALL
                .iter()
                .filter(|&&d| {
                    let n = hex.neighbor(d);
                    real(n) && self.zoc_passes(s, n, d.opposite())
                })
                .count()
    }
}
