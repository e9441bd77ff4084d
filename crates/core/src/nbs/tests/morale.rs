//! Wrecks (22.0) and morale (25.1–25.5): states, checks, retreats, rally; the previews of
//! morale checks (25.2) and square checks (8.5).

use super::kit::{
    apply, check_with, clear_spot, d6, d66, declared_fp_and_column, dir, division_leader, empty,
    fire_up_to_the_roll, first_cavalry, first_infantry, id, legal, n_of, north, put, retreat_hexes,
    rules, settle, standard_mod, standard_shift,
};
use crate::dice::DiceSpec;
use crate::engine::{Actor, Preview, Rules, Side};
use crate::hex::{Compass, Facing, Hex};
use crate::nbs::state::CavTask;
use crate::nbs::state::{CheckKind, Phase, Place, Role, State, Task, UnitId};
use crate::nbs::types::{Formation, MoraleState, Seq66, UnitKind};
use crate::nbs::{Action, Event, Nbs};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Scenario 3 with one infantry brigade alone on the map, in line, and no task pending.
fn lone_infantry(r: &Nbs) -> (State, UnitId, Hex) {
    let mut s = r.initial_state();
    let (u, h) = s
        .units
        .iter()
        .enumerate()
        .find_map(|(i, x)| match x.place {
            Place::At(h) if r.units[i].kind == UnitKind::Infantry => Some((i as UnitId, h)),
            _ => None,
        })
        .expect("an infantry brigade on the map");
    for x in &mut s.units {
        x.place = Place::Off;
    }
    let x = &mut s.units[usize::from(u)];
    x.place = Place::At(h);
    x.formation = Formation::Line;
    x.order = u;
    s.tasks.clear();
    (s, u, h)
}

fn fact<'a>(p: &'a Preview, name: &str) -> &'a str {
    p.facts
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no fact {name:?} in {p:?}"))
        .value
        .as_str()
}

/// The chance facts of a preview: result text -> rolls out of 36.
fn chances(p: &Preview) -> BTreeMap<String, u32> {
    p.facts
        .iter()
        .filter_map(|f| {
            let t = f.name.strip_prefix("chance: ")?;
            let n = f.value.strip_suffix("/36")?.parse().ok()?;
            Some((String::from(t), n))
        })
        .collect()
}

/// The modifier items of a preview add up to its total.
fn items_add_up(p: &Preview) -> i16 {
    let sum: i16 = p
        .facts
        .iter()
        .filter(|f| f.name.starts_with("modifier ") && f.name != "modifier list (25.2)")
        .map(|f| f.value.parse::<i16>().unwrap())
        .sum();
    let total: i16 = fact(p, "row shift total (25.2)").parse().unwrap();
    assert_eq!(sum, total, "{p:?}");
    total
}

/// The text a roll's result gets in the preview, from the events the roll reports.
fn result_text(ev: &[Event]) -> Option<String> {
    ev.iter().find_map(|e| match e {
        Event::SquareCheck { formed: true, .. } => Some(String::from("forms square")),
        Event::MoraleCheck {
            state,
            retreat,
            stragglers,
            ..
        } => {
            let mut t = format!("{state:?}");
            if *retreat > 0 {
                t.push_str(&format!(", retreat {retreat}"));
            }
            if *stragglers > 0 {
                t.push_str(&format!(", {stragglers} stragglers"));
            }
            Some(t)
        }
        _ => None,
    })
}

/// Rolls each of the 36 results and checks that the preview's chances and row are what the
/// rolls then report.
fn preview_matches_every_roll(r: &Nbs, s: &State, p: &Preview) {
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    let row: i16 = fact(p, "Morale Table row (25.2)").parse().unwrap();
    for i in 0..36u8 {
        let roll = Seq66::from_index(i).unwrap();
        let a = Action::Roll(DiceSpec::D66.roll(u32::from(roll.value())).unwrap());
        let (_, ev) = r.applied(s, &a).unwrap_or_else(|e| panic!("{e}"));
        let text = result_text(&ev).unwrap_or_else(|| panic!("no result in {ev:?}"));
        *seen.entry(text).or_insert(0) += 1;
        for e in &ev {
            if let Event::MoraleCheck { row: r2, .. } = e {
                assert_eq!(*r2, row, "the row the preview showed");
            }
        }
    }
    assert_eq!(seen, chances(p));
    assert_eq!(chances(p).values().sum::<u32>(), 36);
}

/// 8.5: before a square check's roll the preview gives the Square Check list's lines (here
/// a reaction charge), the total, the row and the chance of forming square and of each
/// other result; every roll then does what the preview said.
#[test]
fn r8_5_preview_of_a_square_check() {
    let r = rules("nbs/austerlitz-3");
    let (mut s, u, h) = lone_infantry(&r);
    s.tasks.push(Task::Cavalry(CavTask::SquareRoll {
        hex: h,
        from: h,
        charge: false,
        reaction: true,
    }));
    assert!(matches!(r.actor(&s), Actor::Chance(_)));
    let p = r.preview(&s).expect("a preview of the square check");
    assert_eq!(p.rule, "8.5");
    assert!(p.title.starts_with("square check at "), "{}", p.title);
    assert_eq!(
        fact(&p, "checking unit (25.2)"),
        r.units[usize::from(u)].name
    );
    assert_eq!(fact(&p, "modifier list (25.2)"), "square check");
    items_add_up(&p);
    assert!(chances(&p).contains_key("forms square"), "{p:?}");
    preview_matches_every_roll(&r, &s, &p);
}

/// 22.0: a wrecked brigade checks with the wrecked line (worse still when its division is
/// wrecked too), and recovering stragglers below the mark un-wrecks it.
#[test]
fn r22_0_wrecked_brigades_and_unwrecking_by_recovery() {
    use crate::nbs::tables::MoraleMod;
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    // A division of one brigade's wreck line 2, so one wrecked brigade does not wreck it.
    let div = r.units[usize::from(u)].wreck_division.clone();
    r.divisions.retain(|d| d.0 != div);
    r.divisions.push((div.clone(), 2));
    put(&mut s, u, at, north(), Formation::Column);
    let fresh = standard_shift(&r, &s, at);
    let wreck = r.units[usize::from(u)].wreck_boxes;
    s.units[usize::from(u)].stragglers = wreck;
    assert!(r.wrecked(&s, u));
    assert!(!r.division_wrecked(&s, &div));
    assert_eq!(
        standard_shift(&r, &s, at) - fresh,
        standard_mod(&r, MoraleMod::WreckedBrigade)
    );
    r.divisions.retain(|d| d.0 != div);
    r.divisions.push((div.clone(), 1));
    assert!(r.division_wrecked(&s, &div));
    assert_eq!(
        standard_shift(&r, &s, at) - fresh,
        standard_mod(&r, MoraleMod::WreckedBrigadeOfWreckedDivision)
    );
    // Recovery: the best roll of the Straggler Recovery Table brings back at least one.
    let mut ev = Vec::new();
    let best = (0..36)
        .map(|i| crate::nbs::types::Seq66::from_index(i).unwrap())
        .find(|&q| {
            let mut t = s.clone();
            r.resolve_recovery(&mut t, u, 0, q, &mut Vec::new());
            t.units[usize::from(u)].stragglers < wreck
        })
        .expect("a roll that recovers stragglers");
    r.resolve_recovery(&mut s, u, 0, best, &mut ev);
    assert!(!r.wrecked(&s, u));
    assert!(!r.division_wrecked(&s, &div));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Wrecked { wrecked: false, .. }))
    );
}

/// 25.1a: DG halves the movement allowance (rounded up) and the fire points (rounded down);
/// a routed unit neither fires nor moves; only BL or Normal infantry attack.
#[test]
fn r25_1a_morale_state_effects() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let a = id(&r, "1-1-4");
    let e = first_infantry(&r, Side(1));
    put(&mut s, a, at, north(), Formation::Line);
    put(
        &mut s,
        e,
        n_of(at, 1),
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let full_ma = r.allowance(&s, a);
    let (_, ev) = fire_up_to_the_roll(&r, &s, n_of(at, 1), None, &[a]);
    let (good, _) = declared_fp_and_column(&ev);
    s.units[usize::from(a)].morale = MoraleState::Disorganized;
    assert_eq!(r.allowance(&s, a), (full_ma / 2).div_ceil(2) * 2);
    let (_, ev) = fire_up_to_the_roll(&r, &s, n_of(at, 1), None, &[a]);
    let (dg, _) = declared_fp_and_column(&ev);
    assert_eq!(dg, good / 2);
    // DG infantry may not attack.
    let mut m = s.clone();
    m.phase = Phase::Movement;
    let mut r2 = r.clone();
    r2.strict_orders = false;
    let assault = Action::Assault {
        from: at,
        target: n_of(at, 1),
    };
    assert_eq!(r2.applied(&m, &assault).unwrap_err().rule, "23.1a");
    m.units[usize::from(a)].morale = MoraleState::Shaken;
    assert_eq!(r2.applied(&m, &assault).unwrap_err().rule, "23.1a");
    m.units[usize::from(a)].morale = MoraleState::Normal;
    assert!(r2.applied(&m, &assault).is_ok());
    // Routed: no fire.
    s.units[usize::from(a)].morale = MoraleState::Routed;
    assert_eq!(
        r.may_fire(&s, a, n_of(at, 1), false).unwrap_err().rule,
        "25.1a"
    );
}

/// 25.1b: a routed unit does not move voluntarily; in the Rally Phase a routed stack within
/// 6 hexes of the enemy runs, each hex no nearer the enemy, until 6 hexes away; a rout that
/// cannot go on loses everything.
#[test]
fn r25_1b_routed_units_rout_but_do_not_move() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::Movement);
    let u = id(&r, "1-1-4");
    let enemy = first_infantry(&r, Side(1));
    put(&mut s, u, at, north(), Formation::Column);
    put(
        &mut s,
        enemy,
        at.neighbor(dir(Compass::S)),
        north(),
        Formation::Line,
    );
    s.units[usize::from(u)].morale = MoraleState::Routed;
    let step = Action::Step {
        unit: u,
        to: n_of(at, 1),
    };
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u))
    );
    assert_eq!(r.applied(&s, &step).unwrap_err().rule, "25.1b");
    // Rout movement.
    s.phase = Phase::Rally;
    r.rout_moves(&mut s);
    let mut hexes = 0;
    while let Some(crate::nbs::state::Task::Retreat(rt)) = s.tasks.last().cloned() {
        assert!(rt.rout);
        let here = r.enemy_distance(&s, rt.at, Side(0)).unwrap();
        let v = legal(&r, &s);
        let Some(Action::RetreatTo { hex: to }) = v.first().cloned() else {
            panic!("{v:?}")
        };
        for a in &v {
            if let Action::RetreatTo { hex } = a {
                assert!(r.enemy_distance(&s, *hex, Side(0)).unwrap() >= here);
            }
        }
        s = apply(&r, &s, Action::RetreatTo { hex: to }).0;
        hexes += 1;
        assert!(hexes < 20);
    }
    let d = r
        .enemy_distance(&s, s.units[usize::from(u)].hex().unwrap(), Side(0))
        .unwrap();
    assert_eq!(d, 6, "it stops once 6 hexes away");
    // A rout with nowhere to go: every box filled.
    let mut b = empty(&r, Phase::Rally);
    put(&mut b, u, at, north(), Formation::Column);
    b.units[usize::from(u)].morale = MoraleState::Routed;
    let rt = crate::nbs::state::Retreat {
        units: alloc::vec![u],
        at,
        left: u8::MAX,
        path: alloc::vec![at],
        from: at,
        rout: true,
        in_combat: false,
    };
    b.tasks.push(crate::nbs::state::Task::Retreat(rt.clone()));
    let mut ev = Vec::new();
    r.retreat_blocked(&mut b, rt, &mut ev);
    assert_eq!(b.units[usize::from(u)].place, Place::Gone);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RetreatBlocked { rule, .. } if rule == "25.1b"))
    );
}

/// 25.2: before a morale check's roll the preview names the checking unit, its rating and
/// state, each modifier line (here Shaken and a flank target, 13.0b), the total, the row and
/// the chance of each result; every roll then does what the preview said.
#[test]
fn r25_2_preview_of_a_morale_check() {
    let r = rules("nbs/austerlitz-3");
    let (mut s, u, h) = lone_infantry(&r);
    s.units[usize::from(u)].morale = MoraleState::Shaken;
    let c = r.morale_check(&s, h, CheckKind::Standard, true, h, Role::None, "20.4");
    let shift = c.shift;
    s.tasks.push(Task::Morale(c));
    assert!(matches!(r.actor(&s), Actor::Chance(_)));
    let p = r.preview(&s).expect("a preview of the morale check");
    assert_eq!(p.rule, "25.2");
    assert!(p.title.starts_with("morale check at "), "{}", p.title);
    assert_eq!(
        fact(&p, "checking unit (25.2)"),
        r.units[usize::from(u)].name
    );
    assert_eq!(fact(&p, "morale state (25.4)"), "Shaken");
    assert_eq!(
        fact(&p, "morale rating (25.0)"),
        format!("{:?}", r.morale_rating(u))
    );
    assert_eq!(items_add_up(&p), shift);
    assert!(
        p.facts.iter().any(|f| f.name == "modifier shaken (25.2)"),
        "{p:?}"
    );
    if r.tables
        .morale_modifier(
            crate::nbs::tables::MoraleList::Standard,
            crate::nbs::tables::MoraleMod::FlankTarget,
        )
        .is_some_and(|v| v != 0)
    {
        assert!(
            p.facts
                .iter()
                .any(|f| f.name == "modifier flank_target (25.2)"),
            "{p:?}"
        );
    }
    preview_matches_every_roll(&r, &s, &p);
}

/// No preview where no dice are due.
#[test]
fn r25_2_preview_is_none_at_a_player_decision() {
    let r = rules("nbs/austerlitz-3");
    let (s, _, _) = lone_infantry(&r);
    assert!(!matches!(r.actor(&s), Actor::Chance(_)));
    assert!(r.preview(&s).is_none());
}

/// 25.2a: the top unit that is neither artillery nor a skirmisher checks for the stack, also
/// when a battery was picked out.
#[test]
fn r25_2a_top_infantry_checks_for_the_stack() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(1);
    let inf = first_infantry(&r, Side(1));
    put(
        &mut s,
        gun,
        at,
        Facing::side(dir(Compass::S)),
        Formation::Unlimbered,
    );
    put(
        &mut s,
        inf,
        at,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    s.units[usize::from(inf)].order = 10;
    s.units[usize::from(gun)].order = 1;
    assert_eq!(r.combat_stack(&s, at)[0], gun, "the battery on top");
    assert_eq!(r.morale_unit(&s, at), Some(inf));
    // Fire at the battery; the morale check that follows reads the infantry's rating.
    let f = id(&r, "1-1-4");
    put(
        &mut s,
        f,
        at.neighbor(dir(Compass::S)),
        north(),
        Formation::Line,
    );
    let (s1, ev) = fire_up_to_the_roll(&r, &s, at, Some(gun), &[f]);
    let (_, column) = declared_fp_and_column(&ev);
    let roll = (0..36)
        .map(|i| crate::nbs::types::Seq66::from_index(i).unwrap())
        .find(|&q| {
            matches!(
                r.tables.fire_result(column, q),
                crate::nbs::tables::FireResult::MoraleCheck { .. }
                    | crate::nbs::tables::FireResult::Loss { .. }
            ) && !r.tables.leader_hit(q)
        })
        .unwrap();
    let (s2, _) = apply(&r, &s1, d66(u32::from(roll.value())));
    let Some(crate::nbs::state::Task::Morale(c)) = s2.tasks.last().cloned() else {
        panic!("{:?}", s2.tasks)
    };
    let (_, ev) = apply(&r, &s2, d66(33));
    let row = ev
        .iter()
        .find_map(|e| match e {
            Event::MoraleCheck { row, .. } => Some(*row),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        row,
        r.tables.morale_row_shifted(r.morale_rating(inf), c.shift)
    );
}

/// 25.2b: artillery alone checks by the generic values (guard A, horse B, other C);
/// skirmishers are French B, others C; with infantry in the hex, the infantry's own.
#[test]
fn r25_2b_generic_morale_for_artillery_and_skirmishers() {
    use crate::nbs::types::MoraleRating;
    let mut r = rules("nbs/austerlitz-3");
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].morale = None;
    r.units[usize::from(gun)].guard = false;
    r.units[usize::from(gun)].class = crate::nbs::types::GunClass::Foot;
    assert_eq!(r.morale_rating(gun), MoraleRating::C);
    r.units[usize::from(gun)].class = crate::nbs::types::GunClass::Horse;
    assert_eq!(r.morale_rating(gun), MoraleRating::B);
    r.units[usize::from(gun)].guard = true;
    assert_eq!(r.morale_rating(gun), MoraleRating::A);
    for u in 0..r.units.len() as UnitId {
        let i = &r.units[usize::from(u)];
        if i.kind == UnitKind::Skirmisher {
            let want = if i.nation == crate::nbs::units::Nation::French {
                MoraleRating::B
            } else {
                MoraleRating::C
            };
            assert_eq!(r.morale_rating(u), want, "{}", i.id);
        }
    }
    // With infantry in the hex, the infantry checks.
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::OffensiveFire);
    put(&mut s, gun, at, north(), Formation::Unlimbered);
    assert_eq!(r.morale_unit(&s, at), Some(gun));
    let inf = id(&r, "1-1-4");
    put(&mut s, inf, at, north(), Formation::Line);
    assert_eq!(r.morale_unit(&s, at), Some(inf));
}

/// 25.2d, 25.2e: Morale Table losses are stragglers on the infantry (not on cavalry above
/// it), and units they destroy leave before the retreat.
#[test]
fn r25_2d_r25_2e_morale_stragglers_and_removal_before_retreat() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let threat = at.neighbor(dir(Compass::S));
    let mut s = empty(&r, Phase::OffensiveFire);
    let cav = first_cavalry(&r, Side(0));
    let inf = id(&r, "1-1-4");
    put(&mut s, cav, at, north(), Formation::Combat);
    put(&mut s, inf, at, north(), Formation::Line);
    s.units[usize::from(cav)].order = 1;
    s.units[usize::from(inf)].order = 2;
    assert_eq!(r.morale_unit(&s, at), Some(cav));
    let (s1, roll) =
        check_with(&r, &s, at, threat, |m| m.stragglers > 0).expect("a straggler result");
    let (s1, _) = apply(&r, &s1, d66(roll));
    assert_eq!(s1.units[usize::from(cav)].stragglers, 0);
    assert_eq!(s1.units[usize::from(cav)].casualties, 0);
    assert!(s1.units[usize::from(inf)].stragglers > 0);
    assert_eq!(s1.units[usize::from(inf)].casualties, 0);
    assert_eq!(
        s1.casualty_track, s.casualty_track,
        "stragglers, not casualties"
    );
    // 25.2d: the checking infantry on one box is destroyed by the stragglers and does not
    // retreat with the rest.
    let mut t = empty(&r, Phase::OffensiveFire);
    let other = id(&r, "2-1-4");
    put(&mut t, inf, at, north(), Formation::Line);
    put(&mut t, other, at, north(), Formation::Line);
    t.units[usize::from(inf)].order = 1;
    t.units[usize::from(other)].order = 2;
    let boxes = r.units[usize::from(inf)].boxes;
    t.units[usize::from(inf)].casualties = boxes - 1;
    let (t1, roll) = check_with(&r, &t, at, threat, |m| m.stragglers > 0 && m.retreat > 0)
        .expect("stragglers with a retreat");
    let (t1, _) = apply(&r, &t1, d66(roll));
    assert_eq!(t1.units[usize::from(inf)].place, Place::Gone);
    let Some(crate::nbs::state::Task::Retreat(rt)) = t1.tasks.last().cloned() else {
        panic!("{:?}", t1.tasks)
    };
    assert_eq!(rt.units, [other]);
}

/// 25.3a: a stack that cannot retreat is routed.
#[test]
fn r25_3a_unable_to_retreat_means_routed() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let threat = at.neighbor(dir(Compass::S));
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Line);
    // Enemy brigades on the three hexes away from the threat.
    let blockers = ["Y2-1-L", "V2-1-L", "B2-1-L"];
    for (name, c) in blockers.iter().zip([Compass::N, Compass::NE, Compass::NW]) {
        put(
            &mut s,
            id(&r, name),
            at.neighbor(dir(c)),
            north(),
            Formation::Line,
        );
    }
    let (s1, roll) = check_with(&r, &s, at, threat, |m| {
        m.retreat > 0 && m.state != crate::nbs::tables::MoraleOutcome::Routed
    })
    .expect("a retreat result short of rout");
    let (s1, ev) = apply(&r, &s1, d66(roll));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RetreatBlocked { rule, .. } if rule == "25.3a"))
    );
    assert_eq!(s1.units[usize::from(u)].morale, MoraleState::Routed);
    assert_eq!(s1.units[usize::from(u)].place, Place::At(at));
}

/// 25.3b: a retreating stack may split: the unit split off retreats on its own, first, the
/// same number of hexes, then the rest goes on; each part may take its own line.
#[test]
fn r25_3b_a_retreating_stack_may_split() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 4);
    let threat = at.neighbor(dir(Compass::S));
    let mut s = empty(&r, Phase::OffensiveFire);
    let a = id(&r, "2-1-1");
    let b = id(&r, "1-2-1");
    put(&mut s, a, at, north(), Formation::Column);
    put(&mut s, b, at, north(), Formation::Column);
    r.start_retreat(&mut s, at, threat, 2, false, false);
    let v = legal(&r, &s);
    for u in [a, b] {
        assert!(v.contains(&Action::SplitRetreat { unit: u }), "{v:?}");
    }
    let (s, _) = apply(&r, &s, Action::SplitRetreat { unit: b });
    assert!(matches!(
        s.tasks.last(),
        Some(Task::Retreat(x)) if x.units == [b] && x.left == 2 && x.at == at
    ));
    // Alone now: no further split of it.
    let e = r
        .applied(&s, &Action::SplitRetreat { unit: b })
        .unwrap_err();
    assert_eq!(e.rule, "25.3b", "{e}");
    let nw = at.neighbor(dir(Compass::NW));
    assert!(retreat_hexes(&r, &s).contains(&nw));
    let mut ev = Vec::new();
    let (s, e1) = apply(&r, &s, Action::RetreatTo { hex: nw });
    ev.extend(e1);
    assert_eq!(
        s.units[usize::from(a)].place,
        Place::At(at),
        "the rest waits"
    );
    let (s, e2) = apply(&r, &s, Action::RetreatTo { hex: n_of(nw, 1) });
    ev.extend(e2);
    let s = settle(&r, s, &mut ev);
    // The rest goes on, two hexes too, on its own line.
    assert!(matches!(s.tasks.last(), Some(Task::Retreat(x)) if x.units == [a] && x.left == 2));
    let (s, e3) = apply(&r, &s, Action::RetreatTo { hex: n_of(at, 1) });
    ev.extend(e3);
    let (s, e4) = apply(&r, &s, Action::RetreatTo { hex: n_of(at, 2) });
    ev.extend(e4);
    let s = settle(&r, s, &mut ev);
    assert!(s.tasks.is_empty(), "{:?}", s.tasks);
    assert_eq!(s.units[usize::from(b)].place, Place::At(n_of(nw, 1)));
    assert_eq!(s.units[usize::from(a)].place, Place::At(n_of(at, 2)));
    for u in [a, b] {
        let steps = ev
            .iter()
            .filter(|e| matches!(e, Event::Retreated { units, .. } if units.contains(&u)))
            .count();
        assert_eq!(steps, 2, "the same number of hexes");
    }
}

/// 25.3d: a retreat that over-stacks the hex it ends in routs the stack there.
#[test]
fn r25_3d_a_retreat_that_overstacks_routs() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let threat = at.neighbor(dir(Compass::S));
    let into = n_of(at, 1);
    let mut s = empty(&r, Phase::OffensiveFire);
    let u = id(&r, "1-1-4");
    put(&mut s, u, at, north(), Formation::Line);
    // Two A brigades (8 C-units) and the AA retreating in (8): 16, over the 12 of 12.1.
    for name in ["2-1-1", "1-2-1"] {
        put(&mut s, id(&r, name), into, north(), Formation::Line);
    }
    assert!(!r.overstacked(&s, into, Side(0)));
    let mut ok = s.clone();
    r.start_retreat(&mut s, at, threat, 1, false, false);
    let (s1, ev) = apply(&r, &s, Action::RetreatTo { hex: into });
    assert!(r.overstacked(&s1, into, Side(0)));
    assert_eq!(r.hex_morale(&s1, into), MoraleState::Routed);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MoraleChanged { rule, .. } if rule == "25.3d"))
    );
    // Into a hex with room: no rout.
    ok.units[usize::from(id(&r, "1-2-1"))].place = Place::Off;
    r.start_retreat(&mut ok, at, threat, 1, false, false);
    let (s2, _) = apply(&r, &ok, Action::RetreatTo { hex: into });
    assert_eq!(r.hex_morale(&s2, into), MoraleState::Normal);
}

/// 25.5: the Rally segment ends Blood Lust away from the enemy, clears Shaken, makes DG
/// Shaken; a routed stack rolls a die plus its leader's rating, 5 or more making it DG.
#[test]
fn r25_5_rally_steps_and_the_rally_roll() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::Rally);
    let names = ["1-1-4", "2-1-4", "1-2-4", "2-2-4"];
    let us: Vec<UnitId> = names.iter().map(|n| id(&r, n)).collect();
    let spots = [
        at,
        n_of(at, 2),
        at.neighbor(dir(Compass::S)).neighbor(dir(Compass::S)),
        at.neighbor(dir(Compass::NE)).neighbor(dir(Compass::SE)),
    ];
    let states = [
        MoraleState::BloodLust,
        MoraleState::Shaken,
        MoraleState::Disorganized,
        MoraleState::Routed,
    ];
    for ((&u, &h), &m) in us.iter().zip(&spots).zip(&states) {
        put(&mut s, u, h, north(), Formation::Line);
        s.units[usize::from(u)].morale = m;
    }
    let mut ev = Vec::new();
    r.enter_phase(&mut s, &mut ev);
    assert_eq!(s.units[usize::from(us[0])].morale, MoraleState::Normal, "A");
    assert_eq!(s.units[usize::from(us[1])].morale, MoraleState::Normal, "C");
    assert_eq!(s.units[usize::from(us[2])].morale, MoraleState::Shaken, "D");
    assert_eq!(s.units[usize::from(us[3])].morale, MoraleState::Routed);
    // E: with a leader of morale rating 2, a 3 rallies and a 2 does not.
    let leader = division_leader(&r, us[3]);
    put(&mut s, leader, spots[3], north(), Formation::None);
    let rating = r.leader_morale(&s, leader);
    let rally = Action::Rally { hex: spots[3] };
    let (w, _) = apply(&r, &s, rally.clone());
    assert!(
        matches!(w.tasks.last(), Some(crate::nbs::state::Task::RallyRoll { rating: x, .. }) if *x == rating)
    );
    let need = 5u32.saturating_sub(u32::from(rating)).max(1);
    if need > 1 {
        let (no, _) = apply(&r, &w, d6(need - 1));
        assert_eq!(no.units[usize::from(us[3])].morale, MoraleState::Routed);
    }
    let (yes, _) = apply(&r, &w, d6(need.min(6)));
    assert_eq!(
        yes.units[usize::from(us[3])].morale,
        MoraleState::Disorganized
    );
    // No routed stack: nothing to rally.
    assert_eq!(
        r.applied(&s, &Action::Rally { hex: spots[0] })
            .unwrap_err()
            .rule,
        "25.5"
    );
    // B: Blood Lust next to the enemy rolls instead.
    let mut b = empty(&r, Phase::Rally);
    put(&mut b, us[0], at, north(), Formation::Line);
    b.units[usize::from(us[0])].morale = MoraleState::BloodLust;
    put(
        &mut b,
        first_infantry(&r, Side(1)),
        n_of(at, 1),
        north(),
        Formation::Line,
    );
    r.enter_phase(&mut b, &mut Vec::new());
    assert!(
        matches!(b.tasks.last(), Some(crate::nbs::state::Task::BloodLust { hex }) if *hex == at)
    );
}
