//! The Special Close Combat Result (14.8b): losses, the commanders whose bonus was used on a
//! starred side, then the groups of both sides take their MC(G) one by one, worst modified
//! ER first; friendly groups tied on ER go in the order their player chooses.

use alloc::vec::Vec;

use super::{CloseStep, Combat, Cont, Group, Outcome};
use crate::engine::Side;
use crate::fontenoy::Fontenoy;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::commanders::LossCause;
use crate::fontenoy::event::Event;
use crate::fontenoy::state::{State, Step};
use crate::fontenoy::tables::close::CcResult;
use crate::fontenoy::types::MoraleCheck;
use crate::fontenoy::units::UnitId;

impl Fontenoy {
    /// A Special Close Combat Result (14.8b): losses, the commanders whose bonus was used on a
    /// starred side check (0–3 killed, 21.4d; digest A47), then every group's MC(G) worst ER
    /// first.
    pub(crate) fn apply_special(
        &self,
        s: &mut State,
        c: &Combat,
        r: CcResult,
        ev: &mut Vec<Event>,
    ) {
        let gone = self.apply_losses(s, c, [r.attacker.sp, r.defender.sp], ev);
        if gone[0] || gone[1] {
            s.steps
                .push(Step::Close(CloseStep::Resume(Cont::RoundOver)));
            if gone[0] {
                self.mc_e(s, c);
            }
            return;
        }
        let mut cmds = Vec::new();
        for (star, groups) in [
            (r.attacker.star, &c.attackers),
            (r.defender.star, &c.defenders),
        ] {
            if star {
                cmds.extend(groups.iter().filter_map(|g| g.bonus));
            }
        }
        // The commander checks come first, then the MC(G)s in order (14.8b).
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::SpecialStart)));
        if !cmds.is_empty() {
            self.queue_commander_loss(s, &cmds, LossCause::CloseCombat, ev);
        }
    }

    /// The MC(G)s of a Special Result begin: the order is fixed after the losses (14.8b);
    /// friendly groups tied on ER are then put in order by their player.
    pub(crate) fn special_start(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let order = self.special_order(s, &c);
        if order.is_empty() {
            self.round_over(s, ev);
            return;
        }
        if let Some(x) = self.current_mut(s) {
            x.special_order = order;
        }
        self.special_ties_from(s, 0);
    }

    /// The groups of both sides by their MC(G) ER, worst (highest) first; between sides the
    /// attacker first on a tie; friendly ties in group order until their player orders them
    /// (14.8b).
    pub(crate) fn special_order(&self, s: &State, c: &Combat) -> Vec<(bool, u8)> {
        let mut v: Vec<(i16, u8, bool, u8)> = Vec::new();
        for (att, groups) in [(true, &c.attackers), (false, &c.defenders)] {
            for (i, g) in groups.iter().enumerate() {
                let live = self.fighting(s, g);
                if live.is_empty() {
                    continue;
                }
                v.push((self.mcg_er(s, &live), u8::from(!att), att, i as u8));
            }
        }
        v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.3.cmp(&b.3)));
        v.into_iter().map(|(_, _, att, i)| (att, i)).collect()
    }

    /// The ER a group's MC(G) will read, for the order of 14.8b: the checking unit's printed
    /// ER with every Morale Check (G) modifier, exactly as the check computes it
    /// (checks/modifiers.rs `modified_er`); a mixed infantry-artillery group reads its top
    /// infantry unit.
    pub fn mcg_er(&self, s: &State, units: &[UnitId]) -> i16 {
        let req = CheckReq {
            unit: self.cc_checker(s, units),
            kind: CheckKind::Morale(MoraleCheck::G),
            er_mod: 0,
        };
        let (group, checker) = self.check_group(s, req);
        match checker {
            Some(c) => self.modified_er(s, c, &group, req).0,
            None => i16::from(self.units[usize::from(req.unit)].er),
        }
    }

    /// The group at `(att, i)` of combat `c`.
    fn special_group(c: &Combat, (att, i): (bool, u8)) -> Option<&Group> {
        if att {
            c.attackers.get(usize::from(i))
        } else {
            c.defenders.get(usize::from(i))
        }
    }

    /// The first run of two or more friendly groups tied on ER at or after position `from`
    /// of the MC(G) order: its start and length (14.8b).
    pub(crate) fn special_tie(&self, s: &State, c: &Combat, from: usize) -> Option<(usize, usize)> {
        let key = |k: (bool, u8)| {
            Self::special_group(c, k).map(|g| (k.0, self.mcg_er(s, &self.fighting(s, g))))
        };
        let order = &c.special_order;
        let mut i = from;
        while i < order.len() {
            let here = key(order[i]);
            let mut j = i + 1;
            while j < order.len() && key(order[j]) == here {
                j += 1;
            }
            if j - i >= 2 {
                return Some((i, j - i));
            }
            i = j;
        }
        None
    }

    /// Asks for the order of the next friendly tie at or after `from`, or begins the MC(G)s.
    fn special_ties_from(&self, s: &mut State, from: usize) {
        let tie = self
            .current(s)
            .and_then(|c| self.special_tie(s, c, from).map(|t| (t, c)))
            .map(|((at, len), c)| (at, len, c.special_order[at].0));
        match tie {
            Some((at, len, attacker)) => s.steps.push(Step::Close(CloseStep::SpecialTie {
                attacker,
                at: at as u8,
                len: len as u8,
            })),
            None => {
                s.steps
                    .push(Step::Close(CloseStep::Resume(Cont::SpecialMg)));
                self.next_special_mg(s);
            }
        }
    }

    /// The groups a friendly tie of the MC(G) order may put first: their top units (14.8b).
    pub(crate) fn special_tie_options(&self, s: &State, at: u8, len: u8) -> Vec<UnitId> {
        let Some(c) = self.current(s) else {
            return Vec::new();
        };
        let (at, len) = (usize::from(at), usize::from(len));
        c.special_order
            .iter()
            .skip(at)
            .take(len)
            .filter_map(|&k| Self::special_group(c, k))
            .filter_map(|g| self.fighting(s, g).first().copied())
            .collect()
    }

    /// The side whose groups are tied (it orders them, 14.8b).
    pub(crate) fn special_tie_side(&self, s: &State, attacker: bool) -> Option<Side> {
        let c = self.current(s)?;
        let g = if attacker {
            c.attackers.first()
        } else {
            c.defenders.first()
        }?;
        Some(self.group_side(g))
    }

    /// The tied group whose top unit is `unit` takes its MC(G) before the other tied groups
    /// still unordered (14.8b).
    pub(crate) fn special_tie_first(
        &self,
        s: &mut State,
        at: u8,
        len: u8,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let Some(pick) = self
            .special_tie_options(s, at, len)
            .iter()
            .position(|&u| u == unit)
        else {
            return;
        };
        let at = usize::from(at);
        if let Some(x) = self.current_mut(s) {
            let k = x.special_order.remove(at + pick);
            x.special_order.insert(at, k);
        }
        ev.push(Event::MoraleCheckFirst { unit });
        if len > 2 {
            s.steps.push(Step::Close(CloseStep::SpecialTie {
                attacker: self
                    .current(s)
                    .map(|c| c.special_order[at].0)
                    .unwrap_or(true),
                at: (at + 1) as u8,
                len: len - 1,
            }));
        } else {
            self.special_ties_from(s, at + usize::from(len));
        }
    }

    /// Queues the next MC(G) of a Special Result.
    pub(crate) fn next_special_mg(&self, s: &mut State) {
        self.snapshot(s);
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let Some(&(att, i)) = c.special_order.first() else {
            return;
        };
        let g = if att {
            &c.attackers[usize::from(i)]
        } else {
            &c.defenders[usize::from(i)]
        };
        let req = self.mg_req(s, g);
        self.queue_checks(s, &[req]);
    }

    /// After one MC(G) of a Special Result (14.8b): a failure costs 1 SP; once every group of
    /// a side has failed the combat ends; when all are checked and both sides hold, a renewed
    /// round.
    pub(crate) fn after_special_mg(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let Some(&(att, i)) = c.special_order.first() else {
            self.renew(s, ev);
            return;
        };
        let g = if att {
            &c.attackers[usize::from(i)]
        } else {
            &c.defenders[usize::from(i)]
        };
        if self.group_failed(s, g) {
            let units: Vec<UnitId> = g
                .units
                .iter()
                .copied()
                .filter(|&u| s.unit(u).on_map())
                .collect();
            if let Some(u) = self.loss_taker(s, &units) {
                self.lose_sp(s, u, 1, "14.4c", ev);
            }
        }
        if let Some(x) = self.current_mut(s) {
            x.special_order.remove(0);
        }
        let att_left = c.attackers.iter().any(|g| !self.fighting(s, g).is_empty());
        let def_left = c.defenders.iter().any(|g| !self.fighting(s, g).is_empty());
        if !att_left || !def_left {
            let o = if att_left {
                Outcome::Attacker
            } else {
                Outcome::Defender
            };
            self.decide(s, o, ev);
            return;
        }
        if self.current(s).is_some_and(|c| c.special_order.is_empty()) {
            self.renew(s, ev);
            return;
        }
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::SpecialMg)));
        self.next_special_mg(s);
    }
}
