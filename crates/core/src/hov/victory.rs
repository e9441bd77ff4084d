//! §63, §214–§215: Battle Scenario victory. The French score Victory Points for the ratio of
//! the strength each side has lost to all causes (vedettes and garrisons apart) and one for
//! each step the Paris Morale track moved their way; the side with more points wins.

/// §214: the French Victory Points for the losses, Coalition `c` SP to French `f` SP, on the
/// table 1:2 −2, 1:1.5 −1, 1:1 0, 1.5:1 +1, 2:1 +2. A ratio between columns reads down to the
/// column nearer even (a reading: the table is symmetric, so 1.25:1 and 1:1.25 are both 1:1);
/// no losses on either side is 1:1, and losses on one side only are the table's end.
pub fn loss_points(c: u32, f: u32) -> i32 {
    let (hi, lo, sign) = if c >= f { (c, f, 1) } else { (f, c, -1) };
    let (hi, lo) = (u64::from(hi), u64::from(lo));
    let steps = if hi == 0 {
        0
    } else if hi >= 2 * lo {
        2
    } else if 2 * hi >= 3 * lo {
        1
    } else {
        0
    };
    sign * steps
}

/// §214: the French points for the morale track, one per step from where it started.
pub const fn morale_points(start: i8, end: i8) -> i32 {
    end as i32 - start as i32
}
