//! Pursuit and the leaders in battle (¶36, ¶81 2, ¶96 3, ¶127 3, ¶132 3, ¶148 3, ¶174 5,
//! ¶179 2, ¶186, ¶192 2, ¶194 3): the attacking Force Leader's bonus, forces off the map,
//! the Cavalry Differential in pursuit, repulses and drop-offs on the path of pursuit, who may
//! pursue, the fallback of retreat priority 5, retreat into a friendly Fortified Town and the
//! capture of an Unemployed Leader.

use alloc::vec::Vec;

use super::battle::{
    act, clear_line, die_for, force_leaders, legal, load, no_artillery, position, random_play,
    roll, to_resolution,
};
use super::fort::{leader_with_infantry, only_sp};
use crate::engine::{Actor, Rules};
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::board::Settlement;
use crate::hov::combat::resolve::Loss;
use crate::hov::event::Event;
use crate::hov::state::{BattleStep, LeaderId, LeaderPlace, LeftMap, Retreat, State, Supply};
use crate::hov::types::{Army, COALITION, Chit, FRENCH};

/// A line of `n` clear hexes (see [`clear_line`]).
fn line(h: &Hov, n: usize) -> Vec<Hex> {
    let (a, d) = clear_line(h, n);
    (0..n)
        .map(|i| (0..i).fold(a, |x, _| x.neighbor(d)))
        .collect()
}

/// French Force Leader `f` next to Coalition `c` along a line of four clear hexes: `f` at the
/// first, `c` at the second; French Battle Resolution, nothing else on the map.
fn duel4(h: &Hov) -> (State, LeaderId, LeaderId, Vec<Hex>) {
    duel_on(h, line(h, 4))
}

/// As [`duel4`] on the given hexes.
fn duel_on(h: &Hov, hexes: Vec<Hex>) -> (State, LeaderId, LeaderId, Vec<Hex>) {
    let s0 = h.initial_state();
    let f = force_leaders(h, &s0, FRENCH)[0];
    let c = force_leaders(h, &s0, COALITION)[0];
    let (mut s, _) = position(h, &[f, c]);
    s.leaders[usize::from(f)].place = LeaderPlace::Map(hexes[0]);
    s.leaders[usize::from(c)].place = LeaderPlace::Map(hexes[1]);
    (s, f, c, hexes)
}

/// The duel fought to a Coalition defeat and pursued by `f`; the beaten stack is then put at
/// the end of `path` (`path[0]` its start) and `prepare` changes the position. The state
/// waiting for the pursuit die.
pub(super) fn pursuit_ready(
    h: &Hov,
    prepare: impl Fn(&mut State, LeaderId, LeaderId, &[Hex]),
) -> Option<(State, LeaderId, LeaderId, Vec<Hex>)> {
    pursuit_ready_on(h, line(h, 4), prepare)
}

/// As [`pursuit_ready`] with the French force at `hexes[0]` and the path `hexes[1..]`.
fn pursuit_ready_on(
    h: &Hov,
    hexes: Vec<Hex>,
    prepare: impl Fn(&mut State, LeaderId, LeaderId, &[Hex]),
) -> Option<(State, LeaderId, LeaderId, Vec<Hex>)> {
    let (mut s, f, c, hexes) = duel_on(h, hexes);
    no_artillery(h, &mut s, f);
    for sub in h.members(&s, &[f]) {
        no_artillery(h, &mut s, sub);
    }
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let d = die_for(h, &s, chits, COALITION)?;
    to_resolution(h, &mut s, chits, d);
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(h, &s)[0].clone();
        act(h, &mut s, &a);
    }
    if !legal(h, &s).contains(&Action::Pursue { leader: f }) {
        return None;
    }
    act(h, &mut s, &Action::Pursue { leader: f });
    let path = hexes[1..].to_vec();
    let b = s.battle.as_mut()?;
    b.retreats = alloc::vec![Retreat {
        leaders: alloc::vec![c],
        path: path.clone(),
        need: (path.len() - 1) as u8,
        done: true,
    }];
    b.fight = b.fight.map(|mut x| {
        x.loser_n = (path.len() - 1) as u8;
        x.winner_lost = 0;
        x
    });
    s.leaders[usize::from(c)].place = LeaderPlace::Map(*path.last()?);
    prepare(&mut s, f, c, &path);
    Some((s, f, c, path))
}

/// [`pursuit_ready`] and then the pursuit die `die`.
pub(super) fn pursuit_rolled(
    h: &Hov,
    die: u8,
    prepare: impl Fn(&mut State, LeaderId, LeaderId, &[Hex]),
) -> Option<(State, LeaderId, LeaderId, Vec<Hex>)> {
    let (mut s, f, c, path) = pursuit_ready(h, prepare)?;
    act(h, &mut s, &roll(die));
    Some((s, f, c, path))
}

/// A subordinate with units on `f`'s portrait (one is put there if he has none).
fn subordinate_of(h: &Hov, s: &mut State, f: LeaderId) -> LeaderId {
    let has_units =
        |s: &State, l: LeaderId| s.units.iter().any(|u| u.leader == Some(l) && u.sp > 0);
    if let Some(l) = (0..s.leaders.len() as LeaderId)
        .find(|&l| s.leaders[usize::from(l)].place == LeaderPlace::Portrait(f) && has_units(s, l))
    {
        return l;
    }
    let l = leader_with_infantry(h, s, FRENCH, &[f]);
    only_sp(h, s, l, 2);
    s.leaders[usize::from(l)].place = LeaderPlace::Portrait(f);
    l
}

#[test]
fn r36_the_attacking_force_leader_adds_subtracts_or_ignores_his_bonus() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    // A French Force Leader with a Leadership Bonus attacks.
    let f = force_leaders(&h, &s0, FRENCH)
        .into_iter()
        .find(|&l| h.manifest.leaders[usize::from(l)].ratings.bonus > 0)
        .expect("a French Force Leader with a bonus");
    let c = force_leaders(&h, &s0, COALITION)[0];
    let (mut s, _) = position(&h, &[f, c]);
    let n = h.manifest.leaders[usize::from(f)].ratings.bonus as i8;
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .expect("an attack");
    act(&h, &mut s, &a);
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    while let Some(b) = &s.battle {
        match b.step {
            BattleStep::Bombard => {
                act(&h, &mut s, &roll(6));
            }
            BattleStep::Stake => {
                act(&h, &mut s, &Action::Stake(false));
            }
            BattleStep::Resolve => {
                act(&h, &mut s, &roll(3));
            }
            _ => break,
        }
    }
    assert_eq!(s.battle.as_ref().map(|b| b.step), Some(BattleStep::Bonus));
    // ¶36: the attacking player decides, after seeing the die (¶170).
    assert_eq!(h.actor(&s), Actor::Player(FRENCH));
    assert_eq!(
        legal(&h, &s),
        alloc::vec![Action::Bonus(-n), Action::Bonus(0), Action::Bonus(n)]
    );
    let drm = |x: i8| {
        let mut t = s.clone();
        act(&h, &mut t, &Action::Bonus(x))
            .into_iter()
            .find_map(|e| match e {
                Event::Combat { drm, .. } => Some(drm),
                _ => None,
            })
            .expect("the combat")
    };
    assert_eq!(drm(n) - drm(0), n);
    assert_eq!(drm(0) - drm(-n), n);
    // Any other bonus is refused, the state unchanged.
    let mut t = s.clone();
    assert!(
        h.apply(&mut t, &Action::Bonus(n + 1), &mut Vec::new())
            .is_err()
    );
    assert_eq!(t, s);
}

#[test]
fn r96_3_a_force_off_the_map_cannot_fight() {
    let h = load("hov/eylau");
    let (s, f, c, hexes) = duel4(&h);
    assert!(
        legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Attack { .. }))
    );
    // The French force waits off the map next to the enemy's hex.
    let mut t = s.clone();
    t.leaders[usize::from(f)].place = LeaderPlace::Waiting;
    t.off_map.push(LeftMap {
        leader: f,
        hex: hexes[0],
    });
    assert!(
        legal(&h, &t)
            .iter()
            .all(|a| !matches!(a, Action::Attack { .. }))
    );
    // Nor can a force off the map be attacked.
    let mut t = s.clone();
    t.leaders[usize::from(c)].place = LeaderPlace::Waiting;
    t.off_map.push(LeftMap {
        leader: c,
        hex: hexes[1],
    });
    let acts = legal(&h, &t);
    assert!(acts.iter().all(|a| !matches!(a, Action::Attack { .. })));
    assert!(acts.contains(&Action::Done));
}

#[test]
fn r194_3_an_unemployed_major_personality_is_captured_with_the_force() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel4(&h);
    let members = h.members(&s, &[c]);
    let major = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            let m = &h.manifest.leaders[usize::from(l)];
            m.side == COALITION
                && l != c
                && !members.contains(&l)
                && (m.ratings.span >= 6 || m.ratings.bonus > 0)
        })
        .expect("a Coalition Major Personality");
    // He gave everything up: an Unemployed Leader stacked with the beaten force.
    for u in &mut s.units {
        if u.leader == Some(major) {
            u.leader = None;
            u.sp = 0;
        }
    }
    for x in &mut s.leaders {
        if x.place == LeaderPlace::Portrait(major) {
            x.place = LeaderPlace::Out;
        }
    }
    s.leaders[usize::from(major)].place = LeaderPlace::Map(hexes[1]);
    assert!(!h.is_force(&s, major));
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { leader, .. } if *leader == f))
        .expect("an attack");
    act(&h, &mut s, &a);
    let mut ev = Vec::new();
    h.lose(
        &mut s,
        &mut ev,
        COALITION,
        &[c],
        &[],
        999,
        Loss::Pursuit,
        "¶182",
    );
    let captures = s.battle.as_ref().unwrap().captures.clone();
    assert!(captures.contains(&major), "{captures:?}");
    assert!(captures.contains(&c));
    // Every capture die rolls a 6: each leader is taken, the Major Personality costs a space.
    let morale = s.morale;
    let mut all = Vec::new();
    while s.battle.as_ref().is_some_and(|b| !b.captures.is_empty()) {
        all.extend(act(&h, &mut s, &roll(6)));
    }
    assert!(matches!(
        s.leaders[usize::from(major)].place,
        LeaderPlace::Captured(_)
    ));
    assert!(
        all.iter()
            .any(|e| matches!(e, Event::Morale { rule, .. } if rule == "¶194")),
        "{all:?}"
    );
    assert_ne!(s.morale, morale);
}

#[test]
fn r174_5_with_no_active_source_the_retreat_heads_for_the_nearest_source() {
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let (mut s, _, c, hexes) = duel4(&h);
        let army = Army::of(h.manifest.leaders[usize::from(c)].nationality);
        let start = hexes[1];
        let nearest = h
            .board
            .sources_of(army)
            .map(|x| (start.distance(x.hex), x.hex))
            .min()
            .map(|(_, x)| x)
            .expect("a source");
        let g = Retreat {
            leaders: alloc::vec![c],
            path: alloc::vec![start],
            need: 2,
            done: false,
        };
        s.supply[army.index()] = Supply::Active(nearest);
        let toward = h.retreat_options(&s, COALITION, &g);
        s.supply[army.index()] = Supply::Captured(s.turn);
        assert_eq!(h.retreat_options(&s, COALITION, &g), toward, "{id}");
        s.supply[army.index()] = Supply::Changing(s.turn);
        assert_eq!(h.retreat_options(&s, COALITION, &g), toward, "{id}");
        // Toward the source: no option farther from it than another.
        let best = toward.iter().map(|n| n.distance(nearest)).min();
        assert!(
            toward.iter().all(|n| Some(n.distance(nearest)) == best),
            "{id}"
        );
    }
}

#[test]
fn r192_2_losers_retreat_into_their_garrisoned_fortified_town_displacing_nobody() {
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let mut hexes = h.board.grid.hexes();
        hexes.sort_unstable();
        let Some((town, from)) = hexes.into_iter().find_map(|x| {
            (h.board.hex(x).settlement == Settlement::FortifiedTown && h.in_area(x))
                .then(|| {
                    x.neighbors()
                        .into_iter()
                        .find(|&n| {
                            h.board.on_map(n) && h.in_area(n) && !h.board.hex(n).settlement.fort()
                        })
                        .map(|n| (x, n))
                })
                .flatten()
        }) else {
            continue;
        };
        let (mut s, f, c, _) = duel4(&h);
        let to = legal(&h, &s)
            .into_iter()
            .find(|a| matches!(a, Action::Attack { .. }))
            .expect("an attack");
        act(&h, &mut s, &to);
        // A friendly force and garrison hold the town; the beaten stack comes in.
        let other = leader_with_infantry(&h, &s, COALITION, &[c]);
        only_sp(&h, &mut s, other, 3);
        s.leaders[usize::from(other)].place = LeaderPlace::Map(town);
        if let Some(g) =
            (0..h.manifest.garrisons.len()).find(|&g| h.manifest.garrisons[g].side == COALITION)
        {
            s.garrisons[g].place = crate::hov::state::GarrisonPlace::Map(town);
            s.garrisons[g].sp = h.manifest.garrisons[g].strength.max(1);
        }
        s.leaders[usize::from(c)].place = LeaderPlace::Map(from);
        let b = s.battle.as_mut().unwrap();
        b.fight = Some(crate::hov::state::Fight {
            loser: COALITION,
            loser_n: 1,
            winner_n: 0,
            winner_lost: 0,
        });
        b.retreats = alloc::vec![Retreat {
            leaders: alloc::vec![c],
            path: alloc::vec![from],
            need: 1,
            done: false,
        }];
        let mut ev = Vec::new();
        h.retreat_step(&mut s, &mut ev, 0, town);
        assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Map(town));
        assert_eq!(
            s.leaders[usize::from(other)].place,
            LeaderPlace::Map(town),
            "{id}: nobody displaced"
        );
        assert!(
            ev.iter()
                .all(|e| !matches!(e, Event::BattleMove { leader, .. } if *leader == other))
        );
        let _ = f;
        return;
    }
    panic!("no Fortified Town with a plain neighbour");
}

#[test]
fn r127_3_the_cavalry_differential_joins_the_pursuit_modifier() {
    let h = load("hov/eylau");
    let Some((mut s, f, c, _)) = pursuit_ready(&h, |_, _, _, _| {}) else {
        panic!("no pursuit");
    };
    let b = s.battle.clone().unwrap();
    let strip_cav = |st: &mut State, l: LeaderId| {
        for m in h.members(st, &[l]) {
            for (i, u) in st.units.iter_mut().enumerate() {
                if u.leader == Some(m) && h.manifest.units[i].arm == crate::hov::types::Arm::Cavalry
                {
                    u.leader = None;
                    u.sp = 0;
                }
            }
        }
    };
    strip_cav(&mut s, f);
    strip_cav(&mut s, c);
    let base = h.pursuit_drm(&s, &b, f);
    // The beaten stack has cavalry and the pursuer none: +1 to the die.
    let cav = (0..h.manifest.units.len())
        .find(|&u| {
            h.manifest.units[u].side == COALITION
                && h.manifest.units[u].arm == crate::hov::types::Arm::Cavalry
        })
        .expect("Coalition cavalry");
    let mut t = s.clone();
    t.units[cav].leader = Some(c);
    t.units[cav].sp = 2;
    assert_eq!(h.pursuit_drm(&t, &b, f), base + 1, "¶127 3");
}

#[test]
fn r179_2_r81_2_the_pursuing_force_leader_drops_a_subordinate_on_the_path() {
    let h = load("hov/eylau");
    let mut sub = None;
    let Some((mut s, f, _, path)) = pursuit_rolled(&h, 1, |s, f, _, _| {
        let _ = subordinate_of(&h, s, f);
    }) else {
        panic!("no pursuit");
    };
    for l in 0..s.leaders.len() as LeaderId {
        if s.leaders[usize::from(l)].place == LeaderPlace::Portrait(f)
            && s.units.iter().any(|u| u.leader == Some(l) && u.sp > 0)
        {
            sub = Some(l);
            break;
        }
    }
    let sub = sub.expect("a subordinate");
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::PursuitStop);
    let acts = legal(&h, &s);
    let drop = Action::PursuitDrop {
        leader: sub,
        hex: path[0],
    };
    assert!(acts.contains(&drop), "{acts:?}");
    let ev = act(&h, &mut s, &drop);
    assert!(ev.iter().any(
        |e| matches!(e, Event::DroppedOff { leader, hex, .. } if *leader == sub && *hex == path[0])
    ));
    // ¶81 3, ¶185 2: the new force stays and attacks no more this phase.
    assert_eq!(s.leaders[usize::from(sub)].place, LeaderPlace::Map(path[0]));
    assert!(s.leaders[usize::from(sub)].dropped);
    assert!(s.fought.contains(&sub));
    // Once passed for good, no earlier stop and no second drop there.
    let acts = legal(&h, &s);
    assert!(!acts.contains(&drop));
    let last = acts
        .iter()
        .rfind(|a| matches!(a, Action::PursueTo { .. }))
        .cloned()
        .expect("a stop");
    act(&h, &mut s, &last);
    let Action::PursueTo { hex } = last else {
        unreachable!()
    };
    assert_eq!(s.leaders[usize::from(f)].place, LeaderPlace::Map(hex));
    assert_eq!(s.leaders[usize::from(sub)].place, LeaderPlace::Map(path[0]));
    // A drop is refused outside the path, the state unchanged.
    let bad = Action::PursuitDrop {
        leader: sub,
        hex: path[2],
    };
    let mut t = s.clone();
    assert!(h.apply(&mut t, &bad, &mut Vec::new()).is_err());
}

/// Puts a Coalition force of `sp` infantry SP at `path[1]`, in the way of the pursuit.
fn block_with(h: &Hov, s: &mut State, c: LeaderId, path: &[Hex], sp: u8) -> LeaderId {
    let x = leader_with_infantry(h, s, COALITION, &[c]);
    only_sp(h, s, x, sp);
    s.leaders[usize::from(x)].place = LeaderPlace::Map(path[1]);
    x
}

#[test]
fn r132_3_r148_3_a_failed_repulse_in_pursuit_stops_it_with_no_battle_owed() {
    let h = load("hov/eylau");
    let Some((mut s, f, c, path)) = pursuit_rolled(&h, 1, |s, _, c, path| {
        block_with(&h, s, c, path, 12);
    }) else {
        panic!("no pursuit");
    };
    let x = (0..s.leaders.len() as LeaderId)
        .find(|&l| s.leaders[usize::from(l)].place == LeaderPlace::Map(path[1]))
        .expect("the blocking force");
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::PursuitStop);
    // ¶148 3: the pursuer has fought, yet may try to repulse the force in the way.
    assert!(s.fought.contains(&f));
    let acts = legal(&h, &s);
    let rep = Action::Repulse { target: path[1] };
    assert!(acts.contains(&rep), "{acts:?}");
    assert!(
        !acts.contains(&Action::PursueTo { hex: path[1] }),
        "not into the held hex"
    );
    let ev = act(&h, &mut s, &rep);
    assert!(
        ev.iter().any(|e| matches!(e, Event::RepulseFailed { .. })),
        "{ev:?}"
    );
    // ¶132 3: the pursuit ends before the hex; nothing is owed.
    assert!(s.failed_repulses.is_empty());
    assert_eq!(s.leaders[usize::from(f)].place, LeaderPlace::Map(path[0]));
    assert_eq!(s.leaders[usize::from(x)].place, LeaderPlace::Map(path[1]));
    assert!(
        s.battle
            .as_ref()
            .is_none_or(|b| b.step != BattleStep::PursuitStop)
    );
    let _ = c;
}

#[test]
fn r132_3_a_successful_repulse_in_pursuit_clears_the_way() {
    let h = load("hov/eylau");
    let Some((mut s, f, c, path)) = pursuit_rolled(&h, 1, |s, _, c, path| {
        block_with(&h, s, c, path, 1);
    }) else {
        panic!("no pursuit");
    };
    let x = (0..s.leaders.len() as LeaderId)
        .find(|&l| s.leaders[usize::from(l)].place == LeaderPlace::Map(path[1]))
        .expect("the blocking force");
    let rep = Action::Repulse { target: path[1] };
    assert!(legal(&h, &s).contains(&rep));
    let ev = act(&h, &mut s, &rep);
    assert!(
        ev.iter().any(|e| matches!(e, Event::Repulsed { .. })),
        "{ev:?}"
    );
    // The repulsed force retreats a hex (¶131), its side choosing.
    while s.repulse.is_some() {
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
    }
    assert_ne!(s.leaders[usize::from(x)].place, LeaderPlace::Map(path[1]));
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::PursuitStop);
    let acts = legal(&h, &s);
    assert!(
        acts.contains(&Action::PursueTo { hex: path[1] }),
        "{acts:?}"
    );
    let _ = (f, c);
}

#[test]
fn r186_only_the_winning_forces_leaders_may_pursue() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel4(&h);
    no_artillery(&h, &mut s, f);
    let sub = subordinate_of(&h, &mut s, f);
    for m in h.members(&s, &[f]) {
        no_artillery(&h, &mut s, m);
    }
    // Another French force next to the beaten hex that took no part.
    let idle = leader_with_infantry(&h, &s, FRENCH, &h.members(&s, &[f]));
    only_sp(&h, &mut s, idle, 4);
    let beside = Direction::ALL
        .iter()
        .map(|&d| hexes[1].neighbor(d))
        .find(|&n| n != hexes[0] && n != hexes[2] && h.board.on_map(n) && n.distance(hexes[0]) == 1)
        .expect("a hex next to both");
    s.leaders[usize::from(idle)].place = LeaderPlace::Map(beside);
    s.fought.push(idle);
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let d = die_for(&h, &s, chits, COALITION).expect("a Coalition defeat");
    to_resolution(&h, &mut s, chits, d);
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
    }
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::Pursuit);
    let acts = legal(&h, &s);
    // ¶186 1: the whole force or a subordinate's part; ¶186 2: only leaders already in the
    // battle — no new Major General, no outsider.
    assert!(acts.contains(&Action::Pursue { leader: f }), "{acts:?}");
    assert!(acts.contains(&Action::Pursue { leader: sub }), "{acts:?}");
    assert!(!acts.contains(&Action::Pursue { leader: idle }));
    assert!(
        acts.iter()
            .all(|a| matches!(a, Action::Pursue { .. } | Action::Done))
    );
    let _ = c;
}

#[test]
fn r179_random_pursuits_with_subordinates_run_without_dead_ends() {
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        let (mut s, f, _, _) = duel4(&h);
        let _ = subordinate_of(&h, &mut s, f);
        for m in h.members(&s, &[f]) {
            no_artillery(&h, &mut s, m);
        }
        for seed in 0..12 {
            random_play(&h, s.clone(), seed, 300);
        }
        for seed in 0..2 {
            random_play(&h, h.initial_state(), 100 + seed, 300);
        }
    }
}

#[test]
fn r191_x41_a_pursuit_goes_no_farther_than_the_pursuers_sp() {
    let h = load("hov/eylau");
    let length = |sp: Option<u8>| {
        let (_, f, _, _) = duel4(&h);
        let (mut s, ..) = pursuit_ready(&h, |s, f, _, _| {
            if let Some(sp) = sp {
                only_sp(&h, s, f, sp);
            }
        })
        .expect("a pursuit");
        act(&h, &mut s, &roll(1))
            .into_iter()
            .find_map(|e| match e {
                Event::PursuitRoll { leader, length, .. } if leader == f => Some(length),
                _ => None,
            })
            .expect("the pursuit roll")
    };
    let free = length(None);
    assert!(free >= 2, "a long pursuit: {free}");
    // X41: to pursue n hexes a force needs n SP.
    assert_eq!(length(Some(1)), 1);
}

#[test]
fn r177_2_no_pursuit_into_a_hex_with_an_enemy_garrison() {
    let h = load("hov/eylau");
    let g = (0..h.manifest.garrisons.len())
        .find(|&g| h.manifest.garrisons[g].side == COALITION)
        .expect("a Coalition garrison");
    let Some((mut s, f, _, path)) = pursuit_ready(&h, |s, _, _, path| {
        s.garrisons[g].place = crate::hov::state::GarrisonPlace::Map(path[1]);
        s.garrisons[g].sp = 1;
    }) else {
        panic!("no pursuit");
    };
    act(&h, &mut s, &roll(1));
    // ¶177 2: never into the garrison's hex, so no repulse of it either.
    assert!(!legal(&h, &s).contains(&Action::Repulse { target: path[1] }));
    if s.battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::PursuitStop)
    {
        assert!(!legal(&h, &s).contains(&Action::PursueTo { hex: path[1] }));
    } else {
        assert_eq!(s.leaders[usize::from(f)].place, LeaderPlace::Map(path[0]));
    }
}

#[test]
fn r192_1_no_pursuit_into_a_fortified_town_the_enemy_holds() {
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let mut all = h.board.grid.hexes();
        all.sort_unstable();
        // A Fortified Town with plain hexes on two opposite sides and one more beyond.
        let found = all.into_iter().find_map(|x| {
            if h.board.hex(x).settlement != Settlement::FortifiedTown || !h.in_area(x) {
                return None;
            }
            Direction::ALL.into_iter().find_map(|d| {
                let back = x.neighbor(d.opposite());
                let hexes = alloc::vec![back.neighbor(d.opposite()), back, x, x.neighbor(d)];
                hexes
                    .iter()
                    .all(|&y| {
                        h.board.on_map(y)
                            && h.in_area(y)
                            && (y == x || h.board.hex(y).settlement == Settlement::None)
                    })
                    .then_some(hexes)
            })
        });
        let Some(hexes) = found else { continue };
        let town = hexes[2];
        let Some((mut s, f, _, path)) = pursuit_ready_on(&h, hexes, |s, _, c, path| {
            let x = leader_with_infantry(&h, s, COALITION, &[c]);
            only_sp(&h, s, x, 2);
            s.leaders[usize::from(x)].place = LeaderPlace::Map(path[1]);
        }) else {
            continue;
        };
        assert_eq!(path[1], town);
        act(&h, &mut s, &roll(1));
        // It stops in the hex next to the town: no stop, drop or repulse beyond.
        assert!(!legal(&h, &s).contains(&Action::Repulse { target: town }));
        if s.battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::PursuitStop)
        {
            assert!(!legal(&h, &s).contains(&Action::PursueTo { hex: town }));
        } else {
            assert_eq!(s.leaders[usize::from(f)].place, LeaderPlace::Map(path[0]));
        }
        return;
    }
    panic!("no Fortified Town on a clear line");
}

#[test]
fn r182_a_pursuit_that_reaches_a_short_retreat_destroys_the_loser() {
    let h = load("hov/eylau");
    let Some((mut s, _, c, path)) = pursuit_ready(&h, |s, _, _, _| {
        // The loser was owed three hexes and made two.
        let b = s.battle.as_mut().unwrap();
        b.retreats[0].need = 3;
        b.fight = b.fight.map(|mut x| {
            x.loser_n = 3;
            x
        });
    }) else {
        panic!("no pursuit");
    };
    let mut ev = act(&h, &mut s, &roll(1));
    if s.battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::PursuitStop)
    {
        let last = legal(&h, &s)
            .into_iter()
            .rfind(|a| matches!(a, Action::PursueTo { .. }))
            .expect("a stop");
        assert_eq!(
            last,
            Action::PursueTo { hex: path[2] },
            "into the loser's hex"
        );
        ev.extend(act(&h, &mut s, &last));
    }
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::BattleLoss { side, rule, .. } if *side == COALITION && rule == "¶182")),
        "{ev:?}"
    );
    assert!(
        h.pieces(&s, &h.members(&s, &[c]), &[]).is_empty(),
        "¶182: destroyed"
    );
}
