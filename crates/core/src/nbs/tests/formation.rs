//! Formations (11.0–11.4) and squares (11.6); skirmishers (11.5) are in `skirmish.rs`.

use super::kit::{
    apply, check_with, clear_spot, d66, declared_fp_and_column, dir, empty, fire_up_to_the_roll,
    first_cavalry, first_infantry, first_of, hex, id, legal, n_of, north, put, rules, south,
    standard_mod, standard_shift,
};
use crate::engine::{Rules, Side};
use crate::hex::{Compass, Facing};
use crate::nbs::state::{Phase, Place};
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::{Action, Event, Nbs};
use alloc::vec::Vec;

/// 11.0: formation changes are made in the Movement Phase only, and need the MPs (11.0a).
#[test]
fn r11_0_formation_change_only_in_movement_with_the_mps() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let u = id(&r, "1-1-4");
    let to_line = Action::Form {
        unit: u,
        formation: Formation::Line,
    };
    let mut fire = empty(&r, Phase::OffensiveFire);
    put(&mut fire, u, at, north(), Formation::Column);
    assert!(!legal(&r, &fire).contains(&to_line));
    assert!(r.applied(&fire, &to_line).is_err());
    let mut s = empty(&r, Phase::Movement);
    put(&mut s, u, at, north(), Formation::Column);
    assert!(legal(&r, &s).contains(&to_line));
    let (s2, ev) = apply(&r, &s, to_line.clone());
    assert_eq!(s2.units[usize::from(u)].formation, Formation::Line);
    assert!(ev.iter().any(|e| matches!(e, Event::Formed { .. })));
    // Every MP spent: no change.
    s.units[usize::from(u)].spent = r.allowance(&s, u);
    assert!(!legal(&r, &s).contains(&to_line));
    let e = r.applied(&s, &to_line).unwrap_err();
    assert_eq!(e.rule, "11.0a", "{e}");
}

#[test]
fn r11_0a_column_to_line_keeps_proportional_mps() {
    // 11.0a example: a column (MA 8) that spent 5 MP changes to line (1 MP): 1 MP left.
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let a = id(&r, "1-1-4");
    put(
        &mut s,
        a,
        hex(&r, "B40.12"),
        Facing::side(dir(Compass::N)),
        Formation::Column,
    );
    s.units[usize::from(a)].spent = 10;
    let (s, _) = apply(
        &r,
        &s,
        Action::Form {
            unit: a,
            formation: Formation::Line,
        },
    );
    let left = r.allowance(&s, a) - s.units[usize::from(a)].spent;
    assert_eq!(left, 2, "one whole MP (two halves) left in line");
}

#[test]
fn r11_0a_proportional_example() {
    // Column MA 8 spends 5, then 1 to change: 6 of 8 spent; line MA 5 x 25% = 1.25 -> 1
    // MP left, so 4 of 5 spent.
    let spent = Nbs::proportional_spent(12, 16, 10);
    assert_eq!(10 - spent, 2, "one whole MP left");
}

/// 11.0c, ERR-6: a French column fires on the French column row and checks morale with
/// the French-column-attacking line in close combat; a non-French column has neither.
#[test]
fn r11_0c_err6_french_column_fire_and_morale() {
    use crate::nbs::tables::{MoraleList, MoraleMod, Part, Range, SmallArms};
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let target = n_of(at, 1);
    let mut s = empty(&r, Phase::OffensiveFire);
    let a = id(&r, "2-1-1");
    let t = id(&r, "Y2-1-L");
    put(&mut s, a, at, north(), Formation::Column);
    put(
        &mut s,
        t,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let fp = |r: &Nbs| {
        let (_, ev) = fire_up_to_the_roll(r, &s, target, None, &[a]);
        declared_fp_and_column(&ev).0
    };
    let french = r
        .tables
        .small_arms_fp(SmallArms::FrenchColumn, Range::OneHex, Part::A);
    let other = r
        .tables
        .small_arms_fp(SmallArms::Column, Range::OneHex, Part::A);
    assert_eq!(fp(&r), french.0);
    let attack = |r: &Nbs| {
        r.morale_check(
            &s,
            at,
            crate::nbs::state::CheckKind::CloseCombat,
            false,
            target,
            crate::nbs::state::Role::Attacker,
            "test",
        )
        .shift
    };
    let french_shift = attack(&r);
    r.units[usize::from(a)].nation = crate::nbs::units::Nation::Russian;
    assert_eq!(fp(&r), other.0);
    assert_ne!(french, other);
    assert_eq!(
        french_shift - attack(&r),
        i16::from(
            r.tables
                .morale_modifier(MoraleList::CloseCombat, MoraleMod::FrenchColumnAttacking)
                .unwrap()
        )
    );
}

/// 11.1: the formations each arm may take (infantry line, column, square; artillery limbered
/// and unlimbered; cavalry none), and a routed unit may change to none.
#[test]
fn r11_1_available_formations_and_none_when_routed() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let mut s = empty(&r, Phase::Movement);
    let inf = id(&r, "1-1-4");
    let gun = id(&r, "4b(h-f)");
    let cav = first_cavalry(&r, Side(0));
    put(&mut s, inf, at, north(), Formation::Line);
    put(&mut s, gun, n_of(at, 2), north(), Formation::Limbered);
    put(
        &mut s,
        cav,
        at.neighbor(dir(Compass::S)).neighbor(dir(Compass::S)),
        north(),
        Formation::Combat,
    );
    assert_eq!(
        r.formations_open(&s, inf).collect::<Vec<_>>(),
        [Formation::Column, Formation::Square]
    );
    assert_eq!(
        r.formations_open(&s, gun).collect::<Vec<_>>(),
        [Formation::Unlimbered]
    );
    assert!(r.formations_open(&s, cav).collect::<Vec<_>>().is_empty());
    let e = r
        .applied(
            &s,
            &Action::Form {
                unit: cav,
                formation: Formation::Line,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "11.0");
    s.units[usize::from(inf)].morale = MoraleState::Routed;
    assert!(r.formations_open(&s, inf).collect::<Vec<_>>().is_empty());
    let e = r
        .applied(
            &s,
            &Action::Form {
                unit: inf,
                formation: Formation::Column,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "25.1b", "{e}");
}

/// 11.2: a square and an unlimbered battery cannot move (no step is listed and a step is
/// refused naming 11.2) but may still turn and change formation with their MPs.
#[test]
fn r11_2_square_and_unlimbered_battery_turn_and_reform_but_do_not_move() {
    let r = rules("nbs/austerlitz-3");
    for (kind, form) in [
        (UnitKind::Infantry, Formation::Square),
        (UnitKind::Artillery, Formation::Unlimbered),
    ] {
        let u = first_of(&r, Side(0), kind);
        let mut s = empty(&r, Phase::Movement);
        let at = clear_spot(&r, 2);
        put(&mut s, u, at, north(), form);
        let v = legal(&r, &s);
        assert!(
            !v.iter()
                .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u)),
            "{form:?}: no step listed"
        );
        let e = r
            .applied(
                &s,
                &Action::Step {
                    unit: u,
                    to: n_of(at, 1),
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "11.2", "{form:?}: {e}");
        assert!(
            v.iter()
                .any(|a| matches!(a, Action::Face { unit, .. } if *unit == u)),
            "{form:?}: it may turn"
        );
        assert!(
            v.iter()
                .any(|a| matches!(a, Action::Form { unit, .. } if *unit == u)),
            "{form:?}: it may re-form"
        );
    }
}

/// 11.3 (ERR-7): only formations with a Fire Point Table row fire: infantry in line, column
/// or square and unlimbered artillery; limbered artillery and cavalry never.
#[test]
fn r11_3_only_formations_with_a_fire_row_fire() {
    let r0 = rules("nbs/austerlitz-3");
    let mut r = r0.clone();
    let at = clear_spot(&r, 3);
    let target = n_of(at, 1);
    let mut s = empty(&r, Phase::OffensiveFire);
    let t = first_infantry(&r, Side(1));
    put(
        &mut s,
        t,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let inf = id(&r, "1-1-4");
    for f in [Formation::Line, Formation::Column, Formation::Square] {
        put(&mut s, inf, at, north(), f);
        assert!(r.may_fire(&s, inf, target, false).is_ok(), "{f:?}");
    }
    s.units[usize::from(inf)].place = Place::Off;
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(0);
    put(&mut s, gun, at, north(), Formation::Limbered);
    assert_eq!(r.may_fire(&s, gun, target, false).unwrap_err().rule, "11.3");
    s.units[usize::from(gun)].formation = Formation::Unlimbered;
    assert!(r.may_fire(&s, gun, target, false).is_ok());
    s.units[usize::from(gun)].place = Place::Off;
    let cav = first_cavalry(&r, Side(0));
    put(&mut s, cav, at, north(), Formation::Combat);
    assert_eq!(r.may_fire(&s, cav, target, false).unwrap_err().rule, "24.0");
}

/// 11.4: line and square change a stack's morale check by their chart lines; column has
/// none.
#[test]
fn r11_4_formation_effects_on_morale() {
    use crate::nbs::tables::MoraleMod;
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Column);
    let column = standard_shift(&r, &s, at);
    s.units[usize::from(u)].formation = Formation::Line;
    let line = standard_shift(&r, &s, at);
    s.units[usize::from(u)].formation = Formation::Square;
    let square = standard_shift(&r, &s, at);
    assert_eq!(line - column, standard_mod(&r, MoraleMod::Line));
    assert_eq!(square - column, standard_mod(&r, MoraleMod::Square));
    assert_ne!(square, column, "the square line is not zero");
}

/// 11.6a: a DG or routed unit may not form square (a column still may).
#[test]
fn r11_6a_dg_and_routed_units_cannot_form_square() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Line);
    let square = Action::Form {
        unit: u,
        formation: Formation::Square,
    };
    assert!(legal(&r, &s).contains(&square));
    s.units[usize::from(u)].morale = MoraleState::Disorganized;
    assert_eq!(
        r.formations_open(&s, u).collect::<Vec<_>>(),
        [Formation::Column]
    );
    let e = r.applied(&s, &square).unwrap_err();
    assert_eq!(e.rule, "11.6a", "{e}");
    s.units[usize::from(u)].morale = MoraleState::Routed;
    assert!(r.form_cost(&s, u, Formation::Square).is_err());
    assert!(r.formations_open(&s, u).collect::<Vec<_>>().is_empty());
    // Artillery never forms square.
    let gun = id(&r, "4b(h-f)");
    put(
        &mut s,
        gun,
        n_of(at, 1).neighbor(dir(Compass::NE)),
        north(),
        Formation::Limbered,
    );
    assert!(
        !r.formations_open(&s, gun)
            .collect::<Vec<_>>()
            .contains(&Formation::Square)
    );
    // Cavalry never forms square.
    let cav = first_cavalry(&r, Side(0));
    put(&mut s, cav, n_of(at, 1), north(), Formation::Combat);
    assert!(
        !r.formations_open(&s, cav)
            .collect::<Vec<_>>()
            .contains(&Formation::Square)
    );
}

/// 11.6c: a square ignores a one-hex retreat; on two hexes it becomes column and retreats.
#[test]
fn r11_6c_squares_ignore_one_hex_retreats() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let threat = at.neighbor(dir(Compass::S));
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Square);
    let (s1, roll) = check_with(&r, &s, at, threat, |m| m.retreat == 1).expect("a 1-hex retreat");
    let (s1, _) = apply(&r, &s1, d66(roll));
    assert!(
        !s1.tasks
            .iter()
            .any(|t| matches!(t, crate::nbs::state::Task::Retreat(_)))
    );
    assert_eq!(s1.units[usize::from(u)].place, Place::At(at));
    assert_eq!(s1.units[usize::from(u)].formation, Formation::Square);
    let (s2, roll) = check_with(&r, &s, at, threat, |m| m.retreat == 2).expect("a 2-hex retreat");
    let (s2, _) = apply(&r, &s2, d66(roll));
    assert_eq!(s2.units[usize::from(u)].formation, Formation::Column);
    assert!(matches!(s2.tasks.last(), Some(crate::nbs::state::Task::Retreat(rt)) if rt.left == 2));
    // The same one-hex result moves a line.
    s.units[usize::from(u)].formation = Formation::Line;
    let (s3, roll) = check_with(&r, &s, at, threat, |m| m.retreat == 1).unwrap();
    let (s3, _) = apply(&r, &s3, d66(roll));
    assert!(matches!(s3.tasks.last(), Some(crate::nbs::state::Task::Retreat(rt)) if rt.left == 1));
}

/// 11.6e: a unit leaving square for line or column takes any facing with it, paying only the
/// formation change (an about-face would otherwise cost 1 MP, 13.1d).
#[test]
fn r11_6e_leaving_square_takes_any_facing_free() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Square);
    let leave = Action::LeaveSquare {
        unit: u,
        formation: Formation::Line,
        facing: south().index(),
    };
    assert!(legal(&r, &s).contains(&leave));
    let (plain, _) = apply(
        &r,
        &s,
        Action::Form {
            unit: u,
            formation: Formation::Line,
        },
    );
    let (left, ev) = apply(&r, &s, leave);
    let (p, l) = (&plain.units[usize::from(u)], &left.units[usize::from(u)]);
    assert_eq!(l.formation, Formation::Line);
    assert_eq!(p.facing, north(), "an ordinary change keeps the facing");
    assert_eq!(l.facing, south(), "turned about");
    assert_eq!(l.spent, p.spent, "no facing cost on top of the change");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Faced { unit, cost: 0, .. } if *unit == u
    )));
    // Turning about after an ordinary change costs MPs.
    let (turned, _) = apply(
        &r,
        &plain,
        Action::Face {
            unit: u,
            facing: south().index(),
        },
    );
    assert!(turned.units[usize::from(u)].spent > l.spent);
    // Only a square leaves square this way.
    let e = r
        .applied(
            &plain,
            &Action::LeaveSquare {
                unit: u,
                formation: Formation::Column,
                facing: 0,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "11.6e", "{e}");
}
