//! 13.10 Defensive Fire: which passive units fire, and at which attacking group. The fire
//! itself (strengths, the +10/+20 of 13.10g, the roll on the Special Defensive Fire Results,
//! DC(E) and MC(A)) is the fire section's [`Fontenoy::defensive_fire`].
//!
//! * 13.10a: a defender that made a Defender's Reaction does not fire, and a defender fires
//!   only at its own attackers; a passive unit outside the combat, not the target of another
//!   combat, may fire at an attacker in its ZOC (the passive player's choice);
//! * 13.10c: a unit fires once a segment;
//! * 13.10d: a defending hex fires at one attacking group, the passive player's choice when
//!   there are several; all the units that fire at one group combine, both arms together
//!   (13.10b).
//!
//! Reading: a defender with a single attacking group to fire at fires without being asked (it
//! can be attacked only once a segment, 13.6d, so holding its fire gains nothing); the choice
//! is asked when a defender has several groups to choose from, and of the units outside the
//! combat (which may keep their one fire for a later combat).

use alloc::vec::Vec;

use super::CloseStep;
use crate::fontenoy::Fontenoy;
use crate::fontenoy::event::Event;
use crate::fontenoy::state::{State, Step};
use crate::fontenoy::types::Morale;
use crate::fontenoy::units::UnitId;
use crate::hex::Hex;

impl Fontenoy {
    /// Defensive Fire by the defenders that stay (`defenders`) and the passive units around at
    /// the attacking groups of the combat under way (13.10). The caller has pushed the combat's
    /// continuation (`Cont::AfterFire`) first, so that the fires' rolls and checks are resolved
    /// before the combat goes on; the continuation reads the attackers' states afterwards
    /// (13.10e).
    pub(crate) fn close_defensive_fire(
        &self,
        s: &mut State,
        defenders: &[UnitId],
        groups: &[Vec<UnitId>],
        ev: &mut Vec<Event>,
    ) {
        // F-7.9: Hanoverian pistols fire with the Defensive Fire (pushed first, resolved after
        // it: the two are simultaneous, neither depends on the other's result).
        self.hanoverian_pistols(s, groups, defenders, ev);
        if let Some(c) = self.cs_mut(s) {
            c.df_defenders = defenders.to_vec();
            c.df_plan.clear();
        }
        // A defender with one attacking group to fire at fires at it (13.10c: not one that
        // has fired this segment; 13.10a: nor one that reacted).
        let firers = self.df_firers(s);
        for u in defenders.iter().copied().filter(|u| firers.contains(u)) {
            let targets = self.df_targets(s, u);
            if let [only] = targets[..] {
                if !self.df_assigned(s, u) {
                    self.df_assign(s, u, only);
                }
            }
        }
        if self.df_options(s).is_empty() {
            self.df_resolve(s, ev);
        } else {
            s.steps.push(Step::Close(CloseStep::DefensiveFire));
        }
    }

    /// The Defensive Fire still open to the passive player: (firing unit, attacking group's top
    /// unit), one firing unit per hex.
    pub(crate) fn df_options(&self, s: &State) -> Vec<(UnitId, UnitId)> {
        let mut out = Vec::new();
        let mut hexes: Vec<Vec<Hex>> = Vec::new();
        for u in self.df_firers(s) {
            if self.df_multi(s, u) {
                // 13.10c: a Square or a redoubt fires at several groups, each through its own
                // face or hexside.
                for g in self.df_targets(s, u) {
                    if self.df_may_add(s, u, g) {
                        out.push((u, g));
                    }
                }
                continue;
            }
            if self.df_assigned(s, u) {
                continue;
            }
            let Some(p) = s.unit(u).placed() else {
                continue;
            };
            let here = p.hexes.as_slice().to_vec();
            if hexes.contains(&here) {
                continue;
            }
            let targets = self.df_targets(s, u);
            if !targets.is_empty() {
                hexes.push(here);
                for g in targets {
                    out.push((u, g));
                }
            }
        }
        out
    }

    /// The passive player's choice: `unit`'s hex fires at the group of `target` (13.10d).
    pub(crate) fn df_choose(
        &self,
        s: &mut State,
        unit: UnitId,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let firers = self.df_firers(s);
        let here = s.unit(unit).placed().map(|p| p.hexes);
        for u in firers {
            let free = if self.df_multi(s, u) {
                self.df_may_add(s, u, target)
            } else {
                !self.df_assigned(s, u)
            };
            if s.unit(u).placed().map(|p| p.hexes) == here
                && free
                && self.df_targets(s, u).contains(&target)
            {
                self.df_assign(s, u, target);
            }
        }
        if self.df_options(s).is_empty() {
            self.df_resolve(s, ev);
        } else {
            s.steps.push(Step::Close(CloseStep::DefensiveFire));
        }
    }

    /// The passive player holds the rest of his fire: the chosen fires go off.
    pub(crate) fn df_pass(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.df_resolve(s, ev);
    }

    /// The units that may fire at this combat now: its defenders (13.10a: not those that
    /// reacted), and the passive units outside it that are no combat's target; none that has
    /// fired this segment (13.10c).
    fn df_firers(&self, s: &State) -> Vec<UnitId> {
        let Some(cs) = self.close_segment(s) else {
            return Vec::new();
        };
        let Some(c) = cs.current.as_ref() else {
            return Vec::new();
        };
        let Some(&first) = c.attackers.first().and_then(|g| g.units.first()) else {
            return Vec::new();
        };
        let passive = self.side_of(first).other();
        let mut out: Vec<UnitId> = cs
            .df_defenders
            .iter()
            .copied()
            .filter(|u| !cs.reacted.contains(u) && !cs.defensive_fired.contains(u))
            .collect();
        let targeted = |u: UnitId| {
            cs.fought.contains(&u)
                || c.defenders.iter().any(|g| g.units.contains(&u))
                || cs
                    .combats
                    .iter()
                    .any(|k| k.defenders.iter().any(|g| g.units.contains(&u)))
        };
        // 17.3: a Cavalry Reaction's combat has no outside fire (the moving side is active).
        let outsiders = if c.reaction {
            0
        } else {
            s.units.len() as UnitId
        };
        for u in 0..outsiders {
            let info = &self.units[usize::from(u)];
            let x = s.unit(u);
            if info.side == passive
                && info.is_combat()
                && x.on_map()
                && x.morale != Morale::Routed
                && !targeted(u)
                && !cs.reacted.contains(&u)
                && !cs.defensive_fired.contains(&u)
            {
                out.push(u);
            }
        }
        out
    }

    /// The attacking groups (by top unit) that `u` may fire at: a defender at any of the
    /// combat's groups it can fire at, a unit outside the combat at those in its ZOC.
    fn df_targets(&self, s: &State, u: UnitId) -> Vec<UnitId> {
        let Some(cs) = self.close_segment(s) else {
            return Vec::new();
        };
        let Some(c) = cs.current.as_ref() else {
            return Vec::new();
        };
        let defender = cs.df_defenders.contains(&u);
        let zoc = if defender {
            Vec::new()
        } else {
            self.frontal_hexes(s, u)
        };
        let mut out = Vec::new();
        for g in &c.attackers {
            let live = self.fighting(s, g);
            let Some(&top) = live.first() else {
                continue;
            };
            let Some(p) = s.unit(top).placed() else {
                continue;
            };
            let ok = p.hexes.as_slice().iter().any(|&h| {
                (defender || zoc.contains(&h)) && self.defensive_strength(s, &[u], h) > 0
            });
            if ok {
                out.push(top);
            }
        }
        out
    }

    /// Whether `u` may fire at several attacking groups of one combat (13.10c: a Square, a
    /// redoubt).
    fn df_multi(&self, s: &State, u: UnitId) -> bool {
        self.fires_at_several(s, u)
    }

    /// The hex of group `top` that `u` alone would fire at.
    fn df_aim(&self, s: &State, u: UnitId, top: UnitId) -> Option<Hex> {
        let g = self
            .current(s)?
            .attackers
            .iter()
            .map(|g| self.fighting(s, g))
            .find(|g| g.first() == Some(&top))?;
        self.defensive_fire_target(s, &g, &[u])
    }

    /// Whether a Square or a redoubt `u` may add group `g` to its Defensive Fire: not chosen
    /// yet, and through a face or hexside free of its fires and of its other chosen groups.
    fn df_may_add(&self, s: &State, u: UnitId, g: UnitId) -> bool {
        let Some(cs) = self.close_segment(s) else {
            return false;
        };
        if cs.df_plan.contains(&(u, g)) {
            return false;
        }
        let Some(from) = s.unit(u).placed().map(|p| p.hex()) else {
            return false;
        };
        let taken: Vec<Hex> = cs
            .df_plan
            .iter()
            .filter(|&&(x, _)| x == u)
            .filter_map(|&(_, t)| self.df_aim(s, u, t))
            .map(|at| self.lane_of(from, at))
            .collect();
        self.df_aim(s, u, g)
            .is_some_and(|at| self.df_slot_free(s, u, from, at, &taken))
    }

    fn df_assigned(&self, s: &State, u: UnitId) -> bool {
        self.close_segment(s)
            .is_some_and(|c| c.df_plan.iter().any(|&(f, _)| f == u))
    }

    fn df_assign(&self, s: &mut State, u: UnitId, target: UnitId) {
        if let Some(c) = self.cs_mut(s) {
            c.df_plan.push((u, target));
        }
    }

    /// The chosen Defensive Fire goes off: all the units firing at one attacking group combine
    /// (13.10d), at the first of its hexes they can fire at.
    fn df_resolve(&self, s: &mut State, ev: &mut Vec<Event>) {
        let plan = self
            .cs_mut(s)
            .map(|c| {
                c.df_defenders.clear();
                core::mem::take(&mut c.df_plan)
            })
            .unwrap_or_default();
        let groups: Vec<Vec<UnitId>> = self
            .current(s)
            .map(|c| c.attackers.iter().map(|g| self.fighting(s, g)).collect())
            .unwrap_or_default();
        for g in &groups {
            let Some(&top) = g.first() else { continue };
            let chosen: Vec<UnitId> = plan
                .iter()
                .filter(|&&(_, t)| t == top)
                .map(|&(f, _)| f)
                .collect();
            let Some(at) = self.defensive_fire_target(s, g, &chosen) else {
                continue;
            };
            let firing: Vec<UnitId> = chosen
                .iter()
                .copied()
                .filter(|&u| self.defensive_strength(s, &[u], at) > 0)
                .collect();
            if firing.is_empty() {
                continue;
            }
            ev.push(Event::DefensiveFireDue {
                defenders: firing.clone(),
                attackers: g.clone(),
            });
            let _ = self.defensive_fire(s, &firing, at, ev);
            // 13.10c: a unit fires once a segment; a 2-hex Line, a Square and a redoubt once
            // from each hex, face or hexside (their slots are recorded by the fire).
            let done: Vec<UnitId> = firing
                .iter()
                .copied()
                .filter(|&u| self.df_exhausted(s, u))
                .collect();
            if let Some(c) = self.cs_mut(s) {
                c.defensive_fired.extend_from_slice(&done);
            }
        }
    }

    /// The hex of attacking group `g` that the units `free` fire at: the first of its hexes
    /// that any of them can fire at.
    fn defensive_fire_target(&self, s: &State, g: &[UnitId], free: &[UnitId]) -> Option<Hex> {
        if free.is_empty() {
            return None;
        }
        let p = g.first().and_then(|&u| s.unit(u).placed())?;
        p.hexes
            .as_slice()
            .iter()
            .copied()
            .find(|&h| self.defensive_strength(s, free, h) > 0)
    }
}
