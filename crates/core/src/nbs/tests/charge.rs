//! Cavalry charges (24.0–24.2) and reaction charges (15.2) in play, with the Example of Play's
//! charge (turn 19).

use crate::data::Library;
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Rules, Side};
use crate::hex::{Direction, Facing, Hex};
use crate::nbs::board::Terrain;
use crate::nbs::charge::*;
use crate::nbs::event::Event;
use crate::nbs::state::{
    CavTask, ChStep, Charge, CheckKind, Phase, Place, Role, State, Task, UnitId, flag,
};
use crate::nbs::types::{Formation, MoraleState, Seq66, UnitKind};
use crate::nbs::{ALLIED, Action, FRENCH, Nbs};
use alloc::string::String;
use alloc::vec::Vec;

fn d66(v: u32) -> Action {
    Action::Roll(DiceSpec::D66.roll(v).unwrap())
}

fn d6(v: u32) -> Action {
    Action::Roll(DiceSpec::D6.roll(v).unwrap())
}

struct Setup {
    r: Nbs,
    s: State,
    /// A clear, flat, featureless hex with room around it.
    c: Hex,
    d: Direction,
}

fn clear_area(r: &Nbs, radius: u32) -> Hex {
    r.board
        .hexes()
        .find(|&c| {
            let lvl = r.board.hex(c).level;
            r.board.hexes().filter(|h| h.distance(c) <= radius).count() as u32
                == 1 + 3 * radius * (radius + 1)
                && r.board
                    .hexes()
                    .filter(|h| h.distance(c) <= radius)
                    .all(|h| {
                        let i = r.board.hex(h);
                        i.on_map
                            && i.terrain == Terrain::Clear
                            && !i.special
                            && i.level == lvl
                            && Direction::ALL.iter().all(|&d| r.board.side(h, d) == 0)
                    })
        })
        .expect("a clear area")
}

fn setup() -> Setup {
    let sc = Library::builtin()
        .unwrap()
        .scenario("nbs/austerlitz-3")
        .unwrap();
    let r = Nbs::new(&sc).unwrap();
    let mut s = r.initial_state();
    for u in &mut s.units {
        u.place = Place::Off;
        u.flags = 0;
        u.spent = 0;
        u.morale = MoraleState::Normal;
    }
    s.tasks.clear();
    // A clear daylight turn.
    s.turn = (r.first_turn..=r.last_turn())
        .find(|&t| {
            let i = r.turn_info(t);
            !i.night && i.visibility.is_none()
        })
        .expect("a clear daylight turn");
    s.player_turn = 0;
    s.phase = Phase::Movement;
    let c = clear_area(&r, 7);
    Setup {
        r,
        s,
        c,
        d: Direction::ALL[0],
    }
}

impl Setup {
    fn clone_setup(&self) -> Setup {
        Setup {
            r: self.r.clone(),
            s: self.s.clone(),
            c: self.c,
            d: self.d,
        }
    }

    fn at(&self, k: u8) -> Hex {
        let mut h = self.c;
        for _ in 0..k {
            h = h.neighbor(self.d);
        }
        h
    }

    fn pick(&self, side: Side, kind: UnitKind, n: usize) -> UnitId {
        (0..self.r.units.len())
            .filter(|&i| {
                let u = &self.r.units[i];
                u.side == side && u.kind == kind && (kind != UnitKind::Cavalry || !u.heavy)
            })
            .nth(n)
            .expect("a unit") as UnitId
    }

    fn place(&mut self, u: UnitId, h: Hex, facing: Facing, f: Formation) {
        let st = &mut self.s.units[usize::from(u)];
        st.place = Place::At(h);
        st.facing = facing;
        st.formation = f;
        st.order = self.s.next_order;
        self.s.next_order += 1;
    }

    fn apply(&mut self, a: Action, ev: &mut Vec<Event>) {
        let (n, e) = self
            .r
            .applied(&self.s, &a)
            .unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
        self.s = n;
        ev.extend(e);
    }

    /// Plays the tasks out: scripted D66 rolls (then 33), D6 3, the first choice or
    /// Pass when offered.
    fn play_out(&mut self, rolls: &[u32], ev: &mut Vec<Event>) {
        let mut script = rolls.iter().copied();
        for _ in 0..400 {
            if self.s.tasks.is_empty() {
                return;
            }
            let a = match self.r.actor(&self.s) {
                Actor::Chance(Chance::Dice(DiceSpec::D66)) => d66(script.next().unwrap_or(33)),
                Actor::Chance(Chance::Dice(DiceSpec::D6)) => d6(3),
                Actor::Chance(_) => Action::Pick(0),
                Actor::Player(_) => {
                    let mut v = Vec::new();
                    self.r.legal_actions(&self.s, &mut v);
                    v.iter()
                        .find(|a| matches!(a, Action::Pass))
                        .cloned()
                        .unwrap_or_else(|| v[0].clone())
                }
                Actor::Terminal(_) => return,
            };
            self.apply(a, ev);
        }
        panic!("the tasks did not end: {:?}", self.s.tasks);
    }
}

fn side_facing(d: Direction) -> Facing {
    Facing::side(d)
}

#[test]
fn t19_r24_1_charge_sequence() {
    let mut t = setup();
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

/// 10.5d, 24.1g: the command radius binds the cavalry's ordinary steps (a step out of its
/// division leader's 4 MPs is refused) but not the charge it announces: the charge may
/// end beyond the radius.
#[test]
fn r10_5d_r24_1g_charge_is_exempt_from_command_radius() {
    let mut t = setup();
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

/// 10.3a: units on an Attack order that are charged by cavalry put their command on the
/// list for the next stoppage check, as fire from two hexes does.
#[test]
fn r10_3a_a_charge_is_a_stoppage_contact() {
    let mut t = setup();
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

#[test]
fn r24_1_err18_no_charge_out_of_swamp() {
    let mut t = setup();
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
    let mut t = setup();
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
fn r15_2a_reaction_offered_on_leaving_a_zone_hex_not_on_facing() {
    let mut t = setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        ainf,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    // 15.2f: a facing change alone never triggers.
    t.apply(
        Action::Face {
            unit: ainf,
            facing: side_facing(t.d.opposite()).rotate(1).index(),
        },
        &mut ev,
    );
    assert!(t.s.tasks.is_empty());
    // Leaving the hex: offered, striking the hex being left.
    let away = t.at(3);
    t.apply(
        Action::Step {
            unit: ainf,
            to: away,
        },
        &mut ev,
    );
    match t.s.tasks.last() {
        Some(Task::Cavalry(CavTask::ReactionOffer { at, stacks, side })) => {
            assert_eq!(*at, t.at(2));
            assert_eq!(stacks, &alloc::vec![t.at(0)]);
            assert_eq!(*side, FRENCH);
        }
        other => panic!("no reaction window: {other:?}"),
    }
    assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
    assert_eq!(
        t.s.units[usize::from(ainf)].hex(),
        Some(t.at(2)),
        "the step waits"
    );
    ev.clear();
    t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
    );
    t.play_out(&[33, 33, 33, 33, 33, 33], &mut ev);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::RecallAttempt { .. })),
        "15.2c: no recall"
    );
    assert!(
        t.s.units[usize::from(fcav)].has(flag::BLOWN),
        "15.2e: the reacting cavalry is blown"
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::FollowOn { .. })),
        "ERR-16"
    );
}

fn the_charge(s: &State) -> Option<Charge> {
    s.tasks.iter().rev().find_map(|t| match t {
        Task::Cavalry(CavTask::Charge(c)) => Some(c.clone()),
        _ => None,
    })
}

#[test]
fn r11_5e_skirmishers_may_evade_a_charge_and_the_charge_follows() {
    let mut t = setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let sk = t.pick(FRENCH, UnitKind::Skirmisher, 0);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        sk,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Skirmish,
    );
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
    match t.s.tasks.last() {
        Some(Task::SkirmisherEvade {
            from,
            target,
            charge: true,
        }) => {
            assert_eq!((*from, *target), (t.at(1), t.at(2)));
        }
        other => panic!("no evasion window before the charge: {other:?}"),
    }
    assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
    let mut out = Vec::new();
    t.r.legal_actions(&t.s, &mut out);
    assert!(out.contains(&Action::Pass));
    assert!(out.contains(&Action::RetreatTo { hex: t.at(3) }));
    // Not into the hex the cavalry would come in from.
    let e =
        t.r.applied(&t.s, &Action::RetreatTo { hex: t.at(1) })
            .unwrap_err();
    assert_eq!(e.rule, "11.5e");
    t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    assert_eq!(t.s.units[usize::from(sk)].hex(), Some(t.at(3)));
    assert!(
        !t.s.units[usize::from(sk)].has(flag::STOPPED),
        "not its own Movement Phase"
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ChargeRetargeted { from, to } if *from == t.at(2) && *to == t.at(3)
    )));
    let ch = the_charge(&t.s).expect("the charge goes on");
    assert_eq!(ch.target, t.at(3));
    assert_eq!(ch.route, alloc::vec![t.at(1), t.at(2), t.at(3)]);
    t.play_out(&[], &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == t.at(3)
    )));
}

#[test]
fn r11_5e_evasion_into_closed_terrain_lets_the_charger_pick_a_hex_next_to_it() {
    let mut t = setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let sk = t.pick(FRENCH, UnitKind::Skirmisher, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        sk,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Skirmish,
    );
    let side_hex = t.at(2).neighbor(t.d.rotate(2));
    t.place(inf, side_hex, side_facing(t.d.opposite()), Formation::Line);
    t.r.board.set_terrain(t.at(3), Terrain::Forest);
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
    let before = t.s.clone();
    t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    let ch = the_charge(&t.s).expect("the charge waits");
    assert_eq!(ch.step, ChStep::Retarget);
    let mut out = Vec::new();
    t.r.legal_actions(&t.s, &mut out);
    assert!(out.contains(&Action::Retarget { target: side_hex }));
    assert!(!out.contains(&Action::Retarget { target: t.at(3) }));
    assert_eq!(
        t.r.applied(&t.s, &Action::Retarget { target: t.at(3) })
            .unwrap_err()
            .rule,
        "11.5e"
    );
    // Passing ends the charge at step I: blown.
    let mut p = t.clone_setup();
    let mut pev = Vec::new();
    p.apply(Action::Pass, &mut pev);
    p.play_out(&[], &mut pev);
    assert!(p.s.units[usize::from(cav)].has(flag::BLOWN));
    assert!(!pev.iter().any(|e| matches!(e, Event::CavalryAttack { .. })));
    // Picking the infantry next to the old target.
    t.apply(Action::Retarget { target: side_hex }, &mut ev);
    let ch = the_charge(&t.s).expect("the charge goes on");
    assert_eq!(ch.target, side_hex);
    assert_eq!(ch.defenders, alloc::vec![inf]);
    t.play_out(&[], &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == side_hex
    )));
    // Standing instead: the charge strikes the skirmisher.
    t.s = before;
    let mut ev = Vec::new();
    t.apply(Action::Pass, &mut ev);
    t.play_out(&[], &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == t.at(2)
    )));
}

#[test]
fn r15_2g_reaction_at_an_evading_skirmisher_returns_unblown_any_number_of_times() {
    let mut t = setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    let sk1 = t.pick(ALLIED, UnitKind::Skirmisher, 0);
    let sk2 = t.pick(ALLIED, UnitKind::Skirmisher, 1);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(ainf, t.at(4), side_facing(t.d.opposite()), Formation::Line);
    t.place(
        sk1,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Skirmish,
    );
    t.r.cavalry_phase_start(&mut t.s);
    let mut ev = Vec::new();
    for (k, sk) in [sk1, sk2].into_iter().enumerate() {
        if k == 1 {
            t.place(
                sk,
                t.at(2),
                side_facing(t.d.opposite()),
                Formation::Skirmish,
            );
        }
        let mut out = Vec::new();
        t.r.legal_actions(&t.s, &mut out);
        let step = out
            .iter()
            .find(|a| matches!(a, Action::Step { unit, .. } if *unit == sk))
            .cloned()
            .expect("the skirmisher may step");
        t.apply(step, &mut ev);
        assert!(matches!(
            t.s.tasks.last(),
            Some(Task::Cavalry(CavTask::ReactionOffer { .. }))
        ));
        t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
        assert!(matches!(
            t.s.tasks.last(),
            Some(Task::SkirmisherEvade { charge: true, .. })
        ));
        assert_eq!(
            t.r.actor(&t.s),
            Actor::Player(ALLIED),
            "the skirmisher's owner"
        );
        let mut out = Vec::new();
        t.r.legal_actions(&t.s, &mut out);
        let evade = out
            .iter()
            .find(|a| matches!(a, Action::RetreatTo { .. }))
            .cloned()
            .expect("a hex to retreat into");
        t.apply(evade, &mut ev);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::ChargeCalledOff { target, .. } if *target == t.at(2)
        ) && e.rule_number() == "15.2g"));
        let c = &t.s.units[usize::from(fcav)];
        assert_eq!(c.hex(), Some(t.at(0)), "back in its hex");
        assert!(!c.has(flag::BLOWN) && !c.has(flag::STOPPED), "not blown");
        assert!(t.s.tasks.is_empty(), "{:?}", t.s.tasks);
        let s = &t.s.units[usize::from(sk)];
        assert_ne!(s.hex(), Some(t.at(2)));
        assert!(s.has(flag::STOPPED), "11.5e: the retreat ends its move");
        ev.clear();
    }
}

#[test]
fn err17_reaction_charges_ride_through_enemy_skirmishers() {
    let mut t = setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    let sk = t.pick(ALLIED, UnitKind::Skirmisher, 0);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        ainf,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    t.place(
        sk,
        t.at(1),
        side_facing(t.d.opposite()),
        Formation::Skirmish,
    );
    t.r.cavalry_phase_start(&mut t.s);
    // A regular charge may not (24.1d): in the French player turn.
    let mut own = t.s.clone();
    own.player_turn = 1;
    t.r.cavalry_phase_start(&mut own);
    let e =
        t.r.applied(
            &own,
            &Action::Charge {
                from: t.at(0),
                target: t.at(2),
                path: alloc::vec![t.at(1), t.at(2)],
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "24.1d");
    let mut ev = Vec::new();
    t.apply(
        Action::Step {
            unit: ainf,
            to: t.at(3),
        },
        &mut ev,
    );
    // The reaction is offered through the skirmisher's hex.
    t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    while matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::SquareOffer { .. }))
    ) {
        t.apply(Action::Pass, &mut ev);
    }
    match t.s.tasks.last() {
        Some(Task::SkirmisherEvade {
            from,
            target,
            charge: true,
        }) => assert_eq!((*from, *target), (t.at(0), t.at(1))),
        other => panic!("no evasion window for the skirmisher in the way: {other:?}"),
    }
    assert_eq!(t.r.actor(&t.s), Actor::Player(ALLIED));
    let window = t.clone_setup();
    // Standing: overrun, one step, and the cavalry rides through to its real target.
    t.apply(Action::Pass, &mut ev);
    t.play_out(&[], &mut ev);
    assert_eq!(t.s.units[usize::from(sk)].hex(), Some(t.at(1)));
    assert_eq!(t.s.units[usize::from(sk)].casualties, 1, "reduced");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Part {
            what: crate::nbs::event::PartChange::Overrun,
            unit,
            ..
        } if *unit == sk
    ) && e.rule_number() == "ERR-17"));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == t.at(2)
    )));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ChargeMoved { to, .. } if *to == t.at(1))),
        "never stops in the skirmisher's hex"
    );
    // Already reduced: destroyed, and the cavalry rides through the emptied hex.
    let mut r = window.clone_setup();
    r.s.units[usize::from(sk)].casualties = 1;
    let mut ev = Vec::new();
    r.apply(Action::Pass, &mut ev);
    r.play_out(&[], &mut ev);
    assert_eq!(r.s.units[usize::from(sk)].place, Place::Off, "destroyed");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeMoved { to, .. } if *to == t.at(1)))
    );
    // Running away instead: no loss.
    let mut w = window.clone_setup();
    let mut out = Vec::new();
    w.r.legal_actions(&w.s, &mut out);
    assert!(!out.contains(&Action::RetreatTo { hex: t.at(0) }));
    let evade = out
        .iter()
        .find(|a| matches!(a, Action::RetreatTo { .. }))
        .cloned()
        .expect("a hex to retreat into");
    let mut ev = Vec::new();
    w.apply(evade, &mut ev);
    assert!(
        the_charge(&w.s).is_some_and(|c| c.target == t.at(2)),
        "the charge keeps its target"
    );
    w.play_out(&[], &mut ev);
    assert_eq!(w.s.units[usize::from(sk)].casualties, 0);
    assert_ne!(w.s.units[usize::from(sk)].hex(), Some(t.at(1)));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CavalryAttack { target, .. } if *target == t.at(2)
    )));
}

#[test]
fn r15_2a_retreating_units_open_the_reaction_window() {
    let mut t = setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        ainf,
        t.at(2),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    t.r.cavalry_phase_start(&mut t.s);
    let retreat = Task::Retreat(crate::nbs::state::Retreat {
        units: alloc::vec![ainf],
        at: t.at(2),
        left: 2,
        path: Vec::new(),
        from: t.at(1),
        rout: false,
        in_combat: false,
    });
    t.s.tasks.push(retreat.clone());
    // Outside the Movement Phase there is no window (15.2a, 24.1): the step is made.
    let mut fire = t.clone_setup();
    fire.s.phase = Phase::DefensiveFire;
    let mut ev = Vec::new();
    fire.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    assert_eq!(fire.s.units[usize::from(ainf)].hex(), Some(t.at(3)));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    // In the Allied Movement Phase: the step waits under the window for the hex left.
    let mut ev = Vec::new();
    t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    match t.s.tasks.last() {
        Some(Task::Cavalry(CavTask::ReactionOffer { at, stacks, side })) => {
            assert_eq!(*at, t.at(2));
            assert_eq!(stacks, &alloc::vec![t.at(0)]);
            assert_eq!(*side, FRENCH);
        }
        other => panic!("no reaction window for the retreat: {other:?}"),
    }
    assert_eq!(t.s.units[usize::from(ainf)].hex(), Some(t.at(2)), "waits");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::OpportunityOffered { .. }))
    );
    // The reaction strikes the hex being left.
    let mut react = t.clone_setup();
    react.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    let ch = the_charge(&react.s).expect("a reaction charge");
    assert!(ch.reaction);
    assert_eq!(ch.target, t.at(2));
    // Passing: the retreat goes on, with no second window for the same hex, and a new
    // one for the next hex of the zone left (moving within it).
    t.apply(Action::Pass, &mut ev);
    assert_eq!(t.s.tasks.last(), Some(&retreat));
    t.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    assert_eq!(t.s.units[usize::from(ainf)].hex(), Some(t.at(3)));
    t.apply(Action::RetreatTo { hex: t.at(4) }, &mut ev);
    assert!(matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::ReactionOffer { at, .. })) if *at == t.at(3)
    ));
    // A retreat inside a charge's resolution opens no window (decision): the step is made.
    let mut inside = react.clone_setup();
    inside.s.tasks.push(retreat);
    let mut ev = Vec::new();
    inside.apply(Action::RetreatTo { hex: t.at(3) }, &mut ev);
    assert_eq!(inside.s.units[usize::from(ainf)].hex(), Some(t.at(3)));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
}

#[test]
fn r15_2a_no_reaction_from_beyond_three_hexes() {
    let mut t = setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(
        ainf,
        t.at(4),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    let mut ev = Vec::new();
    t.apply(
        Action::Step {
            unit: ainf,
            to: t.at(5),
        },
        &mut ev,
    );
    assert!(t.s.tasks.is_empty());
    assert_eq!(t.s.units[usize::from(ainf)].hex(), Some(t.at(5)));
}

#[test]
fn r24_1c_recall() {
    let mut t = setup();
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

#[test]
fn r24_1h_err15_follow_on_limit_of_three() {
    let mut t = setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    t.place(cav, t.at(0), side_facing(t.d), Formation::Combat);
    t.place(inf, t.at(2), side_facing(t.d.opposite()), Formation::Line);
    let mut ch = Charge {
        units: alloc::vec![cav],
        side: ALLIED,
        origin: t.at(0),
        at: t.at(0),
        route: Vec::new(),
        target: t.at(1),
        defenders: Vec::new(),
        reaction: false,
        versus_cavalry: false,
        follow_ons: 2,
        reacted: false,
        offered: Vec::new(),
        flank: false,
        def_blown: Vec::new(),
        evade_offered: true,
        overrun: Vec::new(),
        step: ChStep::FollowOn,
    };
    assert_eq!(t.r.follow_on_targets(&t.s, &ch), alloc::vec![t.at(2)]);
    ch.follow_ons = 3;
    assert!(
        t.r.follow_on_targets(&t.s, &ch).is_empty(),
        "ERR-15: at most 3"
    );
    ch.follow_ons = 0;
    ch.versus_cavalry = true;
    assert!(
        t.r.follow_on_targets(&t.s, &ch).is_empty(),
        "ERR-16: not after a cavalry target"
    );
    ch.versus_cavalry = false;
    ch.reaction = true;
    assert!(
        t.r.follow_on_targets(&t.s, &ch).is_empty(),
        "ERR-16: not in a reaction charge"
    );
}

#[test]
fn r24_2a_blown_withdrawal_six_to_twelve() {
    let mut t = setup();
    let cav = t.pick(ALLIED, UnitKind::Cavalry, 0);
    let inf = t.pick(FRENCH, UnitKind::Infantry, 0);
    t.place(cav, t.c, side_facing(t.d), Formation::Combat);
    t.place(inf, t.at(1), side_facing(t.d.opposite()), Formation::Line);
    let dest = t.r.blown_destinations(&t.s, &[cav], t.c);
    assert!(!dest.is_empty());
    assert!(dest.iter().all(|h| (6..=12).contains(&h.distance(t.c))));
    t.s.units[usize::from(cav)].flags |= flag::BLOWN;
    t.s.tasks.push(Task::Cavalry(CavTask::BlownWithdraw {
        units: alloc::vec![cav],
        at: t.c,
    }));
    let near = t.c.neighbor(t.d.opposite());
    let e =
        t.r.applied(
            &t.s,
            &Action::Withdraw {
                unit: cav,
                to: near,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "24.2a");
    let mut ev = Vec::new();
    t.apply(
        Action::Withdraw {
            unit: cav,
            to: dest[0],
        },
        &mut ev,
    );
    assert_eq!(t.s.units[usize::from(cav)].hex(), Some(dest[0]));
    // 13.1a: the withdrawal ends the charge; the cavalry may re-face free.
    assert_eq!(t.s.tasks, [Task::Reface { hex: dest[0] }]);
}

#[test]
fn r8_2_cavalry_withdrawal_segment() {
    let mut t = setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.c, side_facing(t.d), Formation::Combat);
    t.place(ainf, t.at(1), side_facing(t.d.opposite()), Formation::Line);
    t.s.phase = Phase::Withdrawal;
    assert!(t.r.any_withdrawal(&t.s));
    assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
    let mut v = Vec::new();
    t.r.legal_actions(&t.s, &mut v);
    let to = v
        .iter()
        .find_map(|a| match a {
            Action::Withdraw { unit, to } if *unit == fcav => Some(*to),
            _ => None,
        })
        .expect("a withdrawal");
    assert!(to.distance(t.at(1)) > 1);
    let mut ev = Vec::new();
    t.apply(Action::Withdraw { unit: fcav, to }, &mut ev);
    let st = &t.s.units[usize::from(fcav)];
    assert_eq!(st.hex(), Some(to));
    assert!(!st.has(flag::BLOWN), "24.2b: no blown status");
}

#[test]
fn err9_cavalry_evades_infantry_close_combat() {
    let mut t = setup();
    // The close combat itself, not the order that allows it (10.1a), is under test.
    t.r.strict_orders = false;
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(ainf, t.c, side_facing(t.d), Formation::Column);
    t.place(
        fcav,
        t.at(1),
        side_facing(t.d.opposite()),
        Formation::Combat,
    );
    let mut ev = Vec::new();
    t.apply(
        Action::Assault {
            from: t.c,
            target: t.at(1),
        },
        &mut ev,
    );
    assert!(matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::Evade { .. }))
    ));
    assert_eq!(t.r.actor(&t.s), Actor::Player(FRENCH));
    t.apply(Action::Evade, &mut ev);
    assert!(t.s.units[usize::from(fcav)].has(flag::BLOWN));
    t.play_out(&[], &mut ev);
    let h = t.s.units[usize::from(fcav)].hex().unwrap();
    assert!((6..=12).contains(&h.distance(t.at(1))));
    assert_eq!(
        t.s.units[usize::from(ainf)].hex(),
        Some(t.at(1)),
        "the infantry takes the hex"
    );
}

#[test]
fn r11_6b_square_check_when_cavalry_comes_within_three() {
    let mut t = setup();
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

/// Plays on with scripted D66 rolls (then 33), D6 3, and Pass (or the first choice) for
/// decisions, until `stop` holds or nothing is pending; whether `stop` was reached.
fn play_until(t: &mut Setup, ev: &mut Vec<Event>, stop: &dyn Fn(&State) -> bool) -> bool {
    for _ in 0..400 {
        if stop(&t.s) {
            return true;
        }
        if t.s.tasks.is_empty() {
            return false;
        }
        let a = match t.r.actor(&t.s) {
            Actor::Chance(Chance::Dice(DiceSpec::D66)) => d66(33),
            Actor::Chance(Chance::Dice(DiceSpec::D6)) => d6(3),
            Actor::Chance(_) => Action::Pick(0),
            Actor::Player(_) => {
                let mut v = Vec::new();
                t.r.legal_actions(&t.s, &mut v);
                v.iter()
                    .find(|a| matches!(a, Action::Pass))
                    .cloned()
                    .unwrap_or_else(|| v[0].clone())
            }
            Actor::Terminal(_) => return false,
        };
        t.apply(a, ev);
    }
    panic!("the tasks did not end: {:?}", t.s.tasks);
}

/// A French cavalry regiment in `at(0)` facing `facing`, and an Allied column in `at(k)`
/// about to step on to `at(k + 1)`: the step opens the reaction window for `at(k)`.
fn reaction_window(facing: Facing, k: u8) -> (Setup, UnitId, UnitId) {
    let mut t = setup();
    let fcav = t.pick(FRENCH, UnitKind::Cavalry, 0);
    let ainf = t.pick(ALLIED, UnitKind::Infantry, 0);
    t.place(fcav, t.at(0), facing, Formation::Combat);
    t.place(
        ainf,
        t.at(k),
        side_facing(t.d.opposite()),
        Formation::Column,
    );
    t.r.cavalry_phase_start(&mut t.s);
    (t, fcav, ainf)
}

/// 15.2b: a stack reaction charging outside its frontal arc first passes a morale check
/// (Normal or better, on the top reacting unit's rating); a failure calls the reaction off
/// without applying the result, and the move it interrupted goes on. In the frontal arc
/// there is no check.
#[test]
fn r15_2b_reaction_outside_the_front_checks_morale_first() {
    let mut ev = Vec::new();
    // In the front: the charge is declared at once.
    let (mut t, _, ainf) = reaction_window(side_facing(Direction::ALL[0]), 2);
    assert_eq!(t.d, Direction::ALL[0]);
    t.apply(
        Action::Step {
            unit: ainf,
            to: t.at(3),
        },
        &mut ev,
    );
    t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
    );
    // Facing away: the check comes first.
    let (mut t, fcav, ainf) = reaction_window(side_facing(Direction::ALL[0].opposite()), 2);
    t.apply(
        Action::Step {
            unit: ainf,
            to: t.at(3),
        },
        &mut ev,
    );
    ev.clear();
    t.apply(Action::ReactionCharge { from: t.at(0) }, &mut ev);
    assert!(matches!(
        t.s.tasks.last(),
        Some(Task::Cavalry(CavTask::ReactionRoll { from, at }))
            if *from == t.at(0) && *at == t.at(2)
    ));
    assert_eq!(t.r.actor(&t.s), Actor::Chance(Chance::Dice(DiceSpec::D66)));
    assert!(!ev.iter().any(|e| matches!(e, Event::ChargeDeclared { .. })));
    // The rolls that pass and fail, read off the Morale Table as the engine does.
    let c = t.r.morale_check(
        &t.s,
        t.at(0),
        CheckKind::Standard,
        false,
        t.at(2),
        Role::None,
        "15.2b",
    );
    let row =
        t.r.tables
            .morale_row_shifted(t.r.morale_rating(fcav), c.shift);
    let rolls: Vec<(u32, bool)> = (11..=66u8)
        .filter_map(Seq66::from_value)
        .map(|q| {
            (
                u32::from(q.value()),
                Nbs::passed(t.r.tables.morale_result(row, q).state),
            )
        })
        .collect();
    let pass = rolls.iter().find(|x| x.1).expect("a passing roll").0;
    let fail = rolls.iter().find(|x| !x.1).expect("a failing roll").0;
    let mut ok = t.clone_setup();
    ok.apply(d66(pass), &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
    );
    ev.clear();
    t.apply(d66(fail), &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ReactionFailed { from } if *from == t.at(0)))
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::ChargeDeclared { .. })));
    let st = &t.s.units[usize::from(fcav)];
    assert_eq!(st.morale, MoraleState::Normal, "the result is not applied");
    assert_eq!(st.hex(), Some(t.at(0)));
    assert!(!st.has(flag::BLOWN));
    assert_eq!(
        t.s.units[usize::from(ainf)].hex(),
        Some(t.at(3)),
        "the interrupted step goes on"
    );
    assert!(t.s.tasks.is_empty(), "{:?}", t.s.tasks);
}

/// 15.2d: opportunity fire may strike a reaction charge: the run-in leaving a hex of a
/// battery's Close Fire Zone opens the battery owner's window.
#[test]
fn r15_2d_opportunity_fire_against_a_reaction_charge() {
    let (mut base, fcav, ainf) = reaction_window(side_facing(Direction::ALL[0]), 3);
    // A battery on the moving (Allied) side: the scenario's first French one, lent.
    let gun = base.pick(FRENCH, UnitKind::Artillery, 0);
    base.r.units[usize::from(gun)].side = ALLIED;
    let route = [base.at(0), base.at(1), base.at(2)];
    let spot = base
        .r
        .board
        .hexes()
        .filter(|h| {
            (2..=3).contains(&h.distance(base.at(1)))
                && (0..=4).all(|k| *h != base.at(k))
                && base.r.stack(&base.s, *h).is_empty()
        })
        .flat_map(|h| (0..12u8).map(move |f| (h, Facing::new(f).unwrap())))
        .find(|&(h, f)| {
            let mut s = base.s.clone();
            s.units[usize::from(gun)].place = Place::At(h);
            s.units[usize::from(gun)].facing = f;
            s.units[usize::from(gun)].formation = Formation::Unlimbered;
            !base
                .r
                .opportunity_batteries(&s, fcav, route[1], Some(route[2]))
                .is_empty()
                && base
                    .r
                    .opportunity_batteries(&s, fcav, route[0], Some(route[1]))
                    .is_empty()
        })
        .expect("a battery covering the run-in");
    let window = |s: &State| {
        s.tasks
            .iter()
            .any(|t| matches!(t, Task::OpportunityWindow { .. }))
    };
    let start = |t: &mut Setup, ev: &mut Vec<Event>| {
        t.apply(
            Action::Step {
                unit: ainf,
                to: t.at(4),
            },
            ev,
        );
        t.apply(Action::ReactionCharge { from: t.at(0) }, ev);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ChargeDeclared { reaction: true, .. }))
        );
    };
    // Without the battery the reaction runs in with no window.
    let mut t = base.clone_setup();
    let mut ev = Vec::new();
    start(&mut t, &mut ev);
    assert!(!play_until(&mut t, &mut ev, &window));
    // With it: the window opens for the Allied player as the cavalry leaves at(1).
    let mut t = base.clone_setup();
    t.place(gun, spot.0, spot.1, Formation::Unlimbered);
    let mut ev = Vec::new();
    start(&mut t, &mut ev);
    assert!(play_until(&mut t, &mut ev, &window));
    match t.s.tasks.last() {
        Some(Task::OpportunityWindow {
            movers,
            batteries,
            at,
        }) => {
            assert_eq!(*at, t.at(1));
            assert_eq!(movers, &alloc::vec![fcav]);
            assert_eq!(batteries, &alloc::vec![gun]);
        }
        other => panic!("not the window: {other:?}"),
    }
    assert!(matches!(the_charge(&t.s), Some(c) if c.reaction));
    assert_eq!(t.r.actor(&t.s), Actor::Player(ALLIED));
    ev.clear();
    t.apply(Action::OpportunityFire, &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::FireDeclared { target, .. } if *target == t.at(1)
    )));
}

/// 11.5h D: at contact the skirmishers at the top of the charged stack go to the bottom,
/// so that the cavalry strikes the line under them.
#[test]
fn r11_5h_d_skirmishers_drop_to_the_bottom_when_a_charge_strikes() {
    let mut t = setup();
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

/// 13.1a: at the end of a charge the charging cavalry re-faces free where its withdrawal
/// ends, and the defenders that stood re-face free in their hex.
#[test]
fn r13_1a_charging_cavalry_refaces_free() {
    let mut t = setup();
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
