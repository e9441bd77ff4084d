//! Movement (11.0a, 16.x).

use crate::nbs::Nbs;

#[test]
fn r11_0a_proportional_example() {
    // Column MA 8 spends 5, then 1 to change: 6 of 8 spent; line MA 5 x 25% = 1.25 -> 1
    // MP left, so 4 of 5 spent.
    let spent = Nbs::proportional_spent(12, 16, 10);
    assert_eq!(10 - spent, 2, "one whole MP left");
}
