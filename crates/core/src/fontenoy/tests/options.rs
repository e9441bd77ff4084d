//! The Fontenoy optional rules (F-5 to F-7): each test shows its rule off, then on (the
//! option's id is its rule number, `Fontenoy::option`).

use super::*;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::close::{Attack, CloseSegment, Combat, Outcome};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{FireKind, FireStep, Step};
use crate::fontenoy::tables::fire::{FireResult, Special};
use crate::fontenoy::types::{Arm, MoraleCheck, Pts};
use alloc::sync::Arc;

use super::close::{AL, FR, group_of};
use super::fire::{F, ahead, far, fire_at, opened, segment, unit};

/// Turns the options `ids` on (and every other off).
fn options(r: &mut Fontenoy, ids: &[&str]) {
    let sr = Arc::make_mut(&mut r.scenario_rules);
    sr.options_on = ids.iter().map(|x| x.to_string()).collect();
    sr.options_on.sort();
}

/// A built-in scenario with the options `ids` chosen.
fn scenario_with(id: &str, ids: &[&str]) -> Fontenoy {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let mut rs = lib.scenario(id).expect("a scenario");
    let mut o = serde_json::Map::new();
    for x in ids {
        o.insert(x.to_string(), serde_json::Value::Bool(true));
    }
    rs.scenario
        .rules
        .insert("options".into(), serde_json::Value::Object(o));
    Fontenoy::new(&rs).expect("loads")
}

/// A close combat under way: `attackers` (charging, `charged` hexes) against `defenders`.
fn set_combat(s: &mut State, attackers: &[UnitId], defenders: &[UnitId], charged: u8) -> Combat {
    let target = defenders
        .first()
        .and_then(|&d| s.unit(d).placed().map(|p| p.hex()));
    let c = Combat {
        attackers: attackers
            .iter()
            .map(|&a| {
                let mut g = group_of(s, a);
                g.charged = charged;
                g
            })
            .collect(),
        defenders: defenders.iter().map(|&d| group_of(s, d)).collect(),
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
    };
    let attacks = attackers
        .iter()
        .map(|&a| Attack {
            lead: a,
            units: alloc::vec![a],
            target: if charged > 0 { target } else { None },
            start: None,
            range: Pts::ZERO,
            hexes: charged,
            shrinks: 0,
            passed: Some(true),
            charged: charged > 0,
            dca: false,
            stopped_by: None,
        })
        .collect();
    s.activation.as_mut().expect("an activation").close = Some(CloseSegment {
        attacks,
        current: Some(c.clone()),
        ..CloseSegment::default()
    });
    c
}

// --- F-5.1 Flanking Fire ------------------------------------------------------------------

#[test]
fn f5_1a_enfilade_shifts_a_column_instead_of_adding_to_the_multiplier() {
    let (mut r, s, _, _) = segment(|w| {
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
        // F is in the target's flank (as in E38).
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            3,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e])
    });
    let preview = |r: &Fontenoy, kind| {
        r.fire_preview(
            &s,
            kind,
            Side(0),
            &[hex(F)],
            Arm::Infantry,
            ahead(hex(F), 0),
        )
        .unwrap()
    };
    // Off: 4 SP at x3 + 1, no shift (12.7b).
    let c = preview(&r, FireKind::Segment);
    assert_eq!((c.strength, c.shift), (16, 0));
    options(&mut r, &["5.1"]);
    // On: x3 and one column to the right.
    let c = preview(&r, FireKind::Segment);
    assert!(c.enfilade);
    assert_eq!((c.strength, c.shift), (12, 1));
    assert_eq!(r.combat_column(&c), Some((3, 0)));
    // Not in Defensive Fire (F-5.1b, read for all of F-5.1).
    let c = preview(&r, FireKind::Defensive);
    assert_eq!((c.strength, c.shift), (16, 0));
}

/// A French 6-pounder at F (Frontal hexes in directions 0 and 1) enfilading a 6-SP English Line
/// at F+0 (F in its flank, as in E38); English Lines of 6 SP at F+1 (near the target and in
/// the gun's front), F+5 (near the target, behind the gun's front) and 4 hexes off (too far).
/// The gun's fire at the Line is under way, its result `loss` SP on an even roll.
fn enfilade(on: bool, loss: u8) -> (Fontenoy, State, u16, [UnitId; 4]) {
    let (mut r, mut s, _, them) = segment(|w| {
        let g = unit(
            w,
            "6 PDR",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            2,
            Formation::Unlimbered,
        );
        let mut line =
            |name: &str, at: Hex| unit(w, name, Side(1), Kind::Infantry, at, 3, 6, Formation::Line);
        let e = line("1 EEE", ahead(hex(F), 0));
        let n = line("1 NNN", ahead(hex(F), 1));
        let b = line("1 BBB", ahead(hex(F), 5));
        let x = line("1 XXX", far(hex(F), 0, 4));
        (alloc::vec![g], alloc::vec![e, n, b, x])
    });
    if on {
        options(&mut r, &["5.1"]);
    }
    let c = r
        .fire_preview(
            &s,
            FireKind::Segment,
            Side(0),
            &[hex(F)],
            Arm::Artillery,
            ahead(hex(F), 0),
        )
        .unwrap();
    assert!(c.enfilade);
    let mut ev = Vec::new();
    let id = r.start_combat(&mut s, c, &mut ev);
    assert_eq!(
        s.steps.pop(),
        Some(Step::Fire(FireStep::Roll { combat: id }))
    );
    r.conclude(&mut s, id, FireResult::Loss(loss), 12, &mut ev);
    (r, s, id, [them[0], them[1], them[2], them[3]])
}

#[test]
fn f5_1b_the_target_moves_enfilade_losses_after_the_first_to_units_the_guns_see() {
    let (r, mut s, id, [e, n, _, _]) = enfilade(true, 3);
    // Two of the three losses may go elsewhere; the English player decides.
    let spread = Step::Fire(FireStep::Spread {
        combat: id,
        loss: 3,
        rd: false,
        roll: 12,
        left: 2,
    });
    assert_eq!(s.steps.last(), Some(&spread));
    assert_eq!(r.actor(&s), crate::engine::Actor::Player(Side(1)));
    // Only the Line next to the target in the gun's front: not the one behind the gun's
    // front, not the one 3 hexes from the target.
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::ShiftLoss { unit: n }, Action::Pass]
    );
    let ev = apply(&r, &mut s, Action::ShiftLoss { unit: n });
    assert_eq!(
        ev,
        alloc::vec![Event::LossShifted {
            unit: n,
            from: ahead(hex(F), 0)
        }]
    );
    assert!(matches!(
        s.steps.last(),
        Some(Step::Fire(FireStep::Spread { left: 1, .. }))
    ));
    // The rest stays on the target.
    apply(&r, &mut s, Action::Pass);
    assert_eq!((s.unit(e).sp, s.unit(n).sp), (4, 5));
    let c = r.fire_combat(&s, id).unwrap();
    assert_eq!(c.lost, 3);
    assert!(c.spread.is_empty());
    // Only the target checks, as though it had lost all 3 SP (MC(A) +10, 12.9d; +5 through
    // its flank, 19.9b).
    let checks: Vec<CheckReq> = s
        .steps
        .iter()
        .filter_map(|x| match x {
            Step::Check(q) => Some(*q),
            _ => None,
        })
        .collect();
    assert_eq!(
        checks,
        alloc::vec![CheckReq {
            unit: e,
            kind: CheckKind::Morale(MoraleCheck::A),
            er_mod: 10 + if c.flank { 5 } else { 0 },
        }]
    );
}

#[test]
fn f5_1b_moving_every_loss_but_the_first_ends_the_choice() {
    let (r, mut s, _, [e, n, _, _]) = enfilade(true, 3);
    apply(&r, &mut s, Action::ShiftLoss { unit: n });
    apply(&r, &mut s, Action::ShiftLoss { unit: n });
    assert!(!matches!(
        s.steps.last(),
        Some(Step::Fire(FireStep::Spread { .. }))
    ));
    assert_eq!((s.unit(e).sp, s.unit(n).sp), (5, 4));
}

#[test]
fn f5_1b_a_unit_out_of_reach_or_sight_is_refused_and_nothing_changes() {
    let (r, s, _, [e, _, b, x]) = enfilade(true, 3);
    for u in [e, b, x] {
        let err = super::fire::refused(&r, &s, Action::ShiftLoss { unit: u });
        assert_eq!(err.rule, "F-5.1b");
    }
}

#[test]
fn f5_1b_one_loss_the_option_off_or_defensive_fire_leave_the_losses_on_the_target() {
    // One loss: nothing to move.
    let (_, s, _, [e, ..]) = enfilade(true, 1);
    assert!(!matches!(
        s.steps.last(),
        Some(Step::Fire(FireStep::Spread { .. }))
    ));
    assert_eq!(s.unit(e).sp, 5);
    // The option off: the table's losses as usual (12.9b).
    let (_, s, _, [e, n, ..]) = enfilade(false, 3);
    assert!(!matches!(
        s.steps.last(),
        Some(Step::Fire(FireStep::Spread { .. }))
    ));
    assert_eq!((s.unit(e).sp, s.unit(n).sp), (3, 6));
    // Not in Defensive Fire, nor for infantry (F-5.1b).
    let (r, s, id, _) = enfilade(true, 3);
    let mut c = r.fire_combat(&s, id).unwrap().clone();
    c.kind = FireKind::Defensive;
    assert_eq!(r.spread_due(&s, &c, FireResult::Loss(3)), 0);
    c.kind = FireKind::Reaction;
    assert_eq!(r.spread_due(&s, &c, FireResult::Loss(3)), 2);
    c.arm = Some(Arm::Infantry);
    assert_eq!(r.spread_due(&s, &c, FireResult::Loss(3)), 0);
}

// --- F-5.3 Artillery Fire at Low Ratios -------------------------------------------------

/// A French 12-pounder of 1 SP 8 hexes from an English Line: 3 against 10, 1:4.
fn low_ratio_gun() -> (Fontenoy, State, UnitId) {
    let (r, s, _, them) = segment(|w| {
        let g = unit(
            w,
            "12 PDR",
            Side(0),
            Kind::Artillery,
            hex(F),
            1,
            1,
            Formation::Unlimbered,
        );
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 0, 8),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![g], alloc::vec![e])
    });
    (r, s, them[0])
}

fn open_gun_fire(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    apply(r, s, fire_at(hex(F), Arm::Artillery, far(hex(F), 0, 8)));
    apply(r, s, Action::OpenFire)
}

#[test]
fn f5_3_artillery_fires_below_1_3_and_hurts_only_on_a_special_result() {
    // Off: below 1:3 the fire has no effect and nothing is rolled (12.1).
    let (r, mut s, e) = low_ratio_gun();
    let ev = open_gun_fire(&r, &mut s);
    assert_eq!(opened(&ev), (3, 10, None, 0));
    assert!(s.steps.is_empty());
    // On: the d100 is rolled; an ordinary roll has no effect.
    let (mut r, mut s, _) = low_ratio_gun();
    options(&mut r, &["5.3"]);
    open_gun_fire(&r, &mut s);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Roll { combat: 0 }))
    );
    let ev = apply(&r, &mut s, d100(55));
    assert!(ev.iter().any(|x| matches!(x, Event::FireNoEffect { .. })));
    assert_eq!(s.unit(e).sp, 6);
    // A special result other than Accurate Fire or a commander loss has no effect.
    let c = r.fire_combat(&s, 0).unwrap().clone();
    let other = (0..10u8)
        .find(|&v| {
            v % 2 == 1
                && r.special_of(&c, v)
                    .is_some_and(|x| x != Special::AccurateFire)
        })
        .expect("an odd special result");
    let (mut r, mut s, _) = low_ratio_gun();
    options(&mut r, &["5.3"]);
    open_gun_fire(&r, &mut s);
    apply(&r, &mut s, d100(other));
    assert!(s.steps.is_empty());
    assert_eq!(s.unit(e).sp, 6);
    // Accurate Fire doubles the strength (F-8.7b): 6 against 10 is 1:2, re-rolled.
    let accurate = (0..10u8)
        .find(|&v| r.special_of(&c, v) == Some(Special::AccurateFire))
        .expect("an Accurate Fire roll");
    let (mut r, mut s, _) = low_ratio_gun();
    options(&mut r, &["5.3"]);
    open_gun_fire(&r, &mut s);
    apply(&r, &mut s, d100(accurate));
    let c = r.fire_combat(&s, 0).unwrap();
    assert_eq!(c.strength, 6);
    assert!(c.ordinary);
    assert_eq!(r.combat_column(c), Some((1, 0)));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Roll { combat: 0 }))
    );
}

// --- F-6.4 French cavalry ----------------------------------------------------------------

/// French cavalry in front of an English Line facing it, in the close combat segment.
fn cavalry_on_a_line() -> (Fontenoy, State, UnitId, UnitId) {
    let mut ids = (0, 0);
    let (r, s) = super::close::cc(
        |w| {
            let c = super::close::unit(w, "a CAV", FR, Kind::Cavalry, 5, hex("S1010"), 1);
            let l = super::close::unit(
                w,
                "1 ENG",
                AL,
                Kind::Infantry,
                6,
                super::close::ahead(hex("S1010"), 0),
                7,
            );
            ids = (c, l);
            (alloc::vec![c], alloc::vec![l])
        },
        |_| {},
    );
    (r, s, ids.0, ids.1)
}

#[test]
fn f6_4_french_cavalry_charging_a_line_front_gets_minus_1_and_no_plus_10_defensive_fire() {
    let (mut r, mut s, cav, line) = cavalry_on_a_line();
    let c = set_combat(&mut s, &[cav], &[line], 2);
    let g = c.attackers[0].clone();
    let off_cr = r.group_cr(&s, &c, true, &g);
    let mut ev = Vec::new();
    let mut t = s.clone();
    let id = r
        .defensive_fire(&mut t, &[line], at_of(&s, cav), &mut ev)
        .expect("a Defensive Fire");
    let off_drm = r.fire_combat(&t, id).unwrap().drm;
    options(&mut r, &["6.4"]);
    assert!(r.french_screen_charge(&s, &[cav], &[line]));
    let on_cr = r.group_cr(&s, &c, true, &g);
    // Two hexes charged: +2 × the per-hex bonus off, −1 in all on.
    let per = i16::from(r.tables.close.cr.charge_hex);
    assert_eq!(off_cr - on_cr, 2 * per + 1);
    let mut t = s.clone();
    let id = r
        .defensive_fire(&mut t, &[line], at_of(&s, cav), &mut ev)
        .unwrap();
    let on_drm = r.fire_combat(&t, id).unwrap().drm;
    assert_eq!(off_drm - on_drm, r.tables.fire.drms.defensive_vs_cavalry);
    // No charge (an attack without Charge Movement): the rule does not apply.
    set_combat(&mut s, &[cav], &[line], 0);
    assert!(!r.french_screen_charge(&s, &[cav], &[line]));
}

fn at_of(s: &State, u: UnitId) -> Hex {
    s.unit(u).placed().unwrap().hex()
}

// --- F-6.7 Furia Francese ----------------------------------------------------------------

#[test]
fn f6_7_french_defending_in_open_ground_take_plus_5_on_mc_b_and_mc_g() {
    let (mut r, mut s, cav, line) = cavalry_on_a_line();
    // The French cavalry defends against the English Line here.
    set_combat(&mut s, &[line], &[cav], 0);
    let er = |r: &Fontenoy, s: &State, m: MoraleCheck| {
        r.modified_er(
            s,
            cav,
            &[cav],
            CheckReq {
                unit: cav,
                kind: CheckKind::Morale(m),
                er_mod: 0,
            },
        )
    };
    let (off, mods) = er(&r, &s, MoraleCheck::B);
    assert!(!mods.iter().any(|m| m.what.contains("F-6.7")));
    options(&mut r, &["6.7"]);
    let (on, mods) = er(&r, &s, MoraleCheck::B);
    assert_eq!(on - off, 5);
    assert!(
        mods.iter()
            .any(|m| m.what == "Furia Francese (F-6.7)" && m.value == 5)
    );
    let (g_on, _) = er(&r, &s, MoraleCheck::G);
    options(&mut r, &[]);
    let (g_off, _) = er(&r, &s, MoraleCheck::G);
    assert_eq!(g_on - g_off, 5);
    options(&mut r, &["6.7"]);
    // Not on other checks, not for the attacker, not behind field fortifications.
    let (a_on, _) = er(&r, &s, MoraleCheck::A);
    options(&mut r, &[]);
    let (a_off, _) = er(&r, &s, MoraleCheck::A);
    assert_eq!(a_on, a_off);
    options(&mut r, &["6.7"]);
    set_combat(&mut s, &[cav], &[line], 0);
    assert!(!r.furia_francese(&s, cav));
    set_combat(&mut s, &[line], &[cav], 0);
    assert!(r.furia_francese(&s, cav));
    let d = hex("S1010").direction_to(at_of(&s, line)).unwrap();
    Arc::make_mut(&mut r.board).add_side(
        hex("S1010"),
        d,
        crate::fontenoy::board::side::FIELDWORKS_MINOR,
        true,
    );
    assert!(!r.furia_francese(&s, cav));
}

// --- F-6.8 Perimeter Breach --------------------------------------------------------------

#[test]
fn f6_8_ten_allied_units_through_the_perimeter_add_2_to_french_army_morale_checks() {
    let mut w = World::new();
    let fc = w.commander("Saxe", Side(0), "S2020", 10, 3);
    w.cinc(fc, 2, 5);
    let ac = w.commander("Cumberland", Side(1), "S2929", 10, 3);
    w.cinc(ac, 1, 6);
    // The line along column 15; inside, columns 01-13.
    let line: Vec<Hex> = (1..=30)
        .map(|r| hex(&alloc::format!("S15{r:02}")))
        .collect();
    let inside: Vec<Hex> = (1..=13)
        .flat_map(|c| (1..=30).map(move |r| hex(&alloc::format!("S{c:02}{r:02}"))))
        .collect();
    for (id, hexes) in [("perimeter", line), ("perimeter-inside", inside)] {
        w.board.places.push(crate::fontenoy::board::Place {
            id: id.into(),
            name: id.into(),
            kind: id.into(),
            hexes,
        });
    }
    let mut allied = Vec::new();
    for k in 0..10u8 {
        let at = alloc::format!("S{:02}{:02}", 2 + k, 5);
        allied.push(w.infantry(&alloc::format!("{k} EEE"), Side(1), "E", &at, 1));
    }
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    assert_eq!(r.perimeter_crossers(&s), 0);
    options(&mut r, &["6.8"]);
    assert_eq!(r.perimeter_crossers(&s), 10);
    assert!(r.perimeter_breached(&s));
    let mut ev = Vec::new();
    r.perimeter_turn_start(&mut s, &mut ev);
    assert_eq!(
        ev,
        alloc::vec![Event::PerimeterBreach {
            breached: true,
            units: 10
        }]
    );
    assert!(s.victory.perimeter_breached);
    // One unit next to the line is not clearly through (F-6.8b).
    let mut t = s.clone();
    if let crate::fontenoy::state::Place::Map(p) = &mut t.unit_mut(allied[9]).place {
        *p = crate::fontenoy::geometry::Placed::at(hex("S1405"), p.facing);
    }
    assert_eq!(r.perimeter_crossers(&t), 9);
    // The French Army Morale Check reads its roll 2 higher.
    let track = r
        .scenario_rules
        .army
        .tracks
        .iter()
        .position(|d| d.side == Side(0))
        .unwrap();
    let def = &r.scenario_rules.army.tracks[track];
    let adds = r.tables.army.tables[def.table as usize][0].adds;
    let added = |r: &Fontenoy, s: &State| {
        let mut t = s.clone();
        let mut ev = Vec::new();
        r.morale_roll(&mut t, track as u8, 0, 0, 4, &mut ev);
        ev.iter()
            .find_map(|e| match e {
                Event::ArmyMorale { added, .. } => Some(*added),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(added(&r, &s), adds[4 + 2 + 1]);
    options(&mut r, &[]);
    assert_eq!(added(&r, &s), adds[4 + 1]);
}

// --- F-7.4 English Artillery Movement -----------------------------------------------------

#[test]
fn f7_4_limbered_english_guns_have_4_mp() {
    let english_guns = |r: &Fontenoy| -> Vec<u8> {
        r.units
            .iter()
            .filter(|u| {
                u.kind == Kind::Artillery
                    && u.nationality == crate::fontenoy::types::Nationality::English
            })
            .map(|u| u.mp)
            .collect()
    };
    let off = english_guns(&scenario_with("fontenoy/battle", &[]));
    assert!(!off.is_empty());
    assert!(off.contains(&2));
    let on = english_guns(&scenario_with("fontenoy/battle", &["7.4"]));
    assert_eq!(on.len(), off.len());
    assert!(on.iter().all(|&m| m >= 4));
    // Other guns keep theirs.
    let dutch = |r: &Fontenoy| -> Vec<u8> {
        r.units
            .iter()
            .filter(|u| {
                u.kind == Kind::Artillery
                    && u.nationality == crate::fontenoy::types::Nationality::Dutch
            })
            .map(|u| u.mp)
            .collect()
    };
    assert_eq!(
        dutch(&scenario_with("fontenoy/battle", &["7.4"])),
        dutch(&scenario_with("fontenoy/battle", &[]))
    );
}

// --- F-7.7 Allied Howitzers -------------------------------------------------------------

#[test]
fn f7_7_howitzers_beyond_4_hexes_ignore_hexside_modifiers() {
    let target = hex(F);
    let from = far(target, 0, 6);
    let (mut r, s, me, them) = segment(|w| {
        let a = unit(
            w,
            "1 AAA",
            Side(0),
            Kind::Infantry,
            target,
            1,
            6,
            Formation::Line,
        );
        let h = unit(
            w,
            "HOW",
            Side(1),
            Kind::Artillery,
            from,
            7,
            3,
            Formation::Unlimbered,
        );
        w.units[usize::from(h)].caliber = Some("howitzer".into());
        (alloc::vec![a], alloc::vec![h])
    });
    let how = them[0];
    let _ = me;
    // Minor field fortifications in front of the target, toward the howitzer.
    let d = target.direction_to(ahead(target, 0)).unwrap();
    Arc::make_mut(&mut r.board).add_side(
        target,
        d,
        crate::fontenoy::board::side::FIELDWORKS_MINOR,
        true,
    );
    let o = Occupancy::build(&r, &s);
    // Off: the works stop the line from 6 hexes and add to the Defense Rating.
    assert!(
        r.sight(&s, &o, from, target, how, Arm::Artillery, Side(1))
            .is_err()
    );
    let base = r.defense_rating(&s, &o, &[me[0]], &[from], target, false);
    assert_eq!(base, 10 + 5);
    options(&mut r, &["7.7"]);
    let o = Occupancy::build(&r, &s);
    let sight = r
        .sight(&s, &o, from, target, how, Arm::Artillery, Side(1))
        .expect("indirect fire over the works");
    let part = crate::fontenoy::fire::strength::Part {
        hex: from,
        arm: Arm::Artillery,
        sp: alloc::vec![(how, 3)],
        cap: 3,
        sight,
    };
    assert!(r.indirect_howitzer_fire(core::slice::from_ref(&part), target, Side(1)));
    assert_eq!(
        r.defense_rating(&s, &o, &[me[0]], &[from], target, true),
        10
    );
    // At 4 hexes the howitzer fires directly.
    let near = crate::fontenoy::fire::strength::Part {
        hex: far(target, 0, 4),
        ..part.clone()
    };
    assert!(!r.indirect_howitzer_fire(&[near], target, Side(1)));
    // Other guns never do.
    let mut gun = r.clone();
    Arc::make_mut(&mut gun.units)[usize::from(how)].caliber = Some("6".into());
    assert!(!gun.indirect_howitzer_fire(&[part], target, Side(1)));
}

// --- F-7.9 Hanoverian Cavalry -------------------------------------------------------------

#[test]
fn f7_9_hanoverian_cavalry_of_6_sp_fires_at_1_3_as_it_attacks() {
    let (mut r, mut s, cav, line) = cavalry_on_a_line();
    // Read the French cavalry as Hanoverian cavalry of 6 SP attacking the Line.
    Arc::make_mut(&mut r.units)[usize::from(cav)].nationality =
        crate::fontenoy::types::Nationality::Hanoverian;
    s.unit_mut(cav).sp = 6;
    let mut ev = Vec::new();
    let mut t = s.clone();
    r.hanoverian_pistols(&mut t, &[alloc::vec![cav]], &[line], &mut ev);
    assert!(ev.is_empty());
    assert_eq!(t, s);
    options(&mut r, &["7.9"]);
    r.hanoverian_pistols(&mut t, &[alloc::vec![cav]], &[line], &mut ev);
    assert!(matches!(ev[0], Event::PistolFire { .. }));
    let (strength, defense, column, _) = opened(&ev);
    assert_eq!((strength, defense, column.as_deref()), (1, 3, Some("1:3")));
    assert!(matches!(
        t.steps.last(),
        Some(Step::Fire(FireStep::Roll { .. }))
    ));
    let id = match t.steps.last() {
        Some(Step::Fire(FireStep::Roll { combat })) => *combat,
        _ => unreachable!(),
    };
    assert!(r.fire_combat(&t, id).unwrap().ordinary);
    // 5 SP: no pistols.
    s.unit_mut(cav).sp = 5;
    let mut ev = Vec::new();
    let mut t = s.clone();
    r.hanoverian_pistols(&mut t, &[alloc::vec![cav]], &[line], &mut ev);
    assert!(ev.is_empty());
}
