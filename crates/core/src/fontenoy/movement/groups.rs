//! Group actions of the Movement Segment that cost no MP: 10.6 the order of the counters in a
//! group (put one on top or at the bottom, before the group spends MP or once its move is
//! over: 10.6f, 10.6h; guns with a Square on top, 10.6d; guns with a Line or Hook never
//! between infantry, 10.6e), and 8.5 parent units splitting into their subunits and the
//! subunits rejoining (8.5a–c; the scenario's `parent_units` list them).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::{self, Arc, Placed};
use super::super::occupancy::Occupancy;
use super::super::state::{Act, CheckKind, CheckReq, Place, Segment, State, Step};
use super::super::tables::Mp;
use super::super::types::{DisorderCheck, Formation, Kind, Morale, MoraleCheck, Pts};
use super::super::units::{Parent, Skirmish, UnitId};
use super::Named;
use crate::engine::Illegal;
use crate::hex::{Facing, Hex};

impl Fontenoy {
    /// 10.8d: when a unit leaves a multi-hex group, the units that stay shrink at once, free,
    /// to the hexes their SP allow (keeping the first hexes, as 11.5i); so does the leaving
    /// unit once it is out of the old hexes (E22).
    pub(crate) fn split_shrink(
        &self,
        s: &mut State,
        from: &Placed,
        movers: &[UnitId],
        to: &Placed,
        ev: &mut Vec<Event>,
    ) {
        if from.hexes.len() < 2 {
            return;
        }
        let Some(&lead) = movers.first() else {
            return;
        };
        let side = self.units[usize::from(lead)].side;
        let stay = (0..s.units.len() as UnitId).find(|&x| {
            !movers.contains(&x)
                && self.units[usize::from(x)].side == side
                && self.units[usize::from(x)].is_combat()
                && s.unit(x).placed() == Some(from)
        });
        if let Some(x) = stay {
            self.after_losses(s, &[x], ev);
        }
        let apart = !to.hexes.as_slice().iter().any(|&h| from.hexes.contains(h));
        if stay.is_some() && apart && to.hexes.len() > 1 {
            self.after_losses(s, &[lead], ev);
        }
    }

    /// The combat units of `u`'s side standing exactly where `u` stands (and guns in any hex
    /// of its multi-hex Line or Hook, 10.4d), top first (10.6), read from the occupancy index.
    fn group_at(&self, s: &State, o: &Occupancy, u: UnitId) -> Vec<UnitId> {
        let Some(p) = s.unit(u).placed() else {
            return Vec::new();
        };
        let side = self.units[usize::from(u)].side;
        let routed = s.unit(u).morale == Morale::Routed;
        let mate = |x: UnitId| {
            let info = &self.units[usize::from(x)];
            info.is_combat() && info.side == side && (s.unit(x).morale == Morale::Routed) == routed
        };
        // 10.4d: guns in a hex of a multi-hex Line or Hook group with it: the group is read
        // from the Line's hexes.
        let anchor = o
            .at(self, p.hex())
            .units
            .iter()
            .copied()
            .find(|&x| {
                x != u
                    && mate(x)
                    && s.unit(x).placed().is_some_and(|q| q.hexes.len() > 1)
                    && self.stand_together(s, u, x)
            })
            .unwrap_or(u);
        let Some(ap) = s.unit(anchor).placed() else {
            return Vec::new();
        };
        let mut v: Vec<UnitId> = Vec::new();
        for &h in ap.hexes.as_slice() {
            for &x in &o.at(self, h).units {
                if !v.contains(&x) && mate(x) && self.stand_together(s, anchor, x) {
                    v.push(x);
                }
            }
        }
        v.sort_by_key(|&x| (s.unit(x).order, x));
        v
    }

    /// Whether `u` is between the start and the end of its move: it has spent MP and not
    /// finished (10.6f: no reordering then).
    fn mid_move(&self, s: &State, u: UnitId) -> bool {
        self.moving(s, u)
            .is_some_and(|m| !m.done && m.spent > super::super::types::Pts::ZERO)
    }

    /// 10.6d, 10.6e: whether the order `v` (top first) keeps the guns where they must be: on
    /// top of a Square, on top or at the bottom of a Line or Hook.
    fn order_ok(&self, s: &State, v: &[UnitId]) -> bool {
        let gun = |x: &UnitId| self.units[usize::from(*x)].kind == Kind::Artillery;
        let inf: Vec<usize> = (0..v.len()).filter(|&i| !gun(&v[i])).collect();
        let (Some(&first), Some(&last)) = (inf.first(), inf.last()) else {
            return true;
        };
        let square = v.iter().any(|&x| s.unit(x).formation == Formation::Square);
        if square {
            return v[first..].iter().all(|x| !gun(x));
        }
        v[first..=last].iter().all(|x| !gun(x))
    }

    /// 10.6f, 10.6h: the group's new order once `unit` goes on top (`top`) or to the bottom,
    /// or why it may not.
    fn reordered(
        &self,
        s: &State,
        o: &Occupancy,
        unit: UnitId,
        top: bool,
        quiet: bool,
    ) -> Result<Vec<UnitId>, Illegal> {
        let name = Named(self, unit);
        // 10.6f, a reading: each counter is put on top (or at the bottom) at most twice an
        // activation (before its move and after it), so that reordering, which is free,
        // cannot go on for ever.
        if s.activation
            .as_ref()
            .is_some_and(|a| a.reordered.iter().filter(|&&x| x == unit).count() >= 2)
        {
            return Err(Illegal::new(
                "10.6f",
                say!(
                    quiet,
                    "{name} has been reordered twice this activation already"
                ),
            ));
        }
        let group = self.group_at(s, o, unit);
        if group.len() < 2 || !group.contains(&unit) {
            return Err(Illegal::new(
                "10.6f",
                say!(quiet, "{name} stands in no group"),
            ));
        }
        // 10.6f: units of the activated Division; 10.6h: unactivated ones may share the group.
        if !group.iter().any(|&g| s.unit(g).act == Act::Active) {
            return Err(Illegal::new(
                "10.6f",
                "only a group with activated units is reordered in its Movement Segment",
            ));
        }
        if group.iter().any(|&g| self.mid_move(s, g)) {
            return Err(Illegal::new(
                "10.6f",
                say!(
                    quiet,
                    "{name}'s group is moving: it is reordered before it spends MP or once its move is over"
                ),
            ));
        }
        let mut v: Vec<UnitId> = group.iter().copied().filter(|&g| g != unit).collect();
        if top {
            v.insert(0, unit);
        } else {
            v.push(unit);
        }
        if v == group {
            return Err(Illegal::new(
                "10.6f",
                say!(quiet, "{name} is there already"),
            ));
        }
        if !self.order_ok(s, &v) {
            let square = v.iter().any(|&x| s.unit(x).formation == Formation::Square);
            return Err(if square {
                Illegal::new("10.6d", "guns grouped with a Square stay on top of it")
            } else {
                Illegal::new(
                    "10.6e",
                    "guns grouped with a Line or Hook stay on top or at the bottom, never between its infantry",
                )
            });
        }
        Ok(v)
    }

    /// 10.6d, 10.6e: once `u`'s move is over, the guns of the group it stands in are where
    /// 10.6 puts them: a group that joined out of order (guns under a Square, or between the
    /// infantry of a Line or Hook) has its guns put on top, keeping the rest's order (a
    /// reading: the owner may then send guns of a Line to the bottom by a free reordering once
    /// the move is over, 10.6f).
    pub(crate) fn settle_order(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let Some(h) = s.unit(u).placed().map(|p| p.hex()) else {
            return;
        };
        // Most moves end where no gun stands with infantry: look before building anything.
        let side = self.units[usize::from(u)].side;
        let (mut gun, mut inf) = (false, false);
        for (x, unit) in s.units.iter().enumerate() {
            let info = &self.units[x];
            if info.side != side || unit.placed().is_none_or(|p| !p.hexes.contains(h)) {
                continue;
            }
            gun |= info.kind == Kind::Artillery;
            inf |= info.kind == Kind::Infantry;
        }
        if !(gun && inf) {
            return;
        }
        let o = Occupancy::build(self, s);
        let v = self.group_at(s, &o, u);
        if self.order_ok(s, &v) {
            return;
        }
        let is_gun = |x: &UnitId| self.units[usize::from(*x)].kind == Kind::Artillery;
        let mut settled: Vec<UnitId> = v.iter().copied().filter(is_gun).collect();
        settled.extend(v.iter().copied().filter(|x| !is_gun(x)));
        let square = v.iter().any(|&x| s.unit(x).formation == Formation::Square);
        let first = settled[0];
        self.set_order(
            s,
            &settled,
            first,
            true,
            if square { "10.6d" } else { "10.6e" },
            ev,
        );
    }

    /// Sets the order of `v` (top first) and reports `unit`'s move.
    pub(crate) fn set_order(
        &self,
        s: &mut State,
        v: &[UnitId],
        unit: UnitId,
        top: bool,
        rule: &str,
        ev: &mut Vec<Event>,
    ) {
        for (i, &g) in v.iter().enumerate() {
            s.unit_mut(g).order = u8::try_from(i).unwrap_or(u8::MAX);
        }
        ev.push(Event::Reordered {
            unit,
            top,
            rule: rule.into(),
        });
    }

    /// The reorderings, splits and rejoinings on offer (10.6f, 8.5a–c).
    pub(super) fn group_actions(&self, s: &State, o: &Occupancy, out: &mut Vec<Action>) {
        let idle = self.current_mover(s).is_none();
        let side = s.activation.as_ref().map(|a| a.side);
        for u in 0..s.units.len() as UnitId {
            let x = s.unit(u);
            if x.act != Act::Active
                || !x.on_map()
                || Some(self.units[usize::from(u)].side) != side
                || !self.units[usize::from(u)].is_combat()
            {
                continue;
            }
            for top in [true, false] {
                // Only guns go to the bottom (10.6e); any order is reached by moves to the top.
                if !top && self.units[usize::from(u)].kind != Kind::Artillery {
                    continue;
                }
                if self.reordered(s, o, u, top, true).is_ok() {
                    out.push(Action::Reorder { unit: u, top });
                }
            }
        }
        if !idle {
            return;
        }
        for p in &self.org.parents {
            if self.split_ok(s, o, p).is_ok() {
                out.push(Action::Split { unit: p.parent });
            }
            for (at, formation, facing) in self.rejoin_choices(s, o, p) {
                out.push(Action::Rejoin {
                    parent: p.parent,
                    at,
                    formation,
                    facing,
                });
            }
        }
    }

    /// Applies a reordering (10.6f).
    pub(super) fn apply_reorder(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        top: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = s.activation.as_ref().map(|a| a.side);
        if Some(self.units[usize::from(unit)].side) != side {
            return Err(Illegal::new(
                "10.6f",
                "the active player reorders his own groups",
            ));
        }
        let v = self.reordered(s, o, unit, top, false)?;
        self.set_order(s, &v, unit, top, "10.6f", ev);
        if let Some(a) = s.activation.as_mut() {
            a.reordered.push(unit);
        }
        Ok(())
    }

    /// 10.8a: `unit` leaves its group where it stands, to turn, reform or move on its own;
    /// members that moved with the group and stay have finished (10.8c). Its move begins
    /// (`apply_movement` records it as a group of its own, 11.1b).
    pub(super) fn apply_leave_group(
        &self,
        s: &mut State,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if usize::from(unit) >= s.units.len() || !self.may_move(s, unit) {
            return Err(Illegal::new(
                "11.0",
                format!("counter {unit} may not move now"),
            ));
        }
        if self.group_of(s, unit).len() < 2 {
            return Err(Illegal::new(
                "10.8a",
                format!("{} moves in no group to leave", Named(self, unit)),
            ));
        }
        self.leave_group(s, unit, ev);
        self.record(s, unit);
        ev.push(Event::LeftGroup { unit });
        Ok(())
    }

    /// 18.2e, 19.2b: a DC(B), DC(C) or MC(A) taken in the Movement Segment by a group in
    /// which moving and stationary units stand together concerns the moving units only.
    pub(crate) fn movers_only(&self, s: &State, req: CheckReq, group: Vec<UnitId>) -> Vec<UnitId> {
        let kind = matches!(
            req.kind,
            CheckKind::Disorder(DisorderCheck::B | DisorderCheck::C)
                | CheckKind::Morale(MoraleCheck::A)
        );
        let movement = s
            .activation
            .as_ref()
            .is_some_and(|a| a.segment == Segment::Movement);
        if !kind || !movement {
            return group;
        }
        let open = |u: UnitId| self.moving(s, u).is_some_and(|m| !m.done);
        let movers: Vec<UnitId> = group.iter().copied().filter(|&g| open(g)).collect();
        if movers.is_empty() { group } else { movers }
    }

    /// The parent-unit entry of `u`, as a parent.
    fn parent_entry(&self, u: UnitId) -> Option<&Parent> {
        self.org.parents.iter().find(|p| p.parent == u)
    }

    /// The conditions 8.5a and 8.5b share for a unit: activated, In Command, Formed, not
    /// Routed, MPo not yet spent.
    fn split_common(&self, s: &State, u: UnitId, rule: &'static str) -> Result<(), Illegal> {
        let x = s.unit(u);
        let name = Named(self, u);
        if x.act != Act::Active || !x.on_map() {
            return Err(Illegal::new(
                rule,
                format!("{name} is not an activated unit on the map"),
            ));
        }
        if x.command != Some(true) {
            return Err(Illegal::new(rule, format!("{name} is not In Command")));
        }
        if x.disordered || x.morale == Morale::Routed {
            return Err(Illegal::new(
                rule,
                format!("{name} is Disordered or Routed"),
            ));
        }
        if self
            .moving(s, u)
            .is_some_and(|m| m.spent > super::super::types::Pts::ZERO || m.done)
        {
            return Err(Illegal::new(
                rule,
                format!("{name} has begun spending its MPo"),
            ));
        }
        Ok(())
    }

    /// Whether any hex of `p` is in an enemy ZOC of `u`'s side (8.5a, 8.5b).
    fn in_ezoc(&self, o: &Occupancy, u: UnitId, p: &Placed) -> bool {
        let side = self.units[usize::from(u)].side;
        p.hexes.as_slice().iter().any(|&h| o.ezoc(self, h, side))
    }

    /// Whether a friendly combat unit other than `mine` stands in a hex of `p` (8.5a, 8.5b).
    fn others_in(&self, o: &Occupancy, u: UnitId, p: &Placed, mine: &[UnitId]) -> bool {
        let side = self.units[usize::from(u)].side;
        p.hexes.as_slice().iter().any(|&h| {
            o.at(self, h).units.iter().any(|&x| {
                let info = &self.units[usize::from(x)];
                info.is_combat() && info.side == side && !mine.contains(&x)
            })
        })
    }

    /// 8.5a: whether parent `p` may split now.
    fn split_ok(&self, s: &State, o: &Occupancy, p: &Parent) -> Result<Placed, Illegal> {
        let u = p.parent;
        self.split_common(s, u, "8.5a")?;
        let x = s.unit(u);
        let Some(at) = x.placed().copied() else {
            return Err(Illegal::new("8.5a", "the parent unit is not on the map"));
        };
        if !matches!(x.formation, Formation::Line | Formation::MarchColumn) {
            return Err(Illegal::new(
                "8.5a",
                format!("{} is not in Line or March Column", self.unit_name(u)),
            ));
        }
        if self.others_in(o, u, &at, &[u]) {
            return Err(Illegal::new(
                "8.5a",
                format!("{} is grouped with another combat unit", self.unit_name(u)),
            ));
        }
        if self.in_ezoc(o, u, &at) {
            return Err(Illegal::new(
                "8.5a",
                format!("{} is in an enemy ZOC", self.unit_name(u)),
            ));
        }
        if u16::from(x.sp) * 2 <= u16::from(self.units[usize::from(u)].sp) {
            return Err(Illegal::new(
                "8.5a",
                format!("{} has no more than half its printed SP", self.unit_name(u)),
            ));
        }
        if p.subunits
            .iter()
            .any(|&g| s.unit(g).place != Place::Waiting)
        {
            return Err(Illegal::new("8.5a", "its subunits are not all off the map"));
        }
        if usize::from(x.sp) < p.subunits.len() {
            return Err(Illegal::new(
                "8.5a",
                "too few SP for every subunit to have one",
            ));
        }
        // 8.5a: skirmishing subunits over their limit in one hex must be able to correct it.
        if self.skirmish_subunits(p) {
            let mut t = s.clone();
            self.place_subunits(&mut t, p, &at);
            let o = Occupancy::build(self, &t);
            if !self.correctable(&t, &o, p) {
                return Err(Illegal::new(
                    "8.5a",
                    format!(
                        "{}'s skirmishers would be over their limit in {} and could not spread out",
                        self.unit_name(u),
                        self.label(at.hex())
                    ),
                ));
            }
        }
        Ok(at)
    }

    /// 8.5a: whether every subunit of `p` is a Skirmished unit (always in Skirmish order).
    fn skirmish_subunits(&self, p: &Parent) -> bool {
        p.subunits
            .iter()
            .all(|&g| self.units[usize::from(g)].skirmish == Skirmish::Always)
    }

    /// 8.5a: the subunits of `p` stand grouped where the parent stood (`at`; Skirmished
    /// subunits in Skirmish order in its first hex, facing the vertex at or next clockwise to
    /// its facing), its current SP shared as evenly as possible (the first take the odd SP),
    /// with its morale and command; the parent leaves the map. Returns each subunit's SP.
    fn place_subunits(&self, s: &mut State, p: &Parent, at: &Placed) -> Vec<(UnitId, u8)> {
        let parent = *s.unit(p.parent);
        let skirmish = self.skirmish_subunits(p);
        let (formation, place) = if skirmish {
            let f = at.facing.index() | 1;
            (
                Formation::Skirmish,
                Placed::at(at.hex(), Facing::new(f).unwrap_or(at.facing)),
            )
        } else {
            (parent.formation, *at)
        };
        let n = p.subunits.len() as u8;
        let (base, extra) = (parent.sp / n, parent.sp % n);
        let mut placed = Vec::with_capacity(p.subunits.len());
        for (i, &g) in p.subunits.iter().enumerate() {
            let sp = base + u8::from((i as u8) < extra);
            let x = s.unit_mut(g);
            x.place = Place::Map(place);
            x.sp = sp;
            x.formation = formation;
            x.disordered = false;
            x.morale = parent.morale;
            x.act = Act::Active;
            x.command = parent.command;
            x.order = i as u8;
            x.victoire = parent.victoire;
            placed.push((g, sp));
        }
        s.unit_mut(p.parent).place = Place::Waiting;
        placed
    }

    /// 8.5a, a reading of "if this is not possible": the skirmishing subunits of `p`, just
    /// placed, can correct their hex when, taking the largest first, enough of them to bring
    /// the hex within the limit each have a hex next to it that it may step into now (a Frontal
    /// hex, or a Flank hex by Rearward Movement at +1/2, 11.8a) with its MPo, outside enemy
    /// ZOCs (11.9c's roll might stop it), where it may stand alone or with the units there.
    fn correctable(&self, s: &State, o: &Occupancy, p: &Parent) -> bool {
        let Some(max) = self.tables.skirmish_sp else {
            return true;
        };
        let mut subs: Vec<UnitId> = p.subunits.clone();
        let mut total: u16 = subs.iter().map(|&g| u16::from(s.unit(g).sp)).sum();
        subs.sort_by_key(|&g| core::cmp::Reverse(s.unit(g).sp));
        let mut taken: Vec<Hex> = Vec::new();
        let mut left = subs.len();
        for g in subs {
            if total <= u16::from(max) || left < 2 {
                return true;
            }
            let Some(from) = s.unit(g).placed().copied() else {
                return false;
            };
            let side = self.units[usize::from(g)].side;
            let mpo = self.mpo(s, g);
            let mut found = None;
            for (arc, extra) in [(Arc::Frontal, Pts::ZERO), (Arc::Flank, Pts(3))] {
                geometry::for_each_in_arc(Formation::Skirmish, &from, arc, |h| {
                    if found.is_some() || taken.contains(&h) || o.ezoc(self, h, side) {
                        return;
                    }
                    let to = Placed::at(h, from.facing);
                    let cost =
                        self.step_cost(s, o, &[g], Formation::Skirmish, &from, &to, Some(0), true);
                    let fits = self.fits_at(s, o, &[g], &to, Formation::Skirmish);
                    if fits && cost.is_ok_and(|(c, _)| c.plus(extra) <= mpo) {
                        found = Some(h);
                    }
                });
            }
            let Some(h) = found else {
                return false;
            };
            taken.push(h);
            total -= u16::from(s.unit(g).sp);
            left -= 1;
        }
        total <= u16::from(max) || left < 2
    }

    /// 8.5a: when `u` is a skirmishing subunit of a split parent standing where its group is
    /// over the skirmishers' limit, the SP over it.
    pub(crate) fn split_excess(&self, s: &State, o: &Occupancy, u: UnitId) -> Option<u16> {
        let max = self.tables.skirmish_sp?;
        let p = self.org.parents.iter().find(|p| p.subunits.contains(&u))?;
        if !self.skirmish_subunits(p) || s.unit(u).formation != Formation::Skirmish {
            return None;
        }
        let at = s.unit(u).placed()?;
        let side = self.units[usize::from(u)].side;
        let (mut sp, mut n) = (0u16, 0u8);
        for &x in &o.at(self, at.hex()).units {
            if self.units[usize::from(x)].side == side
                && s.unit(x).formation == Formation::Skirmish
                && s.unit(x).morale != Morale::Routed
            {
                sp += u16::from(s.unit(x).sp);
                n += 1;
            }
        }
        // A lone counter is held by the TET only (movement/fit.rs `fits_at`).
        if n < 2 {
            return None;
        }
        sp.checked_sub(u16::from(max)).filter(|&e| e > 0)
    }

    /// 8.5a: a skirmishing subunit still able to move stands over the skirmishers' limit: the
    /// segment may not end before it is corrected.
    pub(crate) fn split_uncorrected(&self, s: &State, o: &Occupancy) -> Option<UnitId> {
        self.tables.skirmish_sp?;
        self.org
            .parents
            .iter()
            .filter(|p| self.skirmish_subunits(p))
            .flat_map(|p| p.subunits.iter().copied())
            .find(|&g| self.may_move(s, g) && self.split_excess(s, o, g).is_some())
    }

    /// 8.5a: the parent leaves the map and its subunits stand grouped where it stood, in its
    /// formation and facing, its current SP shared as evenly as possible; they may spend
    /// their whole MPo; the change may set off a Fire Reaction (12.8).
    pub(super) fn apply_split(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some(p) = self.parent_entry(unit).cloned() else {
            return Err(Illegal::new(
                "8.5",
                format!("{} is no parent unit", self.unit_name(unit)),
            ));
        };
        if self.current_mover(s).is_some() {
            return Err(Illegal::new(
                "8.5a",
                "a unit splits before it moves, not while another is moving",
            ));
        }
        let at = self.split_ok(s, o, &p)?;
        let parent = *s.unit(unit);
        let placed = self.place_subunits(s, &p, &at);
        ev.push(Event::Split {
            parent: unit,
            subunits: placed,
        });
        // 8.5a: a reformation, which may set off a Fire Reaction (12.8c).
        if let Some(&first) = p.subunits.first() {
            self.reaction_after_change(s, first, parent.formation, at, ev);
        }
        Ok(())
    }

    /// 8.5b, 8.5c: where and how the subunits of `p` may rejoin now: their own hexes in their
    /// formation and facing, or (all skirmishing) each hex they all stand next to, in Line or
    /// March Column and any facing.
    fn rejoin_choices(&self, s: &State, o: &Occupancy, p: &Parent) -> Vec<(Hex, Formation, u8)> {
        let mut out = Vec::new();
        let Ok(skirmish) = self.rejoin_common(s, o, p) else {
            return out;
        };
        let first = p.subunits[0];
        let Some(at) = s.unit(first).placed().copied() else {
            return out;
        };
        if !skirmish {
            out.push((at.hex(), s.unit(first).formation, at.facing.index()));
            return out;
        }
        for h in at.hex().neighbors().into_iter().chain([at.hex()]) {
            if self.common_hex_ok(s, o, p, h) {
                for formation in [Formation::Line, Formation::MarchColumn] {
                    for f in 0..12u8 {
                        if (f % 2 == 1) == (formation == Formation::Line) {
                            out.push((h, formation, f));
                        }
                    }
                }
            }
        }
        out
    }

    /// 8.5b: the conditions for every subunit of `p`; `Ok(true)` when they are all
    /// skirmishing (8.5c: they rejoin around a common hex), `Ok(false)` when they stand
    /// grouped in Line or March Column.
    fn rejoin_common(&self, s: &State, o: &Occupancy, p: &Parent) -> Result<bool, Illegal> {
        if s.unit(p.parent).place != Place::Waiting {
            return Err(Illegal::new("8.5", "the parent unit is on the map"));
        }
        let live: Vec<UnitId> = p
            .subunits
            .iter()
            .copied()
            .filter(|&g| s.unit(g).place != Place::Destroyed)
            .collect();
        if live.is_empty() {
            return Err(Illegal::new("8.5b", "no subunit is left"));
        }
        let mut sp: u16 = 0;
        for &g in &live {
            self.split_common(s, g, "8.5b")?;
            if self.moving(s, g).is_some_and(|m| m.rejoin_tried) {
                return Err(Illegal::new(
                    "8.5b",
                    "the subunits tried to rejoin this segment already",
                ));
            }
            sp += u16::from(s.unit(g).sp);
        }
        if sp * 2 <= u16::from(self.units[usize::from(p.parent)].sp) {
            return Err(Illegal::new(
                "8.5b",
                "the subunits have no more than half the parent unit's printed SP",
            ));
        }
        let skirmish = live.iter().all(|&g| self.is_skirmisher(s, g));
        if skirmish {
            return Ok(true);
        }
        let first = live[0];
        let Some(at) = s.unit(first).placed().copied() else {
            return Err(Illegal::new("8.5b", "a subunit is off the map"));
        };
        let f = s.unit(first).formation;
        if !matches!(f, Formation::Line | Formation::MarchColumn) {
            return Err(Illegal::new(
                "8.5b",
                "the subunits are not in Line or March Column",
            ));
        }
        if live
            .iter()
            .any(|&g| s.unit(g).placed() != Some(&at) || s.unit(g).formation != f)
        {
            return Err(Illegal::new(
                "8.5b",
                "the subunits do not stand grouped in one formation and facing",
            ));
        }
        if self.others_in(o, first, &at, &live) {
            return Err(Illegal::new(
                "8.5b",
                "the subunits are grouped with another combat unit",
            ));
        }
        if self.in_ezoc(o, first, &at) {
            return Err(Illegal::new("8.5b", "the subunits are in an enemy ZOC"));
        }
        Ok(false)
    }

    /// 8.5c: whether `h` may be the common hex of skirmishing subunits: next to each of them
    /// (or held by one), held by no other unit, outside enemy ZOCs, terrain where the parent
    /// may stand in Line or March Column with all its SP.
    fn common_hex_ok(&self, s: &State, o: &Occupancy, p: &Parent, h: Hex) -> bool {
        if !self.board.on_map(h) {
            return false;
        }
        let live: Vec<UnitId> = p
            .subunits
            .iter()
            .copied()
            .filter(|&g| s.unit(g).place != Place::Destroyed)
            .collect();
        let near = live.iter().all(|&g| {
            s.unit(g)
                .placed()
                .is_some_and(|q| q.hexes.len() == 1 && (q.hex() == h || q.hex().distance(h) == 1))
        });
        if !near || o.at(self, h).units.iter().any(|x| !live.contains(x)) {
            return false;
        }
        let parent = p.parent;
        if o.ezoc(self, h, self.units[usize::from(parent)].side) {
            return false;
        }
        let terrain = self.board.hex(h).terrain;
        if self.forces_go(parent, terrain) {
            return false;
        }
        let fx = self.tables.fx(terrain);
        let class = self.move_class(parent, Formation::Line);
        if !matches!(fx.mp[class as usize], Mp::Pts(_)) {
            return false;
        }
        let sp: u16 = live.iter().map(|&g| u16::from(s.unit(g).sp)).sum();
        let col = if self.units[usize::from(parent)].kind == Kind::Cavalry {
            2
        } else {
            0
        };
        sp <= u16::from(fx.stack[col])
    }

    /// 8.5b, 8.5c: the subunits of `parent` try to rejoin at `at` in `formation` facing
    /// `facing`: one 00–99 roll for them all.
    pub(super) fn apply_rejoin(
        &self,
        s: &mut State,
        o: &Occupancy,
        parent: UnitId,
        at: Hex,
        formation: Formation,
        facing: u8,
    ) -> Result<(), Illegal> {
        let Some(p) = self.parent_entry(parent).cloned() else {
            return Err(Illegal::new(
                "8.5",
                format!("{} is no parent unit", self.unit_name(parent)),
            ));
        };
        if self.current_mover(s).is_some() {
            return Err(Illegal::new(
                "8.5b",
                "subunits rejoin before they move, not while another unit is moving",
            ));
        }
        if !self
            .rejoin_choices(s, o, &p)
            .contains(&(at, formation, facing))
        {
            self.rejoin_common(s, o, &p)?;
            return Err(Illegal::new(
                "8.5b",
                format!(
                    "the subunits of {} cannot rejoin at {} in that formation and facing",
                    self.unit_name(parent),
                    self.label(at)
                ),
            ));
        }
        s.steps.push(Step::Rejoin {
            parent,
            at,
            formation,
            facing,
        });
        Ok(())
    }

    /// 8.5b: the rejoining roll: at least the worst (highest) ER of the subunits, the parent
    /// returns with their SP where they stood (8.5c: in the common hex, as chosen), free;
    /// less, they stay apart and may not try again this segment.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn rejoin_roll(
        &self,
        s: &mut State,
        parent: UnitId,
        at: Hex,
        formation: Formation,
        facing: u8,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(p) = self.parent_entry(parent).cloned() else {
            return;
        };
        let live: Vec<UnitId> = p
            .subunits
            .iter()
            .copied()
            .filter(|&g| s.unit(g).on_map())
            .collect();
        let er = live
            .iter()
            .map(|&g| self.units[usize::from(g)].er)
            .max()
            .unwrap_or(0);
        let passed = roll >= er;
        ev.push(Event::Rejoin {
            parent,
            roll,
            er,
            passed,
        });
        if !passed {
            for &g in &live {
                if let Some(m) = self.record(s, g) {
                    m.rejoin_tried = true;
                }
            }
            return;
        }
        let Some(first) = live.first().and_then(|&g| s.unit(g).placed().copied()) else {
            return;
        };
        let skirmish = live.iter().all(|&g| self.is_skirmisher(s, g));
        let place = if skirmish {
            Placed::at(at, Facing::new(facing).unwrap_or(first.facing))
        } else {
            first
        };
        let form = if skirmish {
            formation
        } else {
            s.unit(live[0]).formation
        };
        let sp: u8 = live.iter().map(|&g| s.unit(g).sp).sum();
        let shaken = live.iter().any(|&g| s.unit(g).morale == Morale::Shaken);
        let command = s.unit(live[0]).command;
        let victoire = live.iter().all(|&g| s.unit(g).victoire);
        for &g in &live {
            s.unit_mut(g).place = Place::Waiting;
        }
        if let Some(a) = s.activation.as_mut() {
            a.moving
                .retain(|m| !live.contains(&m.unit) && m.unit != parent);
        }
        let x = s.unit_mut(parent);
        x.place = Place::Map(place);
        x.sp = sp;
        x.formation = form;
        x.disordered = false;
        x.morale = if shaken { Morale::Shaken } else { Morale::Good };
        x.act = Act::Active;
        x.command = command;
        x.order = 0;
        x.victoire = victoire;
    }
}
