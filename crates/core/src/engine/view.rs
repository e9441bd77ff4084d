//! What a front end needs to draw a game: the map's hexes with their printed ids, axial
//! coordinates and terrain, the hexside features, and every counter with where it stands.
//!
//! The map part ([`MapView`]) is built once from the scenario's map file and is the same for
//! every system; the pieces ([`PieceView`]) come from the system's own state. The facade's
//! `AnyGame::board` serialises a [`BoardView`] (docs/json.md, "board").

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::Serialize;

use crate::data::{DataError, Map};

/// √3, for the pixel position of a hex (`f64::sqrt` is not in `core`).
const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// One hex of the map as data: the printed id, the axial position and the terrain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapHex {
    /// The printed id (`"1809"` in pg).
    pub id: String,
    /// Axial column (`q`, growing eastward).
    pub q: i16,
    /// Axial row (`r`; together with `q`, southward is `+r`).
    pub r: i16,
    /// The terrain ids of the hex (the map's default terrain when it names none).
    pub terrain: Vec<String>,
    /// The elevation level, when the map gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elevation: Option<i32>,
    /// The name of the place printed in the hex (a town), where the system gives one (hov).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A hexside feature (slope, entrenchment, stream, ...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapSide {
    /// The printed id of the hex the side is seen from.
    pub hex: String,
    /// The direction of the side from `hex`: 0..=5 = SE, NE, N, NW, SW, S
    /// ([`crate::hex::Direction`]).
    pub dir: u8,
    /// The feature id from the terrain file.
    pub feature: String,
    /// For a directed feature, the printed id of the hex its text names (a slope's high side).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toward: Option<String>,
}

/// The static part of a board: the map's geometry and terrain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapView {
    /// The hex-numbering scheme (`"pg"`, `"hov"`, `"fontenoy"`, `"nbs"`).
    pub scheme: String,
    /// The map's id.
    pub map: String,
    /// Every playable hex, in the grid's order (by `q`, then `r`).
    pub hexes: Vec<MapHex>,
    /// Every hexside feature the map lists.
    pub hexsides: Vec<MapSide>,
}

impl MapView {
    /// The view of a (validated) map file. Fails only where the map's grid does not build.
    pub fn from_map(map: &Map) -> Result<MapView, DataError> {
        let grid = map.hex_grid()?;
        let hexes = grid
            .hexes()
            .into_iter()
            .filter_map(|h| {
                let id = grid.to_id(h)?.to_string();
                let terrain = map.terrain_of(&id).into_iter().map(String::from).collect();
                let elevation = map.hexes.get(&id).and_then(|e| e.elevation);
                Some(MapHex {
                    id,
                    q: h.q,
                    r: h.r,
                    terrain,
                    elevation,
                    name: None,
                })
            })
            .collect();
        let hexsides = map
            .hexsides
            .iter()
            .filter_map(|side| {
                let [a, b] = map.side_hexes(&grid, side)?;
                Some(MapSide {
                    hex: grid.to_id(a)?.to_string(),
                    dir: a.direction_to(b)?.index(),
                    feature: side.feature.clone(),
                    toward: side.toward.clone(),
                })
            })
            .collect();
        Ok(MapView {
            scheme: map.grid.scheme.name().to_string(),
            map: map.id.clone(),
            hexes,
            hexsides,
        })
    }
}

/// One hex as the board view serialises it: [`MapHex`] plus its centre for drawing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HexView {
    /// The hex.
    #[serde(flatten)]
    pub hex: MapHex,
    /// The centre of the hex, x eastward, in units of the hex's circumradius (flat-topped
    /// hexes: `1.5 q`).
    pub x: f64,
    /// The centre of the hex, y southward, same unit (`√3 (r + q/2)`).
    pub y: f64,
}

/// One counter (unit or leader) and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// The counter id of the scenario (what `reachable` and `path_actions` take).
    pub id: String,
    /// The name printed on the counter.
    pub name: String,
    /// Its side, 0 or 1.
    pub side: u8,
    /// `"infantry"`, `"cavalry"`, `"artillery"`, `"leader"`, ...
    pub kind: String,
    /// How actions and events of this system refer to it (pg: `{"unit": 3}` / `{"leader": 0}`).
    #[serde(rename = "ref")]
    pub reference: serde_json::Value,
    /// The printed id of its hex, or `None` when it is off the map.
    pub hex: Option<String>,
    /// `"on_map"`, or why not: `"waiting"`, `"eliminated"`, `"captured"`, `"lost"`.
    pub status: String,
    /// Position in its stack, top first (lower is higher).
    pub order: i32,
    /// Steps left (units).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<u8>,
    /// Steps at full strength (units).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_steps: Option<u8>,
    /// The printed factors at the current strength, as the counter shows them (pg: `"4-3-5"`,
    /// SP-MR-MA; artillery `"MR-MA"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factors: Option<String>,
    /// Short state words for a label: morale, In Column, moved, ...
    pub marks: Vec<String>,
    /// Every hex a multi-hex formation covers, `hex` first (Fontenoy Lines, Hooks and
    /// columns, 8.1); empty for a counter in one hex.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<String>,
    /// Its facing where the system draws one as a direction (Fontenoy 9.1): a
    /// [`Facing`](crate::hex::Facing) index 0–11, even a hexside, odd a vertex, pointing at
    /// 30° − 30°·n on the drawn map (x eastward, y southward): 0 the south-east hexside, 1 the
    /// east vertex, 2 the north-east hexside, 4 north, and so on counter-clockwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facing: Option<u8>,
}

/// The whole board: the map and the counters (see [`crate::engine::Rules::board`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardView {
    /// The hex-numbering scheme.
    pub scheme: String,
    /// The map's id.
    pub map: String,
    /// How to draw the hexes: `"flat"` (flat-topped, in vertical columns, as all four systems).
    pub orientation: &'static str,
    /// Every playable hex with its centre.
    pub hexes: Vec<HexView>,
    /// Hexside features.
    pub hexsides: Vec<MapSide>,
    /// Every counter of the scenario, units first.
    pub pieces: Vec<PieceView>,
}

impl BoardView {
    /// Joins a map and the pieces on it.
    pub fn new(map: &MapView, pieces: Vec<PieceView>) -> BoardView {
        BoardView {
            scheme: map.scheme.clone(),
            map: map.map.clone(),
            orientation: "flat",
            hexes: map
                .hexes
                .iter()
                .map(|h| {
                    let (q, r) = (f64::from(h.q), f64::from(h.r));
                    HexView {
                        hex: h.clone(),
                        x: 1.5 * q,
                        y: SQRT_3 * (r + q / 2.0),
                    }
                })
                .collect(),
            hexsides: map.hexsides.clone(),
            pieces,
        }
    }
}
