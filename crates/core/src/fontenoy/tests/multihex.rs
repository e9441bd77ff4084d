//! The movement functions of 9.4 (wheels and column turns), 11.4 Forced March, 11.5 extending
//! and shrinking, 11.6 guns by hand, 11.7–11.8 rearward moves and 11.9c the skirmisher's roll;
//! the worked examples E19, E20, E27, E28 and E29.

use super::movement::mover;
use super::*;
use crate::fontenoy::board::side as hs;
use crate::fontenoy::geometry::{Hexes, HookSide, line_hexes};
use crate::fontenoy::state::{CheckKind, Step};
use crate::fontenoy::types::{DisorderCheck, Pts};
use crate::fontenoy::units::ByHand;
use crate::hex::Direction;

/// The mover of the `mover` fixture (the last counter it pushes before `extra`).
pub(super) const U: UnitId = 5;
/// The Allied infantry of the fixture.
pub(super) const ENEMY: UnitId = 3;

pub(super) fn dir(k: u8) -> Direction {
    Direction::ALL[usize::from(k)]
}

pub(super) fn at(id: &str, d: u8) -> Hex {
    hex(id).neighbor(dir(d))
}

/// The mover set up as `kind` with `sp` SP and `mp` MP, in `formation` at `p`.
pub(super) fn set(w: &mut World, kind: Kind, sp: u8, mp: u8, formation: Formation, p: Placed) {
    let i = usize::from(U);
    w.units[i].kind = kind;
    w.units[i].sp = sp;
    w.units[i].mp = mp;
    w.unit_state[i].sp = sp;
    w.unit_state[i].formation = formation;
    w.unit_state[i].place = Place::Map(p);
}

/// The Allied infantry in a one-hex March Column at `h` facing the hexside `facing`: its ZOC is
/// the hex ahead of it, and it cannot fire (no Fire Reaction, 12.2a).
pub(super) fn enemy_column(w: &mut World, h: Hex, facing: u8) {
    let i = usize::from(ENEMY);
    w.unit_state[i].formation = Formation::MarchColumn;
    w.unit_state[i].place = Place::Map(Placed::at(h, Facing::new(facing).unwrap()));
}

pub(super) fn facing(n: u8) -> Facing {
    Facing::new(n).unwrap()
}

pub(super) fn placed(s: &State, u: UnitId) -> Placed {
    *s.unit(u).placed().expect("on the map")
}

pub(super) fn spent(s: &State, u: UnitId) -> Pts {
    s.activation
        .as_ref()
        .and_then(|a| a.moving.iter().find(|m| m.unit == u))
        .map_or(Pts::ZERO, |m| m.spent)
}

fn cost(ev: &[Event]) -> Pts {
    ev.iter()
        .find_map(|e| match e {
            Event::Wheeled { cost, .. }
            | Event::ColumnTurned { cost, .. }
            | Event::Resized { cost, .. }
            | Event::MovedRearward { cost, .. }
            | Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a move")
}

pub(super) fn refused(r: &Fontenoy, s: &State, a: Action) -> crate::engine::Illegal {
    let mut ev = Vec::new();
    let mut t = s.clone();
    let e = r.apply(&mut t, &a, &mut ev).unwrap_err();
    assert_eq!(&t, s, "a refused action changes nothing");
    e
}

/// A 12-SP cavalry Line of 3 hexes, right end at S1010, facing vertex 1 (7 MP).
fn cavalry_line(w: &mut World) {
    let p = Placed {
        hexes: line_hexes(hex("S1010"), facing(1), 3).unwrap(),
        facing: facing(1),
        hook: None,
    };
    set(w, Kind::Cavalry, 12, 7, Formation::Line, p);
}

#[test]
fn r9_4b_e20_a_three_hex_cavalry_line_wheels_for_3_mp() {
    let (r, mut s, u) = mover(cavalry_line);
    assert_eq!(u, U);
    let before = placed(&s, u);
    let (path, after) = Fontenoy::wheel_path(&before, HookSide::Right, 1).unwrap();
    assert_eq!(path.len(), 2, "the moving end enters 2 hexes");
    let a = Action::Wheel {
        unit: u,
        pivot: HookSide::Right,
        turn: 1,
    };
    assert!(legal(&r, &s).contains(&a));
    let ev = apply(&r, &mut s, a);
    // 1 for the one-hexside turn, 1 for each of the 2 hexes the moving end enters.
    assert_eq!(cost(&ev), Pts::whole(3));
    let now = placed(&s, u);
    assert_eq!(now, after);
    assert_eq!(now.hexes.first(), hex("S1010"), "the pivot stays");
    assert_eq!(now.facing, facing(11), "turned one hexside to its right");
    assert_eq!(now.hexes.last(), *path.last().unwrap());
    assert_eq!(spent(&s, u), Pts::whole(3));
}

#[test]
fn r9_4b_e20_with_a_slope_on_the_moving_end_s_way_the_wheel_costs_4() {
    let (r, mut s, u) = mover(|w| {
        cavalry_line(w);
        let p = Placed {
            hexes: line_hexes(hex("S1010"), facing(1), 3).unwrap(),
            facing: facing(1),
            hook: None,
        };
        let (path, _) = Fontenoy::wheel_path(&p, HookSide::Right, 1).unwrap();
        // The hexside between the two hexes the moving end enters, climbing.
        let d = path[0].direction_to(path[1]).unwrap();
        w.board.add_side(path[0], d, hs::SLOPE_REGULAR, true);
    });
    let ev = apply(
        &r,
        &mut s,
        Action::Wheel {
            unit: u,
            pivot: HookSide::Right,
            turn: 1,
        },
    );
    assert_eq!(cost(&ev), Pts::whole(4), "one more for the slope hexside");
}

#[test]
fn r9_4b_a_line_pivoting_on_its_left_end_turns_left_and_keeps_that_end() {
    let (r, mut s, u) = mover(cavalry_line);
    let left_end = placed(&s, u).hexes.last();
    let ev = apply(
        &r,
        &mut s,
        Action::Wheel {
            unit: u,
            pivot: HookSide::Left,
            turn: 2,
        },
    );
    let now = placed(&s, u);
    assert_eq!(now.hexes.last(), left_end);
    assert_eq!(now.facing, facing(5));
    // 2 for a two-hexside turn, 4 hexes entered by the moving end.
    assert_eq!(cost(&ev), Pts::whole(6));
    // 7 MP: a second wheel of one hexside (3) is too dear now.
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Wheel { .. }))
    );
}

#[test]
fn r9_4b_a_single_hex_line_does_not_wheel_and_a_hook_never_turns() {
    let (r, s, u) = mover(|_| {});
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Wheel { .. }))
    );
    let e = refused(
        &r,
        &s,
        Action::Wheel {
            unit: u,
            pivot: HookSide::Right,
            turn: 1,
        },
    );
    assert_eq!(e.rule, "9.4b");
}

/// An English infantry battalion of 6 SP in a 2-hex March Column, head at S1010 facing the
/// hexside toward direction 0.
fn march_column(w: &mut World) {
    let head = hex("S1010");
    let p = Placed {
        hexes: Hexes::from_slice(&[head, head.neighbor(dir(3))]).unwrap(),
        facing: facing(0),
        hook: None,
    };
    set(w, Kind::Infantry, 6, 4, Formation::MarchColumn, p);
    w.units[usize::from(U)].nationality = crate::fontenoy::types::Nationality::English;
}

#[test]
fn r9_4a_e19_a_two_hex_march_column_turns_for_the_hex_entered_and_one_hexside() {
    let (r, mut s, u) = mover(march_column);
    let head = hex("S1010");
    let c = head.neighbor(dir(1));
    let turn = match r
        .tables
        .facing_cost(&r.units[usize::from(u)], Formation::MarchColumn, 1)
    {
        crate::fontenoy::tables::Mp::Pts(p) => p,
        other => panic!("{other:?}"),
    };
    let ev = apply(&r, &mut s, Action::ColumnTurn { unit: u, to: c });
    // Open ground (1) and the head's one-hexside turn.
    assert_eq!(cost(&ev), Pts::ONE.plus(turn));
    let now = placed(&s, u);
    assert_eq!(now.hexes.as_slice(), &[c, head]);
    assert_eq!(now.facing, facing(2));
    assert!(crate::fontenoy::geometry::shape_ok(
        Formation::MarchColumn,
        &now
    ));
}

#[test]
fn r9_4a_a_turn_is_of_one_or_two_hexsides_into_an_adjacent_hex() {
    let (r, s, u) = mover(march_column);
    let head = hex("S1010");
    let turns: Vec<Hex> = legal(&r, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::ColumnTurn { unit, to } if unit == u => Some(to),
            _ => None,
        })
        .collect();
    // Ahead is a step; behind is the column's own tail.
    let mut want: Vec<Hex> = [1u8, 2, 4, 5]
        .iter()
        .map(|&k| head.neighbor(dir(k)))
        .collect();
    want.sort();
    let mut got = turns.clone();
    got.sort();
    assert_eq!(got, want);
    let e = refused(
        &r,
        &s,
        Action::ColumnTurn {
            unit: u,
            to: head.neighbor(dir(0)),
        },
    );
    assert_eq!(e.rule, "9.4a");
}

#[test]
fn r11_4a_e27_forced_march_gives_4_mp_infantry_6_and_7_mp_cavalry_10() {
    let (r, mut s, u) = mover(|_| {});
    let ev = apply(&r, &mut s, Action::ForcedMarch { unit: u });
    assert!(ev.contains(&Event::ForcedMarch {
        unit: u,
        mpo: Pts::whole(6)
    }));
    assert_eq!(r.mp_left(&s, u), Pts::whole(6));
    let (r, mut s, u) = mover(|w| {
        w.units[usize::from(U)].kind = Kind::Cavalry;
        w.units[usize::from(U)].mp = 7;
    });
    apply(&r, &mut s, Action::ForcedMarch { unit: u });
    assert_eq!(r.mp_left(&s, u), Pts::whole(10));
}

#[test]
fn r11_4a_a_forced_march_ends_with_dc_a_at_plus_5() {
    let (r, mut s, u) = mover(|_| {});
    apply(&r, &mut s, Action::ForcedMarch { unit: u });
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: at("S1010", 0),
            alone: false,
        },
    );
    apply(&r, &mut s, Action::EndMove { unit: u });
    let plus = r
        .tables
        .checks
        .disorder_mod("forced_march", DisorderCheck::A);
    assert_eq!(plus, 5);
    assert!(s.steps.iter().any(|st| matches!(
        st,
        Step::Check(c) if c.unit == u
            && c.kind == CheckKind::Disorder(DisorderCheck::A)
            && c.er_mod == plus
    )));
}

#[test]
fn r11_4b_no_forced_march_when_disordered_in_skirmish_or_once_moving() {
    // Disordered once its Movement Segment has begun (the fixture's commander would rally it
    // in 18.6).
    let (r, mut s, u) = mover(|_| {});
    s.unit_mut(u).disordered = true;
    assert!(!legal(&r, &s).contains(&Action::ForcedMarch { unit: u }));
    assert_eq!(
        refused(&r, &s, Action::ForcedMarch { unit: u }).rule,
        "11.4b"
    );
    let (r, s, u) = mover(|w| w.unit_state[usize::from(U)].formation = Formation::Skirmish);
    assert_eq!(
        refused(&r, &s, Action::ForcedMarch { unit: u }).rule,
        "11.4b"
    );
    let (r, mut s, u) = mover(|_| {});
    assert!(legal(&r, &s).contains(&Action::ForcedMarch { unit: u }));
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: at("S1010", 0),
            alone: false,
        },
    );
    assert!(!legal(&r, &s).contains(&Action::ForcedMarch { unit: u }));
}

#[test]
fn r11_5c_a_line_extends_at_either_end_for_1_plus_the_hex_and_shrinks_the_same() {
    // The French stand in four ranks (F-3.1b): 6 SP hold one hex, 8 SP two.
    let (r, s, u) = mover(|_| {});
    assert_eq!(
        r.max_hexes(Kind::Infantry, Side(0), Formation::Line, 6),
        Some(1)
    );
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Extend { .. }))
    );
    let axis = crate::fontenoy::geometry::line_axis(facing(1));
    let left = hex("S1010").neighbor(axis);
    let right = hex("S1010").neighbor(axis.opposite());
    assert_eq!(
        refused(&r, &s, Action::Extend { unit: u, to: left }).rule,
        "11.5a"
    );
    let (r, mut s, u) = mover(|w| {
        w.unit_state[usize::from(U)].sp = 8;
        w.units[usize::from(U)].sp = 8;
    });
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::Extend { unit: u, to: left }));
    assert!(acts.contains(&Action::Extend { unit: u, to: right }));
    let ev = apply(&r, &mut s, Action::Extend { unit: u, to: left });
    assert!(
        ev.contains(&Event::Resized {
            unit: u,
            hex: left,
            hexes: 2,
            extended: true,
            cost: Pts::whole(2)
        }),
        "1 + Open 1"
    );
    assert_eq!(placed(&s, u).hexes.as_slice(), &[hex("S1010"), left]);
    let ev = apply(
        &r,
        &mut s,
        Action::Shrink {
            unit: u,
            from: hex("S1010"),
        },
    );
    assert_eq!(cost(&ev), Pts::whole(2));
    assert_eq!(placed(&s, u).hexes.as_slice(), &[left]);
    assert_eq!(r.mp_left(&s, u), Pts::ZERO);
}

#[test]
fn r11_5e_e28_a_hook_right_extends_left_into_open_for_3_mp() {
    let (r, mut s, u) = mover(|w| {
        w.unit_state[usize::from(U)].sp = 8;
        w.units[usize::from(U)].sp = 8;
        w.unit_state[usize::from(U)].formation = Formation::Hook;
        w.unit_state[usize::from(U)].place = Place::Map(Placed {
            hook: Some(HookSide::Right),
            ..Placed::at(hex("S1010"), facing(1))
        });
    });
    let axis = crate::fontenoy::geometry::line_axis(facing(1));
    let left = hex("S1010").neighbor(axis);
    let right = hex("S1010").neighbor(axis.opposite());
    let acts = legal(&r, &s);
    assert!(
        !acts.contains(&Action::Extend { unit: u, to: right }),
        "not at the hooked end"
    );
    let ev = apply(&r, &mut s, Action::Extend { unit: u, to: left });
    assert_eq!(
        cost(&ev),
        Pts::whole(3),
        "1 for extending, 1 Open, 1 for the Hook"
    );
    let now = placed(&s, u);
    assert_eq!(now.hook, Some(HookSide::Right));
    assert!(crate::fontenoy::geometry::shape_ok(Formation::Hook, &now));
}

#[test]
fn r11_5a_a_disordered_line_neither_extends_nor_shrinks() {
    let (r, mut s, u) = mover(|w| {
        w.unit_state[usize::from(U)].sp = 8;
        w.units[usize::from(U)].sp = 8;
    });
    assert!(
        legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Extend { .. }))
    );
    s.unit_mut(u).disordered = true;
    let left = hex("S1010").neighbor(crate::fontenoy::geometry::line_axis(facing(1)));
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Extend { .. }))
    );
    assert_eq!(
        refused(&r, &s, Action::Extend { unit: u, to: left }).rule,
        "11.5a"
    );
}

#[test]
fn r11_5d_a_march_column_adds_its_rear_hex_for_nothing_as_its_head_advances() {
    // 8 cavalry SP in a 1-hex March Column facing the hexside toward direction 0.
    let (r, mut s, u) = mover(|w| {
        set(
            w,
            Kind::Cavalry,
            8,
            7,
            Formation::MarchColumn,
            Placed::at(hex("S1010"), facing(0)),
        );
    });
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Extend { .. }))
    );
    let head = at("S1010", 0);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: head,
            alone: false,
        },
    );
    let ev = apply(
        &r,
        &mut s,
        Action::Extend {
            unit: u,
            to: hex("S1010"),
        },
    );
    assert_eq!(cost(&ev), Pts::ZERO);
    assert_eq!(placed(&s, u).hexes.as_slice(), &[head, hex("S1010")]);
    // No more credit: the head has entered one hex.
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Extend { .. }))
    );
    // Shrinking pulls the tail into the hex ahead for its terrain (Open, 1).
    let ev = apply(
        &r,
        &mut s,
        Action::Shrink {
            unit: u,
            from: hex("S1010"),
        },
    );
    assert_eq!(cost(&ev), Pts::ONE);
    assert_eq!(placed(&s, u).hexes.as_slice(), &[head]);
}

fn rear(k: u8) -> Hex {
    // Facing vertex 1: the Rear hexes lie toward directions 3 and 4.
    at("S1010", 3 + k)
}

#[test]
fn r11_7_e29_two_rearward_steps_into_open_cost_4_and_dc_a_follows() {
    let (r, mut s, u) = mover(|_| {});
    let ev = apply(
        &r,
        &mut s,
        Action::Rearward {
            unit: u,
            to: rear(0),
        },
    );
    assert_eq!(cost(&ev), Pts::whole(2), "Open 1 + 1");
    assert_eq!(placed(&s, u).facing, facing(1), "the facing is kept");
    // The same Rear hex again would be oblique (11.7b).
    let again = rear(0).neighbor(dir(3));
    assert_eq!(
        refused(&r, &s, Action::Rearward { unit: u, to: again }).rule,
        "11.7b"
    );
    let other = rear(0).neighbor(dir(4));
    let ev = apply(&r, &mut s, Action::Rearward { unit: u, to: other });
    assert_eq!(cost(&ev), Pts::whole(2));
    assert_eq!(r.mp_left(&s, u), Pts::ZERO);
    // No Forced March for it now.
    assert!(!legal(&r, &s).contains(&Action::ForcedMarch { unit: u }));
    apply(&r, &mut s, Action::EndMove { unit: u });
    let plus = r
        .tables
        .checks
        .disorder_mod("line_rearward", DisorderCheck::A);
    assert!(s.steps.iter().any(|st| matches!(
        st,
        Step::Check(c) if c.unit == u
            && c.kind == CheckKind::Disorder(DisorderCheck::A)
            && c.er_mod == plus
    )));
}

#[test]
fn r11_7b_a_unit_on_forced_march_does_not_move_rearward() {
    let (r, mut s, u) = mover(|_| {});
    apply(&r, &mut s, Action::ForcedMarch { unit: u });
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Rearward { .. }))
    );
    assert_eq!(
        refused(
            &r,
            &s,
            Action::Rearward {
                unit: u,
                to: rear(0)
            }
        )
        .rule,
        "11.7b"
    );
}

#[test]
fn r11_7d_a_line_never_moves_rearward_into_an_enemy_zoc() {
    // The enemy column's one Frontal hex is the mover's first Rear hex.
    let (r, s, u) = mover(|w| {
        let e = rear(0).neighbor(dir(3));
        enemy_column(w, e, 0);
    });
    assert_eq!(
        refused(
            &r,
            &s,
            Action::Rearward {
                unit: u,
                to: rear(0)
            }
        )
        .rule,
        "11.7d"
    );
    assert!(legal(&r, &s).contains(&Action::Rearward {
        unit: u,
        to: rear(1)
    }));
}

#[test]
fn r11_8a_a_skirmisher_moves_into_a_flank_hex_for_the_terrain_and_a_half() {
    let (r, mut s, u) = mover(|w| w.unit_state[usize::from(U)].formation = Formation::Skirmish);
    let flanks = [at("S1010", 5), at("S1010", 2)];
    let acts = legal(&r, &s);
    for f in flanks {
        assert!(acts.contains(&Action::Rearward { unit: u, to: f }));
    }
    let ev = apply(
        &r,
        &mut s,
        Action::Rearward {
            unit: u,
            to: flanks[0],
        },
    );
    assert_eq!(cost(&ev), Pts::ONE.plus(Pts::HALF));
    apply(&r, &mut s, Action::EndMove { unit: u });
    // 11.8b: no DC(A).
    assert!(!s.steps.iter().any(|st| matches!(st, Step::Check(_))));
}

/// A 2-SP gun of the Division, unlimbered at S1012 facing vertex 1, moving by hand as `mark`.
pub(super) fn gun(w: &mut World, mark: ByHand) -> UnitId {
    let mut info = World::info("Gun", Side(0), Kind::Artillery);
    info.sp = 2;
    info.mp = 3;
    info.by_hand = mark;
    let g = w.push(info, Some(Placed::at(hex("S1012"), facing(1))));
    w.org.division_of[usize::from(g)] = Some(1);
    w.org.divisions[1].units.push(g);
    g
}

#[test]
fn r11_6_p_guns_move_one_hex_by_hand_into_a_frontal_or_rear_hex_and_stop() {
    let mut g = 0;
    let (r, mut s, _) = mover(|w| g = gun(w, ByHand::P));
    let mut hexes: Vec<Hex> = legal(&r, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::ByHand { unit, to } if unit == g => Some(to),
            _ => None,
        })
        .collect();
    hexes.sort();
    let mut want: Vec<Hex> = [0u8, 1, 3, 4].iter().map(|&k| at("S1012", k)).collect();
    want.sort();
    assert_eq!(hexes, want);
    let to = at("S1012", 3);
    let ev = apply(&r, &mut s, Action::ByHand { unit: g, to });
    assert!(ev.contains(&Event::MovedByHand { unit: g, to }));
    assert_eq!(placed(&s, g), Placed::at(to, facing(1)));
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::ByHand { .. }))
    );
    assert!(r.current_mover(&s).is_none(), "its move is over");
}

#[test]
fn r11_6_guns_without_the_mark_never_move_by_hand() {
    let mut g = 0;
    let (r, s, _) = mover(|w| g = gun(w, ByHand::No));
    assert_eq!(
        refused(
            &r,
            &s,
            Action::ByHand {
                unit: g,
                to: at("S1012", 0)
            }
        )
        .rule,
        "11.6"
    );
}

#[test]
fn r11_9b_guns_by_hand_do_not_enter_an_empty_enemy_zoc() {
    let mut g = 0;
    let (r, s, _) = mover(|w| {
        g = gun(w, ByHand::Fp);
        // The enemy column's Frontal hex is the gun's Frontal hex toward direction 0.
        let e = at("S1012", 0).neighbor(dir(0));
        enemy_column(w, e, 6);
    });
    let acts = legal(&r, &s);
    assert!(!acts.contains(&Action::ByHand {
        unit: g,
        to: at("S1012", 0)
    }));
    assert!(acts.contains(&Action::ByHand {
        unit: g,
        to: at("S1012", 1)
    }));
}

#[test]
fn r11_1b_f3_7a_swedish_guns_moved_by_hand_once_may_end_their_move() {
    let mut g = 0;
    let (r, mut s, _) = mover(|w| g = gun(w, ByHand::Fp2));
    apply(
        &r,
        &mut s,
        Action::ByHand {
            unit: g,
            to: at("S1012", 0),
        },
    );
    assert_eq!(r.current_mover(&s), Some(g), "one by-hand point left");
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::EndMove { unit: g }), "{acts:?}");
    assert!(acts.iter().any(|a| matches!(a, Action::ByHand { .. })));
    apply(&r, &mut s, Action::EndMove { unit: g });
    assert!(r.current_mover(&s).is_none());
}

/// A skirmisher at S1010 facing vertex 1; the enemy column's Frontal hex is the skirmisher's
/// right Frontal hex.
fn skirmisher(w: &mut World) {
    w.unit_state[usize::from(U)].formation = Formation::Skirmish;
    let e = at("S1010", 0).neighbor(dir(0));
    enemy_column(w, e, 6);
}

#[test]
fn r11_9c_a_skirmisher_that_fails_its_roll_stops_where_it_stands() {
    let (r, mut s, u) = mover(skirmisher);
    let step = Action::Step {
        unit: u,
        to: at("S1010", 0),
        alone: false,
    };
    apply(&r, &mut s, step);
    assert_eq!(
        s.steps.last(),
        Some(&Step::SkirmishEzoc {
            unit: u,
            to: at("S1010", 0)
        })
    );
    let ev = apply(&r, &mut s, d100(29));
    assert!(ev.contains(&Event::EzocRoll {
        unit: u,
        roll: 29,
        er: 30,
        passed: false
    }));
    assert_eq!(placed(&s, u).hex(), hex("S1010"));
    assert!(r.current_mover(&s).is_none(), "its movement is over");
}

#[test]
fn r11_9c_a_skirmisher_that_rolls_its_er_enters_paying_1_more() {
    let (r, mut s, u) = mover(skirmisher);
    let step = Action::Step {
        unit: u,
        to: at("S1010", 0),
        alone: false,
    };
    apply(&r, &mut s, step.clone());
    apply(&r, &mut s, d100(30));
    assert!(legal(&r, &s).contains(&step));
    let ev = apply(&r, &mut s, step);
    assert_eq!(cost(&ev), Pts::whole(2), "Open 1 + 1 into the enemy ZOC");
    assert_eq!(placed(&s, u).hex(), at("S1010", 0));
}
