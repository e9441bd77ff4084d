//! 15.0 Advance After Combat, 16.0 Cavalry Pursuit and Recall (with F-2.7 and the Special
//! Pursuit Results of F-8.4), 17.0 Cavalry Reaction: on the positions of `tests/close.rs`.

use super::close::*;
use super::*;
use crate::fontenoy::checks::CheckKind;
use crate::fontenoy::close::{CcResult, CloseStep};
use crate::fontenoy::state::Step;
use crate::fontenoy::types::{DisorderCheck, Morale, MoraleCheck};

// --- 15, 16 advance and pursuit ------------------------------------------------------------

#[test]
fn r15_1a_the_attacker_must_advance_into_the_vacated_frontal_hex() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    // The defender is gone before the dice (as if it had routed away).
    s.unit_mut(a).place = crate::fontenoy::state::Place::Map(
        crate::fontenoy::geometry::Placed::at(hex("S2525"), crate::hex::Facing::new(7).unwrap()),
    );
    s.unit_mut(a).morale = Morale::Routed;
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    let mut ev = Vec::new();
    r.apply_close_result(&mut s, &c, CcResult::parse("-/-").unwrap(), &mut ev);
    r.run_resumes(&mut s, &mut ev);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Advance {
            unit: f,
            to: t,
            alone: false
        }]
    );
    let e = refused(&r, &s, Action::EndAdvance);
    assert_eq!(e.rule, "15.1c");
    let ev = apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: t,
            alone: false,
        },
    );
    assert!(ev.contains(&Event::Advanced { unit: f, to: t }));
    assert_eq!(s.unit(f).placed().unwrap().hex(), t);
}

/// Cavalry that has advanced into `from` with a routed 2-SP battalion 4 hexes down the line
/// (E57): the pursuit waits for its PP die.
pub(super) fn pursuit_setup(disordered: bool) -> (Fontenoy, State, UnitId, UnitId) {
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let c = unit(w, "CAV", FR, Kind::Cavalry, 4, hex("S1010"), 1);
            let mut h = hex("S1010");
            for _ in 0..4 {
                h = ahead(h, 0);
            }
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 2, h, 7);
            ids = (c, e);
            (alloc::vec![c], alloc::vec![e])
        },
        |_| {},
    );
    let (c, e) = ids;
    s.unit_mut(e).morale = Morale::Routed;
    s.unit_mut(c).disordered = disordered;
    let cs = s.activation.as_mut().unwrap().close.as_mut().unwrap();
    cs.pursuits.push((
        alloc::vec![c],
        alloc::vec![e],
        crate::fontenoy::close::HexLabel(hex("S1010")),
    ));
    let mut ev = Vec::new();
    r.next_pursuit(&mut s, &mut ev);
    (r, s, c, e)
}

#[test]
fn r16_2c_e57_disordered_cavalry_pursues_with_half_its_pp_and_destroys_the_routers() {
    let (r, mut s, c, e) = pursuit_setup(true);
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::PursuitDice {
            special: false,
            reroll: false
        }))
    );
    let ev = apply(&r, &mut s, d10(7));
    assert!(ev.contains(&Event::PursuitPoints {
        unit: c,
        roll: 7,
        pp: 4
    }));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Pursue { unit: c }, Action::Recall { unit: c }]
    );
    apply(&r, &mut s, Action::Pursue { unit: c });
    assert_eq!(s.unit(e).sp, 1);
    let ev = apply(&r, &mut s, Action::Pursue { unit: c });
    assert!(!s.unit(e).on_map(), "1 SP a path hex: destroyed");
    assert!(ev.iter().any(|x| matches!(x, Event::PursuitEnds { .. })));
    let p = r.close_segment(&s).unwrap().pursuit.clone().unwrap();
    assert_eq!(p.pp, 2);
    // The automatic recall check (16.3a).
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.kind, CheckKind::Disorder(DisorderCheck::F)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn f2_7_a_commander_adds_1_to_the_pp_before_halving() {
    // With its Division Commander: (6 + 1) / 2 = 3.5, rounded 4.
    let (r, mut s, c, _) = pursuit_setup(true);
    let ev = apply(&r, &mut s, d10(6));
    assert!(ev.contains(&Event::PursuitPoints {
        unit: c,
        roll: 6,
        pp: 4
    }));
    // Without: 6 / 2 = 3.
    let (r, mut s, c, _) = pursuit_setup(true);
    for name in ["saxe", "dx"] {
        let k = r.unit_index(name).unwrap();
        s.unit_mut(k).place =
            crate::fontenoy::state::Place::Map(crate::fontenoy::geometry::Placed::at(
                hex("S0101"),
                crate::hex::Facing::new(1).unwrap(),
            ));
    }
    let ev = apply(&r, &mut s, d10(6));
    assert!(ev.contains(&Event::PursuitPoints {
        unit: c,
        roll: 6,
        pp: 3
    }));
}

#[test]
fn r16_3_a_recall_that_passes_ends_the_pursuit() {
    let (r, mut s, c, _) = pursuit_setup(false);
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Recall { unit: c });
    let ev = checks(&r, &mut s);
    assert!(
        ev.iter()
            .any(|x| matches!(x, Event::PursuitEnds { why, .. } if why.contains("recalled")))
    );
    assert!(r.close_segment(&s).is_none_or(|c| c.pursuit.is_none()));
}

#[test]
fn f8_4a_blood_lust_takes_2_sp_a_hex() {
    let (r, mut s, c, e) = pursuit_setup(false);
    apply(&r, &mut s, d10(0));
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::PursuitDice {
            special: true,
            reroll: false
        }))
    );
    // French 8-9: Blood Lust (the provisional chart).
    let ev = apply(&r, &mut s, d10(9));
    assert!(ev.contains(&Event::SpecialPursuit {
        unit: c,
        roll: 9,
        result: "Blood Lust".into()
    }));
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Pursue { unit: c });
    assert!(!s.unit(e).on_map(), "2 SP off at the first path hex");
}

#[test]
fn f8_4d_no_pursuit_still_takes_the_recall_check() {
    let (r, mut s, _c, _) = pursuit_setup(false);
    apply(&r, &mut s, d10(0));
    apply(&r, &mut s, d10(0)); // French 0: No Pursuit
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.kind, CheckKind::Disorder(DisorderCheck::F)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn f8_4b_out_of_control_adds_5_and_allows_no_recall() {
    let (r, mut s, c, _) = pursuit_setup(false);
    apply(&r, &mut s, d10(0));
    apply(&r, &mut s, d10(6)); // French 5-7: Out of Control
    // 2, +1 for the Division Commander (F-2.7), +5.
    let ev = apply(&r, &mut s, d10(2));
    assert!(ev.contains(&Event::PursuitPoints {
        unit: c,
        roll: 2,
        pp: 8
    }));
    assert_eq!(legal(&r, &s), alloc::vec![Action::Pursue { unit: c }]);
}

#[test]
fn f8_4c_hesitation_halves_the_pp_or_quarters_them_when_disordered() {
    let (r, mut s, c, _) = pursuit_setup(true);
    apply(&r, &mut s, d10(0));
    apply(&r, &mut s, d10(3)); // French 2-4: Hesitation
    let ev = apply(&r, &mut s, d10(9));
    // (9 + 1) / 4 = 2.5, rounded 3.
    assert!(ev.contains(&Event::PursuitPoints {
        unit: c,
        roll: 9,
        pp: 3
    }));
}

// --- 17 Cavalry Reaction -------------------------------------------------------------------

/// French infantry moving at S1010 (facing vertex 1) and English cavalry that will be within
/// 2 hexes of it after one step; the position at the start of the French Movement Segment.
fn reaction_setup(cav_morale: Morale) -> (Fontenoy, State, UnitId, UnitId) {
    let mut w = World::new();
    let f = unit(&mut w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
    let h1 = ahead(hex("S1010"), 0);
    let cav = unit(
        &mut w,
        "E CAV",
        AL,
        Kind::Cavalry,
        4,
        ahead(ahead(h1, 0), 0),
        7,
    );
    w.unit_state[usize::from(cav)].morale = cav_morale;
    let saxe = w.commander("Saxe", FR, "S1010", 30, 5);
    w.cinc(saxe, 2, 5);
    let dc = w.commander("Dx", FR, "S1010", 8, 4);
    let cumb = w.commander("Cumberland", AL, "S2929", 2, 5);
    w.cinc(cumb, 1, 6);
    let ac = w.commander("Dz", AL, "S2929", 4, 4);
    w.division("X", FR, Some(dc), &[f]);
    w.division("Z", AL, Some(ac), &[cav]);
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
    (r, s, f, cav)
}

#[test]
fn r17_a_move_within_2_hexes_of_passive_cavalry_opens_a_cavalry_reaction() {
    let (r, mut s, f, cav) = reaction_setup(Morale::Good);
    let h1 = ahead(hex("S1010"), 0);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: f,
            to: h1,
            alone: false,
        },
    );
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::CavalryReaction { mover: f }))
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::CavalryReact {
                unit: cav,
                split: None,
            },
            Action::Pass
        ]
    );
    apply(
        &r,
        &mut s,
        Action::CavalryReact {
            unit: cav,
            split: None,
        },
    );
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::H)),
        other => panic!("{other:?}"),
    }
    apply(&r, &mut s, d100(50));
    // It moved a hex to meet the mover (17.2a) and attacks it: the mover's MC(B) first.
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert!(c.reaction);
    assert_eq!(c.attackers[0].units, alloc::vec![cav]);
    assert_eq!(c.attackers[0].charged, 1);
    assert_eq!(c.defenders[0].units, alloc::vec![f]);
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, f);
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::B));
        }
        other => panic!("{other:?}"),
    }
    // 17.1d: once per Movement Segment.
    assert!(r.close_segment(&s).unwrap().cavalry_reacted.contains(&cav));
}

#[test]
fn r17_1a_shaken_cavalry_makes_no_cavalry_reaction() {
    let (r, mut s, f, _) = reaction_setup(Morale::Shaken);
    let h1 = ahead(hex("S1010"), 0);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: f,
            to: h1,
            alone: false,
        },
    );
    assert_eq!(top(&s), None);
}

#[test]
fn r16_1b_shaken_cavalry_does_not_pursue() {
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let c = unit(w, "CAV", FR, Kind::Cavalry, 4, hex("S1010"), 1);
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 2, hex("S1515"), 7);
            ids = (c, e);
            (alloc::vec![c], alloc::vec![e])
        },
        |_| {},
    );
    let (c, e) = ids;
    s.unit_mut(e).morale = Morale::Routed;
    s.unit_mut(c).morale = Morale::Shaken;
    s.activation
        .as_mut()
        .unwrap()
        .close
        .as_mut()
        .unwrap()
        .pursuits
        .push((
            alloc::vec![c],
            alloc::vec![e],
            crate::fontenoy::close::HexLabel(hex("S1010")),
        ));
    let mut ev = Vec::new();
    r.next_pursuit(&mut s, &mut ev);
    assert!(ev.contains(&Event::NoPursuit {
        unit: c,
        why: "16.1b: the cavalry is Shaken".into()
    }));
}

#[test]
fn r16_2b_the_pursuit_follows_the_hexes_the_routers_retreated_through() {
    let (r, mut s, c, e) = pursuit_setup(false);
    // The routers' recorded retreat (20.2): two hexes off the straight line, then their hex.
    let here = at(&s, e);
    let bend = hex("S1012");
    let path = alloc::vec![bend, ahead(bend, 0), here];
    s.activation
        .as_mut()
        .unwrap()
        .close
        .as_mut()
        .unwrap()
        .rout_paths
        .push((
            e,
            path.iter()
                .map(|&h| crate::fontenoy::close::HexLabel(h))
                .collect(),
        ));
    assert_eq!(r.retreat_path(&s, e, hex("S1010")), path);
    // A unit with no recorded retreat, or one that moved on since, gets the straight chain.
    assert_eq!(r.retreat_path(&s, c, hex("S1010")), Vec::<Hex>::new());
    s.unit_mut(e).place = crate::fontenoy::state::Place::Map(
        crate::fontenoy::geometry::Placed::at(ahead(here, 0), crate::hex::Facing::new(7).unwrap()),
    );
    let straight = r.retreat_path(&s, e, hex("S1010"));
    assert_eq!(straight.len(), 5);
    assert_eq!(straight.last(), Some(&ahead(here, 0)));
}

#[test]
fn r16_2b_a_rout_in_close_combat_records_its_path() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    let dice = dice_for(&r, &s, "1D/2R", false);
    roll(&r, &mut s, dice);
    assert_eq!(s.unit(a).morale, Morale::Routed);
    let paths = &r.close_segment(&s).unwrap().rout_paths;
    let (_, p) = paths.iter().find(|(u, _)| *u == a).expect("a's path");
    assert!(!p.is_empty());
    assert_eq!(p.last().map(|h| h.0), Some(at(&s, a)), "its own hex last");
    assert!(p.iter().all(|h| h.0 != t), "the hex it left is not on it");
}

// --- 16.2c Pursuit Completion --------------------------------------------------------------

/// Three 7-SP French cavalry regiments in one hex after a pursuit (21 SP; the provisional TET
/// holds 18 cavalry SP in a Line hex of clear terrain), and an English battalion far off.
fn over_the_limit(block_rear: bool) -> (Fontenoy, State, [UnitId; 3]) {
    let mut ids = [0; 3];
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "1 CAV", FR, Kind::Cavalry, 7, hex("S1010"), 1);
            let b = unit(w, "2 CAV", FR, Kind::Cavalry, 7, hex("S1010"), 1);
            let c = unit(w, "3 CAV", FR, Kind::Cavalry, 7, hex("S1010"), 1);
            let mut mine = alloc::vec![a, b, c];
            if block_rear {
                // French infantry in both Rear hexes (directions 3 and 4 of a Line facing
                // vertex 1).
                for d in [3, 4] {
                    mine.push(unit(
                        w,
                        "INF",
                        FR,
                        Kind::Infantry,
                        4,
                        ahead(hex("S1010"), d),
                        1,
                    ));
                }
            }
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 4, hex("S2020"), 7);
            ids = [a, b, c];
            (mine, alloc::vec![e])
        },
        |_| {},
    );
    for (i, &u) in ids.iter().enumerate() {
        s.unit_mut(u).order = i as u8;
    }
    (r, s, ids)
}

#[test]
fn r16_2c_r10_8b_cavalry_over_the_limit_after_a_pursuit_splits_to_the_rear() {
    let (r, mut s, [a, b, c]) = over_the_limit(false);
    let at = hex("S1010");
    let mut ev = Vec::new();
    r.split_after_pursuit(&mut s, &[a, b, c], &mut ev);
    // The top two (14 SP) stay; the third goes to a Rear hex, same facing and formation.
    let to = match ev.as_slice() {
        [Event::PursuitSplit { units, to }] => {
            assert_eq!(units, &alloc::vec![c]);
            *to
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(s.unit(a).placed().unwrap().hex(), at);
    assert_eq!(s.unit(b).placed().unwrap().hex(), at);
    let q = *s.unit(c).placed().unwrap();
    assert_eq!(q.hex(), to);
    assert_eq!(q.facing, s.unit(a).placed().unwrap().facing);
    assert_eq!(s.unit(c).formation, s.unit(a).formation);
    assert!([ahead(at, 3), ahead(at, 4)].contains(&to), "{to:?}");
    // Under the limit: nothing happens.
    let mut ev = Vec::new();
    let before = s.clone();
    r.split_after_pursuit(&mut s, &[a, b], &mut ev);
    assert!(ev.is_empty());
    assert_eq!(s, before);
}

#[test]
fn r16_2c_with_the_rear_taken_the_split_goes_to_a_flank_hex() {
    let (r, mut s, [a, b, c]) = over_the_limit(true);
    let at = hex("S1010");
    let mut ev = Vec::new();
    r.split_after_pursuit(&mut s, &[a, b, c], &mut ev);
    let q = *s.unit(c).placed().unwrap();
    assert!([ahead(at, 2), ahead(at, 5)].contains(&q.hex()), "{ev:?}");
}

// --- 15.1d, 15.1e advancing in parts ---------------------------------------------------------

/// Two French battalions stacked at S1010 (facing vertex 1) beat two English ones in both
/// Frontal hexes (only the first when not `second`); `line` makes the French group a two-hex
/// Line. The Advance step waits.
fn two_hexes_vacated(line: bool, second: bool) -> (Fontenoy, State, [UnitId; 2], [Hex; 2]) {
    let d1h = ahead(hex("S1010"), 0);
    let d2h = ahead(hex("S1010"), 1);
    let mut ids = [0; 4];
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 4, hex("S1010"), 1);
            let g = unit(w, "2 FRA", FR, Kind::Infantry, 4, hex("S1010"), 1);
            let d1 = unit(w, "1 ENG", AL, Kind::Infantry, 4, d1h, 7);
            let d2 = unit(w, "2 ENG", AL, Kind::Infantry, 4, d2h, 9);
            ids = [f, g, d1, d2];
            (alloc::vec![f, g], alloc::vec![d1, d2])
        },
        |_| {},
    );
    let [f, g, d1, d2] = ids;
    if !second {
        s.unit_mut(d2).place = crate::fontenoy::state::Place::Waiting;
    }
    s.unit_mut(f).order = 0;
    s.unit_mut(g).order = 1;
    if line {
        let hexes = crate::fontenoy::geometry::line_hexes(
            hex("S1010"),
            crate::hex::Facing::new(1).unwrap(),
            2,
        )
        .unwrap();
        for u in [f, g] {
            if let crate::fontenoy::state::Place::Map(q) = &mut s.unit_mut(u).place {
                q.hexes = hexes;
            }
        }
    }
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: f,
            target: d1h,
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    while let Some(Step::Check(_)) = top(&s) {
        checks(&r, &mut s);
    }
    super::close::defensive_fire_all(&r, &mut s);
    for (k, d) in [d1, d2].into_iter().enumerate() {
        if !s.unit(d).on_map() {
            continue;
        }
        s.unit_mut(d).place =
            crate::fontenoy::state::Place::Map(crate::fontenoy::geometry::Placed::at(
                ahead(hex("S2525"), k as u8),
                crate::hex::Facing::new(7).unwrap(),
            ));
        s.unit_mut(d).morale = Morale::Routed;
    }
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    let mut ev = Vec::new();
    r.apply_close_result(&mut s, &c, CcResult::parse("-/-").unwrap(), &mut ev);
    r.run_resumes(&mut s, &mut ev);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    (r, s, [f, g], [d1h, d2h])
}

fn skip_turn(r: &Fontenoy, s: &mut State) {
    if let Some(Step::Close(CloseStep::AdvanceFacing { .. })) = top(s) {
        apply(r, s, Action::Pass);
    }
}

#[test]
fn r15_1d_a_one_hex_group_splits_to_fill_both_vacated_hexes() {
    let (r, mut s, [f, g], [d1h, d2h]) = two_hexes_vacated(false, true);
    let acts = legal(&r, &s);
    // Whole into either hex, or the unit that took the MC(B) alone (15.1c); not G first.
    for to in [d1h, d2h] {
        assert!(acts.contains(&Action::Advance {
            unit: f,
            to,
            alone: false
        }));
        assert!(acts.contains(&Action::Advance {
            unit: f,
            to,
            alone: true
        }));
    }
    let g_first = Action::Advance {
        unit: g,
        to: d2h,
        alone: true,
    };
    assert!(!acts.contains(&g_first));
    assert_eq!(refused(&r, &s, g_first.clone()).rule, "15.1a");
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: d1h,
            alone: true,
        },
    );
    skip_turn(&r, &mut s);
    assert_eq!(at(&s, f), d1h);
    assert_eq!(at(&s, g), hex("S1010"), "G stays until it advances");
    // G, what is left of the group, takes the other beaten group's hex (15.1c: it must).
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::Advance {
        unit: g,
        to: d2h,
        alone: false
    }));
    assert!(!acts.contains(&Action::EndAdvance));
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: g,
            to: d2h,
            alone: false,
        },
    );
    assert_eq!(at(&s, g), d2h);
    // Both entered as one-hex groups: no extending (15.1d).
    assert_eq!(s.unit(f).placed().unwrap().hexes.len(), 1);
    assert_eq!(s.unit(g).placed().unwrap().hexes.len(), 1);
}

#[test]
fn r15_1e_a_two_hex_line_advances_with_part_of_its_units() {
    let (r, mut s, [f, g], [d1h, _]) = two_hexes_vacated(true, false);
    let before = *s.unit(g).placed().unwrap();
    assert_eq!(before.hexes.len(), 2);
    assert!(legal(&r, &s).contains(&Action::Advance {
        unit: f,
        to: d1h,
        alone: true
    }));
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: d1h,
            alone: true,
        },
    );
    skip_turn(&r, &mut s);
    // F shrank free into the hex; G keeps the Line's two hexes, and with no hex left to
    // enter the advance is over.
    assert_eq!(s.unit(f).placed().unwrap().hexes.len(), 1);
    assert_eq!(at(&s, f), d1h);
    assert_eq!(*s.unit(g).placed().unwrap(), before);
    assert_ne!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
}
