//! 16.2b Free Movement after a pursuit (with 11.1e, 11.10b, F-2.8a and 17.3e) and the
//! reordering of 10.6g at Pursuit Completion (16.2c).

use super::close::*;
use super::combat_rows::{fight_to, may_step, mover_done, reaction_world, step_and_react};
use super::*;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::checks::CheckKind;
use crate::fontenoy::close::{CloseStep, HexLabel};
use crate::fontenoy::state::Step;
use crate::fontenoy::tables::Mp;
use crate::fontenoy::types::{DisorderCheck, Morale, Pts};

/// French cavalry of `n` regiments (4 SP each) at S1010 facing vertex 1 (Frontal directions
/// 0 and 1) that advanced there, a routed 2-SP English battalion 4 hexes ahead (direction 0),
/// and what `more` adds around h2, the hex where the pursuit destroys it; the PP die waits.
fn free_setup(
    n: usize,
    more: impl FnOnce(&mut World, Hex) -> (Vec<UnitId>, Vec<UnitId>),
    tables: impl FnOnce(&mut crate::fontenoy::tables::Tables),
) -> (Fontenoy, State, Vec<UnitId>, UnitId) {
    let mut ids = (Vec::new(), 0);
    let (r, mut s) = cc(
        |w| {
            let names = ["1 CAV", "2 CAV", "3 CAV"];
            let cav: Vec<UnitId> = (0..n)
                .map(|i| unit(w, names[i], FR, Kind::Cavalry, 4, hex("S1010"), 1))
                .collect();
            let mut h = hex("S1010");
            for _ in 0..4 {
                h = ahead(h, 0);
            }
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 2, h, 7);
            let h2 = ahead(ahead(hex("S1010"), 0), 0);
            let (mut fr, mut al) = more(w, h2);
            let mut mine = cav.clone();
            mine.append(&mut fr);
            al.insert(0, e);
            ids = (cav, e);
            (mine, al)
        },
        tables,
    );
    let (cav, e) = ids;
    for (i, &c) in cav.iter().enumerate() {
        s.unit_mut(c).order = i as u8;
    }
    s.unit_mut(e).morale = Morale::Routed;
    let cs = s.activation.as_mut().unwrap().close.as_mut().unwrap();
    cs.pursuits
        .push((cav.clone(), alloc::vec![e], HexLabel(hex("S1010"))));
    let mut ev = Vec::new();
    r.next_pursuit(&mut s, &mut ev);
    (r, s, cav, e)
}

fn h2() -> Hex {
    ahead(ahead(hex("S1010"), 0), 0)
}

fn pp(r: &Fontenoy, s: &State) -> u8 {
    r.close_segment(s).unwrap().pursuit.as_ref().unwrap().pp
}

fn free_step(side: Side) -> Option<Step> {
    Some(Step::Close(CloseStep::FreeMove { side }))
}

/// The Recall DC(F) (16.3c) passed.
fn pass_recall(r: &Fontenoy, s: &mut State) {
    match top(s) {
        Some(Step::Check(req)) => assert_eq!(req.kind, CheckKind::Disorder(DisorderCheck::F)),
        other => panic!("{other:?}"),
    }
    apply(r, s, d100(50));
}

fn steps_in(acts: &[Action]) -> Vec<Hex> {
    acts.iter()
        .filter_map(|a| match a {
            Action::Step { to, .. } => Some(*to),
            _ => None,
        })
        .collect()
}

fn turns_in(acts: &[Action]) -> usize {
    acts.iter()
        .filter(|a| matches!(a, Action::Face { .. }))
        .count()
}

#[test]
fn r16_2b_r16_2c_example_the_pp_left_after_destroying_the_enemy_turn_and_move_the_cavalry() {
    // The rulebook's example: Disordered cavalry rolls 7 (+1 for its Division Commander,
    // F-2.7), 4 PP; 2 path hexes destroy the 2-SP routers; it passes its recall check and
    // spends the 2 PP left turning and moving a hex.
    let (r, mut s, cav, e) = free_setup(1, |_, _| (Vec::new(), Vec::new()), |_| {});
    let c = cav[0];
    s.unit_mut(c).disordered = true;
    apply(&r, &mut s, d10(7));
    assert_eq!(pp(&r, &s), 4);
    apply(&r, &mut s, Action::Pursue { unit: c });
    apply(&r, &mut s, Action::Pursue { unit: c });
    assert!(!s.unit(e).on_map());
    assert_eq!(at(&s, c), h2());
    pass_recall(&r, &mut s);
    assert_eq!(top(&s), free_step(FR));
    let acts = legal(&r, &s);
    // Its two Frontal hexes, the five other vertex facings, or stop.
    assert_eq!(steps_in(&acts), alloc::vec![ahead(h2(), 0), ahead(h2(), 1)]);
    assert_eq!(turns_in(&acts), 5);
    assert!(acts.contains(&Action::EndMove { unit: c }));
    // A facing its formation does not take (a hexside) is refused, naming the rule.
    let e = refused(&r, &s, Action::Face { unit: c, facing: 2 });
    assert_eq!(e.rule, "16.2b");
    let ev = apply(&r, &mut s, Action::Face { unit: c, facing: 3 });
    assert!(ev.contains(&Event::FreeTurned {
        unit: c,
        facing: 3,
        pp: 1
    }));
    assert_eq!(s.unit(c).placed().unwrap().facing.index(), 3);
    // Facing vertex 3 its Frontal hexes lie toward directions 1 and 2.
    let to = ahead(h2(), 2);
    assert_eq!(
        steps_in(&legal(&r, &s)),
        alloc::vec![ahead(h2(), 1), ahead(h2(), 2)]
    );
    let ev = apply(
        &r,
        &mut s,
        Action::Step {
            unit: c,
            to,
            alone: false,
        },
    );
    assert!(ev.contains(&Event::FreeMoved { unit: c, to, pp: 0 }));
    assert!(
        ev.iter().any(
            |x| matches!(x, Event::PursuitEnds { why, .. } if why.contains("no Pursuit Points"))
        )
    );
    assert_eq!(at(&s, c), to);
    assert!(s.unit(c).disordered, "it ends its pursuit Disordered");
    // Its commanders went with it.
    let dx = r.unit_index("dx").unwrap();
    assert_eq!(at(&s, dx), to);
    assert!(r.close_segment(&s).is_none_or(|x| x.pursuit.is_none()));
}

#[test]
fn r16_2b_no_free_movement_when_the_pp_run_out_or_after_a_recall_before_any_pp() {
    // 3 (+1) halved: 2 PP, both spent on the path: condition 1, no Free Movement.
    let (r, mut s, cav, _) = free_setup(1, |_, _| (Vec::new(), Vec::new()), |_| {});
    let c = cav[0];
    s.unit_mut(c).disordered = true;
    apply(&r, &mut s, d10(3));
    assert_eq!(pp(&r, &s), 2);
    apply(&r, &mut s, Action::Pursue { unit: c });
    apply(&r, &mut s, Action::Pursue { unit: c });
    pass_recall(&r, &mut s);
    assert_ne!(top(&s), free_step(FR));
    assert!(r.close_segment(&s).is_none_or(|x| x.pursuit.is_none()));
    // Recalled before spending a PP: no Free Movement, whatever is left.
    let (r, mut s, cav, _) = free_setup(1, |_, _| (Vec::new(), Vec::new()), |_| {});
    let c = cav[0];
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Recall { unit: c });
    apply(&r, &mut s, d100(50));
    assert_ne!(top(&s), free_step(FR));
    assert_eq!(at(&s, c), hex("S1010"));
    // Recalled after one path hex: Free Movement with the 5 PP left.
    let (r, mut s, cav, _) = free_setup(1, |_, _| (Vec::new(), Vec::new()), |_| {});
    let c = cav[0];
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Pursue { unit: c });
    apply(&r, &mut s, Action::Recall { unit: c });
    apply(&r, &mut s, d100(50));
    assert_eq!(top(&s), free_step(FR));
    assert_eq!(pp(&r, &s), 5);
    // At most two facing changes, 1 PP each.
    apply(&r, &mut s, Action::Face { unit: c, facing: 3 });
    apply(&r, &mut s, Action::Face { unit: c, facing: 1 });
    assert_eq!(pp(&r, &s), 3);
    let acts = legal(&r, &s);
    assert_eq!(turns_in(&acts), 0);
    assert_eq!(
        refused(&r, &s, Action::Face { unit: c, facing: 5 }).rule,
        "16.2b"
    );
    // It may stop with PP left (16.2b: it need not spend them).
    let ev = apply(&r, &mut s, Action::EndMove { unit: c });
    assert!(
        ev.iter().any(
            |x| matches!(x, Event::PursuitEnds { why, .. } if why.contains("declared complete"))
        )
    );
    assert!(r.close_segment(&s).is_none_or(|x| x.pursuit.is_none()));
}

#[test]
fn r16_2b_f2_8a_r11_10b_free_movement_pays_scm_costs_and_keeps_out_of_friends_and_forbidden_hexes()
{
    // Ahead of h2: a village (SCM 2 here) toward direction 0, French infantry toward 1.
    let tweak = |t: &mut crate::fontenoy::tables::Tables| {
        t.terrain[Terrain::Village as usize].scm = Mp::Pts(Pts::whole(2));
    };
    let (r, mut s, cav, _) = free_setup(
        1,
        |w, h2| {
            w.board.set_terrain(ahead(h2, 0), Terrain::Village);
            let f = unit(w, "INF", FR, Kind::Infantry, 4, ahead(h2, 1), 1);
            (alloc::vec![f], Vec::new())
        },
        tweak,
    );
    let c = cav[0];
    // 3 + 1 = 4 PP: 2 on the path, 2 left: the village is open, the friendly hex is not.
    apply(&r, &mut s, d10(3));
    apply(&r, &mut s, Action::Pursue { unit: c });
    apply(&r, &mut s, Action::Pursue { unit: c });
    pass_recall(&r, &mut s);
    assert_eq!(top(&s), free_step(FR));
    assert_eq!(steps_in(&legal(&r, &s)), alloc::vec![ahead(h2(), 0)]);
    let bad = Action::Step {
        unit: c,
        to: ahead(h2(), 1),
        alone: false,
    };
    assert_eq!(refused(&r, &s, bad).rule, "16.2b");
    // 2 + 1 = 3 PP: 1 left, and the village's 2 is too dear.
    let (r, mut s, cav, _) = free_setup(
        1,
        |w, h2| {
            w.board.set_terrain(ahead(h2, 0), Terrain::Village);
            let f = unit(w, "INF", FR, Kind::Infantry, 4, ahead(h2, 1), 1);
            (alloc::vec![f], Vec::new())
        },
        tweak,
    );
    let c = cav[0];
    apply(&r, &mut s, d10(2));
    apply(&r, &mut s, Action::Pursue { unit: c });
    apply(&r, &mut s, Action::Pursue { unit: c });
    pass_recall(&r, &mut s);
    assert_eq!(pp(&r, &s), 1);
    assert!(steps_in(&legal(&r, &s)).is_empty());
    // Forbidden terrain (SCM prohibited) is never entered.
    let (r, mut s, cav, _) = free_setup(
        1,
        |w, h2| {
            w.board.set_terrain(ahead(h2, 0), Terrain::Village);
            (Vec::new(), Vec::new())
        },
        |t| t.terrain[Terrain::Village as usize].scm = Mp::Prohibited,
    );
    let c = cav[0];
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Pursue { unit: c });
    apply(&r, &mut s, Action::Pursue { unit: c });
    pass_recall(&r, &mut s);
    assert_eq!(steps_in(&legal(&r, &s)), alloc::vec![ahead(h2(), 1)]);
}

#[test]
fn r16_2b_an_enemy_in_a_frontal_hex_even_routed_keeps_the_cavalry_from_leaving_until_it_turns() {
    let (r, mut s, cav, _) = free_setup(
        1,
        |w, h2| {
            let x = unit(w, "2 ENG", AL, Kind::Infantry, 2, ahead(h2, 1), 7);
            w.unit_state[usize::from(x)].morale = Morale::Routed;
            w.unit_state[usize::from(x)].formation = Formation::Rout;
            (Vec::new(), alloc::vec![x])
        },
        |_| {},
    );
    let c = cav[0];
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Pursue { unit: c });
    apply(&r, &mut s, Action::Pursue { unit: c });
    pass_recall(&r, &mut s);
    assert_eq!(top(&s), free_step(FR));
    assert!(steps_in(&legal(&r, &s)).is_empty());
    // Turned to vertex 11 (Frontal directions 5 and 0) it may go on.
    apply(
        &r,
        &mut s,
        Action::Face {
            unit: c,
            facing: 11,
        },
    );
    assert_eq!(
        steps_in(&legal(&r, &s)),
        alloc::vec![ahead(h2(), 0), ahead(h2(), 5)]
    );
}

#[test]
fn r10_6g_the_pursuing_group_may_be_reordered_at_pursuit_completion() {
    // Three 4-SP regiments; the tables hold 8 cavalry SP in a hex here, so one must leave
    // (16.2c): the player puts the third on top, then the first: the second goes.
    let tweak = |t: &mut crate::fontenoy::tables::Tables| {
        for f in t.terrain.iter_mut() {
            f.stack[2] = 8;
            f.stack[3] = 8;
        }
    };
    let (r, mut s, cav, _) = free_setup(3, |_, _| (Vec::new(), Vec::new()), tweak);
    let [a, b, c] = [cav[0], cav[1], cav[2]];
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Recall { unit: a });
    apply(&r, &mut s, d100(50));
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::PursuitOrder { side: FR }))
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::Reorder { unit: b, top: true },
            Action::Reorder { unit: c, top: true },
            Action::Pass
        ]
    );
    let ev = apply(&r, &mut s, Action::Reorder { unit: c, top: true });
    assert!(ev.contains(&Event::Reordered {
        unit: c,
        top: true,
        rule: "10.6g".into()
    }));
    // Each unit goes on top once: c no more, and it is on top now.
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::Reorder { unit: a, top: true },
            Action::Reorder { unit: b, top: true },
            Action::Pass
        ]
    );
    assert_eq!(
        refused(&r, &s, Action::Reorder { unit: c, top: true }).rule,
        "10.6g"
    );
    apply(&r, &mut s, Action::Reorder { unit: a, top: true });
    let ev = apply(&r, &mut s, Action::Pass);
    let left = ev.iter().find_map(|x| match x {
        Event::PursuitSplit { units, .. } => Some(units.clone()),
        _ => None,
    });
    assert_eq!(left, Some(alloc::vec![b]));
    assert_eq!(at(&s, a), hex("S1010"));
    assert_eq!(at(&s, c), hex("S1010"));
}

#[test]
fn r17_3e_r11_1e_active_cavalry_recalled_before_spending_a_pp_goes_on_moving() {
    let (r, mut s, f, y) = reaction_world(Kind::Cavalry, |_| (Vec::new(), Vec::new()));
    step_and_react(&r, &mut s, f, y);
    fight_to(&r, &mut s, "1R/1");
    let h2 = ahead(ahead(hex("S1010"), 0), 0);
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: h2,
            alone: false,
        },
    );
    let spent = |s: &State| r.moving(s, f).unwrap().spent;
    let before = spent(&s);
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Recall { unit: f });
    apply(&r, &mut s, d100(50));
    // 11.1e: the advance and the pursuit spent no MP; 17.3e: it moves on.
    assert_eq!(spent(&s), before);
    assert!(!mover_done(&s, f));
    assert!(may_step(&r, &s, f));
}

#[test]
fn r17_3e_active_cavalry_that_pursues_loses_its_remaining_mp() {
    let (r, mut s, f, y) = reaction_world(Kind::Cavalry, |_| (Vec::new(), Vec::new()));
    step_and_react(&r, &mut s, f, y);
    fight_to(&r, &mut s, "1R/1");
    let h2 = ahead(ahead(hex("S1010"), 0), 0);
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: h2,
            alone: false,
        },
    );
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Pursue { unit: f });
    for _ in 0..40 {
        match top(&s) {
            Some(Step::Close(CloseStep::Pursue { .. })) => {
                apply(&r, &mut s, Action::Pursue { unit: f });
            }
            Some(Step::Close(CloseStep::FreeMove { .. })) => {
                apply(&r, &mut s, Action::EndMove { unit: f });
            }
            Some(Step::Check(_)) => {
                apply(&r, &mut s, d100(50));
            }
            _ => break,
        }
    }
    assert!(r.close_segment(&s).is_none_or(|x| x.pursuit.is_none()));
    assert!(mover_done(&s, f));
    assert!(!may_step(&r, &s, f));
}

#[test]
fn f8_4b_out_of_control_moves_freely_before_its_recall_check_and_away_from_the_fight() {
    let (r, mut s, cav, _) = free_setup(1, |_, _| (Vec::new(), Vec::new()), |_| {});
    let c = cav[0];
    apply(&r, &mut s, d10(0));
    apply(&r, &mut s, d10(6)); // French 5-7: Out of Control
    apply(&r, &mut s, d10(2)); // 2 + 1 + 5 = 8 PP
    apply(&r, &mut s, Action::Pursue { unit: c });
    apply(&r, &mut s, Action::Pursue { unit: c });
    // No recall check yet: Free Movement first.
    assert_eq!(top(&s), free_step(FR));
    // Turned to face back (vertex 7, Frontal directions 3 and 4) it may not move back
    // toward the hex the pursuit began in.
    apply(&r, &mut s, Action::Face { unit: c, facing: 7 });
    assert!(steps_in(&legal(&r, &s)).is_empty());
    apply(&r, &mut s, Action::EndMove { unit: c });
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.kind, CheckKind::Disorder(DisorderCheck::F)),
        other => panic!("{other:?}"),
    }
}
