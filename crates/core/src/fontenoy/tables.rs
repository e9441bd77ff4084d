//! The chart booklet's tables the rules read, typed once from the scenario's charts: the
//! Terrain Effects Table (F-1.6b, F-9.1A, F-9.2), and the fire charts ([`fire`]: 12.0–12.11,
//! F-8.5–F-8.7). None of the booklet is in the text; the
//! `-provisional` charts complete it (docs/fontenoy-charts.md), and strict mode refuses them.

pub mod army;
pub mod checks;
pub mod close;
pub mod commanders;
pub mod fire;
pub mod initiative;
pub mod reform;

use alloc::format;
use alloc::string::ToString;
use alloc::vec::Vec;

use super::board::Terrain;
use super::types::Pts;
use crate::data::{Chart, Cost, DataError, Mode, ResolvedScenario, Value};

/// Which units entering a terrain adopt General Order (8.4i, F-2.9, F-9.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GoFor {
    /// Nobody.
    #[default]
    None,
    /// Infantry.
    Infantry,
    /// Infantry and artillery (F-9.2k walled farms, F-3.5a redoubts).
    InfantryArtillery,
    /// Every unit (F-9.2i Antoin).
    All,
}

/// Whether a terrain calls for a Movement Disorder Check (A) (11.2d).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dca {
    /// No.
    #[default]
    No,
    /// Yes.
    Yes,
    /// Sometimes (F-9.2h sunken road: leaving the road for off-road, F-2.10a).
    May,
}

/// The movement classes of the TET's MP columns (11.2g, 21.1a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// Infantry not in a column.
    InfantryLine = 0,
    /// Infantry in a column.
    InfantryColumn = 1,
    /// Cavalry not in a column.
    CavalryLine = 2,
    /// Cavalry in a column.
    CavalryColumn = 3,
    /// Limbered artillery.
    Artillery = 4,
    /// Commanders.
    Commander = 5,
}

/// A cost read from the TET: points, prohibited, or the whole allowance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mp {
    /// This many points.
    Pts(Pts),
    /// May not enter (`P`).
    #[default]
    Prohibited,
    /// The whole Movement Potential.
    All,
}

/// One terrain's row of the TET.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TerrainFx {
    /// MP to enter, by [`MoveClass`].
    pub mp: [Mp; 6],
    /// SCM cost (11.10b, F-2.8a).
    pub scm: Mp,
    /// Most SP per hex: infantry in Line (and single-hex formations), infantry in March Column,
    /// cavalry in Line, cavalry in March Column (10.1c, F-1.6b); 0 = may not end there.
    pub stack: [u8; 4],
    /// Blocks line of sight (12.6a, F-9.4C).
    pub blocks_los: bool,
    /// Calls for a Disorder Check (A) (11.2d).
    pub dca: Dca,
    /// Difficult terrain for 8.7.
    pub difficult: bool,
    /// Infantry may form Square here.
    pub square: bool,
    /// Who adopts General Order on entering (8.4i).
    pub general_order: GoFor,
    /// Cavalry in close combat here gets no benefit (F-2.8b).
    pub cavalry_hampered: bool,
    /// A unit here may be attacked in close combat (F-9.2d: not the Keep).
    pub close_combat: bool,
    /// Cavalry may attack a unit here (F-2.8c).
    pub cavalry_attack: bool,
    /// Defense Rating against fire (12.1).
    pub fire_defense: u8,
    /// LOS into or through halves the multiplier (12.7a).
    pub halves_multiplier: bool,
    /// Morale Check ER modifier (19.8h), and for skirmishers (F-2.10c).
    pub morale: [i8; 2],
    /// CR modifier defending here, and attacking from here (13.11c).
    pub cr: [i8; 2],
}

/// One hexside feature's row of the TET (F-9.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SideFx {
    /// The feature's bit (`board::side`).
    pub bit: u16,
    /// MP added for crossing (slopes: going up), by [`MoveClass`].
    pub mp: [Mp; 6],
    /// Crossing and spending more MP calls for a Disorder Check (A) (11.2d).
    pub dca: bool,
    /// Slopes only: MP added for crossing downhill, any unit (F-9.3a: costs differ going up
    /// and down); nothing for the other features, whose `mp` apply both ways.
    pub downhill: Mp,
}

/// The single-hex facing-change costs (9.3a, F-1.6h) for turns of 60, 120 and 180 degrees.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FacingCosts {
    /// French infantry facing a vertex (F-1.6h: the French diagram).
    pub french_vertex: [Mp; 3],
    /// French infantry facing a hexside.
    pub french_hexside: [Mp; 3],
    /// Everyone else facing a vertex.
    pub vertex: [Mp; 3],
    /// Everyone else facing a hexside.
    pub hexside: [Mp; 3],
    /// General Order (9.3b).
    pub general_order: [Mp; 3],
    /// Unlimbered artillery (9.5).
    pub unlimbered: [Mp; 3],
}

/// Every table the rules read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// The TET, by [`Terrain`] in declaration order.
    pub terrain: Vec<TerrainFx>,
    /// The hexside features.
    pub sides: Vec<SideFx>,
    /// Facing changes.
    pub facing: FacingCosts,
    /// The Disorder and Morale Check tables and their special results (F-1.6i, F-8.3).
    pub checks: checks::CheckTables,
    /// The fire charts (12.0–12.11, F-8.5–F-8.7).
    pub fire: fire::FireTables,
    /// The commander loss charts (21.4, F-8.8).
    pub commander: commanders::LossCharts,
    /// The Army Loss Record and Army Morale Tables (23.0, F-1.6a).
    pub army: army::ArmyCharts,
    /// The close combat charts (13.11, 14.1, 14.8, 16.2a).
    pub close: close::CloseTables,
    /// The Reformation Table (8.4, 8.6, F-1.6g).
    pub reform: reform::ReformCosts,
    /// The Special Initiative Results Table (6.9a, F-8.2).
    pub special_initiative: initiative::SpecialTable,
    /// The most SP of skirmishers one hex holds (8.5a; the stacking chart's
    /// `skirmisher_sp_per_hex`, provisional: the text names the limit without a number);
    /// `None` where the scenario's chart leaves it missing (only the TET's limits then).
    pub skirmish_sp: Option<u8>,
}

fn cost(v: Option<&Value>) -> Mp {
    match v {
        Some(Value::Cost(Cost::Mp(r))) | Some(Value::Ratio(r)) => {
            let sixths = r.num * 6 / r.den.max(1);
            Mp::Pts(Pts(u16::try_from(sixths.max(0)).unwrap_or(u16::MAX)))
        }
        Some(Value::Int(n)) => Mp::Pts(Pts::whole(u16::try_from(*n).unwrap_or(0))),
        Some(Value::Cost(Cost::All)) => Mp::All,
        _ => Mp::Prohibited,
    }
}

impl Tables {
    /// Reads the tables from the scenario's charts: each `fontenoy/<name>` chart's
    /// `-provisional` completion where the scenario has it, else the published chart.
    pub fn new(s: &ResolvedScenario) -> Result<Tables, DataError> {
        let tet = chart(s, "terrain-effects")?;
        let mut terrain = Vec::with_capacity(Terrain::ALL.len());
        for t in Terrain::ALL {
            terrain.push(terrain_row(tet, t, &terrain)?);
        }
        let hex_sides = chart(s, "hexside-effects")?;
        let mut sides = Vec::new();
        for (bit, id) in super::board::side::IDS {
            let row = hex_sides.row_index(id).ok_or_else(|| {
                DataError::new(&hex_sides.id, "rows", format!("no row for hexside {id}"))
            })?;
            let mut mp = [Mp::Prohibited; 6];
            for (i, col) in MP_COLUMNS.iter().enumerate() {
                mp[i] = cost(hex_sides.get_at(row, col, Mode::Lenient)?);
            }
            let dca = matches!(
                hex_sides
                    .get_at(row, "disorder_check_a", Mode::Lenient)?
                    .and_then(Value::as_str),
                Some("yes")
            );
            // F-9.3a: "NA" (or nothing) going down costs nothing.
            let downhill = match cost(hex_sides.get_at(row, "mp_downhill", Mode::Lenient)?) {
                Mp::Prohibited => Mp::Pts(Pts::ZERO),
                c => c,
            };
            sides.push(SideFx {
                bit,
                mp,
                dca,
                downhill,
            });
        }
        let fc = chart(s, "facing-change-costs")?;
        let turns = |group: &str| -> Result<[Mp; 3], DataError> {
            let row = fc
                .row_index(group)
                .ok_or_else(|| DataError::new(&fc.id, "rows", format!("no row for {group}")))?;
            Ok([
                cost(fc.get_at(row, "turn_1", Mode::Lenient)?),
                cost(fc.get_at(row, "turn_2", Mode::Lenient)?),
                cost(fc.get_at(row, "turn_3", Mode::Lenient)?),
            ])
        };
        let facing = FacingCosts {
            french_vertex: turns("french_infantry_vertex")?,
            french_hexside: turns("french_infantry_hexside")?,
            vertex: turns("vertex")?,
            hexside: turns("hexside")?,
            general_order: turns("general_order")?,
            unlimbered: turns("unlimbered_artillery")?,
        };
        Ok(Tables {
            terrain,
            sides,
            facing,
            checks: checks::CheckTables::new(s)?,
            fire: fire::FireTables::read(|id| s.chart(id))?,
            commander: commanders::LossCharts::read(s)?,
            army: army::ArmyCharts::read(s)?,
            close: close::CloseTables::new(s)?,
            reform: reform::ReformCosts::read(|id| s.chart(id))?,
            special_initiative: initiative::SpecialTable::read(s)?,
            skirmish_sp: skirmish_limit(s)?,
        })
    }

    /// The row of the hexside feature `bit`.
    pub fn hexside(&self, bit: u16) -> Option<&SideFx> {
        self.sides.iter().find(|x| x.bit == bit)
    }

    /// The cost of a single-hex facing change of `steps` 60-degree steps (1–3) for a unit in
    /// formation `f` (9.3a; F-1.6h: French infantry use their own diagram).
    pub fn facing_cost(
        &self,
        info: &super::units::UnitInfo,
        f: super::types::Formation,
        steps: u8,
    ) -> Mp {
        use super::types::{Formation as F, Kind, Nationality};
        let french_inf = info.kind == Kind::Infantry && info.nationality == Nationality::French;
        let row = match f {
            F::GeneralOrder => &self.facing.general_order,
            F::Unlimbered => &self.facing.unlimbered,
            F::Hook => return Mp::Prohibited,
            F::MarchColumn | F::RoadColumn if french_inf => &self.facing.french_hexside,
            F::MarchColumn | F::RoadColumn => &self.facing.hexside,
            _ if french_inf => &self.facing.french_vertex,
            _ => &self.facing.vertex,
        };
        row.get(usize::from(steps.clamp(1, 3)) - 1)
            .copied()
            .unwrap_or(Mp::Prohibited)
    }
}

const MP_COLUMNS: [&str; 6] = [
    "mp_infantry_line",
    "mp_infantry_column",
    "mp_cavalry_line",
    "mp_cavalry_column",
    "mp_artillery",
    "mp_commander",
];

impl Tables {
    /// The TET row of `t`.
    pub fn fx(&self, t: Terrain) -> &TerrainFx {
        &self.terrain[t as usize]
    }
}

/// 8.5a: the skirmishers' limit a hex, from the stacking chart (its provisional completion
/// where the scenario has it); `None` when the scenario has no stacking chart or leaves the
/// value missing.
fn skirmish_limit(s: &ResolvedScenario) -> Result<Option<u8>, DataError> {
    let Ok(c) = chart(s, "stacking") else {
        return Ok(None);
    };
    if c.row_index("skirmisher_sp_per_hex").is_none() {
        return Ok(None);
    }
    let v = c.get("skirmisher_sp_per_hex", "value", Mode::Lenient)?;
    Ok(v.and_then(Value::as_int).and_then(|n| u8::try_from(n).ok()))
}

/// The chart `fontenoy/<name>-provisional`, or `fontenoy/<name>`.
pub fn chart<'a>(s: &'a ResolvedScenario, name: &str) -> Result<&'a Chart, DataError> {
    s.chart(&format!("fontenoy/{name}-provisional"))
        .or_else(|| s.chart(&format!("fontenoy/{name}")))
        .ok_or_else(|| {
            DataError::new(
                &s.scenario.id,
                "charts",
                format!("the scenario needs the chart fontenoy/{name}"),
            )
        })
}

fn terrain_row(c: &Chart, t: Terrain, before: &[TerrainFx]) -> Result<TerrainFx, DataError> {
    let row = c
        .row_index(t.id())
        .ok_or_else(|| DataError::new(&c.id, "rows", format!("no row for terrain {}", t.id())))?;
    let get = |col: &str| c.get_at(row, col, Mode::Lenient);
    let int = |col: &str| -> Result<i64, DataError> {
        Ok(get(col)?.and_then(Value::as_int).unwrap_or(0))
    };
    let flag =
        |col: &str| -> Result<bool, DataError> { Ok(matches!(get(col)?, Some(Value::Bool(true)))) };
    let word = |col: &str| -> Result<Option<alloc::string::String>, DataError> {
        Ok(get(col)?.and_then(|v| v.as_str()).map(ToString::to_string))
    };
    let clear = before.first().copied();
    let mut mp = [Mp::Prohibited; 6];
    let cols = [
        "mp_infantry_line",
        "mp_infantry_column",
        "mp_cavalry_line",
        "mp_cavalry_column",
        "mp_artillery",
        "mp_commander",
    ];
    for (i, col) in cols.iter().enumerate() {
        mp[i] = match get(col)? {
            // "other": the cost of the hex's other terrain; a redoubt stands on clear ground
            // here (F-3.5a B: entering costs nothing extra).
            Some(Value::Cost(Cost::Other)) => clear.map_or(Mp::Pts(Pts::ONE), |c| c.mp[i]),
            v => cost(v),
        };
    }
    let scm = match get("scm_cost")? {
        Some(Value::Cost(Cost::Other)) => clear.map_or(Mp::Pts(Pts::ONE), |c| c.scm),
        v => cost(v),
    };
    let go = match word("general_order")?.as_deref() {
        Some("infantry") => GoFor::Infantry,
        Some("infantry_artillery") => GoFor::InfantryArtillery,
        Some("all") => GoFor::All,
        _ => GoFor::None,
    };
    let dca = match word("disorder_check_a")?.as_deref() {
        Some("yes") => Dca::Yes,
        Some("may") => Dca::May,
        _ => Dca::No,
    };
    let small = |v: i64| v.clamp(-99, 99) as i8;
    Ok(TerrainFx {
        mp,
        scm,
        stack: [
            int("stack_infantry_line")?.clamp(0, 99) as u8,
            int("stack_infantry_column")?.clamp(0, 99) as u8,
            int("stack_cavalry_line")?.clamp(0, 99) as u8,
            int("stack_cavalry_column")?.clamp(0, 99) as u8,
        ],
        blocks_los: flag("blocks_los")?,
        dca,
        difficult: flag("series_8_7")?,
        square: flag("square_allowed")?,
        general_order: go,
        cavalry_hampered: flag("cavalry_hampered")?,
        close_combat: flag("close_combat_allowed")?,
        cavalry_attack: flag("cavalry_attack_allowed")?,
        fire_defense: int("fire_defense")?.clamp(0, 99) as u8,
        halves_multiplier: flag("fire_multiplier_halved")?,
        morale: [
            small(int("morale_modifier")?),
            small(int("morale_modifier_skirmisher")?),
        ],
        cr: [
            small(int("cr_defending")?),
            small(int("cr_attacking_from")?),
        ],
    })
}

/// The TET as an open board needs it: every terrain clear and cheap (tests and examples).
pub fn open_terrain() -> Tables {
    let clear = TerrainFx {
        mp: [Mp::Pts(Pts::ONE); 6],
        scm: Mp::Pts(Pts::ONE),
        stack: [12, 12, 18, 12],
        square: true,
        close_combat: true,
        cavalry_attack: true,
        fire_defense: 10,
        ..TerrainFx::default()
    };
    let mut terrain = alloc::vec![clear; Terrain::ALL.len()];
    terrain[Terrain::River as usize] = TerrainFx::default();
    let one = [Mp::Pts(Pts::ONE), Mp::Pts(Pts::whole(2)), Mp::All];
    Tables {
        terrain,
        sides: super::board::side::IDS
            .iter()
            .map(|&(bit, _)| SideFx {
                bit,
                mp: [Mp::Pts(Pts::ONE); 6],
                dca: false,
                downhill: Mp::Pts(Pts::ZERO),
            })
            .collect(),
        facing: FacingCosts {
            french_vertex: one,
            french_hexside: one,
            vertex: one,
            hexside: one,
            general_order: [Mp::All; 3],
            unlimbered: [Mp::Pts(Pts::ZERO); 3],
        },
        checks: checks::CheckTables::default(),
        fire: fire::FireTables::builtin(),
        commander: commanders::LossCharts::default(),
        army: army::ArmyCharts::default(),
        close: close::CloseTables::builtin(),
        reform: reform::ReformCosts::builtin(),
        special_initiative: initiative::SpecialTable::builtin(),
        // The provisional stacking chart's figure (8.5a).
        skirmish_sp: Some(4),
    }
}
