//! Battle Scenario victory (§63, §214–§215).

use crate::hov::victory::{loss_points, morale_points};

#[test]
fn e214_the_loss_ratio_table() {
    // §214: Coalition : French 2:1 +2, 1.5:1 +1, 1:1 0, 1:1.5 −1, 1:2 −2.
    assert_eq!(loss_points(10, 5), 2);
    assert_eq!(loss_points(9, 6), 1);
    assert_eq!(loss_points(6, 6), 0);
    assert_eq!(loss_points(6, 9), -1);
    assert_eq!(loss_points(5, 10), -2);
    // Between columns: down toward even, on both sides alike.
    assert_eq!(loss_points(5, 4), 0);
    assert_eq!(loss_points(4, 5), 0);
    assert_eq!(loss_points(19, 10), 1);
    assert_eq!(loss_points(10, 19), -1);
    // Losses on one side only, and none at all.
    assert_eq!(loss_points(3, 0), 2);
    assert_eq!(loss_points(0, 3), -2);
    assert_eq!(loss_points(0, 0), 0);
}

#[test]
fn e214_x21_morale_from_plus_one_to_minus_one_costs_two_points() {
    // §214's example: Paris Morale +1 at the start and −1 at the end: the French lose 2 VP.
    assert_eq!(morale_points(1, -1), -2);
}
