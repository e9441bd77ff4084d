//! Chance: the dice the four systems roll, and exact probabilities.
//!
//! The engine never draws a random number itself (DESIGN: "dice are actions"). A rule that needs
//! dice makes the chance player the actor with a [`DiceSpec`]; every possible [`Roll`] is then a
//! legal action with an exact [`Prob`]. The [`crate::engine::Game`] driver samples one with its
//! seeded generator, or a caller supplies the value it rolled at the table.
//!
//! | spec | used by | values |
//! |---|---|---|
//! | `1d6` | pg (all rolls), hov, nbs | 1..=6 |
//! | `2d6` | hov Administrative Point pool, nbs stoppage / arrivals | total 2..=12 |
//! | `d66` | nbs tables, hov Pursuit Events | first die tens, second die units: 11..=66 |
//! | `d10` | fontenoy (a "0" is zero, never ten, 1.5a) | 0..=9 |
//! | `d100` | fontenoy "00–99" rolls | tens die then units die: 0..=99 |

use core::cmp::Ordering;
use core::fmt;

use serde::{Deserialize, Serialize};

/// Which dice a chance node rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DiceSpec {
    /// One six-sided die, 1..=6.
    #[serde(rename = "1d6")]
    D6,
    /// Two six-sided dice added together, 2..=12.
    #[serde(rename = "2d6")]
    TwoD6,
    /// Two six-sided dice read as a two-digit number (first die = tens), 11..=66.
    #[serde(rename = "d66")]
    D66,
    /// One ten-sided die showing 0..=9.
    #[serde(rename = "d10")]
    D10,
    /// Two ten-sided dice read as tens and units, 00..=99.
    #[serde(rename = "d100")]
    D100,
}

/// The error for a die value that the dice cannot show.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{spec} cannot show {value}; expected {expected}")]
pub struct BadRoll {
    /// The dice.
    pub spec: DiceSpec,
    /// The value given.
    pub value: u32,
    /// What would have been accepted, in words.
    pub expected: &'static str,
}

impl DiceSpec {
    /// All specifications, in a stable order.
    pub const ALL: [DiceSpec; 5] = [
        DiceSpec::D6,
        DiceSpec::TwoD6,
        DiceSpec::D66,
        DiceSpec::D10,
        DiceSpec::D100,
    ];

    /// The short name used in JSON and in events (`1d6`, `2d6`, `d66`, `d10`, `d100`).
    pub const fn name(self) -> &'static str {
        match self {
            DiceSpec::D6 => "1d6",
            DiceSpec::TwoD6 => "2d6",
            DiceSpec::D66 => "d66",
            DiceSpec::D10 => "d10",
            DiceSpec::D100 => "d100",
        }
    }

    /// The number of distinct values the dice can show.
    pub const fn outcome_count(self) -> usize {
        match self {
            DiceSpec::D6 => 6,
            DiceSpec::TwoD6 => 11,
            DiceSpec::D66 => 36,
            DiceSpec::D10 => 10,
            DiceSpec::D100 => 100,
        }
    }

    /// The number of equally likely physical results (6, 36, 36, 10, 100): the common
    /// denominator of every outcome's probability.
    pub const fn physical_results(self) -> u32 {
        match self {
            DiceSpec::D6 => 6,
            DiceSpec::TwoD6 | DiceSpec::D66 => 36,
            DiceSpec::D10 => 10,
            DiceSpec::D100 => 100,
        }
    }

    /// The value of the `index`-th outcome in ascending order, if there is one.
    pub const fn value_at(self, index: usize) -> Option<u8> {
        if index >= self.outcome_count() {
            return None;
        }
        let i = index as u8;
        Some(match self {
            DiceSpec::D6 => i + 1,
            DiceSpec::TwoD6 => i + 2,
            DiceSpec::D66 => (i / 6 + 1) * 10 + i % 6 + 1,
            DiceSpec::D10 | DiceSpec::D100 => i,
        })
    }

    /// Checks that the dice can show `value` and makes the [`Roll`].
    pub fn roll(self, value: u32) -> Result<Roll, BadRoll> {
        let ok = match self {
            DiceSpec::D6 => (1..=6).contains(&value),
            DiceSpec::TwoD6 => (2..=12).contains(&value),
            DiceSpec::D66 => (1..=6).contains(&(value / 10)) && (1..=6).contains(&(value % 10)),
            DiceSpec::D10 => value <= 9,
            DiceSpec::D100 => value <= 99,
        };
        if ok {
            Ok(Roll {
                spec: self,
                value: value as u8,
            })
        } else {
            Err(BadRoll {
                spec: self,
                value,
                expected: match self {
                    DiceSpec::D6 => "1 to 6",
                    DiceSpec::TwoD6 => "2 to 12",
                    DiceSpec::D66 => "two digits, each 1 to 6 (11 to 66)",
                    DiceSpec::D10 => "0 to 9",
                    DiceSpec::D100 => "0 to 99",
                },
            })
        }
    }

    /// How many of the [`physical_results`](Self::physical_results) show `value`
    /// (0 when the dice cannot show it).
    pub fn ways(self, value: u8) -> u32 {
        if self.roll(u32::from(value)).is_err() {
            return 0;
        }
        match self {
            DiceSpec::TwoD6 => 6 - u32::from(value.abs_diff(7)),
            _ => 1,
        }
    }

    /// Every value with its exact probability, in ascending order of value.
    pub fn outcomes(self) -> impl ExactSizeIterator<Item = (Roll, Prob)> + Clone {
        (0..self.outcome_count()).map(move |i| {
            let value = self.value_at(i).unwrap_or_default();
            (
                Roll { spec: self, value },
                Prob::new(self.ways(value), self.physical_results()),
            )
        })
    }

    /// Maps one physical result `k` in `0..physical_results()` (all equally likely) to the
    /// value shown, the way the dice are read: for `2d6` and `d66` the first die is `k / 6`.
    pub fn from_physical(self, k: u32) -> Option<Roll> {
        if k >= self.physical_results() {
            return None;
        }
        let k8 = k as u8;
        let value = match self {
            DiceSpec::D6 => k8 + 1,
            DiceSpec::TwoD6 => k8 / 6 + k8 % 6 + 2,
            DiceSpec::D66 => (k8 / 6 + 1) * 10 + k8 % 6 + 1,
            DiceSpec::D10 | DiceSpec::D100 => k8,
        };
        Some(Roll { spec: self, value })
    }
}

impl fmt::Display for DiceSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One result of a [`DiceSpec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    /// The dice rolled.
    pub spec: DiceSpec,
    /// The value read: 1..=6, 2..=12, 11..=66, 0..=9 or 0..=99 according to `spec`.
    pub value: u8,
}

impl Roll {
    /// The two dice of a `d66` or `d100` roll (first/tens, second/units); `None` for other dice,
    /// whose single value is all there is (a `2d6` total does not keep its dice).
    pub const fn digits(self) -> Option<(u8, u8)> {
        match self.spec {
            DiceSpec::D66 | DiceSpec::D100 => Some((self.value / 10, self.value % 10)),
            _ => None,
        }
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.spec {
            DiceSpec::D100 => write!(f, "{:02}", self.value),
            _ => write!(f, "{}", self.value),
        }
    }
}

/// An exact probability `num / den`, always kept in lowest terms, `0 <= num <= den`, `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ProbRepr", into = "ProbRepr")]
pub struct Prob {
    num: u32,
    den: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProbRepr {
    num: u32,
    den: u32,
}

/// The error for a probability that is not in `[0, 1]` or has a zero denominator.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{num}/{den} is not a probability (need den > 0 and num <= den)")]
pub struct BadProb {
    /// Numerator given.
    pub num: u32,
    /// Denominator given.
    pub den: u32,
}

impl TryFrom<ProbRepr> for Prob {
    type Error = BadProb;
    fn try_from(r: ProbRepr) -> Result<Self, BadProb> {
        Prob::try_new(r.num, r.den)
    }
}

impl From<Prob> for ProbRepr {
    fn from(p: Prob) -> Self {
        ProbRepr {
            num: p.num,
            den: p.den,
        }
    }
}

const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Prob {
    /// Certainty.
    pub const ONE: Prob = Prob { num: 1, den: 1 };
    /// Impossibility.
    pub const ZERO: Prob = Prob { num: 0, den: 1 };

    /// `num / den` in lowest terms, or an error when it is not a probability.
    pub const fn try_new(num: u32, den: u32) -> Result<Prob, BadProb> {
        if den == 0 || num > den {
            return Err(BadProb { num, den });
        }
        let g = gcd(num as u64, den as u64) as u32;
        Ok(Prob {
            num: num / g,
            den: den / g,
        })
    }

    /// `num / den` in lowest terms. Callers pass counts they have checked; an invalid pair
    /// (zero denominator, or `num > den`) gives [`Prob::ZERO`] rather than a panic.
    pub const fn new(num: u32, den: u32) -> Prob {
        match Prob::try_new(num, den) {
            Ok(p) => p,
            Err(_) => Prob::ZERO,
        }
    }

    /// Numerator (lowest terms).
    pub const fn num(self) -> u32 {
        self.num
    }

    /// Denominator (lowest terms).
    pub const fn den(self) -> u32 {
        self.den
    }

    /// The product of two probabilities (independent events), or `None` if the exact
    /// denominator would not fit in 32 bits.
    pub fn checked_mul(self, other: Prob) -> Option<Prob> {
        let num = u64::from(self.num) * u64::from(other.num);
        let den = u64::from(self.den) * u64::from(other.den);
        let g = gcd(num, den).max(1);
        Some(Prob {
            num: u32::try_from(num / g).ok()?,
            den: u32::try_from(den / g).ok()?,
        })
    }

    /// The sum of two probabilities of disjoint events, or `None` if it exceeds one or the exact
    /// denominator would not fit in 32 bits.
    pub fn checked_add(self, other: Prob) -> Option<Prob> {
        let den = u64::from(self.den) * u64::from(other.den);
        let num =
            u64::from(self.num) * u64::from(other.den) + u64::from(other.num) * u64::from(self.den);
        let g = gcd(num, den).max(1);
        let (num, den) = (num / g, den / g);
        if num > den {
            return None;
        }
        Some(Prob {
            num: u32::try_from(num).ok()?,
            den: u32::try_from(den).ok()?,
        })
    }
}

impl PartialOrd for Prob {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Prob {
    fn cmp(&self, other: &Self) -> Ordering {
        (u64::from(self.num) * u64::from(other.den))
            .cmp(&(u64::from(other.num) * u64::from(self.den)))
    }
}

impl fmt::Display for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn total(spec: DiceSpec) -> Prob {
        spec.outcomes()
            .try_fold(Prob::ZERO, |acc, (_, p)| acc.checked_add(p))
            .unwrap()
    }

    #[test]
    fn every_spec_sums_to_one_and_lists_each_value_once() {
        for spec in DiceSpec::ALL {
            assert_eq!(total(spec), Prob::ONE, "{spec}");
            let values: Vec<u8> = spec.outcomes().map(|(r, _)| r.value).collect();
            assert_eq!(values.len(), spec.outcome_count());
            assert!(values.windows(2).all(|w| w[0] < w[1]), "{spec} ascending");
        }
    }

    #[test]
    fn d6_is_uniform() {
        let v: Vec<_> = DiceSpec::D6.outcomes().collect();
        assert_eq!(v.len(), 6);
        assert!(v.iter().all(|(_, p)| *p == Prob::new(1, 6)));
        assert_eq!(v[0].0.value, 1);
        assert_eq!(v[5].0.value, 6);
    }

    #[test]
    fn two_d6_total_is_triangular() {
        let p = |v: u8| {
            DiceSpec::TwoD6
                .outcomes()
                .find(|(r, _)| r.value == v)
                .unwrap()
                .1
        };
        assert_eq!(p(2), Prob::new(1, 36));
        assert_eq!(p(7), Prob::new(1, 6));
        assert_eq!(p(12), Prob::new(1, 36));
        assert_eq!(p(9), Prob::new(4, 36));
        assert_eq!(DiceSpec::TwoD6.roll(13).unwrap_err().expected, "2 to 12");
    }

    #[test]
    fn d66_reads_first_die_as_tens() {
        let values: Vec<u8> = DiceSpec::D66.outcomes().map(|(r, _)| r.value).collect();
        assert_eq!(&values[..7], &[11, 12, 13, 14, 15, 16, 21]);
        assert_eq!(*values.last().unwrap(), 66);
        assert!(DiceSpec::D66.outcomes().all(|(_, p)| p == Prob::new(1, 36)));
        assert!(DiceSpec::D66.roll(17).is_err());
        assert!(DiceSpec::D66.roll(70).is_err());
        assert!(DiceSpec::D66.roll(5).is_err());
        assert_eq!(DiceSpec::D66.roll(35).unwrap().digits(), Some((3, 5)));
    }

    #[test]
    fn fontenoy_1_5a_zero_is_zero_and_d100_keeps_both_digits() {
        assert_eq!(DiceSpec::D10.value_at(0), Some(0));
        assert!(DiceSpec::D10.roll(10).is_err());
        assert!(DiceSpec::D10.outcomes().all(|(_, p)| p == Prob::new(1, 10)));
        let r = DiceSpec::D100.roll(7).unwrap();
        assert_eq!(r.digits(), Some((0, 7)));
        assert_eq!(alloc::format!("{r}"), "07");
        assert!(
            DiceSpec::D100
                .outcomes()
                .all(|(_, p)| p == Prob::new(1, 100))
        );
    }

    #[test]
    fn physical_results_reproduce_the_exact_distribution() {
        for spec in DiceSpec::ALL {
            let mut counts = [0u32; 100];
            for k in 0..spec.physical_results() {
                let roll = spec.from_physical(k).unwrap();
                let idx = (0..spec.outcome_count())
                    .find(|&i| spec.value_at(i) == Some(roll.value))
                    .unwrap();
                counts[idx] += 1;
            }
            for (i, (roll, p)) in spec.outcomes().enumerate() {
                assert_eq!(
                    Prob::new(counts[i], spec.physical_results()),
                    p,
                    "{spec} {}",
                    roll.value
                );
            }
            assert!(spec.from_physical(spec.physical_results()).is_none());
        }
    }

    #[test]
    fn prob_rejects_nonsense_and_orders_exactly() {
        assert!(Prob::try_new(1, 0).is_err());
        assert!(Prob::try_new(3, 2).is_err());
        assert_eq!(Prob::new(2, 4), Prob::new(1, 2));
        assert!(Prob::new(1, 3) < Prob::new(1, 2));
        assert_eq!(
            Prob::new(1, 6).checked_mul(Prob::new(1, 6)),
            Some(Prob::new(1, 36))
        );
        assert_eq!(Prob::new(1, 2).checked_add(Prob::new(2, 3)), None);
        let json = serde_json::to_string(&Prob::new(2, 36)).unwrap();
        assert_eq!(json, r#"{"num":1,"den":18}"#);
        assert!(serde_json::from_str::<Prob>(r#"{"num":5,"den":4}"#).is_err());
    }
}
