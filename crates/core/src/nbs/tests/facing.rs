//! Facing (13.0a modes, 13.1b artillery turns, 13.2b stacks, 13.2c roads with ERR-4).

use super::kit::{
    apply, clear_spot, dir, empty, first_of, halves, hex_cost, id, legal, moved_cost, n_of, north,
    put, road_north, rules,
};
use crate::engine::{Rules, Side};
use crate::hex::{Compass, Facing, Hex};
use crate::nbs::board::{Terrain, side as hs};
use crate::nbs::state::{Phase, State, flag};
use crate::nbs::tables::MoveClass;
use crate::nbs::types::{Formation, UnitKind};
use crate::nbs::{Action, Event, Nbs};
use alloc::vec::Vec;

/// 13.0a: the facing mode of each formation and situation.
#[test]
fn r13_0a_facing_mode_by_formation_and_terrain() {
    use crate::nbs::board::Terrain;
    use crate::nbs::types::FacingMode;
    use crate::nbs::types::MoraleState;
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let town = n_of(at, 2);
    r.board.set_terrain(town, Terrain::Town);
    let inf = first_of(&r, Side(0), UnitKind::Infantry);
    let cav = first_of(&r, Side(0), UnitKind::Cavalry);
    let art = first_of(&r, Side(0), UnitKind::Artillery);
    let skr = first_of(&r, Side(0), UnitKind::Skirmisher);
    let ldr = first_of(&r, Side(0), UnitKind::Leader);
    let mode = |s: &State, u| r.facing_mode(s, u);
    let mut s = empty(&r, Phase::Movement);
    for (f, want) in [
        (Formation::Line, FacingMode::Standard),
        (Formation::Column, FacingMode::Standard),
        (Formation::Square, FacingMode::AllFrontal),
    ] {
        put(&mut s, inf, at, north(), f);
        assert_eq!(mode(&s, inf), want, "{f:?}");
    }
    put(&mut s, art, n_of(at, 1), north(), Formation::Unlimbered);
    assert_eq!(mode(&s, art), FacingMode::Standard, "unlimbered");
    put(&mut s, art, n_of(at, 1), north(), Formation::Limbered);
    assert_eq!(mode(&s, art), FacingMode::AllFlank, "limbered");
    let cav_form = s.units[usize::from(cav)].formation;
    put(&mut s, cav, n_of(at, 3), north(), cav_form);
    assert_eq!(mode(&s, cav), FacingMode::Standard, "cavalry");
    s.units[usize::from(cav)].flags |= flag::BLOWN;
    assert_eq!(mode(&s, cav), FacingMode::Standard, "blown cavalry");
    // A skirmisher alone faces all round; stacked with another type, as the counter shows.
    let lone = (0..6).fold(at, |h, _| h.neighbor(dir(crate::hex::Compass::S)));
    let skr_form = s.units[usize::from(skr)].formation;
    put(&mut s, skr, lone, north(), skr_form);
    assert_eq!(mode(&s, skr), FacingMode::AllFrontal, "lone skirmisher");
    put(&mut s, skr, at, north(), skr_form);
    put(&mut s, inf, at, north(), Formation::Line);
    assert_eq!(mode(&s, skr), FacingMode::Standard, "stacked skirmisher");
    // In a town any unit not routed faces all round; routed units are all flank.
    put(&mut s, inf, town, north(), Formation::Column);
    assert_eq!(mode(&s, inf), FacingMode::AllFrontal, "in town");
    s.units[usize::from(inf)].morale = MoraleState::Routed;
    assert_eq!(mode(&s, inf), FacingMode::AllFlank, "routed in town");
    put(&mut s, ldr, at, north(), Formation::None);
    assert_eq!(mode(&s, ldr), FacingMode::None, "leaders have no facing");
}

/// 13.1b: unlimbered artillery may spend MPs to turn (it cannot move). Missing: the free
/// about-face at the formation change (the turn costs its MP as any other).
#[test]
fn r13_1b_unlimbered_artillery_turns_by_mps() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::Movement);
    let gun = id(&r, "4b(h-f)");
    put(&mut s, gun, at, north(), Formation::Unlimbered);
    assert!(
        r.applied(
            &s,
            &Action::Step {
                unit: gun,
                to: n_of(at, 1)
            }
        )
        .is_err()
    );
    let about = Facing::side(dir(Compass::S)).index();
    let turn = Action::Face {
        unit: gun,
        facing: about,
    };
    assert!(legal(&r, &s).contains(&turn));
    let (t, ev) = apply(&r, &s, turn.clone());
    assert!(
        ev.iter().any(|e| matches!(e, Event::Faced { cost: 1, .. })),
        "13.1d: 1 MP"
    );
    assert_eq!(t.units[usize::from(gun)].facing.index(), about);
    // With no MPs left, no turn.
    let mut spent = s.clone();
    spent.units[usize::from(gun)].spent = 200;
    assert_eq!(r.applied(&spent, &turn).unwrap_err().rule, "13.1");
    // Limbering with `Form` keeps the facing (the free about-face is `FormAbout`, 13.1b).
    let (l, _) = apply(
        &r,
        &s,
        Action::Form {
            unit: gun,
            formation: Formation::Limbered,
        },
    );
    assert_eq!(l.units[usize::from(gun)].facing, north());
}

/// 13.1b: as it limbers or unlimbers, a battery may turn about for nothing: the same MPs as
/// the plain formation change, the facing reversed. Only artillery may.
#[test]
fn r13_1b_artillery_turns_about_free_when_limbering_or_unlimbering() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::Movement);
    let gun = id(&r, "4b(h-f)");
    put(&mut s, gun, at, north(), Formation::Unlimbered);
    let south = Facing::side(dir(Compass::S));
    for (from, to) in [
        (Formation::Unlimbered, Formation::Limbered),
        (Formation::Limbered, Formation::Unlimbered),
    ] {
        let mut x = s.clone();
        x.units[usize::from(gun)].formation = from;
        let about = Action::FormAbout {
            unit: gun,
            formation: to,
        };
        assert!(legal(&r, &x).contains(&about), "{from:?} to {to:?}");
        let (plain, _) = apply(
            &r,
            &x,
            Action::Form {
                unit: gun,
                formation: to,
            },
        );
        let (t, ev) = apply(&r, &x, about);
        assert_eq!(t.units[usize::from(gun)].formation, to);
        assert_eq!(t.units[usize::from(gun)].facing, south, "turned about");
        assert_eq!(
            plain.units[usize::from(gun)].facing,
            north(),
            "Form keeps it"
        );
        assert_eq!(
            t.units[usize::from(gun)].spent,
            plain.units[usize::from(gun)].spent,
            "no extra MPs"
        );
        assert!(ev.iter().any(|e| matches!(e, Event::Faced { cost: 0, .. })));
    }
    let inf = id(&r, "1-1-4");
    put(&mut s, inf, n_of(at, 1), north(), Formation::Column);
    let e = r
        .applied(
            &s,
            &Action::FormAbout {
                unit: inf,
                formation: Formation::Line,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "13.1b");
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

/// A road of `bit` from `at` along `dirs`, one hexside per direction: the hexes it runs
/// through, `at` first.
fn lay_road(r: &mut Nbs, at: Hex, dirs: &[Compass], bit: u16) -> Vec<Hex> {
    let mut v = alloc::vec![at];
    for &c in dirs {
        let h = *v.last().unwrap();
        r.board.add_side_bits(h, dir(c), bit);
        v.push(h.neighbor(dir(c)));
    }
    v
}

fn road_rate(r: &Nbs, class: MoveClass) -> u16 {
    halves(
        r.tables
            .road_cost(class, r.feature_idx(hs::PRIMARY_ROAD).unwrap())
            .unwrap(),
    )
}

fn side_of(c: Compass) -> Facing {
    Facing::side(dir(c))
}

/// 13.2c: moving along a road the facing costs nothing (not even the 13.2a doubling), and
/// the unit ends each road step facing down the road: its centre front on the next road
/// hexside, so round a bend, not along the step it took.
#[test]
fn r13_2c_road_step_ignores_facing_and_faces_along_the_road() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    // North, then bending north-east, then north-west.
    let road = lay_road(
        &mut r,
        at,
        &[Compass::N, Compass::NE, Compass::NW],
        hs::PRIMARY_ROAD,
    );
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Column);
    let rate = road_rate(&r, MoveClass::InfantryColumn);
    let (s1, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: u,
            to: road[1],
        },
    );
    assert_eq!(moved_cost(&ev), rate);
    assert_eq!(
        s1.units[usize::from(u)].facing,
        side_of(Compass::NE),
        "faces the next road hexside, round the bend"
    );
    let (s2, ev) = apply(
        &r,
        &s1,
        Action::Step {
            unit: u,
            to: road[2],
        },
    );
    assert_eq!(moved_cost(&ev), rate);
    assert_eq!(s2.units[usize::from(u)].facing, side_of(Compass::NW));
    // At the road's end it faces along its last step.
    let (s3, ev) = apply(
        &r,
        &s2,
        Action::Step {
            unit: u,
            to: road[3],
        },
    );
    assert_eq!(moved_cost(&ev), rate);
    assert_eq!(s3.units[usize::from(u)].facing, side_of(Compass::NW));
    // Off the road a side step is doubled (13.2a) and the facing kept.
    let nw = at.neighbor(dir(Compass::NW));
    let (s4, ev) = apply(&r, &s, Action::Step { unit: u, to: nw });
    assert_eq!(
        moved_cost(&ev),
        2 * hex_cost(&r, MoveClass::InfantryColumn, Terrain::Clear)
    );
    assert_eq!(s4.units[usize::from(u)].facing, north());
}

/// 13.2c: at a junction the automatic facing is the branch nearest straight ahead, and the
/// player may turn free to any other road hexside ahead (not back down the road it came
/// by) while the unit stands there; it still moves on along either branch ignoring facing.
/// Any other turn costs MPs as usual and ends the road movement.
#[test]
fn r13_2c_junction_offers_each_road_facing() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let road = lay_road(&mut r, at, &[Compass::N, Compass::N], hs::PRIMARY_ROAD);
    let fork = road[1];
    r.board
        .add_side_bits(fork, dir(Compass::NE), hs::PRIMARY_ROAD);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Column);
    let rate = road_rate(&r, MoveClass::InfantryColumn);
    let (s1, _) = apply(&r, &s, Action::Step { unit: u, to: fork });
    assert_eq!(
        s1.units[usize::from(u)].facing,
        north(),
        "straight on first"
    );
    let spent = s1.units[usize::from(u)].spent;
    let faces: Vec<u8> = legal(&r, &s1)
        .into_iter()
        .filter_map(|a| match a {
            Action::Face { unit, facing } if unit == u => Some(facing),
            _ => None,
        })
        .collect();
    let ne = side_of(Compass::NE);
    assert!(faces.contains(&ne.index()), "{faces:?}");
    // The road-ahead facing is free; the unit is still moving along the road.
    let (s2, ev) = apply(
        &r,
        &s1,
        Action::Face {
            unit: u,
            facing: ne.index(),
        },
    );
    assert_eq!(
        s2.units[usize::from(u)].spent,
        spent,
        "no MP for the choice"
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Faced { cost: 0, .. })));
    // Back to the other branch, free again; and the straight branch at the road rate
    // whatever the facing.
    let (s3, _) = apply(
        &r,
        &s2,
        Action::Face {
            unit: u,
            facing: north().index(),
        },
    );
    assert_eq!(s3.units[usize::from(u)].spent, spent);
    let (_, ev) = apply(
        &r,
        &s2,
        Action::Step {
            unit: u,
            to: road[2],
        },
    );
    assert_eq!(moved_cost(&ev), rate, "facing ignored along the road");
    // Back down the road it came by is no free facing: an about-face at 1 MP.
    let (s4, _) = apply(
        &r,
        &s1,
        Action::Face {
            unit: u,
            facing: side_of(Compass::S).index(),
        },
    );
    assert_eq!(s4.units[usize::from(u)].spent, spent + 2);
    // A paid turn off the road ends the road movement: the branch north now pays the
    // terrain, doubled off the centre front.
    let (s5, _) = apply(
        &r,
        &s1,
        Action::Face {
            unit: u,
            facing: side_of(Compass::NW).index(),
        },
    );
    assert_eq!(s5.units[usize::from(u)].spent, spent + 2);
    let (_, ev) = apply(
        &r,
        &s5,
        Action::Step {
            unit: u,
            to: road[2],
        },
    );
    assert_eq!(
        moved_cost(&ev),
        2 * hex_cost(&r, MoveClass::InfantryColumn, Terrain::Clear)
    );
    // A unit that did not arrive by road has no free facings there.
    let mut s6 = empty(&r, Phase::Movement);
    put(&mut s6, u, fork, north(), Formation::Column);
    let (s7, _) = apply(
        &r,
        &s6,
        Action::Face {
            unit: u,
            facing: ne.index(),
        },
    );
    assert_eq!(s7.units[usize::from(u)].spent, 2, "one hexside at 1 MP");
}

/// 13.2c: a unit that first enters a road hex off the road (or starts its move on one) takes
/// the road rate only once it faces along the road in the way it will go: until it pays to
/// turn, a step along the road is an ordinary step at the terrain cost.
#[test]
fn r13_2c_first_entering_a_road_pays_to_face_along_it() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let south = at.neighbor(dir(Compass::S));
    let road = lay_road(&mut r, at, &[Compass::NE, Compass::NE], hs::PRIMARY_ROAD);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    put(&mut s, u, south, north(), Formation::Column);
    let clear = hex_cost(&r, MoveClass::InfantryColumn, Terrain::Clear);
    let rate = road_rate(&r, MoveClass::InfantryColumn);
    // Onto the road hex across a side without road: the terrain.
    let (s1, ev) = apply(&r, &s, Action::Step { unit: u, to: at });
    assert_eq!(moved_cost(&ev), clear);
    assert_eq!(s1.units[usize::from(u)].facing, north());
    // Along the road without facing it: the terrain, doubled off the centre front.
    let (s2, ev) = apply(
        &r,
        &s1,
        Action::Step {
            unit: u,
            to: road[1],
        },
    );
    assert_eq!(moved_cost(&ev), 2 * clear);
    assert_eq!(s2.units[usize::from(u)].facing, north(), "no road facing");
    // Turning to face along it costs its MPs; then the road rate applies.
    let (s3, _) = apply(
        &r,
        &s1,
        Action::Face {
            unit: u,
            facing: side_of(Compass::NE).index(),
        },
    );
    assert_eq!(s3.units[usize::from(u)].spent, clear + 2);
    let (s4, ev) = apply(
        &r,
        &s3,
        Action::Step {
            unit: u,
            to: road[1],
        },
    );
    assert_eq!(moved_cost(&ev), rate);
    // And on along it, facing ignored.
    let (_, ev) = apply(
        &r,
        &s4,
        Action::Step {
            unit: u,
            to: road[2],
        },
    );
    assert_eq!(moved_cost(&ev), rate);
    // Starting the move on the road facing along it: the road rate at once.
    let mut s5 = empty(&r, Phase::Movement);
    put(&mut s5, u, at, side_of(Compass::NE), Formation::Column);
    let (_, ev) = apply(
        &r,
        &s5,
        Action::Step {
            unit: u,
            to: road[1],
        },
    );
    assert_eq!(moved_cost(&ev), rate);
    // Facing the other way along the road is not facing the way it goes.
    put(&mut s5, u, road[1], side_of(Compass::SW), Formation::Column);
    let (_, ev) = apply(
        &r,
        &s5,
        Action::Step {
            unit: u,
            to: road[2],
        },
    );
    assert_eq!(moved_cost(&ev), 2 * clear);
}

/// 13.2c: road movement neither starts nor ends facing a hex corner: a unit facing a corner
/// must turn to the road's hexside first, every road step leaves it facing a hexside, and
/// the free turn to a corner (13.1c) ends its road movement.
#[test]
fn r13_2c_corner_facing_never_starts_road_movement() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let road = lay_road(&mut r, at, &[Compass::N, Compass::N], hs::PRIMARY_ROAD);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    let clear = hex_cost(&r, MoveClass::InfantryColumn, Terrain::Clear);
    let rate = road_rate(&r, MoveClass::InfantryColumn);
    // The corner by the north hexside: the north hex is frontal (no doubling), but no road.
    let corner = north().rotate(1);
    assert!(corner.is_corner());
    put(&mut s, u, at, corner, Formation::Column);
    let (_, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: u,
            to: road[1],
        },
    );
    assert_eq!(moved_cost(&ev), clear);
    // Facing the hexside: road movement, which ends on a hexside.
    put(&mut s, u, at, north(), Formation::Column);
    let (s1, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: u,
            to: road[1],
        },
    );
    assert_eq!(moved_cost(&ev), rate);
    assert!(!s1.units[usize::from(u)].facing.is_corner());
    // The free turn to the corner ends the road movement.
    let (s2, ev) = apply(
        &r,
        &s1,
        Action::Face {
            unit: u,
            facing: corner.index(),
        },
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Faced { cost: 0, .. })));
    let (_, ev) = apply(
        &r,
        &s2,
        Action::Step {
            unit: u,
            to: road[2],
        },
    );
    assert_eq!(moved_cost(&ev), clear);
}

/// 18.0a with 13.2c and ERR-4: a column on a forced march must move by road, and when the
/// road hexside is there but its rate is closed to it, the refusal names why: it does not
/// face along the road (13.2c), or a road mover is in the hex (ERR-4).
#[test]
fn r13_2c_err4_forced_march_names_why_the_road_is_closed() {
    let mut r = rules("nbs/austerlitz-3");
    let (at, col, sk) = road_north(&mut r);
    let mut s = empty(&r, Phase::Movement);
    put(
        &mut s,
        col,
        at,
        Facing::side(dir(Compass::NE)),
        Formation::Column,
    );
    s.units[usize::from(col)].flags |= flag::FORCED_1;
    let step = Action::Step {
        unit: col,
        to: n_of(at, 1),
    };
    let e = r.applied(&s, &step).unwrap_err();
    assert_eq!(e.rule, "13.2c", "{e}");
    assert!(!legal(&r, &s).contains(&step));
    // Facing along the road it may go, unless a road mover is in the hex entered.
    s.units[usize::from(col)].facing = north();
    assert!(legal(&r, &s).contains(&step));
    put(&mut s, sk, n_of(at, 1), north(), Formation::Skirmish);
    s.units[usize::from(sk)].road = crate::nbs::state::road::USED;
    let e = r.applied(&s, &step).unwrap_err();
    assert_eq!(e.rule, "ERR-4", "{e}");
}
