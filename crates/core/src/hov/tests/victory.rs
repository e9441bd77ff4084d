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

/// Plays `id` to its End Date with every player passing and every die a 3; `set` marks the
/// position as the last Game-Turn begins (losses and Paris Morale to be scored).
fn played_out(id: &str, set: impl Fn(&crate::hov::Hov, &mut crate::hov::state::State)) -> [i32; 2] {
    use crate::data::Library;
    use crate::dice::{DiceSpec, Roll};
    use crate::engine::{Actor, Rules};
    use crate::hov::action::Action;
    let lib = Library::builtin().expect("the built-in library");
    let h = crate::hov::Hov::new(&lib.scenario(id).expect(id)).expect(id);
    let mut s = h.initial_state();
    let mut ev = alloc::vec::Vec::new();
    let mut marked = false;
    for _ in 0..10_000 {
        if !marked && s.turn == h.params.last_turn {
            set(&h, &mut s);
            marked = true;
        }
        match h.actor(&s) {
            Actor::Terminal(o) => {
                assert!(marked);
                assert_eq!(s.phase, crate::hov::state::Phase::Over);
                return o.points;
            }
            Actor::Chance(_) => {
                let r = Roll {
                    spec: DiceSpec::D6,
                    value: 3,
                };
                h.apply(&mut s, &Action::Roll(r), &mut ev).unwrap();
            }
            Actor::Player(_) => h.apply(&mut s, &Action::Done, &mut ev).unwrap(),
        }
    }
    panic!("{id} did not end");
}

#[test]
fn e214_2_e214_3_the_scenario_ends_on_the_loss_ratio_and_paris_morale() {
    use crate::hov::types::{COALITION, FRENCH};
    // §214 2: the Coalition lost twice the French SPs by the end: +2 VP to the French.
    let p = played_out("hov/eylau", |_, s| {
        s.lost[COALITION.index()] = 12;
        s.lost[FRENCH.index()] = 6;
    });
    assert_eq!(p, [2, -2]);
    // §214 3 as well: Paris Morale three steps down over the scenario: 2 − 3 = −1.
    let p = played_out("hov/friedland", |h, s| {
        s.lost[COALITION.index()] = 12;
        s.lost[FRENCH.index()] = 6;
        s.morale = h.params.morale - 3;
    });
    assert_eq!(p, [-1, 1]);
    // The French lost twice as many (−2) and morale rose a step (+1): −1, a Coalition win.
    let p = played_out("hov/pultusk-golymin", |h, s| {
        s.lost[FRENCH.index()] = 10;
        s.lost[COALITION.index()] = 5;
        s.morale = h.params.morale + 1;
    });
    assert_eq!(p, [-1, 1]);
}
