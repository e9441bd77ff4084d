//! A declared charge on its way (24.1): the chargers that rode out together, re-targeting,
//! the charge's steps and attacks (24.1d–24.1m), its end, and the follow-on targets.

use crate::hex::Hex;
use crate::nbs::Nbs;
use crate::nbs::board::arc;
use crate::nbs::board::side as hs;
use crate::nbs::charge::*;
use crate::nbs::event::Event;
use crate::nbs::state::{CheckKind, FireDecl, Place, Role, State, Task, UnitId, flag};
use crate::nbs::tables::{CavFireMod, CavLevel, CavTarget, FireResult, MoraleList, MoraleMod};
use crate::nbs::types::{FacingMode, Formation, Fp, MoraleState, Seq66, StepCost, UnitKind};
use alloc::format;
use alloc::vec::Vec;

impl Nbs {
    pub(in crate::nbs) fn alive_at(s: &State, v: &[UnitId], h: Hex) -> Vec<UnitId> {
        v.iter()
            .copied()
            .filter(|&u| s.units[usize::from(u)].place == Place::At(h))
            .collect()
    }

    /// The charging cavalry still on the map.
    pub(in crate::nbs) fn chargers(&self, s: &State, ch: &Charge) -> Vec<UnitId> {
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
    pub(in crate::nbs) fn charge_flank(&self, s: &State, at: Hex, target: Hex) -> bool {
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
    pub(in crate::nbs) fn retarget(&self, s: &State, ch: &mut Charge) -> bool {
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

    pub(in crate::nbs) fn advance_charge(
        &self,
        s: &mut State,
        mut ch: Charge,
        ev: &mut Vec<Event>,
    ) -> bool {
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
                            what: crate::nbs::event::PartChange::Overrun,
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
    pub(in crate::nbs) fn charge_over(&self, s: &mut State, ch: Charge, ev: &mut Vec<Event>) {
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
    pub(in crate::nbs) fn push_cavalry_attack(
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
    pub(in crate::nbs) fn resolve_cavalry_attack(
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
    pub(in crate::nbs) fn charge_step_open(&self, s: &State, ch: &Charge, a: Hex, b: Hex) -> bool {
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
    pub(in crate::nbs) fn retarget_hexes(&self, s: &State, ch: &Charge) -> Vec<Hex> {
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
    pub(in crate::nbs) fn charge_evaded(
        &self,
        s: &mut State,
        old: Hex,
        to: Hex,
        ev: &mut Vec<Event>,
    ) {
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
    pub(in crate::nbs) fn follow_on_targets(&self, s: &State, ch: &Charge) -> Vec<Hex> {
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
                        crate::nbs::tables::MoveCost::Halves(2)
                    )
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }
}
