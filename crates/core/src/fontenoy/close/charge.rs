//! Cavalry Charge Movement (13.1d–f, 13.3): the charge range in hexes less the SCM costs of the
//! TET (13.1f, F-2.8a), forward steps only with the facing kept (13.3c; digest A23), never
//! through occupied hexes (13.3b), stopping on entering an enemy ZOC (13.3d); a charge that
//! reaches nobody goes back and is Disorder/Shaken (13.3e); terrain that calls for a DC(A) asks
//! for one after the charge (13.3f).

use alloc::format;
use alloc::vec::Vec;

use super::{CloseStep, Cont};
use crate::engine::Illegal;
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::board::{Terrain, side as hs};
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::{self, Arc, Hexes, Placed};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Place, State, Step};
use crate::fontenoy::tables::{Dca, Mp};
use crate::fontenoy::types::{DisorderCheck, Formation, Morale, Pts};
use crate::fontenoy::units::UnitId;
use crate::hex::{Direction, Hex};

impl Fontenoy {
    /// A group's charge range (13.1e, 13.3a: its shortest), from the cavalry chart by
    /// nationality and light cavalry (F-3.1c, F-4.1e), else the counter's own value.
    pub fn charge_range(&self, units: &[UnitId]) -> Pts {
        let r = units
            .iter()
            .map(|&u| {
                let info = &self.units[usize::from(u)];
                self.tables
                    .close
                    .charge_row(info.nationality, info.light)
                    .map_or(info.charge_range, |row| row.range)
            })
            .min()
            .unwrap_or(0);
        Pts::whole(u16::from(r))
    }

    /// The SCM cost of entering `to` from `from` (F-2.8a: the TET's SCM column for the hex and
    /// the hexside features; a slope only going up, as in movement), `None` where charges may
    /// not go (13.3b).
    pub fn scm_cost(&self, from: Hex, to: Hex) -> Option<Pts> {
        if !self.board.on_map(to) {
            return None;
        }
        // F-5.5d: a sunken road costs its other terrain to enter, and the rest of its own SCM
        // to cross out of it.
        let mut cost = match self.tables.fx(self.entry_terrain(to)).scm {
            Mp::Pts(p) => p,
            _ => return None,
        };
        if self.crosses_sunken(from, to) {
            let full = self.tables.fx(Terrain::SunkenRoad).scm;
            let other = self.tables.fx(self.board.hex(from).under).scm;
            if let (Mp::Pts(a), Mp::Pts(b)) = (full, other) {
                cost = cost.plus(a.minus(b).unwrap_or(Pts::ZERO));
            }
        }
        let d = from.direction_to(to)?;
        let bits = self.board.side(from, d) & !hs::ANY_ROAD;
        for (bit, _) in hs::IDS {
            if bits & bit == 0 {
                continue;
            }
            if bit & hs::SLOPE != 0 && self.board.toward(from, d) & bit == 0 {
                continue;
            }
            match self.tables.close.side(bit).map(|x| x.scm) {
                Some(Mp::Pts(p)) => cost = cost.plus(p),
                Some(Mp::All) | None => {}
                Some(Mp::Prohibited) => return None,
            }
        }
        Some(cost)
    }

    /// The positions one forward step from `p` for a formation facing a vertex (the whole
    /// formation shifts into its Frontal directions, 11.1a), with the step's SCM cost (the
    /// dearest hex entered) where every hex entered is free and open to charges (13.3b).
    pub(crate) fn charge_shifts(
        &self,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
    ) -> Vec<(Placed, Pts)> {
        let mut out = Vec::new();
        if !p.facing.is_corner() {
            return out;
        }
        let d = Direction::new(p.facing.index() / 2).unwrap_or(Direction::ALL[0]);
        for dir in [d, d.rotate(1)] {
            let list: Vec<Hex> = p.hexes.as_slice().iter().map(|h| h.neighbor(dir)).collect();
            let Some(hexes) = Hexes::from_slice(&list) else {
                continue;
            };
            let mut worst = Pts::ZERO;
            let mut ok = true;
            for (i, &h) in list.iter().enumerate() {
                let busy = o.at(self, h).units.iter().any(|x| !group.contains(x));
                match self.scm_cost(p.hexes.as_slice()[i], h) {
                    Some(c) if !busy => worst = worst.max(c),
                    _ => ok = false,
                }
            }
            if ok {
                out.push((
                    Placed {
                        hexes,
                        facing: p.facing,
                        hook: p.hook,
                    },
                    worst,
                ));
            }
        }
        out
    }

    /// Every position a charge from `p` with `range` left can reach, `p` included (13.1d,
    /// 13.3b, 13.3d: no step out of an enemy ZOC).
    pub(crate) fn charge_area(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        range: Pts,
    ) -> Vec<(Placed, Pts)> {
        let side = self.side_of(group[0]);
        let mut seen: Vec<(Placed, Pts)> = alloc::vec![(*p, range)];
        let mut i = 0;
        while i < seen.len() {
            let (q, left) = seen[i];
            i += 1;
            if q != *p && q.hexes.as_slice().iter().any(|&h| o.ezoc(self, h, side)) {
                continue;
            }
            for (next, cost) in self.charge_shifts(o, group, &q) {
                let Some(rest) = left.minus(cost) else {
                    continue;
                };
                match seen.iter_mut().find(|(x, _)| *x == next) {
                    Some(e) if e.1 >= rest => {}
                    Some(e) => e.1 = rest,
                    None => seen.push((next, rest)),
                }
            }
        }
        let _ = s;
        seen
    }

    /// Whether a charge by `group` from `p` with `range` can end with `target` in its Frontal
    /// hexes (13.1d).
    pub(crate) fn charge_reaches(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        range: Pts,
        target: Hex,
    ) -> bool {
        let f = s.unit(group[0]).formation;
        self.charge_area(s, o, group, p, range)
            .iter()
            .skip(1)
            .any(|(q, _)| {
                let mut hit = false;
                geometry::for_each_in_arc(f, q, Arc::Frontal, |h| hit |= h == target);
                hit
            })
    }

    /// The enemy hexes a charge by `u`'s group could reach (13.1d).
    pub(crate) fn charge_targets(&self, s: &State, o: &Occupancy, u: UnitId) -> Vec<Hex> {
        let Some(group) = self.attack_group(s, u) else {
            return Vec::new();
        };
        let Some(p) = s.unit(u).placed().copied() else {
            return Vec::new();
        };
        let side = self.side_of(u);
        let f = s.unit(u).formation;
        let range = self.charge_range(&group);
        let mut out: Vec<Hex> = Vec::new();
        for (q, _) in self.charge_area(s, o, &group, &p, range).iter().skip(1) {
            geometry::for_each_in_arc(f, q, Arc::Frontal, |h| {
                if !out.contains(&h) && !self.enemies_at(o, h, side).is_empty() {
                    out.push(h);
                }
            });
        }
        // Optional 13.1d: only targets in its Line of Sight.
        if self.option("13.1d") {
            out.retain(|&h| self.units_see(s, o, u, &[h]));
        }
        out.sort();
        out
    }

    /// The hexes a charge from where the charger stands could still reach, with their
    /// neighbours: the units there are "within charge range" (13.4a).
    pub(crate) fn charge_threat(&self, s: &State, o: &Occupancy) -> Vec<Hex> {
        let Some(a) = self.charging_attack(s) else {
            return Vec::new();
        };
        let Some(p) = s.unit(a.lead).placed().copied() else {
            return Vec::new();
        };
        let mut out: Vec<Hex> = Vec::new();
        for (q, _) in self.charge_area(s, o, &a.units, &p, a.range) {
            for &h in q.hexes.as_slice() {
                for n in h.neighbors() {
                    if !out.contains(&n) {
                        out.push(n);
                    }
                }
            }
        }
        out
    }

    /// The attack whose charge is under way.
    pub(crate) fn charging_attack<'a>(&self, s: &'a State) -> Option<&'a super::Attack> {
        let c = self.close_segment(s)?;
        c.attacks.get(usize::from(c.charging?))
    }

    /// The next charge (13.3a: one at a time), or the designation of the combats (13.6) when
    /// none is left.
    pub(crate) fn next_charge(&self, s: &mut State, ev: &mut Vec<Event>) {
        let next = self.close_segment(s).and_then(|c| {
            c.attacks
                .iter()
                .position(|a| a.passed == Some(true) && !a.charged)
        });
        let Some(i) = next else {
            if let Some(c) = self.cs_mut(s) {
                c.charging = None;
            }
            self.designate_combats(s, ev);
            return;
        };
        if let Some(c) = self.cs_mut(s) {
            c.charging = Some(i as u8);
        }
        self.charge_go_on(s, ev);
    }

    /// The charger's next hex: the active player's choice, after the passive player's
    /// reactions (13.4a: before each hex, the first included).
    pub(crate) fn charge_go_on(&self, s: &mut State, _ev: &mut Vec<Event>) {
        s.steps.push(Step::Close(CloseStep::ChargeMove));
        let o = Occupancy::build(self, s);
        if !self.reactors(s, &o).is_empty() {
            s.steps.push(Step::Close(CloseStep::DefenderReaction));
        }
    }

    /// The charger's choices: a hex forward within its range, or the end of its charge.
    pub(crate) fn charge_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(a) = self.charging_attack(s) else {
            return;
        };
        let o = Occupancy::build(self, s);
        if let Some(p) = s.unit(a.lead).placed().copied() {
            for (q, cost) in self.charge_shifts(&o, &a.units, &p) {
                if cost <= a.range {
                    out.push(Action::ChargeStep {
                        unit: a.lead,
                        to: q.hex(),
                    });
                }
            }
        }
        for from in self.charge_shrinks(s) {
            out.push(Action::Shrink { unit: a.lead, from });
        }
        out.push(Action::EndCharge { unit: a.lead });
    }

    /// 13.3c: the end hexes a charging multi-hex Line may give up now: one hex for each hex
    /// of charge movement, before it leaves a hex or after it enters one (so at most one more
    /// than the hexes moved), never in an enemy ZOC.
    pub(crate) fn charge_shrinks(&self, s: &State) -> Vec<Hex> {
        let Some(a) = self.charging_attack(s) else {
            return Vec::new();
        };
        let Some(p) = s.unit(a.lead).placed() else {
            return Vec::new();
        };
        let hexes = p.hexes.as_slice();
        let n = hexes.len();
        if s.unit(a.lead).formation != Formation::Line
            || n < 2
            || a.shrinks > a.hexes
            || a.units.iter().any(|&u| s.unit(u).placed() != Some(p))
        {
            return Vec::new();
        }
        let o = Occupancy::build(self, s);
        let side = self.side_of(a.lead);
        if hexes.iter().any(|&h| o.ezoc(self, h, side)) {
            return Vec::new();
        }
        alloc::vec![hexes[0], hexes[n - 1]]
    }

    /// 13.3c: the charging Line gives up its end hex `from`; its commanders there move into
    /// the hex next to it.
    pub(crate) fn charge_shrink(&self, s: &mut State, from: Hex, ev: &mut Vec<Event>) {
        let Some(a) = self.charging_attack(s).cloned() else {
            return;
        };
        let Some(p) = s.unit(a.lead).placed().copied() else {
            return;
        };
        let hexes = p.hexes.as_slice();
        let n = hexes.len();
        let (rest, next) = if hexes[0] == from {
            (&hexes[1..], hexes[1])
        } else {
            (&hexes[..n - 1], hexes[n - 2])
        };
        let Some(list) = Hexes::from_slice(rest) else {
            return;
        };
        let q = Placed {
            hexes: list,
            facing: p.facing,
            hook: p.hook,
        };
        let side = self.side_of(a.lead);
        for c in self.commanders_in(s, &[from], side) {
            s.unit_mut(c).place = Place::Map(Placed::at(next, p.facing));
        }
        for &u in &a.units {
            s.unit_mut(u).place = Place::Map(q);
        }
        if let Some(c) = self.cs_mut(s) {
            if let Some(i) = c.charging {
                let x = &mut c.attacks[usize::from(i)];
                x.shrinks = x.shrinks.saturating_add(1);
            }
        }
        ev.push(Event::Resized {
            unit: a.lead,
            hex: from,
            hexes: q.hexes.len() as u8,
            extended: false,
            cost: Pts::ZERO,
        });
        s.steps.push(Step::Close(CloseStep::ChargeMove));
    }

    /// Why the charger may not step into `to`.
    pub(crate) fn charge_step_refusal(&self, s: &State, o: &Occupancy, to: Hex) -> Illegal {
        let Some(a) = self.charging_attack(s) else {
            return Illegal::new("13.3a", "no charge is under way");
        };
        let name = self.unit_name(a.lead);
        let Some(p) = s.unit(a.lead).placed().copied() else {
            return Illegal::new("13.3a", "the charger is not on the map");
        };
        let shifts = self.charge_shifts(o, &a.units, &p);
        match shifts.iter().find(|(q, _)| q.hex() == to) {
            Some((_, cost)) => Illegal::new(
                "13.1f",
                format!(
                    "{name} has {} hexes of charge range left and {} costs {cost}",
                    a.range,
                    self.label(to)
                ),
            ),
            None => Illegal::new(
                "13.3b",
                format!(
                    "{name} may charge only straight ahead into free hexes open to charges, and {} is not one",
                    self.label(to)
                ),
            ),
        }
    }

    /// One hex of charge movement (13.3a): it stops at once in an enemy ZOC (13.3d), and
    /// passive cavalry may countercharge (13.5a).
    pub(crate) fn charge_step(&self, s: &mut State, to: Hex, ev: &mut Vec<Event>) {
        let o = Occupancy::build(self, s);
        let Some(a) = self.charging_attack(s).cloned() else {
            return;
        };
        let Some(p) = s.unit(a.lead).placed().copied() else {
            return;
        };
        let Some((q, cost)) = self
            .charge_shifts(&o, &a.units, &p)
            .into_iter()
            .find(|(q, _)| q.hex() == to)
        else {
            return;
        };
        // 13.3f: leaving a hex that calls for a DC(A) costs one after the charge (the TET's
        // "may", the sunken road, counts: a charge is no Road Movement, F-2.10b); F-2.8c:
        // so does charging across an open redoubt hex (none inside it).
        let left_dca = p.hexes.as_slice().iter().any(|&h| {
            self.tables.fx(self.board.hex(h).terrain).dca != Dca::No
                || (self.redoubt_in(s, h).is_some()
                    && !o.combat_at(self, h).any(|x| self.inside_redoubt(s, x)))
        });
        for &u in &a.units {
            s.unit_mut(u).place = Place::Map(q);
        }
        if let Some(c) = self.cs_mut(s) {
            if let Some(i) = c.charging {
                let x = &mut c.attacks[usize::from(i)];
                x.range = x.range.minus(cost).unwrap_or(Pts::ZERO);
                x.hexes = x.hexes.saturating_add(1);
                x.dca |= a.hexes > 0 && left_dca;
            }
        }
        ev.push(Event::Charged { unit: a.lead, to });
        let o = Occupancy::build(self, s);
        let side = self.side_of(a.lead);
        if q.hexes.as_slice().iter().any(|&h| o.ezoc(self, h, side)) {
            self.end_charge(s, ev);
            return;
        }
        if !self.countercharger_options(s, &o).is_empty() {
            s.steps.push(Step::Close(CloseStep::Countercharge));
            return;
        }
        self.charge_go_on(s, ev);
    }

    /// The charge ends (13.3d): one that reaches no enemy and meets no countercharger goes
    /// back to its start Disorder/Shaken (13.3e); a DC(A) is due for terrain left (13.3f).
    pub(crate) fn end_charge(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(a) = self.charging_attack(s).cloned() else {
            self.next_charge(s, ev);
            return;
        };
        let o = Occupancy::build(self, s);
        let side = self.side_of(a.lead);
        let reached = self
            .frontal_hexes(s, a.lead)
            .iter()
            .any(|&h| !self.enemies_at(&o, h, side).is_empty());
        let mut dca = a.dca;
        if !reached && a.stopped_by.is_none() {
            if let Some(start) = a.start {
                for &u in &a.units {
                    let x = s.unit_mut(u);
                    x.place = Place::Map(start);
                    x.disordered = true;
                    if x.morale == Morale::Good {
                        x.morale = Morale::Shaken;
                    }
                }
            }
            ev.push(Event::ChargeReturned { unit: a.lead });
            dca = false;
            if let Some(c) = self.cs_mut(s) {
                if let Some(i) = c.charging {
                    c.attacks[usize::from(i)].passed = Some(false);
                }
            }
        }
        if let Some(c) = self.cs_mut(s) {
            if let Some(i) = c.charging.take() {
                c.attacks[usize::from(i)].charged = true;
            }
        }
        if dca {
            s.steps
                .push(Step::Close(CloseStep::Resume(Cont::NextCharge)));
            self.queue_checks(
                s,
                &[CheckReq {
                    unit: a.lead,
                    kind: CheckKind::Disorder(DisorderCheck::A),
                    er_mod: 0,
                }],
            );
            return;
        }
        self.next_charge(s, ev);
    }
}
