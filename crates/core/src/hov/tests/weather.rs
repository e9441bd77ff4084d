//! Weather and terrain in movement and attrition: frozen lakes (§35), the Osterode–Warsaw
//! highway (§59), no Extended March (¶100 2), no attrition in Forts, for 1-SP or unmoved forces
//! (§49), artillery first in mud (¶139).

use alloc::vec::Vec;

use super::march::{advance, clear_map_but, foot_force, legal, load, open_ground, place};
use super::repulse::set_force;
use crate::engine::Rules;
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::board::{Road, Water};
use crate::hov::movement::force::{CAVALRY_MA, INFANTRY_MA};
use crate::hov::state::{Activation, LeaderId, March, Phase, State};
use crate::hov::types::{Arm, COALITION, FRENCH, Mp};

fn weather(h: &Hov, name: &str) -> Option<u8> {
    h.charts
        .weather_names
        .iter()
        .position(|n| n == name)
        .map(|i| i as u8)
}

fn march(l: LeaderId, at: Hex, start_sp: u16) -> March {
    super::march::marching(l, at, Activation::Command, start_sp)
}

#[test]
fn e35_lakes_freeze_in_frost_frost_snow_and_severe() {
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    let Some((from, d)) = h.board.grid.hexes().into_iter().find_map(|x| {
        Direction::ALL
            .iter()
            .find(|&&d| {
                h.board.side(x, d).water == Water::Lake
                    && h.board.on_map(x)
                    && h.board.on_map(x.neighbor(d))
            })
            .map(|&d| (x, d))
    }) else {
        return;
    };
    for (name, frozen) in [
        ("Fair", false),
        ("Snow", false),
        ("Frost", true),
        ("Frost/Snow", true),
        ("Severe", true),
    ] {
        let Some(w) = weather(&h, name) else { continue };
        s.weather = Some(w);
        assert_eq!(h.lakes_frozen(&s), frozen, "{name}");
        let c = h.step_cost(&s, from, d, false);
        assert_eq!(c.is_some(), frozen, "{name}: {c:?}");
        if let Some(c) = c {
            // §35: as a secondary river, ½ MP more than the ground.
            let ground = h.board.hex(from.neighbor(d)).cost[0];
            if h.board.side(from, d).road == Road::None {
                assert_eq!(c, ground.plus(Mp::HALF));
            }
        }
    }
}

#[test]
fn e59_the_highway_is_a_primary_road_from_turn_36() {
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    let Some((from, d)) = h.board.grid.hexes().into_iter().find_map(|x| {
        Direction::ALL
            .iter()
            .find(|&&d| {
                let sd = h.board.side(x, d);
                h.board.hex(x).highway
                    && h.board.hex(x.neighbor(d)).highway
                    && sd.road == Road::Secondary
                    && sd.water == Water::None
            })
            .map(|&d| (x, d))
    }) else {
        panic!("no highway hexside with its secondary road");
    };
    s.turn = 35;
    assert_eq!(h.step_cost(&s, from, d, false), Some(Mp::ONE));
    s.turn = 36;
    assert_eq!(h.step_cost(&s, from, d, false), Some(Mp::HALF));
}

#[test]
fn r100_2_no_extended_march_in_battle_scenarios() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let Some(a) = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Command { .. }))
    else {
        panic!("no command");
    };
    let mut ev = Vec::new();
    h.apply(&mut s, &a, &mut ev).unwrap();
    let m = s.march.as_ref().unwrap();
    // The printed allowance is the most a march may spend: no action raises it.
    assert_eq!(m.allowance_inf, INFANTRY_MA);
    assert_eq!(m.allowance_cav, CAVALRY_MA);
    for _ in 0..20 {
        let acts = legal(&h, &s);
        let Some(step) = acts.iter().find(|a| matches!(a, Action::Step { .. })) else {
            break;
        };
        h.apply(&mut s, step, &mut ev).unwrap();
        let m = s.march.as_ref().unwrap();
        assert!(m.spent_inf <= INFANTRY_MA && m.spent_cav <= CAVALRY_MA);
    }
}

pub(super) fn moving_scene() -> (Hov, State, LeaderId, Hex) {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f]);
    place(&mut s, f, at);
    (h, s, f, at)
}

#[test]
fn e49_no_attrition_for_a_one_sp_force_or_one_that_does_not_move() {
    let (h, mut s, f, at) = moving_scene();
    set_force(&h, &mut s, f, Arm::Infantry, 1);
    s.march = Some(march(f, at, h.attrition_size(&s, f)));
    let mut ev = Vec::new();
    h.apply(
        &mut s,
        &Action::Step {
            to: at.neighbor(Direction::ALL[0]),
        },
        &mut ev,
    )
    .unwrap();
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert!(s.march.is_none(), "§49: a 1-SP force takes no attrition");
    // A big force that does not move takes none either (reading C1).
    let (h, mut s, f, at) = moving_scene();
    set_force(&h, &mut s, f, Arm::Infantry, 12);
    s.march = Some(march(f, at, h.attrition_size(&s, f)));
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert!(s.march.is_none());
}

#[test]
fn e49_no_attrition_for_a_force_ending_in_a_fort() {
    let (h, mut s, f, _) = moving_scene();
    set_force(&h, &mut s, f, Arm::Infantry, 12);
    let Some((from, fort)) = h.board.grid.hexes().into_iter().find_map(|x| {
        if !h.board.hex(x).settlement.fort() || !h.in_area(x) {
            return None;
        }
        Direction::ALL.iter().find_map(|&d| {
            let n = x.neighbor(d);
            (h.in_area(n) && h.step_cost(&s, n, d.opposite(), false).is_some()).then_some((n, x))
        })
    }) else {
        return;
    };
    place(&mut s, f, from);
    // The same march into an open hex would roll.
    let mut m = march(f, from, h.attrition_size(&s, f));
    m.spent_inf = Mp::whole(3);
    m.path.push(from);
    assert!(h.attrition_due(&s, &m));
    let mut m = march(f, from, h.attrition_size(&s, f));
    m.spent_inf = Mp::ONE;
    s.march = Some(m);
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: fort }, &mut ev)
        .unwrap();
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert!(s.march.is_none(), "§49: no attrition in a Fort");
}

#[test]
fn r139_in_mud_an_artillery_unit_takes_the_first_attrition_loss() {
    for (mud, art_sp, art_first) in [(true, 3u8, true), (true, 2u8, false), (false, 3u8, false)] {
        // The Coalition's artillery (the French have a single small unit).
        let h = load("hov/friedland");
        let mut s = h.initial_state();
        let f = foot_force(&h, &s, COALITION);
        let at = open_ground(&h);
        clear_map_but(&mut s, &[f]);
        place(&mut s, f, at);
        set_force(&h, &mut s, f, Arm::Infantry, 8);
        let arts: Vec<usize> = (0..h.manifest.units.len())
            .filter(|&i| {
                let m = &h.manifest.units[i];
                m.side == COALITION && m.arm == Arm::Artillery && m.max > 0
            })
            .collect();
        let mut left = art_sp;
        for &i in &arts {
            if left == 0 {
                break;
            }
            let take = left.min(h.manifest.units[i].max);
            s.units[i].leader = Some(f);
            s.units[i].sp = take;
            left -= take;
        }
        assert_eq!(left, 0, "artillery units");
        let art_total = |s: &State| -> u8 {
            arts.iter()
                .filter(|&&i| s.units[i].leader == Some(f))
                .map(|&i| s.units[i].sp)
                .sum()
        };
        s.weather = if mud {
            weather(&h, "Mud")
        } else {
            weather(&h, "Fair")
        };
        assert!(s.weather.is_some());
        let mut m = march(f, at, h.attrition_size(&s, f));
        m.spent_inf = Mp::whole(4);
        m.path.push(at.neighbor(Direction::ALL[0]));
        // A die that costs exactly one SP.
        let Some(roll) = (1..=6).find(|&r| h.attrition_of(&s, &m, r).lost == 1) else {
            continue;
        };
        let mut ev = Vec::new();
        h.attrition_rolled(&mut s, &m, roll, &mut ev);
        assert_eq!(
            art_total(&s) == art_sp - 1,
            art_first,
            "mud {mud}, artillery {art_sp}"
        );
    }
}

#[test]
fn r124_an_all_cavalry_force_leaves_an_enemy_zoc_at_no_extra_cost() {
    for (arm, extra) in [(Arm::Cavalry, false), (Arm::Infantry, true)] {
        let (h, mut s, f, at) = moving_scene();
        super::repulse::set_force(&h, &mut s, f, arm, 2);
        let c = foot_force(&h, &h.initial_state(), COALITION);
        let d = Direction::ALL[0];
        place(&mut s, c, at.neighbor(d));
        s.march = Some(march(f, at, 0));
        let away = at.neighbor(d.opposite());
        let cav = arm == Arm::Cavalry;
        let base = h.step_cost(&s, at, d.opposite(), cav).unwrap();
        let c2 = h.check_step(&s, s.march.as_ref().unwrap(), away).unwrap();
        let paid = if cav { c2.cav } else { c2.inf };
        assert_eq!(
            paid,
            if extra { base.plus(Mp::HALF) } else { base },
            "{arm:?}"
        );
    }
    // Nor does a vedette (an infantry one pays the infantry rate).
    let (h, mut s, f, at) = moving_scene();
    let c = foot_force(&h, &h.initial_state(), COALITION);
    let d = Direction::ALL[0];
    place(&mut s, c, at.neighbor(d));
    s.leaders[usize::from(f)].place = crate::hov::state::LeaderPlace::Out;
    let v = (0..h.manifest.vedettes.len())
        .find(|&i| h.manifest.vedettes[i].side == FRENCH)
        .unwrap();
    s.vedettes[v].place = crate::hov::state::VedettePlace::Map(at);
    let cav = h.manifest.vedettes[v].cavalry;
    let mut m = march(0, at, 0);
    m.vedette = Some(v as u16);
    if cav {
        m.allowance_inf = Mp::ZERO;
    } else {
        m.allowance_cav = Mp::ZERO;
    }
    let away = at.neighbor(d.opposite());
    let base = h.step_cost(&s, at, d.opposite(), cav).unwrap();
    let c2 = h.check_step(&s, &m, away).unwrap();
    assert_eq!(if cav { c2.cav } else { c2.inf }, base);
}

#[test]
fn r117_2_a_force_passes_through_friends_and_r116_never_off_the_map() {
    let (h, mut s, f, at) = moving_scene();
    let g = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            l != f
                && h.manifest.leaders[usize::from(l)].side == FRENCH
                && h.manifest.leaders[usize::from(l)].mg.is_none()
        })
        .unwrap();
    super::repulse::set_force(&h, &mut s, g, Arm::Infantry, 1);
    let d = Direction::ALL[0];
    place(&mut s, g, at.neighbor(d));
    s.march = Some(march(f, at, 0));
    let mut ev = Vec::new();
    h.apply(&mut s, &Action::Step { to: at.neighbor(d) }, &mut ev)
        .unwrap();
    h.apply(
        &mut s,
        &Action::Step {
            to: at.neighbor(d).neighbor(d),
        },
        &mut ev,
    )
    .unwrap();
    // ¶116: a hex off the map (or out of the scenario's area) is never entered.
    let edge = h
        .board
        .grid
        .hexes()
        .into_iter()
        .find_map(|x| {
            Direction::ALL
                .iter()
                .find(|&&d| h.in_area(x) && !h.board.on_map(x.neighbor(d)))
                .map(|&d| (x, x.neighbor(d)))
        })
        .unwrap();
    clear_map_but(&mut s, &[f]);
    place(&mut s, f, edge.0);
    s.march = Some(march(f, edge.0, 0));
    let err = h
        .apply(&mut s, &Action::Step { to: edge.1 }, &mut ev)
        .unwrap_err();
    assert_eq!(err.rule, "¶116, §221");
}

#[test]
fn r125_2_a_zoc_bond_that_needs_a_vedette_is_ignored() {
    let (h, mut s, _f, at) = moving_scene();
    let c = foot_force(&h, &h.initial_state(), COALITION);
    let d = Direction::ALL[0];
    let target = at.neighbor(d).neighbor(d);
    place(&mut s, c, target.neighbor(Direction::ALL[1]));
    let v = (0..h.manifest.vedettes.len())
        .find(|&i| h.manifest.vedettes[i].side == COALITION)
        .unwrap();
    s.vedettes[v].place = crate::hov::state::VedettePlace::Map(target.neighbor(Direction::ALL[5]));
    let o = h.occupancy(&s);
    assert_eq!(
        h.zoc_sources(&s, &o, COALITION, target),
        1,
        "the vedette adds no bond"
    );
}

#[test]
fn r127_1_cavalry_in_swamp_woods_or_hills_does_not_count() {
    use crate::hov::board::Ground;
    let (h, mut s, f, at) = moving_scene();
    super::repulse::set_force(&h, &mut s, f, Arm::Cavalry, 2);
    assert_eq!(h.counting_cavalry(&s, f), 2);
    for g in [Ground::Woods, Ground::Swamp, Ground::Hills] {
        let Some(x) = h
            .board
            .grid
            .hexes()
            .into_iter()
            .find(|&x| h.in_area(x) && h.board.hex(x).ground == g)
        else {
            continue;
        };
        place(&mut s, f, x);
        assert_eq!(h.counting_cavalry(&s, f), 0, "{g:?}");
    }
    place(&mut s, f, at);
}

#[test]
fn r107_1_in_several_enemy_zocs_the_highest_initiative_resists() {
    let (h, mut s, _f, at) = moving_scene();
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
    assert_ne!(lo, hi);
    super::repulse::set_force(&h, &mut s, lo, Arm::Infantry, 1);
    super::repulse::set_force(&h, &mut s, hi, Arm::Infantry, 1);
    place(&mut s, lo, at.neighbor(Direction::ALL[0]));
    let (one, _) = h.resistance_of(&s, FRENCH, at);
    assert_eq!(one, h.initiative_of(&s, lo));
    place(&mut s, hi, at.neighbor(Direction::ALL[3]));
    let (both, _) = h.resistance_of(&s, FRENCH, at);
    assert_eq!(both, h.initiative_of(&s, hi).max(h.initiative_of(&s, lo)));
}

/// A march of 3 MP by 12 SP of infantry from open ground, ready for its attrition die.
fn long_march(side: crate::engine::Side) -> (Hov, State, March) {
    let (h, mut s, _, at) = moving_scene();
    let f = super::battle::force_leaders(&h, &s, side)[0];
    clear_map_but(&mut s, &[f]);
    place(&mut s, f, at);
    set_force(&h, &mut s, f, Arm::Infantry, 12);
    let mut m = march(f, at, h.attrition_size(&s, f));
    m.spent_inf = Mp::whole(3);
    m.path.push(at.neighbor(Direction::ALL[0]));
    (h, s, m)
}

#[test]
fn r138_2_e35_the_weather_modifies_the_attrition_die() {
    let (h, mut s, m) = long_march(FRENCH);
    s.weather = weather(&h, "Fair");
    let fair = h.attrition_of(&s, &m, 3).modified;
    let mut seen = 0;
    for name in [
        "Heat",
        "Rain",
        "Mud",
        "Thaw",
        "Frost",
        "Snow",
        "Frost/Snow",
        "Severe",
    ] {
        let Some(w) = weather(&h, name) else { continue };
        s.weather = Some(w);
        let drm = i16::from(h.charts.weather_attrition(Some(w)));
        assert_eq!(h.attrition_of(&s, &m, 3).modified, fair + drm, "{name}");
        seen += usize::from(drm != 0);
    }
    assert!(
        seen > 0,
        "the provisional table has weather that hinders a march"
    );
    // Mud (provisional: +1) makes a march costlier or as costly, never cheaper.
    s.weather = weather(&h, "Mud");
    assert_eq!(h.attrition_of(&s, &m, 3).modified, fair + 1);
}

#[test]
fn e37_1_the_weather_modifies_the_combat_die() {
    use super::terrain::{fight, give};
    use crate::hov::types::Chit;
    let h = load("hov/eylau");
    let mut drms = Vec::new();
    for name in ["Fair", "Mud", "Snow", "Severe"] {
        let (mut s, f, c, _) = super::battle::duel(&h);
        give(&h, &mut s, f, &[(Arm::Infantry, 4)]);
        give(&h, &mut s, c, &[(Arm::Infantry, 4)]);
        s.weather = weather(&h, name);
        let (_, _, drm) = fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
        assert_eq!(drm, h.charts.weather_combat(s.weather), "{name}");
        drms.push(drm);
    }
    // Provisional: nothing in Fair, +1 (the attacker's harm) in Mud, Snow and Severe.
    assert_eq!(drms, [0, 1, 1, 1]);
}

#[test]
fn r208_2_r138_4_morale_changes_no_attrition_die_but_costs_the_french_a_sp_on_plus() {
    // Reading C9: ¶138's pointer lands on §180, which adds 1 SP to a French "+" result while
    // Paris Morale is negative; there is no morale die modifier.
    let mut checked = 0;
    for side in [FRENCH, COALITION] {
        let (h, mut s, m) = long_march(side);
        s.weather = weather(&h, "Fair");
        let col = h.attrition_column(&m).expect("a column").clone();
        let Some(roll) = (1..=6u8).find(|&r| {
            let k = h.attrition_of(&s, &m, r).modified;
            col.table.at(k).plus
        }) else {
            continue;
        };
        s.morale = 1;
        let up = h.attrition_of(&s, &m, roll);
        s.morale = -1;
        let down = h.attrition_of(&s, &m, roll);
        assert_eq!(up.modified, down.modified, "no morale die modifier");
        let extra = u8::from(side == FRENCH);
        assert_eq!(down.lost, up.lost + extra, "{side:?}");
        checked += 1;
    }
    assert!(checked > 0, "some die gives a \"+\" result");
}

#[test]
fn r138_1_a_bonus_star_takes_its_points_off_the_attrition_die() {
    let (h, mut s, m) = long_march(FRENCH);
    s.weather = weather(&h, "Fair");
    let Some(star) = (0..h.manifest.leaders.len() as LeaderId).find(|&l| {
        let x = &h.manifest.leaders[usize::from(l)];
        x.side == FRENCH && x.ratings.bonus > 0 && h.leader_army(l) == h.leader_army(m.leader)
    }) else {
        panic!("no French leader with a bonus star");
    };
    let mut plain = m.clone();
    let own = h.manifest.leaders[usize::from(m.leader)].ratings.bonus;
    plain.leader = m.leader;
    let mut starred = m.clone();
    starred.leader = star;
    let bonus = i16::from(h.manifest.leaders[usize::from(star)].ratings.bonus);
    assert_eq!(
        h.attrition_of(&s, &starred, 4).modified,
        h.attrition_of(&s, &plain, 4).modified + i16::from(own) - bonus
    );
}

#[test]
fn r138_3_a_forced_march_costs_one_sp_more_on_a_plus_result() {
    let (h, mut s, m) = long_march(FRENCH);
    s.weather = weather(&h, "Fair");
    let col = h.attrition_column(&m).expect("a column").clone();
    let roll = (1..=6u8)
        .find(|&r| col.table.at(h.attrition_of(&s, &m, r).modified).plus)
        .expect("a \"+\" result");
    let mut forced = m.clone();
    forced.how = Activation::ForcedMarch;
    let a = h.attrition_of(&s, &m, roll);
    let b = h.attrition_of(&s, &forced, roll);
    assert_eq!(a.modified, b.modified, "reading C8: no die modifier");
    assert_eq!(b.lost, a.lost + 1);
}

#[test]
fn r138_5_e210_the_ap_level_modifies_the_attrition_die() {
    let (mut h, mut s, m) = long_march(FRENCH);
    s.weather = weather(&h, "Fair");
    let mut seen = Vec::new();
    for level in [2u8, 5, 8, 11] {
        h.params.attrition_level[FRENCH.index()] = level;
        let drm = h
            .charts
            .attrition_ap
            .iter()
            .find(|(lo, hi, _)| *lo <= i64::from(level) && i64::from(level) <= *hi)
            .map_or(0, |x| x.2);
        seen.push(h.attrition_of(&s, &m, 3).modified - i16::from(drm));
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
    h.params.attrition_level[FRENCH.index()] = 2;
    let low = h.attrition_of(&s, &m, 3).modified;
    h.params.attrition_level[FRENCH.index()] = 11;
    assert!(
        h.attrition_of(&s, &m, 3).modified < low,
        "a higher AP level marches better"
    );
}
