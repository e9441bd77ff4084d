//! The artillery commanders: du Brocard for the French guns (F-3.3d) and van Yssel for the
//! Dutch guns (F-4.2f) — one mechanism, each commander helping the guns of his own
//! nationality. Activated this turn, he helps the guns within his Command Distance + 1 hexes
//! (A): they combine their fire at any range, and the fire shifts one column right (B, read
//! in fire/resolve.rs `build_combat`). Once he helped a Fire Combat Segment's fire he may not
//! move in that activation; once he moved, he helps only Defensive Fire for the rest of the
//! turn (C). He rolls his Initiative when no Line of Command reaches him; In Command, he puts
//! the activated guns of his nationality within his reach In Command (D); whatever his own
//! status, his help stands (E); he gives no pursuit bonus (F, close/pursuit.rs).
//!
//! Readings: "within 1 hex of his Command Distance" is a range in hexes from his hex, up to
//! his Command Distance + 1; "when activated" means activated this turn (his help in
//! reactions, Return and Defensive Fire of the enemy's activations lasts until the turn ends,
//! C's "later that turn"); in his own activation only the Fire Combat Segment's fire is his.

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::occupancy::Occupancy;
use super::super::state::{Act, Activation, FireKind, State};
use super::super::types::{Arm, Kind, Pts, Tracer};
use super::super::units::UnitId;
use crate::engine::Side;
use crate::hex::Hex;

/// F-3.3d, F-4.2f: the artillery commanders, by counter key (`fr-du-brocard`,
/// `al-van-yssel`); each helps the guns of his own nationality.
const ARTILLERY_COMMANDERS: [&str; 2] = ["du-brocard", "van-yssel"];

impl Fontenoy {
    /// Whether commander `c` is an artillery commander (F-3.3d, F-4.2f).
    pub(crate) fn is_artillery_commander(&self, c: UnitId) -> bool {
        ARTILLERY_COMMANDERS.iter().any(|k| self.is_commander(c, k))
    }

    /// F-3.3d C, F-4.2f B: whether artillery commander `c` has moved this turn.
    fn artillery_commander_moved(&self, s: &State, c: UnitId) -> bool {
        s.artillery.moved.contains(&c)
            || s.activation
                .as_ref()
                .is_some_and(|a| a.moving.iter().any(|m| m.unit == c && m.spent > Pts::ZERO))
    }

    /// F-3.3d A, C: whether `c`'s help is open to a fire of `kind` now: activated this turn;
    /// in the Fire Combat Segment only in his own activation; after he moved only in
    /// Defensive Fire. Never by his command status (E).
    fn artillery_help_open(&self, s: &State, c: UnitId, kind: FireKind) -> bool {
        let u = s.unit(c);
        if !u.on_map() || u.act == Act::Unactivated {
            return false;
        }
        match kind {
            FireKind::Defensive => true,
            FireKind::Segment => u.act == Act::Active && !self.artillery_commander_moved(s, c),
            _ => !self.artillery_commander_moved(s, c),
        }
    }

    /// F-3.3d A, F-4.2f A: the artillery commander helping gun `g` in a fire of `kind` now:
    /// one of its army's Special Commanders, of its nationality, within his Command Distance
    /// + 1 hexes of it, his help open (the first in counter order).
    pub(crate) fn gun_helper(&self, s: &State, g: UnitId, kind: FireKind) -> Option<UnitId> {
        let info = &self.units[usize::from(g)];
        if info.kind != Kind::Artillery {
            return None;
        }
        let gp = s.unit(g).placed()?;
        self.org.armies[info.side.index()]
            .special
            .iter()
            .copied()
            .find(|&c| {
                let ci = &self.units[usize::from(c)];
                self.is_artillery_commander(c)
                    && ci.nationality == info.nationality
                    && self.artillery_help_open(s, c, kind)
                    && s.unit(c).placed().is_some_and(|cp| {
                        let reach = u32::from(ci.command_distance) + 1;
                        gp.hexes
                            .as_slice()
                            .iter()
                            .any(|&h| h.distance(cp.hex()) <= reach)
                    })
            })
    }

    /// F-3.3d B: the artillery commander whose help one of `firers` has (the fire shifts a
    /// column right).
    pub(crate) fn fire_helper(
        &self,
        s: &State,
        firers: &[UnitId],
        kind: FireKind,
    ) -> Option<UnitId> {
        firers.iter().find_map(|&g| self.gun_helper(s, g, kind))
    }

    /// F-3.3d A: whether every gun firing from `h` has an artillery commander's help: such
    /// hexes combine their fire at any range.
    pub(crate) fn helped_battery(
        &self,
        s: &State,
        o: &Occupancy,
        h: Hex,
        side: Side,
        kind: FireKind,
    ) -> bool {
        let guns = self.firing_units(s, o, h, Arm::Artillery, side, kind);
        !guns.is_empty() && guns.iter().all(|&g| self.gun_helper(s, g, kind).is_some())
    }

    /// F-3.3d C: whether `c` helped a fire of his activation's Fire Combat Segment and may not
    /// move now.
    pub(crate) fn artillery_commander_stays(&self, s: &State, c: UnitId) -> bool {
        s.unit(c).act == Act::Active && s.artillery.fired.contains(&c)
    }

    /// F-3.3d C: the fire `firers` opened in a fire of `kind`: a Fire Combat Segment fire
    /// helped by an artillery commander keeps him from moving. His name, if he helped.
    pub(crate) fn note_artillery_help(
        &self,
        s: &mut State,
        firers: &[UnitId],
        kind: FireKind,
    ) -> Option<UnitId> {
        let c = self.fire_helper(s, firers, kind)?;
        if kind == FireKind::Segment && !s.artillery.fired.contains(&c) {
            s.artillery.fired.push(c);
        }
        Some(c)
    }

    /// F-3.3d C: at an activation's end, the artillery commanders who moved in it.
    pub(crate) fn note_artillery_moves(&self, s: &mut State) {
        let moved: Vec<UnitId> = s.activation.as_ref().map_or_else(Vec::new, |a| {
            a.moving
                .iter()
                .filter(|m| m.spent > Pts::ZERO && self.is_artillery_commander(m.unit))
                .map(|m| m.unit)
                .collect()
        });
        for c in moved {
            if !s.artillery.moved.contains(&c) {
                s.artillery.moved.push(c);
            }
        }
    }

    /// F-3.3d D, F-4.2f C: an activated gun of an In-Command artillery commander's nationality
    /// whom his Line of Command (traced as a Division Commander's) reaches is In Command.
    pub(crate) fn artillery_in_command(
        &self,
        s: &State,
        o: &Occupancy,
        act: &Activation,
        g: UnitId,
    ) -> bool {
        let info = &self.units[usize::from(g)];
        info.kind == Kind::Artillery
            && act.ndcs.iter().any(|&c| {
                self.is_artillery_commander(c)
                    && self.units[usize::from(c)].nationality == info.nationality
                    && s.unit(c).command == Some(true)
                    && self.loc_reaches(s, o, c, Tracer::Division, g)
            })
    }
}
