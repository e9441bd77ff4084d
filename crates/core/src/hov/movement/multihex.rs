//! Multi-Hex Forces in movement (¶84, ¶99 2, ¶118–¶120, ¶50 4, ¶28–¶29): a Force Leader may
//! take the Force Leaders of adjacent hexes under his command, within his Command Span, and move
//! them all on one Movement Command or his one Initiative roll. He moves first, then each other
//! hex in the order named, each with his allowance (reading N30); each must end in his hex or
//! next to it (¶118 2). The whole force rolls once for attrition, on its size at the start and
//! the longest march of any of its hexes (reading N31). None in Forced March (¶50 4).

use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::state::{LeaderId, LeaderPlace, March, Part, Phase, State};
use super::super::types::Mp;
use crate::engine::Illegal;

/// The most adjacent hexes whose combinations are listed as actions (all six).
const MAX_PARTS: usize = 6;

impl Hov {
    /// ¶84, ¶118 1, ¶29: the Force Leaders of hexes next to `fl`'s who could move with him
    /// now: his side's, heading a force with no subordinate of its own, each able to be
    /// activated the same way on its own (not yet moved, and for a command out of enemy ZOCs
    /// with Dispatch Distance, reading N30), in id order.
    pub fn part_candidates(&self, s: &State, fl: LeaderId, command: bool) -> Vec<LeaderId> {
        let Some(at) = self.leader_hex(s, fl) else {
            return Vec::new();
        };
        let side = self.leader_side(fl);
        (0..s.leaders.len() as LeaderId)
            .filter(|&l| {
                l != fl
                    && self.leader_side(l) == side
                    && matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(h) if h.distance(at) == 1)
                    && self.is_force(s, l)
                    && !s
                        .leaders
                        .iter()
                        .any(|x| x.place == LeaderPlace::Portrait(l))
                    && self.activation_refused(s, l, command).is_none()
            })
            .collect()
    }

    /// Why `fl` may not move with `parts` as one Multi-Hex Force now, or `None`.
    pub fn multi_hex_refused(
        &self,
        s: &State,
        fl: LeaderId,
        parts: &[LeaderId],
        command: bool,
    ) -> Option<Illegal> {
        if parts.is_empty() {
            return None;
        }
        if s.phase == Phase::ForcedMarch {
            return Some(Illegal::new(
                "¶50 4",
                "no Multi-Hex Force moves in Forced March",
            ));
        }
        let ok = self.part_candidates(s, fl, command);
        for (k, p) in parts.iter().enumerate() {
            if parts[..k].contains(p) {
                return Some(Illegal::new("¶118", format!("leader #{p} is named twice")));
            }
            if !ok.contains(p) {
                return Some(Illegal::new(
                    "¶84, ¶118 1, ¶29",
                    format!(
                        "leader #{p} cannot move with leader #{fl}: a Force Leader of his side in an adjacent hex, with no subordinates of his own, free to move now"
                    ),
                ));
            }
        }
        let need: u16 = parts
            .iter()
            .map(|&p| u16::from(self.subordination_of(s, p)))
            .sum();
        // The span and its use as the Organization Displays count them (organization/display.rs).
        let load = self.span_used(s, fl);
        let span = u16::from(self.span_of(s, fl));
        if load + need > span {
            return Some(Illegal::new(
                "¶84, ¶28",
                format!(
                    "leader #{fl}'s Command Span {span} cannot take {need} more (he uses {load})"
                ),
            ));
        }
        None
    }

    /// Every Multi-Hex Force `fl` may form now (the one-hex force aside), in a stable order.
    pub fn multi_hex_options(&self, s: &State, fl: LeaderId, command: bool) -> Vec<Vec<LeaderId>> {
        if s.phase == Phase::ForcedMarch {
            return Vec::new();
        }
        let mut c = self.part_candidates(s, fl, command);
        c.truncate(MAX_PARTS);
        let mut out = Vec::new();
        if c.is_empty() {
            return out;
        }
        // Every subset of the candidates names each once and only candidates: of
        // `multi_hex_refused`'s checks only the Command Span's can refuse it (¶84, ¶28), and
        // the span and its use are the same for all of them.
        let need: Vec<u16> = c
            .iter()
            .map(|&p| u16::from(self.subordination_of(s, p)))
            .collect();
        let load = self.span_used(s, fl);
        let span = u16::from(self.span_of(s, fl));
        for mask in 1u32..(1 << c.len()) {
            let chosen = |i: &usize| mask & (1 << i) != 0;
            let more: u16 = (0..c.len()).filter(chosen).map(|i| need[i]).sum();
            if load + more <= span {
                out.push((0..c.len()).filter(chosen).map(|i| c[i]).collect());
            }
        }
        out
    }

    /// The Force Leader of a march: the first hex to have moved, or the mover.
    pub fn march_force_leader(m: &March) -> LeaderId {
        m.moved_parts.first().map_or(m.leader, |p| p.leader)
    }

    /// Every leader on the map whose hex belongs to the march, the Force Leader first.
    pub fn march_hex_leaders(m: &March) -> Vec<LeaderId> {
        let mut v: Vec<LeaderId> = m.moved_parts.iter().map(|p| p.leader).collect();
        if !v.contains(&m.leader) {
            v.push(m.leader);
        }
        v.extend(m.parts.iter().copied().filter(|p| *p != m.leader));
        v
    }

    /// ¶118: the mover is done; the next hex of the force starts, with the same allowance.
    pub(crate) fn next_part(&self, s: &State, m: &March) -> Option<March> {
        if m.parts.is_empty() || m.vedette.is_some() {
            return None;
        }
        let mut n = m.clone();
        n.moved_parts.push(Part {
            leader: m.leader,
            path: m.path.clone(),
            spent_inf: m.spent_inf.minus(m.bridge_mp),
            spent_cav: m.spent_cav.minus(m.bridge_mp),
        });
        n.bridge_mp = Mp::ZERO;
        let next = n.parts.remove(0);
        let at = self.leader_hex(s, next)?;
        n.leader = next;
        n.path = alloc::vec![at];
        n.spent_inf = Mp::ZERO;
        n.spent_cav = Mp::ZERO;
        n.stopped = false;
        n.must_repulse = false;
        Some(n)
    }

    /// The whole force has moved: the record as one march, for attrition and its end — the
    /// Force Leader's, with the longest tallies of any hex (¶137, reading N31).
    pub(crate) fn close_parts(&self, m: March) -> March {
        if m.moved_parts.is_empty() {
            return m;
        }
        let mut n = m.clone();
        // The tallies kept for attrition leave out pontoon MP (¶142 3).
        n.moved_parts.push(Part {
            leader: m.leader,
            path: m.path.clone(),
            spent_inf: m.spent_inf.minus(m.bridge_mp),
            spent_cav: m.spent_cav.minus(m.bridge_mp),
        });
        n.bridge_mp = Mp::ZERO;
        let fl = n.moved_parts[0].clone();
        n.leader = fl.leader;
        n.spent_inf = n
            .moved_parts
            .iter()
            .map(|p| p.spent_inf)
            .max()
            .unwrap_or(Mp::ZERO);
        n.spent_cav = n
            .moved_parts
            .iter()
            .map(|p| p.spent_cav)
            .max()
            .unwrap_or(Mp::ZERO);
        n.path = fl.path;
        n
    }

    /// ¶118 2: a hex of the force other than the Force Leader's may end its move only in his
    /// final hex or next to it — unless it can go no farther (reading N32).
    pub(crate) fn part_end_refused(&self, s: &State, m: &March, can_step: bool) -> Option<Illegal> {
        let fl = m.moved_parts.first()?;
        let end = *fl.path.last()?;
        let at = *m.path.last()?;
        if at.distance(end) <= 1 || !can_step {
            return None;
        }
        let _ = s;
        Some(Illegal::new(
            "¶118 2",
            format!(
                "leader #{}'s hex must end its move in or next to the Force Leader's final hex {}",
                m.leader,
                self.label(end)
            ),
        ))
    }
}
