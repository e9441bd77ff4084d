//! Organic corps units and their division substitutes (§19): in the Command Phase a substitute
//! counter not in play may be put in play where its corps unit is, taking strength from it
//! (all of it: the corps is then wholly replaced, its counter off the display but not
//! eliminated); the corps unit is re-formed from any of its substitutes in one hex, the total
//! strength kept. SP never change type or nationality (§19 4–5): a substitute of another type
//! or nationality than its corps never takes from or gives to it.

use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{LeaderId, State, Unit, UnitId};
use crate::engine::{Illegal, Side};

impl Hov {
    /// Whether `sub` is a substitute of `organic` of the same type and nationality (§19 4–5).
    pub fn substitutes_for(&self, sub: UnitId, organic: UnitId) -> bool {
        let (Some(a), Some(b)) = (
            self.manifest.units.get(usize::from(sub)),
            self.manifest.units.get(usize::from(organic)),
        ) else {
            return false;
        };
        a.organic == Some(organic) && a.arm == b.arm && a.nationality == b.nationality
    }

    /// Whether a unit counter is off the display but may come into play: out of play at the
    /// start and never brought in since, or freed by §19 or ¶67 — never one eliminated (¶13 2).
    pub fn counter_free(&self, s: &State, u: UnitId) -> bool {
        let Some(x) = s.units.get(usize::from(u)) else {
            return false;
        };
        x.leader.is_none()
            && x.sp == 0
            && s.gone.binary_search(&u).is_err()
            && (s.freed.binary_search(&u).is_ok()
                || (self.initial().units[usize::from(u)].leader.is_none()
                    && s.drawn.binary_search(&u).is_err()))
    }

    /// Brings a free counter into play with `sp` on `leader`'s track.
    pub(crate) fn draw_counter(&self, s: &mut State, u: UnitId, leader: Option<LeaderId>, sp: u8) {
        s.units[usize::from(u)] = Unit { leader, sp };
        if let Ok(i) = s.freed.binary_search(&u) {
            s.freed.remove(i);
        }
        if self.initial().units[usize::from(u)].leader.is_none()
            && let Err(i) = s.drawn.binary_search(&u)
        {
            s.drawn.insert(i, u);
        }
    }

    /// Takes a counter off the display without eliminating it (§19, ¶67).
    pub(crate) fn free_counter(&self, s: &mut State, u: UnitId) {
        s.units[usize::from(u)] = Unit {
            leader: None,
            sp: 0,
        };
        if let Ok(i) = s.march_divisions.binary_search(&u) {
            s.march_divisions.remove(i);
        }
        if let Err(i) = s.freed.binary_search(&u) {
            s.freed.insert(i, u);
        }
    }

    pub(crate) fn substitute_candidates(&self, s: &State, units: &[UnitId], c: &mut Vec<Action>) {
        let n = s.units.len() as UnitId;
        // Only counters that substitute for an organic unit, in id order.
        let some: Vec<UnitId> = (0..n)
            .filter(|&x| self.manifest.units[usize::from(x)].organic.is_some())
            .collect();
        for &organic in units {
            for &sub in &some {
                if !self.substitutes_for(sub, organic) || !self.counter_free(s, sub) {
                    continue;
                }
                let most = s.units[usize::from(organic)]
                    .sp
                    .min(self.manifest.units[usize::from(sub)].max);
                for sp in 1..=most {
                    c.push(Action::CreateSubstitutes {
                        organic,
                        subs: alloc::vec![(sub, sp)],
                    });
                }
            }
        }
        // The organic units that some unit here substitutes for, in id order.
        let mut organics: Vec<UnitId> = units
            .iter()
            .filter_map(|&u| self.manifest.units[usize::from(u)].organic)
            .filter(|&o| o < n)
            .collect();
        organics.sort_unstable();
        organics.dedup();
        for organic in organics {
            let mut hexes: Vec<_> = units
                .iter()
                .filter(|&&u| self.substitutes_for(u, organic))
                .filter_map(|&u| self.unit_hex(s, u))
                .collect();
            hexes.sort_unstable();
            hexes.dedup();
            for h in hexes {
                let subs: Vec<UnitId> = units
                    .iter()
                    .copied()
                    .filter(|&u| self.substitutes_for(u, organic) && self.unit_hex(s, u) == Some(h))
                    .collect();
                if subs.len() > 1 {
                    for &one in &subs {
                        c.push(Action::RecreateOrganic {
                            organic,
                            subs: alloc::vec![one],
                        });
                    }
                }
                c.push(Action::RecreateOrganic { organic, subs });
            }
        }
    }

    pub(crate) fn substitute_apply(
        &self,
        s: &mut State,
        side: Side,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::CreateSubstitutes { organic, subs } => {
                let organic = *organic;
                let h = self.own_unit(s, side, organic, "§19 2")?;
                let leader = s.units[usize::from(organic)].leader;
                let mut total: u16 = 0;
                for (k, &(sub, sp)) in subs.iter().enumerate() {
                    let ok = usize::from(sub) < s.units.len()
                        && self.substitutes_for(sub, organic)
                        && self.counter_free(s, sub)
                        && !subs[..k].iter().any(|x| x.0 == sub)
                        && sp >= 1
                        && sp <= self.manifest.units[usize::from(sub)].max;
                    if !ok {
                        return Err(Illegal::new(
                            "§19 2, §19 4",
                            format!(
                                "{} with {sp} SP is not a free substitute of {} of its type and nationality, within its Maximum Strength",
                                self.unit_label(sub),
                                self.unit_label(organic)
                            ),
                        ));
                    }
                    total += u16::from(sp);
                }
                let have = s.units[usize::from(organic)].sp;
                if subs.is_empty() || total > u16::from(have) {
                    return Err(Illegal::new(
                        "§19 2",
                        format!(
                            "{} has {have} SP to give its substitutes",
                            self.unit_label(organic)
                        ),
                    ));
                }
                let _ = h;
                for &(sub, sp) in subs {
                    self.draw_counter(s, sub, leader, sp);
                    if let Some(l) = leader {
                        ev.push(Event::UnitTransferred {
                            side,
                            unit: sub,
                            to: l,
                        });
                    }
                    ev.push(Event::Strength {
                        side,
                        unit: sub,
                        sp,
                        rule: "§19".into(),
                    });
                }
                let left = have - total as u8;
                ev.push(Event::Strength {
                    side,
                    unit: organic,
                    sp: left,
                    rule: "§19".into(),
                });
                if left == 0 {
                    // Wholly replaced: off the display, not eliminated.
                    self.free_counter(s, organic);
                    ev.push(Event::UnitRemoved {
                        side,
                        unit: organic,
                        permanent: false,
                        rule: "§19 2".into(),
                    });
                } else {
                    s.units[usize::from(organic)].sp = left;
                }
                Ok(())
            }
            Action::RecreateOrganic { organic, subs } => {
                let organic = *organic;
                let Some(&first) = subs.first() else {
                    return Err(Illegal::new(
                        "§19 3",
                        "the corps is re-formed from at least one substitute",
                    ));
                };
                let h = self.own_unit(s, side, first, "§19 3")?;
                let mut total: u16 = 0;
                for (k, &sub) in subs.iter().enumerate() {
                    let ok = self.own_unit(s, side, sub, "§19 3")? == h
                        && self.substitutes_for(sub, organic)
                        && !subs[..k].contains(&sub);
                    if !ok {
                        return Err(Illegal::new(
                            "§19 3, §19 5",
                            format!(
                                "{} is not a substitute of {} of its type and nationality in the hex",
                                self.unit_label(sub),
                                self.unit_label(organic)
                            ),
                        ));
                    }
                    total += u16::from(s.units[usize::from(sub)].sp);
                }
                let in_play = self.unit_hex(s, organic);
                let leader = match in_play {
                    Some(x) if x == h => s.units[usize::from(organic)].leader,
                    None if self.counter_free(s, organic) => s.units[usize::from(first)].leader,
                    _ => {
                        return Err(Illegal::new(
                            "§19 3",
                            format!(
                                "{} is in play elsewhere or eliminated",
                                self.unit_label(organic)
                            ),
                        ));
                    }
                };
                total += u16::from(s.units[usize::from(organic)].sp);
                let max = self.manifest.units[usize::from(organic)].max;
                if total > u16::from(max) {
                    return Err(Illegal::new(
                        "§19 3, ¶13",
                        format!(
                            "{} may not pass its Maximum Strength of {max}",
                            self.unit_label(organic)
                        ),
                    ));
                }
                for &sub in subs {
                    self.free_counter(s, sub);
                    ev.push(Event::UnitRemoved {
                        side,
                        unit: sub,
                        permanent: false,
                        rule: "§19 3".into(),
                    });
                }
                if in_play.is_none() {
                    self.draw_counter(s, organic, leader, total as u8);
                } else {
                    s.units[usize::from(organic)].sp = total as u8;
                }
                if let Some(l) = leader {
                    ev.push(Event::UnitTransferred {
                        side,
                        unit: organic,
                        to: l,
                    });
                }
                ev.push(Event::Strength {
                    side,
                    unit: organic,
                    sp: total as u8,
                    rule: "§19".into(),
                });
                Ok(())
            }
            _ => Err(Illegal::new("§19", "not a substitute decision")),
        }
    }
}
