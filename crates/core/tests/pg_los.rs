//! Prussia's Glory line of sight (rules 8.2–8.2.2): every LOS example of the text, one test per
//! rule case, symmetry, and a cross-check against a literal bracket-matching reading of the
//! rules on random maps.
//!
//! # Fixture map data
//!
//! The maps are not in the text. The placements below make every example of 8.2.1–8.2.2 hold
//! and are **inferred** unless marked otherwise; the map data (`scenarios/pg/maps/`) is to place
//! them the same way (docs/coverage/pg.md repeats this list). "A|B high A" = a slope on the
//! hexside between A and B, A on the high side (`toward` = A in the map files).
//!
//! Zorndorf slopes:
//! * 1709|1809 high 1809 — **rulebook**, 7.3 example (moving 1709→1809 pays +1 for the slope).
//! * 2103|2104 high 2104 — T-17 (8.2.1), as the digest §5 infers.
//! * 2105|2106 high 2105 and 2106|2107 high 2107 — T-18 (8.2.1.1): 2106 is low ground.
//! * 1724|1824 high 1724 and 1824|1923 high 1824 — T-19 (8.2.1.1): a long slope through 1824.
//! * 1823|1922 high 1823 — T-20: 1724→1922 descends at 1724|1824 and again at 1823|1922, two
//!   slopes not of one hex.
//! * 1624|1523 high 1624 and 1523|1423 high 1523 — T-20: 1724→1423 is a long slope through
//!   1523, but 1724 is not adjacent to it.
//! * No slope on 2104|2105, 2107|2108, 1923|2023, 1824|1823 or 1724|1624.
//!
//! Leuthen slopes:
//! * 3616|3615 high 3616 and 3615|3514 high 3514 — T-21 (8.2.2): 3615 is low ground.
//! * 3512|3513 high 3512 and 3512|3613 high 3512 — T-22 (8.2.2): both stacks are directly
//!   downslope of 3512.
//! * No slope on 3617|3616 or 3513|3614 or 3613|3614.
//!
//! No woods or town in any hex named above (the fixtures have none). Units: the examples' own —
//! Leuthen 3615 (T-21), 3513 and 3613 (T-22).
//!
//! Some of these are stronger than the examples need; `fixture_contract_*` lists, for every
//! hexside the example lines cross, run along or touch at a corner, exactly which placements
//! keep every example true.
#![cfg(feature = "pg")]

use std::collections::{BTreeMap, BTreeSet};

use grognard::hex::{Grid, Hex, Hexside, LosStep, los};
use grognard::pg::los::{Blocker, Los, LosMap, LosScratch, line_of_sight, line_of_sight_with};

fn pg(id: &str) -> Hex {
    Grid::pg().parse(id).unwrap()
}

fn name(h: Hex) -> String {
    Grid::pg().to_id(h).unwrap().to_string()
}

fn side(a: &str, b: &str) -> Hexside {
    Hexside::between(pg(a), pg(b)).expect("adjacent")
}

/// A test map: blocking-terrain hexes, occupied hexes, slope hexsides with their high side.
#[derive(Clone, Debug, Default)]
struct Map {
    terrain: BTreeSet<Hex>,
    units: BTreeSet<Hex>,
    slopes: BTreeMap<Hexside, Hex>,
}

impl Map {
    fn slope(mut self, a: &str, b: &str, high: &str) -> Map {
        assert!(high == a || high == b);
        self.slopes.insert(side(a, b), pg(high));
        self
    }
    fn woods(mut self, h: &str) -> Map {
        self.terrain.insert(pg(h));
        self
    }
    fn unit(mut self, h: &str) -> Map {
        self.units.insert(pg(h));
        self
    }
}

impl LosMap for Map {
    fn blocks_terrain(&self, hex: Hex) -> bool {
        self.terrain.contains(&hex)
    }
    fn occupied(&self, hex: Hex) -> bool {
        self.units.contains(&hex)
    }
    fn slope_high_side(&self, a: Hex, b: Hex) -> Option<Hex> {
        Hexside::between(a, b).and_then(|s| self.slopes.get(&s).copied())
    }
}

/// Zorndorf slopes (see the module docs). Tuples: (hex, hex, high side).
const ZORNDORF_SLOPES: &[(&str, &str, &str)] = &[
    ("1709", "1809", "1809"), // 7.3 example (rulebook)
    ("2103", "2104", "2104"), // T-17
    ("2105", "2106", "2105"), // T-18, low ground 2106
    ("2106", "2107", "2107"), // T-18
    ("1724", "1824", "1724"), // T-19, long slope through 1824
    ("1824", "1923", "1824"), // T-19
    ("1823", "1922", "1823"), // T-20 (1922)
    ("1624", "1523", "1624"), // T-20 (1423), long slope through 1523 not adjacent to 1724
    ("1523", "1423", "1523"), // T-20 (1423)
];

/// Leuthen slopes (see the module docs).
const LEUTHEN_SLOPES: &[(&str, &str, &str)] = &[
    ("3616", "3615", "3616"), // T-21, low ground 3615
    ("3615", "3514", "3514"), // T-21
    ("3512", "3513", "3512"), // T-22, 3513 directly downslope
    ("3512", "3613", "3512"), // T-22, 3613 directly downslope
];

/// Leuthen units of the examples: 3615 (T-21), 3513 and 3613 (T-22).
const LEUTHEN_UNITS: &[&str] = &["3615", "3513", "3613"];

fn with_slopes(slopes: &[(&str, &str, &str)]) -> Map {
    slopes
        .iter()
        .fold(Map::default(), |m, &(a, b, h)| m.slope(a, b, h))
}

fn zorndorf() -> Map {
    with_slopes(ZORNDORF_SLOPES)
}

fn leuthen() -> Map {
    LEUTHEN_UNITS
        .iter()
        .fold(with_slopes(LEUTHEN_SLOPES), |m, u| m.unit(u))
}

/// Zorndorf examples of 8.2.1 and 8.2.1.1: (source, target, clear).
const ZORNDORF_EXAMPLES: &[(&str, &str, bool)] = &[
    ("2104", "2102", true),
    ("2105", "2103", false),
    ("2105", "2107", true),
    ("2105", "2108", true),
    ("2105", "2207", true),
    ("1724", "1923", true),
    ("1724", "2023", true),
    ("1724", "1922", false),
    ("1724", "1423", false),
];

/// Leuthen examples of 8.2.2 (with the units of [`LEUTHEN_UNITS`]).
const LEUTHEN_EXAMPLES: &[(&str, &str, bool)] = &[("3617", "3512", true), ("3512", "3614", true)];

fn sees(m: &Map, a: &str, b: &str) -> bool {
    line_of_sight(m, pg(a), pg(b)).is_clear()
}

/// LOS both ways, which must agree (8.2.1.1 "and vice versa"; symmetric by the rules).
fn sees_both(m: &Map, a: &str, b: &str) -> bool {
    let ab = sees(m, a, b);
    assert_eq!(ab, sees(m, b, a), "{a}->{b} and {b}->{a} disagree");
    ab
}

fn blocked(at: &str, by: Blocker, rule: &'static str) -> Los {
    Los::Blocked {
        at: pg(at),
        by,
        rule,
    }
}

fn examples_hold(m: &Map, examples: &[(&str, &str, bool)]) -> bool {
    examples
        .iter()
        .all(|&(a, b, c)| sees(m, a, b) == c && sees(m, b, a) == c)
}

// ---- 8.2 -------------------------------------------------------------------------------

#[test]
fn r8_2_adjacent_always_clear() {
    // The 8.1 example hexes: 3207 is adjacent to 3106 and 3107. Woods and units everywhere and
    // slopes on every side do not matter between adjacent hexes.
    let c = pg("3207");
    let mut m = Map::default();
    for h in c.neighbors().into_iter().chain([c]) {
        m.terrain.insert(h);
        m.units.insert(h);
    }
    for n in c.neighbors() {
        m.slopes.insert(Hexside::between(c, n).unwrap(), n);
    }
    for n in ["3106", "3107"] {
        assert_eq!(line_of_sight(&m, c, pg(n)), Los::Clear);
        assert_eq!(line_of_sight(&m, pg(n), c), Los::Clear);
    }
    for n in c.neighbors() {
        assert!(line_of_sight(&m, c, n).is_clear());
        assert!(line_of_sight(&m, n, c).is_clear());
    }
    assert!(line_of_sight(&m, c, c).is_clear());
}

#[test]
fn r8_2_woods_town_unit_block() {
    // 1001 -> 1003 passes through 1002 (one column).
    assert!(sees_both(&Map::default(), "1001", "1003"));
    // Woods or a town (both `blocks_terrain`).
    let m = Map::default().woods("1002");
    assert_eq!(
        line_of_sight(&m, pg("1001"), pg("1003")),
        blocked("1002", Blocker::Terrain, "8.2")
    );
    assert!(!sees_both(&m, "1001", "1003"));
    // A unit, with no 8.2.2 exception (no slopes).
    let m = Map::default().unit("1002");
    assert_eq!(
        line_of_sight(&m, pg("1001"), pg("1003")),
        blocked("1002", Blocker::Unit, "8.2.2")
    );
    assert!(!sees_both(&m, "1001", "1003"));
    // The first blocking hex along the line is reported.
    let m = Map::default().unit("1003").woods("1004");
    assert_eq!(
        line_of_sight(&m, pg("1001"), pg("1005")),
        blocked("1003", Blocker::Unit, "8.2.2")
    );
    // Source and target never block; hexes off the line do not either.
    let m = Map::default()
        .woods("1001")
        .unit("1001")
        .woods("1003")
        .unit("1003")
        .woods("0902")
        .unit("1102");
    assert!(sees_both(&m, "1001", "1003"));
}

#[test]
fn r8_2_hexside_tie_tracer_chooses() {
    // Zorndorf 2105 -> 2207 runs along the 2106/2206 hexside (digest §5 geometry).
    assert_eq!(
        los::trace(pg("2105"), pg("2207")),
        [LosStep::Hexside(pg("2106"), pg("2206"))]
    );
    let empty = Map::default();
    assert!(sees_both(&empty, "2105", "2207"));
    // Either hex blocked: the tracer picks the other.
    assert!(sees_both(&empty.clone().woods("2106"), "2105", "2207"));
    assert!(sees_both(&empty.clone().woods("2206"), "2105", "2207"));
    assert!(sees_both(&empty.clone().unit("2106"), "2105", "2207"));
    // Both blocked: no choice is clear.
    assert!(!sees_both(
        &empty.clone().woods("2106").woods("2206"),
        "2105",
        "2207"
    ));
    assert!(!sees_both(
        &empty.clone().unit("2106").woods("2206"),
        "2105",
        "2207"
    ));
    // A slope along the border is ignored, whichever side is high.
    for high in ["2106", "2206"] {
        assert!(sees_both(
            &empty.clone().slope("2106", "2206", high),
            "2105",
            "2207"
        ));
    }
    // The choice also decides which slopes are crossed: via 2206 the line meets a slope 2206|2207
    // one hexside away from the (high) source, which hides 2207; via 2106 nothing.
    let m = empty.clone().slope("2206", "2207", "2206");
    assert!(sees_both(&m, "2105", "2207"));
    let m = m.woods("2106");
    assert!(!sees_both(&m, "2105", "2207"));
    assert_eq!(
        line_of_sight(&m, pg("2105"), pg("2207")),
        blocked("2206", Blocker::Slope, "8.2.1")
    );
    // Leuthen 3512 -> 3614 (tie 3513/3613), the T-22 line, on a flat map: a unit in one hex.
    assert!(sees_both(&empty.clone().unit("3513"), "3512", "3614"));
    assert!(!sees_both(
        &empty.clone().unit("3513").unit("3613"),
        "3512",
        "3614"
    ));
}

/// A line that only touches a corner of a hex does not pass through it (reading chosen: the
/// rules are silent). The Leuthen T-21 line grazes the corners of 3515 and 3614.
#[test]
fn r8_2_corner_graze_does_not_count() {
    let (a, b) = (pg("3617"), pg("3512"));
    assert!(los::trace(a, b).contains(&LosStep::Corner(pg("3515"))));
    assert!(los::trace(a, b).contains(&LosStep::Corner(pg("3614"))));
    let m = Map::default()
        .woods("3515")
        .unit("3515")
        .woods("3614")
        .unit("3614");
    assert!(sees_both(&m, "3617", "3512"));
    // Slopes on the hexsides meeting at the grazed corners are only touched at a point.
    let sides = [
        ("3616", "3515"),
        ("3515", "3615"),
        ("3615", "3614"),
        ("3614", "3514"),
        ("3614", "3513"),
    ];
    for (x, y) in sides {
        for high in [x, y] {
            assert!(sees_both(&m.clone().slope(x, y, high), "3617", "3512"));
        }
    }
    // ... but the hexes actually entered do count.
    assert!(!sees_both(&m.clone().woods("3615"), "3617", "3512"));
}

// ---- 8.2.1 -----------------------------------------------------------------------------

#[test]
fn r8_2_1_t17_zorndorf_2104_sees_2102() {
    let z = zorndorf();
    // Looking downhill: the source 2104 is on the high side, adjacent to the 2103|2104 slope.
    assert_eq!(line_of_sight(&z, pg("2104"), pg("2102")), Los::Clear);
    // And 2102 looks uphill at 2104, which is adjacent to the slope.
    assert_eq!(line_of_sight(&z, pg("2102"), pg("2104")), Los::Clear);
}

#[test]
fn r8_2_1_t17_zorndorf_2105_cannot_see_2103() {
    let z = zorndorf();
    // 2105 is as high as 2104 but not adjacent to the slope: 2104 is the shoulder.
    assert_eq!(
        line_of_sight(&z, pg("2105"), pg("2103")),
        blocked("2104", Blocker::Slope, "8.2.1")
    );
    assert_eq!(
        line_of_sight(&z, pg("2103"), pg("2105")),
        blocked("2104", Blocker::Slope, "8.2.1")
    );
}

/// Elevations along column 10 from 1001: slopes between consecutive hexes where the height
/// changes (by 1). The line from 1001 runs straight down the column.
fn column(heights: &[i32]) -> Map {
    let mut m = Map::default();
    for i in 1..heights.len() {
        let (a, b) = (format!("10{:02}", i), format!("10{:02}", i + 1));
        match heights[i] - heights[i - 1] {
            0 => {}
            1 => m = m.slope(&a, &b, &b),
            -1 => m = m.slope(&a, &b, &a),
            d => panic!("step {d}"),
        }
    }
    m
}

/// LOS from the first to the last hex of a [`column`] profile (checked both ways).
fn column_sees(heights: &[i32]) -> bool {
    let m = column(heights);
    sees_both(&m, "1001", &format!("10{:02}", heights.len()))
}

fn column_los(heights: &[i32]) -> Los {
    let m = column(heights);
    line_of_sight(&m, pg("1001"), pg(&format!("10{:02}", heights.len())))
}

#[test]
fn r8_2_1_single_slope_high_end_must_be_adjacent() {
    // Downhill: the source must be adjacent to the slope; the target may be far below.
    assert!(column_sees(&[1, 0, 0]));
    assert!(column_sees(&[1, 0, 0, 0, 0]));
    assert!(!column_sees(&[1, 1, 0]));
    assert!(!column_sees(&[1, 1, 1, 0, 0]));
    // Uphill: the target must be adjacent (the same lines reversed).
    assert!(column_sees(&[0, 0, 0, 1]));
    assert!(!column_sees(&[0, 0, 1, 1]));
    // The hex reported is the edge of the rise that hides the lower end.
    assert_eq!(
        column_los(&[1, 1, 1, 0]),
        blocked("1003", Blocker::Slope, "8.2.1")
    );
    assert_eq!(
        column_los(&[0, 1, 1, 1]),
        blocked("1002", Blocker::Slope, "8.2.1")
    );
}

// ---- 8.2.1.1 ---------------------------------------------------------------------------

#[test]
fn r8_2_1_1_t18_zorndorf_2105_sees_2107_2108_2207_and_back() {
    let z = zorndorf();
    for t in ["2107", "2108", "2207"] {
        assert_eq!(
            line_of_sight(&z, pg("2105"), pg(t)),
            Los::Clear,
            "2105->{t}"
        );
        assert_eq!(
            line_of_sight(&z, pg(t), pg("2105")),
            Los::Clear,
            "{t}->2105"
        );
    }
}

#[test]
fn r8_2_1_1_t19_zorndorf_1724_sees_1923_2023_and_back() {
    let z = zorndorf();
    for t in ["1923", "2023"] {
        assert_eq!(
            line_of_sight(&z, pg("1724"), pg(t)),
            Los::Clear,
            "1724->{t}"
        );
        assert_eq!(
            line_of_sight(&z, pg(t), pg("1724")),
            Los::Clear,
            "{t}->1724"
        );
    }
}

#[test]
fn r8_2_1_1_t20_zorndorf_1724_cannot_see_1922_or_1423() {
    let z = zorndorf();
    // Two descents, 1724|1824 and 1823|1922, not of the same intervening hex: 1823 hides 1922.
    assert_eq!(
        line_of_sight(&z, pg("1724"), pg("1922")),
        blocked("1823", Blocker::Slope, "8.2.1.1")
    );
    assert_eq!(
        line_of_sight(&z, pg("1922"), pg("1724")),
        blocked("1823", Blocker::Slope, "8.2.1.1")
    );
    // A long slope through 1523, but 1724 is not adjacent to it: 1624 is the shoulder.
    assert_eq!(
        line_of_sight(&z, pg("1724"), pg("1423")),
        blocked("1624", Blocker::Slope, "8.2.1.1")
    );
    assert!(!sees(&z, "1423", "1724"));
}

#[test]
fn r8_2_1_1_low_ground_opposite_slopes_ignored() {
    assert!(column_sees(&[1, 0, 1]));
    assert!(column_sees(&[1, 0, 0, 1]));
    assert!(column_sees(&[1, 0, 0, 0, 1]));
    assert!(column_sees(&[1, 1, 0, 0, 1, 1]));
    // The slopes are ignored for all purposes: the ends need not be next to them.
    assert!(column_sees(&[1, 1, 1, 0, 1, 1, 1]));
    // Climb then descent is a crest, not low ground.
    assert!(!column_sees(&[0, 1, 0]));
    assert!(!column_sees(&[0, 1, 1, 0]));
    assert_eq!(
        column_los(&[0, 0, 1, 1, 0]),
        blocked("1003", Blocker::Slope, "8.2.1.1")
    );
}

#[test]
fn r8_2_1_1_long_slope_same_intervening_hex() {
    // Both slopes on the first intervening hex, source on top: clear, both ways.
    assert!(column_sees(&[2, 1, 0]));
    assert!(column_sees(&[2, 1, 0, 0, 0]));
    assert!(column_sees(&[0, 0, 1, 2]));
    // Same direction but on different hexes, or the top not adjacent: blocked.
    assert!(!column_sees(&[2, 1, 1, 0]));
    assert!(!column_sees(&[2, 2, 1, 0]));
    assert_eq!(
        column_los(&[2, 1, 1, 0]),
        blocked("1003", Blocker::Slope, "8.2.1.1")
    );
}

// ---- 8.2.1.2 ---------------------------------------------------------------------------

#[test]
fn r8_2_1_2_highest_end_on_highest_slope_descents_successive() {
    // Three and four descents on successive hexsides from the highest end.
    assert!(column_sees(&[3, 2, 1, 0]));
    assert!(column_sees(&[3, 2, 1, 0, 0, 0]));
    assert!(column_sees(&[0, 1, 2, 3, 4]));
    // A level stretch between descents: the lower end is behind the shoulder.
    assert!(!column_sees(&[3, 2, 2, 1, 0]));
    assert!(!column_sees(&[3, 2, 1, 1, 0]));
    assert_eq!(
        column_los(&[3, 2, 1, 1, 0]),
        blocked("1004", Blocker::Slope, "8.2.1.2")
    );
    // The highest point between the ends: blocked.
    assert!(!column_sees(&[1, 2, 3, 2, 1]));
    assert_eq!(
        column_los(&[1, 2, 3, 2, 1]),
        blocked("1003", Blocker::Slope, "8.2.1.2")
    );
}

#[test]
fn r8_2_1_2_low_ground_ignored() {
    // Descent, descent, then low ground: the low ground is ignored.
    assert!(column_sees(&[3, 2, 1, 0, 1]));
    assert!(column_sees(&[3, 2, 1, 0, 0, 1]));
    // One descent from the source, then low ground, then level ground to the target.
    assert!(column_sees(&[2, 1, 0, 1, 1]));
    // Low ground between two descents does not make them successive.
    assert!(!column_sees(&[3, 2, 1, 2, 1]));
    assert!(!column_sees(&[2, 1, 0, 1, 0]));
    // Ends at equal height with only valleys between: clear however many slopes.
    assert!(column_sees(&[2, 1, 0, 1, 2]));
    assert!(column_sees(&[2, 1, 2, 1, 2]));
    assert!(column_sees(&[1, 0, 1, 0, 1, 0, 1]));
    // Leuthen T-21 is also a case: descent, climb (low ground 3615), then one more climb onto
    // 3512, adjacent to it.
    assert!(sees_both(&with_slopes(LEUTHEN_SLOPES), "3617", "3512"));
}

// ---- 8.2.2 -----------------------------------------------------------------------------

#[test]
fn r8_2_2_t21_leuthen_3617_3512_over_low_ground_unit_in_3615() {
    let l = leuthen();
    assert!(l.units.contains(&pg("3615")));
    assert_eq!(line_of_sight(&l, pg("3617"), pg("3512")), Los::Clear);
    assert_eq!(line_of_sight(&l, pg("3512"), pg("3617")), Los::Clear);
    // Without the slopes that make 3615 low ground, the unit blocks.
    let flat = Map::default().unit("3615");
    assert_eq!(
        line_of_sight(&flat, pg("3617"), pg("3512")),
        blocked("3615", Blocker::Unit, "8.2.2")
    );
    // Woods in 3615 would still block: 8.2.2 excepts units only.
    assert!(!sees_both(&l.clone().woods("3615"), "3617", "3512"));
}

#[test]
fn r8_2_2_t22_3512_3614_over_downslope_units_3513_3613() {
    let l = leuthen();
    assert!(l.units.contains(&pg("3513")) && l.units.contains(&pg("3613")));
    assert_eq!(line_of_sight(&l, pg("3512"), pg("3614")), Los::Clear);
    assert_eq!(line_of_sight(&l, pg("3614"), pg("3512")), Los::Clear);
    // Without the slopes both stacks block, whichever hex the tracer picks.
    let flat = Map::default().unit("3513").unit("3613");
    assert!(!sees_both(&flat, "3512", "3614"));
}

#[test]
fn r8_2_2_unit_on_low_ground_does_not_block() {
    // Zorndorf 2106 is low ground between 2105 and 2107 (T-18 fixture).
    let z = zorndorf().unit("2106");
    assert!(sees_both(&z, "2105", "2107"));
    assert!(sees_both(&z, "2105", "2108"));
    // 2107 is not low ground on the line 2105 -> 2108: a unit there blocks.
    let z = zorndorf().unit("2107");
    assert_eq!(
        line_of_sight(&z, pg("2105"), pg("2108")),
        blocked("2107", Blocker::Unit, "8.2.2")
    );
    // Low ground of several hexes: every unit in it is ignored; next to it, not.
    assert!(column_sees(&[1, 0, 0, 0, 1]));
    let m = column(&[1, 0, 0, 0, 1])
        .unit("1002")
        .unit("1003")
        .unit("1004");
    assert!(sees_both(&m, "1001", "1005"));
    let m = column(&[1, 1, 0, 1, 1]).unit("1002");
    assert!(!sees_both(&m, "1001", "1005"));
}

#[test]
fn r8_2_2_stack_immediately_downslope_of_high_end_ignored() {
    // Next to the high source, across the slope: ignored (long slope through 1824, T-19).
    let z = zorndorf().unit("1824");
    assert!(sees_both(&z, "1724", "1923"));
    assert!(sees_both(&z, "1724", "2023"));
    // Two hexes down the long slope: not immediately adjacent, so it blocks.
    assert!(!sees_both(&zorndorf().unit("1923"), "1724", "2023"));
    let m = column(&[2, 1, 0, 0]).unit("1003");
    assert_eq!(
        line_of_sight(&m, pg("1001"), pg("1004")),
        blocked("1003", Blocker::Unit, "8.2.2")
    );
    // Adjacent to the source but with no slope between: it blocks.
    let m = column(&[1, 1, 1]).unit("1002");
    assert!(!sees_both(&m, "1001", "1003"));
    // Adjacent to the high source but upslope (the source is low): it blocks.
    let m = column(&[0, 1, 1]).unit("1002");
    assert!(!sees_both(&m, "1001", "1003"));
}

// ---- the fixtures as a contract for the map data ----------------------------------------

/// How a line meets a hexside: crossed (between consecutive hexes of some choice), run along
/// (hexside tie), or touched at a corner.
fn touched(a: Hex, b: Hex) -> Vec<Hexside> {
    let mut out = Vec::new();
    let mut prev: Vec<Hex> = vec![a];
    let mut corner = None;
    let mut steps = los::trace(a, b);
    steps.push(LosStep::Hex(b));
    for s in steps {
        if let LosStep::Corner(c) = s {
            corner = Some(c);
            continue;
        }
        let cur: Vec<Hex> = s.hexes().collect();
        for &p in &prev {
            for &c in &cur {
                out.extend(Hexside::between(p, c));
            }
        }
        out.extend(s.hexside());
        if let Some(c) = corner.take() {
            for &p in prev.iter().chain(&cur) {
                out.extend(Hexside::between(c, p));
            }
        }
        prev = cur;
    }
    out
}

/// For every hexside an example line meets, which placements ("none" or the high hex) keep all
/// examples of that battle true, with the other hexsides as in the fixture.
fn contract(m: &Map, examples: &[(&str, &str, bool)]) -> Vec<String> {
    assert!(examples_hold(m, examples));
    let mut seen = BTreeSet::new();
    let mut rows = Vec::new();
    for &(a, b, _) in examples {
        for s in touched(pg(a), pg(b)) {
            if !seen.insert(s) {
                continue;
            }
            let (x, y) = s.hexes();
            let (x, y) = (x.min(y), x.max(y));
            let mut ok = Vec::new();
            for high in [None, Some(x), Some(y)] {
                let mut m2 = m.clone();
                match high {
                    None => m2.slopes.remove(&s),
                    Some(h) => m2.slopes.insert(s, h),
                };
                if examples_hold(&m2, examples) {
                    ok.push(high.map_or("none".to_string(), name));
                }
            }
            let fixture = m.slopes.get(&s).map_or("none".to_string(), |&h| name(h));
            rows.push(format!(
                "{}|{} fixture {} ok {}",
                name(x),
                name(y),
                fixture,
                ok.join(",")
            ));
        }
    }
    rows.sort();
    rows
}

#[test]
fn fixture_contract_zorndorf() {
    assert!(examples_hold(&zorndorf(), ZORNDORF_EXAMPLES));
    assert_eq!(
        contract(&zorndorf(), ZORNDORF_EXAMPLES),
        [
            "1423|1523 fixture 1523 ok none,1523",
            "1523|1624 fixture 1624 ok none,1523,1624",
            "1624|1724 fixture none ok none,1624",
            "1724|1824 fixture 1724 ok 1724",
            "1823|1824 fixture none ok none,1823",
            "1823|1922 fixture 1823 ok 1823",
            "1824|1923 fixture 1824 ok none,1824,1923",
            "1923|2023 fixture none ok none,1923,2023",
            "2102|2103 fixture none ok none,2102,2103",
            "2103|2104 fixture 2104 ok 2104",
            "2104|2105 fixture none ok none,2104",
            "2105|2106 fixture 2105 ok 2105",
            "2105|2206 fixture none ok none,2105,2206",
            "2106|2107 fixture 2107 ok none,2106,2107",
            "2106|2206 fixture none ok none,2106,2206",
            "2106|2207 fixture none ok none,2106,2207",
            "2107|2108 fixture none ok none,2108",
            "2206|2207 fixture none ok none,2206,2207",
        ]
    );
}

#[test]
fn fixture_contract_leuthen() {
    assert!(examples_hold(&leuthen(), LEUTHEN_EXAMPLES));
    assert_eq!(
        contract(&leuthen(), LEUTHEN_EXAMPLES),
        [
            "3512|3513 fixture 3512 ok 3512",
            "3512|3613 fixture 3512 ok none,3512,3613",
            "3513|3514 fixture none ok none,3513,3514",
            "3513|3613 fixture none ok none,3513,3613",
            "3513|3614 fixture none ok none,3513,3614",
            "3514|3614 fixture none ok none,3514,3614",
            "3514|3615 fixture 3514 ok none,3514",
            "3515|3615 fixture none ok none,3515,3615",
            "3515|3616 fixture none ok none,3515,3616",
            "3613|3614 fixture none ok none,3613,3614",
            "3615|3616 fixture 3616 ok 3616",
            "3616|3617 fixture none ok none,3617",
        ]
    );
}

/// The 7.3 example slope (rulebook): 1709|1809 with 1809 high. Adjacent hexes see each other
/// whatever the slope (8.2).
#[test]
fn r8_2_zorndorf_7_3_slope_1709_1809_adjacent_clear() {
    let z = zorndorf();
    assert_eq!(z.slope_high_side(pg("1709"), pg("1809")), Some(pg("1809")));
    assert!(sees_both(&z, "1709", "1809"));
}

// ---- cross-check against a literal reading, on random maps ------------------------------

/// The rules read literally on one chosen path `h0..=hn`: match each climb with the nearest
/// unmatched descent before it (low ground, 8.2.1.1); the unmatched slopes must be descents on
/// crossings 1..m or climbs on crossings n-m+1..n (8.2.1, 8.2.1.1, 8.2.1.2); woods and towns
/// block; units block unless inside a matched pair or next to a high end across a slope (8.2.2).
fn path_clear(m: &Map, path: &[Hex]) -> bool {
    let n = path.len() - 1;
    let kind: Vec<i32> = (1..=n)
        .map(|i| match m.slope_high_side(path[i - 1], path[i]) {
            Some(h) if h == path[i - 1] => -1,
            Some(h) if h == path[i] => 1,
            _ => 0,
        })
        .collect();
    let mut downs = Vec::new();
    let mut ups = Vec::new();
    let mut pairs = Vec::new();
    for i in 1..=n {
        match kind[i - 1] {
            -1 => downs.push(i),
            1 => match downs.pop() {
                Some(d) => pairs.push((d, i)),
                None => ups.push(i),
            },
            _ => {}
        }
    }
    if !ups.is_empty() && !downs.is_empty() {
        return false;
    }
    if downs.iter().enumerate().any(|(j, &i)| i != j + 1) {
        return false;
    }
    if ups
        .iter()
        .enumerate()
        .any(|(j, &i)| i != n - ups.len() + 1 + j)
    {
        return false;
    }
    (1..n).all(|p| {
        let h = path[p];
        if m.blocks_terrain(h) {
            return false;
        }
        !m.occupied(h)
            || pairs.iter().any(|&(i, j)| i <= p && p < j)
            || (p == 1 && kind[0] == -1)
            || (p == n - 1 && kind[n - 1] == 1)
    })
}

/// Every choice at the hexside ties, corners skipped.
fn reference(m: &Map, a: Hex, b: Hex) -> bool {
    if a.distance(b) <= 1 {
        return true;
    }
    let options: Vec<Vec<Hex>> = los::trace(a, b)
        .into_iter()
        .filter(|s| !matches!(s, LosStep::Corner(_)))
        .map(|s| s.hexes().collect())
        .collect();
    let ties = options.iter().filter(|o| o.len() == 2).count();
    (0u32..1 << ties).any(|mask| {
        let mut bit = 0;
        let mut path = vec![a];
        for o in &options {
            if o.len() == 2 {
                path.push(o[(mask >> bit) as usize & 1]);
                bit += 1;
            } else {
                path.push(o[0]);
            }
        }
        path.push(b);
        path_clear(m, &path)
    })
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn region() -> Vec<Hex> {
    let mut v = Vec::new();
    for c in 1..=14 {
        for r in 1..=14 {
            v.push(pg(&format!("{c:02}{r:02}")));
        }
    }
    v
}

/// A random map: `relief` = slopes from a random height field (a real relief); otherwise each
/// hexside independently flat or sloped either way.
fn random_map(rng: &mut Rng, hexes: &[Hex], relief: bool) -> Map {
    let mut m = Map::default();
    let height: BTreeMap<Hex, u64> = hexes.iter().map(|&h| (h, rng.below(3))).collect();
    for &h in hexes {
        if rng.below(100) < 7 {
            m.terrain.insert(h);
        }
        if rng.below(100) < 15 {
            m.units.insert(h);
        }
        for n in h.neighbors() {
            let Some(s) = Hexside::between(h, n) else {
                continue;
            };
            if h > n || !height.contains_key(&n) {
                continue;
            }
            let high = if relief {
                match height[&h].cmp(&height[&n]) {
                    std::cmp::Ordering::Greater => Some(h),
                    std::cmp::Ordering::Less => Some(n),
                    std::cmp::Ordering::Equal => None,
                }
            } else {
                match rng.below(5) {
                    0 => Some(h),
                    1 => Some(n),
                    _ => None,
                }
            };
            if let Some(x) = high {
                m.slopes.insert(s, x);
            }
        }
    }
    m
}

#[test]
fn r8_2_random_maps_agree_with_literal_reading_and_are_symmetric() {
    let hexes = region();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut scratch = LosScratch::new();
    let (mut clear, mut total, mut ties) = (0, 0, 0);
    for round in 0..240 {
        let m = random_map(&mut rng, &hexes, round % 2 == 0);
        for _ in 0..160 {
            let a = hexes[rng.below(hexes.len() as u64) as usize];
            // Half the pairs on a hexside spine, so that ties are well exercised.
            let b = if rng.below(2) == 0 {
                let (uq, ur) =
                    [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)][rng.below(6) as usize];
                let k = 1 + rng.below(5) as i16;
                Hex::new(a.q + k * uq, a.r + k * ur)
            } else {
                hexes[rng.below(hexes.len() as u64) as usize]
            };
            let got = line_of_sight_with(&m, a, b, &mut scratch);
            let want = reference(&m, a, b);
            assert_eq!(got.is_clear(), want, "{a:?}->{b:?} on {m:?}: {got:?}");
            assert_eq!(got, line_of_sight(&m, a, b));
            assert_eq!(
                got.is_clear(),
                line_of_sight(&m, b, a).is_clear(),
                "symmetry {a:?}<->{b:?}"
            );
            if let Los::Blocked { at, by, .. } = got {
                // The blamed hex lies on the line between the ends.
                assert!(los::is_intervening(a, b, at), "{a:?}->{b:?}: {got:?}");
                if by != Blocker::Slope {
                    assert!(m.terrain.contains(&at) || m.units.contains(&at));
                }
            }
            total += 1;
            clear += usize::from(want);
            ties += usize::from(
                scratch
                    .steps()
                    .iter()
                    .any(|s| matches!(s, LosStep::Hexside(..))),
            );
        }
    }
    // The sample exercises both answers and many ties.
    assert!(
        clear > total / 10 && clear < total * 9 / 10,
        "{clear}/{total}"
    );
    assert!(ties > total / 4, "{ties}/{total}");
}

#[test]
fn r8_2_long_lines_and_scratch_reuse() {
    // A long spine line (20 ties) on a map where every choice matters: one hex of each tie
    // holds woods, alternating sides. The fold stays small and finds the clear choice.
    let a = pg("0101");
    let b = Hex::new(a.q + 20, a.r + 20);
    let steps = los::trace(a, b);
    let mut m = Map::default();
    for (i, s) in steps.iter().enumerate() {
        if let LosStep::Hexside(x, y) = *s {
            m.terrain.insert(if i % 4 == 0 { x } else { y });
        }
    }
    let mut scratch = LosScratch::default();
    assert!(line_of_sight_with(&m, a, b, &mut scratch).is_clear());
    assert_eq!(scratch.steps(), &steps[..]);
    // Reusing the scratch for another line gives the same answers as fresh calls.
    for (x, y) in [("2105", "2103"), ("1724", "1923"), ("3617", "3512")] {
        let z = zorndorf();
        assert_eq!(
            line_of_sight_with(&z, pg(x), pg(y), &mut scratch),
            line_of_sight(&z, pg(x), pg(y))
        );
    }
    // Adjacent: nothing traced.
    assert!(line_of_sight_with(&m, a, a.neighbors()[0], &mut scratch).is_clear());
    assert!(scratch.steps().is_empty());
}
