//! Dedicated tests for rule cases whose code was exercised only by the random games, and for
//! the cases completed with them (docs/coverage/nbs.md): each drives the engine with actions
//! and scripted dice and checks the case's effect.

use alloc::vec::Vec;

use super::state::{Phase, Place, State, Task, UnitId};
use super::tests::{apply, dir, division_leader, empty, id, put, rules};
use super::tests_cases::clear_spot;
use super::types::{Formation, UnitKind};
use super::{Action, Event, Nbs};
use crate::engine::{Actor, Rules, Side};
use crate::hex::{Compass, Facing, Hex};

fn north() -> Facing {
    Facing::side(dir(Compass::N))
}

fn south() -> Facing {
    Facing::side(dir(Compass::S))
}

fn n_of(h: Hex, k: u32) -> Hex {
    (0..k).fold(h, |x, _| x.neighbor(dir(Compass::N)))
}

fn legal(r: &Nbs, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    r.legal_actions(s, &mut v);
    v
}

/// 26.4e: enemy units entering a hex that holds only leaders do not eliminate them: they go
/// to the nearest stack of their command, or out of play when there is none.
#[test]
fn r26_4e_leaders_alone_in_an_entered_hex_displace_to_their_command() {
    let mut r = rules("nbs/austerlitz-3");
    r.strict_orders = false;
    let at = clear_spot(&r, 4);
    let mut s = empty(&r, Phase::Movement);
    assert_eq!(r.phasing(&s), Side(0));
    let mover = id(&r, "1-1-4");
    let own = id(&r, "Y2-1-L");
    let leader = division_leader(&r, own);
    let div = r.units[usize::from(own)].division.clone();
    let stranger = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(1) && i.kind == UnitKind::Infantry && i.division != div
        })
        .expect("an Allied brigade of another division");
    let lhex = n_of(at, 1);
    put(&mut s, mover, at, north(), Formation::Column);
    put(&mut s, leader, lhex, north(), Formation::None);
    // A stranger nearer than the leader's own brigade.
    let near = lhex.neighbor(dir(Compass::NE));
    let far = n_of(lhex, 3);
    put(&mut s, stranger, near, south(), Formation::Line);
    put(&mut s, own, far, south(), Formation::Line);
    let step = Action::Step {
        unit: mover,
        to: lhex,
    };
    assert!(legal(&r, &s).contains(&step), "{:?}", legal(&r, &s));
    let (moved, _) = apply(&r, &s, step.clone());
    assert_eq!(moved.units[usize::from(mover)].place, Place::At(lhex));
    assert_eq!(
        moved.units[usize::from(leader)].place,
        Place::At(far),
        "to his own division, not the nearer stranger"
    );
    // No stack of his command: out of play, never eliminated as a casualty.
    let mut lone = s.clone();
    lone.units[usize::from(own)].place = Place::Off;
    let (moved, ev) = apply(&r, &lone, step);
    assert_eq!(moved.units[usize::from(leader)].place, Place::Gone);
    assert!(!ev.iter().any(|e| matches!(e, Event::LeaderLost { .. })));
}

/// The highest Fire Combat Table column and a roll there whose result marks casualties,
/// a leader hit (55, 66) or not as `hit` asks (20.4d).
fn loss_roll(r: &Nbs, hit: bool) -> (u8, super::types::Seq66) {
    let top = r.tables.fire_columns();
    (0..36)
        .map(|i| super::types::Seq66::from_index(i).unwrap())
        .find(|&q| {
            r.tables.leader_hit(q) == hit
                && matches!(
                    r.tables.fire_result(top, q),
                    super::tables::FireResult::Loss { casualties, .. } if casualties > 0
                )
        })
        .map(|q| (top, q))
        .expect("a loss result")
}

/// A French brigade `own` with one box left and its division leader at `at`, another
/// brigade of the division three hexes north, an Allied brigade firing from the south; the
/// Offensive Fire Phase.
fn last_box_under_fire(r: &Nbs) -> (State, Hex, UnitId, UnitId, Hex, super::state::FireDecl) {
    let at = clear_spot(r, 4);
    let mut s = empty(r, Phase::OffensiveFire);
    let own = id(r, "2-1-1");
    let info = &r.units[usize::from(own)];
    let leader = division_leader(r, own);
    let mate = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            u != own && i.combat() && i.side == info.side && i.division == info.division
        })
        .expect("a brigade of the same division");
    let enemy = id(r, "Y2-1-L");
    let south_hex = at.neighbor(dir(Compass::S));
    let mate_hex = n_of(at, 3);
    put(&mut s, own, at, south(), Formation::Line);
    put(&mut s, leader, at, south(), Formation::None);
    put(&mut s, mate, mate_hex, south(), Formation::Line);
    put(&mut s, enemy, south_hex, north(), Formation::Line);
    s.units[usize::from(own)].casualties = info.boxes - 1;
    let decl = super::state::FireDecl {
        target: at,
        at_artillery: None,
        firers: alloc::vec![enemy],
        shares: Vec::new(),
        close: false,
        opportunity: false,
        from: south_hex,
    };
    (s, at, own, leader, mate_hex, decl)
}

/// 26.4d: fire that eliminates the last combat unit of a hex sends the leader who escapes
/// to the nearest stack of his command; with none he leaves play.
#[test]
fn r26_4d_leader_left_alone_by_fire_joins_nearest_stack() {
    let r = rules("nbs/austerlitz-3");
    let (s0, at, own, leader, mate_hex, decl) = last_box_under_fire(&r);
    let (column, roll) = loss_roll(&r, false);
    let mut s = s0.clone();
    let mut ev = Vec::new();
    r.resolve_fire(&mut s, decl.clone(), column, roll, &mut ev);
    r.settle(&mut s, &mut ev);
    assert_eq!(s.units[usize::from(own)].place, Place::Gone);
    assert_eq!(s.units[usize::from(leader)].place, Place::At(mate_hex));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::LeaderDisplaced { unit, from, to: Some(h), rule }
            if *unit == leader && *from == at && *h == mate_hex && rule == "26.4d"
    )));
    assert!(s.escaping.is_empty());
    // No other stack of his division: out of play (not a casualty).
    let mut lone = s0;
    for u in 0..r.units.len() {
        let i = &r.units[u];
        if u != usize::from(own) && i.combat() && i.division == r.units[usize::from(own)].division {
            lone.units[u].place = Place::Off;
        }
    }
    let mut ev = Vec::new();
    r.resolve_fire(&mut lone, decl, column, roll, &mut ev);
    r.settle(&mut lone, &mut ev);
    assert_eq!(lone.units[usize::from(leader)].place, Place::Gone);
    assert!(!ev.iter().any(|e| matches!(e, Event::LeaderLost { .. })));
}

/// 26.4, 26.4d: the leader casualty check of the fire that destroys the stack comes first
/// (a 55 or 66 with two leaders there: the random pick); the survivor then goes to the
/// nearest stack of his command.
#[test]
fn r26_4d_leader_casualty_check_comes_before_the_escape() {
    let r = rules("nbs/austerlitz-3");
    let (mut s, at, own, leader, mate_hex, decl) = last_box_under_fire(&r);
    // A second leader: the corps commander of the brigade's corps.
    let corps = r.units[usize::from(own)].corps.clone();
    let boss = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            u != leader
                && i.kind == UnitKind::Leader
                && i.side == Side(0)
                && i.corps == corps
                && i.rank == super::units::Rank::Corps
        })
        .expect("the corps commander");
    put(&mut s, boss, at, south(), Formation::None);
    let (column, roll) = loss_roll(&r, true);
    let mut ev = Vec::new();
    r.resolve_fire(&mut s, decl, column, roll, &mut ev);
    r.settle(&mut s, &mut ev);
    assert_eq!(s.units[usize::from(own)].place, Place::Gone);
    let Some(Task::LeaderHit { leaders }) = s.tasks.last().cloned() else {
        panic!("the leader casualty pick first: {:?}", s.tasks)
    };
    assert_eq!(leaders.len(), 2);
    for l in [leader, boss] {
        assert_eq!(s.units[usize::from(l)].place, Place::At(at), "they wait");
    }
    let fallen = leaders[0];
    let survivor = leaders[1];
    let mut s = apply(&r, &s, Action::Pick(0)).0;
    // Any promotion the fall calls for is not under test.
    while let Actor::Player(_) = r.actor(&s) {
        if s.tasks.is_empty() {
            break;
        }
        let v = legal(&r, &s);
        s = apply(&r, &s, v[0].clone()).0;
    }
    assert!(s.escaping.is_empty());
    assert_ne!(s.units[usize::from(fallen)].place, Place::At(at));
    assert_eq!(
        s.units[usize::from(survivor)].place,
        Place::At(mate_hex),
        "the survivor joins the nearest stack of his command"
    );
}

/// 26.4d: a battery losing its last gun point (27.4 Gun Loss roll) leaves its leader alone:
/// he joins the nearest stack of his command.
#[test]
fn r26_4d_leader_left_alone_by_a_gun_loss_joins_nearest_stack() {
    let r = rules("nbs/austerlitz-3");
    let (mut s, at, own, leader, mate_hex, _) = last_box_under_fire(&r);
    s.units[usize::from(own)].place = Place::Off;
    let gun = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(0) && i.kind == UnitKind::Artillery
        })
        .unwrap();
    put(&mut s, gun, at, south(), Formation::Limbered);
    s.units[usize::from(gun)].casualties = r.units[usize::from(gun)].gun_points - 1;
    s.tasks.push(Task::GunLoss { unit: gun });
    let die = (1..=6u8)
        .find(|&d| r.tables.gun_loss(d) > 0)
        .expect("a die losing guns");
    let (s, ev) = apply(&r, &s, super::tests::d6(u32::from(die)));
    assert_eq!(s.units[usize::from(gun)].place, Place::Gone);
    assert_eq!(s.units[usize::from(leader)].place, Place::At(mate_hex));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::LeaderDisplaced { unit, .. } if *unit == leader))
    );
    let _ = at;
}
