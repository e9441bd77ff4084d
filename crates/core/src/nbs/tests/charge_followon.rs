//! Charge follow-ons (24.1h, 24.1m, ERR-15), blown cavalry and its withdrawal (24.2, 8.2), and
//! cavalry evading a close combat (ERR-9).

use super::kit::{
    apply, charge_path, charge_setup, clear_daylight_setup, clear_spot, d6, dir, empty,
    first_cavalry, id, legal, n_of, north, play, put, rules, side_facing,
};
use crate::engine::{Actor, Rules, Side};
use crate::hex::{Compass, Facing};
use crate::nbs::event::Event;
use crate::nbs::state::{CavTask, ChStep, Charge};
use crate::nbs::state::{Phase, Place, Task, UnitId, flag};
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::{ALLIED, Action, FRENCH};
use alloc::vec::Vec;

#[test]
fn r8_2_cavalry_withdrawal_segment() {
    let mut t = clear_daylight_setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.c, side_facing(t.d), Formation::Combat);
    t.place(ainf, t.at(1), side_facing(t.d.opposite()), Formation::Line);
    t.s.phase = Phase::Withdrawal;
    assert!(t.r.any_withdrawal(&t.s));
    assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
    let mut v = Vec::new();
    t.r.legal_actions(&t.s, &mut v);
    let to = v
        .iter()
        .find_map(|a| match a {
            Action::Withdraw { unit, to } if *unit == fcav => Some(*to),
            _ => None,
        })
        .expect("a withdrawal");
    assert!(to.distance(t.at(1)) > 1);
    let mut ev = Vec::new();
    t.apply(Action::Withdraw { unit: fcav, to }, &mut ev);
    let st = &t.s.units[usize::from(fcav)];
    assert_eq!(st.hex(), Some(to));
    assert!(!st.has(flag::BLOWN), "24.2b: no blown status");
}

#[test]
fn r24_1h_err15_follow_on_limit_of_three() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(inf, t.at(2), side_facing(t.d.opposite()), Formation::Line);
    let mut ch = Charge {
        units: alloc::vec![cav],
        side: ALLIED,
        origin: t.at(0),
        at: t.at(0),
        route: Vec::new(),
        target: t.at(1),
        defenders: Vec::new(),
        reaction: false,
        versus_cavalry: false,
        follow_ons: 2,
        reacted: false,
        offered: Vec::new(),
        flank: false,
        def_blown: Vec::new(),
        evade_offered: true,
        overrun: Vec::new(),
        step: ChStep::FollowOn,
    };
    assert_eq!(t.r.follow_on_targets(&t.s, &ch), alloc::vec![t.at(2)]);
    ch.follow_ons = 3;
    assert!(
        t.r.follow_on_targets(&t.s, &ch).is_empty(),
        "ERR-15: at most 3"
    );
    ch.follow_ons = 0;
    ch.versus_cavalry = true;
    assert!(
        t.r.follow_on_targets(&t.s, &ch).is_empty(),
        "ERR-16: not after a cavalry target"
    );
    ch.versus_cavalry = false;
    ch.reaction = true;
    assert!(
        t.r.follow_on_targets(&t.s, &ch).is_empty(),
        "ERR-16: not in a reaction charge"
    );
}

/// 24.1h, 24.1i: a hex may be charged again in the same phase; only the units in the
/// charged hex fire at the cavalry, at close range.
#[test]
fn r24_1h_r24_1i_repeated_charges_and_fire_from_the_hex_only() {
    let (r, mut s, at, target, cav, def) = charge_setup();
    // A second Allied brigade next to the charge's last hex, not in the target hex.
    let bystander = id(&r, "V2-1-L");
    put(
        &mut s,
        bystander,
        n_of(at, 2).neighbor(dir(Compass::NE)),
        Facing::side(dir(Compass::SW)),
        Formation::Line,
    );
    let second = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            u != cav && i.side == Side(0) && i.kind == UnitKind::Cavalry && !i.heavy
        })
        .unwrap();
    let at2 = at.neighbor(dir(Compass::NW));
    put(
        &mut s,
        second,
        at2,
        Facing::side(dir(Compass::NE)),
        Formation::Combat,
    );
    r.cavalry_phase_start(&mut s);
    let (s1, mut ev) = apply(
        &r,
        &s,
        Action::Charge {
            from: at,
            target,
            path: charge_path(at),
        },
    );
    let s1 = play(&r, s1, &mut ev);
    let fired: Vec<(Vec<UnitId>, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::FireDeclared {
                firers,
                fire_points,
                ..
            } => Some((firers.clone(), *fire_points)),
            _ => None,
        })
        .collect();
    assert!(!fired.is_empty(), "the defender fires (24.1 E)");
    for (firers, fp) in &fired {
        assert_eq!(firers, &alloc::vec![def], "only the charged hex fires");
        use crate::nbs::tables::{Part, Range, SmallArms};
        let level = r.fire_level(&s, def);
        let (a, b, c) = level.parts();
        let mut want = crate::nbs::types::Fp::ZERO;
        for (n, p) in [(a, Part::A), (b, Part::B), (c, Part::C)] {
            for _ in 0..n {
                want += r
                    .tables
                    .small_arms_fp(SmallArms::Line, Range::CloseCombat, p);
            }
        }
        assert_eq!(*fp, want.0, "close range");
    }
    // The defender still holds the hex: a second stack may charge it.
    assert_eq!(s1.units[usize::from(def)].place, Place::At(target));
    let v = legal(&r, &s1);
    assert!(
        v.iter().any(
            |a| matches!(a, Action::Charge { from, target: t, .. } if *from == at2 && *t == target)
        ),
        "24.1h: {v:?}"
    );
}

/// 24.1m: a charge that won may follow on at an enemy within 2 hexes even when its
/// cavalry is Shaken and wrecked; never a fourth time (ERR-15).
#[test]
fn r24_1m_follow_on_allowed_when_shaken_or_wrecked() {
    use crate::nbs::state::{CavTask, ChStep, Charge};
    let (r, mut s, at, target, cav, def) = charge_setup();
    // The charge has taken its target's hex; another enemy stands 2 hexes on.
    let won = n_of(at, 3);
    s.units[usize::from(def)].place = Place::Off;
    put(&mut s, cav, won, north(), Formation::Combat);
    let next = n_of(won, 2);
    let other = id(&r, "V2-1-L");
    put(
        &mut s,
        other,
        next,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    s.units[usize::from(cav)].morale = MoraleState::Shaken;
    s.units[usize::from(cav)].casualties = r.units[usize::from(cav)].wreck_boxes;
    assert!(r.wrecked(&s, cav));
    let ch = |follow_ons: u8| Charge {
        units: alloc::vec![cav],
        side: Side(0),
        origin: at,
        at: won,
        route: Vec::new(),
        target,
        defenders: Vec::new(),
        reaction: false,
        versus_cavalry: false,
        follow_ons,
        reacted: false,
        offered: Vec::new(),
        flank: false,
        def_blown: Vec::new(),
        evade_offered: false,
        overrun: Vec::new(),
        step: ChStep::FollowOn,
    };
    let mut t = s.clone();
    t.tasks
        .push(crate::nbs::state::Task::Cavalry(CavTask::Charge(ch(0))));
    let v = legal(&r, &t);
    assert!(
        v.contains(&Action::FollowOn { target: next }),
        "Shaken and wrecked: {v:?}"
    );
    let mut t3 = s.clone();
    t3.tasks
        .push(crate::nbs::state::Task::Cavalry(CavTask::Charge(ch(3))));
    assert!(!legal(&r, &t3).contains(&Action::FollowOn { target: next }));
    assert_eq!(
        r.applied(&t3, &Action::FollowOn { target: next })
            .unwrap_err()
            .rule,
        "24.1 H"
    );
}

/// 24.1m (24.1 H): before a follow-on the charging player may re-order the charging stack;
/// only its own units, and only while a follow-on is open.
#[test]
fn r24_1m_stack_reordered_before_follow_on() {
    use crate::nbs::state::{CavTask, ChStep, Charge};
    let (r, mut s, at, target, cav, def) = charge_setup();
    let cav2 = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            u != cav && i.side == Side(0) && i.kind == UnitKind::Cavalry && !i.heavy
        })
        .unwrap();
    let won = n_of(at, 3);
    s.units[usize::from(def)].place = Place::Off;
    put(&mut s, cav, won, north(), Formation::Combat);
    put(&mut s, cav2, won, north(), Formation::Combat);
    let next = n_of(won, 2);
    let other = id(&r, "V2-1-L");
    put(
        &mut s,
        other,
        next,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let ch = |follow_ons: u8| Charge {
        units: alloc::vec![cav, cav2],
        side: Side(0),
        origin: at,
        at: won,
        route: Vec::new(),
        target,
        defenders: Vec::new(),
        reaction: false,
        versus_cavalry: false,
        follow_ons,
        reacted: false,
        offered: Vec::new(),
        flank: false,
        def_blown: Vec::new(),
        evade_offered: false,
        overrun: Vec::new(),
        step: ChStep::FollowOn,
    };
    let mut t = s.clone();
    t.tasks
        .push(crate::nbs::state::Task::Cavalry(CavTask::Charge(ch(0))));
    let before = r.stack(&t, won);
    let low = before[1];
    let v = legal(&r, &t);
    assert!(v.contains(&Action::ToTop { unit: low }), "{v:?}");
    assert!(!v.contains(&Action::ToTop { unit: before[0] }));
    let (t1, ev) = apply(&r, &t, Action::ToTop { unit: low });
    assert_eq!(r.stack(&t1, won), [low, before[0]]);
    assert!(ev.iter().any(|e| e.rule_number() == "24.1 H"));
    assert!(
        legal(&r, &t1).contains(&Action::FollowOn { target: next }),
        "the follow-on is still to be decided"
    );
    // A unit outside the charging stack is refused.
    let e = r.applied(&t, &Action::ToTop { unit: other }).unwrap_err();
    assert_eq!(e.rule, "24.1 H");
    // With no follow-on open (three made, ERR-15) there is nothing to re-order for.
    let mut t3 = s.clone();
    t3.tasks
        .push(crate::nbs::state::Task::Cavalry(CavTask::Charge(ch(3))));
    assert!(!legal(&r, &t3).contains(&Action::ToTop { unit: low }));
    assert_eq!(
        r.applied(&t3, &Action::ToTop { unit: low })
            .unwrap_err()
            .rule,
        "24.1 H"
    );
}

#[test]
fn r24_2a_blown_withdrawal_six_to_twelve() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    t.place(cav, t.c, side_facing(t.d), Formation::Combat);
    t.place(inf, t.at(1), side_facing(t.d.opposite()), Formation::Line);
    let dest = t.r.blown_destinations(&t.s, &[cav], t.c);
    assert!(!dest.is_empty());
    assert!(dest.iter().all(|h| (6..=12).contains(&h.distance(t.c))));
    t.s.units[usize::from(cav)].flags |= flag::BLOWN;
    t.s.tasks.push(Task::Cavalry(CavTask::BlownWithdraw {
        units: alloc::vec![cav],
        at: t.c,
    }));
    let near = t.c.neighbor(t.d.opposite());
    let e =
        t.r.applied(
            &t.s,
            &Action::Withdraw {
                unit: cav,
                to: near,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "24.2a");
    let mut ev = Vec::new();
    t.apply(
        Action::Withdraw {
            unit: cav,
            to: dest[0],
        },
        &mut ev,
    );
    assert_eq!(t.s.units[usize::from(cav)].hex(), Some(dest[0]));
    // 13.1a: the withdrawal ends the charge; the cavalry may re-face free.
    assert_eq!(t.s.tasks, [Task::Reface { hex: dest[0] }]);
}

/// 24.2c: phasing blown cavalry in Normal (or BL) rolls in the Cavalry Recovery segment; a
/// good roll flips it back, a poor one leaves it blown; a DG unit may not roll.
#[test]
fn r24_2c_blown_cavalry_recovers_in_the_rally_phase() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::CavalryRecovery);
    let cav = first_cavalry(&r, Side(0));
    put(&mut s, cav, at, north(), Formation::Combat);
    s.units[usize::from(cav)].flags |= flag::BLOWN | flag::BLOWN_THIS_TURN;
    let a = Action::Unblow { unit: cav };
    assert!(legal(&r, &s).contains(&a));
    let rating = r.morale_rating(cav);
    let good = (1..=6u32)
        .find(|&d| r.tables.blown_recovers(rating, d as i8))
        .unwrap();
    let bad = (1..=6u32)
        .find(|&d| !r.tables.blown_recovers(rating, d as i8))
        .unwrap();
    let (w, _) = apply(&r, &s, a.clone());
    let (ok, ev) = apply(&r, &w, d6(good));
    assert!(!ok.units[usize::from(cav)].has(flag::BLOWN));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Unblown { ok: true, .. }))
    );
    let (no, _) = apply(&r, &w, d6(bad));
    assert!(no.units[usize::from(cav)].has(flag::BLOWN));
    assert!(
        ev.iter()
            .all(|e| !matches!(e, Event::Unblown { ok: false, .. }))
    );
    // One try a phase.
    let mut tried = s.clone();
    tried.units[usize::from(cav)].flags |= flag::BLOWN_TRIED;
    assert_eq!(r.applied(&tried, &a).unwrap_err().rule, "24.2c");
    s.units[usize::from(cav)].morale = MoraleState::Disorganized;
    assert!(!legal(&r, &s).contains(&a));
    assert_eq!(r.applied(&s, &a).unwrap_err().rule, "24.2c");
}

#[test]
fn err9_cavalry_evades_infantry_close_combat() {
    let mut t = clear_daylight_setup();
    // The close combat itself, not the order that allows it (10.1a), is under test.
    t.r.strict_orders = false;
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(ainf, t.c, side_facing(t.d), Formation::Column);
    t.place(
        fcav,
        t.at(1),
        side_facing(t.d.opposite()),
        Formation::Combat,
    );
    let mut ev = Vec::new();
    t.apply(
        Action::Assault {
            from: t.c,
            target: t.at(1),
        },
        &mut ev,
    );
    assert!(matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::Evade { .. }))
    ));
    assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
    t.apply(Action::Evade, &mut ev);
    assert!(t.s.units[usize::from(fcav)].has(flag::BLOWN));
    t.play_out(&[], &mut ev);
    let h = t.s.units[usize::from(fcav)].hex().unwrap();
    assert!((6..=12).contains(&h.distance(t.at(1))));
    assert_eq!(
        t.s.units[usize::from(ainf)].hex(),
        Some(t.at(1)),
        "the infantry takes the hex"
    );
}
