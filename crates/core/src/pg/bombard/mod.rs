//! Offensive and Defensive Bombardment (8, 8.5) and the Rally Phase (9.4).

pub mod los;
mod rally;

use alloc::string::ToString;
use alloc::vec::Vec;

use super::Pg;
use super::action::Action;
use super::charts::{Lp, format_side};
use super::event::Event;
use super::state::{Declaration, LossTask, Morale, Off, Phase, State};
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

impl Pg {
    fn bombard_side(&self, s: &State) -> Side {
        if s.phase == Phase::DefensiveBombardment {
            s.active.other()
        } else {
            s.active
        }
    }

    /// Whether an artillery unit may bombard this player turn (8, 8.5).
    fn battery_ready(&self, s: &State, u: u16) -> bool {
        !s.units[usize::from(u)].fired && self.battery_able(s, u)
    }

    /// Whether an artillery unit could bombard now if it had not fired yet this Turn (8).
    fn battery_able(&self, s: &State, u: u16) -> bool {
        let side = self.bombard_side(s);
        let x = &s.units[usize::from(u)];
        let info = &self.pieces.units[usize::from(u)];
        if self.is_combat(u)
            || info.side != side
            || x.off != Off::No
            || x.in_column
            || x.morale == Morale::Routed
        {
            return false;
        }
        if s.phase == Phase::OffensiveBombardment && x.art_moved {
            return false;
        }
        if !s.armies[side.index()].activated && !self.unit_active(s, u) {
            return false;
        }
        // 8: stacked above all infantry and cavalry in its hex.
        !s.units.iter().enumerate().any(|(i, y)| {
            y.off == Off::No && y.hex == x.hex && self.is_combat(i as u16) && y.order < x.order
        })
    }

    /// Whether battery `u` may fire at `target` (8, 8.1, 8.2, 8.5).
    fn may_fire_at(&self, s: &State, u: u16, target: Hex) -> bool {
        self.target_refused(s, u, target).is_none()
    }

    /// The rule that forbids battery `u` to fire at `target`, and why; `None` when it may.
    fn target_refused(
        &self,
        s: &State,
        u: u16,
        target: Hex,
    ) -> Option<(&'static str, &'static str)> {
        let side = self.bombard_side(s);
        let from = s.units[usize::from(u)].hex;
        let d = from.distance(target);
        if d == 0 || d > 3 {
            return Some(("8.1", "artillery bombards a hex one to three hexes away"));
        }
        if !self.enemy_in(s, target, side) {
            return Some(("8.1", "the target hex holds no enemy unit"));
        }
        if s.bombarded.contains(&target) {
            return Some(("8", "each hex may be bombarded only once per Turn"));
        }
        if s.phase == Phase::DefensiveBombardment && d != 1 {
            return Some((
                "8.5",
                "defensive bombardment is only against adjacent units",
            ));
        }
        // 8.1: artillery adjacent to enemy units may fire only at them.
        let adjacent_enemy = from.neighbors().iter().any(|&n| self.enemy_in(s, n, side));
        if adjacent_enemy && d != 1 {
            return Some((
                "8.1",
                "artillery next to enemy units may fire only at those units",
            ));
        }
        // 8.1: enemy units adjacent to friendly units: only if stacked with or adjacent to every
        // such friendly unit and adjacent to the target.
        let friends: Vec<Hex> = target
            .neighbors()
            .into_iter()
            .filter(|&n| self.has_units(s, n, side))
            .collect();
        let covers_all = d == 1 && friends.iter().all(|&f| f.distance(from) <= 1);
        if !friends.is_empty() && !covers_all {
            return Some((
                "8.1",
                "enemy units next to friendly units may be bombarded only by artillery adjacent to the target and with or beside every such friendly unit",
            ));
        }
        if d != 1 && !self.clear_los(s, from, target) {
            return Some(("8.2", "the artillery has no line of sight to the target"));
        }
        None
    }

    /// Why a bombardment declaration that is not legal now is refused, naming the rule broken:
    /// 8 (one hex per battery and one bombardment per hex each Turn), 8.1 (range, adjacent
    /// enemy, friendly units beside the target), 8.2 (line of sight) or 8.5 (defensive
    /// bombardment only at adjacent units).
    pub(crate) fn bombard_refusal(&self, s: &State, a: &Action) -> Option<Illegal> {
        if !matches!(
            s.phase,
            Phase::OffensiveBombardment | Phase::DefensiveBombardment
        ) || !s.pending.is_empty()
        {
            return None;
        }
        const FIRED: &str = "each artillery unit may fire at only one hex per Turn";
        match (a, &s.bombard) {
            (Action::AddBattery { unit }, Some(d)) => {
                let u = *unit;
                if usize::from(u) >= s.units.len() || !self.battery_able(s, u) {
                    return None;
                }
                if s.units[usize::from(u)].fired {
                    return Some(Illegal::new("8", FIRED));
                }
                self.target_refused(s, u, d.target)
                    .map(|(rule, why)| Illegal::new(rule, why))
            }
            (Action::BombardTarget { hex }, None) => {
                if !self.enemy_in(s, *hex, self.bombard_side(s)) {
                    return None;
                }
                // The battery nearest the target (the first of equals) says why.
                let near = (0..s.units.len() as u16)
                    .filter(|&u| {
                        self.battery_able(s, u) && s.units[usize::from(u)].hex.distance(*hex) <= 3
                    })
                    .min_by_key(|&u| {
                        (
                            s.units[usize::from(u)].fired,
                            s.units[usize::from(u)].hex.distance(*hex),
                        )
                    });
                let u = near?;
                if s.bombarded.contains(hex) {
                    return Some(Illegal::new(
                        "8",
                        "each hex may be bombarded only once per Turn",
                    ));
                }
                if s.units[usize::from(u)].fired {
                    return Some(Illegal::new("8", FIRED));
                }
                let (rule, why) = self.target_refused(s, u, *hex)?;
                Some(Illegal::new(rule, why))
            }
            _ => None,
        }
    }

    /// Legal actions of a bombardment phase.
    pub(crate) fn bombard_actions(&self, s: &State, out: &mut Vec<Action>) {
        match &s.bombard {
            Some(decl) => {
                for u in 0..s.units.len() as u16 {
                    if !decl.batteries.contains(&u)
                        && self.battery_ready(s, u)
                        && self.may_fire_at(s, u, decl.target)
                    {
                        out.push(Action::AddBattery { unit: u });
                    }
                }
                if !decl.batteries.is_empty() {
                    out.push(Action::Fire);
                }
            }
            None => {
                let mut targets: Vec<Hex> = Vec::new();
                for u in 0..s.units.len() as u16 {
                    if !self.battery_ready(s, u) {
                        continue;
                    }
                    let from = s.units[usize::from(u)].hex;
                    for (i, x) in s.units.iter().enumerate() {
                        if x.off == Off::No
                            && self.pieces.units[i].side != self.bombard_side(s)
                            && x.hex.distance(from) <= 3
                            && !targets.contains(&x.hex)
                            && self.may_fire_at(s, u, x.hex)
                        {
                            targets.push(x.hex);
                        }
                    }
                }
                targets.sort();
                out.extend(targets.into_iter().map(|hex| Action::BombardTarget { hex }));
                out.push(Action::EndPhase);
            }
        }
    }

    /// Applies a bombardment-phase action.
    pub(crate) fn apply_bombard(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::BombardTarget { hex } => {
                s.bombard = Some(Declaration {
                    target: *hex,
                    batteries: Vec::new(),
                    rolling: false,
                });
                // The first battery is chosen with AddBattery; a target needs one to fire.
            }
            Action::AddBattery { unit } => {
                if let Some(d) = s.bombard.as_mut() {
                    d.batteries.push(*unit);
                }
            }
            Action::Fire => {
                let Some(d) = s.bombard.as_mut() else {
                    return Err(Illegal::new("8", "no bombardment is declared"));
                };
                if d.batteries.is_empty() {
                    return Err(Illegal::new(
                        "8",
                        "add at least one artillery unit before firing",
                    ));
                }
                let total = self.total_bs(s);
                if total <= 1 {
                    // 8.3 (T-23): no 1 column; no table lookup, no roll.
                    self.finish_bombardment(s, total, 0, ev);
                } else if let Some(d) = s.bombard.as_mut() {
                    d.rolling = true;
                }
            }
            Action::Roll(r) => {
                let total = self.total_bs(s);
                self.finish_bombardment(s, total, r.value, ev);
            }
            Action::EndPhase => self.after_bombardment_phase(s, ev),
            other => {
                return Err(Illegal::new(
                    "engine",
                    alloc::format!("{other:?} is not a bombardment decision"),
                ));
            }
        }
        Ok(())
    }

    fn total_bs(&self, s: &State) -> u8 {
        let Some(d) = &s.bombard else { return 0 };
        d.batteries
            .iter()
            .map(|&u| {
                let r = s.units[usize::from(u)].hex.distance(d.target).clamp(1, 3) as usize;
                self.pieces.units[usize::from(u)].bs[r - 1]
            })
            .fold(0u8, u8::saturating_add)
    }

    fn finish_bombardment(&self, s: &mut State, total: u8, roll: u8, ev: &mut Vec<Event>) {
        let Some(d) = s.bombard.take() else { return };
        let side = self.bombard_side(s);
        for &u in &d.batteries {
            s.units[usize::from(u)].fired = true;
        }
        s.bombarded.push(d.target);
        if total <= 1 {
            ev.push(Event::Bombardment {
                target: d.target,
                strength: total,
                roll: 0,
                drm: 0,
                result: "-".to_string(),
            });
            return;
        }
        let canister = d
            .batteries
            .iter()
            .all(|&u| s.units[usize::from(u)].hex.distance(d.target) == 1);
        let targets = self.top_four_steps(s, &self.stack(s, d.target));
        // 8.3: the firer selects one firing hex; the least favourable terrain of it and the
        // target hex applies, with the hexside between them. The firer's choice is the best
        // for it, which the engine takes (no other effect depends on it).
        let target_drm = i16::from(self.board.hex(d.target).bomb_drm);
        let mut drm = d
            .batteries
            .iter()
            .map(|&u| {
                let from = s.units[usize::from(u)].hex;
                let mut t = target_drm.min(i16::from(self.board.hex(from).bomb_drm));
                if from.distance(d.target) == 1
                    && self.board.side_between(d.target, from).entrenchment
                {
                    t += i16::from(self.board.side_rules.entrenchment_bomb_drm);
                }
                t
            })
            .max()
            .unwrap_or(target_drm);
        let any = |m: Morale| targets.iter().any(|&t| s.units[usize::from(t)].morale == m);
        if any(Morale::Disordered) {
            drm += i16::from(self.charts.bomb("target_disordered"));
        }
        if any(Morale::Routed) {
            drm += i16::from(self.charts.bomb("target_routed"));
        }
        if targets.iter().any(|&t| s.units[usize::from(t)].in_column) {
            drm += i16::from(self.charts.bomb("target_in_column"));
        }
        if canister {
            drm += i16::from(self.charts.bomb("canister"));
        }
        if self.steps_in(s, d.target).0 > 8 {
            drm += i16::from(self.charts.bomb("target_stack_large"));
        }
        let result = self.charts.bombardment(i16::from(roll) + drm, total);
        ev.push(Event::Bombardment {
            target: d.target,
            strength: total,
            roll,
            drm: drm.clamp(-99, 99) as i8,
            result: format_side(&result),
        });
        let mut lp = match result.lp {
            Lp::N(n) => n,
            Lp::Ex | Lp::ExPlus1 => 1,
        };
        if result.paren
            && self
                .stack(s, d.target)
                .iter()
                .any(|&u| self.is_combat(u) && !targets.contains(&u))
        {
            lp = lp.saturating_sub(1);
        }
        let task = LossTask {
            side: side.other(),
            hexes: alloc::vec![d.target],
            lp,
            result,
            canister,
            lead: None,
            taken: Vec::new(),
            bombardment: true,
        };
        self.start_losses(s, task, ev);
    }

    /// Phase 4 or 6 begins.
    pub(crate) fn begin_bombardment(&self, s: &mut State, defensive: bool, ev: &mut Vec<Event>) {
        s.phase = if defensive {
            Phase::DefensiveBombardment
        } else {
            Phase::OffensiveBombardment
        };
        // 8: with option `bombard_once_per: "phase"` the limits restart with every phase;
        // by default they last the game turn (3.0) and restart in `end_turn`.
        if self.params.bombard_each_phase {
            s.bombarded.clear();
            for u in s.units.iter_mut() {
                u.fired = false;
            }
        }
        ev.push(Event::PhaseBegins { phase: s.phase });
    }

    fn after_bombardment_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.phase == Phase::OffensiveBombardment {
            // 8.4: remove the Artillery Moved markers; then the Rally Phase (5).
            for u in s.units.iter_mut() {
                u.art_moved = false;
                u.rallied = false;
            }
            s.phase = Phase::Rally;
            ev.push(Event::PhaseBegins {
                phase: Phase::Rally,
            });
        } else {
            self.begin_close_combat(s, ev);
        }
    }
}

impl Pg {
    /// Line of sight for the rules that need it (4.1.2, 4.1.3, 4.3, 8.1): the full 8.2-8.2.2
    /// trace of [`los`], with woods and towns from the map, every unit of either side, and the
    /// map's slopes.
    pub fn clear_los(&self, s: &State, from: Hex, to: Hex) -> bool {
        los::line_of_sight(&LosView { pg: self, s }, from, to).is_clear()
    }
}

/// The map and the counters as line of sight sees them (8.2).
struct LosView<'a> {
    pg: &'a Pg,
    s: &'a State,
}

impl los::LosMap for LosView<'_> {
    fn blocks_terrain(&self, hex: Hex) -> bool {
        self.pg.board.hex(hex).blocks_los
    }
    fn occupied(&self, hex: Hex) -> bool {
        self.s
            .units
            .iter()
            .any(|u| u.off == Off::No && u.hex == hex)
    }
    fn slope_high_side(&self, a: Hex, b: Hex) -> Option<Hex> {
        let side = self.pg.board.side_between(a, b);
        if side.up {
            Some(b)
        } else if side.down {
            Some(a)
        } else {
            None
        }
    }
}
