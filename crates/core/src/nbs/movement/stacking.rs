//! 12.0, 12.5 and 25.3d: when the stacking limits are enforced, what over-stacking does, and
//! how an over-stacked hex is broken up.
//!
//! * 12.0: the limits of 12.1 (and AUS 1.0a in the special hexes) are checked at the end of
//!   every phase that has movement or retreats in it: the Movement Phase, the cavalry
//!   withdrawal segment, both fire segments and the Rally Phase (whose rout moves are
//!   retreats), for both sides. Momentary over-stacking while a player moves is allowed.
//! * 12.5: a hex found over-stacked becomes DG, or Routed if it already was DG. It must be
//!   broken up in its owner's next Movement Phase; routed units of that hex may move one hex
//!   to do it. A hex still over-stacked at the end of that phase is treated again.
//! * 25.3d: a retreat that over-stacks a hex routs the stack at once; that stack breaks up in
//!   the first Movement Phase after it has rallied to DG, so its routed units get no move.
//!
//! Reading (coverage row 12.5): a hex is treated once when it is found, not again at the end
//! of each later phase before its owner has had the Movement Phase to break it up: the text
//! gives the owner until that phase ("next available friendly Movement Phase"), and "repeat
//! as needed" is read as the treatment of a hex still over-stacked after it.

use alloc::format;
use alloc::vec::Vec;

use crate::engine::{Illegal, Side};
use crate::hex::Hex;
use crate::nbs::event::Event;
use crate::nbs::query::Occ;
use crate::nbs::state::{Overstack, State, UnitId, flag};
use crate::nbs::types::MoraleState;
use crate::nbs::{ALLIED, FRENCH, Nbs};

impl Nbs {
    /// Forgets the treated hexes whose stacks are back within the limits.
    fn prune_overstacks(&self, s: &mut State) {
        let kept: Vec<Overstack> = s
            .overstacks
            .iter()
            .filter(|o| self.overstacked(s, o.hex, o.side))
            .copied()
            .collect();
        s.overstacks = kept;
    }

    /// Records `side`'s stack in `hex` as found over-stacked (12.5), or by a retreat (25.3d).
    pub(in crate::nbs) fn note_overstack(
        &self,
        s: &mut State,
        hex: Hex,
        side: Side,
        by_retreat: bool,
    ) {
        match s
            .overstacks
            .iter_mut()
            .find(|o| o.hex == hex && o.side == side)
        {
            Some(o) => o.by_retreat |= by_retreat,
            None => s.overstacks.push(Overstack {
                hex,
                side,
                by_retreat,
            }),
        }
    }

    /// 12.5: `side`'s stack in `hex` becomes DG, or Routed if it already was DG.
    fn treat_overstack(
        &self,
        s: &mut State,
        hex: Hex,
        side: Side,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        let now = self.hex_morale(s, hex);
        let m = now.overstacked();
        self.note_overstack(s, hex, side, false);
        if m == now {
            return;
        }
        self.set_hex_morale(s, hex, m);
        ev.push(Event::MoraleChanged {
            hex,
            state: m,
            rule: rule.into(),
        });
    }

    /// 12.0: the check at the end of a phase with movement or retreats. With `mover`, that
    /// side's Movement Phase is ending: every over-stacked hex of it is treated, those it had
    /// to break up and failed to included ("repeat as needed"). Every other over-stacked hex
    /// is treated when it is first found.
    pub(in crate::nbs) fn enforce_stacking(
        &self,
        s: &mut State,
        mover: Option<Side>,
        ev: &mut Vec<Event>,
    ) {
        self.prune_overstacks(s);
        for side in [FRENCH, ALLIED] {
            for h in self.combat_hexes(s, side) {
                if !self.overstacked(s, h, side) {
                    continue;
                }
                let known = s.overstacks.iter().any(|o| o.hex == h && o.side == side);
                if mover == Some(side) {
                    self.treat_overstack(s, h, side, "12.5", ev);
                } else if !known {
                    self.treat_overstack(s, h, side, "12.0", ev);
                }
            }
        }
    }

    /// 12.5, 25.3d: the phasing side's over-stacked hexes as its Movement Phase begins.
    pub(in crate::nbs) fn break_up_begins(&self, s: &mut State) {
        self.prune_overstacks(s);
        let side = self.phasing(s);
        let mut hexes = self.combat_hexes(s, side);
        hexes.retain(|&h| self.overstacked(s, h, side));
        s.break_up = hexes;
    }

    /// 12.5: a routed unit that may move one hex now to break up its over-stacked stack: it
    /// stands in a hex it must break up this phase, found over-stacked by 12.5 and not by a
    /// retreat (25.3d), and has not moved yet.
    pub(in crate::nbs) fn routed_break_out(&self, s: &State, u: UnitId) -> bool {
        let st = &s.units[usize::from(u)];
        let info = &self.units[usize::from(u)];
        let Some(h) = st.hex() else { return false };
        s.phase == crate::nbs::state::Phase::Movement
            && info.side == self.phasing(s)
            && st.morale == MoraleState::Routed
            && info.combat()
            && !st.has(flag::MOVED)
            && !st.has(flag::STOPPED)
            && s.break_up.contains(&h)
            && !s
                .overstacks
                .iter()
                .any(|o| o.hex == h && o.side == info.side && o.by_retreat)
            && self.overstacked(s, h, info.side)
    }

    /// 12.5, 25.3d: the Movement Phase may not end while a hex over-stacked at its start is
    /// still over-stacked and one of its units could step out of it: a non-routed unit, or a
    /// routed one with its one-hex move (a stack routed by a retreat waits until it has
    /// rallied to DG).
    pub(in crate::nbs) fn break_up_block(&self, s: &State, occ: &Occ) -> Option<Illegal> {
        let side = self.phasing(s);
        for &h in &s.break_up {
            if !self.overstacked(s, h, side) {
                continue;
            }
            let can = self.occ_at(occ, h).any(|u| {
                let st = &s.units[usize::from(u)];
                self.units[usize::from(u)].side == side
                    && self.units[usize::from(u)].combat()
                    && (st.morale != MoraleState::Routed || self.routed_break_out(s, u))
                    && self.listed_steps_where(s, occ, u, |n| n != h)
            });
            if can {
                return Some(Illegal::new(
                    "12.5",
                    format!(
                        "the over-stacked stack at {} must be broken up this Movement Phase",
                        self.label(h)
                    ),
                ));
            }
        }
        None
    }
}
