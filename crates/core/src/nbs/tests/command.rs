//! Command and control in play (10.0–10.5, AUS 2.1–2.3 radii, AUS 3.2b, AUS 5.3): the order
//! log, initiative, stoppage and command radius, with the rulebook's examples.

use super::kit::{
    apply, clear_spot, d66, dir, division_leader, empty, fire_up_to_the_roll, hex, id, legal, n_of,
    north, put, resolve_all_chance, rules, standard_mod, standard_shift,
};
use crate::data::Library;
use crate::dice::DiceSpec;
use crate::engine::{Actor, EventInfo, Rules, Side};
use crate::hex::{Compass, Facing};
use crate::nbs::command::{Method, OrderKind, OrderSource, OrderStatus, Receiver};
use crate::nbs::state::{Phase, Place, State, Task, UnitId, flag};
use crate::nbs::types::{Formation, UnitKind};
use crate::nbs::units::FormKind;
use crate::nbs::{Action, Nbs};
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

/// Scenario 3 without its historical orders (the examples start from an empty log).
fn rules_without_orders() -> Nbs {
    let lib = Library::builtin().unwrap();
    let mut r = Nbs::new(&lib.scenario("nbs/austerlitz-3").unwrap()).unwrap();
    r.initial.orders = Default::default();
    r
}

fn corps(r: &Nbs, code: &str) -> u16 {
    r.formations
        .iter()
        .position(|f| f.code == code && f.side == Side(0) && f.kind != FormKind::Division)
        .unwrap() as u16
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

#[test]
fn r10_0c_overrun_forces_an_emergency_retreat() {
    let r = rules_without_orders();
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

fn roll(r: &Nbs, s: &State, spec: DiceSpec, v: u32) -> State {
    r.applied(s, &Action::Roll(spec.roll(v).unwrap()))
        .unwrap()
        .0
}

#[test]
fn r10_1_order_log_example_in_play() {
    // T2: a 1-rated sender (Napoleon stands in for Grouchy) sends Davout an AW Attack.
    let mut r = rules_without_orders();
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
fn r10_1a_strict_orders_refuse_close_combat_without_attack_order() {
    let r = rules_without_orders();
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

#[test]
fn r10_2_initiative_example_in_play() {
    // T3: a leader with 1 IP (Soult rated 1 here) rolls 63: no effect; St. Hilaire, a
    // division leader of his corps, may not roll this turn (10.2c).
    let mut r = rules_without_orders();
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

/// 10.2f tests: the French Command Phase of turn 2 with 1-1-4 and its division leader alone
/// on clear ground; returns the state, the leader and his division's formation.
fn lone_division_command_phase(r: &Nbs) -> (State, UnitId, u16) {
    let at = clear_spot(r, 2);
    let mut s = empty(r, Phase::Command);
    s.orders[0] = Default::default();
    let leader = division_leader(r, id(r, "1-1-4"));
    let d = r
        .formations
        .iter()
        .position(|f| f.leader == leader)
        .unwrap() as u16;
    put(&mut s, leader, at, north(), Formation::None);
    put(&mut s, id(r, "1-1-4"), at, north(), Formation::Line);
    s.turn = 2;
    s.player_turn = 1;
    r.command_begins(&mut s, &mut Vec::new());
    (s, leader, d)
}

/// Ends the order segment, rolls `leader`'s initiative and makes it a success (10.2).
fn initiative_success(r: &Nbs, s: &State, leader: UnitId) -> State {
    let s = apply(r, s, Action::EndCommand).0;
    let (w, _) = apply(r, &s, Action::RollInitiative { leader });
    let Some(crate::nbs::state::Task::InitiativeRoll { ip, .. }) = w.tasks.last().cloned() else {
        panic!("{:?}", w.tasks)
    };
    let success = (0..36)
        .map(|i| crate::nbs::types::Seq66::from_index(i).unwrap())
        .find(|&q| r.command.initiative(ip, q) == crate::nbs::command::InitiativeResult::Initiative)
        .expect("an initiative result");
    apply(r, &w, d66(u32::from(success.value()))).0
}

/// 10.2f in play: an initiative success lets the leader write his own order, which skips
/// delivery and acceptance (in force at once), a divisional goal included.
#[test]
fn r10_2f_initiative_orders_in_play() {
    use crate::nbs::command::{OrderStatus, Receiver};
    let r = rules("nbs/austerlitz-3");
    let (s, leader, d) = lone_division_command_phase(&r);
    let w = initiative_success(&r, &s, leader);
    assert!(
        matches!(
            w.tasks.last(),
            Some(crate::nbs::state::Task::OrderWriting { .. })
        ),
        "{:?}",
        w.tasks
    );
    let write = legal(&r, &w)
        .into_iter()
        .find(|a| matches!(a, Action::IssueOrder { receiver: Receiver::Command(x), goal: true, .. } if *x == d))
        .expect("a divisional goal for his own division");
    let (done, _) = apply(&r, &w, write);
    let o = done.orders[0]
        .in_force(Receiver::Command(d))
        .expect("in force at once");
    assert!(o.divisional_goal);
    assert!(!matches!(
        o.status,
        OrderStatus::EnRoute { .. } | OrderStatus::Delayed { .. }
    ));
}

/// 10.2f: initiative cannot give the order already on its way: while an Attack goal to the
/// division is still en route, the same order is neither listed nor accepted after an
/// initiative success (naming 10.2f), but a different one is.
#[test]
fn r10_2f_initiative_cannot_repeat_an_order_en_route() {
    use crate::nbs::command::{FormalOrder, Method, OrderKind, OrderStatus, Receiver};
    use alloc::string::String;
    let r = rules("nbs/austerlitz-3");
    let (mut s, leader, d) = lone_division_command_phase(&r);
    let mut cp = 20;
    let n = s.orders[0]
        .issue(
            &r.command,
            FormalOrder {
                sender: id(&r, "L-Napoleon"),
                receiver: Receiver::Command(d),
                kind: OrderKind::Attack,
                method: Method::AideWritten,
                divisional_goal: true,
                text: String::new(),
                same_hex: false,
                route_mp: 40,
            },
            2,
            &mut cp,
        )
        .unwrap();
    assert!(matches!(
        s.orders[0].get(n).unwrap().status,
        OrderStatus::EnRoute { .. }
    ));
    let w = initiative_success(&r, &s, leader);
    let same = Action::IssueOrder {
        sender: leader,
        receiver: Receiver::Command(d),
        kind: OrderKind::Attack,
        method: Method::InPerson,
        goal: true,
        text: String::new(),
    };
    let open = legal(&r, &w);
    assert!(
        !open.contains(&same),
        "the order en route is not offered again"
    );
    let e = r.applied(&w, &same).unwrap_err();
    assert_eq!(e.rule, "10.2f");
    let other = Action::IssueOrder {
        sender: leader,
        receiver: Receiver::Command(d),
        kind: OrderKind::NonAttack,
        method: Method::InPerson,
        goal: true,
        text: String::new(),
    };
    assert!(open.contains(&other));
    assert!(r.applied(&w, &other).is_ok());
    // Other wording makes it a different order.
    let worded = Action::IssueOrder {
        sender: leader,
        receiver: Receiver::Command(d),
        kind: OrderKind::Attack,
        method: Method::InPerson,
        goal: true,
        text: String::from("take Sokolnitz castle instead"),
    };
    assert!(r.applied(&w, &worded).is_ok());
}

#[test]
fn r10_2g_loose_cannon_is_written_by_the_opponent() {
    let mut r = rules_without_orders();
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
    let r = rules_without_orders();
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
    let r = rules_without_orders();
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

/// 10.3a (the fire trigger, digest §8.4 item 1): fire at 2 hexes or less at units on an
/// Attack order marks their command for a stoppage check; fire from 3 hexes does not.
#[test]
fn r10_3a_fire_at_two_hexes_or_less_is_a_stoppage_contact() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 4);
    let gun = id(&r, "4b(h-f)");
    let fire_from = |k: u32, t: UnitId| {
        let mut s = empty(&r, Phase::OffensiveFire);
        s.command.sides[1].contact.clear();
        put(
            &mut s,
            t,
            at,
            Facing::side(dir(Compass::S)),
            Formation::Line,
        );
        put(
            &mut s,
            gun,
            (0..k).fold(at, |h, _| h.neighbor(dir(Compass::S))),
            north(),
            Formation::Unlimbered,
        );
        // A clear daylight turn (19.4).
        s.turn = r.first_turn
            + r.turns
                .iter()
                .position(|t| !t.night && t.visibility.is_none())
                .unwrap() as u16;
        let (f, _) = fire_up_to_the_roll(&r, &s, at, None, &[gun]);
        let (f, _) = apply(&r, &f, d66(11));
        f.command.sides[1].contact.clone()
    };
    // An Allied brigade whose command holds an Attack order (scenario 3's historical
    // orders).
    let t = (0..r.units.len() as UnitId)
        .filter(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(1) && i.kind == UnitKind::Infantry && i.parent.is_none()
        })
        .find(|&u| !fire_from(1, u).is_empty())
        .expect("an Allied brigade on an Attack order");
    assert!(!fire_from(2, t).is_empty(), "2 hexes");
    assert!(fire_from(3, t).is_empty(), "3 hexes: no contact");
}

/// 4 Corps on an Attack order, in contact, at the French Command Phase of turn 2: the
/// stoppage checks that follow, as (command, need).
fn stoppage_after(r: &Nbs, mut s: State, goal_division: Option<u16>) -> Vec<(u16, u8)> {
    use crate::nbs::command::{OrderKind, Receiver};
    let c4 = r
        .formations
        .iter()
        .position(|f| f.side == Side(0) && f.code == "4")
        .unwrap() as u16;
    s.orders[0] = Default::default();
    s.orders[0]
        .preset(
            0,
            Receiver::Corps(c4),
            OrderKind::Attack,
            false,
            alloc::string::String::from("Take the heights."),
        )
        .unwrap();
    let mut contact = alloc::vec![c4];
    if let Some(d) = goal_division {
        s.orders[0]
            .preset(
                0,
                Receiver::Command(d),
                OrderKind::Attack,
                true,
                alloc::string::String::from("Take the village."),
            )
            .unwrap();
        contact.push(d);
    }
    s.turn = 2;
    s.player_turn = 1;
    s.phase = Phase::Command;
    s.tasks.clear();
    r.command_begins(&mut s, &mut Vec::new());
    s.command.sides[0].contact = contact;
    let s = apply(r, &s, Action::EndCommand).0;
    s.tasks
        .iter()
        .filter_map(|t| match t {
            crate::nbs::state::Task::Stoppage { command, need } => Some((*command, *need)),
            _ => None,
        })
        .collect()
}

/// 10.3d, 10.3e: a corps checks with the divisions it has on the map, and a division on a
/// divisional goal is left out of its corps' check and checks alone, as a corps of one.
#[test]
fn r10_3d_r10_3e_stoppage_counts_divisions_on_the_map_and_goals_alone() {
    use crate::nbs::command::stoppage_row;
    let mut r = rules("nbs/austerlitz-3");
    // 1-4 wrecked by one wrecked brigade (its wreck line set to 1 for the test).
    r.divisions.retain(|d| d.0 != "1-4");
    r.divisions.push((alloc::string::String::from("1-4"), 1));
    let r = r;
    let at = clear_spot(&r, 2);
    let c4 = r
        .formations
        .iter()
        .position(|f| f.side == Side(0) && f.code == "4")
        .unwrap() as u16;
    let soult = id(&r, "L-Soult");
    let hq = id(&r, "HQ-4-Corps");
    let rating = r.units[usize::from(soult)].rating;
    let need = |n: u8| {
        r.command
            .stoppage_needed(
                r.command
                    .stoppage_min_roll(stoppage_row(1, false), n, rating)
                    .unwrap(),
                false,
            )
            .unwrap()
    };
    let base = |divs: &[&str]| {
        let mut s = empty(&r, Phase::Command);
        put(&mut s, soult, at, north(), Formation::None);
        put(&mut s, hq, at, north(), Formation::None);
        for (k, d) in divs.iter().enumerate() {
            let u = (0..r.units.len() as UnitId)
                .find(|&u| {
                    r.units[usize::from(u)].wreck_division == *d && r.units[usize::from(u)].combat()
                })
                .unwrap();
            put(&mut s, u, n_of(at, 1 + k as u32), north(), Formation::Line);
            if *d == "1-4" {
                s.units[usize::from(u)].casualties = r.units[usize::from(u)].wreck_boxes;
            }
        }
        assert!(r.division_wrecked(&s, "1-4"));
        s
    };
    // 10.3d: three divisions on the map (1-4 wrecked), then 1-4 alone (the others have not
    // arrived).
    let three = stoppage_after(&r, base(&["1-4", "2-4", "3-4"]), None);
    assert_eq!(three, [(c4, need(3))]);
    let one = stoppage_after(&r, base(&["1-4"]), None);
    assert_eq!(one, [(c4, need(1))]);
    assert_ne!(need(1), need(3), "the count changes the number needed");
    // 10.3e: 3-4 on a divisional goal: the corps checks with two (one wrecked), 3-4 alone
    // with one, not wrecked.
    let d34 = r
        .formations
        .iter()
        .position(|f| f.side == Side(0) && f.code == "3-4")
        .unwrap() as u16;
    let mut checks = stoppage_after(&r, base(&["1-4", "2-4", "3-4"]), Some(d34));
    checks.sort();
    let d_rating = r.units[usize::from(r.formations[usize::from(d34)].leader)].rating;
    let alone = r
        .command
        .stoppage_needed(
            r.command
                .stoppage_min_roll(stoppage_row(0, false), 1, d_rating)
                .unwrap(),
            false,
        )
        .unwrap();
    let mut want = alloc::vec![(c4, need(2)), (d34, alone)];
    want.sort();
    assert_eq!(checks, want);
}

#[test]
fn r10_5a_out_of_radius_steps_only_closer() {
    let r = rules_without_orders();
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

/// 10.5b in play, French side: a division leader who gives his own division a goal by
/// initiative is exempt from his command radius to the corps HQ (10.5a) from the next
/// Movement Phase; without the goal the same position is out of radius.
#[test]
fn r10_5b_french_goal_by_initiative_lifts_the_radius_in_play() {
    use crate::nbs::command::Receiver;
    let r = rules("nbs/austerlitz-3");
    let (s, leader, d) = lone_division_command_phase(&r);
    let corps = r.parent_now(&s, d).expect("the division's corps");
    let hq = r.formations[usize::from(corps)]
        .hq
        .expect("a French corps has an HQ");
    let at = s.units[usize::from(leader)].hex().unwrap();
    let far = (0..12).fold(at, |h, _| h.neighbor(dir(Compass::S)));
    let movement = |mut t: State| {
        put(&mut t, hq, far, north(), Formation::None);
        t.tasks.clear();
        t.phase = Phase::Movement;
        r.movement_begins(&mut t, &mut Vec::new());
        t.units[usize::from(leader)].has(flag::OUT_OF_RADIUS)
    };
    assert!(
        movement(s.clone()),
        "10.5a: 12 hexes from the HQ is out of radius"
    );
    let w = initiative_success(&r, &s, leader);
    let goal = legal(&r, &w)
        .into_iter()
        .find(|a| matches!(a, Action::IssueOrder { receiver: Receiver::Command(x), goal: true, .. } if *x == d))
        .expect("a divisional goal for his own division");
    let (done, _) = apply(&r, &w, goal);
    assert!(done.orders[0].in_force(Receiver::Command(d)).is_some());
    assert!(
        !movement(done),
        "10.5b: the goal exempts the division from its radius"
    );
}

/// 10.5c, AUS 2.2, AUS 2.3: an independent brigade traces its radius (8 MP) to its corps
/// HQ; a Guard brigade traces 4 MP to Bessieres; a division brigade traces to its division
/// leader, not the HQ; a unit whose command post is off the map is exempt.
#[test]
fn r10_5c_aus2_2_aus2_3_independent_and_guard_radii() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 6);
    let f = north();
    let ind = id(&r, "Ind-C-4");
    assert!(r.units[usize::from(ind)].independent);
    let hq = id(&r, "HQ-4-Corps");
    let far = r.board.hexes().find(|h| h.distance(at) >= 20).unwrap();
    let mut s = empty(&r, Phase::Movement);
    put(&mut s, ind, at, f, Formation::Combat);
    assert!(r.recovery_in_radius(&s, ind), "no HQ on the map: exempt");
    put(&mut s, hq, n_of(at, 6), f, Formation::None);
    assert!(r.recovery_in_radius(&s, ind), "6 hexes: within 8 MP");
    put(&mut s, hq, far, f, Formation::None);
    assert!(!r.recovery_in_radius(&s, ind), "20 hexes: out");
    // AUS 2.2: wrecked, it checks with the wrecked-of-wrecked-division line.
    let fresh = standard_shift(&r, &s, at);
    s.units[usize::from(ind)].casualties = r.units[usize::from(ind)].wreck_boxes;
    assert_eq!(
        standard_shift(&r, &s, at) - fresh,
        standard_mod(
            &r,
            crate::nbs::tables::MoraleMod::WreckedBrigadeOfWreckedDivision
        )
    );
    s.units[usize::from(ind)].casualties = 0;
    // A division brigade next to the HQ but far from its division leader is out.
    let b = id(&r, "1-1-4");
    let leader = division_leader(&r, b);
    let mut t = empty(&r, Phase::Movement);
    put(&mut t, b, at, f, Formation::Line);
    put(&mut t, hq, at, f, Formation::None);
    put(&mut t, leader, n_of(at, 6), f, Formation::None);
    assert!(!r.recovery_in_radius(&t, b), "4 MP to the division leader");
    put(&mut t, leader, n_of(at, 2), f, Formation::None);
    assert!(r.recovery_in_radius(&t, b));
    // AUS 2.3: the Guard traces 4 MP to Bessieres.
    let g = id(&r, "1i-IG");
    let bess = id(&r, "L-Bessieres");
    let mut u = empty(&r, Phase::Movement);
    put(&mut u, g, at, f, Formation::Line);
    put(&mut u, bess, n_of(at, 2), f, Formation::None);
    assert!(r.recovery_in_radius(&u, g));
    put(&mut u, bess, n_of(at, 6), f, Formation::None);
    assert!(!r.recovery_in_radius(&u, g), "6 hexes: beyond 4 MP");
}

/// 10.5c, AUS 2.1: the scenario's attachments are read (3D-4 and C-1 with the Cavalry Corps,
/// G-5 detached); the army commander's order to a corps can carry an instruction to detach
/// one of its divisions to another corps, which takes effect when the order is accepted;
/// a division of another corps is refused (10.5c), and a second division away from one
/// corps is refused (AUS 2.1).
#[test]
fn r10_5c_aus2_1_a_division_is_detached_by_an_accepted_order() {
    use crate::nbs::command::{Method, OrderKind, Receiver};
    let r = rules("nbs/austerlitz-3");
    let code = |c: &str, kind: crate::nbs::units::FormKind| {
        r.formations
            .iter()
            .position(|f| f.side == Side(0) && f.code == c && f.kind == kind)
            .unwrap_or_else(|| panic!("formation {c}")) as u16
    };
    use crate::nbs::units::FormKind::{Corps, Division};
    let (c3, c4, c5, cc) = (
        code("3", Corps),
        code("4", Corps),
        code("5", Corps),
        code("C", Corps),
    );
    let (d14, d24, d3d4, g5, d15) = (
        code("1-4", Division),
        code("2-4", Division),
        code("3D-4", Division),
        code("G-5", Division),
        code("1-5", Division),
    );
    let mut s = r.initial_state();
    let allied = Action::Attach {
        order: 1,
        division: d24,
        to: c5,
    };
    assert_eq!(r.applied(&s, &allied).unwrap_err().rule, "AUS 3.6");
    assert_eq!(
        r.parent_now(&s, d3d4),
        Some(cc),
        "scenario: 3D-4 with the Cavalry Corps"
    );
    assert_eq!(r.parent_now(&s, g5), None, "scenario: G-5 detached");
    assert_eq!(r.corps_now(&s, id(&r, "1-3D-4")), Some(cc));
    assert!(!r.divisions_now(&s, c4).contains(&d3d4));

    let (nap, soult) = (id(&r, "L-Napoleon"), id(&r, "L-Soult"));
    let at = s.units[usize::from(soult)].hex().expect("Soult on the map");
    s.units[usize::from(nap)].place = Place::At(at);
    s.player_turn = 1;
    s.phase = Phase::Command;
    s.tasks.clear();
    r.command_begins(&mut s, &mut Vec::new());
    let mut v = Vec::new();
    r.legal_actions(&s, &mut v);
    assert!(
        !v.iter().any(|a| matches!(a, Action::Attach { .. })),
        "no order yet"
    );
    let order = Action::IssueOrder {
        sender: nap,
        receiver: Receiver::Corps(c4),
        kind: OrderKind::NonAttack,
        method: Method::InPerson,
        goal: false,
        text: alloc::string::String::from("Send 2-4 to Lannes."),
    };
    let s = apply(&r, &s, order).0;
    let n = s.orders[0].orders().len() as u16;
    v.clear();
    r.legal_actions(&s, &mut v);
    let attach = Action::Attach {
        order: n,
        division: d24,
        to: c5,
    };
    assert!(v.contains(&attach));
    let e = r
        .applied(
            &s,
            &Action::Attach {
                order: n,
                division: d15,
                to: c3,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "10.5c", "1-5 is not 4 Corps'");
    let s = apply(&r, &s, attach).0;
    assert_eq!(r.parent_now(&s, d24), Some(c4), "not before acceptance");
    // C2, C3, then C4/C5: play the rolls, accepting order n.
    let s = apply(&r, &s, Action::EndCommand).0;
    let s = resolve_all_chance(&r, s);
    let mut s = apply(&r, &s, Action::EndCommand).0;
    while let Actor::Chance(_) = r.actor(&s) {
        let mine = matches!(s.tasks.last(), Some(Task::AcceptanceRoll { order }) if *order == n);
        let mut outs = Vec::new();
        r.legal_actions(&s, &mut outs);
        let next = if mine {
            outs.iter()
                .map(|a| apply(&r, &s, a.clone()).0)
                .find(|x| r.parent_now(x, d24) == Some(c5))
                .expect("some roll accepts the order")
        } else {
            apply(&r, &s, outs[0].clone()).0
        };
        s = next;
    }
    assert_eq!(r.parent_now(&s, d24), Some(c5));
    assert_eq!(r.corps_now(&s, id(&r, "1-2-4")), Some(c5));
    assert!(r.divisions_now(&s, c5).contains(&d24));
    // G-5, detached and awaiting orders, is sent to a corps by an order to G-5 itself.
    let mut g = r.initial_state();
    g.units[usize::from(nap)].place = Place::At(at);
    let g5_leader = r.commander(&g, g5);
    g.units[usize::from(g5_leader)].place = Place::At(at);
    g.player_turn = 1;
    g.phase = Phase::Command;
    g.tasks.clear();
    r.command_begins(&mut g, &mut Vec::new());
    let g = apply(
        &r,
        &g,
        Action::IssueOrder {
            sender: nap,
            receiver: Receiver::Command(g5),
            kind: OrderKind::NonAttack,
            method: Method::InPerson,
            goal: true,
            text: alloc::string::String::from("Join 5 Corps again."),
        },
    )
    .0;
    let gn = g.orders[0].orders().len() as u16;
    v.clear();
    r.legal_actions(&g, &mut v);
    assert!(v.contains(&Action::Attach {
        order: gn,
        division: g5,
        to: c5
    }));
    // AUS 2.1: 4 Corps has one division away; another is refused.
    assert_eq!(r.attach_check(&s, d14, c3).unwrap_err().rule, "AUS 2.1");
    // Back to its own corps is always allowed (it ends the detachment).
    assert!(r.attach_check(&s, d24, c4).is_ok());
}

#[test]
fn aus3_2b_allied_orders_are_goals_and_act_at_once() {
    let r = rules_without_orders();
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
