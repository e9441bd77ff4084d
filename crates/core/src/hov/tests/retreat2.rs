//! Retreat priorities and pursuit losses left "built, untested" (¶173–¶184, ¶199): the path
//! never doubles back (¶174 2), the cheapest path (¶174 6), and the pursuit loss at least the
//! winner's (¶184 1).

use alloc::vec::Vec;

use super::battle::{clear_line, duel, load};
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::board::Water;
use crate::hov::event::Event;
use crate::hov::state::{LeaderPlace, Retreat, State, Supply};
use crate::hov::types::{Army, COALITION};

/// Every retreat path of `len` hexes the options allow from `g`, by depth-first search.
fn paths(h: &Hov, s: &State, g: &Retreat, len: usize, out: &mut Vec<Vec<Hex>>) {
    if g.path.len() == len {
        out.push(g.path.clone());
        return;
    }
    for n in h.retreat_options(s, COALITION, g) {
        let mut next = g.clone();
        next.path.push(n);
        paths(h, s, &next, len, out);
    }
}

#[test]
fn r174_2_no_retreat_hex_twice_nor_next_to_two_hexes_passed() {
    let h = load("hov/eylau");
    let (s, _f, c, hexes) = duel(&h);
    let mut out = Vec::new();
    // The Supply Source left out, so that every path the priorities allow is walked.
    let mut s = s;
    for a in [Army::Russian, Army::Prussian] {
        s.supply[a.index()] = Supply::None;
    }
    let g = Retreat {
        leaders: alloc::vec![c],
        path: alloc::vec![hexes[1]],
        need: 4,
        done: false,
    };
    paths(&h, &s, &g, 5, &mut out);
    assert!(out.len() > 1, "several paths: {out:?}");
    for p in &out {
        for (i, &x) in p.iter().enumerate() {
            assert!(!p[..i].contains(&x), "¶174 2: a hex twice in {p:?}");
            let next_to = p[..i].iter().filter(|q| q.distance(x) <= 1).count();
            assert!(
                next_to <= 1,
                "¶174 2: {x:?} next to {next_to} hexes passed in {p:?}"
            );
        }
        // ¶174 1: it ends as many hexes away as it retreated.
        assert_eq!(p[0].distance(p[4]), 4);
    }
}

#[test]
fn r174_6_the_retreat_takes_the_cheapest_hex() {
    let h = load("hov/eylau");
    let (s0, f, c, _) = duel(&h);
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    let cost = |from: Hex, d: Direction| {
        let n = from.neighbor(d);
        h.board.hex(n).cost[0].halves()
            + u16::from(matches!(
                h.board.side(from, d).water,
                Water::Secondary | Water::Lake
            ))
    };
    let mut checked = 0;
    for &x in &hexes {
        if !h.in_area(x) {
            continue;
        }
        let mut s = s0.clone();
        for a in [Army::Russian, Army::Prussian] {
            s.supply[a.index()] = Supply::None;
        }
        s.leaders[usize::from(c)].place = LeaderPlace::Map(x);
        s.leaders[usize::from(f)].place = LeaderPlace::Out;
        let open: Vec<(Hex, u16)> = Direction::ALL
            .into_iter()
            .filter(|&d| {
                let n = x.neighbor(d);
                h.board.on_map(n)
                    && h.in_area(n)
                    && h.may_retreat_across(&s, x, d)
                    && !h.masked(&s, n)
            })
            .map(|d| (x.neighbor(d), cost(x, d)))
            .collect();
        let Some(min) = open.iter().map(|o| o.1).min() else {
            continue;
        };
        if open.iter().all(|o| o.1 == min) {
            continue;
        }
        let g = Retreat {
            leaders: alloc::vec![c],
            path: alloc::vec![x],
            need: 1,
            done: false,
        };
        let got = h.retreat_options(&s, COALITION, &g);
        let want: Vec<Hex> = open.iter().filter(|o| o.1 == min).map(|o| o.0).collect();
        assert_eq!(got, want, "¶174 6 from {x:?}: {open:?}");
        checked += 1;
        if checked >= 5 {
            return;
        }
    }
    panic!("too few hexes with dearer and cheaper neighbours: {checked}");
}

#[test]
fn r184_1_the_pursuit_loss_is_at_least_the_winners_loss() {
    let h = load("hov/eylau");
    let (start, dir) = clear_line(&h, 2);
    let path = [start, start.neighbor(dir)];
    let loss = |ev: &[Event], rule: &str| -> u16 {
        ev.iter()
            .filter_map(|e| match e {
                Event::BattleLoss { side, sp, rule: r } if *side == COALITION && r == rule => {
                    Some(*sp)
                }
                _ => None,
            })
            .sum()
    };
    // One hex pursued, the winner having lost 4: the loser makes it up to 4.
    let (ev, _) = super::retreat::pursuit_full(&h, &path, |_, _| {}, 4).expect("a pursuit");
    let pursued = loss(&ev, "¶181");
    assert!(pursued >= 1, "{ev:?}");
    assert!(pursued < 4, "{ev:?}");
    assert_eq!(pursued + loss(&ev, "¶205"), 4, "¶184 1: {ev:?}");
    // The winner having lost nothing, the pursuit loss stands alone.
    let (ev, _) = super::retreat::pursuit_full(&h, &path, |_, _| {}, 0).expect("a pursuit");
    assert_eq!(loss(&ev, "¶205"), 0, "{ev:?}");
}

#[test]
fn r173_2_a_blocked_retreat_stops_and_a_pursuit_into_its_hex_destroys_it() {
    use super::battle::{act, die_for, legal, roll, to_resolution};
    use crate::hov::action::Action;
    use crate::hov::state::BattleStep;
    use crate::hov::types::{Chit, FRENCH};
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel(&h);
    // French forces hold every hex two away from the defender (none next to it): after one
    // hex the retreat has nowhere to go.
    let fr = super::battle::force_leaders(&h, &s, FRENCH);
    let mut spare = fr.iter().copied().filter(|&l| l != f);
    let mut ring: Vec<Hex> = h
        .board
        .grid
        .hexes()
        .into_iter()
        .filter(|x| x.distance(hexes[1]) == 2 && h.board.on_map(*x))
        .collect();
    ring.sort_unstable();
    for x in ring {
        let l = spare.next().expect("enough French forces");
        s.leaders[usize::from(l)].place = LeaderPlace::Map(x);
    }
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(&h, &s, chits, COALITION).expect("a Coalition loss");
    to_resolution(&h, &mut s, chits, die);
    assert!(s.battle.as_ref().unwrap().fight.unwrap().loser_n >= 2);
    let mut ev = Vec::new();
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(&h, &s)[0].clone();
        ev.extend(act(&h, &mut s, &a));
    }
    let g = s.battle.as_ref().unwrap().retreats[0].clone();
    assert!(g.done);
    assert_eq!(
        g.path.len(),
        2,
        "¶173: as far as it can, one hex: {:?}",
        g.path
    );
    let end = g.path[1];
    assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Map(end));
    act(&h, &mut s, &Action::Pursue { leader: f });
    // A Pursuit Table roll long enough to reach the loser's hex.
    let long = (1..=6)
        .find(|&d| {
            let mut t = s.clone();
            act(&h, &mut t, &roll(d));
            t.battle.as_ref().is_some_and(|b| {
                b.step == BattleStep::PursuitStop
                    && legal(&h, &t).contains(&Action::PursueTo { hex: end })
            })
        })
        .expect("a pursuit roll that reaches the loser");
    ev.extend(act(&h, &mut s, &roll(long)));
    if s.battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::PursuitStop)
    {
        let last = legal(&h, &s)
            .into_iter()
            .rfind(|a| matches!(a, Action::PursueTo { .. }))
            .expect("a stop");
        assert_eq!(last, Action::PursueTo { hex: end });
        ev.extend(act(&h, &mut s, &last));
    }
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::BattleLoss { side, rule, .. } if *side == COALITION && rule == "¶182")
        ),
        "{ev:?}"
    );
    assert!(
        h.pieces(&s, &h.members(&s, &[c]), &[]).is_empty(),
        "¶173 2: destroyed"
    );
}

#[test]
fn r175_1_the_leaders_of_a_hex_retreat_together() {
    use super::battle::{act, die_for, legal, to_resolution};
    use crate::hov::state::BattleStep;
    use crate::hov::types::Chit;
    let h = load("hov/eylau");
    let (mut s, _f, c, hexes) = duel(&h);
    let cs = super::battle::force_leaders(&h, &s, COALITION);
    let c2 = cs[1];
    s.leaders[usize::from(c2)].place = LeaderPlace::Map(hexes[1]);
    // An Unemployed Leader: a Coalition leader with nothing under him.
    let idle = (0..s.leaders.len() as u16)
        .find(|&l| {
            h.manifest.leaders[usize::from(l)].side == COALITION
                && !h.is_force(&s, l)
                && !matches!(s.leaders[usize::from(l)].place, LeaderPlace::Portrait(_))
        })
        .expect("a leader with no force");
    s.leaders[usize::from(idle)].place = LeaderPlace::Map(hexes[1]);
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(&h, &s, chits, COALITION).expect("a Coalition loss");
    to_resolution(&h, &mut s, chits, die);
    let b = s.battle.as_ref().unwrap();
    assert_eq!(b.retreats.len(), 1, "one stack: {:?}", b.retreats);
    for l in [c, c2, idle] {
        assert!(b.retreats[0].leaders.contains(&l), "¶175 1: {l}");
    }
    // Every retreat step moves them all; none is left on the path.
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
        let at = s.leaders[usize::from(c)].place;
        assert_eq!(s.leaders[usize::from(c2)].place, at);
        assert_eq!(s.leaders[usize::from(idle)].place, at);
    }
    assert_ne!(s.leaders[usize::from(c)].place, LeaderPlace::Map(hexes[1]));
}

/// The duel placed with the French at `a`, the Coalition at `b`, after a Pitched defence
/// lost: the state at the counterattack, or `None` when no die gives that.
fn beaten_pitched(h: &Hov, a: Hex, b: Hex) -> Option<(State, u16)> {
    use super::battle::{die_for, to_resolution};
    use crate::hov::types::Chit;
    let (mut s, f, c, _) = duel(h);
    s.leaders[usize::from(f)].place = LeaderPlace::Map(a);
    s.leaders[usize::from(c)].place = LeaderPlace::Map(b);
    let chits = [Chit::Pursuit, Chit::Pitched];
    let die = die_for(h, &s, chits, COALITION)?;
    to_resolution(h, &mut s, chits, die);
    Some((s, c))
}

#[test]
fn r199_2_no_counterattack_is_needed_across_a_river() {
    use super::battle::legal;
    use crate::hov::action::Action;
    use crate::hov::state::BattleStep;
    let (h, (a, d)) = ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"]
        .iter()
        .find_map(|id| {
            let h = load(id);
            super::retreat::water_side(&h, Water::Secondary, false).map(|x| (h, x))
        })
        .expect("a secondary river");
    let (s, c) = beaten_pitched(&h, a, a.neighbor(d)).expect("a Pitched loss across it");
    assert_eq!(
        s.battle.as_ref().map(|b| b.step),
        Some(BattleStep::Counterattack)
    );
    let acts = legal(&h, &s);
    assert!(
        acts.iter()
            .any(|x| matches!(x, Action::Attack { leader, .. } if *leader == c)),
        "the counterattack is offered: {acts:?}"
    );
    assert!(
        acts.contains(&Action::Done),
        "¶199 2: across a river it may be declined"
    );
    // In the open, the same battle's counterattack is mandatory (¶199 1).
    let (a, d) = clear_line(&h, 2);
    let (s, _) = beaten_pitched(&h, a, a.neighbor(d)).expect("a Pitched loss in the open");
    assert!(!legal(&h, &s).contains(&Action::Done));
}

#[test]
fn r128_2_e41_2_a_force_in_a_fort_may_decline_the_counterattack() {
    use super::battle::legal;
    use crate::hov::action::Action;
    use crate::hov::board::Settlement;
    use crate::hov::state::BattleStep;
    let h = load("hov/eylau");
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    let fort = hexes
        .into_iter()
        .find(|&x| {
            h.board.hex(x).settlement == Settlement::FortifiedTown
                && h.in_area(x)
                && Direction::ALL.iter().all(|&d| {
                    h.board.on_map(x.neighbor(d)) && h.board.side(x, d).water == Water::None
                })
        })
        .expect("a Fortified Town");
    let (s, c) = beaten_pitched(&h, fort.neighbor(Direction::ALL[0]), fort)
        .expect("a Pitched loss in the Fort");
    assert_eq!(
        s.battle.as_ref().map(|b| b.step),
        Some(BattleStep::Counterattack)
    );
    let acts = legal(&h, &s);
    assert!(
        acts.iter()
            .any(|x| matches!(x, Action::Attack { leader, .. } if *leader == c)),
        "the counterattack is offered: {acts:?}"
    );
    assert!(acts.contains(&Action::Done), "¶128 2, §41 2: {acts:?}");
    let mut t = s.clone();
    super::battle::act(&h, &mut t, &Action::Done);
    assert_eq!(t.leaders[usize::from(c)].place, LeaderPlace::Map(fort));
    assert!(!t.battle.as_ref().is_some_and(|b| b.counter));
}

#[test]
fn r169_2_a_pitched_battle_with_the_guard_staked_is_fought_as_pursuit() {
    use super::battle::{act, legal, roll};
    use crate::hov::action::Action;
    use crate::hov::state::BattleStep;
    use crate::hov::types::{Chit, FRENCH, Guard};
    let h = load("hov/eylau");
    let (mut s, f, _, _) = duel(&h);
    let og = (0..h.manifest.units.len())
        .find(|&u| h.manifest.units[u].guard == Guard::Old && h.manifest.units[u].side == FRENCH)
        .expect("the Old Guard");
    s.units[og].leader = Some(f);
    s.units[og].sp = s.units[og].sp.max(1);
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { leader, .. } if *leader == f))
        .expect("the attack");
    act(&h, &mut s, &a);
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    act(&h, &mut s, &Action::Chit(Chit::Pitched));
    while s.battle.as_ref().unwrap().step == BattleStep::Bombard {
        act(&h, &mut s, &roll(6));
    }
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::Stake);
    act(&h, &mut s, &Action::Stake(true));
    let mut seen = false;
    for d in 1..=6 {
        let mut t = s.clone();
        act(&h, &mut t, &roll(d));
        if t.battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Bonus)
        {
            act(&h, &mut t, &Action::Bonus(0));
        }
        let Some(b) = t.battle.as_ref() else { continue };
        if b.winner != Some(FRENCH) {
            continue;
        }
        seen = true;
        assert_ne!(
            b.step,
            BattleStep::Counterattack,
            "¶169 2: no further round"
        );
        assert!(!b.retreats.is_empty(), "¶169 2: the Pitched loser retreats");
        assert!(matches!(b.step, BattleStep::Retreat | BattleStep::Pursuit));
    }
    assert!(seen, "no die where the Coalition loses");
}
