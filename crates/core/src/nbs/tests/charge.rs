//! Cavalry (24.0) and cavalry charges (24.1a–24.1k) in play, with the Example of Play's
//! charge (turn 19); follow-ons and blown cavalry are in `charge_followon.rs`.

use super::kit::{
    apply, charge_path, charge_setup, clear_daylight_setup, clear_spot, d6, d66, dir,
    division_leader, empty, first_cavalry, first_infantry, id, morale_roll, n_of, north, play,
    play_until, put, rules, side_facing, the_charge,
};
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Rules, Side};
use crate::hex::Compass;
use crate::nbs::board::{Terrain, side as hs};
use crate::nbs::charge::*;
use crate::nbs::event::Event;
use crate::nbs::state::{CavTask, ChStep};
use crate::nbs::state::{Phase, Place, State, Task, UnitId, flag};
use crate::nbs::tables::MoveClass;
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::{ALLIED, Action, FRENCH, Nbs};
use alloc::string::String;
use alloc::vec::Vec;

/// 10.3a: units on an Attack order that are charged by cavalry put their command on the
/// list for the next stoppage check, as fire from two hexes does.
#[test]
fn r10_3a_a_charge_is_a_stoppage_contact() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    let corps =
        t.r.formations
            .iter()
            .position(|f| {
                f.side == FRENCH
                    && f.kind == crate::nbs::units::FormKind::Corps
                    && f.code == t.r.units[usize::from(inf)].corps
            })
            .expect("the infantry's corps") as u16;
    t.s.orders[FRENCH.index()]
        .preset(
            0,
            crate::nbs::command::Receiver::Corps(corps),
            crate::nbs::command::OrderKind::Attack,
            false,
            String::from("Attack."),
        )
        .unwrap();
    t.place(cav, t.at(2), side_facing(t.d), Formation::Combat);
    let target = t.at(5);
    t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
    t.r.cavalry_phase_start(&mut t.s);
    assert!(t.s.command.sides[FRENCH.index()].contact.is_empty());
    let mut ev = Vec::new();
    t.apply(
        Action::Charge {
            from: t.at(2),
            target,
            path: alloc::vec![t.at(3), t.at(4), target],
        },
        &mut ev,
    );
    assert_eq!(
        t.s.command.sides[FRENCH.index()].contact,
        alloc::vec![corps]
    );
}

/// 10.5d, 24.1g: the command radius binds the cavalry's ordinary steps (a step out of its
/// division leader's 4 MPs is refused) but not the charge it announces: the charge may
/// end beyond the radius.
#[test]
fn r10_5d_r24_1g_charge_is_exempt_from_command_radius() {
    let mut t = clear_daylight_setup();
    let (cav, leader) = (0..t.r.units.len() as UnitId)
        .find_map(|u| {
            let i = &t.r.units[usize::from(u)];
            if i.side != ALLIED || i.kind != UnitKind::Cavalry || i.heavy {
                return None;
            }
            let f =
                t.r.formations
                    .iter()
                    .find(|f| f.side == ALLIED && f.code == i.division)?;
            Some((u, f.leader))
        })
        .expect("an Allied cavalry unit with a division leader");
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    let behind = t.c.neighbor(t.d.opposite()).neighbor(t.d.opposite());
    t.place(leader, behind, side_facing(t.d), Formation::None);
    t.place(cav, t.at(2), side_facing(t.d), Formation::Combat);
    let target = t.at(5);
    t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
    t.r.cavalry_phase_start(&mut t.s);
    let step =
        t.r.applied(
            &t.s,
            &Action::Step {
                unit: cav,
                to: t.at(3),
            },
        )
        .unwrap_err();
    assert_eq!(step.rule, "10.5a", "{step}");
    let path = alloc::vec![t.at(3), t.at(4), target];
    t.r.charge_check(&t.s, t.at(2), target, &path)
        .unwrap_or_else(|e| panic!("10.5d: the charge is exempt: {e:?}"));
    let mut v = Vec::new();
    t.r.legal_actions(&t.s, &mut v);
    assert!(v.contains(&Action::Charge {
        from: t.at(2),
        target,
        path
    }));
}

/// 11.5h D: at contact the skirmishers at the top of the charged stack go to the bottom,
/// so that the cavalry strikes the line under them.
#[test]
fn r11_5h_d_skirmishers_drop_to_the_bottom_when_a_charge_strikes() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    let sk = t.pick(FRENCH, UnitKind::Skirmisher, 0);
    let target = t.at(3);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
    t.place(sk, target, side_facing(t.d.opposite()), Formation::Skirmish);
    t.s.units[usize::from(sk)].flags |= flag::SKIRMISHER_TOP;
    t.r.cavalry_phase_start(&mut t.s);
    assert_eq!(t.r.combat_stack(&t.s, target)[0], sk);
    let mut ev = Vec::new();
    t.apply(
        Action::Charge {
            from: t.at(0),
            target,
            path: alloc::vec![t.at(1), t.at(2), target],
        },
        &mut ev,
    );
    let contact = |s: &State| {
        the_charge(s)
            .is_some_and(|c| matches!(c.step, ChStep::DefenderAttack | ChStep::AttackerAttack))
    };
    assert!(play_until(&mut t, &mut ev, &contact));
    assert!(!t.s.units[usize::from(sk)].has(flag::SKIRMISHER_TOP));
    assert_eq!(t.r.combat_stack(&t.s, target)[0], inf, "the line is on top");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Part { what: crate::nbs::event::PartChange::ToBottom, unit, .. } if *unit == sk
    )));
}

#[test]
fn r11_6b_square_check_when_cavalry_comes_within_three() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(inf, t.at(4), side_facing(t.d.opposite()), Formation::Line);
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    t.apply(
        Action::Step {
            unit: cav,
            to: t.at(1),
        },
        &mut ev,
    );
    assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
    t.apply(Action::AttemptSquare { hex: t.at(4) }, &mut ev);
    t.apply(d66(11), &mut ev);
    assert!(ev.iter().any(|e| matches!(e, Event::SquareCheck { .. })));
    // Moving on within 3 does not offer it again.
    t.play_out(&[], &mut ev);
    let n = ev.len();
    let inf_state = t.s.units[usize::from(inf)].formation;
    if inf_state == Formation::Square || t.s.units[usize::from(inf)].hex() == Some(t.at(4)) {
        t.apply(
            Action::Step {
                unit: cav,
                to: t.at(1).neighbor(t.d.rotate(1)),
            },
            &mut ev,
        );
        assert!(
            !ev[n..]
                .iter()
                .any(|e| matches!(e, Event::SquareOffered { .. }))
        );
    }
}

/// 13.1a: at the end of a charge the charging cavalry re-faces free where its withdrawal
/// ends, and the defenders that stood re-face free in their hex.
#[test]
fn r13_1a_charging_cavalry_refaces_free() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    let target = t.at(3);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    t.apply(
        Action::Charge {
            from: t.at(0),
            target,
            path: alloc::vec![t.at(1), t.at(2), target],
        },
        &mut ev,
    );
    let withdrawn = |s: &State| {
        matches!(s.tasks.last(), Some(Task::Reface { .. }))
            && s.units[usize::from(cav)].has(flag::BLOWN)
            && !s
                .tasks
                .iter()
                .any(|x| matches!(x, Task::Cavalry(CavTask::BlownWithdraw { .. })))
    };
    assert!(play_until(&mut t, &mut ev, &withdrawn));
    let h = t.s.units[usize::from(cav)].hex().expect("on the map");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryWithdrew { to, .. } if *to == h
    )));
    assert_eq!(t.s.tasks.last(), Some(&Task::Reface { hex: h }));
    assert_eq!(t.r.actor(&t.s), Actor::Player(ALLIED));
    let now = t.s.units[usize::from(cav)].facing;
    let spent = t.s.units[usize::from(cav)].spent;
    let about = now.opposite();
    ev.clear();
    t.apply(
        Action::Face {
            unit: cav,
            facing: about.index(),
        },
        &mut ev,
    );
    assert_eq!(t.s.units[usize::from(cav)].facing, about);
    assert_eq!(t.s.units[usize::from(cav)].spent, spent, "free");
    assert!(ev.iter().any(|e| matches!(e, Event::Faced { cost: 0, .. })));
    // The defender re-faces too: in its hex if it stood, else after its retreat.
    let d = t.s.units[usize::from(inf)]
        .hex()
        .expect("the defender stands");
    assert!(
        t.s.tasks.contains(&Task::Reface { hex: d })
            || ev.iter().any(|e| matches!(e, Event::Retreated { .. })),
        "{:?}",
        t.s.tasks
    );
}

/// 24.0: cavalry entering a `*` terrain off a road becomes DG; along a road it does not.
#[test]
fn r24_0_cavalry_entering_star_terrain_off_road_becomes_dg() {
    let mut r = rules("nbs/austerlitz-3");
    let star = Terrain::ALL
        .into_iter()
        .find(|&t| {
            r.tables.cavalry_auto_dg(r.terrain_idx(t))
                && matches!(
                    r.tables.hex_cost(MoveClass::LightCavalry, r.terrain_idx(t)),
                    crate::nbs::tables::MoveCost::Halves(_)
                )
        })
        .expect("a * terrain cavalry may enter");
    assert!(!r.tables.cavalry_auto_dg(r.terrain_idx(Terrain::Clear)));
    let at = clear_spot(&r, 2);
    let into = n_of(at, 1);
    r.board.set_terrain(into, star);
    let mut s = empty(&r, Phase::Movement);
    let cav = first_cavalry(&r, Side(0));
    put(&mut s, cav, at, north(), Formation::Combat);
    let (s2, ev) = apply(
        &r,
        &s,
        Action::Step {
            unit: cav,
            to: into,
        },
    );
    assert_eq!(s2.units[usize::from(cav)].morale, MoraleState::Disorganized);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MoraleChanged { rule, .. } if rule == "24.0"))
    );
    // Into clear terrain: no change.
    let (s3, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: cav,
            to: at.neighbor(dir(Compass::NE)),
        },
    );
    assert_eq!(s3.units[usize::from(cav)].morale, MoraleState::Normal);
    // Along a road into the same hex: no DG.
    r.board.add_side_bits(at, dir(Compass::N), hs::PRIMARY_ROAD);
    let (s4, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: cav,
            to: into,
        },
    );
    assert_eq!(s4.units[usize::from(cav)].morale, MoraleState::Normal);
}

/// 24.0a: heavy cavalry moves on its own Movement Chart row and its charges take the heavy
/// cavalry lines of the Cavalry Attack Table and of the attacker's morale check.
#[test]
fn r24_0a_heavy_cavalry_differs_from_light() {
    use crate::nbs::tables::{CavFireMod, MoraleList, MoraleMod};
    let (mut r, s, at, target, cav, _) = charge_setup();
    assert_eq!(r.move_class(&s, cav), Some(MoveClass::LightCavalry));
    let run = |r: &Nbs| {
        let (s1, mut ev) = apply(
            r,
            &s,
            Action::Charge {
                from: at,
                target,
                path: charge_path(at),
            },
        );
        let _ = play(r, s1, &mut ev);
        let attack = ev
            .iter()
            .find_map(|e| match e {
                Event::CavalryAttack { shift, .. } => Some(*shift),
                _ => None,
            })
            .expect("the cavalry attack");
        (attack, ev)
    };
    let (light_shift, _) = run(&r);
    r.units[usize::from(cav)].heavy = true;
    assert_eq!(r.move_class(&s, cav), Some(MoveClass::HeavyCavalry));
    let (heavy_shift, _) = run(&r);
    assert_eq!(
        heavy_shift - light_shift,
        r.tables
            .cavalry_fire_modifier(CavFireMod::FirerHeavyOrMixed) as i16
    );
    assert!(
        r.tables
            .morale_modifier(
                MoraleList::ChargeResolution,
                MoraleMod::AttackingHeavyCavalry
            )
            .is_some()
    );
}

#[test]
fn r24_1_t19_charge_sequence() {
    let mut t = clear_daylight_setup();
    assert_eq!(t.r.phasing(&t.s), ALLIED);
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    let (h0, target) = (t.at(0), t.at(5));
    t.place(cav, h0, side_facing(t.d), Formation::Combat);
    t.place(inf, target, side_facing(t.d.opposite()), Formation::Line);
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    // It moves to 4 hexes (sees the target), then to 3.
    t.apply(
        Action::Step {
            unit: cav,
            to: t.at(1),
        },
        &mut ev,
    );
    assert!(t.s.tasks.is_empty(), "4 hexes away: no square check yet");
    t.apply(
        Action::Step {
            unit: cav,
            to: t.at(2),
        },
        &mut ev,
    );
    assert!(
        matches!(
            t.s.tasks.last(),
            Some(Task::Cavalry(CavTask::SquareOffer { .. }))
        ),
        "11.6b ii: within 3 hexes the infantry may try square"
    );
    t.apply(Action::Pass, &mut ev);
    // The charge is among the legal actions.
    let path = alloc::vec![t.at(3), t.at(4), target];
    let mut v = Vec::new();
    t.r.legal_actions(&t.s, &mut v);
    let charge = Action::Charge {
        from: t.at(2),
        target,
        path,
    };
    if let Action::Charge { from, target, path } = &charge {
        if let Err(e) = t.r.charge_check(&t.s, *from, *target, path) {
            panic!("{e:?}");
        }
    }
    assert!(v.contains(&charge), "{v:?}");
    ev.clear();
    t.apply(charge, &mut ev);
    // B: the target declines square; C: no recall.
    assert!(matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::SquareOffer { .. }))
    ));
    t.apply(Action::Pass, &mut ev);
    assert_eq!(
        t.r.cavalry_prompt(
            &t.s,
            match t.s.tasks.last() {
                Some(Task::Cavalry(c)) => c,
                _ => panic!("the charge"),
            }
        )
        .0,
        "24.1 C"
    );
    t.apply(Action::Pass, &mut ev);
    // D, E, F, G, I with scripted dice.
    t.play_out(&[33, 33, 33, 33, 33, 33], &mut ev);
    let pos = |f: &dyn Fn(&Event) -> bool| ev.iter().position(f);
    let moved = ev
        .iter()
        .filter(|e| matches!(e, Event::ChargeMoved { .. }))
        .count();
    assert!(moved >= 2, "the run-in enters the route hex by hex");
    let def_fire = pos(&|e| matches!(e, Event::FireDeclared { target: x, .. } if *x == t.at(4)))
        .expect("the defender fires first (24.1 E)");
    let cav_attack = pos(&|e| matches!(e, Event::CavalryAttack { target: x, .. } if *x == target))
        .expect("then the cavalry attack");
    assert!(def_fire < cav_attack);
    let def_check = pos(&|e| matches!(e, Event::MoraleCheck { hex, .. } if *hex == target))
        .or_else(|| pos(&|e| matches!(e, Event::MoraleChanged { hex, rule, .. } if *hex == target && rule == "25.2c")));
    assert!(def_check.is_none_or(|p| p > cav_attack), "F follows E");
    if let Some(a) = pos(&|e| matches!(e, Event::MoraleCheck { hex, .. } if *hex == t.at(4))) {
        assert!(
            def_check.is_some_and(|d| d < a),
            "the defender checks before the attacker (24.1 F, G)"
        );
    }
    // I: blown, withdrawn 6-12 hexes, stopped.
    let st = &t.s.units[usize::from(cav)];
    assert!(st.has(flag::BLOWN) && st.has(flag::BLOWN_THIS_TURN) && st.has(flag::STOPPED));
    let w = ev
        .iter()
        .find_map(|e| match e {
            Event::CavalryWithdrew { from, to, .. } => Some((*from, *to)),
            _ => None,
        })
        .expect("a blown withdrawal");
    assert!((6..=12).contains(&w.0.distance(w.1)), "{w:?}");
    assert_eq!(st.hex(), Some(w.1));
}

#[test]
fn r24_1_err18_no_charge_out_of_swamp() {
    let mut t = clear_daylight_setup();
    let swamp = t.at(0);
    t.r.board.set_terrain(swamp, Terrain::Swamp);
    assert!(t.r.tables.no_charge_from(t.r.terrain_idx(Terrain::Swamp)));
    let n = swamp
        .neighbors()
        .into_iter()
        .find(|n| t.r.board.on_map(*n))
        .unwrap();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    let d = swamp.direction_to(n).unwrap();
    t.place(cav, swamp, side_facing(d), Formation::Combat);
    t.place(inf, n, side_facing(d.opposite()), Formation::Line);
    t.r.cavalry_phase_start(&mut t.s);
    let e =
        t.r.applied(
            &t.s,
            &Action::Charge {
                from: swamp,
                target: n,
                path: alloc::vec![n],
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "24.1");
    assert!(
        e.reason.contains("swamp") && e.reason.contains("(2)"),
        "{}",
        e.reason
    );
    assert!(e.reason.contains(&t.r.label(swamp)), "{}", e.reason);
}

#[test]
fn r24_1b_forms_and_err13_intervening_hexes() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    // Two turns: not a permissible form.
    let bent = t.at(1).neighbor(t.d.rotate(1));
    let twice = bent.neighbor(t.d);
    t.place(inf, twice, side_facing(t.d.opposite()), Formation::Line);
    t.r.cavalry_phase_start(&mut t.s);
    let e =
        t.r.applied(
            &t.s,
            &Action::Charge {
                from: t.at(0),
                target: twice,
                path: alloc::vec![t.at(1), bent, twice],
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "24.1b");
    // One 60-degree turn is a cross-grain form.
    assert!(form_ok(t.at(0), &[t.at(1), bent]));
    assert!(form_ok(
        t.at(0),
        &[t.at(1), t.at(2), t.at(2).neighbor(t.d.rotate(-1))]
    ));
    // A friendly skirmisher in between blocks the charge (ERR-13).
    t.s.units[usize::from(inf)].place = Place::At(t.at(3));
    if let Some(sk) = (0..t.r.units.len())
        .find(|&i| t.r.units[i].side == ALLIED && t.r.units[i].kind == UnitKind::Skirmisher)
    {
        t.place(sk as UnitId, t.at(2), side_facing(t.d), Formation::Skirmish);
        let e =
            t.r.applied(
                &t.s,
                &Action::Charge {
                    from: t.at(0),
                    target: t.at(3),
                    path: alloc::vec![t.at(1), t.at(2), t.at(3)],
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "ERR-13");
    }
}

#[test]
fn r24_1c_recall() {
    let mut t = clear_daylight_setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(inf, t.at(2), side_facing(t.d.opposite()), Formation::Line);
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    t.apply(
        Action::Charge {
            from: t.at(0),
            target: t.at(2),
            path: alloc::vec![t.at(1), t.at(2)],
        },
        &mut ev,
    );
    t.apply(Action::Pass, &mut ev); // no square
    t.apply(Action::Recall, &mut ev);
    assert_eq!(t.r.actor(&t.s), Actor::Chance(Chance::Dice(DiceSpec::D6)));
    t.apply(d6(6), &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RecallAttempt { recalled: true, .. }))
    );
    assert!(
        t.s.units[usize::from(cav)].has(flag::BLOWN),
        "24.2: a recalled charge blows the cavalry"
    );
    assert!(matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::BlownWithdraw { .. }))
    ));
    t.play_out(&[], &mut ev);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::CavalryAttack { .. } | Event::ChargeMoved { .. }))
    );
}

fn charged_units(ev: &[Event]) -> Vec<UnitId> {
    ev.iter()
        .find_map(|e| match e {
            Event::ChargeDeclared { units, .. } => Some(units.clone()),
            _ => None,
        })
        .expect("a charge")
}

/// 24.1e, 24.1k: only the cavalry and the leaders that began the phase in the hex charge
/// with it; a unit or leader that joined it during the phase stays behind.
#[test]
fn r24_1e_r24_1k_only_units_and_leaders_that_started_together_charge() {
    let (r, mut s, at, target, cav, _) = charge_setup();
    let late = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            u != cav && i.side == Side(0) && i.kind == UnitKind::Cavalry && !i.heavy
        })
        .unwrap();
    let with = division_leader(&r, cav);
    let other_leader = (0..r.units.len() as UnitId)
        .find(|&l| {
            l != with
                && r.units[usize::from(l)].side == Side(0)
                && r.units[usize::from(l)].kind == UnitKind::Leader
        })
        .unwrap();
    put(&mut s, with, at, north(), Formation::None);
    let south = at.neighbor(dir(Compass::S));
    put(&mut s, late, south, north(), Formation::Combat);
    put(&mut s, other_leader, south, north(), Formation::None);
    // The phase begins with `with` in the hex, the others one hex south; then they join.
    let def_place = s.units[usize::from(id(&r, "Y2-1-L"))].place;
    s.units[usize::from(id(&r, "Y2-1-L"))].place = Place::Off;
    r.cavalry_phase_start(&mut s);
    let (s, _) = apply(&r, &s, Action::Step { unit: late, to: at });
    let (mut s, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: other_leader,
            to: at,
        },
    );
    s.units[usize::from(id(&r, "Y2-1-L"))].place = def_place;
    let charge = Action::Charge {
        from: at,
        target,
        path: charge_path(at),
    };
    let (_, ev) = apply(&r, &s, charge);
    let mut units = charged_units(&ev);
    units.sort();
    let mut want = alloc::vec![cav, with];
    want.sort();
    assert_eq!(units, want, "not the cavalry or the leader that joined");
}

/// 21.0b, 24.1j: stragglers of a charge's morale check are recorded as casualties.
#[test]
fn r24_1j_charge_stragglers_are_casualties() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 2);
    let mut s = empty(&r, Phase::Movement);
    let u = first_infantry(&r, Side(1));
    put(&mut s, u, at, north(), Formation::Line);
    let from = n_of(at, 1);
    let (row_shift, roll) = [0i16, -1, 1, -2, 2, -3, 3]
        .into_iter()
        .find_map(|sh| morale_roll(&r, &s, at, sh, |m| m.stragglers > 0).map(|x| (sh, x)))
        .expect("a straggler result");
    for (kind, as_casualties) in [
        (crate::nbs::state::CheckKind::Charge, true),
        (crate::nbs::state::CheckKind::Standard, false),
    ] {
        let mut c = r.morale_check(
            &s,
            at,
            kind,
            false,
            from,
            crate::nbs::state::Role::None,
            "test",
        );
        assert_eq!(c.stragglers_as_casualties, as_casualties);
        c.shift = row_shift;
        let mut t = s.clone();
        r.push_check(&mut t, c);
        let (t, _) = apply(&r, &t, d66(roll));
        let st = &t.units[usize::from(u)];
        if as_casualties {
            assert!(st.casualties > 0 && st.stragglers == 0);
            assert!(t.casualty_track[1] > s.casualty_track[1]);
        } else {
            assert!(st.stragglers > 0 && st.casualties == 0);
        }
    }
}
