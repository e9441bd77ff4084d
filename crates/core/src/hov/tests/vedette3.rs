//! Vedettes and ZOC Bonds: the repulse declared before the reveal (§70, §70 3, §74 4, reading
//! A26) and the cavalry vedette's repulse (§71).

use alloc::vec::Vec;

use crate::engine::{Actor, Rules, Side};
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{Activation, LeaderId, Phase, State, VedettePlace};
use crate::hov::types::{Arm, COALITION, FRENCH, Mp};

use super::march::{
    advance, clear_map_but, d6, foot_force, legal, load, marching, open_ground, place,
};
use super::repulse::set_force;

/// The first plain vedette (not a Cossack nor a Freikorps) of `side`, cavalry or not.
fn plain(h: &Hov, side: Side, cav: bool) -> u16 {
    (0..h.manifest.vedettes.len())
        .find(|&i| {
            let v = &h.manifest.vedettes[i];
            v.side == side && v.cavalry == cav && !v.cossack && !v.freikorps
        })
        .expect("a plain vedette") as u16
}

/// Two Coalition forces on the map (infantry, face down).
fn two_coalition(h: &Hov, s: &State) -> (LeaderId, LeaderId) {
    let c = foot_force(h, s, COALITION);
    let c2 = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            l != c
                && h.manifest.leaders[usize::from(l)].side == COALITION
                && matches!(
                    s.leaders[usize::from(l)].place,
                    crate::hov::state::LeaderPlace::Map(_)
                )
                && h.is_force(s, l)
        })
        .expect("a second Coalition force");
    (c, c2)
}

/// A French force of 6 infantry SP at open ground `a`, in the French Movement Command
/// Segment, its march under way (or, `start_in_bond`, standing at `b` with no march); hex `b`
/// next to `a` is a ZOC Bond as the French see it: a face-down Coalition force of 1 SP at
/// `c_at` = `b`+d0 and, at `v_at` = `b`+d1, a hidden Coalition cavalry vedette `v` (`real`: a
/// second face-down Coalition force of 1 SP instead).
struct Scene {
    h: Hov,
    s: State,
    f: LeaderId,
    b: Hex,
    c_at: Hex,
    v_at: Hex,
    v: u16,
}

fn scene(real: bool, start_in_bond: bool) -> Scene {
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let (c, c2) = two_coalition(&h, &s);
    let a = open_ground(&h);
    clear_map_but(&mut s, &[f]);
    set_force(&h, &mut s, f, Arm::Infantry, 6);
    let d = Direction::ALL;
    let b = a.neighbor(d[0]);
    let c_at = b.neighbor(d[0]);
    let v_at = b.neighbor(d[1]);
    let v = plain(&h, COALITION, true);
    place(&mut s, c, c_at);
    set_force(&h, &mut s, c, Arm::Infantry, 1);
    if real {
        place(&mut s, c2, v_at);
        set_force(&h, &mut s, c2, Arm::Infantry, 1);
    } else {
        s.vedettes[usize::from(v)].place = VedettePlace::Map(v_at);
        s.vedettes[usize::from(v)].revealed = false;
    }
    for l in &mut s.leaders {
        l.revealed = false;
    }
    if start_in_bond {
        place(&mut s, f, b);
    } else {
        place(&mut s, f, a);
        s.march = Some(marching(f, a, Activation::Command, 6));
    }
    Scene {
        h,
        s,
        f,
        b,
        c_at,
        v_at,
        v,
    }
}

fn act(h: &Hov, s: &mut State, a: &Action) -> Vec<Event> {
    let mut ev = Vec::new();
    h.apply(s, a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e:?}"));
    ev
}

fn steps(a: &[Action]) -> usize {
    a.iter()
        .filter(|a| matches!(a, Action::Step { .. }))
        .count()
}

#[test]
fn e70_1_a_force_entering_what_may_be_a_bond_declares_before_the_vedette_is_revealed() {
    let mut x = scene(false, false);
    let mut y = scene(true, false);
    let (h, f) = (&x.h, x.f);
    act(h, &mut x.s, &Action::Step { to: x.b });
    act(&y.h, &mut y.s, &Action::Step { to: y.b });
    // The march stops to declare; the vedette is not yet revealed.
    let m = x.s.march.as_ref().expect("the march");
    assert!(m.declare && m.stopped);
    assert!(
        !x.s.vedettes[usize::from(x.v)].revealed,
        "§70: revealed only after the declaration"
    );
    // Fog of war: the mover's choices and what it sees are those of a real bond of two forces.
    let offered = legal(h, &x.s);
    assert_eq!(
        offered,
        legal(&y.h, &y.s),
        "§68, §70: the vedette is not told from a force"
    );
    for a in [
        Action::Repulse { target: x.c_at },
        Action::Repulse { target: x.v_at },
        Action::Done,
    ] {
        assert!(offered.contains(&a), "{a:?} in {offered:?}");
    }
    assert_eq!(steps(&offered), 0);
    let ox = h.observation(&x.s, FRENCH);
    let oy = y.h.observation(&y.s, FRENCH);
    assert_eq!(
        ox.unknown, oy.unknown,
        "the French see two unknown stacks either way"
    );
    let e = h
        .apply(
            &mut x.s.clone(),
            &Action::Step {
                to: x.b.neighbor(Direction::ALL[5]),
            },
            &mut Vec::new(),
        )
        .expect_err("it declares first");
    assert_eq!(e.rule, "§70");
    // No repulse declared: the vedette is revealed and the force goes on, ignoring its ZOC.
    let ev = act(h, &mut x.s, &Action::Done);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RepulseWaived { hex, .. } if *hex == x.b))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::VedetteRevealed { vedette, .. } if *vedette == x.v))
    );
    assert!(x.s.vedettes[usize::from(x.v)].revealed);
    let m = x.s.march.as_ref().expect("the march goes on");
    assert!(!m.declare && !m.stopped && m.leader == f);
    assert!(steps(&legal(h, &x.s)) > 0, "§70: it may go on");
    // A real bond stops it for good (¶125).
    act(&y.h, &mut y.s, &Action::Done);
    let m = y.s.march.as_ref().expect("still its march");
    assert!(m.stopped);
    assert_eq!(steps(&legal(&y.h, &y.s)), 0, "¶125");
}

#[test]
fn e74_4_a_vedette_is_repulsed_only_on_an_attempt_declared_before_its_reveal() {
    // Declared with no repulse: the revealed vedette may no longer be repulsed.
    let mut x = scene(false, false);
    let h = x.h.clone();
    act(&h, &mut x.s, &Action::Step { to: x.b });
    act(&h, &mut x.s, &Action::Done);
    let offered = legal(&h, &x.s);
    assert!(
        !offered.contains(&Action::Repulse { target: x.v_at }),
        "{offered:?}"
    );
    assert!(offered.contains(&Action::Repulse { target: x.c_at }));
    let e = h
        .apply(
            &mut x.s.clone(),
            &Action::Repulse { target: x.v_at },
            &mut Vec::new(),
        )
        .expect_err("§74 4");
    assert_eq!(e.rule, "§74 4");
    // Declared: it is revealed, then repulsed at 6 SP to ½ SP.
    let mut x = scene(false, false);
    act(&h, &mut x.s, &Action::Step { to: x.b });
    let ev = act(&h, &mut x.s, &Action::Repulse { target: x.v_at });
    let reveal = ev
        .iter()
        .position(|e| matches!(e, Event::VedetteRevealed { vedette, .. } if *vedette == x.v))
        .expect("revealed");
    let declared = ev
        .iter()
        .position(|e| matches!(e, Event::RepulseDeclared { target, .. } if *target == x.v_at))
        .expect("declared");
    assert!(
        reveal < declared,
        "revealed before the attempt is carried out"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Repulsed { target, .. } if *target == x.v_at))
    );
    // The vedette steps back (its owner choosing where it may go), the force goes on.
    while let Actor::Player(side) = h.actor(&x.s) {
        if side != COALITION || x.s.repulse.is_none() {
            break;
        }
        let a = legal(&h, &x.s)[0].clone();
        act(&h, &mut x.s, &a);
    }
    assert_ne!(
        x.s.vedettes[usize::from(x.v)].place,
        VedettePlace::Map(x.v_at)
    );
    let m = x.s.march.as_ref().expect("the march goes on");
    assert!(!m.stopped, "¶131 3, §70: no bond is left");
}

#[test]
fn e70_2_a26_a_repulse_in_a_bond_resting_on_a_vedette_costs_one_mp_more() {
    let spent = |real: bool, free: bool| {
        let mut x = scene(real, false);
        if free {
            x.h.params
                .options
                .push(crate::hov::vedette::VEDETTE_REPULSE_FREE.into());
            x.h.params.options.sort();
        }
        let h = x.h.clone();
        act(&h, &mut x.s, &Action::Step { to: x.b });
        let before = x.s.march.as_ref().unwrap().spent_inf;
        act(&h, &mut x.s, &Action::Repulse { target: x.c_at });
        let m = x.s.march.as_ref().or(None);
        m.map(|m| m.spent_inf.minus(before))
    };
    // 6 SP against a force of some SP may fail; what matters is the MP paid on declaring, seen
    // while the march goes on or in its attrition stage.
    let vedette = spent(false, false);
    let real = spent(true, false);
    let free = spent(false, true);
    if let (Some(v), Some(r), Some(f)) = (vedette, real, free) {
        assert_eq!(
            v,
            Mp::ONE,
            "reading A26: 1 MP more in a bond resting on a vedette"
        );
        assert_eq!(r, Mp::ZERO, "¶133: none in a real bond");
        assert_eq!(f, Mp::ZERO, "option vedette-repulse-free: ¶133's rule");
    } else {
        panic!("the march ended: {vedette:?} {real:?} {free:?}");
    }
}

#[test]
fn e70_3_a_force_beginning_its_move_in_what_may_be_a_bond_declares_first() {
    for real in [false, true] {
        let mut x = scene(real, true);
        let h = x.h.clone();
        advance(&h, &mut x.s, Phase::InitiativeMovement, FRENCH);
        act(
            &h,
            &mut x.s,
            &Action::Initiative {
                leader: x.f,
                parts: Vec::new(),
            },
        );
        let die = (1..=6)
            .find(|&d| {
                let mut t = x.s.clone();
                act(&h, &mut t, &d6(d));
                t.march
                    .as_ref()
                    .is_some_and(|m| m.stage == crate::hov::state::MarchStage::Moving)
            })
            .expect("a die that lets it move");
        act(&h, &mut x.s, &d6(die));
        let m = x.s.march.as_ref().expect("moving");
        assert!(m.declare, "§70 3 (real bond: {real})");
        let offered = legal(&h, &x.s);
        assert_eq!(steps(&offered), 0, "§70 3: it begins with the declaration");
        assert!(offered.contains(&Action::Repulse { target: x.c_at }));
        assert!(offered.contains(&Action::Repulse { target: x.v_at }));
        assert!(offered.contains(&Action::Done));
        if !real {
            assert!(!x.s.vedettes[usize::from(x.v)].revealed);
        }
        act(&h, &mut x.s, &Action::Done);
        // Then it moves out as ¶126 lets it.
        assert!(steps(&legal(&h, &x.s)) > 0, "real bond: {real}");
        if !real {
            assert!(x.s.vedettes[usize::from(x.v)].revealed);
            assert!(
                !legal(&h, &x.s).contains(&Action::Repulse { target: x.v_at }),
                "§74 4"
            );
        }
    }
}

/// A French cavalry vedette at open ground next to a face-down Coalition force, in `phase`
/// (the French moving).
fn probing(phase: Phase) -> (Hov, State, u16, LeaderId, Hex) {
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    let phasing = if phase == Phase::ForcedMarch {
        COALITION
    } else {
        FRENCH
    };
    advance(&h, &mut s, phase, phasing);
    let c = foot_force(&h, &s, COALITION);
    let a = open_ground(&h);
    clear_map_but(&mut s, &[c]);
    let v = plain(&h, FRENCH, true);
    let t = a.neighbor(Direction::ALL[0]);
    s.vedettes[usize::from(v)].place = VedettePlace::Map(a);
    place(&mut s, c, t);
    s.leaders[usize::from(c)].revealed = false;
    (h, s, v, c, t)
}

#[test]
fn e71_a_cavalry_vedette_s_repulse_learns_the_enemy_leader_and_retreats_before_combat() {
    let (h, mut s, v, c, t) = probing(Phase::InitiativeMovement);
    act(
        &h,
        &mut s,
        &Action::MoveFree {
            leader: None,
            vedette: Some(v),
        },
    );
    let offered = legal(&h, &s);
    assert!(
        offered.contains(&Action::Repulse { target: t }),
        "§71: {offered:?}"
    );
    let ev = act(&h, &mut s, &Action::Repulse { target: t });
    assert!(ev.iter().any(|e| matches!(e, Event::VedetteRepulse { vedette, target, .. } if *vedette == v && *target == t)));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Revealed { leader, .. } if *leader == c))
    );
    assert!(
        s.leaders[usize::from(c)].revealed,
        "§71: its owner learns who leads there"
    );
    // The Coalition sees nothing it did not: its force is untouched, nothing repulsed.
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Repulsed { .. } | Event::Strength { .. }))
    );
    // Retreat before combat, at the owner's choice in the Movement Phase.
    let offered = legal(&h, &s);
    assert!(offered.contains(&Action::Done), "{offered:?}");
    let first = offered
        .iter()
        .find_map(|a| match a {
            Action::RetreatTo { hex } => Some(*hex),
            _ => None,
        })
        .expect("§71: a retreat hex");
    assert!(
        !offered
            .iter()
            .any(|a| matches!(a, Action::Step { .. } | Action::Repulse { .. }))
    );
    act(&h, &mut s, &Action::RetreatTo { hex: first });
    assert_eq!(s.vedettes[usize::from(v)].place, VedettePlace::Map(first));
    assert!(
        !h.in_zoc_of(&s, &h.occupancy(&s), COALITION, first, false),
        "§77: out of enemy ZOCs"
    );
    if s.march.is_some() {
        act(&h, &mut s, &Action::Done);
    }
    assert!(s.march.is_none(), "its move is over");
    assert!(s.vedettes[usize::from(v)].moved);
    // Staying instead: the move ends where it stood.
    let (h, mut s, v, _, t) = probing(Phase::InitiativeMovement);
    let at = s.vedettes[usize::from(v)].place;
    act(
        &h,
        &mut s,
        &Action::MoveFree {
            leader: None,
            vedette: Some(v),
        },
    );
    act(&h, &mut s, &Action::Repulse { target: t });
    act(&h, &mut s, &Action::Done);
    assert!(s.march.is_none());
    assert_eq!(s.vedettes[usize::from(v)].place, at);
}

#[test]
fn e71_in_forced_march_the_vedette_always_retreats_and_pays_the_mp() {
    let (h, mut s, v, _, t) = probing(Phase::ForcedMarch);
    assert_eq!(h.moving_side(&s), FRENCH);
    act(
        &h,
        &mut s,
        &Action::MoveFree {
            leader: None,
            vedette: Some(v),
        },
    );
    act(&h, &mut s, &Action::Repulse { target: t });
    let m = s.march.as_ref().expect("retreating");
    assert_eq!(m.spent_cav, Mp::ONE, "¶133 2");
    let offered = legal(&h, &s);
    assert!(!offered.is_empty());
    assert!(
        !offered.contains(&Action::Done),
        "§71: it always retreats: {offered:?}"
    );
    assert!(
        offered
            .iter()
            .all(|a| matches!(a, Action::RetreatTo { .. }))
    );
}

#[test]
fn e71_an_infantry_vedette_does_not_repulse() {
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, COALITION);
    let f = foot_force(&h, &s, FRENCH);
    let a = open_ground(&h);
    clear_map_but(&mut s, &[f]);
    let v = plain(&h, COALITION, false);
    let t = a.neighbor(Direction::ALL[0]);
    s.vedettes[usize::from(v)].place = VedettePlace::Map(a);
    place(&mut s, f, t);
    act(
        &h,
        &mut s,
        &Action::MoveFree {
            leader: None,
            vedette: Some(v),
        },
    );
    let offered = legal(&h, &s);
    assert!(
        !offered.iter().any(|a| matches!(a, Action::Repulse { .. })),
        "{offered:?}"
    );
    let e = h
        .apply(
            &mut s.clone(),
            &Action::Repulse { target: t },
            &mut Vec::new(),
        )
        .expect_err("§71: cavalry only");
    assert_eq!(e.rule, "§71");
}

#[test]
fn e70_e71_random_play_with_hidden_vedettes_in_bonds_never_dead_ends() {
    // From the scenes above and from each scenario's start, random legal actions apply and
    // the invariants hold (super::play::random_play).
    for (k, (real, start)) in [(false, false), (true, false), (false, true)]
        .into_iter()
        .enumerate()
    {
        let x = scene(real, start);
        for seed in 0..6 {
            super::play::random_play(&x.h, x.s.clone(), 0x7070 + 16 * k as u64 + seed, 300);
        }
    }
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        for seed in 0..3 {
            super::play::random_play(&h, h.initial_state(), 0x7071 + seed, 400);
        }
    }
}

#[test]
fn e78_1_e78_2_a_pursuit_goes_through_the_loser_s_vedettes_which_give_way() {
    use crate::hov::state::BattleStep;
    let h = load("hov/eylau");
    let v = plain(&h, COALITION, true);
    let Some((mut s, f, _, path)) = super::pursuit::pursuit_rolled(&h, 1, |s, _, _, path| {
        s.vedettes[usize::from(v)].place = VedettePlace::Map(path[1]);
    }) else {
        panic!("no pursuit");
    };
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::PursuitStop);
    let acts = legal(&h, &s);
    // §78 1: the vedette neither stops the pursuit nor calls for a repulse.
    assert!(
        !acts.contains(&Action::Repulse { target: path[1] }),
        "{acts:?}"
    );
    assert!(
        acts.contains(&Action::PursueTo { hex: path[1] }),
        "{acts:?}"
    );
    let ev = act(&h, &mut s, &Action::PursueTo { hex: path[1] });
    assert_eq!(
        s.leaders[usize::from(f)].place,
        crate::hov::state::LeaderPlace::Map(path[1])
    );
    // §78 2: displaced one hex (revealed) or eliminated.
    let now = s.vedettes[usize::from(v)].place;
    assert_ne!(now, VedettePlace::Map(path[1]));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::VedettePlaced { vedette, .. } if *vedette == v))
    );
    if let VedettePlace::Map(n) = now {
        assert_eq!(n.distance(path[1]), 1);
        assert!(s.vedettes[usize::from(v)].revealed);
    }
}

#[test]
fn e67_2_pool_vedettes_appear_with_a_force_made_in_the_organization_segment() {
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, COALITION);
    let place = |a: &Action| matches!(a, Action::PlaceVedette { .. });
    let offered = legal(&h, &s);
    assert!(!offered.iter().any(place), "no new force yet: {offered:?}");
    // A leader set up as a force of his own (¶80 2) or a Major General activated on the map
    // (¶69): pool vedettes of its army may appear with it.
    let made = offered
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Detach { .. } | Action::ActivateMg { under: None, .. }
            )
        })
        .find_map(|a| {
            let mut t = s.clone();
            act(&h, &mut t, a);
            let draws: Vec<Action> = legal(&h, &t).into_iter().filter(place).collect();
            (!draws.is_empty()).then_some((t, draws))
        });
    let (mut t, draws) = made.expect("a new Coalition force with a pool vedette of its army");
    let Action::PlaceVedette { vedette, hex } = draws[0] else {
        unreachable!()
    };
    assert_eq!(t.vedettes[usize::from(vedette)].place, VedettePlace::Pool);
    assert_eq!(h.manifest.vedettes[usize::from(vedette)].side, COALITION);
    let ev = act(&h, &mut t, &draws[0]);
    assert_eq!(
        t.vedettes[usize::from(vedette)].place,
        VedettePlace::Map(hex)
    );
    assert!(ev.iter().any(|e| matches!(e, Event::VedettePlaced { .. })));
    // Which forces are new is the owner's secret.
    assert!(h.observation(&t, FRENCH).org_forces.is_empty());
    assert!(!t.org_forces.is_empty());
    // A vedette may not be drawn for a force that was there at the start of the segment.
    let bad = Action::PlaceVedette { vedette, hex };
    let e = h
        .apply(&mut s.clone(), &bad, &mut Vec::new())
        .expect_err("§67 2");
    assert_eq!(e.rule, "§67, §217");
}

#[test]
fn e67_2_pool_vedettes_appear_with_a_subordinate_dropped_off_on_the_march() {
    use crate::hov::state::LeaderPlace;
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, COALITION);
    // A second Coalition force put on the first one's portrait (¶28).
    let (f, sub) = two_coalition(&h, &s);
    s.leaders[usize::from(sub)].place = LeaderPlace::Portrait(f);
    let a = open_ground(&h);
    clear_map_but(&mut s, &[f]);
    place(&mut s, f, a);
    s.march = Some(marching(f, a, Activation::Command, h.attrition_size(&s, f)));
    let b = a.neighbor(Direction::ALL[0]);
    act(&h, &mut s, &Action::Step { to: b });
    let place_v = |x: &Action| matches!(x, Action::PlaceVedette { .. });
    assert!(!legal(&h, &s).iter().any(place_v), "not during the march");
    act(&h, &mut s, &Action::DropOff { leader: sub });
    assert!(!legal(&h, &s).iter().any(place_v), "not during the march");
    act(&h, &mut s, &Action::Done);
    while s.march.is_some() {
        act(&h, &mut s, &d6(1));
    }
    let draws: Vec<Action> = legal(&h, &s).into_iter().filter(place_v).collect();
    assert!(!draws.is_empty(), "§67 2: with the new force at {b:?}");
    for d in &draws {
        let Action::PlaceVedette { vedette, hex } = *d else {
            unreachable!()
        };
        assert_eq!(h.manifest.vedettes[usize::from(vedette)].side, COALITION);
        assert!(hex.distance(b) <= 2);
    }
    act(&h, &mut s, &draws[0]);
    // It makes no move of its own this phase (no draw, move, back-to-the-pool cycle, §76 2).
    let Action::PlaceVedette { vedette, .. } = draws[0] else {
        unreachable!()
    };
    let free = Action::MoveFree {
        leader: None,
        vedette: Some(vedette),
    };
    assert!(!legal(&h, &s).contains(&free));
    assert!(s.vedettes[usize::from(vedette)].moved);
}
