//! 18.0 Disorder Checks and organizational states, 19.0 Morale Checks and morale states,
//! 20.0 retreats, and the F-8 special results of a check rolled 00–09.
//!
//! Other sections ask for a check with [`Fontenoy::queue_checks`] and for a rout with
//! [`Fontenoy::rout`]; the check is a d100 chance step ([`Step::Check`]) resolved by
//! [`Fontenoy::resolve_check`].

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::Fontenoy;
use super::event::Event;
use super::state::{State, Step};
use super::types::{DisorderCheck, Morale, MoraleCheck};
use super::units::UnitId;

/// Which check (18.1b, 19.1b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// A Disorder Check (18.1).
    Disorder(DisorderCheck),
    /// A Morale Check (19.1).
    Morale(MoraleCheck),
}

/// A check to take: the unit (for a group, the unit whose ER is read, 18.7a, 19.4a), the check,
/// and the ER modifiers that the asking rule adds (12.9d losses, 18.2b actions, ...). The
/// standard modifiers (19.8) are added when the check is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckReq {
    /// The unit.
    pub unit: UnitId,
    /// The check.
    pub kind: CheckKind,
    /// ER modifiers from the asking rule.
    pub er_mod: i16,
}

impl Fontenoy {
    /// Queues `reqs` to be taken in the order given, before anything already pending (12.9k:
    /// losses, then the Disorder Check, then the Morale Check).
    pub(crate) fn queue_checks(&self, s: &mut State, reqs: &[CheckReq]) {
        for r in reqs.iter().rev() {
            s.steps.push(Step::Check(*r));
        }
    }

    /// Resolves a check on its d100 roll (18.1a, 19.1a).
    pub(crate) fn resolve_check(
        &self,
        s: &mut State,
        req: CheckReq,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let _ = (s, req, roll, ev);
    }

    /// `unit` (and its group) Routs (19.1c, 19.3) and Retreats by Routing (20.2); artillery is
    /// destroyed instead (20.2e).
    pub(crate) fn rout(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let _ = ev;
        s.unit_mut(unit).morale = Morale::Routed;
    }

    /// `unit` (and its group) Retreats Before Close Combat (20.1) away from `attackers`: its
    /// owner chooses the path (one or two hexes), then it takes Morale Check (D) (20.1a).
    pub(crate) fn retreat_before_combat(
        &self,
        s: &mut State,
        unit: UnitId,
        attackers: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        let _ = (s, unit, attackers, ev);
    }
}
