//! The Set-Up Phase (1.4, AUS 4.1, 10.1i, AUS 5.3): zones, hidden deployment, pre-set orders.

use crate::engine::{Actor, Rules};
use crate::hex::Hex;
use crate::nbs::command::{OrderKind, OrderSource, OrderStatus, Receiver};
use crate::nbs::event::Event;
use crate::nbs::setup::Zone;
use crate::nbs::state::{Phase, Place, State, Task, UnitId};
use crate::nbs::tests::{apply, id, with_options};
use crate::nbs::types::Formation;
use crate::nbs::{ALLIED, Action, FRENCH, Nbs};
use alloc::vec::Vec;

fn setup_rules(opts: serde_json::Value) -> Nbs {
    with_options("nbs/austerlitz-3", opts).unwrap()
}

fn listed(r: &Nbs, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    r.legal_actions(s, &mut v);
    v
}

fn refused_rule(r: &Nbs, s: &State, a: Action) -> alloc::string::String {
    let e = r.applied(s, &a).expect_err("refused");
    alloc::string::String::from(e.rule.as_ref())
}

/// Both segments ended: the state the game starts from.
fn ended(r: &Nbs, s: &State) -> State {
    let s = apply(r, s, Action::EndSetUp).0;
    apply(r, &s, Action::EndSetUp).0
}

fn zone_hexes(r: &Nbs, u: UnitId) -> Vec<Hex> {
    match &r.setup.zone_of[usize::from(u)] {
        Zone::Hexes(z) => r.setup.zones[usize::from(*z)].clone(),
        z => panic!("{z:?}"),
    }
}

#[test]
fn r1_4_player_setup_opens_with_the_allied_then_the_french_segment() {
    let plain = crate::nbs::tests::rules("nbs/austerlitz-3");
    assert_eq!(plain.initial_state().phase, Phase::Command);
    let r = setup_rules(serde_json::json!({ "player-setup": true }));
    let s = r.initial_state();
    assert_eq!(s.phase, Phase::SetUp);
    assert_eq!(r.actor(&s), Actor::Player(ALLIED));
    assert!(listed(&r, &s).contains(&Action::EndSetUp));
    let french = apply(&r, &s, Action::EndSetUp).0;
    assert_eq!(
        (french.phase, r.actor(&french)),
        (Phase::SetUp, Actor::Player(FRENCH))
    );
    let (g, ev) = apply(&r, &french, Action::EndSetUp);
    assert_eq!((g.phase, g.turn, g.player_turn), (Phase::Command, 1, 0));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::PhaseBegins {
            phase: Phase::Command,
            ..
        }
    )));
    // Accepting the file's placements starts the same game as without the option.
    let p = plain.initial_state();
    assert_eq!(g.units, p.units);
    assert_eq!(g.orders, p.orders);
    // Every listed set-up action is accepted.
    for a in listed(&r, &s) {
        r.applied(&s, &a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
}

#[test]
fn r1_4_a_unit_is_placed_anywhere_in_its_zone_never_over_stacked() {
    let r = setup_rules(serde_json::json!({ "player-setup": true }));
    let s = apply(&r, &r.initial_state(), Action::EndSetUp).0; // French segment
    let b = id(&r, "1-3-4");
    let zone = zone_hexes(&r, b);
    let open = apply(&r, &s, Action::SetUpUnit { unit: b }).0;
    assert_eq!(open.tasks.last(), Some(&Task::Placing { unit: b }));
    let places: Vec<Hex> = listed(&r, &open)
        .iter()
        .filter_map(|a| match a {
            Action::Place { hex, .. } => Some(*hex),
            _ => None,
        })
        .collect();
    assert!(!places.is_empty());
    assert!(places.iter().all(|h| zone.contains(h)));
    let to = places[0];
    let (moved, ev) = apply(&r, &open, Action::Place { unit: b, hex: to });
    assert_eq!(moved.units[usize::from(b)].place, Place::At(to));
    assert!(ev.contains(&Event::Placed { unit: b, hex: to }));
    // Outside the zone: refused naming 1.4.
    let far = r.units.iter().enumerate().find_map(|(i, _)| {
        s.units[i]
            .hex()
            .filter(|h| !zone.contains(h) && r.board.hex(*h).on_map)
    });
    let far = far.expect("a hex outside the zone");
    assert_eq!(
        refused_rule(&r, &open, Action::Place { unit: b, hex: far }),
        "1.4"
    );
    // Into a hex already holding a full stack: refused naming 12.1.
    let full = places.iter().copied().find(|&h| {
        let mut t = open.clone();
        t.units[usize::from(b)].place = Place::At(h);
        r.overstacked(&t, h, FRENCH)
    });
    if let Some(h) = full {
        assert_eq!(
            refused_rule(&r, &open, Action::Place { unit: b, hex: h }),
            "12.1"
        );
    }
    let mut stack = open.clone();
    let other = id(&r, "2-3-4");
    let here = stack.units[usize::from(b)].hex().unwrap();
    stack.units[usize::from(other)].place = Place::At(here);
    stack.units[usize::from(other)].formation = Formation::Line;
    stack.units[usize::from(b)].formation = Formation::Line;
    assert!(
        r.overstacked(&stack, here, FRENCH) || r.form_check(&stack, b, Formation::Line).is_ok()
    );
    // Another unit than the one in hand is refused; `EndSegment` puts it down.
    assert_eq!(
        refused_rule(
            &r,
            &open,
            Action::Place {
                unit: other,
                hex: to
            }
        ),
        "1.4"
    );
    assert!(apply(&r, &moved, Action::EndSegment).0.tasks.is_empty());
}

#[test]
fn r1_4_facing_turns_the_stack_and_formation_is_free_at_set_up() {
    let r = setup_rules(serde_json::json!({ "player-setup": true }));
    let s = apply(&r, &r.initial_state(), Action::EndSetUp).0;
    let b = id(&r, "1-3-4");
    let open = apply(&r, &s, Action::SetUpUnit { unit: b }).0;
    let hex = open.units[usize::from(b)].hex().unwrap();
    let now = open.units[usize::from(b)].facing.index();
    let f = (now + 3) % 12;
    let turned = apply(&r, &open, Action::Face { unit: b, facing: f }).0;
    for u in r.combat_stack(&turned, hex) {
        assert_eq!(turned.units[usize::from(u)].facing.index(), f);
    }
    let formed = apply(
        &r,
        &turned,
        Action::Form {
            unit: b,
            formation: Formation::Line,
        },
    )
    .0;
    assert_eq!(formed.units[usize::from(b)].formation, Formation::Line);
    assert_eq!(formed.units[usize::from(b)].spent, 0);
    assert_eq!(
        refused_rule(
            &r,
            &open,
            Action::Form {
                unit: b,
                formation: Formation::Limbered
            }
        ),
        "11.0"
    );
}

#[test]
fn r1_4_a_leader_sets_up_with_troops_of_his_zone() {
    let r = setup_rules(serde_json::json!({ "player-setup": true }));
    let s = apply(&r, &r.initial_state(), Action::EndSetUp).0;
    let soult = id(&r, "L-Soult");
    let zone = zone_hexes(&r, soult);
    let here = s.units[usize::from(soult)].hex().unwrap();
    let empty = zone
        .iter()
        .copied()
        .find(|&h| {
            h != here
                && r.board.hex(h).on_map
                && !s.units.iter().any(|u| u.place == Place::At(h))
                && r.place_check(&s, soult, h).is_ok()
        })
        .expect("an empty hex of the zone");
    let open = apply(&r, &s, Action::SetUpUnit { unit: soult }).0;
    let alone = apply(
        &r,
        &open,
        Action::Place {
            unit: soult,
            hex: empty,
        },
    )
    .0;
    let alone = apply(&r, &alone, Action::EndSegment).0;
    assert!(!listed(&r, &alone).contains(&Action::EndSetUp));
    assert_eq!(refused_rule(&r, &alone, Action::EndSetUp), "1.4");
    // Back with troops, the segment may end.
    let open = apply(&r, &alone, Action::SetUpUnit { unit: soult }).0;
    let back = apply(
        &r,
        &open,
        Action::Place {
            unit: soult,
            hex: here,
        },
    )
    .0;
    let back = apply(&r, &back, Action::EndSegment).0;
    assert!(r.applied(&back, &Action::EndSetUp).is_ok());
}

#[test]
fn r1_4_a_battery_sets_up_with_or_next_to_its_brigades() {
    let r = setup_rules(serde_json::json!({ "player-setup": true }));
    let s = apply(&r, &r.initial_state(), Action::EndSetUp).0;
    let bty = id(&r, "4b(h-f)");
    assert!(matches!(
        r.setup.zone_of[usize::from(bty)],
        Zone::With { adjacent: true, .. }
    ));
    let open = apply(&r, &s, Action::SetUpUnit { unit: bty }).0;
    let brigades: Vec<Hex> = ["1-3-4", "2-3-4", "3-3-4"]
        .iter()
        .filter_map(|n| s.units[usize::from(id(&r, n))].hex())
        .collect();
    for a in listed(&r, &open) {
        if let Action::Place { hex, .. } = a {
            assert!(brigades.iter().any(|b| b.distance(hex) <= 1), "{hex:?}");
        }
    }
}

#[test]
fn r10_1i_aus5_3_pre_set_orders_are_rewritten_before_play() {
    let r = setup_rules(serde_json::json!({ "player-setup": true }));
    let s = r.initial_state(); // Allied segment
    let log = &s.orders[ALLIED.index()];
    let first = log
        .orders()
        .iter()
        .find(|o| o.source == OrderSource::PreSet && o.status == OrderStatus::Implemented)
        .expect("a historical Allied order")
        .clone();
    // Withdrawn.
    let (w, ev) = apply(
        &r,
        &s,
        Action::CancelPreset {
            order: first.number,
        },
    );
    assert_eq!(
        w.orders[ALLIED.index()].get(first.number).unwrap().status,
        OrderStatus::Cancelled
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::PresetOrder {
            cancelled: true,
            ..
        }
    )));
    assert_eq!(
        refused_rule(
            &r,
            &w,
            Action::CancelPreset {
                order: first.number
            }
        ),
        "AUS 5.3"
    );
    // A new order for the same receiver replaces the old one, free and in force.
    let issue = listed(&r, &s)
        .into_iter()
        .find(|a| matches!(a, Action::IssueOrder { receiver, kind: OrderKind::Attack, .. } if *receiver == first.receiver))
        .expect("a pre-set order to the same receiver is listed");
    let (n, _) = apply(&r, &s, issue);
    let log = &n.orders[ALLIED.index()];
    assert_eq!(
        log.get(first.number).unwrap().status,
        OrderStatus::Cancelled
    );
    let new = log.orders().last().unwrap();
    assert_eq!(
        (new.source, new.status, new.cost, new.kind),
        (
            OrderSource::PreSet,
            OrderStatus::Implemented,
            0,
            OrderKind::Attack
        )
    );
    // The order is in force on the first turn.
    let g = ended(&r, &n);
    assert_eq!(
        g.orders[ALLIED.index()]
            .in_force(first.receiver)
            .map(|o| o.number),
        Some(new.number)
    );
    // Not the French army's receivers.
    let french = r.formations.iter().position(|f| f.side == FRENCH).unwrap();
    let bad = Action::IssueOrder {
        sender: new.sender,
        receiver: Receiver::Corps(french as u16),
        kind: OrderKind::Attack,
        method: crate::nbs::command::Method::AideWritten,
        goal: false,
        text: alloc::string::String::new(),
    };
    assert_eq!(refused_rule(&r, &s, bad), "10.1i");
    // Allied orders are always divisional goals (AUS 3.2b).
    let Action::IssueOrder {
        sender,
        receiver,
        kind,
        method,
        text,
        ..
    } = listed(&r, &s)
        .into_iter()
        .find(|a| matches!(a, Action::IssueOrder { .. }))
        .unwrap()
    else {
        unreachable!()
    };
    let no_goal = Action::IssueOrder {
        sender,
        receiver,
        kind,
        method,
        goal: false,
        text,
    };
    assert_eq!(refused_rule(&r, &s, no_goal), "AUS 3.2b");
    // AUS 7.5: the Allies write orders for columns that have not yet arrived.
    let r5 = with_options(
        "nbs/austerlitz-5",
        serde_json::json!({ "player-setup": true }),
    )
    .unwrap();
    let s5 = r5.initial_state();
    assert_eq!(r5.actor(&s5), Actor::Player(ALLIED));
    let orders = listed(&r5, &s5)
        .into_iter()
        .filter(|a| matches!(a, Action::IssueOrder { .. }))
        .count();
    assert!(
        orders >= 2 * 8,
        "an order to every Allied command ({orders})"
    );
}

#[test]
fn aus4_1c_french_set_up_anywhere_west_of_the_goldbach() {
    let plain = crate::nbs::tests::rules("nbs/austerlitz-3");
    let r = setup_rules(serde_json::json!({ "aus-4.1c": true }));
    let s0 = r.initial_state();
    assert_eq!(s0.phase, Phase::SetUp);
    // The variant gives the Allies 5 VP.
    assert_eq!(
        s0.vp[ALLIED.index()],
        plain.initial_state().vp[ALLIED.index()] + 5
    );
    let s = apply(&r, &s0, Action::EndSetUp).0;
    let b = id(&r, "1-3-4");
    let zone = zone_hexes(&r, b);
    let open = apply(&r, &s, Action::SetUpUnit { unit: b }).0;
    let west = r
        .setup
        .west
        .iter()
        .copied()
        .find(|h| {
            !zone.contains(h)
                && r.board.hex(*h).on_map
                && !open.units.iter().any(|u| u.place == Place::At(*h))
                && r.place_check(&open, b, *h).is_ok()
        })
        .expect("a free hex west of the Goldbach outside the zone");
    let placed = apply(&r, &open, Action::Place { unit: b, hex: west }).0;
    assert_eq!(placed.units[usize::from(b)].place, Place::At(west));
    // East of the stream and outside the zone: refused naming 1.4 (and 4.1c).
    let east = (0..r.units.len())
        .filter_map(|i| s.units[i].hex())
        .find(|h| !zone.contains(h) && !r.setup.west.contains(h) && r.board.hex(*h).on_map)
        .expect("an Allied-held hex east of the stream");
    let e = r
        .applied(&open, &Action::Place { unit: b, hex: east })
        .unwrap_err();
    assert_eq!(e.rule.as_ref(), "1.4");
    assert!(alloc::format!("{e}").contains("AUS 4.1c"), "{e}");
    // The Allies gain nothing from it: their zones stay.
    let allied = (0..r.units.len() as UnitId)
        .find(|&u| {
            r.units[usize::from(u)].side == ALLIED
                && r.may_set_up(&s0, u)
                && r.units[usize::from(u)].combat()
        })
        .unwrap();
    let a_open = apply(&r, &s0, Action::SetUpUnit { unit: allied }).0;
    assert_eq!(
        refused_rule(
            &r,
            &a_open,
            Action::Place {
                unit: allied,
                hex: west
            }
        ),
        "1.4"
    );
}

#[test]
fn aus4_1b_hidden_french_units_and_how_they_are_revealed() {
    let plain = crate::nbs::tests::rules("nbs/austerlitz-3");
    let r = setup_rules(serde_json::json!({ "aus-4.1b": true }));
    let s0 = r.initial_state();
    assert_eq!(
        s0.vp[ALLIED.index()],
        plain.initial_state().vp[ALLIED.index()] + 8
    );
    let s = apply(&r, &s0, Action::EndSetUp).0;
    // A French unit at level 7 or lower hides; one higher may not.
    let allied_hexes: Vec<Hex> = (0..r.units.len())
        .filter(|&i| r.units[i].side == ALLIED)
        .filter_map(|i| s.units[i].hex())
        .collect();
    let low = (0..r.units.len() as UnitId)
        .find(|&u| {
            r.units[usize::from(u)].side == FRENCH
                && r.units[usize::from(u)].combat()
                && s.units[usize::from(u)].hex().is_some_and(|h| {
                    r.board.hex(h).level <= 7
                        && allied_hexes
                            .iter()
                            .all(|&a| a.distance(h) > 5 && !r.visible(&s, a, h))
                })
        })
        .expect("a low French unit out of Allied sight");
    let open = apply(&r, &s, Action::SetUpUnit { unit: low }).0;
    assert!(listed(&r, &open).contains(&Action::Hide {
        unit: low,
        hidden: true
    }));
    let hid = apply(
        &r,
        &open,
        Action::Hide {
            unit: low,
            hidden: true,
        },
    )
    .0;
    assert_eq!(hid.hidden, [low]);
    let mut high = hid.clone();
    let up = (0..r.units.len() as UnitId).find(|&u| {
        r.units[usize::from(u)].side == FRENCH
            && s.units[usize::from(u)]
                .hex()
                .is_some_and(|h| r.board.hex(h).level > 7)
    });
    if let Some(u) = up {
        high.tasks = alloc::vec![Task::Placing { unit: u }];
        assert_eq!(
            refused_rule(
                &r,
                &high,
                Action::Hide {
                    unit: u,
                    hidden: true
                }
            ),
            "AUS 4.1b"
        );
    }
    // The Allies are refused the option; their units never hide.
    let a = (0..r.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].side == ALLIED && r.may_set_up(&s0, u))
        .unwrap();
    let a_open = apply(&r, &s0, Action::SetUpUnit { unit: a }).0;
    assert_eq!(
        refused_rule(
            &r,
            &a_open,
            Action::Hide {
                unit: a,
                hidden: true
            }
        ),
        "AUS 4.1b"
    );
    // The Allied observation shows the hidden unit off the map; the French one does not.
    let done = apply(&r, &hid, Action::EndSegment).0;
    let mut g = apply(&r, &done, Action::EndSetUp).0;
    let at = hid.units[usize::from(low)].hex().unwrap();
    // Out of sight in the turn-1 fog, it stays hidden as play begins.
    assert_eq!(g.hidden, [low]);
    assert_eq!(
        r.observation(&g, ALLIED).units[usize::from(low)].place,
        Place::Off
    );
    assert_eq!(
        r.observation(&g, FRENCH).units[usize::from(low)].place,
        Place::At(at)
    );
    // An Allied counter within 5 hexes reveals it.
    let allied = (0..r.units.len() as UnitId)
        .find(|&u| {
            r.units[usize::from(u)].side == ALLIED && g.units[usize::from(u)].hex().is_some()
        })
        .unwrap();
    let near = r
        .board
        .grid
        .hexes()
        .into_iter()
        .find(|h| h.distance(at) == 5 && r.board.hex(*h).on_map)
        .unwrap();
    let mut t = g.clone();
    t.units[usize::from(allied)].place = Place::At(near);
    let mut ev = Vec::new();
    r.after_hidden(&g, &mut t, &mut ev);
    assert!(t.hidden.is_empty());
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Revealed { unit, .. } if *unit == low))
    );
    // Six hexes away, out of sight (fog of turn 1): still hidden.
    if let Some(far) = r
        .board
        .grid
        .hexes()
        .into_iter()
        .find(|h| h.distance(at) == 6 && r.board.hex(*h).on_map && !r.visible(&g, *h, at))
    {
        let mut t = g.clone();
        t.units[usize::from(allied)].place = Place::At(far);
        r.after_hidden(&g, &mut t, &mut Vec::new());
        assert_eq!(t.hidden, [low]);
    }
    // Moving (here: re-forming) reveals it too.
    let mut t = g.clone();
    t.units[usize::from(low)].formation = match g.units[usize::from(low)].formation {
        Formation::Line => Formation::Column,
        _ => Formation::Line,
    };
    r.after_hidden(&g, &mut t, &mut Vec::new());
    assert!(t.hidden.is_empty());
    g.hidden.clear();
    assert_eq!(
        r.observation(&g, ALLIED).units[usize::from(low)].place,
        Place::At(at)
    );
}
