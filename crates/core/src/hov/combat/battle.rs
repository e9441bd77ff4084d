//! III.b Battle Resolution (¶51, ¶144–¶206) as a state machine: the phasing player designates
//! attacks until every force in contact has fought (¶145–¶153); each battle runs the steps of
//! ¶146 — secret chits as two sequential commitments, the phasing player's first (engine
//! contract 1.4.5), bombardment and combat dice as chance nodes, the loser's retreat, the
//! winner's pursuit, morale — and, after a Pitched loss, the counterattack and the rounds that
//! follow (¶196–¶204).

use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{Battle, BattleStep, LeaderPlace, State};
use super::super::types::{Chit, FRENCH, announced};
use super::losses::critical;
use super::multihex::joiner_sets;
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, Chance, Illegal, Side};
use crate::hex::Hex;

/// Napoleon's counter id (¶194 2).
pub const NAPOLEON: &str = "F-napoleon";

fn d6() -> impl Iterator<Item = Action> {
    (1..=6).map(|value| {
        Action::Roll(Roll {
            spec: DiceSpec::D6,
            value,
        })
    })
}

impl Hov {
    /// Who acts in the Battle Resolution segment.
    pub(crate) fn battle_actor(&self, s: &State) -> Actor {
        let Some(b) = &s.battle else {
            // §72–§77: a vedette combat under way.
            if let Some(a) = self.skirmish_actor(s) {
                return a;
            }
            if self.mask_pending(s) {
                return Actor::Chance(Chance::Dice(DiceSpec::D6));
            }
            return Actor::Player(s.phasing);
        };
        if b.napoleon {
            return Actor::Player(super::super::types::COALITION);
        }
        if !b.captures.is_empty() {
            return Actor::Chance(Chance::Dice(DiceSpec::D6));
        }
        match b.step {
            BattleStep::Chits => Actor::Player(if b.chits[s.phasing.index()].is_none() {
                s.phasing
            } else {
                s.phasing.other()
            }),
            BattleStep::Bombard
            | BattleStep::Resolve
            | BattleStep::PursuitRoll
            | BattleStep::Dynamics
            | BattleStep::Morale => Actor::Chance(Chance::Dice(DiceSpec::D6)),
            BattleStep::Reattack => Actor::Player(s.phasing),
            BattleStep::Stake => Actor::Player(FRENCH),
            BattleStep::Bonus => Actor::Player(b.attacker),
            BattleStep::Override | BattleStep::Counterattack => Actor::Player(s.phasing.other()),
            BattleStep::Retreat => Actor::Player(b.fight.map_or(s.phasing, |f| f.loser)),
            BattleStep::Pursuit | BattleStep::PursuitStop => {
                Actor::Player(b.fight.map_or(s.phasing, |f| f.loser.other()))
            }
        }
    }

    /// Every legal action in the Battle Resolution segment, in a stable order.
    pub(crate) fn battle_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(b) = &s.battle else {
            // §72–§77: a vedette combat under way.
            if s.skirmish.is_some() {
                self.skirmish_actions(s, out);
                return;
            }
            if self.mask_pending(s) {
                out.extend(d6());
                return;
            }
            for (leader, parts, hexes) in self.attack_options(s) {
                out.push(Action::Attack {
                    leader,
                    parts,
                    hexes,
                });
            }
            // §36 1, §43 2: a garrison may attack on its own.
            for (garrison, hex) in self.garrison_attack_options(s) {
                out.push(Action::GarrisonAttack { garrison, hex });
            }
            // §72–§73: vedette combats.
            self.vedette_attack_actions(s, out);
            // §44: masking attempts, at any time no battle is under way.
            self.mask_actions(s, out);
            // ¶145, ¶150: the segment ends when every force in contact has been attacked;
            // ¶204: `Done` first takes up a set-aside battle whose neighbours have fought.
            if self.resumable(s).is_some()
                || (s.suspended.is_empty()
                    && self.pending_targets(s).is_empty()
                    && !self.vedette_combat_owed(s))
            {
                out.push(Action::Done);
            }
            return;
        };
        if b.napoleon {
            out.push(Action::NapoleonCaptured { end_game: false });
            out.push(Action::NapoleonCaptured { end_game: true });
            return;
        }
        if !b.captures.is_empty() {
            out.extend(d6());
            return;
        }
        match b.step {
            BattleStep::Chits => {
                let side = match self.battle_actor(s) {
                    Actor::Player(p) => p,
                    _ => s.phasing,
                };
                if self.may_choose_pitched(s, b, side) {
                    out.push(Action::Chit(Chit::Pitched));
                }
                out.push(Action::Chit(Chit::Pursuit));
            }
            BattleStep::Bombard
            | BattleStep::Resolve
            | BattleStep::PursuitRoll
            | BattleStep::Dynamics
            | BattleStep::Morale => out.extend(d6()),
            BattleStep::Reattack => {
                // ¶147: the re-formed forces open to the re-attack, else the first attackers.
                let designs = self.reattack_designs(s);
                if designs.is_empty() {
                    if let Some((a, d)) = self.reattack(s) {
                        out.push(Action::Attack {
                            leader: a.first().copied().unwrap_or_default(),
                            parts: a.get(1..).map(<[u16]>::to_vec).unwrap_or_default(),
                            hexes: d,
                        });
                    }
                }
                out.extend(
                    designs
                        .into_iter()
                        .map(|(leader, parts, hexes)| Action::Attack {
                            leader,
                            parts,
                            hexes,
                        }),
                );
                // §188 1, ¶199 3: only a side in control may decline.
                if b.free || out.is_empty() {
                    out.push(Action::Done);
                }
            }
            BattleStep::Stake => {
                out.push(Action::Stake(false));
                out.push(Action::Stake(true));
            }
            BattleStep::Bonus => {
                let n = self.attack_bonus(s, b);
                out.extend([Action::Bonus(-n), Action::Bonus(0), Action::Bonus(n)]);
            }
            BattleStep::Override => {
                out.push(Action::Override(false));
                out.push(Action::Override(true));
            }
            BattleStep::Retreat => {
                // ¶178: first, which unengaged forces join the beaten attacker's retreat.
                let joiners = self.retreat_joiners(s, b);
                if !joiners.is_empty() {
                    for leaders in joiner_sets(&joiners) {
                        out.push(Action::JoinRetreat { leaders });
                    }
                    return;
                }
                if let Some((gi, side)) = self.retreating(b) {
                    out.extend(
                        self.retreat_options(s, side, &b.retreats[gi])
                            .into_iter()
                            .map(|hex| Action::RetreatTo { hex }),
                    );
                    if self.may_stop(s, side, &b.retreats[gi]) {
                        out.push(Action::Done);
                    }
                }
            }
            BattleStep::Pursuit => {
                out.extend(
                    self.pursuers(s, b)
                        .into_iter()
                        .map(|leader| Action::Pursue { leader }),
                );
                out.push(Action::Done);
            }
            BattleStep::PursuitStop => {
                let stops = self.pursuit_stops(s, b);
                let none = stops.is_empty();
                out.extend(stops.into_iter().map(|hex| Action::PursueTo { hex }));
                // ¶179 2, ¶132 3: drop-offs on the path and a repulse of a hex in the way.
                out.extend(
                    self.pursuit_drops(s, b)
                        .into_iter()
                        .map(|(leader, hex)| Action::PursuitDrop { leader, hex }),
                );
                if let Some(target) = self.pursuit_repulse_target(s, b) {
                    out.push(Action::Repulse { target });
                }
                if none {
                    out.push(Action::Done);
                }
            }
            BattleStep::Counterattack => {
                let (options, optional) = self.counter_options(s, b);
                out.extend(
                    options
                        .into_iter()
                        .map(|(leader, parts, hexes)| Action::Attack {
                            leader,
                            parts,
                            hexes,
                        }),
                );
                // ¶201: a Multi-Hex counterattacker may split its counterattack.
                out.extend(
                    self.split_counters(s, b)
                        .into_iter()
                        .map(|(leaders, hexes)| Action::SplitCounter { leaders, hexes }),
                );
                if optional || b.free {
                    out.push(Action::Done);
                }
            }
        }
    }

    /// ¶132 2: whether this is the first round of the attack a Force owes after failing to
    /// repulse one of the defending hexes in this Movement Phase (movement/repulse.rs records
    /// the failure): Pursuit only for the attacker, two CRT columns to the left.
    pub fn after_failed_repulse(&self, s: &State, b: &Battle) -> bool {
        b.round == 1
            && s.failed_repulses.iter().any(|f| {
                b.first_attackers.contains(&f.leader) && b.first_defenders.contains(&f.target)
            })
    }

    /// ¶155, ¶156, ¶203: whether `side` may choose the Pitched chit this round.
    pub fn may_choose_pitched(&self, s: &State, b: &Battle, side: Side) -> bool {
        // ¶132 2: the first round of the attack owed after a failed repulse is a Pursuit.
        if side == s.phasing && self.after_failed_repulse(s, b) {
            return false;
        }
        if side == s.phasing {
            // ¶155 1: never across a bridged primary river (from any hex of the force).
            let across = self.attacking_hexes(s, b).into_iter().any(|a| {
                b.first_defenders.iter().any(|&h| {
                    a.direction_to(h).is_some_and(|d| {
                        self.board.side(a, d).water == super::super::board::Water::Primary
                    })
                })
            });
            if across {
                return false;
            }
        } else if b.first_defenders.iter().any(|&h| self.town_hex(h)) {
            // ¶156 1: defenders in a Town or City may always choose Pitched.
            return true;
        }
        // ¶155 2, ¶203: once for an Initiative of 2 or less, twice above; the best Initiative
        // among several defending forces (¶155 4), a garrison's being 1 (§36).
        let best = if side == s.phasing {
            b.first_attackers
                .iter()
                .map(|&l| self.initiative_of(s, l))
                .max()
                .unwrap_or(1)
        } else {
            b.first_defenders
                .iter()
                .flat_map(|&h| self.forces_at(s, side, h))
                .map(|l| self.initiative_of(s, l))
                .max()
                .unwrap_or(1)
        };
        let limit = if best > 2 { 2 } else { 1 };
        b.pitched_shown[side.index()] < limit
    }

    /// The stack retreating now and its side.
    fn retreating(&self, b: &Battle) -> Option<(usize, Side)> {
        let side = b.fight?.loser;
        b.retreats.iter().position(|g| !g.done).map(|i| (i, side))
    }

    /// ¶199, ¶154, ¶159: the counterattacks open to the non-phasing player
    /// ([`Hov::counter_designs`]), and whether the counterattack may be declined: no surviving
    /// defending hex next to the attacking force is bound to it (¶199: from a Fort, masking
    /// one, or across a primary or secondary river).
    pub fn counter_options(&self, s: &State, b: &Battle) -> (Vec<super::multihex::Design>, bool) {
        let np = s.phasing.other();
        let out = self.counter_designs(s, b);
        let targets = self.attacking_hexes(s, b);
        let mut optional = true;
        for &h in &b.first_defenders {
            if self.forces_at(s, np, h).is_empty() {
                continue;
            }
            for &target in &targets {
                let Some(d) = h.direction_to(target) else {
                    continue;
                };
                if !self.may_attack_across(s, h, d) {
                    continue;
                }
                let water = self.board.side(h, d).water;
                // ¶199 3: a force in a Fort or masking one need not counterattack.
                let must = !self.board.hex(h).settlement.fort()
                    && !self.is_masking_force(s, np, h)
                    && !matches!(
                        water,
                        super::super::board::Water::Primary | super::super::board::Water::Secondary
                    );
                optional &= !must;
            }
        }
        let optional = optional || out.is_empty();
        (out, optional)
    }

    /// Applies one action of the Battle Resolution segment; `Ok(true)` when the segment
    /// ends.
    pub(crate) fn battle_step(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<bool, Illegal> {
        // §72–§77: vedette combats.
        if s.battle.is_none()
            && (s.skirmish.is_some()
                || matches!(
                    a,
                    Action::AttackVedette { .. } | Action::VedetteAttack { .. }
                ))
        {
            self.skirmish_step(s, a, ev)?;
            return Ok(false);
        }
        let mut legal = Vec::new();
        self.battle_actions(s, &mut legal);
        if !legal.contains(a) {
            return Err(self.refusal(s, a));
        }
        let Some(b) = s.battle.clone() else {
            match a {
                Action::Attack {
                    leader,
                    parts,
                    hexes,
                } => {
                    self.begin_battle(s, ev, *leader, parts, hexes);
                    self.advance(s, ev);
                    return Ok(false);
                }
                Action::GarrisonAttack { garrison, hex } => {
                    self.begin_battle_of(s, ev, 0, &[], &[*hex], Some(*garrison));
                    self.advance(s, ev);
                    return Ok(false);
                }
                Action::Mask { fort } => {
                    self.begin_mask(s, ev, *fort);
                    return Ok(false);
                }
                Action::Roll(r) => {
                    self.roll_mask(s, ev, r.value);
                    return Ok(false);
                }
                Action::Done => {
                    if let Some(i) = self.resumable(s) {
                        self.resume(s, ev, i);
                        self.advance(s, ev);
                        return Ok(false);
                    }
                }
                _ => {}
            }
            self.battle_phase_ends(s, ev);
            return Ok(true);
        };
        if let (true, Action::NapoleonCaptured { end_game }) = (b.napoleon, a) {
            if let Some(bm) = &mut s.battle {
                bm.napoleon = false;
            }
            self.napoleon_captured(s, ev, *end_game);
            if s.result.is_none() {
                self.advance(s, ev);
            }
            return Ok(false);
        }
        if let (false, Action::Roll(r)) = (b.captures.is_empty(), a) {
            self.roll_capture(s, ev, r.value);
            self.advance(s, ev);
            return Ok(false);
        }
        match (b.step, a) {
            (BattleStep::Chits, Action::Chit(c)) => {
                let side = match self.battle_actor(s) {
                    Actor::Player(p) => p,
                    _ => s.phasing,
                };
                if let Some(bm) = &mut s.battle {
                    bm.chits[side.index()] = Some(*c);
                    if bm.chits.iter().all(Option::is_some) {
                        bm.step = BattleStep::Bombard;
                    }
                }
                ev.push(Event::ChitChosen { side, chit: *c });
            }
            (BattleStep::Bombard, Action::Roll(r)) => {
                if let Some(side) = self.next_to_fire(s, &b) {
                    self.bombard(s, ev, side, r.value);
                }
            }
            (BattleStep::Stake, Action::Stake(x)) => {
                ev.push(Event::Staked { staked: *x });
                if let Some(bm) = &mut s.battle {
                    bm.staked = Some(*x);
                    bm.step = BattleStep::Resolve;
                }
            }
            (BattleStep::Resolve, Action::Roll(r)) => {
                if let Some(bm) = &mut s.battle {
                    bm.die = Some(r.value);
                    bm.step = BattleStep::Bonus;
                }
            }
            (BattleStep::Bonus, Action::Bonus(x)) => self.resolve_combat(s, ev, *x),
            (BattleStep::Override, Action::Override(x)) => {
                if let Some(f) = b.fight {
                    self.carry_out(s, ev, f, *x);
                }
            }
            (BattleStep::Retreat, Action::RetreatTo { hex }) => {
                if let Some((gi, _)) = self.retreating(&b) {
                    self.retreat_step(s, ev, gi, *hex);
                }
            }
            (BattleStep::Retreat, Action::JoinRetreat { leaders }) => {
                self.join_retreat(s, ev, leaders);
            }
            (BattleStep::Retreat, Action::Done) => {
                if let Some((gi, _)) = self.retreating(&b) {
                    self.stop_retreat(s, ev, gi);
                }
            }
            (BattleStep::Pursuit, Action::Pursue { leader }) => {
                if let Some(bm) = &mut s.battle {
                    bm.pursuer = Some(*leader);
                    bm.chasers.push(*leader);
                    bm.step = BattleStep::PursuitRoll;
                }
                s.fought.push(*leader);
            }
            (BattleStep::Pursuit, Action::Done) => {
                // ¶185: this stack is not pursued; another beaten stack may be (¶187).
                if let Some(gi) = self.pursued(s, &b) {
                    self.pursuit_done(s, ev, gi, 0);
                } else {
                    self.settle_retreat(s, ev, 0);
                }
            }
            (BattleStep::PursuitRoll, Action::Roll(r)) => self.pursue(s, ev, r.value),
            (BattleStep::PursuitStop, Action::PursueTo { hex }) => self.pursue_to(s, ev, *hex),
            (BattleStep::PursuitStop, Action::PursuitDrop { leader, hex }) => {
                self.pursuit_drop(s, ev, *leader, *hex);
            }
            (BattleStep::PursuitStop, Action::Repulse { target }) => {
                self.pursuit_repulse(s, ev, *target)?;
            }
            (BattleStep::PursuitStop, Action::Done) => {
                if let Some(plan) = b.plan {
                    self.finish_pursuit(s, ev, plan, plan.from);
                }
            }
            (BattleStep::Morale, Action::Roll(r)) => {
                self.critical_battle(s, ev, r.value);
                self.end_battle(s, ev);
            }
            (
                BattleStep::Counterattack,
                Action::Attack {
                    leader,
                    parts,
                    hexes,
                },
            ) => {
                self.begin_counter(s, ev, *leader, parts, hexes);
            }
            (BattleStep::Counterattack, Action::SplitCounter { leaders, hexes }) => {
                if let Some(bm) = &mut s.battle {
                    bm.queue = leaders.clone();
                    bm.queue_hexes = hexes.clone();
                }
                ev.push(Event::ForceFormed {
                    side: s.phasing.other(),
                    leader: leaders.first().copied().unwrap_or_default(),
                    parts: leaders.get(1..).map(<[u16]>::to_vec).unwrap_or_default(),
                    counter: true,
                });
                self.next_split(s, ev);
            }
            (BattleStep::Counterattack, Action::Done) => self.to_morale(s),
            (BattleStep::Dynamics, Action::Roll(r)) => self.battle_dynamics(s, ev, r.value),
            (
                BattleStep::Reattack,
                Action::Attack {
                    leader,
                    parts,
                    hexes,
                },
            ) => {
                let mut force = alloc::vec![*leader];
                force.extend_from_slice(parts);
                if !parts.is_empty() {
                    ev.push(Event::ForceFormed {
                        side: s.phasing,
                        leader: *leader,
                        parts: parts.clone(),
                        counter: false,
                    });
                }
                self.start_round(s, ev, force, hexes.clone());
            }
            (BattleStep::Reattack, Action::Done) => self.to_morale(s),
            _ => return Err(self.refusal(s, a)),
        }
        self.advance(s, ev);
        Ok(false)
    }

    fn refusal(&self, s: &State, a: &Action) -> Illegal {
        let Some(b) = &s.battle else {
            return match a {
                Action::Attack { leader, .. } => Illegal::new(
                    "¶145",
                    format!(
                        "leader {} may not make this attack: an unfought force attacks adjacent enemy hexes not yet attacked, leaving every hex in contact to some other unfought force (¶148–¶152)",
                        self.leader_name(*leader)
                    ),
                ),
                // §72–§73: vedette combats owed.
                Action::Done if self.pending_targets(s).is_empty() => Illegal::new(
                    "§72–§73",
                    "every enemy vedette alone next to a phasing force must be attacked, and every phasing vedette alone in an enemy ZOC must attack",
                ),
                Action::Done => Illegal::new(
                    "¶145",
                    "every enemy force in contact with an unfought phasing force must be attacked first",
                ),
                other => Illegal::new(
                    "¶146",
                    format!("{other:?} is not a decision here: designate an attack (step 1)"),
                ),
            };
        };
        let (rule, what) = if b.napoleon {
            (
                "¶194",
                "the Coalition player chooses an Operational Victory or two spaces of morale",
            )
        } else if !b.captures.is_empty() {
            ("¶33", "the capture die is rolled now")
        } else {
            match b.step {
                BattleStep::Chits => (
                    "¶155",
                    "choose a battle chit: Pitched only within the force's allowance and not across a bridged primary river",
                ),
                BattleStep::Bombard => ("¶158", "the bombardment die is rolled now"),
                BattleStep::Stake => ("¶168", "the French player stakes the Old Guard or not"),
                BattleStep::Resolve => ("¶146 step 7", "the combat die is rolled now"),
                BattleStep::Bonus => (
                    "¶170",
                    "the attacking Force Leader adds, subtracts or ignores his bonus",
                ),
                BattleStep::Override => ("¶198", "the defender overrides or not"),
                BattleStep::Retreat => (
                    "¶174",
                    "retreat to one of the hexes the priorities of retreat leave open",
                ),
                BattleStep::Pursuit => (
                    "¶179",
                    "pursue with a leader of the winning force next to the retreat, or decline",
                ),
                BattleStep::PursuitRoll => ("¶188", "the pursuit die is rolled now"),
                BattleStep::PursuitStop => {
                    ("¶179", "stop the pursuit at a hex of the path it may reach")
                }
                BattleStep::Morale => ("¶193", "the Critical Battle die is rolled now"),
                BattleStep::Dynamics => ("§187", "the Battlefield Dynamics die is rolled now"),
                BattleStep::Reattack => ("§188", "re-attack or end the battle"),
                BattleStep::Counterattack => (
                    "¶199",
                    "counterattack the attacking force's hex with one adjacent defending force",
                ),
            }
        };
        Illegal::new(rule, format!("`{}` is not legal: {what}", a.name()))
    }

    fn leader_name(&self, l: u16) -> alloc::string::String {
        self.manifest
            .leaders
            .get(usize::from(l))
            .map_or_else(|| format!("#{l}"), |x| format!("{} ({})", x.name, x.id))
    }

    /// ¶146 steps 1–3a: a battle begins; both sides' leaders are revealed (¶21) and their
    /// strengths announced.
    fn begin_battle(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        leader: u16,
        parts: &[u16],
        hexes: &[Hex],
    ) {
        self.begin_battle_of(s, ev, leader, parts, hexes, None);
    }

    /// [`Hov::begin_battle`], or with `garrison` a garrison's attack on its own (§36 1):
    /// then no Force Leader attacks.
    fn begin_battle_of(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        leader: u16,
        parts: &[u16],
        hexes: &[Hex],
        garrison: Option<super::super::state::GarrisonId>,
    ) {
        // ¶83, ¶151: the Force Leader first, then the Force Leaders of his other hexes.
        let mut force = alloc::vec![leader];
        force.extend_from_slice(parts);
        if garrison.is_some() {
            force.clear();
        }
        s.battle = Some(Battle {
            attacker: s.phasing,
            round: 1,
            counter: false,
            attackers: force.clone(),
            defenders: hexes.to_vec(),
            first_attackers: force.clone(),
            first_defenders: hexes.to_vec(),
            chits: [None; 2],
            revealed: [false; 2],
            pitched_shown: [0; 2],
            staked: None,
            lost: [0; 2],
            fired: [false; 2],
            die: None,
            fight: None,
            retreats: Vec::new(),
            pursuer: None,
            captures: Vec::new(),
            winner: None,
            step: BattleStep::Chits,
            reattack: false,
            free: false,
            no_pursuit: false,
            napoleon: false,
            plan: None,
            chased: Vec::new(),
            chasers: Vec::new(),
            chase_lost: 0,
            withheld: 0,
            queue: Vec::new(),
            queue_hexes: Vec::new(),
            opponents: hexes
                .iter()
                .flat_map(|&h| self.forces_at(s, s.phasing.other(), h))
                .collect(),
            join_decided: false,
            joiners: Vec::new(),
            garrison_attackers: garrison.into_iter().collect(),
        });
        if parts.is_empty() {
            self.announce(s, ev);
            return;
        }
        ev.push(Event::ForceFormed {
            side: s.phasing,
            leader,
            parts: parts.to_vec(),
            counter: false,
        });
        self.announce(s, ev);
    }

    /// Marks the forces of the attack now under way as having fought (¶148–¶149), reveals
    /// their leaders (¶21) and announces the strengths (¶146 step 3a).
    pub(crate) fn announce(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(b) = s.battle.clone() else { return };
        let sides = self.sides(s, &b);
        let mut sp = [0u32; 2];
        for side in [b.attacker, b.attacker.other()] {
            let k = side.index();
            let members = self.members(s, &sides.fls[k]);
            sp[k] = self
                .pieces(s, &members, &sides.garrisons[k])
                .iter()
                .map(|&p| u32::from(self.piece_sp(s, p)))
                .sum();
            for &l in &members {
                if !s.fought.contains(&l) {
                    s.fought.push(l);
                }
                if !s.leaders[usize::from(l)].revealed {
                    s.leaders[usize::from(l)].revealed = true;
                    ev.push(Event::Revealed {
                        leader: l,
                        rule: alloc::borrow::Cow::Borrowed("¶146 step 1"),
                    });
                }
            }
            for &g in &sides.garrisons[k] {
                if !s.fought_garrisons.contains(&g) {
                    s.fought_garrisons.push(g);
                }
            }
        }
        let a = b.attacker.index();
        if b.attackers.is_empty()
            && let (Some(&garrison), Some(&hex)) =
                (b.garrison_attackers.first(), b.defenders.first())
        {
            ev.push(Event::GarrisonAttack {
                side: b.attacker,
                garrison,
                hex,
                announced: [announced(sp[a]), announced(sp[1 - a])],
            });
            return;
        }
        ev.push(Event::Attack {
            side: b.attacker,
            leader: b.attackers.first().copied().unwrap_or_default(),
            hexes: b.defenders.clone(),
            round: b.round,
            counter: b.counter,
            announced: [announced(sp[a]), announced(sp[1 - a])],
        });
    }

    /// Steps 12–13: the counterattack on one or more hexes of the phasing force, by one force
    /// of the defenders (¶199), withholding SP for the hexes it leaves alone (¶159 2).
    pub(crate) fn begin_counter(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        leader: u16,
        parts: &[u16],
        hexes: &[Hex],
    ) {
        let mut force = alloc::vec![leader];
        force.extend_from_slice(parts);
        let withheld = s.battle.as_ref().map_or(0, |b| {
            u16::try_from(self.counter_withheld(s, b, &force, hexes)).unwrap_or(u16::MAX)
        });
        if let Some(b) = &mut s.battle {
            b.attacker = s.phasing.other();
            b.counter = true;
            b.withheld = withheld;
            b.attackers = force.clone();
            b.defenders = hexes.to_vec();
            b.staked = None;
            b.die = None;
            b.fight = None;
            b.retreats.clear();
            b.pursuer = None;
            b.chased.clear();
            b.chasers.clear();
            b.chase_lost = 0;
            b.free = false;
            b.no_pursuit = false;
            b.step = BattleStep::Stake;
        }
        if !parts.is_empty() {
            ev.push(Event::ForceFormed {
                side: s.phasing.other(),
                leader,
                parts: parts.to_vec(),
                counter: true,
            });
        }
        self.announce(s, ev);
    }

    pub(crate) fn to_morale(&self, s: &mut State) {
        if let Some(b) = &mut s.battle {
            b.step = BattleStep::Morale;
        }
    }

    /// Runs the steps that need no decision and no die.
    fn advance(&self, s: &mut State, ev: &mut Vec<Event>) {
        for _ in 0..64 {
            let Some(b) = s.battle.clone() else { return };
            if b.napoleon || !b.captures.is_empty() {
                return;
            }
            match b.step {
                BattleStep::Chits
                | BattleStep::Resolve
                | BattleStep::Override
                | BattleStep::Dynamics
                | BattleStep::Reattack => return,
                BattleStep::PursuitRoll | BattleStep::PursuitStop => return,
                BattleStep::Bombard => {
                    if self.next_to_fire(s, &b).is_some() {
                        return;
                    }
                    let sides = self.sides(s, &b);
                    let empty = [b.attacker, b.attacker.other()]
                        .iter()
                        .any(|&side| self.side_pieces(s, &sides, side).is_empty());
                    let bm = s.battle.as_mut().expect("battle");
                    if empty {
                        // ¶158 3: a force bombarded to nothing ends the battle, no pursuit.
                        bm.step = BattleStep::Morale;
                    } else {
                        bm.step = BattleStep::Stake;
                    }
                }
                BattleStep::Stake => {
                    if b.staked.is_none() && self.may_stake(s, &b) {
                        return;
                    }
                    let bm = s.battle.as_mut().expect("battle");
                    bm.staked = Some(bm.staked == Some(true));
                    bm.step = BattleStep::Resolve;
                }
                BattleStep::Bonus => {
                    if self.attack_bonus(s, &b) > 0 {
                        return;
                    }
                    self.resolve_combat(s, ev, 0);
                }
                BattleStep::Retreat => {
                    if !self.retreat_joiners(s, &b).is_empty() {
                        return;
                    }
                    let Some((gi, side)) = self.retreating(&b) else {
                        s.battle.as_mut().expect("battle").step = BattleStep::Pursuit;
                        continue;
                    };
                    let on_map = b.retreats[gi]
                        .leaders
                        .iter()
                        .any(|&l| matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_)));
                    if !on_map {
                        // Its leaders were captured or escaped: nothing left to retreat.
                        s.battle.as_mut().expect("battle").retreats[gi].done = true;
                        continue;
                    }
                    if self.may_stop(s, side, &b.retreats[gi]) {
                        // ¶177 1, §48 2: the owner decides whether to stop here.
                        return;
                    }
                    let options = self.retreat_options(s, side, &b.retreats[gi]);
                    match options.as_slice() {
                        [] => self.no_retreat_path(s, ev, gi, side),
                        [one] => self.retreat_step(s, ev, gi, *one),
                        _ => return,
                    }
                }
                BattleStep::Pursuit => {
                    if !self.pursuers(s, &b).is_empty() {
                        return;
                    }
                    self.settle_retreat(s, ev, 0);
                }
                BattleStep::Counterattack => {
                    let (options, _) = self.counter_options(s, &b);
                    if !options.is_empty() {
                        return;
                    }
                    self.to_morale(s);
                }
                BattleStep::Morale => {
                    // ¶201: the next part of a split counterattack comes first.
                    if b.counter && !b.queue.is_empty() && self.next_split(s, ev) {
                        continue;
                    }
                    if self.critical_needed(&b) {
                        return;
                    }
                    self.end_battle(s, ev);
                    return;
                }
            }
        }
    }

    /// ¶193: a Critical Battle is tested when the battle's loser lost more than 3 SP.
    fn critical_needed(&self, b: &Battle) -> bool {
        b.winner.is_some_and(|w| b.lost[w.other().index()] > 3)
    }

    /// ¶193: the winner's die plus his loss, at or under the loser's loss, moves morale his
    /// way.
    fn critical_battle(&self, s: &mut State, ev: &mut Vec<Event>, roll: u8) {
        let Some(b) = &s.battle else { return };
        let Some(w) = b.winner else { return };
        let l = w.other();
        let hit = critical(
            u32::from(b.lost[l.index()]),
            u32::from(b.lost[w.index()]),
            roll,
            false,
        );
        if hit == Some(true) {
            self.shift_morale(s, ev, w, 1, "¶193");
        }
    }

    /// Moves the Paris Morale track `n` spaces toward `side` (positive is French).
    pub fn shift_morale(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        side: Side,
        n: i8,
        rule: &'static str,
    ) {
        let by = if side == FRENCH { n } else { -n };
        s.morale = s.morale.saturating_add(by);
        ev.push(Event::Morale {
            by,
            now: s.morale,
            rule: alloc::borrow::Cow::Borrowed(rule),
        });
    }

    pub(crate) fn end_battle(&self, s: &mut State, ev: &mut Vec<Event>) {
        let winner = s.battle.as_ref().and_then(|b| b.winner);
        // ¶148 2: the enemy eliminated in round one frees the attackers to join another battle.
        if let Some(b) = s.battle.clone() {
            self.note_free_to_join(s, &b);
            self.joiners_arrive(s, ev, &b);
        }
        s.battle = None;
        ev.push(Event::BattleEnds { winner });
        // §46: a Fort's maskers that retreated or fell below 1:1.5 lose their marker.
        self.check_masks(s, ev);
    }

    /// ¶32–¶33: the next leader of a force left without SP rolls his Initiative or less to
    /// escape (then an Unemployed Leader in his hex, or the first free hex next to it, a
    /// reading of "repulsed instead"); else he is out for a full Game-Turn, one less on his
    /// ratings after. A Major Personality's capture moves morale (¶194).
    fn roll_capture(&self, s: &mut State, ev: &mut Vec<Event>, roll: u8) {
        let Some(b) = &mut s.battle else { return };
        if b.captures.is_empty() {
            return;
        }
        let l = b.captures.remove(0);
        let hex = self.hex_of(s, l);
        let side = self.manifest.leaders[usize::from(l)].side;
        // ¶33: against the unmodified rating (reading N73).
        let captured = roll > self.rated_initiative(s, l);
        let o = self.occupancy(s);
        let free = hex.and_then(|h| {
            if !o.real_at(side.other(), h) {
                return Some(h);
            }
            h.neighbors()
                .into_iter()
                .find(|&n| self.board.on_map(n) && self.in_area(n) && !o.holds(side.other(), n))
        });
        let captured = captured || free.is_none();
        ev.push(Event::Capture {
            leader: l,
            roll,
            captured,
        });
        let lp = &mut s.leaders[usize::from(l)];
        if captured {
            lp.place = LeaderPlace::Captured(s.turn.saturating_add(2));
            lp.captures = lp.captures.saturating_add(1);
            self.major_captured(s, ev, l);
        } else if let Some(h) = free {
            lp.place = LeaderPlace::Map(h);
        }
    }

    /// ¶194: a captured Major Personality (Command Span 6 or more, or a Leadership Bonus)
    /// moves Paris Morale one space against his side, whatever force he led or did not lead
    /// (¶194 3: his ratings decide, not his post); Napoleon's capture leaves the Coalition
    /// player a choice (¶194 2).
    pub fn major_captured(&self, s: &mut State, ev: &mut Vec<Event>, l: u16) {
        let info = &self.manifest.leaders[usize::from(l)];
        if info.id == NAPOLEON {
            if let Some(b) = &mut s.battle {
                b.napoleon = true;
            }
            return;
        }
        let r = info.ratings;
        if r.span >= 6 || r.bonus > 0 {
            self.shift_morale(s, ev, info.side.other(), 1, "¶194");
        }
    }

    /// ¶194 2: the Coalition player's choice after Napoleon's capture: the game ends as a
    /// Coalition Operational Victory, or Paris Morale moves two spaces his way.
    pub fn napoleon_captured(&self, s: &mut State, ev: &mut Vec<Event>, end_game: bool) {
        if !end_game {
            self.shift_morale(s, ev, super::super::types::COALITION, 2, "¶194");
            return;
        }
        let vp = self.outcome(s).points;
        s.battle = None;
        s.phase = super::super::state::Phase::Over;
        s.result = Some(crate::engine::Outcome {
            winner: Some(super::super::types::COALITION),
            level: alloc::string::String::from("Coalition Operational Victory (Napoleon captured)"),
            points: vp,
            rule: alloc::borrow::Cow::Borrowed("¶194"),
        });
        ev.push(Event::PhaseBegins {
            phase: super::super::state::Phase::Over,
        });
    }

    /// The end of the Battle Resolution segment (¶195): a beaten staked Guard moves morale
    /// once a Game-Turn; the phase's record of who fought is cleared.
    pub(crate) fn battle_phase_ends(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.guard_beaten && !s.guard_loss_this_turn {
            s.guard_loss_this_turn = true;
            self.shift_morale(s, ev, FRENCH.other(), 1, "¶195");
        }
        s.guard_beaten = false;
        s.fought.clear();
        s.fought_garrisons.clear();
        s.vedettes_fought.clear();
        s.free_to_join.clear();
        for m in &mut s.masks {
            m.tried = false;
        }
    }
}
