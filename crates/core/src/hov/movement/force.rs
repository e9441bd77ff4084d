//! What a force is made of, for movement (¶77, ¶86, ¶110, ¶140): its leaders, its units and
//! the strength of each arm, and the printed Movement Allowances, which are not in the file
//! (reading N13: infantry 4 from ¶104's example, cavalry 5 as the cards' "inf/cav" pairs
//! always give one more to the cavalry, §130; provisional).

use alloc::vec::Vec;

use super::super::Hov;
use super::super::board::Ground;
use super::super::event::Event;
use super::super::state::{GarrisonPlace, LeaderId, LeaderPlace, March, State, UnitId};
use super::super::types::{Arm, Army, Guard, HEX_SP_LIMIT, Mp};
use crate::engine::Side;
use crate::hex::Hex;

/// The infantry (and artillery) Movement Allowance (¶104's example; reading N13).
pub const INFANTRY_MA: Mp = Mp::whole(4);
/// The cavalry Movement Allowance (provisional, reading N13).
pub const CAVALRY_MA: Mp = Mp::whole(5);
/// An Unemployed Leader's allowance (¶30).
pub const UNEMPLOYED_MA: Mp = Mp::whole(12);
/// A cavalry vedette's allowance (§68).
pub const CAVALRY_VEDETTE_MA: Mp = Mp::whole(7);
/// An infantry vedette's allowance (§68).
pub const INFANTRY_VEDETTE_MA: Mp = Mp::whole(4);

/// A force's strength by arm (garrisons on a track count as infantry, §25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Make {
    /// Infantry SP.
    pub inf: u16,
    /// Cavalry SP.
    pub cav: u16,
    /// Artillery SP.
    pub art: u16,
}

impl Make {
    /// Whether the force pays the infantry rate (infantry or artillery, TEC note).
    pub fn foot(self) -> bool {
        self.inf + self.art > 0
    }

    /// Whether it has cavalry.
    pub fn horse(self) -> bool {
        self.cav > 0
    }

    /// Its whole strength.
    pub fn total(self) -> u16 {
        self.inf + self.cav + self.art
    }
}

impl Hov {
    /// Where leader `l` stands on the map, his Force Leader's hex for a subordinate.
    pub fn leader_hex(&self, s: &State, l: LeaderId) -> Option<Hex> {
        let mut at = l;
        for _ in 0..8 {
            match s.leaders.get(usize::from(at))?.place {
                LeaderPlace::Map(h) => return Some(h),
                LeaderPlace::Portrait(f) => at = f,
                _ => return None,
            }
        }
        None
    }

    /// The leaders of `l`'s force: himself, then his subordinates on the portrait (¶19).
    pub fn force_leaders(&self, s: &State, l: LeaderId) -> Vec<LeaderId> {
        let mut out = alloc::vec![l];
        let mut i = 0;
        while i < out.len() && out.len() < s.leaders.len() {
            let f = out[i];
            for (k, x) in s.leaders.iter().enumerate() {
                if x.place == LeaderPlace::Portrait(f) && !out.contains(&(k as LeaderId)) {
                    out.push(k as LeaderId);
                }
            }
            i += 1;
        }
        out
    }

    /// The combat units of `l`'s force, in id order.
    pub fn force_units(&self, s: &State, l: LeaderId) -> Vec<UnitId> {
        let ls = self.force_leaders(s, l);
        s.units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.sp > 0 && u.leader.is_some_and(|x| ls.contains(&x)))
            .map(|(i, _)| i as UnitId)
            .collect()
    }

    /// The strength of `l`'s force by arm.
    pub fn force_make(&self, s: &State, l: LeaderId) -> Make {
        let mut m = Make::default();
        // The units of `force_units`, read in one pass with the force's leaders found once.
        let ls = self.force_leaders(s, l);
        for (i, u) in s.units.iter().enumerate() {
            if u.sp == 0 || !u.leader.is_some_and(|x| ls.contains(&x)) {
                continue;
            }
            let sp = u16::from(u.sp);
            match self.manifest.units[i].arm {
                Arm::Infantry => m.inf += sp,
                Arm::Cavalry => m.cav += sp,
                Arm::Artillery => m.art += sp,
            }
        }
        for g in &s.garrisons {
            if let GarrisonPlace::Track(x) = g.place {
                if ls.contains(&x) {
                    m.inf += u16::from(g.sp);
                }
            }
        }
        m
    }

    /// ¶140: whether a unit never suffers attrition — French Old Guard, or Young Guard infantry
    /// on the track of a leader who also has an Old Guard unit.
    pub fn attrition_exempt(&self, s: &State, u: UnitId) -> bool {
        let info = &self.manifest.units[usize::from(u)];
        match info.guard {
            Guard::Old => true,
            Guard::Young if info.arm == Arm::Infantry => {
                let l = s.units[usize::from(u)].leader;
                l.is_some()
                    && s.units.iter().enumerate().any(|(i, x)| {
                        x.leader == l && x.sp > 0 && self.manifest.units[i].guard == Guard::Old
                    })
            }
            _ => false,
        }
    }

    /// ¶137, ¶140: the force's size for attrition, the exempt Guard left out.
    pub fn attrition_size(&self, s: &State, l: LeaderId) -> u16 {
        self.force_units(s, l)
            .into_iter()
            .filter(|&u| !self.attrition_exempt(s, u))
            .map(|u| u16::from(s.units[usize::from(u)].sp))
            .sum()
    }

    /// A leader's side.
    pub fn leader_side(&self, l: LeaderId) -> Option<Side> {
        self.manifest.leaders.get(usize::from(l)).map(|x| x.side)
    }

    /// A leader's army (§18).
    pub fn leader_army(&self, l: LeaderId) -> Army {
        self.manifest
            .leaders
            .get(usize::from(l))
            .map_or(Army::French, |x| Army::of(x.nationality))
    }

    /// A leader's Initiative now: the printed rating less one for each capture (¶33), never
    /// below 1.
    pub fn initiative_of(&self, s: &State, l: LeaderId) -> u8 {
        // ¶26: a cavalry Major General burdened with infantry or artillery has Initiative 1.
        if self.mg_burdened(s, l) {
            return 1;
        }
        self.rated_initiative(s, l)
    }

    /// A leader's Initiative Rating as it stands: the printed rating less one for each
    /// capture (¶33), never below 1, with no modifier (¶26's burdened Major General aside).
    /// The capture die is rolled against it (¶33: the unmodified rating; reading N73).
    pub fn rated_initiative(&self, s: &State, l: LeaderId) -> u8 {
        let printed = self.manifest.leaders[usize::from(l)].ratings.initiative;
        printed
            .saturating_sub(s.leaders[usize::from(l)].captures)
            .max(1)
    }

    /// ¶127: the cavalry of `l`'s force that counts toward the Cavalry Differential — none
    /// when it stands in swamp, woods or hills.
    pub fn counting_cavalry(&self, s: &State, l: LeaderId) -> u32 {
        let Some(h) = self.leader_hex(s, l) else {
            return 0;
        };
        match self.board.hex(h).ground {
            Ground::Swamp | Ground::Woods | Ground::Hills | Ground::WoodedHills => 0,
            Ground::Clear => u32::from(self.force_make(s, l).cav),
        }
    }

    /// ¶30 1: judges `side`'s leaders as its Movement Phase begins: a leader on the map with
    /// no units and no subordinates is an Unemployed Leader until the next judgement (he moves
    /// free in this Movement Phase and in his side's next Forced March Segment); a leader who
    /// loses his force later in the phase is not one until then.
    pub fn judge_unemployed(&self, s: &mut State, side: Side) {
        for i in 0..s.leaders.len() {
            if self.manifest.leaders[i].side != side {
                continue;
            }
            let idle = matches!(s.leaders[i].place, LeaderPlace::Map(_))
                && !self.is_force(s, i as LeaderId);
            s.leaders[i].unemployed = idle;
        }
    }

    /// ¶80 1, ¶78: a force whose march ends in a hex with another friendly force, where no
    /// leader there could become the Force Leader of them all — nor a leader next door (¶80 3,
    /// reading N72), nor one freed by deactivating a Major General (¶79) — makes an
    /// Insubordinate Stack at that moment: the force that came is displaced one hex by the
    /// retreat priorities (reading N24). A hex over 48 SP waits for the end of the segment
    /// (¶141 1); an Unemployed Leader is no force (¶31).
    pub fn insubordinate_arrival(&self, s: &mut State, m: &March, ev: &mut Vec<Event>) {
        if m.unemployed || m.vedette.is_some() {
            return;
        }
        let mut movers: Vec<LeaderId> = m
            .moved_parts
            .iter()
            .filter(|p| p.path.len() > 1)
            .map(|p| p.leader)
            .collect();
        if m.path.len() > 1 && !movers.contains(&m.leader) {
            movers.push(m.leader);
        }
        for l in movers {
            let (Some(side), LeaderPlace::Map(hex)) =
                (self.leader_side(l), s.leaders[usize::from(l)].place)
            else {
                continue;
            };
            if self.map_leaders(s, side, hex).len() < 2
                || self.hex_sp(s, side, hex) > HEX_SP_LIMIT
                || !self.consolidators(s, side, hex).is_empty()
                || self.commanded_from_next_door(s, side, hex)
                || self.saved_by_deactivation(s, side, hex)
            {
                continue;
            }
            self.displace_stack(s, side, l, "¶80 1, ¶78", ev);
        }
    }

    /// ¶80 2: notes the phasing side's Force Leaders that share a hex with another of its
    /// forces as its Movement Phase begins (forces placed so in the Command Phase).
    pub fn note_shared(&self, s: &mut State) {
        let side = s.phasing;
        let mut at: Vec<(Hex, LeaderId)> = (0..s.leaders.len() as LeaderId)
            .filter_map(|l| match s.leaders[usize::from(l)].place {
                LeaderPlace::Map(h) if self.leader_side(l) == Some(side) && self.is_force(s, l) => {
                    Some((h, l))
                }
                _ => None,
            })
            .collect();
        at.sort_unstable();
        let mut out: Vec<LeaderId> = at
            .iter()
            .filter(|(h, _)| at.iter().filter(|(x, _)| x == h).count() > 1)
            .map(|&(_, l)| l)
            .collect();
        out.sort_unstable();
        s.shared = out;
    }

    /// ¶80 2, ¶78: at the end of the Initiative Movement Segment, forces noted by
    /// [`Hov::note_shared`] that still share their hex (neither left it by command or
    /// Initiative) are parted: all but the strongest are displaced one hex (reading N24),
    /// unless a leader next door could command them all (¶80 3, reading N72).
    pub fn part_shared(&self, s: &mut State, ev: &mut Vec<Event>) {
        let noted = core::mem::take(&mut s.shared);
        let side = s.phasing;
        let mut hexes: Vec<Hex> = noted
            .iter()
            .filter_map(|&l| match s.leaders[usize::from(l)].place {
                LeaderPlace::Map(h) => Some(h),
                _ => None,
            })
            .collect();
        hexes.sort_unstable();
        hexes.dedup();
        for hex in hexes {
            let here: Vec<LeaderId> = noted
                .iter()
                .copied()
                .filter(|&l| {
                    s.leaders[usize::from(l)].place == LeaderPlace::Map(hex) && self.is_force(s, l)
                })
                .collect();
            if here.len() < 2 || self.commanded_from_next_door(s, side, hex) {
                continue;
            }
            let keep = here
                .iter()
                .copied()
                .max_by_key(|&l| (self.force_sp(s, l), core::cmp::Reverse(l)));
            for l in here {
                if Some(l) != keep {
                    self.displace_stack(s, side, l, "¶80 2, ¶78", ev);
                }
            }
        }
    }
}
