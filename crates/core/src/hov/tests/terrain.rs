//! The Terrain Effects Chart in play (TEC, ¶110–¶117, ¶163–¶166, §13, §38–§40): forces walk
//! into each terrain and across each hexside on the scenario maps, and battles are fought
//! into Swamp, Woods, Hills, Wooded Hills and Towns and across rivers, the combat die read on
//! the column and line the terrain gives.

use alloc::vec::Vec;

use super::battle::{act, duel, legal, load, roll};
use super::march::{advance, clear_map_but, place};
use crate::engine::Rules;
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::board::{Ground, Road, Settlement, Water};
use crate::hov::combat::odds::odds;
use crate::hov::combat::strength::{Effect, Forces, Terrain, compare};
use crate::hov::event::Event;
use crate::hov::state::{Activation, BattleStep, LeaderId, March, Phase, State};
use crate::hov::types::{Arm, Chit, FRENCH, Mp};

/// Gives `l`'s force exactly these SP by arm (units of its side), nothing else.
pub(super) fn give(h: &Hov, s: &mut State, l: LeaderId, make: &[(Arm, u8)]) {
    let side = h.manifest.leaders[usize::from(l)].side;
    for u in &mut s.units {
        if u.leader == Some(l) {
            u.leader = None;
            u.sp = 0;
        }
    }
    for x in &mut s.leaders {
        if x.place == crate::hov::state::LeaderPlace::Portrait(l) {
            x.place = crate::hov::state::LeaderPlace::Out;
        }
    }
    for &(arm, sp) in make {
        let mut pool: Vec<usize> = (0..h.manifest.units.len())
            .filter(|&i| {
                let m = &h.manifest.units[i];
                m.side == side
                    && m.arm == arm
                    && m.max > 0
                    && (m.guard == crate::hov::types::Guard::Line || arm == Arm::Artillery)
                    && s.units[i].leader != Some(l)
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
        assert_eq!(left, 0, "not enough {arm:?}");
    }
}

/// A Battle Resolution position with the French force at `a` and the Coalition's at its
/// neighbour toward `d`, for the first `(a, d)` (in hex order) that `pick` accepts; no forts
/// or redoubts about.
pub(super) fn duel_at(
    h: &Hov,
    pick: &dyn Fn(Hex, Direction) -> bool,
) -> Option<(State, LeaderId, LeaderId, Hex, Hex)> {
    let (mut s, f, c, _) = duel(h);
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    for a in hexes {
        for d in Direction::ALL {
            let b = a.neighbor(d);
            if !h.in_area(a) || !h.in_area(b) {
                continue;
            }
            let quiet = |x: Hex| {
                !h.board.hex(x).settlement.fort() && !h.params.redoubts.iter().any(|r| r.0 == x)
            };
            if quiet(a) && quiet(b) && pick(a, d) {
                place(&mut s, f, a);
                place(&mut s, c, b);
                return Some((s, f, c, a, b));
            }
        }
    }
    None
}

/// One attack of the phasing French: both chits, rolls of 6 for bombardment and `die` for the
/// combat, no stake, no bonus. Returns the `Combat` event's column, line and modifier.
pub(super) fn fight(h: &Hov, s: &mut State, chits: [Chit; 2], die: u8) -> (u8, bool, i8) {
    let a = legal(h, s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .expect("an attack");
    act(h, s, &a);
    act(h, s, &Action::Chit(chits[0]));
    act(h, s, &Action::Chit(chits[1]));
    for _ in 0..20 {
        let step = s.battle.as_ref().expect("a battle").step;
        let ev = match step {
            BattleStep::Bombard => act(h, s, &roll(6)),
            BattleStep::Stake => act(h, s, &Action::Stake(false)),
            BattleStep::Resolve => act(h, s, &roll(die)),
            BattleStep::Bonus => act(h, s, &Action::Bonus(0)),
            other => panic!("no combat die before {other:?}"),
        };
        for e in ev {
            if let Event::Combat {
                column,
                affecting,
                drm,
                ..
            } = e
            {
                return (column, affecting, drm);
            }
        }
    }
    panic!("no combat die");
}

/// The column a combat of these strengths reads, after terrain `t`, on the plain or the
/// Affecting line.
fn column(h: &Hov, att: &Forces, def: &Forces, t: &Terrain, affecting: bool) -> u8 {
    let c = compare(att, def, t);
    let header = if affecting {
        &h.charts.crt_affecting
    } else {
        &h.charts.crt_columns
    };
    odds(c.att, c.def, header, 0).column as u8
}

fn forces(inf: u32, cav: u32) -> Forces {
    Forces {
        inf,
        cav,
        art: 0,
        vedettes: 0,
    }
}

/// A hexside with no road and no water.
fn bare(h: &Hov, a: Hex, d: Direction) -> bool {
    let sd = h.board.side(a, d);
    sd.road == Road::None && sd.water == Water::None
}

fn plain(h: &Hov, x: Hex) -> bool {
    let i = h.board.hex(x);
    i.ground == Ground::Clear && i.settlement == Settlement::None
}

/// The attack into (or out of) one terrain: 8 infantry and 2 cavalry against 3 infantry and 2
/// cavalry; returns (column, Affecting line) played, and the clear-ground column.
fn battle_in(h: &Hov, pick: &dyn Fn(Hex, Direction) -> bool) -> Option<(u8, bool, u8)> {
    let (mut s, f, c, _, _) = duel_at(h, pick)?;
    give(h, &mut s, f, &[(Arm::Infantry, 8), (Arm::Cavalry, 2)]);
    give(h, &mut s, c, &[(Arm::Infantry, 3), (Arm::Cavalry, 2)]);
    let (col, aff, _) = fight(h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
    let clear = column(h, &forces(8, 2), &forces(3, 2), &Terrain::default(), false);
    Some((col, aff, clear))
}

#[test]
fn tec_clear_costs_one_mp_and_changes_no_strength() {
    let h = load("hov/eylau");
    let (col, aff, clear) = battle_in(&h, &|a, d| {
        plain(&h, a) && plain(&h, a.neighbor(d)) && bare(&h, a, d)
    })
    .expect("clear ground");
    assert_eq!((col, aff), (clear, false));
    let (spent, _) = walk_into(&h, Arm::Infantry, &|x| plain(&h, x)).expect("clear");
    assert_eq!(spent, Mp::ONE);
    let (_, spent) = walk_into(&h, Arm::Cavalry, &|x| plain(&h, x)).expect("clear");
    assert_eq!(spent, Mp::ONE);
}

#[test]
fn tec_swamp_e39_1_e39_2_attacks_into_a_swamp_are_halved_and_its_cavalry_too() {
    let h = load("hov/pultusk-golymin");
    let swamp = |x: Hex| {
        h.board.hex(x).ground == Ground::Swamp && h.board.hex(x).settlement == Settlement::None
    };
    let (col, aff, clear) = battle_in(&h, &|a, d| {
        plain(&h, a) && swamp(a.neighbor(d)) && bare(&h, a, d)
    })
    .expect("a swamp beside clear ground");
    // 8 + 2 attacking into the swamp are 4 + 1; the defenders' 2 cavalry are 1 (§39).
    let t = Terrain {
        defender_in_swamp: true,
        ..Terrain::default()
    };
    assert_eq!(col, column(&h, &forces(8, 2), &forces(3, 2), &t, false));
    assert_eq!(compare(&forces(8, 2), &forces(3, 2), &t).att.0, 10);
    assert_eq!(compare(&forces(8, 2), &forces(3, 2), &t).def.0, 8);
    assert!(col < clear, "§39 lowers the odds");
    assert!(!aff, "§38: a swamp is no Affecting Terrain");
    // §39 1: attacking out of a swamp halves the attacker as well.
    let (col, _, clear) = battle_in(&h, &|a, d| {
        swamp(a) && plain(&h, a.neighbor(d)) && bare(&h, a, d)
    })
    .expect("clear ground beside a swamp");
    let t = Terrain {
        attacker_in_swamp: true,
        ..Terrain::default()
    };
    assert_eq!(col, column(&h, &forces(8, 2), &forces(3, 2), &t, false));
    assert!(col < clear);
    // Movement: 2 MP for infantry, 4 for cavalry.
    let (spent, _) = walk_into(&h, Arm::Infantry, &swamp).expect("a swamp");
    assert_eq!(spent, Mp::whole(2));
    let (_, spent) = walk_into(&h, Arm::Cavalry, &swamp).expect("a swamp");
    assert_eq!(spent, Mp::whole(4));
}

fn woods(h: &Hov, x: Hex) -> bool {
    h.board.hex(x).ground == Ground::Woods && h.board.hex(x).settlement == Settlement::None
}

#[test]
fn tec_woods_e40_1_infantry_attacks_in_at_three_quarters_and_cavalry_at_half() {
    let h = load("hov/eylau");
    let (col, aff, clear) = battle_in(&h, &|a, d| {
        plain(&h, a) && woods(&h, a.neighbor(d)) && bare(&h, a, d)
    })
    .expect("woods beside clear ground");
    // 8 infantry are 6, 2 cavalry are 1 (§40, reading A20).
    let t = Terrain {
        defender_in_woods: true,
        ..Terrain::default()
    };
    assert_eq!(compare(&forces(8, 2), &forces(3, 2), &t).att.0, 14);
    assert_eq!(col, column(&h, &forces(8, 2), &forces(3, 2), &t, false));
    assert!(col < clear);
    assert!(!aff, "§38: plain woods are not Affecting");
    let (spent, _) = walk_into(&h, Arm::Infantry, &|x| woods(&h, x)).expect("woods");
    assert_eq!(spent, Mp::whole(2));
    let (_, spent) = walk_into(&h, Arm::Cavalry, &|x| woods(&h, x)).expect("woods");
    assert_eq!(spent, Mp::whole(3));
}

#[test]
fn tec_woods_e40_2_no_bombardment_into_or_out_of_woods() {
    let h = load("hov/eylau");
    for into in [true, false] {
        let (mut s, f, c, _, _) = duel_at(&h, &|a, d| {
            let (x, y) = if into {
                (a, a.neighbor(d))
            } else {
                (a.neighbor(d), a)
            };
            plain(&h, x) && woods(&h, y) && bare(&h, a, d)
        })
        .expect("woods beside clear ground");
        give(&h, &mut s, f, &[(Arm::Infantry, 6), (Arm::Artillery, 1)]);
        give(&h, &mut s, c, &[(Arm::Infantry, 3), (Arm::Artillery, 1)]);
        let a = legal(&h, &s)
            .into_iter()
            .find(|a| matches!(a, Action::Attack { .. }))
            .unwrap();
        act(&h, &mut s, &a);
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        let b = s.battle.as_ref().unwrap();
        assert_eq!(h.next_to_fire(&s, b), None, "§40: no fire (into: {into})");
        assert_ne!(b.step, BattleStep::Bombard);
    }
    // The same artillery on clear ground fires.
    let (mut s, f, c, _, _) = duel_at(&h, &|a, d| {
        plain(&h, a) && plain(&h, a.neighbor(d)) && bare(&h, a, d)
    })
    .unwrap();
    give(&h, &mut s, f, &[(Arm::Infantry, 6), (Arm::Artillery, 1)]);
    give(&h, &mut s, c, &[(Arm::Infantry, 3)]);
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .unwrap();
    act(&h, &mut s, &a);
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    let b = s.battle.as_ref().unwrap();
    assert_eq!(h.next_to_fire(&s, b), Some(FRENCH));
}

#[test]
fn tec_hills_r165_hills_are_affecting_and_cost_one_and_a_half() {
    let h = with_ground(Ground::Hills);
    let hills = |x: Hex| {
        h.board.hex(x).ground == Ground::Hills && h.board.hex(x).settlement == Settlement::None
    };
    let (col, aff, _) = battle_in(&h, &|a, d| {
        plain(&h, a) && hills(a.neighbor(d)) && bare(&h, a, d)
    })
    .expect("hills beside clear ground");
    assert!(aff, "¶165, §38: hills are Affecting");
    assert_eq!(
        col,
        column(&h, &forces(8, 2), &forces(3, 2), &Terrain::default(), true)
    );
    let (spent, _) = walk_into(&h, Arm::Infantry, &hills).expect("hills");
    assert_eq!(spent, Mp(3));
    let (_, spent) = walk_into(&h, Arm::Cavalry, &hills).expect("hills");
    assert_eq!(spent, Mp::whole(2));
}

/// A scenario whose map has the given ground somewhere in its area.
fn with_ground(g: Ground) -> Hov {
    for id in ["hov/eylau", "hov/pultusk-golymin", "hov/friedland"] {
        let h = load(id);
        if h.board
            .grid
            .hexes()
            .into_iter()
            .any(|x| h.in_area(x) && h.board.hex(x).ground == g)
        {
            return h;
        }
    }
    panic!("no {g:?} on any map");
}

#[test]
fn tec_hills_are_on_some_map_and_affecting_there() {
    let h = with_ground(Ground::Hills);
    let x = h
        .board
        .grid
        .hexes()
        .into_iter()
        .find(|&x| h.in_area(x) && h.board.hex(x).ground == Ground::Hills)
        .unwrap();
    assert!(h.board.hex(x).affecting);
    assert_eq!(h.board.hex(x).cost, [Mp(3), Mp::whole(2)]);
}

#[test]
fn tec_wooded_hills_e40_3_affecting_with_the_woods_effects() {
    let h = with_ground(Ground::WoodedHills);
    let wh = |x: Hex| {
        h.board.hex(x).ground == Ground::WoodedHills
            && h.board.hex(x).settlement == Settlement::None
    };
    let (col, aff, _) = battle_in(&h, &|a, d| {
        plain(&h, a) && wh(a.neighbor(d)) && bare(&h, a, d)
    })
    .expect("wooded hills beside clear ground");
    let t = Terrain {
        defender_in_woods: true,
        ..Terrain::default()
    };
    assert!(aff, "§40 3: wooded hills are Affecting");
    assert_eq!(col, column(&h, &forces(8, 2), &forces(3, 2), &t, true));
    assert_ne!(
        col,
        column(&h, &forces(8, 2), &forces(3, 2), &Terrain::default(), true),
        "and the woods effects apply too"
    );
    let (spent, _) = walk_into(&h, Arm::Infantry, &wh).expect("wooded hills");
    assert_eq!(spent, Mp::whole(2));
    let (_, spent) = walk_into(&h, Arm::Cavalry, &wh).expect("wooded hills");
    assert_eq!(spent, Mp::whole(3));
}

#[test]
fn tec_town_r165_affecting_at_the_cost_of_its_ground_and_always_pitched() {
    let h = load("hov/eylau");
    let town = |x: Hex| h.board.hex(x).settlement == Settlement::Town;
    let (mut s, f, c, _, b) = duel_at(&h, &|a, d| {
        plain(&h, a) && town(a.neighbor(d)) && bare(&h, a, d)
    })
    .expect("a town beside clear ground");
    assert_eq!(h.board.hex(b).ground, Ground::Clear);
    give(&h, &mut s, f, &[(Arm::Infantry, 8), (Arm::Cavalry, 2)]);
    give(&h, &mut s, c, &[(Arm::Infantry, 3), (Arm::Cavalry, 2)]);
    // The defenders may choose Pitched even after showing it twice (TEC, ¶156).
    let mut t = s.clone();
    let a = legal(&h, &t)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .unwrap();
    act(&h, &mut t, &a);
    if let Some(bt) = &mut t.battle {
        bt.pitched_shown = [5, 5];
    }
    let bt = t.battle.clone().unwrap();
    assert!(h.may_choose_pitched(&t, &bt, crate::hov::types::COALITION));
    let (col, aff, _) = fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
    assert!(aff, "¶165: a town is Affecting");
    assert_eq!(
        col,
        column(&h, &forces(8, 2), &forces(3, 2), &Terrain::default(), true)
    );
    // Movement: the cost of the other terrain in the hex.
    let (spent, _) = walk_into(&h, Arm::Infantry, &|x| {
        town(x) && h.board.hex(x).ground == Ground::Clear
    })
    .expect("a clear town");
    assert_eq!(spent, Mp::ONE);
}

/// A hexside from a hex to its neighbour with this road and water, the neighbour's ground
/// cost `ground` for infantry.
fn side_with(h: &Hov, road: Road, water: Water, ground: Ground) -> Option<(Hex, Direction)> {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    hexes.into_iter().find_map(|a| {
        Direction::ALL.into_iter().find_map(|d| {
            let sd = h.board.side(a, d);
            let b = a.neighbor(d);
            (h.in_area(a)
                && h.in_area(b)
                && sd.road == road
                && sd.water == water
                && h.board.hex(b).ground == ground
                && !h.board.hex(b).settlement.fort())
            .then_some((a, d))
        })
    })
}

/// The march of `l` from `at`, as a Movement Command.
fn march(l: LeaderId, at: Hex) -> March {
    super::march::marching(l, at, Activation::Command, 4)
}

/// A force of 4 SP of `arm` alone on the map marches one step from `from` to `to`; the MP
/// spent (infantry, cavalry), or the refusal.
fn step(h: &Hov, arm: Arm, from: Hex, to: Hex) -> Result<(Mp, Mp), crate::engine::Illegal> {
    let mut s = h.initial_state();
    advance(h, &mut s, Phase::MovementCommands, FRENCH);
    let f = super::battle::force_leaders(h, &s, FRENCH)[0];
    clear_map_but(&mut s, &[f]);
    place(&mut s, f, from);
    give(h, &mut s, f, &[(arm, 4)]);
    s.weather = Some(0);
    s.march = Some(march(f, from));
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to }, &mut ev)?;
    let m = s.march.as_ref().expect("still marching");
    Ok((m.spent_inf, m.spent_cav))
}

/// One step of a force of `arm` from clear ground over a bare hexside into a hex `want`
/// accepts.
fn walk_into(h: &Hov, arm: Arm, want: &dyn Fn(Hex) -> bool) -> Option<(Mp, Mp)> {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    let (a, d) = hexes.into_iter().find_map(|a| {
        Direction::ALL.into_iter().find_map(|d| {
            let b = a.neighbor(d);
            (h.in_area(a) && h.in_area(b) && plain(h, a) && bare(h, a, d) && want(b))
                .then_some((a, d))
        })
    })?;
    Some(step(h, arm, a, a.neighbor(d)).expect("the step"))
}

#[test]
fn tec_primary_road_x32_half_an_mp_a_hex_whatever_the_ground() {
    let h = load("hov/eylau");
    let (a, d) = side_with(&h, Road::Primary, Water::None, Ground::Woods)
        .or_else(|| side_with(&h, Road::Primary, Water::None, Ground::Clear))
        .expect("a primary road");
    assert_eq!(
        step(&h, Arm::Infantry, a, a.neighbor(d)).unwrap(),
        (Mp::HALF, Mp::ZERO)
    );
    assert_eq!(
        step(&h, Arm::Cavalry, a, a.neighbor(d)).unwrap(),
        (Mp::ZERO, Mp::HALF)
    );
}

#[test]
fn x32_four_mp_on_a_primary_road_through_clear_reach_eight_hexes() {
    // A run of eight primary-road hexsides through clear hexes, with no river, somewhere on a
    // map: a march of 4 MP walks it to its end.
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let mut hexes = h.board.grid.hexes();
        hexes.sort_unstable();
        for a in hexes {
            if !h.in_area(a) || !plain(&h, a) {
                continue;
            }
            // Follow the road greedily, never turning back.
            let mut path = alloc::vec![a];
            while path.len() < 9 {
                let cur = *path.last().unwrap();
                let next = Direction::ALL.into_iter().find_map(|d| {
                    let n = cur.neighbor(d);
                    let sd = h.board.side(cur, d);
                    (sd.road == Road::Primary
                        && sd.water == Water::None
                        && h.in_area(n)
                        && plain(&h, n)
                        && !path.contains(&n))
                    .then_some(n)
                });
                match next {
                    Some(n) => path.push(n),
                    None => break,
                }
            }
            if path.len() < 9 {
                continue;
            }
            let mut s = h.initial_state();
            advance(&h, &mut s, Phase::MovementCommands, FRENCH);
            let f = super::battle::force_leaders(&h, &s, FRENCH)[0];
            clear_map_but(&mut s, &[f]);
            place(&mut s, f, a);
            give(&h, &mut s, f, &[(Arm::Infantry, 4)]);
            s.march = Some(march(f, a));
            let mut ev = Vec::new();
            for &to in &path[1..] {
                h.apply(&mut s, &Action::Step { to }, &mut ev)
                    .unwrap_or_else(|e| panic!("{id}: {e:?}"));
            }
            let m = s.march.as_ref().unwrap();
            assert_eq!(m.spent_inf, Mp::whole(4), "¶112: eight hexes at ½ MP");
            assert!(h.check_step(&s, m, path[7]).is_err(), "no MP left");
            return;
        }
    }
    panic!("no run of eight primary-road hexes through clear on any map");
}

#[test]
fn tec_secondary_road_one_mp_a_hex_whatever_the_ground() {
    let h = load("hov/eylau");
    let (a, d) = side_with(&h, Road::Secondary, Water::None, Ground::Woods)
        .or_else(|| side_with(&h, Road::Secondary, Water::None, Ground::Swamp))
        .expect("a secondary road into woods or swamp");
    assert_eq!(
        step(&h, Arm::Infantry, a, a.neighbor(d)).unwrap(),
        (Mp::ONE, Mp::ZERO)
    );
    assert_eq!(
        step(&h, Arm::Cavalry, a, a.neighbor(d)).unwrap(),
        (Mp::ZERO, Mp::ONE)
    );
}

#[test]
fn tec_lake_no_movement_and_no_combat_across() {
    let h = load("hov/eylau");
    let (a, d) = side_with(&h, Road::None, Water::Lake, Ground::Clear).expect("a lake hexside");
    let b = a.neighbor(d);
    assert!(step(&h, Arm::Infantry, a, b).is_err(), "TEC: prohibited");
    let (s, f, _, _, _) = duel_at(&h, &|x, e| x == a && e == d).unwrap();
    assert!(h.targets_of(&s, f).0.is_empty(), "no attack across a lake");
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Attack { .. }))
    );
}

#[test]
fn tec_primary_river_crossed_and_attacked_across_only_at_a_bridge() {
    let h = load("hov/eylau");
    let unbridged = {
        let mut hexes = h.board.grid.hexes();
        hexes.sort_unstable();
        hexes.into_iter().find_map(|a| {
            Direction::ALL.into_iter().find_map(|d| {
                let sd = h.board.side(a, d);
                (h.in_area(a)
                    && h.in_area(a.neighbor(d))
                    && sd.water == Water::Primary
                    && !sd.bridge
                    && plain(&h, a)
                    && plain(&h, a.neighbor(d)))
                .then_some((a, d))
            })
        })
    };
    let (a, d) = unbridged.expect("a primary river");
    assert!(step(&h, Arm::Infantry, a, a.neighbor(d)).is_err());
    let (s, f, _, _, _) = duel_at(&h, &|x, e| x == a && e == d).unwrap();
    assert!(
        h.targets_of(&s, f).0.is_empty(),
        "combat only across a bridge"
    );
    // At a bridge: no extra cost, an attack that may be made but need not be, on the
    // Affecting line, and no counterattack owed back across it.
    let bridged = {
        let mut hexes = h.board.grid.hexes();
        hexes.sort_unstable();
        hexes.into_iter().find_map(|a| {
            Direction::ALL.into_iter().find_map(|d| {
                let sd = h.board.side(a, d);
                (h.in_area(a)
                    && h.in_area(a.neighbor(d))
                    && sd.water == Water::Primary
                    && sd.bridge
                    && sd.road == Road::None
                    && plain(&h, a)
                    && plain(&h, a.neighbor(d)))
                .then_some((a, d))
            })
        })
    };
    let Some((a, d)) = bridged else { return };
    assert_eq!(
        step(&h, Arm::Infantry, a, a.neighbor(d)).unwrap().0,
        Mp::ONE,
        "a primary bridge adds nothing"
    );
    let (mut s, f, c, _, _) = duel_at(&h, &|x, e| x == a && e == d).unwrap();
    give(&h, &mut s, f, &[(Arm::Infantry, 8), (Arm::Cavalry, 2)]);
    give(&h, &mut s, c, &[(Arm::Infantry, 3), (Arm::Cavalry, 2)]);
    let (may, must) = h.targets_of(&s, f);
    assert_eq!((may.len(), must.len()), (1, 0));
    let (col, aff, _) = fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
    assert!(aff, "TEC: a primary bridge is Affecting");
    assert_eq!(
        col,
        column(&h, &forces(8, 2), &forces(3, 2), &Terrain::default(), true)
    );
    let b = s.battle.clone().unwrap();
    assert!(
        h.counter_options(&s, &b).1,
        "no counterattack required across"
    );
}

#[test]
fn tec_secondary_river_half_an_mp_more_affecting_and_no_counterattack_owed() {
    let h = load("hov/eylau");
    let (a, d) =
        side_with(&h, Road::None, Water::Secondary, Ground::Clear).expect("a secondary river");
    assert_eq!(
        step(&h, Arm::Infantry, a, a.neighbor(d)).unwrap().0,
        Mp(3),
        "1 MP of clear and ½ for the river"
    );
    let (mut s, f, c, _, _) = duel_at(&h, &|x, e| x == a && e == d).unwrap();
    give(&h, &mut s, f, &[(Arm::Infantry, 8), (Arm::Cavalry, 2)]);
    give(&h, &mut s, c, &[(Arm::Infantry, 3), (Arm::Cavalry, 2)]);
    let def_ground = h.board.hex(a.neighbor(d));
    let (col, aff, _) = fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
    assert!(
        aff,
        "¶163, ¶165: across a secondary river the Affecting line"
    );
    if def_ground.ground == Ground::Clear && def_ground.settlement == Settlement::None {
        assert_eq!(
            col,
            column(&h, &forces(8, 2), &forces(3, 2), &Terrain::default(), true)
        );
    }
    let b = s.battle.clone().unwrap();
    assert!(
        h.counter_options(&s, &b).1,
        "no counterattack required across"
    );
}

#[test]
fn tec_secondary_river_and_primary_bridge_double_a_pursuit_across() {
    let h = load("hov/eylau");
    for (water, bridge) in [(Water::Secondary, false), (Water::Primary, true)] {
        let mut hexes = h.board.grid.hexes();
        hexes.sort_unstable();
        let Some((a, d)) = hexes.into_iter().find_map(|a| {
            Direction::ALL.into_iter().find_map(|d| {
                let sd = h.board.side(a, d);
                (h.in_area(a) && sd.water == water && sd.bridge == bridge).then_some((a, d))
            })
        }) else {
            continue;
        };
        let path = [a, a.neighbor(d), a.neighbor(d).neighbor(d)];
        assert!(h.crosses_river(&path, 1), "{water:?}: the retreat crossed");
        // A retreat over plain hexsides does not.
        let (c, e) = super::battle::clear_line(&h, 3);
        assert!(!h.crosses_river(&[c, c.neighbor(e), c.neighbor(e).neighbor(e)], 2));
    }
}

#[test]
fn r166_1_r166_2_one_terrain_effect_the_defenders_best_in_battle() {
    // Defenders in woods attacked out of a swamp: either §39 (attacker halved) or §40 (the
    // woods reduction) applies, never both; the defender's choice, the lower odds.
    let t = Terrain {
        attacker_in_swamp: true,
        defender_in_woods: true,
        ..Terrain::default()
    };
    let best = compare(&forces(8, 2), &forces(3, 2), &t);
    assert_eq!(
        best.effect,
        Effect::Swamp,
        "4 + 1 beats 6 + 1 for the defender"
    );
    // Not cumulative: swamp alone gives 4 + 1 = 5, not the woods' cut on top (3 + 1).
    assert_eq!(best.att.0, 10);
    let mut fought = 0;
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        let swamp = |x: Hex| h.board.hex(x).ground == Ground::Swamp;
        let Some((mut s, f, c, _, _)) = duel_at(&h, &|a, d| {
            swamp(a) && woods(&h, a.neighbor(d)) && bare(&h, a, d)
        }) else {
            continue;
        };
        give(&h, &mut s, f, &[(Arm::Infantry, 8), (Arm::Cavalry, 2)]);
        give(&h, &mut s, c, &[(Arm::Infantry, 3), (Arm::Cavalry, 2)]);
        let (col, _, _) = fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
        assert_eq!(col, column(&h, &forces(8, 2), &forces(3, 2), &t, false));
        fought += 1;
    }
    assert!(fought > 0, "a swamp next to woods on some map");
}

#[test]
fn r165_affecting_terrain_hexes_on_the_maps() {
    // ¶165 with §38 (reading C14): towns, capitals, forts, hills and wooded hills are Affecting;
    // clear, woods and swamp are not.
    for id in ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"] {
        let h = load(id);
        for x in h.board.grid.hexes() {
            let i = h.board.hex(x);
            if !i.on_map {
                continue;
            }
            let want = i.settlement != Settlement::None
                || matches!(i.ground, Ground::Hills | Ground::WoodedHills);
            assert_eq!(i.affecting, want, "{id} {:?}", h.board.grid.to_id(x));
        }
    }
}

#[test]
fn x01_hex_3244_is_clear_and_3446_woods() {
    let h = load("hov/eylau");
    let clear = h.board.grid.parse("3244").expect("3244");
    let woods = h.board.grid.parse("3446").expect("3446");
    assert_eq!(h.board.hex(clear).ground, Ground::Clear);
    assert_eq!(h.board.hex(clear).settlement, Settlement::None);
    assert_eq!(h.board.hex(woods).ground, Ground::Woods);
    assert_eq!(h.board.hex(woods).cost, [Mp::whole(2), Mp::whole(3)]);
}

#[test]
fn tec_e37_random_play_in_foul_weather_from_each_scenario() {
    // The terrain and weather effects in play: from each scenario's start, in Mud and in
    // Severe weather, random legal actions never meet a refusal or a dead end.
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        for (seed, name) in [(7u64, "Mud"), (8, "Severe")] {
            let mut s = h.initial_state();
            s.weather = h
                .charts
                .weather_names
                .iter()
                .position(|n| n == name)
                .map(|i| i as u8);
            super::battle::random_play(&h, s, seed, 300);
        }
    }
}
