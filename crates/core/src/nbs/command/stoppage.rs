//! Counting a formation's divisions for Corps Attack Stoppage (10.3a, 10.3d, 10.3e) with the
//! Austerlitz exceptions: the French Imperial Guard counts as an infantry and a cavalry
//! division (AUS 2.3), the Allied Right as its infantry and its cavalry (AUS 3.2c, 3.4), and
//! the independent brigades Ind-C-4 and Ind-C-5 not at all (AUS 2.2).
//!
//! Whether a division (or half of a split formation) is wrecked comes from the loss charts
//! (20.6, 22.0) and is the caller's input.

use serde::{Deserialize, Serialize};

/// One member of a formation, as stoppage counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DivisionEntry {
    /// An ordinary division, attached divisions included (10.3a).
    Division {
        /// Wrecked.
        wrecked: bool,
    },
    /// One formation that counts as two divisions: the Imperial Guard's "i" and "c" halves
    /// (AUS 2.3), the Right's infantry and cavalry brigades (AUS 3.2c).
    Split {
        /// The infantry half is wrecked.
        infantry_wrecked: bool,
        /// The cavalry half is wrecked.
        cavalry_wrecked: bool,
    },
    /// Not counted: Ind-C-4 and Ind-C-5 (AUS 2.2).
    NotCounted,
}

impl DivisionEntry {
    /// The Imperial Guard, IG-i and IG-c (AUS 2.3).
    pub const fn imperial_guard(infantry_wrecked: bool, cavalry_wrecked: bool) -> DivisionEntry {
        DivisionEntry::Split {
            infantry_wrecked,
            cavalry_wrecked,
        }
    }

    /// The Allied Right, Rgt infantry and Rgt cavalry (AUS 3.2c).
    pub const fn right_wing(infantry_wrecked: bool, cavalry_wrecked: bool) -> DivisionEntry {
        DivisionEntry::Split {
            infantry_wrecked,
            cavalry_wrecked,
        }
    }

    /// An independent brigade with no division (Ind-C-4, Ind-C-5; AUS 2.2).
    pub const INDEPENDENT_BRIGADE: DivisionEntry = DivisionEntry::NotCounted;
}

/// The divisions of a formation and how many are wrecked, as Table 1 reads them (10.3a).
/// List only the divisions on the map before the corps HQ arrives (10.3d); a division on a
/// divisional goal or without a corps is a formation of one (10.3e). Add 1 to the wrecked
/// count when the original commander is lost ([`stoppage_row`]).
pub fn stoppage_count(entries: &[DivisionEntry]) -> (u8, u8) {
    let mut divisions = 0u8;
    let mut wrecked = 0u8;
    for e in entries {
        match *e {
            DivisionEntry::Division { wrecked: w } => {
                divisions = divisions.saturating_add(1);
                wrecked = wrecked.saturating_add(u8::from(w));
            }
            DivisionEntry::Split {
                infantry_wrecked,
                cavalry_wrecked,
            } => {
                divisions = divisions.saturating_add(2);
                wrecked = wrecked
                    .saturating_add(u8::from(infantry_wrecked))
                    .saturating_add(u8::from(cavalry_wrecked));
            }
            DivisionEntry::NotCounted => {}
        }
    }
    (divisions, wrecked)
}

/// The Table 1 row: wrecked divisions plus one if the formation's original commander has been
/// killed, wounded or promoted away (10.3a; for a divisional goal, the division leader,
/// 10.5b).
pub fn stoppage_row(wrecked: u8, original_commander_lost: bool) -> u8 {
    wrecked.saturating_add(u8::from(original_commander_lost))
}
