//! The small value types of the series rules: counter indices, fire levels (6.5), morale
//! ratings and states (25.0, 25.1), formations (11.1), unit kinds (5.1), sequential dice rolls
//! (5.3), fire points (20.1), facing modes (13.0a), step costs (16.2), and the values of the
//! command model: an order's kind, method and receiver (10.1a) and a command refusal
//! ([`CommandError`]). Everything is integer arithmetic. Nothing here imports another module
//! of the system.

use alloc::string::String;
use core::fmt;

use serde::{Deserialize, Serialize};

use crate::hex::{Direction, Facing};

/// Index of a counter in the scenario's unit list ([`super::Nbs::units`]).
pub type UnitId = u16;

/// A fire level as a count of C-units (6.5b: one A = two B = four C), so C = 1, B = 2, A = 4,
/// AB = 6, AA = 8, AAB = 10, AAA = 12. A loss chart reads levels in whole labels; other values
/// (3, 5, ...) arise only as sums over a stack (12.1) and have no label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FireLevel(pub u8);

impl FireLevel {
    /// No fire level (eliminated, or a unit type without one).
    pub const NONE: FireLevel = FireLevel(0);
    /// C.
    pub const C: FireLevel = FireLevel(1);
    /// B.
    pub const B: FireLevel = FireLevel(2);
    /// A.
    pub const A: FireLevel = FireLevel(4);
    /// AB.
    pub const AB: FireLevel = FireLevel(6);
    /// AA.
    pub const AA: FireLevel = FireLevel(8);
    /// AAB.
    pub const AAB: FireLevel = FireLevel(10);
    /// AAA.
    pub const AAA: FireLevel = FireLevel(12);

    /// Parses a printed label (`C`, `B`, `A`, `AB`, `AA`, `AAB`, `AAA`).
    pub fn parse(s: &str) -> Option<FireLevel> {
        Some(match s {
            "C" => Self::C,
            "B" => Self::B,
            "A" => Self::A,
            "AB" => Self::AB,
            "AA" => Self::AA,
            "AAB" => Self::AAB,
            "AAA" => Self::AAA,
            _ => return None,
        })
    }

    /// The printed label, or `None` for a value no counter shows.
    pub fn label(self) -> Option<&'static str> {
        Some(match self.0 {
            1 => "C",
            2 => "B",
            4 => "A",
            6 => "AB",
            8 => "AA",
            10 => "AAB",
            12 => "AAA",
            _ => return None,
        })
    }

    /// The C-units.
    pub const fn units(self) -> u8 {
        self.0
    }

    /// The largest labelled level not above `c_units` (an Extension's share, 17.1).
    pub fn largest_at_most(c_units: u8) -> FireLevel {
        [12u8, 10, 8, 6, 4, 2, 1]
            .into_iter()
            .find(|&u| u <= c_units)
            .map_or(FireLevel::NONE, FireLevel)
    }

    /// The level split into A, B and C parts for the Fire Point Tables, which list A, B and C
    /// only: AB fires as A + B, AAB as A + A + B (6.5c, 12.3 caps one hex at one A).
    pub fn parts(self) -> (u8, u8, u8) {
        let a = self.0 / 4;
        let rest = self.0 % 4;
        (a, rest / 2, rest % 2)
    }
}

impl fmt::Display for FireLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.label() {
            Some(l) => f.write_str(l),
            None => write!(f, "{}C", self.0),
        }
    }
}

/// A morale rating, A (best) to E (worst) (25.0). Permanent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MoraleRating {
    /// A.
    A,
    /// B.
    B,
    /// C.
    C,
    /// D.
    D,
    /// E.
    E,
}

impl MoraleRating {
    /// Parses `A`..`E`.
    pub fn parse(s: &str) -> Option<MoraleRating> {
        Some(match s {
            "A" => Self::A,
            "B" => Self::B,
            "C" => Self::C,
            "D" => Self::D,
            "E" => Self::E,
            _ => return None,
        })
    }

    /// 0 for A ... 4 for E.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The letter.
    pub const fn letter(self) -> &'static str {
        match self {
            Self::A => "A",
            Self::B => "B",
            Self::C => "C",
            Self::D => "D",
            Self::E => "E",
        }
    }
}

/// A hex's morale state (25.1), best first: Blood Lust, Normal, Shaken, Disorganized, Routed.
/// `Ord` follows the list, so the worse of two states is the `max` (12.4, 25.3c).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum MoraleState {
    /// BL.
    #[serde(rename = "BL")]
    BloodLust,
    /// No marker.
    #[default]
    Normal,
    /// Sh.
    #[serde(rename = "Sh")]
    Shaken,
    /// DG.
    #[serde(rename = "DG")]
    Disorganized,
    /// R.
    #[serde(rename = "R")]
    Routed,
}

impl MoraleState {
    /// The marker's abbreviation (`Normal` has none and prints `Normal`).
    pub const fn abbrev(self) -> &'static str {
        match self {
            Self::BloodLust => "BL",
            Self::Normal => "Normal",
            Self::Shaken => "Sh",
            Self::Disorganized => "DG",
            Self::Routed => "R",
        }
    }

    /// One level worse (17.2b displacement); Routed stays Routed.
    pub const fn worsened(self) -> MoraleState {
        match self {
            Self::BloodLust => Self::Normal,
            Self::Normal => Self::Shaken,
            Self::Shaken => Self::Disorganized,
            Self::Disorganized | Self::Routed => Self::Routed,
        }
    }

    /// The state an over-stacked hex takes (12.5): DG, or R if already DG or worse.
    pub const fn overstacked(self) -> MoraleState {
        match self {
            Self::Disorganized | Self::Routed => Self::Routed,
            _ => Self::Disorganized,
        }
    }
}

/// What a unit is (5.1). Extensions and detached batteries are units too but are modelled as
/// parts of their parent (17.0) and as batteries (27.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    /// An infantry brigade or regiment.
    Infantry,
    /// A cavalry brigade or regiment.
    Cavalry,
    /// An artillery battery.
    Artillery,
    /// A skirmisher released by an infantry unit (11.5).
    Skirmisher,
    /// A leader (26.0).
    Leader,
    /// A headquarters (10.0c).
    Hq,
}

/// A unit's formation (11.1). Infantry: Line, Column (French "Mixed Column", 11.1), Square;
/// cavalry: Combat (Blown is a state of the counter, 24.2); artillery: Limbered or
/// Unlimbered; skirmishers: Skirmish. Routed units have no formation (11.1): the state is
/// kept and ignored while Routed. Leaders and HQs have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Infantry in line.
    Line,
    /// Infantry in column (French: Mixed Column).
    Column,
    /// Infantry in square.
    Square,
    /// Cavalry in combat formation.
    Combat,
    /// Artillery limbered.
    Limbered,
    /// Artillery unlimbered.
    Unlimbered,
    /// Skirmish order.
    Skirmish,
    /// Leaders and HQs.
    None,
}

/// Artillery weight (27.0): which fire table it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GunWeight {
    /// Light guns.
    Light,
    /// Heavy guns (12-pdr and up).
    Heavy,
}

/// Artillery class (27.0): how it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GunClass {
    /// Foot artillery.
    Foot,
    /// Horse artillery.
    Horse,
}

/// A sequential two-dice roll `11..66` (5.3): red die tens, white die units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seq66(u8);

impl Seq66 {
    /// From the two dice (each 1–6).
    pub fn new(red: u8, white: u8) -> Option<Seq66> {
        ((1..=6).contains(&red) && (1..=6).contains(&white)).then_some(Seq66(red * 10 + white))
    }

    /// From its printed value (11..66, both digits 1–6).
    pub fn from_value(v: u8) -> Option<Seq66> {
        Seq66::new(v / 10, v % 10)
    }

    /// The printed value, 11..66.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// 0 for 11 ... 35 for 66: the roll's place in the 36 equally likely results.
    pub const fn index(self) -> u8 {
        (self.0 / 10 - 1) * 6 + (self.0 % 10 - 1)
    }

    /// The roll at place `i` (0..36).
    pub fn from_index(i: u8) -> Option<Seq66> {
        (i < 36).then(|| Seq66((i / 6 + 1) * 10 + i % 6 + 1))
    }
}

impl TryFrom<u8> for Seq66 {
    type Error = &'static str;
    fn try_from(v: u8) -> Result<Self, Self::Error> {
        Seq66::from_value(v).ok_or("a sequential roll is 11..66 with both digits 1-6")
    }
}

impl From<Seq66> for u8 {
    fn from(s: Seq66) -> u8 {
        s.0
    }
}

impl fmt::Display for Seq66 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Fire points (20.1) in quarters, so that the tables' ½ and ¼ entries stay exact.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Fp(pub u32);

impl Fp {
    /// Zero.
    pub const ZERO: Fp = Fp(0);

    /// Whole fire points.
    pub const fn whole(n: u32) -> Fp {
        Fp(n * 4)
    }

    /// Quarters.
    pub const fn quarters(self) -> u32 {
        self.0
    }

    /// Half, rounded down to a whole fire point (20.1: disorganized firers).
    pub const fn halved_down(self) -> Fp {
        Fp((self.0 / 2) / 4 * 4)
    }

    /// Rounded to whole points, .5 up (20.4 example: 9½ → 10).
    pub const fn rounded(self) -> u32 {
        (self.0 + 2) / 4
    }
}

impl core::ops::Add for Fp {
    type Output = Fp;
    fn add(self, o: Fp) -> Fp {
        Fp(self.0 + o.0)
    }
}

impl core::ops::AddAssign for Fp {
    fn add_assign(&mut self, o: Fp) {
        self.0 += o.0;
    }
}

impl fmt::Display for Fp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 4;
        match self.0 % 4 {
            0 => write!(f, "{whole}"),
            1 => write!(f, "{whole}¼"),
            2 => write!(f, "{whole}½"),
            _ => write!(f, "{whole}¾"),
        }
    }
}

/// An order's type (10.1a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum OrderKind {
    /// Movement toward, into or around enemy-held ground; the only type that allows
    /// offensive combat.
    Attack,
    /// Anything else.
    NonAttack,
}

/// How an order travels (10.1a, 10.1e).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Method {
    /// AO: carried by an aide, spoken.
    AideOral,
    /// AW: carried by an aide, on paper.
    AideWritten,
    /// IPO: given face to face (always oral); sender and receiver share a hex.
    InPerson,
}

/// Who receives an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Receiver {
    /// A corps (or wing) with an HQ unit, by formation index: orders are delivered to the HQ
    /// and take effect when the corps leader enters the HQ hex (10.0a).
    Corps(u16),
    /// A command with no HQ, by formation index: a division leader, each Allied command of
    /// AUS 3.2b. Orders take effect on acceptance (10.1, AUS 3.2b).
    Command(u16),
    /// One unit (a cavalry brigade or artillery unit with a divisional goal, 10.5b), by unit
    /// index. Orders take effect on acceptance; acceptance reads the receiver as rated
    /// [`LONE_UNIT_RECEIVER_RATING`](super::order_log::LONE_UNIT_RECEIVER_RATING).
    Unit(u16),
}

impl Receiver {
    /// Whether the receiver has an HQ its leader must reach before an order takes effect.
    pub fn has_hq(self) -> bool {
        matches!(self, Receiver::Corps(_))
    }
}

/// A command action the rules forbid: the rule broken and the reason.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CommandError {
    /// The rule, as numbered in the rulebook (`"10.1b"`, `"AUS 3.2a"`).
    pub rule: &'static str,
    /// Why the action is refused, in English.
    pub reason: String,
}

impl CommandError {
    pub(crate) fn new(rule: &'static str, reason: impl Into<String>) -> CommandError {
        CommandError {
            rule,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [rule {}]", self.reason, self.rule)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CommandError {}

/// How a unit's facing divides its surroundings (13.0a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FacingMode {
    /// Front and flank/rear as the counter faces: Line, Column, Skirmishers stacked with other
    /// types, Cavalry (combat formation and Blown), Unlimbered artillery.
    Standard,
    /// Every side is front: Skirmishers alone in their hex, any unit not Routed in a walled
    /// farm, town or redoubt hex, Squares. The counter still shows the centre-front hexside for
    /// movement.
    AllFrontal,
    /// Every side is flank/rear: Limbered artillery, Routed units. The counter still shows the
    /// centre-front hexside for movement.
    AllFlank,
    /// No facing and no facing costs: leaders, HQs, markers.
    None,
}

impl FacingMode {
    /// Whether fire or an attack entering from the neighbour toward `from` strikes the front
    /// (13.0a, 13.0b), at range 1. Fire along the boundary between front and flank counts as
    /// flank; at range 1 that boundary is a corner of the hex, not a hexside, so every
    /// adjacent hex is wholly front or wholly flank.
    pub fn frontal_from(self, facing: Facing, from: Direction) -> bool {
        match self {
            FacingMode::Standard => facing.is_frontal(from),
            FacingMode::AllFrontal => true,
            FacingMode::AllFlank | FacingMode::None => false,
        }
    }
}

/// What a step costs (half MPs) or why it cannot be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum StepCost {
    /// Half MPs.
    Half(u16),
    /// The whole allowance ("all" on the chart): only from a standing start.
    All,
    /// Prohibited terrain or hexside (16.2c), or a road rate the formation may not use.
    Prohibited(&'static str),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r6_5b_fire_level_units() {
        assert_eq!(FireLevel::parse("AB"), Some(FireLevel(6)));
        assert_eq!(FireLevel::AAB.parts(), (2, 1, 0));
        assert_eq!(FireLevel::largest_at_most(3), FireLevel::B);
        assert_eq!(FireLevel(5).label(), None);
    }

    #[test]
    fn r5_3_sequential_roll_order() {
        assert_eq!(Seq66::from_value(11).map(Seq66::index), Some(0));
        assert_eq!(Seq66::from_value(66).map(Seq66::index), Some(35));
        assert_eq!(Seq66::from_value(17), None);
        for i in 0..36 {
            assert_eq!(Seq66::from_index(i).map(Seq66::index), Some(i));
        }
    }

    #[test]
    fn r25_1_worse_state_is_max() {
        assert!(MoraleState::Routed > MoraleState::Disorganized);
        assert!(MoraleState::BloodLust < MoraleState::Normal);
        assert_eq!(MoraleState::Shaken.worsened(), MoraleState::Disorganized);
        assert_eq!(MoraleState::Normal.overstacked(), MoraleState::Disorganized);
    }

    #[test]
    fn r20_4_rounding() {
        assert_eq!(Fp(38).rounded(), 10);
        assert_eq!(Fp(37).rounded(), 9);
        assert_eq!(Fp::whole(5).halved_down(), Fp::whole(2));
    }
}
