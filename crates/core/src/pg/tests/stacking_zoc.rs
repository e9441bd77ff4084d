//! 1.0 distances, 5 stacking, 6.1 zones of control and 6.2 Engaged/Supporting units.

use alloc::vec;
use alloc::vec::Vec;

use super::*;

/// T-01 (1.0): count the ending hex, not the starting hex.
#[test]
fn r1_0_t01_distances_count_the_ending_hex() {
    let t = T::new();
    assert_eq!(t.hex("3207").distance(t.hex("3106")), 1);
    assert_eq!(t.hex("3305").distance(t.hex("3106")), 2);
    // The other pairs of the 8.1 example, on the same grid.
    assert_eq!(t.hex("3207").distance(t.hex("3107")), 1);
    assert_eq!(t.hex("3305").distance(t.hex("3107")), 3);
    assert_eq!(t.hex("3305").distance(t.hex("3305")), 0);
}

/// Puts the Coalition units `stack` (top first, with the given steps) in 1506 next to a
/// Prussian unit in 1505, and returns the Engaged units there.
fn engaged(stack: &[(&str, u8)]) -> (T, Vec<u16>) {
    let mut t = T::new();
    t.clear();
    t.put("P-B", "1505");
    for (id, steps) in stack.iter().rev() {
        // put() places on top, so the bottom unit goes first.
        t.put(id, "1506");
        t.set_steps(id, *steps);
    }
    let e = t.pg.engaged_in(&t.s, t.hex("1506"));
    (t, e)
}

/// T-05 (6.2 examples): 2 step, 2 step — both Engaged.
#[test]
fn r6_2_t05_two_and_two_steps_both_engaged() {
    let (t, e) = engaged(&[("C-A", 2), ("C-B", 2)]);
    assert_eq!(e, vec![t.u("C-A"), t.u("C-B")]);
}

/// T-06 (6.2 examples): 2 step, 3 step — only the 2 step unit; the 3 step unit Supports.
#[test]
fn r6_2_t06_two_then_three_steps_only_the_two_engaged() {
    let (t, e) = engaged(&[("C-A", 2), ("C-D", 3)]);
    assert_eq!(e, vec![t.u("C-A")]);
    assert!(!t.pg.is_engaged(&t.s, t.u("C-D")));
}

/// T-07 (6.2 examples): 1, 1, 2 step — all Engaged.
#[test]
fn r6_2_t07_one_one_two_steps_all_engaged() {
    let (t, e) = engaged(&[("C-A", 1), ("C-B", 1), ("C-C", 2)]);
    assert_eq!(e, vec![t.u("C-A"), t.u("C-B"), t.u("C-C")]);
}

/// T-08 (6.2 examples): 1, 1, 4 step — both 1 step units only.
#[test]
fn r6_2_t08_one_one_four_steps_only_the_one_steps_engaged() {
    let (t, e) = engaged(&[("C-A", 1), ("C-B", 1), ("C-D", 4)]);
    assert_eq!(e, vec![t.u("C-A"), t.u("C-B")]);
}

/// 6.2 (digest §6.4 item 1, reading): counting stops at the first inf/cav that does not fit;
/// a smaller unit below it is Supporting, not Engaged ("the top inf/cav totaling 4 steps").
#[test]
fn r6_2_engaged_count_stops_at_the_first_unit_that_does_not_fit() {
    let (t, e) = engaged(&[("C-A", 2), ("C-D", 3), ("C-B", 1)]);
    assert_eq!(e, vec![t.u("C-A")]);
}

/// 6.2: Engaged only in an EZOC; artillery is neither Engaged nor Supporting and does not
/// count toward the four steps.
#[test]
fn r6_2_engaged_needs_an_ezoc_and_ignores_artillery() {
    let mut t = T::new();
    t.clear();
    t.put("C-A", "1506");
    t.put("C-ART", "1506");
    assert!(t.pg.engaged_in(&t.s, t.hex("1506")).is_empty());
    t.put("P-B", "1505");
    assert_eq!(t.pg.engaged_in(&t.s, t.hex("1506")), vec![t.u("C-A")]);
    assert!(!t.pg.is_engaged(&t.s, t.u("C-ART")));
}

/// 6.1: every non-Routed unit (artillery too) has a ZOC in the six adjacent hexes, except
/// into terrain it may not enter; Leaders and Routed units have none.
#[test]
fn r6_1_zoc_of_units_not_of_leaders_or_routed_units() {
    let mut t = T::new();
    t.clear();
    // Marsh 0703 is prohibited to artillery in the provisional TEC.
    t.put("C-ART", "0704");
    assert!(t.pg.zoc_of(&t.s, COALITION, t.hex("0705")));
    assert!(!t.pg.zoc_of(&t.s, COALITION, t.hex("0703")));
    assert!(
        !t.pg.zoc_of(&t.s, COALITION, t.hex("0706")),
        "two hexes away"
    );
    t.set_morale("C-ART", Morale::Routed);
    assert!(!t.pg.zoc_of(&t.s, COALITION, t.hex("0705")));
    t.put_leader("C-DAUN", "1004");
    assert!(!t.pg.zoc_of(&t.s, COALITION, t.hex("1005")));
}

/// T-43 (5.1, 5.2): 12 inf/cav steps plus 8 artillery steps is legal; 13 inf/cav steps is not;
/// without inf/cav up to 12 artillery steps, not 13; In Column, no more than 4 inf/cav steps.
#[test]
fn r5_1_r5_2_t43_stacking_limits() {
    let mut t = T::new();
    t.clear();
    let h = t.hex("1005");
    // 12 inf steps (4 + 3 + 3 + 2) + 8 artillery steps (4 + 4).
    for id in ["P-B", "P-A", "P-E", "P-C", "P-ART4", "P-ART5"] {
        t.put(id, "1005");
    }
    assert_eq!(t.pg.steps_in(&t.s, h), (12, 8));
    assert!(t.pg.stacking_ok(&t.s, h));
    // 13 inf steps.
    t.put("P-D", "1005");
    t.set_steps("P-D", 1);
    assert_eq!(t.pg.steps_in(&t.s, h), (13, 8));
    assert!(!t.pg.stacking_ok(&t.s, h));
    // 9 artillery steps with inf/cav present.
    t.clear();
    for id in ["P-C", "P-ART4", "P-ART5", "P-ART3"] {
        t.put(id, "1005");
    }
    t.set_steps("P-ART3", 1);
    assert_eq!(t.pg.steps_in(&t.s, h), (2, 9));
    assert!(!t.pg.stacking_ok(&t.s, h));
    // No inf/cav: 12 artillery steps legal, 13 not.
    t.clear();
    for id in ["P-ART4", "P-ART5", "P-ART", "P-ART2"] {
        t.put(id, "1005");
    }
    assert_eq!(t.pg.steps_in(&t.s, h), (0, 12));
    assert!(t.pg.stacking_ok(&t.s, h));
    t.put("P-ART3", "1005");
    t.set_steps("P-ART3", 1);
    assert_eq!(t.pg.steps_in(&t.s, h), (0, 13));
    assert!(!t.pg.stacking_ok(&t.s, h));
    // In Column: 4 inf/cav steps + 8 artillery steps legal, 5 inf/cav steps not.
    t.clear();
    for id in ["P-C", "P-D", "P-ART4", "P-ART5"] {
        t.put(id, "1005");
    }
    for id in ["P-C", "P-D"] {
        let u = t.u(id);
        t.s.units[usize::from(u)].in_column = true;
    }
    assert_eq!(t.pg.steps_in(&t.s, h), (4, 8));
    assert!(t.pg.stacking_ok(&t.s, h));
    t.put("P-A", "1005");
    t.set_steps("P-A", 1);
    let u = t.u("P-A");
    t.s.units[usize::from(u)].in_column = true;
    assert!(!t.pg.stacking_ok(&t.s, h));
}

/// 5.1, 5.3 (reading): a counter may not enter a hex where it would break the stacking
/// limit. The text checks the limits at the end of the Movement Phase; the engine keeps them
/// at every step, so no player can end the phase in violation through movement.
#[test]
fn r5_1_move_into_a_full_hex_refused() {
    let mut t = T::new();
    // Option "each_step" (5.3's stricter reading): no step may overstack a hex.
    t.pg.params.stacking_each_step = true;
    t.clear();
    for id in ["P-B", "P-A", "P-E", "P-C"] {
        t.put(id, "1005");
    }
    t.put("P-D", "1006");
    t.put_leader("P-WL1", "1005");
    t.start_movement();
    let e = t.refuse(t.step("P-D", "1005"));
    assert_eq!(e.rule, "5.1");
    // A leader does not count for stacking (5.1).
    t.put_leader("P-FRED", "1006");
    t.apply(t.step_leader("P-FRED", "1005"));
    // Artillery still fits (8 artillery steps with inf/cav).
    t.put("P-ART", "1004");
    t.apply(t.step("P-ART", "1005"));
}

/// 5.2: a unit In Column may not enter a hex where the stack would then hold more than 4
/// inf/cav steps.
#[test]
fn r5_2_in_column_unit_into_a_stack_over_four_steps_refused() {
    let mut t = T::new();
    // Option "each_step" (5.3's stricter reading): no step may overstack a hex.
    t.pg.params.stacking_each_step = true;
    t.clear();
    t.put("P-A", "1005");
    t.put("P-C", "1006");
    let u = t.u("P-C");
    t.s.units[usize::from(u)].in_column = true;
    t.start_movement();
    let e = t.refuse(t.step("P-C", "1005"));
    assert_eq!(e.rule, "5.2");
}

/// 5.3 (default reading): the limits are checked at the end of the Movement Phase, so a unit
/// may pass through a hex it would overstack but may not stop there; once inside such a hex it
/// must move on before anything else moves.
#[test]
fn r5_3_pass_through_a_full_hex_but_do_not_stop() {
    let mut t = T::new();
    assert!(
        !t.pg.params.stacking_each_step,
        "the text's reading is the default"
    );
    t.clear();
    for id in ["P-B", "P-A", "P-E", "P-C"] {
        t.put(id, "1005");
    }
    t.put("P-D", "1006");
    t.start_movement();
    // P-D (MA 3) may enter the full hex with MP to spare...
    t.apply(t.step("P-D", "1005"));
    // ...but must then move on: no EndMove, no other counter, no end of phase.
    let legal = t.legal();
    assert!(!legal.contains(&Action::EndMove));
    assert!(!legal.contains(&Action::EndPhase));
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Move { piece, .. } if *piece == Piece::Unit(t.u("P-D"))))
    );
    t.apply(t.step("P-D", "1004"));
    assert!(t.pg.stacking_ok(&t.s, t.hex("1005")));
    // A step that would leave it stopped in a full hex (no MP left) is refused, citing 5.3.
    let mut u = T::new();
    u.clear();
    for id in ["P-B", "P-A", "P-E", "P-C"] {
        u.put(id, "1005");
    }
    let d = u.put("P-D", "1006");
    u.start_movement();
    u.s.units[usize::from(d)].mp = 2;
    u.s.units[usize::from(d)].moved = true;
    u.s.mover = Some(Piece::Unit(d));
    assert_eq!(u.refuse(u.step("P-D", "1005")).rule, "5.3");
}

/// 5.1, 5.2, 5.4, 6.1: the occupancy indexes the legal-action listing reads (the whole
/// position's, and the 5x5 window around one counter) give the answers of the scans over every
/// unit: zones of control of both sides, who stands where, stack loads and In Column, the top
/// of each stack. Positions from random play of every Prussia's Glory scenario.
#[test]
fn r5_r6_1_occupancy_indexes_answer_as_the_unit_scans_do() {
    let lib = Library::builtin().unwrap_or_else(|e| panic!("{e:?}"));
    let mut positions = 0;
    for id in lib
        .scenario_ids()
        .into_iter()
        .filter(|id| id.starts_with("pg/"))
    {
        let pg = Pg::new(&lib.scenario(id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}"));
        let b = pg.board.bounds();
        let mut game = crate::engine::Game::new(pg.clone(), 5);
        for step in 0..400 {
            if step % 40 == 0 {
                positions += 1;
                let s = game.state();
                let whole = pg.occupancy(s);
                let agree = |occ: &crate::pg::movement::query::Occ, h: Hex| {
                    for side in [PRUSSIAN, COALITION] {
                        assert_eq!(occ.ezoc(&pg, side, h), pg.ezoc(s, side, h), "{id} {h:?}");
                        assert_eq!(occ.has_units(&pg, side, h), pg.has_units(s, h, side));
                    }
                    assert_eq!(occ.load(&pg, h), pg.stack_load(s, h), "{id} {h:?}");
                    let stack = pg.stack(s, h);
                    assert_eq!(usize::from(occ.count(&pg, h)), stack.len());
                    assert_eq!(occ.top(&pg, h), stack.first().copied());
                };
                for q in b.min.q - 1..=b.max.q + 1 {
                    for r in b.min.r - 1..=b.max.r + 1 {
                        agree(&whole, Hex::new(q, r));
                    }
                }
                for u in s.units.iter().filter(|u| u.off == Off::No) {
                    let near = pg.occupancy_near(s, u.hex);
                    for q in -2..=2 {
                        for r in -2..=2 {
                            let h = Hex::new(u.hex.q + q, u.hex.r + r);
                            if h.distance(u.hex) <= 2 {
                                agree(&near, h);
                            }
                        }
                    }
                }
            }
            if game
                .step_random()
                .unwrap_or_else(|e| panic!("{id}: {e}"))
                .is_none()
            {
                break;
            }
        }
    }
    assert!(positions >= 25, "{positions} positions checked");
}
