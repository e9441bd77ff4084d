//! 4.1 army activation, 4.2 command states and out-of-command units, 4.5 command rolls and
//! special leaders.

use alloc::vec::Vec;

use super::*;

fn group_rolls(ev: &[Event]) -> Vec<(u8, u8, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::GroupRoll {
                group,
                roll,
                effective,
                ..
            } => Some((*group, *roll, *effective)),
            _ => None,
        })
        .collect()
}

fn special_rolls(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::SpecialRoll { .. }))
        .count()
}

/// Re-runs the start of Command Determination for the position as it now is (4.2.2).
fn recompute_command(t: &mut T) -> Vec<Event> {
    let mut ev = Vec::new();
    t.pg.begin_command(&mut t.s, &mut ev);
    ev
}

/// T-02 (4.5 example, Rossbach): the FrE groups are Basic Infantry/Artillery CR 2, Basic
/// Cavalry CR 3 and St. Germain/Loudon CR 3; rolls of 4, 4 and 3 leave all FrE infantry,
/// artillery and cavalry Degraded except the StG/L group's, which is Effective.
#[test]
fn r4_5_t02_rossbach_group_rolls() {
    let mut t = T::new();
    t.run_until(|s| s.active == COALITION && s.phase == Phase::Command);
    t.clear();
    t.put_leader("C-DAUN", "2005");
    t.put_leader("C-WL1", "2005");
    t.put_leader("C-WL2", "2006");
    t.put_leader("C-WL3", "2007");
    t.put_leader("C-WL4", "2008");
    t.put("C-A", "2005");
    t.put("C-HUS", "2006");
    t.put("C-ART", "2004");
    t.put("C-STG", "2007");
    t.put("C-LOU", "2008");
    recompute_command(&mut t);
    let (ia, cav, stg) = (
        t.group("coalition-basic-inf-art"),
        t.group("coalition-basic-cav"),
        t.group("stg-l"),
    );
    assert_eq!(t.pg.pieces.groups[ia].rating, 2);
    assert_eq!(t.pg.pieces.groups[cav].rating, 3);
    assert_eq!(t.pg.pieces.groups[stg].rating, 3);
    let mut ev = t.apply(Action::EndCommand);
    assert_eq!(t.s.phase, Phase::GroupRoll(ia as u8));
    ev.extend(t.apply(roll(4)));
    assert_eq!(t.s.phase, Phase::GroupRoll(cav as u8));
    ev.extend(t.apply(roll(4)));
    assert_eq!(t.s.phase, Phase::GroupRoll(stg as u8));
    ev.extend(t.apply(roll(3)));
    assert_eq!(
        group_rolls(&ev),
        [
            (ia as u8, 4, false),
            (cav as u8, 4, false),
            (stg as u8, 3, true)
        ]
    );
    assert_eq!(t.s.groups[ia], Cmd::Degraded);
    assert_eq!(t.s.groups[cav], Cmd::Degraded);
    assert_eq!(t.s.groups[stg], Cmd::Effective);
    assert_eq!(t.s.phase, Phase::Movement);
    // Degraded: half MA, rounded up (4.2); the StG/L wings keep their full MA.
    let ma = |t: &T, id: &str| t.pg.allowance(&t.s, t.u(id));
    assert_eq!(ma(&t, "C-A"), 3, "basic infantry, MA 5");
    assert_eq!(ma(&t, "C-HUS"), 3, "basic cavalry, MA 6");
    assert_eq!(ma(&t, "C-ART"), 1, "artillery, MA 2");
    assert_eq!(ma(&t, "C-STG"), 3, "StG/L infantry, full MA 3");
    assert_eq!(ma(&t, "C-LOU"), 6, "StG/L cavalry, full MA 6");
}

/// Positions the Zorndorf example of 4.5: Frederick (4I) stacked with Kanitz and two
/// artillery units; a second infantry wing and a third battery elsewhere; Seydlitz (5C) with
/// the cavalry.
fn zorndorf(t: &mut T) {
    t.clear();
    for l in ["P-FRED", "P-WL1"] {
        t.put_leader(l, "0505");
    }
    t.put("P-ART", "0505");
    t.put("P-ART2", "0505");
    t.put("P-A", "0506");
    t.put_leader("P-WL3", "0805");
    t.put("P-E", "0805");
    t.put("P-ART3", "0806");
    t.put_leader("P-WL2", "0508");
    t.put("P-CUIR", "0508");
    recompute_command(t);
    assert!(t.s.units.iter().all(|u| !u.ooc));
}

/// T-03 (4.5 example, Zorndorf turn 1): CR 4 and 4, rolls 2 and 4: both Effective, and the
/// special leaders make no roll (no die is consumed).
#[test]
fn r4_5_t03_all_effective_special_leaders_do_not_roll() {
    let mut t = T::new();
    zorndorf(&mut t);
    let mut ev = t.apply(Action::EndCommand);
    ev.extend(t.apply(roll(2)));
    ev.extend(t.apply(roll(4)));
    assert_eq!(group_rolls(&ev), [(0, 2, true), (1, 4, true)]);
    assert_eq!(special_rolls(&ev), 0);
    assert_eq!(t.s.phase, Phase::Movement);
    assert_eq!(t.actor(), Actor::Player(PRUSSIAN));
}

/// T-04 (4.5 example, Zorndorf turn 2): Infantry/Artillery rolls 5 (Degraded), Cavalry 4
/// (Effective). Frederick, stacked with Kanitz and two artillery units, rolls 4: Kanitz's wing
/// and those two artillery units (only) get full MA; Seydlitz does not roll.
#[test]
fn r4_5_t04_frederick_recovers_kanitz_and_two_batteries() {
    let mut t = T::new();
    zorndorf(&mut t);
    let mut ev = t.apply(Action::EndCommand);
    ev.extend(t.apply(roll(5)));
    ev.extend(t.apply(roll(4)));
    let fred = t.l("P-FRED");
    assert_eq!(t.s.phase, Phase::SpecialLeader(fred as u8));
    let kanitz = t.wing("p-inf");
    // Only Kanitz's wing is open to Frederick: the other infantry wing's leader is elsewhere.
    let offered: Vec<Action> = t
        .legal()
        .into_iter()
        .filter(|a| matches!(a, Action::SpecialAffect { .. }))
        .collect();
    assert_eq!(offered, [Action::SpecialAffect { wing: kanitz }]);
    ev.extend(t.apply(Action::SpecialAffect { wing: kanitz }));
    assert_eq!(t.s.phase, Phase::SpecialRoll(fred as u8, kanitz));
    ev.extend(t.apply(roll(4)));
    assert_eq!(
        special_rolls(&ev),
        1,
        "Seydlitz does not roll: {}",
        dump(&ev)
    );
    assert_eq!(t.s.phase, Phase::Movement);
    let ma = |t: &T, id: &str| t.pg.allowance(&t.s, t.u(id));
    assert_eq!(ma(&t, "P-A"), 3, "Kanitz's wing: full MA");
    assert_eq!(
        ma(&t, "P-ART"),
        2,
        "artillery stacked with Frederick: full MA"
    );
    assert_eq!(
        ma(&t, "P-ART2"),
        2,
        "artillery stacked with Frederick: full MA"
    );
    assert_eq!(ma(&t, "P-E"), 2, "the other infantry wing stays Degraded");
    assert_eq!(ma(&t, "P-ART3"), 1, "other artillery stays Degraded");
    assert_eq!(ma(&t, "P-CUIR"), 5, "the cavalry group is Effective");
}

/// T-04b (4.5, derived): the special leader's roll above his Initiative fails.
#[test]
fn r4_5_t04b_special_leader_roll_over_initiative_fails() {
    let mut t = T::new();
    zorndorf(&mut t);
    t.apply(Action::EndCommand);
    t.apply(roll(5));
    t.apply(roll(4));
    t.apply(Action::SpecialAffect {
        wing: t.wing("p-inf"),
    });
    let ev = t.apply(roll(5));
    assert!(has(&ev, |e| matches!(
        e,
        Event::SpecialRoll {
            roll: 5,
            effective: false,
            ..
        }
    )));
    assert_eq!(t.pg.allowance(&t.s, t.u("P-A")), 2);
    assert_eq!(t.pg.allowance(&t.s, t.u("P-ART")), 1);
}

/// T-04b (4.2.1, derived): a "C" special leader may not affect a wing with infantry, even
/// stacked with its leader; the refusal cites 4.2.1.
#[test]
fn r4_2_1_t04b_cavalry_special_leader_may_not_affect_infantry_wing() {
    let mut t = T::new();
    zorndorf(&mut t);
    t.put_leader("P-WL2", "0505"); // Seydlitz joins Kanitz and Frederick.
    recompute_command(&mut t);
    t.apply(Action::EndCommand);
    t.apply(roll(5));
    t.apply(roll(5)); // the cavalry is Degraded too
    assert_eq!(t.s.phase, Phase::SpecialLeader(t.l("P-FRED") as u8));
    t.apply(Action::SpecialPass);
    let seydlitz = t.l("P-WL2");
    assert_eq!(t.s.phase, Phase::SpecialLeader(seydlitz as u8));
    assert!(t.legal().contains(&Action::SpecialAffect {
        wing: t.wing("p-cav")
    }));
    let e = t.refuse(Action::SpecialAffect {
        wing: t.wing("p-inf"),
    });
    assert_eq!(e.rule, "4.2.1");
    // An "I" leader may not take a wing without infantry either.
    let mut t2 = T::new();
    zorndorf(&mut t2);
    t2.put_leader("P-WL2", "0505");
    recompute_command(&mut t2);
    t2.apply(Action::EndCommand);
    t2.apply(roll(5));
    t2.apply(roll(5));
    let e = t2.refuse(Action::SpecialAffect {
        wing: t2.wing("p-cav"),
    });
    assert_eq!(e.rule, "4.2.1");
}

/// T-42 (4.2.2, derived): a unit 5 hexes from its Wing Leader is in command, 6 hexes is Out of
/// Command; artillery traces to any friendly leader; two OOC inf/cav units may trace to the
/// Army Commander, a third may not (refusal cites 4.2.2).
#[test]
fn r4_2_2_t42_command_radius_artillery_and_commander_limit() {
    let mut t = T::new();
    t.clear();
    t.put_leader("P-WL1", "1006");
    t.put("P-A", "1506");
    t.put("P-C", "1606");
    t.put("P-D", "1607");
    t.put("P-E", "1608"); // its wing leader (Dohna) is not on the map
    t.put_leader("P-FRED", "1706");
    t.put_leader("P-WL2", "0706");
    t.put("P-ART", "0306"); // 4 hexes from Seydlitz, 7 from Kanitz
    t.put("P-ART2", "3001"); // far from every leader
    let ev = recompute_command(&mut t);
    let ooc = |t: &T, id: &str| t.unit(id).ooc;
    assert_eq!(t.hex("1006").distance(t.at("P-A")), 5);
    assert!(!ooc(&t, "P-A"), "5 hexes: in command");
    assert_eq!(t.hex("1006").distance(t.at("P-C")), 6);
    assert!(ooc(&t, "P-C"), "6 hexes: out of command");
    assert!(!ooc(&t, "P-ART"), "artillery traces to any friendly leader");
    assert!(ooc(&t, "P-ART2"));
    assert!(has(&ev, |e| *e == Event::OutOfCommand { unit: t.u("P-C") }));
    let (c, d, e) = (t.u("P-C"), t.u("P-D"), t.u("P-E"));
    t.apply(Action::TraceToCommander { unit: c });
    t.apply(Action::TraceToCommander { unit: d });
    assert!(!ooc(&t, "P-C") && !ooc(&t, "P-D"));
    assert!(ooc(&t, "P-E"));
    let err = t.refuse(Action::TraceToCommander { unit: e });
    assert_eq!(err.rule, "4.2.2");
    // Artillery never needs the Army Commander: it traces to any leader.
    let err = t.refuse(Action::TraceToCommander {
        unit: t.u("P-ART2"),
    });
    assert_eq!(err.rule, "4.2.2");
    // Both groups Effective: the traced units have their full MA, the OOC unit half (4.2.2).
    t.apply(Action::EndCommand);
    t.apply(roll(1));
    t.apply(roll(1));
    assert_eq!(t.s.phase, Phase::Movement);
    assert_eq!(t.pg.allowance(&t.s, c), 3);
    assert_eq!(t.pg.allowance(&t.s, e), 2);
    assert_eq!(t.pg.allowance(&t.s, t.u("P-A")), 3);
}

/// 4.2.2: the two Army Commander traces are each side's own: the Prussian traces do not use
/// up the Coalition's.
#[test]
fn r4_2_2_commander_traces_counted_per_side() {
    let mut t = T::new();
    t.clear();
    t.put_leader("P-FRED", "1706");
    t.put("P-C", "1606");
    t.put("P-D", "1607");
    t.put_leader("C-DAUN", "2505");
    t.put("C-A", "2506");
    t.put("C-B", "2507");
    recompute_command(&mut t);
    t.apply(Action::TraceToCommander { unit: t.u("P-C") });
    t.apply(Action::TraceToCommander { unit: t.u("P-D") });
    t.run_until(|s| s.active == COALITION && s.phase == Phase::Command);
    assert!(t.unit("C-A").ooc && t.unit("C-B").ooc);
    t.apply(Action::TraceToCommander { unit: t.u("C-A") });
    t.apply(Action::TraceToCommander { unit: t.u("C-B") });
    assert!(!t.unit("C-A").ooc && !t.unit("C-B").ooc);
}

/// T-41 (4.1.1, derived): AC Initiative 2; a roll of 5 (total 7) activates the army.
#[test]
fn r4_1_1_t41_normal_activation_seven_succeeds() {
    let mut t = T::scenario("pg/rules-main");
    t.apply(Action::DeclineActivation);
    assert_eq!((t.s.active, t.s.phase), (COALITION, Phase::Activation));
    let am = t.s.armies[1].am;
    t.apply(Action::AttemptActivation);
    assert_eq!(t.s.armies[1].am, am - 3, "pay, then roll");
    let ev = t.apply(roll(5));
    assert!(has(&ev, |e| matches!(
        e,
        Event::ActivationRoll {
            roll: 5,
            total: 7,
            needed: 7,
            ..
        }
    )));
    assert!(t.s.armies[1].activated);
    assert_eq!(t.s.phase, Phase::Command);
}

/// T-41 (4.1.1, derived): a roll of 4 (total 6) fails: the AM paid is lost and the rest of
/// the Player Turn is skipped.
#[test]
fn r4_1_1_t41_normal_activation_six_fails_and_skips_the_turn() {
    let mut t = T::scenario("pg/rules-main");
    t.apply(Action::DeclineActivation);
    let am = t.s.armies[1].am;
    t.apply(Action::AttemptActivation);
    let ev = t.apply(roll(4));
    assert!(has(&ev, |e| *e == Event::TurnSkipped { side: COALITION }));
    assert!(!t.s.armies[1].activated);
    assert_eq!(t.s.armies[1].am, am - 3);
    assert!(
        !has(
            &ev,
            |e| matches!(e, Event::PhaseBegins { phase } if *phase == Phase::Command)
        ),
        "no phase of the Coalition player turn is played: {}",
        dump(&ev)
    );
    assert_eq!((t.s.turn, t.s.active), (2, PRUSSIAN));
}

/// Activates the Prussian army of the main scenario and reaches its Movement Phase.
fn prussian_main_movement() -> T {
    let mut t = T::scenario("pg/rules-main");
    t.apply(Action::AttemptActivation);
    t.apply(roll(3)); // 3 + Frederick's 4 = 7
    assert!(t.s.armies[0].activated);
    t.run_until(|s| s.phase == Phase::Movement);
    t.clear();
    t.put_leader("P-WL1", "1005");
    t.put("P-A", "1005");
    t.put("C-A", "1805");
    t.put_leader("C-DAUN", "2505");
    t
}

/// T-41 (4.1.3, derived): a Coup d'Oeil roll of 6 + Initiative 2 = 8 succeeds; paying is then
/// the Coalition player's choice. The chance comes when an enemy Unit first comes within 7
/// hexes and clear LOS; a Leader is not a Unit and offers none.
#[test]
fn r4_1_3_t41_coup_d_oeil_eight_succeeds_pay_optional() {
    let mut t = prussian_main_movement();
    assert_eq!(t.hex("1105").distance(t.hex("1805")), 7);
    // A leader coming into view is not "an enemy Unit" (4.1.3).
    t.apply(t.step_leader("P-WL1", "1105"));
    assert!(t.s.pending.is_empty(), "{:?}", t.s.pending);
    assert!(!t.s.armies[1].cdoa_used);
    t.apply(t.step("P-A", "1105"));
    assert_eq!(t.actor(), Actor::Player(COALITION));
    assert!(t.legal().contains(&Action::Attempt));
    t.apply(Action::Attempt);
    let ev = t.apply(roll(6));
    assert!(
        has(&ev, |e| matches!(
            e,
            Event::ActivationRoll {
                total: 8,
                needed: 8,
                ..
            }
        )),
        "{}",
        dump(&ev)
    );
    assert_eq!(t.legal(), [Action::PayCdoa, Action::RefuseCdoa]);
    let paid = t.s.clone();
    let am = t.s.armies[1].am;
    t.apply(Action::RefuseCdoa);
    assert!(!t.s.armies[1].activated);
    assert_eq!(t.s.armies[1].am, am);
    assert!(t.s.armies[1].cdoa_used, "one attempt per army");
    t.s = paid;
    t.apply(Action::PayCdoa);
    assert!(t.s.armies[1].activated);
    assert_eq!(t.s.armies[1].am, am - 3);
}

/// T-41 (4.1.3, derived): 5 + 2 = 7 fails; no payment is offered.
#[test]
fn r4_1_3_t41_coup_d_oeil_seven_fails() {
    let mut t = prussian_main_movement();
    t.apply(t.step("P-A", "1105"));
    t.apply(Action::Attempt);
    t.apply(roll(5));
    assert!(t.s.pending.is_empty());
    assert!(!t.s.armies[1].activated);
    assert!(t.s.armies[1].cdoa_used);
    assert_eq!(t.actor(), Actor::Player(PRUSSIAN));
}

/// 4.1.2: a counter moving within three hexes and clear LOS of an Inactive counter activates
/// that army, at no cost, in its next Player Turn.
#[test]
fn r4_1_2_automatic_activation_within_three_hexes() {
    let mut t = prussian_main_movement();
    t.put("P-C", "1404");
    t.apply(t.step("P-A", "1105"));
    t.apply(Action::Decline); // the CdOA offer
    assert!(!t.s.armies[1].auto_due);
    t.apply(t.step("P-C", "1504"));
    assert!(t.s.armies[1].auto_due);
    assert!(!t.s.armies[1].activated);
    let am = t.s.armies[1].am;
    t.run_until(|s| s.active == COALITION);
    assert!(t.s.armies[1].activated);
    assert_eq!(t.s.armies[1].am, am);
}

/// 4.3, 4.3.2 on Rossbach's St. Germain detachment: an enemy unit arriving next to a Det
/// counter activates the detachment at once, and the detachment gets a Coup d'Oeil attempt of
/// its own besides the army's.
#[test]
fn r4_3_2_rossbach_detachment_activates_and_has_its_own_coup_d_oeil() {
    use crate::data::Library;
    use crate::pg::Pg;
    use crate::pg::state::Pending;
    use crate::pg::state::{Off, Phase};
    let lib = Library::builtin().unwrap();
    let pg = Pg::new(&lib.scenario("pg/rossbach").unwrap()).unwrap();
    let mut s = crate::engine::Rules::initial_state(&pg);
    let g = pg
        .pieces
        .groups
        .iter()
        .position(|g| g.detachment)
        .expect("a detachment");
    let det_unit = (0..pg.pieces.units.len())
        .find(|&i| {
            pg.pieces.units[i]
                .wing
                .is_some_and(|w| usize::from(pg.pieces.wings[usize::from(w)].group) == g)
                && s.units[i].off == Off::No
        })
        .expect("a Det counter on the map");
    let det_hex = s.units[det_unit].hex;
    let prussian = (0..pg.pieces.units.len())
        .find(|&i| pg.pieces.units[i].side == PRUSSIAN && s.units[i].off == Off::No)
        .unwrap();
    let next = det_hex
        .neighbors()
        .into_iter()
        .find(|&n| pg.board.on_map(n) && !pg.has_units(&s, n, crate::engine::Side(1)))
        .unwrap();
    s.units[prussian].hex = next;
    s.phase = Phase::Movement;
    s.active = PRUSSIAN;
    assert!(!s.armies[1].activated && !s.det_active[g]);
    pg.check_activations(&mut s, PRUSSIAN, next, true);
    assert!(
        s.det_active[g],
        "4.3: within 3 hexes and LOS of an enemy counter"
    );
    assert!(
        s.pending.iter().any(
            |p| matches!(p, Pending::Cdoa { detachment: Some(d), .. } if usize::from(*d) == g)
        ),
        "4.3.2: the Det's own attempt is offered: {:?}",
        s.pending
    );
    assert!(s.det_cdoa_used[g]);
}

/// 4.4, 7.6.2: when a wing deploys from column, In Column artillery within 5 hexes of its
/// leader may deploy with it: the owner's choice, not automatic.
#[test]
fn r4_4_artillery_may_deploy_with_a_deploying_wing() {
    use crate::pg::state::Phase;
    let mut t = T::new();
    t.clear();
    let a = t.put("P-A", "1505");
    let art = t.put("P-ART", "1506");
    t.put_leader("P-WL1", "1505");
    let wing = t.pg.pieces.units[usize::from(a)].wing.unwrap();
    t.s.wing_ic[usize::from(wing)] = true;
    t.s.units[usize::from(a)].in_column = true;
    t.s.units[usize::from(art)].in_column = true;
    t.s.phase = Phase::Command;
    t.s.pending.clear();
    t.apply(Action::Deploy { wing });
    assert!(
        t.s.units[usize::from(art)].in_column,
        "not deployed automatically"
    );
    assert!(t.legal().contains(&Action::ArtilleryDeploy { unit: art }));
    t.apply(Action::ArtilleryDeploy { unit: art });
    assert!(!t.s.units[usize::from(art)].in_column);
}

/// 4.2.2 (reading, option `commander_trace`): the text gives no distance for the two traces
/// to the Army Commander. By default they use the 5-hex command radius of the same rule
/// (refused at 6 hexes, citing 4.2.2); with `"any_distance"` the trace reaches him anywhere.
#[test]
fn r4_2_2_option_commander_trace_distance() {
    let mut t = T::new();
    assert!(
        !t.pg.params.commander_trace_any_distance,
        "default: command radius"
    );
    t.clear();
    t.put_leader("P-FRED", "1706");
    t.put("P-C", "1106"); // 6 hexes from Frederick, no wing leader on the map
    assert_eq!(t.hex("1706").distance(t.hex("1106")), 6);
    let mut u = T {
        pg: t.pg.clone(),
        s: t.s.clone(),
    };
    recompute_command(&mut t);
    assert!(t.unit("P-C").ooc);
    let trace = Action::TraceToCommander { unit: t.u("P-C") };
    assert!(!t.legal().contains(&trace));
    let e = t.refuse(trace.clone());
    assert_eq!(e.rule, "4.2.2");
    assert!(e.reason.contains("5 hexes"), "{}", e.reason);
    u.pg.params.commander_trace_any_distance = true;
    recompute_command(&mut u);
    assert!(u.unit("P-C").ooc);
    assert!(u.legal().contains(&trace));
    u.apply(trace);
    assert!(!u.unit("P-C").ooc);
}

/// 4.2.2: the option is read from the scenario's rules; a misspelt value is refused naming it.
#[test]
fn r4_2_2_option_commander_trace_is_read_from_the_scenario() {
    let lib = super::library();
    let mut sc = lib.scenario("pg/rules").unwrap_or_else(|e| panic!("{e:?}"));
    sc.scenario
        .rules
        .insert("commander_trace".into(), serde_json::json!("any_distance"));
    assert!(
        Pg::new(&sc)
            .unwrap_or_else(|e| panic!("{e:?}"))
            .params
            .commander_trace_any_distance
    );
    sc.scenario
        .rules
        .insert("commander_trace".into(), serde_json::json!("anywhere"));
    let e = Pg::new(&sc).err().unwrap_or_else(|| panic!("accepted"));
    assert!(format!("{e:?}").contains("commander_trace"), "{e:?}");
}
