//! The Organization Segment's listing by difference (docs/performance.md, "The Habit of
//! Victory"): the tally of the position is made once per listing, and each candidate change
//! that the check-only path ([`super::check`]) leaves open is judged from that tally and the few
//! leaders the change touches — no copy for the common changes (Major Generals activated and
//! deactivated, units moved between tracks, leaders put on or taken off a portrait), a copy
//! and a comparison with the position for the others.
//!
//! What is judged is what [`Hov::organization_change`] decides: the change's refusals, then the
//! display settled (¶70 2, ¶72: a Major General left with nothing leaves play, his subordinates
//! to the map) and no leader's command newly at fault (reading N18). A leader whose count,
//! place and standing in play are as before has the fault he had before, so only the touched
//! leaders and their Force Leaders are looked at. Where the position is not settled, or a
//! leader with subordinates would enter or leave play otherwise than by the display being
//! settled, the answer is left to the full trial. No part of the rules lives here:
//! `organization_change` stays the reference, and hov/tests/speed.rs checks that both agree on
//! every candidate of random positions.

use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{GarrisonId, GarrisonPlace, LeaderId, LeaderPlace, State, UnitId};
use super::super::types::Arm;
use super::check::Verdict;
use super::tally::{Count, Tally};
use crate::engine::Side;
use crate::hex::Hex;

/// A leader touched by the change: his count and place after it.
#[derive(Clone, Copy)]
struct Entry {
    l: LeaderId,
    c: Count,
    place: LeaderPlace,
}

/// One listing of the Organization Segment: the position, its tally and what the judgements
/// reuse.
pub(crate) struct Listing<'a> {
    h: &'a Hov,
    s: &'a State,
    side: Side,
    settled: bool,
    t: Tally,
    /// Each leader's hex in `s` (`leader_hex`).
    hex: Vec<Option<Hex>>,
    /// Each leader's own unit (the first whose eponymous leader he is, §22, §19 6).
    own: Vec<Option<UnitId>>,
    /// The touched leaders of the change being judged.
    e: Vec<Entry>,
    /// A copy of `s` for the changes judged on a copy, put back after each.
    copy: Option<State>,
    ev: Vec<Event>,
    /// For each unit, whether taking it off its leader's track alone is judged yet, and how
    /// (0 not yet, 1 refused, 2 legal, 3 left to the full trial).
    leaves: Vec<u8>,
    /// Whether a leader of the change being judged has changed place.
    moved: bool,
    /// Whether a garrison marker may be created in a hex (§52), by marker and hex.
    fits: Vec<(GarrisonId, Hex, bool)>,
    /// The judgements of `CreateMarchDivision` by counter, unit, leader and whether the unit
    /// is emptied: for any other strength within bounds the change is the same to every
    /// command and every refusal.
    marches: Vec<(UnitId, UnitId, LeaderId, bool, Option<bool>)>,
    /// The units with strength on each leader's track: `track[start[l]..start[l + 1]]`, in id
    /// order (made when first needed).
    track: Vec<UnitId>,
    start: Vec<u32>,
    /// The last Major General and unit of an activation judged, and whether refused whoever
    /// the Force Leader.
    last_activation: Option<(LeaderId, UnitId, bool)>,
}

impl<'a> Listing<'a> {
    /// `settled` is [`Hov::display_settled`] of `s` for the phasing player.
    pub(crate) fn new(h: &'a Hov, s: &'a State, settled: bool) -> Self {
        let n = s.leaders.len();
        let hex = (0..n).map(|l| h.leader_hex(s, l as LeaderId)).collect();
        let mut own = alloc::vec![None; n];
        for u in 0..s.units.len() {
            if let Some(o) = h.manifest.units[u]
                .eponymous
                .and_then(|l| own.get_mut(usize::from(l)))
            {
                if o.is_none() {
                    *o = Some(u as UnitId);
                }
            }
        }
        Listing {
            h,
            s,
            side: s.phasing,
            settled,
            t: h.tally(s),
            hex,
            own,
            e: Vec::new(),
            copy: None,
            ev: Vec::new(),
            leaves: alloc::vec![0; s.units.len()],
            moved: false,
            fits: Vec::new(),
            marches: Vec::new(),
            track: Vec::new(),
            start: Vec::new(),
            last_activation: None,
        }
    }

    /// The units with strength on leader `l`'s track, in id order.
    fn units_on(&mut self, l: LeaderId) -> &[UnitId] {
        let s = self.s;
        if self.start.is_empty() {
            let n = s.leaders.len();
            let mut start = alloc::vec![0u32; n + 2];
            for x in &s.units {
                if let Some(l) = x.leader.filter(|&l| usize::from(l) < n && x.sp > 0) {
                    start[usize::from(l) + 2] += 1;
                }
            }
            for i in 2..start.len() {
                start[i] += start[i - 1];
            }
            let mut track = alloc::vec![0; start[n + 1] as usize];
            for (u, x) in s.units.iter().enumerate() {
                if let Some(l) = x.leader.filter(|&l| usize::from(l) < n && x.sp > 0) {
                    let at = &mut start[usize::from(l) + 1];
                    track[*at as usize] = u as UnitId;
                    *at += 1;
                }
            }
            start.pop();
            self.track = track;
            self.start = start;
        }
        let l = usize::from(l);
        match (self.start.get(l), self.start.get(l + 1)) {
            (Some(&a), Some(&b)) => &self.track[a as usize..b as usize],
            _ => &[],
        }
    }

    /// The check-only verdict on candidate `a` (`organization_verdict_with`); an activation
    /// of one unit is left to [`Listing::judge`], which makes all its checks.
    pub(crate) fn verdict(&mut self, a: &Action) -> Verdict {
        let (h, s, settled) = (self.h, self.s, self.settled);
        if settled {
            if let Action::ActivateMg { ref units, .. } = *a {
                if units.len() == 1 {
                    return Verdict::Try;
                }
            }
        }
        let fits = &mut self.fits;
        h.organization_verdict_with(s, a, settled, &mut |g, x| {
            if let Some(&(_, _, ok)) = fits.iter().find(|y| y.0 == g && y.1 == x) {
                return ok;
            }
            let ok = h.garrison_fits(s, g, x) && !h.holds_at(s, s.phasing.other(), x);
            fits.push((g, x, ok));
            ok
        })
    }

    /// Forgets the change judged before.
    fn reset(&mut self) {
        self.e.clear();
        self.moved = false;
    }

    /// Whether candidate `a` is legal, as [`Hov::organization_change`] would say; `None` when
    /// it is left to the full trial.
    pub(crate) fn judge(&mut self, a: &Action) -> Option<bool> {
        if !self.settled {
            return None;
        }
        if let Action::ActivateMg {
            mg,
            ref units,
            under,
        } = *a
        {
            if let &[u] = &units[..] {
                return self.activation(mg, u, under);
            }
        }
        if let Action::TransferSp { from, to, sp } = *a {
            return self.transfer_sp(from, to, sp);
        }
        if let Action::CreateMarchDivision {
            counter,
            from,
            sp,
            leader,
        } = *a
        {
            let (Some(c), Some(f)) = (
                self.h.manifest.units.get(usize::from(counter)),
                self.s.units.get(usize::from(from)),
            ) else {
                return self.judged(a);
            };
            if usize::from(counter) >= self.s.units.len() || sp == 0 || sp > f.sp.min(c.max) {
                return Some(false);
            }
            let key = (counter, from, leader, sp == f.sp);
            if let Some(x) = self.marches.iter().find(|x| (x.0, x.1, x.2, x.3) == key) {
                return x.4;
            }
            let answer = self.judged(a);
            self.marches.push((key.0, key.1, key.2, key.3, answer));
            return answer;
        }
        self.judged(a)
    }

    /// [`Listing::judge`] of one candidate.
    fn judged(&mut self, a: &Action) -> Option<bool> {
        self.reset();
        let edited = match *a {
            Action::ActivateMg {
                mg,
                ref units,
                under,
            } => self.activate(mg, units, under),
            Action::TransferUnit { unit, to } => self.transfer(unit, to),
            Action::DeactivateMg { mg, to } => self.deactivate(mg, to),
            Action::Attach { leader, to } => self.attach(leader, to),
            Action::Detach { leader } => self.detach(leader),
            _ => self.by_copy(a),
        };
        match edited {
            Some(true) => self.no_new_fault(),
            x => x,
        }
    }

    /// The hex of unit `u` when it is a unit of the phasing player in play.
    fn unit_hex(&self, u: UnitId) -> Option<Hex> {
        let info = self.h.manifest.units.get(usize::from(u))?;
        let x = self.s.units.get(usize::from(u))?;
        if info.side != self.side || x.sp == 0 {
            return None;
        }
        *self.hex.get(usize::from(x.leader?))?
    }

    /// The hex of leader `l` when he is a leader of the phasing player in play.
    fn leader_hex(&self, l: LeaderId) -> Option<Hex> {
        let info = self.h.manifest.leaders.get(usize::from(l))?;
        if info.side != self.side {
            return None;
        }
        *self.hex.get(usize::from(l))?
    }

    /// The index of `l`'s entry, made from the tally and the position when new.
    fn entry(&mut self, l: LeaderId) -> usize {
        if let Some(i) = self.e.iter().position(|x| x.l == l) {
            return i;
        }
        self.e.push(Entry {
            l,
            c: self.t.0[usize::from(l)],
            place: self.s.leaders[usize::from(l)].place,
        });
        self.e.len() - 1
    }

    /// Leader `l`'s place after the change so far.
    fn place_of(&self, l: LeaderId) -> Option<LeaderPlace> {
        match self.e.iter().find(|x| x.l == l) {
            Some(x) => Some(x.place),
            None => self.s.leaders.get(usize::from(l)).map(|x| x.place),
        }
    }

    /// Leader `l`'s hex after the change so far (as `leader_hex` reads it).
    fn hex_after(&self, l: LeaderId) -> Option<Hex> {
        if !self.moved {
            return *self.hex.get(usize::from(l))?;
        }
        let mut at = l;
        for _ in 0..8 {
            match self.place_of(at)? {
                LeaderPlace::Map(h) => return Some(h),
                LeaderPlace::Portrait(f) => at = f,
                _ => return None,
            }
        }
        None
    }

    /// Counts unit `u` (in play, with strength) on or off leader `l`'s track, as the tally does.
    fn count_unit(&mut self, u: UnitId, l: LeaderId, on: bool) {
        let h = self.h;
        let (Some(info), Some(li)) = (
            h.manifest.units.get(usize::from(u)),
            h.manifest.leaders.get(usize::from(l)),
        ) else {
            return;
        };
        if usize::from(l) >= self.s.leaders.len() {
            return;
        }
        let d = |c: &mut u16, by: bool| {
            if by {
                *c = if on {
                    c.wrapping_add(1)
                } else {
                    c.wrapping_sub(1)
                };
            }
        };
        let i = self.entry(l);
        let c = &mut self.e[i].c;
        c.sv = if on {
            c.sv.wrapping_add(u16::from(info.sv))
        } else {
            c.sv.wrapping_sub(u16::from(info.sv))
        };
        d(&mut c.units, true);
        d(&mut c.not_cavalry, info.arm != Arm::Cavalry);
        d(&mut c.foreign, info.nationality != li.nationality);
    }

    /// Counts a garrison on or off leader `l`'s track.
    fn count_garrison(&mut self, l: LeaderId, on: bool) {
        if usize::from(l) >= self.s.leaders.len() {
            return;
        }
        let i = self.entry(l);
        let g = &mut self.e[i].c.garrisons;
        *g = if on {
            g.wrapping_add(1)
        } else {
            g.wrapping_sub(1)
        };
    }

    /// Puts leader `l` in `place`, counting him off and on the portraits concerned.
    fn set_place(&mut self, l: LeaderId, place: LeaderPlace) {
        let i = self.entry(l);
        let old = self.e[i].place;
        if old == place {
            return;
        }
        self.e[i].place = place;
        self.moved = true;
        let n = self.s.leaders.len();
        if let LeaderPlace::Portrait(f) = old {
            if usize::from(f) < n {
                let j = self.entry(f);
                self.e[j].c.portrait = self.e[j].c.portrait.wrapping_sub(1);
            }
        }
        if let LeaderPlace::Portrait(f) = place {
            if usize::from(f) < n {
                let j = self.entry(f);
                self.e[j].c.portrait = self.e[j].c.portrait.wrapping_add(1);
            }
        }
    }

    /// [`Listing::judge`] of `ActivateMg` of `mg` with the one unit `u` (on the portrait of
    /// `under`), without making the action unless it is judged in general.
    pub(crate) fn activation_one(
        &mut self,
        mg: LeaderId,
        u: UnitId,
        under: Option<LeaderId>,
    ) -> Option<bool> {
        if !self.settled {
            return None;
        }
        self.activation(mg, u, under)
    }

    /// The general judgement ([`Listing::judged`]) of `ActivateMg` of `mg` with unit `u`.
    fn judged_activation(
        &mut self,
        mg: LeaderId,
        u: UnitId,
        under: Option<LeaderId>,
    ) -> Option<bool> {
        self.judged(&Action::ActivateMg {
            mg,
            units: alloc::vec![u],
            under,
        })
    }

    /// ¶68, ¶69, §22: `ActivateMg` with one unit `u`, judged in three parts that touch
    /// different leaders: the Major General's own command, the Force Leader's portrait, and the
    /// unit's leader losing it (the same for every Major General, judged once per unit).
    fn activation(&mut self, mg: LeaderId, u: UnitId, under: Option<LeaderId>) -> Option<bool> {
        let (h, s) = (self.h, self.s);
        if let Some(refused) = self.activation_refused(mg, u, under) {
            return Some(!refused);
        }
        if self.t.0[usize::from(mg)].portrait > 0 {
            // His subordinates would enter play with him.
            return None;
        }
        let old = s.units[usize::from(u)].leader?;
        if under == Some(old) {
            return self.activation_under_own(mg, u, old);
        }
        // The Force Leader's count must not depend on the unit's leader: not he, nor above him.
        let mut above = Some(old);
        for _ in 0..8 {
            let Some(x) = above else { break };
            if under == Some(x) || x == mg {
                return self.judged_activation(mg, u, under);
            }
            above = match s.leaders.get(usize::from(x))?.place {
                LeaderPlace::Portrait(f) => Some(f),
                _ => None,
            };
        }
        if above.is_some() {
            return self.judged_activation(mg, u, under);
        }
        // His own command (out of play before: no fault then).
        let mine = self.with_unit(self.t.0[usize::from(mg)], u, mg)?;
        if h.counted_fault(mg, mine, under.is_some(), h.span_of(s, mg))
            .is_some()
        {
            return Some(false);
        }
        // The Force Leader on whose portrait he goes, on the map.
        if let Some(fl) = under {
            let mut c = self.t.0[usize::from(fl)];
            c.portrait += 1;
            c.portrait_sub += u16::from(h.counted_subordination(mg, mine));
            if let Some(f) = h.counted_fault(fl, c, false, h.span_of(s, fl)) {
                if h.tallied_fault(&self.t, s, fl) != Some(f) {
                    return Some(false);
                }
            }
        }
        // The unit's leader and those above and below him.
        self.leaves_track(u, old)
    }

    /// Whether taking unit `u` off the track of `old`, its leader, and nothing else leaves the
    /// display settled and no command newly at fault; judged once per unit.
    fn leaves_track(&mut self, u: UnitId, old: LeaderId) -> Option<bool> {
        match self.leaves[usize::from(u)] {
            1 => Some(false),
            2 => Some(true),
            3 => None,
            _ => {
                self.reset();
                self.count_unit(u, old, false);
                let answer = self.no_new_fault();
                self.leaves[usize::from(u)] = match answer {
                    Some(false) => 1,
                    Some(true) => 2,
                    None => 3,
                };
                answer
            }
        }
    }

    /// ¶74, ¶76, ¶13: `TransferSp` of `sp` from `from` to `to`: its refusals, then legal when
    /// both units keep strength (no count changes), or judged as `from` leaving its leader's
    /// track when it gives all it has (¶12 2: it is gone; `to`'s count does not change).
    fn transfer_sp(&mut self, from: UnitId, to: UnitId, sp: u8) -> Option<bool> {
        let h = self.h;
        let at = self.unit_hex(from);
        if at.is_none() || self.unit_hex(to) != at || from == to {
            return Some(false);
        }
        let (f, t) = (
            &h.manifest.units[usize::from(from)],
            &h.manifest.units[usize::from(to)],
        );
        if f.arm != t.arm || f.nationality != t.nationality {
            return Some(false);
        }
        let have = self.s.units[usize::from(from)].sp;
        let now = self.s.units[usize::from(to)].sp;
        if sp == 0 || sp > have || u16::from(now) + u16::from(sp) > u16::from(t.max) {
            return Some(false);
        }
        if sp < have {
            return Some(true);
        }
        let old = self.s.units[usize::from(from)].leader?;
        self.leaves_track(from, old)
    }

    /// `ActivateMg` of `mg` with unit `u` onto the portrait of `fl`, the unit's own leader (on
    /// the map, no refusal): judged from the two leaders' counts unless `fl` is a Major
    /// General left with nothing (he would then leave play, ¶70 2).
    fn activation_under_own(&mut self, mg: LeaderId, u: UnitId, fl: LeaderId) -> Option<bool> {
        let (h, s) = (self.h, self.s);
        let mine = self.with_unit(self.t.0[usize::from(mg)], u, mg)?;
        let mut c = self.without_unit(self.t.0[usize::from(fl)], u, fl)?;
        let info = &h.manifest.leaders[usize::from(fl)];
        if info.side == self.side && info.mg.is_some() && c.units == 0 && c.garrisons == 0 {
            return self.judged_activation(mg, u, Some(fl));
        }
        if h.counted_fault(mg, mine, true, h.span_of(s, mg)).is_some() {
            return Some(false);
        }
        c.portrait += 1;
        c.portrait_sub += u16::from(h.counted_subordination(mg, mine));
        Some(match h.counted_fault(fl, c, false, h.span_of(s, fl)) {
            None => true,
            Some(f) => h.tallied_fault(&self.t, s, fl) == Some(f),
        })
    }

    /// `c` without unit `u` on leader `l`'s track, as the tally counts it.
    fn without_unit(&self, mut c: Count, u: UnitId, l: LeaderId) -> Option<Count> {
        let info = self.h.manifest.units.get(usize::from(u))?;
        let li = self.h.manifest.leaders.get(usize::from(l))?;
        c.sv = c.sv.wrapping_sub(u16::from(info.sv));
        c.units = c.units.wrapping_sub(1);
        c.not_cavalry = c
            .not_cavalry
            .wrapping_sub(u16::from(info.arm != Arm::Cavalry));
        c.foreign = c
            .foreign
            .wrapping_sub(u16::from(info.nationality != li.nationality));
        Some(c)
    }

    /// `c` with unit `u` counted on leader `l`'s track, as the tally does.
    fn with_unit(&self, mut c: Count, u: UnitId, l: LeaderId) -> Option<Count> {
        let info = self.h.manifest.units.get(usize::from(u))?;
        let li = self.h.manifest.leaders.get(usize::from(l))?;
        c.sv += u16::from(info.sv);
        c.units += 1;
        c.not_cavalry += u16::from(info.arm != Arm::Cavalry);
        c.foreign += u16::from(info.nationality != li.nationality);
        Some(c)
    }

    /// Whether `organization_edit` refuses `ActivateMg` of `mg` with unit `u` (`None`: not
    /// refused). The refusals that do not read `under` are kept for the next candidate, which
    /// is the same Major General and unit under another Force Leader.
    fn activation_refused(
        &mut self,
        mg: LeaderId,
        u: UnitId,
        under: Option<LeaderId>,
    ) -> Option<bool> {
        let s = self.s;
        let refused = match self.last_activation {
            Some((m, x, r)) if m == mg && x == u => r,
            _ => {
                let r = self.activation_refused_whoever(mg, u);
                self.last_activation = Some((mg, u, r));
                r
            }
        };
        if refused {
            return Some(true);
        }
        let Some(at) = self.unit_hex(u) else {
            return Some(true);
        };
        if let Some(fl) = under {
            if self.leader_hex(fl) != Some(at)
                || !matches!(s.leaders[usize::from(fl)].place, LeaderPlace::Map(_))
            {
                return Some(true);
            }
        }
        None
    }

    /// The refusals of `ActivateMg` of `mg` with unit `u` whoever the Force Leader.
    fn activation_refused_whoever(&self, mg: LeaderId, u: UnitId) -> bool {
        let (h, s) = (self.h, self.s);
        let Some(info) = h.manifest.leaders.get(usize::from(mg)) else {
            return true;
        };
        let self_employed = info.mg.is_none() && h.enters_with(s, mg).is_some();
        if info.side != self.side
            || !(info.mg.is_some() || self_employed)
            || s.leaders[usize::from(mg)].place != LeaderPlace::Out
        {
            return true;
        }
        self.unit_hex(u).is_none()
            || h.takes_eponymous(s, u, mg)
            || h.mixed_cavalry_refused(s, u, mg).is_err()
            || self.own[usize::from(mg)].is_some_and(|o| o != u)
    }

    /// ¶68, ¶69, §22: the refusals and the change of `ActivateMg` (one unit).
    fn activate(
        &mut self,
        mg: LeaderId,
        units: &[UnitId],
        under: Option<LeaderId>,
    ) -> Option<bool> {
        let (h, s) = (self.h, self.s);
        let Some(info) = h.manifest.leaders.get(usize::from(mg)) else {
            return Some(false);
        };
        let self_employed = info.mg.is_none() && h.enters_with(s, mg).is_some();
        if info.side != self.side
            || !(info.mg.is_some() || self_employed)
            || s.leaders[usize::from(mg)].place != LeaderPlace::Out
        {
            return Some(false);
        }
        let &[u] = units else {
            return if units.is_empty() { Some(false) } else { None };
        };
        let Some(at) = self.unit_hex(u) else {
            return Some(false);
        };
        if h.takes_eponymous(s, u, mg) || h.mixed_cavalry_refused(s, u, mg).is_err() {
            return Some(false);
        }
        if self.own[usize::from(mg)].is_some_and(|o| o != u) {
            return Some(false);
        }
        let place = match under {
            None => LeaderPlace::Map(at),
            Some(fl) => {
                if self.leader_hex(fl) != Some(at)
                    || !matches!(s.leaders[usize::from(fl)].place, LeaderPlace::Map(_))
                {
                    return Some(false);
                }
                LeaderPlace::Portrait(fl)
            }
        };
        if self.t.0[usize::from(mg)].portrait > 0 {
            // His subordinates would enter play with him.
            return None;
        }
        self.set_place(mg, place);
        let old = s.units[usize::from(u)].leader;
        if old != Some(mg) {
            if let Some(old) = old {
                self.count_unit(u, old, false);
            }
            self.count_unit(u, mg, true);
        }
        Some(true)
    }

    /// ¶73: the refusals and the change of `TransferUnit`.
    fn transfer(&mut self, unit: UnitId, to: LeaderId) -> Option<bool> {
        let (h, s) = (self.h, self.s);
        let Some(at) = self.unit_hex(unit) else {
            return Some(false);
        };
        let old = s.units[usize::from(unit)].leader;
        if self.leader_hex(to) != Some(at)
            || old == Some(to)
            || h.takes_eponymous(s, unit, to)
            || h.mixed_cavalry_refused(s, unit, to).is_err()
        {
            return Some(false);
        }
        if let Some(old) = old {
            self.count_unit(unit, old, false);
        }
        self.count_unit(unit, to, true);
        Some(true)
    }

    /// ¶70: the refusals and the change of `DeactivateMg`.
    fn deactivate(&mut self, mg: LeaderId, to: LeaderId) -> Option<bool> {
        let s = self.s;
        let Some(at) = self.leader_hex(mg) else {
            return Some(false);
        };
        if self.h.manifest.leaders[usize::from(mg)].mg.is_none()
            || mg == to
            || self.leader_hex(to) != Some(at)
        {
            return Some(false);
        }
        if self.t.0[usize::from(mg)].units > 0 {
            let n = self.units_on(mg).len();
            for i in 0..n {
                let u = self.units_on(mg)[i];
                self.count_unit(u, mg, false);
                self.count_unit(u, to, true);
            }
        }
        if self.t.0[usize::from(mg)].garrisons > 0 {
            for g in &s.garrisons {
                if g.place == GarrisonPlace::Track(mg) {
                    self.count_garrison(mg, false);
                    self.count_garrison(to, true);
                }
            }
        }
        Some(true)
    }

    /// ¶28, ¶29: the refusals and the change of `Attach`.
    fn attach(&mut self, l: LeaderId, to: LeaderId) -> Option<bool> {
        let s = self.s;
        let Some(at) = self.leader_hex(l) else {
            return Some(false);
        };
        if l == to
            || self.leader_hex(to) != Some(at)
            || !matches!(s.leaders[usize::from(to)].place, LeaderPlace::Map(_))
            || s.leaders[usize::from(l)].place == LeaderPlace::Portrait(to)
            || self.t.0[usize::from(l)].portrait > 0
        {
            return Some(false);
        }
        self.set_place(l, LeaderPlace::Portrait(to));
        Some(true)
    }

    /// ¶80 2: the refusals and the change of `Detach`.
    fn detach(&mut self, l: LeaderId) -> Option<bool> {
        let Some(at) = self.leader_hex(l) else {
            return Some(false);
        };
        if !matches!(
            self.s.leaders[usize::from(l)].place,
            LeaderPlace::Portrait(_)
        ) {
            return Some(false);
        }
        self.set_place(l, LeaderPlace::Map(at));
        Some(true)
    }

    /// Any other change: made on the copy, read back as the differences from `s`, and the copy
    /// put back.
    fn by_copy(&mut self, a: &Action) -> Option<bool> {
        let (h, s) = (self.h, self.s);
        let mut n = self.copy.take().unwrap_or_else(|| s.clone());
        self.ev.clear();
        let answer = if h.organization_edit(&mut n, a, &mut self.ev).is_err() {
            Some(false)
        } else {
            self.read_difference(&n)
        };
        restore_display(&mut n, s);
        self.copy = Some(n);
        answer
    }

    /// The entries of what differs between `n` and `s` in tracks, portraits and garrisons;
    /// `None` when anything else a command reads has changed.
    fn read_difference(&mut self, n: &State) -> Option<bool> {
        let s = self.s;
        if n.units.len() != s.units.len()
            || n.leaders.len() != s.leaders.len()
            || n.garrisons.len() != s.garrisons.len()
        {
            return None;
        }
        for (i, (a, b)) in s.units.iter().zip(&n.units).enumerate() {
            if a == b {
                continue;
            }
            if let (Some(l), true) = (a.leader, a.sp > 0) {
                self.count_unit(i as UnitId, l, false);
            }
            if let (Some(l), true) = (b.leader, b.sp > 0) {
                self.count_unit(i as UnitId, l, true);
            }
        }
        for (i, (a, b)) in s.leaders.iter().zip(&n.leaders).enumerate() {
            if a == b {
                continue;
            }
            if a.captures != b.captures {
                return None;
            }
            if a.place != b.place {
                self.set_place(i as LeaderId, b.place);
            }
        }
        for (a, b) in s.garrisons.iter().zip(&n.garrisons) {
            if a.place == b.place {
                continue;
            }
            if let GarrisonPlace::Track(l) = a.place {
                self.count_garrison(l, false);
            }
            if let GarrisonPlace::Track(l) = b.place {
                self.count_garrison(l, true);
            }
        }
        Some(true)
    }

    /// After the change's entries: the display settled, then no touched leader's command newly
    /// at fault (reading N18).
    fn no_new_fault(&mut self) -> Option<bool> {
        let (h, s, side) = (self.h, self.s, self.side);
        // A leader with subordinates entering or leaving play takes them with him: left to the
        // full trial.
        for x in &self.e {
            let before = self.hex[usize::from(x.l)].is_some();
            if before != self.hex_after(x.l).is_some() && self.t.0[usize::from(x.l)].portrait > 0 {
                return None;
            }
        }
        // ¶70 2, ¶72: a Major General with nothing on his track leaves play, his subordinates
        // to the map in his hex (every other Major General in play held something before and
        // still does).
        let mut i = 0;
        while i < self.e.len() {
            let Entry { l, c, .. } = self.e[i];
            let info = &h.manifest.leaders[usize::from(l)];
            if info.side == side && info.mg.is_some() && c.units == 0 && c.garrisons == 0 {
                if let Some(at) = self.hex_after(l) {
                    // His portrait's count is that of the leaders on it now.
                    if c.portrait > 0 {
                        let on = LeaderPlace::Portrait(l);
                        // Those on it in the position and still there, then those the change
                        // put there.
                        for x in 0..s.leaders.len() {
                            if s.leaders[x].place == on && self.place_of(x as LeaderId) == Some(on)
                            {
                                self.set_place(x as LeaderId, LeaderPlace::Map(at));
                            }
                        }
                        let mut j = 0;
                        while j < self.e.len() {
                            let y = self.e[j];
                            if y.place == on && s.leaders[usize::from(y.l)].place != on {
                                self.set_place(y.l, LeaderPlace::Map(at));
                            }
                            j += 1;
                        }
                    }
                    self.set_place(l, LeaderPlace::Out);
                }
            }
            i += 1;
        }
        // The Force Leaders of touched leaders, before and after, pay for their subordinates.
        let mut i = 0;
        while i < self.e.len() {
            let Entry { l, place, .. } = self.e[i];
            for p in [s.leaders[usize::from(l)].place, place] {
                if let LeaderPlace::Portrait(f) = p {
                    if usize::from(f) < s.leaders.len() {
                        self.entry(f);
                    }
                }
            }
            i += 1;
        }
        for x in &self.e {
            let l = x.l;
            if h.manifest.leaders[usize::from(l)].side != side || self.hex_after(l).is_none() {
                continue;
            }
            let mut c = x.c;
            let mut paid = i32::from(c.portrait_sub);
            for y in &self.e {
                if s.leaders[usize::from(y.l)].place == LeaderPlace::Portrait(l) {
                    paid -= i32::from(h.counted_subordination(y.l, self.t.0[usize::from(y.l)]));
                }
                if y.place == LeaderPlace::Portrait(l) {
                    paid += i32::from(h.counted_subordination(y.l, y.c));
                }
            }
            c.portrait_sub = u16::try_from(paid).unwrap_or(0);
            let on_portrait = matches!(x.place, LeaderPlace::Portrait(_));
            let Some(f) = h.counted_fault(l, c, on_portrait, h.span_of(s, l)) else {
                continue;
            };
            let was = if self.hex[usize::from(l)].is_some() {
                h.tallied_fault(&self.t, s, l)
            } else {
                None
            };
            if was != Some(f) {
                return Some(false);
            }
        }
        Some(true)
    }
}

/// Puts back in `n` the parts of the position that an Organization change may touch
/// (`organization_change`, `settle_display`, `substitute_apply`, `garrison_apply`): `n` equals
/// `s` again.
pub(super) fn restore_display(n: &mut State, s: &State) {
    n.units.clone_from(&s.units);
    n.leaders.clone_from(&s.leaders);
    n.garrisons.clone_from(&s.garrisons);
    n.march_divisions.clone_from(&s.march_divisions);
    n.gone.clone_from(&s.gone);
    n.freed.clone_from(&s.freed);
    n.drawn.clone_from(&s.drawn);
    debug_assert!(
        n == s,
        "an Organization change touched another part of the position"
    );
}
