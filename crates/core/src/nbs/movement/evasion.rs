//! Skirmishers evading a charge or a close combat (11.5e).

use crate::engine::{Illegal, Side};
use crate::hex::Hex;
use crate::nbs::event::{Event, PartChange};
use crate::nbs::state::{Place, State, Task, flag};
use crate::nbs::{Action, Nbs};
use alloc::format;
use alloc::vec::Vec;

impl Nbs {
    /// The hexes skirmishers in `target` may evade into (11.5e): adjacent, on the map,
    /// enterable by skirmishers, not enemy-occupied and not the attackers' hex. ERR-8: the
    /// 2-hex limit of 11.5b does not apply.
    pub(in crate::nbs) fn evade_hexes(&self, s: &State, from: Hex, target: Hex) -> Vec<Hex> {
        let side = self.evader_side(s, target);
        crate::hex::Direction::ALL
            .iter()
            .filter_map(|&d| {
                let n = target.neighbor(d);
                let (c, _) =
                    self.terrain_step(crate::nbs::tables::MoveClass::Skirmisher, target, d, false);
                (n != from
                    && self.board.on_map(n)
                    && !self.enemy_in(s, n, side)
                    && !matches!(c, crate::nbs::types::StepCost::Prohibited(_)))
                .then_some(n)
            })
            .collect()
    }

    /// 11.5e: a close combat declared against a hex of skirmishers alone opens a window for
    /// their owner to retreat them one hex first.
    pub(in crate::nbs) fn offer_skirmisher_evasion(&self, s: &mut State, from: Hex, target: Hex) {
        if self.only_skirmishers(s, target) && !self.evade_hexes(s, from, target).is_empty() {
            s.tasks.push(Task::SkirmisherEvade {
                from,
                target,
                charge: false,
            });
        }
    }

    /// 11.5e: a charge (regular or reaction) at a hex of skirmishers alone opens the same
    /// window at step B; `from` is the hex the cavalry would enter the target from. `true`
    /// when it was opened.
    pub(in crate::nbs) fn offer_charge_evasion(
        &self,
        s: &mut State,
        from: Hex,
        target: Hex,
    ) -> bool {
        if self.only_skirmishers(s, target) && !self.evade_hexes(s, from, target).is_empty() {
            s.tasks.push(Task::SkirmisherEvade {
                from,
                target,
                charge: true,
            });
            return true;
        }
        false
    }

    /// The side of the skirmishers in an evasion window: the owner of the hex.
    pub(in crate::nbs) fn evader_side(&self, s: &State, target: Hex) -> Side {
        self.owner_at(s, target)
            .unwrap_or_else(|| self.phasing(s).other())
    }

    /// The owner's choices in the evasion window: a hex to retreat into, or stand.
    pub(in crate::nbs) fn evade_actions(
        &self,
        s: &State,
        from: Hex,
        target: Hex,
        out: &mut Vec<Action>,
    ) {
        for hex in self.evade_hexes(s, from, target) {
            out.push(Action::RetreatTo { hex });
        }
        out.push(Action::Pass);
    }

    /// Evades or stands (11.5e). On evasion the close combat is off: the attackers enter
    /// the empty hex, having paid its cost and the +2 already.
    pub(in crate::nbs) fn evade_action(
        &self,
        s: &mut State,
        from: Hex,
        target: Hex,
        charge: bool,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::Pass => {
                s.tasks.pop();
                Ok(())
            }
            Action::RetreatTo { hex } => {
                if !self.evade_hexes(s, from, target).contains(hex) {
                    return Err(Illegal::new(
                        "11.5e",
                        format!(
                            "the skirmishers at {} may not retreat into {}: it must be adjacent, enterable, free of the enemy and not the attackers' hex",
                            self.label(target),
                            self.label(*hex)
                        ),
                    ));
                }
                s.tasks.pop();
                if charge {
                    self.evade_charge(s, target, *hex, ev);
                    return Ok(());
                }
                let attackers = match s.tasks.last() {
                    Some(Task::CloseCombat(cc)) if cc.target == target => {
                        let v = cc.attackers.clone();
                        s.tasks.pop();
                        v
                    }
                    _ => Vec::new(),
                };
                for u in self.combat_stack(s, target) {
                    let order = s.next_order;
                    s.next_order = s.next_order.wrapping_add(1);
                    let st = &mut s.units[usize::from(u)];
                    st.place = Place::At(*hex);
                    st.order = order;
                    st.flags &= !flag::SKIRMISHER_TOP;
                    ev.push(Event::Part {
                        what: PartChange::Evaded,
                        unit: u,
                        other: None,
                        count: 0,
                    });
                }
                self.merge_morale(s, *hex);
                let side = self.phasing(s);
                for u in attackers {
                    if s.units[usize::from(u)].place != Place::At(from) {
                        continue;
                    }
                    let order = s.next_order;
                    s.next_order = s.next_order.wrapping_add(1);
                    let st = &mut s.units[usize::from(u)];
                    st.place = Place::At(target);
                    st.order = order;
                    ev.push(Event::Moved {
                        unit: u,
                        from,
                        to: target,
                        cost: 0,
                    });
                }
                // Leaders alone left behind go with the skirmishers (26.4e).
                self.displace_leaders_of_enemy(s, target);
                self.note_control(s, target, side);
                self.merge_morale(s, target);
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    /// 11.5e before a charge: the skirmishers (and leaders with them) retreat one hex; in
    /// their own Movement Phase that ends their movement. The charge then follows them, or,
    /// for a reaction charge, is off (15.2g; [`Self::charge_evaded`]).
    pub(in crate::nbs) fn evade_charge(
        &self,
        s: &mut State,
        target: Hex,
        to: Hex,
        ev: &mut Vec<Event>,
    ) {
        let side = self.evader_side(s, target);
        let stop = side == self.phasing(s);
        for u in self.stack(s, target) {
            if self.units[usize::from(u)].side != side {
                continue;
            }
            let order = s.next_order;
            s.next_order = s.next_order.wrapping_add(1);
            let skirmisher = self.is_skirmisher(u);
            let st = &mut s.units[usize::from(u)];
            st.place = Place::At(to);
            st.order = order;
            st.flags &= !flag::SKIRMISHER_TOP;
            if stop {
                st.flags |= flag::STOPPED;
            }
            if skirmisher {
                ev.push(Event::Part {
                    what: PartChange::Evaded,
                    unit: u,
                    other: None,
                    count: 0,
                });
            }
        }
        self.merge_morale(s, to);
        self.charge_evaded(s, target, to, ev);
    }
}
