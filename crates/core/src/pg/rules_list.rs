//! The rule numbers pg events cite. Events keep them as `&'static str`; reading an event back
//! from JSON maps the text onto this list, so an unknown rule number is an error, not a leak.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A rule number cited by an event (serialised as its text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule(pub &'static str);

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Rule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rule, D::Error> {
        deserialize(d).map(Rule)
    }
}

/// Every rule number an event may cite.
pub const RULES: &[&str] = &[
    "3.0",
    "4.1.1",
    "4.1.2",
    "4.1.3",
    "4.2",
    "4.2.1",
    "4.2.2",
    "4.3",
    "4.4",
    "4.5",
    "5.4",
    "6.3",
    "6.4",
    "7.1",
    "7.2",
    "7.3",
    "7.4",
    "7.5.1",
    "7.5.2",
    "7.5.3",
    "7.5.4",
    "7.5.5",
    "7.6",
    "7.6.2",
    "7.6.3",
    "8",
    "8.3",
    "8.5",
    "9.1",
    "9.2",
    "9.3",
    "9.4",
    "10",
    "10.1",
    "10.2",
    "10.4",
    "10.5",
    "10.6",
    "10.7",
    "10.8",
    "10.8.1",
    "10.8.1.1",
    "10.8.1.3",
    "10.8.1.4",
    "10.8.3.1",
    "10.8.3.3",
    "10.8.3.5",
    "10.9",
    "10.9.1",
    "10.9.2",
    "10 step 9",
    "13",
    "scenario reinforcement",
];

/// Deserialises a rule number from [`RULES`].
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    let s = alloc::string::String::deserialize(d)?;
    RULES.iter().copied().find(|r| *r == s).ok_or_else(|| {
        serde::de::Error::custom(alloc::format!("{s:?} is not a rule number pg events cite"))
    })
}
