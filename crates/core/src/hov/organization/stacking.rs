//! Consolidation, Insubordinate Stacks and the stacking limit (¶48, ¶52, ¶77–¶80, ¶141).
//!
//! In the Consolidation Segment (the phasing player, ¶48) and the Joint Consolidation Segment
//! (both players, the phasing one first, ¶52) every hex where a side has two or more leaders on
//! the map is consolidated: one of them, a leader heading a force who can command all the
//! others, becomes the Force Leader and the others (with their own subordinates: two levels
//! only, ¶29) go on his portrait (¶141 2). An Unemployed Leader's Subordination is ignored
//! (¶31 3, ¶48) and he may not take command before the next Command Phase (¶31 1). The player
//! names the Force Leader ([`Action::Consolidate`]); a hex he leaves is consolidated under the
//! leader with the largest Command Span when he ends the segment (reading N23). A hex no leader
//! present can consolidate is an Insubordinate Stack (¶78): all its forces but the strongest
//! are displaced one hex by the retreat priorities 3, 5 and 6 of ¶174 (reading N24), unless
//! deactivating a Major General would let a leader there command them all: the stack then
//! waits for its owner's next Organization Segment and is displaced at its end if still
//! insubordinate (¶79). A hex
//! holding more than 48 SP (¶141 1) is not consolidated but relieved the same way, and any
//! hex still over the limit has its smallest forces displaced until it holds 48 or a single
//! force.

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{GarrisonPlace, LeaderId, LeaderPlace, Phase, State, Supply};
use super::super::types::{COALITION, FRENCH, HEX_SP_LIMIT};
use crate::engine::{Illegal, Side};
use crate::hex::{Direction, Hex};

impl Hov {
    /// The side consolidating now (¶48: the phasing player; ¶52: both, the phasing one first).
    pub fn consolidating_side(&self, s: &State) -> Side {
        if s.phase == Phase::JointConsolidation && s.joint_second {
            s.phasing.other()
        } else {
            s.phasing
        }
    }

    /// The leaders of `side` standing on the map in `hex` (not on a portrait), in id order.
    pub fn map_leaders(&self, s: &State, side: Side, hex: Hex) -> Vec<LeaderId> {
        (0..s.leaders.len() as LeaderId)
            .filter(|&l| {
                s.leaders[usize::from(l)].place == LeaderPlace::Map(hex)
                    && self.manifest.leaders[usize::from(l)].side == side
            })
            .collect()
    }

    /// Consolidates `hex` under `fl` on `s` (no checks).
    fn gather(&self, s: &mut State, side: Side, hex: Hex, fl: LeaderId, ev: &mut Vec<Event>) {
        for l in self.leaders_in(s, side, hex) {
            if l != fl && s.leaders[usize::from(l)].place != LeaderPlace::Portrait(fl) {
                s.leaders[usize::from(l)].place = LeaderPlace::Portrait(fl);
                ev.push(Event::LeaderPlaced {
                    side,
                    leader: l,
                    place: LeaderPlace::Portrait(fl),
                    rule: Cow::Borrowed("¶141 2"),
                });
            }
        }
    }

    /// The leaders who may consolidate `hex` as its Force Leader (¶141 2, ¶29, ¶31).
    pub fn consolidators(&self, s: &State, side: Side, hex: Hex) -> Vec<LeaderId> {
        let ls = self.map_leaders(s, side, hex);
        if ls.len() < 2 || self.hex_sp(s, side, hex) > HEX_SP_LIMIT {
            return Vec::new();
        }
        ls.iter()
            .copied()
            .filter(|&fl| {
                if !self.is_force(s, fl) {
                    return false;
                }
                let mut t = s.clone();
                self.gather(&mut t, side, hex, fl, &mut Vec::new());
                self.command_fault(&t, fl).is_none()
            })
            .collect()
    }

    /// The Consolidation decisions of the side consolidating, in a stable order.
    pub(crate) fn consolidation_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = self.consolidating_side(s);
        for hex in self.occupied_hexes(s, side) {
            out.extend(
                self.consolidators(s, side, hex)
                    .into_iter()
                    .map(|leader| Action::Consolidate { hex, leader }),
            );
        }
        out.push(Action::Done);
    }

    /// Applies a Consolidation decision; `Ok(true)` when the segment ends.
    pub(crate) fn consolidation_step(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<bool, Illegal> {
        let side = self.consolidating_side(s);
        match *a {
            Action::Consolidate { hex, leader } => {
                if !self.consolidators(s, side, hex).contains(&leader) {
                    return Err(Illegal::new(
                        "¶141, ¶29, ¶31",
                        format!(
                            "{} may not consolidate {}: he must head a force there and command every leader in the hex within his Command Span",
                            self.leader_label(leader),
                            self.label(hex)
                        ),
                    ));
                }
                self.gather(s, side, hex, leader, ev);
                Ok(false)
            }
            Action::Done => {
                self.end_consolidation(s, side, ev);
                if s.phase == Phase::JointConsolidation && !s.joint_second {
                    s.joint_second = true;
                    return Ok(false);
                }
                s.joint_second = false;
                Ok(true)
            }
            _ => Err(Illegal::new(
                "¶48, ¶52",
                format!(
                    "`{}` is not a decision of a Consolidation Segment",
                    a.name()
                ),
            )),
        }
    }

    /// The end of a side's consolidation: Major Generals left with nothing leave play, the
    /// hexes left are consolidated, Insubordinate
    /// Stacks displaced (¶78), and hexes over 48 SP relieved (¶141 1).
    pub fn end_consolidation(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        // ¶70 2, ¶72: a Major General whose units were lost in the march or the battle leaves
        // play.
        self.settle_display(s, side, ev);
        for hex in self.occupied_hexes(s, side) {
            let cands = self.consolidators(s, side, hex);
            if let Some(&fl) = cands
                .iter()
                .max_by_key(|&&l| (self.span_of(s, l), core::cmp::Reverse(l)))
            {
                self.gather(s, side, hex, fl, ev);
                continue;
            }
            let ls = self.map_leaders(s, side, hex);
            if ls.len() < 2 {
                continue;
            }
            // ¶80 3: the forces may stay together while a leader in an adjacent hex could
            // command them all (reading N72).
            if self.hex_sp(s, side, hex) <= HEX_SP_LIMIT
                && self.commanded_from_next_door(s, side, hex)
            {
                continue;
            }
            // ¶79: left as it is when deactivating a Major General next Command Phase would do.
            if self.hex_sp(s, side, hex) <= HEX_SP_LIMIT && self.saved_by_deactivation(s, side, hex)
            {
                if let Err(i) = s.deferred.binary_search(&(side, hex)) {
                    s.deferred.insert(i, (side, hex));
                }
                continue;
            }
            // ¶78 (¶141 1 when the hex is over the limit): the strongest force stays; the
            // others are displaced.
            let rule = if self.hex_sp(s, side, hex) > HEX_SP_LIMIT {
                "¶141 1, ¶78"
            } else {
                "¶78"
            };
            let keep = ls
                .iter()
                .copied()
                .max_by_key(|&l| (self.force_sp(s, l), core::cmp::Reverse(l)));
            for l in ls {
                if Some(l) != keep {
                    self.displace_stack(s, side, l, rule, ev);
                }
            }
        }
        for hex in self.occupied_hexes(s, side) {
            self.relieve_hex(s, side, hex, ev);
        }
    }

    /// ¶141 1 (reading N24): the smallest forces of `side` in `hex` are displaced one hex, one
    /// at a time, until the hex holds at most 48 SP or a single force (which cannot be split).
    fn relieve_hex(&self, s: &mut State, side: Side, hex: Hex, ev: &mut Vec<Event>) {
        // Each displacement moves a force out: at most one round per leader there.
        for _ in 0..s.leaders.len() {
            let ls = self.map_leaders(s, side, hex);
            if ls.len() < 2 || self.hex_sp(s, side, hex) <= HEX_SP_LIMIT {
                break;
            }
            let Some(small) = ls.iter().copied().min_by_key(|&l| (self.force_sp(s, l), l)) else {
                break;
            };
            if !self.displace_stack(s, side, small, "¶141 1", ev) {
                break;
            }
        }
    }

    /// ¶141 1: at the end of any phase or segment no hex may hold more than 48 SP of one side.
    /// As at the end of a Consolidation Segment (reading N24), a hex over the limit has its
    /// smallest forces displaced one hex until it holds 48 or a single force (a single force
    /// over the limit cannot be split); the French first, then the Coalition.
    pub fn relieve_stacks(&self, s: &mut State, ev: &mut Vec<Event>) {
        for side in [FRENCH, COALITION] {
            // Only a hex with two Force Leaders of the side on the map can be relieved.
            let mut hexes: Vec<Hex> = s
                .leaders
                .iter()
                .enumerate()
                .filter_map(|(i, x)| match x.place {
                    LeaderPlace::Map(h) if self.manifest.leaders[i].side == side => Some(h),
                    _ => None,
                })
                .collect();
            hexes.sort_unstable();
            let mut shared: Vec<Hex> = hexes
                .windows(2)
                .filter(|w| w[0] == w[1])
                .map(|w| w[0])
                .collect();
            shared.dedup();
            for hex in shared {
                self.relieve_hex(s, side, hex, ev);
            }
        }
    }

    /// ¶80 3: whether a leader of `side` on the map in a hex next to `hex` could take every
    /// force of `hex` onto his portrait without breaking his Command Span or the two levels of
    /// command (reading N72: his own force stays his; the test is the one consolidation uses).
    pub fn commanded_from_next_door(&self, s: &State, side: Side, hex: Hex) -> bool {
        let here = self.map_leaders(s, side, hex);
        (0..s.leaders.len() as LeaderId).any(|a| {
            let LeaderPlace::Map(at) = s.leaders[usize::from(a)].place else {
                return false;
            };
            if at.distance(hex) != 1 || self.manifest.leaders[usize::from(a)].side != side {
                return false;
            }
            let mut t = s.clone();
            for &l in &here {
                t.leaders[usize::from(l)].place = LeaderPlace::Portrait(a);
            }
            self.command_fault(&t, a).is_none()
        })
    }

    /// ¶79: whether deactivating one Major General of the hex (his units to another leader
    /// there) would let a leader present consolidate it.
    pub fn saved_by_deactivation(&self, s: &State, side: Side, hex: Hex) -> bool {
        let ls = self.leaders_in(s, side, hex);
        ls.iter().any(|&mg| {
            self.manifest.leaders[usize::from(mg)].mg.is_some()
                && ls.iter().any(|&to| {
                    if to == mg {
                        return false;
                    }
                    let mut t = s.clone();
                    for u in self.track(&t, mg) {
                        t.units[usize::from(u)].leader = Some(to);
                    }
                    for g in &mut t.garrisons {
                        if g.place == GarrisonPlace::Track(mg) {
                            g.place = GarrisonPlace::Track(to);
                        }
                    }
                    for sub in self.portrait(&t, mg) {
                        t.leaders[usize::from(sub)].place = LeaderPlace::Map(hex);
                    }
                    t.leaders[usize::from(mg)].place = LeaderPlace::Out;
                    !self.consolidators(&t, side, hex).is_empty()
                })
        })
    }

    /// The end of the owner's Organization Segment: an Insubordinate Stack left in place by
    /// ¶79 that still no leader may consolidate is displaced now (¶78).
    pub(crate) fn organization_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        let mine: Vec<Hex> = s
            .deferred
            .iter()
            .filter(|x| x.0 == side)
            .map(|x| x.1)
            .collect();
        s.deferred.retain(|x| x.0 != side);
        for hex in mine {
            let ls = self.map_leaders(s, side, hex);
            if ls.len() < 2 || !self.consolidators(s, side, hex).is_empty() {
                continue;
            }
            let keep = ls
                .iter()
                .copied()
                .max_by_key(|&l| (self.force_sp(s, l), core::cmp::Reverse(l)));
            for l in ls {
                if Some(l) != keep {
                    self.displace_stack(s, side, l, "¶79, ¶78", ev);
                }
            }
        }
    }

    /// The SP of a map leader's force: his track, his subordinates' and their garrisons.
    pub fn force_sp(&self, s: &State, l: LeaderId) -> u16 {
        let ls = self.force_leaders(s, l);
        let units: u16 = s
            .units
            .iter()
            .filter(|u| u.sp > 0 && u.leader.is_some_and(|x| ls.contains(&x)))
            .map(|u| u16::from(u.sp))
            .sum();
        let gars: u16 = s
            .garrisons
            .iter()
            .filter(|g| matches!(g.place, GarrisonPlace::Track(x) if ls.contains(&x)))
            .map(|g| u16::from(g.sp))
            .sum();
        units + gars
    }

    /// ¶141 1: the SP `side` has in `hex` (forces and garrisons on the map; the Supply
    /// Source's intrinsic garrison is not counted).
    pub fn hex_sp(&self, s: &State, side: Side, hex: Hex) -> u16 {
        let forces: u16 = self
            .map_leaders(s, side, hex)
            .into_iter()
            .map(|l| self.force_sp(s, l))
            .sum();
        let gars: u16 = s
            .garrisons
            .iter()
            .enumerate()
            .filter(|(i, g)| {
                g.place == GarrisonPlace::Map(hex) && self.manifest.garrisons[*i].side == side
            })
            .map(|(_, g)| u16::from(g.sp))
            .sum();
        forces + gars
    }

    /// Where leader `l`'s force would be displaced (¶78, ¶174 priorities 3, 5, 6; reading
    /// N24): a neighbouring hex in the area it may enter, holding no enemy counter and no
    /// friendly force; the nearest to its army's active Supply Source; the cheapest to enter;
    /// the first in hex order. `None`: it may not be displaced.
    pub fn displacement_hex(&self, s: &State, side: Side, l: LeaderId) -> Option<Hex> {
        let from = self.leader_hex(s, l)?;
        let o = self.occupancy(s);
        let src = match s.supply[self.leader_army(l).index()] {
            Supply::Active(h) => Some(h),
            _ => None,
        };
        Direction::ALL
            .into_iter()
            .filter_map(|d| {
                let n = from.neighbor(d);
                let cost = self.step_cost(s, from, d, false)?;
                let free = self.in_area(n)
                    && !o.holds(side.other(), n)
                    && !o.holds(side, n)
                    && self.map_leaders(s, side, n).is_empty();
                free.then(|| (src.map_or(0, |x| n.distance(x)), cost, n))
            })
            .min()
            .map(|(_, _, n)| n)
    }

    /// Displaces `l`'s whole force one hex into a hex free of friendly forces, as ¶78 and
    /// ¶141 1 require; false when it may not move. (A retreat's displacement of the smallest
    /// force in its way, ¶174 3, is combat/displace.rs `displace`.)
    pub fn displace_stack(
        &self,
        s: &mut State,
        side: Side,
        l: LeaderId,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) -> bool {
        let (Some(from), Some(to)) = (self.leader_hex(s, l), self.displacement_hex(s, side, l))
        else {
            return false;
        };
        s.leaders[usize::from(l)].place = LeaderPlace::Map(to);
        ev.push(Event::Displaced {
            side,
            from,
            to,
            rule: Cow::Borrowed(rule),
        });
        true
    }
}
