//! Questions about a state that many rules ask: what stands in a hex and in what order (12.3),
//! a unit's current fire level (6.6), wrecked status (20.6), stacking load (12.1), facing mode
//! (13.0a), movement allowance (16.1). And what a listing or a check builds once and asks many
//! times: where every counter stands ([`Occ`]) and the command-radius searches made
//! (`RadiusCache`).

use alloc::sync::Arc;
use alloc::vec::Vec;

use super::Nbs;
use super::state::{Place, State, UnitId, flag};
use super::types::{FacingMode, FireLevel, Formation, MoraleRating, MoraleState, UnitKind};
use crate::engine::Side;
use crate::hex::Hex;

/// Where every counter on the map stands, by the board's dense hex index, so that a hex's
/// units are found in constant time while listing actions: a list per cell threaded through
/// the units (`head` per cell, `next` per unit), built in one pass over the units. The state
/// itself stays plain data.
pub struct Occ {
    head: Vec<UnitId>,
    next: Vec<UnitId>,
}

/// No unit: the end of a cell's list.
const NONE: UnitId = UnitId::MAX;

impl Occ {
    /// The index of `s` on `nbs`'s board.
    pub fn new(nbs: &Nbs, s: &State) -> Occ {
        let mut head = alloc::vec![NONE; nbs.board.cells()];
        let mut next = alloc::vec![NONE; s.units.len()];
        // Backwards, so that each cell lists its units in unit order.
        for (i, u) in s.units.iter().enumerate().rev() {
            if let Some(c) = u.hex().and_then(|h| nbs.board.index(h)) {
                next[i] = head[c];
                head[c] = i as UnitId;
            }
        }
        Occ { head, next }
    }

    /// The units in cell `cell`, in unit order.
    pub fn at_cell(&self, cell: Option<usize>) -> OccUnits<'_> {
        OccUnits {
            at: cell.and_then(|c| self.head.get(c).copied()).unwrap_or(NONE),
            next: &self.next,
        }
    }
}

/// The units of one hex (see [`Occ::at_cell`]).
pub struct OccUnits<'o> {
    at: UnitId,
    next: &'o [UnitId],
}

impl Iterator for OccUnits<'_> {
    type Item = UnitId;

    fn next(&mut self) -> Option<UnitId> {
        let u = self.at;
        if u == NONE {
            return None;
        }
        self.at = self.next.get(usize::from(u)).copied().unwrap_or(NONE);
        Some(u)
    }
}

/// One bounded search: every hex within `halves` of `anchor` for `side`, sorted.
#[derive(Clone)]
pub(in crate::nbs) struct Ball {
    pub(in crate::nbs) anchor: Hex,
    pub(in crate::nbs) halves: u16,
    pub(in crate::nbs) side: Side,
    pub(in crate::nbs) hexes: Arc<[Hex]>,
}

impl Ball {
    /// Whether this is the search for (`anchor`, `halves`, `side`).
    pub(in crate::nbs) fn is(&self, anchor: Hex, halves: u16, side: Side) -> bool {
        self.anchor == anchor && self.halves == halves && self.side == side
    }
}

/// Command-radius searches (10.5a, `command/radius.rs`) of one listing or one check.
#[derive(Default)]
pub(in crate::nbs) struct RadiusCache {
    pub(in crate::nbs) balls: Vec<Ball>,
    /// The sorted cells holding enemy combat units, per side that traces, once asked.
    pub(in crate::nbs) enemies: [Option<Vec<u16>>; 2],
    /// Buxhowden's column in this position (AUS 3.2c), once asked.
    pub(in crate::nbs) bux: Option<Option<u16>>,
}

impl Nbs {
    /// Whether an enemy combat unit of `side` is in `hex`, by the index.
    pub(super) fn enemy_in_occ(&self, occ: &Occ, hex: Hex, side: Side) -> bool {
        self.occ_at(occ, hex).any(|u| {
            let i = &self.units[usize::from(u)];
            i.side != side && i.combat()
        })
    }

    /// The units in `hex` from the index.
    pub fn occ_at<'o>(&self, occ: &'o Occ, hex: Hex) -> OccUnits<'o> {
        occ.at_cell(self.board.index(hex))
    }

    /// The units in `hex`, top of the stack first (12.3), leaders and HQs last.
    pub fn stack(&self, s: &State, hex: Hex) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = (0..s.units.len() as UnitId)
            .filter(|&u| s.units[usize::from(u)].place == Place::At(hex))
            .collect();
        v.sort_by_key(|&u| {
            let combat = self.units[usize::from(u)].combat();
            // 11.5h A: skirmishers at the very top or the very bottom.
            (
                !combat,
                self.stack_rank(s, u),
                s.units[usize::from(u)].order,
                u,
            )
        });
        v
    }

    /// The combat units (not leaders or HQs) in `hex`, top first.
    pub fn combat_stack(&self, s: &State, hex: Hex) -> Vec<UnitId> {
        let mut v = self.stack(s, hex);
        v.retain(|&u| self.units[usize::from(u)].combat());
        v
    }

    /// The side holding `hex`, if any unit stands there (one side per hex outside a close
    /// combat, 23.0).
    pub fn owner_at(&self, s: &State, hex: Hex) -> Option<Side> {
        s.units
            .iter()
            .enumerate()
            .find(|(i, u)| u.place == Place::At(hex) && self.units[*i].combat())
            .map(|(i, _)| self.units[i].side)
    }

    /// Whether an enemy of `side` (a combat unit) stands in `hex`.
    pub fn enemy_in(&self, s: &State, hex: Hex, side: Side) -> bool {
        s.units.iter().enumerate().any(|(i, u)| {
            u.place == Place::At(hex) && self.units[i].side != side && self.units[i].combat()
        })
    }

    /// Hexes to the nearest enemy combat unit of `side`, if any is on the map.
    pub fn enemy_distance(&self, s: &State, hex: Hex, side: Side) -> Option<u32> {
        s.units
            .iter()
            .enumerate()
            .filter(|(i, _)| self.units[*i].side != side && self.units[*i].combat())
            .filter_map(|(_, u)| u.hex())
            .map(|h| hex.distance(h))
            .min()
    }

    /// The unit's current fire level (6.6): the label over its first free loss-chart box.
    pub fn fire_level(&self, s: &State, u: UnitId) -> FireLevel {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        if !info.has_loss_chart() {
            return FireLevel::NONE;
        }
        if let Some(l) = self.part_level(s, u) {
            return l; // 17.1: an extended unit's share
        }
        info.level_after(st.casualties.saturating_add(st.stragglers))
    }

    /// Gun points left (27.2).
    pub fn gun_points(&self, s: &State, u: UnitId) -> u8 {
        let info = &self.units[usize::from(u)];
        info.gun_points
            .saturating_sub(s.units[usize::from(u)].casualties)
            .saturating_sub(self.detached_gp(s, u)) // 27.1
    }

    /// Wrecked brigade (20.6a): casualties and stragglers reach the wrecked mark.
    pub fn wrecked(&self, s: &State, u: UnitId) -> bool {
        let u = self.loss_unit(u); // 17.0a: an Extension shares its parent's status
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        info.has_loss_chart()
            && u16::from(st.casualties) + u16::from(st.stragglers) >= u16::from(info.wreck_boxes)
    }

    /// Wrecked counting casualties alone (AUS 6.2, 7.2: "permanently wrecked").
    pub fn wrecked_by_casualties(&self, s: &State, u: UnitId) -> bool {
        let info = &self.units[usize::from(u)];
        info.has_loss_chart() && s.units[usize::from(u)].casualties >= info.wreck_boxes
    }

    /// Wrecked division (20.6b): its wrecked brigades reach its wrecked line. Units without a
    /// division (AUS 2.2 independents) count as in a wrecked division when wrecked.
    pub fn division_wrecked(&self, s: &State, division: &str) -> bool {
        if division.is_empty() {
            return false;
        }
        let line = self.wreck_line(division);
        let wrecked = self
            .units
            .iter()
            .enumerate()
            .filter(|(i, info)| info.wreck_division == division && self.wrecked(s, *i as UnitId))
            .count();
        wrecked >= usize::from(line)
    }

    /// The division's wrecked line (20.6b), from `nbs/austerlitz-divisions`; half its
    /// brigades rounded up where the chart lacks it.
    pub fn wreck_line(&self, division: &str) -> u8 {
        if let Some((_, l)) = self.divisions.iter().find(|(d, _)| d == division) {
            return *l;
        }
        let n = self
            .units
            .iter()
            .filter(|i| i.wreck_division == division && i.has_loss_chart())
            .count() as u8;
        n.div_ceil(2).max(1)
    }

    /// The morale state of a hex (one per hex, 12.4): the worst among its units.
    pub fn hex_morale(&self, s: &State, hex: Hex) -> MoraleState {
        s.units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.place == Place::At(hex) && self.units[*i].combat())
            .map(|(_, u)| u.morale)
            .max()
            .unwrap_or_default()
    }

    /// Sets every combat unit in `hex` to `m` (12.4: one state per hex).
    pub fn set_hex_morale(&self, s: &mut State, hex: Hex, m: MoraleState) {
        for (i, u) in s.units.iter_mut().enumerate() {
            if u.place == Place::At(hex) && self.units[i].combat() {
                u.morale = m;
            }
        }
    }

    /// The unit whose rating and modifiers a morale check uses (12.4, 25.2a): the top unit
    /// that is neither artillery nor a skirmisher, else the top unit.
    pub fn morale_unit(&self, s: &State, hex: Hex) -> Option<UnitId> {
        let st = self.combat_stack(s, hex);
        st.iter()
            .copied()
            .find(|&u| {
                !matches!(
                    self.units[usize::from(u)].kind,
                    UnitKind::Artillery | UnitKind::Skirmisher
                )
            })
            .or_else(|| st.first().copied())
    }

    /// A leader's command rating now: his printed one, or the generic replacement's once he
    /// has been replaced (26.4b).
    pub fn leader_rating(&self, s: &State, u: UnitId) -> u8 {
        if s.replaced.contains(&u) {
            self.replacement_rating
        } else {
            self.units[usize::from(u)].rating
        }
    }

    /// A leader's morale rating now (26.4b: a replacement's is its single rating).
    pub fn leader_morale(&self, s: &State, u: UnitId) -> u8 {
        if s.replaced.contains(&u) {
            self.replacement_rating
        } else {
            self.units[usize::from(u)].morale_rating
        }
    }

    /// The morale rating a unit checks with (25.0; 25.2b generic values for artillery alone:
    /// horse B, guard A, other C).
    pub fn morale_rating(&self, u: UnitId) -> MoraleRating {
        let info = &self.units[usize::from(u)];
        match info.morale {
            Some(r) => r,
            None if info.guard => MoraleRating::A,
            None if info.class == super::types::GunClass::Horse => MoraleRating::B,
            None => MoraleRating::C,
        }
    }

    /// The most senior leader in the hex (26.3a), by rank, then rating.
    pub fn senior_leader(&self, s: &State, hex: Hex, side: Side) -> Option<UnitId> {
        (0..s.units.len() as UnitId)
            .filter(|&u| {
                let info = &self.units[usize::from(u)];
                info.kind == UnitKind::Leader
                    && info.side == side
                    && s.units[usize::from(u)].place == Place::At(hex)
            })
            .min_by_key(|&u| {
                (
                    self.rank_now(s, u), // 26.4a: as promoted
                    core::cmp::Reverse(self.leader_morale(s, u)),
                    u,
                )
            })
    }

    /// Stacking load of `side` in `hex` (12.1): fire-level C-units of infantry and cavalry and
    /// gun points; the limit is 3 A (12 C) and 10 GP.
    pub fn stack_load(&self, s: &State, hex: Hex, side: Side) -> (u16, u16, u8) {
        let (mut c, mut gp, mut inf) = (0u16, 0u16, 0u8);
        for (i, u) in s.units.iter().enumerate() {
            let info = &self.units[i];
            if u.place != Place::At(hex) || info.side != side {
                continue;
            }
            match info.kind {
                UnitKind::Infantry | UnitKind::Cavalry => {
                    c += u16::from(self.fire_level(s, i as UnitId).units());
                    if info.kind == UnitKind::Infantry {
                        inf += 1;
                    }
                }
                UnitKind::Artillery => gp += u16::from(self.gun_points(s, i as UnitId)),
                _ => {}
            }
        }
        (c, gp, inf)
    }

    /// The hexes holding combat units of `side`, sorted, each once.
    pub fn combat_hexes(&self, s: &State, side: Side) -> Vec<Hex> {
        let mut hexes: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, _)| self.units[*i].side == side && self.units[*i].combat())
            .filter_map(|(_, u)| u.hex())
            .collect();
        hexes.sort();
        hexes.dedup();
        hexes
    }

    /// Whether `side`'s stack in `hex` breaks the stacking limit (12.1; AUS 1.0a: one
    /// infantry unit and two gun points in the special hexes).
    pub fn overstacked(&self, s: &State, hex: Hex, side: Side) -> bool {
        let (c, gp, inf) = self.stack_load(s, hex, side);
        if self.board.hex(hex).special {
            return inf > 1 || gp > 2 || (c > 0 && inf == 0 && c > 12);
        }
        c > 12 || gp > 10 || self.skirmisher_overstacked(s, hex, side)
    }

    /// How a unit's facing divides its surroundings now (13.0a).
    pub fn facing_mode(&self, s: &State, u: UnitId) -> FacingMode {
        self.facing_mode_in(s, None, u)
    }

    /// [`Self::facing_mode`], reading the hex's units from `occ` when the caller has built
    /// the index (the listing path).
    pub(super) fn facing_mode_in(&self, s: &State, occ: Option<&Occ>, u: UnitId) -> FacingMode {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        match info.kind {
            UnitKind::Leader | UnitKind::Hq => return FacingMode::None,
            _ => {}
        }
        if st.morale == MoraleState::Routed {
            return FacingMode::AllFlank;
        }
        // AUS 1.0b: the special hexes give an all-round front whatever the formation.
        let hi = st.hex().map(|h| self.board.hex(h));
        if hi.is_some_and(|hi| hi.special) {
            return FacingMode::AllFrontal;
        }
        if st.formation == Formation::Limbered {
            return FacingMode::AllFlank;
        }
        if st.formation == Formation::Square || self.lone_skirmisher_in(s, occ, u) {
            return FacingMode::AllFrontal;
        }
        if hi.is_some_and(|hi| hi.terrain.all_round_front()) {
            return FacingMode::AllFrontal;
        }
        FacingMode::Standard
    }

    /// Whether the unit may still act this phase (not stopped by 15.1d, 23.0).
    pub fn stopped(&self, s: &State, u: UnitId) -> bool {
        s.units[usize::from(u)].has(flag::STOPPED)
    }
}
