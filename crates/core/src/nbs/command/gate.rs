//! The command radius in play (10.5): the anchors a unit is measured from, the step gate
//! that keeps units out of radius closing in, contacts and the order check for assaults
//! (10.1a, 10.3a).

use crate::engine::{Illegal, Side};
use crate::hex::Hex;
use crate::nbs::Nbs;
use crate::nbs::command::phase::*;
use crate::nbs::command::{OrderKind, Receiver};
use crate::nbs::event::Event;
use crate::nbs::query::{Occ, RadiusCache};
use crate::nbs::state::{FireDecl, State, UnitId, flag};
use crate::nbs::types::{MoraleState, UnitKind};
use crate::nbs::units::{FormKind, Rank};
use alloc::format;
use alloc::vec::Vec;
use smallvec::SmallVec;

impl Nbs {
    /// The leaders or HQs a unit's command radius runs to, with the radius in half MPs
    /// (10.5a, AUS 2.2, 2.3, 3.2b, 3.2c); empty when exempt (leaders of corps rank and above,
    /// HQs, skirmishers, routed units (25.1b), divisional goals (10.5b), units whose superior
    /// is not on the map).
    pub(in crate::nbs) fn radius_anchors(
        &self,
        s: &State,
        cache: &mut RadiusCache,
        u: UnitId,
    ) -> Anchors {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        let mut v = Anchors::new();
        if st.hex().is_none()
            || st.morale == MoraleState::Routed
            || matches!(info.kind, UnitKind::Hq | UnitKind::Skirmisher)
            || (info.kind == UnitKind::Leader && self.rank_now(s, u) != Rank::Division)
        {
            return v;
        }
        let log = &s.orders[info.side.index()];
        if log
            .in_force(Receiver::Unit(u))
            .is_some_and(|o| o.divisional_goal)
        {
            return v;
        }
        let div = self.division_of(u);
        let corps = self.corps_now(s, u); // 10.5c: as attached now
        // AUS 4.2b: the wing's leader stands in for its HQ.
        let hq = corps.and_then(|c| {
            let f = self.formation(c)?;
            f.hq.or_else(|| (f.kind == FormKind::Wing).then(|| self.commander(s, c)))
        });
        if info.kind == UnitKind::Leader {
            // A French division leader to his corps HQ, 8 MPs, unless on a goal.
            if let (Some(d), Some(h)) = (div, hq) {
                if log
                    .in_force(Receiver::Command(d))
                    .is_none_or(|o| !o.divisional_goal)
                {
                    v.push((h, 16));
                }
            }
        } else if info.side == Side(0) {
            if info.corps == "IG" {
                if let Some(c) = corps {
                    v.push((self.commander(s, c), 8));
                }
            } else if let Some(d) = div {
                if log
                    .in_force(Receiver::Command(d))
                    .is_none_or(|o| !o.divisional_goal)
                {
                    v.push((self.commander(s, d), 8));
                } else {
                    // 10.5b: the division on a goal: its brigades still trace to its leader.
                    v.push((self.commander(s, d), 8));
                }
            } else if let Some(h) = hq {
                // AUS 2.2 independents and corps artillery: 8 MPs to the corps HQ; artillery
                // also 4 MPs to any division leader of its corps (10.5a).
                v.push((h, 16));
                if info.kind == UnitKind::Artillery {
                    for (dm_i, dm) in self.formations.iter().enumerate() {
                        if self.parent_now(s, dm_i as u16) == corps && dm.kind == FormKind::Division
                        {
                            v.push((self.commander(s, dm_i as u16), 8));
                        }
                    }
                }
            }
        } else if let Some(d) = div {
            v.push((self.commander(s, d), 8));
            // Only a Left Wing column can be Buxhowden's (AUS 3.2c): ask only for those.
            let left_wing = self
                .buxhowden
                .as_ref()
                .is_some_and(|(_, cols)| cols.iter().any(|&(_, f)| f == d));
            let bux = *cache.bux.get_or_insert_with(|| self.buxhowden_column(s));
            if left_wing && Some(d) == bux {
                if let Some((b, _)) = self.buxhowden {
                    v.push((b, 8));
                }
            }
        }
        v.retain(|(a, _)| *a != u && Self::on_map(s, *a).is_some());
        v
    }

    /// Whether unit `u` (at `at`, or where it stands) is within command radius; `None` when
    /// exempt.
    pub(in crate::nbs) fn in_radius(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        u: UnitId,
        at: Option<Hex>,
    ) -> Option<bool> {
        let anchors = self.radius_anchors(s, cache, u);
        if anchors.is_empty() {
            return None;
        }
        let at = at.or_else(|| Self::on_map(s, u))?;
        let side = self.units[usize::from(u)].side;
        Some(anchors.iter().any(|&(a, halves)| {
            Self::on_map(s, a).is_some_and(|ah| self.within(s, occ, cache, side, ah, halves, at))
        }))
    }

    /// 21.2c: straggler recovery needs the unit within command radius, divisional goals or
    /// not (infantry traces to its division leader either way, see [`Self::radius_anchors`]);
    /// a unit the radius does not bind (independent, leaderless) qualifies.
    pub(in crate::nbs) fn recovery_in_radius(&self, s: &State, u: UnitId) -> bool {
        let occ = Occ::new(self, s);
        let mut cache = RadiusCache::default();
        self.in_radius(s, &occ, &mut cache, u, None) != Some(false)
    }

    pub(in crate::nbs) fn step_block(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        u: UnitId,
        from: Hex,
        to: Hex,
    ) -> Option<StepBlock> {
        self.step_gate(s, occ, cache, u, from)
            .block(self, s, occ, cache, to)
    }

    /// What orders and command radius let unit `u` (standing at `from`) do with a step,
    /// worked out once for all its neighbours (10.1h, 10.0c, 10.5a).
    pub(in crate::nbs) fn step_gate(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        u: UnitId,
        from: Hex,
    ) -> StepGate {
        let info = &self.units[usize::from(u)];
        if info.kind == UnitKind::Hq {
            let bolted = self
                .formations
                .iter()
                .position(|x| x.hq == Some(u))
                .is_some_and(|f| !self.holds_order(s, f as u16));
            return if bolted {
                StepGate::Bolted
            } else {
                StepGate::Free
            };
        }
        let st = &s.units[usize::from(u)];
        if st.has(flag::OUT_OF_RADIUS) {
            let anchors: SmallVec<[Hex; ANCHORS]> = self
                .radius_anchors(s, cache, u)
                .iter()
                .filter_map(|(a, _)| Self::on_map(s, *a))
                .collect();
            return match anchors.iter().map(|a| a.distance(from)).min() {
                Some(now) => StepGate::Closer { anchors, now },
                None => StepGate::Free,
            };
        }
        let anchors: SmallVec<[(Hex, u16); ANCHORS]> = self
            .radius_anchors(s, cache, u)
            .iter()
            .filter_map(|&(a, halves)| Self::on_map(s, a).map(|h| (h, halves)))
            .collect();
        let side = info.side;
        let inside = |cache: &mut RadiusCache, at: Hex| {
            anchors
                .iter()
                .any(|&(a, halves)| self.within(s, occ, cache, side, a, halves, at))
        };
        if !anchors.is_empty() && inside(cache, from) {
            StepGate::KeepRadius { anchors, side }
        } else {
            StepGate::Free
        }
    }

    /// The movement hook for a step: refuses what orders and radius forbid (10.1h, 10.5a).
    pub(in crate::nbs) fn order_step_check(
        &self,
        s: &State,
        occ: &Occ,
        u: UnitId,
        to: Hex,
    ) -> Result<(), Illegal> {
        let Some(from) = Self::on_map(s, u) else {
            return Ok(());
        };
        let mut cache = RadiusCache::default();
        let name = self.name(u);
        match self.step_block(s, occ, &mut cache, u, from, to) {
            None => Ok(()),
            Some(StepBlock::Bolted) => Err(Illegal::new(
                "10.1h",
                format!(
                    "{name} has no orders to move: an HQ is bolted to the ground until its corps holds orders (10.0c)"
                ),
            )),
            Some(StepBlock::NotCloser) => Err(Illegal::new(
                "10.5a",
                format!(
                    "{name} began the phase out of command radius: it may only step closer to its leader, and {} is not closer",
                    self.label(to)
                ),
            )),
            Some(StepBlock::LeavesRadius) => Err(Illegal::new(
                "10.5a",
                format!(
                    "{name} may not leave command radius by stepping to {}",
                    self.label(to)
                ),
            )),
        }
    }

    /// After a step: a corps leader entering his HQ hex implements its accepted order (10.0a).
    pub(in crate::nbs) fn order_after_step(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let Some(h) = Self::on_map(s, u) else { return };
        if let Some(f) = self
            .commanded_by(s, u)
            .map(usize::from)
            .filter(|&f| self.formations[f].kind == FormKind::Corps)
        {
            let hq = self.formations[f].hq.and_then(|x| Self::on_map(s, x));
            if hq == Some(h) {
                self.touch_base(s, Receiver::Corps(f as u16), ev);
            }
        }
    }

    pub(in crate::nbs) fn legal_step_where(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        u: UnitId,
        good: impl Fn(Hex) -> bool,
    ) -> bool {
        let Some(h) = Self::on_map(s, u) else {
            return false;
        };
        // What orders and radius allow, worked out once for the six steps (10.1h, 10.5a).
        let gate = self.step_gate(s, occ, cache, u, h);
        self.steps_where(s, occ, u, |n, _| {
            good(n) && gate.allows(self, s, occ, cache, n)
        })
    }

    /// The movement hook for `EndMovement`: an out-of-radius unit must use its MPs to get
    /// back (10.5a), and a stopped corps must get three hexes from the enemy (10.3b).
    pub(in crate::nbs) fn end_movement_block(&self, s: &State) -> Option<Illegal> {
        let occ = Occ::new(self, s);
        let mut cache = RadiusCache::default();
        self.end_movement_block_with(s, &occ, &mut cache)
    }

    /// [`Self::end_movement_block`] with the listing's index and radius cache.
    pub(in crate::nbs) fn end_movement_block_with(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
    ) -> Option<Illegal> {
        let side = self.phasing(s);
        let stopped = &s.command.sides[side.index()].stopped;
        let enemies: Vec<Hex> = if stopped.is_empty() {
            Vec::new()
        } else {
            s.units
                .iter()
                .enumerate()
                .filter(|(i, _)| self.units[*i].side != side && self.units[*i].combat())
                .filter_map(|(_, x)| x.hex())
                .collect()
        };
        let near = |h: Hex| {
            enemies
                .iter()
                .map(|e| e.distance(h))
                .min()
                .unwrap_or(u32::MAX)
        };
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            let st = &s.units[usize::from(u)];
            // As 16.0 lists movers: stopped units and routed combat units (25.1b) do not move.
            if info.side != side
                || st.hex().is_none()
                || st.has(flag::STOPPED)
                || (st.morale == MoraleState::Routed && info.combat())
            {
                continue;
            }
            let h = st.hex().unwrap_or(Hex::new(0, 0));
            if st.has(flag::OUT_OF_RADIUS) && self.legal_step_where(s, occ, cache, u, |_| true) {
                return Some(Illegal::new(
                    "10.5a",
                    format!(
                        "{} is out of command radius and can still step toward its leader: it must spend its MPs getting back",
                        info.name
                    ),
                ));
            }
            if !stopped.is_empty() && info.combat() && near(h) <= 2 {
                let mine = self
                    .unit_receivers(s, u)
                    .iter()
                    .any(|r| matches!(r, Receiver::Corps(f) | Receiver::Command(f) if stopped.contains(f)));
                let d0 = near(h);
                if mine && self.legal_step_where(s, occ, cache, u, |n| near(n) > d0) {
                    return Some(Illegal::new(
                        "10.3b",
                        format!(
                            "{} belongs to a command that failed its attack stoppage check: it must get at least three hexes from every enemy unit this turn",
                            info.name
                        ),
                    ));
                }
            }
        }
        None
    }

    // ----- fire and close combat ------------------------------------------------------

    /// The fire hook (10.3a): infantry or artillery fire from two hexes or less at units on an
    /// Attack order marks their command for a stoppage check.
    pub(in crate::nbs) fn note_fired_on(&self, s: &mut State, d: &FireDecl) {
        let close = d.firers.iter().any(|&f| {
            matches!(
                self.units[usize::from(f)].kind,
                UnitKind::Infantry | UnitKind::Artillery
            ) && Self::on_map(s, f).is_some_and(|h| h.distance(d.target) <= 2)
        });
        if close {
            let targets = self.combat_stack(s, d.target);
            self.note_contact(s, &targets);
        }
    }

    /// Marks the commands on Attack orders of `units` for a stoppage check (10.3a; the charge
    /// hook calls this too).
    pub(in crate::nbs) fn note_contact(&self, s: &mut State, units: &[UnitId]) {
        for &u in units {
            let side = self.units[usize::from(u)].side;
            if let Some((Receiver::Corps(f) | Receiver::Command(f), OrderKind::Attack)) =
                self.unit_order(s, u)
            {
                let c = &mut s.command.sides[side.index()].contact;
                if !c.contains(&f) {
                    c.push(f);
                }
            }
        }
    }

    /// The close-combat hook: attackers must act on an Attack order (10.1a, with
    /// [`Nbs::strict_orders`]; digest §8.4 item 33) and stay within command radius, target hex
    /// included (23.1b).
    pub(in crate::nbs) fn assault_order_check(
        &self,
        s: &State,
        att: &[UnitId],
        target: Hex,
    ) -> Result<(), Illegal> {
        for &u in att {
            let info = &self.units[usize::from(u)];
            if self.strict_orders
                && !info.independent
                && !matches!(self.unit_order(s, u), Some((_, OrderKind::Attack)))
            {
                return Err(Illegal::new(
                    "10.1a",
                    format!(
                        "{} holds no Attack order in force: no offensive combat",
                        info.name
                    ),
                ));
            }
            let st = &s.units[usize::from(u)];
            let occ = Occ::new(self, s);
            let mut cache = RadiusCache::default();
            if st.has(flag::OUT_OF_RADIUS)
                || self.in_radius(s, &occ, &mut cache, u, Some(target)) == Some(false)
            {
                return Err(Illegal::new(
                    "23.1b",
                    format!(
                        "{} would attack {} out of command radius",
                        info.name,
                        self.label(target)
                    ),
                ));
            }
        }
        Ok(())
    }
}
