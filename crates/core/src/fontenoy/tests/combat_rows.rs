//! Rows of 12.8 and 13.0–17.0 pinned one rule case at a time (the triage of the `partial`
//! rows): the triggers of a Fire Reaction, the attacker's and defender's checks of groups,
//! the countercharge's refusals, mixed attacks, advances, pursuits and Cavalry Reactions.

use super::close::*;
use super::*;
use crate::fontenoy::checks::CheckKind;
use crate::fontenoy::close::CloseStep;
use crate::fontenoy::state::Step;
use crate::fontenoy::types::{Morale, MoraleCheck};

fn offered(ev: &[Event], u: UnitId) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::ReactionOffered { mover, .. } if *mover == u))
}

// --- 12.8 the triggers of a Fire Reaction ---------------------------------------------------

/// The movement fixture's mover with the Allied battalion two hexes ahead of S1010, facing
/// back at it (within infantry range, able to fire).
fn watched(extra: impl FnOnce(&mut World)) -> (Fontenoy, State, UnitId) {
    super::movement::mover(|w| {
        let e = usize::from(super::multihex::ENEMY);
        let two = ahead(ahead(hex("S1010"), 0), 0);
        w.unit_state[e].place = Place::Map(Placed::at(two, Facing::new(7).unwrap()));
        extra(w);
    })
}

#[test]
fn r12_8_a_wheel_sets_off_a_fire_reaction() {
    let (r, mut s, u) = watched(|w| {
        let p = Placed {
            hexes: crate::fontenoy::geometry::line_hexes(hex("S1010"), Facing::new(1).unwrap(), 3)
                .unwrap(),
            facing: Facing::new(1).unwrap(),
            hook: None,
        };
        super::multihex::set(w, Kind::Cavalry, 12, 7, Formation::Line, p);
    });
    let ev = apply(
        &r,
        &mut s,
        Action::Wheel {
            unit: u,
            pivot: crate::fontenoy::geometry::HookSide::Right,
            turn: 1,
        },
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Wheeled { .. })));
    assert!(offered(&ev, u));
    assert!(matches!(
        top(&s),
        Some(Step::Fire(crate::fontenoy::state::FireStep::Reaction { mover, .. })) if mover == u
    ));
}

#[test]
fn r12_8_extending_sets_off_a_fire_reaction() {
    let (r, mut s, u) = watched(|w| {
        w.unit_state[usize::from(super::multihex::U)].sp = 8;
        w.units[usize::from(super::multihex::U)].sp = 8;
    });
    let axis = crate::fontenoy::geometry::line_axis(Facing::new(1).unwrap());
    let left = hex("S1010").neighbor(axis);
    let ev = apply(&r, &mut s, Action::Extend { unit: u, to: left });
    assert!(ev.iter().any(|e| matches!(e, Event::Resized { .. })));
    assert!(offered(&ev, u));
}

#[test]
fn r12_8_without_a_firer_in_range_nothing_is_offered() {
    let (r, mut s, u) = super::movement::mover(|w| {
        w.unit_state[usize::from(super::multihex::U)].sp = 8;
        w.units[usize::from(super::multihex::U)].sp = 8;
    });
    let axis = crate::fontenoy::geometry::line_axis(Facing::new(1).unwrap());
    let ev = apply(
        &r,
        &mut s,
        Action::Extend {
            unit: u,
            to: hex("S1010").neighbor(axis),
        },
    );
    assert!(!offered(&ev, u));
}

// --- 13.2 the attacker's Morale Check -------------------------------------------------------

/// A d100 result that fails a check of ER 30 (a check passes at the modified ER or more; 00–09
/// are the special results).
const FAIL: u8 = 15;

#[test]
fn r13_2b_a_charger_that_fails_its_mc_b_stays_and_is_shaken() {
    let (r, mut s, f, a) = charge_setup(3, crate::fontenoy::board::Terrain::Clear, |_| {});
    let t = at(&s, a);
    apply(&r, &mut s, Action::Attack { unit: f, target: t });
    apply(&r, &mut s, Action::EndSegment);
    let ev = apply(&r, &mut s, d100(FAIL));
    assert_eq!(s.unit(f).morale, Morale::Shaken);
    assert_eq!(at(&s, f), hex("S1010"), "it does not move");
    assert!(ev.contains(&Event::AttackCancelled {
        unit: f,
        rule: "13.2a".into()
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Charged { .. })));
    assert!(ev.contains(&Event::ActivationComplete));
}

#[test]
fn r13_2c_a_group_checks_on_its_top_non_artillery_unit_and_all_or_none_attack() {
    let mut ids = [0; 4];
    let (r, mut s) = cc(
        |w| {
            let g = unit(w, "GUN", FR, Kind::Artillery, 2, hex("S1010"), 1);
            let i1 = unit(w, "1 FRA", FR, Kind::Infantry, 3, hex("S1010"), 1);
            let i2 = unit(w, "2 FRA", FR, Kind::Infantry, 3, hex("S1010"), 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            w.unit_state[usize::from(g)].order = 0;
            w.unit_state[usize::from(i1)].order = 1;
            w.unit_state[usize::from(i2)].order = 2;
            ids = [g, i1, i2, a];
            (alloc::vec![i1, i2, g], alloc::vec![a])
        },
        |_| {},
    );
    let [g, i1, i2, a] = ids;
    let t = at(&s, a);
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: i1,
            target: t,
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::B));
            assert_eq!(req.unit, i1, "the top non-artillery unit");
        }
        other => panic!("{other:?}"),
    }
    let plan = r.close_segment(&s).unwrap().attacks[0].clone();
    assert_eq!(plan.units, alloc::vec![i1, i2], "the guns do not attack");
    // It fails: nobody of the group attacks.
    let ev = apply(&r, &mut s, d100(FAIL));
    assert!(ev.contains(&Event::AttackCancelled {
        unit: i1,
        rule: "13.2a".into()
    }));
    assert!(ev.contains(&Event::ActivationComplete));
    assert_eq!(s.unit(a).sp, 6);
    let _ = g;
}

// --- 13.5 countercharges --------------------------------------------------------------------

/// E45's position (A charges X; cavalry Y two hexes from A's first charge hex faces it), with
/// `tweak` applied to Y before A's first charge hex (and with `watcher` a French battalion
/// that has Y in its ZOC): whether Y is offered a countercharge.
fn countercharge_offered(watcher: bool, tweak: impl FnOnce(&mut State, UnitId)) -> bool {
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "CAR a", FR, Kind::Cavalry, 5, hex("S1010"), 1);
            let h1 = ahead(hex("S1010"), 0);
            let x = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(ahead(h1, 0), 0), 7);
            let y_at = ahead(ahead(h1, 1), 1);
            let y = unit(w, "Y CAV", AL, Kind::Cavalry, 4, y_at, 7);
            let mut fr = alloc::vec![a];
            if watcher {
                // Y lies toward direction 4 of this hex: a Frontal hex of facing 9.
                fr.push(unit(w, "2 FRA", FR, Kind::Infantry, 6, ahead(y_at, 1), 9));
            }
            ids = (a, x, y);
            (fr, alloc::vec![x, y])
        },
        |_| {},
    );
    let (a, x, y) = ids;
    let t = at(&s, x);
    attack(&r, &mut s, a, t);
    while top(&s) == Some(Step::Close(CloseStep::DefenderReaction)) {
        apply(&r, &mut s, Action::Pass);
    }
    tweak(&mut s, y);
    apply(
        &r,
        &mut s,
        Action::ChargeStep {
            unit: a,
            to: ahead(hex("S1010"), 0),
        },
    );
    top(&s) == Some(Step::Close(CloseStep::Countercharge))
        && legal(&r, &s).contains(&Action::Countercharge { unit: y })
}

#[test]
fn r13_5b_only_good_order_formed_cavalry_in_line_or_attack_column_countercharges() {
    assert!(countercharge_offered(false, |_, _| {}));
    assert!(!countercharge_offered(false, |s, y| s.unit_mut(y).morale = Morale::Shaken));
    assert!(!countercharge_offered(false, |s, y| s
        .unit_mut(y)
        .disordered = true));
    assert!(!countercharge_offered(false, |s, y| s
        .unit_mut(y)
        .formation =
        Formation::MarchColumn));
    assert!(countercharge_offered(false, |s, y| s
        .unit_mut(y)
        .formation =
        Formation::AttackColumn));
}

#[test]
fn r13_5b_no_countercharge_after_a_defenders_reaction_or_in_an_enemy_zoc() {
    // It made a Defender's Reaction this segment (13.4).
    assert!(!countercharge_offered(false, |s, y| {
        let c = s.activation.as_mut().unwrap().close.as_mut().unwrap();
        c.reacted.push(y);
    }));
    // A French battalion has Y in its ZOC.
    assert!(!countercharge_offered(true, |_, _| {}));
}

// --- 13.6, 13.7 designating the combats; the defender's check ------------------------------

#[test]
fn r13_6c_infantry_and_cavalry_attack_one_defender_together() {
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let x_at = ahead(hex("S1010"), 0);
            // The cavalry has X toward its direction 4: a Frontal hex of facing 9.
            let c = unit(w, "CAV", FR, Kind::Cavalry, 4, ahead(x_at, 1), 9);
            let x = unit(w, "1 ENG", AL, Kind::Infantry, 6, x_at, 7);
            ids = (f, c, x);
            (alloc::vec![f, c], alloc::vec![x])
        },
        |_| {},
    );
    let (f, c, x) = ids;
    let t = at(&s, x);
    apply(&r, &mut s, Action::Attack { unit: f, target: t });
    apply(&r, &mut s, Action::Attack { unit: c, target: t });
    apply(&r, &mut s, Action::EndSegment);
    checks(&r, &mut s);
    while top(&s) == Some(Step::Close(CloseStep::Retreat)) {
        apply(&r, &mut s, Action::Pass);
    }
    let combat = r
        .close_segment(&s)
        .unwrap()
        .current
        .clone()
        .expect("one combat");
    let mut attackers: Vec<Vec<UnitId>> =
        combat.attackers.iter().map(|g| g.units.clone()).collect();
    attackers.sort();
    assert_eq!(attackers, alloc::vec![alloc::vec![f], alloc::vec![c]]);
    assert_eq!(combat.defenders.len(), 1);
    assert_eq!(combat.defenders[0].units, alloc::vec![x]);
}

/// An English group of `kinds` (top first) in the French battalion's Frontal hex, attacked:
/// the unit asked for the Defender's MC(B).
fn defender_checker(kinds: &[Kind]) -> (UnitId, Vec<UnitId>) {
    let mut ids = (0, Vec::new());
    let kinds = kinds.to_vec();
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let mut al = Vec::new();
            for (i, &k) in kinds.iter().enumerate() {
                let name = alloc::format!("E{i}");
                let u = unit(w, &name, AL, k, 2, ahead(hex("S1010"), 0), 7);
                w.unit_state[usize::from(u)].order = i as u8;
                al.push(u);
            }
            ids = (f, al.clone());
            (alloc::vec![f], al)
        },
        |_| {},
    );
    let (f, al) = ids;
    attack(&r, &mut s, f, ahead(hex("S1010"), 0));
    while top(&s) == Some(Step::Close(CloseStep::Retreat)) {
        apply(&r, &mut s, Action::Pass);
    }
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::B));
            (req.unit, al)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn r13_7b_a_mixed_group_checks_on_its_top_infantry_and_guns_alone_on_the_top_gun() {
    let (u, al) = defender_checker(&[Kind::Artillery, Kind::Infantry, Kind::Infantry]);
    assert_eq!(u, al[1], "the top infantry unit, below the guns");
    let (u, al) = defender_checker(&[Kind::Artillery, Kind::Artillery]);
    assert_eq!(u, al[0], "the top gun");
}

// --- 16.1 who pursues -----------------------------------------------------------------------

/// French cavalry at S1010 (facing vertex 1) that has advanced and is to pursue a routed
/// English battalion at S1515; `more` adds units to the position.
fn pursuit_queued(
    more: impl FnOnce(&mut World) -> Vec<UnitId>,
) -> (Fontenoy, State, UnitId, UnitId, Vec<Event>) {
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let c = unit(w, "CAV", FR, Kind::Cavalry, 4, hex("S1010"), 1);
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 2, hex("S1515"), 7);
            let mut al = alloc::vec![e];
            al.extend(more(w));
            ids = (c, e);
            (alloc::vec![c], al)
        },
        |_| {},
    );
    let (c, e) = ids;
    s.unit_mut(e).morale = Morale::Routed;
    let cs = s.activation.as_mut().unwrap().close.as_mut().unwrap();
    cs.pursuits.push((
        alloc::vec![c],
        alloc::vec![e],
        crate::fontenoy::close::HexLabel(hex("S1010")),
    ));
    let mut ev = Vec::new();
    r.next_pursuit(&mut s, &mut ev);
    (r, s, c, e, ev)
}

#[test]
fn r16_1b_no_pursuit_with_a_non_routed_enemy_in_the_cavalrys_zoc() {
    let (_, s, c, _, ev) = pursuit_queued(|w| {
        alloc::vec![unit(
            w,
            "2 ENG",
            AL,
            Kind::Infantry,
            3,
            ahead(hex("S1010"), 1),
            10
        )]
    });
    assert!(ev.contains(&Event::NoPursuit {
        unit: c,
        why: "16.1b: a non-Routed enemy is in its ZOC".into()
    }));
    assert!(!matches!(
        top(&s),
        Some(Step::Close(CloseStep::PursuitDice { .. }))
    ));
    // A Routed one does not stop it.
    let (_, s, _, _, ev) = pursuit_queued(|w| {
        let u = unit(
            w,
            "2 ENG",
            AL,
            Kind::Infantry,
            3,
            ahead(hex("S1010"), 1),
            10,
        );
        w.unit_state[usize::from(u)].morale = Morale::Routed;
        alloc::vec![u]
    });
    assert!(!ev.iter().any(|e| matches!(e, Event::NoPursuit { .. })));
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::PursuitDice {
            special: false,
            reroll: false
        }))
    );
}

#[test]
fn r16_1b_no_pursuit_once_the_enemy_is_destroyed() {
    let (r, mut s) = cc(
        |w| {
            let c = unit(w, "CAV", FR, Kind::Cavalry, 4, hex("S1010"), 1);
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 2, hex("S1515"), 7);
            (alloc::vec![c], alloc::vec![e])
        },
        |_| {},
    );
    let (c, e) = (0, 1);
    s.unit_mut(e).place = Place::Destroyed;
    let cs = s.activation.as_mut().unwrap().close.as_mut().unwrap();
    cs.pursuits.push((
        alloc::vec![c],
        alloc::vec![e],
        crate::fontenoy::close::HexLabel(hex("S1010")),
    ));
    let mut ev = Vec::new();
    r.next_pursuit(&mut s, &mut ev);
    assert!(ev.contains(&Event::NoPursuit {
        unit: c,
        why: "16.1b: the enemy was destroyed".into()
    }));
}

// --- 17 Cavalry Reaction combats ------------------------------------------------------------

/// A French mover of `kind` (4 SP cavalry, or 6 SP infantry) at S1010 facing vertex 1 and a
/// 2-SP English cavalry unit three hexes ahead facing it, plus what `more` adds (French, then
/// Allied); the position at the start of the French Movement Segment.
pub(super) fn reaction_world(
    kind: Kind,
    more: impl FnOnce(&mut World) -> (Vec<UnitId>, Vec<UnitId>),
) -> (Fontenoy, State, UnitId, UnitId) {
    let mut w = World::new();
    let sp = if kind == Kind::Cavalry { 4 } else { 6 };
    let f = unit(&mut w, "F MOVER", FR, kind, sp, hex("S1010"), 1);
    let h3 = ahead(ahead(ahead(hex("S1010"), 0), 0), 0);
    let y = unit(&mut w, "Y CAV", AL, Kind::Cavalry, 2, h3, 7);
    let (mut fr, mut al) = more(&mut w);
    fr.insert(0, f);
    al.insert(0, y);
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
    (r, s, f, y)
}

/// The mover steps to the hex ahead; Y reacts and passes its MC(H) (d100 50).
pub(super) fn step_and_react(r: &Fontenoy, s: &mut State, f: UnitId, y: UnitId) -> Vec<Event> {
    let h1 = ahead(hex("S1010"), 0);
    apply(
        r,
        s,
        Action::Step {
            unit: f,
            to: h1,
            alone: false,
        },
    );
    assert_eq!(
        top(s),
        Some(Step::Close(CloseStep::CavalryReaction { mover: f }))
    );
    apply(
        r,
        s,
        Action::CavalryReact {
            unit: y,
            split: None,
        },
    );
    apply(r, s, d100(50))
}

/// Rolls the reaction combat to `result` (the defender's MC(B) passed), then settles the
/// checks and retreats until another decision is pending.
pub(super) fn fight_to(r: &Fontenoy, s: &mut State, result: &str) {
    checks(r, s);
    fire_misses(r, s);
    let dice = dice_for(r, s, result, false);
    roll(r, s, dice);
    loop {
        match top(s) {
            Some(Step::Check(_)) => {
                apply(r, s, d100(50));
            }
            Some(Step::RetreatChoice { .. }) => {
                settle(r, s);
            }
            _ => break,
        }
    }
}

pub(super) fn mover_done(s: &State, f: UnitId) -> bool {
    s.activation
        .as_ref()
        .unwrap()
        .moving
        .iter()
        .find(|m| m.unit == f)
        .is_some_and(|m| m.done)
}

pub(super) fn may_step(r: &Fontenoy, s: &State, f: UnitId) -> bool {
    legal(r, s)
        .iter()
        .any(|a| matches!(a, Action::Step { unit, .. } if *unit == f))
}

#[test]
fn r17_3c_a_winning_mover_goes_on_moving() {
    let (r, mut s, f, y) = reaction_world(Kind::Infantry, |_| (Vec::new(), Vec::new()));
    step_and_react(&r, &mut s, f, y);
    fight_to(&r, &mut s, "1R/1");
    assert_eq!(s.unit(f).sp, 5);
    assert!(!s.unit(f).disordered);
    assert_eq!(s.unit(y).morale, Morale::Routed);
    assert_ne!(
        top(&s),
        Some(Step::Close(CloseStep::Advance { side: FR })),
        "defending infantry never advances (15.1b)"
    );
    assert!(!mover_done(&s, f));
    assert!(may_step(&r, &s, f), "it still has MP: it may go on");
}

#[test]
fn r14_3b_r17_3c_a_mover_disordered_in_a_reaction_combat_stops() {
    let (r, mut s, f, y) = reaction_world(Kind::Infantry, |_| (Vec::new(), Vec::new()));
    step_and_react(&r, &mut s, f, y);
    fight_to(&r, &mut s, "1R/1D");
    assert!(s.unit(f).disordered, "D: the winner is Disordered (14.3a)");
    assert_eq!(s.unit(y).morale, Morale::Routed);
    assert!(mover_done(&s, f), "its move is over (14.3b)");
    assert!(!may_step(&r, &s, f));
}

#[test]
fn r17_2b_a_reactor_that_cannot_reach_the_mover_is_cancelled_and_shaken() {
    let mut b = 0;
    let (r, mut s, f, y) = reaction_world(Kind::Infantry, |w| {
        b = unit(w, "2 ENG", AL, Kind::Infantry, 3, hex("S2020"), 7);
        (Vec::new(), alloc::vec![b])
    });
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
    apply(
        &r,
        &mut s,
        Action::CavalryReact {
            unit: y,
            split: None,
        },
    );
    // The one hex it must enter is taken before it moves.
    s.unit_mut(b).place = Place::Map(Placed::at(ahead(h1, 0), Facing::new(7).unwrap()));
    let ev = apply(&r, &mut s, d100(50));
    assert_eq!(s.unit(y).morale, Morale::Shaken);
    assert_eq!(at(&s, y), ahead(ahead(h1, 0), 0), "it stays");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CloseState { unit, rule, .. } if *unit == y && rule == "17.2b"
    )));
    assert!(r.close_segment(&s).is_none_or(|c| c.current.is_none()));
}

#[test]
fn r17_2c_the_active_player_commits_no_cavalry_to_a_reaction_combat() {
    // A French cavalry unit has the hex the reactor enters in its front: in an ordinary
    // combat it could be committed (13.8a); here the mover's MC(B) comes at once.
    let mut k = 0;
    let (r, mut s, f, y) = reaction_world(Kind::Infantry, |w| {
        let h2 = ahead(ahead(hex("S1010"), 0), 0);
        k = unit(w, "F CAV", FR, Kind::Cavalry, 3, ahead(h2, 2), 11);
        (alloc::vec![k], Vec::new())
    });
    step_and_react(&r, &mut s, f, y);
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, f);
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::B));
        }
        other => panic!("{other:?}"),
    }
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(c.defenders.len(), 1);
    assert_eq!(c.defenders[0].units, alloc::vec![f]);
}

#[test]
fn r17_3e_r15_1b_winning_active_cavalry_attacked_in_front_advances_and_pursues_r15_1i() {
    // Z, more passive cavalry, stands 2 hexes from the hex the mover advances into.
    let mut z = 0;
    let (r, mut s, f, y) = reaction_world(Kind::Cavalry, |w| {
        let h4 = ahead(ahead(ahead(ahead(hex("S1010"), 0), 0), 0), 0);
        z = unit(w, "Z CAV", AL, Kind::Cavalry, 3, h4, 7);
        (Vec::new(), alloc::vec![z])
    });
    let h1 = ahead(hex("S1010"), 0);
    let h2 = ahead(h1, 0);
    step_and_react(&r, &mut s, f, y);
    fight_to(&r, &mut s, "1R/1");
    assert_eq!(s.unit(y).morale, Morale::Routed);
    assert_ne!(at(&s, y), h2, "the reactor routed away");
    // 15.1b: the defending cavalry in Line must advance into the vacated Frontal hex.
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Advance {
            unit: f,
            to: h2,
            alone: false
        }]
    );
    assert_eq!(refused(&r, &s, Action::EndAdvance).rule, "15.1c");
    let ev = apply(
        &r,
        &mut s,
        Action::Advance {
            unit: f,
            to: h2,
            alone: false,
        },
    );
    assert_eq!(at(&s, f), h2);
    // 15.1i: no Fire or Cavalry Reaction, though Z is within 2 hexes.
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    assert!(!matches!(
        top(&s),
        Some(Step::Close(CloseStep::CavalryReaction { .. }))
    ));
    // 16.1a, 15.1g: it pursues (no free turn first).
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::PursuitDice {
            special: false,
            reroll: false
        }))
    );
    let _ = z;
}

// --- 13.8 committed cavalry -----------------------------------------------------------------

/// E46 situation 1: French infantry A attacks English cavalry X ahead of it; English cavalry
/// Y on A's flank facing it is committed. `x_retreats`: X retreats before combat.
fn committed(x_retreats: bool) -> (Fontenoy, State, [UnitId; 3]) {
    let mut ids = [0; 3];
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let x = unit(w, "X CAV", AL, Kind::Cavalry, 3, ahead(hex("S1010"), 0), 7);
            let y = unit(w, "Y CAV", AL, Kind::Cavalry, 3, ahead(hex("S1010"), 2), 9);
            ids = [a, x, y];
            (alloc::vec![a], alloc::vec![x, y])
        },
        |_| {},
    );
    let [a, x, y] = ids;
    let t = at(&s, x);
    attack(&r, &mut s, a, t);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Commit)));
    apply(&r, &mut s, Action::Commit { unit: y });
    while top(&s) == Some(Step::Close(CloseStep::Retreat)) {
        let acts = legal(&r, &s);
        if x_retreats && acts.contains(&Action::RetreatBefore { unit: x }) {
            apply(&r, &mut s, Action::RetreatBefore { unit: x });
        } else {
            apply(&r, &mut s, Action::Pass);
        }
        settle(&r, &mut s);
        checks(&r, &mut s);
    }
    checks(&r, &mut s);
    (r, s, ids)
}

#[test]
fn r13_8c_e46_after_the_first_defender_retreats_the_attacker_fights_the_cavalry_and_stays() {
    let (r, mut s, [a, x, y]) = committed(true);
    let x_hex = ahead(hex("S1010"), 0);
    assert_ne!(at(&s, x), x_hex, "X retreated before combat");
    let c = r
        .close_segment(&s)
        .unwrap()
        .current
        .clone()
        .expect("the combat goes on");
    assert!(
        c.defenders
            .iter()
            .any(|g| g.committed && g.units == alloc::vec![y])
    );
    fight_to(&r, &mut s, "1/1R");
    assert_eq!(s.unit(y).morale, Morale::Routed);
    assert_ne!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    assert_eq!(at(&s, a), hex("S1010"), "no advance into X's hex (13.8c)");
}

#[test]
fn r13_8d_e46_the_attacker_advances_only_into_the_first_defenders_hex() {
    let (r, mut s, [a, x, y]) = committed(false);
    fight_to(&r, &mut s, "1/1R");
    assert_eq!(s.unit(x).morale, Morale::Routed);
    assert_eq!(s.unit(y).morale, Morale::Routed);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Advance {
            unit: a,
            to: ahead(hex("S1010"), 0),
            alone: false
        }]
    );
}

// --- 13.4f reactions set off no reactions --------------------------------------------------

#[test]
fn r13_4f_a_defenders_reaction_sets_off_no_fire_or_cavalry_reaction() {
    let (r, mut s, f, a) = charge_setup(3, crate::fontenoy::board::Terrain::Clear, |_| {});
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::DefenderReaction)));
    let to = s.unit(a).placed().unwrap().facing.rotate(2).index();
    let before = at(&s, a);
    let ev = apply(
        &r,
        &mut s,
        Action::React {
            unit: a,
            facing: to,
            square: false,
            formation: None,
        },
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Reacted { .. })));
    assert_eq!(
        at(&s, a),
        before,
        "a reaction never moves a unit (13.4c, E44)"
    );
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ReactionOffered { .. }))
    );
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.unit, a, "only its DC(D) follows"),
        other => panic!("{other:?}"),
    }
}

// --- 13.3a a group's charge range; 16.1b no pursuit after a retreat before combat ----------

#[test]
fn r13_3a_a_mixed_groups_charge_range_is_its_shortest() {
    let build = |gap: u8| {
        let mut ids = (0, 0, 0);
        let (r, s) = cc(
            |w| {
                let c = unit(w, "CAR a", FR, Kind::Cavalry, 3, hex("S1010"), 1);
                let l = unit(w, "HUS b", FR, Kind::Cavalry, 2, hex("S1010"), 1);
                w.units[usize::from(l)].light = true;
                w.unit_state[usize::from(l)].order = 1;
                let mut h = hex("S1010");
                for _ in 0..gap {
                    h = ahead(h, 0);
                }
                let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, h, 7);
                ids = (c, l, a);
                (alloc::vec![c, l], alloc::vec![a])
            },
            |_| {},
        );
        (r, s, ids)
    };
    // 4 hexes away: 3 hexes of charge movement reach a hex next to it.
    let (r, s, (c, l, a)) = build(4);
    // French 3 hexes, French light 2 (the cavalry charge chart, F-3.1c).
    assert_eq!(r.charge_range(&[c]), crate::fontenoy::types::Pts::whole(3));
    assert_eq!(r.charge_range(&[l]), crate::fontenoy::types::Pts::whole(2));
    assert_eq!(
        r.charge_range(&[c, l]),
        crate::fontenoy::types::Pts::whole(2)
    );
    let t = at(&s, a);
    assert_eq!(
        refused(&r, &s, Action::Attack { unit: c, target: t }).rule,
        "13.1d"
    );
    let (r, mut s, (c, _, a)) = build(3);
    let t = at(&s, a);
    apply(&r, &mut s, Action::Attack { unit: c, target: t });
}

#[test]
fn r16_1b_no_pursuit_after_a_retreat_before_combat() {
    // Austrian light cavalry may retreat before cavalry that is not light (F-4.1e).
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let c = unit(w, "CAV", FR, Kind::Cavalry, 4, hex("S1010"), 1);
            let x = unit(w, "A HUS", AL, Kind::Cavalry, 2, ahead(hex("S1010"), 0), 7);
            w.units[usize::from(x)].light = true;
            w.units[usize::from(x)].nationality = crate::fontenoy::types::Nationality::Austrian;
            ids = (c, x);
            (alloc::vec![c], alloc::vec![x])
        },
        |_| {},
    );
    let (c, x) = ids;
    let t = at(&s, x);
    attack(&r, &mut s, c, t);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Retreat)));
    apply(&r, &mut s, Action::RetreatBefore { unit: x });
    settle(&r, &mut s);
    checks(&r, &mut s);
    assert_ne!(at(&s, x), t);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: c,
            to: t,
            alone: false,
        },
    );
    assert!(!matches!(
        top(&s),
        Some(Step::Close(CloseStep::PursuitDice { .. }))
    ));
    assert!(r.close_segment(&s).is_none_or(|c| c.pursuit.is_none()));
}

#[test]
fn r17_1c_each_group_reacts_on_its_own_one_after_another() {
    let mut y2 = 0;
    let (r, mut s, f, y) = reaction_world(Kind::Infantry, |w| {
        let h1 = ahead(hex("S1010"), 0);
        y2 = unit(w, "Y2 CAV", AL, Kind::Cavalry, 2, ahead(ahead(h1, 1), 1), 9);
        (Vec::new(), alloc::vec![y2])
    });
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: f,
            to: ahead(hex("S1010"), 0),
            alone: false,
        },
    );
    let react = |u| Action::CavalryReact {
        unit: u,
        split: None,
    };
    let acts = legal(&r, &s);
    assert!(acts.contains(&react(y)) && acts.contains(&react(y2)));
    apply(&r, &mut s, react(y));
    // Y fails its MC(H): Shaken, no reaction (17.2a); the window opens again for Y2.
    apply(&r, &mut s, d100(FAIL));
    assert_eq!(s.unit(y).morale, Morale::Shaken);
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::CavalryReaction { mover: f }))
    );
    let acts = legal(&r, &s);
    assert!(acts.contains(&react(y2)));
    assert!(!acts.contains(&react(y)));
}

#[test]
fn r16_3b_a_failed_recall_lets_the_pursuit_go_on_with_its_pp_and_ends_disordered() {
    let (r, mut s, c, _, _) = pursuit_queued(|_| Vec::new());
    apply(&r, &mut s, d10(5));
    let pp = r.close_segment(&s).unwrap().pursuit.clone().unwrap().pp;
    apply(&r, &mut s, Action::Recall { unit: c });
    apply(&r, &mut s, d100(FAIL));
    assert!(s.unit(c).disordered);
    let p = r
        .close_segment(&s)
        .unwrap()
        .pursuit
        .clone()
        .expect("it goes on");
    assert_eq!(p.pp, pp, "not halved");
    assert!(p.recall_tried);
    assert_eq!(legal(&r, &s), alloc::vec![Action::Pursue { unit: c }]);
}

// --- 14.3a guns and unactivated units behind a "D" -----------------------------------------

#[test]
fn r14_3a_guns_stay_formed_only_behind_a_group_that_advances() {
    // Two attacking battalions, each with guns below it, against one defender: "1D/2R".
    let mut ids = [0; 5];
    let (r, mut s) = cc(
        |w| {
            let d = unit(w, "1 ENG", AL, Kind::Infantry, 4, hex("S1212"), 7);
            let a1 = unit(w, "1 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 3), 1);
            let g1 = unit(w, "G1", FR, Kind::Artillery, 2, ahead(hex("S1212"), 3), 1);
            let a2 = unit(w, "2 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 4), 1);
            let g2 = unit(w, "G2", FR, Kind::Artillery, 2, ahead(hex("S1212"), 4), 1);
            for (u, o) in [(a1, 0), (g1, 1), (a2, 0), (g2, 1)] {
                w.unit_state[usize::from(u)].order = o;
            }
            ids = [d, a1, g1, a2, g2];
            (alloc::vec![a1, g1, a2, g2], alloc::vec![d])
        },
        |_| {},
    );
    let [d, a1, g1, a2, g2] = ids;
    let t = at(&s, d);
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: a1,
            target: t,
        },
    );
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: a2,
            target: t,
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    checks(&r, &mut s);
    fight_to(&r, &mut s, "1D/2R");
    assert!(s.unit(a1).disordered && s.unit(a2).disordered);
    assert!(!s.unit(g1).disordered && !s.unit(g2).disordered, "not yet");
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
    apply(
        &r,
        &mut s,
        Action::Advance {
            unit: a2,
            to: t,
            alone: false,
        },
    );
    while let Some(Step::Close(CloseStep::AdvanceFacing { .. })) = top(&s) {
        apply(&r, &mut s, Action::Pass);
    }
    if top(&s) == Some(Step::Close(CloseStep::Advance { side: FR })) {
        apply(&r, &mut s, Action::EndAdvance);
    }
    assert_eq!(at(&s, a2), t);
    assert!(!s.unit(g2).disordered, "its battalion advanced");
    assert!(s.unit(g1).disordered, "its battalion stayed");
}

/// The mover's pending or taken DC(A) checks in `ev` and on the stack.
fn dca_of(s: &State, ev: &[Event], f: UnitId) -> usize {
    use crate::fontenoy::types::DisorderCheck;
    let a = CheckKind::Disorder(DisorderCheck::A);
    ev.iter()
        .filter(|e| matches!(e, Event::Check { unit, check, .. } if *unit == f && *check == a))
        .count()
        + s.steps
            .iter()
            .filter(|st| matches!(st, Step::Check(r) if r.unit == f && r.kind == a))
            .count()
}

#[test]
fn r17_3f_a_mover_stopped_by_a_reaction_combat_takes_the_dc_a_it_owes() {
    let (r, mut s, f, y) = reaction_world(Kind::Infantry, |_| (Vec::new(), Vec::new()));
    step_and_react(&r, &mut s, f, y);
    // As if the step had crossed terrain that calls for a DC(A) (11.2d).
    s.activation
        .as_mut()
        .unwrap()
        .moving
        .iter_mut()
        .find(|m| m.unit == f)
        .unwrap()
        .dca = 1;
    checks(&r, &mut s);
    fire_misses(&r, &mut s);
    let dice = dice_for(&r, &s, "1R/1D", false);
    let mut ev = roll(&r, &mut s, dice);
    while let Some(Step::Check(_) | Step::RetreatChoice { .. }) = top(&s) {
        if let Some(Step::Check(_)) = top(&s) {
            ev.extend(apply(&r, &mut s, d100(99)));
        } else {
            ev.extend(settle(&r, &mut s));
        }
    }
    assert!(mover_done(&s, f), "its move is over (14.3b)");
    assert_eq!(
        dca_of(&s, &ev, f),
        1,
        "17.3f: the DC(A) is still taken: {ev:?}"
    );
}

#[test]
fn r17_3f_a_mover_routed_by_a_reaction_combat_takes_no_dc_a() {
    let (r, mut s, f, y) = reaction_world(Kind::Infantry, |_| (Vec::new(), Vec::new()));
    step_and_react(&r, &mut s, f, y);
    s.activation
        .as_mut()
        .unwrap()
        .moving
        .iter_mut()
        .find(|m| m.unit == f)
        .unwrap()
        .dca = 1;
    checks(&r, &mut s);
    fire_misses(&r, &mut s);
    let dice = dice_for(&r, &s, "1/1R", false);
    let mut ev = roll(&r, &mut s, dice);
    while let Some(Step::Check(_) | Step::RetreatChoice { .. }) = top(&s) {
        if let Some(Step::Check(_)) = top(&s) {
            ev.extend(apply(&r, &mut s, d100(99)));
        } else {
            ev.extend(settle(&r, &mut s));
        }
    }
    assert_eq!(s.unit(f).morale, Morale::Routed);
    assert_eq!(dca_of(&s, &ev, f), 0, "17.3f: no DC(A) for a Routed mover");
}
