//! Optional rule F-6.5 French Dragoons: the units that change mode (a), the conditions of a
//! change (b) and the losses carried over (c).

use super::*;
use crate::fontenoy::geometry::Hexes;
use crate::fontenoy::movement::{mode_groups, mode_losses};
use crate::fontenoy::state::Place;
use crate::fontenoy::types::Kind;
use alloc::format;
use alloc::string::String;

/// The mover of movement.rs (`1 AAA`, 6 SP, dismounted dragoons here) with its mounted counter
/// `AAA a` (8 SP) waiting off the map, and option 6.5 on.
fn dragoons() -> (Fontenoy, State, UnitId, UnitId) {
    let mut twin = None;
    let (mut r, s, u) = super::movement::mover(|w| {
        let mut info = World::info("AAA a", Side(0), Kind::Cavalry);
        info.sp = 8;
        info.mp = 7;
        info.regiment = Some("AAA".into());
        info.optional = true;
        twin = Some(w.push(info, None));
    });
    let sr = alloc::sync::Arc::make_mut(&mut r.scenario_rules);
    sr.options_on = alloc::vec!["6.5".into()];
    sr.modes = mode_groups(&r.units);
    (r, s, u, twin.expect("the mounted counter"))
}

fn refusal(r: &Fontenoy, s: &State, u: UnitId) -> String {
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s.clone(), &Action::ChangeMode { unit: u }, &mut ev)
        .unwrap_err();
    format!("{}: {}", e.rule, e.reason)
}

#[test]
fn f6_5b_c_a_dismounted_unit_mounts_in_its_hex_with_its_losses_doubled_and_does_not_move() {
    let (r, mut s, u, c) = dragoons();
    assert_eq!(r.scenario_rules.modes.len(), 1);
    s.unit_mut(u).sp = 4; // 2 SP lost
    assert!(legal(&r, &s).contains(&Action::ChangeMode { unit: u }));
    let ev = apply(&r, &mut s, Action::ChangeMode { unit: u });
    assert!(ev.contains(&Event::ModeChanged {
        from: alloc::vec![u],
        to: alloc::vec![c],
        mounted: true,
        lost_before: 2,
        lost_after: 4,
    }));
    assert_eq!(s.unit(u).place, Place::Waiting);
    // F-6.5b: its owner sets the new counter up (here in the common hex).
    let here = legal(&r, &s)
        .into_iter()
        .find(|a| matches!(a, Action::ModeSetUp { unit, to, .. } if *unit == c && to.hexes == Hexes::one(hex("S1010"))))
        .expect("a set-up in the common hex");
    apply(&r, &mut s, here);
    assert_eq!(s.unit(c).placed().map(|p| p.hex()), Some(hex("S1010")));
    assert_eq!(s.unit(c).sp, 4);
    // The new counter may not move, nor change back, in this activation.
    assert!(!legal(&r, &s).iter().any(|a| matches!(
        a,
        Action::Step { unit, .. } | Action::ChangeMode { unit } if *unit == c
    )));
}

#[test]
fn f6_5c_losses_halve_rounding_dismounting_and_double_mounting() {
    assert_eq!(mode_losses(3, false), 2); // 1.5 rounds to 2 (1.5b)
    assert_eq!(mode_losses(5, false), 3);
    assert_eq!(mode_losses(2, false), 1);
    assert_eq!(mode_losses(1, false), 1);
    assert_eq!(mode_losses(0, false), 0);
    assert_eq!(mode_losses(3, true), 6);
}

#[test]
fn f6_5b_no_change_disordered_shaken_after_moving_or_near_the_enemy() {
    let (r, s, u, _) = dragoons();
    let mut d = s.clone();
    d.unit_mut(u).disordered = true;
    assert!(
        refusal(&r, &d, u).starts_with("F-6.5b"),
        "{}",
        refusal(&r, &d, u)
    );
    assert!(!legal(&r, &d).contains(&Action::ChangeMode { unit: u }));
    let mut sh = s.clone();
    sh.unit_mut(u).morale = crate::fontenoy::types::Morale::Shaken;
    assert!(refusal(&r, &sh, u).starts_with("F-6.5b"));
    // After spending MP.
    let mut m = s.clone();
    let to = legal(&r, &m)
        .into_iter()
        .find_map(|a| match a {
            Action::Step { unit, to, .. } if unit == u => Some(to),
            _ => None,
        })
        .expect("a step");
    apply(
        &r,
        &mut m,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    );
    assert!(refusal(&r, &m, u).starts_with("F-6.5b"));
    // An enemy within 4 hexes.
    let mut e = s.clone();
    let enemy = (0..e.units.len() as UnitId)
        .find(|&x| r.units[usize::from(x)].side == Side(1) && r.units[usize::from(x)].is_combat())
        .expect("an Allied unit");
    if let Place::Map(p) = &mut e.unit_mut(enemy).place {
        *p = crate::fontenoy::geometry::Placed::at(hex("S1410"), p.facing);
    }
    assert!(
        refusal(&r, &e, u).contains("enemy"),
        "{}",
        refusal(&r, &e, u)
    );
    // Without the option.
    let (mut plain, s2, u2, _) = dragoons();
    alloc::sync::Arc::make_mut(&mut plain.scenario_rules)
        .options_on
        .clear();
    assert!(refusal(&plain, &s2, u2).starts_with("F-6.5a"));
}

#[test]
fn f6_5a_scenario_4_loads_the_provisional_other_mode_counters_with_the_option() {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let mut rs = lib.scenario("fontenoy/battle").expect("scenario 4");
    let plain = Fontenoy::new(&rs).expect("loads");
    assert!(plain.unit_index("fr-mdc-m-a").is_none());
    assert!(plain.scenario_rules.modes.is_empty());
    let mut o = serde_json::Map::new();
    o.insert("6.5".into(), serde_json::Value::Bool(true));
    rs.scenario
        .rules
        .insert("options".into(), serde_json::Value::Object(o));
    let r = Fontenoy::new(&rs).expect("loads with 6.5");
    let mdc = r.unit_index("fr-mdc").expect("MDC");
    let twins = [r.unit_index("fr-mdc-m-a"), r.unit_index("fr-mdc-m-b")];
    let g = r
        .scenario_rules
        .modes
        .iter()
        .find(|g| g.dismounted.contains(&mdc))
        .expect("MDC changes mode");
    assert_eq!(
        g.mounted,
        twins.map(|t| t.expect("a mounted MDC counter")).to_vec()
    );
    // In MDC's Division.
    assert_eq!(
        r.org.division_of[usize::from(mdc)],
        r.org.division_of[usize::from(g.mounted[0])]
    );
    // Provisional data: strict mode refuses it.
    let set = rs
        .counters
        .iter()
        .find(|c| c.id == "fontenoy/french")
        .expect("the French counters");
    let c = set.counter("fr-mdc-m-a").expect("the counter");
    assert!(c.provenance.as_ref().is_some_and(|p| p.is_provisional()));
    assert!(lib.check_strict().is_err());
    // The Carabiniers (five squadrons) dismount as two counters; EGD as one.
    let car = r.unit_index("fr-car-a").expect("CAR a");
    let g = r
        .scenario_rules
        .modes
        .iter()
        .find(|g| g.mounted.contains(&car))
        .expect("CAR");
    assert_eq!((g.mounted.len(), g.dismounted.len()), (5, 2));
}

#[test]
fn f6_5b_the_owner_sets_up_the_new_counter_in_any_formation_in_or_next_to_the_common_hex() {
    let (r, mut s, u, c) = dragoons();
    apply(&r, &mut s, Action::ChangeMode { unit: u });
    assert_eq!(
        s.steps.last(),
        Some(&crate::fontenoy::state::Step::ModeSetUp {
            unit: c,
            common: hex("S1010")
        })
    );
    assert_eq!(s.unit(c).place, Place::Waiting);
    let l = legal(&r, &s);
    assert!(
        l.iter()
            .all(|a| matches!(a, Action::ModeSetUp { unit, .. } if *unit == c))
    );
    let near = hex("S1010").neighbors()[2];
    let formations = |hs: &[Hex]| -> Vec<Formation> {
        l.iter()
            .filter_map(|a| match a {
                Action::ModeSetUp { formation, to, .. } if to.hexes.as_slice() == hs => {
                    Some(*formation)
                }
                _ => None,
            })
            .collect()
    };
    // Any formation cavalry may take, in the common hex or next to it.
    for h in [hex("S1010"), near] {
        let f = formations(&[h]);
        assert!(f.contains(&Formation::Line) && f.contains(&Formation::MarchColumn));
    }
    // 8 SP of cavalry may also form two hexes over the common hex and one next to it.
    assert!(l.iter().any(|a| matches!(a, Action::ModeSetUp { to, .. }
        if to.hexes.len() == 2 && to.hexes.contains(hex("S1010")))));
    // Not two hexes off.
    let far = near.neighbors()[2];
    let bad = Action::ModeSetUp {
        unit: c,
        formation: Formation::Line,
        to: Placed::at(far, Facing::new(1).unwrap()),
    };
    let mut ev = Vec::new();
    let e = r.apply(&mut s.clone(), &bad, &mut ev).unwrap_err();
    assert_eq!(e.rule, "F-6.5b");
    let pick = l
        .iter()
        .find(|a| matches!(a, Action::ModeSetUp { formation: Formation::MarchColumn, to, .. } if to.hexes == Hexes::one(near)))
        .cloned()
        .unwrap();
    let ev = apply(&r, &mut s, pick.clone());
    let Action::ModeSetUp { to, .. } = pick else {
        unreachable!()
    };
    assert!(ev.contains(&Event::ModeSetUp {
        unit: c,
        hex: near,
        formation: Formation::MarchColumn,
        facing: to.facing.index(),
    }));
    assert_eq!(s.unit(c).formation, Formation::MarchColumn);
    assert_eq!(s.unit(c).placed(), Some(&to));
    assert!(s.steps.is_empty());
}

#[test]
fn f6_5b_r8_1a_a_new_counter_takes_two_hexes_only_with_the_sp_for_them() {
    let (r, mut s, u, c) = dragoons();
    // 1 SP lost, 2 once mounted: 6 SP of cavalry hold one hex only (8.1a: 4 SP a hex).
    s.unit_mut(u).sp = 5;
    apply(&r, &mut s, Action::ChangeMode { unit: u });
    assert_eq!(s.unit(c).sp, 6);
    let l = legal(&r, &s);
    assert!(!l.is_empty());
    assert!(
        l.iter()
            .all(|a| matches!(a, Action::ModeSetUp { to, .. } if to.hexes.len() == 1))
    );
}
