//! II. Movement, continued: drop-offs and the attrition they share (¶82, X45).

use alloc::vec::Vec;

use crate::engine::{Actor, Rules};
use crate::hex::{Direction, Hex};
use crate::hov::action::Action;
use crate::hov::state::{Activation, LeaderId, LeaderPlace, MarchStage, Phase};
use crate::hov::types::{Arm, FRENCH};

use super::march::{advance, clear_map_but, d6, load, open_ground, place};

#[test]
fn r82_x45_a_dropped_off_part_frees_the_march_and_shares_its_attrition() {
    // X45: a mixed force marches; its infantry, on a subordinate's track, is dropped off when
    // spent and the cavalry goes on (¶82 1); both parts take the attrition of the march,
    // read on the SPs that set out (¶82 2).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let (l, sub) = (0..s.leaders.len() as LeaderId)
        .find_map(|l| {
            if h.manifest.leaders[usize::from(l)].side != FRENCH
                || !matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
            {
                return None;
            }
            (0..s.leaders.len() as LeaderId)
                .find(|&x| s.leaders[usize::from(x)].place == LeaderPlace::Portrait(l))
                .map(|x| (l, x))
        })
        .expect("a French Force Leader with a subordinate");
    let pick = |arm: Arm| {
        (0..h.manifest.units.len() as u16)
            .find(|&u| {
                let m = &h.manifest.units[usize::from(u)];
                m.side == FRENCH && m.arm == arm && !h.attrition_exempt(&s, u)
            })
            .expect("a unit")
    };
    let (foot, horse) = (pick(Arm::Infantry), pick(Arm::Cavalry));
    for x in &mut s.units {
        if x.leader == Some(l) || x.leader == Some(sub) {
            x.leader = None;
            x.sp = 0;
        }
    }
    s.units[usize::from(foot)].leader = Some(sub);
    s.units[usize::from(foot)].sp = 6;
    s.units[usize::from(horse)].leader = Some(l);
    s.units[usize::from(horse)].sp = 6;
    let at = open_ground(&h);
    clear_map_but(&mut s, &[l]);
    place(&mut s, l, at);
    let m = h.new_march(&s, l, Activation::Command, MarchStage::Moving);
    assert_eq!(m.start_sp, 12);
    s.marched.push(l);
    s.march = Some(m);
    // Round the ring of clear hexes about `at` until the infantry has no MP left.
    let mut ring: Vec<Hex> = Direction::ALL.iter().map(|&d| at.neighbor(d)).collect();
    let mut path = alloc::vec![ring.remove(0)];
    while !ring.is_empty() {
        let last = *path.last().unwrap();
        let k = ring
            .iter()
            .position(|&x| Direction::ALL.iter().any(|&d| last.neighbor(d) == x))
            .unwrap();
        path.push(ring.remove(k));
    }
    let mut ev = Vec::new();
    let mut next = 0;
    loop {
        let step = Action::Step { to: path[next] };
        if h.apply(&mut s, &step, &mut ev).is_err() {
            break;
        }
        next += 1;
        assert!(next < path.len(), "the infantry never ran out");
    }
    assert!(next >= 2, "the infantry made some steps");
    // ¶82 1: with the infantry dropped off the cavalry goes on.
    h.apply(&mut s, &Action::DropOff { leader: sub }, &mut ev)
        .unwrap();
    let here = path[next - 1];
    assert_eq!(s.leaders[usize::from(sub)].place, LeaderPlace::Map(here));
    h.apply(&mut s, &Action::Step { to: path[next] }, &mut ev)
        .expect("¶82 1: the cavalry goes on");
    let m = s.march.clone().unwrap();
    assert_eq!(m.start_sp, 12, "¶82 2: the size that set out");
    // ¶82 2: the attrition of the march is taken by both parts.
    let roll = (1..=6)
        .find(|&r| h.attrition_of(&s, &m, r).lost >= 2)
        .expect("a roll that costs 2 SP or more");
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert!(matches!(h.actor(&s), Actor::Chance(_)));
    h.apply(&mut s, &d6(roll), &mut ev).unwrap();
    assert!(
        s.units[usize::from(foot)].sp < 6,
        "¶82 2: the dropped-off infantry shares the attrition"
    );
    assert!(s.units[usize::from(horse)].sp < 6);
}

#[test]
fn r129_no_zoc_across_a_primary_river_without_a_bridge_when_marching() {
    use crate::hov::board::{Ground, Settlement, Water};
    use crate::hov::types::COALITION;
    // A primary river hexside with no bridge between two clear hexes in the area.
    let found = ["hov/eylau", "hov/friedland", "hov/pultusk-golymin"]
        .into_iter()
        .find_map(|id| {
            let h = load(id);
            let plain = |x: Hex| {
                let i = h.board.hex(x);
                h.in_area(x) && i.ground == Ground::Clear && i.settlement == Settlement::None
            };
            let mut hexes = h.board.grid.hexes();
            hexes.sort_unstable();
            let hit = hexes.into_iter().find_map(|a| {
                Direction::ALL.into_iter().find_map(|d| {
                    let sd = h.board.side(a, d);
                    (plain(a)
                        && plain(a.neighbor(d))
                        && sd.water == Water::Primary
                        && !sd.bridge
                        && Direction::ALL.into_iter().any(|e| {
                            h.board.side(a, e).water == Water::None && plain(a.neighbor(e))
                        }))
                    .then_some((a, d))
                })
            });
            hit.map(|x| (h, x))
        });
    let Some((h, (a, d))) = found else {
        panic!("no bridgeless primary river between clear hexes")
    };
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let f = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            h.manifest.leaders[usize::from(l)].side == FRENCH
                && matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
                && h.is_force(&s, l)
        })
        .unwrap();
    let c = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            h.manifest.leaders[usize::from(l)].side == COALITION
                && matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
                && h.is_force(&s, l)
        })
        .unwrap();
    clear_map_but(&mut s, &[f, c]);
    place(&mut s, f, a);
    place(&mut s, c, a.neighbor(d));
    let o = h.occupancy(&s);
    assert!(!h.in_zoc_of(&s, &o, COALITION, a, false), "¶129");
    // Stepping off along the bank costs no ½ MP to leave an enemy ZOC (¶124) unless the
    // step ends in one.
    let e = Direction::ALL.into_iter().find(|&e| {
        h.board.side(a, e).water == Water::None && {
            let x = a.neighbor(e);
            h.board.hex(x).ground == Ground::Clear
                && !h.in_zoc_of(&s, &o, COALITION, x, false)
                && h.step_cost(&s, a, e, false).is_some()
        }
    });
    let m = h.new_march(&s, f, Activation::Command, MarchStage::Moving);
    if let Some(e) = e {
        let cost = h.check_step(&s, &m, a.neighbor(e)).expect("a step");
        assert_eq!(cost.inf, h.step_cost(&s, a, e, false).unwrap());
    }
}

#[test]
fn r107_2_stacked_enemy_leaders_resist_with_their_force_leader() {
    use crate::hov::types::COALITION;
    let (h, mut s, _f, at) = super::weather::moving_scene();
    let coal: Vec<LeaderId> = (0..s.leaders.len() as LeaderId)
        .filter(|&l| {
            let m = &h.manifest.leaders[usize::from(l)];
            m.side == COALITION && m.mg.is_none()
        })
        .collect();
    let lo = *coal
        .iter()
        .min_by_key(|&&l| (h.initiative_of(&s, l), l))
        .unwrap();
    let hi = *coal
        .iter()
        .max_by_key(|&&l| (h.initiative_of(&s, l), u16::MAX - l))
        .unwrap();
    assert!(h.initiative_of(&s, lo) < h.initiative_of(&s, hi));
    super::repulse::set_force(&h, &mut s, lo, Arm::Infantry, 1);
    super::repulse::set_force(&h, &mut s, hi, Arm::Infantry, 1);
    place(&mut s, lo, at.neighbor(Direction::ALL[0]));
    // The better leader rides on the weaker one's portrait: the Force Leader's Initiative
    // counts (¶107 2).
    s.leaders[usize::from(hi)].place = LeaderPlace::Portrait(lo);
    let (r, _) = h.resistance_of(&s, FRENCH, at);
    assert_eq!(r, h.initiative_of(&s, lo));
}
