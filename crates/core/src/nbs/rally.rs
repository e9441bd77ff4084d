//! The Rally Phase (8.2): straggler recovery (21.2), rally (25.5 A–E) with rout movement
//! (25.1b), and blown cavalry recovery (24.2c). Only the phasing player's units.

use alloc::vec::Vec;

use super::event::Event;
use super::state::{Phase, State, Task, UnitId, flag};
use super::tables::{BlownMod, RecoveryShift};
use super::types::{MoraleState, Seq66, UnitKind};
use super::{Action, Nbs};
use crate::engine::Illegal;
use crate::hex::Hex;

impl Nbs {
    /// 21.2 (a)–(f) for one unit (command radius, (c), is not yet traced).
    pub(super) fn may_recover(&self, s: &State, u: UnitId) -> bool {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        let side = self.phasing(s);
        let Some(h) = st.hex() else { return false };
        let night = self.turn_info(s.turn).night;
        let far = if night { 2 } else { 4 };
        info.side == side
            && info.kind == UnitKind::Infantry
            && st.stragglers > 0
            && matches!(st.morale, MoraleState::Normal | MoraleState::BloodLust)
            && !st.has(flag::MOVED)
            && !st.has(flag::FIRED_OR_FIRED_ON)
            && !st.has(flag::RECOVERY_TRIED)
            && self.enemy_distance(s, h, side).is_none_or(|d| d >= far)
            && self.recovery_in_radius(s, u) // 21.2c, last: it searches
    }

    pub(super) fn any_recovery(&self, s: &State) -> bool {
        (0..s.units.len() as UnitId).any(|u| self.may_recover(s, u))
    }

    fn routed_hexes(&self, s: &State) -> Vec<Hex> {
        let side = self.phasing(s);
        let mut v: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| {
                self.units[*i].side == side
                    && self.units[*i].combat()
                    && u.morale == MoraleState::Routed
                    && !u.has(flag::BLOWN_TRIED)
            })
            .filter_map(|(_, u)| u.hex())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    pub(super) fn any_rally(&self, s: &State) -> bool {
        !self.routed_hexes(s).is_empty()
    }

    fn may_unblow(&self, s: &State, u: UnitId) -> bool {
        let st = &s.units[usize::from(u)];
        self.units[usize::from(u)].side == self.phasing(s)
            && st.hex().is_some()
            && st.has(flag::BLOWN)
            && !st.has(flag::BLOWN_TRIED)
            && matches!(st.morale, MoraleState::Normal | MoraleState::BloodLust)
    }

    pub(super) fn any_unblow(&self, s: &State) -> bool {
        (0..s.units.len() as UnitId).any(|u| self.may_unblow(s, u))
    }

    /// 25.5 A–D as the Rally segment begins; E is the player's.
    pub(super) fn rally_steps(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        let hexes = self.combat_hexes(s, side);
        for h in hexes {
            let m = self.hex_morale(s, h);
            let adjacent = h.neighbors().iter().any(|n| self.enemy_in(s, *n, side));
            let new = match m {
                // A: Blood Lust ends away from the enemy; B: the rest roll.
                MoraleState::BloodLust if !adjacent => MoraleState::Normal,
                MoraleState::BloodLust => {
                    s.tasks.push(Task::BloodLust { hex: h });
                    continue;
                }
                // C, D.
                MoraleState::Shaken => MoraleState::Normal,
                MoraleState::Disorganized => MoraleState::Shaken,
                other => other,
            };
            if new != m {
                self.set_hex_morale(s, h, new);
                ev.push(Event::MoraleChanged {
                    hex: h,
                    state: new,
                    rule: "25.5".into(),
                });
            }
        }
    }

    /// Rout movement after the rally rolls (25.1b, 25.5 E): routed stacks closer than six
    /// hexes to the enemy run until six or more away.
    pub(super) fn rout_moves(&self, s: &mut State) {
        let side = self.phasing(s);
        for h in self.routed_hexes_all(s) {
            if self.enemy_distance(s, h, side).is_some_and(|d| d < 6) {
                let from = (0..s.units.len())
                    .filter(|&i| self.units[i].side != side && self.units[i].combat())
                    .filter_map(|i| s.units[i].hex())
                    .min_by_key(|e| (e.distance(h), *e))
                    .unwrap_or(h);
                self.start_retreat(s, h, from, u8::MAX, true, false);
            }
        }
    }

    fn routed_hexes_all(&self, s: &State) -> Vec<Hex> {
        let side = self.phasing(s);
        let mut v: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| {
                self.units[*i].side == side
                    && self.units[*i].combat()
                    && u.morale == MoraleState::Routed
            })
            .filter_map(|(_, u)| u.hex())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    pub(super) fn rally_actions(&self, s: &State, out: &mut Vec<Action>) {
        match s.phase {
            Phase::Recovery => {
                for u in 0..s.units.len() as UnitId {
                    if self.may_recover(s, u) {
                        out.push(Action::Recover { unit: u });
                    }
                }
            }
            Phase::Rally => {
                for h in self.routed_hexes(s) {
                    out.push(Action::Rally { hex: h });
                }
            }
            Phase::CavalryRecovery => {
                for u in 0..s.units.len() as UnitId {
                    if self.may_unblow(s, u) {
                        out.push(Action::Unblow { unit: u });
                    }
                }
            }
            _ => {}
        }
        out.push(Action::EndSegment);
    }

    pub(super) fn rally_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = self.phasing(s);
        match (s.phase, a) {
            (_, Action::EndSegment) => {
                self.next_phase(s, ev);
                Ok(())
            }
            (Phase::Recovery, Action::Recover { unit }) => {
                self.unit_ref(s, *unit)?;
                if !self.may_recover(s, *unit) {
                    return Err(Illegal::new(
                        "21.2",
                        alloc::format!(
                            "{} may not recover stragglers: it needs stragglers, Normal or BL morale, no movement, fire or being fired on this turn, and 4 hexes (2 at night) from the enemy",
                            self.name(*unit)
                        ),
                    ));
                }
                let h = s.units[usize::from(*unit)].hex().unwrap_or(Hex::new(0, 0));
                let mut shift: i16 = match self.senior_leader(s, h, side) {
                    Some(l) => self.tables.leader_recovery_shift(self.leader_morale(s, l)),
                    None => i16::from(self.tables.recovery_shift(RecoveryShift::NoLeader)),
                };
                if self.turn_info(s.turn).night {
                    shift += i16::from(self.tables.recovery_shift(RecoveryShift::Night));
                }
                s.units[usize::from(*unit)].flags |= flag::RECOVERY_TRIED;
                s.tasks.push(Task::RecoveryRoll { unit: *unit, shift });
                Ok(())
            }
            (Phase::Rally, Action::Rally { hex }) => {
                if !self.routed_hexes(s).contains(hex) {
                    return Err(Illegal::new(
                        "25.5",
                        alloc::format!(
                            "no routed stack of the phasing player to rally at {}",
                            self.label(*hex)
                        ),
                    ));
                }
                let rating = self
                    .senior_leader(s, *hex, side)
                    .map_or(0, |l| self.leader_morale(s, l));
                for u in self.combat_stack(s, *hex) {
                    s.units[usize::from(u)].flags |= flag::BLOWN_TRIED;
                }
                s.tasks.push(Task::RallyRoll { hex: *hex, rating });
                Ok(())
            }
            (Phase::CavalryRecovery, Action::Unblow { unit }) => {
                self.unit_ref(s, *unit)?;
                if !self.may_unblow(s, *unit) {
                    return Err(Illegal::new(
                        "24.2c",
                        alloc::format!(
                            "{} is not blown cavalry in Normal or BL state that may try now",
                            self.name(*unit)
                        ),
                    ));
                }
                let h = s.units[usize::from(*unit)].hex().unwrap_or(Hex::new(0, 0));
                let mut modifier: i8 = match self
                    .senior_leader(s, h, side)
                    .map(|l| self.leader_morale(s, l))
                {
                    Some(4) => self.tables.blown_modifier(BlownMod::LeaderRated4),
                    Some(2 | 3) => self.tables.blown_modifier(BlownMod::LeaderRated2Or3),
                    _ => 0,
                };
                if self.wrecked(s, *unit) {
                    modifier += self.tables.blown_modifier(BlownMod::Wrecked);
                }
                s.units[usize::from(*unit)].flags |= flag::BLOWN_TRIED;
                s.tasks.push(Task::BlownRoll {
                    unit: *unit,
                    modifier,
                });
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    /// The Straggler Recovery Table (21.2).
    pub(super) fn resolve_recovery(
        &self,
        s: &mut State,
        u: UnitId,
        shift: i16,
        roll: Seq66,
        ev: &mut Vec<Event>,
    ) {
        let rating = self.morale_rating(u);
        let n = self
            .tables
            .straggler_recovery(self.tables.recovery_row(rating) - shift, roll);
        let was = self.wrecked(s, u);
        let st = &mut s.units[usize::from(u)];
        let n = n.min(st.stragglers);
        st.stragglers -= n;
        let owner = self.units[usize::from(u)].side;
        ev.push(Event::Recovered {
            unit: u,
            owner,
            count: n,
        });
        if was && !self.wrecked(s, u) {
            ev.push(Event::Wrecked {
                unit: u,
                owner,
                wrecked: false,
            });
        }
    }

    /// The rally die (25.5 E): die + the leader's rating of 5 or more makes the stack DG.
    pub(super) fn resolve_rally(
        &self,
        s: &mut State,
        hex: Hex,
        rating: u8,
        die: u8,
        ev: &mut Vec<Event>,
    ) {
        if die + rating >= 5 {
            self.set_hex_morale(s, hex, MoraleState::Disorganized);
            ev.push(Event::MoraleChanged {
                hex,
                state: MoraleState::Disorganized,
                rule: "25.5".into(),
            });
        }
    }

    /// The Blown Cavalry Recovery Table (24.2c).
    pub(super) fn resolve_unblow(
        &self,
        s: &mut State,
        u: UnitId,
        modifier: i8,
        die: u8,
        ev: &mut Vec<Event>,
    ) {
        let ok = self
            .tables
            .blown_recovers(self.morale_rating(u), die as i8 + modifier);
        if ok {
            s.units[usize::from(u)].flags &= !flag::BLOWN;
        }
        ev.push(Event::Unblown { unit: u, ok });
    }
}
