//! The fire charts of the booklet (12.0–12.11, F-8.5–F-8.7), typed once: the Fire Combat
//! Table, the Fire Multiplier and Range Table, the Firing Formations Table, the Infantry Line
//! Formation SP chart's firing columns, the target size and other die modifiers, the fire
//! strength modifiers, the hexside fire values and the three Special Fire Results tables.
//! Each is read from its `-provisional` twin when the scenario has it (docs/fontenoy-charts.md).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::data::{Chart, DataError, Mode, Value};

/// One cell of the Fire Combat Table (12.9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FireResult {
    /// `-`: no effect.
    #[default]
    NoEffect,
    /// `R/D`: Return Fire in the segment, a Disorder Check in reactions and Defensive Fire
    /// (12.9i).
    Rd,
    /// SP lost (1–6).
    Loss(u8),
}

/// The Special Fire Combat Results (F-8.5, F-8.6, F-8.7), by name: the artillery table prints
/// "Low Ammo" and "Ammo Exhausted" too, with its own effects, so the table a result comes from
/// tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Special {
    /// F-8.5a.
    FreeFire,
    /// F-8.5b.
    FullVolley,
    /// F-8.5c, F-8.6e.
    RegimentalGuns,
    /// F-8.5d, F-8.7d (second).
    LowAmmo,
    /// F-8.5e, F-8.7e.
    AmmoExhausted,
    /// F-8.5f, F-8.6g, F-8.7g.
    HeavySmoke,
    /// F-8.5g.
    DutchRifles,
    /// F-8.6a.
    EnglishTaunting,
    /// F-8.6b.
    FrenchPolitesse,
    /// F-8.6c.
    DutchHesitation,
    /// F-8.6d.
    WhitesOfTheirEyes,
    /// F-8.6f.
    PrematureFire,
    /// F-8.7a.
    RapidFire,
    /// F-8.7b.
    AccurateFire,
    /// F-8.7c.
    CaissonExplosion,
    /// F-8.7d.
    WildFire,
}

impl Special {
    /// The name as the tables print it.
    pub const fn name(self) -> &'static str {
        match self {
            Special::FreeFire => "Free Fire",
            Special::FullVolley => "Full Volley",
            Special::RegimentalGuns => "Regimental Guns",
            Special::LowAmmo => "Low Ammo",
            Special::AmmoExhausted => "Ammo Exhausted",
            Special::HeavySmoke => "Heavy Smoke",
            Special::DutchRifles => "Dutch Rifles",
            Special::EnglishTaunting => "English Taunting",
            Special::FrenchPolitesse => "French Politesse",
            Special::DutchHesitation => "Dutch Hesitation",
            Special::WhitesOfTheirEyes => "Whites of Their Eyes",
            Special::PrematureFire => "Premature Fire",
            Special::RapidFire => "Rapid Fire",
            Special::AccurateFire => "Accurate Fire",
            Special::CaissonExplosion => "Caisson Explosion",
            Special::WildFire => "Wild Fire",
        }
    }

    fn parse(s: &str) -> Option<Special> {
        const ALL: [Special; 16] = [
            Special::FreeFire,
            Special::FullVolley,
            Special::RegimentalGuns,
            Special::LowAmmo,
            Special::AmmoExhausted,
            Special::HeavySmoke,
            Special::DutchRifles,
            Special::EnglishTaunting,
            Special::FrenchPolitesse,
            Special::DutchHesitation,
            Special::WhitesOfTheirEyes,
            Special::PrematureFire,
            Special::RapidFire,
            Special::AccurateFire,
            Special::CaissonExplosion,
            Special::WildFire,
        ];
        ALL.into_iter().find(|x| x.name() == s)
    }
}

/// The Fire Combat Table's columns, lowest first (12.1; F-5.3: 1:3 is the lowest).
pub const COLUMNS: [&str; 7] = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"];

/// One row of the Fire Multiplier and Range Table (F-1.6f).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MultRow {
    /// The unit type id (`french_infanterie`, `english_6pdr`...).
    pub id: String,
    /// Artillery: the short range (12.2i, 12.8, 12.9f); infantry: its range.
    pub short_range: u8,
    /// The multiplier at 1 to 16 hexes (0 = no fire).
    pub at: [u8; 16],
    /// The 2-hex multiplier of French infantry in fortifications (F-2.4b D).
    pub r2_fortified: u8,
}

impl MultRow {
    /// The multiplier at `range` hexes (`fortified`: French infantry in a redoubt, walled farm
    /// or behind field fortifications, F-2.4b D).
    pub fn at_range(&self, range: u32, fortified: bool) -> u8 {
        if range == 2 && fortified && self.r2_fortified > 0 {
            return self.r2_fortified;
        }
        match range {
            1..=16 => self.at[range as usize - 1],
            _ => 0,
        }
    }

    /// The longest range with a multiplier.
    pub fn max_range(&self, fortified: bool) -> u32 {
        let base = self
            .at
            .iter()
            .rposition(|&m| m > 0)
            .map_or(0, |i| i as u32 + 1);
        if fortified && self.r2_fortified > 0 {
            base.max(2)
        } else {
            base
        }
    }
}

/// Most firing SP per hex (or per target) of one row of the Firing Formations Table: French
/// formed, French Disordered, Allied formed, Allied Disordered (12.3a).
pub type Caps = [u8; 4];

/// The Firing Formations Table (12.3a, 12.2g, 12.4c, F-3.5a D).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FiringFormations {
    /// A Line hex.
    pub line: Caps,
    /// A Hook hex.
    pub hook: Caps,
    /// Attack Column.
    pub attack_column: Caps,
    /// Skirmish order.
    pub skirmish: Caps,
    /// General Order, per hexside.
    pub general_order: Caps,
    /// A Square, per target.
    pub square_per_target: Caps,
    /// A Square, in all.
    pub square_total: Caps,
    /// Artillery per hex.
    pub artillery: Caps,
}

/// One row of the Infantry Line Formation SP chart (8.1a, 12.3c), by the formation's SP.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LineSp {
    /// Most hexes in three ranks and four ranks.
    pub hexes: [u8; 2],
    /// Firing SP of a 1-hex Line, three and four ranks.
    pub fire_1: [u8; 2],
    /// Firing SP of each hex of a 2-hex Line (right, left), three and four ranks; `None` when
    /// the SP cannot form two hexes.
    pub fire_2: [Option<[u8; 2]>; 2],
}

/// An exact fraction from the fire strength modifiers chart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Frac {
    /// Numerator.
    pub num: i32,
    /// Denominator (positive).
    pub den: i32,
}

/// The fire strength and multiplier modifiers (12.3a, 12.6d, 12.7, F-2.9, F-3.5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct StrengthMods {
    /// Disordered firing SP (round).
    pub disordered: Frac,
    /// Partial LOS firing SP (round).
    pub partial: Frac,
    /// Both (round).
    pub both: Frac,
    /// A howitzer over friendly units (round).
    pub howitzer: Frac,
    /// Terrain halving the multiplier (round down).
    pub terrain: Frac,
    /// Enfilade, added to the multiplier.
    pub enfilade: i32,
    /// General Order, added to the multiplier.
    pub general_order: i32,
    /// French units fortified, on the fire strength (round).
    pub french_fortified: Frac,
}

/// The die roll modifiers the rules state (12.1, 12.5f, 13.10g, F-8.5f, F-8.7g).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FireDrms {
    /// A Skirmisher target (12.5f).
    pub skirmisher: i32,
    /// Defensive Fire at cavalry (13.10g).
    pub defensive_vs_cavalry: i32,
    /// Defensive Fire at infantry (13.10g).
    pub defensive_vs_infantry: i32,
    /// Per full step above 5:1 (12.1).
    pub per_step_above_5: i32,
    /// Heavy Smoke, infantry at 1 hex (F-8.5f).
    pub heavy_smoke_infantry: i32,
    /// Heavy Smoke, artillery per hex of range (F-8.7g).
    pub heavy_smoke_per_hex: i32,
}

/// A hexside feature's fire values (F-9.3, F-3.5b D).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SideFire {
    /// The feature's bit (`board::side`).
    pub bit: u16,
    /// Added to the Defense Rating of a target across it (its protected side).
    pub defense_bonus: u8,
    /// The fire strength of units firing out across its front.
    pub strength_out: Frac,
    /// How it blocks LOS: 0 never, 1 unless the firer is next to it, 2 the slope rules
    /// (F-9.4D: a unit sees across only when next to it).
    pub blocks: u8,
}

/// Every fire chart.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FireTables {
    /// The Fire Combat Table: rows for a modified roll of -1 or less, 0 to 99, 100 or more;
    /// columns [`COLUMNS`].
    pub table: Vec<[FireResult; 7]>,
    /// The Fire Multiplier and Range Table, by row.
    pub multipliers: Vec<MultRow>,
    /// The Firing Formations Table.
    pub formations: FiringFormations,
    /// The Infantry Line Formation SP chart, by SP (index 0 = 1 SP).
    pub line_sp: Vec<LineSp>,
    /// Target size modifiers by size (index = size; the last entry serves larger sizes).
    pub target_size: Vec<i32>,
    /// Die modifiers.
    pub drms: FireDrms,
    /// Strength modifiers.
    pub strength: StrengthMods,
    /// Hexside features.
    pub sides: Vec<SideFire>,
    /// Special Infantry Fire Results: rows 0–9, columns French, Dutch, English, Hanoverian,
    /// Austrian.
    pub special_infantry: [[Option<Special>; 5]; 10],
    /// Special Artillery Fire Results, likewise.
    pub special_artillery: [[Option<Special>; 5]; 10],
    /// Special Defensive Fire Results, likewise.
    pub special_defensive: [[Option<Special>; 5]; 10],
}

/// The special results' nationality columns.
pub const NATIONS: [&str; 5] = ["french", "dutch", "english", "hanoverian", "austrian"];

impl FireTables {
    /// Reads every fire chart through `chart` (a scenario's, or the built-in library's): each
    /// `fontenoy/<name>-provisional` when there is one, else `fontenoy/<name>`.
    pub fn read<'a>(chart: impl Fn(&str) -> Option<&'a Chart>) -> Result<FireTables, DataError> {
        let get = |name: &str| -> Result<&'a Chart, DataError> {
            chart(&format!("fontenoy/{name}-provisional"))
                .or_else(|| chart(&format!("fontenoy/{name}")))
                .ok_or_else(|| {
                    DataError::new(
                        "fontenoy",
                        "charts",
                        format!("the fire rules need the chart fontenoy/{name}"),
                    )
                })
        };
        let int = |c: &Chart, row: usize, col: &str| -> Result<i64, DataError> {
            Ok(c.get_at(row, col, Mode::Lenient)?
                .and_then(Value::as_int)
                .unwrap_or(0))
        };
        // The Fire Combat Table.
        let fct = get("fire-combat-table")?;
        let mut table = Vec::with_capacity(102);
        for roll in -1..=100i64 {
            let row = fct.row_for_roll(roll).ok_or_else(|| {
                DataError::new(&fct.id, "rows", format!("no row for roll {roll}"))
            })?;
            let mut cells = [FireResult::NoEffect; 7];
            for (i, col) in COLUMNS.iter().enumerate() {
                let v = fct.get_at(row, col, Mode::Lenient)?;
                cells[i] = match v.and_then(Value::as_str) {
                    Some("R/D") => FireResult::Rd,
                    Some(n) => n
                        .parse::<u8>()
                        .map_or(FireResult::NoEffect, FireResult::Loss),
                    None => FireResult::NoEffect,
                };
            }
            table.push(cells);
        }
        // Multipliers.
        let fm = get("fire-multipliers")?;
        let mut multipliers = Vec::with_capacity(fm.rows.len());
        for row in 0..fm.rows.len() {
            let id = fm
                .get_at(row, "type", Mode::Lenient)?
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            let mut at = [0u8; 16];
            for (k, m) in at.iter_mut().enumerate() {
                *m = int(fm, row, &format!("r{}", k + 1))?.clamp(0, 99) as u8;
            }
            multipliers.push(MultRow {
                id,
                short_range: int(fm, row, "short_range")?.clamp(0, 99) as u8,
                at,
                r2_fortified: int(fm, row, "r2_fortified")?.clamp(0, 99) as u8,
            });
        }
        // Firing formations.
        let ff = get("firing-formations")?;
        let caps = |key: &str| -> Result<Caps, DataError> {
            let row = ff
                .row_index(key)
                .ok_or_else(|| DataError::new(&ff.id, "rows", format!("no row {key}")))?;
            let mut out = [0u8; 4];
            for (i, col) in [
                "french_formed",
                "french_disordered",
                "allied_formed",
                "allied_disordered",
            ]
            .iter()
            .enumerate()
            {
                out[i] = int(ff, row, col)?.clamp(0, 99) as u8;
            }
            Ok(out)
        };
        let formations = FiringFormations {
            line: caps("line_per_hex")?,
            hook: caps("hook_per_hex")?,
            attack_column: caps("attack_column")?,
            skirmish: caps("skirmish")?,
            general_order: caps("general_order_per_hexside")?,
            square_per_target: caps("square_per_target")?,
            square_total: caps("square_total")?,
            artillery: caps("artillery_per_hex")?,
        };
        // The Line SP chart's firing columns.
        let ls = get("infantry-line-sp")?;
        let mut line_sp = Vec::new();
        for sp in 1..=24 {
            let Some(row) = ls.row_index(&sp.to_string()) else {
                break;
            };
            let pair = |col: &str| -> Result<Option<[u8; 2]>, DataError> {
                Ok(match ls.get_at(row, col, Mode::Lenient)? {
                    Some(Value::Ints(v)) if v.len() == 2 => {
                        Some([v[0].clamp(0, 99) as u8, v[1].clamp(0, 99) as u8])
                    }
                    _ => None,
                })
            };
            line_sp.push(LineSp {
                hexes: [
                    int(ls, row, "hexes_3_rank")?.clamp(1, 2) as u8,
                    int(ls, row, "hexes_4_rank")?.clamp(1, 2) as u8,
                ],
                fire_1: [
                    int(ls, row, "fire_1_hex_3_rank")?.clamp(0, 99) as u8,
                    int(ls, row, "fire_1_hex_4_rank")?.clamp(0, 99) as u8,
                ],
                fire_2: [pair("fire_2_hex_3_rank")?, pair("fire_2_hex_4_rank")?],
            });
        }
        // Target size.
        let ts = get("fire-target-size")?;
        let mut target_size = Vec::new();
        for size in 0..=64i64 {
            let v = match ts.row_for_roll(size) {
                Some(row) => int(ts, row, "drm")? as i32,
                None if size == 0 => 0,
                None => target_size.last().copied().unwrap_or(0),
            };
            target_size.push(v);
        }
        // Die modifiers.
        let md = get("fire-modifiers")?;
        let drm = |key: &str| -> Result<i32, DataError> {
            let row = md
                .row_index(key)
                .ok_or_else(|| DataError::new(&md.id, "rows", format!("no row {key}")))?;
            Ok(int(md, row, "drm")? as i32)
        };
        let drms = FireDrms {
            skirmisher: drm("skirmisher_target")?,
            defensive_vs_cavalry: drm("defensive_fire_vs_cavalry")?,
            defensive_vs_infantry: drm("defensive_fire_vs_infantry")?,
            per_step_above_5: drm("ratio_above_5_to_1_per_step")?,
            heavy_smoke_infantry: drm("heavy_smoke_infantry")?,
            heavy_smoke_per_hex: drm("heavy_smoke_artillery_per_hex")?,
        };
        // Strength modifiers.
        let sm = get("fire-strength-modifiers")?;
        let frac = |key: &str| -> Result<Frac, DataError> {
            let row = sm
                .row_index(key)
                .ok_or_else(|| DataError::new(&sm.id, "rows", format!("no row {key}")))?;
            Ok(match sm.get_at(row, "value", Mode::Lenient)? {
                Some(Value::Ratio(r)) => Frac {
                    num: r.num as i32,
                    den: r.den.max(1) as i32,
                },
                Some(Value::Int(n)) => Frac {
                    num: *n as i32,
                    den: 1,
                },
                _ => Frac { num: 1, den: 1 },
            })
        };
        let strength = StrengthMods {
            disordered: frac("disordered")?,
            partial: frac("partial_los")?,
            both: frac("disordered_and_partial_los")?,
            howitzer: frac("howitzer_over_friends")?,
            terrain: frac("terrain_halving")?,
            enfilade: frac("enfilade")?.num,
            general_order: frac("general_order")?.num,
            french_fortified: frac("french_fortified")?,
        };
        // Hexside features.
        let hs = get("hexside-effects")?;
        let mut sides = Vec::new();
        for (bit, id) in super::super::board::side::IDS {
            let Some(row) = hs.row_index(id) else {
                continue;
            };
            let strength_out = match hs.get_at(row, "fire_strength_out", Mode::Lenient)? {
                Some(Value::Ratio(r)) => Frac {
                    num: r.num as i32,
                    den: r.den.max(1) as i32,
                },
                _ => Frac { num: 1, den: 1 },
            };
            let blocks = match hs
                .get_at(row, "blocks_los", Mode::Lenient)?
                .and_then(Value::as_str)
            {
                Some("unless_firer_adjacent") => 1,
                Some("slope_rules") => 2,
                _ => 0,
            };
            sides.push(SideFire {
                bit,
                defense_bonus: int(hs, row, "fire_defense_bonus")?.clamp(0, 99) as u8,
                strength_out,
                blocks,
            });
        }
        let special = |name: &str| -> Result<[[Option<Special>; 5]; 10], DataError> {
            let c = get(name)?;
            let mut out = [[None; 5]; 10];
            for (roll, row_out) in out.iter_mut().enumerate() {
                let Some(row) = c.row_for_roll(roll as i64) else {
                    continue;
                };
                for (k, nation) in NATIONS.iter().enumerate() {
                    row_out[k] = c
                        .get_at(row, nation, Mode::Lenient)?
                        .and_then(Value::as_str)
                        .and_then(Special::parse);
                }
            }
            Ok(out)
        };
        Ok(FireTables {
            table,
            multipliers,
            formations,
            line_sp,
            target_size,
            drms,
            strength,
            sides,
            special_infantry: special("special-infantry-fire")?,
            special_artillery: special("special-artillery-fire")?,
            special_defensive: special("special-defensive-fire")?,
        })
    }

    /// The fire charts of the built-in library (tests and boards built by hand).
    pub fn builtin() -> FireTables {
        match crate::data::Library::builtin() {
            Ok(lib) => FireTables::read(|id| lib.chart(id)).unwrap_or_default(),
            Err(_) => FireTables::default(),
        }
    }

    /// The Fire Combat Table's result for modified roll `roll` in column `col` (0 = 1:3).
    pub fn result(&self, col: usize, roll: i32) -> FireResult {
        let i = (roll.clamp(-1, 100) + 1) as usize;
        self.table
            .get(i)
            .and_then(|r| r.get(col.min(6)))
            .copied()
            .unwrap_or_default()
    }

    /// The multiplier row `id`.
    pub fn mult(&self, id: &str) -> Option<&MultRow> {
        self.multipliers.iter().find(|m| m.id == id)
    }

    /// The target size modifier (12.5e).
    pub fn size_drm(&self, size: u32) -> i32 {
        let i = (size as usize).min(self.target_size.len().saturating_sub(1));
        self.target_size.get(i).copied().unwrap_or(0)
    }

    /// The hexside fire values of feature `bit`.
    pub fn side(&self, bit: u16) -> Option<&SideFire> {
        self.sides.iter().find(|s| s.bit == bit)
    }

    /// The Line SP row for `sp` infantry SP (the last row for more).
    pub fn line(&self, sp: u16) -> Option<&LineSp> {
        if sp == 0 {
            return None;
        }
        let i = usize::from(sp - 1).min(self.line_sp.len().saturating_sub(1));
        self.line_sp.get(i)
    }
}
