//! The sequence of play (7.0, 8.1, 8.2): game turns of two player turns, each Command,
//! Movement, Fire and Rally, then the Game Turn End; set-up (1.4), reinforcements (16.4) and
//! victory (AUS 6.0, 7.1, 7.2). Also the scenario binding ([`build`]).

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::board::Board;
use super::event::Event;
use super::order_log::initiative::Emperor;
use super::state::{Phase, Place, State, Task, Unit, UnitId, flag};
use super::tables::CommandTables;
use super::tables::Tables;
use super::types::{Formation, MoraleState, UnitKind};
use super::{ALLIED, Action, Arrival, FRENCH, Nbs, TurnInfo, Victory, units};
use crate::data::{DataError, ResolvedScenario, Value};
use crate::engine::{Actor, Illegal, Outcome, Prompt, Side};
use crate::hex::{Direction, Facing, Hex};

/// Which printed hex ids a scenario plays on (AUS 7.1, 7.2).
type AreaFilter = Box<dyn Fn(&str) -> bool>;

fn json_u16s(v: Option<&serde_json::Value>) -> Vec<u16> {
    v.and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_u64())
                .map(|x| x as u16)
                .collect()
        })
        .unwrap_or_default()
}

/// The default facing of a side's units at set-up, where the scenario leaves it to the player
/// (1.4): toward the enemy, east for the French and west for the Allies (provisional).
fn default_facing(side: Side) -> Facing {
    let east = Facing::corner(Direction::ALL[0]);
    if side == FRENCH {
        east
    } else {
        east.opposite()
    }
}

/// The default formation at set-up (1.4 leaves it to the player): infantry in column,
/// cavalry in combat formation, artillery limbered (provisional; a front end may re-form
/// before play).
fn default_formation(kind: UnitKind) -> Formation {
    match kind {
        UnitKind::Infantry => Formation::Column,
        UnitKind::Cavalry => Formation::Combat,
        UnitKind::Artillery => Formation::Limbered,
        UnitKind::Skirmisher => Formation::Skirmish,
        UnitKind::Leader | UnitKind::Hq => Formation::None,
    }
}

/// Binds the rules to a scenario.
pub fn build(s: &ResolvedScenario) -> Result<Nbs, DataError> {
    let sc = &s.scenario;
    let id = sc.id.clone();
    let mut units = units::read(s)?;
    let units_for_orders = units.clone();
    let rules_v = serde_json::to_value(&sc.rules).unwrap_or_default();
    // An option the scenario does not offer, or a choice that is not true or false, is
    // refused rather than ignored.
    if let Some(chosen) = rules_v.get("options").and_then(|o| o.as_object()) {
        for (k, v) in chosen {
            if !sc.options.iter().any(|o| o.id == *k) {
                return Err(DataError::new(
                    &id,
                    format!("rules.options.{k}"),
                    "this scenario does not offer the option",
                ));
            }
            if !v.is_boolean() {
                return Err(DataError::new(
                    &id,
                    format!("rules.options.{k}"),
                    "an option is chosen with true or false",
                ));
            }
        }
    }
    // AUS 7.1: Map B only; AUS 7.2: map A north of row 15 and east of the Ricka (the brook's
    // course is provisional: east of column 30 here).
    let short = id.rsplit('/').next().unwrap_or("").to_string();
    let area: Option<AreaFilter> = match short.as_str() {
        "austerlitz-1" => Some(Box::new(|l: &str| l.starts_with('B'))),
        "austerlitz-2" => Some(Box::new(|l: &str| {
            l.starts_with('A')
                && l.get(1..3)
                    .and_then(|c| c.parse::<u8>().ok())
                    .is_some_and(|c| c >= 30)
                && l.get(4..6)
                    .and_then(|r| r.parse::<u8>().ok())
                    .is_some_and(|r| r > 15)
        })),
        _ => None,
    };
    let board = Board::new(s, area.as_deref().map(|f| f as &dyn Fn(&str) -> bool))?;
    let map_view =
        super::board::map_view(s, |id| board.grid.parse(id).is_ok_and(|h| board.on_map(h)))?;
    let tables = Tables::from_scenario(s, false)?;
    // 11.5, 17.0, 27.1: counters made during play, appended after the printed ones.
    units::append_counters(&mut units, &tables);
    let command = CommandTables::from_scenario(s, false)?;
    // Turn Record Track.
    let first = u16::try_from(sc.turns.first).unwrap_or(1);
    let last = u16::try_from(sc.turns.last).unwrap_or(first).max(first);
    let night = json_u16s(rules_v.get("night_turns"));
    let fog = rules_v.get("fog");
    let fog_turns = json_u16s(fog.and_then(|f| f.get("turns")));
    let fog_low = json_u16s(fog.and_then(|f| f.get("level_limited_turns")));
    let fog_vis = fog.and_then(|f| f.get("visibility"));
    let mut turns = Vec::new();
    for t in first..=last {
        let label = sc
            .turns
            .labels
            .get(&t.to_string())
            .cloned()
            .unwrap_or_else(|| format!("turn {t}"));
        let is_night = night.contains(&t);
        let k = fog_turns.iter().position(|&x| x == t);
        // AUS 5.1: the fog numbers are on the Turn Record Track (not in the text); where the
        // data gives none, 2 hexes rising by one every other turn (provisional).
        let vis = if is_night {
            Some(1)
        } else {
            k.map(|k| {
                fog_vis
                    .and_then(|v| v.as_array())
                    .and_then(|a| a.get(k))
                    .and_then(|x| x.as_u64())
                    .map_or(2 + (k as u8) / 2, |x| x.min(99) as u8)
            })
        };
        turns.push(TurnInfo {
            label,
            night: is_night,
            visibility: vis,
            fog_low_only: fog_low.contains(&t),
        });
    }
    // Reinforcements.
    let mut arrivals = Vec::new();
    for (n, r) in sc.reinforcements.iter().enumerate() {
        let at = format!("reinforcements[{n}]");
        let Some(u) = units.iter().position(|x| x.id == r.unit) else {
            return Err(DataError::new(&id, at, format!("no counter `{}`", r.unit)));
        };
        let hex_id = match (&r.place, r.hex.first()) {
            (_, Some(h)) => h.clone(),
            (Some(p), None) => s
                .map
                .place(p)
                .and_then(|p| p.hexes.first().cloned())
                .ok_or_else(|| DataError::new(&id, &at, format!("no place `{p}` on the map")))?,
            _ => {
                return Err(DataError::new(
                    &id,
                    at,
                    "a reinforcement needs a hex or a place",
                ));
            }
        };
        let hex = board
            .grid
            .parse(&hex_id)
            .map_err(|e| DataError::new(&id, &at, e.to_string()))?;
        arrivals.push(Arrival {
            unit: u as UnitId,
            turn: u16::try_from(r.turn).unwrap_or(u16::MAX),
            hex,
            column: None,
        });
    }
    // Victory.
    let victory = if short == "austerlitz-1" {
        let f = sc.victory.first().map(|v| &v.fields);
        let mut hexes = Vec::new();
        if let Some(places) = f.and_then(|f| f.get("places")).and_then(|p| p.as_array()) {
            for p in places.iter().filter_map(|p| p.as_str()) {
                if let Some(pl) = s.map.place(p) {
                    for h in &pl.hexes {
                        if let Ok(x) = board.grid.parse(h) {
                            hexes.push(x);
                        }
                    }
                }
            }
        }
        let divisions = f
            .and_then(|f| f.get("divisions"))
            .and_then(|d| d.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        let wrecked_at_least = f
            .and_then(|f| f.get("wrecked_at_least"))
            .and_then(|x| x.as_u64())
            .unwrap_or(2) as u8;
        Victory::Goldbach {
            hexes,
            divisions,
            wrecked_at_least,
        }
    } else if short == "austerlitz-2" {
        Victory::Brigades
    } else {
        Victory::Points
    };
    let mut loss_vp = [Vec::new(), Vec::new()];
    let mut formation_vp = Vec::new();
    let mut levels = Vec::new();
    if let Some(c) = s.charts.iter().find(|c| c.id == "nbs/aus-loss-vp") {
        for row in &c.rows {
            let vp = row
                .cells
                .first()
                .and_then(|c| c.value.as_ref())
                .and_then(Value::as_int);
            for (side, col) in [(FRENCH, 1usize), (ALLIED, 2usize)] {
                if let (Some(vp), Some(Value::DieRange(r))) =
                    (vp, row.cells.get(col).and_then(|c| c.value.as_ref()))
                {
                    loss_vp[side.index()].push((r.lo.unwrap_or(0).max(0) as u32, vp as i32));
                }
            }
        }
    }
    if let Some(c) = s.charts.iter().find(|c| c.id == "nbs/aus-formation-vp") {
        for row in &c.rows {
            let cell = |i: usize| row.cells.get(i).and_then(|c| c.value.as_ref());
            if let (Some(Value::Text(f)), Some(Value::Text(side)), Some(vp)) =
                (cell(0), cell(1), cell(2).and_then(Value::as_int))
            {
                let side = if side == "French" { FRENCH } else { ALLIED };
                formation_vp.push((f.clone(), side, vp as i32));
            }
        }
    }
    if let Some(c) = s.charts.iter().find(|c| c.id == "nbs/aus-victory-levels") {
        for row in &c.rows {
            let cell = |i: usize| row.cells.get(i).and_then(|c| c.value.as_ref());
            if let (Some(Value::DieRange(r)), Some(Value::Result(l) | Value::Text(l))) =
                (cell(0), cell(1))
            {
                let winner = if l.starts_with("French") {
                    Some(FRENCH)
                } else if l.starts_with("Allied") {
                    Some(ALLIED)
                } else {
                    None
                };
                levels.push((r.lo.map_or(i32::MIN, |x| x as i32), l.clone(), winner));
            }
        }
        levels.sort_by_key(|l| l.0);
    }
    let divisions = read_divisions(s);
    let mut terrain_cols = Vec::new();
    for t in super::board::Terrain::ALL {
        terrain_cols.push(tables.terrain_index(t.id()).ok_or_else(|| {
            DataError::new(
                &s.terrain.id,
                t.id(),
                "the nbs rules need this terrain on the Movement Chart",
            )
            .with_rule("16.2")
        })?);
    }
    let mut feature_cols = [None; 17];
    for (bit, id) in super::board::side::IDS {
        if let Some(slot) = feature_cols.get_mut(super::feature_slot(bit)) {
            *slot = tables.feature_index(id);
        }
    }
    let mut nbs = Nbs {
        scenario: short,
        board,
        map_view,
        units,
        tables,
        command,
        terrain_cols,
        feature_cols,
        divisions,
        turns,
        first_turn: first,
        first_player: ALLIED,
        arrivals,
        victory,
        loss_vp,
        formation_vp,
        levels,
        formations: super::units::formations(&units_for_orders),
        strict_orders: true,
        buxhowden: None,
        leader_costs: Vec::new(),
        radius_memo: Default::default(),
        replacement_rating: replacement_rating(&rules_v, &id)?,
        skirmisher_cap: cap_option(&rules_v),
        emperors_must_roll: Vec::new(),
        emperor_lc_on_total: false,
        fog_charges: false,
        fraction_modifiers_first: false,
        attach_on_arrival: Vec::new(),
        setup: Default::default(),
        columns: None,
        emperors: Vec::new(),
        initial: State {
            turn: first,
            player_turn: 0,
            phase: Phase::Command,
            units: Vec::new(),
            tasks: Vec::new(),
            casualty_track: [0, 0],
            orders: Default::default(),
            next_order: 0,
            vp: [0, 0],
            sudden_death: None,
            last_roll: None,
            over: false,
            cavalry: Default::default(),
            control: Vec::new(),
            command: Default::default(),
            replaced: Vec::new(),
            commanders: Vec::new(),
            attached: Vec::new(),
            attach_orders: Vec::new(),
            hidden: Vec::new(),
            columns: Vec::new(),
            riders: Vec::new(),
            break_up: Vec::new(),
            overstacks: Vec::new(),
            escaping: Vec::new(),
        },
    };
    // Set-up (1.4).
    let mut st: Vec<Unit> = nbs
        .units
        .iter()
        .map(|u| Unit {
            place: Place::Off,
            facing: default_facing(u.side),
            formation: default_formation(u.kind),
            morale: MoraleState::Normal,
            casualties: 0,
            stragglers: 0,
            skirmishers_out: 0,
            spent: 0,
            order: 0,
            flags: 0,
            fire_used: 0,
            road: 0,
        })
        .collect();
    let mut order = 0u16;
    for (n, p) in sc.setup.iter().enumerate() {
        let at = format!("setup[{n}]");
        let Some(u) = nbs.units.iter().position(|x| x.id == p.unit) else {
            return Err(DataError::new(&id, at, format!("no counter `{}`", p.unit)));
        };
        let Some(h) = p.hex.first() else {
            return Err(DataError::new(&id, at, "a placement needs a hex"));
        };
        let hex = nbs
            .board
            .grid
            .parse(h)
            .map_err(|e| DataError::new(&id, &at, e.to_string()))?;
        if !nbs.board.on_map(hex) {
            return Err(DataError::new(
                &id,
                at,
                format!("{h} is not in this scenario's playing area (1.1b)"),
            )
            .with_rule("1.1b"));
        }
        st[u].place = Place::At(hex);
        st[u].order = order;
        order += 1;
    }
    nbs.initial.units = st;
    nbs.emperors = (0..nbs.units.len() as UnitId)
        .filter(|&u| nbs.units[usize::from(u)].rank == units::Rank::Emperor)
        .collect();
    nbs.buxhowden = nbs.buxhowden_lookup();
    nbs.leader_costs = nbs.leader_cost_table();
    nbs.initial.next_order = order;
    // AUS 3.1: no Emperor starts with a combat unit of the other nation.
    for &e in &nbs.emperors {
        if let Some(h) = nbs.initial.units[usize::from(e)].hex() {
            if let Err(x) = nbs.emperor_entry_check(&nbs.initial, e, h) {
                return Err(DataError::new(&id, "setup", x.reason).with_rule("AUS 3.1"));
            }
        }
    }
    // 1.4: units may not start over-stacked.
    for hex in nbs
        .initial
        .units
        .iter()
        .filter_map(Unit::hex)
        .collect::<Vec<_>>()
    {
        for side in [FRENCH, ALLIED] {
            if nbs.overstacked(&nbs.initial, hex, side) {
                return Err(DataError::new(
                    &id,
                    "setup",
                    format!("{} starts over-stacked (1.4, 12.1)", nbs.label(hex)),
                )
                .with_rule("12.1"));
            }
        }
    }
    // 10.1i, AUS 5.3: historical orders, accepted before play.
    let mut s0 = nbs.initial.clone();
    // AUS 4.2a: Katusov plays on his inverted side (rated 3); the French gain the variant's VPs.
    if option_on(s, &rules_v, "aus-4.2a")? {
        let k = nbs
            .unit_index("L-Katusov")
            .zip(units::inverted_rating(s, "L-Katusov"));
        let (Some((k, rating)), Some(vp)) = (k, variant_vp(s, "AUS 4.2a")) else {
            return Err(DataError::new(
                &id,
                "rules.options.aus-4.2a",
                "needs L-Katusov with `rating_inverted` and the AUS 4.2a row of nbs/aus-variant-vp",
            )
            .with_rule("AUS 4.2a"));
        };
        nbs.units[usize::from(k)].rating = rating;
        nbs.units[usize::from(k)].morale_rating = rating;
        s0.vp[FRENCH.index()] += vp;
    }
    // AUS 7.5: the Allied columns' plotted arrival (scenario 5).
    nbs.load_columns(s, &rules_v)?;
    // AUS 4.2c: one or two Left Wing columns back to Bagration, 2 VP to the French for each.
    let mut returned: Vec<&str> = Vec::new();
    let mut returned_cols: Vec<u16> = Vec::new();
    for c in ["1-L", "2-L", "3-L"] {
        if option_on(s, &rules_v, &format!("aus-4.2c-{c}"))? {
            returned.push(c);
        }
    }
    if !returned.is_empty() {
        let bad = |why: &str| {
            DataError::new(&id, "rules.options.aus-4.2c", String::from(why)).with_rule("AUS 4.2c")
        };
        if returned.len() > 2 {
            return Err(bad("at most two columns may be returned to Bagration"));
        }
        let vp = variant_vp(s, "AUS 4.2c")
            .ok_or_else(|| bad("needs the AUS 4.2c row of nbs/aus-variant-vp"))?;
        let cols: Vec<u16> = returned
            .iter()
            .map(|c| {
                nbs.formations
                    .iter()
                    .position(|f| f.side == ALLIED && f.code == *c)
                    .map(|f| f as u16)
            })
            .collect::<Option<_>>()
            .ok_or_else(|| bad("needs the 1-L, 2-L and 3-L commands"))?;
        let rep = nbs
            .unit_index("L-Replacement-Right")
            .ok_or_else(|| bad("needs the counter L-Replacement-Right"))?;
        nbs.right_wing_as_corps(&mut s0, &cols, rep).map_err(bad)?;
        returned_cols = cols;
        s0.vp[FRENCH.index()] += vp * returned.len() as i32;
    }
    // AUS 4.2b: the Left Wing as a corps under Buxhowden; the French gain the variant's VPs.
    if option_on(s, &rules_v, "aus-4.2b")? {
        let vp = variant_vp(s, "AUS 4.2b");
        let (Some(_), Some(vp)) = (nbs.left_wing_as_corps(), vp) else {
            return Err(DataError::new(
                &id,
                "rules.options.aus-4.2b",
                "needs L-Buxhowden, the 1-L, 2-L and 3-L commands and the AUS 4.2b row of nbs/aus-variant-vp",
            )
            .with_rule("AUS 4.2b"));
        };
        s0.vp[FRENCH.index()] += vp;
    }
    // AUS 4.1a: selected Emperors roll every turn; each gives the Allies the variant's VPs.
    for (opt, e) in [
        ("aus-4.1a-alexander", Emperor::Alexander),
        ("aus-4.1a-francis", Emperor::Francis),
    ] {
        if option_on(s, &rules_v, opt)? {
            let vp = variant_vp(s, "AUS 4.1a").ok_or_else(|| {
                DataError::new(
                    &id,
                    format!("rules.options.{opt}"),
                    "needs the AUS 4.1a row of nbs/aus-variant-vp",
                )
                .with_rule("AUS 4.1a")
            })?;
            nbs.emperors_must_roll.push(e);
            s0.vp[ALLIED.index()] += vp;
        }
    }
    nbs.emperor_lc_on_total = option_on(s, &rules_v, "aus-4.1a-total")?;
    nbs.fog_charges = option_on(s, &rules_v, "aus-5.1-fog-charges")?;
    nbs.fraction_modifiers_first = option_on(s, &rules_v, "nbs-20.2f-modifiers-first")?;
    // OPT-1 (unofficial): a fixed Allied skirmisher allotment instead of the AERR-6 cap.
    if option_on(s, &rules_v, "opt-1-allied-skirmishers")? {
        nbs.skirmisher_cap = None;
    }
    nbs.load_attachments(&mut s0, &rules_v, &id)?;
    nbs.load_attach_on_arrival(&rules_v, &id)?;
    nbs.load_preset_orders(&mut s0, &rules_v, &id)?;
    nbs.withdraw_presets(&mut s0, &returned_cols); // AUS 4.2c
    nbs.settle_columns(&mut s0); // AUS 7.5, after 4.2c moved columns to Bagration
    // 1.4: the Set-Up Phase, asked for (`player-setup`) or needed by AUS 4.1b / 4.1c, whose
    // variants give the Allies their VPs.
    let hide = option_on(s, &rules_v, "aus-4.1b")?;
    let free_west = option_on(s, &rules_v, "aus-4.1c")?;
    for (on, rule) in [(hide, "AUS 4.1b"), (free_west, "AUS 4.1c")] {
        if on {
            let vp = variant_vp(s, rule).ok_or_else(|| {
                DataError::new(
                    &id,
                    "rules.options",
                    format!("needs the {rule} row of nbs/aus-variant-vp"),
                )
                .with_rule(rule)
            })?;
            s0.vp[ALLIED.index()] += vp;
        }
    }
    if hide || free_west || option_on(s, &rules_v, "player-setup")? {
        nbs.load_setup(s, &rules_v, free_west, hide)?;
        s0.phase = Phase::SetUp;
        s0.player_turn = 0;
    }
    let mut ev = Vec::new();
    nbs.enter_phase(&mut s0, &mut ev);
    nbs.initial = s0;
    Ok(nbs)
}

/// AERR-6: the Allied cap in full-strength skirmishers (OPT-1, the declared option
/// `opt-1-allied-skirmishers`, lifts it in `flow::build`).
pub(in crate::nbs) fn cap_option(_rules: &serde_json::Value) -> Option<u8> {
    Some(5)
}

/// Whether the scenario option `id` is on: the players' choice in `rules.options.<id>` (true or
/// false), else the option's default. An id the scenario does not offer is refused, so that a
/// variant cannot be switched on where its rules do not apply.
fn option_on(s: &ResolvedScenario, rules: &serde_json::Value, id: &str) -> Result<bool, DataError> {
    let offered = s.scenario.options.iter().find(|o| o.id == id);
    let chosen = rules
        .get("options")
        .and_then(|o| o.get(id))
        .and_then(serde_json::Value::as_bool);
    match (offered, chosen) {
        (Some(o), c) => Ok(c.unwrap_or(o.default)),
        (None, Some(true)) => Err(DataError::new(
            &s.scenario.id,
            format!("rules.options.{id}"),
            "this scenario does not offer the option",
        )),
        (None, _) => Ok(false),
    }
}

/// AUS 4.x: the VPs a minor variant gives the other player (`nbs/aus-variant-vp`).
fn variant_vp(s: &ResolvedScenario, rule: &str) -> Option<i32> {
    let c = s.charts.iter().find(|c| c.id == "nbs/aus-variant-vp")?;
    let (k, v) = (c.column_index("variant")?, c.column_index("vp")?);
    c.rows.iter().find_map(|row| {
        let get = |i: usize| row.cells.get(i).and_then(|c| c.value.as_ref());
        match (get(k), get(v).and_then(Value::as_int)) {
            (Some(Value::Text(name)), Some(vp)) if name == rule => i32::try_from(vp).ok(),
            _ => None,
        }
    })
}

/// 26.4b: the generic replacement rating, a provisional scenario value (the counter backs are
/// not in the text). A scenario without it is refused, naming the field.
fn replacement_rating(rules: &serde_json::Value, id: &str) -> Result<u8, DataError> {
    rules
        .get("replacement_leader_rating")
        .and_then(|v| v.get("value"))
        .and_then(serde_json::Value::as_u64)
        .filter(|&r| r <= 4)
        .map(|r| r as u8)
        .ok_or_else(|| {
            DataError::new(
                id,
                "rules.replacement_leader_rating",
                "missing or not a rating 0-4 (26.4b: the generic replacement leaders' rating)",
            )
            .with_rule("26.4b")
        })
}

fn read_divisions(s: &ResolvedScenario) -> Vec<(String, u8)> {
    let mut out = Vec::new();
    if let Some(c) = s.charts.iter().find(|c| c.id == "nbs/austerlitz-divisions") {
        let (Some(d), Some(w)) = (c.column_index("division"), c.column_index("wreck_line")) else {
            return out;
        };
        for row in &c.rows {
            let get = |i: usize| row.cells.get(i).and_then(|c| c.value.as_ref());
            if let (Some(Value::Text(name)), Some(line)) = (get(d), get(w).and_then(Value::as_int))
            {
                out.push((name.clone(), line.clamp(1, 99) as u8));
            }
        }
    }
    out
}

impl Nbs {
    /// Work that needs no decision: finished retreats, close-combat steps, phases in which
    /// the actor has nothing to decide.
    pub(super) fn settle(&self, s: &mut State, ev: &mut Vec<Event>) {
        for _ in 0..10_000 {
            if s.over {
                return;
            }
            self.leaders_escape(s, ev); // 26.4d
            if let Some(t) = s.tasks.last().cloned() {
                if !self.advance_task(s, t, ev) {
                    self.drop_orphan_parts(s, ev); // 17.0
                    return;
                }
                continue;
            }
            self.tidy_parts(s, ev); // 17.0, 17.2
            if self.phase_done(s) {
                self.next_phase(s, ev);
                continue;
            }
            return;
        }
    }

    /// Whether the current phase has nothing left for anyone to decide.
    fn phase_done(&self, s: &State) -> bool {
        match s.phase {
            Phase::Withdrawal => !self.any_withdrawal(s),
            Phase::Recovery => !self.any_recovery(s),
            Phase::Rally => !self.any_rally(s),
            Phase::CavalryRecovery => !self.any_unblow(s),
            Phase::Command => self.command_done(s),
            _ => false, // the Set-Up Phase ends by `EndSetUp`
        }
    }

    /// Moves to the next phase, the next player turn or the next game turn.
    pub(super) fn next_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        let end_of_phase = s.phase;
        if end_of_phase == Phase::Movement {
            self.end_of_movement(s, ev);
        }
        if end_of_phase == Phase::Rally {
            self.rout_moves(s);
        }
        // 12.0: the other phases with movement or retreats (the Rally Phase's rout moves are
        // retreats, which apply 25.3d as each ends).
        if matches!(
            end_of_phase,
            Phase::Withdrawal | Phase::DefensiveFire | Phase::OffensiveFire | Phase::Rally
        ) {
            self.enforce_stacking(s, None, ev);
        }
        s.phase = match end_of_phase {
            Phase::SetUp => Phase::Command,
            Phase::Command => Phase::Movement,
            Phase::Movement => Phase::Withdrawal,
            Phase::Withdrawal => Phase::DefensiveFire,
            Phase::DefensiveFire => Phase::OffensiveFire,
            Phase::OffensiveFire => Phase::Recovery,
            Phase::Recovery => Phase::Rally,
            Phase::Rally => Phase::CavalryRecovery,
            Phase::CavalryRecovery => {
                if s.player_turn == 0 {
                    s.player_turn = 1;
                } else {
                    // Game Turn End (7.0).
                    for u in &mut s.units {
                        u.flags &= !flag::PER_TURN;
                    }
                    if s.turn >= self.last_turn() {
                        self.end_game(s, ev);
                        return;
                    }
                    s.turn += 1;
                    s.player_turn = 0;
                    ev.push(Event::TurnBegins {
                        turn: s.turn,
                        label: self.turn_info(s.turn).label.clone(),
                    });
                }
                Phase::Command
            }
        };
        self.enter_phase(s, ev);
    }

    /// What happens as a phase begins.
    pub(super) fn enter_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        for u in &mut s.units {
            u.flags &= !flag::PER_PHASE;
            u.fire_used = 0; // 20.2b: each fire level once per phase
            u.road = 0; // 13.2c, ERR-4: road movement is per phase
        }
        let side = self.phasing(s);
        ev.push(Event::PhaseBegins {
            side,
            phase: s.phase,
        });
        match s.phase {
            Phase::Movement => {
                for u in &mut s.units {
                    u.spent = 0;
                }
                self.cavalry_phase_start(s);
                self.movement_begins(s, ev);
                self.columns_phase_start(s, ev); // AUS 7.5
                self.break_up_begins(s); // 12.5, 25.3d
            }
            Phase::Command => self.command_begins(s, ev),
            Phase::Rally => self.rally_steps(s, ev),
            _ => {}
        }
    }

    /// 25.3c / 12.4 on arrival, and the end-of-movement checks (12.0, 12.5).
    fn end_of_movement(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.end_movement_parts(s, ev); // 11.5d, 17.0
        let side = self.phasing(s);
        self.enforce_stacking(s, Some(side), ev); // 12.0, 12.5
    }

    pub(super) fn end_game(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.over = true;
        s.tasks.clear();
        let o = self.outcome(s);
        ev.push(Event::GameOver {
            winner: o.winner,
            level: o.level.clone(),
            points: o.points,
        });
    }

    /// The victory result (AUS 6.0, 7.1, 7.2); before the end, the standing if the game
    /// ended now.
    pub fn outcome(&self, s: &State) -> Outcome {
        if let Some(w) = s.sudden_death {
            return Outcome {
                winner: Some(w),
                level: String::from(if w == FRENCH {
                    "French Massive Victory"
                } else {
                    "Allied Massive Victory"
                }),
                points: s.vp,
                rule: "AUS 6.3".into(),
            };
        }
        match &self.victory {
            Victory::Points => {
                let mut vp = s.vp;
                // AUS 6.1: each side's casualties give the opponent points.
                for side in [FRENCH, ALLIED] {
                    let lost = s.casualty_track[side.index()];
                    let pts = self.loss_vp[side.index()]
                        .iter()
                        .filter(|(from, _)| lost >= *from)
                        .map(|(_, v)| *v)
                        .max()
                        .unwrap_or(0);
                    vp[side.other().index()] += pts;
                }
                // AUS 6.2: formations with half or more brigades wrecked by casualties alone.
                for (f, side, pts) in &self.formation_vp {
                    let (mut n, mut w) = (0u32, 0u32);
                    for (i, info) in self.units.iter().enumerate() {
                        if info.side == *side && info.vp_formation == *f && info.has_loss_chart() {
                            n += 1;
                            if self.wrecked_by_casualties(s, i as UnitId)
                                || s.units[i].place == Place::Gone
                            {
                                w += 1;
                            }
                        }
                    }
                    if n > 0 && 2 * w >= n {
                        vp[side.other().index()] += pts;
                    }
                }
                let diff = vp[ALLIED.index()] - vp[FRENCH.index()];
                let (level, winner) = self
                    .levels
                    .iter()
                    .rev()
                    .find(|l| diff >= l.0)
                    .map_or((String::from("Draw"), None), |l| (l.1.clone(), l.2));
                Outcome {
                    winner,
                    level,
                    points: vp,
                    rule: "AUS 6.4".into(),
                }
            }
            Victory::Goldbach {
                hexes,
                divisions,
                wrecked_at_least,
            } => {
                let places = hexes.iter().all(|h| {
                    s.control.iter().any(|(c, side)| c == h && *side == ALLIED)
                        && !self.enemy_in(s, *h, ALLIED)
                });
                let wrecked = divisions
                    .iter()
                    .filter(|d| self.division_wrecked(s, d))
                    .count();
                let wreck = wrecked >= usize::from(*wrecked_at_least);
                let (level, winner) = match (places, wreck) {
                    (true, true) => ("Allied Major Victory", Some(ALLIED)),
                    (true, false) | (false, true) => ("Allied Minor Victory", Some(ALLIED)),
                    (false, false) => ("French Major Victory", Some(FRENCH)),
                };
                Outcome {
                    winner,
                    level: level.into(),
                    points: [0, 0],
                    rule: "AUS 7.1".into(),
                }
            }
            Victory::Brigades => {
                let mut vp = [0i32; 2];
                for (i, info) in self.units.iter().enumerate() {
                    if !info.has_loss_chart() {
                        continue;
                    }
                    let u = i as UnitId;
                    let gone = s.units[i].place == Place::Gone;
                    let pts = if self.wrecked_by_casualties(s, u) || gone {
                        2
                    } else if self.wrecked(s, u) {
                        1
                    } else {
                        0
                    };
                    vp[info.side.other().index()] += pts;
                }
                let (level, winner) = match vp[0].cmp(&vp[1]) {
                    core::cmp::Ordering::Greater => ("French Minor Victory", Some(FRENCH)),
                    core::cmp::Ordering::Less => ("Allied Minor Victory", Some(ALLIED)),
                    core::cmp::Ordering::Equal => ("Draw", None),
                };
                Outcome {
                    winner,
                    level: level.into(),
                    points: vp,
                    rule: "AUS 7.2".into(),
                }
            }
        }
    }

    /// The Command Phase (10.x).
    pub(super) fn command_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        self.command_phase_action(s, a, ev)
    }

    /// The refusal for an action that is not a decision of this moment.
    pub(super) fn not_now(&self, s: &State, a: &Action) -> Illegal {
        let json = serde_json::to_string(a).unwrap_or_default();
        let p = self.prompt_of(s);
        Illegal::new(
            if p.rule.is_empty() {
                "engine".into()
            } else {
                p.rule
            },
            format!(
                "{json} is not a legal decision now (the step asks: {})",
                p.text
            ),
        )
    }

    /// What the actor is asked.
    pub(super) fn prompt_of(&self, s: &State) -> Prompt {
        let side = |x: Side| super::INFO.sides[x.index()];
        let p = self.phasing(s);
        let (rule, text): (&str, String) = match (s.tasks.last(), s.phase) {
            _ if s.over => ("AUS 6.0", String::from("the game is over")),
            (Some(Task::Declaring(d)), _) => (
                "20.2",
                format!("add firers against {} or resolve", self.label(d.target)),
            ),
            (Some(Task::FireRoll { decl, .. }), _) => (
                "20.4",
                format!("fire roll against {}", self.label(decl.target)),
            ),
            (Some(Task::LeaderHit { .. }), _) => ("20.4d", String::from("which leader falls")),
            (Some(Task::Promote { corps, fallen, .. }), _) => (
                "26.4a",
                format!(
                    "name the division commander who takes {}'s place at the head of {}",
                    self.name(*fallen),
                    self.formations[usize::from(*corps)].code
                ),
            ),
            (Some(Task::Morale(c)), _) => (
                "25.2",
                format!("morale check at {} ({})", self.label(c.hex), c.why),
            ),
            (Some(Task::BloodLust { hex }), _) => {
                ("25.2c", format!("Blood Lust check at {}", self.label(*hex)))
            }
            (Some(Task::Retreat(r)), _) => (
                "25.3",
                format!(
                    "retreat from {} ({} hex{} to go)",
                    self.label(r.at),
                    r.left,
                    if r.left == 1 { "" } else { "es" }
                ),
            ),
            (Some(Task::GunLoss { .. }), _) => ("27.4", String::from("Gun Loss roll")),
            (Some(Task::CloseCombat(cc)), _) => (
                "23.0",
                format!("close combat at {}: {:?}", self.label(cc.target), cc.step),
            ),
            (Some(Task::OpportunityWindow { at, .. }), _) => (
                "15.1",
                format!(
                    "{}: opportunity fire at {}{} or pass",
                    side(p.other()),
                    self.label(*at),
                    if self.change_under_window(s).is_some() {
                        " (before or after the formation change, 15.1c)"
                    } else {
                        ""
                    }
                ),
            ),
            (Some(Task::StragglerRoll { .. }), _) => ("21.1", String::from("Straggler Table roll")),
            (Some(Task::RecoveryRoll { .. }), _) => {
                ("21.2", String::from("Straggler Recovery Table roll"))
            }
            (Some(Task::RallyRoll { .. }), _) => ("25.5", String::from("rally die")),
            (Some(Task::BlownRoll { .. }), _) => ("24.2c", String::from("blown recovery die")),
            (Some(Task::Stoppage { .. }), _) => ("10.3", String::from("attack stoppage roll")),
            (Some(Task::ArrivalRoll { column }), _) => (
                "AUS 7.5",
                format!("arrival roll of column {}", self.column_name(*column)),
            ),
            (Some(Task::Resume { .. }), _) => ("15.1", String::from("the move goes on")),
            (Some(Task::Reface { hex }), _) => (
                "13.1a",
                format!(
                    "the stack at {} may turn to any facing free",
                    self.label(*hex)
                ),
            ),
            (Some(Task::Cavalry(c)), _) => self.cavalry_prompt(s, c),
            (
                Some(
                    t @ (Task::InitiativeRoll { .. }
                    | Task::OrderWriting { .. }
                    | Task::DelayRoll { .. }
                    | Task::AcceptanceRoll { .. }),
                ),
                _,
            ) => self.order_prompt(t),
            (Some(Task::SkirmisherEvade { target, charge, .. }), _) => (
                "11.5e",
                format!(
                    "{}: the skirmishers at {} may retreat one hex before the {}",
                    side(self.evader_side(s, *target)),
                    self.label(*target),
                    if *charge { "charge" } else { "close combat" }
                ),
            ),
            (
                Some(Task::Assembling {
                    from,
                    target,
                    units,
                }),
                _,
            ) => (
                "23.1e",
                format!(
                    "{}: close combat from {} into {} with {} unit(s): withhold one, resolve or pass",
                    side(p),
                    self.label(*from),
                    self.label(*target),
                    units.len()
                ),
            ),
            (Some(Task::Returning { unit }), _) => (
                "21.2",
                format!(
                    "{}: place {}, back from its recovered stragglers",
                    side(self.units[usize::from(*unit)].side),
                    self.name(*unit)
                ),
            ),
            (Some(Task::Placing { unit }), _) => (
                "1.4",
                format!(
                    "{}: place, face or form {} (or done)",
                    side(self.units[usize::from(*unit)].side),
                    self.name(*unit)
                ),
            ),
            (None, Phase::SetUp) => ("1.4", format!("{}: set up", side(p))),
            (None, Phase::Command) => ("10.0", format!("{}: Command Phase", side(p))),
            (None, Phase::Movement) => ("16.0", format!("{}: Movement Phase", side(p))),
            (None, Phase::Withdrawal) => {
                ("8.2", format!("{}: cavalry withdrawal", side(p.other())))
            }
            (None, Phase::DefensiveFire) => {
                ("20.0", format!("{}: defensive fire", side(p.other())))
            }
            (None, Phase::OffensiveFire) => ("20.0", format!("{}: offensive fire", side(p))),
            (None, Phase::Recovery) => ("21.2", format!("{}: straggler recovery", side(p))),
            (None, Phase::Rally) => ("25.5", format!("{}: rally routed stacks", side(p))),
            (None, Phase::CavalryRecovery) => {
                ("24.2c", format!("{}: blown cavalry recovery", side(p)))
            }
        };
        Prompt {
            rule: rule.into(),
            text: format!("turn {} ({}): {text}", s.turn, self.turn_info(s.turn).label),
        }
    }

    /// Every legal action of the actor.
    pub(super) fn actions(&self, s: &State, out: &mut Vec<Action>) {
        match self.actor_of(s) {
            Actor::Terminal(_) => {}
            Actor::Chance(_) => {
                let mut v = Vec::new();
                crate::engine::Rules::chance_outcomes(self, s, &mut v);
                out.extend(v.into_iter().map(|(a, _)| a));
            }
            Actor::Player(_) => {
                if let Some(t) = s.tasks.last() {
                    self.task_actions(s, t, out);
                    return;
                }
                match s.phase {
                    Phase::SetUp => self.setup_actions(s, out),
                    Phase::Command => self.command_actions(s, out),
                    Phase::Movement => self.movement_actions(s, out),
                    Phase::Withdrawal => self.withdrawal_actions(s, out),
                    Phase::DefensiveFire | Phase::OffensiveFire => self.fire_actions(s, out),
                    Phase::Recovery | Phase::Rally | Phase::CavalryRecovery => {
                        self.rally_actions(s, out)
                    }
                }
            }
        }
    }

    /// The Fire Phase's cavalry withdrawal segment (8.2, 24.2b): see [`super::charge`].
    pub(super) fn withdrawal_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        self.withdrawal_do(s, a, ev)
    }

    /// An English line for an event, with counter names and printed hex ids.
    pub fn describe(&self, e: &Event) -> String {
        let n = |u: &UnitId| self.name(*u).to_string();
        let l = |h: &Hex| self.label(*h);
        let rule = e.rule_number();
        let text = match e {
            Event::TurnBegins { turn, label } => format!("turn {turn} ({label}) begins"),
            Event::PhaseBegins { side, phase } => {
                format!("{}: {}", super::INFO.sides[side.index()], phase.name())
            }
            Event::Moved {
                unit,
                from,
                to,
                cost,
            } => format!(
                "{} moves {} to {} ({} MP)",
                n(unit),
                l(from),
                l(to),
                half(*cost)
            ),
            Event::Faced { unit, facing, cost } => {
                format!("{} faces {facing} ({cost} MP)", n(unit))
            }
            Event::Formed { unit, formation } => format!("{} forms {formation:?}", n(unit)),
            Event::Entered { unit, hex } => format!("{} enters at {}", n(unit), l(hex)),
            Event::FireDeclared {
                target,
                firers,
                fire_points,
                shift,
                column,
            } => format!(
                "fire at {} by {}: {} fire points, shift {shift:+}, column {column}",
                l(target),
                firers.iter().map(n).collect::<Vec<_>>().join(", "),
                super::types::Fp(*fire_points),
            ),
            Event::FireResult {
                target,
                roll,
                result,
            } => format!("fire at {}: roll {roll}, {result}", l(target)),
            Event::Losses {
                unit,
                casualties,
                stragglers,
                ..
            } => format!(
                "{} loses {casualties} casualties and {stragglers} stragglers",
                n(unit)
            ),
            Event::Eliminated { unit, .. } => format!("{} is eliminated", n(unit)),
            Event::Wrecked { unit, wrecked, .. } => {
                if *wrecked {
                    format!("{} is wrecked", n(unit))
                } else {
                    format!("{} is no longer wrecked", n(unit))
                }
            }
            Event::DivisionWrecked {
                division, wrecked, ..
            } => {
                if *wrecked {
                    format!("division {division} is wrecked")
                } else {
                    format!("division {division} is no longer wrecked")
                }
            }
            Event::LeaderLost { unit } => format!("{} falls", n(unit)),
            Event::LeaderDisplaced { unit, to, .. } => match to {
                Some(h) => format!("{} joins the stack at {}", n(unit), self.label(*h)),
                None => format!(
                    "{} has no stack of his command left and leaves play",
                    n(unit)
                ),
            },
            Event::BridgeAssaultLost { from, target } => format!(
                "the column in {} attacked {} across a bridge and loses the close combat",
                self.label(*from),
                self.label(*target)
            ),
            Event::LeaderPromoted {
                unit,
                corps,
                replacement,
                division,
            } => format!(
                "{} takes command of {corps}; {}'s generic back leads {division}",
                n(unit),
                n(replacement)
            ),
            Event::Placed { unit, hex } => format!("{} set up at {}", n(unit), l(hex)),
            Event::Returned { unit, hex } => {
                format!("{} comes back to play at {} (21.2)", n(unit), l(hex))
            }
            Event::ColumnPlotted {
                column,
                entry,
                turn,
                ..
            } => format!(
                "column {column} is plotted to arrive at {} on {}",
                l(entry),
                self.turn_info(*turn).label
            ),
            Event::ArrivalRolled {
                column,
                roll,
                modifier,
                need,
                arrives,
                ..
            } => format!(
                "column {column} rolls {roll}{} for arrival (needs {need}): {}",
                if *modifier == 0 {
                    String::new()
                } else {
                    format!(" {modifier:+}")
                },
                if *arrives { "it arrives" } else { "delayed" }
            ),
            Event::ColumnDue { column, hex, .. } => {
                format!("column {column} comes on at {}", l(hex))
            }
            Event::Concealed { unit, hidden } => format!(
                "{} is {}",
                n(unit),
                if *hidden {
                    "hidden"
                } else {
                    "shown on the map"
                }
            ),
            Event::Revealed { unit, hex, .. } => {
                format!("hidden {} is revealed at {}", n(unit), l(hex))
            }
            Event::PresetOrder {
                side,
                order,
                cancelled,
            } => format!(
                "{}: pre-set order {order} {}",
                super::INFO.sides[side.index()],
                if *cancelled { "withdrawn" } else { "written" }
            ),
            Event::LeaderReplaced { unit, at } => format!(
                "a generic replacement takes {}'s division, in {}",
                n(unit),
                self.label(*at)
            ),
            Event::MoraleCheck {
                hex,
                roll,
                row,
                state,
                retreat,
                stragglers,
            } => format!(
                "morale check at {}: row {row}, roll {roll}: {}, retreat {retreat}, {stragglers} stragglers",
                l(hex),
                state.abbrev()
            ),
            Event::MoraleChanged { hex, state, .. } => {
                format!("{} is now {}", l(hex), state.abbrev())
            }
            Event::Retreated { from, to, .. } => format!("stack retreats {} to {}", l(from), l(to)),
            Event::RetreatBlocked { hex, .. } => {
                format!("the stack at {} cannot retreat", l(hex))
            }
            Event::CloseCombat { from, target } => {
                format!("close combat: {} attacks {}", l(from), l(target))
            }
            Event::Odds {
                attacker,
                defender,
                column,
                drm,
            } => format!(
                "odds {} to {} ({column}), die modifier {drm:+}",
                super::types::Fp(*attacker),
                super::types::Fp(*defender),
            ),
            Event::OddsRoll {
                total,
                attacker_wins,
            } => format!(
                "odds die {total}: {} wins",
                if *attacker_wins {
                    "the attacker"
                } else {
                    "the defender"
                }
            ),
            Event::OpportunityOffered { at, .. } => {
                format!("opportunity fire may strike {}", l(at))
            }
            Event::Recovered { unit, count, .. } => {
                format!("{} recovers {count} stragglers", n(unit))
            }
            Event::Unblown { unit, ok } => {
                if *ok {
                    format!("{} recovers from blown", n(unit))
                } else {
                    format!("{} stays blown", n(unit))
                }
            }
            Event::GameOver { level, points, .. } => {
                format!("game over: {level} ({} to {})", points[0], points[1])
            }
            e @ (Event::ChargeDeclared { .. }
            | Event::ChargeMoved { .. }
            | Event::SquareOffered { .. }
            | Event::SquareCheck { .. }
            | Event::RecallAttempt { .. }
            | Event::CavalryAttack { .. }
            | Event::Blown { .. }
            | Event::CavalryWithdrew { .. }
            | Event::ReactionOffered { .. }
            | Event::ReactionFailed { .. }
            | Event::FollowOn { .. }
            | Event::ChargeRetargeted { .. }
            | Event::ChargeCalledOff { .. }) => self.describe_cavalry(e),
            Event::CommandNote { .. } => self.describe_order(e),
            Event::Part {
                what,
                unit,
                other,
                count,
            } => self.describe_part(*what, *unit, *other, *count),
            Event::ToTop { unit, hex, .. } => {
                format!("{} moves to the top of its stack in {}", n(unit), l(hex))
            }
        };
        let _ = rule;
        text
    }
}

fn half(h: u16) -> String {
    if h % 2 == 0 {
        format!("{}", h / 2)
    } else {
        format!("{}½", h / 2)
    }
}
