//! 8 bombardment: eligibility, 8.1 targets, 8.3 strength and resolution.

use super::*;

fn offensive_bombardment(t: &mut T) {
    t.s.phase = Phase::OffensiveBombardment;
    t.s.bombard = None;
    t.s.bombarded.clear();
    t.s.pending.clear();
}

/// T-16 (8.1 example, Leuthen): enemy in 3106, friendly unit in 3107. Artillery in 3207 may
/// fire at 3106 (adjacent to the target and to the friendly unit); artillery in 3305 may not
/// (2 hexes from the target, 3 from the friendly unit), though 3106 is within its range.
#[test]
fn r8_1_t16_no_close_overhead_fire() {
    let mut t = T::new();
    t.clear();
    t.put("C-A", "3106");
    t.put("P-A", "3107");
    t.put("P-ART", "3207");
    t.put("P-ART2", "3305");
    offensive_bombardment(&mut t);
    let target = Action::BombardTarget { hex: t.hex("3106") };
    assert!(t.legal().contains(&target));
    t.apply(target.clone());
    let legal = t.legal();
    assert!(legal.contains(&Action::AddBattery { unit: t.u("P-ART") }));
    assert!(!legal.contains(&Action::AddBattery {
        unit: t.u("P-ART2")
    }));
    let e = t.refuse(Action::AddBattery {
        unit: t.u("P-ART2"),
    });
    assert_eq!(e.rule, "8.1");
    // Without the battery in 3207, 3106 is no target at all.
    let mut u = T::new();
    u.clear();
    u.put("C-A", "3106");
    u.put("P-A", "3107");
    u.put("P-ART2", "3305");
    offensive_bombardment(&mut u);
    assert_eq!(u.hex("3305").distance(u.hex("3106")), 2);
    assert!(!u.legal().contains(&target));
    assert_eq!(u.refuse(target).rule, "8.1");
    // With no friendly unit next to it, 3106 is a legal target at 2 hexes.
    let p = u.u("P-A");
    u.s.units[usize::from(p)].off = Off::Waiting;
    assert!(
        u.legal()
            .contains(&Action::BombardTarget { hex: u.hex("3106") })
    );
}

/// 8.1: artillery adjacent to enemy units may fire only at those units.
#[test]
fn r8_1_adjacent_artillery_fires_only_at_adjacent_enemy() {
    let mut t = T::new();
    t.clear();
    t.put("C-A", "3106");
    t.put("C-B", "3209");
    t.put("P-ART", "3207");
    offensive_bombardment(&mut t);
    assert_eq!(t.hex("3207").distance(t.hex("3209")), 2);
    let legal = t.legal();
    assert!(legal.contains(&Action::BombardTarget { hex: t.hex("3106") }));
    assert!(!legal.contains(&Action::BombardTarget { hex: t.hex("3209") }));
}

/// 8: only artillery above all inf/cav in its hex, not In Column, not Routed and that did
/// not move this Player Turn may bombard.
#[test]
fn r8_eligible_artillery() {
    let mut t = T::new();
    t.clear();
    t.put("C-A", "3106");
    t.put("P-ART", "3207");
    offensive_bombardment(&mut t);
    let target = Action::BombardTarget { hex: t.hex("3106") };
    assert!(t.legal().contains(&target));
    let a = t.u("P-ART");
    for change in 0..4 {
        let mut u = T {
            pg: t.pg.clone(),
            s: t.s.clone(),
        };
        match change {
            0 => {
                u.put("P-A", "3207"); // now above the artillery
            }
            1 => u.s.units[usize::from(a)].in_column = true,
            2 => u.s.units[usize::from(a)].morale = Morale::Routed,
            _ => u.s.units[usize::from(a)].art_moved = true,
        }
        assert!(!u.legal().contains(&target), "case {change}");
    }
}

/// T-23 (8.3): a total Bombardment Strength of 1 has no column: no table, no die roll.
#[test]
fn r8_3_t23_strength_one_no_roll() {
    let mut t = T::new();
    t.clear();
    t.put("C-A", "1305");
    t.put("P-ART3", "1005"); // BS 3-2-1
    offensive_bombardment(&mut t);
    assert_eq!(t.hex("1005").distance(t.hex("1305")), 3);
    t.apply(Action::BombardTarget { hex: t.hex("1305") });
    t.apply(Action::AddBattery {
        unit: t.u("P-ART3"),
    });
    let ev = t.apply(Action::Fire);
    assert!(
        has(&ev, |e| matches!(
            e,
            Event::Bombardment {
                strength: 1,
                roll: 0,
                ..
            }
        )),
        "{}",
        dump(&ev)
    );
    assert_eq!(t.actor(), Actor::Player(PRUSSIAN), "no die is rolled");
    assert!(
        t.s.bombarded.contains(&t.hex("1305")),
        "the hex was bombarded"
    );
    assert_eq!(t.unit("C-A").steps, 2);
    assert!(t.unit("P-ART3").fired);
}

/// 8.3: the strengths of all firing units are summed, each at its own range; 2 or more is
/// rolled on the table.
#[test]
fn r8_3_strengths_are_summed() {
    let mut t = T::new();
    t.clear();
    t.put("C-A", "1305");
    t.put("P-ART3", "1005"); // 1 at 3 hexes
    t.put("P-ART", "1106"); // 3 at 2 hexes
    offensive_bombardment(&mut t);
    assert_eq!(t.hex("1106").distance(t.hex("1305")), 2);
    t.apply(Action::BombardTarget { hex: t.hex("1305") });
    t.apply(Action::AddBattery {
        unit: t.u("P-ART3"),
    });
    t.apply(Action::AddBattery { unit: t.u("P-ART") });
    t.apply(Action::Fire);
    assert!(matches!(t.actor(), Actor::Chance(_)));
    let ev = t.apply(roll(1));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Bombardment { strength: 4, .. }
    )));
}

/// Fires `battery` at `target` in the current bombardment phase, rolling `r` if a die is
/// needed, and drops the losses that follow (the tests below look at the limits only; they
/// put the target units back where they were).
fn fire_at(t: &mut T, target: &str, battery: &str, r: u32) {
    t.apply(Action::BombardTarget { hex: t.hex(target) });
    t.apply(Action::AddBattery { unit: t.u(battery) });
    t.apply(Action::Fire);
    if matches!(t.actor(), Actor::Chance(_)) {
        t.apply(roll(r));
    }
    t.s.pending.clear();
    t.s.bombard = None;
}

/// Moves on to the Coalition player turn's Defensive Bombardment Phase (8.5), where the
/// Prussian artillery fires.
fn coalition_turn_defensive_bombardment(t: &mut T) {
    t.s.active = COALITION;
    let mut ev = Vec::new();
    t.pg.begin_bombardment(&mut t.s, true, &mut ev);
}

/// 8, 3.0: "Turn" is the game turn, so a battery that fired in its Offensive Bombardment may
/// not fire again in the Defensive Bombardment of the same game turn, and a hex bombarded
/// once is not bombarded again that game turn; both limits end with the turn (14).
#[test]
fn r8_battery_fires_once_per_game_turn() {
    let mut t = T::new();
    assert!(
        !t.pg.params.bombard_each_phase,
        "the default is the game-turn reading"
    );
    t.clear();
    t.put("C-A", "3106");
    t.put("C-B", "3208");
    t.put("P-ART", "3207");
    offensive_bombardment(&mut t);
    fire_at(&mut t, "3106", "P-ART", 1);
    t.put("C-A", "3106");
    assert!(t.unit("P-ART").fired);
    // The Coalition player turn: C-B is adjacent to P-ART, which already fired this turn.
    coalition_turn_defensive_bombardment(&mut t);
    assert_eq!(t.s.phase, Phase::DefensiveBombardment);
    let target = Action::BombardTarget { hex: t.hex("3208") };
    assert!(!t.legal().contains(&target), "{:?}", t.legal());
    assert_eq!(t.refuse(target).rule, "8");
    // A second battery beside 3106 may not bombard that hex again this turn.
    t.put("P-ART2", "3107");
    assert_eq!(t.hex("3107").distance(t.hex("3106")), 1);
    let again = Action::BombardTarget { hex: t.hex("3106") };
    assert!(!t.legal().contains(&again));
    let e = t.refuse(again);
    assert_eq!(e.rule, "8");
    assert!(e.reason.contains("once per Turn"), "{}", e.reason);
    // It may fire at C-B, which no one bombarded.
    assert!(
        t.legal()
            .contains(&Action::BombardTarget { hex: t.hex("3208") })
    );
    // The next game turn lifts both limits.
    let mut ev = Vec::new();
    t.pg.end_turn(&mut t.s, &mut ev);
    assert!(!t.unit("P-ART").fired);
    assert!(t.s.bombarded.is_empty());
}

/// 8, option `bombard_once_per: "phase"`: the limits restart with every bombardment phase, so
/// the battery fires again in the Defensive Bombardment of the same game turn, at the same
/// hex as before.
#[test]
fn r8_option_bombard_once_per_phase() {
    let mut t = T::new();
    t.pg.params.bombard_each_phase = true;
    t.clear();
    t.put("C-A", "3106");
    t.put("P-ART", "3207");
    offensive_bombardment(&mut t);
    fire_at(&mut t, "3106", "P-ART", 1);
    t.put("C-A", "3106");
    // Within the phase the limits hold.
    assert!(
        !t.legal()
            .contains(&Action::BombardTarget { hex: t.hex("3106") })
    );
    coalition_turn_defensive_bombardment(&mut t);
    assert!(!t.unit("P-ART").fired);
    let target = Action::BombardTarget { hex: t.hex("3106") };
    assert!(t.legal().contains(&target), "{:?}", t.legal());
    t.apply(target);
    assert!(
        t.legal()
            .contains(&Action::AddBattery { unit: t.u("P-ART") })
    );
}

/// 8: the option is read from the scenario's rules; a misspelt value is refused naming it.
#[test]
fn r8_option_bombard_once_per_is_read_from_the_scenario() {
    let lib = super::library();
    let mut sc = lib.scenario("pg/rules").unwrap_or_else(|e| panic!("{e:?}"));
    sc.scenario
        .rules
        .insert("bombard_once_per".into(), serde_json::json!("phase"));
    assert!(
        Pg::new(&sc)
            .unwrap_or_else(|e| panic!("{e:?}"))
            .params
            .bombard_each_phase
    );
    sc.scenario
        .rules
        .insert("bombard_once_per".into(), serde_json::json!("game_turn"));
    assert!(
        !Pg::new(&sc)
            .unwrap_or_else(|e| panic!("{e:?}"))
            .params
            .bombard_each_phase
    );
    sc.scenario
        .rules
        .insert("bombard_once_per".into(), serde_json::json!("player"));
    let e = Pg::new(&sc).err().unwrap_or_else(|| panic!("accepted"));
    assert!(format!("{e:?}").contains("bombard_once_per"), "{e:?}");
}

/// 8: a battery that fired refuses to join another bombardment, citing 8 (one hex per Turn).
#[test]
fn r8_refusal_battery_already_fired() {
    let mut t = T::new();
    t.clear();
    t.put("C-A", "3106");
    t.put("C-B", "3208");
    t.put("P-ART", "3207");
    t.put("P-ART2", "3307");
    offensive_bombardment(&mut t);
    fire_at(&mut t, "3106", "P-ART", 1);
    t.put("C-A", "3106");
    t.apply(Action::BombardTarget { hex: t.hex("3208") });
    let e = t.refuse(Action::AddBattery { unit: t.u("P-ART") });
    assert_eq!(e.rule, "8");
    assert!(e.reason.contains("one hex per Turn"), "{}", e.reason);
}

/// 8.5: defensive bombardment is only at adjacent units; a target two hexes away is refused
/// citing 8.5, where the same shot is an 8.1-legal offensive bombardment.
#[test]
fn r8_5_refusal_defensive_bombardment_beyond_adjacent() {
    let mut t = T::new();
    t.clear();
    t.put("C-A", "1305");
    t.put("P-ART", "1106");
    assert_eq!(t.hex("1106").distance(t.hex("1305")), 2);
    offensive_bombardment(&mut t);
    let target = Action::BombardTarget { hex: t.hex("1305") };
    assert!(t.legal().contains(&target));
    coalition_turn_defensive_bombardment(&mut t);
    assert!(!t.legal().contains(&target));
    assert_eq!(t.refuse(target).rule, "8.5");
}

/// 8.1 and 8.2: range, the adjacent-enemy rule and a blocked line each cite their own rule.
#[test]
fn r8_1_r8_2_refusals_name_the_rule() {
    // 8.1: the guns next to C-A may fire only at it.
    let mut t = T::new();
    t.clear();
    t.put("C-A", "3106");
    t.put("C-B", "3209");
    t.put("P-ART", "3207");
    offensive_bombardment(&mut t);
    let e = t.refuse(Action::BombardTarget { hex: t.hex("3209") });
    assert_eq!(e.rule, "8.1");
    assert!(e.reason.contains("next to enemy"), "{}", e.reason);
    // 8.2: a unit on the line between guns and target blocks the shot.
    let mut u = T::new();
    u.clear();
    u.put("C-A", "1305");
    u.put("P-ART3", "1005");
    offensive_bombardment(&mut u);
    let target = Action::BombardTarget { hex: u.hex("1305") };
    assert!(u.legal().contains(&target));
    for h in ["1205", "1105"] {
        let mut v = T {
            pg: u.pg.clone(),
            s: u.s.clone(),
        };
        v.put("C-B", h);
        if v.pg.clear_los(&v.s, v.hex("1005"), v.hex("1305")) {
            continue;
        }
        assert_eq!(v.refuse(target.clone()).rule, "8.2", "blocker in {h}");
        return;
    }
    panic!("no blocking hex found on the line 1005-1305");
}
