//! The Sequence of Play (3.0) between the phases: player turns, the Joint Army Morale
//! Adjustment Phase (13, provisional), the End of Turn Phase (14) and victory (provisional).

use alloc::string::ToString;
use alloc::vec::Vec;

use super::Pg;
use super::event::Event;
use super::state::{ArmyStatus, Morale, Off, Pending, Phase, Piece, State};
use super::units::Arm;
use crate::engine::{Outcome, Side};

impl Pg {
    /// Starts the player turn of `s.active` (3.0 A/B).
    pub(crate) fn begin_player_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.active;
        ev.push(Event::PlayerTurn { side });
        for u in s.units.iter_mut() {
            u.fought = false;
            u.ooc = false;
        }
        for w in 0..s.wing_fd_tried.len() {
            if self.pieces.wings[w].side == side.other() {
                s.wing_fd_tried[w] = false;
            }
        }
        self.place_reinforcements(s, side, ev);
        let army = &s.armies[side.index()];
        if army.activated {
            self.begin_command(s, ev);
        } else if army.auto_due {
            // 4.1.2: activated at no cost in the next available player turn.
            self.activate(s, side, "4.1.2", ev);
            self.begin_command(s, ev);
        } else {
            s.phase = Phase::Activation;
            ev.push(Event::PhaseBegins {
                phase: Phase::Activation,
            });
        }
    }

    fn place_reinforcements(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        for &(turn, piece, hex) in &self.params.reinforcements {
            if turn > s.turn || self.piece_side(piece) != side || self.enemy_in(s, hex, side) {
                continue;
            }
            match piece {
                Piece::Unit(u) if s.units[usize::from(u)].off == Off::Waiting => {
                    let order = s.take_top();
                    let x = &mut s.units[usize::from(u)];
                    x.off = Off::No;
                    x.hex = hex;
                    x.order = order;
                }
                Piece::Leader(l)
                    if !s.leaders[usize::from(l)].present && !s.leaders[usize::from(l)].lost =>
                {
                    let x = &mut s.leaders[usize::from(l)];
                    x.present = true;
                    x.hex = hex;
                }
                _ => continue,
            }
            ev.push(Event::Moved {
                piece,
                from: hex,
                to: hex,
                mp: 0,
                rule: super::event::Rule("scenario reinforcement"),
            });
        }
    }

    /// Ends the Active player's turn (after phase 8, 11: Locked markers removed).
    pub(crate) fn end_player_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.locked.clear();
        s.combat = None;
        s.bombard = None;
        s.mover = None;
        if s.active == Side(0) {
            s.active = Side(1);
            self.begin_player_turn(s, ev);
        } else {
            self.army_morale(s, ev);
        }
    }

    /// The current army morale: AM left after activation costs, less losses (12, provisional:
    /// 1 per inf/cav unit eliminated or captured, 1 per two artillery steps captured).
    pub fn current_am(&self, s: &State, side: Side) -> i16 {
        let a = &s.armies[side.index()];
        a.am - a.eliminated as i16 - a.captured as i16 - (a.art_steps_captured / 2) as i16
    }

    /// C: Joint Army Morale Adjustment (13, provisional): Demoralized at half the starting AM
    /// or less, Broken at 0 or less; units of an army that changes status check morale (9.3).
    fn army_morale(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.phase = Phase::ArmyMorale;
        for side in [Side(0), Side(1)] {
            let am = self.current_am(s, side);
            let start = self.params.army_morale[side.index()];
            let status = if am <= 0 {
                ArmyStatus::Broken
            } else if am * 2 <= start {
                ArmyStatus::Demoralized
            } else {
                ArmyStatus::Normal
            };
            let before = s.armies[side.index()].status;
            s.armies[side.index()].status = status;
            ev.push(Event::ArmyMorale { side, am, status });
            if status as u8 > before as u8 {
                for i in (0..s.units.len()).rev() {
                    let x = &s.units[i];
                    if x.off == Off::No
                        && self.pieces.units[i].side == side
                        && x.morale != Morale::Routed
                        && self.pieces.units[i].arm != Arm::Artillery
                    {
                        s.pending.push(Pending::MoraleCheck { unit: i as u16 });
                    }
                }
            }
        }
    }

    /// D: End of Turn (14): the next turn, or the end of the game.
    pub(crate) fn end_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.turn >= self.params.last_turn {
            s.phase = Phase::Over;
            let o = self.outcome(s);
            ev.push(Event::GameOver {
                winner: o.winner,
                level: o.level,
            });
            return;
        }
        s.turn += 1;
        s.active = Side(0);
        // 8: each battery fires at one hex, and each hex is bombarded once, per Turn (3.0).
        s.bombarded.clear();
        for u in s.units.iter_mut() {
            u.fired = false;
        }
        ev.push(Event::TurnBegins { turn: s.turn });
        for g in s.groups.iter_mut() {
            *g = super::state::Cmd::Unrolled;
        }
        for w in s.wing_fd_tried.iter_mut() {
            *w = false;
        }
        self.begin_player_turn(s, ev);
    }

    /// Victory points of a side (provisional schedule from public sources, digest §7: 1 per
    /// enemy unit eliminated, 2 per enemy inf/cav unit captured, 2 per enemy artillery step
    /// captured; plus the scenario's objectives).
    pub fn victory_points(&self, s: &State, side: Side) -> i32 {
        let e = &s.armies[side.other().index()];
        let mut vp = i32::from(e.eliminated)
            + 2 * i32::from(e.captured)
            + 2 * i32::from(e.art_steps_captured);
        for o in &self.params.objectives {
            if o.side != side {
                continue;
            }
            let count = s
                .units
                .iter()
                .enumerate()
                .filter(|(i, x)| {
                    x.off == Off::No
                        && self.pieces.units[*i].side == side
                        && self.pieces.units[*i].arm == Arm::Infantry
                        && x.morale != Morale::Routed
                        && o.hexes.iter().any(|h| h.distance(x.hex) <= 1)
                })
                .count();
            if count >= usize::from(o.units) {
                vp += o.vp;
            }
        }
        vp
    }

    /// The outcome (provisional victory levels: by the VP differential, 16+ decisive, 6+
    /// substantive, 1+ marginal; a Broken army cannot win).
    pub(crate) fn outcome(&self, s: &State) -> Outcome {
        let p = [
            self.victory_points(s, Side(0)),
            self.victory_points(s, Side(1)),
        ];
        let mut diff = p[0] - p[1];
        let broken = |side: usize| s.armies[side].status == ArmyStatus::Broken;
        if broken(0) && !broken(1) && diff > 0 {
            diff = 0;
        }
        if broken(1) && !broken(0) && diff < 0 {
            diff = 0;
        }
        let (winner, level) = match diff {
            0 => (None, "draw"),
            d if d.abs() >= 16 => (
                Some(if d > 0 { Side(0) } else { Side(1) }),
                "decisive victory",
            ),
            d if d.abs() >= 6 => (
                Some(if d > 0 { Side(0) } else { Side(1) }),
                "substantive victory",
            ),
            d => (
                Some(if d > 0 { Side(0) } else { Side(1) }),
                "marginal victory",
            ),
        };
        Outcome {
            winner,
            level: level.to_string(),
            points: p,
            rule: "victory (provisional, digest §7)".into(),
        }
    }
}
