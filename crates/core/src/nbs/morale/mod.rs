//! Morale (25.0–25.4): the check with its four modifier lists, Blood Lust (25.2c), stragglers
//! from the Morale Table (25.2e), adding results to the state (25.4) and retreats (25.3, 5.2,
//! 11.6c, 27.4), including rout movement (25.1b).

pub(super) mod rally;

use alloc::vec::Vec;

use super::event::Event;
use super::state::{Check, CheckKind, Place, Retreat, Role, State, Task, UnitId};
use super::tables::{MoraleList, MoraleMod, MoraleOutcome};
use super::types::{Formation, MoraleState, Seq66, UnitKind};
use super::{Action, Nbs};
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

impl Nbs {
    /// Builds a morale check for the stack in `hex` with the row shift of the list's
    /// modifiers (25.2, 26.3a, 25.6, 22.0, 28.0d).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn morale_check(
        &self,
        s: &State,
        hex: Hex,
        kind: CheckKind,
        flank: bool,
        from: Hex,
        role: Role,
        why: &'static str,
    ) -> Check {
        let shift = self
            .morale_mod_items(s, hex, kind, flank, role)
            .iter()
            .map(|(_, v)| v)
            .sum();
        Check {
            hex,
            kind,
            shift,
            why: why.into(),
            stragglers_as_casualties: kind == CheckKind::Charge,
            from,
            role,
        }
    }

    /// The modifier list of a morale check (25.2): each line that applies to the checking
    /// unit of `hex` (its id in the list, or `leader`), with its row shift (+ up).
    pub(super) fn morale_mod_items(
        &self,
        s: &State,
        hex: Hex,
        kind: CheckKind,
        flank: bool,
        role: Role,
    ) -> Vec<(&'static str, i16)> {
        let list = Self::morale_list(kind);
        let mut items: Vec<(&'static str, i16)> = Vec::new();
        let mut add = |x: MoraleMod| {
            if let Some(v) = self.tables.morale_modifier(list, x) {
                items.push((x.id(), i16::from(v)));
            }
        };
        if let Some(u) = self.morale_unit(s, hex) {
            let info = &self.units[usize::from(u)];
            let st = &s.units[usize::from(u)];
            match st.morale {
                MoraleState::Shaken => add(MoraleMod::Shaken),
                MoraleState::Disorganized => add(MoraleMod::Disorganized),
                _ => {}
            }
            match st.formation {
                Formation::Square => add(MoraleMod::Square),
                Formation::Line => add(MoraleMod::Line),
                _ => {}
            }
            if role == Role::Attacker {
                if st.formation == Formation::Column {
                    if info.nation == super::units::Nation::French {
                        add(MoraleMod::FrenchColumnAttacking);
                    }
                } else {
                    add(MoraleMod::Attacker);
                }
            }
            if flank {
                add(MoraleMod::FlankTarget);
            }
            if self.wrecked(s, u) {
                if info.independent || self.division_wrecked(s, &info.wreck_division) {
                    add(MoraleMod::WreckedBrigadeOfWreckedDivision);
                } else {
                    add(MoraleMod::WreckedBrigade);
                }
            }
            if info.kind == UnitKind::Cavalry && st.has(super::state::flag::BLOWN) {
                add(MoraleMod::BlownCavalry);
            }
            if self.turn_info(s.turn).night {
                add(MoraleMod::Night);
            }
            let hi = self.board.hex(hex);
            if hi.special || hi.terrain.protective() {
                if info.kind == UnitKind::Skirmisher {
                    add(MoraleMod::SkirmisherInProtectiveTerrain);
                } else {
                    add(MoraleMod::ProtectiveTerrain);
                }
            }
            // 26.3a: only the most senior leader, rating - 1 rows.
            if let Some(l) = self.senior_leader(s, hex, info.side) {
                let r = self.leader_morale(s, l);
                if let Some(v) = self.tables.leader_morale_modifier(list, r) {
                    items.insert(0, (MoraleMod::Leader.id(), v));
                }
            }
        }
        items.retain(|(_, v)| *v != 0);
        items
    }

    /// The modifier list a kind of check reads (25.2).
    pub(super) fn morale_list(kind: CheckKind) -> MoraleList {
        match kind {
            CheckKind::Standard => MoraleList::Standard,
            CheckKind::CloseCombat => MoraleList::CloseCombat,
            CheckKind::Charge => MoraleList::ChargeResolution,
            CheckKind::Square => MoraleList::SquareCheck,
        }
    }

    /// Resolves a morale check roll (25.2, 25.4).
    pub(super) fn resolve_morale(&self, s: &mut State, c: Check, roll: Seq66, ev: &mut Vec<Event>) {
        let Some(u) = self.morale_unit(s, c.hex) else {
            return;
        };
        let current = self.hex_morale(s, c.hex);
        let rating = self.morale_rating(u);
        let row = self.tables.morale_row_shifted(rating, c.shift);
        let r = self.tables.morale_result(row, roll);
        let new = self.tables.combine(current, r.state);
        ev.push(Event::MoraleCheck {
            hex: c.hex,
            roll: roll.value(),
            row,
            state: new,
            retreat: r.retreat,
            stragglers: r.stragglers,
        });
        // 25.2e: stragglers to the checking infantry (casualties in a charge, 24.1j).
        if r.stragglers > 0 {
            let inf = if self.units[usize::from(u)].kind == UnitKind::Infantry {
                Some(u)
            } else {
                self.combat_stack(s, c.hex)
                    .into_iter()
                    .find(|&x| self.units[usize::from(x)].kind == UnitKind::Infantry)
            };
            if let Some(i) = inf {
                if c.stragglers_as_casualties {
                    self.add_losses(s, i, r.stragglers, 0, ev);
                } else {
                    self.add_losses(s, i, 0, r.stragglers, ev);
                }
            }
        }
        if self.combat_stack(s, c.hex).is_empty() {
            self.mark_out(s, c.role);
            return;
        }
        if new != current {
            self.set_hex_morale(s, c.hex, new);
            ev.push(Event::MoraleChanged {
                hex: c.hex,
                state: new,
                rule: "25.4".into(),
            });
        }
        let mut retreat = r.retreat;
        if retreat > 0 {
            // 11.6c: a square ignores a one-hex retreat; on two it retreats as a column.
            let square = self
                .combat_stack(s, c.hex)
                .iter()
                .any(|&x| s.units[usize::from(x)].formation == Formation::Square);
            if square {
                if retreat == 1 {
                    retreat = 0;
                } else {
                    for x in self.combat_stack(s, c.hex) {
                        if s.units[usize::from(x)].formation == Formation::Square {
                            s.units[usize::from(x)].formation = Formation::Column;
                        }
                    }
                }
            }
        }
        if retreat > 0 {
            self.mark_out(s, c.role);
            // 23.1k: a retreating attacker's first hex is the hex it attacked from, where it
            // still stands.
            let left = if c.role == Role::Attacker {
                retreat - 1
            } else {
                retreat
            };
            if left > 0 {
                self.start_retreat(s, c.hex, c.from, left, false, c.role != Role::None);
            }
        }
    }

    fn mark_out(&self, s: &mut State, role: Role) {
        if role == Role::None {
            return;
        }
        if let Some(Task::CloseCombat(cc)) = s
            .tasks
            .iter_mut()
            .rev()
            .find(|t| matches!(t, Task::CloseCombat(_)))
        {
            match role {
                Role::Attacker => cc.attacker_out = true,
                Role::Defender => cc.defender_out = true,
                Role::None => {}
            }
        }
    }

    /// Begins a retreat of the whole stack in `hex`, away from `from`; the owner may split it
    /// later (25.3b, `SplitRetreat`).
    pub(super) fn start_retreat(
        &self,
        s: &mut State,
        hex: Hex,
        from: Hex,
        left: u8,
        rout: bool,
        in_combat: bool,
    ) {
        let units = self.stack(s, hex);
        if units.is_empty() {
            return;
        }
        // 27.4: artillery limbers to retreat.
        for &u in &units {
            if self.units[usize::from(u)].kind == UnitKind::Artillery
                && s.units[usize::from(u)].formation == Formation::Unlimbered
            {
                s.units[usize::from(u)].formation = Formation::Limbered;
                if in_combat {
                    s.tasks.push(Task::GunLoss { unit: u });
                }
            }
        }
        let r = Retreat {
            units,
            at: hex,
            left,
            path: alloc::vec![hex],
            from,
            rout,
            in_combat,
        };
        // The gun-loss rolls come first (they sit above the retreat).
        let pos = s
            .tasks
            .iter()
            .rposition(|t| !matches!(t, Task::GunLoss { .. }))
            .map_or(0, |p| p + 1);
        let pos = pos.min(s.tasks.len());
        let n_gl = s.tasks.len() - pos;
        s.tasks.insert(s.tasks.len() - n_gl, Task::Retreat(r));
    }

    /// The hexes a retreating stack may enter next (5.2, 25.3a, 16.2c): adjacent, in play,
    /// free of enemy units, not prohibited to any of its units, farther from the threat, not
    /// doubling back, and keeping to the line of its first step when it can (5.2).
    pub(super) fn retreat_options(&self, s: &State, r: &Retreat) -> Vec<Hex> {
        let side = r
            .units
            .first()
            .map_or(Side(0), |&u| self.units[usize::from(u)].side);
        let d0 = r.at.distance(r.from);
        let mut out = Vec::new();
        for n in r.at.neighbors() {
            if !self.board.on_map(n) || self.enemy_in(s, n, side) || r.path.contains(&n) {
                continue;
            }
            if n.distance(r.from) <= d0 && !r.rout {
                continue;
            }
            if r.rout {
                // Rout movement heads away from the nearest enemy.
                let here = self.enemy_distance(s, r.at, side).unwrap_or(99);
                let there = self.enemy_distance(s, n, side).unwrap_or(99);
                if there < here {
                    continue;
                }
            }
            let d = match r.at.direction_to(n) {
                Some(d) => d,
                None => continue,
            };
            let ok = r.units.iter().all(|&u| {
                if !self.units[usize::from(u)].combat() {
                    return true;
                }
                let class = self
                    .move_class(s, u)
                    .unwrap_or(super::tables::MoveClass::InfantryColumn);
                !matches!(
                    self.terrain_step(class, r.at, d, false).0,
                    super::types::StepCost::Prohibited(_)
                )
            });
            if ok {
                out.push(n);
            }
        }
        // 5.2: a relatively straight line. After the first step, the next hex keeps within
        // one hexside (60°) of the first step's direction whenever such a hex is open; only
        // when none is may the line bend further round an obstacle (an impassable line
        // would rout the stack, 25.3a, which "relatively" does not ask for).
        if let Some(first) = r.path.get(1).and_then(|&h1| r.path[0].direction_to(h1)) {
            let straight: Vec<Hex> = out
                .iter()
                .copied()
                .filter(|&n| {
                    r.at.direction_to(n)
                        .is_some_and(|d| matches!((d.index() + 6 - first.index()) % 6, 0 | 1 | 5))
                })
                .collect();
            if !straight.is_empty() {
                out = straight;
            }
        }
        out
    }

    /// Moves the retreating stack one hex (the owner's choice).
    pub(super) fn retreat_step(
        &self,
        s: &mut State,
        mut r: Retreat,
        to: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if !self.retreat_options(s, &r).contains(&to) {
            return Err(Illegal::new(
                "5.2",
                alloc::format!(
                    "{} is not a retreat hex from {}: it must be free of the enemy, passable, farther from the threat, not entered before, and within 60 degrees of the first step's line when such a hex is open",
                    self.label(to),
                    self.label(r.at)
                ),
            ));
        }
        // 15.2a: retreating out of a Reaction Charge Zone hex in the Movement Phase.
        if self.reaction_before_retreat(s, &r.units, r.at, ev) {
            return Ok(());
        }
        let side = self.units[usize::from(r.units[0])].side;
        let had = !self.combat_stack(s, to).is_empty();
        for &u in &r.units {
            if s.units[usize::from(u)].place == Place::At(r.at) {
                s.units[usize::from(u)].place = Place::At(to);
            }
        }
        for &u in &r.units {
            s.units[usize::from(u)].order = s.next_order;
            s.next_order = s.next_order.wrapping_add(1);
        }
        ev.push(Event::Retreated {
            units: r.units.clone(),
            from: r.at,
            to,
        });
        // 25.3c: the worst state of a stack passed through or joined.
        if had {
            self.merge_morale(s, to);
        }
        r.path.push(to);
        r.at = to;
        r.left = r.left.saturating_sub(1);
        let done = if r.rout {
            self.enemy_distance(s, to, side).is_none_or(|d| d >= 6)
        } else {
            r.left == 0
        };
        s.tasks.pop();
        if done {
            // 13.1a: the owner may re-face the stack freely at the end of the retreat.
            s.tasks.push(Task::Reface { hex: to });
            // 25.3d: a retreat that over-stacks a hex routs everything there.
            if self.overstacked(s, to, side) {
                self.note_overstack(s, to, side, true);
                self.set_hex_morale(s, to, MoraleState::Routed);
                ev.push(Event::MoraleChanged {
                    hex: to,
                    state: MoraleState::Routed,
                    rule: "25.3d".into(),
                });
            }
        } else {
            s.tasks.push(Task::Retreat(r));
        }
        Ok(())
    }

    /// A retreat that cannot go on (25.3a: rout instead; 25.1b: a rout that cannot get clear
    /// loses everything as casualties; 1.1c: a retreat whose way back runs off the map
    /// destroys the stack).
    pub(super) fn retreat_blocked(&self, s: &mut State, r: Retreat, ev: &mut Vec<Event>) {
        s.tasks.pop();
        if r.rout {
            ev.push(Event::RetreatBlocked {
                hex: r.at,
                rule: "25.1b".into(),
            });
            self.destroy_stack(s, &r, "25.1b", ev);
        } else if self.forced_off_map(&r) {
            ev.push(Event::RetreatBlocked {
                hex: r.at,
                rule: "1.1c".into(),
            });
            self.destroy_stack(s, &r, "1.1c", ev);
        } else {
            ev.push(Event::RetreatBlocked {
                hex: r.at,
                rule: "25.3a".into(),
            });
            self.set_hex_morale(s, r.at, MoraleState::Routed);
            ev.push(Event::MoraleChanged {
                hex: r.at,
                state: MoraleState::Routed,
                rule: "25.3a".into(),
            });
        }
    }

    /// 1.1c: a blocked retreat (not a rout) is forced off the map when a hex beyond the map
    /// edge next to it would have been a retreat hex (farther from the threat, 5.2). The map
    /// edge is not the "enemy or terrain" of 25.3a, so such a stack is destroyed rather than
    /// routed.
    fn forced_off_map(&self, r: &Retreat) -> bool {
        let d0 = r.at.distance(r.from);
        r.at.neighbors()
            .into_iter()
            .any(|n| !self.board.on_map(n) && n.distance(r.from) > d0)
    }

    /// Destroys a retreating stack (25.1b, 1.1c): every unit with a Loss Chart marks off its
    /// remaining strength as casualties (1.1f), artillery is eliminated, and the leaders go
    /// to the nearest stack of their command (26.4d).
    fn destroy_stack(&self, s: &mut State, r: &Retreat, rule: &'static str, ev: &mut Vec<Event>) {
        for &u in &r.units {
            let info = &self.units[usize::from(u)];
            if info.has_loss_chart() && s.units[usize::from(u)].place == Place::At(r.at) {
                let st = &s.units[usize::from(u)];
                let rest = info.boxes.saturating_sub(st.casualties + st.stragglers);
                self.add_losses(s, u, rest, 0, ev);
            } else if info.kind == UnitKind::Artillery
                && s.units[usize::from(u)].place == Place::At(r.at)
            {
                s.units[usize::from(u)].place = Place::Gone;
                ev.push(Event::Eliminated {
                    unit: u,
                    rule: rule.into(),
                });
            }
        }
        self.displace_leaders(s, r.at, ev);
    }

    /// Leaders left alone in a hex go to the nearest friendly stack (26.4d, 26.4e).
    pub(super) fn displace_leaders(&self, s: &mut State, hex: Hex, ev: &mut Vec<Event>) {
        if !self.combat_stack(s, hex).is_empty() {
            return;
        }
        for l in self.stack(s, hex) {
            // 26.4d: to the nearest stack of his command, else out of play.
            let to = self.nearest_command_stack(s, l, hex);
            s.units[usize::from(l)].place = to.map_or(Place::Gone, Place::At);
            ev.push(Event::LeaderDisplaced {
                unit: l,
                from: hex,
                to,
                rule: "26.4d".into(),
            });
        }
    }

    /// 26.4d: an elimination has just struck a unit that stood in `hex`; when the hex holds
    /// no combat unit any more but leaders or HQs remain, their stack is destroyed and they
    /// are noted to escape (see [`Nbs::leaders_escape`]).
    pub(super) fn note_destroyed(&self, s: &mut State, hex: Hex) {
        if self.combat_stack(s, hex).is_empty()
            && !self.stack(s, hex).is_empty()
            && !s.escaping.contains(&hex)
        {
            s.escaping.push(hex);
        }
    }

    /// 26.4d: the leaders of destroyed stacks who escaped go to the nearest stack of their
    /// command (or leave play). Waits while a leader casualty pick is pending, so that the
    /// casualty check of the fire that destroyed the stack comes first (26.4, 20.4d); a hex
    /// that has meanwhile gained a combat unit keeps its leaders.
    pub(super) fn leaders_escape(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.escaping.is_empty() || s.tasks.iter().any(|t| matches!(t, Task::LeaderHit { .. })) {
            return;
        }
        for h in core::mem::take(&mut s.escaping) {
            self.displace_leaders(s, h, ev);
        }
    }

    /// The nearest hex other than `from` holding a combat unit of leader (or HQ) `l`'s command
    /// (26.4d, 26.4e): a division leader's division, a corps leader's or HQ's corps, any
    /// friendly unit for an army commander or an Emperor; ties by the lower hex.
    pub(super) fn nearest_command_stack(&self, s: &State, l: UnitId, from: Hex) -> Option<Hex> {
        let me = &self.units[usize::from(l)];
        // 26.4a: a promoted leader's command is his corps; a generic back's, its division.
        let now = self
            .commanded_by(s, l)
            .map(|f| &self.formations[usize::from(f)]);
        let ours = |i: &super::units::UnitInfo| match (now, me.rank) {
            (Some(f), _) if me.kind == UnitKind::Leader => match f.kind {
                super::units::FormKind::Division | super::units::FormKind::Allied => {
                    i.division == f.code
                }
                _ => i.corps == me.corps,
            },
            (_, super::units::Rank::Division) if me.kind == UnitKind::Leader => {
                i.division == me.command
            }
            (_, super::units::Rank::Army | super::units::Rank::Emperor)
                if me.kind == UnitKind::Leader =>
            {
                true
            }
            _ => i.corps == me.corps,
        };
        s.units
            .iter()
            .zip(&self.units)
            .filter(|(_, i)| i.side == me.side && i.combat() && ours(i))
            .filter_map(|(u, _)| u.hex())
            .filter(|&h| h != from)
            .min_by_key(|&h| (h.distance(from), h))
    }

    /// Retreat decisions: the next hex, or a unit split off the stack (25.3b).
    pub(super) fn retreat_actions(&self, s: &State, r: &Retreat, out: &mut Vec<Action>) {
        for h in self.retreat_options(s, r) {
            out.push(Action::RetreatTo { hex: h });
        }
        let movers = self.retreating_combat_units(s, r);
        if movers.len() > 1 {
            for u in movers {
                out.push(Action::SplitRetreat { unit: u });
            }
        }
    }

    /// The combat units of a retreat still in its hex.
    fn retreating_combat_units(&self, s: &State, r: &Retreat) -> Vec<UnitId> {
        r.units
            .iter()
            .copied()
            .filter(|&u| {
                self.units[usize::from(u)].combat()
                    && s.units[usize::from(u)].place == Place::At(r.at)
            })
            .collect()
    }

    /// 25.3b: the owner splits `unit` off the retreating stack. It retreats first, on its
    /// own, as many hexes as are left to the others and under the same constraints (the
    /// threat, the hexes already entered, 5.2); then the rest goes on. Leaders stay with the
    /// rest.
    pub(super) fn split_retreat(
        &self,
        s: &mut State,
        mut r: Retreat,
        unit: UnitId,
    ) -> Result<(), Illegal> {
        let movers = self.retreating_combat_units(s, &r);
        if movers.len() < 2 || !movers.contains(&unit) {
            return Err(Illegal::new(
                "25.3b",
                alloc::format!(
                    "{} is not one of two or more combat units retreating from {}",
                    self.name(unit),
                    self.label(r.at)
                ),
            ));
        }
        r.units.retain(|&u| u != unit);
        let part = Retreat {
            units: alloc::vec![unit],
            ..r.clone()
        };
        if let Some(t) = s.tasks.last_mut() {
            *t = Task::Retreat(r);
        }
        s.tasks.push(Task::Retreat(part));
        Ok(())
    }

    /// Blood Lust check (25.2c): 44..66 ends Blood Lust, nothing else happens.
    pub(super) fn resolve_blood_lust(
        &self,
        s: &mut State,
        hex: Hex,
        roll: Seq66,
        ev: &mut Vec<Event>,
    ) {
        if self.tables.blood_lust_ends(roll) {
            self.set_hex_morale(s, hex, MoraleState::Normal);
            ev.push(Event::MoraleChanged {
                hex,
                state: MoraleState::Normal,
                rule: "25.2c".into(),
            });
        }
    }

    /// Pushes the check, or the Blood Lust check for a BL stack (25.2c).
    pub(super) fn push_check(&self, s: &mut State, c: Check) {
        if self.hex_morale(s, c.hex) == MoraleState::BloodLust && c.kind != CheckKind::Square {
            s.tasks.push(Task::BloodLust { hex: c.hex });
        } else {
            s.tasks.push(Task::Morale(c));
        }
    }

    /// Whether the result is a pass for a square check (8.5): NE or BL.
    pub(super) fn passed(o: MoraleOutcome) -> bool {
        matches!(o, MoraleOutcome::NoEffect | MoraleOutcome::BloodLust)
    }

    /// The unit ids of a side in a hex.
    pub(super) fn side_in(&self, s: &State, hex: Hex, side: Side) -> Vec<UnitId> {
        self.stack(s, hex)
            .into_iter()
            .filter(|&u| self.units[usize::from(u)].side == side)
            .collect()
    }
}
