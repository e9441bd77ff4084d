//! II. Movement: Initiative (¶101–¶107, ¶126–¶127).

use crate::hov::movement::initiative::{Allowance, allowance, cavalry_advantage, exit_modifier};
use crate::hov::types::Mp;

#[test]
fn r104_x29_an_initiative_three_leader_rolls_one_to_six() {
    // ¶104: Initiative 3, infantry allowance 4: 1–2 move 4 MP, 3 moves 3, 4–5 one MP, 6 none.
    let ma = Mp::whole(4);
    let got: alloc::vec::Vec<Mp> = (1..=6).map(|r| allowance(r, 3).of(ma)).collect();
    assert_eq!(
        got,
        [4, 4, 3, 1, 1, 0].map(Mp::whole).to_vec(),
        "rolls 1–6 against Initiative 3"
    );
}

#[test]
fn r104_x30_an_initiative_one_leader_moves_in_full_on_a_one() {
    // ¶104's exception: Initiative 1 and a roll of 1 is the full allowance, not one less.
    assert_eq!(allowance(1, 1), Allowance::Full);
    assert_eq!(allowance(2, 1), Allowance::OneMp);
    assert_eq!(allowance(4, 1), Allowance::None);
    // Without the exception a roll equal to the Initiative is one MP less.
    assert_eq!(allowance(2, 2), Allowance::LessOne);
}

#[test]
fn r106_x31_resistance_makes_a_one_equal_to_initiative_two() {
    // ¶106: active 2 against passive 3 gives +1 (the matrix cell the text quotes); a roll of
    // 1 becomes 2, equal to his Initiative: at most 3 MP of an infantry allowance of 4, the ½
    // MP for leaving the ZOC included.
    let m = exit_modifier(1, 0, true);
    let a = allowance(1 + i16::from(m), 2);
    assert_eq!(a, Allowance::LessOne);
    assert_eq!(a.of(Mp::whole(4)), Mp::whole(3));
}

#[test]
fn r127_x33_cavalry_differential_adds_to_the_resistance_modifier() {
    // ¶127: pursuer 4 against 2 is a Resistance Modifier of 0; with 1 cavalry SP against 2
    // the retreating side has the 2:1 advantage and the modifier becomes +1.
    assert_eq!(cavalry_advantage(1, 2), -1);
    assert_eq!(exit_modifier(0, cavalry_advantage(1, 2), false), 1);
    // One SP is enough against none; 3 against 2 is no advantage.
    assert_eq!(cavalry_advantage(1, 0), 1);
    assert_eq!(cavalry_advantage(3, 2), 0);
    assert_eq!(cavalry_advantage(0, 0), 0);
}

#[test]
fn r127_leaving_a_zoc_is_never_easier_than_away_from_the_enemy() {
    // ¶127: a cavalry advantage cannot turn a Resistance Modifier of 0 into −1 when exiting.
    assert_eq!(exit_modifier(0, 1, true), 0);
    assert_eq!(exit_modifier(1, 1, true), 0);
    assert_eq!(exit_modifier(2, 1, true), 1);
}

/// Movement as played: reinforcements' first hex (¶92–¶93), the Unemployed Leader's status
/// (¶30 1), who may move when (¶88 1).
mod played {
    use alloc::vec::Vec;

    use crate::engine::Rules;
    use crate::hex::Direction;
    use crate::hov::action::Action;
    use crate::hov::board::Road;
    use crate::hov::state::{Activation, LeaderPlace, MarchStage, Phase, Supply};
    use crate::hov::types::{Army, COALITION, FRENCH, Mp};

    use super::super::march::{advance, clear_map_but, foot_force, legal};
    use super::super::organization::{hex, leader, load};

    #[test]
    fn r93_1_r93_2_an_entering_force_pays_its_first_hex_and_a_second_force_more() {
        let mut h = load("hov/eylau");
        let (a, b) = (leader(&h, "R-gallitzin"), leader(&h, "R-MG-cav-1"));
        let (primary, secondary) = (hex(&h, "3909"), hex(&h, "3915"));
        // Reading N78: a road reaching a hex on the map's printed edge leads off the map.
        assert_eq!(h.road_off_map(primary), Road::Primary);
        assert_eq!(h.road_off_map(secondary), Road::Secondary);
        assert_eq!(
            h.road_off_map(hex(&h, "3808")),
            Road::None,
            "not an edge hex"
        );
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::Reinforcements, COALITION);
        let turn = s.turn;
        for at in [primary, secondary] {
            for r in &mut h.params.reinforcements {
                if r.leader == a || r.leader == b {
                    r.hex = at;
                    r.turn = turn;
                }
            }
            let road = if at == primary { Mp::HALF } else { Mp::ONE };
            let more = if at == primary { Mp::ONE } else { Mp::whole(2) };
            let mut t = s.clone();
            // ¶93 1: the first hex at the road's rate.
            assert_eq!(h.entry_cost(&t, a, at), road);
            let mut ev = Vec::new();
            h.apply(&mut t, &Action::Enter { leader: a, hex: at }, &mut ev)
                .unwrap();
            // ¶93 2: the second force at the same hex has spent 1 MP (primary) or 2 MP more.
            assert_eq!(h.entry_cost(&t, b, at), road.plus(more));
            h.apply(&mut t, &Action::Enter { leader: b, hex: at }, &mut ev)
                .unwrap();
            assert!(t.entered.contains(&(b, road.plus(more))));
            // The march that follows starts with the entry's MP spent.
            h.apply(&mut t, &Action::Done, &mut ev).unwrap();
            assert_eq!(t.phase, Phase::MovementCommands);
            h.apply(
                &mut t,
                &Action::Command {
                    leader: b,
                    parts: Vec::new(),
                },
                &mut ev,
            )
            .unwrap();
            assert_eq!(t.march.as_ref().unwrap().spent_cav, road.plus(more));
        }
        // Reading N78: delayed, at the listed hex, the road rate still; ¶96: next to it, the
        // full terrain.
        s.turn = turn + 1;
        assert_eq!(h.entry_cost(&s, a, secondary), Mp::ONE);
        let near = Direction::ALL
            .into_iter()
            .map(|d| secondary.neighbor(d))
            .find(|&n| h.entry_hexes(&s, a).contains(&n))
            .expect("a hex next to the entry hex");
        assert_eq!(h.entry_cost(&s, a, near), h.board.hex(near).cost[1]);
    }

    #[test]
    fn r92_a_reinforcement_traces_its_attrition_line_to_the_nearest_supply_source() {
        let h = load("hov/eylau");
        let a = leader(&h, "R-gallitzin");
        let at = hex(&h, "3909");
        assert!(h.board.sources_of(Army::Russian).any(|x| x.hex == at));
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::Reinforcements, COALITION);
        s.turn = s.turn.max(23);
        let mut ev = Vec::new();
        h.apply(&mut s, &Action::Enter { leader: a, hex: at }, &mut ev)
            .unwrap();
        // The active source is being changed: no depot is active and no force has a Dispatch
        // Distance to one.
        s.supply[Army::Russian.index()] = Supply::Changing(s.turn);
        s.supply[Army::Prussian.index()] = Supply::Changing(s.turn);
        assert!(!h.in_dispatch(&s, Army::Russian, at));
        // ¶92: the reinforcement traces it to a printed Russian source within 12 MP.
        assert!(h.march_dispatch(&s, a, at));
        let m = h.new_march(&s, a, Activation::Initiative, MarchStage::Initiative);
        assert!(!m.no_loc);
        // A force that did not enter this phase does not.
        let mut t = s.clone();
        t.entered.clear();
        assert!(!h.march_dispatch(&t, a, at));
        assert!(
            h.new_march(&t, a, Activation::Initiative, MarchStage::Initiative)
                .no_loc
        );
    }

    #[test]
    fn r30_1_an_unemployed_leader_is_judged_as_the_movement_phase_begins() {
        let h = load("hov/pultusk-golymin");
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
        let f = foot_force(&h, &s, FRENCH);
        clear_map_but(&mut s, &[f]);
        // He loses his units and subordinates after the phase has begun.
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
        let free = Action::MoveFree {
            leader: Some(f),
            vedette: None,
        };
        // ¶30 1: he was not Unemployed as the phase began: no free move this phase.
        assert!(!s.leaders[usize::from(f)].unemployed);
        assert!(!legal(&h, &s).contains(&free));
        let mut bad = s.clone();
        assert!(h.apply(&mut bad, &free, &mut Vec::new()).is_err());
        assert_eq!(bad, s, "state unchanged");
        // The next French Movement Phase judges him Unemployed.
        advance(&h, &mut s, Phase::Reinforcements, COALITION);
        advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
        assert!(s.leaders[usize::from(f)].unemployed);
        assert!(legal(&h, &s).contains(&free));
        // ¶30 4: the other side is not told before he moves.
        assert!(!h.observation(&s, COALITION).leaders[usize::from(f)].unemployed);
    }

    #[test]
    fn r88_1_a_force_moves_only_in_its_movement_phase_or_the_enemy_forced_march() {
        let h = load("hov/pultusk-golymin");
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::ForcedMarch, FRENCH);
        let f = foot_force(&h, &s, FRENCH);
        let c = foot_force(&h, &s, COALITION);
        let mut ev = Vec::new();
        // The phasing French do not move in their own Combat Phase...
        let mine = Action::Initiative {
            leader: f,
            parts: Vec::new(),
        };
        assert!(!legal(&h, &s).contains(&mine));
        let e = h.apply(&mut s.clone(), &mine, &mut ev).unwrap_err();
        assert!(e.rule.contains("¶88"), "{e:?}");
        // ...the Coalition force-marches in it.
        assert!(legal(&h, &s).contains(&Action::Initiative {
            leader: c,
            parts: Vec::new(),
        }));
        // No march in the Bridge Segment.
        let mut t = s.clone();
        t.phase = Phase::Bridge;
        let e = h
            .apply(
                &mut t.clone(),
                &Action::Command {
                    leader: f,
                    parts: Vec::new(),
                },
                &mut ev,
            )
            .unwrap_err();
        assert!(e.rule.contains("¶38"), "{e:?}");
        assert!(!legal(&h, &t).iter().any(|a| matches!(
            a,
            Action::Command { .. } | Action::Initiative { .. } | Action::Step { .. }
        )));
    }

    #[test]
    fn r86_r93_random_play_through_reinforcements_and_marches_from_each_scenario() {
        for (i, id) in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"]
            .into_iter()
            .enumerate()
        {
            let h = load(id);
            super::super::play::random_play(&h, h.initial_state(), 9300 + i as u64, 400);
        }
    }
}
