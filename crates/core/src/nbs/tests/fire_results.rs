//! Fire combat terrain and results (20.3–20.6) and stragglers (21.x).

use super::kit::{
    apply, clear_spot, d66, dir, division_leader, empty, hex, id, legal, north, put, rules,
    two_lines_at_one,
};
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};
use crate::nbs::board::{Terrain, side as hs};
use crate::nbs::state::{Phase, Place, State, Task, UnitId};
use crate::nbs::types::{Formation, UnitKind};
use crate::nbs::{Action, Event, Nbs};
use alloc::vec::Vec;

/// 20.3a: the target hex's terrain gives its Fire Table line: town and walled farm
/// (protective), redoubt, skirmishers alone (in forest); clear ground none.
#[test]
fn r20_3a_terrain_fire_modifiers() {
    use crate::nbs::tables::FireMod;
    let mut r = rules("nbs/austerlitz-3");
    let (s, x, _) = two_lines_at_one(&r);
    let crate::nbs::state::Task::Declaring(d) = s.tasks.last().cloned().unwrap() else {
        panic!()
    };
    let terrain = [
        FireMod::TargetProtectedTerrain,
        FireMod::Redoubt,
        FireMod::TargetSkirmisherOnly,
        FireMod::TargetSkirmisherOnlyInForest,
        FireMod::TargetSkirmisherOnlyInProtectedTerrain,
    ];
    let clear = r.fire_mods(&s, &d, false);
    assert!(clear.iter().all(|m| !terrain.contains(m)), "{clear:?}");
    for (t, m) in [
        (Terrain::Town, FireMod::TargetProtectedTerrain),
        (Terrain::WalledFarm, FireMod::TargetProtectedTerrain),
        (Terrain::Redoubt, FireMod::Redoubt),
    ] {
        r.board.set_terrain(x, t);
        assert!(r.fire_mods(&s, &d, false).contains(&m), "{t:?}");
    }
    r.board.set_terrain(x, Terrain::Forest);
    assert!(
        r.fire_mods(&s, &d, false)
            .iter()
            .all(|m| !terrain.contains(m))
    );
}

/// 20.3c: the up-slope line applies only when every fire crosses a slope hexside uphill.
#[test]
fn r20_3c_slope_benefit_only_if_every_fire_crosses_it() {
    use crate::nbs::tables::FireMod;
    let r = rules("nbs/austerlitz-3");
    let (low, d) = r
        .board
        .hexes()
        .flat_map(|h| Direction::ALL.into_iter().map(move |d| (h, d)))
        .find(|&(h, d)| {
            let up = h.neighbor(d);
            r.board.on_map(up)
                && r.board.side(h, d) & hs::SLOPE != 0
                && r.board.hex(up).level > r.board.hex(h).level
                && !r.board.hex(up).special
                && r.board.hex(up).terrain == Terrain::Clear
                && {
                    let o = up.neighbor(d.rotate(1));
                    r.board.on_map(o)
                        && r.board.side(o, d.rotate(1).opposite()) & (hs::SLOPE | hs::EXTREME_SLOPE)
                            == 0
                }
        })
        .expect("an uphill slope hexside");
    let target = low.neighbor(d);
    let other = target.neighbor(d.rotate(1));
    let mut s = empty(&r, Phase::OffensiveFire);
    let a = id(&r, "2-1-1");
    let b = id(&r, "1-2-1");
    let t = id(&r, "Y2-1-L");
    put(&mut s, a, low, Facing::side(d), Formation::Line);
    put(
        &mut s,
        t,
        target,
        Facing::side(d.opposite()),
        Formation::Line,
    );
    put(
        &mut s,
        b,
        other,
        Facing::side(d.rotate(1).opposite()),
        Formation::Line,
    );
    let decl = |firers: Vec<UnitId>| crate::nbs::state::FireDecl {
        target,
        at_artillery: None,
        firers,
        shares: Vec::new(),
        close: false,
        opportunity: false,
        from: low,
    };
    assert!(
        r.fire_mods(&s, &decl(alloc::vec![a]), false)
            .contains(&FireMod::UpSlope)
    );
    assert!(
        !r.fire_mods(&s, &decl(alloc::vec![b]), false)
            .contains(&FireMod::UpSlope)
    );
    assert!(
        !r.fire_mods(&s, &decl(alloc::vec![a, b]), false)
            .contains(&FireMod::UpSlope),
        "one fire does not cross the slope"
    );
    // Downhill: no benefit for the target below.
    let mut s2 = empty(&r, Phase::OffensiveFire);
    put(
        &mut s2,
        a,
        target,
        Facing::side(d.opposite()),
        Formation::Line,
    );
    put(&mut s2, t, low, Facing::side(d), Formation::Line);
    let down = crate::nbs::state::FireDecl {
        target: low,
        at_artillery: None,
        firers: alloc::vec![a],
        shares: Vec::new(),
        close: false,
        opportunity: false,
        from: target,
    };
    assert!(!r.fire_mods(&s2, &down, false).contains(&FireMod::UpSlope));
}

/// 20.3c at range: the up-slope line applies when every fire, adjacent or not, comes into
/// the target across slope hexsides climbing to it (where the traced line enters the target
/// hex); not when one fire enters across a plain side, nor for fire from higher ground.
#[test]
fn r20_3c_slope_counts_for_fire_at_range_entering_across_it() {
    use crate::nbs::tables::FireMod;
    let mut r = rules("nbs/austerlitz-3");
    let target = clear_spot(&r, 4);
    let base = r.board.hex(target).level;
    let d = Direction::ALL[0];
    // The target stands one level up, with slopes on its three sides toward d-1, d, d+1.
    r.board.set_level(target, base + 1);
    for k in [-1i8, 0, 1] {
        r.board.add_side_bits(target, d.rotate(k), hs::SLOPE);
    }
    let front = target.neighbor(d);
    let far = front.neighbor(d).neighbor(d); // three hexes out, straight through `front`
    let back = target.neighbor(d.opposite()).neighbor(d.opposite()); // two out, no slope
    let mut s = empty(&r, Phase::OffensiveFire);
    let t = id(&r, "Y2-1-L");
    let a = id(&r, "2-1-1");
    let guns: Vec<UnitId> = (0..r.units.len() as UnitId)
        .filter(|&u| {
            r.units[usize::from(u)].side == Side(0)
                && r.units[usize::from(u)].kind == UnitKind::Artillery
        })
        .take(2)
        .collect();
    put(&mut s, t, target, Facing::side(d), Formation::Line);
    put(
        &mut s,
        a,
        front,
        Facing::side(d.opposite()),
        Formation::Line,
    );
    put(
        &mut s,
        guns[0],
        far,
        Facing::side(d.opposite()),
        Formation::Unlimbered,
    );
    put(
        &mut s,
        guns[1],
        back,
        Facing::side(d),
        Formation::Unlimbered,
    );
    assert_eq!(
        crate::nbs::fire::los::entry_neighbours(far, target),
        alloc::vec![front]
    );
    let decl = |firers: Vec<UnitId>, from: Hex| crate::nbs::state::FireDecl {
        target,
        at_artillery: None,
        firers,
        shares: Vec::new(),
        close: false,
        opportunity: false,
        from,
    };
    let up = |r: &Nbs, x: &crate::nbs::state::FireDecl| {
        r.fire_mods(&s, x, false).contains(&FireMod::UpSlope)
    };
    assert!(up(&r, &decl(alloc::vec![a], front)), "adjacent, as before");
    assert!(
        up(&r, &decl(alloc::vec![guns[0]], far)),
        "at range across the slope"
    );
    assert!(
        up(&r, &decl(alloc::vec![a, guns[0]], front)),
        "every fire crosses a slope"
    );
    assert!(
        !up(&r, &decl(alloc::vec![guns[1]], back)),
        "across a plain side"
    );
    assert!(
        !up(&r, &decl(alloc::vec![guns[0], guns[1]], far)),
        "one fire does not cross the slope"
    );
    // Fire from higher ground is not up-slope fire, whatever side it enters by.
    r.board.set_level(far, base + 3);
    assert!(!up(&r, &decl(alloc::vec![guns[0]], far)));
}

/// 20.3c: a redoubt hex is a closed work (all-round front, 13.0a): every fire into it
/// crosses the work, so its line applies from every side and at any range, with no hexside
/// test (the reading recorded in docs/coverage/nbs.md).
#[test]
fn r20_3c_redoubt_hex_counts_from_every_side() {
    use crate::nbs::tables::FireMod;
    let mut r = rules("nbs/austerlitz-3");
    let target = clear_spot(&r, 4);
    r.board.set_terrain(target, Terrain::Redoubt);
    let mut s = empty(&r, Phase::OffensiveFire);
    let t = id(&r, "Y2-1-L");
    put(&mut s, t, target, north(), Formation::Line);
    let a = id(&r, "2-1-1");
    for d in Direction::ALL {
        for k in 1..=3u32 {
            let from = (0..k).fold(target, |x, _| x.neighbor(d));
            let mut s2 = s.clone();
            put(
                &mut s2,
                a,
                from,
                Facing::side(d.opposite()),
                Formation::Line,
            );
            let x = crate::nbs::state::FireDecl {
                target,
                at_artillery: None,
                firers: alloc::vec![a],
                shares: Vec::new(),
                close: false,
                opportunity: false,
                from,
            };
            assert!(r.fire_mods(&s2, &x, false).contains(&FireMod::Redoubt));
        }
    }
}

/// 20.3a, 20.3c: a Line target behind a sunken road hexside gets the -2 only when every fire
/// comes in across sunken road hexsides (adjacent or at range); a Column target never.
#[test]
fn r20_3c_sunken_road_counts_only_if_every_fire_crosses_it() {
    use crate::nbs::tables::FireMod;
    let mut r = rules("nbs/austerlitz-3");
    let target = clear_spot(&r, 4);
    let d = Direction::ALL[0];
    // Sunken road along the target's three sides toward d-1, d, d+1.
    for k in [-1i8, 0, 1] {
        r.board.add_side_bits(target, d.rotate(k), hs::SUNKEN_ROAD);
    }
    let front = target.neighbor(d);
    let side_hex = target.neighbor(d.rotate(3)); // the opposite side: no sunken road
    let far = front.neighbor(d).neighbor(d); // three hexes out, straight through `front`
    let mut s = empty(&r, Phase::OffensiveFire);
    let (a, b, t) = (id(&r, "2-1-1"), id(&r, "1-2-1"), id(&r, "Y2-1-L"));
    put(&mut s, t, target, Facing::side(d), Formation::Line);
    put(
        &mut s,
        a,
        front,
        Facing::side(d.opposite()),
        Formation::Line,
    );
    put(&mut s, b, side_hex, Facing::side(d), Formation::Line);
    let decl = |firers: Vec<UnitId>, from: Hex| crate::nbs::state::FireDecl {
        target,
        at_artillery: None,
        firers,
        shares: Vec::new(),
        close: false,
        opportunity: false,
        from,
    };
    let has = |s: &State, x: &crate::nbs::state::FireDecl| {
        r.fire_mods(s, x, false)
            .contains(&FireMod::SunkenRoadOrTrench)
    };
    assert!(has(&s, &decl(alloc::vec![a], front)));
    assert!(!has(&s, &decl(alloc::vec![b], side_hex)));
    assert!(
        !has(&s, &decl(alloc::vec![a, b], front)),
        "one fire does not cross the sunken road"
    );
    // At range the line enters across the sunken side too.
    let gun = (0..r.units.len() as UnitId)
        .find(|&u| {
            r.units[usize::from(u)].side == Side(0)
                && r.units[usize::from(u)].kind == crate::nbs::types::UnitKind::Artillery
        })
        .unwrap();
    put(
        &mut s,
        gun,
        far,
        Facing::side(d.opposite()),
        Formation::Unlimbered,
    );
    assert_eq!(
        crate::nbs::fire::los::entry_neighbours(far, target),
        alloc::vec![front]
    );
    assert!(has(&s, &decl(alloc::vec![gun], far)));
    // A column behind it has no cover.
    s.units[usize::from(t)].formation = Formation::Column;
    assert!(!has(&s, &decl(alloc::vec![a], front)));
}

#[test]
fn r20_4_example_1_two_a_lines_column_4_roll_46() {
    let r = rules("nbs/austerlitz-3");
    let (s, x, t) = two_lines_at_one(&r);
    let (s, ev) = apply(&r, &s, Action::Resolve);
    let declared = ev.iter().find_map(|e| match e {
        Event::FireDeclared {
            fire_points,
            column,
            shift,
            ..
        } => Some((*fire_points, *column, *shift)),
        _ => None,
    });
    assert_eq!(
        declared,
        Some((16, 4, 0)),
        "4 fire points (in quarters: 16), no shift, column 4"
    );
    assert_eq!(r.actor(&s), Actor::Chance(Chance::Dice(DiceSpec::D66)));
    let (s, ev) = apply(&r, &s, d66(46));
    assert!(ev.iter().any(
        |e| matches!(e, Event::Losses { unit, casualties: 1, stragglers: 1, .. } if *unit == t)
    ));
    // 20.4a: every numeric result calls for a morale check.
    assert!(matches!(s.tasks.last(), Some(Task::Morale(c)) if c.hex == x));
    // 20.6: one casualty and one straggler on A1 B4 C3 leave the brigade at B.
    assert_eq!(r.fire_level(&s, t), crate::nbs::types::FireLevel::A);
    assert_eq!(s.casualty_track[1], 1, "1.1f: casualties only");
}

/// 20.4d: a fire roll of 55 or 66 strikes a leader in the target hex, chosen at random
/// when there are several; other rolls strike none.
#[test]
fn r20_4d_55_or_66_strikes_a_leader_in_the_hex() {
    let r = rules("nbs/austerlitz-3");
    let (s, x, t) = two_lines_at_one(&r);
    let leaders: Vec<UnitId> = (0..r.units.len() as UnitId)
        .filter(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(1) && i.kind == UnitKind::Leader
        })
        .take(2)
        .collect();
    let mut one = s.clone();
    put(&mut one, leaders[0], x, north(), Formation::None);
    let (f, _) = apply(&r, &one, Action::Resolve);
    let (_, ev) = apply(&r, &f, d66(54));
    assert!(!ev.iter().any(|e| matches!(e, Event::LeaderLost { .. })));
    let (_, ev) = apply(&r, &f, d66(55));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::LeaderLost { unit } if *unit == leaders[0]))
    );
    let mut two = one.clone();
    put(&mut two, leaders[1], x, north(), Formation::None);
    let (f, _) = apply(&r, &two, Action::Resolve);
    let (f, _) = apply(&r, &f, d66(66));
    assert_eq!(
        r.actor(&f),
        crate::engine::Actor::Chance(crate::engine::Chance::Draw)
    );
    let (g, ev) = apply(&r, &f, Action::Pick(1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::LeaderLost { unit } if *unit == leaders[1]))
    );
    assert_eq!(g.units[usize::from(leaders[0])].place, Place::At(x));
    let _ = t;
}

#[test]
fn r20_6_loss_chart_example_wrecks_brigade_and_division() {
    // 20.6: row A1 B4 C3 with the wreck mark after the third box, in a division whose
    // wrecked line is one brigade.
    let mut r = rules("nbs/austerlitz-3");
    let u = id(&r, "1-2-1");
    r.units[usize::from(u)].wreck_boxes = 3;
    let div = r.units[usize::from(u)].wreck_division.clone();
    r.divisions.retain(|d| d.0 != div);
    r.divisions.push((div.clone(), 1));
    let mut s = empty(&r, Phase::OffensiveFire);
    put(
        &mut s,
        u,
        hex(&r, "B40.12"),
        Facing::side(dir(Compass::N)),
        Formation::Line,
    );
    let mut ev = Vec::new();
    r.add_losses(&mut s, u, 1, 1, &mut ev);
    assert_eq!(
        r.fire_level(&s, u),
        crate::nbs::types::FireLevel::B,
        "one X and one / leave B"
    );
    assert!(!r.wrecked(&s, u));
    r.add_losses(&mut s, u, 1, 0, &mut ev);
    assert_eq!(
        (
            s.units[usize::from(u)].casualties,
            s.units[usize::from(u)].stragglers
        ),
        (2, 1)
    );
    assert!(r.wrecked(&s, u), "three boxes filled: wrecked (20.6a)");
    assert!(r.division_wrecked(&s, &div), "20.6b");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Wrecked { wrecked: true, .. }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DivisionWrecked { wrecked: true, .. }))
    );
}

/// 21.2: an eliminated infantry brigade with stragglers may try to recover them; if any come
/// back, its owner places it in a hex that meets the recovery conditions (4 hexes from the
/// enemy, within command radius, a hex it could stand in), in Normal state.
#[test]
fn r21_2_eliminated_unit_returns_through_straggler_recovery() {
    use crate::nbs::types::MoraleState;
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Recovery);
    let u = id(&r, "2-1-1");
    let leader = division_leader(&r, u);
    let at = clear_spot(&r, 4);
    put(&mut s, leader, at, north(), Formation::None);
    let boxes = r.units[usize::from(u)].boxes;
    {
        let st = &mut s.units[usize::from(u)];
        st.place = Place::Gone;
        st.casualties = boxes - 2;
        st.stragglers = 2;
        st.morale = MoraleState::Routed;
    }
    assert!(r.may_recover(&s, u), "21.2: an eliminated unit may try");
    let (mut s, _) = apply(&r, &s, Action::Recover { unit: u });
    // The first table result that brings back at least one straggler.
    let rolls = legal(&r, &s);
    let back = rolls
        .iter()
        .map(|a| apply(&r, &s, a.clone()))
        .find(|(t, _)| t.units[usize::from(u)].stragglers < 2)
        .expect("some roll recovers a straggler");
    s = back.0;
    assert_eq!(s.tasks.last(), Some(&Task::Returning { unit: u }));
    assert_eq!(r.actor(&s), Actor::Player(Side(0)));
    let places = legal(&r, &s);
    assert!(!places.is_empty());
    for a in &places {
        let Action::Place { hex, .. } = a else {
            panic!("only placements: {a:?}")
        };
        assert!(
            r.enemy_distance(&s, *hex, Side(0)).is_none_or(|d| d >= 4),
            "21.2a"
        );
        assert!(hex.distance(at) <= 16, "21.2c: near the division leader");
    }
    // Far from the leader (out of radius) is refused naming 21.2.
    let far = r
        .board
        .hexes()
        .find(|h| h.distance(at) > 20)
        .expect("a far hex");
    let e = r
        .applied(&s, &Action::Place { unit: u, hex: far })
        .unwrap_err();
    assert_eq!(e.rule, "21.2");
    let (s, ev) = apply(&r, &s, Action::Place { unit: u, hex: at });
    assert_eq!(s.units[usize::from(u)].place, Place::At(at));
    assert_eq!(s.units[usize::from(u)].morale, MoraleState::Normal);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Returned { unit, .. } if *unit == u))
    );
    assert!(s.tasks.is_empty());
    // Tried once per turn, like any unit (21.2).
    assert!(!r.may_recover(&s, u));
    // Without stragglers there is nothing to recover.
    let mut t = empty(&r, Phase::Recovery);
    put(&mut t, leader, at, north(), Formation::None);
    t.units[usize::from(u)].place = Place::Gone;
    t.units[usize::from(u)].casualties = boxes;
    assert!(!r.may_recover(&t, u));
}

/// 21.2: the conditions of straggler recovery, (c) among them: the brigade must be within its
/// division leader's command radius (10.5a, 4 leader MPs), so moving the leader away takes
/// the roll away.
#[test]
fn r21_2c_straggler_recovery_needs_command_radius() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Rally);
    let u = id(&r, "2-1-1");
    let leader = division_leader(&r, u);
    let at = hex(&r, "B40.12");
    put(
        &mut s,
        u,
        at,
        Facing::side(dir(Compass::N)),
        Formation::Line,
    );
    s.units[usize::from(u)].stragglers = 1;
    put(
        &mut s,
        leader,
        at,
        Facing::side(dir(Compass::N)),
        Formation::None,
    );
    assert!(r.may_recover(&s, u), "(a)-(f) hold");
    // (d): nothing to recover.
    s.units[usize::from(u)].stragglers = 0;
    assert!(!r.may_recover(&s, u));
    s.units[usize::from(u)].stragglers = 1;
    // (e): it spent MPs this turn.
    s.units[usize::from(u)].flags |= crate::nbs::state::flag::MOVED;
    assert!(!r.may_recover(&s, u));
    s.units[usize::from(u)].flags = 0;
    // (c): the leader 10 hexes away.
    let mut far = at;
    for _ in 0..10 {
        far = far.neighbor(dir(Compass::S));
    }
    put(
        &mut s,
        leader,
        far,
        Facing::side(dir(Compass::N)),
        Formation::None,
    );
    assert!(!r.may_recover(&s, u), "21.2c: out of command radius");
}
