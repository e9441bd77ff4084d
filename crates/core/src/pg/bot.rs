//! `greedy`: a simple pg bot that scores each legal action with a one-step heuristic and takes
//! the best (ties: the first listed). It closes with the enemy, bombards and attacks at the best
//! odds it can find, rallies, takes losses on its strongest units and retreats toward its own
//! map edge. It looks no further than one action; it exists to give `play` and the tests a
//! purposeful opponent, not a strong one.

use alloc::vec::Vec;

use super::Pg;
use super::action::Action;
use super::charts::odds_column;
use super::state::{Off, Piece, State};
use super::units::Arm;
use crate::engine::{Bot, Side};
use crate::hex::Hex;

/// The greedy pg bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Pg {
    fn nearest_enemy(&self, s: &State, side: Side, from: Hex) -> u32 {
        s.units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.off == Off::No && self.pieces.units[*i].side != side)
            .map(|(_, u)| u.hex.distance(from))
            .min()
            .unwrap_or(0)
    }

    fn nearest_friend_unit(&self, s: &State, side: Side, from: Hex) -> u32 {
        s.units
            .iter()
            .enumerate()
            .filter(|(i, u)| {
                u.off == Off::No
                    && self.pieces.units[*i].side == side
                    && self.pieces.units[*i].arm != Arm::Artillery
            })
            .map(|(_, u)| u.hex.distance(from))
            .min()
            .unwrap_or(0)
    }

    fn enemy_steps(&self, s: &State, side: Side, hex: Hex) -> i32 {
        s.units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.off == Off::No && u.hex == hex && self.pieces.units[*i].side != side)
            .map(|(_, u)| i32::from(u.steps))
            .sum()
    }

    /// The greedy score of one action (higher is better).
    fn greedy_score(&self, s: &State, a: &Action) -> i32 {
        let side = match self.rules_actor_side(s) {
            Some(x) => x,
            None => return 0,
        };
        match a {
            Action::AttemptActivation | Action::Attempt | Action::PayCdoa => 10,
            Action::Deploy { wing } => {
                let near = s.units.iter().enumerate().any(|(i, u)| {
                    u.off == Off::No
                        && self.pieces.units[i].wing == Some(*wing)
                        && self.nearest_enemy(s, side, u.hex) <= 8
                });
                if near { 10 } else { -1 }
            }
            Action::TraceToCommander { .. } => 5,
            Action::SpecialAffect { .. } => 10,
            Action::Move { piece, dir, below } => {
                let from = self.piece_hex(s, *piece);
                let to = from.neighbor(*dir);
                let penalty = if *below { 1 } else { 0 };
                match piece {
                    Piece::Unit(u) => {
                        let before = self.nearest_enemy(s, side, from) as i32;
                        let after = self.nearest_enemy(s, side, to) as i32;
                        let art = self.pieces.units[usize::from(*u)].arm == Arm::Artillery;
                        // Artillery closes to bombardment range, not into contact.
                        let delta = if art && after < 2 { -3 } else { before - after };
                        4 * delta - penalty
                    }
                    Piece::Leader(_) => {
                        let before = self.nearest_friend_unit(s, side, from) as i32;
                        let after = self.nearest_friend_unit(s, side, to) as i32;
                        if before <= 1 {
                            -1
                        } else {
                            2 * (before - after)
                        }
                    }
                }
            }
            Action::GoInColumn { wing } => {
                let far = s.units.iter().enumerate().all(|(i, u)| {
                    u.off != Off::No
                        || self.pieces.units[i].wing != Some(*wing)
                        || self.nearest_enemy(s, side, u.hex) > 10
                });
                if far { 3 } else { -5 }
            }
            Action::ToTop { .. } | Action::ArtilleryInColumn { .. } | Action::CommanderInColumn => {
                -2
            }
            Action::BombardTarget { hex } => 5 + self.enemy_steps(s, side, *hex),
            Action::AddBattery { .. } => 5,
            Action::Fire => 1,
            Action::Rally { .. } => 5,
            Action::Attack { hex } => {
                let def: u16 = self
                    .engaged_in(s, *hex)
                    .iter()
                    .map(|&u| u16::from(self.ratings(s, u)[0]))
                    .sum();
                let att: u16 = hex
                    .neighbors()
                    .iter()
                    .flat_map(|&n| self.engaged_in(s, n))
                    .filter(|&u| {
                        self.pieces.units[usize::from(u)].side == side
                            && !s.units[usize::from(u)].fought
                    })
                    .map(|u| u16::from(self.ratings(s, u)[0]))
                    .sum();
                10 + 5 * odds_column(att, def.max(1)) as i32
            }
            Action::AddAttacker { .. } => 5,
            Action::Lead { unit } => i32::from(self.mr(s, *unit)),
            Action::Terrain { attacker, defender } => {
                let a = self.board.hex(*attacker);
                let d = self.board.hex(*defender);
                i32::from(a.cc_drm.min(d.cc_drm))
            }
            Action::Advance { .. } => 2,
            Action::StepLoss { unit } => {
                let steps = i32::from(s.units[usize::from(*unit)].steps);
                if steps <= 1 { -10 } else { 2 * steps }
            }
            Action::Retreat { .. } => 3,
            Action::ArtilleryLoss { unit } => i32::from(s.units[usize::from(*unit)].steps),
            Action::RetreatTo { hex } => {
                -i32::from(self.board.friendly_edge_distance(*hex, side.index()))
            }
            Action::EndPhase => -1,
            _ => 0,
        }
    }

    fn rules_actor_side(&self, s: &State) -> Option<Side> {
        match crate::engine::Rules::actor(self, s) {
            crate::engine::Actor::Player(side) => Some(side),
            _ => None,
        }
    }
}

impl Bot<Pg> for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(
        &mut self,
        rules: &Pg,
        state: &State,
        actions: &[Action],
        _random: &mut dyn FnMut(u64) -> u64,
    ) -> usize {
        let scores: Vec<i32> = actions
            .iter()
            .map(|a| rules.greedy_score(state, a))
            .collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        scores.iter().position(|&x| x == best).unwrap_or(0)
    }
}
