//! 12.1 the fire's ratio and column, the roll and the Fire Combat Table; 12.9 the results:
//! SP losses top unit first (12.9b; 12.9c movers first), infantry and guns alternating
//! (12.9g), guns halved beyond short range (12.9f), ×1.5 against columns and Squares, Road
//! Columns rout and Routed units retreat (12.9h), "R" and "D" (12.9i), shrinking and Squares
//! breaking (12.9j), the Disorder and Morale Checks in order (12.9d, 12.9e, 12.9k); 12.10
//! Return Fire; 13.10 Defensive Fire for the close combat section.
//!
//! Readings (docs/coverage/fontenoy.md): below 1:3 a fire has no effect (F-5.3 calls 1:3 the
//! lowest ratio); ×1.5, then the alternation, then the guns' halving (digest A19); a column
//! shift past 5:1 adds 10 a column, as a ratio above 5:1 does; MC(A) reads the SP lost; a
//! Square that breaks keeps its facing; a formation that shrinks keeps its first hexes.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::checks::{CheckKind, CheckReq};
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{Decl, FireCombat, FireKind, FireStep, State, Step};
use super::super::tables::fire::{COLUMNS, FireResult, Special};
use super::super::types::{
    Arm, DisorderCheck, Formation, Kind, Morale, MoraleCheck, Nationality, Odds, round,
};
use super::super::units::UnitId;
use super::strength::Part;
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

/// What one roll of a fire gives, for [`Fontenoy::fire_outcome_distribution`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// No effect.
    NoEffect,
    /// "R/D".
    Rd,
    /// This many SP lost (after ×1.5, 12.9h, and a Regimental Guns SP).
    Lost(u8),
    /// A Special Fire Combat Result (12.11).
    Special(Special),
}

/// The column of a fire and the die modifier for steps above 5:1 (12.1), or `None` below
/// 1:3; `shift` columns to the right (F-8.6d, F-8.7b).
pub fn column(strength: u32, defense: u32, shift: u8) -> Option<(usize, i32)> {
    let odds = Odds::of(strength, defense)?;
    let (col, extra) = if odds.defence == 1 {
        if odds.attack >= 5 {
            (6usize, 10 * (odds.attack as i32 - 5))
        } else {
            (odds.attack as usize + 1, 0)
        }
    } else {
        match odds.defence {
            2 => (1, 0),
            3 => (0, 0),
            _ => return None,
        }
    };
    let col = col + usize::from(shift);
    if col > 6 {
        Some((6, extra + 10 * (col as i32 - 6)))
    } else {
        Some((col, extra))
    }
}

fn result_name(r: FireResult) -> String {
    match r {
        FireResult::NoEffect => "-".into(),
        FireResult::Rd => "R/D".into(),
        FireResult::Loss(n) => n.to_string(),
    }
}

impl Fontenoy {
    /// The column of combat `c` and its die modifiers from the ratio.
    pub(crate) fn combat_column(&self, c: &FireCombat) -> Option<(usize, i32)> {
        column(c.strength, c.defense, c.shift)
    }

    /// The special results column of the firers (F-8.1: mixed Allies read the nationality
    /// with the most SP; a tie, which the French player would decide, reads the first in the
    /// order French, Dutch, English, Hanoverian, Austrian).
    pub(crate) fn fire_nationality(&self, s: &State, firers: &[UnitId]) -> Nationality {
        let mut sp = [0u32; 5];
        let mut first = Nationality::French;
        for (k, &u) in firers.iter().enumerate() {
            let n = self.units[usize::from(u)].nationality;
            if k == 0 {
                first = n;
            }
            sp[n.column()] += u32::from(s.unit(u).sp);
        }
        let all = [
            Nationality::French,
            Nationality::Dutch,
            Nationality::English,
            Nationality::Hanoverian,
            Nationality::Austrian,
        ];
        let best = sp.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return first;
        }
        all.into_iter()
            .find(|&n| sp[n.column()] == best)
            .unwrap_or(first)
    }

    /// Builds the fire combat of `parts` at `at` (12.1): strength, Defense Rating, modifiers.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn build_combat(
        &self,
        s: &State,
        o: &Occupancy,
        kind: FireKind,
        side: Side,
        arm: Option<Arm>,
        parts: &[Part],
        at: Hex,
        mover: Option<UnitId>,
        before: Option<(Formation, Placed)>,
    ) -> FireCombat {
        let target = self.target_units(s, o, at, side);
        let target = self.loss_order(s, &target, mover);
        // 12.8c, 12.8f: every formation and facing in the hex, before and after a change,
        // whichever favours the firer.
        let mut shapes: Vec<(Option<UnitId>, Formation, Placed)> = target
            .iter()
            .filter_map(|&u| {
                let x = s.unit(u);
                x.placed()
                    .filter(|p| p.hexes.contains(at))
                    .map(|p| (Some(u), x.formation, *p))
            })
            .collect();
        shapes.extend(before.map(|(f, p)| (None, f, p)));
        // F-3.5b C: the fortification of the target's hex counts only when every firing hex
        // fires across its front; F-7.7: not against indirect howitzer fire.
        let indirect = self.indirect_howitzer_fire(parts, at, side);
        let all_from: Vec<Hex> = parts.iter().map(|p| p.hex).collect();
        let hold = !indirect && self.works_hold(&all_from, at);
        let mut strength = 0u32;
        let mut flank = false;
        let mut enfilade_any = false;
        // F-5.1a: with Flanking Fire, enfilade shifts a column instead of adding to the
        // multiplier (not in Defensive Fire, F-5.1b's last sentence read for all of F-5.1).
        let flanking = self.option("5.1") && kind != FireKind::Defensive;
        let mut firers = Vec::new();
        let mut from = Vec::new();
        for part in parts {
            let mut enfilade = false;
            for (u, f, p) in &shapes {
                let (e, fl) = self.angle(s, &part.sight.path, *u, *f, p);
                enfilade |= e;
                flank |= fl;
            }
            enfilade_any |= enfilade;
            let one = self.part_strength(s, part, at, enfilade && !flanking);
            strength += self.works_fire_out(part, one, hold);
            for &(u, n) in &part.sp {
                if n > 0 && !firers.contains(&u) {
                    firers.push(u);
                }
            }
            from.push(part.hex);
        }
        let heavy = shapes.iter().any(|(_, f, _)| Self::heavy_formation(*f));
        let defense = self.defense_rating(s, o, &target, &from, at, indirect);
        let drms = &self.tables.fire.drms;
        let mut drm = if self.skirmisher_target(s, &target) {
            drms.skirmisher
        } else {
            self.tables.fire.size_drm(self.target_size(s, &target))
        };
        if kind == FireKind::Defensive {
            let cavalry = target
                .first()
                .is_some_and(|&u| self.units[usize::from(u)].kind == Kind::Cavalry);
            drm += if cavalry {
                // F-6.4: not against French cavalry charging a Line or Square's front.
                let firers: Vec<UnitId> = parts
                    .iter()
                    .flat_map(|p| p.sp.iter().map(|&(u, _)| u))
                    .collect();
                if self.french_screen_charge(s, &target, &firers) {
                    0
                } else {
                    drms.defensive_vs_cavalry
                }
            } else {
                drms.defensive_vs_infantry
            };
        }
        let long_artillery = arm == Some(Arm::Artillery)
            && !parts.is_empty()
            && parts.iter().all(|p| {
                p.sp.iter().all(|&(u, _)| {
                    self.multiplier_row(u)
                        .is_none_or(|r| p.hex.distance(at) > u32::from(r.short_range))
                })
            });
        let range = from.iter().map(|&f| f.distance(at)).min().unwrap_or(0);
        // F-3.3d B, F-4.2f A: an artillery commander's help shifts a column right.
        let helped = arm == Some(Arm::Artillery) && self.fire_helper(s, &firers, kind).is_some();
        FireCombat {
            kind,
            side,
            arm,
            nationality: self.fire_nationality(s, &firers),
            firers,
            from,
            at,
            target,
            strength,
            defense,
            drm,
            range: range.min(255) as u8,
            long_artillery,
            flank,
            enfilade: enfilade_any,
            heavy,
            mover,
            ordinary: false,
            shift: u8::from(flanking && enfilade_any) + u8::from(helped),
            extra_loss: 0,
            caisson: false,
            smoke: 0,
            rerolls: 0,
            disorder_after: false,
            wild: None,
            effect: None,
            cancelled: false,
            lost: 0,
            spread: Vec::new(),
        }
    }

    /// The parts of a declared fire (each hex checked again).
    fn decl_parts(&self, s: &State, o: &Occupancy, d: &Decl) -> Result<Vec<Part>, Illegal> {
        self.split_parts(s, o, d)
    }

    /// The fire combat `from` would make at `at` now, without firing (for benches and the
    /// close combat section's estimates): each hex is checked as a fire of `kind` by `side`.
    pub fn fire_preview(
        &self,
        s: &State,
        kind: FireKind,
        side: Side,
        from: &[Hex],
        arm: Arm,
        at: Hex,
    ) -> Result<FireCombat, Illegal> {
        let o = Occupancy::build(self, s);
        let d = Decl {
            from: from.to_vec(),
            kind,
            ..Self::blank_decl(side, arm, at)
        };
        let parts = self.decl_parts(s, &o, &d)?;
        Ok(self.build_combat(s, &o, kind, side, Some(arm), &parts, at, None, None))
    }

    /// Resolves the declaration `d` (12.1): the combat is recorded, the fire noted (12.2c),
    /// and the roll is pending; below 1:3 the fire has no effect.
    pub(crate) fn open_fire(
        &self,
        s: &mut State,
        d: Decl,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let o = Occupancy::build(self, s);
        let parts = self.decl_parts(s, &o, &d)?;
        let before = d.before.zip(d.placed);
        // F-3.5a D: a redoubt's infantry and guns firing together are both arms.
        let arm = d.with.is_empty().then_some(d.arm);
        let c = self.build_combat(s, &o, d.kind, d.side, arm, &parts, d.at, d.mover, before);
        self.record_fire(s, &d, &c.firers, &c.target);
        self.record_spent(s, d.kind, &parts);
        self.start_combat(s, c, ev);
        Ok(())
    }

    /// Records combat `c`, announces it and asks for its roll; returns its index.
    pub(crate) fn start_combat(&self, s: &mut State, c: FireCombat, ev: &mut Vec<Event>) -> u16 {
        let col = self.combat_column(&c);
        // F-10.2a F: fired on by a non-artillery unit, a Potential French Reinforcement
        // Division is activated.
        if c.firers
            .iter()
            .any(|&u| self.units[usize::from(u)].kind != super::super::types::Kind::Artillery)
        {
            self.potential_attacked(s, &c.target);
        }
        // F-3.3d, F-4.2f: an artillery commander's help (command/artillery.rs).
        if c.arm == Some(Arm::Artillery) {
            if let Some(commander) = self.note_artillery_help(s, &c.firers, c.kind) {
                ev.push(Event::ArtilleryHelp {
                    commander,
                    at: c.at,
                });
            }
        }
        ev.push(Event::FireOpened {
            kind: c.kind,
            side: c.side,
            arm: c.arm,
            at: c.at,
            firers: c.firers.clone(),
            strength: c.strength,
            defense: c.defense,
            column: col.map(|(k, _)| String::from(COLUMNS[k])),
            drm: c.drm + col.map_or(0, |(_, x)| x),
        });
        let at = c.at;
        let low = col.is_none() && self.low_ratio_artillery(Some(&c));
        let Some(l) = super::log_mut(s) else {
            return 0;
        };
        let id = l.combats.len() as u16;
        l.combats.push(c);
        if col.is_some() || low {
            // F-5.3: artillery below 1:3 rolls for a special result.
            s.steps.push(Step::Fire(FireStep::Roll { combat: id }));
        } else {
            ev.push(Event::FireNoEffect {
                at,
                why: "the ratio is below 1:3, the lowest column (12.1, F-5.3)".into(),
            });
        }
        id
    }

    /// The d100 of combat `id` (12.1): a special result on an unmodified 00–09 (12.11),
    /// else the table.
    pub(crate) fn fire_roll(&self, s: &mut State, id: u16, roll: u8, ev: &mut Vec<Event>) {
        let Some(c) = self.fire_combat(s, id).cloned() else {
            return;
        };
        if c.cancelled {
            return;
        }
        if !c.ordinary && roll <= 9 {
            // F-8.1: a tie of Allied nationalities whose columns differ: the French choose.
            let tied = self.tied_columns(s, &c.firers);
            if tied != 0
                && self.ask_column(s, roll, None, Some(id), tied, |n| {
                    let mut x = c.clone();
                    x.nationality = n;
                    self.special_of(&x, roll)
                })
            {
                return;
            }
            self.special_result(s, id, roll, ev);
            return;
        }
        self.table_roll(s, id, roll, 0, ev);
    }

    /// Reads the table for `roll` (with `extra` more die modifiers) and applies the result.
    pub(crate) fn table_roll(
        &self,
        s: &mut State,
        id: u16,
        roll: u8,
        extra: i32,
        ev: &mut Vec<Event>,
    ) {
        let Some(c) = self.fire_combat(s, id).cloned() else {
            return;
        };
        let Some((col, above)) = self.combat_column(&c) else {
            ev.push(Event::FireNoEffect {
                at: c.at,
                why: "the ratio is below 1:3 (12.1)".into(),
            });
            return;
        };
        let modified = i32::from(roll) + c.drm + above + c.smoke + extra;
        let res = self.tables.fire.result(col, modified);
        ev.push(Event::FireRolled {
            at: c.at,
            roll,
            modified,
            result: result_name(res),
        });
        self.conclude(s, id, res, roll, ev);
    }

    /// Applies result `res` of combat `id`, rolled `roll` unmodified, then what follows it:
    /// a re-roll still due (F-8.5a, F-8.7a), Return Fire (12.10), the checks (12.9k).
    pub(crate) fn conclude(
        &self,
        s: &mut State,
        id: u16,
        res: FireResult,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(c) = self.fire_combat(s, id) else {
            return;
        };
        // F-5.1b: the targeted player first says where the losses after the first go.
        let left = self.spread_due(s, c, res);
        if left > 0 {
            s.steps.push(Step::Fire(FireStep::Spread {
                combat: id,
                loss: match res {
                    FireResult::Loss(k) => k,
                    _ => 0,
                },
                rd: res == FireResult::Rd,
                roll,
                left,
            }));
            return;
        }
        self.finish_fire(s, id, res, roll, ev);
    }

    /// [`conclude`](Self::conclude) once the losses' places are known (F-5.1b).
    pub(crate) fn finish_fire(
        &self,
        s: &mut State,
        id: u16,
        res: FireResult,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(c) = self.fire_combat(s, id).cloned() else {
            return;
        };
        let checks = self.apply_result(s, id, &c, res, roll % 2 == 0, ev);
        if c.rerolls > 0 {
            if let Some(x) = self.combat_mut(s, id) {
                x.rerolls -= 1;
            }
            s.steps.push(Step::Fire(FireStep::Roll { combat: id }));
        } else if c.disorder_after {
            if let Some(x) = self.combat_mut(s, id) {
                x.disorder_after = false;
            }
            self.disorder_units(s, &c.firers, "F-8.5a", ev);
        }
        if res == FireResult::Rd
            && c.kind == FireKind::Segment
            && c.arm.is_some()
            && !self.return_options(s, id).is_empty()
        {
            s.steps.push(Step::Fire(FireStep::Return { combat: id }));
        }
        self.queue_checks(s, &checks);
    }

    /// The SP losses, routs and formation changes of result `res` (12.9a–j), and the checks
    /// it calls for, in order (12.9k).
    fn apply_result(
        &self,
        s: &mut State,
        id: u16,
        c: &FireCombat,
        res: FireResult,
        even: bool,
        ev: &mut Vec<Event>,
    ) -> Vec<CheckReq> {
        let mut checks = Vec::new();
        let rd = res == FireResult::Rd;
        let mut n = match res {
            FireResult::Loss(k) => i32::from(k),
            _ => 0,
        };
        if c.heavy {
            n = round(3 * n, 2);
        }
        if res != FireResult::NoEffect {
            n += i32::from(c.extra_loss);
        }
        // F-5.1b: losses the targeted player moved away, one each (the roll's record is
        // cleared for a re-roll).
        let moved: Vec<UnitId> = self
            .combat_mut(s, id)
            .map(|x| core::mem::take(&mut x.spread))
            .unwrap_or_default();
        n -= moved.len() as i32;
        let alive: Vec<UnitId> = c
            .target
            .iter()
            .copied()
            .filter(|&u| s.unit(u).on_map() && s.unit(u).sp > 0)
            .collect();
        let routed_before: Vec<UnitId> = alive
            .iter()
            .copied()
            .filter(|&u| s.unit(u).morale == Morale::Routed)
            .collect();
        let mut lost = self.distribute(s, c, &alive, n, ev);
        // F-8.7c: a caisson explosion costs guns in the hex one SP more, never halved.
        let mut caisson_check = None;
        if c.caisson && res != FireResult::NoEffect {
            if let Some(&g) = alive.iter().find(|&&u| {
                self.units[usize::from(u)].kind == Kind::Artillery
                    && s.unit(u).on_map()
                    && s.unit(u).placed().is_some_and(|p| p.hexes.contains(c.at))
            }) {
                lost += self.lose_sp(s, g, 1, "F-8.7c", ev);
                if s.unit(g).on_map() {
                    caisson_check = Some(CheckReq {
                        unit: g,
                        kind: CheckKind::Morale(MoraleCheck::A),
                        er_mod: 0,
                    });
                }
            }
        }
        let mut shifted = 0u8;
        for &u in &moved {
            if s.unit(u).on_map() && s.unit(u).sp > 0 {
                shifted = shifted.saturating_add(self.lose_sp(s, u, 1, "F-5.1b", ev));
            }
        }
        let moved: Vec<UnitId> = moved.into_iter().filter(|&u| s.unit(u).on_map()).collect();
        self.after_losses(s, &moved, ev);
        if let Some(x) = self.combat_mut(s, id) {
            x.lost = x.lost.saturating_add(lost).saturating_add(shifted);
        }
        let alive: Vec<UnitId> = alive.into_iter().filter(|&u| s.unit(u).on_map()).collect();
        if lost > 0 {
            // 12.9h: a Road Column hit routs; a Routed unit hit retreats again.
            if let Some(&u) = alive
                .iter()
                .find(|&&u| s.unit(u).formation == Formation::RoadColumn)
            {
                self.rout(s, u, ev);
            }
            for &u in &routed_before {
                if s.unit(u).on_map() {
                    self.rout(s, u, ev);
                }
            }
        }
        // 12.9j: shrinking, Squares breaking; 13.10f: toward the defenders.
        let before: Vec<(UnitId, Placed)> = if c.kind == FireKind::Defensive {
            alive
                .iter()
                .filter_map(|&u| s.unit(u).placed().map(|p| (u, *p)))
                .collect()
        } else {
            Vec::new()
        };
        self.after_losses(s, &alive, ev);
        self.shrink_toward_defenders(s, &before);
        let alive: Vec<UnitId> = alive
            .into_iter()
            .filter(|&u| s.unit(u).on_map() && s.unit(u).sp > 0)
            .collect();
        if alive.is_empty() {
            return checks;
        }
        let mover = c.mover.filter(|m| alive.contains(m));
        // 12.9e: a reaction or Defensive Fire that costs SP or gives "D": DC(C) or DC(E),
        // before the Morale Check; the mover only, in a hex it shares (18.2e).
        // F-5.1b: the target checks as though it had taken every loss of the fire.
        let total = lost.saturating_add(shifted);
        if matches!(c.kind, FireKind::Reaction | FireKind::Defensive) && (total > 0 || rd) {
            let dc = if c.kind == FireKind::Reaction {
                DisorderCheck::C
            } else {
                DisorderCheck::E
            };
            let who = mover.or_else(|| {
                alive
                    .iter()
                    .copied()
                    .find(|&u| self.units[usize::from(u)].kind != Kind::Artillery)
                    .or_else(|| alive.first().copied())
            });
            // 18.4: skirmishers take no Disorder Check.
            if let Some(u) = who.filter(|&u| s.unit(u).formation != Formation::Skirmish) {
                checks.push(CheckReq {
                    unit: u,
                    kind: CheckKind::Disorder(dc),
                    er_mod: 0,
                });
            }
        }
        // 12.9d, 19.9a, 19.9b: an even roll with a loss, MC(A); Routed units and Road Columns
        // are exempt.
        if even && total > 0 {
            let who = mover.or_else(|| {
                let inf = alive
                    .iter()
                    .copied()
                    .find(|&u| self.units[usize::from(u)].kind == Kind::Infantry);
                inf.or_else(|| alive.first().copied())
            });
            if let Some(u) = who.filter(|&u| {
                s.unit(u).morale != Morale::Routed && s.unit(u).formation != Formation::RoadColumn
            }) {
                let mut er = match total {
                    0 | 1 => 0,
                    2 | 3 => 10,
                    _ => 20,
                };
                if c.flank {
                    er += 5;
                }
                checks.push(CheckReq {
                    unit: u,
                    kind: CheckKind::Morale(MoraleCheck::A),
                    er_mod: er,
                });
            }
        }
        checks.extend(caisson_check);
        checks
    }

    /// Distributes `n` SP of losses over the units `alive` (in loss order) and takes them
    /// (12.9b, 12.9f, 12.9g); returns the SP lost.
    fn distribute(
        &self,
        s: &mut State,
        c: &FireCombat,
        alive: &[UnitId],
        n: i32,
        ev: &mut Vec<Event>,
    ) -> u8 {
        if n <= 0 || alive.is_empty() {
            return 0;
        }
        let kind = |u: UnitId| self.units[usize::from(u)].kind;
        let halved = |u: UnitId| {
            c.long_artillery
                && kind(u) == Kind::Artillery
                && s.unit(u).formation == Formation::Unlimbered
        };
        let capacity = |u: UnitId| {
            let sp = i32::from(s.unit(u).sp);
            if halved(u) { 2 * sp } else { sp }
        };
        let mut assigned: Vec<(UnitId, i32)> = alive.iter().map(|&u| (u, 0)).collect();
        // 12.9g: guns on top of infantry take every second loss, the infantry the first.
        let alternate =
            kind(alive[0]) == Kind::Artillery && alive.iter().any(|&u| kind(u) == Kind::Infantry);
        for k in 0..n {
            let want_guns = alternate && k % 2 == 1;
            let pick = |assigned: &Vec<(UnitId, i32)>, guns: Option<bool>| {
                assigned.iter().position(|&(u, a)| {
                    a < capacity(u) && guns.is_none_or(|g| (kind(u) == Kind::Artillery) == g)
                })
            };
            let i = if alternate {
                pick(&assigned, Some(want_guns)).or_else(|| pick(&assigned, None))
            } else {
                pick(&assigned, None)
            };
            let Some(i) = i else { break };
            assigned[i].1 += 1;
        }
        let halves: Vec<bool> = assigned.iter().map(|&(u, _)| halved(u)).collect();
        let mut lost = 0u8;
        for ((u, a), half) in assigned.into_iter().zip(halves) {
            let take = if half { a / 2 } else { a };
            if take > 0 {
                lost = lost.saturating_add(self.lose_sp(
                    s,
                    u,
                    take.clamp(0, 255) as u8,
                    if half { "12.9f" } else { "12.9b" },
                    ev,
                ));
            }
        }
        lost
    }

    /// 12.9j: after losses a multi-hex formation without the SP for its hexes shrinks (11.5i:
    /// keeping its first hexes), and a Square under 3 SP becomes a Line, Disordered (8.4g,
    /// 18.3).
    pub(crate) fn after_losses(&self, s: &mut State, units: &[UnitId], ev: &mut Vec<Event>) {
        let mut seen: Vec<Placed> = Vec::new();
        for &u in units {
            let Some(p) = s.unit(u).placed().copied() else {
                continue;
            };
            if seen.contains(&p) {
                continue;
            }
            seen.push(p);
            let side = self.units[usize::from(u)].side;
            let group: Vec<UnitId> = (0..s.units.len() as UnitId)
                .filter(|&x| {
                    self.units[usize::from(x)].side == side
                        && self.units[usize::from(x)].is_combat()
                        && s.unit(x).placed() == Some(&p)
                })
                .collect();
            let f = s.unit(u).formation;
            let total: u16 = group.iter().map(|&x| u16::from(s.unit(x).sp)).sum();
            if f == Formation::Square {
                let inf: u16 = group
                    .iter()
                    .filter(|&&x| self.units[usize::from(x)].kind == Kind::Infantry)
                    .map(|&x| u16::from(s.unit(x).sp))
                    .sum();
                if inf < 3 {
                    for &x in &group {
                        if s.unit(x).formation != Formation::Square {
                            continue;
                        }
                        let unit = s.unit_mut(x);
                        unit.formation = Formation::Line;
                        if let super::super::state::Place::Map(q) = &mut unit.place {
                            if !q.facing.is_corner() {
                                q.facing = q.facing.rotate(1);
                            }
                        }
                        ev.push(Event::Reformed {
                            unit: x,
                            formation: Formation::Line,
                            rule: "8.4g".into(),
                        });
                    }
                    self.disorder_units(s, &group, "8.4g", ev);
                }
                continue;
            }
            let len = p.hexes.len();
            if len <= 1 {
                continue;
            }
            let kind = self.units[usize::from(u)].kind;
            // 8.1: the SP a formation needs for its hexes (movement/extend.rs).
            let allowed = self.max_hexes(kind, side, f, total).unwrap_or(len);
            if allowed >= len {
                continue;
            }
            let Some(hexes) =
                super::super::geometry::Hexes::from_slice(&p.hexes.as_slice()[..allowed.max(1)])
            else {
                continue;
            };
            let q = Placed { hexes, ..p };
            for &x in &group {
                s.unit_mut(x).place = super::super::state::Place::Map(q);
                ev.push(Event::Shrunk {
                    unit: x,
                    hexes: hexes.len() as u8,
                });
            }
        }
    }

    /// The Return Fire the target of combat `id` may make (12.10): from its hexes, by an arm
    /// that reaches, at the nearest of the hexes that fired which it sees.
    pub(crate) fn return_options(&self, s: &State, id: u16) -> Vec<(Hex, Arm, Hex)> {
        let Some(c) = self.fire_combat(s, id) else {
            return Vec::new();
        };
        if c.kind != FireKind::Segment {
            return Vec::new();
        }
        let o = Occupancy::build(self, s);
        let side = c.side.other();
        let mut hexes: Vec<Hex> = Vec::new();
        for &t in &c.target {
            if self.units[usize::from(t)].side != side {
                continue;
            }
            if let Some(p) = s.unit(t).placed() {
                hexes.extend_from_slice(p.hexes.as_slice());
            }
        }
        hexes.sort();
        hexes.dedup();
        let firing: Vec<Hex> = c
            .from
            .iter()
            .copied()
            .filter(|&h| !self.target_units(s, &o, h, side).is_empty())
            .collect();
        let mut out = Vec::new();
        for &h in &hexes {
            for arm in [Arm::Infantry, Arm::Artillery] {
                // The nearest of the firing hexes this one can fire at.
                let mut ok: Vec<(u32, Hex)> = firing
                    .iter()
                    .filter(|&&f| {
                        self.check_fire(s, &o, FireKind::Return, side, h, arm, f)
                            .is_ok()
                    })
                    .map(|&f| (h.distance(f), f))
                    .collect();
                ok.sort();
                if let Some(&(d, _)) = ok.first() {
                    for &(dd, f) in &ok {
                        if dd == d {
                            out.push((h, arm, f));
                        }
                    }
                }
            }
        }
        out
    }

    /// The Return Fire actions (12.10).
    pub(crate) fn return_fire_actions(
        &self,
        s: &State,
        id: u16,
        out: &mut Vec<super::super::action::Action>,
    ) {
        for (from, arm, at) in self.return_options(s, id) {
            out.push(super::super::action::Action::Fire { from, arm, at });
        }
    }

    /// Begins the Return Fire of combat `id`'s target from `from` at `at` (12.10).
    pub(crate) fn begin_return_fire(
        &self,
        s: &mut State,
        id: u16,
        from: Hex,
        arm: Arm,
        at: Hex,
    ) -> Result<(), Illegal> {
        if !self.return_options(s, id).contains(&(from, arm, at)) {
            return Err(Illegal::new(
                "12.10",
                format!(
                    "Return Fire goes from the target's hexes at the nearest firing hex it sees; {} cannot fire at {}",
                    self.label(from),
                    self.label(at)
                ),
            ));
        }
        let side = self.fire_combat(s, id).map_or(Side(0), |c| c.side.other());
        let extra = Decl {
            answers: Some(id),
            ..Self::blank_decl(side, arm, at)
        };
        self.begin_fire(s, FireKind::Return, side, from, arm, at, extra)
    }

    /// The parts of a Defensive Fire by `firers` at `at`: each of their hexes and arms, both
    /// arms together (12.2e, 13.10).
    fn defensive_parts(
        &self,
        s: &State,
        o: &Occupancy,
        firers: &[UnitId],
        at: Hex,
    ) -> (Side, Vec<Part>) {
        let side = firers
            .first()
            .map_or(Side(0), |&u| self.units[usize::from(u)].side);
        let mut parts = Vec::new();
        let mut hexes: Vec<(Hex, Arm)> = Vec::new();
        for &u in firers {
            let (Some(p), Some(arm)) = (s.unit(u).placed(), self.arm_of(u)) else {
                continue;
            };
            for &h in p.hexes.as_slice() {
                if !hexes.contains(&(h, arm)) {
                    hexes.push((h, arm));
                }
            }
        }
        for (h, arm) in hexes {
            // 13.10c: a unit that splits its fire fires only from a hex or through a lane
            // it has not used this segment.
            let units: Vec<UnitId> = self
                .firing_units(s, o, h, arm, side, FireKind::Defensive)
                .into_iter()
                .filter(|&u| firers.contains(&u) && self.df_slot_free(s, u, h, at, &[]))
                .collect();
            let Some(&top) = units.first() else { continue };
            if h.distance(at)
                > units
                    .iter()
                    .map(|&u| self.fire_range(s, u, h, FireKind::Defensive))
                    .max()
                    .unwrap_or(0)
            {
                continue;
            }
            let Ok(sight) = self.sight(s, o, h, at, top, arm, side) else {
                continue;
            };
            parts.push(self.part(s, o, h, arm, &units, at, &sight, FireKind::Defensive));
        }
        // F-7.5b: regimental guns do not combine with another Division's units.
        if self.option("7.5") {
            self.regimental_defensive(s, &mut parts);
        }
        (side, parts)
    }

    /// The combined infantry and artillery Fire Strength `firers` would have at `at` in
    /// Defensive Fire (13.10, 12.2e), for the close combat section.
    pub fn defensive_strength(&self, s: &State, firers: &[UnitId], at: Hex) -> u32 {
        let o = Occupancy::build(self, s);
        let (side, parts) = self.defensive_parts(s, &o, firers, at);
        if parts.is_empty() {
            return 0;
        }
        self.build_combat(
            s,
            &o,
            FireKind::Defensive,
            side,
            None,
            &parts,
            at,
            None,
            None,
        )
        .strength
    }

    /// Defensive Fire by `firers` at the attackers in `at` (13.10): one combat of both arms
    /// read on the Special Defensive Fire Results Table (12.11), +10 at cavalry and +20 at
    /// infantry (13.10g), DC(E) on a loss or "D" (12.9e). The roll is pending when this
    /// returns; the combat's index lets the close combat section read its effect
    /// ([`FireCombat::lost`], [`FireCombat::effect`], [`FireCombat::cancelled`]) once it is
    /// resolved. `None` when none of them can fire at `at`.
    pub(crate) fn defensive_fire(
        &self,
        s: &mut State,
        firers: &[UnitId],
        at: Hex,
        ev: &mut Vec<Event>,
    ) -> Option<u16> {
        let o = Occupancy::build(self, s);
        let (side, parts) = self.defensive_parts(s, &o, firers, at);
        if parts.is_empty() {
            return None;
        }
        let c = self.build_combat(
            s,
            &o,
            FireKind::Defensive,
            side,
            None,
            &parts,
            at,
            None,
            None,
        );
        if c.target.is_empty() {
            return None;
        }
        self.record_spent(s, FireKind::Defensive, &parts);
        self.record_df_slots(s, &parts, at);
        Some(self.start_combat(s, c, ev))
    }

    /// The exact distribution of one roll of combat `c` over the d100 (12.1, 12.11): for each
    /// outcome, how many of the 100 results give it. Losses are the result's SP after ×1.5
    /// (12.9h) and a Regimental Guns SP; the 00–09 specials are reported by name.
    pub fn fire_outcome_distribution(&self, c: &FireCombat) -> Vec<(Outcome, u32)> {
        let mut out: Vec<(Outcome, u32)> = Vec::new();
        let mut add = |o: Outcome| match out.iter_mut().find(|(x, _)| *x == o) {
            Some((_, n)) => *n += 1,
            None => out.push((o, 1)),
        };
        let Some((col, above)) = self.combat_column(c) else {
            if self.low_ratio_artillery(Some(c)) {
                // F-5.3: only the special results that shift the column or strike a
                // commander.
                for roll in 0..100u8 {
                    match self
                        .special_of(c, roll)
                        .filter(|_| roll <= 9 && !c.ordinary)
                    {
                        Some(x) if Self::low_ratio_special(x, roll) => add(Outcome::Special(x)),
                        _ => add(Outcome::NoEffect),
                    }
                }
                out.sort();
                return out;
            }
            return alloc::vec![(Outcome::NoEffect, 100)];
        };
        for roll in 0..100i32 {
            if !c.ordinary && roll <= 9 {
                if let Some(x) = self.special_of(c, roll as u8) {
                    add(Outcome::Special(x));
                    continue;
                }
            }
            let res = self.tables.fire.result(col, roll + c.drm + above + c.smoke);
            add(match res {
                FireResult::NoEffect => Outcome::NoEffect,
                FireResult::Rd if c.extra_loss == 0 => Outcome::Rd,
                FireResult::Rd => Outcome::Lost(c.extra_loss),
                FireResult::Loss(n) => {
                    let n = if c.heavy {
                        round(3 * i32::from(n), 2)
                    } else {
                        i32::from(n)
                    };
                    Outcome::Lost((n + i32::from(c.extra_loss)).clamp(0, 255) as u8)
                }
            });
        }
        out.sort();
        out
    }
}
