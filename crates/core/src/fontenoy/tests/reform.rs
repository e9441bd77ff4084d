//! 8.2–8.7 reformations in the Movement Segment, 9.6 about-faces, 10.11a Road Column groups,
//! 10.12 group changes; the worked examples E11–E15, E18, E24, E25.

use super::movement::mover;
use super::*;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::geometry::{Hexes, HookSide, line_hexes};
use crate::fontenoy::state::{FireCombat, FireKind, Place, Step};
use crate::fontenoy::types::{DisorderCheck, Pts};
use crate::hex::Direction;

/// The hex next to `h` toward direction `d`.
fn next(h: Hex, d: u8) -> Hex {
    h.neighbor(Direction::ALL[usize::from(d)])
}

fn face(n: u8) -> Facing {
    Facing::new(n).expect("a facing")
}

/// Makes counter `u` a `kind` of `sp` SP and `mp` MP.
fn make(r: &mut Fontenoy, s: &mut State, u: UnitId, kind: Kind, sp: u8, mp: u8) {
    let info = &mut alloc::sync::Arc::make_mut(&mut r.units)[usize::from(u)];
    info.kind = kind;
    info.sp = sp;
    info.mp = mp;
    s.unit_mut(u).sp = sp;
}

/// Stands `u` in `f` on `hexes` facing `facing`.
fn put(s: &mut State, u: UnitId, f: Formation, hexes: &[Hex], facing: u8, hook: Option<HookSide>) {
    let x = s.unit_mut(u);
    x.formation = f;
    x.place = Place::Map(Placed {
        hexes: Hexes::from_slice(hexes).expect("hexes"),
        facing: face(facing),
        hook,
    });
}

fn placed(hexes: &[Hex], facing: u8) -> Placed {
    Placed {
        hexes: Hexes::from_slice(hexes).expect("hexes"),
        facing: face(facing),
        hook: None,
    }
}

fn reform(unit: UnitId, formation: Formation, to: Placed) -> Action {
    Action::Reform {
        unit,
        formation,
        to,
    }
}

/// The cost of the reformation among `ev`.
fn cost_of(ev: &[Event]) -> Pts {
    ev.iter()
        .find_map(|e| match e {
            Event::Reformation { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a reformation")
}

fn refused(r: &Fontenoy, s: &State, a: Action) -> String {
    let mut t = s.clone();
    let mut ev = Vec::new();
    let e = r.apply(&mut t, &a, &mut ev).expect_err("refused");
    assert_eq!(&t, s, "a refused action changes nothing");
    e.rule.to_string()
}

fn listed(r: &Fontenoy, s: &State, a: &Action) -> bool {
    legal(r, s).contains(a)
}

/// A second unit of the mover's Division, of `regiment`, at `at`.
fn another(w: &mut World, name: &str, regiment: &str, at: &str) -> UnitId {
    let x = w.infantry(name, Side(0), regiment, at, 1);
    w.org.divisions[1].units.push(x);
    w.org.division_of[usize::from(x)] = Some(1);
    x
}

/// The rules with woods that are difficult terrain (8.7).
fn woods_difficult(r: &mut Fontenoy) {
    let t = alloc::sync::Arc::make_mut(&mut r.tables);
    t.terrain[crate::fontenoy::board::Terrain::Woods as usize].difficult = true;
}

#[test]
fn r8_4a_e11_road_column_into_march_column_pays_for_the_hexes_dropped() {
    // Cavalry of 11 SP in a Road Column A, B, C facing hexside 2 (direction 1), C off the row.
    let a = hex("S1010");
    let b = next(a, 4);
    let bent = next(b, 3);
    let straight = next(b, 4);
    for (c, two, one) in [(bent, 2u16, 3u16), (straight, 1, 2)] {
        let (mut r, mut s, u) = mover(|_| {});
        make(&mut r, &mut s, u, Kind::Cavalry, 11, 6);
        put(&mut s, u, Formation::RoadColumn, &[a, b, c], 2, None);
        let to2 = reform(u, Formation::MarchColumn, placed(&[a, b], 2));
        let to1 = reform(u, Formation::MarchColumn, placed(&[a], 2));
        assert!(listed(&r, &s, &to2) && listed(&r, &s, &to1));
        let ev = apply(&r, &mut s.clone(), to2);
        assert_eq!(cost_of(&ev), Pts::whole(two), "two-hex column");
        let ev = apply(&r, &mut s, to1);
        assert_eq!(cost_of(&ev), Pts::whole(one), "one-hex column");
        assert_eq!(s.unit(u).formation, Formation::MarchColumn);
    }
}

#[test]
fn r8_4a_the_march_column_forms_at_the_head_no_longer_than_the_road_column() {
    let a = hex("S1010");
    let b = next(a, 4);
    let (mut r, mut s, u) = mover(|_| {});
    make(&mut r, &mut s, u, Kind::Cavalry, 8, 6);
    put(&mut s, u, Formation::RoadColumn, &[a, b], 2, None);
    // Its head must stay: a column standing in B alone is refused.
    assert_eq!(
        refused(&r, &s, reform(u, Formation::MarchColumn, placed(&[b], 2))),
        "8.4a"
    );
    // Nor may it grow.
    let c = next(b, 4);
    assert_eq!(
        refused(
            &r,
            &s,
            reform(u, Formation::MarchColumn, placed(&[a, b, c], 2))
        ),
        "8.4a"
    );
}

#[test]
fn r8_4b_e12_e13_e14_march_column_into_road_column() {
    let a = hex("S1010");
    // E12: an infantry March Column of 4 SP: 1 MP.
    let (mut r, mut s, u) = mover(|_| {});
    make(&mut r, &mut s, u, Kind::Infantry, 4, 4);
    put(&mut s, u, Formation::MarchColumn, &[a], 2, None);
    let ev = apply(
        &r,
        &mut s,
        reform(u, Formation::RoadColumn, placed(&[a], 2)),
    );
    assert_eq!(cost_of(&ev), Pts::ONE);
    assert_eq!(s.unit(u).formation, Formation::RoadColumn);
    // E13: cavalry of 12 SP in a 3-hex March Column: 1 MP, same hexes.
    let hexes = [a, next(a, 4), next(next(a, 4), 4)];
    let (mut r, mut s, u) = mover(|_| {});
    make(&mut r, &mut s, u, Kind::Cavalry, 12, 6);
    put(&mut s, u, Formation::MarchColumn, &hexes, 2, None);
    let ev = apply(
        &r,
        &mut s,
        reform(u, Formation::RoadColumn, placed(&hexes, 2)),
    );
    assert_eq!(cost_of(&ev), Pts::ONE);
    // E14: the same in a 1-hex March Column must grow to 3 hexes: 1 + 2.
    let (mut r, mut s, u) = mover(|_| {});
    make(&mut r, &mut s, u, Kind::Cavalry, 12, 6);
    put(&mut s, u, Formation::MarchColumn, &[a], 2, None);
    assert_eq!(
        refused(&r, &s, reform(u, Formation::RoadColumn, placed(&[a], 2))),
        "8.4b"
    );
    let to = reform(u, Formation::RoadColumn, placed(&hexes, 2));
    assert!(listed(&r, &s, &to));
    let ev = apply(&r, &mut s, to);
    assert_eq!(cost_of(&ev), Pts::whole(3));
    assert_eq!(s.unit(u).placed().map(|p| p.hexes.len()), Some(3));
}

#[test]
fn r8_4c_e15_a_cavalry_column_into_a_three_hex_line_turning_right() {
    // 3 for turning right (the provisional cavalry diagram) + 2 for the length: 5.
    let a = hex("S1010");
    let (mut r, mut s, u) = mover(|_| {});
    make(&mut r, &mut s, u, Kind::Cavalry, 12, 6);
    put(&mut s, u, Formation::MarchColumn, &[a], 2, None);
    let line = line_hexes(a, face(11), 3).expect("a line");
    let to = reform(
        u,
        Formation::Line,
        Placed {
            hexes: line,
            facing: face(11),
            hook: None,
        },
    );
    assert!(listed(&r, &s, &to));
    let ev = apply(&r, &mut s, to);
    assert_eq!(cost_of(&ev), Pts::whole(5));
    assert_eq!(r.mp_left(&s, u), Pts::ONE);
    // Back into a one-hex column ahead costs 1 + 2 for the shorter column: more than is left.
    assert_eq!(
        refused(&r, &s, reform(u, Formation::MarchColumn, placed(&[a], 0))),
        "8.2a"
    );
}

#[test]
fn r8_4c_the_new_line_covers_the_column_head_and_faces_a_vertex() {
    let a = hex("S1010");
    let (mut r, mut s, u) = mover(|_| {});
    make(&mut r, &mut s, u, Kind::Cavalry, 12, 6);
    put(&mut s, u, Formation::MarchColumn, &[a], 2, None);
    // A Line two hexes off is refused, and so is one facing 180 degrees from nowhere.
    let far = line_hexes(next(next(a, 1), 1), face(3), 1).expect("a line");
    assert_eq!(
        refused(
            &r,
            &s,
            reform(
                u,
                Formation::Line,
                Placed {
                    hexes: far,
                    facing: face(3),
                    hook: None
                }
            )
        ),
        "8.4c"
    );
    // A 1-hex Line facing ahead (30 degrees) costs the diagram's 1.
    let ev = apply(&r, &mut s, reform(u, Formation::Line, placed(&[a], 3)));
    assert_eq!(cost_of(&ev), Pts::ONE);
}

#[test]
fn r8_7_e18_a_column_deploying_into_woods_takes_all_its_mp_and_a_dca() {
    // A French 2-hex March Column of 8 SP deploys ahead into a 2-hex Line whose new hex is
    // woods: the whole MPo, the movement ends, DC(A) at +5.
    let a = hex("S1010");
    let line = line_hexes(a, face(3), 2).expect("a line");
    let woods = line.as_slice()[1];
    let (mut r, mut s, u) = mover(|w| {
        w.board
            .set_terrain(woods, crate::fontenoy::board::Terrain::Woods);
    });
    woods_difficult(&mut r);
    make(&mut r, &mut s, u, Kind::Infantry, 8, 4);
    put(&mut s, u, Formation::MarchColumn, &[a, next(a, 4)], 2, None);
    let to = reform(
        u,
        Formation::Line,
        Placed {
            hexes: line,
            facing: face(3),
            hook: None,
        },
    );
    // Not when Disordered.
    let mut d = s.clone();
    d.unit_mut(u).disordered = true;
    assert_eq!(refused(&r, &d, to.clone()), "8.7");
    let ev = apply(&r, &mut s, to);
    assert_eq!(cost_of(&ev), Pts::whole(4));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Reformation { rule, .. } if rule == "8.7"))
    );
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: u,
            kind: CheckKind::Disorder(DisorderCheck::A),
            er_mod: 5,
        }))
    );
    assert!(!legal(&r, &s).iter().any(
        |a| matches!(a, Action::Step { unit, .. } | Action::Reform { unit, .. } if *unit == u)
    ));
}

#[test]
fn r8_7_not_after_spending_mp() {
    let a = hex("S1010");
    let line = line_hexes(a, face(3), 2).expect("a line");
    let woods = line.as_slice()[1];
    let (mut r, mut s, u) = mover(|w| {
        w.board
            .set_terrain(woods, crate::fontenoy::board::Terrain::Woods);
    });
    woods_difficult(&mut r);
    make(&mut r, &mut s, u, Kind::Infantry, 8, 4);
    put(
        &mut s,
        u,
        Formation::MarchColumn,
        &[next(a, 4), next(next(a, 4), 4)],
        2,
        None,
    );
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: a,
            alone: false,
        },
    );
    let to = reform(
        u,
        Formation::Line,
        Placed {
            hexes: line,
            facing: face(3),
            hook: None,
        },
    );
    assert_eq!(refused(&r, &s, to), "8.7");
}

#[test]
fn r10_11a_e24_two_battalions_of_one_regiment_form_one_road_column() {
    let a = hex("S1010");
    let three = [a, next(a, 4), next(next(a, 4), 4)];
    // Two 6-SP battalions of one regiment: a 3-hex Road Column for 1 + 2 MP.
    let mut x = 0;
    let (r, mut s, u) = mover(|w| x = another(w, "2 AAA", "AAA", "S1010"));
    put(&mut s, u, Formation::MarchColumn, &[a], 2, None);
    put(&mut s, x, Formation::MarchColumn, &[a], 2, None);
    let to = reform(u, Formation::RoadColumn, placed(&three, 2));
    assert!(listed(&r, &s, &to));
    let ev = apply(&r, &mut s, to);
    assert_eq!(cost_of(&ev), Pts::whole(3));
    assert_eq!(s.unit(x).formation, Formation::RoadColumn);
    assert_eq!(s.unit(x).placed(), s.unit(u).placed());
    // Of two regiments: refused.
    let (r, mut s, u) = mover(|w| x = another(w, "1 BBB", "BBB", "S1010"));
    put(&mut s, u, Formation::MarchColumn, &[a], 2, None);
    put(&mut s, x, Formation::MarchColumn, &[a], 2, None);
    assert_eq!(
        refused(&r, &s, reform(u, Formation::RoadColumn, placed(&three, 2))),
        "10.11a"
    );
    // Three battalions: 18 SP need 5 hexes, 1 + 4 = 5 MP, more than their 4.
    let mut y = 0;
    let (r, mut s, u) = mover(|w| {
        x = another(w, "2 AAA", "AAA", "S1010");
        y = another(w, "3 AAA", "AAA", "S1010");
    });
    for v in [u, x, y] {
        put(&mut s, v, Formation::MarchColumn, &[a], 2, None);
    }
    let mut five = alloc::vec![a];
    for _ in 0..4 {
        let last = five[five.len() - 1];
        five.push(next(last, 4));
    }
    assert_eq!(
        refused(&r, &s, reform(u, Formation::RoadColumn, placed(&five, 2))),
        "8.2a"
    );
}

/// A gun of 1 SP (counting 4 with infantry, 10.4g) and 3 MP, unlimbered with the mover's Line at S1010 facing 1.
fn with_gun() -> (Fontenoy, State, UnitId, UnitId) {
    let mut g = 0;
    let (r, s, u) = mover(|w| {
        let mut info = World::info("GUN", Side(0), Kind::Artillery);
        info.sp = 1;
        info.mp = 3;
        g = w.push(info, Some(Placed::at(hex("S1010"), face(1))));
        w.org.divisions[1].units.push(g);
        w.org.division_of[usize::from(g)] = Some(1);
    });
    (r, s, u, g)
}

#[test]
fn r10_12c_e25_guns_and_infantry_change_together_only_to_compatible_formations() {
    let a = hex("S1010");
    // Into March Column: the guns limber, facing the same way; each pays the dearest cost.
    let (r, mut s, u, g) = with_gun();
    let to = reform(u, Formation::MarchColumn, placed(&[a], 2));
    assert!(listed(&r, &s, &to));
    let ev = apply(&r, &mut s, to);
    assert_eq!(cost_of(&ev), Pts::whole(2));
    assert_eq!(s.unit(g).formation, Formation::MarchColumn);
    assert_eq!(s.unit(g).placed(), s.unit(u).placed());
    assert_eq!(r.mp_left(&s, g), Pts::ONE);
    // Into Square: the guns stay unlimbered with it.
    let (r, mut s, u, g) = with_gun();
    apply(&r, &mut s, reform(u, Formation::Square, placed(&[a], 1)));
    assert_eq!(s.unit(u).formation, Formation::Square);
    assert_eq!(s.unit(g).formation, Formation::Unlimbered);
    // Into Skirmish never (the unit may not skirmish anyway: 8.3b first).
    // The guns limbering alone must leave the Line's hex: they may not end there.
    let (r, mut s, u, g) = with_gun();
    let _ = u;
    let limber = reform(g, Formation::MarchColumn, placed(&[a], 0));
    assert!(listed(&r, &s, &limber));
    apply(&r, &mut s, limber);
    let l = legal(&r, &s);
    assert!(!l.contains(&Action::EndMove { unit: g }));
    assert!(!l.contains(&Action::EndSegment));
    assert!(
        l.iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == g))
    );
}

#[test]
fn r8_6a_a_gun_that_fired_may_not_limber() {
    let a = hex("S1010");
    let (r, mut s, _, g) = with_gun();
    s.activation
        .as_mut()
        .unwrap()
        .fire
        .combats
        .push(FireCombat {
            kind: FireKind::Segment,
            side: Side(0),
            arm: Some(crate::fontenoy::types::Arm::Artillery),
            firers: alloc::vec![g],
            from: alloc::vec![a],
            at: hex("S1020"),
            target: Vec::new(),
            strength: 4,
            defense: 10,
            drm: 0,
            range: 10,
            long_artillery: false,
            flank: false,
            enfilade: false,
            heavy: false,
            nationality: Nationality::French,
            mover: None,
            ordinary: false,
            shift: 0,
            extra_loss: 0,
            caisson: false,
            smoke: 0,
            rerolls: 0,
            disorder_after: false,
            wild: None,
            effect: None,
            cancelled: false,
            lost: 0,
            spread: Vec::new(),
        });
    let limber = reform(g, Formation::MarchColumn, placed(&[a], 0));
    assert!(!listed(&r, &s, &limber));
    assert_eq!(refused(&r, &s, limber), "8.6a");
}

#[test]
fn r8_6b_r8_3c_guns_unlimber_from_march_column_for_2_mp_never_from_road_column() {
    let a = hex("S1010");
    let (r, mut s, u, g) = with_gun();
    // Alone in a hex, limbered and facing a hexside.
    put(&mut s, u, Formation::Line, &[next(a, 3)], 1, None);
    put(&mut s, g, Formation::MarchColumn, &[a], 2, None);
    let ev = apply(
        &r,
        &mut s.clone(),
        reform(g, Formation::Unlimbered, placed(&[a], 7)),
    );
    assert_eq!(cost_of(&ev), Pts::whole(2));
    put(&mut s, g, Formation::RoadColumn, &[a], 2, None);
    assert_eq!(
        refused(&r, &s, reform(g, Formation::Unlimbered, placed(&[a], 7))),
        "8.3c"
    );
}

#[test]
fn r8_4f_r8_4g_square_takes_the_whole_mpo_each_way_never_disordered() {
    let a = hex("S1010");
    let (r, s, u) = mover(|_| {});
    let sq = reform(u, Formation::Square, placed(&[a], 1));
    let mut d = s.clone();
    d.unit_mut(u).disordered = true;
    assert_eq!(refused(&r, &d, sq.clone()), "8.4f");
    let mut t = s.clone();
    let ev = apply(&r, &mut t, sq);
    assert_eq!(cost_of(&ev), Pts::whole(4));
    assert!(
        !legal(&r, &t)
            .iter()
            .any(|a| matches!(a, Action::Reform { unit, .. } if *unit == u))
    );
    // Out of Square: any facing, the whole MPo.
    let mut t = s.clone();
    put(&mut t, u, Formation::Square, &[a], 1, None);
    let out = reform(u, Formation::MarchColumn, placed(&[a], 8));
    assert!(listed(&r, &t, &out));
    let ev = apply(&r, &mut t, out);
    assert_eq!(cost_of(&ev), Pts::whole(4));
    // After spending MP, no Square.
    let mut t = s.clone();
    let hook = Placed {
        hook: Some(HookSide::Left),
        ..placed(&[a], 1)
    };
    apply(&r, &mut t, reform(u, Formation::Hook, hook));
    apply(&r, &mut t, reform(u, Formation::Line, placed(&[a], 1)));
    assert_eq!(
        refused(&r, &t, reform(u, Formation::Square, placed(&[a], 1))),
        "8.4f"
    );
}

#[test]
fn r8_2a_r8_4j_a_line_hooks_and_unhooks_for_1_mp_as_often_as_it_pays() {
    let a = hex("S1010");
    let (r, mut s, u) = mover(|_| {});
    let hook = Placed {
        hook: Some(HookSide::Right),
        ..placed(&[a], 1)
    };
    for _ in 0..2 {
        let ev = apply(&r, &mut s, reform(u, Formation::Hook, hook));
        assert_eq!(cost_of(&ev), Pts::ONE);
        let ev = apply(&r, &mut s, reform(u, Formation::Line, placed(&[a], 1)));
        assert_eq!(cost_of(&ev), Pts::ONE);
    }
    assert_eq!(r.mp_left(&s, u), Pts::ZERO);
    assert_eq!(refused(&r, &s, reform(u, Formation::Hook, hook)), "8.2a");
    // 8.4j: a Hook keeps the Line's facing.
    let (r, s, u) = mover(|_| {});
    let turned = Placed {
        hook: Some(HookSide::Right),
        ..placed(&[a], 3)
    };
    assert_eq!(refused(&r, &s, reform(u, Formation::Hook, turned)), "8.4j");
}

#[test]
fn r8_3a_only_the_linked_changes_r8_4i_no_general_order_by_choice_f2_4a_no_attack_column() {
    let a = hex("S1010");
    let (r, mut s, u) = mover(|_| {});
    put(&mut s, u, Formation::RoadColumn, &[a], 2, None);
    assert_eq!(
        refused(&r, &s, reform(u, Formation::Line, placed(&[a], 1))),
        "8.3a"
    );
    assert_eq!(
        refused(&r, &s, reform(u, Formation::GeneralOrder, placed(&[a], 1))),
        "8.4i"
    );
    put(&mut s, u, Formation::MarchColumn, &[a], 2, None);
    assert_eq!(
        refused(&r, &s, reform(u, Formation::AttackColumn, placed(&[a], 1))),
        "F-2.4a"
    );
}

#[test]
fn r8_4h_skirmish_in_and_out_for_1_mp_only_for_units_that_may() {
    let a = hex("S1010");
    let (r, s, u) = mover(|_| {});
    let sk = reform(u, Formation::Skirmish, placed(&[a], 5));
    assert_eq!(refused(&r, &s, sk.clone()), "8.3b");
    let (mut r, mut s, u) = mover(|_| {});
    alloc::sync::Arc::make_mut(&mut r.units)[usize::from(u)].skirmish = Skirmish::Capable;
    assert!(listed(&r, &s, &sk));
    let ev = apply(&r, &mut s, sk);
    assert_eq!(cost_of(&ev), Pts::ONE);
    assert_eq!(s.unit(u).formation, Formation::Skirmish);
    let ev = apply(
        &r,
        &mut s,
        reform(u, Formation::MarchColumn, placed(&[a], 6)),
    );
    assert_eq!(cost_of(&ev), Pts::ONE);
    // A skirmished unit never leaves Skirmish (8.1g).
    let (mut r, mut s, u) = mover(|_| {});
    alloc::sync::Arc::make_mut(&mut r.units)[usize::from(u)].skirmish = Skirmish::Always;
    put(&mut s, u, Formation::Skirmish, &[a], 1, None);
    assert_eq!(
        refused(&r, &s, reform(u, Formation::Line, placed(&[a], 1))),
        "8.1g"
    );
}

#[test]
fn r9_6b_r9_6c_a_road_column_about_faces_tail_first_for_its_whole_mpo() {
    let a = hex("S1010");
    let b = next(a, 4);
    let c = next(b, 3);
    let (mut r, mut s, u) = mover(|_| {});
    make(&mut r, &mut s, u, Kind::Infantry, 10, 4);
    put(&mut s, u, Formation::RoadColumn, &[a, b, c], 2, None);
    // The tail C becomes the head, facing away from B (direction 3 from B to C).
    let to = reform(u, Formation::RoadColumn, placed(&[c, b, a], 6));
    assert!(listed(&r, &s, &to));
    let mut d = s.clone();
    d.unit_mut(u).disordered = true;
    assert_eq!(refused(&r, &d, to.clone()), "9.6a");
    let ev = apply(&r, &mut s, to);
    assert_eq!(cost_of(&ev), Pts::whole(4));
    // 9.6c: the new head holds 4 SP, the new tail the rest.
    let p = *s.unit(u).placed().unwrap();
    assert_eq!(p.hex(), c);
    let spread: Vec<u16> = crate::fontenoy::geometry::road_column_spread(10, 4, 3).collect();
    assert_eq!(spread, alloc::vec![4, 4, 2]);
}

#[test]
fn r9_6a_a_hook_may_not_about_face_and_a_line_turns_in_its_hexes() {
    let a = hex("S1010");
    let (r, mut s, u) = mover(|_| {});
    let line = line_hexes(a, face(1), 2).expect("a line");
    let l = line.as_slice();
    put(&mut s, u, Formation::Line, l, 1, None);
    // A 2-hex Line turns to facing 7, its left end becoming its right end.
    let to = reform(u, Formation::Line, placed(&[l[1], l[0]], 7));
    assert!(listed(&r, &s, &to));
    let mut t = s.clone();
    apply(&r, &mut t, to);
    assert_eq!(t.unit(u).placed().map(|p| p.facing), Some(face(7)));
    put(&mut s, u, Formation::Hook, l, 1, Some(HookSide::Left));
    assert_eq!(
        refused(
            &r,
            &s,
            reform(
                u,
                Formation::Hook,
                Placed {
                    hook: Some(HookSide::Left),
                    ..placed(&[l[1], l[0]], 7)
                }
            )
        ),
        "9.6a"
    );
}

#[test]
fn r8_4i_general_order_is_left_by_reforming_into_an_adjacent_open_hex() {
    let a = hex("S1010");
    let (mut r, mut s, u) = mover(|w| {
        w.board
            .set_terrain(hex("S1010"), crate::fontenoy::board::Terrain::Town);
    });
    let mut t = (*r.tables).clone();
    t.terrain[crate::fontenoy::board::Terrain::Town as usize].general_order =
        crate::fontenoy::tables::GoFor::All;
    r.tables = alloc::sync::Arc::new(t);
    put(&mut s, u, Formation::GeneralOrder, &[a], 1, None);
    let out = next(a, 3);
    // A plain step out is refused; the reformation into the hex behind is offered.
    assert_eq!(
        refused(
            &r,
            &s,
            Action::Step {
                unit: u,
                to: next(a, 0),
                alone: false
            }
        ),
        "8.4i"
    );
    let to = reform(u, Formation::Line, placed(&[out], 7));
    assert!(listed(&r, &s, &to));
    let ev = apply(&r, &mut s, to);
    assert_eq!(cost_of(&ev), Pts::whole(4));
    assert_eq!(s.unit(u).formation, Formation::Line);
    assert_eq!(s.unit(u).placed().map(|p| p.hex()), Some(out));
}

#[test]
fn r9_1_a_change_in_an_enemy_zoc_costs_1_more_r12_8c_and_sets_off_a_fire_reaction() {
    let a = hex("S1010");
    let (r, mut s, u) = mover(|_| {});
    // The Allied battalion two hexes ahead, facing the mover: its ZOC covers the hexes in
    // front of it, among them the mover's hex once adjacent.
    let enemy = (0..s.units.len() as UnitId)
        .find(|&v| r.units[usize::from(v)].side == Side(1) && r.units[usize::from(v)].is_combat())
        .expect("an Allied battalion");
    put(&mut s, enemy, Formation::Line, &[next(a, 0)], 7, None);
    let ev = apply(
        &r,
        &mut s,
        reform(
            u,
            Formation::Hook,
            Placed {
                hook: Some(HookSide::Left),
                ..placed(&[a], 1)
            },
        ),
    );
    assert_eq!(cost_of(&ev), Pts::whole(2));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { mover, .. } if *mover == u))
    );
}

#[test]
fn f4_1e_i_the_two_marked_english_6_pounders_never_form_road_column() {
    let a = hex("S1010");
    let (mut r, mut s, u) = mover(|_| {});
    // One gun SP: a one-hex Road Column (8.1i).
    make(&mut r, &mut s, u, Kind::Artillery, 1, 4);
    alloc::sync::Arc::make_mut(&mut r.units)[usize::from(u)].no_road_column = true;
    put(&mut s, u, Formation::MarchColumn, &[a], 2, None);
    let to = reform(u, Formation::RoadColumn, placed(&[a], 2));
    assert!(!listed(&r, &s, &to));
    assert_eq!(refused(&r, &s, to.clone()), "F-4.1e I");
    // Unmarked guns may.
    let mut free = r.clone();
    alloc::sync::Arc::make_mut(&mut free.units)[usize::from(u)].no_road_column = false;
    assert!(listed(&free, &s, &to));
    // Optional rule 7.4 lifts the restriction.
    alloc::sync::Arc::make_mut(&mut r.scenario_rules).options_on = alloc::vec!["7.4".into()];
    assert!(listed(&r, &s, &to));
    apply(&r, &mut s, to);
    assert_eq!(s.unit(u).formation, Formation::RoadColumn);
    // The counters mark exactly the two English 6-pounders.
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let rs = lib.scenario("fontenoy/battle").expect("scenario 4");
    let all = Fontenoy::new(&rs).expect("loads");
    let marked: Vec<&str> = all
        .units
        .iter()
        .filter(|i| i.no_road_column)
        .map(|i| i.id.as_str())
        .collect();
    assert_eq!(marked, alloc::vec!["al-en-6lb-1", "al-en-6lb-2"]);
}
