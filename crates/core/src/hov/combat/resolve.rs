//! ¶146 steps 4–7 and 11, ¶157–¶171, ¶196–¶197, ¶205–¶206, §40, §42: the bombardment, the odds
//! on the CRT, the combat die with the staked Old Guard and the Leadership Bonus, the loser's
//! chit revealed, and the losses of a Pitched exchange. Losses are spread by [`super::losses`].

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::board::Settlement;
use super::super::event::Event;
use super::super::state::{
    Battle, BattleStep, Fight, GarrisonId, GarrisonPlace, LeaderId, LeaderPlace, State,
};
use super::super::types::{Arm, Chit, FRENCH};
use super::designate::Piece;
use super::losses::{Taker, spread};
use super::odds::{Odds, clamp_die, odds};
use super::strength::{Terrain, compare};
use crate::engine::Side;
use crate::hex::Hex;

/// The option of reading N5's alternative: the first 5 SP of any defender in a Fortified Town
/// are doubled.
pub const FORT_FIRST_FIVE: &str = "fort-benefit-first-five";

/// How a loss falls on a force (¶85's exceptions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// A combat result: artillery last in a Pitched loss (¶162), the staked Old Guard first
    /// (¶169).
    Combat {
        /// A Pitched loss.
        pitched: bool,
        /// The Old Guard is staked by this side.
        staked: bool,
    },
    /// Bombardment: artillery last (¶158).
    Bombard,
    /// Pursuit: artillery first (¶184).
    Pursuit,
}

/// The two sides of the current attack, as the rules read them.
pub struct Sides {
    /// Force Leaders per side index.
    pub fls: [Vec<LeaderId>; 2],
    /// Map garrisons per side index.
    pub garrisons: [Vec<GarrisonId>; 2],
}

impl Hov {
    /// The Force Leaders and map garrisons on each side of the attack now under way: the
    /// attacker's force (¶151) and everything of the defender in the hexes attacked (¶153).
    pub fn sides(&self, s: &State, b: &Battle) -> Sides {
        let att = b.attacker.index();
        let mut fls: [Vec<LeaderId>; 2] = [Vec::new(), Vec::new()];
        let mut garrisons: [Vec<GarrisonId>; 2] = [Vec::new(), Vec::new()];
        fls[att] = b
            .attackers
            .iter()
            .copied()
            .filter(|&l| self.is_force(s, l) && self.hex_of(s, l).is_some())
            .collect();
        // §36 1: a garrison attacking on its own.
        garrisons[att].extend(b.garrison_attackers.iter().copied().filter(|&g| {
            matches!(s.garrisons[usize::from(g)].place, GarrisonPlace::Map(_))
                && s.garrisons[usize::from(g)].sp > 0
        }));
        for &h in &b.defenders {
            // §43 1: the garrison and the forces inside a Citadel take no part in an attack
            // on its hex (the forces outside, of more than 5 SP, are attacked).
            if !b.counter && self.board.hex(h).settlement == Settlement::Citadel {
                fls[1 - att].extend(
                    self.forces_at(s, b.attacker.other(), h)
                        .into_iter()
                        .filter(|&l| !self.in_citadel(s, l)),
                );
                continue;
            }
            fls[1 - att].extend(self.forces_at(s, b.attacker.other(), h));
            garrisons[1 - att].extend(self.garrisons_at(s, b.attacker.other(), h));
        }
        Sides { fls, garrisons }
    }

    /// The pieces of one side of the current attack.
    pub fn side_pieces(&self, s: &State, sides: &Sides, side: Side) -> Vec<Piece> {
        let k = side.index();
        let members = self.members(s, &sides.fls[k]);
        self.pieces(s, &members, &sides.garrisons[k])
    }

    /// Where a leader is on the map: his hex, or his Force Leader's.
    pub fn hex_of(&self, s: &State, l: LeaderId) -> Option<Hex> {
        match s.leaders[usize::from(l)].place {
            LeaderPlace::Map(h) => Some(h),
            LeaderPlace::Portrait(f) => match s.leaders[usize::from(f)].place {
                LeaderPlace::Map(h) => Some(h),
                _ => None,
            },
            _ => None,
        }
    }

    /// Takes `n` SP from one side's pieces (¶85, ¶171) and reports it; a garrison on the map
    /// that takes any loss is destroyed (§24). Forces left with nothing have their leaders
    /// roll for capture (¶32). Returns the SP lost.
    #[allow(clippy::too_many_arguments)]
    pub fn lose(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        side: Side,
        fls: &[LeaderId],
        garrisons: &[GarrisonId],
        n: u32,
        how: Loss,
        rule: &'static str,
    ) -> u16 {
        let members = self.members(s, fls);
        let pieces = self.pieces(s, &members, garrisons);
        let takers: Vec<Taker> = pieces
            .iter()
            .map(|&p| {
                let art = self.piece_arm(p) == Arm::Artillery;
                Taker {
                    sp: self.piece_sp(s, p),
                    first: match how {
                        Loss::Combat { staked, .. } => staked && self.old_guard_infantry(p),
                        Loss::Bombard => false,
                        Loss::Pursuit => art,
                    },
                    last: match how {
                        Loss::Combat { pitched, .. } => pitched && art,
                        Loss::Bombard => art,
                        Loss::Pursuit => false,
                    },
                }
            })
            .collect();
        let lost = spread(&takers, n);
        let mut total: u16 = 0;
        for (&p, &x) in pieces.iter().zip(&lost) {
            if x == 0 {
                continue;
            }
            match p {
                Piece::Unit(u) => {
                    let unit = &mut s.units[usize::from(u)];
                    unit.sp -= x;
                    if unit.sp == 0 {
                        unit.leader = None;
                    }
                    total += u16::from(x);
                    s.lost[side.index()] = s.lost[side.index()].saturating_add(u16::from(x));
                    ev.push(Event::Strength {
                        side,
                        unit: u,
                        sp: unit.sp,
                        rule: Cow::Borrowed(rule),
                    });
                }
                Piece::Garrison(g) => {
                    let gar = &mut s.garrisons[usize::from(g)];
                    if let GarrisonPlace::Map(at) = gar.place {
                        // §24: any loss destroys a garrison on the map.
                        total += u16::from(gar.sp);
                        gar.sp = 0;
                        gar.place = GarrisonPlace::Gone;
                        ev.push(Event::GarrisonDestroyed { garrison: g });
                        // §32 1 (reading C10): a Supply Source whose garrison is destroyed in
                        // combat is captured. (Garrisons never retreat, §48, so destruction is
                        // the only way it falls here.)
                        self.supply_source_attacked(s, at, side.other(), ev);
                    } else {
                        gar.sp -= x;
                        total += u16::from(x);
                        if gar.sp == 0 {
                            gar.place = GarrisonPlace::Gone;
                        }
                    }
                }
            }
        }
        if total > 0 {
            ev.push(Event::BattleLoss {
                side,
                sp: total,
                rule: Cow::Borrowed(rule),
            });
        }
        if let Some(b) = &mut s.battle {
            b.lost[side.index()] = b.lost[side.index()].saturating_add(total);
        }
        self.mark_eliminated(s, fls);
        total
    }

    /// ¶32: the leaders of each of these forces that has no SP left roll for capture, his
    /// subordinates before the Force Leader; then (¶194 3, ¶31 2, reading N63) the Unemployed
    /// Leaders stacked with it, when no force of their side with SP is left in the hex.
    pub fn mark_eliminated(&self, s: &mut State, fls: &[LeaderId]) {
        for &fl in fls {
            let members = self.members(s, &[fl]);
            let Some(hex) = self.hex_of(s, fl) else {
                continue;
            };
            if !self.pieces(s, &members, &[]).is_empty() {
                continue;
            }
            let side = self.manifest.leaders[usize::from(fl)].side;
            let mut order: Vec<LeaderId> = members.into_iter().filter(|&l| l != fl).collect();
            order.push(fl);
            let held = self.forces_at(s, side, hex).into_iter().any(|x| {
                let m = self.members(s, &[x]);
                !self.pieces(s, &m, &[]).is_empty()
            });
            if !held {
                order.extend((0..s.leaders.len() as LeaderId).filter(|&l| {
                    s.leaders[usize::from(l)].place == LeaderPlace::Map(hex)
                        && self.manifest.leaders[usize::from(l)].side == side
                        && !self.is_force(s, l)
                        && l != fl
                }));
            }
            if let Some(b) = &mut s.battle {
                for l in order {
                    if !b.captures.contains(&l) {
                        b.captures.push(l);
                    }
                }
            }
        }
    }

    /// ¶146 step 5, ¶157–¶158, §40, §42: the side that fires next this round, if any.
    pub fn next_to_fire(&self, s: &State, b: &Battle) -> Option<Side> {
        if b.counter {
            return None;
        }
        let sides = self.sides(s, b);
        [b.attacker, b.attacker.other()]
            .into_iter()
            .find(|&side| !b.fired[side.index()] && self.may_bombard(s, b, &sides, side))
    }

    fn may_bombard(&self, s: &State, b: &Battle, sides: &Sides, side: Side) -> bool {
        let own = self.strengths(s, &self.side_pieces(s, sides, side));
        let enemy = self.side_pieces(s, sides, side.other());
        if own.art == 0 || enemy.is_empty() {
            return false;
        }
        // §40: no fire out of or into woods.
        let att_hex = b.attackers.first().and_then(|&l| self.hex_of(s, l));
        let woods =
            att_hex.is_some_and(|h| self.wooded(h)) || b.defenders.iter().any(|&h| self.wooded(h));
        !woods
    }

    /// The modifier of a side's bombardment die: −1 for a 2:1 cavalry edge with at least 2
    /// cavalry SP (¶157), for neither side in a battle for a Fortified Town; +2 into a Fortified
    /// Town (§42).
    pub fn bombard_drm(&self, s: &State, b: &Battle, side: Side) -> i8 {
        let sides = self.sides(s, b);
        let own = self.strengths(s, &self.side_pieces(s, &sides, side));
        let enemy = self.strengths(s, &self.side_pieces(s, &sides, side.other()));
        // §42 3 (reading N76): no Cavalry Differential for either side in a battle for a
        // Fortified Town.
        let fort_battle = b
            .defenders
            .iter()
            .any(|&h| self.board.hex(h).settlement == Settlement::FortifiedTown);
        let target_fort = side == b.attacker && fort_battle;
        let mut drm = 0;
        if own.cav >= 2 && own.cav >= 2 * enemy.cav && !fort_battle {
            drm -= 1;
        }
        if target_fort {
            // §42 4: +1 only when some of the defenders stand outside the town.
            let outside = b.defenders.iter().any(|&h| {
                self.board.hex(h).settlement == Settlement::FortifiedTown
                    && self.fort_inside(s, side.other(), h) < self.face_sp(s, side.other(), h)
            });
            drm += if outside { 1 } else { 2 };
        }
        drm
    }

    /// §41 4, §42 5 (reading N5): force `l` stands in a Fortified Town but outside its walls
    /// (more than 5 SP; never with the option `fort-benefit-first-five`).
    pub fn outside_fort(&self, s: &State, l: LeaderId) -> bool {
        if self.option(FORT_FIRST_FIVE) {
            return false;
        }
        let Some(h) = self.hex_of(s, l) else {
            return false;
        };
        if self.board.hex(h).settlement != Settlement::FortifiedTown {
            return false;
        }
        let sp = self.force_pieces_sp(s, l);
        sp > 5
    }

    /// §41 3–4 (reading N5): the SP of `side` inside the Fortified Town at `h`, who gain its
    /// benefit: its garrisons and each force there of at most 5 SP (only 5 SP count, §41 3);
    /// a single force of more than 5 SP stays outside. With the option
    /// `fort-benefit-first-five` every defender is inside (the first 5 SP doubled).
    pub fn fort_inside(&self, s: &State, side: Side, h: Hex) -> u32 {
        if self.option(FORT_FIRST_FIVE) {
            return self.face_sp(s, side, h);
        }
        let garrisons: u32 = self
            .garrisons_at(s, side, h)
            .iter()
            .map(|&g| u32::from(s.garrisons[usize::from(g)].sp))
            .sum();
        let forces: u32 = self
            .forces_at(s, side, h)
            .into_iter()
            .map(|l| self.force_pieces_sp(s, l))
            .filter(|&sp| sp <= 5)
            .sum();
        garrisons + forces
    }

    /// Fires one side's artillery with the die `roll` (¶158) and takes the hits from the enemy.
    pub fn bombard(&self, s: &mut State, ev: &mut Vec<Event>, side: Side, roll: u8) {
        let Some(b) = s.battle.clone() else { return };
        let sides = self.sides(s, &b);
        let art = self.strengths(s, &self.side_pieces(s, &sides, side)).art;
        let drm = self.bombard_drm(s, &b, side);
        let col = (art as usize).clamp(1, self.charts.artillery.len().max(1)) - 1;
        let hits = self
            .charts
            .artillery
            .get(col)
            .map_or(0, |t| t.at(i16::from(roll) + i16::from(drm)));
        ev.push(Event::Bombardment {
            side,
            artillery: art,
            roll,
            drm,
            hits,
        });
        let k = side.other().index();
        // §42 5: the troops outside a Fortified Town take the hits first.
        let (outside, inside): (Vec<LeaderId>, Vec<LeaderId>) =
            sides.fls[k].iter().partition(|&&l| self.outside_fort(s, l));
        let mut left = u32::from(hits);
        if !outside.is_empty() {
            let out_sp: u32 = self
                .pieces(s, &self.members(s, &outside), &[])
                .iter()
                .map(|&p| u32::from(self.piece_sp(s, p)))
                .sum();
            let n = left.min(out_sp);
            self.lose(s, ev, side.other(), &outside, &[], n, Loss::Bombard, "§42");
            left -= n;
        }
        if left > 0 {
            self.lose(
                s,
                ev,
                side.other(),
                &inside,
                &sides.garrisons[k],
                left,
                Loss::Bombard,
                "¶158",
            );
        }
        if let Some(b) = &mut s.battle {
            b.fired[side.index()] = true;
        }
    }

    /// ¶146 step 6, ¶160–¶166, §38–§42: the odds of the attack now, and whether it reads the
    /// Affecting line.
    pub fn battle_odds(&self, s: &State, b: &Battle) -> (Odds, bool) {
        let sides = self.sides(s, b);
        let att = self.strengths(s, &self.side_pieces(s, &sides, b.attacker));
        // ¶159 2: SP a counterattacker withholds do not count.
        let att = self.less_withheld(b, att);
        let def = self.strengths(s, &self.side_pieces(s, &sides, b.attacker.other()));
        // §36 1: a garrison attacking on its own attacks from its hex.
        let att_hex = b
            .attackers
            .first()
            .and_then(|&l| self.hex_of(s, l))
            .or_else(|| {
                b.garrison_attackers.first().and_then(|&g| {
                    match s.garrisons[usize::from(g)].place {
                        GarrisonPlace::Map(h) => Some(h),
                        _ => None,
                    }
                })
            });
        let mut t = Terrain::default();
        let mut affecting = false;
        for &h in &b.defenders {
            let info = self.board.hex(h);
            t.defender_in_swamp |= info.ground == super::super::board::Ground::Swamp;
            t.defender_in_woods |= self.wooded(h);
            // §48 1: forces in a masked Fort fight as if outside its walls.
            if info.settlement == Settlement::FortifiedTown && !self.masked(s, h) {
                t.fort_sp = self.fort_inside(s, b.attacker.other(), h).min(def.real());
            }
            if self
                .params
                .redoubts
                .iter()
                .any(|&(r, side)| r == h && side == b.attacker.other())
            {
                t.redoubt_inf = def.inf;
            }
            affecting |= info.affecting;
            if let Some(a) = att_hex
                && let Some(d) = a.direction_to(h)
            {
                let side = self.board.side(a, d);
                use super::super::board::Water;
                affecting |= side.water == Water::Secondary
                    || (side.water == Water::Primary && (side.bridge || self.citadel_bridge(a, d)));
            }
        }
        if let Some(a) = att_hex {
            t.attacker_in_swamp = self.board.hex(a).ground == super::super::board::Ground::Swamp;
        }
        let c = compare(&att, &def, &t);
        let header = if affecting && !self.charts.crt_affecting.is_empty() {
            &self.charts.crt_affecting
        } else {
            &self.charts.crt_columns
        };
        // ¶132 2: the repulser's own attack in round one goes two columns to the left.
        let shift = if !b.counter && self.after_failed_repulse(s, b) {
            2
        } else {
            0
        };
        (odds(c.att, c.def, header, shift), affecting)
    }

    /// The French player may stake the Old Guard in this attack (¶168): he attacks with at
    /// least one SP of Old Guard infantry.
    pub fn may_stake(&self, s: &State, b: &Battle) -> bool {
        if b.attacker != FRENCH {
            return false;
        }
        let sides = self.sides(s, b);
        self.side_pieces(s, &sides, FRENCH)
            .into_iter()
            .any(|p| self.old_guard_infantry(p))
    }

    /// The attacking Force Leader's Leadership Bonus (¶34, ¶36, ¶170).
    pub fn attack_bonus(&self, s: &State, b: &Battle) -> i8 {
        b.attackers
            .first()
            .filter(|&&l| self.hex_of(s, l).is_some())
            .map_or(0, |&l| {
                self.manifest.leaders[usize::from(l)].ratings.bonus as i8
            })
    }

    /// ¶146 step 7: reads the die (with `bonus`) on the CRT, reveals the loser's chit (¶155)
    /// and carries out the result, or waits for a Pursuit Override (¶198).
    pub fn resolve_combat(&self, s: &mut State, ev: &mut Vec<Event>, bonus: i8) {
        let Some(b) = s.battle.clone() else { return };
        let (o, affecting) = self.battle_odds(s, &b);
        let staked = b.staked == Some(true);
        let die = b.die.unwrap_or(3);
        // §37: the weather's combat modifier (provisional Weather Table).
        let drm = o.drm - i8::from(staked) + bonus + self.charts.weather_combat(s.weather);
        let final_die = clamp_die(i16::from(die) + i16::from(drm));
        let cell = self
            .charts
            .crt
            .get(o.column)
            .map(|c| c[usize::from(final_die)])
            .unwrap_or_default();
        let loser = if cell.attacker_loses {
            b.attacker
        } else {
            b.attacker.other()
        };
        let (ln, wn) = if cell.attacker_loses {
            (cell.att, cell.def)
        } else {
            (cell.def, cell.att)
        };
        ev.push(Event::Combat {
            roll: die,
            drm,
            column: o.column as u8,
            affecting,
            att: cell.att,
            def: cell.def,
            loser,
        });
        if staked && loser == FRENCH {
            // ¶195: counted at the end of the Combat Phase.
            s.guard_beaten = true;
        }
        let phasing = s.phasing;
        let Some(bm) = &mut s.battle else { return };
        bm.die = None;
        bm.winner = Some(loser.other());
        let k = loser.index();
        if !bm.revealed[k] {
            bm.revealed[k] = true;
            let chit = bm.chits[k].unwrap_or(Chit::Pursuit);
            if chit == Chit::Pitched {
                bm.pitched_shown[k] += 1;
            }
            ev.push(Event::ChitRevealed { side: loser, chit });
        }
        let fight = Fight {
            loser,
            loser_n: ln,
            winner_n: wn,
            winner_lost: 0,
        };
        bm.fight = Some(fight);
        let d = phasing.other().index();
        if !bm.counter
            && bm.round == 1
            && loser == phasing
            && bm.chits[k] == Some(Chit::Pitched)
            && bm.chits[d] == Some(Chit::Pursuit)
        {
            // ¶198: the defender, who chose Pursuit, may override.
            bm.step = BattleStep::Override;
            return;
        }
        self.carry_out(s, ev, fight, false);
    }

    /// Carries out a combat result (¶146 steps 8 and 11, ¶169, ¶197–¶198, ¶205–¶206).
    pub fn carry_out(&self, s: &mut State, ev: &mut Vec<Event>, fight: Fight, overridden: bool) {
        let Some(b) = s.battle.clone() else { return };
        let sides = self.sides(s, &b);
        // ¶198: in a Pursuit Override the winner retreats its number and the loser takes its
        // own as SP; the one retreating counts as the loser (¶205).
        let fight = if overridden {
            Fight {
                loser: fight.loser.other(),
                loser_n: fight.winner_n,
                winner_n: fight.loser_n,
                winner_lost: 0,
            }
        } else {
            fight
        };
        let (l, w) = (fight.loser, fight.loser.other());
        // §75 1: the losing side's vedettes in the battle's hexes leave the map.
        self.beaten_vedettes(s, &b, l, ev);
        let staked = b.staked == Some(true);
        let loser_sp: u32 = self
            .side_pieces(s, &sides, l)
            .iter()
            .map(|&p| u32::from(self.piece_sp(s, p)))
            .sum();
        // ¶197 with ¶169 (a staked Guard makes it a Pursuit battle) and ¶206 (a loser who
        // cannot absorb the loss retreats instead).
        let pitched = !overridden
            && b.chits[l.index()] == Some(Chit::Pitched)
            && !staked
            && loser_sp >= u32::from(fight.loser_n);
        let wl = self.lose(
            s,
            ev,
            w,
            &sides.fls[w.index()],
            &sides.garrisons[w.index()],
            // ¶171 2: never more than the loser has, when it cannot cover its own loss.
            u32::from(fight.winner_n).min(loser_sp),
            Loss::Combat {
                pitched,
                staked: staked && w == FRENCH,
            },
            if pitched { "¶197" } else { "¶146 step 7" },
        );
        if pitched {
            let n = u32::from(fight.loser_n).max(u32::from(wl));
            self.lose(
                s,
                ev,
                l,
                &sides.fls[l.index()],
                &sides.garrisons[l.index()],
                n,
                Loss::Combat {
                    pitched: true,
                    staked: staked && l == FRENCH,
                },
                "¶197",
            );
            if let Some(bm) = &mut s.battle {
                bm.fight = Some(Fight {
                    winner_lost: wl,
                    ..fight
                });
            }
            self.to_counterattack(s);
            if b.counter {
                self.next_round(s, ev);
            }
            return;
        }
        let mut retreats = self.retreat_groups(s, &b, &sides, l, fight.loser_n);
        // §58 3: troops landed from the sea are destroyed if forced to retreat from their
        // landing hex.
        if fight.loser_n > 0 {
            self.landed_destroyed(s, ev, l, &mut retreats);
        }
        // §32 1 (readings C10, N61): a beaten defence in a hex of its active Supply Source
        // with a retreat to make forces the source's garrison out: the source is captured
        // (not in a Fort, where the defence may ignore the retreat, §48 2).
        if l != b.attacker && fight.loser_n > 0 {
            for &h in &b.defenders {
                if !self.board.hex(h).settlement.fort() {
                    self.supply_source_attacked(s, h, w, ev);
                }
            }
        }
        if let Some(bm) = &mut s.battle {
            bm.fight = Some(Fight {
                winner_lost: wl,
                ..fight
            });
            bm.retreats = retreats;
            bm.step = BattleStep::Retreat;
        }
    }
}
