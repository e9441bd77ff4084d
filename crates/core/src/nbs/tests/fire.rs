//! Fire combat (20.1–20.2): who fires, how much, at what (20.2a–20.2g), ERR-11 and ERR-12.

use super::kit::{
    apply, clear_spot, d66, declared_fp_and_column, dir, division_leader, empty,
    fire_up_to_the_roll, first_infantry, hex, id, legal, n_of, north, put, resolve_all_chance,
    rules, skirmisher_of, two_lines_at_one, with_options,
};
use crate::engine::{Rules, Side};
use crate::hex::{Compass, Facing, Hex};
use crate::nbs::state::{Phase, Place, State, UnitId, flag};
use crate::nbs::types::{Formation, Fp};
use crate::nbs::{Action, Event, Nbs};
use alloc::format;
use alloc::vec::Vec;

/// Declares fire at `target` with `a`; `b`, in `a`'s hex, is then neither listed nor accepted:
/// the hex fires its limit (20.2a). Returns the declaration.
fn second_firer_refused(r: &Nbs, s: &State, target: Hex, a: UnitId, b: UnitId) -> State {
    let (d, _) = apply(
        r,
        s,
        Action::Target {
            hex: target,
            artillery: None,
        },
    );
    let (d, _) = apply(
        r,
        &d,
        Action::AddFirer {
            unit: a,
            share: None,
        },
    );
    let b_whole = Action::AddFirer {
        unit: b,
        share: None,
    };
    assert!(!legal(r, &d).contains(&b_whole));
    assert_eq!(r.applied(&d, &b_whole).unwrap_err().rule, "20.2a");
    d
}

/// 20.2a, 12.3: one A of infantry fires out of a hex: a second brigade there cannot join the
/// same fire, nor fire again once the hex's infantry has fired this phase.
#[test]
fn r20_2a_one_a_of_infantry_fires_out_of_a_hex() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let a = id(&r, "2-1-1");
    let b = id(&r, "1-2-1");
    assert_eq!(r.fire_level(&s, a).units(), 4, "an A brigade");
    assert_eq!(r.fire_level(&s, b).units(), 4, "an A brigade");
    put(&mut s, a, at, north(), Formation::Line);
    put(&mut s, b, at, north(), Formation::Line);
    let t1 = n_of(at, 1);
    let t2 = at.neighbor(dir(Compass::NE));
    let e1 = first_infantry(&r, Side(1));
    let e2 = id(&r, "Y2-1-L");
    put(
        &mut s,
        e1,
        t1,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    put(
        &mut s,
        e2,
        t2,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let d = second_firer_refused(&r, &s, t1, a, b);
    let (f, _) = apply(&r, &d, Action::Resolve);
    let (f, _) = apply(&r, &f, d66(11));
    // b has not fired, but its hex's one A has (20.2a: the budget of the whole phase).
    assert!(!f.units[usize::from(b)].has(flag::FIRED));
    assert_eq!(r.may_fire(&f, b, t2, false).unwrap_err().rule, "20.2a");
}

/// A second battery for `side`: a copy of the only battery in the order of battle (4b), for
/// the tests that need one on each side.
fn extra_battery(r: &mut Nbs, s: &mut State, side: Side) -> UnitId {
    let gun = id(r, "4b(h-f)");
    let mut info = r.units[usize::from(gun)].clone();
    info.id = alloc::format!("{}-copy", info.id);
    info.side = side;
    r.units.push(info);
    let mut st = s.units[usize::from(gun)].clone();
    st.place = Place::Off;
    s.units.push(st);
    (r.units.len() - 1) as UnitId
}

/// 20.2a, 12.3: at most 5 gun points fire out of a hex, however many batteries are there.
#[test]
fn r20_2a_five_gun_points_fire_out_of_a_hex() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let a = id(&r, "4b(h-f)");
    let b = extra_battery(&mut r, &mut s, Side(0));
    // Two batteries of 3 gun points: 6, over the cap.
    let gp = 3;
    r.units[usize::from(a)].gun_points = gp;
    r.units[usize::from(b)].gun_points = gp;
    put(&mut s, a, at, north(), Formation::Unlimbered);
    put(&mut s, b, at, north(), Formation::Unlimbered);
    let target = n_of(at, 2);
    let e = first_infantry(&r, Side(1));
    put(
        &mut s,
        e,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let (_, ev) = fire_up_to_the_roll(&r, &s, target, None, &[a, b]);
    let (fp, _) = declared_fp_and_column(&ev);
    let weight = r.units[usize::from(a)].weight;
    assert_eq!(fp, r.tables.artillery_fp(weight, 5, 2).0);
    assert_ne!(fp, r.tables.artillery_fp(weight, gp, 2).0 * 2);
    // A first battery of 5 leaves no room for the second.
    r.units[usize::from(a)].gun_points = 5;
    second_firer_refused(&r, &s, target, a, b);
}

/// 20.2b: a unit fires once per fire phase; close-combat fire does not count.
#[test]
fn r20_2b_each_unit_fires_once_per_phase() {
    let r = rules("nbs/austerlitz-3");
    let (s, x, _) = two_lines_at_one(&r);
    let a = id(&r, "2-1-1");
    let (s, _) = apply(&r, &s, Action::Resolve);
    let (s, _) = apply(&r, &s, d66(11));
    assert!(s.units[usize::from(a)].has(flag::FIRED));
    let other = x.neighbor(dir(Compass::N));
    assert_eq!(r.may_fire(&s, a, other, false).unwrap_err().rule, "20.2b");
    assert!(
        r.may_fire(&s, a, x, true).is_ok(),
        "close-combat fire is apart"
    );
    let mut fresh = s.clone();
    fresh.units[usize::from(a)].flags &= !flag::FIRED;
    fresh.units[usize::from(a)].fire_used = 0;
    assert_ne!(
        r.may_fire(&fresh, a, other, false).map_err(|e| e.rule),
        Err("20.2b".into())
    );
}

/// 20.2c: small arms reach 1 hex, artillery 8.
#[test]
fn r20_2c_ranges_one_for_small_arms_eight_for_artillery() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::OffensiveFire);
    let inf = id(&r, "1-1-4");
    let gun = id(&r, "4b(h-f)");
    put(&mut s, inf, at, north(), Formation::Line);
    assert!(r.may_fire(&s, inf, n_of(at, 1), false).is_ok());
    assert_eq!(
        r.may_fire(&s, inf, n_of(at, 2), false).unwrap_err().rule,
        "20.2c"
    );
    r.units[usize::from(gun)].side = Side(0);
    put(
        &mut s,
        gun,
        at.neighbor(dir(Compass::S)),
        north(),
        Formation::Unlimbered,
    );
    let from = at.neighbor(dir(Compass::S));
    let e8 = r
        .may_fire(&s, gun, n_of(from, 8), false)
        .map_err(|e| e.rule);
    assert_ne!(e8, Err("20.2c".into()), "8 hexes is in range");
    assert_eq!(
        r.may_fire(&s, gun, n_of(from, 9), false).unwrap_err().rule,
        "20.2c"
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

/// Fire points of a declaration just resolved, if there is one (compare
/// [`declared_fp_and_column`], which also gives the column and requires the declaration).
fn declared_fire_points(ev: &[Event]) -> Option<u32> {
    ev.iter().find_map(|e| match e {
        Event::FireDeclared { fire_points, .. } => Some(*fire_points),
        _ => None,
    })
}

/// Declares a fire at the top unit of `target` by `firers` (each with its 20.2e share),
/// resolves it, rolls 11 and settles the chance nodes; gives the state and the fire points
/// (compare [`fire_up_to_the_roll`], which stops before the roll).
fn fire_and_roll_11(
    r: &Nbs,
    s: &State,
    target: Hex,
    firers: &[(UnitId, Option<u8>)],
) -> (State, u32) {
    let (mut s, _) = apply(
        r,
        s,
        Action::Target {
            hex: target,
            artillery: None,
        },
    );
    for &(unit, share) in firers {
        s = apply(r, &s, Action::AddFirer { unit, share }).0;
    }
    let (s, ev) = apply(r, &s, Action::Resolve);
    let fp = declared_fire_points(&ev).expect("a fire combat");
    (resolve_all_chance(r, apply(r, &s, d66(11)).0), fp)
}

/// 20.2e: an A brigade fires as two B's at two hexes; a part above what is left is refused
/// naming 20.2e, and once the whole level has fired, 20.2b refuses more. 20.2a: the hex's
/// one A is shared by everything that fires out of it, whatever the targets.
#[test]
fn r20_2e_an_a_fires_as_two_bs_at_two_targets() {
    use crate::nbs::tables::{Part, Range, SmallArms};
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::OffensiveFire);
    let p = hex(&r, "B40.12");
    let a = id(&r, "2-1-1");
    let b = id(&r, "1-2-1");
    let allied: Vec<UnitId> = (0..r.units.len() as UnitId)
        .filter(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(1)
                && i.kind == crate::nbs::types::UnitKind::Infantry
                && i.has_loss_chart()
        })
        .take(2)
        .collect();
    let (t1, t2) = (p.neighbor(dir(Compass::N)), p.neighbor(dir(Compass::NE)));
    let north = Facing::side(dir(Compass::N));
    put(&mut s, a, p, north, Formation::Line);
    put(
        &mut s,
        allied[0],
        t1,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    put(
        &mut s,
        allied[1],
        t2,
        Facing::side(dir(Compass::SW)),
        Formation::Line,
    );
    assert_eq!(r.fire_level(&s, a).units(), 4, "2-1-1 is an A");
    let b_fp = r
        .tables
        .small_arms_fp(SmallArms::Line, Range::OneHex, Part::B)
        .0;
    let a_fp = r
        .tables
        .small_arms_fp(SmallArms::Line, Range::OneHex, Part::A)
        .0;

    // The first B at t1; the rest of the level is offered whole or in C's.
    let (s1, fp) = fire_and_roll_11(&r, &s, t1, &[(a, Some(2))]);
    assert_eq!(fp, b_fp, "a B's fire points");
    let (d, _) = apply(
        &r,
        &s1,
        Action::Target {
            hex: t2,
            artillery: None,
        },
    );
    let mut v = Vec::new();
    r.legal_actions(&d, &mut v);
    let offered: Vec<Option<u8>> = v
        .iter()
        .filter_map(|x| match x {
            Action::AddFirer { unit, share } if *unit == a => Some(*share),
            _ => None,
        })
        .collect();
    assert_eq!(
        offered,
        [None, Some(1)],
        "what is left: a B, whole or as one C"
    );
    let e = r
        .applied(
            &d,
            &Action::AddFirer {
                unit: a,
                share: Some(3),
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "20.2e");
    assert!(e.reason.contains("1 to 2"), "{}", e.reason);
    let (s2, fp) = fire_and_roll_11(&r, &s1, t2, &[(a, None)]);
    assert_eq!(fp, b_fp, "the second B");
    assert_eq!(r.fire_left(&s2, a), 0);
    assert_eq!(r.may_fire(&s2, a, t2, false).unwrap_err().rule, "20.2b");

    // Unsplit, the same A fires its A fire points at one target (the 20.4 example's 2).
    let (_, fp) = fire_and_roll_11(&r, &s, t1, &[(a, None)]);
    assert_eq!(fp, a_fp);

    // 20.2a: a second brigade in the hex may not fire once the hex's A has fired.
    let mut s3 = s.clone();
    put(&mut s3, b, p, north, Formation::Line);
    let (s4, _) = fire_and_roll_11(&r, &s3, t1, &[(a, None)]);
    assert_eq!(r.may_fire(&s4, b, t2, false).unwrap_err().rule, "20.2a");
    // ... but after a B of the first, the second adds the other B against another hex.
    let (s5, _) = fire_and_roll_11(&r, &s3, t1, &[(a, Some(2))]);
    let (d, _) = apply(
        &r,
        &s5,
        Action::Target {
            hex: t2,
            artillery: None,
        },
    );
    v.clear();
    r.legal_actions(&d, &mut v);
    assert!(v.contains(&Action::AddFirer {
        unit: b,
        share: None
    }));
    assert!(
        !v.contains(&Action::AddFirer {
            unit: b,
            share: Some(2)
        }),
        "the whole of what the hex has left is the unsplit choice"
    );
    let (s6, fp) = fire_and_roll_11(&r, &s5, t2, &[(b, None)]);
    assert_eq!(fp, b_fp, "the hex's other B");
    assert_eq!(r.hex_fire_left(&s6, a, None), 0);
}

/// 20.2e: a battery splits along gun-point lines; what it fires at each target is what the
/// Artillery Fire Point Table gives for that many gun points.
#[test]
fn r20_2e_a_battery_splits_its_gun_points() {
    let r = rules("nbs/austerlitz-3");
    let mut s = empty(&r, Phase::OffensiveFire);
    let p = hex(&r, "B40.12");
    let g = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(0)
                && i.kind == crate::nbs::types::UnitKind::Artillery
                && i.gun_points >= 4
        })
        .expect("a French battery of 4 GP or more");
    let t = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(1)
                && i.kind == crate::nbs::types::UnitKind::Infantry
                && i.has_loss_chart()
        })
        .unwrap();
    let t2 = (0..r.units.len() as UnitId)
        .filter(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(1)
                && i.kind == crate::nbs::types::UnitKind::Infantry
                && i.has_loss_chart()
        })
        .nth(1)
        .unwrap();
    let north = Facing::side(dir(Compass::N));
    put(&mut s, g, p, north, Formation::Unlimbered);
    let x1 = p.neighbor(dir(Compass::N)).neighbor(dir(Compass::N));
    let x2 = p.neighbor(dir(Compass::NE)).neighbor(dir(Compass::NE));
    put(
        &mut s,
        t,
        x1,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    put(
        &mut s,
        t2,
        x2,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    let gp = r.gun_points(&s, g);
    let w = r.units[usize::from(g)].weight;
    let (s1, fp) = fire_and_roll_11(&r, &s, x1, &[(g, Some(2))]);
    assert_eq!(fp, r.tables.artillery_fp(w, 2, 2).0);
    assert_eq!(r.fire_left(&s1, g), gp - 2);
    let (s2, fp) = fire_and_roll_11(&r, &s1, x2, &[(g, None)]);
    let rest = (gp - 2).min(3); // 20.2a: 5 GP out of a hex in the phase
    assert_eq!(fp, r.tables.artillery_fp(w, rest, 2).0);
    assert_eq!(r.hex_fire_left(&s2, g, None), 3 - rest);
}

/// 20.2f, default reading: a fraction is resolved on the "Less than 1" column, which the
/// modifiers then shift like any column (20.0: find the column, then modify it).
#[test]
fn r20_2f_fraction_takes_the_less_than_1_column_then_shifts() {
    let r = rules("nbs/austerlitz-3");
    assert!(!r.fraction_modifiers_first);
    let quarter = Fp(1);
    assert_eq!(quarter.rounded(), 0, "1/4 would round to zero");
    assert_eq!(r.fire_table_column(quarter, 0), Some(1));
    assert_eq!(r.fire_table_column(quarter, 3), Some(4));
    assert_eq!(r.fire_table_column(quarter, -2), Some(1));
    assert_eq!(r.fire_table_column(Fp(2), 3), Some(4));
    assert_eq!(r.fire_table_column(Fp::whole(7), 3), Some(10));
    assert_eq!(r.fire_table_column(Fp::ZERO, 3), None, "zero has no effect");
}

/// [`with_options`] for options the scenario accepts: a refusal fails the test.
fn rules_with(id: &str, opts: serde_json::Value) -> Nbs {
    with_options(id, opts).unwrap_or_else(|e| panic!("{e:?}"))
}

/// 20.2f, option `nbs-20.2f-modifiers-first`: the modifiers apply to the total before the
/// column is found, so 1/4 (rounding to zero) with +3 reads column 3; the "Less than 1"
/// column still takes what stays below 1; totals of 1/2 and more read as by default.
#[test]
fn r20_2f_option_modifiers_first() {
    for n in 1..=5 {
        let id = format!("nbs/austerlitz-{n}");
        let r = rules_with(
            &id,
            serde_json::json!({ "nbs-20.2f-modifiers-first": true }),
        );
        assert!(r.fraction_modifiers_first, "{id} offers the option");
    }
    let r = rules_with(
        "nbs/austerlitz-3",
        serde_json::json!({ "nbs-20.2f-modifiers-first": true }),
    );
    let quarter = Fp(1);
    assert_eq!(r.fire_table_column(quarter, 0), Some(1));
    assert_eq!(r.fire_table_column(quarter, 3), Some(3));
    assert_eq!(r.fire_table_column(quarter, -2), Some(1));
    assert_eq!(r.fire_table_column(Fp(2), 3), Some(4));
    assert_eq!(r.fire_table_column(Fp::whole(7), 3), Some(10));
    assert_eq!(r.fire_table_column(Fp::ZERO, 3), None);
}

/// 20.2g: only artillery may pick out a battery that is not on top of its stack, at half
/// its fire points.
#[test]
fn r20_2g_artillery_picks_out_artillery_at_half() {
    let mut r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::OffensiveFire);
    let gun = id(&r, "4b(h-f)");
    let enemy_gun = extra_battery(&mut r, &mut s, Side(1));
    let target = n_of(at, 2);
    let inf = first_infantry(&r, Side(1));
    put(
        &mut s,
        inf,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    put(
        &mut s,
        enemy_gun,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Unlimbered,
    );
    s.units[usize::from(enemy_gun)].order = 50;
    assert_eq!(r.combat_stack(&s, target)[0], inf);
    put(&mut s, gun, at, north(), Formation::Unlimbered);
    let pick = Action::Target {
        hex: target,
        artillery: Some(enemy_gun),
    };
    assert!(legal(&r, &s).contains(&pick));
    let (_, ev) = fire_up_to_the_roll(&r, &s, target, None, &[gun]);
    let (top_fp, _) = declared_fp_and_column(&ev);
    let (_, ev) = fire_up_to_the_roll(&r, &s, target, Some(enemy_gun), &[gun]);
    let (pick_fp, _) = declared_fp_and_column(&ev);
    assert!(top_fp > 0);
    assert_eq!(pick_fp, top_fp / 2, "halved when not on top");
    // Infantry alone cannot pick out the battery.
    let mut s2 = s.clone();
    s2.units[usize::from(gun)].place = Place::Off;
    let own = id(&r, "1-1-4");
    put(
        &mut s2,
        own,
        target.neighbor(dir(Compass::S)),
        north(),
        Formation::Line,
    );
    assert!(!legal(&r, &s2).contains(&pick));
    assert_eq!(r.applied(&s2, &pick).unwrap_err().rule, "20.2d");
}

/// ERR-11 (5.1): a unit never fires over friendly units, whatever the line of sight: not
/// over a friendly brigade, a friendly skirmisher or a friendly leader (5.1 makes leaders
/// units); enemy units in between do not stop it. A battery on a rise fires down over the
/// hex below it (the units there, half a level high, do not block its sight, 19.3e), checked
/// through the engine's fire conditions (`may_fire`) and the declaration.
#[test]
fn err11_no_fire_over_friendly_units_in_play() {
    let mut r = rules("nbs/austerlitz-3");
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].side = Side(0);
    let enemy = id(&r, "Y2-1-L");
    let leader = division_leader(&r, id(&r, "2-1-1"));
    let brigade = id(&r, "2-1-1");
    let skirmisher = skirmisher_of(&r, Side(0), 0);
    let enemy_leader = division_leader(&r, enemy);
    let mut s0 = empty(&r, Phase::OffensiveFire);
    s0.turn = r.first_turn
        + r.turns
            .iter()
            .position(|t| !t.night && t.visibility.is_none())
            .unwrap() as u16;
    let flat = |h: Hex| {
        let i = r.board.hex(h);
        i.on_map && i.terrain == crate::nbs::board::Terrain::Clear && !i.special
    };
    // A battery on a rise, its target three hexes off down the slope, a leader of its own
    // side in the hex below it that does not block the sight.
    let (at, d, s) = r
        .board
        .hexes()
        .flat_map(|h| crate::hex::Direction::ALL.into_iter().map(move |d| (h, d)))
        .filter(|&(h, d)| {
            let line = [h, h.neighbor(d), h.neighbor(d).neighbor(d)];
            line.iter().all(|&x| flat(x))
                && flat(line[2].neighbor(d))
                && r.board.hex(line[1]).level < r.board.hex(h).level
        })
        .find_map(|(h, d)| {
            let target = h.neighbor(d).neighbor(d).neighbor(d);
            let mut s = s0.clone();
            put(&mut s, gun, h, Facing::side(d), Formation::Unlimbered);
            put(
                &mut s,
                enemy,
                target,
                Facing::side(d.opposite()),
                Formation::Line,
            );
            let mut over = s.clone();
            put(
                &mut over,
                leader,
                h.neighbor(d),
                Facing::side(d),
                Formation::None,
            );
            (r.may_fire(&s, gun, target, false).is_ok() && r.clear_los(&over, h, target))
                .then_some((h, d, s))
        })
        .expect("a battery on a rise over a clear hex below it");
    let target = at.neighbor(d).neighbor(d).neighbor(d);
    let below = at.neighbor(d);
    for (u, form) in [
        (leader, Formation::None),
        (brigade, Formation::Line),
        (skirmisher, Formation::Skirmish),
    ] {
        let mut over = s.clone();
        put(&mut over, u, below, Facing::side(d), form);
        assert!(
            r.clear_los(&over, at, target),
            "{}: sight is clear",
            r.name(u)
        );
        let e = r.may_fire(&over, gun, target, false).unwrap_err();
        assert_eq!(e.rule, "ERR-11", "{}: {e}", r.name(u));
        let joined = r
            .applied(
                &over,
                &Action::Target {
                    hex: target,
                    artillery: None,
                },
            )
            .map(|(n, _)| {
                r.applied(
                    &n,
                    &Action::AddFirer {
                        unit: gun,
                        share: None,
                    },
                )
                .is_ok()
            });
        assert!(
            !matches!(joined, Ok(true)),
            "{}: the battery may not join the fire",
            r.name(u)
        );
    }
    // An enemy leader in between does not stop the fire.
    let mut past = s.clone();
    put(
        &mut past,
        enemy_leader,
        below,
        Facing::side(d),
        Formation::None,
    );
    assert!(r.may_fire(&past, gun, target, false).is_ok());
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
            i.side == Side(0)
                && i.kind == crate::nbs::types::UnitKind::Artillery
                && i.parent.is_none()
        })
        .unwrap();
    let skirmisher = (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(1) && i.kind == crate::nbs::types::UnitKind::Skirmisher
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
