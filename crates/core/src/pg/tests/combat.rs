//! 10 close combat: odds and SP limits (10.3), flank attacks and supported defenses
//! (10.1.1), terrain and cavalry shock DRMs (10.5), exchanges and the LP limits (10.8.1,
//! 10.8.2, 10.8.3.4), withdrawal (10.2).

use alloc::string::String;
use alloc::vec::Vec;

use super::*;
use crate::pg::Stage;

/// Declares a close combat of the Prussian units in `att` against the hexes `def`.
fn declare(t: &mut T, att: &[&str], def: &[&str]) -> Vec<Event> {
    t.start_combat();
    let mut ev = t.apply(Action::Attack { hex: t.hex(def[0]) });
    for a in att {
        ev.extend(t.apply(Action::AddAttacker { hex: t.hex(a) }));
    }
    for d in &def[1..] {
        ev.extend(t.apply(Action::AddDefender { hex: t.hex(d) }));
    }
    ev.extend(t.apply(Action::Resolve));
    ev
}

fn stage(t: &T) -> Option<Stage> {
    t.s.combat.as_ref().map(|c| c.stage)
}

/// Plays the combat to its die roll: no withdrawal, the lead units named in `leads` (where
/// there is a choice), the terrain pair given (or the first offered), then `die`.
fn resolve(t: &mut T, leads: &[&str], terrain: Option<(&str, &str)>, die: u32) -> Vec<Event> {
    let mut ev = Vec::new();
    loop {
        let a = match stage(t) {
            Some(Stage::Withdrawal) => Action::NoWithdraw,
            Some(Stage::LeadAttacker | Stage::LeadDefender) => {
                let legal = t.legal();
                leads
                    .iter()
                    .map(|id| Action::Lead { unit: t.u(id) })
                    .find(|a| legal.contains(a))
                    .unwrap_or_else(|| legal[0].clone())
            }
            Some(Stage::Terrain) => match terrain {
                Some((a, d)) => Action::Terrain {
                    attacker: t.hex(a),
                    defender: t.hex(d),
                },
                None => t.legal()[0].clone(),
            },
            Some(Stage::Roll) => {
                ev.extend(t.apply(roll(die)));
                // 10.7 comes before the results (10.8): leaders in the hexes roll 1, unhurt.
                while matches!(
                    t.s.pending.last(),
                    Some(crate::pg::state::Pending::LeaderCheck { .. })
                ) {
                    ev.extend(t.apply(roll(1)));
                }
                return ev;
            }
            other => panic!("combat not at its roll: {other:?}"),
        };
        ev.extend(t.apply(a));
    }
}

/// The CloseCombat event: (attacker SP, defender SP, odds, DRM, result).
fn combat_event(ev: &[Event]) -> (u16, u16, String, i8, String) {
    ev.iter()
        .find_map(|e| match e {
            Event::CloseCombat {
                attacker_sp,
                defender_sp,
                odds,
                drm,
                result,
                ..
            } => Some((
                *attacker_sp,
                *defender_sp,
                odds.clone(),
                *drm,
                result.clone(),
            )),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no close combat event:\n{}", dump(ev)))
}

fn lp_events(ev: &[Event]) -> Vec<(Side, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::LossPoints { side, lp } => Some((*side, *lp)),
            _ => None,
        })
        .collect()
}

/// A fresh position with the uniform CRT `cell` and only the rulebook's DRMs.
fn battle(cell: &str) -> T {
    let mut t = T::new();
    uniform_crt(&mut t.pg, cell);
    rulebook_drms_only(&mut t.pg);
    t.clear();
    t
}

/// One attacking hex against one defending hex, resolved with a 1: the CloseCombat event.
fn one_on_one(t: &mut T, att: &str, def: &str) -> (u16, u16, String, i8, String) {
    declare(t, &[att], &[def]);
    combat_event(&resolve(t, &[], None, 1))
}

/// T-25 (10.3 ratio examples): 5 SP against 4 is 1-1; 4 against 5 is 1-2; 7 against 4 is
/// 3-2 (rounded in the defender's favour).
#[test]
fn r10_3_t25_ratio_examples() {
    let cases = [
        ("P-C", "C-B", 2, "1-1"),    // 5 vs 4
        ("P-CUIR", "C-D", 2, "1-2"), // 4 vs 5 (the 8-5-3 at 2 steps: 5-4-3)
        ("P-A", "C-B", 2, "3-2"),    // 7 vs 4
    ];
    for (att, def, steps, odds) in cases {
        let mut t = battle("-/-");
        t.put(att, "1505");
        t.put(def, "1605");
        t.set_steps(def, steps);
        let (a, d, o, _, _) = one_on_one(&mut t, "1505", "1605");
        assert_eq!(o, odds, "{a} vs {d}");
    }
}

/// T-26 (10.3 limit example): two Prussian 2-step 5-5-3s stacked count 8 SP, not 10.
#[test]
fn r10_3_t26_two_553_count_eight() {
    let mut t = battle("-/-");
    t.put("P-C", "1505");
    t.put("P-D", "1505");
    t.put("C-D", "1605");
    let (a, d, odds, _, _) = one_on_one(&mut t, "1505", "1605");
    assert_eq!((a, d, odds.as_str()), (8, 8, "1-1"));
}

/// 10.3 (digest §6.4 item 8, reading): the caps are per hex and per arm, 8 SP of infantry and
/// 6 of cavalry.
#[test]
fn r10_3_cavalry_cap_six_and_arms_capped_apart() {
    let mut t = battle("-/-");
    t.put("P-CUIR", "1505");
    t.put("P-DRA1", "1505");
    t.put("C-D", "1605");
    assert_eq!(one_on_one(&mut t, "1505", "1605").0, 6, "4 + 4 cavalry SP");
    let mut t = battle("-/-");
    t.put("P-DRA1", "1505");
    t.put("P-C", "1505");
    t.put("C-D", "1605");
    assert_eq!(
        one_on_one(&mut t, "1505", "1605").0,
        9,
        "5 infantry + 4 cavalry"
    );
}

/// T-27 (10.5 example): an attack from clear into a town is at -1.
#[test]
fn r10_5_t27_clear_into_town_minus_one() {
    let mut t = battle("-/-");
    t.put("P-A", "0905");
    t.put("C-B", "1005");
    assert_eq!(one_on_one(&mut t, "0905", "1005").3, -1);
}

/// T-28 (10.5, 10.5.1 example): a cavalry attack from woods into clear is at -4; with the
/// attacker's hex woods, no shock (the cuirassiers' 2 against hussars' 0 would be +2).
#[test]
fn r10_5_t28_cavalry_from_woods_into_clear_minus_four_no_shock() {
    let mut t = battle("-/-");
    t.put("P-CUIR", "0904");
    t.put("C-HUS", "0903");
    assert_eq!(one_on_one(&mut t, "0904", "0903").3, -4);
    // From clear, the same attack has its shock: +2.
    let mut t = battle("-/-");
    t.put("P-CUIR", "0905");
    t.put("C-HUS", "0805");
    assert_eq!(t.hex("0905").distance(t.hex("0805")), 1);
    assert_eq!(one_on_one(&mut t, "0905", "0805").3, 2);
}

/// T-29 (10.5 example): infantry from clear and cavalry from woods into a town: -1, because
/// the attacker selects the clear hex; selecting the woods would give -4.
#[test]
fn r10_5_t29_attacker_selects_the_clear_hex() {
    for (pair, drm) in [(("0905", "1005"), -1), (("0904", "1005"), -4)] {
        let mut t = battle("-/-");
        t.put("P-A", "0905");
        t.put("P-CUIR", "0904");
        t.put("C-B", "1005");
        declare(&mut t, &["0905", "0904"], &["1005"]);
        let ev = resolve(&mut t, &["P-A"], Some(pair), 1);
        assert_eq!(combat_event(&ev).3, drm, "{pair:?}");
    }
}

/// T-30 (10.5 example): as T-29 with an entrenchment between the clear and town hexes: -3.
#[test]
fn r10_5_t30_entrenchment_makes_minus_three() {
    for (pair, drm) in [(("0908", "1008"), -3), (("0907", "1008"), -4)] {
        let mut t = battle("-/-");
        t.put("P-A", "0908");
        t.put("P-CUIR", "0907");
        t.put("C-B", "1008");
        declare(&mut t, &["0908", "0907"], &["1008"]);
        let ev = resolve(&mut t, &["P-A"], Some(pair), 1);
        assert_eq!(combat_event(&ev).3, drm, "{pair:?}");
    }
    // An entrenchment counted in the terrain DRM forbids shock: cuirassiers against hussars
    // across one between two clear hexes get its -2 and not their +2.
    let mut t = battle("-/-");
    t.put("P-CUIR", "2208");
    t.put("C-HUS", "2308");
    assert_eq!(one_on_one(&mut t, "2208", "2308").3, -2);
}

/// T-31 (10.5.1 shock example): a cuirassier (2) and two dragoons (1 each) attack a hussar
/// (0): 4 points over 3 units, 1.33, rounds to 1; the defender's 0; shock DRM +1.
#[test]
fn r10_5_1_t31_cuirassier_and_two_dragoons_plus_one() {
    let mut t = battle("-/-");
    t.put("P-CUIR", "2406");
    t.put("P-DRA1", "2406");
    t.put("P-DRA2", "2407");
    t.put("C-HUS", "2506");
    declare(&mut t, &["2406", "2407"], &["2506"]);
    let ev = resolve(&mut t, &["P-DRA2"], None, 1);
    assert_eq!(combat_event(&ev).3, 1);
    // Disordered cavalry never counts its shock points: with the cuirassiers Disordered the
    // dragoons average 1.
    let mut t = battle("-/-");
    t.put("P-CUIR", "2406");
    t.set_morale("P-CUIR", Morale::Disordered);
    t.put("P-DRA2", "2407");
    t.put("C-HUS", "2506");
    declare(&mut t, &["2406", "2407"], &["2506"]);
    let ev = resolve(&mut t, &["P-DRA2"], None, 1);
    assert_eq!(combat_event(&ev).3, 1);
    // No shock against Formed infantry.
    let mut t = battle("-/-");
    t.put("P-CUIR", "2406");
    t.put("C-B", "2506");
    assert_eq!(one_on_one(&mut t, "2406", "2506").3, 0);
}

/// Prussian 3-step and 2-step units (1505, 1506) against Austrian 4-step and 2-step units
/// (1606, 1406), each hex adjacent to every enemy hex.
fn exchange(cell: &str) -> (T, Vec<Event>) {
    let mut t = battle(cell);
    t.put("P-A", "1505");
    t.put("P-C", "1506");
    t.put("C-D", "1606");
    t.put("C-A", "1406");
    let mut ev = declare(&mut t, &["1505", "1506"], &["1606", "1406"]);
    ev.extend(resolve(&mut t, &["P-A", "C-D"], None, 1));
    (t, ev)
}

/// T-35 (10.8.2 example): 3 + 2 Prussian steps against 4 + 2 Austrian steps, Ex/Ex: 5 / 4 =
/// 1.25, 1 Austrian LP; 6 / 4 = 1.5, rounded up, 2 Prussian LP.
#[test]
fn r10_8_2_t35_exchange_example() {
    let (t, ev) = exchange("Ex/Ex");
    // The Austrian lead's step loss is its one choice, taken at once; then the Prussians'.
    assert_eq!(lp_events(&ev), [(COALITION, 1), (PRUSSIAN, 2)]);
    assert_eq!(t.unit("C-D").steps, 3);
    // The Prussian lead's first step likewise; one Prussian LP is left to assign.
    assert_eq!(t.unit("P-A").steps, 2);
    assert_eq!(t.loss_task().map(|k| (k.side, k.lp)), Some((PRUSSIAN, 1)));
}

/// T-36 (10.8.2, derived): Ex+1 with 5 enemy contributing steps is 2 LP.
#[test]
fn r10_8_2_t36_exchange_plus_one() {
    let (_, ev) = exchange("-/Ex+1");
    assert_eq!(lp_events(&ev), [(COALITION, 2)]);
}

/// T-36 (10.8.2, derived): Exr with 6 enemy contributing steps is 2 LP, then an "r".
#[test]
fn r10_8_2_t36_exchange_r() {
    let mut t = battle("-/Exr");
    t.put("P-B", "1505");
    t.put("P-C", "1506");
    let d = t.put("C-D", "1606");
    declare(&mut t, &["1505", "1506"], &["1606"]);
    let ev = resolve(&mut t, &["P-B"], None, 1);
    assert_eq!(lp_events(&ev), [(COALITION, 2)]);
    // LP 1 was the required step (taken at once); LP 2: a second step (MR 5 -> 4), then "r".
    assert_eq!(t.unit("C-D").steps, 3);
    let mut ev = t.apply(Action::StepLoss { unit: d });
    while let Some(Pending::Retreat(_)) = t.s.pending.last() {
        let a = t.legal()[0].clone();
        ev.extend(t.apply(a));
    }
    assert_eq!(t.unit("C-D").steps, 2);
    assert_eq!(t.unit("C-D").morale, Morale::Disordered, "{}", dump(&ev));
    assert!(has(
        &ev,
        |e| matches!(e, Event::Morale { rule, .. } if rule.0 == "10.8.3.3")
    ));
}

/// T-37 (10.8.1, derived): a side cannot inflict more LP than its steps that contributed SP:
/// 2 attacking steps, a "3" result, 2 LP.
#[test]
fn r10_8_1_t37_lp_capped_by_contributing_steps() {
    let mut t = battle("-/3");
    t.put("P-C", "1505");
    t.put("C-D", "1605");
    declare(&mut t, &["1505"], &["1605"]);
    let ev = resolve(&mut t, &[], None, 1);
    assert_eq!(lp_events(&ev), [(COALITION, 2)]);
}

/// T-38 (10.8.3.4, derived): "(2)" against a hex with Supporting units is 1 LP; without, 2.
#[test]
fn r10_8_3_4_t38_parenthesised_lp_reduced_by_supporting_units() {
    for (support, lp) in [(true, 1), (false, 2)] {
        let mut t = battle("-/(2)");
        t.put("P-B", "1505");
        if support {
            t.put("C-C", "1605");
        }
        t.put("C-B", "1605");
        t.put("C-A", "1605");
        declare(&mut t, &["1505"], &["1605"]);
        let ev = resolve(&mut t, &["C-A"], None, 1);
        assert_eq!(lp_events(&ev), [(COALITION, lp)], "support {support}");
    }
}

/// T-39 (10.1.1, derived): a single defending non-town hex surrounded by the attackers and
/// their ZOC, with no Supporting units: Flank Attack, +3.
#[test]
fn r10_1_1_t39_flank_attack_plus_three() {
    let mut t = battle("-/-");
    t.put("P-B", "1505");
    t.put("P-A", "1507");
    t.put("C-A", "1506");
    declare(&mut t, &["1505", "1507"], &["1506"]);
    assert!(t.s.combat.as_ref().is_some_and(|c| c.flank && !c.supported));
    let ev = resolve(&mut t, &["P-B"], None, 1);
    assert_eq!(combat_event(&ev).3, 3);
    // Units not in the combat do not surround: P-A stays out of it.
    let mut t = battle("-/-");
    t.put("P-B", "1505");
    t.put("P-A", "1507");
    t.put("C-A", "1506");
    declare(&mut t, &["1505"], &["1506"]);
    assert!(t.s.combat.as_ref().is_some_and(|c| !c.flank));
    // A town is never flanked.
    let mut t = battle("-/-");
    t.put("P-B", "1004");
    t.put("P-A", "1006");
    t.put("C-A", "1005");
    declare(&mut t, &["1004", "1006"], &["1005"]);
    let ev = resolve(&mut t, &["P-B"], None, 1);
    assert_eq!(combat_event(&ev).3, -1, "only the town's -1");
}

/// T-39 (10.1.1, derived): surrounded with Supporting units: Supported Defense; the defender
/// adds up to 4 Supporting steps' SP (capped apart from the Engaged units'), no flank DRM, and
/// +1 LP to both sides.
#[test]
fn r10_1_1_t39_supported_defense() {
    let mut t = battle("1/1");
    t.put("P-B", "1505");
    t.put("P-A", "1507");
    t.put("C-E", "1506"); // 4 steps: does not fit beside C-C in the 4 Supporting steps
    t.put("C-C", "1506");
    t.put("C-B", "1506");
    t.put("C-A", "1506");
    declare(&mut t, &["1505", "1507"], &["1506"]);
    assert!(t.s.combat.as_ref().is_some_and(|c| c.supported && !c.flank));
    let mut ev = resolve(&mut t, &["P-B", "C-A"], None, 1);
    let (a, d, _, drm, _) = combat_event(&ev);
    assert_eq!((a, d, drm), (15, 3 + 4 + 4, 0));
    assert_eq!(lp_events(&ev), [(COALITION, 2)]);
    while lp_events(&ev).len() < 2 {
        let a = t.legal()[0].clone();
        ev.extend(t.apply(a));
    }
    assert_eq!(lp_events(&ev), [(COALITION, 2), (PRUSSIAN, 2)]);
}

/// 10.1.1 (reading): "a Supported Defense results in +1 Loss Point to both sides": a "-"
/// result becomes 1 LP.
#[test]
fn r10_1_1_supported_defense_adds_one_lp_to_a_no_effect_result() {
    let mut t = battle("-/-");
    t.put("P-B", "1505");
    t.put("P-A", "1507");
    t.put("C-C", "1506");
    t.put("C-B", "1506");
    t.put("C-A", "1506");
    declare(&mut t, &["1505", "1507"], &["1506"]);
    let ev = resolve(&mut t, &["P-B", "C-A"], None, 1);
    // The lead's step loss is the defender's one choice; then the attacker's LP.
    assert_eq!(
        lp_events(&ev),
        [(COALITION, 1), (PRUSSIAN, 1)],
        "{}",
        dump(&ev)
    );
    assert_eq!(t.unit("C-A").steps, 1);
}

/// 10.8: attacking only Routed units, the attacker ignores all combat results.
#[test]
fn r10_8_attacker_ignores_results_against_only_routed_units() {
    let mut t = battle("3/1");
    t.put("P-B", "1505");
    t.put("C-A", "1605");
    t.set_morale("C-A", Morale::Routed); // no ZOC (6.1)
    t.put("C-B", "1504"); // its ZOC Engages P-B
    declare(&mut t, &["1505"], &["1605"]);
    let ev = resolve(&mut t, &[], None, 1);
    assert_eq!(combat_event(&ev).4, "-/1");
    let mut all = ev;
    while t
        .s
        .combat
        .as_ref()
        .is_some_and(|c| c.stage != Stage::Advance)
    {
        let a = t.legal()[0].clone();
        all.extend(t.apply(a));
    }
    assert!(!lp_events(&all).iter().any(|(s, _)| *s == PRUSSIAN));
    assert_eq!(t.unit("P-B").steps, 4);
}

/// 10.2: defending Fast units may withdraw one hex when no Formed cavalry is Engaged among
/// the attackers; the vacated hex may be entered by the attackers.
#[test]
fn r10_2_withdrawal_before_combat() {
    let mut t = battle("-/-");
    t.put("P-B", "1505");
    t.put("C-HUS", "1605");
    declare(&mut t, &["1505"], &["1605"]);
    assert_eq!(stage(&t), Some(Stage::Withdrawal));
    assert_eq!(t.actor(), Actor::Player(COALITION));
    t.apply(Action::Withdraw { hex: t.hex("1705") });
    assert_eq!(t.at("C-HUS"), t.hex("1705"));
    assert_eq!(stage(&t), Some(Stage::Advance));
    assert!(t.legal().contains(&Action::Advance { unit: t.u("P-B") }));
    // Against Formed cavalry, no withdrawal.
    let mut t = battle("-/-");
    t.put("P-CUIR", "1505");
    t.put("C-HUS", "1605");
    declare(&mut t, &["1505"], &["1605"]);
    assert_ne!(stage(&t), Some(Stage::Withdrawal));
}

/// 10.4, 10.8.1: each side picks its Lead Unit among its Engaged units; the defender's takes
/// the first LP.
#[test]
fn r10_4_lead_units_chosen_and_take_the_first_lp() {
    let mut t = battle("-/2");
    t.put("P-B", "1505");
    t.put("C-B", "1605");
    t.put("C-A", "1605");
    declare(&mut t, &["1505"], &["1605"]);
    // One attacking unit: its lead is chosen for it; the defender chooses.
    assert_eq!(stage(&t), Some(Stage::LeadDefender));
    assert_eq!(t.actor(), Actor::Player(COALITION));
    let (a, b) = (t.u("C-A"), t.u("C-B"));
    assert_eq!(
        t.legal(),
        [Action::Lead { unit: a }, Action::Lead { unit: b }]
    );
    resolve(&mut t, &["C-B"], None, 1);
    // The lead's step loss is the only choice for the first LP: made at once.
    assert_eq!(t.unit("C-B").steps, 1);
    assert_eq!(t.unit("C-A").steps, 2);
    assert_eq!(t.loss_task().map(|k| k.lp), Some(1));
}
