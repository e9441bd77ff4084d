//! I.a Lines of Communication, supply sources and depots in the Battle Scenarios (¶55–¶60,
//! §27–§33): a depot is active while a Line of Communication — primary or secondary road
//! hexes, free of enemy forces, at most 21 MP by road rates — joins it to its army's active
//! Supply Source (¶55); a force is within Dispatch Distance when a line of at most 12 MP at
//! cavalry rates, free of enemy forces, joins it to an active friendly depot (¶56, §83, §120).
//! EZOCs block neither (¶55, §83); vedettes block neither, Cossacks and Freikorps excepted
//! (§69, §80). The Administrative Segment that moves the Supply Source marker is in
//! `organization/admin.rs`.

use alloc::vec::Vec;

use super::Hov;
use super::state::{State, Supply, VedettePlace};
use super::types::{Army, Mp};
use super::zoc::Occupancy;
use crate::engine::Side;
use crate::hex::{Bounds, Cells, Direction, Hex, MoveCosts, Reach, ReachOptions};

/// ¶55: a Line of Communication is at most 21 MP long.
pub const LOC_MP: Mp = Mp::whole(21);
/// ¶56: a Dispatch Distance is at most 12 MP long.
pub const DISPATCH_MP: Mp = Mp::whole(12);

/// The hexes `side`'s lines may not pass: enemy forces, garrisons and supply-source garrisons,
/// and Cossack and Freikorps vedettes (§69, §80).
fn blocked(h: &Hov, s: &State, o: &Occupancy, side: Side) -> Vec<Hex> {
    let mut out = o.real[side.other().index()].clone();
    for (i, v) in s.vedettes.iter().enumerate() {
        let info = &h.manifest.vedettes[i];
        if let VedettePlace::Map(x) = v.place {
            if info.side != side && (info.cossack || info.freikorps) {
                out.push(x);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A line over the map: along roads only (an LOC) or over any terrain at cavalry rates (a
/// Dispatch Distance).
struct Line<'a> {
    h: &'a Hov,
    s: &'a State,
    blocked: &'a [Hex],
    roads_only: bool,
    /// Cavalry rates (infantry rates otherwise, for infantry vedettes, §75).
    cavalry: bool,
    /// Traced from the far end (a depot) back toward where the line starts (a force): a step
    /// from `a` to `b` costs what the forward line pays entering `a` out of `b`, and `a` must
    /// be open (the force's own hex may hold anything).
    backwards: bool,
    bounds: Bounds,
}

impl MoveCosts for Line<'_> {
    fn bounds(&self) -> Bounds {
        self.bounds
    }

    fn contains(&self, hex: Hex) -> bool {
        self.h.board.on_map(hex)
    }

    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        // The step the forward line takes: out of `a` into `b`.
        let (a, b) = if self.backwards {
            (to, from)
        } else {
            (from, to)
        };
        if self.blocked.binary_search(&b).is_ok() {
            return None;
        }
        let d = Direction::ALL.into_iter().find(|&d| a.neighbor(d) == b)?;
        if self.roads_only && self.h.board.side(a, d).road == super::board::Road::None {
            return None;
        }
        let c = self.h.step_cost(self.s, a, d, self.cavalry)?;
        Some(u32::from(c.halves()))
    }

    fn min_step_cost(&self) -> u32 {
        1
    }
}

impl Hov {
    pub(crate) fn line(
        &self,
        s: &State,
        side: Side,
        from: Hex,
        roads_only: bool,
        allowance: Mp,
    ) -> Option<Reach> {
        let o = self.occupancy(s);
        let blocked = blocked(self, s, &o, side);
        let line = Line {
            h: self,
            s,
            blocked: &blocked,
            roads_only,
            cavalry: true,
            backwards: false,
            bounds: self.board.grid.bounds(),
        };
        Reach::search(
            &line,
            from,
            ReachOptions::new(u32::from(allowance.halves())),
        )
        .ok()
    }

    /// The depots (by the board's index) of `army`'s side that an LOC joins to its active
    /// Supply Source (¶55); none while the source is changing or captured (¶60, §30, §32).
    pub fn active_depots(&self, s: &State, army: Army) -> Vec<usize> {
        let Supply::Active(src) = s.supply[army.index()] else {
            return Vec::new();
        };
        let side = army.side();
        let Some(r) = self.line(s, side, src, true, LOC_MP) else {
            return Vec::new();
        };
        (0..self.board.depots.len())
            .filter(|&i| s.depots[i] == side && r.contains(self.board.depots[i].hex))
            .collect()
    }

    /// Whether a force of `army` in `hex` is within Dispatch Distance of an active depot
    /// (¶56–¶57, §27): within 12 MP at cavalry rates over a line free of enemy forces. The
    /// active Supply Source serves as a depot (a reading: a source feeds the depots, and §102
    /// makes every source a depot in the campaign).
    pub fn in_dispatch(&self, s: &State, army: Army, hex: Hex) -> bool {
        // §47 2: a force inside a masked Fort has no LOC and no Dispatch Distance.
        if self.masked(s, hex) {
            return false;
        }
        // Every force of a side asks about the same state while actions are listed, and the
        // area stays the same while no counter moves: it is worked out once per army and
        // position of what it reads (the memo holds the last state asked about).
        if let Some(mut m) = self.dispatch.try_lock() {
            if !m.state.as_ref().is_some_and(|x| same_for_dispatch(x, s)) {
                m.state = Some(s.clone());
                m.areas = Default::default();
                m.depots.clear();
            }
            let m = &mut *m;
            let area = m.areas[army.index()]
                .get_or_insert_with(|| self.dispatch_area_shared(s, army, &mut m.depots));
            return area.binary_search(&hex).is_ok();
        }
        self.dispatch_area(s, army).binary_search(&hex).is_ok()
    }

    /// The hexes within Dispatch Distance of `army`'s active depots and Supply Source, sorted:
    /// the line is traced from the force to the depot, so the search runs backwards from each
    /// depot ([`Line`] with `backwards`).
    pub(crate) fn dispatch_area(&self, s: &State, army: Army) -> Vec<Hex> {
        self.dispatch_area_shared(s, army, &mut Vec::new())
    }

    /// [`Hov::dispatch_area`] with the area of each depot kept in `depots` by side and hex:
    /// the armies of one side share their depots' searches (the search reads the side only).
    fn dispatch_area_shared(
        &self,
        s: &State,
        army: Army,
        depots: &mut Vec<(Side, Hex, Vec<Hex>)>,
    ) -> Vec<Hex> {
        let side = army.side();
        let mut from: Vec<Hex> = self
            .active_depots(s, army)
            .into_iter()
            .map(|i| self.board.depots[i].hex)
            .collect();
        if let Supply::Active(src) = s.supply[army.index()] {
            from.push(src);
        }
        if from
            .iter()
            .all(|&d| depots.iter().any(|x| x.0 == side && x.1 == d))
        {
            let mut out: Vec<Hex> = Vec::new();
            for d in from {
                if let Some(x) = depots.iter().find(|x| x.0 == side && x.1 == d) {
                    out.extend_from_slice(&x.2);
                }
            }
            return self.sorted_union(out);
        }
        let o = self.occupancy(s);
        let blocked = blocked(self, s, &o, side);
        let back = Line {
            h: self,
            s,
            blocked: &blocked,
            roads_only: false,
            cavalry: true,
            backwards: true,
            bounds: self.board.grid.bounds(),
        };
        let mut out: Vec<Hex> = Vec::new();
        // One search storage for every depot (its memory is reused, not its answers).
        let mut r = Reach::new();
        for d in from {
            if let Some(x) = depots.iter().find(|x| x.0 == side && x.1 == d) {
                out.extend_from_slice(&x.2);
                continue;
            }
            let mut one = alloc::vec![d];
            if blocked.binary_search(&d).is_err()
                && r.run(&back, d, ReachOptions::new(u32::from(DISPATCH_MP.halves())))
                    .is_ok()
            {
                one.extend(r.reached().map(|(h, _, _)| h));
            }
            out.extend_from_slice(&one);
            depots.push((side, d, one));
        }
        self.sorted_union(out)
    }

    /// `hexes` sorted without repeats: through a mark per cell of the map's box (cells run in
    /// the order of [`Hex`]), or by sorting when a hex lies outside it.
    fn sorted_union(&self, mut hexes: Vec<Hex>) -> Vec<Hex> {
        let cells = Cells::new(self.board.grid.bounds());
        let mut mark = alloc::vec![false; cells.count()];
        for &h in &hexes {
            match cells.index(h).and_then(|i| mark.get_mut(i)) {
                Some(m) => *m = true,
                None => {
                    hexes.sort_unstable();
                    hexes.dedup();
                    return hexes;
                }
            }
        }
        hexes.clear();
        hexes.extend(
            mark.iter()
                .enumerate()
                .filter(|(_, m)| **m)
                .map(|(i, _)| cells.hex(i)),
        );
        debug_assert!(hexes.windows(2).all(|w| w[0] < w[1]));
        hexes
    }
}

/// Whether `a` and `b` agree on everything a Dispatch Distance area reads
/// ([`Hov::dispatch_area`]): where the counters stand and which leaders head forces (the
/// occupancy index and the blocked hexes: the leaders' places, the units' tracks and strengths,
/// garrisons, vedettes, hidden stacks, Supply Sources), the depots held, and what a step costs
/// ([`Hov::step_cost`]: broken bridges, pontoons, the weather and the Game-Turn). The test
/// `e27_memoised_dispatch_area_agrees_with_a_fresh_search` holds the memo to a fresh search.
fn same_for_dispatch(a: &State, b: &State) -> bool {
    a.turn == b.turn
        && a.weather == b.weather
        && a.supply == b.supply
        && a.depots == b.depots
        && a.broken == b.broken
        && a.trains == b.trains
        && a.units == b.units
        && a.garrisons == b.garrisons
        && a.unknown == b.unknown
        && a.leaders.len() == b.leaders.len()
        && a.leaders
            .iter()
            .zip(&b.leaders)
            .all(|(x, y)| x.place == y.place)
        && a.vedettes.len() == b.vedettes.len()
        && a.vedettes
            .iter()
            .zip(&b.vedettes)
            .all(|(x, y)| x.place == y.place)
}

/// What [`Hov::in_dispatch`] keeps between calls: the state it last answered for and each
/// army's Dispatch Distance area in it.
#[derive(Debug, Default)]
pub struct DispatchMemo {
    state: Option<State>,
    areas: [Option<Vec<Hex>>; 4],
    /// Each depot's area in that state, by side and hex.
    depots: Vec<(Side, Hex, Vec<Hex>)>,
}

impl Hov {
    /// §33: whether a Supply Source hex of `army` is "in communication" (reading N16): a Line
    /// of Communication (¶55: roads, at most 21 MP, free of enemy forces) joins it to a depot
    /// its side holds; an army with no such depot on the map is not held to it.
    pub fn in_communication(&self, s: &State, army: Army, hex: Hex) -> bool {
        let side = army.side();
        let ours: Vec<Hex> = (0..self.board.depots.len())
            .filter(|&i| s.depots.get(i) == Some(&side))
            .map(|i| self.board.depots[i].hex)
            .collect();
        if ours.is_empty() {
            return true;
        }
        let Some(r) = self.line(s, side, hex, true, LOC_MP) else {
            return false;
        };
        ours.iter().any(|&d| d == hex || r.contains(d))
    }
}

impl Hov {
    /// The hexes `side` reaches from `from` within `allowance` at cavalry or infantry rates,
    /// never through enemy forces (§75: a vedette's way to the nearest friendly force).
    pub fn reach_from(
        &self,
        s: &State,
        side: Side,
        from: Hex,
        cavalry: bool,
        allowance: Mp,
    ) -> Option<Reach> {
        let o = self.occupancy(s);
        let blocked = blocked(self, s, &o, side);
        let line = Line {
            h: self,
            s,
            blocked: &blocked,
            roads_only: false,
            cavalry,
            backwards: false,
            bounds: self.board.grid.bounds(),
        };
        Reach::search(
            &line,
            from,
            ReachOptions::new(u32::from(allowance.halves())),
        )
        .ok()
    }
}
