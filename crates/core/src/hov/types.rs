//! The small value types every Habit of Victory rule uses: armies and nationalities (§18, ¶39),
//! unit types (¶15), Guard status (¶140), movement points in halves (the TEC's ½ MP roads and
//! river crossings, ¶112, ¶114, ¶123–¶124; 1½ MP hills), strength in half points (a lone
//! vedette is ½ SP, §74; odds keep their fractions, ¶146 step 6), the battle chits (¶146
//! step 3b) and the leader ratings (§17).
//!
//! Everything is integer arithmetic (DESIGN: determinism).

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::Side;

/// The French player's side (side 0 in the catalog).
pub const FRENCH: Side = Side(0);
/// The Coalition player's side (side 1).
pub const COALITION: Side = Side(1);

/// ¶141 1: the most SP one side may have in a hex at the end of a phase or segment.
pub const HEX_SP_LIMIT: u16 = 48;
/// ¶56: the longest Dispatch Distance, 12 MP at cavalry rates.
pub const DISPATCH_DISTANCE: Mp = Mp::whole(12);

/// The armies of the game (§18, ¶39): the French player has one army of many nationalities; the
/// Coalition player runs the Russian and Prussian armies and, after the Austrian Realignment
/// (§183), an Austrian force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Army {
    /// The French army and its allies (§18).
    French,
    /// The Russian army.
    Russian,
    /// The Prussian army.
    Prussian,
    /// Archduke Charles' force (§183, campaign).
    Austrian,
}

impl Army {
    /// Every army, in index order.
    pub const ALL: [Army; 4] = [Army::French, Army::Russian, Army::Prussian, Army::Austrian];

    /// The player who commands it.
    pub const fn side(self) -> Side {
        match self {
            Army::French => FRENCH,
            _ => COALITION,
        }
    }

    /// Its index in per-army arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The army a counter of this nationality belongs to (§18).
    pub const fn of(n: Nationality) -> Army {
        match n {
            Nationality::Russian => Army::Russian,
            Nationality::Prussian => Army::Prussian,
            Nationality::Austrian => Army::Austrian,
            _ => Army::French,
        }
    }
}

impl fmt::Display for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Army::French => "French",
            Army::Russian => "Russian",
            Army::Prussian => "Prussian",
            Army::Austrian => "Austrian",
        })
    }
}

/// The nationalities the counters' colours tell apart (§18). The French Guard is a nationality
/// of its own on the counters; its elite status is [`Guard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nationality {
    /// Sky blue.
    French,
    /// Crimson.
    Polish,
    /// Dark blue with a black stripe.
    Guard,
    /// White with a light green stripe.
    Italian,
    /// Steel blue-gray.
    German,
    /// Chamois with a white stripe.
    Saxon,
    /// Green.
    Bavarian,
    /// White with an orange stripe.
    Dutch,
    /// Earthen brown.
    Russian,
    /// Light blue-gray.
    Prussian,
    /// White with a tan stripe.
    Austrian,
}

impl Nationality {
    /// Reads the data files' code (`"french"`, `"polish"`, ...).
    pub fn parse(s: &str) -> Option<Nationality> {
        Some(match s {
            "french" => Nationality::French,
            "polish" => Nationality::Polish,
            "guard" => Nationality::Guard,
            "italian" => Nationality::Italian,
            "german" => Nationality::German,
            "saxon" => Nationality::Saxon,
            "bavarian" => Nationality::Bavarian,
            "dutch" => Nationality::Dutch,
            "russian" => Nationality::Russian,
            "prussian" => Nationality::Prussian,
            "austrian" => Nationality::Austrian,
            _ => return None,
        })
    }

    /// The player whose counters these are.
    pub const fn side(self) -> Side {
        Army::of(self).side()
    }
}

/// The three unit types (¶15): they move at different costs (TEC) and fight differently
/// (¶157–¶162).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    /// Infantry.
    Infantry,
    /// Cavalry.
    Cavalry,
    /// Artillery: pays the infantry rate (TEC note), bombards (¶158), never counts in the odds
    /// unless alone (¶162).
    Artillery,
}

impl Arm {
    /// The set-up lists' strength letter (§196): `i`, `c`, `a`.
    pub const fn letter(self) -> char {
        match self {
            Arm::Infantry => 'i',
            Arm::Cavalry => 'c',
            Arm::Artillery => 'a',
        }
    }
}

/// Elite status for the attrition exemption (¶140), staking (¶167–¶169) and pursuit (¶189).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Guard {
    /// Line troops.
    #[default]
    Line,
    /// French Young Guard: free of attrition only under the same leader as Old Guard (¶140).
    Young,
    /// French Old Guard: never suffers attrition (¶140); may be staked (¶167).
    Old,
}

/// The battle marker each side chooses in secret (¶146 step 3b, ¶155–¶156).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chit {
    /// Trade losses, several rounds (¶197).
    Pitched,
    /// Trade space: the loser retreats and may be pursued (¶172–¶192).
    Pursuit,
}

impl fmt::Display for Chit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Chit::Pitched => "Pitched",
            Chit::Pursuit => "Pursuit",
        })
    }
}

/// Movement points in halves: the TEC's primary road (½), hills (1½), the secondary river
/// (+½) and the EZOC costs (+½, ¶123–¶124) add exactly.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Mp(pub u16);

impl Mp {
    /// Nothing.
    pub const ZERO: Mp = Mp(0);
    /// Half a point.
    pub const HALF: Mp = Mp(1);
    /// One point.
    pub const ONE: Mp = Mp(2);

    /// `n` whole points.
    pub const fn whole(n: u16) -> Mp {
        Mp(n * 2)
    }

    /// The halves.
    pub const fn halves(self) -> u16 {
        self.0
    }

    /// `self + other`, saturating.
    #[must_use]
    pub const fn plus(self, other: Mp) -> Mp {
        Mp(self.0.saturating_add(other.0))
    }

    /// `self - other`, stopping at zero.
    #[must_use]
    pub const fn minus(self, other: Mp) -> Mp {
        Mp(self.0.saturating_sub(other.0))
    }
}

impl fmt::Display for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.0 / 2, self.0 % 2);
        match (w, h) {
            (0, 1) => f.write_str("½"),
            (w, 1) => write!(f, "{w}½"),
            (w, _) => write!(f, "{w}"),
        }
    }
}

/// Combat strength in half strength points: a lone vedette counts ½ SP (§74) and odds keep
/// their fractions (¶146 step 6); the terrain effects round up to whole points first (§39,
/// §40).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Half(pub u32);

impl Half {
    /// `n` whole strength points.
    pub const fn sp(n: u32) -> Half {
        Half(n * 2)
    }
}

impl fmt::Display for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.0 / 2, self.0 % 2);
        match (w, h) {
            (0, 1) => f.write_str("½"),
            (w, 1) => write!(f, "{w}½"),
            (w, _) => write!(f, "{w}"),
        }
    }
}

/// §39, §40 "rounding fractions up": `ceil(num / den)` for `den > 0` and `num >= 0`.
pub const fn round_up(num: u32, den: u32) -> u32 {
    num.div_ceil(den)
}

/// ¶146 step 3a: a strength announced to the nearest five, one or two SP announced as five
/// (and nothing as nothing). 14 → 15, 12 → 10, 1 → 5. An exact half (2½ past a multiple of
/// five) goes up, as "nearest" with halves conventionally does (a reading: whole SPs never
/// fall there).
pub const fn announced(sp: u32) -> u32 {
    if sp == 0 {
        0
    } else if sp <= 2 {
        5
    } else {
        (sp + 2) / 5 * 5
    }
}

/// A leader's printed ratings (§17): Initiative / [Subordination] / Command Span, and the
/// bonus star (¶34). A Major General's two stars are not a bonus (§21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ratings {
    /// Initiative (¶101).
    pub initiative: u8,
    /// Subordination (¶28); never above 4 (§17).
    pub subordination: u8,
    /// Command Span (¶25).
    pub span: u8,
    /// Leadership Bonus points (stars, ¶34): 0 or 1 in this game (§17).
    pub bonus: u8,
}

impl fmt::Display for Ratings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]{}{}",
            self.initiative,
            self.subordination,
            self.span,
            if self.bonus > 0 { "*" } else { "" }
        )
    }
}

/// An odds ratio as the CRT prints it: `attacker : defender`, e.g. 3:1 is `(3, 1)`, 1:2 is
/// `(1, 2)`, 1.5:1 is `(3, 2)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    /// The attacker's part.
    pub att: u32,
    /// The defender's part.
    pub def: u32,
}

impl Ratio {
    /// `att : def`.
    pub const fn new(att: u32, def: u32) -> Ratio {
        Ratio { att, def }
    }

    /// Whether strengths `a : d` are at least these odds (`a / d >= att / def`), exactly.
    pub const fn reached_by(self, a: u64, d: u64) -> bool {
        a * self.def as u64 >= d * self.att as u64
    }
}

/// ¶127: which side has the cavalry advantage, counting only cavalry outside Swamp, Woods and
/// Hills: +1 when `ours` is at least twice `theirs` (one SP enough against none), −1 when the
/// reverse, 0 otherwise.
pub fn cavalry_advantage(ours: u32, theirs: u32) -> i8 {
    let adv = |a: u32, b: u32| a > 0 && a >= 2 * b;
    if adv(ours, theirs) {
        1
    } else if adv(theirs, ours) {
        -1
    } else {
        0
    }
}
