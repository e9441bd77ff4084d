//! The Fontenoy fire doctrine and fortifications: who fires at 2 hexes (F-2.4b), the French
//! 4 ranks (F-3.1b), guns by hand (F-2.11), redoubts (F-3.5a C–E) and field fortifications
//! (F-3.5b B–G), on the scenarios' charts (their provisional completions).

use super::fire::{F, ahead, far, segment, unit};
use super::*;
use crate::fontenoy::board::{Terrain, side as hs};
use crate::fontenoy::geometry::Arc;
use crate::fontenoy::state::FireKind;
use crate::fontenoy::tables::Tables;
use crate::fontenoy::types::Arm;
use crate::fontenoy::units::ByHand;
use crate::hex::Direction;
use alloc::sync::Arc as Shared;

/// The charts as scenario 1 reads them.
fn real_tables() -> Tables {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let rs = lib.scenario("fontenoy/ingoldsby").expect("scenario 1");
    Tables::new(&rs).expect("the charts read")
}

/// `r` with the real charts and `edit` made to its board.
fn on(r: &Fontenoy, edit: impl FnOnce(&mut crate::fontenoy::board::Board)) -> Fontenoy {
    let mut r = r.clone();
    r.tables = Shared::new(real_tables());
    let mut b = (*r.board).clone();
    edit(&mut b);
    r.board = Shared::new(b);
    r
}

fn named(r: &Fontenoy, name: &str) -> UnitId {
    (0..r.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].name == name)
        .expect("a unit of that name")
}

fn strength(r: &Fontenoy, s: &State, from: &[Hex], arm: Arm, at: Hex) -> Result<u32, String> {
    r.fire_preview(s, FireKind::Segment, Side(0), from, arm, at)
        .map(|c| c.strength)
        .map_err(|e| e.rule.to_string())
}

/// A French unit of `sp` SP in `f` at F facing vertex 1, an English battalion next to it
/// (direction 0) and another 2 hexes away (direction 1).
fn french_and_two_targets(kind: Kind, sp: u8, f: Formation) -> (Fontenoy, State, Hex, Hex) {
    let (r, s, _, _) = segment(|w| {
        let a = unit(w, "1 AAA", Side(0), kind, hex(F), 1, sp, f);
        let e1 = unit(
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
            far(hex(F), 1, 2),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e1, e2])
    });
    (r, s, ahead(hex(F), 0), far(hex(F), 1, 2))
}

#[test]
fn f2_4b_a_b_c_only_skirmishers_and_english_infantry_fire_at_2_hexes() {
    let (r, s, _, two) = french_and_two_targets(Kind::Infantry, 6, Formation::Line);
    let r = on(&r, |_| {});
    // A: French line infantry in the open does not fire at 2 hexes.
    assert_eq!(
        strength(&r, &s, &[hex(F)], Arm::Infantry, two),
        Err("12.2b".into())
    );
    // The reach of each infantry type (F-1.6f's rows).
    let reach = |nat: Nationality, class: &str| {
        let mut r = r.clone();
        let u = named(&r, "1 AAA");
        let info = &mut Shared::make_mut(&mut r.units)[usize::from(u)];
        info.nationality = nat;
        info.class = class.into();
        r.fire_range(&s, u, hex("S2020"), FireKind::Segment)
    };
    for (nat, class, want) in [
        // A: no 2-hex fire.
        (Nationality::French, "line", 1),
        (Nationality::French, "guards", 1),
        (Nationality::French, "militia", 1),
        (Nationality::French, "grenadiers", 1),
        (Nationality::Dutch, "line", 1),
        (Nationality::Dutch, "guards", 1),
        (Nationality::Hanoverian, "line", 1),
        // B: skirmishers at 2, the French at 3 (F-3.1d).
        (Nationality::French, "skirmishers", 3),
        (Nationality::Austrian, "skirmishers", 2),
        // C: English infantry at 2 (its battalion guns).
        (Nationality::English, "line", 2),
        (Nationality::English, "guards", 2),
        (Nationality::English, "fusiliers", 2),
    ] {
        assert_eq!(reach(nat, class), want, "{nat:?} {class}");
    }
}

#[test]
fn f2_4b_d_f3_5a_d_e_french_infantry_in_a_redoubt_fires_3_sp_a_side_at_2_hexes_times_1_5() {
    let (r, s, near, two) = french_and_two_targets(Kind::Infantry, 6, Formation::GeneralOrder);
    let open = on(&r, |_| {});
    let redoubt = on(&r, |b| b.set_terrain(hex(F), Terrain::Redoubt));
    // In the open: General Order, 3 SP through a hexside at ×3 − 1 (12.7c), no 2-hex fire.
    assert_eq!(strength(&open, &s, &[hex(F)], Arm::Infantry, near), Ok(6));
    assert_eq!(
        strength(&open, &s, &[hex(F)], Arm::Infantry, two),
        Err("12.2b".into())
    );
    // In the redoubt: 3 SP × 3 (no −1, F-3.5a C) × 1.5 = 13.5, rounded 14; at 2 hexes the
    // parenthesised ×2: 3 × 2 × 1.5 = 9.
    assert_eq!(
        strength(&redoubt, &s, &[hex(F)], Arm::Infantry, near),
        Ok(14)
    );
    assert_eq!(strength(&redoubt, &s, &[hex(F)], Arm::Infantry, two), Ok(9));
    // Allied captors keep the redoubt's other benefits but not the ×1.5 (F-3.5a E): the
    // same unit made English fires 3 × 4 (English foot's ×4) − 3 (General Order) = 9.
    let mut captors = redoubt.clone();
    let u = named(&captors, "1 AAA");
    Shared::make_mut(&mut captors.units)[usize::from(u)].nationality = Nationality::English;
    assert_eq!(
        strength(&captors, &s, &[hex(F)], Arm::Infantry, near),
        Ok(9)
    );
}

#[test]
fn f3_5a_c_f3_5b_e_the_all_round_front_of_redoubts_and_two_sided_works() {
    let (r, s, _, _) = french_and_two_targets(Kind::Infantry, 6, Formation::Line);
    let u = named(&r, "1 AAA");
    let p = *s.unit(u).placed().expect("placed");
    let rear = ahead(hex(F), 3);
    let rear2 = ahead(hex(F), 4);
    let open = on(&r, |_| {});
    assert_eq!(
        open.arc_for(&s, u, Formation::Line, &p, rear),
        Some(Arc::Rear)
    );
    // F-3.5a C: infantry inside a redoubt (in General Order) has six Frontal neighbours.
    let redoubt = on(&r, |b| b.set_terrain(hex(F), Terrain::Redoubt));
    assert_eq!(
        redoubt.arc_for(&s, u, Formation::GeneralOrder, &p, rear),
        Some(Arc::Frontal)
    );
    // F-3.5b E: works on two sides of the hex (the unit behind them) make the hexes across
    // them Frontal for a Line; one side is not enough; the other hexes keep their arcs.
    let two = on(&r, |b| {
        b.add_side(hex(F), Direction::ALL[3], hs::FIELDWORKS_MINOR, true);
        b.add_side(hex(F), Direction::ALL[4], hs::FIELDWORKS_MINOR, true);
    });
    assert_eq!(
        two.arc_for(&s, u, Formation::Line, &p, rear),
        Some(Arc::Frontal)
    );
    assert_eq!(
        two.arc_for(&s, u, Formation::Line, &p, rear2),
        Some(Arc::Frontal)
    );
    assert_eq!(
        two.arc_for(&s, u, Formation::Line, &p, ahead(hex(F), 2)),
        open.arc_for(&s, u, Formation::Line, &p, ahead(hex(F), 2))
    );
    // Not for a column.
    assert_eq!(
        two.arc_for(&s, u, Formation::MarchColumn, &p, rear),
        open.arc_for(&s, u, Formation::MarchColumn, &p, rear)
    );
    let one = on(&r, |b| {
        b.add_side(hex(F), Direction::ALL[3], hs::FIELDWORKS_MINOR, true)
    });
    assert_eq!(
        one.arc_for(&s, u, Formation::Line, &p, rear),
        Some(Arc::Rear)
    );
    // In front of the works (their front toward the unit): nothing.
    let wrong = on(&r, |b| {
        b.add_side(hex(F), Direction::ALL[3], hs::FIELDWORKS_MINOR, false);
        b.add_side(hex(F), Direction::ALL[4], hs::FIELDWORKS_MINOR, false);
    });
    assert_eq!(
        wrong.arc_for(&s, u, Formation::Line, &p, rear),
        Some(Arc::Rear)
    );
}

#[test]
fn f2_4b_d_f3_5b_f_french_behind_works_fire_at_2_hexes_times_1_5() {
    let (r, s, near, two) = french_and_two_targets(Kind::Infantry, 6, Formation::Line);
    let open = on(&r, |_| {});
    // The works on the French hex's front sides (directions 0 and 1), facing the enemy.
    let works = on(&r, |b| {
        b.add_side(hex(F), Direction::ALL[0], hs::FIELDWORKS_MINOR, true);
        b.add_side(hex(F), Direction::ALL[1], hs::FIELDWORKS_MINOR, true);
    });
    // In the open: 4 SP (4 ranks) × 3 = 12 next to it, nothing at 2 hexes.
    assert_eq!(strength(&open, &s, &[hex(F)], Arm::Infantry, near), Ok(12));
    assert!(strength(&open, &s, &[hex(F)], Arm::Infantry, two).is_err());
    // Behind the works, firing out from their rear in full (F-3.5b D): 12 × 1.5 = 18; at
    // 2 hexes 4 × 2 × 1.5 = 12.
    assert_eq!(strength(&works, &s, &[hex(F)], Arm::Infantry, near), Ok(18));
    assert_eq!(strength(&works, &s, &[hex(F)], Arm::Infantry, two), Ok(12));
    // Allied infantry behind the same works gets no ×1.5.
    let mut allied = works.clone();
    let u = named(&allied, "1 AAA");
    Shared::make_mut(&mut allied.units)[usize::from(u)].nationality = Nationality::English;
    // English foot ×4 (the side's column is still the French 4 ranks: 4 SP): 16.
    assert_eq!(
        strength(&allied, &s, &[hex(F)], Arm::Infantry, near),
        Ok(16)
    );
}

/// French infantry at F and at the hex next to it (direction 5), an English battalion at
/// `t` next to both, behind works on its side toward F.
fn at_the_works() -> (Fontenoy, State, Hex, Hex) {
    let t = ahead(hex(F), 0);
    let g = ahead(hex(F), 5);
    assert_eq!(g.distance(t), 1);
    // G faces the vertex whose two front hexes begin with t.
    let fg = (2 * g.direction_to(t).expect("adjacent").index() + 1) % 12;
    let (r, s, _, _) = segment(|w| {
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
        let b = unit(
            w,
            "2 AAA",
            Side(0),
            Kind::Infantry,
            g,
            fg,
            6,
            Formation::Line,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            t,
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a, b], alloc::vec![e])
    });
    (r, s, t, g)
}

#[test]
fn f3_5b_c_d_firing_across_the_front_is_reduced_only_when_every_firer_is_across_it() {
    let (r, s, t, g) = at_the_works();
    let open = on(&r, |_| {});
    let dir_f = t.direction_to(hex(F)).expect("adjacent");
    let dir_g = t.direction_to(g).expect("adjacent");
    // The target behind works toward F only.
    let one = on(&r, |b| b.add_side(t, dir_f, hs::FIELDWORKS_MINOR, true));
    // Behind works toward both firers.
    let both = on(&r, |b| {
        b.add_side(t, dir_f, hs::FIELDWORKS_MINOR, true);
        b.add_side(t, dir_g, hs::FIELDWORKS_MINOR, true);
    });
    let fire = |r: &Fontenoy, from: &[Hex]| {
        r.fire_preview(&s, FireKind::Segment, Side(0), from, Arm::Infantry, t)
            .map(|c| (c.strength, c.defense))
            .unwrap()
    };
    let (full, open_def) = fire(&open, &[hex(F)]);
    assert_eq!(full, 12);
    // D: F fires across the front: 12 halved (the provisional hexside chart's ½) = 6, and
    // the works' Defense Rating bonus counts.
    let (half, works_def) = fire(&one, &[hex(F)]);
    assert_eq!(half, 6);
    assert!(works_def > open_def);
    // C: with G firing too over no works, the defender loses both benefits.
    assert_eq!(fire(&one, &[hex(F), g]), (24, open_def));
    // Both across the front: both halved.
    assert_eq!(fire(&both, &[hex(F), g]), (12, works_def));
    // Works whose front faces the target (the firer behind them): no reduction.
    let theirs = on(&r, |b| b.add_side(t, dir_f, hs::FIELDWORKS_MINOR, false));
    assert_eq!(fire(&theirs, &[hex(F)]), (18, open_def));
}

#[test]
fn f3_5b_b_c_attacking_across_the_front_costs_cr_when_every_attacker_does() {
    let (r, s, t, g) = at_the_works();
    let dir_f = t.direction_to(hex(F)).expect("adjacent");
    let dir_g = t.direction_to(g).expect("adjacent");
    let one = on(&r, |b| b.add_side(t, dir_f, hs::FIELDWORKS_MINOR, true));
    let major = on(&r, |b| b.add_side(t, dir_f, hs::FIELDWORKS_MAJOR, true));
    // B: across the front −2 (minor) or −4 (major), the provisional chart's values.
    assert_eq!(one.across_cr(&[hex(F)], &[t], true), -2);
    assert_eq!(major.across_cr(&[hex(F)], &[t], true), -4);
    // From the rear: nothing.
    let rear = on(&r, |b| b.add_side(t, dir_f, hs::FIELDWORKS_MINOR, false));
    assert_eq!(rear.across_cr(&[hex(F)], &[t], true), 0);
    // C: the attack holds the works only when every attacker comes across the front.
    assert!(one.works_hold_close(&[hex(F)], &[t]));
    assert!(!one.works_hold_close(&[hex(F), g], &[t]));
    assert_eq!(one.across_cr(&[hex(F)], &[t], false), 0);
    let both = on(&r, |b| {
        b.add_side(t, dir_f, hs::FIELDWORKS_MINOR, true);
        b.add_side(t, dir_g, hs::FIELDWORKS_MINOR, true);
    });
    assert!(both.works_hold_close(&[hex(F), g], &[t]));
    // Cavalry never attacks across them (F-2.8c); infantry may.
    assert!(!one.may_attack_into(&s, hex(F), t, true));
    assert!(one.may_attack_into(&s, hex(F), t, false));
}

#[test]
fn f3_5b_g_adjacent_french_guns_behind_works_combine_beyond_short_range() {
    let a = hex(F);
    let b2 = ahead(a, 5);
    let t = far(a, 0, 5);
    let (r, mut s, _, _) = segment(|w| {
        let g1 = unit(
            w,
            "G1",
            Side(0),
            Kind::Artillery,
            a,
            1,
            2,
            Formation::Unlimbered,
        );
        let g2 = unit(
            w,
            "G2",
            Side(0),
            Kind::Artillery,
            b2,
            1,
            2,
            Formation::Unlimbered,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            t,
            4,
            6,
            Formation::Line,
        );
        (alloc::vec![g1, g2], alloc::vec![e])
    });
    let works = |b: &mut crate::fontenoy::board::Board| {
        for h in [a, b2] {
            b.add_side(h, Direction::ALL[0], hs::FIELDWORKS_MINOR, true);
        }
    };
    let open = on(&r, |_| {});
    let fort = on(&r, works);
    let begin = |r: &Fontenoy, s: &mut State| {
        apply(
            r,
            s,
            Action::Fire {
                from: a,
                arm: Arm::Artillery,
                at: t,
            },
        );
    };
    let join = Action::Fire {
        from: b2,
        arm: Arm::Artillery,
        at: t,
    };
    // 5 hexes is beyond the 3-hex short range: in the open the guns fire alone (12.2i).
    let mut s1 = s.clone();
    begin(&open, &mut s1);
    assert!(!legal(&open, &s1).contains(&join));
    // Behind works, adjacent French guns combine.
    begin(&fort, &mut s);
    assert!(legal(&fort, &s).contains(&join));
    apply(&fort, &mut s, join);
    // Allied guns behind the same works would not.
    let mut allied = fort.clone();
    for name in ["G1", "G2"] {
        let u = named(&allied, name);
        Shared::make_mut(&mut allied.units)[usize::from(u)].nationality = Nationality::English;
    }
    let o = crate::fontenoy::occupancy::Occupancy::build(&allied, &s);
    assert!(!allied.works_battery(&s, &o, &[a], Some(b2), Side(0), FireKind::Segment));
}

#[test]
fn f3_1b_f4_1e_a_french_lines_fire_by_four_ranks_the_allies_by_three() {
    // 3 SP in a one-hex Line: the chart's 4-rank and 3-rank firing SP differ.
    let (r, s, near, _) = french_and_two_targets(Kind::Infantry, 3, Formation::Line);
    let r = on(&r, |_| {});
    let row = r.tables.fire.line(3).expect("the 3-SP row").clone();
    assert_ne!(row.fire_1[0], row.fire_1[1]);
    // French (4 ranks): the 4-rank column's SP × 3.
    assert_eq!(
        strength(&r, &s, &[hex(F)], Arm::Infantry, near),
        Ok(u32::from(row.fire_1[1]) * 3)
    );
    // The same position with the sides swapped: the Allied line fires by 3 ranks (its Return
    // Fire, English foot ×4).
    let e = named(&r, "1 EEE");
    let c = r.fire_preview(
        &s,
        FireKind::Return,
        Side(1),
        &[near],
        Arm::Infantry,
        hex(F),
    );
    let _ = e;
    let c = c.expect("the English fire back");
    let six = r.tables.fire.line(6).expect("the 6-SP row").clone();
    assert_eq!(c.strength, u32::from(six.fire_1[0].min(4)) * 4);
    // And the Line of 8 SP: 2 hexes at most for both, by their own columns (8.1a).
    let eight = r.tables.fire.line(8).expect("the 8-SP row").clone();
    assert!(eight.hexes[1] <= eight.hexes[0]);
}

#[test]
fn f2_11_guns_move_by_hand_by_nationality_and_calibre() {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let r = Fontenoy::new(&lib.scenario("fontenoy/battle").expect("scenario 4")).expect("loads");
    let mut seen = 0;
    for info in r.units.iter().filter(|i| i.kind == Kind::Artillery) {
        let cal = info.caliber.as_deref().unwrap_or("");
        let want = match (info.nationality, cal) {
            (Nationality::French, "8" | "12" | "16") => Some(ByHand::No),
            (Nationality::French, "4S") => Some(ByHand::Fp2),
            (Nationality::French, _) => None, // plain 4-pounders: not in F-2.11
            (_, "6" | "4") => Some(ByHand::P),
            (_, "3" | "howitzer") => Some(ByHand::Fp),
            _ => None,
        };
        if let Some(want) = want {
            assert_eq!(info.by_hand, want, "{} ({cal})", info.id);
            seen += 1;
        }
    }
    assert!(seen > 20, "{seen} guns checked");
}

fn removals(r: &Fontenoy, s: &State) -> Vec<Action> {
    legal(r, s)
        .into_iter()
        .filter(|a| matches!(a, Action::RemoveBarricade { .. }))
        .collect()
}

#[test]
fn f3_6_a_unit_removes_a_barricade_with_all_its_mp_and_is_disordered() {
    let (r, mut s, u) = super::movement::mover(|_| {});
    let h = hex("S1010");
    assert!(removals(&r, &s).is_empty());
    s.barricades = alloc::vec![h];
    assert_eq!(
        removals(&r, &s),
        alloc::vec![Action::RemoveBarricade { unit: u }]
    );
    let ev = apply(&r, &mut s, Action::RemoveBarricade { unit: u });
    assert!(ev.contains(&Event::BarricadeRemoved { unit: u, hex: h }));
    assert!(s.barricades.is_empty());
    assert!(s.unit(u).disordered);
    // Its move is over: no step, no second removal.
    assert!(!legal(&r, &s).iter().any(|a| matches!(
        a,
        Action::Step { unit, .. } | Action::Face { unit, .. } if *unit == u
    )));
    // A unit that has moved may not.
    let (r, mut s, u) = super::movement::mover(|_| {});
    let to = ahead(h, 0);
    s.barricades = alloc::vec![to];
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    );
    assert!(removals(&r, &s).is_empty());
    let mut t = s.clone();
    let e = r
        .apply(
            &mut t,
            &Action::RemoveBarricade { unit: u },
            &mut Vec::new(),
        )
        .expect_err("refused");
    assert_eq!(e.rule, "F-3.6");
}

#[test]
fn f3_6_skirmishers_removing_a_barricade_are_not_disordered() {
    let (mut r, mut s, u) = super::movement::mover(|_| {});
    Shared::make_mut(&mut r.units)[usize::from(u)].skirmish =
        crate::fontenoy::units::Skirmish::Always;
    s.unit_mut(u).formation = Formation::Skirmish;
    s.barricades = alloc::vec![hex("S1010")];
    apply(&r, &mut s, Action::RemoveBarricade { unit: u });
    assert!(s.barricades.is_empty());
    assert!(!s.unit(u).disordered);
}

#[test]
fn f3_6_no_road_movement_into_a_barricade_hex() {
    let (r, mut s, u) = super::movement::mover(|_| {});
    s.unit_mut(u).formation = Formation::RoadColumn;
    // 4 SP: a one-hex Road Column (8.1f).
    s.unit_mut(u).sp = 4;
    s.unit_mut(u).place =
        crate::fontenoy::state::Place::Map(crate::fontenoy::geometry::Placed::at(
            hex("S1010"),
            Facing::new(0).expect("a hexside facing"),
        ));
    let p = *s.unit(u).placed().expect("placed");
    let d = Direction::new(p.facing.index() / 2).expect("a side");
    let to = p.hex().neighbor(d);
    // A road runs ahead.
    let r = on(&r, |b| {
        b.add_side(p.hex(), d, hs::ROAD, false);
        b.add_side(to, d, hs::ROAD, false);
    });
    let step = Action::Step {
        unit: u,
        to,
        alone: false,
    };
    let open: Vec<Action> = legal(&r, &s);
    assert!(open.contains(&step), "{open:?}");
    s.barricades = alloc::vec![to];
    assert!(!legal(&r, &s).contains(&step));
    let e = r
        .apply(&mut s.clone(), &step, &mut Vec::new())
        .expect_err("refused");
    assert_eq!(e.rule, "F-3.6");
}

#[test]
fn f3_6_a_unit_in_a_barricade_hex_has_fire_defense_5() {
    let (r, mut s, near, _) = french_and_two_targets(Kind::Infantry, 6, Formation::Line);
    let r = on(&r, |_| {});
    let defense = |s: &State| {
        r.fire_preview(
            s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            near,
        )
        .expect("a fire")
        .defense
    };
    assert_eq!(defense(&s), 10);
    s.barricades = alloc::vec![near];
    assert_eq!(defense(&s), 5);
    // Skirmishers there keep the terrain's value.
    let mut r2 = r.clone();
    let e = named(&r2, "1 EEE");
    Shared::make_mut(&mut r2.units)[usize::from(e)].skirmish =
        crate::fontenoy::units::Skirmish::Always;
    assert_eq!(
        r2.fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            near
        )
        .expect("a fire")
        .defense,
        10
    );
}

#[test]
fn f3_6_scenarios_4_to_6_start_with_six_barricades_in_the_bois_de_barry() {
    // The French place them at set-up (redoubts.rs); the first choices are the data's
    // defaults, the Barry road.
    for id in [
        "fontenoy/battle",
        "fontenoy/battle-early",
        "fontenoy/what-if-flank-march",
    ] {
        let (_, s) = scenario(id);
        assert_eq!(s.barricades.len(), 6, "{id}");
        assert!(s.barricades.contains(&hex("S6206")));
    }
    let (_, s) = scenario("fontenoy/ingoldsby");
    assert!(s.barricades.is_empty());
}

#[test]
fn f7_5c_f7_6_regimental_guns_change_the_infantry_multipliers_and_dutch_specials() {
    use crate::fontenoy::tables::fire::Special;
    let (r, s, near, _) = french_and_two_targets(Kind::Infantry, 6, Formation::Line);
    let mut r = on(&r, |_| {});
    let u = named(&r, "1 AAA");
    let set = |r: &mut Fontenoy, nat: Nationality, class: &str| {
        let info = &mut Shared::make_mut(&mut r.units)[usize::from(u)];
        info.nationality = nat;
        info.class = class.into();
    };
    let opts = |r: &mut Fontenoy, on: &[&str]| {
        Shared::make_mut(&mut r.scenario_rules).options_on =
            on.iter().map(|o| alloc::string::String::from(*o)).collect();
    };
    let row = |r: &Fontenoy| {
        let m = r.multiplier_row(u).expect("a row");
        (m.id.clone(), m.at[0], m.at[1])
    };
    // F-7.5c: English foot x4/x0, guards x5/x0, fusiliers as foot.
    set(&mut r, Nationality::English, "line");
    assert_eq!(row(&r), ("english_foot".into(), 4, 1));
    opts(&mut r, &["7.5"]);
    assert_eq!(row(&r), ("english_foot_7_5c".into(), 4, 0));
    set(&mut r, Nationality::English, "guards");
    assert_eq!(row(&r), ("english_foot_guards_7_5c".into(), 5, 0));
    set(&mut r, Nationality::English, "fusiliers");
    assert_eq!(row(&r), ("english_foot_7_5c".into(), 4, 0));
    // F-7.6: Dutch guards and Hanoverians x4/x1, Dutch infantry x3/x1.
    opts(&mut r, &[]);
    set(&mut r, Nationality::Dutch, "line");
    assert_eq!(row(&r), ("dutch_musketiere".into(), 3, 0));
    opts(&mut r, &["7.6"]);
    assert_eq!(row(&r), ("dutch_infantry_7_6".into(), 3, 1));
    set(&mut r, Nationality::Dutch, "guards");
    assert_eq!(row(&r), ("dutch_gardes_7_6".into(), 4, 1));
    set(&mut r, Nationality::Hanoverian, "line");
    assert_eq!(row(&r), ("hanoverian_musketier_7_6".into(), 4, 1));
    // F-7.6: a Dutch infantry fire's 3 and Defensive Fire's 4 and 5 read Regimental Guns.
    set(&mut r, Nationality::French, "line");
    let mut c = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            near,
        )
        .expect("a fire");
    c.nationality = Nationality::Dutch;
    assert_eq!(r.special_of(&c, 3), Some(Special::RegimentalGuns));
    let mut off = r.clone();
    opts(&mut off, &[]);
    let plain = off.special_of(&c, 3);
    c.kind = FireKind::Defensive;
    for roll in [4, 5] {
        assert_eq!(r.special_of(&c, roll), Some(Special::RegimentalGuns));
    }
    // Without the option the tables' own cells.
    let _ = plain;
    assert_eq!(
        off.special_of(&c, 4),
        off.tables.fire.special_defensive[4][1]
    );
}
