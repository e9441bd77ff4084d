//! Groups that split or mix in reactions and close combat: 10.6i the attackers on top of their
//! group, 10.8e a change in place splits a group, 17.2d the choice against a splitting group,
//! 17.3b a hex of moving and stationary units, 17.3d an illegal group after a Disorder.

use super::close::*;
use super::*;
use crate::fontenoy::checks::CheckKind;
use crate::fontenoy::close::CloseStep;
use crate::fontenoy::state::{Act, Moving, Step};
use crate::fontenoy::types::{Morale, MoraleCheck, Pts};

/// The French units `build` places (Division X, activated) and English cavalry; the position
/// at the start of the French Movement Segment.
fn moving_world(build: impl FnOnce(&mut World) -> (Vec<UnitId>, Vec<UnitId>)) -> (Fontenoy, State) {
    let mut w = World::new();
    let (fr, al) = build(&mut w);
    let saxe = w.commander("Saxe", FR, "S1010", 30, 5);
    w.cinc(saxe, 2, 5);
    let dc = w.commander("Dx", FR, "S1010", 8, 4);
    let cumb = w.commander("Cumberland", AL, "S2929", 2, 5);
    w.cinc(cumb, 1, 6);
    let ac = w.commander("Dz", AL, "S2929", 4, 4);
    w.division("X", FR, Some(dc), &fr);
    w.division("Z", AL, Some(ac), &al);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    apply(&r, &mut s, Action::EndSegment); // fire
    (r, s)
}

/// Two hexes from S1010 toward `d`.
fn two_ahead(d: u8) -> Hex {
    ahead(ahead(hex("S1010"), d), d)
}

/// A French Square at S1010 with unlimbered guns on top, and English cavalry two hexes off
/// toward 0 and 1, facing it. Returns (guns, square, cavalry toward 0, cavalry toward 1).
fn square_and_guns() -> (Fontenoy, State, [UnitId; 4]) {
    let mut ids = [0; 4];
    let (r, s) = moving_world(|w| {
        let gun = unit(w, "8 LB", FR, Kind::Artillery, 2, hex("S1010"), 1);
        let sq = unit(w, "1 FRA", FR, Kind::Infantry, 4, hex("S1010"), 1);
        w.unit_state[usize::from(sq)].formation = Formation::Square;
        w.unit_state[usize::from(gun)].order = 0;
        w.unit_state[usize::from(sq)].order = 1;
        let c0 = unit(w, "E CAV", AL, Kind::Cavalry, 4, two_ahead(0), 7);
        let c1 = unit(w, "F CAV", AL, Kind::Cavalry, 4, two_ahead(1), 9);
        ids = [gun, sq, c0, c1];
        (alloc::vec![gun, sq], alloc::vec![c0, c1])
    });
    (r, s, ids)
}

#[test]
fn r10_8e_guns_turning_in_their_square_split_the_group_at_once() {
    let (r, mut s, [gun, sq, c0, c1]) = square_and_guns();
    assert_eq!(r.split_options(&s, gun), None, "nothing has changed yet");
    apply(
        &r,
        &mut s,
        Action::Face {
            unit: gun,
            facing: 3,
        },
    );
    // The turn is a split (10.8e): the Cavalry Reaction window is open against the guns, and
    // each reactor may attack the original group or the split one (17.2d).
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::CavalryReaction { mover: gun }))
    );
    assert_eq!(r.split_options(&s, gun), Some(alloc::vec![true, false]));
    assert_eq!(r.reaction_movers(&s, gun), alloc::vec![gun]);
    assert_eq!(s.unit(sq).placed().unwrap().facing.index(), 1);
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::CavalryReact {
                unit: c0,
                split: Some(true)
            },
            Action::CavalryReact {
                unit: c0,
                split: Some(false)
            },
            Action::CavalryReact {
                unit: c1,
                split: Some(true)
            },
            Action::CavalryReact {
                unit: c1,
                split: Some(false)
            },
            Action::Pass,
        ]
    );
}

#[test]
fn r17_2d_the_reacting_player_must_choose_against_a_splitting_group() {
    let (r, mut s, [gun, _, c0, _]) = square_and_guns();
    apply(
        &r,
        &mut s,
        Action::Face {
            unit: gun,
            facing: 3,
        },
    );
    let e = refused(
        &r,
        &s,
        Action::CavalryReact {
            unit: c0,
            split: None,
        },
    );
    assert_eq!(e.rule, "17.2d");
}

#[test]
fn r17_2d_r17_3b_the_split_group_the_same_choice_for_every_reaction() {
    let (r, mut s, [gun, sq, c0, c1]) = square_and_guns();
    apply(
        &r,
        &mut s,
        Action::Face {
            unit: gun,
            facing: 3,
        },
    );
    let ev = apply(
        &r,
        &mut s,
        Action::CavalryReact {
            unit: c0,
            split: Some(false),
        },
    );
    assert!(ev.contains(&Event::SplitGroupChoice {
        unit: c0,
        mover: gun,
        original: false
    }));
    // 17.2d: the other reactor to this movement may only make the same choice.
    assert_eq!(r.split_options(&s, gun), Some(alloc::vec![false]));
    let mut out = Vec::new();
    r.cavalry_reaction_actions(&s, gun, &mut out);
    assert_eq!(
        out,
        alloc::vec![Action::CavalryReact {
            unit: c1,
            split: Some(false)
        }]
    );
    // MC(H) passed: the combat against the split group (17.3b).
    apply(&r, &mut s, d100(50));
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(c.defenders[0].units, alloc::vec![gun, sq]);
    assert_eq!(c.defenders[0].movers, alloc::vec![gun]);
    // The only mover is artillery with stationary infantry: the infantry checks (17.3b).
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, sq);
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::B));
        }
        other => panic!("{other:?}"),
    }
    // Only the moving guns' CR: guns defending give 0, the Square's +CR against cavalry is
    // not read (17.3b).
    let split = r.group_cr(&s, &c, false, &c.defenders[0]);
    let mut whole = c.defenders[0].clone();
    whole.movers.clear();
    let original = r.group_cr(&s, &c, false, &whole);
    assert_eq!(split, 0);
    assert!(
        original > split,
        "the Square's CR counts only in the original group: {original}"
    );
    // The stationary Square's SP count with the moving guns' (guns with infantry add none,
    // 13.11a).
    assert_eq!(
        r.group_sp(&s, &c.defenders[0].units, &c.attackers[0].units),
        4
    );
}

#[test]
fn r17_2d_a_the_original_group_fights_as_an_ordinary_combat() {
    let (r, mut s, [gun, sq, c0, _]) = square_and_guns();
    apply(
        &r,
        &mut s,
        Action::Face {
            unit: gun,
            facing: 3,
        },
    );
    apply(
        &r,
        &mut s,
        Action::CavalryReact {
            unit: c0,
            split: Some(true),
        },
    );
    assert_eq!(r.split_options(&s, gun), Some(alloc::vec![true]));
    apply(&r, &mut s, d100(50));
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(c.defenders[0].units, alloc::vec![gun, sq]);
    assert!(c.defenders[0].movers.is_empty());
    assert!(r.group_cr(&s, &c, false, &c.defenders[0]) > 0);
}

/// French battalion A (4 SP, Line facing vertex 1) at S1010, battalion B (3 SP, same
/// formation and facing) behind it, English cavalry two hexes ahead of A. B steps into A's
/// hex. Returns (A, B, cavalry).
fn passing() -> (Fontenoy, State, [UnitId; 3]) {
    let mut ids = [0; 3];
    let (r, mut s) = moving_world(|w| {
        let a = unit(w, "1 FRA", FR, Kind::Infantry, 4, hex("S1010"), 1);
        let b = unit(w, "2 FRA", FR, Kind::Infantry, 3, ahead(hex("S1010"), 3), 1);
        w.units[usize::from(a)].cr = 5;
        w.units[usize::from(b)].cr = 1;
        let c = unit(w, "E CAV", AL, Kind::Cavalry, 4, two_ahead(0), 7);
        ids = [a, b, c];
        (alloc::vec![a, b], alloc::vec![c])
    });
    let [_, b, _] = ids;
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: b,
            to: hex("S1010"),
            alone: false,
        },
    );
    (r, s, ids)
}

#[test]
fn r17_3b_movers_check_and_give_the_cr_only_stationary_units_fire() {
    let (r, mut s, [a, b, c0]) = passing();
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::CavalryReaction { mover: b }))
    );
    // Passing through is no split: no choice (17.2d), but the hex is mixed (17.3b).
    assert_eq!(r.split_options(&s, b), None);
    apply(
        &r,
        &mut s,
        Action::CavalryReact {
            unit: c0,
            split: None,
        },
    );
    apply(&r, &mut s, d100(50));
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(c.defenders[0].units, alloc::vec![b, a]);
    assert_eq!(c.defenders[0].movers, alloc::vec![b]);
    // The top moving unit takes MC(B).
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, b);
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::B));
        }
        other => panic!("{other:?}"),
    }
    // B's CR, not A's: the same as B alone.
    let mixed = r.group_cr(&s, &c, false, &c.defenders[0]);
    let mut alone = c.defenders[0].clone();
    alone.units = alloc::vec![b];
    alone.movers.clear();
    assert_eq!(mixed, r.group_cr(&s, &c, false, &alone));
    let mut ordinary = c.defenders[0].clone();
    ordinary.units = alloc::vec![a, b];
    ordinary.movers.clear();
    assert_eq!(r.group_cr(&s, &c, false, &ordinary) - mixed, 4);
    // All 7 SP count.
    assert_eq!(
        r.group_sp(&s, &c.defenders[0].units, &c.attackers[0].units),
        7
    );
    // B passes: only A fires (17.3b).
    let ev = apply(&r, &mut s, d100(50));
    let fired: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::DefensiveFireDue { .. }))
        .collect();
    assert_eq!(
        fired,
        alloc::vec![&Event::DefensiveFireDue {
            defenders: alloc::vec![a],
            attackers: alloc::vec![c0],
        }]
    );
}

#[test]
fn r17_3d_a_disordered_mover_left_in_an_illegal_group_routs_the_others_take_mc_f() {
    let (r, mut s, [a, b, c0]) = passing();
    // B stands in A's hex turned away (a group they may not form) when the reaction's combat
    // Disorders it.
    if let crate::fontenoy::state::Place::Map(p) = &mut s.unit_mut(b).place {
        p.facing = crate::hex::Facing::new(3).unwrap();
    }
    s.unit_mut(b).disordered = true;
    s.steps.clear();
    let c = crate::fontenoy::close::Combat {
        attackers: alloc::vec![group_of(&s, c0)],
        defenders: alloc::vec![group_of(&s, b)],
        round: 1,
        reaction: true,
        mover: Some(b),
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: crate::fontenoy::close::Outcome::Defender,
        advanced: Vec::new(),
    };
    let mut ev = Vec::new();
    r.reaction_over(&mut s, &c, &mut ev);
    assert_eq!(s.unit(b).morale, Morale::Routed);
    assert!(
        s.steps.iter().any(|st| matches!(st, Step::Check(q)
            if q.unit == a && q.kind == CheckKind::Morale(MoraleCheck::F))),
        "{:?}",
        s.steps
    );
    assert_eq!(s.unit(a).morale, Morale::Good);
}

#[test]
fn r17_3d_a_disordered_mover_in_a_legal_group_only_stops() {
    let (r, mut s, [a, b, c0]) = passing();
    s.unit_mut(b).disordered = true;
    s.steps.clear();
    let c = crate::fontenoy::close::Combat {
        attackers: alloc::vec![group_of(&s, c0)],
        defenders: alloc::vec![group_of(&s, b)],
        round: 1,
        reaction: true,
        mover: Some(b),
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: crate::fontenoy::close::Outcome::Defender,
        advanced: Vec::new(),
    };
    let mut ev = Vec::new();
    r.reaction_over(&mut s, &c, &mut ev);
    assert_eq!(s.unit(b).morale, Morale::Good);
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, Step::Check(q) if q.unit == a))
    );
    let m = s
        .activation
        .as_ref()
        .unwrap()
        .moving
        .iter()
        .find(|m| m.unit == b)
        .copied()
        .unwrap();
    assert!(m.done);
    let _: Moving = m;
    let _ = Pts::ZERO;
}

#[test]
fn r10_6i_guns_and_unactivated_units_go_below_the_attackers() {
    let mut ids = [0; 4];
    let (r, mut s) = cc(
        |w| {
            let gun = unit(w, "8 LB", FR, Kind::Artillery, 2, hex("S1010"), 1);
            let other = unit(w, "3 FRA", FR, Kind::Infantry, 3, hex("S1010"), 1);
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 4, hex("S1010"), 1);
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            for (i, u) in [gun, other, f].into_iter().enumerate() {
                w.unit_state[usize::from(u)].order = i as u8;
            }
            ids = [gun, other, f, e];
            (alloc::vec![gun, f, other], alloc::vec![e])
        },
        |_| {},
    );
    let [gun, other, f, e] = ids;
    // The third battalion is not activated (another Division's, say).
    s.unit_mut(other).act = Act::Unactivated;
    let target = at(&s, e);
    let ev = apply(&r, &mut s, Action::Attack { unit: f, target });
    assert_eq!(r.stack_of(&s, f), alloc::vec![f, gun, other]);
    let moved: Vec<UnitId> = ev
        .iter()
        .filter_map(|x| match x {
            Event::Reordered {
                unit,
                top: false,
                rule,
            } if rule == "10.6i" => Some(*unit),
            _ => None,
        })
        .collect();
    assert_eq!(moved, alloc::vec![gun, other]);
}

/// French battalions A (4 SP) and B (3 SP) grouped in Line facing vertex 1 at S1010, English
/// cavalry two hexes ahead facing them. B steps out alone, one hex toward the cavalry, leaving
/// A behind. Returns (A, B, cavalry).
fn stepping_out() -> (Fontenoy, State, [UnitId; 3]) {
    let mut ids = [0; 3];
    let (r, mut s) = moving_world(|w| {
        let a = unit(w, "1 FRA", FR, Kind::Infantry, 4, hex("S1010"), 1);
        let b = unit(w, "2 FRA", FR, Kind::Infantry, 3, hex("S1010"), 1);
        w.unit_state[usize::from(b)].order = 0;
        w.unit_state[usize::from(a)].order = 1;
        let c = unit(w, "E CAV", AL, Kind::Cavalry, 4, two_ahead(0), 7);
        ids = [a, b, c];
        (alloc::vec![a, b], alloc::vec![c])
    });
    let [_, b, _] = ids;
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: b,
            to: ahead(hex("S1010"), 0),
            alone: true,
        },
    );
    (r, s, ids)
}

#[test]
fn r17_2d_a_unit_stepping_out_of_its_group_offers_the_original_or_the_split_group() {
    let (r, mut s, [a, b, c0]) = stepping_out();
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::CavalryReaction { mover: b }))
    );
    assert_eq!(r.left_behind(&s, b), alloc::vec![a]);
    assert_eq!(r.split_options(&s, b), Some(alloc::vec![true, false]));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::CavalryReact {
                unit: c0,
                split: Some(true)
            },
            Action::CavalryReact {
                unit: c0,
                split: Some(false)
            },
            Action::Pass,
        ]
    );
    // (b) the split group: B alone, where it stepped to.
    let mut split = s.clone();
    apply(
        &r,
        &mut split,
        Action::CavalryReact {
            unit: c0,
            split: Some(false),
        },
    );
    apply(&r, &mut split, d100(50));
    let c = r.close_segment(&split).unwrap().current.clone().unwrap();
    assert_eq!(c.defenders[0].units, alloc::vec![b]);
    assert_eq!(
        r.group_sp(&split, &c.defenders[0].units, &c.attackers[0].units),
        3
    );
    // (a) the original group: B and the A it left, as one group (17.3a): all 7 SP, B's
    // check as the top unit.
    let ev = apply(
        &r,
        &mut s,
        Action::CavalryReact {
            unit: c0,
            split: Some(true),
        },
    );
    assert!(ev.contains(&Event::SplitGroupChoice {
        unit: c0,
        mover: b,
        original: true
    }));
    apply(&r, &mut s, d100(50));
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(c.defenders[0].units, alloc::vec![b, a]);
    assert_eq!(c.defenders[0].joined, alloc::vec![a]);
    assert!(c.defenders[0].movers.is_empty());
    assert_eq!(
        r.original_group_sp(&s, &c.defenders[0], &c.attackers[0].units),
        7
    );
    assert_eq!(r.combat_figures(&s, &c)[1].sp, 7);
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, b);
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::B));
        }
        other => panic!("{other:?}"),
    }
}
