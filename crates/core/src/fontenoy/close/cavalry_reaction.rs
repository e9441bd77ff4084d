//! 17.0 Cavalry Reaction: when an active unit moves or turns within 2 hexes of passive cavalry,
//! the passive player may have that cavalry attack it (17.1): MC(H) first, then a one-hex
//! move like a countercharge if it is not yet adjacent (17.2a, 17.2b), then a close combat in
//! the order of 17.3a (the defenders' MC(B), Defensive Fire, resolution), advance and pursuit,
//! and the mover goes on unless it was Disordered (17.3c, 14.3b).
//!
//! The trigger is read after each step or facing change of the Movement Segment, from where
//! the mover then stands (a reading: the text measures a departure from the hex left, 12.8d).

use alloc::vec::Vec;

use super::{CloseStep, Combat, Cont, Group, Outcome};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::{self, Arc, Placed};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Place, SplitChoice, State, Step};
use crate::fontenoy::types::{Formation, Kind, Morale, MoraleCheck, round};
use crate::fontenoy::units::UnitId;
use crate::hex::Hex;

impl Fontenoy {
    /// The passive cavalry that may react to `mover` now (17.1), with the position it would
    /// charge into (`None` when already adjacent with the mover in its Frontal hexes).
    pub(crate) fn cavalry_reactors(
        &self,
        s: &State,
        mover: UnitId,
    ) -> Vec<(UnitId, Option<Placed>)> {
        let mut out = Vec::new();
        let Some(mp) = s.unit(mover).placed().copied() else {
            return out;
        };
        if !self.units[usize::from(mover)].is_combat() {
            return out;
        }
        let reacted = self
            .close_segment(s)
            .map(|c| c.cavalry_reacted.clone())
            .unwrap_or_default();
        let passive = self.side_of(mover).other();
        let o = Occupancy::build(self, s);
        let mover_cav = self.units[usize::from(mover)].kind == Kind::Cavalry;
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            let x = s.unit(u);
            if info.side != passive
                || info.kind != Kind::Cavalry
                || reacted.contains(&u)
                || x.morale != Morale::Good
                || !matches!(x.formation, Formation::Line | Formation::AttackColumn)
            {
                continue;
            }
            let Some(p) = x.placed().copied() else {
                continue;
            };
            let near = p
                .hexes
                .as_slice()
                .iter()
                .flat_map(|&h| mp.hexes.as_slice().iter().map(move |&k| h.distance(k)))
                .min()
                .unwrap_or(99);
            if near > 2 {
                continue;
            }
            let stack = self.stack_of(s, u);
            if stack.first() != Some(&u) {
                continue;
            }
            let hits = |q: &Placed| -> Option<Hex> {
                let mut hit = None;
                geometry::for_each_in_arc(x.formation, q, Arc::Frontal, |h| {
                    if hit.is_none() && mp.hexes.contains(h) {
                        hit = Some(h);
                    }
                });
                hit
            };
            let can_attack = |q: &Placed, h: Hex| {
                q.hexes
                    .as_slice()
                    .iter()
                    .any(|&f| f.distance(h) == 1 && self.may_attack_into(s, f, h, true))
            };
            if let Some(h) = hits(&p) {
                if can_attack(&p, h) {
                    out.push((u, None));
                }
                continue;
            }
            // 17.1a: a Disordered unit only against a mover in its Frontal hexes.
            if x.disordered {
                continue;
            }
            let shift = self
                .charge_shifts(&o, &stack, &p)
                .into_iter()
                // 11.10b: a one-hex move only through a hex whose SCM cost is at most 1.
                .find(|(q, c)| {
                    *c <= crate::fontenoy::types::Pts::ONE
                        && hits(q).is_some_and(|h| can_attack(q, h))
                });
            if let Some((q, _)) = shift {
                out.push((u, Some(q)));
            }
        }
        let _ = mover_cav;
        out
    }

    /// After an active unit's step or facing change (17.0): the passive player's window.
    pub(crate) fn cavalry_reaction_trigger(&self, s: &mut State, mover: UnitId) {
        if !self.cavalry_reactors(s, mover).is_empty() {
            s.steps
                .push(Step::Close(CloseStep::CavalryReaction { mover }));
        }
    }

    /// 17.0: the passive player's order of a Fire and a Cavalry Reaction set off by one change
    /// of `mover`: the Cavalry Reaction's window is put above the Fire Reaction's when it comes
    /// first (the Fire Reaction, if still possible, follows it), else left under it.
    pub(crate) fn reaction_order(
        &self,
        s: &mut State,
        mover: UnitId,
        cavalry_first: bool,
        ev: &mut Vec<Event>,
    ) {
        use crate::fontenoy::state::FireStep;
        ev.push(Event::ReactionOrder {
            unit: mover,
            cavalry_first,
        });
        if !cavalry_first {
            return;
        }
        let window = Step::Close(CloseStep::CavalryReaction { mover });
        let Some(c) = s.steps.iter().rposition(|st| *st == window) else {
            return;
        };
        s.steps.remove(c);
        match s
            .steps
            .iter()
            .rposition(|st| matches!(st, Step::Fire(FireStep::Reaction { .. })))
        {
            Some(f) => s.steps.insert(f + 1, window),
            None => s.steps.push(window),
        }
    }

    /// The Cavalry Reactions on offer: against a splitting group, each with the choice of
    /// 17.2d (the one already made for this movement, if any).
    pub(crate) fn cavalry_reaction_actions(&self, s: &State, mover: UnitId, out: &mut Vec<Action>) {
        let reactors = self.cavalry_reactors(s, mover);
        if reactors.is_empty() {
            return;
        }
        let options = self.split_options(s, mover);
        for (u, _) in reactors {
            match &options {
                None => out.push(Action::CavalryReact {
                    unit: u,
                    split: None,
                }),
                Some(v) => {
                    for &original in v {
                        out.push(Action::CavalryReact {
                            unit: u,
                            split: Some(original),
                        });
                    }
                }
            }
        }
    }

    /// 17.3b: the units moving with `mover` now (its group under way; a unit that changed
    /// facing or formation in place, 10.8e), top first.
    pub(crate) fn reaction_movers(&self, s: &State, mover: UnitId) -> Vec<UnitId> {
        let Some(p) = s.unit(mover).placed().copied() else {
            return Vec::new();
        };
        let f = s.unit(mover).formation;
        let spent = self.moving(s, mover).map(|m| m.spent);
        let mut out: Vec<UnitId> = self
            .stack_of(s, mover)
            .into_iter()
            .filter(|&x| {
                x == mover
                    || (s.unit(x).placed() == Some(&p)
                        && s.unit(x).formation == f
                        && self
                            .moving(s, x)
                            .is_some_and(|m| !m.done && Some(m.spent) == spent))
            })
            .collect();
        if !out.contains(&mover) {
            out.insert(0, mover);
        }
        out
    }

    /// 17.3b: the stationary units of the mover's hex (its side's, not Routed, not moving
    /// with it).
    fn reaction_stationary(&self, s: &State, mover: UnitId) -> Vec<UnitId> {
        let movers = self.reaction_movers(s, mover);
        self.stack_of(s, mover)
            .into_iter()
            .filter(|x| !movers.contains(x))
            .collect()
    }

    /// 17.2d, 10.8a: the units of `mover`'s group that its last step left behind, when the
    /// reaction is read right after that step (it stands where the step put it): the
    /// non-Routed combat units of its side still in the place it stepped out of.
    pub(crate) fn left_behind(&self, s: &State, mover: UnitId) -> Vec<UnitId> {
        let Some(m) = self.moving(s, mover) else {
            return Vec::new();
        };
        let (Some(from), Some(here)) = (m.left, s.unit(mover).placed().copied()) else {
            return Vec::new();
        };
        if m.entered != Some(here) {
            return Vec::new();
        }
        let side = self.side_of(mover);
        let movers = self.reaction_movers(s, mover);
        let mut out: Vec<UnitId> = (0..s.units.len() as UnitId)
            .filter(|&x| {
                let info = &self.units[usize::from(x)];
                info.side == side
                    && info.is_combat()
                    && !movers.contains(&x)
                    && s.unit(x).placed() == Some(&from)
                    && s.unit(x).morale != Morale::Routed
            })
            .collect();
        out.sort_by_key(|&x| (s.unit(x).order, x));
        out
    }

    /// 17.2d, 10.8e, 10.8a: whether `mover` is splitting from its group (it shares the hex
    /// it began in with units of its group that stay: it changed facing or formation in
    /// place, 10.8e; or its last step took it out of a hex where units of its group stay,
    /// 10.8a), and the choices open: the original group (`true`) or the split one (`false`),
    /// or the one already made against this movement by an earlier reaction.
    pub(crate) fn split_options(&self, s: &State, mover: UnitId) -> Option<Vec<bool>> {
        let began_here = self.moving(s, mover).is_some_and(|m| m.entered.is_none());
        let in_place = began_here && !self.reaction_stationary(s, mover).is_empty();
        if !in_place && self.left_behind(s, mover).is_empty() {
            return None;
        }
        let p = s.unit(mover).placed().copied()?;
        let f = s.unit(mover).formation;
        let made = self
            .close_segment(s)
            .and_then(|c| c.split_choice)
            .filter(|c| c.mover == mover && c.at == p && c.formation == f);
        Some(match made {
            Some(c) => alloc::vec![c.original],
            None => alloc::vec![true, false],
        })
    }

    /// A Cavalry Reaction is declared: MC(H) (17.2a); the group reacts at most once this
    /// Movement Segment (17.1d).
    pub(crate) fn cavalry_react(
        &self,
        s: &mut State,
        u: UnitId,
        mover: UnitId,
        split: Option<bool>,
        ev: &mut Vec<Event>,
    ) {
        let stack = self.stack_of(s, u);
        let at = s.unit(mover).placed().copied();
        let formation = s.unit(mover).formation;
        if let Some(c) = self.cs_mut(s) {
            c.cavalry_reacted.extend_from_slice(&stack);
            // 17.2d: the choice holds for every reaction to this movement.
            if let (Some(original), Some(at)) = (split, at) {
                c.split_choice = Some(SplitChoice {
                    mover,
                    at,
                    formation,
                    original,
                });
            }
        }
        if let Some(original) = split {
            ev.push(Event::SplitGroupChoice {
                unit: u,
                mover,
                original,
            });
        }
        ev.push(Event::CavalryReaction { unit: u, mover });
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::CavalryReaction {
                unit: u,
                mover,
            })));
        self.queue_checks(
            s,
            &[CheckReq {
                unit: u,
                kind: CheckKind::Morale(MoraleCheck::H),
                er_mod: 0,
            }],
        );
    }

    /// After MC(H): failed, Shaken and no reaction (17.2a); passed, the charge and the combat
    /// (17.2b: cancelled and Shaken when the mover cannot be reached).
    pub(crate) fn after_reaction_check(
        &self,
        s: &mut State,
        u: UnitId,
        mover: UnitId,
        ev: &mut Vec<Event>,
    ) {
        if !s.unit(u).on_map() || s.unit(u).morale != Morale::Good {
            self.reaction_window_again(s, mover);
            return;
        }
        let stack = self.stack_of(s, u);
        // The reactor is eligible again for this look (it is in `cavalry_reacted` only to stop
        // a second reaction).
        let option = {
            let reacted = self
                .cs_mut(s)
                .map(|c| core::mem::take(&mut c.cavalry_reacted));
            let found = self
                .cavalry_reactors(s, mover)
                .into_iter()
                .find(|(x, _)| *x == u);
            if let (Some(c), Some(r)) = (self.cs_mut(s), reacted) {
                c.cavalry_reacted = r;
            }
            found
        };
        let Some((_, shift)) = option else {
            for &v in &stack {
                if s.unit(v).morale == Morale::Good {
                    s.unit_mut(v).morale = Morale::Shaken;
                }
            }
            ev.push(Event::CloseState {
                unit: u,
                disordered: s.unit(u).disordered,
                morale: s.unit(u).morale,
                rule: "17.2b".into(),
            });
            self.reaction_window_again(s, mover);
            return;
        };
        let mut charged = 0;
        if let Some(q) = shift {
            for &v in &stack {
                s.unit_mut(v).place = Place::Map(q);
            }
            charged = 1;
            ev.push(Event::Charged {
                unit: u,
                to: q.hex(),
            });
        }
        // 17.3a: every enemy in its Frontal hexes is attacked.
        let o = Occupancy::build(self, s);
        let side = self.side_of(u);
        let mut foes: Vec<UnitId> = Vec::new();
        let from = s.unit(u).placed().copied();
        for h in self.frontal_hexes(s, u) {
            let open = from.is_some_and(|p| {
                p.hexes
                    .as_slice()
                    .iter()
                    .any(|&f| f.distance(h) == 1 && self.may_attack_into(s, f, h, true))
            });
            if !open {
                continue;
            }
            for e in self.enemies_at(&o, h, side) {
                if !foes.contains(&e) {
                    foes.push(e);
                }
            }
        }
        let mut attacker = self.make_group(s, stack, charged);
        attacker.checked = true;
        // 17.2d (a): against the original group, the combat is an ordinary one (17.3a); (b),
        // or a mover in a hex of stationary units, 17.3b.
        let original = self
            .close_segment(s)
            .and_then(|c| c.split_choice)
            .is_some_and(|c| {
                c.mover == mover && c.original && Some(c.at) == s.unit(mover).placed().copied()
            });
        let movers = if original {
            Vec::new()
        } else {
            self.reaction_movers(s, mover)
        };
        // 17.2d (a) against a unit that stepped out of its group: the units it left behind
        // fight with it as the one group they were (a reading: the reaction is read after the
        // step, and the original group is the mover's and theirs together).
        let behind = if original {
            self.left_behind(s, mover)
        } else {
            Vec::new()
        };
        let mut defenders = Vec::new();
        for &f in &foes {
            if defenders
                .iter()
                .any(|g: &super::Group| g.units.contains(&f))
            {
                continue;
            }
            let g: Vec<UnitId> = self
                .stack_of(s, f)
                .into_iter()
                .filter(|x| foes.contains(x))
                .collect();
            let moving: Vec<UnitId> = g.iter().copied().filter(|x| movers.contains(x)).collect();
            let mixed = !moving.is_empty() && moving.len() < g.len();
            if !mixed {
                let mut g = g;
                let joined: Vec<UnitId> = if g.contains(&mover) {
                    behind
                        .iter()
                        .copied()
                        .filter(|x| !foes.contains(x))
                        .collect()
                } else {
                    Vec::new()
                };
                g.extend_from_slice(&joined);
                let mut group = self.make_group(s, g, 0);
                group.joined = joined;
                defenders.push(group);
                continue;
            }
            // 17.3b: the movers on top, where they take the checks.
            let order: Vec<UnitId> = moving
                .iter()
                .copied()
                .chain(g.iter().copied().filter(|x| !moving.contains(x)))
                .collect();
            let mut group = self.make_group(s, order, 0);
            group.movers = moving;
            defenders.push(group);
        }
        if defenders.is_empty() {
            self.reaction_window_again(s, mover);
            return;
        }
        let combat = Combat {
            attackers: alloc::vec![attacker],
            defenders,
            round: 1,
            reaction: true,
            mover: Some(mover),
            asked: 0,
            commit_done: true,
            bonus_asked: 0,
            die: None,
            special_order: Vec::new(),
            outcome: Outcome::Open,
            advanced: Vec::new(),
        };
        ev.push(Event::CombatDesignated {
            attackers: combat.attackers[0].units.clone(),
            defenders: foes,
        });
        if let Some(c) = self.cs_mut(s) {
            c.current = Some(combat);
        }
        self.defender_checks(s, ev);
    }

    /// A group's SP (13.11a); 17.2d (a): the units its mover left behind (`Group::joined`)
    /// count in full, as if they still stood with it (halved if Disordered, 18.5a; guns with
    /// infantry add none).
    pub fn original_group_sp(&self, s: &State, g: &Group, foes: &[UnitId]) -> u32 {
        let fighting = self.fighting(s, g);
        if g.joined.is_empty() {
            return self.group_sp(s, &fighting, foes);
        }
        let (joined, rest): (Vec<UnitId>, Vec<UnitId>) =
            fighting.into_iter().partition(|u| g.joined.contains(u));
        let mut total = self.group_sp(s, &rest, foes);
        for u in joined {
            if self.units[usize::from(u)].kind == Kind::Artillery {
                continue;
            }
            let x = s.unit(u);
            let sp = i32::from(x.sp);
            total += if x.disordered { round(sp, 2) } else { sp } as u32;
        }
        total
    }

    /// The window again for the other cavalry (17.1c), if the mover is still there.
    pub(crate) fn reaction_window_again(&self, s: &mut State, mover: UnitId) {
        if s.unit(mover).on_map() && s.unit(mover).morale != Morale::Routed {
            self.cavalry_reaction_trigger(s, mover);
        }
    }

    /// A Cavalry Reaction's combat is over: a mover that was Disordered, Routed or destroyed
    /// stops (14.3b, 17.3c), with the units of its group; a Disordered mover stopped in a
    /// group it may not end in routs, the others of the hex take MC(F) (17.3d, 10.13b); a
    /// stopped mover still on the map and not Routed takes the DC(A) it owes (17.3f); the
    /// window opens again.
    pub(crate) fn reaction_over(&self, s: &mut State, _c: &Combat, ev: &mut Vec<Event>) {
        let Some(act) = s.activation.as_ref() else {
            return;
        };
        let disordered: Vec<UnitId> = act
            .moving
            .iter()
            .filter(|m| !m.done && m.spent > crate::fontenoy::types::Pts::ZERO)
            .map(|m| m.unit)
            .filter(|&u| {
                let x = s.unit(u);
                x.on_map() && x.morale != Morale::Routed && x.disordered
            })
            .collect();
        // 17.3d: by the stacks they stand in, each judged as a group.
        let mut seen: Vec<UnitId> = Vec::new();
        for &u in &disordered {
            if seen.contains(&u) {
                continue;
            }
            let p = s.unit(u).placed().copied();
            let movers: Vec<UnitId> = disordered
                .iter()
                .copied()
                .filter(|&x| s.unit(x).placed().copied() == p)
                .collect();
            seen.extend_from_slice(&movers);
            self.stopped_in_group(s, &movers, ev);
        }
        let Some(act) = s.activation.as_ref() else {
            return;
        };
        let stop: Vec<UnitId> = act
            .moving
            .iter()
            .filter(|m| !m.done)
            .map(|m| m.unit)
            .filter(|&u| {
                let x = s.unit(u);
                !x.on_map() || x.morale == Morale::Routed || x.disordered
            })
            .collect();
        // 17.3f: a stopped mover's movement is complete, so the Movement Disorder Check (A) it
        // owes is taken now, unless the combat routed or destroyed it (movement_over).
        for u in stop {
            self.finish(s, u, ev);
        }
        if let Some(mover) = _c.mover {
            self.reaction_window_again(s, mover);
        }
    }
}
