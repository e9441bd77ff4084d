//! Checking a position given by a caller ([`crate::engine::Rules::check_state`]): a Prussia's
//! Glory state set up by hand or edited for a "what if" is held against the scenario's data
//! (its counters, map, turns, groups and wings) and the invariants of the rules (stacking 5.1
//! and 5.2, no enemy counters sharing a hex 7.4, one place per counter, markers and pending
//! decisions that refer to counters and hexes that exist). docs/coverage/pg.md, "Positions",
//! lists what is checked.
//!
//! A refusal names the JSON path of the field (`units[3].hex`) and the rule; `scenario` stands
//! for the scenario's own data (its counter list, its map) and `engine` for the shape of the
//! state itself (a list of the wrong length).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::Pg;
use super::state::Pending;
use super::state::{Morale, Off, Phase, Piece, State};
use crate::engine::BadPosition;
use crate::hex::Hex;

type Checked = Result<(), BadPosition>;

fn bad(path: impl Into<String>, rule: &'static str, reason: impl Into<String>) -> BadPosition {
    BadPosition::new(path, rule, reason)
}

impl Pg {
    /// The whole check; the first problem found is reported.
    pub(crate) fn check_position(&self, s: &State) -> Checked {
        self.check_lengths(s)?;
        self.check_turn_phase(s)?;
        self.check_units(s)?;
        self.check_leaders(s)?;
        self.check_stacks(s)?;
        self.check_markers(s)?;
        self.check_pending(s)
    }

    fn pos_hex(&self, path: &str, hex: Hex) -> Checked {
        if self.board.on_map(hex) {
            Ok(())
        } else {
            Err(bad(
                path,
                "scenario",
                format!(
                    "{} is not a hex of this scenario's map",
                    self.board.label(hex)
                ),
            ))
        }
    }

    fn pos_unit(&self, path: &str, s: &State, u: u16) -> Checked {
        if usize::from(u) < s.units.len() {
            Ok(())
        } else {
            Err(bad(
                path,
                "scenario",
                format!(
                    "unit {u} does not exist: the scenario has {} units (indices 0 to {})",
                    s.units.len(),
                    s.units.len().saturating_sub(1)
                ),
            ))
        }
    }

    fn pos_unit_on_map(&self, path: &str, s: &State, u: u16) -> Checked {
        self.pos_unit(path, s, u)?;
        if s.units[usize::from(u)].off == Off::No {
            Ok(())
        } else {
            Err(bad(
                path,
                "engine",
                format!(
                    "{} is not on the map, so nothing can be pending for it",
                    self.pieces.units[usize::from(u)].id
                ),
            ))
        }
    }

    fn pos_leader(&self, path: &str, s: &State, l: u16) -> Checked {
        if usize::from(l) < s.leaders.len() {
            Ok(())
        } else {
            Err(bad(
                path,
                "scenario",
                format!(
                    "leader {l} does not exist: the scenario has {} leaders",
                    s.leaders.len()
                ),
            ))
        }
    }

    /// One entry per counter, group and wing of the scenario, in its order: a unit's place is
    /// its entry, so each counter has exactly one place.
    fn check_lengths(&self, s: &State) -> Checked {
        let i = &self.initial;
        let lists: [(&str, usize, usize, &str); 12] = [
            (
                "units",
                s.units.len(),
                i.units.len(),
                "units (one entry per unit counter)",
            ),
            (
                "leaders",
                s.leaders.len(),
                i.leaders.len(),
                "leaders (one per leader counter)",
            ),
            ("groups", s.groups.len(), i.groups.len(), "command groups"),
            (
                "det_active",
                s.det_active.len(),
                i.det_active.len(),
                "groups",
            ),
            (
                "det_cdoa_used",
                s.det_cdoa_used.len(),
                i.det_cdoa_used.len(),
                "groups",
            ),
            (
                "wing_rescued",
                s.wing_rescued.len(),
                i.wing_rescued.len(),
                "wings",
            ),
            ("wing_ic", s.wing_ic.len(), i.wing_ic.len(), "wings"),
            (
                "wing_fd_tried",
                s.wing_fd_tried.len(),
                i.wing_fd_tried.len(),
                "wings",
            ),
            (
                "wing_deployed",
                s.wing_deployed.len(),
                i.wing_deployed.len(),
                "wings",
            ),
            (
                "wing_caught",
                s.wing_caught.len(),
                i.wing_caught.len(),
                "wings",
            ),
            (
                "special_done",
                s.special_done.len(),
                i.special_done.len(),
                "entries",
            ),
            ("armies", 2, 2, "armies"),
        ];
        for (path, have, want, what) in lists {
            // `wing_deployed` may be left out (it reads as empty) and is then filled as the
            // Deploy From Column Segment begins.
            if have != want && !(path == "wing_deployed" && have == 0) {
                return Err(bad(
                    path,
                    "scenario",
                    format!(
                        "{have} entries, but the scenario has {want} {what}, in the \
                         scenario's order"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// 3.0: the turn is one of the scenario's, the phase one that exists in it.
    fn check_turn_phase(&self, s: &State) -> Checked {
        let (first, last) = (self.params.first_turn, self.params.last_turn);
        if s.turn < first || s.turn > last {
            return Err(bad(
                "turn",
                "3.0",
                format!(
                    "turn {} is not a turn of this scenario ({first} to {last})",
                    s.turn
                ),
            ));
        }
        match s.phase {
            Phase::Activation | Phase::ActivationRoll if self.params.battle_scenario => Err(bad(
                "phase",
                "4.1",
                "a battle scenario has no Army Activation Phase: both armies start activated",
            )),
            Phase::GroupRoll(g) if usize::from(g) >= s.groups.len() => Err(bad(
                "phase.group_roll",
                "4.5",
                format!("group {g} does not exist ({} groups)", s.groups.len()),
            )),
            Phase::SpecialLeader(l) | Phase::SpecialRoll(l, _)
                if self
                    .pieces
                    .leaders
                    .get(usize::from(l))
                    .is_none_or(|x| x.special == super::units::Special::No) =>
            {
                Err(bad(
                    "phase",
                    "4.5",
                    format!("leader {l} is not a special leader of this scenario"),
                ))
            }
            Phase::SpecialRoll(_, w) if usize::from(w) >= self.pieces.wings.len() => Err(bad(
                "phase.special_roll",
                "4.5",
                format!(
                    "wing {w} does not exist ({} wings)",
                    self.pieces.wings.len()
                ),
            )),
            _ => Ok(()),
        }
    }

    fn check_units(&self, s: &State) -> Checked {
        for (i, (x, info)) in s.units.iter().zip(&self.pieces.units).enumerate() {
            let at = |f: &str| format!("units[{i}].{f}");
            if x.steps > info.max_steps {
                return Err(bad(
                    at("steps"),
                    "2.0",
                    format!(
                        "{} has {} steps but its counter has {}",
                        info.id, x.steps, info.max_steps
                    ),
                ));
            }
            if x.off == Off::No {
                self.pos_hex(&at("hex"), x.hex)?;
                if x.steps == 0 {
                    return Err(bad(
                        at("steps"),
                        "10.8.1.1",
                        format!(
                            "{} is on the map with no steps: a unit that loses its last step is \
                             eliminated",
                            info.id
                        ),
                    ));
                }
            } else if x.in_column {
                return Err(bad(
                    at("in_column"),
                    "7.6",
                    format!("{} is not on the map, so it cannot be In Column", info.id),
                ));
            }
            if x.order < s.top_key || x.order > s.bottom_key {
                return Err(bad(
                    at("order"),
                    "5.4",
                    format!(
                        "stack order {} lies outside top_key {} .. bottom_key {}: the keys \
                         that put a unit on top or at the bottom would not",
                        x.order, s.top_key, s.bottom_key
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_leaders(&self, s: &State) -> Checked {
        for (i, (x, info)) in s.leaders.iter().zip(&self.pieces.leaders).enumerate() {
            if x.present {
                self.pos_hex(&format!("leaders[{i}].hex"), x.hex)?;
                if x.lost {
                    return Err(bad(
                        format!("leaders[{i}].lost"),
                        "10.7",
                        format!("{} is lost and still on the map", info.id),
                    ));
                }
            }
        }
        Ok(())
    }

    /// 7.4: no hex holds counters of both sides; 5.1, 5.2: stacking limits.
    fn check_stacks(&self, s: &State) -> Checked {
        let mut hexes: Vec<(Hex, usize)> = Vec::new();
        for (i, x) in s.units.iter().enumerate() {
            if x.off == Off::No && !hexes.iter().any(|(h, _)| *h == x.hex) {
                hexes.push((x.hex, i));
            }
        }
        let moving = matches!(s.phase, Phase::Movement | Phase::RoutedMovement);
        for &(hex, first) in &hexes {
            let side = self.pieces.units[first].side;
            let here = self.stack(s, hex);
            if let Some(&enemy) = here
                .iter()
                .find(|&&u| self.pieces.units[usize::from(u)].side != side)
            {
                return Err(bad(
                    format!("units[{enemy}].hex"),
                    "7.4",
                    format!(
                        "{} shares {} with enemy unit {}",
                        self.pieces.units[usize::from(enemy)].id,
                        self.board.label(hex),
                        self.pieces.units[first].id
                    ),
                ));
            }
            for (l, x) in s.leaders.iter().enumerate() {
                let info = &self.pieces.leaders[l];
                if x.present && x.hex == hex && info.side != side {
                    return Err(bad(
                        format!("leaders[{l}].hex"),
                        "7.4",
                        format!(
                            "leader {} stands in {} with enemy units",
                            info.id,
                            self.board.label(hex)
                        ),
                    ));
                }
            }
            if self.stacking_ok(s, hex) {
                continue;
            }
            // 5.3: limits are checked as the Movement Phase ends; a hex may stand over them
            // during it, and after a retreat into it (9.3: the retreating unit is disordered
            // or routed) until the owner's next Movement Phase ends.
            let retreat = here
                .iter()
                .any(|&u| s.units[usize::from(u)].morale != Morale::Formed);
            if moving || retreat {
                continue;
            }
            let (inf, art, ic) = self.stack_load(s, hex);
            let limit = super::query::StackLimit::of(inf, ic);
            return Err(bad(
                format!("units[{}].hex", here.last().copied().unwrap_or(0)),
                limit.rule,
                format!(
                    "{} holds {inf} infantry/cavalry and {art} artillery steps{}, over the \
                     limit of {} and {} (5.3: only a retreat, which disorders, may leave a hex \
                     over the limits outside the Movement Phase)",
                    self.board.label(hex),
                    if ic { " In Column" } else { "" },
                    limit.inf,
                    limit.art
                ),
            ));
        }
        Ok(())
    }

    /// Locked markers (6.3), bombarded hexes (8), the moving counter (7.3), the declared
    /// bombardment (8) and the close combat (10).
    fn check_markers(&self, s: &State) -> Checked {
        for (i, l) in s.locked.iter().enumerate() {
            self.pos_hex(&format!("locked[{i}].hex"), l.hex)?;
            if s.locked[..i].iter().any(|m| m.hex == l.hex) {
                return Err(bad(
                    format!("locked[{i}].hex"),
                    "6.3",
                    format!("{} has two Locked markers", self.board.label(l.hex)),
                ));
            }
        }
        for (i, &h) in s.bombarded.iter().enumerate() {
            self.pos_hex(&format!("bombarded[{i}]"), h)?;
        }
        if let Some(m) = s.mover {
            if !matches!(s.phase, Phase::Movement | Phase::RoutedMovement) {
                return Err(bad(
                    "mover",
                    "7.3",
                    "a counter can be moving only in the Movement Phase",
                ));
            }
            match m {
                Piece::Unit(u) => self.pos_unit_on_map("mover.unit", s, u)?,
                Piece::Leader(l) => {
                    self.pos_leader("mover.leader", s, l)?;
                    if !s.leaders[usize::from(l)].present {
                        return Err(bad("mover.leader", "7.3", "the leader is not on the map"));
                    }
                }
            }
        }
        if let Some(b) = &s.bombard {
            self.pos_hex("bombard.target", b.target)?;
            for (i, &u) in b.batteries.iter().enumerate() {
                let at = format!("bombard.batteries[{i}]");
                self.pos_unit_on_map(&at, s, u)?;
                if self.is_combat(u) {
                    return Err(bad(
                        at,
                        "8",
                        format!("{} is not artillery", self.pieces.units[usize::from(u)].id),
                    ));
                }
            }
        }
        if let Some(c) = &s.combat {
            for (i, &h) in c.attackers.iter().enumerate() {
                self.pos_hex(&format!("combat.attackers[{i}]"), h)?;
            }
            for (i, &h) in c.defenders.iter().enumerate() {
                self.pos_hex(&format!("combat.defenders[{i}]"), h)?;
            }
            for (i, &u) in c.att_units.iter().enumerate() {
                self.pos_unit(&format!("combat.att_units[{i}]"), s, u)?;
            }
            for (i, &u) in c.def_units.iter().enumerate() {
                self.pos_unit(&format!("combat.def_units[{i}]"), s, u)?;
            }
            for (side, lead) in c.lead.iter().enumerate() {
                if let Some(u) = *lead {
                    self.pos_unit(&format!("combat.lead[{side}]"), s, u)?;
                }
            }
            if let Some((a, b)) = c.terrain {
                self.pos_hex("combat.terrain", a)?;
                self.pos_hex("combat.terrain", b)?;
            }
        }
        Ok(())
    }

    /// Pending decisions and rolls refer to counters, groups, wings and hexes that exist.
    fn check_pending(&self, s: &State) -> Checked {
        for (i, p) in s.pending.iter().enumerate() {
            let at = |f: &str| format!("pending[{i}].{f}");
            match p {
                Pending::Losses(t) => {
                    for (k, &h) in t.hexes.iter().enumerate() {
                        self.pos_hex(&at(&format!("losses.hexes[{k}]")), h)?;
                    }
                    if let Some(u) = t.lead {
                        self.pos_unit(&at("losses.lead"), s, u)?;
                    }
                    for (k, &(u, _)) in t.taken.iter().enumerate() {
                        self.pos_unit(&at(&format!("losses.taken[{k}]")), s, u)?;
                    }
                }
                Pending::ArtilleryHit { hexes, .. } => {
                    for (k, &h) in hexes.iter().enumerate() {
                        self.pos_hex(&at(&format!("artillery_hit.hexes[{k}]")), h)?;
                    }
                }
                Pending::Retreat(t) => {
                    self.pos_unit_on_map(&at("retreat.unit"), s, t.unit)?;
                    self.pos_hex(&at("retreat.start"), t.start)?;
                    for (k, &h) in t.path.iter().enumerate() {
                        self.pos_hex(&at(&format!("retreat.path[{k}]")), h)?;
                    }
                    for (k, &l) in t.followers.iter().enumerate() {
                        self.pos_leader(&at(&format!("retreat.followers[{k}]")), s, l)?;
                    }
                }
                Pending::MoraleCheck { unit } => {
                    self.pos_unit_on_map(&at("morale_check.unit"), s, *unit)?;
                }
                Pending::Rally { unit } => self.pos_unit_on_map(&at("rally.unit"), s, *unit)?,
                Pending::LeaderCheck { leader } => {
                    self.pos_leader(&at("leader_check.leader"), s, *leader)?;
                }
                Pending::ForcedDeploy(f) => {
                    if usize::from(f.wing) >= self.pieces.wings.len() {
                        return Err(bad(
                            at("forced_deploy.wing"),
                            "7.6.3",
                            format!("wing {} does not exist", f.wing),
                        ));
                    }
                    self.pos_hex(&at("forced_deploy.threatened"), f.threatened)?;
                }
                Pending::Cdoa { detachment, .. } => {
                    if let Some(g) = *detachment {
                        if !self
                            .pieces
                            .groups
                            .get(usize::from(g))
                            .is_some_and(|x| x.detachment)
                        {
                            return Err(bad(
                                at("cdoa.detachment"),
                                "4.3.2",
                                format!("group {g} is not a detachment of this scenario"),
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
