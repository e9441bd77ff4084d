//! Fire rows of issue 27: guns in a multi-hex Line fire from any of its hexes (12.4e).

use super::fire::{F, ahead, fire_at, segment, unit};
use super::*;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{FireKind, Place};
use crate::fontenoy::types::Arm;

/// A French gun (2 SP) on top of a 2-hex Line whose hexes are F and the hex north of it, both
/// facing vertex 1, and an English battalion at `enemy`.
fn line_with_gun(enemy: Hex) -> (Fontenoy, State, UnitId, UnitId, UnitId) {
    let (r, s, me, them) = segment(|w| {
        let facing = Facing::new(1).unwrap();
        let hexes = crate::fontenoy::geometry::line_hexes(hex(F), facing, 2).unwrap();
        let g = unit(
            w,
            "GUN",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::Unlimbered,
        );
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            8,
            Formation::Line,
        );
        w.unit_state[usize::from(a)].place = Place::Map(Placed {
            hexes,
            facing,
            hook: None,
        });
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            enemy,
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g, a], alloc::vec![e])
    });
    (r, s, me[0], me[1], them[0])
}

#[test]
fn r12_4e_guns_of_a_two_hex_line_fire_from_either_of_its_hexes() {
    let north = ahead(hex(F), 2);
    // A target the gun sees only from the Line's other hex (arc, sight or range).
    let (r, s0, _, _, e0) = line_with_gun(ahead(hex(F), 0));
    let probe = |t: Hex| {
        let mut s = s0.clone();
        s.unit_mut(e0).place = Place::Map(Placed::at(t, Facing::new(4).unwrap()));
        let o = Occupancy::build(&r, &s);
        let fr = Side(0);
        (
            r.check_fire(&s, &o, FireKind::Segment, fr, hex(F), Arm::Artillery, t)
                .map(|_| ()),
            r.check_fire(&s, &o, FireKind::Segment, fr, north, Arm::Artillery, t)
                .map(|_| ()),
        )
    };
    let near = ahead(ahead(north, 1), 2);
    let target = (0..6u8)
        .flat_map(|d1| (0..4u32).map(move |n1| (d1, n1)))
        .flat_map(|(d1, n1)| (0..6u8).flat_map(move |d2| (0..4u32).map(move |n2| (d1, n1, d2, n2))))
        .map(|(d1, n1, d2, n2)| super::fire::far(super::fire::far(north, d1, n1), d2, n2))
        .find(|&t| {
            t != hex(F) && t != north && r.board.on_map(t) && {
                let (f, n) = probe(t);
                f.is_err() && n.is_ok()
            }
        })
        .unwrap_or_else(|| {
            panic!(
                "no hex in the gun's reach from the north hex only; {near:?}: {:?}",
                probe(near)
            )
        });
    let (r, mut s, g, _, e) = line_with_gun(target);
    let o = Occupancy::build(&r, &s);
    assert_eq!(
        r.firing_units(&s, &o, north, Arm::Artillery, Side(0), FireKind::Segment),
        alloc::vec![g],
        "the gun fires from the Line's other hex"
    );
    assert_eq!(
        r.firing_units_here(&s, &o, north, Arm::Artillery, Side(0), FireKind::Segment),
        Vec::<UnitId>::new(),
        "though it stands in F"
    );
    let fire = fire_at(north, Arm::Artillery, target);
    assert!(legal(&r, &s).contains(&fire));
    apply(&r, &mut s, fire);
    let ev = apply(&r, &mut s, Action::OpenFire);
    let c = r.fire_combat(&s, 0).expect("the fire combat");
    assert_eq!(c.firers, alloc::vec![g]);
    assert_eq!(c.from, alloc::vec![north]);
    assert!(ev.iter().any(|x| matches!(x, Event::FireOpened { .. })));
    // 12.2c: once fired, the gun fires from no hex of its Line again this segment.
    let o = Occupancy::build(&r, &s);
    for h in [hex(F), north] {
        let why = r
            .check_fire(
                &s,
                &o,
                FireKind::Segment,
                Side(0),
                h,
                Arm::Artillery,
                target,
            )
            .expect_err("no second fire");
        assert!(why.rule.starts_with("12.2"), "{why:?}");
    }
    let _ = e;
}

// --- 17.0: the order of a Fire and a Cavalry Reaction -----------------------------------------

/// French infantry at S1010 facing vertex 1, English cavalry two hexes to its SE facing it and
/// English infantry two hexes to its NE facing it: a facing change of the French battalion
/// sets off both reactions. The position in the French Movement Segment.
fn both_reactions() -> (Fontenoy, State, UnitId, UnitId) {
    use super::close::{AL, FR, unit as cc_unit};
    use crate::fontenoy::state::Step;
    let mut w = World::new();
    let f = cc_unit(&mut w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
    let cav = cc_unit(
        &mut w,
        "E CAV",
        AL,
        Kind::Cavalry,
        4,
        super::fire::far(hex("S1010"), 0, 2),
        7,
    );
    let inf = cc_unit(
        &mut w,
        "E INF",
        AL,
        Kind::Infantry,
        6,
        super::fire::far(hex("S1010"), 1, 2),
        7,
    );
    let saxe = w.commander("Saxe", FR, "S1010", 30, 5);
    w.cinc(saxe, 2, 5);
    let dc = w.commander("Dx", FR, "S1010", 8, 4);
    let cumb = w.commander("Cumberland", AL, "S2929", 2, 5);
    w.cinc(cumb, 1, 6);
    let ac = w.commander("Dz", AL, "S2929", 4, 4);
    w.division("X", FR, Some(dc), &[f]);
    w.division("Z", AL, Some(ac), &[cav, inf]);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    apply(&r, &mut s, Action::EndSegment); // fire
    (r, s, f, cav)
}

#[test]
fn r17_0_the_passive_player_orders_a_fire_and_a_cavalry_reaction_set_off_together() {
    use crate::fontenoy::close::CloseStep;
    use crate::fontenoy::state::{FireStep, Step};
    let (r, s0, f, _) = both_reactions();
    let mut s = s0.clone();
    let turn = Action::Face { unit: f, facing: 3 };
    assert!(legal(&r, &s).contains(&turn), "{:?}", legal(&r, &s));
    apply(&r, &mut s, turn.clone());
    assert_eq!(
        s.steps.last(),
        Some(&Step::Close(CloseStep::ReactionOrder { mover: f }))
    );
    assert_eq!(r.actor(&s), crate::engine::Actor::Player(Side(1)));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::ReactionOrder {
                cavalry_first: false
            },
            Action::ReactionOrder {
                cavalry_first: true
            }
        ]
    );
    let e = super::close::refused(&r, &s, Action::Pass);
    assert_eq!(e.rule, "17.0");
    // The Cavalry Reaction first: its window is on top, the Fire Reaction waits under it.
    let mut c = s.clone();
    let ev = apply(
        &r,
        &mut c,
        Action::ReactionOrder {
            cavalry_first: true,
        },
    );
    assert!(ev.contains(&Event::ReactionOrder {
        unit: f,
        cavalry_first: true
    }));
    assert_eq!(
        c.steps.last(),
        Some(&Step::Close(CloseStep::CavalryReaction { mover: f }))
    );
    assert!(
        c.steps
            .iter()
            .any(|st| matches!(st, Step::Fire(FireStep::Reaction { .. })))
    );
    // The Fire Reaction first: it is on top, the Cavalry Reaction's window under it.
    apply(
        &r,
        &mut s,
        Action::ReactionOrder {
            cavalry_first: false,
        },
    );
    assert!(matches!(
        s.steps.last(),
        Some(Step::Fire(FireStep::Reaction { .. }))
    ));
    assert!(
        s.steps
            .contains(&Step::Close(CloseStep::CavalryReaction { mover: f }))
    );
}
