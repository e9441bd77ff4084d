//! More of 8.x, 9.x and 11.x: facing changes (9.2, 9.5, F-3.7a), the enemy ZOC's extra cost
//! and its whole-MPo exception (9.1, 11.9a), limbered guns leaving an enemy ZOC (11.9b), no
//! About-Face on Forced March (11.4b), a Square cut below 3 SP (8.4g, E65) in fire and close
//! combat, formation changes paid in MP (11.1c).

use super::close::{FR, cc, dice_for};
use super::movement::mover;
use super::multihex::{ENEMY, U, at, enemy_column, facing, gun, placed, refused, set, spent};
use super::*;
use crate::fontenoy::geometry::{Hexes, line_hexes};
use crate::fontenoy::types::{Morale, Pts};
use crate::fontenoy::units::ByHand;

fn reform(unit: UnitId, formation: Formation, hexes: &[Hex], f: u8) -> Action {
    Action::Reform {
        unit,
        formation,
        to: Placed {
            hexes: Hexes::from_slice(hexes).expect("hexes"),
            facing: facing(f),
            hook: None,
        },
    }
}

fn faced_cost(ev: &[Event]) -> Option<Pts> {
    ev.iter().find_map(|e| match e {
        Event::Faced { cost, .. } => Some(*cost),
        _ => None,
    })
}

fn reform_cost(ev: &[Event]) -> Option<Pts> {
    ev.iter().find_map(|e| match e {
        Event::Reformation { cost, .. } => Some(*cost),
        _ => None,
    })
}

fn reacted(ev: &[Event], u: UnitId) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::ReactionOffered { mover, .. } if *mover == u))
}

/// The Allied battalion in a one-hex Line right ahead of the mover (its Frontal hex toward
/// direction 0), facing it: the mover stands in its ZOC and it may fire.
fn enemy_ahead(w: &mut World) {
    let i = usize::from(ENEMY);
    w.unit_state[i].place = Place::Map(Placed::at(at("S1010", 0), facing(7)));
}

#[test]
fn r9_2_r11_9a_turns_of_one_or_two_vertices_as_often_as_paid_each_setting_off_a_reaction() {
    let (r, mut s, u) = mover(enemy_ahead);
    // 60 degrees: 1 MP, +1 in the enemy ZOC (9.1, 11.9a).
    let ev = apply(&r, &mut s, Action::Face { unit: u, facing: 3 });
    assert_eq!(faced_cost(&ev), Some(Pts::whole(2)));
    assert!(
        reacted(&ev, u),
        "9.2: a facing change may set off a reaction"
    );
    apply(&r, &mut s, Action::Pass);
    assert_eq!(spent(&s, u), Pts::whole(2));
    // 120 degrees back to facing 11 would cost 2 + 1: more than the 2 MP left, refused whole.
    let turn_2 = Action::Face {
        unit: u,
        facing: 11,
    };
    assert!(!legal(&r, &s).contains(&turn_2));
    assert_eq!(refused(&r, &s, turn_2).rule, "9.2");
    // Another 60-degree turn is paid in full.
    let back = Action::Face { unit: u, facing: 1 };
    assert!(legal(&r, &s).contains(&back));
    let ev = apply(&r, &mut s, back);
    assert_eq!(faced_cost(&ev), Some(Pts::whole(2)));
    assert_eq!(spent(&s, u), Pts::whole(4));
    assert_eq!(spent(&s, u), Pts::whole(4));
}

#[test]
fn r9_2_a_two_vertex_turn_is_one_facing_change() {
    let (r, mut s, u) = mover(|_| {});
    let ev = apply(&r, &mut s, Action::Face { unit: u, facing: 5 });
    assert_eq!(faced_cost(&ev), Some(Pts::whole(2)));
    assert_eq!(placed(&s, u).facing, facing(5));
    // A step, then a turn again: facing changes at any point of the move.
    let to = placed(&s, u).hex().neighbor(super::multihex::dir(2));
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    );
    let ev = apply(&r, &mut s, Action::Face { unit: u, facing: 7 });
    assert_eq!(faced_cost(&ev), Some(Pts::ONE));
    assert_eq!(spent(&s, u), Pts::whole(4));
}

#[test]
fn r11_9a_r9_1_a_whole_mpo_change_in_an_enemy_zoc_only_as_the_only_action() {
    let a = hex("S1010");
    let (r, s, u) = mover(enemy_ahead);
    // Square costs the whole MPo (8.4f): in the enemy ZOC no +1 makes it impossible.
    let sq = reform(u, Formation::Square, &[a], 1);
    let mut t = s.clone();
    let ev = apply(&r, &mut t, sq.clone());
    assert_eq!(reform_cost(&ev), Some(Pts::whole(4)));
    assert_eq!(t.unit(u).formation, Formation::Square);
    // After a turn, it may not.
    let mut t = s.clone();
    apply(&r, &mut t, Action::Face { unit: u, facing: 3 });
    apply(&r, &mut t, Action::Pass);
    let sq = reform(u, Formation::Square, &[a], 3);
    assert!(!legal(&r, &t).contains(&sq));
    assert!(refused(&r, &t, sq).rule.starts_with("8.4f"));
}

#[test]
fn r11_1c_formation_changes_are_paid_from_the_mpo() {
    let a = hex("S1010");
    let (r, mut s, u) = mover(|_| {});
    // Line to March Column (8.4c, the provisional diagram's 1 MP ahead) then a step.
    let ev = apply(&r, &mut s, reform(u, Formation::MarchColumn, &[a], 0));
    let c = reform_cost(&ev).expect("a reformation");
    assert!(c > Pts::ZERO);
    assert_eq!(spent(&s, u), c);
    assert_eq!(r.mp_left(&s, u), Pts::whole(4).minus(c).unwrap());
}

#[test]
fn r11_4b_r9_6a_no_about_face_on_forced_march() {
    let (r, mut s, u) = mover(|_| {});
    let about = Action::Face { unit: u, facing: 7 };
    assert!(legal(&r, &s).contains(&about), "an About-Face before");
    apply(&r, &mut s, Action::ForcedMarch { unit: u });
    assert!(!legal(&r, &s).contains(&about));
    assert_eq!(refused(&r, &s, about).rule, "11.4b");
    // A multi-hex Line's About-Face (a reformation in its hexes) neither.
    let (r, mut s, u) = mover(|w| {
        let p = Placed {
            hexes: line_hexes(hex("S1010"), facing(1), 2).unwrap(),
            facing: facing(1),
            hook: None,
        };
        set(w, Kind::Infantry, 8, 4, Formation::Line, p);
    });
    let l = placed(&s, u).hexes;
    let l = l.as_slice();
    let about = reform(u, Formation::Line, &[l[1], l[0]], 7);
    assert!(legal(&r, &s).contains(&about));
    apply(&r, &mut s, Action::ForcedMarch { unit: u });
    assert!(!legal(&r, &s).contains(&about));
    assert_eq!(refused(&r, &s, about).rule, "11.4b");
}

/// The mover as a 2-SP limbered gun (a one-hex March Column) at S1010 facing the hexside
/// toward direction 0, with the Allied column behind it whose ZOC is the gun's hex.
fn limbered_in_ezoc(w: &mut World) {
    set(
        w,
        Kind::Artillery,
        2,
        4,
        Formation::MarchColumn,
        Placed::at(hex("S1010"), facing(0)),
    );
    enemy_column(w, at("S1010", 3), 0);
}

#[test]
fn r11_9b_limbered_guns_starting_in_an_enemy_zoc_must_leave_it() {
    let (r, mut s, u) = mover(limbered_in_ezoc);
    let acts = legal(&r, &s);
    assert!(!acts.contains(&Action::EndSegment), "{acts:?}");
    assert_eq!(refused(&r, &s, Action::EndSegment).rule, "11.9b");
    let out = Action::Step {
        unit: u,
        to: at("S1010", 0),
        alone: false,
    };
    assert!(acts.contains(&out));
    // A turn in place does not take it out: it may not end its move there.
    let mut t = s.clone();
    apply(&r, &mut t, Action::Face { unit: u, facing: 2 });
    assert!(!legal(&r, &t).contains(&Action::EndMove { unit: u }));
    assert_eq!(refused(&r, &t, Action::EndMove { unit: u }).rule, "11.9b");
    apply(&r, &mut s, out);
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(legal(&r, &s).contains(&Action::EndSegment));
    // Unlimbered guns stay.
    let (r, s, _) = mover(|w| {
        limbered_in_ezoc(w);
        w.unit_state[usize::from(U)].formation = Formation::Unlimbered;
        w.unit_state[usize::from(U)].place = Place::Map(Placed::at(hex("S1010"), facing(1)));
    });
    assert!(legal(&r, &s).contains(&Action::EndSegment));
}

#[test]
fn r11_9b_guns_that_cannot_leave_may_stay() {
    // Without the MP to step out (a hedge ahead would do as well): 0 MP.
    let (r, s, _) = mover(|w| {
        limbered_in_ezoc(w);
        w.units[usize::from(U)].mp = 0;
    });
    assert!(legal(&r, &s).contains(&Action::EndSegment));
}

#[test]
fn r9_5_unlimbered_guns_that_did_not_fire_turn_for_the_chart_cost() {
    let mut g = 0;
    let (mut r, mut s, _) = mover(|w| g = gun(w, ByHand::No));
    // The scenarios' provisional chart: 1 MP (the open board's test chart has 0).
    alloc::sync::Arc::make_mut(&mut r.tables).facing.unlimbered =
        [crate::fontenoy::tables::Mp::Pts(Pts::ONE); 3];
    let turn = Action::Face { unit: g, facing: 5 };
    assert!(legal(&r, &s).contains(&turn));
    // No 180-degree turn here: that is the About-Face (9.6b).
    assert!(!legal(&r, &s).contains(&Action::Face { unit: g, facing: 7 }));
    let ev = apply(&r, &mut s, turn);
    assert_eq!(faced_cost(&ev), Some(Pts::ONE));
    assert_eq!(placed(&s, g).facing, facing(5));
    assert_eq!(spent(&s, g), Pts::ONE);
    apply(&r, &mut s, Action::EndMove { unit: g });
    assert!(r.current_mover(&s).is_none());
}

#[test]
fn r11_6_f3_7a_swedish_guns_turn_for_a_by_hand_point_and_move_for_the_other() {
    let mut g = 0;
    let (r, mut s, _) = mover(|w| g = gun(w, ByHand::Fp2));
    // Any amount, 180 degrees too, for one point.
    assert!(legal(&r, &s).contains(&Action::Face { unit: g, facing: 7 }));
    let ev = apply(&r, &mut s, Action::Face { unit: g, facing: 3 });
    assert_eq!(faced_cost(&ev), Some(Pts::ZERO));
    assert_eq!(r.current_mover(&s), Some(g), "one by-hand point left");
    // Facing vertex 3, its Frontal hexes are toward directions 1 and 2.
    let to = at("S1012", 1);
    apply(&r, &mut s, Action::ByHand { unit: g, to });
    assert_eq!(placed(&s, g), Placed::at(to, facing(3)));
    assert!(r.current_mover(&s).is_none(), "both points spent");
    // Disordered: a turn or one hex, not both.
    let (r, mut s, _) = mover(|w| g = gun(w, ByHand::Fp2));
    s.unit_mut(g).disordered = true;
    apply(&r, &mut s, Action::Face { unit: g, facing: 3 });
    assert!(r.current_mover(&s).is_none());
    assert!(!legal(&r, &s).iter().any(
        |a| matches!(a, Action::ByHand { unit, .. } | Action::Face { unit, .. } if *unit == g)
    ));
}

#[test]
fn r8_4g_e65_a_square_cut_below_3_sp_becomes_a_disordered_line() {
    let (r, mut s, u) = mover(|_| {});
    s.unit_mut(u).formation = Formation::Square;
    s.unit_mut(u).sp = 2;
    let mut ev = Vec::new();
    r.after_losses(&mut s, &[u], &mut ev);
    assert_eq!(s.unit(u).formation, Formation::Line);
    assert!(s.unit(u).disordered);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Reformed { unit, formation: Formation::Line, rule } if *unit == u && rule == "8.4g"
    )));
    // Already Disordered: Shaken and Disordered (18.3).
    let (r, mut s, u) = mover(|_| {});
    s.unit_mut(u).formation = Formation::Square;
    s.unit_mut(u).sp = 2;
    s.unit_mut(u).disordered = true;
    let mut ev = Vec::new();
    r.after_losses(&mut s, &[u], &mut ev);
    assert_eq!(s.unit(u).formation, Formation::Line);
    assert!(s.unit(u).disordered);
    assert_eq!(s.unit(u).morale, Morale::Shaken);
}

#[test]
fn r8_4g_r11_5i_close_combat_losses_break_a_square_below_3_sp() {
    use super::close::{ahead, attack, roll, unit};
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let a = unit(
                w,
                "1 ENG",
                Side(1),
                Kind::Infantry,
                3,
                ahead(hex("S1010"), 0),
                7,
            );
            w.unit_state[usize::from(a)].formation = Formation::Square;
            ids = (f, a);
            (alloc::vec![f], alloc::vec![a])
        },
        |_| {},
    );
    let (f, a) = ids;
    attack(&r, &mut s, f, ahead(hex("S1010"), 0));
    super::close::checks(&r, &mut s);
    // Dice for a result in which the Square loses SP and neither routs nor surrenders.
    let c = r.close_segment(&s).unwrap().current.as_ref().unwrap();
    let fig = r.combat_figures(&s, c);
    let (col, _, drm) = r.close_column(fig[0].sp, fig[1].sp);
    let cr = [fig[0].cr + i16::from(drm[0]), fig[1].cr + i16::from(drm[1])];
    let mut dice = None;
    'find: for x in 0..10 {
        for y in 0..10 {
            let o = r.round_outcome(col, cr, [x, y]);
            let d = o.result.defender;
            if !o.special
                && (1..3).contains(&d.sp)
                && !d.rout
                && !d.surrender
                && !o.result.attacker.rout
                && !o.result.attacker.surrender
            {
                dice = Some([x, y]);
                break 'find;
            }
        }
    }
    let dice = dice.unwrap_or_else(|| dice_for(&r, &s, "0/1", false));
    let ev = roll(&r, &mut s, dice);
    assert!(s.unit(a).sp < 3);
    assert_ne!(s.unit(a).formation, Formation::Square);
    assert!(s.unit(a).disordered);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Reformed { unit, rule, .. } if *unit == a && rule == "8.4g"
    )));
}

/// Cavalry of 8 SP in a two-hex Line at S1010 (facing vertex 1) with the French CinC and its
/// Division Commander, having won a combat, and a routed 2-SP battalion 4 hexes down the
/// line: the pursuit waits for its PP die (16.2a).
fn pursuit_of_a_line() -> (Fontenoy, State, UnitId, UnitId) {
    use super::close::{ahead, unit};
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let c = unit(w, "CAV", FR, Kind::Cavalry, 8, hex("S1010"), 1);
            let mut h = hex("S1010");
            for _ in 0..4 {
                h = ahead(h, 0);
            }
            let e = unit(w, "1 ENG", Side(1), Kind::Infantry, 2, h, 7);
            ids = (c, e);
            (alloc::vec![c], alloc::vec![e])
        },
        |_| {},
    );
    let (c, e) = ids;
    s.unit_mut(c).place = Place::Map(Placed {
        hexes: line_hexes(hex("S1010"), facing(1), 2).unwrap(),
        facing: facing(1),
        hook: None,
    });
    s.unit_mut(e).morale = Morale::Routed;
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
fn r11_5i_r16_2a_a_pursuing_line_shrinks_into_one_hex_r21_2c_its_commanders_follow() {
    let (r, mut s, c, _) = pursuit_of_a_line();
    assert_eq!(placed(&s, c).hexes.len(), 2);
    apply(&r, &mut s, d10(7));
    // 16.2a, 11.5i: shrunk into the hex it advanced into, even in no Movement Segment.
    let p = placed(&s, c);
    assert_eq!(p.hexes.len(), 1);
    assert_eq!(p.hex(), hex("S1010"));
    apply(&r, &mut s, Action::Pursue { unit: c });
    let now = placed(&s, c).hex();
    assert_ne!(now, hex("S1010"));
    for name in ["saxe", "dx"] {
        let k = r.unit_index(name).unwrap();
        assert_eq!(
            placed(&s, k).hex(),
            now,
            "21.2c: {name} goes with the pursuers"
        );
    }
    // 11.1e, 11.10a: no MP are spent by a pursuit.
    assert!(
        s.activation
            .as_ref()
            .unwrap()
            .moving
            .iter()
            .all(|m| m.unit != c)
    );
}

/// A cavalry March Column of 12 SP in 3 hexes, head at S1010 facing the hexside toward
/// direction 0, with `mp` MP.
fn long_column(w: &mut World, mp: u8) {
    let head = hex("S1010");
    let second = head.neighbor(super::multihex::dir(3));
    let p = Placed {
        hexes: Hexes::from_slice(&[head, second, second.neighbor(super::multihex::dir(3))])
            .unwrap(),
        facing: facing(0),
        hook: None,
    };
    set(w, Kind::Cavalry, 12, mp, Formation::MarchColumn, p);
}

#[test]
fn r9_4_r9_4a_a_three_hex_march_column_turns_only_going_on_until_straight() {
    let (r, mut s, u) = mover(|w| long_column(w, 7));
    let head = hex("S1010");
    let c = head.neighbor(super::multihex::dir(1));
    let turn = match r
        .tables
        .facing_cost(&r.units[usize::from(u)], Formation::MarchColumn, 1)
    {
        crate::fontenoy::tables::Mp::Pts(p) => p,
        other => panic!("{other:?}"),
    };
    let open = match r.tables.fx(crate::fontenoy::board::Terrain::Clear).mp
        [crate::fontenoy::tables::MoveClass::CavalryColumn as usize]
    {
        crate::fontenoy::tables::Mp::Pts(p) => p,
        other => panic!("{other:?}"),
    };
    let a = Action::ColumnTurn { unit: u, to: c };
    assert!(legal(&r, &s).contains(&a));
    let ev = apply(&r, &mut s, a);
    let beyond = c.neighbor(super::multihex::dir(1));
    // The turn, the hex entered and the one beyond it, where the column is straight again.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ColumnTurned { cost, .. } if *cost == turn.plus(open).plus(open)
    )));
    let now = placed(&s, u);
    assert_eq!(now.hexes.as_slice(), &[beyond, c, head]);
    assert_eq!(now.facing, facing(2));
    assert!(crate::fontenoy::geometry::shape_ok(
        Formation::MarchColumn,
        &now
    ));
    // Without the MP to go on, no turn.
    let mp = u8::try_from(turn.plus(open).sixths() / 6).unwrap();
    let (r, s, u) = mover(|w| long_column(w, mp));
    let a = Action::ColumnTurn { unit: u, to: c };
    assert!(!legal(&r, &s).contains(&a));
    assert_eq!(refused(&r, &s, a).rule, "9.4");
}

#[test]
fn r8_1e_a_square_steps_once_into_any_adjacent_open_hex_for_its_whole_mpo() {
    let woods = at("S1010", 4);
    let (r, mut s, u) = mover(|w| {
        w.unit_state[usize::from(U)].formation = Formation::Square;
        w.board
            .set_terrain(woods, crate::fontenoy::board::Terrain::Woods);
    });
    let mut steps: Vec<Hex> = legal(&r, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step { unit, to, .. } if unit == u => Some(to),
            _ => None,
        })
        .collect();
    steps.sort();
    // All six neighbours are Frontal; not the woods (open terrain only).
    let mut want: Vec<Hex> = [0u8, 1, 2, 3, 5].iter().map(|&k| at("S1010", k)).collect();
    want.sort();
    assert_eq!(steps, want);
    assert_eq!(
        refused(
            &r,
            &s,
            Action::Step {
                unit: u,
                to: woods,
                alone: false
            }
        )
        .rule,
        "8.1e"
    );
    let behind = at("S1010", 3);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: behind,
            alone: false,
        },
    );
    assert_eq!(placed(&s, u).hex(), behind);
    assert_eq!(spent(&s, u), Pts::whole(4));
    assert!(r.current_mover(&s).is_none(), "the Square's one action");
}

#[test]
fn r8_1a_a_group_moves_on_its_lowest_mp() {
    let (r, mut s, u) = mover(|w| {
        let v = w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
        w.units[usize::from(v)].mp = 2;
        w.org.division_of[usize::from(v)] = Some(1);
        w.org.divisions[1].units.push(v);
    });
    let group = r.group_of(&s, u);
    assert_eq!(group.len(), 2);
    assert_eq!(r.group_left(&s, &group), Pts::whole(2));
    // Two steps of open ground: the second would need a third MP the slower unit lacks.
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: at("S1010", 0),
            alone: false,
        },
    );
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: at("S1010", 0).neighbor(super::multihex::dir(1)),
            alone: false,
        },
    );
    let group = r.group_of(&s, u);
    assert_eq!(r.group_left(&s, &group), Pts::ZERO);
    // 11.1d: each keeps its own MPo and its own count.
    assert_eq!(spent(&s, u), Pts::whole(2));
    assert_eq!(spent(&s, group[1]), Pts::whole(2));
    assert_eq!(r.mp_left(&s, u), Pts::whole(2));
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, alone: false, .. } if *unit == u))
    );
}

#[test]
fn r11_0_disorder_or_out_of_command_halve_the_mpo_once() {
    let (r, mut s, u) = mover(|w| w.units[usize::from(U)].mp = 5);
    assert_eq!(r.mpo(&s, u), Pts::whole(5));
    s.unit_mut(u).disordered = true;
    // Halved, rounded (1.5b): 5 / 2 = 2.5, 3.
    assert_eq!(r.mpo(&s, u), Pts::whole(3));
    s.unit_mut(u).command = Some(false);
    assert_eq!(r.mpo(&s, u), Pts::whole(3), "halved once, not quartered");
    s.unit_mut(u).disordered = false;
    assert_eq!(r.mpo(&s, u), Pts::whole(3));
}

#[test]
fn r8_1d_each_hex_of_a_march_column_pays_the_hexside_it_crosses() {
    use crate::fontenoy::board::side as hs;
    // A stream between the head and the hex ahead.
    let head = hex("S1010");
    let (r, mut s, u) = mover(|w| {
        let p = Placed {
            hexes: Hexes::from_slice(&[head, head.neighbor(super::multihex::dir(3))]).unwrap(),
            facing: facing(0),
            hook: None,
        };
        set(w, Kind::Infantry, 6, 8, Formation::MarchColumn, p);
        w.board
            .add_side(head, super::multihex::dir(0), hs::STREAM, true);
    });
    let class = crate::fontenoy::tables::MoveClass::InfantryColumn as usize;
    let stream = match r.tables.hexside(hs::STREAM).map(|x| x.mp[class]) {
        Some(crate::fontenoy::tables::Mp::Pts(p)) => p,
        other => panic!("{other:?}"),
    };
    let open = match r.tables.fx(crate::fontenoy::board::Terrain::Clear).mp[class] {
        crate::fontenoy::tables::Mp::Pts(p) => p,
        other => panic!("{other:?}"),
    };
    let ahead = head.neighbor(super::multihex::dir(0));
    let step = |s: &mut State, to| {
        apply(
            &r,
            s,
            Action::Step {
                unit: u,
                to,
                alone: false,
            },
        )
    };
    // The head crosses the stream.
    let ev = step(&mut s, ahead);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == open.plus(stream)))
    );
    // The tail crosses it with the next step: the stream once more.
    let ev = step(&mut s, ahead.neighbor(super::multihex::dir(0)));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { cost, .. } if *cost == open.plus(stream)))
    );
}

#[test]
fn r11_10b_a_cavalry_reaction_moves_only_through_a_hex_of_scm_cost_1() {
    use super::close::{AL, ahead, unit};
    use crate::fontenoy::board::Terrain;
    use crate::fontenoy::close::CloseStep;
    use crate::fontenoy::state::Step;
    let run = |woods: bool| {
        let mut w = World::new();
        let f = unit(&mut w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
        let h1 = ahead(hex("S1010"), 0);
        let far = ahead(ahead(h1, 0), 0);
        let cav = unit(&mut w, "E CAV", AL, Kind::Cavalry, 4, far, 7);
        if woods {
            // The hexes the cavalry would move into to meet the mover.
            for k in [3u8, 4] {
                w.board.set_terrain(ahead(far, k), Terrain::Woods);
            }
        }
        let saxe = w.commander("Saxe", FR, "S1010", 30, 5);
        w.cinc(saxe, 2, 5);
        let dc = w.commander("Dx", FR, "S1010", 8, 4);
        let cumb = w.commander("Cumberland", AL, "S2929", 2, 5);
        w.cinc(cumb, 1, 6);
        let ac = w.commander("Dz", AL, "S2929", 4, 4);
        w.division("X", FR, Some(dc), &[f]);
        w.division("Z", AL, Some(ac), &[cav]);
        let (mut r, mut s) = w.build();
        alloc::sync::Arc::make_mut(&mut r.tables).terrain[Terrain::Woods as usize].scm =
            crate::fontenoy::tables::Mp::Pts(Pts::whole(2));
        initiative(&r, &mut s, 6, 1);
        apply(&r, &mut s, Action::ActivateOwn);
        apply(&r, &mut s, Action::Activate { division: 0 });
        apply(&r, &mut s, Action::EndDesignations);
        while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) =
            s.steps.last()
        {
            apply(&r, &mut s, d10(0));
        }
        apply(&r, &mut s, Action::EndSegment); // fire
        apply(
            &r,
            &mut s,
            Action::Step {
                unit: f,
                to: h1,
                alone: false,
            },
        );
        s.steps.last().copied()
    };
    assert!(matches!(
        run(false),
        Some(Step::Close(CloseStep::CavalryReaction { .. }))
    ));
    assert!(!matches!(
        run(true),
        Some(Step::Close(CloseStep::CavalryReaction { .. }))
    ));
}

#[test]
fn r11_1b_a_unit_that_has_spent_nothing_may_end_its_move_in_an_illegal_group() {
    // The mover shares S1010 with an unactivated friendly Line facing the other way (not a
    // legal group, 10.1); it declares Forced March, which costs nothing, and may still stop
    // where it began (the long soak's stall, scenario 4 seed 1030).
    let (r, mut s, u) = mover(|w| {
        w.infantry("1 BBB", Side(0), "BBB", "S1010", 7);
    });
    apply(&r, &mut s, Action::ForcedMarch { unit: u });
    assert_eq!(spent(&s, u), Pts::ZERO);
    assert!(legal(&r, &s).contains(&Action::EndMove { unit: u }));
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert!(
        s.activation
            .as_ref()
            .is_some_and(|a| a.moving.iter().any(|m| m.unit == u && m.done))
    );
}
