//! 11.0 Movement: a unit's Movement Potential (11.0, 7.6d, 18.5a), one hex at a time into a
//! Frontal hex (11.1a, 8.1e, 8.1h), groups moving together (10.8, 11.1b), General Order forced
//! by terrain (8.2b, 8.4i), commanders (21.1), and the dispatch of the Movement Segment's
//! actions (listing and applying them).
//!
//! The rule sections have their own files: 11.2 what a step costs (`cost.rs`), 10.1 and 10.13
//! where a group may stand (`fit.rs`), 9.2, 9.3 facing changes (`facing.rs`), 9.4 wheels and
//! column turns (`wheel.rs`), 11.4 Forced March (`forced.rs`), 11.5 extending and shrinking
//! (`extend.rs`), 11.7, 11.8 rearward moves and the 11.9c skirmisher's roll (`rearward.rs`),
//! 11.6 guns moved by hand (`byhand.rs`), 8.x reformations, limbering and 9.6 About-Face
//! (`reform.rs`), 10.6, 8.5 group order, splitting and rejoining (`groups.rs`), 10.7 Passage of
//! Lines (`passage.rs`). What is not yet done is listed in docs/coverage/fontenoy.md.

/// An error's text, written only when it will be read: the listing tries many changes and
/// keeps only whether each is legal (`quiet`), so it gets an empty text.
macro_rules! say {
    ($quiet:expr, $($arg:tt)*) => {
        if $quiet {
            alloc::string::String::new()
        } else {
            alloc::format!($($arg)*)
        }
    };
}

/// A moving group's counters (11.1b), lead first: a few counters, kept off the heap.
pub(crate) type Group = smallvec::SmallVec<[UnitId; 6]>;

/// A unit's name, formatted only when an error is written (the listing tries many changes).
pub(crate) struct Named<'a>(&'a Fontenoy, UnitId);

impl core::fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0.unit_name(self.1))
    }
}

mod army_rear;
pub(crate) mod barricade;
mod byhand;
mod come_in;
mod cost;
mod exit;
mod extend;
mod facing;
mod fit;
mod forced;
mod groups;
mod guns;
mod line_guns;
mod modes;
mod passage;
mod reach;
mod rearward;
mod redoubt;
mod reform;
mod sidle;
mod sunken;
mod wheel;

pub(crate) use modes::groups as mode_groups;
pub use modes::{ModeGroup, mode_losses};

use alloc::format;
use alloc::vec::Vec;

use super::Fontenoy;
use super::action::Action;
use super::event::Event;
use super::geometry::{self, Arc, Hexes, Placed};
use super::occupancy::Occupancy;
use super::state::{Act, Moving, Place, Segment, State, Step};
use super::tables::GoFor;
use super::types::{Formation, Kind, Morale, Pts, round};
use super::units::UnitId;
use crate::engine::{Illegal, Side};
use crate::hex::{Direction, Facing, Hex};

impl Fontenoy {
    /// A unit's Movement Potential (11.0): printed MP, halved (round) once when Disordered or
    /// Out of Command (7.6d, 7.6f, 18.5a); commanders by their printed MP.
    pub fn mpo(&self, s: &State, u: UnitId) -> Pts {
        let info = &self.units[usize::from(u)];
        let unit = s.unit(u);
        let mp = i32::from(info.mp);
        let halved = info.is_combat() && (unit.disordered || unit.command == Some(false));
        let mp = if halved { round(mp, 2) } else { mp };
        // F-8.2e: Command Lethargy halves it (again for a Disordered or OOC unit).
        let mp = if self.lethargic(s, u) {
            round(mp, 2)
        } else {
            mp
        };
        Pts::whole(u16::try_from(mp.max(0)).unwrap_or(0))
    }

    /// The movement record of `u`, if it has acted this segment.
    pub(crate) fn moving<'a>(&self, s: &'a State, u: UnitId) -> Option<&'a Moving> {
        s.activation
            .as_ref()
            .and_then(|a| a.moving.iter().find(|m| m.unit == u))
    }

    /// MP left to `u` this segment.
    pub fn mp_left(&self, s: &State, u: UnitId) -> Pts {
        match self.moving(s, u) {
            Some(m) => m.mpo.minus(m.spent).unwrap_or(Pts::ZERO),
            None => self.mpo(s, u),
        }
    }

    /// MP left to a group moving together: its slowest member's (8.1a: a group uses the
    /// lowest Movement Potential).
    pub fn group_left(&self, s: &State, group: &[UnitId]) -> Pts {
        group
            .iter()
            .map(|&g| self.mp_left(s, g))
            .min()
            .unwrap_or(Pts::ZERO)
    }

    /// Whether `u` may still act in this Movement Segment: activated, on the map, not Routed
    /// (19.7b), not finished; in Restricted Activation only commanders and Road Columns on a
    /// road (6.8b, 6.8c).
    fn may_move(&self, s: &State, u: UnitId) -> bool {
        let unit = s.unit(u);
        if unit.act != Act::Active || !unit.on_map() || unit.morale == Morale::Routed {
            return false;
        }
        if self.moving(s, u).is_some_and(|m| m.done) {
            return false;
        }
        // 7.6c: a unit under the Out-of-Command limits made its one action (command/ooc.rs).
        if self.moving(s, u).is_some_and(|m| m.spent > Pts::ZERO) && self.ooc_action_made(s, u) {
            return false;
        }
        let info = &self.units[usize::from(u)];
        // F-3.3a, F-3.3c, F-3.3e: the King and those who stay with him (commanders/special.rs).
        if !info.is_combat() && self.held_commander(s, u) {
            return false;
        }
        // F-3.3d C, F-4.2f B: an artillery commander who helped his Fire Combat Segment stays.
        if !info.is_combat() && self.artillery_commander_stays(s, u) {
            return false;
        }
        let restricted = s.activation.as_ref().is_some_and(|a| a.restricted);
        if restricted && info.is_combat() && unit.formation != Formation::RoadColumn {
            return false;
        }
        !matches!(unit.formation, Formation::Unlimbered | Formation::Rout)
    }

    /// The activated units that move with `u` as one group (11.1b): those standing exactly
    /// where it stands, in its formation and facing, that may still move; commanders move on
    /// their own (21.1a).
    pub fn group_of(&self, s: &State, u: UnitId) -> Vec<UnitId> {
        let Some(p) = s.unit(u).placed().copied() else {
            return Vec::new();
        };
        if !self.units[usize::from(u)].is_combat() {
            return alloc::vec![u];
        }
        let f = s.unit(u).formation;
        // Units that have spent the same MP: a unit that moved apart no longer moves with
        // those that did not (10.8c).
        let spent = self.moving(s, u).map_or(Pts::ZERO, |m| m.spent);
        let band = self.band_of(s, u);
        (0..s.units.len() as UnitId)
            .filter(|&v| self.moves_with(s, v, &p, f, spent, band))
            .collect()
    }

    /// The group `u` moves in, once it has acted (11.1b, `Moving::band`).
    pub(crate) fn band_of(&self, s: &State, u: UnitId) -> Option<UnitId> {
        self.moving(s, u).and_then(|m| m.band)
    }

    /// Whether counter `v` moves in the group `band` standing at `p` in `f` whose members have
    /// spent `spent` MP (11.1b: the units that began grouped and acted together, none picked
    /// up on the way; 10.8c: a unit that moved apart no longer moves with the rest).
    fn moves_with(
        &self,
        s: &State,
        v: UnitId,
        p: &Placed,
        f: Formation,
        spent: Pts,
        band: Option<UnitId>,
    ) -> bool {
        self.units[usize::from(v)].is_combat()
            && s.unit(v).placed() == Some(p)
            && s.unit(v).formation == f
            && self.may_move(s, v)
            && self.moving(s, v).map_or(Pts::ZERO, |m| m.spent) == spent
            && self.band_of(s, v) == band
    }

    /// 11.1b: the units an action of `unit` makes one group, and the group's name, to record
    /// once the action is made: a unit acting on its own (a step `alone`, 10.8a) becomes its own
    /// group; a group acting for the first time is the units that began grouped with it.
    fn band_for(&self, s: &State, a: &Action) -> Option<(UnitId, Group)> {
        let unit = match *a {
            Action::Step {
                unit, alone: true, ..
            }
            | Action::LeaveGroup { unit } => return Some((unit, smallvec::smallvec![unit])),
            Action::Step { unit, .. }
            | Action::Face { unit, .. }
            | Action::ForcedMarch { unit }
            | Action::Wheel { unit, .. }
            | Action::ColumnTurn { unit, .. }
            | Action::Extend { unit, .. }
            | Action::Shrink { unit, .. }
            | Action::Rearward { unit, .. }
            | Action::Sidle { unit, .. }
            | Action::Reform { unit, .. } => unit,
            _ => return None,
        };
        if !self.units[usize::from(unit)].is_combat() || self.band_of(s, unit).is_some() {
            return None;
        }
        let group: Group = self.group_of(s, unit).into_iter().collect();
        Some((group.first().copied().unwrap_or(unit), group))
    }

    /// [`group_of`](Self::group_of), reading who stands where from `o` (built from `s`)
    /// instead of going over every counter, and kept off the heap.
    pub(crate) fn movers_at(&self, s: &State, o: &Occupancy, u: UnitId) -> Group {
        let Some(p) = s.unit(u).placed().copied() else {
            return Group::new();
        };
        if !self.units[usize::from(u)].is_combat() {
            return smallvec::smallvec![u];
        }
        let f = s.unit(u).formation;
        let spent = self.moving(s, u).map_or(Pts::ZERO, |m| m.spent);
        let band = self.band_of(s, u);
        // Every member stands exactly at `p`, so in its first hex; the cell lists its
        // counters in counter order, as `group_of` finds them.
        let group: Group = o
            .at(self, p.hex())
            .units
            .iter()
            .copied()
            .filter(|&v| self.moves_with(s, v, &p, f, spent, band))
            .collect();
        debug_assert_eq!(group.as_slice(), self.group_of(s, u).as_slice());
        group
    }

    /// The positions one step away for counter `u`: a commander into any adjacent hex (21.1a:
    /// he moves like other units but has no front), a combat unit forward (11.1a).
    fn steps_of(&self, u: UnitId, f: Formation, p: &Placed) -> Vec<(Placed, Option<u8>)> {
        if self.units[usize::from(u)].kind == Kind::Commander {
            return p
                .hexes
                .first()
                .neighbors()
                .into_iter()
                .map(|n| (Placed::at(n, p.facing), None))
                .collect();
        }
        self.forward(f, p)
    }

    /// The positions one step forward of a unit at `p` in `f` (11.1a), each with the Frontal
    /// side it uses (0 right, 1 left) for vertex formations.
    fn forward(&self, f: Formation, p: &Placed) -> Vec<(Placed, Option<u8>)> {
        let mut out = Vec::new();
        match f {
            Formation::Rout | Formation::Unlimbered => {}
            // 8.1e: a Square steps into any adjacent hex (all six are Frontal); 8.1h: so does
            // General Order.
            Formation::Square | Formation::GeneralOrder => {
                for n in p.hexes.first().neighbors() {
                    out.push((Placed::at(n, p.facing), None));
                }
            }
            _ if p.facing.is_corner() => {
                // The two directions of the faced vertex; the whole formation shifts.
                let d = Direction::new(p.facing.index() / 2).unwrap_or(Direction::ALL[0]);
                for (k, dir) in [d, d.rotate(1)].into_iter().enumerate() {
                    let list: Vec<Hex> =
                        p.hexes.as_slice().iter().map(|h| h.neighbor(dir)).collect();
                    if let Some(hexes) = Hexes::from_slice(&list) {
                        out.push((
                            Placed {
                                hexes,
                                facing: p.facing,
                                hook: p.hook,
                            },
                            Some(k as u8),
                        ));
                    }
                }
            }
            _ => {
                // A column: the head steps ahead, each hex follows into the one before it.
                let d = Direction::new(p.facing.index() / 2).unwrap_or(Direction::ALL[0]);
                let hexes = p.hexes.as_slice();
                let mut list: Vec<Hex> = alloc::vec![hexes[0].neighbor(d)];
                list.extend_from_slice(&hexes[..hexes.len() - 1]);
                if let Some(h) = Hexes::from_slice(&list) {
                    out.push((
                        Placed {
                            hexes: h,
                            facing: p.facing,
                            hook: None,
                        },
                        None,
                    ));
                }
            }
        }
        out
    }

    /// Whether every unit that moved this segment stands where it may end (10.1c).
    pub(crate) fn movement_may_end(&self, s: &State) -> bool {
        let o = Occupancy::build(self, s);
        s.activation.as_ref().is_none_or(|a| {
            a.moving
                .iter()
                .all(|m| m.done || self.end_ok(s, &o, m.unit).is_ok())
        }) && !self.any_gun_must_leave(s, &o) // 11.9b (guns.rs)
            && self.split_uncorrected(s, &o).is_none() // 8.5a (groups.rs)
            && !self.any_must_come_in(s, &o) // F-10.3a D (come_in.rs)
            && self.vive_moves_done(s).is_ok() // F-8.2f (turn/vive.rs)
    }

    /// The unit whose movement is under way, if one has begun and not ended: units move one
    /// at a time, each (or each group) finishing before the next begins (11.1a, 10.8a).
    pub fn current_mover(&self, s: &State) -> Option<UnitId> {
        s.activation
            .as_ref()?
            .moving
            .iter()
            .find(|m| !m.done)
            .map(|m| m.unit)
    }

    /// The Movement Segment's actions.
    pub(crate) fn movement_actions(&self, s: &State, out: &mut Vec<Action>) {
        let o = Occupancy::build(self, s);
        let mut seen: Vec<UnitId> = Vec::new();
        let current = self.current_mover(s);
        let current_group = current.map(|c| self.movers_at(s, &o, c));
        for u in 0..s.units.len() as UnitId {
            if !self.may_move(s, u) || seen.contains(&u) {
                continue;
            }
            if current_group.as_ref().is_some_and(|g| !g.contains(&u)) {
                continue;
            }
            let group = self.movers_at(s, &o, u);
            if group.first() != Some(&u) {
                continue;
            }
            seen.extend_from_slice(&group);
            let unit = s.unit(u);
            let Some(p) = unit.placed().copied() else {
                continue;
            };
            let left = self.group_left(s, &group);
            let alone_left = self.mp_left(s, u);
            let alone_too = group.len() > 1;
            for (to, k) in self.steps_of(u, unit.formation, &p) {
                if self.step_ok(s, &o, &group, &p, &to, k, left, true).is_ok() {
                    out.push(Action::Step {
                        unit: u,
                        to: to.hex(),
                        alone: false,
                    });
                }
                // 10.8a: a member may step on its own even where the whole group may not
                // (8.5a: skirmishing subunits over their limit spread out so).
                if alone_too
                    && self
                        .step_ok(s, &o, &[u], &p, &to, k, alone_left, true)
                        .is_ok()
                {
                    out.push(Action::Step {
                        unit: u,
                        to: to.hex(),
                        alone: true,
                    });
                }
            }
            for f in self.facings_open(s, &o, u, &p, left) {
                out.push(Action::Face { unit: u, facing: f });
            }
            // 10.8a: any member may leave the group where it stands, to act on its own.
            if alone_too {
                for &g in &group {
                    out.push(Action::LeaveGroup { unit: g });
                }
            }
            // 9.4, 11.4, 11.5, 11.7, 11.8 (wheel.rs).
            self.more_moves(s, &o, &group, &p, left, out);
            // F-5.4c (army_rear.rs).
            self.rear_exception_actions(s, &group, out);
            if self.moving(s, u).is_some() && self.end_ok(s, &o, u).is_ok() {
                out.push(Action::EndMove { unit: u });
            }
        }
        // 8.2a: reformations (movement/reform.rs).
        self.reform_actions(s, &o, current_group.as_deref(), out);
        // 11.6 (byhand.rs).
        self.by_hand_actions(s, &o, current, out);
        // F-3.6 (barricade.rs).
        self.barricade_actions(s, current, out);
        // F-3.5a B (redoubt.rs).
        self.redoubt_actions(s, &o, current, out);
        // F-4.4, F-6.6c (exit.rs).
        self.exit_actions(s, current, out);
        // F-6.5 (modes.rs).
        self.mode_actions(s, current, out);
        // 10.6f reordering, 8.5 splitting and rejoining (groups.rs).
        self.group_actions(s, &o, out);
        // 9.5, F-3.7a (guns.rs).
        self.gun_turn_actions(s, &o, current, out);
        // 11.1b: the unit whose move is under way may always end it where it may stand, even
        // when it may no longer move (its MP spent, guns moved by hand, a group gone).
        if let Some(c) = current {
            let listed = out
                .iter()
                .any(|a| matches!(a, Action::EndMove { unit } if *unit == c));
            if !listed && self.end_ok(s, &o, c).is_ok() {
                out.push(Action::EndMove { unit: c });
            }
            // 10.13: stranded in a group it may not end in, with nothing else to do, it ends
            // its move all the same, and routs (`illegitimate_group`).
            if out.is_empty() {
                out.push(Action::EndMove { unit: c });
            }
        }
    }

    /// A step's cost, if it may be made with `left` MP (11.2a, 10.1a, 8.1e, 8.1h).
    #[allow(clippy::too_many_arguments)]
    fn step_ok(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        from: &Placed,
        to: &Placed,
        side_of_step: Option<u8>,
        left: Pts,
        quiet: bool,
    ) -> Result<(Pts, bool), Illegal> {
        let lead = group[0];
        let f = s.unit(lead).formation;
        let spent = self.moving(s, lead).map_or(Pts::ZERO, |m| m.spent);
        // F-8.2f: under Vive le Roi! every step goes toward the nearest Allied force.
        self.vive_step_ok(s, lead, from, to)?;
        // F-5.4c: an army in retreat moves rearward (army_rear.rs).
        self.rearward_step_ok(s, lead, from, to)?;
        // F-7.1e A: a unit that sidled and moved rearward does not also step forward.
        if self.moving(s, lead).is_some_and(|m| m.sidled && m.rearward) {
            return Err(Illegal::new(
                "F-7.1e A",
                format!(
                    "{} sidled and moved rearward: no forward step as well",
                    self.unit_name(lead)
                ),
            ));
        }
        match f {
            // 8.1e: a Square moves one hex into Open terrain, and nothing else.
            Formation::Square if spent > Pts::ZERO || s.unit(lead).disordered => {
                return Err(Illegal::new(
                    "8.1e",
                    "a Square moves one hex, only if not Disordered",
                ));
            }
            // 8.1h: General Order moves one hex (or turns) in its segment.
            Formation::GeneralOrder if spent > Pts::ZERO => {
                return Err(Illegal::new(
                    "8.1h",
                    "a unit in General Order moves only one hex",
                ));
            }
            // 8.4i: into a hex that does not require General Order it steps by reforming
            // there (movement/reform.rs).
            Formation::GeneralOrder if !self.forces_go(lead, self.board.hex(to.hex()).terrain) => {
                return Err(Illegal::new(
                    "8.4i",
                    say!(
                        quiet,
                        "{} leaves General Order by reforming into {}",
                        self.unit_name(lead),
                        self.label(to.hex())
                    ),
                ));
            }
            _ => {}
        }
        let (cost, dca) = self.step_cost(s, o, group, f, from, to, side_of_step, quiet)?;
        // F-10.1a C–D, F-10.2a G, F-10.3a B–D, F-3.9d: the scenario's limits (setup/bounds.rs).
        for &g in group {
            self.bounds_ok(s, g, from.hexes.as_slice(), to.hexes.as_slice())?;
        }
        // 7.6c (command/ooc.rs).
        self.ooc_step_ok(s, o, group, from, to)?;
        // F-6.9b: where Louis XV may go (commanders/king.rs).
        self.king_step_ok(s, lead, from.hex(), to.hex())?;
        // F-4.2b A: Konigsegg, until he is CinC, enters no hex where other than Austrians stand.
        if !self.units[usize::from(lead)].is_combat()
            && self.konigsegg_grouping_barred(s, group, to)
        {
            return Err(Illegal::new(
                "F-4.2b",
                say!(
                    quiet,
                    "{} stands only with Austrian units until he succeeds Cumberland",
                    self.unit_name(lead)
                ),
            ));
        }
        let whole = matches!(f, Formation::Square | Formation::GeneralOrder);
        if !whole && cost > left {
            return Err(Illegal::new(
                "11.2a",
                say!(
                    quiet,
                    "the step costs {cost} MP and {} has {left} left",
                    self.unit_name(lead)
                ),
            ));
        }
        // 10.1a: into a friendly-occupied hex only with the MP to stay there legally or to go
        // on: staying is legal here when the group may end there as it is.
        let occupied = to.hexes.as_slice().iter().any(|&h| {
            o.at(self, h)
                .units
                .iter()
                .any(|x| !group.contains(x) && self.units[usize::from(*x)].is_combat())
        });
        // An empty hex whose stacking limit the group exceeds (10.1c) is no better: the group
        // must be able to stay or go on.
        // 8.4i: a step into terrain that forces General Order ends the move there, in General
        // Order in the one hex: it must fit as it will stand, with no MP to go on.
        // 10.1c: so must a multi-hex formation collapsing into the new hex that forces it.
        let (f, to, remaining) = if let Some(h) = self.go_hex(lead, f, from, to) {
            let facing = Facing::new(from.facing.index() | 1).unwrap_or(from.facing);
            (Formation::GeneralOrder, &Placed::at(h, facing), Pts::ZERO)
        } else {
            (f, to, left.minus(cost).unwrap_or(Pts::ZERO))
        };
        if self.units[usize::from(lead)].is_combat()
            && (occupied || !self.fits_at(s, o, group, to, f))
            && !self.may_stay_or_leave(s, o, group, to, f, remaining, side_of_step, 6)
        {
            return Err(Illegal::new(
                "10.1a",
                "a unit enters an occupied hex only with the MP to group legally there or to leave it",
            ));
        }
        Ok((cost, dca))
    }

    /// Applies a Movement Segment action, and records the group its unit moves in (11.1b).
    pub(crate) fn apply_movement(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if let Action::RearException { unit, exception } = *a {
            return self.apply_rear_exception(s, unit, exception, ev);
        }
        let band = self.band_for(s, a);
        self.movement_action(s, a, ev)?;
        if let Some((lead, group)) = band {
            for &g in &group {
                if let Some(m) = self.record(s, g) {
                    m.band = Some(lead);
                }
            }
            // 10.8a: a unit acting on its own finishes its move before the rest of its old
            // group (which may have begun, spending nothing yet) go on.
            if group.len() == 1 {
                if let Some(act) = s.activation.as_mut() {
                    if let Some(i) = act.moving.iter().position(|m| m.unit == lead) {
                        let m = act.moving.remove(i);
                        act.moving.insert(0, m);
                    }
                }
            }
        }
        Ok(())
    }

    /// Applies a Movement Segment action.
    fn movement_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let o = Occupancy::build(self, s);
        if let (
            Some(c),
            Action::Step { unit, .. }
            | Action::Face { unit, .. }
            | Action::ForcedMarch { unit }
            | Action::Wheel { unit, .. }
            | Action::ColumnTurn { unit, .. }
            | Action::Extend { unit, .. }
            | Action::Shrink { unit, .. }
            | Action::Rearward { unit, .. }
            | Action::Sidle { unit, .. }
            | Action::ByHand { unit, .. }
            | Action::RemoveBarricade { unit }
            | Action::EnterRedoubt { unit }
            | Action::LeaveMap { unit }
            | Action::ChangeMode { unit }
            | Action::LeaveGroup { unit },
        ) = (self.current_mover(s), a)
        {
            if !self.group_of(s, c).contains(unit) && c != *unit {
                return Err(Illegal::new(
                    "11.1a",
                    format!(
                        "{} is moving: it ends its movement before {} moves (10.8a)",
                        self.unit_name(c),
                        self.unit_name(*unit)
                    ),
                ));
            }
        }
        match *a {
            Action::Step { unit, to, alone } => {
                if !self.may_move(s, unit) {
                    return Err(Illegal::new(
                        "11.0",
                        format!("{} may not move now", self.unit_name(unit)),
                    ));
                }
                let group = if alone {
                    alloc::vec![unit]
                } else {
                    self.group_of(s, unit)
                };
                if group.first() != Some(&unit) && !alone {
                    return Err(Illegal::new("11.1b", "name a group by its first unit"));
                }
                let p = s
                    .unit(unit)
                    .placed()
                    .copied()
                    .ok_or_else(|| Illegal::new("engine", "the unit is not on the map"))?;
                let f = s.unit(unit).formation;
                let Some((target, k)) = self
                    .steps_of(unit, f, &p)
                    .into_iter()
                    .find(|(q, _)| q.hex() == to)
                else {
                    return Err(Illegal::new(
                        "11.1a",
                        format!(
                            "{} is not a Frontal hex of {}",
                            self.label(to),
                            self.unit_name(unit)
                        ),
                    ));
                };
                let left = self.group_left(s, &group);
                let (cost, dca) = self.step_ok(s, &o, &group, &p, &target, k, left, false)?;
                let cost = if matches!(f, Formation::Square | Formation::GeneralOrder) {
                    left
                } else {
                    cost
                };
                // 12.8d: the passive player may react before the unit leaves; the step is
                // then made when it is asked for again (fire/reaction.rs).
                if self.reaction_before_leaving(s, unit, ev) {
                    return Ok(());
                }
                // 11.9c: a skirmisher rolls to enter an enemy ZOC (rearward.rs).
                if self.ezoc_roll_due(s, &o, unit, &p, &target) {
                    return Ok(());
                }
                // 17.2d: stepping out of a hex where units of its group stay splits the group.
                let split_from = self.stays_behind(s, unit, &group, &p).then_some(p);
                // 10.8c: group members left behind after moving have finished.
                if alone {
                    self.leave_group(s, unit, ev);
                }
                // 10.7a: leaving a friendly hex it entered may be a Passage of Lines.
                self.note_passage(s, &o, &group, &p, &target, ev);
                // 8.4i: any hex a multi-hex formation enters may force General Order, and
                // the unit collapses into that hex.
                let go_hex = self.go_hex(unit, f, &p, &target);
                let goes_go = go_hex.is_some();
                for &g in &group {
                    self.spend(s, g, cost, k, dca);
                    if let Some(m) = self.record(s, g) {
                        m.forward = true;
                        m.left = split_from;
                    }
                    let u = s.unit_mut(g);
                    u.place = Place::Map(target);
                    if goes_go {
                        // 8.2b, 8.4i: General Order, the move ends at once; a multi-hex
                        // formation collapses into the hex.
                        u.formation = Formation::GeneralOrder;
                        u.place = Place::Map(Placed::at(
                            go_hex.unwrap_or(to),
                            Facing::new(p.facing.index() | 1).unwrap_or(p.facing),
                        ));
                    }
                }
                // F-10.0d: a step off the road ends the Road Movement of an arrival.
                self.note_road_step(s, &group, f, p.hex(), to);
                // F-9.3b: infantry in Line crossing an abatis is Disordered at once.
                if f == Formation::Line && self.crosses_abatis(&p, &target) {
                    let foot: Vec<UnitId> = group
                        .iter()
                        .copied()
                        .filter(|&g| self.units[usize::from(g)].kind == Kind::Infantry)
                        .collect();
                    self.disorder_units(s, &foot, "F-9.3b", ev);
                }
                // 10.8d: a multi-hex formation split by this step shrinks, free.
                if alone && !goes_go {
                    self.split_shrink(s, &p, &group, &target, ev);
                }
                // 6.1b: a Commander-in-Chief who moves costs his army 2 from its Command
                // Rating this turn (F-3.3b: not Maréchal de Saxe, counter fr-saxe).
                let side = self.units[usize::from(unit)].side;
                if s.armies[side.index()].cinc == Some(unit)
                    && self.units[usize::from(unit)].id != "fr-saxe"
                {
                    s.armies[side.index()].cinc_moved = true;
                }
                ev.push(Event::Moved {
                    unit,
                    group: group.len() as u8,
                    to,
                    cost,
                });
                self.note_entered(s, &group, target);
                // F-6.9b: a step of the King's outside his free hexes calls for a Louis XV
                // Army Morale Check once his move is over.
                if self.is_king(unit) && !(self.king_free_hex(p.hex()) && self.king_free_hex(to)) {
                    if let Some(m) = self.record(s, unit) {
                        m.king_check = true;
                    }
                }
                // 21.1b displacement; victory places (F-10.xd).
                self.after_step(s, &group, ev);
                // 11.5d: a March Column may add a hex at its rear (extend.rs).
                self.credit_head_step(s, &group, f);
                if goes_go || f == Formation::Square || f == Formation::GeneralOrder {
                    for &g in &group {
                        self.finish(s, g, ev);
                    }
                }
                if goes_go {
                    // 12.8: a forced change into General Order sets off a Fire Reaction.
                    self.reaction_after_change(s, unit, f, target, ev);
                }
                Ok(())
            }
            Action::Face { unit, facing } => {
                // 9.5, F-3.7a: unlimbered guns turn by their own rules (guns.rs).
                if s.unit(unit).formation == Formation::Unlimbered {
                    return self.apply_gun_turn(s, &o, unit, facing, ev);
                }
                if !self.may_move(s, unit) {
                    return Err(Illegal::new(
                        "11.0",
                        format!("{} may not move now", self.unit_name(unit)),
                    ));
                }
                let p = s
                    .unit(unit)
                    .placed()
                    .copied()
                    .ok_or_else(|| Illegal::new("engine", "the unit is not on the map"))?;
                let to = Facing::new(facing)
                    .ok_or_else(|| Illegal::new("engine", "a facing is 0 to 11"))?;
                if !self
                    .facings_open(s, &o, unit, &p, self.mp_left(s, unit))
                    .contains(&facing)
                {
                    // The turn's own bar first (9.6a, 11.4b, 9.7), if it has one.
                    self.facing_cost(s, &o, unit, &p, to)?;
                    return Err(Illegal::new(
                        "9.2",
                        format!(
                            "{} cannot turn to facing {facing} now",
                            self.unit_name(unit)
                        ),
                    ));
                }
                let cost = self.facing_cost(s, &o, unit, &p, to)?;
                let group = self.group_of(s, unit);
                let whole = cost == self.mpo(s, unit);
                for &g in &group {
                    self.spend(s, g, cost, None, false);
                    // 11.3a: straight and oblique steps are counted within one facing; a turn
                    // starts the alternation afresh (a reading: the text pairs left and right
                    // Frontal hexes "without changing facing").
                    if let Some(m) = self.record(s, g) {
                        m.last_side = None;
                    }
                    let u = s.unit_mut(g);
                    if let Place::Map(q) = &mut u.place {
                        q.facing = to;
                    }
                }
                // F-5.5b: and a DC(A) once its move is over.
                if self.turns_in_sunken(s, unit, &p) {
                    for &g in &group {
                        if let Some(m) = self.record(s, g) {
                            m.dca = m.dca.saturating_add(1);
                        }
                    }
                }
                ev.push(Event::Faced { unit, facing, cost });
                if whole || s.unit(unit).formation == Formation::GeneralOrder {
                    for &g in &group {
                        self.finish(s, g, ev);
                    }
                }
                // 12.8c: a Fire Reaction once the change is complete.
                let f = s.unit(unit).formation;
                self.reaction_after_change(s, unit, f, p, ev);
                Ok(())
            }
            Action::ForcedMarch { unit } => self.apply_forced_march(s, unit, ev),
            Action::Wheel { unit, pivot, turn } => self.apply_wheel(s, &o, unit, pivot, turn, ev),
            Action::ColumnTurn { unit, to } => self.apply_column_turn(s, &o, unit, to, ev),
            Action::Extend { unit, to } => self.apply_resize(s, &o, unit, to, true, ev),
            Action::Shrink { unit, from } => self.apply_resize(s, &o, unit, from, false, ev),
            Action::Rearward { unit, to } => self.apply_rearward(s, &o, unit, to, ev),
            Action::Sidle { unit, to } => self.apply_sidle(s, &o, unit, to, ev),
            Action::ByHand { unit, to } => self.apply_by_hand(s, &o, unit, to, ev),
            Action::RemoveBarricade { unit } => self.apply_remove_barricade(s, unit, ev),
            Action::EnterRedoubt { unit } => self.apply_enter_redoubt(s, &o, unit, ev),
            Action::LeaveMap { unit } => self.apply_leave_map(s, unit, ev),
            Action::ChangeMode { unit } => self.apply_change_mode(s, unit, ev),
            Action::Reorder { unit, top } => self.apply_reorder(s, &o, unit, top, ev),
            Action::LeaveGroup { unit } => self.apply_leave_group(s, unit, ev),
            Action::Split { unit } => self.apply_split(s, &o, unit, ev),
            Action::Rejoin {
                parent,
                at,
                formation,
                facing,
            } => self.apply_rejoin(s, &o, parent, at, formation, facing),
            Action::Reform {
                unit,
                formation,
                ref to,
            } => self.apply_reform(s, &o, unit, formation, to, ev),
            Action::EndMove { unit } => {
                // F-8.2f: a unit of the Vive le Roi! Division moves (turn/vive.rs).
                self.vive_end_move_ok(s, unit)?;
                if self.moving(s, unit).is_none_or(|m| m.done) {
                    return Err(Illegal::new(
                        "11.1b",
                        format!("{} has no movement under way", self.unit_name(unit)),
                    ));
                }
                if let Err(e) = self.end_ok(s, &o, unit) {
                    // 10.13: a mover that can neither stand where it is nor do anything else is
                    // in an illegitimate group: it routs (10.13c).
                    if !self.stranded(s, unit) {
                        return Err(e);
                    }
                    self.illegitimate_group(s, &o, &[unit], ev);
                    return Ok(());
                }
                for g in self.group_of(s, unit) {
                    self.finish(s, g, ev);
                }
                self.finish(s, unit, ev);
                Ok(())
            }
            Action::EndSegment => {
                // F-8.2f: every unit of the Vive le Roi! Division that can move has moved.
                self.vive_moves_done(s)?;
                // 10.1c: every moving unit must stand legally.
                for u in 0..s.units.len() as UnitId {
                    if self.moving(s, u).is_some_and(|m| !m.done) {
                        self.end_ok(s, &o, u)?;
                    }
                }
                // 8.5a: skirmishing subunits still over their limit where the split put them.
                if let Some(g) = self.split_uncorrected(s, &o) {
                    return Err(Illegal::new(
                        "8.5a",
                        format!(
                            "{} and its fellow skirmishers are over their limit in one hex: spread them out first",
                            self.unit_name(g)
                        ),
                    ));
                }
                // 11.9b: limbered guns that could still leave an enemy ZOC (guns.rs).
                if self.any_gun_must_leave(s, &o) {
                    return Err(Illegal::new(
                        "11.9b",
                        "a limbered gun in an enemy ZOC must leave it while it can",
                    ));
                }
                // F-10.3a D: units that began outside the field come in while they can.
                if let Some(u) = self.first_must_come_in(s, &o) {
                    return Err(self.come_in_error(u));
                }
                // 11.1b: the movements under way are over.
                let open: Vec<UnitId> = s
                    .activation
                    .as_ref()
                    .map(|a| {
                        a.moving
                            .iter()
                            .filter(|m| !m.done)
                            .map(|m| m.unit)
                            .collect()
                    })
                    .unwrap_or_default();
                for u in open {
                    self.finish(s, u, ev);
                }
                ev.push(Event::SegmentEnds {
                    rule: "11.0".into(),
                });
                self.enter_segment(s, Segment::CloseCombat, ev);
                Ok(())
            }
            _ => Err(Illegal::new(
                "11.0",
                format!("{a:?} is not a Movement Segment action"),
            )),
        }
    }

    /// 8.4i: the hex where a step of `u` in `f` from `from` to `to` puts it in General Order,
    /// if it does: the head's new hex, or (for a multi-hex Line or March Column) any new hex
    /// whose terrain forces it, into which the formation collapses.
    fn go_hex(&self, u: UnitId, f: Formation, from: &Placed, to: &Placed) -> Option<Hex> {
        if self.steps_into_go(u, f, from.hex(), to.hex()) {
            Some(to.hex())
        } else if matches!(f, Formation::RoadColumn | Formation::Skirmish) {
            None
        } else {
            to.hexes
                .as_slice()
                .iter()
                .copied()
                .find(|&h| !from.hexes.contains(h) && self.forces_go(u, self.board.hex(h).terrain))
        }
    }

    /// Whether a step of `u` in formation `f` from `from` into `to` puts it in General Order
    /// (8.4i): terrain that forces it (F-2.9), but not for Road Movement in Road Column along
    /// the road, nor for a skirmisher in Skirmish order (F-9.2i, F-9.2k).
    fn steps_into_go(&self, u: UnitId, f: Formation, from: Hex, to: Hex) -> bool {
        let by_road = f == Formation::RoadColumn
            && from
                .direction_to(to)
                .is_some_and(|d| self.board.side(from, d) & super::board::side::ANY_ROAD != 0);
        self.forces_go(u, self.board.hex(to).terrain) && !by_road && f != Formation::Skirmish
    }

    /// F-9.3b: whether a step from `p` to `q` takes one of its hexes across an abatis.
    fn crosses_abatis(&self, p: &Placed, q: &Placed) -> bool {
        p.hexes
            .as_slice()
            .iter()
            .zip(q.hexes.as_slice())
            .any(|(&a, &b)| {
                a.direction_to(b)
                    .is_some_and(|d| self.board.side(a, d) & super::board::side::ABATIS != 0)
            })
    }

    fn forces_go(&self, u: UnitId, t: super::board::Terrain) -> bool {
        let info = &self.units[usize::from(u)];
        // F-3.5a B: a redoubt hex forces nothing; entering the redoubt itself is the unit's
        // declaration (redoubt.rs), which brings General Order.
        if info.skirmish == super::units::Skirmish::Always || t == super::board::Terrain::Redoubt {
            return false;
        }
        match self.tables.fx(t).general_order {
            GoFor::None => false,
            GoFor::Infantry => info.kind == Kind::Infantry,
            GoFor::InfantryArtillery => matches!(info.kind, Kind::Infantry | Kind::Artillery),
            GoFor::All => info.is_combat(),
        }
    }

    fn record<'a>(&self, s: &'a mut State, u: UnitId) -> Option<&'a mut Moving> {
        let mpo = self.mpo(s, u);
        if let Some(i) = s
            .activation
            .as_ref()?
            .moving
            .iter()
            .position(|m| m.unit == u)
        {
            return s.activation.as_mut()?.moving.get_mut(i);
        }
        // 7.6c (command/ooc.rs).
        let ooc_once = self.ooc_began_in_ezoc(s, u);
        let act = s.activation.as_mut()?;
        act.moving.push(Moving {
            unit: u,
            mpo,
            spent: Pts::ZERO,
            done: false,
            last_side: None,
            dca: 0,
            dca_pending: false,
            ooc_once,
            ..Moving::default()
        });
        act.moving.last_mut()
    }

    fn spend(&self, s: &mut State, u: UnitId, cost: Pts, side: Option<u8>, dca: bool) {
        if let Some(m) = self.record(s, u) {
            // 11.7b: only a rearward move sets it again (rearward.rs); 11.9c a passed roll
            // serves one step.
            m.rear_side = None;
            m.ezoc_ok = false;
            m.spent = m.spent.plus(cost);
            if m.dca_pending && cost > Pts::ZERO {
                m.dca = m.dca.saturating_add(1);
            }
            m.dca_pending = dca;
            if side.is_some() {
                m.last_side = side;
            }
        }
    }

    pub(crate) fn finish(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let mut over = false;
        let mut king = false;
        if let Some(m) = self.record(s, u) {
            over = !m.done;
            m.done = true;
            king = over && core::mem::take(&mut m.king_check);
        }
        if king {
            s.steps.push(Step::KingCheck { loss_roll: false });
        }
        if over {
            // 10.6d, 10.6e: guns it joined, or that joined it, go where 10.6 puts them.
            self.settle_order(s, u, ev);
            // 18.2b: its Movement Disorder Check (A), if it owes one (checks/disorder.rs).
            self.movement_over(s, u, ev);
        }
    }

    /// 17.2d, 10.8a: whether a step of `group` (led by `u`) out of `from` leaves units of its
    /// group there: units standing with it that began the segment there with it, or that
    /// moved with it so far.
    fn stays_behind(&self, s: &State, u: UnitId, group: &[UnitId], from: &Placed) -> bool {
        let began_here = self.moving(s, u).is_none_or(|m| m.entered.is_none());
        let band = self.band_of(s, u);
        self.stack_of(s, u).into_iter().any(|x| {
            !group.contains(&x)
                && s.unit(x).placed() == Some(from)
                && (began_here || (band.is_some() && self.band_of(s, x) == band))
        })
    }

    /// 10.8c: units of `u`'s group that moved with it and stay behind have finished.
    fn leave_group(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        for g in self.group_of(s, u) {
            if g != u && self.moving(s, g).is_some_and(|m| m.spent > Pts::ZERO) {
                self.finish(s, g, ev);
            }
        }
    }

    /// A hex's printed id.
    pub fn label(&self, h: Hex) -> alloc::string::String {
        super::fhex::label(h)
    }

    /// Which side of its front a step into `to` is, for an arc check.
    pub fn arc_of_hex(&self, s: &State, u: UnitId, h: Hex) -> Option<Arc> {
        let unit = s.unit(u);
        unit.placed()
            .and_then(|p| geometry::arc_of(unit.formation, p, h))
    }

    /// The side a unit belongs to.
    pub fn side_of(&self, u: UnitId) -> Side {
        self.units[usize::from(u)].side
    }
}
