//! Combat cases proved in play (¶146 steps 16–18, ¶170, ¶174 3b, ¶177 1, §42 3, §48 1, ...):
//! the counterattack's retreat, pursuit, bonus and morale, displacement chains, a retreat that
//! stops in a friendly Fort, and the Fort rules that change the bombardment and the odds.

use alloc::sync::Arc;
use alloc::vec::Vec;

use super::battle::{act, die_for, duel, legal, load, no_artillery, roll, to_resolution};
use crate::engine::{Actor, Rules};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{BattleStep, LeaderId, State};
use crate::hov::types::{COALITION, Chit, FRENCH};

/// A duel in which the Coalition defender lost a Pitched round: the counterattack is next. The
/// Coalition Force Leader has Leadership Bonus `bonus` and no artillery (so that he may pursue,
/// ¶185).
fn counter_ready(bonus: u8) -> Option<(Hov, State, LeaderId, LeaderId)> {
    let mut h = load("hov/eylau");
    let (mut s, f, c, _) = duel(&h);
    Arc::make_mut(&mut h.manifest).leaders[usize::from(c)]
        .ratings
        .bonus = bonus;
    no_artillery(&h, &mut s, c);
    for sub in h.members(&s, &[c]) {
        no_artillery(&h, &mut s, sub);
    }
    let chits = [Chit::Pursuit, Chit::Pitched];
    let die = die_for(&h, &s, chits, COALITION)?;
    to_resolution(&h, &mut s, chits, die);
    let b = s.battle.as_ref()?;
    if b.step != BattleStep::Counterattack {
        return None;
    }
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))?;
    act(&h, &mut s, &a);
    while s.battle.as_ref()?.step == BattleStep::Bombard {
        act(&h, &mut s, &roll(6));
    }
    Some((h, s, f, c))
}

/// The counterattack's die (then the bonus `bonus`) until the result is known.
fn counter_die(h: &Hov, s: &mut State, die: u8, bonus: i8) -> Vec<Event> {
    let mut ev = act(h, s, &roll(die));
    if s.battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Bonus)
    {
        ev.extend(act(h, s, &Action::Bonus(bonus)));
    }
    ev
}

#[test]
fn r146_step16_17_18_the_counterattacked_force_retreats_is_pursued_and_morale_is_tested() {
    let (h, s, f, c) = counter_ready(0).expect("a counterattack");
    let b = s.battle.as_ref().unwrap();
    assert!(b.counter && b.attacker == COALITION);
    // A die for which the French (Pursuit chit) lose the counterattack.
    let (mut t, _) = (1..=6u8)
        .find_map(|d| {
            let mut t = s.clone();
            let ev = counter_die(&h, &mut t, d, 0);
            let lost = t
                .battle
                .as_ref()
                .and_then(|b| b.fight)
                .is_some_and(|x| x.loser == FRENCH);
            lost.then_some((t, ev))
        })
        .expect("a die where the counterattacked French lose");
    // Step 16: the loser of the counterattack retreats (the French player choosing where
    // the priorities leave a choice).
    let from = h.hex_of(&s, f).unwrap();
    while t
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        assert_eq!(h.actor(&t), Actor::Player(FRENCH), "¶146 step 16");
        let a = legal(&h, &t)[0].clone();
        act(&h, &mut t, &a);
    }
    let b = t.battle.as_ref().unwrap();
    assert_eq!(b.retreats.len(), 1);
    assert_eq!(b.retreats[0].path[0], from);
    assert_eq!(
        h.hex_of(&t, f),
        b.retreats[0].path.last().copied(),
        "¶146 step 16: the French stack has retreated"
    );
    assert_ne!(h.hex_of(&t, f), Some(from));
    // A heavy French loss so far, for the Critical Battle test at the end (¶193).
    t.battle.as_mut().unwrap().lost[FRENCH.index()] += 12;
    // Step 17: the counterattacker, the winner, may pursue.
    let b = t.battle.as_ref().unwrap();
    assert_eq!(b.step, BattleStep::Pursuit, "¶146 step 17");
    assert_eq!(h.actor(&t), Actor::Player(COALITION));
    let acts = legal(&h, &t);
    assert!(acts.contains(&Action::Pursue { leader: c }), "{acts:?}");
    act(&h, &mut t, &Action::Pursue { leader: c });
    assert_eq!(t.battle.as_ref().unwrap().step, BattleStep::PursuitRoll);
    let mut ev = act(&h, &mut t, &roll(1));
    while t
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::PursuitStop)
    {
        assert_eq!(h.actor(&t), Actor::Player(COALITION));
        let a = legal(&h, &t).last().cloned().unwrap();
        ev.extend(act(&h, &mut t, &a));
    }
    assert!(
        ev.iter().any(|e| matches!(e, Event::PursuitRoll { .. })),
        "the pursuit is rolled: {ev:?}"
    );
    // Step 18: morale, the counterattacker as the winner of the battle.
    let b = t.battle.clone().unwrap();
    assert_eq!(b.winner, Some(COALITION));
    assert_eq!(b.step, BattleStep::Morale, "¶146 step 18");
    assert!(matches!(h.actor(&t), Actor::Chance(_)));
    let before = t.morale;
    let ev = act(&h, &mut t, &roll(1));
    assert!(t.morale < before, "¶193: toward the Coalition: {ev:?}");
    assert!(t.battle.is_none());
}

#[test]
fn r170_the_counterattacking_force_leader_chooses_his_bonus_after_the_die() {
    let (mut h, s, f, _) = counter_ready(1).expect("a counterattack");
    // The French Force Leader, defending in the counterattack, has no bonus to use (¶170).
    Arc::make_mut(&mut h.manifest).leaders[usize::from(f)]
        .ratings
        .bonus = 1;
    let mut t = s.clone();
    act(&h, &mut t, &roll(3));
    assert_eq!(t.battle.as_ref().unwrap().step, BattleStep::Bonus);
    assert_eq!(h.actor(&t), Actor::Player(COALITION), "the counterattacker");
    assert_eq!(
        legal(&h, &t),
        alloc::vec![Action::Bonus(-1), Action::Bonus(0), Action::Bonus(1)]
    );
    let drm = |x: i8| {
        let mut u = t.clone();
        act(&h, &mut u, &Action::Bonus(x))
            .iter()
            .find_map(|e| match e {
                Event::Combat { drm, .. } => Some(*drm),
                _ => None,
            })
            .expect("the combat")
    };
    assert_eq!(drm(1) - drm(-1), 2);
    assert_eq!(drm(0) + 1, drm(1));
    let mut u = t.clone();
    let e = h
        .apply(&mut u, &Action::Bonus(2), &mut Vec::new())
        .unwrap_err();
    assert_eq!(e.rule, "¶170");
    assert_eq!(u, t);
}

#[test]
fn e42_3_no_cavalry_differential_in_a_fortified_town_battle() {
    use super::battle3::compose;
    use super::fort::siege;
    // French cavalry 4 against none, attacking the Fort: no −1 (all inside: +2, §42 4).
    let (h, mut s, fort, _, f) = siege(4, 8);
    compose(&h, &mut s, f, 4, 4, 0);
    let attack = Action::Attack {
        leader: f,
        parts: Vec::new(),
        hexes: alloc::vec![fort],
    };
    act(&h, &mut s, &attack);
    let b = s.battle.clone().unwrap();
    assert_eq!(h.bombard_drm(&s, &b, FRENCH), 2, "§42 3");
    // The defenders' cavalry edge inside the town counts no more (reading N76).
    let (h, mut s, _, c, f) = siege(4, 8);
    compose(&h, &mut s, c, 2, 2, 0);
    compose(&h, &mut s, f, 8, 0, 0);
    act(&h, &mut s, &attack);
    let b = s.battle.clone().unwrap();
    assert_eq!(h.bombard_drm(&s, &b, COALITION), 0, "§42 3, reading N76");
}

#[test]
fn e48_1_the_defenders_of_a_masked_fort_counterattacked_fight_outside_its_walls() {
    use super::fort::siege;
    // The Coalition force (4 SP) in the Fort attacks out; the French lose a Pitched round and
    // counterattack into the Fort.
    let (h, mut s, fort, c, f) = siege(4, 4);
    s.phasing = COALITION;
    let out = h.hex_of(&s, f).unwrap();
    let attack = Action::Attack {
        leader: c,
        parts: Vec::new(),
        hexes: alloc::vec![out],
    };
    assert!(legal(&h, &s).contains(&attack), "{:?}", legal(&h, &s));
    let chits = [Chit::Pursuit, Chit::Pitched];
    let die = die_for(&h, &s, chits, FRENCH).expect("a die where the French lose");
    to_resolution(&h, &mut s, chits, die);
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::Counterattack);
    let counter = Action::Attack {
        leader: f,
        parts: Vec::new(),
        hexes: alloc::vec![fort],
    };
    assert!(legal(&h, &s).contains(&counter), "{:?}", legal(&h, &s));
    act(&h, &mut s, &counter);
    let b = s.battle.clone().unwrap();
    assert!(b.counter && b.attacker == FRENCH);
    let walls = h.battle_odds(&s, &b).0.column;
    let mut m = s.clone();
    m.masks.push(crate::hov::state::Mask {
        hex: fort,
        by: FRENCH,
        attempts: 1,
        masked: true,
        pending: false,
        tried: false,
    });
    let masked = h.battle_odds(&m, &b).0.column;
    assert!(
        masked > walls,
        "§48 1: undoubled in a masked Fort: column {masked} against {walls}"
    );
}

#[test]
fn r85_a_pitched_loss_in_play_is_spread_evenly_over_the_units() {
    use crate::hov::state::LeaderPlace;
    use crate::hov::types::Arm;
    let h = load("hov/eylau");
    let (mut s, _, c, _) = duel(&h);
    // The Coalition force: two infantry units of 6 SP, nothing else.
    for u in s.units.iter_mut().filter(|u| u.leader == Some(c)) {
        u.leader = None;
        u.sp = 0;
    }
    for x in &mut s.leaders {
        if x.place == LeaderPlace::Portrait(c) {
            x.place = LeaderPlace::Out;
        }
    }
    let inf: Vec<usize> = (0..h.manifest.units.len())
        .filter(|&u| {
            h.manifest.units[u].side == COALITION
                && h.manifest.units[u].arm == Arm::Infantry
                && s.units[u].leader.is_none()
        })
        .take(2)
        .collect();
    assert_eq!(inf.len(), 2);
    for &u in &inf {
        s.units[u].leader = Some(c);
        s.units[u].sp = 6;
    }
    let chits = [Chit::Pursuit, Chit::Pitched];
    let die = die_for(&h, &s, chits, COALITION).expect("a die where the Coalition loses");
    to_resolution(&h, &mut s, chits, die);
    let fight = s.battle.as_ref().unwrap().fight.unwrap();
    assert_eq!(fight.loser, COALITION);
    let lost: Vec<u8> = inf.iter().map(|&u| 6 - s.units[u].sp).collect();
    let total: u8 = lost.iter().sum();
    assert!(total >= fight.loser_n.min(12) && total >= 2, "{lost:?}");
    assert!(
        lost[0].abs_diff(lost[1]) <= 1,
        "¶85: spread evenly: {lost:?}"
    );
}

#[test]
fn r174_3b_a_displacement_may_chain_hex_by_hex() {
    use super::battle::{force_leaders, position};
    use super::fort::only_sp;
    use crate::hex::Direction;
    use crate::hov::state::{Fight, LeaderPlace, Retreat};
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let cs = force_leaders(&h, &s0, COALITION);
    let fr = force_leaders(&h, &s0, FRENCH);
    let (mut s, hexes) = position(&h, &[fr[0], cs[0], cs[1]]);
    let (f, c, small) = (fr[0], cs[0], cs[1]);
    only_sp(&h, &mut s, small, 1);
    // Friends of 2 SP on every other hex next to the one the beaten stack retreats into: the
    // displaced force has nowhere free to go and displaces one of them in its turn.
    let mut ring = Vec::new();
    let mut busy = alloc::vec![c, small];
    for d in Direction::ALL {
        let n = hexes[2].neighbor(d);
        if n == hexes[1] || !h.board.on_map(n) || !h.in_area(n) {
            continue;
        }
        let l = (0..s.leaders.len() as LeaderId)
            .find(|&l| h.manifest.leaders[usize::from(l)].side == COALITION && !busy.contains(&l))
            .expect("a Coalition leader");
        busy.push(l);
        s.leaders[usize::from(l)].place = LeaderPlace::Map(n);
        super::battle3::compose(&h, &mut s, l, 2, 0, 0);
        ring.push((l, n));
    }
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { leader, .. } if *leader == f))
        .expect("the attack");
    act(&h, &mut s, &a);
    let b = s.battle.as_mut().unwrap();
    b.fight = Some(Fight {
        loser: COALITION,
        loser_n: 2,
        winner_n: 0,
        winner_lost: 0,
    });
    b.retreats = alloc::vec![Retreat {
        leaders: alloc::vec![c],
        path: alloc::vec![hexes[1]],
        need: 2,
        done: false,
    }];
    let mut ev = Vec::new();
    h.retreat_step(&mut s, &mut ev, 0, hexes[2]);
    let moved: Vec<(LeaderId, crate::hex::Hex)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::BattleMove { leader, to, rule } if rule == "¶174 3" => Some((*leader, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(moved.len(), 2, "¶174 3b: a chain of two: {moved:?}");
    // The last link moves first (hex by hex), then the small force into its hex.
    let (second, to2) = moved[0];
    let (first, to1) = moved[1];
    assert_eq!(first, small);
    assert_eq!(to1.distance(hexes[2]), 1);
    assert!(ring.iter().any(|&(l, n)| l == second && n == to1));
    assert_eq!(to2.distance(to1), 1);
    assert_eq!(s.leaders[usize::from(small)].place, LeaderPlace::Map(to1));
    assert_eq!(s.leaders[usize::from(second)].place, LeaderPlace::Map(to2));
    assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Map(hexes[2]));
}

#[test]
fn r177_1_a_retreat_may_stop_in_a_friendly_fortified_town_or_on_its_supply_source() {
    use super::fort::{leader_with_infantry, only_sp, siege};
    use crate::hex::Direction;
    use crate::hov::state::{Fight, LeaderPlace, Retreat, Supply};
    // A Coalition force holds the Fort; another is beaten next to it and retreats into it.
    let (h, mut s, fort, c, f) = siege(2, 4);
    let r = leader_with_infantry(&h, &s, COALITION, &[c]);
    only_sp(&h, &mut s, r, 3);
    let n = fort.neighbor(Direction::ALL[3]);
    let far = n.neighbor(Direction::ALL[3]);
    s.leaders[usize::from(r)].place = LeaderPlace::Map(n);
    s.leaders[usize::from(f)].place = LeaderPlace::Map(far);
    let a = Action::Attack {
        leader: f,
        parts: Vec::new(),
        hexes: alloc::vec![n],
    };
    assert!(legal(&h, &s).contains(&a), "{:?}", legal(&h, &s));
    act(&h, &mut s, &a);
    let b = s.battle.as_mut().unwrap();
    b.fight = Some(Fight {
        loser: COALITION,
        loser_n: 3,
        winner_n: 0,
        winner_lost: 0,
    });
    b.retreats = alloc::vec![Retreat {
        leaders: alloc::vec![r],
        path: alloc::vec![n],
        need: 3,
        done: false,
    }];
    b.step = BattleStep::Retreat;
    let g = b.retreats[0].clone();
    assert!(!h.may_stop(&s, COALITION, &g), "not in its start hex");
    let mut ev = Vec::new();
    h.retreat_step(&mut s, &mut ev, 0, fort);
    assert_eq!(
        s.leaders[usize::from(c)].place,
        LeaderPlace::Map(fort),
        "the force holding the Fort is not displaced"
    );
    let g = s.battle.as_ref().unwrap().retreats[0].clone();
    assert!(!g.done && g.path.len() == 2);
    assert!(
        h.may_stop(&s, COALITION, &g),
        "¶177 1: a friendly Fortified Town"
    );
    // Past the stacking limit (48 SP) the stack goes on.
    let mut big = s.clone();
    super::battle3::compose(&h, &mut big, c, 46, 0, 0);
    assert!(h.hex_sp(&big, COALITION, fort) > 48);
    assert!(!h.may_stop(&big, COALITION, &g), "¶177 1, ¶141");
    assert!(legal(&h, &s).contains(&Action::Done));
    let mut t = s.clone();
    let ev = act(&h, &mut t, &Action::Done);
    assert!(ev.iter().any(
        |e| matches!(e, Event::BattleMove { leader, to, rule } if *leader == r && *to == fort && rule == "¶177")
    ));
    assert_eq!(t.leaders[usize::from(r)].place, LeaderPlace::Map(fort));
    assert!(t.battle.as_ref().is_none_or(|b| b.retreats[0].done));
    // An empty Fortified Town is not a refuge; the army's active Supply Source is.
    let mut u = s.clone();
    u.leaders[usize::from(c)].place = LeaderPlace::Out;
    assert!(!h.may_stop(&u, COALITION, &g));
    for x in u.supply.iter_mut() {
        if matches!(x, Supply::Active(_)) {
            *x = Supply::Active(fort);
        }
    }
    assert!(h.may_stop(&u, COALITION, &g), "¶177 1: its Supply Source");
}

#[test]
fn r127_5_x33_a_pursuer_of_four_against_two_with_one_cavalry_sp_against_two_rolls_plus_one() {
    use super::pursuit::pursuit_ready;
    use crate::hov::types::Arm;
    let mut h = load("hov/eylau");
    let Some((mut s, f, c, _)) = pursuit_ready(&h, |_, _, _, _| {}) else {
        panic!("no pursuit");
    };
    {
        let m = Arc::make_mut(&mut h.manifest);
        m.leaders[usize::from(f)].ratings.initiative = 4;
        m.leaders[usize::from(c)].ratings.initiative = 2;
    }
    assert_eq!(h.charts.resistance(4, 2), 0, "X33: 4 against 2 is 0");
    // Cavalry: 1 SP with the pursuer, 2 with the beaten stack; nothing else mounted.
    for l in [f, c] {
        for m in h.members(&s, &[l]) {
            for (i, u) in s.units.iter_mut().enumerate() {
                if u.leader == Some(m) && h.manifest.units[i].arm == Arm::Cavalry {
                    u.leader = None;
                    u.sp = 0;
                }
            }
        }
    }
    let cav = |side| {
        (0..h.manifest.units.len())
            .find(|&u| h.manifest.units[u].side == side && h.manifest.units[u].arm == Arm::Cavalry)
            .expect("cavalry")
    };
    let (fc, cc) = (cav(FRENCH), cav(COALITION));
    s.units[fc].leader = Some(f);
    s.units[fc].sp = 1;
    s.units[cc].leader = Some(c);
    s.units[cc].sp = 2;
    let b = s.battle.clone().unwrap();
    // ¶127 5: the pursuer's cavalry counts though it took no loss in the combat.
    assert_eq!(b.fight.unwrap().winner_lost, 0);
    assert_eq!(b.pitched_shown[FRENCH.index()], 0);
    assert_eq!(h.pursuit_drm(&s, &b, f), 1, "X33: +1");
    // Without the beaten stack's cavalry edge the modifier is the Resistance Modifier alone.
    s.units[cc].sp = 1;
    assert_eq!(h.pursuit_drm(&s, &b, f), 0);
}

#[test]
fn e58_3_troops_landed_from_the_sea_and_forced_to_retreat_from_the_landing_hex_are_destroyed() {
    use crate::hov::state::Landing;
    let h = load("hov/eylau");
    let (mut s, _, c, hexes) = duel(&h);
    // The Coalition force landed at its hex this Movement Phase and attacks the French.
    s.phasing = COALITION;
    s.sea_move = Some(Landing {
        leader: c,
        hex: hexes[1],
    });
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(&h, &s, chits, COALITION).expect("a die where the Coalition loses");
    let mut plain = s.clone();
    plain.sea_move = None;
    to_resolution(&h, &mut plain, chits, die);
    let sp_of = |t: &State| -> u32 {
        h.members(t, &[c])
            .iter()
            .flat_map(|&m| t.units.iter().filter(move |u| u.leader == Some(m)))
            .map(|u| u32::from(u.sp))
            .sum()
    };
    assert!(
        sp_of(&plain) > 0,
        "elsewhere the beaten force retreats whole"
    );
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .unwrap();
    act(&h, &mut s, &a);
    act(&h, &mut s, &Action::Chit(chits[0]));
    act(&h, &mut s, &Action::Chit(chits[1]));
    let mut ev = Vec::new();
    while let Some(b) = &s.battle {
        let x = match b.step {
            BattleStep::Bombard => roll(6),
            BattleStep::Stake => Action::Stake(false),
            BattleStep::Resolve => roll(die),
            BattleStep::Bonus => Action::Bonus(0),
            _ => break,
        };
        ev.extend(act(&h, &mut s, &x));
    }
    assert!(
        ev.iter().any(|e| matches!(e, Event::BattleLoss { side, rule, .. } if *side == COALITION && rule == "§58")),
        "{ev:?}"
    );
    assert_eq!(sp_of(&s), 0, "§58 3: destroyed in its landing hex");
    let b = s.battle.as_ref().unwrap();
    assert!(!b.captures.is_empty() || b.retreats.iter().all(|g| !g.leaders.contains(&c)));
    // Played on: the capture die and the rest of the battle run to their end.
    for _ in 0..40 {
        if s.battle.is_none() {
            break;
        }
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
    }
    assert!(s.battle.is_none());
}

/// A Citadel with a neighbour across its bridge (a bridgehead hex, §43) when there is one,
/// and a neighbour on the same bank, both on the map.
fn citadel(h: &Hov) -> Option<(crate::hex::Hex, Option<crate::hex::Hex>, crate::hex::Hex)> {
    use crate::hex::Direction;
    use crate::hov::board::{Settlement, Water};
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    let mut best = None;
    for x in hexes {
        if h.board.hex(x).settlement != Settlement::Citadel {
            continue;
        }
        let plain = Direction::ALL
            .into_iter()
            .map(|d| (d, x.neighbor(d)))
            .find(|&(d, n)| {
                h.board.on_map(n)
                    && h.board.side(x, d).water == Water::None
                    && !h.board.hex(n).bridgehead
            });
        let bridge = Direction::ALL
            .into_iter()
            .map(|d| x.neighbor(d))
            .find(|&n| h.board.on_map(n) && h.board.hex(n).bridgehead);
        if let Some((_, p)) = plain {
            if bridge.is_some() {
                return Some((x, bridge, p));
            }
            best = best.or(Some((x, None, p)));
        }
    }
    best
}

#[test]
fn e43_1_2_only_regulars_beyond_five_sp_outside_a_citadel_are_attacked_never_over_its_bridge() {
    use super::battle::position;
    use super::battle3::compose;
    use super::fort::{leader_with_infantry, only_sp};
    use crate::hov::state::{GarrisonPlace, LeaderPlace};
    let mut done = false;
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let Some((cit, bridge, plain)) = citadel(&h) else {
            continue;
        };
        let (mut s, _) = position(&h, &[]);
        let inside = leader_with_infantry(&h, &s, COALITION, &[]);
        let outside = leader_with_infantry(&h, &s, COALITION, &[inside]);
        let f = leader_with_infantry(&h, &s, FRENCH, &[]);
        only_sp(&h, &mut s, inside, 3);
        s.leaders[usize::from(inside)].place = LeaderPlace::Map(cit);
        s.leaders[usize::from(f)].place = LeaderPlace::Map(plain);
        compose(&h, &mut s, f, 12, 0, 0);
        let g = (0..h.manifest.garrisons.len())
            .find(|&g| h.manifest.garrisons[g].side == COALITION)
            .expect("a Coalition garrison");
        s.garrisons[g].place = GarrisonPlace::Map(cit);
        s.garrisons[g].sp = 2;
        // 3 SP and the garrison inside: nothing to attack.
        assert!(
            legal(&h, &s)
                .iter()
                .all(|a| !matches!(a, Action::Attack { .. })),
            "§43 1"
        );
        // A force of 8 SP more stands outside: it alone is attacked.
        s.leaders[usize::from(outside)].place = LeaderPlace::Map(cit);
        compose(&h, &mut s, outside, 8, 0, 0);
        let attack = Action::Attack {
            leader: f,
            parts: Vec::new(),
            hexes: alloc::vec![cit],
        };
        assert!(legal(&h, &s).contains(&attack), "{:?}", legal(&h, &s));
        let mut t = s.clone();
        act(&h, &mut t, &attack);
        let b = t.battle.clone().unwrap();
        let sides = h.sides(&t, &b);
        assert_eq!(sides.fls[COALITION.index()], alloc::vec![outside]);
        assert!(sides.garrisons[COALITION.index()].is_empty());
        // Beaten in a Pursuit round, the force outside retreats; those inside stay, untouched.
        let chits = [Chit::Pursuit, Chit::Pursuit];
        if let Some(die) = die_for(&h, &s, chits, COALITION) {
            let mut t = s.clone();
            to_resolution(&h, &mut t, chits, die);
            let b = t.battle.clone().unwrap();
            assert!(b.retreats.iter().all(|r| !r.leaders.contains(&inside)));
            assert_eq!(t.garrisons[g].sp, 2);
            assert_eq!(t.leaders[usize::from(inside)].place, LeaderPlace::Map(cit));
        }
        // §43 2: never across the bridge from the bridgehead while the garrison holds.
        if let Some(bh) = bridge {
            let mut t = s.clone();
            t.leaders[usize::from(f)].place = LeaderPlace::Map(bh);
            let over = Action::Attack {
                leader: f,
                parts: Vec::new(),
                hexes: alloc::vec![cit],
            };
            assert!(!legal(&h, &t).contains(&over), "§43 2");
            t.garrisons[g].place = GarrisonPlace::Gone;
            t.garrisons[g].sp = 0;
            assert!(
                legal(&h, &t).contains(&over),
                "the garrison gone, the bridge is open"
            );
        }
        done = true;
        break;
    }
    assert!(done, "no Citadel on the maps");
}

#[test]
fn e36_1_e43_2_a_garrison_attacks_on_its_own_a_bridgehead_citadels_over_its_bridge() {
    use super::battle::position;
    use super::battle3::compose;
    use super::fort::leader_with_infantry;
    use crate::hov::state::{GarrisonPlace, LeaderPlace};
    let h = load("hov/eylau");
    let (cit, bridge, plain) = citadel(&h).expect("a Citadel");
    let bh = bridge.expect("a bridgehead");
    let (mut s, _) = position(&h, &[]);
    s.phasing = COALITION;
    let g = (0..h.manifest.garrisons.len())
        .find(|&g| h.manifest.garrisons[g].side == COALITION)
        .expect("a Coalition garrison");
    s.garrisons[g].place = GarrisonPlace::Map(cit);
    s.garrisons[g].sp = 4;
    let f = leader_with_infantry(&h, &s, FRENCH, &[]);
    s.leaders[usize::from(f)].place = LeaderPlace::Map(bh);
    compose(&h, &mut s, f, 2, 0, 0);
    let gid = g as crate::hov::state::GarrisonId;
    let over = Action::GarrisonAttack {
        garrison: gid,
        hex: bh,
    };
    let acts = legal(&h, &s);
    assert!(acts.contains(&over), "§43 2: over the bridge: {acts:?}");
    assert!(acts.contains(&Action::Done), "§41: never mandatory");
    // On the same bank too (§36 1).
    let mut t = s.clone();
    t.leaders[usize::from(f)].place = LeaderPlace::Map(plain);
    assert!(legal(&h, &t).contains(&Action::GarrisonAttack {
        garrison: gid,
        hex: plain
    }));
    // The battle: the garrison alone attacks, at its printed strength.
    let ev = act(&h, &mut s, &over);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::GarrisonAttack { garrison, hex, .. } if *garrison == gid && *hex == bh
    )));
    let said = ev
        .iter()
        .find(|e| matches!(e, Event::GarrisonAttack { .. }))
        .map(|e| h.describe(e))
        .unwrap();
    assert!(
        said.contains("Coalition attack with ") && said.contains("round 1"),
        "{said}"
    );
    let b = s.battle.clone().unwrap();
    let sides = h.sides(&s, &b);
    assert!(sides.fls[COALITION.index()].is_empty());
    assert_eq!(sides.garrisons[COALITION.index()], alloc::vec![gid]);
    assert!(s.fought_garrisons.contains(&gid));
    // Played to its end with the first legal action each time.
    for _ in 0..60 {
        if s.battle.is_none() {
            break;
        }
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
    }
    assert!(s.battle.is_none());
    assert!(!legal(&h, &s).contains(&over), "¶149: one attack a phase");
}

#[test]
fn e36_random_play_with_attacking_garrisons_runs_without_dead_ends() {
    use super::battle::{position, random_play};
    use crate::hov::state::GarrisonPlace;
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        let s0 = h.initial_state();
        let fr = super::battle::force_leaders(&h, &s0, FRENCH);
        let co = super::battle::force_leaders(&h, &s0, COALITION);
        let (mut s, hexes) = position(&h, &[fr[0], co[0], fr[1]]);
        // A French garrison beside the line, next to the Coalition force.
        let Some(g) =
            (0..h.manifest.garrisons.len()).find(|&g| h.manifest.garrisons[g].side == FRENCH)
        else {
            continue;
        };
        s.garrisons[g].place = GarrisonPlace::Map(hexes[2]);
        s.garrisons[g].sp = 3;
        let mut n = 0;
        for seed in 0..30 {
            n += random_play(&h, s.clone(), seed, 200);
        }
        assert!(n > 0, "{id}");
    }
}

#[test]
fn e38_1_the_affecting_line_for_towns_capitals_hills_and_forts_and_across_bridges_not_open_ground()
{
    use super::terrain::duel_at;
    use crate::hov::board::{Ground, Settlement, Water};
    let h = load("hov/eylau");
    let line = |pick: &dyn Fn(crate::hex::Hex, crate::hex::Direction) -> bool| -> Option<bool> {
        let (mut s, f, _, _, b) = duel_at(&h, pick)?;
        let a = Action::Attack {
            leader: f,
            parts: Vec::new(),
            hexes: alloc::vec![b],
        };
        if !legal(&h, &s).contains(&a) {
            return None;
        }
        act(&h, &mut s, &a);
        let bt = s.battle.clone().unwrap();
        Some(h.battle_odds(&s, &bt).1)
    };
    let dry = |a: crate::hex::Hex, d| h.board.side(a, d).water == Water::None;
    let plain = |x: crate::hex::Hex| h.board.hex(x).settlement == Settlement::None;
    let ground = |g: Ground, a: crate::hex::Hex, d| {
        let b = a.neighbor(d);
        dry(a, d) && plain(b) && h.board.hex(b).ground == g
    };
    let mut seen = 0;
    for (g, want) in [
        (Ground::Hills, true),
        (Ground::WoodedHills, true),
        (Ground::Clear, false),
        (Ground::Woods, false),
        (Ground::Swamp, false),
    ] {
        if let Some(got) = line(&|a, d| ground(g, a, d)) {
            assert_eq!(got, want, "{g:?}");
            seen += 1;
        }
    }
    for set in [Settlement::Town, Settlement::Capital] {
        if let Some(got) = line(&|a, d| dry(a, d) && h.board.hex(a.neighbor(d)).settlement == set) {
            assert!(got, "{set:?}");
            seen += 1;
        }
    }
    // A bridged primary river attacked across, into open ground.
    if let Some(got) = line(&|a, d| {
        let side = h.board.side(a, d);
        side.water == Water::Primary
            && side.bridge
            && plain(a.neighbor(d))
            && !h.board.hex(a.neighbor(d)).affecting
    }) {
        assert!(got, "a bridge hexside");
        seen += 1;
    }
    // A Fortified Town.
    let (hf, mut s, fort, _, f) = super::fort::siege(4, 8);
    act(
        &hf,
        &mut s,
        &Action::Attack {
            leader: f,
            parts: Vec::new(),
            hexes: alloc::vec![fort],
        },
    );
    let bt = s.battle.clone().unwrap();
    assert!(hf.battle_odds(&s, &bt).1, "a Fortified Town");
    assert!(seen >= 5, "{seen} cases found");
}

#[test]
fn e41_1_a_force_inside_a_fort_need_not_counterattack() {
    use super::fort::siege;
    let (h, mut s, fort, _, f) = siege(4, 4);
    let attack = Action::Attack {
        leader: f,
        parts: Vec::new(),
        hexes: alloc::vec![fort],
    };
    assert!(legal(&h, &s).contains(&attack));
    let chits = [Chit::Pursuit, Chit::Pitched];
    let die = die_for(&h, &s, chits, COALITION).expect("a die where the Fort's force loses");
    to_resolution(&h, &mut s, chits, die);
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::Counterattack);
    let acts = legal(&h, &s);
    assert!(
        acts.iter().any(|a| matches!(a, Action::Attack { .. })),
        "{acts:?}"
    );
    assert!(acts.contains(&Action::Done), "§41 1: may decline: {acts:?}");
}

#[test]
fn e36_1_e38_1_a_garrison_attacking_over_its_citadels_bridge_reads_the_affecting_line() {
    use super::battle::position;
    use super::battle3::compose;
    use super::fort::leader_with_infantry;
    use crate::hov::state::{GarrisonPlace, LeaderPlace};
    let h = load("hov/eylau");
    let (cit, bridge, _) = citadel(&h).expect("a Citadel");
    let bh = bridge.expect("a bridgehead");
    assert!(h.board.hex(bh).settlement == crate::hov::board::Settlement::None);
    let (mut s, _) = position(&h, &[]);
    s.phasing = COALITION;
    let g = (0..h.manifest.garrisons.len())
        .find(|&g| h.manifest.garrisons[g].side == COALITION)
        .expect("a Coalition garrison");
    s.garrisons[g].place = GarrisonPlace::Map(cit);
    s.garrisons[g].sp = 4;
    let f = leader_with_infantry(&h, &s, FRENCH, &[]);
    s.leaders[usize::from(f)].place = LeaderPlace::Map(bh);
    compose(&h, &mut s, f, 2, 0, 0);
    let gid = g as crate::hov::state::GarrisonId;
    act(
        &h,
        &mut s,
        &Action::GarrisonAttack {
            garrison: gid,
            hex: bh,
        },
    );
    let b = s.battle.clone().unwrap();
    let ground_affecting = h.board.hex(bh).affecting;
    assert!(
        h.battle_odds(&s, &b).1,
        "§38 1: a bridge hexside (open ground: {ground_affecting})"
    );
    // §43 2: the bridge is for attacks; no retreat crosses it.
    let d = cit.direction_to(bh).unwrap();
    assert!(h.may_attack_across(&s, cit, d));
    assert!(!h.may_retreat_across(&s, cit, d));
}

#[test]
fn r146_step9_n66_bad_weather_adds_to_the_pursuit_die() {
    use super::pursuit::pursuit_ready;
    let h = load("hov/eylau");
    let Some((mut s, f, _, _)) = pursuit_ready(&h, |_, _, _, _| {}) else {
        panic!("no pursuit");
    };
    let w = |name: &str| {
        h.charts
            .weather_names
            .iter()
            .position(|n| n == name)
            .map(|i| i as u8)
    };
    let b = s.battle.clone().unwrap();
    s.weather = w("Fair");
    let fair = h.pursuit_drm(&s, &b, f);
    s.weather = w("Severe");
    let severe = h.pursuit_drm(&s, &b, f);
    assert_eq!(h.charts.weather_combat(w("Severe")), 1);
    assert_eq!(
        severe,
        fair + 1,
        "¶146 step 9: the weather modifies the pursuit die"
    );
}
