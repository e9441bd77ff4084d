//! 10.1 Where a moving group may stand: the stacking fit of a group with the units it finds
//! (10.1c-10.4, the TET's SP limits), entering a friendly hex only with the MP to stay or go on
//! (10.1a), ending a move legally (10.1c), and illegitimate groups (10.13).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::stacking::{Stance, compatible, gun_in_line, together};
use super::super::state::{CheckKind, CheckReq, State};
use super::super::tables::Mp;
use super::super::types::{Formation, Kind, Morale, MoraleCheck, Pts};
use super::super::units::{Skirmish, UnitId};
use crate::engine::Illegal;
use crate::hex::{Facing, Hex};

impl Fontenoy {
    /// The tail shared by the moves that are not plain steps (9.4 wheels and column turns,
    /// 11.5 changes of length, 11.7, 11.8 rearward moves, F-7.1e A sidles): the move's `cost`
    /// must be paid from the `left` MP (else `rule` refuses it, naming the move `what`), and
    /// the group must then be able to stand at `to` in `f`, or have the MP to go on (10.1a).
    /// The MP left after paying.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pay_then_stay_or_go(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        to: &Placed,
        f: Formation,
        cost: Pts,
        left: Pts,
        rule: &'static str,
        what: &str,
        quiet: bool,
    ) -> Result<Pts, Illegal> {
        let rest = left.minus(cost).ok_or_else(|| {
            Illegal::new(
                rule,
                say!(
                    quiet,
                    "{what} costs {cost} MP and {} has {left} left",
                    self.unit_name(group[0])
                ),
            )
        })?;
        if !self.may_stay_or_leave(s, o, group, to, f, rest, None, 6) {
            return Err(Illegal::new(
                "10.1a",
                "a unit enters an occupied hex only with the MP to group legally there or to leave it",
            ));
        }
        Ok(rest)
    }

    /// 10.1a: whether `group` standing at `p` could end its move there legally, or has the MP
    /// (`left`) for a chain of steps ending somewhere it may stay. `last` is the Frontal side of
    /// the step that brought it (an infantry Line repeating it pays the oblique +1, 11.3b).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn may_stay_or_leave(
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
    pub(super) fn may_unlimber_there(
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
                super::super::tables::reform::Change::Limber,
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
    /// SP limits of the TET, 10.4g artillery SP counting 4 with infantry or in Road Column).
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
        // F-4.2b A: Konigsegg, until he is CinC, stands only with Austrians (command/special.rs).
        if self.konigsegg_grouping_barred(s, group, p) {
            return false;
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
        // F-9.2d: guns only pass through the Keep (cavalry is held off by its stacking).
        if guns > 0
            && p.hexes
                .as_slice()
                .iter()
                .any(|&h| self.board.hex(h).terrain == super::super::board::Terrain::Keep)
        {
            return false;
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
                    // 24.1d: the main army and a Detachment never group.
                    || !self.same_force(s, lead, x)
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
        // 10.4g b): and in Road Column (8.1f's 4 SP a hex holds one gun SP).
        let sp = sp
            + if inf || f == Formation::RoadColumn {
                4 * guns
            } else {
                guns
            };
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
        // 8.1f, 10.11a: units joining a multi-hex Road Column belong to its regiment, and the
        // SP together fill it at 4 SP in every hex but the tail (a column's own length follows
        // its SP when it forms, 8.4b, movement/reform.rs).
        if f == Formation::RoadColumn
            && p.hexes.len() > 1
            && !seen.is_empty()
            && (super::super::geometry::road_column_length(sp, 4) != p.hexes.len()
                || !self.one_regiment(group, &seen))
        {
            return false;
        }
        // 8.5a: skirmishers stacked together have a limit of their own a hex (the stacking
        // chart's; a reading: one unit alone is held only by the TET).
        if f == Formation::Skirmish
            && group.len() + seen.len() > 1
            && self
                .tables
                .skirmish_sp
                .is_some_and(|max| per_hex > u16::from(max))
        {
            return false;
        }
        foot.as_slice().iter().all(|&h| {
            let limit = u16::from(self.tables.fx(self.board.hex(h).terrain).stack[col]);
            per_hex <= limit
        })
    }

    /// 10.11a: whether the counters of `a` and `b` all belong to one regiment.
    fn one_regiment(&self, a: &[UnitId], b: &[UnitId]) -> bool {
        let reg = &self.units[usize::from(a[0])].regiment;
        reg.is_some()
            && a.iter()
                .chain(b)
                .all(|&g| &self.units[usize::from(g)].regiment == reg)
    }

    /// Why `u` may not end its movement where it stands, if it may not (10.1c).
    pub(super) fn end_ok(&self, s: &State, o: &Occupancy, u: UnitId) -> Result<(), Illegal> {
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
        // 8.5a: skirmishing subunits a split left over their limit correct it: none of them
        // stops where it was placed while the hex is over the limit.
        let unmoved = self.moving(s, u).is_some_and(|m| m.spent == Pts::ZERO)
            && self.split_excess(s, o, u).is_none();
        if unmoved || self.fits_at(s, o, &group, &p, s.unit(u).formation) {
            // 11.9b: limbered guns leave an enemy ZOC while they can (guns.rs).
            self.guns_leave_ok(s, o, &group)?;
            // F-10.3a D: a unit that began outside the field comes in while it can.
            match group.iter().copied().find(|&g| self.must_come_in(s, o, g)) {
                Some(g) => Err(self.come_in_error(g)),
                None => Ok(()),
            }
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
    pub(super) fn stranded(&self, s: &State, u: UnitId) -> bool {
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
    pub(super) fn illegitimate_group(
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
}
