//! Rule cases of the Fontenoy special, optional and scenario rules F-4 to F-10 pinned one by
//! one on the scenarios' own charts: the terrain section's SCM costs, Disorder Checks (A),
//! rule 8.7 and Squares (F-9.2), hexside crossings (F-9.3), road rates (F-9.2n), the river and
//! its bridge (F-9.2m).

use super::checks::{put, to_movement_with, toward};
use super::movement::mover;
use super::*;
use crate::fontenoy::board::{Terrain, side as hs};
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::geometry::Placed;
use crate::fontenoy::state::Step;
use crate::fontenoy::tables::{Dca, Mp, Tables};
use crate::fontenoy::types::{DisorderCheck as DC, Pts};
use crate::hex::Direction;
use alloc::sync::Arc;

/// The Terrain Effects Table and the other charts as scenario 1 reads them.
fn real_tables() -> Tables {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let rs = lib.scenario("fontenoy/ingoldsby").expect("scenario 1");
    Tables::new(&rs).expect("the charts read")
}

fn step(r: &Fontenoy, s: &mut State, u: UnitId, to: Hex) -> Vec<Event> {
    apply(
        r,
        s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    )
}

fn try_step(r: &Fontenoy, s: &State, u: UnitId, to: Hex) -> Result<(), String> {
    let mut t = s.clone();
    let mut ev = Vec::new();
    match r.apply(
        &mut t,
        &Action::Step {
            unit: u,
            to,
            alone: false,
        },
        &mut ev,
    ) {
        Ok(()) => Ok(()),
        Err(e) => {
            assert_eq!(&t, s, "a refused step changes nothing");
            Err(e.rule.to_string())
        }
    }
}

fn moved_cost(ev: &[Event]) -> Pts {
    ev.iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a move")
}

/// F-9.2a–l: the hex terrains' SCM cost, line of sight, Disorder Check (A), rule 8.7 and
/// Square, as the engine reads them from the scenarios' TET, and the SCM a charge pays.
#[test]
fn f9_2_each_hex_terrain_gives_its_scm_los_dca_8_7_and_square() {
    let t = real_tables();
    let half = |n: u16| Mp::Pts(Pts(n * 3));
    // (terrain, SCM in half points or None for P, blocks LOS, DC(A), 8.7, Square)
    for (id, scm, los, dca, r87, square) in [
        (Terrain::Bog, Some(3), false, Dca::No, false, true),
        (Terrain::Broken, Some(4), false, Dca::Yes, true, true),
        (Terrain::Clear, Some(2), false, Dca::No, false, true),
        (Terrain::Keep, None, true, Dca::Yes, true, false),
        (Terrain::Marsh, Some(8), false, Dca::Yes, true, false),
        (Terrain::Orchard, Some(4), true, Dca::Yes, true, false),
        (Terrain::SunkenRoad, Some(4), false, Dca::May, true, false),
        (Terrain::Town, Some(6), true, Dca::Yes, true, false),
        (Terrain::Village, Some(6), true, Dca::Yes, true, false),
        (Terrain::WalledFarm, None, true, Dca::Yes, true, false),
        (Terrain::Woods, Some(6), true, Dca::Yes, true, false),
    ] {
        let fx = t.fx(id);
        assert_eq!(fx.scm, scm.map_or(Mp::Prohibited, half), "{id:?} SCM");
        assert_eq!(fx.blocks_los, los, "{id:?} LOS");
        assert_eq!(fx.dca, dca, "{id:?} DC(A)");
        assert_eq!(fx.difficult, r87, "{id:?} 8.7");
        assert_eq!(fx.square, square, "{id:?} Square");
        // A charge entering the hex pays its SCM cost (F-2.8a, 13.1f).
        let (mut r, _, _) = mover(|w| w.board.set_terrain(toward("S1010", 0, 1), id));
        r.tables = Arc::new(t.clone());
        let want = match (id, scm) {
            // F-5.5d is optional: without it a sunken road costs its own SCM.
            (_, Some(n)) => Some(Pts(n * 3)),
            (_, None) => None,
        };
        assert_eq!(
            r.scm_cost(hex("S1010"), toward("S1010", 0, 1)),
            want,
            "{id:?} charge"
        );
    }
    // F-9.2d: nobody attacks the Keep in close combat; F-9.2m: the river blocks no line.
    assert!(!t.fx(Terrain::Keep).close_combat);
    assert!(!t.fx(Terrain::River).blocks_los);
}

/// The movement position of checks.rs (A, 6 SP and 4 MP, at S1010 facing 1) with `t` one hex
/// toward direction 0, on the scenarios' tables.
fn into_terrain(t: Terrain) -> (Fontenoy, State, UnitId, Hex) {
    let to = toward("S1010", 0, 1);
    let (mut r, s, [a, _, _]) = to_movement_with(|w| w.board.set_terrain(to, t));
    r.tables = Arc::new(real_tables());
    (r, s, a, to)
}

const DCA: CheckKind = CheckKind::Disorder(DC::A);

fn pending_dca(s: &State, u: UnitId) -> bool {
    s.steps.iter().any(
        |x| matches!(x, Step::Check(CheckReq { unit, kind, .. }) if *unit == u && *kind == DCA),
    )
}

/// F-9.2b, e, f, j, l: entering broken ground, marsh, orchard, village or woods and spending
/// more MP calls for a Disorder Check (A) at the end of the move (11.2d); bog and clear ground
/// do not (F-9.2a, c).
#[test]
fn f9_2_moving_on_from_a_dca_terrain_calls_the_check_bog_and_clear_do_not() {
    for (t, check) in [
        (Terrain::Broken, true),
        (Terrain::Marsh, true),
        (Terrain::Orchard, true),
        (Terrain::Village, true),
        (Terrain::Woods, true),
        (Terrain::Bog, false),
        (Terrain::Clear, false),
    ] {
        let (r, mut s, a, to) = into_terrain(t);
        step(&r, &mut s, a, to);
        step(&r, &mut s, a, to.neighbor(Direction::ALL[1]));
        apply(&r, &mut s, Action::EndMove { unit: a });
        assert_eq!(pending_dca(&s, a), check, "{t:?}");
    }
    // Stopping in the woods calls for none (11.2d).
    let (r, mut s, a, to) = into_terrain(Terrain::Woods);
    step(&r, &mut s, a, to);
    apply(&r, &mut s, Action::EndMove { unit: a });
    assert!(!pending_dca(&s, a));
}

/// F-9.2a–c, l: infantry forms Square in bog, broken ground and clear, not in the woods (8.1e).
#[test]
fn f9_2_square_forms_in_bog_broken_and_clear_not_in_woods() {
    for (t, ok) in [
        (Terrain::Bog, true),
        (Terrain::Broken, true),
        (Terrain::Clear, true),
        (Terrain::Woods, false),
    ] {
        let (mut r, mut s, u) = mover(|w| w.board.set_terrain(hex("S1010"), t));
        r.tables = Arc::new(real_tables());
        let act = Action::Reform {
            unit: u,
            formation: Formation::Square,
            to: Placed::at(hex("S1010"), crate::hex::Facing::new(1).expect("a facing")),
        };
        let mut ev = Vec::new();
        let got = r.apply(&mut s, &act, &mut ev);
        match got {
            Ok(()) => {
                assert!(ok, "{t:?}");
                assert_eq!(s.unit(u).formation, Formation::Square);
            }
            Err(e) => {
                assert!(!ok, "{t:?}: {e:?}");
                assert_eq!(e.rule, "8.1e");
            }
        }
    }
}

/// F-9.3a, d, e: crossing a stream or a steep slope and moving on calls for a Disorder Check
/// (A), a gentle slope does not; ponds and quarries are closed (11.2a).
#[test]
fn f9_3_streams_and_steep_slopes_call_the_check_ponds_and_quarries_are_closed() {
    for (bit, check) in [
        (hs::STREAM, true),
        (hs::FIELDWORKS_MINOR, true),
        (hs::SLOPE_STEEP, true),
        (hs::SLOPE_GENTLE, false),
    ] {
        let to = toward("S1010", 0, 1);
        let (mut r, mut s, [a, _, _]) = to_movement_with(|w| {
            w.board
                .add_side(hex("S1010"), Direction::ALL[0], bit, false)
        });
        r.tables = Arc::new(real_tables());
        step(&r, &mut s, a, to);
        step(&r, &mut s, a, to.neighbor(Direction::ALL[1]));
        apply(&r, &mut s, Action::EndMove { unit: a });
        assert_eq!(pending_dca(&s, a), check, "{bit}");
    }
    for bit in [hs::POND, hs::QUARRY] {
        let (mut r, s, [a, _, _]) = to_movement_with(|w| {
            w.board
                .add_side(hex("S1010"), Direction::ALL[0], bit, false)
        });
        r.tables = Arc::new(real_tables());
        assert_eq!(
            try_step(&r, &s, a, toward("S1010", 0, 1)),
            Err("11.2a".into()),
            "{bit}"
        );
        // The other Frontal hex stays open.
        assert_eq!(try_step(&r, &s, a, toward("S1010", 1, 1)), Ok(()));
    }
}

/// A one-hex Road Column (4 SP) at S1010 facing hexside 0, a `bits` road toward direction 0
/// into `t`, on the scenarios' tables.
fn on_road(bits: u16, t: Terrain) -> (Fontenoy, State, UnitId, Hex) {
    let to = toward("S1010", 0, 1);
    let (mut r, mut s, u) = mover(|w| {
        w.board.set_terrain(to, t);
        w.board
            .add_side(hex("S1010"), Direction::ALL[0], bits, true);
    });
    r.tables = Arc::new(real_tables());
    s.unit_mut(u).sp = 4;
    s.unit_mut(u).formation = Formation::RoadColumn;
    put(&mut s, u, hex("S1010"), 0);
    (r, s, u, to)
}

/// F-9.2n A, B: Road Movement costs ⅓ along the Major Road, ½ along a road, ½ along a path
/// into clear or orchard and 1 along a path elsewhere, whatever the hex's own cost (F-9.2n C).
#[test]
fn f9_2n_road_movement_rates_major_road_road_and_path() {
    for (bits, t, want) in [
        (hs::MAJOR_ROAD, Terrain::Woods, Pts::THIRD),
        (hs::ROAD, Terrain::Woods, Pts::HALF),
        (hs::ROAD, Terrain::Clear, Pts::HALF),
        (hs::PATH, Terrain::Clear, Pts::HALF),
        (hs::PATH, Terrain::Orchard, Pts::HALF),
        (hs::PATH, Terrain::Woods, Pts::ONE),
        (hs::PATH, Terrain::Marsh, Pts::ONE),
    ] {
        let (r, mut s, u, to) = on_road(bits, t);
        let ev = step(&r, &mut s, u, to);
        assert_eq!(moved_cost(&ev), want, "{bits} into {t:?}");
        assert_eq!(s.unit(u).formation, Formation::RoadColumn);
    }
    // Off the road the column pays the TET's column cost of the woods (2).
    let (r, mut s, u, _) = on_road(hs::ROAD, Terrain::Woods);
    let off = toward("S1010", 1, 1);
    let (r, s2) = {
        let mut r = r;
        let mut b = (*r.board).clone();
        b.set_terrain(off, Terrain::Woods);
        r.board = Arc::new(b);
        put(&mut s, u, hex("S1010"), 2);
        (r, s)
    };
    let mut s2 = s2;
    let ev = step(&r, &mut s2, u, off);
    assert_eq!(moved_cost(&ev), Pts::whole(2));
}

/// F-9.2m: no unit enters a river hex; the bridge takes a Road Column on the road, which may
/// stay there, and nothing else.
#[test]
fn f9_2m_the_river_is_closed_and_the_bridge_takes_only_a_road_column_on_the_road() {
    // A river hex ahead: closed.
    let (r, s, u, to) = on_road(0, Terrain::River);
    assert_eq!(try_step(&r, &s, u, to), Err("11.2a".into()));
    // The bridge along the road: the column crosses and may stop there.
    let (r, mut s, u, to) = on_road(hs::ROAD, Terrain::Bridge);
    let ev = step(&r, &mut s, u, to);
    assert_eq!(moved_cost(&ev), Pts::HALF);
    apply(&r, &mut s, Action::EndMove { unit: u });
    assert_eq!(s.unit(u).placed().map(|p| p.hex()), Some(to));
    assert_eq!(s.unit(u).formation, Formation::RoadColumn);
    // A Line may not step onto the bridge, road or not.
    let (r, mut s, u, to) = on_road(hs::ROAD, Terrain::Bridge);
    s.unit_mut(u).formation = Formation::Line;
    put(&mut s, u, hex("S1010"), 1);
    assert_eq!(try_step(&r, &s, u, to), Err("11.2a".into()));
}

/// The counter of `id` in `r`.
fn counter(r: &Fontenoy, id: &str) -> UnitId {
    r.units
        .iter()
        .position(|u| u.id == id)
        .map(|i| i as UnitId)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

/// F-4.2a: Cumberland (the Distance-6 counter, WAN 6) is succeeded by Konigsegg (+2, WAN 7),
/// Waldeck (+3, 8) and Ligonier (+4, 8), then nobody (21.6).
#[test]
fn f4_2a_cumberland_is_succeeded_by_konigsegg_waldeck_then_ligonier() {
    use crate::fontenoy::commanders::Successor;
    let (r, mut s) = scenario("fontenoy/battle");
    let cumberland = counter(&r, "al-cumberland");
    let [k, w, l] = ["al-konigsegg", "al-waldeck", "al-ligonier"].map(|id| counter(&r, id));
    assert_eq!(r.units[usize::from(cumberland)].command_distance, 6);
    assert_eq!(s.armies[1].cinc, Some(cumberland));
    assert_eq!(s.armies[1].wan, 6);
    assert_eq!(
        r.scenario_rules.commanders.succession[1],
        alloc::vec![
            Successor::Named(k, 2, 7),
            Successor::Named(w, 3, 8),
            Successor::Named(l, 4, 8)
        ]
    );
    // F-4.2b A, F-4.2c: nobody replaces Konigsegg or Waldeck in their own commands.
    assert!(r.scenario_rules.commanders.none.contains(&k));
    assert!(r.scenario_rules.commanders.none.contains(&w));
    let mut ev = Vec::new();
    for (gone, next, rating, wan) in [
        (cumberland, Some(k), 2, 7),
        (k, Some(w), 3, 8),
        (w, Some(l), 4, 8),
        (l, None, 0, 0),
    ] {
        ev.clear();
        r.kill_commander(&mut s, gone, "21.4b", &mut ev);
        assert_eq!(s.armies[1].cinc, next);
        assert!(
            ev.contains(&Event::NewCinc {
                side: Side(1),
                commander: next,
                rating,
                wan
            }),
            "{ev:?}"
        );
    }
}

/// F-4.2b B: a lost Moltke is replaced by Forgach, a lost Forgach by a replacement counter of
/// the English flag (the "B" Anglo-Hanoverian commander).
#[test]
fn f4_2b_b_moltke_is_replaced_by_forgach_then_an_english_flag_replacement() {
    let (r, mut s) = scenario("fontenoy/battle");
    let moltke = counter(&r, "al-moltke");
    let forgach = counter(&r, "al-forgach");
    assert_eq!(r.draw_replacement(&s, moltke), Some(forgach));
    s.unit_mut(forgach).place = crate::fontenoy::state::Place::Destroyed;
    let next = r
        .draw_replacement(&s, moltke)
        .expect("a replacement counter");
    assert!(
        r.units[usize::from(next)].id.starts_with("al-repl-en-"),
        "{}",
        r.units[usize::from(next)].id
    );
}

/// F-4.1e A: Allied infantry in Line fires the 3-rank column of the Line SP chart, the French
/// the 4-rank one: a one-hex Line of 3 SP fires 3 SP for the Allies, 2 for the French.
#[test]
fn f4_1e_a_allied_lines_fire_by_the_three_rank_column() {
    use crate::fontenoy::fire::los::Sight;
    use crate::fontenoy::occupancy::Occupancy;
    use crate::fontenoy::state::FireKind;
    use crate::fontenoy::types::Arm;
    let (r, mut s, me, them) = super::fire::duel();
    let row = r.tables.fire.line(3).expect("the 3-SP row");
    assert_eq!(row.fire_1, [3, 2], "3-rank, 4-rank");
    s.unit_mut(me).sp = 3;
    s.unit_mut(them).sp = 3;
    let o = Occupancy::build(&r, &s);
    let at = |u: UnitId| s.unit(u).placed().expect("on the map").hex();
    for (u, target, want) in [(them, me, 3u8), (me, them, 2)] {
        let sight = Sight {
            lane: at(target),
            path: alloc::vec![at(u)],
            partial: false,
            over_friends: false,
            halves: false,
        };
        let part = r.part(
            &s,
            &o,
            at(u),
            Arm::Infantry,
            &[u],
            at(target),
            &sight,
            FireKind::Segment,
        );
        assert_eq!(part.sp, alloc::vec![(u, want)], "unit {u}");
    }
}

/// F-9.2n C: a one-hex Road Column on the road turns for nothing where the road bends, and
/// pays the chart's cost for the same turn off the road.
#[test]
fn f9_2n_c_a_road_column_turns_for_nothing_along_the_road_s_bend() {
    let turn_cost = |bend: bool| {
        let (mut r, mut s, u) = mover(|w| {
            let h = hex("S1010");
            w.board.add_side(h, Direction::ALL[3], hs::ROAD, true);
            if bend {
                w.board.add_side(h, Direction::ALL[1], hs::ROAD, true);
            }
        });
        r.tables = Arc::new(real_tables());
        s.unit_mut(u).sp = 4;
        s.unit_mut(u).formation = Formation::RoadColumn;
        put(&mut s, u, hex("S1010"), 0);
        let ev = apply(&r, &mut s, Action::Face { unit: u, facing: 2 });
        ev.iter()
            .find_map(|e| match e {
                Event::Faced { cost, .. } => Some(*cost),
                _ => None,
            })
            .expect("a facing change")
    };
    assert_eq!(turn_cost(true), Pts::ZERO);
    assert!(turn_cost(false) > Pts::ZERO);
}

/// F-9.3a: fire at a unit up a slope counts the slope's Defense Rating bonus; fire down it, or
/// at the same unit from the high side, none.
#[test]
fn f9_3a_only_fire_up_a_slope_is_penalised() {
    use crate::fontenoy::occupancy::Occupancy;
    let (r, s, me, them) = super::fire::duel();
    let at = |u: UnitId| s.unit(u).placed().expect("on the map").hex();
    let (mine, theirs) = (at(me), at(them));
    let d = mine.direction_to(theirs).expect("adjacent");
    let rating = |r: &Fontenoy, target: UnitId, from: Hex| {
        let o = Occupancy::build(r, &s);
        r.defense_rating(&s, &o, &[target], &[from], at(target), false)
    };
    let flat = rating(&r, them, mine);
    assert_eq!(rating(&r, me, theirs), flat, "the same ground");
    for bit in [hs::SLOPE_GENTLE, hs::SLOPE_REGULAR, hs::SLOPE_STEEP] {
        let bonus = u32::from(r.tables.fire.side(bit).expect("a slope row").defense_bonus);
        assert!(bonus > 0);
        for up in [true, false] {
            let mut r2 = r.clone();
            let mut b = (*r2.board).clone();
            // `up`: the English hex is the high side.
            b.add_side(mine, d, bit, up);
            r2.board = Arc::new(b);
            let (on_them, on_me) = if up {
                (flat + bonus, flat)
            } else {
                (flat, flat + bonus)
            };
            assert_eq!(
                rating(&r2, them, mine),
                on_them,
                "{bit} up {up}: French fire"
            );
            assert_eq!(
                rating(&r2, me, theirs),
                on_me,
                "{bit} up {up}: English fire"
            );
        }
    }
}

/// F-9.3b: infantry crossing an abatis in Line is Disordered at once; in a column it is not.
#[test]
fn f9_3b_infantry_crossing_an_abatis_in_line_is_disordered() {
    for line in [true, false] {
        let to = toward("S1010", 0, 1);
        let (mut r, mut s, u) = mover(|w| {
            w.board
                .add_side(hex("S1010"), Direction::ALL[0], hs::ABATIS, false)
        });
        r.tables = Arc::new(real_tables());
        if !line {
            s.unit_mut(u).sp = 4;
            s.unit_mut(u).formation = Formation::MarchColumn;
            put(&mut s, u, hex("S1010"), 0);
        }
        let ev = step(&r, &mut s, u, to);
        assert_eq!(s.unit(u).placed().map(|p| p.hex()), Some(to));
        assert_eq!(s.unit(u).disordered, line, "Line {line}");
        assert_eq!(
            ev.iter()
                .any(|e| matches!(e, Event::Condition { unit, rule, .. } if *unit == u && rule == "F-9.3b")),
            line,
            "{ev:?}"
        );
    }
}

/// F-9.2d: infantry in the Keep has every neighbouring hex in its ZOC; the same unit in the
/// open only its Frontal hexes.
#[test]
fn f9_2d_infantry_in_the_keep_has_a_zoc_all_round() {
    use crate::fontenoy::occupancy::Occupancy;
    for keep in [true, false] {
        let (mut r, mut s, u) = mover(|w| {
            if keep {
                w.board.set_terrain(hex("S1010"), Terrain::Keep);
            }
        });
        r.tables = Arc::new(real_tables());
        s.unit_mut(u).formation = Formation::GeneralOrder;
        let o = Occupancy::build(&r, &s);
        // Facing vertex 1: directions 0 and 1 are Frontal, 3 and 4 behind it.
        for d in 0..6u8 {
            let n = toward("S1010", d, 1);
            let front = d == 0 || d == 1;
            assert_eq!(
                o.ezoc(&r, n, Side(1)),
                keep || front,
                "keep {keep}, direction {d}"
            );
        }
    }
}

/// F-9.2n C: Road Movement ignores the terrain of the hex and the hexside, but not field
/// fortifications or an abatis across the road: their crossing cost is paid and they call for
/// a Disorder Check (A).
#[test]
fn f9_2n_c_road_movement_does_not_ignore_works_across_the_road() {
    for (bit, extra) in [
        (hs::STREAM, None),
        (hs::SLOPE_STEEP, None),
        (hs::FIELDWORKS_MINOR, Some(hs::FIELDWORKS_MINOR)),
        (hs::ABATIS, Some(hs::ABATIS)),
    ] {
        let (mut r, mut s, u, to) = on_road(hs::ROAD, Terrain::Clear);
        let mut b = (*r.board).clone();
        b.add_side(hex("S1010"), Direction::ALL[0], bit, false);
        b.add_side(to, Direction::ALL[0], hs::ROAD, true);
        r.board = Arc::new(b);
        let pay = extra.map_or(Pts::ZERO, |x| {
            match r.tables.hexside(x).expect("a row").mp[1] {
                Mp::Pts(p) => p,
                m => panic!("{m:?}"),
            }
        });
        let ev = step(&r, &mut s, u, to);
        assert_eq!(moved_cost(&ev), Pts::HALF.plus(pay), "{bit}");
        step(&r, &mut s, u, toward("S1010", 0, 2));
        apply(&r, &mut s, Action::EndMove { unit: u });
        assert_eq!(pending_dca(&s, u), extra.is_some(), "{bit}");
    }
}

/// A French Division (DC at S1010, Command Distance 4) with a battalion at S1010 and a
/// 4-SP Road Column `x` at S1025, beyond the distance, a reinforcement that entered there
/// (a map-edge road hex) the turn before; the Allies far off.
fn road_arrival(noted: bool) -> (Fontenoy, State, UnitId) {
    use crate::fontenoy::reinforcements::{Arrival, Entry};
    let at = hex("S1025");
    let mut w = World::new();
    let dc = w.commander("Dx", Side(0), "S1010", 4, 4);
    let a = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let x = w.infantry("2 AAA", Side(0), "AAA", "S1025", 1);
    w.division("X", Side(0), Some(dc), &[a, x]);
    let e = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
    w.division("Z", Side(1), None, &[e]);
    w.board.add_side(at, Direction::ALL[0], hs::ROAD, true);
    w.board.add_side(at, Direction::ALL[3], hs::ROAD, true);
    let (mut r, mut s) = w.build();
    Arc::make_mut(&mut r.scenario_rules).arrivals = alloc::vec![Arrival {
        unit: x,
        turn: 0,
        entry: Entry::Edge(at),
        whole_division: false,
        group: None,
        tournay: false,
        on_activation: None,
    }];
    s.unit_mut(x).sp = 4;
    s.unit_mut(x).formation = Formation::RoadColumn;
    put(&mut s, x, at, 0);
    if noted {
        r.note_road_entry(&mut s, x, at, Formation::RoadColumn);
    }
    s.turn = 1;
    s.steps.clear();
    (r, s, x)
}

/// F-10.0d: a reinforcement that entered by Road Movement is In Command on a later turn while
/// it keeps to the road in Road Column; one step off the road ends it.
#[test]
fn f10_0d_an_arrival_on_road_movement_stays_in_command() {
    let (r, mut s, x) = road_arrival(true);
    assert_eq!(s.road_entrants, alloc::vec![x]);
    let mut ev = Vec::new();
    r.activate(&mut s, Side(0), alloc::vec![0], None, &mut ev);
    assert_eq!(s.unit(x).command, Some(true), "on the road a turn later");
    // Without the road entry it is beyond its commander's distance: not In Command by it.
    let (r, mut s, x) = road_arrival(false);
    assert!(s.road_entrants.is_empty());
    let mut ev = Vec::new();
    r.activate(&mut s, Side(0), alloc::vec![0], None, &mut ev);
    assert_ne!(s.unit(x).command, Some(true));
    // A step along the road keeps it; a step off the road ends it.
    let (r, mut s, x) = road_arrival(true);
    let at = hex("S1025");
    r.note_road_step(
        &mut s,
        &[x],
        Formation::RoadColumn,
        at,
        toward("S1025", 0, 1),
    );
    assert_eq!(s.road_entrants, alloc::vec![x]);
    r.note_road_step(
        &mut s,
        &[x],
        Formation::RoadColumn,
        at,
        toward("S1025", 1, 1),
    );
    assert!(s.road_entrants.is_empty());
    // Entering in any other formation is no Road Movement.
    let (r, mut s, x) = road_arrival(false);
    r.note_road_entry(&mut s, x, at, Formation::MarchColumn);
    assert!(s.road_entrants.is_empty());
}

/// F-9.2d: guns and cavalry pass through the Keep by Road Movement but may not stop there;
/// infantry may.
#[test]
fn f9_2d_guns_and_cavalry_pass_the_keep_by_road_but_may_not_stop() {
    for (kind, sp, stops) in [
        (Kind::Artillery, 1u8, false),
        (Kind::Cavalry, 4, false),
        (Kind::Infantry, 4, true),
    ] {
        let (mut r, mut s, u, to) = on_road(hs::ROAD, Terrain::Keep);
        let info = &mut Arc::make_mut(&mut r.units)[usize::from(u)];
        info.kind = kind;
        info.sp = sp;
        s.unit_mut(u).sp = sp;
        let mut b = (*r.board).clone();
        b.add_side(to, Direction::ALL[0], hs::ROAD, true);
        r.board = Arc::new(b);
        step(&r, &mut s, u, to);
        assert_eq!(s.unit(u).placed().map(|p| p.hex()), Some(to), "{kind:?}");
        let mut t = s.clone();
        let mut ev = Vec::new();
        let end = r.apply(&mut t, &Action::EndMove { unit: u }, &mut ev);
        assert_eq!(end.is_ok(), stops, "{kind:?}: {end:?}");
        if !stops {
            // It goes on along the road.
            step(&r, &mut s, u, toward("S1010", 0, 2));
            apply(&r, &mut s, Action::EndMove { unit: u });
        }
    }
}

/// F-4.2b A: Konigsegg, until he succeeds Cumberland, attaches (6.4a) only Austrian units
/// grouped with him; as CinC any.
#[test]
fn f4_2b_a_konigsegg_attaches_only_austrians_until_he_is_cinc() {
    use crate::fontenoy::types::Nationality;
    let mut w = World::new();
    let cum = w.commander("Cumberland", Side(1), "S2510", 10, 5);
    w.cinc(cum, 1, 6);
    let konig = w.commander("Konigsegg", Side(1), "S2012", 6, 5);
    w.units[usize::from(konig)].nationality = Nationality::Austrian;
    let ec = w.commander("Englishman", Side(1), "S2020", 4, 4);
    let e1 = w.infantry("1 ENG", Side(1), "ENG", "S2012", 1);
    w.division("English", Side(1), Some(ec), &[e1]);
    let bc = w.commander("Other Austrian", Side(1), "S2024", 4, 4);
    let b1 = w.infantry("1 OTH", Side(1), "OTH", "S2012", 1);
    w.units[usize::from(bc)].nationality = Nationality::Austrian;
    w.units[usize::from(b1)].nationality = Nationality::Austrian;
    w.division("Other", Side(1), Some(bc), &[b1]);
    let ac = w.commander("Austrian", Side(1), "S2022", 4, 4);
    let a1 = w.infantry("1 AUS", Side(1), "AUS", "S2022", 1);
    w.units[usize::from(ac)].nationality = Nationality::Austrian;
    w.units[usize::from(a1)].nationality = Nationality::Austrian;
    let adiv = w.division("Austrian", Side(1), Some(ac), &[a1]);
    let (r, s0) = w.build();
    for as_cinc in [false, true] {
        let mut s = s0.clone();
        s.steps.clear();
        if as_cinc {
            s.armies[1].cinc = Some(konig);
        }
        let mut ev = Vec::new();
        r.activate(&mut s, Side(1), alloc::vec![adiv], None, &mut ev);
        if !as_cinc {
            apply(&r, &mut s, Action::ActivateCommander { commander: konig });
        } else {
            s.unit_mut(konig).act = crate::fontenoy::state::Act::Active;
            if let Some(a) = s.activation.as_mut() {
                a.ndcs.push(konig);
            }
        }
        let acts = legal(&r, &s);
        assert!(
            acts.contains(&Action::Attach { unit: b1 }),
            "cinc {as_cinc}"
        );
        assert_eq!(
            acts.contains(&Action::Attach { unit: e1 }),
            as_cinc,
            "the English battalion, cinc {as_cinc}"
        );
    }
}

/// F-5.2a C: under fast play, the Wing Commander of the activated Wing, beyond his CinC's
/// Line of Command, rolls his Initiative; failing it puts the whole Wing Out of Command
/// instead of ending the activation; passing it makes him In Command.
#[test]
fn f5_2a_c_a_failed_wing_commander_puts_the_wing_out_of_command() {
    use super::infernal::{cast, options};
    for (roll, passed) in [(9u8, false), (1, true)] {
        let (w, c) = cast();
        let (mut r, mut s) = w.build();
        options(&mut r, &["5.2"]);
        initiative(&r, &mut s, 1, 9);
        apply(&r, &mut s, Action::ActivateOwn);
        apply(&r, &mut s, Action::Activate { division: 2 });
        apply(&r, &mut s, Action::EndDesignations);
        assert_eq!(
            s.steps.last(),
            Some(&Step::CommanderInitiative {
                commander: c.ligonier
            })
        );
        apply(&r, &mut s, d10(roll));
        assert_eq!(s.unit(c.ligonier).command, Some(passed));
        assert_eq!(s.unit(c.ligonier).act, crate::fontenoy::state::Act::Active);
        if !passed {
            for u in [c.ponsonby, c.zastrow, c.e_near, c.e_far, c.f_near, c.f_far] {
                assert_eq!(s.unit(u).command, Some(false), "{}", r.unit_name(u));
            }
        }
    }
}
