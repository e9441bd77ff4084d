//! Leader losses and replacement (26.4): who commands a formation now, and what happens when
//! a leader falls.
//!
//! * A division leader's generic replacement (26.4b) appears at once in another stack of the
//!   division (26.4c).
//! * A corps commander is replaced at once by his senior subordinate (26.4a): one of the
//!   corps's division commanders on the map. They share one rank, so when there are several
//!   the owning player picks ([`Task::Promote`], [`Action::Promote`]); with one, he is
//!   promoted without a decision. The promoted leader's division is then led by the fallen
//!   corps leader's generic back (26.4b). With no division commander on the map (the Guard
//!   has none, AUS 2.3), the corps leader's own generic back takes the corps.
//! * Army commanders follow the scenario's rules (AUS 2.4, 3.3: `orders::army_commander`);
//!   Buxhowden is not replaced (AUS 3.2c).
//!
//! Promotions are kept in [`State::commanders`], which overrides the formation's printed
//! leader; every lookup of "the leader of formation f" goes through [`Nbs::commander`].

use alloc::format;
use alloc::vec::Vec;

use crate::engine::{Illegal, Side};
use crate::hex::Hex;
use crate::nbs::event::Event;
use crate::nbs::state::{Place, State, Task, UnitId};
use crate::nbs::units::FormKind;
use crate::nbs::units::Rank;
use crate::nbs::{Action, Nbs};

impl Nbs {
    /// The leader commanding formation `f` now: a promoted subordinate or a generic
    /// replacement (26.4a, 26.4b), else the formation's own leader.
    pub fn commander(&self, s: &State, f: u16) -> UnitId {
        s.commanders
            .iter()
            .find(|x| x.0 == f)
            .map_or_else(|| self.formations[usize::from(f)].leader, |x| x.1)
    }

    /// The formation leader `l` commands now, if any (26.4a).
    pub fn commanded_by(&self, s: &State, l: UnitId) -> Option<u16> {
        if let Some(x) = s.commanders.iter().find(|x| x.1 == l) {
            return Some(x.0);
        }
        let f = self.formations.iter().position(|x| x.leader == l)? as u16;
        (!s.commanders.iter().any(|x| x.0 == f)).then_some(f)
    }

    /// A leader's rank now (26.4a): corps rank for whoever commands a corps, division rank
    /// for whoever commands a division; otherwise his printed rank.
    pub fn rank_now(&self, s: &State, l: UnitId) -> Rank {
        match self
            .commanded_by(s, l)
            .map(|f| self.formations[usize::from(f)].kind)
        {
            Some(FormKind::Corps | FormKind::Guard | FormKind::Wing) => Rank::Corps,
            Some(FormKind::Division | FormKind::Allied) => Rank::Division,
            None => self.units[usize::from(l)].rank,
        }
    }

    /// A leader falls (20.4d, 26.4): his counter leaves play, or shows its generic back where
    /// the replacement appears; AUS 6.3 scores Napoleon, Alexander and Francis.
    pub(in crate::nbs) fn leader_falls(&self, s: &mut State, l: UnitId, ev: &mut Vec<Event>) {
        let lost_at = s.units[usize::from(l)].hex();
        s.units[usize::from(l)].place = Place::Gone;
        ev.push(Event::LeaderLost { unit: l });
        if let Some(at) = lost_at {
            self.replace_fallen(s, l, at, ev);
        }
        // Digest §8.4 item 12 (a): every leader casualty counts as killed.
        match self.units[usize::from(l)].id.as_str() {
            "L-Napoleon" => s.sudden_death = Some(crate::nbs::ALLIED),
            "L-Alexander-I" => s.sudden_death = Some(crate::nbs::FRENCH),
            "L-Francis-I" => s.vp[crate::nbs::FRENCH.index()] += 20,
            _ => {}
        }
        if s.sudden_death.is_some() {
            self.end_game(s, ev);
        }
    }

    /// 26.4a: replaces the fallen leader of whatever formation he commanded.
    fn replace_fallen(&self, s: &mut State, l: UnitId, at: Hex, ev: &mut Vec<Event>) {
        let Some(f) = self.commanded_by(s, l) else {
            return; // army commanders (AUS 2.4, 3.3), Emperors, Buxhowden (AUS 3.2c)
        };
        match self.formations[usize::from(f)].kind {
            FormKind::Division | FormKind::Allied => self.replace_division_leader(s, l, f, at, ev),
            FormKind::Corps | FormKind::Guard | FormKind::Wing => {
                self.replace_corps_leader(s, l, f, at, ev)
            }
        }
    }

    /// 26.4b, 26.4c: the generic replacement on the counter's back leads division `f`; it
    /// appears in another stack of the division (the nearest to where the leader fell, then
    /// the lower hex: a reading, the text does not say who picks), or where he fell when the
    /// division has no other stack.
    fn replace_division_leader(
        &self,
        s: &mut State,
        l: UnitId,
        f: u16,
        at: Hex,
        ev: &mut Vec<Event>,
    ) {
        let side = self.units[usize::from(l)].side;
        let code = &self.formations[usize::from(f)].code;
        let to = s
            .units
            .iter()
            .zip(&self.units)
            .filter(|(_, i)| i.side == side && i.combat() && &i.division == code)
            .filter_map(|(u, _)| u.hex())
            .filter(|&h| h != at)
            .min_by_key(|&h| (h.distance(at), h))
            .unwrap_or(at);
        self.show_generic_back(s, l, to);
        ev.push(Event::LeaderReplaced { unit: l, at: to });
    }

    fn show_generic_back(&self, s: &mut State, l: UnitId, at: Hex) {
        s.units[usize::from(l)].place = Place::At(at);
        if !s.replaced.contains(&l) {
            s.replaced.push(l);
        }
    }

    /// The division commanders of corps `f` on the map: its candidates for promotion (26.4a).
    pub(in crate::nbs) fn promotion_candidates(&self, s: &State, f: u16) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = (0..self.formations.len() as u16)
            .filter(|&d| self.parent_now(s, d) == Some(f))
            .map(|d| self.commander(s, d))
            .filter(|&c| s.units[usize::from(c)].hex().is_some())
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// 26.4a: the senior subordinate takes the corps: the only one at once, the owner's pick
    /// among several; with none, the corps leader's generic back (26.4b) takes the corps, in
    /// the corps HQ's hex when it is on the map.
    fn replace_corps_leader(&self, s: &mut State, l: UnitId, f: u16, at: Hex, ev: &mut Vec<Event>) {
        let candidates = self.promotion_candidates(s, f);
        match candidates.len() {
            0 => {
                let hq = self.formations[usize::from(f)]
                    .hq
                    .and_then(|h| s.units[usize::from(h)].hex());
                let to = hq.unwrap_or(at);
                self.show_generic_back(s, l, to);
                ev.push(Event::LeaderReplaced { unit: l, at: to });
            }
            1 => self.promote(s, f, l, candidates[0], ev),
            _ => s.tasks.push(Task::Promote {
                corps: f,
                fallen: l,
                candidates,
            }),
        }
    }

    /// Promotes division commander `d` to corps `f` (26.4a); the fallen corps leader's
    /// generic back leads `d`'s division, in `d`'s hex (26.4b).
    fn promote(&self, s: &mut State, f: u16, fallen: UnitId, d: UnitId, ev: &mut Vec<Event>) {
        let Some(div) = self.commanded_by(s, d) else {
            return;
        };
        let Some(at) = s.units[usize::from(d)].hex() else {
            return;
        };
        s.commanders.retain(|x| x.0 != f && x.0 != div);
        s.commanders.push((f, d));
        s.commanders.push((div, fallen));
        s.commanders.sort_unstable();
        self.show_generic_back(s, fallen, at);
        ev.push(Event::LeaderPromoted {
            unit: d,
            corps: self.formations[usize::from(f)].code.clone(),
            replacement: fallen,
            division: self.formations[usize::from(div)].code.clone(),
        });
    }

    /// Who picks in a [`Task::Promote`]: the corps's owner.
    pub(in crate::nbs) fn promote_actor(&self, f: u16) -> Side {
        self.formations[usize::from(f)].side
    }

    /// The picks open in a [`Task::Promote`].
    pub(in crate::nbs) fn promote_actions(&self, candidates: &[UnitId], out: &mut Vec<Action>) {
        out.extend(candidates.iter().map(|&leader| Action::Promote { leader }));
    }

    /// Applies a pick in a [`Task::Promote`].
    pub(in crate::nbs) fn promote_action(
        &self,
        s: &mut State,
        corps: u16,
        fallen: UnitId,
        candidates: &[UnitId],
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::Promote { leader } = a else {
            return Err(self.not_now(s, a));
        };
        if !candidates.contains(leader) {
            return Err(Illegal::new(
                "26.4a",
                format!(
                    "{} is not a division commander of {} on the map; name one of: {}",
                    self.unit_name_or_index(*leader),
                    self.formations[usize::from(corps)].code,
                    candidates
                        .iter()
                        .map(|&c| self.name(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        s.tasks.pop();
        self.promote(s, corps, fallen, *leader, ev);
        Ok(())
    }

    fn unit_name_or_index(&self, u: UnitId) -> alloc::string::String {
        self.units
            .get(usize::from(u))
            .map_or_else(|| format!("unit {u}"), |i| i.name.clone())
    }
}
