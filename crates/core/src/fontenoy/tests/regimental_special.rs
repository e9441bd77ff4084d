//! F-7.5b English regimental guns in fire combat (with their Division's infantry, alone, in
//! Defensive Fire), F-8.1 (the French player's column on a tie of Allied nationalities), and
//! the F-8.2 special results' attachments (F-8.2a, F-8.2c) and Vive le Roi!'s forced moves
//! (F-8.2f).

use super::fire::{ahead, far, fire_at, refused, unit};
use super::*;
use crate::fontenoy::state::{FireKind, FireStep, Segment, Step};
use crate::fontenoy::types::Arm;

/// An English regimental gun (1 SP, 1.5-pounder, optional) at `at`.
fn regimental_gun(w: &mut World, name: &str, at: Hex, facing: u8) -> UnitId {
    let g = unit(
        w,
        name,
        Side(1),
        Kind::Artillery,
        at,
        facing,
        1,
        Formation::Unlimbered,
    );
    let info = &mut w.units[usize::from(g)];
    info.optional = true;
    info.nationality = Nationality::English;
    info.caliber = Some("1.5".into());
    g
}

/// The Allied Division `mine` (index 1) activated and in its Fire Combat Segment, with
/// option 7.5; `others` is a second Allied Division (index 2); the French `them` (Division 0).
fn allied_fire(
    setup: impl FnOnce(&mut World) -> (Vec<UnitId>, Vec<UnitId>, Vec<UnitId>),
) -> (Fontenoy, State, Vec<UnitId>, Vec<UnitId>, Vec<UnitId>) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0101", 2, 5);
    w.cinc(f, 2, 5);
    let al = w.commander("Cumberland", Side(1), "S2929", 30, 5);
    w.cinc(al, 1, 6);
    let (mine, others, them) = setup(&mut w);
    let fc = w.commander("Dz", Side(0), "S0101", 4, 4);
    w.division("Z", Side(0), Some(fc), &them);
    let at = w.unit_state[usize::from(mine[0])]
        .placed()
        .map(|p| p.hex())
        .expect("on the map");
    let dc = w.commander("Dx", Side(1), &crate::fontenoy::fhex::label(at), 20, 4);
    w.division("X", Side(1), Some(dc), &mine);
    let oc = w.commander("Dy", Side(1), "S2929", 20, 4);
    w.division("Y", Side(1), Some(oc), &others);
    let (mut r, mut s) = w.build();
    alloc::sync::Arc::make_mut(&mut r.scenario_rules).options_on = alloc::vec!["7.5".into()];
    initiative(&r, &mut s, 1, 6);
    artillery_own(&r, &mut s);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Fire);
    (r, s, mine, others, them)
}

fn declared(s: &State) -> Option<crate::fontenoy::state::Decl> {
    crate::fontenoy::fire::log(s).and_then(|l| l.decl.clone())
}

#[test]
fn f7_5b_a_regimental_gun_fires_with_its_divisions_infantry_and_combines_with_no_other() {
    // A: English foot and its Division's gun; B: the Division's infantry; C: its gun alone;
    // D: infantry of another Division. All near the French target T.
    let t = hex("S1010");
    let a = ahead(t, 3);
    let b = ahead(t, 2);
    let c = ahead(t, 4);
    let d = ahead(t, 1);
    let (r, mut s, mine, others, _) = allied_fire(|w| {
        // Facing vertex 2k+1 fires into directions k and k+1; the guns on top of the Lines.
        let ga = regimental_gun(w, "RG A", a, 1);
        let ia = unit(w, "1 EA", Side(1), Kind::Infantry, a, 1, 6, Formation::Line);
        let ib = unit(
            w,
            "1 EB",
            Side(1),
            Kind::Infantry,
            b,
            11,
            6,
            Formation::Line,
        );
        let gc = regimental_gun(w, "RG C", c, 1);
        let id = unit(w, "1 ED", Side(1), Kind::Infantry, d, 9, 6, Formation::Line);
        // E: an ordinary English gun of the other Division.
        let og = unit(
            w,
            "6 EO",
            Side(1),
            Kind::Artillery,
            ahead(t, 5),
            5,
            2,
            Formation::Unlimbered,
        );
        let ft = unit(w, "1 FT", Side(0), Kind::Infantry, t, 1, 6, Formation::Line);
        for u in [ia, ga, ib, gc, id, og] {
            w.units[usize::from(u)].nationality = Nationality::English;
        }
        (
            alloc::vec![ia, ga, ib, gc],
            alloc::vec![id, og],
            alloc::vec![ft],
        )
    });
    let (ia, ga, gc) = (mine[0], mine[1], mine[3]);
    let id = others[0];
    for &u in mine.iter().chain(others.iter()) {
        s.unit_mut(u).act = crate::fontenoy::state::Act::Active;
    }
    let acts = legal(&r, &s);
    assert!(acts.contains(&fire_at(b, Arm::Infantry, t)), "{acts:?}");
    assert!(acts.contains(&fire_at(d, Arm::Infantry, t)), "{acts:?}");
    // The gun in A fires with A's infantry, not as artillery; the lone gun in C as artillery.
    assert!(acts.contains(&fire_at(a, Arm::Infantry, t)), "{acts:?}");
    assert!(!acts.contains(&fire_at(a, Arm::Artillery, t)), "{acts:?}");
    assert!(acts.contains(&fire_at(c, Arm::Artillery, t)), "{acts:?}");
    // The lone gun in C fires alone: the other Division's gun in E, at short range too, does
    // not join it, nor it E's fire.
    let e_hex = ahead(t, 5);
    assert!(
        acts.contains(&fire_at(e_hex, Arm::Artillery, t)),
        "{acts:?}"
    );
    let mut lone = s.clone();
    apply(&r, &mut lone, fire_at(c, Arm::Artillery, t));
    assert_eq!(legal(&r, &lone), alloc::vec![Action::OpenFire]);
    let e = refused(&r, &lone, fire_at(e_hex, Arm::Artillery, t));
    assert_eq!(e.rule, "F-7.5b", "{e}");
    let mut other = s.clone();
    apply(&r, &mut other, fire_at(e_hex, Arm::Artillery, t));
    assert!(!legal(&r, &other).contains(&fire_at(c, Arm::Artillery, t)));
    // Defensive Fire: the lone gun is ignored; a gun with its infantry adds to their fire
    // unless another Division's units fire with them.
    assert_eq!(r.defensive_strength(&s, &[gc], t), 0);
    let with = r.defensive_strength(&s, &[ia, ga], t);
    assert!(with > r.defensive_strength(&s, &[ia], t));
    assert_eq!(
        r.defensive_strength(&s, &[ia, ga, id], t),
        r.defensive_strength(&s, &[ia, id], t)
    );
    // A's fire takes B's infantry of the same Division but not D's of another Division.
    apply(&r, &mut s, fire_at(a, Arm::Infantry, t));
    let acts = legal(&r, &s);
    assert!(acts.contains(&fire_at(b, Arm::Infantry, t)), "{acts:?}");
    assert!(!acts.contains(&fire_at(d, Arm::Infantry, t)), "{acts:?}");
    let e = refused(&r, &s, fire_at(d, Arm::Infantry, t));
    assert_eq!(e.rule, "F-7.5b", "{e}");
    apply(&r, &mut s, fire_at(b, Arm::Infantry, t));
    assert!(declared(&s).is_some());
    apply(&r, &mut s, Action::OpenFire);
    let log = crate::fontenoy::fire::log(&s).expect("a fire log");
    let combat = log.combats.last().expect("a combat");
    assert!(combat.firers.contains(&ga), "{:?}", combat.firers);
    assert!(combat.firers.contains(&ia));
    assert!(!combat.firers.contains(&id));
    // Combined with infantry: the Special Infantry Fire Results (12.11).
    assert_eq!(
        Fontenoy::special_table(combat),
        crate::fontenoy::fire::special::SpecialTable::Infantry
    );
    let _ = (
        gc,
        FireKind::Segment,
        FireStep::Declare { side: Side(1) },
        far(t, 0, 1),
    );
}

/// French CinC; Division A (commander at S0410, distance 4, Initiative 4) with a battalion at
/// S0410; Division B with a battalion grouped with A's commander at S0410 and one at S0812;
/// the Allied CinC and a battalion far east.
fn attach_armies() -> (World, [UnitId; 4]) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0510", 10, 5);
    w.cinc(f, 2, 5);
    let a = w.commander("Da", Side(0), "S0410", 4, 4);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S0410", 1);
    w.division("A", Side(0), Some(a), &[a1]);
    let b = w.commander("Db", Side(0), "S0812", 4, 4);
    let b1 = w.infantry("1 BBB", Side(0), "BBB", "S0410", 1);
    w.units[usize::from(b1)].sp = 2;
    w.unit_state[usize::from(b1)].sp = 2;
    let b2 = w.infantry("2 BBB", Side(0), "BBX", "S0812", 1);
    w.division("B", Side(0), Some(b), &[b1, b2]);
    let al = w.commander("Cumberland", Side(1), "S2510", 10, 5);
    w.cinc(al, 1, 6);
    let c = w.commander("Dc", Side(1), "S2410", 4, 4);
    let c1 = w.infantry("1 CCC", Side(1), "CCC", "S2410", 7);
    w.division("C", Side(1), Some(c), &[c1]);
    (w, [a, a1, b1, b2])
}

#[test]
fn f8_2a_leader_initiative_attaches_the_units_grouped_with_the_division_commander() {
    use crate::fontenoy::state::Act;
    let (w, [_, a1, b1, b2]) = attach_armies();
    let (r, mut s) = w.build();
    // French 4: Leader Initiative; the French pick A, its commander passes.
    initiative(&r, &mut s, 4, 0);
    apply(&r, &mut s, Action::SpecialDivision { division: 0 });
    apply(&r, &mut s, d10(3));
    let act = s.activation.as_ref().expect("the extra segment");
    assert_eq!(act.segment, Segment::CommandControl, "attachments first");
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Attach { unit: b1 }, Action::EndDesignations]
    );
    // Not B's battalion away from the commander, and nothing but attachments.
    let e = refused(&r, &s, Action::Attach { unit: b2 });
    assert_eq!(e.rule, "F-8.2a", "{e}");
    let e = refused(&r, &s, Action::ActivateIndependent { unit: b2 });
    assert_eq!(e.rule, "F-8.2a", "{e}");
    let ev = apply(&r, &mut s, Action::Attach { unit: b1 });
    assert!(ev.contains(&Event::Attached { unit: b1 }));
    assert_eq!(s.unit(b1).act, Act::Active);
    assert_eq!(
        s.unit(b1).command,
        Some(true),
        "attached units are In Command (7.5c)"
    );
    apply(&r, &mut s, Action::EndDesignations);
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    assert_eq!(s.unit(a1).act, Act::Active);
    apply(&r, &mut s, Action::EndSegment);
    // The extra segment over, both are as before: unactivated, B free to activate.
    assert_eq!(s.unit(b1).act, Act::Unactivated);
    assert_eq!(s.unit(a1).act, Act::Unactivated);
    assert!(!s.division_done(1));
}

#[test]
fn f8_2c_free_combat_segment_attaches_the_units_grouped_with_the_division_commander() {
    use crate::fontenoy::state::Act;
    let (w, [_, _, b1, _]) = attach_armies();
    let (r, mut s) = w.build();
    // French 6: Free Combat Segment; A takes a Fire Combat Segment.
    initiative(&r, &mut s, 6, 0);
    apply(
        &r,
        &mut s,
        Action::FreeCombat {
            division: 0,
            close: false,
        },
    );
    assert_eq!(
        s.activation.as_ref().unwrap().segment,
        Segment::CommandControl
    );
    assert!(legal(&r, &s).contains(&Action::Attach { unit: b1 }));
    apply(&r, &mut s, Action::Attach { unit: b1 });
    apply(&r, &mut s, Action::EndDesignations);
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Fire);
    assert_eq!(s.unit(b1).act, Act::Active);
    apply(&r, &mut s, Action::EndSegment);
    assert!(s.activation.is_none());
    assert_eq!(s.unit(b1).act, Act::Unactivated);
}

/// French Division A (a 6-SP Line at S1010 facing vertex 1, 4 MP) under Vive le Roi! in its
/// Movement Segment; an Allied battalion at `enemy`.
fn vive_movement(enemy: &str) -> (Fontenoy, State, UnitId) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0510", 10, 5);
    w.cinc(f, 2, 5);
    let a = w.commander("Da", Side(0), "S1010", 4, 4);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    w.division("A", Side(0), Some(a), &[a1]);
    let al = w.commander("Cumberland", Side(1), "S2510", 10, 5);
    w.cinc(al, 1, 6);
    let c = w.commander("Dc", Side(1), enemy, 4, 4);
    let c1 = w.infantry("1 CCC", Side(1), "CCC", enemy, 7);
    w.division("C", Side(1), Some(c), &[c1]);
    let (r, mut s) = w.build();
    // French 1: Vive le Roi!; the Allies pick A, its commander fails.
    initiative(&r, &mut s, 1, 0);
    apply(&r, &mut s, Action::SpecialDivision { division: 0 });
    apply(&r, &mut s, d10(8));
    assert!(r.under_vive_le_roi(&s, a1));
    // Through the designations, command and fire to the Movement Segment.
    for _ in 0..20 {
        let seg = s.activation.as_ref().map(|x| x.segment);
        if seg == Some(Segment::Movement) && s.steps.is_empty() {
            break;
        }
        let acts = legal(&r, &s);
        let a = if acts.contains(&Action::EndDesignations) {
            Action::EndDesignations
        } else if acts.contains(&Action::EndSegment) {
            Action::EndSegment
        } else if acts.iter().any(|a| matches!(a, Action::Roll(_))) || acts.is_empty() {
            d10(0)
        } else {
            acts[0].clone()
        };
        apply(&r, &mut s, a);
    }
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    (r, s, a1)
}

#[test]
fn f8_2f_under_vive_le_roi_every_unit_must_move() {
    use crate::fontenoy::types::Pts;
    let (r, mut s, a1) = vive_movement("S1510");
    assert!(r.mp_left(&s, a1) > Pts::ZERO);
    let acts = legal(&r, &s);
    assert!(!acts.contains(&Action::EndSegment), "{acts:?}");
    let e = refused(&r, &s, Action::EndSegment);
    assert_eq!(e.rule, "F-8.2f", "{e}");
    // A facing change is no move: the unit still may not stop where it is.
    let step = acts
        .iter()
        .find(|x| matches!(x, Action::Step { unit, .. } if *unit == a1))
        .cloned()
        .expect("a step toward the Allies");
    apply(&r, &mut s, step);
    assert!(legal(&r, &s).contains(&Action::EndSegment));
}

#[test]
fn f8_1_a_tie_of_allied_nationalities_lets_the_french_choose_the_column() {
    use crate::engine::Actor;
    use crate::fontenoy::checks::{CheckKind, CheckReq};
    use crate::fontenoy::types::MoraleCheck;
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0510", 10, 5);
    w.cinc(f, 2, 5);
    let al = w.commander("Cumberland", Side(1), "S2510", 10, 5);
    w.cinc(al, 1, 6);
    let e1 = w.infantry("1 EEE", Side(1), "EEE", "S2010", 1);
    let d1 = w.infantry("1 DDD", Side(1), "DDD", "S2010", 1);
    for u in [e1, d1] {
        w.units[usize::from(u)].sp = 3;
        w.unit_state[usize::from(u)].sp = 3;
    }
    w.units[usize::from(d1)].nationality = Nationality::Dutch;
    let c = w.commander("Dc", Side(1), "S2410", 4, 4);
    w.division("C", Side(1), Some(c), &[e1, d1]);
    let (r, s0) = w.build();
    // A Morale Check roll of 00–09 whose English and Dutch results differ.
    let mut found = None;
    'outer: for m in [
        MoraleCheck::A,
        MoraleCheck::B,
        MoraleCheck::C,
        MoraleCheck::D,
    ] {
        for roll in 0..=9u8 {
            let k = CheckKind::Morale(m);
            if r.tables.checks.special(Nationality::English, k, roll)
                != r.tables.checks.special(Nationality::Dutch, k, roll)
            {
                found = Some((k, roll));
                break 'outer;
            }
        }
    }
    let (kind, roll) = found.expect("the English and Dutch columns differ somewhere");
    let mut s = s0.clone();
    s.steps.clear();
    r.queue_checks(
        &mut s,
        &[CheckReq {
            unit: e1,
            kind,
            er_mod: 0,
        }],
    );
    apply(&r, &mut s, d100(roll));
    assert!(matches!(s.steps.last(), Some(Step::SpecialColumn { .. })));
    assert_eq!(r.actor(&s), Actor::Player(Side(0)), "the French choose");
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::SpecialColumn {
                nationality: Nationality::Dutch
            },
            Action::SpecialColumn {
                nationality: Nationality::English
            }
        ]
    );
    let e = refused(
        &r,
        &s,
        Action::SpecialColumn {
            nationality: Nationality::Hanoverian,
        },
    );
    assert_eq!(e.rule, "F-8.1", "{e}");
    let ev = apply(
        &r,
        &mut s,
        Action::SpecialColumn {
            nationality: Nationality::Dutch,
        },
    );
    assert!(ev.contains(&Event::SpecialColumn {
        nationality: Nationality::Dutch
    }));
    let special = r.tables.checks.special(Nationality::Dutch, kind, roll);
    assert!(
        ev.iter().any(|e| matches!(e, Event::Check { special: sp, .. } if *sp == (special != crate::fontenoy::checks::tables::Special::Normal).then(|| special.name()))),
        "{ev:?}"
    );
    // Unequal SP: no choice, the larger nationality's column.
    let mut s = s0;
    s.steps.clear();
    s.unit_mut(d1).sp = 2;
    r.queue_checks(
        &mut s,
        &[CheckReq {
            unit: e1,
            kind,
            er_mod: 0,
        }],
    );
    apply(&r, &mut s, d100(roll));
    assert!(!matches!(s.steps.last(), Some(Step::SpecialColumn { .. })));
}

#[test]
fn f8_2f_under_vive_le_roi_forced_march_is_required_when_it_lets_a_unit_attack() {
    // Six hexes away: 4 MP leave it two hexes short, a Forced March's 6 reach the enemy.
    let (r, s, a1) = vive_movement("S1610");
    let must = s.special.act.as_ref().map(|a| a.must_force.clone());
    assert_eq!(must, Some(alloc::vec![a1]));
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::ForcedMarch { unit: a1 }), "{acts:?}");
    let step = acts.iter().find(
        |x| matches!(x, Action::Step { unit, .. } | Action::Face { unit, .. } if *unit == a1),
    );
    assert!(step.is_none(), "Forced March first: {acts:?}");
    let ahead_step = Action::Step {
        unit: a1,
        to: ahead(hex("S1010"), 0),
        alone: false,
    };
    let e = refused(&r, &s, ahead_step.clone());
    assert_eq!(e.rule, "F-8.2f", "{e}");
    let mut s = s;
    apply(&r, &mut s, Action::ForcedMarch { unit: a1 });
    assert!(legal(&r, &s).contains(&ahead_step));
    // Near enough to attack without it: Forced March stays optional.
    let (r, s, a1) = vive_movement("S1410");
    assert_eq!(s.special.act.as_ref().map(|a| a.must_force.len()), Some(0));
    assert!(
        legal(&r, &s)
            .iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == a1))
    );
}
