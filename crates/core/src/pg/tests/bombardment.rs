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
