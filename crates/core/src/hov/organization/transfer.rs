//! I.b The Organization Segment (¶43 steps 2–4): Major Generals activated and deactivated
//! (¶68–¶72, §22), March Divisions split off and merged back (¶66–¶67, ¶75, §19), units moved
//! between the tracks of leaders in one hex (¶73), strength moved between units of one
//! nationality and type in one hex (¶74, ¶76, reading N19; a unit left at zero is gone for
//! good, ¶12 2, ¶13 2), and leaders put on a portrait or on the map as forces of their own
//! (¶80 2, ¶81). At its start, vedettes on portraits return to the map (§75 2).
//!
//! The steps may be taken in any order within the segment (reading N21). No change may leave a
//! leader's command at fault where it was not (¶25–¶29, ¶27; reading N18). Every change is the
//! owner's secret (¶20): owner-only events.

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{GarrisonPlace, LeaderId, LeaderPlace, State, UnitId, VedettePlace};
use super::super::types::Arm;
use super::check::Verdict;
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

/// An activation of a Major General with one unit among the Organization candidates: the
/// index of the candidate it comes before, the Major General, the unit and the Force Leader on
/// whose portrait he goes.
pub(crate) type ActivationPart = (u32, LeaderId, UnitId, Option<LeaderId>);

/// The Organization listing's verdict on candidate `a`: the check-only path, then the judgement
/// by difference, then the full `trial` where neither decides.
fn decide(
    listing: &mut super::delta::Listing,
    trial: &mut impl FnMut(&Action) -> bool,
    a: &Action,
) -> bool {
    match listing.verdict(a) {
        Verdict::Legal => true,
        Verdict::Refused(_) => false,
        Verdict::Try => match listing.judge(a) {
            Some(legal) => legal,
            None => trial(a),
        },
    }
}

fn refuse(rule: &'static str, why: alloc::string::String) -> Illegal {
    Illegal::new(rule, why)
}

impl Hov {
    /// The Organization Segment's decisions for the phasing player, in a stable order: each
    /// candidate judged by the check-only path (`organization_verdict_with`), then by
    /// difference from the tally of the position (`delta::Listing`), and tried on one copy of
    /// the position only where both leave it open. An activation of one unit is judged from its
    /// parts; its action (and the Vec of its units) is made only when it is listed or tried.
    pub(crate) fn organization_actions(&self, s: &State, out: &mut Vec<Action>) {
        let settled = self.display_settled(s, s.phasing);
        let mut listing = super::delta::Listing::new(self, s, settled);
        let mut ev = Vec::new();
        // The full trial, for what neither path decides: one copy for all, put back after each
        // in the parts a change may touch; the tally of `s` is made once.
        let mut next: Option<State> = None;
        let mut then = None;
        let mut trial = |a: &Action| {
            let n = next.get_or_insert_with(|| s.clone());
            ev.clear();
            let ok = self
                .organization_change_with(&mut then, false, s, n, a, &mut ev)
                .is_ok();
            super::delta::restore_display(n, s);
            ok
        };
        let (rest, acts) = self.organization_candidate_parts(s);
        let mut k = 0;
        let mut rest = rest.into_iter();
        for i in 0.. {
            while let Some(&(at, mg, u, under)) = acts.get(k) {
                if at as usize != i {
                    break;
                }
                k += 1;
                let made = || Action::ActivateMg {
                    mg,
                    units: alloc::vec![u],
                    under,
                };
                let legal = match settled.then(|| listing.activation_one(mg, u, under)) {
                    Some(Some(legal)) => legal,
                    Some(None) => trial(&made()),
                    None => decide(&mut listing, &mut trial, &made()),
                };
                if legal {
                    out.push(made());
                }
            }
            let Some(a) = rest.next() else { break };
            if decide(&mut listing, &mut trial, &a) {
                out.push(a);
            }
        }
        out.push(Action::Done);
    }

    /// The reference listing: every candidate tried on a copy with [`Hov::organization_change`]
    /// (the check-only path must give the same list).
    #[cfg(test)]
    pub(crate) fn organization_actions_reference(&self, s: &State, out: &mut Vec<Action>) {
        let mut ev = Vec::new();
        for a in self.organization_candidates(s) {
            let mut next = s.clone();
            ev.clear();
            if self.organization_change(s, &mut next, &a, &mut ev).is_ok() {
                out.push(a);
            }
        }
        out.push(Action::Done);
    }

    /// Every candidate change of the Organization Segment, legal or not, in a stable order
    /// (the listing walks [`Hov::organization_candidate_parts`] instead).
    #[cfg(test)]
    pub(crate) fn organization_candidates(&self, s: &State) -> Vec<Action> {
        let (rest, acts) = self.organization_candidate_parts(s);
        let mut c = Vec::with_capacity(rest.len() + acts.len());
        let mut k = 0;
        let mut rest = rest.into_iter();
        for i in 0.. {
            while let Some(&(at, mg, u, under)) = acts.get(k) {
                if at as usize != i {
                    break;
                }
                k += 1;
                c.push(Action::ActivateMg {
                    mg,
                    units: alloc::vec![u],
                    under,
                });
            }
            let Some(a) = rest.next() else { break };
            c.push(a);
        }
        c
    }

    /// [`Hov::organization_candidates`] in two parts: every candidate but the activations of a
    /// Major General out of play with one unit, and those activations as `(i, mg, unit,
    /// under)`, each listed just before the `i`-th of the others (or at the end when there is
    /// no `i`-th).
    pub(crate) fn organization_candidate_parts(
        &self,
        s: &State,
    ) -> (Vec<Action>, Vec<ActivationPart>) {
        let side = s.phasing;
        let mut c = Vec::with_capacity(512);
        let mut acts: Vec<ActivationPart> = Vec::new();
        // Each leader's hex, once; the side's leaders in play sorted by hex, then id.
        let lhex: Vec<Option<Hex>> = (0..s.leaders.len() as LeaderId)
            .map(|l| self.leader_hex(s, l))
            .collect();
        let uhex = |u: UnitId| -> Option<Hex> {
            let x = s.units.get(usize::from(u))?;
            if x.sp == 0 {
                return None;
            }
            *lhex.get(usize::from(x.leader?))?
        };
        let mut ours: Vec<(Hex, LeaderId)> = (0..s.leaders.len() as LeaderId)
            .filter(|&l| self.manifest.leaders[usize::from(l)].side == side)
            .filter_map(|l| lhex[usize::from(l)].map(|h| (h, l)))
            .collect();
        ours.sort_unstable();
        // The side's leaders in `h`, in id order (`leaders_in`).
        let at = |h: Option<Hex>| {
            let h = h.unwrap_or_default();
            let i = ours.partition_point(|x| x.0 < h);
            let j = ours.partition_point(|x| x.0 <= h);
            ours[i..j].iter().map(|x| x.1)
        };
        let mine_in_play: Vec<UnitId> = (0..s.units.len() as UnitId)
            .filter(|&u| self.manifest.units[usize::from(u)].side == side && uhex(u).is_some())
            .collect();
        // Step 2: Major Generals and March Divisions.
        for mg in 0..s.leaders.len() as LeaderId {
            let info = &self.manifest.leaders[usize::from(mg)];
            if info.side != side {
                continue;
            }
            if info.mg.is_none() {
                // §22 2: a self-employed leader who is not a Major General enters play with his
                // own unit, in its hex.
                if let Some(u) = self.enters_with(s, mg) {
                    c.push(Action::ActivateMg {
                        mg,
                        units: alloc::vec![u],
                        under: None,
                    });
                }
                continue;
            }
            if s.leaders[usize::from(mg)].place == LeaderPlace::Out {
                let i = c.len() as u32;
                for &u in &mine_in_play {
                    acts.push((i, mg, u, None));
                    for fl in at(uhex(u)) {
                        if matches!(s.leaders[usize::from(fl)].place, LeaderPlace::Map(_)) {
                            acts.push((i, mg, u, Some(fl)));
                        }
                    }
                }
            } else if let Some(h) = lhex[usize::from(mg)] {
                for to in at(Some(h)) {
                    c.push(Action::DeactivateMg { mg, to });
                }
            }
        }
        // The free counters that may serve as March Divisions (`free_march_counter`).
        let free: Vec<UnitId> = (0..s.units.len() as UnitId)
            .filter(|&x| {
                self.manifest.units[usize::from(x)].organic.is_some() && self.counter_free(s, x)
            })
            .collect();
        for &from in &mine_in_play {
            let f = &self.manifest.units[usize::from(from)];
            let Some(counter) = free.iter().copied().find(|&x| {
                let m = &self.manifest.units[usize::from(x)];
                x != from && m.arm == f.arm && m.nationality == f.nationality && m.side == f.side
            }) else {
                continue;
            };
            let most = s.units[usize::from(from)]
                .sp
                .min(self.manifest.units[usize::from(counter)].max);
            for leader in at(uhex(from)) {
                for sp in 1..=most {
                    c.push(Action::CreateMarchDivision {
                        counter,
                        from,
                        sp,
                        leader,
                    });
                }
            }
        }
        for &march in &s.march_divisions {
            for &into in &mine_in_play {
                c.push(Action::Incorporate { march, into });
            }
        }
        // Leaders on portraits and on the map (¶80 2, ¶81), hex by hex.
        let mut i = 0;
        while i < ours.len() {
            let j = i + ours[i..].iter().take_while(|x| x.0 == ours[i].0).count();
            let ls = &ours[i..j];
            for &(_, l) in ls {
                if matches!(s.leaders[usize::from(l)].place, LeaderPlace::Portrait(_)) {
                    c.push(Action::Detach { leader: l });
                }
                for &(_, to) in ls {
                    c.push(Action::Attach { leader: l, to });
                }
            }
            i = j;
        }
        // Step 3: units between tracks (¶73).
        for &u in &mine_in_play {
            for to in at(uhex(u)) {
                c.push(Action::TransferUnit { unit: u, to });
            }
        }
        // Step 4: strength between units (¶74).
        let mine_hex: Vec<Option<Hex>> = mine_in_play.iter().map(|&u| uhex(u)).collect();
        for (&from, hf) in mine_in_play.iter().zip(&mine_hex) {
            for (&to, ht) in mine_in_play.iter().zip(&mine_hex) {
                if from == to || hf != ht {
                    continue;
                }
                let room = self.manifest.units[usize::from(to)]
                    .max
                    .saturating_sub(s.units[usize::from(to)].sp);
                for sp in 1..=s.units[usize::from(from)].sp.min(room) {
                    c.push(Action::TransferSp { from, to, sp });
                }
            }
        }
        self.substitute_candidates(s, &mine_in_play, &mut c);
        self.garrison_candidates(s, side, &mine_in_play, &mut c);
        (c, acts)
    }

    /// §75 2, §76 2: at the start of the owner's Organization Segment each vedette on a
    /// Force Leader's portrait returns to the map in his hex; where a friendly vedette already
    /// stands, or the leader is not on the map, it goes to the pool.
    pub(crate) fn organization_begins(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        for v in 0..s.vedettes.len() {
            let VedettePlace::Portrait(l) = s.vedettes[v].place else {
                continue;
            };
            if self.manifest.vedettes[v].side != side {
                continue;
            }
            let taken = |h: Hex| {
                s.vedettes.iter().enumerate().any(|(i, x)| {
                    x.place == VedettePlace::Map(h) && self.manifest.vedettes[i].side == side
                })
            };
            let hex = self.leader_hex(s, l).filter(|&h| !taken(h));
            let place = hex.map_or(VedettePlace::Pool, VedettePlace::Map);
            s.vedettes[v].place = place;
            s.vedettes[v].revealed = false;
            ev.push(Event::VedettePlaced {
                side,
                vedette: v as u16,
                place,
                rule: Cow::Borrowed("§75 2, §76 2"),
            });
        }
    }

    /// The lowest free counter that may serve as a March Division for strength of `from`
    /// (reading N20: a division-level substitute counter not in play, of the same type and
    /// nationality, §19).
    pub fn free_march_counter(&self, s: &State, from: UnitId) -> Option<UnitId> {
        let f = &self.manifest.units[usize::from(from)];
        (0..s.units.len() as UnitId).find(|&c| {
            self.march_counter_ok(s, c, from) && c != from && {
                let x = &self.manifest.units[usize::from(c)];
                x.side == f.side
            }
        })
    }

    fn march_counter_ok(&self, s: &State, c: UnitId, from: UnitId) -> bool {
        let (Some(x), Some(f)) = (
            self.manifest.units.get(usize::from(c)),
            self.manifest.units.get(usize::from(from)),
        ) else {
            return false;
        };
        self.counter_free(s, c)
            && x.organic.is_some()
            && x.arm == f.arm
            && x.nationality == f.nationality
    }

    pub(crate) fn own_unit(
        &self,
        s: &State,
        side: Side,
        u: UnitId,
        rule: &'static str,
    ) -> Result<Hex, Illegal> {
        match (self.manifest.units.get(usize::from(u)), self.unit_hex(s, u)) {
            (Some(info), Some(h)) if info.side == side => Ok(h),
            _ => Err(refuse(
                rule,
                format!(
                    "{} is not a unit of the phasing player in play",
                    self.unit_label(u)
                ),
            )),
        }
    }

    pub(super) fn own_leader(
        &self,
        s: &State,
        side: Side,
        l: LeaderId,
        rule: &'static str,
    ) -> Result<Hex, Illegal> {
        match (
            self.manifest.leaders.get(usize::from(l)),
            self.leader_hex(s, l),
        ) {
            (Some(info), Some(h)) if info.side == side => Ok(h),
            _ => Err(refuse(
                rule,
                format!(
                    "{} is not a leader of the phasing player in play",
                    self.leader_label(l)
                ),
            )),
        }
    }

    /// §22: a self-employed leader in play keeps his eponymous unit on his track.
    pub(super) fn keeps_eponymous(
        &self,
        s: &State,
        u: UnitId,
        to: LeaderId,
    ) -> Result<(), Illegal> {
        let Some(owner) = self.manifest.units[usize::from(u)].eponymous else {
            return Ok(());
        };
        if owner != to
            && s.units[usize::from(u)].leader == Some(owner)
            && self.leader_hex(s, owner).is_some()
        {
            return Err(refuse(
                "§22, §19",
                format!(
                    "{} must keep his own unit {} on his track while both are in play",
                    self.leader_label(owner),
                    self.unit_label(u)
                ),
            ));
        }
        Ok(())
    }

    /// §22 2: the unit in play with which self-employed leader `l`, not a Major General, out of
    /// play and not removed by the scenario, may be brought into play.
    pub(crate) fn enters_with(&self, s: &State, l: LeaderId) -> Option<UnitId> {
        if self.manifest.leaders.get(usize::from(l))?.mg.is_some()
            || s.leaders[usize::from(l)].place != LeaderPlace::Out
            || self.params.removed.binary_search(&l).is_ok()
        {
            return None;
        }
        (0..s.units.len() as UnitId).find(|&u| {
            self.manifest.units[usize::from(u)].eponymous == Some(l)
                && s.units[usize::from(u)].sp > 0
                && self.unit_hex(s, u).is_some()
        })
    }

    /// §200: the cavalry counter of a unit with infantry and cavalry parts (§198) goes to a
    /// cavalry Major General only once its infantry counterpart is eliminated.
    pub(super) fn mixed_cavalry_refused(
        &self,
        s: &State,
        u: UnitId,
        to: LeaderId,
    ) -> Result<(), Illegal> {
        let info = &self.manifest.units[usize::from(u)];
        let Some(formation) = info.formation.as_deref() else {
            return Ok(());
        };
        if info.arm != Arm::Cavalry
            || self.manifest.leaders[usize::from(to)].mg != Some(Arm::Cavalry)
        {
            return Ok(());
        }
        let infantry = self.manifest.units.iter().enumerate().find(|(i, x)| {
            x.formation.as_deref() == Some(formation)
                && x.arm == Arm::Infantry
                && s.units[*i].leader.is_some()
                && s.units[*i].sp > 0
        });
        match infantry {
            Some((i, _)) => Err(refuse(
                "§200",
                format!(
                    "{} may go to a cavalry Major General only once {} is eliminated",
                    self.unit_label(u),
                    self.unit_label(i as UnitId)
                ),
            )),
            None => Ok(()),
        }
    }

    fn move_leader(
        &self,
        s: &mut State,
        side: Side,
        l: LeaderId,
        place: LeaderPlace,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        s.leaders[usize::from(l)].place = place;
        ev.push(Event::LeaderPlaced {
            side,
            leader: l,
            place,
            rule: Cow::Borrowed(rule),
        });
    }

    fn move_unit(&self, s: &mut State, side: Side, u: UnitId, to: LeaderId, ev: &mut Vec<Event>) {
        s.units[usize::from(u)].leader = Some(to);
        ev.push(Event::UnitTransferred { side, unit: u, to });
    }

    fn set_sp(
        &self,
        s: &mut State,
        side: Side,
        u: UnitId,
        sp: u8,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        s.units[usize::from(u)].sp = sp;
        ev.push(Event::Strength {
            side,
            unit: u,
            sp,
            rule: Cow::Borrowed(rule),
        });
    }

    /// After a change: a unit left at zero SP leaves the game for good (¶12 2, ¶13 2, ¶43 step
    /// 4); a Major General left with nothing leaves play (¶70 2, ¶72), his subordinates then on
    /// the map in his hex.
    pub(crate) fn settle_display(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        for u in 0..s.units.len() as UnitId {
            let x = s.units[usize::from(u)];
            if x.leader.is_some() && x.sp == 0 && self.manifest.units[usize::from(u)].side == side {
                s.units[usize::from(u)].leader = None;
                if let Err(i) = s.gone.binary_search(&u) {
                    s.gone.insert(i, u);
                }
                if let Ok(i) = s.march_divisions.binary_search(&u) {
                    s.march_divisions.remove(i);
                }
                ev.push(Event::UnitRemoved {
                    side,
                    unit: u,
                    permanent: true,
                    rule: Cow::Borrowed("¶12, ¶43 step 4"),
                });
            }
        }
        // Which leaders have a unit or a garrison on their track, in one pass (moving leaders
        // below changes no track).
        let mut holding = alloc::vec![false; s.leaders.len()];
        for x in &s.units {
            if let (Some(l), true) = (x.leader, x.sp > 0) {
                if let Some(b) = holding.get_mut(usize::from(l)) {
                    *b = true;
                }
            }
        }
        for g in &s.garrisons {
            if let GarrisonPlace::Track(l) = g.place {
                if let Some(b) = holding.get_mut(usize::from(l)) {
                    *b = true;
                }
            }
        }
        for mg in 0..s.leaders.len() as LeaderId {
            let info = &self.manifest.leaders[usize::from(mg)];
            if info.side != side || info.mg.is_none() {
                continue;
            }
            let Some(h) = self.leader_hex(s, mg) else {
                continue;
            };
            if !holding[usize::from(mg)] {
                for sub in self.portrait(s, mg) {
                    self.move_leader(s, side, sub, LeaderPlace::Map(h), "¶70", ev);
                }
                self.move_leader(s, side, mg, LeaderPlace::Out, "¶70, ¶72", ev);
            }
        }
    }

    /// Applies one Organization decision (the caller works on a copy: `s` may be changed on
    /// error).
    pub(crate) fn organization_apply(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let before = s.clone();
        self.organization_change(&before, s, a, ev)
    }

    /// [`Hov::organization_apply`] with the position before the change given: `s` equals
    /// `before` on entry.
    pub(crate) fn organization_change(
        &self,
        before: &State,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        self.organization_change_with(&mut None, true, before, s, a, ev)
    }

    /// [`Hov::organization_change`] with the tally of `before` kept in `then` (see
    /// [`Hov::new_fault_with`]); without `text` a refusal for a new fault carries no text.
    pub(crate) fn organization_change_with(
        &self,
        then: &mut Option<super::tally::Tally>,
        text: bool,
        before: &State,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = s.phasing;
        self.organization_edit(s, a, ev)?;
        self.settle_display(s, side, ev);
        if let Some((rule, why)) = self.new_fault_with(then, text, before, s, side) {
            return Err(Illegal::new(rule, why));
        }
        Ok(())
    }

    /// The change itself of [`Hov::organization_change`], with its refusals, before the
    /// display is settled and commands are checked.
    pub(super) fn organization_edit(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = s.phasing;
        match a {
            Action::TransferUnit { unit, to } => {
                let (unit, to) = (*unit, *to);
                let h = self.own_unit(s, side, unit, "¶73")?;
                if self.own_leader(s, side, to, "¶73")? != h {
                    return Err(refuse(
                        "¶73",
                        format!(
                            "{} is not in the hex of {}",
                            self.leader_label(to),
                            self.unit_label(unit)
                        ),
                    ));
                }
                if s.units[usize::from(unit)].leader == Some(to) {
                    return Err(refuse(
                        "¶73",
                        format!("{} is already on that track", self.unit_label(unit)),
                    ));
                }
                self.keeps_eponymous(s, unit, to)?;
                self.mixed_cavalry_refused(s, unit, to)?;
                self.move_unit(s, side, unit, to, ev);
            }
            Action::TransferSp { from, to, sp } => {
                let (from, to, sp) = (*from, *to, *sp);
                let h = self.own_unit(s, side, from, "¶74")?;
                let same = self.own_unit(s, side, to, "¶74")? == h;
                let (f, t) = (
                    &self.manifest.units[usize::from(from)],
                    &self.manifest.units[usize::from(to)],
                );
                if from == to || !same {
                    return Err(refuse(
                        "¶74, ¶43 step 4",
                        "strength passes only between two units in one hex".into(),
                    ));
                }
                if f.arm != t.arm || f.nationality != t.nationality {
                    return Err(refuse(
                        "¶76, §19 5",
                        format!(
                            "{} and {} differ in type or nationality",
                            self.unit_label(from),
                            self.unit_label(to)
                        ),
                    ));
                }
                let have = s.units[usize::from(from)].sp;
                let now = s.units[usize::from(to)].sp;
                if sp == 0 || sp > have {
                    return Err(refuse(
                        "¶74",
                        format!("{} has {have} SP to give", self.unit_label(from)),
                    ));
                }
                if u16::from(now) + u16::from(sp) > u16::from(t.max) {
                    return Err(refuse(
                        "¶74, ¶13",
                        format!(
                            "{} may not pass its Maximum Strength of {}",
                            self.unit_label(to),
                            t.max
                        ),
                    ));
                }
                self.set_sp(s, side, from, have - sp, "¶74", ev);
                self.set_sp(s, side, to, now + sp, "¶74", ev);
            }
            Action::ActivateMg { mg, units, under } => {
                let mg = *mg;
                let info = self.manifest.leaders.get(usize::from(mg));
                let self_employed = self.enters_with(s, mg).is_some();
                if !info.is_some_and(|x| x.side == side && (x.mg.is_some() || self_employed))
                    || s.leaders[usize::from(mg)].place != LeaderPlace::Out
                {
                    return Err(refuse(
                        "¶68, ¶69, §22",
                        format!(
                            "{} is not a Major General of the phasing player out of play, nor a self-employed leader out of play whose own unit is in play",
                            self.leader_label(mg)
                        ),
                    ));
                }
                let Some(&first) = units.first() else {
                    return Err(refuse(
                        "¶69",
                        "a Major General is activated with at least one unit".into(),
                    ));
                };
                let h = self.own_unit(s, side, first, "¶69")?;
                for &u in units {
                    if self.own_unit(s, side, u, "¶69")? != h {
                        return Err(refuse(
                            "¶69",
                            "the units of a Major General come from one hex".into(),
                        ));
                    }
                    self.keeps_eponymous(s, u, mg)?;
                    self.mixed_cavalry_refused(s, u, mg)?;
                }
                // §22, §19 6: a named Major General takes his own division.
                if let Some(own) = (0..s.units.len() as UnitId)
                    .find(|&u| self.manifest.units[usize::from(u)].eponymous == Some(mg))
                {
                    if !units.contains(&own) {
                        return Err(refuse(
                            "§22, §19 6",
                            format!(
                                "{} enters play only with his own unit {}",
                                self.leader_label(mg),
                                self.unit_label(own)
                            ),
                        ));
                    }
                }
                let place = match under {
                    None => LeaderPlace::Map(h),
                    Some(fl) => {
                        if self.own_leader(s, side, *fl, "¶69")? != h
                            || !matches!(s.leaders[usize::from(*fl)].place, LeaderPlace::Map(_))
                        {
                            return Err(refuse(
                                "¶69",
                                format!(
                                    "{} is not a Force Leader in the hex",
                                    self.leader_label(*fl)
                                ),
                            ));
                        }
                        LeaderPlace::Portrait(*fl)
                    }
                };
                self.move_leader(s, side, mg, place, "¶69", ev);
                for &u in units {
                    if s.units[usize::from(u)].leader != Some(mg) {
                        self.move_unit(s, side, u, mg, ev);
                    }
                }
            }
            Action::DeactivateMg { mg, to } => {
                let (mg, to) = (*mg, *to);
                let h = self.own_leader(s, side, mg, "¶70")?;
                if self.manifest.leaders[usize::from(mg)].mg.is_none() {
                    return Err(refuse(
                        "¶70",
                        format!("{} is not a Major General", self.leader_label(mg)),
                    ));
                }
                if mg == to || self.own_leader(s, side, to, "¶70")? != h {
                    return Err(refuse(
                        "¶70",
                        format!("{} is not another leader in the hex", self.leader_label(to)),
                    ));
                }
                for u in self.track(s, mg) {
                    self.move_unit(s, side, u, to, ev);
                }
                for g in 0..s.garrisons.len() {
                    if s.garrisons[g].place == GarrisonPlace::Track(mg) {
                        s.garrisons[g].place = GarrisonPlace::Track(to);
                        ev.push(Event::GarrisonPlaced {
                            side,
                            garrison: g as u16,
                            place: GarrisonPlace::Track(to),
                            sp: s.garrisons[g].sp,
                            rule: Cow::Borrowed("¶70"),
                        });
                    }
                }
            }
            Action::Detach { leader } => {
                let l = *leader;
                let h = self.own_leader(s, side, l, "¶80")?;
                if !matches!(s.leaders[usize::from(l)].place, LeaderPlace::Portrait(_)) {
                    return Err(refuse(
                        "¶80",
                        format!("{} is not on a portrait", self.leader_label(l)),
                    ));
                }
                self.move_leader(s, side, l, LeaderPlace::Map(h), "¶80 2", ev);
            }
            Action::Attach { leader, to } => {
                let (l, to) = (*leader, *to);
                let h = self.own_leader(s, side, l, "¶28")?;
                if l == to
                    || self.own_leader(s, side, to, "¶28")? != h
                    || !matches!(s.leaders[usize::from(to)].place, LeaderPlace::Map(_))
                {
                    return Err(refuse(
                        "¶28",
                        format!(
                            "{} is not a Force Leader in the hex of {}",
                            self.leader_label(to),
                            self.leader_label(l)
                        ),
                    ));
                }
                if s.leaders[usize::from(l)].place == LeaderPlace::Portrait(to) {
                    return Err(refuse(
                        "¶28",
                        format!("{} is already on that portrait", self.leader_label(l)),
                    ));
                }
                if !self.portrait(s, l).is_empty() {
                    return Err(refuse(
                        "¶29",
                        format!(
                            "{} commands subordinates and may not be one",
                            self.leader_label(l)
                        ),
                    ));
                }
                self.move_leader(s, side, l, LeaderPlace::Portrait(to), "¶28", ev);
            }
            Action::CreateMarchDivision {
                counter,
                from,
                sp,
                leader,
            } => {
                let (c, from, sp, leader) = (*counter, *from, *sp, *leader);
                let h = self.own_unit(s, side, from, "¶66")?;
                if self.own_leader(s, side, leader, "¶75")? != h {
                    return Err(refuse(
                        "¶75",
                        format!(
                            "{} is not in the hex of {}",
                            self.leader_label(leader),
                            self.unit_label(from)
                        ),
                    ));
                }
                if usize::from(c) >= s.units.len() || !self.march_counter_ok(s, c, from) {
                    return Err(refuse(
                        "¶66, §19",
                        format!(
                            "{} is not a free substitute counter of the type and nationality of {}",
                            self.unit_label(c),
                            self.unit_label(from)
                        ),
                    ));
                }
                let have = s.units[usize::from(from)].sp;
                if sp == 0 || sp > have || sp > self.manifest.units[usize::from(c)].max {
                    return Err(refuse(
                        "¶66, ¶13",
                        format!(
                            "{sp} SP may not be taken from {} into {}",
                            self.unit_label(from),
                            self.unit_label(c)
                        ),
                    ));
                }
                self.set_sp(s, side, from, have - sp, "¶66", ev);
                self.draw_counter(s, c, Some(leader), sp);
                self.set_sp(s, side, c, sp, "¶66", ev);
                ev.push(Event::UnitTransferred {
                    side,
                    unit: c,
                    to: leader,
                });
                if let Err(i) = s.march_divisions.binary_search(&c) {
                    s.march_divisions.insert(i, c);
                }
            }
            Action::Incorporate { march, into } => {
                let (m, into) = (*march, *into);
                if s.march_divisions.binary_search(&m).is_err() {
                    return Err(refuse(
                        "¶67",
                        format!("{} is not a March Division", self.unit_label(m)),
                    ));
                }
                let h = self.own_unit(s, side, m, "¶67")?;
                let same = self.own_unit(s, side, into, "¶67")? == h;
                let (a, b) = (
                    &self.manifest.units[usize::from(m)],
                    &self.manifest.units[usize::from(into)],
                );
                if m == into || !same || a.arm != b.arm || a.nationality != b.nationality {
                    return Err(refuse(
                        "¶67 2",
                        format!(
                            "{} joins only a unit of its type and nationality in its hex",
                            self.unit_label(m)
                        ),
                    ));
                }
                let total = u16::from(s.units[usize::from(into)].sp)
                    + u16::from(s.units[usize::from(m)].sp);
                if total > u16::from(b.max) {
                    return Err(refuse(
                        "¶67, ¶13",
                        format!(
                            "{} may not pass its Maximum Strength of {}",
                            self.unit_label(into),
                            b.max
                        ),
                    ));
                }
                self.set_sp(s, side, into, total as u8, "¶67", ev);
                self.free_counter(s, m);
                ev.push(Event::UnitRemoved {
                    side,
                    unit: m,
                    permanent: false,
                    rule: Cow::Borrowed("¶67 2"),
                });
            }
            Action::CreateSubstitutes { .. } | Action::RecreateOrganic { .. } => {
                self.substitute_apply(s, side, a, ev)?;
            }
            Action::CreateGarrison { .. } | Action::GarrisonToTrack { .. } => {
                self.garrison_apply(s, side, a, ev)?;
            }
            _ => {
                return Err(refuse(
                    "¶43",
                    format!(
                        "`{}` is not a decision of the Organization Segment",
                        a.name()
                    ),
                ));
            }
        }
        Ok(())
    }
}
