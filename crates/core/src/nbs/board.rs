//! The map as the series rules see it: per hex the terrain (16.2), the level (19.1) and the
//! Austerlitz special hexes (AUS 1.0); per hexside the features crossed (16.2b) — roads,
//! streams, bridges, slopes. Built once from the scenario's map into dense arrays. The
//! frontal arc beyond the adjacent hexes (13.0a) is map geometry too: [`arc`].

pub mod arc;

use alloc::format;
use alloc::string::ToString;
use alloc::vec::Vec;

use crate::data::{DataError, Map, ResolvedScenario};
use crate::engine::MapView;
use crate::hex::{Cells, Direction, Grid, Hex};

/// The hex terrain of the Movement Chart's columns (16.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Clear.
    #[default]
    Clear,
    /// Forest (a symbol anywhere in the hex, 16.2d).
    Forest,
    /// Orchard.
    Orchard,
    /// Vineyard.
    Vineyard,
    /// Town, village or city.
    Town,
    /// Walled farm.
    WalledFarm,
    /// Swamp.
    Swamp,
    /// Lake or pond.
    Lake,
    /// A redoubt hex.
    Redoubt,
}

impl Terrain {
    /// Every terrain, in declaration order.
    pub const ALL: [Terrain; 9] = [
        Terrain::Clear,
        Terrain::Forest,
        Terrain::Orchard,
        Terrain::Vineyard,
        Terrain::Town,
        Terrain::WalledFarm,
        Terrain::Swamp,
        Terrain::Lake,
        Terrain::Redoubt,
    ];

    fn parse(s: &str) -> Option<Terrain> {
        Some(match s {
            "clear" => Terrain::Clear,
            "forest" => Terrain::Forest,
            "orchard" => Terrain::Orchard,
            "vineyard" => Terrain::Vineyard,
            "town" | "city" => Terrain::Town,
            "walled_farm" => Terrain::WalledFarm,
            "swamp" => Terrain::Swamp,
            "lake" => Terrain::Lake,
            "redoubt" => Terrain::Redoubt,
            _ => return None,
        })
    }

    /// The terrain id of the data files.
    pub fn id(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Forest => "forest",
            Terrain::Orchard => "orchard",
            Terrain::Vineyard => "vineyard",
            Terrain::Town => "town",
            Terrain::WalledFarm => "walled_farm",
            Terrain::Swamp => "swamp",
            Terrain::Lake => "lake",
            Terrain::Redoubt => "redoubt",
        }
    }

    /// Units here face all around (13.0a: walled farm, town, redoubt).
    pub fn all_round_front(self) -> bool {
        matches!(self, Terrain::Town | Terrain::WalledFarm | Terrain::Redoubt)
    }

    /// Protective terrain for the defender's doubling in close combat (23.0 F) and morale.
    pub fn protective(self) -> bool {
        matches!(self, Terrain::Town | Terrain::WalledFarm | Terrain::Redoubt)
    }
}

/// Hexside feature bits (16.2b).
pub mod side {
    /// Primary road across the side.
    pub const PRIMARY_ROAD: u16 = 1;
    /// Secondary road across the side.
    pub const SECONDARY_ROAD: u16 = 1 << 1;
    /// Bridge.
    pub const BRIDGE: u16 = 1 << 2;
    /// Ford.
    pub const FORD: u16 = 1 << 3;
    /// Stream.
    pub const STREAM: u16 = 1 << 4;
    /// Creek.
    pub const CREEK: u16 = 1 << 5;
    /// River.
    pub const RIVER: u16 = 1 << 6;
    /// Tributary.
    pub const TRIBUTARY: u16 = 1 << 7;
    /// Slope.
    pub const SLOPE: u16 = 1 << 8;
    /// Extreme slope.
    pub const EXTREME_SLOPE: u16 = 1 << 9;
    /// Tree border (LOS only, 16.2f).
    pub const TREE_BORDER: u16 = 1 << 10;
    /// Sunken road.
    pub const SUNKEN_ROAD: u16 = 1 << 11;
    /// Trench.
    pub const TRENCH: u16 = 1 << 12;
    /// Any road.
    pub const ROAD: u16 = PRIMARY_ROAD | SECONDARY_ROAD;

    /// The feature ids of the data files by bit (bit 0 stands for an elevation change, which
    /// the map gives by levels, not as a feature).
    pub const IDS: [(u16, &str); 14] = [
        (0, "elevation_change"),
        (PRIMARY_ROAD, "primary_road"),
        (SECONDARY_ROAD, "secondary_road"),
        (BRIDGE, "bridge"),
        (FORD, "ford"),
        (STREAM, "stream"),
        (CREEK, "creek"),
        (RIVER, "river"),
        (TRIBUTARY, "tributary"),
        (SLOPE, "slope"),
        (EXTREME_SLOPE, "extreme_slope"),
        (TREE_BORDER, "tree_border"),
        (SUNKEN_ROAD, "sunken_road"),
        (TRENCH, "trench"),
    ];

    pub(super) fn parse(s: &str) -> Option<u16> {
        Some(match s {
            "primary_road" => PRIMARY_ROAD,
            "secondary_road" => SECONDARY_ROAD,
            "bridge" => BRIDGE,
            "ford" => FORD,
            "stream" => STREAM,
            "creek" => CREEK,
            "river" => RIVER,
            "tributary" => TRIBUTARY,
            "slope" => SLOPE,
            "extreme_slope" => EXTREME_SLOPE,
            "tree_border" => TREE_BORDER,
            "sunken_road" => SUNKEN_ROAD,
            "trench" => TRENCH,
            "elevation_change" => 0,
            _ => return None,
        })
    }
}

/// One hex's facts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HexInfo {
    /// On the playing area of this scenario.
    pub on_map: bool,
    /// Its terrain.
    pub terrain: Terrain,
    /// Its level (19.1).
    pub level: i16,
    /// Santon Redoubt or Sokolnitz Castle (AUS 1.0): one infantry unit and two gun points,
    /// all-round front, trench protection.
    pub special: bool,
    /// Hexes to the nearest map edge (1.1b: units cannot leave the map).
    pub edge_dist: u8,
}

/// The map of one scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Converts printed ids.
    pub grid: Grid,
    cells: Cells,
    hexes: Vec<HexInfo>,
    sides: Vec<[u16; 6]>,
}

impl Board {
    /// Builds the board of `s`; `area` limits play to some hexes (AUS 7.1: Map B only).
    pub fn new(
        s: &ResolvedScenario,
        area: Option<&dyn Fn(&str) -> bool>,
    ) -> Result<Board, DataError> {
        let map: &Map = &s.map;
        let grid = map.hex_grid()?;
        let cells = Cells::new(grid.bounds());
        let mut board = Board {
            grid,
            cells,
            hexes: alloc::vec![HexInfo::default(); cells.count()],
            sides: alloc::vec![[0u16; 6]; cells.count()],
        };
        let default = Terrain::parse(&map.default_terrain).ok_or_else(|| {
            DataError::new(
                &map.id,
                "default_terrain",
                "not a terrain the nbs rules know",
            )
        })?;
        let special: Vec<&str> = map
            .places
            .iter()
            .filter(|p| p.kind == "redoubt" || p.kind == "castle")
            .flat_map(|p| p.hexes.iter().map(|h| h.as_str()))
            .collect();
        for hex in board.grid.hexes() {
            let Some(id) = board.grid.to_id(hex) else {
                continue;
            };
            let label = id.to_string();
            if let Some(f) = area {
                if !f(&label) {
                    continue;
                }
            }
            let mut terrain = default;
            // Several terrain types in one hex: the most restrictive for movement is listed
            // last by convention; the rules key on town/walled farm/redoubt first.
            for name in map.terrain_of(&label) {
                let t = Terrain::parse(name).ok_or_else(|| {
                    DataError::new(
                        &map.id,
                        format!("hexes.{label}"),
                        format!("terrain `{name}` is not one the nbs rules know"),
                    )
                })?;
                if terrain == default || t.protective() {
                    terrain = t;
                }
            }
            let level = map
                .hexes
                .get(&label)
                .and_then(|e| e.elevation)
                .unwrap_or(0)
                .clamp(-99, 99) as i16;
            let info = HexInfo {
                on_map: true,
                terrain,
                level,
                special: special.contains(&label.as_str()),
                edge_dist: 0,
            };
            if let Some(i) = board.index(hex) {
                board.hexes[i] = info;
            }
        }
        for placed in map.placed_hexsides(&board.grid) {
            let placed = placed?;
            let (hs, a, b, d) = (placed.entry, placed.a, placed.b, placed.dir);
            let at = format!("hexsides[{}]", placed.index);
            let bit = side::parse(&hs.feature).ok_or_else(|| {
                DataError::new(
                    &map.id,
                    format!("{at}.feature"),
                    format!(
                        "hexside feature `{}` is not one the nbs rules know",
                        hs.feature
                    ),
                )
            })?;
            if let Some(i) = board.index(a) {
                board.sides[i][usize::from(d.index())] |= bit;
            }
            if let Some(i) = board.index(b) {
                board.sides[i][usize::from(d.opposite().index())] |= bit;
            }
        }
        // Distance to the edge of the playing area (1.1b), by breadth-first search from the
        // hexes with an off-map neighbour.
        let mut frontier: Vec<Hex> = Vec::new();
        for hex in board.grid.hexes() {
            if board.on_map(hex) && hex.neighbors().iter().any(|n| !board.on_map(*n)) {
                frontier.push(hex);
            }
        }
        let mut seen: Vec<bool> = alloc::vec![false; board.hexes.len()];
        for h in &frontier {
            if let Some(i) = board.index(*h) {
                seen[i] = true;
            }
        }
        let mut dist = 0u8;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for h in frontier {
                if let Some(i) = board.index(h) {
                    board.hexes[i].edge_dist = dist;
                }
                for n in h.neighbors() {
                    if let Some(j) = board.index(n) {
                        if board.hexes[j].on_map && !seen[j] {
                            seen[j] = true;
                            next.push(n);
                        }
                    }
                }
            }
            frontier = next;
            dist = dist.saturating_add(1);
        }
        Ok(board)
    }

    /// Dense index of a hex inside the map's bounds.
    #[inline]
    pub fn index(&self, h: Hex) -> Option<usize> {
        self.cells.index(h)
    }

    /// The number of dense indices.
    pub fn cells(&self) -> usize {
        self.hexes.len()
    }

    /// A hex's facts (off the map: the default, `on_map` false).
    #[inline]
    pub fn hex(&self, h: Hex) -> HexInfo {
        self.index(h).map(|i| self.hexes[i]).unwrap_or_default()
    }

    /// Test hook (part cavalry): changes a hex's terrain.
    #[cfg(test)]
    pub(crate) fn set_terrain(&mut self, h: Hex, t: Terrain) {
        if let Some(i) = self.index(h) {
            self.hexes[i].terrain = t;
        }
    }

    /// Test hook (20.3c): changes a hex's level.
    #[cfg(test)]
    pub(crate) fn set_level(&mut self, h: Hex, level: i16) {
        if let Some(i) = self.index(h) {
            self.hexes[i].level = level;
        }
    }

    /// Whether the hex is in play.
    #[inline]
    pub fn on_map(&self, h: Hex) -> bool {
        self.hex(h).on_map
    }

    /// Adds feature bits to the side of `h` toward `d`, seen from both hexes (tests build
    /// features the provisional map lacks, such as bridges).
    #[cfg(test)]
    pub(crate) fn add_side_bits(&mut self, h: Hex, d: Direction, bits: u16) {
        for (x, dir) in [(h, d), (h.neighbor(d), d.opposite())] {
            if let Some(i) = self.index(x) {
                self.sides[i][usize::from(dir.index())] |= bits;
            }
        }
    }

    /// The features of the side of `h` toward `d`.
    #[inline]
    pub fn side(&self, h: Hex, d: Direction) -> u16 {
        self.index(h)
            .map_or(0, |i| self.sides[i][usize::from(d.index())])
    }

    /// Every hex in play.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.grid.hexes().into_iter().filter(|h| self.on_map(*h))
    }
}

/// The map view restricted to the scenario's playable area (AUS 7.1, 7.2 play part of the map).
pub(super) fn map_view(
    s: &ResolvedScenario,
    on_map: impl Fn(&str) -> bool,
) -> Result<MapView, DataError> {
    let mut view = MapView::from_map(&s.map)?;
    view.hexes.retain(|h| on_map(&h.id));
    view.hexsides.retain(|side| on_map(&side.hex));
    Ok(view)
}
