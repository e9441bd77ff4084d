//! The ER modifiers of a check: the asking rule's, Disorder +5 and the Disorder Check table's
//! (18.2, 18.5a), the standard Morale Check modifiers (19.8 a–h) as the Morale Check table
//! applies them to each check, the rally modifiers (19.9c), the grouped commander's ER bonus
//! (19.8d, 21.3) and Victoire! (F-8.3c).

use alloc::string::String;
use alloc::vec::Vec;

use super::{CheckKind, CheckReq, ErMod};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::board::{Terrain, side as hs};
use crate::fontenoy::geometry::{self, Arc};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::State;
use crate::fontenoy::types::{Formation, Morale, MoraleCheck, Nationality};
use crate::fontenoy::units::UnitId;
use crate::hex::Direction;

impl Fontenoy {
    /// The modified ER of `checker` (reading for `group`) on `req`, with each modifier named.
    pub(crate) fn modified_er(
        &self,
        s: &State,
        checker: UnitId,
        group: &[UnitId],
        req: CheckReq,
    ) -> (i16, Vec<ErMod>) {
        let info = &self.units[usize::from(checker)];
        let unit = s.unit(checker);
        let t = &self.tables.checks;
        let mut mods: Vec<ErMod> = Vec::new();
        let mut add = |what: &str, value: i16| {
            if value != 0 {
                mods.push(ErMod {
                    what: String::from(what),
                    value,
                });
            }
        };
        add("the asking rule", req.er_mod);
        // F-6.9c A: an army avenging its King.
        if s.armies[info.side.index()].revenge {
            add("revenge for the King (F-6.9c)", -5);
        }
        let commander = self
            .commanders_with(s, group)
            .into_iter()
            .map(|c| i16::from(self.units[usize::from(c)].er_bonus))
            // F-6.9a: the King's bonus as a commander's (the better one serves).
            .chain(self.king_er_bonus(s, checker).map(i16::from))
            .min();
        match req.kind {
            CheckKind::Disorder(d) => {
                add("the check's own modifier", t.disorder_mod("base", d));
                if unit.disordered {
                    add("Disordered (18.5a)", t.disorder_mod("disordered", d));
                }
                if let Some(b) = commander {
                    add(
                        "commander's ER bonus (21.3)",
                        b * t.disorder_mod("commander", d),
                    );
                }
            }
            CheckKind::Morale(m) => {
                let get = |id: &str| t.morale_mod(id, m);
                // 19.8a.
                if 2 * u16::from(unit.sp) <= u16::from(info.sp) {
                    add("half strength (19.8a)", get("half_strength").unwrap_or(0));
                }
                // 19.8b.
                let shaken = unit.morale == Morale::Shaken;
                match (shaken, unit.disordered) {
                    (true, true) => add(
                        "Disordered and Shaken (19.8b)",
                        get("disordered_and_shaken").unwrap_or(0),
                    ),
                    (true, false) => add("Shaken (19.8b, 19.6b)", get("shaken").unwrap_or(0)),
                    (false, true) => add("Disordered (19.8b)", get("disordered").unwrap_or(0)),
                    _ => {}
                }
                // 19.8c; F-2.9: no +5 for the French in General Order in a walled farm,
                // redoubt or town.
                let form = match unit.formation {
                    Formation::MarchColumn | Formation::RoadColumn => {
                        get("column_or_general_order")
                    }
                    Formation::GeneralOrder if !self.french_strongpoint(s, checker) => {
                        get("column_or_general_order")
                    }
                    Formation::Square => get("square"),
                    Formation::AttackColumn => get("attack_column"),
                    _ => None,
                };
                add("formation (19.8c)", form.unwrap_or(0));
                // 19.8d, 21.3: one commander, the best bonus (the owner's choice, 21.3; no
                // player would pick a worse one).
                if let (Some(b), Some(k)) = (commander, get("commander")) {
                    add("commander's ER bonus (19.8d)", b * k);
                }
                let o = Occupancy::build(self, s);
                if self.flanked(s, &o, checker) {
                    add("flanked (19.8e)", get("flanked").unwrap_or(0));
                }
                if self.supported_line(s, &o, checker) {
                    add("supported Line (19.8f)", get("supported_line").unwrap_or(0));
                }
                let side = info.side.index();
                let army = i16::from(s.armies[side].morale_modifier);
                if let Some(k) = get("army_morale") {
                    add("Army Morale (19.8g)", army * k);
                }
                if let Some(k) = get("terrain") {
                    add("terrain (19.8h)", self.terrain_morale(s, checker) * k);
                }
                // F-6.7: Furia Francese, French defenders in open ground.
                if matches!(m, MoraleCheck::B | MoraleCheck::G) && self.furia_francese(s, checker) {
                    add("Furia Francese (F-6.7)", 5);
                }
                // F-7.1d B: the Infernal Column's infantry.
                add("the Infernal Column (F-7.1d B)", self.column_er(s, checker));
                if unit.victoire {
                    add("Victoire! (F-8.3c)", get("victoire").unwrap_or(0));
                }
                if self.under_vive_le_roi(s, checker) {
                    add("Vive le Roi! (F-8.2f)", get("vive_le_roi").unwrap_or(0));
                }
                if m == MoraleCheck::I {
                    // 19.9c.
                    let in_ezoc = unit.placed().is_some_and(|p| {
                        p.hexes
                            .as_slice()
                            .iter()
                            .any(|&h| o.ezoc(self, h, info.side))
                    });
                    if in_ezoc {
                        add(
                            "rally in an enemy ZOC (19.9c)",
                            get("rally_in_ezoc").unwrap_or(0),
                        );
                    }
                    if unit.morale == Morale::Routed {
                        add(
                            "Routed unit rallying (19.9c)",
                            get("rally_routed").unwrap_or(0),
                        );
                    }
                }
            }
        }
        let er = i16::from(info.er) + mods.iter().map(|m| m.value).sum::<i16>();
        (er, mods)
    }

    /// F-2.9: a French unit in a walled farm, redoubt or town.
    fn french_strongpoint(&self, s: &State, u: UnitId) -> bool {
        self.units[usize::from(u)].nationality == Nationality::French
            && (self.inside_redoubt(s, u)
                || s.unit(u).placed().is_some_and(|p| {
                    p.hexes.as_slice().iter().any(|&h| {
                        matches!(
                            self.board.hex(h).terrain,
                            Terrain::WalledFarm | Terrain::Town
                        )
                    })
                }))
    }

    /// 19.8e: a non-Routed enemy combat unit in one of `u`'s Flank or Rear hexes.
    pub(crate) fn flanked(&self, s: &State, o: &Occupancy, u: UnitId) -> bool {
        let unit = s.unit(u);
        let Some(p) = unit.placed() else { return false };
        let side = self.units[usize::from(u)].side;
        let mut hit = false;
        for arc in [Arc::Flank, Arc::Rear] {
            geometry::for_each_in_arc(unit.formation, p, arc, |h| {
                hit |= o.combat_at(self, h).any(|x| {
                    self.units[usize::from(x)].side != side && s.unit(x).morale != Morale::Routed
                });
            });
        }
        hit
    }

    /// 19.8f: a Line or Hook whose every Flank hex holds a friendly combat unit neither Routed
    /// nor Shaken, or difficult terrain.
    pub(crate) fn supported_line(&self, s: &State, o: &Occupancy, u: UnitId) -> bool {
        let unit = s.unit(u);
        if !matches!(unit.formation, Formation::Line | Formation::Hook) {
            return false;
        }
        let Some(p) = unit.placed() else { return false };
        let side = self.units[usize::from(u)].side;
        let mut all = true;
        let mut any = false;
        geometry::for_each_in_arc(unit.formation, p, Arc::Flank, |h| {
            any = true;
            let difficult =
                self.board.on_map(h) && self.tables.fx(self.board.hex(h).terrain).difficult;
            let friend = o.combat_at(self, h).any(|x| {
                self.units[usize::from(x)].side == side && matches!(s.unit(x).morale, Morale::Good)
            });
            all &= difficult || friend;
        });
        any && all
    }

    /// 19.8h: the terrain's morale modifier (the skirmisher column for skirmishers, F-2.10c),
    /// with the field fortifications the unit stands behind (F-9.1C); for a multi-hex unit the
    /// least favourable hex.
    pub(crate) fn terrain_morale(&self, s: &State, u: UnitId) -> i16 {
        let unit = s.unit(u);
        let Some(p) = unit.placed() else { return 0 };
        let col = usize::from(self.is_skirmisher(s, u));
        let cavalry = self.units[usize::from(u)].kind == super::super::types::Kind::Cavalry;
        p.hexes
            .as_slice()
            .iter()
            .map(|&h| {
                // F-5.5c: the sunken road's column only where its effects count.
                let fx = self.tables.fx(self.combat_terrain(s, u, h));
                let mut m = i16::from(fx.morale[col]);
                // F-2.8b: cavalry in woods, a village or a town has no morale benefit there.
                if cavalry && fx.cavalry_hampered {
                    m = m.max(0);
                }
                for d in Direction::ALL {
                    let works = self.board.side(h, d) & hs::FIELDWORKS;
                    // Behind the works: the hex across is their front.
                    let front = self.board.toward(h, d) & works;
                    for (bit, _) in hs::IDS {
                        if front & bit != 0 {
                            m += i16::from(self.tables.checks.side_morale(bit));
                        }
                    }
                }
                m
            })
            .max()
            .unwrap_or(0)
    }

    /// Whether `u` stands in a redoubt or behind field fortifications (F-8.3b).
    pub(crate) fn fortified(&self, s: &State, u: UnitId) -> bool {
        let Some(p) = s.unit(u).placed() else {
            return false;
        };
        self.inside_redoubt(s, u)
            || p.hexes.as_slice().iter().any(|&h| {
                Direction::ALL
                    .iter()
                    .any(|&d| self.board.toward(h, d) & self.board.side(h, d) & hs::FIELDWORKS != 0)
            })
    }
}
