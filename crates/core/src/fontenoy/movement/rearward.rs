//! 11.7 Line Rearward Movement and 11.8 Skirmisher Rearward Movement: a non-Disordered Line
//! steps into its Rear hexes for the terrain cost + 1, a skirmisher into its Flank hexes for the
//! terrain cost + ½, both keeping their facing, never into an enemy ZOC (11.7d, 11.8b); a Line
//! that moved rearward takes DC(A) once its movement is over (11.7c, checks/disorder.rs), one
//! that declared Forced March may not (11.7b). 11.9c a skirmisher's roll to enter an enemy ZOC.
//!
//! Readings: 11.7b forbids oblique movement as part of a rearward move, so a Line's rearward
//! steps alternate its two Rear hexes as a straight advance alternates its Frontal hexes; a
//! skirmisher that fails its 11.9c roll ends its movement where it stands (before the step).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::geometry::{Hexes, Placed};
use super::super::occupancy::Occupancy;
use super::super::state::{Place, State, Step};
use super::super::types::{Formation, Kind, Pts};
use super::super::units::UnitId;
use crate::engine::Illegal;
use crate::hex::{Direction, Facing, Hex};

impl Fontenoy {
    /// The rearward positions of `group` at `p`, each with its side (0, 1) and its cost beyond
    /// the terrain: a Line's Rear hexes (+1), a skirmisher's Flank hexes (+½).
    fn rearward_moves(&self, s: &State, group: &[UnitId], p: &Placed) -> Vec<(Placed, u8, Pts)> {
        let mut out = Vec::new();
        let lead = group[0];
        let unit = s.unit(lead);
        let kind = self.units[usize::from(lead)].kind;
        if !matches!(kind, Kind::Infantry | Kind::Cavalry) || !p.facing.is_corner() {
            return out;
        }
        let d = Direction::new(p.facing.index() / 2).unwrap_or(Direction::ALL[0]);
        let (dirs, extra) = match unit.formation {
            // 11.7a: not Disordered, not a Hook.
            Formation::Line if !unit.disordered => ([d.rotate(3), d.rotate(4)], Pts::ONE),
            // F-7.1e A: the Infernal Column's Hooks move rearward as Lines do.
            Formation::Hook
                if !unit.disordered && group.iter().all(|&g| self.column_infantry(s, g)) =>
            {
                ([d.rotate(3), d.rotate(4)], Pts::ONE)
            }
            // 11.8a: any non-Routed skirmisher.
            Formation::Skirmish => ([d.rotate(5), d.rotate(2)], Pts::HALF),
            _ => return out,
        };
        for (k, dir) in dirs.into_iter().enumerate() {
            let list: Vec<Hex> = p.hexes.as_slice().iter().map(|h| h.neighbor(dir)).collect();
            if let Some(hexes) = Hexes::from_slice(&list) {
                out.push((
                    Placed {
                        hexes,
                        facing: p.facing,
                        hook: p.hook,
                    },
                    k as u8,
                    extra,
                ));
            }
        }
        out
    }

    /// A rearward move's cost and DC(A) trigger, if `group` at `p` may make it into `to` with
    /// `left` MP (11.7, 11.8).
    #[allow(clippy::too_many_arguments)]
    fn rearward_ok(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        to: &Placed,
        k: u8,
        extra: Pts,
        left: Pts,
        quiet: bool,
    ) -> Result<(Pts, bool), Illegal> {
        let lead = group[0];
        let f = s.unit(lead).formation;
        let m = self.moving(s, lead);
        // F-8.2f: under Vive le Roi! a move must bring it nearer the nearest Allied force.
        self.vive_step_ok(s, lead, p, to)?;
        // F-5.4c: an army in retreat moves rearward (army_rear.rs).
        self.rearward_step_ok(s, lead, p, to)?;
        // F-7.1e A: a unit that sidled and stepped forward does not also move rearward.
        if m.is_some_and(|m| m.sidled && m.forward) {
            return Err(Illegal::new(
                "F-7.1e A",
                format!(
                    "{} sidled and moved forward: no Rearward Movement as well",
                    self.unit_name(lead)
                ),
            ));
        }
        if matches!(f, Formation::Line | Formation::Hook) {
            if m.is_some_and(|m| m.forced) {
                return Err(Illegal::new(
                    "11.7b",
                    say!(
                        quiet,
                        "{} declared Forced March: no Rearward Movement",
                        self.unit_name(lead)
                    ),
                ));
            }
            if m.and_then(|m| m.rear_side) == Some(k) {
                return Err(Illegal::new(
                    "11.7b",
                    "rearward steps alternate their Rear hexes: no oblique rearward movement",
                ));
            }
        }
        let side = self.units[usize::from(lead)].side;
        if to
            .hexes
            .as_slice()
            .iter()
            .any(|&h| !p.hexes.contains(h) && o.ezoc(self, h, side))
        {
            return Err(Illegal::new(
                if f != Formation::Skirmish {
                    "11.7d"
                } else {
                    "11.8b"
                },
                "a unit never moves rearward into an enemy ZOC",
            ));
        }
        let (cost, dca) =
            self.step_cost(s, o, group, s.unit(group[0]).formation, p, to, None, quiet)?;
        let cost = cost.plus(extra);
        let dca = dca && f != Formation::Skirmish; // 11.8b: no DC(A) for skirmishers
        self.pay_then_stay_or_go(
            s,
            o,
            group,
            to,
            f,
            cost,
            left,
            "11.2a",
            "the rearward step",
            quiet,
        )?;
        Ok((cost, dca))
    }

    /// The rearward moves `group` at `p` may make with `left` MP, as actions.
    pub(super) fn rearward_actions(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        left: Pts,
        out: &mut Vec<super::super::action::Action>,
    ) {
        for (to, k, extra) in self.rearward_moves(s, group, p) {
            if self
                .rearward_ok(s, o, group, p, &to, k, extra, left, true)
                .is_ok()
            {
                out.push(super::super::action::Action::Rearward {
                    unit: group[0],
                    to: to.hex(),
                });
            }
        }
    }

    /// 11.7, 11.8: moves `unit` and its group rearward into `to`.
    pub(super) fn apply_rearward(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        to: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (group, p) = self.mover_group(s, unit)?;
        let f = s.unit(unit).formation;
        let Some((target, k, extra)) = self
            .rearward_moves(s, &group, &p)
            .into_iter()
            .find(|(q, _, _)| q.hex() == to)
        else {
            return Err(Illegal::new(
                "11.7a",
                format!(
                    "{} cannot move rearward into {} (a non-Disordered Line into a Rear hex, a skirmisher into a Flank hex)",
                    self.unit_name(unit),
                    self.label(to)
                ),
            ));
        };
        let left = self.group_left(s, &group);
        let (cost, dca) = self.rearward_ok(s, o, &group, &p, &target, k, extra, left, false)?;
        // 12.8d, 11.7d, 11.8b: a Fire Reaction before it leaves.
        if self.reaction_before_leaving(s, unit, ev) {
            return Ok(());
        }
        // 10.7a: leaving a friendly hex it entered may be a Passage of Lines.
        self.note_passage(s, o, &group, &p, &target, ev);
        self.shift(s, &group, target, cost, dca);
        self.note_entered(s, &group, target);
        if f != Formation::Skirmish {
            for &g in &group {
                if let Some(m) = self.record(s, g) {
                    m.rear_side = Some(k);
                    m.rearward = true;
                }
            }
        }
        ev.push(Event::MovedRearward { unit, to, cost });
        self.after_step(s, &group, ev);
        self.general_order_by_terrain(s, &group, f, &target, ev);
        Ok(())
    }

    /// 8.2b, 8.4i, 11.7a: a group that entered terrain calling for General Order adopts it in
    /// the first such hex and its movement ends; the change sets off a Fire Reaction (12.8).
    pub(super) fn general_order_by_terrain(
        &self,
        s: &mut State,
        group: &[UnitId],
        f: Formation,
        at: &Placed,
        ev: &mut Vec<Event>,
    ) {
        if f == Formation::RoadColumn {
            return;
        }
        let Some(&lead) = group.first() else { return };
        let Some(h) = at
            .hexes
            .as_slice()
            .iter()
            .copied()
            .find(|&h| self.forces_go(lead, self.board.hex(h).terrain))
        else {
            return;
        };
        let facing = Facing::new(at.facing.index() | 1).unwrap_or(at.facing);
        for &g in group {
            let u = s.unit_mut(g);
            u.formation = Formation::GeneralOrder;
            u.place = Place::Map(Placed::at(h, facing));
        }
        for &g in group {
            self.finish(s, g, ev);
        }
        self.reaction_after_change(s, lead, f, *at, ev);
    }

    /// 11.9c: whether a skirmisher's step into `to` (from `from`) waits on its roll to enter an
    /// enemy ZOC; the roll is then pushed, and the step is made when asked for again.
    pub(super) fn ezoc_roll_due(
        &self,
        s: &mut State,
        o: &Occupancy,
        lead: UnitId,
        from: &Placed,
        to: &Placed,
    ) -> bool {
        if s.unit(lead).formation != Formation::Skirmish
            || self.moving(s, lead).is_some_and(|m| m.ezoc_ok)
        {
            return false;
        }
        let side = self.units[usize::from(lead)].side;
        let Some(h) = to
            .hexes
            .as_slice()
            .iter()
            .copied()
            .find(|&h| !from.hexes.contains(h) && o.ezoc(self, h, side))
        else {
            return false;
        };
        s.steps.push(Step::SkirmishEzoc { unit: lead, to: h });
        true
    }

    /// 11.9c: the skirmisher's roll: at least its ER, it may enter (it steps when asked again);
    /// less, its movement ends where it stands.
    pub(crate) fn ezoc_roll(&self, s: &mut State, unit: UnitId, v: u8, ev: &mut Vec<Event>) {
        let er = self.units[usize::from(unit)].er;
        let passed = v >= er;
        ev.push(Event::EzocRoll {
            unit,
            roll: v,
            er,
            passed,
        });
        let mut group = self.group_of(s, unit);
        if !group.contains(&unit) {
            group.push(unit);
        }
        // 10.13b: stopped in a hex it may not end in, the skirmisher routs (no MC(F), 20.2b).
        if !passed && self.stopped_in_group(s, &group, ev) {
            return;
        }
        for g in group {
            if passed {
                if let Some(m) = self.record(s, g) {
                    m.ezoc_ok = true;
                }
            } else {
                self.finish(s, g, ev);
            }
        }
    }
}
