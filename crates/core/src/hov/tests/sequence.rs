//! The sequence of play as a whole (¶38–¶54), the leader counters (¶17, ¶34, §17, §21), the
//! attrition die's modifiers (¶35, ¶50 3), the Coalition's shared Player-Turn (¶39, §213) and a
//! random-play run through every phase of the three Battle Scenarios.

use alloc::sync::Arc;
use alloc::vec::Vec;

use super::march::{advance, clear_map_but, d6, foot_force, legal, load, open_ground, place};
use crate::data::{Cell, Library, Value};
use crate::engine::{Actor, EventInfo, Rules};
use crate::hex::Direction;
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::movement::force::{CAVALRY_MA, INFANTRY_MA};
use crate::hov::state::{Activation, March, MarchStage, Phase};
use crate::hov::types::{Army, COALITION, FRENCH, Mp};

const SCENARIOS: [&str; 3] = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"];

#[test]
fn e17_r17_e21_leader_ratings_come_from_the_counter() {
    // ¶17, §17: Initiative / [Subordination] / Command Span and a bonus star; ¶34: one point a
    // star; §21: a Major General's two stars are no bonus.
    for id in SCENARIOS {
        let h = load(id);
        assert!(!h.manifest.leaders.is_empty());
        for l in &h.manifest.leaders {
            let r = l.ratings;
            assert!((1..=6).contains(&r.initiative), "{id} {}", l.id);
            assert!(r.subordination <= 4, "§17: {id} {}", l.id);
            assert!(r.bonus <= 1, "¶34: {id} {}", l.id);
            if l.mg.is_some() {
                assert_eq!(r.bonus, 0, "§21: {id} {}", l.id);
            }
        }
        assert!(h.manifest.leaders.iter().any(|l| l.mg.is_some()), "{id}");
    }
    // §17: a counter with a Subordination Rating above 4 is refused.
    let lib = Library::builtin().expect("the built-in library");
    let mut sc = lib.scenario("hov/eylau").expect("eylau");
    let c = sc
        .counters
        .iter_mut()
        .flat_map(|set| set.counters.iter_mut())
        .find(|c| c.unit_type == "leader" && c.values.contains_key("subordination"))
        .expect("a leader counter");
    c.values
        .insert("subordination".into(), Cell::known(Value::Int(5)));
    assert!(Hov::new(&sc).is_err(), "§17: Subordination 5");
}

fn attrition_march(h: &Hov, s: &mut crate::hov::state::State) -> March {
    let f = foot_force(h, s, FRENCH);
    let at = open_ground(h);
    clear_map_but(s, &[f]);
    place(s, f, at);
    March {
        leader: f,
        parts: Vec::new(),
        how: Activation::Command,
        allowance_inf: INFANTRY_MA,
        allowance_cav: CAVALRY_MA,
        spent_inf: Mp::whole(4),
        spent_cav: Mp::ZERO,
        start_sp: h.attrition_size(s, f),
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
    }
}

#[test]
fn r35_r138_the_force_leaders_star_comes_off_the_attrition_die() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let m = attrition_march(&h, &mut s);
    let l = usize::from(m.leader);
    let mut star = h.clone();
    let mut plain = h.clone();
    Arc::make_mut(&mut star.manifest).leaders[l].ratings.bonus = 1;
    Arc::make_mut(&mut plain.manifest).leaders[l].ratings.bonus = 0;
    for roll in 1..=6 {
        // ¶35 (reading C7): the star is taken off the die.
        assert_eq!(
            star.attrition_of(&s, &m, roll).modified + 1,
            plain.attrition_of(&s, &m, roll).modified,
            "roll {roll}"
        );
    }
}

#[test]
fn r50_3_a_forced_march_loses_one_more_sp_on_a_plus_result() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let mut m = attrition_march(&h, &mut s);
    let col = h.attrition_column(&m).expect("a column").clone();
    let mut seen = false;
    for roll in 1..=6u8 {
        m.how = Activation::Command;
        let plus = col.table.at(h.attrition_of(&s, &m, roll).modified).plus;
        let commanded = h.attrition_of(&s, &m, roll).lost;
        m.how = Activation::ForcedMarch;
        let forced = h.attrition_of(&s, &m, roll).lost;
        assert_eq!(forced, commanded + u8::from(plus), "roll {roll}");
        seen |= plus;
    }
    assert!(seen, "a plus result on some roll");
    // ¶50 3: a force that did not move takes no attrition.
    m.spent_inf = Mp::ZERO;
    assert!(h.attrition_column(&m).is_none());
}

#[test]
fn r39_e213_2_the_coalition_armies_share_one_player_turn_and_its_commands() {
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    let mut ev = Vec::new();
    // ¶39: two Player-Turns a Game-Turn, whatever the number of Coalition armies.
    let turn = {
        advance(&h, &mut s, Phase::Administrative, h.params.first_player);
        s.turn
    };
    let mut t = s.clone();
    let mut sides = Vec::new();
    while t.turn == turn && t.result.is_none() {
        let a = match h.actor(&t) {
            Actor::Chance(_) => d6(3),
            _ => Action::Done,
        };
        ev.clear();
        h.apply(&mut t, &a, &mut ev).unwrap();
        sides.extend(ev.iter().filter_map(|e| match e {
            Event::PlayerTurn { side } => Some(*side),
            _ => None,
        }));
    }
    // The First Player's Player-Turn has begun; one more follows, the other side's.
    assert_eq!(sides, [h.params.first_player.other()]);
    // §213 2: one pool of commands, spent on either army's forces.
    advance(&h, &mut s, Phase::MovementCommands, COALITION);
    let commandable = |s: &crate::hov::state::State, army: Army| {
        legal(&h, s).into_iter().find(|a| match a {
            Action::Command { leader, parts } => parts.is_empty() && h.leader_army(*leader) == army,
            _ => false,
        })
    };
    let pool = s.commands[COALITION.index()];
    assert!(pool >= 2, "{pool}");
    let p = commandable(&s, Army::Prussian).expect("a Prussian force may be commanded");
    h.apply(&mut s, &p, &mut ev).unwrap();
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert!(s.march.is_none());
    assert_eq!(s.commands[COALITION.index()], pool - 1);
    let r = commandable(&s, Army::Russian).expect("a Russian force may be commanded");
    h.apply(&mut s, &r, &mut ev).unwrap();
    assert_eq!(s.commands[COALITION.index()], pool - 2);
}

#[test]
fn r45_e213_1_commands_are_the_scenarios_number_and_run_out() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    assert_eq!(
        s.commands[FRENCH.index()],
        h.params.commands[FRENCH.index()]
    );
    let mut ev = Vec::new();
    // ¶45 2: each command moves one force; spend them all.
    while s.commands[FRENCH.index()] > 0 {
        let Some(c) = legal(&h, &s)
            .into_iter()
            .find(|a| matches!(a, Action::Command { .. }))
        else {
            return;
        };
        h.apply(&mut s, &c, &mut ev).unwrap();
        assert!(s.march.is_some());
        h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    }
    // ¶45 1: with none left no force may be commanded.
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Command { .. }))
    );
    let l = foot_force(&h, &s, FRENCH);
    if !s.leaders[usize::from(l)].moved {
        let before = s.clone();
        let cmd = Action::Command {
            leader: l,
            parts: Vec::new(),
        };
        assert!(h.apply(&mut s, &cmd, &mut ev).is_err());
        assert_eq!(s, before);
    }
}

#[test]
fn r41_r50_1_r23_1_the_other_player_force_marches_by_initiative_only() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    let phasing = h.params.first_player;
    advance(&h, &mut s, Phase::ForcedMarch, phasing);
    // ¶41, ¶50: the non-phasing player acts; no Movement Command is offered.
    assert_eq!(h.actor(&s), Actor::Player(phasing.other()));
    let acts = legal(&h, &s);
    assert!(acts.contains(&Action::Done));
    assert!(!acts.iter().any(|a| matches!(a, Action::Command { .. })));
    let Some(Action::Initiative { leader, .. }) = acts
        .iter()
        .find(|a| matches!(a, Action::Initiative { .. }))
        .cloned()
    else {
        panic!("no force may force-march: {acts:?}");
    };
    let before = s.clone();
    let mut ev = Vec::new();
    let cmd = Action::Command {
        leader,
        parts: Vec::new(),
    };
    assert!(h.apply(&mut s, &cmd, &mut ev).is_err());
    assert_eq!(s, before);
    // The Initiative die (¶23 1, reading N49): the roll is the owner's alone.
    h.apply(
        &mut s,
        &Action::Initiative {
            leader,
            parts: Vec::new(),
        },
        &mut ev,
    )
    .unwrap();
    ev.clear();
    h.apply(&mut s, &d6(6), &mut ev).unwrap();
    let roll = ev
        .iter()
        .find(|e| matches!(e, Event::InitiativeRoll { .. }))
        .expect("an Initiative roll event");
    assert!(roll.visible_to(phasing.other()));
    assert!(!roll.visible_to(phasing));
}

/// A small deterministic generator (64-bit LCG).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[test]
fn r38_random_legal_play_runs_through_every_phase() {
    // ¶38–¶54: from each scenario's start, random legal actions always apply, a player always
    // has one (no dead ends), and no Battle Scenario offers replacements (§34 1).
    for (k, id) in SCENARIOS.into_iter().enumerate() {
        let h = load(id);
        let mut s = h.initial_state();
        let mut rng = Lcg(0x5eed + k as u64);
        let mut ev = Vec::new();
        let mut phases = Vec::new();
        for n in 0..400 {
            if let Actor::Terminal(_) = h.actor(&s) {
                break;
            }
            let acts = legal(&h, &s);
            assert!(
                !acts.is_empty(),
                "{id} step {n}: a dead end in {:?}",
                s.phase
            );
            // Prefer Done now and then so that the turn moves on.
            let a = if rng.below(4) == 0 && acts.contains(&Action::Done) {
                Action::Done
            } else {
                acts[rng.below(acts.len())].clone()
            };
            let before = s.clone();
            if let Err(e) = h.apply(&mut s, &a, &mut ev) {
                panic!("{id} step {n}: {a:?} was listed but refused: {e:?}");
            }
            let _ = before;
            if !phases.contains(&s.phase) {
                phases.push(s.phase);
            }
            assert!(s.turn >= h.params.first_turn && s.turn <= h.params.last_turn);
            for (i, u) in s.units.iter().enumerate() {
                assert!(u.sp <= h.manifest.units[i].max, "¶13: {id} unit {i}");
            }
        }
        assert!(
            phases.contains(&Phase::InitiativeMovement),
            "{id}: {phases:?}"
        );
    }
}

#[test]
fn r44_e218_an_entered_reinforcement_moves_by_command_or_initiative() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    let r = *h
        .params
        .reinforcements
        .iter()
        .find(|r| h.manifest.leaders[usize::from(r.leader)].side == FRENCH)
        .expect("a French reinforcement");
    advance(&h, &mut s, Phase::Reinforcements, FRENCH);
    s.turn = s.turn.max(r.turn);
    let mut ev = Vec::new();
    // ¶44, §218: placed on its entry hex in the Reinforcement Segment...
    h.apply(
        &mut s,
        &Action::Enter {
            leader: r.leader,
            hex: r.hex,
        },
        &mut ev,
    )
    .unwrap();
    while s.march.is_some() {
        h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    }
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert_eq!(s.phase, Phase::MovementCommands);
    // ...then activated by a Movement Command or, failing that, by Initiative.
    let by_command = legal(&h, &s)
        .iter()
        .any(|a| matches!(a, Action::Command { leader, .. } if *leader == r.leader));
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert_eq!(s.phase, Phase::InitiativeMovement);
    let by_initiative = legal(&h, &s)
        .iter()
        .any(|a| matches!(a, Action::Initiative { leader, .. } if *leader == r.leader));
    assert!(by_command || by_initiative);
}

#[test]
fn e210_each_scenario_has_a_fixed_attrition_level() {
    // §210 (reading A5): a fixed AP level a side, provisional data (the side's commands + 2).
    for (id, want) in [
        ("hov/pultusk-golymin", [7, 7]),
        ("hov/eylau", [6, 7]),
        ("hov/friedland", [9, 7]),
    ] {
        let h = load(id);
        assert_eq!(h.params.attrition_level, want, "{id}");
        for side in [FRENCH, COALITION] {
            assert_eq!(
                h.params.attrition_level[side.index()],
                h.params.commands[side.index()] + 2
            );
        }
    }
}

#[test]
fn e59_2_no_battle_scenario_plays_the_highway_upgrade_turn() {
    // §59: the upgrade is due on turn 36; the Battle Scenarios end before it or start after it,
    // so its delay by Coalition infantry (§59 2) never arises in them.
    for id in SCENARIOS {
        let h = load(id);
        let p = &h.params;
        assert!(!(p.first_turn..=p.last_turn).contains(&36), "{id}");
    }
}

#[test]
fn e21_3_major_generals_are_activated_in_the_organization_segment_only() {
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    let side = h.params.first_player;
    advance(&h, &mut s, Phase::Organization, side);
    let Some(act) = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::ActivateMg { .. }))
    else {
        panic!("no Major General may be activated");
    };
    let mut ev = Vec::new();
    let mut t = s.clone();
    h.apply(&mut t, &act, &mut ev).unwrap();
    // Not in the Movement Phase.
    advance(&h, &mut s, Phase::MovementCommands, side);
    assert!(!legal(&h, &s).contains(&act));
    let before = s.clone();
    assert!(h.apply(&mut s, &act, &mut ev).is_err());
    assert_eq!(s, before);
}
