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
use super::state::{State, Supply, Train, VedettePlace};
use super::types::{Army, Mp};
use super::zoc::Occupancy;
use crate::engine::Side;
use crate::hex::{Bounds, Cells, Hex, Hexside, MoveCosts, Reach, ReachOptions};

/// ¶55: a Line of Communication is at most 21 MP long.
pub const LOC_MP: Mp = Mp::whole(21);
/// ¶56: a Dispatch Distance is at most 12 MP long.
pub const DISPATCH_MP: Mp = super::types::DISPATCH_DISTANCE;

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
        let d = a.direction_to(b)?;
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
        self.depots_on_line(s, side, &r)
    }

    /// [`Hov::active_depots`] with the hexes `army`'s side's lines may not pass given.
    fn active_depots_with(&self, s: &State, army: Army, blocked: &[Hex]) -> Vec<usize> {
        let Supply::Active(src) = s.supply[army.index()] else {
            return Vec::new();
        };
        let line = Line {
            h: self,
            s,
            blocked,
            roads_only: true,
            cavalry: true,
            backwards: false,
            bounds: self.board.grid.bounds(),
        };
        let Ok(r) = Reach::search(&line, src, ReachOptions::new(u32::from(LOC_MP.halves()))) else {
            return Vec::new();
        };
        self.depots_on_line(s, army.side(), &r)
    }

    /// The depots `side` holds that the Line of Communication `r` reaches.
    fn depots_on_line(&self, s: &State, side: Side, r: &Reach) -> Vec<usize> {
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
        // Every force of a side asks about the same state while actions are listed, and an
        // army's area stays the same while nothing its search reads changes (enemy forces, the
        // Supply Source, the depots held, the step costs): it is kept per army with what it was
        // worked out from, and checked against the position once per position asked about.
        if let Some(mut m) = self.dispatch.try_lock() {
            let m = &mut *m;
            if !m.state.as_ref().is_some_and(|x| same_for_dispatch(x, s)) {
                match &mut m.state {
                    Some(x) => x.clone_from(s),
                    None => m.state = Some(s.clone()),
                }
                m.checked = [false; 4];
                m.blocked = [None, None];
            }
            let a = army.index();
            if !m.checked[a] {
                let side = army.side();
                let blocked = m.blocked[side.index()]
                    .get_or_insert_with(|| blocked(self, s, &self.occupancy(s), side));
                let fresh = m.armies[a]
                    .as_ref()
                    .is_some_and(|x| x.key.same(s, army, blocked));
                if !fresh {
                    let area = self.dispatch_area_from(s, army, blocked);
                    m.armies[a] = Some(ArmyArea {
                        key: DispatchKey::of(s, army, blocked),
                        area,
                    });
                }
                m.checked[a] = true;
            }
            if let Some(x) = &m.armies[a] {
                return x.area.binary_search(&hex).is_ok();
            }
        }
        self.dispatch_area(s, army).binary_search(&hex).is_ok()
    }

    /// [`Hov::dispatch_area`] by the fast path [`Hov::in_dispatch`] takes (one search from
    /// every depot at once), with no memo: for the tests that hold it to the reference.
    #[cfg(test)]
    pub(crate) fn dispatch_area_fast(&self, s: &State, army: Army) -> Vec<Hex> {
        let side = army.side();
        self.dispatch_area_from(s, army, &blocked(self, s, &self.occupancy(s), side))
    }

    /// The Dispatch Distance area of `army` (as [`Hov::dispatch_area`]) by one search from all
    /// its active depots and its Supply Source at once ([`Reach::run_from`]: every line is at
    /// most [`DISPATCH_MP`], so the hexes within it of any of them are those within it of the
    /// nearest), with `blocked` the hexes its side's lines may not pass ([`blocked`]).
    fn dispatch_area_from(&self, s: &State, army: Army, blocked: &[Hex]) -> Vec<Hex> {
        let mut from: Vec<Hex> = self
            .active_depots_with(s, army, blocked)
            .into_iter()
            .map(|i| self.board.depots[i].hex)
            .collect();
        if let Supply::Active(src) = s.supply[army.index()] {
            from.push(src);
        }
        let back = Line {
            h: self,
            s,
            blocked,
            roads_only: false,
            cavalry: true,
            backwards: true,
            bounds: self.board.grid.bounds(),
        };
        // A depot is in its own area whatever stands there; the search leaves from the open
        // ones on the map (a line may not pass an enemy force's hex).
        let starts: Vec<Hex> = from
            .iter()
            .copied()
            .filter(|&d| blocked.binary_search(&d).is_err() && back.contains(d))
            .collect();
        let mut r = Reach::new();
        if r.run_from(
            &back,
            &starts,
            ReachOptions::new(u32::from(DISPATCH_MP.halves())),
        )
        .is_ok()
        {
            from.extend(r.reached().map(|(h, _, _)| h));
        }
        self.sorted_union(from)
    }

    /// The hexes within Dispatch Distance of `army`'s active depots and Supply Source, sorted:
    /// the line is traced from the force to the depot, so the search runs backwards from each
    /// depot ([`Line`] with `backwards`). The plain reading, one search per depot: the
    /// reference the memo of [`Hov::in_dispatch`] and its one search from every depot are held
    /// to (tests/speed.rs, tests/speed_supply.rs).
    pub(crate) fn dispatch_area(&self, s: &State, army: Army) -> Vec<Hex> {
        let side = army.side();
        let mut from: Vec<Hex> = self
            .active_depots(s, army)
            .into_iter()
            .map(|i| self.board.depots[i].hex)
            .collect();
        if let Supply::Active(src) = s.supply[army.index()] {
            from.push(src);
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
            let mut one = alloc::vec![d];
            if blocked.binary_search(&d).is_err()
                && r.run(&back, d, ReachOptions::new(u32::from(DISPATCH_MP.halves())))
                    .is_ok()
            {
                one.extend(r.reached().map(|(h, _, _)| h));
            }
            out.extend_from_slice(&one);
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

/// What an army's Dispatch Distance area was worked out from: the hexes its side's lines may
/// not pass, its Supply Source, the depots held, and what a step costs (broken bridges,
/// pontoons, the weather, the Game-Turn: [`Hov::step_cost`]).
#[derive(Debug)]
struct DispatchKey {
    blocked: Vec<Hex>,
    supply: Supply,
    depots: Vec<Side>,
    broken: Vec<Hexside>,
    trains: Vec<Train>,
    weather: Option<u8>,
    turn: u8,
}

impl DispatchKey {
    fn of(s: &State, army: Army, blocked: &[Hex]) -> DispatchKey {
        DispatchKey {
            blocked: blocked.to_vec(),
            supply: s.supply[army.index()],
            depots: s.depots.clone(),
            broken: s.broken.clone(),
            trains: s.trains.clone(),
            weather: s.weather,
            turn: s.turn,
        }
    }

    fn same(&self, s: &State, army: Army, blocked: &[Hex]) -> bool {
        self.turn == s.turn
            && self.weather == s.weather
            && self.supply == s.supply[army.index()]
            && self.blocked == blocked
            && self.depots == s.depots
            && self.broken == s.broken
            && self.trains == s.trains
    }
}

/// An army's Dispatch Distance area (sorted) and what it was worked out from.
#[derive(Debug)]
struct ArmyArea {
    key: DispatchKey,
    area: Vec<Hex>,
}

/// What [`Hov::in_dispatch`] keeps between calls: the state it last answered for, each
/// side's blocked hexes in it, and each army's area with what it was worked out from (kept
/// across positions while that stays the same; `checked` once compared with the state).
#[derive(Debug, Default)]
pub struct DispatchMemo {
    state: Option<State>,
    blocked: [Option<Vec<Hex>>; 2],
    checked: [bool; 4],
    armies: [Option<ArmyArea>; 4],
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
