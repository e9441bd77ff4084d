//! Close combat and cavalry: the Odds Table and its strengths (23.0F), the Recall Attempt
//! Table (24.1C), Blown Cavalry Recovery (24.2c) and the Gun Loss Table (27.4).

use alloc::format;
use alloc::vec::Vec;

use super::{Src, Tables, id_enum};
use crate::data::{DataError, DieRange, ResolvedScenario};
use crate::nbs::types::{FireLevel, MoraleRating};

/// An odds strength (23.0F) in eighths of a point, so that limbered artillery's 1/8 is exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OddsStrength(pub u32);

impl OddsStrength {
    /// Zero.
    pub const ZERO: OddsStrength = OddsStrength(0);

    /// Whole points.
    pub const fn whole(n: u32) -> OddsStrength {
        OddsStrength(n * 8)
    }
}

impl core::ops::Add for OddsStrength {
    type Output = OddsStrength;
    fn add(self, o: OddsStrength) -> OddsStrength {
        OddsStrength(self.0 + o.0)
    }
}

impl core::ops::AddAssign for OddsStrength {
    fn add_assign(&mut self, o: OddsStrength) {
        self.0 += o.0;
    }
}

/// A formation row of the Odds Table strength chart (23.0F).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OddsFormation {
    /// Line.
    Line,
    /// Column.
    Column,
    /// Square.
    Square,
}

/// An Odds Table result (23.0F).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OddsResult {
    /// The attacker wins.
    Attacker,
    /// The defender wins.
    Defender,
    /// Roll one more die ([`Tables::odds_half_result`]).
    Half,
}

id_enum! {
    /// An Odds Table die roll modifier (23.0F).
    OddsDrm {
        /// The defender is a wrecked brigade.
        DefenderWreckedBrigade = "defender_wrecked_brigade",
        /// The defender is a wrecked brigade of a wrecked division.
        DefenderWreckedBrigadeOfWreckedDivision = "defender_wrecked_brigade_of_wrecked_division",
        /// The attacker is a wrecked brigade.
        AttackerWreckedBrigade = "attacker_wrecked_brigade",
    }
}

id_enum! {
    /// A Recall Attempt Table die modifier (24.1C).
    RecallMod {
        /// British cavalry other than the King's German Legion (none at Austerlitz).
        BritishNotKgl = "british_not_kgl",
    }
}

id_enum! {
    /// A Blown Cavalry Recovery die modifier (24.2c).
    BlownMod {
        /// Stacked with a leader rated 2 or 3.
        LeaderRated2Or3 = "leader_rated_2_3",
        /// Stacked with a leader rated 4.
        LeaderRated4 = "leader_rated_4",
        /// The unit is wrecked.
        Wrecked = "wrecked",
    }
}

const STRENGTH_COLS: [&str; 5] = ["AA+", "AB", "A", "B", "C"];
const RATINGS: [MoraleRating; 5] = [
    MoraleRating::A,
    MoraleRating::B,
    MoraleRating::C,
    MoraleRating::D,
    MoraleRating::E,
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct CombatData {
    /// [formation][AA+, AB, A, B, C], eighths.
    strength: [[u32; 5]; 3],
    /// Skirmisher full, reduced; artillery unlimbered, limbered (eighths).
    skirmisher: [u32; 2],
    artillery: [u32; 2],
    defender_multiplier: u8,
    /// Odds columns as (attacker, defender), lowest first.
    columns: Vec<(u32, u32)>,
    /// Rows by modified die from `odds_first`.
    odds: Vec<Vec<OddsResult>>,
    odds_first: i8,
    odds_drm: Vec<i8>,
    /// Winner of a half result by die 1..=6 (true = attacker).
    half: [bool; 6],
    /// [rating][leader 0..=4]: die needed.
    recall: [[u8; 5]; 5],
    recall_mods: Vec<i8>,
    /// Lowest modified die that recovers, by rating.
    blown: [i8; 5],
    blown_mods: Vec<i8>,
    /// GP lost by die 1..=6.
    gun_loss: [u8; 6],
}

/// Fills `out[die - 1]` from a one-die chart keyed by die ranges, each die exactly once.
fn by_die<T: Copy>(
    src: &Src<'_>,
    col: &str,
    out: &mut [T; 6],
    f: impl Fn(&Src<'_>, &str) -> Result<T, DataError>,
) -> Result<(), DataError> {
    let mut seen = [false; 6];
    for key in src.keys() {
        let range = DieRange::parse(&key).ok_or_else(|| src.err(&key, col, "not a die range"))?;
        let v = f(src, &key)?;
        for d in 1..=6u8 {
            if range.contains(i64::from(d)) {
                out[usize::from(d - 1)] = v;
                seen[usize::from(d - 1)] = true;
            }
        }
    }
    if seen.contains(&false) {
        return Err(src.err("-", col, "the rows do not cover every die 1..6"));
    }
    Ok(())
}

fn parse_odds(s: &str) -> Option<(u32, u32)> {
    let (a, d) = s.trim_end_matches('+').split_once(':')?;
    Some((a.parse().ok()?, d.parse().ok()?))
}

impl CombatData {
    pub(super) fn read(sc: &ResolvedScenario, strict: bool) -> Result<CombatData, DataError> {
        let os = Src::new(sc, "nbs/odds-strength", strict)?;
        let mut strength = [[0u32; 5]; 3];
        for (row, key) in strength.iter_mut().zip(["Line", "Column", "Square"]) {
            for (slot, col) in row.iter_mut().zip(STRENGTH_COLS) {
                *slot = os.units(key, col, 8)?;
            }
        }
        let oth = Src::new(sc, "nbs/odds-strength-other", strict)?;
        let skirmisher = [
            oth.units("skirmisher_full", "value", 8)?,
            oth.units("skirmisher_reduced", "value", 8)?,
        ];
        let artillery = [
            oth.units("artillery_unlimbered", "value", 8)?,
            oth.units("artillery_limbered", "value", 8)?,
        ];
        let defender_multiplier = oth.u8("defender_in_protective_position", "value")?;
        let ot = Src::new(sc, "nbs/odds-table", strict)?;
        let layout = ot.comp.unwrap_or(ot.book);
        let mut columns = Vec::new();
        for c in layout.columns.iter().skip(1) {
            columns.push(
                parse_odds(&c.id).ok_or_else(|| ot.err("-", &c.id, "an odds column reads A:D"))?,
            );
        }
        let keys = ot.keys();
        let mut odds = Vec::with_capacity(keys.len());
        let mut odds_first = 0i8;
        for (i, key) in keys.iter().enumerate() {
            let range =
                DieRange::parse(key).ok_or_else(|| ot.err(key, "die", "not a die range"))?;
            let lo = if i == 0 {
                let hi = range
                    .hi
                    .ok_or_else(|| ot.err(key, "die", "the first row reads N-"))?;
                odds_first = i8::try_from(hi).map_err(|_| ot.err(key, "die", "out of range"))?;
                hi
            } else {
                range.lo.unwrap_or(i64::MIN)
            };
            if lo != i64::from(odds_first) + i as i64 {
                return Err(ot.err(key, "die", "rows must rise by one"));
            }
            let mut row = Vec::with_capacity(columns.len());
            for c in layout.columns.iter().skip(1) {
                row.push(match ot.text(key, &c.id)?.as_str() {
                    "-" => OddsResult::Defender,
                    "A" => OddsResult::Attacker,
                    "1/2" => OddsResult::Half,
                    t => return Err(ot.err(key, &c.id, format!("unknown result {t:?}"))),
                });
            }
            odds.push(row);
        }
        if odds.is_empty() || columns.is_empty() {
            return Err(ot.err("-", "-", "the Odds Table is empty"));
        }
        let odds_drm = Src::new(sc, "nbs/odds-drm", strict)?.id_list_full(
            OddsDrm::ALL,
            OddsDrm::from_id,
            |m| m as usize,
            OddsDrm::id,
            "modifier",
        )?;
        let mut half = [false; 6];
        by_die(
            &Src::new(sc, "nbs/odds-half-result", strict)?,
            "winner",
            &mut half,
            |s, key| match s.text(key, "winner")?.as_str() {
                "Attacker" => Ok(true),
                "Defender" => Ok(false),
                t => Err(s.err(key, "winner", format!("unknown winner {t:?}"))),
            },
        )?;
        let rt = Src::new(sc, "nbs/recall-table", strict)?;
        let mut recall = [[0u8; 5]; 5];
        for (row, r) in recall.iter_mut().zip(RATINGS) {
            for (leader, slot) in row.iter_mut().enumerate() {
                let col = match leader {
                    0 => "0",
                    1 | 2 => "1-2",
                    3 => "3",
                    _ => "4",
                };
                *slot = rt.u8(r.letter(), col)?;
            }
        }
        let recall_mods = Src::new(sc, "nbs/recall-modifiers", strict)?.id_list_full(
            RecallMod::ALL,
            RecallMod::from_id,
            |m| m as usize,
            RecallMod::id,
            "modifier",
        )?;
        let bt = Src::new(sc, "nbs/blown-recovery-table", strict)?;
        let mut blown = [0i8; 5];
        for (slot, r) in blown.iter_mut().zip(RATINGS) {
            let key = r.letter();
            let yes = bt.range(key, "yes")?;
            let no = bt.range(key, "no")?;
            let lo = yes.lo.filter(|_| yes.hi.is_none());
            let lo = lo
                .filter(|&l| no.hi == Some(l - 1) && no.lo.is_none())
                .ok_or_else(|| bt.err(key, "yes", "expected \"N-\" and \"N+1+\""))?;
            *slot = i8::try_from(lo).map_err(|_| bt.err(key, "yes", "out of range"))?;
        }
        let blown_mods = Src::new(sc, "nbs/blown-recovery-modifiers", strict)?.id_list_full(
            BlownMod::ALL,
            BlownMod::from_id,
            |m| m as usize,
            BlownMod::id,
            "modifier",
        )?;
        let mut gun_loss = [0u8; 6];
        by_die(
            &Src::new(sc, "nbs/gun-loss-table", strict)?,
            "gun_points_lost",
            &mut gun_loss,
            |s, key| s.u8(key, "gun_points_lost"),
        )?;
        Ok(CombatData {
            strength,
            skirmisher,
            artillery,
            defender_multiplier,
            columns,
            odds,
            odds_first,
            odds_drm,
            half,
            recall,
            recall_mods,
            blown,
            blown_mods,
            gun_loss,
        })
    }
}

impl Tables {
    /// The odds strength of an infantry unit of fire `level` in `formation` (23.0F); levels
    /// above AA count as AA (23.1j), a level between two labels as the lower one.
    pub fn odds_strength(&self, formation: OddsFormation, level: FireLevel) -> OddsStrength {
        let col = match FireLevel::largest_at_most(level.units()).units() {
            0 => return OddsStrength::ZERO,
            1 => 4,
            2 => 3,
            4 => 2,
            6 => 1,
            _ => 0,
        };
        OddsStrength(self.combat.strength[formation as usize][col])
    }

    /// A skirmisher's odds strength (23.0F).
    pub fn odds_strength_skirmisher(&self, strength: super::SkirmisherStrength) -> OddsStrength {
        OddsStrength(self.combat.skirmisher[strength as usize])
    }

    /// An artillery unit's odds strength, limbered or not (23.0F; per unit, digest 8.4 item
    /// 24).
    pub fn odds_strength_artillery(&self, limbered: bool) -> OddsStrength {
        OddsStrength(self.combat.artillery[usize::from(limbered)])
    }

    /// The factor of a defender in a sunken road, redoubt, walled farm, town or trench
    /// (23.0F).
    pub fn odds_defender_multiplier(&self) -> u8 {
        self.combat.defender_multiplier
    }

    /// The number of Odds Table columns.
    pub fn odds_columns(&self) -> u8 {
        self.combat.columns.len() as u8
    }

    /// The odds of column `column` as (attacker, defender); the last reads "or more".
    pub fn odds_column_ratio(&self, column: u8) -> (u32, u32) {
        let c = usize::from(column).min(self.combat.columns.len() - 1);
        self.combat.columns[c]
    }

    /// The Odds Table column (0 = lowest) for the two strengths: the best column whose odds
    /// the attacker reaches, so the ratio rounds in the defender's favour, and anything below
    /// the first column uses it (23.0F; digest 8.4 item 22). A defender of strength 0 gives
    /// the last column.
    pub fn odds_column(&self, attacker: OddsStrength, defender: OddsStrength) -> u8 {
        let (a, d) = (u64::from(attacker.0), u64::from(defender.0));
        let mut col = 0;
        for (i, &(ca, cd)) in self.combat.columns.iter().enumerate() {
            if a * u64::from(cd) >= d * u64::from(ca) {
                col = i;
            }
        }
        col as u8
    }

    /// The Odds Table result at `column` for a modified die (rows clamp at both ends).
    pub fn odds_result(&self, column: u8, die_plus_drm: i8) -> OddsResult {
        let last = self.combat.odds.len() as i16 - 1;
        let r = (i16::from(die_plus_drm) - i16::from(self.combat.odds_first)).clamp(0, last);
        let row = &self.combat.odds[r as usize];
        row[usize::from(column).min(row.len() - 1)]
    }

    /// An Odds Table die modifier (23.0F).
    pub fn odds_drm(&self, m: OddsDrm) -> i8 {
        self.combat.odds_drm[m as usize]
    }

    /// The winner of a "1/2" result for the extra die 1..=6 (23.0F): attacker or defender.
    pub fn odds_half_result(&self, die: u8) -> OddsResult {
        if self.combat.half[usize::from(die.clamp(1, 6) - 1)] {
            OddsResult::Attacker
        } else {
            OddsResult::Defender
        }
    }

    /// The die needed (or more) to recall a charge (24.1C) by morale rating and the best
    /// leader rating in the stack (0 or none = 0; above 4 reads 4).
    pub fn recall_needed(&self, rating: MoraleRating, leader: u8) -> u8 {
        self.combat.recall[usize::from(rating.index())][usize::from(leader.min(4))]
    }

    /// A Recall Attempt Table die modifier (24.1C).
    pub fn recall_modifier(&self, m: RecallMod) -> i8 {
        self.combat.recall_mods[m as usize]
    }

    /// The lowest modified die with which blown cavalry recovers (24.2c).
    pub fn blown_recovery_needed(&self, rating: MoraleRating) -> i8 {
        self.combat.blown[usize::from(rating.index())]
    }

    /// Whether blown cavalry recovers with this modified die (24.2c).
    pub fn blown_recovers(&self, rating: MoraleRating, modified_die: i8) -> bool {
        modified_die >= self.blown_recovery_needed(rating)
    }

    /// A Blown Cavalry Recovery die modifier (24.2c).
    pub fn blown_modifier(&self, m: BlownMod) -> i8 {
        self.combat.blown_mods[m as usize]
    }

    /// Gun points lost on the Gun Loss Table for a die 1..=6 (27.4).
    pub fn gun_loss(&self, die: u8) -> u8 {
        self.combat.gun_loss[usize::from(die.clamp(1, 6) - 1)]
    }
}
