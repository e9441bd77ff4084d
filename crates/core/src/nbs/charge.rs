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

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::board::side as hs;
use super::event::Event;
use super::facing::FacingMode;
use super::movement::StepCost;
use super::state::{
    CcStep, CheckKind, CloseCombat, FireDecl, Phase, Place, Role, State, Task, UnitId, flag,
};
use super::tables::{
    CavFireMod, CavLevel, CavTarget, FireResult, MoraleList, MoraleMod, MoveClass,
};
use super::types::{Formation, Fp, MoraleState, Seq66, UnitKind};
use super::{Action, Nbs, arc};
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Illegal, Side};
use crate::hex::{Direction, Hex};

/// What the cavalry and close-combat rules remember during a Movement Phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CavalryLog {
    /// Every phasing cavalry unit and leader on the map: the hexes it stood in this phase,
    /// the start hex first (24.1c A, 24.1e, 24.1k).
    pub paths: Vec<(UnitId, Vec<Hex>)>,
    /// Reaction windows already offered to a unit leaving a hex (15.2a).
    pub offered: Vec<(UnitId, Hex)>,
    /// Every phasing infantry unit and skirmisher counter, by unit: the hex it began the
    /// phase in, `None` when it was off the map (23.1e: attackers together must have started
    /// the phase stacked together).
    #[serde(default)]
    pub foot: Vec<(UnitId, Option<Hex>)>,
}

/// The steps of a charge (24.1 A–I).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChStep {
    /// B: square attempts are offered.
    Square,
    /// B: the skirmishers charged retreated into terrain closed to charges; the charging
    /// player picks a hex next to the old target, or the charge ends (11.5e).
    Retarget,
    /// C: the charging player may try a recall.
    Recall,
    /// C: the recall die.
    RecallRoll,
    /// D: the run-in, hex by hex.
    RunIn,
    /// E: the defender fires or makes its cavalry attack.
    DefenderAttack,
    /// E: the attacker's cavalry attack.
    AttackerAttack,
    /// F: the defender's morale check.
    DefenderMorale,
    /// F: after it, retreat (to H) or stand (to G).
    AfterDefender,
    /// G: the attacker's morale check.
    AttackerMorale,
    /// H: the charging player may make a follow-on attack.
    FollowOn,
    /// I: blown and withdrawal.
    Withdraw,
}

/// A charge in progress (24.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Charge {
    /// The charging cavalry and the leaders with it.
    pub units: Vec<UnitId>,
    /// The charging side.
    pub side: Side,
    /// The hex the charge was announced from.
    pub origin: Hex,
    /// Where the charging stack stands.
    pub at: Hex,
    /// Hexes still to enter, the target last.
    pub route: Vec<Hex>,
    /// The target hex.
    pub target: Hex,
    /// The defending units.
    pub defenders: Vec<UnitId>,
    /// A reaction charge (15.2).
    pub reaction: bool,
    /// The original target's top unit was cavalry (ERR-16: no follow-ons).
    pub versus_cavalry: bool,
    /// Follow-ons made (ERR-15: at most 3).
    pub follow_ons: u8,
    /// A reaction charge has been made against this run-in (15.2a: only one).
    pub reacted: bool,
    /// Hexes of the run-in whose exit windows were offered.
    pub offered: Vec<Hex>,
    /// The charge strikes the defender's flank.
    pub flank: bool,
    /// Defending cavalry that took a DG-or-worse result (24.1 I).
    pub def_blown: Vec<UnitId>,
    /// The evasion window of lone skirmishers in the target was opened (11.5e, step B).
    #[serde(default)]
    pub evade_offered: bool,
    /// Route hexes of enemy skirmishers whose evasion window was opened before a reaction
    /// charge rides through them (ERR-17).
    #[serde(default)]
    pub overrun: Vec<Hex>,
    /// The step reached.
    pub step: ChStep,
}

/// The cavalry sub-sequences on the task stack.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CavTask {
    /// A charge (24.1).
    Charge(Charge),
    /// Square Checks the owner of these hexes may attempt (11.6b, 24.1 B).
    SquareOffer {
        /// The hexes.
        hexes: Vec<Hex>,
        /// Who decides.
        side: Side,
        /// The cavalry's hex (the charge's origin).
        from: Hex,
        /// Because of a charge (24.1j: stragglers count as casualties).
        charge: bool,
        /// Because of a reaction charge (Square Check list).
        reaction: bool,
    },
    /// A Square Check waiting for its roll (8.5).
    SquareRoll {
        /// The hex.
        hex: Hex,
        /// The cavalry's hex.
        from: Hex,
        /// In a charge.
        charge: bool,
        /// In a reaction charge.
        reaction: bool,
    },
    /// The non-phasing player may launch a reaction charge at `at` (15.2).
    ReactionOffer {
        /// The hex being left.
        at: Hex,
        /// The hexes of the cavalry that may react.
        stacks: Vec<Hex>,
        /// Who decides.
        side: Side,
    },
    /// The morale check for a reaction charge outside the frontal arc (15.2b).
    ReactionRoll {
        /// The reacting stack's hex.
        from: Hex,
        /// The target.
        at: Hex,
    },
    /// A cavalry attack's Fire Combat Table roll (24.1 E).
    AttackRoll {
        /// The attacking units.
        firers: Vec<UnitId>,
        /// The hex struck.
        target: Hex,
        /// The column.
        column: u8,
    },
    /// Cavalry attacked by infantry may evade (ERR-9).
    Evade {
        /// The cavalry's hex.
        hex: Hex,
        /// Who decides.
        side: Side,
    },
    /// Blown cavalry withdraws 6–12 hexes (24.2a, 24.1 I).
    BlownWithdraw {
        /// The units.
        units: Vec<UnitId>,
        /// Where they stand.
        at: Hex,
    },
}

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
fn form_ok(from: Hex, path: &[Hex]) -> bool {
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
    fn charge_check(
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

    fn alive_at(s: &State, v: &[UnitId], h: Hex) -> Vec<UnitId> {
        v.iter()
            .copied()
            .filter(|&u| s.units[usize::from(u)].place == Place::At(h))
            .collect()
    }

    /// The charging cavalry still on the map.
    fn chargers(&self, s: &State, ch: &Charge) -> Vec<UnitId> {
        ch.units
            .iter()
            .copied()
            .filter(|&u| {
                self.units[usize::from(u)].kind == UnitKind::Cavalry
                    && s.units[usize::from(u)].hex().is_some()
            })
            .collect()
    }

    /// Whether a charge from `at` (or the hex next to `target` on the way from it) strikes
    /// the target's flank (13.0b).
    fn charge_flank(&self, s: &State, at: Hex, target: Hex) -> bool {
        let approach = if at.distance(target) <= 1 {
            at
        } else {
            target
                .neighbors()
                .into_iter()
                .min_by_key(|n| (n.distance(at), *n))
                .unwrap_or(at)
        };
        self.combat_stack(s, target).first().is_some_and(|&t| {
            let st = &s.units[usize::from(t)];
            match self.facing_mode(s, t) {
                FacingMode::Standard => !arc::in_front(target, st.facing, approach),
                FacingMode::AllFlank => true,
                _ => false,
            }
        })
    }

    /// 24.1 B: a target stack that retreated takes the charge with it.
    fn retarget(&self, s: &State, ch: &mut Charge) -> bool {
        if !Self::alive_at(s, &ch.defenders, ch.target).is_empty() {
            return true;
        }
        let moved = ch.defenders.iter().find_map(|&u| {
            s.units[usize::from(u)]
                .hex()
                .filter(|_| self.units[usize::from(u)].combat())
        });
        match moved {
            Some(h) if self.enemy_in(s, h, ch.side) => {
                ch.route.push(h);
                ch.target = h;
                true
            }
            _ => false,
        }
    }

    fn advance_charge(&self, s: &mut State, mut ch: Charge, ev: &mut Vec<Event>) -> bool {
        let cav = self.chargers(s, &ch);
        if cav.is_empty() {
            s.tasks.pop();
            return true;
        }
        let here = s.units[usize::from(cav[0])].hex().unwrap_or(ch.at);
        // Driven off (retreat after fire or a reaction charge): the charge ends (24.1L).
        if here != ch.at && ch.step != ChStep::Withdraw {
            ch.at = here;
            ch.step = ChStep::Withdraw;
        }
        match ch.step {
            ChStep::Square if !ch.evade_offered => {
                // 11.5e: lone skirmishers in the target may retreat a hex first, before the
                // square attempts of step B (they could not form square anyway).
                ch.evade_offered = true;
                let entry = ch
                    .route
                    .len()
                    .checked_sub(2)
                    .map_or(ch.origin, |i| ch.route[i]);
                let target = ch.target;
                Self::replace_top(s, CavTask::Charge(ch));
                self.offer_charge_evasion(s, entry, target);
                true
            }
            ChStep::Retarget => {
                if self.retarget_hexes(s, &ch).is_empty() {
                    ch.step = ChStep::Withdraw;
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                }
                Self::replace_top(s, CavTask::Charge(ch));
                false
            }
            ChStep::Square => {
                let dside = ch.side.other();
                let mut hexes: Vec<Hex> = core::iter::once(ch.target)
                    .chain(ch.target.neighbors())
                    .filter(|&h| {
                        self.owner_at(s, h) == Some(dside) && self.square_capable(s, h).is_some()
                    })
                    .collect();
                hexes.sort();
                ch.step = if ch.reaction {
                    ChStep::RunIn
                } else {
                    ChStep::Recall
                };
                let (from, reaction) = (ch.origin, ch.reaction);
                Self::replace_top(s, CavTask::Charge(ch));
                if !hexes.is_empty() {
                    ev.push(Event::SquareOffered {
                        hexes: hexes.clone(),
                    });
                    s.tasks.push(Task::Cavalry(CavTask::SquareOffer {
                        hexes,
                        side: dside,
                        from,
                        charge: true,
                        reaction,
                    }));
                }
                true
            }
            ChStep::Recall | ChStep::RecallRoll => {
                if !self.retarget(s, &mut ch) {
                    ch.step = ChStep::Withdraw;
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                }
                Self::replace_top(s, CavTask::Charge(ch));
                false
            }
            ChStep::RunIn => {
                if !self.retarget(s, &mut ch)
                    || cav
                        .iter()
                        .any(|&u| s.units[usize::from(u)].has(flag::BLOWN))
                {
                    ch.step = ChStep::Withdraw;
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                }
                if matches!(
                    self.hex_morale(s, ch.at),
                    MoraleState::Disorganized | MoraleState::Routed
                ) {
                    // 15.1d, 15.2e: a charging stack driven to DG or worse stops.
                    ch.step = ChStep::Withdraw;
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                }
                let Some(&next) = ch.route.first() else {
                    ch.step = ChStep::Withdraw;
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                };
                if ch.reaction && ch.route.len() > 1 && self.overrun_hex(s, next, ch.side) {
                    // ERR-17: enemy skirmishers in the way of a reaction charge may retreat a
                    // hex (11.5e); those that stand are overrun, one step each, and the
                    // cavalry rides through their hex without stopping in it.
                    if !ch.overrun.contains(&next) {
                        ch.overrun.push(next);
                        let at = ch.at;
                        Self::replace_top(s, CavTask::Charge(ch));
                        self.offer_charge_evasion(s, at, next);
                        return true;
                    }
                    for u in self.stack(s, next) {
                        ev.push(Event::Part {
                            what: super::event::PartChange::Overrun,
                            unit: u,
                            other: None,
                            count: 0,
                        });
                        self.skirmisher_loss(s, u, 1, ev);
                    }
                    if self.stack(s, next).is_empty() {
                        // Nothing left there: the run-in goes on through the hex.
                        Self::replace_top(s, CavTask::Charge(ch));
                        return true;
                    }
                    ch.route.remove(0);
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                }
                if ch.route.len() == 1 {
                    // Contact (24.1 D → E). 11.5h D: the skirmishers of both stacks go to
                    // the bottom before the target hex's combat is resolved.
                    self.skirmishers_to_bottom(s, ch.at, ev);
                    self.skirmishers_to_bottom(s, ch.target, ev);
                    ch.flank = self.charge_flank(s, ch.at, ch.target);
                    ch.defenders = self.combat_stack(s, ch.target);
                    ch.step = ChStep::DefenderAttack;
                    for u in ch.units.iter().chain(ch.defenders.iter()) {
                        s.units[usize::from(*u)].flags |= flag::FIRED_OR_FIRED_ON;
                    }
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                }
                if !ch.offered.contains(&ch.at) {
                    ch.offered.push(ch.at);
                    let at = ch.at;
                    let lead = cav[0];
                    let react = !ch.reaction && !ch.reacted;
                    Self::replace_top(s, CavTask::Charge(ch));
                    let mut pushed = false;
                    if react {
                        pushed |= self.offer_reaction(s, lead, at, ev);
                    }
                    let bats = self.opportunity_batteries(s, lead, at, Some(next));
                    if !bats.is_empty() {
                        ev.push(Event::OpportunityOffered {
                            at,
                            batteries: bats.clone(),
                        });
                        s.tasks.push(Task::OpportunityWindow {
                            movers: Self::alive_at(s, &cav, at),
                            batteries: bats,
                            at,
                        });
                        pushed = true;
                    }
                    if pushed {
                        return true;
                    }
                    let Some(Task::Cavalry(CavTask::Charge(c))) = s.tasks.last().cloned() else {
                        return true;
                    };
                    ch = c;
                }
                if !self.stack(s, next).is_empty() {
                    // Something stands in the way now: the charge cannot go on.
                    ch.step = ChStep::Withdraw;
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                }
                let moved = self.move_stack(s, &ch.units, ch.at, next);
                ev.push(Event::ChargeMoved {
                    units: moved,
                    from: ch.at,
                    to: next,
                });
                ch.at = next;
                ch.route.remove(0);
                Self::replace_top(s, CavTask::Charge(ch));
                true
            }
            ChStep::DefenderAttack => {
                ch.step = ChStep::AttackerAttack;
                let def = Self::alive_at(s, &ch.defenders, ch.target);
                let (at, target, flank) = (ch.at, ch.target, ch.flank);
                Self::replace_top(s, CavTask::Charge(ch));
                let firers: Vec<UnitId> = def
                    .iter()
                    .copied()
                    .filter(|&u| {
                        matches!(
                            self.units[usize::from(u)].kind,
                            UnitKind::Infantry | UnitKind::Artillery
                        ) && self.may_fire(s, u, at, true).is_ok()
                    })
                    .collect();
                if !firers.is_empty() {
                    let d = FireDecl {
                        target: at,
                        at_artillery: None,
                        firers,
                        shares: Vec::new(),
                        close: true,
                        opportunity: false,
                        from: target,
                    };
                    self.open_fire(s, d, flank.then_some(at), ev);
                } else {
                    // Defending cavalry attacks, stationary: x1/2 (24.1 E).
                    let dcav: Vec<UnitId> = def
                        .iter()
                        .copied()
                        .filter(|&u| self.units[usize::from(u)].kind == UnitKind::Cavalry)
                        .collect();
                    self.push_cavalry_attack(s, &dcav, at, false, true, flank, ev);
                }
                true
            }
            ChStep::AttackerAttack => {
                ch.step = ChStep::DefenderMorale;
                let attackers = Self::alive_at(s, &cav, ch.at);
                let (target, flank) = (ch.target, ch.flank);
                Self::replace_top(s, CavTask::Charge(ch));
                self.push_cavalry_attack(s, &attackers, target, flank, false, false, ev);
                true
            }
            ChStep::DefenderMorale => {
                ch.step = ChStep::AfterDefender;
                if self.combat_stack(s, ch.target).is_empty()
                    || Self::alive_at(s, &ch.defenders, ch.target).is_empty()
                {
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                }
                let mut c = self.morale_check(
                    s,
                    ch.target,
                    CheckKind::Charge,
                    ch.flank,
                    ch.at,
                    Role::None,
                    "24.1 F",
                );
                let m = |x: MoraleMod| {
                    i16::from(
                        self.tables
                            .morale_modifier(MoraleList::ChargeResolution, x)
                            .unwrap_or(0),
                    )
                };
                let square = self
                    .combat_stack(s, ch.target)
                    .iter()
                    .any(|&u| s.units[usize::from(u)].formation == Formation::Square);
                c.shift += if square {
                    m(MoraleMod::DefenderInSquare)
                } else {
                    m(MoraleMod::DefenderNotSquare)
                };
                Self::replace_top(s, CavTask::Charge(ch));
                self.push_check(s, c);
                true
            }
            ChStep::AfterDefender => {
                for &u in &ch.defenders {
                    let st = &s.units[usize::from(u)];
                    if self.units[usize::from(u)].kind == UnitKind::Cavalry
                        && st.hex().is_some()
                        && matches!(st.morale, MoraleState::Disorganized | MoraleState::Routed)
                        && !ch.def_blown.contains(&u)
                    {
                        ch.def_blown.push(u);
                    }
                }
                if Self::alive_at(s, &ch.defenders, ch.target).is_empty() {
                    // F: the defender retreated or fell: the cavalry takes the hex (H).
                    if !self.enemy_in(s, ch.target, ch.side) && self.board.on_map(ch.target) {
                        let moved = self.move_stack(s, &ch.units, ch.at, ch.target);
                        if !moved.is_empty() {
                            ev.push(Event::ChargeMoved {
                                units: moved,
                                from: ch.at,
                                to: ch.target,
                            });
                            ch.at = ch.target;
                        }
                    }
                    ch.step = ChStep::FollowOn;
                    let none = self.follow_on_targets(s, &ch).is_empty();
                    if none {
                        ch.step = ChStep::Withdraw;
                    }
                    Self::replace_top(s, CavTask::Charge(ch));
                    return true;
                }
                ch.step = ChStep::AttackerMorale;
                Self::replace_top(s, CavTask::Charge(ch));
                true
            }
            ChStep::AttackerMorale => {
                ch.step = ChStep::Withdraw;
                let mut c = self.morale_check(
                    s,
                    ch.at,
                    CheckKind::Charge,
                    false,
                    ch.target,
                    Role::None,
                    "24.1 G",
                );
                if cav.iter().any(|&u| self.units[usize::from(u)].heavy) {
                    c.shift += i16::from(
                        self.tables
                            .morale_modifier(
                                MoraleList::ChargeResolution,
                                MoraleMod::AttackingHeavyCavalry,
                            )
                            .unwrap_or(0),
                    );
                }
                Self::replace_top(s, CavTask::Charge(ch));
                self.push_check(s, c);
                true
            }
            ChStep::FollowOn => {
                Self::replace_top(s, CavTask::Charge(ch));
                false
            }
            ChStep::Withdraw => {
                s.tasks.pop();
                self.charge_over(s, ch, ev);
                true
            }
        }
    }

    /// CH-I: the attacking cavalry, and defending cavalry with a DG-or-worse result, become
    /// blown and withdraw 6–12 hexes (24.1 I, 24.2a, 15.2e); the chargers stop for the phase.
    fn charge_over(&self, s: &mut State, ch: Charge, ev: &mut Vec<Event>) {
        let rule: &'static str = if ch.reaction { "15.2e" } else { "24.1 I" };
        // 13.1a: both players' units in a charge re-face free at its end: defenders still in
        // the target hex after the withdrawals below (those that retreated re-faced at the
        // end of their retreat), the charging cavalry where its withdrawal ends.
        if !Self::alive_at(s, &ch.defenders, ch.target).is_empty()
            && self.owner_at(s, ch.target) == Some(ch.side.other())
        {
            s.tasks.push(Task::Reface { hex: ch.target });
        }
        let mut groups: Vec<(Hex, Vec<UnitId>)> = Vec::new();
        for (i, &u) in ch.units.iter().chain(ch.def_blown.iter()).enumerate() {
            let Some(h) = s.units[usize::from(u)].hex() else {
                continue;
            };
            let attacker = i < ch.units.len();
            if attacker {
                s.units[usize::from(u)].flags |= flag::STOPPED;
            }
            if self.units[usize::from(u)].kind == UnitKind::Cavalry {
                let st = &mut s.units[usize::from(u)];
                let was = st.has(flag::BLOWN);
                st.flags |= flag::BLOWN | flag::BLOWN_THIS_TURN;
                if !was {
                    ev.push(Event::Blown {
                        unit: u,
                        rule: rule.into(),
                    });
                }
            }
            match groups.iter_mut().find(|g| g.0 == h) {
                Some(g) => g.1.push(u),
                None => groups.push((h, alloc::vec![u])),
            }
        }
        for (h, units) in groups.into_iter().rev() {
            if units
                .iter()
                .any(|&u| self.units[usize::from(u)].kind == UnitKind::Cavalry)
            {
                s.tasks
                    .push(Task::Cavalry(CavTask::BlownWithdraw { units, at: h }));
            }
        }
    }

    /// Computes a cavalry attack (24.1 E) and pushes its roll.
    #[allow(clippy::too_many_arguments)]
    fn push_cavalry_attack(
        &self,
        s: &mut State,
        attackers: &[UnitId],
        target: Hex,
        flank_target: bool,
        stationary: bool,
        defender_flanked: bool,
        ev: &mut Vec<Event>,
    ) {
        let cav: Vec<UnitId> = attackers
            .iter()
            .copied()
            .filter(|&u| {
                self.units[usize::from(u)].kind == UnitKind::Cavalry
                    && s.units[usize::from(u)].morale != MoraleState::Routed
            })
            .collect();
        let Some(&top) = self.combat_stack(s, target).first() else {
            return;
        };
        // 12.3: the stack's strength, capped at AB.
        let units: u32 = cav
            .iter()
            .map(|&u| u32::from(self.fire_level(s, u).units()))
            .sum();
        let level = match units.min(6) {
            0 => return,
            1 => CavLevel::C,
            2 | 3 => CavLevel::B,
            4 | 5 => CavLevel::A,
            _ => CavLevel::ABPlus,
        };
        let tst = &s.units[usize::from(top)];
        let tinfo = &self.units[usize::from(top)];
        let in_square = self
            .combat_stack(s, target)
            .iter()
            .any(|&u| s.units[usize::from(u)].formation == Formation::Square);
        let kind = if matches!(tst.morale, MoraleState::Disorganized | MoraleState::Routed) {
            CavTarget::Other
        } else if in_square {
            CavTarget::Square
        } else if flank_target {
            CavTarget::Other
        } else {
            match (tinfo.kind, tst.formation) {
                (UnitKind::Cavalry, _) => CavTarget::Cavalry,
                (UnitKind::Infantry, Formation::Column) => CavTarget::InfantryColumn,
                (UnitKind::Infantry, Formation::Line) => CavTarget::InfantryLine,
                _ => CavTarget::Other,
            }
        };
        let mut fp = self.tables.cavalry_attack_fp(kind, level);
        if stationary
            || cav
                .iter()
                .any(|&u| s.units[usize::from(u)].has(flag::BLOWN))
        {
            fp = Fp(fp.0 / 2);
        }
        let mut mods = Vec::new();
        if defender_flanked {
            mods.push(CavFireMod::DefenderFlank);
        }
        let tside = self.combat_stack(s, target);
        if tside.iter().all(|&u| {
            let i = &self.units[usize::from(u)];
            i.kind == UnitKind::Cavalry && i.heavy
        }) {
            mods.push(CavFireMod::TargetHeavyCavalryOnly);
        }
        if cav.iter().any(|&u| self.units[usize::from(u)].heavy) {
            mods.push(CavFireMod::FirerHeavyOrMixed);
        }
        let shift = self.tables.cavalry_fire_modifier_total(&mods);
        let Some(column) = self.fire_table_column(fp, shift) else {
            ev.push(Event::CavalryAttack {
                target,
                fire_points: 0,
                shift,
                column: 0,
            });
            return;
        };
        ev.push(Event::CavalryAttack {
            target,
            fire_points: fp.0,
            shift,
            column,
        });
        s.tasks.push(Task::Cavalry(CavTask::AttackRoll {
            firers: cav,
            target,
            column,
        }));
    }

    /// The Fire Combat Table result of a cavalry attack: losses, stragglers as casualties
    /// (24.1j), a leader hit on 55 or 66 (20.4d); the morale check follows in F or G.
    fn resolve_cavalry_attack(
        &self,
        s: &mut State,
        firers: Vec<UnitId>,
        target: Hex,
        column: u8,
        roll: Seq66,
        ev: &mut Vec<Event>,
    ) {
        let result = self.tables.fire_result(column, roll);
        ev.push(Event::FireResult {
            target,
            roll: roll.value(),
            result: format!("{result:?}"),
        });
        let from = firers
            .first()
            .and_then(|&f| s.units[usize::from(f)].hex())
            .unwrap_or(target);
        let side = firers
            .first()
            .map_or(self.phasing(s), |&f| self.units[usize::from(f)].side);
        let d = FireDecl {
            target,
            at_artillery: None,
            firers,
            shares: Vec::new(),
            close: true,
            opportunity: false,
            from,
        };
        if let FireResult::Loss {
            casualties,
            stragglers,
        } = result
        {
            self.apply_losses(s, &d, casualties, 0, ev);
            if stragglers > 0 {
                if let Some(i) = self
                    .combat_stack(s, target)
                    .into_iter()
                    .find(|&u| self.units[usize::from(u)].kind == UnitKind::Infantry)
                {
                    self.add_losses(s, i, stragglers, 0, ev);
                }
            }
        }
        if self.tables.leader_hit(roll) {
            let leaders: Vec<UnitId> = self
                .stack(s, target)
                .into_iter()
                .filter(|&u| {
                    self.units[usize::from(u)].kind == UnitKind::Leader
                        && self.units[usize::from(u)].side != side
                })
                .collect();
            match leaders.len() {
                0 => {}
                1 => self.leader_falls(s, leaders[0], ev),
                _ => s.tasks.push(Task::LeaderHit { leaders }),
            }
        }
    }

    /// Whether every charging cavalry unit may ride from `a` into the adjacent `b` as part
    /// of a charge (24.1b: 1 MP, no bridge).
    fn charge_step_open(&self, s: &State, ch: &Charge, a: Hex, b: Hex) -> bool {
        let Some(d) = a.direction_to(b) else {
            return false;
        };
        self.board.side(a, d) & hs::BRIDGE == 0
            && self.board.on_map(b)
            && self.chargers(s, ch).iter().all(|&u| {
                self.move_class(s, u).is_some_and(|c| {
                    matches!(self.terrain_step(c, a, d, false).0, StepCost::Half(2))
                })
            })
    }

    /// 11.5e: the hexes the charging player may pick next to the old target when the
    /// skirmishers retreated into terrain closed to charges: open to the charge and holding
    /// an enemy unit (decision: an empty hex is no target).
    fn retarget_hexes(&self, s: &State, ch: &Charge) -> Vec<Hex> {
        let mut out: Vec<Hex> = ch
            .target
            .neighbors()
            .into_iter()
            .filter(|&n| self.enemy_in(s, n, ch.side) && self.charge_step_open(s, ch, ch.target, n))
            .collect();
        out.sort();
        out
    }

    /// After lone skirmishers retreated a hex from `old` before a charge at it (11.5e): a
    /// regular charge takes `to` as its target, however far (or, if the terrain there is
    /// closed to charges, the charging player picks a hex next to `old`); a reaction charge
    /// is off and its cavalry stays in its own hex, not blown, free to react again (15.2g).
    pub(super) fn charge_evaded(&self, s: &mut State, old: Hex, to: Hex, ev: &mut Vec<Event>) {
        // The charge just below the window; an ERR-17 window in the run-in (the skirmishers
        // are not the target) changes nothing.
        let Some(i) = s
            .tasks
            .iter()
            .rposition(|t| matches!(t, Task::Cavalry(CavTask::Charge(_))))
            .filter(
                |&i| matches!(&s.tasks[i], Task::Cavalry(CavTask::Charge(c)) if c.target == old),
            )
        else {
            return;
        };
        let Task::Cavalry(CavTask::Charge(mut ch)) = s.tasks[i].clone() else {
            return;
        };
        if ch.reaction {
            s.tasks.remove(i);
            ev.push(Event::ChargeCalledOff {
                target: old,
                units: ch.units.clone(),
            });
            return;
        }
        if self.charge_step_open(s, &ch, old, to) {
            ev.push(Event::ChargeRetargeted { from: old, to });
            ch.route.push(to);
            ch.target = to;
            ch.defenders = self.combat_stack(s, to);
        } else {
            ch.step = ChStep::Retarget;
        }
        s.tasks[i] = Task::Cavalry(CavTask::Charge(ch));
    }

    /// Follow-on targets (24.1 H, ERR-15, ERR-16): enemy hexes within 2 of the cavalry whose
    /// terrain costs the cavalry 1 MP; none in a reaction charge, against an original cavalry
    /// target, after 3, or when the cavalry has been driven off.
    fn follow_on_targets(&self, s: &State, ch: &Charge) -> Vec<Hex> {
        if ch.reaction || ch.versus_cavalry || ch.follow_ons >= 3 {
            return Vec::new();
        }
        let cav = self.chargers(s, ch);
        let Some(&lead) = cav.first() else {
            return Vec::new();
        };
        if s.units[usize::from(lead)].hex() != Some(ch.at) {
            return Vec::new();
        }
        let Some(class) = self.move_class(s, lead) else {
            return Vec::new();
        };
        let mut out: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, _)| self.units[*i].side != ch.side && self.units[*i].combat())
            .filter_map(|(_, u)| u.hex())
            .filter(|h| {
                let d = h.distance(ch.at);
                (1..=2).contains(&d)
                    && matches!(
                        self.tables
                            .hex_cost(class, self.terrain_idx(self.board.hex(*h).terrain)),
                        super::tables::MoveCost::Halves(2)
                    )
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    // ----- reaction charges (15.2) -----------------------------------------------------

    /// The non-phasing cavalry in `from` that may reaction charge `at`, with its route
    /// (15.2a–c, 24.1a, 24.1f, 28.0c; LOS condition B only, 24.1c).
    fn reaction_units(&self, s: &State, from: Hex, at: Hex) -> Option<(Vec<UnitId>, Vec<Hex>)> {
        if s.phase != Phase::Movement || self.turn_info(s.turn).night {
            return None;
        }
        let side = self.phasing(s).other();
        let d = from.distance(at);
        if !(1..=3).contains(&d) || !self.enemy_in(s, at, side) {
            return None;
        }
        let mut units: Vec<UnitId> = self
            .combat_stack(s, from)
            .into_iter()
            .filter(|&u| self.units[usize::from(u)].side == side && self.may_charge(s, u))
            .collect();
        if units.is_empty() {
            return None;
        }
        if self
            .tables
            .no_charge_from(self.terrain_idx(self.board.hex(from).terrain))
        {
            return None;
        }
        if !self.clear_los(s, from, at) || (self.fog_charges && !self.visible(s, from, at)) {
            return None; // 15.2a sight; AUS 5.1 fog option
        }
        let route = forms(from)
            .into_iter()
            .filter(|p| p.len() as u32 == d && p.last() == Some(&at))
            .find(|p| self.route_check(s, &units, from, p, true).is_ok())?;
        units.extend(self.stack(s, from).into_iter().filter(|&u| {
            let i = &self.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Leader
        }));
        Some((units, route))
    }

    /// Offers a reaction window to the non-phasing player as `unit` leaves `at` (15.2a).
    fn offer_reaction(&self, s: &mut State, unit: UnitId, at: Hex, ev: &mut Vec<Event>) -> bool {
        if s.phase != Phase::Movement || self.units[usize::from(unit)].side != self.phasing(s) {
            return false;
        }
        let side = self.phasing(s).other();
        let mut stacks: Vec<Hex> = (0..s.units.len() as UnitId)
            .filter(|&u| self.units[usize::from(u)].side == side && self.may_charge(s, u))
            .filter_map(|u| s.units[usize::from(u)].hex())
            .filter(|h| (1..=3).contains(&h.distance(at)))
            .collect();
        stacks.sort();
        stacks.dedup();
        stacks.retain(|&h| self.reaction_units(s, h, at).is_some());
        if stacks.is_empty() {
            return false;
        }
        ev.push(Event::ReactionOffered {
            at,
            from: stacks.clone(),
        });
        s.tasks
            .push(Task::Cavalry(CavTask::ReactionOffer { at, stacks, side }));
        true
    }

    /// Before a Movement-Phase step: the reaction window for the hex being left (15.2a; the
    /// step waits in a [`Task::Resume`]). Facing changes never come here (15.2f).
    pub(super) fn reaction_before_step(
        &self,
        s: &mut State,
        unit: UnitId,
        from: Hex,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> bool {
        if s.cavalry.offered.contains(&(unit, from)) {
            return false;
        }
        s.cavalry.offered.push((unit, from));
        let mark = s.tasks.len();
        s.tasks.push(Task::Resume {
            then: a.clone(),
            unit,
            at: from,
            changed: false,
            morale: s.units[usize::from(unit)].morale,
        });
        if self.offer_reaction(s, unit, from, ev) {
            return true;
        }
        s.tasks.truncate(mark);
        false
    }

    /// Before a retreat step (15.2a): the phasing player's units retreating in their own
    /// Movement Phase out of a hex of a Reaction Charge Zone open the window, once per unit and
    /// hex, as a move does; the retreat waits under the window and its owner then picks the
    /// step again (the charge strikes the hex being left, wherever the step was going).
    /// Decision: retreats made inside a charge's resolution (its target's or its own
    /// cavalry's) are part of that charge and open no window (one reaction per charge, none
    /// against a reaction). Retreats never open opportunity fire (15.1f).
    pub(super) fn reaction_before_retreat(
        &self,
        s: &mut State,
        units: &[UnitId],
        at: Hex,
        ev: &mut Vec<Event>,
    ) -> bool {
        if s.phase != Phase::Movement
            || s.tasks
                .iter()
                .any(|t| matches!(t, Task::Cavalry(CavTask::Charge(_))))
        {
            return false;
        }
        let Some(&lead) = units.iter().find(|&&u| {
            self.units[usize::from(u)].combat() && s.units[usize::from(u)].place == Place::At(at)
        }) else {
            return false;
        };
        if s.cavalry.offered.contains(&(lead, at)) {
            return false;
        }
        s.cavalry.offered.push((lead, at));
        self.offer_reaction(s, lead, at, ev)
    }

    // ----- blown withdrawal and the Cavalry Withdrawal segment ------------------------

    /// Hexes reachable from `at` in at most `steps` steps through passable hexes free of the
    /// enemy, with the step count.
    fn passable_reach(
        &self,
        s: &State,
        units: &[UnitId],
        at: Hex,
        steps: u32,
        blown: bool,
    ) -> Vec<(Hex, u32)> {
        let Some(&lead) = units
            .iter()
            .find(|&&u| self.units[usize::from(u)].kind == UnitKind::Cavalry)
        else {
            return Vec::new();
        };
        let side = self.units[usize::from(lead)].side;
        let class = if blown {
            MoveClass::BlownCavalry
        } else {
            self.move_class(s, lead).unwrap_or(MoveClass::LightCavalry)
        };
        let mut seen: Vec<(Hex, u32)> = alloc::vec![(at, 0)];
        let mut frontier = alloc::vec![at];
        for k in 1..=steps {
            let mut next = Vec::new();
            for h in frontier {
                for d in Direction::ALL {
                    let n = h.neighbor(d);
                    if seen.iter().any(|x| x.0 == n)
                        || !self.board.on_map(n)
                        || self.enemy_in(s, n, side)
                    {
                        continue;
                    }
                    if matches!(
                        self.terrain_step(class, h, d, false).0,
                        StepCost::Prohibited(_)
                    ) {
                        continue;
                    }
                    seen.push((n, k));
                    next.push(n);
                }
            }
            frontier = next;
        }
        seen
    }

    /// Blown-withdrawal destinations (24.2a): 6–12 hexes from `at`, no nearer the enemy.
    fn blown_destinations(&self, s: &State, units: &[UnitId], at: Hex) -> Vec<Hex> {
        let Some(&lead) = units.first() else {
            return Vec::new();
        };
        let side = self.units[usize::from(lead)].side;
        let near = self.enemy_distance(s, at, side).unwrap_or(u32::MAX);
        let mut v: Vec<Hex> = self
            .passable_reach(s, units, at, 12, true)
            .into_iter()
            .map(|x| x.0)
            .filter(|h| {
                (6..=12).contains(&h.distance(at))
                    && self.enemy_distance(s, *h, side).unwrap_or(u32::MAX) >= near.min(6)
            })
            .collect();
        v.sort();
        v
    }

    /// Cavalry that may withdraw in the segment (8.2, 24.2b): the non-phasing player's
    /// un-blown cavalry adjacent to an enemy unit, not yet withdrawn, not routed.
    fn withdrawers(&self, s: &State) -> Vec<UnitId> {
        let side = self.phasing(s).other();
        (0..s.units.len() as UnitId)
            .filter(|&u| {
                let i = &self.units[usize::from(u)];
                let st = &s.units[usize::from(u)];
                i.side == side
                    && i.kind == UnitKind::Cavalry
                    && !st.has(flag::BLOWN)
                    && !st.has(flag::STOPPED)
                    && st.morale != MoraleState::Routed
                    && st.hex().is_some_and(|h| {
                        h.neighbors().into_iter().any(|n| self.enemy_in(s, n, side))
                    })
            })
            .collect()
    }

    fn withdrawal_destinations(&self, s: &State, u: UnitId) -> Vec<Hex> {
        let Some(at) = s.units[usize::from(u)].hex() else {
            return Vec::new();
        };
        let side = self.units[usize::from(u)].side;
        let adjacent: Vec<Hex> = at
            .neighbors()
            .into_iter()
            .filter(|n| self.enemy_in(s, *n, side))
            .collect();
        let mut v: Vec<Hex> = self
            .passable_reach(s, &[u], at, 6, false)
            .into_iter()
            .map(|x| x.0)
            .filter(|h| *h != at && adjacent.iter().all(|e| e.distance(*h) > 1))
            .collect();
        v.sort();
        v
    }

    /// Whether the Cavalry Withdrawal segment has anything to decide.
    pub(super) fn any_withdrawal(&self, s: &State) -> bool {
        self.withdrawers(s)
            .into_iter()
            .any(|u| !self.withdrawal_destinations(s, u).is_empty())
    }

    /// The Cavalry Withdrawal segment's decisions.
    pub(super) fn withdrawal_actions(&self, s: &State, out: &mut Vec<Action>) {
        for u in self.withdrawers(s) {
            for h in self.withdrawal_destinations(s, u) {
                out.push(Action::Withdraw { unit: u, to: h });
            }
        }
        out.push(Action::EndSegment);
    }

    /// A Cavalry Withdrawal segment action (8.2, 24.2b).
    pub(super) fn withdrawal_do(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::Withdraw { unit, to } => {
                self.unit_ref(s, *unit)?;
                if !self.withdrawers(s).contains(unit) {
                    return Err(Illegal::new(
                        "24.2b",
                        format!(
                            "{} may not withdraw: only the non-phasing player's un-blown cavalry adjacent to an enemy unit, once",
                            self.name(*unit)
                        ),
                    ));
                }
                if !self.withdrawal_destinations(s, *unit).contains(to) {
                    return Err(Illegal::new(
                        "8.2",
                        format!(
                            "{} is not a withdrawal hex for {}: at most 6 hexes through passable hexes free of the enemy, away from every adjacent enemy",
                            self.label(*to),
                            self.name(*unit)
                        ),
                    ));
                }
                let from = s.units[usize::from(*unit)].hex().unwrap_or(*to);
                let st = &mut s.units[usize::from(*unit)];
                st.place = Place::At(*to);
                st.flags |= flag::STOPPED;
                st.order = s.next_order;
                s.next_order = s.next_order.wrapping_add(1);
                self.merge_morale(s, *to);
                ev.push(Event::CavalryWithdrew {
                    units: alloc::vec![*unit],
                    from,
                    to: *to,
                    rule: "8.2".into(),
                });
                Ok(())
            }
            Action::EndSegment => {
                self.next_phase(s, ev);
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    // ----- ERR-9 -------------------------------------------------------------------------

    /// ERR-9: infantry declaring a close combat on a hex of cavalry alone: the cavalry may
    /// evade, becoming blown.
    pub(super) fn offer_evasion(&self, s: &mut State, target: Hex, _ev: &mut Vec<Event>) {
        let st = self.combat_stack(s, target);
        if st.is_empty()
            || !st
                .iter()
                .all(|&u| self.units[usize::from(u)].kind == UnitKind::Cavalry)
        {
            return;
        }
        let side = self.units[usize::from(st[0])].side;
        if self.blown_destinations(s, &st, target).is_empty() {
            return;
        }
        s.tasks
            .push(Task::Cavalry(CavTask::Evade { hex: target, side }));
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;
    use crate::engine::Rules;
    use crate::hex::Facing;
    use crate::nbs::board::Terrain;
    use crate::nbs::{ALLIED, FRENCH};

    fn d66(v: u32) -> Action {
        Action::Roll(DiceSpec::D66.roll(v).unwrap())
    }

    fn d6(v: u32) -> Action {
        Action::Roll(DiceSpec::D6.roll(v).unwrap())
    }

    struct Setup {
        r: Nbs,
        s: State,
        /// A clear, flat, featureless hex with room around it.
        c: Hex,
        d: Direction,
    }

    fn clear_area(r: &Nbs, radius: u32) -> Hex {
        r.board
            .hexes()
            .find(|&c| {
                let lvl = r.board.hex(c).level;
                r.board.hexes().filter(|h| h.distance(c) <= radius).count() as u32
                    == 1 + 3 * radius * (radius + 1)
                    && r.board
                        .hexes()
                        .filter(|h| h.distance(c) <= radius)
                        .all(|h| {
                            let i = r.board.hex(h);
                            i.on_map
                                && i.terrain == Terrain::Clear
                                && !i.special
                                && i.level == lvl
                                && Direction::ALL.iter().all(|&d| r.board.side(h, d) == 0)
                        })
            })
            .expect("a clear area")
    }

    fn setup() -> Setup {
        let sc = Library::builtin()
            .unwrap()
            .scenario("nbs/austerlitz-3")
            .unwrap();
        let r = Nbs::new(&sc).unwrap();
        let mut s = r.initial_state();
        for u in &mut s.units {
            u.place = Place::Off;
            u.flags = 0;
            u.spent = 0;
            u.morale = MoraleState::Normal;
        }
        s.tasks.clear();
        // A clear daylight turn.
        s.turn = (r.first_turn..=r.last_turn())
            .find(|&t| {
                let i = r.turn_info(t);
                !i.night && i.visibility.is_none()
            })
            .expect("a clear daylight turn");
        s.player_turn = 0;
        s.phase = Phase::Movement;
        let c = clear_area(&r, 7);
        Setup {
            r,
            s,
            c,
            d: Direction::ALL[0],
        }
    }

    impl Setup {
        fn clone_setup(&self) -> Setup {
            Setup {
                r: self.r.clone(),
                s: self.s.clone(),
                c: self.c,
                d: self.d,
            }
        }

        fn at(&self, k: u8) -> Hex {
            let mut h = self.c;
            for _ in 0..k {
                h = h.neighbor(self.d);
            }
            h
        }

        fn pick(&self, side: Side, kind: UnitKind, n: usize) -> UnitId {
            (0..self.r.units.len())
                .filter(|&i| {
                    let u = &self.r.units[i];
                    u.side == side && u.kind == kind && (kind != UnitKind::Cavalry || !u.heavy)
                })
                .nth(n)
                .expect("a unit") as UnitId
        }

        fn place(&mut self, u: UnitId, h: Hex, facing: Facing, f: Formation) {
            let st = &mut self.s.units[usize::from(u)];
            st.place = Place::At(h);
            st.facing = facing;
            st.formation = f;
            st.order = self.s.next_order;
            self.s.next_order += 1;
        }

        fn apply(&mut self, a: Action, ev: &mut Vec<Event>) {
            let (n, e) = self
                .r
                .applied(&self.s, &a)
                .unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
            self.s = n;
            ev.extend(e);
        }

        /// Plays the tasks out: scripted D66 rolls (then 33), D6 3, the first choice or
        /// Pass when offered.
        fn play_out(&mut self, rolls: &[u32], ev: &mut Vec<Event>) {
            let mut script = rolls.iter().copied();
            for _ in 0..400 {
                if self.s.tasks.is_empty() {
                    return;
                }
                let a = match self.r.actor(&self.s) {
                    Actor::Chance(Chance::Dice(DiceSpec::D66)) => d66(script.next().unwrap_or(33)),
                    Actor::Chance(Chance::Dice(DiceSpec::D6)) => d6(3),
                    Actor::Chance(_) => Action::Pick(0),
                    Actor::Player(_) => {
                        let mut v = Vec::new();
                        self.r.legal_actions(&self.s, &mut v);
                        v.iter()
                            .find(|a| matches!(a, Action::Pass))
                            .cloned()
                            .unwrap_or_else(|| v[0].clone())
                    }
                    Actor::Terminal(_) => return,
                };
                self.apply(a, ev);
            }
            panic!("the tasks did not end: {:?}", self.s.tasks);
        }
    }

    fn side_facing(d: Direction) -> Facing {
        Facing::side(d)
    }

    #[test]
    fn t19_r24_1_charge_sequence() {
        let mut t = setup();
        assert_eq!(t.r.phasing(&t.s), ALLIED);
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        let (h0, target) = (t.at(0), t.at(5));
        t.place(cav, h0, side_facing(t.d), Formation::Combat);
        t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
        t.r.cavalry_phase_start(&mut t.s);
        let mut ev = Vec::new();
        // It moves to 4 hexes (sees the target), then to 3.
        t.apply(
            Action::Step {
                unit: cav,
                to: t.at(1),
            },
            &mut ev,
        );
        assert!(t.s.tasks.is_empty(), "4 hexes away: no square check yet");
        t.apply(
            Action::Step {
                unit: cav,
                to: t.at(2),
            },
            &mut ev,
        );
        assert!(
            matches!(
                t.s.tasks.last(),
                Some(Task::Cavalry(CavTask::SquareOffer { .. }))
            ),
            "11.6b ii: within 3 hexes the infantry may try square"
        );
        t.apply(Action::Pass, &mut ev);
        // The charge is among the legal actions.
        let path = alloc::vec![t.at(3), t.at(4), target];
        let mut v = Vec::new();
        t.r.legal_actions(&t.s, &mut v);
        let charge = Action::Charge {
            from: t.at(2),
            target,
            path,
        };
        if let Action::Charge { from, target, path } = &charge {
            if let Err(e) = t.r.charge_check(&t.s, *from, *target, path) {
                panic!("{e:?}");
            }
        }
        assert!(v.contains(&charge), "{v:?}");
        ev.clear();
        t.apply(charge, &mut ev);
        // B: the target declines square; C: no recall.
        assert!(matches!(
            t.s.tasks.last(),
            Some(Task::Cavalry(CavTask::SquareOffer { .. }))
        ));
        t.apply(Action::Pass, &mut ev);
        assert_eq!(
            t.r.cavalry_prompt(
                &t.s,
                match t.s.tasks.last() {
                    Some(Task::Cavalry(c)) => c,
                    _ => panic!("the charge"),
                }
            )
            .0,
            "24.1 C"
        );
        t.apply(Action::Pass, &mut ev);
        // D, E, F, G, I with scripted dice.
        t.play_out(&[33, 33, 33, 33, 33, 33], &mut ev);
        let pos = |f: &dyn Fn(&Event) -> bool| ev.iter().position(f);
        let moved = ev
            .iter()
            .filter(|e| matches!(e, Event::ChargeMoved { .. }))
            .count();
        assert!(moved >= 2, "the run-in enters the route hex by hex");
        let def_fire =
            pos(&|e| matches!(e, Event::FireDeclared { target: x, .. } if *x == t.at(4)))
                .expect("the defender fires first (24.1 E)");
        let cav_attack =
            pos(&|e| matches!(e, Event::CavalryAttack { target: x, .. } if *x == target))
                .expect("then the cavalry attack");
        assert!(def_fire < cav_attack);
        let def_check = pos(&|e| matches!(e, Event::MoraleCheck { hex, .. } if *hex == target))
            .or_else(|| pos(&|e| matches!(e, Event::MoraleChanged { hex, rule, .. } if *hex == target && rule == "25.2c")));
        assert!(def_check.is_none_or(|p| p > cav_attack), "F follows E");
        if let Some(a) = pos(&|e| matches!(e, Event::MoraleCheck { hex, .. } if *hex == t.at(4))) {
            assert!(
                def_check.is_some_and(|d| d < a),
                "the defender checks before the attacker (24.1 F, G)"
            );
        }
        // I: blown, withdrawn 6-12 hexes, stopped.
        let st = &t.s.units[usize::from(cav)];
        assert!(st.has(flag::BLOWN) && st.has(flag::BLOWN_THIS_TURN) && st.has(flag::STOPPED));
        let w = ev
            .iter()
            .find_map(|e| match e {
                Event::CavalryWithdrew { from, to, .. } => Some((*from, *to)),
                _ => None,
            })
            .expect("a blown withdrawal");
        assert!((6..=12).contains(&w.0.distance(w.1)), "{w:?}");
        assert_eq!(st.hex(), Some(w.1));
    }

    /// 10.5d, 24.1g: the command radius binds the cavalry's ordinary steps (a step out of its
    /// division leader's 4 MPs is refused) but not the charge it announces: the charge may
    /// end beyond the radius.
    #[test]
    fn r10_5d_r24_1g_charge_is_exempt_from_command_radius() {
        let mut t = setup();
        let (cav, leader) = (0..t.r.units.len() as UnitId)
            .find_map(|u| {
                let i = &t.r.units[usize::from(u)];
                if i.side != ALLIED || i.kind != UnitKind::Cavalry || i.heavy {
                    return None;
                }
                let f =
                    t.r.formations
                        .iter()
                        .find(|f| f.side == ALLIED && f.code == i.division)?;
                Some((u, f.leader))
            })
            .expect("an Allied cavalry unit with a division leader");
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        let behind = t.c.neighbor(t.d.opposite()).neighbor(t.d.opposite());
        t.place(leader, behind, side_facing(t.d), Formation::None);
        t.place(cav, t.at(2), side_facing(t.d), Formation::Combat);
        let target = t.at(5);
        t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
        t.r.cavalry_phase_start(&mut t.s);
        let step =
            t.r.applied(
                &t.s,
                &Action::Step {
                    unit: cav,
                    to: t.at(3),
                },
            )
            .unwrap_err();
        assert_eq!(step.rule, "10.5a", "{step}");
        let path = alloc::vec![t.at(3), t.at(4), target];
        t.r.charge_check(&t.s, t.at(2), target, &path)
            .unwrap_or_else(|e| panic!("10.5d: the charge is exempt: {e:?}"));
        let mut v = Vec::new();
        t.r.legal_actions(&t.s, &mut v);
        assert!(v.contains(&Action::Charge {
            from: t.at(2),
            target,
            path
        }));
    }

    /// 10.3a: units on an Attack order that are charged by cavalry put their command on the
    /// list for the next stoppage check, as fire from two hexes does.
    #[test]
    fn r10_3a_a_charge_is_a_stoppage_contact() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        let corps =
            t.r.formations
                .iter()
                .position(|f| {
                    f.side == FRENCH
                        && f.kind == crate::nbs::orders::FormKind::Corps
                        && f.code == t.r.units[usize::from(inf)].corps
                })
                .expect("the infantry's corps") as u16;
        t.s.orders[FRENCH.index()]
            .preset(
                0,
                crate::nbs::command::Receiver::Corps(corps),
                crate::nbs::command::OrderKind::Attack,
                false,
                String::from("Attack."),
            )
            .unwrap();
        t.place(cav, t.at(2), side_facing(t.d), Formation::Combat);
        let target = t.at(5);
        t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
        t.r.cavalry_phase_start(&mut t.s);
        assert!(t.s.command.sides[FRENCH.index()].contact.is_empty());
        let mut ev = Vec::new();
        t.apply(
            Action::Charge {
                from: t.at(2),
                target,
                path: alloc::vec![t.at(3), t.at(4), target],
            },
            &mut ev,
        );
        assert_eq!(
            t.s.command.sides[FRENCH.index()].contact,
            alloc::vec![corps]
        );
    }

    #[test]
    fn r24_1_err18_no_charge_out_of_swamp() {
        let mut t = setup();
        let swamp = t.at(0);
        t.r.board.set_terrain(swamp, Terrain::Swamp);
        assert!(t.r.tables.no_charge_from(t.r.terrain_idx(Terrain::Swamp)));
        let n = swamp
            .neighbors()
            .into_iter()
            .find(|n| t.r.board.on_map(*n))
            .unwrap();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        let d = swamp.direction_to(n).unwrap();
        t.place(cav, swamp, side_facing(d), Formation::Combat);
        t.place(inf, n, side_facing(d.opposite()), Formation::Line);
        t.r.cavalry_phase_start(&mut t.s);
        let e =
            t.r.applied(
                &t.s,
                &Action::Charge {
                    from: swamp,
                    target: n,
                    path: alloc::vec![n],
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "24.1");
        assert!(
            e.reason.contains("swamp") && e.reason.contains("(2)"),
            "{}",
            e.reason
        );
        assert!(e.reason.contains(&t.r.label(swamp)), "{}", e.reason);
    }

    #[test]
    fn r24_1b_forms_and_err13_intervening_hexes() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
        // Two turns: not a permissible form.
        let bent = t.at(1).neighbor(t.d.rotate(1));
        let twice = bent.neighbor(t.d);
        t.place(inf, twice, side_facing(t.d.opposite()), Formation::Line);
        t.r.cavalry_phase_start(&mut t.s);
        let e =
            t.r.applied(
                &t.s,
                &Action::Charge {
                    from: t.at(0),
                    target: twice,
                    path: alloc::vec![t.at(1), bent, twice],
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "24.1b");
        // One 60-degree turn is a cross-grain form.
        assert!(form_ok(t.at(0), &[t.at(1), bent]));
        assert!(form_ok(
            t.at(0),
            &[t.at(1), t.at(2), t.at(2).neighbor(t.d.rotate(-1))]
        ));
        // A friendly skirmisher in between blocks the charge (ERR-13).
        t.s.units[usize::from(inf)].place = Place::At(t.at(3));
        if let Some(sk) = (0..t.r.units.len())
            .find(|&i| t.r.units[i].side == ALLIED && t.r.units[i].kind == UnitKind::Skirmisher)
        {
            t.place(sk as UnitId, t.at(2), side_facing(t.d), Formation::Skirmish);
            let e =
                t.r.applied(
                    &t.s,
                    &Action::Charge {
                        from: t.at(0),
                        target: t.at(3),
                        path: alloc::vec![t.at(1), t.at(2), t.at(3)],
                    },
                )
                .unwrap_err();
            assert_eq!(e.rule, "ERR-13");
        }
    }

    #[test]
    fn r15_2a_reaction_offered_on_leaving_a_zone_hex_not_on_facing() {
        let mut t = setup();
        let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
        let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
        t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(
            ainf,
            t.at(2),
            side_facing(t.d.opposite()),
            Formation::Column,
        );
        t.r.cavalry_phase_start(&mut t.s);
        let mut ev = Vec::new();
        // 15.2f: a facing change alone never triggers.
        t.apply(
            Action::Face {
                unit: ainf,
                facing: side_facing(t.d.opposite()).rotate(1).index(),
            },
            &mut ev,
        );
        assert!(t.s.tasks.is_empty());
        // Leaving the hex: offered, striking the hex being left.
        let away = t.at(3);
        t.apply(
            Action::Step {
                unit: ainf,
                to: away,
            },
            &mut ev,
        );
        match t.s.tasks.last() {
            Some(Task::Cavalry(CavTask::ReactionOffer { at, stacks, side })) => {
                assert_eq!(*at, t.at(2));
                assert_eq!(stacks, &alloc::vec![t.at(0)]);
                assert_eq!(*side, FRENCH);
            }
            other => panic!("no reaction window: {other:?}"),
        }
        assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
        assert_eq!(
            t.s.units[usize::from(ainf)].hex(),
            Some(t.at(2)),
            "the step waits"
        );
        ev.clear();
        t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
        );
        t.play_out(&[33, 33, 33, 33, 33, 33], &mut ev);
        assert!(
            !ev.iter().any(|e| matches!(e, Event::RecallAttempt { .. })),
            "15.2c: no recall"
        );
        assert!(
            t.s.units[usize::from(fcav)].has(flag::BLOWN),
            "15.2e: the reacting cavalry is blown"
        );
        assert!(
            !ev.iter().any(|e| matches!(e, Event::FollowOn { .. })),
            "ERR-16"
        );
    }

    fn the_charge(s: &State) -> Option<Charge> {
        s.tasks.iter().rev().find_map(|t| match t {
            Task::Cavalry(CavTask::Charge(c)) => Some(c.clone()),
            _ => None,
        })
    }

    #[test]
    fn r11_5e_skirmishers_may_evade_a_charge_and_the_charge_follows() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let sk = t.pick(FRENCH, UnitKind::Skirmisher, 0);
        t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(
            sk,
            t.at(2),
            side_facing(t.d.opposite()),
            Formation::Skirmish,
        );
        t.r.cavalry_phase_start(&mut t.s);
        let mut ev = Vec::new();
        t.apply(
            Action::Charge {
                from: t.at(0),
                target: t.at(2),
                path: alloc::vec![t.at(1), t.at(2)],
            },
            &mut ev,
        );
        match t.s.tasks.last() {
            Some(Task::SkirmisherEvade {
                from,
                target,
                charge: true,
            }) => {
                assert_eq!((*from, *target), (t.at(1), t.at(2)));
            }
            other => panic!("no evasion window before the charge: {other:?}"),
        }
        assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
        let mut out = Vec::new();
        t.r.legal_actions(&t.s, &mut out);
        assert!(out.contains(&Action::Pass));
        assert!(out.contains(&Action::RetreatTo { hex: t.at(3) }));
        // Not into the hex the cavalry would come in from.
        let e =
            t.r.applied(&t.s, &Action::RetreatTo { hex: t.at(1) })
                .unwrap_err();
        assert_eq!(e.rule, "11.5e");
        t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
        assert_eq!(t.s.units[usize::from(sk)].hex(), Some(t.at(3)));
        assert!(
            !t.s.units[usize::from(sk)].has(flag::STOPPED),
            "not its own Movement Phase"
        );
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::ChargeRetargeted { from, to } if *from == t.at(2) && *to == t.at(3)
        )));
        let ch = the_charge(&t.s).expect("the charge goes on");
        assert_eq!(ch.target, t.at(3));
        assert_eq!(ch.route, alloc::vec![t.at(1), t.at(2), t.at(3)]);
        t.play_out(&[], &mut ev);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::CavalryAttack { target, .. } if *target == t.at(3)
        )));
    }

    #[test]
    fn r11_5e_evasion_into_closed_terrain_lets_the_charger_pick_a_hex_next_to_it() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let sk = t.pick(FRENCH, UnitKind::Skirmisher, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(
            sk,
            t.at(2),
            side_facing(t.d.opposite()),
            Formation::Skirmish,
        );
        let side_hex = t.at(2).neighbor(t.d.rotate(2));
        t.place(inf, side_hex, side_facing(t.d.opposite()), Formation::Line);
        t.r.board.set_terrain(t.at(3), Terrain::Forest);
        t.r.cavalry_phase_start(&mut t.s);
        let mut ev = Vec::new();
        t.apply(
            Action::Charge {
                from: t.at(0),
                target: t.at(2),
                path: alloc::vec![t.at(1), t.at(2)],
            },
            &mut ev,
        );
        let before = t.s.clone();
        t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
        let ch = the_charge(&t.s).expect("the charge waits");
        assert_eq!(ch.step, ChStep::Retarget);
        let mut out = Vec::new();
        t.r.legal_actions(&t.s, &mut out);
        assert!(out.contains(&Action::Retarget { target: side_hex }));
        assert!(!out.contains(&Action::Retarget { target: t.at(3) }));
        assert_eq!(
            t.r.applied(&t.s, &Action::Retarget { target: t.at(3) })
                .unwrap_err()
                .rule,
            "11.5e"
        );
        // Passing ends the charge at step I: blown.
        let mut p = t.clone_setup();
        let mut pev = Vec::new();
        p.apply(Action::Pass, &mut pev);
        p.play_out(&[], &mut pev);
        assert!(p.s.units[usize::from(cav)].has(flag::BLOWN));
        assert!(!pev.iter().any(|e| matches!(e, Event::CavalryAttack { .. })));
        // Picking the infantry next to the old target.
        t.apply(Action::Retarget { target: side_hex }, &mut ev);
        let ch = the_charge(&t.s).expect("the charge goes on");
        assert_eq!(ch.target, side_hex);
        assert_eq!(ch.defenders, alloc::vec![inf]);
        t.play_out(&[], &mut ev);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::CavalryAttack { target, .. } if *target == side_hex
        )));
        // Standing instead: the charge strikes the skirmisher.
        t.s = before;
        let mut ev = Vec::new();
        t.apply(Action::Pass, &mut ev);
        t.play_out(&[], &mut ev);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::CavalryAttack { target, .. } if *target == t.at(2)
        )));
    }

    #[test]
    fn r15_2g_reaction_at_an_evading_skirmisher_returns_unblown_any_number_of_times() {
        let mut t = setup();
        let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
        let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
        let sk1 = t.pick(ALLIED, UnitKind::Skirmisher, 0);
        let sk2 = t.pick(ALLIED, UnitKind::Skirmisher, 1);
        t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(ainf, t.at(4), side_facing(t.d.opposite()), Formation::Line);
        t.place(
            sk1,
            t.at(2),
            side_facing(t.d.opposite()),
            Formation::Skirmish,
        );
        t.r.cavalry_phase_start(&mut t.s);
        let mut ev = Vec::new();
        for (k, sk) in [sk1, sk2].into_iter().enumerate() {
            if k == 1 {
                t.place(
                    sk,
                    t.at(2),
                    side_facing(t.d.opposite()),
                    Formation::Skirmish,
                );
            }
            let mut out = Vec::new();
            t.r.legal_actions(&t.s, &mut out);
            let step = out
                .iter()
                .find(|a| matches!(a, Action::Step { unit, .. } if *unit == sk))
                .cloned()
                .expect("the skirmisher may step");
            t.apply(step, &mut ev);
            assert!(matches!(
                t.s.tasks.last(),
                Some(Task::Cavalry(CavTask::ReactionOffer { .. }))
            ));
            t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
            assert!(matches!(
                t.s.tasks.last(),
                Some(Task::SkirmisherEvade { charge: true, .. })
            ));
            assert_eq!(
                t.r.actor(&t.s),
                Actor::Player(ALLIED),
                "the skirmisher's owner"
            );
            let mut out = Vec::new();
            t.r.legal_actions(&t.s, &mut out);
            let evade = out
                .iter()
                .find(|a| matches!(a, Action::RetreatTo { .. }))
                .cloned()
                .expect("a hex to retreat into");
            t.apply(evade, &mut ev);
            assert!(ev.iter().any(|e| matches!(
                e,
                Event::ChargeCalledOff { target, .. } if *target == t.at(2)
            ) && e.rule_number() == "15.2g"));
            let c = &t.s.units[usize::from(fcav)];
            assert_eq!(c.hex(), Some(t.at(0)), "back in its hex");
            assert!(!c.has(flag::BLOWN) && !c.has(flag::STOPPED), "not blown");
            assert!(t.s.tasks.is_empty(), "{:?}", t.s.tasks);
            let s = &t.s.units[usize::from(sk)];
            assert_ne!(s.hex(), Some(t.at(2)));
            assert!(s.has(flag::STOPPED), "11.5e: the retreat ends its move");
            ev.clear();
        }
    }

    #[test]
    fn err17_reaction_charges_ride_through_enemy_skirmishers() {
        let mut t = setup();
        let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
        let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
        let sk = t.pick(ALLIED, UnitKind::Skirmisher, 0);
        t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(
            ainf,
            t.at(2),
            side_facing(t.d.opposite()),
            Formation::Column,
        );
        t.place(
            sk,
            t.at(1),
            side_facing(t.d.opposite()),
            Formation::Skirmish,
        );
        t.r.cavalry_phase_start(&mut t.s);
        // A regular charge may not (24.1d): in the French player turn.
        let mut own = t.s.clone();
        own.player_turn = 1;
        t.r.cavalry_phase_start(&mut own);
        let e =
            t.r.applied(
                &own,
                &Action::Charge {
                    from: t.at(0),
                    target: t.at(2),
                    path: alloc::vec![t.at(1), t.at(2)],
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "24.1d");
        let mut ev = Vec::new();
        t.apply(
            Action::Step {
                unit: ainf,
                to: t.at(3),
            },
            &mut ev,
        );
        // The reaction is offered through the skirmisher's hex.
        t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
        while matches!(
            t.s.tasks.last(),
            Some(Task::Cavalry(CavTask::SquareOffer { .. }))
        ) {
            t.apply(Action::Pass, &mut ev);
        }
        match t.s.tasks.last() {
            Some(Task::SkirmisherEvade {
                from,
                target,
                charge: true,
            }) => assert_eq!((*from, *target), (t.at(0), t.at(1))),
            other => panic!("no evasion window for the skirmisher in the way: {other:?}"),
        }
        assert_eq!(t.r.actor(&t.s), Actor::Player(ALLIED));
        let window = t.clone_setup();
        // Standing: overrun, one step, and the cavalry rides through to its real target.
        t.apply(Action::Pass, &mut ev);
        t.play_out(&[], &mut ev);
        assert_eq!(t.s.units[usize::from(sk)].hex(), Some(t.at(1)));
        assert_eq!(t.s.units[usize::from(sk)].casualties, 1, "reduced");
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Part {
                what: crate::nbs::event::PartChange::Overrun,
                unit,
                ..
            } if *unit == sk
        ) && e.rule_number() == "ERR-17"));
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::CavalryAttack { target, .. } if *target == t.at(2)
        )));
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::ChargeMoved { to, .. } if *to == t.at(1))),
            "never stops in the skirmisher's hex"
        );
        // Already reduced: destroyed, and the cavalry rides through the emptied hex.
        let mut r = window.clone_setup();
        r.s.units[usize::from(sk)].casualties = 1;
        let mut ev = Vec::new();
        r.apply(Action::Pass, &mut ev);
        r.play_out(&[], &mut ev);
        assert_eq!(r.s.units[usize::from(sk)].place, Place::Off, "destroyed");
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ChargeMoved { to, .. } if *to == t.at(1)))
        );
        // Running away instead: no loss.
        let mut w = window.clone_setup();
        let mut out = Vec::new();
        w.r.legal_actions(&w.s, &mut out);
        assert!(!out.contains(&Action::RetreatTo { hex: t.at(0) }));
        let evade = out
            .iter()
            .find(|a| matches!(a, Action::RetreatTo { .. }))
            .cloned()
            .expect("a hex to retreat into");
        let mut ev = Vec::new();
        w.apply(evade, &mut ev);
        assert!(
            the_charge(&w.s).is_some_and(|c| c.target == t.at(2)),
            "the charge keeps its target"
        );
        w.play_out(&[], &mut ev);
        assert_eq!(w.s.units[usize::from(sk)].casualties, 0);
        assert_ne!(w.s.units[usize::from(sk)].hex(), Some(t.at(1)));
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::CavalryAttack { target, .. } if *target == t.at(2)
        )));
    }

    #[test]
    fn r15_2a_retreating_units_open_the_reaction_window() {
        let mut t = setup();
        let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
        let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
        t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(
            ainf,
            t.at(2),
            side_facing(t.d.opposite()),
            Formation::Column,
        );
        t.r.cavalry_phase_start(&mut t.s);
        let retreat = Task::Retreat(crate::nbs::state::Retreat {
            units: alloc::vec![ainf],
            at: t.at(2),
            left: 2,
            path: Vec::new(),
            from: t.at(1),
            rout: false,
            in_combat: false,
        });
        t.s.tasks.push(retreat.clone());
        // Outside the Movement Phase there is no window (15.2a, 24.1): the step is made.
        let mut fire = t.clone_setup();
        fire.s.phase = Phase::DefensiveFire;
        let mut ev = Vec::new();
        fire.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
        assert_eq!(fire.s.units[usize::from(ainf)].hex(), Some(t.at(3)));
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
        // In the Allied Movement Phase: the step waits under the window for the hex left.
        let mut ev = Vec::new();
        t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
        match t.s.tasks.last() {
            Some(Task::Cavalry(CavTask::ReactionOffer { at, stacks, side })) => {
                assert_eq!(*at, t.at(2));
                assert_eq!(stacks, &alloc::vec![t.at(0)]);
                assert_eq!(*side, FRENCH);
            }
            other => panic!("no reaction window for the retreat: {other:?}"),
        }
        assert_eq!(t.s.units[usize::from(ainf)].hex(), Some(t.at(2)), "waits");
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::OpportunityOffered { .. }))
        );
        // The reaction strikes the hex being left.
        let mut react = t.clone_setup();
        react.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
        let ch = the_charge(&react.s).expect("a reaction charge");
        assert!(ch.reaction);
        assert_eq!(ch.target, t.at(2));
        // Passing: the retreat goes on, with no second window for the same hex, and a new
        // one for the next hex of the zone left (moving within it).
        t.apply(Action::Pass, &mut ev);
        assert_eq!(t.s.tasks.last(), Some(&retreat));
        t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
        assert_eq!(t.s.units[usize::from(ainf)].hex(), Some(t.at(3)));
        t.apply(Action::RetreatTo { hex: t.at(4) }, &mut ev);
        assert!(matches!(
            t.s.tasks.last(),
            Some(Task::Cavalry(CavTask::ReactionOffer { at, .. })) if *at == t.at(3)
        ));
        // A retreat inside a charge's resolution opens no window (decision): the step is made.
        let mut inside = react.clone_setup();
        inside.s.tasks.push(retreat);
        let mut ev = Vec::new();
        inside.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
        assert_eq!(inside.s.units[usize::from(ainf)].hex(), Some(t.at(3)));
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
    }

    #[test]
    fn r15_2a_no_reaction_from_beyond_three_hexes() {
        let mut t = setup();
        let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
        let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
        t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(
            ainf,
            t.at(4),
            side_facing(t.d.opposite()),
            Formation::Column,
        );
        let mut ev = Vec::new();
        t.apply(
            Action::Step {
                unit: ainf,
                to: t.at(5),
            },
            &mut ev,
        );
        assert!(t.s.tasks.is_empty());
        assert_eq!(t.s.units[usize::from(ainf)].hex(), Some(t.at(5)));
    }

    #[test]
    fn r24_1c_recall() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(inf, t.at(2), side_facing(t.d.opposite()), Formation::Line);
        t.r.cavalry_phase_start(&mut t.s);
        let mut ev = Vec::new();
        t.apply(
            Action::Charge {
                from: t.at(0),
                target: t.at(2),
                path: alloc::vec![t.at(1), t.at(2)],
            },
            &mut ev,
        );
        t.apply(Action::Pass, &mut ev); // no square
        t.apply(Action::Recall, &mut ev);
        assert_eq!(t.r.actor(&t.s), Actor::Chance(Chance::Dice(DiceSpec::D6)));
        t.apply(d6(6), &mut ev);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::RecallAttempt { recalled: true, .. }))
        );
        assert!(
            t.s.units[usize::from(cav)].has(flag::BLOWN),
            "24.2: a recalled charge blows the cavalry"
        );
        assert!(matches!(
            t.s.tasks.last(),
            Some(Task::Cavalry(CavTask::BlownWithdraw { .. }))
        ));
        t.play_out(&[], &mut ev);
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::CavalryAttack { .. } | Event::ChargeMoved { .. }))
        );
    }

    #[test]
    fn r24_1h_err15_follow_on_limit_of_three() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(inf, t.at(2), side_facing(t.d.opposite()), Formation::Line);
        let mut ch = Charge {
            units: alloc::vec![cav],
            side: ALLIED,
            origin: t.at(0),
            at: t.at(0),
            route: Vec::new(),
            target: t.at(1),
            defenders: Vec::new(),
            reaction: false,
            versus_cavalry: false,
            follow_ons: 2,
            reacted: false,
            offered: Vec::new(),
            flank: false,
            def_blown: Vec::new(),
            evade_offered: true,
            overrun: Vec::new(),
            step: ChStep::FollowOn,
        };
        assert_eq!(t.r.follow_on_targets(&t.s, &ch), alloc::vec![t.at(2)]);
        ch.follow_ons = 3;
        assert!(
            t.r.follow_on_targets(&t.s, &ch).is_empty(),
            "ERR-15: at most 3"
        );
        ch.follow_ons = 0;
        ch.versus_cavalry = true;
        assert!(
            t.r.follow_on_targets(&t.s, &ch).is_empty(),
            "ERR-16: not after a cavalry target"
        );
        ch.versus_cavalry = false;
        ch.reaction = true;
        assert!(
            t.r.follow_on_targets(&t.s, &ch).is_empty(),
            "ERR-16: not in a reaction charge"
        );
    }

    #[test]
    fn r24_2a_blown_withdrawal_six_to_twelve() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        t.place(cav, t.c, side_facing(t.d), Formation::Combat);
        t.place(inf, t.at(1), side_facing(t.d.opposite()), Formation::Line);
        let dest = t.r.blown_destinations(&t.s, &[cav], t.c);
        assert!(!dest.is_empty());
        assert!(dest.iter().all(|h| (6..=12).contains(&h.distance(t.c))));
        t.s.units[usize::from(cav)].flags |= flag::BLOWN;
        t.s.tasks.push(Task::Cavalry(CavTask::BlownWithdraw {
            units: alloc::vec![cav],
            at: t.c,
        }));
        let near = t.c.neighbor(t.d.opposite());
        let e =
            t.r.applied(
                &t.s,
                &Action::Withdraw {
                    unit: cav,
                    to: near,
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "24.2a");
        let mut ev = Vec::new();
        t.apply(
            Action::Withdraw {
                unit: cav,
                to: dest[0],
            },
            &mut ev,
        );
        assert_eq!(t.s.units[usize::from(cav)].hex(), Some(dest[0]));
        // 13.1a: the withdrawal ends the charge; the cavalry may re-face free.
        assert_eq!(t.s.tasks, [Task::Reface { hex: dest[0] }]);
    }

    #[test]
    fn r8_2_cavalry_withdrawal_segment() {
        let mut t = setup();
        let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
        let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
        t.place(fcav, t.c, side_facing(t.d), Formation::Combat);
        t.place(ainf, t.at(1), side_facing(t.d.opposite()), Formation::Line);
        t.s.phase = Phase::Withdrawal;
        assert!(t.r.any_withdrawal(&t.s));
        assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
        let mut v = Vec::new();
        t.r.legal_actions(&t.s, &mut v);
        let to = v
            .iter()
            .find_map(|a| match a {
                Action::Withdraw { unit, to } if *unit == fcav => Some(*to),
                _ => None,
            })
            .expect("a withdrawal");
        assert!(to.distance(t.at(1)) > 1);
        let mut ev = Vec::new();
        t.apply(Action::Withdraw { unit: fcav, to }, &mut ev);
        let st = &t.s.units[usize::from(fcav)];
        assert_eq!(st.hex(), Some(to));
        assert!(!st.has(flag::BLOWN), "24.2b: no blown status");
    }

    #[test]
    fn err9_cavalry_evades_infantry_close_combat() {
        let mut t = setup();
        // The close combat itself, not the order that allows it (10.1a), is under test.
        t.r.strict_orders = false;
        let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
        let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
        t.place(ainf, t.c, side_facing(t.d), Formation::Column);
        t.place(
            fcav,
            t.at(1),
            side_facing(t.d.opposite()),
            Formation::Combat,
        );
        let mut ev = Vec::new();
        t.apply(
            Action::Assault {
                from: t.c,
                target: t.at(1),
            },
            &mut ev,
        );
        assert!(matches!(
            t.s.tasks.last(),
            Some(Task::Cavalry(CavTask::Evade { .. }))
        ));
        assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
        t.apply(Action::Evade, &mut ev);
        assert!(t.s.units[usize::from(fcav)].has(flag::BLOWN));
        t.play_out(&[], &mut ev);
        let h = t.s.units[usize::from(fcav)].hex().unwrap();
        assert!((6..=12).contains(&h.distance(t.at(1))));
        assert_eq!(
            t.s.units[usize::from(ainf)].hex(),
            Some(t.at(1)),
            "the infantry takes the hex"
        );
    }

    #[test]
    fn r11_6b_square_check_when_cavalry_comes_within_three() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(inf, t.at(4), side_facing(t.d.opposite()), Formation::Line);
        t.r.cavalry_phase_start(&mut t.s);
        let mut ev = Vec::new();
        t.apply(
            Action::Step {
                unit: cav,
                to: t.at(1),
            },
            &mut ev,
        );
        assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
        t.apply(Action::AttemptSquare { hex: t.at(4) }, &mut ev);
        t.apply(d66(11), &mut ev);
        assert!(ev.iter().any(|e| matches!(e, Event::SquareCheck { .. })));
        // Moving on within 3 does not offer it again.
        t.play_out(&[], &mut ev);
        let n = ev.len();
        let inf_state = t.s.units[usize::from(inf)].formation;
        if inf_state == Formation::Square || t.s.units[usize::from(inf)].hex() == Some(t.at(4)) {
            t.apply(
                Action::Step {
                    unit: cav,
                    to: t.at(1).neighbor(t.d.rotate(1)),
                },
                &mut ev,
            );
            assert!(
                !ev[n..]
                    .iter()
                    .any(|e| matches!(e, Event::SquareOffered { .. }))
            );
        }
    }

    /// Plays on with scripted D66 rolls (then 33), D6 3, and Pass (or the first choice) for
    /// decisions, until `stop` holds or nothing is pending; whether `stop` was reached.
    fn play_until(t: &mut Setup, ev: &mut Vec<Event>, stop: &dyn Fn(&State) -> bool) -> bool {
        for _ in 0..400 {
            if stop(&t.s) {
                return true;
            }
            if t.s.tasks.is_empty() {
                return false;
            }
            let a = match t.r.actor(&t.s) {
                Actor::Chance(Chance::Dice(DiceSpec::D66)) => d66(33),
                Actor::Chance(Chance::Dice(DiceSpec::D6)) => d6(3),
                Actor::Chance(_) => Action::Pick(0),
                Actor::Player(_) => {
                    let mut v = Vec::new();
                    t.r.legal_actions(&t.s, &mut v);
                    v.iter()
                        .find(|a| matches!(a, Action::Pass))
                        .cloned()
                        .unwrap_or_else(|| v[0].clone())
                }
                Actor::Terminal(_) => return false,
            };
            t.apply(a, ev);
        }
        panic!("the tasks did not end: {:?}", t.s.tasks);
    }

    /// A French cavalry regiment in `at(0)` facing `facing`, and an Allied column in `at(k)`
    /// about to step on to `at(k + 1)`: the step opens the reaction window for `at(k)`.
    fn reaction_window(facing: Facing, k: u8) -> (Setup, UnitId, UnitId) {
        let mut t = setup();
        let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
        let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
        t.place(fcav, t.at(0), facing, Formation::Combat);
        t.place(
            ainf,
            t.at(k),
            side_facing(t.d.opposite()),
            Formation::Column,
        );
        t.r.cavalry_phase_start(&mut t.s);
        (t, fcav, ainf)
    }

    /// 15.2b: a stack reaction charging outside its frontal arc first passes a morale check
    /// (Normal or better, on the top reacting unit's rating); a failure calls the reaction off
    /// without applying the result, and the move it interrupted goes on. In the frontal arc
    /// there is no check.
    #[test]
    fn r15_2b_reaction_outside_the_front_checks_morale_first() {
        let mut ev = Vec::new();
        // In the front: the charge is declared at once.
        let (mut t, _, ainf) = reaction_window(side_facing(Direction::ALL[0]), 2);
        assert_eq!(t.d, Direction::ALL[0]);
        t.apply(
            Action::Step {
                unit: ainf,
                to: t.at(3),
            },
            &mut ev,
        );
        t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
        );
        // Facing away: the check comes first.
        let (mut t, fcav, ainf) = reaction_window(side_facing(Direction::ALL[0].opposite()), 2);
        t.apply(
            Action::Step {
                unit: ainf,
                to: t.at(3),
            },
            &mut ev,
        );
        ev.clear();
        t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
        assert!(matches!(
            t.s.tasks.last(),
            Some(Task::Cavalry(CavTask::ReactionRoll { from, at }))
                if *from == t.at(0) && *at == t.at(2)
        ));
        assert_eq!(t.r.actor(&t.s), Actor::Chance(Chance::Dice(DiceSpec::D66)));
        assert!(!ev.iter().any(|e| matches!(e, Event::ChargeDeclared { .. })));
        // The rolls that pass and fail, read off the Morale Table as the engine does.
        let c = t.r.morale_check(
            &t.s,
            t.at(0),
            CheckKind::Standard,
            false,
            t.at(2),
            Role::None,
            "15.2b",
        );
        let row =
            t.r.tables
                .morale_row_shifted(t.r.morale_rating(fcav), c.shift);
        let rolls: Vec<(u32, bool)> = (11..=66u8)
            .filter_map(Seq66::from_value)
            .map(|q| {
                (
                    u32::from(q.value()),
                    Nbs::passed(t.r.tables.morale_result(row, q).state),
                )
            })
            .collect();
        let pass = rolls.iter().find(|x| x.1).expect("a passing roll").0;
        let fail = rolls.iter().find(|x| !x.1).expect("a failing roll").0;
        let mut ok = t.clone_setup();
        ok.apply(d66(pass), &mut ev);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
        );
        ev.clear();
        t.apply(d66(fail), &mut ev);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ReactionFailed { from } if *from == t.at(0)))
        );
        assert!(!ev.iter().any(|e| matches!(e, Event::ChargeDeclared { .. })));
        let st = &t.s.units[usize::from(fcav)];
        assert_eq!(st.morale, MoraleState::Normal, "the result is not applied");
        assert_eq!(st.hex(), Some(t.at(0)));
        assert!(!st.has(flag::BLOWN));
        assert_eq!(
            t.s.units[usize::from(ainf)].hex(),
            Some(t.at(3)),
            "the interrupted step goes on"
        );
        assert!(t.s.tasks.is_empty(), "{:?}", t.s.tasks);
    }

    /// 15.2d: opportunity fire may strike a reaction charge: the run-in leaving a hex of a
    /// battery's Close Fire Zone opens the battery owner's window.
    #[test]
    fn r15_2d_opportunity_fire_against_a_reaction_charge() {
        let (mut base, fcav, ainf) = reaction_window(side_facing(Direction::ALL[0]), 3);
        // A battery on the moving (Allied) side: the scenario's first French one, lent.
        let gun = base.pick(FRENCH, UnitKind::Artillery, 0);
        base.r.units[usize::from(gun)].side = ALLIED;
        let route = [base.at(0), base.at(1), base.at(2)];
        let spot = base
            .r
            .board
            .hexes()
            .filter(|h| {
                (2..=3).contains(&h.distance(base.at(1)))
                    && (0..=4).all(|k| *h != base.at(k))
                    && base.r.stack(&base.s, *h).is_empty()
            })
            .flat_map(|h| (0..12u8).map(move |f| (h, Facing::new(f).unwrap())))
            .find(|&(h, f)| {
                let mut s = base.s.clone();
                s.units[usize::from(gun)].place = Place::At(h);
                s.units[usize::from(gun)].facing = f;
                s.units[usize::from(gun)].formation = Formation::Unlimbered;
                !base
                    .r
                    .opportunity_batteries(&s, fcav, route[1], Some(route[2]))
                    .is_empty()
                    && base
                        .r
                        .opportunity_batteries(&s, fcav, route[0], Some(route[1]))
                        .is_empty()
            })
            .expect("a battery covering the run-in");
        let window = |s: &State| {
            s.tasks
                .iter()
                .any(|t| matches!(t, Task::OpportunityWindow { .. }))
        };
        let start = |t: &mut Setup, ev: &mut Vec<Event>| {
            t.apply(
                Action::Step {
                    unit: ainf,
                    to: t.at(4),
                },
                ev,
            );
            t.apply(Action::ReactionCharge { from: t.at(0) }, ev);
            assert!(
                ev.iter()
                    .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
            );
        };
        // Without the battery the reaction runs in with no window.
        let mut t = base.clone_setup();
        let mut ev = Vec::new();
        start(&mut t, &mut ev);
        assert!(!play_until(&mut t, &mut ev, &window));
        // With it: the window opens for the Allied player as the cavalry leaves at(1).
        let mut t = base.clone_setup();
        t.place(gun, spot.0, spot.1, Formation::Unlimbered);
        let mut ev = Vec::new();
        start(&mut t, &mut ev);
        assert!(play_until(&mut t, &mut ev, &window));
        match t.s.tasks.last() {
            Some(Task::OpportunityWindow {
                movers,
                batteries,
                at,
            }) => {
                assert_eq!(*at, t.at(1));
                assert_eq!(movers, &alloc::vec![fcav]);
                assert_eq!(batteries, &alloc::vec![gun]);
            }
            other => panic!("not the window: {other:?}"),
        }
        assert!(matches!(the_charge(&t.s), Some(c) if c.reaction));
        assert_eq!(t.r.actor(&t.s), Actor::Player(ALLIED));
        ev.clear();
        t.apply(Action::OpportunityFire, &mut ev);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::FireDeclared { target, .. } if *target == t.at(1)
        )));
    }

    /// 11.5h D: at contact the skirmishers at the top of the charged stack go to the bottom,
    /// so that the cavalry strikes the line under them.
    #[test]
    fn r11_5h_d_skirmishers_drop_to_the_bottom_when_a_charge_strikes() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        let sk = t.pick(FRENCH, UnitKind::Skirmisher, 0);
        let target = t.at(3);
        t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
        t.place(sk, target, side_facing(t.d.opposite()), Formation::Skirmish);
        t.s.units[usize::from(sk)].flags |= flag::SKIRMISHER_TOP;
        t.r.cavalry_phase_start(&mut t.s);
        assert_eq!(t.r.combat_stack(&t.s, target)[0], sk);
        let mut ev = Vec::new();
        t.apply(
            Action::Charge {
                from: t.at(0),
                target,
                path: alloc::vec![t.at(1), t.at(2), target],
            },
            &mut ev,
        );
        let contact = |s: &State| {
            the_charge(s)
                .is_some_and(|c| matches!(c.step, ChStep::DefenderAttack | ChStep::AttackerAttack))
        };
        assert!(play_until(&mut t, &mut ev, &contact));
        assert!(!t.s.units[usize::from(sk)].has(flag::SKIRMISHER_TOP));
        assert_eq!(t.r.combat_stack(&t.s, target)[0], inf, "the line is on top");
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Part { what: super::super::event::PartChange::ToBottom, unit, .. } if *unit == sk
        )));
    }

    /// 13.1a: at the end of a charge the charging cavalry re-faces free where its withdrawal
    /// ends, and the defenders that stood re-face free in their hex.
    #[test]
    fn r13_1a_charging_cavalry_refaces_free() {
        let mut t = setup();
        let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
        let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
        let target = t.at(3);
        t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
        t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
        t.r.cavalry_phase_start(&mut t.s);
        let mut ev = Vec::new();
        t.apply(
            Action::Charge {
                from: t.at(0),
                target,
                path: alloc::vec![t.at(1), t.at(2), target],
            },
            &mut ev,
        );
        let withdrawn = |s: &State| {
            matches!(s.tasks.last(), Some(Task::Reface { .. }))
                && s.units[usize::from(cav)].has(flag::BLOWN)
                && !s
                    .tasks
                    .iter()
                    .any(|x| matches!(x, Task::Cavalry(CavTask::BlownWithdraw { .. })))
        };
        assert!(play_until(&mut t, &mut ev, &withdrawn));
        let h = t.s.units[usize::from(cav)].hex().expect("on the map");
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::CavalryWithdrew { to, .. } if *to == h
        )));
        assert_eq!(t.s.tasks.last(), Some(&Task::Reface { hex: h }));
        assert_eq!(t.r.actor(&t.s), Actor::Player(ALLIED));
        let now = t.s.units[usize::from(cav)].facing;
        let spent = t.s.units[usize::from(cav)].spent;
        let about = now.opposite();
        ev.clear();
        t.apply(
            Action::Face {
                unit: cav,
                facing: about.index(),
            },
            &mut ev,
        );
        assert_eq!(t.s.units[usize::from(cav)].facing, about);
        assert_eq!(t.s.units[usize::from(cav)].spent, spent, "free");
        assert!(ev.iter().any(|e| matches!(e, Event::Faced { cost: 0, .. })));
        // The defender re-faces too: in its hex if it stood, else after its retreat.
        let d = t.s.units[usize::from(inf)]
            .hex()
            .expect("the defender stands");
        assert!(
            t.s.tasks.contains(&Task::Reface { hex: d })
                || ev.iter().any(|e| matches!(e, Event::Retreated { .. })),
            "{:?}",
            t.s.tasks
        );
    }
}
