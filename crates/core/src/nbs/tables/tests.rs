//! The worked examples of the rulebook (digest §7.1) and the table lookups of §7.2 that these
//! tables can check, against the real Austerlitz scenario data.

use super::*;
use crate::data::{Library, ResolvedScenario};
use crate::nbs::types::{FireLevel, Fp, GunWeight, MoraleRating, MoraleState, Seq66};

fn scenario() -> ResolvedScenario {
    Library::builtin()
        .and_then(|l| l.scenario("nbs/austerlitz-3"))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn tables() -> Tables {
    Tables::from_scenario(&scenario(), false).unwrap_or_else(|e| panic!("{e}"))
}

fn roll(v: u8) -> Seq66 {
    Seq66::from_value(v).unwrap()
}

const fn half() -> Fp {
    Fp(2)
}

#[test]
fn p3_charts_lenient_load_is_complete() {
    let t = tables();
    assert_eq!(t.fire_columns(), 17);
    assert_eq!(t.morale_rows(), 12);
    assert_eq!(t.recovery_rows(), 7);
    assert_eq!(t.odds_columns(), 5);
}

#[test]
fn p3_charts_strict_mode_refuses_a_provisional_only_cell() {
    let sc = scenario();
    let e = Tables::from_scenario(&sc, true).unwrap_err();
    // The first cell read that the text does not give: the non-French column's B at 1 hex.
    assert_eq!(e.file, "nbs/small-arms-chart");
    assert_eq!(e.path, "row \"column-1\", column \"B\"");
    assert!(e.message.contains("strict"), "{e}");
    // Published cells pass in strict mode; the completion's stand-ins do not.
    let s = Src::new(&sc, "nbs/fire-combat-table", true).unwrap();
    assert_eq!(s.text("4", "46").unwrap(), "1, (1)");
    let e = s.text("5", "11").unwrap_err();
    assert_eq!(e.file, "nbs/fire-combat-table");
    assert!(e.path.contains("\"5\"") && e.path.contains("\"11\""), "{e}");
    let l = Src::new(&sc, "nbs/fire-combat-table", false).unwrap();
    assert_eq!(l.text("5", "11").unwrap(), "MC");
}

#[test]
fn r20_4_example_1_column_4_roll_46() {
    // T6: two A lines at range 1, no modifiers.
    let t = tables();
    let fp = t.small_arms_fp(SmallArms::Line, Range::OneHex, Part::A);
    assert_eq!(fp, Fp::whole(2));
    let col = t.fire_column(fp + fp).unwrap();
    assert_eq!(col, 4);
    let r = t.fire_result(col, roll(46));
    assert_eq!(
        r,
        FireResult::Loss {
            casualties: 1,
            stragglers: 1
        }
    );
    assert!(r.morale_check());
}

#[test]
fn r20_4_example_2_column_13_roll_65() {
    // T7: A line (2) + A French column (2) + 4 GP at range 1 (4, either weight) + 5 heavy GP
    // at range 6 (1) + 5 light GP at range 8 (1/2) = 9 1/2, rounded to 10; +3 flank.
    let t = tables();
    let four_gp_light = t.artillery_fp(GunWeight::Light, 4, 1);
    assert_eq!(four_gp_light, t.artillery_fp(GunWeight::Heavy, 4, 1));
    assert_eq!(four_gp_light, Fp::whole(4));
    assert_eq!(t.artillery_fp(GunWeight::Heavy, 5, 6), Fp::whole(1));
    assert_eq!(t.artillery_fp(GunWeight::Light, 5, 8), half());
    let total = t.small_arms_fp(SmallArms::Line, Range::OneHex, Part::A)
        + t.small_arms_fp(SmallArms::FrenchColumn, Range::OneHex, Part::A)
        + four_gp_light
        + t.artillery_fp(GunWeight::Heavy, 5, 6)
        + t.artillery_fp(GunWeight::Light, 5, 8);
    assert_eq!(total, Fp(38));
    let col = t.fire_column(total).unwrap();
    assert_eq!(col, 10);
    let col = t.shift_fire_column(col, i16::from(t.fire_modifier(FireMod::Flank)));
    assert_eq!(col, 13);
    assert_eq!(
        t.fire_result(col, roll(65)),
        FireResult::Loss {
            casualties: 3,
            stragglers: 2
        }
    );
    assert!(!t.leader_hit(roll(65)));
    assert!(t.leader_hit(roll(55)) && t.leader_hit(roll(66)));
}

#[test]
fn r25_2_example_part_1_square_check_shaken() {
    // T9: a non-French A column at range 1 fires at a C brigade in square.
    let t = tables();
    let fp = t.small_arms_fp(SmallArms::Column, Range::OneHex, Part::A);
    assert_eq!(fp, Fp::whole(1));
    let col = t.fire_column(fp).unwrap();
    assert_eq!(col, 1);
    let col = t.shift_fire_column(col, i16::from(t.fire_modifier(FireMod::TargetSquare)));
    assert_eq!(col, 4);
    assert_eq!(
        t.fire_result(col, roll(12)),
        FireResult::MoraleCheck { up: 0 }
    );
    let sq = t
        .morale_modifier(MoraleList::Standard, MoraleMod::Square)
        .unwrap();
    assert_eq!(sq, 1);
    let row = t.morale_row_shifted(MoraleRating::C, i16::from(sq));
    assert_eq!(row, t.morale_row(MoraleRating::B));
    assert_eq!(
        t.morale_result(row, roll(56)),
        MoraleResult {
            state: MoraleOutcome::Shaken,
            retreat: 0,
            stragglers: 0
        }
    );
}

#[test]
fn r25_2_example_part_2_bottom_row_routed() {
    // T10: 7 FP + 3 flank = column 10, roll 44; then C row -3 flank -3 wrecked of wrecked.
    let t = tables();
    let col = t.shift_fire_column(t.fire_column(Fp::whole(7)).unwrap(), 3);
    assert_eq!(col, 10);
    assert_eq!(
        t.fire_result(col, roll(44)),
        FireResult::Loss {
            casualties: 2,
            stragglers: 1
        }
    );
    let m = |x| i16::from(t.morale_modifier(MoraleList::Standard, x).unwrap());
    let total = m(MoraleMod::FlankTarget) + m(MoraleMod::WreckedBrigadeOfWreckedDivision);
    assert_eq!(total, -6);
    let row = t.morale_row_shifted(MoraleRating::C, total);
    assert_eq!(row, t.morale_rows() - 1);
    assert_eq!(
        t.morale_result(row, roll(66)),
        MoraleResult {
            state: MoraleOutcome::Routed,
            retreat: 2,
            stragglers: 4
        }
    );
}

#[test]
fn r27_3_examples_artillery_sums() {
    let t = tables();
    // T11: three batteries of 3 heavy GP at range 3.
    let three = t.artillery_fp(GunWeight::Heavy, 3, 3);
    assert_eq!(three + three + three, Fp::whole(6));
    // T12: two batteries of 4 heavy GP at range 3.
    let four = t.artillery_fp(GunWeight::Heavy, 4, 3);
    assert_eq!(four + four, Fp::whole(4));
    // T13: 3 heavy GP at range 4 plus 3 light GP at range 5.
    let sum = t.artillery_fp(GunWeight::Heavy, 3, 4) + t.artillery_fp(GunWeight::Light, 3, 5);
    assert_eq!(sum, Fp::whole(1));
    // §7.2: light 4 GP at 7 = 0 (no fire); heavy 3 GP at 8 = 1/2 -> "1 or less"; heavy 5 GP in
    // close combat = 10.
    assert_eq!(t.fire_column(t.artillery_fp(GunWeight::Light, 4, 7)), None);
    assert_eq!(t.artillery_fp(GunWeight::Heavy, 3, 8), half());
    assert_eq!(t.fire_column(half()), Some(1));
    assert_eq!(t.fire_column(Fp(1)), Some(1));
    assert_eq!(t.artillery_fp(GunWeight::Heavy, 5, 0), Fp::whole(10));
    assert_eq!(t.artillery_fp(GunWeight::Heavy, 5, 9), Fp::ZERO);
}

#[test]
fn r20_1_skirmisher_fire_points() {
    let t = tables();
    use Nationality::*;
    use SkirmisherStrength::*;
    assert_eq!(t.skirmisher_fp(Other, Reduced, Range::OneHex), half());
    assert_eq!(
        t.skirmisher_fp(French, Full, Range::CloseCombat),
        Fp::whole(3)
    );
}

#[test]
fn r20_0_column_clamp() {
    let t = tables();
    assert_eq!(t.fire_column(Fp::whole(40)), Some(17));
    assert_eq!(t.shift_fire_column(17, 3), 17);
    assert_eq!(t.shift_fire_column(1, -3), 1);
}

#[test]
fn r20_3_fire_modifiers_by_line() {
    let t = tables();
    assert_eq!(t.fire_modifier(FireMod::Night), -3);
    assert_eq!(t.fire_modifier(FireMod::DefenderFlankInCloseCombat), -5);
    assert_eq!(t.fire_modifier(FireMod::Redoubt), -4);
    assert_eq!(t.fire_modifier(FireMod::TargetCavalry), 1);
    assert_eq!(t.fire_modifier(FireMod::UpSlope), -1);
    // Line target in a town at night: -2 + -3.
    assert_eq!(
        t.fire_modifier_total(&[FireMod::TargetProtectedTerrain, FireMod::Night]),
        -5
    );
    // Limbered and flank are one printed line: +3 once.
    assert_eq!(
        t.fire_modifier_total(&[FireMod::TargetLimbered, FireMod::Flank]),
        3
    );
    assert_eq!(
        t.fire_modifier_total(&[FireMod::TargetCavalry, FireMod::TargetMassed]),
        3
    );
    assert_eq!(t.cavalry_fire_modifier(CavFireMod::FirerHeavyOrMixed), 1);
    assert_eq!(t.cavalry_fire_modifier(CavFireMod::DefenderFlank), -5);
}

#[test]
fn r24_1e_cavalry_attack_table() {
    let t = tables();
    assert_eq!(
        t.cavalry_attack_fp(CavTarget::Other, CavLevel::A),
        Fp::whole(17)
    );
    assert_eq!(t.cavalry_attack_fp(CavTarget::Square, CavLevel::C), half());
    assert_eq!(
        t.cavalry_attack_fp(CavTarget::Cavalry, CavLevel::ABPlus),
        Fp::whole(6)
    );
}

#[test]
fn r25_4_combine_table() {
    let t = tables();
    use MoraleOutcome as O;
    use MoraleState as S;
    assert_eq!(t.combine(S::Shaken, O::BloodLust), S::BloodLust);
    assert_eq!(t.combine(S::Disorganized, O::BloodLust), S::Normal);
    assert_eq!(t.combine(S::Disorganized, O::Disorganized), S::Routed);
    assert_eq!(t.combine(S::Routed, O::BloodLust), S::Shaken);
    assert_eq!(t.combine(S::Normal, O::BloodLust), S::BloodLust);
    assert_eq!(t.combine(S::Disorganized, O::Shaken), S::Disorganized);
    assert_eq!(t.combine(S::Shaken, O::Shaken), S::Shaken);
    assert_eq!(t.combine(S::Routed, O::NoEffect), S::Routed);
}

#[test]
fn r25_morale_charts() {
    let t = tables();
    assert!(!t.blood_lust_ends(roll(43)));
    assert!(t.blood_lust_ends(roll(44)));
    assert_eq!(
        t.generic_morale(GenericUnit::HorseArtillery),
        MoraleRating::B
    );
    assert_eq!(
        t.generic_morale(GenericUnit::GuardArtillery),
        MoraleRating::A
    );
    assert_eq!(
        t.generic_morale(GenericUnit::OtherArtillery),
        MoraleRating::C
    );
    assert_eq!(
        t.generic_morale(GenericUnit::FrenchSkirmishers),
        MoraleRating::B
    );
    assert_eq!(
        t.generic_morale(GenericUnit::OtherSkirmishers),
        MoraleRating::C
    );
    let dg = t.state_effects(MoraleState::Disorganized);
    assert_eq!(
        (dg.fire, dg.movement, dg.close_combat),
        (FireEffect::HalfDown, MoveEffect::HalfUp, false)
    );
    assert_eq!(t.state_effects(MoraleState::Routed).fire, FireEffect::None);
    assert!(t.state_effects(MoraleState::BloodLust).close_combat);
    // Rally of routed: one die plus a leader's rating, 5 or more -> DG (25.5).
    let r = t.rally(MoraleState::Routed).unwrap();
    assert_eq!(r.to, MoraleState::Disorganized);
    assert_eq!(r.die_needed, Some(5));
    assert!(r.leader_adds);
    assert!(3 + 2 >= r.die_needed.unwrap() && 4 < r.die_needed.unwrap());
    assert!(
        t.rally(MoraleState::BloodLust)
            .unwrap()
            .blood_lust_check_when_adjacent
    );
    assert_eq!(t.rally(MoraleState::Normal), None);
    // Morale modifier lists.
    use MoraleList as L;
    assert_eq!(
        t.morale_modifier(L::ChargeResolution, MoraleMod::AttackingHeavyCavalry),
        Some(2)
    );
    assert_eq!(
        t.morale_modifier(L::Standard, MoraleMod::AttackingHeavyCavalry),
        None
    );
    assert_eq!(
        t.morale_modifier(L::Standard, MoraleMod::WreckedBrigade),
        Some(-2)
    );
    assert_eq!(
        t.morale_modifier(L::CloseCombat, MoraleMod::EliteDivision),
        Some(2)
    );
    assert_eq!(t.leader_morale_modifier(L::Standard, 0), Some(-1));
    assert_eq!(t.leader_morale_modifier(L::Standard, 3), Some(2));
    // The morale rows run A+3 .. bottom, with A three rows from the top.
    assert_eq!(t.morale_row(MoraleRating::A), 3);
    assert_eq!(t.morale_row(MoraleRating::E), 7);
    assert_eq!(
        t.morale_result(-5, roll(11)).state,
        MoraleOutcome::BloodLust
    );
}

#[test]
fn r21_straggler_tables() {
    let t = tables();
    let dg = t.straggler_modifier(StragglerMod::Disorganized);
    assert_eq!(t.stragglers(MoraleRating::C, 6 + dg), 2);
    assert_eq!(t.stragglers(MoraleRating::A, 5), 0);
    assert_eq!(t.stragglers(MoraleRating::E, 1), 1);
    let rwn = t.straggler_modifier(StragglerMod::RoutedWreckedOrNight);
    assert_eq!(t.stragglers(MoraleRating::D, 6 + rwn + 2), 3);
    // Recovery: A with a 1-rated leader (+0) stays on A; with no leader one row down.
    let a = t.recovery_row(MoraleRating::A);
    let leader_1 = t.leader_recovery_shift(1);
    assert_eq!(leader_1, 0);
    assert_eq!(t.leader_recovery_shift(3), 2);
    assert_eq!(t.straggler_recovery(a - leader_1, roll(44)), 1);
    assert_eq!(t.straggler_recovery(a - leader_1, roll(65)), 2);
    let b = a - i16::from(t.recovery_shift(RecoveryShift::NoLeader));
    assert_eq!(b, t.recovery_row(MoraleRating::B));
    assert_eq!(t.straggler_recovery(b, roll(54)), 1);
    assert_eq!(t.straggler_recovery(b, roll(65)), 1);
    assert_eq!(
        t.recovery_row(MoraleRating::D),
        t.recovery_row(MoraleRating::E)
    );
}

#[test]
fn r23_0f_odds() {
    let t = tables();
    // Column AA+ (12) + full skirmisher (2) against a line A (4) in a town (x2): 14:8 -> 1:1.
    let att = t.odds_strength(OddsFormation::Column, FireLevel::AA)
        + t.odds_strength_skirmisher(SkirmisherStrength::Full);
    assert_eq!(att, OddsStrength::whole(14));
    let def = OddsStrength(
        t.odds_strength(OddsFormation::Line, FireLevel::A).0
            * u32::from(t.odds_defender_multiplier()),
    );
    assert_eq!(def, OddsStrength::whole(8));
    let col = t.odds_column(att, def);
    assert_eq!(t.odds_column_ratio(col), (1, 1));
    assert_eq!(
        t.odds_strength(OddsFormation::Line, FireLevel::AAA),
        OddsStrength::whole(6)
    );
    assert_eq!(t.odds_strength_artillery(true), OddsStrength(1));
    assert_eq!(
        t.odds_column(OddsStrength::whole(1), OddsStrength::whole(9)),
        0
    );
    assert_eq!(
        t.odds_column(OddsStrength::whole(9), OddsStrength::whole(1)),
        4
    );
    // 3:1, die 2 -> half; extra die 4 -> attacker.
    assert_eq!(t.odds_result(3, 2), OddsResult::Half);
    assert_eq!(t.odds_half_result(4), OddsResult::Attacker);
    assert_eq!(t.odds_half_result(3), OddsResult::Defender);
    // 1:1, die 3 + 1 (defender wrecked) -> half.
    let drm = t.odds_drm(OddsDrm::DefenderWreckedBrigade);
    assert_eq!(t.odds_result(1, 3 + drm), OddsResult::Half);
    // 2:1, die 1 - 2 (attacker wrecked) -> the "1-" row -> defender.
    let drm = t.odds_drm(OddsDrm::AttackerWreckedBrigade);
    assert_eq!(t.odds_result(2, 1 + drm), OddsResult::Defender);
    assert_eq!(t.odds_result(0, 9), OddsResult::Attacker);
}

#[test]
fn r24_27_cavalry_and_guns() {
    let t = tables();
    assert_eq!(t.gun_loss(4), 1);
    assert_eq!(t.gun_loss(6), 3);
    assert_eq!(t.gun_loss(2), 0);
    assert_eq!(t.recall_needed(MoraleRating::C, 3), 4);
    assert_eq!(t.recall_needed(MoraleRating::E, 0), 6);
    assert_eq!(t.recall_modifier(RecallMod::BritishNotKgl), -1);
    let l4 = t.blown_modifier(BlownMod::LeaderRated4);
    assert!(t.blown_recovers(MoraleRating::D, 4 + l4));
    let w = t.blown_modifier(BlownMod::Wrecked);
    assert!(!t.blown_recovers(MoraleRating::A, 1 + w));
}

#[test]
fn r11_0a_movement_example() {
    // T1: a column (MA 8) that has spent 5 MP changes to line (cost 1, MA 5): 2 of 8 left
    // -> 2 x 5 / 8 = 1 MP in line, rounded down.
    let t = tables();
    let col_ma = t.ma(MoveClass::InfantryColumn);
    let line_ma = t.ma(MoveClass::InfantryLine);
    assert_eq!((col_ma, line_ma), (8, 5));
    assert_eq!(
        t.formation_change_cost(MoveClass::InfantryLine),
        MoveCost::whole(1)
    );
    let MoveCost::Halves(change) = t.formation_change_cost(MoveClass::InfantryColumn) else {
        panic!("a column may change formation");
    };
    let left = u32::from(col_ma) * 2 - 5 * 2 - u32::from(change);
    assert_eq!(left * u32::from(line_ma) / (u32::from(col_ma) * 2), 1);
    assert_eq!(
        t.formation_change_cost(MoveClass::LightCavalry),
        MoveCost::NotAllowed
    );
}

#[test]
fn r16_2_terrain_costs() {
    let t = tables();
    let line = MoveClass::InfantryLine;
    let clear = t.terrain_index("clear").unwrap();
    let forest = t.terrain_index("forest").unwrap();
    let town = t.terrain_index("town").unwrap();
    let lake = t.terrain_index("lake").unwrap();
    let swamp = t.terrain_index("swamp").unwrap();
    assert_eq!(t.terrain_index("nowhere"), None);
    assert_eq!(t.hex_cost(line, clear), MoveCost::whole(1));
    assert_eq!(t.hex_cost(line, forest), MoveCost::whole(3));
    assert_eq!(t.hex_cost(line, town), MoveCost::whole(2));
    assert_eq!(t.hex_cost(line, lake), MoveCost::Prohibited);
    let slope = t.feature_index("slope").unwrap();
    let ext = t.feature_index("extreme_slope").unwrap();
    let road = t.feature_index("primary_road").unwrap();
    let sec = t.feature_index("secondary_road").unwrap();
    let bridge = t.feature_index("bridge").unwrap();
    let tributary = t.feature_index("tributary").unwrap();
    assert_eq!(t.hexside_cost(line, slope), MoveCost::whole(2));
    assert_eq!(
        t.hexside_cost(MoveClass::InfantryColumn, slope),
        MoveCost::whole(1)
    );
    assert_eq!(
        t.hexside_cost(MoveClass::InfantryColumn, ext),
        MoveCost::whole(3)
    );
    assert_eq!(
        t.hexside_cost(MoveClass::Skirmisher, slope),
        MoveCost::whole(1)
    );
    assert_eq!(t.hexside_cost(line, ext), MoveCost::All);
    assert_eq!(t.hexside_cost(line, tributary), MoveCost::All);
    assert_eq!(t.road_cost(line, road), Some(MoveCost::NotAllowed));
    assert_eq!(
        t.road_cost(MoveClass::FootArtillery, sec),
        Some(MoveCost::whole(1))
    );
    assert_eq!(t.road_cost(line, slope), None);
    assert_eq!(t.hexside_cost(line, bridge), MoveCost::Prohibited);
    assert_eq!(
        t.hexside_cost(MoveClass::InfantryColumn, bridge),
        MoveCost::Halves(0)
    );
    assert!(t.cavalry_auto_dg(swamp) && t.no_charge_from(swamp));
    assert!(!t.cavalry_auto_dg(clear) && !t.no_charge_from(clear));
}
