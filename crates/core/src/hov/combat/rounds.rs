//! ¶196–¶204 between the halves of a Pitched battle, and the optional Battlefield Dynamics
//! (§187–§188, scenario option `battlefield-dynamics`, off by default): before each
//! counterattack (step 12) and each re-attack (step 1 of a later round) the side about to
//! attack rolls a die, with the Cavalry Differential (reading N9: +1 when the enemy has at least
//! twice its cavalry, −1 when it has at least twice the enemy's), against its Force Leader's
//! Initiative (the best among several forces, as ¶155 4; a garrison's is 1, §36):
//! * below it, the side keeps control: it may attack or not (§188 1);
//! * equal, it skips its half-round and stays in contact; the enemy goes on if his chit this
//!   round was Pitched, else the battle ends (§188 2);
//! * one above, it must attack as usual (§188 3);
//! * two or more above, it retreats instead, by the hexes of the preceding combat's result
//!   (reading N36), pursued only if the enemy won that combat (§188 4).

use alloc::vec::Vec;

use super::super::Hov;
use super::super::event::Event;
use super::super::state::{Battle, BattleStep, Fight, LeaderId, State};
use super::super::types::Chit;
use crate::engine::Side;
use crate::hex::Hex;

/// The scenario option of §187–§188.
pub const BATTLEFIELD_DYNAMICS: &str = "battlefield-dynamics";

/// The most rounds a battle lasts (¶203).
pub const MAX_ROUNDS: u8 = 4;

/// What a Battlefield Dynamics roll gives (§188).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// §188 1: the side keeps control: the attack is its choice.
    Keep,
    /// §188 2: no attack this half-round.
    Skip,
    /// §188 3: the attack as the Standard Rules have it.
    Must,
    /// §188 4: a retreat instead.
    Retreat,
}

/// §188: the result of a modified roll against an Initiative.
pub fn control(modified: i16, initiative: u8) -> Control {
    let i = i16::from(initiative);
    match modified - i {
        d if d < 0 => Control::Keep,
        0 => Control::Skip,
        1 => Control::Must,
        _ => Control::Retreat,
    }
}

impl Hov {
    /// ¶202–¶203: the phasing force's re-attack after a Pitched counterattack, if one may
    /// follow: its forces still on the map, next to enemy hexes of the first attack, within the
    /// round limits (¶156 2, reading A8: two rounds for defenders in a Town or City).
    pub fn reattack(&self, s: &State) -> Option<(Vec<LeaderId>, Vec<Hex>)> {
        let b = s.battle.as_ref()?;
        let attackers: Vec<LeaderId> = b
            .first_attackers
            .iter()
            .copied()
            .filter(|&l| self.is_force(s, l) && self.hex_of(s, l).is_some())
            .collect();
        // ¶147, ¶151: every hex of the first attack still held and next to some hex of the
        // attacking force is re-attacked, whichever of its hexes attacked it first.
        let from = self.force_hexes(s, &attackers);
        let defenders: Vec<Hex> = b
            .first_defenders
            .iter()
            .copied()
            .filter(|&h| {
                from.iter().any(|f| f.distance(h) == 1)
                    && (!self.forces_at(s, s.phasing.other(), h).is_empty()
                        || !self.garrisons_at(s, s.phasing.other(), h).is_empty())
            })
            .collect();
        let cap = if b.first_defenders.iter().any(|&h| self.town_hex(h)) {
            2
        } else {
            MAX_ROUNDS
        };
        (!defenders.is_empty() && b.round < cap).then_some((attackers, defenders))
    }

    /// A Town or City (¶156; reading A8: Capital Cities and Fortified Towns too).
    pub fn town_hex(&self, h: Hex) -> bool {
        use super::super::board::Settlement;
        matches!(
            self.board.hex(h).settlement,
            Settlement::Town | Settlement::Capital | Settlement::FortifiedTown
        )
    }

    /// ¶202: after a Pitched counterattack, the next round; with Battlefield Dynamics its die
    /// comes first (§187).
    pub fn next_round(&self, s: &mut State, ev: &mut Vec<Event>) {
        // ¶201: the round goes on while parts of a split counterattack are still to attack.
        if self.next_split(s, ev) {
            return;
        }
        let Some((attackers, defenders)) = self.reattack(s) else {
            self.to_morale(s);
            return;
        };
        // ¶204: first rounds within 5 hexes come before this battle's next round.
        if let Some(b) = &s.battle
            && self.first_rounds_near(s, b)
            && let Some(mut b) = s.battle.take()
        {
            b.chits = [None; 2];
            b.revealed = [false; 2];
            ev.push(Event::Suspended {
                leader: b.first_attackers.first().copied().unwrap_or_default(),
                round: b.round,
                resumed: false,
            });
            s.suspended.push(b);
            return;
        }
        // §185–§186 (option `sound-of-the-guns`): before round two, forces whose Forced March
        // failed may march to the guns and join it (movement/sound.rs).
        if self.call_to_the_guns(s) {
            return;
        }
        if self.option(BATTLEFIELD_DYNAMICS) {
            if let Some(b) = &mut s.battle {
                b.reattack = true;
                b.step = BattleStep::Dynamics;
            }
            return;
        }
        if self.reattack_optional(s) {
            if let Some(b) = &mut s.battle {
                b.free = true;
                b.step = BattleStep::Reattack;
            }
            return;
        }
        // ¶147: with several ways to re-form the attacking force, the phasing player chooses.
        let designs = self.reattack_designs(s);
        if designs.len() > 1 {
            if let Some(b) = &mut s.battle {
                b.free = false;
                b.step = BattleStep::Reattack;
            }
            return;
        }
        match designs.into_iter().next() {
            Some((l, parts, hexes)) => {
                let mut force = alloc::vec![l];
                force.extend(parts);
                self.start_round(s, ev, force, hexes);
            }
            None => self.start_round(s, ev, attackers, defenders),
        }
    }

    /// ¶128 2, ¶199 3, §41 2: a phasing force in a Fort, or masking one, need not re-attack.
    pub fn reattack_optional(&self, s: &State) -> bool {
        let Some(b) = &s.battle else { return false };
        b.first_attackers
            .first()
            .and_then(|&l| self.hex_of(s, l))
            .is_some_and(|h| {
                self.board.hex(h).settlement.fort() || self.is_masking_force(s, s.phasing, h)
            })
    }

    /// The hexes of a battle: its first attackers' and the hexes they attacked.
    fn battle_hexes(&self, s: &State, b: &Battle) -> Vec<Hex> {
        let mut v: Vec<Hex> = b
            .first_attackers
            .iter()
            .filter_map(|&l| self.hex_of(s, l))
            .collect();
        v.extend_from_slice(&b.first_defenders);
        v
    }

    /// ¶204: an attack the phasing player must still make lies within 5 hexes of a hex of
    /// battle `b`.
    pub fn first_rounds_near(&self, s: &State, b: &Battle) -> bool {
        let hexes = self.battle_hexes(s, b);
        self.pending_targets(s)
            .iter()
            .any(|p| hexes.iter().any(|h| h.distance(*p) <= 5))
    }

    /// ¶204: the first set-aside battle whose nearby first rounds are all fought.
    pub fn resumable(&self, s: &State) -> Option<usize> {
        s.suspended
            .iter()
            .position(|b| !self.first_rounds_near(s, b))
    }

    /// ¶202, ¶204: a set-aside battle goes on to its next round.
    pub fn resume(&self, s: &mut State, ev: &mut Vec<Event>, i: usize) {
        if i >= s.suspended.len() {
            return;
        }
        let b = s.suspended.remove(i);
        ev.push(Event::Suspended {
            leader: b.first_attackers.first().copied().unwrap_or_default(),
            round: b.round,
            resumed: true,
        });
        s.battle = Some(b);
        self.next_round(s, ev);
    }

    /// Step 1 of a new round: the phasing force attacks again (¶202).
    pub fn start_round(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        attackers: Vec<LeaderId>,
        defenders: Vec<Hex>,
    ) {
        // ¶148 2: a force joining from a battle already won becomes one of this battle's.
        s.free_to_join.retain(|l| !attackers.contains(l));
        if let Some(bm) = &mut s.battle {
            for &l in &attackers {
                if !bm.first_attackers.contains(&l) {
                    bm.first_attackers.push(l);
                }
            }
            bm.round += 1;
            bm.attacker = s.phasing;
            bm.counter = false;
            bm.attackers = attackers;
            bm.defenders = defenders;
            bm.chits = [None; 2];
            bm.revealed = [false; 2];
            bm.fired = [false; 2];
            bm.staked = None;
            bm.die = None;
            bm.retreats.clear();
            bm.pursuer = None;
            bm.chased.clear();
            bm.chasers.clear();
            bm.chase_lost = 0;
            bm.withheld = 0;
            bm.queue.clear();
            bm.queue_hexes.clear();
            bm.free = false;
            bm.no_pursuit = false;
            bm.step = BattleStep::Chits;
        }
        self.announce(s, ev);
    }

    /// Step 12 begins: the non-phasing player designates a counterattack; with Battlefield
    /// Dynamics its die comes first (§187).
    pub fn to_counterattack(&self, s: &mut State) {
        let dynamics = self.option(BATTLEFIELD_DYNAMICS);
        if let Some(bm) = &mut s.battle {
            bm.free = false;
            if dynamics {
                bm.reattack = false;
                bm.step = BattleStep::Dynamics;
            } else {
                bm.step = BattleStep::Counterattack;
            }
        }
    }

    /// The side about to attack at a Battlefield Dynamics roll, its Initiative and its die
    /// modifier (§187–§188).
    pub fn dynamics_of(&self, s: &State, b: &Battle) -> (Side, u8, i8) {
        let side = if b.reattack {
            s.phasing
        } else {
            s.phasing.other()
        };
        let att: Vec<LeaderId> = b
            .first_attackers
            .iter()
            .copied()
            .filter(|&l| self.is_force(s, l) && self.hex_of(s, l).is_some())
            .collect();
        let np = s.phasing.other();
        let mut def: Vec<LeaderId> = Vec::new();
        let mut gs = Vec::new();
        for &h in &b.first_defenders {
            def.extend(self.forces_at(s, np, h));
            gs.extend(self.garrisons_at(s, np, h));
        }
        let init = |fls: &[LeaderId]| fls.iter().map(|&l| self.initiative_of(s, l)).max();
        let phasing_pieces = self.pieces(s, &self.members(s, &att), &[]);
        let np_pieces = self.pieces(s, &self.members(s, &def), &gs);
        let (own, enemy, initiative) = if side == s.phasing {
            (phasing_pieces, np_pieces, init(&att).unwrap_or(1))
        } else {
            (np_pieces, phasing_pieces, init(&def).unwrap_or(1))
        };
        let own = self.strengths(s, &own).cav;
        let enemy = self.strengths(s, &enemy).cav;
        let drm = if enemy > 0 && enemy >= 2 * own {
            1
        } else if own > 0 && own >= 2 * enemy {
            -1
        } else {
            0
        };
        (side, initiative, drm)
    }

    /// §187–§188: the Battlefield Dynamics die.
    pub fn battle_dynamics(&self, s: &mut State, ev: &mut Vec<Event>, roll: u8) {
        let Some(b) = s.battle.clone() else { return };
        let (side, initiative, drm) = self.dynamics_of(s, &b);
        let c = control(i16::from(roll) + i16::from(drm), initiative);
        ev.push(Event::Dynamics {
            side,
            roll,
            drm,
            initiative,
            result: match c {
                Control::Keep => 1,
                Control::Skip => 2,
                Control::Must => 3,
                Control::Retreat => 4,
            },
        });
        match c {
            Control::Keep | Control::Must => {
                let free = c == Control::Keep || (b.reattack && self.reattack_optional(s));
                if b.reattack {
                    if free {
                        if let Some(bm) = &mut s.battle {
                            bm.free = true;
                            bm.step = BattleStep::Reattack;
                        }
                    } else if let Some((a, d)) = self.reattack(s) {
                        self.start_round(s, ev, a, d);
                    } else {
                        self.to_morale(s);
                    }
                } else if let Some(bm) = &mut s.battle {
                    bm.free = free;
                    bm.step = BattleStep::Counterattack;
                }
            }
            Control::Skip => {
                // The enemy goes on only with a Pitched chit this round.
                let enemy_pitched = b.chits[side.other().index()] == Some(Chit::Pitched);
                if !enemy_pitched {
                    self.to_morale(s);
                } else if b.reattack {
                    // The phasing half of the new round is skipped: the counterattack follows.
                    if self.reattack(s).is_some() {
                        if let Some(bm) = &mut s.battle {
                            bm.round += 1;
                        }
                        self.to_counterattack(s);
                    } else {
                        self.to_morale(s);
                    }
                } else {
                    self.next_round(s, ev);
                }
            }
            Control::Retreat => {
                let prior = b.fight;
                let need = prior.map_or(1, |f| f.loser_n.max(1));
                let sides = self.sides(s, &b);
                let retreats = self.retreat_groups(s, &b, &sides, side, need);
                if let Some(bm) = &mut s.battle {
                    // §188 4: pursued only if the enemy won the combat just fought.
                    bm.no_pursuit = b.winner != Some(side.other());
                    bm.fight = Some(Fight {
                        loser: side,
                        loser_n: need,
                        winner_n: 0,
                        winner_lost: 0,
                    });
                    bm.retreats = retreats;
                    bm.pursuer = None;
                    bm.chased.clear();
                    bm.chasers.clear();
                    bm.chase_lost = 0;
                    bm.step = BattleStep::Retreat;
                }
            }
        }
    }
}
