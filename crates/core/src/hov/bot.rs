//! The Habit of Victory bots beyond the generic `random`:
//! * `greedy` (the default): a one-decision player that sees only what its side sees. It reads
//!   the position through [`Rules::observation`] for its side (the enemy's displays, face-down
//!   leaders and vedettes are unknown stacks there) and judges each legal action by a rule of
//!   thumb: march toward the nearest enemy counter and stop when no step brings it closer,
//!   attack where its own force is largest against the fewest enemy counters, choose the
//!   Pitched chit when its side's announced strength is at least the enemy's (¶146 step 3a is
//!   public) and Pursuit otherwise, keep the Leadership Bonus that lowers the combat die (the
//!   CRT favours the attacker on low rolls), retreat away from the enemy, always pursue, never
//!   stake the Guard, leave the Organization Displays as they are. Dice are the game's, not the
//!   bot's. Ties are broken at random from the game's seeded generator, so its games are
//!   reproducible.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::state::{GarrisonPlace, LeaderPlace, State, VedettePlace};
use super::types::{Chit, announced};
use super::{Action, Hov};
use crate::engine::{Actor, Bot, Rules, Side};
use crate::hex::Hex;

/// A bot by name.
pub(super) fn named(name: &str) -> Option<Box<dyn Bot<Hov>>> {
    match name {
        "greedy" => Some(Box::new(Greedy)),
        _ => None,
    }
}

/// One decision at a time, by contact, size and the announced strengths.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// What one side knows of the map: its own forces' strengths and where enemy counters stand.
struct View {
    /// Hexes holding an enemy counter (known or unknown), sorted, deduplicated.
    enemy: Vec<Hex>,
}

impl View {
    /// The distance from `h` to the nearest enemy counter (`u32::MAX` when none is seen).
    fn near(&self, h: Hex) -> u32 {
        self.enemy
            .iter()
            .map(|&e| h.distance(e))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Enemy counters seen in `h` (each unknown stack, revealed leader, vedette or garrison).
    fn count(&self, obs: &State, hov: &Hov, side: Side, h: Hex) -> u32 {
        let them = side.other();
        let unknown = obs
            .unknown
            .iter()
            .filter(|u| u.side == them && u.hex == h)
            .count();
        let leaders = obs
            .leaders
            .iter()
            .enumerate()
            .filter(|(i, l)| {
                hov.manifest.leaders[*i].side == them && l.place == LeaderPlace::Map(h)
            })
            .count();
        let garrisons = obs
            .garrisons
            .iter()
            .enumerate()
            .filter(|(i, g)| {
                hov.manifest.garrisons[*i].side == them && g.place == GarrisonPlace::Map(h)
            })
            .count();
        (unknown + leaders + garrisons).max(1) as u32
    }
}

impl Hov {
    /// What `side` sees of where the enemy stands, read from its observation only.
    fn bot_view(&self, obs: &State, side: Side) -> View {
        let them = side.other();
        let mut enemy: Vec<Hex> = obs
            .unknown
            .iter()
            .filter(|u| u.side == them)
            .map(|u| u.hex)
            .collect();
        for (i, l) in obs.leaders.iter().enumerate() {
            if let LeaderPlace::Map(h) = l.place {
                if self.manifest.leaders[i].side == them {
                    enemy.push(h);
                }
            }
        }
        for (i, v) in obs.vedettes.iter().enumerate() {
            if let VedettePlace::Map(h) = v.place {
                if self.manifest.vedettes[i].side == them {
                    enemy.push(h);
                }
            }
        }
        for (i, g) in obs.garrisons.iter().enumerate() {
            if let GarrisonPlace::Map(h) = g.place {
                if self.manifest.garrisons[i].side == them {
                    enemy.push(h);
                }
            }
        }
        enemy.sort_unstable();
        enemy.dedup();
        View { enemy }
    }

    /// The SP on `l`'s track and his subordinates' tracks, as his own side sees them.
    fn bot_force_sp(&self, obs: &State, l: u16) -> u32 {
        let under = |x: u16| {
            x == l
                || obs
                    .leaders
                    .get(usize::from(x))
                    .is_some_and(|y| y.place == LeaderPlace::Portrait(l))
        };
        obs.units
            .iter()
            .filter(|u| u.leader.is_some_and(under))
            .map(|u| u32::from(u.sp))
            .sum()
    }

    /// The hex a marching force (or vedette) stands in.
    fn bot_mover_hex(&self, obs: &State) -> Option<Hex> {
        let m = obs.march.as_ref()?;
        if let Some(h) = m.path.last() {
            return Some(*h);
        }
        match m.vedette {
            Some(v) => match obs.vedettes.get(usize::from(v))?.place {
                VedettePlace::Map(h) => Some(h),
                _ => None,
            },
            None => match obs.leaders.get(usize::from(m.leader))?.place {
                LeaderPlace::Map(h) => Some(h),
                _ => None,
            },
        }
    }

    /// The announced strengths (¶146 step 3a, rounded to the nearest five: public at the
    /// table) of `side` and of the enemy in the battle under way.
    fn bot_announced(&self, s: &State, side: Side) -> Option<[u32; 2]> {
        let b = s.battle.as_ref()?;
        let sides = self.sides(s, b);
        let mut sp = [0u32; 2];
        for (k, x) in sp.iter_mut().enumerate() {
            let members = self.members(s, &sides.fls[k]);
            *x = self
                .pieces(s, &members, &sides.garrisons[k])
                .iter()
                .map(|&p| u32::from(self.piece_sp(s, p)))
                .sum();
        }
        let me = side.index();
        Some([announced(sp[me]), announced(sp[1 - me])])
    }

    /// A score for each action (higher is better); `None` for a die roll, which is not the
    /// bot's to choose.
    fn bot_scores(&self, s: &State, side: Side, actions: &[Action]) -> Vec<Option<i64>> {
        let obs = self.observation(s, side);
        let view = self.bot_view(&obs, side);
        let here = self.bot_mover_hex(&obs);
        let dist = |h: Hex| i64::from(view.near(h).min(1_000));
        let chits = self.bot_announced(s, side);
        actions
            .iter()
            .map(|a| match a {
                Action::Step { to } => {
                    let now = here.map_or(1_000, dist);
                    // Better by how much closer the step brings the force; a step that brings
                    // it no closer scores below ending the march.
                    let d = dist(*to);
                    Some(if d < now {
                        10 + now - d
                    } else {
                        -1 - (d - now)
                    })
                }
                Action::Repulse { .. } => Some(-5),
                Action::Done => Some(match (&obs.march, s.battle.is_some()) {
                    (Some(_), _) => 0,
                    // Pursuit declined: the pursue actions score higher.
                    (None, true) => -10,
                    // A segment with something left to do: do it first.
                    (None, false) => -20,
                }),
                Action::Command { leader, .. } | Action::Initiative { leader, .. } => {
                    let hex = match obs.leaders.get(usize::from(*leader)).map(|l| l.place) {
                        Some(LeaderPlace::Map(h)) => Some(h),
                        _ => None,
                    };
                    // The largest forces first, those farther from the enemy (more to gain).
                    Some(
                        i64::from(self.bot_force_sp(&obs, *leader))
                            + hex.map_or(0, |h| dist(h).min(20)),
                    )
                }
                Action::MoveFree { .. } => Some(-15),
                // §36 1: a garrison's sortie is left for last (below ending the segment).
                Action::GarrisonAttack { .. } => Some(-30),
                Action::Attack {
                    leader,
                    parts,
                    hexes,
                } => {
                    // ¶83: a Multi-Hex Force attacks with every hex of it.
                    let own: i64 = core::iter::once(leader)
                        .chain(parts)
                        .map(|l| i64::from(self.bot_force_sp(&obs, *l)))
                        .sum();
                    let them: i64 = hexes
                        .iter()
                        .map(|&h| i64::from(view.count(&obs, self, side, h)))
                        .sum();
                    // Estimated odds in tenths, an unseen counter taken as 8 SP; an attack
                    // beats ending the segment (where the rules allow it) from about 1:2 up.
                    Some(own * 10 / (8 * them.max(1)) - 25)
                }
                Action::Chit(c) => {
                    let strong = chits.is_some_and(|[me, them]| me >= them);
                    Some(i64::from((*c == Chit::Pitched) == strong))
                }
                Action::Stake(x) => Some(i64::from(!*x)),
                Action::Bonus(x) => Some(-i64::from(*x)),
                Action::Override(x) => Some(i64::from(!*x)),
                Action::RetreatTo { hex } => Some(dist(*hex)),
                Action::Pursue { .. } => Some(5),
                // ¶201: a split counterattack only when nothing else is listed above it.
                Action::SplitCounter { .. } => Some(-24),
                // ¶178: no force joins a retreat it need not make.
                Action::JoinRetreat { leaders } => Some(-(leaders.len() as i64)),
                // ¶179 1: the pursuit goes as far as the path allows.
                Action::PursueTo { .. } => Some(0),
                // ¶179 2: the bot keeps its pursuing force together.
                Action::PursuitDrop { .. } => Some(-1),
                // ¶194 2: the Operational Victory ends the game at once in the Coalition's favour.
                Action::NapoleonCaptured { end_game } => Some(i64::from(*end_game)),
                Action::PlaceVedette { hex, .. } => Some(-dist(*hex)),
                Action::Enter { .. }
                | Action::AttackVedette { .. }
                | Action::VedetteAttack { .. }
                | Action::Consolidate { .. }
                | Action::PlaceSupply { .. }
                | Action::Mask { .. }
                | Action::DropOff { .. } => Some(0),
                // Reorganisation, supply changes and bridges: left alone (ending the segment
                // scores higher), so that the bot never shuffles units back and forth.
                Action::BeginSupplyChange { .. }
                | Action::CarryTrain { .. }
                | Action::AbsorbGarrison { .. }
                | Action::TransferUnit { .. }
                | Action::TransferSp { .. }
                | Action::ActivateMg { .. }
                | Action::DeactivateMg { .. }
                | Action::Detach { .. }
                | Action::Attach { .. }
                | Action::CreateMarchDivision { .. }
                | Action::Incorporate { .. }
                | Action::CreateSubstitutes { .. }
                | Action::RecreateOrganic { .. }
                | Action::CreateGarrison { .. }
                | Action::GarrisonToTrack { .. }
                | Action::DamageBridge { .. }
                | Action::RepairBridge { .. }
                | Action::SeaMove { .. }
                | Action::Pontoon { .. } => Some(-30),
                Action::Roll(_) => None,
            })
            .collect()
    }
}

impl Bot<Hov> for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(
        &mut self,
        rules: &Hov,
        state: &State,
        actions: &[Action],
        random: &mut dyn FnMut(u64) -> u64,
    ) -> usize {
        let n = actions.len();
        if n <= 1 {
            return 0;
        }
        let side = match rules.actor(state) {
            Actor::Player(s) => s,
            _ => return random(n as u64) as usize,
        };
        let scores = rules.bot_scores(state, side, actions);
        let best_score = scores.iter().flatten().copied().max();
        let best: Vec<usize> = match best_score {
            Some(b) => (0..n).filter(|&i| scores[i] == Some(b)).collect(),
            None => (0..n).collect(),
        };
        if best.is_empty() {
            return random(n as u64) as usize;
        }
        best[random(best.len() as u64) as usize]
    }
}
