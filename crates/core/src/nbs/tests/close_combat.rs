//! Close combat (23.0 subsequence, 23.1–23.1n restrictions), and the skirmishers of a close
//! combat dropping to the bottom of their stacks (11.5h D).

use super::kit::{
    apply, clear_spot, d6, d66, declared_fp_and_column, dir, empty, first_cavalry, hex, id, legal,
    n_of, north, put, rules, settle, skirmisher_of, south,
};
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};
use crate::nbs::board::Terrain;
use crate::nbs::state::{Phase, Place, State, Task, UnitId, flag};
use crate::nbs::tables::MoveClass;
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::{Action, Event, Nbs};
use alloc::vec::Vec;

/// A French column attacking an Allied line to its north in the Movement Phase (10.1a order
/// checks off, not under test).
fn assault(r: &mut Nbs) -> (State, Hex, Hex, UnitId, UnitId) {
    r.strict_orders = false;
    let at = clear_spot(r, 3);
    let target = n_of(at, 1);
    let mut s = empty(r, Phase::Movement);
    let att = id(r, "2-1-1");
    let def = id(r, "Y2-1-L");
    put(&mut s, att, at, north(), Formation::Column);
    put(&mut s, def, target, south(), Formation::Line);
    (s, at, target, att, def)
}

fn odds_of(ev: &[Event]) -> (u32, u32) {
    ev.iter()
        .find_map(|e| match e {
            Event::Odds {
                attacker, defender, ..
            } => Some((*attacker, *defender)),
            _ => None,
        })
        .expect("the Odds Table is reached")
}

/// 11.5h D: when a close combat is declared, the skirmishers at the top of the attacking and
/// the defending stacks go to the bottom (the defender's line, not its skirmisher, is then
/// the hex's top unit), and a skirmisher still counts for the Odds Table strength from there.
#[test]
fn r11_5h_d_skirmishers_drop_to_the_bottom_in_close_combat_and_count_for_odds() {
    let mut r = rules("nbs/austerlitz-3");
    let (s, at, target, att, def) = assault(&mut r);
    let mine = skirmisher_of(&r, Side(0), 0);
    let theirs = skirmisher_of(&r, Side(1), 0);
    let mut with = s.clone();
    put(&mut with, mine, at, north(), Formation::Skirmish);
    put(&mut with, theirs, target, south(), Formation::Skirmish);
    with.units[usize::from(mine)].flags |= flag::SKIRMISHER_TOP;
    with.units[usize::from(theirs)].flags |= flag::SKIRMISHER_TOP;
    assert_eq!(r.combat_stack(&with, target)[0], theirs, "on top before");
    assert_eq!(r.combat_stack(&with, at)[0], mine, "on top before");
    let a = Action::Assault { from: at, target };
    let (w, ev) = apply(&r, &with, a.clone());
    for k in [mine, theirs] {
        assert!(!w.units[usize::from(k)].has(flag::SKIRMISHER_TOP), "{k}");
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Part { what: crate::nbs::event::PartChange::ToBottom, unit, .. } if *unit == k
        )));
    }
    assert_eq!(r.combat_stack(&w, target)[0], def, "the line is on top now");
    assert_eq!(r.combat_stack(&w, at)[0], att);
    let Some(Task::CloseCombat(cc)) = w.tasks.iter().find(|t| matches!(t, Task::CloseCombat(_)))
    else {
        panic!("a close combat");
    };
    assert!(
        cc.attackers.contains(&mine),
        "the skirmisher attacks with the column"
    );
    // The Odds Table: the same combat with and without the skirmishers.
    let mut ev = ev;
    settle(&r, w, &mut ev);
    let (a_with, d_with) = odds_of(&ev);
    let (w0, mut ev0) = apply(&r, &s, a);
    settle(&r, w0, &mut ev0);
    let (a_without, d_without) = odds_of(&ev0);
    assert!(a_with > a_without, "{a_with} vs {a_without}");
    assert!(d_with > d_without, "{d_with} vs {d_without}");
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

/// A French stack attacking an Allied brigade in line to its north, in the Movement Phase,
/// with the 10.1a order check off (not under test here).
fn assault_setup() -> (Nbs, State, Hex, Hex, UnitId, UnitId) {
    let mut r = rules("nbs/austerlitz-3");
    r.strict_orders = false;
    let at = clear_spot(&r, 3);
    let target = n_of(at, 1);
    let mut s = empty(&r, Phase::Movement);
    let att = id(&r, "2-1-1");
    let def = id(&r, "Y2-1-L");
    put(&mut s, att, at, north(), Formation::Column);
    put(
        &mut s,
        def,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    (r, s, at, target, att, def)
}

/// 23.1, 23.1d: a unit makes one close combat a phase, but a hex may be attacked any
/// number of times.
#[test]
fn r23_1_one_close_combat_per_unit_any_number_per_hex() {
    let (r, mut s, at, target, att, _) = assault_setup();
    let other = id(&r, "1-2-1");
    let se = dir(Compass::SE);
    let second = target.neighbor(se);
    put(
        &mut s,
        other,
        second,
        Facing::side(dir(Compass::NW)),
        Formation::Column,
    );
    let first = Action::Assault { from: at, target };
    let (s1, mut ev) = apply(&r, &s, first.clone());
    let s1 = settle(&r, s1, &mut ev);
    assert!(ev.iter().any(|e| matches!(e, Event::OddsRoll { .. })));
    assert!(s1.units[usize::from(att)].has(flag::CLOSE_COMBAT));
    assert_eq!(s1.units[usize::from(att)].place, Place::At(at));
    assert!(s1.tasks.is_empty(), "{:?}", s1.tasks);
    // The same stack may not attack again this phase.
    assert!(!legal(&r, &s1).contains(&first));
    assert_eq!(r.applied(&s1, &first).unwrap_err().rule, "23.1a");
    // Another stack may attack the same hex.
    let again = Action::Assault {
        from: second,
        target,
    };
    assert!(legal(&r, &s1).contains(&again), "23.1d");
    assert!(r.applied(&s1, &again).is_ok());
}

/// 23.1a: attackers are BL or Normal and attack through the centre-front hexside (either
/// frontal hex when facing a corner).
#[test]
fn r23_1a_attack_through_the_centre_front_by_bl_or_normal() {
    let (r, mut s, at, target, att, _) = assault_setup();
    let def2 = id(&r, "V2-1-L");
    let ne = at.neighbor(dir(Compass::NE));
    put(
        &mut s,
        def2,
        ne,
        Facing::side(dir(Compass::SW)),
        Formation::Line,
    );
    let side_attack = Action::Assault {
        from: at,
        target: ne,
    };
    assert!(!legal(&r, &s).contains(&side_attack));
    assert_eq!(r.applied(&s, &side_attack).unwrap_err().rule, "23.1a");
    assert!(r.applied(&s, &Action::Assault { from: at, target }).is_ok());
    // Facing the corner between them: either hex.
    s.units[usize::from(att)].facing = Facing::corner(dir(Compass::N));
    let fronts: Vec<Hex> = Facing::corner(dir(Compass::N))
        .frontal_directions()
        .as_slice()
        .iter()
        .map(|d| at.neighbor(*d))
        .collect();
    for t in [target, ne] {
        if fronts.contains(&t) {
            assert!(
                r.applied(
                    &s,
                    &Action::Assault {
                        from: at,
                        target: t
                    }
                )
                .is_ok()
            );
        }
    }
    assert_eq!(fronts.len(), 2);
    // Blood Lust may attack.
    s.units[usize::from(att)].facing = north();
    s.units[usize::from(att)].morale = MoraleState::BloodLust;
    assert!(r.applied(&s, &Action::Assault { from: at, target }).is_ok());
}

/// 23.1b: attackers stay within command radius, and never attack into terrain costing all
/// or prohibited to them.
#[test]
fn r23_1b_command_radius_and_no_attack_into_all_terrain() {
    let (mut r, mut s, at, target, att, _) = assault_setup();
    let a = Action::Assault { from: at, target };
    assert!(r.applied(&s, &a).is_ok());
    s.units[usize::from(att)].flags |= flag::OUT_OF_RADIUS;
    assert_eq!(r.applied(&s, &a).unwrap_err().rule, "23.1b");
    s.units[usize::from(att)].flags &= !flag::OUT_OF_RADIUS;
    let banned = Terrain::ALL
        .into_iter()
        .find(|&t| {
            !matches!(
                r.tables
                    .hex_cost(MoveClass::InfantryColumn, r.terrain_idx(t)),
                crate::nbs::tables::MoveCost::Halves(_)
            )
        })
        .expect("a terrain a column may not enter");
    r.board.set_terrain(target, banned);
    assert!(!legal(&r, &s).contains(&a));
    assert_eq!(r.applied(&s, &a).unwrap_err().rule, "23.1b");
}

/// 23.1c: cavalry, artillery and skirmishers alone do not attack; wrecked infantry does.
#[test]
fn r23_1c_only_infantry_attacks_wrecked_included() {
    let (r, mut s, at, target, att, _) = assault_setup();
    let a = Action::Assault { from: at, target };
    let wreck = r.units[usize::from(att)].wreck_boxes;
    s.units[usize::from(att)].casualties = wreck;
    assert!(r.wrecked(&s, att));
    assert!(r.applied(&s, &a).is_ok(), "wrecked infantry attacks");
    s.units[usize::from(att)].place = Place::Off;
    let cav = first_cavalry(&r, Side(0));
    put(&mut s, cav, at, north(), Formation::Combat);
    assert_eq!(r.applied(&s, &a).unwrap_err().rule, "23.1a");
    s.units[usize::from(cav)].place = Place::Off;
    let gun = id(&r, "4b(h-f)");
    put(&mut s, gun, at, north(), Formation::Limbered);
    assert_eq!(r.applied(&s, &a).unwrap_err().rule, "23.1a");
    s.units[usize::from(gun)].place = Place::Off;
    let sk = (0..r.units.len() as UnitId)
        .find(|&u| {
            r.units[usize::from(u)].side == Side(0)
                && r.units[usize::from(u)].kind == UnitKind::Skirmisher
        })
        .unwrap();
    put(&mut s, sk, at, north(), Formation::Skirmish);
    // Skirmishers alone never attack (11.5b).
    assert_eq!(r.applied(&s, &a).unwrap_err().rule, "11.5b");
}

fn attackers_of(s: &State) -> Vec<UnitId> {
    match s.tasks.iter().find(|t| matches!(t, Task::CloseCombat(_))) {
        Some(Task::CloseCombat(cc)) => {
            let mut v = cc.attackers.clone();
            v.sort();
            v
        }
        _ => panic!("no close combat: {:?}", s.tasks),
    }
}

/// 23.1e: units attacking together must have begun the phase stacked together, and the
/// player may leave eligible units out. `Assault` takes every eligible unit that began the
/// phase with the hex's top one; `AssaultChoose` names them all, `Withhold` drops one and
/// `Resolve` declares (refused naming 23.1e for units that began apart), `Pass` gives up.
#[test]
fn r23_1e_attackers_began_the_phase_together_and_may_be_chosen() {
    let mut r = rules("nbs/austerlitz-3");
    let (mut s, at, target, att, _) = assault(&mut r);
    let other = id(&r, "1-2-1");
    let south = at.neighbor(dir(Compass::S));
    let both = {
        let mut b = s.clone();
        put(&mut b, other, at, north(), Formation::Column);
        r.cavalry_phase_start(&mut b);
        b
    };
    let assault_all = Action::Assault { from: at, target };
    let choose = Action::AssaultChoose { from: at, target };
    // Begun together: both attack by default, or one may be left out.
    let (w, _) = apply(&r, &both, assault_all.clone());
    let mut pair = alloc::vec![att, other];
    pair.sort();
    assert_eq!(attackers_of(&w), pair);
    assert!(legal(&r, &both).contains(&choose));
    let (c, _) = apply(&r, &both, choose.clone());
    assert!(matches!(c.tasks.last(), Some(Task::Assembling { units, .. }) if units.len() == 2));
    assert_eq!(r.actor(&c), Actor::Player(Side(0)));
    let v = legal(&r, &c);
    for a in [
        Action::Withhold { unit: att },
        Action::Withhold { unit: other },
        Action::Resolve,
        Action::Pass,
    ] {
        assert!(v.contains(&a), "{a:?} in {v:?}");
    }
    let (c1, _) = apply(&r, &c, Action::Withhold { unit: other });
    assert_eq!(
        legal(&r, &c1),
        [Action::Resolve, Action::Pass],
        "one must attack"
    );
    let (w, _) = apply(&r, &c1, Action::Resolve);
    assert_eq!(attackers_of(&w), [att]);
    assert!(!w.units[usize::from(other)].has(flag::CLOSE_COMBAT));
    let (gone, _) = apply(&r, &c, Action::Pass);
    assert!(gone.tasks.is_empty(), "given up");
    assert!(!gone.units[usize::from(att)].has(flag::CLOSE_COMBAT));
    // Begun apart: the second brigade steps in during the phase.
    put(&mut s, other, south, north(), Formation::Column);
    r.cavalry_phase_start(&mut s);
    let (s, _) = apply(
        &r,
        &s,
        Action::Step {
            unit: other,
            to: at,
        },
    );
    assert_eq!(s.units[usize::from(other)].place, Place::At(at));
    let (w, _) = apply(&r, &s, assault_all);
    assert_eq!(attackers_of(&w), [att], "only the unit that began there");
    let (c, _) = apply(&r, &s, choose);
    assert!(!legal(&r, &c).contains(&Action::Resolve));
    let e = r.applied(&c, &Action::Resolve).unwrap_err();
    assert_eq!(e.rule, "23.1e", "{e}");
    let (c2, _) = apply(&r, &c, Action::Withhold { unit: att });
    let (w, _) = apply(&r, &c2, Action::Resolve);
    assert_eq!(attackers_of(&w), [other], "the newcomer may attack alone");
}

/// 23.1f, 23.1h: only the units of the two hexes take part, and they fire at the Close
/// Combat range of the Fire Point Tables.
#[test]
fn r23_1f_r23_1h_only_the_two_hexes_fire_at_close_range() {
    let (r, mut s, at, target, att, def) = assault_setup();
    // A friendly brigade next door and an enemy one next to the target stay out.
    let nearby = id(&r, "1-2-1");
    put(
        &mut s,
        nearby,
        at.neighbor(dir(Compass::NE)),
        north(),
        Formation::Line,
    );
    let enemy2 = id(&r, "V2-1-L");
    put(
        &mut s,
        enemy2,
        n_of(at, 2),
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let (s1, ev) = apply(&r, &s, Action::Assault { from: at, target });
    let Some(crate::nbs::state::Task::CloseCombat(cc)) = s1
        .tasks
        .iter()
        .find(|t| matches!(t, crate::nbs::state::Task::CloseCombat(_)))
        .cloned()
    else {
        panic!("{:?}", s1.tasks)
    };
    assert_eq!(cc.attackers, [att]);
    assert_eq!(cc.defenders, [def]);
    // The defender's fire: its line A brigade at close range, its hex only.
    let (firers, fp) = ev
        .iter()
        .find_map(|e| match e {
            Event::FireDeclared {
                firers,
                fire_points,
                ..
            } => Some((firers.clone(), *fire_points)),
            _ => None,
        })
        .unwrap();
    assert_eq!(firers, [def]);
    use crate::nbs::tables::{Part, Range, SmallArms};
    let level = r.fire_level(&s, def);
    let (a, b, c) = level.parts();
    let mut want = crate::nbs::types::Fp::ZERO;
    for (n, p) in [(a, Part::A), (b, Part::B), (c, Part::C)] {
        for _ in 0..n {
            want += r
                .tables
                .small_arms_fp(SmallArms::Line, Range::CloseCombat, p);
        }
    }
    assert_eq!(fp, want.0);
    assert_ne!(
        want,
        r.tables
            .small_arms_fp(SmallArms::Line, Range::OneHex, Part::A)
    );
}

/// 23.1g: in a close combat each side's fire is capped on its own: two brigades attack and
/// two defend, more than an A on each side, and each side fires one A's close-combat points.
#[test]
fn r23_1g_fire_limits_for_each_side_separately() {
    use crate::nbs::tables::{Part, Range, SmallArms};
    let (r, mut s, at, target, att, def) = assault_setup();
    let att2 = id(&r, "1-2-1");
    let def2 = id(&r, "V2-1-L");
    put(&mut s, att2, at, north(), Formation::Column);
    put(
        &mut s,
        def2,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    // Each side has more than one A in its hex.
    for (a, b) in [(att, att2), (def, def2)] {
        assert!(r.fire_level(&s, a).units() + r.fire_level(&s, b).units() > 4);
    }
    let (s1, ev) = apply(&r, &s, Action::Assault { from: at, target });
    let def_fp = declared_fp_and_column(&ev).0;
    assert_eq!(
        def_fp,
        r.tables
            .small_arms_fp(SmallArms::Line, Range::CloseCombat, Part::A)
            .0,
        "the defenders: one A"
    );
    let (_, ev) = apply(&r, &s1, d66(11));
    let att_fp = declared_fp_and_column(&ev).0;
    assert_eq!(
        att_fp,
        r.tables
            .small_arms_fp(SmallArms::FrenchColumn, Range::CloseCombat, Part::A)
            .0,
        "the attackers: one A"
    );
}

/// 23.1L: when the fire wipes out the defender, the attacker still checks morale.
#[test]
fn r23_1l_attacker_checks_morale_after_destroying_the_defender() {
    let (r, mut s, at, target, _, def) = assault_setup();
    let boxes = r.units[usize::from(def)].boxes;
    s.units[usize::from(def)].casualties = boxes - 1;
    let (s1, _) = apply(&r, &s, Action::Assault { from: at, target });
    // Step B: the defender fires, no effect.
    let (s2, _) = apply(&r, &s1, d66(11));
    // Step C: the attacker fires with a loss.
    let Some(crate::nbs::state::Task::FireRoll { column, .. }) = s2.tasks.last().cloned() else {
        panic!("{:?}", s2.tasks)
    };
    let roll = (0..36)
        .map(|i| crate::nbs::types::Seq66::from_index(i).unwrap())
        .find(|&q| {
            matches!(r.tables.fire_result(column, q), crate::nbs::tables::FireResult::Loss { casualties, .. } if casualties > 0)
                && !r.tables.leader_hit(q)
        })
        .expect("a casualty in the column");
    let (s3, ev) = apply(&r, &s2, d66(u32::from(roll.value())));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Eliminated { unit, .. } if *unit == def))
    );
    assert!(
        matches!(s3.tasks.last(), Some(crate::nbs::state::Task::Morale(c)) if c.hex == at),
        "the attacker's check (23.0 D): {:?}",
        s3.tasks
    );
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
            r.board.side(h, d) == crate::nbs::board::side::STREAM
                && r.board.on_map(h.neighbor(d))
                && !r.board.hex(h).special
                && !r.board.hex(h.neighbor(d)).special
        })
        .expect("a stream on the map");
    // The provisional map has no bridges: this stream gets one.
    r.board
        .add_side_bits(from, d, crate::nbs::board::side::BRIDGE);
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
