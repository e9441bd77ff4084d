//! Optional rule F-6.5: the counters of the other mode of the units that change mode. They
//! are the optional counters of the French counter set of the same regiment and the other arm
//! (infantry dismounted, cavalry mounted) as a unit in play; they join its Division (or stay
//! Independent with it) and wait off the map until the unit changes mode.

use alloc::string::String;
use alloc::vec::Vec;

use super::super::FRENCH;
use super::super::types::Kind;
use super::super::units::{RawSideOrg, UnitInfo};
use crate::data::{DataError, ResolvedScenario};

/// Adds the other-mode counters of the units in `units` that change mode (F-6.5a).
pub(super) fn add_twins(
    s: &ResolvedScenario,
    units: &mut Vec<UnitInfo>,
    org: &mut RawSideOrg,
) -> Result<(), DataError> {
    let mut added: Vec<(String, String)> = Vec::new();
    for set in &s.counters {
        for c in &set.counters {
            if c.side != "french" || units.iter().any(|u| u.id == c.id) {
                continue;
            }
            let info = UnitInfo::from_counter(&set.id, c, FRENCH)?;
            if !info.optional || !matches!(info.kind, Kind::Infantry | Kind::Cavalry) {
                continue;
            }
            let Some(reg) = info.regiment.as_deref() else {
                continue;
            };
            let Some(with) = units.iter().find(|u| {
                u.side == FRENCH
                    && u.regiment.as_deref() == Some(reg)
                    && matches!(u.kind, Kind::Infantry | Kind::Cavalry)
                    && u.kind != info.kind
            }) else {
                continue;
            };
            added.push((info.id.clone(), with.id.clone()));
            units.push(info);
        }
    }
    for (twin, with) in added {
        match org.divisions.iter_mut().find(|d| d.units.contains(&with)) {
            Some(d) => d.units.push(twin),
            None => org.independent_units.push(twin),
        }
    }
    Ok(())
}
