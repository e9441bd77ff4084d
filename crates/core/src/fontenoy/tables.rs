//! The chart booklet's tables the rules read, typed once from the scenario's charts: the
//! Terrain Effects Table (F-1.6b, F-9.1A, F-9.2). None of the booklet is in the text; the
//! `-provisional` charts complete it (docs/fontenoy-charts.md), and strict mode refuses them.

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

/// Every table the rules read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// The TET, by [`Terrain`] in declaration order.
    pub terrain: Vec<TerrainFx>,
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
        Ok(Tables { terrain })
    }

    /// The TET row of `t`.
    pub fn fx(&self, t: Terrain) -> &TerrainFx {
        &self.terrain[t as usize]
    }
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
    Tables { terrain }
}
