//! Command and control (10.0–10.5, with the Austerlitz rules AUS 2.x–3.x that change it).
//!
//! The command model is pure data and functions below the rule sections (nothing in it sees
//! the whole game state; the caller passes what a rule needs and stores the returned values),
//! and is re-exported here:
//! * [`CommandTables`] (`tables/command.rs`): the command charts of a scenario, read once:
//!   Command Points, order costs, delivery time, Acceptance Number and Table, delay
//!   reduction, Initiative Table, Corps Attack Stoppage Tables 1 and 2.
//! * [`crate::nbs::order_log`]: the order model (10.1) and the Order Log (10.1d) with delivery,
//!   acceptance, cancellation, delay reduction, implementation at the HQ, initiative and loose
//!   cannon orders; [`crate::nbs::order_log::initiative`]: who may roll for initiative in a turn
//!   (10.2c), the Austerlitz free rolls (AUS 3.2a, 3.2c), the Allied seniority list (AUS 3.3)
//!   and the Francis penalty (AUS 3.5).
//! * [`stoppage`]: counting a formation's divisions for Corps Attack Stoppage (10.3a, AUS 2.2,
//!   2.3, 3.2c).
//!
//! A refusal is a [`CommandError`] naming the rule and saying why in English.
//!
//! The rest of the folder is the command rules in play, as `impl Nbs` blocks: the Command
//! Phase ([`phase`]), command radius (`radius.rs`, `gate.rs`), initiative and stoppage checks
//! (`checks.rs`), attachments (`attach.rs`) and leader losses (`leaders.rs`).

pub(super) mod attach;
mod checks;
mod gate;
pub(super) mod leaders;
pub mod phase;
pub(super) mod radius;
pub mod stoppage;

pub use super::order_log::initiative::{
    ALLIED_SENIORITY, AlliedLeader, Echelon, Emperor, FRANCIS_INITIATIVE_MODIFIER, FreeRoller,
    InitiativeAttempts, Nationality, allied_army_commander, francis_in_command, initiative_points,
};
pub use super::order_log::{
    FormalOrder, InitiativeOrder, LONE_UNIT_RECEIVER_RATING, Order, OrderLog, OrderSource,
    OrderStatus,
};
pub use super::tables::{Acceptance, CommandTables, InitiativeResult, ProvisionalCell};
pub use super::types::{CommandError, Method, OrderKind, Receiver};
pub use stoppage::{DivisionEntry, stoppage_count, stoppage_row};

#[cfg(test)]
mod tests {
    use alloc::string::ToString;
    use alloc::vec;
    use alloc::vec::Vec;

    use super::*;
    use crate::data::Library;
    use crate::nbs::types::Seq66;

    fn tables() -> CommandTables {
        let lib = Library::builtin().unwrap();
        let sc = lib.scenario("nbs/austerlitz-1").unwrap();
        CommandTables::from_scenario(&sc, false).unwrap()
    }

    fn roll(v: u8) -> Seq66 {
        Seq66::from_value(v).unwrap()
    }

    fn formal(receiver: Receiver, kind: OrderKind, method: Method, route_mp: u32) -> FormalOrder {
        FormalOrder {
            sender: 0,
            receiver,
            kind,
            method,
            divisional_goal: false,
            text: "Attack along the road toward the hill.".to_string(),
            same_hex: method == Method::InPerson,
            route_mp,
        }
    }

    /// Logs an order to `receiver` and brings it to `status` (via acceptance on `turn`).
    fn order_with(
        log: &mut OrderLog,
        t: &CommandTables,
        receiver: Receiver,
        result: Acceptance,
        turn: u16,
    ) -> u16 {
        let mut cp = 99;
        let o = formal(receiver, OrderKind::NonAttack, Method::InPerson, 0);
        let n = log.issue(t, o, turn, &mut cp).unwrap();
        log.on_acceptance_result(n, result, turn).unwrap();
        n
    }

    fn status(log: &OrderLog, n: u16) -> OrderStatus {
        log.get(n).unwrap().status
    }

    #[test]
    fn r10_1_order_log_example() {
        // T2: Grouchy (rating 1) sends Davout (rating 4) an aide-written Attack order.
        let t = tables();
        let davout = Receiver::Corps(3);
        let mut log = OrderLog::new();
        let mut cp = t.command_points(1);
        assert_eq!(cp, 10);
        let sent = 2;
        let o = FormalOrder {
            sender: 1,
            ..formal(davout, OrderKind::Attack, Method::AideWritten, 14)
        };
        let n = log.issue(&t, o, sent, &mut cp).unwrap();
        assert_eq!(n, 1);
        assert_eq!(log.get(1).unwrap().cost, 10);
        assert_eq!(cp, 0);
        // Nothing left for another order this turn.
        let o = formal(davout, OrderKind::NonAttack, Method::AideOral, 5);
        assert_eq!(log.issue(&t, o, sent, &mut cp).unwrap_err().rule, "10.1b");
        // 14 MP: two turns on the road.
        assert_eq!(status(&log, 1), OrderStatus::EnRoute { arrives: 4 });
        assert!(log.arriving(3).is_empty());
        let early = log.on_acceptance_result(1, Acceptance::Accepted, 3);
        assert_eq!(early.unwrap_err().rule, "10.1f");
        assert_eq!(log.arriving(4), vec![1]);
        // AN = 1 + 4 + 0 (AW) - 2 (Attack) = 3; roll 25 gives D5.
        let an = t.acceptance_number(1, 4, Method::AideWritten, OrderKind::Attack, false);
        assert_eq!(an, 3);
        let r = t.acceptance(an, roll(25));
        assert_eq!(r, Acceptance::Delayed(5));
        log.on_acceptance_result(1, r, 4).unwrap();
        assert_eq!(status(&log, 1), OrderStatus::Delayed { delay: 5, since: 4 });
        // No delay roll on the turn of the delay result.
        assert!(log.delayed_due(4).is_empty());
        assert_eq!(log.reduce_delay(&t, 1, 6, 4).unwrap_err().rule, "10.1f");
        // Next turn: a 6 lifts the D5.
        assert_eq!(log.delayed_due(5), vec![(1, 5)]);
        assert!(log.reduce_delay(&t, 1, 6, 5).unwrap());
        assert_eq!(status(&log, 1), OrderStatus::Accepted);
        assert!(log.in_force(davout).is_none());
        // Davout rides through his HQ hex first thing in movement.
        assert_eq!(log.touch_base(davout), vec![1]);
        assert_eq!(log.in_force(davout).unwrap().number, 1);
    }

    #[test]
    fn r10_1f_a_failed_delay_roll_keeps_the_delay() {
        let t = tables();
        let mut log = OrderLog::new();
        let n = order_with(&mut log, &t, Receiver::Corps(1), Acceptance::Delayed(5), 1);
        assert!(!log.reduce_delay(&t, n, 4, 2).unwrap());
        assert_eq!(status(&log, n), OrderStatus::Delayed { delay: 5, since: 1 });
        assert!(log.reduce_delay(&t, n, 5, 3).unwrap());
    }

    #[test]
    fn r10_1f_new_order_cancels_a_pending_delay() {
        let t = tables();
        let x = Receiver::Corps(1);
        let y = Receiver::Corps(2);
        let mut log = OrderLog::new();
        let first = order_with(&mut log, &t, x, Acceptance::Delayed(6), 1);
        let other = order_with(&mut log, &t, y, Acceptance::Delayed(6), 1);
        // A second order to X is delayed too: the first delay is cancelled.
        let second = order_with(&mut log, &t, x, Acceptance::Delayed(4), 2);
        assert_eq!(status(&log, first), OrderStatus::Cancelled);
        assert_eq!(
            status(&log, other),
            OrderStatus::Delayed { delay: 6, since: 1 }
        );
        // A third one accepted cancels the second delay.
        let third = order_with(&mut log, &t, x, Acceptance::Accepted, 3);
        assert_eq!(status(&log, second), OrderStatus::Cancelled);
        assert_eq!(status(&log, third), OrderStatus::Accepted);
        // A distorted order changes nothing else.
        let fourth = order_with(&mut log, &t, x, Acceptance::Distorted, 4);
        assert_eq!(status(&log, fourth), OrderStatus::Distorted);
        assert_eq!(status(&log, third), OrderStatus::Accepted);
        // A cancelled order cannot be rolled for.
        assert_eq!(log.reduce_delay(&t, first, 6, 5).unwrap_err().rule, "10.1f");
    }

    #[test]
    fn r10_1f_accepted_order_stays_until_the_new_one_is_accepted() {
        let t = tables();
        let x = Receiver::Command(4);
        let mut log = OrderLog::new();
        let old = order_with(&mut log, &t, x, Acceptance::Accepted, 1);
        // No HQ: in force on acceptance.
        assert_eq!(status(&log, old), OrderStatus::Implemented);
        let new = order_with(&mut log, &t, x, Acceptance::Delayed(5), 2);
        assert_eq!(log.in_force(x).unwrap().number, old);
        assert_eq!(log.delayed(x).unwrap().number, new);
        assert!(log.reduce_delay(&t, new, 5, 3).unwrap());
        assert_eq!(status(&log, old), OrderStatus::Cancelled);
        assert_eq!(log.in_force(x).unwrap().number, new);
        // A travelling order is not touched by another order's acceptance.
        let mut cp = 99;
        let o = formal(x, OrderKind::Attack, Method::AideOral, 25);
        let travelling = log.issue(&t, o, 3, &mut cp).unwrap();
        order_with(&mut log, &t, x, Acceptance::Accepted, 3);
        assert_eq!(
            status(&log, travelling),
            OrderStatus::EnRoute { arrives: 6 }
        );
    }

    #[test]
    fn r10_0a_touch_base() {
        // T17, Council of War: corps leaders in the army commander's hex receive IPO orders.
        let t = tables();
        let (a, b) = (Receiver::Corps(1), Receiver::Corps(2));
        let mut log = OrderLog::new();
        let mut cp = t.command_points(4);
        let oa = log.issue(
            &t,
            formal(a, OrderKind::NonAttack, Method::InPerson, 0),
            5,
            &mut cp,
        );
        let ob = log.issue(
            &t,
            formal(b, OrderKind::Attack, Method::InPerson, 0),
            5,
            &mut cp,
        );
        let (oa, ob) = (oa.unwrap(), ob.unwrap());
        assert_eq!(cp, 15 - 3 - 7);
        // Delivered at once.
        assert_eq!(log.arriving(5), vec![oa, ob]);
        log.on_acceptance_result(oa, Acceptance::Accepted, 5)
            .unwrap();
        log.on_acceptance_result(ob, Acceptance::Delayed(4), 5)
            .unwrap();
        // Accepted, but the corps does nothing until its leader reaches the HQ.
        assert!(log.in_force(a).is_none());
        assert_eq!(log.awaiting_touch_base(a).unwrap().number, oa);
        assert_eq!(log.touch_base(a), vec![oa]);
        assert_eq!(log.in_force(a).unwrap().number, oa);
        // B's delay is lifted while he is still riding back: still not in force.
        assert!(log.reduce_delay(&t, ob, 4, 6).unwrap());
        assert!(log.in_force(b).is_none());
        assert_eq!(log.touch_base(b), vec![ob]);
        assert_eq!(status(&log, ob), OrderStatus::Implemented);
        // Touching base again implements nothing new.
        assert!(log.touch_base(b).is_empty());
        // No HQ (a division leader, an Allied command) or a divisional goal: at once.
        let d = order_with(&mut log, &t, Receiver::Command(9), Acceptance::Accepted, 6);
        assert_eq!(status(&log, d), OrderStatus::Implemented);
        let mut goal = formal(Receiver::Corps(3), OrderKind::Attack, Method::InPerson, 0);
        goal.divisional_goal = true;
        cp = t.command_points(4); // a new turn: a full allowance (10.1b)
        let g = log.issue(&t, goal, 6, &mut cp).unwrap();
        log.on_acceptance_result(g, Acceptance::Accepted, 6)
            .unwrap();
        assert_eq!(status(&log, g), OrderStatus::Implemented);
        // In person needs the same hex.
        let mut far = formal(a, OrderKind::NonAttack, Method::InPerson, 0);
        far.same_hex = false;
        assert_eq!(log.issue(&t, far, 6, &mut cp).unwrap_err().rule, "10.1e");
    }

    #[test]
    fn r10_2_initiative_example() {
        // T3: Ney (rating 2) under Napoleon's anti-initiative -1 has 1 IP.
        let t = tables();
        let ip = initiative_points(2, -1, false);
        assert_eq!(ip, 1);
        for i in 0..36 {
            let r = Seq66::from_index(i).unwrap();
            let expect = match r.value() {
                65..=66 => InitiativeResult::Initiative,
                ..=21 => InitiativeResult::LooseCannon,
                _ => InitiativeResult::NoEffect,
            };
            assert_eq!(t.initiative(ip, r), expect, "roll {r}");
        }
        assert_eq!(t.initiative(ip, roll(63)), InitiativeResult::NoEffect);
        // Ney rolled for his corps: St. Hilaire may not roll this turn.
        let (ney, st_hilaire, vandamme) = (2u16, 20u16, 21u16);
        let mut turn = InitiativeAttempts::new(7);
        let covered = turn.record_corps(ney, &[st_hilaire, vandamme]).unwrap();
        assert_eq!(covered, vec![st_hilaire, vandamme]);
        let e = turn.division_may_roll(Some(ney), st_hilaire).unwrap_err();
        assert_eq!(e.rule, "10.2c");
        assert_eq!(
            turn.record_corps(ney, &[st_hilaire]).unwrap_err().rule,
            "10.2c"
        );
        // Next turn St. Hilaire rolls first and fails: Ney may roll only for the others.
        let mut turn = InitiativeAttempts::new(8);
        turn.record_division(Some(ney), st_hilaire).unwrap();
        assert_eq!(
            turn.record_division(Some(ney), st_hilaire)
                .unwrap_err()
                .rule,
            "10.2c"
        );
        assert_eq!(
            turn.corps_may_roll(ney, &[st_hilaire, vandamme]).unwrap(),
            vec![vandamme]
        );
        turn.record_division(Some(ney), vandamme).unwrap();
        assert_eq!(
            turn.corps_may_roll(ney, &[st_hilaire, vandamme])
                .unwrap_err()
                .rule,
            "10.2c"
        );
        // The army commander never rolls.
        assert_eq!(
            Echelon::Army.may_use_initiative().unwrap_err().rule,
            "10.2c"
        );
        assert!(Echelon::Division.may_use_initiative().is_ok());
    }

    #[test]
    fn r10_2f_initiative_orders() {
        let t = tables();
        let x = Receiver::Corps(1);
        let mut log = OrderLog::new();
        let old = order_with(&mut log, &t, x, Acceptance::Accepted, 1);
        log.touch_base(x);
        let delayed = order_with(&mut log, &t, x, Acceptance::Delayed(6), 2);
        let mut cp = 99;
        let travelling = log
            .issue(
                &t,
                formal(x, OrderKind::Attack, Method::AideWritten, 30),
                2,
                &mut cp,
            )
            .unwrap();
        let mut io = InitiativeOrder {
            leader: 11,
            receiver: x,
            kind: OrderKind::Attack,
            divisional_goal: false,
            text: "Take the village.".to_string(),
            repeats: Some(delayed),
        };
        // Not a way to get the delayed or the travelling order.
        assert_eq!(log.initiative(io.clone(), 3).unwrap_err().rule, "10.2f");
        io.repeats = Some(travelling);
        assert_eq!(log.initiative(io.clone(), 3).unwrap_err().rule, "10.2f");
        // A different order: logged, accepted with no delivery, cancels what X holds.
        io.repeats = None;
        let n = log.initiative(io.clone(), 3).unwrap();
        let o = log.get(n).unwrap();
        assert_eq!(
            (o.source, o.cost, o.method),
            (OrderSource::Initiative, 0, None)
        );
        assert_eq!(o.status, OrderStatus::Accepted);
        assert_eq!(status(&log, old), OrderStatus::Cancelled);
        assert_eq!(status(&log, delayed), OrderStatus::Cancelled);
        assert_eq!(
            status(&log, travelling),
            OrderStatus::EnRoute { arrives: 5 }
        );
        // A corps leader still rides to his HQ; a self-assigned divisional goal acts at once.
        assert_eq!(log.touch_base(x), vec![n]);
        io.divisional_goal = true;
        io.receiver = Receiver::Command(8);
        let g = log.initiative(io, 3).unwrap();
        assert_eq!(status(&log, g), OrderStatus::Implemented);
    }

    #[test]
    fn r10_2g_loose_cannon() {
        let t = tables();
        let x = Receiver::Corps(1);
        let mut log = OrderLog::new();
        let held = order_with(&mut log, &t, x, Acceptance::Accepted, 1);
        let mut cp = 99;
        let travelling = log
            .issue(
                &t,
                formal(x, OrderKind::Attack, Method::AideOral, 12),
                2,
                &mut cp,
            )
            .unwrap();
        let lc = log
            .loose_cannon(
                11,
                x,
                OrderKind::Attack,
                "Move one turn east.".to_string(),
                2,
            )
            .unwrap();
        assert_eq!(status(&log, held), OrderStatus::Cancelled);
        assert_eq!(
            status(&log, travelling),
            OrderStatus::EnRoute { arrives: 4 }
        );
        // In force at once: the opponent puts the leader in his HQ hex.
        assert_eq!(log.in_force(x).unwrap().number, lc);
        assert!(log.end_loose_cannon(2).is_empty());
        assert_eq!(log.end_loose_cannon(3), vec![lc]);
        assert!(log.in_force(x).is_none());
        // An emergency retreat drops what is held, not what travels.
        let n = order_with(&mut log, &t, x, Acceptance::Delayed(4), 3);
        assert_eq!(log.drop_held_orders(x), vec![n]);
        assert_eq!(
            status(&log, travelling),
            OrderStatus::EnRoute { arrives: 4 }
        );
    }

    #[test]
    fn r10_3a_stoppage_examples() {
        let t = tables();
        // T4: three divisions, none wrecked, commander present, rated 3.
        let corps = [DivisionEntry::Division { wrecked: false }; 3];
        let (divisions, wrecked) = stoppage_count(&corps);
        assert_eq!((divisions, wrecked), (3, 0));
        let row = stoppage_row(wrecked, false);
        assert_eq!(t.stoppage_column(row, divisions), Some(1));
        let min = t.stoppage_min_roll(row, divisions, 3).unwrap();
        assert_eq!(min, 3);
        assert!(t.stoppage_passes(min, 3, false));
        assert!(!t.stoppage_passes(min, 2, false));
        // T5: all three wrecked and the commander lost; the new leader is rated 1.
        let corps = [DivisionEntry::Division { wrecked: true }; 3];
        let (divisions, wrecked) = stoppage_count(&corps);
        let row = stoppage_row(wrecked, true);
        assert_eq!(row, 4);
        assert_eq!(t.stoppage_column(row, divisions), Some(4));
        let min = t.stoppage_min_roll(row, divisions, 1).unwrap();
        assert_eq!(min, 11);
        assert!(t.stoppage_passes(min, 11, false));
        assert!(!t.stoppage_passes(min, 10, false));
        // At night the dice lose 3: 14 is needed, which two dice never make.
        assert_eq!(t.stoppage_needed(min, false), Some(11));
        assert_eq!(t.stoppage_needed(min, true), None);
        assert!(!t.stoppage_passes(min, 12, true));
        assert_eq!(t.stoppage_needed(3, true), Some(6));
        // Outside the table.
        assert_eq!(t.stoppage_min_roll(0, 0, 3), None);
        assert_eq!(t.stoppage_min_roll(0, 11, 3), None);
        assert_eq!(t.stoppage_min_roll(5, 3, 3), None);
        assert_eq!(t.stoppage_min_roll(40, 3, 3), None);
    }

    #[test]
    fn aus3_2c_right_two_divisions() {
        // T16: 2 of 3 infantry brigades wrecked (infantry wrecked), 1 of 4 cavalry (not).
        let t = tables();
        let right = [DivisionEntry::right_wing(true, false)];
        let (divisions, wrecked) = stoppage_count(&right);
        assert_eq!((divisions, wrecked), (2, 1));
        assert_eq!(
            t.stoppage_column(stoppage_row(wrecked, false), divisions),
            Some(2)
        );
        // The printed row 1 gives this cell: no completion needed.
        assert!(
            !t.provisional_cells()
                .iter()
                .any(|c| c.row == "1" && c.column == "2")
        );
        // AUS 2.2 and 2.3: the Guard is two divisions, Ind-C-4 and Ind-C-5 none.
        let mixed = [
            DivisionEntry::imperial_guard(false, true),
            DivisionEntry::Division { wrecked: false },
            DivisionEntry::INDEPENDENT_BRIGADE,
            DivisionEntry::INDEPENDENT_BRIGADE,
        ];
        assert_eq!(stoppage_count(&mixed), (3, 1));
    }

    #[test]
    fn aus3_2a_royal_initiative() {
        let t = tables();
        let mut log = OrderLog::new();
        let mut turn = InitiativeAttempts::new(4);
        let alex = FreeRoller::Emperor(Emperor::Alexander);
        // A failed roll grants nothing; the free roll is once a turn.
        turn.record_free_roll(alex, InitiativeResult::NoEffect)
            .unwrap();
        assert_eq!(
            turn.record_free_roll(alex, InitiativeResult::Initiative)
                .unwrap_err()
                .rule,
            "AUS 3.2a"
        );
        let mut turn = InitiativeAttempts::new(5);
        turn.record_free_roll(alex, InitiativeResult::Initiative)
            .unwrap();
        // It uses no formation's attempt.
        assert!(turn.corps_may_roll(1, &[2, 3]).is_ok());
        let o = |method| formal(Receiver::Command(2), OrderKind::Attack, method, 8);
        let e = log
            .issue_royal(
                &t,
                &mut turn,
                Emperor::Alexander,
                Nationality::Austrian,
                o(Method::AideOral),
                5,
            )
            .unwrap_err();
        assert_eq!(e.rule, "AUS 3.2a");
        // Paid as by a 0-rated army commander: 7 points, so no written Attack order.
        let e = log
            .issue_royal(
                &t,
                &mut turn,
                Emperor::Alexander,
                Nationality::Russian,
                o(Method::AideWritten),
                5,
            )
            .unwrap_err();
        assert_eq!(e.rule, "AUS 3.2a");
        let n = log
            .issue_royal(
                &t,
                &mut turn,
                Emperor::Alexander,
                Nationality::Russian,
                o(Method::AideOral),
                5,
            )
            .unwrap();
        let order = log.get(n).unwrap();
        assert_eq!((order.source, order.cost), (OrderSource::Royal, 7));
        assert_eq!(order.status, OrderStatus::EnRoute { arrives: 6 });
        // One order per success.
        assert!(!turn.has_royal_grant(Emperor::Alexander));
        let e = log
            .issue_royal(
                &t,
                &mut turn,
                Emperor::Alexander,
                Nationality::Russian,
                o(Method::AideOral),
                5,
            )
            .unwrap_err();
        assert_eq!(e.rule, "AUS 3.2a");
        // Normal acceptance, sender rated 0.
        assert_eq!(
            t.acceptance_number(0, 2, Method::AideOral, OrderKind::Attack, false),
            -1
        );
    }

    #[test]
    fn aus3_2c_buxhowden_free_roll() {
        let mut turn = InitiativeAttempts::new(3);
        assert_eq!(
            turn.free_roll_allowed(FreeRoller::Buxhowden)
                .unwrap_err()
                .rule,
            "AUS 3.2c"
        );
        let (col1, col2) = (31u16, 32u16);
        turn.set_buxhowden_column(Some(col1));
        turn.record_free_roll(FreeRoller::Buxhowden, InitiativeResult::NoEffect)
            .unwrap();
        // The supplanted column commander may not roll; the other columns may.
        assert_eq!(
            turn.division_may_roll(None, col1).unwrap_err().rule,
            "AUS 3.2c"
        );
        turn.record_division(None, col2).unwrap();
        assert_eq!(
            turn.free_roll_allowed(FreeRoller::Buxhowden)
                .unwrap_err()
                .rule,
            "AUS 3.2c"
        );
    }

    #[test]
    fn aus3_3_seniority_and_aus3_5_francis() {
        use AlliedLeader::*;
        assert_eq!(allied_army_commander(&[]), Some(Katusov));
        assert_eq!(allied_army_commander(&[Katusov]), Some(Alexander));
        assert_eq!(allied_army_commander(&[Alexander]), Some(Katusov));
        assert!(francis_in_command(&[Katusov, Alexander]));
        assert!(!francis_in_command(&[Katusov]));
        let all_but_last: Vec<_> = ALLIED_SENIORITY[..6].to_vec();
        assert_eq!(allied_army_commander(&all_but_last), Some(Kollowrath));
        assert_eq!(allied_army_commander(&ALLIED_SENIORITY), None);
        // AUS 3.5: -2 to acceptance and to Initiative Points.
        let t = tables();
        let an = |f| t.acceptance_number(1, 2, Method::AideOral, OrderKind::NonAttack, f);
        assert_eq!(an(false) - an(true), 2);
        assert_eq!(initiative_points(2, 0, true), 0);
    }

    #[test]
    fn r10_1c_order_log_round_trips_through_json() {
        let t = tables();
        let mut log = OrderLog::new();
        order_with(&mut log, &t, Receiver::Unit(40), Acceptance::Delayed(6), 2);
        let json = serde_json::to_string(&log).unwrap();
        let back: OrderLog = serde_json::from_str(&json).unwrap();
        assert_eq!(back, log);
        let attempts = InitiativeAttempts::new(2);
        let json = serde_json::to_string(&attempts).unwrap();
        assert_eq!(
            serde_json::from_str::<InitiativeAttempts>(&json).unwrap(),
            attempts
        );
    }
}
