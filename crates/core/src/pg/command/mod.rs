//! Army activation (4.1, 4.3) and command determination (4.2, 4.4, 4.5).

mod activation;

use alloc::vec::Vec;

use super::Pg;
use super::action::Action;
use super::event::Event;
use super::state::{Cmd, Off, Phase, State};
use super::units::{Arm, Special};
use crate::engine::{Illegal, Side};

impl Pg {
    /// The AM cost of the side's next activation attempt (4.1.1; scenario data).
    pub(crate) fn activation_cost(&self, s: &State, side: Side) -> i16 {
        let list = &self.params.activation_cost[side.index()];
        let n = usize::from(s.armies[side.index()].attempts);
        list.get(n).or(list.last()).copied().unwrap_or(0)
    }

    /// Activates a side's army; its detachments are dissolved (4.3.1).
    pub(crate) fn activate(
        &self,
        s: &mut State,
        side: Side,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        if s.armies[side.index()].activated {
            return;
        }
        s.armies[side.index()].activated = true;
        s.armies[side.index()].auto_due = false;
        for (g, info) in self.pieces.groups.iter().enumerate() {
            if info.side == side && info.detachment {
                s.det_active[g] = false;
            }
        }
        ev.push(Event::Activated {
            side,
            detachment: None,
            rule: super::event::Rule(rule),
        });
    }

    /// The group a wing belongs to now: a detachment's wings rejoin their basic group once the
    /// army is activated (4.3.1).
    pub(crate) fn group_of_wing(&self, s: &State, w: u8) -> usize {
        let wing = &self.pieces.wings[usize::from(w)];
        let g = usize::from(wing.group);
        if self.pieces.groups[g].detachment && s.armies[wing.side.index()].activated {
            usize::from(wing.side.0 * 2 + u8::from(!wing.has_infantry))
        } else {
            g
        }
    }

    /// Whether a group rolls for command this turn: its side's army is active, or it is an
    /// active detachment (4.3, 4.5).
    fn group_rolls(&self, s: &State, g: usize) -> bool {
        let info = &self.pieces.groups[g];
        if info.side != s.active {
            return false;
        }
        if info.detachment {
            s.det_active[g] && !s.armies[info.side.index()].activated
        } else {
            s.armies[info.side.index()].activated
        }
    }

    /// Legal actions of the command phases.
    pub(crate) fn command_actions(&self, s: &State, out: &mut Vec<Action>) {
        match s.phase {
            Phase::Activation => {
                out.push(Action::AttemptActivation);
                out.push(Action::DeclineActivation);
            }
            Phase::Command => {
                for (w, wing) in self.pieces.wings.iter().enumerate() {
                    if wing.side == s.active && s.wing_ic[w] {
                        out.push(Action::Deploy { wing: w as u8 });
                    }
                }
                // 4.2.2: two units of the Active player's army each turn (the other side's
                // traces of its own turn do not count).
                for (i, u) in s.units.iter().enumerate() {
                    let p = &self.pieces.units[i];
                    if p.arm != Arm::Artillery
                        || p.side != s.active
                        || u.off != Off::No
                        || !u.in_column
                    {
                        continue;
                    }
                    let near = self.pieces.wings.iter().enumerate().any(|(w, wing)| {
                        s.wing_deployed[w]
                            && wing
                                .leader
                                .is_some_and(|l| s.leaders[usize::from(l)].hex.distance(u.hex) <= 5)
                    });
                    if near {
                        out.push(Action::ArtilleryDeploy { unit: i as u16 });
                    }
                }
                if let Some(ac) = self.pieces.commander[s.active.index()] {
                    let x = &s.leaders[usize::from(ac)];
                    let leads_ic_wing = self.pieces.leaders[usize::from(ac)]
                        .leads
                        .is_some_and(|w| s.wing_ic[usize::from(w)]);
                    if x.present && x.in_column && !leads_ic_wing {
                        out.push(Action::CommanderDeploy);
                    }
                }
                let traced = self.traced_to_commander(s);
                if traced < 2 {
                    if let Some(ac) = self.pieces.commander[s.active.index()]
                        .filter(|&l| s.leaders[usize::from(l)].present)
                    {
                        let ac_hex = s.leaders[usize::from(ac)].hex;
                        for (i, u) in s.units.iter().enumerate() {
                            // 4.2.2 (reading, option `commander_trace`): within the 5-hex
                            // command radius unless the scenario reads the trace as unlimited.
                            if u.ooc
                                && !u.ac_trace
                                && self.is_combat(i as u16)
                                && (self.params.commander_trace_any_distance
                                    || u.hex.distance(ac_hex) <= 5)
                            {
                                out.push(Action::TraceToCommander { unit: i as u16 });
                            }
                        }
                    }
                }
                out.push(Action::EndCommand);
            }
            Phase::SpecialLeader(l) => {
                for w in 0..self.pieces.wings.len() as u8 {
                    if self.special_target_ok(s, u16::from(l), w) {
                        out.push(Action::SpecialAffect { wing: w });
                    }
                }
                out.push(Action::SpecialPass);
            }
            _ => {}
        }
    }

    fn traced_to_commander(&self, s: &State) -> usize {
        s.units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.ac_trace && self.pieces.units[*i].side == s.active)
            .count()
    }

    /// Why a command decision that is not legal now is refused, when a more specific rule than
    /// the phase's can be named (4.2.1, 4.2.2).
    pub(crate) fn command_refusal(&self, s: &State, a: &Action) -> Option<Illegal> {
        match (s.phase, a) {
            (Phase::SpecialLeader(l), Action::SpecialAffect { wing }) => {
                let w = self.pieces.wings.get(usize::from(*wing))?;
                let kind_ok = match self.pieces.leaders[usize::from(l)].special {
                    Special::Infantry => w.has_infantry,
                    Special::Cavalry => !w.has_infantry,
                    Special::Any | Special::No => true,
                };
                Some(if !kind_ok {
                    Illegal::new(
                        "4.2.1",
                        "an \"I\" special leader may affect only wings with infantry, a \"C\" one only wings without",
                    )
                } else if s.groups[self.group_of_wing(s, *wing)] != Cmd::Degraded
                    || s.wing_rescued[usize::from(*wing)]
                {
                    Illegal::new("4.5", "the wing is not Degraded")
                } else {
                    Illegal::new(
                        "4.5",
                        "a special leader must lead the wing or be stacked with its Wing Leader",
                    )
                })
            }
            (Phase::Command, Action::TraceToCommander { unit }) => {
                let x = s.units.get(usize::from(*unit))?;
                Some(Illegal::new(
                    "4.2.2",
                    if !self.is_combat(*unit) {
                        "artillery traces command to any friendly leader, not through the Army Commander"
                    } else if self.pieces.units[usize::from(*unit)].side != s.active || !x.ooc {
                        "only an out-of-command unit of the Active player traces to the Army Commander"
                    } else if self.traced_to_commander(s) >= 2 {
                        "only two inf/cav units a turn may trace command to the Army Commander"
                    } else if !self.pieces.commander[s.active.index()]
                        .is_some_and(|l| s.leaders[usize::from(l)].present)
                    {
                        "the Army Commander is not on the map"
                    } else {
                        "the Army Commander is more than 5 hexes from the unit (the command radius; option commander_trace)"
                    },
                ))
            }
            _ => None,
        }
    }

    fn special_target_ok(&self, s: &State, l: u16, w: u8) -> bool {
        let g = self.group_of_wing(s, w);
        s.groups[g] == Cmd::Degraded
            && !s.wing_rescued[usize::from(w)]
            && self.special_may_affect(s, l, w)
    }

    /// Applies a command-phase action (already checked to be listed).
    pub(crate) fn apply_command(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = s.active;
        match (s.phase, a) {
            (Phase::Activation, Action::AttemptActivation) => {
                let cost = self.activation_cost(s, side);
                s.armies[side.index()].am -= cost;
                s.armies[side.index()].attempts += 1;
                s.phase = Phase::ActivationRoll;
            }
            (Phase::Activation, Action::DeclineActivation) => {
                ev.push(Event::TurnSkipped { side });
                self.end_player_turn(s, ev);
            }
            (Phase::ActivationRoll, Action::Roll(r)) => {
                let init = self.commander_initiative(s, side);
                let total = r.value + init;
                let cost = self.activation_cost_paid(s, side);
                ev.push(Event::ActivationRoll {
                    side,
                    roll: r.value,
                    total,
                    needed: 7,
                    cost,
                    rule: super::event::Rule("4.1.1"),
                });
                if total >= 7 {
                    self.activate(s, side, "4.1.1", ev);
                    self.begin_command(s, ev);
                } else if self.has_active_detachment(s, side) {
                    self.begin_command(s, ev);
                } else {
                    ev.push(Event::TurnSkipped { side });
                    self.end_player_turn(s, ev);
                }
            }
            (Phase::Command, Action::Deploy { wing }) => {
                self.deploy_wing(s, *wing, "7.6.2", None, ev);
                s.wing_deployed[usize::from(*wing)] = true;
            }
            (Phase::Command, Action::CommanderDeploy) => {
                if let Some(ac) = self.pieces.commander[s.active.index()] {
                    s.leaders[usize::from(ac)].in_column = false;
                }
            }
            (Phase::Command, Action::ArtilleryDeploy { unit }) => {
                s.units[usize::from(*unit)].in_column = false;
            }
            (Phase::Command, Action::TraceToCommander { unit }) => {
                let u = &mut s.units[usize::from(*unit)];
                u.ac_trace = true;
                u.ooc = false;
                ev.push(Event::TracedToCommander { unit: *unit });
            }
            (Phase::Command, Action::EndCommand) => self.next_group_roll(s, 0, ev),
            (Phase::GroupRoll(g), Action::Roll(r)) => {
                let rating = self.pieces.groups[usize::from(g)].rating;
                let effective = r.value <= rating;
                s.groups[usize::from(g)] = if effective {
                    Cmd::Effective
                } else {
                    Cmd::Degraded
                };
                ev.push(Event::GroupRoll {
                    group: g,
                    roll: r.value,
                    rating,
                    effective,
                });
                self.next_group_roll(s, g + 1, ev);
            }
            (Phase::SpecialLeader(l), Action::SpecialAffect { wing }) => {
                s.special_done[usize::from(l)] = true;
                s.phase = Phase::SpecialRoll(l, *wing);
            }
            (Phase::SpecialLeader(l), Action::SpecialPass) => {
                s.special_done[usize::from(l)] = true;
                self.next_special(s, ev);
            }
            (Phase::SpecialRoll(l, w), Action::Roll(r)) => {
                let init = self.pieces.leaders[usize::from(l)].initiative;
                let effective = r.value <= init;
                ev.push(Event::SpecialRoll {
                    leader: u16::from(l),
                    wing: w,
                    roll: r.value,
                    effective,
                });
                if effective {
                    s.wing_rescued[usize::from(w)] = true;
                    // 4.5: and any artillery stacked with the special leader.
                    let hex = s.leaders[usize::from(l)].hex;
                    for (i, u) in s.units.iter_mut().enumerate() {
                        let p = &self.pieces.units[i];
                        if u.off == Off::No
                            && u.hex == hex
                            && p.arm == Arm::Artillery
                            && p.side == s.active
                        {
                            u.art_effective = true;
                        }
                    }
                }
                self.next_special(s, ev);
            }
            (phase, a) => {
                return Err(Illegal::new(
                    "engine",
                    alloc::format!("{a:?} is not a decision of {phase:?}"),
                ));
            }
        }
        Ok(())
    }

    fn activation_cost_paid(&self, s: &State, side: Side) -> i16 {
        let list = &self.params.activation_cost[side.index()];
        let n = usize::from(s.armies[side.index()].attempts.saturating_sub(1));
        list.get(n).or(list.last()).copied().unwrap_or(0)
    }

    pub(crate) fn has_active_detachment(&self, s: &State, side: Side) -> bool {
        self.pieces
            .groups
            .iter()
            .enumerate()
            .any(|(g, i)| i.side == side && i.detachment && s.det_active[g])
    }

    /// Begins phase 2 (Command Determination): out-of-command status (4.2.2), then the
    /// deploy-from-column choices (4.4).
    pub(crate) fn begin_command(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.active;
        for g in 0..s.groups.len() {
            if self.pieces.groups[g].side == side {
                s.groups[g] = Cmd::Unrolled;
            }
        }
        for w in 0..s.wing_rescued.len() {
            if self.pieces.wings[w].side == side {
                s.wing_rescued[w] = false;
                s.wing_deployed[w] = false;
                s.wing_caught[w] = false;
            }
        }
        for l in 0..s.special_done.len() {
            if self.pieces.leaders[l].side == side {
                s.special_done[l] = false;
            }
        }
        for i in 0..s.units.len() {
            let u = i as u16;
            if self.pieces.units[i].side != side
                || s.units[i].off != Off::No
                || !self.unit_active(s, u)
            {
                continue;
            }
            s.units[i].art_effective = false;
            s.units[i].ac_trace = false;
            let ooc = if self.is_combat(u) {
                self.leader_distance(s, u) > 5
            } else {
                // 4.2.2: artillery traces to any friendly leader.
                let hex = s.units[i].hex;
                !s.leaders.iter().enumerate().any(|(l, x)| {
                    x.present && self.pieces.leaders[l].side == side && x.hex.distance(hex) <= 5
                })
            };
            s.units[i].ooc = ooc;
            if ooc {
                ev.push(Event::OutOfCommand { unit: u });
            }
        }
        s.phase = Phase::Command;
        ev.push(Event::PhaseBegins {
            phase: Phase::Command,
        });
    }

    fn next_group_roll(&self, s: &mut State, from: u8, ev: &mut Vec<Event>) {
        for g in usize::from(from)..self.pieces.groups.len() {
            if self.group_rolls(s, g) {
                s.phase = Phase::GroupRoll(g as u8);
                return;
            }
        }
        self.next_special(s, ev);
    }

    fn next_special(&self, s: &mut State, ev: &mut Vec<Event>) {
        for (l, info) in self.pieces.leaders.iter().enumerate() {
            if info.side == s.active && !s.special_done[l] && s.leaders[l].present {
                let any = (0..self.pieces.wings.len() as u8)
                    .any(|w| self.special_target_ok(s, l as u16, w));
                if any {
                    s.phase = Phase::SpecialLeader(l as u8);
                    return;
                }
            }
        }
        self.begin_movement(s, ev);
    }

    /// Deploys an In Column wing with its leader and the IC artillery within 5 hexes of the
    /// wing leader (4.4, 7.6.2, 7.6.3).
    /// `center`: the hex the IC artillery must be within 5 hexes of — the wing leader's for a
    /// voluntary deployment (7.6.2), the threatened IC unit's for a forced one (7.6.3).
    pub(crate) fn deploy_wing(
        &self,
        s: &mut State,
        w: u8,
        rule: &'static str,
        center: Option<crate::hex::Hex>,
        ev: &mut Vec<Event>,
    ) {
        s.wing_ic[usize::from(w)] = false;
        let leader = self.pieces.wings[usize::from(w)].leader;
        let lhex = center.or_else(|| leader.map(|l| s.leaders[usize::from(l)].hex));
        if let Some(l) = leader {
            s.leaders[usize::from(l)].in_column = false;
        }
        for (i, u) in s.units.iter_mut().enumerate() {
            let p = &self.pieces.units[i];
            let own = p.wing == Some(w);
            let artillery_near = center.is_some()
                && p.arm == Arm::Artillery
                && p.side == self.pieces.wings[usize::from(w)].side
                && lhex.is_some_and(|h| h.distance(u.hex) <= 5);
            if own || artillery_near {
                u.in_column = false;
            }
        }
        ev.push(Event::Deployed {
            wing: w,
            rule: super::event::Rule(rule),
        });
    }
}
