//! The battle procedure's rules in play (¶154, ¶160–¶161, ¶171 2): the odds, the die beyond
//! the table and the loss cap, read through whole battles rather than the arithmetic alone.

use alloc::vec::Vec;

use super::battle::{act, duel, legal, load, no_artillery, roll};
use super::fort::only_sp;
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{BattleStep, LeaderPlace, State};
use crate::hov::types::{COALITION, Chit, FRENCH};

/// Attacks, shows both chits and plays the die `die` to the combat result; the events.
fn fight(h: &Hov, s: &mut State, chits: [Chit; 2], die: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    let a = legal(h, s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .expect("an attack");
    ev.extend(act(h, s, &a));
    ev.extend(act(h, s, &Action::Chit(chits[0])));
    ev.extend(act(h, s, &Action::Chit(chits[1])));
    while let Some(b) = &s.battle {
        if b.fight.is_some() {
            break;
        }
        let a = match b.step {
            BattleStep::Bombard => roll(6),
            BattleStep::Stake => Action::Stake(false),
            BattleStep::Resolve => roll(die),
            BattleStep::Bonus => Action::Bonus(0),
            _ => break,
        };
        ev.extend(act(h, s, &a));
    }
    ev
}

/// The duel with each force cut to `f` and `c` infantry SP, no artillery.
fn small_duel(h: &Hov, f_sp: u8, c_sp: u8) -> (State, u16, u16) {
    let (mut s, f, c, _) = duel(h);
    no_artillery(h, &mut s, f);
    only_sp(h, &mut s, f, f_sp);
    only_sp(h, &mut s, c, c_sp);
    (s, f, c)
}

#[test]
fn r160_r161_odds_beyond_six_to_one_take_the_last_column_and_lower_the_die() {
    let h = load("hov/eylau");
    let (s, _, _) = small_duel(&h, 9, 1);
    let mut t = s.clone();
    let ev = fight(&h, &mut t, [Chit::Pursuit, Chit::Pursuit], 1);
    let (column, drm) = ev
        .iter()
        .find_map(|e| match e {
            Event::Combat { column, drm, .. } => Some((*column, *drm)),
            _ => None,
        })
        .expect("the combat");
    assert_eq!(
        usize::from(column),
        h.charts.crt.len() - 1,
        "¶160: the last column"
    );
    assert!(
        drm <= -2,
        "¶161 2: 9:1 is three steps past 6:1 (reading A21): {drm}"
    );
    // ¶161 3: the die, 1 − 3, is read at 0.
    let b = t.battle.clone().unwrap();
    let cell = h.charts.crt[usize::from(column)][0];
    let f = b.fight.unwrap();
    let want = if cell.attacker_loses {
        FRENCH
    } else {
        COALITION
    };
    assert_eq!(f.loser, want);
}

#[test]
fn r171_2_the_winner_never_loses_more_than_a_destroyed_loser_had() {
    let h = load("hov/eylau");
    let mut seen = false;
    for f_sp in 1..=6u8 {
        for c_sp in 1..=2u8 {
            for die in 1..=6u8 {
                let (mut s, _, _) = small_duel(&h, f_sp, c_sp);
                fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], die);
                let Some(b) = s.battle.clone() else { continue };
                let Some(x) = b.fight else { continue };
                let loser_sp = if x.loser == COALITION { c_sp } else { f_sp };
                if x.winner_n > loser_sp {
                    seen = true;
                    assert!(
                        x.winner_lost <= u16::from(loser_sp),
                        "f {f_sp} c {c_sp} die {die}: {x:?}"
                    );
                }
            }
        }
    }
    assert!(
        seen,
        "some result asks the winner for more than the loser has"
    );
}

#[test]
fn r154_only_one_defending_force_counterattacks() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel(&h);
    // A second Coalition force in the defending hex.
    let c2 = super::fort::leader_with_infantry(&h, &s, COALITION, &[c]);
    s.leaders[usize::from(c2)].place = LeaderPlace::Map(hexes[1]);
    let chits = [Chit::Pursuit, Chit::Pitched];
    let Some(die) = (1..=6).find(|&d| {
        let mut t = s.clone();
        fight(&h, &mut t, chits, d);
        t.battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Counterattack)
    }) else {
        return;
    };
    fight(&h, &mut s, chits, die);
    let acts = legal(&h, &s);
    let counters: Vec<&Action> = acts
        .iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    assert!(
        counters.len() >= 2,
        "either force may counterattack: {acts:?}"
    );
    let a = counters[1].clone();
    act(&h, &mut s, &a);
    let b = s.battle.unwrap();
    assert!(b.counter);
    assert_eq!(b.attackers.len(), 1, "¶154: one force only");
    let _ = f;
}

#[test]
fn r169_1_a_staked_old_guard_takes_the_first_sp_of_the_loss() {
    let h = load("hov/eylau");
    let Some(og) = (0..h.manifest.units.len()).find(|&u| {
        h.manifest.units[u].guard == crate::hov::types::Guard::Old
            && h.manifest.units[u].side == FRENCH
            && h.manifest.units[u].arm == crate::hov::types::Arm::Infantry
    }) else {
        return;
    };
    let mut seen = false;
    for die in 1..=6u8 {
        let (mut s, f, _, _) = duel(&h);
        no_artillery(&h, &mut s, f);
        s.units[og].leader = Some(f);
        s.units[og].sp = 3;
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        while s
            .battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Bombard)
        {
            act(&h, &mut s, &roll(6));
        }
        if s.battle.as_ref().map(|b| b.step) != Some(BattleStep::Stake) {
            continue;
        }
        act(&h, &mut s, &Action::Stake(true));
        let before = s.lost[FRENCH.index()];
        act(&h, &mut s, &roll(die));
        if s.battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Bonus)
        {
            act(&h, &mut s, &Action::Bonus(0));
        }
        if s.lost[FRENCH.index()] > before {
            seen = true;
            assert!(
                s.units[og].sp < 3,
                "die {die}: ¶169 the Old Guard first: {:?}",
                s.battle
            );
        }
    }
    assert!(seen, "some die costs the French a SP");
}

/// Plays the battle under way with these chits every round and these combat dice in turn,
/// until it ends or is set aside; the events.
fn play_out(h: &Hov, s: &mut State, chits: [Chit; 2], dice: &[u8]) -> Vec<Event> {
    let mut ev = Vec::new();
    let mut k = 0;
    for _ in 0..200 {
        let Some(b) = &s.battle else { break };
        let a = if !b.captures.is_empty() {
            roll(6)
        } else {
            match b.step {
                BattleStep::Chits => {
                    let side = if b.chits[s.phasing.index()].is_none() {
                        s.phasing
                    } else {
                        s.phasing.other()
                    };
                    let want = Action::Chit(chits[side.index()]);
                    if legal(h, s).contains(&want) {
                        want
                    } else {
                        Action::Chit(Chit::Pursuit)
                    }
                }
                BattleStep::Resolve => {
                    k += 1;
                    roll(dice[(k - 1) % dice.len()])
                }
                BattleStep::Stake => Action::Stake(false),
                BattleStep::Bonus => Action::Bonus(0),
                BattleStep::Override => Action::Override(false),
                BattleStep::Pursuit => Action::Done,
                _ => legal(h, s)[0].clone(),
            }
        };
        ev.extend(act(h, s, &a));
    }
    ev
}

#[test]
fn r204_a_second_round_waits_for_the_first_rounds_within_five_hexes() {
    let h = load("hov/eylau");
    let s0 = crate::engine::Rules::initial_state(&h);
    let fr = super::battle::force_leaders(&h, &s0, FRENCH);
    let co = super::battle::force_leaders(&h, &s0, COALITION);
    let (mut s, hexes) = super::battle::position(&h, &[fr[0], co[0], co[1], co[1], fr[1], fr[1]]);
    s.leaders[usize::from(co[1])].place = LeaderPlace::Map(hexes[3]);
    s.leaders[usize::from(fr[1])].place = LeaderPlace::Map(hexes[4]);
    let first = Action::Attack {
        leader: fr[0],
        parts: Vec::new(),
        hexes: alloc::vec![hexes[1]],
    };
    assert!(legal(&h, &s).contains(&first));
    let found = (1..=6u8)
        .flat_map(|a| (1..=6u8).map(move |b| [a, b]))
        .find_map(|dice| {
            let mut t = s.clone();
            act(&h, &mut t, &first);
            let ev = play_out(&h, &mut t, [Chit::Pitched, Chit::Pitched], &dice);
            ev.iter()
                .any(|e| matches!(e, Event::Suspended { resumed: false, .. }))
                .then_some(t)
        });
    let Some(mut t) = found else {
        panic!("no dice lead to a second round");
    };
    assert!(
        t.battle.is_none() && t.suspended.len() == 1,
        "¶204: set aside"
    );
    let acts = legal(&h, &t);
    assert!(
        !acts.contains(&Action::Done),
        "the nearby first round comes first: {acts:?}"
    );
    let second = acts
        .iter()
        .find(|a| matches!(a, Action::Attack { leader, .. } if *leader == fr[1]))
        .cloned()
        .expect("the other attack");
    act(&h, &mut t, &second);
    play_out(&h, &mut t, [Chit::Pursuit, Chit::Pursuit], &[3]);
    // The second battle may itself be set aside; once no first round is left nearby, `Done`
    // takes a waiting battle up again.
    while t.battle.is_none() && !t.suspended.is_empty() {
        assert!(legal(&h, &t).contains(&Action::Done));
        let ev = act(&h, &mut t, &Action::Done);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Suspended { resumed: true, .. }))
        );
        play_out(&h, &mut t, [Chit::Pursuit, Chit::Pursuit], &[3]);
    }
    assert!(t.suspended.is_empty());
}

/// A hexside of `w` (bridged or not) with both hexes on the map, in the area, plain ground.
fn side_of(
    h: &Hov,
    w: crate::hov::board::Water,
    bridge: bool,
) -> Option<(crate::hex::Hex, crate::hex::Direction)> {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    hexes.into_iter().find_map(|a| {
        crate::hex::Direction::ALL.into_iter().find_map(|d| {
            let side = h.board.side(a, d);
            let n = a.neighbor(d);
            let plain = |x: crate::hex::Hex| {
                h.board.on_map(x)
                    && h.in_area(x)
                    && h.board.hex(x).settlement == crate::hov::board::Settlement::None
            };
            (side.water == w && side.bridge == bridge && plain(a) && plain(n)).then_some((a, d))
        })
    })
}

#[test]
fn r155_1_r150_1_across_a_bridged_primary_river_no_pitched_and_no_obligation() {
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let Some((a, d)) = side_of(&h, crate::hov::board::Water::Primary, true) else {
            continue;
        };
        let (mut s, f, c, _) = duel(&h);
        s.leaders[usize::from(f)].place = LeaderPlace::Map(a);
        s.leaders[usize::from(c)].place = LeaderPlace::Map(a.neighbor(d));
        let acts = legal(&h, &s);
        assert!(
            acts.contains(&Action::Done),
            "¶150 1: not mandatory across the bridge"
        );
        let attack = acts
            .iter()
            .find(|x| matches!(x, Action::Attack { .. }))
            .cloned()
            .expect("the attack across the bridge");
        act(&h, &mut s, &attack);
        assert_eq!(
            legal(&h, &s),
            alloc::vec![Action::Chit(Chit::Pursuit)],
            "¶155 1: no Pitched across a bridged primary river"
        );
        return;
    }
    panic!("no bridged primary river in the battle areas");
}

#[test]
fn r170_the_attacker_chooses_his_bonus_after_the_die() {
    let h = load("hov/eylau");
    let nap = h
        .manifest
        .leaders
        .iter()
        .position(|l| l.id == crate::hov::combat::battle::NAPOLEON)
        .expect("Napoleon") as u16;
    let (mut s, f, _, hexes) = duel(&h);
    // Napoleon leads the French force in place of its leader.
    s.leaders[usize::from(f)].place = LeaderPlace::Out;
    for u in s.units.iter_mut() {
        if u.leader == Some(f) {
            u.leader = Some(nap);
        }
    }
    for l in s.leaders.iter_mut() {
        if l.place == LeaderPlace::Portrait(f) {
            l.place = LeaderPlace::Portrait(nap);
        }
    }
    s.leaders[usize::from(nap)].place = LeaderPlace::Map(hexes[0]);
    let bonus = h.manifest.leaders[usize::from(nap)].ratings.bonus as i8;
    assert!(bonus > 0, "Napoleon has a Leadership Bonus");
    let a = legal(&h, &s)[0].clone();
    act(&h, &mut s, &a);
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step != BattleStep::Resolve)
    {
        let x = match s.battle.as_ref().unwrap().step {
            BattleStep::Bombard => roll(6),
            BattleStep::Stake => Action::Stake(false),
            _ => break,
        };
        act(&h, &mut s, &x);
    }
    act(&h, &mut s, &roll(3));
    assert_eq!(
        s.battle.as_ref().unwrap().step,
        BattleStep::Bonus,
        "after the die"
    );
    assert_eq!(
        crate::engine::Rules::actor(&h, &s),
        crate::engine::Actor::Player(FRENCH)
    );
    assert_eq!(
        legal(&h, &s),
        alloc::vec![
            Action::Bonus(-bonus),
            Action::Bonus(0),
            Action::Bonus(bonus)
        ]
    );
}

/// A Town hex in the area with a plain, on-map neighbour across a plain hexside.
fn town_site(h: &Hov) -> Option<(crate::hex::Hex, crate::hex::Direction)> {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    hexes.into_iter().find_map(|t| {
        if h.board.hex(t).settlement != crate::hov::board::Settlement::Town || !h.in_area(t) {
            return None;
        }
        crate::hex::Direction::ALL
            .into_iter()
            .find(|&d| {
                let n = t.neighbor(d);
                h.board.on_map(n)
                    && h.in_area(n)
                    && h.board.hex(n).settlement == crate::hov::board::Settlement::None
                    && h.board.side(t, d).water == crate::hov::board::Water::None
            })
            .map(|d| (t, d))
    })
}

#[test]
fn r156_r163_a_town_defender_may_always_choose_pitched_for_two_rounds_on_the_affecting_line() {
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let Some((town, d)) = town_site(&h) else {
            continue;
        };
        let (mut s, f, c, _) = duel(&h);
        s.leaders[usize::from(c)].place = LeaderPlace::Map(town);
        s.leaders[usize::from(f)].place = LeaderPlace::Map(town.neighbor(d));
        let a = legal(&h, &s)
            .into_iter()
            .find(|x| matches!(x, Action::Attack { leader, .. } if *leader == f))
            .expect("the attack");
        act(&h, &mut s, &a);
        let mut b = s.battle.clone().unwrap();
        // ¶156 1: whatever was shown before.
        b.pitched_shown[COALITION.index()] = 2;
        assert!(h.may_choose_pitched(&s, &b, COALITION));
        // ¶163: a Town is Affecting terrain.
        assert!(h.battle_odds(&s, &b).1, "¶163: the Affecting line");
        // ¶156 2 (reading A8): no third round.
        b.round = 2;
        s.battle = Some(b.clone());
        assert!(h.reattack(&s).is_none(), "¶156 2: two rounds at most");
        b.round = 1;
        s.battle = Some(b);
        assert!(h.reattack(&s).is_some(), "a second round is open");
        return;
    }
    panic!("no Town in the battle areas");
}

#[test]
fn r155_4_several_defending_forces_use_the_best_initiative() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel(&h);
    let low = (0..s.leaders.len() as u16).find(|&l| {
        h.manifest.leaders[usize::from(l)].side == COALITION
            && h.initiative_of(&s, l) <= 2
            && s.units.iter().any(|u| u.leader == Some(l) && u.sp > 0)
    });
    let high = (0..s.leaders.len() as u16).find(|&l| {
        h.manifest.leaders[usize::from(l)].side == COALITION
            && h.initiative_of(&s, l) > 2
            && s.units.iter().any(|u| u.leader == Some(l) && u.sp > 0)
    });
    let (Some(low), Some(high)) = (low, high) else {
        return;
    };
    s.leaders[usize::from(c)].place = LeaderPlace::Out;
    s.leaders[usize::from(low)].place = LeaderPlace::Map(hexes[1]);
    let a = legal(&h, &s)
        .into_iter()
        .find(|x| matches!(x, Action::Attack { leader, .. } if *leader == f))
        .expect("the attack");
    let mut t = s.clone();
    act(&h, &mut t, &a);
    let mut b = t.battle.clone().unwrap();
    b.pitched_shown[COALITION.index()] = 1;
    assert!(
        !h.may_choose_pitched(&t, &b, COALITION),
        "Initiative 2 or less: once"
    );
    s.leaders[usize::from(high)].place = LeaderPlace::Map(hexes[1]);
    act(&h, &mut s, &a);
    let mut b = s.battle.clone().unwrap();
    b.pitched_shown[COALITION.index()] = 1;
    assert!(
        h.may_choose_pitched(&s, &b, COALITION),
        "¶155 4: the best, above 2: twice"
    );
}

#[test]
fn e38_the_affecting_line_across_a_secondary_river_not_in_the_open() {
    use crate::hov::board::Water;
    let h = load("hov/eylau");
    // In the open: the ordinary line.
    let (mut s, f, c, _) = duel(&h);
    let a = legal(&h, &s)[0].clone();
    let mut t = s.clone();
    act(&h, &mut t, &a);
    assert!(
        !h.battle_odds(&t, t.battle.as_ref().unwrap()).1,
        "§38 2: Clear is not Affecting"
    );
    // Across a secondary river: the Affecting line (§38 1), once whatever else (§38 3).
    let (x, d) = ["hov/eylau"]
        .iter()
        .find_map(|_| side_of(&h, Water::Secondary, false))
        .expect("a secondary river");
    s.leaders[usize::from(f)].place = LeaderPlace::Map(x);
    s.leaders[usize::from(c)].place = LeaderPlace::Map(x.neighbor(d));
    let a = legal(&h, &s)
        .into_iter()
        .find(|y| matches!(y, Action::Attack { leader, .. } if *leader == f))
        .expect("the attack across the river");
    act(&h, &mut s, &a);
    assert!(h.battle_odds(&s, s.battle.as_ref().unwrap()).1, "§38 1");
}

#[test]
fn r158_3_a_force_bombarded_to_nothing_ends_the_battle_without_pursuit() {
    let h = load("hov/eylau");
    let art = (0..h.manifest.units.len())
        .find(|&u| {
            h.manifest.units[u].side == FRENCH
                && h.manifest.units[u].arm == crate::hov::types::Arm::Artillery
        })
        .expect("French artillery");
    let mut seen = false;
    for die in 1..=6u8 {
        let (mut s, f, _) = small_duel(&h, 4, 1);
        s.units[art].leader = Some(f);
        s.units[art].sp = 6;
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        let ev = act(&h, &mut s, &roll(die));
        let hits = ev.iter().find_map(|e| match e {
            Event::Bombardment { hits, side, .. } if *side == FRENCH => Some(*hits),
            _ => None,
        });
        if hits.is_some_and(|n| n >= 1) {
            seen = true;
            let after: Vec<_> = s.battle.iter().map(|b| b.step).collect();
            assert!(
                s.battle.is_none()
                    || !s.battle.as_ref().unwrap().captures.is_empty()
                    || after == alloc::vec![BattleStep::Morale],
                "die {die}: {after:?}"
            );
            assert!(
                !ev.iter().any(|e| matches!(e, Event::Combat { .. })),
                "no combat die"
            );
            assert!(
                !ev.iter().any(|e| matches!(e, Event::PursuitRoll { .. })),
                "no pursuit"
            );
        }
    }
    assert!(seen, "some die hits the lone SP");
}

#[test]
fn r206_a_loser_who_cannot_absorb_a_pitched_loss_retreats_instead() {
    let h = load("hov/eylau");
    let mut seen = false;
    for die in 1..=6u8 {
        let (mut s, _, _) = small_duel(&h, 6, 1);
        fight(&h, &mut s, [Chit::Pursuit, Chit::Pitched], die);
        let Some(b) = s.battle.clone() else { continue };
        let Some(x) = b.fight else { continue };
        if x.loser == COALITION && x.loser_n > 1 {
            seen = true;
            assert_ne!(b.step, BattleStep::Counterattack, "die {die}: ¶206");
            assert!(!b.retreats.is_empty() || b.step != BattleStep::Counterattack);
        }
    }
    assert!(seen, "some die asks the 1-SP loser for more than it has");
}

#[test]
fn r164_one_affecting_hex_puts_the_whole_attack_on_the_affecting_line() {
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let Some((town, d)) = town_site(&h) else {
            continue;
        };
        let at = town.neighbor(d);
        let Some(other) = crate::hex::Direction::ALL
            .into_iter()
            .map(|x| at.neighbor(x))
            .find(|&m| {
                m != town
                    && m.distance(town) > 0
                    && h.board.on_map(m)
                    && h.in_area(m)
                    && !h.board.hex(m).affecting
                    && h.board.hex(m).settlement == crate::hov::board::Settlement::None
                    && at.direction_to(m).is_some_and(|x| {
                        h.board.side(at, x).water == crate::hov::board::Water::None
                    })
            })
        else {
            continue;
        };
        let s0 = crate::engine::Rules::initial_state(&h);
        let fr = super::battle::force_leaders(&h, &s0, FRENCH);
        let co = super::battle::force_leaders(&h, &s0, COALITION);
        let (mut s, _) = super::battle::position(&h, &[]);
        s.leaders[usize::from(fr[0])].place = LeaderPlace::Map(at);
        s.leaders[usize::from(co[0])].place = LeaderPlace::Map(town);
        s.leaders[usize::from(co[1])].place = LeaderPlace::Map(other);
        let both = legal(&h, &s)
            .into_iter()
            .find(|a| matches!(a, Action::Attack { hexes, .. } if hexes.len() == 2))
            .expect("an attack on both hexes");
        act(&h, &mut s, &both);
        assert!(h.battle_odds(&s, s.battle.as_ref().unwrap()).1, "¶164");
        return;
    }
    panic!("no site");
}
