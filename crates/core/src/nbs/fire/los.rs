//! Line of sight and visibility (19.0–19.4, 28.0b, AUS 5.1) and the two LOS errata on firing
//! (ERR-11, ERR-12), as pure functions over a map the engine describes through [`LosMap`].
//!
//! The geometry of the line (which hexes and hexsides lie under it) comes from
//! [`crate::hex::los`]; this module decides what blocks.
//!
//! # Heights
//!
//! Everything is compared in **half-levels** (a level times two), so the +½ modifiers of 19.3c
//! and 19.3e stay integers. Along the line there are three kinds of obstacle:
//!
//! * an **intervening hex** the line passes through ([`LosStep::Hex`]): its level, +½ for a
//!   feature ([`LosFeature::Symbol`] or [`LosFeature::Whole`]), +½ for blocking units;
//! * a **hexside** the line runs along ([`LosStep::Hexside`]): halfway between its two hexes
//!   (19.1), +½ if either hex holds blocking units (19.3e gives units their hexsides too). A
//!   hexside with one hex off the map takes the level of the other;
//! * a **town-like hex merely touched** — run along one of its sides or grazed at a corner
//!   ([`LosStep::Corner`]) — when its feature is [`LosFeature::Whole`]: it counts as crossed,
//!   at its full modified height (19.3c: any part of the hex, hexsides included). A
//!   [`LosFeature::Symbol`] hex counts only when the line passes through its inside, and a hex
//!   grazed at a corner contributes nothing else (neither its level nor its units).
//!
//! The hexsides the line crosses transversally are never lower than the lower of their two
//! hexes nor higher than the higher (units included), so they can never block where their
//! intervening hexes do not — except the ones next to an end hex, which would let the end's
//! own units block, and 19.3b forbids that. They are therefore not evaluated. The end hexes
//! themselves are at ground level: their features and units never count (19.3b).
//!
//! Units and a feature in the same hex both add their half level (+1 level in all); the text
//! gives them as two separate modifiers. For the 19.2b test this changes nothing (a hex blocks
//! exactly when its level reaches `H` and anything stands on it); it only matters for shadows.
//!
//! # The reading implemented
//!
//! Let `H` be the higher of the two end levels.
//!
//! 1. **Adjacent hexes** (or a hex and itself) always see each other (19.3f).
//! 2. **Case 2, 19.2b:** any obstacle higher than `H` blocks. Equal does not (19.2a). The
//!    reported rule is `"19.2b"` when the bare ground (or the bare hexside midpoint) is higher
//!    than `H`, `"19.3c"` when a terrain feature's half level makes the difference and
//!    `"19.3e"` when units do.
//! 3. **Into but not through, 19.3d.** This module reads 19.3d as the plain-ground
//!    consequence of 19.3c, not as a separate absolute block: a forest, orchard, town, village
//!    or walled farm stands half a level above its ground, so on level ground it always blocks
//!    a line passing through it, while the end hexes' own features never count (firing into
//!    and out of them is allowed). Read as an absolute block, 19.3d would make the half level
//!    of 19.3c meaningless for every feature it names except vineyards, and would forbid a
//!    battery on a hill from firing over a wood in the valley below it.
//! 4. **Case 3, shadows, 19.2c/19.2d** (only when [`LosOptions::shadows`] is on; the
//!    diagram is missing from the text). With `Hi` the higher end and `Lo` the lower one, an
//!    obstacle `O` (any of the three kinds above, at its modified height `h`) hides `Lo` when
//!    all of these hold:
//!    * `h` is above `Lo`'s ground level (strictly: a ridge that rises to the obstacle's
//!      height comes out of the shadow; "note the effect of ridges rising out of shadows");
//!    * between `Hi` and `O` the ground drops below `h`: some hex the line passes through, or
//!      some hexside it runs along, strictly between them has a bare ground level (hexside:
//!      midpoint) lower than `h`. An obstacle on the rim of the high end's own hill, with no
//!      dip before it, casts no shadow: looking down a slope is clear;
//!    * `Lo` is within three hexes of `O` (hex distance ≤ 3; for a hexside, the distance from
//!      either of its hexes, which is the same). The shadow counts from the first hex past the
//!      obstacle. On a plateau every hex is an obstacle, so the plateau's far edge — the
//!      obstacle next to the first hex of the drop — casts the shadow that reaches furthest.
//!
//!    The blocked line reports the first such obstacle counted from the high end, rule
//!    `"19.2c"`. When the two ends are level nothing can shade without already being higher
//!    than `H`.
//!
//! LOS is symmetric (19.3a) by construction: the 19.2b test looks at the whole set of
//! obstacles, and the shadow test always walks the line from the high end to the low end,
//! using [`crate::hex::los::trace`], which is exactly reversed when the ends are swapped. An
//! end hex off the map blocks (rule `"19.1"`: LOS runs between hexes of the map); intervening
//! hexes off the map contribute nothing.
//!
//! # Visibility and fire
//!
//! [`Visibility`] is the turn's maximum LOS range (19.4, 28.0b, AUS 5.1), counted like fire
//! range: the target hex counts, the firer's does not. [`sees`] combines it with [`los`].
//! [`fires_over`] (ERR-11) and [`artillery_screen`] (ERR-12) are the two firing restrictions
//! that hold whatever the LOS.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::hex::los::{contact, trace_into};
use crate::hex::{Contact, Hex, Hexside, LosStep};

/// What stands in a hex that raises it by half a level for LOS blocking (19.3c).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LosFeature {
    /// Nothing that blocks: clear terrain, roads, streams, individual buildings and other minor
    /// features (19.3c says these never affect LOS).
    #[default]
    None,
    /// Forest, orchard, vineyard: counts only where the line passes through the inside of the
    /// hex (the symbol must lie under the line), not where it runs along a side or grazes a
    /// corner.
    Symbol,
    /// Town, village, walled farm: counts wherever the line touches the hex, its sides and
    /// corners included.
    Whole,
}

/// What the NBS LOS rules need from a map and the position on it.
pub trait LosMap {
    /// The hex's level (19.1), or `None` when the hex is off the map.
    fn level(&self, hex: Hex) -> Option<i16>;

    /// The hex's LOS feature (19.3c).
    fn feature(&self, hex: Hex) -> LosFeature;

    /// Whether the hex holds units that block LOS (19.3e).
    ///
    /// 5.1 makes leaders units, and HQs are called HQ units (10.0a), so a hex holding only a
    /// leader or an HQ blocks; markers are not units and never do. Skirmishers never block
    /// (ERR-12): a hex whose only units are skirmishers answers `false`.
    fn units_block(&self, hex: Hex) -> bool;
}

/// Where a line of sight is blocked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Blocker {
    /// A hex: an intervening hex, a town-like hex the line touches, or an end hex off the map.
    Hex(Hex),
    /// A hexside the line runs along.
    Hexside(Hexside),
    /// Nothing on the line: the target lies beyond the turn's visibility (19.4).
    Range,
}

/// The answer of [`los`] and [`sees`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Los {
    /// The two hexes see each other (both ways, 19.3a).
    Clear,
    /// They do not.
    Blocked {
        /// What blocks.
        by: Blocker,
        /// The rule: `"19.2b"` (higher ground or hexside), `"19.3c"` (a terrain feature's half
        /// level), `"19.3e"` (units' half level), `"19.2c"` (a shadow), `"19.1"` (an end hex
        /// off the map), `"19.4"` or `"AUS 5.1"` (beyond visibility).
        rule: &'static str,
    },
}

impl Los {
    /// Whether the line of sight is clear.
    pub const fn is_clear(&self) -> bool {
        matches!(self, Los::Clear)
    }
}

/// Switches for the readings the text leaves open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LosOptions {
    /// Apply the shadow rule (19.2c, 19.2d) as described in the module docs. On by default;
    /// off leaves only 19.2b, for players who find the reconstruction of the missing diagram
    /// unconvincing.
    pub shadows: bool,
}

impl Default for LosOptions {
    fn default() -> LosOptions {
        LosOptions { shadows: true }
    }
}

/// A turn's visibility (19.4, 28.0b, AUS 5.1): the longest LOS in hexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Visibility {
    /// No number on the Turn Record Track.
    #[default]
    Unlimited,
    /// At most this many hexes, inclusive (19.4). Night is `Hexes(1)` (28.0b).
    Hexes(u8),
    /// Fog that lies only on low ground (AUS 5.1, the 9:00 and 9:30 turns, numbers in
    /// brackets): the limit applies when either end is at or below `above_level`; with both
    /// ends above it visibility is unlimited. Austerlitz uses `above_level: 5`.
    FogLow {
        /// The limit where it applies.
        hexes: u8,
        /// The highest level still under the fog.
        above_level: i16,
    },
}

impl Visibility {
    /// Night (28.0b).
    pub const NIGHT: Visibility = Visibility::Hexes(1);

    /// The 9:00 and 9:30 fog of Austerlitz (AUS 5.1): `hexes` at level 5 or below.
    pub const fn austerlitz_low_fog(hexes: u8) -> Visibility {
        Visibility::FogLow {
            hexes,
            above_level: 5,
        }
    }

    /// The longest range allowed between `from` and `to`, or `None` if unlimited. An end hex
    /// off the map counts as low ground.
    pub fn limit<M: LosMap + ?Sized>(self, map: &M, from: Hex, to: Hex) -> Option<u8> {
        match self {
            Visibility::Unlimited => None,
            Visibility::Hexes(n) => Some(n),
            Visibility::FogLow { hexes, above_level } => {
                let high = |h: Hex| map.level(h).is_some_and(|l| l > above_level);
                if high(from) && high(to) {
                    None
                } else {
                    Some(hexes)
                }
            }
        }
    }

    /// The rule named when a target is out of sight for this visibility.
    const fn rule(self) -> &'static str {
        match self {
            Visibility::FogLow { .. } => "AUS 5.1",
            _ => "19.4",
        }
    }
}

/// Whether `to` lies within the visibility range of `from` (19.4; the target hex counts, the
/// firer's does not). This is range only; [`sees`] adds the line of sight.
pub fn visible<M: LosMap + ?Sized>(map: &M, from: Hex, to: Hex, vis: Visibility) -> bool {
    vis.limit(map, from, to)
        .is_none_or(|n| from.distance(to) <= u32::from(n))
}

/// Whether `from` and `to` see each other under 19.0–19.3 with the default [`LosOptions`] (see
/// the module docs for the reading).
///
/// ```
/// use grognard::hex::Hex;
/// use grognard::nbs::los::{los, Blocker, Los, LosFeature, LosMap};
///
/// /// A flat map at level 2 with a town at (2, 0).
/// struct Flat;
/// impl LosMap for Flat {
///     fn level(&self, _: Hex) -> Option<i16> { Some(2) }
///     fn feature(&self, h: Hex) -> LosFeature {
///         if h == Hex::new(2, 0) { LosFeature::Whole } else { LosFeature::None }
///     }
///     fn units_block(&self, _: Hex) -> bool { false }
/// }
/// let h = Hex::new;
/// assert_eq!(los(&Flat, h(0, 0), h(1, 0)), Los::Clear); // adjacent (19.3f)
/// assert_eq!(
///     los(&Flat, h(0, 0), h(4, 0)),
///     Los::Blocked { by: Blocker::Hex(h(2, 0)), rule: "19.3c" }
/// );
/// assert_eq!(los(&Flat, h(0, 0), h(2, 0)), Los::Clear); // into the town (19.3d)
/// ```
pub fn los<M: LosMap + ?Sized>(map: &M, from: Hex, to: Hex) -> Los {
    los_with(&mut Vec::new(), map, from, to, LosOptions::default())
}

/// [`los`] with a caller's buffer for the traced line (reused, so repeated calls allocate
/// nothing once it has grown) and explicit options. Afterwards `buf` holds the line's steps
/// (see [`crate::hex::los::trace`]), unless an end hex is off the map.
pub fn los_with<M: LosMap + ?Sized>(
    buf: &mut Vec<LosStep>,
    map: &M,
    from: Hex,
    to: Hex,
    opts: LosOptions,
) -> Los {
    let (Some(lf), Some(lt)) = (map.level(from), map.level(to)) else {
        let off = if map.level(from).is_none() { from } else { to };
        return Los::Blocked {
            by: Blocker::Hex(off),
            rule: "19.1",
        };
    };
    // 19.3f: adjacent hexes always see each other.
    if from.distance(to) <= 1 {
        buf.clear();
        return Los::Clear;
    }
    trace_into(from, to, buf);
    let top = 2 * i32::from(lf.max(lt));
    // 19.2b (with 19.3c, 19.3e): any obstacle above the higher end. Reported from the `from`
    // end, but the answer depends only on the set of obstacles.
    for &step in buf.iter() {
        for o in obstacles(map, step).into_iter().flatten() {
            if o.height > top {
                return Los::Blocked {
                    by: o.at,
                    rule: o.rule_above(top),
                };
            }
        }
    }
    if !opts.shadows || lf == lt {
        return Los::Clear;
    }
    // 19.2c, 19.2d: walk from the high end so that both directions do the same work.
    let (lo, lo_level) = if lf < lt { (from, lf) } else { (to, lt) };
    let low = 2 * i32::from(lo_level);
    if lf > lt {
        shadow(map, buf.iter().copied(), lo, low)
    } else {
        shadow(map, buf.iter().rev().copied(), lo, low)
    }
}

/// [`los`] and [`visible`] together: the target must be within the turn's visibility and in
/// LOS. Out of range is reported as [`Blocker::Range`].
pub fn sees<M: LosMap + ?Sized>(map: &M, from: Hex, to: Hex, vis: Visibility) -> Los {
    sees_with(&mut Vec::new(), map, from, to, vis, LosOptions::default())
}

/// [`sees`] with a reusable buffer and explicit options (see [`los_with`]).
pub fn sees_with<M: LosMap + ?Sized>(
    buf: &mut Vec<LosStep>,
    map: &M,
    from: Hex,
    to: Hex,
    vis: Visibility,
    opts: LosOptions,
) -> Los {
    if map.level(from).is_some() && map.level(to).is_some() && !visible(map, from, to, vis) {
        return Los::Blocked {
            by: Blocker::Range,
            rule: vis.rule(),
        };
    }
    los_with(buf, map, from, to, opts)
}

/// ERR-11: no unit may fire over friendly units, skirmishers included, whatever the LOS. The
/// first hex between `from` and `to` (from the firer's side) for which `friendly` answers
/// true, or `None` if fire may pass.
///
/// A hex counts when the line passes through its inside or runs along one of its sides (19.3e
/// gives units their hexsides); a hex only grazed at a corner does not. The end hexes never
/// count. `friendly` should answer true for any hex holding a unit friendly to the firer — by
/// 5.1 a leader is a unit too.
pub fn fires_over(friendly: impl Fn(Hex) -> bool, from: Hex, to: Hex) -> Option<Hex> {
    fires_over_with(&mut Vec::new(), friendly, from, to)
}

/// [`fires_over`] with a reusable buffer for the traced line.
pub fn fires_over_with(
    buf: &mut Vec<LosStep>,
    friendly: impl Fn(Hex) -> bool,
    from: Hex,
    to: Hex,
) -> Option<Hex> {
    trace_into(from, to, buf);
    buf.iter()
        .filter(|s| !matches!(s, LosStep::Corner(_)))
        .flat_map(|s| s.hexes())
        .find(|&h| friendly(h))
}

/// The target's neighbours through which a fire from `from` comes into `to` (20.3c): `from`
/// itself when adjacent; otherwise the hexes next to `to` that the traced line passes
/// through or runs along (two when it runs along a side or meets `to` at a corner).
pub fn entry_neighbours(from: Hex, to: Hex) -> Vec<Hex> {
    if from.distance(to) <= 1 {
        return alloc::vec![from];
    }
    let mut buf = Vec::new();
    trace_into(from, to, &mut buf);
    let mut out: Vec<Hex> = buf
        .iter()
        .filter(|s| !matches!(s, LosStep::Corner(_)))
        .flat_map(|s| s.hexes())
        .filter(|h| h.distance(to) == 1)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// ERR-12: artillery in `from` may not fire at `to` through an enemy skirmisher next to it,
/// although it sees through it (skirmishers never block LOS). The adjacent intervening hex
/// for which `enemy_skirmisher` answers true, or `None`. As in [`fires_over`], a hex counts
/// when the line passes through it or runs along one of its sides; the target hex itself
/// never counts (firing at an adjacent skirmisher is not firing through it). Constant time,
/// no allocation.
pub fn artillery_screen(enemy_skirmisher: impl Fn(Hex) -> bool, from: Hex, to: Hex) -> Option<Hex> {
    from.neighbors().into_iter().find(|&n| {
        matches!(
            contact(from, to, n),
            Some(Contact::Through | Contact::Hexside { .. })
        ) && enemy_skirmisher(n)
    })
}

// ---- obstacles ------------------------------------------------------------------------

/// One obstacle under the line, in half-levels.
#[derive(Clone, Copy)]
struct Obstacle {
    at: Blocker,
    /// Bare ground level, or hexside midpoint, times two.
    ground: i32,
    /// The terrain feature's half level counts.
    feature: bool,
    /// Modified height: ground plus the half levels.
    height: i32,
    /// A hex of the obstacle, for the shadow distance.
    hex: Hex,
}

impl Obstacle {
    fn new(at: Blocker, hex: Hex, ground: i32, feature: bool, units: bool) -> Obstacle {
        Obstacle {
            at,
            ground,
            feature,
            height: ground + i32::from(feature) + i32::from(units),
            hex,
        }
    }

    /// The rule that makes this obstacle higher than `top` (which it is).
    fn rule_above(&self, top: i32) -> &'static str {
        if self.ground > top {
            "19.2b"
        } else if self.feature && self.ground + 1 > top {
            "19.3c"
        } else {
            "19.3e"
        }
    }
}

/// A whole hex as an obstacle, or `None` when it is off the map.
fn hex_obstacle<M: LosMap + ?Sized>(map: &M, h: Hex, feature: bool) -> Option<Obstacle> {
    let l = map.level(h)?;
    Some(Obstacle::new(
        Blocker::Hex(h),
        h,
        2 * i32::from(l),
        feature,
        map.units_block(h),
    ))
}

/// A town-like hex touched by the line (along a side or at a corner), or `None`.
fn touched<M: LosMap + ?Sized>(map: &M, h: Hex) -> Option<Obstacle> {
    if map.feature(h) == LosFeature::Whole {
        hex_obstacle(map, h, true)
    } else {
        None
    }
}

/// The obstacles of one step of the line (see the module docs).
fn obstacles<M: LosMap + ?Sized>(map: &M, step: LosStep) -> [Option<Obstacle>; 3] {
    match step {
        LosStep::Hex(h) => [
            hex_obstacle(map, h, map.feature(h) != LosFeature::None),
            None,
            None,
        ],
        LosStep::Hexside(a, b) => {
            let side = match (map.level(a), map.level(b), Hexside::between(a, b)) {
                (la, lb, Some(s)) if la.is_some() || lb.is_some() => {
                    let la = la.or(lb).map_or(0, i32::from);
                    let lb = lb.map_or(la, i32::from);
                    let units = map.units_block(a) || map.units_block(b);
                    Some(Obstacle::new(Blocker::Hexside(s), a, la + lb, false, units))
                }
                _ => None,
            };
            [side, touched(map, a), touched(map, b)]
        }
        LosStep::Corner(h) => [touched(map, h), None, None],
    }
}

/// The bare ground of a step for the drop test of 19.2c: a hex passed through or a hexside run
/// along; `None` for corner grazes and off-map hexes.
fn drop_ground<M: LosMap + ?Sized>(map: &M, step: LosStep) -> Option<i32> {
    match step {
        LosStep::Hex(h) => map.level(h).map(|l| 2 * i32::from(l)),
        LosStep::Hexside(a, b) => {
            let (la, lb) = (map.level(a), map.level(b));
            let la = la.or(lb)?;
            let lb = lb.unwrap_or(la);
            Some(i32::from(la) + i32::from(lb))
        }
        LosStep::Corner(_) => None,
    }
}

/// 19.2c, 19.2d over the steps in order from the high end; `lo` is the low end hex and `low`
/// its level in half-levels. Every obstacle is already known to be no higher than the high end.
fn shadow<M: LosMap + ?Sized>(
    map: &M,
    steps: impl Iterator<Item = LosStep>,
    lo: Hex,
    low: i32,
) -> Los {
    // The lowest ground strictly between the high end and the current step.
    let mut dip = i32::MAX;
    for step in steps {
        for o in obstacles(map, step).into_iter().flatten() {
            if o.height > low && dip < o.height && o.hex.distance(lo) <= 3 {
                return Los::Blocked {
                    by: o.at,
                    rule: "19.2c",
                };
            }
        }
        if let Some(g) = drop_ground(map, step) {
            dip = dip.min(g);
        }
    }
    Los::Clear
}

#[cfg(test)]
mod tests {
    use alloc::collections::{BTreeMap, BTreeSet};
    use alloc::vec;

    use super::*;
    use crate::hex::los::trace;

    /// A disc of hexes round the origin: a base level, single-hex overrides, features, hexes
    /// with blocking units and hexes whose only units are skirmishers.
    struct TestMap {
        radius: u32,
        base: i16,
        levels: BTreeMap<Hex, i16>,
        features: BTreeMap<Hex, LosFeature>,
        units: BTreeSet<Hex>,
        skirmishers: BTreeSet<Hex>,
    }

    impl TestMap {
        fn flat(base: i16) -> TestMap {
            TestMap {
                radius: 30,
                base,
                levels: BTreeMap::new(),
                features: BTreeMap::new(),
                units: BTreeSet::new(),
                skirmishers: BTreeSet::new(),
            }
        }

        /// Level 0 everywhere except `levels[i]` at `(i, 0)`: a cross-section along one row.
        fn row(levels: &[i16]) -> TestMap {
            let mut m = TestMap::flat(0);
            for (i, &l) in levels.iter().enumerate() {
                m.levels.insert(h(i as i16, 0), l);
            }
            m
        }

        fn with_feature(mut self, hex: Hex, f: LosFeature) -> TestMap {
            self.features.insert(hex, f);
            self
        }

        fn with_units(mut self, hex: Hex) -> TestMap {
            self.units.insert(hex);
            self
        }
    }

    impl LosMap for TestMap {
        fn level(&self, hex: Hex) -> Option<i16> {
            (hex.distance(Hex::new(0, 0)) <= self.radius)
                .then(|| self.levels.get(&hex).copied().unwrap_or(self.base))
        }
        fn feature(&self, hex: Hex) -> LosFeature {
            self.features.get(&hex).copied().unwrap_or_default()
        }
        fn units_block(&self, hex: Hex) -> bool {
            // ERR-12: a hex holding only skirmishers does not block.
            self.units.contains(&hex) && !self.skirmishers.contains(&hex)
        }
    }

    fn h(q: i16, r: i16) -> Hex {
        Hex::new(q, r)
    }

    fn blocked(by: Blocker, rule: &'static str) -> Los {
        Los::Blocked { by, rule }
    }

    fn no_shadows() -> LosOptions {
        LosOptions { shadows: false }
    }

    fn los_opts(map: &TestMap, a: Hex, b: Hex, opts: LosOptions) -> Los {
        los_with(&mut Vec::new(), map, a, b, opts)
    }

    /// Both directions, asserting they agree on clear/blocked (19.3a).
    fn both(map: &TestMap, a: Hex, b: Hex) -> Los {
        let there = los(map, a, b);
        let back = los(map, b, a);
        assert_eq!(there.is_clear(), back.is_clear(), "{a:?} <-> {b:?}");
        there
    }

    /// A line that runs along one hexside: from the origin to (2, -1).
    fn spine() -> (Hex, Hex, Hex, Hex) {
        let (from, to) = (h(0, 0), h(2, -1));
        match trace(from, to)[..] {
            [LosStep::Hexside(a, b)] => (from, to, a, b),
            ref other => panic!("not a spine: {other:?}"),
        }
    }

    /// A line that grazes a hex at a corner: the first one found from the origin.
    fn corner_line() -> (Hex, Hex, Hex) {
        for q in 0..8i16 {
            for r in -8..8i16 {
                let to = h(q, r);
                for s in trace(h(0, 0), to) {
                    if let LosStep::Corner(c) = s {
                        return (h(0, 0), to, c);
                    }
                }
            }
        }
        panic!("no corner graze found");
    }

    #[test]
    fn r19_3f_adjacent_always_clear() {
        let map = TestMap::row(&[0, 9])
            .with_units(h(0, 0))
            .with_units(h(1, 0));
        assert_eq!(both(&map, h(0, 0), h(1, 0)), Los::Clear);
        assert_eq!(both(&map, h(0, 0), h(0, 0)), Los::Clear);
    }

    #[test]
    fn r19_2a_equal_height_does_not_block() {
        let map = TestMap::row(&[3, 3, 3, 3]);
        assert_eq!(both(&map, h(0, 0), h(3, 0)), Los::Clear);
        // Lower ground between never blocks.
        let map = TestMap::row(&[3, 1, 0, 3]);
        assert_eq!(both(&map, h(0, 0), h(3, 0)), Los::Clear);
    }

    #[test]
    fn r19_2b_higher_hill_blocks() {
        let map = TestMap::row(&[1, 1, 2, 1, 1]);
        assert_eq!(
            both(&map, h(0, 0), h(4, 0)),
            blocked(Blocker::Hex(h(2, 0)), "19.2b")
        );
        // Higher than the lower end but not than the higher one: clear (no dip before it).
        let map = TestMap::row(&[3, 4, 5]);
        assert_eq!(both(&map, h(0, 0), h(2, 0)), Los::Clear);
        // The first blocker from the firer is the one reported.
        let map = TestMap::row(&[1, 2, 1, 3, 1]);
        assert_eq!(
            los(&map, h(0, 0), h(4, 0)),
            blocked(Blocker::Hex(h(1, 0)), "19.2b")
        );
        assert_eq!(
            los(&map, h(4, 0), h(0, 0)),
            blocked(Blocker::Hex(h(3, 0)), "19.2b")
        );
    }

    #[test]
    fn r19_1_hexside_midway_between_its_hexes() {
        let (from, to, a, b) = spine();
        let side = Blocker::Hexside(Hexside::between(a, b).unwrap());
        // A level 3 hex beside the line and a level 1 hex across: the hexside is at 2.
        let mut map = TestMap::flat(2);
        map.levels.insert(a, 3);
        map.levels.insert(b, 1);
        assert_eq!(both(&map, from, to), Los::Clear);
        map.base = 1;
        map.levels.insert(a, 2);
        assert_eq!(both(&map, from, to), blocked(side, "19.2b"));
        // Off the map on one side: the hexside takes the level of the other hex.
        let mut map = TestMap::flat(1);
        map.radius = 2;
        map.levels.insert(a, 2);
        map.levels.insert(b, 2);
        assert_eq!(both(&map, from, to), blocked(side, "19.2b"));
    }

    #[test]
    fn r19_1_off_map_end_blocks() {
        let mut map = TestMap::flat(1);
        map.radius = 3;
        assert_eq!(
            los(&map, h(0, 0), h(5, 0)),
            blocked(Blocker::Hex(h(5, 0)), "19.1")
        );
        assert_eq!(
            los(&map, h(5, 0), h(0, 0)),
            blocked(Blocker::Hex(h(5, 0)), "19.1")
        );
    }

    #[test]
    fn r19_3b_end_hexes_at_ground_level() {
        let map = TestMap::row(&[2, 2, 2])
            .with_feature(h(0, 0), LosFeature::Whole)
            .with_feature(h(2, 0), LosFeature::Symbol)
            .with_units(h(0, 0))
            .with_units(h(2, 0));
        assert_eq!(both(&map, h(0, 0), h(2, 0)), Los::Clear);
        // Also along a spine, where the lines next to the ends are hexsides.
        let (from, to, _, _) = spine();
        let map = TestMap::flat(1).with_units(from).with_units(to);
        assert_eq!(both(&map, from, to), Los::Clear);
    }

    #[test]
    fn r19_3c_town_half_level() {
        let town = h(2, 0);
        let map = TestMap::row(&[2, 2, 2, 2, 2]).with_feature(town, LosFeature::Whole);
        assert_eq!(
            both(&map, h(0, 0), h(4, 0)),
            blocked(Blocker::Hex(town), "19.3c")
        );
        // From a level higher the town is looked over; nothing dips before it, so no shadow.
        let mut map = map;
        map.levels.insert(h(0, 0), 3);
        map.levels.insert(h(1, 0), 3);
        assert_eq!(both(&map, h(0, 0), h(4, 0)), Los::Clear);
    }

    #[test]
    fn r19_3c_town_counts_along_its_side_and_at_a_corner_forest_does_not() {
        let (from, to, a, _) = spine();
        let map = TestMap::flat(1).with_feature(a, LosFeature::Whole);
        assert_eq!(both(&map, from, to), blocked(Blocker::Hex(a), "19.3c"));
        let map = TestMap::flat(1).with_feature(a, LosFeature::Symbol);
        assert_eq!(both(&map, from, to), Los::Clear);

        let (from, to, c) = corner_line();
        let map = TestMap::flat(1).with_feature(c, LosFeature::Whole);
        assert_eq!(both(&map, from, to), blocked(Blocker::Hex(c), "19.3c"));
        let map = TestMap::flat(1).with_feature(c, LosFeature::Symbol);
        assert_eq!(both(&map, from, to), Los::Clear);
        // A hill or units only grazed at a corner do not count.
        let mut map = TestMap::flat(1).with_units(c);
        map.levels.insert(c, 5);
        assert_eq!(both(&map, from, to), Los::Clear);
    }

    #[test]
    fn r19_3d_into_and_out_of_but_not_through_forest() {
        let wood = h(2, 0);
        let map = TestMap::flat(1).with_feature(wood, LosFeature::Symbol);
        assert_eq!(both(&map, h(0, 0), wood), Los::Clear);
        assert_eq!(both(&map, wood, h(4, 0)), Los::Clear);
        assert_eq!(
            both(&map, h(0, 0), h(4, 0)),
            blocked(Blocker::Hex(wood), "19.3c")
        );
        // From a hill, a wood in the valley is looked over (19.3d is not an absolute block).
        let mut map = TestMap::flat(1).with_feature(wood, LosFeature::Symbol);
        map.levels.insert(h(0, 0), 3);
        map.levels.insert(h(1, 0), 3);
        assert_eq!(both(&map, h(0, 0), h(4, 0)), Los::Clear);
        assert_eq!(los_opts(&map, h(0, 0), h(4, 0), no_shadows()), Los::Clear);
    }

    #[test]
    fn r19_3e_units_half_level() {
        let map = TestMap::row(&[2, 2, 2, 2]).with_units(h(2, 0));
        assert_eq!(
            both(&map, h(0, 0), h(3, 0)),
            blocked(Blocker::Hex(h(2, 0)), "19.3e")
        );
        // Units on a lower hex do not reach a level up.
        let map = TestMap::row(&[2, 2, 1, 2]).with_units(h(2, 0));
        assert_eq!(both(&map, h(0, 0), h(3, 0)), Los::Clear);
        // Units raise their hexsides too.
        let (from, to, a, b) = spine();
        let map = TestMap::flat(1).with_units(b);
        let side = Blocker::Hexside(Hexside::between(a, b).unwrap());
        assert_eq!(both(&map, from, to), blocked(side, "19.3e"));
        // A feature and units together: the feature is named.
        let map = TestMap::row(&[2, 2, 2, 2])
            .with_units(h(2, 0))
            .with_feature(h(2, 0), LosFeature::Whole);
        assert_eq!(
            los(&map, h(0, 0), h(3, 0)),
            blocked(Blocker::Hex(h(2, 0)), "19.3c")
        );
    }

    #[test]
    fn err12_skirmishers_do_not_block() {
        let mut map = TestMap::row(&[2, 2, 2, 2]).with_units(h(2, 0));
        map.skirmishers.insert(h(2, 0));
        assert_eq!(both(&map, h(0, 0), h(3, 0)), Los::Clear);
    }

    #[test]
    fn err12_artillery_not_through_adjacent_enemy_skirmisher() {
        let skirm = |s: Hex| move |x: Hex| x == s;
        assert_eq!(
            artillery_screen(skirm(h(1, 0)), h(0, 0), h(4, 0)),
            Some(h(1, 0))
        );
        // Not adjacent to the battery: it may fire.
        assert_eq!(artillery_screen(skirm(h(2, 0)), h(0, 0), h(4, 0)), None);
        // Adjacent to the battery but off the line.
        assert_eq!(artillery_screen(skirm(h(0, 1)), h(0, 0), h(4, 0)), None);
        // The skirmisher is the target.
        assert_eq!(artillery_screen(skirm(h(1, 0)), h(0, 0), h(1, 0)), None);
        // Along a hexside either hex screens.
        let (from, to, a, b) = spine();
        assert_eq!(artillery_screen(skirm(a), from, to), Some(a));
        assert_eq!(artillery_screen(skirm(b), from, to), Some(b));
        // Exactly the intervening hexes next to the battery screen it; corner grazes do not.
        let from = h(0, 0);
        for q in -6i16..=6 {
            for r in -6i16..=6 {
                let to = h(q, r);
                for s in trace(from, to) {
                    let grazed = matches!(s, LosStep::Corner(_));
                    for x in s.hexes().filter(|x| x.distance(from) == 1) {
                        let screen = artillery_screen(skirm(x), from, to);
                        assert_eq!(screen, (!grazed).then_some(x), "{to:?} {s:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn err11_no_fire_over_friendly_units() {
        let friends = [h(3, 0), h(2, 0)];
        let friendly = |x: Hex| friends.contains(&x);
        assert_eq!(fires_over(friendly, h(0, 0), h(5, 0)), Some(h(2, 0)));
        assert_eq!(fires_over(friendly, h(5, 0), h(0, 0)), Some(h(3, 0)));
        assert_eq!(fires_over(friendly, h(0, 0), h(2, 0)), None);
        assert_eq!(fires_over(friendly, h(0, 0), h(0, 3)), None);
        let (from, to, _, b) = spine();
        assert_eq!(fires_over(|x| x == b, from, to), Some(b));
    }

    #[test]
    fn r19_2c_shadow_behind_a_ridge() {
        // Observer at 5, a dip to 2, a ridge at 3, then down to 1.
        let map = TestMap::row(&[5, 2, 3, 2, 1, 1, 1]);
        let ridge = Blocker::Hex(h(2, 0));
        assert_eq!(both(&map, h(0, 0), h(4, 0)), blocked(ridge, "19.2c"));
        assert_eq!(los(&map, h(4, 0), h(0, 0)), blocked(ridge, "19.2c"));
        // Three hexes counted from the first past the ridge: (5, 0) is the third.
        assert_eq!(both(&map, h(0, 0), h(5, 0)), blocked(ridge, "19.2c"));
        assert_eq!(both(&map, h(0, 0), h(6, 0)), Los::Clear);
        // Switched off.
        assert_eq!(los_opts(&map, h(0, 0), h(4, 0), no_shadows()), Los::Clear);
        assert_eq!(los_opts(&map, h(4, 0), h(0, 0), no_shadows()), Los::Clear);
    }

    #[test]
    fn r19_2c_no_shadow_without_a_dip_before_the_obstacle() {
        // Looking down a slope: nothing before each obstacle is lower than it.
        let map = TestMap::row(&[5, 5, 4, 3, 2, 1]);
        assert_eq!(both(&map, h(0, 0), h(5, 0)), Los::Clear);
        let map = TestMap::row(&[5, 4, 2, 1]);
        assert_eq!(both(&map, h(0, 0), h(3, 0)), Los::Clear);
    }

    #[test]
    fn r19_2c_ridges_rise_out_of_the_shadow() {
        // The lower end as high as the ridge is not shaded.
        let map = TestMap::row(&[5, 2, 3, 2, 3]);
        assert_eq!(both(&map, h(0, 0), h(4, 0)), Los::Clear);
        // The far edge of a plateau casts the shadow, three hexes deep.
        let map = TestMap::row(&[5, 2, 3, 3, 3, 3, 3, 2, 2, 1, 1]);
        let edge = blocked(Blocker::Hex(h(6, 0)), "19.2c");
        assert_eq!(both(&map, h(0, 0), h(9, 0)), edge);
        assert_eq!(los(&map, h(9, 0), h(0, 0)), edge);
        assert_eq!(both(&map, h(0, 0), h(10, 0)), Los::Clear);
    }

    #[test]
    fn r19_2c_wood_casts_a_shadow() {
        let wood = h(2, 0);
        let map = TestMap::row(&[5, 2, 2, 2, 2]).with_feature(wood, LosFeature::Symbol);
        assert_eq!(
            both(&map, h(0, 0), h(4, 0)),
            blocked(Blocker::Hex(wood), "19.2c")
        );
        // The same wood on the rim of the observer's hill hides nothing below it.
        let map = TestMap::row(&[3, 2, 1, 1]).with_feature(h(1, 0), LosFeature::Symbol);
        assert_eq!(both(&map, h(0, 0), h(3, 0)), Los::Clear);
    }

    /// A map with a rugged relief from a fixed formula: levels 0..=4, woods, towns, units.
    fn rugged() -> TestMap {
        let mut m = TestMap::flat(0);
        m.radius = 7;
        for q in -7i16..=7 {
            for r in -7i16..=7 {
                let x = h(q, r);
                let k = i32::from(q) * 7 + i32::from(r) * 13 + i32::from(q) * i32::from(r) * 3;
                let lv = (k.rem_euclid(11) + (i32::from(q) + i32::from(r)).rem_euclid(3)) / 3;
                m.levels.insert(x, lv as i16);
                match (k * 5 + 1).rem_euclid(17) {
                    0 | 1 => {
                        m.features.insert(x, LosFeature::Symbol);
                    }
                    2 => {
                        m.features.insert(x, LosFeature::Whole);
                    }
                    3 | 4 => {
                        m.units.insert(x);
                    }
                    5 => {
                        m.units.insert(x);
                        m.skirmishers.insert(x);
                    }
                    _ => {}
                }
            }
        }
        m
    }

    #[test]
    fn r19_3a_symmetric() {
        let map = rugged();
        let hexes: Vec<Hex> = map.levels.keys().copied().collect();
        let mut buf = Vec::new();
        let mut tally = BTreeMap::new();
        for opts in [LosOptions::default(), no_shadows()] {
            for &a in &hexes {
                for &b in &hexes {
                    let there = los_with(&mut buf, &map, a, b, opts);
                    let back = los_with(&mut buf, &map, b, a, opts);
                    assert_eq!(there.is_clear(), back.is_clear(), "{a:?} <-> {b:?}");
                    let rule = match there {
                        Los::Clear => "clear",
                        Los::Blocked { rule, .. } => rule,
                    };
                    *tally.entry((opts.shadows, rule)).or_insert(0u32) += 1;
                }
            }
        }
        // The map exercises every rule.
        for rule in ["clear", "19.2b", "19.3c", "19.3e", "19.2c"] {
            assert!(
                tally.get(&(true, rule)).copied().unwrap_or(0) > 100,
                "{tally:?}"
            );
        }
        assert!(!tally.contains_key(&(false, "19.2c")));
    }

    #[test]
    fn r19_4_visibility_inclusive() {
        let map = TestMap::flat(1);
        let v = Visibility::Hexes(5);
        assert!(visible(&map, h(0, 0), h(5, 0), v));
        assert!(!visible(&map, h(0, 0), h(6, 0), v));
        assert!(visible(&map, h(0, 0), h(20, 0), Visibility::Unlimited));
        assert_eq!(
            sees(&map, h(0, 0), h(6, 0), v),
            blocked(Blocker::Range, "19.4")
        );
        assert_eq!(sees(&map, h(0, 0), h(5, 0), v), Los::Clear);
        let map = map.with_units(h(2, 0));
        assert_eq!(
            sees(&map, h(0, 0), h(5, 0), v),
            blocked(Blocker::Hex(h(2, 0)), "19.3e")
        );
    }

    #[test]
    fn r28_0b_night_one_hex() {
        let map = TestMap::flat(1);
        assert_eq!(Visibility::NIGHT, Visibility::Hexes(1));
        assert!(visible(&map, h(0, 0), h(1, 0), Visibility::NIGHT));
        assert!(!visible(&map, h(0, 0), h(2, 0), Visibility::NIGHT));
    }

    #[test]
    fn aus5_1_fog_only_low() {
        let fog = Visibility::austerlitz_low_fog(2);
        let mut map = TestMap::flat(6);
        // Both ends at 6 or more: unlimited.
        assert!(visible(&map, h(0, 0), h(10, 0), fog));
        assert_eq!(fog.limit(&map, h(0, 0), h(10, 0)), None);
        // One end at 5: the number applies.
        map.levels.insert(h(10, 0), 5);
        map.levels.insert(h(2, 0), 5);
        assert!(!visible(&map, h(0, 0), h(10, 0), fog));
        assert!(!visible(&map, h(10, 0), h(0, 0), fog));
        assert!(visible(&map, h(0, 0), h(2, 0), fog));
        assert!(!visible(&TestMap::flat(5), h(0, 0), h(3, 0), fog));
        assert_eq!(
            sees(&map, h(0, 0), h(10, 0), fog),
            blocked(Blocker::Range, "AUS 5.1")
        );
    }

    #[test]
    fn r19_buffer_holds_the_trace() {
        let map = TestMap::flat(1);
        let mut buf = vec![LosStep::Corner(h(9, 9))];
        assert!(los_with(&mut buf, &map, h(0, 0), h(3, 0), LosOptions::default()).is_clear());
        assert_eq!(buf, trace(h(0, 0), h(3, 0)));
        los_with(&mut buf, &map, h(0, 0), h(1, 0), LosOptions::default());
        assert!(buf.is_empty());
    }
}
