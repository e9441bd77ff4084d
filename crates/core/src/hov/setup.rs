//! Set-up (§193–§223): the scenario's information read into [`Params`], and the position at the
//! start — leaders on the map or on their Force Leaders' portraits, units on the tracks at
//! their listed strength (§196–§197), garrisons in their towns (§207), supply sources (§206),
//! depots by class (§208), damaged bridges, the Paris Morale start (§220), and the vedettes
//! waiting to be placed (§217).

use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::action::Action;
use super::board::Board;
use super::charts::Charts;
use super::event::Event;
use super::state::{
    Garrison, GarrisonId, GarrisonPlace, Leader, LeaderId, LeaderPlace, Phase, State, Supply,
    TrainPlace, Unit, UnitId, Vedette, VedetteId, VedettePlace,
};
use super::types::{Arm, Army, COALITION, FRENCH};
use super::units::{Manifest, Piece};
use super::{Area, Hov, Params, Reinforcement};
use crate::data::{DataError, ResolvedScenario};
use crate::engine::{Illegal, Side};
use crate::hex::{Hex, Hexside};

type Json = serde_json::Value;

impl Hov {
    /// The date a Game-Turn begins, as (year, month 1–12, day): Game-Turn 1 is 6 December 1806 and
    /// each turn is 3 days (digest §5.14, which §59's "March 21st (turn 36)" confirms; worked
    /// example X50). The scenarios' turn labels follow it.
    pub fn turn_date(turn: u8) -> (u16, u8, u8) {
        let (mut y, mut m, mut d) = (1806u16, 12u8, 6u32);
        let mut left = 3 * u32::from(turn.max(1) - 1);
        loop {
            let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
            let len = match m {
                2 if leap => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            let room = len - d;
            if left <= room {
                return (y, m, (d + left) as u8);
            }
            left -= room + 1;
            d = 1;
            if m == 12 {
                m = 1;
                y += 1;
            } else {
                m += 1;
            }
        }
    }
}

/// Reads the scenario's `rules` object, with errors that name the field.
struct Rules<'a> {
    file: &'a str,
    obj: &'a serde_json::Map<String, Json>,
}

impl Rules<'_> {
    fn get(&self, k: &str) -> Option<&Json> {
        self.obj.get(k)
    }

    fn err(&self, k: &str, why: impl Into<String>) -> DataError {
        DataError::new(self.file, format!("rules.{k}"), why.into())
    }

    fn side(&self, k: &str) -> Result<Side, DataError> {
        match self.get(k).and_then(Json::as_str) {
            Some("french") => Ok(FRENCH),
            Some("coalition") => Ok(COALITION),
            _ => Err(self.err(k, "expected \"french\" or \"coalition\"")),
        }
    }

    fn per_side(&self, k: &str) -> Result<[u8; 2], DataError> {
        let o = self
            .get(k)
            .and_then(Json::as_object)
            .ok_or_else(|| self.err(k, "expected {\"french\": n, \"coalition\": n}"))?;
        let n = |s: &str| -> Result<u8, DataError> {
            o.get(s)
                .and_then(Json::as_u64)
                .filter(|v| *v <= 99)
                .map(|v| v as u8)
                .ok_or_else(|| self.err(&format!("{k}.{s}"), "expected a number 0–99"))
        };
        Ok([n("french")?, n("coalition")?])
    }
}

/// The scenario options that are on (§184–§188, readings): the players' choice in
/// `rules.options`, else the option's default; sorted.
fn options_on(s: &ResolvedScenario) -> Vec<String> {
    let chosen = s.scenario.rules.get("options");
    let mut on: Vec<String> = s
        .scenario
        .options
        .iter()
        .filter(|o| {
            chosen
                .and_then(|c| c.get(&o.id))
                .and_then(Json::as_bool)
                .unwrap_or(o.default)
        })
        .map(|o| o.id.clone())
        .collect();
    on.sort_unstable();
    on
}

fn army_of(s: &str) -> Option<Army> {
    Some(match s {
        "french" => Army::French,
        "russian" => Army::Russian,
        "prussian" => Army::Prussian,
        "austrian" => Army::Austrian,
        _ => return None,
    })
}

impl Hov {
    /// The rules of a resolved hov scenario, with its starting position.
    pub fn new(s: &ResolvedScenario) -> Result<Hov, DataError> {
        let file = s.scenario.id.as_str();
        let board = Board::new(s)?;
        let manifest = Manifest::read(&s.counters)?;
        let charts = Charts::new(s)?;
        let r = Rules {
            file,
            obj: &s.scenario.rules,
        };
        let hex = |label: &str, at: &str| -> Result<Hex, DataError> {
            board
                .grid
                .parse(label)
                .ok()
                .filter(|h| board.on_map(*h))
                .ok_or_else(|| {
                    DataError::new(file, at, format!("`{label}` is not a hex of the map"))
                })
        };

        let first_player = r.side("first_player")?;
        let commands = r.per_side("movement_commands")?;
        let attrition_level = match r.get("attrition_column") {
            Some(_) => r.per_side("attrition_column")?,
            None => commands,
        };
        let area = match r.get("map_area").and_then(Json::as_str) {
            None | Some("all") => Area::All,
            Some("north") => Area::North,
            Some("south") => Area::South,
            Some(other) => {
                return Err(r.err(
                    "map_area",
                    format!("`{other}`: expected north, south or all"),
                ));
            }
        };
        let morale = r
            .get("paris_morale")
            .and_then(Json::as_i64)
            .filter(|m| (-9..=9).contains(m))
            .ok_or_else(|| {
                r.err(
                    "paris_morale",
                    "expected the morale level at the start (§220)",
                )
            })? as i8;

        let mut supply = [Supply::None; 4];
        if let Some(o) = r.get("supply_sources").and_then(Json::as_object) {
            for (k, v) in o {
                // `coalition`: one source the Russians and the Prussians share (§97).
                let armies: &[Army] = match k.as_str() {
                    "coalition" => &[Army::Russian, Army::Prussian],
                    _ => match army_of(k) {
                        Some(Army::French) => &[Army::French],
                        Some(Army::Russian) => &[Army::Russian],
                        Some(Army::Prussian) => &[Army::Prussian],
                        Some(Army::Austrian) => &[Army::Austrian],
                        None => {
                            return Err(r.err(
                                &format!("supply_sources.{k}"),
                                "expected an army (french, russian, prussian, austrian) or coalition",
                            ));
                        }
                    },
                };
                let label = v
                    .as_str()
                    .ok_or_else(|| r.err(&format!("supply_sources.{k}"), "expected a hex id"))?;
                let h = hex(label, &format!("rules.supply_sources.{k}"))?;
                for a in armies {
                    supply[a.index()] = Supply::Active(h);
                }
            }
        }
        let classes: Vec<char> = r
            .get("depot_classes_french")
            .and_then(Json::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|c| c.as_str()?.chars().next())
                    .collect()
            })
            .unwrap_or_default();
        let depots = board
            .depots
            .iter()
            .map(|d| match d.class {
                Some(c) if classes.contains(&c) => FRENCH,
                _ => COALITION,
            })
            .collect();

        let mut broken = Vec::new();
        if let Some(o) = r.get("bridges_damaged_hexsides").and_then(Json::as_object) {
            for (k, pairs) in o {
                for (n, pair) in pairs.as_array().into_iter().flatten().enumerate() {
                    let at = format!("rules.bridges_damaged_hexsides.{k}[{n}]");
                    let ab: Vec<&str> = pair
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Json::as_str)
                        .collect();
                    let [a, b] = ab[..] else {
                        return Err(DataError::new(file, at, "expected two hex ids"));
                    };
                    let (ha, hb) = (hex(a, &at)?, hex(b, &at)?);
                    let side = Hexside::between(ha, hb).ok_or_else(|| {
                        DataError::new(file, &at, "the two hexes are not adjacent")
                    })?;
                    broken.push(side);
                }
            }
        }
        broken.sort();
        broken.dedup();

        let mut redoubts = Vec::new();
        if let Some(o) = r.get("redoubts").and_then(Json::as_object) {
            for (k, v) in o {
                let side = match k.as_str() {
                    "french" => FRENCH,
                    "coalition" | "russian" | "prussian" => COALITION,
                    _ => return Err(r.err(&format!("redoubts.{k}"), "not a side")),
                };
                for (n, h) in v.as_array().into_iter().flatten().enumerate() {
                    let at = format!("rules.redoubts.{k}[{n}]");
                    let label = h
                        .as_str()
                        .ok_or_else(|| DataError::new(file, &at, "expected a hex id"))?;
                    redoubts.push((hex(label, &at)?, side));
                }
            }
        }

        // Leaders and units (§196–§197).
        let mut leaders = alloc::vec![
            Leader {
                place: LeaderPlace::Out,
                revealed: false,
                captures: 0,
                moved: false,
                tried: false,
                dropped: false,
                dropped_from: None,
                unemployed: false,
            };
            manifest.leaders.len()
        ];
        let mut units = alloc::vec![Unit { leader: None, sp: 0 }; manifest.units.len()];
        let mut vedettes = alloc::vec![
            Vedette {
                place: VedettePlace::Pool,
                revealed: false,
                moved: false,
            };
            manifest.vedettes.len()
        ];
        let mut garrisons = alloc::vec![
            Garrison {
                place: GarrisonPlace::Available(0),
                sp: 0,
            };
            manifest.garrisons.len()
        ];
        let mut reinforcements = Vec::new();
        let mut cx = Placing {
            file,
            manifest: &manifest,
            board: &board,
            leaders: &mut leaders,
            units: &mut units,
            garrisons: &mut garrisons,
        };
        for (i, p) in s.scenario.setup.iter().enumerate() {
            let h = p.hex.first().map_or("", String::as_str);
            cx.place(&p.unit, h, &p.fields, &format!("setup[{i}]"), false)?;
        }
        for (i, p) in s.scenario.reinforcements.iter().enumerate() {
            let at = format!("reinforcements[{i}]");
            let h = p.hex.first().map_or("", String::as_str);
            if let Some(l) = cx.place(&p.unit, h, &p.fields, &at, true)? {
                let turn = u8::try_from(p.turn)
                    .map_err(|_| DataError::new(file, format!("{at}.turn"), "out of range"))?;
                reinforcements.push(Reinforcement {
                    turn,
                    leader: l,
                    hex: hex(h, &format!("{at}.hex"))?,
                });
            }
        }

        // §222, §223: counters the scenario removes or puts out of play stay off the map and
        // off the displays for the whole game; their unit counters may never be drawn as
        // substitutes or March Divisions (they count as gone, reading N50).
        let mut gone: Vec<UnitId> = Vec::new();
        let mut removed: Vec<LeaderId> = Vec::new();
        let listed = r
            .get("removed")
            .and_then(Json::as_array)
            .into_iter()
            .flatten()
            .map(|v| ("rules.removed", v))
            .chain(
                r.get("out_of_play")
                    .and_then(|o| o.get("counters"))
                    .and_then(Json::as_array)
                    .into_iter()
                    .flatten()
                    .map(|v| ("rules.out_of_play.counters", v)),
            );
        for (at, v) in listed {
            let id = v.as_str().unwrap_or_default();
            let in_play = match manifest.piece(id) {
                Some(Piece::Leader(l)) => {
                    if let Err(i) = removed.binary_search(&l) {
                        removed.insert(i, l);
                    }
                    leaders[usize::from(l)].place != LeaderPlace::Out
                }
                Some(Piece::Unit(u)) => {
                    if let Err(i) = gone.binary_search(&u) {
                        gone.insert(i, u);
                    }
                    units[usize::from(u)].leader.is_some()
                }
                _ => {
                    return Err(DataError::new(
                        file,
                        at,
                        format!("no leader or unit `{id}`"),
                    ));
                }
            };
            if in_play {
                return Err(DataError::new(
                    file,
                    at,
                    format!("`{id}` is out of play but is set up or arrives as a reinforcement"),
                ));
            }
        }

        // §207: garrisons; §217: vedettes.
        if let Some(list) = r.get("garrisons").and_then(Json::as_array) {
            for (n, g) in list.iter().enumerate() {
                let at = format!("rules.garrisons[{n}]");
                let id = g.get("garrison").and_then(Json::as_str).unwrap_or_default();
                let Some(Piece::Garrison(gid)) = manifest.piece(id) else {
                    return Err(DataError::new(
                        file,
                        format!("{at}.garrison"),
                        format!("no garrison `{id}`"),
                    ));
                };
                let label = g.get("hex").and_then(Json::as_str).unwrap_or_default();
                let h = hex(label, &format!("{at}.hex"))?;
                garrisons[usize::from(gid)] = Garrison {
                    place: GarrisonPlace::Map(h),
                    sp: manifest.garrisons[usize::from(gid)].strength,
                };
            }
        }
        let vedettes_on = crate::hov::vedette::option_on(s)?;
        let mut vedettes_with: Vec<(VedetteId, LeaderId)> = Vec::new();
        // Reading A4: with option `vedettes-in-battle-scenarios` off no vedette is placed; all
        // stay in the pool.
        if let Some(o) = r
            .get("vedettes")
            .and_then(Json::as_object)
            .filter(|_| vedettes_on)
        {
            for (side_key, v) in o {
                for (n, w) in v
                    .get("placed_with")
                    .and_then(Json::as_array)
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    let at = format!("rules.vedettes.{side_key}.placed_with[{n}]");
                    let vid = w.get("vedette").and_then(Json::as_str).unwrap_or_default();
                    let Some(Piece::Vedette(ved)) = manifest.piece(vid) else {
                        return Err(DataError::new(
                            file,
                            format!("{at}.vedette"),
                            format!("no vedette `{vid}`"),
                        ));
                    };
                    let lid = w.get("leader").and_then(Json::as_str).unwrap_or_default();
                    let l = manifest.leader(lid).ok_or_else(|| {
                        DataError::new(file, format!("{at}.leader"), format!("no leader `{lid}`"))
                    })?;
                    // §217: with an actual Force on the map, of the vedette's side; at most
                    // two with a Coalition Force, one with a French one.
                    let info = &manifest.leaders[usize::from(l)];
                    let limit = if info.side == COALITION { 2 } else { 1 };
                    let with = vedettes_with.iter().filter(|(_, x)| *x == l).count();
                    if !matches!(leaders[usize::from(l)].place, LeaderPlace::Map(_))
                        || manifest.vedettes[usize::from(ved)].side != info.side
                        || with >= limit
                    {
                        return Err(DataError::new(
                            file,
                            at,
                            format!(
                                "`{vid}` may not set up with `{lid}`: a vedette sets up with a friendly Force on the map, at most {limit} with each (§217)"
                            ),
                        ));
                    }
                    vedettes[usize::from(ved)].place = VedettePlace::Portrait(l);
                    vedettes_with.push((ved, l));
                }
            }
            // §67 1, §221–§223 (reading N55): the scenario's Vedette Pool is its list; a
            // vedette of the counter sheet neither placed nor listed takes no part.
            let mut listed: Vec<VedetteId> = vedettes_with.iter().map(|&(v, _)| v).collect();
            for (side_key, v) in o {
                for (n, w) in v
                    .get("pool")
                    .and_then(Json::as_array)
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    let vid = w.as_str().unwrap_or_default();
                    let Some(Piece::Vedette(ved)) = manifest.piece(vid) else {
                        return Err(DataError::new(
                            file,
                            format!("rules.vedettes.{side_key}.pool[{n}]"),
                            format!("no vedette `{vid}`"),
                        ));
                    };
                    listed.push(ved);
                }
            }
            for (i, v) in vedettes.iter_mut().enumerate() {
                if !listed.contains(&(i as VedetteId)) {
                    v.place = VedettePlace::Gone;
                }
            }
        }
        let garrison_ids: Vec<GarrisonId> = (0..manifest.garrisons.len() as GarrisonId)
            .filter(|g| matches!(garrisons[usize::from(*g)].place, GarrisonPlace::Map(_)))
            .collect();

        let params = Params {
            first_player,
            first_turn: s.scenario.turns.first.min(255) as u8,
            last_turn: s.scenario.turns.last.min(255) as u8,
            commands,
            attrition_level,
            area,
            morale,
            redoubts,
            reinforcements,
            vedettes_with,
            vedettes: vedettes_on,
            garrisons: garrison_ids,
            options: options_on(s),
            removed,
        };
        let initial = State {
            turn: params.first_turn,
            phasing: first_player,
            phase: Phase::Setup,
            weather: None,
            morale,
            leaders,
            units,
            vedettes,
            garrisons,
            supply,
            depots,
            broken,
            masks: Vec::new(),
            commands,
            march: None,
            marched: Vec::new(),
            entered: Vec::new(),
            org_forces: Vec::new(),
            trains_set: [0; 2],
            shared: Vec::new(),
            battle: None,
            skirmish: None,
            vedettes_fought: Vec::new(),
            repulse: None,
            failed_repulses: Vec::new(),
            sea_move: None,
            trains: Vec::new(),
            suspended: Vec::new(),
            failed_forced: Vec::new(),
            sound: None,
            sounded: Vec::new(),
            lost: [0; 2],
            off_map_gain: false,
            off_map: Vec::new(),
            guard_loss_this_turn: false,
            fought: Vec::new(),
            fought_garrisons: Vec::new(),
            free_to_join: Vec::new(),
            guard_beaten: false,
            gone,
            freed: Vec::new(),
            drawn: Vec::new(),
            march_divisions: Vec::new(),
            deferred: Vec::new(),
            joint_second: false,
            unknown: Vec::new(),
            result: None,
        };
        let map_view = Arc::new(super::board_view::map_view(s, &board, params.area)?);
        let mut hov = Hov {
            scenario: s.scenario.id.clone(),
            board: Arc::new(board),
            manifest: Arc::new(manifest),
            charts: Arc::new(charts),
            params,
            map_view,
            dispatch: Default::default(),
            initial,
        };
        // §211: each side's bridge trains.
        hov.initial.trains = hov.initial_trains(&hov.initial);
        // §50: Forts with enough enemy forces next to them start masked.
        let mut start = hov.initial.clone();
        hov.masks_at_start(&mut start);
        // ¶30 1: who is an Unemployed Leader until his side's first Movement Phase.
        for side in [super::types::FRENCH, super::types::COALITION] {
            hov.judge_unemployed(&mut start, side);
        }
        hov.initial = start;
        Ok(hov)
    }

    /// The position at the start of the scenario.
    pub fn initial(&self) -> &State {
        &self.initial
    }
}

/// Places the scenario's leaders and units (§196–§197).
struct Placing<'a> {
    file: &'a str,
    manifest: &'a Manifest,
    board: &'a Board,
    leaders: &'a mut Vec<Leader>,
    units: &'a mut Vec<Unit>,
    garrisons: &'a mut Vec<Garrison>,
}

impl Placing<'_> {
    fn err(&self, at: &str, why: impl Into<String>) -> DataError {
        DataError::new(self.file, at, why.into())
    }

    /// Places one entry; returns the leader when it is a Force Leader arriving later (a
    /// reinforcement, ¶91).
    fn place(
        &mut self,
        id: &str,
        label: &str,
        fields: &serde_json::Map<String, Json>,
        at: &str,
        waiting: bool,
    ) -> Result<Option<LeaderId>, DataError> {
        let Some(piece) = self.manifest.piece(id) else {
            return Err(self.err(&format!("{at}.unit"), format!("no counter `{id}`")));
        };
        let h = self
            .board
            .grid
            .parse(label)
            .ok()
            .filter(|h| self.board.on_map(*h))
            .ok_or_else(|| {
                self.err(
                    &format!("{at}.hex"),
                    format!("`{label}` is not a hex of the map"),
                )
            })?;
        let leader_field = |k: &str| -> Result<Option<LeaderId>, DataError> {
            match fields.get(k) {
                None => Ok(None),
                Some(v) => {
                    let name = v.as_str().unwrap_or_default();
                    self.manifest.leader(name).map(Some).ok_or_else(|| {
                        self.err(&format!("{at}.fields.{k}"), format!("no leader `{name}`"))
                    })
                }
            }
        };
        match piece {
            Piece::Leader(l) => {
                let place = match leader_field("subordinate_to")? {
                    Some(fl) => LeaderPlace::Portrait(fl),
                    None if waiting => LeaderPlace::Waiting,
                    None => LeaderPlace::Map(h),
                };
                self.leaders[usize::from(l)].place = place;
                Ok((waiting && place == LeaderPlace::Waiting).then_some(l))
            }
            Piece::Unit(u) => {
                let l = leader_field("leader")?.ok_or_else(|| {
                    self.err(&format!("{at}.fields.leader"), "a combat unit sets up on a leader's track (§196)")
                })?;
                let sp = fields
                    .get("strength")
                    .and_then(Json::as_u64)
                    .filter(|v| *v >= 1)
                    .ok_or_else(|| self.err(&format!("{at}.fields.strength"), "expected the strength, 1 or more (§196)"))?;
                let max = self.manifest.units[usize::from(u)].max;
                if sp > u64::from(max) {
                    return Err(self.err(
                        &format!("{at}.fields.strength"),
                        format!("{sp} SP is above {id}'s Maximum Strength {max} (¶13)"),
                    ));
                }
                // §201: a unit set up under a Major General has one of its own type (infantry
                // or cavalry; artillery goes with either).
                let arm = self.manifest.units[usize::from(u)].arm;
                if let Some(mg) = self.manifest.leaders[usize::from(l)].mg
                    && arm != Arm::Artillery
                    && arm != mg
                {
                    return Err(self.err(
                        &format!("{at}.fields.leader"),
                        format!(
                            "{id} is {arm:?}: it sets up under a Major General of its own type, not {} (§201)",
                            self.manifest.leaders[usize::from(l)].id
                        ),
                    ));
                }
                self.units[usize::from(u)] = Unit {
                    leader: Some(l),
                    sp: sp as u8,
                };
                Ok(None)
            }
            Piece::Garrison(g) => {
                // §207: a garrison stands in its town.
                self.garrisons[usize::from(g)] = Garrison {
                    place: GarrisonPlace::Map(h),
                    sp: self.manifest.garrisons[usize::from(g)].strength,
                };
                Ok(None)
            }
            Piece::Vedette(_) => Err(self.err(
                &format!("{at}.unit"),
                format!("`{id}` is a vedette: vedettes are placed by the players (§217, `rules.vedettes`)"),
            )),
        }
    }
}

impl Hov {
    /// §211: the index in [`State::trains`] of `side`'s next bridge train to set up, while its
    /// set-up lasts and some leader of it could carry one.
    pub(crate) fn trains_to_set(&self, s: &State, side: Side) -> Option<usize> {
        if s.phase != Phase::Setup {
            return None;
        }
        let k = usize::from(s.trains_set[side.index()]);
        let i = (0..s.trains.len())
            .filter(|&i| s.trains[i].side == side)
            .nth(k)?;
        (!self.train_carriers(s, side).is_empty()).then_some(i)
    }

    /// §211 (reading N1: any leader): the leaders of `side` set up on the map or on a portrait,
    /// in id order.
    pub fn train_carriers(&self, s: &State, side: Side) -> Vec<LeaderId> {
        (0..s.leaders.len() as LeaderId)
            .filter(|&l| {
                self.leader_side(l) == Some(side)
                    && matches!(
                        s.leaders[usize::from(l)].place,
                        LeaderPlace::Map(_) | LeaderPlace::Portrait(_)
                    )
            })
            .collect()
    }

    /// §211: the placing side's choices for its next bridge train.
    pub(crate) fn train_placements(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if self.trains_to_set(s, side).is_some() {
            out.extend(
                self.train_carriers(s, side)
                    .into_iter()
                    .map(|leader| Action::CarryTrain { leader }),
            );
        }
    }

    /// §211: sets the placing side's next train up on `leader`'s track.
    pub(crate) fn carry_train(
        &self,
        s: &mut State,
        side: Side,
        leader: LeaderId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some(i) = self.trains_to_set(s, side) else {
            return Err(Illegal::new(
                "§211",
                "the side setting up has no bridge train left to place",
            ));
        };
        if !self.train_carriers(s, side).contains(&leader) {
            return Err(Illegal::new(
                "§211",
                format!(
                    "{} is not a leader of the side setting up, on the map or a portrait",
                    self.leader_label(leader)
                ),
            ));
        }
        s.trains[i].place = TrainPlace::Track(leader);
        s.trains_set[side.index()] += 1;
        ev.push(Event::TrainSetUp { side, leader });
        Ok(())
    }
}
