//! F-10.0 scenarios: the rules of one scenario read from its data (counters, organisation,
//! maps, turns, End-of-Turn Number, activation order), and the starting position. The units
//! are placed in their set-up hexes; their formation and facing are the players' choice
//! (F-10.0c: any formation, any facing), made in the Set-Up phase (`setup/deploy.rs`), the
//! French first.

mod bounds;
mod deploy;
mod modes;
mod options;
mod single_map;
mod works;

pub use bounds::{Bound, Bounds};

pub use deploy::{Deployment, Where};

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

use serde::Deserialize;

use super::board::Board;
use super::geometry::Hexes;
use super::state::{ArmyState, State, Unit};
use super::tables::Tables;
use super::units::{RawSideOrg, UnitId, UnitInfo, build_org};
use super::{Fontenoy, Initiative};
use crate::data::{DataError, ResolvedScenario};
use crate::engine::Side;
use crate::hex::Hex;

/// `rules.organisation`: each side's.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOrganisation {
    french: RawSideOrg,
    allied: RawSideOrg,
}

/// A redoubt of the scenario (F-3.5a).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
// Every key is read so that a misspelt one is refused; `units_inside` is left to the French
// player's set-up (F-3.5a B: in General Order inside, any other formation outside).
#[allow(dead_code)]
struct RawRedoubt {
    place: String,
    hex: String,
    size: String,
    #[serde(default)]
    units_inside: bool,
    #[serde(default)]
    rule: Option<String>,
}

/// The scenario's `rules` object. Every key is named here, so a misspelt one is refused; the
/// parts whose rules are not built yet are kept as JSON until they are (docs/coverage/
/// fontenoy.md lists them).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
// The JSON-valued keys wait for the rules that read them (docs/coverage/fontenoy.md).
#[allow(dead_code)]
struct RawRules {
    /// The scenario's number in section 10 (its row of the End-of-Turn track chart).
    number: u8,
    maps: Vec<String>,
    eotn: Option<u8>,
    initiative: String,
    rules_in_force: Vec<String>,
    organisation: RawOrganisation,
    #[serde(default)]
    command_overrides: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    morale_tracks: Option<serde_json::Value>,
    #[serde(default)]
    boundaries: Vec<serde_json::Value>,
    #[serde(default)]
    army_loss_at_start: Option<serde_json::Value>,
    #[serde(default)]
    redoubts: Vec<RawRedoubt>,
    #[serde(default)]
    always_in_command: Vec<RawAlways>,
    #[serde(default)]
    barricades: Option<serde_json::Value>,
    #[serde(default)]
    lowendahl_detachment: Option<serde_json::Value>,
    #[serde(default)]
    lowendahl: Option<serde_json::Value>,
    #[serde(default)]
    tournay: Option<serde_json::Value>,
    #[serde(default)]
    potential_reinforcements: Option<serde_json::Value>,
    /// F-7.3, F-7.5: what an option adds to the set-up (applied by setup/options.rs).
    #[serde(default)]
    #[allow(dead_code)]
    option_setups: Option<serde_json::Value>,
    #[serde(default)]
    infernal_column: Option<serde_json::Value>,
    #[serde(default)]
    single_map_variant: Option<serde_json::Value>,
    #[serde(default)]
    notes: Option<String>,
    /// The players' choice of the scenario's options (`options` of the scenario file): id →
    /// on or off; an option not named keeps its default.
    #[serde(default)]
    options: BTreeMap<String, bool>,
}

/// One entry of `rules.always_in_command` (F-10.1a E): a side's units in a place of the map
/// are In Command whenever they are activated.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAlways {
    side: String,
    place: String,
    #[serde(default)]
    #[allow(dead_code)]
    rule: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

pub use super::board::Redoubt;

/// What the scenario gives beyond the series rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScenarioRules {
    /// The scenario's number in section 10.
    pub number: u8,
    /// The special and optional rules in force (F-10.xa B).
    pub in_force: Vec<String>,
    /// The redoubts.
    pub redoubts: Vec<Redoubt>,
    /// The set-up: where each unit may deploy (F-10.0c).
    pub deployments: Vec<Deployment>,
    /// The deployments in the order they are made (indices into `deployments`).
    pub order: Vec<u16>,
    /// Each deployment's place in `order`.
    pub rank: Vec<u16>,
    /// Each unit's deployment's place in `order` (`u16::MAX`: none).
    pub unit_rank: Vec<u16>,
    /// The places in `order` of the combat units' deployments fixed to their hexes, in order.
    pub fixed_order: Vec<u16>,
    /// The army loss records and morale rules (23.0, F-2.2a, F-2.12, F-4.3).
    pub army: super::army::ArmyRules,
    /// The commander replacement rules (21.5, F-2.5a, F-3.3b, F-4.2).
    pub commanders: super::commanders::CommanderRules,
    /// The reinforcements (22.1).
    pub arrivals: Vec<super::reinforcements::Arrival>,
    /// The victory conditions (F-10.xd).
    pub victory: super::victory::VictoryRules,
    /// The ids of the scenario's options that are on (its `options`, each with its rule
    /// number: the Fontenoy optional rules F-5 to F-7 and the scenario's own variants), sorted.
    pub options_on: Vec<String>,
    /// The limits of the field (F-10.1a C–D, F-10.2a G, F-10.3a B–D, F-3.9d; `setup/bounds.rs`).
    pub bounds: Bounds,
    /// F-10.3a E: the Infernal Column (F-7.1) must be declared by this turn index.
    pub infernal_by: Option<u16>,
    /// F-3.8d: Lowendahl's Detachment's entry and rolls, when the scenario has them.
    pub lowendahl: Option<super::reinforcements::LowendahlRules>,
    /// F-6.6: Tournay, when option 6.6 is on.
    pub tournay: Option<super::reinforcements::TournayRules>,
    /// F-4.4: the hexes by which French units leave toward the Allied supply train (the map's
    /// `supply-exits`), when F-4.4 is in force.
    pub supply_exits: Vec<Hex>,
    /// F-6.5: the units that may change mode, when option 6.5 is on.
    pub modes: Vec<super::movement::ModeGroup>,
    /// F-10.1a E: the places where a side's units are always In Command.
    pub always_in_command: Vec<(Side, Vec<Hex>)>,
    /// F-6.2: the hexes the French may place the missing redoubt in (empty: no such redoubt).
    pub redoubt_site: Vec<Hex>,
    /// F-3.6: the barricades the French place at set-up, if the scenario has them.
    pub barricades: Option<super::movement::barricade::BarricadeRules>,
}

/// Whether the scenario's list of the Fontenoy rules in force (F-10.xa B) covers `rule`: an
/// entry names the rule itself or a section it belongs to (`3.5` covers `3.5b`, `1` covers
/// `1.6`); an empty list is every rule.
pub(crate) fn covers(in_force: &[String], rule: &str) -> bool {
    in_force.is_empty()
        || in_force.iter().any(|e| {
            rule == e
                || rule.strip_prefix(e.as_str()).is_some_and(|rest| {
                    rest.starts_with('.')
                        || (e.contains('.') && rest.starts_with(|c: char| c.is_ascii_lowercase()))
                })
        })
}

impl Fontenoy {
    /// Whether the Fontenoy special rule `rule` (F-1 to F-9, by its number: `3.5d`) is in force
    /// in this scenario (F-10.1a B, F-10.2a B, F-10.3a A).
    pub fn in_force(&self, rule: &str) -> bool {
        covers(&self.scenario_rules.in_force, rule)
    }
}

fn side_of(scenario: &str, id: &str, at: &str) -> Result<Side, DataError> {
    match id {
        "french" => Ok(Side(0)),
        "allied" => Ok(Side(1)),
        other => Err(DataError::new(
            scenario,
            at,
            format!("`{other}` is not a Fontenoy side (french, allied)"),
        )),
    }
}

impl Fontenoy {
    /// Binds the rules to a scenario.
    pub fn new(s: &ResolvedScenario) -> Result<Fontenoy, DataError> {
        // F-6.1, F-6.2, F-6.3a, F-6.3d: the set-up options change the scenario before it is
        // read (setup/options.rs).
        let changed = options::with_options(&s.scenario)?;
        let sc = changed.as_ref().unwrap_or(&s.scenario);
        let id = sc.id.as_str();
        let mut raw: RawRules = serde_path_to_error::deserialize(serde_json::Value::Object(
            sc.rules.clone(),
        ))
        .map_err(|e| {
            let at = e.path().to_string();
            let at = if at == "." {
                "rules".into()
            } else {
                format!("rules.{at}")
            };
            DataError::new(id, at, e.inner().to_string())
        })?;
        // The counters the scenario names: the set-up, the reinforcements, then the
        // organisation, each once.
        let mut wanted: Vec<String> = Vec::new();
        let named = sc
            .setup
            .iter()
            .map(|p| &p.unit)
            .chain(sc.reinforcements.iter().map(|r| &r.unit));
        for u in named {
            if !wanted.contains(u) {
                wanted.push(u.clone());
            }
        }
        for side in [&raw.organisation.french, &raw.organisation.allied] {
            let named = side
                .cinc
                .iter()
                .chain(side.independent_units.iter())
                .chain(side.special_commanders.iter())
                .chain(
                    side.divisions
                        .iter()
                        .flat_map(|d| d.commander.iter().chain(d.units.iter())),
                )
                .chain(side.wings.iter().flat_map(|w| w.commander.iter()));
            for u in named {
                if !wanted.contains(u) {
                    wanted.push(u.clone());
                }
            }
        }
        // 21.5, F-2.5a: named successors and replacement counters the scenario may need.
        let extra = super::commanders::replacement::extra_counters(
            [&raw.organisation.french, &raw.organisation.allied],
            &raw.command_overrides,
            s,
            &wanted,
        );
        wanted.extend(extra);
        let mut units: Vec<UnitInfo> = Vec::new();
        for name in &wanted {
            let (set, c) = s
                .counters
                .iter()
                .find_map(|set| set.counter(name).map(|c| (set, c)))
                .ok_or_else(|| {
                    DataError::new(
                        id,
                        "setup",
                        format!("no counter `{name}` in the scenario's counter sets"),
                    )
                })?;
            let side = side_of(&set.id, &c.side, &format!("counters.{}.side", c.id))?;
            units.push(UnitInfo::from_counter(&set.id, c, side)?);
        }
        // F-6.5: the other mode's counters of the units in play that change mode (optional,
        // provisional counters of the same regiment and the other arm), in their organisation.
        if options::chosen(sc).iter().any(|o| o == "6.5") {
            modes::add_twins(s, &mut units, &mut raw.organisation.french)?;
        }
        let org = build_org(
            id,
            &units,
            [&raw.organisation.french, &raw.organisation.allied],
        )?;
        let sheets: Vec<char> = raw.maps.iter().filter_map(|m| m.chars().next()).collect();
        let mut board = Board::new(&s.map, &sheets)?;
        if options::chosen(sc).iter().any(|o| o == "6.1") {
            options::strip_fortifications(&mut board);
        }
        // F-10.1a B, F-10.2a B: a scenario that uses only some Fontenoy rules leaves out the
        // map features of the others: the field fortifications (F-3.5b) and the abatis
        // (F-3.5d) of scenario 1.
        for (rule, bits) in [
            ("3.5b", super::board::side::FIELDWORKS),
            ("3.5d", super::board::side::ABATIS),
        ] {
            if !covers(&raw.rules_in_force, rule) {
                board.strip_sides_except(bits, &[]);
            }
        }
        let turns: Vec<String> = (sc.turns.first..=sc.turns.last)
            .map(|t| {
                sc.turns
                    .labels
                    .get(&t.to_string())
                    .cloned()
                    .unwrap_or_else(|| format!("turn {t}"))
            })
            .collect();
        let initiative = match raw.initiative.as_str() {
            "rolled" => Initiative::Rolled,
            "allies_then_french" => Initiative::Fixed([Side(1), Side(0)]),
            other => {
                return Err(DataError::new(
                    id,
                    "rules.initiative",
                    format!("`{other}`: expected rolled or allies_then_french"),
                ));
            }
        };
        let eot_boxes = eot_boxes(s, raw.number)?;
        let mut redoubts = Vec::new();
        let mut redoubt_site = Vec::new();
        for (k, r) in raw.redoubts.iter().enumerate() {
            let hex = board.grid.parse(&r.hex).map_err(|e| {
                DataError::new(id, format!("rules.redoubts[{k}].hex"), e.to_string())
            })?;
            // F-6.2: the missing redoubt is the French player's to place within 1 hex of its
            // centre (its place's hexes, else the centre and its neighbours): works.rs.
            if r.rule.as_deref() == Some("6.2") {
                redoubt_site = match board.place(&r.place) {
                    Some(p) => p.hexes.clone(),
                    None => core::iter::once(hex).chain(hex.neighbors()).collect(),
                };
                redoubt_site.retain(|&h| board.on_map(h));
                redoubt_site.sort();
                redoubt_site.dedup();
                // The centre first.
                redoubt_site.retain(|&h| h != hex);
                if board.on_map(hex) {
                    redoubt_site.insert(0, hex);
                }
                continue;
            }
            redoubts.push(Redoubt {
                hex,
                large: match r.size.as_str() {
                    "large" => true,
                    "small" => false,
                    other => {
                        return Err(DataError::new(
                            id,
                            format!("rules.redoubts[{k}].size"),
                            format!("`{other}`: expected large or small"),
                        ));
                    }
                },
            });
        }
        // The position: every unit where the scenario sets it up, or waiting.
        let state_units: Vec<Unit> = units.iter().map(|u| Unit::waiting(u.sp)).collect();
        let index = |name: &str| units.iter().position(|u| u.id == name).map(|i| i as UnitId);
        let mut deployments = Vec::new();
        for (k, p) in sc.setup.iter().enumerate() {
            let at = format!("setup[{k}]");
            let u = index(&p.unit).ok_or_else(|| {
                DataError::new(id, format!("{at}.unit"), format!("no counter `{}`", p.unit))
            })?;
            let mut hexes = Vec::with_capacity(p.hex.len());
            for (j, h) in p.hex.iter().enumerate() {
                let hex = board
                    .grid
                    .parse(h)
                    .map_err(|e| DataError::new(id, format!("{at}.hex[{j}]"), e.to_string()))?;
                if !board.on_map(hex) {
                    return Err(DataError::new(
                        id,
                        format!("{at}.hex[{j}]"),
                        format!("{h} is not on the scenario's maps"),
                    ));
                }
                hexes.push(hex);
            }
            let hexes = Hexes::from_slice(&hexes).ok_or_else(|| {
                DataError::new(
                    id,
                    format!("{at}.hex"),
                    "a unit sets up in one or two hexes",
                )
            })?;
            // Placed by its deployment in the Set-Up phase.
            deployments.push(Deployment::read(
                id, &at, &board, &org, u, hexes, &p.fields,
            )?);
        }
        let mut armies = [ArmyState::default(), ArmyState::default()];
        for (i, a) in armies.iter_mut().enumerate() {
            let army = &org.armies[i];
            a.cinc = army.cinc;
            a.command_rating = army.command_rating;
            a.wan = army.wan;
            // F-10.2a C: a scenario may give its army commander other ratings (Waldeck +3,
            // WAN 6 in scenario 2).
            let cinc_id = army.cinc.map(|c| units[usize::from(c)].id.as_str());
            if let Some(o) = cinc_id.and_then(|c| raw.command_overrides.get(c)) {
                if let Some(v) = o.get("command_rating").and_then(serde_json::Value::as_i64) {
                    a.command_rating = v.clamp(-9, 9) as i8;
                }
                if let Some(v) = o.get("wan").and_then(serde_json::Value::as_u64) {
                    a.wan = v.min(10) as u8;
                }
            }
        }
        let tables = Tables::new(s)?;
        let army = super::army::ArmyRules::read(
            id,
            raw.morale_tracks.as_ref(),
            raw.army_loss_at_start.as_ref(),
            &raw.rules_in_force,
            s,
            &tables.army,
        )?;
        let commanders = super::commanders::CommanderRules::new(
            &units,
            [org.armies[0].cinc, org.armies[1].cinc],
            &raw.command_overrides,
            &raw.rules_in_force,
        );
        let arrivals = super::reinforcements::read_arrivals(
            id,
            &sc.reinforcements,
            sc.turns.first,
            &board,
            &org,
            index,
        )?;
        let mut victory = super::victory::VictoryRules::read(
            id,
            &sc.victory,
            &board,
            &org,
            &army.tracks,
            &raw.rules_in_force,
        )?;
        let tracks = army
            .start
            .iter()
            .map(|&boxes| super::state::Track {
                boxes,
                ..super::state::Track::default()
            })
            .collect();
        // F-3.6: the barricades, which the French place at set-up (works.rs).
        let barricades = super::movement::barricade::read(id, raw.barricades.as_ref(), &board)?;
        let initial = State {
            divisions_done: alloc::vec![false; org.divisions.len()],
            units: state_units,
            armies,
            tracks,
            ..State::empty()
        };
        let mut options_on: Vec<String> = Vec::new();
        for (k, _) in raw.options.iter() {
            if !sc.options.iter().any(|o| o.id == *k) {
                return Err(DataError::new(
                    id,
                    format!("rules.options.{k}"),
                    "this scenario does not offer the option",
                ));
            }
        }
        for o in &sc.options {
            if raw.options.get(&o.id).copied().unwrap_or(o.default) {
                options_on.push(o.id.clone());
            }
        }
        options_on.sort();
        // F-6.1: no Perimeter Breach (F-6.8) without the field fortifications.
        if options_on.iter().any(|o| o == "6.1") {
            options_on.retain(|o| o != "6.8");
        }
        // F-7.2: the supply train moves north; F-4.4 is not used.
        if options_on.iter().any(|o| o == "7.2") {
            victory.supply_train = false;
        }
        // F-7.4: the English guns have 4 MP limbered (the counters print 2).
        if options_on.iter().any(|o| o == "7.4") {
            for u in units.iter_mut().filter(|u| {
                u.kind == super::types::Kind::Artillery
                    && u.nationality == super::types::Nationality::English
            }) {
                u.mp = u.mp.max(4);
            }
        }
        let bounds = Bounds::read(id, &raw.boundaries, &board, &org, &units)?;
        let mut always_in_command = Vec::new();
        for (k, a) in raw.always_in_command.iter().enumerate() {
            let at = format!("rules.always_in_command[{k}]");
            let side = side_of(id, &a.side, &format!("{at}.side"))?;
            let hexes = board
                .place(&a.place)
                .map(|p| p.hexes.clone())
                .ok_or_else(|| {
                    DataError::new(
                        id,
                        format!("{at}.place"),
                        format!("the map has no place `{}`", a.place),
                    )
                })?;
            always_in_command.push((side, hexes));
        }
        // F-3.9a: the French on the west bank of the Escaut, on its bridge or in the bridgehead
        // are always In Command (unit by unit, a reading of "Divisions ... there").
        if !raw.rules_in_force.is_empty() && covers(&raw.rules_in_force, "3.9a") {
            let mut hexes = Vec::new();
            for name in ["bridgehead", "escaut-bridge", "west-bank"] {
                if let Some(p) = board.place(name) {
                    hexes.extend(p.hexes.iter().copied());
                }
            }
            if !hexes.is_empty() {
                always_in_command.push((Side(0), hexes));
            }
        }
        // F-10.3a E: the turn by which the Infernal Column must be declared (a turn number of
        // the scenario's track).
        let infernal_by = raw
            .infernal_column
            .as_ref()
            .and_then(|v| v.get("declare_by_turn"))
            .and_then(serde_json::Value::as_u64)
            .and_then(|n| u16::try_from(n.saturating_sub(u64::from(sc.turns.first))).ok());
        let lowendahl = match raw.lowendahl_detachment.as_ref() {
            Some(v) => Some(super::reinforcements::LowendahlRules::read(
                id,
                v,
                sc.turns.first,
                &board,
            )?),
            None => None,
        };
        let modes = if options_on.iter().any(|o| o == "6.5") {
            super::movement::mode_groups(&units)
        } else {
            Vec::new()
        };
        let tournay = match raw.tournay.as_ref() {
            Some(v) if options_on.iter().any(|o| o == "6.6") => {
                Some(super::reinforcements::TournayRules::read(id, v, |h| {
                    board.on_map(h)
                })?)
            }
            _ => None,
        };
        let supply_exits: Vec<Hex> = if victory.supply_train {
            board
                .place("supply-exits")
                .map(|p| p.hexes.clone())
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        let mut map_view = crate::engine::MapView::from_map(&s.map)?;
        let on_map = |id: &str| super::fhex::parse(id).is_some_and(|h| board.on_map(h));
        map_view.hexes.retain(|h| on_map(&h.id));
        map_view.hexsides.retain(|side| on_map(&side.hex));
        let mut r = Fontenoy {
            scenario: sc.id.clone(),
            map_view: Arc::new(map_view),
            board: Arc::new(board),
            units: Arc::new(units),
            org: Arc::new(org),
            turns,
            eotn: raw.eotn,
            eot_boxes,
            special_limit: None,
            initiative,
            tables: Arc::new(tables),
            scenario_rules: Arc::new(ScenarioRules {
                number: raw.number,
                in_force: raw.rules_in_force.clone(),
                redoubts,
                deployments,
                order: Vec::new(),
                rank: Vec::new(),
                unit_rank: Vec::new(),
                fixed_order: Vec::new(),
                army,
                commanders,
                arrivals,
                victory,
                options_on,
                bounds,
                infernal_by,
                lowendahl,
                tournay,
                supply_exits,
                modes,
                always_in_command,
                redoubt_site,
                barricades,
            }),
            initial: State::empty(),
            occupancy_memo: Default::default(),
            tables_pool: Default::default(),
        };
        let order = r.deploy_order();
        let sr = Arc::make_mut(&mut r.scenario_rules);
        sr.rank = alloc::vec![u16::MAX; sr.deployments.len()];
        sr.unit_rank = alloc::vec![u16::MAX; r.units.len()];
        for (k, &i) in order.iter().enumerate() {
            sr.rank[usize::from(i)] = k as u16;
            sr.unit_rank[usize::from(sr.deployments[usize::from(i)].unit)] = k as u16;
        }
        // The places in `order` of the combat units' deployments fixed to their hexes, which
        // `deploy_fits` keeps a choice for.
        sr.fixed_order = order
            .iter()
            .enumerate()
            .filter(|(_, i)| {
                let d = &sr.deployments[usize::from(**i)];
                d.at == deploy::Where::Fixed && r.units[usize::from(d.unit)].is_combat()
            })
            .map(|(k, _)| k as u16)
            .collect();
        sr.order = order;
        let mut start = initial;
        r.begin_setup(&mut start);
        r.initial = start;
        Ok(r)
    }
}

/// The boxes between the hour box and END on the scenario's End-of-Turn track (6.7a, F-1.6d),
/// from the `fontenoy/end-of-turn-track` chart (or its provisional completion).
fn eot_boxes(s: &ResolvedScenario, number: u8) -> Result<u8, DataError> {
    let id = s.scenario.id.as_str();
    let chart = s
        .chart("fontenoy/end-of-turn-track-provisional")
        .or_else(|| s.chart("fontenoy/end-of-turn-track"))
        .ok_or_else(|| {
            DataError::new(
                id,
                "charts",
                "the scenario needs the chart fontenoy/end-of-turn-track (6.7a)",
            )
        })?;
    let v = chart
        .get(&number.to_string(), "boxes", crate::data::Mode::Lenient)?
        .and_then(|v| v.as_int())
        .ok_or_else(|| {
            DataError::new(
                &chart.id,
                format!("rows[{number}].boxes"),
                "the scenario's End-of-Turn boxes are missing",
            )
        })?;
    // END is the box after the last numbered one.
    Ok(u8::try_from(v.clamp(0, 98)).unwrap_or(0) + 1)
}
