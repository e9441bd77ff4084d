//! Artillery losses (27.2).

use super::kit::{
    apply, clear_spot, d66, declared_fp_and_column, dir, empty, fire_up_to_the_roll, id, legal,
    n_of, north, put, rules,
};
use crate::engine::Side;
use crate::hex::{Compass, Facing};
use crate::nbs::state::{Phase, Place};
use crate::nbs::types::Formation;
use crate::nbs::{Action, Event, Nbs};

/// A roll that gives, in `column`, a loss with at least one casualty and one straggler and
/// no leader hit (compare `leaders.rs`' `top_column_loss_roll`).
fn loss_roll_with_stragglers(r: &Nbs, column: u8) -> u32 {
    (0..36)
        .map(|i| crate::nbs::types::Seq66::from_index(i).unwrap())
        .find(|&q| {
            matches!(
                r.tables.fire_result(column, q),
                crate::nbs::tables::FireResult::Loss { casualties, stragglers } if casualties > 0 && stragglers > 0
            ) && !r.tables.leader_hit(q)
        })
        .map(|q| u32::from(q.value()))
        .expect("a loss result in the column")
}

/// 27.2, 6.8: a battery's losses are gun points, never stragglers; its gun points are the
/// printed ones less its losses, and it is eliminated when none are left.
#[test]
fn r27_2_artillery_losses_are_gun_points() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(1);
    let printed = r.units[usize::from(gun)].gun_points;
    assert!(printed >= 2);
    let target = n_of(at, 1);
    put(
        &mut s,
        gun,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Unlimbered,
    );
    let a = id(&r, "1-1-4");
    put(&mut s, a, at, north(), Formation::Line);
    // Three hexes of fire, for a column with casualties and stragglers.
    let b = id(&r, "2-1-4");
    let c = id(&r, "1-2-4");
    let sw = dir(Compass::SW);
    let se = dir(Compass::SE);
    put(
        &mut s,
        b,
        target.neighbor(sw),
        Facing::side(sw.opposite()),
        Formation::Line,
    );
    put(
        &mut s,
        c,
        target.neighbor(se),
        Facing::side(se.opposite()),
        Formation::Line,
    );
    let a = [a, b, c];
    assert_eq!(r.gun_points(&s, gun), printed);
    // 12.3: the battery on top is the hex's target, for infantry too.
    let t = Action::Target {
        hex: target,
        artillery: Some(gun),
    };
    assert!(legal(&r, &s).contains(&t));
    let (f, ev) = fire_up_to_the_roll(&r, &s, target, Some(gun), &a);
    let (_, column) = declared_fp_and_column(&ev);
    let roll = loss_roll_with_stragglers(&r, column);
    let crate::nbs::tables::FireResult::Loss { casualties, .. } = r.tables.fire_result(
        column,
        crate::nbs::types::Seq66::from_value(roll as u8).unwrap(),
    ) else {
        panic!()
    };
    let (g, ev) = apply(&r, &f, d66(roll));
    let lost = casualties.min(printed);
    assert!(ev.iter().any(|e| matches!(e, Event::Losses { unit, casualties: c, stragglers: 0, .. } if *unit == gun && *c == lost)));
    assert_eq!(g.units[usize::from(gun)].stragglers, 0);
    assert_eq!(r.gun_points(&g, gun), printed - lost);
    assert_eq!(
        g.casualty_track, s.casualty_track,
        "1.1f: gun points are not casualties"
    );
    // With one gun point left, a loss eliminates it.
    let mut last = s.clone();
    last.units[usize::from(gun)].casualties = printed - 1;
    let (f, _) = fire_up_to_the_roll(&r, &last, target, Some(gun), &a);
    let (g, ev) = apply(&r, &f, d66(roll));
    assert_eq!(g.units[usize::from(gun)].place, Place::Gone);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Eliminated { rule, .. } if rule == "27.2"))
    );
}
