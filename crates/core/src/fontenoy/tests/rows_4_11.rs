//! Rows of 4.0–11.0 closed in the triage of issue 27: initiative (6.1b), Wing Activation
//! (6.5b–d, 7.4b, 7.6b), Non-Divisional Commanders (6.6b, 6.6c, 6.6e), Lines of Command (7.0,
//! 7.1, 7.3a, 7.3e), Unit Initiative (7.4c), the Out-of-Command limits on wheels (7.6c) and the
//! worked examples E05 and E08.

use super::movement::mover;
use super::multihex::{ENEMY, U, dir, enemy_column, set};
use super::*;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::command::loc::Tracer;
use crate::fontenoy::event::CommandBy;
use crate::fontenoy::geometry::{HookSide, line_hexes};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Act, Segment, Step};
use crate::fontenoy::types::Pts;
use crate::hex::Facing;

/// Two armies: French CinC (+2, WAN 5, CD 10) at S0510 with Divisions A (0: Da, 1 AAA at
/// S0410) and B (1: Db, 1 BBB at S0610); Allied CinC (+1, WAN 6) with Divisions C, D, E
/// (2–4) far off. Counters: 0 Saxe, 1 Da, 2 1 AAA, 3 Db, 4 1 BBB, 5 Cumberland, then the
/// Allied commanders and units.
fn armies() -> World {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0510", 10, 5);
    w.cinc(f, 2, 5);
    let a = w.commander("Da", Side(0), "S0410", 4, 4);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S0410", 1);
    w.division("A", Side(0), Some(a), &[a1]);
    let b = w.commander("Db", Side(0), "S0610", 4, 4);
    let b1 = w.infantry("1 BBB", Side(0), "BBB", "S0610", 1);
    w.division("B", Side(0), Some(b), &[b1]);
    let al = w.commander("Cumberland", Side(1), "S2010", 10, 5);
    w.cinc(al, 1, 6);
    for (n, hx) in [("C", "S1910"), ("D", "S2110"), ("E", "S2012")] {
        let c = w.commander(&alloc::format!("D{n}"), Side(1), hx, 4, 4);
        let u = w.infantry(&alloc::format!("1 {n}{n}{n}"), Side(1), n, hx, 7);
        w.division(n, Side(1), Some(c), &[u]);
    }
    w
}

const SAXE: UnitId = 0;
const DA: UnitId = 1;
const DB: UnitId = 3;
const B1: UnitId = 4;

fn put(w: &mut World, u: UnitId, at: &str) {
    w.unit_state[usize::from(u)].place =
        Place::Map(Placed::at(hex(at), Facing::new(1).expect("a facing")));
}

fn status(ev: &[Event], u: UnitId) -> Option<CommandBy> {
    ev.iter().find_map(|e| match e {
        Event::Command { unit, by } if *unit == u => Some(*by),
        _ => None,
    })
}

fn refusal(r: &Fontenoy, s: &State, a: Action) -> String {
    let mut ev = Vec::new();
    let e = r.apply(&mut s.clone(), &a, &mut ev).expect_err("refused");
    e.rule.to_string()
}

/// The French win the Initiative (6 against 1) and activate Division `d` with `designate`;
/// the designations end and any Commander Initiative roll passes.
fn french_activation(r: &Fontenoy, s: &mut State, d: DivId, designate: &[Action]) -> Vec<Event> {
    initiative(r, s, 6, 1);
    apply(r, s, Action::ActivateOwn);
    apply(r, s, Action::Activate { division: d });
    for a in designate {
        apply(r, s, a.clone());
    }
    let mut ev = apply(r, s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. }) = s.steps.last() {
        ev.extend(apply(r, s, d10(0)));
    }
    ev
}

/// Ends the fire, movement and close combat segments.
fn end_segments(r: &Fontenoy, s: &mut State) {
    for _ in 0..3 {
        apply(r, s, Action::EndSegment);
    }
}

#[test]
fn r6_1b_a_moved_cinc_and_the_spent_rating_lower_the_roll_never_below_0() {
    let mut w = armies();
    w.cinc(SAXE, 4, 5);
    let (r, mut s) = w.build();
    s.armies[0].cinc_moved = true;
    s.armies[0].rating_spent = 1;
    // French 6 + (4 − 2 − 1) = 7 against Allied 5 + 1 = 6.
    let ev = initiative(&r, &mut s, 6, 5);
    assert!(
        ev.contains(&Event::Initiative {
            dice: [6, 5],
            totals: Some([7, 6]),
            marker: false
        }),
        "{ev:?}"
    );
    // A rating of 1 after a move counts 0, not −1: French 3 + 0 against Allied 2 + 1, a tie.
    let mut w = armies();
    w.cinc(SAXE, 1, 5);
    let (r, mut s) = w.build();
    s.armies[0].cinc_moved = true;
    let ev = initiative(&r, &mut s, 3, 2);
    assert!(ev.contains(&Event::Reroll { double_zero: false }), "{ev:?}");
}

#[test]
fn r6_5b_r7_6b_an_out_of_command_wing_commander_is_finished_and_makes_no_wing_activation() {
    let mut w = armies();
    // The Wing Commander beyond the CinC's Command Distance 10, Division B within his own.
    let wc = w.commander("Lutteaux", Side(0), "S0528", 6, 3);
    w.wing("Left", Side(0), wc, &[0, 1]);
    put(&mut w, DB, "S0526");
    put(&mut w, B1, "S0526");
    let (r, mut s) = w.build();
    assert_eq!(r.open_wings(&s, Side(0)), alloc::vec![0]);
    // He goes with Division A as a Non-Divisional Commander: no line reaches him.
    let ev = french_activation(
        &r,
        &mut s,
        0,
        &[Action::ActivateCommander { commander: wc }],
    );
    assert_eq!(status(&ev, wc), Some(CommandBy::None));
    end_segments(&r, &mut s);
    assert_eq!(s.unit(wc).act, Act::Finished);
    // 8 against 3 would allow a Wing Activation (6.5a), but his Wing has none now.
    initiative(&r, &mut s, 8, 3);
    assert!(r.open_wings(&s, Side(0)).is_empty());
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::WingActivation { .. }))
    );
    let mut ev = Vec::new();
    let e = r
        .begin_wing(&mut s.clone(), Side(0), 0, &mut ev)
        .expect_err("6.5b");
    assert_eq!(e.rule, "6.5b");
}

#[test]
fn r6_5c_a_division_beyond_the_wing_commanders_line_may_not_join() {
    let mut w = armies();
    let wc = w.commander("Lutteaux", Side(0), "S0511", 6, 3);
    w.wing("Left", Side(0), wc, &[0, 1]);
    // Division B's commander 9 hexes from the Wing Commander (Command Distance 6).
    put(&mut w, DB, "S0520");
    put(&mut w, B1, "S0520");
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 8, 3);
    apply(&r, &mut s, Action::WingActivation { wing: 0 });
    // Only Division A is a candidate, so it must join.
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::WingJoin {
            division: 0,
            join: true
        }]
    );
    let ev = apply(
        &r,
        &mut s,
        Action::WingJoin {
            division: 0,
            join: true,
        },
    );
    assert!(ev.contains(&Event::Activated {
        side: Side(0),
        divisions: alloc::vec![0],
        wing: Some(0),
        restricted: false
    }));
    assert!(!s.division_done(1), "Division B may activate later");
}

#[test]
fn r7_4b_a_wing_commander_passing_his_initiative_makes_the_wing_activation() {
    let mut w = armies();
    let wc = w.commander("Lutteaux", Side(0), "S0528", 6, 3);
    w.wing("Left", Side(0), wc, &[0, 1]);
    put(&mut w, DA, "S0526");
    put(&mut w, 2, "S0526");
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 8, 3);
    apply(&r, &mut s, Action::WingActivation { wing: 0 });
    assert_eq!(s.steps.last(), Some(&Step::WingInitiative { wing: 0 }));
    let ev = apply(&r, &mut s, d10(3)); // 3 ≤ rating 3
    assert!(ev.contains(&Event::InitiativeCheck {
        unit: wc,
        roll: 3,
        rating: 3,
        passed: true
    }));
    // Division A is within his line, Division B (S0610) is not.
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::WingJoin {
            division: 0,
            join: true
        }]
    );
    let ev = apply(
        &r,
        &mut s,
        Action::WingJoin {
            division: 0,
            join: true,
        },
    );
    assert!(ev.contains(&Event::Activated {
        side: Side(0),
        divisions: alloc::vec![0],
        wing: Some(0),
        restricted: false
    }));
    assert_eq!(s.unit(wc).act, Act::Active);
    assert_eq!(s.unit(wc).command, Some(true));
}

#[test]
fn r6_5d_r6_6e_a_wing_activates_as_one_attaches_outsiders_and_takes_independents_and_commanders() {
    let mut w = armies();
    let wc = w.commander("Lutteaux", Side(0), "S0511", 6, 3);
    // Division R of the Wing has no commander (never a candidate); Division Q is outside it.
    let r1 = w.infantry("1 RRR", Side(0), "RRR", "S0511", 1);
    let rr = w.division("R", Side(0), None, &[r1]);
    let q1 = w.infantry("1 QQQ", Side(0), "QQQ", "S0511", 1);
    w.division("Q", Side(0), None, &[q1]);
    w.wing("Left", Side(0), wc, &[0, 1, rr]);
    let ind = w.infantry("IND", Side(0), "IND", "S0512", 1);
    w.independent(ind);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 8, 3);
    apply(&r, &mut s, Action::WingActivation { wing: 0 });
    for d in [0, 1] {
        apply(
            &r,
            &mut s,
            Action::WingJoin {
                division: d,
                join: true,
            },
        );
    }
    let l = legal(&r, &s);
    // 6.4b: Q's unit grouped with the Wing Commander may be attached, R's (of the Wing) not.
    assert!(l.contains(&Action::Attach { unit: q1 }));
    assert!(!l.contains(&Action::Attach { unit: r1 }));
    // 6.6e: Independents and Non-Divisional Commanders join a Wing Activation.
    assert!(l.contains(&Action::ActivateIndependent { unit: ind }));
    assert!(l.contains(&Action::ActivateCommander { commander: SAXE }));
    apply(&r, &mut s, Action::Attach { unit: q1 });
    apply(&r, &mut s, Action::ActivateIndependent { unit: ind });
    let ev = apply(&r, &mut s, Action::ActivateCommander { commander: SAXE });
    assert!(ev.contains(&Event::Joined { unit: SAXE }));
    let ev = apply(&r, &mut s, Action::EndDesignations);
    assert_eq!(status(&ev, q1), Some(CommandBy::Attached));
    assert_eq!(status(&ev, ind), Some(CommandBy::Loc));
    // The two Divisions go through one set of segments.
    let act = s.activation.as_ref().expect("the Wing Activation");
    assert_eq!(act.divisions, alloc::vec![0, 1]);
    assert_eq!(act.segment, Segment::Fire);
    for u in [2, B1, q1, ind, SAXE] {
        assert_eq!(s.unit(u).act, Act::Active, "{u}");
    }
    let ev = {
        let mut ev = Vec::new();
        for _ in 0..3 {
            ev.extend(apply(&r, &mut s, Action::EndSegment));
        }
        ev
    };
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::ActivationComplete))
            .count(),
        1
    );
    assert!(s.division_done(0) && s.division_done(1) && !s.division_done(rr));
    for u in [2, B1, q1, ind, SAXE, wc] {
        assert_eq!(s.unit(u).act, Act::Finished, "{u}");
    }
}

#[test]
fn r6_6b_a_non_divisional_commander_activates_once_and_moves_only_while_activated() {
    let mut w = armies();
    let wc = w.commander("Lutteaux", Side(0), "S0511", 6, 3);
    w.units[usize::from(wc)].mp = 6;
    w.wing("Left", Side(0), wc, &[0, 1]);
    let (r, mut s) = w.build();
    // Division A with the CinC; the Wing Commander stays unactivated.
    french_activation(
        &r,
        &mut s,
        0,
        &[Action::ActivateCommander { commander: SAXE }],
    );
    apply(&r, &mut s, Action::EndSegment); // fire
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    let to = hex("S0511").neighbor(dir(0));
    let step = |unit| Action::Step {
        unit,
        to,
        alone: false,
    };
    assert_eq!(refusal(&r, &s, step(wc)), "11.0");
    assert!(!legal(&r, &s).contains(&step(wc)));
    apply(&r, &mut s, Action::EndSegment); // movement
    apply(&r, &mut s, Action::EndSegment); // close combat
    assert_eq!(s.unit(SAXE).act, Act::Finished);
    // Division B: the CinC is not offered again, and is refused.
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    assert!(!legal(&r, &s).contains(&Action::ActivateCommander { commander: SAXE }));
    assert_eq!(
        refusal(&r, &s, Action::ActivateCommander { commander: SAXE }),
        "6.6b"
    );
    assert!(legal(&r, &s).contains(&Action::ActivateCommander { commander: wc }));
}

#[test]
fn r6_6c_a_finished_cinc_and_wing_commander_still_trace_lines() {
    let mut w = armies();
    // The Wing Commander at 10 from the CinC; Division B's commander 15 from the CinC and 5
    // from the Wing Commander.
    let wc = w.commander("Lutteaux", Side(0), "S0520", 6, 3);
    w.wing("Left", Side(0), wc, &[1]);
    put(&mut w, DB, "S0525");
    put(&mut w, B1, "S0525");
    let (r, mut s) = w.build();
    french_activation(
        &r,
        &mut s,
        0,
        &[
            Action::ActivateCommander { commander: SAXE },
            Action::ActivateCommander { commander: wc },
        ],
    );
    end_segments(&r, &mut s);
    assert_eq!(s.unit(SAXE).act, Act::Finished);
    assert_eq!(s.unit(wc).act, Act::Finished);
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    let ev = apply(&r, &mut s, Action::EndDesignations);
    // No Initiative roll: the line runs CinC → Wing Commander → Db, both FINISHED.
    assert_eq!(status(&ev, DB), Some(CommandBy::Loc));
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Fire);
}

#[test]
fn r7_0_r7_3a_an_independent_is_in_command_through_an_unactivated_wing_commander() {
    // `wc_at`: where the Wing Commander (CD 6) stands; the Independent is at S0525, 15 from
    // the CinC and far from Division A.
    let run = |wc_at: &str| {
        let mut w = armies();
        let wc = w.commander("Lutteaux", Side(0), wc_at, 6, 3);
        w.wing("Left", Side(0), wc, &[1]);
        let ind = w.infantry("IND", Side(0), "IND", "S0525", 1);
        w.independent(ind);
        let (r, mut s) = w.build();
        let ev = french_activation(&r, &mut s, 0, &[Action::ActivateIndependent { unit: ind }]);
        (s, ev, ind, wc)
    };
    // At S0520 the CinC's line reaches him (10): he is In Command and his line reaches the
    // Independent (5), though he is not activated.
    let (s, ev, ind, wc) = run("S0520");
    assert_eq!(s.unit(wc).act, Act::Unactivated);
    assert_eq!(status(&ev, ind), Some(CommandBy::Loc));
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Fire);
    // At S0522 (12 from the CinC) he is not In Command: the Independent rolls (7.4c).
    let (s, ev, ind, _) = run("S0522");
    assert_eq!(status(&ev, ind), None);
    assert_eq!(s.steps.last(), Some(&Step::UnitInitiative { unit: ind }));
}

#[test]
fn r7_4c_a_group_of_independents_rolls_once_on_its_top_units_er() {
    let mut w = armies();
    let low = w.infantry("IND 1", Side(0), "IND1", "S0530", 1);
    let top = w.infantry("IND 2", Side(0), "IND2", "S0530", 1);
    w.units[usize::from(top)].er = 60;
    w.unit_state[usize::from(low)].order = 1;
    w.unit_state[usize::from(top)].order = 0;
    w.independent(low);
    w.independent(top);
    let (r, mut s) = w.build();
    french_activation(
        &r,
        &mut s,
        0,
        &[
            Action::ActivateIndependent { unit: low },
            Action::ActivateIndependent { unit: top },
        ],
    );
    // The top counter rolls for both, on its ER 60 (the other's is 30).
    assert_eq!(s.steps.last(), Some(&Step::UnitInitiative { unit: top }));
    let ev = apply(&r, &mut s, d100(50));
    assert!(ev.contains(&Event::InitiativeCheck {
        unit: top,
        roll: 50,
        rating: 60,
        passed: false
    }));
    assert_eq!(status(&ev, top), Some(CommandBy::None));
    assert_eq!(status(&ev, low), Some(CommandBy::None));
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Fire);
}

#[test]
fn r7_1_the_river_blocks_a_line_and_a_commander_in_an_enemy_zoc_still_traces() {
    let mut w = armies();
    w.board.set_terrain(hex("S0409"), Terrain::River);
    // An Allied battalion next to Da whose Frontal hexes take in Da's hex S0410.
    let n = hex("S0410").neighbor(dir(3));
    let f = [1u8, 3, 5, 7, 9, 11]
        .into_iter()
        .find(|&f| {
            let p = Placed::at(n, Facing::new(f).unwrap());
            let mut hit = false;
            crate::fontenoy::geometry::for_each_in_arc(
                Formation::Line,
                &p,
                crate::fontenoy::geometry::Arc::Frontal,
                |h| hit |= h == hex("S0410"),
            );
            hit
        })
        .expect("a facing toward S0410");
    let z = w.infantry("2 ZZZ", Side(1), "ZZZ", &crate::fontenoy::fhex::label(n), f);
    let (r, s) = w.build();
    let o = Occupancy::build(&r, &s);
    assert!(
        o.ezoc(&r, hex("S0410"), Side(0)),
        "Da stands in an enemy ZOC"
    );
    let reach = r.loc_reach(&s, &o, DA, Tracer::Division);
    assert!(!reach.contains_key(&hex("S0409")), "the Escaut blocks");
    assert!(!reach.contains_key(&n), "the enemy's hex blocks");
    // The line still leaves Da's hex into a hex outside the enemy ZOC.
    let open: Vec<Hex> = hex("S0410")
        .neighbors()
        .into_iter()
        .filter(|&h| h != n && h != hex("S0409") && !o.ezoc(&r, h, Side(0)))
        .collect();
    assert!(!open.is_empty());
    for h in open {
        assert_eq!(reach.get(&h), Some(&Pts::ONE), "{h:?}");
    }
    let _ = z;
}

#[test]
fn r7_3e_army_and_wing_commanders_trace_from_their_own_hex_in_a_multi_hex_line() {
    let mut w = armies();
    // A two-hex Line of Division A, right end at S0410 with Da and the CinC.
    w.unit_state[2].place = Place::Map(Placed {
        hexes: line_hexes(hex("S0410"), Facing::new(1).unwrap(), 2).unwrap(),
        facing: Facing::new(1).unwrap(),
        hook: None,
    });
    put(&mut w, SAXE, "S0410");
    let (r, s) = w.build();
    let o = Occupancy::build(&r, &s);
    let line = *s.unit(2).placed().unwrap();
    let other = line.hexes.last();
    assert_ne!(other, hex("S0410"));
    assert_eq!(
        r.loc_sources(&s, &o, SAXE, Tracer::ArmyOrWing),
        alloc::vec![hex("S0410")]
    );
    assert_eq!(
        r.loc_sources(&s, &o, DA, Tracer::Division),
        alloc::vec![hex("S0410"), other],
        "7.2d: a Division Commander is in every hex of it"
    );
    let army = r.loc_reach(&s, &o, SAXE, Tracer::ArmyOrWing);
    assert_eq!(army.get(&other), Some(&Pts::ONE));
}

#[test]
fn r7_6c_an_out_of_command_line_wheels_into_an_enemy_zoc_only_as_its_one_action() {
    // The 3-hex cavalry Line of tests/multihex.rs wheels twice around its right end; the
    // Allied column stands so that only the second wheel's new hexes meet its ZOC.
    let build = |ooc: bool| {
        let (r, mut s, u) = mover(|w| {
            let p = Placed {
                hexes: line_hexes(hex("S1010"), Facing::new(1).unwrap(), 3).unwrap(),
                facing: Facing::new(1).unwrap(),
                hook: None,
            };
            set(w, Kind::Cavalry, 12, 7, Formation::Line, p);
            let (path1, a1) = Fontenoy::wheel_path(&p, HookSide::Right, 1).unwrap();
            let (path2, a2) = Fontenoy::wheel_path(&a1, HookSide::Right, 1).unwrap();
            let taken = |h: Hex| {
                p.hexes.contains(h)
                    || a1.hexes.contains(h)
                    || a2.hexes.contains(h)
                    || path1.contains(&h)
                    || path2.contains(&h)
            };
            let x = *a2
                .hexes
                .as_slice()
                .iter()
                .find(|&&h| !p.hexes.contains(h) && !a1.hexes.contains(h))
                .expect("a new hex");
            let (k, n) = (0..6u8)
                .map(|k| (k, x.neighbor(dir(k))))
                .find(|&(_, n)| !taken(n))
                .expect("room for the Allied column");
            enemy_column(w, n, 2 * ((k + 3) % 6));
        });
        assert_eq!(u, U);
        if ooc {
            let dc = r.division_commander(&s, 1).expect("Dx");
            s.unit_mut(dc).command = Some(false);
        }
        (r, s, u)
    };
    let wheel = |unit| Action::Wheel {
        unit,
        pivot: HookSide::Right,
        turn: 1,
    };
    let (r, mut s, u) = build(true);
    assert!(r.ooc_limited(&s, u));
    apply(&r, &mut s, wheel(u));
    assert_eq!(refusal(&r, &s, wheel(u)), "7.6c");
    // In Command, the second wheel is open.
    let (r, mut s, u) = build(false);
    apply(&r, &mut s, wheel(u));
    apply(&r, &mut s, wheel(u));
    let _ = ENEMY;
}

/// E05 (6.3): six Divisions, two Wing Commanders, four Independents; four Divisions, three
/// Independents and one Wing Commander already activated. Division E activates with the last
/// Independent and the other Wing Commander, who attaches the two units of Division F grouped
/// with him; F later activates without them.
#[test]
fn r6_3_e05_a_division_activates_with_the_last_independent_and_a_wing_commander() {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0510", 10, 5);
    w.cinc(f, 2, 5);
    let mut divs = Vec::new();
    for (n, hx) in [
        ("A", "S0410"),
        ("B", "S0610"),
        ("C", "S0412"),
        ("D", "S0612"),
        ("E", "S0414"),
    ] {
        let c = w.commander(&alloc::format!("D{n}"), Side(0), hx, 4, 4);
        let u = w.infantry(&alloc::format!("1 {n}{n}{n}"), Side(0), n, hx, 1);
        divs.push((w.division(n, Side(0), Some(c), &[u]), u));
    }
    let df = w.commander("DF", Side(0), "S0614", 4, 4);
    let f1 = w.infantry("1 FFF", Side(0), "FFF", "S0515", 1);
    let f2 = w.infantry("2 FFF", Side(0), "FFF", "S0515", 1);
    let f3 = w.infantry("3 FFF", Side(0), "FFF", "S0614", 1);
    let dfv = w.division("F", Side(0), Some(df), &[f1, f2, f3]);
    let w1 = w.commander("W1", Side(0), "S0511", 6, 3);
    w.wing("W1", Side(0), w1, &[0, 1]);
    let w2 = w.commander("W2", Side(0), "S0515", 6, 3);
    w.wing("W2", Side(0), w2, &[4, dfv]);
    let mut inds = Vec::new();
    for k in 0..4 {
        let i = w.infantry(
            &alloc::format!("IND {k}"),
            Side(0),
            &alloc::format!("I{k}"),
            &alloc::format!("S03{:02}", 10 + k),
            1,
        );
        w.independent(i);
        inds.push(i);
    }
    let al = w.commander("Cumberland", Side(1), "S2010", 10, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", Side(1), "S2010", 4, 4);
    let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2010", 7);
    w.division("Z", Side(1), Some(ac), &[au]);
    // Already activated this turn: Divisions A–D, three Independents and W1.
    for &(d, u) in &divs[..4] {
        let c = w.org.divisions[usize::from(d)].commander.unwrap();
        w.unit_state[usize::from(u)].act = Act::Finished;
        w.unit_state[usize::from(c)].act = Act::Finished;
    }
    for &i in &inds[..3] {
        w.unit_state[usize::from(i)].act = Act::Finished;
    }
    w.unit_state[usize::from(w1)].act = Act::Finished;
    let (r, mut s) = w.build();
    for d in 0..4 {
        s.divisions_done[d] = true;
    }
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::Activate { division: 4 },
            Action::Activate { division: dfv }
        ]
    );
    apply(&r, &mut s, Action::Activate { division: 4 });
    let l = legal(&r, &s);
    assert!(l.contains(&Action::ActivateIndependent { unit: inds[3] }));
    for &i in &inds[..3] {
        assert!(!l.contains(&Action::ActivateIndependent { unit: i }));
    }
    assert!(!l.contains(&Action::ActivateCommander { commander: w1 }));
    apply(&r, &mut s, Action::ActivateIndependent { unit: inds[3] });
    apply(&r, &mut s, Action::ActivateCommander { commander: w2 });
    let l = legal(&r, &s);
    assert!(l.contains(&Action::Attach { unit: f1 }) && l.contains(&Action::Attach { unit: f2 }));
    assert!(!l.contains(&Action::Attach { unit: f3 }));
    apply(&r, &mut s, Action::Attach { unit: f1 });
    apply(&r, &mut s, Action::Attach { unit: f2 });
    apply(&r, &mut s, Action::EndDesignations);
    end_segments(&r, &mut s);
    for u in [inds[3], w2, f1, f2] {
        assert_eq!(s.unit(u).act, Act::Finished, "{u}");
    }
    // The next French activation: Division F alone, without f1 and f2.
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Activate { division: dfv }]
    );
    apply(&r, &mut s, Action::Activate { division: dfv });
    assert_eq!(s.unit(f3).act, Act::Active);
    assert_eq!(s.unit(f1).act, Act::Finished);
    assert_eq!(s.unit(f2).act, Act::Finished);
}

/// E08 (7.3; the figure is missing, so the line is laid out straight with the example's
/// numbers): the CinC's line to Division Commander C runs 2 road hexes (½ each) and 9 more,
/// 10 in all. With Command Distance 10 it reaches C; with 8 it does not, but reaches Wing
/// Commander W (Command Distance 6) standing on it, whose line reaches C; without W, C rolls.
#[test]
fn r7_3_e08_a_line_along_a_road_and_through_a_wing_commander() {
    let run = |cd: u8, with_w: bool| {
        let mut w = World::new();
        let a = w.commander("A", Side(0), "S0101", cd, 5);
        w.cinc(a, 2, 5);
        let d = hex("S0101").direction_to(hex("S0102")).unwrap();
        w.board
            .add_side(hex("S0101"), d, crate::fontenoy::board::side::ROAD, false);
        w.board
            .add_side(hex("S0102"), d, crate::fontenoy::board::side::ROAD, false);
        let al = w.commander("Cumberland", Side(1), "S2828", 2, 5);
        w.cinc(al, 1, 6);
        let ac = w.commander("Dz", Side(1), "S2828", 4, 4);
        let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
        w.division("Z", Side(1), Some(ac), &[au]);
        let c = w.commander("C", Side(0), "S0112", 4, 4);
        let u = w.infantry("1 CCC", Side(0), "CCC", "S0112", 1);
        let dc = w.division("C", Side(0), Some(c), &[u]);
        let wc = w.commander("W", Side(0), "S0106", 6, 3);
        w.wing("W", Side(0), wc, &[dc]);
        if !with_w {
            w.unit_state[usize::from(wc)].place = Place::Waiting;
        }
        let (r, mut s) = w.build();
        initiative(&r, &mut s, 6, 1);
        apply(&r, &mut s, Action::ActivateOwn);
        apply(&r, &mut s, Action::Activate { division: dc });
        let ev = apply(&r, &mut s, Action::EndDesignations);
        (s, ev, c)
    };
    let (_, ev, c) = run(10, false);
    assert_eq!(status(&ev, c), Some(CommandBy::Loc), "½ + ½ + 9 = 10");
    let (_, ev, c) = run(8, true);
    assert_eq!(status(&ev, c), Some(CommandBy::Loc), "A → W (4), W → C (6)");
    let (s, ev, c) = run(8, false);
    assert_eq!(status(&ev, c), None);
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderInitiative { commander: c })
    );
}

/// A vertex facing for a one-hex Line at `n` whose Frontal hexes take in `target`.
fn facing_toward(n: Hex, target: Hex) -> u8 {
    [1u8, 3, 5, 7, 9, 11]
        .into_iter()
        .find(|&f| {
            let mut hit = false;
            crate::fontenoy::geometry::for_each_in_arc(
                Formation::Line,
                &Placed::at(n, Facing::new(f).unwrap()),
                crate::fontenoy::geometry::Arc::Frontal,
                |h| hit |= h == target,
            );
            hit
        })
        .expect("a facing toward the target")
}

/// The mover of tests/movement.rs as an 8-SP battalion (a Line of up to 2 hexes).
fn battalion_of_8(extra: impl FnOnce(&mut World)) -> (Fontenoy, State, UnitId) {
    mover(|w| {
        w.unit_state[usize::from(U)].sp = 8;
        w.units[usize::from(U)].sp = 8;
        extra(w);
    })
}

/// The hex a one-hex Line facing vertex 1 at `h` extends into on its left.
fn left_of(h: Hex) -> Hex {
    h.neighbor(crate::fontenoy::geometry::line_axis(
        Facing::new(1).unwrap(),
    ))
}

#[test]
fn r11_5h_extending_sets_off_a_cavalry_reaction() {
    let left = left_of(hex("S1010"));
    let mut cav = 0;
    let (r, mut s, u) = battalion_of_8(|w| {
        let n = (0..6u8)
            .map(|k| left.neighbor(dir(k)))
            .find(|&n| n != hex("S1010") && n.distance(hex("S1010")) == 2)
            .expect("a hex beside the new one");
        let f = facing_toward(n, left);
        cav = w.infantry("Y CAV", Side(1), "YYY", &crate::fontenoy::fhex::label(n), f);
        w.units[usize::from(cav)].kind = Kind::Cavalry;
        w.units[usize::from(cav)].sp = 4;
        w.units[usize::from(cav)].mp = 7;
        w.unit_state[usize::from(cav)].sp = 4;
    });
    apply(&r, &mut s, Action::Extend { unit: u, to: left });
    while let Some(Step::Fire(_)) = s.steps.last() {
        apply(&r, &mut s, Action::Pass);
    }
    assert_eq!(
        s.steps.last(),
        Some(&Step::Close(
            crate::fontenoy::close::CloseStep::CavalryReaction { mover: u }
        ))
    );
    assert!(legal(&r, &s).contains(&Action::CavalryReact {
        unit: cav,
        split: None
    }));
}

#[test]
fn r7_6c_an_out_of_command_line_extends_into_an_enemy_zoc_only_as_its_first_action() {
    let run = |ooc: bool| {
        let (r, mut s, u) = battalion_of_8(|_| {});
        if ooc {
            let dc = r.division_commander(&s, 1).expect("Dx");
            s.unit_mut(dc).command = Some(false);
        }
        let step = legal(&r, &s)
            .into_iter()
            .find(|a| matches!(a, Action::Step { unit, alone: false, .. } if *unit == u))
            .expect("a step");
        apply(&r, &mut s, step);
        let q = *s.unit(u).placed().unwrap();
        let left = left_of(q.hex());
        // The Allied column beside the hex the Line would extend into, its ZOC on it alone.
        let (k, n) = (0..6u8)
            .map(|k| (k, left.neighbor(dir(k))))
            .find(|&(_, n)| n.distance(q.hex()) == 2 && n.distance(hex("S1010")) >= 2)
            .expect("room for the column");
        s.unit_mut(ENEMY).formation = Formation::MarchColumn;
        s.unit_mut(ENEMY).place = Place::Map(Placed::at(n, Facing::side(dir((k + 3) % 6))));
        let mut ev = Vec::new();
        let res = r.apply(&mut s, &Action::Extend { unit: u, to: left }, &mut ev);
        res.map(|_| s.unit(u).placed().unwrap().hexes.len())
    };
    assert_eq!(run(true).expect_err("7.6c").rule, "7.6c");
    assert_eq!(run(false).expect("In Command, it extends"), 2);
}

#[test]
fn r8_4i_a_line_whose_second_hex_enters_a_town_collapses_into_it() {
    let line2 = |w: &mut World| {
        let p = Placed {
            hexes: line_hexes(hex("S1010"), Facing::new(1).unwrap(), 2).unwrap(),
            facing: Facing::new(1).unwrap(),
            hook: None,
        };
        set(w, Kind::Infantry, 8, 4, Formation::Line, p);
    };
    let (mut r, mut s, u) = mover(line2);
    let p = *s.unit(u).placed().unwrap();
    let step = legal(&r, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Step { unit, alone: false, .. } if *unit == u))
        .expect("a step");
    let mut probe = s.clone();
    apply(&r, &mut probe, step.clone());
    let q = *probe.unit(u).placed().unwrap();
    assert_eq!(q.hexes.len(), 2);
    let town = q.hexes.last();
    assert!(!p.hexes.contains(town) && town != q.hex());
    alloc::sync::Arc::make_mut(&mut r.board).set_terrain(town, Terrain::Town);
    let mut t = (*r.tables).clone();
    t.terrain[Terrain::Town as usize].general_order = crate::fontenoy::tables::GoFor::All;
    r.tables = alloc::sync::Arc::new(t);
    apply(&r, &mut s, step);
    assert_eq!(s.unit(u).formation, Formation::GeneralOrder);
    let now = *s.unit(u).placed().unwrap();
    assert_eq!(now.hexes.as_slice(), &[town]);
    assert!(now.facing.is_corner());
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u)),
        "its movement is over"
    );
}

#[test]
fn r9_4a_a_road_column_turning_along_its_road_pays_no_facing_cost() {
    // A 2-hex Road Column (6 SP: 4 + 2) at S1010 facing hexside 0; the road leaves the head's
    // hex through hexside 1. Its turn costs what a straight step along that road costs.
    let column = |facing: u8, tail: u8| {
        move |w: &mut World| {
            let head = hex("S1010");
            let p = Placed {
                hexes: crate::fontenoy::geometry::Hexes::from_slice(&[
                    head,
                    head.neighbor(dir(tail)),
                ])
                .unwrap(),
                facing: Facing::new(facing).unwrap(),
                hook: None,
            };
            set(w, Kind::Infantry, 6, 4, Formation::RoadColumn, p);
            w.board
                .add_side(head, dir(1), crate::fontenoy::board::side::ROAD, false);
        }
    };
    let moved_cost = |ev: &[Event]| {
        ev.iter()
            .find_map(|e| match e {
                Event::ColumnTurned { cost, .. } | Event::Moved { cost, .. } => Some(*cost),
                _ => None,
            })
            .expect("a move")
    };
    let to = hex("S1010").neighbor(dir(1));
    let (r, mut s, u) = mover(column(0, 3));
    let turned = moved_cost(&apply(&r, &mut s, Action::ColumnTurn { unit: u, to }));
    assert_eq!(
        s.unit(u).placed().unwrap().hexes.as_slice(),
        &[to, hex("S1010")]
    );
    // The same column already facing the road's way steps along it.
    let (r, mut s, u) = mover(column(2, 4));
    let stepped = moved_cost(&apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    ));
    assert_eq!(turned, stepped);
    assert!(turned < Pts::ONE, "the road's rate, no facing cost");
}

#[test]
fn r9_1_a_facing_change_in_an_enemy_zoc_costs_1_more() {
    let faced_cost = |ev: &[Event]| {
        ev.iter()
            .find_map(|e| match e {
                Event::Faced { cost, .. } => Some(*cost),
                _ => None,
            })
            .expect("a facing change")
    };
    let (r, mut s, u) = mover(|_| {});
    let face = legal(&r, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Face { unit, .. } if *unit == u))
        .expect("a facing change");
    let free = faced_cost(&apply(&r, &mut s.clone(), face.clone()));
    // The Allied battalion next to the mover, its Frontal hexes on the mover's hex.
    let n = hex("S1010").neighbor(dir(3));
    s.unit_mut(ENEMY).place = Place::Map(Placed::at(
        n,
        Facing::new(facing_toward(n, hex("S1010"))).unwrap(),
    ));
    let o = Occupancy::build(&r, &s);
    assert!(o.ezoc(&r, hex("S1010"), Side(0)));
    let ev = apply(&r, &mut s, face);
    assert_eq!(faced_cost(&ev), free.plus(Pts::ONE));
}

#[test]
fn r8_1b_a_hook_steps_only_into_its_frontal_hexes_for_1_more() {
    let (r, s, u) = mover(|w| {
        let p = Placed {
            hook: Some(HookSide::Left),
            ..Placed::at(hex("S1010"), Facing::new(1).unwrap())
        };
        set(w, Kind::Infantry, 6, 4, Formation::Hook, p);
    });
    let p = *s.unit(u).placed().unwrap();
    let steps: Vec<Hex> = legal(&r, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step {
                unit,
                to,
                alone: false,
            } if unit == u => Some(to),
            _ => None,
        })
        .collect();
    assert!(!steps.is_empty());
    for &to in &steps {
        assert_eq!(
            crate::fontenoy::geometry::arc_of(Formation::Hook, &p, to),
            Some(crate::fontenoy::geometry::Arc::Frontal),
            "{to:?}"
        );
        // Open ground (1) and the Hook's +1.
        let ev = apply(
            &r,
            &mut s.clone(),
            Action::Step {
                unit: u,
                to,
                alone: false,
            },
        );
        let cost = ev
            .iter()
            .find_map(|e| match e {
                Event::Moved { cost, .. } => Some(*cost),
                _ => None,
            })
            .expect("a step");
        assert_eq!(cost, Pts::whole(2), "{to:?}");
    }
    // Reading: the "MV" hexes of the missing diagram are the Line's two hexes ahead; the
    // hooked flank hex is Frontal but no way forward.
    assert_eq!(steps.len(), 2);
}
