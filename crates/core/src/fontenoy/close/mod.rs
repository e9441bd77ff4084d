//! 13.0 Close Combat: the segment's sequence as steps of the player who decides each of them.
//!
//! * `mod.rs` — the segment's record, its steps, designating the attackers (13.1) and their
//!   Morale Checks (13.2), designating the combats (13.6), and the order of one combat (13.0
//!   step 5: committing cavalry, the defenders' checks or retreats, Defensive Fire, the rounds);
//! * `charge.rs` — Cavalry Charge Movement (13.1d–f, 13.3);
//! * `reaction.rs` — the Defender's Reaction (13.4), Countercharges (13.5), Committing the
//!   Defending Cavalry (13.8), the Defender's Morale Check (13.7) and Retreat Before Close
//!   Combat (13.9);
//! * `defensive_fire.rs` — Defensive Fire (13.10): who fires at whom; the fire section fires;
//! * `resolve.rs` — SP, CR, ratio and the table (13.11, 14.1), results (14.2–14.7), renewed
//!   rounds (14.5), Special Close Combat Results (14.8), the outcome distribution;
//! * `advance.rs` — Advance After Combat (15);
//! * `pursuit.rs` — Cavalry Pursuit and Recall (16, F-2.7, F-8.4); `free_move.rs` — Free
//!   Movement and the Pursuit Completion Step (16.2b, 16.2c, 10.6g);
//! * `cavalry_reaction.rs` — Cavalry Reaction in the Movement Segment (17);
//! * the charts are in `tables/close.rs`.
//!
//! Checks are asked of the checks section with [`Fontenoy::queue_checks`]; a continuation step
//! ([`CloseStep::Resume`]) lies under them and runs once they are resolved
//! ([`Fontenoy::run_resumes`]), reading the units' states to learn who passed (19.1d).

mod advance;
mod cavalry_reaction;
mod charge;
mod column;
mod declare;
mod defensive_fire;
mod free_move;
mod optional;
mod pursuit;
mod pursuit_split;
mod reaction;
pub mod resolve;
mod special_mg;
mod steps;

mod view;

use alloc::vec::Vec;

use super::Fontenoy;
use super::event::Event;
use super::geometry::{self, Arc};
use super::occupancy::Occupancy;
use super::state::{Act, State, Step};
use super::types::{Kind, Morale};
use super::units::UnitId;
use crate::engine::Side;
use crate::hex::Hex;

pub use super::state::SpecialPursuit;
pub use super::state::{
    Attack, CloseSegment, CloseStep, Combat, Cont, Group, HexLabel, Outcome, Pursuit,
};
pub use super::tables::close::{CcResult, SideResult};

impl Fontenoy {
    /// The segment's record.
    pub fn close_segment<'a>(&self, s: &'a State) -> Option<&'a CloseSegment> {
        s.activation.as_ref().and_then(|a| a.close.as_ref())
    }

    fn cs_mut<'a>(&self, s: &'a mut State) -> Option<&'a mut CloseSegment> {
        let act = s.activation.as_mut()?;
        Some(act.close.get_or_insert_with(CloseSegment::default))
    }

    fn current_mut<'a>(&self, s: &'a mut State) -> Option<&'a mut Combat> {
        self.cs_mut(s).and_then(|c| c.current.as_mut())
    }

    fn current<'a>(&self, s: &'a State) -> Option<&'a Combat> {
        self.close_segment(s).and_then(|c| c.current.as_ref())
    }

    /// The active player (3.0).
    fn active_side(s: &State) -> Side {
        s.activation.as_ref().map_or(Side(0), |a| a.side)
    }

    /// The hexes in `u`'s Frontal arc (9.1: its ZOC).
    pub fn frontal_hexes(&self, s: &State, u: UnitId) -> Vec<Hex> {
        let unit = s.unit(u);
        let mut out = Vec::new();
        if let Some(p) = unit.placed() {
            geometry::for_each_in_arc(unit.formation, p, Arc::Frontal, |h| out.push(h));
        }
        out
    }

    /// The enemy combat units of `side` at `h`.
    fn enemies_at(&self, o: &Occupancy, h: Hex, side: Side) -> Vec<UnitId> {
        o.combat_at(self, h)
            .filter(|&x| self.units[usize::from(x)].side != side)
            .collect()
    }

    /// The commanders of `side` in any of `hexes` (21.2b: grouped with the group).
    pub fn commanders_in(&self, s: &State, hexes: &[Hex], side: Side) -> Vec<UnitId> {
        (0..s.units.len() as UnitId)
            .filter(|&c| {
                let info = &self.units[usize::from(c)];
                info.kind == Kind::Commander
                    && info.side == side
                    && s.unit(c).placed().is_some_and(|q| hexes.contains(&q.hex()))
            })
            .collect()
    }

    /// Whether units of `side` with `cavalry` among them may attack the enemy at `to` from `from`
    /// (F-2.8c, F-9.2d, F-9.3b: the TET's close combat and cavalry attack columns for the hex
    /// and the hexside between; F-3.5a F: cavalry never attacks units inside a redoubt, and may
    /// attack those in a redoubt hex outside it, for whom a redoubt hex counts as its other
    /// terrain, F-3.5a B).
    pub fn may_attack_into(&self, s: &State, from: Hex, to: Hex, cavalry: bool) -> bool {
        let info = self.board.hex(to);
        let terrain = if info.terrain == super::board::Terrain::Redoubt {
            info.under
        } else {
            info.terrain
        };
        let fx = self.tables.fx(terrain);
        if !fx.close_combat || (cavalry && !fx.cavalry_attack) {
            return false;
        }
        if cavalry
            && self.redoubt_in(s, to).is_some()
            && s.units.iter().enumerate().any(|(i, u)| {
                u.placed().is_some_and(|p| p.hexes.contains(to))
                    && self.inside_redoubt(s, i as UnitId)
            })
        {
            return false;
        }
        let Some(d) = from.direction_to(to) else {
            return true;
        };
        let bits = self.board.side(from, d);
        super::board::side::IDS.iter().all(|&(bit, _)| {
            if bits & bit == 0 {
                return true;
            }
            match self.tables.close.side(bit) {
                Some(x) => x.close_combat && (!cavalry || x.cavalry_attack),
                None => true,
            }
        })
    }

    /// The attacking group of `u` (13.1c): its activated non-artillery, non-Routed units, the
    /// top one first, or `None` when `u` is not the top one.
    fn attack_group(&self, s: &State, u: UnitId) -> Option<Vec<UnitId>> {
        let group: Vec<UnitId> = self
            .stack_of(s, u)
            .into_iter()
            .filter(|&v| {
                s.unit(v).act == Act::Active
                    && self.units[usize::from(v)].kind != Kind::Artillery
                    && s.unit(v).morale != Morale::Routed
            })
            .collect();
        (group.first() == Some(&u)).then_some(group)
    }

    /// The start of the segment (13.0): a fresh record.
    pub(crate) fn begin_close(&self, s: &mut State) {
        if let Some(act) = s.activation.as_mut() {
            let reacted = act
                .close
                .take()
                .map(|c| c.cavalry_reacted)
                .unwrap_or_default();
            act.close = Some(CloseSegment {
                cavalry_reacted: reacted,
                ..CloseSegment::default()
            });
        }
    }

    /// 13.6: every attacker attacks all the enemy units in its ZOC (the countercharger that
    /// stopped it instead, 13.6a); attackers sharing a defender fight one combat (13.6b, 13.6d:
    /// a unit is attacked only once).
    fn designate_combats(&self, s: &mut State, ev: &mut Vec<Event>) {
        let o = Occupancy::build(self, s);
        let side = Self::active_side(s);
        let Some(cs) = self.close_segment(s).cloned() else {
            return;
        };
        // Each attacking group and the enemy units it must attack.
        let mut pairs: Vec<(Attack, Vec<UnitId>)> = Vec::new();
        for a in cs.attacks.iter().filter(|a| a.passed == Some(true)) {
            let alive: Vec<UnitId> = a
                .units
                .iter()
                .copied()
                .filter(|&u| s.unit(u).on_map() && s.unit(u).morale != Morale::Routed)
                .collect();
            let Some(&lead) = alive.first() else { continue };
            let cavalry = alive
                .iter()
                .any(|&u| self.units[usize::from(u)].kind == Kind::Cavalry);
            let mut foes: Vec<UnitId> = Vec::new();
            if let Some(c) = a.stopped_by.filter(|&c| s.unit(c).on_map()) {
                foes.extend(self.stack_of(s, c));
            } else if let Some(p) = s.unit(lead).placed().copied() {
                for h in self.frontal_hexes(s, lead) {
                    let from = p
                        .hexes
                        .as_slice()
                        .iter()
                        .copied()
                        .find(|x| x.distance(h) == 1)
                        .unwrap_or(p.hex());
                    if !self.may_attack_into(s, from, h, cavalry) {
                        continue; // F-2.8c: such hexes are ignored
                    }
                    for e in self.enemies_at(&o, h, side) {
                        if !foes.contains(&e) && !cs.fought.contains(&e) {
                            foes.push(e);
                        }
                        // 10.4d: a multi-hex Line's guns, in whichever of its hexes, are
                        // attacked with it.
                        if s.unit(e).placed().is_some_and(|q| q.hexes.len() > 1) {
                            for g in self.stack_of(s, e) {
                                if !foes.contains(&g) && !cs.fought.contains(&g) {
                                    foes.push(g);
                                }
                            }
                        }
                    }
                }
            }
            if foes.is_empty() {
                ev.push(Event::AttackCancelled {
                    unit: lead,
                    rule: "13.6a".into(),
                });
                continue;
            }
            let a = Attack {
                units: alive,
                ..a.clone()
            };
            pairs.push((a, foes));
        }
        // Merge attacks that share a defender (13.6b, 13.6d).
        let mut sets: Vec<(Vec<Attack>, Vec<UnitId>)> = Vec::new();
        for (a, foes) in pairs {
            let joined: Vec<usize> = sets
                .iter()
                .enumerate()
                .filter(|(_, (_, f))| f.iter().any(|x| foes.contains(x)))
                .map(|(i, _)| i)
                .collect();
            // The earlier attacks keep their place (13.0: the attacker's order).
            let mut attacks = Vec::new();
            let mut all = Vec::new();
            for i in joined.into_iter().rev() {
                let (aa, ff) = sets.remove(i);
                attacks.splice(0..0, aa);
                for f in ff {
                    if !all.contains(&f) {
                        all.push(f);
                    }
                }
            }
            attacks.push(a);
            for f in foes {
                if !all.contains(&f) {
                    all.push(f);
                }
            }
            sets.push((attacks, all));
        }
        let mut combats = Vec::new();
        for (attacks, foes) in sets {
            let attackers: Vec<Group> = attacks
                .iter()
                .map(|a| self.make_group(s, a.units.clone(), a.hexes))
                .collect();
            let mut defenders: Vec<Group> = Vec::new();
            for &f in &foes {
                if defenders.iter().any(|g| g.units.contains(&f)) {
                    continue;
                }
                let stack: Vec<UnitId> = self
                    .stack_of(s, f)
                    .into_iter()
                    .filter(|x| foes.contains(x))
                    .collect();
                let mut g = self.make_group(s, stack, 0);
                // 13.5c: a countercharger's MC(C) counts as its MC(B).
                if g.units.iter().any(|u| cs.countercharged.contains(u)) {
                    g.checked = true;
                }
                if attacks
                    .iter()
                    .any(|a| a.stopped_by.is_some_and(|c| g.units.contains(&c)))
                {
                    g.charged = 1;
                }
                defenders.push(g);
            }
            let mut combat = Combat {
                attackers,
                defenders,
                round: 1,
                reaction: false,
                mover: None,
                asked: 0,
                commit_done: false,
                bonus_asked: 0,
                die: None,
                special_order: Vec::new(),
                outcome: Outcome::Open,
                advanced: Vec::new(),
            };
            combat.defenders.sort_by_key(|g| g.units.first().copied());
            combats.push(combat);
        }
        // F-10.2a F: a Potential French Reinforcement Division attacked in close combat is
        // activated.
        let attacked: Vec<UnitId> = combats
            .iter()
            .flat_map(|c| c.defenders.iter().flat_map(|g| g.units.iter().copied()))
            .collect();
        self.potential_attacked(s, &attacked);
        if let Some(c) = self.cs_mut(s) {
            c.combats = combats;
        }
        self.next_combat(s, ev);
    }

    /// A group of `units` (top first) as it stands now.
    fn make_group(&self, s: &State, units: Vec<UnitId>, charged: u8) -> Group {
        let hexes = units
            .first()
            .and_then(|&u| s.unit(u).placed())
            .map(|p| p.hexes.as_slice().iter().map(|&h| HexLabel(h)).collect())
            .unwrap_or_default();
        let before = units.first().map_or(Morale::Good, |&u| s.unit(u).morale);
        Group {
            units,
            hexes,
            charged,
            bonus: None,
            checked: false,
            retreated: false,
            committed: false,
            disorder_left: false,
            before,
            movers: Vec::new(),
            joined: Vec::new(),
        }
    }

    /// The next combat: the attacker chooses among several (13.0 step 5); none left ends the
    /// segment.
    fn next_combat(&self, s: &mut State, ev: &mut Vec<Event>) {
        let n = self.close_segment(s).map_or(0, |c| c.combats.len());
        match n {
            0 => self.end_close_segment(s, ev),
            1 => self.start_close_combat(s, 0, ev),
            _ => s.steps.push(Step::Close(CloseStep::ChooseCombat)),
        }
    }

    /// Combat `i` of the designated ones begins (13.0 step 5).
    fn start_close_combat(&self, s: &mut State, i: usize, ev: &mut Vec<Event>) {
        let Some(cs) = self.cs_mut(s) else { return };
        if i >= cs.combats.len() {
            return;
        }
        let c = cs.combats.remove(i);
        for g in c.attackers.iter().chain(c.defenders.iter()) {
            for &u in &g.units {
                if !cs.fought.contains(&u) {
                    cs.fought.push(u);
                }
            }
        }
        let attackers: Vec<UnitId> = c.attackers.iter().flat_map(|g| g.units.clone()).collect();
        let defenders: Vec<UnitId> = c.defenders.iter().flat_map(|g| g.units.clone()).collect();
        cs.current = Some(c);
        ev.push(Event::CombatDesignated {
            attackers,
            defenders,
        });
        self.commit_or_on(s, ev);
    }

    /// The combat under way is over: its advance and pursuits are done; the next combat, or
    /// back to the mover after a Cavalry Reaction (17.3c).
    fn combat_over(&self, s: &mut State, ev: &mut Vec<Event>) {
        let c = self.cs_mut(s).and_then(|c| c.current.take());
        if let Some(c) = c {
            if c.reaction {
                self.reaction_over(s, &c, ev);
                return;
            }
        }
        self.next_combat(s, ev);
    }

    /// Runs the continuations on top of the stack (they need no decision).
    pub(crate) fn run_resumes(&self, s: &mut State, ev: &mut Vec<Event>) {
        while let Some(Step::Close(CloseStep::Resume(c))) = s.steps.last().copied() {
            s.steps.pop();
            self.resume(s, c, ev);
        }
    }

    fn resume(&self, s: &mut State, c: Cont, ev: &mut Vec<Event>) {
        match c {
            Cont::AttackerChecks => self.after_attacker_checks(s, ev),
            Cont::NextCharge => self.next_charge(s, ev),
            Cont::Countercharge { unit } => self.after_countercharge_check(s, unit, ev),
            Cont::Retreated => self.ask_retreat(s, ev),
            Cont::SwedishRetreat { unit, shaken } => self.after_swedish_check(s, unit, shaken, ev),
            Cont::DefenderChecks => self.after_defender_checks(s, ev),
            Cont::AfterFire => self.after_defensive_fire(s, ev),
            Cont::AttackersMg => self.after_attackers_mg(s, ev),
            Cont::DefendersMg => self.after_defenders_mg(s, ev),
            Cont::SpecialStart => self.special_start(s, ev),
            Cont::SpecialMg => self.after_special_mg(s, ev),
            Cont::RoundOver => self.round_over(s, ev),
            Cont::Recall => self.after_recall(s, ev),
            Cont::PursuitOver => self.after_pursuit_check(s, ev),
            Cont::CavalryReaction { unit, mover } => self.after_reaction_check(s, unit, mover, ev),
            Cont::ColumnMg { attacker, checked } => self.after_column_mg(s, attacker, checked, ev),
        }
    }

    /// Snapshots the morale of every group of the combat before checks (19.1d).
    fn snapshot(&self, s: &mut State) {
        let morale: Vec<(bool, usize, Morale)> = self
            .current(s)
            .map(|c| {
                let mut v = Vec::new();
                for (i, g) in c.attackers.iter().enumerate() {
                    v.push((
                        true,
                        i,
                        g.units.first().map_or(Morale::Good, |&u| s.unit(u).morale),
                    ));
                }
                for (i, g) in c.defenders.iter().enumerate() {
                    v.push((
                        false,
                        i,
                        g.units.first().map_or(Morale::Good, |&u| s.unit(u).morale),
                    ));
                }
                v
            })
            .unwrap_or_default();
        if let Some(c) = self.current_mut(s) {
            for (att, i, m) in morale {
                let g = if att {
                    &mut c.attackers[i]
                } else {
                    &mut c.defenders[i]
                };
                g.before = m;
            }
        }
    }

    /// Whether a group failed the check it just took: it is worse off, or gone (19.1d).
    fn group_failed(&self, s: &State, g: &Group) -> bool {
        let alive: Vec<UnitId> = g
            .units
            .iter()
            .copied()
            .filter(|&u| s.unit(u).on_map())
            .collect();
        let Some(&top) = alive.first() else {
            return true;
        };
        s.unit(top).morale > g.before
    }

    /// The units of a group still in the fight: on the map, not Routed.
    pub(crate) fn fighting(&self, s: &State, g: &Group) -> Vec<UnitId> {
        g.units
            .iter()
            .copied()
            .filter(|&u| s.unit(u).on_map() && s.unit(u).morale != Morale::Routed)
            .collect()
    }
}
