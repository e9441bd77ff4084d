//! The Command Span tally (¶25–¶29, ¶26, ¶27, ¶31, §25) of every leader at once: one pass over
//! the units, garrisons and leaders instead of one per leader. It gives the same answer as
//! [`Hov::command_fault`] (whose text it leaves to that function) and is what
//! [`Hov::new_fault`] reads: the Organization Segment tries each candidate change on a copy of
//! the position and checks every leader's command after it. No part of the rules lives here.

use alloc::vec::Vec;

use super::super::Hov;
use super::super::state::{GarrisonPlace, LeaderId, LeaderPlace, State};
use super::super::types::{Arm, COALITION};

/// What one leader's track and portrait hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Count {
    /// Subordination Values of the units on his track (¶25).
    pub(super) sv: u16,
    /// Units on his track.
    pub(super) units: u16,
    /// Of them, units that are not cavalry (¶26).
    pub(super) not_cavalry: u16,
    /// Of them, units of another nationality than his (¶27).
    pub(super) foreign: u16,
    /// Garrisons on his track (§25).
    pub(super) garrisons: u16,
    /// Leaders on his portrait (¶28).
    pub(super) portrait: u16,
    /// What those leaders cost him (¶28, ¶26, ¶31).
    pub(super) portrait_sub: u16,
}

/// Every leader's [`Count`], by leader id.
pub(crate) struct Tally(pub(super) Vec<Count>);

impl Hov {
    /// The tally of every leader of `s`.
    pub(crate) fn tally(&self, s: &State) -> Tally {
        let n = s.leaders.len();
        let mut t = alloc::vec![Count::default(); n];
        for (i, u) in s.units.iter().enumerate() {
            let Some(l) = u.leader else { continue };
            if u.sp == 0 {
                continue;
            }
            let (Some(c), Some(info), Some(li)) = (
                t.get_mut(usize::from(l)),
                self.manifest.units.get(i),
                self.manifest.leaders.get(usize::from(l)),
            ) else {
                continue;
            };
            c.sv += u16::from(info.sv);
            c.units += 1;
            c.not_cavalry += u16::from(info.arm != Arm::Cavalry);
            c.foreign += u16::from(info.nationality != li.nationality);
        }
        for g in &s.garrisons {
            if let GarrisonPlace::Track(l) = g.place {
                if let Some(c) = t.get_mut(usize::from(l)) {
                    c.garrisons += 1;
                }
            }
        }
        for x in &s.leaders {
            if let LeaderPlace::Portrait(l) = x.place {
                if let Some(c) = t.get_mut(usize::from(l)) {
                    c.portrait += 1;
                }
            }
        }
        // What each subordinate costs reads his own track and portrait, counted above.
        for x in 0..n {
            if let LeaderPlace::Portrait(l) = s.leaders[x].place {
                let cost = self.tallied_subordination(&t, x as LeaderId);
                if let Some(c) = t.get_mut(usize::from(l)) {
                    c.portrait_sub += u16::from(cost);
                }
            }
        }
        Tally(t)
    }

    /// [`Hov::subordination_of`] from the tally.
    fn tallied_subordination(&self, t: &[Count], l: LeaderId) -> u8 {
        self.counted_subordination(l, t[usize::from(l)])
    }

    /// [`Hov::subordination_of`] from leader `l`'s count.
    pub(super) fn counted_subordination(&self, l: LeaderId, c: Count) -> u8 {
        let info = &self.manifest.leaders[usize::from(l)];
        let nothing = c.units == 0 && c.garrisons == 0 && c.portrait == 0;
        let burdened = info.mg == Some(Arm::Cavalry) && (c.not_cavalry > 0 || c.garrisons > 0);
        if info.mg.is_none() && nothing {
            0
        } else if burdened {
            2
        } else {
            info.ratings.subordination
        }
    }

    /// The rule of [`Hov::command_fault`]'s answer for `l`, from the tally of `s`.
    pub(crate) fn tallied_fault(&self, t: &Tally, s: &State, l: LeaderId) -> Option<&'static str> {
        let on_portrait = matches!(s.leaders[usize::from(l)].place, LeaderPlace::Portrait(_));
        self.counted_fault(l, t.0[usize::from(l)], on_portrait, self.span_of(s, l))
    }

    /// The rule of [`Hov::command_fault`]'s answer for `l` with count `c`, on a portrait or
    /// not, with Command Span `span`.
    pub(super) fn counted_fault(
        &self,
        l: LeaderId,
        c: Count,
        on_portrait: bool,
        span: u8,
    ) -> Option<&'static str> {
        let info = &self.manifest.leaders[usize::from(l)];
        let used = c.sv + c.portrait_sub + c.garrisons;
        if used > u16::from(span) {
            return Some("¶25, ¶29");
        }
        if on_portrait && c.portrait > 0 {
            return Some("¶29");
        }
        if info.side == COALITION && c.foreign > 1 {
            return Some("¶27");
        }
        None
    }
}
