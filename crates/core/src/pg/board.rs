//! The map as the pg rules see it: dense per-hex terrain facts and per-hexside features, built
//! once from the scenario's map and the `pg/terrain` chart (Terrain Effects Chart).
//!
//! Multiple terrain in one hex: movement uses the highest cost (7.3); the close-combat and
//! bombardment DRMs use the terrain least favourable to the attacker (8.3, 10.5).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::data::{Cost, DataError, Map, ResolvedScenario, TerrainSet, Value};
use crate::hex::{Bounds, Cells, Direction, Grid, Hex};

/// Movement cost classes: one TEC column each (7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CostClass {
    /// Infantry.
    Infantry = 0,
    /// Cavalry.
    Cavalry = 1,
    /// Artillery.
    Artillery = 2,
    /// Leaders.
    Leader = 3,
}

/// A hex's terrain facts. `cost[c]` is `None` where the terrain is prohibited to class `c`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HexInfo {
    /// On the playing area.
    pub on_map: bool,
    /// MP to enter, by [`CostClass`] (None = prohibited, 7.4).
    pub cost: [Option<u8>; 4],
    /// Woods or town: blocks LOS (8.2).
    pub blocks_los: bool,
    /// Close-combat terrain DRM (10.5).
    pub cc_drm: i8,
    /// Bombardment terrain DRM (8.3).
    pub bomb_drm: i8,
    /// Flank attack +3 allowed against this hex (not a town, 10.1.1).
    pub flank_ok: bool,
    /// No cavalry shock when this is the selected defending hex (10.5.1).
    pub no_shock_defending: bool,
    /// No cavalry shock when this is the selected attacking hex (10.5.1).
    pub no_shock_attacking: bool,
    /// Marsh (the Zorndorf cavalry exception of the 7.3 example).
    pub marsh: bool,
    /// Distance (hexes) to each edge: west, east, north, south.
    pub edge_dist: [u8; 4],
}

/// Hexside features seen from one hex toward one direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideInfo {
    /// A slope whose high side is the neighbour (crossing is uphill).
    pub up: bool,
    /// A slope whose high side is this hex (crossing is downhill).
    pub down: bool,
    /// An entrenchment on the side.
    pub entrenchment: bool,
}

/// Hexside costs and DRMs from the TEC.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideRules {
    /// MP added for crossing a slope uphill (7.3 example: +1).
    pub slope_up_mp: u8,
    /// MP added for crossing a slope downhill.
    pub slope_down_mp: u8,
    /// MP added for crossing an entrenchment side.
    pub entrenchment_mp: u8,
    /// Close-combat DRM of a slope between the selected hexes (attacking uphill).
    pub slope_cc_drm: i8,
    /// Close-combat DRM of an entrenchment between the selected hexes.
    pub entrenchment_cc_drm: i8,
    /// Bombardment DRM of an entrenchment on the target's sides.
    pub entrenchment_bomb_drm: i8,
}

/// The map of one scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Converts printed ids.
    pub grid: Grid,
    cells: Cells,
    hexes: Vec<HexInfo>,
    sides: Vec<[SideInfo; 6]>,
    /// Hexside rules from the TEC.
    pub side_rules: SideRules,
    /// Which edges (west, east, north, south) are friendly to side 0 and side 1 (10.9).
    pub friendly_edges: [[bool; 4]; 2],
    /// The least MP any on-map hex costs to enter, by [`CostClass`] (`u8::MAX` when every hex
    /// is prohibited): a lower bound on one step, which keeps `reachable`'s search small.
    pub min_cost: [u8; 4],
    /// Per hex and [`CostClass`]: the directions (bit `d`) whose neighbour is on the map and
    /// open to the class. A counter of that class exerts its zone of control there (6.1).
    zoc_dirs: Vec<[u8; 4]>,
    /// Per [`CostClass`], per hex, per direction: what the step from the hex into that
    /// neighbour costs the class out of column (7.3: the neighbour's terrain, the scenario's
    /// cavalry marsh cost, plus the hexside between; `u8` saturating as the MP are),
    /// [`NO_STEP`] where the neighbour is off the map or prohibited to the class (7.4). Worked
    /// out once here, so the movement hot paths read one cell instead of two hexes' records.
    steps: [Vec<[u16; 6]>; 4],
}

/// The mark of a step that may not be taken in [`Board::step_mp`]'s table.
const NO_STEP: u16 = u16::MAX;

pub(crate) const EDGE_NAMES: [&str; 4] = ["west", "east", "north", "south"];

fn terrain_int(t: &TerrainSet, id: &str, attr: &str) -> Result<i64, DataError> {
    match t.value(id, attr).and_then(|c| c.value.as_ref()) {
        Some(v) => v
            .as_int()
            .ok_or_else(|| DataError::new(&t.id, format!("{id}.{attr}"), "expected an integer")),
        None => Err(missing(t, id, attr)),
    }
}

fn terrain_bool(t: &TerrainSet, id: &str, attr: &str) -> Result<bool, DataError> {
    match t.value(id, attr).and_then(|c| c.value.as_ref()) {
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(DataError::new(
            &t.id,
            format!("{id}.{attr}"),
            "expected true or false",
        )),
        None => Err(missing(t, id, attr)),
    }
}

fn terrain_cost(t: &TerrainSet, id: &str, attr: &str) -> Result<Option<u8>, DataError> {
    match t.value(id, attr).and_then(|c| c.value.as_ref()) {
        Some(Value::Cost(Cost::Prohibited)) => Ok(None),
        Some(v) => match v.as_int() {
            Some(n) if (0..=99).contains(&n) => Ok(Some(n as u8)),
            _ => Err(DataError::new(
                &t.id,
                format!("{id}.{attr}"),
                "expected a whole number of MP (0-99) or \"P\" for prohibited",
            )),
        },
        None => Err(missing(t, id, attr)),
    }
}

fn missing(t: &TerrainSet, id: &str, attr: &str) -> DataError {
    DataError::new(
        &t.id,
        format!("{id}.{attr}"),
        "the value is \"missing\"; the pg rules need it to play (give the published or a provisional value)",
    )
    .with_rule("7.3")
}

fn clamp_i8(v: i64) -> i8 {
    v.clamp(-99, 99) as i8
}

impl Board {
    /// Builds the board of a resolved scenario.
    ///
    /// `marsh_cavalry_mp` is the scenario's cost of marsh for cavalry where it sets one (the
    /// Zorndorf case of the 7.3 example).
    pub fn new(s: &ResolvedScenario, marsh_cavalry_mp: Option<u8>) -> Result<Board, DataError> {
        let map: &Map = &s.map;
        let t: &TerrainSet = &s.terrain;
        let grid = map.hex_grid()?;
        let cells = Cells::new(grid.bounds());
        let mut board = Board {
            grid,
            cells,
            hexes: alloc::vec![HexInfo::default(); cells.count()],
            sides: alloc::vec![[SideInfo::default(); 6]; cells.count()],
            side_rules: SideRules::default(),
            friendly_edges: [[false; 4]; 2],
            min_cost: [u8::MAX; 4],
            zoc_dirs: Vec::new(),
            steps: Default::default(),
        };
        let classes = ["mp_infantry", "mp_cavalry", "mp_artillery", "mp_leader"];
        let info_of = |name: &str| -> Result<HexInfo, DataError> {
            let mut cost = [None; 4];
            for (i, attr) in classes.iter().enumerate() {
                cost[i] = terrain_cost(t, name, attr)?;
            }
            Ok(HexInfo {
                on_map: true,
                cost,
                blocks_los: terrain_bool(t, name, "blocks_los")?,
                cc_drm: clamp_i8(terrain_int(t, name, "close_combat_drm")?),
                bomb_drm: clamp_i8(terrain_int(t, name, "bombardment_drm")?),
                flank_ok: terrain_bool(t, name, "flank_attack_bonus")?,
                no_shock_defending: terrain_bool(t, name, "no_shock_defending")?,
                no_shock_attacking: terrain_bool(t, name, "no_shock_attacking")?,
                marsh: name == "marsh",
                edge_dist: [0; 4],
            })
        };
        // Combine several terrain types (7.3 highest cost; 10.5 least favourable DRM).
        let combine = |a: HexInfo, b: HexInfo| HexInfo {
            on_map: true,
            cost: core::array::from_fn(|i| match (a.cost[i], b.cost[i]) {
                (Some(x), Some(y)) => Some(x.max(y)),
                _ => None,
            }),
            blocks_los: a.blocks_los || b.blocks_los,
            cc_drm: a.cc_drm.min(b.cc_drm),
            bomb_drm: a.bomb_drm.min(b.bomb_drm),
            flank_ok: a.flank_ok && b.flank_ok,
            no_shock_defending: a.no_shock_defending || b.no_shock_defending,
            no_shock_attacking: a.no_shock_attacking || b.no_shock_attacking,
            marsh: a.marsh || b.marsh,
            edge_dist: [0; 4],
        };
        let default = info_of(&map.default_terrain)?;
        let (mut lo_c, mut hi_c, mut lo_r, mut hi_r) = (u8::MAX, 0u8, u8::MAX, 0u8);
        for hex in board.grid.hexes() {
            if let Some(id) = board.grid.to_id(hex) {
                lo_c = lo_c.min(id.col());
                hi_c = hi_c.max(id.col());
                lo_r = lo_r.min(id.row());
                hi_r = hi_r.max(id.row());
            }
        }
        for hex in board.grid.hexes() {
            let Some(id) = board.grid.to_id(hex) else {
                continue;
            };
            let label = id.to_string();
            let names = map.terrain_of(&label);
            let mut info = if names.is_empty() {
                default
            } else {
                let mut acc: Option<HexInfo> = None;
                for n in names {
                    let i = info_of(n)?;
                    acc = Some(match acc {
                        Some(a) => combine(a, i),
                        None => i,
                    });
                }
                acc.unwrap_or(default)
            };
            info.edge_dist = [
                id.col() - lo_c,
                hi_c - id.col(),
                id.row() - lo_r,
                hi_r - id.row(),
            ];
            if let Some(i) = board.index(hex) {
                board.hexes[i] = info;
            }
        }
        board.side_rules = SideRules {
            slope_up_mp: side_mp(t, "slope", "mp_cross")?,
            slope_down_mp: side_mp(t, "slope", "mp_cross_down")?,
            entrenchment_mp: side_mp(t, "entrenchment", "mp_cross")?,
            slope_cc_drm: clamp_i8(terrain_int(t, "slope", "close_combat_drm")?),
            entrenchment_cc_drm: clamp_i8(terrain_int(t, "entrenchment", "close_combat_drm")?),
            entrenchment_bomb_drm: clamp_i8(terrain_int(t, "entrenchment", "bombardment_drm")?),
        };
        // Collected first: marking a side borrows the whole board.
        let placed: Vec<_> = map.placed_hexsides(&board.grid).collect::<Result<_, _>>()?;
        for placed in placed {
            let (side, a, b, d) = (placed.entry, placed.a, placed.b, placed.dir);
            let at = format!("hexsides[{}]", placed.index);
            match side.feature.as_str() {
                "slope" => {
                    let high = match &side.toward {
                        Some(h) => board.grid.parse(h).map_err(|e| {
                            DataError::new(&map.id, format!("{at}.toward"), e.to_string())
                        })?,
                        None => {
                            return Err(DataError::new(
                                &map.id,
                                at,
                                "a slope needs `toward` (its high side)",
                            )
                            .with_rule("8.2.1"));
                        }
                    };
                    board.set_side(a, d, |s| {
                        if high == b {
                            s.up = true
                        } else {
                            s.down = true
                        }
                    });
                    board.set_side(b, d.opposite(), |s| {
                        if high == a {
                            s.up = true
                        } else {
                            s.down = true
                        }
                    });
                }
                "entrenchment" => {
                    board.set_side(a, d, |s| s.entrenchment = true);
                    board.set_side(b, d.opposite(), |s| s.entrenchment = true);
                }
                _ => {}
            }
        }
        for edge in &map.edges {
            let Some(k) = EDGE_NAMES.iter().position(|e| *e == edge.edge) else {
                continue;
            };
            for (side, sc) in s.scenario.sides.iter().enumerate().take(2) {
                if edge.friendly_to.as_deref() == Some(sc.id.as_str())
                    || sc.friendly_edges.iter().any(|e| e == &edge.edge)
                {
                    board.friendly_edges[side][k] = true;
                }
            }
        }
        for (side, sc) in s.scenario.sides.iter().enumerate().take(2) {
            for e in &sc.friendly_edges {
                if let Some(k) = EDGE_NAMES.iter().position(|x| x == e) {
                    board.friendly_edges[side][k] = true;
                }
            }
        }
        for h in board.hexes.iter().filter(|h| h.on_map) {
            for (min, cost) in board.min_cost.iter_mut().zip(h.cost) {
                if let Some(c) = cost {
                    *min = (*min).min(c);
                }
            }
        }
        board.zoc_dirs = (0..board.hexes.len())
            .map(|i| {
                let mut dirs = [0u8; 4];
                for d in Direction::ALL {
                    let nb = board.hex(board.hex_at(i).neighbor(d));
                    for (class, bits) in dirs.iter_mut().enumerate() {
                        if nb.on_map && nb.cost[class].is_some() {
                            *bits |= 1 << d.index();
                        }
                    }
                }
                dirs
            })
            .collect();
        board.steps = core::array::from_fn(|class| {
            (0..board.hexes.len())
                .map(|i| {
                    let from = board.hex_at(i);
                    Direction::ALL.map(|d| {
                        let to = board.hex(from.neighbor(d));
                        let Some(mut mp) = to.cost[class].filter(|_| to.on_map) else {
                            return NO_STEP;
                        };
                        if class == CostClass::Cavalry as usize && to.marsh {
                            if let Some(m) = marsh_cavalry_mp {
                                mp = m;
                            }
                        }
                        let side = board.side(from, d);
                        let rules = &board.side_rules;
                        for (on, add) in [
                            (side.up, rules.slope_up_mp),
                            (side.down, rules.slope_down_mp),
                            (side.entrenchment, rules.entrenchment_mp),
                        ] {
                            if on {
                                mp = mp.saturating_add(add);
                            }
                        }
                        u16::from(mp)
                    })
                })
                .collect()
        });
        Ok(board)
    }

    /// What a step from `from` toward `d` costs a counter of `class` out of column, terrain
    /// and hexside together (7.3); `None` where the neighbour is off the map or its terrain is
    /// prohibited to the class (7.4). In Column (7.6.1) the step costs 1 MP wherever this is
    /// `Some`.
    #[inline]
    pub fn step_mp(&self, from: Hex, d: Direction, class: CostClass) -> Option<u8> {
        let cell = self.index(from)?;
        let mp = self.steps[class as usize].get(cell)?[usize::from(d.index())];
        (mp != NO_STEP).then_some(mp as u8)
    }

    fn set_side(&mut self, h: Hex, d: Direction, f: impl FnOnce(&mut SideInfo)) {
        if let Some(i) = self.index(h) {
            f(&mut self.sides[i][d.index() as usize]);
        }
    }

    /// The hex of dense index `i` (the inverse of [`Board::index`]).
    fn hex_at(&self, i: usize) -> Hex {
        self.cells.hex(i)
    }

    /// Dense index of a hex inside the bounds.
    #[inline]
    pub fn index(&self, h: Hex) -> Option<usize> {
        self.cells.index(h)
    }

    /// The hex's terrain facts (off the map: `on_map == false`).
    #[inline]
    pub fn hex(&self, h: Hex) -> HexInfo {
        self.index(h).map(|i| self.hexes[i]).unwrap_or_default()
    }

    /// Whether the hex is on the map.
    #[inline]
    pub fn on_map(&self, h: Hex) -> bool {
        self.hex(h).on_map
    }

    /// The features of the side of `h` toward `d`.
    #[inline]
    pub fn side(&self, h: Hex, d: Direction) -> SideInfo {
        self.index(h)
            .map(|i| self.sides[i][d.index() as usize])
            .unwrap_or_default()
    }

    /// The features of the side between adjacent hexes `a` and `b`, seen from `a`.
    pub fn side_between(&self, a: Hex, b: Hex) -> SideInfo {
        a.direction_to(b)
            .map(|d| self.side(a, d))
            .unwrap_or_default()
    }

    /// The directions (bit `d` for direction index `d`) from `h` into an on-map hex open to
    /// `class`: where a counter of that class in `h` exerts its zone of control (6.1).
    #[inline]
    pub fn zoc_dirs(&self, h: Hex, class: CostClass) -> u8 {
        self.index(h)
            .and_then(|i| self.zoc_dirs.get(i))
            .map_or(0, |d| d[class as usize])
    }

    /// The number of cells of the dense per-hex arrays.
    pub fn cells(&self) -> usize {
        self.hexes.len()
    }

    /// The search bounds of the map.
    pub fn bounds(&self) -> Bounds {
        self.cells.bounds()
    }

    /// The printed id of a hex.
    pub fn label(&self, h: Hex) -> String {
        match self.grid.to_id(h) {
            Some(id) => id.to_string(),
            None => format!("({},{})", h.q, h.r),
        }
    }

    /// Hexes from `h` to the nearest friendly edge of `side` (10.9), `u8::MAX` if it has none.
    pub fn friendly_edge_distance(&self, h: Hex, side: usize) -> u8 {
        let info = self.hex(h);
        (0..4)
            .filter(|&k| self.friendly_edges[side & 1][k])
            .map(|k| info.edge_dist[k])
            .min()
            .unwrap_or(u8::MAX)
    }

    /// Whether `h` is on the map edge (a hex with a neighbour off the map).
    pub fn is_edge(&self, h: Hex) -> bool {
        self.on_map(h) && h.neighbors().iter().any(|n| !self.on_map(*n))
    }
}

fn side_mp(t: &TerrainSet, id: &str, attr: &str) -> Result<u8, DataError> {
    Ok(terrain_cost(t, id, attr)?.unwrap_or(0))
}
