//! ¶146 steps 8–9, ¶172–¶192: the beaten force retreats the hexes of its result along a path the
//! priorities of ¶174 fix (the player picks among what they leave open), and the winner may
//! pursue along it with one leader's part of his force (¶179, ¶185–¶186), rolling on the
//! Pursuit Table (¶188–¶191); the loser loses a SP a hex of pursuit and at least the winner's
//! loss (¶181–¶184, ¶205).

use alloc::vec::Vec;

use super::super::Hov;
use super::super::board::{Settlement, Water};
use super::super::event::Event;
use super::super::state::{Battle, BattleStep, LeaderId, LeaderPlace, Retreat, State, Supply};
use super::super::types::{Arm, Army, Guard};
use super::designate::Piece;
use super::resolve::{Loss, Sides};
use crate::engine::Side;
use crate::hex::{Direction, Hex};

impl Hov {
    /// ¶175: the stacks that retreat — the attacking force, or each defending hex's leaders
    /// (Unemployed Leaders with them, ¶31). Garrisons stay in their forts (§48, a reading).
    pub fn retreat_groups(
        &self,
        s: &State,
        b: &Battle,
        sides: &Sides,
        loser: Side,
        need: u8,
    ) -> Vec<Retreat> {
        let mut out = Vec::new();
        let k = loser.index();
        let hexes: Vec<Hex> = if loser == b.attacker {
            sides.fls[k]
                .first()
                .and_then(|&l| self.hex_of(s, l))
                .into_iter()
                .collect()
        } else {
            b.defenders.clone()
        };
        for h in hexes {
            let mut leaders: Vec<LeaderId> = if loser == b.attacker {
                sides.fls[k].clone()
            } else {
                self.forces_at(s, loser, h)
            };
            if leaders.is_empty() {
                continue;
            }
            for (i, l) in s.leaders.iter().enumerate() {
                let l_id = i as LeaderId;
                if l.place == LeaderPlace::Map(h)
                    && self.manifest.leaders[i].side == loser
                    && !self.is_force(s, l_id)
                    && !leaders.contains(&l_id)
                {
                    leaders.push(l_id);
                }
            }
            out.push(Retreat {
                leaders,
                path: alloc::vec![h],
                need,
                done: need == 0,
            });
        }
        out
    }

    /// The retreating side's Army for ¶174 5: the army of its first leader.
    fn retreat_army(&self, g: &Retreat) -> Option<Army> {
        g.leaders
            .first()
            .map(|&l| Army::of(self.manifest.leaders[usize::from(l)].nationality))
    }

    /// ¶172–¶174: the hexes a retreating stack may enter next, after the priorities: farther
    /// from its start each hex (1), no hex twice nor next to an earlier hex of the path (2),
    /// never into prohibited terrain or an enemy-held hex (¶173), then away from friendly
    /// forces (3), toward its army's active Supply Source (5, reading A15: in hexes), the
    /// cheapest (6). Direction order.
    pub fn retreat_options(&self, s: &State, side: Side, g: &Retreat) -> Vec<Hex> {
        let (Some(&cur), Some(&start)) = (g.path.last(), g.path.first()) else {
            return Vec::new();
        };
        let o = self.occupancy(s);
        let step = g.path.len() as u32;
        let mut c: Vec<Hex> = Direction::ALL
            .iter()
            .filter_map(|&d| {
                let n = cur.neighbor(d);
                let ok = self.board.on_map(n)
                    && self.in_area(n)
                    && self.may_attack_across(s, cur, d)
                    && n.distance(start) == step
                    && !g.path.contains(&n)
                    && g.path[..g.path.len() - 1].iter().all(|p| p.distance(n) > 1)
                    && (!o.holds(side.other(), n) || self.vedettes_only(&o, side.other(), n));
                ok.then_some(n)
            })
            .collect();
        // §78 2: through enemy vedettes only when there is no other way.
        self.vedette_hexes_last(&o, side.other(), &mut c);
        // 3: avoid friendly forces when possible.
        if c.iter().any(|&n| !o.real_at(side, n)) {
            c.retain(|&n| !o.real_at(side, n));
        }
        // 5: toward the active Supply Source.
        if let Some(Supply::Active(src)) = self.retreat_army(g).map(|a| s.supply[a.index()])
            && let Some(best) = c.iter().map(|n| n.distance(src)).min()
        {
            c.retain(|n| n.distance(src) == best);
        }
        // 6: the cheapest in movement points.
        let cost = |n: Hex| {
            let d = cur.direction_to(n);
            let river = d.is_some_and(|d| self.board.side(cur, d).water == Water::Secondary);
            self.board.hex(n).cost[0].halves() + u16::from(river)
        };
        if let Some(best) = c.iter().map(|&n| cost(n)).min() {
            c.retain(|&n| cost(n) == best);
        }
        c
    }

    /// Moves retreating stack `gi` one hex (¶172).
    pub fn retreat_step(&self, s: &mut State, ev: &mut Vec<Event>, gi: usize, to: Hex) {
        let Some(b) = &mut s.battle else { return };
        let Some(g) = b.retreats.get_mut(gi) else {
            return;
        };
        g.path.push(to);
        if g.path.len() > usize::from(g.need) {
            g.done = true;
        }
        let leaders = g.leaders.clone();
        let side = leaders
            .first()
            .map(|&l| self.manifest.leaders[usize::from(l)].side);
        for l in leaders {
            let lp = &mut s.leaders[usize::from(l)];
            if matches!(lp.place, LeaderPlace::Map(_)) {
                lp.place = LeaderPlace::Map(to);
                ev.push(Event::BattleMove {
                    leader: l,
                    to,
                    rule: alloc::borrow::Cow::Borrowed("¶172"),
                });
            }
        }
        // §78 2: enemy vedettes in the hex give way.
        if let Some(side) = side {
            self.vedettes_give_way(s, side, to, ev);
        }
    }

    /// The stack the pursuit follows (¶179; one pursuit, along the first retreating stack's
    /// path: ¶187's second pursuit is not built).
    pub fn pursued(&self, s: &State, b: &Battle) -> Option<usize> {
        b.retreats
            .iter()
            .position(|g| g.leaders.iter().any(|&l| self.hex_of(s, l).is_some()))
    }

    /// The pieces that go with a pursuing leader: a Force Leader on the map takes his whole
    /// force; a subordinate his own track (¶179, ¶186).
    fn pursuing_pieces(&self, s: &State, p: LeaderId) -> Vec<Piece> {
        let group = if matches!(s.leaders[usize::from(p)].place, LeaderPlace::Map(_)) {
            self.members(s, &[p])
        } else {
            alloc::vec![p]
        };
        self.pieces(s, &group, &[])
    }

    /// ¶179, ¶185–¶186: the winner's leaders who may pursue: next to the start of the
    /// retreat, with infantry or cavalry and no artillery among the pieces that would go (a
    /// reading of ¶185: artillery never pursues and may not be left without a leader).
    pub fn pursuers(&self, s: &State, b: &Battle) -> Vec<LeaderId> {
        let Some(fight) = b.fight else {
            return Vec::new();
        };
        let Some(gi) = self.pursued(s, b) else {
            return Vec::new();
        };
        let start = b.retreats[gi].path[0];
        let w = fight.loser.other();
        let sides = self.sides(s, b);
        let members = self.members(s, &sides.fls[w.index()]);
        members
            .into_iter()
            .filter(|&p| {
                let pieces = self.pursuing_pieces(s, p);
                let f = self.strengths(s, &pieces);
                self.hex_of(s, p).is_some_and(|h| h.distance(start) == 1)
                    && f.real() > 0
                    && f.art == 0
            })
            .collect()
    }

    /// ¶188–¶191: the pursuit die's modifier for pursuer `p`: the Resistance Modifier of the
    /// Initiative Comparison Matrix, the pursuer active (¶190, reading A22); −1 for a force of
    /// cavalry and French Guard only; plus the Pitched chits the winner revealed.
    pub fn pursuit_drm(&self, s: &State, b: &Battle, p: LeaderId) -> i8 {
        let Some(fight) = b.fight else { return 0 };
        let Some(gi) = self.pursued(s, b) else {
            return 0;
        };
        let passive = b.retreats[gi]
            .leaders
            .iter()
            .map(|&l| self.initiative_of(s, l))
            .max()
            .unwrap_or(1);
        let mut drm = self.charts.resistance(self.initiative_of(s, p), passive);
        let pieces = self.pursuing_pieces(s, p);
        let elite = pieces.iter().all(|&q| match q {
            Piece::Unit(u) => {
                let m = &self.manifest.units[usize::from(u)];
                m.arm == Arm::Cavalry || m.guard != Guard::Line
            }
            Piece::Garrison(_) => false,
        });
        if elite {
            drm -= 1;
        }
        drm + b.pitched_shown[fight.loser.other().index()] as i8
    }

    /// ¶179–¶184, ¶191: the pursuit with the die `roll`, then the loser's losses (¶184, ¶205).
    pub fn pursue(&self, s: &mut State, ev: &mut Vec<Event>, roll: u8) {
        let Some(b) = s.battle.clone() else { return };
        let (Some(fight), Some(p), Some(gi)) = (b.fight, b.pursuer, self.pursued(s, &b)) else {
            self.settle_retreat(s, ev, 0);
            return;
        };
        let g = b.retreats[gi].clone();
        let loser = fight.loser;
        let drm = self.pursuit_drm(s, &b, p);
        let init = usize::from(self.initiative_of(s, p));
        let table = self
            .charts
            .pursuit
            .get(init.clamp(1, self.charts.pursuit.len().max(1)) - 1)
            .and_then(|row| row.get(usize::from(g.need).clamp(1, row.len().max(1)) - 1));
        let rolled = table.map_or(0, |t| t.at(i16::from(roll) + i16::from(drm)));
        let sp = self.strengths(s, &self.pursuing_pieces(s, p)).real();
        let length = u32::from(rolled).min(sp) as usize;
        ev.push(Event::PursuitRoll {
            leader: p,
            roll,
            drm,
            length: length as u8,
        });
        let done = g.path.len() - 1;
        let blocked = done < usize::from(g.need);
        let o = self.occupancy(s);
        let mut moves = 0;
        let mut destroyed = false;
        for (i, &h) in g.path.iter().enumerate() {
            if i == done {
                // ¶181–¶182, ¶173: the loser's own hex only after a short retreat.
                if blocked && length > done {
                    moves = done + 1;
                    destroyed = true;
                }
                break;
            }
            let fort =
                self.board.hex(h).settlement == Settlement::FortifiedTown && o.real_at(loser, h);
            if length <= i || o.holds(loser, h) || fort {
                break;
            }
            moves = i + 1;
        }
        if moves > 0 {
            let dest = g.path[moves - 1];
            s.leaders[usize::from(p)].place = LeaderPlace::Map(dest);
            for &h in &g.path[..moves] {
                ev.push(Event::BattleMove {
                    leader: p,
                    to: h,
                    rule: alloc::borrow::Cow::Borrowed("¶179"),
                });
            }
        }
        let fls: Vec<LeaderId> = g
            .leaders
            .iter()
            .copied()
            .filter(|&l| self.is_force(s, l))
            .collect();
        let lost = if destroyed {
            self.lose(s, ev, loser, &fls, &[], u32::MAX / 2, Loss::Pursuit, "¶182")
        } else {
            self.lose(
                s,
                ev,
                loser,
                &fls,
                &[],
                length as u32,
                Loss::Pursuit,
                "¶181",
            )
        };
        self.settle_retreat(s, ev, lost);
    }

    /// ¶184, ¶205: after the pursuit (or none), the loser makes up its loss to the winner's,
    /// spread over all its beaten stacks; then the battle's morale step.
    pub fn settle_retreat(&self, s: &mut State, ev: &mut Vec<Event>, so_far: u16) {
        let Some(b) = s.battle.clone() else { return };
        if let Some(fight) = b.fight
            && so_far < fight.winner_lost
        {
            let mut fls: Vec<LeaderId> = b
                .retreats
                .iter()
                .flat_map(|g| g.leaders.iter().copied())
                .filter(|&l| self.is_force(s, l))
                .collect();
            fls.sort_unstable();
            fls.dedup();
            let gs = if fight.loser == b.attacker {
                Vec::new()
            } else {
                b.defenders
                    .iter()
                    .flat_map(|&h| self.garrisons_at(s, fight.loser, h))
                    .collect()
            };
            self.lose(
                s,
                ev,
                fight.loser,
                &fls,
                &gs,
                u32::from(fight.winner_lost - so_far),
                Loss::Combat {
                    pitched: false,
                    staked: false,
                },
                "¶205",
            );
        }
        if let Some(bm) = &mut s.battle {
            bm.step = BattleStep::Morale;
        }
    }
}
