//! 19.5 the Rally Phase (4.0D): the side that won the rally dice first, then the other, each
//! with every Shaken unit or group (MC(I) on its top unit, 19.5a), then every Routed unit one
//! by one (19.5b); a failure under the printed ER costs 1 SP (19.5c), the failed units of a
//! group retreat together (19.5d); a rallied unit takes the single-hex formation and facing its
//! owner chooses (19.5e). Victoire! markers away from the enemy come off (F-8.3c (2)).

use alloc::format;
use alloc::vec::Vec;

use super::retreat::RetreatKind;
use super::{CheckKind, CheckReq};
use crate::engine::{Illegal, Side};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::Placed;
use crate::fontenoy::stacking::{Stance, compatible};
use crate::fontenoy::state::{Place, State, Step};
use crate::fontenoy::tables::GoFor;
use crate::fontenoy::types::{Formation, Kind, Morale, MoraleCheck};
use crate::fontenoy::units::{Skirmish, UnitId};
use crate::hex::Facing;

impl Fontenoy {
    /// The Rally Phase goes on (called whenever nothing is pending in it).
    pub(crate) fn rally_continue(&self, s: &mut State, ev: &mut Vec<Event>) {
        // Failed rallies still held for their group go now (19.5d).
        if s.retreats.iter().any(|r| r.hold) {
            for r in &mut s.retreats {
                r.hold = false;
            }
            self.run_retreats(s, ev);
        }
        if !s.steps.is_empty() || !s.retreats.is_empty() {
            return;
        }
        loop {
            let Some(first) = s.rally_first else {
                self.technical_phase(s, ev);
                return;
            };
            let stage = s.rally_stage;
            if stage >= 4 {
                self.rally_end(s, ev);
                return;
            }
            s.rally_stage += 1;
            let side = if stage < 2 { first } else { first.other() };
            let reqs = if stage % 2 == 0 {
                self.shaken_rallies(s, side)
            } else {
                self.routed_rallies(s, side)
            };
            if !reqs.is_empty() {
                self.queue_checks(s, &reqs);
                return;
            }
        }
    }

    /// 19.5a: one MC(I) for each Shaken unit or group of `side`, on its top unit.
    fn shaken_rallies(&self, s: &State, side: Side) -> Vec<CheckReq> {
        let mut out = Vec::new();
        self.rally_stacks(s, side, Morale::Shaken, |stack| {
            if let Some(c) = self.checking_unit(stack) {
                out.push(Self::mc_i(c));
            }
        });
        out
    }

    /// 19.5b: one MC(I) for each Routed unit of `side`, a group's units one after the other.
    fn routed_rallies(&self, s: &State, side: Side) -> Vec<CheckReq> {
        let mut out = Vec::new();
        self.rally_stacks(s, side, Morale::Routed, |stack| {
            out.extend(stack.iter().map(|&g| Self::mc_i(g)));
        });
        out
    }

    /// Each group of `side`'s combat units on the map in `morale`, once, in counter order.
    fn rally_stacks(&self, s: &State, side: Side, morale: Morale, mut each: impl FnMut(&[UnitId])) {
        let mut seen: Vec<UnitId> = Vec::new();
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            let x = s.unit(u);
            if info.side != side
                || !info.is_combat()
                || !x.on_map()
                || x.morale != morale
                || seen.contains(&u)
            {
                continue;
            }
            let stack = self.stack_of(s, u);
            seen.extend_from_slice(&stack);
            each(&stack);
        }
    }

    /// A rally check (19.5).
    fn mc_i(unit: UnitId) -> CheckReq {
        CheckReq {
            unit,
            kind: CheckKind::Morale(MoraleCheck::I),
            er_mod: 0,
        }
    }

    /// The end of the Rally Phase: Victoire! markers not adjacent to an enemy come off
    /// (F-8.3c (2)); then the Technical Phase (4.0E).
    fn rally_end(&self, s: &mut State, ev: &mut Vec<Event>) {
        for u in 0..s.units.len() as UnitId {
            if !s.unit(u).victoire {
                continue;
            }
            let side = self.units[usize::from(u)].side;
            let near = s.unit(u).placed().is_some_and(|p| {
                p.hexes.as_slice().iter().any(|&h| {
                    h.neighbors().into_iter().any(|n| {
                        s.units.iter().enumerate().any(|(i, x)| {
                            self.units[i].is_combat()
                                && self.units[i].side != side
                                && x.placed().is_some_and(|q| q.hexes.contains(n))
                        })
                    })
                })
            });
            if !near {
                s.unit_mut(u).victoire = false;
                ev.push(Event::Victoire { unit: u, on: false });
            }
        }
        s.rally_stage = 0;
        self.technical_phase(s, ev);
    }

    /// A Routed unit failed its rally (19.5c): 1 SP if the roll is under its printed ER; it
    /// retreats with the others of its group that fail (19.5d).
    pub(crate) fn rally_failed(&self, s: &mut State, u: UnitId, roll: u8, ev: &mut Vec<Event>) {
        if s.unit(u).morale != Morale::Routed {
            // 19.5a: a Shaken group stays Shaken.
            return;
        }
        if roll < self.units[usize::from(u)].er {
            self.lose_sp(s, u, 1, "19.5c", ev);
        }
        let Some(h) = s.unit(u).placed().map(|p| p.hex()) else {
            return;
        };
        if let Some(r) = s
            .retreats
            .iter_mut()
            .find(|r| r.hold && r.visited.first() == Some(&h))
        {
            r.units.push(u);
            return;
        }
        self.start_retreat(s, &[u], &[], RetreatKind::Rout, false, true);
    }

    /// After a Routed unit's rally check: the failed units of its group retreat once the
    /// group's last check is taken (19.5d).
    pub(crate) fn release_rally_retreat(&self, s: &mut State, _u: UnitId, ev: &mut Vec<Event>) {
        let next_in = |s: &State, h: crate::hex::Hex| match s.steps.last() {
            Some(Step::Check(r)) => {
                r.kind == CheckKind::Morale(MoraleCheck::I)
                    && s.unit(r.unit).morale == Morale::Routed
                    && s.unit(r.unit).placed().is_some_and(|p| p.hex() == h)
            }
            _ => false,
        };
        let mut released = false;
        for i in 0..s.retreats.len() {
            if !s.retreats[i].hold {
                continue;
            }
            let h = s.retreats[i].visited[0];
            if !next_in(s, h) {
                s.retreats[i].hold = false;
                released = true;
            }
        }
        if released {
            self.run_retreats(s, ev);
        }
    }

    /// The single-hex formations and facings a rallied unit may take (19.5e, 8.4k): Line or
    /// March Column (Skirmish for skirmishers, General Order where the terrain forces it), a
    /// Disordered unit no Square (18.5b); compatible with friends already in the hex (10.1).
    pub(crate) fn rally_forms(&self, s: &State, u: UnitId) -> Vec<(Formation, u8)> {
        let info = &self.units[usize::from(u)];
        let x = s.unit(u);
        let Some(p) = x.placed() else {
            return Vec::new();
        };
        let h = p.hex();
        let forced = match self.tables.fx(self.board.hex(h).terrain).general_order {
            GoFor::None => false,
            GoFor::Infantry | GoFor::InfantryArtillery => info.kind == Kind::Infantry,
            GoFor::All => true,
        };
        let mut forms: Vec<Formation> = Vec::new();
        if info.skirmish == Skirmish::Always {
            forms.push(Formation::Skirmish);
        } else if forced {
            forms.push(Formation::GeneralOrder);
        } else {
            forms.push(Formation::Line);
            forms.push(Formation::MarchColumn);
            if info.kind == Kind::Infantry && info.skirmish == Skirmish::Capable {
                forms.push(Formation::Skirmish);
            }
            if info.kind == Kind::Infantry
                && !x.disordered
                && x.sp >= 3
                && self.tables.fx(self.board.hex(h).terrain).square
            {
                forms.push(Formation::Square);
            }
        }
        let side = info.side;
        let friends: Vec<Stance> = (0..s.units.len() as UnitId)
            .filter(|&v| {
                v != u
                    && self.units[usize::from(v)].is_combat()
                    && self.units[usize::from(v)].side == side
                    && s.unit(v).morale != Morale::Routed
                    && s.unit(v).placed().is_some_and(|q| q.hexes.contains(h))
            })
            .filter_map(|v| {
                s.unit(v).placed().map(|q| Stance {
                    kind: self.units[usize::from(v)].kind,
                    formation: s.unit(v).formation,
                    facing: q.facing,
                })
            })
            .collect();
        let mut out = Vec::new();
        for f in forms {
            for k in 0..12u8 {
                let vertex = k % 2 == 1;
                if f.faces_vertex() != vertex {
                    continue;
                }
                let Some(facing) = Facing::new(k) else {
                    continue;
                };
                let me = Stance {
                    kind: info.kind,
                    formation: f,
                    facing,
                };
                if friends.iter().all(|&o| compatible(me, o)) {
                    out.push((f, k));
                }
            }
        }
        if out.is_empty() {
            // Nothing fits the friends there: any facing of a Line (the group rules then
            // apply at its next move).
            for k in (1..12u8).step_by(2) {
                out.push((Formation::Line, k));
            }
        }
        out
    }

    /// The actions of a rallied unit's formation choice.
    pub(crate) fn rally_form_actions(&self, s: &State, u: UnitId, out: &mut Vec<Action>) {
        for (formation, facing) in self.rally_forms(s, u) {
            out.push(Action::Rally {
                unit: u,
                formation,
                facing,
            });
        }
    }

    /// Applies a rallied unit's formation and facing (19.5e); a unit that forms Skirmish is
    /// only Shaken (19.5b).
    pub(crate) fn apply_rally_form(
        &self,
        s: &mut State,
        u: UnitId,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::Rally {
            unit,
            formation,
            facing,
        } = *a
        else {
            return Err(Illegal::new(
                "19.5e",
                format!("{a:?}: a rallied unit chooses its formation and facing"),
            ));
        };
        if unit != u || !self.rally_forms(s, u).contains(&(formation, facing)) {
            return Err(Illegal::new(
                "19.5e",
                format!(
                    "{} may not rally in {formation} facing {facing}",
                    self.unit_name(u)
                ),
            ));
        }
        let Some(p) = s.unit(u).placed().copied() else {
            return Err(Illegal::new("engine", "the unit is not on the map"));
        };
        let f = Facing::new(facing).ok_or_else(|| Illegal::new("engine", "a facing is 0 to 11"))?;
        let x = s.unit_mut(u);
        x.formation = formation;
        x.place = Place::Map(Placed::at(p.hex(), f));
        ev.push(Event::Rallied {
            unit: u,
            formation,
            facing,
        });
        if formation == Formation::Skirmish && s.unit(u).disordered {
            self.set_condition(s, u, false, Morale::Shaken, "19.5b", ev);
        }
        Ok(())
    }
}
