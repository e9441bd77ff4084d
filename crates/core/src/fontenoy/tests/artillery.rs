//! The artillery commanders du Brocard (F-3.3d) and van Yssel (F-4.2f): one mechanism, each
//! helping the guns of his own nationality.

use super::artillery_own as own;
use super::fire::{F, ahead, far, fire_at, opened, refused, unit};
use super::*;
use crate::fontenoy::fire::resolve::column;
use crate::fontenoy::state::{Act, FireKind, Segment, Step};
use crate::fontenoy::tables::fire::COLUMNS;
use crate::fontenoy::types::Arm;

/// French guns G1 at F and G2 two hexes to its side, both 5 hexes from an English Line; the
/// French Division X (its commander at F) and du Brocard (Command Distance 4) at `brocard`.
/// The CinC stands far away (no Line of Command to du Brocard). Returns the rules, the
/// position in Phase B, and (G1, G2, du Brocard, the target hex).
fn battery(brocard: &str) -> (Fontenoy, State, [UnitId; 3], Hex) {
    let mut w = World::new();
    let saxe = w.commander("Saxe", Side(0), "S0101", 1, 5);
    w.cinc(saxe, 2, 5);
    let cumb = w.commander("Cumberland", Side(1), "S2929", 2, 5);
    w.cinc(cumb, 1, 6);
    let t = far(hex(F), 0, 5);
    let g1 = unit(
        &mut w,
        "G1",
        Side(0),
        Kind::Artillery,
        hex(F),
        1,
        3,
        Formation::Unlimbered,
    );
    let g2_at = far(hex(F), 5, 2);
    let g2 = unit(
        &mut w,
        "G2",
        Side(0),
        Kind::Artillery,
        g2_at,
        1,
        3,
        Formation::Unlimbered,
    );
    let e = unit(
        &mut w,
        "1 EEE",
        Side(1),
        Kind::Infantry,
        t,
        7,
        6,
        Formation::Line,
    );
    let ez = w.commander("Dz", Side(1), "S2929", 4, 4);
    w.division("Z", Side(1), Some(ez), &[e]);
    let dc = w.commander("Dx", Side(0), F, 20, 4);
    w.division("X", Side(0), Some(dc), &[g1, g2]);
    let db = w.commander("du Brocard", Side(0), brocard, 4, 6);
    w.units[usize::from(db)].mp = 10;
    w.org.armies[0].special.push(db);
    let (r, s) = w.build();
    (r, s, [g1, g2, db], t)
}

/// Activates Division X (with du Brocard when `with`) and runs the Command Control Segment
/// with du Brocard's Initiative die `die` (0 passes, 9 fails).
fn activate(r: &Fontenoy, s: &mut State, db: UnitId, with: bool, die: u8) -> Vec<Event> {
    initiative(r, s, 6, 1);
    own(r, s);
    apply(r, s, Action::Activate { division: 1 });
    if with {
        apply(r, s, Action::ActivateCommander { commander: db });
    }
    let mut ev = apply(r, s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        let v = match s.steps.last() {
            Some(Step::CommanderInitiative { commander }) if *commander == db => die,
            _ => 0,
        };
        ev.extend(apply(r, s, d10(v)));
    }
    ev
}

/// Rolls the pending commanders' Initiative: `die` for `c`, 0 (a pass) for the others.
fn roll_commanders(r: &Fontenoy, s: &mut State, c: UnitId, die: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    while let Some(Step::CommanderInitiative { commander }) = s.steps.last().cloned() {
        ev.extend(apply(r, s, d10(if commander == c { die } else { 0 })));
    }
    ev
}

fn column_name(strength: u32, defense: u32, shift: u8) -> Option<&'static str> {
    column(strength, defense, shift).map(|(k, _)| COLUMNS[k])
}

#[test]
fn f3_3d_a_activated_du_brocard_combines_guns_at_any_range() {
    // Not activated: G2 is beyond short range (3) and may not join G1's fire (12.2i).
    let (r, mut s, [g1, g2, db], t) = battery(F);
    activate(&r, &mut s, db, false, 0);
    let g2_at = s.unit(g2).placed().unwrap().hex();
    assert_eq!((hex(F).distance(t), g2_at.distance(t)), (5, 5));
    apply(&r, &mut s, fire_at(hex(F), Arm::Artillery, t));
    assert_eq!(
        refused(&r, &s, fire_at(g2_at, Arm::Artillery, t)).rule,
        "12.2i"
    );
    assert_eq!(r.gun_helper(&s, g1, FireKind::Segment), None);
    // Activated with the Division: both guns are within his Command Distance + 1 (5 hexes).
    let (r, mut s, [g1, _, db], t) = battery(F);
    activate(&r, &mut s, db, true, 0);
    assert_eq!(r.gun_helper(&s, g1, FireKind::Segment), Some(db));
    apply(&r, &mut s, fire_at(hex(F), Arm::Artillery, t));
    assert!(legal(&r, &s).contains(&fire_at(g2_at, Arm::Artillery, t)));
    apply(&r, &mut s, fire_at(g2_at, Arm::Artillery, t));
    let ev = apply(&r, &mut s, Action::OpenFire);
    assert!(ev.contains(&Event::ArtilleryHelp {
        commander: db,
        at: t
    }));
    let fired = &s.activation.as_ref().unwrap().fire.combats[0];
    assert_eq!(fired.from, alloc::vec![hex(F), g2_at]);
}

#[test]
fn f3_3d_a_guns_beyond_command_distance_plus_one_are_not_helped() {
    // du Brocard 6 hexes from G1 (Command Distance 4 + 1 = 5): no help.
    let far_hex = crate::fontenoy::fhex::label(far(hex(F), 3, 6));
    let (r, mut s, [g1, _, db], _) = battery(&far_hex);
    activate(&r, &mut s, db, true, 0);
    assert_eq!(r.gun_helper(&s, g1, FireKind::Segment), None);
    let near = crate::fontenoy::fhex::label(far(hex(F), 3, 5));
    let (r, mut s, [g1, _, db], _) = battery(&near);
    activate(&r, &mut s, db, true, 0);
    assert_eq!(r.gun_helper(&s, g1, FireKind::Segment), Some(db));
}

#[test]
fn f3_3d_b_his_guns_fire_one_column_right() {
    let (r, mut s, [_, _, db], t) = battery(F);
    activate(&r, &mut s, db, true, 0);
    let ev = apply(&r, &mut s, fire_at(hex(F), Arm::Artillery, t));
    assert!(ev.is_empty() || !ev.iter().any(|e| matches!(e, Event::FireOpened { .. })));
    let ev = apply(&r, &mut s, Action::OpenFire);
    let (strength, defense, col, _) = opened(&ev);
    assert_eq!(col.as_deref(), column_name(strength, defense, 1));
    assert_ne!(
        column_name(strength, defense, 1),
        column_name(strength, defense, 0)
    );
    // The same fire without him reads the unshifted column.
    let (r, mut s, [_, _, db], t) = battery(F);
    activate(&r, &mut s, db, false, 0);
    apply(&r, &mut s, fire_at(hex(F), Arm::Artillery, t));
    let ev = apply(&r, &mut s, Action::OpenFire);
    let (strength, defense, col, _) = opened(&ev);
    assert_eq!(col.as_deref(), column_name(strength, defense, 0));
    assert!(!ev.iter().any(|e| matches!(e, Event::ArtilleryHelp { .. })));
}

#[test]
fn f3_3d_c_helping_the_fire_segment_he_does_not_move_and_moving_keeps_only_defensive_fire() {
    let (r, mut s, [g1, _, db], t) = battery(F);
    activate(&r, &mut s, db, true, 0);
    // Not yet used: in the Fire Combat Segment he may still be moved later.
    assert!(!r.artillery_commander_stays(&s, db));
    apply(&r, &mut s, fire_at(hex(F), Arm::Artillery, t));
    apply(&r, &mut s, Action::OpenFire);
    assert_eq!(s.artillery.fired, alloc::vec![db]);
    assert!(r.artillery_commander_stays(&s, db));
    while s.activation.as_ref().unwrap().segment == Segment::Fire {
        let top = s.steps.last().cloned();
        match top {
            Some(Step::Fire(_)) | Some(Step::Check(_)) => {
                let a = legal(&r, &s).into_iter().next().unwrap();
                apply(&r, &mut s, a);
            }
            _ => {
                apply(&r, &mut s, Action::EndSegment);
            }
        }
    }
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    let moves_him = |a: &Action| match a {
        Action::Step { unit, .. } => *unit == db,
        _ => false,
    };
    assert!(!legal(&r, &s).iter().any(moves_him));
    // Another turn: he moved in his activation; afterwards only Defensive Fire has his help.
    let (r, mut s, [g1b, _, db], _) = battery(F);
    assert_eq!(g1b, g1);
    activate(&r, &mut s, db, true, 0);
    s.artillery.moved.push(db);
    assert_eq!(r.gun_helper(&s, g1, FireKind::Segment), None);
    assert_eq!(r.gun_helper(&s, g1, FireKind::Reaction), None);
    assert_eq!(r.gun_helper(&s, g1, FireKind::Defensive), Some(db));
    // Not moved, his activation over: reactions too have his help this turn.
    s.artillery.moved.clear();
    s.unit_mut(db).act = Act::Finished;
    assert_eq!(r.gun_helper(&s, g1, FireKind::Reaction), Some(db));
    // The turn's end clears the record.
    s.artillery.fired.push(db);
    s.unit_mut(db).act = Act::Unactivated;
    assert_eq!(r.gun_helper(&s, g1, FireKind::Defensive), None);
}

#[test]
fn f3_3d_c_a_moving_du_brocard_is_recorded_at_the_activation_end() {
    let (r, mut s, [_, _, db], _) = battery(F);
    activate(&r, &mut s, db, true, 0);
    apply(&r, &mut s, Action::EndSegment);
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    let step = legal(&r, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Step { unit, .. } if *unit == db))
        .expect("du Brocard may move: he helped no fire");
    apply(&r, &mut s, step);
    r.complete_activation(&mut s, &mut Vec::new());
    assert_eq!(s.artillery.moved, alloc::vec![db]);
}

#[test]
fn f3_3d_d_his_initiative_puts_guns_in_range_in_command() {
    // Independent guns: with du Brocard's passed Initiative they need no roll of their own.
    let build = || {
        let mut w = World::new();
        let saxe = w.commander("Saxe", Side(0), "S0101", 1, 5);
        w.cinc(saxe, 2, 5);
        let cumb = w.commander("Cumberland", Side(1), "S2929", 2, 5);
        w.cinc(cumb, 1, 6);
        let i = w.infantry("1 AAA", Side(0), "AAA", "S2010", 1);
        let dc = w.commander("Dx", Side(0), "S2010", 4, 4);
        w.division("X", Side(0), Some(dc), &[i]);
        let g = unit(
            &mut w,
            "G1",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            3,
            Formation::Unlimbered,
        );
        w.independent(g);
        let db = w.commander("du Brocard", Side(0), F, 4, 6);
        w.org.armies[0].special.push(db);
        let (r, mut s) = w.build();
        initiative(&r, &mut s, 6, 1);
        own(&r, &mut s);
        apply(&r, &mut s, Action::Activate { division: 0 });
        apply(&r, &mut s, Action::ActivateCommander { commander: db });
        apply(&r, &mut s, Action::ActivateIndependent { unit: g });
        apply(&r, &mut s, Action::EndDesignations);
        (r, s, g, db)
    };
    let (r, mut s, g, db) = build();
    // No Line of Command from the CinC: du Brocard rolls (7.4d by F-3.3d D).
    let ev = roll_commanders(&r, &mut s, db, 6);
    assert!(ev.contains(&Event::InitiativeCheck {
        unit: db,
        roll: 6,
        rating: 6,
        passed: true
    }));
    assert_eq!(s.unit(db).command, Some(true));
    assert_eq!(s.unit(g).command, Some(true));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::InitiativeCheck { unit, .. } if *unit == g))
    );
    // Failed: he is Out of Command, and the Independent gun still rolls its own Initiative.
    let (r, mut s, g, db) = build();
    roll_commanders(&r, &mut s, db, 7);
    assert_eq!(s.unit(db).command, Some(false));
    assert_eq!(s.steps.last(), Some(&Step::UnitInitiative { unit: g }));
}

#[test]
fn f3_3d_e_his_help_ignores_his_own_command_status() {
    let (r, mut s, [g1, _, db], t) = battery(F);
    activate(&r, &mut s, db, true, 9);
    assert_eq!(s.unit(db).command, Some(false));
    assert_eq!(r.gun_helper(&s, g1, FireKind::Segment), Some(db));
    apply(&r, &mut s, fire_at(hex(F), Arm::Artillery, t));
    let ev = apply(&r, &mut s, Action::OpenFire);
    let (strength, defense, col, _) = opened(&ev);
    assert_eq!(col.as_deref(), column_name(strength, defense, 1));
}

#[test]
fn f3_3d_f_f4_2f_d_the_artillery_commanders_give_no_pursuit_bonus() {
    let mut w = World::new();
    let c = unit(
        &mut w,
        "1 CAV",
        Side(0),
        Kind::Cavalry,
        hex(F),
        1,
        4,
        Formation::Line,
    );
    let db = w.commander("du Brocard", Side(0), F, 4, 6);
    w.org.armies[0].special.push(db);
    let ys = w.commander("van Yssel", Side(1), "S2020", 4, 6);
    w.org.armies[1].special.push(ys);
    let (r, s) = w.build();
    assert_eq!(r.pursuit_bonus(&s, &[c]), 0);
    // Another Special Commander in his place gives it (F-2.7).
    let idx = usize::from(db);
    let mut units = (*r.units).clone();
    units[idx].id = "fr-richelieu".into();
    let mut r2 = r.clone();
    r2.units = alloc::sync::Arc::new(units);
    assert_eq!(r2.pursuit_bonus(&s, &[c]), 1);
    assert!(r.is_artillery_commander(ys));
}

#[test]
fn f4_2f_a_b_c_van_yssel_helps_only_dutch_guns() {
    let mut w = World::new();
    let cumb = w.commander("Cumberland", Side(1), "S2929", 1, 5);
    w.cinc(cumb, 2, 5);
    let saxe = w.commander("Saxe", Side(0), "S0101", 2, 5);
    w.cinc(saxe, 1, 6);
    let dutch = unit(
        &mut w,
        "D1",
        Side(1),
        Kind::Artillery,
        hex(F),
        1,
        3,
        Formation::Unlimbered,
    );
    w.units[usize::from(dutch)].nationality = crate::fontenoy::types::Nationality::Dutch;
    let english = unit(
        &mut w,
        "E1",
        Side(1),
        Kind::Artillery,
        ahead(hex(F), 5),
        1,
        3,
        Formation::Unlimbered,
    );
    let dc = w.commander("Dd", Side(1), F, 20, 4);
    w.division("D", Side(1), Some(dc), &[dutch, english]);
    let ys = w.commander("van Yssel", Side(1), F, 4, 5);
    w.units[usize::from(ys)].nationality = crate::fontenoy::types::Nationality::Dutch;
    w.org.armies[1].special.push(ys);
    let (r, mut s) = w.build();
    // Not yet activated: no help.
    assert_eq!(r.gun_helper(&s, dutch, FireKind::Defensive), None);
    initiative(&r, &mut s, 1, 6);
    own(&r, &mut s);
    apply(&r, &mut s, Action::Activate { division: 0 });
    apply(&r, &mut s, Action::ActivateCommander { commander: ys });
    apply(&r, &mut s, Action::EndDesignations);
    // C: no Line of Command reaches him; he rolls and fails — E: his help stands.
    let ev = roll_commanders(&r, &mut s, ys, 8);
    assert!(ev.contains(&Event::InitiativeCheck {
        unit: ys,
        roll: 8,
        rating: 5,
        passed: false
    }));
    assert_eq!(s.unit(ys).command, Some(false));
    assert_eq!(r.gun_helper(&s, dutch, FireKind::Segment), Some(ys));
    assert_eq!(r.gun_helper(&s, english, FireKind::Segment), None);
    // B: after he moved, only Defensive Fire.
    s.artillery.moved.push(ys);
    assert_eq!(r.gun_helper(&s, dutch, FireKind::Segment), None);
    assert_eq!(r.gun_helper(&s, dutch, FireKind::Defensive), Some(ys));
}
