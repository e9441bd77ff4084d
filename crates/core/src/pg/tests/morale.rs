//! 9 morale: Disordered and Routed results (9.1, 9.2), morale checks (9.3), rally (9.4);
//! 10.9 retreats.

use alloc::vec::Vec;

use super::*;
use crate::pg::state::ArmyStatus;

/// Resolves pending retreats, taking the first of the equally good hexes each time.
fn retreat(t: &mut T) -> Vec<Event> {
    let mut ev = Vec::new();
    while let Some(Pending::Retreat(_)) = t.s.pending.last() {
        let a = t.legal()[0].clone();
        ev.extend(t.apply(a));
    }
    ev
}

/// Rolls a morale check (9.3) of `id` with `die`, then its retreat: the MoraleCheck event's
/// target and the unit's morale state.
fn check(t: &mut T, id: &str, die: u32) -> (i8, Morale, Vec<Event>) {
    t.start_combat();
    let u = t.u(id);
    t.s.pending.push(Pending::MoraleCheck { unit: u });
    assert!(matches!(t.actor(), Actor::Chance(_)));
    let mut ev = t.apply(roll(die));
    ev.extend(retreat(t));
    let target = ev
        .iter()
        .find_map(|e| match e {
            Event::MoraleCheck { target, .. } => Some(*target),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no morale check:\n{}", dump(&ev)));
    (target, t.unit(id).morale, ev)
}

/// A unit alone in 1505, with `steps` steps, under an army of the given status, and an
/// optional leader with it.
fn alone(id: &str, steps: u8, status: ArmyStatus, leader: Option<&str>) -> T {
    let mut t = T::new();
    t.clear();
    t.put(id, "1505");
    t.set_steps(id, steps);
    if let Some(l) = leader {
        t.put_leader(l, "1505");
    }
    let side = t.pg.pieces.units[usize::from(t.u(id))].side;
    t.s.armies[side.index()].status = status;
    t
}

/// T-40 (9.3, derived) (a): MR 4, no leader, army Normal: a 4 has no effect; 5 and 6 (1 or 2
/// over) Disorder.
#[test]
fn r9_3_t40a_mr_four_rolls_four_five_six() {
    for (die, after) in [
        (4, Morale::Formed),
        (5, Morale::Disordered),
        (6, Morale::Disordered),
    ] {
        let mut t = alone("P-A", 2, ArmyStatus::Normal, None);
        let (target, m, ev) = check(&mut t, "P-A", die);
        assert_eq!(target, 4);
        assert_eq!(m, after, "roll {die}");
        if after == Morale::Disordered {
            assert_eq!(
                t.at("P-A").distance(t.hex("1505")),
                1,
                "9.1: retreat one hex"
            );
            assert!(has(
                &ev,
                |e| matches!(e, Event::Morale { rule, .. } if rule.0 == "9.3")
            ));
        }
    }
}

/// T-40 (b): MR 3, roll 6: 3 over, Routed.
#[test]
fn r9_3_t40b_three_over_routs() {
    let mut t = alone("C-B", 2, ArmyStatus::Normal, None);
    let (target, m, _) = check(&mut t, "C-B", 6);
    assert_eq!((target, m), (3, Morale::Routed));
    assert_eq!(
        t.at("C-B").distance(t.hex("1505")),
        2,
        "9.2: infantry routs 2 hexes"
    );
}

/// T-40 (c): MR 5, a leader's +1, army Broken (-2): modified MR 4; a 6 Disorders.
#[test]
fn r9_3_t40c_leader_plus_one_broken_minus_two() {
    let mut t = alone("P-A", 3, ArmyStatus::Broken, Some("P-FRED"));
    let (target, m, _) = check(&mut t, "P-A", 6);
    assert_eq!((target, m), (4, Morale::Disordered));
}

/// T-40 (d): MR 2, army Demoralized (-1): modified MR 1; a 4 is 3 over: Routed.
#[test]
fn r9_3_t40d_demoralized_minus_one() {
    let mut t = alone("C-A", 1, ArmyStatus::Demoralized, None);
    let (target, m, _) = check(&mut t, "C-A", 4);
    assert_eq!((target, m), (1, Morale::Routed));
}

/// T-45 (9.1, derived): a Disordered unit that suffers a Disordered result suffers a Rout
/// instead: infantry retreats 2 hexes, cavalry 3. Here the Disordered result is the forced
/// retreat of an LP (10.8.1.3).
#[test]
fn r9_1_t45_disordered_unit_disordered_again_routs() {
    for (id, hexes) in [("P-A", 2), ("P-CUIR", 3)] {
        let mut t = T::new();
        t.clear();
        t.put("C-D", "1605");
        let u = t.put(id, "1505");
        t.set_morale(id, Morale::Disordered);
        let h = t.hex("1505");
        t.losses(task(PRUSSIAN, &[h], 2, "2", Some(u)));
        let mut ev = t.apply(Action::StepLoss { unit: u });
        ev.extend(retreat(&mut t));
        assert_eq!(t.unit(id).morale, Morale::Routed, "{id}:\n{}", dump(&ev));
        assert_eq!(t.at(id).distance(h), hexes, "{id}");
    }
}

/// T-45 (9.2, derived): a Routed unit that suffers a Disordered result routs again, with
/// another retreat.
#[test]
fn r9_2_t45_routed_unit_disordered_routs_again() {
    let mut t = alone("P-A", 2, ArmyStatus::Normal, None);
    t.set_morale("P-A", Morale::Routed);
    let (_, m, ev) = check(&mut t, "P-A", 6); // 2 over: a Disordered result
    assert_eq!(m, Morale::Routed);
    assert_eq!(t.at("P-A").distance(t.hex("1505")), 2, "{}", dump(&ev));
}

/// 10.9: a unit that must retreat and cannot is Captured.
#[test]
fn r10_9_unit_unable_to_retreat_is_captured() {
    let mut t = T::new();
    t.clear();
    for (id, hex) in [("C-A", "0201"), ("C-B", "0202"), ("C-C", "0102")] {
        t.put(id, hex);
    }
    let a = t.put("P-A", "0101");
    let h = t.hex("0101");
    t.losses(task(PRUSSIAN, &[h], 2, "2", Some(a)));
    let ev = t.apply(Action::StepLoss { unit: a });
    assert_eq!(t.unit("P-A").off, Off::Captured, "{}", dump(&ev));
    assert!(has(
        &ev,
        |e| matches!(e, Event::Captured { rule, .. } if rule.0 == "10.9")
    ));
}

/// A Prussian 8-6-3 in 1505 whose every neighbour is an enemy hex or in an EZOC.
fn hemmed_in() -> (T, u16) {
    let mut t = T::new();
    t.clear();
    for (id, hex) in [("C-D", "1605"), ("C-E", "1405"), ("C-C", "1507")] {
        t.put(id, hex);
    }
    let b = t.put("P-B", "1505");
    for n in t.hex("1505").neighbors() {
        assert!(t.pg.ezoc(&t.s, PRUSSIAN, n) || t.pg.enemy_in(&t.s, n, PRUSSIAN));
    }
    (t, b)
}

/// 10.9.1: a Disordered unit forced to retreat into an EZOC keeps retreating until it is out
/// of EZOCs, losing a step for each hex beyond the required one.
#[test]
fn r10_9_1_disordered_retreat_through_ezoc_costs_steps() {
    let (mut t, b) = hemmed_in();
    t.start_combat();
    let mut ev = Vec::new();
    t.pg.worsen(&mut t.s, b, false, "9.3", &mut ev);
    ev.extend(retreat(&mut t));
    assert!(!t.pg.ezoc(&t.s, PRUSSIAN, t.at("P-B")), "{}", dump(&ev));
    assert_eq!(t.at("P-B").distance(t.hex("1505")), 2);
    assert_eq!(t.unit("P-B").steps, 3);
    assert!(has(
        &ev,
        |e| matches!(e, Event::StepLost { rule, .. } if rule.0 == "10.9.1")
    ));
}

/// 10.9.1, 9.2: a Routed unit forced into an EZOC is Captured.
#[test]
fn r10_9_1_routed_unit_forced_into_ezoc_captured() {
    let (mut t, b) = hemmed_in();
    t.start_combat();
    let mut ev = Vec::new();
    t.pg.worsen(&mut t.s, b, true, "9.3", &mut ev);
    ev.extend(retreat(&mut t));
    assert_eq!(t.unit("P-B").off, Off::Captured, "{}", dump(&ev));
}

/// 9.4: a roll at or under the adjusted MR recovers one level: Disordered to Formed, Routed
/// only to Disordered.
#[test]
fn r9_4_rally_one_level() {
    let mut t = alone("P-A", 3, ArmyStatus::Normal, None);
    t.set_morale("P-A", Morale::Routed);
    t.put("P-C", "1007");
    t.set_morale("P-C", Morale::Disordered);
    t.s.phase = Phase::Rally;
    let (a, c) = (t.u("P-A"), t.u("P-C"));
    t.apply(Action::Rally { unit: c });
    t.apply(roll(5)); // MR 5
    assert_eq!(t.unit("P-C").morale, Morale::Formed);
    t.apply(Action::Rally { unit: a });
    t.apply(roll(1));
    assert_eq!(
        t.unit("P-A").morale,
        Morale::Disordered,
        "never Routed to Formed"
    );
    assert!(
        !t.legal().contains(&Action::Rally { unit: a }),
        "once a phase"
    );
}
