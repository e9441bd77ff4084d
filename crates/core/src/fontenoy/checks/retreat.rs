//! 20.0 Retreats: Retreat Before Close Combat (20.1) and Retreat by Routing (20.2), with the
//! Routing unit's collapse into one hex (19.7e), its losses (19.7d, 20.2b, 20.2d), the friends
//! it passes (20.1c, 20.2b: MC(F) once it is over; Routed friends retreat too) and the
//! commanders who go with it (21.2c).
//!
//! A retreat runs hex by hex in [`State::retreats`]. Where its owner has a choice (the hex a
//! Line collapses into, equally good retreat hexes, one or two hexes before combat, the unit of
//! a group that takes a loss) a [`Step::RetreatChoice`] waits for him; everything else happens
//! at once.
//!
//! Direction (20.2g; digest A33): each hex is the one farthest from the enemy units that caused
//! the retreat (the nearest enemy units when the cause is not named), then one without friends
//! in it (they are entered only to get farther away), then the one nearest the army's rear:
//! its Line of Retreat as the map names it (F-3.9c: the places `french-retreat-exits` and
//! `bridgehead`; F-4.5: `allied-retreat-exits`). Hexes equal on all three are the owner's
//! choice.

use alloc::format;
use alloc::vec::Vec;

use super::{CheckKind, CheckReq};
use crate::engine::{Illegal, Side};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::board::side as hs;
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::{Hexes, Placed};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{HexLabel, Place, State, Step};
use crate::fontenoy::tables::close::RetreatFrom;
use crate::fontenoy::tables::{GoFor, MoveClass, Mp};
use crate::fontenoy::types::{Formation, Kind, Morale, MoraleCheck};
use crate::fontenoy::units::{ByHand, UnitId};
use crate::hex::{Direction, Hex};

pub use super::super::state::{Retreat, RetreatKind, RetreatPhase};

/// What a retreat needs next.
enum Next {
    /// Its owner's decision.
    Choice,
    /// It is over.
    Done,
}

impl Fontenoy {
    /// `unit` (and its group) Routs (19.1c, 19.3) and Retreats by Routing (20.2); artillery is
    /// destroyed instead (20.2e). The retreat may wait on its owner's choices: a caller that
    /// has more to do afterwards pushes its own steps first.
    pub fn rout(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        self.rout_from(s, unit, &[], ev);
    }

    /// [`Fontenoy::rout`], away from `enemies`, the units that caused it (20.2g).
    pub fn rout_from(&self, s: &mut State, unit: UnitId, enemies: &[UnitId], ev: &mut Vec<Event>) {
        let group = self.stack_of(s, unit);
        let from = self.hexes_of(s, enemies);
        self.rout_units(s, &group, &from, "19.1c", false, ev);
    }

    /// The hexes `units` stand in.
    fn hexes_of(&self, s: &State, units: &[UnitId]) -> Vec<Hex> {
        let mut out = Vec::new();
        for &u in units {
            if let Some(p) = s.unit(u).placed() {
                out.extend_from_slice(p.hexes.as_slice());
            }
        }
        out
    }

    /// `units` Rout: guns are destroyed (20.2e), the rest take the ROUTED marker (19.1c; no
    /// longer Disordered, 18.0) and Retreat by Routing from `from` (none: the nearest enemy).
    pub(crate) fn rout_units(
        &self,
        s: &mut State,
        units: &[UnitId],
        from: &[Hex],
        rule: &str,
        voluntary: bool,
        ev: &mut Vec<Event>,
    ) {
        let mut routers = Vec::new();
        for &u in units {
            if !s.unit(u).on_map() {
                continue;
            }
            // F-3.9a: a unit routing in the bridgehead drowns in the Escaut.
            if self.in_bridgehead(s, u) {
                let sp = s.unit(u).sp;
                self.lose_sp(s, u, sp, "F-3.9a", ev);
                continue;
            }
            if self.units[usize::from(u)].kind == Kind::Artillery {
                let sp = s.unit(u).sp;
                self.lose_sp(s, u, sp, "20.2e", ev);
                continue;
            }
            routers.push(u);
        }
        if routers.is_empty() {
            return;
        }
        for &u in &routers {
            if s.unit(u).morale != Morale::Routed {
                let x = s.unit_mut(u);
                x.morale = Morale::Routed;
                x.disordered = false;
                ev.push(Event::Routed {
                    unit: u,
                    rule: rule.into(),
                });
                if x.victoire {
                    x.victoire = false;
                    ev.push(Event::Victoire { unit: u, on: false });
                }
            }
        }
        self.start_retreat(s, &routers, from, RetreatKind::Rout, voluntary, false);
        self.run_retreats(s, ev);
    }

    /// F-3.9a (in force with its bridgehead, 3.9 of the scenario): whether `u` stands in the
    /// bridgehead, where a unit that routs is destroyed.
    pub(crate) fn in_bridgehead(&self, s: &State, u: UnitId) -> bool {
        let bh = &self.scenario_rules.victory.bridgehead;
        !bh.is_empty()
            && self.in_force("3.9a")
            && s.unit(u)
                .placed()
                .is_some_and(|p| p.hexes.as_slice().iter().any(|h| bh.contains(h)))
    }

    /// Already Routed `units` retreat again (19.1f, 19.5c, 20.2b); in the bridgehead they are
    /// destroyed instead (F-3.9a).
    pub(crate) fn retreat_again(
        &self,
        s: &mut State,
        units: &[UnitId],
        from: &[Hex],
        ev: &mut Vec<Event>,
    ) {
        let mut kept = Vec::new();
        for &u in units {
            if s.unit(u).on_map() && self.in_bridgehead(s, u) {
                let sp = s.unit(u).sp;
                self.lose_sp(s, u, sp, "F-3.9a", ev);
            } else {
                kept.push(u);
            }
        }
        let units = kept.as_slice();
        if units.is_empty() {
            return;
        }
        self.start_retreat(s, units, from, RetreatKind::Rout, false, false);
        self.run_retreats(s, ev);
    }

    /// Queues a retreat of `units`.
    pub(crate) fn start_retreat(
        &self,
        s: &mut State,
        units: &[UnitId],
        from: &[Hex],
        kind: RetreatKind,
        voluntary: bool,
        hold: bool,
    ) {
        let Some(&lead) = units.first() else { return };
        let Some(p) = s.unit(lead).placed().copied() else {
            return;
        };
        if s.retreats.iter().any(|r| r.units.contains(&lead)) {
            return;
        }
        let side = self.units[usize::from(lead)].side;
        // 21.2c: commanders go with the group; one in a hex where friends stay (an illegitimate
        // group, units that rallied) goes or stays as his owner chooses (`ask`).
        let mut commanders: Vec<UnitId> = Vec::new();
        let mut ask: Vec<UnitId> = Vec::new();
        for c in self.commanders_with(s, units) {
            let h = s.unit(c).placed().map(|q| q.hex());
            let stayers = (0..s.units.len() as UnitId).any(|v| {
                !units.contains(&v)
                    && self.units[usize::from(v)].is_combat()
                    && self.units[usize::from(v)].side == side
                    && s.unit(v)
                        .placed()
                        .is_some_and(|q| h.is_some_and(|h| q.hexes.contains(h)))
            });
            if stayers {
                ask.push(c)
            } else {
                commanders.push(c)
            }
        }
        let from = if from.is_empty() {
            self.nearest_enemies(s, lead)
        } else {
            from.to_vec()
        };
        let cavalry = units
            .iter()
            .any(|&u| self.units[usize::from(u)].kind == Kind::Cavalry);
        let (left, phase) = match kind {
            RetreatKind::Rout => {
                let phase = if p.hexes.len() > 1 {
                    RetreatPhase::Collapse
                } else {
                    for &u in units {
                        let x = s.unit_mut(u);
                        x.formation = Formation::Rout;
                        // 8.1: Rout has no hooked end.
                        if let Place::Map(p) = &mut x.place {
                            p.hook = None;
                        }
                    }
                    RetreatPhase::Move
                };
                (if cavalry { 6 } else { 4 }, phase)
            }
            RetreatKind::BeforeCombat => (2, RetreatPhase::Move),
        };
        s.retreats.push(Retreat {
            kind,
            phase,
            units: units.to_vec(),
            commanders,
            left,
            moved: 0,
            visited: p.hexes.as_slice().to_vec(),
            from,
            through: Vec::new(),
            routed_through: Vec::new(),
            losses: 0,
            hold,
            difficult: false,
            voluntary,
            ask,
            checked: false,
        });
    }

    /// The hexes of the non-Routed enemy combat units nearest `u`.
    fn nearest_enemies(&self, s: &State, u: UnitId) -> Vec<Hex> {
        let Some(p) = s.unit(u).placed() else {
            return Vec::new();
        };
        let side = self.units[usize::from(u)].side;
        let mut best = u32::MAX;
        let mut out: Vec<Hex> = Vec::new();
        for (i, x) in s.units.iter().enumerate() {
            let info = &self.units[i];
            if !info.is_combat() || info.side == side || x.morale == Morale::Routed {
                continue;
            }
            let Some(q) = x.placed() else { continue };
            for &h in q.hexes.as_slice() {
                let d = p
                    .hexes
                    .as_slice()
                    .iter()
                    .map(|&a| a.distance(h))
                    .min()
                    .unwrap_or(u32::MAX);
                if d < best {
                    best = d;
                    out.clear();
                }
                if d == best && !out.contains(&h) {
                    out.push(h);
                }
            }
        }
        out
    }

    /// The army's rear (20.2g): the hexes of its Line of Retreat (F-3.9c, F-4.5) as the map
    /// names them.
    pub fn rear_of(&self, side: Side) -> Vec<Hex> {
        let names: &[&str] = if side.0 == 0 {
            &["french-retreat-exits", "bridgehead"]
        } else {
            &["allied-retreat-exits"]
        };
        names
            .iter()
            .filter_map(|n| self.board.place(n))
            .flat_map(|p| p.hexes.iter().copied())
            .collect()
    }

    /// A retreat whose units were all removed while its owner's choice waited (a check or a
    /// pursuit destroyed them meanwhile) ends without that choice; the others go on.
    pub(crate) fn settle_retreats(&self, s: &mut State, ev: &mut Vec<Event>) {
        let gone = |s: &State, lead: UnitId| {
            s.retreats
                .iter()
                .find(|r| r.units.first() == Some(&lead))
                .is_none_or(|r| r.units.iter().all(|&u| !s.unit(u).on_map()))
        };
        let stale: Vec<UnitId> = s
            .steps
            .iter()
            .filter_map(|st| match *st {
                Step::RetreatChoice { unit } => Some(unit),
                _ => None,
            })
            .filter(|&u| gone(s, u))
            .collect();
        if stale.is_empty() {
            return;
        }
        s.steps
            .retain(|st| !matches!(st, Step::RetreatChoice { unit } if stale.contains(unit)));
        self.run_retreats(s, ev);
    }

    /// Runs the retreats waiting, until one needs its owner's decision.
    pub(crate) fn run_retreats(&self, s: &mut State, ev: &mut Vec<Event>) {
        loop {
            if s.steps
                .iter()
                .any(|st| matches!(st, Step::RetreatChoice { .. }))
            {
                return;
            }
            let Some(i) = s.retreats.iter().position(|r| !r.hold) else {
                return;
            };
            match self.advance(s, i, ev) {
                Next::Choice => {
                    let unit = s.retreats[i].units[0];
                    s.steps.push(Step::RetreatChoice { unit });
                    return;
                }
                Next::Done => {
                    let r = s.retreats.remove(i);
                    self.finish_retreat(s, r, ev);
                }
            }
        }
    }

    /// Friendly combat units in `h` other than `group`.
    fn friends_at(&self, s: &State, h: Hex, side: Side, group: &[UnitId]) -> Vec<UnitId> {
        (0..s.units.len() as UnitId)
            .filter(|&v| {
                let info = &self.units[usize::from(v)];
                info.is_combat()
                    && info.side == side
                    && !group.contains(&v)
                    && s.unit(v).placed().is_some_and(|q| q.hexes.contains(h))
            })
            .collect()
    }

    /// Whether a friendly combat unit outside `group` stands in `h` ([`Self::friends_at`]
    /// without the list).
    fn friend_at(&self, s: &State, h: Hex, side: Side, group: &[UnitId]) -> bool {
        s.units.iter().enumerate().any(|(v, x)| {
            let info = &self.units[v];
            info.is_combat()
                && info.side == side
                && x.placed().is_some_and(|q| q.hexes.contains(h))
                && !group.contains(&(v as UnitId))
        })
    }

    /// Whether an enemy counter stands in `h`.
    fn enemy_in(&self, s: &State, h: Hex, side: Side) -> bool {
        s.units.iter().enumerate().any(|(i, x)| {
            self.units[i].side != side && x.placed().is_some_and(|q| q.hexes.contains(h))
        })
    }

    /// Moves retreat `i` on as far as it goes without a decision.
    fn advance(&self, s: &mut State, i: usize, ev: &mut Vec<Event>) -> Next {
        loop {
            let alive: Vec<UnitId> = s.retreats[i]
                .units
                .iter()
                .copied()
                .filter(|&u| s.unit(u).on_map())
                .collect();
            let Some(&lead) = alive.first() else {
                return Next::Done;
            };
            s.retreats[i].units = alive.clone();
            let r = s.retreats[i].clone();
            let side = self.units[usize::from(lead)].side;
            let here = s.unit(lead).placed().map_or(r.visited[0], |p| p.hex());
            let crowded = self.friend_at(s, here, side, &alive);
            // 21.2c: the owner first says where the commanders of a divided hex go.
            if r.ask.iter().any(|&c| s.unit(c).on_map()) {
                return Next::Choice;
            }
            match (r.phase, r.kind) {
                (RetreatPhase::Collapse, _) => return Next::Choice,
                (RetreatPhase::Losses, _) => {
                    if r.losses == 0 {
                        return Next::Done;
                    }
                    if alive.len() == 1 {
                        self.lose_sp(s, lead, r.losses, "19.7d", ev);
                        s.retreats[i].losses = 0;
                        return Next::Done;
                    }
                    return Next::Choice;
                }
                (RetreatPhase::Move, RetreatKind::Rout) => {
                    if r.left == 0 && !crowded {
                        s.retreats[i].phase = RetreatPhase::Losses;
                        continue;
                    }
                    let opts = self.rout_options(s, &r);
                    match opts.len() {
                        0 => {
                            // 20.2d: 1 SP for each hex it cannot retreat.
                            let x = &mut s.retreats[i];
                            x.losses = x.losses.saturating_add(x.left);
                            x.left = 0;
                            if crowded {
                                // 20.2c: it may not end grouped, and cannot go on: it is
                                // destroyed (a reading, 21.4e).
                                for &u in &alive {
                                    let sp = s.unit(u).sp;
                                    self.lose_sp(s, u, sp, "20.2c", ev);
                                }
                                return Next::Done;
                            }
                            s.retreats[i].phase = RetreatPhase::Losses;
                        }
                        1 => self.retreat_step(s, i, opts[0], ev),
                        _ => return Next::Choice,
                    }
                }
                (RetreatPhase::Move, RetreatKind::BeforeCombat) => {
                    if r.moved >= 2 {
                        return Next::Done;
                    }
                    let opts = self.rbcc_options(s, &r);
                    if opts.is_empty() {
                        return Next::Done;
                    }
                    if r.moved == 0 && opts.len() == 1 {
                        self.retreat_step(s, i, opts[0], ev);
                        continue;
                    }
                    return Next::Choice;
                }
            }
        }
    }

    /// The movement class a retreating group's terrain is read with.
    pub(crate) fn retreat_class(&self, s: &State, u: UnitId) -> MoveClass {
        let f = s.unit(u).formation;
        match self.units[usize::from(u)].kind {
            Kind::Cavalry if f.is_column() => MoveClass::CavalryColumn,
            Kind::Cavalry => MoveClass::CavalryLine,
            Kind::Artillery => MoveClass::Artillery,
            Kind::Commander => MoveClass::Commander,
            Kind::Infantry if f.is_column() => MoveClass::InfantryColumn,
            Kind::Infantry => MoveClass::InfantryLine,
        }
    }

    /// Whether class `c` may enter `to` from `from` (20.1b, 20.2a: only forbidden terrain
    /// counts).
    pub(crate) fn enterable(&self, from: Hex, to: Hex, c: MoveClass) -> bool {
        if !self.board.on_map(to) {
            return false;
        }
        if self.tables.fx(self.board.hex(to).terrain).mp[c as usize] == Mp::Prohibited {
            return false;
        }
        let Some(d) = from.direction_to(to) else {
            return false;
        };
        let bits = self.board.side(from, d) & !hs::ANY_ROAD;
        hs::IDS.iter().all(|&(bit, _)| {
            bits & bit == 0
                || self
                    .tables
                    .hexside(bit)
                    .is_none_or(|fx| fx.mp[c as usize] != Mp::Prohibited)
        })
    }

    /// The nearest distance from `h` to `hexes` (0 when there are none).
    fn dist_to(h: Hex, hexes: &[Hex]) -> u32 {
        hexes.iter().map(|&x| x.distance(h)).min().unwrap_or(0)
    }

    /// The best next hexes of a Retreat by Routing (20.2a, 20.2b, 20.2g).
    fn rout_options(&self, s: &State, r: &Retreat) -> Vec<Hex> {
        let Some(&lead) = r.units.first() else {
            return Vec::new();
        };
        let Some(p) = s.unit(lead).placed() else {
            return Vec::new();
        };
        let here = p.hex();
        let side = self.units[usize::from(lead)].side;
        let class = self.retreat_class(s, lead);
        let rear = self.rear_of(side);
        let mut best: Option<(u32, bool, u32)> = None;
        let mut out: Vec<Hex> = Vec::new();
        let now = Self::dist_to(here, &r.from);
        for n in here.neighbors() {
            if r.visited.contains(&n)
                || !self.enterable(here, n, class)
                || self.enemy_in(s, n, side)
            {
                continue;
            }
            // A retreat never goes back toward the enemy (20.2g).
            if Self::dist_to(n, &r.from) < now {
                continue;
            }
            let occupied = self.friend_at(s, n, side, &r.units);
            // Farther from the enemy, then empty, then nearer the rear.
            let key = (
                u32::MAX - Self::dist_to(n, &r.from),
                occupied,
                Self::dist_to(n, &rear),
            );
            match best {
                Some(b) if key > b => continue,
                Some(b) if key == b => out.push(n),
                _ => {
                    best = Some(key);
                    out.clear();
                    out.push(n);
                }
            }
        }
        out
    }

    /// Whether unit `u` would have to change formation in `h` (20.1d: General Order forced by
    /// terrain, 8.4i).
    fn forced_go(&self, u: UnitId, h: Hex) -> bool {
        let kind = self.units[usize::from(u)].kind;
        match self.tables.fx(self.board.hex(h).terrain).general_order {
            GoFor::None => false,
            GoFor::Infantry => kind == Kind::Infantry,
            GoFor::InfantryArtillery => matches!(kind, Kind::Infantry | Kind::Artillery),
            GoFor::All => true,
        }
    }

    /// The position of a group at `p` moved one hex toward `d`.
    fn shifted(p: &Placed, d: Direction) -> Option<Placed> {
        let list: Vec<Hex> = p.hexes.as_slice().iter().map(|h| h.neighbor(d)).collect();
        Some(Placed {
            hexes: Hexes::from_slice(&list)?,
            facing: p.facing,
            hook: p.hook,
        })
    }

    /// The hexes a Retreat Before Close Combat may go to next (20.1a–d): away from the
    /// attackers, not into an enemy hex or EZOC, not where the unit may not go or would have
    /// to change formation, and not to end with friends unless it can go on.
    fn rbcc_options(&self, s: &State, r: &Retreat) -> Vec<Hex> {
        let Some(&lead) = r.units.first() else {
            return Vec::new();
        };
        let Some(p) = s.unit(lead).placed().copied() else {
            return Vec::new();
        };
        let o = Occupancy::build(self, s);
        let mut out = Vec::new();
        for d in Direction::ALL {
            if self.rbcc_step_ok(s, &o, r, &p, d, r.moved) {
                out.push(p.hex().neighbor(d));
            }
        }
        out
    }

    /// Whether a Retreat Before Close Combat at `p` may step toward `d` after `moved` hexes.
    fn rbcc_step_ok(
        &self,
        s: &State,
        o: &Occupancy,
        r: &Retreat,
        p: &Placed,
        d: Direction,
        moved: u8,
    ) -> bool {
        if moved >= 2 {
            return false;
        }
        let lead = r.units[0];
        let side = self.units[usize::from(lead)].side;
        let class = self.retreat_class(s, lead);
        let skirmishers = r.units.iter().all(|&u| self.is_skirmisher(s, u));
        let Some(q) = Self::shifted(p, d) else {
            return false;
        };
        let dist = |hexes: &[Hex]| {
            hexes
                .iter()
                .map(|&h| Self::dist_to(h, &r.from))
                .min()
                .unwrap_or(0)
        };
        if dist(q.hexes.as_slice()) <= dist(p.hexes.as_slice()) {
            return false;
        }
        for (k, &h) in q.hexes.as_slice().iter().enumerate() {
            let prev = p.hexes.as_slice()[k];
            if r.visited.contains(&h) && !p.hexes.contains(h)
                || !self.enterable(prev, h, class)
                || self.enemy_in(s, h, side)
                || o.ezoc(self, h, side)
                || (!skirmishers && r.units.iter().any(|&u| self.forced_go(u, h)))
            {
                return false;
            }
        }
        let crowded = q
            .hexes
            .as_slice()
            .iter()
            .any(|&h| self.friend_at(s, h, side, &r.units));
        if !crowded {
            return true;
        }
        // 20.1c: it may pass friends, but must end clear of them.
        Direction::ALL
            .iter()
            .any(|&e| self.rbcc_step_ok(s, o, r, &q, e, moved + 1))
    }

    /// Retreat `i` steps into `to` (the hex its first hex enters).
    fn retreat_step(&self, s: &mut State, i: usize, to: Hex, ev: &mut Vec<Event>) {
        let r = s.retreats[i].clone();
        let lead = r.units[0];
        let Some(p) = s.unit(lead).placed().copied() else {
            return;
        };
        let Some(d) = p.hex().direction_to(to) else {
            return;
        };
        let Some(q) = Self::shifted(&p, d) else {
            return;
        };
        let side = self.units[usize::from(lead)].side;
        let o = Occupancy::build(self, s);
        let skirmishers = r.units.iter().all(|&u| self.is_skirmisher(s, u));
        let mut x = r.clone();
        for &h in q.hexes.as_slice() {
            if p.hexes.contains(h) {
                continue;
            }
            // 20.2b: 1 SP for each EZOC hex entered (friends do not cancel it).
            if r.kind == RetreatKind::Rout && o.ezoc(self, h, side) {
                x.losses = x.losses.saturating_add(1);
            }
            if self.tables.fx(self.board.hex(h).terrain).difficult {
                x.difficult = true;
            }
            for f in self.friends_at(s, h, side, &r.units) {
                if s.unit(f).morale == Morale::Routed {
                    if !x.routed_through.contains(&f) {
                        x.routed_through.push(f);
                    }
                } else if skirmishers {
                    // 20.1c, 20.2b exception 1: skirmishers pass freely.
                } else if r.voluntary && self.voluntary_witness(s, lead, f) {
                    // 19.10d: MC(J) +10 instead of MC(F).
                    if let Some(a) = s.activation.as_mut() {
                        if !a.voluntary_passed.contains(&f) {
                            a.voluntary_passed.push(f);
                        }
                    }
                } else if !x.through.contains(&f) {
                    x.through.push(f);
                }
            }
            x.visited.push(h);
        }
        x.left = x.left.saturating_sub(1);
        x.moved = x.moved.saturating_add(1);
        for &u in r.units.iter().chain(r.commanders.iter()) {
            if let Place::Map(c) = s.unit(u).place {
                let moved = if r.units.contains(&u) {
                    Some(q)
                } else {
                    Self::shifted(&c, d)
                };
                if let Some(m) = moved {
                    s.unit_mut(u).place = Place::Map(m);
                }
            }
        }
        ev.push(Event::Retreated { unit: lead, to });
        s.retreats[i] = x;
    }

    /// A retreat is over: MC(D) after a retreat before combat (20.1a), Disorder first if it
    /// crossed difficult terrain (20.1e); MC(F) for the friends it passed (20.1c, 20.2b); the
    /// Routed friends it passed retreat in their turn (20.2b; digest A34: a full retreat from
    /// the same enemy).
    fn finish_retreat(&self, s: &mut State, r: Retreat, ev: &mut Vec<Event>) {
        let alive: Vec<UnitId> = r
            .units
            .iter()
            .copied()
            .filter(|&u| s.unit(u).on_map())
            .collect();
        if let Some(&lead) = r.units.first() {
            ev.push(Event::RetreatEnds {
                unit: lead,
                hexes: r.moved,
            });
        }
        // 16.2b: a pursuer follows the path of a Retreat by Routing made in close combat.
        if r.kind == RetreatKind::Rout {
            if let Some(c) = s.activation.as_mut().and_then(|a| a.close.as_mut()) {
                let path: Vec<HexLabel> = r.visited.iter().skip(1).map(|&h| HexLabel(h)).collect();
                for &u in &alive {
                    c.rout_paths.retain(|(x, _)| *x != u);
                    c.rout_paths.push((u, path.clone()));
                }
            }
        }
        let mut reqs: Vec<CheckReq> = Vec::new();
        if r.kind == RetreatKind::BeforeCombat {
            if r.difficult && !alive.iter().all(|&u| self.is_skirmisher(s, u)) {
                self.disorder_units(s, &alive, "20.1e", ev);
            }
            // F-3.7b: Swedish 4-pounders took theirs before they went.
            if let Some(c) = self
                .checking_unit(&self.stack_of_list(s, &alive))
                .filter(|_| !r.checked)
            {
                reqs.push(CheckReq {
                    unit: c,
                    kind: CheckKind::Morale(MoraleCheck::D),
                    er_mod: 0,
                });
            }
        }
        let mut seen: Vec<UnitId> = Vec::new();
        for &f in &r.through {
            if seen.contains(&f) || !s.unit(f).on_map() || s.unit(f).morale == Morale::Routed {
                continue;
            }
            let stack = self.stack_of(s, f);
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
        let mut seen: Vec<UnitId> = Vec::new();
        for &f in &r.routed_through {
            if seen.contains(&f) || !s.unit(f).on_map() || s.unit(f).morale != Morale::Routed {
                continue;
            }
            let stack = self.stack_of(s, f);
            seen.extend_from_slice(&stack);
            self.start_retreat(s, &stack, &r.from, RetreatKind::Rout, false, false);
        }
    }

    /// The checking group of `alive` (they stand together).
    fn stack_of_list(&self, s: &State, alive: &[UnitId]) -> Vec<UnitId> {
        alive
            .first()
            .map_or_else(Vec::new, |&u| self.stack_of(s, u))
    }

    /// The decisions of the retreat under way (19.7d, 19.7e, 20.1a, 20.2g).
    pub(crate) fn retreat_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(r) = s.retreats.iter().find(|r| !r.hold) else {
            return;
        };
        let Some(&lead) = r.units.first() else { return };
        let Some(p) = s.unit(lead).placed() else {
            return;
        };
        if let Some(&c) = r.ask.iter().find(|&&c| s.unit(c).on_map()) {
            for retreat in [true, false] {
                out.push(Action::JoinRetreat {
                    commander: c,
                    retreat,
                });
            }
            return;
        }
        match (r.phase, r.kind) {
            (RetreatPhase::Collapse, _) => {
                for h in self.collapse_hexes(s, r, p) {
                    out.push(Action::Retreat { unit: lead, to: h });
                }
            }
            (RetreatPhase::Losses, _) => {
                for &u in &r.units {
                    if s.unit(u).on_map() {
                        out.push(Action::TakeLoss { unit: u });
                    }
                }
            }
            (RetreatPhase::Move, RetreatKind::Rout) => {
                for h in self.rout_options(s, r) {
                    out.push(Action::Retreat { unit: lead, to: h });
                }
            }
            (RetreatPhase::Move, RetreatKind::BeforeCombat) => {
                for h in self.rbcc_options(s, r) {
                    out.push(Action::Retreat { unit: lead, to: h });
                }
                let side = self.units[usize::from(lead)].side;
                let crowded = p
                    .hexes
                    .as_slice()
                    .iter()
                    .any(|&h| self.friend_at(s, h, side, &r.units));
                if r.moved > 0 && !crowded {
                    out.push(Action::EndRetreat { unit: lead });
                }
            }
        }
    }

    /// The hexes a Routing multi-hex unit may collapse into (19.7e): in close combat, those
    /// next to a possible pursuer (enemy cavalry neither Shaken nor Routed in a hex the rout
    /// comes from) when any is; else any of its hexes.
    fn collapse_hexes(&self, s: &State, r: &Retreat, p: &Placed) -> Vec<Hex> {
        let all = p.hexes.as_slice().to_vec();
        if s.activation.as_ref().is_none_or(|a| a.close.is_none()) {
            return all;
        }
        let side = r.units.first().map(|&u| self.units[usize::from(u)].side);
        let pursuers: Vec<Hex> = (0..s.units.len() as UnitId)
            .filter(|&v| {
                let info = &self.units[usize::from(v)];
                let x = s.unit(v);
                Some(info.side) != side && info.kind == Kind::Cavalry && x.morale == Morale::Good
            })
            .filter_map(|v| s.unit(v).placed().copied())
            .flat_map(|q| q.hexes.as_slice().to_vec())
            .filter(|h| r.from.contains(h))
            .collect();
        let near: Vec<Hex> = all
            .iter()
            .copied()
            .filter(|h| pursuers.iter().any(|q| q.distance(*h) == 1))
            .collect();
        if near.is_empty() { all } else { near }
    }

    /// Applies a retreat decision.
    pub(crate) fn apply_retreat_choice(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.retreat_actions(s, &mut legal);
        if !legal.contains(a) {
            return Err(Illegal::new(
                "20.2g",
                format!("{a:?} is not one of the retreat's choices now: {legal:?}"),
            ));
        }
        let Some(i) = s.retreats.iter().position(|r| !r.hold) else {
            return Err(Illegal::new("20.2", "no retreat is under way"));
        };
        match *a {
            Action::Retreat { unit, to } if s.retreats[i].phase == RetreatPhase::Collapse => {
                // 19.7e: the Routing unit collapses into one of its hexes.
                let Some(facing) = s.unit(unit).placed().map(|p| p.facing) else {
                    return Err(Illegal::new("engine", "the unit is not on the map"));
                };
                let units = s.retreats[i].units.clone();
                for u in units {
                    let x = s.unit_mut(u);
                    x.place = Place::Map(Placed::at(to, facing));
                    x.formation = Formation::Rout;
                }
                let r = &mut s.retreats[i];
                r.visited = alloc::vec![to];
                r.phase = RetreatPhase::Move;
            }
            Action::Retreat { to, .. } => self.retreat_step(s, i, to, ev),
            Action::EndRetreat { .. } => {
                let r = s.retreats.remove(i);
                self.finish_retreat(s, r, ev);
            }
            Action::JoinRetreat { commander, retreat } => {
                let r = &mut s.retreats[i];
                r.ask.retain(|&c| c != commander);
                if retreat {
                    r.commanders.push(commander);
                }
                ev.push(Event::CommanderJoins { commander, retreat });
            }
            Action::TakeLoss { unit } => {
                self.lose_sp(s, unit, 1, "19.7d", ev);
                let r = &mut s.retreats[i];
                r.losses = r.losses.saturating_sub(1);
            }
            _ => {}
        }
        self.run_retreats(s, ev);
        Ok(())
    }

    /// Whether `group` may Retreat Before Close Combat from `attackers` (13.9, 20.1): cavalry
    /// before infantry only (F-3.1c, F-4.1e E), light cavalry before all but light cavalry
    /// (F-3.1c, F-4.1e F), skirmishers before infantry, or cavalry when they stand in woods, a
    /// town or a village (F-2.8d, F-3.1d, F-4.1e G), light infantry before other infantry,
    /// Swedish 4-pounders alone before infantry (F-3.7b); never Disordered non-skirmishers
    /// (13.9b, 20.1e).
    pub fn may_retreat_before_combat(
        &self,
        s: &State,
        group: &[UnitId],
        attackers: &[UnitId],
    ) -> bool {
        if group.is_empty() || attackers.is_empty() {
            return false;
        }
        let all_inf = attackers
            .iter()
            .all(|&a| self.units[usize::from(a)].kind == Kind::Infantry);
        let any_light_cav = attackers.iter().any(|&a| {
            let i = &self.units[usize::from(a)];
            i.kind == Kind::Cavalry && i.light
        });
        group.iter().all(|&u| {
            let info = &self.units[usize::from(u)];
            let x = s.unit(u);
            let skirm = self.is_skirmisher(s, u);
            if !x.on_map() || x.morale == Morale::Routed || (x.disordered && !skirm) {
                return false;
            }
            match info.kind {
                Kind::Cavalry => {
                    let from = self
                        .tables
                        .close
                        .charge_row(info.nationality, info.light)
                        .map_or(RetreatFrom::Infantry, |r| r.retreat_from);
                    match from {
                        RetreatFrom::Infantry => all_inf,
                        RetreatFrom::NotLightCavalry => !any_light_cav,
                    }
                }
                Kind::Infantry if skirm => {
                    let t = self
                        .board
                        .hex(x.placed().map_or(crate::hex::Hex::new(0, 0), |p| p.hex()))
                        .terrain;
                    use crate::fontenoy::board::Terrain as T;
                    all_inf
                        || matches!(t, T::Woods | T::Town | T::Village)
                            && attackers.iter().all(|&a| {
                                matches!(
                                    self.units[usize::from(a)].kind,
                                    Kind::Infantry | Kind::Cavalry
                                )
                            })
                }
                Kind::Infantry if info.class == "light_infantry" => {
                    all_inf
                        && attackers
                            .iter()
                            .all(|&a| self.units[usize::from(a)].class != "light_infantry")
                }
                Kind::Artillery => {
                    info.by_hand == ByHand::Fp2
                        && all_inf
                        && group
                            .iter()
                            .all(|&v| self.units[usize::from(v)].by_hand == ByHand::Fp2)
                }
                _ => false,
            }
        })
    }

    /// Retreat Before Close Combat (20.1a): `unit`'s group goes one or two hexes away from
    /// `attackers`, as its owner chooses, then takes MC(D) in place of MC(B). Returns false
    /// (and does nothing) when no hex allows it (20.1c). The close combat code asks
    /// [`Fontenoy::may_retreat_before_combat`] first.
    pub fn retreat_before_combat(
        &self,
        s: &mut State,
        unit: UnitId,
        attackers: &[UnitId],
        ev: &mut Vec<Event>,
    ) -> bool {
        self.retreat_before_combat_as(s, unit, attackers, false, ev)
    }

    /// [`Fontenoy::retreat_before_combat`], `checked` when its MC(D) was taken before it
    /// (F-3.7b).
    pub(crate) fn retreat_before_combat_as(
        &self,
        s: &mut State,
        unit: UnitId,
        attackers: &[UnitId],
        checked: bool,
        ev: &mut Vec<Event>,
    ) -> bool {
        let group = self.stack_of(s, unit);
        let from = self.hexes_of(s, attackers);
        if group.is_empty() || from.is_empty() {
            return false;
        }
        self.start_retreat(s, &group, &from, RetreatKind::BeforeCombat, false, false);
        let Some(i) = s
            .retreats
            .iter()
            .position(|r| r.units.first() == group.first())
        else {
            return false;
        };
        if self.rbcc_options(s, &s.retreats[i]).is_empty() {
            s.retreats.remove(i);
            return false;
        }
        s.retreats[i].checked = checked;
        self.run_retreats(s, ev);
        true
    }

    /// Whether `group` is Swedish 4-pounders alone (F-3.7a, F-3.7b: "FP2" guns).
    pub(crate) fn swedish_guns(&self, group: &[UnitId]) -> bool {
        !group.is_empty()
            && group.iter().all(|&u| {
                let info = &self.units[usize::from(u)];
                info.kind == Kind::Artillery && info.by_hand == ByHand::Fp2
            })
    }
}
