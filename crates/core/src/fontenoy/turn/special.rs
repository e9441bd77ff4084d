//! 6.9 Special Initiative Results, as Fontenoy's F-8.2 describes them: the result is read on
//! the Special Initiative Results Table ([`crate::fontenoy::tables::initiative`]) for the side
//! whose die was not the 0; a Division is chosen (by that side, or by its opponent for the
//! misfortunes), its commander may roll his Initiative, and the result acts:
//! * F-8.2a Leader Initiative — an extra Movement Segment (once a turn a Division);
//! * F-8.2b Divisional Confusion (Dutch: a Dutch Division only) — the Division is FINISHED;
//! * F-8.2c Free Combat Segment — an extra Fire or Close Combat Segment (once a turn);
//! * F-8.2d Special Rally — Disorder Recovery and rallying of the Division's units;
//! * F-8.2e Command Lethargy (Dutch) — an activation at half MP, without Forced March, close
//!   combat, attachments or Independents;
//! * F-8.2f Vive le Roi! — a French Division activates and must attack (−10 on its MC(B));
//! * F-8.2g On y va! — an unactivated Division activates at once, without Independents;
//! * F-8.2h Army Morale — the double zero's Army Morale Check (F-2.12).
//!
//! Readings (docs/coverage/fontenoy.md): "within the Command Distance" is the hex distance
//! from the Division Commander; Flexible Divisions are never chosen (F-2.1: "any Special
//! Results are forbidden"); passing the roll puts the commander In Command (7.4a); when no
//! Division may be chosen the result has no effect. After the result, Initiative is rolled
//! again (6.1d).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::board::Terrain;
use super::super::checks::{CheckKind, CheckReq};
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{
    Act, Phase, Segment, SpecialAct, SpecialKind, SpecialResult, SpecialStep, State, Step,
};
use super::super::types::{DisorderCheck, Kind, Morale, MoraleCheck, Nationality};
use super::super::units::{DivId, UnitId};
use crate::engine::{Illegal, Side};

impl Fontenoy {
    /// A Special Initiative Result for `side`, read from its non-zero `die` (6.9a, F-8.2).
    pub(crate) fn special_initiative(
        &self,
        s: &mut State,
        side: Side,
        die: u8,
        ev: &mut Vec<Event>,
    ) {
        let result = self.tables.special_initiative.result(side, die);
        ev.push(Event::SpecialInitiative {
            side,
            die,
            result: result.map_or("no result on the chart", |r| r.name()).into(),
        });
        let Some(result) = result else {
            self.to_initiative(s, ev);
            return;
        };
        if result == SpecialResult::ArmyMorale {
            // F-8.2h: as F-2.12's double zero, once a turn.
            if self.scenario_rules.army.double_zero && !s.double_zero_used {
                self.double_zero_check(s, ev);
            } else {
                self.to_initiative(s, ev);
            }
            return;
        }
        let dutch_ignored = matches!(
            result,
            SpecialResult::DivisionalConfusion { dutch: true }
                | SpecialResult::CommandLethargy { dutch: true }
        ) && self.scenario_rules.number == 3;
        if dutch_ignored {
            // F-10.3a L: scenario 3 ignores the Dutch misfortunes.
            self.special_no_effect(s, result, None, "not used in this scenario (F-10.3a L)", ev);
            return;
        }
        if result == SpecialResult::ViveLeRoi && s.end_of_turn {
            self.special_no_effect(s, result, None, "ignored once End of Turn is reached", ev);
            return;
        }
        if self.special_candidates(s, result, side).is_empty() {
            self.special_no_effect(s, result, None, "no Division may be chosen", ev);
            return;
        }
        s.steps
            .push(Step::Special(SpecialStep::Pick { result, side }));
    }

    /// The result changes nothing: Initiative is rolled again.
    fn special_no_effect(
        &self,
        s: &mut State,
        result: SpecialResult,
        division: Option<DivId>,
        why: &str,
        ev: &mut Vec<Event>,
    ) {
        ev.push(Event::SpecialEffect {
            result,
            division,
            effect: format!("no effect: {why}"),
        });
        self.to_initiative(s, ev);
    }

    /// Who chooses at a Special Initiative Result's step.
    pub(crate) fn special_step_player(&self, step: SpecialStep) -> Side {
        match step {
            SpecialStep::Pick { result, side } | SpecialStep::Roll { result, side, .. } => {
                if result.opponent_chooses() {
                    side.other()
                } else {
                    side
                }
            }
            SpecialStep::Rejoin { side, .. } => side,
        }
    }

    /// Whether unit `u` stands within the Command Distance printed on commander `c` (hexes
    /// from his hex to the nearest hex of the unit).
    pub fn within_command_distance(&self, s: &State, c: UnitId, u: UnitId) -> bool {
        let (Some(cp), Some(up)) = (s.unit(c).placed(), s.unit(u).placed()) else {
            return false;
        };
        let reach = u32::from(self.units[usize::from(c)].command_distance);
        up.hexes
            .as_slice()
            .iter()
            .any(|&h| cp.hex().distance(h) <= reach)
    }

    /// Whether Division `d` is of the nationality `n` (its commander's, else its first unit's).
    fn division_nationality(&self, d: DivId) -> Option<Nationality> {
        let div = self.org.divisions.get(usize::from(d))?;
        div.commander
            .or_else(|| div.units.first().copied())
            .map(|u| self.units[usize::from(u)].nationality)
    }

    /// The Division's combat units on the map.
    fn division_units<'a>(&'a self, s: &'a State, d: DivId) -> impl Iterator<Item = UnitId> + 'a {
        self.org
            .divisions
            .get(usize::from(d))
            .into_iter()
            .flat_map(|x| x.units.iter().copied())
            .filter(move |&u| s.unit(u).on_map())
    }

    /// F-8.2f: a Division with a unit in a town, village, walled farm, redoubt or behind
    /// field fortifications is never chosen.
    fn sheltered(&self, s: &State, d: DivId) -> bool {
        self.division_units(s, d).any(|u| {
            self.fortified(s, u)
                || s.unit(u).placed().is_some_and(|p| {
                    p.hexes.as_slice().iter().any(|&h| {
                        matches!(
                            self.board.hex(h).terrain,
                            Terrain::Town | Terrain::Village | Terrain::WalledFarm | Terrain::Keep
                        )
                    })
                })
        })
    }

    /// The Divisions of `side` that may be chosen for `result`.
    pub fn special_candidates(&self, s: &State, result: SpecialResult, side: Side) -> Vec<DivId> {
        let dc_on_map = |d: DivId| {
            self.division_commander(s, d)
                .is_some_and(|c| s.unit(c).on_map())
        };
        let has_units = |d: DivId| {
            self.division_units(s, d)
                .any(|u| s.unit(u).morale != Morale::Routed)
        };
        self.org
            .divisions_of(side)
            .filter(|&d| !self.org.divisions[usize::from(d)].flexible)
            // F-7.1e B: some results never touch the Infernal Column.
            .filter(|&d| !self.column_shields(s, result, d))
            .filter(|&d| match result {
                SpecialResult::LeaderInitiative => {
                    !s.special.leader.contains(&d) && dc_on_map(d) && has_units(d)
                }
                SpecialResult::FreeCombat => !s.special.free_combat.contains(&d) && has_units(d),
                SpecialResult::SpecialRally => dc_on_map(d) && has_units(d),
                SpecialResult::DivisionalConfusion { dutch }
                | SpecialResult::CommandLethargy { dutch } => {
                    !s.division_done(d)
                        && (!dutch || self.division_nationality(d) == Some(Nationality::Dutch))
                        && self.open_divisions(s, side).any(|x| x == d)
                }
                SpecialResult::ViveLeRoi => {
                    side == super::super::FRENCH
                        && !s.special.vive.contains(&d)
                        && dc_on_map(d)
                        && has_units(d)
                        && !self.sheltered(s, d)
                }
                SpecialResult::HastyOrders => self.open_divisions(s, side).any(|x| x == d),
                SpecialResult::ArmyMorale => false,
            })
            .collect()
    }

    /// The choices at a Special Initiative Result's step.
    pub(crate) fn special_actions(&self, s: &State, step: SpecialStep, out: &mut Vec<Action>) {
        if let SpecialStep::Rejoin { detachment, .. } = step {
            self.rejoin_actions(detachment, out);
        }
        if let SpecialStep::Pick { result, side } = step {
            for d in self.special_candidates(s, result, side) {
                if result == SpecialResult::FreeCombat {
                    out.push(Action::FreeCombat {
                        division: d,
                        close: false,
                    });
                    out.push(Action::FreeCombat {
                        division: d,
                        close: true,
                    });
                } else {
                    out.push(Action::SpecialDivision { division: d });
                }
            }
        }
    }

    /// Applies the choice of a Division for a Special Initiative Result.
    pub(crate) fn apply_special_step(
        &self,
        s: &mut State,
        step: SpecialStep,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if let SpecialStep::Rejoin { side, detachment } = step {
            return self.apply_rejoin_detachment(s, side, detachment, a, ev);
        }
        let SpecialStep::Pick { result, side } = step else {
            return Err(Illegal::new(
                "engine",
                "the commander's Initiative is rolled",
            ));
        };
        let (division, close) = match (a, result) {
            (Action::FreeCombat { division, close }, SpecialResult::FreeCombat) => {
                (*division, *close)
            }
            (Action::SpecialDivision { division }, r) if r != SpecialResult::FreeCombat => {
                (*division, false)
            }
            _ => {
                return Err(Illegal::new(
                    result.rule(),
                    format!("{a:?} is not a choice for {}", result.name()),
                ));
            }
        };
        if !self.special_candidates(s, result, side).contains(&division) {
            return Err(Illegal::new(
                result.rule(),
                format!(
                    "{} may not be chosen for {}",
                    self.division_name(division),
                    result.name()
                ),
            ));
        }
        ev.push(Event::SpecialChoice {
            result,
            division,
            by: self.special_step_player(step),
        });
        match result {
            SpecialResult::FreeCombat => {
                let kind = if close {
                    SpecialKind::FreeClose
                } else {
                    SpecialKind::FreeFire
                };
                self.special_segment(s, side, division, kind, ev);
            }
            SpecialResult::SpecialRally => self.special_rally(s, division, ev),
            SpecialResult::HastyOrders => {
                ev.push(Event::SpecialEffect {
                    result,
                    division: Some(division),
                    effect: "the Division activates at once, without Independents".into(),
                });
                self.special_activate(s, side, division, SpecialKind::HastyOrders, ev);
            }
            SpecialResult::DivisionalConfusion { .. }
                if self.confused_without_roll(s, division) =>
            {
                // F-8.2b: no roll when the commander is absent or every unit is beyond his
                // Command Distance.
                self.confuse(s, result, division, ev);
            }
            _ => s.steps.push(Step::Special(SpecialStep::Roll {
                result,
                side,
                division,
            })),
        }
        Ok(())
    }

    /// F-8.2b: the commander is off the map, or every combat unit is beyond his distance.
    fn confused_without_roll(&self, s: &State, d: DivId) -> bool {
        match self
            .division_commander(s, d)
            .filter(|&c| s.unit(c).on_map())
        {
            None => true,
            Some(c) => !self
                .division_units(s, d)
                .any(|u| self.within_command_distance(s, c, u)),
        }
    }

    /// The Division is treated as having completed its actions (F-8.2b).
    fn confuse(&self, s: &mut State, result: SpecialResult, d: DivId, ev: &mut Vec<Event>) {
        if let Some(x) = s.divisions_done.get_mut(usize::from(d)) {
            *x = true;
        }
        let dc = self.division_commander(s, d);
        let units: Vec<UnitId> = self.org.divisions[usize::from(d)]
            .units
            .iter()
            .copied()
            .chain(dc)
            .collect();
        for u in units {
            if s.unit(u).act == Act::Unactivated {
                s.unit_mut(u).act = Act::Finished;
            }
        }
        ev.push(Event::SpecialEffect {
            result,
            division: Some(d),
            effect: "the Division is FINISHED".into(),
        });
        self.to_initiative(s, ev);
    }

    /// The chosen Division's commander rolled `roll` for his Initiative (7.4a: at most his
    /// rating passes).
    pub(crate) fn special_roll(
        &self,
        s: &mut State,
        step: SpecialStep,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let SpecialStep::Roll {
            result,
            side,
            division,
        } = step
        else {
            return;
        };
        let Some(dc) = self.division_commander(s, division) else {
            self.special_no_effect(
                s,
                result,
                Some(division),
                "the Division has no commander",
                ev,
            );
            return;
        };
        let passed = self.commander_check(dc, roll, ev);
        match (result, passed) {
            (SpecialResult::LeaderInitiative, true) => {
                self.special_segment(s, side, division, SpecialKind::LeaderMove, ev);
            }
            (SpecialResult::LeaderInitiative, false) => {
                self.special_no_effect(s, result, Some(division), "the commander failed", ev);
            }
            (SpecialResult::DivisionalConfusion { .. }, false) => {
                self.confuse(s, result, division, ev);
            }
            (SpecialResult::CommandLethargy { .. }, false) => {
                // F-8.2e: a commander Out of Command who fails: Divisional Confusion.
                let o = Occupancy::build(self, s);
                let cinc = s.armies[side.index()].cinc.filter(|&c| s.unit(c).on_map());
                if self.commander_loc(s, &o, cinc, dc) {
                    ev.push(Event::SpecialEffect {
                        result,
                        division: Some(division),
                        effect: "the Division activates at half MP, without Forced March, close combat, attachments or Independents".into(),
                    });
                    self.special_activate(s, side, division, SpecialKind::Lethargy, ev);
                } else {
                    self.confuse(s, result, division, ev);
                }
            }
            (SpecialResult::ViveLeRoi, false) => {
                ev.push(Event::SpecialEffect {
                    result,
                    division: Some(division),
                    effect: "the Division activates and attacks".into(),
                });
                s.special.vive.push(division);
                self.special_activate(s, side, division, SpecialKind::ViveLeRoi, ev);
            }
            _ => self.special_no_effect(s, result, Some(division), "the commander passed", ev),
        }
    }

    /// An ordinary activation of `d` under the limits of `kind` (F-8.2e, F-8.2f, F-8.2g); an
    /// already activated Division activates again (F-8.2f).
    pub(crate) fn special_activate(
        &self,
        s: &mut State,
        side: Side,
        d: DivId,
        kind: SpecialKind,
        ev: &mut Vec<Event>,
    ) {
        if s.division_done(d) {
            // F-8.2f: an additional activation.
            let dc = self.division_commander(s, d);
            let units: Vec<UnitId> = self.org.divisions[usize::from(d)]
                .units
                .iter()
                .copied()
                .chain(dc)
                .collect();
            for u in units {
                if s.unit(u).act == Act::Finished {
                    s.unit_mut(u).act = Act::Unactivated;
                }
            }
        }
        s.special.act = Some(SpecialAct {
            kind,
            restore: Vec::new(),
            division_done: None,
            moved: Vec::new(),
            must_force: Vec::new(),
        });
        self.activate(s, side, alloc::vec![d], None, ev);
    }

    /// An extra segment for `d` (F-8.2a, F-8.2c): the Division's units (within the
    /// commander's distance for a Movement Segment) and the Independents grouped with them or
    /// with the commander; the counters go back to their activation state afterwards.
    fn special_segment(
        &self,
        s: &mut State,
        side: Side,
        d: DivId,
        kind: SpecialKind,
        ev: &mut Vec<Event>,
    ) {
        let dc = self
            .division_commander(s, d)
            .filter(|&c| s.unit(c).on_map());
        let mut units: Vec<UnitId> = self
            .division_units(s, d)
            .filter(|&u| s.unit(u).morale != Morale::Routed)
            .filter(|&u| {
                kind != SpecialKind::LeaderMove
                    || dc.is_some_and(|c| self.within_command_distance(s, c, u))
            })
            .collect();
        // Independents grouped with the chosen units or the commander.
        let hexes: Vec<crate::hex::Hex> = units
            .iter()
            .chain(dc.iter())
            .filter_map(|&u| s.unit(u).placed().map(|p| p.hex()))
            .collect();
        // F-8.2a, F-8.2c: the combat units of a Flexible Division count as Independents.
        let flexible_units: Vec<UnitId> = self
            .org
            .divisions
            .iter()
            .filter(|v| v.flexible && v.side == side)
            .flat_map(|v| v.units.iter().copied())
            .filter(|&u| self.units[usize::from(u)].is_combat())
            .collect();
        for &u in self.org.armies[side.index()]
            .independents
            .iter()
            .chain(flexible_units.iter())
        {
            let x = s.unit(u);
            if x.morale != Morale::Routed
                && x.placed().is_some_and(|p| hexes.contains(&p.hex()))
                && !units.contains(&u)
            {
                units.push(u);
            }
        }
        if kind == SpecialKind::LeaderMove {
            units.extend(dc);
        }
        let o = Occupancy::build(self, s);
        let mut restore = Vec::new();
        for &u in &units {
            restore.push((u, s.unit(u).act));
            // F-8.2a: the commander passed; F-8.2c: the units his Line of Command reaches.
            let command = match kind {
                SpecialKind::LeaderMove => true,
                _ => {
                    self.independent_now(s, u)
                        || dc.is_some_and(|c| {
                            self.loc_reaches(s, &o, c, super::super::types::Tracer::Division, u)
                        })
                }
            };
            let x = s.unit_mut(u);
            x.act = Act::Active;
            x.command = Some(command);
        }
        match kind {
            SpecialKind::LeaderMove => s.special.leader.push(d),
            _ => s.special.free_combat.push(d),
        }
        s.special.act = Some(SpecialAct {
            kind,
            restore,
            division_done: Some((d, s.division_done(d))),
            moved: Vec::new(),
            must_force: Vec::new(),
        });
        let restricted = s.end_of_turn;
        let result = if kind == SpecialKind::LeaderMove {
            SpecialResult::LeaderInitiative
        } else {
            SpecialResult::FreeCombat
        };
        ev.push(Event::SpecialEffect {
            result,
            division: Some(d),
            effect: match kind {
                SpecialKind::LeaderMove => "an extra Movement Segment".into(),
                SpecialKind::FreeClose => "an extra Close Combat Segment".into(),
                _ => "an extra Fire Combat Segment".into(),
            },
        });
        s.phase = Phase::Activation;
        s.activation = Some(Self::new_activation(side, alloc::vec![d], None, restricted));
        // F-8.2a, F-8.2c: the commander's attachments first, if he has any to make
        // (special_attach.rs).
        if self.special_attach_step(s) {
            return;
        }
        let seg = match kind {
            SpecialKind::LeaderMove => Segment::Movement,
            SpecialKind::FreeClose => Segment::CloseCombat,
            _ => Segment::Fire,
        };
        self.enter_segment(s, seg, ev);
    }

    /// F-8.2d: Disorder Recovery, then rallying, for the Division's units within their
    /// commander's Command Distance (and whoever is grouped with them): a Disordered group
    /// with a commander is Formed, another takes DC(G); a Shaken group takes MC(I).
    fn special_rally(&self, s: &mut State, d: DivId, ev: &mut Vec<Event>) {
        let Some(dc) = self
            .division_commander(s, d)
            .filter(|&c| s.unit(c).on_map())
        else {
            self.special_no_effect(s, SpecialResult::SpecialRally, Some(d), "no commander", ev);
            return;
        };
        let o = Occupancy::build(self, s);
        let side = self.units[usize::from(dc)].side;
        let mut seen: Vec<UnitId> = Vec::new();
        let mut reqs: Vec<CheckReq> = Vec::new();
        let units: Vec<UnitId> = self
            .division_units(s, d)
            .filter(|&u| self.within_command_distance(s, dc, u))
            .collect();
        // 19.5b: after the Shaken groups, every Routed unit in reach (and grouped with one)
        // checks on its own.
        let mut routed: Vec<UnitId> = Vec::new();
        for &u in &units {
            for g in self.stack_of(s, u) {
                if s.unit(g).morale == Morale::Routed && !routed.contains(&g) {
                    routed.push(g);
                }
            }
        }
        for u in units {
            if seen.contains(&u) {
                continue;
            }
            let group = self.stack_of(s, u);
            seen.extend_from_slice(&group);
            let x = s.unit(u);
            if x.disordered {
                let with_commander = x.placed().is_some_and(|p| {
                    p.hexes.as_slice().iter().any(|&h| {
                        o.at(self, h).units.iter().any(|&c| {
                            let info = &self.units[usize::from(c)];
                            info.kind == Kind::Commander && info.side == side
                        })
                    })
                });
                if with_commander {
                    self.formed(s, &group, "F-8.2d", ev);
                } else if let Some(c) = self.checking_unit(&group) {
                    reqs.push(CheckReq {
                        unit: c,
                        kind: CheckKind::Disorder(DisorderCheck::G),
                        er_mod: 0,
                    });
                }
            }
            if s.unit(u).morale == Morale::Shaken {
                if let Some(c) = self.checking_unit(&group) {
                    reqs.push(CheckReq {
                        unit: c,
                        kind: CheckKind::Morale(MoraleCheck::I),
                        er_mod: 0,
                    });
                }
            }
        }
        reqs.extend(routed.into_iter().map(|u| CheckReq {
            unit: u,
            kind: CheckKind::Morale(MoraleCheck::I),
            er_mod: 0,
        }));
        ev.push(Event::SpecialEffect {
            result: SpecialResult::SpecialRally,
            division: Some(d),
            effect: format!("{} rally check(s)", reqs.len()),
        });
        // The checks come first, then Initiative is rolled again.
        self.to_initiative(s, ev);
        self.queue_checks(s, &reqs);
    }

    /// Whether the activation under way may designate Independents and attach units (F-8.2e:
    /// neither; F-8.2g: no Independents).
    pub(crate) fn special_designations(&self, s: &State) -> (bool, bool) {
        match s.special.act.as_ref().map(|a| a.kind) {
            Some(SpecialKind::Lethargy) => (false, false),
            Some(SpecialKind::HastyOrders) => (false, true),
            _ => (true, true),
        }
    }

    /// F-8.2e: `u` is activated under Command Lethargy (half MP, no Forced March).
    pub fn lethargic(&self, s: &State, u: UnitId) -> bool {
        s.special
            .act
            .as_ref()
            .is_some_and(|a| a.kind == SpecialKind::Lethargy)
            && s.unit(u).act == Act::Active
    }

    /// F-8.2f: a unit of the Vive le Roi! Division that one of the declarations `offered` lets
    /// attack and that has not yet been designated: it must attack before the declarations end.
    pub(crate) fn vive_attack_due(&self, s: &State, offered: &[Action]) -> Option<UnitId> {
        offered.iter().find_map(|a| match *a {
            Action::Attack { unit, .. } if self.under_vive_le_roi(s, unit) => Some(unit),
            _ => None,
        })
    }

    /// F-8.2c: in a Free Combat Segment's fire, a stack holding units of the chosen Division
    /// and of another Division (a Flexible unit brought in as an Independent; true
    /// Independents belong to none) fires only the chosen Division's units, and only when one
    /// of them is on top (`stack` top first).
    pub(crate) fn free_fire_allows(&self, s: &State, u: UnitId, stack: &[UnitId]) -> bool {
        if s.special
            .act
            .as_ref()
            .is_none_or(|a| a.kind != SpecialKind::FreeFire)
        {
            return true;
        }
        let Some(d) = s
            .activation
            .as_ref()
            .and_then(|a| a.divisions.first().copied())
        else {
            return true;
        };
        let div = |x: UnitId| self.division_now(s, x);
        let side = self.units[usize::from(u)].side;
        let mine: Vec<UnitId> = stack
            .iter()
            .copied()
            .filter(|&x| {
                self.units[usize::from(x)].side == side && self.units[usize::from(x)].is_combat()
            })
            .collect();
        let mixed = mine.iter().any(|&x| div(x) == Some(d))
            && mine.iter().any(|&x| div(x).is_some_and(|e| e != d));
        if !mixed {
            return true;
        }
        div(u) == Some(d) && mine.first().is_some_and(|&t| div(t) == Some(d))
    }

    /// F-8.2f: `u` is activated under Vive le Roi! (−10 on its MC(B)).
    pub fn under_vive_le_roi(&self, s: &State, u: UnitId) -> bool {
        s.special
            .act
            .as_ref()
            .is_some_and(|a| a.kind == SpecialKind::ViveLeRoi)
            && s.unit(u).act == Act::Active
    }

    /// F-8.2f: how far `p` is from the nearest enemy combat unit of `u`'s side (not Routed),
    /// hex to hex; `None` with no such enemy on the map.
    pub fn nearest_enemy_distance(&self, s: &State, u: UnitId, p: &Placed) -> Option<u32> {
        let side = self.units[usize::from(u)].side;
        let mut best: Option<u32> = None;
        for e in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(e)];
            if info.side == side || !info.is_combat() || s.unit(e).morale == Morale::Routed {
                continue;
            }
            let Some(q) = s.unit(e).placed() else {
                continue;
            };
            for &h in p.hexes.as_slice() {
                for &x in q.hexes.as_slice() {
                    let d = h.distance(x);
                    best = Some(best.map_or(d, |b| b.min(d)));
                }
            }
        }
        best
    }

    /// F-8.2f: under Vive le Roi! a unit moves toward the nearest Allied force: each step
    /// (forward, rearward or sidelong) must end nearer to the nearest enemy combat unit than it
    /// began (a reading of "advance toward": facing and formation changes are free; a unit
    /// with no enemy on the map moves freely).
    pub(crate) fn vive_step_ok(
        &self,
        s: &State,
        u: UnitId,
        from: &Placed,
        to: &Placed,
    ) -> Result<(), crate::engine::Illegal> {
        if !self.under_vive_le_roi(s, u) {
            return Ok(());
        }
        let (Some(before), Some(after)) = (
            self.nearest_enemy_distance(s, u, from),
            self.nearest_enemy_distance(s, u, to),
        ) else {
            return Ok(());
        };
        if after < before {
            return Ok(());
        }
        Err(crate::engine::Illegal::new(
            "F-8.2f",
            format!(
                "Vive le Roi!: {} must advance toward the nearest Allied force ({} hexes away; this move leaves it {} away)",
                self.unit_name(u),
                before,
                after
            ),
        ))
    }

    /// Whether the special activation under way skips segment `seg` (F-8.2a: Movement only;
    /// F-8.2c: the one combat segment; F-8.2e: no close combat); if it does, the activation
    /// is completed now and `true` returned.
    pub(crate) fn special_skips(&self, s: &mut State, seg: Segment, ev: &mut Vec<Event>) -> bool {
        let Some(kind) = s.special.act.as_ref().map(|a| a.kind) else {
            return false;
        };
        let skip = match kind {
            SpecialKind::LeaderMove => seg != Segment::Movement,
            SpecialKind::FreeFire => seg != Segment::Fire,
            SpecialKind::FreeClose => seg != Segment::CloseCombat,
            SpecialKind::Lethargy => seg == Segment::CloseCombat,
            _ => false,
        };
        if skip {
            self.complete_activation(s, ev);
        }
        skip
    }

    /// After a special activation: the counters of an extra segment go back to their
    /// activation state, the Division's mark too (F-8.2a, F-8.2c).
    pub(crate) fn special_restore(&self, s: &mut State, act: SpecialAct) {
        for (u, was) in act.restore {
            if was == Act::Unactivated {
                s.unit_mut(u).act = Act::Unactivated;
            }
        }
        if let Some((d, done)) = act.division_done {
            if let Some(x) = s.divisions_done.get_mut(usize::from(d)) {
                *x = done;
            }
        }
    }

    /// A new turn: the Leader Initiative, Free Combat Segment and Vive le Roi! marks come off
    /// (F-8.2a, F-8.2c, F-8.2f), and the Detachments' Restricted Activation ends (24.2b).
    pub(crate) fn special_new_turn(&self, s: &mut State) {
        s.special.leader.clear();
        s.special.free_combat.clear();
        s.special.vive.clear();
        s.special.last_detachment = [None, None];
        for d in &mut s.special.detachments {
            d.restricted = false;
        }
    }
}
