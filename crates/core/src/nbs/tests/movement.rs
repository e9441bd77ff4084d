//! Movement (16.1–16.3): allowances, the minimum move (ERR-3), terrain costs, roads (ERR-4).

use super::kit::{
    apply, clear_spot, dir, division_leader, empty, halves, hex, hex_cost, id, legal, moved_cost,
    n_of, north, put, road_north, rules,
};
use crate::engine::Rules;
use crate::hex::{Compass, Direction, Facing};
use crate::nbs::board::{Terrain, side as hs};
use crate::nbs::state::{Phase, Place, State};
use crate::nbs::tables::MoveClass;
use crate::nbs::types::{Formation, MoraleState};
use crate::nbs::{Action, Event, Nbs};
use alloc::vec::Vec;

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

/// The Movement Chart cost of the hexside feature `bit` for `class`, in half MPs.
fn side_cost(r: &Nbs, class: MoveClass, bit: u16) -> u16 {
    halves(r.tables.hexside_cost(class, r.feature_idx(bit).unwrap()))
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
    let Some(crate::nbs::state::Task::Retreat(rt)) = s.tasks.last().cloned() else {
        panic!()
    };
    let opts = r.retreat_options(&s, &rt);
    assert!(!opts.contains(&lake), "{opts:?}");
    assert!(!opts.is_empty());
}

/// 16.2c: the Movement Chart columns are looked up by the terrain's discriminant and the
/// hexside bit's place, so the order of `Terrain::ALL` and the places of the bits are pinned.
#[test]
fn r16_2c_chart_columns_by_terrain_and_hexside_bit() {
    for (i, t) in Terrain::ALL.iter().enumerate() {
        assert_eq!(*t as usize, i, "Terrain::ALL is in declaration order");
    }
    let mut seen = Vec::new();
    for (bit, id) in hs::IDS {
        let slot = crate::nbs::feature_slot(bit);
        assert!(slot < 17, "{id} has a place");
        assert!(!seen.contains(&slot), "{id} has a place of its own");
        seen.push(slot);
    }
    assert_eq!(
        crate::nbs::feature_slot(hs::ROAD),
        17,
        "two bits have no place"
    );
    let r = rules("nbs/austerlitz-3");
    for (bit, id) in hs::IDS {
        assert_eq!(r.feature_idx(bit), r.tables.feature_index(id), "{id}");
    }
    for t in Terrain::ALL {
        assert_eq!(
            Some(r.terrain_idx(t)),
            r.tables.terrain_index(t.id()),
            "{t:?}"
        );
    }
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

#[test]
fn r16_3a_enemy_hex_refused_naming_the_case() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let x = hex(&r, "B40.12");
    let a = id(&r, "1-1-4");
    let e = id(&r, "Y2-1-L");
    put(
        &mut s,
        a,
        x.neighbor(dir(Compass::NW)),
        Facing::side(dir(Compass::SE)),
        Formation::Column,
    );
    put(&mut s, e, x, Facing::side(dir(Compass::N)), Formation::Line);
    let err = r.applied(&s, &Action::Step { unit: a, to: x }).unwrap_err();
    assert_eq!(err.rule, "16.3a");
    assert!(err.reason.contains("B40.12"), "{}", err.reason);
    // Not the mover's: the Allied unit in the French Movement Phase.
    let err = r
        .applied(
            &s,
            &Action::Step {
                unit: e,
                to: x.neighbor(dir(Compass::S)),
            },
        )
        .unwrap_err();
    assert_eq!(err.rule, "16.3b");
}

/// ERR-3 (16.1e): a unit that has not moved may make its one-hex minimum move as a close
/// combat it cannot pay for (the hex + 2); it is Shaken before the combat begins, and the
/// attack goes ahead. Paying in full leaves it unshaken.
#[test]
fn err3_minimum_move_into_close_combat_makes_the_unit_shaken() {
    let mut r = rules("nbs/austerlitz-3");
    r.strict_orders = false;
    let at = clear_spot(&r, 2);
    let target = n_of(at, 1);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Line);
    let foe = id(&r, "Y2-1-L");
    put(
        &mut s,
        foe,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let assault = Action::Assault { from: at, target };
    // In the open the unit pays the hex + 2 and stays as it is.
    let (s0, ev) = apply(&r, &s, assault.clone());
    assert_eq!(s0.units[usize::from(u)].morale, MoraleState::Normal);
    assert!(!ev.iter().any(|e| e.rule_number() == "ERR-3"));
    // Forest behind a stream: more than the whole allowance.
    r.board.set_terrain(target, Terrain::Forest);
    r.board.add_side_bits(at, dir(Compass::N), hs::STREAM);
    let ma = r.allowance(&s, u);
    let cost = hex_cost(&r, MoveClass::InfantryLine, Terrain::Forest)
        + side_cost(&r, MoveClass::InfantryLine, hs::STREAM)
        + 4;
    assert!(cost > ma, "{cost} > {ma}");
    assert!(legal(&r, &s).contains(&assault));
    let (s1, ev) = apply(&r, &s, assault.clone());
    assert_eq!(s1.units[usize::from(u)].morale, MoraleState::Shaken);
    assert!(ev.iter().any(|e| e.rule_number() == "ERR-3"));
    assert!(
        s1.tasks
            .iter()
            .any(|t| matches!(t, crate::nbs::state::Task::CloseCombat(_))),
        "the close combat goes ahead"
    );
    // Having moved, it may not.
    s.units[usize::from(u)].spent = 1;
    assert!(r.applied(&s, &assault).is_err());
}

/// The half MPs of the one step in `ev`.
fn step_cost_of(ev: &[Event]) -> u16 {
    ev.iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a step")
}

/// ERR-4: no road rates through a unit that has used them this phase. The skirmisher, which
/// a column may pass at road rates (skirmishers do not count as moving stacked), takes a
/// road step; the column following it by road may not then enter its hex at the road rate.
#[test]
fn err4_no_road_rate_through_another_road_mover() {
    let mut r = rules("nbs/austerlitz-3");
    let (at, col, sk) = road_north(&mut r);
    let mut s = empty(&r, Phase::Movement);
    put(&mut s, col, at, north(), Formation::Column);
    put(&mut s, sk, n_of(at, 1), north(), Formation::Skirmish);
    let (s1, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: sk,
            to: n_of(at, 2),
        },
    );
    assert_eq!(step_cost_of(&ev), 1, "the skirmisher by road");
    let (s2, ev) = apply(
        &r,
        &s1,
        Action::Step {
            unit: col,
            to: n_of(at, 1),
        },
    );
    assert_eq!(step_cost_of(&ev), 1, "the column by road to an empty hex");
    let (_, ev) = apply(
        &r,
        &s2,
        Action::Step {
            unit: col,
            to: n_of(at, 2),
        },
    );
    assert_eq!(
        step_cost_of(&ev),
        2,
        "into the road mover's hex: the terrain"
    );
    // A skirmisher that has not used road rates does not stop it.
    let mut s3 = s2.clone();
    s3.units[usize::from(sk)].road = 0;
    let (_, ev) = apply(
        &r,
        &s3,
        Action::Step {
            unit: col,
            to: n_of(at, 2),
        },
    );
    assert_eq!(step_cost_of(&ev), 1);
}

/// ERR-4: a unit passed through by a road mover this phase uses no road rates itself for
/// the rest of the phase; a leader passing is excepted, and the next phase starts afresh.
/// The road bits are left out of a saved state while clear.
#[test]
fn err4_a_unit_passed_by_a_road_mover_loses_road_rates() {
    let mut r = rules("nbs/austerlitz-3");
    let (at, col, sk) = road_north(&mut r);
    let mut s = empty(&r, Phase::Movement);
    put(&mut s, col, at, north(), Formation::Column);
    put(&mut s, sk, n_of(at, 1), north(), Formation::Skirmish);
    let json = serde_json::to_string(&s).unwrap();
    assert!(!json.contains("\"road\""), "clear road bits are not saved");
    let sk_on = Action::Step {
        unit: sk,
        to: n_of(at, 2),
    };
    // A leader riding by road through the skirmisher's hex changes nothing.
    let leader = division_leader(&r, col);
    let mut s0 = s.clone();
    put(&mut s0, leader, at, north(), Formation::Column);
    let (s0, _) = apply(
        &r,
        &s0,
        Action::Step {
            unit: leader,
            to: n_of(at, 1),
        },
    );
    let (_, ev) = apply(&r, &s0, sk_on.clone());
    assert_eq!(step_cost_of(&ev), 1, "leaders are excepted");
    // The column passes the (unmoved) skirmisher at the road rate...
    let (s1, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: col,
            to: n_of(at, 1),
        },
    );
    assert_eq!(step_cost_of(&ev), 1);
    let back: State = serde_json::from_str(&serde_json::to_string(&s1).unwrap()).unwrap();
    assert_eq!(back, s1, "the road bits survive a save");
    // ...so the skirmisher has been passed through and pays the terrain.
    let (_, ev) = apply(&r, &s1, sk_on.clone());
    assert_eq!(step_cost_of(&ev), 2, "passed by a road mover");
    // Next phase: road movement afresh.
    let mut s2 = s1.clone();
    r.enter_phase(&mut s2, &mut Vec::new());
    assert_eq!(s2.units[usize::from(sk)].road, 0);
}
