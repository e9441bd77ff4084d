//! Resolving a close combat (13.11, 14.0): the SP taking part (13.11a), each group's Combat
//! Rating and its modifiers (13.11b, 13.11c, F-2.8b, F-3.2b), the ratio and its die roll
//! modifiers, the two d10 and the Close Combat Results Table (14.1), the results (14.2–14.7),
//! "M" and renewed rounds (14.4, 14.5), the Special Close Combat Results of a rolled 0 (14.8,
//! F-8.9), and the exact distribution of one round's outcome over the dice.

use alloc::vec::Vec;

use super::{CloseStep, Combat, Cont, Group, Outcome};
use crate::dice::Prob;
use crate::fontenoy::Fontenoy;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::{self, Arc, Hexes};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Place, State, Step};
use crate::fontenoy::tables::close::{CcResult, SideResult};
use crate::fontenoy::types::{Formation, Kind, Morale, MoraleCheck, Odds, round};
use crate::fontenoy::units::UnitId;
use crate::hex::Hex;

/// One outcome of a round (for [`Fontenoy::close_combat_distribution`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CcOutcome {
    /// A Special Close Combat Result (14.8a: a die showed 0).
    pub special: bool,
    /// The result.
    pub result: CcResult,
}

/// What one side brings to a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFigures {
    /// SP taking part (13.11a).
    pub sp: u32,
    /// Final CR: the average of the groups' (13.11).
    pub cr: i16,
}

impl Fontenoy {
    /// The SP `g` brings against `foes` (13.11a): each hex's share in full when it is adjacent
    /// to a foe, halved (round) when it is adjacent only to a foe's Flank hex, else nothing;
    /// a Disordered unit's SP halved (18.5a); guns with other units never count, guns alone 1
    /// SP each.
    pub fn group_sp(&self, s: &State, g: &[UnitId], foes: &[UnitId]) -> u32 {
        let mut foe_hexes: Vec<Hex> = Vec::new();
        let mut flank: Vec<Hex> = Vec::new();
        for &f in foes {
            let x = s.unit(f);
            let Some(p) = x.placed() else { continue };
            foe_hexes.extend_from_slice(p.hexes.as_slice());
            geometry::for_each_in_arc(x.formation, p, Arc::Flank, |h| flank.push(h));
        }
        let guns_only = g
            .iter()
            .all(|&u| self.units[usize::from(u)].kind == Kind::Artillery);
        let mut total = 0u32;
        for &u in g {
            let x = s.unit(u);
            let info = &self.units[usize::from(u)];
            let Some(p) = x.placed() else { continue };
            if info.kind == Kind::Artillery {
                if guns_only && x.sp > 0 {
                    total += 1;
                }
                continue;
            }
            let hexes = p.hexes.as_slice();
            let mut sp = 0i32;
            for (h, share) in hexes
                .iter()
                .zip(geometry::spread(u16::from(x.sp), hexes.len()))
            {
                if foe_hexes.iter().any(|f| f.distance(*h) == 1) {
                    sp += i32::from(share);
                } else if flank
                    .iter()
                    .any(|f| f.distance(*h) == 1 && !hexes.contains(f))
                {
                    sp += round(i32::from(share), 2);
                }
            }
            if x.disordered {
                sp = round(sp, 2);
            }
            total += sp.max(0) as u32;
        }
        total
    }

    /// A unit's printed CR, halved (round) once it has lost half its printed SP or more
    /// (13.11c "SP Losses", applied first).
    pub(crate) fn unit_cr(&self, s: &State, u: UnitId) -> i16 {
        let info = &self.units[usize::from(u)];
        let cr = i16::from(info.cr);
        if u16::from(s.unit(u).sp) * 2 <= u16::from(info.sp) {
            round(i32::from(cr), 2) as i16
        } else {
            cr
        }
    }

    /// A group's base CR (13.11b): in Line or Hook the average (round) of the units making up
    /// the top 4 SP of each hex (counted per unit, digest A25); in any other formation its top
    /// non-artillery unit's; guns alone 0.
    pub fn base_cr(&self, s: &State, g: &[UnitId]) -> i16 {
        let real: Vec<UnitId> = g
            .iter()
            .copied()
            .filter(|&u| self.units[usize::from(u)].kind != Kind::Artillery)
            .collect();
        let Some(&top) = real.first() else { return 0 };
        let x = s.unit(top);
        if !matches!(x.formation, Formation::Line | Formation::Hook) {
            return self.unit_cr(s, top);
        }
        let n = x.placed().map_or(1, |p| p.hexes.len());
        let shares: Vec<Vec<u16>> = real
            .iter()
            .map(|&u| geometry::spread(u16::from(s.unit(u).sp), n).collect())
            .collect();
        let mut used: Vec<UnitId> = Vec::new();
        for hex in 0..n {
            let mut filled = 0u16;
            for (k, &u) in real.iter().enumerate() {
                if filled >= 4 {
                    break;
                }
                let share = shares[k].get(hex).copied().unwrap_or(0);
                if share == 0 {
                    continue;
                }
                filled += share;
                if !used.contains(&u) {
                    used.push(u);
                }
            }
        }
        if used.is_empty() {
            return self.unit_cr(s, top);
        }
        let sum: i32 = used.iter().map(|&u| i32::from(self.unit_cr(s, u))).sum();
        round(sum, used.len() as i32) as i16
    }

    /// Whether cavalry fighting at these hexes is hampered (F-2.8b: woods, village or town,
    /// where it stands when defending, where the enemy stands when it attacks).
    pub(crate) fn hampered(&self, hexes: &[Hex]) -> bool {
        hexes
            .iter()
            .any(|&h| self.tables.fx(self.board.hex(h).terrain).cavalry_hampered)
    }

    /// A group's final CR (13.11b, 13.11c): its base, Shaken, formation, cavalry, flanking,
    /// terrain, the commander's bonus and the Fontenoy modifiers; renewed rounds drop the
    /// cavalry and flanking modifiers and give an infantry Line defending only against cavalry
    /// its +2 (14.5a).
    pub fn group_cr(&self, s: &State, c: &Combat, attacker: bool, g: &Group) -> i16 {
        let o = Occupancy::build(self, s);
        let units = self.fighting(s, g);
        // 17.3b: a hex of moving and stationary units fights with the movers' CR and their
        // modifiers only, even when the only mover is artillery.
        let movers: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|u| g.movers.contains(u))
            .collect();
        let units = if movers.is_empty() { units } else { movers };
        let Some(&top) = units
            .iter()
            .find(|&&u| self.units[usize::from(u)].kind != Kind::Artillery)
            .or(units.first())
        else {
            return 0;
        };
        let m = &self.tables.close.cr;
        let renewed = c.round > 1;
        let (mine, theirs) = if attacker {
            (&c.attackers, &c.defenders)
        } else {
            (&c.defenders, &c.attackers)
        };
        let _ = mine;
        let foes: Vec<UnitId> = theirs.iter().flat_map(|x| self.fighting(s, x)).collect();
        let foe_cav = foes
            .iter()
            .any(|&u| self.units[usize::from(u)].kind == Kind::Cavalry);
        let foe_inf = foes
            .iter()
            .any(|&u| self.units[usize::from(u)].kind == Kind::Infantry);
        let x = s.unit(top);
        let info = &self.units[usize::from(top)];
        let my_hexes: Vec<Hex> = x
            .placed()
            .map(|p| p.hexes.as_slice().to_vec())
            .unwrap_or_default();
        let foe_hexes: Vec<Hex> = foes
            .iter()
            .filter_map(|&f| s.unit(f).placed())
            .flat_map(|p| p.hexes.as_slice().to_vec())
            .collect();
        let mut cr = self.base_cr(s, &units);
        if x.morale == Morale::Shaken {
            cr += i16::from(m.shaken);
        }
        // F-8.3c: a stack under a Victoire! marker fights at CR +1.
        if x.victoire {
            cr += 1;
        }
        let guns_only = units
            .iter()
            .all(|&u| self.units[usize::from(u)].kind == Kind::Artillery);
        if guns_only && !attacker {
            cr = 0; // 13.11b c: guns defending alone
        }
        // Formations.
        let difficult = my_hexes
            .iter()
            .any(|&h| self.tables.fx(self.board.hex(h).terrain).difficult);
        match x.formation {
            Formation::Square if foe_inf => cr += i16::from(m.square_vs_infantry),
            Formation::Square if foe_cav => cr += i16::from(m.square_vs_cavalry),
            Formation::MarchColumn | Formation::RoadColumn if !attacker => {
                cr += i16::from(m.column);
            }
            _ => {}
        }
        if !attacker && self.is_skirmisher(s, top) {
            let k = usize::from(difficult) + if foe_cav { 2 } else { 0 };
            cr += i16::from(m.skirmishers[k]);
        }
        if renewed
            && !attacker
            && info.kind == Kind::Infantry
            && matches!(x.formation, Formation::Line | Formation::Hook)
            && foe_cav
            && !foe_inf
        {
            cr += i16::from(m.line_vs_cavalry_renewed);
        }
        // Cavalry (13.11c: only with an opponent in its ZOC; F-2.8b: not in woods, village or
        // town; 14.5a: not in renewed rounds).
        let cav_sp: u32 = units
            .iter()
            .filter(|&&u| self.units[usize::from(u)].kind == Kind::Cavalry)
            .map(|&u| u32::from(s.unit(u).sp))
            .sum();
        let all_sp: u32 = units.iter().map(|&u| u32::from(s.unit(u).sp)).sum();
        let cavalry = cav_sp * 2 > all_sp;
        let hampered = cavalry
            && if attacker {
                self.hampered(&foe_hexes)
            } else {
                self.hampered(&my_hexes)
            };
        let front = self.frontal_hexes(s, top);
        let foe_in_zoc = foe_hexes.iter().any(|h| front.contains(h));
        if cavalry && !renewed && foe_in_zoc && !hampered {
            let light: u32 = units
                .iter()
                .filter(|&&u| self.units[usize::from(u)].light)
                .map(|&u| u32::from(s.unit(u).sp))
                .sum();
            cr += i16::from(if light * 2 > cav_sp {
                m.cavalry_light
            } else {
                m.cavalry_heavy
            });
            let bonus = self
                .tables
                .close
                .charge_row(info.nationality, info.light)
                .is_none_or(|r| r.hex_bonus);
            if attacker && self.french_screen_charge(s, &units, &foes) {
                // F-6.4: −1 in all for the hexes traversed, instead of any other.
                cr -= 1;
            } else if bonus {
                cr += i16::from(g.charged) * i16::from(m.charge_hex);
            }
        }
        // Flanking (13.11c 5; not in renewed rounds).
        if !renewed {
            let flanks = |u: UnitId, hexes: &[Hex]| -> bool {
                let y = s.unit(u);
                let Some(p) = y.placed() else { return false };
                hexes.iter().any(|&h| {
                    matches!(
                        // F-3.5a C, F-3.5b E: the fortifications' all-round front.
                        self.arc_for(s, u, y.formation, p, h),
                        Some(Arc::Flank | Arc::Rear)
                    )
                })
            };
            // 13.11c: an Attack Column in a Line's Frontal hexes is always flanked.
            let column_in_front = |col: UnitId, line: UnitId| -> bool {
                s.unit(col).formation == Formation::AttackColumn
                    && s.unit(line).formation == Formation::Line
                    && s.unit(col).placed().is_some_and(|cp| {
                        let front = self.frontal_hexes(s, line);
                        cp.hexes.as_slice().iter().any(|h| front.contains(h))
                    })
            };
            if foes
                .iter()
                .any(|&f| flanks(f, &my_hexes) || column_in_front(f, top))
            {
                cr += i16::from(m.flanking);
            }
            // Flanked by an enemy outside this combat that faces the group.
            let me = self.side_of(top);
            let in_combat: Vec<UnitId> = c
                .attackers
                .iter()
                .chain(c.defenders.iter())
                .flat_map(|g| g.units.clone())
                .collect();
            let mut flanked = false;
            if let Some(p) = x.placed() {
                geometry::for_each_in_arc(x.formation, p, Arc::Flank, |h| {
                    flanked |= self.outsider_faces(s, &o, h, me, &in_combat, &my_hexes);
                });
                geometry::for_each_in_arc(x.formation, p, Arc::Rear, |h| {
                    flanked |= self.outsider_faces(s, &o, h, me, &in_combat, &my_hexes);
                });
            }
            if !flanked && x.formation == Formation::AttackColumn {
                flanked = (0..s.units.len() as UnitId).any(|e| {
                    self.units[usize::from(e)].is_combat()
                        && self.side_of(e) != me
                        && !in_combat.contains(&e)
                        && column_in_front(top, e)
                });
            }
            if flanked {
                cr += i16::from(m.flanked);
            }
        }
        // Terrain (13.11c; F-2.8b: none for hampered cavalry).
        if !(cavalry && hampered) {
            if attacker {
                if let Some(&h) = my_hexes.first() {
                    // F-5.5c: a sunken road's −3 only where its effects count.
                    cr += i16::from(self.tables.fx(self.combat_terrain(s, top, h)).cr[1]);
                }
                // F-3.5b C: the fortifications count only when every attacker comes across
                // their front.
                let attackers: Vec<Hex> = c
                    .attackers
                    .iter()
                    .flat_map(|g| g.units.iter())
                    .filter_map(|&u| s.unit(u).placed())
                    .flat_map(|p| p.hexes.as_slice().iter().copied())
                    .collect();
                let hold = self.works_hold_close(&attackers, &foe_hexes);
                cr += self.across_cr(&my_hexes, &foe_hexes, hold);
            } else if let Some(&h) = my_hexes.first() {
                cr += i16::from(self.tables.fx(self.combat_terrain(s, top, h)).cr[0]);
            }
        }
        // The commander's Combat Bonus (21.2b).
        // F-6.9a: the King's +1 to the units he reaches, as a commander's bonus (the better
        // one serves).
        let chosen = g.bonus.map(|cmd| self.units[usize::from(cmd)].cc_bonus);
        let king = self.king_cr_bonus(s, top);
        if let Some(b) = match (chosen, king) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        } {
            cr += i16::from(b);
        }
        // F-3.2b: the Wild Geese against English or Hanoverian troops.
        let geese = matches!(info.tag.as_deref(), Some("irish" | "scots"));
        let english = foes.iter().any(|&f| {
            matches!(
                self.units[usize::from(f)].nationality,
                crate::fontenoy::types::Nationality::English
                    | crate::fontenoy::types::Nationality::Hanoverian
            )
        });
        if geese && english {
            cr += i16::from(m.wild_geese);
        }
        // F-7.1d A: the Infernal Column (command/infernal_combat.rs).
        cr += self.column_cr(s, attacker, top, &foes, &foe_hexes, &front);
        if !attacker {
            // F-8.6a–c: a Special Defensive Fire Result's change to the defenders' CR.
            let attackers: Vec<UnitId> = c.attackers.iter().flat_map(|g| g.units.clone()).collect();
            cr += self.defensive_fire_cr(s, &attackers, &units);
        }
        cr
    }

    /// Whether an enemy of `me` outside the combat stands in `h` with one of `mine` in its
    /// Frontal hexes (13.11c: flanked by a non-participant).
    pub(crate) fn outsider_faces(
        &self,
        s: &State,
        o: &Occupancy,
        h: Hex,
        me: crate::engine::Side,
        in_combat: &[UnitId],
        mine: &[Hex],
    ) -> bool {
        o.combat_at(self, h).any(|e| {
            if self.side_of(e) == me || in_combat.contains(&e) {
                return false;
            }
            let y = s.unit(e);
            y.placed().is_some_and(|p| {
                mine.iter()
                    .any(|&m| geometry::arc_of(y.formation, p, m) == Some(Arc::Frontal))
            })
        })
    }

    /// The CR of attacking across the hexsides between `from` and `to` (13.11c terrain, F-9.3:
    /// slopes going up, fortifications from their front, streams and the rest always): the
    /// worst of the sides crossed.
    pub(crate) fn across_cr(&self, from: &[Hex], to: &[Hex], hold: bool) -> i16 {
        use crate::fontenoy::board::side as hs;
        let mut worst: Option<i16> = None;
        for &a in from {
            for &d in to {
                let Some(dir) = a.direction_to(d) else {
                    continue;
                };
                let bits = self.board.side(a, dir);
                let mut sum = 0i16;
                for (bit, _) in hs::IDS {
                    if bits & bit == 0 {
                        continue;
                    }
                    let counts = if bit & hs::SLOPE != 0 {
                        self.board.toward(a, dir) & bit != 0
                    } else if bit & hs::FIELDWORKS != 0 {
                        // F-3.5b B: across the front only; C: when all attackers are.
                        hold && self.board.toward(d, dir.opposite()) & bit != 0
                    } else {
                        true
                    };
                    if counts {
                        sum += self
                            .tables
                            .close
                            .side(bit)
                            .map_or(0, |x| i16::from(x.cr_across));
                    }
                }
                worst = Some(worst.map_or(sum, |w| w.min(sum)));
            }
        }
        worst.unwrap_or(0)
    }

    /// Both sides' SP and CR for the round (13.11).
    pub fn combat_figures(&self, s: &State, c: &Combat) -> [SideFigures; 2] {
        let att: Vec<UnitId> = c
            .attackers
            .iter()
            .flat_map(|g| self.fighting(s, g))
            .collect();
        let def: Vec<UnitId> = c
            .defenders
            .iter()
            .flat_map(|g| self.fighting(s, g))
            .collect();
        let side = |groups: &[Group], attacker: bool, foes: &[UnitId]| -> SideFigures {
            let live: Vec<&Group> = groups
                .iter()
                .filter(|g| !self.fighting(s, g).is_empty())
                .collect();
            let sp = live
                .iter()
                .map(|g| self.original_group_sp(s, g, foes))
                .sum();
            let crs: i32 = live
                .iter()
                .map(|g| i32::from(self.group_cr(s, c, attacker, g)))
                .sum();
            let cr = if live.is_empty() {
                0
            } else {
                round(crs, live.len() as i32) as i16
            };
            SideFigures { sp, cr }
        };
        [
            side(&c.attackers, true, &def),
            side(&c.defenders, false, &att),
        ]
    }

    /// The ratio column and the die roll modifiers beyond the table (13.11), `[attacker,
    /// defender]`.
    pub fn close_column(&self, att_sp: u32, def_sp: u32) -> (usize, Odds, [i8; 2]) {
        let odds = Odds::of(att_sp.max(1), def_sp.max(1)).unwrap_or(Odds {
            attack: 1,
            defence: 1,
        });
        let (col, drm) = self.tables.close.column(odds.attack, odds.defence);
        (col, odds, drm)
    }

    /// The exact distribution of one round's result over the two d10 (13.11, 14.1a, 14.8a):
    /// `column` of the table, each side's final CR plus its ratio modifier. Each outcome with
    /// its probability, in the order first met over the dice (attacker's die, then the
    /// defender's, 0 to 9).
    pub fn close_combat_distribution(&self, column: usize, cr: [i16; 2]) -> Vec<(CcOutcome, Prob)> {
        let mut counts: Vec<(CcOutcome, u32)> = Vec::new();
        for a in 0..10u8 {
            for d in 0..10u8 {
                let o = self.round_outcome(column, cr, [a, d]);
                match counts.iter_mut().find(|(x, _)| *x == o) {
                    Some(e) => e.1 += 1,
                    None => counts.push((o, 1)),
                }
            }
        }
        counts
            .into_iter()
            .map(|(o, n)| (o, Prob::new(n, 100)))
            .collect()
    }

    /// The distribution of the next round of the combat under way, if there is one.
    pub fn current_combat_distribution(&self, s: &State) -> Option<Vec<(CcOutcome, Prob)>> {
        let c = self.current(s)?;
        let f = self.combat_figures(s, c);
        let (col, _, drm) = self.close_column(f[0].sp, f[1].sp);
        Some(self.close_combat_distribution(
            col,
            [f[0].cr + i16::from(drm[0]), f[1].cr + i16::from(drm[1])],
        ))
    }

    /// The outcome of the dice `[attacker, defender]` (14.8a: a 0 on either is special, read
    /// at the other die; both 0 read at 0, digest A27).
    pub fn round_outcome(&self, column: usize, cr: [i16; 2], dice: [u8; 2]) -> CcOutcome {
        if dice[0] == 0 || dice[1] == 0 {
            let k = if dice[0] == 0 { dice[1] } else { dice[0] };
            return CcOutcome {
                special: true,
                result: self
                    .tables
                    .close
                    .special
                    .get(usize::from(k))
                    .copied()
                    .unwrap_or_default(),
            };
        }
        let diff =
            (i64::from(dice[0]) + i64::from(cr[0])) - (i64::from(dice[1]) + i64::from(cr[1]));
        CcOutcome {
            special: false,
            result: self.tables.close.result(column, diff),
        }
    }

    /// After Defensive Fire (13.10e): the combat goes on unless every attacker has Routed;
    /// then the Combat Bonuses (21.2b) and the dice.
    pub(crate) fn after_defensive_fire(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        if c.attackers.iter().all(|g| self.fighting(s, g).is_empty()) {
            if let Some(x) = self.current_mut(s) {
                x.outcome = Outcome::Defender;
            }
            self.finish_combat(s, ev);
            return;
        }
        self.ask_bonus(s, ev);
    }

    /// The group whose owner is asked about a Combat Bonus next: (attacker?, index).
    pub(crate) fn bonus_group(&self, s: &State) -> Option<(bool, usize)> {
        let c = self.current(s)?;
        let k = usize::from(c.bonus_asked);
        if k < c.attackers.len() {
            Some((true, k))
        } else if k - c.attackers.len() < c.defenders.len() {
            Some((false, k - c.attackers.len()))
        } else {
            None
        }
    }

    /// The commanders grouped with the group being asked (21.2b).
    pub(crate) fn bonus_candidates(&self, s: &State) -> Vec<UnitId> {
        let Some((att, i)) = self.bonus_group(s) else {
            return Vec::new();
        };
        let Some(c) = self.current(s) else {
            return Vec::new();
        };
        let g = if att {
            &c.attackers[i]
        } else {
            &c.defenders[i]
        };
        let live = self.fighting(s, g);
        let Some(&top) = live.first() else {
            return Vec::new();
        };
        let hexes: Vec<Hex> = s
            .unit(top)
            .placed()
            .map(|p| p.hexes.as_slice().to_vec())
            .unwrap_or_default();
        self.commanders_in(s, &hexes, self.side_of(top))
            .into_iter()
            .filter(|&cmd| self.units[usize::from(cmd)].cc_bonus != 0)
            .collect()
    }

    /// Asks the next group with a commander, or rolls (13.11).
    pub(crate) fn ask_bonus(&self, s: &mut State, ev: &mut Vec<Event>) {
        while let Some((att, i)) = self.bonus_group(s) {
            if !self.bonus_candidates(s).is_empty() {
                let side = self
                    .current(s)
                    .map(|c| {
                        let g = if att {
                            &c.attackers[i]
                        } else {
                            &c.defenders[i]
                        };
                        self.group_side(g)
                    })
                    .unwrap_or(crate::engine::Side(0));
                s.steps.push(Step::Close(CloseStep::Bonus { side }));
                return;
            }
            if let Some(c) = self.current_mut(s) {
                c.bonus_asked += 1;
            }
        }
        self.roll_round(s, ev);
    }

    /// The group's commander for its Combat Bonus (21.2b), or none.
    pub(crate) fn set_bonus(&self, s: &mut State, cmd: Option<UnitId>, ev: &mut Vec<Event>) {
        let Some((att, i)) = self.bonus_group(s) else {
            return;
        };
        if let Some(c) = self.current_mut(s) {
            let g = if att {
                &mut c.attackers[i]
            } else {
                &mut c.defenders[i]
            };
            g.bonus = cmd;
            c.bonus_asked += 1;
        }
        if let Some(cmd) = cmd {
            ev.push(Event::CombatBonus { commander: cmd });
        }
        self.ask_bonus(s, ev);
    }

    /// The round's dice (13.11: each player rolls a d10, the attacker first).
    pub(crate) fn roll_round(&self, s: &mut State, _ev: &mut Vec<Event>) {
        if let Some(c) = self.current_mut(s) {
            c.die = None;
        }
        s.steps.push(Step::Close(CloseStep::Dice));
    }

    /// A die of the round.
    pub(crate) fn combat_die(&self, s: &mut State, v: u8, ev: &mut Vec<Event>) {
        let first = self.current(s).and_then(|c| c.die);
        match first {
            None => {
                if let Some(c) = self.current_mut(s) {
                    c.die = Some(v);
                }
                s.steps.push(Step::Close(CloseStep::Dice));
            }
            Some(a) => self.resolve_round(s, [a, v], ev),
        }
    }

    /// The round is read (13.11, 14.1a, 14.8a) and carried out.
    pub(crate) fn resolve_round(&self, s: &mut State, dice: [u8; 2], ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let f = self.combat_figures(s, &c);
        let (col, odds, drm) = self.close_column(f[0].sp, f[1].sp);
        let cr = [f[0].cr + i16::from(drm[0]), f[1].cr + i16::from(drm[1])];
        let o = self.round_outcome(col, cr, dice);
        ev.push(Event::CloseCombatRound {
            round: c.round,
            sp: [f[0].sp, f[1].sp],
            odds: alloc::format!("{odds}"),
            cr,
            dice,
            result: result_code(&o.result),
            special: o.special,
        });
        if o.special {
            self.apply_special(s, &c, o.result, ev);
        } else if let Some(attacker) = self.column_may_stand(s, &c, o.result) {
            // F-7.1d C: the Allied player decides first.
            s.steps
                .push(Step::Close(CloseStep::ColumnStand { attacker, dice }));
        } else {
            self.apply_close_result(s, &c, o.result, ev);
        }
    }

    /// The unit of `units` that takes the next SP loss (14.2b: the most SP first; a tie goes to
    /// the first listed, the top of the group; 14.2c: a defender's guns last).
    pub(crate) fn loss_taker(&self, s: &State, units: &[UnitId]) -> Option<UnitId> {
        let pick = |guns: bool| {
            units
                .iter()
                .copied()
                .filter(|&u| {
                    s.unit(u).on_map()
                        && s.unit(u).sp > 0
                        && (self.units[usize::from(u)].kind == Kind::Artillery) == guns
                })
                .fold(None, |best: Option<UnitId>, u| match best {
                    Some(b) if s.unit(b).sp >= s.unit(u).sp => Some(b),
                    _ => Some(u),
                })
        };
        pick(false).or_else(|| pick(true))
    }

    pub(crate) fn side_units(&self, s: &State, groups: &[Group]) -> Vec<UnitId> {
        groups.iter().flat_map(|g| self.fighting(s, g)).collect()
    }

    /// SP losses one at a time, alternating, the attacker first (14.2a); returns whether each
    /// side is wiped out.
    pub(crate) fn apply_losses(
        &self,
        s: &mut State,
        c: &Combat,
        n: [u8; 2],
        ev: &mut Vec<Event>,
    ) -> [bool; 2] {
        let mut gone = [false, false];
        for i in 0..n[0].max(n[1]) {
            for (k, groups) in [(0usize, &c.attackers), (1, &c.defenders)] {
                if i >= n[k] || gone[0] || gone[1] {
                    continue;
                }
                let units = self.side_units(s, groups);
                match self.loss_taker(s, &units) {
                    Some(u) => {
                        self.lose_sp(s, u, 1, "14.2a", ev);
                    }
                    None => gone[k] = true,
                }
                if self.side_units(s, groups).is_empty() {
                    gone[k] = true;
                }
            }
        }
        for (k, groups) in [(0usize, &c.attackers), (1, &c.defenders)] {
            if self.side_units(s, groups).is_empty() {
                gone[k] = true;
            }
        }
        // 8.4g, 11.5i: a Square under 3 SP becomes a Disordered Line, a multi-hex formation
        // without the SP for its hexes shrinks (fire/resolve.rs `after_losses`).
        if n[0] > 0 || n[1] > 0 {
            let mut hit = self.side_units(s, &c.attackers);
            hit.extend(self.side_units(s, &c.defenders));
            self.after_losses(s, &hit, ev);
        }
        gone
    }

    /// Artillery and unactivated units left in the attackers' hexes take MC(E) when the
    /// attackers are destroyed or Rout (14.2c, 14.6a).
    pub(crate) fn mc_e(&self, s: &mut State, c: &Combat) {
        let mut reqs = Vec::new();
        for g in &c.attackers {
            let Some(&first) = g.units.first() else {
                continue;
            };
            let here: Vec<Hex> = g.hexes.iter().map(|h| h.0).collect();
            let side = self.side_of(first);
            let left: Vec<UnitId> = (0..s.units.len() as UnitId)
                .filter(|&u| {
                    self.units[usize::from(u)].is_combat()
                        && self.side_of(u) == side
                        && !g.units.contains(&u)
                        && s.unit(u).morale != Morale::Routed
                        && s.unit(u)
                            .placed()
                            .is_some_and(|p| p.hexes.as_slice() == here.as_slice())
                })
                .collect();
            if !left.is_empty() {
                reqs.push(CheckReq {
                    unit: self.cc_checker(s, &left),
                    kind: CheckKind::Morale(MoraleCheck::E),
                    er_mod: 0,
                });
            }
        }
        self.queue_checks(s, &reqs);
    }

    /// "D" (14.3a): automatic Disorder; a second Disorder makes the unit Shaken (18.5c).
    pub(crate) fn disorder_unit(
        &self,
        s: &mut State,
        u: UnitId,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        if self.is_skirmisher(s, u) {
            return; // 18.4
        }
        let x = s.unit_mut(u);
        if x.disordered {
            if x.morale == Morale::Good {
                x.morale = Morale::Shaken;
            }
        } else {
            x.disordered = true;
        }
        let (d, m) = (x.disordered, x.morale);
        ev.push(Event::CloseState {
            unit: u,
            disordered: d,
            morale: m,
            rule: rule.into(),
        });
    }

    /// Carries out a table result (14.2–14.7).
    pub(crate) fn apply_close_result(
        &self,
        s: &mut State,
        c: &Combat,
        r: CcResult,
        ev: &mut Vec<Event>,
    ) {
        if r.morale {
            self.start_mg(s, ev);
            return;
        }
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::RoundOver)));
        let gone = self.apply_losses(s, c, [r.attacker.sp, r.defender.sp], ev);
        if gone[0] || gone[1] {
            // 14.2a: the survivor ignores the rest; 14.2c: MC(E) behind destroyed attackers.
            if gone[0] {
                self.mc_e(s, c);
            }
            return;
        }
        for (att, groups, res) in [
            (true, &c.attackers, r.attacker),
            (false, &c.defenders, r.defender),
        ] {
            self.side_result(s, c, att, groups, res, ev);
        }
    }

    /// One side's letters: S, D, R (14.3, 14.6, 14.7).
    pub(crate) fn side_result(
        &self,
        s: &mut State,
        c: &Combat,
        att: bool,
        groups: &[Group],
        res: SideResult,
        ev: &mut Vec<Event>,
    ) {
        if res.surrender {
            for u in self.side_units(s, groups) {
                let sp = s.unit(u).sp;
                self.lose_sp(s, u, sp, "14.7", ev);
            }
            if att {
                self.mc_e(s, c);
            }
            return;
        }
        if res.disorder {
            for u in self.side_units(s, groups) {
                self.disorder_unit(s, u, "14.3a", ev);
            }
            if att {
                // 14.3a: the guns and unactivated units of the attackers' hexes follow once
                // the advances are known (`disorder_left_behind`).
                if let Some(x) = self.current_mut(s) {
                    for g in x.attackers.iter_mut() {
                        g.disorder_left = true;
                    }
                }
            }
        }
        if res.rout {
            // 20.2g: the routers go away from the enemy they fought.
            let enemy_groups = if att { &c.defenders } else { &c.attackers };
            let enemies = self.side_units(s, enemy_groups);
            for g in groups {
                let live = self.fighting(s, g);
                if live.is_empty() {
                    continue;
                }
                if !att {
                    // 14.6a: Routed defending guns are destroyed.
                    for &u in &live {
                        if self.units[usize::from(u)].kind == Kind::Artillery {
                            let sp = s.unit(u).sp;
                            self.lose_sp(s, u, sp, "14.6a", ev);
                        }
                    }
                }
                let live = self.fighting(s, g);
                if att && !live.is_empty() {
                    // 14.6a: only the attacking units rout; the guns and unactivated units of
                    // their hex stay and take MC(E) (`mc_e`).
                    let from: Vec<Hex> = enemies
                        .iter()
                        .filter_map(|&e| s.unit(e).placed())
                        .flat_map(|p| p.hexes.as_slice().to_vec())
                        .collect();
                    self.rout_units(s, &live, &from, "14.6a", false, ev);
                } else if !live.is_empty() {
                    let top = self.cc_checker(s, &live);
                    self.rout_from(s, top, &enemies, ev);
                }
            }
            if att {
                self.mc_e(s, c);
            }
        }
    }

    /// "M" (14.4a): every attacking group takes MC(G) first.
    pub(crate) fn start_mg(&self, s: &mut State, _ev: &mut Vec<Event>) {
        self.snapshot(s);
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::AttackersMg)));
        let reqs = self.mg_reqs(s, &c.attackers);
        self.queue_checks(s, &reqs);
    }

    /// The MC(G) of each of `groups` still in the fight (14.4a).
    pub(crate) fn mg_reqs(&self, s: &State, groups: &[Group]) -> Vec<CheckReq> {
        groups
            .iter()
            .filter(|g| !self.fighting(s, g).is_empty())
            .map(|g| self.mg_req(s, g))
            .collect()
    }

    /// A group's MC(G), on its checking unit (14.4a, 13.7b).
    pub(crate) fn mg_req(&self, s: &State, g: &Group) -> CheckReq {
        CheckReq {
            unit: self.cc_checker(s, &self.fighting(s, g)),
            kind: CheckKind::Morale(MoraleCheck::G),
            er_mod: 0,
        }
    }

    /// A group that failed its MC(G) loses 1 SP (14.4c, distributed by 14.2b).
    pub(crate) fn mg_failures(
        &self,
        s: &mut State,
        groups: &[Group],
        ev: &mut Vec<Event>,
    ) -> (usize, usize) {
        let mut failed = 0;
        let mut checked = 0;
        for g in groups {
            let units: Vec<UnitId> = g
                .units
                .iter()
                .copied()
                .filter(|&u| s.unit(u).on_map())
                .collect();
            if units.is_empty() {
                continue;
            }
            if g.before == Morale::Routed {
                continue;
            }
            checked += 1;
            if self.group_failed(s, g) {
                failed += 1;
                if let Some(u) = self.loss_taker(s, &units) {
                    self.lose_sp(s, u, 1, "14.4c", ev);
                }
            }
        }
        (failed, checked)
    }

    /// After the attackers' MC(G) (14.4b): all failed, the defender wins; else the defenders
    /// check.
    pub(crate) fn after_attackers_mg(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let (failed, checked) = self.mg_failures(s, &c.attackers, ev);
        if failed == checked {
            self.decide(s, Outcome::Defender, ev);
            return;
        }
        self.snapshot(s);
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::DefendersMg)));
        let reqs = self.mg_reqs(s, &c.defenders);
        self.queue_checks(s, &reqs);
    }

    /// After the defenders' MC(G) (14.4b): all failed, the attacker wins; else a renewed
    /// round (14.5).
    pub(crate) fn after_defenders_mg(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let (failed, checked) = self.mg_failures(s, &c.defenders, ev);
        if failed == checked {
            self.decide(s, Outcome::Attacker, ev);
            return;
        }
        self.renew(s, ev);
    }

    /// A renewed round (14.5a, 14.5c): Lines not all adjacent shrink a hex (14.5b), the
    /// bonuses stay, the dice again.
    pub(crate) fn renew(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(c) = self.current_mut(s) {
            c.round = c.round.saturating_add(1);
        }
        self.shrink_lines(s, ev);
        self.roll_round(s, ev);
    }

    /// 14.5b: each Line of the combat with a hex adjacent to no foe loses its farthest such
    /// end hex (right or left end), its SP spread over the rest.
    pub(crate) fn shrink_lines(&self, s: &mut State, _ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        for (att, groups) in [(true, &c.attackers), (false, &c.defenders)] {
            let foes: Vec<UnitId> = if att {
                self.side_units(s, &c.defenders)
            } else {
                self.side_units(s, &c.attackers)
            };
            let foe_hexes: Vec<Hex> = foes
                .iter()
                .filter_map(|&f| s.unit(f).placed())
                .flat_map(|p| p.hexes.as_slice().to_vec())
                .collect();
            for g in groups {
                let live = self.fighting(s, g);
                let Some(&top) = live.first() else { continue };
                let x = *s.unit(top);
                let Some(p) = x.placed().copied() else {
                    continue;
                };
                if !matches!(x.formation, Formation::Line) || p.hexes.len() < 2 {
                    continue;
                }
                let adj = |h: Hex| foe_hexes.iter().any(|f| f.distance(h) == 1);
                let hexes = p.hexes.as_slice();
                let first_far = !adj(hexes[0]);
                let last_far = !adj(hexes[hexes.len() - 1]);
                let keep: &[Hex] = if last_far {
                    &hexes[..hexes.len() - 1]
                } else if first_far {
                    &hexes[1..]
                } else {
                    continue;
                };
                // 14.5b: no shrinking when the SP spread evenly over the hexes left would be
                // more than one of them may hold.
                let stack = self.stack_of(s, top);
                let cav = stack
                    .iter()
                    .any(|&u| self.units[usize::from(u)].kind == Kind::Cavalry);
                let sp: u16 = stack
                    .iter()
                    .map(|&u| {
                        let w = if self.units[usize::from(u)].kind == Kind::Artillery {
                            4
                        } else {
                            1
                        };
                        u16::from(s.unit(u).sp) * w
                    })
                    .sum();
                let share = sp.div_ceil(keep.len().max(1) as u16);
                let col = if cav { 2 } else { 0 };
                if keep.iter().any(|&h| {
                    share > u16::from(self.tables.fx(self.board.hex(h).terrain).stack[col])
                }) {
                    continue;
                }
                let Some(nh) = Hexes::from_slice(keep) else {
                    continue;
                };
                let np = crate::fontenoy::geometry::Placed { hexes: nh, ..p };
                for u in self.stack_of(s, top) {
                    s.unit_mut(u).place = Place::Map(np);
                }
            }
        }
    }

    /// After a round's results: who is left decides the combat (14.1a).
    pub(crate) fn round_over(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let att = c.attackers.iter().any(|g| !self.fighting(s, g).is_empty());
        let def = c.defenders.iter().any(|g| !self.fighting(s, g).is_empty());
        let o = match (att, def) {
            (true, false) => Outcome::Attacker,
            (false, true) => Outcome::Defender,
            _ => Outcome::Neither,
        };
        self.decide(s, o, ev);
    }

    /// The combat is decided.
    pub(crate) fn decide(&self, s: &mut State, o: Outcome, ev: &mut Vec<Event>) {
        if let Some(c) = self.current_mut(s) {
            c.outcome = o;
        }
        self.finish_combat(s, ev);
    }

    /// The end of a combat (14.5d: after two or more rounds the cavalry still in it is
    /// Disordered), then Advance After Combat (15).
    pub(crate) fn finish_combat(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        if c.round >= 2 {
            for g in c.attackers.iter().chain(c.defenders.iter()) {
                for u in self.fighting(s, g) {
                    if self.units[usize::from(u)].kind == Kind::Cavalry && !s.unit(u).disordered {
                        self.disorder_unit(s, u, "14.5d", ev);
                    }
                }
            }
        }
        let winner = match c.outcome {
            Outcome::Attacker => c.attackers.first().map(|g| self.group_side(g)),
            Outcome::Defender => c.defenders.first().map(|g| self.group_side(g)),
            _ => None,
        };
        ev.push(Event::CombatOver {
            winner,
            rounds: c.round,
        });
        self.start_advance(s, ev);
    }
}

/// A result as its code (`1D/2R`, `M`, `2/2*`).
pub fn result_code(r: &CcResult) -> alloc::string::String {
    use alloc::string::String;
    if r.morale && r.attacker == SideResult::default() && r.defender == SideResult::default() {
        return String::from("M");
    }
    let side = |x: &SideResult| -> String {
        let mut out = String::new();
        if x.sp > 0 {
            out.push_str(&alloc::format!("{}", x.sp));
        }
        if x.disorder {
            out.push('D');
        }
        if x.rout {
            out.push('R');
        }
        if x.surrender {
            out.push('S');
        }
        if x.star {
            out.push('*');
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    };
    alloc::format!("{}/{}", side(&r.attacker), side(&r.defender))
}
