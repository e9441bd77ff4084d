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
