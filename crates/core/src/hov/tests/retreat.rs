//! Retreat and pursuit cases left from ¶172–¶192 and the Exclusive §37, §48, §60: frozen
//! lakes, primary rivers only at bridges, the doubled loss of a pursuit across a river, and
//! stopping in friendly fortifications.

use alloc::vec::Vec;

use super::battle::{
    act, clear_line, die_for, duel, legal, load, no_artillery, roll, to_resolution,
};
use crate::engine::Rules;
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::board::{Settlement, Water};
use crate::hov::event::Event;
use crate::hov::state::{BattleStep, LeaderPlace, Retreat, State};
use crate::hov::types::{COALITION, Chit};

fn weather(h: &Hov, name: &str) -> u8 {
    h.charts
        .weather_names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("{name}")) as u8
}

/// A hexside of the given water with both hexes on the map and in the area.
pub(super) fn water_side(h: &Hov, w: Water, bridge: bool) -> Option<(Hex, Direction)> {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    hexes.into_iter().find_map(|a| {
        Direction::ALL.into_iter().find_map(|d| {
            let side = h.board.side(a, d);
            let n = a.neighbor(d);
            (side.water == w
                && side.bridge == bridge
                && h.board.on_map(a)
                && h.board.on_map(n)
                && h.in_area(a)
                && h.in_area(n))
            .then_some((a, d))
        })
    })
}

#[test]
fn e37_2_a_retreat_crosses_a_lake_only_when_it_is_frozen() {
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let Some((a, d)) = water_side(&h, Water::Lake, false) else {
            continue;
        };
        let mut s = h.initial_state();
        s.weather = Some(weather(&h, "Fair"));
        assert!(!h.may_retreat_across(&s, a, d));
        s.weather = Some(weather(&h, "Frost"));
        assert!(h.may_retreat_across(&s, a, d), "§37 2");
        s.weather = Some(weather(&h, "Severe"));
        assert!(h.may_retreat_across(&s, a, d), "§37 2");
        return;
    }
    panic!("no lake hexside in the battle areas");
}

#[test]
fn e60_2_an_unbridged_primary_river_is_never_crossed_in_retreat() {
    let h = load("hov/eylau");
    let (a, d) = ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"]
        .iter()
        .find_map(|id| water_side(&load(id), Water::Primary, false))
        .expect("a primary river");
    let mut s = h.initial_state();
    for w in ["Fair", "Frost", "Severe"] {
        s.weather = Some(weather(&h, w));
        assert!(!h.may_retreat_across(&s, a, d), "{w}");
    }
}

/// The duel at the pursuit roll, the retreat path replaced by `path` (full, the loser at its
/// end).
fn pursuit_along(h: &Hov, path: &[Hex]) -> Option<Vec<Event>> {
    pursuit_with(h, path, |_, _| {}).map(|(ev, _)| ev)
}

/// As [`pursuit_along`], `prepare` changing the duel first (given the Coalition leader); the
/// events and the state after.
fn pursuit_with(
    h: &Hov,
    path: &[Hex],
    prepare: impl Fn(&mut State, u16),
) -> Option<(Vec<Event>, State)> {
    pursuit_full(h, path, prepare, 0)
}

/// As [`pursuit_with`], the winner having lost `winner_lost` SP in the combat.
pub(super) fn pursuit_full(
    h: &Hov,
    path: &[Hex],
    prepare: impl Fn(&mut State, u16),
    winner_lost: u16,
) -> Option<(Vec<Event>, State)> {
    let (mut s, f, c, _) = duel(h);
    prepare(&mut s, c);
    no_artillery(h, &mut s, f);
    for sub in h.members(&s, &[f]) {
        no_artillery(h, &mut s, sub);
    }
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(h, &s, chits, COALITION)?;
    to_resolution(h, &mut s, chits, die);
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(h, &s)[0].clone();
        act(h, &mut s, &a);
    }
    act(h, &mut s, &Action::Pursue { leader: f });
    let b = s.battle.as_mut()?;
    b.retreats = alloc::vec![Retreat {
        leaders: alloc::vec![c],
        path: path.to_vec(),
        need: (path.len() - 1) as u8,
        done: true,
    }];
    b.fight = b.fight.map(|mut x| {
        x.loser_n = (path.len() - 1) as u8;
        x.winner_lost = winner_lost;
        x
    });
    s.leaders[usize::from(c)].place = LeaderPlace::Map(*path.last()?);
    let mut ev = act(h, &mut s, &roll(1));
    if s.battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::PursuitStop)
    {
        // ¶179 1: all the way.
        let last = legal(h, &s).last().cloned()?;
        ev.extend(act(h, &mut s, &last));
    }
    Some((ev, s))
}

fn pursuit_loss(ev: &[Event]) -> u16 {
    ev.iter()
        .filter_map(|e| match e {
            Event::BattleLoss { side, sp, rule } if *side == COALITION && rule == "¶181" => {
                Some(*sp)
            }
            _ => None,
        })
        .sum()
}

#[test]
fn e60_1_a_pursuit_across_the_river_doubles_the_loss() {
    let h = load("hov/eylau");
    let (a, d) = water_side(&h, Water::Secondary, false).expect("a secondary river");
    let b = a.neighbor(d);
    let c = Direction::ALL
        .into_iter()
        .map(|x| b.neighbor(x))
        .find(|&x| x.distance(a) == 2 && h.board.on_map(x) && h.in_area(x))
        .expect("a third hex");
    let (start, dir) = clear_line(&h, 3);
    let clear: Vec<Hex> = (0..3)
        .map(|i| (0..i).fold(start, |x, _| x.neighbor(dir)))
        .collect();
    let plain = pursuit_along(&h, &clear).expect("a pursuit");
    let river = pursuit_along(&h, &[a, b, c]).expect("a pursuit");
    let (p, r) = (pursuit_loss(&plain), pursuit_loss(&river));
    assert!(p > 0, "{plain:?}");
    assert!(!h.crosses_river(&clear, 2) && h.crosses_river(&[a, b, c], 1));
    assert_eq!(r, 2 * p, "§60 1: plain {p}, across the river {r}");
}

/// A duel whose Coalition defender stands in a Fort and loses a Pursuit battle.
pub(super) fn beaten_in_fort(h: &Hov) -> Option<(State, u16)> {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    let fort = hexes.into_iter().find(|&x| {
        h.board.hex(x).settlement == Settlement::FortifiedTown
            && h.in_area(x)
            && Direction::ALL
                .iter()
                .all(|&d| h.board.on_map(x.neighbor(d)) && h.board.side(x, d).water == Water::None)
    })?;
    let (mut s, f, c, _) = duel(h);
    s.leaders[usize::from(c)].place = LeaderPlace::Map(fort);
    s.leaders[usize::from(f)].place = LeaderPlace::Map(fort.neighbor(Direction::ALL[0]));
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(h, &s, chits, COALITION)?;
    to_resolution(h, &mut s, chits, die);
    Some((s, c))
}

#[test]
fn e48_2_a_force_in_its_fort_may_ignore_the_retreat() {
    let h = load("hov/eylau");
    let (mut s, c) = beaten_in_fort(&h).expect("a Fort battle the defender loses");
    let b = s.battle.clone().unwrap();
    assert_eq!(b.step, BattleStep::Retreat);
    let acts = legal(&h, &s);
    assert!(acts.contains(&Action::Done), "§48 2: {acts:?}");
    let at = s.leaders[usize::from(c)].place;
    act(&h, &mut s, &Action::Done);
    assert_eq!(s.leaders[usize::from(c)].place, at, "it stays");
    assert_ne!(s.battle.as_ref().map(|b| b.step), Some(BattleStep::Retreat));
}

#[test]
fn r184_2_the_first_pursuit_sp_comes_from_artillery() {
    let h = load("hov/eylau");
    let art = (0..h.manifest.units.len())
        .find(|&u| {
            h.manifest.units[u].side == COALITION
                && h.manifest.units[u].arm == crate::hov::types::Arm::Artillery
        })
        .expect("Coalition artillery");
    let (start, dir) = clear_line(&h, 3);
    let path: Vec<Hex> = (0..3)
        .map(|i| (0..i).fold(start, |x, _| x.neighbor(dir)))
        .collect();
    let (ev, s) = pursuit_with(&h, &path, |s, c| {
        s.units[art].leader = Some(c);
        s.units[art].sp = 3;
    })
    .expect("a pursuit");
    assert!(pursuit_loss(&ev) >= 1, "{ev:?}");
    assert!(s.units[art].sp < 3, "¶184 2: artillery first");
}

#[test]
fn r179_1_the_pursuer_may_stop_short_and_the_loser_pays_for_the_hexes_pursued() {
    let h = load("hov/eylau");
    let (start, dir) = clear_line(&h, 4);
    let path: Vec<Hex> = (0..4)
        .map(|i| (0..i).fold(start, |x, _| x.neighbor(dir)))
        .collect();
    let (mut s, f, c, _) = duel(&h);
    no_artillery(&h, &mut s, f);
    for sub in h.members(&s, &[f]) {
        no_artillery(&h, &mut s, sub);
    }
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(&h, &s, chits, COALITION).expect("a Coalition loss");
    to_resolution(&h, &mut s, chits, die);
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
    }
    act(&h, &mut s, &Action::Pursue { leader: f });
    let b = s.battle.as_mut().unwrap();
    b.retreats = alloc::vec![Retreat {
        leaders: alloc::vec![c],
        path: path.clone(),
        need: 3,
        done: true,
    }];
    b.fight = b.fight.map(|mut x| {
        x.loser_n = 3;
        x.winner_lost = 0;
        x
    });
    s.leaders[usize::from(c)].place = LeaderPlace::Map(path[3]);
    act(&h, &mut s, &roll(1));
    let b = s.battle.clone().unwrap();
    assert_eq!(b.step, BattleStep::PursuitStop, "¶179 1: a choice");
    let stops = legal(&h, &s);
    assert!(stops.len() >= 2, "{stops:?}");
    assert_eq!(stops[0], Action::PursueTo { hex: path[0] });
    let ev = act(&h, &mut s, &stops[0]);
    assert_eq!(s.leaders[usize::from(f)].place, LeaderPlace::Map(path[0]));
    assert_eq!(pursuit_loss(&ev), 1, "one hex pursued, one SP");
}

#[test]
fn r180_the_pursuit_goes_into_a_zoc_bond_but_not_out_of_it() {
    let h = load("hov/eylau");
    let (start, dir) = clear_line(&h, 4);
    let path: Vec<Hex> = (0..4)
        .map(|i| (0..i).fold(start, |x, _| x.neighbor(dir)))
        .collect();
    let reach = |bond: bool| {
        let (ev, s) = pursuit_with(&h, &path, |s, c| {
            if bond {
                // Two more Coalition forces next to the path's second hex, off the path.
                let c2 = super::fort::leader_with_infantry(&h, s, COALITION, &[c]);
                let c3 = super::fort::leader_with_infantry(&h, s, COALITION, &[c, c2]);
                let side: Vec<Hex> = Direction::ALL
                    .into_iter()
                    .map(|d| path[1].neighbor(d))
                    .filter(|n| !path.contains(n) && n.distance(path[0]) > 1 && h.board.on_map(*n))
                    .collect();
                s.leaders[usize::from(c2)].place = LeaderPlace::Map(side[0]);
                s.leaders[usize::from(c3)].place = LeaderPlace::Map(side[1]);
            }
        })
        .expect("a pursuit");
        let f = ev
            .iter()
            .find_map(|e| match e {
                Event::PursuitRoll { leader, .. } => Some(*leader),
                _ => None,
            })
            .expect("the roll");
        let _ = ev;
        match s.leaders[usize::from(f)].place {
            LeaderPlace::Map(x) => path.iter().position(|&p| p == x),
            _ => None,
        }
    };
    let free = reach(false).expect("the pursuer on the path");
    assert!(
        free >= 2,
        "the open pursuit reaches past the second hex: {free}"
    );
    assert_eq!(reach(true), Some(1), "¶180: it stops in the ZOC Bond");
}

#[test]
fn r187_two_beaten_forces_may_each_be_pursued_by_a_leader_of_the_winner() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    // A French Force Leader with a subordinate who has units of his own.
    let with_units = |l: u16| s0.units.iter().any(|u| u.leader == Some(l) && u.sp > 0);
    let Some((fl, sub)) = (0..s0.leaders.len() as u16).find_map(|fl| {
        if h.manifest.leaders[usize::from(fl)].side != crate::hov::types::FRENCH {
            return None;
        }
        let subs: Vec<u16> = (0..s0.leaders.len() as u16)
            .filter(|&x| s0.leaders[usize::from(x)].place == LeaderPlace::Portrait(fl))
            .filter(|&x| with_units(x))
            .collect();
        (!subs.is_empty()).then(|| (fl, subs[0]))
    }) else {
        return;
    };
    let cs = super::battle::force_leaders(&h, &s0, COALITION);
    let (s, hexes) = super::battle::position(&h, &[fl, fl, cs[0], fl, cs[1]]);
    let mut s = s;
    s.leaders[usize::from(fl)].place = LeaderPlace::Map(hexes[3]);
    s.leaders[usize::from(cs[0])].place = LeaderPlace::Map(hexes[2]);
    s.leaders[usize::from(cs[1])].place = LeaderPlace::Map(hexes[4]);
    // The Force Leader's own track gets a French infantry unit out of play elsewhere.
    let extra = (0..h.manifest.units.len())
        .find(|&u| {
            h.manifest.units[u].side == crate::hov::types::FRENCH
                && h.manifest.units[u].arm == crate::hov::types::Arm::Infantry
                && s.units[u].leader.is_none_or(|l| h.hex_of(&s, l).is_none())
        })
        .expect("a spare French unit");
    s.units[extra].leader = Some(fl);
    s.units[extra].sp = 3;
    for l in h.members(&s, &[fl]) {
        no_artillery(&h, &mut s, l);
    }
    super::fort::only_sp(&h, &mut s, cs[0], 2);
    super::fort::only_sp(&h, &mut s, cs[1], 2);
    let both = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { hexes: x, .. } if x.len() == 2))
        .expect("an attack on both hexes");
    let won = (1..=6u8).find_map(|die| {
        let mut t = s.clone();
        act(&h, &mut t, &both);
        act(&h, &mut t, &Action::Chit(Chit::Pursuit));
        act(&h, &mut t, &Action::Chit(Chit::Pursuit));
        while let Some(b) = &t.battle {
            let a = match b.step {
                BattleStep::Bombard => roll(6),
                BattleStep::Stake => Action::Stake(false),
                BattleStep::Resolve => roll(die),
                BattleStep::Bonus => Action::Bonus(0),
                BattleStep::Retreat => legal(&h, &t)[0].clone(),
                _ => break,
            };
            act(&h, &mut t, &a);
        }
        let b = t.battle.as_ref()?;
        (b.step == BattleStep::Pursuit && b.retreats.len() == 2).then_some(t)
    });
    let Some(mut t) = won else { return };
    let acts = legal(&h, &t);
    assert!(acts.contains(&Action::Pursue { leader: sub }), "{acts:?}");
    act(&h, &mut t, &Action::Pursue { leader: sub });
    act(&h, &mut t, &roll(1));
    if t.battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::PursuitStop)
    {
        let last = legal(&h, &t).last().cloned().unwrap();
        act(&h, &mut t, &last);
    }
    while t.battle.as_ref().is_some_and(|b| !b.captures.is_empty()) {
        act(&h, &mut t, &roll(6));
    }
    let b = t.battle.clone().expect("the battle goes on");
    if b.step == BattleStep::Pursuit {
        let acts = legal(&h, &t);
        assert!(
            !acts.contains(&Action::Pursue { leader: sub }),
            "one pursuit each"
        );
        assert!(acts.contains(&Action::Done));
        assert_eq!(h.pursued(&t, &b), Some(1), "¶187: the second stack");
    } else {
        panic!("no second pursuit offered: {:?}", b.step);
    }
}

#[test]
fn r174_3_a_retreat_into_friends_displaces_the_smallest_one_hex() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let cs = super::battle::force_leaders(&h, &s0, COALITION);
    let fr = super::battle::force_leaders(&h, &s0, crate::hov::types::FRENCH);
    let (mut s, hexes) = super::battle::position(&h, &[fr[0], cs[0], cs[1], cs[2]]);
    let (f, c, big, small) = (fr[0], cs[0], cs[1], cs[2]);
    // Two friends in the hex behind the beaten stack: the smaller steps aside.
    s.leaders[usize::from(small)].place = LeaderPlace::Map(hexes[2]);
    super::fort::only_sp(&h, &mut s, small, 1);
    super::fort::only_sp(&h, &mut s, big, 5);
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { leader, .. } if *leader == f))
        .expect("the attack");
    act(&h, &mut s, &a);
    let b = s.battle.as_mut().unwrap();
    b.fight = Some(crate::hov::state::Fight {
        loser: COALITION,
        loser_n: 2,
        winner_n: 0,
        winner_lost: 0,
    });
    b.retreats = alloc::vec![Retreat {
        leaders: alloc::vec![c],
        path: alloc::vec![hexes[1]],
        need: 2,
        done: false,
    }];
    assert_eq!(h.displaced_at(&s, COALITION, hexes[2], &[c]), Some(small));
    let mut ev = Vec::new();
    h.retreat_step(&mut s, &mut ev, 0, hexes[2]);
    assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Map(hexes[2]));
    assert_eq!(
        s.leaders[usize::from(big)].place,
        LeaderPlace::Map(hexes[2]),
        "the larger stays"
    );
    let LeaderPlace::Map(to) = s.leaders[usize::from(small)].place else {
        panic!("displaced off the map");
    };
    assert_eq!(to.distance(hexes[2]), 1, "¶174 3a: one hex");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::BattleMove { leader, rule, .. } if *leader == small && rule == "¶174 3"
    )));
}

#[test]
fn r174_4_a_retreat_may_pass_next_to_the_enemy() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let fr = super::battle::force_leaders(&h, &s0, crate::hov::types::FRENCH);
    let (mut s, _f, c, hexes) = duel(&h);
    let g = Retreat {
        leaders: alloc::vec![c],
        path: alloc::vec![hexes[1]],
        need: 2,
        done: false,
    };
    let before = h.retreat_options(&s, COALITION, &g);
    let o = *before.first().expect("a retreat hex");
    // A second French force next to that hex, off the retreat's options.
    let n = Direction::ALL
        .into_iter()
        .map(|d| o.neighbor(d))
        .find(|n| h.board.on_map(*n) && !before.contains(n) && *n != hexes[0] && *n != hexes[1])
        .expect("a hex next to it");
    s.leaders[usize::from(fr[1])].place = LeaderPlace::Map(n);
    let after = h.retreat_options(&s, COALITION, &g);
    assert!(
        after.contains(&o),
        "¶174 4: next to the enemy is no bar: {before:?} {after:?}"
    );
}

#[test]
fn r189_cavalry_pursuers_take_one_off_and_each_pitched_round_shown_adds_one() {
    let h = load("hov/eylau");
    let (start, dir) = clear_line(&h, 3);
    let path: Vec<Hex> = (0..3)
        .map(|i| (0..i).fold(start, |x, _| x.neighbor(dir)))
        .collect();
    let (mut s, f, c, _) = duel(&h);
    no_artillery(&h, &mut s, f);
    for sub in h.members(&s, &[f]) {
        no_artillery(&h, &mut s, sub);
    }
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(&h, &s, chits, COALITION).expect("a Coalition loss");
    to_resolution(&h, &mut s, chits, die);
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
    }
    let b = s.battle.as_mut().unwrap();
    b.retreats = alloc::vec![Retreat {
        leaders: alloc::vec![c],
        path,
        need: 2,
        done: true,
    }];
    let b = s.battle.clone().unwrap();
    let base = h.pursuit_drm(&s, &b, f);
    // ¶189 3: each Pitched round the winner showed adds one.
    let mut b2 = b.clone();
    b2.pitched_shown[crate::hov::types::FRENCH.index()] = 2;
    assert_eq!(h.pursuit_drm(&s, &b2, f), base + 2);
    // ¶189 2: a force of cavalry only takes one off.
    let cav = (0..h.manifest.units.len())
        .find(|&u| {
            h.manifest.units[u].side == crate::hov::types::FRENCH
                && h.manifest.units[u].arm == crate::hov::types::Arm::Cavalry
        })
        .expect("French cavalry");
    let mut t = s.clone();
    for m in h.members(&t, &[f]) {
        for (i, u) in t.units.iter_mut().enumerate() {
            if u.leader == Some(m) && i != cav {
                u.leader = None;
                u.sp = 0;
            }
        }
    }
    t.units[cav].leader = Some(f);
    t.units[cav].sp = 3;
    // ¶127 3: the Cavalry Differential changes with the pursuer's cavalry too.
    use crate::hov::movement::initiative::cavalry_advantage;
    let cav_of = |st: &State| {
        let m = h.members(st, &[f]);
        h.strengths(st, &h.pieces(st, &m, &[])).cav
    };
    let theirs = h.counting_cavalry(&s, c);
    let shift = cavalry_advantage(cav_of(&t), theirs) - cavalry_advantage(cav_of(&s), theirs);
    assert_eq!(h.pursuit_drm(&t, &b, f), base - 1 - shift, "¶189 2");
}

#[test]
fn r176_1_e61_1_a_force_gone_off_the_map_is_pursued_to_the_edge_hex() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel(&h);
    no_artillery(&h, &mut s, f);
    for sub in h.members(&s, &[f]) {
        no_artillery(&h, &mut s, sub);
    }
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(&h, &s, chits, COALITION).expect("a Coalition loss");
    to_resolution(&h, &mut s, chits, die);
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
    }
    let d = hexes[0].direction_to(hexes[1]).unwrap();
    let path = alloc::vec![
        hexes[1],
        hexes[1].neighbor(d),
        hexes[1].neighbor(d).neighbor(d)
    ];
    // The beaten stack left the map from the path's last hex, short of its 3 hexes.
    s.leaders[usize::from(c)].place = LeaderPlace::Waiting;
    s.off_map = alloc::vec![crate::hov::state::LeftMap {
        leader: c,
        hex: path[path.len() - 1],
    }];
    let b = s.battle.as_mut().unwrap();
    b.retreats = alloc::vec![Retreat {
        leaders: alloc::vec![c],
        path: path.clone(),
        need: 3,
        done: true,
    }];
    b.fight = b.fight.map(|mut x| {
        x.loser_n = 3;
        x.winner_lost = 0;
        x
    });
    let sp = |s: &State| -> u32 {
        s.units
            .iter()
            .filter(|u| u.leader == Some(c))
            .map(|u| u32::from(u.sp))
            .sum()
    };
    let before = sp(&s);
    assert!(
        legal(&h, &s).contains(&Action::Pursue { leader: f }),
        "{:?}",
        legal(&h, &s)
    );
    act(&h, &mut s, &Action::Pursue { leader: f });
    let mut ev = act(&h, &mut s, &roll(1));
    if s.battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::PursuitStop)
    {
        let stops = legal(&h, &s);
        assert_eq!(
            stops.last(),
            Some(&Action::PursueTo { hex: path[2] }),
            "to the edge hex"
        );
        ev.extend(act(&h, &mut s, stops.last().unwrap()));
    }
    let moved = ev
        .iter()
        .filter(|e| matches!(e, Event::BattleMove { leader, .. } if *leader == f))
        .count();
    assert!((1..=3).contains(&moved));
    let paid = pursuit_loss(&ev);
    assert_eq!(u32::from(paid), moved as u32, "a SP a hex pursued, no more");
    assert!(sp(&s) < before);
    assert_ne!(s.leaders[usize::from(c)].place, LeaderPlace::Map(path[2]));
}
