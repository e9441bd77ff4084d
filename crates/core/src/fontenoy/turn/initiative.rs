//! 6.1 Initiative, 6.5a the Wing Activation test, 6.7a the End-of-Turn track, 6.9 Special
//! Initiative Results, and F-2.12 (a "00" initiative roll calls an Army Morale Check): what one
//! pair of initiative dice decides, as a pure function of the dice and the army ratings.

use crate::engine::Side;

/// What the two armies bring to an initiative roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratings {
    /// Each side's modified Command Rating (6.1b: never below zero), `None` when the side has
    /// no Commander-in-Chief (21.6a).
    pub command: [Option<u8>; 2],
    /// Each side's Wing Activation Number (6.5a), `None` without a CinC.
    pub wan: [Option<u8>; 2],
    /// The scenario's End-of-Turn Number (6.1c), `None` when the scenario has none.
    pub eotn: Option<u8>,
    /// Whether a die showing 0 still gives a Special Initiative Result this turn (6.9b: the
    /// scenario's limit not yet reached).
    pub specials_open: bool,
}

/// What a pair of initiative dice decides (4.0B, 6.1, 6.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Both dice 0 (4.0B), or equal after the Command Ratings (6.1c): roll again.
    Reroll {
        /// Both dice showed 0 (4.0B; F-2.12: the first such roll of a turn is an Army Morale
        /// Check for every army).
        double_zero: bool,
    },
    /// Exactly one die showed 0 (6.9a): a Special Initiative Result for the side that rolled
    /// the other die, read from its non-zero value.
    Special {
        /// The side the result applies to.
        side: Side,
        /// The non-zero die, 1–9.
        die: u8,
    },
    /// A side won the Initiative (6.1a).
    Won {
        /// The Initiative player.
        winner: Side,
        /// Whether he may make a Wing Activation (6.5a).
        wing: bool,
        /// The modified totals (die + rating), for the event.
        totals: [u8; 2],
    },
}

/// What a pair of dice does: the decision, and whether the Hour Marker moves one box toward
/// END (6.1c, 6.7a: every roll whose unmodified sum exceeds the EOTN, re-rolls and special
/// results included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// What happens now.
    pub decision: Decision,
    /// The unmodified sum exceeded the End-of-Turn Number.
    pub advances_marker: bool,
}

/// Resolves one initiative roll: `dice[side]` is each side's d10, 0–9 (1.5a: a 0 is zero).
pub fn resolve(dice: [u8; 2], r: &Ratings) -> Resolved {
    let advances_marker = r
        .eotn
        .is_some_and(|n| u16::from(dice[0]) + u16::from(dice[1]) > u16::from(n));
    let decision = decide(dice, r);
    Resolved {
        decision,
        advances_marker,
    }
}

fn decide(dice: [u8; 2], r: &Ratings) -> Decision {
    if dice == [0, 0] {
        return Decision::Reroll { double_zero: true };
    }
    if r.specials_open && (dice[0] == 0) != (dice[1] == 0) {
        // 6.9a: the result belongs to the player whose die is not the 0.
        let side = if dice[0] == 0 { Side(1) } else { Side(0) };
        return Decision::Special {
            side,
            die: dice[side.index()],
        };
    }
    // 21.6a: a side without a CinC loses to one that has one; 21.6b: with neither, the
    // unmodified dice decide.
    let totals = [0usize, 1].map(|s| dice[s] + r.command[s].unwrap_or(0));
    let winner = match (r.command[0].is_some(), r.command[1].is_some()) {
        (true, false) => Side(0),
        (false, true) => Side(1),
        (false, false) => match dice[0].cmp(&dice[1]) {
            core::cmp::Ordering::Greater => Side(0),
            core::cmp::Ordering::Less => Side(1),
            core::cmp::Ordering::Equal => return Decision::Reroll { double_zero: false },
        },
        (true, true) => match totals[0].cmp(&totals[1]) {
            core::cmp::Ordering::Greater => Side(0),
            core::cmp::Ordering::Less => Side(1),
            core::cmp::Ordering::Equal => return Decision::Reroll { double_zero: false },
        },
    };
    let w = dice[winner.index()];
    let l = dice[winner.other().index()];
    // 6.5a: the winner's unmodified die at least his CinC's WAN and at least twice the
    // loser's unmodified die (a loser's 0 counts as 0 once the special limit is reached).
    let wing = r.wan[winner.index()].is_some_and(|wan| w >= wan) && w >= 2 * l;
    Decision::Won {
        winner,
        wing,
        totals,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratings(a: u8, b: u8, eotn: u8) -> Ratings {
        Ratings {
            command: [Some(a), Some(b)],
            wan: [Some(5), Some(6)],
            eotn: Some(eotn),
            specials_open: true,
        }
    }

    #[test]
    fn r6_1e_e02_a_wins_and_the_hour_marker_advances() {
        // A +2 rolls 4 (6), B +1 rolls 4 (5): A wins; 8 > EOTN 7 moves the marker.
        let r = resolve([4, 4], &ratings(2, 1, 7));
        assert!(r.advances_marker);
        assert_eq!(
            r.decision,
            Decision::Won {
                winner: Side(0),
                wing: false,
                totals: [6, 5]
            }
        );
    }

    #[test]
    fn r6_1c_ties_after_ratings_are_rerolled_and_still_count_for_the_marker() {
        let r = resolve([5, 6], &ratings(2, 1, 10));
        assert_eq!(r.decision, Decision::Reroll { double_zero: false });
        assert!(r.advances_marker, "11 > 10 counts even on a re-roll (6.1c)");
    }

    #[test]
    fn r4_0b_double_zero_is_rerolled() {
        let r = resolve([0, 0], &ratings(2, 1, 0));
        assert_eq!(r.decision, Decision::Reroll { double_zero: true });
        assert!(!r.advances_marker);
    }

    #[test]
    fn r6_9a_one_zero_gives_the_other_side_a_special_result() {
        let r = resolve([0, 7], &ratings(2, 1, 6));
        assert_eq!(
            r.decision,
            Decision::Special {
                side: Side(1),
                die: 7
            }
        );
        assert!(r.advances_marker, "7 > 6 counts on a special result (6.1c)");
    }

    #[test]
    fn r6_9b_past_the_limit_a_zero_is_an_ordinary_roll() {
        let mut rt = ratings(2, 1, 20);
        rt.specials_open = false;
        let r = resolve([0, 7], &rt);
        assert_eq!(
            r.decision,
            Decision::Won {
                winner: Side(1),
                wing: true,
                totals: [2, 8]
            },
            "7 ≥ WAN 6 and ≥ 2 × 0 (digest A7: the literal reading)"
        );
    }

    #[test]
    fn r6_5a_wing_needs_the_wan_and_twice_the_losers_die() {
        // WAN 5: 8 against 4 qualifies; 8 against 5 does not (not twice); 4 against 1 does
        // not (below the WAN).
        let rt = ratings(0, 0, 20);
        assert!(matches!(
            resolve([8, 4], &rt).decision,
            Decision::Won { wing: true, .. }
        ));
        assert!(matches!(
            resolve([8, 5], &rt).decision,
            Decision::Won { wing: false, .. }
        ));
        assert!(matches!(
            resolve([4, 1], &rt).decision,
            Decision::Won { wing: false, .. }
        ));
    }

    #[test]
    fn r21_6a_a_side_without_a_cinc_loses_the_initiative() {
        let mut rt = ratings(0, 5, 20);
        rt.command[1] = None;
        rt.wan[1] = None;
        assert!(matches!(
            resolve([1, 9], &rt).decision,
            Decision::Won {
                winner: Side(0),
                ..
            }
        ));
    }
}
