//! Movement rows closed in the coverage triage: Restricted Activation's movement (6.8), the
//! halved MPo (7.6d, 7.6f), General Order's one step (8.1h), General Order's and the Hook's
//! facing (9.3b, 9.7), stacking while moving (10.1b, 10.1f, 10.5b, 10.8c, 10.9, 10.12b) and the
//! terrain costs of a step (11.2a–11.2c, 11.2f, 11.2g, 11.3d; F-9.3a slopes going down).

use super::movement::mover;
use super::multihex::{U, at, dir, facing, placed, refused, set, spent};
use super::*;
use crate::fontenoy::board::{Board, Terrain, side as hs};
use crate::fontenoy::geometry::HookSide;
use crate::fontenoy::tables::Tables;
use crate::fontenoy::types::{Morale, Pts};
use alloc::sync::Arc;

/// The Division Commander of the `mover` fixture, standing with the mover.
const DC: UnitId = 4;

/// `r` with scenario 1's charts (the provisional TET) and `edit` made to its board.
fn real(r: &Fontenoy, edit: impl FnOnce(&mut Board)) -> Fontenoy {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let rs = lib.scenario("fontenoy/ingoldsby").expect("scenario 1");
    let mut r = r.clone();
    r.tables = Arc::new(Tables::new(&rs).expect("the charts read"));
    let mut b = (*r.board).clone();
    edit(&mut b);
    r.board = Arc::new(b);
    r
}

/// `r` with towns calling for General Order from everyone (8.4i; the open test tables have
/// no such terrain).
fn towns_force_go(r: &Fontenoy) -> Fontenoy {
    let mut r = r.clone();
    Arc::make_mut(&mut r.tables).terrain[Terrain::Town as usize].general_order =
        crate::fontenoy::tables::GoFor::All;
    r
}

/// The fixture's commander given 6 MP (World's commanders have none).
fn dc_moves(w: &mut World) {
    w.units[usize::from(DC)].mp = 6;
}

/// `r` with `edit` made to its board (the open test tables kept).
fn board(r: &Fontenoy, edit: impl FnOnce(&mut Board)) -> Fontenoy {
    let mut r = r.clone();
    let mut b = (*r.board).clone();
    edit(&mut b);
    r.board = Arc::new(b);
    r
}

fn step(unit: UnitId, to: Hex) -> Action {
    Action::Step {
        unit,
        to,
        alone: false,
    }
}

fn alone(unit: UnitId, to: Hex) -> Action {
    Action::Step {
        unit,
        to,
        alone: true,
    }
}

fn moved_cost(ev: &[Event]) -> Pts {
    ev.iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } | Event::Faced { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a move")
}

fn done(s: &State, u: UnitId) -> bool {
    s.activation
        .as_ref()
        .and_then(|a| a.moving.iter().find(|m| m.unit == u))
        .is_some_and(|m| m.done)
}

/// A second French battalion of the mover's Division (`division`) or of none, in a one-hex
/// Line at `h` facing vertex 1.
fn friend(w: &mut World, h: Hex, division: bool) -> UnitId {
    let v = w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
    w.unit_state[usize::from(v)].place = Place::Map(Placed::at(h, facing(1)));
    if division {
        w.org.division_of[usize::from(v)] = Some(1);
        w.org.divisions[1].units.push(v);
    }
    v
}

#[test]
fn r11_2b_f9_3a_a_steep_slope_costs_2_going_up_and_its_downhill_1_going_down() {
    let (r, s, u) = mover(|_| {});
    let a = hex("S1010");
    let to = at("S1010", 0);
    // Open ground 1 MP; the steep slope's hexside 2 more going up.
    let up = real(&r, |b| b.add_side(a, dir(0), hs::SLOPE_STEEP, true));
    let ev = apply(&up, &mut s.clone(), step(u, to));
    assert_eq!(moved_cost(&ev), Pts::whole(3));
    // Going down the chart's downhill column: 1 for a steep slope (it was read as nothing).
    let down = real(&r, |b| b.add_side(a, dir(0), hs::SLOPE_STEEP, false));
    let ev = apply(&down, &mut s.clone(), step(u, to));
    assert_eq!(moved_cost(&ev), Pts::whole(2));
    // A regular slope: 1 going up, nothing going down.
    let up = real(&r, |b| b.add_side(a, dir(0), hs::SLOPE_REGULAR, true));
    assert_eq!(
        moved_cost(&apply(&up, &mut s.clone(), step(u, to))),
        Pts::whole(2)
    );
    let down = real(&r, |b| b.add_side(a, dir(0), hs::SLOPE_REGULAR, false));
    assert_eq!(
        moved_cost(&apply(&down, &mut s.clone(), step(u, to))),
        Pts::ONE
    );
}

#[test]
fn r11_2a_no_step_off_the_map_nor_into_forbidden_terrain() {
    let (r, s, u) = mover(|_| {});
    let to = at("S1010", 0);
    // The open tables forbid the river to everyone.
    let r2 = board(&r, |b| b.set_terrain(to, Terrain::River));
    assert!(!legal(&r2, &s).contains(&step(u, to)));
    assert_eq!(refused(&r2, &s, step(u, to)).rule, "11.2a");
    // The map's edge: a column in the corner hex facing off the board.
    let edge = hex("S0101");
    let k = (0..6u8)
        .find(|&k| !r.board.on_map(edge.neighbor(dir(k))))
        .expect("a corner hex has a side off the board");
    let (r, s, u) = mover(|w| {
        set(
            w,
            Kind::Infantry,
            6,
            4,
            Formation::MarchColumn,
            Placed::at(edge, facing(2 * k)),
        )
    });
    let out = edge.neighbor(dir(k));
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u))
    );
    assert_eq!(refused(&r, &s, step(u, out)).rule, "11.2a");
}

#[test]
fn r10_1b_no_unit_steps_into_a_hex_holding_an_enemy() {
    let to = at("S1010", 0);
    let (r, s, u) = mover(|w| {
        w.unit_state[usize::from(super::multihex::ENEMY)].place =
            Place::Map(Placed::at(to, facing(7)));
    });
    assert!(!legal(&r, &s).contains(&step(u, to)));
    assert_eq!(refused(&r, &s, step(u, to)).rule, "10.1b");
}

#[test]
fn r10_1f_routed_and_unrouted_units_never_end_grouped() {
    let to = at("S1010", 0);
    // With a steady friend of the same formation and facing, the mover may end there.
    let (r, mut s, u) = mover(|w| {
        friend(w, to, false);
    });
    apply(&r, &mut s, step(u, to));
    assert!(legal(&r, &s).contains(&Action::EndMove { unit: u }));
    // With a Routed one it may pass through (it has the MP to go on) but not stop.
    let (r, mut s, u) = mover(|w| {
        let v = friend(w, to, false);
        w.unit_state[usize::from(v)].morale = Morale::Routed;
    });
    assert!(legal(&r, &s).contains(&step(u, to)));
    apply(&r, &mut s, step(u, to));
    assert!(!legal(&r, &s).contains(&Action::EndMove { unit: u }));
    assert_eq!(refused(&r, &s, Action::EndMove { unit: u }).rule, "10.1c");
}

#[test]
fn r11_2c_a_road_column_on_the_road_pays_the_road_rate_off_it_the_terrain() {
    let a = hex("S1010");
    let b1 = a.neighbor(dir(0));
    let (r, s, u) = mover(|w| {
        set(
            w,
            Kind::Infantry,
            4,
            4,
            Formation::RoadColumn,
            Placed::at(a, facing(0)),
        )
    });
    let road = board(&r, |b| b.add_side(a, dir(0), hs::ROAD, false));
    let ev = apply(&road, &mut s.clone(), step(u, b1));
    assert_eq!(moved_cost(&ev), Pts::HALF);
    let major = board(&r, |b| b.add_side(a, dir(0), hs::MAJOR_ROAD, false));
    let ev = apply(&major, &mut s.clone(), step(u, b1));
    assert_eq!(moved_cost(&ev), Pts::THIRD);
    // F-9.2n: a path costs 1 outside open ground and orchard.
    let path = board(&r, |b| {
        b.add_side(a, dir(0), hs::PATH, false);
        b.set_terrain(b1, Terrain::Woods);
    });
    let ev = apply(&path, &mut s.clone(), step(u, b1));
    assert_eq!(moved_cost(&ev), Pts::ONE);
    // Off the road: the terrain's cost (the open tables' 1).
    let ev = apply(&r, &mut s.clone(), step(u, b1));
    assert_eq!(moved_cost(&ev), Pts::ONE);
}

#[test]
fn r11_2f_a_hook_pays_1_more_r9_7_and_never_turns() {
    let a = hex("S1010");
    let (r, s, u) = mover(|w| {
        set(
            w,
            Kind::Infantry,
            6,
            4,
            Formation::Hook,
            Placed {
                hook: Some(HookSide::Right),
                ..Placed::at(a, facing(1))
            },
        )
    });
    // 9.7: no facing change is offered to a Hook, and one is refused by the chart.
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|x| matches!(x, Action::Face { unit, .. } if *unit == u))
    );
    assert_eq!(
        refused(&r, &s, Action::Face { unit: u, facing: 3 }).rule,
        "9.7"
    );
    // 11.2f: open ground 1, +1 for the Hook.
    let mut t = s.clone();
    let ev = apply(&r, &mut t, step(u, at("S1010", 0)));
    assert_eq!(moved_cost(&ev), Pts::whole(2));
    assert_eq!(spent(&t, u), Pts::whole(2));
}

#[test]
fn r11_2g_columns_pay_the_column_cost_of_the_tet() {
    let a = hex("S1010");
    let to = at("S1010", 0);
    let mut r = mover(|_| {}).0;
    {
        let t = Arc::make_mut(&mut r.tables);
        let w = &mut t.terrain[Terrain::Woods as usize];
        w.mp[crate::fontenoy::tables::MoveClass::InfantryLine as usize] =
            crate::fontenoy::tables::Mp::Pts(Pts::whole(3));
        w.mp[crate::fontenoy::tables::MoveClass::InfantryColumn as usize] =
            crate::fontenoy::tables::Mp::Pts(Pts::whole(2));
    }
    let r = board(&r, |b| b.set_terrain(to, Terrain::Woods));
    // A Line pays the Line's cost.
    let (_, s, u) = mover(|_| {});
    let ev = apply(&r, &mut s.clone(), step(u, to));
    assert_eq!(moved_cost(&ev), Pts::whole(3));
    // A March Column facing the hexside toward the woods pays the column's.
    let (_, s, u) = mover(|w| {
        set(
            w,
            Kind::Infantry,
            6,
            4,
            Formation::MarchColumn,
            Placed::at(a, facing(0)),
        )
    });
    let ev = apply(&r, &mut s.clone(), step(u, to));
    assert_eq!(moved_cost(&ev), Pts::whole(2));
}

#[test]
fn r11_3d_skirmishers_step_twice_to_one_side_for_free() {
    let a = hex("S1010");
    let (r, mut s, u) = mover(|w| {
        set(
            w,
            Kind::Infantry,
            2,
            4,
            Formation::Skirmish,
            Placed::at(a, facing(1)),
        )
    });
    let one = at("S1010", 0);
    assert_eq!(moved_cost(&apply(&r, &mut s, step(u, one))), Pts::ONE);
    let two = one.neighbor(dir(0));
    assert_eq!(moved_cost(&apply(&r, &mut s, step(u, two))), Pts::ONE);
    assert_eq!(spent(&s, u), Pts::whole(2));
}

#[test]
fn r6_8a_r6_8b_r6_8c_restricted_activation_moves_road_columns_on_the_road_and_commanders() {
    let a = hex("S1010");
    // A Line may not move at all; its commander moves freely (6.8c).
    let (r, mut s, u) = mover(dc_moves);
    s.activation.as_mut().unwrap().restricted = true;
    let acts = legal(&r, &s);
    assert!(
        !acts
            .iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == u))
    );
    assert!(
        !acts
            .iter()
            .any(|x| matches!(x, Action::Face { unit, .. } if *unit == u))
    );
    assert!(
        acts.iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == DC))
    );
    // A Road Column moves along the road (6.8b), not off it.
    let (r, mut s, u) = mover(|w| {
        set(
            w,
            Kind::Infantry,
            4,
            4,
            Formation::RoadColumn,
            Placed::at(a, facing(0)),
        )
    });
    s.activation.as_mut().unwrap().restricted = true;
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|x| matches!(x, Action::Face { unit, .. } if *unit == u))
    );
    let to = a.neighbor(dir(0));
    assert_eq!(refused(&r, &s, step(u, to)).rule, "6.8b");
    let road = board(&r, |b| b.add_side(a, dir(0), hs::ROAD, false));
    assert!(legal(&road, &s).contains(&step(u, to)));
    let ev = apply(&road, &mut s, step(u, to));
    assert_eq!(moved_cost(&ev), Pts::HALF);
}

#[test]
fn r7_6d_r7_6f_out_of_command_and_disorder_halve_the_mpo_once() {
    let (r, mut s, u) = mover(|w| {
        w.units[usize::from(U)].mp = 5;
    });
    assert_eq!(r.mpo(&s, u), Pts::whole(5));
    s.unit_mut(u).command = Some(false);
    assert_eq!(r.mpo(&s, u), Pts::whole(3), "7.6d: half of 5, rounded");
    s.unit_mut(u).disordered = true;
    assert_eq!(r.mpo(&s, u), Pts::whole(3), "7.6f: halved once");
    s.unit_mut(u).command = Some(true);
    assert_eq!(r.mpo(&s, u), Pts::whole(3));
    s.unit_mut(u).disordered = false;
    assert_eq!(r.mpo(&s, u), Pts::whole(5));
}

#[test]
fn r9_3b_general_order_turns_once_any_way_for_its_whole_mpo() {
    let a = hex("S1010");
    let (r, mut s, u) = mover(|w| {
        set(
            w,
            Kind::Infantry,
            6,
            4,
            Formation::GeneralOrder,
            Placed::at(a, facing(1)),
        )
    });
    let mut turns: Vec<u8> = legal(&r, &s)
        .into_iter()
        .filter_map(|x| match x {
            Action::Face { unit, facing } if unit == u => Some(facing),
            _ => None,
        })
        .collect();
    turns.sort();
    assert_eq!(turns, alloc::vec![3, 5, 7, 9, 11]);
    let ev = apply(&r, &mut s, Action::Face { unit: u, facing: 7 });
    assert_eq!(moved_cost(&ev), Pts::whole(4));
    assert_eq!(placed(&s, u).facing, facing(7));
    assert!(done(&s, u), "9.3b: the turn is its only action");
    assert!(
        !legal(&r, &s).iter().any(
            |x| matches!(x, Action::Face { unit, .. } | Action::Step { unit, .. } if *unit == u)
        )
    );
}

#[test]
fn r8_1h_general_order_steps_once_into_any_adjacent_hex_needing_it() {
    let a = hex("S1010");
    let (r, s, u) = mover(|w| {
        set(
            w,
            Kind::Infantry,
            6,
            4,
            Formation::GeneralOrder,
            Placed::at(a, facing(1)),
        )
    });
    // Every neighbour a town (General Order for all): all six are open to it.
    let r = towns_force_go(&r);
    let r = board(&r, |b| {
        for k in 0..6 {
            b.set_terrain(a.neighbor(dir(k)), Terrain::Town);
        }
    });
    let mut to: Vec<Hex> = legal(&r, &s)
        .into_iter()
        .filter_map(|x| match x {
            Action::Step { unit, to, .. } if unit == u => Some(to),
            _ => None,
        })
        .collect();
    to.sort();
    let mut all: Vec<Hex> = (0..6).map(|k| a.neighbor(dir(k))).collect();
    all.sort();
    assert_eq!(to, all);
    // A step behind it: the whole MPo, still General Order, the move over.
    let mut t = s.clone();
    let back = a.neighbor(dir(3));
    let ev = apply(&r, &mut t, step(u, back));
    assert_eq!(moved_cost(&ev), Pts::whole(4));
    assert_eq!(placed(&t, u).hex(), back);
    assert_eq!(t.unit(u).formation, Formation::GeneralOrder);
    assert!(done(&t, u));
    // Into a hex that does not call for General Order it reforms instead (8.4i).
    let r2 = board(&r, |b| b.set_terrain(back, Terrain::Clear));
    assert_eq!(refused(&r2, &s, step(u, back)).rule, "8.4i");
}

#[test]
fn r10_8c_a_unit_left_behind_after_moving_with_its_group_has_finished() {
    let a = hex("S1010");
    let mut v = 0;
    let (r, mut s, u) = mover(|w| v = friend(w, a, true));
    assert_eq!(r.group_of(&s, u), alloc::vec![u, v]);
    let one = at("S1010", 0);
    apply(&r, &mut s, step(u, one));
    assert_eq!(placed(&s, v).hex(), one);
    assert!(!done(&s, v));
    apply(&r, &mut s, alone(u, one.neighbor(dir(1))));
    assert!(done(&s, v), "10.8c: it moved with the group and stayed");
    assert!(!done(&s, u));
    assert_eq!(spent(&s, v), Pts::ONE);
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == v))
    );
}

#[test]
fn r10_12b_after_a_group_turn_one_unit_goes_on_and_the_other_ends() {
    let a = hex("S1010");
    let mut v = 0;
    let (r, mut s, u) = mover(|w| v = friend(w, a, true));
    apply(&r, &mut s, Action::Face { unit: u, facing: 3 });
    assert_eq!(placed(&s, v).facing, facing(3));
    let to = a.neighbor(dir(1));
    assert!(legal(&r, &s).contains(&alone(u, to)));
    apply(&r, &mut s, alone(u, to));
    assert_eq!(placed(&s, u).hex(), to);
    assert_eq!(placed(&s, v).hex(), a);
    assert!(done(&s, v));
}

#[test]
fn r10_9_a_unit_of_another_division_stays_when_the_activated_one_moves() {
    let a = hex("S1010");
    let mut v = 0;
    let (r, mut s, u) = mover(|w| v = friend(w, a, false));
    assert_eq!(r.group_of(&s, u), alloc::vec![u]);
    let to = at("S1010", 0);
    apply(&r, &mut s, step(u, to));
    assert_eq!(placed(&s, v).hex(), a);
    assert_eq!(placed(&s, u).hex(), to);
}

#[test]
fn r10_5b_commanders_count_for_nothing_and_move_on_their_own() {
    let a = hex("S1010");
    let mut v = 0;
    // Two 6-SP battalions fill the open hex's 12 SP; the commander with them changes nothing.
    let (r, s, u) = mover(|w| {
        v = friend(w, a, true);
        dc_moves(w);
    });
    assert_eq!(placed(&s, DC).hex(), a);
    assert!(!r.group_of(&s, u).contains(&DC));
    let mut t = s.clone();
    let to = at("S1010", 0);
    apply(&r, &mut t, step(u, to));
    assert_eq!(
        placed(&t, DC).hex(),
        a,
        "the commander does not move with them"
    );
    assert!(legal(&r, &t).contains(&Action::EndMove { unit: u }));
    // The commander moves alone, into any adjacent hex.
    let behind = a.neighbor(dir(3));
    let mut t = s.clone();
    apply(&r, &mut t, step(DC, behind));
    assert_eq!(placed(&t, DC).hex(), behind);
    assert_eq!(placed(&t, u).hex(), a);
    assert_eq!(placed(&t, v).hex(), a);
}

#[test]
fn r10_7a_guns_moved_by_hand_through_a_friendly_line_make_a_passage_of_lines() {
    let mut g = 0;
    let mut v = 0;
    let mid = at("S1012", 0);
    let (r, mut s, _) = mover(|w| {
        g = super::multihex::gun(w, crate::fontenoy::units::ByHand::Fp2);
        v = friend(w, mid, false);
        // 4 infantry SP and the 2 gun SP counted 4 each (10.4g): the hex's 12.
        w.units[usize::from(v)].sp = 4;
        w.unit_state[usize::from(v)].sp = 4;
    });
    let ev = apply(&r, &mut s, Action::ByHand { unit: g, to: mid });
    assert!(!ev.iter().any(|e| matches!(e, Event::PassageOfLines { .. })));
    let on = mid.neighbor(dir(0));
    let ev = apply(&r, &mut s, Action::ByHand { unit: g, to: on });
    let passage = ev.iter().find_map(|e| match e {
        Event::PassageOfLines {
            unit, hex, through, ..
        } => Some((*unit, *hex, through.clone())),
        _ => None,
    });
    assert_eq!(passage, Some((g, mid, alloc::vec![v])));
}

#[test]
fn r10_4g_b_a_gun_sp_counts_4_in_road_column() {
    let a = hex("S1012");
    let mut g = 0;
    let (r, mut s, _) = mover(|w| g = super::multihex::gun(w, crate::fontenoy::units::ByHand::No));
    s.unit_mut(g).formation = Formation::RoadColumn;
    s.unit_mut(g).place = Place::Map(Placed::at(a, facing(0)));
    let o = crate::fontenoy::occupancy::Occupancy::build(&r, &s);
    // 8.1f: a Road Column holds 4 SP a hex: the 2-SP gun counts 8 in one hex.
    assert!(!r.fits_at(&s, &o, &[g], &placed(&s, g), Formation::RoadColumn));
    s.unit_mut(g).sp = 1;
    let o = crate::fontenoy::occupancy::Occupancy::build(&r, &s);
    assert!(r.fits_at(&s, &o, &[g], &placed(&s, g), Formation::RoadColumn));
    // Limbered in March Column alone, its SP count once.
    s.unit_mut(g).sp = 2;
    assert!(r.fits_at(&s, &o, &[g], &placed(&s, g), Formation::MarchColumn));
}

#[test]
fn r10_6d_guns_joining_a_square_are_put_on_top() {
    let mut g = 0;
    let mut v = 0;
    let mid = at("S1012", 0);
    let (r, mut s, _) = mover(|w| {
        g = super::multihex::gun(w, crate::fontenoy::units::ByHand::Fp);
        v = friend(w, mid, false);
        w.units[usize::from(v)].sp = 4;
        w.unit_state[usize::from(v)].sp = 4;
        w.unit_state[usize::from(v)].formation = Formation::Square;
        w.unit_state[usize::from(v)].order = 0;
        w.unit_state[usize::from(g)].order = 3;
    });
    assert!(legal(&r, &s).contains(&Action::ByHand { unit: g, to: mid }));
    let ev = apply(&r, &mut s, Action::ByHand { unit: g, to: mid });
    assert!(done(&s, g));
    assert!(
        s.unit(g).order < s.unit(v).order,
        "10.6d: the gun is on top"
    );
    assert!(ev.contains(&Event::Reordered {
        unit: g,
        top: true,
        rule: "10.6d".into()
    }));
}

#[test]
fn r10_6e_a_line_joining_guns_does_not_sit_between_and_in_order_needs_no_change() {
    let to = at("S1010", 0);
    let mut g = 0;
    let mut v = 0;
    // A 4-SP battalion over a 1-SP gun at `to` (the bottom: a legal order); the mover joins
    // with the top place (order 0): the gun would sit between them.
    let (r, mut s, u) = mover(|w| {
        g = super::multihex::gun(w, crate::fontenoy::units::ByHand::No);
        w.units[usize::from(g)].sp = 1;
        w.unit_state[usize::from(g)].sp = 1;
        w.unit_state[usize::from(g)].place = Place::Map(Placed::at(to, facing(1)));
        w.unit_state[usize::from(g)].order = 1;
        v = friend(w, to, false);
        w.units[usize::from(v)].sp = 2;
        w.unit_state[usize::from(v)].sp = 2;
        w.unit_state[usize::from(v)].order = 2;
        w.unit_state[usize::from(U)].order = 0;
    });
    apply(&r, &mut s, step(u, to));
    let ev = apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(ev.contains(&Event::Reordered {
        unit: g,
        top: true,
        rule: "10.6e".into()
    }));
    assert!(s.unit(g).order < s.unit(u).order);
    assert!(s.unit(g).order < s.unit(v).order);
}

#[test]
fn r10_1a_r8_4i_no_step_into_general_order_terrain_where_the_group_cannot_stand() {
    let to = at("S1010", 0);
    let setup = |sp: u8| {
        let (r, s, u) = mover(|w| {
            let v = friend(w, to, false);
            w.units[usize::from(v)].sp = sp;
            w.unit_state[usize::from(v)].sp = sp;
            w.unit_state[usize::from(v)].formation = Formation::GeneralOrder;
        });
        (
            towns_force_go(&board(&r, |b| b.set_terrain(to, Terrain::Town))),
            s,
            u,
        )
    };
    // 6 + 8 SP exceed the 12 of the hex, and the step ends the move there (8.4i): refused,
    // though the mover would have MP left in its Line.
    let (r, s, u) = setup(8);
    assert!(!legal(&r, &s).contains(&step(u, to)));
    assert_eq!(refused(&r, &s, step(u, to)).rule, "10.1a");
    // 6 + 6 fit: it enters and stops in General Order.
    let (r, mut s, u) = setup(6);
    apply(&r, &mut s, step(u, to));
    assert_eq!(s.unit(u).formation, Formation::GeneralOrder);
    assert!(done(&s, u));
}

#[test]
fn r11_9c_r10_13b_a_skirmisher_failing_its_roll_in_a_hex_it_may_not_end_in_routs() {
    let a = hex("S1010");
    let behind = a.neighbor(dir(3));
    let mut v = 0;
    let (r, mut s, u) = mover(|w| {
        set(
            w,
            Kind::Infantry,
            2,
            4,
            Formation::Skirmish,
            Placed::at(behind, facing(1)),
        );
        super::multihex::enemy_column(w, at("S1010", 0).neighbor(dir(0)), 6);
        v = friend(w, a, false);
        w.unit_state[usize::from(v)].morale = Morale::Routed;
    });
    // Through the Routed friend's hex (it has the MP to go on), then toward the enemy ZOC.
    apply(&r, &mut s, step(u, a));
    apply(&r, &mut s, step(u, at("S1010", 0)));
    assert_eq!(
        s.steps.last(),
        Some(&crate::fontenoy::state::Step::SkirmishEzoc {
            unit: u,
            to: at("S1010", 0)
        })
    );
    apply(&r, &mut s, d100(29));
    // Stopped where it may not end (10.1f): it routs (10.13c); a skirmisher's rout costs the
    // hex's other units no Morale Check.
    assert_eq!(placed(&s, u).hex(), a);
    assert_eq!(s.unit(u).morale, Morale::Routed);
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, crate::fontenoy::state::Step::Check(c) if c.unit == v))
    );
}

/// The mover as an 8-SP Line (it may extend to two hexes), its left hex `woods` calling for a
/// DC(A) (11.2d), and `extra` made to the world.
fn line_of_8(extra: impl FnOnce(&mut World)) -> (Fontenoy, State, UnitId, Hex) {
    let (mut r, s, u) = mover(|w| {
        w.unit_state[usize::from(U)].sp = 8;
        w.units[usize::from(U)].sp = 8;
        extra(w);
    });
    let axis = crate::fontenoy::geometry::line_axis(facing(1));
    let left = hex("S1010").neighbor(axis);
    Arc::make_mut(&mut r.tables).terrain[Terrain::Woods as usize].dca =
        crate::fontenoy::tables::Dca::Yes;
    let r = board(&r, |b| b.set_terrain(left, Terrain::Woods));
    (r, s, u, left)
}

fn dca_queued(s: &State, u: UnitId) -> bool {
    s.steps.iter().any(|st| {
        matches!(st, crate::fontenoy::state::Step::Check(c)
        if c.unit == u
            && c.kind
                == crate::fontenoy::state::CheckKind::Disorder(
                    crate::fontenoy::types::DisorderCheck::A
                ))
    })
}

#[test]
fn r11_5f_extending_into_dca_terrain_checks_only_if_mp_are_spent_after() {
    // Extending into the woods and stopping: no check (11.2d).
    let (r, mut s, u, left) = line_of_8(|_| {});
    apply(&r, &mut s, Action::Extend { unit: u, to: left });
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(!dca_queued(&s, u));
    // Extending, then stepping on: DC(A) once the move is over.
    let (r, mut s, u, left) = line_of_8(|_| {});
    apply(&r, &mut s, Action::Extend { unit: u, to: left });
    assert_eq!(spent(&s, u), Pts::whole(2));
    let on = placed(&s, u).hex().neighbor(dir(0));
    apply(&r, &mut s, step(u, on));
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(dca_queued(&s, u));
}

#[test]
fn r11_5h_extending_sets_off_a_fire_reaction() {
    let (r, mut s, u, left) = line_of_8(|w| {
        w.unit_state[usize::from(super::multihex::ENEMY)].place =
            Place::Map(Placed::at(at("S1010", 0), facing(7)));
    });
    let ev = apply(&r, &mut s, Action::Extend { unit: u, to: left });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { mover, .. } if *mover == u)),
        "{ev:?}"
    );
}
