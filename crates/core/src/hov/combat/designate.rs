//! ¶145–¶153, §41–§43: who fights whom. A phasing force in an enemy ZOC attacks the adjacent
//! enemy hexes (¶145, ¶150); one force attacks a hex and each force and hex fights once a phase
//! (¶148, ¶149, ¶152); the stack in a hex defends together (¶153). Also the pieces of a force and
//! their strengths by type, which the rest of the battle reads.

use alloc::vec::Vec;

use super::super::Hov;
use super::super::board::{Ground, Settlement, Water};
use super::super::state::{GarrisonId, GarrisonPlace, LeaderId, LeaderPlace, State, UnitId};
use super::super::types::{Arm, Guard};
use super::strength::Forces;
use crate::engine::Side;
use crate::hex::{Direction, Hex, Hexside};

/// A piece that fights and takes losses: a combat unit, or a garrison (on a track, §25, or on
/// the map, §24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Piece {
    /// A combat unit.
    Unit(UnitId),
    /// A garrison marker.
    Garrison(GarrisonId),
}

impl Hov {
    /// The leaders of `side` on the map in `hex` who head a force (¶77), in id order.
    pub fn forces_at(&self, s: &State, side: Side, hex: Hex) -> Vec<LeaderId> {
        (0..s.leaders.len() as LeaderId)
            .filter(|&l| {
                s.leaders[usize::from(l)].place == LeaderPlace::Map(hex)
                    && self.manifest.leaders[usize::from(l)].side == side
                    && self.is_force(s, l)
            })
            .collect()
    }

    /// The garrisons of `side` standing on the map in `hex` (§24, §36).
    pub fn garrisons_at(&self, s: &State, side: Side, hex: Hex) -> Vec<GarrisonId> {
        (0..s.garrisons.len() as GarrisonId)
            .filter(|&g| {
                s.garrisons[usize::from(g)].place == GarrisonPlace::Map(hex)
                    && s.garrisons[usize::from(g)].sp > 0
                    && self.manifest.garrisons[usize::from(g)].side == side
            })
            .collect()
    }

    /// A force's leaders: each Force Leader given and the leaders on his portrait (¶19).
    pub fn members(&self, s: &State, fls: &[LeaderId]) -> Vec<LeaderId> {
        let mut out: Vec<LeaderId> = fls.to_vec();
        for (i, l) in s.leaders.iter().enumerate() {
            if let LeaderPlace::Portrait(f) = l.place
                && fls.contains(&f)
            {
                out.push(i as LeaderId);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The SP of force `l` as a battle counts its pieces (`piece_sp`): those of its Force
    /// Leader and of the leaders on his portrait.
    pub fn force_pieces_sp(&self, s: &State, l: LeaderId) -> u32 {
        let members = self.members(s, &[l]);
        self.pieces(s, &members, &[])
            .iter()
            .map(|&p| u32::from(self.piece_sp(s, p)))
            .sum()
    }

    /// The pieces on these leaders' tracks, with the given map garrisons.
    pub fn pieces(&self, s: &State, leaders: &[LeaderId], garrisons: &[GarrisonId]) -> Vec<Piece> {
        let mut out = Vec::new();
        for (i, u) in s.units.iter().enumerate() {
            if u.sp > 0 && u.leader.is_some_and(|l| leaders.contains(&l)) {
                out.push(Piece::Unit(i as UnitId));
            }
        }
        for (i, g) in s.garrisons.iter().enumerate() {
            let on_track = matches!(g.place, GarrisonPlace::Track(l) if leaders.contains(&l));
            if g.sp > 0 && (on_track || garrisons.contains(&(i as GarrisonId))) {
                out.push(Piece::Garrison(i as GarrisonId));
            }
        }
        out
    }

    /// A piece's strength now.
    pub fn piece_sp(&self, s: &State, p: Piece) -> u8 {
        match p {
            Piece::Unit(u) => s.units[usize::from(u)].sp,
            Piece::Garrison(g) => s.garrisons[usize::from(g)].sp,
        }
    }

    /// A piece's type; garrisons are infantry (§23, §53).
    pub fn piece_arm(&self, p: Piece) -> Arm {
        match p {
            Piece::Unit(u) => self.manifest.units[usize::from(u)].arm,
            Piece::Garrison(_) => Arm::Infantry,
        }
    }

    /// Old Guard infantry (¶167–¶169).
    pub fn old_guard_infantry(&self, p: Piece) -> bool {
        match p {
            Piece::Unit(u) => {
                let m = &self.manifest.units[usize::from(u)];
                m.guard == Guard::Old && m.arm == Arm::Infantry
            }
            Piece::Garrison(_) => false,
        }
    }

    /// The strengths by type of some pieces.
    pub fn strengths(&self, s: &State, pieces: &[Piece]) -> Forces {
        let mut f = Forces::default();
        for &p in pieces {
            let sp = u32::from(self.piece_sp(s, p));
            match self.piece_arm(p) {
                Arm::Infantry => f.inf += sp,
                Arm::Cavalry => f.cav += sp,
                Arm::Artillery => f.art += sp,
            }
        }
        f
    }

    /// Whether a force may attack from `from` across the hexside toward `d` at all: not across
    /// a lake, nor a primary river but at a standing bridge (TEC, ¶150).
    pub fn may_attack_across(&self, s: &State, from: Hex, d: Direction) -> bool {
        let side = self.board.side(from, d);
        match side.water {
            Water::Lake => false,
            Water::Primary => {
                (side.bridge || self.citadel_bridge(from, d))
                    && Hexside::between(from, from.neighbor(d))
                        .is_some_and(|x| s.broken.binary_search(&x).is_err())
            }
            _ => true,
        }
    }

    /// §43 2: the hexside from `from` toward `d` joins a Citadel to its bridgehead across the
    /// river: the bridgehead symbol marks a bridge there.
    pub fn citadel_bridge(&self, from: Hex, d: Direction) -> bool {
        let (a, b) = (self.board.hex(from), self.board.hex(from.neighbor(d)));
        (a.bridgehead && b.settlement == Settlement::Citadel)
            || (b.bridgehead && a.settlement == Settlement::Citadel)
    }

    /// Whether the enemy of `side` in `hex` may be attacked now: it holds an enemy force or
    /// garrison that has not fought this phase (¶149), and it is no Citadel (§43) and no masked
    /// fort (§47).
    pub fn target_open(&self, s: &State, side: Side, hex: Hex) -> bool {
        let enemy = side.other();
        let fls = self.forces_at(s, enemy, hex);
        let gs = self.garrisons_at(s, enemy, hex);
        if fls.is_empty() && gs.is_empty() {
            return false;
        }
        if s.masks.iter().any(|m| m.hex == hex && m.masked) {
            return false;
        }
        if self.board.hex(hex).settlement == Settlement::Citadel {
            // §43 1 (reading N5): only a force of more than 5 SP stands outside the Citadel
            // and may be attacked; the garrison and the forces inside may not.
            let outside: Vec<LeaderId> = fls
                .into_iter()
                .filter(|&l| !self.in_citadel(s, l))
                .collect();
            if outside.is_empty() {
                return false;
            }
            return !self
                .members(s, &outside)
                .iter()
                .any(|l| s.fought.contains(l));
        }
        let members = self.members(s, &fls);
        !members.iter().any(|l| s.fought.contains(l))
            && !gs.iter().any(|g| s.fought_garrisons.contains(g))
    }

    /// §43 1 (reading N5): force `l` stands inside a Citadel, where it may not be attacked:
    /// it is in a Citadel hex with at most 5 SP.
    pub fn in_citadel(&self, s: &State, l: LeaderId) -> bool {
        let LeaderPlace::Map(h) = s.leaders[usize::from(l)].place else {
            return false;
        };
        if self.board.hex(h).settlement != Settlement::Citadel {
            return false;
        }
        let sp = self.force_pieces_sp(s, l);
        sp <= 5
    }

    /// §36 1, §43 2: the attacks a phasing garrison on the map may make on its own, each an
    /// adjacent enemy hex open to attack (a Bridgehead Citadel's garrison across its bridge
    /// too), in garrison then direction order. Never mandatory: garrisons stand in Forts, where
    /// attacking is not required (§41), and are a separate force (§24); from a masked Fort
    /// too (§48 1). A garrison that has fought this phase does not attack (¶149).
    pub fn garrison_attack_options(&self, s: &State) -> Vec<(GarrisonId, Hex)> {
        let mut out = Vec::new();
        let side = s.phasing;
        for g in 0..s.garrisons.len() as GarrisonId {
            let gp = &s.garrisons[usize::from(g)];
            let GarrisonPlace::Map(h) = gp.place else {
                continue;
            };
            if gp.sp == 0
                || self.manifest.garrisons[usize::from(g)].side != side
                || s.fought_garrisons.contains(&g)
            {
                continue;
            }
            for d in Direction::ALL {
                let n = h.neighbor(d);
                if self.board.on_map(n)
                    && self.may_attack_across(s, h, d)
                    && self.target_open(s, side, n)
                {
                    out.push((g, n));
                }
            }
        }
        out
    }

    /// The hexes a phasing Force Leader may attack (¶145, ¶151), and those of them he must
    /// (¶145, ¶150: in their ZOC, not across a primary bridge), each in direction order.
    pub fn targets_of(&self, s: &State, l: LeaderId) -> (Vec<Hex>, Vec<Hex>) {
        let (mut may, mut must) = (Vec::new(), Vec::new());
        let LeaderPlace::Map(h) = s.leaders[usize::from(l)].place else {
            return (may, must);
        };
        let side = self.manifest.leaders[usize::from(l)].side;
        for d in Direction::ALL {
            let n = h.neighbor(d);
            if !self.board.on_map(n)
                || !self.may_attack_across(s, h, d)
                || !self.target_open(s, side, n)
            {
                continue;
            }
            // §43 2: no attack across the bridge from a bridgehead into its Citadel while the
            // Citadel's garrison holds it.
            if self.board.hex(n).settlement == Settlement::Citadel
                && self.board.hex(h).bridgehead
                && !self.garrisons_at(s, side.other(), n).is_empty()
            {
                continue;
            }
            may.push(n);
            let bridge = self.board.side(h, d).water == Water::Primary;
            // §46, reading N12: a Fort this side masks (or tries to) need not be attacked.
            if self.zoc_passes(s, n, d.opposite()) && !bridge && !self.masking(s, side, n) {
                must.push(n);
            }
        }
        (may, must)
    }

    /// The phasing Force Leaders who have not fought this phase (¶148), in id order.
    pub fn unfought(&self, s: &State, side: Side) -> Vec<LeaderId> {
        (0..s.leaders.len() as LeaderId)
            .filter(|&l| {
                let i = usize::from(l);
                self.manifest.leaders[i].side == side
                    && matches!(s.leaders[i].place, LeaderPlace::Map(_))
                    && self.is_force(s, l)
                    && !s.fought.contains(&l)
            })
            .collect()
    }

    /// ¶145, ¶150: the enemy hexes some unfought phasing force must still see attacked.
    pub fn pending_targets(&self, s: &State) -> Vec<Hex> {
        let mut out: Vec<Hex> = self
            .unfought(s, s.phasing)
            .into_iter()
            .flat_map(|l| self.targets_of(s, l).1)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The attacks open to the phasing player (¶146 steps 1–2): for each unfought Force
    /// Leader, each set of the hexes he may attack that leaves every hex that must be attacked
    /// to some other unfought force (¶150, ¶152), subsets in bit order of the targets; then his
    /// Multi-Hex attacks with the Force Leaders next to him (¶83, ¶151).
    pub fn attack_options(&self, s: &State) -> Vec<super::multihex::Design> {
        let side = s.phasing;
        let free = self.unfought(s, side);
        let pending = self.pending_targets(s);
        let may: Vec<(LeaderId, Vec<Hex>)> =
            free.iter().map(|&l| (l, self.targets_of(s, l).0)).collect();
        let mut out = Vec::new();
        for (l, t) in &may {
            let n = t.len().min(6);
            for mask in 1u32..(1 << n) {
                let set: Vec<Hex> = (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| t[i])
                    .collect();
                let covered = pending
                    .iter()
                    .all(|p| set.contains(p) || may.iter().any(|(o, ot)| o != l && ot.contains(p)));
                if covered {
                    out.push((*l, Vec::new(), set));
                }
            }
            out.extend(self.multi_attack_options(s, *l, &pending, &free, &may));
        }
        out
    }

    /// Woods or Wooded Hills (§40).
    pub fn wooded(&self, h: Hex) -> bool {
        matches!(
            self.board.hex(h).ground,
            Ground::Woods | Ground::WoodedHills
        )
    }
}
