//! Repulse (¶130–¶135, ¶96 2, ¶32 2, ¶21, ¶173 3): a force pushes an enemy out of its path
//! without a battle. It stands next to the hex (in the target's ZOC, ¶131), declares the attempt
//! and its own strength, and both sides show their leaders (¶21); at five to one or better the
//! enemy steps back one hex under the retreat priorities of a Pursuit battle, without pursuit
//! (¶131 2, ¶174), and the repulser may go on (¶131 3). What a failure does depends on when it
//! was tried (¶132, ¶96 2), see [`RepulseWhen`].
//!
//! [`Hov::try_repulse`] is the attempt itself, callable from the march ([`super::march`]), a
//! reinforcement's entry ([`super::reinforce`]) and, later, the pursuit (combat/). A success
//! leaves a [`PendingRepulse`] whose capture dice (¶32 2) and retreat choice (¶174) are the
//! chance node and the retreating owner's decision of [`Hov::repulse_actor`].

use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::board::Water;
use super::super::event::Event;
use super::super::losses::{Taker, spread};
use super::super::state::{
    Activation, FailedRepulse, LeaderId, LeaderPlace, March, MarchStage, PendingRepulse,
    RepulseWhen, Retreat, State, Supply, VedetteId, VedettePlace,
};
use super::super::types::{Army, Mp};
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, Chance, Illegal, Side};
use crate::hex::{Direction, Hex};

/// ¶130: the odds a repulse needs, five to one.
pub const REPULSE_ODDS: u32 = 5;

/// ¶130–¶131: whether a repulser of `by` half SP beats a target of `target` half SP (five times
/// its strength or more; a hex of Unemployed Leaders only has none).
pub fn repulse_succeeds(by: u32, target: u32) -> bool {
    by > 0 && by >= REPULSE_ODDS * target
}

impl Hov {
    /// Why the force of `by` standing at `from` (`None` for a reinforcement entering, ¶96 2) may
    /// not try to repulse `target` now, or `None` when it may: `target` must be next to `from`
    /// (one hex at a time, ¶134) and hold enemy
    /// counters; no repulse of a Citadel or Fortified Town or across a primary river
    /// (bridged: ¶130 2; unbridged it cannot be entered, ¶113), nor of an active Supply
    /// Source's garrison (¶59, reading C10).
    pub fn repulse_refused(
        &self,
        s: &State,
        by: LeaderId,
        from: Option<Hex>,
        target: Hex,
    ) -> Option<Illegal> {
        let side = self.leader_side(by)?;
        if let Some(from) = from {
            let Some(d) = from.direction_to(target) else {
                return Some(Illegal::new(
                    "¶131, ¶134",
                    format!(
                        "{} is not next to {}: a repulse is tried on one adjacent hex",
                        self.label(target),
                        self.label(from)
                    ),
                ));
            };
            if self.board.side(from, d).water == Water::Primary {
                return Some(Illegal::new(
                    "¶130 2, ¶113",
                    format!(
                        "{} lies across a primary river: no repulse across it",
                        self.label(target)
                    ),
                ));
            }
        }
        if self.force_make(s, by).total() == 0 {
            return Some(Illegal::new(
                "¶130",
                "only a force with combat units may repulse",
            ));
        }
        if !self.holds_at(s, side.other(), target) {
            return Some(Illegal::new(
                "¶130",
                format!("{} holds no enemy counter", self.label(target)),
            ));
        }
        if self.board.hex(target).settlement.fort() {
            return Some(Illegal::new(
                "¶130 2",
                format!(
                    "{} is a Citadel or Fortified Town: its occupants may not be repulsed",
                    self.label(target)
                ),
            ));
        }
        if s.supply.iter().enumerate().any(|(a, x)| {
            matches!(x, Supply::Active(h) if *h == target) && Army::ALL[a].side() != side
        }) {
            return Some(Illegal::new(
                "¶59",
                format!(
                    "{} holds an active Supply Source, whose garrison cannot be repulsed",
                    self.label(target)
                ),
            ));
        }
        None
    }

    /// The enemy leaders on the map in `hex` (Force Leaders and Unemployed Leaders), in id
    /// order.
    fn leaders_on_map_at(&self, s: &State, side: Side, hex: Hex) -> Vec<LeaderId> {
        (0..s.leaders.len() as LeaderId)
            .filter(|&l| {
                s.leaders[usize::from(l)].place == LeaderPlace::Map(hex)
                    && self.leader_side(l) == Some(side)
            })
            .collect()
    }

    fn vedettes_in(&self, s: &State, side: Side, hex: Hex) -> Vec<VedetteId> {
        (0..s.vedettes.len())
            .filter(|&i| {
                s.vedettes[i].place == VedettePlace::Map(hex)
                    && self.manifest.vedettes[i].side == side
            })
            .map(|i| i as VedetteId)
            .collect()
    }

    /// ¶131: the strengths compared, in half SP: the repulsing force's, and the target hex's —
    /// its forces' SP, a vedette ½ SP when no real force stands with it (§74), an Unemployed
    /// Leader nothing.
    pub fn repulse_strengths(&self, s: &State, by: LeaderId, target: Hex) -> (u32, u32) {
        let side = self.leader_side(by).unwrap_or(s.phasing);
        let ours = 2 * u32::from(self.force_make(s, by).total());
        let enemy = side.other();
        let forces: u32 = self
            .leaders_on_map_at(s, enemy, target)
            .into_iter()
            .filter(|&l| self.is_force(s, l))
            .map(|l| 2 * u32::from(self.force_make(s, l).total()))
            .sum();
        let theirs = if forces > 0 {
            forces
        } else {
            self.vedettes_in(s, enemy, target).len() as u32
        };
        (ours, theirs)
    }

    /// ¶130–¶132, ¶96 2: force `by` tries to repulse the enemy in `target` from `from` (`None`:
    /// from off the map, entering). Both
    /// sides' leaders are shown (¶21, ¶131 1; in Forced March the target's only on a success,
    /// reading N26). On a success (`Ok(true)`) the target's retreat is left pending in
    /// [`State::repulse`] and carried out at once where nothing is to be decided; on a failure
    /// (`Ok(false)`) its effect for `when` is applied: a forced attack recorded (Movement), 1
    /// SP lost (Forced March), nothing (Pursuit), the reinforcement destroyed (Entry). What the
    /// march does next is the caller's. `Err` leaves the state unchanged.
    pub fn try_repulse(
        &self,
        s: &mut State,
        by: LeaderId,
        from: Option<Hex>,
        target: Hex,
        when: RepulseWhen,
        ev: &mut Vec<Event>,
    ) -> Result<bool, Illegal> {
        if let Some(e) = self.repulse_refused(s, by, from, target) {
            return Err(e);
        }
        if s.repulse.is_some() {
            return Err(Illegal::new(
                "¶134",
                "a repulse is already being carried out",
            ));
        }
        let side = self.leader_side(by).unwrap_or(s.phasing);
        let enemy = side.other();
        let (ours, theirs) = self.repulse_strengths(s, by, target);
        ev.push(Event::RepulseDeclared {
            side,
            leader: by,
            target,
            sp: (ours / 2).min(u32::from(u16::MAX)) as u16,
        });
        let ok = repulse_succeeds(ours, theirs);
        let mut shown = self.force_leaders(s, by);
        let targets = self.leaders_on_map_at(s, enemy, target);
        if when != RepulseWhen::ForcedMarch || ok {
            for &l in &targets {
                shown.extend(self.force_leaders(s, l));
            }
        }
        for l in shown {
            if !s.leaders[usize::from(l)].revealed {
                s.leaders[usize::from(l)].revealed = true;
                ev.push(Event::Revealed {
                    leader: l,
                    rule: "¶131".into(),
                });
            }
        }
        if ok {
            ev.push(Event::Repulsed {
                side: enemy,
                target,
                half_sp: theirs.min(u32::from(u16::MAX)) as u16,
            });
            let o = self.occupancy(s);
            // ¶32 2: a force with cavalry repulsing Unemployed Leaders alone captures those who
            // fail their roll (reading N28).
            let captures = if !o.real_at(enemy, target) && self.force_make(s, by).horse() {
                targets.clone()
            } else {
                Vec::new()
            };
            s.repulse = Some(PendingRepulse {
                by,
                when,
                target,
                leaders: targets,
                vedettes: self.vedettes_in(s, enemy, target),
                captures,
            });
            self.advance_repulse(s, ev);
            return Ok(true);
        }
        ev.push(Event::RepulseFailed {
            side,
            leader: by,
            target,
        });
        match when {
            RepulseWhen::Movement => s.failed_repulses.push(FailedRepulse { leader: by, target }),
            RepulseWhen::Pursuit => {}
            RepulseWhen::ForcedMarch => self.repulse_loss(s, by, 1, "¶132", ev),
            RepulseWhen::Entry => {
                // ¶96 2: the reinforcement is destroyed, units and leaders (reading N29).
                self.repulse_loss(s, by, u32::MAX, "¶96", ev);
                for l in self.force_leaders(s, by) {
                    s.leaders[usize::from(l)].place = LeaderPlace::Out;
                }
            }
        }
        Ok(false)
    }

    /// `n` SP lost by `l`'s force, spread evenly (¶85).
    fn repulse_loss(
        &self,
        s: &mut State,
        l: LeaderId,
        n: u32,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        let side = self.leader_side(l).unwrap_or(s.phasing);
        let units = self.force_units(s, l);
        let takers: Vec<Taker> = units
            .iter()
            .map(|&u| Taker {
                sp: s.units[usize::from(u)].sp,
                first: false,
                last: false,
            })
            .collect();
        let lost = spread(&takers, n);
        for (k, &u) in units.iter().enumerate() {
            if lost[k] == 0 {
                continue;
            }
            let x = &mut s.units[usize::from(u)];
            x.sp -= lost[k];
            if x.sp == 0 {
                x.leader = None;
            }
            s.lost[side.index()] += u16::from(lost[k]);
            ev.push(Event::Strength {
                side,
                unit: u,
                sp: s.units[usize::from(u)].sp,
                rule: rule.into(),
            });
        }
    }

    /// Who acts while a successful repulse is carried out: the capture die (¶33), else the
    /// retreating side choosing among the hexes ¶174 leaves open.
    pub(crate) fn repulse_actor(&self, s: &State) -> Option<Actor> {
        let p = s.repulse.as_ref()?;
        if !p.captures.is_empty() {
            return Some(Actor::Chance(Chance::Dice(DiceSpec::D6)));
        }
        let side = self.leader_side(p.by)?.other();
        Some(Actor::Player(side))
    }

    /// The one-hex retreat of the repulsed hex as a [`Retreat`] for ¶174's priorities.
    fn repulse_retreat(&self, p: &PendingRepulse) -> Retreat {
        Retreat {
            leaders: p.leaders.clone(),
            path: alloc::vec![p.target],
            need: 1,
            done: false,
        }
    }

    /// The hexes the repulsed counters may retreat to (¶131 2, ¶174), sorted.
    pub fn repulse_options(&self, s: &State) -> Vec<Hex> {
        let Some(p) = &s.repulse else {
            return Vec::new();
        };
        let side = self.leader_side(p.by).unwrap_or(s.phasing).other();
        let mut v = self.retreat_options(s, side, &self.repulse_retreat(p));
        v.sort_unstable();
        v
    }

    /// The legal actions while a repulse is carried out.
    pub(crate) fn repulse_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(p) = &s.repulse else { return };
        if !p.captures.is_empty() {
            out.extend((1..=6).map(|value| {
                Action::Roll(Roll {
                    spec: DiceSpec::D6,
                    value,
                })
            }));
            return;
        }
        out.extend(
            self.repulse_options(s)
                .into_iter()
                .map(|hex| Action::RetreatTo { hex }),
        );
    }

    /// Applies a capture die or the retreat choice of a repulse.
    pub(crate) fn repulse_step(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some(p) = s.repulse.clone() else {
            return Err(Illegal::new("¶131", "no repulse is being carried out"));
        };
        match a {
            Action::Roll(r)
                if !p.captures.is_empty()
                    && r.spec == DiceSpec::D6
                    && (1..=6).contains(&r.value) =>
            {
                self.repulse_capture(s, r.value, ev);
                self.advance_repulse(s, ev);
                Ok(())
            }
            _ if !p.captures.is_empty() => Err(Illegal::new(
                "¶33",
                "the capture die (1d6) of a repulsed Unemployed Leader is rolled now",
            )),
            Action::RetreatTo { hex } if self.repulse_options(s).contains(hex) => {
                self.repulse_move(s, *hex, ev);
                self.finish_repulse(s, ev);
                Ok(())
            }
            _ => Err(Illegal::new(
                "¶131 2, ¶174",
                format!(
                    "the repulsed counters in {} retreat one hex, to one of {:?}",
                    self.label(p.target),
                    self.repulse_options(s)
                        .into_iter()
                        .map(|h| self.label(h))
                        .collect::<Vec<_>>()
                ),
            )),
        }
    }

    /// ¶32 2, ¶33: the next Unemployed Leader rolls; above his printed Initiative he is
    /// captured (out one full Game-Turn, one less on his ratings after), else he is repulsed
    /// instead.
    fn repulse_capture(&self, s: &mut State, roll: u8, ev: &mut Vec<Event>) {
        let Some(p) = &mut s.repulse else { return };
        if p.captures.is_empty() {
            return;
        }
        let l = p.captures.remove(0);
        let captured = roll > self.rated_initiative(s, l);
        ev.push(Event::Capture {
            leader: l,
            roll,
            captured,
        });
        if captured {
            if let Some(p) = &mut s.repulse {
                p.leaders.retain(|&x| x != l);
            }
            let x = &mut s.leaders[usize::from(l)];
            x.place = LeaderPlace::Captured(s.turn.saturating_add(2));
            x.captures = x.captures.saturating_add(1);
        }
    }

    /// Carries the repulse on as far as no die and no choice is needed.
    fn advance_repulse(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(p) = &s.repulse else { return };
        if !p.captures.is_empty() {
            return;
        }
        if p.leaders.is_empty() && p.vedettes.is_empty() {
            self.finish_repulse(s, ev);
            return;
        }
        let options = self.repulse_options(s);
        match options.len() {
            // ¶173: blocked, with no pursuit to reach it: it stays (reading N27).
            0 => self.finish_repulse(s, ev),
            1 => {
                self.repulse_move(s, options[0], ev);
                self.finish_repulse(s, ev);
            }
            _ => {}
        }
    }

    /// The repulsed leaders and vedettes step back to `to`.
    fn repulse_move(&self, s: &mut State, to: Hex, ev: &mut Vec<Event>) {
        let Some(p) = s.repulse.clone() else { return };
        let side = self.leader_side(p.by).unwrap_or(s.phasing).other();
        for &l in &p.leaders {
            if s.leaders[usize::from(l)].place == LeaderPlace::Map(p.target) {
                s.leaders[usize::from(l)].place = LeaderPlace::Map(to);
            }
        }
        for &v in &p.vedettes {
            let x = &mut s.vedettes[usize::from(v)];
            x.place = VedettePlace::Map(to);
            x.revealed = true;
        }
        ev.push(Event::RepulseRetreat {
            side,
            from: p.target,
            to,
        });
        // §78 2: the enemy's vedettes in the hex give way.
        self.vedettes_give_way(s, side, to, ev);
    }

    /// The repulse is over: a reinforcement enters the hex it cleared (¶96 2); a march that
    /// stopped in a ZOC Bond may go on if the bond is broken (¶125, ¶131 3).
    fn finish_repulse(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(p) = s.repulse.take() else { return };
        let side = self.leader_side(p.by).unwrap_or(s.phasing);
        let o = self.occupancy(s);
        if p.when == RepulseWhen::Entry && !o.holds(side.other(), p.target) {
            let cost = self.entry_cost(s, p.by, p.target);
            s.leaders[usize::from(p.by)].place = LeaderPlace::Map(p.target);
            s.off_map.retain(|x| x.leader != p.by);
            s.entered.push((p.by, cost));
            ev.push(Event::Entered {
                side,
                leader: p.by,
                hex: p.target,
                cost,
            });
            ev.push(Event::CounterEntered {
                side,
                hex: p.target,
            });
        }
        if let Some(m) = &s.march
            && m.stopped
            && let Some(&at) = m.path.last()
        {
            let o = self.occupancy(s);
            let bond = self.bond_sources(s, &o, side.other(), at).0 >= 2;
            if let Some(m) = &mut s.march {
                m.stopped = bond;
            }
        }
        self.reveal_vedettes(s, ev);
    }

    /// The hexes the marching force may try to repulse now (¶130, ¶134–¶135): next to it, by
    /// a real force (not a vedette or an Unemployed Leader), in Forced March with 1 MP to pay
    /// (¶133 2).
    pub fn march_repulses(&self, s: &State, m: &March) -> Vec<Hex> {
        if m.vedette.is_some() && m.stage == MarchStage::Moving {
            // §71: a cavalry vedette's attempt.
            return self.probe_targets(s, m);
        }
        if m.vedette.is_some() || m.unemployed || m.stage != MarchStage::Moving {
            return Vec::new();
        }
        let Some(&from) = m.path.last() else {
            return Vec::new();
        };
        if m.how == Activation::ForcedMarch && !self.repulse_mp_left(s, m) {
            return Vec::new();
        }
        let Some(side) = self.leader_side(m.leader) else {
            return Vec::new();
        };
        let o = self.occupancy(s);
        Direction::ALL
            .iter()
            .map(|&d| from.neighbor(d))
            .filter(|&t| {
                self.repulse_refused(s, m.leader, Some(from), t).is_none()
                    && !self.revealed_vedettes_only(s, &o, side.other(), t)
            })
            .collect()
    }

    /// ¶133 2: whether each arm of the force can still pay the repulse's MP in Forced March.
    fn repulse_mp_left(&self, s: &State, m: &March) -> bool {
        let make = self.force_make(s, m.leader);
        let (foot, horse) = (make.foot(), make.horse() || !make.foot());
        (!foot || m.spent_inf.plus(Mp::ONE) <= m.allowance_inf)
            && (!horse || m.spent_cav.plus(Mp::ONE) <= m.allowance_cav)
    }

    /// The marching force repulses `target` (¶130–¶135): in Forced March it pays 1 MP first
    /// (¶133 2); a success leaves it free to go on (¶131 3), a failure ends its movement (¶132
    /// 1, 4), attrition following as for any march that spent MP.
    pub(crate) fn march_repulse(
        &self,
        s: &mut State,
        mut m: March,
        target: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if m.vedette.is_some() {
            return self.vedette_probe(s, m, target, ev);
        }
        if m.unemployed {
            return Err(Illegal::new(
                "¶130",
                "only a force with combat units may repulse",
            ));
        }
        let from = *m.path.last().unwrap_or(&target);
        if let Some(e) = self.repulse_refused(s, m.leader, Some(from), target) {
            return Err(e);
        }
        let side = self.leader_side(m.leader).unwrap_or(s.phasing);
        if !m.declare && self.revealed_vedettes_only(s, &self.occupancy(s), side.other(), target) {
            return Err(Illegal::new(
                "§74 4",
                format!(
                    "{} holds only revealed vedettes: a vedette is repulsed only on an attempt declared before it was revealed",
                    self.label(target)
                ),
            ));
        }
        let when = if m.how == Activation::ForcedMarch {
            if !self.repulse_mp_left(s, &m) {
                return Err(Illegal::new(
                    "¶133 2",
                    "a repulse in Forced March costs 1 MP, which the force no longer has",
                ));
            }
            m.spent_inf = m.spent_inf.plus(Mp::ONE);
            m.spent_cav = m.spent_cav.plus(Mp::ONE);
            RepulseWhen::ForcedMarch
        } else {
            RepulseWhen::Movement
        };
        m.must_repulse = false;
        // §70: the repulse was declared; now the vedettes are revealed (reading A26's MP).
        self.declared_repulse(s, &mut m, ev);
        let leader = m.leader;
        let before = s.march.replace(m);
        let ok = match self.try_repulse(s, leader, Some(from), target, when, ev) {
            Ok(ok) => ok,
            Err(e) => {
                s.march = before;
                return Err(e);
            }
        };
        if !ok && let Some(m) = s.march.clone() {
            // ¶132: the force ceases movement (and, in Forced March, stays next to the enemy).
            self.march_done(s, m, ev);
        }
        Ok(())
    }
}
