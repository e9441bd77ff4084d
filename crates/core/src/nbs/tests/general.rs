//! The map's edges (1.1c, 1.1e), the retreat rule (5.2) and fog of war (9.0).

use super::kit::{
    apply, clear_spot, d66, dir, empty, first_infantry, id, legal, n_of, north, put, retreat_hexes,
    rules, south, two_lines_at_one,
};
use crate::engine::{Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};
use crate::nbs::board::Terrain;
use crate::nbs::state::{Phase, Place, UnitId};
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::{Action, Event};
use alloc::vec::Vec;

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
    let crate::nbs::state::Task::Retreat(rt) = s2.tasks.last().cloned().unwrap() else {
        panic!()
    };
    assert!(!r.retreat_options(&s2, &rt).contains(&off));
}

/// 1.1c: a retreat (not a rout) with nowhere to go whose way back runs off the map destroys
/// the stack, its remaining strength counted as casualties; blocked elsewhere it is only
/// routed (25.3a).
#[test]
fn r1_1c_retreat_forced_off_the_map_destroys_the_stack() {
    let r = rules("nbs/austerlitz-3");
    let (edge, d) = r
        .board
        .hexes()
        .flat_map(|h| Direction::ALL.into_iter().map(move |d| (h, d)))
        .find(|&(h, d)| !r.board.on_map(h.neighbor(d)) && r.board.on_map(h.neighbor(d.opposite())))
        .expect("an edge hex");
    let u = id(&r, "1-1-4");
    let blocked = |at: Hex, from: Hex| {
        let mut b = empty(&r, Phase::OffensiveFire);
        put(&mut b, u, at, north(), Formation::Line);
        let rt = crate::nbs::state::Retreat {
            units: alloc::vec![u],
            at,
            left: 2,
            path: alloc::vec![at],
            from,
            rout: false,
            in_combat: false,
        };
        b.tasks.push(crate::nbs::state::Task::Retreat(rt.clone()));
        let track = b.casualty_track;
        let mut ev = Vec::new();
        r.retreat_blocked(&mut b, rt, &mut ev);
        (b, ev, track)
    };
    let (b, ev, track) = blocked(edge, edge.neighbor(d.opposite()));
    assert_eq!(b.units[usize::from(u)].place, Place::Gone, "destroyed");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RetreatBlocked { rule, .. } if rule == "1.1c"))
    );
    assert!(
        b.casualty_track[0] > track[0],
        "losses on the casualty track"
    );
    // Away from the edge the same blocked retreat routs instead (25.3a).
    let mid = clear_spot(&r, 2);
    let (b, ev, _) = blocked(mid, mid.neighbor(dir(Compass::S)));
    assert_eq!(b.units[usize::from(u)].place, Place::At(mid));
    assert_eq!(b.units[usize::from(u)].morale, MoraleState::Routed);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RetreatBlocked { rule, .. } if rule == "25.3a"))
    );
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
    // Every enemy-free edge hex within 10 is offered, not a selection.
    let every = r
        .board
        .hexes()
        .filter(|h| *h != a.hex && h.distance(a.hex) <= 10 && r.board.hex(*h).edge_dist == 0)
        .count();
    assert_eq!(entries.len(), every);
    assert!(every > 3);
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

/// 5.2: each retreat hex is farther from the threat and not one already entered; any other
/// hex is refused naming 5.2.
#[test]
fn r5_2_retreats_go_away_from_the_threat() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 4);
    let threat = at.neighbor(dir(Compass::S));
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Line);
    r.start_retreat(&mut s, at, threat, 2, false, false);
    let opts: Vec<Hex> = legal(&r, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::RetreatTo { hex } => Some(hex),
            _ => None,
        })
        .collect();
    assert_eq!(opts.len(), 3);
    for h in &opts {
        assert!(h.distance(threat) > at.distance(threat));
    }
    let sideways = at.neighbor(dir(Compass::SE));
    assert_eq!(
        r.applied(&s, &Action::RetreatTo { hex: sideways })
            .unwrap_err()
            .rule,
        "5.2"
    );
    let (s2, _) = apply(&r, &s, Action::RetreatTo { hex: n_of(at, 1) });
    let second: Vec<Hex> = legal(&r, &s2)
        .into_iter()
        .filter_map(|a| match a {
            Action::RetreatTo { hex } => Some(hex),
            _ => None,
        })
        .collect();
    assert!(!second.contains(&at));
    assert!(second.iter().all(|h| h.distance(threat) > 2 - 1));
}

/// 5.2: a retreat keeps to a relatively straight line. After its first step the next hex
/// keeps within 60° of that step's line whenever such a hex is open (a sideways bend is
/// refused naming 5.2); only when none is may it bend round the obstacle. (A retreat from a
/// threat that must get farther from it each step cannot bend more anyway; this binds rout
/// movement, which needs only to keep its distance from the enemy.)
#[test]
fn r5_2_retreats_keep_a_straight_line() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 4);
    let threat = at.neighbor(dir(Compass::S));
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    let enemy = id(&r, "Y2-1-L");
    put(&mut s, u, at, north(), Formation::Line);
    put(&mut s, enemy, threat, north(), Formation::Line);
    s.units[usize::from(u)].morale = crate::nbs::types::MoraleState::Routed;
    r.start_retreat(&mut s, at, threat, 0, true, false);
    let p = n_of(at, 1);
    let (s1, _) = apply(&r, &s, Action::RetreatTo { hex: p });
    let first = dir(Compass::N);
    let opts = retreat_hexes(&r, &s1);
    assert!(!opts.is_empty());
    for h in &opts {
        let d = p.direction_to(*h).unwrap();
        assert!(
            matches!((d.index() + 6 - first.index()) % 6, 0 | 1 | 5),
            "{h:?} bends from the line"
        );
    }
    // Sideways (120° off the first step), though no nearer the enemy: refused.
    let bend = p.neighbor(dir(Compass::SE));
    assert!(bend.distance(threat) >= p.distance(threat));
    let e = r
        .applied(&s1, &Action::RetreatTo { hex: bend })
        .unwrap_err();
    assert_eq!(e.rule, "5.2", "{e}");
    // With the line ahead closed (enemy units in front), the bend is allowed.
    let mut blocked = s1.clone();
    let others: Vec<UnitId> = (0..r.units.len() as UnitId)
        .filter(|&x| {
            let i = &r.units[usize::from(x)];
            x != enemy && i.side == Side(1) && i.kind == UnitKind::Infantry
        })
        .take(3)
        .collect();
    for (&x, c) in others.iter().zip([Compass::N, Compass::NE, Compass::NW]) {
        put(
            &mut blocked,
            x,
            p.neighbor(dir(c)),
            south(),
            Formation::Line,
        );
    }
    let opts = retreat_hexes(&r, &blocked);
    assert!(opts.contains(&bend), "{opts:?}");
    assert!(
        r.applied(&blocked, &Action::RetreatTo { hex: bend })
            .is_ok()
    );
}

#[test]
fn r9_0_observation_hides_the_other_sides_losses() {
    let r = rules("nbs/austerlitz-3");
    let (s, _, t) = two_lines_at_one(&r);
    let (s, _) = apply(&r, &s, Action::Resolve);
    let (s, ev) = apply(&r, &s, d66(46));
    let o = r.observation(&s, Side(0));
    assert_eq!(o.units[usize::from(t)].casualties, 0);
    assert_eq!(o.casualty_track[1], 0);
    let mine = r.observation(&s, Side(1));
    assert_eq!(mine.units[usize::from(t)].casualties, 1);
    use crate::engine::EventInfo;
    let loss = ev
        .iter()
        .find(|e| matches!(e, Event::Losses { .. }))
        .unwrap();
    assert!(!loss.visible_to(Side(0)) && loss.visible_to(Side(1)));
}
