//! The optional rule "The Sound of the Guns" (§184–§186, option `sound-of-the-guns`): a force
//! whose Forced March failed tries again before a battle's second round, marches straight to
//! it, checks attrition and joins round two (readings N70, N71).

use alloc::string::String;
use alloc::vec::Vec;

use super::battle::{act, force_leaders, legal, load, position, random_play, roll};
use super::fort::only_sp;
use crate::engine::{Actor, Rules};
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::movement::sound::SOUND_OF_THE_GUNS;
use crate::hov::state::{
    BattleStep, FailedForcedMarch, LeaderId, LeaderPlace, MarchStage, Phase, State,
};
use crate::hov::types::{COALITION, Chit, FRENCH};

fn with_option(id: &str) -> Hov {
    let mut h = load(id);
    h.params.options.push(String::from(SOUND_OF_THE_GUNS));
    h.params.options.sort();
    h
}

/// A hex `b` and a direction `d` such that every hex within 3 of `b` is clear, in the area and
/// free of settlements and water.
pub(super) fn open_patch(h: &Hov) -> (Hex, Direction) {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    for &b in &hexes {
        let ok = hexes.iter().filter(|x| x.distance(b) <= 3).count() == 37
            && hexes.iter().filter(|x| x.distance(b) <= 3).all(|&x| {
                let i = h.board.hex(x);
                h.in_area(x)
                    && i.ground == crate::hov::board::Ground::Clear
                    && i.settlement == crate::hov::board::Settlement::None
                    && Direction::ALL
                        .iter()
                        .all(|&k| h.board.side(x, k).water == crate::hov::board::Water::None)
            });
        if ok {
            return (b, Direction::ALL[0]);
        }
    }
    panic!("no open patch");
}

/// French `f` at `a`, Coalition `c` at `b` next to it and Coalition `g` two hexes beyond `b`,
/// whose Forced March failed this Combat Phase; the French to attack.
fn scene(h: &Hov) -> (State, LeaderId, LeaderId, LeaderId, Hex, Hex, Hex) {
    let s0 = h.initial_state();
    let f = force_leaders(h, &s0, FRENCH)[0];
    let co = force_leaders(h, &s0, COALITION);
    let (c, g) = (co[0], co[1]);
    let (mut s, _) = position(h, &[]);
    let (b, d) = open_patch(h);
    let a = b.neighbor(d.opposite());
    let far = b.neighbor(d).neighbor(d);
    only_sp(h, &mut s, f, 5);
    only_sp(h, &mut s, c, 5);
    only_sp(h, &mut s, g, 4);
    s.leaders[usize::from(f)].place = LeaderPlace::Map(a);
    s.leaders[usize::from(c)].place = LeaderPlace::Map(b);
    s.leaders[usize::from(g)].place = LeaderPlace::Map(far);
    s.failed_forced.push(FailedForcedMarch {
        leader: g,
        from: far,
    });
    (s, f, c, g, a, b, far)
}

/// Plays the battle with Pitched chits, die `die[0]` for the first attack and `die[1]` for
/// every later die, until the call to the guns opens, or the battle ends.
fn to_call(h: &Hov, s: &mut State, die: [u8; 2]) -> bool {
    for _ in 0..200 {
        if s.sound.is_some() {
            return true;
        }
        let acts = legal(h, s);
        let Some(b) = &s.battle else {
            if let Some(a) = acts.iter().find(|a| matches!(a, Action::Attack { .. })) {
                act(h, s, &a.clone());
                continue;
            }
            return false;
        };
        if b.round > 1 {
            return false;
        }
        let a = match h.actor(s) {
            Actor::Chance(_) => roll(die[usize::from(b.counter)]),
            _ if b.step == BattleStep::Chits => Action::Chit(Chit::Pitched),
            _ => acts
                .iter()
                .find(|a| matches!(a, Action::Attack { .. }))
                .or_else(|| acts.iter().find(|a| **a != Action::Done))
                .or(acts.first())
                .expect("an action")
                .clone(),
        };
        act(h, s, &a);
    }
    false
}

/// Every pair of dice.
const DICE: [[u8; 2]; 36] = {
    let mut v = [[0u8; 2]; 36];
    let mut i = 0;
    while i < 36 {
        v[i] = [(i / 6) as u8 + 1, (i % 6) as u8 + 1];
        i += 1;
    }
    v
};

/// The state with the call to the guns open, for the first die that leads there.
fn call_open(h: &Hov) -> (State, LeaderId, LeaderId, Hex, Hex) {
    let (s, f, _, g, a, b, _) = scene(h);
    for die in DICE {
        let mut t = s.clone();
        if to_call(h, &mut t, die) {
            return (t, f, g, a, b);
        }
    }
    panic!("no die leads to a second round");
}

#[test]
fn e185_a_failed_forced_march_is_noted_only_with_the_option() {
    for on in [false, true] {
        let h = if on {
            with_option("hov/eylau")
        } else {
            load("hov/eylau")
        };
        let (mut s, _, _, g, _, _, _) = scene(&h);
        s.failed_forced.clear();
        s.phase = Phase::ForcedMarch;
        act(
            &h,
            &mut s,
            &Action::Initiative {
                leader: g,
                parts: Vec::new(),
            },
        );
        act(&h, &mut s, &roll(6));
        assert_eq!(
            s.failed_forced.iter().any(|x| x.leader == g),
            on,
            "§185: a roll of 6 fails (¶102); noted with the option only"
        );
        // ¶23 1: which force failed is its owner's secret.
        assert!(h.observation(&s, FRENCH).failed_forced.is_empty());
        if on {
            assert!(!h.observation(&s, COALITION).failed_forced.is_empty());
        }
    }
}

#[test]
fn e185_e186_1_without_the_option_the_second_round_follows_at_once() {
    let h = load("hov/eylau");
    let (s, ..) = scene(&h);
    let mut reached = false;
    for die in DICE {
        let mut t = s.clone();
        assert!(!to_call(&h, &mut t, die), "no call without the option");
        reached |= t.battle.as_ref().is_some_and(|b| b.round == 2);
    }
    assert!(reached, "some die leads to round two");
}

#[test]
fn e185_e186_a_failed_force_marches_to_the_guns_and_joins_round_two() {
    let h = with_option("hov/eylau");
    let (mut s, f, g, a, b) = call_open(&h);
    assert_eq!(
        s.battle.as_ref().unwrap().round,
        1,
        "§186 1: before round two"
    );
    assert_eq!(h.actor(&s), Actor::Player(COALITION));
    let try_g = Action::Initiative {
        leader: g,
        parts: Vec::new(),
    };
    assert_eq!(legal(&h, &s), alloc::vec![try_g.clone(), Action::Done]);
    // A force not of §185 may not answer.
    let mut t = s.clone();
    let e = h
        .apply(
            &mut t,
            &Action::Initiative {
                leader: f,
                parts: Vec::new(),
            },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(e.rule, "§185, §186");
    assert_eq!(t, s, "a refused action changes nothing");
    // §186 1: the new Forced March roll; a 1 passes (¶102).
    act(&h, &mut s, &try_g);
    assert!(matches!(h.actor(&s), Actor::Chance(_)));
    act(&h, &mut s, &roll(1));
    // §186 2: straight to the battle: every step one hex nearer a hex next to both b and a.
    let goal = |x: Hex| x.distance(a) == 1 && x.distance(b) == 1;
    let near = |x: Hex| {
        Direction::ALL
            .iter()
            .map(|&k| b.neighbor(k))
            .filter(|&n| goal(n))
            .map(|n| n.distance(x))
            .min()
            .unwrap()
    };
    for _ in 0..6 {
        let m = s.march.clone().expect("on the march");
        if m.stage != MarchStage::Moving {
            break;
        }
        let at = *m.path.last().unwrap();
        let acts = legal(&h, &s);
        if goal(at) {
            assert!(acts.contains(&Action::Done), "arrived: it may stop");
            assert!(!acts.iter().any(|a| matches!(a, Action::Step { .. })));
            act(&h, &mut s, &Action::Done);
            break;
        }
        assert!(!acts.contains(&Action::Done), "it must march on");
        // A step that does not close in is refused.
        let away = Direction::ALL
            .iter()
            .map(|&k| at.neighbor(k))
            .find(|&n| near(n) >= near(at))
            .unwrap();
        let mut t = s.clone();
        assert!(
            h.apply(&mut t, &Action::Step { to: away }, &mut Vec::new())
                .is_err()
        );
        let Some(Action::Step { to }) = acts.first().cloned() else {
            panic!("a step: {acts:?}");
        };
        assert_eq!(near(to) + 1, near(at));
        act(&h, &mut s, &Action::Step { to });
    }
    // §186 3: attrition before joining.
    if let Some(m) = &s.march {
        assert_eq!(m.stage, MarchStage::Attrition, "§186 3");
        act(&h, &mut s, &roll(6));
    }
    assert!(s.march.is_none());
    let at = match s.leaders[usize::from(g)].place {
        LeaderPlace::Map(x) => x,
        other => panic!("{other:?}"),
    };
    assert!(goal(at));
    assert_eq!(legal(&h, &s), alloc::vec![Action::Done], "one try each");
    let ev = act(&h, &mut s, &Action::Done);
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::ToTheGuns { leader, hex, .. } if *leader == g && *hex == at)
        )
    );
    assert!(s.sound.is_none());
    let bt = s.battle.as_ref().expect("the battle goes on");
    assert_eq!(bt.round, 2, "round two begins");
    assert!(
        bt.defenders.contains(&at),
        "§186 3: the force is in the battle"
    );
    assert!(
        h.describe_event(&Event::ToTheGuns {
            side: COALITION,
            leader: g,
            hex: at
        })
        .contains(" ["),
        "the log names the leader"
    );
}

#[test]
fn e186_1_a_second_failure_leaves_the_force_where_it_is() {
    let h = with_option("hov/eylau");
    let (mut s, _, g, _, _) = call_open(&h);
    let before = s.leaders[usize::from(g)].place;
    act(
        &h,
        &mut s,
        &Action::Initiative {
            leader: g,
            parts: Vec::new(),
        },
    );
    act(&h, &mut s, &roll(6));
    assert!(s.march.is_none(), "¶102: a roll above the Initiative fails");
    assert_eq!(s.leaders[usize::from(g)].place, before);
    assert_eq!(legal(&h, &s), alloc::vec![Action::Done]);
    act(&h, &mut s, &Action::Done);
    let b = s.battle.as_ref().unwrap();
    assert_eq!(b.round, 2);
    assert!(!b.defenders.iter().any(|&x| Some(x) == h.hex_of(&s, g)));
}

#[test]
fn e185_only_within_three_hexes_and_only_before_the_second_round() {
    let h = with_option("hov/eylau");
    let (s, _, _, g, _, b, _) = scene(&h);
    // Began the Combat Phase 4 hexes away: not called.
    let mut t = s.clone();
    t.failed_forced[0].from = b
        .neighbor(Direction::ALL[0])
        .neighbor(Direction::ALL[0])
        .neighbor(Direction::ALL[0])
        .neighbor(Direction::ALL[0]);
    for die in DICE {
        let mut u = t.clone();
        assert!(!to_call(&h, &mut u, die));
    }
    // The call is made once per battle: declined, it does not come again.
    let (mut u, ..) = call_open(&h);
    act(&h, &mut u, &Action::Done);
    assert!(u.sounded.len() == 1 && u.sound.is_none());
    assert!(!u.failed_forced.is_empty() && u.failed_forced[0].leader == g);
}

#[test]
fn e186_random_play_with_the_sound_of_the_guns() {
    // From each scenario's start and from the call itself, random legal actions always apply.
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = with_option(id);
        for seed in 0..2 {
            random_play(&h, h.initial_state(), seed, 300);
        }
    }
    let h = with_option("hov/eylau");
    let (s, ..) = call_open(&h);
    for seed in 0..20 {
        random_play(&h, s.clone(), seed, 300);
    }
}
