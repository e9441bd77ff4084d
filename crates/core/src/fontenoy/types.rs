//! The small value types every Fontenoy rule uses: the three rounding methods of 1.5b, movement
//! and command costs in sixths of a point (1.5b "keep the fraction": ½ LOC and MP costs, 7.2b,
//! 11.8a; ⅓ MP on the Major Road, F-9.2n), the odds ratio read in the defender's favour (12.1,
//! 13.11), formations (8.0), the organisational and morale states (18.0, 19.0), and the letters
//! of the Disorder and Morale Checks (18.1, 19.1), which are two separate lists.
//!
//! Everything is integer arithmetic (DESIGN: determinism).

use core::fmt;

use serde::{Deserialize, Serialize};

/// 1.5b "Round": add one half, then drop the fraction, for `num / den` with `den > 0`.
/// `round(5, 2) == 3` (2.5 → 3), `round(27, 10) == 3`, `round(22, 10) == 2`. Negative values
/// round the same way on the number line (-2.5 → -2): the text gives no negative case, and
/// adding a half then flooring is what it says.
pub const fn round(num: i32, den: i32) -> i32 {
    // floor((2n + d) / 2d) for d > 0.
    (2 * num + den).div_euclid(2 * den)
}

/// 1.5b "Round down": drop the fraction (`round_down(129, 10) == 12`); toward negative
/// infinity for negative values.
pub const fn round_down(num: i32, den: i32) -> i32 {
    num.div_euclid(den)
}

/// A cost or allowance in sixths of a point, so that the halves of 1.5b "keep the fraction"
/// (7.2b ½ LOC steps, 11.8a skirmisher rearward +½, F-9.2a bog 1½) and the third of the Major
/// Road (F-9.2n: ⅓ MP) add exactly.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Pts(pub u16);

impl Pts {
    /// Nothing.
    pub const ZERO: Pts = Pts(0);
    /// One half.
    pub const HALF: Pts = Pts(3);
    /// One third.
    pub const THIRD: Pts = Pts(2);
    /// One point.
    pub const ONE: Pts = Pts(6);

    /// `n` whole points.
    pub const fn whole(n: u16) -> Pts {
        Pts(n * 6)
    }

    /// The sixths.
    pub const fn sixths(self) -> u16 {
        self.0
    }

    /// `self + other`, saturating.
    #[must_use]
    pub const fn plus(self, other: Pts) -> Pts {
        Pts(self.0.saturating_add(other.0))
    }

    /// `self - other`, or `None` when `other` is more.
    pub const fn minus(self, other: Pts) -> Option<Pts> {
        match self.0.checked_sub(other.0) {
            Some(v) => Some(Pts(v)),
            None => None,
        }
    }
}

impl fmt::Display for Pts {
    /// `3`, `1½`, `⅓`, `2⅔`, `1⅙`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 6;
        let frac = match self.0 % 6 {
            0 => "",
            1 => "⅙",
            2 => "⅓",
            3 => "½",
            4 => "⅔",
            _ => "⅚",
        };
        if whole == 0 && !frac.is_empty() {
            f.write_str(frac)
        } else {
            write!(f, "{whole}{frac}")
        }
    }
}

/// An odds column read in the defender's favour (12.1, 13.11): `Odds { attack: a, defence: d }`
/// is `a:1` when `a >= 1` and `d == 1`, or `1:d` when the attacker is weaker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Odds {
    /// The attacker's side of the ratio.
    pub attack: u32,
    /// The defender's side of the ratio.
    pub defence: u32,
}

impl Odds {
    /// The ratio of `strength` to `defence`, truncated toward the column least favourable to
    /// the attacker: 14:3 (4.67:1) is 4:1; 3:7 (1:2.33) is 1:3. `None` when either is zero.
    pub const fn of(strength: u32, defence: u32) -> Option<Odds> {
        if strength == 0 || defence == 0 {
            return None;
        }
        if strength >= defence {
            Some(Odds {
                attack: strength / defence,
                defence: 1,
            })
        } else {
            Some(Odds {
                attack: 1,
                defence: defence.div_ceil(strength),
            })
        }
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.attack, self.defence)
    }
}

/// The kinds of counter (5.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Infantry battalions, dismounted dragoons, skirmishers (F-3.1, F-4.1).
    Infantry,
    /// Cavalry squadron groups (6.2a note).
    Cavalry,
    /// Artillery (2.0: 2 guns per SP).
    Artillery,
    /// A commander (5.0).
    Commander,
}

/// The nationalities of F-1.6e and F-4.1: they choose the Special Results column (8.1), the
/// Line Formation SP column (F-3.1b, F-4.1e A) and the reformation costs (F-1.6g).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nationality {
    /// The French army (F-3.1).
    French,
    /// English (F-4.1c).
    English,
    /// Hanoverian (F-4.1d).
    Hanoverian,
    /// Dutch, with the Swiss, German and Scots units in Dutch service (F-4.1b, 4.1e J).
    Dutch,
    /// Austrian (F-4.1a).
    Austrian,
}

impl Nationality {
    /// The nationality's column in the special results tables (F-1.6e): French, Dutch,
    /// English, Hanoverian, Austrian.
    pub fn column(self) -> usize {
        match self {
            Nationality::French => 0,
            Nationality::Dutch => 1,
            Nationality::English => 2,
            Nationality::Hanoverian => 3,
            Nationality::Austrian => 4,
        }
    }

    /// Parses the counters' `nationality` value.
    pub fn parse(s: &str) -> Option<Nationality> {
        Some(match s {
            "french" => Nationality::French,
            "english" => Nationality::English,
            "hanoverian" => Nationality::Hanoverian,
            "dutch" => Nationality::Dutch,
            "austrian" => Nationality::Austrian,
            _ => return None,
        })
    }

    /// The name as the charts' columns spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Nationality::French => "french",
            Nationality::English => "english",
            Nationality::Hanoverian => "hanoverian",
            Nationality::Dutch => "dutch",
            Nationality::Austrian => "austrian",
        }
    }
}

/// A formation (8.0, 8.1). Artillery is limbered (8.1i: a March Column, or a Road Column) or
/// unlimbered (8.1j).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Line (8.1a): infantry 1–2 hexes, cavalry 1–3; faces a vertex.
    Line,
    /// Hook (8.1b): a Line with one end turned back; faces a vertex.
    Hook,
    /// Attack Column (8.1c); never used at Fontenoy (F-2.4a), kept for the series.
    AttackColumn,
    /// March Column (8.1d); faces a hexside. Limbered artillery is in March Column (8.1i).
    MarchColumn,
    /// Road Column (8.1f): a March Column under a ROAD COLUMN marker, any length, at most 4 SP
    /// a hex (1 artillery SP, 8.1i); faces a hexside.
    RoadColumn,
    /// Square (8.1e), infantry of at least 3 SP.
    Square,
    /// Skirmish order (8.1g).
    Skirmish,
    /// General Order (8.1h), forced by terrain.
    GeneralOrder,
    /// Unlimbered artillery (8.1j); faces a vertex.
    Unlimbered,
    /// Rout (8.4k), forced by routing.
    Rout,
}

impl Formation {
    /// Whether the formation faces a hex vertex (8.4c, 8.4d: Line, Hook, Attack Column; 9.6b:
    /// unlimbered artillery about-faces like a Line) rather than a hexside (March and Road
    /// Columns). Square, Skirmish, General Order and Rout are drawn facing a vertex too; their
    /// arcs do not depend on it (9.3b: General Order faces any way).
    pub const fn faces_vertex(self) -> bool {
        !matches!(self, Formation::MarchColumn | Formation::RoadColumn)
    }

    /// Whether the formation may cover more than one hex (8.1a, 8.1b, 8.1d, 8.1f).
    pub const fn multi_hex(self) -> bool {
        matches!(
            self,
            Formation::Line | Formation::Hook | Formation::MarchColumn | Formation::RoadColumn
        )
    }

    /// Whether it is a column (11.2g: columns pay the Column cost of the TET).
    pub const fn is_column(self) -> bool {
        matches!(
            self,
            Formation::AttackColumn | Formation::MarchColumn | Formation::RoadColumn
        )
    }

    /// The name as the rules print it.
    pub const fn name(self) -> &'static str {
        match self {
            Formation::Line => "Line",
            Formation::Hook => "Hook",
            Formation::AttackColumn => "Attack Column",
            Formation::MarchColumn => "March Column",
            Formation::RoadColumn => "Road Column",
            Formation::Square => "Square",
            Formation::Skirmish => "Skirmish",
            Formation::GeneralOrder => "General Order",
            Formation::Unlimbered => "unlimbered",
            Formation::Rout => "Rout",
        }
    }
}

impl fmt::Display for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The two arms that fire (12.2e): infantry and artillery fire apart, except in Defensive Fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    /// Infantry (with dismounted units and skirmishers).
    Infantry,
    /// Unlimbered artillery.
    Artillery,
}

impl Arm {
    /// The name.
    pub const fn name(self) -> &'static str {
        match self {
            Arm::Infantry => "infantry",
            Arm::Artillery => "artillery",
        }
    }
}

/// A unit's morale state (19.0). Artillery is only ever in Good Order or Shaken (19.0).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Morale {
    /// Good Order.
    #[default]
    Good,
    /// Shaken (19.6).
    Shaken,
    /// Routed (19.7).
    Routed,
}

/// The Disorder Checks (18.1): the letter names the occasion and its modifiers. Separate from
/// the Morale Check letters, which reuse the same alphabet for other occasions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DisorderCheck {
    /// (A) after movement (11.2d, 18.2b).
    A,
    /// (B) an Attack Column's facing change (9.3c, 18.2c).
    B,
    /// (C) a "D" result or loss from a Fire Reaction (12.9e).
    C,
    /// (D) the Defender's Reaction (13.4e).
    D,
    /// (E) a Defensive Fire result (13.10e).
    E,
    /// (F) cavalry Recall (16.3).
    F,
    /// (G) the Disordered unit's rally (18.6); never a Special Result (18.1a).
    G,
}

/// The Morale Checks (19.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MoraleCheck {
    /// (A) after fire losses (12.9d).
    A,
    /// (B) before close combat, attacker and defender (13.2, 13.7).
    B,
    /// (C) countercharge (13.5).
    C,
    /// (D) retreat before close combat (13.9).
    D,
    /// (E) artillery and unactivated units in a routed attacker's hex (14.6).
    E,
    /// (F) a friendly unit retreating or routing through (20.2b, 10.13).
    F,
    /// (G) an "M" close combat result or a Special CC Result (14.4, 14.8).
    G,
    /// (H) Cavalry Reaction (17.2).
    H,
    /// (I) rally in the Rally Phase (19.5).
    I,
    /// (J) after a Voluntary Rout (19.10).
    J,
}

/// Who traces the line: its costs differ (7.2, 7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tracer {
    /// A Division Commander (7.2), or a Special Commander without Army/Wing powers (F-2.6a).
    Division,
    /// An Army or Wing Commander (7.3), or a Detachment Commander (24.1b).
    ArmyOrWing,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_5b_e01_round_round_down_and_keep_the_fraction() {
        // E01: round 2.5 → 3, 2.7 → 3, 2.2 → 2; round down 12.9 → 12; keep 6.5.
        assert_eq!(round(5, 2), 3);
        assert_eq!(round(27, 10), 3);
        assert_eq!(round(22, 10), 2);
        assert_eq!(round_down(129, 10), 12);
        let kept = Pts::whole(6).plus(Pts::HALF);
        assert_eq!(kept.sixths(), 39);
        assert_eq!(alloc::format!("{kept}"), "6½");
        assert_eq!(alloc::format!("{}", Pts::THIRD), "⅓");
    }

    #[test]
    fn r12_1_odds_in_the_defenders_favour() {
        // 14:3 is 4.67:1, read as 4:1 (12.1); 3:7 is 1:2.33, read as 1:3.
        assert_eq!(
            Odds::of(14, 3),
            Some(Odds {
                attack: 4,
                defence: 1
            })
        );
        assert_eq!(
            Odds::of(3, 7),
            Some(Odds {
                attack: 1,
                defence: 3
            })
        );
        assert_eq!(Odds::of(0, 3), None);
    }
}
