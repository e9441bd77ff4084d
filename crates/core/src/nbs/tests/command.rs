//! Command and control in play (10.0–10.5, AUS 3.x, AUS 5.3): the order log, initiative and
//! stoppage examples driven through the command phase.

use crate::data::Library;
use crate::dice::DiceSpec;
use crate::engine::{EventInfo, Rules, Side};
use crate::hex::Hex;
use crate::nbs::command::{Method, OrderKind, OrderSource, OrderStatus, Receiver};
use crate::nbs::state::{Phase, Place, State, Task, UnitId, flag};
use crate::nbs::units::FormKind;
use crate::nbs::{Action, Nbs};
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

/// Scenario 3 without its historical orders (the examples start from an empty log).
fn rules() -> Nbs {
    let lib = Library::builtin().unwrap();
    let mut r = Nbs::new(&lib.scenario("nbs/austerlitz-3").unwrap()).unwrap();
    r.initial.orders = Default::default();
    r
}

/// 10.1i, AUS 5.3: scenario 3 starts with its historical orders logged and accepted
/// (two French, eight Allied), and `historical_orders: false` discards them.
#[test]
fn r10_1i_aus5_3_historical_orders_accepted_before_play() {
    let lib = Library::builtin().unwrap();
    let mut sc = lib.scenario("nbs/austerlitz-3").unwrap();
    let r = Nbs::new(&sc).unwrap();
    let s = r.initial_state();
    let d34 = r
        .formations
        .iter()
        .position(|f| f.side == Side(0) && f.code == "3-4")
        .unwrap() as u16;
    let o = s.orders[0]
        .in_force(Receiver::Command(d34))
        .expect("3-4's goal");
    assert!(o.divisional_goal && o.kind == OrderKind::NonAttack);
    let right = r
        .formations
        .iter()
        .position(|f| f.side == Side(1) && f.code == "Right")
        .unwrap() as u16;
    let o = s.orders[1]
        .in_force(Receiver::Command(right))
        .expect("Rgt's attack");
    assert_eq!(o.kind, OrderKind::Attack);
    assert_eq!(s.orders[0].orders().len(), 2);
    assert_eq!(s.orders[1].orders().len(), 8);
    let mut rules = serde_json::to_value(&sc.scenario.rules).unwrap();
    rules["options"] = serde_json::json!({ "historical_orders": false });
    sc.scenario.rules = serde_json::from_value(rules).unwrap();
    let bare = Nbs::new(&sc).unwrap().initial_state();
    assert!(bare.orders[0].orders().is_empty() && bare.orders[1].orders().is_empty());
}

fn id(r: &Nbs, s: &str) -> UnitId {
    r.unit_index(s).unwrap()
}

fn corps(r: &Nbs, code: &str) -> u16 {
    r.formations
        .iter()
        .position(|f| f.code == code && f.side == Side(0) && f.kind != FormKind::Division)
        .unwrap() as u16
}

fn hex(r: &Nbs, l: &str) -> Hex {
    r.board.grid.parse(l).unwrap()
}

/// The French Command Phase of `turn`, order-issue segment, no task.
fn french_command(r: &Nbs, s: &mut State, turn: u16) {
    s.turn = turn;
    s.player_turn = 1;
    s.phase = Phase::Command;
    s.tasks.clear();
    let mut ev = Vec::new();
    r.command_begins(s, &mut ev);
}

fn roll(r: &Nbs, s: &State, spec: DiceSpec, v: u32) -> State {
    r.applied(s, &Action::Roll(spec.roll(v).unwrap()))
        .unwrap()
        .0
}

#[test]
fn r10_1_order_log_example_in_play() {
    // T2: a 1-rated sender (Napoleon stands in for Grouchy) sends Davout an AW Attack.
    let mut r = rules();
    let nap = id(&r, "L-Napoleon");
    r.units[usize::from(nap)].rating = 1;
    let davout = id(&r, "L-Davout");
    let hq3 = id(&r, "HQ-3-Corps");
    let c3 = corps(&r, "3");
    let mut s = r.initial_state();
    let base = hex(&r, "A28.29");
    let hq_hex = hex(&r, "A24.29");
    s.units[usize::from(hq3)].place = Place::At(hq_hex);
    let beside = hq_hex
        .neighbors()
        .into_iter()
        .find(|n| r.board.on_map(*n) && !r.enemy_in(&s, *n, Side(0)))
        .unwrap();
    s.units[usize::from(davout)].place = Place::At(beside);
    s.units[usize::from(nap)].place = Place::At(base);
    french_command(&r, &mut s, 2);
    assert_eq!(s.command.sides[0].cp, 10);
    let issue = Action::IssueOrder {
        sender: nap,
        receiver: Receiver::Corps(c3),
        kind: OrderKind::Attack,
        method: Method::AideWritten,
        goal: false,
        text: "Attack east along the Goldbach to Sokolnitz, then halt.".to_string(),
    };
    let mut listed = Vec::new();
    r.legal_actions(&s, &mut listed);
    assert!(listed.iter().any(|a| matches!(a, Action::IssueOrder { receiver, kind: OrderKind::Attack, method: Method::AideWritten, .. } if *receiver == Receiver::Corps(c3))));
    let (mut s, ev) = r.applied(&s, &issue).unwrap();
    let o = s.orders[0].get(1).unwrap().clone();
    assert_eq!(o.cost, 10);
    assert_eq!(s.command.sides[0].cp, 0);
    assert!(o.arrives > 2, "an aide rides at least one turn (10.1e)");
    // 9.0: the order is the French player's secret.
    assert!(
        ev.iter()
            .all(|e| !e.visible_to(Side(1)) && e.visible_to(Side(0)))
    );
    assert!(r.observation(&s, Side(1)).orders[0].orders().is_empty());
    // No CP left: another order is refused (10.1b).
    assert_eq!(r.applied(&s, &issue).unwrap_err().rule, "10.1b");
    // It has not arrived: no acceptance roll this turn, and it does not act.
    let s1 = r.applied(&s, &Action::EndCommand).unwrap().0;
    let s1 = r.applied(&s1, &Action::EndCommand).unwrap().0;
    assert_eq!(s1.phase, Phase::Movement);
    assert!(r.unit_order(&s1, id(&r, "1-2-3")).is_none());
    // The arrival turn: AN 1 + 4 + 0 - 2 = 3, roll 25 gives D5.
    french_command(&r, &mut s, o.arrives);
    let s2 = r.applied(&s, &Action::EndCommand).unwrap().0;
    let s2 = r.applied(&s2, &Action::EndCommand).unwrap().0;
    assert!(matches!(
        s2.tasks.last(),
        Some(Task::AcceptanceRoll { order: 1 })
    ));
    let mut s2 = roll(&r, &s2, DiceSpec::D66, 25);
    assert_eq!(
        s2.orders[0].get(1).unwrap().status,
        OrderStatus::Delayed {
            delay: 5,
            since: o.arrives
        }
    );
    // Next turn the delay die shows 6: accepted, waiting for Davout at his HQ.
    french_command(&r, &mut s2, o.arrives + 1);
    let s3 = r.applied(&s2, &Action::EndCommand).unwrap().0;
    let s3 = r.applied(&s3, &Action::EndCommand).unwrap().0;
    assert!(matches!(
        s3.tasks.last(),
        Some(Task::DelayRoll { order: 1 })
    ));
    let s3 = roll(&r, &s3, DiceSpec::D6, 6);
    assert_eq!(s3.phase, Phase::Movement);
    assert_eq!(s3.orders[0].get(1).unwrap().status, OrderStatus::Accepted);
    // 10.1h: the HQ is still bolted.
    let away = hq_hex
        .neighbors()
        .into_iter()
        .find(|n| *n != beside && r.step_cost(&s3, hq3, *n).is_ok())
        .unwrap();
    let e = r
        .applied(
            &s3,
            &Action::Step {
                unit: hq3,
                to: away,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "10.1h");
    // Davout touches base: implemented (10.0a); the HQ may now move.
    let (s4, ev) = r
        .applied(
            &s3,
            &Action::Step {
                unit: davout,
                to: hq_hex,
            },
        )
        .unwrap();
    assert_eq!(
        s4.orders[0].get(1).unwrap().status,
        OrderStatus::Implemented
    );
    assert!(ev.iter().any(|e| e.rule() == "10.0a"));
    assert!(
        r.applied(
            &s4,
            &Action::Step {
                unit: hq3,
                to: away
            }
        )
        .is_ok()
    );
}

#[test]
fn r10_2_initiative_example_in_play() {
    // T3: a leader with 1 IP (Soult rated 1 here) rolls 63: no effect; St. Hilaire, a
    // division leader of his corps, may not roll this turn (10.2c).
    let mut r = rules();
    let soult = id(&r, "L-Soult");
    r.units[usize::from(soult)].rating = 1;
    let sth = id(&r, "L-St-Hilaire");
    let mut s = r.initial_state();
    french_command(&r, &mut s, 1);
    let s = r.applied(&s, &Action::EndCommand).unwrap().0;
    let mut listed = Vec::new();
    r.legal_actions(&s, &mut listed);
    assert!(listed.contains(&Action::RollInitiative { leader: sth }));
    let s = r
        .applied(&s, &Action::RollInitiative { leader: soult })
        .unwrap()
        .0;
    assert!(matches!(
        s.tasks.last(),
        Some(Task::InitiativeRoll { ip: 1, .. })
    ));
    let (s, ev) = r
        .applied(&s, &Action::Roll(DiceSpec::D66.roll(63).unwrap()))
        .unwrap();
    assert!(s.tasks.is_empty());
    assert!(ev.iter().any(|e| e.rule() == "10.2d"));
    let e = r
        .applied(&s, &Action::RollInitiative { leader: sth })
        .unwrap_err();
    assert_eq!(e.rule, "10.2c");
    listed.clear();
    r.legal_actions(&s, &mut listed);
    assert!(!listed.contains(&Action::RollInitiative { leader: sth }));
    // The army commander never rolls.
    let nap = id(&r, "L-Napoleon");
    assert_eq!(
        r.applied(&s, &Action::RollInitiative { leader: nap })
            .unwrap_err()
            .rule,
        "10.2c"
    );
}

#[test]
fn r10_2g_loose_cannon_is_written_by_the_opponent() {
    let mut r = rules();
    let soult = id(&r, "L-Soult");
    r.units[usize::from(soult)].rating = 1;
    let mut s = r.initial_state();
    french_command(&r, &mut s, 1);
    let s = r.applied(&s, &Action::EndCommand).unwrap().0;
    let s = r
        .applied(&s, &Action::RollInitiative { leader: soult })
        .unwrap()
        .0;
    let s = roll(&r, &s, DiceSpec::D66, 11);
    assert!(matches!(
        s.tasks.last(),
        Some(Task::OrderWriting {
            source: OrderSource::LooseCannon,
            ..
        })
    ));
    assert_eq!(r.actor(&s), crate::engine::Actor::Player(Side(1)));
    let mut listed = Vec::new();
    r.legal_actions(&s, &mut listed);
    let a = listed.first().unwrap().clone();
    let s = r.applied(&s, &a).unwrap().0;
    let c4 = corps(&r, "4");
    assert_eq!(
        s.orders[0].in_force(Receiver::Corps(c4)).unwrap().source,
        OrderSource::LooseCannon
    );
}

#[test]
fn r10_3a_stoppage_examples_in_play() {
    // T4: a corps of three divisions, none wrecked, leader rated 3: 2d6 >= 3.
    let r = rules();
    let c4 = corps(&r, "4");
    let hq4 = id(&r, "HQ-4-Corps");
    let mut s = r.initial_state();
    // Three divisions on the map: 1-4, 2-4, 3-4 (3D-4 and the independents kept off).
    for (i, u) in r.units.iter().enumerate() {
        if u.corps == "4" && u.combat() && !["1-4", "2-4", "3-4"].contains(&u.division.as_str()) {
            s.units[i].place = Place::Off;
        }
    }
    for d in ["1-1-4", "1-2-4", "1-3-4"] {
        if s.units[usize::from(id(&r, d))].hex().is_none() {
            s.units[usize::from(id(&r, d))].place = Place::At(hex(&r, "A20.12"));
        }
    }
    assert_eq!(r.stoppage_min(&s, c4), Some(3));
    s.orders[0]
        .preset(
            0,
            Receiver::Corps(c4),
            OrderKind::Attack,
            false,
            "Take Pratzen.".to_string(),
        )
        .unwrap();
    french_command(&r, &mut s, 2);
    s.command.sides[0].contact = vec![c4];
    let s = r.applied(&s, &Action::EndCommand).unwrap().0;
    assert!(matches!(
        s.tasks.last(),
        Some(Task::Stoppage { need: 3, .. })
    ));
    let pass = roll(&r, &s, DiceSpec::TwoD6, 3);
    assert!(pass.orders[0].in_force(Receiver::Corps(c4)).is_some());
    let from = s.units[usize::from(hq4)].hex().unwrap();
    let fail = roll(&r, &s, DiceSpec::TwoD6, 2);
    // 10.3b: the order ends, the HQ is six hexes away or more.
    assert!(fail.orders[0].in_force(Receiver::Corps(c4)).is_none());
    assert!(fail.units[usize::from(hq4)].hex().unwrap().distance(from) >= 6);
    assert_eq!(fail.command.sides[0].stopped, vec![c4]);
}

#[test]
fn r10_3a_stoppage_t5_wrecked_corps_at_night() {
    // T5: three wrecked divisions, commander lost: row 4, column 4, the new leader (1)
    // needs 11; at night 14, which cannot be rolled: the attack stops without a roll.
    let r = rules();
    let c4 = corps(&r, "4");
    let mut s = r.initial_state();
    for (i, u) in r.units.iter().enumerate() {
        if u.corps == "4" && u.combat() {
            if ["1-4", "2-4", "3-4"].contains(&u.division.as_str()) {
                s.units[i].place = Place::At(hex(&r, "A20.12"));
                s.units[i].casualties = u.wreck_boxes;
            } else {
                s.units[i].place = Place::Off;
            }
        }
    }
    s.casualty_track[0] = 0;
    s.units[usize::from(id(&r, "L-Soult"))].place = Place::Gone;
    assert_eq!(r.stoppage_min(&s, c4), Some(11));
    assert_eq!(r.command.stoppage_needed(11, true), None);
}

#[test]
fn r10_5a_out_of_radius_steps_only_closer() {
    let r = rules();
    let mut s = r.initial_state();
    // An Allied brigade far from its command leader.
    let u = id(&r, "1-1-L");
    let l = id(&r, "L-Doctorov");
    let lh = s.units[usize::from(l)].hex().unwrap();
    let far = hex(&r, "B30.30");
    s.units[usize::from(u)].place = Place::At(far);
    assert!(far.distance(lh) > 8);
    s.phase = Phase::Movement;
    let mut ev = Vec::new();
    r.movement_begins(&mut s, &mut ev);
    assert!(s.units[usize::from(u)].has(flag::OUT_OF_RADIUS));
    let mut listed = Vec::new();
    r.legal_actions(&s, &mut listed);
    for a in &listed {
        if let Action::Step { unit, to } = a {
            if *unit == u {
                assert!(to.distance(lh) < far.distance(lh));
            }
        }
    }
    let away = far
        .neighbors()
        .into_iter()
        .find(|n| n.distance(lh) > far.distance(lh) && r.step_cost(&s, u, *n).is_ok());
    if let Some(away) = away {
        assert_eq!(
            r.applied(&s, &Action::Step { unit: u, to: away })
                .unwrap_err()
                .rule,
            "10.5a"
        );
    }
    // It must use its MPs getting back before the phase ends.
    if listed
        .iter()
        .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u))
    {
        assert!(!listed.contains(&Action::EndMovement));
        assert_eq!(
            r.applied(&s, &Action::EndMovement).unwrap_err().rule,
            "10.5a"
        );
    }
}

#[test]
fn r10_0c_overrun_forces_an_emergency_retreat() {
    let r = rules();
    let c4 = corps(&r, "4");
    let hq4 = id(&r, "HQ-4-Corps");
    let mut s = r.initial_state();
    r.hq_overrun(&mut s, hq4);
    french_command(&r, &mut s, 2);
    assert_eq!(
        r.applied(&s, &Action::EndCommand).unwrap_err().rule,
        "10.0c"
    );
    let (s2, _) = r
        .applied(&s, &Action::EmergencyRetreat { formation: c4 })
        .unwrap();
    assert!(s2.command.sides[0].overrun.is_empty());
    // Straggler rolls for the corps' infantry on the map (10.4).
    assert!(
        s2.tasks
            .iter()
            .all(|t| matches!(t, Task::StragglerRoll { .. }))
    );
}

#[test]
fn aus3_2b_allied_orders_are_goals_and_act_at_once() {
    let r = rules();
    let mut s = r.initial_state();
    // The initial state: the Allied Command Phase (AUS 5.2).
    let kat = id(&r, "L-Katusov");
    let f = r.formations.iter().position(|f| f.code == "1-C").unwrap() as u16;
    let a = Action::IssueOrder {
        sender: kat,
        receiver: Receiver::Command(f),
        kind: OrderKind::Attack,
        method: Method::AideOral,
        goal: false,
        text: String::new(),
    };
    assert_eq!(r.applied(&s, &a).unwrap_err().rule, "AUS 3.2b");
    let a = Action::IssueOrder {
        sender: kat,
        receiver: Receiver::Command(f),
        kind: OrderKind::Attack,
        method: Method::AideOral,
        goal: true,
        text: "Advance on the Pratzen heights, no farther than Pratzen.".to_string(),
    };
    s = r.applied(&s, &a).unwrap().0;
    let o = s.orders[1].get(1).unwrap().clone();
    s.turn = o.arrives;
    s = r.applied(&s, &Action::EndCommand).unwrap().0;
    s = r.applied(&s, &Action::EndCommand).unwrap().0;
    // AN = 2 + 2 - 1 - 2 = 1: 66 accepts.
    let s = roll(&r, &s, DiceSpec::D66, 66);
    assert_eq!(s.orders[1].get(1).unwrap().status, OrderStatus::Implemented);
}

#[test]
fn r10_1a_strict_orders_refuse_close_combat_without_attack_order() {
    let r = rules();
    let s = r.initial_state();
    let u = id(&r, "2-1-C");
    let h = s.units[usize::from(u)].hex().unwrap();
    let e = r.assault_order_check(&s, &[u], h).unwrap_err();
    assert_eq!(e.rule, "10.1a");
    let mut r2 = r.clone();
    r2.strict_orders = false;
    assert!(
        r2.assault_order_check(&s, &[u], h)
            .map_or_else(|e| e.rule != "10.1a", |_| true)
    );
}
