//! Decisions and rolls that interrupt a phase: loss allocation (10.8.1), retreats and routs
//! (7.1, 10.9), artillery hits (10.8.3.1), morale checks (9.3), leader loss checks (10.7),
//! forced deployment (7.6.3) and Coup d'Oeil offers (4.1.3). The last entry of
//! `State::pending` is resolved first.

use alloc::vec::Vec;

use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Illegal, Side};
use crate::hex::Hex;
use crate::pg::Pg;
use crate::pg::action::Action;
use crate::pg::event::Event;
use crate::pg::state::{ArmyStatus, LossTask, Morale, Off, Pending, RetreatTask, State};
use crate::pg::units::Arm;

impl Pg {
    /// Who acts for a pending entry.
    pub(crate) fn pending_actor(&self, p: &Pending) -> Actor {
        match p {
            Pending::Losses(t) => Actor::Player(t.side),
            Pending::ArtilleryHit { side, .. } => Actor::Player(*side),
            Pending::Retreat(t) => Actor::Player(self.pieces.units[usize::from(t.unit)].side),
            Pending::MoraleCheck { .. } | Pending::LeaderCheck { .. } | Pending::Rally { .. } => {
                Actor::Chance(Chance::Dice(DiceSpec::D6))
            }
            Pending::ForcedDeploy(f) if !f.attempting => {
                Actor::Player(self.pieces.wings[usize::from(f.wing)].side)
            }
            Pending::ForcedDeploy(_) => Actor::Chance(Chance::Dice(DiceSpec::D6)),
            Pending::Cdoa { stage: 1, .. } => Actor::Chance(Chance::Dice(DiceSpec::D6)),
            Pending::Cdoa { side, .. } => Actor::Player(*side),
        }
    }

    /// The inf/cav that may satisfy LP now: Engaged units in the affected hexes (10.8.1), or
    /// for a bombardment the top four steps (8.3).
    pub(crate) fn loss_candidates(&self, s: &State, t: &LossTask) -> Vec<u16> {
        let mut out = Vec::new();
        for &h in &t.hexes {
            let units = if t.bombardment {
                self.top_four_steps(s, &self.stack(s, h))
            } else {
                self.engaged_in(s, h)
            };
            out.extend(
                units
                    .into_iter()
                    .filter(|&u| self.pieces.units[usize::from(u)].side == t.side),
            );
        }
        out
    }

    fn taken(t: &LossTask, u: u16) -> u8 {
        t.taken
            .iter()
            .find(|(x, _)| *x == u)
            .map(|(_, n)| *n)
            .unwrap_or(0)
    }

    /// The legal loss allocations (10.8.1.1-10.8.1.4).
    pub(crate) fn loss_choices(&self, s: &State, t: &LossTask, out: &mut Vec<Action>) {
        if t.lp == 0 {
            // Satisfied: only the "r" and "*" of 10.8.3 remain (applied by `continue_losses`).
            return;
        }
        let cands = self.loss_candidates(s, t);
        let cands: Vec<u16> = match t.lead {
            Some(l) if cands.contains(&l) && Self::taken(t, l) == 0 => alloc::vec![l],
            _ => cands,
        };
        let required = if t.canister { 2 } else { 1 };
        for &u in &cands {
            let taken = Self::taken(t, u);
            if taken < required {
                out.push(Action::StepLoss { unit: u });
                continue;
            }
            if self.mr(s, u) < 5 {
                // 10.8.1.3: a forced retreat instead of another step loss.
                out.push(Action::Retreat { unit: u });
                continue;
            }
            out.push(Action::StepLoss { unit: u });
            // 10.8.1.4: voluntary retreat, never into an EZOC, and only as the last LP or when
            // the other units can satisfy the rest.
            let others: u16 = cands
                .iter()
                .filter(|&&v| v != u)
                .map(|&v| u16::from(s.units[usize::from(v)].steps) + 1)
                .sum();
            let enough = t.lp == 1 || others >= u16::from(t.lp - 1);
            if enough && self.has_retreat_without_ezoc(s, u) {
                out.push(Action::Retreat { unit: u });
            }
        }
    }

    fn has_retreat_without_ezoc(&self, s: &State, u: u16) -> bool {
        let side = self.pieces.units[usize::from(u)].side;
        let here = s.units[usize::from(u)].hex;
        here.neighbors()
            .iter()
            .any(|&n| self.retreat_enterable(s, u, n) && !self.ezoc(s, side, n))
    }

    /// Whether a retreating unit may enter `n` at all (10.9: no prohibited terrain, no enemy).
    pub(crate) fn retreat_enterable(&self, s: &State, u: u16, n: Hex) -> bool {
        let side = self.pieces.units[usize::from(u)].side;
        self.board.on_map(n)
            && self.board.hex(n).cost[self.class_of(u) as usize].is_some()
            && !self.enemy_in(s, n, side)
    }

    /// Retreat destinations in the order of preference of 10.9; only the best-ranked ones are
    /// legal (the owner chooses among equals).
    pub(crate) fn retreat_choices(&self, s: &State, t: &RetreatTask, out: &mut Vec<Action>) {
        let u = t.unit;
        if s.units[usize::from(u)].off != Off::No {
            return;
        }
        let side = self.pieces.units[usize::from(u)].side;
        let here = s.units[usize::from(u)].hex;
        let enemy_dist = |h: Hex| -> u32 {
            s.units
                .iter()
                .enumerate()
                .filter(|(i, x)| x.off == Off::No && self.pieces.units[*i].side != side)
                .map(|(_, x)| x.hex.distance(h))
                .min()
                .unwrap_or(u32::MAX)
        };
        let from_enemy = enemy_dist(t.start);
        let mut best: Option<(u8, u8, u8, u8)> = None;
        let mut cands: Vec<(Hex, (u8, u8, u8, u8))> = Vec::new();
        for n in here.neighbors() {
            if !self.retreat_enterable(s, u, n) || n == t.start || t.path.contains(&n) {
                continue;
            }
            // Priority (10.9): avoid EZOC, then end further from the enemy, then avoid other
            // units, then the friendly map edge.
            let key = (
                u8::from(self.ezoc(s, side, n)),
                u8::from(enemy_dist(n) <= from_enemy.min(u32::from(u8::MAX))),
                u8::from(self.has_units(s, n, side)),
                self.board.friendly_edge_distance(n, side.index()),
            );
            best = Some(best.map_or(key, |b| b.min(key)));
            cands.push((n, key));
        }
        for (n, key) in cands {
            if Some(key) == best {
                out.push(Action::RetreatTo { hex: n });
            }
        }
    }

    /// Why a loss allocation that is not legal now is refused (10.8.1.2-10.8.1.4), when a
    /// more specific rule than 10.8.1 can be named.
    pub(crate) fn loss_refusal(&self, s: &State, a: &Action) -> Option<Illegal> {
        let Some(Pending::Losses(t)) = s.pending.last() else {
            return None;
        };
        let Action::Retreat { unit } = a else {
            return None;
        };
        let u = *unit;
        if usize::from(u) >= s.units.len() || !self.loss_candidates(s, t).contains(&u) {
            return None;
        }
        if t.lead.is_some_and(|l| l != u && Self::taken(t, l) == 0) {
            return None;
        }
        let required = if t.canister { 2 } else { 1 };
        Some(if Self::taken(t, u) < required {
            Illegal::new(
                "10.8.1.2",
                "a unit must take its step loss (two against canister) before it may retreat",
            )
        } else {
            Illegal::new(
                "10.8.1.4",
                "a voluntary retreat is never into an EZOC, and only for the last LP or when other units can satisfy the rest",
            )
        })
    }

    /// Legal actions for a pending entry.
    pub(crate) fn pending_actions(&self, s: &State, p: &Pending, out: &mut Vec<Action>) {
        match p {
            Pending::Losses(t) => self.loss_choices(s, t, out),
            Pending::ArtilleryHit { side, hexes } => {
                for &h in hexes {
                    for u in self.stack(s, h) {
                        if !self.is_combat(u) && self.pieces.units[usize::from(u)].side == *side {
                            out.push(Action::ArtilleryLoss { unit: u });
                        }
                    }
                }
            }
            Pending::Retreat(t) if t.leaders.is_none() && !self.leaders_with(s, t).is_empty() => {
                out.push(Action::Attempt);
                out.push(Action::Decline);
            }
            Pending::Retreat(t) => self.retreat_choices(s, t, out),
            Pending::MoraleCheck { .. } | Pending::LeaderCheck { .. } | Pending::Rally { .. } => {
                crate::pg::d6(out)
            }
            Pending::ForcedDeploy(f) if !f.attempting => {
                out.push(Action::Attempt);
                out.push(Action::Decline);
            }
            Pending::ForcedDeploy(_) => crate::pg::d6(out),
            Pending::Cdoa { stage: 0, .. } => {
                out.push(Action::Attempt);
                out.push(Action::Decline);
            }
            Pending::Cdoa { stage: 1, .. } => crate::pg::d6(out),
            Pending::Cdoa { .. } => {
                out.push(Action::PayCdoa);
                out.push(Action::RefuseCdoa);
            }
        }
    }

    /// Applies an action to the top pending entry (already checked to be legal).
    pub(crate) fn apply_pending(
        &self,
        s: &mut State,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some(top) = s.pending.pop() else {
            return Err(Illegal::new("engine", "nothing is pending"));
        };
        match (top, action) {
            (Pending::Losses(mut t), Action::StepLoss { unit }) => {
                t.lp -= 1;
                match t.taken.iter_mut().find(|(x, _)| x == unit) {
                    Some((_, n)) => *n += 1,
                    None => t.taken.push((*unit, 1)),
                }
                let gone = self.lose_step(s, *unit, "10.8.1.1", ev);
                // 10.8.3.5: a unit whose MR falls to 3 or less by taking LP in this combat is
                // subject to Capture, even on the last LP; it satisfies 1 LP if any remain.
                if !gone && t.result.surrender && self.mr(s, *unit) <= 3 {
                    t.lp = t.lp.saturating_sub(1);
                    self.capture(s, *unit, "10.8.3.5", ev);
                }
                self.continue_losses(s, t, ev);
            }
            (Pending::Losses(mut t), Action::Retreat { unit }) => {
                t.lp -= 1;
                let forced = Self::taken(&t, *unit) >= if t.canister { 2 } else { 1 }
                    && self.mr(s, *unit) < 5;
                let rout = t.result.rout || (forced && self.mr(s, *unit) <= 3);
                let rule = if forced { "10.8.1.3" } else { "10.8.1.4" };
                // The retreat (pushed on top) is made before the next LP, and before the "r"
                // and "*" of 10.8.3, which must not strike the unit that has just retreated
                // for an LP: the task waits under it (`settle` finishes it).
                s.pending.push(Pending::Losses(t));
                self.worsen(s, *unit, rout, rule, ev);
            }
            (Pending::ArtilleryHit { .. }, Action::ArtilleryLoss { unit }) => {
                self.lose_step(s, *unit, "10.8.3.1", ev);
            }
            (Pending::Retreat(mut t), Action::Attempt | Action::Decline) if t.leaders.is_none() => {
                t.leaders = Some(*action == Action::Attempt);
                if *action == Action::Attempt {
                    t.followers = self.leaders_with(s, &t);
                }
                s.pending.push(Pending::Retreat(t));
            }
            (Pending::Retreat(t), Action::RetreatTo { hex }) => self.retreat_step(s, t, *hex, ev),
            (Pending::MoraleCheck { unit }, Action::Roll(r)) => {
                self.morale_check(s, unit, r.value, ev)
            }
            (Pending::Rally { unit }, Action::Roll(r)) => self.rally_roll(s, unit, r.value, ev),
            (Pending::LeaderCheck { leader }, Action::Roll(r)) => {
                let lost = self.charts.leader_loss[usize::from(r.value.clamp(1, 6) - 1)] > 0;
                ev.push(Event::LeaderCheck {
                    leader,
                    roll: r.value,
                    lost,
                });
                if lost {
                    s.leaders[usize::from(leader)].present = false;
                    s.leaders[usize::from(leader)].lost = true;
                }
            }
            (Pending::ForcedDeploy(mut f), Action::Attempt) => {
                f.attempting = true;
                s.pending.push(Pending::ForcedDeploy(f));
            }
            // 7.6.3: the wing lets its one attempt this turn go.
            (Pending::ForcedDeploy(_), Action::Decline) => {}
            (Pending::ForcedDeploy(mut f), Action::Roll(r)) => match f.ic_roll {
                None => {
                    f.ic_roll = Some(r.value);
                    s.pending.push(Pending::ForcedDeploy(f));
                }
                Some(ic) => {
                    let ic_total = ic + f.ic_bonus;
                    let mover_total = r.value + f.mover_bonus;
                    let deployed = ic_total > mover_total;
                    ev.push(Event::ForcedDeployment {
                        wing: f.wing,
                        ic_total,
                        mover_total,
                        deployed,
                    });
                    if deployed {
                        self.deploy_wing(s, f.wing, "7.6.3", Some(f.threatened), ev);
                    } else {
                        s.wing_caught[usize::from(f.wing)] = true;
                    }
                }
            },
            (
                Pending::Cdoa {
                    side, detachment, ..
                },
                Action::Attempt,
            ) => {
                s.pending.push(Pending::Cdoa {
                    side,
                    detachment,
                    stage: 1,
                });
            }
            (Pending::Cdoa { .. }, Action::Decline) => {}
            (
                Pending::Cdoa {
                    side, detachment, ..
                },
                Action::Roll(r),
            ) => {
                let init = self.commander_initiative(s, side);
                let total = r.value + init;
                ev.push(Event::ActivationRoll {
                    side,
                    roll: r.value,
                    total,
                    needed: 8,
                    cost: 0,
                    rule: crate::pg::event::Rule("4.1.3"),
                });
                if total >= 8 {
                    s.pending.push(Pending::Cdoa {
                        side,
                        detachment,
                        stage: 2,
                    });
                }
            }
            (Pending::Cdoa { side, .. }, Action::PayCdoa) => {
                let cost = self.activation_cost(s, side);
                s.armies[side.index()].am -= cost;
                // 4.3.2: a detachment's success activates the whole army.
                self.activate(s, side, "4.1.3", ev);
            }
            (Pending::Cdoa { .. }, Action::RefuseCdoa) => {}
            (top, a) => {
                s.pending.push(top);
                return Err(Illegal::new(
                    "engine",
                    alloc::format!("{a:?} does not answer the pending decision"),
                ));
            }
        }
        Ok(())
    }

    /// Continues a loss task after one LP: pushes it back while LP remain and someone can take
    /// them; otherwise applies "r" (10.8.3.3) and "*" (10.8.3.1).
    pub(crate) fn continue_losses(&self, s: &mut State, mut t: LossTask, ev: &mut Vec<Event>) {
        if t.result.surrender {
            // 10.8.3.5: inf/cav with MR 3 or less that became Engaged while LP remain
            // surrender too, 1 LP each.
            for u in self.loss_candidates(s, &t) {
                if t.lp > 0 && self.mr(s, u) <= 3 {
                    t.lp -= 1;
                    self.capture(s, u, "10.8.3.5", ev);
                }
            }
        }
        if t.lp > 0 && !self.loss_candidates(s, &t).is_empty() {
            s.pending.push(Pending::Losses(t));
            return;
        }
        if t.result.artillery {
            let has_art = t.hexes.iter().any(|&h| {
                self.stack(s, h).iter().any(|&u| {
                    !self.is_combat(u) && self.pieces.units[usize::from(u)].side == t.side
                })
            });
            if has_art {
                s.pending.push(Pending::ArtilleryHit {
                    side: t.side,
                    hexes: t.hexes.clone(),
                });
            }
        }
        if t.result.retreat {
            // 10.8.3.3: remaining Engaged inf/cav with MR below 5 suffer a Disordered result.
            let units = self.loss_candidates(s, &LossTask { lp: 1, ..t.clone() });
            for u in units {
                if self.mr(s, u) < 5 {
                    self.worsen(s, u, false, "10.8.3.3", ev);
                }
            }
        }
    }

    /// Starts a loss task: "S" surrenders first (10.8.3.5), then LP by choice.
    pub(crate) fn start_losses(&self, s: &mut State, mut t: LossTask, ev: &mut Vec<Event>) {
        if t.lp > 0 {
            ev.push(Event::LossPoints {
                side: t.side,
                lp: t.lp,
            });
        }
        if t.result.surrender {
            for u in self.loss_candidates(s, &t) {
                if self.mr(s, u) <= 3 {
                    t.lp = t.lp.saturating_sub(1);
                    self.capture(s, u, "10.8.3.5", ev);
                }
            }
        }
        self.continue_losses(s, t, ev);
    }

    /// One step loss (10.8.1.1). Returns true if the unit is gone.
    pub(crate) fn lose_step(
        &self,
        s: &mut State,
        u: u16,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) -> bool {
        if s.units[usize::from(u)].off != Off::No {
            return true;
        }
        let side = self.pieces.units[usize::from(u)].side;
        let x = &mut s.units[usize::from(u)];
        x.steps = x.steps.saturating_sub(1);
        let steps = x.steps;
        if self.is_combat(u) {
            s.armies[side.index()].steps_lost += 1;
        }
        ev.push(Event::StepLost {
            unit: u,
            steps,
            rule: crate::pg::event::Rule(rule),
        });
        if steps == 0 {
            s.units[usize::from(u)].off = Off::Eliminated;
            s.armies[side.index()].eliminated += 1;
            ev.push(Event::Eliminated {
                unit: u,
                rule: crate::pg::event::Rule(rule),
            });
            true
        } else {
            false
        }
    }

    /// Captures a unit (9.2, 10.8.3.5, 10.9).
    pub(crate) fn capture(&self, s: &mut State, u: u16, rule: &'static str, ev: &mut Vec<Event>) {
        if s.units[usize::from(u)].off != Off::No {
            return;
        }
        let side = self.pieces.units[usize::from(u)].side;
        let steps = s.units[usize::from(u)].steps;
        let x = &mut s.units[usize::from(u)];
        x.off = Off::Captured;
        let army = &mut s.armies[side.index()];
        if self.is_combat(u) {
            army.steps_lost += u16::from(steps);
            army.captured += 1;
        } else {
            army.art_steps_captured += u16::from(steps);
        }
        ev.push(Event::Captured {
            unit: u,
            rule: crate::pg::event::Rule(rule),
        });
    }

    /// A Disordered (`rout == false`) or Rout result (9.1, 9.2): the morale state worsens and the
    /// unit retreats (artillery never moves when routed).
    pub(crate) fn worsen(
        &self,
        s: &mut State,
        u: u16,
        rout: bool,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        let x = &s.units[usize::from(u)];
        if x.off != Off::No {
            return;
        }
        // 9.1: a Disordered unit suffering a Disordered result routs; 9.2: a routed unit
        // suffering either result routs again.
        let rout = rout || x.morale != Morale::Formed;
        let to = if rout {
            Morale::Routed
        } else {
            Morale::Disordered
        };
        s.units[usize::from(u)].morale = to;
        ev.push(Event::Morale {
            unit: u,
            to,
            rule: crate::pg::event::Rule(rule),
        });
        let arm = self.pieces.units[usize::from(u)].arm;
        let hexes = match (arm, rout) {
            (Arm::Artillery, true) => 0,
            (_, false) => 1,
            (Arm::Infantry, true) => 2,
            (Arm::Cavalry, true) => 3,
        };
        if hexes > 0 {
            let start = s.units[usize::from(u)].hex;
            s.pending.push(Pending::Retreat(RetreatTask {
                unit: u,
                left: hexes,
                path: Vec::new(),
                start,
                routed_movement: false,
                leaders: None,
                followers: Vec::new(),
            }));
        }
    }

    /// The friendly leaders in the hex a retreat starts from (10.9: they may go along).
    pub(crate) fn leaders_with(&self, s: &State, t: &RetreatTask) -> Vec<u16> {
        if !t.path.is_empty() || s.units[usize::from(t.unit)].off != Off::No {
            return Vec::new();
        }
        let side = self.pieces.units[usize::from(t.unit)].side;
        let here = s.units[usize::from(t.unit)].hex;
        (0..s.leaders.len() as u16)
            .filter(|&l| {
                let x = &s.leaders[usize::from(l)];
                x.present && x.hex == here && self.pieces.leaders[usize::from(l)].side == side
            })
            .collect()
    }

    fn retreat_step(&self, s: &mut State, mut t: RetreatTask, to: Hex, ev: &mut Vec<Event>) {
        if s.units[usize::from(t.unit)].off != Off::No {
            // The unit left the map while this retreat waited (a second result routed it off).
            return;
        }
        // 10.9: the leaders going along move with the unit at no cost, hex by hex.
        for &l in &t.followers {
            if s.leaders[usize::from(l)].present {
                s.leaders[usize::from(l)].hex = to;
            }
        }
        let u = t.unit;
        let side = self.pieces.units[usize::from(u)].side;
        let from = s.units[usize::from(u)].hex;
        let rule = if t.routed_movement { "7.1" } else { "10.9" };
        s.units[usize::from(u)].hex = to;
        s.units[usize::from(u)].order = s.take_top();
        ev.push(Event::Moved {
            piece: crate::pg::state::Piece::Unit(u),
            from,
            to,
            mp: 0,
            rule: crate::pg::event::Rule(rule),
        });
        t.path.push(to);
        t.left = t.left.saturating_sub(1);
        // 10.9.2 (the part the text gives): retreating into or through friendly units that then
        // exceed the stacking limit, or infantry into cavalry and cavalry into infantry, disorders
        // them; how is lost with the text, so each such unit takes a morale check (9.3).
        let arm = self.pieces.units[usize::from(u)].arm;
        let over = !self.stacking_ok(s, to);
        let friends: Vec<u16> = self
            .stack(s, to)
            .into_iter()
            .filter(|&v| v != u && self.pieces.units[usize::from(v)].side == side)
            .collect();
        for &v in &friends {
            let va = self.pieces.units[usize::from(v)].arm;
            let mixed = (arm == Arm::Infantry && va == Arm::Cavalry)
                || (arm == Arm::Cavalry && va == Arm::Infantry);
            if over || mixed {
                s.pending.push(Pending::MoraleCheck { unit: v });
            }
        }
        let in_ezoc = self.ezoc(s, side, to);
        let routed = s.units[usize::from(u)].morale == Morale::Routed;
        if in_ezoc && routed {
            // 9.2, 10.9.1: a routed unit forced into an EZOC is captured.
            self.capture(s, u, "10.9.1", ev);
            return;
        }
        if t.left == 0 && in_ezoc {
            // 10.9.1: a Disordered unit keeps retreating out of the EZOC, a step per extra hex.
            if self.lose_step(s, u, "10.9.1", ev) {
                return;
            }
            t.left = 1;
        }
        if t.left > 0 {
            if routed && self.board.is_edge(to) {
                // 7.1: a routed unit reaching the map edge with movement left is removed.
                s.units[usize::from(u)].off = Off::Eliminated;
                s.armies[side.index()].eliminated += 1;
                s.armies[side.index()].steps_lost += u16::from(s.units[usize::from(u)].steps);
                ev.push(Event::Eliminated {
                    unit: u,
                    rule: crate::pg::event::Rule("7.1"),
                });
                return;
            }
            s.pending.push(Pending::Retreat(t));
        }
    }

    /// Resolves a morale check (9.3) with die `roll`.
    pub(crate) fn morale_check(&self, s: &mut State, u: u16, roll: u8, ev: &mut Vec<Event>) {
        if s.units[usize::from(u)].off != Off::No {
            return;
        }
        let side = self.pieces.units[usize::from(u)].side;
        let hex = s.units[usize::from(u)].hex;
        let leader = self.best_leader_mod(s, hex, side);
        let army = match s.armies[side.index()].status {
            ArmyStatus::Normal => 0,
            ArmyStatus::Demoralized => 1,
            ArmyStatus::Broken => 2,
        };
        let target = self.mr(s, u) as i8 + leader - army;
        ev.push(Event::MoraleCheck {
            unit: u,
            roll,
            target,
        });
        let diff = roll as i8 - target;
        if diff >= 3 {
            self.worsen(s, u, true, "9.3", ev);
        } else if diff >= 1 {
            self.worsen(s, u, false, "9.3", ev);
        }
    }

    /// The best morale modifier of a friendly leader in the hex (9.3: any one leader; the
    /// owner would always pick the best, so it is taken).
    pub(crate) fn best_leader_mod(&self, s: &State, hex: Hex, side: Side) -> i8 {
        s.leaders
            .iter()
            .enumerate()
            .filter(|(i, l)| l.present && l.hex == hex && self.pieces.leaders[*i].side == side)
            .map(|(i, _)| self.pieces.leaders[i].morale_mod)
            .max()
            .unwrap_or(0)
    }

    /// The initiative of a side's army commander (0 when lost).
    pub(crate) fn commander_initiative(&self, s: &State, side: Side) -> u8 {
        match self.pieces.commander[side.index()] {
            Some(l) if s.leaders[usize::from(l)].present => {
                self.pieces.leaders[usize::from(l)].initiative
            }
            _ => 0,
        }
    }
}
