//! Counters made during play and the small movement-phase options around them:
//! skirmishers (11.5, ERR-8, ERR-10, AERR-6, OPT-1), detached batteries (27.1), forced march
//! (18.0) and the details of squares (11.6d, 11.6e). Extensions (17.0) are in
//! [`crate::nbs::movement::extension`].
//!
//! Representation: every counter that can appear during play is allocated when the scenario
//! is bound ([`crate::nbs::units::append_counters`]), after the printed counters, and waits `Place::Off` until it
//! is used; unit indices never change during a game, so saved games, replays and the bindings
//! see a fixed unit list. Each infantry unit with skirmisher boxes gets boxes + 1 skirmisher
//! counters (the extra one lets a full skirmisher break down, 11.5g); each infantry unit two
//! (or one) Extension counters; each battery one detached-battery counter. A counter that
//! returns to its parent, or is eliminated, may be used again.
//!
//! A skirmisher's `casualties` is 0 (full) or 1 (reduced). A battery's `skirmishers_out`
//! counts the gun points detached from it; a detached battery is a 5-GP counter whose
//! `casualties` are the points it lacks.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::engine::{Illegal, Side};
use crate::hex::{Facing, Hex};
use crate::nbs::event::{Event, PartChange};
use crate::nbs::query::Occ;
use crate::nbs::state::{Place, State, Task, UnitId, flag};
use crate::nbs::tables::{SkirmisherStrength, StragglerMod};
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::units::UnitInfo;
use crate::nbs::{ALLIED, Action, Nbs};

/// A skirmisher's leash (11.5b): its distance to the nearest friendly non-skirmisher combat
/// unit, and where those nearest units stand.
pub(in crate::nbs) struct Leash {
    pub(in crate::nbs) now: u32,
    pub(in crate::nbs) nearest: Vec<Hex>,
}

impl Leash {
    /// Takes in an anchor `d` hexes away standing in `h`.
    fn meet(&mut self, d: u32, h: Hex) {
        if d < self.now {
            self.now = d;
            self.nearest.clear();
        }
        if d == self.now {
            self.nearest.push(h);
        }
    }
}

impl Nbs {
    /// The parent of a counter made during play.
    pub(in crate::nbs) fn parent_of(&self, u: UnitId) -> Option<UnitId> {
        self.units.get(usize::from(u)).and_then(|i| i.parent)
    }

    /// A skirmisher counter.
    pub(in crate::nbs) fn is_skirmisher(&self, u: UnitId) -> bool {
        self.units[usize::from(u)].kind == UnitKind::Skirmisher
    }

    /// A detached battery (27.1).
    pub(in crate::nbs) fn is_detached(&self, u: UnitId) -> bool {
        let i = &self.units[usize::from(u)];
        i.kind == UnitKind::Artillery && i.parent.is_some()
    }

    /// The counters made for `parent` that satisfy `f`, in index order.
    pub(in crate::nbs) fn pool<'a>(
        &'a self,
        parent: UnitId,
        f: impl Fn(&UnitInfo) -> bool + 'a,
    ) -> impl Iterator<Item = UnitId> + 'a {
        self.units[usize::from(parent)]
            .parts
            .iter()
            .copied()
            .filter(move |&k| f(&self.units[usize::from(k)]))
    }

    /// Places a counter made during play in `hex`, copying its parent's facing, morale and
    /// spent MPs, at the bottom of the stack (11.5a, 17.0b, 27.1).
    fn place_part(&self, s: &mut State, u: UnitId, from: UnitId, hex: Hex) {
        let p = s.units[usize::from(from)].clone();
        let order = s.next_order;
        s.next_order = s.next_order.wrapping_add(1);
        let st = &mut s.units[usize::from(u)];
        st.place = Place::At(hex);
        st.facing = p.facing;
        st.morale = p.morale;
        st.casualties = 0;
        st.stragglers = 0;
        st.skirmishers_out = 0;
        st.order = order;
        st.flags = p.flags & (flag::MOVED | flag::FIRED_OR_FIRED_ON | flag::OUT_OF_RADIUS);
        st.road = 0;
        st.spent = p.spent;
    }

    /// Takes a counter made during play off the map, ready to be used again.
    pub(in crate::nbs) fn remove_part(&self, s: &mut State, u: UnitId) {
        let st = &mut s.units[usize::from(u)];
        st.place = Place::Off;
        st.casualties = 0;
        st.stragglers = 0;
        st.skirmishers_out = 0;
        st.flags = 0;
        st.road = 0;
        st.spent = 0;
    }

    /// Skirmisher strength (11.5c).
    pub(in crate::nbs) fn skirmisher_strength(&self, s: &State, u: UnitId) -> SkirmisherStrength {
        if s.units[usize::from(u)].casualties == 0 {
            SkirmisherStrength::Full
        } else {
            SkirmisherStrength::Reduced
        }
    }

    /// Allied skirmishers on the map in halves of a full-strength skirmisher (AERR-6: two
    /// reduced count as one full).
    pub(in crate::nbs) fn skirmisher_halves(&self, s: &State, side: Side) -> u16 {
        (0..s.units.len() as UnitId)
            .filter(|&u| {
                self.is_skirmisher(u)
                    && self.units[usize::from(u)].side == side
                    && s.units[usize::from(u)].hex().is_some()
            })
            .map(|u| 2 - u16::from(s.units[usize::from(u)].casualties.min(1)))
            .sum()
    }

    /// The key that puts a skirmisher at the very top or the very bottom of its stack
    /// (11.5h A): 0 top, 1 any other unit, 2 bottom.
    pub(in crate::nbs) fn stack_rank(&self, s: &State, u: UnitId) -> u8 {
        if !self.is_skirmisher(u) {
            1
        } else if s.units[usize::from(u)].has(flag::SKIRMISHER_TOP) {
            0
        } else {
            2
        }
    }

    /// A hex whose combat units of `side` are all skirmishers (11.5e, 13.0a).
    pub(in crate::nbs) fn only_skirmishers(&self, s: &State, hex: Hex) -> bool {
        // One pass, no stack built: the order of the stack does not bear on the answer.
        let mut any = false;
        for (info, x) in self.units.iter().zip(&s.units) {
            if x.place == Place::At(hex) && info.combat() {
                if info.kind != UnitKind::Skirmisher {
                    return false;
                }
                any = true;
            }
        }
        any
    }

    /// 13.0a: a skirmisher alone in its hex faces all around (every hexside frontal); the
    /// hex's units are read from `occ` when the caller has built the index.
    pub(in crate::nbs) fn lone_skirmisher_in(
        &self,
        s: &State,
        occ: Option<&Occ>,
        u: UnitId,
    ) -> bool {
        self.is_skirmisher(u)
            && s.units[usize::from(u)].hex().is_some_and(|h| match occ {
                Some(occ) => self.only_skirmishers_occ(occ, h),
                None => self.only_skirmishers(s, h),
            })
    }

    /// [`Self::only_skirmishers`] by the index.
    pub(in crate::nbs) fn only_skirmishers_occ(&self, occ: &Occ, hex: Hex) -> bool {
        let mut any = false;
        for u in self.occ_at(occ, hex) {
            let info = &self.units[usize::from(u)];
            if info.combat() {
                if info.kind != UnitKind::Skirmisher {
                    return false;
                }
                any = true;
            }
        }
        any
    }

    /// 12.1: at most one full skirmisher (or two reduced) per hex on top of the fire levels.
    pub(in crate::nbs) fn skirmisher_overstacked(&self, s: &State, hex: Hex, side: Side) -> bool {
        let halves: u16 = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, x)| {
                x.place == Place::At(hex)
                    && self.units[*i].side == side
                    && self.units[*i].kind == UnitKind::Skirmisher
            })
            .map(|(_, x)| 2 - u16::from(x.casualties.min(1)))
            .sum();
        halves > 2
    }

    /// Hexes from `hex` to the nearest friendly non-skirmisher combat unit other than `u`.
    pub(in crate::nbs) fn leash_distance(&self, s: &State, u: UnitId, hex: Hex) -> Option<u32> {
        let side = self.units[usize::from(u)].side;
        s.units
            .iter()
            .enumerate()
            .filter(|(i, _)| {
                let info = &self.units[*i];
                *i != usize::from(u)
                    && info.side == side
                    && info.combat()
                    && info.kind != UnitKind::Skirmisher
            })
            .filter_map(|(_, x)| x.hex())
            .map(|h| h.distance(hex))
            .min()
    }

    /// For a skirmisher, its leash distance now (11.5b).
    pub(in crate::nbs) fn leash_now(&self, s: &State, u: UnitId) -> Option<u32> {
        self.leash_of(s, u).map(|l| l.now)
    }

    /// For a skirmisher, its leash now (11.5b), once per unit while listing.
    pub(in crate::nbs) fn leash_of(&self, s: &State, u: UnitId) -> Option<Leash> {
        if self.units[usize::from(u)].kind != UnitKind::Skirmisher {
            return None;
        }
        let mut leash = Leash {
            now: u32::MAX,
            nearest: Vec::new(),
        };
        let Some(from) = s.units[usize::from(u)].hex() else {
            return Some(leash);
        };
        let side = self.units[usize::from(u)].side;
        for h in self.leash_anchors_iter(s, side) {
            leash.meet(h.distance(from), h);
        }
        Some(leash)
    }

    /// The hexes of the combat units of `side` that hold a skirmisher's leash (11.5b: every
    /// combat unit but skirmishers), one entry a unit, in unit order.
    fn leash_anchors_iter<'a>(
        &'a self,
        s: &'a State,
        side: Side,
    ) -> impl Iterator<Item = Hex> + 'a {
        self.units
            .iter()
            .zip(&s.units)
            .filter_map(move |(info, x)| {
                (info.side == side && info.combat() && info.kind != UnitKind::Skirmisher)
                    .then(|| x.hex())
                    .flatten()
            })
    }

    /// [`Self::leash_anchors_iter`] gathered once for a listing.
    ///
    /// Each hex once, sorted: a stack holds several anchors, and the leash reads only the
    /// distances and the hexes.
    pub(in crate::nbs) fn leash_anchors(&self, s: &State, side: Side) -> Vec<Hex> {
        let mut v: Vec<Hex> = self.leash_anchors_iter(s, side).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// [`Self::leash_of`] with the anchors of the skirmisher's side already gathered by
    /// [`Self::leash_anchors`]: the listing asks this for every skirmisher that may move.
    pub(in crate::nbs) fn leash_among(
        &self,
        s: &State,
        u: UnitId,
        anchors: &[Hex],
    ) -> Option<Leash> {
        if self.units[usize::from(u)].kind != UnitKind::Skirmisher {
            return None;
        }
        let mut leash = Leash {
            now: u32::MAX,
            nearest: Vec::new(),
        };
        if let Some(from) = s.units[usize::from(u)].hex() {
            for &h in anchors {
                leash.meet(h.distance(from), h);
            }
        }
        Some(leash)
    }

    /// Whether a leash anchor of `u` (11.5b: a friendly combat unit other than a skirmisher)
    /// stands in `hex` or next to it, by the index.
    pub(in crate::nbs) fn leash_slack(&self, occ: &Occ, u: UnitId, hex: Hex) -> bool {
        let side = self.units[usize::from(u)].side;
        let anchor = |x: UnitId| {
            let i = &self.units[usize::from(x)];
            x != u && i.side == side && i.combat() && i.kind != UnitKind::Skirmisher
        };
        self.occ_at(occ, hex).any(anchor)
            || hex
                .neighbors()
                .into_iter()
                .any(|n| self.occ_at(occ, n).any(anchor))
    }

    /// Whether a friendly non-skirmisher combat unit stands within 2 hexes of `hex`, by the
    /// index (11.5b, the listing path).
    fn leash_near(&self, occ: &Occ, u: UnitId, hex: Hex) -> bool {
        let side = self.units[usize::from(u)].side;
        (-2i16..=2).any(|dq| {
            (-2i16..=2).any(|dr| {
                let h = Hex::new(hex.q + dq, hex.r + dr);
                hex.distance(h) <= 2
                    && self.occ_at(occ, h).any(|x| {
                        let i = &self.units[usize::from(x)];
                        x != u && i.side == side && i.combat() && i.kind != UnitKind::Skirmisher
                    })
            })
        })
    }

    /// [`Self::part_step_check`] for listing, without messages: `leash` is
    /// [`Self::leash_now`], `road` whether the step's own verdict (16.2a, 13.2c, ERR-4) takes
    /// it at the road rate. A step the listing asks about has passed that verdict, so 18.0a
    /// reads the flag instead of judging the step again.
    pub(in crate::nbs) fn part_step_ok(
        &self,
        s: &State,
        occ: &Occ,
        u: UnitId,
        leash: Option<&Leash>,
        to: Hex,
        road: bool,
    ) -> bool {
        if let Some(l) = leash {
            // A step changes every distance by at most one, so only the nearest friends can
            // be nearer than `now` after it.
            if !self.leash_near(occ, u, to) && !l.nearest.iter().any(|f| f.distance(to) < l.now) {
                return false;
            }
        }
        let extension = self.is_extension(u);
        let forced = s.units[usize::from(u)].has(flag::FORCED_1);
        if !extension && !forced {
            return true;
        }
        if self.units[usize::from(u)].kind == UnitKind::Skirmisher {
            return self.part_step_check(s, u, to).is_ok(); // 11.5b as well
        }
        // 17.1: never onto another Extension.
        if extension && self.occ_at(occ, to).any(|x| x != u && self.is_extension(x)) {
            return false;
        }
        // 18.0a: a forced march follows the road at the road rate.
        !forced || road
    }

    /// The rules of this part for a step (11.5b leash, 17.1 Extensions never stack, 18.0a
    /// forced march on roads only); `Ok` at once for ordinary units.
    pub(in crate::nbs) fn part_step_check(
        &self,
        s: &State,
        u: UnitId,
        to: Hex,
    ) -> Result<(), Illegal> {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        if info.kind == UnitKind::Skirmisher {
            // 11.5b, ERR-10: never more than 2 hexes from a friendly non-skirmisher unit; one
            // left beyond by a retreat may only close the distance.
            let from = st.hex().unwrap_or(to);
            let now = self.leash_distance(s, u, from).unwrap_or(u32::MAX);
            let after = self.leash_distance(s, u, to).unwrap_or(u32::MAX);
            if after > 2 && after >= now {
                return Err(Illegal::new(
                    "11.5b",
                    format!(
                        "{} may not move to {}: more than 2 hexes from every friendly non-skirmisher unit",
                        info.name,
                        self.label(to)
                    ),
                ));
            }
        }
        if self.is_extension(u) {
            let other = (0..s.units.len() as UnitId).find(|&x| {
                x != u && self.is_extension(x) && s.units[usize::from(x)].place == Place::At(to)
            });
            if let Some(x) = other {
                return Err(Illegal::new(
                    "17.1",
                    format!(
                        "{} may not stack with another Extension ({}) in {}",
                        info.name,
                        self.name(x),
                        self.label(to)
                    ),
                ));
            }
        }
        if st.has(flag::FORCED_1) {
            let (_, _, road) = self.step_cost(s, u, to)?;
            if !road {
                // The road hexside is there but its rate is not open to the unit now.
                if let Some(rule) = self.road_refusal(s, u, to) {
                    return Err(Illegal::new(
                        rule,
                        format!(
                            "{} is on a forced march (18.0a) and must move by road; {}",
                            info.name,
                            if rule == "13.2c" {
                                "it must first face along the road it means to follow"
                            } else {
                                "it may not use road rates stacked or through another road mover"
                            }
                        ),
                    ));
                }
                return Err(Illegal::new(
                    "18.0a",
                    format!(
                        "{} is on a forced march and must follow roads the whole phase; entering {} leaves the road",
                        info.name,
                        self.label(to)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// After a step: a skirmisher enters each new hex at the bottom (11.5h A); a step off a
    /// road rules out forced march this phase (18.0a).
    pub(in crate::nbs) fn after_part_step(&self, s: &mut State, u: UnitId, road: bool) {
        let st = &mut s.units[usize::from(u)];
        if !road {
            st.flags |= flag::OFF_ROAD;
        }
        st.flags &= !flag::SKIRMISHER_TOP;
    }

    /// 18.0: +3 MP (6 halves) for each forced-march set taken.
    pub(in crate::nbs) fn forced_bonus(&self, s: &State, u: UnitId) -> u16 {
        let st = &s.units[usize::from(u)];
        6 * (u16::from(st.has(flag::FORCED_1)) + u16::from(st.has(flag::FORCED_2)))
    }

    /// Gun points detached from a battery (27.1).
    pub(in crate::nbs) fn detached_gp(&self, s: &State, u: UnitId) -> u8 {
        if self.units[usize::from(u)].kind == UnitKind::Artillery {
            s.units[usize::from(u)].skirmishers_out
        } else {
            0
        }
    }

    /// After a formation change: a hex forming square puts its skirmishers at the bottom
    /// (11.6d); Extensions follow their parent's line or column (ERR-5, 17.0b).
    pub(in crate::nbs) fn after_form(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let st = &s.units[usize::from(u)];
        let Some(h) = st.hex() else { return };
        if st.formation == Formation::Square {
            self.skirmishers_to_bottom(s, h, ev);
        }
        self.extensions_follow(s, u, ev);
    }

    /// The decisions of this part open in the phasing player's Movement Phase.
    pub(in crate::nbs) fn part_actions(&self, s: &State, occ: &Occ, out: &mut Vec<Action>) {
        let side = self.phasing(s);
        // The candidates of one counter; kept across the counters, emptied by each.
        let mut cands: Vec<Action> = Vec::new();
        let mut squares: Vec<Action> = Vec::new();
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            let st = &s.units[usize::from(u)];
            if info.side != side {
                continue;
            }
            let Some(h) = st.hex() else { continue };
            match info.kind {
                UnitKind::Infantry => {
                    cands.push(Action::Release { unit: u });
                    cands.push(Action::Extend { unit: u });
                    cands.push(Action::Absorb { unit: u });
                    cands.push(Action::ForcedMarch { unit: u });
                    if st.formation == Formation::Square {
                        // 11.6e: the new facing does not bear on whether the change is open,
                        // so each formation is checked once and listed with all 12 facings.
                        for f in [Formation::Line, Formation::Column] {
                            let first = Action::LeaveSquare {
                                unit: u,
                                formation: f,
                                facing: 0,
                            };
                            if self.part_check_in(s, Some(occ), &first).is_ok() {
                                squares.extend((0..12u8).map(|facing| Action::LeaveSquare {
                                    unit: u,
                                    formation: f,
                                    facing,
                                }));
                            }
                        }
                    }
                }
                UnitKind::Skirmisher => {
                    cands.push(Action::Split { unit: u });
                    cands.push(Action::Restack {
                        unit: u,
                        top: !st.has(flag::SKIRMISHER_TOP),
                    });
                    for w in self.occ_at(occ, h) {
                        if w > u && self.is_skirmisher(w) {
                            cands.push(Action::Combine { unit: u, with: w });
                        }
                    }
                }
                UnitKind::Artillery => {
                    if self.is_detached(u) {
                        for t in self.occ_at(occ, h) {
                            if t != u {
                                cands.push(Action::Reattach { unit: u, to: t });
                            }
                        }
                    } else {
                        // 27.1: 1 to 5 gun points, one kept; the check refuses the rest.
                        let most = self.gun_points(s, u).saturating_sub(1).min(5);
                        for gp in 1..=most {
                            cands.push(Action::Detach {
                                unit: u,
                                gun_points: gp,
                            });
                        }
                    }
                }
                _ => {}
            }
            for a in cands.drain(..) {
                if self.part_candidate_open(s, occ, &a)
                    && self.part_check_in(s, Some(occ), &a).is_ok()
                {
                    out.push(a);
                }
            }
            out.append(&mut squares);
        }
    }

    /// A necessary condition of [`Self::part_check`] for the candidates the listing makes,
    /// read from the counters' own fields and the listing's index: false only where the check
    /// refuses, so that the listing skips the check and its refusal message. Each arm
    /// restates refusals of its check for a counter of the moving player on the map: 11.5a
    /// and 11.5 (release: fit, a box unmarked, a counter free), 17.1 and 17.0b (extend:
    /// formation, a counter free), 17.0 (absorb: only an Extension), 18.0a and 18.0b (forced
    /// march), 11.5g (split: a full-strength skirmisher; combine: two reduced ones), 11.5h
    /// (restack: not Routed, not in a hex of skirmishers alone), 27.1 (detach: a counter
    /// free). `r11_5_r17_r18_r27_1_part_candidates_never_hide_an_open_action` compares the two through random
    /// play.
    pub(in crate::nbs) fn part_candidate_open(&self, s: &State, occ: &Occ, a: &Action) -> bool {
        // A counter of `parent`'s pool (of `kind`, or any for 27.1) is off the map (17.1,
        // 11.5a, 27.1), as the checks look for one.
        let free = |parent: UnitId, kind: Option<UnitKind>| {
            self.pool(parent, move |i| kind.is_none_or(|k| i.kind == k))
                .any(|k| s.units[usize::from(k)].hex().is_none())
        };
        match *a {
            Action::Split { unit } => {
                return self.is_skirmisher(unit) && s.units[usize::from(unit)].casualties == 0;
            }
            Action::Combine { unit, with } => {
                return s.units[usize::from(unit)].casualties == 1
                    && s.units[usize::from(with)].casualties == 1;
            }
            Action::Restack { unit, .. } => {
                let st = &s.units[usize::from(unit)];
                return st.morale != MoraleState::Routed
                    && st.hex().is_some_and(|h| !self.only_skirmishers_occ(occ, h));
            }
            Action::Detach { unit, .. } => {
                return self.units[usize::from(unit)].kind != UnitKind::Artillery
                    || free(unit, None);
            }
            _ => {}
        }
        let (Action::Release { unit }
        | Action::Extend { unit }
        | Action::Absorb { unit }
        | Action::ForcedMarch { unit }) = *a
        else {
            return true;
        };
        let info = &self.units[usize::from(unit)];
        let st = &s.units[usize::from(unit)];
        if info.kind != UnitKind::Infantry {
            return true; // the check says why
        }
        let shaken = matches!(st.morale, MoraleState::Disorganized | MoraleState::Routed);
        match *a {
            Action::Release { .. } => {
                info.parent.is_none()
                    && !shaken
                    && st.skirmishers_out < info.skirmisher_boxes
                    && free(unit, Some(UnitKind::Skirmisher))
            }
            Action::Extend { .. } => {
                info.parent.is_none()
                    && matches!(st.formation, Formation::Line | Formation::Column)
                    && st.morale != MoraleState::Routed
                    && !st.has(flag::STOPPED)
                    && free(unit, Some(UnitKind::Infantry))
            }
            Action::Absorb { .. } => info.parent.is_some(),
            _ => {
                st.formation == Formation::Column
                    && !shaken
                    && !st.has(flag::STOPPED)
                    && !st.has(flag::OFF_ROAD)
                    && !st.has(flag::FORCED_2)
            }
        }
    }

    fn own_part(&self, s: &State, u: UnitId) -> Result<(), Illegal> {
        self.unit_ref(s, u)?;
        let info = &self.units[usize::from(u)];
        if info.side != self.phasing(s) {
            return Err(Illegal::new(
                "16.3b",
                format!("{} is not the moving player's", info.name),
            ));
        }
        let st = &s.units[usize::from(u)];
        if st.hex().is_none() {
            return Err(Illegal::new(
                "16.1",
                format!("{} is not on the map", info.name),
            ));
        }
        Ok(())
    }

    /// Why an action of this part is refused now, or the counter it would use.
    pub(in crate::nbs) fn part_check(
        &self,
        s: &State,
        a: &Action,
    ) -> Result<Option<UnitId>, Illegal> {
        self.part_check_in(s, None, a)
    }

    /// [`Self::part_check`], reading hexes from `occ` when the caller has built the index
    /// (the listing path); the same answer either way.
    fn part_check_in(
        &self,
        s: &State,
        occ: Option<&Occ>,
        a: &Action,
    ) -> Result<Option<UnitId>, Illegal> {
        // 11.6e goes through the formation change, with its own conditions (25.1b, 11.0).
        if let Action::LeaveSquare {
            unit, formation, ..
        } = *a
        {
            self.unit_ref(s, unit)?;
            self.own_mover(s, unit, self.phasing(s))?;
            if !self.formations_open(s, unit).any(|f| f == formation) {
                return Err(Illegal::new(
                    "11.6e",
                    format!(
                        "{} cannot leave square for {formation:?} now",
                        self.name(unit)
                    ),
                ));
            }
        }
        match *a {
            Action::Release { unit } => self.release_check(s, unit).map(Some),
            Action::Combine { unit, with } => {
                self.own_part(s, unit)?;
                self.own_part(s, with)?;
                let ok = unit != with
                    && self.is_skirmisher(unit)
                    && self.is_skirmisher(with)
                    && s.units[usize::from(unit)].place == s.units[usize::from(with)].place
                    && s.units[usize::from(unit)].casualties == 1
                    && s.units[usize::from(with)].casualties == 1;
                if !ok {
                    return Err(Illegal::new(
                        "11.5g",
                        format!(
                            "only two reduced skirmishers in one hex combine ({} and {})",
                            self.name(unit),
                            self.name(with)
                        ),
                    ));
                }
                Ok(None)
            }
            Action::Split { unit } => {
                self.own_part(s, unit)?;
                if !self.is_skirmisher(unit) || s.units[usize::from(unit)].casualties != 0 {
                    return Err(Illegal::new(
                        "11.5g",
                        format!("{} is not a full-strength skirmisher", self.name(unit)),
                    ));
                }
                let free = self.free_skirmisher(s, unit).ok_or_else(|| {
                    Illegal::new(
                        "11.5g",
                        format!(
                            "no skirmisher counter is free to break {} down",
                            self.name(unit)
                        ),
                    )
                })?;
                Ok(Some(free))
            }
            Action::Restack { unit, top } => {
                self.own_part(s, unit)?;
                let st = &s.units[usize::from(unit)];
                let h = st.hex().unwrap_or(Hex::new(0, 0));
                if !self.is_skirmisher(unit)
                    || st.has(flag::SKIRMISHER_TOP) == top
                    || st.morale == MoraleState::Routed
                    || match occ {
                        Some(occ) => self.only_skirmishers_occ(occ, h),
                        None => self.only_skirmishers(s, h),
                    }
                {
                    return Err(Illegal::new(
                        "11.5h",
                        format!(
                            "{} is not a skirmisher that can move to the {} of a stack",
                            self.name(unit),
                            if top { "top" } else { "bottom" }
                        ),
                    ));
                }
                if top {
                    let side = self.units[usize::from(unit)].side;
                    if h.neighbors().into_iter().any(|n| match occ {
                        Some(occ) => self.enemy_in_occ(occ, n, side),
                        None => self.enemy_in(s, n, side),
                    }) {
                        return Err(Illegal::new(
                            "11.5h",
                            format!(
                                "{} is adjacent to the enemy and cannot move from the bottom to the top",
                                self.name(unit)
                            ),
                        ));
                    }
                    let square = |x: UnitId| {
                        self.units[usize::from(x)].combat()
                            && s.units[usize::from(x)].formation == Formation::Square
                    };
                    let in_square = match occ {
                        Some(occ) => self.occ_at(occ, h).any(square),
                        None => self.combat_stack(s, h).into_iter().any(square),
                    };
                    if in_square {
                        return Err(Illegal::new(
                            "11.6d",
                            format!(
                                "{} is sheltering in a square in {} and stays at the bottom",
                                self.name(unit),
                                self.label(h)
                            ),
                        ));
                    }
                }
                Ok(None)
            }
            Action::Extend { unit } => self.extend_check(s, unit).map(Some),
            Action::Absorb { unit } => self.absorb_check(s, unit).map(|_| None),
            Action::Detach { unit, gun_points } => {
                self.own_part(s, unit)?;
                let info = &self.units[usize::from(unit)];
                if info.kind != UnitKind::Artillery || info.parent.is_some() {
                    return Err(Illegal::new(
                        "27.1",
                        format!("{} is not a battery that can detach guns", info.name),
                    ));
                }
                let gp = self.gun_points(s, unit);
                if gun_points == 0 || gun_points > 5 || gun_points >= gp {
                    return Err(Illegal::new(
                        "27.1",
                        format!(
                            "{} has {gp} gun points: it may detach 1 to 5 and must keep one",
                            info.name
                        ),
                    ));
                }
                let free = self
                    .pool(unit, |_| true)
                    .find(|&d| s.units[usize::from(d)].hex().is_none())
                    .ok_or_else(|| {
                        Illegal::new(
                            "27.1",
                            format!("{} already has a detached battery out", info.name),
                        )
                    })?;
                Ok(Some(free))
            }
            Action::Reattach { unit, to } => {
                self.own_part(s, unit)?;
                self.unit_ref(s, to)?;
                let a = &self.units[usize::from(unit)];
                let b = &self.units[usize::from(to)];
                let same = unit != to
                    && self.is_detached(unit)
                    && b.kind == UnitKind::Artillery
                    && b.side == a.side
                    && b.weight == a.weight
                    && b.class == a.class
                    && s.units[usize::from(to)].place == s.units[usize::from(unit)].place;
                if !same {
                    return Err(Illegal::new(
                        "27.1",
                        format!(
                            "{} reattaches only to a battery of its type and class in its hex, not {}",
                            a.name, b.name
                        ),
                    ));
                }
                let (g, t) = (self.gun_points(s, unit), self.gun_points(s, to));
                let room = b.gun_points.saturating_sub(t);
                if g + t > 5 || g > room {
                    return Err(Illegal::new(
                        "27.1",
                        format!(
                            "{} ({t} GP) cannot take {}'s {g} gun points: a battery holds at most 5",
                            b.name, a.name
                        ),
                    ));
                }
                Ok(None)
            }
            Action::ForcedMarch { unit } => {
                self.own_part(s, unit)?;
                let info = &self.units[usize::from(unit)];
                let st = &s.units[usize::from(unit)];
                if info.kind != UnitKind::Infantry
                    || st.formation != Formation::Column
                    || matches!(st.morale, MoraleState::Disorganized | MoraleState::Routed)
                    || st.has(flag::STOPPED)
                {
                    return Err(Illegal::new(
                        "18.0a",
                        format!(
                            "{} cannot force march: infantry in column, neither DG nor Routed",
                            info.name
                        ),
                    ));
                }
                if st.has(flag::OFF_ROAD) {
                    return Err(Illegal::new(
                        "18.0a",
                        format!("{} has left the road this phase", info.name),
                    ));
                }
                if st.has(flag::FORCED_2) {
                    return Err(Illegal::new(
                        "18.0b",
                        format!("{} has taken both forced-march sets", info.name),
                    ));
                }
                Ok(None)
            }
            Action::LeaveSquare {
                unit,
                formation,
                facing,
            } => {
                self.own_part(s, unit)?;
                let st = &s.units[usize::from(unit)];
                if st.formation != Formation::Square
                    || !matches!(formation, Formation::Line | Formation::Column)
                    || Facing::new(facing).is_none()
                {
                    return Err(Illegal::new(
                        "11.6e",
                        format!(
                            "{} is not a square changing to line or column",
                            self.name(unit)
                        ),
                    ));
                }
                if !self.part_formation_ok(s, unit, formation) {
                    return Err(Illegal::new(
                        "17.0b",
                        format!("{} must take its parent's formation", self.name(unit)),
                    ));
                }
                self.form_cost(s, unit, formation)?;
                Ok(None)
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    fn release_check(&self, s: &State, unit: UnitId) -> Result<UnitId, Illegal> {
        self.own_part(s, unit)?;
        let info = &self.units[usize::from(unit)];
        let st = &s.units[usize::from(unit)];
        if info.kind != UnitKind::Infantry || info.parent.is_some() {
            return Err(Illegal::new(
                "11.5a",
                format!("{} has no skirmisher boxes", info.name),
            ));
        }
        if matches!(st.morale, MoraleState::Disorganized | MoraleState::Routed) {
            return Err(Illegal::new(
                "11.5",
                format!(
                    "{} is DG or Routed and cannot release skirmishers",
                    info.name
                ),
            ));
        }
        if st.skirmishers_out >= info.skirmisher_boxes {
            return Err(Illegal::new(
                "11.5a",
                format!("{} has no unmarked skirmisher box", info.name),
            ));
        }
        if info.side == ALLIED {
            if let Some(cap) = self.skirmisher_cap {
                if self.skirmisher_halves(s, ALLIED) + 2 > 2 * u16::from(cap) {
                    return Err(Illegal::new(
                        "AERR-6",
                        format!(
                            "the Allies already have {cap} full-strength skirmishers (two reduced count as one); {} cannot release another",
                            info.name
                        ),
                    ));
                }
            }
        }
        self.pool(unit, |i| i.kind == UnitKind::Skirmisher)
            .find(|&k| s.units[usize::from(k)].hex().is_none())
            .ok_or_else(|| {
                Illegal::new(
                    "11.5a",
                    format!("every skirmisher counter of {} is in use", info.name),
                )
            })
    }

    /// A skirmisher counter off the map for breaking `u` down: its parent's first, else any
    /// of its side and nationality.
    fn free_skirmisher(&self, s: &State, u: UnitId) -> Option<UnitId> {
        let info = &self.units[usize::from(u)];
        let free = |k: &UnitId| s.units[usize::from(*k)].hex().is_none();
        info.parent
            .and_then(|p| self.pool(p, |i| i.kind == UnitKind::Skirmisher).find(free))
            .or_else(|| {
                (0..s.units.len() as UnitId).filter(free).find(|&k| {
                    let i = &self.units[usize::from(k)];
                    i.kind == UnitKind::Skirmisher && i.side == info.side && i.nation == info.nation
                })
            })
    }

    /// Applies an action of this part (Movement Phase, 0 MP unless stated).
    pub(in crate::nbs) fn part_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
        resumed: bool,
    ) -> Result<(), Illegal> {
        let used = self.part_check(s, a)?;
        match *a {
            Action::Release { unit } => {
                let k = used.unwrap_or(unit);
                let h = s.units[usize::from(unit)].hex().unwrap_or(Hex::new(0, 0));
                self.place_part(s, k, unit, h);
                // 11.5a: at the bottom, in skirmish order, with the parent's remaining MA.
                let parent_left = self
                    .allowance(s, unit)
                    .saturating_sub(s.units[usize::from(unit)].spent);
                s.units[usize::from(k)].formation = Formation::Skirmish;
                let ma = self.allowance(s, k);
                s.units[usize::from(k)].spent = ma.saturating_sub(parent_left);
                s.units[usize::from(unit)].skirmishers_out += 1;
                ev.push(Event::Part {
                    what: PartChange::Released,
                    unit: k,
                    other: Some(unit),
                    count: 0,
                });
            }
            Action::Combine { unit, with } => {
                s.units[usize::from(unit)].casualties = 0;
                self.remove_part(s, with);
                ev.push(Event::Part {
                    what: PartChange::Combined,
                    unit,
                    other: Some(with),
                    count: 0,
                });
            }
            Action::Split { unit } => {
                let k = used.unwrap_or(unit);
                let h = s.units[usize::from(unit)].hex().unwrap_or(Hex::new(0, 0));
                self.place_part(s, k, unit, h);
                let st = s.units[usize::from(unit)].clone();
                let nk = &mut s.units[usize::from(k)];
                nk.formation = Formation::Skirmish;
                nk.casualties = 1;
                nk.flags |= st.flags & flag::SKIRMISHER_TOP;
                s.units[usize::from(unit)].casualties = 1;
                ev.push(Event::Part {
                    what: PartChange::Split,
                    unit,
                    other: Some(k),
                    count: 0,
                });
            }
            Action::Restack { unit, top } => {
                let st = &mut s.units[usize::from(unit)];
                if top {
                    st.flags |= flag::SKIRMISHER_TOP;
                } else {
                    st.flags &= !flag::SKIRMISHER_TOP;
                }
                ev.push(Event::Part {
                    what: if top {
                        PartChange::ToTop
                    } else {
                        PartChange::ToBottom
                    },
                    unit,
                    other: None,
                    count: 0,
                });
            }
            Action::Extend { unit } => {
                let k = used.unwrap_or(unit);
                self.extend_do(s, unit, k, ev);
            }
            Action::Absorb { unit } => self.absorb_do(s, unit, PartChange::Absorbed, ev),
            Action::Detach { unit, gun_points } => {
                let k = used.unwrap_or(unit);
                let h = s.units[usize::from(unit)].hex().unwrap_or(Hex::new(0, 0));
                self.place_part(s, k, unit, h);
                let f = s.units[usize::from(unit)].formation;
                s.units[usize::from(k)].formation = f;
                s.units[usize::from(k)].casualties = 5 - gun_points;
                s.units[usize::from(unit)].skirmishers_out += gun_points;
                ev.push(Event::Part {
                    what: PartChange::Detached,
                    unit: k,
                    other: Some(unit),
                    count: gun_points,
                });
            }
            Action::Reattach { unit, to } => {
                let g = self.gun_points(s, unit);
                // Fill the gun points detached from `to` first, then its losses (27.1: gun
                // points are interchangeable within type and class).
                let t = &mut s.units[usize::from(to)];
                let back = g.min(t.skirmishers_out);
                t.skirmishers_out -= back;
                t.casualties = t.casualties.saturating_sub(g - back);
                self.remove_part(s, unit);
                ev.push(Event::Part {
                    what: PartChange::Reattached,
                    unit,
                    other: Some(to),
                    count: g,
                });
            }
            Action::ForcedMarch { unit } => {
                let st = &mut s.units[usize::from(unit)];
                let set = if st.has(flag::FORCED_1) {
                    st.flags |= flag::FORCED_2;
                    2
                } else {
                    st.flags |= flag::FORCED_1;
                    1
                };
                let mut modifier = 0i8;
                if self.wrecked(s, unit) || self.turn_info(s.turn).night {
                    modifier += self
                        .tables
                        .straggler_modifier(StragglerMod::RoutedWreckedOrNight);
                }
                ev.push(Event::Part {
                    what: PartChange::ForcedMarch,
                    unit,
                    other: None,
                    count: set,
                });
                // 18.0b: the Straggler Table roll comes first; the chance node resolves it
                // before anything else can use the MPs.
                s.tasks.push(Task::StragglerRoll { unit, modifier });
            }
            Action::LeaveSquare {
                unit,
                formation,
                facing,
            } => {
                let before = s.tasks.len();
                self.movement_do(s, &Action::Form { unit, formation }, ev, resumed)?;
                if s.tasks.len() > before {
                    // 15.1: the opportunity-fire window comes first; the whole change waits.
                    for t in &mut s.tasks[before..] {
                        if let Task::Resume { then, .. } = t {
                            *then = a.clone();
                        }
                    }
                    return Ok(());
                }
                // 11.6e: any facing, free.
                if let Some(f) = Facing::new(facing) {
                    s.units[usize::from(unit)].facing = f;
                    ev.push(Event::Faced {
                        unit,
                        facing,
                        cost: 0,
                    });
                }
            }
            _ => return Err(self.not_now(s, a)),
        }
        Ok(())
    }

    /// End of the phasing player's Movement Phase: skirmisher recovery (11.5d) and
    /// Extensions not next to their parent (17.0).
    pub(in crate::nbs) fn end_movement_parts(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        // 11.5d: a full skirmisher stacked with its parent (or, failing that, with another
        // infantry unit of its side with a marked box) goes back; the box is unmarked.
        for k in 0..s.units.len() as UnitId {
            if !self.is_skirmisher(k) || self.units[usize::from(k)].side != side {
                continue;
            }
            let st = &s.units[usize::from(k)];
            let Some(h) = st.hex() else { continue };
            if st.casualties != 0 {
                continue;
            }
            let marked = |x: UnitId, s: &State| {
                s.units[usize::from(x)].place == Place::At(h)
                    && self.units[usize::from(x)].kind == UnitKind::Infantry
                    && self.units[usize::from(x)].parent.is_none()
                    && s.units[usize::from(x)].skirmishers_out > 0
            };
            let by = self.parent_of(k).filter(|&p| marked(p, s)).or_else(|| {
                (0..s.units.len() as UnitId)
                    .find(|&x| self.units[usize::from(x)].side == side && marked(x, s))
            });
            if let Some(p) = by {
                self.remove_part(s, k);
                s.units[usize::from(p)].skirmishers_out -= 1;
                ev.push(Event::Part {
                    what: PartChange::Recovered,
                    unit: k,
                    other: Some(p),
                    count: 0,
                });
            }
        }
        // 11.5b: a skirmisher still beyond the leash could not get back this phase.
        let occ = Occ::new(self, s);
        let mut cache = crate::nbs::query::RadiusCache::default();
        for (u, _) in self.stray_skirmishers(s, &occ, &mut cache) {
            ev.push(Event::Part {
                what: PartChange::Stray,
                unit: u,
                other: None,
                count: 0,
            });
        }
        self.extensions_end_movement(s, ev);
    }

    /// 11.5b, ERR-10: the phasing side's skirmishers more than 2 hexes from every friendly
    /// non-skirmisher, each with whether it can still take a step that brings it closer
    /// this phase (by the same tests the step listing uses).
    fn stray_skirmishers(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut crate::nbs::query::RadiusCache,
    ) -> Vec<(UnitId, bool)> {
        let side = self.phasing(s);
        let mut out = Vec::new();
        for u in 0..s.units.len() as UnitId {
            if !self.is_skirmisher(u) || self.units[usize::from(u)].side != side {
                continue;
            }
            let st = &s.units[usize::from(u)];
            let Some(h) = st.hex() else { continue };
            let Some(leash) = self.leash_of(s, u).filter(|l| l.now > 2) else {
                continue;
            };
            let now = leash.now;
            // As 16.0 lists movers: stopped and routed units do not step.
            let movable = !st.has(flag::STOPPED) && st.morale != MoraleState::Routed;
            let back = movable && {
                let gate = self.step_gate(s, occ, cache, u, h);
                self.steps_where(s, occ, u, |n, road| {
                    self.leash_distance(s, u, n).is_some_and(|d| d < now)
                        && gate.allows(self, s, occ, cache, n)
                        && self.part_step_ok(s, occ, u, Some(&leash), n, road)
                })
            };
            out.push((u, back));
        }
        out
    }

    /// The skirmisher hook for `EndMovement` (11.5b, ERR-10): a skirmisher left more than 2
    /// hexes from every friendly non-skirmisher (by a retreat, or by the others moving off)
    /// must come back; the phase cannot end while one of them can still step closer. One that
    /// cannot is let be (see [`Self::end_movement_parts`]).
    pub(in crate::nbs) fn leash_block(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut crate::nbs::query::RadiusCache,
    ) -> Option<Illegal> {
        let (u, _) = self
            .stray_skirmishers(s, occ, cache)
            .into_iter()
            .find(|&(_, back)| back)?;
        Some(Illegal::new(
            "11.5b",
            format!(
                "{} is more than 2 hexes from every friendly non-skirmisher unit and can still step back: it must return before the Movement Phase ends",
                self.name(u)
            ),
        ))
    }

    /// An English line for an [`Event::Part`].
    pub(in crate::nbs) fn describe_part(
        &self,
        what: PartChange,
        unit: UnitId,
        other: Option<UnitId>,
        count: u8,
    ) -> String {
        let n = self.name(unit);
        let o = other.map_or("", |x| self.name(x));
        match what {
            PartChange::Released => format!("{o} releases {n}"),
            PartChange::Recovered => format!("{o} recovers {n}"),
            PartChange::Combined => format!("{n} and {o} combine"),
            PartChange::Split => format!("{n} breaks down (with {o})"),
            PartChange::ToTop => format!("{n} moves to the top of its stack"),
            PartChange::ToBottom => format!("{n} moves to the bottom of its stack"),
            PartChange::SkirmisherLost => format!("{n} is eliminated"),
            PartChange::Extended => format!("{o} forms {n}"),
            PartChange::Absorbed => format!("{o} absorbs {n}"),
            PartChange::Collapsed => format!("{n} collapses into {o}, routed"),
            PartChange::Unsupported => format!("{n} is removed: {o} cannot support it"),
            PartChange::Separated => format!("{n} is cut off from {o} and rejoins it"),
            PartChange::Detached => format!("{o} detaches {count} gun points as {n}"),
            PartChange::Reattached => format!("{n} reattaches {count} gun points to {o}"),
            PartChange::ForcedMarch => format!("{n} force-marches (set {count})"),
            PartChange::Evaded => format!("{n} retreats one hex before the attack"),
            PartChange::Overrun => format!("{n} is overrun by a reaction charge and loses a step"),
            PartChange::Stray => format!(
                "{n} ends the Movement Phase more than 2 hexes from every friendly non-skirmisher: it cannot get back"
            ),
        }
    }
}
