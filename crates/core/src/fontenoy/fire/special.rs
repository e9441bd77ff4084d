//! 12.11 Special Fire Combat Results: an unmodified 00–09 is read on the infantry, artillery
//! or defensive table (Fire Reactions use the first two, every Defensive Fire the third) in
//! the firers' nationality column (F-1.6e, F-8.1), and applied as F-8.5 (infantry), F-8.6
//! (defensive) and F-8.7 (artillery) describe; 02, 04, 06 and 08 add the Special Commander
//! Loss Result (F-8.8), resolved before the rest (12.11) by the commanders section. A re-roll
//! is an ordinary roll (12.11, F-8.1) but after Dutch Rifles (F-8.5g).
//!
//! Readings (docs/coverage/fontenoy.md): Heavy Smoke at 1 hex reads the same roll 20 lower;
//! Wild Fire picks among the hexes next to the target that a firer sees with a d10 (rolled
//! again above their number); French Politesse's fire by the attackers is an ordinary roll;
//! Ammo Exhausted guns limber and step to the first free hex from their rear (the owner's
//! choice of hex is not asked).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::checks::{CheckKind, CheckReq};
use super::super::event::Event;
use super::super::occupancy::Occupancy;
use super::super::state::{CloseCombatEffect, FireCombat, FireKind, FireStep, Place, State, Step};
use super::super::tables::Mp;
use super::super::tables::fire::Special;
use super::super::types::{Arm, DisorderCheck, Formation, Kind, Nationality, round};
use super::super::units::UnitId;
use crate::hex::{Direction, Hex};

/// Which Special Results table a fire reads (12.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecialTable {
    /// Infantry fire (F-8.5).
    Infantry,
    /// Artillery fire (F-8.7).
    Artillery,
    /// Defensive Fire (F-8.6).
    Defensive,
}

/// The enemy commanders a special result's Commander Loss Result may strike (F-8.8), for the
/// commanders section: in the target hex (F-8.8d Braving Enemy Fire), in it or next to it
/// (F-8.8c In the Line of Fire), within the firers' range and sight (F-8.8b The Lucky Shot);
/// F-8.8a Fate may choose any enemy commander on the map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommanderCandidates {
    /// In the target hex.
    pub in_hex: Vec<UnitId>,
    /// In the target hex or next to it.
    pub near: Vec<UnitId>,
    /// Within range and sight of a firing hex.
    pub in_range: Vec<UnitId>,
    /// F-8.8: 1 is subtracted from the b–d rolls (guns at 1–3 hexes, skirmishers, Dutch
    /// infantry, dismounted French carabiniers among the firers).
    pub minus_one: bool,
}

impl Fontenoy {
    /// The table combat `c` reads (12.11).
    pub(crate) fn special_table(c: &FireCombat) -> SpecialTable {
        match (c.kind, c.arm) {
            (FireKind::Defensive, _) | (_, None) => SpecialTable::Defensive,
            (_, Some(Arm::Artillery)) => SpecialTable::Artillery,
            _ => SpecialTable::Infantry,
        }
    }

    /// The special result of combat `c` on an unmodified `roll` of 00–09.
    pub(crate) fn special_of(&self, c: &FireCombat, roll: u8) -> Option<Special> {
        let t = &self.tables.fire;
        let rows = match Self::special_table(c) {
            SpecialTable::Infantry => &t.special_infantry,
            SpecialTable::Artillery => &t.special_artillery,
            SpecialTable::Defensive => &t.special_defensive,
        };
        // F-7.6: with the Dutch guns kept with their regiments, a Dutch infantry fire's 3 and
        // a Dutch Defensive Fire's 4 or 5 read Regimental Guns.
        if self.option("7.6") && c.nationality == super::super::types::Nationality::Dutch {
            match (Self::special_table(c), roll) {
                (SpecialTable::Infantry, 3) | (SpecialTable::Defensive, 4 | 5) => {
                    return Some(Special::RegimentalGuns);
                }
                _ => {}
            }
        }
        rows.get(usize::from(roll))
            .and_then(|r| r[c.nationality.column()])
    }

    /// The commanders a Special Commander Loss Result of combat `id` may strike (F-8.8).
    pub fn fire_commander_candidates(&self, s: &State, id: u16) -> CommanderCandidates {
        let mut out = CommanderCandidates::default();
        let Some(c) = self.fire_combat(s, id) else {
            return out;
        };
        let enemy = c.side.other();
        for (i, unit) in s.units.iter().enumerate() {
            let info = &self.units[i];
            if info.is_combat() || info.side != enemy {
                continue;
            }
            let Some(p) = unit.placed() else { continue };
            let h = p.hex();
            let u = i as UnitId;
            if h == c.at {
                out.in_hex.push(u);
            }
            if h.distance(c.at) <= 1 {
                out.near.push(u);
            }
            let seen = c.from.iter().any(|&f| {
                c.firers.iter().any(|&x| {
                    s.unit(x).placed().is_some_and(|q| q.hexes.contains(f))
                        && f.distance(h) <= self.fire_range(s, x, f, c.kind)
                        && crate::hex::los::crossed(f, h)
                            .iter()
                            .all(|&y| !self.tables.fx(self.board.hex(y).terrain).blocks_los)
                })
            });
            if seen {
                out.in_range.push(u);
            }
        }
        out.minus_one = c.firers.iter().any(|&x| {
            let info = &self.units[usize::from(x)];
            let close_guns = info.kind == Kind::Artillery && (1..=3).contains(&c.range);
            let skirmisher = s.unit(x).formation == Formation::Skirmish;
            let dutch_inf = info.kind == Kind::Infantry && info.nationality == Nationality::Dutch;
            let carabiniers = info.class.contains("carabinier");
            close_guns || skirmisher || dutch_inf || carabiniers
        });
        out
    }

    /// Applies the special result of combat `id` on the unmodified `roll` (00–09).
    pub(crate) fn special_result(&self, s: &mut State, id: u16, roll: u8, ev: &mut Vec<Event>) {
        let Some(c) = self.fire_combat(s, id).cloned() else {
            return;
        };
        let Some(sp) = self.special_of(&c, roll) else {
            // No special result there: an ordinary roll.
            self.table_roll(s, id, roll, 0, ev);
            return;
        };
        ev.push(Event::FireSpecial {
            at: c.at,
            roll,
            result: sp.name().into(),
        });
        // F-10.1e (option): Ingoldsby's infantry has no regimental guns; a die gives the
        // result listed above (0–4) or below (5–9) instead.
        if sp == Special::RegimentalGuns
            && self.option("10.1e")
            && c.side == super::super::ALLIED
            && Self::special_table(&c) != SpecialTable::Artillery
        {
            s.steps
                .push(Step::Fire(FireStep::NoGuns { combat: id, roll }));
            return;
        }
        self.special_effect(s, id, roll, sp, ev);
    }

    /// F-10.1e: the die that replaces a Regimental Guns result of the special `roll` of combat
    /// `id` by the result of the row above (0–4) or below (5–9); a row without a special
    /// result (or beyond the table) makes the roll an ordinary one.
    pub(crate) fn no_guns_roll(
        &self,
        s: &mut State,
        id: u16,
        roll: u8,
        v: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(c) = self.fire_combat(s, id).cloned() else {
            return;
        };
        let row = if v <= 4 {
            roll.checked_sub(1)
        } else {
            Some(roll + 1).filter(|&r| r <= 9)
        };
        match row.and_then(|r| self.special_of(&c, r)) {
            Some(sp) if sp != Special::RegimentalGuns => {
                ev.push(Event::FireSpecial {
                    at: c.at,
                    roll,
                    result: sp.name().into(),
                });
                self.special_effect(s, id, roll, sp, ev);
            }
            _ => self.table_roll(s, id, roll, 0, ev),
        }
    }

    /// Applies special result `sp`, rolled as the unmodified `roll`, to combat `id`.
    fn special_effect(&self, s: &mut State, id: u16, roll: u8, sp: Special, ev: &mut Vec<Event>) {
        let Some(c) = self.fire_combat(s, id).cloned() else {
            return;
        };
        if self.combat_column(&c).is_none() {
            // F-5.3: below 1:3 only a shift to the right (Accurate Fire: the strength
            // doubled, F-8.7b) or a commander loss (F-8.8) acts.
            if sp == Special::AccurateFire {
                if let Some(x) = self.combat_mut(s, id) {
                    x.ordinary = true;
                    x.strength *= 2;
                }
                s.steps.push(Step::Fire(FireStep::Roll { combat: id }));
            } else {
                ev.push(Event::FireNoEffect {
                    at: c.at,
                    why: "below 1:3 only Accurate Fire or a commander loss acts (F-5.3)".into(),
                });
            }
            if matches!(roll, 2 | 4 | 6 | 8) {
                self.fire_commander_loss(s, id, roll, ev);
            }
            return;
        }
        let table = Self::special_table(&c);
        let mut commander = matches!(roll, 2 | 4 | 6 | 8);
        let reroll = |s: &mut State, f: &dyn Fn(&mut FireCombat)| {
            if let Some(x) = self.combat_mut(s, id) {
                x.ordinary = true;
                f(x);
            }
            s.steps.push(Step::Fire(FireStep::Roll { combat: id }));
        };
        let no_effect = |ev: &mut Vec<Event>, why: &str| {
            ev.push(Event::FireNoEffect {
                at: c.at,
                why: why.into(),
            });
        };
        match (table, sp) {
            // F-8.5a: two re-rolls, then the firers are Disordered.
            (SpecialTable::Infantry, Special::FreeFire) => reroll(s, &|x| {
                x.rerolls = 1;
                x.disorder_after = true;
            }),
            // F-8.5b: strength doubled.
            (_, Special::FullVolley) => reroll(s, &|x| x.strength *= 2),
            // F-8.5c, F-8.6e: one SP more on any result but no effect.
            (_, Special::RegimentalGuns) => reroll(s, &|x| x.extra_loss += 1),
            // F-8.5d: strength halved.
            (SpecialTable::Infantry, Special::LowAmmo) => reroll(s, &|x| {
                x.strength = round(x.strength as i32, 2).max(0) as u32
            }),
            // F-8.5e: no effect, the firers Disordered; Dutch a commander loss too.
            (SpecialTable::Infantry, Special::AmmoExhausted) => {
                no_effect(ev, "Ammo Exhausted (F-8.5e)");
                self.disorder_units(s, &c.firers, "F-8.5e", ev);
                if c.nationality == Nationality::Dutch {
                    commander = true;
                }
            }
            // F-8.5f: at 2 hexes no effect; at 1 the same roll 20 lower.
            (SpecialTable::Infantry, Special::HeavySmoke) => {
                if c.range >= 2 {
                    no_effect(ev, "Heavy Smoke at 2 hexes (F-8.5f)");
                } else {
                    let drm = self.tables.fire.drms.heavy_smoke_infantry;
                    self.table_roll(s, id, roll, drm, ev);
                }
            }
            // F-8.5g: a commander loss roll, then a re-roll that may be special again.
            (_, Special::DutchRifles) => {
                commander = true;
                s.steps.push(Step::Fire(FireStep::Roll { combat: id }));
            }
            // F-8.6a: no fire; the defenders' CR −1 against cavalry, a die against infantry.
            (_, Special::EnglishTaunting) => {
                self.cancel(s, id, "English Taunting (F-8.6a)", ev);
                if self.attackers_cavalry(s, &c) {
                    self.set_effect(s, id, CloseCombatEffect::DefenderCr(-1));
                } else {
                    s.steps.push(Step::Fire(FireStep::Die { combat: id }));
                }
            }
            // F-8.6b: the attackers fire instead; against cavalry no fire and CR −1.
            (_, Special::FrenchPolitesse) => {
                self.cancel(s, id, "French Politesse (F-8.6b)", ev);
                if self.attackers_cavalry(s, &c) {
                    self.set_effect(s, id, CloseCombatEffect::DefenderCr(-1));
                } else {
                    let attackers: Vec<UnitId> = c
                        .target
                        .iter()
                        .copied()
                        .filter(|&u| self.can_fire(s, u))
                        .collect();
                    if let Some(&at) = c.from.first() {
                        if let Some(nid) = self.defensive_fire(s, &attackers, at, ev) {
                            if let Some(x) = self.combat_mut(s, nid) {
                                x.ordinary = true;
                            }
                        }
                    }
                }
            }
            // F-8.6c: no fire, CR −1.
            (_, Special::DutchHesitation) => {
                self.cancel(s, id, "Dutch Hesitation (F-8.6c)", ev);
                self.set_effect(s, id, CloseCombatEffect::DefenderCr(-1));
            }
            // F-8.6d, F-8.7b: a column to the right.
            (_, Special::WhitesOfTheirEyes | Special::AccurateFire) => reroll(s, &|x| x.shift += 1),
            // F-8.6f: strength halved.
            (_, Special::PrematureFire) => reroll(s, &|x| {
                x.strength = round(x.strength as i32, 2).max(0) as u32
            }),
            // F-8.6g: no Defensive Fire.
            (SpecialTable::Defensive, Special::HeavySmoke) => {
                self.cancel(s, id, "Heavy Smoke (F-8.6g)", ev);
            }
            // F-8.7a: two re-rolls on the same column.
            (_, Special::RapidFire) => reroll(s, &|x| x.rerolls = 1),
            // F-8.7c: re-rolled; guns in the target hex lose one SP more.
            (_, Special::CaissonExplosion) => reroll(s, &|x| x.caisson = true),
            // F-8.7d: the shot strays into a hex next to the target.
            (_, Special::WildFire) => {
                s.steps.push(Step::Fire(FireStep::Die { combat: id }));
            }
            // F-8.7g: re-rolled, −10 a hex of range.
            (SpecialTable::Artillery, Special::HeavySmoke) => {
                let per = self.tables.fire.drms.heavy_smoke_per_hex;
                let r = i32::from(c.range);
                reroll(s, &|x| x.smoke = per * r);
            }
            // F-8.7d (the second): no effect.
            (SpecialTable::Artillery, Special::LowAmmo) => no_effect(ev, "Low Ammo (F-8.7d)"),
            // F-8.7e: no effect; the guns limber and step away.
            (SpecialTable::Artillery, Special::AmmoExhausted) => {
                no_effect(ev, "Ammo Exhausted (F-8.7e)");
                self.guns_withdraw(s, &c.firers, ev);
            }
            (_, other) => no_effect(ev, other.name()),
        }
        if commander {
            // 12.11: the Commander Loss Check comes before the rest of the result.
            self.fire_commander_loss(s, id, roll, ev);
        }
    }

    fn attackers_cavalry(&self, s: &State, c: &FireCombat) -> bool {
        c.target
            .iter()
            .find(|&&u| s.unit(u).on_map())
            .is_some_and(|&u| self.units[usize::from(u)].kind == Kind::Cavalry)
    }

    fn cancel(&self, s: &mut State, id: u16, why: &str, ev: &mut Vec<Event>) {
        let at = self.fire_combat(s, id).map(|c| c.at);
        if let Some(x) = self.combat_mut(s, id) {
            x.cancelled = true;
        }
        if let Some(at) = at {
            ev.push(Event::FireNoEffect {
                at,
                why: why.into(),
            });
        }
    }

    /// F-8.6a–c: the change the Special Defensive Fire Results of this segment made to the CR
    /// of the defenders `units` in the close combat against `attackers` that follows: the
    /// Defensive Fires by any of `units` at any of `attackers`, each counted once; the change
    /// lasts the whole combat, its renewed rounds included (a reading of "the following Close
    /// Combat").
    pub(crate) fn defensive_fire_cr(
        &self,
        s: &State,
        attackers: &[UnitId],
        units: &[UnitId],
    ) -> i16 {
        let Some(log) = super::log(s) else {
            return 0;
        };
        log.combats
            .iter()
            .filter(|f| f.kind == FireKind::Defensive)
            .filter(|f| f.firers.iter().any(|u| units.contains(u)))
            .filter(|f| f.target.iter().any(|u| attackers.contains(u)))
            .map(|f| match f.effect {
                Some(CloseCombatEffect::DefenderCr(x)) => i16::from(x),
                None => 0,
            })
            .sum()
    }

    fn set_effect(&self, s: &mut State, id: u16, e: CloseCombatEffect) {
        if let Some(x) = self.combat_mut(s, id) {
            x.effect = Some(e);
        }
    }

    /// The hexes next to the target that a firer sees (F-8.7d).
    fn wild_hexes(&self, s: &State, c: &FireCombat) -> Vec<Hex> {
        c.at.neighbors()
            .into_iter()
            .filter(|&h| {
                self.board.on_map(h)
                    && c.from.iter().any(|&f| {
                        f == h
                            || f.distance(h) <= 1
                            || crate::hex::los::crossed(f, h).iter().all(|&y| {
                                !self.tables.fx(self.board.hex(y).terrain).blocks_los
                                    && !s.units.iter().enumerate().any(|(i, u)| {
                                        self.units[i].is_combat()
                                            && u.placed().is_some_and(|p| p.hexes.contains(y))
                                    })
                            })
                    })
            })
            .collect()
    }

    /// The d10 of a special result (F-8.6a English Taunting, F-8.7d Wild Fire).
    pub(crate) fn fire_die(&self, s: &mut State, id: u16, v: u8, ev: &mut Vec<Event>) {
        let Some(c) = self.fire_combat(s, id).cloned() else {
            return;
        };
        if c.kind == FireKind::Defensive {
            // F-8.6a: 0–2 the defenders' CR −1, 3–9 +1.
            let cr = if v <= 2 { -1 } else { 1 };
            self.set_effect(s, id, CloseCombatEffect::DefenderCr(cr));
            return;
        }
        let hexes = self.wild_hexes(s, &c);
        if hexes.is_empty() {
            ev.push(Event::FireNoEffect {
                at: c.at,
                why: "Wild Fire: no hex next to the target in sight (F-8.7d)".into(),
            });
            return;
        }
        let k = usize::from(v);
        let Some(&h) = hexes.get(k) else {
            // A die above the number of hexes is rolled again.
            s.steps.push(Step::Fire(FireStep::Die { combat: id }));
            return;
        };
        let o = Occupancy::build(self, s);
        let struck = self.units_struck(s, &o, h, |_| true);
        if struck.is_empty() {
            ev.push(Event::FireNoEffect {
                at: h,
                why: "Wild Fire: the shot strays into an empty hex (F-8.7d)".into(),
            });
            return;
        }
        if let Some(x) = self.combat_mut(s, id) {
            x.at = h;
            x.wild = Some(h);
            x.target = struck;
            x.ordinary = true;
            x.mover = None;
        }
        s.steps.push(Step::Fire(FireStep::Roll { combat: id }));
    }

    /// F-8.7e: guns out of ammunition limber and step one hex away, unless in a redoubt or
    /// behind field fortifications; grouped with infantry they take DC(A).
    fn guns_withdraw(&self, s: &mut State, guns: &[UnitId], ev: &mut Vec<Event>) {
        let mut checks = Vec::new();
        for &g in guns {
            if self.units[usize::from(g)].kind != Kind::Artillery {
                continue;
            }
            let Some(p) = s.unit(g).placed().copied() else {
                continue;
            };
            let h = p.hex();
            if self.inside_redoubt(s, g) || self.behind_fieldworks(h) {
                continue;
            }
            let o = Occupancy::build(self, s);
            let side = self.units[usize::from(g)].side;
            let with_infantry = o.combat_at(self, h).any(|x| {
                x != g
                    && self.units[usize::from(x)].kind == Kind::Infantry
                    && self.units[usize::from(x)].side == side
            });
            // Limbered guns face a hexside (8.1i).
            let facing = if p.facing.is_corner() {
                p.facing.rotate(-1)
            } else {
                p.facing
            };
            let back = Direction::new(facing.index() / 2)
                .unwrap_or(Direction::ALL[0])
                .opposite();
            let to = (0..6i8)
                .map(|k| h.neighbor(back.rotate(if k % 2 == 0 { k / 2 } else { -(k / 2 + 1) })))
                .find(|&n| {
                    self.board.on_map(n)
                        && o.combat_at(self, n).next().is_none()
                        && !matches!(
                            self.tables.fx(self.board.hex(n).terrain).mp
                                [super::super::tables::MoveClass::Artillery as usize],
                            Mp::Prohibited
                        )
                });
            let unit = s.unit_mut(g);
            unit.formation = Formation::MarchColumn;
            unit.place = Place::Map(super::super::geometry::Placed::at(to.unwrap_or(h), facing));
            ev.push(Event::Reformed {
                unit: g,
                formation: Formation::MarchColumn,
                rule: "F-8.7e".into(),
            });
            if with_infantry {
                checks.push(CheckReq {
                    unit: g,
                    kind: CheckKind::Disorder(DisorderCheck::A),
                    er_mod: 0,
                });
            }
        }
        self.queue_checks(s, &checks);
    }
}
