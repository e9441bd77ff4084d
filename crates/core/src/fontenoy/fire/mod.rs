//! 12.0 Fire Combat: the Fire Combat Segment (12.1, 12.2), Fire Reactions during movement
//! (12.8, [`reaction`]), Return Fire (12.10), Defensive Fire for close combat (13.10,
//! [`resolve`]) and the Special Fire Combat Results (12.11, F-8.5–F-8.7, [`special`]).
//!
//! A fire is declared in small actions: `Fire { from, arm, at }` names a firing hex and arm
//! and the hex fired at, and opens a declaration ([`Decl`], pending as [`FireStep::Declare`]);
//! more `Fire` actions add other hexes of the same arm at the same hex (12.2d, 12.2i);
//! `OpenFire` resolves it with a d100 ([`FireStep::Roll`]). The files:
//! * [`strength`] — 12.3–12.4 firing SP and Fire Strength (12.7 multiplier modifiers);
//! * [`target`] — 12.5 target size, the target's units and Defense Rating (12.1);
//! * [`los`] — 12.6 line of sight, arcs, elevation, howitzers, enfilade, partial LOS;
//! * [`resolve`] — 12.1 ratio and table, 12.9 results and the distribution of losses;
//! * [`reaction`] — 12.8 Fire Reactions;
//! * [`special`] — 12.11 the special results.

mod commander_loss;
mod defensive_shrink;
mod fieldworks;
mod line_guns;
pub mod los;
mod los_places;
mod optional;
pub mod reaction;
mod regimental;
pub mod resolve;
pub mod special;
pub(crate) mod split;
mod spread;
pub mod strength;
pub mod target;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::Fontenoy;
use super::action::Action;
use super::event::Event;
use super::occupancy::Occupancy;
use super::state::{Act, Decl, FireCombat, FireKind, FireLog, FireStep, Fired, State, Step};
use super::types::{Arm, Formation, Kind, Morale};
use super::units::UnitId;
use crate::engine::{Illegal, Prompt, Side};
use crate::hex::Hex;

/// The most hexes that join one fire (an engine limit; the Fire Combat Table never needs more).
pub const MAX_FIRING_HEXES: usize = 12;

/// The fire record of the activation under way.
pub(crate) fn log(s: &State) -> Option<&FireLog> {
    s.activation.as_ref().map(|a| &a.fire)
}

/// The fire record, to change.
pub(crate) fn log_mut(s: &mut State) -> Option<&mut FireLog> {
    s.activation.as_mut().map(|a| &mut a.fire)
}

impl Fontenoy {
    /// Whether unit `u` can fire at all (12.2a): unlimbered artillery; infantry in Line, Hook,
    /// Attack Column, General Order, Skirmish or Square (digest A45: Squares fire, 12.2g);
    /// never Routed units, cavalry, limbered guns, columns or commanders.
    pub fn can_fire(&self, s: &State, u: UnitId) -> bool {
        let unit = s.unit(u);
        if !unit.on_map() || unit.morale == Morale::Routed || unit.sp == 0 {
            return false;
        }
        match self.units[usize::from(u)].kind {
            // F-3.5a C, D: guns inside a redoubt are in General Order and fire.
            Kind::Artillery => {
                unit.formation == Formation::Unlimbered
                    || (unit.formation == Formation::GeneralOrder && self.inside_redoubt(s, u))
            }
            Kind::Infantry => matches!(
                unit.formation,
                Formation::Line
                    | Formation::Hook
                    | Formation::AttackColumn
                    | Formation::GeneralOrder
                    | Formation::Skirmish
                    | Formation::Square
            ),
            _ => false,
        }
    }

    /// The arm a unit fires with.
    pub(crate) fn arm_of(&self, u: UnitId) -> Option<Arm> {
        match self.units[usize::from(u)].kind {
            Kind::Infantry => Some(Arm::Infantry),
            Kind::Artillery => Some(Arm::Artillery),
            _ => None,
        }
    }

    /// The combat units at `h`, top of the group first (10.6: lower `order` is higher).
    pub(crate) fn stack_at(&self, s: &State, o: &Occupancy, h: Hex) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = o
            .combat_at(self, h)
            .filter(|&u| s.unit(u).on_map())
            .collect();
        v.sort_by_key(|&u| (s.unit(u).order, u));
        v
    }

    /// Whether `u` may take part in a fire of `kind` by `side`: Segment fire by the active
    /// player's activated units (12.0), reactions by the passive player's units (12.8a), Return
    /// and Defensive Fire by any unit of the side.
    fn may_join(&self, s: &State, u: UnitId, side: Side, kind: FireKind) -> bool {
        if self.units[usize::from(u)].side != side {
            return false;
        }
        match kind {
            FireKind::Segment => s.unit(u).act == Act::Active,
            _ => true,
        }
    }

    /// The units of `arm` that fire together from `h` (12.2f), top first: those at `h`
    /// ([`Fontenoy::firing_units_here`]), then for artillery the guns grouped with a multi-hex
    /// Line or Hook in its other hexes, which may fire from any of its hexes (12.4e,
    /// line_guns.rs).
    pub(crate) fn firing_units(
        &self,
        s: &State,
        o: &Occupancy,
        h: Hex,
        arm: Arm,
        side: Side,
        kind: FireKind,
    ) -> Vec<UnitId> {
        let mut v = self.firing_units_here(s, o, h, arm, side, kind);
        if arm == Arm::Artillery {
            for g in self.line_guns(s, o, h, side, kind) {
                if !v.contains(&g) {
                    v.push(g);
                }
            }
        }
        // F-7.5b: regimental guns fire with their Division's infantry (regimental.rs).
        if self.option("7.5") {
            self.regimental_sort(s, o, h, arm, side, kind, &mut v);
        }
        v
    }

    /// The units of `arm` at `h` that fire together (12.2f), top first: those able to fire and
    /// allowed for `kind`; guns grouped with a Line or Hook only when above all its infantry
    /// (12.4a, 12.4b; 12.6d howitzers too).
    pub(crate) fn firing_units_here(
        &self,
        s: &State,
        o: &Occupancy,
        h: Hex,
        arm: Arm,
        side: Side,
        kind: FireKind,
    ) -> Vec<UnitId> {
        let stack = self.stack_at(s, o, h);
        let all = stack.clone();
        let top_infantry = stack
            .iter()
            .filter(|&&u| self.units[usize::from(u)].kind == Kind::Infantry)
            .map(|&u| s.unit(u).order)
            .min();
        let line = stack.iter().any(|&u| {
            self.units[usize::from(u)].kind == Kind::Infantry
                && matches!(s.unit(u).formation, Formation::Line | Formation::Hook)
        });
        stack
            .into_iter()
            .filter(|&u| {
                self.arm_of(u) == Some(arm)
                    && self.can_fire(s, u)
                    && self.may_join(s, u, side, kind)
                    && (kind != FireKind::Segment || self.free_fire_allows(s, u, &all))
                    && !(arm == Arm::Artillery
                        && line
                        && top_infantry.is_some_and(|t| s.unit(u).order >= t))
            })
            .collect()
    }

    /// The firing hexes of `side` for a fire of `kind` (each hex and arm once, in map order).
    pub(crate) fn fire_elements(
        &self,
        s: &State,
        o: &Occupancy,
        side: Side,
        kind: FireKind,
    ) -> Vec<(Hex, Arm)> {
        let mut out: Vec<(Hex, Arm)> = Vec::new();
        for (i, unit) in s.units.iter().enumerate() {
            let u = i as UnitId;
            let Some(p) = unit.placed() else { continue };
            // 12.4e: the guns of a multi-hex Line or Hook may fire from any of its hexes.
            if p.hexes.len() > 1
                && self.units[i].side == side
                && self.units[i].kind == Kind::Infantry
                && matches!(unit.formation, Formation::Line | Formation::Hook)
            {
                for &h in p.hexes.as_slice() {
                    if !out.contains(&(h, Arm::Artillery))
                        && !self.line_guns(s, o, h, side, kind).is_empty()
                    {
                        out.push((h, Arm::Artillery));
                    }
                }
            }
            let Some(arm) = self.arm_of(u) else { continue };
            if !self.can_fire(s, u) || !self.may_join(s, u, side, kind) {
                continue;
            }
            for &h in p.hexes.as_slice() {
                if !out.contains(&(h, arm))
                    && !self.firing_units(s, o, h, arm, side, kind).is_empty()
                {
                    out.push((h, arm));
                }
            }
        }
        out.sort();
        out
    }

    /// The times hex `h` has fired with `arm` this activation, and at which hexes (12.2c,
    /// 12.2g).
    pub(crate) fn fired_from(&self, s: &State, h: Hex, arm: Arm) -> Vec<Hex> {
        log(s).map_or_else(Vec::new, |l| {
            l.fired
                .iter()
                .filter(|f| f.hex == h && f.arm == arm)
                .map(|f| f.at)
                .collect()
        })
    }

    /// Whether a unit of `units` has been fired on by `arm` this segment (12.2c).
    pub(crate) fn fired_on(&self, s: &State, units: &[UnitId], arm: Arm) -> bool {
        log(s).is_some_and(|l| {
            l.fired_on
                .iter()
                .any(|f| f.arm == arm && units.contains(&f.unit))
        })
    }

    /// Why the hex `from` may not fire with `arm` at `at` in a fire of `kind` by `side`
    /// (12.2, 12.6), or the firing hex's part of the fire: its units and strength.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn check_fire(
        &self,
        s: &State,
        o: &Occupancy,
        kind: FireKind,
        side: Side,
        from: Hex,
        arm: Arm,
        at: Hex,
    ) -> Result<strength::Part, Illegal> {
        let units = self.firing_units(s, o, from, arm, side, kind);
        if units.is_empty() {
            return Err(Illegal::new(
                "12.2a",
                format!(
                    "no {} in {} may fire now (unlimbered guns; infantry in Line, Hook, General Order, Skirmish or Square; not Routed{})",
                    arm.name(),
                    self.label(from),
                    if kind == FireKind::Segment {
                        "; activated"
                    } else {
                        ""
                    }
                ),
            ));
        }
        let targets = self.target_units(s, o, at, side);
        if targets.is_empty() {
            return Err(Illegal::new(
                "12.1",
                format!("{} holds no enemy combat unit to fire at", self.label(at)),
            ));
        }
        let range = from.distance(at);
        let square = s.unit(units[0]).formation == Formation::Square && arm == Arm::Infantry;
        let redoubt = units.iter().all(|&u| self.inside_redoubt(s, u));
        if kind == FireKind::Segment && redoubt {
            // F-3.5a D: a redoubt fires once through each hexside.
            if let Some(e) = self.redoubt_side_used(s, from, at) {
                return Err(e);
            }
        } else if kind == FireKind::Segment {
            // 12.2c: each firing hex and arm once (a Square three times, 12.2g).
            let before = self.fired_from(s, from, arm);
            if !square && !before.is_empty() {
                return Err(Illegal::new(
                    "12.2c",
                    format!(
                        "the {} in {} ({}) have already fired this segment",
                        arm.name(),
                        self.label(from),
                        self.unit_name(units[0])
                    ),
                ));
            }
            if square && before.len() >= 3 {
                return Err(Illegal::new(
                    "12.2g",
                    format!(
                        "the Square {} has fired at three hexes already",
                        self.unit_name(units[0])
                    ),
                ));
            }
        }
        // 12.2c: a unit is fired on once by infantry and once by artillery a segment
        // (Return Fire counts, digest A20).
        if matches!(kind, FireKind::Segment | FireKind::Return) && self.fired_on(s, &targets, arm) {
            return Err(Illegal::new(
                "12.2c",
                format!(
                    "{} has already been fired on by {} this segment",
                    self.unit_name(targets[0]),
                    arm.name()
                ),
            ));
        }
        let sight = self.sight(s, o, from, at, units[0], arm, side)?;
        // 12.8: reactions by infantry within its range, by guns within short range.
        let reach = units
            .iter()
            .map(|&u| self.fire_range(s, u, from, kind))
            .max()
            .unwrap_or(0);
        if range > reach {
            return Err(Illegal::new(
                if kind == FireKind::Reaction {
                    "12.8"
                } else {
                    "12.2b"
                },
                format!(
                    "{} is {range} hexes from {}, beyond its range of {reach}",
                    self.label(at),
                    self.unit_name(units[0])
                ),
            ));
        }
        if square {
            // 12.2g: three non-adjacent hexes.
            let lane = sight.lane;
            for prev in self.fired_from(s, from, arm) {
                let prev_lane = self.lane_of(from, prev);
                if prev_lane == lane || prev_lane.distance(lane) <= 1 {
                    return Err(Illegal::new(
                        "12.2g",
                        format!(
                            "the Square {} fires at three non-adjacent hexes: {} is next to a hex it fired into",
                            self.unit_name(units[0]),
                            self.label(lane)
                        ),
                    ));
                }
            }
        }
        let part = self.part(s, o, from, arm, &units, at, &sight, kind);
        if part.sp.iter().all(|&(_, n)| n == 0) {
            if units.iter().all(|&u| self.unspent_sp(s, kind, u) == 0) {
                return Err(Illegal::new(
                    "12.3c",
                    format!(
                        "the {} in {} have fired all their SP this segment",
                        arm.name(),
                        self.label(from)
                    ),
                ));
            }
            return Err(Illegal::new(
                if square { "12.4d" } else { "12.3a" },
                format!(
                    "no SP of {} in {} can fire at {}",
                    arm.name(),
                    self.label(from),
                    self.label(at)
                ),
            ));
        }
        Ok(part)
    }

    /// The Fire Combat Segment's actions (12.1): a fire from each firing hex at each hex it
    /// may fire at.
    pub(crate) fn fire_segment_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(act) = &s.activation else { return };
        let side = act.side;
        let o = Occupancy::build(self, s);
        let enemy = self.enemy_hexes(s, side);
        for (from, arm) in self.fire_elements(s, &o, side, FireKind::Segment) {
            let units = self.firing_units(s, &o, from, arm, side, FireKind::Segment);
            let reach = units
                .iter()
                .map(|&u| self.fire_range(s, u, from, FireKind::Segment))
                .max()
                .unwrap_or(0);
            for &at in &enemy {
                if from.distance(at) > reach || from == at {
                    continue;
                }
                if self
                    .check_fire(s, &o, FireKind::Segment, side, from, arm, at)
                    .is_ok()
                {
                    out.push(Action::Fire { from, arm, at });
                }
            }
        }
    }

    /// The hexes holding combat units of `side`'s enemy, in map order.
    pub(crate) fn enemy_hexes(&self, s: &State, side: Side) -> Vec<Hex> {
        let mut v: Vec<Hex> = Vec::new();
        for (i, unit) in s.units.iter().enumerate() {
            let info = &self.units[i];
            if info.side == side || !info.is_combat() {
                continue;
            }
            if let Some(p) = unit.placed() {
                v.extend_from_slice(p.hexes.as_slice());
            }
        }
        v.sort();
        v.dedup();
        v
    }

    /// Opens a fire of `kind` by `side` (12.1): the declaration is pending until `OpenFire`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn begin_fire(
        &self,
        s: &mut State,
        kind: FireKind,
        side: Side,
        from: Hex,
        arm: Arm,
        at: Hex,
        extra: Decl,
    ) -> Result<(), Illegal> {
        let o = Occupancy::build(self, s);
        self.check_fire(s, &o, kind, side, from, arm, at)?;
        let decl = Decl {
            kind,
            side,
            arm,
            at,
            from: alloc::vec![from],
            ..extra
        };
        if let Some(l) = log_mut(s) {
            l.decl = Some(decl);
        }
        s.steps.push(Step::Fire(FireStep::Declare { side }));
        Ok(())
    }

    /// A blank declaration, for [`Fontenoy::begin_fire`]'s extra fields.
    pub(crate) fn blank_decl(side: Side, arm: Arm, at: Hex) -> Decl {
        Decl {
            kind: FireKind::Segment,
            side,
            arm,
            at,
            from: Vec::new(),
            mover: None,
            before: None,
            placed: None,
            answers: None,
            with: Vec::new(),
            allot: Vec::new(),
        }
    }

    /// Applies `Fire` in the Fire Combat Segment.
    pub(crate) fn declare_fire(
        &self,
        s: &mut State,
        a: &Action,
        _ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::Fire { from, arm, at } = *a else {
            return Err(Illegal::new("12.1", "not a fire"));
        };
        let side = s.activation.as_ref().map_or(Side(0), |x| x.side);
        self.begin_fire(
            s,
            FireKind::Segment,
            side,
            from,
            arm,
            at,
            Self::blank_decl(side, arm, at),
        )
    }

    /// The hexes that may still join the fire being declared (12.2d; 12.2i: guns in different
    /// hexes join only when every one is at short range).
    fn joiners(&self, s: &State, d: &Decl) -> Vec<Hex> {
        let o = Occupancy::build(self, s);
        let mut out = Vec::new();
        if d.from.len() >= MAX_FIRING_HEXES {
            return out;
        }
        let short = |h: Hex| self.all_short(s, &o, h, d.side, d.kind, d.at);
        let all_short = d.from.iter().all(|&h| short(h));
        // F-3.5b G: adjacent French guns behind field fortifications combine at any range.
        let battery = |h: Hex| self.works_battery(s, &o, &d.from, Some(h), d.side, d.kind);
        let works = d.arm == Arm::Artillery && d.side == super::FRENCH;
        // F-3.3d A, F-4.2f A: guns an artillery commander helps combine at any range.
        let helped = |h: Hex| self.helped_battery(s, &o, h, d.side, d.kind);
        let all_helped = d.arm == Arm::Artillery && d.from.iter().all(|&h| helped(h));
        if d.arm == Arm::Artillery && !all_short && !works && !all_helped {
            return out;
        }
        let candidates: Vec<Hex> = match d.kind {
            FireKind::Return => {
                let answered = d
                    .answers
                    .and_then(|c| log(s).and_then(|l| l.combats.get(usize::from(c))));
                let mut v: Vec<Hex> = Vec::new();
                for &t in answered.map_or(&[][..], |c| c.target.as_slice()) {
                    if let Some(p) = s.unit(t).placed() {
                        v.extend_from_slice(p.hexes.as_slice());
                    }
                }
                v.sort();
                v.dedup();
                v
            }
            _ => self
                .fire_elements(s, &o, d.side, d.kind)
                .into_iter()
                .filter(|&(_, a)| a == d.arm)
                .map(|(h, _)| h)
                .collect(),
        };
        // F-7.5b: a fire holding a regimental gun combines only with its Division's units.
        let declared: Vec<UnitId> = d
            .from
            .iter()
            .flat_map(|&h| self.firing_units(s, &o, h, d.arm, d.side, d.kind))
            .collect();
        for h in candidates {
            if d.from.contains(&h) || self.guns_already_declared(s, &o, d, h) {
                continue;
            }
            if self.option("7.5") {
                let mut all = declared.clone();
                all.extend(self.firing_units(s, &o, h, d.arm, d.side, d.kind));
                if !self.regimental_mix_ok(s, &all) {
                    continue;
                }
            }
            if d.arm == Arm::Artillery
                && !(all_short && short(h))
                && !(works && battery(h))
                && !(all_helped && helped(h))
            {
                continue;
            }
            if self
                .check_fire(s, &o, d.kind, d.side, h, d.arm, d.at)
                .is_ok()
            {
                out.push(h);
            }
        }
        out
    }

    /// The legal actions at a fire step.
    pub(crate) fn fire_step_actions(&self, s: &State, step: FireStep, out: &mut Vec<Action>) {
        match step {
            FireStep::Declare { .. } => {
                let Some(d) = log(s).and_then(|l| l.decl.clone()) else {
                    return;
                };
                for from in self.joiners(s, &d) {
                    out.push(Action::Fire {
                        from,
                        arm: d.arm,
                        at: d.at,
                    });
                }
                for from in self.redoubt_partners(s, &d) {
                    out.push(Action::Fire {
                        from,
                        arm: split::other(d.arm),
                        at: d.at,
                    });
                }
                self.allot_actions(s, &d, out);
                out.push(Action::OpenFire);
            }
            FireStep::Return { combat } => {
                self.return_fire_actions(s, combat, out);
                out.push(Action::Pass);
            }
            FireStep::Reaction { .. } => {
                self.reaction_actions(s, step, out);
                out.push(Action::Pass);
            }
            FireStep::Spread { combat, .. } => self.spread_actions(s, combat, out),
            FireStep::Fate { combat } => self.fate_actions(s, combat, out),
            _ => {}
        }
    }

    /// Applies a decision at a fire step (the step is already popped).
    pub(crate) fn apply_fire_step(
        &self,
        s: &mut State,
        step: FireStep,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match (step, a) {
            (FireStep::Declare { side }, Action::Fire { from, arm, at }) => {
                let Some(d) = log(s).and_then(|l| l.decl.clone()) else {
                    return Err(Illegal::new("12.1", "no fire is being declared"));
                };
                if *arm != d.arm && *at == d.at && self.redoubt_partners(s, &d).contains(from) {
                    // F-3.5a D: the redoubt's other arm joins the fire.
                    if let Some(x) = log_mut(s).and_then(|l| l.decl.as_mut()) {
                        x.with.push(*from);
                    }
                    s.steps.push(Step::Fire(FireStep::Declare { side }));
                    return Ok(());
                }
                if *arm != d.arm || *at != d.at {
                    return Err(Illegal::new(
                        "12.2e",
                        format!(
                            "this fire is by {} at {}: a fire combines one arm at one target",
                            d.arm.name(),
                            self.label(d.at)
                        ),
                    ));
                }
                if !self.joiners(s, &d).contains(from) {
                    let o = Occupancy::build(self, s);
                    if d.from.contains(from) {
                        return Err(Illegal::new(
                            "12.2f",
                            format!("{} already fires in this fire", self.label(*from)),
                        ));
                    }
                    if self.guns_already_declared(s, &o, &d, *from) {
                        return Err(Illegal::new(
                            "12.4e",
                            format!(
                                "the guns of the Line in {} already fire in this fire from another of its hexes",
                                self.label(*from)
                            ),
                        ));
                    }
                    self.check_fire(s, &o, d.kind, d.side, *from, *arm, *at)?;
                    let mut all: Vec<UnitId> = d
                        .from
                        .iter()
                        .flat_map(|&h| self.firing_units(s, &o, h, d.arm, d.side, d.kind))
                        .collect();
                    all.extend(self.firing_units(s, &o, *from, d.arm, d.side, d.kind));
                    if !self.regimental_mix_ok(s, &all) {
                        return Err(Illegal::new(
                            "F-7.5b",
                            format!(
                                "{} cannot join this fire: an English regimental gun combines only with units of its own Division, and not at all without its Division's infantry in its hex",
                                self.label(*from)
                            ),
                        ));
                    }
                    return Err(Illegal::new(
                        "12.2i",
                        "guns in different hexes fire together only when each is at short range of the target",
                    ));
                }
                if let Some(l) = log_mut(s) {
                    if let Some(x) = l.decl.as_mut() {
                        x.from.push(*from);
                    }
                }
                s.steps.push(Step::Fire(FireStep::Declare { side }));
                Ok(())
            }
            (FireStep::Declare { side }, Action::Allot { from, unit, sp }) => {
                self.apply_allot(s, *from, *unit, *sp)?;
                s.steps.push(Step::Fire(FireStep::Declare { side }));
                Ok(())
            }
            (FireStep::Declare { .. }, Action::OpenFire) => {
                let Some(d) = log_mut(s).and_then(|l| l.decl.take()) else {
                    return Err(Illegal::new("12.1", "no fire is being declared"));
                };
                self.open_fire(s, d, ev)
            }
            (FireStep::Return { combat }, Action::Fire { from, arm, at }) => {
                self.begin_return_fire(s, combat, *from, *arm, *at)
            }
            (FireStep::Return { .. } | FireStep::Reaction { .. }, Action::Pass) => Ok(()),
            (FireStep::Reaction { .. }, Action::Fire { .. }) => self.apply_reaction(s, step, a, ev),
            (FireStep::Spread { .. }, _) => self.apply_spread(s, step, a, ev),
            (FireStep::Fate { combat }, Action::Fate { commander }) => {
                self.apply_fate(s, combat, *commander, ev)
            }
            (step, a) => Err(Illegal::new(
                "12.0",
                format!("{a:?} is not a decision at this point ({step:?})"),
            )),
        }
    }

    /// Who decides at a fire step.
    pub(crate) fn fire_step_player(&self, s: &State, step: FireStep) -> Side {
        let active = s.activation.as_ref().map_or(Side(0), |a| a.side);
        match step {
            FireStep::Declare { side } => side,
            FireStep::Fate { combat } => log(s)
                .and_then(|l| l.combats.get(usize::from(combat)))
                .map_or(active, |c| c.side),
            FireStep::Return { combat } | FireStep::Spread { combat, .. } => log(s)
                .and_then(|l| l.combats.get(usize::from(combat)))
                .map_or(active.other(), |c| c.side.other()),
            FireStep::Reaction { mover, .. } | FireStep::ReactionEnd { mover, .. } => {
                self.units[usize::from(mover)].side.other()
            }
            _ => active,
        }
    }

    /// The prompt at a fire step.
    pub(crate) fn fire_prompt(&self, s: &State, step: FireStep) -> Prompt {
        let (rule, text): (&str, String) = match step {
            FireStep::Declare { side } => match log(s).and_then(|l| l.decl.as_ref()) {
                Some(d) => (
                    "12.2d",
                    format!(
                        "{}: add {} firing at {} or open fire",
                        Self::side_name(side),
                        d.arm.name(),
                        self.label(d.at)
                    ),
                ),
                None => ("12.1", "open fire".into()),
            },
            FireStep::Roll { combat } => (
                "12.1",
                format!(
                    "roll the fire at {} (00-99)",
                    self.combat_at_label(s, combat)
                ),
            ),
            FireStep::Die { combat } => (
                "12.11",
                format!(
                    "roll a die for the special result of the fire at {}",
                    self.combat_at_label(s, combat)
                ),
            ),
            FireStep::Return { combat } => (
                "12.10",
                format!(
                    "Return Fire from {}, or pass",
                    self.combat_at_label(s, combat)
                ),
            ),
            FireStep::Reaction { mover, .. } => (
                "12.8",
                format!(
                    "{}: Fire Reaction at {}, or pass",
                    Self::side_name(self.units[usize::from(mover)].side.other()),
                    self.unit_name(mover)
                ),
            ),
            FireStep::Spread { combat, left, .. } => (
                "F-5.1b",
                format!(
                    "{}: move one more loss of the enfilade at {} to a unit near it ({left} may still be moved), or leave the rest on the target",
                    Self::side_name(
                        self.fire_combat(s, combat)
                            .map_or(Side(0), |c| c.side.other())
                    ),
                    self.combat_at_label(s, combat)
                ),
            ),
            FireStep::ReactionEnd { .. } => ("12.8", String::new()),
            FireStep::NoGuns { combat, .. } => (
                "10.1e",
                format!(
                    "no regimental guns: roll a die for the result above (0-4) or below (5-9) Regimental Guns at {}",
                    self.combat_at_label(s, combat)
                ),
            ),
            FireStep::LossTable { combat } => (
                "F-8.8",
                format!(
                    "roll a die for the Special Commander Loss Result of the fire at {}",
                    self.combat_at_label(s, combat)
                ),
            ),
            FireStep::Lucky { combat, n } => (
                "F-8.8b",
                format!(
                    "The Lucky Shot at {}: roll a die to draw one of {n} commanders",
                    self.combat_at_label(s, combat)
                ),
            ),
            FireStep::Fate { combat } => (
                "F-8.8a",
                format!(
                    "{}: Fate after the fire at {}: name an enemy commander on the map",
                    Self::side_name(self.fire_combat(s, combat).map_or(Side(0), |c| c.side)),
                    self.combat_at_label(s, combat)
                ),
            ),
        };
        Prompt {
            rule: rule.into(),
            text,
        }
    }

    fn combat_at_label(&self, s: &State, combat: u16) -> String {
        log(s)
            .and_then(|l| l.combats.get(usize::from(combat)))
            .map_or_else(String::new, |c| self.label(c.at))
    }

    /// The fire combat `id`.
    pub fn fire_combat<'a>(&self, s: &'a State, id: u16) -> Option<&'a FireCombat> {
        log(s).and_then(|l| l.combats.get(usize::from(id)))
    }

    pub(crate) fn combat_mut<'a>(&self, s: &'a mut State, id: u16) -> Option<&'a mut FireCombat> {
        log_mut(s).and_then(|l| l.combats.get_mut(usize::from(id)))
    }

    /// Records that the hexes of `d` fired (12.2c), with the hexes its guns stand in when they
    /// fired from another hex of their Line (12.4e), and the target's units were fired on.
    pub(crate) fn record_fire(
        &self,
        s: &mut State,
        d: &Decl,
        firers: &[UnitId],
        target: &[UnitId],
    ) {
        let mut hexes = d.from.clone();
        if d.arm == Arm::Artillery {
            for &g in firers {
                if let Some(p) = s.unit(g).placed() {
                    if !hexes.contains(&p.hex()) {
                        hexes.push(p.hex());
                    }
                }
            }
        }
        let Some(l) = log_mut(s) else { return };
        if matches!(d.kind, FireKind::Segment | FireKind::Return) {
            for &h in &hexes {
                if d.kind == FireKind::Segment {
                    l.fired.push(Fired {
                        hex: h,
                        arm: d.arm,
                        at: d.at,
                    });
                }
            }
            // F-3.5a D: a redoubt's combined fire is fired by both arms.
            let other = split::other(d.arm);
            if d.kind == FireKind::Segment {
                for &h in &d.with {
                    l.fired.push(Fired {
                        hex: h,
                        arm: other,
                        at: d.at,
                    });
                }
            }
            for &u in target {
                l.fired_on.push(super::state::FiredOn {
                    unit: u,
                    arm: d.arm,
                });
                if !d.with.is_empty() {
                    l.fired_on.push(super::state::FiredOn {
                        unit: u,
                        arm: other,
                    });
                }
            }
        }
    }

    /// The steps no one decides, done as soon as they come up: the end of a Fire Reaction
    /// (18.5d). Called after every action.
    pub(crate) fn settle_fire(&self, s: &mut State, ev: &mut Vec<Event>) {
        while let Some(Step::Fire(FireStep::ReactionEnd {
            mover,
            disordered,
            morale,
        })) = s.steps.last().copied()
        {
            s.steps.pop();
            self.reaction_end(s, mover, disordered, morale, ev);
        }
    }
}
