//! Groups and stacking limits: 10.8a a member of a group turning or reforming alone, 10.12a
//! group changes, 11.1b group membership recorded as groups begin, 10.1c and 8.1a/8.1d/8.1f
//! SP limits at set-up and when units group.

use super::movement::mover;
use super::*;
use crate::fontenoy::geometry::Hexes;
use crate::fontenoy::setup::Where;
use crate::fontenoy::state::{Moving, Place, Step};
use crate::fontenoy::types::{Formation, Pts};
use crate::hex::Direction;

fn ahead(from: Hex, d: u8) -> Hex {
    from.neighbor(Direction::ALL[usize::from(d)])
}

/// Puts `u` into the mover's Division (X, Division 1).
fn join(w: &mut World, u: UnitId) {
    w.org.divisions[1].units.push(u);
    w.org.division_of[usize::from(u)] = Some(1);
}

/// The mover `1 AAA` (6 SP, Line facing 1 in S1010) and a second battalion `2 AAA` grouped
/// with it, each of `sp` SP.
fn pair(sp: u8) -> (Fontenoy, State, UnitId, UnitId) {
    let mut x = 0;
    let (r, mut s, u) = mover(|w| {
        x = w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
        join(w, x);
    });
    s.unit_mut(u).sp = sp;
    s.unit_mut(x).sp = sp;
    (r, s, u, x)
}

fn facing(s: &State, u: UnitId) -> u8 {
    s.unit(u).placed().expect("on the map").facing.index()
}

#[test]
fn r10_8a_one_unit_leaves_its_group_turns_alone_and_must_move_on() {
    let (r, mut s, u, x) = pair(3);
    assert_eq!(r.group_of(&s, u), alloc::vec![u, x]);
    let l = legal(&r, &s);
    assert!(l.contains(&Action::LeaveGroup { unit: x }));
    let ev = apply(&r, &mut s, Action::LeaveGroup { unit: x });
    assert!(ev.contains(&Event::LeftGroup { unit: x }));
    // 11.1b: each is now a group of its own; the one that left moves first (10.8a).
    assert_eq!(r.group_of(&s, x), alloc::vec![x]);
    assert_eq!(r.current_mover(&s), Some(x));
    let l = legal(&r, &s);
    assert!(
        !l.iter()
            .any(|a| matches!(a, Action::Face { unit, .. } if *unit == u))
    );
    let turn = l
        .iter()
        .find_map(|a| match a {
            Action::Face { unit, facing } if *unit == x => Some(*facing),
            _ => None,
        })
        .expect("the unit that left may turn alone");
    apply(
        &r,
        &mut s,
        Action::Face {
            unit: x,
            facing: turn,
        },
    );
    // 10.12a: the turn was its own; the other keeps its facing.
    assert_eq!(facing(&s, x), turn);
    assert_eq!(facing(&s, u), 1);
    // 10.1d, 10.1c: two facings do not share a hex: it may not end its move there.
    let l = legal(&r, &s);
    assert!(!l.contains(&Action::EndMove { unit: x }));
    assert!(!l.contains(&Action::EndSegment));
    let step = l
        .iter()
        .find(|a| matches!(a, Action::Step { unit, .. } if *unit == x))
        .cloned()
        .expect("it moves on");
    apply(&r, &mut s, step);
    apply(&r, &mut s, Action::EndMove { unit: x });
    // 10.8a: once it is done the one left behind, which spent nothing, moves in its turn.
    assert_eq!(r.group_of(&s, u), alloc::vec![u]);
    assert!(
        legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u))
    );
}

#[test]
fn r10_8a_a_turn_alone_that_leaves_no_mp_to_move_on_is_refused() {
    let (r, mut s, u, x) = pair(3);
    apply(&r, &mut s, Action::LeaveGroup { unit: x });
    // With no MP to leave after turning, the turn would strand two facings in one hex
    // (10.1c, 10.1a): no turn is offered, and one asked for is refused.
    let mpo = r.mpo(&s, x);
    let m = s
        .activation
        .as_mut()
        .unwrap()
        .moving
        .iter_mut()
        .find(|m| m.unit == x)
        .unwrap();
    m.mpo = mpo;
    m.spent = mpo.minus(Pts::ONE).unwrap();
    let l = legal(&r, &s);
    assert!(
        !l.iter()
            .any(|a| matches!(a, Action::Face { unit, .. } if *unit == x))
    );
    let mut ev = Vec::new();
    let turn = Action::Face { unit: x, facing: 3 };
    assert!(r.apply(&mut s, &turn, &mut ev).is_err());
    assert_eq!(facing(&s, u), 1);
}

#[test]
fn r10_8a_one_unit_reforms_alone_and_the_group_keeps_its_formation() {
    let (r, mut s, u, x) = pair(3);
    // Before leaving, a reformation changes the whole group (10.12a).
    let group_reform = legal(&r, &s).into_iter().find(|a| {
        matches!(a, Action::Reform { unit, formation: Formation::MarchColumn, .. } if *unit == u)
    });
    assert!(group_reform.is_some());
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Reform { unit, .. } if *unit == x))
    );
    apply(&r, &mut s, Action::LeaveGroup { unit: x });
    let reform = legal(&r, &s)
        .into_iter()
        .find(|a| {
            matches!(a, Action::Reform { unit, formation: Formation::MarchColumn, .. } if *unit == x)
        })
        .expect("the unit that left reforms alone");
    apply(&r, &mut s, reform);
    assert_eq!(s.unit(x).formation, Formation::MarchColumn);
    assert_eq!(s.unit(u).formation, Formation::Line);
}

#[test]
fn r10_8c_a_unit_leaving_after_the_group_moved_leaves_the_rest_done() {
    let (r, mut s, u, x) = pair(3);
    let to = ahead(hex("S1010"), 0);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    );
    apply(&r, &mut s, Action::LeaveGroup { unit: x });
    // 10.8c: the unit left behind moved with the group: it has finished.
    assert!(r.moving(&s, u).is_some_and(|m| m.done));
    assert_eq!(r.current_mover(&s), Some(x));
}

#[test]
fn r11_1b_a_unit_met_on_the_way_does_not_join_the_group() {
    let mut y = 0;
    let to = ahead(hex("S1010"), 0);
    let (r, mut s, u) = mover(|w| {
        let x = w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
        join(w, x);
        y = w.infantry("3 AAA", Side(0), "AAA", "S1010", 1);
        join(w, y);
    });
    for v in [u, 1 + u, y] {
        s.unit_mut(v).sp = 2;
    }
    // The third battalion stands ahead, in the group's formation and facing.
    let facing1 = s.unit(u).placed().unwrap().facing;
    s.unit_mut(y).place = Place::Map(crate::fontenoy::geometry::Placed::at(to, facing1));
    let ev = apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    );
    let cost = ev
        .iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .unwrap();
    // Even one that has spent what the group spent (as if it had come there on its own).
    let mpo = r.mpo(&s, y);
    s.activation.as_mut().unwrap().moving.push(Moving {
        unit: y,
        mpo,
        spent: cost,
        ..Moving::default()
    });
    // 11.1b: the group is the two that began together; it picks no one up.
    assert_eq!(r.group_of(&s, u), alloc::vec![u, 1 + u]);
    assert!(r.moving(&s, u).is_some_and(|m| m.band == Some(u)));
}

/// The state at the set-up of each deployment of scenario `id` (units set up with their
/// first choice), with the deployment's index, until `stop` says so.
fn each_deployment(id: &str, mut stop: impl FnMut(&Fontenoy, &State, u16) -> bool) {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let r = Fontenoy::new(&lib.scenario(id).expect("a scenario")).expect("loads");
    let mut s = r.initial_state();
    // F-6.2, F-3.6: the French place the redoubt and the barricades before the deployments.
    while super::setting_up(&s) {
        if let Some(&Step::Deploy { index }) = s.steps.last() {
            if stop(&r, &s, index) {
                return;
            }
        }
        let a = legal(&r, &s).into_iter().next().expect("a set-up choice");
        apply(&r, &mut s, a);
    }
    panic!("no deployment found");
}

#[test]
fn r8_1a_r8_1d_a_two_hex_unit_listed_short_of_sp_still_sets_up_as_listed() {
    each_deployment("fontenoy/battle", |r, s, index| {
        let d = &r.scenario_rules.deployments[usize::from(index)];
        let info = &r.units[usize::from(d.unit)];
        if d.hexes.len() != 2 || d.at != Where::Fixed || info.kind != Kind::Infantry {
            return false;
        }
        let deploys = |t: &State| -> Vec<Action> {
            legal(r, t)
                .into_iter()
                .filter(|a| matches!(a, Action::Deploy { unit, .. } if *unit == d.unit))
                .collect()
        };
        // With its SP, the Line SP chart gives it two hexes (8.1a, 8.1d).
        let n = deploys(s).len();
        assert!(n > 0);
        assert!(
            r.max_hexes(
                info.kind,
                info.side,
                Formation::Line,
                u16::from(s.unit(d.unit).sp)
            ) >= Some(2)
        );
        // With 2 SP it does not; the listing prevails all the same (the reading of F-10.0c).
        let mut t = s.clone();
        t.unit_mut(d.unit).sp = 2;
        assert!(r.max_hexes(info.kind, info.side, Formation::Line, 2) < Some(2));
        assert_eq!(deploys(&t).len(), n);
        true
    });
}

#[test]
fn r10_1c_f10_0c_set_up_keeps_the_stacking_tables_sp_limits() {
    // A unit the player places (an area, a radius, with its Division): too many SP for any
    // hex and formation, and it has nowhere to set up.
    let mut found = false;
    for id in [
        "fontenoy/battle",
        "fontenoy/ingoldsby",
        "fontenoy/what-if-flank-march",
    ] {
        let lib = crate::data::Library::builtin().expect("the built-in data");
        let r = Fontenoy::new(&lib.scenario(id).expect("a scenario")).expect("loads");
        let mut s = r.initial_state();
        while let Some(&Step::Deploy { index }) = s.steps.last() {
            let d = &r.scenario_rules.deployments[usize::from(index)];
            let info = &r.units[usize::from(d.unit)];
            let deploys = |t: &State| {
                legal(&r, t)
                    .into_iter()
                    .filter(|a| matches!(a, Action::Deploy { unit, .. } if *unit == d.unit))
                    .count()
            };
            if d.at != Where::Fixed && matches!(info.kind, Kind::Infantry | Kind::Cavalry) {
                assert!(deploys(&s) > 0);
                let mut t = s.clone();
                t.unit_mut(d.unit).sp = 200;
                assert_eq!(deploys(&t), 0);
                found = true;
                break;
            }
            let a = legal(&r, &s).into_iter().next().expect("a set-up choice");
            apply(&r, &mut s, a);
        }
        if found {
            break;
        }
    }
    assert!(found, "a unit placed by choice");
    // A unit set up as listed keeps its listed hex when its listed group exceeds the limits
    // in every formation (the reading of F-10.0c): 1 DAU and the guns at S3914 (Village).
    each_deployment("fontenoy/battle", |r, s, index| {
        let d = &r.scenario_rules.deployments[usize::from(index)];
        if r.units[usize::from(d.unit)].id != "fr-8lb-1" {
            return false;
        }
        assert!(
            legal(r, s)
                .iter()
                .any(|a| matches!(a, Action::Deploy { unit, .. } if *unit == d.unit))
        );
        true
    });
}

#[test]
fn r8_1f_units_of_two_regiments_do_not_group_in_a_multi_hex_road_column() {
    let mut x = 0;
    let (r, mut s, u) = mover(|w| {
        x = w.infantry("1 BBB", Side(0), "BBB", "S1010", 1);
        join(w, x);
    });
    // Two 4-SP Road Columns: `u` over two hexes, `x` standing on them as well.
    let head = hex("S1010");
    let tail = ahead(head, 3);
    let p = crate::fontenoy::geometry::Placed {
        hexes: Hexes::from_slice(&[head, tail]).unwrap(),
        facing: crate::hex::Facing::side(Direction::ALL[0]),
        hook: None,
    };
    for v in [u, x] {
        let unit = s.unit_mut(v);
        unit.formation = Formation::RoadColumn;
        unit.place = Place::Map(p);
        unit.sp = 4;
    }
    let o = crate::fontenoy::occupancy::Occupancy::build(&r, &s);
    // 10.11a: different regiments never share a multi-hex Road Column.
    assert!(!r.fits_at(&s, &o, &[u], &p, Formation::RoadColumn));
    // One regiment: 8 SP fill a two-hex column at 4 SP a hex (8.1f).
    let mut r2 = r.clone();
    alloc::sync::Arc::make_mut(&mut r2.units)[usize::from(x)].regiment =
        r.units[usize::from(u)].regiment.clone();
    assert!(r2.fits_at(&s, &o, &[u], &p, Formation::RoadColumn));
    // 5 SP do not: the head hex would not hold 4 SP with the tail holding the rest.
    s.unit_mut(x).sp = 1;
    s.unit_mut(u).sp = 4;
    let p3 = crate::fontenoy::geometry::Placed {
        hexes: Hexes::from_slice(&[head, tail, ahead(tail, 3)]).unwrap(),
        ..p
    };
    for v in [u, x] {
        s.unit_mut(v).place = Place::Map(p3);
    }
    let o = crate::fontenoy::occupancy::Occupancy::build(&r2, &s);
    assert!(!r2.fits_at(&s, &o, &[u], &p3, Formation::RoadColumn));
}

#[test]
fn r8_5a_a_split_may_draw_a_cavalry_reaction() {
    let mut subs = [0; 2];
    let mut cav = 0;
    let (r, mut s, u) = mover(|w| {
        for (k, name) in ["1 AAA a", "1 AAA b"].into_iter().enumerate() {
            let x = w.infantry(name, Side(0), "AAA", "S1010", 1);
            w.unit_state[usize::from(x)].place = Place::Waiting;
            join(w, x);
            subs[k] = x;
        }
        let p = w.units.iter().position(|i| i.id == "1-aaa").unwrap() as UnitId;
        w.org.parents.push(crate::fontenoy::units::Parent {
            parent: p,
            subunits: subs.to_vec(),
        });
        // English cavalry two hexes ahead, facing the parent.
        let at = ahead(ahead(hex("S1010"), 0), 0);
        cav = super::close::unit(w, "E CAV", Side(1), Kind::Cavalry, 4, at, 7);
    });
    apply(&r, &mut s, Action::Split { unit: u });
    // 8.5a, 17.0: the split is a change in place; the passive cavalry's window opens on
    // the subunits.
    assert!(matches!(
        s.steps.last(),
        Some(Step::Close(crate::fontenoy::close::CloseStep::CavalryReaction { mover }))
            if *mover == subs[0]
    ));
    assert!(
        legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::CavalryReact { unit, .. } if *unit == cav))
    );
}

#[test]
fn r10_1c_r8_4i_a_line_collapsing_into_general_order_must_fit_where_it_collapses() {
    use crate::fontenoy::board::Terrain;
    let right = hex("S1010");
    let f1 = crate::hex::Facing::new(1).unwrap();
    let line = crate::fontenoy::geometry::line_hexes(right, f1, 2).unwrap();
    // Its step toward direction 0: the left end's new hex is a town (General Order, 8.4i).
    let d = Direction::ALL[0];
    let town = line.as_slice()[1].neighbor(d);
    let setup = |sp: u8| {
        let (r, mut s, u) = mover(|w| {
            let v = w.infantry(
                "9 BBB",
                Side(0),
                "BBB",
                &crate::fontenoy::fhex::label(town),
                1,
            );
            w.units[usize::from(v)].sp = sp;
            w.unit_state[usize::from(v)].sp = sp;
            w.unit_state[usize::from(v)].formation = Formation::GeneralOrder;
        });
        let p = s.unit(u).placed().copied().unwrap();
        s.unit_mut(u).place = Place::Map(crate::fontenoy::geometry::Placed { hexes: line, ..p });
        let mut r = r.clone();
        alloc::sync::Arc::make_mut(&mut r.tables).terrain[Terrain::Town as usize].general_order =
            crate::fontenoy::tables::GoFor::All;
        let mut b = (*r.board).clone();
        b.set_terrain(town, Terrain::Town);
        r.board = alloc::sync::Arc::new(b);
        (r, s, u)
    };
    let step = |u: UnitId| Action::Step {
        unit: u,
        to: right.neighbor(d),
        alone: false,
    };
    // 6 + 6 SP fit in the town: the Line steps and collapses there in General Order.
    let (r, mut s, u) = setup(6);
    assert!(legal(&r, &s).contains(&step(u)));
    apply(&r, &mut s, step(u));
    assert_eq!(s.unit(u).formation, Formation::GeneralOrder);
    assert_eq!(s.unit(u).placed().map(|p| p.hex()), Some(town));
    // 6 + 8 do not (12 SP a hex): the step that would end the move there is refused.
    let (r, s, u) = setup(8);
    assert!(!legal(&r, &s).contains(&step(u)));
    let mut ev = Vec::new();
    let e = r.apply(&mut s.clone(), &step(u), &mut ev).unwrap_err();
    assert_eq!(e.rule, "10.1a");
}
