//! Opportunity fire (15.1, 15.1c–15.1g); reaction charges (15.2) are in `reaction_charge.rs`.

use super::kit::{
    apply, charge_path, charge_setup, clear_spot, d66, dir, empty, fire_up_to_the_roll, hex, id,
    legal, n_of, north, put, rules,
};
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Rules, Side};
use crate::hex::{Compass, Facing, Hex};
use crate::nbs::state::{Phase, Place, State, UnitId, flag};
use crate::nbs::types::{Formation, MoraleState};
use crate::nbs::{Action, Event, Nbs};
use alloc::vec::Vec;

#[test]
fn r15_1_opportunity_fire_window_on_leaving_the_zone() {
    let r0 = rules("nbs/austerlitz-3");
    let mut r = r0.clone();
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(1); // an Allied battery for the test (see above)
    let mut s = empty(&r, Phase::Movement);
    let b = hex(&r, "B40.12");
    let west = Facing::corner(dir(Compass::NW));
    put(&mut s, gun, b, west, Formation::Unlimbered);
    let mover = id(&r, "1-1-4");
    let two_west = b.neighbor(dir(Compass::NW)).neighbor(dir(Compass::SW));
    put(
        &mut s,
        mover,
        two_west,
        Facing::side(dir(Compass::N)),
        Formation::Column,
    );
    assert!(r.in_cfz(&s, gun, two_west));
    // Turning in the zone never triggers (15.1h).
    let (s1, _) = apply(
        &r,
        &s,
        Action::Face {
            unit: mover,
            facing: Facing::side(dir(Compass::NW)).index(),
        },
    );
    assert!(s1.tasks.is_empty());
    // A step that stays inside the zone does not trigger (15.1b).
    let inside = two_west.neighbor(dir(Compass::N));
    assert!(r.in_cfz(&s, gun, inside));
    let (s2, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: mover,
            to: inside,
        },
    );
    assert!(s2.tasks.is_empty());
    // Leaving the zone opens the window for the non-phasing player: find a hex of the zone
    // with a neighbour outside it.
    let mut found = None;
    for at in r.board.hexes().filter(|h| h.distance(b) <= 3) {
        if !r.in_cfz(&s, gun, at) {
            continue;
        }
        for to in at.neighbors() {
            if r.board.on_map(to)
                && to != b
                && to.distance(b) > at.distance(b)
                && !r.in_cfz(&s, gun, to)
            {
                found = Some((at, to));
            }
        }
    }
    let (at, to) = found.expect("the zone has an edge");
    let mut s3 = s.clone();
    s3.units[usize::from(mover)].place = Place::At(at);
    s3.units[usize::from(mover)].facing = Facing::side(at.direction_to(to).unwrap());
    let (w, ev) = apply(&r, &s3, Action::Step { unit: mover, to });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::OpportunityOffered { .. }))
    );
    assert_eq!(r.actor(&w), Actor::Player(Side(1)));
    let mut v = Vec::new();
    r.legal_actions(&w, &mut v);
    assert_eq!(v, [Action::OpportunityFire, Action::Pass]);
    assert_eq!(
        w.units[usize::from(mover)].place,
        Place::At(at),
        "the step waits"
    );
    // Passing lets the step go on.
    let (p, _) = apply(&r, &w, Action::Pass);
    assert_eq!(p.units[usize::from(mover)].place, Place::At(to));
    // Firing resolves first (a fire roll); with no effect the step goes on (15.1d).
    let (f, _) = apply(&r, &w, Action::OpportunityFire);
    assert_eq!(r.actor(&f), Actor::Chance(Chance::Dice(DiceSpec::D66)));
    let (mut f, ev) = apply(&r, &f, d66(11));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FireResult { roll: 11, .. }))
    );
    // Whatever morale check follows, a 33 leaves the stack in good order.
    while let Actor::Chance(_) = r.actor(&f) {
        f = apply(&r, &f, d66(33)).0;
    }
    assert!(f.tasks.is_empty(), "{:?}", f.tasks);
    assert!(!matches!(
        f.units[usize::from(mover)].morale,
        MoraleState::Disorganized | MoraleState::Routed
    ));
    assert_eq!(f.units[usize::from(mover)].place, Place::At(to));
}

/// 15.1c: with `OpportunityFire` the firer shoots at the unit as it stands before its
/// formation change (the change waits for the fire); `OpportunityFireAfter` is the other
/// choice (next test).
#[test]
fn r15_1c_opportunity_fire_comes_before_the_change() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::Movement);
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(1);
    put(&mut s, gun, at, north(), Formation::Unlimbered);
    let u = id(&r, "1-1-4");
    let in_zone = n_of(at, 2);
    put(
        &mut s,
        u,
        in_zone,
        Facing::side(dir(Compass::S)),
        Formation::Column,
    );
    let (w, _) = apply(
        &r,
        &s,
        Action::Form {
            unit: u,
            formation: Formation::Line,
        },
    );
    let (f, ev) = apply(&r, &w, Action::OpportunityFire);
    assert!(ev.iter().any(|e| matches!(e, Event::FireDeclared { .. })));
    assert_eq!(
        f.units[usize::from(u)].formation,
        Formation::Column,
        "fired on in column"
    );
    let Some(crate::nbs::state::Task::FireRoll { decl, .. }) = f.tasks.last().cloned() else {
        panic!("{:?}", f.tasks)
    };
    assert!(
        r.fire_mods(&f, &decl, false)
            .contains(&crate::nbs::tables::FireMod::TargetColumn)
    );
    let (mut g, _) = apply(&r, &f, d66(11));
    while let crate::engine::Actor::Chance(_) = r.actor(&g) {
        g = apply(&r, &g, d66(33)).0;
    }
    assert_eq!(
        g.units[usize::from(u)].formation,
        Formation::Line,
        "then the change"
    );
}

/// A battery of the Allies (for the test) three hexes south of infantry `u` in column, which
/// is in its Close Fire Zone and faces away from it; the Movement Phase of the French.
fn column_in_a_zone(r: &mut Nbs) -> (State, UnitId, Hex) {
    let at = clear_spot(r, 3);
    let mut s = empty(r, Phase::Movement);
    let gun = id(r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(1);
    put(&mut s, gun, at, north(), Formation::Unlimbered);
    let u = id(r, "1-1-4");
    let in_zone = n_of(at, 2);
    put(
        &mut s,
        u,
        in_zone,
        Facing::side(dir(Compass::S)),
        Formation::Column,
    );
    assert!(r.in_cfz(&s, gun, in_zone));
    (s, u, in_zone)
}

/// Plays every fire roll, then every first roll of what follows (the morale check), taking
/// the first choice at any retreat and passing re-facings, until `want` holds of the settled
/// state; the state, or `None`.
fn first_outcome(r: &Nbs, f: &State, mut want: impl FnMut(&State) -> bool) -> Option<State> {
    let rolls: Vec<u32> = (0..36)
        .map(|i| u32::from(crate::nbs::types::Seq66::from_index(i).unwrap().value()))
        .collect();
    for &fr in &rolls {
        for &mr in &rolls {
            let mut g = apply(r, f, d66(fr)).0;
            for _ in 0..40 {
                match r.actor(&g) {
                    crate::engine::Actor::Chance(crate::engine::Chance::Dice(
                        crate::dice::DiceSpec::D66,
                    )) => {
                        g = apply(r, &g, d66(mr)).0;
                    }
                    crate::engine::Actor::Chance(_) | crate::engine::Actor::Player(_)
                        if !g.tasks.is_empty() =>
                    {
                        let mut v = Vec::new();
                        r.legal_actions(&g, &mut v);
                        let a = v
                            .iter()
                            .find(|a| matches!(a, Action::Pass))
                            .unwrap_or(&v[0])
                            .clone();
                        g = apply(r, &g, a).0;
                    }
                    _ => break,
                }
            }
            if g.tasks.is_empty() && want(&g) {
                return Some(g);
            }
        }
    }
    None
}

/// 15.1c: the firer may instead have the change made first and fire at the unit in its new
/// formation (`OpportunityFireAfter`, listed only in a window a formation change opened).
#[test]
fn r15_1c_firer_may_fire_after_the_change() {
    let mut r = rules("nbs/austerlitz-3");
    let (s, u, _) = column_in_a_zone(&mut r);
    let form = Action::Form {
        unit: u,
        formation: Formation::Line,
    };
    let (w, _) = apply(&r, &s, form);
    let mut v = Vec::new();
    r.legal_actions(&w, &mut v);
    assert_eq!(
        v,
        [
            Action::OpportunityFire,
            Action::OpportunityFireAfter,
            Action::Pass
        ]
    );
    let (f, ev) = apply(&r, &w, Action::OpportunityFireAfter);
    let formed = ev
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::Formed {
                    formation: Formation::Line,
                    ..
                }
            )
        })
        .expect("the change is made");
    let fired = ev
        .iter()
        .position(|e| matches!(e, Event::FireDeclared { .. }))
        .expect("then the fire");
    assert!(formed < fired);
    assert_eq!(f.units[usize::from(u)].formation, Formation::Line);
    let Some(crate::nbs::state::Task::FireRoll { decl, .. }) = f.tasks.last().cloned() else {
        panic!("{:?}", f.tasks)
    };
    let mods = r.fire_mods(&f, &decl, false);
    assert!(
        !mods.contains(&crate::nbs::tables::FireMod::TargetColumn),
        "fired on in line: {mods:?}"
    );
    // With no effect the unit keeps its line and its MPs; the change is not made twice.
    let g = first_outcome(&r, &f, |g| {
        g.units[usize::from(u)].morale == MoraleState::Normal
    })
    .expect("a roll without effect");
    assert_eq!(g.units[usize::from(u)].formation, Formation::Line);
    assert!(!g.units[usize::from(u)].has(flag::STOPPED));
    assert_eq!(g.units[usize::from(u)].spent, f.units[usize::from(u)].spent);
}

/// 15.1c: a step out of the zone opens a window without the "after" choice; naming it there
/// is refused.
#[test]
fn r15_1c_fire_after_only_at_a_formation_change() {
    let mut r = rules("nbs/austerlitz-3");
    let (s, u, in_zone) = column_in_a_zone(&mut r);
    let gun = id(&r, "4b(h-f)");
    // Facing north, away from the battery: the first hex north whose next step leaves the
    // zone.
    let mut s = s;
    s.units[usize::from(u)].facing = north();
    let mut at = in_zone;
    while r.in_cfz(&s, gun, n_of(at, 1)) {
        at = n_of(at, 1);
    }
    let to = n_of(at, 1);
    s.units[usize::from(u)].place = Place::At(at);
    let (w, _) = apply(&r, &s, Action::Step { unit: u, to });
    assert!(matches!(
        w.tasks.last(),
        Some(crate::nbs::state::Task::OpportunityWindow { .. })
    ));
    let mut v = Vec::new();
    r.legal_actions(&w, &mut v);
    assert_eq!(v, [Action::OpportunityFire, Action::Pass]);
    let e = r.applied(&w, &Action::OpportunityFireAfter).unwrap_err();
    assert_eq!(e.rule, "15.1c");
}

/// 15.1d with 15.1c "before": a target the fire drives back or routs still completes the
/// formation change it was making, and stops for the phase.
#[test]
fn r15_1d_change_still_made_when_the_fire_before_it_drives_the_target_back() {
    let mut r = rules("nbs/austerlitz-3");
    let (s, u, in_zone) = column_in_a_zone(&mut r);
    let form = Action::Form {
        unit: u,
        formation: Formation::Line,
    };
    let (w, _) = apply(&r, &s, form);
    let (f, _) = apply(&r, &w, Action::OpportunityFire);
    let g = first_outcome(&r, &f, |g| {
        let st = &g.units[usize::from(u)];
        st.hex().is_some_and(|h| h != in_zone) || st.morale == MoraleState::Routed
    })
    .expect("a fire and morale roll that drive the column back");
    let st = &g.units[usize::from(u)];
    assert_eq!(st.formation, Formation::Line, "the change still occurs");
    assert!(st.has(flag::STOPPED), "and the unit stops (15.1d)");
}

/// 15.1d with 15.1c "after": the change is already made; a target the fire drives back
/// (or leaves DG or Routed) keeps it and stops for the phase.
#[test]
fn r15_1d_fire_after_the_change_stops_a_target_driven_back() {
    let mut r = rules("nbs/austerlitz-3");
    let (s, u, in_zone) = column_in_a_zone(&mut r);
    let form = Action::Form {
        unit: u,
        formation: Formation::Line,
    };
    let (w, _) = apply(&r, &s, form);
    let (f, _) = apply(&r, &w, Action::OpportunityFireAfter);
    let g = first_outcome(&r, &f, |g| {
        let st = &g.units[usize::from(u)];
        st.hex().is_some_and(|h| h != in_zone)
            || matches!(st.morale, MoraleState::Disorganized | MoraleState::Routed)
    })
    .expect("a fire and morale roll driving the line back");
    let st = &g.units[usize::from(u)];
    assert_eq!(st.formation, Formation::Line);
    assert!(st.has(flag::STOPPED));
}

/// 15.1e: opportunity fire does not count as the battery's fire for the phase.
#[test]
fn r15_1e_opportunity_fire_leaves_the_phase_fire() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::Movement);
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(1);
    put(&mut s, gun, at, north(), Formation::Unlimbered);
    let u = id(&r, "1-1-4");
    let in_zone = n_of(at, 2);
    put(
        &mut s,
        u,
        in_zone,
        Facing::side(dir(Compass::S)),
        Formation::Column,
    );
    assert!(r.in_cfz(&s, gun, in_zone));
    // Forming line in the zone opens the window (15.1b).
    let (w, ev) = apply(
        &r,
        &s,
        Action::Form {
            unit: u,
            formation: Formation::Line,
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::OpportunityOffered { .. }))
    );
    let (f, _) = apply(&r, &w, Action::OpportunityFire);
    let (mut f, _) = apply(&r, &f, d66(11));
    while let crate::engine::Actor::Chance(_) = r.actor(&f) {
        f = apply(&r, &f, d66(33)).0;
    }
    assert!(!f.units[usize::from(gun)].has(flag::FIRED));
    // In the fire phase that follows, the battery fires as usual.
    f.phase = Phase::DefensiveFire;
    f.tasks.clear();
    assert!(r.may_fire(&f, gun, in_zone, false).is_ok());
    // A regular fire does use it (20.2b).
    let (g, _) = fire_up_to_the_roll(&r, &f, in_zone, None, &[gun]);
    assert!(g.units[usize::from(gun)].has(flag::FIRED));
}

/// 15.1f: a retreat out of a battery's Close Fire Zone never opens the window.
#[test]
fn r15_1f_retreats_never_draw_opportunity_fire() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 4);
    let mut s = empty(&r, Phase::OffensiveFire);
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(1);
    put(&mut s, gun, at, north(), Formation::Unlimbered);
    let u = id(&r, "1-1-4");
    let start = n_of(at, 3);
    put(
        &mut s,
        u,
        start,
        Facing::side(dir(Compass::S)),
        Formation::Column,
    );
    assert!(r.in_cfz(&s, gun, start));
    r.start_retreat(&mut s, start, at, 2, false, false);
    let mut all = Vec::new();
    let out = n_of(at, 4);
    assert!(!r.in_cfz(&s, gun, out));
    let (s, ev) = apply(&r, &s, Action::RetreatTo { hex: out });
    all.extend(ev);
    assert_eq!(s.units[usize::from(u)].place, Place::At(out));
    assert!(
        !all.iter()
            .any(|e| matches!(e, Event::OpportunityOffered { .. }))
    );
    assert!(
        !s.tasks
            .iter()
            .any(|t| matches!(t, crate::nbs::state::Task::OpportunityWindow { .. }))
    );
}

/// 15.1g: a square formed during a charge inside a Close Fire Zone draws the zone's
/// opportunity fire, which interrupts the charge; out of any zone, no window.
#[test]
fn r15_1g_square_formed_in_a_charge_draws_opportunity_fire() {
    let (r, s, at, target, _, def) = charge_setup();
    let gun = id(&r, "4b(h-f)");
    let path = charge_path(at);
    let spot = r
        .board
        .hexes()
        .filter(|h| {
            (2..=3).contains(&h.distance(target))
                && *h != at
                && !path.contains(h)
                && r.stack(&s, *h).is_empty()
        })
        .flat_map(|h| (0..12u8).map(move |f| (h, Facing::new(f).unwrap())))
        .find(|&(h, f)| {
            let mut t = s.clone();
            put(&mut t, gun, h, f, Formation::Unlimbered);
            r.in_cfz(&t, gun, target)
        })
        .expect("a battery position covering the target");
    let charge = Action::Charge {
        from: at,
        target,
        path,
    };
    let square = Action::AttemptSquare { hex: target };
    // Without the battery: the square roll comes at once.
    let (w, _) = apply(&r, &s, charge.clone());
    assert!(legal(&r, &w).contains(&square), "{:?}", legal(&r, &w));
    let (plain, ev) = apply(&r, &w, square.clone());
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::OpportunityOffered { .. }))
    );
    assert!(
        !plain
            .tasks
            .iter()
            .any(|t| matches!(t, crate::nbs::state::Task::OpportunityWindow { .. }))
    );
    // With it: the window opens for the battery's owner before the square roll.
    let mut s2 = s.clone();
    put(&mut s2, gun, spot.0, spot.1, Formation::Unlimbered);
    let (w, _) = apply(&r, &s2, charge);
    let (win, ev) = apply(&r, &w, square);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::OpportunityOffered { at, .. } if *at == target))
    );
    assert!(matches!(
        win.tasks.last(),
        Some(crate::nbs::state::Task::OpportunityWindow { movers, .. }) if movers == &alloc::vec![def]
    ));
    assert_eq!(r.actor(&win), crate::engine::Actor::Player(Side(0)));
    assert_eq!(legal(&r, &win), [Action::OpportunityFire, Action::Pass]);
    let (after, _) = apply(&r, &win, Action::Pass);
    assert!(matches!(
        after.tasks.last(),
        Some(crate::nbs::state::Task::Cavalry(
            crate::nbs::state::CavTask::SquareRoll { .. }
        ))
    ));
}
