//! 21.5 Replacements and returns, 21.6 the loss of the Commander-in-Chief: named successions
//! (F-3.3b de Saxe: Noailles, Lutteaux, any Lieutenant General; F-4.2a Cumberland: Konigsegg,
//! Waldeck, Ligonier; F-4.2b Moltke: Forgach), replacement counters drawn by nationality for
//! the other Wing and Division Commanders (F-2.5a A), none for those the rules name (F-3.3f
//! Lowendahl, F-4.2b Konigsegg, F-4.2c Waldeck, F-4.2e Campbell), placement at the start of an
//! activation (21.5c–e, `Segment::Replacement`).

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::{CommandBy, Event};
use super::super::geometry::Placed;
use super::super::state::{Act, Office, Place, State, Step};
use super::super::types::{Morale, Nationality};
use super::super::units::{RawSideOrg, UnitId, UnitInfo};
use crate::data::{ResolvedScenario, Value};
use crate::engine::{Illegal, Side};
use crate::hex::Facing;

/// One step of a Commander-in-Chief's succession.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Successor {
    /// This commander, with this Command Rating and WAN.
    Named(UnitId, i8, u8),
    /// Any Lieutenant General the player names (F-3.3b), with this rating and WAN.
    AnyLg(i8, u8),
}

/// The scenario's commander replacement rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommanderRules {
    /// Each army's CinC succession (F-3.3b, F-4.2a; empty: 21.6 at once).
    pub succession: [Vec<Successor>; 2],
    /// Named replacements of other commanders (F-4.2b B: Moltke by Forgach).
    pub named: Vec<(UnitId, UnitId)>,
    /// Commanders nobody replaces (F-3.3f, F-4.2b A, F-4.2c, F-4.2e).
    pub none: Vec<UnitId>,
    /// The replacement counters in play (F-2.5a A), by counter order.
    pub pool: Vec<UnitId>,
}

/// A succession as the rules print it: (successor or "any_lg", rating, WAN).
type Line = (&'static str, i8, u8);

/// The successions: (original, his successors in order).
const SUCCESSIONS: [(&str, [Line; 3]); 2] = [
    (
        "fr-saxe",
        [
            ("fr-noailles", 3, 6),
            ("fr-lutteaux", 4, 7),
            ("any_lg", 2, 8),
        ],
    ),
    (
        "al-cumberland",
        [
            ("al-konigsegg", 2, 7),
            ("al-waldeck", 3, 8),
            ("al-ligonier", 4, 8),
        ],
    ),
];

/// Named replacements: (original, replacement) (F-4.2b B).
const NAMED: [(&str, &str); 1] = [("al-moltke", "al-forgach")];

/// No replacement (F-3.3f, F-4.2b A, F-4.2c, F-4.2e).
const NONE: [&str; 4] = ["fr-lowendahl", "al-konigsegg", "al-waldeck", "al-campbell"];

/// The replacement counters' pool a commander of nationality `n` draws from (F-2.5a A: the
/// English flag serves the Hanoverians, and the Austrians after Forgach, F-4.2b B).
fn pool_prefix(n: Nationality) -> &'static str {
    match n {
        Nationality::French => "fr-repl-",
        Nationality::Dutch => "al-repl-nl-",
        _ => "al-repl-en-",
    }
}

/// The counters a scenario needs beyond those it names: the named successors it says to place
/// (F-10.2a C), Forgach for Moltke (F-4.2b B), and replacement counters, as many per
/// nationality as the Wing and Division Commanders who might need one (F-2.5a A).
pub fn extra_counters(
    sides: [&RawSideOrg; 2],
    overrides: &BTreeMap<String, serde_json::Value>,
    s: &ResolvedScenario,
    wanted: &[String],
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let have = |id: &str, out: &[String]| wanted.iter().chain(out.iter()).any(|w| w == id);
    for (orig, list) in SUCCESSIONS {
        let place_new = overrides
            .get(orig)
            .and_then(|o| o.get("place_new_counters"))
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(false);
        if place_new && have(orig, &out) {
            for (id, _, _) in list {
                if id != "any_lg" && !have(id, &out) && s.counter(id).is_some() {
                    out.push(id.to_string());
                }
            }
        }
    }
    for (orig, repl) in NAMED {
        if have(orig, &out) && !have(repl, &out) && s.counter(repl).is_some() {
            out.push(repl.to_string());
        }
    }
    let mut need: BTreeMap<&'static str, usize> = BTreeMap::new();
    for side in sides {
        let names = side
            .wings
            .iter()
            .filter_map(|w| w.commander.as_deref())
            .chain(side.divisions.iter().filter_map(|d| d.commander.as_deref()));
        for c in names {
            if NONE.contains(&c) {
                continue;
            }
            let Some(counter) = s.counter(c) else {
                continue;
            };
            let nat = counter
                .values
                .get("nationality")
                .and_then(|v| v.value.as_ref())
                .and_then(Value::as_str)
                .and_then(Nationality::parse)
                .unwrap_or(Nationality::French);
            *need.entry(pool_prefix(nat)).or_default() += 1;
        }
    }
    for (prefix, n) in need {
        for i in 1..=n.min(99) {
            let id = format!("{prefix}{i:02}");
            if s.counter(&id).is_none() {
                break;
            }
            if !have(&id, &out) {
                out.push(id);
            }
        }
    }
    out
}

impl CommanderRules {
    /// The rules for the scenario's counters `units`, original CinCs `cincs`.
    pub fn new(
        units: &[UnitInfo],
        cincs: [Option<UnitId>; 2],
        overrides: &BTreeMap<String, serde_json::Value>,
        in_force: &[String],
    ) -> CommanderRules {
        let find = |id: &str| units.iter().position(|u| u.id == id).map(|i| i as UnitId);
        let mut out = CommanderRules::default();
        // The rule, or its whole section, in force (F-10.xa B).
        let active = |rule: &str| {
            let section = rule.trim_end_matches(|c: char| c.is_ascii_lowercase());
            in_force.iter().any(|r| r == rule || r == section)
        };
        for (side, cinc) in cincs.iter().enumerate() {
            let Some(c) = *cinc else { continue };
            let id = units[usize::from(c)].id.as_str();
            // F-10.2a C: a scenario may say the CinC has no replacement.
            let none = overrides
                .get(id)
                .is_some_and(|o| o.get("replacement").is_some_and(serde_json::Value::is_null));
            if none {
                continue;
            }
            for (orig, list) in SUCCESSIONS {
                let rule = if orig == "fr-saxe" { "3.3b" } else { "4.2a" };
                if orig != id || !active(rule) {
                    continue;
                }
                for (name, rating, wan) in list {
                    if name == "any_lg" {
                        out.succession[side].push(Successor::AnyLg(rating, wan));
                    } else if let Some(u) = find(name) {
                        out.succession[side].push(Successor::Named(u, rating, wan));
                    }
                }
            }
        }
        for (a, b) in NAMED {
            if let (Some(a), Some(b)) = (find(a), find(b)) {
                out.named.push((a, b));
            }
        }
        out.none = NONE.iter().filter_map(|n| find(n)).collect();
        out.pool = units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.rank.as_deref() == Some("replacement"))
            .map(|(i, _)| i as UnitId)
            .collect();
        out
    }
}

impl Fontenoy {
    /// Commander `c` has left the map (killed, wounded, destroyed): a lost CinC is succeeded
    /// at once (21.6, F-3.3b, F-4.2a); a lost replacement leaves the office vacant; other
    /// offices wait for the next activation (21.5c).
    pub(crate) fn commander_gone(&self, s: &mut State, c: UnitId, ev: &mut Vec<Event>) {
        // F-4.2d: Ingoldsby's loss lets the Allies dissolve his Division at once.
        self.ingoldsby_lost(s, c);
        s.offices.retain(|o| o.holder != c);
        let side = self.units[usize::from(c)].side;
        if s.armies[side.index()].cinc == Some(c) {
            self.succeed(s, side, ev);
        }
    }

    /// Whether commander `c` may serve now: on the map, or off it but neither destroyed nor
    /// still wounded (a successor not yet placed).
    fn available(&self, s: &State, c: UnitId) -> bool {
        match s.unit(c).place {
            Place::Map(_) | Place::Waiting => true,
            Place::Wounded { until } => s.turn >= until,
            Place::Destroyed | Place::Exited => false,
        }
    }

    /// The next Commander-in-Chief of `side` (21.5a; F-3.3b, F-4.2a), or none (21.6a).
    fn succeed(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        let current = s.armies[side.index()].cinc;
        for succ in &self.scenario_rules.commanders.succession[side.index()] {
            match *succ {
                Successor::Named(u, rating, wan) => {
                    if Some(u) == current || !self.available(s, u) {
                        continue;
                    }
                    self.appoint(s, side, u, rating, wan, ev);
                    return;
                }
                Successor::AnyLg(_, _) => {
                    if !self.lieutenant_generals(s, side).is_empty() {
                        s.steps.push(Step::ChooseCinc { side });
                        return;
                    }
                }
            }
        }
        let a = &mut s.armies[side.index()];
        a.cinc = None;
        ev.push(Event::NewCinc {
            side,
            commander: None,
            rating: 0,
            wan: 0,
        });
    }

    fn appoint(
        &self,
        s: &mut State,
        side: Side,
        u: UnitId,
        rating: i8,
        wan: u8,
        ev: &mut Vec<Event>,
    ) {
        let a = &mut s.armies[side.index()];
        a.cinc = Some(u);
        a.command_rating = rating;
        a.wan = wan;
        ev.push(Event::NewCinc {
            side,
            commander: Some(u),
            rating,
            wan,
        });
    }

    /// The Lieutenant Generals of `side` on the map who may become CinC (F-3.3b; not
    /// replacement counters, F-3.4a by analogy).
    pub fn lieutenant_generals(&self, s: &State, side: Side) -> Vec<UnitId> {
        (0..s.units.len() as UnitId)
            .filter(|&c| {
                let i = &self.units[usize::from(c)];
                i.side == side
                    && i.rank.as_deref() == Some("LG")
                    && s.unit(c).on_map()
                    && s.armies[side.index()].cinc != Some(c)
            })
            .collect()
    }

    /// The choices of a Lieutenant General to command (F-3.3b).
    pub(crate) fn appoint_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        for c in self.lieutenant_generals(s, side) {
            out.push(Action::Appoint { commander: c });
        }
    }

    /// Applies the choice of a Lieutenant General as CinC (F-3.3b: +2, WAN 8); his own command
    /// passes to a replacement at the next activation (the digest's reading of "draw a
    /// replacement").
    pub(crate) fn apply_appoint(
        &self,
        s: &mut State,
        side: Side,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::Appoint { commander } = *a else {
            return Err(Illegal::new(
                "F-3.3b",
                format!("{a:?} is not a choice of CinC"),
            ));
        };
        if !self.lieutenant_generals(s, side).contains(&commander) {
            return Err(Illegal::new(
                "F-3.3b",
                format!(
                    "{} is not a Lieutenant General of this army on the map",
                    self.unit_name(commander)
                ),
            ));
        }
        let (rating, wan) = self.scenario_rules.commanders.succession[side.index()]
            .iter()
            .find_map(|x| match *x {
                Successor::AnyLg(r, w) => Some((r, w)),
                _ => None,
            })
            .unwrap_or((2, 8));
        self.appoint(s, side, commander, rating, wan, ev);
        Ok(())
    }

    /// The first commander the Replacement Segment of the activation under way still has to
    /// place (21.5c–e): a returning wounded commander, the army's CinC not yet on the map, or a
    /// replacement for a vacant office, each with the units he may join.
    fn next_placement(&self, s: &mut State, ev: &mut Vec<Event>) -> Option<(UnitId, Vec<UnitId>)> {
        let act = s.activation.as_ref()?.clone();
        let side = act.side;
        let mut offices: Vec<(UnitId, Option<u16>)> = Vec::new();
        for (d, div) in self.org.divisions.iter().enumerate() {
            if div.side != side {
                continue;
            }
            if let Some(c) = div.commander {
                // 21.5c: a Division Commander with his Division only.
                if act.divisions.contains(&(d as u16)) {
                    offices.push((c, Some(d as u16)));
                }
            }
        }
        for w in &self.org.wings {
            if w.side == side {
                offices.extend(w.commander.map(|c| (c, None)));
            }
        }
        let original = self.org.armies[side.index()].cinc;
        // The original CinC back from his wound takes command again (21.5d).
        if let Some(o) = original {
            if matches!(s.unit(o).place, Place::Wounded { until } if s.turn >= until) {
                let init = &self.initial().armies[side.index()];
                let (r, w) = (init.command_rating, init.wan);
                self.appoint(s, side, o, r, w, ev);
            }
        }
        if let Some(c) = s.armies[side.index()].cinc {
            if !s.unit(c).on_map() && self.available(s, c) {
                return Some((c, self.placements(s, None)));
            }
        }
        for (office, div) in offices {
            let unit = s.unit(office);
            let cinc = s.armies[side.index()].cinc;
            // Returning from a wound (21.5d): the replacement steps down.
            if matches!(unit.place, Place::Wounded { until } if s.turn >= until)
                && cinc != Some(office)
            {
                let list = self.placements(s, div);
                if list.is_empty() {
                    continue;
                }
                if let Some(i) = s.offices.iter().position(|o| o.office == office) {
                    let h = s.offices[i].holder;
                    s.offices.remove(i);
                    if s.unit(h).on_map() {
                        let x = s.unit_mut(h);
                        x.place = Place::Waiting;
                        x.act = Act::Unactivated;
                        x.command = None;
                    }
                }
                return Some((office, list));
            }
            let raised = cinc == Some(office) && original != Some(office);
            let vacant = (!unit.on_map() || raised)
                && !self.unemployed(s, office)
                && self.holder(s, office).is_none()
                && !matches!(unit.place, Place::Waiting);
            if !vacant || self.scenario_rules.commanders.none.contains(&office) {
                continue;
            }
            // An office with a holder off the map keeps him (he is placed below).
            let holder = match s.offices.iter().find(|o| o.office == office) {
                Some(o) => Some(o.holder),
                None => self.draw_replacement(s, office),
            };
            let Some(h) = holder else { continue };
            let list = self.placements(s, div);
            if list.is_empty() {
                continue;
            }
            if !s.offices.iter().any(|o| o.office == office) {
                s.offices.push(Office { office, holder: h });
                ev.push(Event::CommanderReplaced { office, holder: h });
            }
            return Some((h, list));
        }
        None
    }

    /// Whether the command of `office` has no unit left (21.7: nobody replaces him).
    fn unemployed(&self, s: &State, office: UnitId) -> bool {
        let gone = |d: u16| {
            self.org.divisions[usize::from(d)]
                .units
                .iter()
                .all(|&u| matches!(s.unit(u).place, Place::Destroyed))
        };
        if let Some(d) = self.org.division_of[usize::from(office)] {
            return gone(d);
        }
        if let Some(w) = self.org.wing_of_commander[usize::from(office)] {
            return self.org.wings[usize::from(w)]
                .divisions
                .iter()
                .all(|&d| gone(d));
        }
        false
    }

    /// The replacement for `office` (21.5a): his named replacement, else a replacement
    /// counter of his nationality not in use (F-2.5a A: the lowest-numbered, since the
    /// counters' values are alike).
    pub(crate) fn draw_replacement(&self, s: &State, office: UnitId) -> Option<UnitId> {
        let rules = &self.scenario_rules.commanders;
        let in_use = |u: UnitId| s.offices.iter().any(|o| o.holder == u);
        for &(o, r) in &rules.named {
            if o == office && self.available(s, r) && !s.unit(r).on_map() && !in_use(r) {
                return Some(r);
            }
        }
        let prefix = pool_prefix(self.units[usize::from(office)].nationality);
        rules.pool.iter().copied().find(|&u| {
            self.units[usize::from(u)].id.starts_with(prefix)
                && !in_use(u)
                && !s.unit(u).on_map()
                && self.available(s, u)
        })
    }

    /// The units a placed commander may join (21.5e): a Division Commander's non-Routed
    /// activated units of his Division; anyone else's, any non-Routed friendly combat unit.
    fn placements(&self, s: &State, div: Option<u16>) -> Vec<UnitId> {
        let side = s.activation.as_ref().map_or(Side(0), |a| a.side);
        match div {
            Some(d) => self.org.divisions[usize::from(d)]
                .units
                .iter()
                .copied()
                .filter(|&u| {
                    let x = s.unit(u);
                    x.on_map() && x.act == Act::Active && x.morale != Morale::Routed
                })
                .collect(),
            None => (0..s.units.len() as UnitId)
                .filter(|&u| {
                    let i = &self.units[usize::from(u)];
                    let x = s.unit(u);
                    i.side == side && i.is_combat() && x.on_map() && x.morale != Morale::Routed
                })
                .collect(),
        }
    }

    /// The Replacement Segment (21.5c–e): replacements and returning commanders are placed,
    /// then the arrivals of the turn are In Command (22.2, 22.3); then Command Control.
    pub(crate) fn replacement_segment(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some((c, list)) = self.next_placement(s, ev) {
            if let [only] = list.as_slice() {
                self.place_commander(s, c, *only, ev);
                self.replacement_segment(s, ev);
            } else {
                s.steps.push(Step::PlaceCommander { commander: c });
            }
            return;
        }
        self.arrivals_in_command(s, ev);
        self.enter_segment(s, super::super::state::Segment::CommandControl, ev);
    }

    /// Puts commander `c` with unit `u` (21.5e), activated with the Division when it is his.
    fn place_commander(&self, s: &mut State, c: UnitId, u: UnitId, ev: &mut Vec<Event>) {
        let Some(p) = s.unit(u).placed().copied() else {
            return;
        };
        let ours = s.activation.as_ref().is_some_and(|a| {
            self.commands_division(s, c)
                .is_some_and(|d| a.divisions.contains(&d))
        });
        let x = s.unit_mut(c);
        x.place = Place::Map(Placed::at(p.hex(), Facing::new(1).unwrap_or(p.facing)));
        x.act = if ours { Act::Active } else { Act::Unactivated };
        x.command = None;
        ev.push(Event::CommanderPlaced {
            commander: c,
            unit: u,
        });
    }

    /// The units the commander to place may join.
    pub(crate) fn place_actions(&self, s: &State, c: UnitId, out: &mut Vec<Action>) {
        let div = self.commands_division(s, c).filter(|&d| {
            s.activation
                .as_ref()
                .is_some_and(|a| a.divisions.contains(&d))
        });
        let div = if s.armies[self.units[usize::from(c)].side.index()].cinc == Some(c) {
            None
        } else {
            div
        };
        for u in self.placements(s, div) {
            out.push(Action::PlaceCommander {
                commander: c,
                unit: u,
            });
        }
    }

    /// Applies a placement (21.5e) and goes on with the segment.
    pub(crate) fn apply_place(
        &self,
        s: &mut State,
        c: UnitId,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.place_actions(s, c, &mut legal);
        if !legal.contains(a) {
            return Err(Illegal::new(
                "21.5e",
                format!(
                    "{a:?}: {} joins a non-Routed activated unit of his Division (another commander any non-Routed friendly unit)",
                    self.unit_name(c)
                ),
            ));
        }
        if let Action::PlaceCommander { unit, .. } = *a {
            self.place_commander(s, c, unit, ev);
        }
        self.replacement_segment(s, ev);
        Ok(())
    }

    /// 22.2, 22.3: units that arrived this turn, and a whole Division's commander, are In
    /// Command in their first activation.
    fn arrivals_in_command(&self, s: &mut State, ev: &mut Vec<Event>) {
        let list: Vec<UnitId> = self
            .scenario_rules
            .arrivals
            .iter()
            // F-10.0d: and those still on the Road Movement they entered by.
            .filter(|a| self.due_turn(s, a) == Some(s.turn) || self.on_road_entry(s, a.unit))
            .map(|a| a.unit)
            .filter(|&u| s.unit(u).act == Act::Active && s.unit(u).command.is_none())
            .collect();
        for u in list {
            self.set_command(s, u, CommandBy::Always, ev);
        }
    }
}
