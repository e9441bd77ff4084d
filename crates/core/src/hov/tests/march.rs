//! II. Movement as played: reinforcements (¶91–¶96), Movement Commands (¶97–¶99), Initiative
//! Movement (¶101–¶108), the march (¶109–¶117), ZOCs in movement (¶121–¶126), March Attrition
//! (¶136–¶140), Forced March (¶143), Unemployed Leaders (¶30) and vedettes (§68).

use alloc::vec::Vec;

use crate::data::Library;
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, Chance, Rules};
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::movement::force::{CAVALRY_MA, INFANTRY_MA};
use crate::hov::state::{
    Activation, LeaderId, LeaderPlace, March, MarchStage, Phase, State, VedettePlace,
};
use crate::hov::types::{COALITION, FRENCH, Mp};

pub(super) fn load(id: &str) -> Hov {
    let lib = Library::builtin().expect("the built-in library");
    Hov::new(&lib.scenario(id).expect(id)).unwrap_or_else(|e| panic!("{id}: {e}"))
}

pub(super) fn d6(value: u8) -> Action {
    Action::Roll(Roll {
        spec: DiceSpec::D6,
        value,
    })
}

/// Plays `Done` (and weather 3) until the phase is `phase` with `side` phasing.
pub(super) fn advance(h: &Hov, s: &mut State, phase: Phase, side: crate::engine::Side) {
    let mut ev = Vec::new();
    for _ in 0..1000 {
        if s.phase == phase && s.phasing == side && s.march.is_none() {
            return;
        }
        let a = match h.actor(s) {
            Actor::Chance(_) => d6(3),
            _ => Action::Done,
        };
        h.apply(s, &a, &mut ev).unwrap();
    }
    panic!("never reached {phase:?}");
}

pub(super) fn legal(h: &Hov, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    h.legal_actions(s, &mut v);
    v
}

/// The first force leader of `side` on the map whose force is infantry only.
pub(super) fn foot_force(h: &Hov, s: &State, side: crate::engine::Side) -> LeaderId {
    (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            h.manifest.leaders[usize::from(l)].side == side
                && matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
                && h.is_force(s, l)
                && {
                    let m = h.force_make(s, l);
                    m.inf > 0 && m.cav == 0 && m.art == 0
                }
        })
        .expect("an infantry force")
}

/// Removes every counter from the map but the given leaders (for clean positions).
pub(super) fn clear_map_but(s: &mut State, keep: &[LeaderId]) {
    for (i, l) in s.leaders.iter_mut().enumerate() {
        if matches!(l.place, LeaderPlace::Map(_)) && !keep.contains(&(i as LeaderId)) {
            l.place = LeaderPlace::Out;
        }
    }
    for v in &mut s.vedettes {
        v.place = VedettePlace::Pool;
    }
    for g in &mut s.garrisons {
        if matches!(g.place, crate::hov::state::GarrisonPlace::Map(_)) {
            g.place = crate::hov::state::GarrisonPlace::Gone;
        }
    }
}

/// A clear hex with six clear, riverless, roadless neighbours in the area, and a clear
/// ring around those.
pub(super) fn open_ground(h: &Hov) -> Hex {
    use crate::hov::board::{Ground, Road, Settlement, Water};
    let plain = |x: Hex| {
        let i = h.board.hex(x);
        h.in_area(x) && i.ground == Ground::Clear && i.settlement == Settlement::None
    };
    let clean = |x: Hex| {
        plain(x)
            && Direction::ALL.iter().all(|&d| {
                let sd = h.board.side(x, d);
                plain(x.neighbor(d)) && sd.road == Road::None && sd.water == Water::None
            })
    };
    h.board
        .grid
        .hexes()
        .into_iter()
        .find(|&x| clean(x) && Direction::ALL.iter().all(|&d| clean(x.neighbor(d))))
        .expect("open ground")
}

pub(super) fn place(s: &mut State, l: LeaderId, h: Hex) {
    s.leaders[usize::from(l)].place = LeaderPlace::Map(h);
}

#[test]
fn r99_a_commanded_force_moves_at_once_and_spends_a_command() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let acts = legal(&h, &s);
    let Some(Action::Command { leader, .. }) = acts
        .iter()
        .find(|a| matches!(a, Action::Command { .. }))
        .cloned()
    else {
        panic!("no force may be commanded: {acts:?}");
    };
    let left = s.commands[FRENCH.index()];
    let mut ev = Vec::new();
    h.apply(
        &mut s,
        &Action::Command {
            leader,
            parts: Vec::new(),
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(
        s.commands[FRENCH.index()],
        left - 1,
        "¶99: one command spent"
    );
    let m = s.march.clone().expect("¶99: the force moves at once");
    assert_eq!(m.how, Activation::Command);
    assert_eq!(m.stage, MarchStage::Moving);
    assert_eq!(
        (m.allowance_inf, m.allowance_cav),
        (INFANTRY_MA, CAVALRY_MA)
    );
    // The Commanded event is the owner's; the other player sees no leader's name.
    assert!(ev.iter().any(|e| matches!(e, Event::Commanded { .. })));
    assert!(
        ev.iter()
            .filter(|e| crate::engine::EventInfo::visible_to(*e, COALITION))
            .all(|e| !matches!(e, Event::Commanded { .. }))
    );
    // ¶87: it may stop at once; it may not then move again this phase (¶88), nor roll for
    // Initiative in the next segment (¶99).
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert!(s.march.is_none());
    assert!(!legal(&h, &s).contains(&Action::Command {
        leader,
        parts: Vec::new()
    }));
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert_eq!(s.phase, Phase::InitiativeMovement);
    assert!(!legal(&h, &s).contains(&Action::Initiative {
        leader,
        parts: Vec::new()
    }));
    let err = h
        .apply(
            &mut s,
            &Action::Initiative {
                leader,
                parts: Vec::new(),
            },
            &mut ev,
        )
        .unwrap_err();
    assert!(err.rule.contains("¶99"), "{err:?}");
}

#[test]
fn r102_r104_the_initiative_die_is_a_chance_node() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let l = foot_force(&h, &s, FRENCH);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[l]);
    place(&mut s, l, at);
    let mut ev = Vec::new();
    let mut t = s.clone();
    h.apply(
        &mut t,
        &Action::Initiative {
            leader: l,
            parts: Vec::new(),
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(h.actor(&t), Actor::Chance(Chance::Dice(DiceSpec::D6)));
    assert_eq!(legal(&h, &t), (1..=6).map(d6).collect::<Vec<_>>());
    // A 6 is more than two over any Initiative below 4: no move (¶104), no attrition.
    let init = h.initiative_of(&t, l);
    let mut u = t.clone();
    h.apply(&mut u, &d6(6), &mut ev).unwrap();
    if init + 2 < 6 {
        assert!(u.march.is_none(), "¶104: no move");
        assert!(u.leaders[usize::from(l)].moved);
        assert!(!legal(&h, &u).contains(&Action::Initiative {
            leader: l,
            parts: Vec::new()
        }));
    }
    // A 1 gives the full allowance (¶102, ¶104).
    h.apply(&mut t, &d6(1), &mut ev).unwrap();
    let m = t.march.clone().unwrap();
    assert_eq!(m.stage, MarchStage::Moving);
    assert_eq!(m.allowance_inf, INFANTRY_MA);
}

#[test]
fn r109_r123_r124_steps_pay_terrain_and_enemy_zocs() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let c = foot_force(&h, &s, COALITION);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f, c]);
    place(&mut s, f, at);
    let e = at
        .neighbor(Direction::ALL[0])
        .neighbor(Direction::ALL[0])
        .neighbor(Direction::ALL[0]);
    place(&mut s, c, e);
    let m = March {
        leader: f,
        parts: Vec::new(),
        how: Activation::Command,
        allowance_inf: INFANTRY_MA,
        allowance_cav: CAVALRY_MA,
        spent_inf: Mp::ZERO,
        spent_cav: Mp::ZERO,
        start_sp: h.attrition_size(&s, f),
        path: alloc::vec![at],
        one_mp: false,
        vedette: None,
        unemployed: false,
        stage: MarchStage::Moving,
        from_ezoc: false,
        stopped: false,
        no_loc: false,
        must_repulse: false,
        moved_parts: Vec::new(),
        bridge_mp: Mp::ZERO,
        declare: false,
        probe: Vec::new(),
    };
    s.march = Some(m);
    let d = Direction::ALL[0];
    let mut ev = Vec::new();
    // Clear: 1 MP.
    let one = at.neighbor(d);
    h.apply(&mut s, &Action::Step { to: one }, &mut ev).unwrap();
    assert_eq!(s.march.as_ref().unwrap().spent_inf, Mp::ONE);
    // ¶123: next to the enemy: 1 + ½.
    let two = one.neighbor(d);
    h.apply(&mut s, &Action::Step { to: two }, &mut ev).unwrap();
    assert_eq!(s.march.as_ref().unwrap().spent_inf, Mp(5));
    // ¶117: never into the enemy's hex.
    let before = s.clone();
    let err = h
        .apply(&mut s, &Action::Step { to: e }, &mut ev)
        .unwrap_err();
    assert_eq!(err.rule, "¶117");
    assert_eq!(s, before, "a refused step changes nothing");
    // ¶124: leaving the EZOC costs ½ more; EZOC to EZOC costs both.
    let dd = Direction::ALL[1];
    let side_hex = two.neighbor(dd);
    let in_zoc = h.in_zoc_of(&s, &h.occupancy(&s), COALITION, side_hex, false);
    match (
        h.step_cost(&s, two, dd, false),
        h.check_step(&s, s.march.as_ref().unwrap(), side_hex),
    ) {
        (Some(base), Ok(c2)) => {
            let zoc = if in_zoc { Mp::HALF } else { Mp::ZERO };
            assert_eq!(c2.inf, base.plus(Mp::HALF).plus(zoc));
        }
        (_, Err(e)) => assert!(e.rule.starts_with('¶'), "{e:?}"),
        (None, Ok(_)) => panic!("an impassable side was allowed"),
    }
    // ¶109: with 1½ MP left no 2-MP hex may be entered.
    let back = one;
    let c3 = h.check_step(&s, s.march.as_ref().unwrap(), back).unwrap();
    assert_eq!(c3.inf, Mp(3));
    h.apply(&mut s, &Action::Step { to: back }, &mut ev)
        .unwrap();
    assert_eq!(s.march.as_ref().unwrap().spent_inf, Mp(8));
    let err = h
        .apply(&mut s, &Action::Step { to: at }, &mut ev)
        .unwrap_err();
    assert_eq!(err.rule, "¶109");
    assert_eq!(legal(&h, &s), alloc::vec![Action::Done]);
}

#[test]
fn r125_a_zoc_bond_stops_the_march() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let coal: Vec<LeaderId> = (0..s.leaders.len() as LeaderId)
        .filter(|&l| {
            h.manifest.leaders[usize::from(l)].side == COALITION
                && matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
                && h.is_force(&s, l)
        })
        .take(2)
        .collect();
    assert_eq!(coal.len(), 2);
    let at = open_ground(&h);
    let mut keep = coal.clone();
    keep.push(f);
    clear_map_but(&mut s, &keep);
    let d = Direction::ALL[0];
    let target = at.neighbor(d).neighbor(d);
    // Two enemy forces on either side of the target hex, not next to `at`'s first step.
    place(&mut s, f, at);
    place(
        &mut s,
        coal[0],
        target
            .neighbor(Direction::ALL[1])
            .neighbor(Direction::ALL[1]),
    );
    place(
        &mut s,
        coal[1],
        target
            .neighbor(Direction::ALL[5])
            .neighbor(Direction::ALL[5]),
    );
    // Make the bond: move them next to the target.
    place(&mut s, coal[0], target.neighbor(Direction::ALL[1]));
    place(&mut s, coal[1], target.neighbor(Direction::ALL[5]));
    let o = h.occupancy(&s);
    assert_eq!(h.zoc_sources(&s, &o, COALITION, target), 2);
    let mut ev = Vec::new();
    h.apply(
        &mut s,
        &Action::Command {
            leader: f,
            parts: Vec::new(),
        },
        &mut ev,
    )
    .or_else(|_| {
        // Out of Dispatch Distance here: move by a hand-made march instead.
        s.march = Some(March {
            leader: f,
            parts: Vec::new(),
            how: Activation::Command,
            allowance_inf: INFANTRY_MA,
            allowance_cav: CAVALRY_MA,
            spent_inf: Mp::ZERO,
            spent_cav: Mp::ZERO,
            start_sp: 0,
            path: alloc::vec![at],
            one_mp: false,
            vedette: None,
            unemployed: false,
            stage: MarchStage::Moving,
            from_ezoc: false,
            stopped: false,
            no_loc: false,
            must_repulse: false,
            moved_parts: Vec::new(),
            bridge_mp: Mp::ZERO,
            declare: false,
            probe: Vec::new(),
        });
        Ok::<(), ()>(())
    })
    .unwrap();
    let mid = at.neighbor(d);
    let mid_ok = h.check_step(&s, s.march.as_ref().unwrap(), mid);
    assert!(mid_ok.is_ok(), "{mid_ok:?}");
    h.apply(&mut s, &Action::Step { to: mid }, &mut ev).unwrap();
    h.apply(&mut s, &Action::Step { to: target }, &mut ev)
        .unwrap();
    let m = s.march.as_ref().unwrap();
    assert!(m.stopped, "¶125: the bond stops the force");
    // No step is left; a repulse of one of the bond's forces may still be tried (reading N25).
    assert!(
        legal(&h, &s)
            .iter()
            .all(|a| matches!(a, Action::Done | Action::Repulse { .. })),
        "{:?}",
        legal(&h, &s)
    );
}

#[test]
fn r89_r98_no_command_in_an_enemy_zoc() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let mut acts = legal(&h, &s);
    let Some(Action::Command { leader: f, .. }) =
        acts.drain(..).find(|a| matches!(a, Action::Command { .. }))
    else {
        panic!("no command");
    };
    let c = foot_force(&h, &s, COALITION);
    let LeaderPlace::Map(at) = s.leaders[usize::from(f)].place else {
        unreachable!()
    };
    // Put an enemy force next to him.
    let next = Direction::ALL
        .iter()
        .map(|&d| at.neighbor(d))
        .find(|&x| h.in_area(x) && !h.occupancy(&s).holds(FRENCH, x))
        .unwrap();
    place(&mut s, c, next);
    if !h.in_zoc_of(&s, &h.occupancy(&s), COALITION, at, false) {
        return; // across a primary river: no ZOC, nothing to show here
    }
    assert!(!legal(&h, &s).contains(&Action::Command {
        leader: f,
        parts: Vec::new()
    }));
    let err = h
        .apply(
            &mut s,
            &Action::Command {
                leader: f,
                parts: Vec::new(),
            },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert!(err.rule.contains("¶98"), "{err:?}");
}

#[test]
fn r30_an_unemployed_leader_moves_free_and_ignores_zocs() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let c = foot_force(&h, &s, COALITION);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f, c]);
    // Strip his units: an Unemployed Leader.
    for u in &mut s.units {
        if u.leader == Some(f) {
            u.leader = None;
        }
    }
    for l in &mut s.leaders {
        if l.place == LeaderPlace::Portrait(f) {
            l.place = LeaderPlace::Out;
        }
    }
    place(&mut s, f, at);
    // ¶30 1: as if he had been so when the Movement Phase began.
    h.judge_unemployed(&mut s, FRENCH);
    let d = Direction::ALL[0];
    place(&mut s, c, at.neighbor(d).neighbor(d));
    let mv = Action::MoveFree {
        leader: Some(f),
        vedette: None,
    };
    assert!(legal(&h, &s).contains(&mv));
    assert!(!legal(&h, &s).contains(&Action::Initiative {
        leader: f,
        parts: Vec::new()
    }));
    let mut ev = Vec::new();
    h.apply(&mut s, &mv, &mut ev).unwrap();
    let m = s.march.clone().unwrap();
    assert_eq!(m.allowance_cav, Mp::whole(12));
    // Next to the enemy at the clear cost alone (no EZOC ½).
    h.apply(&mut s, &Action::Step { to: at.neighbor(d) }, &mut ev)
        .unwrap();
    assert_eq!(s.march.as_ref().unwrap().spent_cav, Mp::ONE);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CounterMoved {
            unemployed: true,
            ..
        }
    )));
    // No attrition for him (¶30): Done ends the march at once.
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert!(s.march.is_none());
    assert!(!legal(&h, &s).contains(&mv), "once a phase");
}

#[test]
fn e68_a_vedette_moves_seven_cavalry_points_without_a_roll() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let Some(v) = (0..s.vedettes.len())
        .find(|&i| h.manifest.vedettes[i].side == FRENCH && h.manifest.vedettes[i].cavalry)
    else {
        return;
    };
    let f = foot_force(&h, &s, FRENCH);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f]);
    place(
        &mut s,
        f,
        at.neighbor(Direction::ALL[3]).neighbor(Direction::ALL[3]),
    );
    s.vedettes[v].place = VedettePlace::Map(at);
    let mv = Action::MoveFree {
        leader: None,
        vedette: Some(v as u16),
    };
    assert!(legal(&h, &s).contains(&mv));
    let mut ev = Vec::new();
    h.apply(&mut s, &mv, &mut ev).unwrap();
    assert_eq!(s.march.as_ref().unwrap().allowance_cav, Mp::whole(7));
    assert_eq!(
        h.actor(&s),
        Actor::Player(FRENCH),
        "§68: no Initiative roll"
    );
    let to = at.neighbor(Direction::ALL[0]);
    h.apply(&mut s, &Action::Step { to }, &mut ev).unwrap();
    assert_eq!(s.vedettes[v].place, VedettePlace::Map(to));
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert!(s.march.is_none(), "§68: no attrition");
    assert!(!legal(&h, &s).contains(&mv));
}

#[test]
fn r137_r140_attrition_reads_the_start_size_without_the_guard() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f]);
    place(&mut s, f, at);
    let size = h.attrition_size(&s, f);
    let mut m = March {
        leader: f,
        parts: Vec::new(),
        how: Activation::Command,
        allowance_inf: INFANTRY_MA,
        allowance_cav: CAVALRY_MA,
        spent_inf: Mp::whole(4),
        spent_cav: Mp::ZERO,
        start_sp: size,
        path: alloc::vec![at, at.neighbor(Direction::ALL[0])],
        one_mp: false,
        vedette: None,
        unemployed: false,
        stage: MarchStage::Moving,
        from_ezoc: false,
        stopped: false,
        no_loc: false,
        must_repulse: false,
        moved_parts: Vec::new(),
        bridge_mp: Mp::ZERO,
        declare: false,
        probe: Vec::new(),
    };
    assert_eq!(Hov::march_length(&m), 4);
    let col = h.attrition_column(&m).expect("a column").clone();
    assert_eq!(col.march, Some((3, 4)));
    assert!(col.size.0 <= size && size <= col.size.1);
    // Worst die: the most loss; the events are the owner's.
    s.march = Some(m.clone());
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert_eq!(h.actor(&s), Actor::Chance(Chance::Dice(DiceSpec::D6)));
    let before: u32 = h
        .force_units(&s, f)
        .iter()
        .map(|&u| u32::from(s.units[usize::from(u)].sp))
        .sum();
    let want = h.attrition_of(&s, &m, 6).lost;
    h.apply(&mut s, &d6(6), &mut ev).unwrap();
    let after: u32 = h
        .force_units(&s, f)
        .iter()
        .map(|&u| u32::from(s.units[usize::from(u)].sp))
        .sum();
    assert_eq!(before - after, u32::from(want));
    assert_eq!(s.lost[FRENCH.index()], u16::from(want));
    assert!(s.march.is_none());
    assert!(ev.iter().all(|e| match e {
        Event::Attrition { .. } | Event::Strength { .. } =>
            !crate::engine::EventInfo::visible_to(e, COALITION),
        _ => true,
    }));
    // ¶137, §27: out of Dispatch Distance the No LOC line.
    m.no_loc = true;
    assert_eq!(h.attrition_column(&m).unwrap().march, None);
    // §170 / reading C1: a 1-SP force or one that did not move takes none.
    m.start_sp = 1;
    assert!(h.attrition_column(&m).is_none());
    m.start_sp = size;
    m.spent_inf = Mp::ZERO;
    assert!(h.attrition_column(&m).is_none());
}

#[test]
fn r140_the_old_guard_is_left_out_of_the_attrition_size() {
    let h = load("hov/eylau");
    let s = h.initial_state();
    let Some(old) = (0..h.manifest.units.len())
        .find(|&i| h.manifest.units[i].guard == crate::hov::types::Guard::Old && s.units[i].sp > 0)
    else {
        return;
    };
    let l = s.units[old].leader.unwrap();
    assert!(h.attrition_exempt(&s, old as u16));
    let all: u16 = h
        .force_units(&s, l)
        .iter()
        .map(|&u| u16::from(s.units[usize::from(u)].sp))
        .sum();
    assert!(h.attrition_size(&s, l) <= all - u16::from(s.units[old].sp));
}

#[test]
fn r91_r95_r96_reinforcements_enter_or_wait() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    let r = *h
        .params
        .reinforcements
        .iter()
        .find(|r| h.manifest.leaders[usize::from(r.leader)].side == FRENCH)
        .expect("a French reinforcement");
    // Before its turn it is not offered.
    advance(&h, &mut s, Phase::Reinforcements, FRENCH);
    if s.turn < r.turn {
        assert!(!legal(&h, &s).contains(&Action::Enter {
            leader: r.leader,
            hex: r.hex
        }));
        s.turn = r.turn;
    }
    let enter = Action::Enter {
        leader: r.leader,
        hex: r.hex,
    };
    assert!(legal(&h, &s).contains(&enter));
    // ¶96: not next to the hex on its own turn.
    let next = Action::Enter {
        leader: r.leader,
        hex: r.hex.neighbor(Direction::ALL[0]),
    };
    assert!(!legal(&h, &s).contains(&next));
    let mut t = s.clone();
    let mut ev = Vec::new();
    h.apply(&mut t, &enter, &mut ev).unwrap();
    assert_eq!(
        t.leaders[usize::from(r.leader)].place,
        LeaderPlace::Map(r.hex)
    );
    assert!(
        t.entered
            .iter()
            .any(|(l, c)| *l == r.leader && *c > Mp::ZERO)
    );
    // ¶95: delayed; ¶96: a turn later, next to the entry hex too.
    s.turn += 1;
    let later = legal(&h, &s);
    assert!(later.contains(&enter));
    let near: Vec<_> = later
        .iter()
        .filter(
            |a| matches!(a, Action::Enter { leader, hex } if *leader == r.leader && *hex != r.hex),
        )
        .collect();
    assert!(!near.is_empty(), "¶96");
}

#[test]
fn r143_forced_march_enters_an_ezoc_only_beside_friends_engaged() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::ForcedMarch, FRENCH);
    // The Coalition force-marches.
    assert_eq!(h.actor(&s), Actor::Player(COALITION));
    let c = foot_force(&h, &s, COALITION);
    let f = foot_force(&h, &s, FRENCH);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[c, f]);
    let d = Direction::ALL[0];
    place(&mut s, c, at);
    place(&mut s, f, at.neighbor(d).neighbor(d).neighbor(d));
    s.march = Some(March {
        leader: c,
        parts: Vec::new(),
        how: Activation::ForcedMarch,
        // 2½ MP: too few for the repulse that would let it into the EZOC (¶133).
        allowance_inf: Mp(5),
        allowance_cav: CAVALRY_MA,
        spent_inf: Mp::ZERO,
        spent_cav: Mp::ZERO,
        start_sp: 0,
        path: alloc::vec![at],
        one_mp: false,
        vedette: None,
        unemployed: false,
        stage: MarchStage::Moving,
        from_ezoc: false,
        stopped: false,
        no_loc: false,
        must_repulse: false,
        moved_parts: Vec::new(),
        bridge_mp: Mp::ZERO,
        declare: false,
        probe: Vec::new(),
    });
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: at.neighbor(d) }, &mut ev)
        .unwrap();
    let err = h
        .apply(
            &mut s,
            &Action::Step {
                to: at.neighbor(d).neighbor(d),
            },
            &mut ev,
        )
        .unwrap_err();
    assert_eq!(err.rule, "¶143");
}

#[test]
fn r86_random_legal_movement_never_dead_ends() {
    // From each scenario's start, a few hundred random legal actions: each applies, a legal
    // action always exists, no two sides share a hex, no unit exceeds its maximum.
    for (k, id) in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"]
        .into_iter()
        .enumerate()
    {
        let h = load(id);
        let mut s = h.initial_state();
        let mut seed: u64 = 0x2800 + k as u64;
        let mut rng = move |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) % n as u64) as usize
        };
        let mut ev = Vec::new();
        let mut steps = 0;
        for _ in 0..600 {
            if matches!(h.actor(&s), Actor::Terminal(_)) {
                break;
            }
            let acts = legal(&h, &s);
            assert!(!acts.is_empty(), "{id}: a dead end in {:?}", s.phase);
            // Prefer doing something over Done, so that marches happen.
            let pick = if acts.len() > 1 && rng(4) != 0 {
                rng(acts.len() - 1)
            } else {
                rng(acts.len())
            };
            // This test is about movement: the Command Phase's reorganizing is skipped.
            let a = if matches!(s.phase, Phase::Administrative | Phase::Organization) {
                Action::Done
            } else {
                acts[pick].clone()
            };
            if matches!(a, Action::Step { .. }) {
                steps += 1;
            }
            h.apply(&mut s, &a, &mut ev)
                .unwrap_or_else(|e| panic!("{id}: {a:?} listed but refused: {e:?}"));
            let o = h.occupancy(&s);
            for x in &o.real[0] {
                assert!(!o.real[1].contains(x), "{id}: both sides in {x:?}");
            }
            // The Organization Segment moves strength between units (¶74): none passes its
            // maximum (¶13).
            for (i, u) in s.units.iter().enumerate() {
                assert!(u.sp <= h.manifest.units[i].max, "{id}: unit {i} grew");
            }
        }
        assert!(steps > 0, "{id}: no force ever stepped");
    }
}

#[test]
fn r89_no_command_without_dispatch_distance() {
    // ¶89, ¶98, §30: while the army's Supply Source is changing no depot is active, so no force
    // has a Dispatch Distance and none may be commanded; Initiative is still open.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    assert!(
        legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Command { .. }))
    );
    s.supply[crate::hov::types::Army::French.index()] =
        crate::hov::state::Supply::Changing(s.turn + 1);
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Command { .. }))
    );
    let l = foot_force(&h, &s, FRENCH);
    let err = h
        .apply(
            &mut s,
            &Action::Command {
                leader: l,
                parts: Vec::new(),
            },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert!(
        err.rule.contains("¶98") || err.rule.contains("¶88"),
        "{err:?}"
    );
}

#[test]
fn r105_r106_r126_leaving_an_ezoc_rolls_against_the_enemy_leader() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let c = foot_force(&h, &s, COALITION);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f, c]);
    place(&mut s, f, at);
    place(&mut s, c, at.neighbor(Direction::ALL[0]));
    let mut ev = Vec::new();
    h.apply(
        &mut s,
        &Action::Initiative {
            leader: f,
            parts: Vec::new(),
        },
        &mut ev,
    )
    .unwrap();
    assert!(s.march.as_ref().unwrap().from_ezoc, "¶126");
    h.apply(&mut s, &d6(1), &mut ev).unwrap();
    let want = crate::hov::movement::initiative::exit_modifier(
        h.charts
            .resistance(h.initiative_of(&s, f), h.initiative_of(&s, c)),
        0,
        true,
    );
    let got = ev
        .iter()
        .find_map(|e| match e {
            Event::InitiativeRoll { modifier, .. } => Some(*modifier),
            _ => None,
        })
        .unwrap();
    assert_eq!(got, want, "¶106: the Resistance Modifier");
    // ¶124: leaving costs ½ more than the terrain (infantry force).
    if let Some(m) = &s.march {
        let away = at.neighbor(Direction::ALL[3]);
        match h.check_step(&s, m, away) {
            Ok(c) => assert_eq!(c.inf, Mp(3)),
            Err(e) => assert_eq!(e.rule, "¶109", "only the allowance may refuse it"),
        }
    }
}

#[test]
fn r140_x35_eighteen_sp_with_the_guard_check_attrition_as_eleven() {
    // ¶140: 18 SP of which 3 Old Guard and 4 Young Guard infantry under the same leader count
    // as 11 for attrition.
    use crate::hov::types::{Arm, Guard};
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    let find = |g: Guard, arm: Option<Arm>| {
        (0..h.manifest.units.len()).find(|&i| {
            let u = &h.manifest.units[i];
            u.side == FRENCH && u.guard == g && arm.is_none_or(|a| u.arm == a)
        })
    };
    let (Some(old), Some(young), Some(line)) = (
        find(Guard::Old, None),
        find(Guard::Young, Some(Arm::Infantry)),
        find(Guard::Line, Some(Arm::Infantry)),
    ) else {
        return;
    };
    let l = foot_force(&h, &s, FRENCH);
    for u in &mut s.units {
        if u.leader == Some(l) {
            u.leader = None;
        }
    }
    for x in &mut s.leaders {
        if x.place == LeaderPlace::Portrait(l) {
            x.place = LeaderPlace::Out;
        }
    }
    for (u, sp) in [(old, 3), (young, 4), (line, 11)] {
        s.units[u].leader = Some(l);
        s.units[u].sp = sp;
    }
    assert_eq!(h.force_make(&s, l).total(), 18);
    assert_eq!(h.attrition_size(&s, l), 11);
    // Without the Old Guard the Young Guard counts.
    s.units[old].leader = None;
    assert_eq!(h.attrition_size(&s, l), 15);
}

#[test]
fn r81_r82_a_subordinate_is_dropped_off_on_the_way_and_stays() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let Some((l, sub)) = (0..s.leaders.len() as LeaderId).find_map(|l| {
        if h.manifest.leaders[usize::from(l)].side != FRENCH
            || !matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
        {
            return None;
        }
        (0..s.leaders.len() as LeaderId)
            .find(|&x| s.leaders[usize::from(x)].place == LeaderPlace::Portrait(l))
            .map(|x| (l, x))
    }) else {
        return;
    };
    let at = open_ground(&h);
    clear_map_but(&mut s, &[l]);
    place(&mut s, l, at);
    s.march = Some(March {
        leader: l,
        parts: Vec::new(),
        how: Activation::Command,
        allowance_inf: INFANTRY_MA,
        allowance_cav: CAVALRY_MA,
        spent_inf: Mp::ZERO,
        spent_cav: Mp::ZERO,
        start_sp: h.attrition_size(&s, l),
        path: alloc::vec![at],
        one_mp: false,
        vedette: None,
        unemployed: false,
        stage: MarchStage::Moving,
        from_ezoc: false,
        stopped: false,
        no_loc: false,
        must_repulse: false,
        moved_parts: Vec::new(),
        bridge_mp: Mp::ZERO,
        declare: false,
        probe: Vec::new(),
    });
    let drop = Action::DropOff { leader: sub };
    assert!(
        !legal(&h, &s).contains(&drop),
        "¶81: not in the starting hex"
    );
    let d = Direction::ALL[0];
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: at.neighbor(d) }, &mut ev)
        .unwrap();
    assert!(legal(&h, &s).contains(&drop));
    h.apply(&mut s, &drop, &mut ev).unwrap();
    assert_eq!(
        s.leaders[usize::from(sub)].place,
        LeaderPlace::Map(at.neighbor(d))
    );
    assert!(s.leaders[usize::from(sub)].dropped);
    h.apply(
        &mut s,
        &Action::Step {
            to: at.neighbor(d).neighbor(d),
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(
        s.leaders[usize::from(sub)].place,
        LeaderPlace::Map(at.neighbor(d)),
        "¶81: the dropped force stays"
    );
    s.march = None;
    assert!(
        !legal(&h, &s).contains(&Action::Command {
            leader: sub,
            parts: Vec::new()
        }),
        "¶81: it may not move again this phase"
    );
}

/// A march of `l` under way from `at`, activated by `how`, nothing spent yet, `start_sp` its
/// size for attrition (¶137): the one March builder of the movement tests.
pub(super) fn marching(l: LeaderId, at: Hex, how: Activation, start_sp: u16) -> March {
    March {
        leader: l,
        parts: Vec::new(),
        how,
        allowance_inf: INFANTRY_MA,
        allowance_cav: CAVALRY_MA,
        spent_inf: Mp::ZERO,
        spent_cav: Mp::ZERO,
        start_sp,
        path: alloc::vec![at],
        one_mp: false,
        vedette: None,
        unemployed: false,
        stage: MarchStage::Moving,
        from_ezoc: false,
        stopped: false,
        no_loc: false,
        must_repulse: false,
        moved_parts: Vec::new(),
        bridge_mp: Mp::ZERO,
        declare: false,
        probe: Vec::new(),
    }
}
