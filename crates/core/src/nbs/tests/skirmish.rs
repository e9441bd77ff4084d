//! Skirmishers (11.5, 12.1, 18.0, 27.1, AERR-6): release and recovery, the leash, split and
//! combine, restacking, losses, evasion, detach limits.

use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Rules};
use crate::hex::Facing;
use crate::nbs::event::{Event, PartChange};
use crate::nbs::query::Occ;
use crate::nbs::state::{Place, Task, UnitId, flag};
use crate::nbs::tests::skirmish_kit::*;
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::{ALLIED, Action, FRENCH, Nbs};
use alloc::vec::Vec;

fn skirmishers_of(rules: &Nbs, p: UnitId) -> Vec<UnitId> {
    rules.pool(p, |i| i.kind == UnitKind::Skirmisher).collect()
}

/// The listing's shortcut ([`Nbs::part_candidate_open`]) never drops an action that
/// [`Nbs::part_check`] accepts: through random play of every scenario, every infantry
/// counter of the moving player in every Movement Phase position.
#[test]
fn r11_5_r17_r18_r27_1_part_candidates_never_hide_an_open_action() {
    let (mut closed, mut open) = (0u32, 0u32);
    for n in 1..=5 {
        let r = crate::nbs::tests::rules(&alloc::format!("nbs/austerlitz-{n}"));
        let mut g = crate::engine::Game::new(r.clone(), 11 + n);
        for _ in 0..3_000 {
            let s = g.state();
            if s.phase == crate::nbs::state::Phase::Movement {
                let side = r.phasing(s);
                let occ = Occ::new(&r, s);
                for u in 0..s.units.len() as UnitId {
                    let info = &r.units[usize::from(u)];
                    let Some(h) = s.units[usize::from(u)].hex() else {
                        continue;
                    };
                    if info.side != side {
                        continue;
                    }
                    let mut cands = alloc::vec![
                        Action::Release { unit: u },
                        Action::Extend { unit: u },
                        Action::Absorb { unit: u },
                        Action::ForcedMarch { unit: u },
                        Action::Split { unit: u },
                        Action::Restack { unit: u, top: true },
                        Action::Restack {
                            unit: u,
                            top: false
                        },
                    ];
                    // Every gun-point count, so the listing's 1..=GP-1 bound is checked.
                    cands.extend((0..=6u8).map(|gp| Action::Detach {
                        unit: u,
                        gun_points: gp,
                    }));
                    for w in 0..s.units.len() as UnitId {
                        if w != u && s.units[usize::from(w)].hex() == Some(h) {
                            cands.push(Action::Combine { unit: u, with: w });
                        }
                    }
                    let most = r.gun_points(s, u).saturating_sub(1).min(5);
                    for a in cands {
                        if let Action::Detach { gun_points, .. } = a {
                            // The listing offers only 1..=GP-1 (at most 5).
                            if !(1..=most).contains(&gun_points) {
                                assert!(
                                    r.part_check(s, &a).is_err(),
                                    "austerlitz-{n}: {a:?} is open but the listing skips it"
                                );
                                closed += 1;
                                continue;
                            }
                        }
                        if r.part_candidate_open(s, &occ, &a) {
                            open += 1;
                        } else {
                            closed += 1;
                            assert!(
                                r.part_check(s, &a).is_err(),
                                "austerlitz-{n}: {a:?} is open but the listing skips it"
                            );
                        }
                    }
                }
            }
            if g.step_random().unwrap().is_none() {
                break;
            }
        }
    }
    assert!(
        closed > 1_000 && open > 1_000,
        "{closed} skipped, {open} checked"
    );
}

#[test]
fn r6_4_counters_made_during_play_follow_the_printed_ones() {
    let (rules, s) = setup(FRENCH);
    let printed = rules
        .units
        .iter()
        .take_while(|i| i.parent.is_none())
        .count();
    assert!(rules.units[printed..].iter().all(|i| i.parent.is_some()));
    assert!(printed < rules.units.len());
    assert_eq!(s.units.len(), rules.units.len());
    for i in &rules.units[printed..] {
        assert!(usize::from(i.parent.unwrap()) < printed);
    }
}

#[test]
fn r11_5a_release_puts_a_full_skirmisher_at_the_bottom_and_marks_a_box() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let p = infantry(&rules, FRENCH, |i| i.skirmisher_boxes >= 1);
    put(&mut s, p, h, Formation::Line);
    s.units[usize::from(p)].spent = 2;
    let (n, ev) = act(&rules, &s, Action::Release { unit: p }).unwrap();
    let k = skirmishers_of(&rules, p)[0];
    assert_eq!(n.units[usize::from(k)].place, Place::At(h));
    assert_eq!(n.units[usize::from(k)].formation, Formation::Skirmish);
    assert_eq!(n.units[usize::from(p)].skirmishers_out, 1);
    assert_eq!(n.units[usize::from(p)].spent, 2, "release costs no MP");
    assert_eq!(*rules.combat_stack(&n, h).last().unwrap(), k, "bottom");
    assert!(ev.iter().any(|e| e.rule_number() == "11.5a"));
    // The skirmisher moves with the parent's remaining MA (11.5a).
    let left = rules.allowance(&n, k) - n.units[usize::from(k)].spent;
    assert_eq!(left, rules.allowance(&n, p).min(rules.allowance(&n, k)) - 2);
    // 11.5: DG units cannot release.
    let mut dg = s.clone();
    dg.units[usize::from(p)].morale = MoraleState::Disorganized;
    let e = act(&rules, &dg, Action::Release { unit: p }).unwrap_err();
    assert_eq!(e.rule, "11.5");
}

#[test]
fn aerr6_allied_cap_is_five_full_two_reduced_count_as_one() {
    let (rules, mut s) = setup(ALLIED);
    let h = open_hex(&rules);
    let p = infantry(&rules, ALLIED, |i| i.skirmisher_boxes >= 1);
    put(&mut s, p, h, Formation::Line);
    // Five full Allied skirmishers already out (from any parent).
    let others: Vec<UnitId> = (0..rules.units.len() as UnitId)
        .filter(|&u| {
            rules.is_skirmisher(u)
                && rules.units[usize::from(u)].side == ALLIED
                && rules.parent_of(u) != Some(p)
        })
        .take(6)
        .collect();
    assert!(others.len() >= 6, "six Allied skirmisher counters");
    let mut far = h;
    for _ in 0..3 {
        far = far.neighbor(crate::hex::Direction::ALL[0]);
    }
    for &k in &others[..5] {
        put(
            &mut s,
            k,
            h.neighbor(crate::hex::Direction::ALL[3]),
            Formation::Skirmish,
        );
    }
    let e = act(&rules, &s, Action::Release { unit: p }).unwrap_err();
    assert_eq!(e.rule, "AERR-6");
    // Four full and two reduced: 5 equivalents, still at the cap.
    let mut t = s.clone();
    t.units[usize::from(others[4])].casualties = 1;
    put(&mut t, others[5], far, Formation::Skirmish);
    t.units[usize::from(others[5])].casualties = 1;
    assert_eq!(rules.skirmisher_halves(&t, ALLIED), 10);
    assert_eq!(
        act(&rules, &t, Action::Release { unit: p })
            .unwrap_err()
            .rule,
        "AERR-6"
    );
    // Four full and one reduced (4.5): a full one more would make 5.5.
    t.units[usize::from(others[5])].place = Place::Off;
    assert!(act(&rules, &t, Action::Release { unit: p }).is_err());
    // Four full: room for one more.
    t.units[usize::from(others[4])].place = Place::Off;
    assert!(act(&rules, &t, Action::Release { unit: p }).is_ok());
    // OPT-1: no cap.
    let mut opt = rules.clone();
    opt.skirmisher_cap = None;
    assert!(act(&opt, &s, Action::Release { unit: p }).is_ok());
}

#[test]
fn r11_5b_leash_refuses_a_step_beyond_two_hexes() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let p = infantry(&rules, FRENCH, |i| i.skirmisher_boxes >= 1);
    put(&mut s, p, h, Formation::Line);
    let k = skirmishers_of(&rules, p)[0];
    let d = crate::hex::Direction::ALL[0];
    let two = h.neighbor(d).neighbor(d);
    put(&mut s, k, two, Formation::Skirmish);
    let e = act(
        &rules,
        &s,
        Action::Step {
            unit: k,
            to: two.neighbor(d),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "11.5b");
    assert!(e.reason.contains("2 hexes"));
    let mut out = Vec::new();
    rules.legal_actions(&s, &mut out);
    assert!(!out.contains(&Action::Step {
        unit: k,
        to: two.neighbor(d)
    }));
    // ERR-10: one left beyond may come back.
    let mut t = s.clone();
    let three = two.neighbor(d);
    put(&mut t, k, three, Formation::Skirmish);
    assert!(act(&rules, &t, Action::Step { unit: k, to: two }).is_ok());
}

#[test]
fn r11_5b_a_strayed_skirmisher_must_step_back_before_the_phase_ends() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let p = infantry(&rules, FRENCH, |i| i.skirmisher_boxes >= 1);
    put(&mut s, p, h, Formation::Line);
    let k = skirmishers_of(&rules, p)[0];
    let d = crate::hex::Direction::ALL[0];
    let two = h.neighbor(d).neighbor(d);
    let three = two.neighbor(d);
    // Left three hexes out (as by a retreat): the phase cannot end while it can step back.
    put(&mut s, k, three, Formation::Skirmish);
    let e = act(&rules, &s, Action::EndMovement).unwrap_err();
    assert_eq!(e.rule, "11.5b");
    let mut out = Vec::new();
    rules.legal_actions(&s, &mut out);
    assert!(!out.contains(&Action::EndMovement));
    assert!(out.contains(&Action::Step { unit: k, to: two }));
    // Back within 2 hexes: the phase may end, with no stray event.
    let (n, _) = act(&rules, &s, Action::Step { unit: k, to: two }).unwrap();
    let (_, ev) = act(&rules, &n, Action::EndMovement).unwrap();
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::Part {
            what: PartChange::Stray,
            ..
        }
    )));
    // The infantry may come to it instead.
    let mut m = s.clone();
    put(&mut m, p, h.neighbor(d), Formation::Line);
    assert!(act(&rules, &m, Action::EndMovement).is_ok());
    // One that cannot step back (its movement is over) does not block: it is reported.
    let mut t = s.clone();
    t.units[usize::from(k)].flags |= flag::STOPPED;
    let (_, ev) = act(&rules, &t, Action::EndMovement).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Part {
            what: PartChange::Stray,
            unit,
            ..
        } if *unit == k
    ) && e.rule_number() == "11.5b"));
    // Out of MPs: the same.
    let mut t = s.clone();
    t.units[usize::from(k)].spent = rules.allowance(&t, k);
    assert!(act(&rules, &t, Action::EndMovement).is_ok());
}

#[test]
fn r11_5b_skirmishers_close_combat_only_with_non_skirmisher_infantry() {
    let (mut rules, mut s) = setup(FRENCH);
    rules.strict_orders = false;
    let h = open_hex(&rules);
    let d = crate::hex::Direction::ALL[0];
    let t = h.neighbor(d);
    let a = infantry(&rules, FRENCH, |i| {
        i.fire_level.units() >= 2 && i.skirmisher_boxes >= 1
    });
    let k = skirmishers_of(&rules, a)[0];
    let def = infantry(&rules, ALLIED, |i| i.fire_level.units() >= 2);
    put(&mut s, def, t, Formation::Line);
    // Skirmishers alone never attack (11.5b, 23.1c).
    put(&mut s, k, h, Formation::Skirmish);
    s.units[usize::from(k)].facing = Facing::side(d);
    let e = act(&rules, &s, Action::Assault { from: h, target: t }).unwrap_err();
    assert_eq!(e.rule, "11.5b");
    let mut out = Vec::new();
    rules.legal_actions(&s, &mut out);
    assert!(
        !out.iter()
            .any(|x| matches!(x, Action::Assault { from, .. } if *from == h))
    );
    // Stacked with non-skirmisher infantry, the skirmisher attacks with it.
    put(&mut s, a, h, Formation::Column);
    s.units[usize::from(a)].facing = Facing::side(d);
    let (n, _) = act(&rules, &s, Action::Assault { from: h, target: t }).unwrap();
    let Some(Task::CloseCombat(cc)) = n.tasks.iter().find(|x| matches!(x, Task::CloseCombat(_)))
    else {
        panic!("a close combat");
    };
    assert_eq!(cc.attackers[0], a, "the infantry leads");
    assert!(cc.attackers.contains(&k));
    assert!(n.units[usize::from(k)].has(flag::CLOSE_COMBAT));
    // A skirmisher without the MPs stays out; the infantry still attacks.
    let mut m = s.clone();
    m.units[usize::from(k)].spent = rules.allowance(&m, k);
    let (n, _) = act(&rules, &m, Action::Assault { from: h, target: t }).unwrap();
    let Some(Task::CloseCombat(cc)) = n.tasks.iter().find(|x| matches!(x, Task::CloseCombat(_)))
    else {
        panic!("a close combat");
    };
    assert_eq!(cc.attackers, alloc::vec![a]);
}

#[test]
fn r11_5d_full_skirmisher_recovered_at_end_of_movement() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let p = infantry(&rules, FRENCH, |i| i.skirmisher_boxes >= 1);
    put(&mut s, p, h, Formation::Line);
    let (n, _) = act(&rules, &s, Action::Release { unit: p }).unwrap();
    let k = skirmishers_of(&rules, p)[0];
    let (m, ev) = act(&rules, &n, Action::EndMovement).unwrap();
    assert_eq!(m.units[usize::from(k)].place, Place::Off);
    assert_eq!(m.units[usize::from(p)].skirmishers_out, 0);
    assert!(ev.iter().any(|e| e.rule_number() == "11.5d"));
    // A reduced one is not recovered.
    let mut r = n.clone();
    r.units[usize::from(k)].casualties = 1;
    let (m, _) = act(&rules, &r, Action::EndMovement).unwrap();
    assert_eq!(m.units[usize::from(k)].place, Place::At(h));
    assert_eq!(m.units[usize::from(p)].skirmishers_out, 1);
}

#[test]
fn r11_5g_split_and_combine() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let p = infantry(&rules, FRENCH, |i| i.skirmisher_boxes >= 1);
    put(&mut s, p, h, Formation::Line);
    let (n, _) = act(&rules, &s, Action::Release { unit: p }).unwrap();
    let k = skirmishers_of(&rules, p)[0];
    let (n, _) = act(&rules, &n, Action::Split { unit: k }).unwrap();
    let out: Vec<UnitId> = (0..n.units.len() as UnitId)
        .filter(|&u| rules.is_skirmisher(u) && n.units[usize::from(u)].hex() == Some(h))
        .collect();
    assert_eq!(out.len(), 2);
    assert!(out.iter().all(|&u| n.units[usize::from(u)].casualties == 1));
    assert_eq!(rules.skirmisher_halves(&n, FRENCH), 2);
    let (n, _) = act(
        &rules,
        &n,
        Action::Combine {
            unit: out[0],
            with: out[1],
        },
    )
    .unwrap();
    assert_eq!(n.units[usize::from(out[0])].casualties, 0);
    assert_eq!(n.units[usize::from(out[1])].place, Place::Off);
}

#[test]
fn r11_5h_restack_and_fire_position() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let p = infantry(&rules, FRENCH, |i| {
        i.skirmisher_boxes >= 1 && i.fire_level.units() >= 2
    });
    put(&mut s, p, h, Formation::Line);
    let (n, _) = act(&rules, &s, Action::Release { unit: p }).unwrap();
    let k = skirmishers_of(&rules, p)[0];
    let t = h.neighbor(crate::hex::Direction::ALL[0]);
    // At the bottom under B-or-better infantry: no fire (11.5h C).
    assert_eq!(
        rules.skirmisher_fire_check(&n, k).unwrap_err().rule,
        "11.5h"
    );
    assert!(rules.skirmisher_fire_check(&n, p).is_ok());
    let (top, _) = act(&rules, &n, Action::Restack { unit: k, top: true }).unwrap();
    assert_eq!(rules.combat_stack(&top, h)[0], k);
    assert!(rules.skirmisher_fire_check(&top, k).is_ok());
    // The line under it may not fire (it is not French column).
    assert_eq!(
        rules.skirmisher_fire_check(&top, p).unwrap_err().rule,
        "11.5h"
    );
    // Not to the top while adjacent to the enemy (11.5h B).
    let mut adj = n.clone();
    let enemy = infantry(&rules, ALLIED, |_| true);
    put(&mut adj, enemy, t, Formation::Line);
    assert_eq!(
        act(&rules, &adj, Action::Restack { unit: k, top: true })
            .unwrap_err()
            .rule,
        "11.5h"
    );
    // 11.6d: forming square sends it to the bottom.
    let mut sq = top.clone();
    sq.units[usize::from(p)].formation = Formation::Column;
    let (sq, _) = act(
        &rules,
        &sq,
        Action::Form {
            unit: p,
            formation: Formation::Square,
        },
    )
    .unwrap();
    assert!(!sq.units[usize::from(k)].has(flag::SKIRMISHER_TOP));
    // 11.6d: protected by the square.
    assert!(rules.sheltered_in_square(&sq, k));
    // 13.0a: alone it faces all around.
    let mut alone = n.clone();
    alone.units[usize::from(p)].place = Place::Off;
    assert_eq!(
        rules.facing_mode(&alone, k),
        crate::nbs::types::FacingMode::AllFrontal
    );
}

#[test]
fn r11_5c_skirmisher_losses_are_steps() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let p = infantry(&rules, FRENCH, |i| i.skirmisher_boxes >= 1);
    let k = skirmishers_of(&rules, p)[0];
    put(&mut s, k, h, Formation::Skirmish);
    let mut ev = Vec::new();
    rules.skirmisher_loss(&mut s, k, 1, &mut ev);
    assert_eq!(s.units[usize::from(k)].casualties, 1);
    assert_eq!(s.units[usize::from(k)].stragglers, 0);
    rules.skirmisher_loss(&mut s, k, 1, &mut ev);
    assert_eq!(s.units[usize::from(k)].place, Place::Off);
}

#[test]
fn r12_1_one_full_skirmisher_per_hex() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let p = infantry(&rules, FRENCH, |i| i.skirmisher_boxes >= 2);
    let ks = skirmishers_of(&rules, p);
    put(&mut s, ks[0], h, Formation::Skirmish);
    assert!(!rules.overstacked(&s, h, FRENCH));
    put(&mut s, ks[1], h, Formation::Skirmish);
    assert!(rules.overstacked(&s, h, FRENCH));
    s.units[usize::from(ks[0])].casualties = 1;
    s.units[usize::from(ks[1])].casualties = 1;
    assert!(!rules.overstacked(&s, h, FRENCH));
}

#[test]
fn r18_0_forced_march_rolls_for_stragglers_before_the_mps() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let p = infantry(&rules, FRENCH, |_| true);
    put(&mut s, p, h, Formation::Column);
    let ma = rules.allowance(&s, p);
    let (n, _) = act(&rules, &s, Action::ForcedMarch { unit: p }).unwrap();
    assert_eq!(
        rules.actor(&n),
        Actor::Chance(Chance::Dice(DiceSpec::D6)),
        "the Straggler Table roll comes first"
    );
    // Nothing else may happen before the roll.
    assert!(
        act(
            &rules,
            &n,
            Action::Step {
                unit: p,
                to: h.neighbor(crate::hex::Direction::ALL[0])
            }
        )
        .is_err()
    );
    let (m, _) = act(&rules, &n, Action::Roll(DiceSpec::D6.roll(6).unwrap())).unwrap();
    assert_eq!(rules.allowance(&m, p), ma + 6, "+3 MP");
    let want = rules.tables.stragglers(rules.morale_rating(p), 6);
    assert_eq!(m.units[usize::from(p)].stragglers, want);
    // A second set, then no third.
    let (m2, _) = act(&rules, &m, Action::ForcedMarch { unit: p }).unwrap();
    let (m2, _) = act(&rules, &m2, Action::Roll(DiceSpec::D6.roll(1).unwrap())).unwrap();
    assert_eq!(rules.allowance(&m2, p), ma + 12);
    assert_eq!(
        act(&rules, &m2, Action::ForcedMarch { unit: p })
            .unwrap_err()
            .rule,
        "18.0b"
    );
    // Line, or a step off the road earlier this phase: refused (18.0a).
    let mut line = s.clone();
    line.units[usize::from(p)].formation = Formation::Line;
    assert_eq!(
        act(&rules, &line, Action::ForcedMarch { unit: p })
            .unwrap_err()
            .rule,
        "18.0a"
    );
    let (off, _) = act(
        &rules,
        &s,
        Action::Step {
            unit: p,
            to: h.neighbor(crate::hex::Direction::ALL[0]),
        },
    )
    .unwrap();
    assert_eq!(
        act(&rules, &off, Action::ForcedMarch { unit: p })
            .unwrap_err()
            .rule,
        "18.0a"
    );
    // After a set, steps off the road are refused.
    let e = act(
        &rules,
        &m,
        Action::Step {
            unit: p,
            to: h.neighbor(crate::hex::Direction::ALL[0]),
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "18.0a");
}

#[test]
fn r11_5e_lone_skirmishers_may_evade_a_close_combat() {
    let (mut rules, mut s) = setup(FRENCH);
    // The evasion, not the Attack order that allows the close combat (10.1a), is tested.
    rules.strict_orders = false;
    let h = open_hex(&rules);
    let d = crate::hex::Direction::ALL[0];
    let t = h.neighbor(d);
    let a = infantry(&rules, FRENCH, |i| i.fire_level.units() >= 2);
    put(&mut s, a, h, Formation::Column);
    s.units[usize::from(a)].facing = Facing::side(d);
    let p = infantry(&rules, ALLIED, |i| i.skirmisher_boxes >= 1);
    let k = skirmishers_of(&rules, p)[0];
    put(&mut s, k, t, Formation::Skirmish);
    let (n, _) = act(&rules, &s, Action::Assault { from: h, target: t }).unwrap();
    assert!(matches!(n.tasks.last(), Some(Task::SkirmisherEvade { .. })));
    assert_eq!(rules.actor(&n), Actor::Player(ALLIED));
    let mut out = Vec::new();
    rules.legal_actions(&n, &mut out);
    assert!(out.contains(&Action::Pass));
    // Not back into the attackers' hex.
    let e = act(&rules, &n, Action::RetreatTo { hex: h }).unwrap_err();
    assert_eq!(e.rule, "11.5e");
    let to = t.neighbor(d);
    let (m, ev) = act(&rules, &n, Action::RetreatTo { hex: to }).unwrap();
    assert_eq!(m.units[usize::from(k)].place, Place::At(to));
    assert_eq!(
        m.units[usize::from(a)].place,
        Place::At(t),
        "the attacker enters"
    );
    assert!(m.tasks.is_empty());
    assert!(ev.iter().any(|e| e.rule_number() == "11.5e"));
    // Standing: the close combat goes on.
    let (m, _) = act(&rules, &n, Action::Pass).unwrap();
    assert!(!matches!(
        m.tasks.last(),
        Some(Task::SkirmisherEvade { .. })
    ));
    // Stacked with another unit type: no evasion.
    let mut st = s.clone();
    put(&mut st, p, t, Formation::Line);
    if let Ok((n2, _)) = act(&rules, &st, Action::Assault { from: h, target: t }) {
        assert!(
            !n2.tasks
                .iter()
                .any(|x| matches!(x, Task::SkirmisherEvade { .. }))
        );
    }
}

#[test]
fn r27_1_detach_and_reattach_limits() {
    let (rules, mut s) = setup(FRENCH);
    let h = open_hex(&rules);
    let Some(b) = (0..rules.units.len() as UnitId).find(|&u| {
        let i = &rules.units[usize::from(u)];
        i.kind == UnitKind::Artillery && i.parent.is_none() && i.gun_points >= 3
    }) else {
        return;
    };
    put(&mut s, b, h, Formation::Unlimbered);
    let gp = rules.gun_points(&s, b);
    let e = act(
        &rules,
        &s,
        Action::Detach {
            unit: b,
            gun_points: gp,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule, "27.1");
    assert!(
        act(
            &rules,
            &s,
            Action::Detach {
                unit: b,
                gun_points: 0
            }
        )
        .is_err()
    );
    assert!(
        act(
            &rules,
            &s,
            Action::Detach {
                unit: b,
                gun_points: 6
            }
        )
        .is_err()
    );
    let (n, _) = act(
        &rules,
        &s,
        Action::Detach {
            unit: b,
            gun_points: 2,
        },
    )
    .unwrap();
    let d = rules.units[usize::from(b)].parts[0];
    assert_eq!(rules.gun_points(&n, b), gp - 2);
    assert_eq!(rules.gun_points(&n, d), 2);
    assert_eq!(n.units[usize::from(d)].place, Place::At(h));
    // Only one detached battery per battery counter.
    assert!(
        act(
            &rules,
            &n,
            Action::Detach {
                unit: b,
                gun_points: 1
            }
        )
        .is_err()
    );
    let (m, _) = act(&rules, &n, Action::Reattach { unit: d, to: b }).unwrap();
    assert_eq!(rules.gun_points(&m, b), gp);
    assert_eq!(m.units[usize::from(d)].place, Place::Off);
    // Not to a battery of another type or class, nor over 5 GP.
    let other = (0..rules.units.len() as UnitId).find(|&u| {
        let i = &rules.units[usize::from(u)];
        i.kind == UnitKind::Artillery
            && i.parent.is_none()
            && u != b
            && i.side == FRENCH
            && (i.weight != rules.units[usize::from(b)].weight
                || i.class != rules.units[usize::from(b)].class)
    });
    if let Some(o) = other {
        let mut t = n.clone();
        put(&mut t, o, h, Formation::Unlimbered);
        assert_eq!(
            act(&rules, &t, Action::Reattach { unit: d, to: o })
                .unwrap_err()
                .rule,
            "27.1"
        );
    }
}
