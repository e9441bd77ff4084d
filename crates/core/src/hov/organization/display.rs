//! The Organization Display and the limits of command (¶16, ¶19, ¶25–¶31, ¶72, §22, §25): what
//! a leader's track and portrait may hold.
//!
//! A leader's Command Span (less one for each capture, ¶33) must cover the Subordination Values
//! of the units and garrisons on his track (¶25, §25: a garrison costs 1) and of the leaders on
//! his portrait (¶28–¶29); a subordinate's own units do not count against his Force Leader
//! (¶28 4). An Unemployed Leader's Subordination is ignored (¶31). A cavalry Major General with
//! infantry or artillery on his track has Subordination 2 (¶26). A Coalition leader's track
//! holds at most one unit of another nationality than his (¶27, reading N17). Command has two
//! levels only: a leader on a portrait has no portrait of his own (¶29).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::state::{GarrisonPlace, LeaderId, LeaderPlace, State, UnitId};
use super::super::types::{Arm, COALITION};
use crate::engine::Side;
use crate::hex::Hex;

impl Hov {
    /// A leader's Command Span now: the printed one less one for each capture (¶33).
    pub fn span_of(&self, s: &State, l: LeaderId) -> u8 {
        self.manifest.leaders[usize::from(l)]
            .ratings
            .span
            .saturating_sub(s.leaders[usize::from(l)].captures)
    }

    /// The combat units on a leader's own track (¶19), in id order.
    pub fn track(&self, s: &State, l: LeaderId) -> Vec<UnitId> {
        (0..s.units.len() as UnitId)
            .filter(|&u| {
                let x = s.units[usize::from(u)];
                x.leader == Some(l) && x.sp > 0
            })
            .collect()
    }

    /// The leaders on a leader's portrait (¶19, ¶28), in id order.
    pub fn portrait(&self, s: &State, l: LeaderId) -> Vec<LeaderId> {
        (0..s.leaders.len() as LeaderId)
            .filter(|&x| s.leaders[usize::from(x)].place == LeaderPlace::Portrait(l))
            .collect()
    }

    fn track_garrisons(&self, s: &State, l: LeaderId) -> usize {
        s.garrisons
            .iter()
            .filter(|g| g.place == GarrisonPlace::Track(l))
            .count()
    }

    /// ¶26: a cavalry Major General with infantry or artillery on his track (Initiative 1,
    /// Subordination 2 while he keeps them).
    pub fn mg_burdened(&self, s: &State, l: LeaderId) -> bool {
        self.manifest.leaders[usize::from(l)].mg == Some(Arm::Cavalry)
            && (self
                .track(s, l)
                .iter()
                .any(|&u| self.manifest.units[usize::from(u)].arm != Arm::Cavalry)
                || self.track_garrisons(s, l) > 0)
    }

    /// Whether a leader has nothing to command: no unit, garrison or subordinate (¶30); a Major
    /// General never counts as one (¶72).
    pub fn has_nothing(&self, s: &State, l: LeaderId) -> bool {
        self.track(s, l).is_empty()
            && self.track_garrisons(s, l) == 0
            && self.portrait(s, l).is_empty()
    }

    /// The Subordination Value a leader costs his Force Leader (¶28, ¶26, ¶31).
    pub fn subordination_of(&self, s: &State, l: LeaderId) -> u8 {
        let info = &self.manifest.leaders[usize::from(l)];
        if info.mg.is_none() && self.has_nothing(s, l) {
            0
        } else if self.mg_burdened(s, l) {
            2
        } else {
            info.ratings.subordination
        }
    }

    /// The Command Span a leader's track and portrait use (¶25, ¶29, §25).
    pub fn span_used(&self, s: &State, l: LeaderId) -> u16 {
        let units: u16 = self
            .track(s, l)
            .iter()
            .map(|&u| u16::from(self.manifest.units[usize::from(u)].sv))
            .sum();
        let leaders: u16 = self
            .portrait(s, l)
            .iter()
            .map(|&x| u16::from(self.subordination_of(s, x)))
            .sum();
        units + leaders + self.track_garrisons(s, l) as u16
    }

    /// What is wrong with a leader's command, if anything (¶25–¶29, ¶27).
    pub fn command_fault(&self, s: &State, l: LeaderId) -> Option<(&'static str, String)> {
        let info = &self.manifest.leaders[usize::from(l)];
        let used = self.span_used(s, l);
        let span = self.span_of(s, l);
        if used > u16::from(span) {
            return Some((
                "¶25, ¶29",
                format!(
                    "{} ({}) would command {used} Subordination points with a Command Span of {span}",
                    info.name, info.id
                ),
            ));
        }
        if matches!(s.leaders[usize::from(l)].place, LeaderPlace::Portrait(_))
            && !self.portrait(s, l).is_empty()
        {
            return Some((
                "¶29",
                format!(
                    "{} ({}) is a Subordinate Leader and may not have subordinates of his own",
                    info.name, info.id
                ),
            ));
        }
        if info.side == COALITION {
            let foreign = self
                .track(s, l)
                .iter()
                .filter(|&&u| self.manifest.units[usize::from(u)].nationality != info.nationality)
                .count();
            if foreign > 1 {
                return Some((
                    "¶27",
                    format!(
                        "{} ({}) may have at most one unit of another nationality on his track",
                        info.name, info.id
                    ),
                ));
            }
        }
        None
    }

    /// The first leader of `side` whose command is at fault in `after` but was not in
    /// `before`: a change may not create a new fault (reading N18).
    pub fn new_fault(
        &self,
        before: &State,
        after: &State,
        side: Side,
    ) -> Option<(&'static str, String)> {
        self.new_fault_with(&mut None, true, before, after, side)
    }

    /// [`Hov::new_fault`] with the tally of `before` kept in `then` between calls on the same
    /// `before` (the Organization Segment's listing checks many changes of one position);
    /// without `text` the answer's text is left empty (the listing reads the rule only).
    pub(crate) fn new_fault_with(
        &self,
        then: &mut Option<super::tally::Tally>,
        text: bool,
        before: &State,
        after: &State,
        side: Side,
    ) -> Option<(&'static str, String)> {
        // The tally gives each leader's fault rule at once; the text is command_fault's.
        let now = self.tally(after);
        for l in 0..after.leaders.len() as LeaderId {
            if self.manifest.leaders[usize::from(l)].side != side
                || self.leader_hex(after, l).is_none()
            {
                continue;
            }
            let Some(f) = self.tallied_fault(&now, after, l) else {
                continue;
            };
            let was = if self.leader_hex(before, l).is_some() {
                let t = then.get_or_insert_with(|| self.tally(before));
                self.tallied_fault(t, before, l)
            } else {
                None
            };
            if was != Some(f) {
                if !text {
                    return Some((f, String::new()));
                }
                return self.command_fault(after, l);
            }
        }
        None
    }

    /// The leaders of `side` in play in `hex`, on the map or on a portrait there, in id order.
    pub fn leaders_in(&self, s: &State, side: Side, hex: Hex) -> Vec<LeaderId> {
        (0..s.leaders.len() as LeaderId)
            .filter(|&l| {
                self.manifest.leaders[usize::from(l)].side == side
                    && self.leader_hex(s, l) == Some(hex)
            })
            .collect()
    }

    /// The hex of a unit in play: its leader's (¶20 2).
    pub fn unit_hex(&self, s: &State, u: UnitId) -> Option<Hex> {
        let x = s.units.get(usize::from(u))?;
        if x.sp == 0 {
            return None;
        }
        self.leader_hex(s, x.leader?)
    }

    /// The hexes where `side` has a leader in play, sorted.
    pub fn occupied_hexes(&self, s: &State, side: Side) -> Vec<Hex> {
        let mut out: Vec<Hex> = (0..s.leaders.len() as LeaderId)
            .filter(|&l| self.manifest.leaders[usize::from(l)].side == side)
            .filter_map(|l| self.leader_hex(s, l))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// A counter's name and id for messages.
    pub fn leader_label(&self, l: LeaderId) -> String {
        self.manifest
            .leaders
            .get(usize::from(l))
            .map_or_else(|| format!("#{l}"), |x| format!("{} ({})", x.name, x.id))
    }

    /// A unit's name and id for messages.
    pub fn unit_label(&self, u: UnitId) -> String {
        self.manifest
            .units
            .get(usize::from(u))
            .map_or_else(|| format!("#{u}"), |x| format!("{} ({})", x.name, x.id))
    }
}
