//! Cavalry (24.0–24.2, 8.4, 15.2, 11.6b, 8.2; ERR-9, ERR-13–ERR-19; digest §3.6, §4.14,
//! §4.18): charge announcement and validation, the charge subsequence (square attempts,
//! recall, run-in with one reaction window, the exchange of fire and cavalry attacks, the
//! morale checks, follow-ons, blown withdrawal), reaction charges, square checks when enemy
//! cavalry comes within 3 hexes, the Fire Phase's Cavalry Withdrawal segment and cavalry
//! evading an infantry close combat.
//!
//! Provisional readings (docs/coverage/nbs.md):
//! * Permissible Charge Forms (the diagram is missing): 1–3 hexes, the last the target; the
//!   route may turn once by one hexside direction (60°); its first hex is through a frontal
//!   hexside of the charging stack's top unit (reaction charges: any direction, 15.2c).
//! * 24.1c (A) is judged at announcement from the hexes the lead cavalry stood in this
//!   phase, recorded as it moves: its start hex, or any hex exactly 4 from the target, with
//!   clear line of sight as the map stands when the charge is announced.
//! * The blown withdrawal (24.2a) picks a hex 6–12 hexes away, reachable in at most 12 steps
//!   through passable hexes free of the enemy, and no nearer the enemy than the start.
//! * The Cavalry Withdrawal (8.2, 24.2b) picks a hex reachable in at most 6 steps, no longer
//!   adjacent to any enemy the unit was adjacent to.

mod advance;
pub(super) mod close;
mod reaction;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::board::arc;
use super::board::side as hs;
use super::event::Event;
use super::state::{
    CavTask, CavalryLog, CcStep, ChStep, Charge, CheckKind, CloseCombat, Phase, Place, Role, State,
    Task, UnitId, flag,
};
use super::tables::{MoraleList, MoraleMod};
use super::types::{FacingMode, Formation, Fp, MoraleState, Seq66, StepCost, UnitKind};
use super::{Action, Nbs};
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Illegal, Side};
use crate::hex::{Direction, Hex};

/// The Permissible Charge Forms from `from` (provisional, see the module notes): every route
/// of 1–3 hexes turning at most once by 60°.
fn forms(from: Hex) -> Vec<Vec<Hex>> {
    let mut out = Vec::new();
    for d in Direction::ALL {
        let mut dirs: Vec<Vec<Direction>> = alloc::vec![alloc::vec![d], alloc::vec![d, d]];
        dirs.push(alloc::vec![d, d, d]);
        for t in [1i8, -1] {
            let e = d.rotate(t);
            dirs.push(alloc::vec![d, e]);
            dirs.push(alloc::vec![d, d, e]);
            dirs.push(alloc::vec![d, e, e]);
        }
        for ds in dirs {
            let mut h = from;
            out.push(
                ds.iter()
                    .map(|x| {
                        h = h.neighbor(*x);
                        h
                    })
                    .collect(),
            );
        }
    }
    out
}

/// Whether `path` from `from` is one of the forms.
pub(in crate::nbs) fn form_ok(from: Hex, path: &[Hex]) -> bool {
    if path.is_empty() || path.len() > 3 {
        return false;
    }
    let mut prev = from;
    let mut dirs = Vec::new();
    for &h in path {
        match prev.direction_to(h) {
            Some(d) => dirs.push(d),
            None => return false,
        }
        prev = h;
    }
    let mut turns = 0;
    for w in dirs.windows(2) {
        if w[0] != w[1] {
            if w[0].rotate(1) != w[1] && w[0].rotate(-1) != w[1] {
                return false;
            }
            turns += 1;
        }
    }
    turns <= 1
}

impl Nbs {
    // ----- bookkeeping -----------------------------------------------------------------

    /// The Movement Phase begins: record where every phasing cavalry unit and leader stands,
    /// and where the phasing foot began it (23.1e).
    pub(super) fn cavalry_phase_start(&self, s: &mut State) {
        let side = self.phasing(s);
        s.cavalry = CavalryLog::default();
        for (i, u) in s.units.iter().enumerate() {
            let info = &self.units[i];
            if info.side == side && matches!(info.kind, UnitKind::Cavalry | UnitKind::Leader) {
                if let Some(h) = u.hex() {
                    s.cavalry.paths.push((i as UnitId, alloc::vec![h]));
                }
            }
            // 23.1e: where the foot began the phase (in unit order, for a binary search).
            if info.side == side && matches!(info.kind, UnitKind::Infantry | UnitKind::Skirmisher) {
                s.cavalry.foot.push((i as UnitId, u.hex()));
            }
        }
    }

    fn path_of(&self, s: &State, u: UnitId) -> Vec<Hex> {
        s.cavalry
            .paths
            .iter()
            .find(|x| x.0 == u)
            .map(|x| x.1.clone())
            .unwrap_or_else(|| s.units[usize::from(u)].hex().into_iter().collect())
    }

    fn start_hex(&self, s: &State, u: UnitId) -> Option<Hex> {
        self.path_of(s, u).first().copied()
    }

    /// After a Movement-Phase step: the path record (24.1c A), a fresh reaction window for
    /// the next hex (15.2a), and square checks for infantry the cavalry has come within 3
    /// hexes of (11.6b ii).
    pub(super) fn after_step(
        &self,
        s: &mut State,
        u: UnitId,
        from: Hex,
        to: Hex,
        ev: &mut Vec<Event>,
    ) {
        s.cavalry.offered.retain(|x| x.0 != u);
        if let Some(p) = s.cavalry.paths.iter_mut().find(|x| x.0 == u) {
            if p.1.len() < 64 {
                p.1.push(to);
            }
        }
        if self.units[usize::from(u)].kind != UnitKind::Cavalry || s.phase != Phase::Movement {
            return;
        }
        let side = self.units[usize::from(u)].side;
        let mut hexes: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, _)| {
                self.units[*i].side != side && self.units[*i].kind == UnitKind::Infantry
            })
            .filter_map(|(_, x)| x.hex())
            .filter(|h| h.distance(to) <= 3 && h.distance(from) > 3)
            .collect();
        hexes.sort();
        hexes.dedup();
        hexes.retain(|&h| self.square_capable(s, h).is_some() && self.clear_los(s, to, h));
        if !hexes.is_empty() {
            ev.push(Event::SquareOffered {
                hexes: hexes.clone(),
            });
            s.tasks.push(Task::Cavalry(CavTask::SquareOffer {
                hexes,
                side: side.other(),
                from: to,
                charge: false,
                reaction: false,
            }));
        }
    }

    /// The infantry in `hex` that would make a Square Check (8.5, 11.6a): the top infantry
    /// in line or column, when the hex is neither DG nor Routed.
    fn square_capable(&self, s: &State, hex: Hex) -> Option<UnitId> {
        if matches!(
            self.hex_morale(s, hex),
            MoraleState::Disorganized | MoraleState::Routed
        ) {
            return None;
        }
        self.combat_stack(s, hex).into_iter().find(|&x| {
            self.units[usize::from(x)].kind == UnitKind::Infantry
                && matches!(
                    s.units[usize::from(x)].formation,
                    Formation::Line | Formation::Column
                )
        })
    }

    // ----- charge validation (24.1a–f, 28.0c, ERR-13, ERR-18) ------------------------

    /// Whether a cavalry unit may charge now (24.1a, 24.1f).
    fn may_charge(&self, s: &State, u: UnitId) -> bool {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        info.kind == UnitKind::Cavalry
            && st.hex().is_some()
            && !st.has(flag::BLOWN)
            && !st.has(flag::STOPPED)
            && !self.wrecked(s, u)
            && matches!(st.morale, MoraleState::BloodLust | MoraleState::Normal)
            && self.fire_level(s, u).units() > 0
    }

    /// ERR-17: a hex a reaction charge of `side` may ride through: every unit in it is an
    /// enemy skirmisher.
    fn overrun_hex(&self, s: &State, h: Hex, side: Side) -> bool {
        let st = self.stack(s, h);
        !st.is_empty()
            && st
                .iter()
                .all(|&u| self.is_skirmisher(u) && self.units[usize::from(u)].side != side)
    }

    /// The route's hexes, checked against 24.1b (1 MP each, no roads or bridges) and 24.1d
    /// (intervening hexes empty, ERR-13), the target holding an enemy.
    fn route_check(
        &self,
        s: &State,
        units: &[UnitId],
        from: Hex,
        path: &[Hex],
        reaction: bool,
    ) -> Result<(), Illegal> {
        let side = self.units[usize::from(units[0])].side;
        let mut prev = from;
        for (i, &h) in path.iter().enumerate() {
            let d = prev.direction_to(h).ok_or_else(|| {
                Illegal::new("24.1b", "the route is not a line of adjacent hexes")
            })?;
            if self.board.side(prev, d) & hs::BRIDGE != 0 {
                return Err(Illegal::new(
                    "24.1b",
                    format!("the charge cannot cross the bridge into {}", self.label(h)),
                ));
            }
            for &u in units {
                let Some(class) = self.move_class(s, u) else {
                    continue;
                };
                if self.units[usize::from(u)].kind != UnitKind::Cavalry {
                    continue;
                }
                match self.terrain_step(class, prev, d, false).0 {
                    StepCost::Half(2) => {}
                    _ => {
                        return Err(Illegal::new(
                            "24.1b",
                            format!(
                                "{} ({}) does not cost 1 MP for {} to enter: a charge crosses only 1-MP hexes",
                                self.label(h),
                                self.board.hex(h).terrain.id(),
                                self.name(u)
                            ),
                        ));
                    }
                }
            }
            let last = i + 1 == path.len();
            // ERR-17: a reaction charge rides through enemy skirmishers.
            let through = reaction && self.overrun_hex(s, h, side);
            if !last && !through {
                if let Some(x) = self.stack(s, h).first() {
                    let info = &self.units[usize::from(*x)];
                    let rule = if info.kind == UnitKind::Skirmisher && info.side == side {
                        "ERR-13"
                    } else {
                        "24.1d"
                    };
                    return Err(Illegal::new(
                        rule,
                        format!(
                            "{} lies between the charge and its target and holds {}: the hexes between must be empty",
                            self.label(h),
                            info.name
                        ),
                    ));
                }
            } else if !self.enemy_in(s, h, side) {
                return Err(Illegal::new(
                    "24.1",
                    format!("no enemy unit in {} to charge", self.label(h)),
                ));
            }
            prev = h;
        }
        Ok(())
    }

    /// The units that would charge from `from` along `path` (24.1 A), or why not.
    pub(in crate::nbs) fn charge_check(
        &self,
        s: &State,
        from: Hex,
        target: Hex,
        path: &[Hex],
    ) -> Result<Vec<UnitId>, Illegal> {
        let side = self.phasing(s);
        if s.phase != Phase::Movement {
            return Err(Illegal::new(
                "24.1",
                "charges are made in the Movement Phase",
            ));
        }
        if self.turn_info(s.turn).night {
            return Err(Illegal::new("28.0c", "cavalry cannot charge at night"));
        }
        let stack = self.combat_stack(s, from);
        let Some(&lead) = stack
            .iter()
            .find(|&&u| self.units[usize::from(u)].side == side && self.may_charge(s, u))
        else {
            return Err(Illegal::new(
                "24.1a",
                format!(
                    "no cavalry in {} may charge: it must be un-blown, unwrecked, BL or Normal and not yet stopped",
                    self.label(from)
                ),
            ));
        };
        let terrain = self.board.hex(from).terrain;
        if self.tables.no_charge_from(self.terrain_idx(terrain)) {
            return Err(Illegal::new(
                "24.1",
                format!(
                    "cannot charge out of {} ({}): note (2) of the Movement Chart (ERR-18)",
                    self.label(from),
                    terrain.id()
                ),
            ));
        }
        if path.last() != Some(&target) || !form_ok(from, path) {
            return Err(Illegal::new(
                "24.1b",
                format!(
                    "the route to {} is not a permissible charge form: 1 to 3 hexes ending at the target, turning at most once by one hexside",
                    self.label(target)
                ),
            ));
        }
        // The first hex through a frontal hexside (provisional reading of the forms).
        let f = s.units[usize::from(lead)].facing;
        let d0 = from.direction_to(path[0]);
        if self.facing_mode(s, lead) == FacingMode::Standard && !d0.is_some_and(|d| f.is_frontal(d))
        {
            return Err(Illegal::new(
                "24.1b",
                format!(
                    "{} is not ahead of {}: a charge starts through its front",
                    self.label(path[0]),
                    self.name(lead)
                ),
            ));
        }
        // 24.1e, 24.1k: the stack and its leaders began the phase together.
        let start = self.start_hex(s, lead);
        let mut units: Vec<UnitId> = stack
            .iter()
            .copied()
            .filter(|&u| {
                self.units[usize::from(u)].side == side
                    && self.may_charge(s, u)
                    && self.start_hex(s, u) == start
            })
            .collect();
        units.extend(self.stack(s, from).into_iter().filter(|&u| {
            let i = &self.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Leader && self.start_hex(s, u) == start
        }));
        self.route_check(s, &units, from, path, false)?;
        // 24.1c B: sight now; A: sight from the start of the phase or from a hex 4 away passed
        // through (ERR-14).
        if !self.clear_los(s, from, target) {
            return Err(Illegal::new(
                "24.1c",
                format!(
                    "{} has no clear line of sight to {}",
                    self.label(from),
                    self.label(target)
                ),
            ));
        }
        // AUS 5.1 option: in fog, only a target the cavalry sees from where the charge begins.
        if self.fog_charges && !self.visible(s, from, target) {
            return Err(Illegal::new(
                "AUS 5.1",
                format!(
                    "{} is beyond this turn's visibility from {} (fog charge option)",
                    self.label(target),
                    self.label(from)
                ),
            ));
        }
        // Judged without the charging units, which stand on those lines now.
        let p = self.path_of(s, lead);
        let mut ghost = s.clone();
        for &u in &units {
            ghost.units[usize::from(u)].place = Place::Off;
        }
        let seen = p.iter().enumerate().any(|(i, &h)| {
            (i == 0 || h.distance(target) == 4) && self.clear_los(&ghost, h, target)
        });
        if !seen {
            return Err(Illegal::new(
                "ERR-14",
                format!(
                    "{} did not see {} at the start of the phase and has not moved through a hex 4 hexes from it with a clear line of sight (24.1c A)",
                    self.name(lead),
                    self.label(target)
                ),
            ));
        }
        Ok(units)
    }

    /// The charges open to the phasing player (24.1).
    pub(super) fn charge_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = self.phasing(s);
        if self.turn_info(s.turn).night {
            return;
        }
        let mut hexes: Vec<Hex> = (0..s.units.len() as UnitId)
            .filter(|&u| self.units[usize::from(u)].side == side && self.may_charge(s, u))
            .filter_map(|u| s.units[usize::from(u)].hex())
            .collect();
        hexes.sort();
        hexes.dedup();
        if hexes.is_empty() {
            return;
        }
        let mut enemies: Vec<Hex> = (0..s.units.len())
            .filter(|&i| self.units[i].side != side && self.units[i].combat())
            .filter_map(|i| s.units[i].hex())
            .collect();
        enemies.sort();
        enemies.dedup();
        for from in hexes {
            // A charge reaches at most three hexes (24.1b): skip stacks with no enemy that near.
            if !enemies.iter().any(|e| e.distance(from) <= 3) {
                continue;
            }
            for path in forms(from) {
                let Some(&t) = path.last() else { continue };
                if enemies.binary_search(&t).is_err() {
                    continue;
                }
                if self.charge_check(s, from, t, &path).is_ok() {
                    out.push(Action::Charge {
                        from,
                        target: t,
                        path,
                    });
                }
            }
        }
    }

    /// Announces a charge (24.1 A).
    pub(super) fn declare_charge(
        &self,
        s: &mut State,
        from: Hex,
        target: Hex,
        path: &[Hex],
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let units = self.charge_check(s, from, target, path)?;
        self.start_charge(s, units, from, path.to_vec(), false, ev);
        Ok(())
    }

    fn start_charge(
        &self,
        s: &mut State,
        units: Vec<UnitId>,
        from: Hex,
        route: Vec<Hex>,
        reaction: bool,
        ev: &mut Vec<Event>,
    ) {
        let Some(&target) = route.last() else { return };
        let side = self.units[usize::from(units[0])].side;
        let defenders = self.combat_stack(s, target);
        // 10.3a: units charged by cavalry count as in contact for the stoppage check.
        self.note_contact(s, &defenders);
        let versus_cavalry = defenders
            .first()
            .is_some_and(|&d| self.units[usize::from(d)].kind == UnitKind::Cavalry);
        for &u in &units {
            s.units[usize::from(u)].flags |= flag::MOVED;
        }
        ev.push(Event::ChargeDeclared {
            from,
            target,
            units: units.clone(),
            reaction,
        });
        s.tasks.push(Task::Cavalry(CavTask::Charge(Charge {
            units,
            side,
            origin: from,
            at: from,
            route,
            target,
            defenders,
            reaction,
            versus_cavalry,
            follow_ons: 0,
            reacted: false,
            offered: Vec::new(),
            flank: false,
            def_blown: Vec::new(),
            evade_offered: false,
            overrun: Vec::new(),
            step: ChStep::Square,
        })));
    }

    // ----- the task machinery ------------------------------------------------------------

    /// Who acts in a cavalry task.
    pub(super) fn cavalry_actor(&self, s: &State, c: &CavTask) -> Actor {
        let d66 = Actor::Chance(Chance::Dice(DiceSpec::D66));
        match c {
            CavTask::Charge(ch) => match ch.step {
                ChStep::RecallRoll => Actor::Chance(Chance::Dice(DiceSpec::D6)),
                _ => Actor::Player(ch.side),
            },
            CavTask::SquareOffer { side, .. }
            | CavTask::ReactionOffer { side, .. }
            | CavTask::Evade { side, .. } => Actor::Player(*side),
            CavTask::SquareRoll { .. }
            | CavTask::ReactionRoll { .. }
            | CavTask::AttackRoll { .. } => d66,
            CavTask::BlownWithdraw { units, .. } => Actor::Player(
                units
                    .first()
                    .map_or(self.phasing(s), |&u| self.units[usize::from(u)].side),
            ),
        }
    }

    /// The prompt of a cavalry task.
    pub(super) fn cavalry_prompt(&self, _s: &State, c: &CavTask) -> (&'static str, String) {
        match c {
            CavTask::Charge(ch) => match ch.step {
                ChStep::Recall => (
                    "24.1 C",
                    format!("recall the charge on {} or pass", self.label(ch.target)),
                ),
                ChStep::RecallRoll => ("24.1 C", String::from("recall die")),
                ChStep::Retarget => (
                    "11.5e",
                    format!(
                        "the skirmishers left {}: pick a hex next to it to charge, or end the charge",
                        self.label(ch.target)
                    ),
                ),
                ChStep::FollowOn => (
                    "24.1 H",
                    format!("follow-on attack from {} or pass", self.label(ch.at)),
                ),
                st => (
                    "24.1",
                    format!("charge on {}: {st:?}", self.label(ch.target)),
                ),
            },
            CavTask::SquareOffer { hexes, .. } => (
                "11.6b",
                format!(
                    "attempt square in {} or pass",
                    hexes
                        .iter()
                        .map(|h| self.label(*h))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            CavTask::SquareRoll { hex, .. } => {
                ("8.5", format!("Square Check at {}", self.label(*hex)))
            }
            CavTask::ReactionOffer { at, .. } => (
                "15.2",
                format!("reaction charge at {} or pass", self.label(*at)),
            ),
            CavTask::ReactionRoll { from, .. } => (
                "15.2b",
                format!("reaction morale check at {}", self.label(*from)),
            ),
            CavTask::AttackRoll { target, .. } => (
                "24.1 E",
                format!("cavalry attack on {}", self.label(*target)),
            ),
            CavTask::Evade { hex, .. } => (
                "ERR-9",
                format!("the cavalry in {} may evade or stand", self.label(*hex)),
            ),
            CavTask::BlownWithdraw { at, .. } => (
                "24.2a",
                format!("blown withdrawal from {} (6 to 12 hexes)", self.label(*at)),
            ),
        }
    }

    /// The decisions open in a cavalry task.
    pub(super) fn cavalry_actions(&self, s: &State, c: &CavTask, out: &mut Vec<Action>) {
        match c {
            CavTask::Charge(ch) => match ch.step {
                ChStep::Recall => {
                    out.push(Action::Recall);
                    out.push(Action::Pass);
                }
                ChStep::FollowOn => {
                    let targets = self.follow_on_targets(s, ch);
                    for &t in &targets {
                        out.push(Action::FollowOn { target: t });
                    }
                    // 24.1 H: the stack may be re-ordered before the follow-on.
                    if !targets.is_empty() {
                        let occ = super::query::Occ::new(self, s);
                        self.to_top_actions(s, &occ, ch.units.iter().copied(), ch.side, out);
                    }
                    out.push(Action::Pass);
                }
                ChStep::Retarget => {
                    for t in self.retarget_hexes(s, ch) {
                        out.push(Action::Retarget { target: t });
                    }
                    out.push(Action::Pass);
                }
                _ => {}
            },
            CavTask::SquareOffer { hexes, .. } => {
                for &h in hexes {
                    if self.square_capable(s, h).is_some() {
                        out.push(Action::AttemptSquare { hex: h });
                    }
                }
                out.push(Action::Pass);
            }
            CavTask::ReactionOffer { stacks, at, .. } => {
                for &h in stacks {
                    if self.reaction_units(s, h, *at).is_some() {
                        out.push(Action::ReactionCharge { from: h });
                    }
                }
                out.push(Action::Pass);
            }
            CavTask::Evade { .. } => {
                out.push(Action::Evade);
                out.push(Action::Pass);
            }
            CavTask::BlownWithdraw { units, at } => {
                if let Some(&u) = units.first() {
                    for h in self.blown_destinations(s, units, *at) {
                        out.push(Action::Withdraw { unit: u, to: h });
                    }
                }
            }
            _ => {}
        }
    }

    fn replace_top(s: &mut State, c: CavTask) {
        if let Some(t) = s.tasks.last_mut() {
            *t = Task::Cavalry(c);
        }
    }

    /// A player's decision in a cavalry task.
    pub(super) fn cavalry_action(
        &self,
        s: &mut State,
        c: CavTask,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match (c, a) {
            (CavTask::Charge(mut ch), Action::Recall) if ch.step == ChStep::Recall => {
                ch.step = ChStep::RecallRoll;
                Self::replace_top(s, CavTask::Charge(ch));
                Ok(())
            }
            (CavTask::Charge(mut ch), Action::Pass) if ch.step == ChStep::Recall => {
                ch.step = ChStep::RunIn;
                Self::replace_top(s, CavTask::Charge(ch));
                Ok(())
            }
            (CavTask::Charge(mut ch), Action::FollowOn { target })
                if ch.step == ChStep::FollowOn =>
            {
                if !self.follow_on_targets(s, &ch).contains(target) {
                    return Err(Illegal::new(
                        "24.1 H",
                        format!(
                            "{} is not a follow-on target: an enemy hex within 2 of {} that allows charges (at most 3 follow-ons; none against cavalry or in a reaction charge, ERR-15, ERR-16)",
                            self.label(*target),
                            self.label(ch.at)
                        ),
                    ));
                }
                ch.follow_ons += 1;
                ch.target = *target;
                ch.defenders = self.combat_stack(s, *target);
                self.note_contact(s, &ch.defenders); // 10.3a
                ch.flank = self.charge_flank(s, ch.at, *target);
                ch.step = ChStep::DefenderAttack;
                ev.push(Event::FollowOn {
                    target: *target,
                    count: ch.follow_ons,
                });
                Self::replace_top(s, CavTask::Charge(ch));
                Ok(())
            }
            (CavTask::Charge(ch), Action::ToTop { unit }) if ch.step == ChStep::FollowOn => {
                let h = self.to_top_check(s, *unit, ch.side, "24.1 H")?;
                if !ch.units.contains(unit) || h != ch.at {
                    return Err(Illegal::new(
                        "24.1 H",
                        format!(
                            "{} is not in the charging stack at {}",
                            self.name(*unit),
                            self.label(ch.at)
                        ),
                    ));
                }
                if self.follow_on_targets(s, &ch).is_empty() {
                    return Err(Illegal::new(
                        "24.1 H",
                        "no follow-on attack is open, so there is nothing to re-order for",
                    ));
                }
                self.to_top_do(s, *unit, h, "24.1 H", ev);
                Ok(())
            }
            (CavTask::Charge(mut ch), Action::Retarget { target })
                if ch.step == ChStep::Retarget =>
            {
                if !self.retarget_hexes(s, &ch).contains(target) {
                    return Err(Illegal::new(
                        "11.5e",
                        format!(
                            "{} is not a new target: it must be next to {}, hold an enemy unit and be open to the charge (1 MP, no bridge)",
                            self.label(*target),
                            self.label(ch.target)
                        ),
                    ));
                }
                ev.push(Event::ChargeRetargeted {
                    from: ch.target,
                    to: *target,
                });
                ch.route.push(*target);
                ch.target = *target;
                ch.defenders = self.combat_stack(s, *target);
                ch.versus_cavalry = ch
                    .defenders
                    .first()
                    .is_some_and(|&d| self.units[usize::from(d)].kind == UnitKind::Cavalry);
                self.note_contact(s, &ch.defenders); // 10.3a
                ch.step = ChStep::Square;
                Self::replace_top(s, CavTask::Charge(ch));
                Ok(())
            }
            (CavTask::Charge(mut ch), Action::Pass) if ch.step == ChStep::Retarget => {
                ch.step = ChStep::Withdraw;
                Self::replace_top(s, CavTask::Charge(ch));
                Ok(())
            }
            (CavTask::Charge(mut ch), Action::Pass) if ch.step == ChStep::FollowOn => {
                ch.step = ChStep::Withdraw;
                Self::replace_top(s, CavTask::Charge(ch));
                Ok(())
            }
            (
                CavTask::SquareOffer {
                    mut hexes,
                    side,
                    from,
                    charge,
                    reaction,
                },
                Action::AttemptSquare { hex },
            ) => {
                let inf = self
                    .square_capable(s, *hex)
                    .filter(|_| hexes.contains(hex))
                    .ok_or_else(|| {
                        Illegal::new(
                            "11.6a",
                            format!(
                                "{} has no infantry that may form square now",
                                self.label(*hex)
                            ),
                        )
                    })?;
                hexes.retain(|h| h != hex);
                Self::replace_top(
                    s,
                    CavTask::SquareOffer {
                        hexes,
                        side,
                        from,
                        charge,
                        reaction,
                    },
                );
                s.tasks.push(Task::Cavalry(CavTask::SquareRoll {
                    hex: *hex,
                    from,
                    charge,
                    reaction,
                }));
                // 15.1g: forming square inside a Close Fire Zone during a charge.
                if charge {
                    let bats = self.opportunity_batteries(s, inf, *hex, None);
                    if !bats.is_empty() {
                        ev.push(Event::OpportunityOffered {
                            at: *hex,
                            batteries: bats.clone(),
                        });
                        s.tasks.push(Task::OpportunityWindow {
                            movers: alloc::vec![inf],
                            batteries: bats,
                            at: *hex,
                        });
                    }
                }
                Ok(())
            }
            (CavTask::SquareOffer { .. }, Action::Pass)
            | (CavTask::ReactionOffer { .. }, Action::Pass)
            | (CavTask::Evade { .. }, Action::Pass) => {
                s.tasks.pop();
                Ok(())
            }
            (CavTask::ReactionOffer { stacks, at, .. }, Action::ReactionCharge { from }) => {
                let (units, route) = self
                    .reaction_units(s, *from, at)
                    .filter(|_| stacks.contains(from))
                    .ok_or_else(|| {
                        Illegal::new(
                            "15.2a",
                            format!(
                                "no cavalry in {} may reaction charge {}",
                                self.label(*from),
                                self.label(at)
                            ),
                        )
                    })?;
                s.tasks.pop();
                // 15.2a: one reaction charge per run-in.
                if let Some(Task::Cavalry(CavTask::Charge(ch))) = s.tasks.iter_mut().rev().find(
                    |t| matches!(t, Task::Cavalry(CavTask::Charge(c)) if c.at == at && !c.reaction),
                ) {
                    ch.reacted = true;
                }
                let lead = units[0];
                let st = &s.units[usize::from(lead)];
                let frontal = match self.facing_mode(s, lead) {
                    FacingMode::Standard => arc::in_front(*from, st.facing, at),
                    _ => true,
                };
                if frontal {
                    self.start_charge(s, units, *from, route, true, ev);
                } else {
                    s.tasks
                        .push(Task::Cavalry(CavTask::ReactionRoll { from: *from, at }));
                }
                Ok(())
            }
            (CavTask::Evade { hex, side }, Action::Evade) => {
                s.tasks.pop();
                let units = self.side_in(s, hex, side);
                for &u in &units {
                    if self.units[usize::from(u)].kind == UnitKind::Cavalry {
                        s.units[usize::from(u)].flags |= flag::BLOWN | flag::BLOWN_THIS_TURN;
                        ev.push(Event::Blown {
                            unit: u,
                            rule: "ERR-9".into(),
                        });
                    }
                }
                if let Some(Task::CloseCombat(cc)) = s
                    .tasks
                    .iter_mut()
                    .rev()
                    .find(|t| matches!(t, Task::CloseCombat(c) if c.target == hex))
                {
                    let cc: &mut CloseCombat = cc;
                    cc.step = CcStep::Done;
                }
                s.tasks
                    .push(Task::Cavalry(CavTask::BlownWithdraw { units, at: hex }));
                Ok(())
            }
            (CavTask::BlownWithdraw { units, at }, Action::Withdraw { unit, to }) => {
                if !units.contains(unit) || !self.blown_destinations(s, &units, at).contains(to) {
                    return Err(Illegal::new(
                        "24.2a",
                        format!(
                            "{} is not a blown-withdrawal hex from {}: 6 to 12 hexes away, reached through passable hexes free of the enemy, no nearer the enemy",
                            self.label(*to),
                            self.label(at)
                        ),
                    ));
                }
                s.tasks.pop();
                let moved = self.move_stack(s, &units, at, *to);
                ev.push(Event::CavalryWithdrew {
                    units: moved,
                    from: at,
                    to: *to,
                    rule: "24.2a".into(),
                });
                // 13.1a: the withdrawal ends the charge (24.1 I); the cavalry re-faces free.
                s.tasks.push(Task::Reface { hex: *to });
                Ok(())
            }
            (_, a) => Err(self.not_now(s, a)),
        }
    }

    fn move_stack(&self, s: &mut State, units: &[UnitId], at: Hex, to: Hex) -> Vec<UnitId> {
        let mut moved = Vec::new();
        for &u in units {
            if s.units[usize::from(u)].place == Place::At(at) {
                s.units[usize::from(u)].place = Place::At(to);
                s.units[usize::from(u)].order = s.next_order;
                s.next_order = s.next_order.wrapping_add(1);
                moved.push(u);
            }
        }
        self.merge_morale(s, to);
        moved
    }

    /// A chance result in a cavalry task.
    pub(super) fn cavalry_roll(
        &self,
        s: &mut State,
        c: CavTask,
        value: u8,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let seq =
            || Seq66::from_value(value).ok_or_else(|| Illegal::new("5.3", "not a sequential roll"));
        match c {
            CavTask::Charge(mut ch) if ch.step == ChStep::RecallRoll => {
                let lead = ch.units[0];
                let best = ch
                    .units
                    .iter()
                    .filter(|&&u| {
                        self.units[usize::from(u)].kind == UnitKind::Leader
                            && s.units[usize::from(u)].place == Place::At(ch.at)
                    })
                    .map(|&u| self.leader_morale(s, u))
                    .max()
                    .unwrap_or(0);
                let need = self.tables.recall_needed(self.morale_rating(lead), best);
                let recalled = value >= need;
                ev.push(Event::RecallAttempt {
                    roll: value,
                    need,
                    recalled,
                });
                ch.step = if recalled {
                    ChStep::Withdraw
                } else {
                    ChStep::RunIn
                };
                Self::replace_top(s, CavTask::Charge(ch));
                Ok(())
            }
            CavTask::SquareRoll {
                hex,
                from,
                charge,
                reaction,
            } => {
                let roll = seq()?;
                s.tasks.pop();
                s.last_roll = Some(roll);
                self.resolve_square(s, hex, from, charge, reaction, roll, ev);
                Ok(())
            }
            CavTask::ReactionRoll { from, at } => {
                let roll = seq()?;
                s.tasks.pop();
                s.last_roll = Some(roll);
                let Some((units, route)) = self.reaction_units(s, from, at) else {
                    return Ok(());
                };
                let c =
                    self.morale_check(s, from, CheckKind::Standard, false, at, Role::None, "15.2b");
                let rating = self.morale_rating(units[0]);
                let row = self.tables.morale_row_shifted(rating, c.shift);
                let r = self.tables.morale_result(row, roll);
                if Self::passed(r.state) {
                    self.start_charge(s, units, from, route, true, ev);
                } else {
                    ev.push(Event::ReactionFailed { from });
                }
                Ok(())
            }
            CavTask::AttackRoll {
                firers,
                target,
                column,
            } => {
                let roll = seq()?;
                s.tasks.pop();
                s.last_roll = Some(roll);
                self.resolve_cavalry_attack(s, firers, target, column, roll, ev);
                Ok(())
            }
            _ => Err(Illegal::new("engine", "no roll is pending")),
        }
    }

    /// A Square Check (8.5): NE or BL forms square (BL also Blood Lusts the stack);
    /// otherwise the Morale Table result is carried out.
    #[allow(clippy::too_many_arguments)]
    fn resolve_square(
        &self,
        s: &mut State,
        hex: Hex,
        from: Hex,
        charge: bool,
        reaction: bool,
        roll: Seq66,
        ev: &mut Vec<Event>,
    ) {
        if self.square_capable(s, hex).is_none() {
            return;
        }
        let Some(u) = self.morale_unit(s, hex) else {
            return;
        };
        let mut c = self.morale_check(s, hex, CheckKind::Square, false, from, Role::None, "8.5");
        let m = |x: MoraleMod| {
            i16::from(
                self.tables
                    .morale_modifier(MoraleList::SquareCheck, x)
                    .unwrap_or(0),
            )
        };
        if charge && hex.distance(from) >= 3 {
            c.shift += m(MoraleMod::ChargeDeclared3OrMoreHexes);
        }
        if reaction {
            c.shift += m(MoraleMod::ReactionCharge);
        }
        // 24.1j: stragglers of a square attempt in a charge are casualties.
        c.stragglers_as_casualties = charge;
        let row = self
            .tables
            .morale_row_shifted(self.morale_rating(u), c.shift);
        let r = self.tables.morale_result(row, roll);
        let formed = Self::passed(r.state);
        ev.push(Event::SquareCheck {
            hex,
            roll: roll.value(),
            formed,
        });
        if formed {
            for x in self.combat_stack(s, hex) {
                if self.units[usize::from(x)].kind == UnitKind::Infantry
                    && matches!(
                        s.units[usize::from(x)].formation,
                        Formation::Line | Formation::Column
                    )
                {
                    s.units[usize::from(x)].formation = Formation::Square;
                    ev.push(Event::Formed {
                        unit: x,
                        formation: Formation::Square,
                    });
                }
            }
            if r.state == super::tables::MoraleOutcome::BloodLust {
                self.set_hex_morale(s, hex, MoraleState::BloodLust);
                ev.push(Event::MoraleChanged {
                    hex,
                    state: MoraleState::BloodLust,
                    rule: "8.5".into(),
                });
            }
        } else {
            self.resolve_morale(s, c, roll, ev);
        }
    }

    /// Runs a cavalry task's automatic part; `false` when it waits.
    pub(super) fn advance_cavalry(&self, s: &mut State, c: CavTask, ev: &mut Vec<Event>) -> bool {
        match c {
            CavTask::Charge(ch) => self.advance_charge(s, ch, ev),
            CavTask::SquareOffer { ref hexes, .. } => {
                if hexes.iter().all(|&h| self.square_capable(s, h).is_none()) {
                    s.tasks.pop();
                    return true;
                }
                false
            }
            CavTask::ReactionOffer { ref stacks, at, .. } => {
                if stacks
                    .iter()
                    .all(|&h| self.reaction_units(s, h, at).is_none())
                {
                    s.tasks.pop();
                    return true;
                }
                false
            }
            CavTask::Evade { hex, side } => {
                if self.side_in(s, hex, side).is_empty() {
                    s.tasks.pop();
                    return true;
                }
                false
            }
            CavTask::BlownWithdraw { ref units, at } => {
                if !units
                    .iter()
                    .any(|&u| s.units[usize::from(u)].place == Place::At(at))
                {
                    s.tasks.pop();
                    return true;
                }
                if self.blown_destinations(s, units, at).is_empty() {
                    s.tasks.pop();
                    ev.push(Event::RetreatBlocked {
                        hex: at,
                        rule: "24.2a".into(),
                    });
                    // 13.1a: the charge is over where the cavalry stands; it re-faces free.
                    s.tasks.push(Task::Reface { hex: at });
                    return true;
                }
                false
            }
            _ => false,
        }
    }

    // ----- reaction charges (15.2) -----------------------------------------------------

    // ----- describe ----------------------------------------------------------------------

    /// English lines for the cavalry events.
    pub(super) fn describe_cavalry(&self, e: &Event) -> String {
        let n = |u: &UnitId| String::from(self.name(*u));
        let l = |h: &Hex| self.label(*h);
        let names = |v: &[UnitId]| v.iter().map(n).collect::<Vec<_>>().join(", ");
        match e {
            Event::ChargeDeclared {
                from,
                target,
                units,
                reaction,
            } => format!(
                "{} {} from {} on {}",
                names(units),
                if *reaction {
                    "reaction-charge"
                } else {
                    "charge"
                },
                l(from),
                l(target)
            ),
            Event::ChargeMoved { units, from, to } => {
                format!("{} ride {} to {}", names(units), l(from), l(to))
            }
            Event::SquareOffered { hexes } => format!(
                "square may be attempted in {}",
                hexes.iter().map(l).collect::<Vec<_>>().join(", ")
            ),
            Event::SquareCheck { hex, roll, formed } => format!(
                "Square Check at {}: roll {roll}, {}",
                l(hex),
                if *formed { "square formed" } else { "failed" }
            ),
            Event::RecallAttempt {
                roll,
                need,
                recalled,
            } => format!(
                "recall die {roll} (needs {need}): {}",
                if *recalled {
                    "recalled"
                } else {
                    "the charge goes on"
                }
            ),
            Event::CavalryAttack {
                target,
                fire_points,
                shift,
                column,
            } => format!(
                "cavalry attack on {}: {} fire points, shift {shift:+}, column {column}",
                l(target),
                Fp(*fire_points)
            ),
            Event::Blown { unit, .. } => format!("{} is blown", n(unit)),
            Event::CavalryWithdrew {
                units, from, to, ..
            } => {
                format!("{} withdraw {} to {}", names(units), l(from), l(to))
            }
            Event::ReactionOffered { at, from } => format!(
                "a reaction charge may strike {} from {}",
                l(at),
                from.iter().map(l).collect::<Vec<_>>().join(", ")
            ),
            Event::ReactionFailed { from } => {
                format!("the cavalry in {} fails its reaction morale check", l(from))
            }
            Event::FollowOn { target, count } => {
                format!("follow-on attack {count} on {}", l(target))
            }
            Event::ChargeRetargeted { from, to } => {
                format!("the charge on {} now strikes {}", l(from), l(to))
            }
            Event::ChargeCalledOff { target, units } => format!(
                "the skirmishers left {}: {} stay in their hex, not blown",
                l(target),
                names(units)
            ),
            _ => format!("{e:?}"),
        }
    }
}
