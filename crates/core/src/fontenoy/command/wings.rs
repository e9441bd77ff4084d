//! The Fontenoy ways of widening an activation: a French cavalry Lieutenant General acting as
//! Wing Commander of up to three cavalry Divisions (F-3.4a–b); a French or English Wing
//! Commander bringing the Division of a commander he is grouped with into his Wing Activation
//! (F-2.6b); the units of a Flexible Division activated as Independents (F-2.1).

use alloc::format;
use alloc::vec::Vec;

use super::super::FRENCH;
use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::{AddedBy, CommandBy, Event};
use super::super::occupancy::Occupancy;
use super::super::state::{Act, Activation, State, Step, WingStep};
use super::super::types::{Kind, Morale, Nationality};
use super::super::units::{DivId, UnitId};
use super::loc::Tracer;
use crate::engine::{Illegal, Side};

/// F-2.1: at most this many units of one Flexible Division join another Division's activation
/// as Independents.
const FLEXIBLE_PER_ACTIVATION: usize = 2;

/// F-3.4a: the cavalry Wing Commander's own Division and at most two more.
const CAVALRY_WING_EXTRA: usize = 2;

impl Fontenoy {
    /// Whether every combat unit of Division `d` is cavalry (F-3.4a: a cavalry Division).
    pub(crate) fn cavalry_division(&self, d: DivId) -> bool {
        self.org.divisions.get(usize::from(d)).is_some_and(|x| {
            !x.units.is_empty()
                && x.units
                    .iter()
                    .all(|&u| self.units[usize::from(u)].kind == Kind::Cavalry)
        })
    }

    /// F-3.4a: the French cavalry Lieutenant Generals who may be named Wing Commander for a
    /// Wing Activation now: a Division Commander of rank LG in his own right (not a
    /// replacement), of a cavalry Division still to activate, on the map and unactivated; the
    /// army with its CinC on the map (6.5b); never once the Perimeter is breached (F-6.8d).
    pub fn cavalry_wing_leaders(&self, s: &State, side: Side) -> Vec<UnitId> {
        let mut out = Vec::new();
        if side != FRENCH || s.victory.perimeter_breached {
            return out;
        }
        let army = &s.armies[side.index()];
        if army.cinc.is_none_or(|c| !s.unit(c).on_map()) {
            return out;
        }
        for d in self.open_divisions(s, side) {
            if !self.cavalry_division(d) {
                continue;
            }
            let Some(c) = self.org.divisions[usize::from(d)].commander else {
                continue;
            };
            // A replacement holds the office: he may not act as Wing Commander.
            if self.division_commander(s, d) != Some(c) {
                continue;
            }
            let info = &self.units[usize::from(c)];
            let u = s.unit(c);
            if info.rank.as_deref() == Some("LG") && u.on_map() && u.act == Act::Unactivated {
                out.push(c);
            }
        }
        out
    }

    /// F-3.4a: the French player names `c` Wing Commander: In Command by the CinC's Line of
    /// Command, else his Initiative roll decides (7.4b, F-3.4b).
    pub(crate) fn begin_cavalry_wing(
        &self,
        s: &mut State,
        side: Side,
        c: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if !self.cavalry_wing_leaders(s, side).contains(&c) {
            return Err(Illegal::new(
                "F-3.4a",
                format!(
                    "{} cannot lead a cavalry Wing Activation: he must be a French cavalry Lieutenant General commanding his own Division, still to activate, on the map (and the Perimeter unbreached, F-6.8d)",
                    self.unit_name(c)
                ),
            ));
        }
        let o = Occupancy::build(self, s);
        let cinc = s.armies[side.index()].cinc;
        if cinc.is_some_and(|x| self.loc_reaches(s, &o, x, Tracer::ArmyOrWing, c)) {
            self.cavalry_wing_start(s, c, CommandBy::Loc, ev);
        } else {
            s.steps
                .push(Step::Wing(WingStep::CavalryInitiative { commander: c }));
        }
        Ok(())
    }

    /// F-3.4a: his own Division activates, he is In Command and may add up to two cavalry
    /// Divisions in the Command Control Segment.
    fn cavalry_wing_start(&self, s: &mut State, c: UnitId, by: CommandBy, ev: &mut Vec<Event>) {
        let Some(d) = self.commands_division(s, c) else {
            return;
        };
        ev.push(Event::CavalryWing { commander: c });
        self.activate(s, FRENCH, alloc::vec![d], None, ev);
        if let Some(a) = s.activation.as_mut() {
            a.lead.cavalry = Some(c);
        }
        self.set_command(s, c, by, ev);
    }

    /// F-3.4b: the cavalry Wing Commander's Initiative roll: passed, the Wing Activation goes
    /// ahead; failed, only his own Division activates, and he is Out of Command.
    pub(crate) fn cavalry_wing_initiative(
        &self,
        s: &mut State,
        c: UnitId,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let passed = self.commander_check(c, roll, ev);
        if passed {
            self.cavalry_wing_start(s, c, CommandBy::Initiative, ev);
            return;
        }
        let Some(d) = self.commands_division(s, c) else {
            return;
        };
        ev.push(Event::CavalryWingFailed { commander: c });
        self.activate(s, FRENCH, alloc::vec![d], None, ev);
        self.set_command(s, c, CommandBy::None, ev);
    }

    /// The Divisions that may still be added to activation `act` (F-3.4a: cavalry Divisions
    /// whose commander the cavalry Wing Commander's Line of Command reaches; F-2.6b: the
    /// Division of a commander grouped with the Wing Commander of a Wing Activation).
    pub(crate) fn addable_divisions(&self, s: &State, act: &Activation) -> Vec<(DivId, AddedBy)> {
        let mut out = Vec::new();
        let open = |d: DivId| {
            !act.divisions.contains(&d)
                && self.open_divisions(s, act.side).any(|x| x == d)
                && self
                    .division_commander(s, d)
                    .is_some_and(|dc| s.unit(dc).on_map() && s.unit(dc).act == Act::Unactivated)
        };
        // F-3.3f, F-4.2c: the leader's second Division (command/leaders.rs).
        if let Some(c) = act.lead.leader {
            if !act.lead.added.is_empty() || s.unit(c).act != Act::Active {
                return out;
            }
            let o = Occupancy::build(self, s);
            for d in self.leader_divisions(s, &o, c, &act.divisions) {
                if open(d) {
                    let by = if self.is_commander(c, "waldeck") {
                        AddedBy::Waldeck
                    } else {
                        AddedBy::Lowendahl
                    };
                    out.push((d, by));
                }
            }
            return out;
        }
        if let Some(c) = act.lead.cavalry {
            if act.lead.added.len() >= CAVALRY_WING_EXTRA || s.unit(c).act != Act::Active {
                return out;
            }
            let o = Occupancy::build(self, s);
            for d in self.org.divisions_of(act.side) {
                if !self.cavalry_division(d) || !open(d) {
                    continue;
                }
                let dc = self.division_commander(s, d).unwrap_or_default();
                if self.force_of(s, dc) == self.force_of(s, c)
                    && self.loc_reaches(s, &o, c, Tracer::ArmyOrWing, dc)
                {
                    out.push((d, AddedBy::CavalryWing));
                }
            }
            return out;
        }
        let Some(w) = act.wing else { return out };
        if !act.lead.added.is_empty() {
            return out;
        }
        let Some(wc) = self.wing_commander(s, w) else {
            return out;
        };
        let nat = self.units[usize::from(wc)].nationality;
        if !matches!(nat, Nationality::French | Nationality::English)
            || s.unit(wc).act != Act::Active
        {
            return out;
        }
        let Some(at) = s.unit(wc).placed().map(|p| p.hex()) else {
            return out;
        };
        // F-3.4c: Langeron adds a third Division his Line of Command reaches.
        if self.is_commander(wc, "langeron") {
            let o = Occupancy::build(self, s);
            for d in self.org.divisions_of(act.side) {
                if self.org.wing_of(d) == Some(w) || !open(d) {
                    continue;
                }
                let dc = self.division_commander(s, d).unwrap_or_default();
                if self.force_of(s, dc) == self.force_of(s, wc)
                    && self.loc_reaches(s, &o, wc, Tracer::ArmyOrWing, dc)
                {
                    out.push((d, AddedBy::Langeron));
                }
            }
        }
        for d in self.org.divisions_of(act.side) {
            if self.org.wing_of(d) == Some(w) || !open(d) {
                continue;
            }
            let dc = self.division_commander(s, d).unwrap_or_default();
            let grouped = s.unit(dc).placed().is_some_and(|p| p.hex() == at);
            // F-2.6b: an English Wing Commander brings only English or Hanoverian Divisions.
            let dnat = self.units[usize::from(dc)].nationality;
            let nation_ok = nat != Nationality::English
                || matches!(dnat, Nationality::English | Nationality::Hanoverian);
            if grouped
                && nation_ok
                && self.force_of(s, dc) == self.force_of(s, wc)
                && !out.iter().any(|&(x, _)| x == d)
            {
                out.push((d, AddedBy::WingCommander));
            }
        }
        out
    }

    /// F-2.1: the units of Flexible Divisions outside the activation that may join it as
    /// Independents: unactivated, on the map, not Routed, at most two of one Division.
    fn flexible_joiners(&self, s: &State, act: &Activation) -> Vec<UnitId> {
        let mut out = Vec::new();
        for d in self.org.divisions_of(act.side) {
            let div = &self.org.divisions[usize::from(d)];
            if !div.flexible || act.divisions.contains(&d) {
                continue;
            }
            let taken = act
                .lead
                .flexible
                .iter()
                .filter(|&&u| self.org.division_of[usize::from(u)] == Some(d))
                .count();
            if taken >= FLEXIBLE_PER_ACTIVATION {
                continue;
            }
            for &u in &div.units {
                let unit = s.unit(u);
                if unit.on_map()
                    && unit.act == Act::Unactivated
                    && unit.morale != Morale::Routed
                    && self.force_of(s, u) == self.activation_force(s, act)
                {
                    out.push(u);
                }
            }
        }
        out
    }

    /// The force (24.2a: the main army or a Detachment) of activation `act`.
    fn activation_force(&self, s: &State, act: &Activation) -> Option<u8> {
        act.divisions
            .first()
            .and_then(|&d| self.detachment_of(s, d))
    }

    /// The Command Control Segment's designations of this file (F-2.1, F-2.6b, F-3.4a).
    pub(crate) fn lead_designations(&self, s: &State, act: &Activation, out: &mut Vec<Action>) {
        for (d, _) in self.addable_divisions(s, act) {
            out.push(Action::AddDivision { division: d });
        }
        // F-2.1: not in special activations that take no Independents (F-8.2e, F-8.2g).
        if self.special_designations(s).0 {
            for u in self.flexible_joiners(s, act) {
                out.push(Action::FlexibleIndependent { unit: u });
            }
        }
    }

    /// Applies a designation of this file.
    pub(crate) fn apply_lead_designation(
        &self,
        s: &mut State,
        act: &Activation,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match *a {
            Action::AddDivision { division } => {
                let Some(&(_, rule)) = self
                    .addable_divisions(s, act)
                    .iter()
                    .find(|(d, _)| *d == division)
                else {
                    return Err(Illegal::new(
                        "F-2.6b",
                        format!(
                            "{} cannot join this activation: a Wing Activation takes one Division whose commander is grouped with its French or English Wing Commander (F-2.6b), a cavalry Wing up to two cavalry Divisions in its commander's reach (F-3.4a)",
                            self.division_name(division)
                        ),
                    ));
                };
                let dc = self.division_commander(s, division);
                if let Some(x) = s.divisions_done.get_mut(usize::from(division)) {
                    *x = true;
                }
                let div = &self.org.divisions[usize::from(division)];
                for &u in div.units.iter().chain(dc.iter()) {
                    let unit = s.unit_mut(u);
                    if unit.on_map()
                        && unit.act == Act::Unactivated
                        && unit.morale != Morale::Routed
                    {
                        unit.act = Act::Active;
                    }
                }
                let leader = act
                    .lead
                    .cavalry
                    .or(act.lead.leader)
                    .or_else(|| act.wing.and_then(|w| self.wing_commander(s, w)))
                    .unwrap_or_default();
                if let Some(x) = s.activation.as_mut() {
                    x.divisions.push(division);
                    x.lead.added.push(division);
                }
                ev.push(Event::DivisionAdded {
                    commander: leader,
                    division,
                    by: rule,
                });
                // 6.5c: a Division Commander joining a Wing Activation is In Command (F-3.3f:
                // not in a leader's ordinary activation: his status is traced as usual).
                if let Some(dc) =
                    dc.filter(|_| !matches!(rule, AddedBy::Lowendahl | AddedBy::Waldeck))
                {
                    self.set_command(s, dc, CommandBy::Loc, ev);
                }
                Ok(())
            }
            Action::FlexibleIndependent { unit } => {
                if !self.special_designations(s).0 || !self.flexible_joiners(s, act).contains(&unit)
                {
                    return Err(Illegal::new(
                        "F-2.1",
                        format!(
                            "{} cannot join as an Independent: a Flexible Division's unit still to activate this turn, not Routed, at most two of its Division with another Division",
                            self.unit_name(unit)
                        ),
                    ));
                }
                s.unit_mut(unit).act = Act::Active;
                if let Some(x) = s.activation.as_mut() {
                    x.lead.flexible.push(unit);
                    x.independents.push(unit);
                }
                ev.push(Event::Joined { unit });
                Ok(())
            }
            _ => Err(Illegal::new(
                "6.6d",
                format!("{a:?} is not a Command Control designation"),
            )),
        }
    }

    /// F-2.1: whether `u` is traced as an Independent in this activation (a Flexible Division's
    /// unit that joined another Division's activation).
    pub(crate) fn flexible_independent(&self, act: &Activation, u: UnitId) -> bool {
        act.lead.flexible.contains(&u)
    }
}
