//! Movement: the Movement Chart (11.0a, 16.2) read against the terrain vocabulary
//! (`nbs/terrain`), with terrain ids resolved to compact indices at construction.
//!
//! Each hex terrain and hexside feature of the vocabulary reads one Movement Chart column.
//! Three ids share the built-up column "Walled Farm or Town": `town`, `walled_farm` and, by
//! this module's choice (no chart column names them), `city` and `redoubt`. Hexside features
//! the chart has no column for cost nothing extra, except that a line may not cross a bridge
//! (11.2); these are `bridge`, `tree_border` (16.2f: line of sight only), `sunken_road` and
//! `trench`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Src, Tables};
use crate::data::{Cost, DataError, ResolvedScenario, TerrainSet, TerrainType, Value};

/// A Movement Chart row (11.0a, 16.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// Infantry in line.
    InfantryLine,
    /// Infantry in column.
    InfantryColumn,
    /// Skirmishers.
    Skirmisher,
    /// Light cavalry.
    LightCavalry,
    /// Heavy cavalry.
    HeavyCavalry,
    /// Blown cavalry (24.2b).
    BlownCavalry,
    /// Limbered foot artillery.
    FootArtillery,
    /// Limbered horse artillery.
    HorseArtillery,
    /// Leaders and HQs (26.2).
    Leader,
}

impl MoveClass {
    /// Every row, top to bottom.
    pub const ALL: [MoveClass; 9] = [
        MoveClass::InfantryLine,
        MoveClass::InfantryColumn,
        MoveClass::Skirmisher,
        MoveClass::LightCavalry,
        MoveClass::HeavyCavalry,
        MoveClass::BlownCavalry,
        MoveClass::FootArtillery,
        MoveClass::HorseArtillery,
        MoveClass::Leader,
    ];

    /// The row name on the chart.
    pub const fn row(self) -> &'static str {
        match self {
            MoveClass::InfantryLine => "Infantry, Line",
            MoveClass::InfantryColumn => "Infantry, Column",
            MoveClass::Skirmisher => "Skirmishers",
            MoveClass::LightCavalry => "Light Cavalry",
            MoveClass::HeavyCavalry => "Heavy Cavalry",
            MoveClass::BlownCavalry => "Blown Cavalry",
            MoveClass::FootArtillery => "Foot Artillery",
            MoveClass::HorseArtillery => "Horse Artillery",
            MoveClass::Leader => "Leaders and HQs",
        }
    }
}

/// A movement cost (16.2), in half movement points so that road costs of 1/2 stay exact. For
/// a hexside it is added to the hex's cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveCost {
    /// This many half movement points (a printed 1 is `Halves(2)`).
    Halves(u8),
    /// The unit's whole allowance.
    All,
    /// May not enter or cross (16.2c).
    Prohibited,
    /// The rate is not available to this unit (a line on a road, a cavalry formation change).
    NotAllowed,
}

impl MoveCost {
    /// Whole movement points.
    pub const fn whole(n: u8) -> MoveCost {
        MoveCost::Halves(n * 2)
    }

    fn from_cost(c: Cost) -> Option<MoveCost> {
        Some(match c {
            Cost::Mp(r) => {
                let halves = r.num.checked_mul(2)?;
                if r.num < 0 || halves % r.den != 0 {
                    return None;
                }
                MoveCost::Halves(u8::try_from(halves / r.den).ok()?)
            }
            Cost::All => MoveCost::All,
            Cost::Prohibited => MoveCost::Prohibited,
            Cost::NotAllowed => MoveCost::NotAllowed,
            Cost::Other => return None,
        })
    }
}

/// A hex terrain type of the scenario's vocabulary, resolved by [`Tables::terrain_index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TerrainIdx(pub u8);

/// A hexside feature of the scenario's vocabulary, resolved by [`Tables::feature_index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureIdx(pub u8);

const HEX_COLUMNS: [(&str, &str); 10] = [
    ("clear", "clear"),
    ("forest", "forest"),
    ("orchard", "orchard_vineyard"),
    ("vineyard", "orchard_vineyard"),
    ("town", "walled_farm_town"),
    ("walled_farm", "walled_farm_town"),
    ("city", "walled_farm_town"),
    ("swamp", "swamp"),
    ("lake", "creek_river_lake"),
    ("redoubt", "walled_farm_town"),
];

const FEATURE_COLUMNS: [(&str, &str); 10] = [
    ("primary_road", "primary_road"),
    ("secondary_road", "secondary_road"),
    ("ford", "ford_stream"),
    ("stream", "ford_stream"),
    ("creek", "creek_river_lake"),
    ("river", "creek_river_lake"),
    ("tributary", "tributary"),
    ("elevation_change", "elevation"),
    ("slope", "slope"),
    ("extreme_slope", "extreme_slope"),
];

/// Features with no Movement Chart column.
const FREE_FEATURES: [&str; 4] = ["bridge", "tree_border", "sunken_road", "trench"];

#[derive(Clone, Debug, PartialEq, Eq)]
struct Hex {
    id: String,
    cost: [MoveCost; 9],
    cavalry_auto_dg: bool,
    no_charge_from: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Feature {
    id: String,
    cost: [MoveCost; 9],
    road: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct MovementData {
    ma: [u8; 9],
    formation_change: [MoveCost; 9],
    hexes: Vec<Hex>,
    features: Vec<Feature>,
}

fn chart_cost(src: &Src<'_>, class: MoveClass, col: &str) -> Result<MoveCost, DataError> {
    let c = src.cost(class.row(), col)?;
    MoveCost::from_cost(c)
        .ok_or_else(|| src.err(class.row(), col, format!("cannot use the cost {c}")))
}

fn column_costs(src: &Src<'_>, col: &str) -> Result<[MoveCost; 9], DataError> {
    let mut out = [MoveCost::NotAllowed; 9];
    for (slot, class) in out.iter_mut().zip(MoveClass::ALL) {
        *slot = chart_cost(src, class, col)?;
    }
    Ok(out)
}

/// A boolean attribute of a terrain entry: lenient mode reads a missing value as false (the
/// vocabulary has no completion); strict mode refuses missing and provisional values.
fn flag(set: &TerrainSet, t: &TerrainType, attr: &str, strict: bool) -> Result<bool, DataError> {
    let cell = t.values.get(attr);
    let prov = cell
        .and_then(|c| c.provenance.as_ref())
        .or(t.provenance.as_ref())
        .unwrap_or(&set.provenance);
    match cell.and_then(|c| c.value.as_ref()) {
        Some(Value::Bool(b)) if !(strict && prov.is_provisional()) => Ok(*b),
        Some(Value::Bool(_)) | None if !strict => Ok(false),
        Some(Value::Bool(_)) | None => Err(DataError::new(
            &set.id,
            format!("{}.{attr}", t.id),
            "the value is missing or provisional; strict mode refuses it",
        )),
        Some(_) => Err(DataError::new(
            &set.id,
            format!("{}.{attr}", t.id),
            "expected true or false",
        )),
    }
}

impl MovementData {
    pub(super) fn read(sc: &ResolvedScenario, strict: bool) -> Result<MovementData, DataError> {
        let src = Src::new(sc, "nbs/movement-chart", strict)?;
        let mut ma = [0u8; 9];
        for (slot, class) in ma.iter_mut().zip(MoveClass::ALL) {
            *slot = src.u8(class.row(), "ma")?;
        }
        let formation_change = column_costs(&src, "formation_change")?;
        let set = &sc.terrain;
        let mut hexes = Vec::with_capacity(set.hex_terrain.len());
        for t in &set.hex_terrain {
            let Some((_, col)) = HEX_COLUMNS.iter().find(|(id, _)| *id == t.id) else {
                return Err(DataError::new(
                    &set.id,
                    format!("hex_terrain.{}", t.id),
                    "the NBS tables know no Movement Chart column for this terrain",
                ));
            };
            hexes.push(Hex {
                id: t.id.clone(),
                cost: column_costs(&src, col)?,
                cavalry_auto_dg: flag(set, t, "cavalry_auto_dg", strict)?,
                no_charge_from: flag(set, t, "no_charge_from", strict)?,
            });
        }
        let mut features = Vec::with_capacity(set.hexside_features.len());
        for t in &set.hexside_features {
            let cost = if let Some((_, col)) = FEATURE_COLUMNS.iter().find(|(id, _)| *id == t.id) {
                column_costs(&src, col)?
            } else if FREE_FEATURES.contains(&t.id.as_str()) {
                let mut c = [MoveCost::Halves(0); 9];
                if t.id == "bridge" {
                    c[MoveClass::InfantryLine as usize] = MoveCost::Prohibited;
                }
                c
            } else {
                return Err(DataError::new(
                    &set.id,
                    format!("hexside_features.{}", t.id),
                    "the NBS tables know no Movement Chart column for this feature",
                ));
            };
            features.push(Feature {
                id: t.id.clone(),
                cost,
                road: flag(set, t, "road", strict)?,
            });
        }
        if hexes.len() > 255 || features.len() > 255 {
            return Err(DataError::new(&set.id, ".", "too many terrain types"));
        }
        Ok(MovementData {
            ma,
            formation_change,
            hexes,
            features,
        })
    }
}

impl Tables {
    /// The movement allowance of a Movement Chart row (11.0a).
    pub fn ma(&self, class: MoveClass) -> u8 {
        self.movement.ma[class as usize]
    }

    /// The cost of a formation change (11.0a); `NotAllowed` for rows without formations.
    pub fn formation_change_cost(&self, class: MoveClass) -> MoveCost {
        self.movement.formation_change[class as usize]
    }

    /// The index of a hex terrain id of the vocabulary.
    pub fn terrain_index(&self, id: &str) -> Option<TerrainIdx> {
        self.movement
            .hexes
            .iter()
            .position(|h| h.id == id)
            .map(|i| TerrainIdx(i as u8))
    }

    /// The index of a hexside feature id of the vocabulary.
    pub fn feature_index(&self, id: &str) -> Option<FeatureIdx> {
        self.movement
            .features
            .iter()
            .position(|h| h.id == id)
            .map(|i| FeatureIdx(i as u8))
    }

    /// The cost to enter a hex of terrain `t` (16.2b).
    pub fn hex_cost(&self, class: MoveClass, t: TerrainIdx) -> MoveCost {
        self.movement.hexes[usize::from(t.0)].cost[class as usize]
    }

    /// The cost added for crossing hexside feature `f` (16.2b, 16.2e); for a road, the road
    /// rate (see [`Tables::road_cost`]).
    pub fn hexside_cost(&self, class: MoveClass, f: FeatureIdx) -> MoveCost {
        self.movement.features[usize::from(f.0)].cost[class as usize]
    }

    /// Whether feature `f` is a road.
    pub fn is_road(&self, f: FeatureIdx) -> bool {
        self.movement.features[usize::from(f.0)].road
    }

    /// The road rate that replaces every other cost when following road `f` (16.2a), `None`
    /// when `f` is not a road.
    pub fn road_cost(&self, class: MoveClass, f: FeatureIdx) -> Option<MoveCost> {
        self.is_road(f).then(|| self.hexside_cost(class, f))
    }

    /// Whether cavalry entering terrain `t` off-road becomes DG ('*' on the chart, 24.0).
    pub fn cavalry_auto_dg(&self, t: TerrainIdx) -> bool {
        self.movement.hexes[usize::from(t.0)].cavalry_auto_dg
    }

    /// Whether no charge may start from terrain `t` (note (2) on the chart).
    pub fn no_charge_from(&self, t: TerrainIdx) -> bool {
        self.movement.hexes[usize::from(t.0)].no_charge_from
    }
}
