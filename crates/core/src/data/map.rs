//! `map` files: grid, terrain per hex and per hexside, elevation, map edges and named places.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::common::{System, check_header, check_unique, one_or_many, unique_map};
use super::error::{DataError, path};
use super::grid::Grid;
use super::provenance::{Provenance, check_opt};
use super::terrain::TerrainSet;
use super::value::{Flag, Flags, check_id, check_no_floats};
use crate::hex::{self, Compass, Direction, Hex};

/// A map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Map {
    /// Always [`super::FORMAT`].
    pub format: String,
    /// Always `"map"`.
    pub kind: String,
    /// Id, e.g. `"pg/rossbach"`.
    pub id: String,
    /// The system.
    pub system: System,
    /// Display name.
    pub name: String,
    /// Provenance of the file (inherited by every hex, hexside, edge and place without its own).
    pub provenance: Provenance,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The terrain file whose names this map uses; default `"<system>/terrain"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<String>,
    /// Grid parameters.
    pub grid: Grid,
    /// Terrain of every hex not listed in `hexes` (or listed without `terrain`).
    pub default_terrain: String,
    /// Hexes that differ from the default, keyed by hex id.
    #[serde(
        default,
        deserialize_with = "unique_map::deserialize",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub hexes: BTreeMap<String, HexEntry>,
    /// Hexside features.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexsides: Vec<Hexside>,
    /// Map edges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edges: Vec<MapEdge>,
    /// Named hexes and areas.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<Place>,
}

/// One hex's data. In JSON also written as a bare terrain id (`"1809": "woods"`) or a list of
/// them (`"1607": ["town", "woods"]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct HexEntry {
    /// Terrain types in the hex (several when the hex mixes terrain); empty = default terrain.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<String>,
    /// Elevation level, when the system uses levels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elevation: Option<i32>,
    /// Overrides the file's provenance for this hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// Free remark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexEntry {
    #[serde(default, deserialize_with = "one_or_many::deserialize")]
    terrain: Vec<String>,
    #[serde(default)]
    elevation: Option<i32>,
    #[serde(default)]
    provenance: Option<Provenance>,
    #[serde(default)]
    note: Option<String>,
}

impl<'de> Deserialize<'de> for HexEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = HexEntry;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a terrain id, a list of terrain ids, or an object with `terrain`, `elevation`, `provenance`, `note`")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<HexEntry, E> {
                Ok(HexEntry {
                    terrain: alloc::vec![s.to_string()],
                    ..HexEntry::default()
                })
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<HexEntry, A::Error> {
                let mut terrain = Vec::new();
                while let Some(s) = seq.next_element::<String>()? {
                    terrain.push(s);
                }
                Ok(HexEntry {
                    terrain,
                    ..HexEntry::default()
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<HexEntry, A::Error> {
                let r = RawHexEntry::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Ok(HexEntry {
                    terrain: r.terrain,
                    elevation: r.elevation,
                    provenance: r.provenance,
                    note: r.note,
                })
            }
        }
        d.deserialize_any(V)
    }
}

/// A hexside feature, keyed by the two hexes of the side (`between`) or a hex and a side name
/// (`hex` + `side`, one of `n ne se s sw nw`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hexside {
    /// The two hexes sharing the side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub between: Option<[String; 2]>,
    /// The hex (with `side`) — the other hex may be off the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// The side of `hex`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The hexside feature id (from the terrain file).
    pub feature: String,
    /// For directed features: the hex on the side the feature's `directed` text names (for a
    /// slope, the high side). Must be one of the two hexes of the side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toward: Option<String>,
    /// Overrides the file's provenance for this hexside.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A hexside entry of a map placed on its grid ([`Map::placed_hexsides`]).
#[derive(Clone, Copy, Debug)]
pub struct PlacedHexside<'a> {
    /// Its place in the map's `hexsides` list (for error paths).
    pub index: usize,
    /// The hex it is given from (the first of `between`, or `hex`).
    pub a: Hex,
    /// The other hex (possibly off the map).
    pub b: Hex,
    /// The direction from `a` to `b`.
    pub dir: Direction,
    /// The entry itself.
    pub entry: &'a Hexside,
}

/// One map edge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapEdge {
    /// `"north"`, `"south"`, `"east"` or `"west"`.
    pub edge: String,
    /// The sheet whose edge this is, when the map has several.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<char>,
    /// The side (scenario side id) whose friendly edge this is, when the map prints it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub friendly_to: Option<String>,
    /// Entry hexes along this edge.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entry_hexes: Vec<String>,
    /// Overrides the file's provenance for this edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A named hex or group of hexes: town, redoubt, victory hex, set-up area, supply source …
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    /// Id, unique in the map.
    pub id: String,
    /// Name as printed.
    pub name: String,
    /// What it is (`"town"`, `"redoubt"`, `"victory"`, `"setup"`, `"supply_source"`, …).
    pub kind: String,
    /// Its hexes (a string or a list).
    #[serde(deserialize_with = "one_or_many::deserialize")]
    pub hexes: Vec<String>,
    /// System-specific fields (integers, strings, booleans, lists, objects; no floats).
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub fields: serde_json::Map<String, serde_json::Value>,
    /// Overrides the file's provenance for this place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// Free remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

const EDGES: [&str; 4] = ["north", "south", "east", "west"];

impl Map {
    /// The id of the terrain file this map uses.
    pub fn terrain_id(&self) -> String {
        match &self.terrain {
            Some(t) => t.clone(),
            None => format!("{}/terrain", self.system.id()),
        }
    }

    /// Whether `id` is a hex of this map.
    pub fn contains(&self, id: &str) -> bool {
        self.grid
            .build()
            .is_ok_and(|g| self.grid.locate(&g, id).is_ok())
    }

    /// The `hex` module's grid of this map (printed ids to axial hexes).
    pub fn hex_grid(&self) -> Result<hex::Grid, DataError> {
        self.grid.build().map_err(|(at, m)| DataError::at(at, m))
    }

    /// The axial hex of printed id `id`, if it is a playable hex of this map.
    pub fn hex_of(&self, id: &str) -> Option<Hex> {
        let g = self.grid.build().ok()?;
        self.grid.locate(&g, id).ok()
    }

    /// Checks `id` is a hex of this map; the error is located at `at`.
    pub(crate) fn check_hex(&self, g: &hex::Grid, id: &str, at: &str) -> Result<Hex, DataError> {
        self.grid.locate(g, id).map_err(|(m, rule)| {
            let e = DataError::at(at, m);
            match rule {
                Some(r) => e.with_rule(r),
                None => e,
            }
        })
    }

    /// The terrain of hex `id` (its own list, or the default).
    pub fn terrain_of(&self, id: &str) -> Vec<&str> {
        match self.hexes.get(id) {
            Some(h) if !h.terrain.is_empty() => h.terrain.iter().map(String::as_str).collect(),
            _ => alloc::vec![self.default_terrain.as_str()],
        }
    }

    /// The hexside features on the side between hexes `a` and `b`.
    pub fn features_between(&self, a: &str, b: &str) -> Vec<&Hexside> {
        let Ok(g) = self.grid.build() else {
            return Vec::new();
        };
        let (Ok(ha), Ok(hb)) = (self.grid.locate(&g, a), self.grid.locate(&g, b)) else {
            return Vec::new();
        };
        let Some(key) = hex::Hexside::between(ha, hb) else {
            return Vec::new();
        };
        self.hexsides
            .iter()
            .filter(|h| self.side_of(&g, h).is_ok_and(|(k, _)| k == key))
            .collect()
    }

    /// The place with id `id`.
    pub fn place(&self, id: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.id == id)
    }

    /// Where a hexside entry lies: its canonical hexside and its two hexes.
    fn side_of(
        &self,
        g: &hex::Grid,
        h: &Hexside,
    ) -> Result<(hex::Hexside, [Hex; 2]), (String, String)> {
        match (&h.between, &h.hex, &h.side) {
            (Some([a, b]), None, None) => {
                let ha = self
                    .grid
                    .locate(g, a)
                    .map_err(|(m, _)| (String::from("between[0]"), m))?;
                let hb = self
                    .grid
                    .locate(g, b)
                    .map_err(|(m, _)| (String::from("between[1]"), m))?;
                let Some(side) = hex::Hexside::between(ha, hb) else {
                    return Err((
                        String::from("between"),
                        format!("hexes {a:?} and {b:?} are not adjacent"),
                    ));
                };
                Ok((side, [ha, hb]))
            }
            (None, Some(x), Some(s)) => {
                let hx = self
                    .grid
                    .locate(g, x)
                    .map_err(|(m, _)| (String::from("hex"), m))?;
                let Some(c) = SIDES.iter().find(|(n, _)| n == s).map(|(_, c)| *c) else {
                    let names: Vec<&str> = SIDES.iter().map(|(n, _)| *n).collect();
                    return Err((
                        String::from("side"),
                        format!("{s:?} is not a side name; use one of {names:?}"),
                    ));
                };
                let d = Direction::from_compass(c);
                Ok((hex::Hexside::new(hx, d), [hx, hx.neighbor(d)]))
            }
            _ => Err((
                String::from("."),
                String::from("give either `between: [hex, hex]` or `hex` with `side`"),
            )),
        }
    }

    /// Every hexside entry placed on `g`, in file order: its two hexes, the direction from the
    /// first to the second, and the entry. What each system's board reads to mark its
    /// hexsides; an entry that names no side of `g` is an error located at
    /// `hexsides[n].<field>`.
    pub fn placed_hexsides<'m, 'g>(
        &'m self,
        g: &'g hex::Grid,
    ) -> impl Iterator<Item = Result<PlacedHexside<'m>, DataError>> + use<'m, 'g> {
        self.hexsides.iter().enumerate().map(move |(n, h)| {
            let located = |field: &str, message: String| {
                let at = if field == "." {
                    format!("hexsides[{n}]")
                } else {
                    format!("hexsides[{n}].{field}")
                };
                DataError::new(&self.id, at, message)
            };
            let (_, [a, b]) = self.side_of(g, h).map_err(|(f, m)| located(&f, m))?;
            let dir = a.direction_to(b).ok_or_else(|| {
                located("between", String::from("the two hexes are not adjacent"))
            })?;
            Ok(PlacedHexside {
                index: n,
                a,
                b,
                dir,
                entry: h,
            })
        })
    }

    /// The two hexes of a hexside feature (the first is the one it is given from), or `None`
    /// when the entry does not name a side of `g`.
    pub(crate) fn side_hexes(&self, g: &hex::Grid, h: &Hexside) -> Option<[Hex; 2]> {
        self.side_of(g, h).ok().map(|(_, hexes)| hexes)
    }

    /// Builds the grid and checks that its scheme is the system's.
    pub(crate) fn check_grid(&self) -> Result<hex::Grid, DataError> {
        if self.grid.scheme.name() != self.system.id() {
            return Err(DataError::at(
                "grid.scheme",
                format!(
                    "a {} map numbers its hexes with the {} scheme, not {}",
                    self.system, self.system, self.grid.scheme
                ),
            ));
        }
        self.hex_grid()
    }

    /// Checks the map on its own and against its system's terrain file.
    pub(crate) fn check(&self, terrain: &TerrainSet) -> Result<(), DataError> {
        check_header(&self.id, self.system, &self.name, &self.provenance)?;
        if terrain.system != self.system {
            return Err(DataError::at(
                "terrain",
                format!(
                    "terrain file {:?} is for system {}, not {}",
                    terrain.id, terrain.system, self.system
                ),
            ));
        }
        let g = self.check_grid()?;
        let known_hex = |t: &str, at: &str| -> Result<(), DataError> {
            if terrain.hex_terrain(t).is_some() {
                return Ok(());
            }
            let msg = if terrain.hexside_feature(t).is_some() {
                format!(
                    "{t:?} is a hexside feature in {}, not a hex terrain type",
                    terrain.id
                )
            } else {
                let known: Vec<&str> = terrain.hex_terrain.iter().map(|x| x.id.as_str()).collect();
                format!(
                    "unknown terrain {t:?}: {} has hex terrain {known:?}",
                    terrain.id
                )
            };
            Err(DataError::at(at, msg))
        };
        known_hex(&self.default_terrain, "default_terrain")?;
        for (i, a) in self.grid.absent.iter().enumerate() {
            super::grid::check_hex_id(self.grid.scheme, a)
                .map(|_| ())
                .map_err(|(m, r)| DataError::at(path::index("grid.absent", i), m).with_rule(r))?;
        }
        for (id, h) in &self.hexes {
            let at = path::key("hexes", id);
            self.check_hex(&g, id, &at)?;
            for (i, t) in h.terrain.iter().enumerate() {
                let tat = path::key(&at, "terrain");
                let tat = if h.terrain.len() == 1 {
                    tat
                } else {
                    path::index(&tat, i)
                };
                known_hex(t, &tat)?;
            }
            check_opt(&h.provenance, &at)?;
        }
        let mut seen: BTreeSet<(hex::Hexside, &str)> = BTreeSet::new();
        for (i, h) in self.hexsides.iter().enumerate() {
            let at = path::index("hexsides", i);
            let (key, ends) = self.side_of(&g, h).map_err(|(sub, m)| {
                DataError::at(
                    if sub == "." {
                        at.clone()
                    } else {
                        path::key(&at, &sub)
                    },
                    m,
                )
            })?;
            let Some(f) = terrain.hexside_feature(&h.feature) else {
                let msg = if terrain.hex_terrain(&h.feature).is_some() {
                    format!(
                        "{:?} is a hex terrain type in {}, not a hexside feature",
                        h.feature, terrain.id
                    )
                } else {
                    let known: Vec<&str> = terrain
                        .hexside_features
                        .iter()
                        .map(|x| x.id.as_str())
                        .collect();
                    format!(
                        "unknown hexside feature {:?}: {} has {known:?}",
                        h.feature, terrain.id
                    )
                };
                return Err(DataError::at(path::key(&at, "feature"), msg));
            };
            match (&f.directed, &h.toward) {
                (Some(meaning), None) => {
                    return Err(DataError::at(
                        path::key(&at, "toward"),
                        format!("{:?} is directed: give `toward`, {meaning}", h.feature),
                    ));
                }
                (None, Some(_)) => {
                    return Err(DataError::at(
                        path::key(&at, "toward"),
                        format!("{:?} has no direction; remove `toward`", h.feature),
                    ));
                }
                (Some(_), Some(t)) => {
                    let gt = self.check_hex(&g, t, &path::key(&at, "toward"))?;
                    if gt != ends[0] && gt != ends[1] {
                        return Err(DataError::at(
                            path::key(&at, "toward"),
                            format!("{t:?} is not one of the two hexes of this side"),
                        ));
                    }
                }
                (None, None) => {}
            }
            if !seen.insert((key, h.feature.as_str())) {
                return Err(DataError::at(
                    at,
                    format!(
                        "feature {:?} is given twice for the same hexside",
                        h.feature
                    ),
                ));
            }
            check_opt(&h.provenance, &at)?;
        }
        for (i, e) in self.edges.iter().enumerate() {
            let at = path::index("edges", i);
            if !EDGES.contains(&e.edge.as_str()) {
                return Err(DataError::at(
                    path::key(&at, "edge"),
                    format!("{:?} is not one of {EDGES:?}", e.edge),
                ));
            }
            if let Some(s) = &e.sheet {
                if !self.grid.sheets.iter().any(|x| x.sheet == Some(*s)) {
                    return Err(DataError::at(
                        path::key(&at, "sheet"),
                        format!("no sheet {s:?} on this map"),
                    ));
                }
            }
            if let Some(side) = &e.friendly_to {
                check_id(side, &path::key(&at, "friendly_to"))?;
            }
            for (j, h) in e.entry_hexes.iter().enumerate() {
                self.check_hex(&g, h, &path::index(&path::key(&at, "entry_hexes"), j))?;
            }
            check_opt(&e.provenance, &at)?;
        }
        check_unique(self.places.iter().map(|p| p.id.as_str()), "place", |i| {
            path::key(&path::index("places", i), "id")
        })?;
        for (i, p) in self.places.iter().enumerate() {
            let at = path::index("places", i);
            if p.name.trim().is_empty() {
                return Err(DataError::at(
                    path::key(&at, "name"),
                    "name may not be empty",
                ));
            }
            check_id(&p.kind, &path::key(&at, "kind"))?;
            if p.hexes.is_empty() {
                return Err(DataError::at(
                    path::key(&at, "hexes"),
                    "a place needs at least one hex",
                ));
            }
            for (j, h) in p.hexes.iter().enumerate() {
                let hat = path::key(&at, "hexes");
                let hat = if p.hexes.len() == 1 {
                    hat
                } else {
                    path::index(&hat, j)
                };
                self.check_hex(&g, h, &hat)?;
            }
            for (k, v) in &p.fields {
                check_no_floats(v, &path::key(&path::key(&at, "fields"), k))?;
            }
            check_opt(&p.provenance, &at)?;
        }
        Ok(())
    }

    /// Every provisional item, with its path.
    pub fn flags(&self) -> Vec<Flag> {
        let mut f = Flags::default();
        f.provenance(Some(&self.provenance), &path::root());
        for (id, h) in &self.hexes {
            f.provenance(h.provenance.as_ref(), &path::key("hexes", id));
        }
        for (i, h) in self.hexsides.iter().enumerate() {
            f.provenance(h.provenance.as_ref(), &path::index("hexsides", i));
        }
        for (i, e) in self.edges.iter().enumerate() {
            f.provenance(e.provenance.as_ref(), &path::index("edges", i));
        }
        for (i, p) in self.places.iter().enumerate() {
            f.provenance(p.provenance.as_ref(), &path::index("places", i));
        }
        f.0
    }
}

/// Side names of flat-topped hexes, as maps write them.
const SIDES: [(&str, Compass); 6] = [
    ("n", Compass::N),
    ("ne", Compass::NE),
    ("se", Compass::SE),
    ("s", Compass::S),
    ("sw", Compass::SW),
    ("nw", Compass::NW),
];
