//! Engine-level tests: the rulebook's worked examples driven through actions and scripted
//! dice (digest §7.1), the interrupt windows, and the refusals that name their case.

use alloc::string::String;
use alloc::vec::Vec;

use super::state::{Phase, Place, State, Task, UnitId};
use super::types::{Formation, MoraleState};
use super::{Action, Event, Nbs};
use crate::data::Library;
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};

pub(super) fn rules(id: &str) -> Nbs {
    let lib = Library::builtin().unwrap();
    Nbs::new(&lib.scenario(id).unwrap()).unwrap()
}

/// Scenario 3 with every counter off the map, turn 1, the French phasing in `phase`.
pub(super) fn empty(r: &Nbs, phase: Phase) -> State {
    let mut s = r.initial_state();
    for u in &mut s.units {
        u.place = Place::Off;
    }
    s.tasks.clear();
    s.player_turn = 1; // the Allies move first (AUS 5.2): the second player turn is French
    s.phase = phase;
    s
}

pub(super) fn id(r: &Nbs, name: &str) -> UnitId {
    r.unit_index(name).unwrap_or_else(|| panic!("no {name}"))
}

/// The leader of `u`'s division (its formation by division code).
pub(super) fn division_leader(r: &Nbs, u: UnitId) -> UnitId {
    let info = &r.units[usize::from(u)];
    r.formations
        .iter()
        .find(|f| f.side == info.side && f.code == info.division)
        .map(|f| f.leader)
        .expect("a division leader")
}

pub(super) fn hex(r: &Nbs, label: &str) -> Hex {
    r.board.grid.parse(label).unwrap()
}

pub(super) fn dir(c: Compass) -> Direction {
    Direction::from_compass(c)
}

pub(super) fn put(s: &mut State, u: UnitId, h: Hex, f: Facing, form: Formation) {
    let x = &mut s.units[usize::from(u)];
    x.place = Place::At(h);
    x.facing = f;
    x.formation = form;
    x.order = u;
}

pub(super) fn apply(r: &Nbs, s: &State, a: Action) -> (State, Vec<Event>) {
    r.applied(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

pub(super) fn d66(v: u32) -> Action {
    Action::Roll(DiceSpec::D66.roll(v).unwrap())
}

pub(super) fn d6(v: u32) -> Action {
    Action::Roll(DiceSpec::D6.roll(v).unwrap())
}

/// Two French A brigades in line fire from two hexes at an Allied A brigade in line facing
/// them (the 20.4 first example's numbers): 2 + 2 fire points, column 4.
pub(super) fn two_lines_at_one(r: &Nbs) -> (State, Hex, UnitId) {
    let mut s = empty(r, Phase::OffensiveFire);
    let x = hex(r, "B40.12");
    let a = id(r, "2-1-1");
    let b = id(r, "1-2-1");
    let t = id(r, "Y2-1-L");
    put(
        &mut s,
        a,
        x.neighbor(dir(Compass::NW)),
        Facing::side(dir(Compass::SE)),
        Formation::Line,
    );
    put(
        &mut s,
        b,
        x.neighbor(dir(Compass::SW)),
        Facing::side(dir(Compass::NE)),
        Formation::Line,
    );
    put(
        &mut s,
        t,
        x,
        Facing::corner(dir(Compass::NW)),
        Formation::Line,
    );
    let mut s2 = s.clone();
    for (u, f) in [
        (a, Action::AddFirer { unit: a }),
        (b, Action::AddFirer { unit: b }),
    ] {
        let _ = u;
        if s2.tasks.is_empty() {
            s2 = apply(
                r,
                &s2,
                Action::Target {
                    hex: x,
                    artillery: None,
                },
            )
            .0;
        }
        s2 = apply(r, &s2, f).0;
    }
    (s2, x, t)
}

#[test]
fn r20_4_example_1_two_a_lines_column_4_roll_46() {
    let r = rules("nbs/austerlitz-3");
    let (s, x, t) = two_lines_at_one(&r);
    let (s, ev) = apply(&r, &s, Action::Resolve);
    let declared = ev.iter().find_map(|e| match e {
        Event::FireDeclared {
            fire_points,
            column,
            shift,
            ..
        } => Some((*fire_points, *column, *shift)),
        _ => None,
    });
    assert_eq!(
        declared,
        Some((16, 4, 0)),
        "4 fire points (in quarters: 16), no shift, column 4"
    );
    assert_eq!(r.actor(&s), Actor::Chance(Chance::Dice(DiceSpec::D66)));
    let (s, ev) = apply(&r, &s, d66(46));
    assert!(ev.iter().any(
        |e| matches!(e, Event::Losses { unit, casualties: 1, stragglers: 1, .. } if *unit == t)
    ));
    // 20.4a: every numeric result calls for a morale check.
    assert!(matches!(s.tasks.last(), Some(Task::Morale(c)) if c.hex == x));
    // 20.6: one casualty and one straggler on A1 B4 C3 leave the brigade at B.
    assert_eq!(r.fire_level(&s, t), super::types::FireLevel::A);
    assert_eq!(s.casualty_track[1], 1, "1.1f: casualties only");
}

#[test]
fn r20_6_loss_chart_example_wrecks_brigade_and_division() {
    // 20.6: row A1 B4 C3 with the wreck mark after the third box, in a division whose
    // wrecked line is one brigade.
    let mut r = rules("nbs/austerlitz-3");
    let u = id(&r, "1-2-1");
    r.units[usize::from(u)].wreck_boxes = 3;
    let div = r.units[usize::from(u)].wreck_division.clone();
    r.divisions.retain(|d| d.0 != div);
    r.divisions.push((div.clone(), 1));
    let mut s = empty(&r, Phase::OffensiveFire);
    put(
        &mut s,
        u,
        hex(&r, "B40.12"),
        Facing::side(dir(Compass::N)),
        Formation::Line,
    );
    let mut ev = Vec::new();
    r.add_losses(&mut s, u, 1, 1, &mut ev);
    assert_eq!(
        r.fire_level(&s, u),
        super::types::FireLevel::B,
        "one X and one / leave B"
    );
    assert!(!r.wrecked(&s, u));
    r.add_losses(&mut s, u, 1, 0, &mut ev);
    assert_eq!(
        (
            s.units[usize::from(u)].casualties,
            s.units[usize::from(u)].stragglers
        ),
        (2, 1)
    );
    assert!(r.wrecked(&s, u), "three boxes filled: wrecked (20.6a)");
    assert!(r.division_wrecked(&s, &div), "20.6b");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Wrecked { wrecked: true, .. }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DivisionWrecked { wrecked: true, .. }))
    );
}

#[test]
fn r20_2d_a_hex_is_fired_at_once_at_its_top_unit() {
    let r = rules("nbs/austerlitz-3");
    let (s, x, _) = two_lines_at_one(&r);
    let (s, _) = apply(&r, &s, Action::Resolve);
    let (s, _) = apply(&r, &s, d66(11));
    let s = resolve_all_chance(&r, s);
    let mut v = Vec::new();
    r.legal_actions(&s, &mut v);
    assert!(!v.contains(&Action::Target {
        hex: x,
        artillery: None
    }));
    let e = r
        .applied(
            &s,
            &Action::Target {
                hex: x,
                artillery: None,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "20.2d");
}

pub(super) fn resolve_all_chance(r: &Nbs, mut s: State) -> State {
    while let Actor::Chance(_) = r.actor(&s) {
        let mut v = Vec::new();
        r.legal_actions(&s, &mut v);
        s = apply(r, &s, v[0].clone()).0;
    }
    s
}

#[test]
fn r23_0_close_combat_subsequence_order() {
    // The 23.0 narrative: the attacker enters; the defender fires (with its unlimbered
    // battery), the attacker fires, the attacker checks morale, the defender checks morale,
    // the Odds Table decides and the loser retreats one hex.
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let x = hex(&r, "B40.12");
    let from = x.neighbor(dir(Compass::NW));
    let att = id(&r, "1-1-4");
    let def = id(&r, "Y2-1-L");
    let gun = id(&r, "4b(h-f)");
    let face_x = Facing::side(dir(Compass::SE));
    put(&mut s, att, from, face_x, Formation::Column);
    put(
        &mut s,
        def,
        x,
        Facing::corner(dir(Compass::NW)),
        Formation::Line,
    );
    // An Allied battery is not in the text; the French 4b stands in for the defender's guns
    // by switching sides in this test.
    let mut r2 = r.clone();
    r2.units[usize::from(gun)].side = Side(1);
    // The subsequence, not the Attack order that allows it (10.1a), is under test.
    r2.strict_orders = false;
    put(
        &mut s,
        gun,
        x,
        Facing::corner(dir(Compass::NW)),
        Formation::Unlimbered,
    );
    let mut v = Vec::new();
    r2.legal_actions(&s, &mut v);
    let a = Action::Assault { from, target: x };
    assert!(v.contains(&a), "{v:?}");
    let (s, ev) = apply(&r2, &s, a);
    assert!(matches!(ev[0], Event::CloseCombat { .. }));
    // B: the defender fires first, at the attacker's hex, at close-combat range.
    let fired_at: Vec<Hex> = ev
        .iter()
        .filter_map(|e| match e {
            Event::FireDeclared { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(fired_at, [from]);
    let (s, ev) = apply(&r2, &s, d66(11)); // defender fire: no effect
    // C: the attacker fires at the defender.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FireDeclared { target, .. } if *target == x))
    );
    let (s, _) = apply(&r2, &s, d66(11));
    // D: the attacker's morale check, then E: the defender's.
    assert!(matches!(s.tasks.last(), Some(Task::Morale(c)) if c.hex == from));
    let (s, _) = apply(&r2, &s, d66(11));
    assert!(matches!(s.tasks.last(), Some(Task::Morale(c)) if c.hex == x));
    let (s, ev) = apply(&r2, &s, d66(11));
    // F: the Odds Table.
    assert!(ev.iter().any(|e| matches!(e, Event::Odds { .. })));
    assert_eq!(r2.actor(&s), Actor::Chance(Chance::Dice(DiceSpec::D6)));
    let (s, ev) = apply(&r2, &s, d6(6));
    let won = ev.iter().find_map(|e| match e {
        Event::OddsRoll { attacker_wins, .. } => Some(*attacker_wins),
        _ => None,
    });
    assert_eq!(
        won,
        Some(true),
        "a 6 at these odds wins for the attacker: {ev:?}"
    );
    {
        // 27.4: the battery limbers to retreat with the stack, rolling on the Gun Loss Table.
        assert!(matches!(s.tasks.last(), Some(Task::GunLoss { unit }) if *unit == gun));
        let (s, _) = apply(&r2, &s, d6(6));
        // The defender retreats one hex, away from the attacker (23.1k).
        let Some(Task::Retreat(rt)) = s.tasks.last() else {
            panic!("the loser retreats: {:?}", s.tasks)
        };
        assert_eq!(rt.left, 1);
        let mut v = Vec::new();
        r2.legal_actions(&s, &mut v);
        let Action::RetreatTo { hex: to } = v[0] else {
            panic!()
        };
        assert!(to.distance(from) > x.distance(from));
        let (mut s, _) = apply(&r2, &s, v[0].clone());
        // 13.1a, 23.1o: the stacks may re-face freely; both keep their facing here.
        let mut refaced = 0;
        while let Some(Task::Reface { .. }) = s.tasks.last() {
            s = apply(&r2, &s, Action::Pass).0;
            refaced += 1;
        }
        assert_eq!(
            refaced, 3,
            "after the retreat, then attacker and defender after the combat"
        );
        // The attacker takes the hex and stops (23.0).
        assert_eq!(s.units[usize::from(att)].place, Place::At(x));
        assert!(r2.stopped(&s, att));
    }
}

#[test]
fn r15_1_opportunity_fire_window_on_leaving_the_zone() {
    let r0 = rules("nbs/austerlitz-3");
    let mut r = r0.clone();
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(1); // an Allied battery for the test (see above)
    let mut s = empty(&r, Phase::Movement);
    let b = hex(&r, "B40.12");
    let west = Facing::corner(dir(Compass::NW));
    put(&mut s, gun, b, west, Formation::Unlimbered);
    let mover = id(&r, "1-1-4");
    let two_west = b.neighbor(dir(Compass::NW)).neighbor(dir(Compass::SW));
    put(
        &mut s,
        mover,
        two_west,
        Facing::side(dir(Compass::N)),
        Formation::Column,
    );
    assert!(r.in_cfz(&s, gun, two_west));
    // Turning in the zone never triggers (15.1h).
    let (s1, _) = apply(
        &r,
        &s,
        Action::Face {
            unit: mover,
            facing: Facing::side(dir(Compass::NW)).index(),
        },
    );
    assert!(s1.tasks.is_empty());
    // A step that stays inside the zone does not trigger (15.1b).
    let inside = two_west.neighbor(dir(Compass::N));
    assert!(r.in_cfz(&s, gun, inside));
    let (s2, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: mover,
            to: inside,
        },
    );
    assert!(s2.tasks.is_empty());
    // Leaving the zone opens the window for the non-phasing player: find a hex of the zone
    // with a neighbour outside it.
    let mut found = None;
    for at in r.board.hexes().filter(|h| h.distance(b) <= 3) {
        if !r.in_cfz(&s, gun, at) {
            continue;
        }
        for to in at.neighbors() {
            if r.board.on_map(to)
                && to != b
                && to.distance(b) > at.distance(b)
                && !r.in_cfz(&s, gun, to)
            {
                found = Some((at, to));
            }
        }
    }
    let (at, to) = found.expect("the zone has an edge");
    let mut s3 = s.clone();
    s3.units[usize::from(mover)].place = Place::At(at);
    s3.units[usize::from(mover)].facing = Facing::side(at.direction_to(to).unwrap());
    let (w, ev) = apply(&r, &s3, Action::Step { unit: mover, to });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::OpportunityOffered { .. }))
    );
    assert_eq!(r.actor(&w), Actor::Player(Side(1)));
    let mut v = Vec::new();
    r.legal_actions(&w, &mut v);
    assert_eq!(v, [Action::OpportunityFire, Action::Pass]);
    assert_eq!(
        w.units[usize::from(mover)].place,
        Place::At(at),
        "the step waits"
    );
    // Passing lets the step go on.
    let (p, _) = apply(&r, &w, Action::Pass);
    assert_eq!(p.units[usize::from(mover)].place, Place::At(to));
    // Firing resolves first (a fire roll); with no effect the step goes on (15.1d).
    let (f, _) = apply(&r, &w, Action::OpportunityFire);
    assert_eq!(r.actor(&f), Actor::Chance(Chance::Dice(DiceSpec::D66)));
    let (mut f, ev) = apply(&r, &f, d66(11));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FireResult { roll: 11, .. }))
    );
    // Whatever morale check follows, a 33 leaves the stack in good order.
    while let Actor::Chance(_) = r.actor(&f) {
        f = apply(&r, &f, d66(33)).0;
    }
    assert!(f.tasks.is_empty(), "{:?}", f.tasks);
    assert!(!matches!(
        f.units[usize::from(mover)].morale,
        MoraleState::Disorganized | MoraleState::Routed
    ));
    assert_eq!(f.units[usize::from(mover)].place, Place::At(to));
}

#[test]
fn r16_3a_enemy_hex_refused_naming_the_case() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let x = hex(&r, "B40.12");
    let a = id(&r, "1-1-4");
    let e = id(&r, "Y2-1-L");
    put(
        &mut s,
        a,
        x.neighbor(dir(Compass::NW)),
        Facing::side(dir(Compass::SE)),
        Formation::Column,
    );
    put(&mut s, e, x, Facing::side(dir(Compass::N)), Formation::Line);
    let err = r.applied(&s, &Action::Step { unit: a, to: x }).unwrap_err();
    assert_eq!(err.rule, "16.3a");
    assert!(err.reason.contains("B40.12"), "{}", err.reason);
    // Not the mover's: the Allied unit in the French Movement Phase.
    let err = r
        .applied(
            &s,
            &Action::Step {
                unit: e,
                to: x.neighbor(dir(Compass::S)),
            },
        )
        .unwrap_err();
    assert_eq!(err.rule, "16.3b");
}

#[test]
fn r11_0a_column_to_line_keeps_proportional_mps() {
    // 11.0a example: a column (MA 8) that spent 5 MP changes to line (1 MP): 1 MP left.
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let a = id(&r, "1-1-4");
    put(
        &mut s,
        a,
        hex(&r, "B40.12"),
        Facing::side(dir(Compass::N)),
        Formation::Column,
    );
    s.units[usize::from(a)].spent = 10;
    let (s, _) = apply(
        &r,
        &s,
        Action::Form {
            unit: a,
            formation: Formation::Line,
        },
    );
    let left = r.allowance(&s, a) - s.units[usize::from(a)].spent;
    assert_eq!(left, 2, "one whole MP (two halves) left in line");
}

#[test]
fn r12_5_overstacked_hex_becomes_dg_at_end_of_movement() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let x = hex(&r, "B40.12");
    let f = Facing::side(dir(Compass::N));
    // Two AAB brigades and an AA: 10 + 10 + 8 C-units, over the 12 of 12.1.
    for name in ["1-1-1", "2-2-1", "1-1-4"] {
        put(&mut s, id(&r, name), x, f, Formation::Column);
    }
    assert!(r.overstacked(&s, x, Side(0)));
    let (s, ev) = apply(&r, &s, Action::EndMovement);
    assert_eq!(r.hex_morale(&s, x), MoraleState::Disorganized);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MoraleChanged { rule, .. } if rule == "12.5"))
    );
}

#[test]
fn r9_0_observation_hides_the_other_sides_losses() {
    let r = rules("nbs/austerlitz-3");
    let (s, _, t) = two_lines_at_one(&r);
    let (s, _) = apply(&r, &s, Action::Resolve);
    let (s, ev) = apply(&r, &s, d66(46));
    let o = r.observation(&s, Side(0));
    assert_eq!(o.units[usize::from(t)].casualties, 0);
    assert_eq!(o.casualty_track[1], 0);
    let mine = r.observation(&s, Side(1));
    assert_eq!(mine.units[usize::from(t)].casualties, 1);
    use crate::engine::EventInfo;
    let loss = ev
        .iter()
        .find(|e| matches!(e, Event::Losses { .. }))
        .unwrap();
    assert!(!loss.visible_to(Side(0)) && loss.visible_to(Side(1)));
}

#[test]
fn aus6_4_victory_levels_from_losses() {
    let r = rules("nbs/austerlitz-3");
    let mut s = r.initial_state();
    // AUS 6.1: 150 French casualties give the Allies 15; 95 Allied give the French 5.
    s.casualty_track = [150, 95];
    let o = r.outcome(&s);
    assert_eq!(o.points, [5, 15]);
    assert_eq!(o.level, "Allied Minor Victory");
    assert_eq!(o.winner, Some(Side(1)));
    s.casualty_track = [0, 0];
    assert_eq!(r.outcome(&s).level, "Draw");
    let _ = String::new();
}

#[test]
fn every_scenario_plays_to_a_result_with_the_advance_bot() {
    for n in 1..=5 {
        let r = rules(&alloc::format!("nbs/austerlitz-{n}"));
        let mut g = crate::engine::Game::new(r.clone(), 7);
        let mut bot = crate::engine::bot_named(&r, "advance").unwrap();
        let mut steps = 0;
        while g.step_bot(bot.as_mut()).unwrap().is_some() {
            steps += 1;
            assert!(steps < 200_000);
        }
        assert!(g.outcome().is_some());
    }
}

/// The board view (what the web page draws): only the scenario's playable hexes (AUS 7.1 plays
/// map B), every counter once, and every counter on the map standing on a drawn hex.
#[test]
fn board_view_draws_the_playable_area_and_every_counter() {
    for n in 1..=5 {
        let r = rules(&alloc::format!("nbs/austerlitz-{n}"));
        let s = r.initial_state();
        let b = r.board(&s).expect("nbs has a board view");
        assert!(
            b.hexes.len() > 120,
            "austerlitz-{n}: {} hexes",
            b.hexes.len()
        );
        assert_eq!(b.pieces.len(), s.units.len());
        let ids: alloc::collections::BTreeSet<&str> =
            b.hexes.iter().map(|h| h.hex.id.as_str()).collect();
        for p in &b.pieces {
            if let Some(h) = &p.hex {
                assert!(
                    ids.contains(h.as_str()),
                    "{} stands on {h}, not drawn",
                    p.id
                );
            }
        }
        assert!(b.pieces.iter().any(|p| p.hex.is_some()));
        if n == 1 {
            assert!(
                ids.iter().all(|id| id.starts_with('B')),
                "AUS 7.1: map B only"
            );
        }
    }
}

/// ERR-12: a battery sees through an enemy skirmisher next to it but may not fire through it;
/// with the skirmisher gone, or for infantry, the same line is open.
#[test]
fn err12_battery_does_not_fire_through_an_adjacent_enemy_skirmisher() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::OffensiveFire);
    let battery = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(0) && i.kind == super::types::UnitKind::Artillery && i.parent.is_none()
        })
        .unwrap();
    let skirmisher = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(1) && i.kind == super::types::UnitKind::Skirmisher
        })
        .unwrap();
    let target = id(&r, "Y2-1-L");
    let at = hex(&r, "B40.12");
    let north = Facing::side(dir(Compass::N));
    put(&mut s, battery, at, north, Formation::Unlimbered);
    let two_north = at.neighbor(dir(Compass::N)).neighbor(dir(Compass::N));
    put(
        &mut s,
        target,
        two_north,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    assert!(
        r.may_fire(&s, battery, two_north, false).is_ok(),
        "open line"
    );
    put(
        &mut s,
        skirmisher,
        at.neighbor(dir(Compass::N)),
        Facing::side(dir(Compass::S)),
        Formation::Skirmish,
    );
    let e = r.may_fire(&s, battery, two_north, false).unwrap_err();
    assert_eq!(e.rule, "ERR-12", "{e}");
}

/// 21.2: the conditions of straggler recovery, (c) among them: the brigade must be within its
/// division leader's command radius (10.5a, 4 leader MPs), so moving the leader away takes
/// the roll away.
#[test]
fn r21_2c_straggler_recovery_needs_command_radius() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Rally);
    let u = id(&r, "2-1-1");
    let leader = division_leader(&r, u);
    let at = hex(&r, "B40.12");
    put(
        &mut s,
        u,
        at,
        Facing::side(dir(Compass::N)),
        Formation::Line,
    );
    s.units[usize::from(u)].stragglers = 1;
    put(
        &mut s,
        leader,
        at,
        Facing::side(dir(Compass::N)),
        Formation::None,
    );
    assert!(r.may_recover(&s, u), "(a)-(f) hold");
    // (d): nothing to recover.
    s.units[usize::from(u)].stragglers = 0;
    assert!(!r.may_recover(&s, u));
    s.units[usize::from(u)].stragglers = 1;
    // (e): it spent MPs this turn.
    s.units[usize::from(u)].flags |= super::state::flag::MOVED;
    assert!(!r.may_recover(&s, u));
    s.units[usize::from(u)].flags = 0;
    // (c): the leader 10 hexes away.
    let mut far = at;
    for _ in 0..10 {
        far = far.neighbor(dir(Compass::S));
    }
    put(
        &mut s,
        leader,
        far,
        Facing::side(dir(Compass::N)),
        Formation::None,
    );
    assert!(!r.may_recover(&s, u), "21.2c: out of command radius");
}

/// 26.4b, 26.4c: a division leader who falls is replaced at once by the generic replacement
/// (the provisional rating of the scenario data), which appears in another stack of his
/// division, not where he fell; with no other stack it appears where he fell. Corps leaders
/// are not replaced this way.
#[test]
fn r26_4c_division_replacement_appears_in_another_stack() {
    use super::units::Rank;
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::OffensiveFire);
    let b1 = id(&r, "2-1-1");
    let div = r.units[usize::from(b1)].division.clone();
    let leader = division_leader(&r, b1);
    assert_eq!(r.units[usize::from(leader)].rank, Rank::Division);
    let b2 = (0..r.units.len() as UnitId)
        .find(|&u| {
            u != b1 && r.units[usize::from(u)].division == div && r.units[usize::from(u)].combat()
        })
        .expect("a second brigade of the division");
    let at = hex(&r, "B40.12");
    let mut other = at;
    for _ in 0..3 {
        other = other.neighbor(dir(Compass::N));
    }
    let f = Facing::side(dir(Compass::N));
    put(&mut s, b1, at, f, Formation::Line);
    put(&mut s, leader, at, f, Formation::None);
    put(&mut s, b2, other, f, Formation::Line);
    let mut ev = Vec::new();
    let mut lone = s.clone();
    r.leader_falls(&mut s, leader, &mut ev);
    assert_eq!(
        s.units[usize::from(leader)].place,
        Place::At(other),
        "26.4c: another stack"
    );
    assert!(s.replaced.contains(&leader));
    assert_eq!(r.leader_rating(&s, leader), r.replacement_rating);
    assert!(ev.iter().any(
        |e| matches!(e, Event::LeaderReplaced { unit, at: h } if *unit == leader && *h == other)
    ));
    // No other stack of the division: the replacement appears where the leader fell.
    lone.units[usize::from(b2)].place = Place::Off;
    let mut ev = Vec::new();
    r.leader_falls(&mut lone, leader, &mut ev);
    assert_eq!(lone.units[usize::from(leader)].place, Place::At(at));
    // A corps leader falls for good (26.4a replacement by a subordinate: not yet).
    let corps = (0..r.units.len() as UnitId)
        .find(|&u| {
            r.units[usize::from(u)].rank == Rank::Corps && r.units[usize::from(u)].side == Side(0)
        })
        .unwrap();
    put(&mut lone, corps, at, f, Formation::None);
    r.leader_falls(&mut lone, corps, &mut Vec::new());
    assert_eq!(lone.units[usize::from(corps)].place, Place::Gone);
}

/// 23.1n: a column may close-combat across a bridge, but it does not fire (step C is empty),
/// the defender still checks morale, and it loses at the Odds Table without a roll.
#[test]
fn r23_1n_column_across_a_bridge_does_not_fire_and_loses() {
    let mut r = rules("nbs/austerlitz-3");
    r.strict_orders = false; // the 10.1a order is not under test
    let (from, d) = r
        .board
        .hexes()
        .flat_map(|h| Direction::ALL.into_iter().map(move |d| (h, d)))
        .find(|&(h, d)| {
            r.board.side(h, d) == super::board::side::STREAM
                && r.board.on_map(h.neighbor(d))
                && !r.board.hex(h).special
                && !r.board.hex(h.neighbor(d)).special
        })
        .expect("a stream on the map");
    // The provisional map has no bridges: this stream gets one.
    r.board.add_side_bits(from, d, super::board::side::BRIDGE);
    let target = from.neighbor(d);
    let mut s = empty(&r, Phase::Movement);
    let att = id(&r, "1-1-4");
    let def = id(&r, "Y2-1-L");
    put(&mut s, att, from, Facing::side(d), Formation::Column);
    put(
        &mut s,
        def,
        target,
        Facing::side(d.opposite()),
        Formation::Line,
    );
    let a = Action::Assault { from, target };
    let mut v = Vec::new();
    r.legal_actions(&s, &mut v);
    assert!(
        v.contains(&a),
        "23.1n: a column may attack across a bridge: {v:?}"
    );
    let (mut s, mut ev) = apply(&r, &s, a);
    for _ in 0..40 {
        if !matches!(r.actor(&s), Actor::Chance(_)) || s.tasks.is_empty() {
            break;
        }
        let mut v = Vec::new();
        r.legal_actions(&s, &mut v);
        // The lowest fire and morale rolls: no losses, no retreats.
        let (n, e) = apply(&r, &s, v[0].clone());
        s = n;
        ev.extend(e);
    }
    let attacker_fired = ev
        .iter()
        .any(|e| matches!(e, Event::FireDeclared { target: t, .. } if *t == target));
    assert!(!attacker_fired, "23.1n: the column does not fire");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MoraleCheck { hex, .. } if *hex == target)),
        "the defender checks morale normally"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::BridgeAssaultLost { .. }))
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::OddsRoll { .. })),
        "no roll"
    );
    assert_eq!(
        s.units[usize::from(def)].place,
        Place::At(target),
        "the defender holds"
    );
    assert_eq!(s.units[usize::from(att)].place, Place::At(from));
}

/// AUS 4.2a: with the option on, Katusov plays on his inverted side (rating 3, the counter's
/// `rating_inverted`) and the French start with the variant's 5 VPs; off (the default), his
/// front side and no VPs. An option the scenario does not offer is refused.
#[test]
fn aus4_2a_katusov_inverted_option() {
    let lib = Library::builtin().unwrap();
    let with = |id: &str, opts: serde_json::Value| {
        let mut sc = lib.scenario(id).unwrap();
        let mut rules = serde_json::to_value(&sc.scenario.rules).unwrap();
        rules["options"] = opts;
        sc.scenario.rules = serde_json::from_value(rules).unwrap();
        Nbs::new(&sc)
    };
    let plain = rules("nbs/austerlitz-3");
    let kat = id(&plain, "L-Katusov");
    let s = plain.initial_state();
    assert_eq!(
        plain.leader_rating(&s, kat),
        plain.units[usize::from(kat)].rating
    );
    assert_eq!(s.vp, [0, 0]);
    let r = with("nbs/austerlitz-3", serde_json::json!({ "aus-4.2a": true })).unwrap();
    let s = r.initial_state();
    assert_eq!(r.leader_rating(&s, kat), 3);
    assert_eq!(s.vp[Side(0).index()], 5);
    let e = with("nbs/austerlitz-1", serde_json::json!({ "aus-4.2a": true })).unwrap_err();
    assert!(alloc::format!("{e}").contains("aus-4.2a"), "{e}");
}

/// 26.4d: a leader left alone goes to the nearest stack of his own command, passing a nearer
/// stack of another division; with no stack of his command he leaves play.
#[test]
fn r26_4d_leader_goes_to_the_nearest_stack_of_his_command() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::Movement);
    let own = id(&r, "2-1-1");
    let div = r.units[usize::from(own)].division.clone();
    let leader = division_leader(&r, own);
    let other = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(0)
                && i.combat()
                && i.kind == super::types::UnitKind::Infantry
                && i.division != div
        })
        .unwrap();
    let at = hex(&r, "B40.12");
    let step = |h: Hex, n: u32| (0..n).fold(h, |x, _| x.neighbor(dir(Compass::N)));
    let f = Facing::side(dir(Compass::N));
    put(&mut s, leader, at, f, Formation::None);
    put(&mut s, other, step(at, 1), f, Formation::Line);
    put(&mut s, own, step(at, 3), f, Formation::Line);
    let mut lone = s.clone();
    r.displace_leaders(&mut s, at, &mut Vec::new());
    assert_eq!(s.units[usize::from(leader)].place, Place::At(step(at, 3)));
    lone.units[usize::from(own)].place = Place::Off;
    r.displace_leaders(&mut lone, at, &mut Vec::new());
    assert_eq!(
        lone.units[usize::from(leader)].place,
        Place::Gone,
        "no stack of his command"
    );
}
