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
        spent_inf: Mp::whole(4),
        path: alloc::vec![at, at.neighbor(Direction::ALL[0])],
        ..super::march::marching(f, at, Activation::Command, h.attrition_size(s, f))
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

#[test]
fn r38_r41_1_r54_every_phase_offers_its_decisions_up_to_the_end_date() {
    // ¶38, ¶41, ¶54: each Player-Turn runs its phases in order, the First Player's then the
    // Second's, each phase offering its own decisions before `Done`, to the End Date. Here each
    // phase takes up to three of its first listed decisions, then ends.
    let mut decided: Vec<Phase> = Vec::new();
    for id in SCENARIOS {
        let h = load(id);
        let mut s = h.initial_state();
        let mut ev = Vec::new();
        let mut key = (s.turn, s.phasing, s.phase);
        let mut taken = 0;
        let mut die = 0u8;
        let mut order: Vec<(u8, crate::engine::Side, Phase)> = Vec::new();
        let mut over = false;
        for _ in 0..60_000 {
            let acts = legal(&h, &s);
            let a = match h.actor(&s) {
                Actor::Terminal(_) => {
                    over = true;
                    break;
                }
                Actor::Chance(_) => {
                    die = die % 6 + 1;
                    d6(die)
                }
                Actor::Player(_) => {
                    if key != (s.turn, s.phasing, s.phase) {
                        key = (s.turn, s.phasing, s.phase);
                        taken = 0;
                    }
                    let first = acts.iter().find(|a| **a != Action::Done).cloned();
                    match first {
                        Some(a) if taken < 3 || !acts.contains(&Action::Done) => {
                            taken += 1;
                            if !decided.contains(&s.phase) {
                                decided.push(s.phase);
                            }
                            a
                        }
                        _ => Action::Done,
                    }
                }
            };
            h.apply(&mut s, &a, &mut ev)
                .unwrap_or_else(|e| panic!("{id}: {a:?}: {e:?}"));
            let k = (s.turn, s.phasing, s.phase);
            if order.last() != Some(&k) && s.phase != Phase::Over {
                order.push(k);
            }
        }
        assert!(over, "{id}: the scenario reaches its End Date");
        assert_eq!(s.turn, h.params.last_turn, "{id}");
        // ¶41: the First Player's Player-Turn, then the Second's, each Game-Turn.
        let first = h.params.first_player;
        for t in h.params.first_turn..=h.params.last_turn {
            let sides: Vec<crate::engine::Side> = order
                .iter()
                .filter(|k| k.0 == t && k.2 == Phase::Administrative)
                .map(|k| k.1)
                .collect();
            assert_eq!(sides, alloc::vec![first, first.other()], "{id} turn {t}");
        }
    }
    for p in [
        Phase::Setup,
        Phase::Organization,
        Phase::MovementCommands,
        Phase::InitiativeMovement,
        Phase::ForcedMarch,
    ] {
        assert!(
            decided.contains(&p),
            "{p:?} offered no decision: {decided:?}"
        );
    }
}

#[test]
fn r55_r56_a_force_cut_from_its_depots_gets_no_command_and_marches_on_the_no_loc_line() {
    // ¶55: an enemy force on a depot cuts its LOC, so the depot is inactive; ¶56: a force that
    // had its Dispatch Distance only through it loses it: no Movement Command (¶89, ¶98) and
    // the No LOC line for its attrition (¶137, §27).
    use super::battle::force_leaders;
    for id in SCENARIOS {
        let h = load(id);
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::MovementCommands, FRENCH);
        let depots: Vec<crate::hex::Hex> = h
            .active_depots(&s, Army::French)
            .into_iter()
            .map(|i| h.board.depots[i].hex)
            .collect();
        let enemies = force_leaders(&h, &s, COALITION);
        if depots.is_empty() || enemies.len() < depots.len() {
            continue;
        }
        let mut cut = s.clone();
        for (&d, &e) in depots.iter().zip(&enemies) {
            place(&mut cut, e, d);
        }
        for &e in enemies.iter().skip(depots.len()) {
            cut.leaders[usize::from(e)].place = crate::hov::state::LeaderPlace::Out;
        }
        assert!(h.active_depots(&cut, Army::French).is_empty(), "¶55");
        let o = h.occupancy(&cut);
        let Some(x) = h.board.grid.hexes().into_iter().find(|&x| {
            h.in_area(x)
                && depots.iter().any(|d| d.distance(x) == 2)
                && !h.in_zoc_of(&cut, &o, COALITION, x, false)
                && !o.holds(COALITION, x)
                && h.in_dispatch(&s, Army::French, x)
                && !h.in_dispatch(&cut, Army::French, x)
        }) else {
            continue;
        };
        let l = foot_force(&h, &s, FRENCH);
        place(&mut s, l, x);
        place(&mut cut, l, x);
        let command = Action::Command {
            leader: l,
            parts: Vec::new(),
        };
        assert!(legal(&h, &s).contains(&command), "{id}: with its depots");
        assert!(!legal(&h, &cut).contains(&command), "{id}: cut off");
        let mut t = cut.clone();
        let e = h.apply(&mut t, &command, &mut Vec::new()).unwrap_err();
        assert_eq!(e.rule, "¶89, ¶98, §27");
        assert_eq!(t, cut);
        // ¶137, §27: its march attrition reads the No LOC line.
        let mut m = h.new_march(&cut, l, Activation::Initiative, MarchStage::Moving);
        assert!(m.no_loc);
        m.spent_inf = Mp::whole(2);
        m.start_sp = 4;
        assert_eq!(h.attrition_column(&m).map(|c| c.march), Some(None));
        let mut m = h.new_march(&s, l, Activation::Initiative, MarchStage::Moving);
        assert!(!m.no_loc);
        m.spent_inf = Mp::whole(2);
        m.start_sp = 4;
        assert!(h.attrition_column(&m).is_some_and(|c| c.march.is_some()));
        // ¶55 3: an enemy ZOC over a depot does not cut its line.
        let (d0, e0) = (depots[0], enemies[0]);
        let kept = Direction::ALL.iter().any(|&k| {
            let mut z = s.clone();
            place(&mut z, e0, d0.neighbor(k));
            let o = h.occupancy(&z);
            h.in_zoc_of(&z, &o, COALITION, d0, false)
                && h.active_depots(&z, Army::French)
                    .iter()
                    .any(|&i| h.board.depots[i].hex == d0)
        });
        assert!(kept, "{id}: ¶55 3");
        return;
    }
    panic!("no scenario has a force whose Dispatch Distance runs through a depot alone");
}

/// Plays the battle in progress to its end: Pursuit chits, die 3, first listed decisions.
fn finish_battle(h: &Hov, s: &mut crate::hov::state::State) {
    for _ in 0..300 {
        if s.battle.is_none() && s.repulse.is_none() {
            return;
        }
        let acts = legal(h, s);
        let a = match h.actor(s) {
            Actor::Chance(_) => d6(3),
            _ => acts
                .iter()
                .find(|a| matches!(a, Action::Chit(crate::hov::types::Chit::Pursuit)))
                .or(acts.first())
                .expect("a decision")
                .clone(),
        };
        h.apply(s, &a, &mut Vec::new()).unwrap();
    }
    panic!("the battle never ends");
}

#[test]
fn r39_2_r122_r51_1_coalition_armies_fight_together_and_one_attack_discharges_the_duty() {
    use super::battle::{force_leaders, position};
    use super::fort::only_sp;
    use crate::hov::state::LeaderPlace;
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let co = force_leaders(&h, &s0, COALITION);
    let r = *co
        .iter()
        .find(|&&l| h.leader_army(l) == Army::Russian)
        .unwrap();
    let p = *co
        .iter()
        .find(|&&l| h.leader_army(l) == Army::Prussian)
        .expect("a Prussian force at Eylau");
    let f = super::battle::force_leaders(&h, &s0, FRENCH)[0];
    let (b, d) = super::sound::open_patch(&h);
    let (mut s, _) = position(&h, &[]);
    for (l, sp) in [(r, 5), (p, 5), (f, 3)] {
        only_sp(&h, &mut s, l, sp);
    }
    // ¶39 2, ¶122: in the Coalition's one Combat Phase a Russian and a Prussian force both in
    // the French ZOC: either may attack, and the segment may not end before one does.
    s.phasing = COALITION;
    let (rh, ph) = (b.neighbor(d), b.neighbor(d.opposite()));
    s.leaders[usize::from(f)].place = LeaderPlace::Map(b);
    s.leaders[usize::from(r)].place = LeaderPlace::Map(rh);
    s.leaders[usize::from(p)].place = LeaderPlace::Map(ph);
    let attack = |l| Action::Attack {
        leader: l,
        parts: Vec::new(),
        hexes: alloc::vec![b],
    };
    let acts = legal(&h, &s);
    assert!(
        acts.contains(&attack(r)) && acts.contains(&attack(p)),
        "{acts:?}"
    );
    assert!(
        !acts.contains(&Action::Done),
        "¶122: the French force must be attacked"
    );
    let mut t = s.clone();
    assert!(h.apply(&mut t, &Action::Done, &mut Vec::new()).is_err());
    assert_eq!(t, s);
    // ¶122: once the Russian force attacks it, the Prussian one owes no attack (¶149: the
    // French force has fought).
    let mut t = s.clone();
    h.apply(&mut t, &attack(r), &mut Vec::new()).unwrap();
    finish_battle(&h, &mut t);
    let acts = legal(&h, &t);
    assert!(acts.contains(&Action::Done), "{acts:?}");
    assert!(!acts.contains(&attack(p)));
    // ¶39 2: a Russian and a Prussian force in one hex defend together.
    let mut t = s.clone();
    t.phasing = FRENCH;
    t.leaders[usize::from(p)].place = LeaderPlace::Map(rh);
    let on = Action::Attack {
        leader: f,
        parts: Vec::new(),
        hexes: alloc::vec![rh],
    };
    assert!(legal(&h, &t).contains(&on));
    h.apply(&mut t, &on, &mut Vec::new()).unwrap();
    assert!(
        t.fought.contains(&r) && t.fought.contains(&p),
        "both defend"
    );
    assert_eq!(t.battle.as_ref().unwrap().defenders, alloc::vec![rh]);
}

#[test]
fn x50_e59_turn_36_is_21_march_and_the_scenarios_follow_the_calendar() {
    let turn_date = Hov::turn_date;
    assert_eq!(turn_date(1), (1806, 12, 6));
    assert_eq!(turn_date(36), (1807, 3, 21), "§59");
    assert_eq!(turn_date(35), (1807, 3, 18));
    assert_eq!(turn_date(69), (1807, 6, 28), "§227's End Date");
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let lib = Library::builtin().expect("the built-in library");
    for id in SCENARIOS {
        let sc = lib.scenario(id).expect(id);
        let labels = &sc.scenario.turns.labels;
        assert!(!labels.is_empty());
        for (k, label) in labels {
            let (y, m, d) = turn_date(k.parse().unwrap());
            assert_eq!(
                *label,
                alloc::format!("{d} {} {y}", MONTHS[usize::from(m - 1)]),
                "{id} turn {k}"
            );
        }
    }
}
