//! The places of the Fontenoy map where the line of sight is special: the French guns at
//! S1012 fire over everything not next to the target (F-3.5c); the large redoubts S4405 and
//! N4633 see over the abatis between them (F-3.5d); with the option `9.2b-smouldering`, the
//! smouldering hexes S4620–S4822 block lines of sight (F-9.2b).

use super::super::Fontenoy;
use super::super::types::Arm;
use crate::engine::Side;
use crate::hex::Hex;

/// The 16-pounder position by Antoin (F-3.5c).
const CALONNE: &str = "S1012";
/// The large redoubts joined by the abatis (F-3.5d).
const LARGE_REDOUBTS: [&str; 2] = ["S4405", "N4633"];

/// The smouldering area S4620–S4822: the map's burned buildings between those hexes (F-9.2b).
const SMOULDERING: [&str; 7] = [
    "S4620", "S4621", "S4720", "S4721", "S4722", "S4821", "S4822",
];

fn is(h: Hex, id: &str) -> bool {
    super::super::fhex::parse(id) == Some(h)
}

impl Fontenoy {
    /// French artillery firing from S1012 (F-3.5c).
    pub(crate) fn calonne_battery(&self, from: Hex, side: Side, arm: Arm) -> bool {
        arm == Arm::Artillery && side == super::super::FRENCH && is(from, CALONNE)
    }

    /// A unit firing from one of the large redoubts, which the abatis does not blind
    /// (F-3.5d).
    pub(crate) fn sees_over_abatis(&self, from: Hex) -> bool {
        LARGE_REDOUBTS.iter().any(|id| is(from, id))
    }

    /// A smouldering hex that blocks lines of sight (F-9.2b's option).
    pub(crate) fn smouldering(&self, h: Hex) -> bool {
        self.option("9.2b-smouldering") && SMOULDERING.iter().any(|id| is(h, id))
    }
}
