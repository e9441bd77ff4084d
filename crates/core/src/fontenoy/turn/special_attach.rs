//! F-8.2a, F-8.2c: the extra Movement, Fire or Close Combat Segment of Leader Initiative and
//! Free Combat Segment takes the chosen Division's attached units (6.4) too.
//!
//! Reading (docs/coverage/fontenoy.md, F-8.2a): an attachment lasts one activation (6.4d), so
//! none carries over to the extra segment; the units "attached per 6.4" are those the
//! Division Commander may attach now as in an activation: unactivated, non-Routed combat units
//! of a Division not yet activated this turn, grouped with him (or of such a unit's regiment
//! by Regimental Integrity, 6.4c), and for Leader Initiative within his Command Distance. When
//! there are any, the extra segment opens with a designation step (the Command Control
//! Segment, `Attach` and `EndDesignations` only); each attached unit is In Command (7.5c),
//! takes part in the one segment, and is as before afterwards (unactivated if it was).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::{CommandBy, Event};
use super::super::state::{Act, Activation, Segment, SpecialKind, State};
use super::super::units::UnitId;
use crate::engine::Illegal;

impl Fontenoy {
    /// The segment of the extra segment under way (F-8.2a, F-8.2c), if one is.
    pub(crate) fn special_extra_segment(&self, s: &State) -> Option<Segment> {
        match s.special.act.as_ref()?.kind {
            SpecialKind::LeaderMove => Some(Segment::Movement),
            SpecialKind::FreeFire => Some(Segment::Fire),
            SpecialKind::FreeClose => Some(Segment::CloseCombat),
            _ => None,
        }
    }

    /// The units the chosen Division's commander may attach to the extra segment of `act`.
    pub(crate) fn special_attachable(&self, s: &State, act: &Activation) -> Vec<UnitId> {
        let Some(dc) = act
            .divisions
            .first()
            .and_then(|&d| self.division_commander(s, d))
            .filter(|&c| s.unit(c).on_map())
        else {
            return Vec::new();
        };
        let leader = s
            .special
            .act
            .as_ref()
            .is_some_and(|a| a.kind == SpecialKind::LeaderMove);
        let mut v = self.attachable_to(s, act, &[dc]);
        // 24.2a: a Detachment's and the main army's counters stay apart.
        let force = act
            .divisions
            .first()
            .and_then(|&d| self.detachment_of(s, d));
        v.retain(|&u| {
            self.force_of(s, u) == force && (!leader || self.within_command_distance(s, dc, u))
        });
        v
    }

    /// Applies a designation in an extra segment's Command Control step: only attachments.
    pub(crate) fn special_attach(
        &self,
        s: &mut State,
        act: &Activation,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let rule = match s.special.act.as_ref().map(|x| x.kind) {
            Some(SpecialKind::LeaderMove) => "F-8.2a",
            _ => "F-8.2c",
        };
        let Action::Attach { unit } = *a else {
            return Err(Illegal::new(
                rule,
                format!(
                    "{a:?}: an extra segment of a Special Initiative Result designates attachments only (Attach), its Independents come with the units they are grouped with"
                ),
            ));
        };
        if !self.special_attachable(s, act).contains(&unit) {
            return Err(Illegal::new(
                rule,
                format!(
                    "{} cannot be attached: an unactivated combat unit of a Division not yet activated, grouped with the Division Commander (or of his grouped unit's regiment, 6.4c){}",
                    self.unit_name(unit),
                    if rule == "F-8.2a" {
                        ", within his Command Distance"
                    } else {
                        ""
                    }
                ),
            ));
        }
        let was = s.unit(unit).act;
        if let Some(x) = s.special.act.as_mut() {
            x.restore.push((unit, was));
        }
        s.unit_mut(unit).act = Act::Active;
        if let Some(x) = s.activation.as_mut() {
            x.attached.push(unit);
        }
        ev.push(Event::Attached { unit });
        // 7.5c: attached units are In Command.
        self.set_command(s, unit, CommandBy::Attached, ev);
        Ok(())
    }

    /// Opens the extra segment's designation step when the commander has units to attach;
    /// `false` when there are none (the segment starts at once).
    pub(crate) fn special_attach_step(&self, s: &mut State) -> bool {
        let Some(act) = s.activation.clone() else {
            return false;
        };
        if self.special_attachable(s, &act).is_empty() {
            return false;
        }
        if let Some(x) = s.activation.as_mut() {
            x.segment = Segment::CommandControl;
            x.designating = true;
        }
        true
    }
}
