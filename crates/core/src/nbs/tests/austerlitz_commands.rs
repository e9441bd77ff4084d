//! The Austerlitz French and Allied special rules (AUS 2.4, AUS 3.2–3.7) and minor variants
//! (AUS 4.1a, AUS 4.2a–4.2c).

use super::kit::{
    apply, clear_spot, d66, dir, division_leader, empty, hex, id, legal, n_of, north, put,
    resolve_all_chance, rules, with_options,
};
use crate::data::Library;
use crate::engine::{Actor, Rules, Side};
use crate::hex::{Compass, Facing};
use crate::nbs::state::{Phase, Place, State, Task, UnitId};
use crate::nbs::types::{Formation, UnitKind};
use crate::nbs::{Action, Nbs};
use alloc::vec::Vec;

/// AUS 2.4, AUS 3.3: with Napoleon lost the French army commander is the highest-rated
/// Marshal on the map (decision); the Allied command passes down the seniority list.
#[test]
fn aus2_4_aus3_3_acting_army_commanders() {
    use crate::nbs::units::Rank;
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::Command);
    let nap = id(&r, "L-Napoleon");
    let f = north();
    assert_eq!(r.army_commander(&s, Side(0)), None, "off the map");
    put(&mut s, nap, at, f, Formation::None);
    assert_eq!(r.army_commander(&s, Side(0)), Some(nap));
    let mut marshals: Vec<UnitId> = (0..r.units.len() as UnitId)
        .filter(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(0) && i.kind == UnitKind::Leader && i.rank == Rank::Corps
        })
        .collect();
    marshals.sort_by_key(|&u| r.units[usize::from(u)].rating);
    let (low, high) = (marshals[0], *marshals.last().unwrap());
    assert!(r.units[usize::from(high)].rating > r.units[usize::from(low)].rating);
    put(&mut s, low, n_of(at, 1), f, Formation::None);
    put(&mut s, high, n_of(at, 2), f, Formation::None);
    s.units[usize::from(nap)].place = Place::Gone;
    assert_eq!(r.army_commander(&s, Side(0)), Some(high));
    s.units[usize::from(high)].place = Place::Gone;
    assert_eq!(r.army_commander(&s, Side(0)), Some(low));
    // The Allies: Katusov, then Alexander, then Francis.
    let kat = id(&r, "L-Katusov");
    let alex = id(&r, "L-Alexander-I");
    let fra = id(&r, "L-Francis-I");
    for u in [kat, alex, fra] {
        put(
            &mut s,
            u,
            n_of(at, 3).neighbor(dir(Compass::NE)),
            f,
            Formation::None,
        );
    }
    assert_eq!(r.army_commander(&s, Side(1)), Some(kat));
    s.units[usize::from(kat)].place = Place::Gone;
    assert_eq!(r.army_commander(&s, Side(1)), Some(alex));
    s.units[usize::from(alex)].place = Place::Gone;
    assert_eq!(r.army_commander(&s, Side(1)), Some(fra));
}

/// The Allied Command Phase of a clear daylight turn, in its initiative segment.
fn allied_initiative(r: &Nbs, mut s: State) -> State {
    s.turn = r.first_turn
        + r.turns
            .iter()
            .position(|t| !t.night && t.visibility.is_none())
            .unwrap() as u16;
    s.player_turn = 0;
    s.phase = Phase::Command;
    s.tasks.clear();
    r.command_begins(&mut s, &mut Vec::new());
    let mut s = apply(r, &s, Action::EndCommand).0;
    // Any order writing the segment asks for first is not under test.
    while !s.tasks.is_empty() && !matches!(r.actor(&s), crate::engine::Actor::Chance(_)) {
        let v = legal(r, &s);
        s = apply(r, &s, v[0].clone()).0;
    }
    s
}

/// A roll of the Initiative Table giving no effect at `ip`.
fn no_effect_roll(r: &Nbs, ip: i8) -> u32 {
    (0..36)
        .map(|i| crate::nbs::types::Seq66::from_index(i).unwrap())
        .find(|&q| r.command.initiative(ip, q) == crate::nbs::command::InitiativeResult::NoEffect)
        .map(|q| u32::from(q.value()))
        .expect("a no-effect roll")
}

/// AUS 3.2a, 3.2c, 3.5 in play: each Emperor and Buxhowden have one free initiative roll a
/// turn; the column commander Buxhowden supplants may not roll; while Francis commands the
/// army, Allied Initiative Points are 2 lower.
#[test]
fn aus3_2a_aus3_2c_aus3_5_allied_initiative_in_play() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 4);
    let f = north();
    let mut s = empty(&r, Phase::Command);
    let alex = id(&r, "L-Alexander-I");
    let kat = id(&r, "L-Katusov");
    let bux = id(&r, "L-Buxhowden");
    let doc = id(&r, "L-Doctorov");
    let kein = id(&r, "L-Keinmeyer");
    put(&mut s, kat, n_of(at, 3), f, Formation::None);
    put(&mut s, alex, n_of(at, 3), f, Formation::None);
    let col1 = (0..r.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].division == "1-L" && r.units[usize::from(u)].combat())
        .expect("a 1-L brigade");
    put(&mut s, col1, at, f, Formation::Line);
    put(&mut s, doc, at, f, Formation::None);
    put(&mut s, bux, at, f, Formation::None);
    let kein_unit = (0..r.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].division == "AG-L" && r.units[usize::from(u)].combat())
        .expect("an AG-L unit");
    let south = at.neighbor(dir(Compass::S)).neighbor(dir(Compass::S));
    put(&mut s, kein_unit, south, f, Formation::Line);
    put(&mut s, kein, south, f, Formation::None);
    let s = allied_initiative(&r, s);
    let v = legal(&r, &s);
    let roll_of = |l: UnitId| Action::RollInitiative { leader: l };
    assert!(v.contains(&roll_of(alex)), "AUS 3.2a: {v:?}");
    assert!(v.contains(&roll_of(bux)), "AUS 3.2c");
    assert!(!v.contains(&roll_of(doc)), "supplanted by Buxhowden");
    assert!(r.applied(&s, &roll_of(doc)).is_err());
    // The Emperor's free roll, once.
    let (w, _) = apply(&r, &s, roll_of(alex));
    let Some(crate::nbs::state::Task::InitiativeRoll { ip, .. }) = w.tasks.last().cloned() else {
        panic!("{:?}", w.tasks)
    };
    let (after, _) = apply(&r, &w, d66(no_effect_roll(&r, ip)));
    assert!(after.tasks.is_empty(), "{:?}", after.tasks);
    assert_eq!(
        r.applied(&after, &roll_of(alex)).unwrap_err().rule,
        "AUS 3.2a"
    );
    // It did not use up the others' rolls: Keinmeyer and Buxhowden still may.
    let v = legal(&r, &after);
    assert!(v.contains(&roll_of(kein)) && v.contains(&roll_of(bux)));
    // Buxhowden's free roll, once.
    let (w, _) = apply(&r, &after, roll_of(bux));
    let Some(crate::nbs::state::Task::InitiativeRoll { ip, .. }) = w.tasks.last().cloned() else {
        panic!()
    };
    let (after2, _) = apply(&r, &w, d66(no_effect_roll(&r, ip)));
    assert_eq!(
        r.applied(&after2, &roll_of(bux)).unwrap_err().rule,
        "AUS 3.2c"
    );
    // AUS 3.5: Keinmeyer's Initiative Points, with Katusov commanding and with Francis.
    let ip_of = |s: &State| {
        let (w, _) = apply(&r, s, roll_of(kein));
        match w.tasks.last() {
            Some(crate::nbs::state::Task::InitiativeRoll { ip, .. }) => *ip,
            other => panic!("{other:?}"),
        }
    };
    let normal = ip_of(&after);
    let mut f_cmd = empty(&r, Phase::Command);
    let fra = id(&r, "L-Francis-I");
    f_cmd.units[usize::from(kat)].place = Place::Gone;
    f_cmd.units[usize::from(alex)].place = Place::Gone;
    put(&mut f_cmd, fra, n_of(at, 3), f, Formation::None);
    put(&mut f_cmd, kein_unit, south, f, Formation::Line);
    put(&mut f_cmd, kein, south, f, Formation::None);
    let f_cmd = allied_initiative(&r, f_cmd);
    assert_eq!(r.army_commander(&f_cmd, Side(1)), Some(fra));
    let with_francis = ip_of(&f_cmd);
    assert_eq!(
        i16::from(with_francis),
        (i16::from(normal) - 2).max(0),
        "AUS 3.5: −2 while Francis commands"
    );
    assert!(normal >= 2, "Keinmeyer's points show the full −2: {normal}");
}

/// AUS 3.6: Katusov sends his orders to the Allied commands as divisional goals, which go
/// into force for the command; no action attaches one command to another; a single brigade
/// may be given a goal of its own.
#[test]
fn aus3_6_allied_commands_receive_divisional_goals() {
    use crate::nbs::command::Receiver;
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::Command);
    s.orders[1] = Default::default();
    let kat = id(&r, "L-Katusov");
    let hq = id(&r, "HQ-Allied-Army");
    let b = id(&r, "Y2-1-L");
    let lead = division_leader(&r, b);
    let f = r.formations.iter().position(|x| x.leader == lead).unwrap() as u16;
    put(&mut s, kat, at, north(), Formation::None);
    put(&mut s, hq, at, north(), Formation::None);
    put(&mut s, b, n_of(at, 2), north(), Formation::Line);
    put(&mut s, lead, n_of(at, 2), north(), Formation::None);
    s.turn = 2;
    s.player_turn = 0;
    r.command_begins(&mut s, &mut Vec::new());
    let v = legal(&r, &s);
    let orders: Vec<&Action> = v
        .iter()
        .filter(|a| matches!(a, Action::IssueOrder { .. }))
        .collect();
    assert!(!orders.is_empty(), "{v:?}");
    assert!(
        orders
            .iter()
            .all(|a| matches!(a, Action::IssueOrder { goal: true, .. })),
        "every Allied order is a divisional goal (AUS 3.2b)"
    );
    let goal = orders
        .iter()
        .find(|a| matches!(a, Action::IssueOrder { receiver: Receiver::Command(x), .. } if *x == f))
        .expect("a goal for Y2-1-L's command");
    let (t, _) = apply(&r, &s, (*goal).clone());
    assert!(
        t.orders[1]
            .orders()
            .iter()
            .any(|o| o.receiver == Receiver::Command(f) && o.divisional_goal)
    );
    // Any single brigade may get a goal of its own, as a lone receiver.
    let single = orders
        .iter()
        .find(|a| matches!(a, Action::IssueOrder { receiver: Receiver::Unit(x), goal: true, .. } if *x == b))
        .expect("a goal for the brigade Y2-1-L alone (AUS 3.6)");
    let (t, _) = apply(&r, &s, (*single).clone());
    assert!(
        t.orders[1]
            .orders()
            .iter()
            .any(|o| o.receiver == Receiver::Unit(b) && o.divisional_goal)
    );
}

/// AUS 3.7: Liechtenstein's cavalry is one division: every unit of the Cv command shares one
/// division code, whose formation Liechtenstein leads.
#[test]
fn aus3_7_liechtensteins_cavalry_is_one_division() {
    let r = rules("nbs/austerlitz-3");
    let lie = id(&r, "L-Liechtenstein");
    let cv: Vec<&crate::nbs::units::UnitInfo> = r
        .units
        .iter()
        .filter(|i| i.side == Side(1) && i.corps == "Cv" && i.combat())
        .collect();
    assert!(cv.len() >= 4);
    let code = &cv[0].division;
    assert!(cv.iter().all(|i| &i.division == code));
    let f: Vec<&crate::nbs::units::Formation> = r
        .formations
        .iter()
        .filter(|f| f.side == Side(1) && &f.code == code)
        .collect();
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].leader, lie);
}

/// The Allied Initiative segment of the first turn of scenario 3 (AUS 5.2: the Allies first).
fn allied_initiative_segment(r: &Nbs) -> State {
    let s = r.initial_state();
    assert_eq!((s.phase, r.phasing(&s)), (Phase::Command, Side(1)));
    let s = apply(r, &s, Action::EndCommand).0;
    let s = resolve_all_chance(r, s);
    assert_eq!(s.command.segment, 1);
    s
}

/// AUS 4.1a: a selected Emperor must roll for initiative each turn (the segment cannot end
/// before, naming AUS 4.1a); his loose cannon lets the French write one order to an Allied
/// force of his nation; each selected Emperor gives the Allies 2 VP. The `aus-4.1a-total`
/// reading takes loose cannon from a dice total of 2 or 3 only.
#[test]
fn aus4_1a_selected_emperor_must_roll_and_the_french_order_his_loose_cannon() {
    use crate::nbs::command::OrderSource;
    let plain = rules("nbs/austerlitz-3");
    let alex = id(&plain, "L-Alexander-I");
    let s = allied_initiative_segment(&plain);
    let mut v = Vec::new();
    plain.legal_actions(&s, &mut v);
    assert!(
        v.contains(&Action::EndCommand),
        "unselected: the royal roll is free"
    );

    let r = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.1a-alexander": true }),
    )
    .unwrap();
    assert_eq!(r.initial_state().vp, [0, 2], "AUS 4.1a: 2 VP to the Allies");
    let s = allied_initiative_segment(&r);
    v.clear();
    r.legal_actions(&s, &mut v);
    assert!(!v.contains(&Action::EndCommand));
    assert!(v.contains(&Action::RollInitiative { leader: alex }));
    assert_eq!(
        r.applied(&s, &Action::EndCommand).unwrap_err().rule,
        "AUS 4.1a"
    );
    let rolled = apply(&r, &s, Action::RollInitiative { leader: alex }).0;
    // 0 IP: 22 is in the table's loose-cannon range (11..25).
    let lc = apply(&r, &rolled, d66(22)).0;
    match lc.tasks.last() {
        Some(Task::OrderWriting {
            leader,
            receivers,
            source: OrderSource::LooseCannon,
        }) => {
            assert_eq!(*leader, alex);
            assert!(!receivers.is_empty());
        }
        t => panic!("expected the French loose-cannon order, got {t:?}"),
    }
    assert_eq!(
        r.actor(&lc),
        Actor::Player(Side(0)),
        "10.2g: the enemy writes it"
    );
    v.clear();
    r.legal_actions(&lc, &mut v);
    let order = v[0].clone();
    assert!(matches!(order, Action::IssueOrder { .. }));
    let after = apply(&r, &lc, order).0;
    v.clear();
    r.legal_actions(&after, &mut v);
    assert!(v.contains(&Action::EndCommand), "he has rolled this turn");

    // Reading `aus-4.1a-total`: 22 (total 4) is no effect, 21 (total 3) is loose cannon.
    let t = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.1a-alexander": true, "aus-4.1a-total": true }),
    )
    .unwrap();
    let s = allied_initiative_segment(&t);
    let rolled = apply(&t, &s, Action::RollInitiative { leader: alex }).0;
    assert!(apply(&t, &rolled, d66(22)).0.tasks.is_empty());
    assert!(matches!(
        apply(&t, &rolled, d66(21)).0.tasks.last(),
        Some(Task::OrderWriting {
            source: OrderSource::LooseCannon,
            ..
        })
    ));
    // Options the scenario does not offer (here an old id) are refused, not ignored.
    let e = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.2c-one": true }),
    )
    .unwrap_err();
    assert!(alloc::format!("{e}").contains("aus-4.2c-one"), "{e}");
}

/// AUS 4.2a: with the option on, Katusov plays on his inverted side (rating 3, the counter's
/// `rating_inverted`) and the French start with the variant's 5 VPs; off (the default), his
/// front side and no VPs. An option the scenario does not offer is refused.
#[test]
fn aus4_2a_katusov_inverted_option() {
    let lib = Library::builtin().unwrap();
    let with = |id: &str, opts: serde_json::Value| {
        let mut sc = lib.scenario(id).unwrap();
        let mut rules = serde_json::to_value(&sc.scenario.rules).unwrap();
        rules["options"] = opts;
        sc.scenario.rules = serde_json::from_value(rules).unwrap();
        Nbs::new(&sc)
    };
    let plain = rules("nbs/austerlitz-3");
    let kat = id(&plain, "L-Katusov");
    let s = plain.initial_state();
    assert_eq!(
        plain.leader_rating(&s, kat),
        plain.units[usize::from(kat)].rating
    );
    assert_eq!(s.vp, [0, 0]);
    let r = with("nbs/austerlitz-3", serde_json::json!({ "aus-4.2a": true })).unwrap();
    let s = r.initial_state();
    assert_eq!(r.leader_rating(&s, kat), 3);
    assert_eq!(s.vp[Side(0).index()], 5);
    let e = with("nbs/austerlitz-1", serde_json::json!({ "aus-4.2a": true })).unwrap_err();
    assert!(alloc::format!("{e}").contains("aus-4.2a"), "{e}");
}

/// AUS 4.2b: with the option, 1-L, 2-L and 3-L form one corps under Buxhowden (8 VP to the
/// French): orders to it are not divisional goals, its brigades follow them, Buxhowden
/// rolls initiative for the whole wing instead of his AUS 3.2c free roll, and the column
/// leaders trace command radius to him as to a corps HQ.
#[test]
fn aus4_2b_buxhowden_commands_the_left_wing_as_a_corps() {
    use crate::nbs::command::Receiver;
    use crate::nbs::units::FormKind;
    let plain = rules("nbs/austerlitz-3");
    let r = with_options("nbs/austerlitz-3", serde_json::json!({ "aus-4.2b": true })).unwrap();
    assert_eq!(r.initial_state().vp, [8, 0]);
    let wing = r
        .formations
        .iter()
        .position(|f| f.kind == FormKind::Wing)
        .expect("the wing") as u16;
    let bux = id(&r, "L-Buxhowden");
    let col = |r: &Nbs, c: &str| {
        r.formations
            .iter()
            .position(|f| f.side == Side(1) && f.code == c)
            .unwrap() as u16
    };
    let s = r.initial_state();
    assert_eq!(r.commander(&s, wing), bux);
    for c in ["1-L", "2-L", "3-L"] {
        assert_eq!(r.parent_now(&s, col(&r, c)), Some(wing));
    }
    assert_eq!(
        r.parent_now(&s, col(&r, "AG-L")),
        None,
        "AG-L is not in the wing"
    );
    let brigade = (0..r.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].division == "2-L" && r.units[usize::from(u)].combat())
        .unwrap();
    assert_eq!(r.corps_now(&s, brigade), Some(wing));
    assert_eq!(plain.corps_now(&plain.initial_state(), brigade), None);
    assert!(
        r.receivers(&s, Side(1))
            .contains(&(Receiver::Command(wing), false))
    );
    // Initiative: Buxhowden rolls for the wing.
    let seg = allied_initiative_segment(&r);
    if seg.units[usize::from(bux)].hex().is_some() {
        let rolled = apply(&r, &seg, Action::RollInitiative { leader: bux }).0;
        assert!(matches!(
            rolled.tasks.last(),
            Some(Task::InitiativeRoll { force: Receiver::Command(f), .. }) if *f == wing
        ));
    }
    // Command radius: a column leader far from Buxhowden is out of radius at the start of
    // the Movement Phase; without the option he is bound to no one.
    let doct = id(&r, "L-Doctorov");
    for (rr, bound) in [(&r, true), (&plain, false)] {
        let mut s = empty(rr, Phase::Movement);
        s.player_turn = 0; // the Allies
        let a = hex(rr, "B40.12");
        let mut far = a;
        for _ in 0..12 {
            far = far.neighbor(dir(Compass::S));
        }
        let f = Facing::side(dir(Compass::N));
        put(&mut s, bux, a, f, Formation::None);
        put(&mut s, doct, far, f, Formation::None);
        rr.movement_begins(&mut s, &mut Vec::new());
        assert_eq!(
            s.units[usize::from(doct)].has(crate::nbs::state::flag::OUT_OF_RADIUS),
            bound,
            "AUS 4.2b on: {bound}"
        );
    }
}

/// AUS 4.2c: returned Left Wing columns leave the set-up, arrive with Bagration and join the
/// Right Wing, which acts as a corps under him; a replacement leads the original Right
/// command; each column gives the French 2 VP; at most two columns.
#[test]
fn aus4_2c_columns_returned_to_bagration_arrive_with_the_right_wing() {
    use crate::nbs::command::{OrderStatus, Receiver};
    use crate::nbs::units::FormKind;
    let plain = rules("nbs/austerlitz-3");
    let p0 = plain.initial_state();
    let r = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.2c-2-L": true, "aus-4.2c-3-L": true }),
    )
    .unwrap();
    let s = r.initial_state();
    assert_eq!(s.vp[0], p0.vp[0] + 4, "2 VP per column");
    let code = |r: &Nbs, c: &str| {
        r.formations
            .iter()
            .position(|f| f.side == Side(1) && f.code == c)
            .unwrap() as u16
    };
    let wing = r
        .formations
        .iter()
        .position(|f| f.kind == FormKind::Wing && f.code == "R")
        .expect("the Right Wing as a corps") as u16;
    let bag = id(&r, "L-Bagration");
    let rep = id(&r, "L-Replacement-Right");
    assert_eq!(r.formations[usize::from(wing)].leader, bag);
    let right = code(&r, "Right");
    assert_eq!(r.formations[usize::from(right)].leader, rep);
    assert_eq!(r.units[usize::from(rep)].rating, r.replacement_rating);
    for c in ["Right", "2-L", "3-L"] {
        assert_eq!(r.parent_now(&s, code(&r, c)), Some(wing), "{c}");
    }
    assert_eq!(r.parent_now(&s, code(&r, "1-L")), None);
    // The columns' units left the set-up and arrive when and where Bagration does.
    let bag_arrival = r.arrivals.iter().find(|a| a.unit == bag).unwrap();
    for (i, info) in r.units.iter().enumerate() {
        if info.side == Side(1)
            && info.parent.is_none()
            && (info.division == "2-L" || info.division == "3-L")
        {
            assert!(
                p0.units[i].hex().is_some(),
                "{} set up in the plain game",
                info.id
            );
            assert_eq!(s.units[i].place, Place::Off, "{}", info.id);
            let a = r
                .arrivals
                .iter()
                .find(|a| usize::from(a.unit) == i)
                .unwrap();
            assert_eq!(
                (a.turn, a.hex),
                (bag_arrival.turn, bag_arrival.hex),
                "{}",
                info.id
            );
        }
    }
    assert!(r.arrivals.iter().any(|a| a.unit == rep));
    // Their historical orders are withdrawn; 1-L keeps its own.
    for c in ["2-L", "3-L"] {
        let rc = Receiver::Command(code(&r, c));
        assert!(
            s.orders[1]
                .orders()
                .iter()
                .filter(|o| o.receiver == rc)
                .all(|o| o.status == OrderStatus::Cancelled)
        );
    }
    assert!(
        s.orders[1]
            .in_force(Receiver::Command(code(&r, "1-L")))
            .is_some()
    );
    // Buxhowden keeps only 1-L.
    let (_, cols) = r.buxhowden.as_ref().unwrap();
    assert_eq!(cols.len(), 1);
    // Three columns: refused naming the rule.
    let e = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.2c-1-L": true, "aus-4.2c-2-L": true, "aus-4.2c-3-L": true }),
    )
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("AUS 4.2c"), "{e}");
    // Scenario 2 begins at 9:00am: not offered.
    assert!(
        with_options(
            "nbs/austerlitz-2",
            serde_json::json!({ "aus-4.2c-1-L": true })
        )
        .is_err()
    );
}
