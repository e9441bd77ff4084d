//! Bridge trains and pontoons (¶142, §158, §211; readings N1, C2), and the Bridge Segment (¶49).

use alloc::vec::Vec;

use super::march::{advance, clear_map_but, foot_force, legal, load, marching, place};
use crate::engine::{Actor, Rules};
use crate::hex::{Direction, Hex, Hexside};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::board::{Road, Water};
use crate::hov::movement::bridge::TRAINS_PER_SIDE;
use crate::hov::state::{Activation, LeaderId, March, Phase, State, TrainPlace};
use crate::hov::types::{COALITION, FRENCH, Mp};

fn march(l: LeaderId, at: Hex) -> March {
    marching(l, at, Activation::Command, 0)
}

/// A primary river hexside with no bridge or road, both hexes in play.
fn river(h: &Hov) -> (Hex, Direction) {
    h.board
        .grid
        .hexes()
        .into_iter()
        .find_map(|x| {
            Direction::ALL
                .iter()
                .find(|&&d| {
                    let sd = h.board.side(x, d);
                    sd.water == Water::Primary
                        && !sd.bridge
                        && sd.road == Road::None
                        && h.in_area(x)
                        && h.in_area(x.neighbor(d))
                        && !h.board.hex(x).settlement.fort()
                        && !h.board.hex(x.neighbor(d)).settlement.fort()
                })
                .map(|&d| (x, d))
        })
        .expect("an unbridged primary river")
}

fn scene() -> (Hov, State, LeaderId, Hex, Direction) {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    clear_map_but(&mut s, &[f]);
    let (at, d) = river(&h);
    place(&mut s, f, at);
    for t in &mut s.trains {
        if t.side == FRENCH {
            t.place = TrainPlace::Track(f);
        }
    }
    (h, s, f, at, d)
}

#[test]
fn e211_three_bridge_trains_a_side_on_a_force_leader_track() {
    let h = load("hov/eylau");
    let s = h.initial_state();
    for side in [FRENCH, COALITION] {
        let mine: Vec<_> = s.trains.iter().filter(|t| t.side == side).collect();
        assert_eq!(mine.len(), TRAINS_PER_SIDE);
        for t in mine {
            let TrainPlace::Track(l) = t.place else {
                panic!("{t:?}")
            };
            assert_eq!(h.leader_side(l), Some(side));
        }
    }
    // ¶20: the other side's tracks are secret.
    let o = h.observation(&s, FRENCH);
    assert!(
        o.trains
            .iter()
            .filter(|t| t.side == COALITION)
            .all(|t| t.place == TrainPlace::Out)
    );
}

#[test]
fn r142_e158_a_pontoon_for_one_mp_carries_the_force_over_and_is_taken_up() {
    let (h, mut s, f, at, d) = scene();
    let to = at.neighbor(d);
    let x = Hexside::between(at, to).unwrap();
    s.march = Some(march(f, at));
    // ¶113: no crossing without a bridge.
    assert!(h.step_cost(&s, at, d, false).is_none());
    assert!(!legal(&h, &s).contains(&Action::Step { to }));
    let deploy = Action::Pontoon {
        side: x,
        deploy: true,
    };
    assert!(legal(&h, &s).contains(&deploy), "{:?}", legal(&h, &s));
    let mut ev = Vec::new();
    h.apply(&mut s, &deploy, &mut ev).unwrap();
    let m = s.march.as_ref().unwrap();
    assert_eq!(m.spent_inf, Mp::ONE, "C2: 1 MP to deploy");
    assert_eq!(m.bridge_mp, Mp::ONE);
    assert!(s.trains.iter().any(|t| t.place == TrainPlace::Pontoon(x)));
    // Usable at once (C2).
    assert!(h.step_cost(&s, at, d, false).is_some());
    h.apply(&mut s, &Action::Step { to }, &mut ev).unwrap();
    let take_up = Action::Pontoon {
        side: x,
        deploy: false,
    };
    assert!(legal(&h, &s).contains(&take_up));
    h.apply(&mut s, &take_up, &mut ev).unwrap();
    let m = s.march.as_ref().unwrap().clone();
    assert_eq!(m.bridge_mp, Mp::whole(2));
    assert!(s.trains.iter().all(|t| t.place != TrainPlace::Pontoon(x)));
    assert_eq!(
        s.trains
            .iter()
            .filter(|t| t.place == TrainPlace::Track(f))
            .count(),
        TRAINS_PER_SIDE
    );
    // ¶142 3: only the step counts toward the Length of March.
    let step = h.step_cost(&s, at, d, false);
    assert!(step.is_none(), "the pontoon is gone");
    assert_eq!(
        u16::from(Hov::march_length(&m)),
        m.spent_inf.minus(Mp::whole(2)).halves().div_ceil(2)
    );
}

#[test]
fn e158_an_enemy_crossing_a_pontoon_captures_it() {
    let (h, mut s, f, at, d) = scene();
    let to = at.neighbor(d);
    let x = Hexside::between(at, to).unwrap();
    s.march = Some(march(f, at));
    let mut ev = Vec::new();
    h.apply(
        &mut s,
        &Action::Pontoon {
            side: x,
            deploy: true,
        },
        &mut ev,
    )
    .unwrap();
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    while matches!(h.actor(&s), Actor::Chance(_)) {
        h.apply(&mut s, &super::march::d6(6), &mut ev).unwrap();
    }
    // A Coalition force on the far side crosses it.
    place(&mut s, f, at.neighbor(d.opposite()).neighbor(d.opposite()));
    let c = foot_force(&h, &h.initial_state(), COALITION);
    place(&mut s, c, to);
    s.march = Some(march(c, to));
    h.apply(&mut s, &Action::Step { to: at }, &mut ev).unwrap();
    let t = s
        .trains
        .iter()
        .find(|t| t.place == TrainPlace::Pontoon(x))
        .unwrap();
    assert_eq!(t.side, COALITION);
}

#[test]
fn r49_the_bridge_segment_has_nothing_to_decide_in_battle_scenarios() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Bridge, FRENCH);
    assert_eq!(legal(&h, &s), alloc::vec![Action::Done]);
}

#[test]
fn e158_1_e158_3_a_train_stays_behind_a_force_without_infantry_and_the_enemy_takes_it() {
    use super::repulse::set_force;
    use crate::hov::types::Arm;
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let c = foot_force(&h, &s, COALITION);
    clear_map_but(&mut s, &[f, c]);
    let at = super::march::open_ground(&h);
    place(&mut s, f, at);
    set_force(&h, &mut s, f, Arm::Cavalry, 2);
    for t in &mut s.trains {
        t.place = if t.side == FRENCH {
            TrainPlace::Track(f)
        } else {
            TrainPlace::Out
        };
    }
    let d = Direction::ALL[0];
    s.march = Some(march(f, at));
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: at.neighbor(d) }, &mut ev)
        .unwrap();
    assert_eq!(
        s.trains
            .iter()
            .filter(|t| t.place == TrainPlace::Map(at))
            .count(),
        TRAINS_PER_SIDE,
        "§158 1: only with infantry"
    );
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    while matches!(h.actor(&s), Actor::Chance(_)) {
        h.apply(&mut s, &super::march::d6(6), &mut ev).unwrap();
    }
    // §158 3: the Coalition walks in and takes them.
    let from = at.neighbor(d.opposite());
    place(&mut s, c, from);
    s.march = Some(march(c, from));
    h.apply(&mut s, &Action::Step { to: at }, &mut ev).unwrap();
    assert_eq!(
        s.trains
            .iter()
            .filter(|t| t.side == COALITION && t.place == TrainPlace::Track(c))
            .count(),
        TRAINS_PER_SIDE
    );
}

#[test]
fn e211_the_owner_sets_each_bridge_train_up_with_a_leader_of_his_choice() {
    use crate::engine::EventInfo;
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    assert_eq!(s0.phase, Phase::Setup);
    assert_eq!(
        h.actor(&s0),
        Actor::Player(FRENCH),
        "the First Player first"
    );
    let carriers = h.train_carriers(&s0, FRENCH);
    let offered: Vec<LeaderId> = legal(&h, &s0)
        .iter()
        .filter_map(|a| match a {
            Action::CarryTrain { leader } => Some(*leader),
            _ => None,
        })
        .collect();
    assert_eq!(offered, carriers);
    // The default carrier is the first French Force Leader; choose another, a subordinate on
    // a portrait if there is one (reading N1: any leader).
    let TrainPlace::Track(default) = s0.trains.iter().find(|t| t.side == FRENCH).unwrap().place
    else {
        panic!("a French train on a track")
    };
    let other = carriers
        .iter()
        .copied()
        .find(|&l| {
            l != default
                && matches!(
                    s0.leaders[usize::from(l)].place,
                    crate::hov::state::LeaderPlace::Portrait(_)
                )
        })
        .or_else(|| carriers.iter().copied().find(|&l| l != default))
        .expect("a second French leader");
    // A Coalition leader is refused, the state unchanged.
    let enemy = h.train_carriers(&s0, COALITION)[0];
    let mut bad = s0.clone();
    let e = h
        .apply(
            &mut bad,
            &Action::CarryTrain { leader: enemy },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(e.rule, "§211");
    assert_eq!(bad, s0);
    let mut s = s0.clone();
    let mut ev = Vec::new();
    for _ in 0..TRAINS_PER_SIDE {
        h.apply(&mut s, &Action::CarryTrain { leader: other }, &mut ev)
            .unwrap();
    }
    assert!(
        s.trains
            .iter()
            .filter(|t| t.side == FRENCH)
            .all(|t| t.place == TrainPlace::Track(other))
    );
    // ¶20: the choice is the owner's secret.
    let set_up: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e, crate::hov::event::Event::TrainSetUp { .. }))
        .collect();
    assert_eq!(set_up.len(), TRAINS_PER_SIDE);
    assert!(
        set_up
            .iter()
            .all(|e| e.visible_to(FRENCH) && !e.visible_to(COALITION))
    );
    assert!(
        h.observation(&s, COALITION)
            .trains
            .iter()
            .filter(|t| t.side == FRENCH)
            .all(|t| t.place == TrainPlace::Out)
    );
    // Three trains placed: no more to place.
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::CarryTrain { .. }))
    );
    // Done: the Coalition sets up its own; trains it does not place stay with its first Force
    // Leader.
    let mut t = s.clone();
    while h.actor(&t) == Actor::Player(FRENCH) && t.phase == Phase::Setup {
        h.apply(&mut t, &Action::Done, &mut ev).unwrap();
    }
    assert_eq!(h.actor(&t), Actor::Player(COALITION));
    assert!(
        legal(&h, &t)
            .iter()
            .any(|a| matches!(a, Action::CarryTrain { .. }))
    );
    let before: Vec<_> = t
        .trains
        .iter()
        .filter(|x| x.side == COALITION)
        .copied()
        .collect();
    h.apply(&mut t, &Action::Done, &mut ev).unwrap();
    assert_eq!(t.phase, Phase::Weather);
    let after: Vec<_> = t
        .trains
        .iter()
        .filter(|x| x.side == COALITION)
        .copied()
        .collect();
    assert_eq!(before, after);
    assert!(
        t.trains
            .iter()
            .filter(|x| x.side == FRENCH)
            .all(|x| x.place == TrainPlace::Track(other))
    );
}
