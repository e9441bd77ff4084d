//! The Fontenoy maps as the rules read them (F-1.4, F-9): per hex its terrain (F-9.2) and
//! elevation (F-9.4), per hexside its features (F-9.3: slopes, abatis, fieldworks, streams,
//! ponds and quarries; F-9.2n: paths, roads and the Major Road, which the map file records on
//! the hexsides they cross), and the named places (the Bois de Barry, Antoin, the redoubts, the
//! bridgehead...). Built once from the scenario's map into dense arrays indexed by
//! `hex::Cells`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::data::{DataError, Map};
use crate::hex::{Cells, Direction, Grid, Hex};

/// The hex terrain of F-9.2 (the ids of `fontenoy/terrain`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Terrain {
    /// Clear (F-9.2c).
    #[default]
    Clear,
    /// Bog (F-9.2a).
    Bog,
    /// Broken ground: cleared wood or burned buildings (F-9.2b).
    Broken,
    /// The Keep, S1712 (F-9.2d).
    Keep,
    /// Marsh (F-9.2e).
    Marsh,
    /// Orchard (F-9.2f).
    Orchard,
    /// A redoubt hex (F-9.2g, F-3.5a).
    Redoubt,
    /// Sunken road (F-9.2h, F-2.10).
    SunkenRoad,
    /// Town: Antoin (F-9.2i).
    Town,
    /// Village (F-9.2j).
    Village,
    /// Walled farm (F-9.2k).
    WalledFarm,
    /// Woods (F-9.2l).
    Woods,
    /// The Escaut (F-9.2m): no movement.
    River,
    /// The Escaut bridge, N1421 (F-9.2m, F-3.9a).
    Bridge,
}

impl Terrain {
    /// Every terrain, in declaration order.
    pub const ALL: [Terrain; 14] = [
        Terrain::Clear,
        Terrain::Bog,
        Terrain::Broken,
        Terrain::Keep,
        Terrain::Marsh,
        Terrain::Orchard,
        Terrain::Redoubt,
        Terrain::SunkenRoad,
        Terrain::Town,
        Terrain::Village,
        Terrain::WalledFarm,
        Terrain::Woods,
        Terrain::River,
        Terrain::Bridge,
    ];

    /// The terrain id of the data files.
    pub const fn id(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Bog => "bog",
            Terrain::Broken => "broken",
            Terrain::Keep => "keep",
            Terrain::Marsh => "marsh",
            Terrain::Orchard => "orchard",
            Terrain::Redoubt => "redoubt",
            Terrain::SunkenRoad => "sunken_road",
            Terrain::Town => "town",
            Terrain::Village => "village",
            Terrain::WalledFarm => "walled_farm",
            Terrain::Woods => "woods",
            Terrain::River => "river",
            Terrain::Bridge => "bridge",
        }
    }

    /// The terrain with id `s`.
    pub fn parse(s: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.id() == s)
    }

    /// Whether commanders may not trace a Line of Command into it (7.1, 7.2b: terrain
    /// impassable to commanders; F-9.2m: the Escaut, crossed only at the bridge).
    pub const fn impassable_to_commanders(self) -> bool {
        matches!(self, Terrain::River)
    }
}

/// Hexside feature bits (F-9.3, F-9.2n).
pub mod side {
    /// Gentle slope (F-9.3a).
    pub const SLOPE_GENTLE: u16 = 1;
    /// Regular slope.
    pub const SLOPE_REGULAR: u16 = 1 << 1;
    /// Steep slope.
    pub const SLOPE_STEEP: u16 = 1 << 2;
    /// Abatis (F-9.3b).
    pub const ABATIS: u16 = 1 << 3;
    /// Minor field fortifications (F-9.3c, F-3.5b).
    pub const FIELDWORKS_MINOR: u16 = 1 << 4;
    /// Major field fortifications (south and east of Antoin).
    pub const FIELDWORKS_MAJOR: u16 = 1 << 5;
    /// Stream (F-9.3d).
    pub const STREAM: u16 = 1 << 6;
    /// Pond (F-9.3e).
    pub const POND: u16 = 1 << 7;
    /// Quarry (F-9.3e).
    pub const QUARRY: u16 = 1 << 8;
    /// Path (F-9.2n A).
    pub const PATH: u16 = 1 << 9;
    /// Road (F-9.2n B).
    pub const ROAD: u16 = 1 << 10;
    /// The Major Road, Ath–Tournay (F-9.2n B).
    pub const MAJOR_ROAD: u16 = 1 << 11;
    /// Any slope.
    pub const SLOPE: u16 = SLOPE_GENTLE | SLOPE_REGULAR | SLOPE_STEEP;
    /// Any field fortification.
    pub const FIELDWORKS: u16 = FIELDWORKS_MINOR | FIELDWORKS_MAJOR;
    /// Anything a road movement follows: roads, the Major Road, paths.
    pub const ANY_ROAD: u16 = PATH | ROAD | MAJOR_ROAD;
    /// The features whose `toward` hex matters: the high side of a slope, the front of a
    /// fortification.
    pub const DIRECTED: u16 = SLOPE | FIELDWORKS;

    /// The feature ids of the data files, by bit.
    pub const IDS: [(u16, &str); 12] = [
        (SLOPE_GENTLE, "slope_gentle"),
        (SLOPE_REGULAR, "slope_regular"),
        (SLOPE_STEEP, "slope_steep"),
        (ABATIS, "abatis"),
        (FIELDWORKS_MINOR, "fieldworks_minor"),
        (FIELDWORKS_MAJOR, "fieldworks_major"),
        (STREAM, "stream"),
        (POND, "pond"),
        (QUARRY, "quarry"),
        (PATH, "path"),
        (ROAD, "road"),
        (MAJOR_ROAD, "major_road"),
    ];

    /// The bit of a feature id.
    pub fn parse(s: &str) -> Option<u16> {
        IDS.iter().find(|(_, id)| *id == s).map(|(b, _)| *b)
    }
}

/// One hex's facts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HexInfo {
    /// A playable hex of the scenario's maps.
    pub on_map: bool,
    /// Its terrain.
    pub terrain: Terrain,
    /// Its elevation (F-9.4A: the ground rises gently toward the Bois de Barry).
    pub elevation: i8,
    /// The other terrain of a hex the map gives two (the clear ground a sunken road cuts
    /// through, F-5.5b); the hex's own terrain otherwise.
    pub under: Terrain,
}

/// A named place of the map (F-10 set-up areas, towns, redoubts, the bridgehead...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The place id of the map file.
    pub id: String,
    /// Its name as printed.
    pub name: String,
    /// Its kind (`woods`, `town`, `redoubt`, ...).
    pub kind: String,
    /// Its hexes.
    pub hexes: Vec<Hex>,
}

/// The map of one scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Converts printed ids.
    pub grid: Grid,
    cells: Cells,
    hexes: Vec<HexInfo>,
    /// Feature bits by cell and direction.
    sides: Vec<[u16; 6]>,
    /// For the directed features of a side: the bits whose `toward` hex is the neighbour in
    /// that direction (the high side of a slope, the front of a fortification).
    toward: Vec<[u16; 6]>,
    /// The named places.
    pub places: Vec<Place>,
}

impl Board {
    /// Builds the board of `map`, keeping only the hexes of the sheets in `sheets` (F-10.xa:
    /// a scenario played on the South map only); every sheet when empty.
    pub fn new(map: &Map, sheets: &[char]) -> Result<Board, DataError> {
        let grid = map.hex_grid()?;
        let cells = Cells::new(grid.bounds());
        let mut board = Board {
            grid,
            cells,
            hexes: alloc::vec![HexInfo::default(); cells.count()],
            sides: alloc::vec![[0u16; 6]; cells.count()],
            toward: alloc::vec![[0u16; 6]; cells.count()],
            places: Vec::new(),
        };
        let default = Terrain::parse(&map.default_terrain).ok_or_else(|| {
            DataError::new(
                &map.id,
                "default_terrain",
                "not a terrain the fontenoy rules know",
            )
        })?;
        for hex in board.grid.hexes() {
            let Some(id) = board.grid.to_id(hex) else {
                continue;
            };
            if !sheets.is_empty() && !id.sheet().is_some_and(|s| sheets.contains(&s)) {
                continue;
            }
            let label = id.to_string();
            let mut terrain = default;
            let mut under = default;
            // F-9.1B: a hex is one terrain; where a map lists several, the last listed that is
            // not clear is the one the rules read (the one before it is the other terrain).
            for name in map.terrain_of(&label) {
                let t = Terrain::parse(name).ok_or_else(|| {
                    DataError::new(
                        &map.id,
                        format!("hexes.{label}"),
                        format!("terrain `{name}` is not one the fontenoy rules know"),
                    )
                })?;
                if t != Terrain::Clear {
                    under = terrain;
                    terrain = t;
                }
            }
            let elevation = map
                .hexes
                .get(&label)
                .and_then(|e| e.elevation)
                .unwrap_or(0)
                .clamp(-99, 99) as i8;
            if let Some(i) = board.index(hex) {
                board.hexes[i] = HexInfo {
                    on_map: true,
                    terrain,
                    elevation,
                    under: if under == terrain { default } else { under },
                };
            }
        }
        let grid = board.grid;
        for placed in map.placed_hexsides(&grid) {
            let placed = placed?;
            let (a, b, d) = (placed.a, placed.b, placed.dir);
            let entry = placed.entry;
            let at = format!("hexsides[{}].feature", placed.index);
            let bit = side::parse(&entry.feature).ok_or_else(|| {
                DataError::new(
                    &map.id,
                    &at,
                    format!(
                        "`{}` is not a hexside feature the fontenoy rules know",
                        entry.feature
                    ),
                )
            })?;
            let toward_b = match (&entry.toward, bit & side::DIRECTED != 0) {
                (Some(t), true) => {
                    let th = board.grid.parse(t).map_err(|e| {
                        DataError::new(
                            &map.id,
                            format!("hexsides[{}].toward", placed.index),
                            e.to_string(),
                        )
                    })?;
                    th == b
                }
                _ => false,
            };
            board.add_side(a, d, bit, toward_b);
        }
        for p in &map.places {
            let mut hexes = Vec::with_capacity(p.hexes.len());
            for (k, h) in p.hexes.iter().enumerate() {
                let hex = board.grid.parse(h).map_err(|e| {
                    DataError::new(
                        &map.id,
                        format!("places.{}.hexes[{k}]", p.id),
                        e.to_string(),
                    )
                })?;
                hexes.push(hex);
            }
            board.places.push(Place {
                id: p.id.clone(),
                name: p.name.clone(),
                kind: p.kind.clone(),
                hexes,
            });
        }
        Ok(board)
    }

    /// A board of `cols` × `rows` clear hexes on the South map (S0101 at the top left), for
    /// tests and examples that lay out their own terrain.
    pub fn open(cols: u8, rows: u8) -> Board {
        let grid = Grid::fontenoy();
        let cells = Cells::new(grid.bounds());
        let mut board = Board {
            grid,
            cells,
            hexes: alloc::vec![HexInfo::default(); cells.count()],
            sides: alloc::vec![[0u16; 6]; cells.count()],
            toward: alloc::vec![[0u16; 6]; cells.count()],
            places: Vec::new(),
        };
        for c in 1..=cols {
            for r in 1..=rows {
                if let Ok(h) = board.grid.parse(&format!("S{c:02}{r:02}")) {
                    if let Some(i) = board.index(h) {
                        board.hexes[i].on_map = true;
                    }
                }
            }
        }
        board
    }

    /// The dense index of a hex, if the grid holds it.
    pub fn index(&self, h: Hex) -> Option<usize> {
        self.cells.index(h)
    }

    /// The hex of cell `i` (the inverse of [`index`](Self::index)).
    pub fn cell_hex(&self, i: usize) -> Hex {
        self.cells.hex(i)
    }

    /// The number of cells (the length of per-hex tables).
    pub fn cell_count(&self) -> usize {
        self.cells.count()
    }

    /// The facts of `h` (an off-map hex reads as not on the map).
    pub fn hex(&self, h: Hex) -> HexInfo {
        self.index(h)
            .and_then(|i| self.hexes.get(i).copied())
            .unwrap_or_default()
    }

    /// Whether `h` is a playable hex.
    pub fn on_map(&self, h: Hex) -> bool {
        self.hex(h).on_map
    }

    /// The feature bits of the side of `h` toward `d`.
    pub fn side(&self, h: Hex, d: Direction) -> u16 {
        self.index(h)
            .map_or(0, |i| self.sides[i][usize::from(d.index())])
    }

    /// The directed-feature bits of the side of `h` toward `d` whose `toward` hex is the
    /// neighbour in direction `d` (that neighbour is the high side, or the fortification's
    /// front).
    pub fn toward(&self, h: Hex, d: Direction) -> u16 {
        self.index(h)
            .map_or(0, |i| self.toward[i][usize::from(d.index())])
    }

    /// Sets a hex's terrain (tests and examples).
    pub fn set_terrain(&mut self, h: Hex, t: Terrain) {
        if let Some(i) = self.index(h) {
            self.hexes[i].terrain = t;
        }
    }

    /// Sets a hex's elevation (tests and examples).
    pub fn set_elevation(&mut self, h: Hex, e: i8) {
        if let Some(i) = self.index(h) {
            self.hexes[i].elevation = e;
        }
    }

    /// Adds feature bits to the side between `h` and its neighbour toward `d`, both ways; for
    /// a directed feature, `toward_neighbour` says whether the neighbour is its `toward` hex.
    pub fn add_side(&mut self, h: Hex, d: Direction, bits: u16, toward_neighbour: bool) {
        let n = h.neighbor(d);
        let directed = bits & side::DIRECTED;
        if let Some(i) = self.index(h) {
            self.sides[i][usize::from(d.index())] |= bits;
            if toward_neighbour {
                self.toward[i][usize::from(d.index())] |= directed;
            }
        }
        if let Some(j) = self.index(n) {
            let back = usize::from(d.opposite().index());
            self.sides[j][back] |= bits;
            if !toward_neighbour {
                self.toward[j][back] |= directed;
            }
        }
    }

    /// Removes the feature `bits` from every hexside but those of the hexes in `keep` (F-6.1:
    /// the field fortifications go, but for the bridgehead's).
    pub fn strip_sides_except(&mut self, bits: u16, keep: &[Hex]) {
        let mut saved: Vec<(usize, usize, u16, u16)> = Vec::new();
        for &h in keep {
            for d in 0..6u8 {
                let Some(dir) = Direction::new(d) else {
                    continue;
                };
                for (cell, k) in [
                    (self.index(h), usize::from(d)),
                    (
                        self.index(h.neighbor(dir)),
                        usize::from(dir.opposite().index()),
                    ),
                ] {
                    if let Some(i) = cell {
                        saved.push((i, k, self.sides[i][k] & bits, self.toward[i][k] & bits));
                    }
                }
            }
        }
        for b in self.sides.iter_mut().chain(self.toward.iter_mut()) {
            for x in b.iter_mut() {
                *x &= !bits;
            }
        }
        for (i, k, sb, tb) in saved {
            self.sides[i][k] |= sb;
            self.toward[i][k] |= tb;
        }
    }

    /// The place with id `id`.
    pub fn place(&self, id: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.id == id)
    }

    /// Whether a road, path or the Major Road continues from `from` into its neighbour `to`
    /// (7.3b: a Line of Command traced along a road; F-9.2n).
    pub fn road_between(&self, from: Hex, to: Hex) -> bool {
        from.direction_to(to)
            .is_some_and(|d| self.side(from, d) & side::ANY_ROAD != 0)
    }
}

/// A redoubt on the map (F-3.5a): its site and size, read from the scenario (F-10.x, F-6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Redoubt {
    /// Its hex.
    pub hex: Hex,
    /// Large (12 infantry SP and 2 artillery SP inside) or small (8 and 2).
    pub large: bool,
}
