//! The passive player's side of a close combat: the Defender's Reaction to a charge (13.4),
//! Countercharges (13.5), Committing the Defending Cavalry (13.8), Retreat Before Close Combat
//! (13.9, 20.1 and the Fontenoy list: F-2.8d, F-3.1c, F-3.1d, F-3.7b, F-4.1e E–G) and the
//! Defender's Morale Check (13.7).

use alloc::vec::Vec;

use super::{CloseStep, Cont, Group, Outcome};
use crate::engine::Side;
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::Placed;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Place, State, Step};
use crate::fontenoy::tables::reform::Change;
use crate::fontenoy::tables::{MoveClass, Mp};
use crate::fontenoy::types::{DisorderCheck, Formation, Kind, Morale, MoraleCheck};
use crate::fontenoy::units::UnitId;
use crate::hex::Facing;

impl Fontenoy {
    /// The passive units that may make a Defender's Reaction now (13.4a, 13.4d): the top unit
    /// of each group within the charge's reach, not Routed or Disordered, not in an enemy ZOC,
    /// that has not reacted this segment, with a Line of Sight in any direction to the
    /// charging cavalry (12.6 as the fire section traces it, without the fire arc).
    pub(crate) fn reactors(&self, s: &State, o: &Occupancy) -> Vec<UnitId> {
        let Some(c) = self.close_segment(s) else {
            return Vec::new();
        };
        let passive = Self::active_side(s).other();
        let threat = self.charge_threat(s, o);
        let charger: Vec<crate::hex::Hex> = self
            .charging_attack(s)
            .and_then(|a| s.unit(a.lead).placed())
            .map(|p| p.hexes.as_slice().to_vec())
            .unwrap_or_default();
        let mut out = Vec::new();
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            let x = s.unit(u);
            if info.side != passive || !info.is_combat() || c.reacted.contains(&u) {
                continue;
            }
            let Some(p) = x.placed() else { continue };
            if x.morale == Morale::Routed
                || x.disordered
                || p.hexes.len() != 1
                || self.stack_of(s, u).first() != Some(&u)
                || !threat.contains(&p.hex())
                || o.ezoc(self, p.hex(), passive)
            {
                continue;
            }
            if !charger.is_empty() && !self.units_see(s, o, u, &charger) {
                continue;
            }
            if !self.defender_reaction_options(s, u).is_empty()
                || !self.defender_reform_options(s, u).is_empty()
            {
                out.push(u);
            }
        }
        out
    }

    /// A unit's reactions (13.4b, 13.4c): one facing change of a single-hex formation, or
    /// forming Square from a single-hex Line or column (infantry of 3 SP or more, on ground
    /// that allows it), each with its DC(D) modifier (13.4e: +10 per MP, +40 for a change that
    /// takes the whole MPo). `(facing, square, er_mod)`.
    pub(crate) fn defender_reaction_options(&self, s: &State, u: UnitId) -> Vec<(u8, bool, i16)> {
        let mut out = Vec::new();
        let x = s.unit(u);
        let info = &self.units[usize::from(u)];
        let Some(p) = x.placed() else { return out };
        if matches!(
            x.formation,
            Formation::Hook | Formation::Square | Formation::Rout
        ) {
            return out;
        }
        for k in 1..=5i8 {
            let to = p.facing.rotate(2 * k);
            let steps = p.facing.turn_to(to) / 2;
            if steps == 3 && x.disordered {
                continue;
            }
            let er = match self.tables.facing_cost(info, x.formation, steps) {
                Mp::Pts(c) => i16::try_from(c.sixths() * 10 / 6).unwrap_or(40),
                Mp::All => 40,
                Mp::Prohibited => continue,
            };
            // 9.6a: an About-Face is a whole-MPo change.
            let er = if steps == 3 { 40 } else { er };
            out.push((to.index(), false, er));
        }
        let stack = self.stack_of(s, u);
        let sp: u16 = stack.iter().map(|&v| u16::from(s.unit(v).sp)).sum();
        let square_ground = self.tables.fx(self.board.hex(p.hex()).terrain).square;
        if info.kind == Kind::Infantry
            && matches!(x.formation, Formation::Line | Formation::MarchColumn)
            && stack
                .iter()
                .all(|&v| self.units[usize::from(v)].kind == Kind::Infantry)
            && sp >= 3
            && square_ground
            && !x.disordered
        {
            out.push((p.facing.index(), true, 40));
        }
        out
    }

    /// 13.4b: the formation changes (other than Square) a reacting group may make where it
    /// stands, with the new facing and the DC(D) modifier (13.4e: the Reformation Table's MP
    /// times 10, 40 for a whole-MPo change): a one-hex March Column into a one-hex Line and
    /// back (8.4c: 30, 90 or 150 degrees), and out of Square into either (8.4g: any facing).
    /// The whole group changes (no splitting), all its units of one kind and formation, within
    /// the hex's stacking limit for the new formation and on ground that allows it.
    pub(crate) fn defender_reform_options(
        &self,
        s: &State,
        u: UnitId,
    ) -> Vec<(Formation, u8, i16)> {
        let mut out = Vec::new();
        let x = s.unit(u);
        let info = &self.units[usize::from(u)];
        let Some(p) = x.placed() else { return out };
        let stack = self.stack_of(s, u);
        if p.hexes.len() != 1
            || !matches!(info.kind, Kind::Infantry | Kind::Cavalry)
            || stack.iter().any(|&v| {
                self.units[usize::from(v)].kind != info.kind
                    || s.unit(v).formation != x.formation
                    || s.unit(v).placed() != Some(p)
            })
        {
            return out;
        }
        let cavalry = info.kind == Kind::Cavalry;
        let fx = self.tables.fx(self.board.hex(p.hex()).terrain);
        let sp: u16 = stack.iter().map(|&v| u16::from(s.unit(v).sp)).sum();
        let fits = |t: Formation| {
            let (class, col) = match (cavalry, t.is_column()) {
                (true, true) => (MoveClass::CavalryColumn, 3),
                (true, false) => (MoveClass::CavalryLine, 2),
                (false, true) => (MoveClass::InfantryColumn, 1),
                (false, false) => (MoveClass::InfantryLine, 0),
            };
            fx.mp[class as usize] != Mp::Prohibited && sp <= u16::from(fx.stack[col])
        };
        // The group pays its dearest nationality's cost (F-1.6g).
        let er_of = |ch: Change| {
            let mut best: i16 = 0;
            for &v in &stack {
                match self
                    .tables
                    .reform
                    .cost(ch, self.units[usize::from(v)].nationality)
                {
                    Mp::Pts(c) => best = best.max(i16::try_from(c.sixths() * 10 / 6).unwrap_or(40)),
                    Mp::All => best = best.max(40),
                    Mp::Prohibited => return None,
                }
            }
            Some(best)
        };
        match x.formation {
            Formation::MarchColumn | Formation::Line => {
                let to_line = x.formation == Formation::MarchColumn;
                let t = if to_line {
                    Formation::Line
                } else {
                    Formation::MarchColumn
                };
                if !fits(t) {
                    return out;
                }
                for (df, turn) in [(1i8, 0u8), (-1, 0), (-3, 1), (3, 2), (5, 3), (-5, 3)] {
                    let ch = Change::MarchLine {
                        cavalry,
                        to_line,
                        turn,
                    };
                    if let Some(er) = er_of(ch) {
                        out.push((t, p.facing.rotate(df).index(), er));
                    }
                }
            }
            Formation::Square => {
                for t in [Formation::Line, Formation::MarchColumn] {
                    if !fits(t) {
                        continue;
                    }
                    let Some(er) = er_of(Change::FromSquare) else {
                        continue;
                    };
                    for k in 0..6u8 {
                        let f = if t == Formation::Line {
                            2 * k + 1
                        } else {
                            2 * k
                        };
                        out.push((t, f, er));
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// The Defender's Reactions on offer.
    pub(crate) fn defender_reaction_actions(&self, s: &State, out: &mut Vec<Action>) {
        let o = Occupancy::build(self, s);
        for u in self.reactors(s, &o) {
            for (facing, square, _) in self.defender_reaction_options(s, u) {
                out.push(Action::React {
                    unit: u,
                    facing,
                    square,
                    formation: None,
                });
            }
            for (t, facing, _) in self.defender_reform_options(s, u) {
                out.push(Action::React {
                    unit: u,
                    facing,
                    square: false,
                    formation: Some(t),
                });
            }
        }
    }

    /// A Defender's Reaction (13.4): the group turns or forms Square, then takes DC(D) (13.4e);
    /// the window stays open for other units.
    pub(crate) fn react(
        &self,
        s: &mut State,
        u: UnitId,
        facing: u8,
        square: bool,
        formation: Option<Formation>,
        ev: &mut Vec<Event>,
    ) {
        let er = match formation {
            Some(t) => self
                .defender_reform_options(s, u)
                .into_iter()
                .find(|&(x, f, _)| x == t && f == facing)
                .map_or(40, |(_, _, e)| e),
            None => self
                .defender_reaction_options(s, u)
                .into_iter()
                .find(|&(f, q, _)| f == facing && q == square)
                .map_or(40, |(_, _, e)| e),
        };
        let stack = self.stack_of(s, u);
        let to = Facing::new(facing).unwrap_or(Facing::corner(crate::hex::Direction::ALL[0]));
        for &v in &stack {
            let x = s.unit_mut(v);
            if let Place::Map(p) = &mut x.place {
                p.facing = to;
            }
            if square {
                x.formation = Formation::Square;
            } else if let Some(t) = formation {
                x.formation = t;
            }
        }
        if let Some(c) = self.cs_mut(s) {
            c.reacted.extend_from_slice(&stack);
        }
        ev.push(Event::Reacted {
            unit: u,
            facing,
            square,
            formation,
            er_mod: er,
        });
        s.steps.push(Step::Close(CloseStep::DefenderReaction));
        self.queue_checks(
            s,
            &[CheckReq {
                unit: u,
                kind: CheckKind::Disorder(DisorderCheck::D),
                er_mod: er,
            }],
        );
        // The window closes by itself when nobody else may react.
        let o = Occupancy::build(self, s);
        if self.reactors(s, &o).is_empty() {
            if let Some(pos) = s
                .steps
                .iter()
                .rposition(|x| *x == Step::Close(CloseStep::DefenderReaction))
            {
                s.steps.remove(pos);
            }
        }
    }

    /// Passive cavalry that may countercharge the charger where it now stands (13.5a, 13.5b,
    /// 13.5d): with the hex it would move into.
    pub(crate) fn countercharger_options(&self, s: &State, o: &Occupancy) -> Vec<(UnitId, Placed)> {
        let mut out = Vec::new();
        let Some(a) = self.charging_attack(s) else {
            return out;
        };
        let Some(cp) = s.unit(a.lead).placed().copied() else {
            return out;
        };
        let Some(c) = self.close_segment(s) else {
            return out;
        };
        let passive = Self::active_side(s).other();
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            let x = s.unit(u);
            if info.side != passive
                || info.kind != Kind::Cavalry
                || c.reacted.contains(&u)
                || x.morale != Morale::Good
                || x.disordered
                || !matches!(x.formation, Formation::Line | Formation::AttackColumn)
                || self.stack_of(s, u).first() != Some(&u)
            {
                continue;
            }
            let Some(p) = x.placed().copied() else {
                continue;
            };
            if p.hexes.as_slice().iter().any(|&h| o.ezoc(self, h, passive)) {
                continue;
            }
            let dist = p
                .hexes
                .as_slice()
                .iter()
                .flat_map(|&h| cp.hexes.as_slice().iter().map(move |&k| h.distance(k)))
                .min()
                .unwrap_or(0);
            if dist != 2 {
                continue;
            }
            let group = self.stack_of(s, u);
            let meet = self
                .charge_shifts(o, &group, &p)
                .into_iter()
                // 11.10b: a one-hex move only through a hex whose SCM cost is at most 1.
                .find(|(q, c)| {
                    if *c > crate::fontenoy::types::Pts::ONE {
                        return false;
                    }
                    let mut hit = false;
                    crate::fontenoy::geometry::for_each_in_arc(
                        x.formation,
                        q,
                        crate::fontenoy::geometry::Arc::Frontal,
                        |h| hit |= cp.hexes.contains(h),
                    );
                    hit
                });
            if let Some((q, _)) = meet {
                out.push((u, q));
            }
        }
        out
    }

    /// The countercharges on offer.
    pub(crate) fn countercharge_actions(&self, s: &State, out: &mut Vec<Action>) {
        let o = Occupancy::build(self, s);
        for (u, _) in self.countercharger_options(s, &o) {
            out.push(Action::Countercharge { unit: u });
        }
    }

    /// A countercharge is tried: MC(C) first (13.5c).
    pub(crate) fn countercharge(&self, s: &mut State, u: UnitId, _ev: &mut Vec<Event>) {
        let stack = self.stack_of(s, u);
        if let Some(c) = self.cs_mut(s) {
            c.reacted.extend_from_slice(&stack);
            c.countercharged.extend_from_slice(&stack);
        }
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::Countercharge {
                unit: u,
            })));
        self.queue_checks(
            s,
            &[CheckReq {
                unit: u,
                kind: CheckKind::Morale(MoraleCheck::C),
                er_mod: 0,
            }],
        );
    }

    /// After MC(C) (13.5c): passed, the cavalry moves a hex to meet the charger, whose charge
    /// ends; failed, it is Shaken and the charge goes on.
    pub(crate) fn after_countercharge_check(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let passed = s.unit(u).on_map() && s.unit(u).morale == Morale::Good;
        if passed {
            let o = Occupancy::build(self, s);
            let stack = self.stack_of(s, u);
            let Some(p) = s.unit(u).placed().copied() else {
                return;
            };
            let Some(cp) = self
                .charging_attack(s)
                .and_then(|a| s.unit(a.lead).placed().copied())
            else {
                return;
            };
            let f = s.unit(u).formation;
            let meet = self
                .charge_shifts(&o, &stack, &p)
                .into_iter()
                // 11.10b: a one-hex move only through a hex whose SCM cost is at most 1.
                .find(|(q, c)| {
                    if *c > crate::fontenoy::types::Pts::ONE {
                        return false;
                    }
                    let mut hit = false;
                    crate::fontenoy::geometry::for_each_in_arc(
                        f,
                        q,
                        crate::fontenoy::geometry::Arc::Frontal,
                        |h| hit |= cp.hexes.contains(h),
                    );
                    hit
                });
            if let Some((q, _)) = meet {
                for &v in &stack {
                    s.unit_mut(v).place = Place::Map(q);
                }
                ev.push(Event::Countercharged {
                    unit: u,
                    to: q.hex(),
                });
                if let Some(c) = self.cs_mut(s) {
                    if let Some(i) = c.charging {
                        c.attacks[usize::from(i)].stopped_by = Some(u);
                    }
                }
                self.end_charge(s, ev);
                return;
            }
        }
        let o = Occupancy::build(self, s);
        if self.countercharger_options(s, &o).is_empty() {
            self.charge_go_on(s, ev);
        } else {
            s.steps.push(Step::Close(CloseStep::Countercharge));
        }
    }

    /// Passive cavalry that may be committed to the combat under way (13.8a, 13.8b, 19.6d).
    pub(crate) fn commit_options(&self, s: &State) -> Vec<UnitId> {
        let mut out = Vec::new();
        let Some(cs) = self.close_segment(s) else {
            return out;
        };
        let Some(c) = cs.current.as_ref() else {
            return out;
        };
        if c.reaction {
            return out; // 17.2c
        }
        let Some(&first) = c.attackers.first().and_then(|g| g.units.first()) else {
            return out;
        };
        let passive = self.side_of(first).other();
        let attacker_hexes: Vec<_> = c
            .attackers
            .iter()
            .flat_map(|g| g.units.iter())
            .filter_map(|&u| s.unit(u).placed().map(|p| p.hexes))
            .collect();
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            let x = s.unit(u);
            if info.side != passive
                || info.kind != Kind::Cavalry
                || cs.fought.contains(&u)
                || x.morale != Morale::Good
                || !matches!(x.formation, Formation::Line | Formation::AttackColumn)
                || !x.on_map()
                || self.stack_of(s, u).first() != Some(&u)
                || c.defenders.iter().any(|g| g.units.contains(&u))
            {
                continue;
            }
            let Some(p) = x.placed().copied() else {
                continue;
            };
            // 13.8b: an EZOC is allowed only when it is an unactivated enemy's.
            if self.in_activated_ezoc(s, &p, passive) {
                continue;
            }
            let front = self.frontal_hexes(s, u);
            let ok = attacker_hexes.iter().any(|hs| {
                hs.as_slice().iter().any(|&h| {
                    front.contains(&h)
                        && p.hexes.as_slice().iter().any(|&from| {
                            from.distance(h) == 1 && self.may_attack_into(s, from, h, true)
                        })
                })
            });
            if ok {
                out.push(u);
            }
        }
        out
    }

    /// Whether a hex of `p` lies in the ZOC of an activated combat unit of `passive`'s enemy
    /// (13.8b).
    fn in_activated_ezoc(&self, s: &State, p: &Placed, passive: Side) -> bool {
        (0..s.units.len() as UnitId).any(|e| {
            let info = &self.units[usize::from(e)];
            info.side != passive
                && info.is_combat()
                && s.unit(e).act == crate::fontenoy::state::Act::Active
                && self
                    .frontal_hexes(s, e)
                    .iter()
                    .any(|h| p.hexes.as_slice().contains(h))
        })
    }

    /// The commitments on offer.
    pub(crate) fn commit_actions(&self, s: &State, out: &mut Vec<Action>) {
        for u in self.commit_options(s) {
            out.push(Action::Commit { unit: u });
        }
    }

    /// The cavalry joins the defenders (13.8a): it takes MC(B) with them.
    pub(crate) fn commit(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let stack = self.stack_of(s, u);
        let mut g = self.make_group(s, stack.clone(), 0);
        g.committed = true;
        let front = self.frontal_hexes(s, u);
        if let Some(cs) = self.cs_mut(s) {
            cs.fought.extend_from_slice(&stack);
            if let Some(c) = cs.current.as_mut() {
                // 13.8 (E46 situation 2): when other attacking groups stay against the first
                // defenders, those in the cavalry's ZOC fight it in a combat of their own.
                let split: Vec<bool> = c
                    .attackers
                    .iter()
                    .map(|a| a.hexes.iter().any(|h| front.contains(&h.0)))
                    .collect();
                let n = split.iter().filter(|&&x| x).count();
                if n > 0 && n < split.len() {
                    let mut moved = Vec::new();
                    let mut keep = Vec::new();
                    for (a, x) in core::mem::take(&mut c.attackers).into_iter().zip(split) {
                        if x { moved.push(a) } else { keep.push(a) }
                    }
                    c.attackers = keep;
                    cs.combats.push(super::Combat {
                        attackers: moved,
                        defenders: alloc::vec![g],
                        round: 1,
                        reaction: false,
                        mover: None,
                        asked: 0,
                        commit_done: true,
                        bonus_asked: 0,
                        die: None,
                        special_order: Vec::new(),
                        outcome: Outcome::Open,
                        advanced: Vec::new(),
                    });
                } else {
                    c.defenders.push(g);
                }
            }
        }
        ev.push(Event::Committed { unit: u });
        self.commit_or_on(s, ev);
    }

    /// The combat's first decisions: committing cavalry (13.8), then retreats (13.9).
    pub(crate) fn commit_or_on(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s) else { return };
        if c.reaction {
            self.defender_checks(s, ev);
            return;
        }
        if !c.commit_done && !self.commit_options(s).is_empty() {
            s.steps.push(Step::Close(CloseStep::Commit));
            return;
        }
        if let Some(c) = self.current_mut(s) {
            c.commit_done = true;
        }
        self.ask_retreat(s, ev);
    }

    /// The defending group the passive player is asked about next (13.9a), if it may retreat.
    pub(crate) fn retreat_candidate(&self, s: &State) -> Option<UnitId> {
        let c = self.current(s)?;
        let g = c.defenders.get(usize::from(c.asked))?;
        let attackers: Vec<UnitId> = c.attackers.iter().flat_map(|g| g.units.clone()).collect();
        let alive = self.fighting(s, g);
        (!g.checked && !g.committed && self.may_retreat_before_combat(s, &alive, &attackers))
            .then(|| alive.first().copied())
            .flatten()
    }

    /// Asks about the next group that may retreat (13.9a), or goes on to the checks (13.7).
    pub(crate) fn ask_retreat(&self, s: &mut State, ev: &mut Vec<Event>) {
        loop {
            let Some(c) = self.current(s) else { return };
            if usize::from(c.asked) >= c.defenders.len() {
                break;
            }
            if self.retreat_candidate(s).is_some() {
                s.steps.push(Step::Close(CloseStep::Retreat));
                return;
            }
            if let Some(c) = self.current_mut(s) {
                c.asked += 1;
            }
        }
        self.defender_checks(s, ev);
    }

    /// The group Retreats Before Close Combat (13.9a): the retreat section moves it and takes
    /// its MC(D) (20.1a); then the next group is asked.
    pub(crate) fn retreat_before(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        // F-3.7b: Swedish 4-pounders take their MC(D) first, and go only if they pass.
        if self.swedish_guns(&self.stack_of(s, u)) {
            let checker = self.cc_checker(s, &self.stack_of(s, u));
            let shaken = s.unit(checker).morale == Morale::Shaken;
            s.steps
                .push(Step::Close(CloseStep::Resume(Cont::SwedishRetreat {
                    unit: checker,
                    shaken,
                })));
            self.queue_checks(
                s,
                &[CheckReq {
                    unit: checker,
                    kind: CheckKind::Morale(MoraleCheck::D),
                    er_mod: 0,
                }],
            );
            return;
        }
        self.retreat_before_as(s, u, false, ev);
    }

    /// F-3.7b: after the Swedish guns' MC(D): passed, they retreat (no MC(D) after it);
    /// failed, they stay and fight (Shaken, or destroyed if already Shaken), that check in
    /// place of their MC(B) (a reading of 20.1a), and the next group is asked.
    pub(crate) fn after_swedish_check(
        &self,
        s: &mut State,
        u: UnitId,
        shaken: bool,
        ev: &mut Vec<Event>,
    ) {
        let x = s.unit(u);
        let passed =
            x.on_map() && x.morale != Morale::Routed && (x.morale == Morale::Shaken) == shaken;
        if passed {
            self.retreat_before_as(s, u, true, ev);
            return;
        }
        if let Some(c) = self.current_mut(s) {
            let asked = usize::from(c.asked);
            if let Some(g) = c.defenders.get_mut(asked) {
                g.checked = true;
            }
            c.asked = c.asked.saturating_add(1);
        }
        self.ask_retreat(s, ev);
    }

    /// The retreat of 13.9a itself; `checked` when its MC(D) came first (F-3.7b).
    fn retreat_before_as(&self, s: &mut State, u: UnitId, checked: bool, ev: &mut Vec<Event>) {
        let attackers: Vec<UnitId> = self
            .current(s)
            .map(|c| c.attackers.iter().flat_map(|g| g.units.clone()).collect())
            .unwrap_or_default();
        let asked = self.current(s).map_or(0, |c| usize::from(c.asked));
        if let Some(c) = self.current_mut(s) {
            if let Some(g) = c.defenders.get_mut(asked) {
                g.retreated = true;
            }
            c.asked = c.asked.saturating_add(1);
        }
        let pending = s.steps.len();
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::Retreated)));
        let mut moved = Vec::new();
        if self.retreat_before_combat_as(s, u, &attackers, checked, &mut moved) {
            ev.push(Event::RetreatBeforeCombat { unit: u });
            ev.append(&mut moved);
            return;
        }
        // 20.1c: no hex it may retreat to; the group stays and takes its MC(B) (13.7a).
        s.steps.truncate(pending);
        if let Some(g) = self.current_mut(s).and_then(|c| c.defenders.get_mut(asked)) {
            g.retreated = false;
        }
        self.ask_retreat(s, ev);
    }

    /// The Defender's Morale Checks (13.7a): MC(B) for each group that did not retreat or
    /// countercharge, +5 for a non-cavalry group attacked by cavalry (19.9d); a Routed group
    /// loses 1 SP and Retreats by Routing instead (13.7d, 19.7c).
    pub(crate) fn defender_checks(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.snapshot(s);
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let cav_attack = c.attackers.iter().any(|g| {
            g.units
                .iter()
                .any(|&u| self.units[usize::from(u)].kind == Kind::Cavalry)
        });
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::DefenderChecks)));
        let mut reqs = Vec::new();
        for g in &c.defenders {
            if g.checked || g.retreated {
                continue;
            }
            let Some(&top) = g.units.iter().find(|&&u| s.unit(u).on_map()) else {
                continue;
            };
            if s.unit(top).morale == Morale::Routed {
                self.lose_sp(s, top, 1, "13.7d", ev);
                if s.unit(top).on_map() {
                    self.rout(s, top, ev);
                }
                continue;
            }
            let checker = self.cc_checker(s, &g.units);
            let cav = g
                .units
                .iter()
                .all(|&u| self.units[usize::from(u)].kind == Kind::Cavalry);
            reqs.push(CheckReq {
                unit: checker,
                kind: CheckKind::Morale(MoraleCheck::B),
                er_mod: if cav_attack && !cav { 5 } else { 0 },
            });
        }
        self.queue_checks(s, &reqs);
    }

    /// The unit that takes a group's checks: its top infantry or cavalry unit, else its top gun
    /// (13.7b, 14.4a).
    pub(crate) fn cc_checker(&self, s: &State, units: &[UnitId]) -> UnitId {
        units
            .iter()
            .copied()
            .filter(|&u| s.unit(u).on_map())
            .find(|&u| self.units[usize::from(u)].kind != Kind::Artillery)
            .or_else(|| units.first().copied())
            .unwrap_or_default()
    }

    /// After the Defender's Morale Checks (13.7): a defender that stays fights (Shaken if it
    /// failed in Good Order); if every defending hex is empty the attacker advances (13.7e);
    /// else Defensive Fire (13.10).
    pub(crate) fn after_defender_checks(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let stays = |g: &Group| -> bool {
            let here: Vec<_> = g.hexes.iter().map(|h| h.0).collect();
            self.fighting(s, g).iter().any(|&u| {
                s.unit(u)
                    .placed()
                    .is_some_and(|p| p.hexes.as_slice() == here.as_slice())
            })
        };
        if !c.defenders.iter().any(stays) {
            if let Some(x) = self.current_mut(s) {
                x.outcome = Outcome::Attacker;
            }
            ev.push(Event::CombatOver {
                winner: Some(self.side_of(c.attackers[0].units[0])),
                rounds: 0,
            });
            self.start_advance(s, ev);
            return;
        }
        // 13.8c: when committed cavalry fights on after the first defender has left its hex
        // (retreated before combat, or routed at its MC(B)), that hex is no advance hex: the
        // group is marked as gone before the combat.
        let gone: Vec<usize> = if c.defenders.iter().any(|g| g.committed && stays(g)) {
            c.defenders
                .iter()
                .enumerate()
                .filter(|(_, g)| !g.committed && !stays(g))
                .map(|(i, _)| i)
                .collect()
        } else {
            Vec::new()
        };
        // 17.3b: only the stationary units of a hex of moving and stationary units fire.
        let defenders: Vec<UnitId> = c
            .defenders
            .iter()
            .filter(|g| stays(g))
            .flat_map(|g| {
                self.fighting(s, g)
                    .into_iter()
                    .filter(|u| !g.movers.contains(u))
            })
            .collect();
        let attackers: Vec<Vec<UnitId>> = c.attackers.iter().map(|g| self.fighting(s, g)).collect();
        if let Some(x) = self.current_mut(s) {
            for i in gone {
                if let Some(g) = x.defenders.get_mut(i) {
                    g.retreated = true;
                }
            }
        }
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::AfterFire)));
        self.close_defensive_fire(s, &defenders, &attackers, ev);
    }

    /// The side of a group.
    pub(crate) fn group_side(&self, g: &Group) -> Side {
        g.units.first().map_or(Side(0), |&u| self.side_of(u))
    }
}
