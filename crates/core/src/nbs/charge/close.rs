//! Close combat (23.0–23.1; digest §3.5): declaration, the defender's and the attacker's
//! fire at close-combat range, the attacker's and then the defender's morale checks with the
//! Close Combat list, the Odds Table, and the winner holding the hex.

use alloc::format;
use alloc::vec::Vec;

use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Illegal};
use crate::hex::{Facing, Hex};
use crate::nbs::board::arc;
use crate::nbs::event::Event;
use crate::nbs::state::{
    CcStep, CheckKind, CloseCombat, FireDecl, Place, Role, State, Task, UnitId, flag,
};
use crate::nbs::tables::{OddsDrm, OddsFormation, OddsResult, OddsStrength};
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::{Action, Nbs};

/// Who acts in a close combat's current step: the dice (everything in 23.0 is automatic once
/// declared).
pub(in crate::nbs) fn actor(cc: &CloseCombat) -> Actor {
    match cc.step {
        CcStep::Odds | CcStep::OddsHalf => Actor::Chance(Chance::Dice(DiceSpec::D6)),
        _ => Actor::Chance(Chance::Dice(DiceSpec::D6)),
    }
}

impl Nbs {
    /// The hex `u` began this Movement Phase in (23.1e), `None` when it entered the map
    /// during it. A unit the phase-start record does not list counts as having begun it where
    /// it stands, and so does a skirmisher that was off the map (released this phase, it
    /// comes out of a unit of its hex, 11.5a).
    fn began_in(&self, s: &State, u: UnitId) -> Option<Hex> {
        let now = s.units[usize::from(u)].hex();
        match s.cavalry.foot.binary_search_by_key(&u, |x| x.0) {
            Ok(i) => match s.cavalry.foot[i].1 {
                None if self.is_skirmisher(u) => now,
                h => h,
            },
            Err(_) => now,
        }
    }

    /// The units of `units` that began the phase stacked with the first (23.1e); a unit
    /// that entered the map this phase attacks only alone.
    fn started_with_first(&self, s: &State, units: &[UnitId]) -> Vec<UnitId> {
        let Some(&lead) = units.first() else {
            return Vec::new();
        };
        let Some(h) = self.began_in(s, lead) else {
            return alloc::vec![lead];
        };
        units
            .iter()
            .copied()
            .filter(|&u| self.began_in(s, u) == Some(h))
            .collect()
    }

    /// The attackers of `Assault` (23.1e): the eligible units of `from` that began the phase
    /// stacked with its top eligible infantry unit.
    fn attackers(&self, s: &State, from: Hex) -> Vec<UnitId> {
        let all = self.eligible_attackers(s, from);
        self.started_with_first(s, &all)
    }

    /// The infantry in `from` that may attack now (23.1a, 23.1c): BL or Normal, in line or
    /// column, not yet in a close combat this phase, not stopped. Skirmishers of the hex join
    /// only when non-skirmisher infantry attacks with them (11.5b, 23.1c); they come after
    /// it, so that the first attacker is never a skirmisher.
    fn eligible_attackers(&self, s: &State, from: Hex) -> Vec<UnitId> {
        let side = self.phasing(s);
        let ready = |u: UnitId| {
            let st = &s.units[usize::from(u)];
            self.units[usize::from(u)].side == side
                && matches!(st.morale, MoraleState::BloodLust | MoraleState::Normal)
                && !st.has(flag::CLOSE_COMBAT)
                && !st.has(flag::STOPPED)
        };
        let stack = self.combat_stack(s, from);
        let mut att: Vec<UnitId> = stack
            .iter()
            .copied()
            .filter(|&u| {
                ready(u)
                    && self.units[usize::from(u)].kind == UnitKind::Infantry
                    && matches!(
                        s.units[usize::from(u)].formation,
                        Formation::Line | Formation::Column
                    )
                    && self.fire_level(s, u).units() > 0
            })
            .collect();
        if !att.is_empty() {
            att.extend(
                stack
                    .iter()
                    .copied()
                    .filter(|&u| ready(u) && self.is_skirmisher(u)),
            );
        }
        att
    }

    /// The hexes a stack may attack: through its centre-front hexside (23.1a; facing a corner,
    /// either frontal hex).
    fn assault_targets(&self, s: &State, u: UnitId, from: Hex) -> Vec<Hex> {
        let f: Facing = s.units[usize::from(u)].facing;
        f.frontal_directions()
            .as_slice()
            .iter()
            .filter(|d| f.is_corner() || Facing::side(**d) == f)
            .map(|d| from.neighbor(*d))
            .collect()
    }

    fn assault_check(&self, s: &State, from: Hex, target: Hex) -> Result<Vec<UnitId>, Illegal> {
        let att = self.attackers(s, from);
        self.assault_check_with(s, from, target, &att)
    }

    /// Whether `att` may attack `target` from `from` together; the units that join (a
    /// skirmisher short of the MPs stays out, 11.5b).
    fn assault_check_with(
        &self,
        s: &State,
        from: Hex,
        target: Hex,
        att: &[UnitId],
    ) -> Result<Vec<UnitId>, Illegal> {
        let Some(&lead) = att.first() else {
            let own = self.combat_stack(s, from);
            if !own.is_empty() && own.iter().all(|&u| self.is_skirmisher(u)) {
                return Err(Illegal::new(
                    "11.5b",
                    format!(
                        "the skirmishers in {} may not close-combat: only with non-skirmisher infantry stacked with them (23.1c)",
                        self.label(from)
                    ),
                ));
            }
            return Err(Illegal::new(
                "23.1a",
                format!(
                    "no infantry in {} may attack: attackers must be BL or Normal infantry in line or column that has not attacked this phase",
                    self.label(from)
                ),
            ));
        };
        if !self.assault_targets(s, lead, from).contains(&target) {
            return Err(Illegal::new(
                "23.1a",
                format!(
                    "{} is not through the centre-front hexside of the stack in {}",
                    self.label(target),
                    self.label(from)
                ),
            ));
        }
        let side = self.phasing(s);
        if !self.enemy_in(s, target, side) {
            return Err(Illegal::new(
                "23.0",
                format!("no enemy unit in {}", self.label(target)),
            ));
        }
        // 23.1e: attackers together began the phase stacked together.
        if let Some(&u) = att
            .iter()
            .find(|&&u| self.began_in(s, u) != self.began_in(s, lead))
            .or_else(|| att.get(1).filter(|_| self.began_in(s, lead).is_none()))
        {
            return Err(Illegal::new(
                "23.1e",
                format!(
                    "{} and {} did not begin the phase stacked together",
                    self.name(lead),
                    self.name(u)
                ),
            ));
        }
        // 23.1b: not into a hex whose cost is "all" (or prohibited); pay the hex + 2 MP.
        let d = from
            .direction_to(target)
            .ok_or_else(|| Illegal::new("23.0", "not adjacent"))?;
        let mut joined = Vec::with_capacity(att.len());
        for &u in att {
            let class = self
                .move_class(s, u)
                .ok_or_else(|| Illegal::new("23.1c", "immobile"))?;
            let (c, _) = self.terrain_step(class, from, d, false);
            if self.is_skirmisher(u) {
                // 11.5b: a skirmisher joins only when it can pay the hex + 2 itself.
                let st = &s.units[usize::from(u)];
                if let crate::nbs::types::StepCost::Half(h) = c {
                    if st.spent + h + 4 <= self.allowance(s, u) || st.spent == 0 {
                        joined.push(u);
                    }
                }
                continue;
            }
            let cost = match c {
                crate::nbs::types::StepCost::Half(h) => h + 4,
                _ => {
                    return Err(Illegal::new(
                        "23.1b",
                        format!(
                            "{} cannot be attacked: its terrain ({}) costs all or is prohibited",
                            self.label(target),
                            self.board.hex(target).terrain.id()
                        ),
                    ));
                }
            };
            let st = &s.units[usize::from(u)];
            let ma = self.allowance(s, u);
            // ERR-3: the one-hex minimum move may be a close combat.
            if st.spent + cost > ma && st.spent > 0 {
                return Err(Illegal::new(
                    "23.0",
                    format!(
                        "{} lacks the MPs for the close combat (the hex + 2)",
                        self.name(u)
                    ),
                ));
            }
            joined.push(u);
        }
        // Orders and radius bind the infantry; skirmishers ignore command radius (11.5b).
        let bound: Vec<UnitId> = joined
            .iter()
            .copied()
            .filter(|&u| !self.is_skirmisher(u))
            .collect();
        self.assault_order_check(s, &bound, target)?;
        Ok(joined)
    }

    /// Close-combat declarations open to the phasing player (23.0).
    pub(in crate::nbs) fn assault_actions(
        &self,
        s: &State,
        occ: &crate::nbs::query::Occ,
        out: &mut Vec<Action>,
    ) {
        let side = self.phasing(s);
        let mut hexes: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, _)| {
                self.units[*i].side == side && self.units[*i].kind == UnitKind::Infantry
            })
            .filter_map(|(_, u)| u.hex())
            .collect();
        hexes.sort();
        hexes.dedup();
        for from in hexes {
            // Only hexes next to the enemy can attack (cheap test first).
            if !from
                .neighbors()
                .iter()
                .any(|n| self.enemy_in_occ(occ, *n, side))
            {
                continue;
            }
            let all = self.eligible_attackers(s, from);
            let att = self.started_with_first(s, &all);
            let Some(&lead) = att.first() else { continue };
            for t in self.assault_targets(s, lead, from) {
                if self.assault_check_with(s, from, t, &att).is_ok() {
                    out.push(Action::Assault { from, target: t });
                    // 23.1e: the attackers may be chosen when there is more than one.
                    if all.len() > 1 {
                        out.push(Action::AssaultChoose { from, target: t });
                    }
                }
            }
        }
    }

    /// Opens the choice of attackers (23.1e): every eligible unit of `from` to begin with.
    pub(in crate::nbs) fn choose_assault(
        &self,
        s: &mut State,
        from: Hex,
        target: Hex,
    ) -> Result<(), Illegal> {
        // The default attackers must be able to attack there (the same conditions as
        // `Assault`), and there must be a choice to make.
        self.assault_check(s, from, target)?;
        let units = self.eligible_attackers(s, from);
        if units.len() < 2 {
            return Err(Illegal::new(
                "23.1e",
                format!(
                    "only one unit in {} may attack: no choice",
                    self.label(from)
                ),
            ));
        }
        s.tasks.push(Task::Assembling {
            from,
            target,
            units,
        });
        Ok(())
    }

    /// Whether `u` may be withheld from `units`: some non-skirmisher infantry stays.
    fn may_withhold(&self, units: &[UnitId], u: UnitId) -> bool {
        units.contains(&u) && units.iter().any(|&x| x != u && !self.is_skirmisher(x))
    }

    /// The decisions while the attackers are chosen (23.1e).
    pub(in crate::nbs) fn assembling_actions(
        &self,
        s: &State,
        from: Hex,
        target: Hex,
        units: &[UnitId],
        out: &mut Vec<Action>,
    ) {
        for &u in units {
            if self.may_withhold(units, u) {
                out.push(Action::Withhold { unit: u });
            }
        }
        if self.assault_check_with(s, from, target, units).is_ok() {
            out.push(Action::Resolve);
        }
        out.push(Action::Pass);
    }

    /// A decision while the attackers are chosen (23.1e).
    pub(in crate::nbs) fn assembling_action(
        &self,
        s: &mut State,
        from: Hex,
        target: Hex,
        mut units: Vec<UnitId>,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match *a {
            Action::Withhold { unit } => {
                if !self.may_withhold(&units, unit) {
                    return Err(Illegal::new(
                        "23.1e",
                        format!(
                            "{} is not an attacker that can be left out (one non-skirmisher infantry unit must attack, 11.5b)",
                            self.name(unit)
                        ),
                    ));
                }
                units.retain(|&u| u != unit);
                if let Some(t) = s.tasks.last_mut() {
                    *t = Task::Assembling {
                        from,
                        target,
                        units,
                    };
                }
                Ok(())
            }
            Action::Resolve => {
                let att = self.assault_check_with(s, from, target, &units)?;
                s.tasks.pop();
                self.declare_with(s, from, target, att, ev)
            }
            Action::Pass => {
                s.tasks.pop();
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    /// Declares a close combat with the default attackers (23.1e).
    pub(in crate::nbs) fn declare_assault(
        &self,
        s: &mut State,
        from: Hex,
        target: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let att = self.assault_check(s, from, target)?;
        self.declare_with(s, from, target, att, ev)
    }

    /// Declares a close combat by `att`, already checked.
    fn declare_with(
        &self,
        s: &mut State,
        from: Hex,
        target: Hex,
        att: Vec<UnitId>,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let defenders = self.combat_stack(s, target);
        let flank = defenders.first().is_some_and(|&t| {
            let st = &s.units[usize::from(t)];
            match self.facing_mode(s, t) {
                crate::nbs::types::FacingMode::Standard => !arc::in_front(target, st.facing, from),
                crate::nbs::types::FacingMode::AllFlank => true,
                _ => false,
            }
        });
        let d = from
            .direction_to(target)
            .ok_or_else(|| Illegal::new("23.0", "not adjacent"))?;
        let mut minimum = false;
        for &u in &att {
            let class = self.move_class(s, u);
            let cost = class
                .map(|c| match self.terrain_step(c, from, d, false).0 {
                    crate::nbs::types::StepCost::Half(h) => h + 4,
                    _ => 0,
                })
                .unwrap_or(0);
            let ma = self.allowance(s, u);
            let st = &mut s.units[usize::from(u)];
            // ERR-3 (16.1e): a unit that can attack only as its one-hex minimum move is
            // Shaken before the close combat begins (the attack still goes ahead, digest
            // §8.4 item 3).
            if st.spent == 0 && cost > ma {
                st.morale = st.morale.max(MoraleState::Shaken);
                minimum = true;
            }
            st.spent = (st.spent + cost).min(ma.max(st.spent + cost));
            st.flags |= flag::CLOSE_COMBAT | flag::MOVED | flag::FIRED_OR_FIRED_ON;
        }
        for &u in &defenders {
            s.units[usize::from(u)].flags |= flag::FIRED_OR_FIRED_ON;
        }
        if minimum {
            // 12.4: the stack takes the worst state among its units.
            self.merge_morale(s, from);
            ev.push(Event::MoraleChanged {
                hex: from,
                state: self.hex_morale(s, from),
                rule: "ERR-3".into(),
            });
        }
        ev.push(Event::CloseCombat { from, target });
        // 11.5h D: skirmishers of both sides go to the bottom.
        self.skirmishers_to_bottom(s, from, ev);
        self.skirmishers_to_bottom(s, target, ev);
        s.tasks.push(Task::CloseCombat(CloseCombat {
            attackers: att,
            from,
            target,
            defenders,
            flank,
            attacker_out: false,
            defender_out: false,
            odds: None,
            bridge: self.board.side(from, d) & crate::nbs::board::side::BRIDGE != 0,
            step: CcStep::DefenderFire,
        }));
        self.offer_evasion(s, target, ev);
        self.offer_skirmisher_evasion(s, from, target); // 11.5e
        Ok(())
    }

    /// Runs the automatic part of a close combat's step; `false` when a roll is awaited.
    pub(in crate::nbs) fn advance_close(
        &self,
        s: &mut State,
        mut cc: CloseCombat,
        ev: &mut Vec<Event>,
    ) -> bool {
        let alive = |s: &State, v: &[UnitId], h: Hex| -> Vec<UnitId> {
            v.iter()
                .copied()
                .filter(|&u| s.units[usize::from(u)].place == Place::At(h))
                .collect()
        };
        let att = alive(s, &cc.attackers, cc.from);
        let def = alive(s, &cc.defenders, cc.target);
        if att.is_empty() {
            cc.attacker_out = true;
        }
        if def.is_empty() {
            cc.defender_out = true;
        }
        let replace = |s: &mut State, cc: CloseCombat| {
            if let Some(t) = s.tasks.last_mut() {
                *t = Task::CloseCombat(cc);
            }
        };
        if (cc.attacker_out || cc.defender_out) && cc.step != CcStep::Done {
            // 23.1L: the attacker checks morale even when the defender is gone.
            if cc.defender_out
                && !cc.attacker_out
                && matches!(
                    cc.step,
                    CcStep::DefenderFire | CcStep::AttackerFire | CcStep::AttackerMorale
                )
            {
                cc.step = CcStep::DefenderMorale;
                let c = self.morale_check(
                    s,
                    cc.from,
                    CheckKind::CloseCombat,
                    false,
                    cc.target,
                    Role::Attacker,
                    "23.1L",
                );
                replace(s, cc);
                self.push_check(s, c);
                return true;
            }
            cc.step = CcStep::Done;
        }
        match cc.step {
            CcStep::DefenderFire => {
                cc.step = CcStep::AttackerFire;
                let firers: Vec<UnitId> = def
                    .iter()
                    .copied()
                    .filter(|&u| self.may_fire(s, u, cc.from, true).is_ok())
                    .collect();
                replace(s, cc.clone());
                if !firers.is_empty() {
                    let d = FireDecl {
                        target: cc.from,
                        at_artillery: None,
                        firers,
                        shares: Vec::new(),
                        close: true,
                        opportunity: false,
                        from: cc.target,
                    };
                    self.open_fire(s, d, cc.flank.then_some(cc.from), ev);
                }
                true
            }
            CcStep::AttackerFire => {
                cc.step = CcStep::AttackerMorale;
                // 23.1n: a column attacking across a bridge does not fire.
                let firers: Vec<UnitId> = att
                    .iter()
                    .copied()
                    .filter(|&u| !cc.bridge && self.may_fire(s, u, cc.target, true).is_ok())
                    .collect();
                replace(s, cc.clone());
                if !firers.is_empty() {
                    let d = FireDecl {
                        target: cc.target,
                        at_artillery: None,
                        firers,
                        shares: Vec::new(),
                        close: true,
                        opportunity: false,
                        from: cc.from,
                    };
                    self.open_fire(s, d, None, ev);
                }
                true
            }
            CcStep::AttackerMorale => {
                cc.step = CcStep::DefenderMorale;
                let c = self.morale_check(
                    s,
                    cc.from,
                    CheckKind::CloseCombat,
                    false,
                    cc.target,
                    Role::Attacker,
                    "23.0 D",
                );
                replace(s, cc);
                self.push_check(s, c);
                true
            }
            CcStep::DefenderMorale => {
                cc.step = CcStep::Odds;
                let c = self.morale_check(
                    s,
                    cc.target,
                    CheckKind::CloseCombat,
                    cc.flank,
                    cc.from,
                    Role::Defender,
                    "23.0 E",
                );
                replace(s, cc);
                self.push_check(s, c);
                true
            }
            CcStep::Odds | CcStep::OddsHalf if cc.bridge => {
                // 23.1n: across a bridge the attacking column loses without a roll; like any
                // losing attacker it stays in the hex it attacked from (23.1k).
                ev.push(Event::BridgeAssaultLost {
                    from: cc.from,
                    target: cc.target,
                });
                cc.step = CcStep::Done;
                replace(s, cc);
                true
            }
            CcStep::Odds | CcStep::OddsHalf => {
                if cc.odds.is_none() {
                    let a = self.odds_strength(s, &att);
                    let hi = self.board.hex(cc.target);
                    let mut d = self.odds_strength(s, &def);
                    // Odds Table note: the defender doubles in protective terrain, in a
                    // trench (AUS 1.0c), or attacked across a sunken road hexside (20.3a).
                    let sunken = cc.target.direction_to(cc.from).is_some_and(|dir| {
                        self.board.side(cc.target, dir) & crate::nbs::board::side::SUNKEN_ROAD != 0
                    });
                    if hi.special || hi.terrain.protective() || sunken {
                        d = OddsStrength(d.0 * u32::from(self.tables.odds_defender_multiplier()));
                    }
                    let col = self.tables.odds_column(a, d);
                    let mut drm: i8 = 0;
                    if let Some(&t) = def.first() {
                        if self.wrecked(s, t) {
                            let info = &self.units[usize::from(t)];
                            drm += self.tables.odds_drm(
                                if info.independent
                                    || self.division_wrecked(s, &info.wreck_division)
                                {
                                    OddsDrm::DefenderWreckedBrigadeOfWreckedDivision
                                } else {
                                    OddsDrm::DefenderWreckedBrigade
                                },
                            );
                        }
                    }
                    if att.first().is_some_and(|&u| self.wrecked(s, u)) {
                        drm += self.tables.odds_drm(OddsDrm::AttackerWreckedBrigade);
                    }
                    cc.odds = Some((col, drm));
                    let (x, y) = self.tables.odds_column_ratio(col);
                    ev.push(Event::Odds {
                        attacker: a.0,
                        defender: d.0,
                        column: alloc::format!("{x}:{y}"),
                        drm,
                    });
                    replace(s, cc);
                }
                false
            }
            CcStep::Done => {
                s.tasks.pop();
                // The winner holds the hex (23.0): attackers advance into an emptied hex.
                let def_left = !self
                    .combat_stack(s, cc.target)
                    .iter()
                    .any(|&u| self.units[usize::from(u)].side != self.phasing(s));
                if def_left && !cc.attacker_out {
                    for &u in &att {
                        s.units[usize::from(u)].place = Place::At(cc.target);
                    }
                    let side = self.phasing(s);
                    self.note_control(s, cc.target, side);
                    self.merge_morale(s, cc.target);
                    self.displace_leaders_of_enemy(s, cc.target);
                }
                // 23.0: the attackers stop moving for the phase.
                for &u in &cc.attackers {
                    s.units[usize::from(u)].flags |= flag::STOPPED;
                }
                // 23.1o: both sides may re-face freely.
                let mut hexes: Vec<Hex> = cc
                    .attackers
                    .iter()
                    .chain(cc.defenders.iter())
                    .filter_map(|&u| s.units[usize::from(u)].hex())
                    .collect();
                hexes.sort();
                hexes.dedup();
                for h in hexes {
                    if !s
                        .tasks
                        .iter()
                        .any(|t| matches!(t, Task::Reface { hex } if *hex == h))
                    {
                        s.tasks.push(Task::Reface { hex: h });
                    }
                }
                true
            }
        }
    }

    /// Enemy leaders alone in a hex the enemy enters displace (26.4e).
    pub(in crate::nbs) fn displace_leaders_of_enemy(&self, s: &mut State, hex: Hex) {
        let side = self.phasing(s);
        let leaders: Vec<UnitId> = self
            .stack(s, hex)
            .into_iter()
            .filter(|&u| self.units[usize::from(u)].side != side)
            .collect();
        for l in leaders {
            // 26.4e: to the nearest stack of his command (removed when there is none).
            let best = self.nearest_command_stack(s, l, hex);
            s.units[usize::from(l)].place = best.map_or(Place::Gone, Place::At);
            self.hq_overrun(s, l);
        }
    }

    /// Odds Table strength of a side (23.0 F): each unit by formation and fire level, capped
    /// at AA (23.1j); artillery per unit, limbered or not (digest §8.4 item 24); cavalry
    /// defending against infantry reads the Line row (digest §8.4 item 23, provisional).
    fn odds_strength(&self, s: &State, units: &[UnitId]) -> OddsStrength {
        let mut total = 0u32;
        for &u in units {
            let st = &s.units[usize::from(u)];
            let info = &self.units[usize::from(u)];
            total += match info.kind {
                UnitKind::Infantry | UnitKind::Cavalry => {
                    let f = match st.formation {
                        Formation::Column => OddsFormation::Column,
                        Formation::Square => OddsFormation::Square,
                        _ => OddsFormation::Line,
                    };
                    self.tables.odds_strength(f, self.fire_level(s, u)).0
                }
                UnitKind::Artillery => {
                    self.tables
                        .odds_strength_artillery(st.formation == Formation::Limbered)
                        .0
                }
                // 11.5h D: skirmishers count wherever they stand.
                UnitKind::Skirmisher => {
                    self.tables
                        .odds_strength_skirmisher(self.skirmisher_strength(s, u))
                        .0
                }
                _ => 0,
            };
        }
        OddsStrength(total)
    }

    /// The Odds Table die (and the second die of a "½" result).
    pub(in crate::nbs) fn resolve_odds(
        &self,
        s: &mut State,
        mut cc: CloseCombat,
        die: u8,
        ev: &mut Vec<Event>,
    ) {
        let (col, drm) = cc.odds.unwrap_or((0, 0));
        let attacker_wins = if cc.step == CcStep::OddsHalf {
            self.tables.odds_half_result(die) == OddsResult::Attacker
        } else {
            match self.tables.odds_result(col, die as i8 + drm) {
                OddsResult::Attacker => true,
                OddsResult::Defender => false,
                OddsResult::Half => {
                    cc.step = CcStep::OddsHalf;
                    if let Some(t) = s.tasks.last_mut() {
                        *t = Task::CloseCombat(cc);
                    }
                    return;
                }
            }
        };
        ev.push(Event::OddsRoll {
            total: if cc.step == CcStep::OddsHalf {
                die as i8
            } else {
                die as i8 + drm
            },
            attacker_wins,
        });
        cc.step = CcStep::Done;
        let (from, target) = (cc.from, cc.target);
        if let Some(t) = s.tasks.last_mut() {
            *t = Task::CloseCombat(cc);
        }
        if attacker_wins {
            // The defender retreats one hex (23.1k).
            self.start_retreat(s, target, from, 1, false, true);
        }
        // A losing attacker's one-hex retreat is back into the hex it attacked from (23.1k),
        // where it stands.
    }
}
