//! The map as the hov rules see it (¶10–¶11, ¶111–¶117, §11–§13, TEC): per hex its terrain, its
//! settlement (town, capital city, fortified town, citadel) and the combat effects of the TEC;
//! per hexside its road, river, lake, bridge and towpath; and the map's places — supply
//! sources (§95), depots with their class (§104, §208), capitals (§179), bridgeheads (§43),
//! coastal hexes and ports (§57–§58), the Language Boundary (§221–§223). Built once from the
//! scenario's map and the `hov/terrain` vocabulary.
//!
//! A hex of several terrain types takes the one of highest cost (§13); a settlement stands on
//! the other terrain of its hex and costs what that terrain costs (TEC "Town: other terrain";
//! the TEC prints no row for capital cities, fortified towns and citadels, which the engine
//! reads as towns for movement — a reading).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::types::{Army, Mp};
use crate::data::{Cost, DataError, Map, ResolvedScenario, TerrainSet, Value};
use crate::hex::{Cells, Direction, Grid, Hex};

/// The terrain of a hex (TEC hex types, §13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ground {
    /// Clear.
    #[default]
    Clear,
    /// Swamp: 2 infantry, 4 cavalry; halves attackers in and out, and defending cavalry
    /// (§39).
    Swamp,
    /// Woods: 2 / 3; attackers in lose a quarter (infantry) or half (cavalry); no bombardment
    /// in or out (§40).
    Woods,
    /// Hills: 1½ / 2; Affecting (§38).
    Hills,
    /// Wooded Hills: 2 / 3; Affecting with the Woods effects (§40).
    WoodedHills,
}

/// A settlement in a hex (TEC, §38, §41–§43, §179).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Settlement {
    /// None.
    #[default]
    None,
    /// A Town: Affecting; its defenders may always choose Pitched (¶156).
    Town,
    /// A Capital City (§179): as a town, and a political feature.
    Capital,
    /// A Fortified Town (§41–§42): a Fort.
    FortifiedTown,
    /// A Citadel (§41, §43): a Fort that may not be attacked.
    Citadel,
}

impl Settlement {
    /// A Fort (§41): a Fortified Town or a Citadel.
    pub const fn fort(self) -> bool {
        matches!(self, Settlement::FortifiedTown | Settlement::Citadel)
    }
}

/// One hex's fixed facts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HexInfo {
    /// On the map (inside the extent, not sea).
    pub on_map: bool,
    /// Its terrain.
    pub ground: Ground,
    /// Its settlement.
    pub settlement: Settlement,
    /// Also a capital city (§179) when the settlement is a fort (Danzig, Königsberg, Warsaw).
    pub capital: bool,
    /// Entry cost for infantry and artillery, and for cavalry (TEC).
    pub cost: [Mp; 2],
    /// Affecting Terrain when defended (§38, ¶165).
    pub affecting: bool,
    /// Coastal (§57–§58).
    pub coastal: bool,
    /// A port (§57).
    pub port: bool,
    /// A bridgehead across from a citadel (§43).
    pub bridgehead: bool,
    /// On the Vistula towpath (§99).
    pub towpath: bool,
    /// On the Osterode–Warsaw highway route (§59).
    pub highway: bool,
    /// In Galicia (§183).
    pub galicia: bool,
    /// South of the Language Boundary (the boundary's own hexes are both north and south,
    /// §221–§223 "inclusive").
    pub south: bool,
    /// North of the Language Boundary, or on it.
    pub north: bool,
}

/// A road across a hexside (¶112, TEC).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Road {
    /// None.
    #[default]
    None,
    /// Secondary road: 1 MP a hex along it.
    Secondary,
    /// Primary road: ½ MP a hex along it.
    Primary,
}

/// Water across a hexside (¶113–¶114, §35, TEC).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Water {
    /// None.
    #[default]
    None,
    /// Secondary river: +½ MP; Affecting; doubles pursuit losses (§60).
    Secondary,
    /// Primary river: crossed only at a bridge; no ZOC across it unbridged (¶129).
    Primary,
    /// Lake: prohibited, but for a secondary river when frozen (§35, §37).
    Lake,
}

/// One hexside's fixed facts, seen from either hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideInfo {
    /// A road crossing it.
    pub road: Road,
    /// A river or lake along it.
    pub water: Water,
    /// A bridge: the road crosses the river here (¶113–¶114, §155); unless broken (§156).
    pub bridge: bool,
    /// The towpath runs across it (§99).
    pub towpath: bool,
    /// The Galician frontier (§183).
    pub frontier: bool,
}

/// A supply source printed on the map (¶58, §95).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// Its hex.
    pub hex: Hex,
    /// The army it serves.
    pub army: Army,
    /// Its name.
    pub name: String,
}

/// A depot printed on the map (§101–§104, §208).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Depot {
    /// Its hex.
    pub hex: Hex,
    /// Its class letter, the first set-up in which it is French (§208); `None`: always
    /// Coalition at the start.
    pub class: Option<char>,
    /// Its name.
    pub name: String,
}

/// The map of one scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Converts printed ids.
    pub grid: Grid,
    cells: Cells,
    hexes: Vec<HexInfo>,
    sides: Vec<[SideInfo; 6]>,
    /// Supply sources, in map order.
    pub sources: Vec<Source>,
    /// Depots, in map order (the state keeps who holds each, by this index).
    pub depots: Vec<Depot>,
    /// Named places (towns, capitals), for event text: (hex, name).
    pub names: Vec<(Hex, String)>,
}

fn cost_of(t: &TerrainSet, id: &str, attr: &str) -> Result<Option<Mp>, DataError> {
    // `None`: "other" (a town, the cost of the other terrain) or missing for a settlement.
    match t.value(id, attr).and_then(|c| c.value.as_ref()) {
        Some(Value::Cost(Cost::Other)) | None => Ok(None),
        Some(Value::Cost(Cost::Mp(r))) | Some(Value::Ratio(r)) if r.den > 0 => {
            let halves = r.num * 2;
            if halves % r.den != 0 || halves < 0 {
                return Err(DataError::new(
                    &t.id,
                    format!("{id}.{attr}"),
                    "an entry cost must be a whole number of half MP",
                ));
            }
            Ok(Some(Mp((halves / r.den) as u16)))
        }
        Some(v) => match v.as_int() {
            Some(n) if (0..=50).contains(&n) => Ok(Some(Mp::whole(n as u16))),
            _ => Err(DataError::new(
                &t.id,
                format!("{id}.{attr}"),
                "expected an entry cost in MP",
            )),
        },
    }
}

fn flag_of(t: &TerrainSet, id: &str, attr: &str) -> bool {
    matches!(
        t.value(id, attr).and_then(|c| c.value.as_ref()),
        Some(Value::Bool(true))
    )
}

impl Board {
    /// Builds the board of a resolved scenario.
    pub fn new(s: &ResolvedScenario) -> Result<Board, DataError> {
        let map: &Map = &s.map;
        let t: &TerrainSet = &s.terrain;
        let grid = map.hex_grid()?;
        let cells = Cells::new(grid.bounds());
        let mut board = Board {
            grid,
            cells,
            hexes: alloc::vec![HexInfo::default(); cells.count()],
            sides: alloc::vec![[SideInfo::default(); 6]; cells.count()],
            sources: Vec::new(),
            depots: Vec::new(),
            names: Vec::new(),
        };
        for hex in board.grid.hexes() {
            let Some(id) = board.grid.to_id(hex) else {
                continue;
            };
            let label = id.to_string();
            let mut names = map.terrain_of(&label);
            if names.is_empty() {
                names.push(map.default_terrain.as_str());
            }
            let mut info = HexInfo {
                on_map: true,
                ..HexInfo::default()
            };
            let mut cost: Option<[Mp; 2]> = None;
            for n in &names {
                let (ground, settlement) = match *n {
                    "clear" => (Some(Ground::Clear), None),
                    "swamp" => (Some(Ground::Swamp), None),
                    "woods" => (Some(Ground::Woods), None),
                    "hills" => (Some(Ground::Hills), None),
                    "wooded_hills" => (Some(Ground::WoodedHills), None),
                    "town" => (None, Some(Settlement::Town)),
                    "capital_city" => (None, Some(Settlement::Capital)),
                    "fortified_town" => (None, Some(Settlement::FortifiedTown)),
                    "citadel" => (None, Some(Settlement::Citadel)),
                    other => {
                        return Err(DataError::new(
                            &map.id,
                            format!("hexes.{label}"),
                            format!("`{other}` is not a hov hex terrain"),
                        ));
                    }
                };
                if let Some(g) = ground {
                    // §13: the most expensive terrain of the hex.
                    let c = [
                        cost_of(t, n, "mp_infantry")?.unwrap_or(Mp::ONE),
                        cost_of(t, n, "mp_cavalry")?.unwrap_or(Mp::ONE),
                    ];
                    let dearer = cost.is_none_or(|k| c[1] > k[1] || (c[1] == k[1] && c[0] > k[0]));
                    if dearer {
                        cost = Some(c);
                        info.ground = g;
                    }
                }
                if let Some(st) = settlement {
                    if st == Settlement::Capital && info.settlement.fort() {
                        info.capital = true;
                    } else if st.fort() && info.settlement == Settlement::Capital {
                        info.capital = true;
                        info.settlement = st;
                    } else if st > info.settlement {
                        info.settlement = st;
                    }
                }
                info.affecting |= flag_of(t, n, "affecting");
            }
            if info.settlement != Settlement::None {
                info.affecting = true;
            }
            if info.settlement == Settlement::Capital {
                info.capital = true;
            }
            info.cost = cost.unwrap_or([Mp::ONE, Mp::ONE]);
            if let Some(i) = board.cells.index(hex) {
                board.hexes[i] = info;
            }
        }
        let placed: Vec<_> = map.placed_hexsides(&board.grid).collect::<Result<_, _>>()?;
        for p in placed {
            let f = p.entry.feature.as_str();
            let mark = |s: &mut SideInfo| match f {
                "primary_road" => s.road = s.road.max(Road::Primary),
                "secondary_road" => s.road = s.road.max(Road::Secondary),
                "primary_river" => s.water = s.water.max(Water::Primary),
                "secondary_river" => s.water = s.water.max(Water::Secondary),
                "lake" => s.water = s.water.max(Water::Lake),
                "primary_bridge" | "secondary_bridge" => s.bridge = true,
                "towpath" => s.towpath = true,
                "galician_frontier" => s.frontier = true,
                _ => {}
            };
            board.set_side(p.a, p.dir, mark);
            board.set_side(p.b, p.dir.opposite(), mark);
        }
        for place in &map.places {
            let mut hexes = Vec::new();
            for (k, label) in place.hexes.iter().enumerate() {
                let h = board.grid.parse(label).map_err(|e| {
                    DataError::new(
                        &map.id,
                        format!("places.{}.hexes[{k}]", place.id),
                        e.to_string(),
                    )
                })?;
                hexes.push(h);
            }
            let field = |k: &str| place.fields.get(k).and_then(|v| v.as_str());
            match place.kind.as_str() {
                "supply_source" => {
                    let army = match field("army") {
                        Some("french") => Army::French,
                        Some("russian") => Army::Russian,
                        Some("prussian") => Army::Prussian,
                        Some("austrian") => Army::Austrian,
                        _ => {
                            return Err(DataError::new(
                                &map.id,
                                format!("places.{}.fields.army", place.id),
                                "a supply source names its army: french, russian, prussian or austrian",
                            ));
                        }
                    };
                    for &hex in &hexes {
                        board.sources.push(Source {
                            hex,
                            army,
                            name: place.name.clone(),
                        });
                    }
                }
                "depot" => {
                    let class = field("class").and_then(|c| c.chars().next());
                    for &hex in &hexes {
                        board.depots.push(Depot {
                            hex,
                            class,
                            name: place.name.clone(),
                        });
                    }
                }
                "language_boundary" => {
                    for &b in &hexes {
                        let Some(bid) = board.grid.to_id(b) else {
                            continue;
                        };
                        for h in board.grid.hexes() {
                            let Some(id) = board.grid.to_id(h) else {
                                continue;
                            };
                            if id.col() == bid.col() {
                                let (n, s) = (id.row() <= bid.row(), id.row() >= bid.row());
                                board.update(h, |i| {
                                    i.north |= n;
                                    i.south |= s;
                                });
                            }
                        }
                    }
                }
                kind => {
                    for &h in &hexes {
                        board.update(h, |i| match kind {
                            "coastal" => i.coastal = true,
                            "port" => {
                                i.port = true;
                                i.coastal = true;
                            }
                            "bridgehead" => i.bridgehead = true,
                            "towpath" => i.towpath = true,
                            "highway_route" => i.highway = true,
                            "galicia" => i.galicia = true,
                            "capital" => i.capital = true,
                            _ => {}
                        });
                    }
                    if matches!(kind, "town" | "capital" | "fortified_town" | "citadel") {
                        for &h in &hexes {
                            board.names.push((h, place.name.clone()));
                        }
                    }
                }
            }
        }
        // A map without a Language Boundary puts every hex on both sides of it.
        if !map.places.iter().any(|p| p.kind == "language_boundary") {
            for i in &mut board.hexes {
                i.north = true;
                i.south = true;
            }
        }
        board.names.sort();
        board.names.dedup_by(|a, b| a.0 == b.0);
        Ok(board)
    }

    fn set_side(&mut self, h: Hex, d: Direction, f: impl FnOnce(&mut SideInfo)) {
        if let Some(i) = self.cells.index(h) {
            f(&mut self.sides[i][usize::from(d.index())]);
        }
    }

    fn update(&mut self, h: Hex, f: impl FnOnce(&mut HexInfo)) {
        if let Some(i) = self.cells.index(h) {
            f(&mut self.hexes[i]);
        }
    }

    /// The hex's facts (off the map: `on_map == false`).
    #[inline]
    pub fn hex(&self, h: Hex) -> HexInfo {
        self.cells
            .index(h)
            .map_or(HexInfo::default(), |i| self.hexes[i])
    }

    /// Whether the hex is on the map.
    #[inline]
    pub fn on_map(&self, h: Hex) -> bool {
        self.hex(h).on_map
    }

    /// The features of the side of `h` toward `d`.
    #[inline]
    pub fn side(&self, h: Hex, d: Direction) -> SideInfo {
        self.cells.index(h).map_or(SideInfo::default(), |i| {
            self.sides[i][usize::from(d.index())]
        })
    }

    /// The name of a town or city in the hex, if the map names one.
    pub fn place_name(&self, h: Hex) -> Option<&str> {
        self.names
            .binary_search_by(|(x, _)| x.cmp(&h))
            .ok()
            .map(|i| self.names[i].1.as_str())
    }

    /// The supply sources of an army (¶58).
    pub fn sources_of(&self, army: Army) -> impl Iterator<Item = &Source> {
        self.sources.iter().filter(move |s| s.army == army)
    }
}
