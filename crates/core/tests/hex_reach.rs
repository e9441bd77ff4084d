//! Reachability hand-worked on a small pg-numbered map (columns 01–05, rows 01–03, odd-q):
//! clear hexes cost 2 (1 MP, doubled), woods 0201 costs 4, a river on the sides between
//! columns 02 and 03 adds 2 to cross, and the river side 0202|0302 is prohibited. An enemy
//! unit (optional) at 0403 exerts a zone of control over 0302, 0303, 0402, 0502 and 0503:
//! entering it ends the move (pg 7.5.1), leaving it costs 2 (+1 MP, pg 7.5.1), and the enemy hex
//! itself is prohibited (pg 7.3).
//!
//! Adjacency under odd-q: an odd column's side neighbours are rows YY and YY+1, an even
//! column's rows YY-1 and YY.

use grognard::hex::reach::{MAX_CELLS, MoveCosts, Reach, ReachError, ReachOptions};
use grognard::hex::{
    Bounds, Extent, Grid, GridSpec, Hex, Hexside, Parity, RowOrder, Scheme, SheetLayout,
};

fn grid() -> Grid {
    Grid::new(&GridSpec {
        scheme: Scheme::Pg,
        parity: Parity::Odd,
        rows: RowOrder::Down,
        sheets: vec![SheetLayout {
            extent: Some(Extent::rect(1, 5, 1, 3)),
            ..SheetLayout::single()
        }],
    })
    .unwrap()
}

fn h(id: &str) -> Hex {
    grid().parse(id).unwrap()
}

fn side(a: &str, b: &str) -> Hexside {
    Hexside::between(h(a), h(b)).unwrap()
}

struct Map {
    grid: Grid,
    woods: Vec<Hex>,
    river: Vec<Hexside>,
    prohibited: Vec<Hexside>,
    enemy: Option<Hex>,
    pass_only: Vec<Hex>,
    may_not_leave: Option<Hex>,
    /// pg 6.3 / 7.5.1: a Supporting unit is not stopped by an EZOC (but still pays to leave).
    supporting: bool,
}

impl Map {
    fn new() -> Map {
        Map {
            grid: grid(),
            woods: vec![h("0201")],
            river: vec![
                side("0201", "0301"),
                side("0202", "0301"),
                side("0202", "0302"),
                side("0203", "0302"),
                side("0203", "0303"),
            ],
            prohibited: vec![side("0202", "0302")],
            enemy: None,
            pass_only: vec![],
            may_not_leave: None,
            supporting: false,
        }
    }

    fn in_ezoc(&self, hex: Hex) -> bool {
        self.enemy.is_some_and(|e| e.distance(hex) == 1)
    }
}

impl MoveCosts for Map {
    fn bounds(&self) -> Bounds {
        self.grid.bounds()
    }
    fn contains(&self, hex: Hex) -> bool {
        self.grid.contains(hex)
    }
    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let s = Hexside::between(from, to)?;
        if self.enemy == Some(to) || self.prohibited.contains(&s) {
            return None;
        }
        let hex = if self.woods.contains(&to) { 4 } else { 2 };
        let river = if self.river.contains(&s) { 2 } else { 0 };
        Some(hex + river)
    }
    fn exit_cost(&self, hex: Hex) -> Option<u32> {
        if self.may_not_leave == Some(hex) {
            None
        } else if self.in_ezoc(hex) {
            Some(2)
        } else {
            Some(0)
        }
    }
    fn stops_on_entry(&self, hex: Hex) -> bool {
        self.in_ezoc(hex) && !self.supporting
    }
    fn may_end_in(&self, hex: Hex) -> bool {
        !self.pass_only.contains(&hex)
    }
}

fn ends(r: &Reach) -> Vec<(String, u32)> {
    let g = grid();
    r.ends()
        .map(|(x, c)| (g.to_id(x).unwrap().to_string(), c))
        .collect()
}

fn path(r: &Reach, id: &str) -> Vec<String> {
    let g = grid();
    r.path(h(id))
        .unwrap()
        .into_iter()
        .map(|x| g.to_id(x).unwrap().to_string())
        .collect()
}

fn list(v: &[(&str, u32)]) -> Vec<(String, u32)> {
    v.iter().map(|&(s, c)| (s.to_string(), c)).collect()
}

/// pg 7.3: hex costs plus hexside costs; prohibited hexsides are never crossed. The results come
/// cheapest first, ties in hex order.
#[test]
fn r7_3_river_hexsides_costly_and_prohibited() {
    let r = Reach::search(&Map::new(), h("0102"), ReachOptions::new(6)).unwrap();
    assert_eq!(
        ends(&r),
        list(&[
            ("0102", 0),
            ("0101", 2),
            ("0103", 2),
            ("0202", 2),
            ("0203", 2),
            ("0201", 6),
            ("0301", 6),
            ("0302", 6),
            ("0303", 6),
        ])
    );
    // Woods 0201 at 6 two ways (via 0101 or 0202); 0101 is settled first (lower hex).
    assert_eq!(path(&r, "0201"), ["0102", "0101", "0201"]);
    // 0301 across the river from 0202: 2 + 2 + 2.
    assert_eq!(path(&r, "0301"), ["0102", "0202", "0301"]);
    // 0302 cannot be entered from 0202 (prohibited side), so it is reached from 0203.
    assert_eq!(path(&r, "0302"), ["0102", "0203", "0302"]);
    assert_eq!(path(&r, "0303"), ["0102", "0203", "0303"]);
    assert_eq!(path(&r, "0102"), ["0102"]);
    assert_eq!(r.cost(h("0401")), None);
    assert!(r.path(h("0401")).is_none());
}

/// pg 7.3 and T-15: a unit that has not moved may always move one hex, whatever the cost,
/// unless prohibited. Allowance 1 MP (2): woods 0201 (2 MP) and 0301 across the river (2 MP)
/// become reachable, at their full cost; 0302 (prohibited hexside) does not.
#[test]
fn r7_3_t15_one_hex_minimum_move() {
    let map = Map::new();
    let start = h("0202");
    let without = Reach::search(&map, start, ReachOptions::new(2)).unwrap();
    assert_eq!(
        ends(&without),
        list(&[("0202", 0), ("0101", 2), ("0102", 2), ("0203", 2)])
    );
    let opts = ReachOptions {
        allowance: 2,
        one_hex_minimum: true,
    };
    let with = Reach::search(&map, start, opts).unwrap();
    assert_eq!(
        ends(&with),
        list(&[
            ("0202", 0),
            ("0101", 2),
            ("0102", 2),
            ("0203", 2),
            ("0201", 4),
            ("0301", 4),
        ])
    );
    assert_eq!(path(&with, "0301"), ["0202", "0301"]);
    assert_eq!(with.cost(h("0302")), None);
    // Half an MP left (1): every permitted neighbour, nothing beyond.
    let opts = ReachOptions {
        allowance: 1,
        one_hex_minimum: true,
    };
    let r = Reach::search(&map, start, opts).unwrap();
    assert_eq!(r.ends().count(), 1 + 5);
    assert!(r.ends().all(|(x, _)| x.distance(start) <= 1));
}

/// pg 7.5.1: entering an enemy ZOC ends the move, so 0502 (10 via 0402 otherwise) is out of
/// reach; the enemy hex 0403 is prohibited.
#[test]
fn r7_5_1_entering_enemy_zoc_stops_the_move() {
    let mut map = Map::new();
    map.enemy = Some(h("0403"));
    let r = Reach::search(&map, h("0102"), ReachOptions::new(10)).unwrap();
    assert_eq!(
        ends(&r),
        list(&[
            ("0102", 0),
            ("0101", 2),
            ("0103", 2),
            ("0202", 2),
            ("0203", 2),
            ("0201", 6),
            ("0301", 6),
            ("0302", 6),
            ("0303", 6),
            ("0401", 8),
            ("0402", 8),
            ("0501", 10),
        ])
    );
    assert_eq!(path(&r, "0501"), ["0102", "0202", "0301", "0401", "0501"]);
    assert_eq!(path(&r, "0402"), ["0102", "0202", "0301", "0402"]);
    assert_eq!(r.cost(h("0502")), None);
    assert_eq!(r.cost(h("0403")), None);
    // Without the enemy, 0502 costs 10 through 0402.
    let free = Reach::search(&Map::new(), h("0102"), ReachOptions::new(10)).unwrap();
    assert_eq!(free.cost(h("0502")), Some(10));
}

/// pg 7.5.1: leaving an enemy ZOC costs +1 MP (2 here) on top of the other costs.
#[test]
fn r7_5_1_leaving_enemy_zoc_costs_extra() {
    let mut map = Map::new();
    map.enemy = Some(h("0403"));
    let r = Reach::search(&map, h("0302"), ReachOptions::new(6)).unwrap();
    assert_eq!(
        ends(&r),
        list(&[
            ("0302", 0),
            ("0301", 4),
            ("0303", 4),
            ("0402", 4),
            ("0203", 6),
            ("0401", 6),
        ])
    );
    assert_eq!(path(&r, "0401"), ["0302", "0301", "0401"]);
    assert_eq!(path(&r, "0203"), ["0302", "0203"]);
}

/// pg 6.3 example (T-09): a unit entering an EZOC hex as a Supporting unit may leave it for
/// +1 MP and enter the next hex, 3 MP in all. From 0301: 0302 (EZOC, 1 MP), leave (+1 MP),
/// 0303 (1 MP). An Engaged unit stops in 0302 and cannot reach 0303 with 3 MP.
#[test]
fn r6_3_t09_supporting_unit_leaves_ezoc_for_plus_1_mp() {
    let mut map = Map::new();
    map.enemy = Some(h("0403"));
    let engaged = Reach::search(&map, h("0301"), ReachOptions::new(6)).unwrap();
    assert_eq!(engaged.cost(h("0302")), Some(2));
    assert_eq!(engaged.cost(h("0303")), None);
    map.supporting = true;
    let r = Reach::search(&map, h("0301"), ReachOptions::new(6)).unwrap();
    assert_eq!(r.cost(h("0303")), Some(6));
    assert_eq!(path(&r, "0303"), ["0301", "0302", "0303"]);
}

/// A unit that may not leave its hex (pg 7.5.1: non-Fast infantry that began Engaged) reaches
/// only where it stands.
#[test]
fn r7_5_1_unit_that_may_not_leave_reaches_only_its_hex() {
    let mut map = Map::new();
    map.may_not_leave = Some(h("0202"));
    let opts = ReachOptions {
        allowance: 10,
        one_hex_minimum: true,
    };
    let r = Reach::search(&map, h("0202"), opts).unwrap();
    assert_eq!(ends(&r), list(&[("0202", 0)]));
}

/// A hex that may be crossed but not ended in is left out of the ends but used by paths; one
/// that would also stop the move cannot be entered at all.
#[test]
fn pass_through_only_hexes() {
    let mut map = Map::new();
    map.pass_only = vec![h("0202")];
    let r = Reach::search(&map, h("0102"), ReachOptions::new(6)).unwrap();
    assert_eq!(r.cost(h("0202")), None);
    assert!(!r.contains(h("0202")));
    assert_eq!(path(&r, "0301"), ["0102", "0202", "0301"]);
    assert!(
        r.reached()
            .any(|(x, c, end)| x == h("0202") && c == 2 && !end)
    );
    assert_eq!(r.ends().count(), 8);

    let mut map = Map::new();
    map.enemy = Some(h("0403"));
    map.pass_only = vec![h("0303")];
    let r = Reach::search(&map, h("0102"), ReachOptions::new(10)).unwrap();
    assert!(r.reached().all(|(x, _, _)| x != h("0303")));
}

#[test]
fn errors_and_storage_reuse() {
    let map = Map::new();
    assert_eq!(
        Reach::search(
            &map,
            h("0102").neighbor(grognard::hex::Direction::ALL[3]),
            ReachOptions::new(4)
        )
        .unwrap_err(),
        ReachError::StartOffMap(Hex::new(0, 2))
    );
    struct Huge;
    impl MoveCosts for Huge {
        fn bounds(&self) -> Bounds {
            Bounds {
                min: Hex::new(i16::MIN, i16::MIN),
                max: Hex::new(i16::MAX, i16::MAX),
            }
        }
        fn enter_cost(&self, _: Hex, _: Hex) -> Option<u32> {
            Some(1)
        }
    }
    assert!(matches!(
        Reach::search(&Huge, Hex::new(0, 0), ReachOptions::new(1)),
        Err(ReachError::BoundsTooLarge(n)) if n > MAX_CELLS
    ));
    // One Reach value reused for several searches gives the same answers as fresh ones.
    let mut enemy = Map::new();
    enemy.enemy = Some(h("0403"));
    let mut r = Reach::new();
    for (m, start, allowance) in [
        (&map, "0102", 6),
        (&enemy, "0302", 6),
        (&map, "0501", 20),
        (&enemy, "0102", 10),
    ] {
        r.run(m, h(start), ReachOptions::new(allowance)).unwrap();
        let fresh = Reach::search(m, h(start), ReachOptions::new(allowance)).unwrap();
        assert_eq!(ends(&r), ends(&fresh));
        for (x, _) in fresh.ends() {
            assert_eq!(r.path(x), fresh.path(x));
        }
    }
}

// ---- cross-check against a plain fixed-point relaxation on random maps -------------------

struct Random {
    bounds: Bounds,
    enter: Vec<Option<u32>>, // per (hex index, direction)
    exit: Vec<Option<u32>>,
    stop: Vec<bool>,
    end: Vec<bool>,
}

impl Random {
    fn idx(&self, x: Hex) -> usize {
        let w = self.bounds.height() as i32;
        ((x.q - self.bounds.min.q) as i32 * w + (x.r - self.bounds.min.r) as i32) as usize
    }
    fn new(seed: u64) -> Random {
        let bounds = Bounds {
            min: Hex::new(-4, -4),
            max: Hex::new(5, 5),
        };
        let n = (bounds.width() * bounds.height()) as usize;
        let mut s = seed;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let enter = (0..n * 6)
            .map(|_| match next() % 10 {
                0 => None,
                k => Some((k % 5) as u32),
            })
            .collect();
        let exit = (0..n)
            .map(|_| match next() % 12 {
                0 => None,
                1 | 2 => Some(2),
                _ => Some(0),
            })
            .collect();
        let stop = (0..n).map(|_| next() % 7 == 0).collect();
        let end = (0..n).map(|_| next() % 9 != 0).collect();
        Random {
            bounds,
            enter,
            exit,
            stop,
            end,
        }
    }
}

impl MoveCosts for Random {
    fn bounds(&self) -> Bounds {
        self.bounds
    }
    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let d = from.direction_to(to)?;
        self.enter[self.idx(from) * 6 + usize::from(d.index())]
    }
    fn exit_cost(&self, hex: Hex) -> Option<u32> {
        self.exit[self.idx(hex)]
    }
    fn stops_on_entry(&self, hex: Hex) -> bool {
        self.stop[self.idx(hex)]
    }
    fn may_end_in(&self, hex: Hex) -> bool {
        self.end[self.idx(hex)]
    }
}

fn fixed_point(m: &Random, start: Hex, opts: ReachOptions) -> Vec<Option<u32>> {
    let n = (m.bounds.width() * m.bounds.height()) as usize;
    let mut dist = vec![None::<u32>; n];
    dist[m.idx(start)] = Some(0);
    loop {
        let mut changed = false;
        for q in m.bounds.min.q..=m.bounds.max.q {
            for r in m.bounds.min.r..=m.bounds.max.r {
                let u = Hex::new(q, r);
                let Some(du) = dist[m.idx(u)] else { continue };
                let is_start = u == start;
                if !is_start && (du > opts.allowance || m.stops_on_entry(u)) {
                    continue;
                }
                let Some(exit) = m.exit_cost(u) else { continue };
                for v in u.neighbors() {
                    if !m.bounds.contains(v) || v == start {
                        continue;
                    }
                    let Some(enter) = m.enter_cost(u, v) else {
                        continue;
                    };
                    let nd = du + exit + enter;
                    let over = nd > opts.allowance;
                    if over && !(opts.one_hex_minimum && is_start) {
                        continue;
                    }
                    if (over || m.stops_on_entry(v)) && !m.may_end_in(v) {
                        continue;
                    }
                    let dv = &mut dist[m.idx(v)];
                    if dv.is_none_or(|old| nd < old) {
                        *dv = Some(nd);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return dist;
        }
    }
}

#[test]
fn dijkstra_matches_a_fixed_point_relaxation_on_random_maps() {
    let mut r = Reach::new();
    let mut checked = 0;
    for seed in 1..=60u64 {
        let m = Random::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for (start, allowance, minimum) in [
            (Hex::new(0, 0), 6, false),
            (Hex::new(2, -3), 9, true),
            (Hex::new(-4, 5), 4, true),
        ] {
            let opts = ReachOptions {
                allowance,
                one_hex_minimum: minimum,
            };
            r.run(&m, start, opts).unwrap();
            let expect = fixed_point(&m, start, opts);
            for q in m.bounds.min.q..=m.bounds.max.q {
                for rr in m.bounds.min.r..=m.bounds.max.r {
                    let x = Hex::new(q, rr);
                    let e = expect[m.idx(x)].filter(|_| x == start || m.may_end_in(x));
                    assert_eq!(r.cost(x), e, "seed {seed} start {start:?} hex {x:?}");
                    let Some(cost) = e else { continue };
                    checked += 1;
                    // The path is a chain of permitted steps summing to the cost, never
                    // passing through a hex that stops the move.
                    let p = r.path(x).unwrap();
                    assert_eq!(p[0], start);
                    assert_eq!(*p.last().unwrap(), x);
                    let mut total = 0;
                    for (i, w) in p.windows(2).enumerate() {
                        if i > 0 {
                            assert!(!m.stops_on_entry(w[0]));
                        }
                        total += m.exit_cost(w[0]).unwrap() + m.enter_cost(w[0], w[1]).unwrap();
                    }
                    assert_eq!(total, cost);
                }
            }
            // Cheapest first, ties in hex order.
            let listed: Vec<(u32, Hex)> = r.ends().map(|(x, c)| (c, x)).collect();
            let mut sorted = listed.clone();
            sorted.sort();
            assert_eq!(listed, sorted);
        }
    }
    assert!(checked > 500, "{checked}");
}
