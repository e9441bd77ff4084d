//! The Set-Up Phase (1.4) and what the Austerlitz rules add to it: the French hidden
//! deployment (AUS 4.1b), the French free set-up west of the Goldbach (AUS 4.1c) and the
//! pre-set orders the players may write before play (10.1i, AUS 5.3).
//!
//! The scenario files place every unit in one legal hex of its zone (`fields.zone_hexes`
//! indexes `rules.setup_zones`). With the `player-setup` option, or with 4.1b or 4.1c, the
//! game opens with a Set-Up Phase in which each side may move its units inside their zones,
//! choose their facing and formation, hide units, and rewrite its pre-set orders:
//!
//! 1. the Allied segment, then the French one (AUS 5.2 gives the Allies the first move; 4.1c
//!    wants the freely deployed French placed after every other unit and, in scenario 5,
//!    after the Allied orders are written);
//! 2. `SetUpUnit { unit }` opens [`Task::Placing`], whose actions are `Place`, `Face`,
//!    `Form`, `Hide` and `EndSegment` (done with the unit), so that the listing stays small;
//! 3. `IssueOrder` writes a pre-set order (free, accepted before play, 10.1i) and
//!    `CancelPreset` withdraws one;
//! 4. `EndSetUp` checks what can only be checked when every unit is down (leaders with their
//!    troops, 1.4; batteries with their brigades; AUS 7.5's one brigade in each town).
//!
//! Hidden units (AUS 4.1b) stay on the map in the state but the Allied observation shows
//! them off the map; they are revealed when an Allied counter comes within 5 hexes or traces
//! a line of sight (fog included) to their hex, or when they move or fire.

pub mod arrival;
pub(super) mod royals;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::event::Event;
use super::order_log::OrderStatus;
use super::state::{Phase, Place, State, Task, UnitId};
use super::types::UnitKind;
use super::types::{Formation, Method, OrderKind};
use super::{Action, Nbs};
use crate::data::{DataError, ResolvedScenario};
use crate::engine::{Illegal, Side};
use crate::hex::{Facing, Hex};

/// AUS 4.1b: hidden units must set up at this level or lower.
const HIDE_MAX_LEVEL: i16 = 7;
/// AUS 4.1b: an Allied counter this close reveals a hidden unit.
const REVEAL_RANGE: u32 = 5;

/// AUS 7.5: units of which one must stand in each named place (the place's id and hexes).
pub type OneEach = (Vec<UnitId>, Vec<(String, Vec<Hex>)>);

/// Where a unit may be placed at set-up (1.4).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Zone {
    /// Nowhere: a reinforcement, or a unit the scenario does not place.
    #[default]
    None,
    /// Any hex of `rules.setup_zones[i]`.
    Hexes(u16),
    /// With one of these units (`with_any_of`) or, when `adjacent`, also next to one
    /// (`with_or_adjacent_to`): a battery set up with its brigades.
    With {
        /// The units.
        units: Vec<UnitId>,
        /// Adjacent hexes count too.
        adjacent: bool,
    },
}

/// The scenario's set-up rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetUpRules {
    /// Each zone's hexes (`rules.setup_zones`), sorted.
    pub zones: Vec<Vec<Hex>>,
    /// Each unit's zone, by [`UnitId`].
    pub zone_of: Vec<Zone>,
    /// AUS 4.1c: the French may also set up in these hexes (sorted); empty when off.
    pub west: Vec<Hex>,
    /// AUS 4.1b: the French may hide units.
    pub hide: bool,
    /// AUS 7.5: groups of units of which one must stand in each named place.
    pub one_each: Vec<OneEach>,
}

impl Nbs {
    /// Reads the zones of the set-up (`rules.setup_zones`, `fields.zone_hexes`,
    /// `fields.zone.with_any_of` / `with_or_adjacent_to` / `one_brigade_each`) and the 4.1c
    /// area. Called by `flow::build` when the Set-Up Phase is on.
    pub(super) fn load_setup(
        &mut self,
        s: &ResolvedScenario,
        rules: &serde_json::Value,
        free_west: bool,
        hide: bool,
    ) -> Result<(), DataError> {
        let id = s.scenario.id.clone();
        let hexes = |v: &serde_json::Value, at: &str| -> Result<Vec<Hex>, DataError> {
            let list = v
                .as_array()
                .ok_or_else(|| DataError::new(&id, at, "expected a list of hex ids"))?;
            let mut out = Vec::with_capacity(list.len());
            for h in list {
                let t = h
                    .as_str()
                    .ok_or_else(|| DataError::new(&id, at, "a hex id is a string"))?;
                out.push(
                    self.board
                        .grid
                        .parse(t)
                        .map_err(|e| DataError::new(&id, at, e.to_string()))?,
                );
            }
            out.sort();
            out.dedup();
            Ok(out)
        };
        let mut zones = Vec::new();
        if let Some(list) = rules.get("setup_zones").and_then(|z| z.as_array()) {
            for (i, z) in list.iter().enumerate() {
                zones.push(hexes(z, &format!("rules.setup_zones[{i}]"))?);
            }
        }
        let mut zone_of = alloc::vec![Zone::None; self.units.len()];
        let mut one_each: Vec<OneEach> = Vec::new();
        for (n, p) in s.scenario.setup.iter().enumerate() {
            let at = format!("setup[{n}].fields");
            let Some(u) = self.unit_index(&p.unit) else {
                continue; // `flow::build` has refused it already
            };
            let zone = p.fields.get("zone");
            let names = |k: &str| -> Option<Vec<UnitId>> {
                let list = zone?.get(k)?.as_array()?;
                Some(
                    list.iter()
                        .filter_map(|x| x.as_str().and_then(|x| self.unit_index(x)))
                        .collect(),
                )
            };
            zone_of[usize::from(u)] = if let Some(z) = p.fields.get("zone_hexes") {
                let i = z
                    .as_u64()
                    .and_then(|i| u16::try_from(i).ok())
                    .filter(|&i| usize::from(i) < zones.len())
                    .ok_or_else(|| {
                        DataError::new(&id, &at, "zone_hexes must index rules.setup_zones")
                            .with_rule("1.4")
                    })?;
                Zone::Hexes(i)
            } else if let Some(units) = names("with_or_adjacent_to") {
                Zone::With {
                    units,
                    adjacent: true,
                }
            } else if let Some(units) = names("with_any_of") {
                Zone::With {
                    units,
                    adjacent: false,
                }
            } else {
                return Err(DataError::new(
                    &id,
                    &at,
                    "the Set-Up Phase needs each placement's zone (zone_hexes or zone.with_any_of)",
                )
                .with_rule("1.4"));
            };
            if let Some(places) = zone
                .and_then(|z| z.get("one_brigade_each"))
                .and_then(|v| v.as_array())
            {
                let names: Vec<String> = places
                    .iter()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect();
                match one_each
                    .iter_mut()
                    .find(|g| g.1.iter().map(|p| &p.0).eq(names.iter()))
                {
                    Some(g) => g.0.push(u),
                    None => {
                        let mut resolved = Vec::new();
                        for name in &names {
                            let place = s.map.place(name).ok_or_else(|| {
                                DataError::new(&id, &at, format!("no place `{name}` on the map"))
                            })?;
                            let mut hs: Vec<Hex> = place
                                .hexes
                                .iter()
                                .filter_map(|h| self.board.grid.parse(h).ok())
                                .collect();
                            hs.sort();
                            resolved.push((name.clone(), hs));
                        }
                        one_each.push((alloc::vec![u], resolved));
                    }
                }
            }
        }
        let west = if free_west {
            let v = rules.get("free_setup_west_of_goldbach").ok_or_else(|| {
                DataError::new(
                    &id,
                    "rules.free_setup_west_of_goldbach",
                    "AUS 4.1c needs the hexes west of the Goldbach",
                )
                .with_rule("AUS 4.1c")
            })?;
            hexes(v, "rules.free_setup_west_of_goldbach")?
        } else {
            Vec::new()
        };
        self.setup = SetUpRules {
            zones,
            zone_of,
            west,
            hide,
            one_each,
        };
        Ok(())
    }

    /// The side setting up now.
    fn setting_up(&self, s: &State) -> Side {
        self.phasing(s)
    }

    /// The Set-Up Phase's decisions (no task open).
    pub(super) fn setup_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = self.setting_up(s);
        for u in 0..self.units.len() as UnitId {
            if self.units[usize::from(u)].side == side && self.may_set_up(s, u) {
                out.push(Action::SetUpUnit { unit: u });
            }
        }
        // 10.1i, AUS 5.3: pre-set orders, written free and accepted before play.
        if let Some(sender) = self.preset_sender(side) {
            for (r, goal) in self.preset_receivers(side) {
                for kind in [OrderKind::Attack, OrderKind::NonAttack] {
                    out.push(Action::IssueOrder {
                        sender,
                        receiver: r,
                        kind,
                        method: Method::AideWritten,
                        goal,
                        text: String::new(),
                    });
                }
            }
        }
        for o in s.orders[side.index()].orders() {
            if o.status == OrderStatus::Implemented {
                out.push(Action::CancelPreset { order: o.number });
            }
        }
        self.plot_actions(s, side, out); // AUS 7.5
        if self.setup_complete(s, side).is_ok() {
            out.push(Action::EndSetUp);
        }
    }

    /// Whether `u` has a set-up zone (reinforcements and pieces made in play have none).
    pub(in crate::nbs) fn may_set_up(&self, s: &State, u: UnitId) -> bool {
        let i = usize::from(u);
        matches!(s.units[i].place, Place::At(_))
            && self.setup.zone_of.get(i).is_some_and(|z| *z != Zone::None)
    }

    /// Applies a Set-Up Phase action (no task open).
    pub(super) fn setup_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = self.setting_up(s);
        match a {
            Action::SetUpUnit { unit } => {
                self.own_setup_unit(side, *unit)?;
                if !self.may_set_up(s, *unit) {
                    return Err(Illegal::new(
                        "1.4",
                        format!("{} has no set-up zone", self.name(*unit)),
                    ));
                }
                s.tasks.push(Task::Placing { unit: *unit });
                Ok(())
            }
            Action::IssueOrder {
                sender,
                receiver,
                kind,
                goal,
                text,
                ..
            } => {
                if self.preset_sender(side) != Some(*sender) {
                    return Err(Illegal::new(
                        "10.1i",
                        "pre-set orders are written by the army commander",
                    ));
                }
                let Some(&(_, must_goal)) = self
                    .preset_receivers(side)
                    .iter()
                    .find(|(r, _)| r == receiver)
                else {
                    return Err(Illegal::new(
                        "10.1i",
                        format!("{receiver:?} cannot receive an order of this side"),
                    ));
                };
                // 10.5b, AUS 3.2b: divisions and Allied commands get divisional goals; corps
                // and the Guard get none.
                if *goal != must_goal {
                    return Err(Illegal::new(
                        if side == super::ALLIED {
                            "AUS 3.2b"
                        } else {
                            "10.5b"
                        },
                        format!(
                            "an order to {receiver:?} {} a divisional goal",
                            if must_goal { "is" } else { "is not" }
                        ),
                    ));
                }
                // A new pre-set order replaces the one its receiver held (AUS 5.3: rewritten).
                let log = &mut s.orders[side.index()];
                let old: Vec<u16> = log
                    .orders()
                    .iter()
                    .filter(|o| o.receiver == *receiver && o.status == OrderStatus::Implemented)
                    .map(|o| o.number)
                    .collect();
                for n in old {
                    log.cancel_preset(n)
                        .map_err(|e| Illegal::new(e.rule, e.reason))?;
                }
                let number = log
                    .preset(*sender, *receiver, *kind, *goal, text.clone())
                    .map_err(|e| Illegal::new(e.rule, e.reason))?;
                ev.push(Event::PresetOrder {
                    side,
                    order: number,
                    cancelled: false,
                });
                Ok(())
            }
            Action::PlotArrival { .. } | Action::RideWith { .. } => {
                self.plot_action(s, side, a, ev)
            }
            Action::CancelPreset { order } => {
                s.orders[side.index()]
                    .cancel_preset(*order)
                    .map_err(|e| Illegal::new(e.rule, e.reason))?;
                ev.push(Event::PresetOrder {
                    side,
                    order: *order,
                    cancelled: true,
                });
                Ok(())
            }
            Action::EndSetUp => {
                self.setup_complete(s, side)?;
                if s.player_turn == 0 {
                    s.player_turn = 1;
                    self.enter_phase(s, ev);
                } else {
                    s.player_turn = 0;
                    s.phase = Phase::Command;
                    self.enter_phase(s, ev);
                    self.reveal_hidden(s, None, ev);
                }
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    /// Who writes `side`'s pre-set orders: its army commander's counter, on the map or
    /// arriving later (AUS 7.5: the Allies write theirs before their columns enter).
    fn preset_sender(&self, side: Side) -> Option<UnitId> {
        (0..self.units.len() as UnitId).find(|&u| {
            let i = &self.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Leader && i.rank == super::units::Rank::Army
        })
    }

    /// Every formation of `side` may receive a pre-set order, on the map or not yet arrived,
    /// with whether the order is a divisional goal (10.5b, AUS 3.2b).
    fn preset_receivers(&self, side: Side) -> Vec<(super::types::Receiver, bool)> {
        (0..self.formations.len() as u16)
            .filter(|&f| self.formations[usize::from(f)].side == side)
            .map(|f| {
                (
                    self.formation_receiver(f),
                    matches!(
                        self.formations[usize::from(f)].kind,
                        super::units::FormKind::Division | super::units::FormKind::Allied
                    ),
                )
            })
            .collect()
    }

    fn own_setup_unit(&self, side: Side, u: UnitId) -> Result<(), Illegal> {
        match self.units.get(usize::from(u)) {
            Some(i) if i.side == side => Ok(()),
            Some(i) => Err(Illegal::new(
                "1.4",
                format!("{} is not a unit of the side setting up", i.name),
            )),
            None => Err(Illegal::new("engine", format!("no unit {u}"))),
        }
    }

    /// The decisions while one unit is being set up.
    pub(super) fn placing_actions(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        let i = usize::from(unit);
        let here = s.units[i].hex();
        for hex in self.setup_hexes(s, unit) {
            if Some(hex) != here && self.place_fit(s, unit, hex).is_ok() {
                out.push(Action::Place { unit, hex });
            }
        }
        if self.units[i].combat() {
            let now = s.units[i].facing.index();
            for f in (0..12u8).filter(|&f| f != now) {
                out.push(Action::Face { unit, facing: f });
            }
            for f in setup_formations(self.units[i].kind) {
                if *f != s.units[i].formation && self.form_check(s, unit, *f).is_ok() {
                    out.push(Action::Form {
                        unit,
                        formation: *f,
                    });
                }
            }
        }
        if self.hide_check(s, unit).is_ok() {
            out.push(Action::Hide { unit, hidden: true });
        }
        if s.hidden.contains(&unit) {
            out.push(Action::Hide {
                unit,
                hidden: false,
            });
        }
        out.push(Action::EndSegment);
    }

    /// Applies an action while `unit` is being set up.
    pub(super) fn placing_action(
        &self,
        s: &mut State,
        unit: UnitId,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let named = |u: &UnitId| -> Result<(), Illegal> {
            if *u == unit {
                Ok(())
            } else {
                Err(Illegal::new(
                    "1.4",
                    format!("{} is being set up, not {}", self.name(unit), self.name(*u)),
                ))
            }
        };
        match a {
            Action::Place { unit: u, hex } => {
                named(u)?;
                self.place_check(s, unit, *hex)?;
                let i = usize::from(unit);
                // 13.0: a stack faces one way; the newcomer joins at the bottom (12.3).
                let facing = self
                    .combat_stack(s, *hex)
                    .first()
                    .map(|&t| s.units[usize::from(t)].facing);
                s.units[i].place = Place::At(*hex);
                if let Some(f) = facing {
                    s.units[i].facing = f;
                }
                s.units[i].order = s.next_order;
                s.next_order = s.next_order.wrapping_add(1);
                ev.push(Event::Placed { unit, hex: *hex });
                Ok(())
            }
            Action::Face { unit: u, facing } => {
                named(u)?;
                let f =
                    Facing::new(*facing).ok_or_else(|| Illegal::new("13.0", "a facing is 0-11"))?;
                if !self.units[usize::from(unit)].combat() {
                    return Err(Illegal::new(
                        "13.0",
                        format!("{} has no facing", self.name(unit)),
                    ));
                }
                let Some(hex) = s.units[usize::from(unit)].hex() else {
                    return Err(Illegal::new("1.4", "the unit is not on the map"));
                };
                // 13.0: every unit of the hex turns with it.
                for t in self.combat_stack(s, hex) {
                    s.units[usize::from(t)].facing = f;
                }
                ev.push(Event::Faced {
                    unit,
                    facing: *facing,
                    cost: 0,
                });
                Ok(())
            }
            Action::Form { unit: u, formation } => {
                named(u)?;
                self.form_check(s, unit, *formation)?;
                s.units[usize::from(unit)].formation = *formation;
                ev.push(Event::Formed {
                    unit,
                    formation: *formation,
                });
                Ok(())
            }
            Action::Hide { unit: u, hidden } => {
                named(u)?;
                if *hidden {
                    self.hide_check(s, unit)?;
                    s.hidden.push(unit);
                    s.hidden.sort_unstable();
                } else if let Some(k) = s.hidden.iter().position(|&h| h == unit) {
                    s.hidden.remove(k);
                } else {
                    return Err(Illegal::new(
                        "AUS 4.1b",
                        format!("{} is not hidden", self.name(unit)),
                    ));
                }
                ev.push(Event::Concealed {
                    unit,
                    hidden: *hidden,
                });
                Ok(())
            }
            Action::EndSegment => {
                s.tasks.pop();
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    /// The hexes of `u`'s zone, plus (AUS 4.1c) the area west of the Goldbach for the French.
    fn setup_hexes(&self, s: &State, u: UnitId) -> Vec<Hex> {
        let i = usize::from(u);
        let mut out: Vec<Hex> = match self.setup.zone_of.get(i) {
            Some(Zone::Hexes(z)) => self.setup.zones[usize::from(*z)].clone(),
            Some(Zone::With { units, adjacent }) => {
                let mut v = Vec::new();
                for h in units.iter().filter_map(|&x| s.units[usize::from(x)].hex()) {
                    v.push(h);
                    if *adjacent {
                        v.extend(crate::hex::Direction::ALL.iter().map(|&d| h.neighbor(d)));
                    }
                }
                v
            }
            _ => Vec::new(),
        };
        if self.units[i].side == super::FRENCH {
            out.extend(self.setup.west.iter().copied());
        }
        out.sort();
        out.dedup();
        out
    }

    /// Why `u` may not be placed in `hex` (1.4, 1.1b, 16.2c, 12.1, AUS 4.1b, 4.1c).
    pub(in crate::nbs) fn place_check(
        &self,
        s: &State,
        u: UnitId,
        hex: Hex,
    ) -> Result<(), Illegal> {
        let info = &self.units[usize::from(u)];
        if self.setup_hexes(s, u).binary_search(&hex).is_err() {
            let extra = if info.side == super::FRENCH && !self.setup.west.is_empty() {
                " nor west of the Goldbach (AUS 4.1c)"
            } else {
                ""
            };
            return Err(Illegal::new(
                "1.4",
                format!(
                    "{} is not in {}'s set-up zone{extra}",
                    self.label(hex),
                    info.name
                ),
            ));
        }
        self.place_fit(s, u, hex)
    }

    /// The checks of [`Self::place_check`] other than the zone: the playing area, terrain,
    /// enemy units, the hidden units' level and stacking.
    pub(super) fn place_fit(&self, s: &State, u: UnitId, hex: Hex) -> Result<(), Illegal> {
        let info = &self.units[usize::from(u)];
        let h = self.board.hex(hex);
        if !h.on_map {
            return Err(Illegal::new(
                "1.1b",
                format!("{} is not in this scenario's playing area", self.label(hex)),
            ));
        }
        if let Some(class) = self.move_class(s, u) {
            if matches!(
                self.tables.hex_cost(class, self.terrain_idx(h.terrain)),
                super::tables::MoveCost::Prohibited
            ) {
                return Err(Illegal::new(
                    "16.2c",
                    format!("{} cannot stand in {}", info.name, self.label(hex)),
                ));
            }
        }
        if s.units
            .iter()
            .enumerate()
            .any(|(j, x)| x.place == Place::At(hex) && self.units[j].side != info.side)
        {
            return Err(Illegal::new(
                "1.4",
                format!("{} holds enemy units", self.label(hex)),
            ));
        }
        if s.hidden.contains(&u) && h.level > HIDE_MAX_LEVEL {
            return Err(Illegal::new(
                "AUS 4.1b",
                format!(
                    "{} is hidden and {} is above level {HIDE_MAX_LEVEL}",
                    info.name,
                    self.label(hex)
                ),
            ));
        }
        self.emperor_entry_check(s, u, hex)?; // AUS 3.1
        // Only a hex with friends, or a special one (AUS 1.0a), can be over-stacked by one
        // more unit; the copy is made only then.
        let crowded = h.special
            || s.units.iter().enumerate().any(|(j, x)| {
                j != usize::from(u) && x.place == Place::At(hex) && self.units[j].combat()
            });
        if crowded && {
            let mut t = s.clone();
            t.units[usize::from(u)].place = Place::At(hex);
            self.overstacked(&t, hex, info.side)
        } {
            return Err(Illegal::new(
                "12.1",
                format!(
                    "{} would over-stack {} (1.4: no unit starts over-stacked)",
                    info.name,
                    self.label(hex)
                ),
            ));
        }
        Ok(())
    }

    /// Why `u` may not start in formation `f` (1.4: any formation it may adopt; 12.1).
    pub(in crate::nbs) fn form_check(
        &self,
        s: &State,
        u: UnitId,
        f: Formation,
    ) -> Result<(), Illegal> {
        let info = &self.units[usize::from(u)];
        if !setup_formations(info.kind).contains(&f) {
            return Err(Illegal::new(
                "11.0",
                format!("{} cannot be in {f:?}", info.name),
            ));
        }
        let Some(hex) = s.units[usize::from(u)].hex() else {
            return Err(Illegal::new("1.4", "the unit is not on the map"));
        };
        let mut t = s.clone();
        t.units[usize::from(u)].formation = f;
        if self.overstacked(&t, hex, info.side) {
            return Err(Illegal::new(
                "12.1",
                format!(
                    "{} in {f:?} would over-stack {} (1.4)",
                    info.name,
                    self.label(hex)
                ),
            ));
        }
        Ok(())
    }

    /// Why `u` may not be hidden (AUS 4.1b: French, option on, at level 7 or lower).
    fn hide_check(&self, s: &State, u: UnitId) -> Result<(), Illegal> {
        let info = &self.units[usize::from(u)];
        if !self.setup.hide {
            return Err(Illegal::new(
                "AUS 4.1b",
                "hidden deployment is an option (aus-4.1b) not chosen",
            ));
        }
        if info.side != super::FRENCH {
            return Err(Illegal::new("AUS 4.1b", "only French units may be hidden"));
        }
        if s.hidden.contains(&u) {
            return Err(Illegal::new(
                "AUS 4.1b",
                format!("{} is hidden already", info.name),
            ));
        }
        let Some(hex) = s.units[usize::from(u)].hex() else {
            return Err(Illegal::new("AUS 4.1b", "the unit is not on the map"));
        };
        if self.board.hex(hex).level > HIDE_MAX_LEVEL {
            return Err(Illegal::new(
                "AUS 4.1b",
                format!(
                    "{} is above level {HIDE_MAX_LEVEL}: only units set up lower may hide",
                    self.label(hex)
                ),
            ));
        }
        Ok(())
    }

    /// Why `side` may not end its set-up yet: the checks that need every unit down.
    pub(super) fn setup_complete(&self, s: &State, side: Side) -> Result<(), Illegal> {
        for (i, z) in self.setup.zone_of.iter().enumerate() {
            let info = &self.units[i];
            if info.side != side {
                continue;
            }
            let Some(hex) = s.units[i].hex() else {
                continue;
            };
            match z {
                // 1.4: a leader sets up with one of his troops (those sharing his zone,
                // when any is on the map).
                Zone::Hexes(zid) if matches!(info.kind, UnitKind::Leader | UnitKind::Hq) => {
                    let mates: Vec<usize> = (0..self.units.len())
                        .filter(|&j| {
                            self.units[j].combat()
                                && self.units[j].side == side
                                && self.setup.zone_of[j] == Zone::Hexes(*zid)
                                && s.units[j].hex().is_some()
                        })
                        .collect();
                    if !mates.is_empty() && !mates.iter().any(|&j| s.units[j].hex() == Some(hex)) {
                        return Err(Illegal::new(
                            "1.4",
                            format!(
                                "{} must set up with one of the units of his zone",
                                info.name
                            ),
                        ));
                    }
                }
                Zone::With { units, adjacent } => {
                    let ok = units
                        .iter()
                        .filter_map(|&x| s.units[usize::from(x)].hex())
                        .any(|h| h == hex || (*adjacent && h.distance(hex) == 1));
                    let west =
                        info.side == super::FRENCH && self.setup.west.binary_search(&hex).is_ok();
                    if !ok && !west {
                        return Err(Illegal::new(
                            "1.4",
                            format!(
                                "{} must set up with {}one of {}",
                                info.name,
                                if *adjacent { "or next to " } else { "" },
                                units
                                    .iter()
                                    .map(|&x| self.name(x))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ));
                    }
                }
                _ => {}
            }
        }
        // AUS 7.5: one brigade in each named town (waived for units set up west of the
        // Goldbach under AUS 4.1c, which frees the French from their zones).
        for (units, places) in &self.setup.one_each {
            if units.first().map(|&u| self.units[usize::from(u)].side) != Some(side) {
                continue;
            }
            if side == super::FRENCH && !self.setup.west.is_empty() {
                continue;
            }
            for (name, hexes) in places {
                let held = units.iter().any(|&u| {
                    s.units[usize::from(u)]
                        .hex()
                        .is_some_and(|h| hexes.binary_search(&h).is_ok())
                });
                if !held {
                    return Err(Illegal::new(
                        "AUS 7.5",
                        format!("one of these brigades must set up in {name}"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// AUS 4.1b: reveals the hidden units an Allied counter is within 5 hexes of or sees
    /// (fog included), and those that `moved` names (a hidden unit that moves or fires shows
    /// itself). `None` checks every Allied counter; `Some(list)` only those that moved.
    pub(super) fn reveal_hidden(
        &self,
        s: &mut State,
        watchers: Option<&[UnitId]>,
        ev: &mut Vec<Event>,
    ) {
        if s.hidden.is_empty() || s.phase == Phase::SetUp {
            return;
        }
        let mut eyes: Vec<Hex> = (0..self.units.len() as UnitId)
            .filter(|&u| self.units[usize::from(u)].side == super::ALLIED)
            .filter(|u| watchers.is_none_or(|w| w.contains(u)))
            .filter_map(|u| s.units[usize::from(u)].hex())
            .collect();
        eyes.sort();
        eyes.dedup();
        if eyes.is_empty() {
            return;
        }
        let hidden = s.hidden.clone();
        let mut seen: Vec<(Hex, bool)> = Vec::new();
        for u in hidden {
            let Some(hex) = s.units[usize::from(u)].hex() else {
                s.hidden.retain(|&h| h != u);
                continue;
            };
            let found = if let Some(&(_, f)) = seen.iter().find(|(h, _)| *h == hex) {
                f
            } else {
                let f = eyes.iter().any(|&e| {
                    e.distance(hex) <= REVEAL_RANGE
                        || (self.visible(s, e, hex) && self.clear_los(s, e, hex))
                });
                seen.push((hex, f));
                f
            };
            if found {
                self.reveal(s, u, "AUS 4.1b", ev);
            }
        }
    }

    /// Takes `u` off the hidden list (AUS 4.1b).
    pub(super) fn reveal(&self, s: &mut State, u: UnitId, rule: &'static str, ev: &mut Vec<Event>) {
        if let Some(k) = s.hidden.iter().position(|&h| h == u) {
            s.hidden.remove(k);
            if let Some(hex) = s.units[usize::from(u)].hex() {
                ev.push(Event::Revealed {
                    unit: u,
                    hex,
                    rule: rule.into(),
                });
            }
        }
    }

    /// After an action: hidden units that moved, turned, re-formed or fired show themselves;
    /// Allied counters that moved (or, at a new phase, all of them) look for hidden units.
    pub(super) fn after_hidden(&self, before: &State, s: &mut State, ev: &mut Vec<Event>) {
        if s.hidden.is_empty() || s.phase == Phase::SetUp {
            return;
        }
        for u in s.hidden.clone() {
            let (a, b) = (&before.units[usize::from(u)], &s.units[usize::from(u)]);
            if a.place != b.place
                || a.facing != b.facing
                || a.formation != b.formation
                || b.fire_used > a.fire_used
                || (b.has(super::state::flag::FIRED) && !a.has(super::state::flag::FIRED))
            {
                self.reveal(s, u, "AUS 4.1b", ev);
            }
        }
        if before.phase != s.phase || before.turn != s.turn || before.player_turn != s.player_turn {
            self.reveal_hidden(s, None, ev);
        } else {
            let moved: Vec<UnitId> = (0..self.units.len() as UnitId)
                .filter(|&u| {
                    self.units[usize::from(u)].side == super::ALLIED
                        && before.units[usize::from(u)].place != s.units[usize::from(u)].place
                })
                .collect();
            if !moved.is_empty() {
                self.reveal_hidden(s, Some(&moved), ev);
            }
        }
    }
}

/// The formations a unit may start in (1.4: any it may adopt; 11.0).
fn setup_formations(kind: UnitKind) -> &'static [Formation] {
    match kind {
        UnitKind::Infantry => &[Formation::Line, Formation::Column, Formation::Square],
        UnitKind::Artillery => &[Formation::Limbered, Formation::Unlimbered],
        _ => &[],
    }
}
