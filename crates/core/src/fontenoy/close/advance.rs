//! 15.0 Advance After Combat: the winner's units go into the Frontal hexes the losers left
//! (15.1a attackers; 15.1b defending cavalry in Line or Attack Column), cavalry first (15.1a),
//! the unit that took the group's Morale Check going (15.1c: at least one must, and a hex of
//! each beaten group is entered while a group may still enter one), one group a hex, a
//! multi-hex Line shrinking into the hex (15.1e), General Order where the terrain forces it
//! (15.1f, 15.2); commanders go with their group (21.2c). Advances trigger no reactions
//! (15.1i): they are not movement.

use alloc::vec::Vec;

use super::{CloseStep, Group, HexLabel, Outcome};
use crate::engine::Side;
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::Placed;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Place, State, Step};
use crate::fontenoy::tables::{GoFor, MoveClass, Mp};
use crate::fontenoy::types::{Formation, Kind};
use crate::fontenoy::units::UnitId;
use crate::hex::Hex;

/// The winning side, its groups that may advance (by index) and the hexes the losers left.
type Sides = (Side, Vec<(usize, Group)>, Vec<Hex>);

impl Fontenoy {
    /// The winners' groups and the hexes their enemies left, for the combat under way.
    pub(crate) fn advance_sides(&self, s: &State) -> Option<Sides> {
        let c = self.current(s)?;
        let o = Occupancy::build(self, s);
        let empty = |h: Hex| o.combat_at(self, h).next().is_none();
        let (winners, losers, attacker) = match c.outcome {
            Outcome::Attacker => (&c.attackers, &c.defenders, true),
            Outcome::Defender => (&c.defenders, &c.attackers, false),
            _ => return None,
        };
        let side = self.group_side(winners.first()?);
        let mut vacated: Vec<Hex> = Vec::new();
        let committed = losers.iter().any(|g| g.committed);
        for g in losers {
            // 13.8d: not into committed cavalry's hex; 13.8c: nor, when cavalry was committed,
            // into the hex of a first defender gone before the combat.
            if g.committed || (committed && g.retreated) {
                continue;
            }
            for h in &g.hexes {
                if empty(h.0) && !vacated.contains(&h.0) {
                    vacated.push(h.0);
                }
            }
        }
        let groups: Vec<(usize, Group)> = winners
            .iter()
            .enumerate()
            .filter(|(_, g)| {
                let live = self.fighting(s, g);
                if live.is_empty() {
                    return false;
                }
                if attacker {
                    true
                } else {
                    // 15.1b: only defending cavalry in Line or Attack Column advances.
                    live.iter()
                        .all(|&u| self.units[usize::from(u)].kind == Kind::Cavalry)
                        && matches!(
                            s.unit(live[0]).formation,
                            Formation::Line | Formation::AttackColumn
                        )
                }
            })
            .map(|(i, g)| (i, g.clone()))
            .collect();
        Some((side, groups, vacated))
    }

    /// The units of winning group `i` that have advanced: those standing in a hex it
    /// advanced into (15.1d: a group may advance in parts).
    fn advanced_units(&self, s: &State, c: &super::Combat, i: usize, g: &Group) -> Vec<UnitId> {
        let hexes: Vec<Hex> = c
            .advanced
            .iter()
            .filter(|(k, _)| usize::from(*k) == i)
            .map(|(_, h)| h.0)
            .collect();
        self.fighting(s, g)
            .into_iter()
            .filter(|&u| s.unit(u).placed().is_some_and(|p| hexes.contains(&p.hex())))
            .collect()
    }

    /// Where the winners may advance now: (the unit named, the hex, alone). The group's units
    /// not yet advanced go together, named by their checking unit; or, from a group of two or
    /// more, one unit alone (15.1d: a one-hex group splits to fill several hexes; 15.1e: a
    /// multi-hex Line advances with part of its units), the checking unit first (15.1c).
    pub(crate) fn advance_options(&self, s: &State) -> Vec<(UnitId, Hex, bool)> {
        let mut out: Vec<(UnitId, Hex, bool, bool)> = Vec::new();
        let Some(c) = self.current(s) else {
            return Vec::new();
        };
        let Some((_, groups, vacated)) = self.advance_sides(s) else {
            return Vec::new();
        };
        for (i, g) in groups {
            let live = self.fighting(s, &g);
            let gone = self.advanced_units(s, c, i, &g);
            let rest: Vec<UnitId> = live.iter().copied().filter(|u| !gone.contains(u)).collect();
            if rest.is_empty() {
                continue;
            }
            let checker = self.cc_checker(s, &live);
            let top = if rest.contains(&checker) {
                checker
            } else {
                self.cc_checker(s, &rest)
            };
            let front = self.frontal_hexes(s, top);
            let is_cav = |u: &UnitId| self.units[usize::from(*u)].kind == Kind::Cavalry;
            let cav = rest.iter().all(is_cav);
            for &h in &vacated {
                if c.advanced.iter().any(|(_, x)| x.0 == h) || !front.contains(&h) {
                    continue;
                }
                if self.may_stand(s, &rest, h) {
                    out.push((top, h, false, cav));
                }
                if rest.len() < 2 {
                    continue;
                }
                for &u in &rest {
                    // 15.1c: the checking unit goes first.
                    if (u == checker || gone.contains(&checker)) && self.may_stand(s, &[u], h) {
                        out.push((u, h, true, is_cav(&u)));
                    }
                }
            }
        }
        // 15.1a: with cavalry and infantry among the winners, the cavalry advances.
        if out.iter().any(|x| x.3) {
            out.retain(|x| x.3);
        }
        out.into_iter().map(|(u, h, a, _)| (u, h, a)).collect()
    }

    /// Whether `units` may stand together in `h` as a one-hex group: terrain they may enter,
    /// within the TET's SP limit (15.1f, 10.1c).
    pub(crate) fn may_stand(&self, s: &State, units: &[UnitId], h: Hex) -> bool {
        if !self.board.on_map(h) {
            return false;
        }
        let fx = self.tables.fx(self.board.hex(h).terrain);
        let mut sp = 0u16;
        let mut cav = false;
        for &u in units {
            let info = &self.units[usize::from(u)];
            let f = s.unit(u).formation;
            let class = match info.kind {
                Kind::Cavalry if f.is_column() => MoveClass::CavalryColumn,
                Kind::Cavalry => MoveClass::CavalryLine,
                Kind::Infantry if f.is_column() => MoveClass::InfantryColumn,
                Kind::Infantry => MoveClass::InfantryLine,
                Kind::Artillery => MoveClass::Artillery,
                Kind::Commander => MoveClass::Commander,
            };
            if fx.mp[class as usize] == Mp::Prohibited {
                return false;
            }
            let w = if info.kind == Kind::Artillery { 4 } else { 1 };
            sp += u16::from(s.unit(u).sp) * w;
            cav |= info.kind == Kind::Cavalry;
        }
        let column = units
            .first()
            .is_some_and(|&u| s.unit(u).formation.is_column());
        let col = match (cav, column) {
            (true, true) => 3,
            (true, false) => 2,
            (false, true) => 1,
            (false, false) => 0,
        };
        sp <= u16::from(fx.stack[col])
    }

    /// The advances on offer, and their end once one has been made (15.1c).
    pub(crate) fn advance_actions(&self, s: &State, out: &mut Vec<Action>) {
        for (unit, to, alone) in self.advance_options(s) {
            out.push(Action::Advance { unit, to, alone });
        }
        // F-7.1d D: the Infernal Column need not advance. 15.1c: the advance may end once
        // a hex of every beaten group is entered, or none is left to enter.
        if self
            .current(s)
            .is_some_and(|c| !c.advanced.is_empty() && !self.advance_owed(s, c))
            || self.column_may_stay(s)
        {
            out.push(Action::EndAdvance);
        }
    }

    /// 15.1c: a beaten group none of whose vacated hexes has been entered while a winning
    /// group may still advance into one of them.
    fn advance_owed(&self, s: &State, c: &super::Combat) -> bool {
        let losers = match c.outcome {
            Outcome::Attacker => &c.defenders,
            Outcome::Defender => &c.attackers,
            _ => return false,
        };
        let open = self.advance_options(s);
        losers.iter().any(|g| {
            let entered = c
                .advanced
                .iter()
                .any(|(_, x)| g.hexes.iter().any(|h| h.0 == x.0));
            !entered
                && open
                    .iter()
                    .any(|(_, h, _)| g.hexes.iter().any(|x| x.0 == *h))
        })
    }

    /// Advance After Combat begins (15.1h: after the whole combat), or is skipped when nobody
    /// may advance.
    pub(crate) fn start_advance(&self, s: &mut State, ev: &mut Vec<Event>) {
        match self.advance_sides(s) {
            Some((side, _, _)) if !self.advance_options(s).is_empty() => {
                s.steps.push(Step::Close(CloseStep::Advance { side }));
            }
            _ => self.advances_done(s, ev),
        }
    }

    /// One group, the units of it not yet advanced, or `unit` `alone`, advance into `to`
    /// (15.1, 15.1d, 15.1e).
    pub(crate) fn advance_after_combat(
        &self,
        s: &mut State,
        side: Side,
        unit: UnitId,
        to: Hex,
        alone: bool,
        ev: &mut Vec<Event>,
    ) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let (winners, losers) = match c.outcome {
            Outcome::Attacker => (&c.attackers, &c.defenders),
            _ => (&c.defenders, &c.attackers),
        };
        let Some((i, g)) = winners
            .iter()
            .enumerate()
            .find(|(_, g)| self.fighting(s, g).contains(&unit))
        else {
            return;
        };
        let gone = self.advanced_units(s, &c, i, g);
        let live: Vec<UnitId> = if alone {
            alloc::vec![unit]
        } else {
            self.fighting(s, g)
                .into_iter()
                .filter(|u| !gone.contains(u))
                .collect()
        };
        let Some(p) = s.unit(unit).placed().copied() else {
            return;
        };
        let old: Vec<Hex> = p.hexes.as_slice().to_vec();
        // 21.2c: the commanders go with the group; with a part of it, only when the rest
        // has advanced already (a commander's choice to stay is not asked here).
        let rest_stays = self
            .fighting(s, g)
            .iter()
            .any(|u| !gone.contains(u) && !live.contains(u));
        let commanders = if rest_stays {
            Vec::new()
        } else {
            self.commanders_in(s, &old, side)
        };
        let fx = self.tables.fx(self.board.hex(to).terrain);
        for &u in &live {
            // Each unit keeps its own facing: a group may hold a Line (facing a vertex) and a
            // column (facing a hexside) in one hex (the long soak found a March Column given
            // its Line partner's vertex facing).
            let facing = s.unit(u).placed().map_or(p.facing, |q| q.facing);
            let placed = Placed {
                hexes: crate::fontenoy::geometry::Hexes::one(to),
                facing,
                hook: None,
            };
            let info = &self.units[usize::from(u)];
            let go = match fx.general_order {
                GoFor::None => false,
                GoFor::Infantry => info.kind == Kind::Infantry,
                GoFor::InfantryArtillery => matches!(info.kind, Kind::Infantry | Kind::Artillery),
                GoFor::All => true,
            };
            let x = s.unit_mut(u);
            x.place = Place::Map(placed);
            if go {
                x.formation = Formation::GeneralOrder;
            } else if x.formation == Formation::Hook {
                x.formation = Formation::Line;
            }
        }
        for cmd in commanders {
            s.unit_mut(cmd).place = Place::Map(Placed::at(to, p.facing));
        }
        ev.push(Event::Advanced { unit, to });
        if let Some(x) = self.current_mut(s) {
            x.advanced.push((i as u8, HexLabel(to)));
        }
        // 16.1a: advancing cavalry pursues the group that left the hex.
        let cav = live
            .iter()
            .all(|&u| self.units[usize::from(u)].kind == Kind::Cavalry);
        let mut may_pursue = false;
        if cav {
            if let Some(l) = losers.iter().find(|l| l.hexes.iter().any(|h| h.0 == to)) {
                if !l.retreated {
                    may_pursue = true;
                    let enemy = l.units.clone();
                    if let Some(cs) = self.cs_mut(s) {
                        cs.pursuits.push((live.clone(), enemy, HexLabel(to)));
                    }
                }
            }
        }
        // 15.1g: a free turn outside an enemy ZOC, not for cavalry that may pursue.
        if !may_pursue && !Occupancy::build(self, s).ezoc(self, to, side) {
            let mut turns = Vec::new();
            self.advance_facing_actions(s, unit, &mut turns);
            if !turns.is_empty() {
                s.steps
                    .push(Step::Close(CloseStep::AdvanceFacing { side, unit }));
                return;
            }
        }
        self.advance_go_on(s, side, ev);
    }

    /// After an advance (and its free turn): the next advance, or the pursuits (15.1c).
    pub(crate) fn advance_go_on(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        if self.advance_options(s).is_empty() {
            self.advances_done(s, ev);
        } else {
            s.steps.push(Step::Close(CloseStep::Advance { side }));
        }
    }

    /// The facings `unit` may turn to after advancing (15.1g): every other facing of the kind
    /// its formation takes (a vertex or a hexside).
    pub(crate) fn advance_facing_actions(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        let Some(p) = s.unit(unit).placed() else {
            return;
        };
        if p.hexes.len() != 1 {
            return;
        }
        for f in 0..12u8 {
            if f != p.facing.index() && (f % 2 == 1) == p.facing.is_corner() {
                out.push(Action::Face { unit, facing: f });
            }
        }
    }

    /// The group in `unit`'s hex (and its commanders) turns to `facing` (15.1g).
    pub(crate) fn advance_face(
        &self,
        s: &mut State,
        unit: UnitId,
        facing: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(p) = s.unit(unit).placed().copied() else {
            return;
        };
        let Some(f) = crate::hex::Facing::new(facing) else {
            return;
        };
        // The hex turns as one: each counter by the same angle, so that a column in a Line's
        // hex keeps facing a hexside.
        let turn = f.index() as i8 - p.facing.index() as i8;
        for u in 0..s.units.len() as UnitId {
            let x = s.unit_mut(u);
            if let Place::Map(q) = &mut x.place {
                if q.hexes == p.hexes {
                    q.facing = q.facing.rotate(turn);
                }
            }
        }
        ev.push(Event::AdvanceFaced { unit, facing });
    }

    /// The advances are over: the pursuits, one group at a time (16.1c).
    pub(crate) fn advances_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.disorder_left_behind(s, ev);
        self.next_pursuit(s, ev);
    }

    /// 14.3a: after a "D" to the winning attackers, the guns and unactivated units of an
    /// attacking group's hex stay Formed only if the group advanced; otherwise they are
    /// Disordered as well (the group advances whole, 15.1d).
    fn disorder_left_behind(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s) else {
            return;
        };
        let mut hit: Vec<UnitId> = Vec::new();
        for (i, g) in c.attackers.iter().enumerate() {
            if !g.disorder_left || c.advanced.iter().any(|(k, _)| usize::from(*k) == i) {
                continue;
            }
            let Some(&lead) = g.units.first() else {
                continue;
            };
            let side = self.side_of(lead);
            let here: Vec<Hex> = g.hexes.iter().map(|h| h.0).collect();
            for u in 0..s.units.len() as UnitId {
                let info = &self.units[usize::from(u)];
                let x = s.unit(u);
                if info.side != side
                    || !info.is_combat()
                    || g.units.contains(&u)
                    || hit.contains(&u)
                    || x.morale == crate::fontenoy::types::Morale::Routed
                    || !(info.kind == Kind::Artillery
                        || x.act != crate::fontenoy::state::Act::Active)
                {
                    continue;
                }
                if x.placed()
                    .is_some_and(|p| p.hexes.as_slice().iter().all(|h| here.contains(h)))
                {
                    hit.push(u);
                }
            }
        }
        if let Some(x) = self.current_mut(s) {
            for g in x.attackers.iter_mut() {
                g.disorder_left = false;
            }
        }
        for u in hit {
            self.disorder_unit(s, u, "14.3a", ev);
        }
    }
}
