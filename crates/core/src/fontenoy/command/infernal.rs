//! F-7.1 The Infernal Column (option `7.1`; in force in scenario 3, F-10.3a E; the default in
//! scenario 4, F-10.4a D): its declaration and activation at the start of a turn (7.1a), the
//! column as one Division under Cumberland (7.1b), the rest of the army (7.1c), and its end
//! (7.1f). Its combat effects (7.1d) are in `infernal_combat.rs`.
//!
//! Readings (docs/coverage/fontenoy.md):
//! * the column's units are the English and Hanoverian infantry and artillery within 3 hexes
//!   of its leader, counted in hexes (7.1b B: "given in HEXES"; 7.1d B: "each point … one
//!   hex"), outside any Detachment (F-7.8e); its guns always activate with it (7.1b B lets
//!   them stay; an unactivated gun in his distance could not activate at all);
//! * the Division Commanders it makes superfluous (7.1c A) are those of Divisions with English
//!   or Hanoverian infantry within 3 hexes of the leader; their Divisions activate whole with
//!   the column, the units outside its distance Out of Command (7.6d);
//! * the Allied choices are made at the start of the turn, before the first initiative roll;
//!   the voluntary end (7.1f C) is offered there too; once ended it is not declared again;
//! * Ligonier's roll to keep it (7.1f A–B) is made at the start of the turn after Cumberland's
//!   death (or the Allied Army Retreat), and of every turn after;
//! * the column's activation takes no Independents, commanders or attachments of the army:
//!   Cumberland commands the column alone.

use alloc::vec::Vec;

use super::super::action::Action;
use super::super::event::{CommandBy, Event};
use super::super::state::{
    Act, Column, InfernalChange, InfernalChoice, InfernalStep, Phase, Place, Segment, State, Step,
};
use super::super::tables::army::Table;
use super::super::types::{Kind, Morale, Nationality};
use super::super::units::{DivId, UnitId, WingId};
use super::super::{ALLIED, FRENCH, Fontenoy};
use crate::engine::{Illegal, Side};

/// The column leader's Command Distance, in hexes (7.1b A, 7.1f A).
pub const COLUMN_DISTANCE: u32 = 3;
/// The Allied Wing Activation Number while the column exists (7.1b A).
pub const COLUMN_WAN: u8 = 9;

impl Fontenoy {
    /// Whether the Infernal Column may be used: option `7.1`, or in force (F-10.3a E).
    pub fn infernal_on(&self) -> bool {
        self.option("7.1") || self.scenario_rules.in_force.iter().any(|r| r == "7.1")
    }

    /// Who leads the column now: Cumberland; Ligonier while Cumberland is wounded, or once he
    /// keeps it going (7.1f A); `None` without a column or with its leader off the map.
    pub fn column_leader(&self, s: &State) -> Option<UnitId> {
        let c = s.infernal.column?;
        let ligonier = c.ligonier.filter(|&l| s.unit(l).on_map());
        if c.kept {
            return ligonier;
        }
        // 7.1f B: an Allied Army Retreat gives Cumberland back to the army; the column has
        // no leader until Ligonier's roll keeps it.
        if s.victory.retreating[ALLIED.index()] {
            return None;
        }
        match s.unit(c.cumberland).place {
            Place::Map(_) => Some(c.cumberland),
            Place::Wounded { .. } => ligonier,
            _ => None,
        }
    }

    /// Whether the column still binds Cumberland: he leads it (or will again once his wound
    /// heals), neither handed on to Ligonier for good (7.1f A) nor released by an Allied Army
    /// Retreat (7.1f B: he commands the army normally and moves as he pleases).
    pub fn column_binds_cumberland(&self, s: &State) -> bool {
        s.infernal
            .column
            .is_some_and(|c| !c.kept && !s.victory.retreating[ALLIED.index()])
    }

    /// Whether `u` is English or Hanoverian.
    fn anglo_hanoverian(&self, u: UnitId) -> bool {
        matches!(
            self.units[usize::from(u)].nationality,
            Nationality::English | Nationality::Hanoverian
        )
    }

    /// Whether `u` stands within the column leader's distance (7.1b B), in hexes.
    fn near_leader(&self, s: &State, leader: UnitId, u: UnitId) -> bool {
        let (Some(lp), Some(up)) = (s.unit(leader).placed(), s.unit(u).placed()) else {
            return false;
        };
        let at = lp.hex();
        up.hexes
            .as_slice()
            .iter()
            .any(|&h| at.distance(h) <= COLUMN_DISTANCE)
    }

    /// Whether `u`'s Division belongs to a Detachment (F-7.8e: Detachments keep their own
    /// command and gain nothing from the column).
    fn detached(&self, s: &State, u: UnitId) -> bool {
        self.org.division_of[usize::from(u)].is_some_and(|d| self.detachment_of(s, d).is_some())
    }

    /// Whether combat unit `u` is part of the column now: English or Hanoverian infantry or
    /// artillery within the leader's distance, outside any Detachment (7.1b B, F-7.8e).
    pub fn column_member(&self, s: &State, u: UnitId) -> bool {
        let Some(leader) = self.column_leader(s) else {
            return false;
        };
        let info = &self.units[usize::from(u)];
        info.side == ALLIED
            && matches!(info.kind, Kind::Infantry | Kind::Artillery)
            && self.anglo_hanoverian(u)
            && self.near_leader(s, leader, u)
            && !self.detached(s, u)
    }

    /// Whether infantry unit `u` is part of the column (7.1d: the units it affects).
    pub fn column_infantry(&self, s: &State, u: UnitId) -> bool {
        s.infernal.column.is_some()
            && self.units[usize::from(u)].kind == Kind::Infantry
            && self.column_member(s, u)
    }

    /// Whether Division `d` has English or Hanoverian infantry.
    fn ah_infantry_division(&self, d: DivId) -> bool {
        self.org.divisions[usize::from(d)]
            .units
            .iter()
            .any(|&u| self.units[usize::from(u)].kind == Kind::Infantry && self.anglo_hanoverian(u))
    }

    /// Whether the column holds Division `d` whole: an English or Hanoverian infantry Division
    /// whose commander stands within the leader's distance (7.1c A: he only follows).
    pub fn column_holds_division(&self, s: &State, d: DivId) -> bool {
        if s.infernal.column.is_none() {
            return false;
        }
        let Some(leader) = self.column_leader(s) else {
            return false;
        };
        let div = &self.org.divisions[usize::from(d)];
        div.side == ALLIED
            && self.detachment_of(s, d).is_none()
            && self.ah_infantry_division(d)
            && self
                .division_commander(s, d)
                .is_some_and(|c| self.near_leader(s, leader, c))
    }

    /// Whether the column claims unit `u` from any other activation (7.1b B: the units within
    /// his distance activate only with him).
    pub(crate) fn column_claims(&self, s: &State, u: UnitId) -> bool {
        s.infernal.column.is_some() && self.column_member(s, u)
    }

    /// Whether commander `c` is kept out of the army's other activations: the column's leader
    /// and Ligonier, who is no Wing Commander while it lasts (7.1c A).
    pub(crate) fn column_keeps_commander(&self, s: &State, c: UnitId) -> bool {
        s.infernal.column.is_some_and(|col| {
            (c == col.cumberland && self.column_binds_cumberland(s)) || col.ligonier == Some(c)
        })
    }

    /// Whether Wing `w` cannot make a Wing Activation: Ligonier's, ignored while the column
    /// lasts (7.1c A).
    pub(crate) fn column_ignores_wing(&self, s: &State, w: WingId) -> bool {
        s.infernal
            .column
            .is_some_and(|col| col.ligonier.is_some() && self.wing_commander(s, w) == col.ligonier)
    }

    /// Whether `side`'s commanders outside the column need Commander Initiative (7.1b B,
    /// 7.1c C: no Line of Command from Cumberland to the rest of the army; F-7.8e: not a
    /// Detachment's, whose lines come from its own commander).
    pub(crate) fn column_bars_loc(&self, s: &State, side: Side, c: UnitId) -> bool {
        side == ALLIED
            && s.infernal.column.is_some()
            && self
                .commands_division(s, c)
                .is_none_or(|d| self.detachment_of(s, d).is_none())
    }

    /// Whether the column has still to activate this turn, by a Wing Activation once delayed
    /// (7.1a B).
    pub(crate) fn column_waits(&self, s: &State, side: Side) -> bool {
        side == ALLIED
            && s.infernal.column.is_some_and(|c| !c.activated)
            && self.column_leader(s).is_some()
    }

    /// 7.1b A: Cumberland's rating 2 lower whether he moves or not, and the Allied WAN 9, for
    /// an initiative roll. `rating` and `wan` are the Allied values as figured without it.
    pub(crate) fn column_ratings(
        &self,
        s: &State,
        rating: Option<u8>,
        wan: Option<u8>,
    ) -> (Option<u8>, Option<u8>) {
        let Some(col) = s.infernal.column else {
            return (rating, wan);
        };
        let a = &s.armies[ALLIED.index()];
        let rating = match rating {
            Some(_) if a.cinc == Some(col.cumberland) && self.column_binds_cumberland(s) => {
                let r = i16::from(a.command_rating) - 2 - i16::from(a.rating_spent);
                Some(r.max(0) as u8)
            }
            other => other,
        };
        (rating, wan.map(|_| COLUMN_WAN))
    }

    /// 7.1b A: while he leads the column Cumberland spends no rating on the Anglo-Hanoverian
    /// Army Morale Checks.
    pub(crate) fn column_blocks_spending(&self, s: &State, table: Table, side: Side) -> bool {
        side == ALLIED
            && table == Table::Allied
            && self.column_binds_cumberland(s)
            && s.infernal.column.is_some_and(|c| {
                s.armies[ALLIED.index()].cinc == Some(c.cumberland) && s.unit(c.cumberland).on_map()
            })
    }

    /// Whether Cumberland may declare the column: on the map and the Allied CinC (7.1a A),
    /// his army not retreating (7.1f B gives him back to the army; a reading).
    fn may_declare(&self, s: &State) -> Option<UnitId> {
        let c = self.unit_index("al-cumberland")?;
        (s.unit(c).on_map()
            && s.armies[ALLIED.index()].cinc == Some(c)
            && !s.victory.retreating[ALLIED.index()])
        .then_some(c)
    }

    /// Whether Ligonier may keep the column going: alive and not the CinC (7.1f A).
    fn ligonier_may_hold(&self, s: &State, l: UnitId) -> bool {
        !matches!(s.unit(l).place, Place::Destroyed | Place::Exited)
            && s.armies[ALLIED.index()].cinc != Some(l)
    }

    /// The start of a turn, before its first initiative roll (7.1a A–B, 7.1f A–B): the
    /// Allied decisions, or Ligonier's roll. Whether a step is pending.
    pub(crate) fn infernal_turn_start(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        if !self.infernal_on() || s.result.is_some() || s.infernal.asked == Some(s.turn) {
            return false;
        }
        s.infernal.asked = Some(s.turn);
        if let Some(col) = s.infernal.column.as_mut() {
            col.activated = false;
        }
        if let Some(col) = s.infernal.column {
            let dead = matches!(
                s.unit(col.cumberland).place,
                Place::Destroyed | Place::Exited | Place::Waiting
            );
            // 7.1f B: the Allies' Army Retreat, whether they or the French declared first.
            let retreat = s.victory.retreating[ALLIED.index()];
            if col.kept || dead || retreat {
                match col.ligonier.filter(|&l| self.ligonier_may_hold(s, l)) {
                    Some(l) => {
                        s.phase = Phase::Initiative;
                        s.steps
                            .push(Step::Infernal(InfernalStep::Hold { commander: l }));
                        return true;
                    }
                    None => self.end_column(s, ev),
                }
            }
        }
        self.infernal_ask(s)
    }

    /// Pushes the Allied decision of the turn's start, if any.
    fn infernal_ask(&self, s: &mut State) -> bool {
        let step = match s.infernal.column {
            Some(_) if self.column_leader(s).is_some() => InfernalStep::Start,
            None if !s.infernal.ended && self.may_declare(s).is_some() => InfernalStep::Declare,
            _ => return false,
        };
        s.phase = Phase::Initiative;
        s.steps.push(Step::Infernal(step));
        true
    }

    /// The column ends (7.1f): Cumberland commands the army again (7.1f D).
    fn end_column(&self, s: &mut State, ev: &mut Vec<Event>) {
        let leader = self.column_leader(s);
        s.infernal.column = None;
        s.infernal.ended = true;
        ev.push(Event::InfernalColumn {
            change: InfernalChange::Ended,
            leader,
        });
    }

    /// 7.1f C: the Allies may end the column: the French army morale at +20 or more, the
    /// Anglo-Hanoverian at +10 or less, and Louis XV moved from his set-up hex, every
    /// Fontenoy hex held by Allied units, or Bourquembray (N3706) held by one.
    pub fn column_may_end(&self, s: &State) -> bool {
        let army = &self.scenario_rules.army;
        let morale = |side: Side, n: Nationality| {
            army.track_of(side, n)
                .and_then(|t| s.tracks.get(t))
                .map(|t| t.modifier)
        };
        let french = morale(FRENCH, Nationality::French).is_some_and(|m| m >= 20);
        let ah = morale(ALLIED, Nationality::English).is_none_or(|m| m <= 10);
        if !french || !ah {
            return false;
        }
        let o = super::super::occupancy::Occupancy::build(self, s);
        let allied_in = |h: crate::hex::Hex| {
            o.combat_at(self, h)
                .any(|u| self.units[usize::from(u)].side == ALLIED)
        };
        let place_held = |id: &str| {
            self.board
                .place(id)
                .is_some_and(|p| !p.hexes.is_empty() && p.hexes.iter().all(|&h| allied_in(h)))
        };
        let louis_moved = self.unit_index("fr-louis-xv").is_some_and(|l| {
            let start = self
                .scenario_rules
                .deployments
                .iter()
                .find(|d| d.unit == l)
                .map(|d| d.hexes.as_slice()[0]);
            match (start, s.unit(l).placed()) {
                (Some(h), Some(p)) => p.hex() != h,
                (Some(_), None) => s.unit(l).place != Place::Waiting,
                _ => false,
            }
        });
        louis_moved || place_held("fontenoy") || place_held("bourquembray")
    }

    /// The Allied choices at an Infernal Column step.
    pub(crate) fn infernal_actions(&self, s: &State, step: InfernalStep, out: &mut Vec<Action>) {
        match step {
            InfernalStep::Declare => {
                out.push(Action::Infernal(InfernalChoice::Declare));
                // F-10.3a E: declared by the scenario's deadline at the latest.
                if self.scenario_rules.infernal_by.is_none_or(|t| s.turn < t) {
                    out.push(Action::Infernal(InfernalChoice::Decline));
                }
            }
            InfernalStep::Start => {
                out.push(Action::Infernal(InfernalChoice::Activate));
                out.push(Action::Infernal(InfernalChoice::Delay));
                if self.column_may_end(s) {
                    out.push(Action::Infernal(InfernalChoice::End));
                }
            }
            InfernalStep::Hold { .. } => {}
        }
    }

    /// Applies an Allied choice at an Infernal Column step (the step is already popped).
    pub(crate) fn apply_infernal_step(
        &self,
        s: &mut State,
        step: InfernalStep,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.infernal_actions(s, step, &mut legal);
        if !legal.contains(a) {
            return Err(match (step, a) {
                (InfernalStep::Declare, Action::Infernal(InfernalChoice::Decline)) => Illegal::new(
                    "F-10.3a E",
                    "the Infernal Column must be declared by 11:00 in this scenario",
                ),
                (InfernalStep::Start, Action::Infernal(InfernalChoice::End)) => Illegal::new(
                    "F-7.1f C",
                    "the Infernal Column may be ended only with the French army morale at +20 or more, the Anglo-Hanoverian at +10 or less, and Louis XV moved, Fontenoy or Bourquembray taken",
                ),
                _ => Illegal::new(
                    "F-7.1a",
                    alloc::format!("{a:?} is not a choice about the Infernal Column now"),
                ),
            });
        }
        let Action::Infernal(choice) = *a else {
            return Err(Illegal::new("F-7.1a", "not an Infernal Column choice"));
        };
        match choice {
            InfernalChoice::Declare => {
                let Some(c) = self.may_declare(s) else {
                    return Err(Illegal::new(
                        "F-7.1a A",
                        "Cumberland must be on the map and command the Allied army",
                    ));
                };
                s.infernal.column = Some(Column {
                    cumberland: c,
                    ligonier: self.unit_index("al-ligonier"),
                    activated: false,
                    kept: false,
                });
                s.infernal.used = true;
                ev.push(Event::InfernalColumn {
                    change: InfernalChange::Declared,
                    leader: Some(c),
                });
                s.steps.push(Step::Infernal(InfernalStep::Start));
            }
            InfernalChoice::Decline => self.to_initiative(s, ev),
            InfernalChoice::Activate => {
                // 7.1a B: first, without a roll; the End-of-Turn marker to box 1.
                s.eot_box = s.eot_box.max(1);
                if s.eot_box >= self.eot_boxes && !s.end_of_turn {
                    s.end_of_turn = true;
                    ev.push(Event::EndOfTurn);
                }
                self.activate_column(s, ev);
            }
            InfernalChoice::Delay => {
                ev.push(Event::InfernalColumn {
                    change: InfernalChange::Delayed,
                    leader: self.column_leader(s),
                });
                self.to_initiative(s, ev);
            }
            InfernalChoice::End => {
                self.end_column(s, ev);
                self.to_initiative(s, ev);
            }
            InfernalChoice::Stand => {
                return Err(Illegal::new(
                    "F-7.1d",
                    "the column stands only on its own 1R-3R in close combat",
                ));
            }
        }
        Ok(())
    }

    /// Ligonier's Initiative roll to keep the column (7.1f A): at most his rating.
    pub(crate) fn infernal_hold_roll(
        &self,
        s: &mut State,
        l: UnitId,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let passed = self.commander_check(l, roll, ev);
        if passed {
            if let Some(c) = s.infernal.column.as_mut() {
                c.kept = true;
            }
            ev.push(Event::InfernalColumn {
                change: InfernalChange::Kept,
                leader: Some(l),
            });
            if self.infernal_ask(s) {
                return;
            }
        } else {
            self.end_column(s, ev);
        }
        self.to_initiative(s, ev);
    }

    /// The delayed column activates by a Wing Activation (7.1a B).
    pub(crate) fn column_by_wing(
        &self,
        s: &mut State,
        winner: Side,
        wing: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if !wing || !self.column_waits(s, winner) {
            return Err(Illegal::new(
                "F-7.1a B",
                "a delayed Infernal Column activates only by an Allied Wing Activation, once a turn",
            ));
        }
        self.activate_column(s, ev);
        Ok(())
    }

    /// The column activates as one Division (7.1b): its units, the Divisions whose
    /// commanders it makes superfluous (7.1c A), and its leader.
    fn activate_column(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(leader) = self.column_leader(s) else {
            self.to_initiative(s, ev);
            return;
        };
        if let Some(c) = s.infernal.column.as_mut() {
            c.activated = true;
        }
        let held: Vec<DivId> = self
            .org
            .divisions_of(ALLIED)
            .filter(|&d| !s.division_done(d) && self.column_holds_division(s, d))
            .collect();
        let mut wake: Vec<UnitId> = Vec::new();
        for &d in &held {
            let div = &self.org.divisions[usize::from(d)];
            wake.extend(div.units.iter().copied());
            wake.extend(self.division_commander(s, d));
        }
        wake.extend(
            (0..s.units.len() as UnitId)
                .filter(|&u| self.units[usize::from(u)].is_combat() && self.column_member(s, u)),
        );
        wake.push(leader);
        for &d in &held {
            if let Some(done) = s.divisions_done.get_mut(usize::from(d)) {
                *done = true;
            }
        }
        for u in wake {
            let unit = s.unit_mut(u);
            if unit.on_map() && unit.act == Act::Unactivated && unit.morale != Morale::Routed {
                unit.act = Act::Active;
            }
        }
        let restricted = s.end_of_turn;
        ev.push(Event::InfernalColumn {
            change: InfernalChange::Activated,
            leader: Some(leader),
        });
        ev.push(Event::Activated {
            side: ALLIED,
            divisions: held.clone(),
            wing: None,
            restricted,
        });
        s.phase = Phase::Activation;
        let mut act = Self::new_activation(ALLIED, held, None, restricted);
        act.infernal = true;
        s.activation = Some(act);
        self.replacement_segment(s, ev);
    }

    /// The command status of the column's counters (7.1b, 7.1c A): its leader always, the
    /// other commanders with it, its units within his distance by his Line of Command, the
    /// rest of the Divisions it holds Out of Command (7.6d).
    pub(crate) fn column_command(&self, s: &mut State, ev: &mut Vec<Event>) {
        let leader = self.column_leader(s);
        for u in 0..s.units.len() as UnitId {
            let unit = s.unit(u);
            if unit.act != Act::Active || unit.command.is_some() || !unit.on_map() {
                continue;
            }
            let by = if Some(u) == leader {
                CommandBy::Always
            } else if !self.units[usize::from(u)].is_combat() || self.column_member(s, u) {
                CommandBy::Loc
            } else {
                CommandBy::None
            };
            self.set_command(s, u, by, ev);
        }
        ev.push(Event::SegmentEnds {
            rule: "F-7.1b".into(),
        });
        self.enter_segment(s, Segment::RallyDisordered, ev);
    }
}
