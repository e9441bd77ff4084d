//! Multi-Hex Forces in battle (¶83, ¶84, ¶151, ¶28 1, ¶28 3) and the counterattack against
//! them (¶146 step 13, ¶150 3, ¶159, ¶199).
//! * ¶83, ¶84: at the instant of combat the phasing player may put the Force Leaders of hexes
//!   next to a Force Leader's under his command, within his Command Span (two levels only, ¶29:
//!   a part has no subordinates of its own), and attack with them as one force (`parts` of
//!   [`Action::Attack`](super::super::action::Action::Attack)).
//! * ¶151 (reading N56): one combat takes in every hex the force attacks, each of them next to
//!   some hex of the force (across a hexside it may attack across), and each hex of the force
//!   next to at least one of them.
//! * ¶150 3, ¶159 1, ¶146 step 13, ¶199 (reading N57): the non-phasing player counterattacks
//!   with one force of the surviving defenders (a single hex or a Multi-Hex Force formed from
//!   them now) against one or more hexes of the attacking force next to it, among them the
//!   strongest of the attacking hexes next to it.
//! * ¶159 2 (reading N58): leaving out attacking hexes next to the counterattacking force, it
//!   withholds half their SP (rounded up, [`withheld`]) from its own, infantry first then
//!   cavalry: the withheld SP do not count in the odds but share the losses. A counterattack that
//!   would have to withhold all its infantry and cavalry is not open (¶159's example).

use alloc::vec::Vec;

use super::super::Hov;
use super::super::state::{Battle, LeaderId, LeaderPlace, State};
use super::losses::withheld;
use super::strength::Forces;
use crate::engine::Side;
use crate::hex::Hex;

/// The most other hexes a Multi-Hex Force in battle takes in, in listing its options.
const MAX_PARTS: usize = 3;
/// The most target hexes whose subsets are listed.
const MAX_TARGETS: usize = 6;

/// An attack or counterattack: the Force Leader, the Force Leaders of his other hexes, the hexes
/// attacked.
pub type Design = (LeaderId, Vec<LeaderId>, Vec<Hex>);

impl Hov {
    /// ¶83, ¶84, ¶29: the Force Leaders of `fl`'s side in hexes next to his who could join his
    /// force at the instant of combat: heading a force with no subordinate of its own, not
    /// `fl`, and, when `among` is given, among those; in id order.
    pub fn battle_part_candidates(
        &self,
        s: &State,
        fl: LeaderId,
        among: Option<&[LeaderId]>,
    ) -> Vec<LeaderId> {
        let LeaderPlace::Map(at) = s.leaders[usize::from(fl)].place else {
            return Vec::new();
        };
        let side = self.manifest.leaders[usize::from(fl)].side;
        (0..s.leaders.len() as LeaderId)
            .filter(|&l| {
                l != fl
                    && among.is_none_or(|a| a.contains(&l))
                    && self.manifest.leaders[usize::from(l)].side == side
                    && matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(h) if h.distance(at) == 1)
                    && self.is_force(s, l)
                    && !s
                        .leaders
                        .iter()
                        .any(|x| x.place == LeaderPlace::Portrait(l))
            })
            .collect()
    }

    /// ¶84, ¶28: whether `fl`'s Command Span takes in these Force Leaders besides his own
    /// subordinates.
    pub fn span_takes(&self, s: &State, fl: LeaderId, parts: &[LeaderId]) -> bool {
        let need: u16 = parts
            .iter()
            .map(|&p| u16::from(self.subordination_of(s, p)))
            .sum();
        self.span_used(s, fl) + need <= u16::from(self.span_of(s, fl))
    }

    /// The subsets of `among` (at most [`MAX_PARTS`] of the candidates) `fl` may take into his
    /// force now, the empty one first, in bit order.
    pub fn battle_part_sets(
        &self,
        s: &State,
        fl: LeaderId,
        among: Option<&[LeaderId]>,
    ) -> Vec<Vec<LeaderId>> {
        let mut c = self.battle_part_candidates(s, fl, among);
        c.truncate(MAX_PARTS);
        let mut out = Vec::new();
        for mask in 0u32..(1 << c.len()) {
            let parts: Vec<LeaderId> = c
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, &l)| l)
                .collect();
            if self.span_takes(s, fl, &parts) {
                out.push(parts);
            }
        }
        out
    }

    /// The distinct hexes of a force's leaders on the map, the Force Leader's first.
    pub fn force_hexes(&self, s: &State, leaders: &[LeaderId]) -> Vec<Hex> {
        let mut out: Vec<Hex> = Vec::new();
        for &l in leaders {
            if let LeaderPlace::Map(h) = s.leaders[usize::from(l)].place
                && !out.contains(&h)
            {
                out.push(h);
            }
        }
        out
    }

    /// ¶145, ¶150, ¶151: the hexes a Multi-Hex Force may attack (each next to one of its hexes,
    /// open from there) and those some hex of it must, the Force Leader's first, each in
    /// direction order.
    pub fn force_targets(&self, s: &State, leaders: &[LeaderId]) -> (Vec<Hex>, Vec<Hex>) {
        let (mut may, mut must) = (Vec::new(), Vec::new());
        for &l in leaders {
            let (m, x) = self.targets_of(s, l);
            for h in m {
                if !may.contains(&h) {
                    may.push(h);
                }
            }
            for h in x {
                if !must.contains(&h) {
                    must.push(h);
                }
            }
        }
        (may, must)
    }

    /// ¶83, ¶151, ¶150, ¶152: the Multi-Hex attacks of Force Leader `l` (with at least one
    /// other hex): each set of parts within his span, and each set of the hexes they may attack
    /// that every hex of the force touches and that leaves each hex some unfought force must
    /// attack to another force.
    ///
    /// `free` is [`Hov::unfought`] of the phasing side and `reach_of` each of them with the
    /// hexes he may attack ([`Hov::targets_of`]), worked out once by the caller.
    pub fn multi_attack_options(
        &self,
        s: &State,
        l: LeaderId,
        pending: &[Hex],
        free: &[LeaderId],
        reach_of: &[(LeaderId, Vec<Hex>)],
    ) -> Vec<Design> {
        let mut out = Vec::new();
        for parts in self.battle_part_sets(s, l, Some(free)) {
            if parts.is_empty() {
                continue;
            }
            let mut force = alloc::vec![l];
            force.extend_from_slice(&parts);
            let (t, _) = self.force_targets(s, &force);
            let n = t.len().min(MAX_TARGETS);
            // What each hex of the force may attack: each must take part (reading N56).
            let reach: Vec<&Vec<Hex>> = force
                .iter()
                .filter_map(|x| reach_of.iter().find(|(o, _)| o == x).map(|(_, r)| r))
                .collect();
            for mask in 1u32..(1 << n) {
                let set: Vec<Hex> = (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| t[i])
                    .collect();
                if !reach.iter().all(|r| r.iter().any(|h| set.contains(h))) {
                    continue;
                }
                let covered = pending.iter().all(|p| {
                    set.contains(p)
                        || reach_of
                            .iter()
                            .any(|(o, r)| !force.contains(o) && r.contains(p))
                });
                if covered {
                    out.push((l, parts.clone(), set));
                }
            }
        }
        out
    }

    /// The SP on the map in `hex` of `side`'s forces (their whole tracks).
    pub fn force_hex_sp(&self, s: &State, side: Side, hex: Hex) -> u32 {
        let fls = self.forces_at(s, side, hex);
        let members = self.members(s, &fls);
        self.pieces(s, &members, &[])
            .iter()
            .map(|&p| u32::from(self.piece_sp(s, p)))
            .sum()
    }

    /// The hexes of the phasing force that made the first attack, still held by it.
    pub fn attacking_hexes(&self, s: &State, b: &Battle) -> Vec<Hex> {
        let live: Vec<LeaderId> = b
            .first_attackers
            .iter()
            .copied()
            .filter(|&l| self.is_force(s, l))
            .collect();
        let mut out = self.force_hexes(s, &live);
        // §36 1: a garrison's hex when it attacked on its own (§43 1: never inside a Citadel).
        for &g in &b.garrison_attackers {
            let gp = &s.garrisons[usize::from(g)];
            if let super::super::state::GarrisonPlace::Map(h) = gp.place
                && gp.sp > 0
                && self.board.hex(h).settlement != super::super::board::Settlement::Citadel
                && !out.contains(&h)
            {
                out.push(h);
            }
        }
        out
    }

    /// The surviving defending Force Leaders of the first attack.
    pub fn surviving_defenders(&self, s: &State, b: &Battle) -> Vec<LeaderId> {
        let np = s.phasing.other();
        let mut v: Vec<LeaderId> = b
            .first_defenders
            .iter()
            .flat_map(|&h| self.forces_at(s, np, h))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The attacking hexes a counterattacking force of these leaders may attack: next to one of
    /// its hexes, across a hexside open to attack (¶150, TEC).
    pub fn counter_reach(&self, s: &State, b: &Battle, leaders: &[LeaderId]) -> Vec<Hex> {
        let mine = self.force_hexes(s, leaders);
        self.attacking_hexes(s, b)
            .into_iter()
            .filter(|&t| {
                mine.iter().any(|&h| {
                    h.direction_to(t)
                        .is_some_and(|d| self.may_attack_across(s, h, d))
                })
            })
            .collect()
    }

    /// ¶159 2 (reading N58): the SP a counterattack on `hexes` by these leaders withholds: half
    /// the phasing SP in the attacking hexes next to it it leaves alone.
    pub fn counter_withheld(
        &self,
        s: &State,
        b: &Battle,
        leaders: &[LeaderId],
        hexes: &[Hex],
    ) -> u32 {
        let left: u32 = self
            .counter_reach(s, b, leaders)
            .into_iter()
            .filter(|h| !hexes.contains(h))
            .map(|h| self.force_hex_sp(s, s.phasing, h))
            .sum();
        let own = self.strengths(s, &self.pieces(s, &self.members(s, leaders), &[]));
        withheld(left, own.real())
    }

    /// ¶199, ¶150 3, ¶159 1, ¶146 step 13: the counterattacks open to the non-phasing player:
    /// each surviving defending Force Leader with each set of the others next to him his span
    /// takes in, against each set of the attacking hexes next to them that holds one of the
    /// strongest of those hexes and does not withhold all their infantry and cavalry (¶159 2).
    pub fn counter_designs(&self, s: &State, b: &Battle) -> Vec<Design> {
        let survivors = self.surviving_defenders(s, b);
        let mut out = Vec::new();
        for &l in &survivors {
            for parts in self.battle_part_sets(s, l, Some(&survivors)) {
                let mut force = alloc::vec![l];
                force.extend_from_slice(&parts);
                let reach = self.counter_reach(s, b, &force);
                if reach.is_empty() {
                    continue;
                }
                let best = reach
                    .iter()
                    .map(|&h| self.force_hex_sp(s, s.phasing, h))
                    .max()
                    .unwrap_or(0);
                let own = self
                    .strengths(s, &self.pieces(s, &self.members(s, &force), &[]))
                    .real();
                let n = reach.len().min(MAX_TARGETS);
                for mask in 1u32..(1 << n) {
                    let set: Vec<Hex> = (0..n)
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| reach[i])
                        .collect();
                    if !set
                        .iter()
                        .any(|&h| self.force_hex_sp(s, s.phasing, h) == best)
                    {
                        continue;
                    }
                    let w = self.counter_withheld(s, b, &force, &set);
                    if set.len() < reach.len() && w >= own {
                        continue;
                    }
                    out.push((l, parts.clone(), set));
                }
            }
        }
        out
    }

    /// ¶159 2: the attacker's strengths less the SP withheld in this counterattack, infantry
    /// first, then cavalry (reading N58).
    pub fn less_withheld(&self, b: &Battle, mut f: Forces) -> Forces {
        let mut w = u32::from(b.withheld);
        let i = w.min(f.inf);
        f.inf -= i;
        w -= i;
        f.cav -= w.min(f.cav);
        f
    }
}

impl Hov {
    /// ¶175 2 (reading N59): the hexes of one Multi-Hex Force beaten together retreat as one
    /// stack along the Force Leader's path (the first of its hexes to retreat, his own when it
    /// retreats), which the pursuit follows; the other hexes' paths do not matter and they end
    /// in his final hex. The stacks of other hexes keep their own retreats.
    pub fn merge_force_retreats(
        &self,
        s: &State,
        b: &Battle,
        loser: Side,
        groups: Vec<super::super::state::Retreat>,
    ) -> Vec<super::super::state::Retreat> {
        // Only the phasing force defending a counterattack spans several hexes here; an
        // attacking force's retreat is already one stack.
        if loser != s.phasing || !b.counter || groups.len() < 2 {
            return groups;
        }
        let force: Vec<LeaderId> = b
            .first_attackers
            .iter()
            .copied()
            .filter(|&l| self.is_force(s, l))
            .collect();
        let mut out: Vec<super::super::state::Retreat> = Vec::new();
        let mut merged: Option<usize> = None;
        for g in groups {
            if !g.leaders.iter().any(|l| force.contains(l)) {
                out.push(g);
                continue;
            }
            match merged {
                Some(i) => {
                    for l in g.leaders {
                        if !out[i].leaders.contains(&l) {
                            out[i].leaders.push(l);
                        }
                    }
                }
                None => {
                    merged = Some(out.len());
                    out.push(g);
                }
            }
        }
        out
    }
}

impl Hov {
    /// ¶201 (reading N60): the split counterattacks open to the non-phasing player: a
    /// Multi-Hex Force of the surviving defenders, its leaders in separate hexes, each
    /// counterattacking a different attacking hex next to his own, together taking in one of
    /// the strongest attacking hexes next to the force (¶159 1). The leaders in force order,
    /// the hexes at their places; assignments in the order of each leader's reach.
    pub fn split_counters(&self, s: &State, b: &Battle) -> Vec<(Vec<LeaderId>, Vec<Hex>)> {
        let survivors = self.surviving_defenders(s, b);
        let mut out = Vec::new();
        for &l in &survivors {
            for parts in self.battle_part_sets(s, l, Some(&survivors)) {
                if parts.is_empty() {
                    continue;
                }
                let mut force = alloc::vec![l];
                force.extend_from_slice(&parts);
                if self.force_hexes(s, &force).len() != force.len() {
                    continue;
                }
                let all = self.counter_reach(s, b, &force);
                let best = all
                    .iter()
                    .map(|&h| self.force_hex_sp(s, s.phasing, h))
                    .max()
                    .unwrap_or(0);
                let reach: Vec<Vec<Hex>> = force
                    .iter()
                    .map(|&x| self.counter_reach(s, b, &[x]))
                    .collect();
                let mut pick: Vec<Hex> = Vec::new();
                self.assign(&reach, &mut pick, &mut |set| {
                    if set
                        .iter()
                        .any(|&h| self.force_hex_sp(s, s.phasing, h) == best)
                    {
                        out.push((force.clone(), set.to_vec()));
                    }
                });
            }
        }
        out
    }

    /// Every choice of one hex from each list, no hex twice, in order.
    fn assign(&self, reach: &[Vec<Hex>], pick: &mut Vec<Hex>, f: &mut dyn FnMut(&[Hex])) {
        let Some(first) = reach.get(pick.len()) else {
            f(pick);
            return;
        };
        for &h in first {
            if pick.contains(&h) {
                continue;
            }
            pick.push(h);
            self.assign(reach, pick, f);
            pick.pop();
        }
    }

    /// ¶201: the next part of a split counterattack attacks, skipping a part no longer on the
    /// map or whose hex the phasing force has left; `true` when one begins.
    pub(crate) fn next_split(
        &self,
        s: &mut State,
        ev: &mut Vec<super::super::event::Event>,
    ) -> bool {
        loop {
            let Some(b) = &mut s.battle else { return false };
            if b.queue.is_empty() || b.queue_hexes.is_empty() {
                b.queue.clear();
                b.queue_hexes.clear();
                return false;
            }
            let l = b.queue.remove(0);
            let h = b.queue_hexes.remove(0);
            let open = self.is_force(s, l)
                && self.hex_of(s, l).is_some_and(|x| x.distance(h) == 1)
                && !self.forces_at(s, s.phasing, h).is_empty();
            if open {
                self.begin_counter(s, ev, l, &[], &[h]);
                return true;
            }
        }
    }
}

impl Hov {
    /// ¶147, ¶202 (reading N56): the forces the phasing player may re-form for the re-attack
    /// from the surviving first attackers: a Force Leader among them with any of the others
    /// next to him his span takes in, whose hexes are each next to a hex to be re-attacked and
    /// together next to all of them. Empty when the first attackers cannot form such a force
    /// (the re-attack then goes as [`Hov::reattack`] has it).
    pub fn reattack_designs(&self, s: &State) -> Vec<Design> {
        let Some((mut attackers, defenders)) = self.reattack(s) else {
            return Vec::new();
        };
        // ¶148 2: into its second round, forces whose enemy was eliminated in round one of
        // their own battle may join, next to one of its hexes.
        if s.battle.as_ref().is_some_and(|b| b.round == 1) {
            for &l in &s.free_to_join {
                let next = self
                    .hex_of(s, l)
                    .is_some_and(|h| defenders.iter().any(|d| d.distance(h) == 1));
                if next && self.is_force(s, l) && !attackers.contains(&l) {
                    attackers.push(l);
                }
            }
        }
        let mut out = Vec::new();
        for &l in &attackers {
            for parts in self.battle_part_sets(s, l, Some(&attackers)) {
                let mut force = alloc::vec![l];
                force.extend_from_slice(&parts);
                let hexes = self.force_hexes(s, &force);
                let touches = |h: &Hex| defenders.iter().any(|d| d.distance(*h) == 1);
                let covers = defenders
                    .iter()
                    .all(|d| hexes.iter().any(|h| h.distance(*d) == 1));
                if covers && hexes.iter().all(touches) {
                    out.push((l, parts, defenders.clone()));
                }
            }
        }
        out
    }
}

impl Hov {
    /// ¶148 2 (reading N56): a battle that ends in its first round with every defending force
    /// of its first attack gone from the map or left without SP, and no defending garrison,
    /// frees its surviving phasing forces to join another battle's second round.
    pub(crate) fn note_free_to_join(&self, s: &mut State, b: &Battle) {
        if b.round != 1 || b.opponents.is_empty() {
            return;
        }
        let np = s.phasing.other();
        let gone = b.opponents.iter().all(|&o| {
            !self.is_force(s, o) || !matches!(s.leaders[usize::from(o)].place, LeaderPlace::Map(_))
        }) && b
            .first_defenders
            .iter()
            .all(|&h| self.garrisons_at(s, np, h).is_empty());
        if !gone {
            return;
        }
        for &l in &b.first_attackers {
            if self.is_force(s, l) && !s.free_to_join.contains(&l) {
                s.free_to_join.push(l);
            }
        }
    }
}

/// Every subset of `v`, the empty one first, in bit order.
pub fn joiner_sets(v: &[LeaderId]) -> Vec<Vec<LeaderId>> {
    let n = v.len().min(MAX_PARTS);
    (0u32..(1 << n))
        .map(|m| (0..n).filter(|i| m & (1 << i) != 0).map(|i| v[i]).collect())
        .collect()
}

impl Hov {
    /// ¶178 (reading N59): the phasing forces that may join the retreat of the phasing force
    /// beaten in its attack (not a counterattack), while the choice is open: unfought, next to
    /// a defending hex and to no other enemy-held hex; in id order.
    pub fn retreat_joiners(&self, s: &State, b: &Battle) -> Vec<LeaderId> {
        let beaten = b.fight.is_some_and(|f| f.loser == s.phasing);
        if b.join_decided || b.counter || !beaten || b.retreats.is_empty() {
            return Vec::new();
        }
        let np = s.phasing.other();
        let enemy = |h: Hex| {
            !self.forces_at(s, np, h).is_empty() || !self.garrisons_at(s, np, h).is_empty()
        };
        self.unfought(s, s.phasing)
            .into_iter()
            .filter(|&l| {
                !b.attackers.contains(&l)
                    && self.hex_of(s, l).is_some_and(|h| {
                        b.defenders.iter().any(|d| d.distance(h) == 1)
                            && h.neighbors()
                                .into_iter()
                                .all(|n| b.defenders.contains(&n) || !enemy(n))
                    })
            })
            .collect()
    }

    /// ¶178: the choice made; the joiners are spent for the phase (¶148).
    pub(crate) fn join_retreat(
        &self,
        s: &mut State,
        ev: &mut Vec<super::super::event::Event>,
        leaders: &[LeaderId],
    ) {
        let members = self.members(s, leaders);
        for l in members {
            if !s.fought.contains(&l) {
                s.fought.push(l);
            }
        }
        if let Some(b) = &mut s.battle {
            b.join_decided = true;
            b.joiners = leaders.to_vec();
        }
        let _ = ev;
    }

    /// ¶178: at the battle's end the joiners stand in the final hex of the beaten attacker's
    /// retreat, having taken no loss.
    pub(crate) fn joiners_arrive(
        &self,
        s: &mut State,
        ev: &mut Vec<super::super::event::Event>,
        b: &Battle,
    ) {
        let Some(end) = b.retreats.first().and_then(|g| g.path.last().copied()) else {
            return;
        };
        if b.retreats.first().and_then(|g| g.path.first()) == Some(&end) {
            return;
        }
        for &l in &b.joiners {
            if matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_)) {
                s.leaders[usize::from(l)].place = LeaderPlace::Map(end);
                ev.push(super::super::event::Event::BattleMove {
                    leader: l,
                    to: end,
                    rule: alloc::borrow::Cow::Borrowed("¶178"),
                });
            }
        }
    }
}
