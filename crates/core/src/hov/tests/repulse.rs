//! Repulse (¶130–¶135) in the Movement Phase, Forced March, a reinforcement's entry (¶96 2)
//! and as the pursuit will call it; Unemployed Leaders captured by cavalry (¶32 2); leaders
//! shown (¶21).

use alloc::vec::Vec;

use super::march::{advance, clear_map_but, foot_force, legal, load, open_ground, place};
use super::play::play_by;
use crate::engine::{Actor, EventInfo, Rules, Side};
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::movement::repulse::repulse_succeeds;
use crate::hov::state::{
    Activation, LeaderId, LeaderPlace, March, MarchStage, Phase, RepulseWhen, State,
};
use crate::hov::types::{Arm, COALITION, FRENCH, Mp};

fn d6(value: u8) -> Action {
    super::march::d6(value)
}

/// Gives `l`'s force exactly `sp` SP of `arm` (units of its side, free ones first), nothing
/// else.
pub(super) fn set_force(h: &Hov, s: &mut State, l: LeaderId, arm: Arm, sp: u8) {
    let side = h.manifest.leaders[usize::from(l)].side;
    for u in &mut s.units {
        if u.leader == Some(l) {
            u.leader = None;
            u.sp = 0;
        }
    }
    for x in &mut s.leaders {
        if x.place == LeaderPlace::Portrait(l) {
            x.place = LeaderPlace::Out;
        }
    }
    let mut pool: Vec<usize> = (0..h.manifest.units.len())
        .filter(|&i| {
            let m = &h.manifest.units[i];
            m.side == side && m.arm == arm && m.max > 0
        })
        .collect();
    pool.sort_by_key(|&i| s.units[i].leader.is_some());
    let mut left = sp;
    for i in pool {
        if left == 0 {
            break;
        }
        let take = left.min(h.manifest.units[i].max);
        s.units[i].leader = Some(l);
        s.units[i].sp = take;
        left -= take;
    }
    assert_eq!(left, 0, "not enough units of that arm");
}

fn march(l: LeaderId, at: Hex, how: Activation) -> March {
    super::march::marching(l, at, how, 0)
}

/// A French force at `at` and a Coalition force two hexes away in direction 0, on open ground,
/// in the French Movement Command Segment (or the Coalition's Forced March when `forced`).
struct Scene {
    h: Hov,
    s: State,
    f: LeaderId,
    c: LeaderId,
    at: Hex,
    mid: Hex,
    target: Hex,
}

fn scene(f_sp: u8, c_sp: u8, forced: bool) -> Scene {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    if forced {
        advance(&h, &mut s, Phase::ForcedMarch, FRENCH);
    } else {
        advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    }
    let f = foot_force(&h, &s, FRENCH);
    let c = foot_force(&h, &s, COALITION);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f, c]);
    let d = Direction::ALL[0];
    let mid = at.neighbor(d);
    let target = mid.neighbor(d);
    set_force(&h, &mut s, f, Arm::Infantry, f_sp);
    set_force(&h, &mut s, c, Arm::Infantry, c_sp);
    // In Forced March the Coalition moves against the French.
    let (mover, other) = if forced { (c, f) } else { (f, c) };
    place(&mut s, mover, at);
    place(&mut s, other, target);
    Scene {
        h,
        s,
        f,
        c,
        at,
        mid,
        target,
    }
}

#[test]
fn r130_r131_five_to_one_needed() {
    assert!(repulse_succeeds(10, 2));
    assert!(!repulse_succeeds(9, 2));
    // A vedette alone counts ½ SP (§74): 3 SP repulse it, 2 do not.
    assert!(repulse_succeeds(6, 1));
    assert!(!repulse_succeeds(4, 1));
    // Unemployed Leaders alone have no strength.
    assert!(repulse_succeeds(2, 0));
}

#[test]
fn r131_a_repulse_at_five_to_one_pushes_the_enemy_back_and_the_force_goes_on() {
    let Scene {
        h,
        mut s,
        f,
        c,
        at,
        mid,
        target,
    } = scene(10, 2, false);
    s.march = Some(march(f, at, Activation::Command));
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: mid }, &mut ev).unwrap();
    assert!(legal(&h, &s).contains(&Action::Repulse { target }));
    let spent = s.march.as_ref().unwrap().spent_inf;
    ev.clear();
    h.apply(&mut s, &Action::Repulse { target }, &mut ev)
        .unwrap();
    // ¶174 may leave a choice to the Coalition.
    if let Some(p) = &s.repulse {
        assert!(p.captures.is_empty());
        assert_eq!(h.actor(&s), Actor::Player(COALITION));
        let acts = legal(&h, &s);
        assert!(acts.len() > 1, "{acts:?}");
        h.apply(&mut s, &acts[0], &mut ev).unwrap();
    }
    assert!(s.repulse.is_none());
    let LeaderPlace::Map(now) = s.leaders[usize::from(c)].place else {
        panic!("the repulsed leader left the map");
    };
    assert_eq!(now.distance(target), 1, "¶131 2: one hex");
    assert_eq!(now.distance(mid), 2, "¶174 1: away from the repulser");
    // ¶21, ¶131 1: both leaders shown; the strengths told.
    assert!(s.leaders[usize::from(f)].revealed && s.leaders[usize::from(c)].revealed);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RepulseDeclared { sp: 10, .. }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Repulsed { half_sp: 4, .. }))
    );
    assert!(ev.iter().all(|e| !matches!(e, Event::RepulseFailed { .. })));
    // ¶133 1: no MP for the repulse; ¶131 3: the force may go on into the vacated hex.
    assert_eq!(s.march.as_ref().unwrap().spent_inf, spent);
    assert!(legal(&h, &s).contains(&Action::Step { to: target }));
    h.apply(&mut s, &Action::Step { to: target }, &mut ev)
        .unwrap();
    // The French observation now shows the Coalition leader (¶21).
    let o = h.observation(&s, FRENCH);
    assert_eq!(o.leaders[usize::from(c)].place, LeaderPlace::Map(now));
}

#[test]
fn r132_a_failed_repulse_stops_the_force_and_forces_an_attack_two_columns_left() {
    let Scene {
        h,
        mut s,
        f,
        c,
        at,
        mid,
        target,
    } = scene(9, 2, false);
    s.march = Some(march(f, at, Activation::Command));
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: mid }, &mut ev).unwrap();
    ev.clear();
    h.apply(&mut s, &Action::Repulse { target }, &mut ev)
        .unwrap();
    assert_eq!(
        s.leaders[usize::from(c)].place,
        LeaderPlace::Map(target),
        "the enemy stays"
    );
    // ¶132 1: the force ceases movement (its attrition follows, or the march is over).
    assert!(
        s.march
            .as_ref()
            .is_none_or(|m| m.stage == MarchStage::Attrition),
        "{:?}",
        s.march
    );
    // ¶132 2: the attack is owed in the Battle Resolution Segment.
    assert_eq!(s.failed_repulses.len(), 1);
    assert_eq!(s.failed_repulses[0].leader, f);
    assert_eq!(s.failed_repulses[0].target, target);
    // ¶132 1: the enemy's strength is not told.
    assert!(ev.iter().any(|e| matches!(e, Event::RepulseFailed { .. })));
    for e in &ev {
        assert!(!matches!(e, Event::Repulsed { .. }), "{e:?}");
        if let Event::Strength { side, .. } = e {
            assert_ne!(*side, COALITION);
        }
    }
    assert!(
        s.leaders[usize::from(c)].revealed,
        "¶131 1: leaders shown in the Movement Phase"
    );
}

#[test]
fn r132_4_r133_2_a_forced_march_repulse_costs_a_mp_and_a_failure_a_sp() {
    let Scene {
        h,
        mut s,
        f,
        c,
        at,
        mid,
        target,
    } = scene(2, 4, true);
    assert_eq!(h.actor(&s), Actor::Player(COALITION));
    s.march = Some(march(c, at, Activation::ForcedMarch));
    let mut ev = Vec::new();
    // ¶133 3: the EZOC may be entered with no friend engaged, declaring a repulse.
    h.apply(&mut s, &Action::Step { to: mid }, &mut ev).unwrap();
    let m = s.march.as_ref().unwrap();
    assert!(m.must_repulse);
    assert_eq!(legal(&h, &s), alloc::vec![Action::Repulse { target }]);
    let err = h.apply(&mut s, &Action::Done, &mut ev).unwrap_err();
    assert_eq!(err.rule, "¶133");
    let spent = s.march.as_ref().unwrap().spent_inf;
    let lost = s.lost[COALITION.index()];
    ev.clear();
    h.apply(&mut s, &Action::Repulse { target }, &mut ev)
        .unwrap();
    // ¶132 4: one SP lost, nothing learned, the march over, no battle owed.
    assert_eq!(s.lost[COALITION.index()], lost + 1);
    assert_eq!(h.force_make(&s, c).total(), 3);
    assert!(s.failed_repulses.is_empty());
    assert!(
        !s.leaders[usize::from(f)].revealed,
        "reading N26: no leader of the target shown"
    );
    assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Map(mid));
    // ¶133 2: the attempt cost 1 MP, which counts for attrition.
    if let Some(m) = &s.march {
        assert_eq!(m.stage, MarchStage::Attrition);
        assert_eq!(m.spent_inf, spent.plus(Mp::ONE));
    }
}

#[test]
fn r133_2_a_forced_march_repulse_needs_the_mp() {
    let Scene {
        h,
        mut s,
        f: _,
        c,
        at,
        mid,
        target,
    } = scene(2, 20, true);
    // Already engaged: no ¶143 problem; 3½ of 4 MP spent.
    let mut m = march(c, mid, Activation::ForcedMarch);
    m.spent_inf = Mp(7);
    s.march = Some(m);
    place(&mut s, c, mid);
    let _ = at;
    assert!(!legal(&h, &s).contains(&Action::Repulse { target }));
    let before = s.clone();
    let mut ev = Vec::new();
    let err = h
        .apply(&mut s, &Action::Repulse { target }, &mut ev)
        .unwrap_err();
    assert_eq!(err.rule, "¶133 2");
    assert_eq!(s, before);
}

#[test]
fn r135_repeated_repulses_and_r134_one_hex_at_a_time() {
    let Scene {
        h,
        mut s,
        f,
        c,
        at,
        mid,
        target,
    } = scene(20, 2, false);
    // A second Coalition force beside the first.
    let c2 = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            l != c
                && h.manifest.leaders[usize::from(l)].side == COALITION
                && h.manifest.leaders[usize::from(l)].mg.is_none()
        })
        .unwrap();
    set_force(&h, &mut s, c2, Arm::Infantry, 1);
    let other = mid.neighbor(Direction::ALL[1]);
    place(&mut s, c2, other);
    s.march = Some(march(f, at, Activation::Command));
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: mid }, &mut ev).unwrap();
    // ¶134: a hex not next to the force may not be repulsed.
    let far = target.neighbor(Direction::ALL[0]);
    let err = h
        .apply(&mut s, &Action::Repulse { target: far }, &mut ev)
        .unwrap_err();
    assert!(err.rule.contains("¶134"), "{err:?}");
    for t in [target, other] {
        h.apply(&mut s, &Action::Repulse { target: t }, &mut ev)
            .unwrap();
        while s.repulse.is_some() {
            let a = legal(&h, &s)[0].clone();
            h.apply(&mut s, &a, &mut ev).unwrap();
        }
        let o = h.occupancy(&s);
        assert!(!o.holds(COALITION, t), "{t:?} was cleared");
    }
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Repulsed { .. }))
            .count(),
        2
    );
    assert!(s.march.is_some());
}

#[test]
fn r130_2_no_repulse_of_a_fort_or_across_a_primary_river_or_a_supply_source() {
    use crate::hov::board::Water;
    let Scene {
        h,
        s,
        f,
        c: _,
        at: _,
        mid: _,
        target: _,
    } = scene(20, 1, false);
    let fort = h
        .board
        .grid
        .hexes()
        .into_iter()
        .find(|&x| h.board.hex(x).settlement.fort() && h.in_area(x));
    if let Some(fort) = fort {
        let mut s2 = s.clone();
        let c = foot_force(&h, &s, COALITION);
        place(&mut s2, c, fort);
        let d = Direction::ALL
            .into_iter()
            .find(|&d| h.board.side(fort, d).water != Water::Primary)
            .unwrap();
        let from = fort.neighbor(d);
        let e = h.repulse_refused(&s2, f, Some(from), fort).unwrap();
        assert_eq!(e.rule, "¶130 2");
    }
    let river = h.board.grid.hexes().into_iter().find_map(|x| {
        Direction::ALL
            .iter()
            .find(|&&d| h.board.side(x, d).water == Water::Primary && h.in_area(x.neighbor(d)))
            .map(|&d| (x, x.neighbor(d)))
    });
    if let Some((from, to)) = river {
        let mut s2 = s.clone();
        let c = foot_force(&h, &s, COALITION);
        place(&mut s2, c, to);
        let e = h.repulse_refused(&s2, f, Some(from), to).unwrap();
        assert!(e.rule.starts_with("¶130 2"), "{e:?}");
    }
    // ¶59: a Supply Source's garrison.
    let src = s.supply.iter().find_map(|x| match x {
        crate::hov::state::Supply::Active(h0) => Some(*h0),
        _ => None,
    });
    if let Some(src) = src {
        let from = src.neighbor(Direction::ALL[0]);
        let owner = (0..4).find(|&a| s.supply[a] == crate::hov::state::Supply::Active(src));
        let side = crate::hov::types::Army::ALL[owner.unwrap()].side();
        let by = foot_force(&h, &s, side.other());
        let e = h.repulse_refused(&s, by, Some(from), src).unwrap();
        assert!(e.rule == "¶59" || e.rule == "¶130 2", "{e:?}");
    }
}

#[test]
fn r132_3_a_failed_repulse_in_pursuit_only_stops_the_pursuer() {
    let Scene {
        h,
        mut s,
        f,
        c,
        at: _,
        mid,
        target,
    } = scene(3, 2, false);
    place(&mut s, f, mid);
    let before_lost = s.lost;
    let mut ev = Vec::new();
    let ok = h
        .try_repulse(&mut s, f, Some(mid), target, RepulseWhen::Pursuit, &mut ev)
        .unwrap();
    assert!(!ok);
    assert!(s.failed_repulses.is_empty(), "¶132 3: no attack follows");
    assert_eq!(s.lost, before_lost);
    assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Map(target));
    // And a success, called the same way.
    set_force(&h, &mut s, f, Arm::Infantry, 10);
    let ok = h
        .try_repulse(&mut s, f, Some(mid), target, RepulseWhen::Pursuit, &mut ev)
        .unwrap();
    assert!(ok);
    while s.repulse.is_some() {
        let a = legal(&h, &s)[0].clone();
        h.apply(&mut s, &a, &mut ev).unwrap();
    }
    assert_ne!(s.leaders[usize::from(c)].place, LeaderPlace::Map(target));
}

/// An Unemployed Leader of `side` (a leader with no force), placed at `hex`.
fn unemployed(h: &Hov, s: &mut State, side: Side, not: &[LeaderId], hex: Hex) -> LeaderId {
    let l = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            h.manifest.leaders[usize::from(l)].side == side
                && h.manifest.leaders[usize::from(l)].mg.is_none()
                && !not.contains(&l)
        })
        .unwrap();
    for u in &mut s.units {
        if u.leader == Some(l) {
            u.leader = None;
            u.sp = 0;
        }
    }
    for x in &mut s.leaders {
        if x.place == LeaderPlace::Portrait(l) {
            x.place = LeaderPlace::Out;
        }
    }
    place(s, l, hex);
    assert!(!h.is_force(s, l));
    l
}

#[test]
fn r32_2_cavalry_repulsing_an_unemployed_leader_may_capture_him() {
    for (roll, captured) in [(6u8, true), (1u8, false)] {
        let Scene {
            h,
            mut s,
            f,
            c,
            at,
            mid,
            target,
        } = scene(4, 1, false);
        s.leaders[usize::from(c)].place = LeaderPlace::Out;
        let u = unemployed(&h, &mut s, COALITION, &[c], target);
        set_force(&h, &mut s, f, Arm::Cavalry, 4);
        s.march = Some(march(f, at, Activation::Command));
        let mut ev = Vec::new();
        h.apply(&mut s, &Action::Step { to: mid }, &mut ev).unwrap();
        h.apply(&mut s, &Action::Repulse { target }, &mut ev)
            .unwrap();
        assert!(matches!(h.actor(&s), Actor::Chance(_)), "¶33: a die");
        h.apply(&mut s, &d6(roll), &mut ev).unwrap();
        while s.repulse.is_some() {
            let a = legal(&h, &s)[0].clone();
            h.apply(&mut s, &a, &mut ev).unwrap();
        }
        let place_now = s.leaders[usize::from(u)].place;
        if captured {
            assert!(
                matches!(place_now, LeaderPlace::Captured(_)),
                "{place_now:?}"
            );
            assert_eq!(s.leaders[usize::from(u)].captures, 1);
        } else {
            // Repulsed instead (¶33).
            let LeaderPlace::Map(x) = place_now else {
                panic!("{place_now:?}")
            };
            assert_eq!(x.distance(target), 1);
        }
    }
    // Infantry alone does not capture: the leader is simply repulsed.
    let Scene {
        h,
        mut s,
        f,
        c,
        at,
        mid,
        target,
    } = scene(4, 1, false);
    s.leaders[usize::from(c)].place = LeaderPlace::Out;
    let u = unemployed(&h, &mut s, COALITION, &[c], target);
    s.march = Some(march(f, at, Activation::Command));
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: mid }, &mut ev).unwrap();
    h.apply(&mut s, &Action::Repulse { target }, &mut ev)
        .unwrap();
    assert!(!matches!(h.actor(&s), Actor::Chance(_)));
    while s.repulse.is_some() {
        let a = legal(&h, &s)[0].clone();
        h.apply(&mut s, &a, &mut ev).unwrap();
    }
    assert!(matches!(
        s.leaders[usize::from(u)].place,
        LeaderPlace::Map(x) if x.distance(target) == 1
    ));
}

#[test]
fn r96_2_a_reinforcement_repulses_its_first_hex_or_is_destroyed() {
    for (sp, wins) in [(10u8, true), (3u8, false)] {
        let h = load("hov/eylau");
        let mut s = h.initial_state();
        let Some(r) = h.params.reinforcements.first().copied() else {
            return;
        };
        let side = h.manifest.leaders[usize::from(r.leader)].side;
        // Reach the reinforcement's turn and Reinforcement Segment.
        while !(s.turn >= r.turn && s.phase == Phase::Reinforcements && s.phasing == side) {
            let a = match h.actor(&s) {
                Actor::Chance(_) => d6(3),
                _ => Action::Done,
            };
            let mut ev = Vec::new();
            h.apply(&mut s, &a, &mut ev).unwrap();
            assert!(s.result.is_none(), "never reached the reinforcement");
        }
        // The entry hex may be a Supply Source, which could not be repulsed (¶59).
        for x in &mut s.supply {
            if *x == crate::hov::state::Supply::Active(r.hex) {
                *x = crate::hov::state::Supply::None;
            }
        }
        let enemy = foot_force(&h, &s, side.other());
        clear_map_but(&mut s, &[enemy]);
        set_force(&h, &mut s, enemy, Arm::Infantry, 2);
        place(&mut s, enemy, r.hex);
        set_force(&h, &mut s, r.leader, Arm::Infantry, sp);
        let a = Action::Enter {
            leader: r.leader,
            hex: r.hex,
        };
        assert!(
            legal(&h, &s).contains(&a),
            "{:?} {:?} {:?} {:?}",
            r,
            legal(&h, &s),
            h.repulse_refused(&s, r.leader, None, r.hex),
            s.turn
        );
        let mut ev = Vec::new();
        let lost = s.lost[side.index()];
        h.apply(&mut s, &a, &mut ev).unwrap();
        while s.repulse.is_some() {
            let x = legal(&h, &s)[0].clone();
            h.apply(&mut s, &x, &mut ev).unwrap();
        }
        if wins {
            assert_eq!(
                s.leaders[usize::from(r.leader)].place,
                LeaderPlace::Map(r.hex)
            );
            assert!(s.entered.iter().any(|e| e.0 == r.leader));
            assert_ne!(s.leaders[usize::from(enemy)].place, LeaderPlace::Map(r.hex));
        } else {
            assert_eq!(s.leaders[usize::from(r.leader)].place, LeaderPlace::Out);
            assert_eq!(s.lost[side.index()], lost + u16::from(sp));
            assert_eq!(h.force_make(&s, r.leader).total(), 0);
        }
    }
}

#[test]
fn r173_3_no_repulse_while_retreating() {
    // A retreat is not a march: while a battle's retreat is under way no Repulse is listed.
    let h = load("hov/pultusk-golymin");
    play_by(
        &h,
        h.initial_state(),
        0x173,
        3000,
        "r173_3",
        |s, acts, rng| {
            if s.battle.as_ref().is_some_and(|b| !b.retreats.is_empty()) {
                assert!(
                    acts.iter().all(|a| !matches!(a, Action::Repulse { .. })),
                    "{acts:?}"
                );
            }
            acts[rng.below(acts.len())].clone()
        },
        |_| {},
    );
}

#[test]
fn r130_random_play_with_repulses_never_dead_ends() {
    // From each scenario's start, random legal actions, repulses preferred when offered: each
    // applies, an action always exists, no hex holds both sides, strengths never grow, and a
    // repulse's public events never tell a failed target's strength.
    let mut repulses = 0;
    for (k, id) in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"]
        .into_iter()
        .enumerate()
    {
        let h = load(id);
        let init = h.initial_state();
        play_by(
            &h,
            init.clone(),
            0x1300 + k as u64,
            800,
            id,
            |s, acts, rng| {
                // The Command Phase's reorganising is not what this test is about: it is
                // passed.
                let organising = matches!(
                    s.phase,
                    Phase::Administrative | Phase::Organization | Phase::Consolidation
                );
                match acts.iter().find(|a| matches!(a, Action::Repulse { .. })) {
                    _ if organising && acts.contains(&Action::Done) => Action::Done,
                    Some(r) if rng.below(2) == 0 => r.clone(),
                    _ if acts.len() > 1 && rng.below(4) != 0 => {
                        acts[rng.below(acts.len() - 1)].clone()
                    }
                    _ => acts[rng.below(acts.len())].clone(),
                }
            },
            |st| {
                if matches!(st.action, Action::Repulse { .. }) {
                    repulses += 1;
                }
                let ev = st.events;
                for e in ev {
                    if let Event::RepulseFailed { side, .. } = e {
                        assert!(e.visible_to(side.other()));
                        assert!(!ev.iter().any(|x| matches!(x, Event::Repulsed { .. })));
                    }
                }
                let o = h.occupancy(st.after);
                for x in &o.real[0] {
                    assert!(!o.real[1].contains(x), "{id}: both sides in {x:?}");
                }
                for (i, u) in st.after.units.iter().enumerate() {
                    assert!(u.sp <= init.units[i].sp.max(h.manifest.units[i].max));
                }
            },
        );
    }
    assert!(repulses > 0, "no repulse was ever tried");
}

#[test]
fn r126_2_a_force_starting_next_to_the_enemy_may_begin_with_a_repulse() {
    let Scene {
        h,
        mut s,
        f,
        c,
        at: _,
        mid,
        target,
    } = scene(20, 2, false);
    // A second enemy force makes `mid` a ZOC Bond: the force starts in it.
    let c2 = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            l != c
                && h.manifest.leaders[usize::from(l)].side == COALITION
                && h.manifest.leaders[usize::from(l)].mg.is_none()
        })
        .unwrap();
    set_force(&h, &mut s, c2, Arm::Infantry, 1);
    place(&mut s, c2, mid.neighbor(Direction::ALL[1]));
    place(&mut s, f, mid);
    let o = h.occupancy(&s);
    assert_eq!(h.zoc_sources(&s, &o, COALITION, mid), 2);
    let mut m = march(f, mid, Activation::Initiative);
    m.from_ezoc = true;
    s.march = Some(m);
    assert!(legal(&h, &s).contains(&Action::Repulse { target }));
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Repulse { target }, &mut ev)
        .unwrap();
    while s.repulse.is_some() {
        let a = legal(&h, &s)[0].clone();
        h.apply(&mut s, &a, &mut ev).unwrap();
    }
    assert!(ev.iter().any(|e| matches!(e, Event::Repulsed { .. })));
}

#[test]
fn r132_2_the_attack_owed_after_a_failed_repulse_is_a_pursuit_two_columns_left() {
    // The failed repulse of the test above, then the Battle Resolution Segment: the force
    // must attack the hex it failed against; its first-round chit is Pursuit only and the
    // odds are two CRT columns to the left of the same attack without the failure.
    let Scene {
        h,
        mut s,
        f,
        at,
        mid,
        target,
        ..
    } = scene(9, 2, false);
    s.march = Some(march(f, at, Activation::Command));
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: mid }, &mut ev).unwrap();
    h.apply(&mut s, &Action::Repulse { target }, &mut ev)
        .unwrap();
    assert_eq!(s.failed_repulses.len(), 1);
    s.march = None;
    s.phase = Phase::BattleResolution;
    let attack = Action::Attack {
        leader: f,
        parts: Vec::new(),
        hexes: alloc::vec![target],
    };
    let acts = legal(&h, &s);
    assert!(acts.contains(&attack), "{acts:?}");
    assert!(!acts.contains(&Action::Done), "¶122: the attack is owed");
    h.apply(&mut s, &attack, &mut ev).unwrap();
    let b = s.battle.clone().expect("a battle");
    assert!(h.after_failed_repulse(&s, &b));
    assert_eq!(h.actor(&s), Actor::Player(FRENCH));
    assert_eq!(
        legal(&h, &s),
        alloc::vec![Action::Chit(crate::hov::types::Chit::Pursuit)]
    );
    let (shifted, _) = h.battle_odds(&s, &b);
    let mut plain = s.clone();
    plain.failed_repulses.clear();
    assert!(!h.after_failed_repulse(&plain, &b));
    let (odds, _) = h.battle_odds(&plain, &b);
    assert_eq!(shifted.column, odds.column.saturating_sub(2), "{odds:?}");
    assert!(
        odds.column >= 2,
        "9 SP against 2 is well right of the leftmost columns"
    );
}
