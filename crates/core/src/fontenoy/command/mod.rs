//! 7.0 Command Control: the Command Control Segment's designations (6.4 Attachment, 6.6
//! Independent units and Non-Divisional Commanders), then each activated counter's status,
//! commanders first (7.6a): Lines of Command (7.2, 7.3, [`loc`]), Commander and Unit
//! Initiative (7.4), automatic In Command (7.5).

pub mod allied;
pub mod artillery;
pub mod detachment;
pub mod infernal;
mod infernal_combat;
mod leaders;
pub mod loc;
pub mod ooc;
pub mod richelieu;
pub mod special;
pub mod wings;

use alloc::format;
use alloc::vec::Vec;

use loc::Tracer;

use super::Fontenoy;
use super::action::Action;
use super::event::{CommandBy, Event};
use super::occupancy::Occupancy;
use super::state::{Act, Activation, Segment, State, Step};
use super::types::{Kind, Morale};
use super::units::UnitId;
use crate::engine::{Illegal, Side};

/// The kind of commander a counter is in its army's organisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Commander-in-Chief (5.0).
    Cinc,
    /// Wing Commander (5.0, 6.5).
    Wing,
    /// Division Commander.
    Division,
    /// Special Commander (6.6f).
    Special,
}

impl Fontenoy {
    /// The role of commander `c` in its army now.
    pub fn role(&self, s: &State, c: UnitId) -> Option<Role> {
        let info = &self.units[usize::from(c)];
        if info.kind != Kind::Commander {
            return None;
        }
        let army = &s.armies[info.side.index()];
        if army.cinc == Some(c) {
            return Some(Role::Cinc);
        }
        // 21.5: a replacement holds his original's office.
        if self.commands_wing(s, c).is_some() {
            return Some(Role::Wing);
        }
        if self.commands_division(s, c).is_some() {
            return Some(Role::Division);
        }
        Some(Role::Special)
    }

    /// The Non-Divisional Commanders `side` may still activate with this activation (6.6a):
    /// the CinC, Wing and Special Commanders on the map, not yet activated this turn.
    fn open_ndcs<'a>(&'a self, s: &'a State, side: Side) -> impl Iterator<Item = UnitId> + 'a {
        (0..s.units.len() as UnitId).filter(move |&c| {
            let info = &self.units[usize::from(c)];
            let unit = s.unit(c);
            info.side == side
                && unit.on_map()
                && unit.act == Act::Unactivated
                // F-3.3a; F-6.9b: with option 6.9 the King activates with a Division to move.
                && (!self.commands_nobody(c) || (self.is_king(c) && self.option("6.9")))
                && matches!(
                    self.role(s, c),
                    Some(Role::Cinc | Role::Wing | Role::Special)
                )
                // F-7.1c A: Cumberland leads the Infernal Column alone; Ligonier is ignored.
                && !self.column_keeps_commander(s, c)
        })
    }

    /// The Independent units `side` may still activate (6.6a; 6.3e: not Routed).
    fn open_independents<'a>(
        &'a self,
        s: &'a State,
        side: Side,
    ) -> impl Iterator<Item = UnitId> + 'a {
        // F-4.2d: with the units of a dissolved Division.
        self.org.armies[side.index()]
            .independents
            .iter()
            .copied()
            .chain(self.dissolved_units(s, side))
            .filter(move |&u| {
                let unit = s.unit(u);
                unit.on_map() && unit.act == Act::Unactivated && unit.morale != Morale::Routed
            })
    }

    /// The units that may be attached to the activation (6.4): unactivated non-Routed combat
    /// units of a Division outside it (outside the Wing, 6.4b), grouped with an activated
    /// commander of the activation (6.4a), or of one regiment with such a unit and keeping
    /// Regimental Integrity with it (6.4c).
    fn attachable(&self, s: &State, act: &Activation) -> Vec<UnitId> {
        // Hexes of the activated commanders (the activation's DCs and its NDCs).
        let commanders: Vec<UnitId> = act
            .divisions
            .iter()
            .filter_map(|&d| self.division_commander(s, d))
            .chain(act.ndcs.iter().copied())
            .chain(act.wing.and_then(|w| self.wing_commander(s, w)))
            .filter(|&c| s.unit(c).act == Act::Active)
            .collect();
        self.attachable_to(s, act, &commanders)
    }

    /// The units that may be attached to the activation `act` (6.4) by `commanders`.
    pub(crate) fn attachable_to(
        &self,
        s: &State,
        act: &Activation,
        commanders: &[UnitId],
    ) -> Vec<UnitId> {
        // 22.2: nothing attaches to a Division arriving as a reinforcement before its
        // Division Commander is on the map.
        let waiting = |d: &super::units::DivId| {
            self.org
                .divisions
                .get(usize::from(*d))
                .and_then(|x| x.commander)
                .is_some_and(|c| s.unit(c).place == crate::fontenoy::state::Place::Waiting)
        };
        if !act.divisions.is_empty() && act.divisions.iter().all(waiting) {
            return Vec::new();
        }
        let o = Occupancy::build(self, s);
        // 6.4a: a unit of an unactivated Division; 6.4b: in a Wing Activation, of a Division
        // outside the Wing (its Divisions that did not join are not attached to it).
        let foreign = |u: UnitId| match self.division_now(s, u) {
            Some(d) => {
                !act.divisions.contains(&d)
                    && !s
                        .divisions_done
                        .get(usize::from(d))
                        .copied()
                        .unwrap_or(false)
                    && (act.wing.is_none()
                        || self
                            .org
                            .divisions
                            .get(usize::from(d))
                            .is_none_or(|x| x.wing != act.wing))
            }
            None => false,
        };
        let candidate = |u: UnitId| {
            let unit = s.unit(u);
            let info = &self.units[usize::from(u)];
            info.side == act.side
                && info.is_combat()
                && unit.on_map()
                && unit.act == Act::Unactivated
                && unit.morale != Morale::Routed
                && foreign(u)
        };
        let mut out: Vec<UnitId> = Vec::new();
        for &c in commanders {
            let Some(p) = s.unit(c).placed() else {
                continue;
            };
            // F-4.2b A: Konigsegg, not yet CinC, attaches Austrians only.
            let austrians = self.attaches_only_austrians(s, c);
            for u in o.combat_at(self, p.hex()) {
                let fits = !austrians
                    || self.units[usize::from(u)].nationality
                        == super::types::Nationality::Austrian;
                if candidate(u) && fits && !out.contains(&u) {
                    out.push(u);
                }
            }
        }
        // 6.4c: the rest of a regiment linked to a grouped unit by Regimental Integrity.
        let mut i = 0;
        while i < out.len() {
            let u = out[i];
            i += 1;
            if !self.keeps_integrity(s, &o, u) {
                continue;
            }
            let reg = &self.units[usize::from(u)].regiment;
            let Some(p) = s.unit(u).placed().copied() else {
                continue;
            };
            for &h in p.hexes.as_slice() {
                for n in h.neighbors().into_iter().chain(core::iter::once(h)) {
                    for v in o.combat_at(self, n) {
                        if !out.contains(&v)
                            && candidate(v)
                            && &self.units[usize::from(v)].regiment == reg
                            && self.keeps_integrity(s, &o, v)
                        {
                            out.push(v);
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// The designations still open in the Command Control Segment (6.4, 6.6d).
    pub(crate) fn designation_actions(&self, s: &State, act: &Activation, out: &mut Vec<Action>) {
        // F-7.1b: the Infernal Column designates nobody.
        if act.infernal {
            return;
        }
        // F-8.2a, F-8.2c: an extra segment's attachments (turn/special_attach.rs).
        if self.special_extra_segment(s).is_some() {
            for u in self.special_attachable(s, act) {
                out.push(Action::Attach { unit: u });
            }
            return;
        }
        // F-3.3e: Richelieu's own activation picks up to five units, nothing else.
        if let Some(c) = act.lead.richelieu {
            self.richelieu_designations(s, c, act.attached.len(), out);
            return;
        }
        // F-8.2e, F-8.2g: some special activations take no Independents or attachments.
        let (independents, attach) = self.special_designations(s);
        // 24.2a: a Detachment's and the main army's counters activate apart.
        let force = act
            .divisions
            .first()
            .and_then(|&d| self.detachment_of(s, d));
        let ours = |u: UnitId| self.force_of(s, u) == force;
        if independents {
            for u in self.open_independents(s, act.side).filter(|&u| ours(u)) {
                out.push(Action::ActivateIndependent { unit: u });
            }
        }
        for c in self.open_ndcs(s, act.side) {
            // F-4.2b A: Konigsegg goes only with Austrians.
            if !self.special_commander_barred(s, c, act) {
                out.push(Action::ActivateCommander { commander: c });
            }
        }
        if attach {
            for u in self.attachable(s, act).into_iter().filter(|&u| ours(u)) {
                out.push(Action::Attach { unit: u });
            }
        }
        // F-2.1, F-2.6b, F-3.4a (command/wings.rs).
        self.lead_designations(s, act, out);
    }

    /// Applies a designation (6.4, 6.6).
    pub(crate) fn designate(
        &self,
        s: &mut State,
        act: &Activation,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (independents, attach) = self.special_designations(s);
        let force = act
            .divisions
            .first()
            .and_then(|&d| self.detachment_of(s, d));
        if self.special_extra_segment(s).is_some() {
            return self.special_attach(s, act, a, ev);
        }
        if act.infernal {
            return Err(Illegal::new(
                "F-7.1b",
                "the Infernal Column activates its own units alone: no Independent unit, commander or attachment joins it",
            ));
        }
        if let Some(c) = act.lead.richelieu {
            // F-3.3e (command/richelieu.rs).
            return match *a {
                Action::Attach { unit } => self.richelieu_pick(s, c, act.attached.len(), unit, ev),
                _ => Err(Illegal::new(
                    "F-3.3e",
                    format!(
                        "{a:?}: Richelieu's own activation takes only the units he picks (Attach)"
                    ),
                )),
            };
        }
        match *a {
            // F-2.1, F-2.6b, F-3.4a (command/wings.rs).
            Action::AddDivision { .. } | Action::FlexibleIndependent { .. } => {
                self.apply_lead_designation(s, act, a, ev)
            }
            Action::ActivateIndependent { unit } | Action::Attach { unit }
                if self.force_of(s, unit) != force =>
            {
                Err(Illegal::new(
                    "24.2a",
                    format!(
                        "{} belongs to another force (the main army or a Detachment) than this activation",
                        self.unit_name(unit)
                    ),
                ))
            }
            Action::ActivateIndependent { .. } if !independents => Err(Illegal::new(
                "F-8.2e",
                "this activation (Command Lethargy or Hasty Orders) activates no Independent unit",
            )),
            Action::Attach { .. } if !attach => Err(Illegal::new(
                "F-8.2e",
                "a Division under Command Lethargy attaches no unit",
            )),
            Action::ActivateIndependent { unit } => {
                if !self.open_independents(s, act.side).any(|u| u == unit) {
                    return Err(Illegal::new(
                        "6.6a",
                        format!(
                            "unit {unit} is not an Independent unit of the active side still to activate this turn (6.3e: not Routed)"
                        ),
                    ));
                }
                s.unit_mut(unit).act = Act::Active;
                if let Some(x) = s.activation.as_mut() {
                    x.independents.push(unit);
                }
                ev.push(Event::Joined { unit });
                Ok(())
            }
            Action::ActivateCommander { commander }
                if self.is_king(commander) && s.special.act.is_some() =>
            {
                Err(Illegal::new(
                    "F-6.9b",
                    format!(
                        "{} is never moved by a Special Initiative Result",
                        self.unit_name(commander)
                    ),
                ))
            }
            Action::ActivateCommander { commander }
                if self.special_commander_barred(s, commander, act) =>
            {
                Err(Illegal::new(
                    "F-4.2b",
                    format!(
                        "{} activates only with Austrian units until he succeeds Cumberland",
                        self.unit_name(commander)
                    ),
                ))
            }
            Action::ActivateCommander { commander } => {
                if !self.open_ndcs(s, act.side).any(|c| c == commander) {
                    return Err(Illegal::new(
                        "6.6b",
                        format!(
                            "counter {commander} is not a Non-Divisional Commander of the active side still to activate this turn"
                        ),
                    ));
                }
                s.unit_mut(commander).act = Act::Active;
                if let Some(x) = s.activation.as_mut() {
                    x.ndcs.push(commander);
                }
                ev.push(Event::Joined { unit: commander });
                Ok(())
            }
            Action::Attach { unit } => {
                if !self.attachable(s, act).contains(&unit) {
                    return Err(Illegal::new(
                        "6.4a",
                        format!(
                            "unit {unit} cannot be attached: it must be an unactivated combat unit of another Division, grouped with an activated commander or of his grouped unit's regiment (6.4c)"
                        ),
                    ));
                }
                s.unit_mut(unit).act = Act::Active;
                if let Some(x) = s.activation.as_mut() {
                    x.attached.push(unit);
                }
                ev.push(Event::Attached { unit });
                Ok(())
            }
            _ => Err(Illegal::new(
                "6.6d",
                format!("{a:?} is not a Command Control designation"),
            )),
        }
    }

    /// Determines command status, commanders first (7.6a), pushing the next Initiative roll
    /// when one is needed; once every activated counter has a status, the segment ends.
    pub(crate) fn command_progress(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(act) = s.activation.clone() else {
            return;
        };
        if act.infernal {
            // F-7.1b (command/infernal.rs).
            self.column_command(s, ev);
            return;
        }
        let o = Occupancy::build(self, s);
        let army = s.armies[act.side.index()].clone();
        let cinc = army.cinc.filter(|&c| s.unit(c).on_map());
        let pending = |s: &State, u: UnitId| {
            let unit = s.unit(u);
            unit.act == Act::Active && unit.command.is_none() && unit.on_map()
        };
        // Commanders.
        for c in 0..s.units.len() as UnitId {
            if !pending(s, c) || self.units[usize::from(c)].kind != Kind::Commander {
                continue;
            }
            // 24.1b: a Detachment Commander is always In Command; his Detachment's commanders
            // trace from him as from their CinC.
            let cinc = match self.commands_division(s, c) {
                Some(d) if self.detachment_of(s, d).is_some() => {
                    self.cinc_for(s, act.side, Some(d))
                }
                _ => cinc,
            };
            let by = match self.role(s, c) {
                _ if self.leads_detachment(s, c) => CommandBy::Always,
                // F-3.3e: Richelieu on his own places himself and his units In Command.
                _ if act.lead.richelieu == Some(c) => CommandBy::Always,
                Some(Role::Cinc) => CommandBy::Always,
                Some(Role::Wing) => {
                    // 7.3: an LOC from the CinC; a Wing Commander's Initiative serves only a Wing
                    // Activation (7.4b; digest A48); F-4.2c: through Waldeck.
                    if cinc.is_some_and(|x| self.loc_reaches(s, &o, x, Tracer::ArmyOrWing, c))
                        || self.waldeck_link(s, &o, cinc, c)
                    {
                        CommandBy::Loc
                    } else if self.fast_wing_roll_due(s, &act, c) {
                        // F-5.2a C: under fast play he rolls his Initiative for the Wing.
                        s.steps.push(Step::CommanderInitiative { commander: c });
                        return;
                    } else {
                        CommandBy::None
                    }
                }
                Some(Role::Division) | Some(Role::Special) => {
                    // F-7.1c C: under the Infernal Column only Commander Initiative.
                    let barred = self.role(s, c) == Some(Role::Division)
                        && self.column_bars_loc(s, act.side, c);
                    if !barred && self.commander_loc(s, &o, cinc, c) {
                        CommandBy::Loc
                    } else if self.role(s, c) == Some(Role::Division)
                        || self.is_artillery_commander(c)
                        || act.lead.leader == Some(c)
                    {
                        // 7.4a (21.6a: without a CinC every Division Commander rolls); F-3.3d
                        // D, F-4.2f C: an artillery commander rolls his Initiative.
                        s.steps.push(Step::CommanderInitiative { commander: c });
                        return;
                    } else {
                        // 7.4d: a Special Commander rolls only where the scenario says so.
                        CommandBy::None
                    }
                }
                None => continue,
            };
            self.set_command(s, c, by, ev);
        }
        // Combat units. A Division Commander's lines are traced once for all his units: the
        // occupancy index keeps them (nothing the search reads changes while statuses are set).
        let mut roll: Option<UnitId> = None;
        for u in 0..s.units.len() as UnitId {
            if !pending(s, u) || !self.units[usize::from(u)].is_combat() {
                continue;
            }
            if act.attached.contains(&u) {
                self.set_command(s, u, CommandBy::Attached, ev);
                continue;
            }
            // F-10.1a E: the scenario's places where its units are always In Command.
            if self.always_in_command(s, u) {
                self.set_command(s, u, CommandBy::Always, ev);
                continue;
            }
            // F-6.9a: a unit Louis XV reaches knows what to do.
            if self.king_reaches(s, u) {
                self.set_command(s, u, CommandBy::King, ev);
                continue;
            }
            // F-2.1: a Flexible Division's unit joined as an Independent traces as one.
            let division = if self.flexible_independent(&act, u) {
                None
            } else {
                self.division_now(s, u)
            };
            match division {
                Some(d) => {
                    let dc = self.division_commander(s, d);
                    let by = if dc.is_some_and(|dc| self.whole_division_out(s, dc)) {
                        // F-10.1a F: Ingoldsby Out of Command puts all his units out too.
                        CommandBy::None
                    } else if dc.is_some_and(|dc| {
                        s.unit(dc).on_map() && self.loc_reaches(s, &o, dc, Tracer::Division, u)
                    }) {
                        CommandBy::Loc
                    } else if self.grouped_with_superior(s, &o, u, d) {
                        CommandBy::Grouped
                    } else if self.artillery_in_command(s, &o, &act, u) {
                        // F-3.3d D, F-4.2f C.
                        CommandBy::Loc
                    } else {
                        CommandBy::None
                    };
                    self.set_command(s, u, by, ev);
                }
                None => {
                    if self.independent_loc(s, &o, &act, cinc, u)
                        || self.artillery_in_command(s, &o, &act, u)
                    {
                        self.set_command(s, u, CommandBy::Loc, ev);
                    } else if roll.is_none() {
                        // 7.4c: the Unit Initiative roll (a group of Independents rolls once,
                        // on its top unit's ER), once the Division's units are settled, so
                        // that their lines are traced once however many Independents roll.
                        roll = Some(u);
                    }
                }
            }
        }
        if let Some(u) = roll {
            // 7.4c: a group of Independents rolls on its top unit (10.6: the lowest order).
            let u = self.independent_group(s, u).into_iter().fold(u, |top, v| {
                if (s.unit(v).order, v) < (s.unit(top).order, top) {
                    v
                } else {
                    top
                }
            });
            s.steps.push(Step::UnitInitiative { unit: u });
            return;
        }
        ev.push(Event::SegmentEnds { rule: "7.0".into() });
        self.enter_segment(s, Segment::RallyDisordered, ev);
    }

    /// Whether combat unit `u` stands where the scenario makes its side's units always In
    /// Command (F-10.1a E: the French in redoubt d'Eu).
    pub(crate) fn always_in_command(&self, s: &State, u: UnitId) -> bool {
        let side = self.units[usize::from(u)].side;
        let Some(p) = s.unit(u).placed() else {
            return false;
        };
        self.scenario_rules
            .always_in_command
            .iter()
            .any(|(sd, hexes)| *sd == side && p.hexes.as_slice().iter().any(|h| hexes.contains(h)))
    }

    /// F-10.1a F (option `10.1a-f`, 7.6e): Ingoldsby Out of Command puts every unit of his
    /// Division Out of Command (7.6d), wherever it stands.
    fn whole_division_out(&self, s: &State, dc: UnitId) -> bool {
        s.unit(dc).command == Some(false)
            && self.units[usize::from(dc)].id == "al-ingoldsby"
            && self.option("10.1a-f")
    }

    /// 7.3: an LOC to a Division or Special Commander from the CinC, or through one In-Command
    /// Wing Commander he is subordinate to (7.3c).
    pub(crate) fn commander_loc(
        &self,
        s: &State,
        o: &Occupancy,
        cinc: Option<UnitId>,
        c: UnitId,
    ) -> bool {
        let Some(cinc) = cinc else { return false };
        if self.loc_reaches(s, o, cinc, Tracer::ArmyOrWing, c) {
            return true;
        }
        // F-4.2c: through Waldeck to a Dutch commander (command/leaders.rs).
        if self.waldeck_link(s, o, Some(cinc), c) {
            return true;
        }
        let wing = self
            .commands_division(s, c)
            .and_then(|d| self.org.wing_of(d));
        let Some(wc) = wing.and_then(|w| self.wing_commander(s, w)) else {
            return false;
        };
        s.unit(wc).on_map()
            && self.loc_reaches(s, o, cinc, Tracer::ArmyOrWing, wc)
            && self.loc_reaches(s, o, wc, Tracer::ArmyOrWing, c)
    }

    /// 7.5a: a Division's unit grouped with its CinC (24.1b: its Detachment Commander) or its
    /// own Wing Commander; 7.5b: or linked by Regimental Integrity (6.2) to such a unit of its
    /// regiment, when the commander's group holds that regiment alone.
    fn grouped_with_superior(&self, s: &State, o: &Occupancy, u: UnitId, d: u16) -> bool {
        let side = self.units[usize::from(u)].side;
        let cinc = self.cinc_for(s, side, Some(d));
        let wc = self.org.wing_of(d).and_then(|w| self.wing_commander(s, w));
        let direct = |v: UnitId| {
            s.unit(v).placed().is_some_and(|p| {
                p.hexes.as_slice().iter().any(|&h| {
                    o.at(self, h).units.iter().any(|&c| {
                        (Some(c) == cinc || Some(c) == wc)
                            && s.unit(c).placed().is_some_and(|q| q.hex() == h)
                    })
                })
            })
        };
        if direct(u) {
            return true;
        }
        // 7.5b: the chain of adjacent units of one regiment, each keeping its integrity
        // (which also means the commander's group holds no other regiment).
        let Some(reg) = self.units[usize::from(u)].regiment.as_deref() else {
            return false;
        };
        if !self.keeps_integrity(s, o, u) {
            return false;
        }
        let mut seen: Vec<UnitId> = alloc::vec![u];
        let mut i = 0;
        while i < seen.len() {
            let v = seen[i];
            i += 1;
            if v != u && direct(v) {
                return true;
            }
            let Some(p) = s.unit(v).placed().copied() else {
                continue;
            };
            for &h in p.hexes.as_slice() {
                for n in h.neighbors() {
                    for x in o.combat_at(self, n) {
                        if !seen.contains(&x)
                            && self.units[usize::from(x)].regiment.as_deref() == Some(reg)
                            && self.keeps_integrity(s, o, x)
                        {
                            seen.push(x);
                        }
                    }
                }
            }
        }
        false
    }

    /// 7.0, 7.4c: an Independent unit is In Command by an LOC from an activated Division
    /// Commander who is In Command, an activated Special Commander, or any In-Command Army or
    /// Wing Commander.
    fn independent_loc(
        &self,
        s: &State,
        o: &Occupancy,
        act: &Activation,
        cinc: Option<UnitId>,
        u: UnitId,
    ) -> bool {
        let dcs = act
            .divisions
            .iter()
            .filter_map(|&d| self.division_commander(s, d));
        for dc in dcs {
            if s.unit(dc).command == Some(true) && self.loc_reaches(s, o, dc, Tracer::Division, u) {
                return true;
            }
        }
        for &c in act.ndcs.iter().filter(|&&c| !self.commands_nobody(c)) {
            let tracer = match self.role(s, c) {
                Some(Role::Special) => Tracer::Division,
                _ => Tracer::ArmyOrWing,
            };
            if s.unit(c).command == Some(true) && self.loc_reaches(s, o, c, tracer, u) {
                return true;
            }
        }
        if let Some(c) = cinc {
            if self.loc_reaches(s, o, c, Tracer::ArmyOrWing, u) {
                return true;
            }
        }
        // 7.0, 7.3a, 7.4c: any In-Command Wing Commander of the unit's force, activated or not
        // (6.6c: FINISHED too). Reading: an Independent is subordinate to every Wing
        // Commander of its army (no Wing lists Independents); the Wing Commander of this
        // activation has his status already (7.6a: commanders first), the others are In
        // Command when the CinC's line reaches them now (7.3d).
        let force = self.force_of(s, u);
        for w in 0..self.org.wings.len() {
            let Some(wc) = self.wing_commander(s, w as super::units::WingId) else {
                continue;
            };
            if self.units[usize::from(wc)].side != act.side
                || !s.unit(wc).on_map()
                || self.force_of(s, wc) != force
            {
                continue;
            }
            let in_command = match (s.unit(wc).act, s.unit(wc).command) {
                (Act::Active, Some(by)) => by,
                _ => {
                    cinc.is_some_and(|c| self.loc_reaches(s, o, c, Tracer::ArmyOrWing, wc))
                        || self.waldeck_link(s, o, cinc, wc)
                }
            };
            if in_command && self.loc_reaches(s, o, wc, Tracer::ArmyOrWing, u) {
                return true;
            }
        }
        false
    }

    /// A commander's Initiative Check (7.4a, and the Wing, Special and Infernal Column leaders'
    /// rolls that follow it): passed at or below his Initiative Rating; the event says so.
    pub(crate) fn commander_check(&self, c: UnitId, roll: u8, ev: &mut Vec<Event>) -> bool {
        let rating = self.units[usize::from(c)].initiative;
        let passed = roll <= rating;
        ev.push(Event::InitiativeCheck {
            unit: c,
            roll,
            rating,
            passed,
        });
        passed
    }

    /// A Division Commander's Initiative roll (7.4a): at or below his rating, In Command.
    pub(crate) fn commander_initiative(
        &self,
        s: &mut State,
        c: UnitId,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let passed = self.commander_check(c, roll, ev);
        let by = if passed {
            CommandBy::Initiative
        } else {
            CommandBy::None
        };
        self.set_command(s, c, by, ev);
        if !passed {
            // F-5.2a C: a failed Wing Commander puts his whole Wing Out of Command.
            self.fast_wing_failed(s, c, ev);
        }
        self.command_progress(s, ev);
    }

    /// The activated Independents still without a status grouped with Independent `u` (7.4c:
    /// they roll once), `u` left out.
    fn independent_group(&self, s: &State, u: UnitId) -> Vec<UnitId> {
        let Some(h) = s.unit(u).placed().map(|p| p.hex()) else {
            return Vec::new();
        };
        (0..s.units.len() as UnitId)
            .filter(|&v| {
                v != u
                    && self.independent_now(s, v)
                    && self.units[usize::from(v)].is_combat()
                    && s.unit(v).act == Act::Active
                    && s.unit(v).command.is_none()
                    && s.unit(v).placed().is_some_and(|q| q.hexes.contains(h))
            })
            .collect()
    }

    /// A Unit Initiative roll (7.4c): 00–99 at or above the ER, In Command; the activated
    /// Independents grouped with the unit take the same result.
    pub(crate) fn unit_initiative(&self, s: &mut State, u: UnitId, roll: u8, ev: &mut Vec<Event>) {
        let rating = self.units[usize::from(u)].er;
        let passed = roll >= rating;
        ev.push(Event::InitiativeCheck {
            unit: u,
            roll,
            rating,
            passed,
        });
        let by = if passed {
            CommandBy::Initiative
        } else {
            CommandBy::None
        };
        let group = self.independent_group(s, u);
        if passed {
            // 19.10a: In Command by Unit Initiative, these may not Voluntarily Rout.
            if let Some(a) = s.activation.as_mut() {
                a.by_initiative.push(u);
                a.by_initiative.extend_from_slice(&group);
            }
        }
        self.set_command(s, u, by, ev);
        for v in group {
            self.set_command(s, v, by, ev);
        }
        self.command_progress(s, ev);
    }
}
