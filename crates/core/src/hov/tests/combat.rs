//! III.b Battle Resolution: strengths and terrain (¶146 step 6, ¶162, ¶166, §38–§43, §74,
//! §167), the odds (¶160–¶161, ¶132), losses (¶85, ¶159, ¶169, ¶184, ¶193, ¶205).

use crate::hov::combat::losses::{Taker, critical, minimum_loss, spread, withheld};
use crate::hov::combat::odds::{Odds, Ratio, clamp_die, odds};
use crate::hov::combat::strength::{Effect, Forces, Terrain, compare};
use crate::hov::types::Half;

/// The CRT's columns from 1:5 to 6:1 (the digest's reading of ¶161; the chart is not in the
/// text).
fn header() -> alloc::vec::Vec<Ratio> {
    [
        (1, 5),
        (1, 4),
        (1, 3),
        (1, 2),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (6, 1),
    ]
    .iter()
    .map(|&(a, d)| Ratio::new(a, d))
    .collect()
}

fn col(h: &[Ratio], a: u32, d: u32) -> usize {
    h.iter().position(|r| *r == Ratio::new(a, d)).unwrap()
}

fn inf(n: u32) -> Forces {
    Forces {
        inf: n,
        ..Forces::default()
    }
}

#[test]
fn r160_x39_thirteen_against_five_reads_two_to_one() {
    // ¶160: 13:5 is 2.6:1, read down to 2:1.
    let h = header();
    let o = odds(Half::sp(13), Half::sp(5), &h, 0);
    assert_eq!(
        o,
        Odds {
            column: col(&h, 2, 1),
            drm: 0
        }
    );
}

#[test]
fn r159_x38_five_against_twenty_two_reads_one_to_five() {
    // ¶159's example: 5:22 is the 1:5 column (1:4.4 read in the defender's favour).
    let h = header();
    assert_eq!(
        odds(Half::sp(5), Half::sp(22), &h, 0),
        Odds { column: 0, drm: 0 }
    );
}

#[test]
fn r161_x40_odds_beyond_the_table_move_the_die() {
    // ¶161: 1:7 adds two to the die beyond 1:5; 8:1 subtracts two beyond 6:1; the die stays in
    // 0–6.
    let h = header();
    assert_eq!(
        odds(Half::sp(1), Half::sp(7), &h, 0),
        Odds { column: 0, drm: 2 }
    );
    assert_eq!(
        odds(Half::sp(2), Half::sp(13), &h, 0),
        Odds { column: 0, drm: 2 }
    );
    let last = h.len() - 1;
    assert_eq!(
        odds(Half::sp(8), Half::sp(1), &h, 0),
        Odds {
            column: last,
            drm: -2
        }
    );
    assert_eq!(
        odds(Half::sp(6), Half::sp(1), &h, 0),
        Odds {
            column: last,
            drm: 0
        }
    );
    assert_eq!(clamp_die(-2), 0);
    assert_eq!(clamp_die(9), 6);
    assert_eq!(clamp_die(4), 4);
}

#[test]
fn r132_x34_a_failed_repulse_attacks_two_columns_left() {
    // ¶132: real odds 4:1 are resolved at 2:1.
    let h = header();
    let o = odds(Half::sp(8), Half::sp(2), &h, 2);
    assert_eq!(o.column, col(&h, 2, 1));
}

#[test]
fn e74_x07_two_sp_against_a_lone_vedette_are_four_to_one() {
    // §73–§74: a vedette alone is ½ SP, so 2 SP attack it at 4:1.
    let v = Forces {
        vedettes: 1,
        ..Forces::default()
    };
    let c = compare(&inf(2), &v, &Terrain::default());
    assert_eq!((c.att, c.def), (Half::sp(2), Half(1)));
    let h = header();
    assert_eq!(odds(c.att, c.def, &h, 0).column, col(&h, 4, 1));
}

#[test]
fn e74_x08_a_vedette_with_real_forces_adds_nothing() {
    // §74: combined with a real force, a vedette counts 0.
    let f = Forces {
        inf: 3,
        vedettes: 1,
        ..Forces::default()
    };
    let c = compare(&f, &inf(3), &Terrain::default());
    assert_eq!(c.att, Half::sp(3));
}

#[test]
fn e39_x47_five_sp_attacking_out_of_a_swamp_are_three() {
    // §39: halved, the fraction rounded up.
    let t = Terrain {
        attacker_in_swamp: true,
        ..Terrain::default()
    };
    let c = compare(&inf(5), &inf(5), &t);
    assert_eq!((c.att, c.effect), (Half::sp(3), Effect::Swamp));
}

#[test]
fn e39_cavalry_defending_in_a_swamp_is_halved_too() {
    // §39: into a swamp the attackers are halved, and so is the defending cavalry.
    let t = Terrain {
        defender_in_swamp: true,
        ..Terrain::default()
    };
    let d = Forces {
        inf: 2,
        cav: 3,
        ..Forces::default()
    };
    let c = compare(&inf(6), &d, &t);
    assert_eq!((c.att, c.def), (Half::sp(3), Half::sp(4)));
}

#[test]
fn e40_x48_infantry_and_cavalry_attacking_into_woods() {
    // §40: 7 infantry less a quarter are 6 (5¼ rounded up), 3 cavalry halved are 2: 8 in all
    // (the reading that rounds each resulting strength up, digest example 48).
    let t = Terrain {
        defender_in_woods: true,
        ..Terrain::default()
    };
    let a = Forces {
        inf: 7,
        cav: 3,
        ..Forces::default()
    };
    let c = compare(&a, &inf(4), &t);
    assert_eq!((c.att, c.effect), (Half::sp(8), Effect::Woods));
}

#[test]
fn e42_x46_four_sp_in_a_fortified_town_defend_as_eight() {
    // §42: doubled, at most five extra SP.
    let t = Terrain {
        fort_sp: 4,
        ..Terrain::default()
    };
    assert_eq!(compare(&inf(8), &inf(4), &t).def, Half::sp(8));
    let t5 = Terrain {
        fort_sp: 5,
        ..Terrain::default()
    };
    assert_eq!(compare(&inf(8), &inf(5), &t5).def, Half::sp(10));
}

#[test]
fn e167_x13_eight_infantry_sp_in_a_redoubt_defend_as_twelve() {
    // §167: up to four infantry SP doubled.
    let t = Terrain {
        redoubt_inf: 8,
        ..Terrain::default()
    };
    assert_eq!(compare(&inf(6), &inf(8), &t).def, Half::sp(12));
}

#[test]
fn r166_terrain_effects_are_not_cumulative_and_the_defender_takes_the_best() {
    // ¶166: attacking out of a swamp into woods: one effect only, the swamp's (halving the
    // attackers) beating the woods' quarter.
    let t = Terrain {
        attacker_in_swamp: true,
        defender_in_woods: true,
        ..Terrain::default()
    };
    let c = compare(&inf(8), &inf(4), &t);
    assert_eq!((c.att, c.effect), (Half::sp(4), Effect::Swamp));
    // In a Fortified Town in woods the defender prefers whichever lowers the odds more:
    // 8 into woods are 6 against 4 doubled to 8 — the fort (8:8) beats the woods (6:4).
    let t = Terrain {
        defender_in_woods: true,
        fort_sp: 4,
        ..Terrain::default()
    };
    let c = compare(&inf(8), &inf(4), &t);
    assert_eq!(c.effect, Effect::Fort);
}

#[test]
fn r162_artillery_defending_alone_is_one_infantry_sp() {
    // ¶162: artillery does not count in the odds, unless it defends alone — as 1 SP.
    let a = Forces {
        art: 3,
        ..Forces::default()
    };
    assert_eq!(compare(&inf(4), &a, &Terrain::default()).def, Half::sp(1));
    let mixed = Forces {
        inf: 2,
        art: 3,
        ..Forces::default()
    };
    assert_eq!(
        compare(&mixed, &inf(1), &Terrain::default()).att,
        Half::sp(2)
    );
}

#[test]
fn r85_losses_spread_evenly() {
    // ¶85: 5 SP over units of 3, 3 and 2: each loses nearly as much as the others.
    let t = |sp| Taker {
        sp,
        first: false,
        last: false,
    };
    assert_eq!(spread(&[t(3), t(3), t(2)], 5), [2, 2, 1]);
    // More than they hold: what cannot be taken is not.
    assert_eq!(spread(&[t(1), t(1)], 5), [1, 1]);
}

#[test]
fn r169_r184_the_first_sp_comes_from_the_marked_unit() {
    // ¶169: the staked Old Guard takes the first loss; ¶184: pursuit's first SP comes from
    // artillery. After it, the losses spread over everyone.
    let line = Taker {
        sp: 4,
        first: false,
        last: false,
    };
    let guard = Taker {
        sp: 2,
        first: true,
        last: false,
    };
    assert_eq!(spread(&[line, guard], 1), [0, 1]);
    assert_eq!(spread(&[line, guard], 3), [2, 1]);
}

#[test]
fn r162_artillery_takes_no_pitched_losses_while_others_can() {
    // ¶162: artillery loses only when nothing else can.
    let inf = Taker {
        sp: 2,
        first: false,
        last: false,
    };
    let art = Taker {
        sp: 2,
        first: false,
        last: true,
    };
    assert_eq!(spread(&[art, inf], 2), [0, 2]);
    assert_eq!(spread(&[art, inf], 3), [1, 2]);
}

#[test]
fn r205_the_loser_loses_at_least_as_much_as_the_winner() {
    assert_eq!(minimum_loss(1, 3), 3);
    assert_eq!(minimum_loss(4, 3), 4);
}

#[test]
fn r159_x38_withholding_half_the_unattacked_strength() {
    // ¶159: 5 SP facing hexes of 10 and 12 that counterattack only the 12 must withhold
    // 10 / 2 = 5, everything they have.
    assert_eq!(withheld(10, 5), 5);
    assert_eq!(withheld(7, 10), 4);
}

#[test]
fn r193_x42_x43_the_critical_battle() {
    // ¶193: loser 6, winner 3: a critical battle on a roll of 3 or less.
    assert_eq!(critical(6, 3, 3, false), Some(true));
    assert_eq!(critical(6, 3, 4, false), Some(false));
    // §108: the Army Commander with the winners takes one off (campaign).
    assert_eq!(critical(6, 3, 4, true), Some(true));
    // Loser lost 3 or less: no test.
    assert_eq!(critical(3, 0, 1, false), None);
}
