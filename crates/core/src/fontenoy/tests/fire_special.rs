//! 12.11 Special Fire Combat Results: the results of F-8.5 (infantry), F-8.6 (Defensive Fire)
//! and F-8.7 (artillery) on the provisional tables' mapping (French infantry: 00 Free Fire,
//! 01 Full Volley, 02 Heavy Smoke, 03 Regimental Guns, 04 Low Ammo, 08 Ammo Exhausted;
//! French artillery: 00 Rapid Fire, 01 Accurate Fire, 02 Heavy Smoke, 03 Caisson Explosion,
//! 04 Wild Fire, 06 Low Ammo, 09 Ammo Exhausted; French Defensive Fire: 00 French Politesse,
//! 01 Whites of Their Eyes, 02 Heavy Smoke, 04 Premature Fire).

use super::fire::{F, ahead, duel, far, fire_at, lost, opened, segment, unit};
use super::*;
use crate::fontenoy::commanders::{FireLoss, LossCause};
use crate::fontenoy::state::{CloseCombatEffect, FireKind, FireStep, Step};
use crate::fontenoy::tables::fire::Special;
use crate::fontenoy::types::{Arm, Nationality};

fn special(ev: &[Event]) -> Option<String> {
    ev.iter().find_map(|e| match e {
        Event::FireSpecial { result, .. } => Some(result.clone()),
        _ => None,
    })
}

/// The duel's fire opened and waiting for its roll.
fn duel_fire() -> (Fontenoy, State, UnitId, UnitId) {
    let (r, mut s, a, b) = duel();
    apply(&r, &mut s, fire_at(hex(F), Arm::Infantry, ahead(hex(F), 0)));
    apply(&r, &mut s, Action::OpenFire);
    (r, s, a, b)
}

/// French guns at F and English infantry and guns three hexes ahead, the fire opened.
fn gun_fire() -> (Fontenoy, State, Vec<UnitId>, Vec<UnitId>) {
    let (r, mut s, me, them) = segment(|w| {
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
        let t = far(hex(F), 0, 3);
        let eg = unit(
            w,
            "EGUN",
            Side(1),
            Kind::Artillery,
            t,
            7,
            2,
            Formation::Unlimbered,
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
        (alloc::vec![g], alloc::vec![eg, e])
    });
    apply(
        &r,
        &mut s,
        fire_at(hex(F), Arm::Artillery, far(hex(F), 0, 3)),
    );
    apply(&r, &mut s, Action::OpenFire);
    (r, s, me, them)
}

#[test]
fn r12_11_an_unmodified_00_to_09_is_a_special_result_and_its_re_roll_is_ordinary() {
    let (r, mut s, _, b) = duel_fire();
    let ev = apply(&r, &mut s, d100(1));
    assert_eq!(special(&ev).as_deref(), Some("Full Volley"));
    let c = r.fire_combat(&s, 0).unwrap();
    assert!(c.ordinary);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Roll { combat: 0 }))
    );
    // The re-roll 05 is ordinary: nothing on the 2:1 column.
    let ev = apply(&r, &mut s, d100(5));
    assert!(special(&ev).is_none());
    assert!(lost(&ev).is_empty());
    let _ = b;
}

#[test]
fn r12_11_f8_5a_free_fire_rolls_twice_then_disorders_the_firers() {
    let (r, mut s, a, b) = duel_fire();
    let ev = apply(&r, &mut s, d100(0));
    assert_eq!(special(&ev).as_deref(), Some("Free Fire"));
    let ev = apply(&r, &mut s, d100(67));
    assert_eq!(lost(&ev), alloc::vec![(b, 1)]);
    assert!(!s.unit(a).disordered);
    let ev = apply(&r, &mut s, d100(67));
    assert_eq!(lost(&ev), alloc::vec![(b, 1)]);
    assert!(s.unit(a).disordered);
    assert!(s.steps.is_empty());
}

#[test]
fn r12_11_f8_5b_full_volley_doubles_the_strength() {
    let (r, mut s, _, b) = duel_fire();
    apply(&r, &mut s, d100(1));
    assert_eq!(r.fire_combat(&s, 0).unwrap().strength, 24);
    // 2:1 reads "1" from 55.
    let ev = apply(&r, &mut s, d100(57));
    assert_eq!(lost(&ev), alloc::vec![(b, 1)]);
}

#[test]
fn r12_11_f8_5c_regimental_guns_add_an_sp_to_any_result_even_r() {
    let (r, mut s, _, b) = duel_fire();
    let ev = apply(&r, &mut s, d100(3));
    assert_eq!(special(&ev).as_deref(), Some("Regimental Guns"));
    // R/D at 1:1 from 50: one SP, and the Return Fire chance.
    let ev = apply(&r, &mut s, d100(51));
    assert_eq!(lost(&ev), alloc::vec![(b, 1)]);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Return { combat: 0 }))
    );
    // No effect stays no effect.
    let (r, mut s, _, _) = duel_fire();
    apply(&r, &mut s, d100(3));
    let ev = apply(&r, &mut s, d100(21));
    assert!(lost(&ev).is_empty());
}

#[test]
fn r12_11_f8_5d_low_ammo_halves_the_strength() {
    let (r, mut s, _, _) = duel_fire();
    let ev = apply(&r, &mut s, d100(4));
    assert_eq!(special(&ev).as_deref(), Some("Low Ammo"));
    let c = r.fire_combat(&s, 0).unwrap();
    assert_eq!(c.strength, 6);
    assert_eq!(r.combat_column(c), Some((1, 0)));
}

#[test]
fn r12_11_f8_5e_ammo_exhausted_no_effect_and_the_firers_disordered() {
    let (r, mut s, a, b) = duel_fire();
    let ev = apply(&r, &mut s, d100(8));
    assert_eq!(special(&ev).as_deref(), Some("Ammo Exhausted"));
    assert!(s.unit(a).disordered);
    assert_eq!(s.unit(b).sp, 6);
    assert!(s.steps.is_empty());
}

#[test]
fn r12_11_f8_5f_heavy_smoke_at_1_hex_reads_20_lower_at_2_no_effect() {
    let (r, mut s, _, b) = duel_fire();
    let ev = apply(&r, &mut s, d100(2));
    assert_eq!(special(&ev).as_deref(), Some("Heavy Smoke"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FireRolled { modified: -18, .. }))
    );
    assert_eq!(s.unit(b).sp, 6);
    // A skirmisher two hexes off.
    let (r, mut s, _, _) = segment(|w| {
        let a = unit(
            w,
            "SKR",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            4,
            Formation::Skirmish,
        );
        w.units[usize::from(a)].class = "skirmishers".into();
        let e = unit(
            w,
            "1 EEE",
            Side(1),
            Kind::Infantry,
            far(hex(F), 0, 2),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e])
    });
    apply(
        &r,
        &mut s,
        fire_at(hex(F), Arm::Infantry, far(hex(F), 0, 2)),
    );
    apply(&r, &mut s, Action::OpenFire);
    let ev = apply(&r, &mut s, d100(2));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FireNoEffect { why, .. } if why.contains("2 hexes")))
    );
}

#[test]
fn r12_11_f8_5g_dutch_rifles_re_roll_may_be_special_again() {
    let (r, mut s, me, _) = segment(|w| {
        let a = unit(
            w,
            "1 DDD",
            Side(0),
            Kind::Infantry,
            hex(F),
            1,
            6,
            Formation::Line,
        );
        w.units[usize::from(a)].nationality = Nationality::Dutch;
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
    apply(&r, &mut s, Action::OpenFire);
    assert_eq!(
        r.fire_combat(&s, 0).unwrap().nationality,
        Nationality::Dutch
    );
    let ev = apply(&r, &mut s, d100(0));
    assert_eq!(special(&ev).as_deref(), Some("Dutch Rifles"));
    assert!(!r.fire_combat(&s, 0).unwrap().ordinary);
    // First the Commander Loss roll on the chart (F-8.8), then the re-roll.
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::LossTable { combat: 0 }))
    );
    apply(&r, &mut s, d10(5));
    let ev = apply(&r, &mut s, d100(9));
    assert_eq!(special(&ev).as_deref(), Some("Dutch Rifles"));
    let _ = me;
}

#[test]
fn r12_11_f8_1_mixed_allies_read_the_nationality_with_the_most_sp() {
    let (r, s, _, them) = segment(|w| {
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
            2,
            Formation::Line,
        );
        let d = unit(
            w,
            "1 DDD",
            Side(1),
            Kind::Infantry,
            ahead(hex(F), 0),
            7,
            4,
            Formation::Line,
        );
        w.units[usize::from(d)].nationality = Nationality::Dutch;
        (alloc::vec![a], alloc::vec![e, d])
    });
    assert_eq!(r.fire_nationality(&s, &them), Nationality::Dutch);
}

#[test]
fn r12_11_f8_7a_rapid_fire_two_rolls_on_the_same_column() {
    let (r, mut s, _, them) = gun_fire();
    let ev = apply(&r, &mut s, d100(0));
    assert_eq!(special(&ev).as_deref(), Some("Rapid Fire"));
    // 12 against 10 at 1:1, size 6 + 8 = 14: +5. 62 + 5 reads "1" twice.
    apply(&r, &mut s, d100(61));
    let ev = apply(&r, &mut s, d100(61));
    assert_eq!(lost(&ev).len(), 1);
    assert_eq!(them.iter().map(|&u| s.unit(u).sp).sum::<u8>(), 6);
}

#[test]
fn r12_11_f8_7b_accurate_fire_shifts_a_column_right() {
    let (r, mut s, _, _) = gun_fire();
    let ev = apply(&r, &mut s, d100(1));
    assert_eq!(special(&ev).as_deref(), Some("Accurate Fire"));
    let c = r.fire_combat(&s, 0).unwrap();
    assert_eq!(r.combat_column(c), Some((3, 0)));
}

#[test]
fn r12_11_f8_7c_caisson_explosion_costs_the_guns_one_more_and_a_morale_check() {
    let (r, mut s, _, them) = gun_fire();
    apply(&r, &mut s, d100(3));
    // 1:1 +5: 47 reads R/D: the guns in the hex lose 1 SP and check morale.
    let ev = apply(&r, &mut s, d100(47));
    assert_eq!(lost(&ev), alloc::vec![(them[0], 1)]);
    assert!(matches!(s.steps.last(), Some(Step::Check(c)) if c.unit == them[0]));
}

#[test]
fn r12_11_f8_7d_wild_fire_strays_into_a_hex_next_to_the_target() {
    let (r, mut s, _, _) = gun_fire();
    let ev = apply(&r, &mut s, d100(4));
    assert_eq!(special(&ev).as_deref(), Some("Wild Fire"));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Die { combat: 0 }))
    );
    // Every hex next to the target is in sight and empty: the shot misses.
    let ev = apply(&r, &mut s, d10(0));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FireNoEffect { why, .. } if why.contains("empty")))
    );
    assert!(s.steps.is_empty());
    // A die above the hexes' number is rolled again.
    let (r, mut s, _, _) = gun_fire();
    apply(&r, &mut s, d100(4));
    apply(&r, &mut s, d10(9));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Die { combat: 0 }))
    );
}

#[test]
fn r12_11_f8_7g_heavy_smoke_is_minus_10_a_hex() {
    let (r, mut s, _, _) = gun_fire();
    apply(&r, &mut s, d100(2));
    assert_eq!(r.fire_combat(&s, 0).unwrap().smoke, -30);
}

#[test]
fn r12_11_f8_7d_low_ammo_and_f8_7e_ammo_exhausted() {
    let (r, mut s, _, them) = gun_fire();
    let ev = apply(&r, &mut s, d100(6));
    assert_eq!(special(&ev).as_deref(), Some("Low Ammo"));
    assert!(s.steps.is_empty());
    assert_eq!(s.unit(them[1]).sp, 6);
    let (r, mut s, me, _) = gun_fire();
    let ev = apply(&r, &mut s, d100(9));
    assert_eq!(special(&ev).as_deref(), Some("Ammo Exhausted"));
    assert_eq!(s.unit(me[0]).formation, Formation::MarchColumn);
    let p = s.unit(me[0]).placed().unwrap();
    assert_eq!(p.hex().distance(hex(F)), 1);
    assert!(!p.facing.is_corner());
}

/// A Defensive Fire by the French battalion at English attackers in front of it.
fn defensive(kind: Kind) -> (Fontenoy, State, UnitId, UnitId) {
    let (r, mut s, me, them) = segment(|w| {
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
            kind,
            ahead(hex(F), 0),
            7,
            6,
            Formation::Line,
        );
        (alloc::vec![a], alloc::vec![e])
    });
    let mut ev = Vec::new();
    r.defensive_fire(&mut s, &me, ahead(hex(F), 0), &mut ev)
        .unwrap();
    (r, s, me[0], them[0])
}

#[test]
fn r12_11_defensive_fire_reads_the_defensive_table_f8_6d_whites_of_their_eyes() {
    let (r, mut s, _, _) = defensive(Kind::Infantry);
    let ev = apply(&r, &mut s, d100(1));
    assert_eq!(special(&ev).as_deref(), Some("Whites of Their Eyes"));
    assert_eq!(r.fire_combat(&s, 0).unwrap().shift, 1);
    assert_eq!(
        r.special_of(r.fire_combat(&s, 0).unwrap(), 4),
        Some(Special::PrematureFire)
    );
}

#[test]
fn r12_11_f8_6g_heavy_smoke_cancels_and_f8_6f_premature_fire_halves() {
    let (r, mut s, _, b) = defensive(Kind::Infantry);
    apply(&r, &mut s, d100(2));
    assert!(r.fire_combat(&s, 0).unwrap().cancelled);
    assert!(s.steps.is_empty());
    assert_eq!(s.unit(b).sp, 6);
    let (r, mut s, _, _) = defensive(Kind::Infantry);
    apply(&r, &mut s, d100(4));
    assert_eq!(r.fire_combat(&s, 0).unwrap().strength, 6);
}

#[test]
fn r12_11_f8_6b_french_politesse_the_attackers_fire_or_against_cavalry_cr_minus_1() {
    let (r, mut s, a, _) = defensive(Kind::Cavalry);
    apply(&r, &mut s, d100(0));
    let c = r.fire_combat(&s, 0).unwrap();
    assert!(c.cancelled);
    assert_eq!(c.effect, Some(CloseCombatEffect::DefenderCr(-1)));
    let (r, mut s, _, _) = defensive(Kind::Infantry);
    let ev = apply(&r, &mut s, d100(0));
    // The English attackers fire at the French stack instead.
    assert!(r.fire_combat(&s, 0).unwrap().cancelled);
    let (strength, ..) = opened(&ev);
    assert_eq!(strength, 16);
    let c = r.fire_combat(&s, 1).unwrap();
    assert_eq!(
        (c.side, c.at, c.kind),
        (Side(1), hex(F), FireKind::Defensive)
    );
    assert!(c.ordinary);
    let _ = a;
}

#[test]
fn r12_11_f8_6a_english_taunting_and_f8_6c_dutch_hesitation() {
    // English defenders fire at French infantry attackers.
    let (r, mut s, me, them) = segment(|w| {
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
    let mut s2 = s.clone();
    let mut ev = Vec::new();
    r.defensive_fire(&mut s, &them, hex(F), &mut ev).unwrap();
    let ev = apply(&r, &mut s, d100(0));
    assert_eq!(special(&ev).as_deref(), Some("English Taunting"));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Die { combat: 0 }))
    );
    apply(&r, &mut s, d10(2));
    assert_eq!(
        r.fire_combat(&s, 0).unwrap().effect,
        Some(CloseCombatEffect::DefenderCr(-1))
    );
    // Dutch defenders hesitate on 00.
    let mut r2 = r.clone();
    let mut units = (*r2.units).clone();
    units[usize::from(them[0])].nationality = Nationality::Dutch;
    r2.units = alloc::sync::Arc::new(units);
    let mut ev = Vec::new();
    r2.defensive_fire(&mut s2, &them, hex(F), &mut ev).unwrap();
    apply(&r2, &mut s2, d100(0));
    let c = r2.fire_combat(&s2, 0).unwrap();
    assert!(c.cancelled);
    assert_eq!(c.effect, Some(CloseCombatEffect::DefenderCr(-1)));
    let _ = me;
}

#[test]
fn r12_11_f8_8_an_even_special_names_the_commanders_the_loss_may_strike() {
    let (r, mut s, _, b) = duel_fire();
    let cmd = (0..s.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].name == "Dz")
        .unwrap();
    s.unit_mut(cmd).place = crate::fontenoy::state::Place::Map(
        crate::fontenoy::geometry::Placed::at(ahead(hex(F), 0), Facing::new(1).unwrap()),
    );
    let c = r.fire_commander_candidates(&s, 0);
    assert_eq!(c.in_hex, alloc::vec![cmd]);
    assert_eq!(c.near, alloc::vec![cmd]);
    assert!(c.in_range.contains(&cmd));
    assert!(!c.minus_one);
    // 04 is Low Ammo with a commander loss: In the Line of Fire (the chart read at 4) for
    // every commander in or next to the target hex, checked before the re-roll.
    let ev = apply(&r, &mut s, d100(4));
    assert_eq!(special(&ev).as_deref(), Some("Low Ammo"));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CommanderLossResult { result, commanders, .. }
            if result == "In the Line of Fire" && commanders == &alloc::vec![cmd]
    )));
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderLoss {
            commander: cmd,
            cause: LossCause::Special {
                result: FireLoss::LineOfFire,
                minus_one: false
            }
        })
    );
    let _ = b;
}

/// The duel's fire opened, with the Allied commanders Cumberland and Dz placed at `cumberland`
/// and `dz`.
fn commanders_at(cumberland: Hex, dz: Hex) -> (Fontenoy, State, UnitId, UnitId) {
    let (mut r, mut s, _, _) = duel_fire();
    // The provisional special-commander-loss chart: 0 Fate, 1–3 The Lucky Shot, 4–6 In the
    // Line of Fire, 7–9 Braving Enemy Fire.
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let rs = lib.scenario("fontenoy/ingoldsby").expect("scenario 1");
    alloc::sync::Arc::make_mut(&mut r.tables).commander =
        crate::fontenoy::commanders::LossCharts::read(&rs).expect("commander charts");
    let find = |n: &str| {
        (0..s.units.len() as UnitId)
            .find(|&u| r.units[usize::from(u)].name == n)
            .unwrap()
    };
    let (cu, dz_id) = (find("Cumberland"), find("Dz"));
    for (u, h) in [(cu, cumberland), (dz_id, dz)] {
        s.unit_mut(u).place = crate::fontenoy::state::Place::Map(
            crate::fontenoy::geometry::Placed::at(h, Facing::new(1).unwrap()),
        );
    }
    (r, s, cu, dz_id)
}

#[test]
fn f8_8b_the_lucky_shot_draws_one_commander_in_range_a_die_beyond_the_list_rolled_again() {
    // Dz in the target hex, Cumberland in the other hex before the firers: both within the
    // French infantry's range of 1 hex (F-2.4b A).
    let (r, mut s, cu, dz) = commanders_at(ahead(hex(F), 1), ahead(hex(F), 0));
    // 02: Heavy Smoke, and the chart read at 2 is The Lucky Shot.
    let ev = apply(&r, &mut s, d100(2));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CommanderLossResult { result, commanders, .. }
            if result == "The Lucky Shot" && commanders == &alloc::vec![cu, dz]
    )));
    let lucky = Step::Fire(FireStep::Lucky { combat: 0, n: 2 });
    assert_eq!(s.steps.last(), Some(&lucky));
    apply(&r, &mut s, d10(7));
    assert_eq!(s.steps.last(), Some(&lucky), "7 is beyond the two numbers");
    apply(&r, &mut s, d10(1));
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderLoss {
            commander: dz,
            cause: LossCause::Special {
                result: FireLoss::LuckyShot,
                minus_one: false
            }
        })
    );
}

#[test]
fn f8_8d_braving_enemy_fire_strikes_only_the_commanders_in_the_target_hex() {
    let (r, mut s, _, dz) = commanders_at(far(hex(F), 0, 2), ahead(hex(F), 0));
    // 08: Ammo Exhausted, and the chart read at 8 is Braving Enemy Fire.
    let ev = apply(&r, &mut s, d100(8));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CommanderLossResult { result, commanders, .. }
            if result == "Braving Enemy Fire" && commanders == &alloc::vec![dz]
    )));
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderLoss {
            commander: dz,
            cause: LossCause::Special {
                result: FireLoss::Braving,
                minus_one: false
            }
        })
    );
    let n = s
        .steps
        .iter()
        .filter(|x| matches!(x, Step::CommanderLoss { .. }))
        .count();
    assert_eq!(n, 1, "the commander next to the target hex does not roll");
}

#[test]
fn f8_8a_fate_lets_the_firing_player_name_any_enemy_commander() {
    let (r, mut s, cu, dz) = commanders_at(hex("S2929"), hex("S2929"));
    // Not an even roll (Dutch Rifles, Dutch Ammo Exhausted): a d10 on the chart first.
    let mut ev = Vec::new();
    r.fire_commander_loss(&mut s, 0, 5, &mut ev);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::LossTable { combat: 0 }))
    );
    // 0: Fate, the firing (French) player names the commander.
    apply(&r, &mut s, d10(0));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Fate { combat: 0 }))
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::Fate { commander: cu },
            Action::Fate { commander: dz }
        ]
    );
    let own = (0..s.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].name == "Dx")
        .unwrap();
    let e = super::fire::refused(&r, &s, Action::Fate { commander: own });
    assert_eq!(e.rule, "F-8.8a");
    apply(&r, &mut s, Action::Fate { commander: cu });
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderLoss {
            commander: cu,
            cause: LossCause::Special {
                result: FireLoss::Fate,
                minus_one: false
            }
        })
    );
}

/// A first-round combat of `me` against `them` (one group each).
pub(super) fn one_on_one(s: &State, me: UnitId, them: UnitId) -> crate::fontenoy::close::Combat {
    crate::fontenoy::close::Combat {
        attackers: alloc::vec![super::close::group_of(s, me)],
        defenders: alloc::vec![super::close::group_of(s, them)],
        round: 1,
        reaction: false,
        mover: None,
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: crate::fontenoy::close::Outcome::Open,
        advanced: Vec::new(),
    }
}

#[test]
fn f8_6a_c_the_special_defensive_fire_changes_the_defenders_cr_in_the_close_combat() {
    // The duel's French and English battalions, face to face.
    let (r, s0, a, b) = duel();
    let (me, them) = (alloc::vec![a], alloc::vec![b]);
    let c = one_on_one(&s0, me[0], them[0]);
    let base = r.group_cr(&s0, &c, false, &c.defenders[0]);
    let attacker = r.group_cr(&s0, &c, true, &c.attackers[0]);
    // English Taunting, 0–2: the English defenders' CR −1 in the combat that follows.
    let mut s = s0.clone();
    let mut ev = Vec::new();
    r.defensive_fire(&mut s, &them, hex(F), &mut ev).unwrap();
    apply(&r, &mut s, d100(0));
    apply(&r, &mut s, d10(2));
    assert_eq!(r.group_cr(&s, &c, false, &c.defenders[0]), base - 1);
    assert_eq!(r.group_cr(&s, &c, true, &c.attackers[0]), attacker);
    // It lasts the renewed rounds too.
    let mut renewed = c.clone();
    renewed.round = 2;
    assert_eq!(
        r.group_cr(&s, &renewed, false, &renewed.defenders[0]),
        r.group_cr(&s0, &renewed, false, &renewed.defenders[0]) - 1
    );
    // 3–9: +1.
    let mut s = s0.clone();
    r.defensive_fire(&mut s, &them, hex(F), &mut ev).unwrap();
    apply(&r, &mut s, d100(0));
    apply(&r, &mut s, d10(3));
    assert_eq!(r.group_cr(&s, &c, false, &c.defenders[0]), base + 1);
    // A fire at other attackers leaves this combat alone.
    assert_eq!(r.defensive_fire_cr(&s, &them, &them), 0);
    assert_eq!(r.defensive_fire_cr(&s, &me, &them), 1);
}

/// A French battalion at F and an English one in front of it, facing it; option `10.1e` on
/// when `no_guns`.
fn ingoldsby_duel(no_guns: bool) -> (Fontenoy, State, Vec<UnitId>, Vec<UnitId>) {
    let (mut r, s, a, b) = duel();
    let (me, them) = (alloc::vec![a], alloc::vec![b]);
    if no_guns {
        alloc::sync::Arc::make_mut(&mut r.scenario_rules).options_on =
            alloc::vec![alloc::string::String::from("10.1e")];
    }
    (r, s, me, them)
}

#[test]
fn f10_1e_without_regimental_guns_a_regimental_guns_result_becomes_the_one_above_or_below() {
    // The provisional English Defensive Fire column: 02 Heavy Smoke, 03 Regimental Guns,
    // 04 Premature Fire.
    let (r, s0, _, them) = ingoldsby_duel(true);
    let mut s = s0.clone();
    let mut ev = Vec::new();
    r.defensive_fire(&mut s, &them, hex(F), &mut ev).unwrap();
    let ev = apply(&r, &mut s, d100(3));
    assert_eq!(special(&ev).as_deref(), Some("Regimental Guns"));
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::NoGuns { combat: 0, roll: 3 }))
    );
    // 0–4: the result above, Heavy Smoke: no Defensive Fire (F-8.6g).
    let ev = apply(&r, &mut s, d10(4));
    assert_eq!(special(&ev).as_deref(), Some("Heavy Smoke"));
    assert!(r.fire_combat(&s, 0).unwrap().cancelled);
    // 5–9: the result below, Premature Fire: re-rolled at half strength.
    let mut s = s0.clone();
    r.defensive_fire(&mut s, &them, hex(F), &mut ev.clone())
        .unwrap();
    let strength = r.fire_combat(&s, 0).unwrap().strength;
    apply(&r, &mut s, d100(3));
    let ev = apply(&r, &mut s, d10(5));
    assert_eq!(special(&ev).as_deref(), Some("Premature Fire"));
    let c = r.fire_combat(&s, 0).unwrap();
    assert_eq!(c.extra_loss, 0, "no Regimental Guns SP");
    assert!(c.strength < strength);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Fire(FireStep::Roll { combat: 0 }))
    );
    // Without the option, Regimental Guns adds its SP.
    let (r, mut s, _, them) = ingoldsby_duel(false);
    let mut ev = Vec::new();
    r.defensive_fire(&mut s, &them, hex(F), &mut ev).unwrap();
    apply(&r, &mut s, d100(3));
    assert_eq!(r.fire_combat(&s, 0).unwrap().extra_loss, 1);
}

#[test]
fn f10_1e_ingoldsby_s_infantry_does_not_fire_at_2_hexes() {
    let (r, s, _, them) = ingoldsby_duel(true);
    let at = s.unit(them[0]).placed().unwrap().hex();
    assert_eq!(
        r.fire_range(&s, them[0], at, FireKind::Segment),
        1,
        "no battalion guns"
    );
    let (r, s, _, them) = ingoldsby_duel(false);
    assert_eq!(
        r.fire_range(&s, them[0], at, FireKind::Segment),
        2,
        "English infantry fires at 2 hexes (F-2.4b C)"
    );
}
