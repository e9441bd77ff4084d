//! Reaction charges (15.2a–15.2g, ERR-17) and skirmishers evading a charge (11.5e).

use super::kit::{Setup, clear_daylight_setup, d66, play_until, side_facing, the_charge};
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Rules};
use crate::hex::{Direction, Facing};
use crate::nbs::board::Terrain;
use crate::nbs::event::Event;
use crate::nbs::state::{CavTask, ChStep};
use crate::nbs::state::{CheckKind, Phase, Place, Role, State, Task, UnitId, flag};
use crate::nbs::types::{Formation, MoraleState, Seq66, UnitKind};
use crate::nbs::{ALLIED, Action, FRENCH, Nbs};
use alloc::vec::Vec;

#[test]
fn r11_5e_skirmishers_may_evade_a_charge_and_the_charge_follows() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let sk = t.pick(FRENCH, UnitKind::Skirmisher, 0);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        sk,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Skirmish,
    );
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    t.apply(
        Action::Charge {
            from: t.at(0),
            target: t.at(2),
            path: alloc::vec![t.at(1), t.at(2)],
        },
        &mut ev,
    );
    match t.s.tasks.last() {
        Some(Task::SkirmisherEvade {
            from,
            target,
            charge: true,
        }) => {
            assert_eq!((*from, *target), (t.at(1), t.at(2)));
        }
        other => panic!("no evasion window before the charge: {other:?}"),
    }
    assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
    let mut out = Vec::new();
    t.r.legal_actions(&t.s, &mut out);
    assert!(out.contains(&Action::Pass));
    assert!(out.contains(&Action::RetreatTo { hex: t.at(3) }));
    // Not into the hex the cavalry would come in from.
    let e =
        t.r.applied(&t.s, &Action::RetreatTo { hex: t.at(1) })
            .unwrap_err();
    assert_eq!(e.rule, "11.5e");
    t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    assert_eq!(t.s.units[usize::from(sk)].hex(), Some(t.at(3)));
    assert!(
        !t.s.units[usize::from(sk)].has(flag::STOPPED),
        "not its own Movement Phase"
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ChargeRetargeted { from, to } if *from == t.at(2) && *to == t.at(3)
    )));
    let ch = the_charge(&t.s).expect("the charge goes on");
    assert_eq!(ch.target, t.at(3));
    assert_eq!(ch.route, alloc::vec![t.at(1), t.at(2), t.at(3)]);
    t.play_out(&[], &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == t.at(3)
    )));
}

#[test]
fn r11_5e_evasion_into_closed_terrain_lets_the_charger_pick_a_hex_next_to_it() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let sk = t.pick(FRENCH, UnitKind::Skirmisher, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        sk,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Skirmish,
    );
    let side_hex = t.at(2).neighbor(t.d.rotate(2));
    t.place(inf, side_hex, side_facing(t.d.opposite()), Formation::Line);
    t.r.board.set_terrain(t.at(3), Terrain::Forest);
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    t.apply(
        Action::Charge {
            from: t.at(0),
            target: t.at(2),
            path: alloc::vec![t.at(1), t.at(2)],
        },
        &mut ev,
    );
    let before = t.s.clone();
    t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    let ch = the_charge(&t.s).expect("the charge waits");
    assert_eq!(ch.step, ChStep::Retarget);
    let mut out = Vec::new();
    t.r.legal_actions(&t.s, &mut out);
    assert!(out.contains(&Action::Retarget { target: side_hex }));
    assert!(!out.contains(&Action::Retarget { target: t.at(3) }));
    assert_eq!(
        t.r.applied(&t.s, &Action::Retarget { target: t.at(3) })
            .unwrap_err()
            .rule,
        "11.5e"
    );
    // Passing ends the charge at step I: blown.
    let mut p = t.clone_setup();
    let mut pev = Vec::new();
    p.apply(Action::Pass, &mut pev);
    p.play_out(&[], &mut pev);
    assert!(p.s.units[usize::from(cav)].has(flag::BLOWN));
    assert!(!pev.iter().any(|e| matches!(e, Event::CavalryAttack { .. })));
    // Picking the infantry next to the old target.
    t.apply(Action::Retarget { target: side_hex }, &mut ev);
    let ch = the_charge(&t.s).expect("the charge goes on");
    assert_eq!(ch.target, side_hex);
    assert_eq!(ch.defenders, alloc::vec![inf]);
    t.play_out(&[], &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == side_hex
    )));
    // Standing instead: the charge strikes the skirmisher.
    t.s = before;
    let mut ev = Vec::new();
    t.apply(Action::Pass, &mut ev);
    t.play_out(&[], &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == t.at(2)
    )));
}

#[test]
fn r15_2a_reaction_offered_on_leaving_a_zone_hex_not_on_facing() {
    let mut t = clear_daylight_setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        ainf,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    // 15.2f: a facing change alone never triggers.
    t.apply(
        Action::Face {
            unit: ainf,
            facing: side_facing(t.d.opposite()).rotate(1).index(),
        },
        &mut ev,
    );
    assert!(t.s.tasks.is_empty());
    // Leaving the hex: offered, striking the hex being left.
    let away = t.at(3);
    t.apply(
        Action::Step {
            unit: ainf,
            to: away,
        },
        &mut ev,
    );
    match t.s.tasks.last() {
        Some(Task::Cavalry(CavTask::ReactionOffer { at, stacks, side })) => {
            assert_eq!(*at, t.at(2));
            assert_eq!(stacks, &alloc::vec![t.at(0)]);
            assert_eq!(*side, FRENCH);
        }
        other => panic!("no reaction window: {other:?}"),
    }
    assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
    assert_eq!(
        t.s.units[usize::from(ainf)].hex(),
        Some(t.at(2)),
        "the step waits"
    );
    ev.clear();
    t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
    );
    t.play_out(&[33, 33, 33, 33, 33, 33], &mut ev);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::RecallAttempt { .. })),
        "15.2c: no recall"
    );
    assert!(
        t.s.units[usize::from(fcav)].has(flag::BLOWN),
        "15.2e: the reacting cavalry is blown"
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::FollowOn { .. })),
        "ERR-16"
    );
}

#[test]
fn r15_2a_retreating_units_open_the_reaction_window() {
    let mut t = clear_daylight_setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        ainf,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    t.r.cavalry_phase_start(&mut t.s);
    let retreat = Task::Retreat(crate::nbs::state::Retreat {
        units: alloc::vec![ainf],
        at: t.at(2),
        left: 2,
        path: Vec::new(),
        from: t.at(1),
        rout: false,
        in_combat: false,
    });
    t.s.tasks.push(retreat.clone());
    // Outside the Movement Phase there is no window (15.2a, 24.1): the step is made.
    let mut fire = t.clone_setup();
    fire.s.phase = Phase::DefensiveFire;
    let mut ev = Vec::new();
    fire.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    assert_eq!(fire.s.units[usize::from(ainf)].hex(), Some(t.at(3)));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    // In the Allied Movement Phase: the step waits under the window for the hex left.
    let mut ev = Vec::new();
    t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    match t.s.tasks.last() {
        Some(Task::Cavalry(CavTask::ReactionOffer { at, stacks, side })) => {
            assert_eq!(*at, t.at(2));
            assert_eq!(stacks, &alloc::vec![t.at(0)]);
            assert_eq!(*side, FRENCH);
        }
        other => panic!("no reaction window for the retreat: {other:?}"),
    }
    assert_eq!(t.s.units[usize::from(ainf)].hex(), Some(t.at(2)), "waits");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::OpportunityOffered { .. }))
    );
    // The reaction strikes the hex being left.
    let mut react = t.clone_setup();
    react.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    let ch = the_charge(&react.s).expect("a reaction charge");
    assert!(ch.reaction);
    assert_eq!(ch.target, t.at(2));
    // Passing: the retreat goes on, with no second window for the same hex, and a new
    // one for the next hex of the zone left (moving within it).
    t.apply(Action::Pass, &mut ev);
    assert_eq!(t.s.tasks.last(), Some(&retreat));
    t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    assert_eq!(t.s.units[usize::from(ainf)].hex(), Some(t.at(3)));
    t.apply(Action::RetreatTo { hex: t.at(4) }, &mut ev);
    assert!(matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::ReactionOffer { at, .. })) if *at == t.at(3)
    ));
    // A retreat inside a charge's resolution opens no window (decision): the step is made.
    let mut inside = react.clone_setup();
    inside.s.tasks.push(retreat);
    let mut ev = Vec::new();
    inside.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    assert_eq!(inside.s.units[usize::from(ainf)].hex(), Some(t.at(3)));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
}

#[test]
fn r15_2a_no_reaction_from_beyond_three_hexes() {
    let mut t = clear_daylight_setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        ainf,
        t.at(4),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    let mut ev = Vec::new();
    t.apply(
        Action::Step {
            unit: ainf,
            to: t.at(5),
        },
        &mut ev,
    );
    assert!(t.s.tasks.is_empty());
    assert_eq!(t.s.units[usize::from(ainf)].hex(), Some(t.at(5)));
}

/// A French cavalry regiment in `at(0)` facing `facing`, and an Allied column in `at(k)`
/// about to step on to `at(k + 1)`: the step opens the reaction window for `at(k)`.
fn reaction_window(facing: Facing, k: u8) -> (Setup, UnitId, UnitId) {
    let mut t = clear_daylight_setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.at(0), facing, Formation::Combat);
    t.place(
        ainf,
        t.at(k),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    t.r.cavalry_phase_start(&mut t.s);
    (t, fcav, ainf)
}

/// 15.2b: a stack reaction charging outside its frontal arc first passes a morale check
/// (Normal or better, on the top reacting unit's rating); a failure calls the reaction off
/// without applying the result, and the move it interrupted goes on. In the frontal arc
/// there is no check.
#[test]
fn r15_2b_reaction_outside_the_front_checks_morale_first() {
    let mut ev = Vec::new();
    // In the front: the charge is declared at once.
    let (mut t, _, ainf) = reaction_window(side_facing(Direction::ALL[0]), 2);
    assert_eq!(t.d, Direction::ALL[0]);
    t.apply(
        Action::Step {
            unit: ainf,
            to: t.at(3),
        },
        &mut ev,
    );
    t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
    );
    // Facing away: the check comes first.
    let (mut t, fcav, ainf) = reaction_window(side_facing(Direction::ALL[0].opposite()), 2);
    t.apply(
        Action::Step {
            unit: ainf,
            to: t.at(3),
        },
        &mut ev,
    );
    ev.clear();
    t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    assert!(matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::ReactionRoll { from, at }))
            if *from == t.at(0) && *at == t.at(2)
    ));
    assert_eq!(t.r.actor(&t.s), Actor::Chance(Chance::Dice(DiceSpec::D66)));
    assert!(!ev.iter().any(|e| matches!(e, Event::ChargeDeclared { .. })));
    // The rolls that pass and fail, read off the Morale Table as the engine does.
    let c = t.r.morale_check(
        &t.s,
        t.at(0),
        CheckKind::Standard,
        false,
        t.at(2),
        Role::None,
        "15.2b",
    );
    let row =
        t.r.tables
            .morale_row_shifted(t.r.morale_rating(fcav), c.shift);
    let rolls: Vec<(u32, bool)> = (11..=66u8)
        .filter_map(Seq66::from_value)
        .map(|q| {
            (
                u32::from(q.value()),
                Nbs::passed(t.r.tables.morale_result(row, q).state),
            )
        })
        .collect();
    let pass = rolls.iter().find(|x| x.1).expect("a passing roll").0;
    let fail = rolls.iter().find(|x| !x.1).expect("a failing roll").0;
    let mut ok = t.clone_setup();
    ok.apply(d66(pass), &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
    );
    ev.clear();
    t.apply(d66(fail), &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ReactionFailed { from } if *from == t.at(0)))
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::ChargeDeclared { .. })));
    let st = &t.s.units[usize::from(fcav)];
    assert_eq!(st.morale, MoraleState::Normal, "the result is not applied");
    assert_eq!(st.hex(), Some(t.at(0)));
    assert!(!st.has(flag::BLOWN));
    assert_eq!(
        t.s.units[usize::from(ainf)].hex(),
        Some(t.at(3)),
        "the interrupted step goes on"
    );
    assert!(t.s.tasks.is_empty(), "{:?}", t.s.tasks);
}

/// 15.2d: opportunity fire may strike a reaction charge: the run-in leaving a hex of a
/// battery's Close Fire Zone opens the battery owner's window.
#[test]
fn r15_2d_opportunity_fire_against_a_reaction_charge() {
    let (mut base, fcav, ainf) = reaction_window(side_facing(Direction::ALL[0]), 3);
    // A battery on the moving (Allied) side: the scenario's first French one, lent.
    let gun = base.pick(FRENCH, UnitKind::Artillery, 0);
    base.r.units[usize::from(gun)].side = ALLIED;
    let route = [base.at(0), base.at(1), base.at(2)];
    let spot = base
        .r
        .board
        .hexes()
        .filter(|h| {
            (2..=3).contains(&h.distance(base.at(1)))
                && (0..=4).all(|k| *h != base.at(k))
                && base.r.stack(&base.s, *h).is_empty()
        })
        .flat_map(|h| (0..12u8).map(move |f| (h, Facing::new(f).unwrap())))
        .find(|&(h, f)| {
            let mut s = base.s.clone();
            s.units[usize::from(gun)].place = Place::At(h);
            s.units[usize::from(gun)].facing = f;
            s.units[usize::from(gun)].formation = Formation::Unlimbered;
            !base
                .r
                .opportunity_batteries(&s, fcav, route[1], Some(route[2]))
                .is_empty()
                && base
                    .r
                    .opportunity_batteries(&s, fcav, route[0], Some(route[1]))
                    .is_empty()
        })
        .expect("a battery covering the run-in");
    let window = |s: &State| {
        s.tasks
            .iter()
            .any(|t| matches!(t, Task::OpportunityWindow { .. }))
    };
    let start = |t: &mut Setup, ev: &mut Vec<Event>| {
        t.apply(
            Action::Step {
                unit: ainf,
                to: t.at(4),
            },
            ev,
        );
        t.apply(Action::ReactionCharge { from: t.at(0) }, ev);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
        );
    };
    // Without the battery the reaction runs in with no window.
    let mut t = base.clone_setup();
    let mut ev = Vec::new();
    start(&mut t, &mut ev);
    assert!(!play_until(&mut t, &mut ev, &window));
    // With it: the window opens for the Allied player as the cavalry leaves at(1).
    let mut t = base.clone_setup();
    t.place(gun, spot.0, spot.1, Formation::Unlimbered);
    let mut ev = Vec::new();
    start(&mut t, &mut ev);
    assert!(play_until(&mut t, &mut ev, &window));
    match t.s.tasks.last() {
        Some(Task::OpportunityWindow {
            movers,
            batteries,
            at,
        }) => {
            assert_eq!(*at, t.at(1));
            assert_eq!(movers, &alloc::vec![fcav]);
            assert_eq!(batteries, &alloc::vec![gun]);
        }
        other => panic!("not the window: {other:?}"),
    }
    assert!(matches!(the_charge(&t.s), Some(c) if c.reaction));
    assert_eq!(t.r.actor(&t.s), Actor::Player(ALLIED));
    ev.clear();
    t.apply(Action::OpportunityFire, &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::FireDeclared { target, .. } if *target == t.at(1)
    )));
}

#[test]
fn r15_2g_reaction_at_an_evading_skirmisher_returns_unblown_any_number_of_times() {
    let mut t = clear_daylight_setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    let sk1 = t.pick(ALLIED, UnitKind::Skirmisher, 0);
    let sk2 = t.pick(ALLIED, UnitKind::Skirmisher, 1);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(ainf, t.at(4), side_facing(t.d.opposite()), Formation::Line);
    t.place(
        sk1,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Skirmish,
    );
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    for (k, sk) in [sk1, sk2].into_iter().enumerate() {
        if k == 1 {
            t.place(
                sk,
                t.at(2),
                side_facing(t.d.opposite()),
                Formation::Skirmish,
            );
        }
        let mut out = Vec::new();
        t.r.legal_actions(&t.s, &mut out);
        let step = out
            .iter()
            .find(|a| matches!(a, Action::Step { unit, .. } if *unit == sk))
            .cloned()
            .expect("the skirmisher may step");
        t.apply(step, &mut ev);
        assert!(matches!(
            t.s.tasks.last(),
            Some(Task::Cavalry(CavTask::ReactionOffer { .. }))
        ));
        t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
        assert!(matches!(
            t.s.tasks.last(),
            Some(Task::SkirmisherEvade { charge: true, .. })
        ));
        assert_eq!(
            t.r.actor(&t.s),
            Actor::Player(ALLIED),
            "the skirmisher's owner"
        );
        let mut out = Vec::new();
        t.r.legal_actions(&t.s, &mut out);
        let evade = out
            .iter()
            .find(|a| matches!(a, Action::RetreatTo { .. }))
            .cloned()
            .expect("a hex to retreat into");
        t.apply(evade, &mut ev);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::ChargeCalledOff { target, .. } if *target == t.at(2)
        ) && e.rule_number() == "15.2g"));
        let c = &t.s.units[usize::from(fcav)];
        assert_eq!(c.hex(), Some(t.at(0)), "back in its hex");
        assert!(!c.has(flag::BLOWN) && !c.has(flag::STOPPED), "not blown");
        assert!(t.s.tasks.is_empty(), "{:?}", t.s.tasks);
        let s = &t.s.units[usize::from(sk)];
        assert_ne!(s.hex(), Some(t.at(2)));
        assert!(s.has(flag::STOPPED), "11.5e: the retreat ends its move");
        ev.clear();
    }
}

#[test]
fn err17_reaction_charges_ride_through_enemy_skirmishers() {
    let mut t = clear_daylight_setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    let sk = t.pick(ALLIED, UnitKind::Skirmisher, 0);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        ainf,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    t.place(
        sk,
        t.at(1),
        side_facing(t.d.opposite()),
        Formation::Skirmish,
    );
    t.r.cavalry_phase_start(&mut t.s);
    // A regular charge may not (24.1d): in the French player turn.
    let mut own = t.s.clone();
    own.player_turn = 1;
    t.r.cavalry_phase_start(&mut own);
    let e =
        t.r.applied(
            &own,
            &Action::Charge {
                from: t.at(0),
                target: t.at(2),
                path: alloc::vec![t.at(1), t.at(2)],
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "24.1d");
    let mut ev = Vec::new();
    t.apply(
        Action::Step {
            unit: ainf,
            to: t.at(3),
        },
        &mut ev,
    );
    // The reaction is offered through the skirmisher's hex.
    t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    while matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::SquareOffer { .. }))
    ) {
        t.apply(Action::Pass, &mut ev);
    }
    match t.s.tasks.last() {
        Some(Task::SkirmisherEvade {
            from,
            target,
            charge: true,
        }) => assert_eq!((*from, *target), (t.at(0), t.at(1))),
        other => panic!("no evasion window for the skirmisher in the way: {other:?}"),
    }
    assert_eq!(t.r.actor(&t.s), Actor::Player(ALLIED));
    let window = t.clone_setup();
    // Standing: overrun, one step, and the cavalry rides through to its real target.
    t.apply(Action::Pass, &mut ev);
    t.play_out(&[], &mut ev);
    assert_eq!(t.s.units[usize::from(sk)].hex(), Some(t.at(1)));
    assert_eq!(t.s.units[usize::from(sk)].casualties, 1, "reduced");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Part {
            what: crate::nbs::event::PartChange::Overrun,
            unit,
            ..
        } if *unit == sk
    ) && e.rule_number() == "ERR-17"));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == t.at(2)
    )));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ChargeMoved { to, .. } if *to == t.at(1))),
        "never stops in the skirmisher's hex"
    );
    // Already reduced: destroyed, and the cavalry rides through the emptied hex.
    let mut r = window.clone_setup();
    r.s.units[usize::from(sk)].casualties = 1;
    let mut ev = Vec::new();
    r.apply(Action::Pass, &mut ev);
    r.play_out(&[], &mut ev);
    assert_eq!(r.s.units[usize::from(sk)].place, Place::Off, "destroyed");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeMoved { to, .. } if *to == t.at(1)))
    );
    // Running away instead: no loss.
    let mut w = window.clone_setup();
    let mut out = Vec::new();
    w.r.legal_actions(&w.s, &mut out);
    assert!(!out.contains(&Action::RetreatTo { hex: t.at(0) }));
    let evade = out
        .iter()
        .find(|a| matches!(a, Action::RetreatTo { .. }))
        .cloned()
        .expect("a hex to retreat into");
    let mut ev = Vec::new();
    w.apply(evade, &mut ev);
    assert!(
        the_charge(&w.s).is_some_and(|c| c.target == t.at(2)),
        "the charge keeps its target"
    );
    w.play_out(&[], &mut ev);
    assert_eq!(w.s.units[usize::from(sk)].casualties, 0);
    assert_ne!(w.s.units[usize::from(sk)].hex(), Some(t.at(1)));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == t.at(2)
    )));
}
