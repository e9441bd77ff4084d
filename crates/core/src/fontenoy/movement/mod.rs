//! 11.0 Movement: a unit's Movement Potential (11.0, 7.6d, 18.5a), one hex at a time into a
//! Frontal hex (11.1a), straight or oblique (11.3), paying the Terrain Effects Table for the
//! hexes entered and the hexsides crossed (11.2), 1 more into an enemy ZOC (11.9a); facing
//! changes of single-hex formations (9.2, 9.3); groups moving together and splitting (10.8,
//! 11.1b); the group rules at the end of a move (10.1–10.4); General Order forced by terrain
//! (8.2b, 8.4i); commanders (21.1); reformations, limbering and about-faces (8.2a–8.7, 9.6,
//! 10.12: `reform.rs`).
//!
//! The multi-hex moves and the other movement functions have their own files: 9.4 wheels and
//! column turns (`wheel.rs`), 11.4 Forced March (`forced.rs`), 11.5 extending and shrinking
//! (`extend.rs`), 11.7, 11.8 rearward moves and the 11.9c skirmisher's roll (`rearward.rs`),
//! 11.6 guns moved by hand (`byhand.rs`), 8.x reformations, limbering and 9.6 About-Face
//! (`reform.rs`). What is not yet done is listed in
//! docs/coverage/fontenoy.md.

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

pub(crate) mod barricade;
mod byhand;
mod exit;
mod extend;
mod forced;
mod groups;
mod guns;
mod line_guns;
mod modes;
mod passage;
mod reach;
mod rearward;
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
use super::board::side as hs;
use super::event::Event;
use super::geometry::{self, Arc, Hexes, Placed};
use super::occupancy::Occupancy;
use super::stacking::{Stance, compatible, gun_in_line, together};
use super::state::{Act, CheckKind, CheckReq, Moving, Place, Segment, State, Step};
use super::tables::{Dca, GoFor, MoveClass, Mp};
use super::types::{Formation, Kind, Morale, MoraleCheck, Pts, round};
use super::units::{Skirmish, UnitId};
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
        (0..s.units.len() as UnitId)
            .filter(|&v| self.moves_with(s, v, &p, f, spent))
            .collect()
    }

    /// Whether counter `v` moves in the group standing at `p` in `f` whose members have
    /// spent `spent` MP (11.1b; 10.8c: a unit that moved apart no longer moves with the rest).
    fn moves_with(&self, s: &State, v: UnitId, p: &Placed, f: Formation, spent: Pts) -> bool {
        self.units[usize::from(v)].is_combat()
            && s.unit(v).placed() == Some(p)
            && s.unit(v).formation == f
            && self.may_move(s, v)
            && self.moving(s, v).map_or(Pts::ZERO, |m| m.spent) == spent
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
        // Every member stands exactly at `p`, so in its first hex; the cell lists its
        // counters in counter order, as `group_of` finds them.
        let group: Group = o
            .at(self, p.hex())
            .units
            .iter()
            .copied()
            .filter(|&v| self.moves_with(s, v, &p, f, spent))
            .collect();
        debug_assert_eq!(group.as_slice(), self.group_of(s, u).as_slice());
        group
    }

    /// The TET movement class of a counter in a formation (11.2g, 21.1a).
    fn move_class(&self, u: UnitId, f: Formation) -> MoveClass {
        match self.units[usize::from(u)].kind {
            Kind::Commander => MoveClass::Commander,
            Kind::Artillery => MoveClass::Artillery,
            Kind::Cavalry if f.is_column() => MoveClass::CavalryColumn,
            Kind::Cavalry => MoveClass::CavalryLine,
            Kind::Infantry if f.is_column() => MoveClass::InfantryColumn,
            Kind::Infantry => MoveClass::InfantryLine,
        }
    }

    /// The hexside feature cost of crossing from `from` toward `d` for class `c` (11.2b); a
    /// slope costs going up only (F-9.3a: the hex across is the high side). `None` where the
    /// side may not be crossed.
    fn side_cost(&self, from: Hex, d: Direction, c: MoveClass) -> Option<Pts> {
        let bits = self.board.side(from, d) & !hs::ANY_ROAD;
        if bits == 0 {
            return Some(Pts::ZERO);
        }
        let mut total = Pts::ZERO;
        for (bit, _) in hs::IDS {
            if bits & bit == 0 {
                continue;
            }
            if bit & hs::SLOPE != 0 && self.board.toward(from, d) & bit == 0 {
                // Going down a slope: no cost in the basic rules (F-9.3a).
                continue;
            }
            match self.tables.hexside(bit).map(|fx| fx.mp[c as usize]) {
                Some(Mp::Pts(p)) => total = total.plus(p),
                Some(Mp::All) => {}
                _ => return None,
            }
        }
        Some(total)
    }

    /// What one step of `group` into the position `to` costs (11.2, 11.3, 11.9a), or why it
    /// may not be made. `side_of_step` is 0 for the right Frontal hex, 1 for the left, `None`
    /// for a column's or a Square's single way forward.
    #[allow(clippy::too_many_arguments)]
    fn step_cost(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        formation: Formation,
        from: &Placed,
        to: &Placed,
        side_of_step: Option<u8>,
        quiet: bool,
    ) -> Result<(Pts, bool), Illegal> {
        let lead = group[0];
        let info = &self.units[usize::from(lead)];
        let side = info.side;
        let class = self.move_class(lead, formation);
        let mut worst = Pts::ZERO;
        let mut dca = false;
        let mut sides_total = Pts::ZERO;
        let road = formation == Formation::RoadColumn;
        for (i, &h) in to.hexes.as_slice().iter().enumerate() {
            let prev = from.hexes.as_slice()[i.min(from.hexes.len() - 1)];
            if !self.board.on_map(h) {
                return Err(Illegal::new(
                    "11.2a",
                    say!(quiet, "{} is off the map", self.label(h)),
                ));
            }
            // 21.1b: a commander alone does not block; he is displaced.
            if o.at(self, h).units.iter().any(|&x| {
                let i = &self.units[usize::from(x)];
                i.side != side && i.is_combat()
            }) {
                return Err(Illegal::new(
                    "10.1b",
                    say!(quiet, "{} holds an enemy unit", self.label(h)),
                ));
            }
            if from.hexes.contains(h) {
                // 8.1d: each hex of a column pays the hexside it crosses (not along a road in
                // Road Column, 11.2c).
                if formation.is_column() && prev != h {
                    if let Some(d) = prev.direction_to(h) {
                        let along_road = road && self.board.side(prev, d) & hs::ANY_ROAD != 0;
                        if !along_road {
                            let c = self.side_cost(prev, d, class).unwrap_or(Pts::ZERO);
                            sides_total = sides_total.plus(c);
                        }
                    }
                }
                continue;
            }
            let d = prev.direction_to(h).ok_or_else(|| {
                Illegal::new(
                    "11.1a",
                    "a unit moves one hex at a time into an adjacent hex",
                )
            })?;
            // F-3.6: no Road Movement into a barricade hex.
            if road && s.barricades.contains(&h) {
                return Err(Illegal::new(
                    "F-3.6",
                    say!(
                        quiet,
                        "{} holds a barricade: no unit enters it by Road Movement",
                        self.label(h)
                    ),
                ));
            }
            let terrain = self.board.hex(h).terrain;
            let fx = self.tables.fx(terrain);
            // 11.2c: a Road Column following a road pays the road's rate instead.
            let road_bits = self.board.side(prev, d) & hs::ANY_ROAD;
            // 6.8b: under Restricted Activation a combat unit moves only along a road in
            // Road Column.
            let restricted = s.activation.as_ref().is_some_and(|a| a.restricted);
            if restricted && info.is_combat() && !(road && road_bits != 0) {
                return Err(Illegal::new(
                    "6.8b",
                    "under Restricted Activation a unit moves only by Road Movement in Road Column",
                ));
            }
            // 8.1e: a Square steps only into open terrain across an open hexside.
            if formation == Formation::Square
                && (terrain != super::board::Terrain::Clear || self.board.side(prev, d) != 0)
            {
                return Err(Illegal::new(
                    "8.1e",
                    "a Square moves only into open terrain across an open hexside",
                ));
            }
            let cost = if road && road_bits != 0 {
                self.road_rate(road_bits, terrain)
            } else {
                // F-5.5b: off the road, a sunken-road hex costs its other terrain to enter.
                let efx = if self.expanded_sunken() {
                    self.tables.fx(self.entry_terrain(h))
                } else {
                    fx
                };
                let hex = match efx.mp[class as usize] {
                    Mp::Pts(p) => p,
                    _ => {
                        return Err(Illegal::new(
                            "11.2a",
                            say!(
                                quiet,
                                "{} may not enter {} ({})",
                                self.unit_name(lead),
                                self.label(h),
                                terrain.id()
                            ),
                        ));
                    }
                };
                let side_cost = self.side_cost(prev, d, class).ok_or_else(|| {
                    Illegal::new(
                        "11.2a",
                        say!(
                            quiet,
                            "{} may not cross the hexside into {}",
                            self.unit_name(lead),
                            self.label(h)
                        ),
                    )
                })?;
                // F-5.5b: climbing out across the road pays the rest of the TET's cost.
                let hex = if self.crosses_sunken(prev, h) && !self.sunken_exempt_as(lead, formation)
                {
                    hex.plus(self.sunken_surcharge(prev, class))
                } else {
                    hex
                };
                // F-2.10a, F-5.5a: a Road Column leaving the road from a sunken-road hex takes
                // a DC(A).
                if road && self.is_sunken(prev) {
                    dca = true;
                }
                if efx.dca == Dca::Yes
                    || self.board.side(prev, d)
                        & (hs::SLOPE_STEEP | hs::FIELDWORKS | hs::STREAM | hs::ABATIS)
                        != 0
                {
                    dca = true;
                }
                // 8.1d: a column pays each hexside its hexes cross; a Line the dearest hex.
                if formation.is_column() {
                    sides_total = sides_total.plus(side_cost);
                    hex
                } else {
                    hex.plus(side_cost)
                }
            };
            worst = worst.max(cost);
        }
        let mut cost = worst.plus(sides_total);
        // 11.2f: a Hook pays 1 more for all terrain.
        if formation == Formation::Hook {
            cost = cost.plus(Pts::ONE);
        }
        // 11.3b, 11.3d: infantry in Line or Attack Column stepping twice to the same side pays
        // 1 more; cavalry and skirmishers move obliquely for free.
        if info.kind == Kind::Infantry
            && matches!(
                formation,
                Formation::Line | Formation::AttackColumn | Formation::Hook
            )
            && side_of_step.is_some()
            && self.moving(s, lead).and_then(|m| m.last_side) == side_of_step
        {
            cost = cost.plus(Pts::ONE);
        }
        // 11.9a: 1 more to enter an enemy ZOC (infantry and cavalry).
        let into_ezoc = to
            .hexes
            .as_slice()
            .iter()
            .any(|&h| !from.hexes.contains(h) && o.ezoc(self, h, side));
        if into_ezoc {
            match info.kind {
                Kind::Infantry | Kind::Cavalry => cost = cost.plus(Pts::ONE),
                Kind::Artillery => {
                    return Err(Illegal::new(
                        "11.9b",
                        "limbered artillery may not enter an enemy ZOC",
                    ));
                }
                Kind::Commander => {
                    let grouped = to.hexes.as_slice().iter().any(|&h| {
                        o.combat_at(self, h)
                            .any(|x| self.units[usize::from(x)].side == side)
                    });
                    if !grouped {
                        return Err(Illegal::new(
                            "21.1a",
                            "a commander enters an enemy ZOC only into a hex with a friendly unit",
                        ));
                    }
                }
            }
        }
        Ok((cost, dca))
    }

    /// The Road Movement rate (F-9.2n C): the Major Road ⅓, a road ½, a path ½ in open
    /// terrain and orchard, 1 elsewhere.
    fn road_rate(&self, bits: u16, t: super::board::Terrain) -> Pts {
        use super::board::Terrain as T;
        if bits & hs::MAJOR_ROAD != 0 {
            Pts::THIRD
        } else if bits & hs::ROAD != 0 || matches!(t, T::Clear | T::Orchard) {
            Pts::HALF
        } else {
            Pts::ONE
        }
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
            // 8.1e: a Square steps into any adjacent hex (all six are Frontal).
            Formation::Square => {
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
            }
            for f in self.facings_open(s, &o, u, &p, left) {
                out.push(Action::Face { unit: u, facing: f });
            }
            // 9.4, 11.4, 11.5, 11.7, 11.8 (wheel.rs).
            self.more_moves(s, &o, &group, &p, left, out);
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
        if self.units[usize::from(lead)].is_combat()
            && (occupied || !self.fits_at(s, o, group, to, f))
        {
            let remaining = left.minus(cost).unwrap_or(Pts::ZERO);
            if !self.may_stay_or_leave(s, o, group, to, f, remaining, side_of_step, 6) {
                return Err(Illegal::new(
                    "10.1a",
                    "a unit enters an occupied hex only with the MP to group legally there or to leave it",
                ));
            }
        }
        Ok((cost, dca))
    }

    /// 10.1a: whether `group` standing at `p` could end its move there legally, or has the MP
    /// (`left`) for a chain of steps ending somewhere it may stay. `last` is the Frontal side of
    /// the step that brought it (an infantry Line repeating it pays the oblique +1, 11.3b).
    #[allow(clippy::too_many_arguments)]
    fn may_stay_or_leave(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        f: Formation,
        left: Pts,
        last: Option<u8>,
        depth: u8,
    ) -> bool {
        if self.fits_at(s, o, group, p, f) || self.may_unlimber_there(s, o, group, p, f, left) {
            return true;
        }
        if depth == 0
            || left == Pts::ZERO
            || matches!(f, Formation::Square | Formation::GeneralOrder)
        {
            return false;
        }
        let lead = group[0];
        let oblique_pays = self.units[usize::from(lead)].kind == Kind::Infantry
            && matches!(
                f,
                Formation::Line | Formation::Hook | Formation::AttackColumn
            );
        self.forward(f, p).into_iter().any(|(q, k)| {
            let Ok((cost, _)) = self.step_cost(s, o, group, f, p, &q, None, true) else {
                return false;
            };
            let cost = if oblique_pays && k.is_some() && k == last {
                cost.plus(Pts::ONE)
            } else {
                cost
            };
            match left.minus(cost) {
                Some(rest) => self.may_stay_or_leave(s, o, group, &q, f, rest, k, depth - 1),
                None => false,
            }
        })
    }

    /// 10.4b: whether limbered guns `group` at `p` have the MP (`left`) to unlimber there and
    /// would then group legally (with a Line, Hook, Attack Column or Square, 10.4c).
    fn may_unlimber_there(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        f: Formation,
        left: Pts,
    ) -> bool {
        if f != Formation::MarchColumn
            || p.hexes.len() != 1
            || group
                .iter()
                .any(|&g| self.units[usize::from(g)].kind != Kind::Artillery)
        {
            return false;
        }
        let cost = group.iter().try_fold(Pts::ZERO, |best, &g| {
            match self.tables.reform.cost(
                super::tables::reform::Change::Limber,
                self.units[usize::from(g)].nationality,
            ) {
                Mp::Pts(x) => Some(best.max(x)),
                _ => None,
            }
        });
        // 8.6b: guns unlimber facing any vertex (movement/reform.rs).
        cost.is_some_and(|c| c <= left)
            && (1..12u8).step_by(2).any(|k| {
                Facing::new(k).is_some_and(|facing| {
                    let q = Placed::at(p.hex(), facing);
                    self.fits_at(s, o, group, &q, Formation::Unlimbered)
                })
            })
    }

    /// Whether `group` in `f` at `p` may end there with the units it finds (10.1c–10.4, the
    /// SP limits of the TET, 10.4g artillery SP counting 4 with infantry).
    pub(crate) fn fits_at(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        f: Formation,
    ) -> bool {
        let lead = group[0];
        let info = &self.units[usize::from(lead)];
        if info.kind == Kind::Commander {
            return true;
        }
        let me = Stance {
            kind: info.kind,
            formation: f,
            facing: p.facing,
        };
        // 10.4g a): an artillery SP counts as 4 for the limits only when the guns stand with
        // infantry, so the guns' SP are kept apart until the hex is known.
        let mut sp: u16 = 0;
        let mut guns: u16 = 0;
        let mut inf = false;
        let mut cav = false;
        for &g in group {
            if self.units[usize::from(g)].kind == Kind::Artillery {
                guns += u16::from(s.unit(g).sp);
            } else {
                sp += u16::from(s.unit(g).sp);
            }
            inf |= self.units[usize::from(g)].kind == Kind::Infantry;
            cav |= self.units[usize::from(g)].kind == Kind::Cavalry;
        }
        let routed = s.unit(lead).morale == Morale::Routed;
        let mine = (info.kind, f, p);
        // 10.4d: guns joining a multi-hex Line or Hook share its hexes' limits: the limit is
        // read over the Line's hexes, and every counter in them counts once.
        let mut foot = p.hexes;
        let mut seen: Vec<UnitId> = Vec::new();
        let mut k = 0;
        while k < foot.len() {
            let h = foot.as_slice()[k];
            k += 1;
            for &x in &o.at(self, h).units {
                if group.contains(&x)
                    || seen.contains(&x)
                    || !self.units[usize::from(x)].is_combat()
                {
                    continue;
                }
                let xu = s.unit(x);
                let Some(q) = xu.placed() else { continue };
                let them = Stance {
                    kind: self.units[usize::from(x)].kind,
                    formation: xu.formation,
                    facing: q.facing,
                };
                let theirs = (them.kind, xu.formation, q);
                let here = p.hexes.contains(h);
                if !here && !together(mine, theirs) {
                    // A counter in another hex of the Line this gun joins: the Line's other
                    // guns, counted against the limit, not grouped with this one's hex.
                    let line_gun = them.kind == Kind::Artillery
                        && xu.formation == Formation::Unlimbered
                        && q.hexes.len() == 1
                        && foot.len() > 1
                        && foot.contains(q.hex());
                    if !line_gun {
                        continue;
                    }
                } else if !compatible(me, them)
                    || !together(mine, theirs)
                    || (xu.morale == Morale::Routed) != routed
                {
                    return false;
                }
                seen.push(x);
                if gun_in_line(mine, theirs) && foot.len() == 1 {
                    foot = q.hexes;
                    k = 0;
                }
                if them.kind == Kind::Artillery {
                    guns += u16::from(xu.sp);
                } else {
                    sp += u16::from(xu.sp);
                }
                inf |= them.kind == Kind::Infantry;
                cav |= them.kind == Kind::Cavalry;
            }
        }
        let sp = sp + if inf { 4 * guns } else { guns };
        // 10.1c: the TET's most SP per hex for the formation.
        let per_hex = sp.div_ceil(foot.len() as u16);
        let col = match (cav, f.is_column()) {
            (true, true) => 3,
            (true, false) => 2,
            (false, true) => 1,
            (false, false) => 0,
        };
        if f == Formation::RoadColumn && p.hexes.len() == 1 && per_hex > 4 {
            return false; // 8.1f, 10.11a
        }
        foot.as_slice().iter().all(|&h| {
            let limit = u16::from(self.tables.fx(self.board.hex(h).terrain).stack[col]);
            per_hex <= limit
        })
    }

    /// Why `u` may not end its movement where it stands, if it may not (10.1c).
    fn end_ok(&self, s: &State, o: &Occupancy, u: UnitId) -> Result<(), Illegal> {
        let group = self.movers_at(s, o, u);
        let group = if group.is_empty() {
            smallvec::smallvec![u]
        } else {
            group
        };
        let Some(p) = s.unit(u).placed().copied() else {
            return Ok(());
        };
        // 11.1b: a unit that has spent nothing stands where its move began, as it stood before
        // (even in a group that is no longer legal, 10.13); it may always stop there.
        let unmoved = self.moving(s, u).is_some_and(|m| m.spent == Pts::ZERO);
        if unmoved || self.fits_at(s, o, &group, &p, s.unit(u).formation) {
            // 11.9b: limbered guns leave an enemy ZOC while they can (guns.rs).
            self.guns_leave_ok(s, o, &group)
        } else {
            Err(Illegal::new(
                "10.1c",
                format!(
                    "{} may not end its movement grouped as it stands",
                    self.unit_name(u)
                ),
            ))
        }
    }

    /// Whether the unit whose move is under way, `u`, may do nothing but end its move where
    /// it may not stand (10.13).
    fn stranded(&self, s: &State, u: UnitId) -> bool {
        if self.current_mover(s) != Some(u) {
            return false;
        }
        let mut out = Vec::new();
        self.movement_actions(s, &mut out);
        out == [Action::EndMove { unit: u }]
            && self.end_ok(s, &Occupancy::build(self, s), u).is_err()
    }

    /// 10.13b: movers stopped where they stand (by a Fire Reaction's Disorder, 18.2e; by a
    /// close combat after a Cavalry Reaction, 17.3d; by a skirmisher's failed roll, 11.9c) in
    /// a group they may not end in rout out of it (10.13c). Whether they did.
    pub(crate) fn stopped_in_group(
        &self,
        s: &mut State,
        movers: &[UnitId],
        ev: &mut Vec<Event>,
    ) -> bool {
        let movers: Vec<UnitId> = movers
            .iter()
            .copied()
            .filter(|&m| s.unit(m).on_map() && s.unit(m).morale != Morale::Routed)
            .collect();
        let Some(&lead) = movers.first() else {
            return false;
        };
        let Some(p) = s.unit(lead).placed().copied() else {
            return false;
        };
        // 11.1b: a unit that has spent nothing stands where it began.
        if self.moving(s, lead).is_none_or(|m| m.spent == Pts::ZERO) {
            return false;
        }
        let o = Occupancy::build(self, s);
        if self.fits_at(s, &o, &movers, &p, s.unit(lead).formation) {
            return false;
        }
        self.illegitimate_group(s, &o, &movers, ev);
        true
    }

    /// 10.13c: the movers of an illegitimate group end their move and rout; the other units
    /// of the hex take MC(F) unless the routers are skirmishers. 10.13d: no Passage of Lines
    /// and no Movement Disorder Check (A) for them.
    fn illegitimate_group(
        &self,
        s: &mut State,
        o: &Occupancy,
        movers: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        let hexes: Vec<Hex> = movers
            .iter()
            .filter_map(|&u| s.unit(u).placed())
            .flat_map(|p| p.hexes.as_slice().to_vec())
            .collect();
        let others: Vec<UnitId> = hexes
            .iter()
            .flat_map(|&h| o.combat_at(self, h))
            .filter(|x| !movers.contains(x))
            .collect();
        for &u in movers {
            if let Some(m) = self.record(s, u) {
                // 10.13d: no DC(A) (nor the Passage of Lines' modifiers) for a router.
                m.dca = 0;
                m.dca_pending = false;
                m.forced = false;
                m.rearward = false;
                m.passage = 0;
                // Its move is over, but it does not share the hex's condition (18.7c): it
                // leaves it.
                m.done = true;
            }
        }
        self.rout_units(s, movers, &[], "10.13c", false, ev);
        if movers
            .iter()
            .all(|&u| self.units[usize::from(u)].skirmish == Skirmish::Always)
        {
            return;
        }
        let mut reqs: Vec<CheckReq> = Vec::new();
        let mut seen: Vec<UnitId> = Vec::new();
        for x in others {
            if seen.contains(&x) || s.unit(x).morale == Morale::Routed || !s.unit(x).on_map() {
                continue;
            }
            let stack = self.stack_of(s, x);
            seen.extend_from_slice(&stack);
            if let Some(c) = self.checking_unit(&stack) {
                reqs.push(CheckReq {
                    unit: c,
                    kind: CheckKind::Morale(MoraleCheck::F),
                    er_mod: 0,
                });
            }
        }
        self.queue_checks(s, &reqs);
    }

    /// The facings a single-hex unit may turn to with `left` MP (9.2, 9.3a; 9.1 +1 in an
    /// enemy ZOC; 9.3b General Order once, for its whole MPo; 9.7 a Hook never).
    fn facings_open(&self, s: &State, o: &Occupancy, u: UnitId, p: &Placed, left: Pts) -> Vec<u8> {
        let mut out = Vec::new();
        let f = s.unit(u).formation;
        if p.hexes.len() != 1 || self.units[usize::from(u)].kind == Kind::Commander {
            return out;
        }
        if matches!(
            f,
            Formation::Hook | Formation::Square | Formation::Rout | Formation::Unlimbered
        ) {
            return out;
        }
        // The unit's group, found once for the five turns.
        let mut group: Option<Group> = None;
        for k in 1..=5i8 {
            let to = p.facing.rotate(2 * k);
            if let Ok(c) = self.facing_cost(s, o, u, p, to) {
                let affordable = c <= left || c == self.mpo(s, u) && self.moving(s, u).is_none();
                if !affordable {
                    continue;
                }
                let turned = Placed { facing: to, ..*p };
                let group = group.get_or_insert_with(|| {
                    let g = self.movers_at(s, o, u);
                    if g.is_empty() {
                        smallvec::smallvec![u]
                    } else {
                        g
                    }
                });
                let rest = left.minus(c).unwrap_or(Pts::ZERO);
                // 10.1a, 10.8e: a turn inside a group must leave a legal group, or the MP to
                // move on.
                if self.may_stay_or_leave(s, o, group, &turned, s.unit(u).formation, rest, None, 6)
                {
                    out.push(to.index());
                }
            }
        }
        out
    }

    /// The cost of turning `u` at `p` to `to` (9.3a: the facing-change chart by nationality
    /// and formation; 9.6 a 180-degree turn is an About-Face, the unit's only action).
    fn facing_cost(
        &self,
        s: &State,
        o: &Occupancy,
        u: UnitId,
        p: &Placed,
        to: Facing,
    ) -> Result<Pts, Illegal> {
        let f = s.unit(u).formation;
        let steps = p.facing.turn_to(to) / 2; // 60-degree steps: 1, 2, 3
        if steps == 3 && s.unit(u).disordered {
            return Err(Illegal::new("9.6a", "a Disordered unit may not about-face"));
        }
        // 11.4b, 9.6a: nor one on Forced March.
        if steps == 3 && self.moving(s, u).is_some_and(|m| m.forced) {
            return Err(Illegal::new(
                "11.4b",
                "a unit on Forced March may not about-face",
            ));
        }
        if steps == 0 || p.facing.is_corner() != to.is_corner() {
            return Err(Illegal::new(
                "9.2",
                "a facing change turns to another facing of the same kind",
            ));
        }
        let spent = self.moving(s, u).map_or(Pts::ZERO, |m| m.spent);
        let mpo = self.mpo(s, u);
        let whole = || {
            if spent == Pts::ZERO {
                Ok(mpo)
            } else {
                Err(Illegal::new(
                    "9.6a",
                    "a whole-MPo change must be the unit's only action",
                ))
            }
        };
        let cost = match self
            .tables
            .facing_cost(&self.units[usize::from(u)], f, steps)
        {
            Mp::Pts(c) => c,
            Mp::All => return whole(),
            Mp::Prohibited => {
                return Err(Illegal::new("9.7", "this formation cannot change facing"));
            }
        };
        let in_ezoc = p
            .hexes
            .as_slice()
            .iter()
            .any(|&h| o.ezoc(self, h, self.units[usize::from(u)].side));
        let cost = if in_ezoc { cost.plus(Pts::ONE) } else { cost };
        // F-5.5b: a turn in a sunken-road hex costs 1 more.
        Ok(if self.turns_in_sunken(s, u, p) {
            cost.plus(Pts::ONE)
        } else {
            cost
        })
    }

    /// Applies a Movement Segment action.
    pub(crate) fn apply_movement(
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
            | Action::LeaveMap { unit }
            | Action::ChangeMode { unit },
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
                // 10.8c: group members left behind after moving have finished.
                if alone {
                    self.leave_group(s, unit, ev);
                }
                // 10.7a: leaving a friendly hex it entered may be a Passage of Lines.
                self.note_passage(s, &o, &group, &p, &target, ev);
                let terrain = self.board.hex(to).terrain;
                // F-9.2i, F-9.2k: not by Road Movement in Road Column (along the road only),
                // nor a skirmisher in Skirmish order.
                let by_road = f == Formation::RoadColumn
                    && p.hex()
                        .direction_to(to)
                        .is_some_and(|d| self.board.side(p.hex(), d) & hs::ANY_ROAD != 0);
                let goes_go = self.forces_go(unit, terrain) && !by_road && f != Formation::Skirmish;
                for &g in &group {
                    self.spend(s, g, cost, k, dca);
                    if let Some(m) = self.record(s, g) {
                        m.forward = true;
                    }
                    let u = s.unit_mut(g);
                    u.place = Place::Map(target);
                    if goes_go {
                        // 8.2b, 8.4i: General Order, the move ends at once; a multi-hex
                        // formation collapses into the hex.
                        u.formation = Formation::GeneralOrder;
                        u.place = Place::Map(Placed::at(
                            to,
                            Facing::new(p.facing.index() | 1).unwrap_or(p.facing),
                        ));
                    }
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
            Action::LeaveMap { unit } => self.apply_leave_map(s, unit, ev),
            Action::ChangeMode { unit } => self.apply_change_mode(s, unit, ev),
            Action::Reorder { unit, top } => self.apply_reorder(s, &o, unit, top, ev),
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
                // 10.1c: every moving unit must stand legally.
                for u in 0..s.units.len() as UnitId {
                    if self.moving(s, u).is_some_and(|m| !m.done) {
                        self.end_ok(s, &o, u)?;
                    }
                }
                // 11.9b: limbered guns that could still leave an enemy ZOC (guns.rs).
                if self.any_gun_must_leave(s, &o) {
                    return Err(Illegal::new(
                        "11.9b",
                        "a limbered gun in an enemy ZOC must leave it while it can",
                    ));
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

    /// Whether `u` entering terrain `t` adopts General Order (8.4i, F-2.9).
    fn forces_go(&self, u: UnitId, t: super::board::Terrain) -> bool {
        let info = &self.units[usize::from(u)];
        if info.skirmish == super::units::Skirmish::Always {
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
            // 18.2b: its Movement Disorder Check (A), if it owes one (checks/disorder.rs).
            self.movement_over(s, u, ev);
        }
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
