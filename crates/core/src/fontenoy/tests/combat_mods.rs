//! Close combat modifiers and the morale states in combat: 19.6c–d Shaken, 19.7a Routed,
//! 13.11c flanking (the worked examples E50, E51), 13.10f the shrink after Defensive Fire.

use super::close::{AL, FR, ahead, at, cc, group_of, unit};
use super::*;
use crate::fontenoy::close::{Combat, Group, Outcome};
use crate::fontenoy::geometry::{self, Arc, Placed};
use crate::fontenoy::state::Place;
use crate::fontenoy::types::Morale;
use crate::hex::Facing;

/// A first-round combat of `attackers` against `defenders`.
fn combat(attackers: Vec<Group>, defenders: Vec<Group>) -> Combat {
    Combat {
        attackers,
        defenders,
        round: 1,
        reaction: false,
        mover: None,
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: Outcome::Open,
        advanced: Vec::new(),
    }
}

/// Puts `u` at `hexes` facing `facing`.
fn put(s: &mut State, u: UnitId, hexes: &[Hex], facing: u8) {
    let p = Placed {
        hexes: geometry::Hexes::from_slice(hexes).unwrap(),
        facing: Facing::new(facing).unwrap(),
        hook: None,
    };
    s.unit_mut(u).place = Place::Map(p);
}

/// The hexes of `u`'s `arc`.
fn arc_hexes(s: &State, u: UnitId, arc: Arc) -> Vec<Hex> {
    let x = s.unit(u);
    let mut v = Vec::new();
    geometry::for_each_in_arc(x.formation, x.placed().unwrap(), arc, |h| v.push(h));
    v
}

#[test]
fn r19_6c_a_shaken_group_fights_at_cr_minus_5() {
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            ids = (f, a);
            (alloc::vec![f], alloc::vec![a])
        },
        |_| {},
    );
    let (f, a) = ids;
    let c = combat(alloc::vec![group_of(&s, f)], alloc::vec![group_of(&s, a)]);
    assert_eq!(r.group_cr(&s, &c, true, &c.attackers[0]), 2);
    assert_eq!(r.group_cr(&s, &c, false, &c.defenders[0]), 2);
    s.unit_mut(f).morale = Morale::Shaken;
    s.unit_mut(a).morale = Morale::Shaken;
    assert_eq!(r.group_cr(&s, &c, true, &c.attackers[0]), -3);
    assert_eq!(r.group_cr(&s, &c, false, &c.defenders[0]), -3);
}

#[test]
fn r19_7a_a_routed_unit_may_not_declare_an_attack() {
    let (r, mut s, f, a) = super::close::duel(6, 6);
    s.unit_mut(f).morale = Morale::Routed;
    let e = super::close::refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: at(&s, a),
        },
    );
    assert_eq!(e.rule, "19.7a");
    assert_eq!(legal(&r, &s), alloc::vec![Action::EndSegment]);
}

#[test]
fn r13_11c_e50_each_group_in_a_flank_or_rear_hex_gets_plus_3_once() {
    // C: an English two-hex Line. A stands in one of its Flank hexes, B (a two-hex Line) in
    // two of its three Rear hexes; both face C.
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "A", FR, Kind::Infantry, 6, hex("S0303"), 1);
            let b = unit(w, "B", FR, Kind::Infantry, 8, hex("S0305"), 1);
            let c = unit(w, "C", AL, Kind::Infantry, 8, hex("S1515"), 7);
            ids = (a, b, c);
            (alloc::vec![a, b], alloc::vec![c])
        },
        |_| {},
    );
    let (a, b, c) = ids;
    let line = geometry::line_hexes(hex("S1515"), Facing::new(7).unwrap(), 2).unwrap();
    put(&mut s, c, line.as_slice(), 7);
    let flank = arc_hexes(&s, c, Arc::Flank);
    let rear = arc_hexes(&s, c, Arc::Rear);
    assert_eq!(rear.len(), 3, "a two-hex Line has three Rear hexes");
    // A in a Flank hex, facing toward C.
    let fa = flank[0];
    let face_a = (0..12u8)
        .filter(|&f| f % 2 == 1)
        .find(|&f| {
            let p = Placed::at(fa, Facing::new(f).unwrap());
            line.as_slice()
                .iter()
                .any(|&h| geometry::arc_of(Formation::Line, &p, h) == Some(Arc::Frontal))
        })
        .unwrap();
    put(&mut s, a, &[fa], face_a);
    // B: a two-hex Line behind C facing the same way (toward C), in two of its Rear hexes.
    let same = Facing::new(7).unwrap();
    let bl = rear
        .iter()
        .find_map(|&h| {
            geometry::line_hexes(h, same, 2)
                .filter(|l| l.as_slice().iter().all(|x| rear.contains(x)))
        })
        .expect("two Rear hexes in a row");
    put(&mut s, b, bl.as_slice(), 7);
    let cb = combat(
        alloc::vec![group_of(&s, a), group_of(&s, b)],
        alloc::vec![group_of(&s, c)],
    );
    // Base CR 2: +3 each, B once for its two hexes.
    assert_eq!(r.group_cr(&s, &cb, true, &cb.attackers[0]), 5);
    assert_eq!(r.group_cr(&s, &cb, true, &cb.attackers[1]), 5);
    assert_eq!(r.group_cr(&s, &cb, false, &cb.defenders[0]), 2);
    // B in C's front instead (facing it): only A gets it.
    let back = Facing::new(1).unwrap();
    let front = arc_hexes(&s, c, Arc::Frontal);
    let bf = front
        .iter()
        .find_map(|&h| {
            geometry::line_hexes(h, back, 2)
                .filter(|l| l.as_slice().iter().all(|x| front.contains(x)))
        })
        .expect("two Frontal hexes in a row");
    put(&mut s, b, bf.as_slice(), 1);
    let cb = combat(
        alloc::vec![group_of(&s, a), group_of(&s, b)],
        alloc::vec![group_of(&s, c)],
    );
    assert_eq!(r.group_cr(&s, &cb, true, &cb.attackers[0]), 5);
    assert_eq!(r.group_cr(&s, &cb, true, &cb.attackers[1]), 2);
}

#[test]
fn r13_11c_e51_an_outsider_facing_the_attacker_from_its_flank_gives_minus_3() {
    // A (French) attacks B from B's front; C (English, not in the combat) stands in A's Flank
    // hex with A in its Frontal hexes.
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "A", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let b = unit(w, "B", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            let c = unit(w, "C", AL, Kind::Infantry, 6, ahead(hex("S1010"), 2), 9);
            ids = (a, b, c);
            (alloc::vec![a], alloc::vec![b, c])
        },
        |_| {},
    );
    let (a, b, c) = ids;
    assert_eq!(
        geometry::arc_of(Formation::Line, s.unit(a).placed().unwrap(), at(&s, c)),
        Some(Arc::Flank)
    );
    assert_eq!(
        geometry::arc_of(Formation::Line, s.unit(c).placed().unwrap(), at(&s, a)),
        Some(Arc::Frontal)
    );
    let cb = combat(alloc::vec![group_of(&s, a)], alloc::vec![group_of(&s, b)]);
    assert_eq!(r.group_cr(&s, &cb, true, &cb.attackers[0]), -1);
    // C facing elsewhere (A in its Rear): no modifier.
    let here = at(&s, c);
    put(&mut s, c, &[here], 3);
    assert_ne!(
        geometry::arc_of(Formation::Line, s.unit(c).placed().unwrap(), at(&s, a)),
        Some(Arc::Frontal)
    );
    assert_eq!(r.group_cr(&s, &cb, true, &cb.attackers[0]), 2);
}

#[test]
fn r13_10f_an_attacker_shrunk_by_defensive_fire_keeps_the_hex_next_to_the_defender() {
    // A French two-hex Line (right end R, left end L) attacks an English battalion that only L
    // touches; Defensive Fire has cost it the SP for its second hex, and 12.9j kept R.
    let r_hex = hex("S1010");
    let l_hex = ahead(r_hex, 2);
    let e_hex = ahead(l_hex, 1);
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 8, r_hex, 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, e_hex, 7);
            ids = (f, a);
            (alloc::vec![f], alloc::vec![a])
        },
        |_| {},
    );
    let (f, a) = ids;
    let line = geometry::line_hexes(r_hex, Facing::new(1).unwrap(), 2).unwrap();
    assert_eq!(line.as_slice(), &[r_hex, l_hex]);
    put(&mut s, f, line.as_slice(), 1);
    assert_eq!(r_hex.distance(e_hex), 2);
    assert_eq!(l_hex.distance(e_hex), 1);
    let c = combat(alloc::vec![group_of(&s, f)], alloc::vec![group_of(&s, a)]);
    s.activation
        .as_mut()
        .unwrap()
        .close
        .as_mut()
        .unwrap()
        .current = Some(c);
    let before = alloc::vec![(f, *s.unit(f).placed().unwrap())];
    put(&mut s, f, &[r_hex], 1);
    r.shrink_toward_defenders(&mut s, &before);
    assert_eq!(
        s.unit(f).placed().unwrap().hexes.as_slice(),
        &[l_hex],
        "13.10f: the hex next to the defender, not the first hex (12.9j)"
    );
    // Not after an ordinary fire (no close combat under way): 12.9j's first hex stays.
    s.activation
        .as_mut()
        .unwrap()
        .close
        .as_mut()
        .unwrap()
        .current = None;
    put(&mut s, f, &[r_hex], 1);
    r.shrink_toward_defenders(&mut s, &before);
    assert_eq!(s.unit(f).placed().unwrap().hexes.as_slice(), &[r_hex]);
}

/// The duel of `tests/close.rs` won by the French before the dice, the English gone; `extra`
/// places more English first. Returns the position at the Advance After Combat.
fn won(extra: impl FnOnce(&mut World) -> Vec<UnitId>) -> (Fontenoy, State, UnitId, Hex) {
    use crate::fontenoy::close::{CcResult, CloseStep};
    use crate::fontenoy::state::Step;
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            ids = (f, a);
            let mut al = alloc::vec![a];
            al.extend(extra(w));
            (alloc::vec![f], al)
        },
        |_| {},
    );
    let (f, a) = ids;
    let t = at(&s, a);
    super::close::attack(&r, &mut s, f, t);
    super::close::checks(&r, &mut s);
    s.unit_mut(a).place = Place::Map(Placed::at(hex("S2525"), Facing::new(7).unwrap()));
    s.unit_mut(a).morale = Morale::Routed;
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    let mut ev = Vec::new();
    r.apply_close_result(&mut s, &c, CcResult::parse("-/-").unwrap(), &mut ev);
    r.run_resumes(&mut s, &mut ev);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Close(CloseStep::Advance { side: FR }))
    );
    (r, s, f, t)
}

#[test]
fn r15_1g_a_unit_advancing_outside_an_enemy_zoc_may_turn_freely() {
    use crate::fontenoy::close::CloseStep;
    use crate::fontenoy::state::Step;
    let (r, mut s, f, t) = won(|_| Vec::new());
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: t,
            alone: false,
        },
    );
    assert_eq!(
        s.steps.last(),
        Some(&Step::Close(CloseStep::AdvanceFacing { side: FR, unit: f }))
    );
    let mut want: Vec<Action> = [3u8, 5, 7, 9, 11]
        .into_iter()
        .map(|facing| Action::Face { unit: f, facing })
        .collect();
    want.push(Action::Pass);
    assert_eq!(legal(&r, &s), want);
    // A hexside facing does not suit a Line.
    let e = super::close::refused(&r, &s, Action::Face { unit: f, facing: 2 });
    assert_eq!(e.rule, "15.1g");
    let ev = apply(&r, &mut s, Action::Face { unit: f, facing: 7 });
    assert!(ev.contains(&Event::AdvanceFaced { unit: f, facing: 7 }));
    assert_eq!(s.unit(f).placed().unwrap().facing, Facing::new(7).unwrap());
    assert_eq!(s.unit(f).placed().unwrap().hex(), t);
}

#[test]
fn r15_1g_no_free_turn_in_an_enemy_zoc() {
    use crate::fontenoy::close::CloseStep;
    use crate::fontenoy::state::Step;
    // Another English battalion with the vacated hex in its front.
    let t0 = ahead(hex("S1010"), 0);
    let (r, mut s, f, t) =
        won(|w| alloc::vec![unit(w, "2 ENG", AL, Kind::Infantry, 6, ahead(t0, 0), 7)]);
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: t,
            alone: false,
        },
    );
    assert!(!matches!(
        s.steps.last(),
        Some(&Step::Close(CloseStep::AdvanceFacing { .. }))
    ));
    assert_eq!(s.unit(f).placed().unwrap().facing, Facing::new(1).unwrap());
}

#[test]
fn r19_6d_shaken_cavalry_neither_countercharges_nor_is_committed() {
    use crate::fontenoy::close::CloseStep;
    use crate::fontenoy::state::Step;
    // E45's position with Y Shaken: the charge goes on without a countercharge offer.
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "CAR a", FR, Kind::Cavalry, 5, hex("S1010"), 1);
            let h1 = ahead(hex("S1010"), 0);
            let x = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(ahead(h1, 0), 0), 7);
            let y = unit(w, "Y CAV", AL, Kind::Cavalry, 4, ahead(ahead(h1, 1), 1), 7);
            ids = (a, x, y);
            (alloc::vec![a], alloc::vec![x, y])
        },
        |_| {},
    );
    let (a, x, y) = ids;
    s.unit_mut(y).morale = Morale::Shaken;
    let t = at(&s, x);
    super::close::attack(&r, &mut s, a, t);
    while s.steps.last() == Some(&Step::Close(CloseStep::DefenderReaction)) {
        apply(&r, &mut s, Action::Pass);
    }
    let h1 = ahead(hex("S1010"), 0);
    apply(&r, &mut s, Action::ChargeStep { unit: a, to: h1 });
    assert_ne!(
        s.steps.last(),
        Some(&Step::Close(CloseStep::Countercharge)),
        "no countercharge offer"
    );
    assert!(!legal(&r, &s).contains(&Action::Countercharge { unit: y }));
    // E46's position with Y Shaken: not offered for commitment.
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let x = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            let y = unit(w, "Y CAV", AL, Kind::Cavalry, 4, ahead(hex("S1010"), 2), 9);
            ids = (a, x, y);
            (alloc::vec![a], alloc::vec![x, y])
        },
        |_| {},
    );
    let (a, x, y) = ids;
    s.unit_mut(y).morale = Morale::Shaken;
    let t = at(&s, x);
    super::close::attack(&r, &mut s, a, t);
    assert!(r.commit_options(&s).is_empty());
    assert_ne!(s.steps.last(), Some(&Step::Close(CloseStep::Commit)));
    assert!(!legal(&r, &s).contains(&Action::Commit { unit: y }));
}

#[test]
fn r20_1_f2_8d_skirmishers_in_woods_or_villages_may_retreat_before_cavalry() {
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let c = unit(w, "CAV", FR, Kind::Cavalry, 4, hex("S1010"), 1);
            let i = unit(w, "INF", FR, Kind::Infantry, 6, hex("S1212"), 1);
            let k = unit(w, "SKIRM", AL, Kind::Infantry, 2, ahead(hex("S1010"), 0), 7);
            w.units[usize::from(k)].skirmish = crate::fontenoy::units::Skirmish::Always;
            ids = (c, i, k);
            (alloc::vec![c, i], alloc::vec![k])
        },
        |_| {},
    );
    let (c, i, k) = ids;
    s.unit_mut(k).formation = Formation::Skirmish;
    assert!(r.may_retreat_before_combat(&s, &[k], &[i]), "from infantry");
    assert!(
        !r.may_retreat_before_combat(&s, &[k], &[c]),
        "in the open, not from cavalry"
    );
    let here = at(&s, k);
    for t in [
        crate::fontenoy::board::Terrain::Woods,
        crate::fontenoy::board::Terrain::Village,
        crate::fontenoy::board::Terrain::Town,
    ] {
        let mut r2 = r.clone();
        let mut b = (*r2.board).clone();
        b.set_terrain(here, t);
        r2.board = alloc::sync::Arc::new(b);
        assert!(r2.may_retreat_before_combat(&s, &[k], &[c]), "{t:?}");
        assert!(r2.may_retreat_before_combat(&s, &[k], &[c, i]), "{t:?}");
    }
}

#[test]
fn f4_1e_a_allied_infantry_forms_lines_by_the_three_rank_column() {
    let (r, _s, _, _) = super::close::duel(6, 6);
    let mut differ = false;
    for n in 1..=24u16 {
        let row = r.tables.fire.line(n).expect("a Line SP row");
        assert_eq!(
            r.max_hexes(Kind::Infantry, AL, Formation::Line, n),
            Some(usize::from(row.hexes[0]).max(1))
        );
        assert_eq!(
            r.max_hexes(Kind::Infantry, FR, Formation::Line, n),
            Some(usize::from(row.hexes[1]).max(1))
        );
        differ |= row.hexes[0] != row.hexes[1];
    }
    assert!(differ, "the columns differ somewhere");
}
