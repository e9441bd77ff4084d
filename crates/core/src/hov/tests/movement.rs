//! II. Movement: Initiative (¶101–¶107, ¶126–¶127).

use crate::hov::movement::initiative::{Allowance, allowance, cavalry_advantage, exit_modifier};
use crate::hov::types::Mp;

#[test]
fn r104_x29_an_initiative_three_leader_rolls_one_to_six() {
    // ¶104: Initiative 3, infantry allowance 4: 1–2 move 4 MP, 3 moves 3, 4–5 one MP, 6 none.
    let ma = Mp::whole(4);
    let got: alloc::vec::Vec<Mp> = (1..=6).map(|r| allowance(r, 3).of(ma)).collect();
    assert_eq!(
        got,
        [4, 4, 3, 1, 1, 0].map(Mp::whole).to_vec(),
        "rolls 1–6 against Initiative 3"
    );
}

#[test]
fn r104_x30_an_initiative_one_leader_moves_in_full_on_a_one() {
    // ¶104's exception: Initiative 1 and a roll of 1 is the full allowance, not one less.
    assert_eq!(allowance(1, 1), Allowance::Full);
    assert_eq!(allowance(2, 1), Allowance::OneMp);
    assert_eq!(allowance(4, 1), Allowance::None);
    // Without the exception a roll equal to the Initiative is one MP less.
    assert_eq!(allowance(2, 2), Allowance::LessOne);
}

#[test]
fn r106_x31_resistance_makes_a_one_equal_to_initiative_two() {
    // ¶106: active 2 against passive 3 gives +1 (the matrix cell the text quotes); a roll of
    // 1 becomes 2, equal to his Initiative: at most 3 MP of an infantry allowance of 4, the ½
    // MP for leaving the ZOC included.
    let m = exit_modifier(1, 0, true);
    let a = allowance(1 + i16::from(m), 2);
    assert_eq!(a, Allowance::LessOne);
    assert_eq!(a.of(Mp::whole(4)), Mp::whole(3));
}

#[test]
fn r127_x33_cavalry_differential_adds_to_the_resistance_modifier() {
    // ¶127: pursuer 4 against 2 is a Resistance Modifier of 0; with 1 cavalry SP against 2
    // the retreating side has the 2:1 advantage and the modifier becomes +1.
    assert_eq!(cavalry_advantage(1, 2), -1);
    assert_eq!(exit_modifier(0, cavalry_advantage(1, 2), false), 1);
    // One SP is enough against none; 3 against 2 is no advantage.
    assert_eq!(cavalry_advantage(1, 0), 1);
    assert_eq!(cavalry_advantage(3, 2), 0);
    assert_eq!(cavalry_advantage(0, 0), 0);
}

#[test]
fn r127_leaving_a_zoc_is_never_easier_than_away_from_the_enemy() {
    // ¶127: a cavalry advantage cannot turn a Resistance Modifier of 0 into −1 when exiting.
    assert_eq!(exit_modifier(0, 1, true), 0);
    assert_eq!(exit_modifier(1, 1, true), 0);
    assert_eq!(exit_modifier(2, 1, true), 1);
}
