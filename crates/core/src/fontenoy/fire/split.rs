//! Formations that split their fire: a Square (12.2g), a 2-hex Line (12.2h) and the units inside
//! a redoubt (F-3.5a D). Each SP fires once a segment (12.3c), in any combination the player
//! allots ([`crate::fontenoy::state::Allot`]); a redoubt fires once through each hexside, its
//! infantry and guns together if the player wishes (F-3.5a D); and the same formations split
//! their Defensive Fire (13.10c): a 2-hex Line once from each hex, a Square at three
//! non-adjacent hexes, a redoubt once through each hexside.
//!
//! Readings:
//! * a redoubt's hexside carries one fire a segment (of either arm or both), of at most the
//!   General Order SP (3) in all; a combined fire counts as fired by both arms (12.2c);
//! * 12.3c: the SP a player allots are the unit's own: a 2-hex Line's units may fire any of
//!   their SP from either hex (the default stays each unit's share of each hex, 8.1a); a
//!   unit's SP fired earlier in the segment are spent.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::occupancy::Occupancy;
use super::super::state::{Allot, Decl, FireKind, HexLabel, State};
use super::super::types::{Arm, Formation, Kind};
use super::super::units::UnitId;
use super::strength::Part;
use super::{log, log_mut};
use crate::engine::Illegal;
use crate::hex::Hex;

/// How a unit may split its fire (12.2g, 12.2h, F-3.5a D).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Split {
    /// Once a segment.
    Once,
    /// A 2-hex Line (or Hook): once from each hex.
    Hexes,
    /// A Square: at up to three non-adjacent hexes.
    Faces,
    /// Inside a redoubt: once through each hexside.
    Sides,
}

/// The other arm.
pub(crate) fn other(arm: Arm) -> Arm {
    match arm {
        Arm::Infantry => Arm::Artillery,
        Arm::Artillery => Arm::Infantry,
    }
}

impl Fontenoy {
    /// Whether `u` may fire in several directions in one segment: a Square by its faces, a
    /// redoubt by its hexsides (13.10c, F-3.5a D).
    pub(crate) fn fires_at_several(&self, s: &State, u: UnitId) -> bool {
        matches!(self.split_of(s, u), Split::Faces | Split::Sides)
    }

    /// How `u` splits its fire.
    pub(crate) fn split_of(&self, s: &State, u: UnitId) -> Split {
        let x = s.unit(u);
        if self.inside_redoubt(s, u) {
            return Split::Sides;
        }
        if self.units[usize::from(u)].kind != Kind::Infantry {
            return Split::Once;
        }
        match x.formation {
            Formation::Square => Split::Faces,
            Formation::Line | Formation::Hook if x.placed().is_some_and(|p| p.hexes.len() == 2) => {
                Split::Hexes
            }
            _ => Split::Once,
        }
    }

    /// The SP `u` has fired this segment in fires of `kind` (12.3c: each SP once).
    pub(crate) fn spent_sp(&self, s: &State, kind: FireKind, u: UnitId) -> u8 {
        let ledger: &[(UnitId, u8)] = match kind {
            FireKind::Segment => log(s).map_or(&[][..], |l| l.spent.as_slice()),
            FireKind::Defensive => self
                .close_segment(s)
                .map_or(&[][..], |c| c.df_spent.as_slice()),
            _ => &[],
        };
        ledger
            .iter()
            .filter(|&&(x, _)| x == u)
            .map(|&(_, n)| n)
            .fold(0u8, u8::saturating_add)
    }

    /// The SP `u` may still fire in a fire of `kind`.
    pub(crate) fn unspent_sp(&self, s: &State, kind: FireKind, u: UnitId) -> u8 {
        s.unit(u).sp.saturating_sub(self.spent_sp(s, kind, u))
    }

    /// Records the SP that splitting units fired in `parts` (12.3c).
    pub(crate) fn record_spent(&self, s: &mut State, kind: FireKind, parts: &[Part]) {
        let mut add: Vec<(UnitId, u8)> = Vec::new();
        for p in parts {
            for &(u, n) in &p.sp {
                if n > 0 && self.split_of(s, u) != Split::Once {
                    add.push((u, n));
                }
            }
        }
        if add.is_empty() {
            return;
        }
        match kind {
            FireKind::Segment => {
                if let Some(l) = log_mut(s) {
                    l.spent.extend_from_slice(&add);
                }
            }
            FireKind::Defensive => {
                if let Some(c) = s.activation.as_mut().and_then(|a| a.close.as_mut()) {
                    c.df_spent.extend_from_slice(&add);
                }
            }
            _ => {}
        }
    }

    /// F-3.5a D: why the redoubt hex `from` may not fire through the hexside toward `at` in
    /// the Fire Combat Segment: a fire of either arm has gone through it.
    pub(crate) fn redoubt_side_used(&self, s: &State, from: Hex, at: Hex) -> Option<Illegal> {
        let lane = self.lane_of(from, at);
        let used = log(s).is_some_and(|l| {
            l.fired
                .iter()
                .any(|f| f.hex == from && self.lane_of(from, f.at) == lane)
        });
        used.then(|| {
            Illegal::new(
                "F-3.5a D",
                format!(
                    "the redoubt in {} has already fired through its hexside toward {} this segment",
                    self.label(from),
                    self.label(lane)
                ),
            )
        })
    }

    /// F-3.5a D: the redoubt hexes of the fire being declared whose other arm may join it.
    pub(crate) fn redoubt_partners(&self, s: &State, d: &Decl) -> Vec<Hex> {
        let mut out = Vec::new();
        if d.kind == FireKind::Defensive {
            return out;
        }
        let o = Occupancy::build(self, s);
        let arm = other(d.arm);
        for &h in &d.from {
            if d.with.contains(&h) {
                continue;
            }
            let mine = self.firing_units(s, &o, h, d.arm, d.side, d.kind);
            let theirs = self.firing_units(s, &o, h, arm, d.side, d.kind);
            let inside =
                |v: &[UnitId]| !v.is_empty() && v.iter().all(|&u| self.inside_redoubt(s, u));
            if inside(&mine)
                && inside(&theirs)
                && self.check_fire(s, &o, d.kind, d.side, h, arm, d.at).is_ok()
            {
                out.push(h);
            }
        }
        out
    }

    /// The allotments of `d` for hex `h` (12.3c).
    pub(crate) fn allot_at(d: &Decl, h: Hex) -> Vec<Allot> {
        d.allot.iter().copied().filter(|a| a.hex == h).collect()
    }

    /// The parts of a fire with a redoubt's two arms (F-3.5a D): at most the General Order
    /// SP through the hexside in all; the SP beyond are dropped, first those the player did
    /// not allot, infantry before guns, bottom unit first.
    pub(crate) fn trim_combined(&self, parts: &mut [Part], h: Hex, allot: &[Allot]) {
        let cap: i32 = parts
            .iter()
            .filter(|p| p.hex == h && p.arm == Arm::Infantry)
            .map(|p| i32::from(p.cap))
            .next()
            .unwrap_or(0);
        let total: i32 = parts
            .iter()
            .filter(|p| p.hex == h)
            .flat_map(|p| p.sp.iter().map(|&(_, n)| i32::from(n)))
            .sum();
        let mut over = total - cap;
        for allotted in [false, true] {
            for arm in [Arm::Infantry, Arm::Artillery] {
                for p in parts.iter_mut().filter(|p| p.hex == h && p.arm == arm) {
                    for e in p.sp.iter_mut().rev() {
                        if over <= 0 {
                            return;
                        }
                        if allot.iter().any(|a| a.unit == e.0) != allotted {
                            continue;
                        }
                        let cut = over.min(i32::from(e.1));
                        e.1 -= cut as u8;
                        over -= cut;
                    }
                }
            }
        }
    }

    /// 13.10c: the slot a Defensive Fire by `u` from `from` at `at` uses: a 2-hex Line's hex,
    /// a Square's or a redoubt's lane; `None` for a unit that fires once.
    pub(crate) fn df_slot(&self, s: &State, u: UnitId, from: Hex, at: Hex) -> Option<Hex> {
        match self.split_of(s, u) {
            Split::Once => None,
            Split::Hexes => Some(from),
            Split::Faces | Split::Sides => Some(self.lane_of(from, at)),
        }
    }

    /// 13.10c: whether `u` may still fire from `from` at `at` in Defensive Fire, besides the
    /// slots `taken` by its other fires planned now.
    pub(crate) fn df_slot_free(
        &self,
        s: &State,
        u: UnitId,
        from: Hex,
        at: Hex,
        taken: &[Hex],
    ) -> bool {
        let used: Vec<Hex> = self
            .close_segment(s)
            .map(|c| {
                c.df_slots
                    .iter()
                    .filter(|&&(x, _)| x == u)
                    .map(|&(_, HexLabel(h))| h)
                    .collect()
            })
            .unwrap_or_default();
        let all = || used.iter().chain(taken.iter());
        match self.split_of(s, u) {
            Split::Once => true,
            Split::Hexes | Split::Sides => {
                let slot = self.df_slot(s, u, from, at).unwrap_or(from);
                !all().any(|&h| h == slot)
            }
            Split::Faces => {
                // 12.2g: three non-adjacent hexes.
                let lane = self.lane_of(from, at);
                all().count() < 3 && !all().any(|&h| h.distance(lane) <= 1)
            }
        }
    }

    /// 13.10c: whether `u` has no Defensive Fire left this segment.
    pub(crate) fn df_exhausted(&self, s: &State, u: UnitId) -> bool {
        let used = self
            .close_segment(s)
            .map_or(0, |c| c.df_slots.iter().filter(|&&(x, _)| x == u).count());
        match self.split_of(s, u) {
            Split::Once => true,
            _ if self.unspent_sp(s, FireKind::Defensive, u) == 0 => true,
            Split::Hexes => used >= 2,
            Split::Faces => used >= 3,
            Split::Sides => used >= 6,
        }
    }

    /// Records the slots the Defensive Fire `parts` at `at` used (13.10c).
    pub(crate) fn record_df_slots(&self, s: &mut State, parts: &[Part], at: Hex) {
        let mut add: Vec<(UnitId, HexLabel)> = Vec::new();
        for p in parts {
            for &(u, n) in &p.sp {
                if n == 0 {
                    continue;
                }
                if let Some(slot) = self.df_slot(s, u, p.hex, at) {
                    if !add.contains(&(u, HexLabel(slot))) {
                        add.push((u, HexLabel(slot)));
                    }
                }
            }
        }
        if let Some(c) = s.activation.as_mut().and_then(|a| a.close.as_mut()) {
            c.df_slots.extend_from_slice(&add);
        }
    }

    /// The parts of a declared fire (each hex checked again), with the player's allotments
    /// (12.3c) and a redoubt's other arm (F-3.5a D).
    pub(crate) fn split_parts(
        &self,
        s: &State,
        o: &Occupancy,
        d: &Decl,
    ) -> Result<Vec<Part>, Illegal> {
        let mut parts = Vec::new();
        let arms = d
            .from
            .iter()
            .map(|&h| (h, d.arm))
            .chain(d.with.iter().map(|&h| (h, other(d.arm))));
        for (h, arm) in arms {
            let p = self.check_fire(s, o, d.kind, d.side, h, arm, d.at)?;
            let units: Vec<UnitId> = p.sp.iter().map(|&(u, _)| u).collect();
            let allot: Vec<Allot> = Self::allot_at(d, h)
                .into_iter()
                .filter(|a| units.contains(&a.unit))
                .collect();
            if allot.is_empty() {
                parts.push(p);
            } else {
                parts.push(self.part_with(s, o, h, arm, &units, d.at, &p.sight, d.kind, &allot));
            }
        }
        for &h in &d.with {
            self.trim_combined(&mut parts, h, &Self::allot_at(d, h));
        }
        Ok(parts)
    }

    /// 12.3c: the allotments open in the fire being declared: for each unit that splits its
    /// fire, each number of SP it could fire other than what it fires now.
    pub(crate) fn allot_actions(&self, s: &State, d: &Decl, out: &mut Vec<Action>) {
        let o = Occupancy::build(self, s);
        let Ok(parts) = self.split_parts(s, &o, d) else {
            return;
        };
        for p in &parts {
            let allot = Self::allot_at(d, p.hex);
            for &(u, n) in &p.sp {
                if self.split_of(s, u) == Split::Once {
                    continue;
                }
                let others: u8 = allot
                    .iter()
                    .filter(|a| a.unit != u && p.sp.iter().any(|&(x, _)| x == a.unit))
                    .map(|a| a.sp)
                    .fold(0, u8::saturating_add);
                let top = self
                    .unspent_sp(s, d.kind, u)
                    .min(p.cap.saturating_sub(others));
                for sp in 0..=top {
                    if sp != n {
                        out.push(Action::Allot {
                            from: p.hex,
                            unit: u,
                            sp,
                        });
                    }
                }
            }
        }
    }

    /// 12.3c: `unit` fires `sp` SP from `from` in the fire being declared.
    pub(crate) fn apply_allot(
        &self,
        s: &mut State,
        from: Hex,
        unit: UnitId,
        sp: u8,
    ) -> Result<(), Illegal> {
        let Some(d) = log(s).and_then(|l| l.decl.clone()) else {
            return Err(Illegal::new("12.1", "no fire is being declared"));
        };
        if !d.from.contains(&from) {
            return Err(Illegal::new(
                "12.3c",
                format!("{} does not fire in this fire", self.label(from)),
            ));
        }
        let o = Occupancy::build(self, s);
        let parts = self.split_parts(s, &o, &d)?;
        let Some(p) = parts
            .iter()
            .find(|p| p.hex == from && p.sp.iter().any(|&(x, _)| x == unit))
        else {
            return Err(Illegal::new(
                "12.3c",
                format!(
                    "{} does not fire from {} in this fire",
                    self.unit_name(unit),
                    self.label(from)
                ),
            ));
        };
        if self.split_of(s, unit) == Split::Once {
            return Err(Illegal::new(
                "12.3c",
                format!(
                    "{} fires its SP as the table gives them: only a Square, a 2-hex Line or units in a redoubt choose which SP fire",
                    self.unit_name(unit)
                ),
            ));
        }
        let left = self.unspent_sp(s, d.kind, unit);
        if sp > left {
            return Err(Illegal::new(
                "12.3c",
                format!(
                    "{} has {left} SP left to fire this segment, not {sp} (each SP fires once)",
                    self.unit_name(unit)
                ),
            ));
        }
        let others: u8 = Self::allot_at(&d, from)
            .iter()
            .filter(|a| a.unit != unit && p.sp.iter().any(|&(x, _)| x == a.unit))
            .map(|a| a.sp)
            .fold(0, u8::saturating_add);
        if others.saturating_add(sp) > p.cap {
            return Err(Illegal::new(
                "12.3c",
                format!(
                    "{} may fire at most {} SP in this fire; {others} are allotted to other units",
                    self.label(from),
                    p.cap
                ),
            ));
        }
        if let Some(x) = log_mut(s).and_then(|l| l.decl.as_mut()) {
            x.allot.retain(|a| !(a.hex == from && a.unit == unit));
            x.allot.push(Allot {
                hex: from,
                unit,
                sp,
            });
        }
        Ok(())
    }
}
