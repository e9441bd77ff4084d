//! Dedicated tests for single rule cases (docs/coverage/nbs.md), in rulebook order: each
//! drives the engine with actions and scripted dice and checks the case's effect, with a
//! refusal or boundary where the case has one.

use alloc::vec::Vec;

use super::board::{Terrain, side as hs};
use super::state::{Phase, Place, State, UnitId, flag};
use super::tables::MoveClass;
use super::tests::{apply, d66, dir, empty, id, put, rules};
use super::types::{Formation, MoraleState, UnitKind};
use super::{Action, Event, Nbs};
use crate::engine::{Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};

/// A hex whose surroundings to `radius` hexes are in play, clear, not special, level with it
/// and free of hexside features, so a test can lay out the terrain it needs.
fn clear_spot(r: &Nbs, radius: u32) -> Hex {
    r.board
        .hexes()
        .find(|&h| {
            let level = r.board.hex(h).level;
            r.board
                .grid
                .hexes()
                .into_iter()
                .filter(|x| x.distance(h) <= radius)
                .all(|x| {
                    let i = r.board.hex(x);
                    i.on_map
                        && i.terrain == Terrain::Clear
                        && !i.special
                        && i.level == level
                        && i.edge_dist > 0
                        && Direction::ALL.iter().all(|&d| r.board.side(x, d) == 0)
                })
        })
        .expect("a clear stretch of map")
}

fn north() -> Facing {
    Facing::side(dir(Compass::N))
}

fn n_of(h: Hex, k: u32) -> Hex {
    (0..k).fold(h, |x, _| x.neighbor(dir(Compass::N)))
}

fn legal(r: &Nbs, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    r.legal_actions(s, &mut v);
    v
}

fn moved_cost(ev: &[Event]) -> u16 {
    ev.iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a step")
}

fn halves(c: super::tables::MoveCost) -> u16 {
    match c {
        super::tables::MoveCost::Halves(h) => u16::from(h),
        other => panic!("not a number of MPs: {other:?}"),
    }
}

/// The Movement Chart cost of the hex terrain `t` for `class`, in half MPs.
fn hex_cost(r: &Nbs, class: MoveClass, t: Terrain) -> u16 {
    halves(r.tables.hex_cost(class, r.terrain_idx(t)))
}

/// The Movement Chart cost of the hexside feature `bit` for `class`, in half MPs.
fn side_cost(r: &Nbs, class: MoveClass, bit: u16) -> u16 {
    halves(r.tables.hexside_cost(class, r.feature_idx(bit).unwrap()))
}

fn first_infantry(r: &Nbs, side: Side) -> UnitId {
    (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Infantry && i.parent.is_none()
        })
        .unwrap()
}

fn first_cavalry(r: &Nbs, side: Side) -> UnitId {
    (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Cavalry && !i.heavy
        })
        .unwrap()
}

/// 1.1c: a unit may not step off the map; the refusal names the case.
#[test]
fn r1_1c_units_cannot_exit_the_map() {
    let r = rules("nbs/austerlitz-3");
    let (edge, d) = r
        .board
        .hexes()
        .flat_map(|h| Direction::ALL.into_iter().map(move |d| (h, d)))
        .find(|&(h, d)| {
            !r.board.on_map(h.neighbor(d))
                && r.board.hex(h).terrain == Terrain::Clear
                && !r.board.hex(h).special
        })
        .expect("an edge hex");
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, edge, Facing::side(d), Formation::Column);
    let off = edge.neighbor(d);
    assert!(!legal(&r, &s).contains(&Action::Step { unit: u, to: off }));
    let e = r
        .applied(&s, &Action::Step { unit: u, to: off })
        .unwrap_err();
    assert_eq!(e.rule, "1.1c", "{e}");
    // A retreat is never offered the off-map hex: with the threat on the inner side and no
    // other hex farther from it, the stack routs (25.3a) rather than being destroyed.
    let threat = edge.neighbor(d.opposite());
    let mut s2 = s.clone();
    r.start_retreat(&mut s2, edge, threat, 1, false, false);
    let super::state::Task::Retreat(rt) = s2.tasks.last().cloned().unwrap() else {
        panic!()
    };
    assert!(!r.retreat_options(&s2, &rt).contains(&off));
}

/// 1.1e: a reinforcement whose entry hex the enemy holds enters at an enemy-free edge hex
/// within 10 hexes of it; the blocked hex itself is refused.
#[test]
fn r1_1e_blocked_entry_hex_enters_nearby_on_the_edge() {
    let r = rules("nbs/austerlitz-3");
    let a = r
        .arrivals
        .iter()
        .find(|a| {
            r.units[usize::from(a.unit)].side == Side(0) && r.units[usize::from(a.unit)].combat()
        })
        .expect("a French reinforcement")
        .clone();
    let mut s = empty(&r, Phase::Movement);
    s.turn = a.turn;
    let open = legal(&r, &s);
    assert!(open.contains(&Action::Enter {
        unit: a.unit,
        hex: a.hex
    }));
    let blocker = first_infantry(&r, Side(1));
    put(&mut s, blocker, a.hex, north(), Formation::Line);
    let v = legal(&r, &s);
    let entries: Vec<Hex> = v
        .iter()
        .filter_map(|x| match x {
            Action::Enter { unit, hex } if *unit == a.unit => Some(*hex),
            _ => None,
        })
        .collect();
    assert!(!entries.is_empty(), "another edge hex is offered");
    for h in &entries {
        assert_ne!(*h, a.hex);
        assert!(h.distance(a.hex) <= 10);
        assert_eq!(r.board.hex(*h).edge_dist, 0, "an edge hex");
    }
    let e = r
        .applied(
            &s,
            &Action::Enter {
                unit: a.unit,
                hex: a.hex,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "16.4");
    let (s2, _) = apply(
        &r,
        &s,
        Action::Enter {
            unit: a.unit,
            hex: entries[0],
        },
    );
    assert_eq!(s2.units[usize::from(a.unit)].place, Place::At(entries[0]));
}

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
        r.formations_open(&s, inf),
        [Formation::Column, Formation::Square]
    );
    assert_eq!(r.formations_open(&s, gun), [Formation::Unlimbered]);
    assert!(r.formations_open(&s, cav).is_empty());
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
    assert!(r.formations_open(&s, inf).is_empty());
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
    assert_eq!(r.formations_open(&s, u), [Formation::Column]);
    let e = r.applied(&s, &square).unwrap_err();
    assert_eq!(e.rule, "11.6a", "{e}");
    s.units[usize::from(u)].morale = MoraleState::Routed;
    assert!(r.form_cost(&s, u, Formation::Square).is_err());
    assert!(r.formations_open(&s, u).is_empty());
    // Artillery never forms square.
    let gun = id(&r, "4b(h-f)");
    put(
        &mut s,
        gun,
        n_of(at, 1).neighbor(dir(Compass::NE)),
        north(),
        Formation::Limbered,
    );
    assert!(!r.formations_open(&s, gun).contains(&Formation::Square));
    // Cavalry never forms square.
    let cav = first_cavalry(&r, Side(0));
    put(&mut s, cav, n_of(at, 1), north(), Formation::Combat);
    assert!(!r.formations_open(&s, cav).contains(&Formation::Square));
}

/// 12.2: each unit of a stack moves with its own allowance; moving one spends nothing of the
/// others', and the unit entering a hex goes to the bottom of the stack there.
#[test]
fn r12_2_stacked_units_move_on_their_own_mps() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let mut s = empty(&r, Phase::Movement);
    let a = id(&r, "1-1-4");
    let b = id(&r, "2-1-4");
    let c = id(&r, "3-1-4");
    put(&mut s, a, at, north(), Formation::Column);
    put(&mut s, b, at, north(), Formation::Column);
    put(&mut s, c, n_of(at, 1), north(), Formation::Column);
    s.next_order = 100;
    let (s, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: a,
            to: n_of(at, 1),
        },
    );
    assert!(moved_cost(&ev) > 0);
    assert_eq!(s.units[usize::from(b)].spent, 0, "b spent nothing");
    assert_eq!(r.allowance(&s, b), r.allowance(&s, a));
    assert_eq!(
        r.stack(&s, n_of(at, 1)),
        [c, a],
        "the newcomer at the bottom"
    );
    // b still moves its whole allowance from the old hex.
    let (s, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: b,
            to: n_of(at, 1),
        },
    );
    assert_eq!(s.units[usize::from(b)].spent, s.units[usize::from(a)].spent);
    assert_eq!(r.stack(&s, n_of(at, 1)), [c, a, b]);
}

/// 13.2b: a unit entering a stack pays for turning to the stack's facing, and cannot enter
/// without those MPs.
#[test]
fn r13_2b_entering_a_stack_pays_to_match_its_facing() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let mut s = empty(&r, Phase::Movement);
    let a = id(&r, "1-1-4");
    let b = id(&r, "2-1-4");
    put(&mut s, a, at, north(), Formation::Column);
    let into = n_of(at, 1);
    // Into an empty hex: the clear cost, facing kept.
    let (plain, ev) = apply(&r, &s, Action::Step { unit: a, to: into });
    let base = moved_cost(&ev);
    assert_eq!(
        base,
        hex_cost(&r, MoveClass::InfantryColumn, Terrain::Clear)
    );
    assert_eq!(plain.units[usize::from(a)].facing, north());
    // Into b's hex, b facing two hexsides round: 2 MP more, and a takes b's facing.
    let b_face = Facing::side(dir(Compass::SE));
    put(&mut s, b, into, b_face, Formation::Line);
    let (joined, ev) = apply(&r, &s, Action::Step { unit: a, to: into });
    assert_eq!(moved_cost(&ev), base + 4);
    assert_eq!(joined.units[usize::from(a)].facing, b_face);
    // Without the MPs for the turn, the step is refused.
    let ma = r.allowance(&s, a);
    s.units[usize::from(a)].spent = ma - base - 2;
    assert!(!legal(&r, &s).contains(&Action::Step { unit: a, to: into }));
    let e = r
        .applied(&s, &Action::Step { unit: a, to: into })
        .unwrap_err();
    assert_eq!(e.rule, "16.1", "{e}");
}

/// 13.2c: along a road the facing costs nothing (not even the 13.2a doubling) and the unit
/// ends facing along the road.
#[test]
fn r13_2c_road_step_ignores_facing_and_faces_along_the_road() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let ne = dir(Compass::NE);
    r.board.add_side_bits(at, ne, hs::PRIMARY_ROAD);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    // Facing north: the NE hex is not through the centre front.
    put(&mut s, u, at, north(), Formation::Column);
    let (s2, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: u,
            to: at.neighbor(ne),
        },
    );
    let road = halves(
        r.tables
            .road_cost(
                MoveClass::InfantryColumn,
                r.feature_idx(hs::PRIMARY_ROAD).unwrap(),
            )
            .unwrap(),
    );
    assert_eq!(moved_cost(&ev), road, "no doubling along the road");
    assert_eq!(s2.units[usize::from(u)].facing, Facing::side(ne));
    // Off the road the same side step is doubled (13.2a) and the facing kept.
    let nw = dir(Compass::NW);
    let (s3, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: u,
            to: at.neighbor(nw),
        },
    );
    assert_eq!(
        moved_cost(&ev),
        2 * hex_cost(&r, MoveClass::InfantryColumn, Terrain::Clear)
    );
    assert_eq!(s3.units[usize::from(u)].facing, north());
}

/// 16.1d: allowances are each unit's own and start afresh each Movement Phase.
#[test]
fn r16_1d_allowances_are_per_unit_and_not_saved() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let mut s = empty(&r, Phase::Movement);
    let a = id(&r, "1-1-4");
    let b = id(&r, "2-1-4");
    put(&mut s, a, at, north(), Formation::Column);
    put(&mut s, b, n_of(at, 2), north(), Formation::Column);
    let (mut s, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: a,
            to: n_of(at, 1),
        },
    );
    let spent = s.units[usize::from(a)].spent;
    assert!(spent > 0);
    assert_eq!(s.units[usize::from(b)].spent, 0);
    // The next Movement Phase: a has its whole allowance again, nothing carried over.
    s.phase = Phase::Movement;
    r.enter_phase(&mut s, &mut Vec::new());
    assert_eq!(s.units[usize::from(a)].spent, 0);
    assert_eq!(r.allowance(&s, a), r.allowance(&s, b));
}

/// 16.1e: a unit that has not moved may always enter one adjacent hex, however dear, but
/// not a prohibited one, and not once it has spent MPs.
#[test]
fn r16_1e_one_hex_minimum_move() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let nw = at.neighbor(dir(Compass::NW));
    let ne = at.neighbor(dir(Compass::NE));
    r.board.set_terrain(nw, Terrain::Forest);
    r.board.set_terrain(ne, Terrain::Lake);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Line);
    let ma = r.allowance(&s, u);
    // Off the centre front the forest costs double (13.2a): more than the whole allowance.
    let forest = 2 * hex_cost(&r, MoveClass::InfantryLine, Terrain::Forest);
    assert!(forest > ma, "{forest} > {ma}");
    let step = Action::Step { unit: u, to: nw };
    assert!(legal(&r, &s).contains(&step));
    let (s2, _) = apply(&r, &s, step.clone());
    assert_eq!(s2.units[usize::from(u)].place, Place::At(nw));
    assert!(
        s2.units[usize::from(u)].spent >= ma,
        "the whole allowance is used"
    );
    // Not into prohibited terrain.
    let e = r
        .applied(&s, &Action::Step { unit: u, to: ne })
        .unwrap_err();
    assert_eq!(e.rule, "16.2c", "{e}");
    // Having moved, the unit pays in full.
    s.units[usize::from(u)].spent = 1;
    assert!(!legal(&r, &s).contains(&step));
    assert_eq!(r.applied(&s, &step).unwrap_err().rule, "16.1");
}

/// 16.2a: following a road the unit pays the road rate instead of the hex's terrain; a line
/// never uses roads, and a step not along the road pays the terrain.
#[test]
fn r16_2a_road_rate_replaces_the_terrain_cost() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let into = n_of(at, 1);
    r.board.set_terrain(into, Terrain::Forest);
    r.board
        .add_side_bits(at, dir(Compass::N), hs::SECONDARY_ROAD);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Column);
    let road = halves(
        r.tables
            .road_cost(
                MoveClass::InfantryColumn,
                r.feature_idx(hs::SECONDARY_ROAD).unwrap(),
            )
            .unwrap(),
    );
    let forest_col = hex_cost(&r, MoveClass::InfantryColumn, Terrain::Forest);
    assert_ne!(road, forest_col);
    let (_, ev) = apply(&r, &s, Action::Step { unit: u, to: into });
    assert_eq!(moved_cost(&ev), road);
    // A line pays the forest.
    s.units[usize::from(u)].formation = Formation::Line;
    let (_, ev) = apply(&r, &s, Action::Step { unit: u, to: into });
    assert_eq!(
        moved_cost(&ev),
        hex_cost(&r, MoveClass::InfantryLine, Terrain::Forest)
    );
    // From the forest hex onward, across a side without road: the terrain cost.
    let mut s2 = empty(&r, Phase::Movement);
    put(&mut s2, u, into, north(), Formation::Column);
    let (_, ev) = apply(
        &r,
        &s2,
        Action::Step {
            unit: u,
            to: n_of(at, 2),
        },
    );
    assert_eq!(
        moved_cost(&ev),
        hex_cost(&r, MoveClass::InfantryColumn, Terrain::Clear)
    );
}

/// 16.2b: a hexside feature adds to the hex's cost; a bridge replaces the water it spans
/// (and a line may not use it, 11.2).
#[test]
fn r16_2b_hexside_costs_add_to_the_hex() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let n = dir(Compass::N);
    r.board.add_side_bits(at, n, hs::STREAM);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Column);
    let clear = hex_cost(&r, MoveClass::InfantryColumn, Terrain::Clear);
    let stream = side_cost(&r, MoveClass::InfantryColumn, hs::STREAM);
    assert!(stream > 0);
    let (_, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: u,
            to: n_of(at, 1),
        },
    );
    assert_eq!(moved_cost(&ev), clear + stream);
    let mut rb = r.clone();
    rb.board.add_side_bits(at, n, hs::BRIDGE);
    let bridge = side_cost(&rb, MoveClass::InfantryColumn, hs::BRIDGE);
    let (_, ev) = apply(
        &rb,
        &s,
        Action::Step {
            unit: u,
            to: n_of(at, 1),
        },
    );
    assert_eq!(
        moved_cost(&ev),
        clear + bridge,
        "the bridge, not the stream"
    );
    s.units[usize::from(u)].formation = Formation::Line;
    let e = rb
        .applied(
            &s,
            &Action::Step {
                unit: u,
                to: n_of(at, 1),
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "11.2", "{e}");
}

/// 16.2c: prohibited hexes are never entered, and a retreat is never offered one.
#[test]
fn r16_2c_prohibited_terrain_is_not_entered() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let lake = n_of(at, 1);
    r.board.set_terrain(lake, Terrain::Lake);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Column);
    assert!(!legal(&r, &s).contains(&Action::Step { unit: u, to: lake }));
    let e = r
        .applied(&s, &Action::Step { unit: u, to: lake })
        .unwrap_err();
    assert_eq!(e.rule, "16.2c", "{e}");
    let threat = at.neighbor(dir(Compass::S));
    r.start_retreat(&mut s, at, threat, 1, false, false);
    let Some(super::state::Task::Retreat(rt)) = s.tasks.last().cloned() else {
        panic!()
    };
    let opts = r.retreat_options(&s, &rt);
    assert!(!opts.contains(&lake), "{opts:?}");
    assert!(!opts.is_empty());
}

/// 16.2e: a hexside that is both an elevation change and a slope costs the dearer of the
/// two, not both.
#[test]
fn r16_2e_elevation_and_slope_cost_only_the_dearer() {
    let r = rules("nbs/austerlitz-3");
    let (from, d) = r
        .board
        .hexes()
        .flat_map(|h| Direction::ALL.into_iter().map(move |d| (h, d)))
        .find(|&(h, d)| {
            let to = h.neighbor(d);
            r.board.on_map(to)
                && r.board.side(h, d) == hs::SLOPE
                && r.board.hex(h).level != r.board.hex(to).level
                && r.board.hex(to).terrain == Terrain::Clear
                && !r.board.hex(h).special
                && !r.board.hex(to).special
                && r.board.hex(h).edge_dist > 0
        })
        .expect("a slope between two levels");
    let class = MoveClass::InfantryColumn;
    let elev = halves(r.tables.hexside_cost(class, r.feature_idx(0).unwrap()));
    let slope = side_cost(&r, class, hs::SLOPE);
    assert!(elev > 0 && slope > 0);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, from, Facing::side(d), Formation::Column);
    let (_, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: u,
            to: from.neighbor(d),
        },
    );
    assert_eq!(
        moved_cost(&ev),
        hex_cost(&r, class, Terrain::Clear) + elev.max(slope)
    );
}

/// 16.2f: a tree border costs nothing to cross.
#[test]
fn r16_2f_tree_borders_cost_nothing() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    r.board.add_side_bits(at, dir(Compass::N), hs::TREE_BORDER);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Line);
    let (_, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: u,
            to: n_of(at, 1),
        },
    );
    assert_eq!(
        moved_cost(&ev),
        hex_cost(&r, MoveClass::InfantryLine, Terrain::Clear)
    );
}

/// 24.0: cavalry entering a `*` terrain off a road becomes DG; along a road it does not.
#[test]
fn r24_0_cavalry_entering_star_terrain_off_road_becomes_dg() {
    let mut r = rules("nbs/austerlitz-3");
    let star = Terrain::ALL
        .into_iter()
        .find(|&t| {
            r.tables.cavalry_auto_dg(r.terrain_idx(t))
                && matches!(
                    r.tables.hex_cost(MoveClass::LightCavalry, r.terrain_idx(t)),
                    super::tables::MoveCost::Halves(_)
                )
        })
        .expect("a * terrain cavalry may enter");
    assert!(!r.tables.cavalry_auto_dg(r.terrain_idx(Terrain::Clear)));
    let at = clear_spot(&r, 2);
    let into = n_of(at, 1);
    r.board.set_terrain(into, star);
    let mut s = empty(&r, Phase::Movement);
    let cav = first_cavalry(&r, Side(0));
    put(&mut s, cav, at, north(), Formation::Combat);
    let (s2, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: cav,
            to: into,
        },
    );
    assert_eq!(s2.units[usize::from(cav)].morale, MoraleState::Disorganized);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MoraleChanged { rule, .. } if rule == "24.0"))
    );
    // Into clear terrain: no change.
    let (s3, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: cav,
            to: at.neighbor(dir(Compass::NE)),
        },
    );
    assert_eq!(s3.units[usize::from(cav)].morale, MoraleState::Normal);
    // Along a road into the same hex: no DG.
    r.board.add_side_bits(at, dir(Compass::N), hs::PRIMARY_ROAD);
    let (s4, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: cav,
            to: into,
        },
    );
    assert_eq!(s4.units[usize::from(cav)].morale, MoraleState::Normal);
}

/// 25.1b: a routed unit does not move voluntarily; in the Rally Phase a routed stack within
/// 6 hexes of the enemy runs, each hex no nearer the enemy, until 6 hexes away; a rout that
/// cannot go on loses everything.
#[test]
fn r25_1b_routed_units_rout_but_do_not_move() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    let enemy = first_infantry(&r, Side(1));
    put(&mut s, u, at, north(), Formation::Column);
    put(
        &mut s,
        enemy,
        at.neighbor(dir(Compass::S)),
        north(),
        Formation::Line,
    );
    s.units[usize::from(u)].morale = MoraleState::Routed;
    let step = Action::Step {
        unit: u,
        to: n_of(at, 1),
    };
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u))
    );
    assert_eq!(r.applied(&s, &step).unwrap_err().rule, "25.1b");
    // Rout movement.
    s.phase = Phase::Rally;
    r.rout_moves(&mut s);
    let mut hexes = 0;
    while let Some(super::state::Task::Retreat(rt)) = s.tasks.last().cloned() {
        assert!(rt.rout);
        let here = r.enemy_distance(&s, rt.at, Side(0)).unwrap();
        let v = legal(&r, &s);
        let Some(Action::RetreatTo { hex: to }) = v.first().cloned() else {
            panic!("{v:?}")
        };
        for a in &v {
            if let Action::RetreatTo { hex } = a {
                assert!(r.enemy_distance(&s, *hex, Side(0)).unwrap() >= here);
            }
        }
        s = apply(&r, &s, Action::RetreatTo { hex: to }).0;
        hexes += 1;
        assert!(hexes < 20);
    }
    let d = r
        .enemy_distance(&s, s.units[usize::from(u)].hex().unwrap(), Side(0))
        .unwrap();
    assert_eq!(d, 6, "it stops once 6 hexes away");
    // A rout with nowhere to go: every box filled.
    let mut b = empty(&r, Phase::Rally);
    put(&mut b, u, at, north(), Formation::Column);
    b.units[usize::from(u)].morale = MoraleState::Routed;
    let rt = super::state::Retreat {
        units: alloc::vec![u],
        at,
        left: u8::MAX,
        path: alloc::vec![at],
        from: at,
        rout: true,
        in_combat: false,
    };
    b.tasks.push(super::state::Task::Retreat(rt.clone()));
    let mut ev = Vec::new();
    r.retreat_blocked(&mut b, rt, &mut ev);
    assert_eq!(b.units[usize::from(u)].place, Place::Gone);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RetreatBlocked { rule, .. } if rule == "25.1b"))
    );
}

/// A second battery for `side`: a copy of the only battery in the order of battle (4b), for
/// the tests that need one on each side.
fn extra_battery(r: &mut Nbs, s: &mut State, side: Side) -> UnitId {
    let gun = id(r, "4b(h-f)");
    let mut info = r.units[usize::from(gun)].clone();
    info.id = alloc::format!("{}-copy", info.id);
    info.side = side;
    r.units.push(info);
    let mut st = s.units[usize::from(gun)].clone();
    st.place = Place::Off;
    s.units.push(st);
    (r.units.len() - 1) as UnitId
}

fn declared_fp(ev: &[Event]) -> (u32, u8) {
    ev.iter()
        .find_map(|e| match e {
            Event::FireDeclared {
                fire_points,
                column,
                ..
            } => Some((*fire_points, *column)),
            _ => None,
        })
        .expect("a fire declared")
}

/// Declares a fire at `target` (its top unit, or the battery named) by `firers` and resolves
/// it, stopping before the roll.
fn fire_at(
    r: &Nbs,
    s: &State,
    target: Hex,
    art: Option<UnitId>,
    firers: &[UnitId],
) -> (State, Vec<Event>) {
    let (mut s, _) = apply(
        r,
        s,
        Action::Target {
            hex: target,
            artillery: art,
        },
    );
    for &f in firers {
        s = apply(r, &s, Action::AddFirer { unit: f }).0;
    }
    apply(r, &s, Action::Resolve)
}

/// A roll that gives, in `column`, a loss with at least one casualty and one straggler.
fn loss_roll(r: &Nbs, column: u8) -> u32 {
    (0..36)
        .map(|i| super::types::Seq66::from_index(i).unwrap())
        .find(|&q| {
            matches!(
                r.tables.fire_result(column, q),
                super::tables::FireResult::Loss { casualties, stragglers } if casualties > 0 && stragglers > 0
            ) && !r.tables.leader_hit(q)
        })
        .map(|q| u32::from(q.value()))
        .expect("a loss result in the column")
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
    let (g, _) = fire_at(&r, &f, in_zone, None, &[gun]);
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
            .any(|t| matches!(t, super::state::Task::OpportunityWindow { .. }))
    );
}

/// 20.2a, 12.3: one A of infantry fires out of a hex: a second brigade there cannot join the
/// same fire, nor fire again once the hex's infantry has fired this phase.
#[test]
fn r20_2a_one_a_of_infantry_fires_out_of_a_hex() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let a = id(&r, "2-1-1");
    let b = id(&r, "1-2-1");
    assert_eq!(r.fire_level(&s, a).units(), 4, "an A brigade");
    assert_eq!(r.fire_level(&s, b).units(), 4, "an A brigade");
    put(&mut s, a, at, north(), Formation::Line);
    put(&mut s, b, at, north(), Formation::Line);
    let t1 = n_of(at, 1);
    let t2 = at.neighbor(dir(Compass::NE));
    let e1 = first_infantry(&r, Side(1));
    let e2 = id(&r, "Y2-1-L");
    put(
        &mut s,
        e1,
        t1,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    put(
        &mut s,
        e2,
        t2,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let (d, _) = apply(
        &r,
        &s,
        Action::Target {
            hex: t1,
            artillery: None,
        },
    );
    let (d, _) = apply(&r, &d, Action::AddFirer { unit: a });
    assert!(!legal(&r, &d).contains(&Action::AddFirer { unit: b }));
    assert_eq!(
        r.applied(&d, &Action::AddFirer { unit: b })
            .unwrap_err()
            .rule,
        "12.3"
    );
    let (f, _) = apply(&r, &d, Action::Resolve);
    let (f, _) = apply(&r, &f, d66(11));
    // b has not fired, but its hex's infantry has.
    assert!(!f.units[usize::from(b)].has(flag::FIRED));
    assert_eq!(r.may_fire(&f, b, t2, false).unwrap_err().rule, "12.3");
}

/// 20.2b: a unit fires once per fire phase; close-combat fire does not count.
#[test]
fn r20_2b_each_unit_fires_once_per_phase() {
    let r = rules("nbs/austerlitz-3");
    let (s, x, _) = super::tests::two_lines_at_one(&r);
    let a = id(&r, "2-1-1");
    let (s, _) = apply(&r, &s, Action::Resolve);
    let (s, _) = apply(&r, &s, d66(11));
    assert!(s.units[usize::from(a)].has(flag::FIRED));
    let other = x.neighbor(dir(Compass::N));
    assert_eq!(r.may_fire(&s, a, other, false).unwrap_err().rule, "20.2b");
    assert!(
        r.may_fire(&s, a, x, true).is_ok(),
        "close-combat fire is apart"
    );
    let mut fresh = s.clone();
    fresh.units[usize::from(a)].flags &= !flag::FIRED;
    assert_ne!(
        r.may_fire(&fresh, a, other, false).map_err(|e| e.rule),
        Err("20.2b".into())
    );
}

/// 20.2c: small arms reach 1 hex, artillery 8.
#[test]
fn r20_2c_ranges_one_for_small_arms_eight_for_artillery() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::OffensiveFire);
    let inf = id(&r, "1-1-4");
    let gun = id(&r, "4b(h-f)");
    put(&mut s, inf, at, north(), Formation::Line);
    assert!(r.may_fire(&s, inf, n_of(at, 1), false).is_ok());
    assert_eq!(
        r.may_fire(&s, inf, n_of(at, 2), false).unwrap_err().rule,
        "20.2c"
    );
    r.units[usize::from(gun)].side = Side(0);
    put(
        &mut s,
        gun,
        at.neighbor(dir(Compass::S)),
        north(),
        Formation::Unlimbered,
    );
    let from = at.neighbor(dir(Compass::S));
    let e8 = r
        .may_fire(&s, gun, n_of(from, 8), false)
        .map_err(|e| e.rule);
    assert_ne!(e8, Err("20.2c".into()), "8 hexes is in range");
    assert_eq!(
        r.may_fire(&s, gun, n_of(from, 9), false).unwrap_err().rule,
        "20.2c"
    );
}

/// 20.2g: only artillery may pick out a battery that is not on top of its stack, at half
/// its fire points.
#[test]
fn r20_2g_artillery_picks_out_artillery_at_half() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let gun = id(&r, "4b(h-f)");
    let enemy_gun = extra_battery(&mut r, &mut s, Side(1));
    let target = n_of(at, 2);
    let inf = first_infantry(&r, Side(1));
    put(
        &mut s,
        inf,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    put(
        &mut s,
        enemy_gun,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Unlimbered,
    );
    s.units[usize::from(enemy_gun)].order = 50;
    assert_eq!(r.combat_stack(&s, target)[0], inf);
    put(&mut s, gun, at, north(), Formation::Unlimbered);
    let pick = Action::Target {
        hex: target,
        artillery: Some(enemy_gun),
    };
    assert!(legal(&r, &s).contains(&pick));
    let (_, ev) = fire_at(&r, &s, target, None, &[gun]);
    let (top_fp, _) = declared_fp(&ev);
    let (_, ev) = fire_at(&r, &s, target, Some(enemy_gun), &[gun]);
    let (pick_fp, _) = declared_fp(&ev);
    assert!(top_fp > 0);
    assert_eq!(pick_fp, top_fp / 2, "halved when not on top");
    // Infantry alone cannot pick out the battery.
    let mut s2 = s.clone();
    s2.units[usize::from(gun)].place = Place::Off;
    let own = id(&r, "1-1-4");
    put(
        &mut s2,
        own,
        target.neighbor(dir(Compass::S)),
        north(),
        Formation::Line,
    );
    assert!(!legal(&r, &s2).contains(&pick));
    assert_eq!(r.applied(&s2, &pick).unwrap_err().rule, "20.2d");
}

/// 20.4d: a fire roll of 55 or 66 strikes a leader in the target hex, chosen at random
/// when there are several; other rolls strike none.
#[test]
fn r20_4d_55_or_66_strikes_a_leader_in_the_hex() {
    let r = rules("nbs/austerlitz-3");
    let (s, x, t) = super::tests::two_lines_at_one(&r);
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

/// 25.1a: DG halves the movement allowance (rounded up) and the fire points (rounded down);
/// a routed unit neither fires nor moves; only BL or Normal infantry attack.
#[test]
fn r25_1a_morale_state_effects() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let a = id(&r, "1-1-4");
    let e = first_infantry(&r, Side(1));
    put(&mut s, a, at, north(), Formation::Line);
    put(
        &mut s,
        e,
        n_of(at, 1),
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let full_ma = r.allowance(&s, a);
    let (_, ev) = fire_at(&r, &s, n_of(at, 1), None, &[a]);
    let (good, _) = declared_fp(&ev);
    s.units[usize::from(a)].morale = MoraleState::Disorganized;
    assert_eq!(r.allowance(&s, a), (full_ma / 2).div_ceil(2) * 2);
    let (_, ev) = fire_at(&r, &s, n_of(at, 1), None, &[a]);
    let (dg, _) = declared_fp(&ev);
    assert_eq!(dg, good / 2);
    // DG infantry may not attack.
    let mut m = s.clone();
    m.phase = Phase::Movement;
    let mut r2 = r.clone();
    r2.strict_orders = false;
    let assault = Action::Assault {
        from: at,
        target: n_of(at, 1),
    };
    assert_eq!(r2.applied(&m, &assault).unwrap_err().rule, "23.1a");
    m.units[usize::from(a)].morale = MoraleState::Shaken;
    assert_eq!(r2.applied(&m, &assault).unwrap_err().rule, "23.1a");
    m.units[usize::from(a)].morale = MoraleState::Normal;
    assert!(r2.applied(&m, &assault).is_ok());
    // Routed: no fire.
    s.units[usize::from(a)].morale = MoraleState::Routed;
    assert_eq!(
        r.may_fire(&s, a, n_of(at, 1), false).unwrap_err().rule,
        "25.1a"
    );
}

/// 26.1, 26.3: leaders do not count for stacking, never fire, and are not the unit a stack
/// checks morale with; a hex holding only leaders is no fire target (26.0 reading).
#[test]
fn r26_1_r26_3_leaders_do_not_stack_fire_or_check() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    let leader = super::tests::division_leader(&r, u);
    put(&mut s, u, at, north(), Formation::Line);
    let alone = r.stack_load(&s, at, Side(0));
    put(&mut s, leader, at, north(), Formation::None);
    assert_eq!(r.stack_load(&s, at, Side(0)), alone, "26.1");
    assert_eq!(r.morale_unit(&s, at), Some(u), "26.3");
    let e = first_infantry(&r, Side(1));
    put(
        &mut s,
        e,
        n_of(at, 1),
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    assert_eq!(
        r.may_fire(&s, leader, n_of(at, 1), false).unwrap_err().rule,
        "24.0"
    );
    // An enemy leader alone next to a loaded line is not offered as a target.
    let enemy_leader = (0..r.units.len() as UnitId)
        .find(|&l| {
            r.units[usize::from(l)].side == Side(1)
                && r.units[usize::from(l)].kind == UnitKind::Leader
        })
        .unwrap();
    let lone = at.neighbor(dir(Compass::NE));
    put(&mut s, enemy_leader, lone, north(), Formation::None);
    let t = Action::Target {
        hex: lone,
        artillery: None,
    };
    assert!(!legal(&r, &s).contains(&t));
    assert_eq!(r.applied(&s, &t).unwrap_err().rule, "20.2d");
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
    let (f, ev) = fire_at(&r, &s, target, Some(gun), &a);
    let (_, column) = declared_fp(&ev);
    let roll = loss_roll(&r, column);
    let super::tables::FireResult::Loss { casualties, .. } = r
        .tables
        .fire_result(column, super::types::Seq66::from_value(roll as u8).unwrap())
    else {
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
    let (f, _) = fire_at(&r, &last, target, Some(gun), &a);
    let (g, ev) = apply(&r, &f, d66(roll));
    assert_eq!(g.units[usize::from(gun)].place, Place::Gone);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Eliminated { rule, .. } if rule == "27.2"))
    );
}

/// 20.2a, 12.3: at most 5 gun points fire out of a hex, however many batteries are there.
#[test]
fn r20_2a_five_gun_points_fire_out_of_a_hex() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let a = id(&r, "4b(h-f)");
    let b = extra_battery(&mut r, &mut s, Side(0));
    // Two batteries of 3 gun points: 6, over the cap.
    let gp = 3;
    r.units[usize::from(a)].gun_points = gp;
    r.units[usize::from(b)].gun_points = gp;
    put(&mut s, a, at, north(), Formation::Unlimbered);
    put(&mut s, b, at, north(), Formation::Unlimbered);
    let target = n_of(at, 2);
    let e = first_infantry(&r, Side(1));
    put(
        &mut s,
        e,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let (_, ev) = fire_at(&r, &s, target, None, &[a, b]);
    let (fp, _) = declared_fp(&ev);
    let weight = r.units[usize::from(a)].weight;
    assert_eq!(fp, r.tables.artillery_fp(weight, 5, 2).0);
    assert_ne!(fp, r.tables.artillery_fp(weight, gp, 2).0 * 2);
    // A first battery of 5 leaves no room for the second.
    r.units[usize::from(a)].gun_points = 5;
    let (d, _) = apply(
        &r,
        &s,
        Action::Target {
            hex: target,
            artillery: None,
        },
    );
    let (d, _) = apply(&r, &d, Action::AddFirer { unit: a });
    assert!(!legal(&r, &d).contains(&Action::AddFirer { unit: b }));
    assert_eq!(
        r.applied(&d, &Action::AddFirer { unit: b })
            .unwrap_err()
            .rule,
        "12.3"
    );
}
