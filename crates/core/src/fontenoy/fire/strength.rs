//! 12.3 Fire Strength and 12.4 infantry/artillery groups: how many SP of a hex fire (the
//! Firing Formations Table and the Infantry Line Formation SP chart, 12.3a; halved when
//! Disordered or with partial LOS, quartered with both; guns on top of a Line fill the hex
//! first, 12.4b, 12.4c; a Square's third per target, 12.2g, and its SP blocked by the guns'
//! front, 12.4d; a howitzer over friends at half, 12.6d), and what they fire: SP × the
//! multiplier at the range (12.1), halved by terrain (12.7a), +1 enfilade (12.7b), −1 in
//! General Order (12.7c; F-2.9 not for the French in a walled farm, redoubt or town), ×1.5 for
//! French units fortified (F-3.5a E, F-3.5b F).
//!
//! Readings: a 2-hex Line's units spread over its hexes as its SP do (8.1a), each hex firing
//! from its share, top unit first; guns count against the infantry SP of the hex they stand
//! in, and may fire from any hex of their Line (12.4e, line_guns.rs); a Hook fires like a Line (its diagram, 12.3d, is not in the text).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::board::{Terrain, side as hs};
use super::super::geometry::spread;
use super::super::occupancy::Occupancy;
use super::super::state::{Allot, FireKind, State};
use super::super::tables::fire::{Frac, MultRow};
use super::super::types::{Arm, Formation, Kind, Nationality, round, round_down};
use super::super::units::UnitId;
use super::los::Sight;
use crate::engine::Side;
use crate::hex::{Direction, Hex};

/// One firing hex's part in a fire: the SP each unit fires and the line it fires along.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The firing hex.
    pub hex: Hex,
    /// The arm.
    pub arm: Arm,
    /// Firing SP by unit, top first.
    pub sp: Vec<(UnitId, u8)>,
    /// The most SP the hex may fire in this fire (12.3a, 12.2g, F-3.5a D).
    pub cap: u8,
    /// The line of sight.
    pub sight: Sight,
}

fn times(v: i32, f: Frac) -> i32 {
    round(v * f.num, f.den.max(1))
}

impl Fontenoy {
    /// The Fire Multiplier Table row id of a unit (F-1.6f; F-3.1a, F-4.1a–d), from its
    /// nationality, class and calibre.
    pub fn multiplier_id(&self, u: UnitId) -> String {
        let info = &self.units[usize::from(u)];
        let nat = info.nationality.as_str();
        match info.kind {
            Kind::Artillery => match info.caliber.as_deref() {
                Some("4S") => String::from("french_4pdr_suedoise"),
                Some("howitzer") => format!("{nat}_howitzer"),
                Some("1.5") | Some("1_5") => format!("{nat}_1_5pdr"),
                Some(c) => format!("{nat}_{c}pdr"),
                None => format!("{nat}_3pdr"),
            },
            _ => {
                let class = info.class.as_str();
                // F-7.5c: with the English regimental guns as counters, English foot fires
                // x4/x0 and the guards x5/x0 (fusiliers use the foot row); F-7.6: with the
                // Dutch and Hanoverian guns kept with their regiments, their rows of x4 or x3
                // and x1 at 2 hexes.
                if self.option("7.5") && info.nationality == Nationality::English {
                    return String::from(if class == "guards" {
                        "english_foot_guards_7_5c"
                    } else {
                        "english_foot_7_5c"
                    });
                }
                if self.option("7.6") && class != "skirmishers" {
                    match (info.nationality, class) {
                        (Nationality::Dutch, "guards") => return String::from("dutch_gardes_7_6"),
                        (Nationality::Dutch, _) => return String::from("dutch_infantry_7_6"),
                        (Nationality::Hanoverian, _) => {
                            return String::from("hanoverian_musketier_7_6");
                        }
                        _ => {}
                    }
                }
                let t = match (info.nationality, class) {
                    (Nationality::French, "guards") => "gardes",
                    (Nationality::French, "militia") => "milice",
                    (Nationality::French, "grenadiers") => "grenadiers",
                    (Nationality::French, "dismounted_dragoons") => "dragons_demontes",
                    (Nationality::French, "dismounted_carabiniers" | "carabiniers") => {
                        "carabiniers_demontes"
                    }
                    (Nationality::French, "skirmishers") => "fantassins",
                    (Nationality::French, _) => "infanterie",
                    (Nationality::Dutch, "guards") => "gardes",
                    (Nationality::Dutch, "marines") => "mariniers",
                    (Nationality::Dutch, _) => "musketiere",
                    (Nationality::English, "guards") => "foot_guards",
                    (Nationality::English, "fusiliers") => "fusiliers",
                    (Nationality::English, _) => "foot",
                    (Nationality::Hanoverian, _) => "musketier",
                    (Nationality::Austrian, _) => "compagnies_franches",
                };
                format!("{nat}_{t}")
            }
        }
    }

    /// The Fire Multiplier Table row of a unit.
    pub fn multiplier_row(&self, u: UnitId) -> Option<&MultRow> {
        self.tables.fire.mult(&self.multiplier_id(u))
    }

    /// Whether hex `h` is behind field fortifications: a fortified hexside of it faces out
    /// toward its neighbour (F-3.5b: the `toward` side is the front).
    pub fn behind_fieldworks(&self, h: Hex) -> bool {
        Direction::ALL.iter().any(|&d| {
            self.board.side(h, d) & hs::FIELDWORKS != 0
                && self.board.toward(h, d) & hs::FIELDWORKS != 0
        })
    }

    /// French infantry in a redoubt, a walled farm or behind field fortifications, which fire
    /// at 2 hexes (F-2.4b D) and fire 1.5 times their strength (F-3.5a E, F-3.5b F).
    pub(crate) fn fire_fortified(&self, s: &State, u: UnitId, h: Hex) -> bool {
        self.units[usize::from(u)].nationality == Nationality::French
            && (self.board.hex(h).terrain == Terrain::WalledFarm
                || self.inside_redoubt(s, u)
                || self.behind_fieldworks(h))
    }

    /// How far `u` firing from `from` reaches in a fire of `kind` (12.0: the last range with
    /// a multiplier; 12.8: a Fire Reaction by guns only at short range).
    pub fn fire_range(&self, s: &State, u: UnitId, from: Hex, kind: FireKind) -> u32 {
        let Some(row) = self.multiplier_row(u) else {
            return 0;
        };
        let fortified =
            self.units[usize::from(u)].kind == Kind::Infantry && self.fire_fortified(s, u, from);
        // F-7.1d E: the Infernal Column's infantry fires at 1 hex.
        let mut reach = self.column_fire_reach(s, u, row.max_range(fortified));
        // F-10.1e (option): Ingoldsby's English infantry has no regimental guns, so it does
        // not fire at 2 hexes (F-2.4b C); skirmishers keep their range (F-2.4b B).
        let info = &self.units[usize::from(u)];
        if self.option("10.1e")
            && info.kind == Kind::Infantry
            && info.nationality == super::super::types::Nationality::English
            && s.unit(u).formation != super::super::types::Formation::Skirmish
        {
            reach = reach.min(1);
        }
        if kind == FireKind::Reaction && self.units[usize::from(u)].kind == Kind::Artillery {
            reach.min(u32::from(row.short_range))
        } else {
            reach
        }
    }

    /// Whether every gun that fires from `h` has `at` within short range (12.2i).
    pub(crate) fn all_short(
        &self,
        s: &State,
        o: &Occupancy,
        h: Hex,
        side: Side,
        kind: FireKind,
        at: Hex,
    ) -> bool {
        self.firing_units(s, o, h, Arm::Artillery, side, kind)
            .iter()
            .all(|&u| {
                self.multiplier_row(u)
                    .is_some_and(|r| h.distance(at) <= u32::from(r.short_range))
            })
    }

    /// The SP that fire from `from` with `arm` at `at` (12.3a, 12.4, 12.2g): `units` are the
    /// hex's firing units of that arm, top first.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn part(
        &self,
        s: &State,
        o: &Occupancy,
        from: Hex,
        arm: Arm,
        units: &[UnitId],
        at: Hex,
        sight: &Sight,
        kind: FireKind,
    ) -> Part {
        self.part_with(s, o, from, arm, units, at, sight, kind, &[])
    }

    /// [`Fontenoy::part`] with the SP the player allots to units (12.3c): an allotted unit
    /// fires its allotment, the others fill what is left of the hex's limit, top first. Units
    /// that split their fire fire only the SP they have not fired this segment.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn part_with(
        &self,
        s: &State,
        o: &Occupancy,
        from: Hex,
        arm: Arm,
        units: &[UnitId],
        _at: Hex,
        sight: &Sight,
        kind: FireKind,
        allot: &[Allot],
    ) -> Part {
        let unspent = |u: UnitId| i32::from(self.unspent_sp(s, kind, u));
        let allotted = |u: UnitId| allot.iter().find(|a| a.unit == u).map(|a| i32::from(a.sp));
        let ff = &self.tables.fire.formations;
        let m = &self.tables.fire.strength;
        let side = units
            .first()
            .map_or(Side(0), |&u| self.units[usize::from(u)].side);
        let col = if side == super::super::FRENCH { 0 } else { 2 };
        let stack = self.stack_at(s, o, from);
        // 18.7c: one Disordered unit disorders the group.
        let disordered = stack
            .iter()
            .chain(units.iter())
            .any(|&u| self.units[usize::from(u)].side == side && s.unit(u).disordered);
        let adj = |caps: [u8; 4]| -> i32 {
            let formed = i32::from(caps[col]);
            match (disordered, sight.partial) {
                (true, true) => times(formed, m.both),
                (true, false) => i32::from(caps[col + 1]),
                (false, true) => times(formed, m.partial),
                (false, false) => formed,
            }
        };
        let scale = |v: i32| -> i32 {
            match (disordered, sight.partial) {
                (true, true) => times(v, m.both),
                (true, false) => times(v, m.disordered),
                (false, true) => times(v, m.partial),
                (false, false) => v,
            }
        };
        let mut out = Vec::new();
        let cap_out: i32;
        match arm {
            Arm::Artillery => {
                let mut left = adj(ff.artillery).max(0);
                cap_out = left;
                // 12.3c: the allotted guns first.
                let mut fixed: Vec<(UnitId, i32)> = Vec::new();
                for &u in units {
                    if let Some(a) = allotted(u) {
                        let n = a.min(unspent(u)).min(left).max(0);
                        left -= n;
                        fixed.push((u, n));
                    }
                }
                // F-7.5b: one regimental gun fires from a hex.
                let mut regimental = false;
                for &u in units {
                    if self.units[usize::from(u)].regimental_gun() {
                        if regimental {
                            out.push((u, 0));
                            continue;
                        }
                        regimental = true;
                    }
                    let n = match fixed.iter().find(|&&(x, _)| x == u) {
                        Some(&(_, n)) => n,
                        None => {
                            let n = unspent(u).min(left);
                            left -= n;
                            n
                        }
                    };
                    let n = if sight.over_friends
                        && self.units[usize::from(u)].caliber.as_deref() == Some("howitzer")
                    {
                        times(n, m.howitzer)
                    } else {
                        n
                    };
                    out.push((u, n.clamp(0, 255) as u8));
                }
            }
            Arm::Infantry => {
                // F-7.5b: a regimental gun firing with its Division's infantry (regimental.rs)
                // fires its own SP, once a hex, on top of the Line (12.4b: counted in its cap
                // below).
                let (guns, units): (Vec<UnitId>, Vec<UnitId>) = units
                    .iter()
                    .partition(|&&u| self.units[usize::from(u)].regimental_gun());
                let units = units.as_slice();
                let f = units
                    .first()
                    .map_or(Formation::Line, |&u| s.unit(u).formation);
                let hexes = units
                    .first()
                    .and_then(|&u| s.unit(u).placed())
                    .map_or(1, |p| p.hexes.len());
                let index = units
                    .first()
                    .and_then(|&u| s.unit(u).placed())
                    .and_then(|p| p.hexes.as_slice().iter().position(|&h| h == from))
                    .unwrap_or(0);
                let share = |u: UnitId| -> i32 {
                    let sp = u16::from(s.unit(u).sp);
                    i32::from(spread(sp, hexes).nth(index).unwrap_or(sp))
                };
                let mut left = if f == Formation::Square {
                    // 12.2g: a third of the Square's SP at each target, at most the cap.
                    let total: i32 = units.iter().map(|&u| i32::from(s.unit(u).sp)).sum();
                    let per = round(total, 3).min(adj(ff.square_per_target));
                    // 12.4d: SP aimed into the guns' Frontal hexes do not fire.
                    let blocked = stack.iter().any(|&g| {
                        self.units[usize::from(g)].kind == Kind::Artillery
                            && s.unit(g).formation == super::super::types::Formation::Unlimbered
                            && s.unit(g).placed().is_some_and(|p| {
                                self.frontal_from(s.unit(g).formation, p, from, sight.lane)
                            })
                    });
                    if blocked { 0 } else { per }
                } else {
                    let caps = match f {
                        Formation::Hook => ff.hook,
                        Formation::AttackColumn => ff.attack_column,
                        Formation::Skirmish => ff.skirmish,
                        Formation::GeneralOrder => ff.general_order,
                        _ => ff.line,
                    };
                    let mut cap = adj(caps);
                    if matches!(f, Formation::Line | Formation::Hook) {
                        // 12.4b, 12.4c: guns on top of the group count first.
                        let top_inf = units.iter().map(|&u| s.unit(u).order).min().unwrap_or(0);
                        let guns: i32 = stack
                            .iter()
                            .filter(|&&g| {
                                self.units[usize::from(g)].kind == Kind::Artillery
                                    && self.units[usize::from(g)].side == side
                                    && s.unit(g).order < top_inf
                            })
                            .map(|&g| i32::from(s.unit(g).sp))
                            .sum();
                        cap -= guns.min(4);
                        // 12.3c: the Line SP chart's firing SP for the formation.
                        let total: u16 = units.iter().map(|&u| u16::from(s.unit(u).sp)).sum();
                        let ranks = usize::from(side == super::super::FRENCH);
                        if let Some(row) = self.tables.fire.line(total) {
                            let v = if hexes <= 1 {
                                row.fire_1[ranks]
                            } else {
                                row.fire_2[ranks].map_or(row.fire_1[ranks], |p| p[index.min(1)])
                            };
                            cap = cap.min(scale(i32::from(v)));
                        }
                    }
                    cap
                };
                left = left.max(0);
                cap_out = left;
                // 12.3c: the allotted units first, each within its unfired SP and the limit;
                // the others fill the rest, each from its share of the hex.
                let mut fixed: Vec<(UnitId, i32)> = Vec::new();
                for &u in units {
                    if let Some(a) = allotted(u) {
                        let n = a.min(unspent(u)).min(left).max(0);
                        left -= n;
                        fixed.push((u, n));
                    }
                }
                for &u in units {
                    let n = match fixed.iter().find(|&&(x, _)| x == u) {
                        Some(&(_, n)) => n,
                        None => {
                            let n = share(u).min(unspent(u)).min(left).max(0);
                            left -= n;
                            n
                        }
                    };
                    out.push((u, n.clamp(0, 255) as u8));
                }
                let mut gun_left = adj(ff.artillery).max(0);
                for (k, &g) in guns.iter().enumerate() {
                    let n = if k == 0 {
                        i32::from(s.unit(g).sp).min(gun_left)
                    } else {
                        0
                    };
                    gun_left -= n;
                    out.push((g, n.clamp(0, 255) as u8));
                }
            }
        }
        Part {
            hex: from,
            arm,
            sp: out,
            cap: cap_out.clamp(0, 255) as u8,
            sight: sight.clone(),
        }
    }

    /// The Fire Strength of a part fired at `at` (12.1, 12.3b: each type's SP × its
    /// multiplier, summed; 12.7 multiplier modifiers; F-3.5 ×1.5).
    pub(crate) fn part_strength(&self, s: &State, part: &Part, at: Hex, enfilade: bool) -> u32 {
        let m = &self.tables.fire.strength;
        let range = part.hex.distance(at);
        let mut total: i32 = 0;
        let mut french_fortified = !part.sp.is_empty();
        for &(u, n) in &part.sp {
            let info = &self.units[usize::from(u)];
            let fortified = self.fire_fortified(s, u, part.hex);
            french_fortified &= fortified;
            let Some(row) = self.multiplier_row(u) else {
                continue;
            };
            let base = i32::from(row.at_range(range, fortified && info.kind == Kind::Infantry));
            if base == 0 {
                continue;
            }
            let mut mult = if part.sight.halves {
                round_down(base * m.terrain.num, m.terrain.den.max(1))
            } else {
                base
            };
            if enfilade {
                mult += m.enfilade;
            }
            let terrain = self.board.hex(part.hex).terrain;
            let exempt = info.nationality == Nationality::French
                && (matches!(terrain, Terrain::WalledFarm | Terrain::Town)
                    || self.inside_redoubt(s, u));
            if s.unit(u).formation == Formation::GeneralOrder && !exempt {
                mult += m.general_order;
            }
            let fs = i32::from(n) * mult.max(0);
            // F-7.5b: a regimental gun without infantry of its Division in its hex fires at
            // half strength (rounded, 1.5b).
            // 12.4e: a gun firing from another hex of its Line is still where it stands.
            let own = s.unit(u).placed().map_or(part.hex, |p| p.hex());
            total += if info.regimental_gun() && self.regimental_alone(s, u, own) {
                round(fs, 2)
            } else {
                fs
            };
        }
        if french_fortified {
            total = times(total, m.french_fortified);
        }
        total.max(0) as u32
    }
}
