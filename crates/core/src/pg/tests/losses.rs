//! 10.8.1 loss points: step losses, forced and voluntary retreats; 10.8.3 the additional
//! results R, r, *, S. Each test pushes the loss task a combat result would push and applies
//! the owner's choices.

use alloc::vec::Vec;

use super::*;

/// Resolves pending retreats, taking the first of the equally good hexes each time.
fn retreat(t: &mut T) -> Vec<Event> {
    let mut ev = Vec::new();
    while let Some(Pending::Retreat(_)) = t.s.pending.last() {
        let a = t.legal()[0].clone();
        assert!(matches!(a, Action::RetreatTo { .. }), "{a:?}");
        ev.extend(t.apply(a));
    }
    ev
}

fn morale_events(ev: &[Event]) -> Vec<(u16, Morale, &'static str)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Morale { unit, to, rule } => Some((*unit, *to, rule.0)),
            _ => None,
        })
        .collect()
}

fn step_events(ev: &[Event]) -> Vec<(u16, u8, &'static str)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::StepLost { unit, steps, rule } => Some((*unit, *steps, rule.0)),
            _ => None,
        })
        .collect()
}

/// A lone Formed Prussian 7-5-3 (3 steps) in 1505, Engaged with Austrian infantry in 1605.
fn lone_753() -> (T, u16) {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    let a = t.put("P-A", "1505");
    (t, a)
}

/// T-32 (10.8.1.3 example): a lone Formed 7-5-3 hit with 2 LP must take one step loss to
/// 5-4-3; with MR 4 it must then retreat one hex, Disordered, for the second LP, which
/// fulfils the result.
#[test]
fn r10_8_1_3_t32_lone_753_two_lp() {
    let (mut t, a) = lone_753();
    let h = t.hex("1505");
    let ev = t.losses(task(PRUSSIAN, &[h], 2, "2", Some(a)));
    assert!(has(&ev, |e| *e
        == Event::LossPoints {
            side: PRUSSIAN,
            lp: 2
        }));
    assert_eq!(
        t.legal(),
        [Action::StepLoss { unit: a }],
        "a step before a retreat"
    );
    let mut ev = t.apply(Action::StepLoss { unit: a });
    ev.extend(retreat(&mut t));
    assert_eq!(step_events(&ev), [(a, 2, "10.8.1.1")]);
    assert_eq!(t.pg.ratings(&t.s, a), [5, 4, 3]);
    assert_eq!(
        morale_events(&ev),
        [(a, Morale::Disordered, "10.8.1.3")],
        "{}",
        dump(&ev)
    );
    assert_eq!(t.unit("P-A").morale, Morale::Disordered);
    assert_eq!(t.at("P-A").distance(h), 1, "one hex");
    assert!(
        t.at("P-A").distance(t.hex("1605")) > 1,
        "away from the enemy"
    );
    assert!(t.s.pending.is_empty(), "fully satisfied: {:?}", t.s.pending);
}

/// T-34 (10.8.1.4 example 2): the lone 7-5-3 hit with 3 LP takes a step loss, then retreats
/// Disordered; the third LP cannot be satisfied and nothing more is asked of the owner. (The
/// attacker's Momentum Advance or Attack, 10 step 10, is in the missing text.)
#[test]
fn r10_8_1_4_t34_lone_753_three_lp_one_unfulfilled() {
    let (mut t, a) = lone_753();
    let h = t.hex("1505");
    t.losses(task(PRUSSIAN, &[h], 3, "3", Some(a)));
    let mut ev = t.apply(Action::StepLoss { unit: a });
    ev.extend(retreat(&mut t));
    assert_eq!(t.unit("P-A").steps, 2);
    assert_eq!(t.unit("P-A").morale, Morale::Disordered);
    assert_eq!(t.at("P-A").distance(h), 1);
    assert!(t.s.pending.is_empty(), "{:?}", t.s.pending);
    assert_eq!(
        step_events(&ev).len(),
        1,
        "no second step loss: {}",
        dump(&ev)
    );
}

/// T-33 (10.8.1.4 example 1): a 7-5-3 (3 steps, Engaged) on top of an 8-6-3 (4 steps,
/// Supporting) takes 4 LP: the 7-5-3 steps to 5-4-3 and must retreat Disordered; the 8-6-3,
/// Engaged now, steps to 7-5-3; with MR 5 the owner chooses the fourth LP: a second step loss
/// (5-4-3, Formed, stays) or a voluntary Disordered retreat (stays 7-5-3).
#[test]
fn r10_8_1_4_t33_stack_four_lp_owner_chooses_last() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    let b = t.put("P-B", "1505");
    let a = t.put("P-A", "1505");
    let h = t.hex("1505");
    assert_eq!(
        t.pg.engaged_in(&t.s, h),
        [a],
        "3 + 4 > 4: the 8-6-3 Supports"
    );
    t.losses(task(PRUSSIAN, &[h], 4, "4", Some(a)));
    assert_eq!(t.legal(), [Action::StepLoss { unit: a }]);
    let mut ev = t.apply(Action::StepLoss { unit: a });
    ev.extend(retreat(&mut t));
    assert_eq!(t.pg.ratings(&t.s, a), [5, 4, 3]);
    assert_eq!(t.unit("P-A").morale, Morale::Disordered);
    assert_ne!(t.at("P-A"), h);
    // The 8-6-3 is Engaged now and took its required step loss (7-5-3) for the third LP.
    assert_eq!(t.pg.ratings(&t.s, b), [7, 5, 3], "{}", dump(&ev));
    assert_eq!(t.loss_task().map(|t| t.lp), Some(1));
    assert_eq!(
        t.legal(),
        [Action::StepLoss { unit: b }, Action::Retreat { unit: b }]
    );
    let choice = t.s.clone();
    // A second step loss: 5-4-3, Formed, still in the hex.
    t.apply(Action::StepLoss { unit: b });
    assert_eq!(t.pg.ratings(&t.s, b), [5, 4, 3]);
    assert_eq!(t.unit("P-B").morale, Morale::Formed);
    assert_eq!(t.at("P-B"), h);
    assert!(t.s.pending.is_empty());
    // Or a voluntary retreat: Disordered, still 7-5-3.
    t.s = choice;
    let mut ev = t.apply(Action::Retreat { unit: b });
    ev.extend(retreat(&mut t));
    assert_eq!(morale_events(&ev), [(b, Morale::Disordered, "10.8.1.4")]);
    assert_eq!(t.pg.ratings(&t.s, b), [7, 5, 3]);
    assert_ne!(t.at("P-B"), h);
    assert!(t.s.pending.is_empty());
}

/// 10.8.1.2: in close combat a unit must take one step loss before it may retreat; the
/// refusal cites 10.8.1.2. 10.8.1: the Lead Unit takes the first LP.
#[test]
fn r10_8_1_2_step_before_retreat_and_lead_unit_first() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    let d = t.put("P-D", "1505");
    let c = t.put("P-C", "1505");
    let h = t.hex("1505");
    t.losses(task(PRUSSIAN, &[h], 2, "2", Some(d)));
    assert_eq!(t.legal(), [Action::StepLoss { unit: d }]);
    assert_eq!(t.refuse(Action::StepLoss { unit: c }).rule, "10.8.1");
    assert_eq!(t.refuse(Action::Retreat { unit: d }).rule, "10.8.1.2");
    t.apply(Action::StepLoss { unit: d });
    // The lead has taken its LP: the owner assigns the next freely.
    let legal = t.legal();
    assert!(legal.contains(&Action::StepLoss { unit: c }));
    assert!(legal.contains(&Action::Retreat { unit: d }));
}

/// 10.8.1.2: LP from a bombardment at 1 hex (canister) need two step losses before a
/// retreat.
#[test]
fn r10_8_1_2_canister_two_step_losses_before_retreat() {
    let (mut t, a) = lone_753();
    let h = t.hex("1505");
    let mut k = task(PRUSSIAN, &[h], 3, "3", None);
    k.canister = true;
    k.bombardment = true;
    t.losses(k);
    // After the first step the unit has MR 4, but canister demands a second step loss: that is
    // the only choice, so the engine takes it at once, then the forced retreat.
    let mut ev = t.apply(Action::StepLoss { unit: a });
    ev.extend(retreat(&mut t));
    assert_eq!(
        step_events(&ev),
        [(a, 2, "10.8.1.1"), (a, 1, "10.8.1.1")],
        "{}",
        dump(&ev)
    );
    assert_eq!(t.unit("P-A").steps, 1);
    assert_eq!(
        t.unit("P-A").morale,
        Morale::Routed,
        "MR 3: a Rout (10.8.1.3)"
    );
    assert_eq!(t.at("P-A").distance(h), 2, "{}", dump(&ev));
}

/// 10.8.1.4: no voluntary retreat unless it is the last LP or other units can satisfy the
/// rest; 10.8.1.3: below MR 5 the retreat is forced.
#[test]
fn r10_8_1_4_no_voluntary_retreat_before_the_last_lp() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    let b = t.put("P-B", "1505");
    t.set_steps("P-B", 3); // 7-5-3 after the first of three LP
    let h = t.hex("1505");
    let mut k = task(PRUSSIAN, &[h], 2, "3", Some(b));
    k.taken = alloc::vec![(b, 1)];
    t.losses(k);
    assert_eq!(t.mr_of("P-B"), 5);
    assert_eq!(
        t.legal(),
        [Action::StepLoss { unit: b }],
        "two LP left, nobody else"
    );
    assert_eq!(t.refuse(Action::Retreat { unit: b }).rule, "10.8.1.4");
    t.apply(Action::StepLoss { unit: b });
    // MR 4 now: the last LP is a forced retreat, made with no choice to offer.
    retreat(&mut t);
    assert_eq!(t.unit("P-B").morale, Morale::Disordered);
    assert_eq!(t.unit("P-B").steps, 2);
}

/// 10.8.1.4: a voluntary retreat may never be into an EZOC.
#[test]
fn r10_8_1_4_no_voluntary_retreat_into_ezoc() {
    let mut t = T::new();
    t.clear();
    for (id, hex) in [("C-D", "1605"), ("C-E", "1405"), ("C-C", "1507")] {
        t.put(id, hex);
    }
    let b = t.put("P-B", "1505");
    t.set_steps("P-B", 3);
    let h = t.hex("1505");
    let mut k = task(PRUSSIAN, &[h], 1, "2", Some(b));
    k.taken = alloc::vec![(b, 1)];
    t.losses(k);
    assert_eq!(t.mr_of("P-B"), 5);
    assert_eq!(t.legal(), [Action::StepLoss { unit: b }]);
    assert_eq!(t.refuse(Action::Retreat { unit: b }).rule, "10.8.1.4");
    // With an open hex behind it, the same unit may retreat voluntarily for the last LP.
    let e = t.u("C-C");
    t.s.units[usize::from(e)].off = Off::Waiting;
    assert!(t.legal().contains(&Action::Retreat { unit: b }));
}

/// 10.8.3.2: with "R" every retreat taken to satisfy LP is a Rout, whatever the MR.
#[test]
fn r10_8_3_2_rout_result() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    let b = t.put("P-B", "1505");
    let h = t.hex("1505");
    t.losses(task(PRUSSIAN, &[h], 2, "2R", Some(b)));
    t.apply(Action::StepLoss { unit: b });
    let mut ev = t.apply(Action::Retreat { unit: b });
    ev.extend(retreat(&mut t));
    assert_eq!(t.unit("P-B").morale, Morale::Routed);
    assert_eq!(t.unit("P-B").steps, 3, "MR 5, yet routed");
    assert_eq!(t.at("P-B").distance(h), 2, "{}", dump(&ev));
}

/// 10.8.3.3: after the LP, remaining Engaged inf/cav with MR below 5 suffer a Disordered
/// result; MR 5 or more are unaffected; Supporting units uncovered by those retreats are not
/// affected.
#[test]
fn r10_8_3_3_additional_retreat() {
    let mut t = T::new();
    t.clear();
    t.put("C-D", "1605");
    let a = t.put("P-A", "1505");
    t.set_steps("P-A", 2); // 5-4-3, Supporting
    let d = t.put("P-D", "1505");
    let c = t.put("P-C", "1505");
    let h = t.hex("1505");
    assert_eq!(t.pg.engaged_in(&t.s, h), [c, d]);
    t.losses(task(PRUSSIAN, &[h], 1, "1r", Some(c)));
    let mut ev = t.apply(Action::StepLoss { unit: c });
    ev.extend(retreat(&mut t));
    assert_eq!(t.mr_of("P-C"), 4);
    assert_eq!(
        morale_events(&ev),
        [(c, Morale::Disordered, "10.8.3.3")],
        "{}",
        dump(&ev)
    );
    assert_ne!(t.at("P-C"), h);
    assert_eq!(t.unit("P-D").morale, Morale::Formed, "MR 5 unaffected");
    assert!(t.pg.is_engaged(&t.s, a), "uncovered by the retreat");
    assert_eq!(
        t.unit("P-A").morale,
        Morale::Formed,
        "not affected by the r"
    );
}

/// 10.8.3.3 with 10.8.1.3: a unit that retreats for an LP is gone from the hex when the "r"
/// applies: a lone 7-5-3 with "2r" ends Disordered, not Routed.
#[test]
fn r10_8_3_3_r_does_not_hit_the_unit_that_retreated_for_an_lp() {
    let (mut t, a) = lone_753();
    let h = t.hex("1505");
    t.losses(task(PRUSSIAN, &[h], 2, "2r", Some(a)));
    let mut ev = t.apply(Action::StepLoss { unit: a });
    ev.extend(retreat(&mut t));
    assert_eq!(t.unit("P-A").morale, Morale::Disordered, "{}", dump(&ev));
    assert_eq!(t.at("P-A").distance(h), 1);
    assert!(t.s.pending.is_empty());
}

/// 10.8.3.1: "*" costs an artillery unit in the affected hex one step, in addition to the LP,
/// even when some LP could not be satisfied.
#[test]
fn r10_8_3_1_artillery_step_loss_in_addition() {
    let (mut t, a) = lone_753();
    t.put("P-ART", "1505");
    let h = t.hex("1505");
    t.losses(task(PRUSSIAN, &[h], 3, "3*", Some(a)));
    let mut ev = t.apply(Action::StepLoss { unit: a });
    ev.extend(retreat(&mut t));
    assert_eq!(t.unit("P-ART").steps, 1, "{}", dump(&ev));
    assert!(has(&ev, |e| matches!(
        e,
        Event::StepLost { rule, .. } if rule.0 == "10.8.3.1"
    )));
    // Artillery never satisfies LP (10.8.1): alone, it takes none.
    let mut u = T::new();
    u.clear();
    u.put("C-D", "1605");
    u.put("P-ART", "1505");
    u.losses(task(PRUSSIAN, &[h], 2, "2", None));
    assert!(u.s.pending.is_empty());
    assert_eq!(u.unit("P-ART").steps, 2);
}

/// T-24 (10.8.3.5 example): Austrian 3-3-5 and 4-3-3 (2 steps each, both Engaged, MR 3) on
/// top of a 4-4-3 (2 steps) take "4RS*": the two MR 3 units surrender (2 LP); the 4-4-3, now
/// Engaged, takes a step loss to 2-2-2 (3 LP) and surrenders (4 LP). "*" finds no artillery.
#[test]
fn r10_8_3_5_t24_surrender_four_lp() {
    let mut t = T::new();
    t.clear();
    t.put("P-B", "1505");
    let cc = t.put("C-C", "1506");
    let cb = t.put("C-B", "1506");
    let ca = t.put("C-A", "1506");
    let h = t.hex("1506");
    assert_eq!(t.pg.engaged_in(&t.s, h), [ca, cb]);
    let ev = t.losses(task(COALITION, &[h], 4, "4RS*", Some(ca)));
    let captured = |ev: &[Event]| -> Vec<u16> {
        ev.iter()
            .filter_map(|e| match e {
                Event::Captured { unit, rule } if rule.0 == "10.8.3.5" => Some(*unit),
                _ => None,
            })
            .collect()
    };
    assert_eq!(captured(&ev), [ca, cb]);
    assert_eq!(t.loss_task().map(|t| t.lp), Some(2));
    assert_eq!(t.legal(), [Action::StepLoss { unit: cc }]);
    let ev = t.apply(Action::StepLoss { unit: cc });
    assert_eq!(step_events(&ev), [(cc, 1, "10.8.1.1")]);
    assert_eq!(captured(&ev), [cc], "2-2-2: MR 2, surrenders");
    assert!(t.s.pending.is_empty());
    for id in ["C-A", "C-B", "C-C"] {
        assert_eq!(t.unit(id).off, Off::Captured, "{id}");
    }
    assert_eq!(t.s.armies[1].captured, 3);
    // The same with a battery at the bottom of the stack: "*" costs it a step.
    let mut u = T::new();
    u.clear();
    u.put("P-B", "1505");
    u.put("C-ART", "1506");
    for id in ["C-C", "C-B", "C-A"] {
        u.put(id, "1506");
    }
    let ca = u.u("C-A");
    u.losses(task(COALITION, &[h], 4, "4RS*", Some(ca)));
    let cc = u.u("C-C");
    u.apply(Action::StepLoss { unit: cc });
    assert_eq!(u.unit("C-ART").steps, 1);
    assert_eq!(u.unit("C-ART").off, Off::No);
}

/// 10.8.3.5 (reading): a unit whose MR falls to 3 or less by taking LP in the combat is
/// captured even when that was the last LP.
#[test]
fn r10_8_3_5_mr_falling_to_three_on_the_last_lp_surrenders() {
    let mut t = T::new();
    t.clear();
    t.put("P-B", "1505");
    let cc = t.put("C-C", "1506");
    let h = t.hex("1506");
    t.losses(task(COALITION, &[h], 1, "1S", Some(cc)));
    let ev = t.apply(Action::StepLoss { unit: cc });
    assert_eq!(t.unit("C-C").off, Off::Captured, "{}", dump(&ev));
    assert!(t.s.pending.is_empty());
}

/// 10.8.3.5 (reading): an MR 3 unit that becomes Engaged while LP remain surrenders too,
/// satisfying one LP.
#[test]
fn r10_8_3_5_newly_engaged_mr_three_unit_surrenders() {
    let mut t = T::new();
    t.clear();
    t.put("P-B", "1505");
    let cb = t.put("C-B", "1506"); // 4-3-3, Supporting
    let cd = t.put("C-D", "1506"); // 8-5-3, 4 steps, Engaged
    let h = t.hex("1506");
    assert_eq!(t.pg.engaged_in(&t.s, h), [cd]);
    t.losses(task(COALITION, &[h], 3, "3S", Some(cd)));
    // The second LP has one answer (no voluntary retreat with two LP left and nobody else),
    // taken at once: C-D falls to 2 steps (MR 4); C-B is Engaged now (2 + 2) and surrenders
    // for the third LP.
    let ev = t.apply(Action::StepLoss { unit: cd });
    assert_eq!(t.unit("C-B").off, Off::Captured, "{}", dump(&ev));
    assert!(has(&ev, |e| *e
        == Event::Captured {
            unit: cb,
            rule: crate::pg::event::Rule("10.8.3.5")
        }));
    assert_eq!(t.unit("C-D").steps, 2);
    assert_eq!(t.unit("C-D").off, Off::No);
    assert!(t.s.pending.is_empty(), "{:?}", t.s.pending);
}

/// 10.9: a leader stacked with a retreating unit may go with it at no cost (the owner
/// decides), or stay.
#[test]
fn r10_9_leader_may_accompany_a_retreating_unit() {
    for follow in [true, false] {
        let (mut t, a) = lone_753();
        let h = t.hex("1505");
        let l = t.put_leader("P-WL1", "1505");
        t.losses(task(PRUSSIAN, &[h], 2, "2", Some(a)));
        t.apply(Action::StepLoss { unit: a });
        assert_eq!(
            t.legal(),
            [Action::Attempt, Action::Decline],
            "10.9: go along?"
        );
        t.apply(if follow {
            Action::Attempt
        } else {
            Action::Decline
        });
        retreat(&mut t);
        let leader_hex = t.s.leaders[usize::from(l)].hex;
        if follow {
            assert_eq!(leader_hex, t.at("P-A"));
        } else {
            assert_eq!(leader_hex, h);
        }
    }
}
