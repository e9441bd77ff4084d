//! II.b Movement Commands, II.c Initiative Movement and III.a Forced March as a state machine
//! (¶86–¶90, ¶97–¶109, ¶117, ¶121–¶126, ¶143), with the Unemployed Leader's and the vedettes'
//! free moves (¶30, §68). A march is ¶89's three steps: activation (a Movement Command, or the
//! Initiative die as a chance node), movement one hex per [`Action::Step`] until `Done` or a
//! ZOC Bond, and the attrition die ([`super::attrition`]).

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{
    Activation, LeaderId, LeaderPlace, March, MarchStage, Phase, State, VedetteId, VedettePlace,
};
use super::super::types::Mp;
use super::super::zoc::Occupancy;
use super::force::{
    CAVALRY_MA, CAVALRY_VEDETTE_MA, INFANTRY_MA, INFANTRY_VEDETTE_MA, UNEMPLOYED_MA,
};
use super::initiative::{Allowance, allowance, cavalry_advantage, exit_modifier};
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, Chance, Illegal, Side};
use crate::hex::{Direction, Hex};

/// What one step costs and does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepCost {
    /// MP for the infantry and artillery.
    pub inf: Mp,
    /// MP for the cavalry.
    pub cav: Mp,
    /// The hex entered is a ZOC Bond (¶125): the march stops there.
    pub bond: bool,
    /// A Forced March step into an enemy ZOC allowed only because a repulse is declared there
    /// (¶133 3): the march must repulse next.
    pub repulse: bool,
}

fn d6(value: u8) -> Action {
    Action::Roll(Roll {
        spec: DiceSpec::D6,
        value,
    })
}

impl Hov {
    /// The side whose forces move in this phase: the phasing player, the other in Forced March
    /// (¶50).
    pub fn moving_side(&self, s: &State) -> Side {
        if s.phase == Phase::ForcedMarch {
            s.phasing.other()
        } else {
            s.phasing
        }
    }

    /// The chance node of a march: its Initiative or attrition die.
    pub(crate) fn march_actor(&self, s: &State) -> Option<Actor> {
        if s.repulse.is_some() {
            return self.repulse_actor(s);
        }
        let m = s.march.as_ref()?;
        match m.stage {
            MarchStage::Initiative | MarchStage::Attrition => {
                Some(Actor::Chance(Chance::Dice(DiceSpec::D6)))
            }
            MarchStage::Moving => None,
        }
    }

    /// The mover's side.
    fn mover_side(&self, m: &March) -> Option<Side> {
        match m.vedette {
            Some(v) => self.manifest.vedettes.get(usize::from(v)).map(|x| x.side),
            None => self.leader_side(m.leader),
        }
    }

    /// The hexes of `side`'s enemies whose ZOC counts for a mover: real forces, and the enemy
    /// vedettes not yet revealed (§70: a revealed vedette's ZOC may be ignored).
    fn enemy_zoc(&self, s: &State, o: &Occupancy, side: Side, hex: Hex) -> bool {
        let enemy = side.other();
        if self.in_zoc_of(s, o, enemy, hex, false) {
            return true;
        }
        s.vedettes.iter().enumerate().any(|(i, v)| {
            let VedettePlace::Map(at) = v.place else {
                return false;
            };
            if v.revealed || self.manifest.vedettes[i].side != enemy {
                return false;
            }
            at == hex
                || Direction::ALL
                    .iter()
                    .any(|&d| at.neighbor(d) == hex && self.zoc_passes(s, at, d))
        })
    }

    /// The legal actions of the Reinforcement, Movement Command, Initiative Movement and
    /// Forced March segments.
    pub(crate) fn movement_actions(&self, s: &State, out: &mut Vec<Action>) {
        if s.phase == Phase::Reinforcements {
            self.entry_actions(s, out);
            out.push(Action::Done);
            return;
        }
        if let Some(m) = &s.march {
            if m.stage == MarchStage::Moving && self.screen_actions(s, m, out) {
                return;
            }
            match m.stage {
                MarchStage::Initiative | MarchStage::Attrition => out.extend((1..=6).map(d6)),
                MarchStage::Moving if m.must_repulse => {
                    // ¶133 3: the step into the enemy ZOC was made on this repulse.
                    let before = out.len();
                    out.extend(
                        self.march_repulses(s, m)
                            .into_iter()
                            .map(|target| Action::Repulse { target }),
                    );
                    if out.len() == before {
                        out.push(Action::Done);
                    }
                }
                MarchStage::Moving => {
                    let steps = self.march_steps(s, m);
                    let can_step = !steps.is_empty();
                    out.extend(steps.into_iter().map(|to| Action::Step { to }));
                    out.extend(
                        self.march_repulses(s, m)
                            .into_iter()
                            .map(|target| Action::Repulse { target }),
                    );
                    out.extend(self.pontoon_options(s, m));
                    out.extend(
                        self.drop_offs(s, m)
                            .into_iter()
                            .map(|leader| Action::DropOff { leader }),
                    );
                    if self.part_end_refused(s, m, can_step).is_none() {
                        out.push(Action::Done);
                    }
                }
            }
            return;
        }
        self.activations(s, out);
        self.sea_actions(s, out);
        out.push(Action::Done);
    }

    /// The hexes the mover may step into now.
    fn march_steps(&self, s: &State, m: &March) -> Vec<Hex> {
        let mut out = Vec::new();
        if self.mover_side(m).is_some()
            && !m.stopped
            && !m.must_repulse
            && let Some(&from) = m.path.last()
        {
            let o = self.occupancy(s);
            for d in Direction::ALL {
                let to = from.neighbor(d);
                if self.check_step_in(s, &o, m, to).is_ok() {
                    out.push(to);
                }
            }
        }
        out
    }

    /// ¶118, ¶120: the other hexes of a Multi-Hex Force join the march; they may not move on
    /// their own this phase, and count in its size for attrition.
    fn with_parts(&self, s: &mut State, mut m: March, parts: &[LeaderId]) -> March {
        for &p in parts {
            m.parts.push(p);
            m.start_sp += self.attrition_size(s, p);
            if !s.marched.contains(&p) && s.phase != Phase::ForcedMarch {
                s.marched.push(p);
            }
            s.leaders[usize::from(p)].tried = true;
        }
        m
    }

    /// Why leader `l` may not be activated now, or `None` when he may.
    pub(crate) fn activation_refused(
        &self,
        s: &State,
        l: LeaderId,
        command: bool,
    ) -> Option<Illegal> {
        self.activation_refused_in(s, l, command, &mut None)
    }

    /// [`Hov::activation_refused`] with the occupancy index of `s` worked out at most once
    /// into `o` (shared by every leader when the activations are listed).
    fn activation_refused_in(
        &self,
        s: &State,
        l: LeaderId,
        command: bool,
        o: &mut Option<Occupancy>,
    ) -> Option<Illegal> {
        let side = self.moving_side(s);
        let Some(info) = self.manifest.leaders.get(usize::from(l)) else {
            return Some(Illegal::new("¶89", format!("no leader #{l}")));
        };
        let name = || format!("{} ({})", info.name, info.id);
        // ¶88 first: an enemy leader is refused for his side alone, so that the refusal says
        // nothing of where he is (¶21).
        if info.side != side {
            return Some(Illegal::new(
                "¶88",
                format!("{} is not of the side moving now", name()),
            ));
        }
        let x = s.leaders[usize::from(l)];
        let LeaderPlace::Map(h) = x.place else {
            return Some(Illegal::new(
                "¶86",
                format!("{} is not a Force Leader on the map", name()),
            ));
        };
        if !self.is_force(s, l) {
            return Some(Illegal::new(
                "¶30",
                format!("{} is an Unemployed Leader: he moves free", name()),
            ));
        }
        if x.dropped {
            return Some(Illegal::new(
                "¶81",
                format!("{} was dropped off and stays put this phase", name()),
            ));
        }
        let again = if s.phase == Phase::ForcedMarch {
            x.tried || x.moved
        } else {
            s.marched.contains(&l)
        };
        if again {
            return Some(Illegal::new(
                "¶88, ¶99, ¶108",
                format!(
                    "{}'s force has already moved or tried to in this phase",
                    name()
                ),
            ));
        }
        if command {
            if s.commands[side.index()] == 0 {
                return Some(Illegal::new(
                    "§213",
                    "no Movement Command is left this turn",
                ));
            }
            let o = o.get_or_insert_with(|| self.occupancy(s));
            if self.enemy_zoc(s, o, side, h) {
                return Some(Illegal::new(
                    "¶89, ¶98, ¶105",
                    format!(
                        "{} is in an enemy ZOC: he may leave it only by Initiative",
                        name()
                    ),
                ));
            }
            if !self.in_dispatch(s, self.leader_army(l), h) {
                return Some(Illegal::new(
                    "¶89, ¶98, §27",
                    format!("{} has no Dispatch Distance to an active depot", name()),
                ));
            }
        }
        None
    }

    fn activations(&self, s: &State, out: &mut Vec<Action>) {
        let side = self.moving_side(s);
        let free = matches!(s.phase, Phase::InitiativeMovement | Phase::ForcedMarch);
        let mut o = None;
        for (i, x) in s.leaders.iter().enumerate() {
            let l = i as LeaderId;
            if self.manifest.leaders[i].side != side || !matches!(x.place, LeaderPlace::Map(_)) {
                continue;
            }
            if !self.is_force(s, l) {
                // ¶30 1: only a leader judged Unemployed as the Movement Phase began.
                if free && !x.moved && x.unemployed {
                    out.push(Action::MoveFree {
                        leader: Some(l),
                        vedette: None,
                    });
                }
                continue;
            }
            match s.phase {
                Phase::MovementCommands
                    if self.activation_refused_in(s, l, true, &mut o).is_none() =>
                {
                    out.push(Action::Command {
                        leader: l,
                        parts: Vec::new(),
                    });
                    // ¶84, ¶99 2: with the Force Leaders of adjacent hexes.
                    out.extend(
                        self.multi_hex_options(s, l, true)
                            .into_iter()
                            .map(|parts| Action::Command { leader: l, parts }),
                    );
                }
                Phase::InitiativeMovement | Phase::ForcedMarch
                    if self.activation_refused_in(s, l, false, &mut o).is_none() =>
                {
                    out.push(Action::Initiative {
                        leader: l,
                        parts: Vec::new(),
                    });
                    // ¶120 (none in Forced March, ¶50 4).
                    out.extend(
                        self.multi_hex_options(s, l, false)
                            .into_iter()
                            .map(|parts| Action::Initiative { leader: l, parts }),
                    );
                }
                _ => {}
            }
        }
        if free {
            for (i, v) in s.vedettes.iter().enumerate() {
                if self.manifest.vedettes[i].side == side
                    && matches!(v.place, VedettePlace::Map(_))
                    && !v.moved
                {
                    out.push(Action::MoveFree {
                        leader: None,
                        vedette: Some(i as VedetteId),
                    });
                }
            }
        }
    }

    /// A new march for leader `l`'s force.
    pub(crate) fn new_march(
        &self,
        s: &State,
        l: LeaderId,
        how: Activation,
        stage: MarchStage,
    ) -> March {
        let at = self.leader_hex(s, l).unwrap_or_default();
        let entry = s
            .entered
            .iter()
            .find(|(x, _)| *x == l)
            .map_or(Mp::ZERO, |e| e.1);
        let o = self.occupancy(s);
        let side = self.leader_side(l).unwrap_or(s.phasing);
        March {
            leader: l,
            parts: Vec::new(),
            how,
            allowance_inf: INFANTRY_MA,
            allowance_cav: CAVALRY_MA,
            spent_inf: entry,
            spent_cav: entry,
            start_sp: self.attrition_size(s, l),
            path: alloc::vec![at],
            one_mp: false,
            vedette: None,
            unemployed: false,
            stage,
            // ¶126, §68 item 3: only real forces' ZOCs make the roll harder.
            from_ezoc: self.in_zoc_of(s, &o, side.other(), at, false),
            stopped: false,
            // ¶92: a reinforcement may trace to the nearest Supply Source of its army.
            no_loc: !self.march_dispatch(s, l, at),
            must_repulse: false,
            moved_parts: Vec::new(),
            bridge_mp: Mp::ZERO,
            declare: false,
            probe: Vec::new(),
        }
    }

    /// Applies an action of the movement segments. `Ok(true)` ends the phase.
    pub(crate) fn movement_step(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<bool, Illegal> {
        if s.phase == Phase::Reinforcements {
            return self.entry_step(s, a, ev);
        }
        if let Some(m) = s.march.clone() {
            // §70, §71: a declaration, or a probing vedette's retreat.
            if m.stage == MarchStage::Moving
                && let Some(r) = self.screen_step(s, &m, a, ev)
            {
                return r;
            }
            return match (m.stage, a) {
                (MarchStage::Initiative, Action::Roll(r))
                    if r.spec == DiceSpec::D6 && (1..=6).contains(&r.value) =>
                {
                    self.initiative_rolled(s, m, r.value, ev);
                    Ok(false)
                }
                (MarchStage::Attrition, Action::Roll(r))
                    if r.spec == DiceSpec::D6 && (1..=6).contains(&r.value) =>
                {
                    self.attrition_rolled(s, &m, r.value, ev);
                    Ok(false)
                }
                (MarchStage::Initiative | MarchStage::Attrition, _) => Err(Illegal::new(
                    if m.stage == MarchStage::Initiative {
                        "¶102"
                    } else {
                        "¶137"
                    },
                    "a die (1d6) is rolled now",
                )),
                (MarchStage::Moving, Action::Pontoon { side, deploy }) if !m.must_repulse => {
                    self.pontoon_step(s, m, *side, *deploy, ev)?;
                    Ok(false)
                }
                (MarchStage::Moving, Action::Repulse { target }) => {
                    self.march_repulse(s, m, *target, ev)?;
                    Ok(false)
                }
                (MarchStage::Moving, _) if m.must_repulse => Err(Illegal::new(
                    "¶133",
                    "the force entered the enemy ZOC declaring a repulse: it must repulse now",
                )),
                (MarchStage::Moving, Action::Step { to }) => {
                    self.step_to(s, m, *to, ev)?;
                    Ok(false)
                }
                (MarchStage::Moving, Action::DropOff { leader }) => {
                    self.drop_off(s, &m, *leader, ev)?;
                    Ok(false)
                }
                (MarchStage::Moving, Action::Done) => {
                    let can_step = !self.march_steps(s, &m).is_empty();
                    if let Some(e) = self.part_end_refused(s, &m, can_step) {
                        return Err(e);
                    }
                    self.march_done(s, m, ev);
                    Ok(false)
                }
                (MarchStage::Moving, other) => Err(Illegal::new(
                    "¶88",
                    format!("{other:?}: a force is on the march; step, or end it with Done"),
                )),
            };
        }
        let side = self.moving_side(s);
        match a {
            Action::Done => Ok(true),
            Action::SeaMove { leader, to } => {
                self.sea_move(s, *leader, *to, ev)?;
                Ok(false)
            }
            Action::Command { leader, parts } if s.phase == Phase::MovementCommands => {
                if let Some(e) = self.activation_refused(s, *leader, true) {
                    return Err(e);
                }
                if let Some(e) = self.multi_hex_refused(s, *leader, parts, true) {
                    return Err(e);
                }
                s.commands[side.index()] -= 1;
                ev.push(Event::Commanded {
                    side,
                    leader: *leader,
                    left: s.commands[side.index()],
                });
                let mut m = self.new_march(s, *leader, Activation::Command, MarchStage::Moving);
                self.declare_at_start(s, &mut m);
                let m = self.with_parts(s, m, parts);
                s.marched.push(*leader);
                s.leaders[usize::from(*leader)].tried = true;
                s.march = Some(m);
                Ok(false)
            }
            Action::Initiative { leader, parts }
                if matches!(s.phase, Phase::InitiativeMovement | Phase::ForcedMarch) =>
            {
                if let Some(e) = self.activation_refused(s, *leader, false) {
                    return Err(e);
                }
                if let Some(e) = self.multi_hex_refused(s, *leader, parts, false) {
                    return Err(e);
                }
                let how = if s.phase == Phase::ForcedMarch {
                    Activation::ForcedMarch
                } else {
                    Activation::Initiative
                };
                let m = self.new_march(s, *leader, how, MarchStage::Initiative);
                let m = self.with_parts(s, m, parts);
                if s.phase != Phase::ForcedMarch {
                    s.marched.push(*leader);
                }
                s.leaders[usize::from(*leader)].tried = true;
                s.march = Some(m);
                Ok(false)
            }
            Action::MoveFree { leader, vedette }
                if matches!(s.phase, Phase::InitiativeMovement | Phase::ForcedMarch) =>
            {
                let mut legal = Vec::new();
                self.activations(s, &mut legal);
                if !legal.contains(a) {
                    return Err(Illegal::new(
                        "¶30, §68",
                        "only an Unemployed Leader or a vedette of the moving side, not yet moved this phase, moves free",
                    ));
                }
                let m = match (leader, vedette) {
                    (Some(l), None) => {
                        let mut m = self.new_march(s, *l, Activation::Free, MarchStage::Moving);
                        m.unemployed = true;
                        m.allowance_inf = Mp::ZERO;
                        m.allowance_cav = UNEMPLOYED_MA;
                        m.spent_inf = Mp::ZERO;
                        m.from_ezoc = false;
                        s.leaders[usize::from(*l)].moved = true;
                        m
                    }
                    (None, Some(v)) => {
                        let VedettePlace::Map(at) = s.vedettes[usize::from(*v)].place else {
                            return Err(Illegal::new("§68", "the vedette is not on the map"));
                        };
                        let cav = self.manifest.vedettes[usize::from(*v)].cavalry;
                        let vs = &mut s.vedettes[usize::from(*v)];
                        vs.moved = true;
                        // §68: revealed until it next moves.
                        vs.revealed = false;
                        March {
                            leader: 0,
                            parts: Vec::new(),
                            how: Activation::Free,
                            allowance_inf: if cav { Mp::ZERO } else { INFANTRY_VEDETTE_MA },
                            allowance_cav: if cav { CAVALRY_VEDETTE_MA } else { Mp::ZERO },
                            spent_inf: Mp::ZERO,
                            spent_cav: Mp::ZERO,
                            start_sp: 0,
                            path: alloc::vec![at],
                            one_mp: false,
                            vedette: Some(*v),
                            unemployed: false,
                            stage: MarchStage::Moving,
                            from_ezoc: false,
                            stopped: false,
                            no_loc: false,
                            must_repulse: false,
                            moved_parts: Vec::new(),
                            bridge_mp: Mp::ZERO,
                            declare: false,
                            probe: Vec::new(),
                        }
                    }
                    _ => {
                        return Err(Illegal::new(
                            "¶30, §68",
                            "name either a leader or a vedette",
                        ));
                    }
                };
                s.march = Some(m);
                Ok(false)
            }
            other => Err(Illegal::new(
                "¶89",
                format!(
                    "`{}` is not a decision of {}",
                    other.name(),
                    s.phase.title()
                ),
            )),
        }
    }

    /// ¶102–¶107, ¶126–¶127: the Initiative die decides what the force may spend.
    pub(crate) fn initiative_rolled(
        &self,
        s: &mut State,
        mut m: March,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let side = self.leader_side(m.leader).unwrap_or(s.phasing);
        let initiative = self.initiative_of(s, m.leader);
        let modifier = if m.from_ezoc {
            let (passive, theirs) = self.resistance_of(s, side, m.path[0]);
            let ours = self.counting_cavalry(s, m.leader);
            exit_modifier(
                self.charts.resistance(initiative, passive),
                cavalry_advantage(ours, theirs),
                true,
            )
        } else {
            0
        };
        let a = allowance(i16::from(roll) + i16::from(modifier), initiative);
        m.allowance_inf = a.of(INFANTRY_MA);
        m.allowance_cav = a.of(CAVALRY_MA);
        m.one_mp = a == Allowance::OneMp;
        ev.push(Event::InitiativeRoll {
            side,
            leader: m.leader,
            roll,
            modifier,
            initiative,
            allowance: m.allowance_inf.max(m.allowance_cav),
        });
        // §185 (option `sound-of-the-guns`): a roll above the Initiative fails (¶102).
        self.note_failed_forced(s, &m, matches!(a, Allowance::Full | Allowance::LessOne));
        if a == Allowance::None {
            // ¶104: no move this phase or segment; a force that does not move takes no
            // attrition (reading C1).
            self.end_march(s, &m, "¶104", ev);
            return;
        }
        m.stage = MarchStage::Moving;
        // §70 3: a force beginning its move in what may be a ZOC Bond declares first.
        self.declare_at_start(s, &mut m);
        s.march = Some(m);
    }

    /// ¶106–¶107, ¶127, §36: the highest Initiative among the enemy forces whose ZOC holds
    /// `hex` (a garrison counts 1), and their counting cavalry.
    pub fn resistance_of(&self, s: &State, side: Side, hex: Hex) -> (u8, u32) {
        let enemy = side.other();
        let o = self.occupancy(s);
        let mut around: Vec<Hex> = alloc::vec![hex];
        for d in Direction::ALL {
            let n = hex.neighbor(d);
            if self.zoc_passes(s, n, d.opposite()) {
                around.push(n);
            }
        }
        let mut best = 0u8;
        let mut cav = 0u32;
        for &h in &around {
            if !o.real_at(enemy, h) {
                continue;
            }
            // A garrison or supply-source garrison alone still resists with Initiative 1.
            best = best.max(1);
            for (i, x) in s.leaders.iter().enumerate() {
                let l = i as LeaderId;
                if x.place == LeaderPlace::Map(h)
                    && self.manifest.leaders[i].side == enemy
                    && self.is_force(s, l)
                {
                    best = best.max(self.initiative_of(s, l));
                    cav += self.counting_cavalry(s, l);
                }
            }
        }
        (best.max(1), cav)
    }

    /// Whether the mover may step into `to`, and what it costs (¶109–¶117, ¶123–¶125, ¶143,
    /// ¶30, §68).
    pub fn check_step(&self, s: &State, m: &March, to: Hex) -> Result<StepCost, Illegal> {
        self.check_step_in(s, &self.occupancy(s), m, to)
    }

    /// [`Hov::check_step`] with the occupancy index of `s` given (one for all six steps when
    /// they are listed).
    fn check_step_in(
        &self,
        s: &State,
        o: &Occupancy,
        m: &March,
        to: Hex,
    ) -> Result<StepCost, Illegal> {
        let Some(side) = self.mover_side(m) else {
            return Err(Illegal::new("¶86", "no force is moving"));
        };
        let from = *m.path.last().unwrap_or(&to);
        let Some(d) = from.direction_to(to) else {
            return Err(Illegal::new(
                "¶86",
                format!("{} is not next to {}", self.label(to), self.label(from)),
            ));
        };
        if m.stopped {
            return Err(Illegal::new("¶125", "the force has stopped in a ZOC Bond"));
        }
        if !self.in_area(to) {
            return Err(Illegal::new(
                "¶116, §221",
                format!(
                    "{} is off the map or outside the scenario's area",
                    self.label(to)
                ),
            ));
        }
        if o.holds(side.other(), to) {
            return Err(Illegal::new(
                "¶117",
                format!("{} holds an enemy counter", self.label(to)),
            ));
        }
        // §47 1: nothing enters or leaves a masked Fort.
        if let Some(f) = [from, to]
            .into_iter()
            .find(|&x| s.masks.iter().any(|k| k.hex == x && k.masked))
        {
            return Err(Illegal::new(
                "§47 1",
                format!(
                    "{} is a masked Fort: nothing enters or leaves it",
                    self.label(f)
                ),
            ));
        }
        let (foot, horse) = match m.vedette {
            Some(_) => (m.allowance_inf > Mp::ZERO, m.allowance_cav > Mp::ZERO),
            None if m.unemployed => (false, true),
            None => {
                // A Force Leader who has dropped off every unit goes on at cavalry costs.
                let make = self.force_make(s, m.leader);
                (make.foot(), make.horse() || !make.foot())
            }
        };
        let cost = |cav: bool| {
            self.step_cost(s, from, d, cav).ok_or_else(|| {
                Illegal::new(
                    "¶113, ¶116, §35",
                    format!(
                        "the way from {} to {} is impassable (lake, primary river without a standing bridge, or off the map)",
                        self.label(from),
                        self.label(to)
                    ),
                )
            })
        };
        let mut inf = if foot { cost(false)? } else { Mp::ZERO };
        let mut cav = if horse { cost(true)? } else { Mp::ZERO };
        let mut bond = false;
        let mut repulse = false;
        if !m.unemployed {
            // ¶123: entering an EZOC costs ½ MP more; ¶124: so does leaving one, except for
            // all-cavalry forces and vedettes; §68 item 3: a vedette's ZOC is ignored when
            // leaving it.
            let enters = self.enemy_zoc(s, o, side, to);
            self.artillery_may_enter(s, m, enters, to)?;
            let leaves = self.in_zoc_of(s, o, side.other(), from, false);
            let extra = Mp::HALF;
            if enters {
                inf = inf.plus(extra);
                cav = cav.plus(extra);
            }
            if leaves && m.vedette.is_none() && foot {
                inf = inf.plus(extra);
                cav = cav.plus(extra);
            }
            // ¶125, §70: a bond as the mover sees it (unrevealed vedettes counted as forces)
            // stops the march until it has declared whether it repulses.
            bond = self.bond_sources(s, o, side.other(), to).0 >= 2;
            // ¶143: in Forced March an EZOC is entered only where a friendly unit already in
            // an EZOC is in or next to the hex (repulse aside, ¶133).
            if enters && m.how == Activation::ForcedMarch {
                let own = m.path[0];
                let ok = core::iter::once(to)
                    .chain(Direction::ALL.iter().map(|&d| to.neighbor(d)))
                    .any(|h| {
                        h != own
                            && h != from
                            && o.real_at(side, h)
                            && self.in_zoc_of(s, o, side.other(), h, false)
                    });
                // ¶133 3: unless a repulse is declared on entering.
                let fits = (!foot || m.spent_inf.plus(inf).plus(Mp::ONE) <= m.allowance_inf)
                    && (!horse || m.spent_cav.plus(cav).plus(Mp::ONE) <= m.allowance_cav);
                repulse = !ok
                    && fits
                    && m.vedette.is_none()
                    && Direction::ALL.iter().any(|&d| {
                        self.repulse_refused(s, m.leader, Some(to), to.neighbor(d))
                            .is_none()
                    });
                if !ok && !repulse {
                    return Err(Illegal::new(
                        "¶143",
                        format!(
                            "in Forced March {} may be entered only in or next to a friendly unit already in an enemy ZOC",
                            self.label(to)
                        ),
                    ));
                }
            }
        }
        // ¶109: every unit must be able to pay; ¶103: one MP, no hex that costs more; ¶133 2:
        // the repulse declared on entering will cost 1 MP more.
        let extra = if repulse { Mp::ONE } else { Mp::ZERO };
        if (foot && m.spent_inf.plus(inf).plus(extra) > m.allowance_inf)
            || (horse && m.spent_cav.plus(cav).plus(extra) > m.allowance_cav)
        {
            return Err(Illegal::new(
                "¶109",
                format!(
                    "entering {} costs {} (infantry) / {} (cavalry) MP; the force has {} / {} left",
                    self.label(to),
                    inf,
                    cav,
                    m.allowance_inf.minus(m.spent_inf),
                    m.allowance_cav.minus(m.spent_cav)
                ),
            ));
        }
        Ok(StepCost {
            inf,
            cav,
            bond,
            repulse,
        })
    }

    pub(crate) fn step_to(
        &self,
        s: &mut State,
        mut m: March,
        to: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let c = self.check_step(s, &m, to)?;
        if m.vedette.is_none() && !m.unemployed {
            self.leave_trains(s, &m, ev);
        }
        let side = self.mover_side(&m).unwrap_or(s.phasing);
        let from = *m.path.last().unwrap_or(&to);
        m.spent_inf = m.spent_inf.plus(c.inf);
        m.spent_cav = m.spent_cav.plus(c.cav);
        m.path.push(to);
        match m.vedette {
            Some(v) => {
                s.vedettes[usize::from(v)].place = VedettePlace::Map(to);
            }
            None => s.leaders[usize::from(m.leader)].place = LeaderPlace::Map(to),
        }
        ev.push(Event::Moved {
            side,
            leader: m.leader,
            to,
            spent_inf: m.spent_inf,
            spent_cav: m.spent_cav,
        });
        ev.push(Event::CounterMoved {
            side,
            from,
            to,
            unemployed: m.unemployed,
        });
        if c.bond {
            m.stopped = true;
        }
        m.must_repulse = c.repulse;
        // §70: the mover declares before the vedettes there are revealed.
        m.declare = c.bond || c.repulse;
        // §68 item 2: a vedette captures no pontoon (a Cossack may).
        if m.vedette
            .is_none_or(|v| self.manifest.vedettes[usize::from(v)].cossack)
        {
            self.cross_pontoon(s, side, from, to, ev);
        }
        self.capture_trains(s, &m, to, ev);
        let declare = m.declare;
        s.march = Some(m);
        if !declare {
            self.reveal_vedettes(s, ev);
        }
        Ok(())
    }

    /// §68: vedettes next to an enemy real force are revealed (until they next move).
    pub fn reveal_vedettes(&self, s: &mut State, ev: &mut Vec<Event>) {
        let o = self.occupancy(s);
        for i in 0..s.vedettes.len() {
            let VedettePlace::Map(at) = s.vedettes[i].place else {
                continue;
            };
            if s.vedettes[i].revealed {
                continue;
            }
            let enemy = self.manifest.vedettes[i].side.other();
            let near = Direction::ALL
                .iter()
                .any(|&d| o.real_at(enemy, at.neighbor(d)));
            if near {
                s.vedettes[i].revealed = true;
                ev.push(Event::VedetteRevealed {
                    vedette: i as u16,
                    hex: at,
                });
            }
        }
    }

    /// ¶81, ¶118 3: the subordinates who may be dropped off where the Force Leader now is —
    /// any hex he has passed into, not the one he set out from (that would be a detachment,
    /// a Command Phase decision).
    pub fn drop_offs(&self, s: &State, m: &March) -> Vec<LeaderId> {
        if m.vedette.is_some() || m.unemployed || m.path.len() < 2 {
            return Vec::new();
        }
        (0..s.leaders.len() as LeaderId)
            .filter(|&l| s.leaders[usize::from(l)].place == LeaderPlace::Portrait(m.leader))
            .collect()
    }

    /// ¶81–¶82: a subordinate is dropped off with his track: a new force on the map that stays
    /// put for the rest of the phase; the march goes on at the pace of what is left.
    fn drop_off(
        &self,
        s: &mut State,
        m: &March,
        l: LeaderId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if !self.drop_offs(s, m).contains(&l) {
            return Err(Illegal::new(
                "¶81",
                format!(
                    "leader #{l} is not a subordinate of the marching Force Leader, or the force has not yet left its hex"
                ),
            ));
        }
        let side = self.mover_side(m).unwrap_or(s.phasing);
        let hex = *m.path.last().unwrap_or(&m.path[0]);
        let x = &mut s.leaders[usize::from(l)];
        x.place = LeaderPlace::Map(hex);
        x.dropped = true;
        x.dropped_from = Some(m.leader);
        x.moved = true;
        x.tried = true;
        if !s.marched.contains(&l) {
            s.marched.push(l);
        }
        ev.push(Event::DroppedOff {
            side,
            leader: l,
            from: m.leader,
            hex,
        });
        ev.push(Event::CounterEntered { side, hex });
        Ok(())
    }

    /// `Done` on the march: step 3, attrition, for a force that spent MP (¶136–¶137; reading
    /// C1: a force that does not move takes none; ¶30, §68: none for Unemployed Leaders and
    /// vedettes).
    pub(crate) fn march_done(&self, s: &mut State, m: March, ev: &mut Vec<Event>) {
        // ¶118: the next hex of a Multi-Hex Force moves.
        if let Some(next) = self.next_part(s, &m) {
            s.march = Some(next);
            return;
        }
        let moved = m.path.len() > 1 || m.moved_parts.iter().any(|p| p.path.len() > 1);
        let mut m = self.close_parts(m);
        let spent = m.spent_inf.max(m.spent_cav) > Mp::ZERO && moved;
        // §49: no attrition for a force ending its march in a Fort (reading N33).
        let in_fort = m
            .path
            .last()
            .is_some_and(|&h| self.board.hex(h).settlement.fort());
        if m.vedette.is_none() && !m.unemployed && spent && !in_fort && self.attrition_due(s, &m) {
            m.stage = MarchStage::Attrition;
            s.march = Some(m);
            return;
        }
        self.end_march(s, &m, "¶88", ev);
    }

    /// The march is over: the force may not move again this phase (¶88).
    pub(crate) fn end_march(
        &self,
        s: &mut State,
        m: &March,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        let side = self.mover_side(m).unwrap_or(s.phasing);
        // §76 2: one vedette a hex.
        if let Some(v) = m.vedette {
            self.vedette_alone(s, v, ev);
        }
        if m.vedette.is_none() {
            for l in Self::march_hex_leaders(m) {
                let x = &mut s.leaders[usize::from(l)];
                x.moved = true;
                x.tried = true;
            }
            // ¶80 1, ¶78: no march ends in an Insubordinate Stack.
            self.insubordinate_arrival(s, m, ev);
        }
        s.march = None;
        ev.push(Event::MarchEnds {
            side,
            leader: m.vedette.unwrap_or(m.leader),
            rule: Cow::Borrowed(rule),
        });
        self.reveal_vedettes(s, ev);
    }
}
