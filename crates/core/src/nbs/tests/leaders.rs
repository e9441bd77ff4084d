//! Leaders (26.0–26.3) and leader losses and replacement (26.4).

use super::kit::{
    apply, clear_spot, d6, d66, dir, division_leader, empty, first_infantry, hex, id, legal, n_of,
    north, put, rules, south, standard_shift,
};
use crate::engine::{Actor, Rules, Side};
use crate::hex::{Compass, Facing, Hex};
use crate::nbs::state::{Phase, Place, State, Task, UnitId};
use crate::nbs::types::{Formation, UnitKind};
use crate::nbs::{Action, Event, Nbs};
use alloc::vec::Vec;

/// 26.0, 20.4d: a hex holding only enemy leaders may be fired at; the fire causes no losses
/// and no morale check, but a 55 or 66 strikes a leader there. The hex is fired at once a
/// phase (20.2d).
#[test]
fn r26_0_a_hex_of_leaders_only_may_be_fired_at_for_leader_casualties() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Line);
    let enemy_leader = (0..r.units.len() as UnitId)
        .find(|&l| {
            r.units[usize::from(l)].side == Side(1)
                && r.units[usize::from(l)].kind == UnitKind::Leader
        })
        .unwrap();
    let lone = n_of(at, 1);
    put(&mut s, enemy_leader, lone, north(), Formation::None);
    let t = Action::Target {
        hex: lone,
        artillery: None,
    };
    assert!(legal(&r, &s).contains(&t), "{:?}", legal(&r, &s));
    let (s1, _) = apply(&r, &s, t.clone());
    let (s2, _) = apply(
        &r,
        &s1,
        Action::AddFirer {
            unit: u,
            share: None,
        },
    );
    let (s3, _) = apply(&r, &s2, Action::Resolve);
    assert!(
        matches!(
            s3.tasks.last(),
            Some(crate::nbs::state::Task::FireRoll { .. })
        ),
        "{:?}",
        s3.tasks
    );
    // A 66: the leader falls; nothing else happens.
    let (hit, ev) = apply(&r, &s3, d66(66));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::LeaderLost { .. }) || e.rule_number().starts_with("26.4")),
        "{ev:?}"
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Losses { .. })));
    assert!(
        !hit.tasks
            .iter()
            .any(|t| matches!(t, crate::nbs::state::Task::Morale(_)))
    );
    // A plain roll leaves the leader in place.
    let (miss, _) = apply(&r, &s3, d66(11));
    assert_eq!(miss.units[usize::from(enemy_leader)].place, Place::At(lone));
    // Fired at once this phase (20.2d).
    assert!(!legal(&r, &miss).contains(&t));
    assert_eq!(r.applied(&miss, &t).unwrap_err().rule, "20.2d");
}

/// 26.1, 26.3: leaders do not count for stacking, never fire, and are not the unit a stack
/// checks morale with, even alone in a hex.
#[test]
fn r26_1_r26_3_leaders_do_not_stack_fire_or_check() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    let leader = division_leader(&r, u);
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
    let enemy_leader = (0..r.units.len() as UnitId)
        .find(|&l| {
            r.units[usize::from(l)].side == Side(1)
                && r.units[usize::from(l)].kind == UnitKind::Leader
        })
        .unwrap();
    // An enemy leader alone in range is a target (26.0); see
    // r26_0_a_hex_of_leaders_only_may_be_fired_at_for_leader_casualties.
    let lone = at.neighbor(dir(Compass::NE));
    put(&mut s, enemy_leader, lone, north(), Formation::None);
    assert_eq!(
        r.morale_unit(&s, lone),
        None,
        "26.3: no morale of their own"
    );
}

/// 26.3a: only the most senior leader in the hex (by rank, not rating) shifts the check,
/// by his rating less one.
#[test]
fn r26_3a_only_the_senior_leader_modifies_morale() {
    use crate::nbs::units::Rank;
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Line);
    let none = standard_shift(&r, &s, at);
    let div = division_leader(&r, u);
    let list = crate::nbs::tables::MoraleList::Standard;
    // A corps leader whose rating differs from the division leader's.
    let corps = (0..r.units.len() as UnitId)
        .find(|&l| {
            let i = &r.units[usize::from(l)];
            i.side == Side(0)
                && i.kind == UnitKind::Leader
                && i.rank == Rank::Corps
                && r.tables.leader_morale_modifier(list, i.morale_rating)
                    != r.tables
                        .leader_morale_modifier(list, r.units[usize::from(div)].morale_rating)
        })
        .expect("a corps leader of another rating");
    let modifier = |s: &State, l: UnitId| {
        r.tables
            .leader_morale_modifier(list, r.leader_morale(s, l))
            .unwrap()
    };
    put(&mut s, div, at, north(), Formation::None);
    assert_eq!(standard_shift(&r, &s, at) - none, modifier(&s, div));
    put(&mut s, corps, at, north(), Formation::None);
    assert_eq!(r.senior_leader(&s, at, Side(0)), Some(corps));
    assert_eq!(
        standard_shift(&r, &s, at) - none,
        modifier(&s, corps),
        "the corps leader alone counts"
    );
}

/// 26.4a, 26.4b: a fallen corps commander is replaced at once by a division commander of his
/// corps; with two on the map the owner names him (a refusal names 26.4a), and the fallen
/// leader's generic back then leads the promoted one's division, in his hex. With one
/// candidate the promotion is automatic; with none (the Guard), the corps leader's own
/// generic back takes the corps where he fell.
#[test]
fn r26_4a_corps_commander_replaced_by_his_senior_subordinate() {
    use crate::nbs::units::Rank;
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::OffensiveFire);
    let (bern, raff, drouet) = (
        id(&r, "L-Bernadotte"),
        id(&r, "L-Raffiniere"),
        id(&r, "L-Drouet"),
    );
    let corps = r.commanded_by(&s, bern).expect("1 Corps");
    let div2 = r.commanded_by(&s, drouet).expect("2-1");
    let f = Facing::side(dir(Compass::N));
    let (a, b, c) = (hex(&r, "B40.12"), hex(&r, "B40.16"), hex(&r, "B36.12"));
    put(&mut s, id(&r, "2-1-1"), a, f, Formation::Line);
    put(&mut s, bern, a, f, Formation::None);
    put(&mut s, raff, b, f, Formation::None);
    put(&mut s, drouet, c, f, Formation::None);
    let mut ev = Vec::new();
    let mut one = s.clone();
    r.leader_falls(&mut s, bern, &mut ev);
    assert!(
        matches!(s.tasks.last(), Some(Task::Promote { candidates, .. }) if candidates.len() == 2)
    );
    assert_eq!(r.actor(&s), Actor::Player(Side(0)), "the owner picks");
    let mut v = Vec::new();
    r.legal_actions(&s, &mut v);
    assert_eq!(
        v,
        [
            Action::Promote {
                leader: raff.min(drouet)
            },
            Action::Promote {
                leader: raff.max(drouet)
            }
        ]
    );
    let e = r
        .applied(
            &s,
            &Action::Promote {
                leader: id(&r, "L-Friant"),
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "26.4a");
    let (s, ev) = apply(&r, &s, Action::Promote { leader: drouet });
    assert!(ev.iter().any(|e| matches!(e, Event::LeaderPromoted { unit, replacement, .. } if *unit == drouet && *replacement == bern)));
    assert_eq!(r.commander(&s, corps), drouet);
    assert_eq!(r.commander(&s, div2), bern);
    assert_eq!(r.rank_now(&s, drouet), Rank::Corps);
    assert_eq!(r.rank_now(&s, bern), Rank::Division);
    assert_eq!(
        s.units[usize::from(bern)].place,
        Place::At(c),
        "26.4b: in the division's hex"
    );
    assert_eq!(r.leader_rating(&s, bern), r.replacement_rating);
    assert_eq!(
        r.leader_rating(&s, drouet),
        r.units[usize::from(drouet)].rating
    );
    assert_eq!(
        r.senior_leader(&s, c, Side(0)),
        Some(drouet),
        "26.3a: by rank now"
    );

    // One division commander on the map: promoted without a decision.
    one.units[usize::from(drouet)].place = Place::Off;
    let mut ev = Vec::new();
    r.leader_falls(&mut one, bern, &mut ev);
    assert!(one.tasks.is_empty());
    assert_eq!(r.commander(&one, corps), raff);
    assert_eq!(one.units[usize::from(bern)].place, Place::At(b));

    // The Guard has no division commanders: Bessieres's generic back takes it where he fell.
    let mut g = empty(&r, Phase::OffensiveFire);
    let bess = id(&r, "L-Bessieres");
    put(&mut g, bess, a, f, Formation::None);
    r.leader_falls(&mut g, bess, &mut Vec::new());
    assert_eq!(g.units[usize::from(bess)].place, Place::At(a));
    assert!(g.replaced.contains(&bess));
    assert_eq!(r.commander(&g, r.commanded_by(&g, bess).unwrap()), bess);
}

/// 26.4b, 26.4c: a division leader who falls is replaced at once by the generic replacement
/// (the provisional rating of the scenario data), which appears in another stack of his
/// division, not where he fell; with no other stack it appears where he fell.
#[test]
fn r26_4c_division_replacement_appears_in_another_stack() {
    use crate::nbs::units::Rank;
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::OffensiveFire);
    let b1 = id(&r, "2-1-1");
    let div = r.units[usize::from(b1)].division.clone();
    let leader = division_leader(&r, b1);
    assert_eq!(r.units[usize::from(leader)].rank, Rank::Division);
    let b2 = (0..r.units.len() as UnitId)
        .find(|&u| {
            u != b1 && r.units[usize::from(u)].division == div && r.units[usize::from(u)].combat()
        })
        .expect("a second brigade of the division");
    let at = hex(&r, "B40.12");
    let mut other = at;
    for _ in 0..3 {
        other = other.neighbor(dir(Compass::N));
    }
    let f = Facing::side(dir(Compass::N));
    put(&mut s, b1, at, f, Formation::Line);
    put(&mut s, leader, at, f, Formation::None);
    put(&mut s, b2, other, f, Formation::Line);
    let mut ev = Vec::new();
    let mut lone = s.clone();
    r.leader_falls(&mut s, leader, &mut ev);
    assert_eq!(
        s.units[usize::from(leader)].place,
        Place::At(other),
        "26.4c: another stack"
    );
    assert!(s.replaced.contains(&leader));
    assert_eq!(r.leader_rating(&s, leader), r.replacement_rating);
    assert!(ev.iter().any(
        |e| matches!(e, Event::LeaderReplaced { unit, at: h } if *unit == leader && *h == other)
    ));
    // No other stack of the division: the replacement appears where the leader fell.
    lone.units[usize::from(b2)].place = Place::Off;
    let mut ev = Vec::new();
    r.leader_falls(&mut lone, leader, &mut ev);
    assert_eq!(lone.units[usize::from(leader)].place, Place::At(at));
}

/// 26.4d: a leader left alone goes to the nearest stack of his own command, passing a nearer
/// stack of another division; with no stack of his command he leaves play.
#[test]
fn r26_4d_leader_goes_to_the_nearest_stack_of_his_command() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let own = id(&r, "2-1-1");
    let div = r.units[usize::from(own)].division.clone();
    let leader = division_leader(&r, own);
    let other = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(0)
                && i.combat()
                && i.kind == crate::nbs::types::UnitKind::Infantry
                && i.division != div
        })
        .unwrap();
    let at = hex(&r, "B40.12");
    let step = |h: Hex, n: u32| (0..n).fold(h, |x, _| x.neighbor(dir(Compass::N)));
    let f = Facing::side(dir(Compass::N));
    put(&mut s, leader, at, f, Formation::None);
    put(&mut s, other, step(at, 1), f, Formation::Line);
    put(&mut s, own, step(at, 3), f, Formation::Line);
    let mut lone = s.clone();
    r.displace_leaders(&mut s, at, &mut Vec::new());
    assert_eq!(s.units[usize::from(leader)].place, Place::At(step(at, 3)));
    lone.units[usize::from(own)].place = Place::Off;
    r.displace_leaders(&mut lone, at, &mut Vec::new());
    assert_eq!(
        lone.units[usize::from(leader)].place,
        Place::Gone,
        "no stack of his command"
    );
}

/// The highest Fire Combat Table column and a roll there whose result marks casualties,
/// a leader hit (55, 66) or not as `hit` asks (20.4d) (compare `artillery.rs`'
/// `loss_roll_with_stragglers`).
fn top_column_loss_roll(r: &Nbs, hit: bool) -> (u8, crate::nbs::types::Seq66) {
    let top = r.tables.fire_columns();
    (0..36)
        .map(|i| crate::nbs::types::Seq66::from_index(i).unwrap())
        .find(|&q| {
            r.tables.leader_hit(q) == hit
                && matches!(
                    r.tables.fire_result(top, q),
                    crate::nbs::tables::FireResult::Loss { casualties, .. } if casualties > 0
                )
        })
        .map(|q| (top, q))
        .expect("a loss result")
}

/// A French brigade `own` with one box left and its division leader at `at`, another
/// brigade of the division three hexes north, an Allied brigade firing from the south; the
/// Offensive Fire Phase.
fn last_box_under_fire(r: &Nbs) -> (State, Hex, UnitId, UnitId, Hex, crate::nbs::state::FireDecl) {
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
    let decl = crate::nbs::state::FireDecl {
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
    let (column, roll) = top_column_loss_roll(&r, false);
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
                && i.rank == crate::nbs::units::Rank::Corps
        })
        .expect("the corps commander");
    put(&mut s, boss, at, south(), Formation::None);
    let (column, roll) = top_column_loss_roll(&r, true);
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
    let (s, ev) = apply(&r, &s, d6(u32::from(die)));
    assert_eq!(s.units[usize::from(gun)].place, Place::Gone);
    assert_eq!(s.units[usize::from(leader)].place, Place::At(mate_hex));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::LeaderDisplaced { unit, .. } if *unit == leader))
    );
    let _ = at;
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
