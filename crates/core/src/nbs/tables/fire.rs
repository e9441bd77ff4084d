//! Fire: the Fire Point Tables (20.1, 23.1h, 27.3), the Cavalry Attack Table (24.1E), the Fire
//! Table modifiers (20.3, 24.0) and the Fire Combat Table (20.0, 20.4).

use alloc::format;
use alloc::vec::Vec;

use super::{Src, Tables, id_enum};
use crate::data::{DataError, DieRange, ResolvedScenario};
use crate::nbs::types::{Fp, GunWeight, Seq66};

/// An infantry formation as the small-arms Fire Point Table lists it (20.1, 11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmallArms {
    /// Line.
    Line,
    /// French "mixed" column.
    FrenchColumn,
    /// Any other nation's column.
    Column,
    /// Square (one table for every square fire, ERR-20).
    Square,
}

/// Small-arms range: close combat (23.1h) or one hex (20.2c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Range {
    /// Fire inside a close combat or a charge resolution.
    CloseCombat,
    /// Fire at an adjacent hex.
    OneHex,
}

/// One part of a fire level as the Fire Point Tables read it ([`crate::nbs::types::FireLevel::parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// A (levels above A fire as A, 6.5c).
    A,
    /// B.
    B,
    /// C.
    C,
}

/// Skirmisher nationality on the skirmisher Fire Point Table (11.5, 20.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nationality {
    /// French skirmishers.
    French,
    /// Everyone else.
    Other,
}

/// Skirmisher strength (11.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SkirmisherStrength {
    /// Full-strength side.
    Full,
    /// Reduced side.
    Reduced,
}

/// A result of the Fire Combat Table (20.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FireResult {
    /// No effect.
    #[default]
    NoEffect,
    /// A morale check; `up` is the number of rows the check is shifted ("MC Up One" = 1,
    /// "MC Up Two" = 2, plain "MC" = 0). Read as rows up (better) by default (digest 8.4 item
    /// 17).
    MoraleCheck {
        /// Rows of shift.
        up: u8,
    },
    /// Casualties and stragglers; every loss also calls for a morale check (20.4a).
    Loss {
        /// Strength points lost for good.
        casualties: u8,
        /// Strength points that become stragglers.
        stragglers: u8,
    },
}

impl FireResult {
    /// Whether the target must check morale (every result but no effect, 20.4a).
    pub const fn morale_check(self) -> bool {
        !matches!(self, FireResult::NoEffect)
    }

    fn parse(s: &str) -> Option<FireResult> {
        Some(match s {
            "NE" => FireResult::NoEffect,
            "MC" => FireResult::MoraleCheck { up: 0 },
            "MC Up One" => FireResult::MoraleCheck { up: 1 },
            "MC Up Two" => FireResult::MoraleCheck { up: 2 },
            _ => {
                let (c, s) = match s.split_once(',') {
                    Some((c, rest)) => {
                        let inner = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
                        (c.trim(), inner.trim())
                    }
                    None => (s.trim(), "0"),
                };
                FireResult::Loss {
                    casualties: c.parse().ok()?,
                    stragglers: s.parse().ok()?,
                }
            }
        })
    }
}

id_enum! {
    /// A line of the Fire Table Modifiers for regular fires (20.3; chart `nbs/fire-modifiers`).
    /// Each printed line counts at most once per combat (20.3b): see [`Tables::fire_modifier_line`].
    FireMod {
        /// Every fire crosses an up slope or extreme slope hexside (20.3c).
        UpSlope = "up_slope",
        /// The target hex holds only skirmishers.
        TargetSkirmisherOnly = "target_skirmisher_only",
        /// The target is in protected terrain (town, city, walled farm).
        TargetProtectedTerrain = "target_protected_terrain",
        /// Skirmishers only, in protected terrain.
        TargetSkirmisherOnlyInProtectedTerrain = "target_skirmisher_only_in_protected_terrain",
        /// Skirmishers only, in forest.
        TargetSkirmisherOnlyInForest = "target_skirmisher_only_in_forest",
        /// Sunken road or trench, for a target in line or skirmish order.
        SunkenRoadOrTrench = "sunken_road_or_trench",
        /// Night turn.
        Night = "night",
        /// Infantry, skirmishers or artillery in a redoubt.
        Redoubt = "redoubt",
        /// The defender's own fire in a close combat or charge when it is struck in the flank.
        DefenderFlankInCloseCombat = "defender_fire_struck_in_flank",
        /// Limbered target.
        TargetLimbered = "target_limbered",
        /// Flank target (13.0b).
        Flank = "flank_target",
        /// Routed target.
        TargetRouted = "target_routed",
        /// Disorganized target.
        TargetDisorganized = "target_disorganized",
        /// Cavalry target (+1 after ERR-21).
        TargetCavalry = "target_cavalry",
        /// Target in column.
        TargetColumn = "target_column",
        /// Massed target (AA or more in the hex).
        TargetMassed = "target_massed",
        /// Target in square.
        TargetSquare = "target_square",
    }
}

id_enum! {
    /// A line of the Fire Table Modifiers for fires by cavalry alone (24.0; chart
    /// `nbs/cavalry-fire-modifiers`).
    CavFireMod {
        /// The defender's fire when the cavalry strikes its flank.
        DefenderFlank = "defender_fire_struck_in_flank",
        /// The target is heavy cavalry only.
        TargetHeavyCavalryOnly = "target_heavy_cavalry_only",
        /// The firer is heavy cavalry, or heavy and light together.
        FirerHeavyOrMixed = "firer_heavy_or_mixed_cavalry",
    }
}

/// A Cavalry Attack Table row (24.1E).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CavTarget {
    /// Infantry in square.
    Square,
    /// Cavalry.
    Cavalry,
    /// Infantry in column.
    InfantryColumn,
    /// Infantry in line.
    InfantryLine,
    /// Anything else: DG or routed units, flank targets, unprotected artillery and skirmishers.
    Other,
}

/// A Cavalry Attack Table column: the charging cavalry's fire level (24.1E).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CavLevel {
    /// AB or more.
    ABPlus,
    /// A.
    A,
    /// B.
    B,
    /// C.
    C,
}

const CAV_TARGET_ROWS: [&str; 5] = ["Square", "Cavalry", "Inf Column", "Inf Line", "Other"];
const CAV_LEVEL_COLS: [&str; 4] = ["AB+", "A", "B", "C"];
const ART_COLS: [&str; 9] = [
    "close_combat",
    "1",
    "2",
    "3",
    "4",
    "5-6",
    "5-6",
    "7-8",
    "7-8",
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct FireData {
    /// [formation][range][part], quarters.
    small_arms: [[[u32; 3]; 2]; 4],
    /// [nationality][strength][range], quarters.
    skirmisher: [[[u32; 2]; 2]; 2],
    /// [weight][gp - 1][range 0..=8], quarters.
    artillery: [[[u32; 9]; 5]; 2],
    /// [target][level], quarters.
    cavalry_attack: [[u32; 4]; 5],
    /// Per [`FireMod`]: (printed line, value).
    mods: Vec<(u8, i8)>,
    /// Per [`CavFireMod`]: (printed line, value).
    cav_mods: Vec<(u8, i8)>,
    /// Column (1-based, index + 1) by roll index.
    results: Vec<[FireResult; 36]>,
}

fn mod_lines<E: Copy>(
    src: &Src<'_>,
    all: &[E],
    from_id: fn(&str) -> Option<E>,
    index: fn(E) -> usize,
    name: fn(E) -> &'static str,
) -> Result<Vec<(u8, i8)>, DataError> {
    let values = src.id_list_full(all, from_id, index, name, "modifier")?;
    all.iter()
        .zip(values)
        .map(|(e, v)| Ok((src.u8(name(*e), "line")?, v)))
        .collect()
}

impl FireData {
    pub(super) fn read(sc: &ResolvedScenario, strict: bool) -> Result<FireData, DataError> {
        let sa = Src::new(sc, "nbs/small-arms-chart", strict)?;
        let mut small_arms = [[[0u32; 3]; 2]; 4];
        for (f, fname) in ["line", "french-column", "column", "square"]
            .iter()
            .enumerate()
        {
            for (r, rname) in ["cc", "1"].iter().enumerate() {
                let key = format!("{fname}-{rname}");
                for (p, pname) in ["A", "B", "C"].iter().enumerate() {
                    small_arms[f][r][p] = sa.units(&key, pname, 4)?;
                }
            }
        }
        let sk = Src::new(sc, "nbs/skirmisher-fire-points", strict)?;
        let mut skirmisher = [[[0u32; 2]; 2]; 2];
        for (n, nname) in ["french", "nonfrench"].iter().enumerate() {
            for (s, sname) in ["full", "reduced"].iter().enumerate() {
                for (r, rname) in ["cc", "1"].iter().enumerate() {
                    skirmisher[n][s][r] = sk.units(&format!("{nname}-{rname}"), sname, 4)?;
                }
            }
        }
        let mut artillery = [[[0u32; 9]; 5]; 2];
        for (w, id) in [
            "nbs/light-artillery-fire-points",
            "nbs/heavy-artillery-fire-points",
        ]
        .iter()
        .enumerate()
        {
            let src = Src::new(sc, id, strict)?;
            for gp in 1..=5u8 {
                let key = format!("{gp}");
                for (range, col) in ART_COLS.iter().enumerate() {
                    artillery[w][usize::from(gp - 1)][range] = src.units(&key, col, 4)?;
                }
            }
        }
        let cat = Src::new(sc, "nbs/cavalry-attack-table", strict)?;
        let mut cavalry_attack = [[0u32; 4]; 5];
        for (t, row) in CAV_TARGET_ROWS.iter().enumerate() {
            for (l, col) in CAV_LEVEL_COLS.iter().enumerate() {
                cavalry_attack[t][l] = cat.units(row, col, 4)?;
            }
        }
        let mods = mod_lines(
            &Src::new(sc, "nbs/fire-modifiers", strict)?,
            FireMod::ALL,
            FireMod::from_id,
            |m| m as usize,
            FireMod::id,
        )?;
        let cav_mods = mod_lines(
            &Src::new(sc, "nbs/cavalry-fire-modifiers", strict)?,
            CavFireMod::ALL,
            CavFireMod::from_id,
            |m| m as usize,
            CavFireMod::id,
        )?;
        let fct = Src::new(sc, "nbs/fire-combat-table", strict)?;
        let keys = fct.keys();
        let mut results = Vec::with_capacity(keys.len());
        for (i, key) in keys.iter().enumerate() {
            let printed = i as i64 + 1;
            if !DieRange::parse(key).is_some_and(|d| d.contains(printed)) {
                return Err(fct.err(
                    key,
                    "fire_points",
                    format!("row {i} should be the fire point column {printed}"),
                ));
            }
            results.push(fct.d66_row(|s, roll| {
                let t = s.text(key, roll)?;
                FireResult::parse(&t)
                    .ok_or_else(|| s.err(key, roll, format!("cannot read the fire result {t:?}")))
            })?);
        }
        if results.len() < 2 || results.len() > usize::from(u8::MAX) {
            return Err(fct.err(
                "-",
                "fire_points",
                "the table needs between 2 and 255 columns",
            ));
        }
        Ok(FireData {
            small_arms,
            skirmisher,
            artillery,
            cavalry_attack,
            mods,
            cav_mods,
            results,
        })
    }
}

impl Tables {
    /// Small-arms fire points of one firing unit part (20.1, 23.1h; Fire Point Tables).
    pub fn small_arms_fp(&self, formation: SmallArms, range: Range, part: Part) -> Fp {
        Fp(self.fire.small_arms[formation as usize][range as usize][part as usize])
    }

    /// Skirmisher fire points (11.5, 20.1; Fire Point Tables).
    pub fn skirmisher_fp(
        &self,
        nationality: Nationality,
        strength: SkirmisherStrength,
        range: Range,
    ) -> Fp {
        Fp(self.fire.skirmisher[nationality as usize][strength as usize][range as usize])
    }

    /// Artillery fire points (27.3) of a battery of `gun_points` at `range` hexes (0 = close
    /// combat). 0 GP or a range beyond 8 gives nothing; more than 5 GP reads the 5 row (a
    /// hex holds at most 5 GP).
    pub fn artillery_fp(&self, weight: GunWeight, gun_points: u8, range: u8) -> Fp {
        if gun_points == 0 || range > 8 {
            return Fp::ZERO;
        }
        let w = match weight {
            GunWeight::Light => 0,
            GunWeight::Heavy => 1,
        };
        Fp(self.fire.artillery[w][usize::from(gun_points.min(5) - 1)][usize::from(range)])
    }

    /// Fire points of charging cavalry on the Cavalry Attack Table (24.1E), before any halving
    /// for blown or stationary cavalry.
    pub fn cavalry_attack_fp(&self, target: CavTarget, level: CavLevel) -> Fp {
        Fp(self.fire.cavalry_attack[target as usize][level as usize])
    }

    /// The column shift of a regular-fire modifier (20.3).
    pub fn fire_modifier(&self, m: FireMod) -> i8 {
        self.fire.mods[m as usize].1
    }

    /// The printed line of a regular-fire modifier; one line counts once per combat (20.3b).
    pub fn fire_modifier_line(&self, m: FireMod) -> u8 {
        self.fire.mods[m as usize].0
    }

    /// The total column shift of the conditions that hold, each printed line counted once
    /// with its largest-magnitude condition (20.3b; digest 8.4 item 21: a cavalry target that
    /// is also massed gets +3 from line 9, not +4).
    pub fn fire_modifier_total(&self, mods: &[FireMod]) -> i16 {
        total_by_line(mods.iter().map(|&m| self.fire.mods[m as usize]))
    }

    /// The column shift of a cavalry-only fire modifier (24.0).
    pub fn cavalry_fire_modifier(&self, m: CavFireMod) -> i8 {
        self.fire.cav_mods[m as usize].1
    }

    /// As [`Tables::fire_modifier_total`] for the cavalry-only list (24.0).
    pub fn cavalry_fire_modifier_total(&self, mods: &[CavFireMod]) -> i16 {
        total_by_line(mods.iter().map(|&m| self.fire.cav_mods[m as usize]))
    }

    /// The number of Fire Combat Table columns (the last one reads its total "or more").
    pub fn fire_columns(&self) -> u8 {
        self.fire.results.len() as u8
    }

    /// The Fire Combat Table column for a fire point total (20.2f, 20.4): `None` for 0 (no
    /// fire), column 1 ("1 or less") for any fraction below 1, otherwise the total rounded
    /// (.5 up), stopping at the last column.
    pub fn fire_column(&self, total: Fp) -> Option<u8> {
        if total == Fp::ZERO {
            return None;
        }
        let n = total.rounded().clamp(1, u32::from(self.fire_columns()));
        Some(n as u8)
    }

    /// A column moved by the modifier total, stopping at both ends of the table (20.0).
    pub fn shift_fire_column(&self, column: u8, shift: i16) -> u8 {
        (i16::from(column) + shift).clamp(1, i16::from(self.fire_columns())) as u8
    }

    /// The Fire Combat Table result at a column (clamped to the table) and roll (20.4).
    pub fn fire_result(&self, column: u8, roll: Seq66) -> FireResult {
        let c = usize::from(column.clamp(1, self.fire_columns()) - 1);
        self.fire.results[c][usize::from(roll.index())]
    }

    /// Whether the roll kills a leader in the target hex: 55 or 66, whatever the result
    /// (20.4d).
    pub fn leader_hit(&self, roll: Seq66) -> bool {
        matches!(roll.value(), 55 | 66)
    }
}

fn total_by_line(items: impl Iterator<Item = (u8, i8)>) -> i16 {
    let mut best: Vec<(u8, i8)> = Vec::new();
    for (line, v) in items {
        match best.iter_mut().find(|(l, _)| *l == line) {
            Some(slot) if v.unsigned_abs() > slot.1.unsigned_abs() => slot.1 = v,
            Some(_) => {}
            None => best.push((line, v)),
        }
    }
    best.iter().map(|(_, v)| i16::from(*v)).sum()
}
