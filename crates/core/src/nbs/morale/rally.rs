//! The Rally Phase (8.2): straggler recovery (21.2), rally (25.5 A–E) with rout movement
//! (25.1b), and blown cavalry recovery (24.2c). Only the phasing player's units.

use alloc::vec::Vec;

use crate::engine::Illegal;
use crate::hex::Hex;
use crate::nbs::event::Event;
use crate::nbs::state::{Phase, Place, State, Task, UnitId, flag};
use crate::nbs::tables::{BlownMod, RecoveryShift};
use crate::nbs::types::{MoraleState, Seq66, UnitKind};
use crate::nbs::{Action, Nbs};

impl Nbs {
    /// 21.2 (a)–(f) for one unit; an eliminated one (21.2, last paragraph) needs a hex it
    /// could come back to.
    pub(in crate::nbs) fn may_recover(&self, s: &State, u: UnitId) -> bool {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        let side = self.phasing(s);
        if st.place == Place::Gone {
            return info.side == side
                && info.kind == UnitKind::Infantry
                && st.stragglers > 0
                && !st.has(flag::RECOVERY_TRIED)
                && !self.return_hexes(s, u, true).is_empty();
        }
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

    /// 21.2: the hexes an eliminated unit that recovers stragglers may come back to: hexes it
    /// could stand in (terrain, no enemy, stacking: as for a set-up placement), 4 hexes from
    /// every enemy unit (2 at night) and within its command radius (21.2a, c). With `first`,
    /// the search stops at the first one found.
    pub(in crate::nbs) fn return_hexes(&self, s: &State, u: UnitId, first: bool) -> Vec<Hex> {
        let mut out = Vec::new();
        let side = self.units[usize::from(u)].side;
        let far = if self.turn_info(s.turn).night { 2 } else { 4 };
        let Some(spot) = self.board.hexes().next() else {
            return out;
        };
        // The radius is traced as if the unit stood on the map again, in Normal state.
        let mut t = s.clone();
        t.units[usize::from(u)].place = Place::At(spot);
        t.units[usize::from(u)].morale = MoraleState::Normal;
        let occ = crate::nbs::query::Occ::new(self, &t);
        let mut cache = crate::nbs::query::RadiusCache::default();
        // A hex in radius is never further (in hexes) than the radius's half MPs from its
        // leader, which bounds the search.
        let anchors: Vec<(Hex, u32)> = self
            .radius_anchors(&t, &mut cache, u)
            .iter()
            .filter_map(|&(a, halves)| Self::on_map(s, a).map(|h| (h, u32::from(halves))))
            .collect();
        for h in self.board.hexes() {
            if !anchors.is_empty() && !anchors.iter().any(|&(a, r)| a.distance(h) <= r) {
                continue;
            }
            if self.enemy_distance(s, h, side).is_some_and(|d| d < far)
                || self.place_fit(s, u, h).is_err()
                || self.in_radius(&t, &occ, &mut cache, u, Some(h)) == Some(false)
            {
                continue;
            }
            out.push(h);
            if first {
                break;
            }
        }
        out
    }

    /// The actions of [`Task::Returning`]: the hexes the unit may come back to.
    pub(in crate::nbs) fn returning_actions(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        for hex in self.return_hexes(s, unit, false) {
            out.push(Action::Place { unit, hex });
        }
    }

    /// 21.2: the owner puts the recovered unit back in one of [`Self::return_hexes`].
    pub(in crate::nbs) fn returning_action(
        &self,
        s: &mut State,
        unit: UnitId,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::Place { unit: u, hex } = *a else {
            return Err(self.not_now(s, a));
        };
        if u != unit || !self.return_hexes(s, unit, false).contains(&hex) {
            return Err(Illegal::new(
                "21.2",
                alloc::format!(
                    "{} comes back only to a hex it could stand in, {} hexes from the enemy and within command radius; not {} at {}",
                    self.name(unit),
                    if self.turn_info(s.turn).night { 2 } else { 4 },
                    self.name(u),
                    self.label(hex)
                ),
            ));
        }
        s.tasks.pop();
        // 13.0, 12.3: it takes the facing of a stack it joins and goes to the bottom.
        let facing = self
            .combat_stack(s, hex)
            .first()
            .map(|&t| s.units[usize::from(t)].facing);
        let bottom = s.units.iter().map(|x| x.order).max().unwrap_or(0);
        let st = &mut s.units[usize::from(unit)];
        st.place = Place::At(hex);
        st.morale = MoraleState::Normal;
        st.order = bottom.saturating_add(1);
        if let Some(f) = facing {
            st.facing = f;
        }
        if st.formation == crate::nbs::types::Formation::Square {
            st.formation = crate::nbs::types::Formation::Line;
        }
        ev.push(Event::Returned { unit, hex });
        Ok(())
    }

    pub(in crate::nbs) fn any_recovery(&self, s: &State) -> bool {
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

    pub(in crate::nbs) fn any_rally(&self, s: &State) -> bool {
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

    pub(in crate::nbs) fn any_unblow(&self, s: &State) -> bool {
        (0..s.units.len() as UnitId).any(|u| self.may_unblow(s, u))
    }

    /// 25.5 A–D as the Rally segment begins; E is the player's.
    pub(in crate::nbs) fn rally_steps(&self, s: &mut State, ev: &mut Vec<Event>) {
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
    pub(in crate::nbs) fn rout_moves(&self, s: &mut State) {
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

    pub(in crate::nbs) fn rally_actions(&self, s: &State, out: &mut Vec<Action>) {
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

    pub(in crate::nbs) fn rally_action(
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
                // An eliminated unit has no hex and so no leader with it (reading, coverage 21.2).
                let leader = s.units[usize::from(*unit)]
                    .hex()
                    .and_then(|h| self.senior_leader(s, h, side));
                let mut shift: i16 = match leader {
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
    pub(in crate::nbs) fn resolve_recovery(
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
        // 21.2: an eliminated unit with boxes free again comes back; its owner places it.
        if st.place == Place::Gone && n > 0 {
            s.tasks.push(Task::Returning { unit: u });
        }
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
    pub(in crate::nbs) fn resolve_rally(
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
    pub(in crate::nbs) fn resolve_unblow(
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
