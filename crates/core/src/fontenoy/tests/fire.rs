//! 12.0 Fire Combat, 12.1–12.2: the worked examples of those rules and each one's branches,
//! with the provisional charts (docs/fontenoy-charts.md), and the helpers the other fire tests
//! share. 12.3–12.5 are in `tests/fire_strength.rs`, 12.6–12.7 in `tests/fire_los.rs`, 12.9
//! in `tests/fire_losses.rs`, 12.8 and 13.10 in `tests/fire_reaction.rs`, the special results
//! of F-8.5–F-8.7 in `tests/fire_special.rs`.

use super::*;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::fire::resolve::column;
use crate::fontenoy::state::{FireKind, FireStep, Segment, Step};
use crate::fontenoy::types::{Arm, Morale, MoraleCheck};
use crate::hex::Direction;

pub(super) fn ahead(from: Hex, d: u8) -> Hex {
    from.neighbor(Direction::ALL[usize::from(d % 6)])
}

pub(super) fn far(from: Hex, d: u8, n: u32) -> Hex {
    (0..n).fold(from, |h, _| ahead(h, d))
}

/// The French firer's hex: a one-hex Line facing vertex 1 fires into directions 0 and 1.
pub(super) const F: &str = "S1010";

/// A combat unit of `kind` with `sp` SP at `at` facing `facing`, in `formation`.
#[allow(clippy::too_many_arguments)]
pub(super) fn unit(
    w: &mut World,
    name: &str,
    side: Side,
    kind: Kind,
    at: Hex,
    facing: u8,
    sp: u8,
    formation: Formation,
) -> UnitId {
    let mut info = World::info(name, side, kind);
    info.sp = sp;
    info.mp = 4;
    info.regiment = Some(name.to_string());
    if kind == Kind::Artillery {
        info.caliber = Some(if side == Side(0) { "12" } else { "6" }.into());
    }
    let p = Placed::at(at, Facing::new(facing).expect("a facing"));
    let u = w.push(info, Some(p));
    w.unit_state[usize::from(u)].formation = formation;
    w.unit_state[usize::from(u)].order = u as u8;
    u
}

/// A French division (its commander with the first unit) and the Allied units, the French
/// Division activated and in its Fire Combat Segment. `setup` places the French units and
/// the Allied ones.
pub(super) fn segment(
    setup: impl FnOnce(&mut World) -> (Vec<UnitId>, Vec<UnitId>),
) -> (Fontenoy, State, Vec<UnitId>, Vec<UnitId>) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0101", 30, 5);
    w.cinc(f, 2, 5);
    let al = w.commander("Cumberland", Side(1), "S2929", 2, 5);
    w.cinc(al, 1, 6);
    let (me, them) = setup(&mut w);
    let ac = w.commander("Dz", Side(1), "S2929", 4, 4);
    w.division("Z", Side(1), Some(ac), &them);
    let at = w.unit_state[usize::from(me[0])]
        .placed()
        .map_or(hex(F), |p| p.hex());
    let dc = w.commander("Dx", Side(0), &crate::fontenoy::fhex::label(at), 20, 4);
    w.division("X", Side(0), Some(dc), &me);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Fire);
    (r, s, me, them)
}

/// One French 6-SP battalion at F facing vertex 1 and one English 6-SP battalion adjacent in
/// front of it, facing it.
pub(super) fn duel() -> (Fontenoy, State, UnitId, UnitId) {
    let (r, s, me, them) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Line,
        );
        let b = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![b])
    });
    (r, s, me[0], them[0])
}

pub(super) fn fire_at(from: Hex, arm: Arm, at: Hex) -> Action {
    Action::Fire { from, arm, at }
}

pub(super) fn refused(r: &Fontenoy, s: &State, a: Action) -> crate::engine::Illegal {
    let mut ev = Vec::new();
    let before = s.clone();
    let e = r.apply(&mut s.clone(), &a, &mut ev).expect_err("refused");
    assert_eq!(&before, s);
    e
}

pub(super) fn opened(ev: &[Event]) -> (u32, u32, Option<String>, i32) {
    ev.iter()
        .find_map(|e| match e {
            Event::FireOpened {
                strength,
                defense,
                column,
                drm,
                ..
            } => Some((*strength, *defense, column.clone(), *drm)),
            _ => None,
        })
        .expect("a fire")
}

pub(super) fn lost(ev: &[Event]) -> Vec<(UnitId, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::SpLost { unit, lost, .. } => Some((*unit, *lost)),
            _ => None,
        })
        .collect()
}

pub(super) fn pending_checks(s: &State) -> Vec<CheckReq> {
    s.steps
        .iter()
        .rev()
        .filter_map(|st| match st {
            Step::Check(c) => Some(*c),
            _ => None,
        })
        .collect()
}

#[test]
fn r12_1_a_fire_is_declared_opened_and_rolled() {
    let (r, mut s, a, b) = duel();
    let at = ahead(hex(F), 0);
    assert!(legal(&r, &s).contains(&fire_at(hex(F), Arm::Infantry, at)));
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, at));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Declare { side: Side(0) }))
    );
    assert_eq!(legal(&r, &s), alloc::vec![Action::OpenFire]);
    let ev = apply(&r, &mut s, Action::OpenFire);
    // 4 of the 6 French SP fire (4 ranks, 1 hex) at x3: 12 against clear ground's 10: 1:1;
    // size 6 adds nothing.
    assert_eq!(opened(&ev), (12, 10, Some("1:1".into()), 0));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Roll { combat: 0 }))
    );
    // 1:1 reads "1" from 65: 67 (odd) costs 1 SP and no check.
    let ev = apply(&r, &mut s, d100(67));
    assert_eq!(lost(&ev), alloc::vec![(b, 1)]);
    assert!(s.steps.is_empty());
    assert_eq!(s.unit(b).sp, 5);
    assert_eq!(s.unit(a).sp, 6);
}

#[test]
fn r12_1_e30_a_line_of_grenadiers_over_line_infantry_fires_14_and_9() {
    let (r, s, me, them) = segment(|w| {
        let g = unit(
            w,
            "1 GRE",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            1,
            Formation::Line,
        );
        w.units[usize::from(g)].class = "grenadiers".into();
        let f = unit(
            w,
            "1 FUS",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            4,
            Formation::Line,
        );
        let e1 = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        let e2 = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 1, 2),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g, f], alloc::vec![e1, e2])
    });
    // The example's multipliers (another game of the series): grenadiers x5/x3, fusiliers
    // x3/x2; the provisional Firing Formations Table's 4 SP a Line hex.
    let mut r = r;
    let mut t = (*r.tables).clone();
    for m in &mut t.fire.multipliers {
        if m.id == "french_grenadiers" {
            m.at[0] = 5;
            m.at[1] = 3;
        }
        if m.id == "french_infanterie" {
            m.at[0] = 3;
            m.at[1] = 2;
        }
    }
    r.tables = alloc::sync::Arc::new(t);
    let one = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            ahead(hex(F), 0),
        )
        .unwrap();
    assert_eq!(one.strength, 14);
    assert_eq!(one.firers, me);
    let two = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            far(hex(F), 1, 2),
        )
        .unwrap();
    assert_eq!(two.strength, 9);
    let _ = them;
}

#[test]
fn r12_1_e31_two_12_pounder_sp_at_8_hexes_fire_6() {
    let (r, s, _, _) = segment(|w| {
        let g = unit(
            w,
            "12 PDR",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::Unlimbered,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 0, 8),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g], alloc::vec![e])
    });
    let c = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Artillery,
            far(hex(F), 0, 8),
        )
        .unwrap();
    assert_eq!(c.strength, 6);
    assert_eq!(c.range, 8);
    assert!(c.long_artillery);
}

#[test]
fn r12_1_e32_a_ratio_of_7_to_1_fires_on_5_to_1_at_plus_20() {
    assert_eq!(column(70, 10, 0), Some((6, 20)));
    assert_eq!(column(59, 10, 0), Some((6, 0)));
    // In the defender's favour: 14 against 10 is 1:1, 9 against 10 is 1:2, 3 against 10
    // is 1:4, below the lowest column.
    assert_eq!(column(14, 10, 0), Some((2, 0)));
    assert_eq!(column(9, 10, 0), Some((1, 0)));
    assert_eq!(column(4, 10, 0), Some((0, 0)));
    assert_eq!(column(3, 10, 0), None);
}

#[test]
fn r12_1_below_1_to_3_the_fire_has_no_effect() {
    let (r, mut s, _, them) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            1,
            Formation::Line,
        );
        w.units[usize::from(a)].class = "militia".into();
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e])
    });
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    let ev = apply(&r, &mut s, Action::OpenFire);
    // 1 SP of militia at x2 against 10 is 1:5.
    assert_eq!(opened(&ev), (2, 10, None, 0));
    assert!(ev.iter().any(|e| matches!(e, Event::FireNoEffect { .. })));
    assert!(s.steps.is_empty());
    assert_eq!(s.unit(them[0]).sp, 6);
}

#[test]
fn r12_1_even_roll_with_a_loss_brings_mc_a_with_its_modifier() {
    let (r, mut s, _, b) = duel();
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    apply(&r, &mut s, Action::OpenFire);
    // 1:1 "2" from 78: an even 80 costs 2 SP, MC(A) at +10 (19.9a).
    let ev = apply(&r, &mut s, d100(80));
    assert_eq!(lost(&ev), alloc::vec![(b, 2)]);
    assert_eq!(
        pending_checks(&s),
        alloc::vec![CheckReq {
            unit: b,
            kind: CheckKind::Morale(MoraleCheck::A),
            er_mod: 10
        }]
    );
}

#[test]
fn r12_9d_four_or_more_lost_is_plus_20_and_a_flank_fire_plus_5() {
    // The English battalion faces away: the French fire comes through its rear.
    let (r, mut s, _, them) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Line,
        );
        let a2 = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            1,
            6,
            Formation::Line,
        );
        (alloc::vec![a, a2], alloc::vec![e])
    });
    let b = them[0];
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    let ev = apply(&r, &mut s, Action::OpenFire);
    // 12 SP in the hex, 4 fire, x3 = 12: 1:1. 98 reads "4".
    assert_eq!(opened(&ev).0, 12);
    let ev = apply(&r, &mut s, d100(98));
    assert_eq!(lost(&ev), alloc::vec![(b, 4)]);
    assert_eq!(pending_checks(&s)[0].er_mod, 25);
}

#[test]
fn r12_2a_columns_cavalry_and_routed_units_do_not_fire() {
    let (r, s, me, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            2,
            6,
            Formation::MarchColumn,
        );
        let c = unit(
            w,
            "CAV",
            Side(0),
            Kind::Cavalry,
            far(hex(F), 3, 2),
            1,
            6,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 1),
            7,
            6,
            Formation::Line,
        );
        let e2 = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            ahead(far(hex(F), 3, 2), 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a, c], alloc::vec![e, e2])
    });
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Fire { .. }))
    );
    let e = refused(&r, &s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 1)));
    assert_eq!(e.rule, "12.2a");
    let mut s2 = s.clone();
    s2.unit_mut(me[0]).formation = Formation::Line;
    s2.unit_mut(me[0]).morale = Morale::Routed;
    assert_eq!(
        refused(&r, &s2, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 1))).rule,
        "12.2a"
    );
}

#[test]
fn r12_2b_fire_goes_only_through_frontal_hexes_and_within_range() {
    let (r, s, _, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Line,
        );
        // Behind it, and two hexes ahead (French infantry fires at 1 hex, F-2.4b A).
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 3),
            1,
            6,
            Formation::Line,
        );
        let e2 = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 0, 2),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e, e2])
    });
    assert_eq!(
        refused(&r, &s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 3))).rule,
        "12.2b"
    );
    let e = refused(&r, &s, fire_at(hex(F), Arm::Infantry, far(hex(F), 0, 2)));
    assert_eq!(e.rule, "12.2b");
    assert!(e.reason.contains("beyond its range of 1"), "{}", e.reason);
}

#[test]
fn r12_2c_a_hex_fires_once_and_a_unit_is_fired_on_once_by_each_arm() {
    let (r, mut s, _, them) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Line,
        );
        let g = unit(
            w,
            "GUN",
            Side(0),
            Kind::Artillery,
            ahead(hex(F), 2),
            1,
            2,
            Formation::Unlimbered,
        );
        let a2 = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            ahead(hex(F), 2),
            1,
            6,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        let e2 = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 1),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a, a2, g], alloc::vec![e, e2])
    });
    let t = ahead(hex(F), 1);
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, t));
    apply(&r, &mut s, Action::OpenFire);
    apply(&r, &mut s, d100(11));
    // The hex has fired.
    let e = refused(&r, &s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    assert_eq!(e.rule, "12.2c");
    assert!(e.reason.contains("already fired"), "{}", e.reason);
    // The target was fired on by infantry: the other battalion may not.
    let e = refused(&r, &s, fire_at(ahead(hex(F), 2), Arm::Infantry, t));
    assert_eq!(e.rule, "12.2c");
    assert!(e.reason.contains("already been fired on"), "{}", e.reason);
    // But the guns may.
    assert!(legal(&r, &s).contains(&fire_at(ahead(hex(F), 2), Arm::Artillery, t)));
    apply(&r, &mut s, fire_at(ahead(hex(F), 2), Arm::Artillery, t));
    apply(&r, &mut s, Action::OpenFire);
    apply(&r, &mut s, d100(11));
    assert_eq!(
        refused(&r, &s, fire_at(ahead(hex(F), 2), Arm::Artillery, t)).rule,
        "12.2c"
    );
    let _ = them;
}

#[test]
fn r12_2d_infantry_of_several_hexes_combine_in_one_fire() {
    let (r, mut s, _, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Line,
        );
        let t = ahead(hex(F), 0);
        let a2 = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            ahead(t, 2),
            11,
            6,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            t,
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a, a2], alloc::vec![e])
    });
    let t = ahead(hex(F), 0);
    let other = ahead(t, 2);
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, t));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![fire_at(other, Arm::Infantry, t), Action::OpenFire]
    );
    // 12.2e: the arm and the target are the declaration's.
    assert_eq!(
        refused(&r, &s, fire_at(other, Arm::Artillery, t)).rule,
        "12.2e"
    );
    apply(&r, &mut s, fire_at(other, Arm::Infantry, t));
    let ev = apply(&r, &mut s, Action::OpenFire);
    // 12 from the first hex; 4 × (3 + 1) from the second, which fires through the target's
    // flank (enfilade, 12.6e).
    assert_eq!(opened(&ev).0, 28);
    assert_eq!(opened(&ev).2.as_deref(), Some("2:1"));
    // Both hexes have fired.
    let l = &s.activation.as_ref().unwrap().fire.fired;
    assert_eq!(l.len(), 2);
}

#[test]
fn r12_2f_e33_infantry_and_guns_of_one_hex_may_choose_different_targets() {
    let (r, mut s, _, _) = segment(|w| {
        let g = unit(
            w,
            "GUN",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::Unlimbered,
        );
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            2,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        let e2 = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 1),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g, a], alloc::vec![e, e2])
    });
    apply(
        &r,
        &mut s,
        fire_at(hex(F), Arm::Artillery, ahead(hex(F), 0)),
    );
    apply(&r, &mut s, Action::OpenFire);
    apply(&r, &mut s, d100(11));
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 1)));
    let ev = apply(&r, &mut s, Action::OpenFire);
    // 12.4b: the guns on top count first; 2 infantry SP fill the hex's 4.
    assert_eq!(opened(&ev).0, 6);
    // The infantry SP of the hex cannot split: it has fired.
    apply(&r, &mut s, d100(11));
    assert_eq!(
        refused(&r, &s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0))).rule,
        "12.2c"
    );
}

#[test]
fn r12_2g_a_square_fires_at_three_non_adjacent_hexes() {
    let (r, mut s, me, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            12,
            Formation::Square,
        );
        let mut them = Vec::new();
        for d in 0..6u8 {
            them.push(unit(
                w,
                &alloc::format!("{d} EEE"),
                Side(1),
                Kind::Infantry,
                ahead(hex(F), d),
                (2 * d + 7) % 12,
                6,
                Formation::Line,
            ));
        }
        (alloc::vec![a], them)
    });
    // 12 SP: 4 at each target.
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    let ev = apply(&r, &mut s, Action::OpenFire);
    assert_eq!(opened(&ev).0, 12);
    apply(&r, &mut s, d100(11));
    // Next to the first: refused; two away: allowed.
    assert_eq!(
        refused(&r, &s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 1))).rule,
        "12.2g"
    );
    for d in [2u8, 4] {
        apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), d)));
        apply(&r, &mut s, Action::OpenFire);
        apply(&r, &mut s, d100(11));
    }
    let e = refused(&r, &s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 3)));
    assert_eq!(e.rule, "12.2g");
    // Disordered: 2 a target.
    let mut s2 = s.clone();
    s2.activation.as_mut().unwrap().fire.fired.clear();
    s2.activation.as_mut().unwrap().fire.fired_on.clear();
    s2.activation.as_mut().unwrap().fire.spent.clear();
    s2.unit_mut(me[0]).disordered = true;
    apply(
        &r,
        &mut s2,
        fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)),
    );
    let ev = apply(&r, &mut s2, Action::OpenFire);
    assert_eq!(opened(&ev).0, 6);
}

#[test]
fn r12_2h_a_two_hex_line_fires_each_hex_apart_or_both_together() {
    let (r, mut s, me, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            10,
            Formation::Line,
        );
        let left = ahead(hex(F), 2);
        w.unit_state[usize::from(a)].place = crate::fontenoy::state::Place::Map(Placed {
            hexes: crate::fontenoy::geometry::line_hexes(hex(F), Facing::new(1).unwrap(), 2)
                .unwrap(),
            facing: Facing::new(1).unwrap(),
            hook: None,
        });
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        let e2 = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            ahead(left, 1),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e, e2])
    });
    let left = ahead(hex(F), 2);
    assert_eq!(
        s.unit(me[0]).placed().unwrap().hexes.as_slice(),
        &[hex(F), left]
    );
    // The middle hex in front of both: both hexes may fire at it together.
    let mid = ahead(hex(F), 1);
    assert_eq!(mid, ahead(left, 0));
    let p = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            ahead(hex(F), 0),
        )
        .unwrap();
    // 10 SP in four ranks over two hexes fire 4 and 4 (the Line SP chart).
    assert_eq!(p.strength, 12);
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    apply(&r, &mut s, Action::OpenFire);
    apply(&r, &mut s, d100(11));
    // The left hex still fires, at another target.
    assert!(legal(&r, &s).contains(&fire_at(left, Arm::Infantry, ahead(left, 1))));
}

#[test]
fn r12_2i_guns_at_short_range_combine_and_beyond_it_fire_alone() {
    let (r, mut s, _, _) = segment(|w| {
        let t = far(hex(F), 0, 3);
        let g1 = unit(
            w,
            "G1",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::Unlimbered,
        );
        let g2 = unit(
            w,
            "G2",
            Side(0),
            Kind::Artillery,
            ahead(hex(F), 1),
            1,
            2,
            Formation::Unlimbered,
        );
        let g3 = unit(
            w,
            "G3",
            Side(0),
            Kind::Artillery,
            far(t, 0, 4),
            7,
            2,
            Formation::Unlimbered,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            t,
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g1, g2, g3], alloc::vec![e])
    });
    let t = far(hex(F), 0, 3);
    let (g2, g3) = (ahead(hex(F), 1), far(t, 0, 4));
    assert_eq!((g2.distance(t), g3.distance(t)), (3, 4));
    apply(&r, &mut s, fire_at(hex(F), Arm::Artillery, t));
    // G2 is 3 hexes from the target, G3 four: only G2 may join (short range 3).
    let l = legal(&r, &s);
    assert!(l.contains(&fire_at(g2, Arm::Artillery, t)));
    assert!(!l.contains(&fire_at(g3, Arm::Artillery, t)));
    let e = refused(&r, &s, fire_at(g3, Arm::Artillery, t));
    assert_eq!(e.rule, "12.2i");
    // Starting beyond short range, no other battery joins.
    let mut s2 = s.clone();
    s2.steps.pop();
    s2.activation.as_mut().unwrap().fire.decl = None;
    apply(&r, &mut s2, fire_at(g3, Arm::Artillery, t));
    assert_eq!(legal(&r, &s2), alloc::vec![Action::OpenFire]);
}
