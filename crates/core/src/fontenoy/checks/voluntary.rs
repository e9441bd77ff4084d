//! 19.10 Voluntary Rout: before any unit of the activation moves, the active player may rout
//! infantry and cavalry groups within the activated Division Commander's Command Distance
//! (19.10a, 19.10b); they retreat at once (19.10c); when he ends the declarations, every other
//! unit that could have routed, artillery too, takes MC(J), +10 where the routers passed
//! through it (19.10c, 19.10d; digest A32: only if one unit did rout).

use alloc::format;
use alloc::vec::Vec;

use super::{CheckKind, CheckReq};
use crate::engine::Illegal;
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::event::Event;
use crate::fontenoy::state::{Act, Segment, State};
use crate::fontenoy::types::{Kind, Morale, MoraleCheck};
use crate::fontenoy::units::UnitId;

impl Fontenoy {
    /// Whether `u` meets 19.10a's conditions of place and command: activated, on the map,
    /// not Routed, within an activated Division Commander's Command Distance (Richelieu's on
    /// his own, F-3.3e), not an Independent In Command by its Unit Initiative roll (7.4c) and
    /// not In Command only by being grouped with its Commander-in-Chief or Wing Commander
    /// (7.5a).
    fn voluntary_placed(&self, s: &State, u: UnitId) -> bool {
        let Some(act) = &s.activation else {
            return false;
        };
        let info = &self.units[usize::from(u)];
        let x = s.unit(u);
        if !info.is_combat() || x.act != Act::Active || x.morale == Morale::Routed {
            return false;
        }
        let Some(p) = x.placed() else { return false };
        if act.by_initiative.contains(&u) {
            return false;
        }
        let dcs = act
            .divisions
            .iter()
            .map(|&d| self.org.divisions[usize::from(d)].commander)
            .chain(core::iter::once(act.lead.richelieu));
        let within = dcs.into_iter().any(|c| {
            c.and_then(|c| {
                let cd = u32::from(self.units[usize::from(c)].command_distance);
                s.unit(c).placed().map(|q| {
                    p.hexes
                        .as_slice()
                        .iter()
                        .any(|&h| h.distance(q.hex()) <= cd)
                })
            })
            .unwrap_or(false)
        });
        if !within {
            return false;
        }
        let side = info.side;
        let cinc = s.armies[side.index()].cinc;
        let wc = self
            .division_now(s, u)
            .and_then(|d| self.org.wing_of(d))
            .and_then(|w| self.org.wings[usize::from(w)].commander);
        let with_superior = self
            .commanders_with(s, &[u])
            .into_iter()
            .any(|c| Some(c) == cinc || Some(c) == wc);
        !with_superior
    }

    /// Whether `u` may Voluntarily Rout now (19.10a): infantry or cavalry placed as 19.10a
    /// says, in the Movement Segment before any unit has moved.
    pub fn may_rout_voluntarily(&self, s: &State, u: UnitId) -> bool {
        let Some(act) = &s.activation else {
            return false;
        };
        act.segment == Segment::Movement
            && act.moving.is_empty()
            && !act.voluntary_done
            && matches!(
                self.units[usize::from(u)].kind,
                Kind::Infantry | Kind::Cavalry
            )
            && self.voluntary_placed(s, u)
    }

    /// Whether `f`, passed through by a voluntary router `router`, takes MC(J) +10 instead of
    /// MC(F) (19.10d): a unit of the router's Division that meets 19.10c's conditions.
    pub(crate) fn voluntary_witness(&self, s: &State, router: UnitId, f: UnitId) -> bool {
        let d = self.division_now(s, router);
        d.is_some()
            && self.division_now(s, f) == d
            && s.activation
                .as_ref()
                .is_some_and(|a| a.voluntary_eligible.contains(&f))
    }

    /// Whether Voluntary Rout declarations are open or pending in the Movement Segment.
    pub(crate) fn voluntary_pending(&self, s: &State) -> bool {
        s.activation
            .as_ref()
            .is_some_and(|a| !a.voluntary.is_empty() && !a.voluntary_done)
    }

    /// The Voluntary Rout actions (19.10a): one per eligible group, and the end of the
    /// declarations once one has routed.
    pub(crate) fn voluntary_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(act) = &s.activation else { return };
        if act.segment != Segment::Movement || !act.moving.is_empty() || act.voluntary_done {
            return;
        }
        let mut seen: Vec<UnitId> = Vec::new();
        for u in 0..s.units.len() as UnitId {
            if seen.contains(&u) || !self.may_rout_voluntarily(s, u) {
                continue;
            }
            // One action per group, named by its first unit that may rout.
            let stack = self.stack_of(s, u);
            seen.extend_from_slice(&stack);
            out.push(Action::VoluntaryRout { unit: u });
        }
        if !act.voluntary.is_empty() {
            out.push(Action::EndVoluntaryRouts);
        }
    }

    /// Applies a Voluntary Rout action (19.10).
    pub(crate) fn apply_voluntary(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match *a {
            Action::VoluntaryRout { unit } => {
                if !self.may_rout_voluntarily(s, unit) {
                    return Err(Illegal::new(
                        "19.10a",
                        format!(
                            "{} may not Voluntarily Rout: it must be activated infantry or cavalry within the Division Commander's Command Distance, before any unit moves",
                            self.unit_name(unit)
                        ),
                    ));
                }
                // 19.10b: its whole infantry or cavalry group; artillery stays.
                let group: Vec<UnitId> = self
                    .stack_of(s, unit)
                    .into_iter()
                    .filter(|&g| self.units[usize::from(g)].kind != Kind::Artillery)
                    .collect();
                // 19.10c: who could rout is fixed when the first does.
                if s.activation
                    .as_ref()
                    .is_some_and(|a| a.voluntary.is_empty())
                {
                    let eligible: Vec<UnitId> = (0..s.units.len() as UnitId)
                        .filter(|&v| self.voluntary_placed(s, v))
                        .collect();
                    if let Some(act) = s.activation.as_mut() {
                        act.voluntary_eligible = eligible;
                    }
                }
                if let Some(act) = s.activation.as_mut() {
                    act.voluntary.extend_from_slice(&group);
                }
                // 19.10b: guns grouped with a two-hex Line stay in its first hex.
                let guns: Vec<UnitId> = self
                    .stack_of(s, unit)
                    .into_iter()
                    .filter(|&g| self.units[usize::from(g)].kind == Kind::Artillery)
                    .collect();
                for g in guns {
                    if let Some(p) = s.unit(g).placed().copied() {
                        if p.hexes.len() > 1 {
                            s.unit_mut(g).place = crate::fontenoy::state::Place::Map(
                                crate::fontenoy::geometry::Placed::at(p.hex(), p.facing),
                            );
                        }
                    }
                }
                self.rout_units(s, &group, &[], "19.10", true, ev);
                Ok(())
            }
            Action::EndVoluntaryRouts => {
                let Some(act) = s.activation.clone() else {
                    return Err(Illegal::new("engine", "no activation is under way"));
                };
                if act.voluntary.is_empty() || act.voluntary_done {
                    return Err(Illegal::new(
                        "19.10c",
                        "no Voluntary Rout has been declared in this segment",
                    ));
                }
                if let Some(x) = s.activation.as_mut() {
                    x.voluntary_done = true;
                }
                // 19.10c: every other unit that could have routed, artillery too.
                let bonus = self
                    .tables
                    .checks
                    .morale_mod("voluntary_rout_passed_through", MoraleCheck::J)
                    .unwrap_or(0);
                let mut seen: Vec<UnitId> = Vec::new();
                let mut reqs: Vec<CheckReq> = Vec::new();
                for &u in &act.voluntary_eligible {
                    let x = s.unit(u);
                    if seen.contains(&u) || !x.on_map() || x.morale == Morale::Routed {
                        continue;
                    }
                    let stack = self.stack_of(s, u);
                    seen.extend_from_slice(&stack);
                    let passed = stack.iter().any(|g| act.voluntary_passed.contains(g));
                    if let Some(c) = self.checking_unit(&stack) {
                        reqs.push(CheckReq {
                            unit: c,
                            kind: CheckKind::Morale(MoraleCheck::J),
                            er_mod: if passed { bonus } else { 0 },
                        });
                    }
                }
                self.queue_checks(s, &reqs);
                Ok(())
            }
            _ => Err(Illegal::new(
                "19.10",
                format!("{a:?} is not a Voluntary Rout action"),
            )),
        }
    }
}
