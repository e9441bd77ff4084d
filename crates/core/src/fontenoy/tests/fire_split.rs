//! Formations that split their fire: which SP fire (12.3c), a redoubt's fire through each
//! hexside with its infantry and guns together (F-3.5a D), and the Defensive Fire of a 2-hex
//! Line and a Square once from each hex or face (13.10c).

use super::close::{FR, cc, checks, fire_misses, top};
use super::fire::{F, ahead, fire_at, opened, refused, segment, unit};
use super::*;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::close::CloseStep;
use crate::fontenoy::state::{FireKind, Step};
use crate::fontenoy::types::Arm;
use alloc::sync::Arc as Shared;

/// The units of the last fire combat.
fn last_firers(s: &State) -> Vec<UnitId> {
    s.activation
        .as_ref()
        .and_then(|a| a.fire.combats.last())
        .map(|c| c.firers.clone())
        .unwrap_or_default()
}

/// The SP each unit has fired this segment.
fn spent(s: &State) -> Vec<(UnitId, u8)> {
    let mut v: Vec<(UnitId, u8)> = Vec::new();
    for &(u, n) in &s.activation.as_ref().unwrap().fire.spent {
        match v.iter_mut().find(|(x, _)| *x == u) {
            Some(e) => e.1 += n,
            None => v.push((u, n)),
        }
    }
    v.sort();
    v
}

fn allot(from: Hex, unit: UnitId, sp: u8) -> Action {
    Action::Allot { from, unit, sp }
}

#[test]
fn r12_3c_a_square_fires_each_sp_once_in_the_combination_the_player_allots() {
    let (r, mut s, me, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Square,
        );
        let b = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Square,
        );
        let mut them = Vec::new();
        for d in [0u8, 2, 4] {
            them.push(unit(
                w,
                &alloc::format!("{d} EEE"),
                Side(1),
                Kind::Infantry,
                ahead(hex(F), d),
                (2 * d + 7) % 12,
                6,
                Formation::Line,
            ));
        }
        (alloc::vec![a, b], them)
    });
    let (a, b) = (me[0], me[1]);
    // 12 SP: 4 at each of three hexes. The player chooses which units' SP fire.
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    let offered = legal(&r, &s);
    assert!(offered.contains(&allot(hex(F), a, 0)), "{offered:?}");
    assert!(offered.contains(&allot(hex(F), b, 4)));
    assert!(!offered.contains(&allot(hex(F), b, 5)), "4 SP a target");
    // More than the limit, or than the unit has: refused, the state unchanged.
    assert_eq!(refused(&r, &s, allot(hex(F), b, 5)).rule, "12.3c");
    assert_eq!(refused(&r, &s, allot(hex(F), a, 7)).rule, "12.3c");
    apply(&r, &mut s, allot(hex(F), a, 0));
    let ev = apply(&r, &mut s, Action::OpenFire);
    assert_eq!(opened(&ev).0, 12);
    assert_eq!(last_firers(&s), alloc::vec![b]);
    apply(&r, &mut s, d100(11));
    // By default the top unit first: the first unit's 4.
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 2)));
    apply(&r, &mut s, Action::OpenFire);
    assert_eq!(last_firers(&s), alloc::vec![a]);
    apply(&r, &mut s, d100(11));
    // Each SP fires once: the first unit has 2 left, so the second unit gives the other 2.
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 4)));
    let ev = apply(&r, &mut s, Action::OpenFire);
    assert_eq!(opened(&ev).0, 12);
    assert_eq!(last_firers(&s), alloc::vec![a, b]);
    assert_eq!(spent(&s), alloc::vec![(a, 6), (b, 6)]);
}

#[test]
fn r12_3c_a_two_hex_line_allots_its_units_sp_between_its_hexes() {
    let left = ahead(hex(F), 2);
    let (r, mut s, me, _) = segment(|w| {
        let line =
            crate::fontenoy::geometry::line_hexes(hex(F), Facing::new(1).unwrap(), 2).unwrap();
        let mut mine = Vec::new();
        for (name, sp) in [("1 AAA", 7u8), ("2 AAA", 3)] {
            let u = unit(
                w,
                name,
                Side(0),
                Kind::Infantry,
                hex(F),
                1,
                sp,
                Formation::Line,
            );
            w.unit_state[usize::from(u)].place = crate::fontenoy::state::Place::Map(Placed {
                hexes: line,
                facing: Facing::new(1).unwrap(),
                hook: None,
            });
            mine.push(u);
        }
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        let e2 = unit(
            w,
            "2 EEE",
            Side(1),
            Kind::Infantry,
            ahead(left, 1),
            7,
            6,
            Formation::Line,
        );
        (mine, alloc::vec![e, e2])
    });
    let (a, b) = (me[0], me[1]);
    assert_eq!(
        s.unit(a).placed().unwrap().hexes.as_slice(),
        &[hex(F), left]
    );
    // 10 SP over two hexes fire 4 from each (12.4c's example). The first hex fires all 3 SP
    // of the second unit and 1 of the first.
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    apply(&r, &mut s, allot(hex(F), b, 3));
    let ev = apply(&r, &mut s, Action::OpenFire);
    assert_eq!(opened(&ev).0, 12);
    assert_eq!(spent(&s), alloc::vec![(a, 1), (b, 3)]);
    apply(&r, &mut s, d100(11));
    // The other hex: the second unit has nothing left; the first may fire 4 of its 6 there,
    // more than its share of that hex.
    apply(&r, &mut s, fire_at(left, Arm::Infantry, ahead(left, 1)));
    assert_eq!(refused(&r, &s, allot(left, b, 1)).rule, "12.3c");
    apply(&r, &mut s, allot(left, a, 4));
    let ev = apply(&r, &mut s, Action::OpenFire);
    assert_eq!(opened(&ev).0, 12);
    assert_eq!(spent(&s), alloc::vec![(a, 5), (b, 3)]);
}

#[test]
fn r12_3c_a_unit_that_fires_once_has_no_choice_of_sp() {
    let (r, mut s, me, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e])
    });
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Allot { .. }))
    );
    assert_eq!(refused(&r, &s, allot(hex(F), me[0], 2)).rule, "12.3c");
}

/// `r` with a redoubt in `h`.
fn with_redoubt(r: &Fontenoy, h: Hex) -> Fontenoy {
    let mut r = r.clone();
    let mut b = (*r.board).clone();
    b.set_terrain(h, Terrain::Redoubt);
    r.board = Shared::new(b);
    r
}

#[test]
fn f3_5a_d_a_redoubt_fires_through_each_hexside_and_combines_its_arms() {
    let (r, mut s, me, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            7,
            Formation::GeneralOrder,
        );
        let g = unit(
            w,
            "G1",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::GeneralOrder,
        );
        let mut them = Vec::new();
        for d in 0..4u8 {
            them.push(unit(
                w,
                &alloc::format!("{d} EEE"),
                Side(1),
                Kind::Infantry,
                ahead(hex(F), d),
                (2 * d + 7) % 12,
                6,
                Formation::Line,
            ));
        }
        (alloc::vec![a, g], them)
    });
    let r = with_redoubt(&r, hex(F));
    let (a, g) = (me[0], me[1]);
    assert!(r.inside_redoubt(&s, a) && r.inside_redoubt(&s, g));
    // The guns inside, in General Order, may fire (F-3.5a C, D).
    assert!(r.can_fire(&s, g));
    // 3 SP through one hexside, then 3 more through another (once per arm before).
    for d in [0u8, 1] {
        apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), d)));
        apply(&r, &mut s, Action::OpenFire);
        assert_eq!(last_firers(&s), alloc::vec![a]);
        apply(&r, &mut s, d100(11));
    }
    assert_eq!(spent(&s), alloc::vec![(a, 6)]);
    // A hexside that has carried a fire carries no other this segment, even the guns'.
    assert_eq!(
        refused(&r, &s, fire_at(hex(F), Arm::Artillery, ahead(hex(F), 0))).rule,
        "F-3.5a D"
    );
    // The last infantry SP and the 2 guns' SP fire together through a third hexside.
    let t = ahead(hex(F), 2);
    let guns = r
        .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Artillery, t)
        .unwrap()
        .strength;
    let foot = r
        .fire_preview(&s, FireKind::Segment, Side(0), &[hex(F)], Arm::Infantry, t)
        .unwrap()
        .strength;
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, t));
    assert!(legal(&r, &s).contains(&fire_at(hex(F), Arm::Artillery, t)));
    apply(&r, &mut s, fire_at(hex(F), Arm::Artillery, t));
    let ev = apply(&r, &mut s, Action::OpenFire);
    assert_eq!(opened(&ev).0, guns + foot);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::FireOpened { arm: None, firers, .. } if firers == &alloc::vec![a, g]
    )));
    apply(&r, &mut s, d100(11));
    assert_eq!(spent(&s), alloc::vec![(a, 7), (g, 2)]);
    // Every SP has fired (12.3c).
    let t = ahead(hex(F), 3);
    assert_eq!(
        refused(&r, &s, fire_at(hex(F), Arm::Infantry, t)).rule,
        "12.3c"
    );
    assert_eq!(
        refused(&r, &s, fire_at(hex(F), Arm::Artillery, t)).rule,
        "12.3c"
    );
}

#[test]
fn f3_5a_d_a_combined_fire_keeps_to_3_sp_through_the_hexside() {
    let (r, mut s, me, _) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            7,
            Formation::GeneralOrder,
        );
        let g = unit(
            w,
            "G1",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::GeneralOrder,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a, g], alloc::vec![e])
    });
    let r = with_redoubt(&r, hex(F));
    let (a, g) = (me[0], me[1]);
    let t = ahead(hex(F), 0);
    apply(&r, &mut s, fire_at(hex(F), Arm::Artillery, t));
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, t));
    apply(&r, &mut s, Action::OpenFire);
    // 2 gun SP and 1 infantry SP: the hexside's 3.
    assert_eq!(spent(&s), alloc::vec![(a, 1), (g, 2)]);
}

// --- 13.10c Defensive Fire of a Square and a 2-hex Line ----------------------------------

/// Plays the close combat segment on: checks rolled, the Defensive Fire of `firer` chosen
/// whenever offered (the fires that follow roll without effect), the rounds' dice 5 and 5,
/// retreats taken, until the segment ends. Returns the targets `firer` fired at.
fn play_segment(r: &Fontenoy, s: &mut State, firer: UnitId) -> Vec<UnitId> {
    let mut fired_at = Vec::new();
    for _ in 0..200 {
        match top(s) {
            Some(Step::Check(_)) => {
                checks(r, s);
            }
            Some(Step::Close(CloseStep::DefensiveFire)) => {
                let a = legal(r, s)
                    .into_iter()
                    .find(|a| matches!(a, Action::DefensiveFire { unit, .. } if *unit == firer))
                    .unwrap_or(Action::Pass);
                if let Action::DefensiveFire { target, .. } = a {
                    fired_at.push(target);
                }
                apply(r, s, a);
            }
            Some(Step::Fire(_)) => {
                fire_misses(r, s);
            }
            _ => {
                if s.activation
                    .as_ref()
                    .is_none_or(|a| a.close.as_ref().is_none_or(|c| c.current.is_none()))
                    && !matches!(
                        top(s),
                        Some(Step::Close(_)) | Some(Step::RetreatChoice { .. })
                    )
                {
                    break;
                }
                let Some(a) = legal(r, s).into_iter().next() else {
                    break;
                };
                let a = match a {
                    Action::Roll(x) => Action::Roll(Roll {
                        spec: x.spec,
                        value: if x.spec == DiceSpec::D100 { 50 } else { 5 },
                    }),
                    a => a,
                };
                apply(r, s, a);
            }
        }
    }
    fired_at
}

/// Two French battalions attack two Dutch ones; a Dutch unit of `sp` SP in `f` beside them
/// (at S1010) has one attacker in each of two of its Frontal hexes, opposite each other.
fn two_attacks(f: Formation, sp: u8) -> (Fontenoy, State, UnitId, [UnitId; 2], [Hex; 2]) {
    let x = hex("S1010");
    let mut ids = (0, [0, 0]);
    let (r, s) = cc(
        |w| {
            let a1 = ahead(x, 0);
            let a2 = ahead(x, 3);
            let f1 = super::close::unit(w, "1 FRA", FR, Kind::Infantry, 6, a1, 1);
            let f2 = super::close::unit(w, "2 FRA", FR, Kind::Infantry, 6, a2, 7);
            let e1 = super::close::unit(w, "1 DUT", Side(1), Kind::Infantry, 6, ahead(a1, 0), 7);
            let e2 = super::close::unit(w, "2 DUT", Side(1), Kind::Infantry, 6, ahead(a2, 3), 1);
            let q = super::close::unit(w, "3 DUT", Side(1), Kind::Infantry, sp, x, 1);
            w.unit_state[usize::from(q)].formation = f;
            for u in [e1, e2, q] {
                w.units[usize::from(u)].nationality = Nationality::Dutch;
            }
            ids = (q, [f1, f2]);
            (alloc::vec![f1, f2], alloc::vec![e1, e2, q])
        },
        |_| {},
    );
    let x = hex("S1010");
    // Both attackers In Command (the Dutch unit stands across the Line of Command).
    let mut s = s;
    for u in ids.1 {
        s.unit_mut(u).command = Some(true);
    }
    (
        r,
        s,
        ids.0,
        ids.1,
        [ahead(ahead(x, 0), 0), ahead(ahead(x, 3), 3)],
    )
}

#[test]
fn r13_10c_a_square_fires_again_through_another_face_at_a_second_combat() {
    let (r, mut s, q, [f1, f2], [t1, t2]) = two_attacks(Formation::Square, 12);
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: f1,
            target: t1,
        },
    );
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: f2,
            target: t2,
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    let fired_at = play_segment(&r, &mut s, q);
    // Once at each combat's attacker, each through its own face.
    assert_eq!(fired_at, alloc::vec![f1, f2]);
}

#[test]
fn r13_10c_a_unit_in_line_fires_at_one_combat_only() {
    let (r, mut s, q, [f1, f2], [t1, t2]) = two_attacks(Formation::GeneralOrder, 6);
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: f1,
            target: t1,
        },
    );
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: f2,
            target: t2,
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    let fired_at = play_segment(&r, &mut s, q);
    assert_eq!(fired_at, alloc::vec![f1]);
}

#[test]
fn r13_10c_a_two_hex_line_fires_from_its_other_hex_at_a_second_combat() {
    let x = hex("S1010");
    let left = ahead(x, 2);
    let a1 = ahead(x, 0);
    let a2 = ahead(left, 1);
    let mut ids = (0, [0, 0]);
    let (r, mut s) = cc(
        |w| {
            let f1 = super::close::unit(w, "1 FRA", FR, Kind::Infantry, 6, a1, 1);
            let f2 = super::close::unit(w, "2 FRA", FR, Kind::Infantry, 6, a2, 1);
            let e1 = super::close::unit(w, "1 DUT", Side(1), Kind::Infantry, 6, ahead(a1, 0), 7);
            let e2 = super::close::unit(w, "2 DUT", Side(1), Kind::Infantry, 6, ahead(a2, 1), 9);
            let l = super::close::unit(w, "3 DUT", Side(1), Kind::Infantry, 10, x, 1);
            w.unit_state[usize::from(l)].formation = Formation::Line;
            w.unit_state[usize::from(l)].place = crate::fontenoy::state::Place::Map(Placed {
                hexes: crate::fontenoy::geometry::line_hexes(x, Facing::new(1).unwrap(), 2)
                    .unwrap(),
                facing: Facing::new(1).unwrap(),
                hook: None,
            });
            for u in [e1, e2, l] {
                w.units[usize::from(u)].nationality = Nationality::Dutch;
            }
            ids = (l, [f1, f2]);
            (alloc::vec![f1, f2], alloc::vec![e1, e2, l])
        },
        |_| {},
    );
    let (l, [f1, f2]) = ids;
    assert_eq!(s.unit(l).placed().unwrap().hexes.as_slice(), &[x, left]);
    for u in [f1, f2] {
        s.unit_mut(u).command = Some(true);
    }
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: f1,
            target: ahead(a1, 0),
        },
    );
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: f2,
            target: ahead(a2, 1),
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    // The first combat's attacker is in front of one hex only (the Dutch fire at 1 hex): that
    // hex fires; the other fires at the second combat's attacker.
    let fired_at = play_segment(&r, &mut s, l);
    assert_eq!(fired_at, alloc::vec![f1, f2]);
}
