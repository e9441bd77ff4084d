//! ¶160–¶165 the odds: the attacker's strength over the defender's, kept exact (¶146 step 6:
//! fractions are not rounded), read down to a column of the Combat Results Table in the
//! defender's favour; beyond the table's ends the die moves instead (¶161); Affecting Terrain
//! reads the same columns on their Affecting line (¶163–¶165, §38); a failed repulse shifts two
//! columns to the left (¶132).

use super::super::types::Half;

pub use super::super::types::Ratio;

/// Where a combat falls on the CRT (¶160–¶161).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Odds {
    /// The column index in the header given (0 = the leftmost, worst for the attacker).
    pub column: usize,
    /// The die modifier for odds beyond the table's ends (¶161): +1 for each ratio below the
    /// leftmost column, −1 for each above the rightmost.
    pub drm: i8,
}

/// ¶160–¶161: the column for `att` against `def` on a CRT header (its ratios from left to
/// right), and the die modifier beyond its ends. The column is the rightmost whose ratio the
/// strengths reach, which rounds down in the defender's favour (13:5 = 2.6:1 reads 2:1; 5:22
/// reads 1:5, the ¶159 example). Below the leftmost `1:n` column each further `1:m` ratio adds
/// one to the die (1:7 is +2 beyond 1:5), the ratio `1:m` being read in the defender's favour
/// too (m = ⌈def/att⌉); above the rightmost `n:1` column each further `m:1` (m = ⌊att/def⌋)
/// subtracts one (8:1 is −2 beyond 6:1). Reading (digest §8.6 #21): the "ratios" stepped
/// through are the whole ratios 1:6, 1:7, … and 7:1, 8:1, …. A defender of no strength is at
/// the rightmost column; an attacker of none at the leftmost.
///
/// `shift` moves the column left (a failed repulse: 2, ¶132), stopping at the leftmost.
pub fn odds(att: Half, def: Half, header: &[Ratio], shift: usize) -> Odds {
    let last = header.len().saturating_sub(1);
    let (a, d) = (u64::from(att.0), u64::from(def.0));
    let mut odds = if d == 0 {
        Odds {
            column: last,
            drm: 0,
        }
    } else if a == 0 {
        Odds { column: 0, drm: 0 }
    } else {
        match header.iter().rposition(|r| r.reached_by(a, d)) {
            None => {
                // Below the leftmost column (¶161): 1:m with m = ⌈d/a⌉.
                let m = d.div_ceil(a);
                let first = header.first().map_or(1, |r| u64::from(r.def.max(1)));
                let over = m.saturating_sub(first).min(60);
                Odds {
                    column: 0,
                    drm: over as i8,
                }
            }
            Some(c) if c == last => {
                let top = header.get(last).map_or(1, |r| u64::from(r.att));
                let m = a / d;
                let over = m.saturating_sub(top).min(60);
                Odds {
                    column: c,
                    drm: -(over as i8),
                }
            }
            Some(c) => Odds { column: c, drm: 0 },
        }
    };
    if shift > 0 {
        odds.column = odds.column.saturating_sub(shift);
        if odds.drm < 0 {
            // Shifting left from beyond the right end starts from the rightmost column.
            odds.drm = 0;
        }
    }
    odds
}

/// ¶161: the modified combat die stays within 0 and 6.
pub fn clamp_die(modified: i16) -> u8 {
    modified.clamp(0, 6) as u8
}
