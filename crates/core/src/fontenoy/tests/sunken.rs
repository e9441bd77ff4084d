//! F-5.5 (option `5.5`): the expanded sunken road rules, against F-2.10 without the option.

use alloc::sync::Arc;
use alloc::vec::Vec;

use super::movement::mover;
use super::*;
use crate::fontenoy::board::{Terrain, side as hs};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{CheckKind, Step};
use crate::fontenoy::tables::Mp;
use crate::fontenoy::types::{DisorderCheck, Pts};
use crate::hex::{Direction, Facing};

fn ahead(from: Hex, d: u8) -> Hex {
    from.neighbor(Direction::ALL[usize::from(d)])
}

/// The sunken-road hex: the one ahead of S1010 in direction 0; the road runs through it
/// along directions 2 and 5 (its neighbours that way are sunken road too).
fn road_hex() -> Hex {
    ahead(hex("S1010"), 0)
}

/// Lays the sunken road on the board: three hexes in a row along directions 2–5.
fn lay_road(w: &mut World) {
    let x = road_hex();
    for h in [ahead(x, 5), x, ahead(x, 2)] {
        w.board.set_terrain(h, Terrain::SunkenRoad);
    }
    w.board.add_side(x, Direction::ALL[2], hs::ROAD, false);
    w.board.add_side(x, Direction::ALL[5], hs::ROAD, false);
}

/// The TET's provisional sunken-road row (MP 2 for infantry in Line, SCM 2, Fire Defense
/// 15, Morale −5/−10, CR −3 both ways) on the open board's clear table.
fn sunken_fx(r: &mut Fontenoy, option: bool) {
    let t = Arc::make_mut(&mut r.tables);
    let fx = &mut t.terrain[Terrain::SunkenRoad as usize];
    fx.mp = [Mp::Pts(Pts::whole(2)); 6];
    fx.scm = Mp::Pts(Pts::whole(2));
    fx.fire_defense = 15;
    fx.morale = [-5, -10];
    fx.cr = [-3, -3];
    if option {
        Arc::make_mut(&mut r.scenario_rules).options_on = alloc::vec!["5.5".into()];
    }
}

fn step(r: &Fontenoy, s: &mut State, u: UnitId, to: Hex) -> Pts {
    let ev = apply(
        r,
        s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    );
    ev.iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a move")
}

#[test]
fn f5_5b_entering_off_the_road_costs_the_other_terrain_crossing_out_the_rest() {
    let x = road_hex();
    // F-2.10b: the full TET cost to enter, clear ground to leave.
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, false);
    assert_eq!(step(&r, &mut s, u, x), Pts::whole(2));
    assert_eq!(step(&r, &mut s, u, ahead(x, 1)), Pts::ONE);
    // F-5.5b: clear ground to enter; climbing out across the road pays the other 1.
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, true);
    assert_eq!(step(&r, &mut s, u, x), Pts::ONE);
    assert_eq!(step(&r, &mut s, u, ahead(x, 1)), Pts::whole(2));
}

#[test]
fn f5_5b_skirmishers_use_the_other_terrain_throughout() {
    let x = road_hex();
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, true);
    Arc::make_mut(&mut r.units)[usize::from(u)].skirmish = crate::fontenoy::units::Skirmish::Always;
    assert_eq!(step(&r, &mut s, u, x), Pts::ONE);
    assert_eq!(step(&r, &mut s, u, ahead(x, 1)), Pts::ONE);
}

#[test]
fn f5_5b_a_turn_in_the_sunken_road_costs_1_more_and_a_dc_a() {
    let x = road_hex();
    let face = |r: &Fontenoy, s: &mut State, u: UnitId| -> Pts {
        let ev = apply(r, s, Action::Face { unit: u, facing: 3 });
        ev.iter()
            .find_map(|e| match e {
                Event::Faced { cost, .. } => Some(*cost),
                _ => None,
            })
            .expect("a turn")
    };
    // Without the option: the turn's own cost, no check.
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, false);
    step(&r, &mut s, u, x);
    assert_eq!(face(&r, &mut s, u), Pts::ONE);
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(!matches!(s.steps.last(), Some(Step::Check(_))));
    // With it: 1 more and a DC(A) once the move is over.
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, true);
    step(&r, &mut s, u, x);
    assert_eq!(face(&r, &mut s, u), Pts::whole(2));
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(
        matches!(s.steps.last(), Some(Step::Check(c))
            if c.unit == u && c.kind == CheckKind::Disorder(DisorderCheck::A)),
        "{:?}",
        s.steps.last()
    );
}

#[test]
fn f5_5a_f2_10a_a_road_column_leaving_the_sunken_road_takes_a_dc_a() {
    let x = road_hex();
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, true);
    // A Road Column in the road, facing along it (direction 5, facing 10).
    s.unit_mut(u).formation = Formation::RoadColumn;
    s.unit_mut(u).sp = 4; // 8.1f: a one-hex Road Column
    s.unit_mut(u).place = Place::Map(Placed::at(x, Facing::new(10).expect("a facing")));
    // Along the road: no check owed.
    step(&r, &mut s, u, ahead(x, 5));
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(!matches!(s.steps.last(), Some(Step::Check(_))));
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, false);
    s.unit_mut(u).formation = Formation::RoadColumn;
    s.unit_mut(u).sp = 4; // 8.1f: a one-hex Road Column
    s.unit_mut(u).place = Place::Map(Placed::at(x, Facing::new(0).expect("a facing")));
    // Off the road out of the sunken hex (direction 0), and on: a DC(A) (F-2.10a as
    // F-5.5a; 11.2d: counted once more MP are spent).
    let y = ahead(x, 0);
    step(&r, &mut s, u, y);
    step(&r, &mut s, u, ahead(y, 0));
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(
        matches!(s.steps.last(), Some(Step::Check(c))
            if c.unit == u && c.kind == CheckKind::Disorder(DisorderCheck::A)),
        "{:?}",
        s.steps.last()
    );
}

/// The unit `u` placed in the sunken-road hex in `f`, facing vertex 1 (its Flank hexes in
/// directions 2 and 5, along the road).
fn in_road(s: &mut State, u: UnitId, f: Formation) {
    s.unit_mut(u).formation = f;
    s.unit_mut(u).place = Place::Map(Placed::at(road_hex(), Facing::new(1).expect("a facing")));
}

#[test]
fn f5_5c_morale_minus_5_only_for_a_line_along_the_road_10_for_skirmishers() {
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, false);
    in_road(&mut s, u, Formation::MarchColumn);
    assert_eq!(r.terrain_morale(&s, u), -5, "F-2.10c: any unit");
    sunken_fx(&mut r, true);
    assert_eq!(
        r.terrain_morale(&s, u),
        0,
        "F-5.5c: a column off the road's effects"
    );
    in_road(&mut s, u, Formation::Line);
    assert_eq!(
        r.terrain_morale(&s, u),
        -5,
        "a Line with its flanks on the road"
    );
    in_road(&mut s, u, Formation::RoadColumn);
    assert_eq!(r.terrain_morale(&s, u), -5, "by Road Movement");
    in_road(&mut s, u, Formation::Skirmish);
    assert_eq!(r.terrain_morale(&s, u), -10, "a skirmisher");
    // A Line across the road (facing vertex 3: Flank hexes in directions 0 and 3).
    s.unit_mut(u).formation = Formation::Line;
    s.unit_mut(u).place = Place::Map(Placed::at(road_hex(), Facing::new(3).expect("a facing")));
    assert_eq!(r.terrain_morale(&s, u), 0);
}

#[test]
fn f5_5c_cr_minus_3_defending_in_the_road_only_where_its_effects_count() {
    use super::close::simple_combat;
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, true);
    // An English battalion in front of the road hex, attacking it.
    let a = r.unit_index("1-zzz").expect("the English battalion");
    s.unit_mut(a).place = Place::Map(Placed::at(
        ahead(road_hex(), 0),
        Facing::new(7).expect("a facing"),
    ));
    in_road(&mut s, u, Formation::Line);
    let c = simple_combat(&s, a, u, 0);
    let g = c.defenders[0].clone();
    let in_force = r.group_cr(&s, &c, false, &g);
    in_road(&mut s, u, Formation::MarchColumn);
    let c2 = simple_combat(&s, a, u, 0);
    let g2 = c2.defenders[0].clone();
    let column = r.group_cr(&s, &c2, false, &g2);
    // The column's own −1 (13.11b) aside, the road's −3 counts only for the Line.
    let col_mod = i16::from(r.tables.close.cr.column);
    assert_eq!(in_force, column - col_mod - 3);
}

#[test]
fn f5_5c_fire_defense_15_but_not_against_fire_along_the_road() {
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, true);
    in_road(&mut s, u, Formation::Line);
    let x = road_hex();
    let o = Occupancy::build(&r, &s);
    let front = ahead(ahead(x, 0), 0);
    assert_eq!(r.defense_rating(&s, &o, &[u], &[front], x, false), 15);
    // Along the road, from two hexes down it.
    let along = ahead(ahead(x, 2), 2);
    assert_eq!(r.defense_rating(&s, &o, &[u], &[along], x, false), 10);
    // A column in the road: the other terrain's 10.
    in_road(&mut s, u, Formation::MarchColumn);
    let o = Occupancy::build(&r, &s);
    assert_eq!(r.defense_rating(&s, &o, &[u], &[front], x, false), 10);
    // Without the option: 15 (F-2.10c, the provisional TET).
    sunken_fx(&mut r, false);
    Arc::make_mut(&mut r.scenario_rules).options_on = Vec::new();
    assert_eq!(r.defense_rating(&s, &o, &[u], &[along], x, false), 15);
}

#[test]
fn f5_5d_charging_cavalry_pays_the_sunken_road_crossing_the_other_terrain_along_it() {
    let x = road_hex();
    let (mut r, _, _) = mover(lay_road);
    sunken_fx(&mut r, false);
    assert_eq!(r.scm_cost(hex("S1010"), x), Some(Pts::whole(2)));
    sunken_fx(&mut r, true);
    // In: the other terrain; out across the road: the rest; along the road: clear.
    assert_eq!(r.scm_cost(hex("S1010"), x), Some(Pts::ONE));
    assert_eq!(r.scm_cost(x, ahead(x, 0)), Some(Pts::whole(2)));
    assert_eq!(r.scm_cost(x, ahead(x, 2)), Some(Pts::ONE));
}

/// The rule of a reformation of `u` into `f` where it stands (facing `facing`).
fn reform_rule(r: &Fontenoy, s: &mut State, u: UnitId, f: Formation, facing: Facing) -> String {
    let to = Placed::at(road_hex(), facing);
    let ev = apply(
        r,
        s,
        Action::Reform {
            unit: u,
            formation: f,
            to,
        },
    );
    ev.iter()
        .find_map(|e| match e {
            Event::Reformation { rule, .. } => Some(rule.clone()),
            _ => None,
        })
        .expect("a reformation")
}

#[test]
fn f5_5b_a_column_along_the_road_changes_between_march_and_road_column_free_of_8_7() {
    let along = Facing::side(Direction::ALL[5]);
    let across = Facing::side(Direction::ALL[0]);
    let setup = |option: bool, facing: Facing| {
        let (mut r, mut s, u) = mover(lay_road);
        sunken_fx(&mut r, option);
        Arc::make_mut(&mut r.tables).terrain[Terrain::SunkenRoad as usize].difficult = true;
        s.unit_mut(u).formation = Formation::MarchColumn;
        s.unit_mut(u).sp = 4;
        s.unit_mut(u).place = Place::Map(Placed::at(road_hex(), facing));
        (r, s, u)
    };
    // F-9.2h without the option: 8.7 in a sunken road.
    let (r, mut s, u) = setup(false, along);
    assert_eq!(
        reform_rule(&r, &mut s, u, Formation::RoadColumn, along),
        "8.7"
    );
    // F-5.5b: along the road, not 8.7; across it, 8.7 still.
    let (r, mut s, u) = setup(true, along);
    assert_ne!(
        reform_rule(&r, &mut s, u, Formation::RoadColumn, along),
        "8.7"
    );
    let (r, mut s, u) = setup(true, across);
    assert_eq!(
        reform_rule(&r, &mut s, u, Formation::RoadColumn, across),
        "8.7"
    );
}

#[test]
fn r11_2d_f2_10b_f9_2h_entering_a_sunken_road_off_the_road_and_moving_on_takes_a_dc_a() {
    // The TET's "may" (F-9.2h) is 11.2d's condition: a unit entering off the road that
    // spends more MP takes a DC(A) once its move is over; one that stops there does not.
    let x = road_hex();
    let may = |r: &mut Fontenoy| {
        Arc::make_mut(&mut r.tables).terrain[Terrain::SunkenRoad as usize].dca =
            crate::fontenoy::tables::Dca::May;
    };
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, false);
    may(&mut r);
    step(&r, &mut s, u, x);
    step(&r, &mut s, u, ahead(x, 1));
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(
        matches!(s.steps.last(), Some(Step::Check(c))
            if c.unit == u && c.kind == CheckKind::Disorder(DisorderCheck::A)),
        "{:?}",
        s.steps.last()
    );
    let (mut r, mut s, u) = mover(lay_road);
    sunken_fx(&mut r, false);
    may(&mut r);
    step(&r, &mut s, u, x);
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(!matches!(s.steps.last(), Some(Step::Check(_))));
}
