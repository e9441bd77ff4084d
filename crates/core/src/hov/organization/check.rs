//! The Organization Segment's check-only path (docs/performance.md, "The Habit of Victory"):
//! a verdict on a candidate change read from the position itself, without a copy and without a
//! refusal text. It repeats refusals of [`Hov::organization_change`] that need no copy, and
//! declares legal the changes that leave every leader's command as it was (so no new fault,
//! reading N18). Anything else is left to the full trial on a copy. No part of the rules lives
//! here: `organization_change` stays the reference, and hov/tests/speed.rs checks that both
//! agree on every candidate of random positions.

use super::super::Hov;
use super::super::action::Action;
use super::super::state::{GarrisonId, GarrisonPlace, LeaderId, LeaderPlace, State, UnitId};
use crate::engine::Side;

/// What the check-only path says of one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Refused, by the rule named (the text is built only by the full trial).
    Refused(&'static str),
    /// Legal: the change alters no leader's command.
    Legal,
    /// Not decided here: try it on a copy.
    Try,
}

impl Hov {
    /// Whether `settle_display` would change nothing in `s` for `side`: no unit of the side at
    /// zero SP on a track, no Major General of the side in play with nothing on his track.
    pub(crate) fn display_settled(&self, s: &State, side: Side) -> bool {
        let mut holding = alloc::vec![false; s.leaders.len()];
        for (i, x) in s.units.iter().enumerate() {
            let Some(l) = x.leader else { continue };
            if x.sp == 0 {
                if self.manifest.units[i].side == side {
                    return false;
                }
                continue;
            }
            if let Some(b) = holding.get_mut(usize::from(l)) {
                *b = true;
            }
        }
        for g in &s.garrisons {
            if let GarrisonPlace::Track(l) = g.place {
                if let Some(b) = holding.get_mut(usize::from(l)) {
                    *b = true;
                }
            }
        }
        (0..s.leaders.len()).all(|l| {
            let info = &self.manifest.leaders[l];
            info.side != side
                || info.mg.is_none()
                || holding[l]
                || self.leader_hex(s, l as LeaderId).is_none()
        })
    }

    /// The unit's hex when it is a unit of `side` in play.
    fn own_unit_hex(&self, s: &State, side: Side, u: UnitId) -> Option<crate::hex::Hex> {
        match self.manifest.units.get(usize::from(u)) {
            Some(info) if info.side == side => self.unit_hex(s, u),
            _ => None,
        }
    }

    /// The leader's hex when he is a leader of `side` in play.
    fn own_leader_hex(&self, s: &State, side: Side, l: LeaderId) -> Option<crate::hex::Hex> {
        match self.manifest.leaders.get(usize::from(l)) {
            Some(info) if info.side == side => self.leader_hex(s, l),
            _ => None,
        }
    }

    /// §22: moving `u` to `to` would take a self-employed leader's own unit off his track.
    pub(super) fn takes_eponymous(&self, s: &State, u: UnitId, to: LeaderId) -> bool {
        self.manifest.units[usize::from(u)]
            .eponymous
            .is_some_and(|owner| {
                owner != to
                    && s.units[usize::from(u)].leader == Some(owner)
                    && self.leader_hex(s, owner).is_some()
            })
    }

    /// The check-only verdict on Organization candidate `a` in `s` (the phasing player's);
    /// `settled` is [`Hov::display_settled`] of `s`.
    #[cfg(test)]
    pub(crate) fn organization_verdict(&self, s: &State, a: &Action, settled: bool) -> Verdict {
        let side = s.phasing;
        self.organization_verdict_with(s, a, settled, &mut |g, h| {
            self.garrison_fits(s, g, h) && !self.holds_at(s, side.other(), h)
        })
    }

    /// The check-only verdict (`organization_verdict`, tests) with `fits` answering whether a
    /// garrison marker may be created in a hex (§52: `garrison_fits` there and no enemy holding
    /// it).
    pub(super) fn organization_verdict_with(
        &self,
        s: &State,
        a: &Action,
        settled: bool,
        fits: &mut dyn FnMut(GarrisonId, crate::hex::Hex) -> bool,
    ) -> Verdict {
        let side = s.phasing;
        match *a {
            Action::TransferUnit { unit, to } => {
                let h = self.own_unit_hex(s, side, unit);
                if h.is_none() || self.own_leader_hex(s, side, to) != h {
                    return Verdict::Refused("¶73");
                }
                if s.units[usize::from(unit)].leader == Some(to) {
                    return Verdict::Refused("¶73");
                }
                if self.takes_eponymous(s, unit, to) {
                    return Verdict::Refused("§22, §19");
                }
                Verdict::Try
            }
            Action::TransferSp { from, to, sp } => {
                let h = self.own_unit_hex(s, side, from);
                if h.is_none() || self.own_unit_hex(s, side, to) != h || from == to {
                    return Verdict::Refused("¶74, ¶43 step 4");
                }
                let (f, t) = (
                    &self.manifest.units[usize::from(from)],
                    &self.manifest.units[usize::from(to)],
                );
                if f.arm != t.arm || f.nationality != t.nationality {
                    return Verdict::Refused("¶76, §19 5");
                }
                let have = s.units[usize::from(from)].sp;
                let now = s.units[usize::from(to)].sp;
                if sp == 0 || sp > have {
                    return Verdict::Refused("¶74");
                }
                if u16::from(now) + u16::from(sp) > u16::from(t.max) {
                    return Verdict::Refused("¶74, ¶13");
                }
                // Both units stay in play on their tracks: no command changes.
                if sp < have && settled {
                    Verdict::Legal
                } else {
                    Verdict::Try
                }
            }
            Action::CreateGarrison { garrison, from, sp } => {
                let gi = usize::from(garrison);
                let ok_marker = self
                    .manifest
                    .garrisons
                    .get(gi)
                    .is_some_and(|x| x.side == side)
                    && matches!(s.garrisons[gi].place, GarrisonPlace::Available(t) if t <= s.turn);
                if !ok_marker {
                    return Verdict::Refused("§52 1, §53 2");
                }
                let Some(h) = self.own_unit_hex(s, side, from) else {
                    return Verdict::Refused("§52");
                };
                if !fits(garrison, h) {
                    return Verdict::Refused("§52");
                }
                let have = s.units[usize::from(from)].sp;
                if !(1..=2).contains(&sp) || sp > have {
                    return Verdict::Refused("§52 2");
                }
                // The garrison goes on the map, the unit stays in play: no command changes.
                if sp < have && settled {
                    Verdict::Legal
                } else {
                    Verdict::Try
                }
            }
            Action::Attach { leader, to } => {
                let h = self.own_leader_hex(s, side, leader);
                if h.is_none()
                    || leader == to
                    || self.own_leader_hex(s, side, to) != h
                    || !matches!(s.leaders[usize::from(to)].place, LeaderPlace::Map(_))
                    || s.leaders[usize::from(leader)].place == LeaderPlace::Portrait(to)
                    || s.leaders
                        .iter()
                        .any(|x| x.place == LeaderPlace::Portrait(leader))
                {
                    return Verdict::Refused("¶28, ¶29");
                }
                Verdict::Try
            }
            Action::DeactivateMg { mg, to } => {
                let h = self.own_leader_hex(s, side, mg);
                if h.is_none()
                    || self.manifest.leaders[usize::from(mg)].mg.is_none()
                    || mg == to
                    || self.own_leader_hex(s, side, to) != h
                {
                    return Verdict::Refused("¶70");
                }
                Verdict::Try
            }
            Action::ActivateMg { mg, ref units, .. } => {
                let out = s
                    .leaders
                    .get(usize::from(mg))
                    .is_some_and(|x| x.place == LeaderPlace::Out);
                if !out || self.manifest.leaders[usize::from(mg)].side != side {
                    return Verdict::Refused("¶68, ¶69, §22");
                }
                if units.iter().any(|&u| self.takes_eponymous(s, u, mg)) {
                    return Verdict::Refused("§22, §19");
                }
                let own = (0..s.units.len() as UnitId)
                    .find(|&u| self.manifest.units[usize::from(u)].eponymous == Some(mg));
                if own.is_some_and(|o| !units.contains(&o)) {
                    return Verdict::Refused("§22, §19 6");
                }
                Verdict::Try
            }
            Action::Incorporate { march, into } => {
                let h = self.own_unit_hex(s, side, march);
                if s.march_divisions.binary_search(&march).is_err() || h.is_none() {
                    return Verdict::Refused("¶67");
                }
                if self.own_unit_hex(s, side, into) != h || march == into {
                    return Verdict::Refused("¶67 2");
                }
                let (a, b) = (
                    &self.manifest.units[usize::from(march)],
                    &self.manifest.units[usize::from(into)],
                );
                if a.arm != b.arm || a.nationality != b.nationality {
                    return Verdict::Refused("¶67 2");
                }
                let total = u16::from(s.units[usize::from(into)].sp)
                    + u16::from(s.units[usize::from(march)].sp);
                if total > u16::from(b.max) {
                    return Verdict::Refused("¶67, ¶13");
                }
                Verdict::Try
            }
            _ => Verdict::Try,
        }
    }
}
