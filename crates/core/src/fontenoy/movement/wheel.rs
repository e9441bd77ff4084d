//! 9.4 Facing changes of multi-hex formations: a Line wheels forward around one of its end
//! hexes (9.4b); a March or Road Column's head turns and steps, the rest of the column following
//! through its hex (9.4a). Also the entry check the other multi-hex moves share.
//!
//! Readings (docs/coverage/fontenoy.md): a wheel swings its free end forward (11.1a: a unit
//! moves into its Frontal hexes), so pivoting on the right end turns the Line to its right and
//! on the left end to its left; a turn of three hexsides is an About-Face (9.6), not a wheel.
//! "Difficult terrain" (9.4b c) is the TET's difficult terrain: the moving end pays such a
//! hex's TET cost on top of its 1 MP a hex, open ground nothing more; hexside features are
//! paid as the TET charges them. A March Column of more than two hexes would be bent after the
//! turn: its head goes on straight ahead, as part of the turn, until the column is in line
//! again (9.4: it must end straight, so it turns only with the MP for it; a two-hex column is
//! straight again at once).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::board::side as hs;
use super::super::event::Event;
use super::super::geometry::{self, Hexes, HookSide, Placed};
use super::super::occupancy::Occupancy;
use super::super::state::{Place, State};
use super::super::tables::{Dca, MoveClass, Mp};
use super::super::types::{Formation, Pts};
use super::super::units::UnitId;
use crate::engine::Illegal;
use crate::hex::{Direction, Facing, Hex};

/// What entering one hex across one hexside costs by the TET (11.2b), and whether it calls
/// for a Movement Disorder Check (A) (11.2d).
pub(super) struct Entry {
    /// The hex's cost.
    pub hex: Pts,
    /// The hexside's features' cost.
    pub side: Pts,
    /// Difficult terrain (9.4b, 8.7).
    pub difficult: bool,
    /// Calls for DC(A).
    pub dca: bool,
}

impl Fontenoy {
    /// Whether `lead`'s side may stand in `h` at all: on the map, no enemy unit, terrain its
    /// class may enter (11.2a, 10.1b).
    pub(super) fn may_occupy(
        &self,
        o: &Occupancy,
        lead: UnitId,
        class: MoveClass,
        h: Hex,
    ) -> Result<(), Illegal> {
        if !self.board.on_map(h) {
            return Err(Illegal::new(
                "11.2a",
                format!("{} is off the map", self.label(h)),
            ));
        }
        let side = self.units[usize::from(lead)].side;
        if o.at(self, h).units.iter().any(|&x| {
            let i = &self.units[usize::from(x)];
            i.side != side && i.is_combat()
        }) {
            return Err(Illegal::new(
                "10.1b",
                format!("{} holds an enemy unit", self.label(h)),
            ));
        }
        let terrain = self.board.hex(h).terrain;
        if !matches!(self.tables.fx(terrain).mp[class as usize], Mp::Pts(_)) {
            return Err(Illegal::new(
                "11.2a",
                format!(
                    "{} may not enter {} ({})",
                    self.unit_name(lead),
                    self.label(h),
                    terrain.id()
                ),
            ));
        }
        Ok(())
    }

    /// Entering `h` from the adjacent `prev` (11.2a, 11.2b, 11.2d).
    pub(super) fn entry(
        &self,
        o: &Occupancy,
        lead: UnitId,
        class: MoveClass,
        prev: Hex,
        h: Hex,
    ) -> Result<Entry, Illegal> {
        self.may_occupy(o, lead, class, h)?;
        let d = prev
            .direction_to(h)
            .ok_or_else(|| Illegal::new("11.1a", "a unit moves into an adjacent hex"))?;
        let fx = self.tables.fx(self.board.hex(h).terrain);
        let hex = match fx.mp[class as usize] {
            Mp::Pts(p) => p,
            _ => Pts::ZERO,
        };
        let side = self.side_cost(prev, d, class).ok_or_else(|| {
            Illegal::new(
                "11.2a",
                format!(
                    "{} may not cross the hexside into {}",
                    self.unit_name(lead),
                    self.label(h)
                ),
            )
        })?;
        // 11.2d (the TET's "may", the sunken road off the road, F-2.10b, counts).
        let dca = fx.dca != Dca::No
            || self.board.side(prev, d)
                & (hs::SLOPE_STEEP | hs::FIELDWORKS | hs::STREAM | hs::ABATIS)
                != 0;
        Ok(Entry {
            hex,
            side,
            difficult: fx.difficult,
            dca,
        })
    }

    /// The hexes the moving end of the Line at `p` enters wheeling forward on `pivot` by
    /// `turn` hexsides, in order, and where the Line stands after (9.4b).
    pub fn wheel_path(p: &Placed, pivot: HookSide, turn: u8) -> Option<(Vec<Hex>, Placed)> {
        let n = p.hexes.len();
        if n < 2 || !p.facing.is_corner() || !(1..=2).contains(&turn) {
            return None;
        }
        let r = n - 1;
        let axis = geometry::line_axis(p.facing); // from the right end to the left end
        // Pivoting on the right end the left end swings forward: clockwise; on the left end,
        // counter-clockwise.
        let (centre, mut a, sign): (Hex, Direction, i8) = match pivot {
            HookSide::Right => (p.hexes.first(), axis, -1),
            HookSide::Left => (p.hexes.last(), axis.opposite(), 1),
        };
        let mut at = (0..r).fold(centre, |h, _| h.neighbor(a));
        let mut path = Vec::new();
        for _ in 0..turn {
            // Along the ring of radius r around the pivot, one 60-degree sector.
            let step = a.rotate(2 * sign);
            for _ in 0..r {
                at = at.neighbor(step);
                path.push(at);
            }
            a = a.rotate(sign);
        }
        let facing = p.facing.rotate(2 * sign * turn as i8);
        let right = match pivot {
            HookSide::Right => centre,
            HookSide::Left => {
                let back = geometry::line_axis(facing).opposite();
                (0..r).fold(centre, |h, _| h.neighbor(back))
            }
        };
        let hexes = geometry::line_hexes(right, facing, n)?;
        Some((
            path,
            Placed {
                hexes,
                facing,
                hook: None,
            },
        ))
    }

    /// A wheel's cost and DC(A) trigger, and where the Line stands after, if `group` at `p`
    /// may make it with `left` MP (9.4b): the single-hex facing cost (9.1: +1 in an enemy ZOC),
    /// 1 a hex the moving end enters, difficult terrain and hexsides on its way, 1 more into an
    /// enemy ZOC (11.9a).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn wheel_ok(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        pivot: HookSide,
        turn: u8,
        left: Pts,
    ) -> Result<(Pts, bool, Placed), Illegal> {
        let lead = group[0];
        let unit = s.unit(lead);
        if unit.formation != Formation::Line || p.hexes.len() < 2 {
            return Err(Illegal::new(
                "9.4b",
                format!(
                    "{} is not a multi-hex Line: only a multi-hex Line wheels",
                    self.unit_name(lead)
                ),
            ));
        }
        let (path, after) = Self::wheel_path(p, pivot, turn).ok_or_else(|| {
            Illegal::new(
                "9.4b",
                "a Line wheels forward by one or two hexsides around an end hex",
            )
        })?;
        let class = self.move_class(lead, Formation::Line);
        let mut cost = self.facing_cost(s, o, lead, p, after.facing)?;
        let mut dca = false;
        let moving_end = match pivot {
            HookSide::Right => p.hexes.last(),
            HookSide::Left => p.hexes.first(),
        };
        let mut prev = moving_end;
        for &h in &path {
            let e = self.entry(o, lead, class, prev, h)?;
            cost = cost.plus(Pts::ONE).plus(e.side);
            if e.difficult {
                cost = cost.plus(e.hex);
            }
            dca |= e.dca;
            prev = h;
        }
        let side = self.units[usize::from(lead)].side;
        let mut into_ezoc = false;
        for &h in after.hexes.as_slice() {
            if p.hexes.contains(h) {
                continue;
            }
            self.may_occupy(o, lead, class, h)?;
            into_ezoc |= o.ezoc(self, h, side);
        }
        if into_ezoc {
            cost = cost.plus(Pts::ONE);
        }
        // 7.6c: an Out-of-Command limit on wheeling into an enemy ZOC (command/ooc.rs).
        self.ooc_step_ok(s, o, group, p, &after)?;
        self.pay_then_stay_or_go(
            s,
            o,
            group,
            &after,
            Formation::Line,
            cost,
            left,
            "9.2",
            "the wheel",
            false,
        )?;
        Ok((cost, dca, after))
    }

    /// The moves of this section and of 11.4–11.8 that `group` (at `p`, `left` MP) may make
    /// now, listed after its steps and turns (movement/mod.rs): Forced March, wheels, column
    /// turns, extending and shrinking, rearward moves.
    pub(super) fn more_moves(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        left: Pts,
        out: &mut Vec<Action>,
    ) {
        let unit = group[0];
        if self.may_force_march(s, group) {
            out.push(Action::ForcedMarch { unit });
        }
        let f = s.unit(unit).formation;
        if f == Formation::Line && p.hexes.len() >= 2 {
            for pivot in [HookSide::Right, HookSide::Left] {
                for turn in 1..=2u8 {
                    if self.wheel_ok(s, o, group, p, pivot, turn, left).is_ok() {
                        out.push(Action::Wheel { unit, pivot, turn });
                    }
                }
            }
        }
        if matches!(f, Formation::MarchColumn | Formation::RoadColumn) && p.hexes.len() >= 2 {
            let head = p.hexes.first();
            for d in Direction::ALL {
                let to = head.neighbor(d);
                if self.column_turn_ok(s, o, group, p, to, left).is_ok() {
                    out.push(Action::ColumnTurn { unit, to });
                }
            }
        }
        self.resize_actions(s, o, group, p, left, out);
        self.rearward_actions(s, o, group, p, left, out);
        self.sidle_actions(s, o, group, p, left, out);
    }

    /// 9.4b: wheels `unit`'s Line and its group.
    pub(super) fn apply_wheel(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        pivot: HookSide,
        turn: u8,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (group, p) = self.mover_group(s, unit)?;
        let left = self.group_left(s, &group);
        let (cost, dca, after) = self.wheel_ok(s, o, &group, &p, pivot, turn, left)?;
        let pivot_hex = match pivot {
            HookSide::Right => p.hexes.first(),
            HookSide::Left => p.hexes.last(),
        };
        // 10.7a: leaving a friendly hex it entered may be a Passage of Lines (passage.rs).
        self.note_passage(s, o, &group, &p, &after, ev);
        self.shift(s, &group, after, cost, dca);
        self.note_entered(s, &group, after);
        ev.push(Event::Wheeled {
            unit,
            pivot: pivot_hex,
            facing: after.facing.index(),
            cost,
        });
        self.after_step(s, &group, ev);
        // 8.4i: a hex entered that forces General Order collapses the Line into it (with its
        // own Fire Reaction, rearward.rs).
        self.general_order_by_terrain(s, &group, Formation::Line, &after, ev);
        if s.unit(unit).formation == Formation::GeneralOrder {
            return Ok(());
        }
        // 9.2, 12.8c: a facing change; its Fire Reaction once it is complete.
        self.reaction_after_change(s, unit, Formation::Line, p, ev);
        Ok(())
    }

    /// Moves `group` to `after`, spending `cost` (with `dca`, 11.2d); a move other than a
    /// forward step starts the oblique count afresh (11.3a).
    pub(super) fn shift(
        &self,
        s: &mut State,
        group: &[UnitId],
        after: Placed,
        cost: Pts,
        dca: bool,
    ) {
        for &g in group {
            self.spend(s, g, cost, None, dca);
            if let Some(m) = self.record(s, g) {
                m.last_side = None;
            }
            s.unit_mut(g).place = Place::Map(after);
        }
    }

    /// The group `unit` moves with, named by its first unit, and where it stands; refused when
    /// it may not move now (11.0, 11.1b).
    pub(super) fn mover_group(
        &self,
        s: &State,
        unit: UnitId,
    ) -> Result<(Vec<UnitId>, Placed), Illegal> {
        if !self.may_move(s, unit) {
            return Err(Illegal::new(
                "11.0",
                format!("{} may not move now", self.unit_name(unit)),
            ));
        }
        let group = self.group_of(s, unit);
        if group.first() != Some(&unit) {
            return Err(Illegal::new("11.1b", "name a group by its first unit"));
        }
        let p = s
            .unit(unit)
            .placed()
            .copied()
            .ok_or_else(|| Illegal::new("engine", "the unit is not on the map"))?;
        Ok((group, p))
    }

    /// A column turn's cost and DC(A) trigger, and where the column stands after, if `group`
    /// at `p` may turn its head toward `to` and step into it with `left` MP (9.4a): the head's
    /// single-hex facing cost (nothing for a Road Column along one road), then the step.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn column_turn_ok(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        to: Hex,
        left: Pts,
    ) -> Result<(Pts, bool, Placed), Illegal> {
        let lead = group[0];
        let f = s.unit(lead).formation;
        let n = p.hexes.len();
        if !matches!(f, Formation::MarchColumn | Formation::RoadColumn) || n < 2 {
            return Err(Illegal::new(
                "9.4a",
                format!(
                    "{} is not a multi-hex column (a single hex turns in place, 9.3)",
                    self.unit_name(lead)
                ),
            ));
        }
        let head = p.hexes.first();
        let d = head
            .direction_to(to)
            .ok_or_else(|| Illegal::new("9.4a", "the head turns into an adjacent hex"))?;
        let facing = Facing::side(d);
        let steps = p.facing.turn_to(facing) / 2;
        if !(1..=2).contains(&steps) {
            return Err(Illegal::new(
                "9.4a",
                "a column turn is of one or two hexsides (straight on is a step, back an About-Face)",
            ));
        }
        let mut list: Vec<Hex> = alloc::vec![to];
        list.extend_from_slice(&p.hexes.as_slice()[..n - 1]);
        let hexes = Hexes::from_slice(&list)
            .ok_or_else(|| Illegal::new("engine", "a column of too many hexes"))?;
        let mut after = Placed {
            hexes,
            facing,
            hook: None,
        };
        // 9.4a note: along one continuous road a Road Column turns for nothing.
        let on_road = f == Formation::RoadColumn
            && list.windows(2).all(|w| {
                w[1].direction_to(w[0])
                    .is_some_and(|d| self.board.side(w[1], d) & hs::ANY_ROAD != 0)
            });
        let turn = if on_road {
            Pts::ZERO
        } else {
            self.facing_cost(s, o, lead, p, facing)?
        };
        let (step, mut dca) = self.step_cost(
            s,
            o,
            group,
            s.unit(group[0]).formation,
            p,
            &after,
            None,
            false,
        )?;
        let mut cost = turn.plus(step);
        // 9.4: a March Column of three hexes or more must end straight: its head goes on
        // straight ahead until the column is in line again, as part of the turn (a reading).
        if f == Formation::MarchColumn {
            for _ in 2..n {
                if self.forces_go(lead, self.board.hex(after.hex()).terrain) {
                    return Err(Illegal::new(
                        "9.4",
                        "the column would take General Order before it is straight again",
                    ));
                }
                let next = self
                    .forward(f, &after)
                    .into_iter()
                    .next()
                    .map(|(q, _)| q)
                    .ok_or_else(|| Illegal::new("9.4", "the column cannot go on"))?;
                let (c, d) = self.step_cost(s, o, group, s.unit(group[0]).formation, &after, &next, None, false).map_err(|e| {
                    Illegal::new(
                        "9.4",
                        format!(
                            "a March Column of {n} hexes turns only if it can go on until it is straight: {}",
                            e.reason
                        ),
                    )
                })?;
                cost = cost.plus(c);
                dca |= d;
                after = next;
            }
            if !geometry::straight_column(after.hexes.as_slice(), after.facing) {
                return Err(Illegal::new("9.4", "the column must end straight"));
            }
        }
        // 7.6c: an Out-of-Command limit on turning into an enemy ZOC (command/ooc.rs).
        self.ooc_step_ok(s, o, group, p, &after)?;
        // 9.4: without the MP to end straight, no turn.
        let rule = if f == Formation::MarchColumn && n > 2 {
            "9.4"
        } else {
            "11.2a"
        };
        self.pay_then_stay_or_go(s, o, group, &after, f, cost, left, rule, "the turn", false)?;
        Ok((cost, dca, after))
    }

    /// 9.4a: turns `unit`'s column head into `to`; the rest follow.
    pub(super) fn apply_column_turn(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        to: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (group, p) = self.mover_group(s, unit)?;
        let left = self.group_left(s, &group);
        let f = s.unit(unit).formation;
        let (cost, dca, after) = self.column_turn_ok(s, o, &group, &p, to, left)?;
        // 12.8d: the passive player may react before the head leaves (the turn and the step
        // are one move; a reading).
        if self.reaction_before_leaving(s, unit, ev) {
            return Ok(());
        }
        // 10.7a: leaving a friendly hex it entered may be a Passage of Lines (passage.rs).
        self.note_passage(s, o, &group, &p, &after, ev);
        self.shift(s, &group, after, cost, dca);
        self.note_entered(s, &group, after);
        ev.push(Event::ColumnTurned {
            unit,
            to,
            facing: after.facing.index(),
            cost,
        });
        self.after_step(s, &group, ev);
        self.general_order_by_terrain(s, &group, f, &after, ev);
        Ok(())
    }
}
