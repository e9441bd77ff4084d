//! Property tests of the hex geometry (issue 6, part 4): distance is a metric, ids print and
//! parse back, line of sight is reciprocal, and `reach` finds exactly the shortest paths.
//!
//! The cases are random but seeded by proptest (failures are saved under
//! `proptest-regressions/` and replayed first), so a run is repeatable.
#![cfg(feature = "nbs")]

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use grognard::hex::{Bounds, Grid, Hex, MoveCosts, Reach, ReachOptions, los};
use proptest::prelude::*;

fn hex() -> impl Strategy<Value = Hex> {
    (-60i16..60, -60i16..60).prop_map(|(q, r)| Hex::new(q, r))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Distance is symmetric, zero only to itself, and obeys the triangle inequality.
    #[test]
    fn distance_is_a_metric(a in hex(), b in hex(), c in hex()) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert_eq!(a.distance(b) == 0, a == b);
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
    }

    /// The six neighbours are one hex away, distinct, and each step changes any distance by
    /// at most one.
    #[test]
    fn neighbours_are_one_step(a in hex(), b in hex()) {
        let n = a.neighbors();
        for (i, x) in n.iter().enumerate() {
            prop_assert_eq!(a.distance(*x), 1);
            prop_assert!(n[..i].iter().all(|y| y != x));
            prop_assert!(x.distance(b).abs_diff(a.distance(b)) <= 1);
            prop_assert_eq!(a.direction_to(*x).map(|d| a.neighbor(d)), Some(*x));
        }
    }

    /// Every hex of the three offset layouts prints as an id that parses back to it.
    #[test]
    fn ids_print_and_parse_back(pick in 0usize..3, i in 0usize..10_000) {
        let grid = [Grid::pg(), Grid::hov(), Grid::fontenoy()][pick];
        let all = grid.hexes();
        let h = all[i % all.len()];
        let id = grid.to_id(h).expect("a grid hex has an id");
        prop_assert_eq!(grid.to_hex(id).unwrap(), h);
        prop_assert_eq!(grid.parse(&id.to_string()).unwrap(), h);
    }

    /// The line from `a` to `b` crosses the same hexes as the line from `b` to `a` (the rules
    /// of every system trace line of sight between hex centres, so it is reciprocal).
    #[test]
    fn line_of_sight_is_reciprocal(a in hex(), b in hex()) {
        let mut there = los::crossed(a, b);
        let mut back = los::crossed(b, a);
        there.sort();
        back.sort();
        prop_assert_eq!(&there, &back);
        // Every hex crossed lies between the ends.
        for h in &there {
            prop_assert!(a.distance(*h) + h.distance(b) <= a.distance(b) + 1);
        }
    }

    /// `reach` gives every hex within the allowance its least cost, the same as a plain
    /// Dijkstra over the same weighted graph, and a path that costs exactly that.
    #[test]
    fn reach_costs_are_shortest_paths(
        weights in proptest::collection::vec(prop_oneof![Just(0u8), 1u8..=4], 13 * 13),
        sides in proptest::collection::vec(0u8..=3, 13 * 13 * 6),
        allowance in 0u32..24,
        bounded in any::<bool>(),
    ) {
        // With `bounded` the search is told no step costs under 1 (true: every passable hex
        // costs 1 to 4) and keeps to the box it implies; the answers must not change.
        let board = Board { weights, sides, min_step: u32::from(bounded) };
        let start = Hex::new(6, 6);
        let r = Reach::search(&board, start, ReachOptions::new(allowance)).unwrap();
        let want = dijkstra(&board, start, allowance);
        let got: BTreeMap<Hex, u32> = r.ends().collect();
        prop_assert_eq!(&got, &want);
        for (&h, &c) in &got {
            let path = r.path(h).expect("a path to every end");
            prop_assert_eq!(path.first().copied(), Some(start));
            prop_assert_eq!(path.last().copied(), Some(h));
            let cost: u32 = path.windows(2).map(|w| board.enter_cost(w[0], w[1]).unwrap()).sum();
            prop_assert_eq!(cost, c);
        }
        // The one-pass paths are the same paths, in the order of `ends`.
        let mut listed = Vec::new();
        r.for_each_end_path(|h, c, path| listed.push((h, c, path.to_vec())));
        let want: Vec<_> = r.ends().map(|(h, c)| (h, c, r.path(h).unwrap())).collect();
        prop_assert_eq!(listed, want);
    }
}

/// A 13 x 13 box of hexes: a hex weight of 0 is prohibited, 1–4 its cost; each hexside adds
/// 0–3 (3 = impassable), different in each direction.
struct Board {
    weights: Vec<u8>,
    sides: Vec<u8>,
    min_step: u32,
}

impl Board {
    fn index(&self, h: Hex) -> Option<usize> {
        (self.bounds().contains(h)).then(|| h.q as usize * 13 + h.r as usize)
    }
}

impl MoveCosts for Board {
    fn bounds(&self) -> Bounds {
        Bounds {
            min: Hex::new(0, 0),
            max: Hex::new(12, 12),
        }
    }

    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let (i, j) = (self.index(from)?, self.index(to)?);
        let d = from.direction_to(to)?;
        let w = self.weights[j];
        let side = self.sides[i * 6 + usize::from(d.index())];
        (w != 0 && side != 3).then(|| u32::from(w) + u32::from(side))
    }

    fn min_step_cost(&self) -> u32 {
        self.min_step
    }
}

/// The reference: a textbook Dijkstra on the same graph, bounded by the allowance.
fn dijkstra(b: &Board, start: Hex, allowance: u32) -> BTreeMap<Hex, u32> {
    let mut best: BTreeMap<Hex, u32> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((c, h))) = heap.pop() {
        if best.contains_key(&h) {
            continue;
        }
        best.insert(h, c);
        for n in h.neighbors() {
            if let Some(e) = b.enter_cost(h, n) {
                if c + e <= allowance && !best.contains_key(&n) {
                    heap.push(Reverse((c + e, n)));
                }
            }
        }
    }
    best
}

/// A random NBS map on the 13 x 13 box: levels 0–3, a LOS feature and a blocking unit per hex.
struct NbsMap {
    levels: Vec<u8>,
    features: Vec<u8>,
    units: Vec<bool>,
}

impl NbsMap {
    fn index(h: Hex) -> Option<usize> {
        ((0..13).contains(&h.q) && (0..13).contains(&h.r)).then(|| h.q as usize * 13 + h.r as usize)
    }
}

impl grognard::nbs::los::LosMap for NbsMap {
    fn level(&self, hex: Hex) -> Option<i16> {
        Self::index(hex).map(|i| i16::from(self.levels[i]))
    }

    fn feature(&self, hex: Hex) -> grognard::nbs::los::LosFeature {
        use grognard::nbs::los::LosFeature;
        match Self::index(hex).map(|i| self.features[i]) {
            Some(1) => LosFeature::Symbol,
            Some(2) => LosFeature::Whole,
            _ => LosFeature::None,
        }
    }

    fn units_block(&self, hex: Hex) -> bool {
        Self::index(hex).is_some_and(|i| self.units[i])
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// NBS 19.3a: two hexes see each other both ways or not at all, whatever the levels,
    /// terrain features and units between them.
    #[test]
    fn nbs_line_of_sight_is_reciprocal(
        levels in proptest::collection::vec(0u8..=3, 13 * 13),
        features in proptest::collection::vec(prop_oneof![4 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)], 13 * 13),
        units in proptest::collection::vec(proptest::bool::weighted(0.1), 13 * 13),
        a in (0i16..13, 0i16..13),
        b in (0i16..13, 0i16..13),
    ) {
        use grognard::nbs::los::{Los, los};
        let map = NbsMap { levels, features, units };
        let (a, b) = (Hex::new(a.0, a.1), Hex::new(b.0, b.1));
        let there = matches!(los(&map, a, b), Los::Clear);
        let back = matches!(los(&map, b, a), Los::Clear);
        prop_assert_eq!(there, back, "{:?} -> {:?}: {:?} / {:?}", a, b, los(&map, a, b), los(&map, b, a));
    }
}
