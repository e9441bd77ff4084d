//! 6.3 Locked markers and stacking order, 6.4 Fast units, 7.3 movement costs, 7.4 allowances
//! and prohibitions, 7.5 zones of control, 7.6 In Column and forced deployment.

use alloc::vec::Vec;

use super::*;

fn moved_mp(ev: &[Event]) -> Option<u8> {
    ev.iter().rev().find_map(|e| match e {
        Event::Moved { mp, .. } => Some(*mp),
        _ => None,
    })
}

fn flipped(ev: &[Event]) -> bool {
    has(ev, |e| matches!(e, Event::Locked { penalty: true, .. }))
}

/// The 6.3 example: Austrian 4-step infantry A (1705) and B (1704), not in an EZOC at the
/// start of the turn, near a Prussian cavalry unit in 1505.
fn austrians_advance() -> T {
    let mut t = T::new();
    t.clear();
    t.put("P-CUIR", "1505");
    t.put("C-D", "1705"); // A
    t.put("C-E", "1704"); // B
    t.s.active = COALITION;
    t.start_movement();
    assert!(t.s.locked.is_empty());
    // A moves into the Prussian cavalry's ZOC: Engaged at once, it must stop (7.5.1).
    let ev = t.apply(t.step("C-D", "1605"));
    assert_eq!(moved_mp(&ev), Some(1));
    assert!(t.pg.is_engaged(&t.s, t.u("C-D")));
    assert_eq!(t.s.mover, None, "A stopped");
    assert!(t.unit("C-D").done);
    t
}

/// T-09 (6.3 example, choice 1): B enters as a Supporting unit; it may stay, or leave for
/// +1 MP and enter the next hex, 3 MP in all. No Locked marker, so no penalty.
#[test]
fn r6_3_t09_supporting_unit_may_stay_or_move_on_for_three_mp() {
    let mut t = austrians_advance();
    let ev = t.apply(t.step_below("C-E", "1605"));
    assert_eq!(moved_mp(&ev), Some(1));
    assert_eq!(t.pg.engaged_in(&t.s, t.hex("1605")), [t.u("C-D")]);
    assert_eq!(t.s.mover, Some(Piece::Unit(t.u("C-E"))), "B need not stop");
    // It may stay...
    let mut stay = T {
        pg: t.pg.clone(),
        s: t.s.clone(),
    };
    stay.apply(Action::EndMove);
    assert_eq!(stay.at("C-E"), stay.hex("1605"));
    // ...or leave the EZOC for +1 MP and enter the next hex: 1 + (1 + 1) = 3 MP.
    let ev = t.apply(t.step("C-E", "1604"));
    assert_eq!(moved_mp(&ev), Some(3));
    assert_eq!(t.at("C-E"), t.hex("1604"));
    assert!(t.s.locked.is_empty() && !flipped(&ev));
}

/// T-09 (6.3 example, choice 2): B enters on top of A: B is now Engaged and A Supporting; A
/// cannot resume its movement; no penalty without a Locked marker.
#[test]
fn r6_3_t09_unit_entering_on_top_becomes_engaged_no_penalty() {
    let mut t = austrians_advance();
    let ev = t.apply(t.step("C-E", "1605"));
    assert_eq!(t.pg.engaged_in(&t.s, t.hex("1605")), [t.u("C-E")]);
    assert!(!t.pg.is_engaged(&t.s, t.u("C-D")));
    assert_eq!(t.s.mover, None, "B is Engaged and stops");
    assert!(t.s.locked.is_empty() && !flipped(&ev));
    let e = t.refuse(t.step("C-D", "1604"));
    assert_eq!(e.rule, "7.3");
}

/// A Prussian 8-6-3 in 1505 began the turn Engaged with Austrian infantry in 1605: its hex
/// is Locked (7.2).
fn locked_prussians() -> T {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    t.put("P-B", "1505");
    t.put("P-A", "1405");
    t.put("P-C", "1406");
    t.start_movement();
    assert_eq!(
        t.locked("1505").map(|l| l.penalty),
        Some(false),
        "7.2: the stack began the turn with Engaged units"
    );
    t
}

/// 7.5.1 (the case): a non-Fast unit that began the turn Engaged may not leave its
/// Locked hex; the refusal cites 7.5.1.
#[test]
fn r7_5_1_engaged_non_fast_unit_may_not_leave_locked_hex() {
    let mut t = locked_prussians();
    let e = t.refuse(t.step("P-B", "1405"));
    assert_eq!(e.rule, "7.5.1");
    assert!(!t.legal().contains(&t.step("P-B", "1506")));
}

/// T-10 (6.3, derived): a unit entering a Locked hex below the Engaged units is Supporting and
/// causes no flip; a unit entering on top changes the Engaged units and flips the marker to
/// its penalty side; the unit made Supporting may then leave for +1 MP (7.5.1).
#[test]
fn r6_3_t10_entering_below_no_flip_on_top_flips_then_old_unit_may_leave() {
    let mut t = locked_prussians();
    let ev = t.apply(t.step_below("P-C", "1505"));
    assert!(!flipped(&ev));
    assert_eq!(t.locked("1505").map(|l| l.penalty), Some(false));
    assert_eq!(t.pg.engaged_in(&t.s, t.hex("1505")), [t.u("P-B")]);
    t.apply(Action::EndMove);
    let ev = t.apply(t.step("P-A", "1505"));
    assert!(flipped(&ev), "{}", dump(&ev));
    assert!(has(&ev, |e| crate::engine::EventInfo::rule(e) == "6.3"));
    assert_eq!(t.locked("1505").map(|l| l.penalty), Some(true));
    assert_eq!(t.pg.engaged_in(&t.s, t.hex("1505")), [t.u("P-A")]);
    assert_eq!(t.s.mover, None, "the new Engaged unit stops");
    // P-B is Supporting now: it leaves, paying +1 MP for the EZOC.
    let ev = t.apply(t.step("P-B", "1405"));
    assert_eq!(moved_mp(&ev), Some(2));
}

/// T-10 (6.3, derived): a Supporting unit moved to the top of a Locked stack flips the marker.
#[test]
fn r6_3_t10_supporting_unit_moved_to_top_flips() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    t.put("P-A", "1505"); // bottom: Supporting
    t.put("P-D", "1505");
    t.put("P-C", "1505"); // top: P-C and P-D Engaged (4 steps)
    t.start_movement();
    assert_eq!(
        t.pg.engaged_in(&t.s, t.hex("1505")),
        [t.u("P-C"), t.u("P-D")]
    );
    let ev = t.apply(Action::ToTop { unit: t.u("P-A") });
    assert!(flipped(&ev));
    assert_eq!(t.locked("1505").map(|l| l.penalty), Some(true));
    // In a hex without a Locked marker the order changes freely (6.3 NOTE).
    let mut u = T::new();
    u.clear();
    u.put("C-D", "1605");
    u.put("P-A", "1405");
    u.put("P-C", "1405");
    u.start_movement();
    let ev = u.apply(Action::ToTop { unit: u.u("P-A") });
    assert!(!flipped(&ev) && u.s.locked.is_empty());
}

/// 6.4, 7.5.3: an Engaged Fast unit adjacent only to non-Fast units may leave a Locked hex,
/// paying the EZOC cost (+1 for Prussian cavalry); the units it uncovers become Engaged
/// without flipping the marker ("the only way ... without flipping").
#[test]
fn r6_4_fast_unit_leaving_locked_hex_does_not_flip() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    t.put("P-B", "1505");
    t.put("P-CUIR", "1505");
    t.start_movement();
    assert_eq!(t.pg.engaged_in(&t.s, t.hex("1505")), [t.u("P-CUIR")]);
    let ev = t.apply(t.step("P-CUIR", "1405"));
    assert_eq!(moved_mp(&ev), Some(2));
    assert_eq!(t.pg.engaged_in(&t.s, t.hex("1505")), [t.u("P-B")]);
    assert!(!flipped(&ev), "{}", dump(&ev));
    assert_eq!(t.locked("1505").map(|l| l.penalty), Some(false));
}

/// 6.4: if the Fast units leave the Locked hex completely vacated, the marker is discarded; a
/// unit entering the hex afterwards flips nothing.
#[test]
fn r6_4_vacated_locked_hex_marker_discarded() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    t.put("P-CUIR", "1505");
    t.put("P-A", "1406");
    t.start_movement();
    assert!(t.locked("1505").is_some());
    t.apply(t.step("P-CUIR", "1405"));
    assert!(t.locked("1505").is_none(), "{:?}", t.s.locked);
    let ev = t.apply(t.step("P-A", "1505"));
    assert!(!flipped(&ev));
    assert!(t.locked("1505").is_none());
}

/// 6.4: an Engaged Fast unit adjacent to an enemy Fast unit may not leave its Locked hex.
#[test]
fn r6_4_fast_unit_next_to_enemy_fast_unit_may_not_leave_locked_hex() {
    let mut t = T::new();
    t.clear();
    t.put("C-HUS", "1605");
    t.set_morale("C-HUS", Morale::Disordered); // not Formed: 7.5.3 does not hold it
    t.put("P-CUIR", "1505");
    t.start_movement();
    let e = t.refuse(t.step("P-CUIR", "1405"));
    assert_eq!(e.rule, "6.4");
}

/// 7.5.3: a Fast unit entering an EZOC next to an Engaged, Formed enemy cavalry unit must
/// stop, and may not leave; elsewhere it passes through, paying +1 MP to leave (Prussian
/// cavalry) or +2 MP (other Fast units).
#[test]
fn r7_5_3_fast_units_and_enemy_cavalry() {
    let mut t = T::new();
    t.clear();
    t.put("P-A", "1505");
    t.put("C-HUS", "1605"); // Engaged with P-A, Formed
    t.put("P-DRA1", "1503");
    t.put("C-D", "2507");
    t.put("P-CUIR", "2306");
    t.start_movement();
    t.apply(t.step("P-DRA1", "1604"));
    assert_eq!(
        t.s.mover, None,
        "stopped next to Engaged, Formed enemy cavalry"
    );
    // P-CUIR passes by the Austrian infantry: 1 + (1 + 1) MP.
    t.apply(t.step("P-CUIR", "2407"));
    let ev = t.apply(t.step("P-CUIR", "2406"));
    assert_eq!(moved_mp(&ev), Some(3), "{}", dump(&ev));
    // A Coalition Fast unit pays +2 to leave the EZOC while Engaged.
    let mut c = T::new();
    c.clear();
    c.put("P-A", "1504");
    c.put("C-CUIR", "1703");
    c.s.active = COALITION;
    c.start_movement();
    c.apply(c.step("C-CUIR", "1604"));
    assert!(c.pg.is_engaged(&c.s, c.u("C-CUIR")));
    let ev = c.apply(c.step("C-CUIR", "1704"));
    assert_eq!(moved_mp(&ev), Some(4));
}

/// 7.5.3: an Engaged Fast unit next to an Engaged, Formed enemy cavalry unit may not leave.
#[test]
fn r7_5_3_fast_unit_held_by_engaged_formed_enemy_cavalry() {
    let mut t = T::new();
    t.clear();
    t.put("C-HUS", "1605");
    t.put("P-CUIR", "1505");
    t.start_movement();
    let e = t.refuse(t.step("P-CUIR", "1405"));
    assert_eq!(e.rule, "7.5.3");
}

/// T-11 (7.3 example): entering a clear hex up a slope costs 2 MP (1 for the hex, +1 for the
/// hexside); the fixture's slope lies between 0505 (high) and 0506.
#[test]
fn r7_3_t11_up_the_slope_costs_two() {
    let mut t = T::new();
    t.clear();
    t.put("P-A", "0506");
    t.put("P-C", "0505");
    t.start_movement();
    let (a, c) = (Piece::Unit(t.u("P-A")), Piece::Unit(t.u("P-C")));
    let (lo, hi) = (t.hex("0506"), t.hex("0505"));
    assert_eq!(t.pg.step_cost(&t.s, a, lo, hi), Some(2));
    assert_eq!(
        t.pg.step_cost(&t.s, c, hi, lo),
        Some(1),
        "downhill: provisional 0"
    );
    let ev = t.apply(t.step("P-C", "0504"));
    assert_eq!(moved_mp(&ev), Some(1));
    t.apply(Action::EndMove);
    let ev = t.apply(t.step("P-A", "0505"));
    assert_eq!(moved_mp(&ev), Some(2));
}

/// T-12 (7.3 example): Zorndorf's marsh/pond costs cavalry 3 MP, not the general 5; infantry
/// pays its own column either way.
#[test]
fn r7_3_t12_zorndorf_marsh_costs_cavalry_three() {
    for (scenario, cav, inf) in [("pg/rules-zorndorf", 3, 3), ("pg/rules", 5, 3)] {
        let mut t = T::scenario(scenario);
        t.clear();
        t.put("P-CUIR", "0704");
        t.put("P-A", "0604");
        t.start_movement();
        let ev = t.apply(t.step("P-CUIR", "0703"));
        assert_eq!(moved_mp(&ev), Some(cav), "{scenario}");
        let ev = t.apply(t.step("P-A", "0703"));
        assert_eq!(moved_mp(&ev), Some(inf), "{scenario}");
    }
}

/// T-13 (7.4 example): MA 3 infantry has MA 2 when Disordered; Disordered, Out of Command and
/// Degraded together still halve only once.
#[test]
fn r7_4_t13_halvings_do_not_stack() {
    let mut t = T::new();
    t.clear();
    t.put("P-A", "1005");
    t.start_movement();
    let a = t.u("P-A");
    assert_eq!(t.pg.allowance(&t.s, a), 3);
    t.set_morale("P-A", Morale::Disordered);
    assert_eq!(t.pg.allowance(&t.s, a), 2);
    t.s.units[usize::from(a)].ooc = true;
    t.s.groups[0] = Cmd::Degraded;
    assert_eq!(t.pg.allowance(&t.s, a), 2);
    t.set_morale("P-A", Morale::Formed);
    assert_eq!(t.pg.allowance(&t.s, a), 2, "OOC alone halves too (4.2.2)");
    // Leaders always get their full MA (7.4): a leader moves 8 hexes in a Degraded group.
    assert_eq!(t.pg.pieces.leaders[usize::from(t.l("P-WL1"))].ma, 8);
}

/// T-14 (7.6.1): In Column and Degraded: artillery 4, infantry 5, cavalry 7; In Column and
/// Effective: +4 (MA 3 infantry: 7).
#[test]
fn r7_6_1_t14_in_column_allowances() {
    let mut t = T::new();
    t.clear();
    for (id, hex) in [("P-ART", "1005"), ("P-A", "1007"), ("P-CUIR", "1009")] {
        t.put(id, hex);
        let u = t.u(id);
        t.s.units[usize::from(u)].in_column = true;
    }
    t.start_movement();
    let ma = |t: &T, id: &str| t.pg.allowance(&t.s, t.u(id));
    assert_eq!(ma(&t, "P-A"), 7, "Effective IC: 3 + 4");
    t.s.groups[0] = Cmd::Degraded;
    t.s.groups[1] = Cmd::Degraded;
    assert_eq!(ma(&t, "P-ART"), 4);
    assert_eq!(ma(&t, "P-A"), 5);
    assert_eq!(ma(&t, "P-CUIR"), 7);
    // IC units pay 1 MP per hex whatever the terrain (7.6.1): infantry into woods.
    t.s.groups[0] = Cmd::Effective;
    let ev = t.apply(t.step("P-A", "0907"));
    assert_eq!(moved_mp(&ev), Some(1));
}

/// T-15 (7.3, derived): a unit may always move one hex, whatever the cost: Disordered
/// infantry (MA 2) enters marsh (3 MP) as its first move, then stops. After a first hex, a
/// hex it cannot pay for is refused (7.3).
#[test]
fn r7_3_t15_one_hex_minimum() {
    let mut t = T::new();
    t.clear();
    t.put("P-A", "0704");
    t.set_morale("P-A", Morale::Disordered);
    t.put("P-C", "0705");
    t.start_movement();
    assert_eq!(t.pg.allowance(&t.s, t.u("P-A")), 2);
    let ev = t.apply(t.step("P-A", "0703"));
    assert_eq!(moved_mp(&ev), Some(3));
    assert_eq!(t.s.mover, None, "the minimum move ends the unit's movement");
    t.apply(t.step("P-C", "0704")); // 1 MP
    let e = t.refuse(t.step("P-C", "0703")); // marsh: 1 + 3 > 3
    assert_eq!(e.rule, "7.3");
}

/// T-15 / 4.2.2: the one-hex minimum never overrides another rule: an out-of-command unit
/// may not enter an EZOC, even as its only move; the refusal cites 4.2.2.
#[test]
fn r4_2_2_out_of_command_unit_may_not_enter_ezoc() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    t.put("P-A", "1405");
    t.start_movement();
    let a = t.u("P-A");
    t.s.units[usize::from(a)].ooc = true;
    let e = t.refuse(t.step("P-A", "1505"));
    assert_eq!(e.rule, "4.2.2");
    t.apply(t.step("P-A", "1404")); // not an EZOC
}

/// 7.5.2: artillery may not enter an EZOC unless the hex already holds friendly infantry or
/// cavalry; it leaves an EZOC for +1 MP from anywhere in its stack.
#[test]
fn r7_5_2_artillery_and_ezocs() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    t.put("P-ART", "1405");
    t.put("P-ART2", "1405");
    t.put("P-A", "1504");
    t.start_movement();
    let e = t.refuse(t.step("P-ART", "1505"));
    assert_eq!(e.rule, "7.5.2");
    // Friendly artillery there is not enough: it must be infantry or cavalry.
    let mut guns = T {
        pg: t.pg.clone(),
        s: t.s.clone(),
    };
    guns.put("P-ART3", "1505");
    assert_eq!(guns.refuse(guns.step("P-ART", "1505")).rule, "7.5.2");
    let reach = guns.pg.reachable(&guns.s, "P-ART").unwrap();
    assert!(!reach.iter().any(|r| r.hex == guns.hex("1505")));
    assert!(reach.iter().any(|r| r.hex == guns.hex("1504")));
    t.apply(t.step("P-ART2", "1504"));
    assert_eq!(
        t.pg.stack(&t.s, t.hex("1504"))[0],
        t.u("P-ART2"),
        "5.4: Prussian guns may go on top"
    );
    assert_eq!(t.s.mover, Some(Piece::Unit(t.u("P-ART2"))));
    // ...and leaves again: 1 + (1 + 1) = 3 > MA 2, so not this turn.
    let e = t.refuse(t.step("P-ART2", "1404"));
    assert_eq!(e.rule, "7.3");
}

/// 5.4: Coalition artillery entering an EZOC goes to the bottom of the stack and may not be
/// moved up during that Movement Phase.
#[test]
fn r5_4_coalition_artillery_entering_ezoc_goes_to_the_bottom() {
    let mut t = T::new();
    t.clear();
    t.put("P-A", "1505");
    t.put("C-D", "1606");
    t.put("C-ART", "1706");
    t.s.active = COALITION;
    t.start_movement();
    t.apply(t.step("C-ART", "1606"));
    let stack = t.pg.stack(&t.s, t.hex("1606"));
    assert_eq!(stack, [t.u("C-D"), t.u("C-ART")]);
    t.apply(Action::EndMove);
    assert!(!t.legal().contains(&Action::ToTop { unit: t.u("C-ART") }));
}

/// 7.5.5: a unit whose SP are parenthesised may not enter an EZOC.
#[test]
fn r7_5_5_parenthesised_unit_may_not_enter_ezoc() {
    let mut t = T::new();
    t.clear();
    t.put("P-A", "1505");
    t.put("C-HUS", "1705");
    t.set_steps("C-HUS", 1); // its 1-step side is parenthesised in the fixture
    t.s.active = COALITION;
    t.start_movement();
    let e = t.refuse(t.step("C-HUS", "1605"));
    assert_eq!(e.rule, "7.5.5");
    t.set_steps("C-HUS", 2);
    t.apply(t.step("C-HUS", "1605"));
}

/// 7.5.4: a Leader may enter an EZOC only where a friendly unit is, never stops there, and
/// leaves without extra cost.
#[test]
fn r7_5_4_leaders_and_ezocs() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    t.put("P-A", "1504");
    t.put_leader("P-WL1", "1405");
    t.start_movement();
    let e = t.refuse(t.step_leader("P-WL1", "1505"));
    assert_eq!(e.rule, "7.5.4");
    t.apply(t.step_leader("P-WL1", "1504"));
    let ev = t.apply(t.step_leader("P-WL1", "1404"));
    assert_eq!(moved_mp(&ev), Some(2), "no EZOC cost for leaders");
}

/// 7.4: no entering a hex with an enemy counter, no terrain prohibited on the TEC, no leaving
/// the map while the army is neither Demoralized nor Broken.
#[test]
fn r7_4_prohibited_moves() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    t.put("P-B", "1504");
    t.put("P-ART", "0704");
    t.put("P-C", "0101");
    t.start_movement();
    assert_eq!(t.refuse(t.step("P-B", "1605")).rule, "7.4");
    assert_eq!(
        t.refuse(t.step("P-ART", "0703")).rule,
        "7.4",
        "marsh: guns prohibited"
    );
    let off = Action::Move {
        piece: Piece::Unit(t.u("P-C")),
        dir: crate::hex::Direction::from_compass(crate::hex::Compass::N),
        below: false,
    };
    assert_eq!(t.refuse(off).rule, "7.4");
}

/// 7.3 / 7.1: Routed units do not perform Normal Movement.
#[test]
fn r7_3_routed_unit_has_no_normal_movement() {
    let mut t = T::new();
    t.clear();
    t.put("P-A", "1005");
    t.start_movement();
    t.set_morale("P-A", Morale::Routed);
    assert_eq!(t.refuse(t.step("P-A", "1006")).rule, "7.3");
}

/// 7.1: Routed infantry moves 2 hexes in the Routed Movement Segment by the retreat rules,
/// toward its friendly edge (west for the Prussians), before Normal Movement.
#[test]
fn r7_1_routed_infantry_moves_two_hexes() {
    let mut t = T::new();
    t.clear();
    t.put("P-A", "1505");
    t.set_morale("P-A", Morale::Routed);
    t.put("C-D", "1905");
    for g in 0..2 {
        t.s.groups[g] = Cmd::Effective;
    }
    let mut ev = Vec::new();
    t.pg.begin_movement(&mut t.s, &mut ev);
    assert_eq!(t.s.phase, Phase::RoutedMovement);
    assert_eq!(t.actor(), Actor::Player(PRUSSIAN));
    while t.s.phase == Phase::RoutedMovement {
        let a = t.legal()[0].clone();
        ev.extend(t.apply(a));
    }
    assert_eq!(t.s.phase, Phase::Movement);
    assert_eq!(t.hex("1505").distance(t.at("P-A")), 2);
    assert!(
        t.at("P-A").distance(t.hex("1905")) > 4,
        "away from the enemy"
    );
}

/// Coalition infantry moves within 3 hexes of the In Column Prussian cavalry wing of Zieten
/// (group CR 4, no initiative); the Coalition basic infantry group has CR 5 here.
fn forced_deployment() -> T {
    let mut t = T::new();
    let g = t.group("coalition-basic-inf-art");
    alloc::sync::Arc::make_mut(&mut t.pg.pieces).groups[g].rating = 5;
    t.clear();
    t.put("P-ZCAV", "1505");
    t.put_leader("P-WL4", "1505");
    let w = t.wing("p-cav2");
    t.s.wing_ic[usize::from(w)] = true;
    let z = t.u("P-ZCAV");
    t.s.units[usize::from(z)].in_column = true;
    let zieten = t.l("P-WL4");
    t.s.leaders[usize::from(zieten)].in_column = true;
    t.put("C-A", "1905");
    t.put("C-B", "1906");
    t.put_leader("C-WL1", "2506");
    t.s.active = COALITION;
    t.start_movement();
    t.apply(t.step("C-A", "1805"));
    assert_eq!(t.hex("1805").distance(t.hex("1505")), 3);
    assert_eq!(t.actor(), Actor::Player(PRUSSIAN));
    assert_eq!(t.legal(), [Action::Attempt, Action::Decline]);
    t.apply(Action::Attempt);
    t
}

fn fd_event(ev: &[Event]) -> Option<(u8, u8, bool)> {
    ev.iter().find_map(|e| match e {
        Event::ForcedDeployment {
            ic_total,
            mover_total,
            deployed,
            ..
        } => Some((*ic_total, *mover_total, *deployed)),
        _ => None,
    })
}

/// T-44 (7.6.3, derived): IC Prussian cavalry, group CR 4, rolls 1: 1 + 4 + 4 = 9 against the
/// mover's 6 + 5 = 11: caught In Column.
#[test]
fn r7_6_3_t44_forced_deployment_prussian_cavalry_caught() {
    let mut t = forced_deployment();
    t.apply(roll(1));
    let ev = t.apply(roll(6));
    assert_eq!(fd_event(&ev), Some((9, 11, false)));
    let w = t.wing("p-cav2");
    assert!(t.s.wing_ic[usize::from(w)] && t.unit("P-ZCAV").in_column);
    assert!(t.s.wing_caught[usize::from(w)]);
    // One attempt per wing per turn: another enemy unit closing in offers none.
    t.apply(t.step("C-B", "1806"));
    assert!(t.s.pending.is_empty());
}

/// T-44 (7.6.3, derived): a tie is caught too; only a higher IC total deploys the wing.
#[test]
fn r7_6_3_t44_forced_deployment_tie_caught_higher_deploys() {
    let mut t = forced_deployment();
    let before = t.s.clone();
    t.apply(roll(3));
    let ev = t.apply(roll(6));
    assert_eq!(fd_event(&ev), Some((11, 11, false)));
    t.s = before;
    t.apply(roll(4));
    let ev = t.apply(roll(6));
    assert_eq!(fd_event(&ev), Some((12, 11, true)));
    assert!(has(&ev, |e| crate::engine::EventInfo::rule(e) == "7.6.3"
        && matches!(e, Event::Deployed { .. })));
    let w = t.wing("p-cav2");
    assert!(!t.s.wing_ic[usize::from(w)]);
    assert!(!t.unit("P-ZCAV").in_column);
    assert!(!t.s.leaders[usize::from(t.l("P-WL4"))].in_column);
}

/// 7.5.1: a non-Fast unit that started the turn Engaged leaves a Locked hex only after a unit
/// *entering* the hex makes it Supporting; moving a Supporting unit to the top flips the marker
/// (6.3) but does not free it.
#[test]
fn r7_5_1_made_supporting_by_reordering_may_not_leave() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    t.put("P-A", "1505"); // bottom: Supporting
    t.put("P-D", "1505");
    t.put("P-C", "1505"); // top: P-C and P-D Engaged (4 steps), Locked from the start
    t.start_movement();
    t.apply(Action::ToTop { unit: t.u("P-A") });
    assert!(
        !t.pg.engaged_in(&t.s, t.hex("1505")).contains(&t.u("P-C"))
            || !t.pg.engaged_in(&t.s, t.hex("1505")).contains(&t.u("P-D"))
    );
    let freed = if t.pg.engaged_in(&t.s, t.hex("1505")).contains(&t.u("P-C")) {
        "P-D"
    } else {
        "P-C"
    };
    let e = t.refuse(t.step(freed, "1405"));
    assert_eq!(e.rule, "7.5.1");
}

/// 7.6: the Army Commander goes In Column on his own in the Movement Phase and deploys in the
/// next Deploy From Column Segment; In Column he pays 1 MP a hex (7.6.1).
#[test]
fn r7_6_army_commander_in_column_and_deploys() {
    let mut t = T::new();
    t.clear();
    let ac = t.pg.pieces.commander[0].expect("an army commander");
    t.s.leaders[usize::from(ac)].present = true;
    t.s.leaders[usize::from(ac)].hex = t.hex("1505");
    t.start_movement();
    assert!(t.legal().contains(&Action::CommanderInColumn));
    t.apply(Action::CommanderInColumn);
    assert!(t.s.leaders[usize::from(ac)].in_column);
    let from = t.hex("1505");
    let to = from.neighbors()[0];
    assert_eq!(t.pg.step_cost(&t.s, Piece::Leader(ac), from, to), Some(1));
}

/// 7.3, 7.4: the board's table of step costs says, for every hex, direction and class of every
/// pg scenario, what the neighbour's terrain (with a scenario's cavalry marsh cost) and the
/// hexside between give when read one by one.
#[test]
fn r7_3_step_table_matches_terrain_and_hexsides() {
    use crate::hex::Direction;
    use crate::pg::board::CostClass;
    let classes = [
        CostClass::Infantry,
        CostClass::Cavalry,
        CostClass::Artillery,
        CostClass::Leader,
    ];
    let mut steps = 0u32;
    for id in [
        "pg/rules",
        "pg/rules-zorndorf",
        "pg/rossbach",
        "pg/leuthen",
        "pg/torgau",
        "pg/zorndorf",
        "pg/training",
    ] {
        let t = T::scenario(id);
        let b = &t.pg.board;
        let r = b.side_rules;
        let bounds = b.bounds();
        for q in bounds.min.q..=bounds.max.q {
            for rr in bounds.min.r..=bounds.max.r {
                let from = Hex::new(q, rr);
                for d in Direction::ALL {
                    let to = b.hex(from.neighbor(d));
                    let side = b.side(from, d);
                    for class in classes {
                        let expected = to.cost[class as usize].filter(|_| to.on_map).map(|mp| {
                            let mp = match t.pg.params.marsh_cavalry_mp {
                                Some(m) if class == CostClass::Cavalry && to.marsh => m,
                                _ => mp,
                            };
                            let mut extra = 0u32;
                            if side.up {
                                extra += u32::from(r.slope_up_mp);
                            }
                            if side.down {
                                extra += u32::from(r.slope_down_mp);
                            }
                            if side.entrenchment {
                                extra += u32::from(r.entrenchment_mp);
                            }
                            (u32::from(mp) + extra).min(255) as u8
                        });
                        assert_eq!(
                            b.step_mp(from, d, class),
                            expected,
                            "{id}: from {from:?} toward {d:?}, {class:?}"
                        );
                        steps += u32::from(expected.is_some());
                    }
                }
            }
        }
    }
    assert!(steps > 10_000, "only {steps} open steps checked");
}
