//! The named Special Morale Check Results of F-8.3: Sauve qui peut! (F-8.3b) and Victoire!
//! (F-8.3c). The plain ones (pass, fail, fail and a Commander Loss Check, re-roll with only
//! its own modifier) are read in `mod.rs`; the chart is `tables.rs`'s.

use alloc::vec::Vec;

use super::{CheckKind, CheckReq, Plain};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::event::Event;
use crate::fontenoy::state::{State, Step};
use crate::fontenoy::types::{Morale, MoraleCheck};
use crate::fontenoy::units::UnitId;

impl Fontenoy {
    /// Sauve qui peut! (F-8.3b): the stack Routs and every friendly stack within 2 hexes takes
    /// MC(G) (never special, +15 if a Routed friend is already within 2 hexes of it), failing
    /// which it Routs; a stack in a redoubt or behind field fortifications only takes a Morale
    /// Check, and its friends check only if it then Routs.
    pub(crate) fn sauve_qui_peut(
        &self,
        s: &mut State,
        req: CheckReq,
        group: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        if group.iter().any(|&g| self.fortified(s, g)) {
            s.steps.push(Step::PlainCheck {
                req,
                why: Plain::SauveOrigin,
            });
            return;
        }
        self.sauve_spread(s, group, ev);
        self.rout_units(s, group, &[], "F-8.3b", false, ev);
    }

    /// F-8.3b: the MC(G) of every friendly stack within 2 hexes of `origin` (not a chain: these
    /// checks never give a special result), taken once its rout is over.
    pub(crate) fn sauve_spread(&self, s: &mut State, origin: &[UnitId], _ev: &mut Vec<Event>) {
        let Some(&first) = origin.first() else { return };
        let Some(p) = s.unit(first).placed().copied() else {
            return;
        };
        let side = self.units[usize::from(first)].side;
        let near = |h: crate::hex::Hex, hexes: &[crate::hex::Hex]| {
            hexes.iter().any(|&o| o.distance(h) <= 2)
        };
        let mut seen: Vec<UnitId> = origin.to_vec();
        let mut reqs: Vec<CheckReq> = Vec::new();
        for v in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(v)];
            let x = s.unit(v);
            if !info.is_combat() || info.side != side || seen.contains(&v) {
                continue;
            }
            if x.morale == Morale::Routed {
                continue;
            }
            let Some(q) = x.placed() else { continue };
            if !q
                .hexes
                .as_slice()
                .iter()
                .any(|&h| near(h, p.hexes.as_slice()))
            {
                continue;
            }
            let stack = self.stack_of(s, v);
            seen.extend_from_slice(&stack);
            let Some(c) = self.checking_unit(&stack) else {
                continue;
            };
            // +15 when a Routed friend is already within 2 hexes of this stack.
            let routed_near = (0..s.units.len() as UnitId).any(|w| {
                let wi = &self.units[usize::from(w)];
                let wx = s.unit(w);
                wi.is_combat()
                    && wi.side == side
                    && wx.morale == Morale::Routed
                    && wx.placed().is_some_and(|r| {
                        r.hexes
                            .as_slice()
                            .iter()
                            .any(|&h| near(h, q.hexes.as_slice()))
                    })
            });
            let er_mod = if routed_near {
                self.tables
                    .checks
                    .morale_mod("sauve_qui_peut_routed_near", MoraleCheck::G)
                    .unwrap_or(0)
            } else {
                0
            };
            reqs.push(CheckReq {
                unit: c,
                kind: CheckKind::Morale(MoraleCheck::G),
                er_mod,
            });
        }
        for r in reqs.iter().rev() {
            s.steps.push(Step::PlainCheck {
                req: *r,
                why: Plain::SauveQuiPeut,
            });
        }
    }

    /// Victoire! (F-8.3c): passed; Shaken comes off and the stack gets the V marker.
    pub(crate) fn victoire(&self, s: &mut State, group: &[UnitId], ev: &mut Vec<Event>) {
        for &g in group {
            let x = *s.unit(g);
            if x.morale == Morale::Shaken {
                self.set_condition(s, g, x.disordered, Morale::Good, "F-8.3c", ev);
            }
            if !x.victoire {
                s.unit_mut(g).victoire = true;
                ev.push(Event::Victoire { unit: g, on: true });
            }
        }
    }

    /// F-8.3c (3): grouped with a unit without the marker, the stack loses it.
    pub(crate) fn drop_broken_victoire(
        &self,
        s: &mut State,
        group: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        let with = group.iter().any(|&g| s.unit(g).victoire);
        let without = group.iter().any(|&g| !s.unit(g).victoire);
        if with && without {
            for &g in group {
                if s.unit(g).victoire {
                    s.unit_mut(g).victoire = false;
                    ev.push(Event::Victoire { unit: g, on: false });
                }
            }
        }
    }
}
