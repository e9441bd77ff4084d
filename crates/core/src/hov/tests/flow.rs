//! The sequence of play (¶38–¶54), the set-up of vedettes (§217), the end of a Battle Scenario
//! (§212, §214) and what each side sees (¶20–¶22, §68).

use alloc::vec::Vec;

use crate::data::Library;
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, Rules};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::state::{LeaderPlace, Phase, VedettePlace};
use crate::hov::types::{COALITION, FRENCH};

fn load(id: &str) -> Hov {
    let lib = Library::builtin().expect("the built-in library");
    Hov::new(&lib.scenario(id).expect(id)).unwrap_or_else(|e| panic!("{id}: {e}"))
}

#[test]
fn r38_a_battle_scenario_runs_from_set_up_to_its_end_date() {
    // ¶38–¶54: weather, then the First Player's and the Second Player's Player-Turns, every
    // Game-Turn to the End Date (§212); with nothing done the score is 0 VP, a draw (§214).
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        let mut s = h.initial_state();
        let mut ev = Vec::new();
        let mut turns = Vec::new();
        for _ in 0..10_000 {
            match h.actor(&s) {
                Actor::Terminal(o) => {
                    assert_eq!(o.winner, None, "{id}");
                    assert_eq!(o.points, [0, 0]);
                    break;
                }
                Actor::Chance(_) => {
                    turns.push(s.turn);
                    let r = Roll {
                        spec: DiceSpec::D6,
                        value: 3,
                    };
                    h.apply(&mut s, &Action::Roll(r), &mut ev).unwrap();
                }
                Actor::Player(_) => h.apply(&mut s, &Action::Done, &mut ev).unwrap(),
            }
        }
        let p = &h.params;
        assert_eq!(
            turns,
            (p.first_turn..=p.last_turn).collect::<Vec<_>>(),
            "{id}"
        );
        assert_eq!(s.phase, Phase::Over);
    }
}

#[test]
fn r50_the_forced_march_segment_is_the_other_players() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    let mut ev = Vec::new();
    while s.phase != Phase::ForcedMarch {
        let a = match h.actor(&s) {
            Actor::Chance(_) => Action::Roll(Roll {
                spec: DiceSpec::D6,
                value: 1,
            }),
            _ => Action::Done,
        };
        h.apply(&mut s, &a, &mut ev).unwrap();
    }
    assert_eq!(s.phasing, FRENCH);
    assert_eq!(h.actor(&s), Actor::Player(COALITION));
}

#[test]
fn e217_vedettes_set_up_near_their_force_first_player_first() {
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    assert_eq!(s.phase, Phase::Setup);
    assert_eq!(
        h.actor(&s),
        Actor::Player(FRENCH),
        "§217: the First Player places first"
    );
    let mut acts = Vec::new();
    h.legal_actions(&s, &mut acts);
    let mut placed_any = false;
    for a in &acts {
        if let Action::PlaceVedette { vedette, hex } = a {
            placed_any = true;
            let VedettePlace::Portrait(l) = s.vedettes[usize::from(*vedette)].place else {
                panic!("a vedette not waiting is offered")
            };
            let LeaderPlace::Map(at) = s.leaders[usize::from(l)].place else {
                panic!("its force is not on the map")
            };
            assert!(at.distance(*hex) <= 2, "§217: within 2 hexes of its force");
        }
    }
    assert!(placed_any);
    // A hex out of reach is refused with the rule, the state unchanged.
    let (v, _) = s
        .vedettes
        .iter()
        .enumerate()
        .find(|(_, v)| matches!(v.place, VedettePlace::Portrait(_)))
        .unwrap();
    let far = h.board.grid.parse("0151").unwrap();
    let mut t = s.clone();
    let err = h
        .apply(
            &mut t,
            &Action::PlaceVedette {
                vedette: v as u16,
                hex: far,
            },
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(err.rule, "§217");
    assert_eq!(t, s);
}

#[test]
fn r20_r21_the_other_side_sees_unknown_stacks_not_leaders_or_strengths() {
    let h = load("hov/pultusk-golymin");
    let s = h.initial_state();
    let o = h.observation(&s, FRENCH);
    // Every Coalition leader on the map is an unknown stack; no Coalition track is shown.
    let coalition_on_map = s
        .leaders
        .iter()
        .enumerate()
        .filter(|(i, l)| {
            h.manifest.leaders[*i].side == COALITION && matches!(l.place, LeaderPlace::Map(_))
        })
        .count();
    assert!(coalition_on_map > 0);
    assert_eq!(
        o.unknown.iter().filter(|u| u.side == COALITION).count(),
        coalition_on_map
    );
    for (i, u) in o.units.iter().enumerate() {
        if h.manifest.units[i].side == COALITION {
            assert_eq!((u.leader, u.sp), (None, 0));
        }
    }
    // Its own display is intact, and so are its legal actions.
    let nap = h.manifest.leader("F-napoleon").unwrap();
    assert_eq!(
        o.leaders[usize::from(nap)].place,
        s.leaders[usize::from(nap)].place
    );
    let (mut a, mut b) = (Vec::new(), Vec::new());
    h.legal_actions(&s, &mut a);
    h.legal_actions(&o, &mut b);
    assert_eq!(a, b);
}
