//! General rules: scale and values (¶9–¶17, §13–§17), the announced strength of ¶146 step 3a.

use crate::hov::types::{Mp, Ratings, announced, round_up};

#[test]
fn r146_step3a_x36_strength_announced_to_the_nearest_five() {
    // ¶146 step 3a: 14 SP are announced as 15, one or two as five.
    assert_eq!(announced(14), 15);
    assert_eq!(announced(1), 5);
    assert_eq!(announced(2), 5);
    assert_eq!(announced(12), 10);
    assert_eq!(announced(13), 15);
    assert_eq!(announced(0), 0);
}

#[test]
fn e39_e40_terrain_rounds_fractions_up() {
    // §39: 5 SP halved are 3; §40: 7 infantry SP less a quarter are 6 (5¼ rounded up).
    assert_eq!(round_up(5, 2), 3);
    assert_eq!(round_up(7 * 3, 4), 6);
    assert_eq!(round_up(3, 2), 2);
}

#[test]
fn r112_x32_mp_in_halves_add_exactly() {
    // ¶112: eight primary-road hexes at ½ MP are 4 MP.
    let mut m = Mp::ZERO;
    for _ in 0..8 {
        m = m.plus(Mp::HALF);
    }
    assert_eq!(m, Mp::whole(4));
    assert_eq!(alloc::format!("{}", Mp(3)), "1½");
    assert_eq!(alloc::format!("{}", Mp(1)), "½");
}

#[test]
fn e17_ratings_print_as_the_set_ups_do() {
    // §17 / §222: L'Estocq 4[2]4.
    let r = Ratings {
        initiative: 4,
        subordination: 2,
        span: 4,
        bonus: 0,
    };
    assert_eq!(alloc::format!("{r}"), "4[2]4");
}
