//! 18.0 organizational states: Disorder and its second Disorder (18.5c), Automatic Disorder
//! (18.3), the Movement Disorder Check (A) once a unit's movement is over (11.2d, 11.2e, 18.2b,
//! 18.2f, 18.2g), the Rallying Disordered Units Segment (18.6) and groups (18.7c, 19.4c).

use alloc::vec::Vec;

use super::{CheckKind, CheckReq};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::event::Event;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Act, Segment, State, Step};
use crate::fontenoy::types::{DisorderCheck, Morale};
use crate::fontenoy::units::UnitId;

impl Fontenoy {
    /// Records a change of `u`'s condition.
    pub(crate) fn set_condition(
        &self,
        s: &mut State,
        u: UnitId,
        disordered: bool,
        morale: Morale,
        rule: &str,
        ev: &mut Vec<Event>,
    ) {
        let x = s.unit_mut(u);
        if x.disordered == disordered && x.morale == morale {
            return;
        }
        x.disordered = disordered;
        x.morale = morale;
        ev.push(Event::Condition {
            unit: u,
            disordered,
            morale,
            rule: rule.into(),
        });
    }

    /// `units` receive a Disorder (18.1a, 18.3): Formed becomes Disordered, Disordered becomes
    /// Shaken/Disordered, Shaken/Disordered stays so (18.5c). Skirmishers and Routed units are
    /// never Disordered (18.0, 18.4).
    pub(crate) fn disorder_units(
        &self,
        s: &mut State,
        units: &[UnitId],
        rule: &str,
        ev: &mut Vec<Event>,
    ) {
        for &u in units {
            let x = s.unit(u);
            if !x.on_map() || x.morale == Morale::Routed || self.is_skirmisher(s, u) {
                continue;
            }
            if !x.disordered {
                self.set_condition(s, u, true, x.morale, rule, ev);
            } else if x.morale == Morale::Good {
                self.set_condition(s, u, true, Morale::Shaken, "18.5c", ev);
            }
        }
    }

    /// Automatic Disorder (18.3): `unit` and its group become Disordered without a check (a
    /// Square below 3 SP, a "D" close combat result, renewed cavalry combat, a retreat before
    /// combat through difficult terrain, a failed MC(F)).
    pub fn auto_disorder(&self, s: &mut State, unit: UnitId, rule: &str, ev: &mut Vec<Event>) {
        let group = self.stack_of(s, unit);
        self.disorder_units(s, &group, rule, ev);
    }

    /// A passed DC(G): the group is Formed (18.6c).
    pub(crate) fn formed(&self, s: &mut State, group: &[UnitId], rule: &str, ev: &mut Vec<Event>) {
        for &u in group {
            let m = s.unit(u).morale;
            self.set_condition(s, u, false, m, rule, ev);
        }
    }

    /// 18.7c, 19.4c, F-8.3c (3): a group with a Disordered (Shaken) unit is all Disordered
    /// (Shaken); a Victoire! marker goes when its unit is grouped with one without it.
    pub(crate) fn share_condition(&self, s: &mut State, group: &[UnitId], ev: &mut Vec<Event>) {
        let disordered = group
            .iter()
            .any(|&g| s.unit(g).disordered && !self.is_skirmisher(s, g));
        let shaken = group.iter().any(|&g| s.unit(g).morale == Morale::Shaken);
        for &g in group {
            let x = s.unit(g);
            let d = x.disordered || (disordered && !self.is_skirmisher(s, g));
            let m = if shaken && x.morale == Morale::Good {
                Morale::Shaken
            } else {
                x.morale
            };
            let rule = if d != x.disordered { "18.7c" } else { "19.4c" };
            self.set_condition(s, g, d, m, rule, ev);
        }
        self.drop_broken_victoire(s, group, ev);
    }

    /// A unit's movement is over (11.1b): its Movement Disorder Check (A) if it passed terrain
    /// that calls for one and spent MP after (11.2d), +5 for each such hex or hexside after the
    /// first (11.2e), taken once for its group (18.2b), after any other check (18.2f); the
    /// group's states are shared (18.7c, 19.4c).
    pub(crate) fn movement_over(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        // 18.0: a Routed unit has no organisational state to check (10.13d, 17.3f).
        if !self.units[usize::from(u)].is_combat()
            || s.unit(u).morale == Morale::Routed
            || !s.unit(u).on_map()
        {
            return;
        }
        let Some(m) = s
            .activation
            .as_ref()
            .and_then(|a| a.moving.iter().find(|m| m.unit == u))
            .copied()
        else {
            return;
        };
        let group = self.stack_of(s, u);
        self.share_condition(s, &group, ev);
        // 11.4a Forced March, 11.7c Line Rearward Movement: DC(A) whatever the terrain.
        if m.dca == 0 && !m.forced && !m.rearward && m.passage == 0 {
            return;
        }
        let t = &self.tables.checks;
        let a = DisorderCheck::A;
        let mut er_mod = 0;
        if m.dca > 0 {
            er_mod += t.disorder_mod("difficult_terrain_first", a)
                + i16::from(m.dca - 1) * t.disorder_mod("difficult_terrain_each_additional", a);
        }
        if m.forced {
            er_mod += t.disorder_mod("forced_march", a);
        }
        if m.rearward {
            er_mod += t.disorder_mod("line_rearward", a);
        }
        // 10.7a, 18.5e, 19.4d: Passage of Lines (movement/passage.rs).
        er_mod += m.passage;
        // One check for the group (18.2b): a unit of the stack may already have queued it.
        let queued = s.steps.iter().any(|st| match st {
            Step::Check(r) => r.kind == CheckKind::Disorder(a) && group.contains(&r.unit),
            _ => false,
        });
        if !queued {
            // 18.2f: A is taken last; the steps stack, so it goes under what is pending now.
            s.steps.insert(
                0,
                Step::Check(CheckReq {
                    unit: self.checking_unit(&group).unwrap_or(u),
                    kind: CheckKind::Disorder(a),
                    er_mod,
                }),
            );
        }
        // 10.7a, 18.2g: the units it passed through check after it (movement/passage.rs).
        self.passage_checks(s, u);
    }

    /// The Rallying Disordered Units Segment (18.6): every activated Disordered unit or group
    /// that has not tried this turn (18.6a) is Formed if grouped with a friendly commander
    /// (18.6b, 21.3), else takes DC(G) (18.6c, which says "Morale Check (G)"; 18.1b lists the
    /// rally as Disorder Check G, digest A5); then the Fire Combat Segment.
    pub(crate) fn rally_disordered_segment(&self, s: &mut State, ev: &mut Vec<Event>) {
        let o = Occupancy::build(self, s);
        let side = s.activation.as_ref().map(|a| a.side);
        let mut reqs: Vec<CheckReq> = Vec::new();
        let mut seen: Vec<UnitId> = Vec::new();
        for u in 0..s.units.len() as UnitId {
            let x = s.unit(u);
            if x.act != Act::Active
                || !x.disordered
                || x.rally_tried
                || !self.units[usize::from(u)].is_combat()
                || seen.contains(&u)
                || Some(self.units[usize::from(u)].side) != side
            {
                continue;
            }
            let group = self.stack_of(s, u);
            seen.extend_from_slice(&group);
            for &g in &group {
                s.unit_mut(g).rally_tried = true;
            }
            let with_commander = s.unit(u).placed().is_some_and(|p| {
                p.hexes.as_slice().iter().any(|&h| {
                    o.at(self, h).units.iter().any(|&c| {
                        let info = &self.units[usize::from(c)];
                        !info.is_combat() && Some(info.side) == side
                    })
                })
            });
            if with_commander {
                self.formed(s, &group, "18.6b", ev);
            } else if let Some(c) = self.checking_unit(&group) {
                reqs.push(CheckReq {
                    unit: c,
                    kind: CheckKind::Disorder(DisorderCheck::G),
                    er_mod: 0,
                });
            }
        }
        // The checks are taken before the Fire Combat Segment's first decision.
        self.enter_segment(s, Segment::Fire, ev);
        self.queue_checks(s, &reqs);
    }
}
