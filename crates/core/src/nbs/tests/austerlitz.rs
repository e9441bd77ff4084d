//! The Austerlitz special hexes (AUS 1.0), fog (AUS 5.1), victory (AUS 6.0–6.4) and scenarios
//! (AUS 7.x, AERR-5).

use super::kit::{apply, clear_spot, dir, empty, hex, id, north, put, rules, with_options};
use crate::engine::{Actor, Rules, Side};
use crate::hex::{Compass, Facing};
use crate::nbs::state::{Phase, Place, UnitId};
use crate::nbs::types::{Formation, MoraleState};
use crate::nbs::{Action, Event};
use alloc::string::String;
use alloc::vec::Vec;

/// AUS 1.0a: one infantry unit and two gun points in the special hexes: more is
/// over-stacking, which makes the hex DG at the end of movement (12.5).
#[test]
fn aus1_0a_special_hexes_hold_one_infantry_and_two_gun_points() {
    let mut r = rules("nbs/austerlitz-3");
    let castle = hex(&r, "B17.29");
    assert!(r.board.hex(castle).special);
    let mut s = empty(&r, Phase::Movement);
    let a = id(&r, "2-1-1");
    let b = id(&r, "1-2-1");
    put(&mut s, a, castle, north(), Formation::Line);
    assert!(!r.overstacked(&s, castle, Side(0)));
    let gun = id(&r, "4b(h-f)");
    r.units[usize::from(gun)].gun_points = 2;
    put(&mut s, gun, castle, north(), Formation::Unlimbered);
    assert!(!r.overstacked(&s, castle, Side(0)), "two gun points fit");
    r.units[usize::from(gun)].gun_points = 3;
    assert!(r.overstacked(&s, castle, Side(0)), "three do not");
    r.units[usize::from(gun)].gun_points = 2;
    put(&mut s, b, castle, north(), Formation::Line);
    assert!(r.overstacked(&s, castle, Side(0)), "a second infantry unit");
    // The same two brigades elsewhere are within the limit.
    let open = clear_spot(&r, 1);
    let mut t = s.clone();
    for u in [a, b] {
        t.units[usize::from(u)].place = Place::At(open);
    }
    assert!(!r.overstacked(&t, open, Side(0)));
    let (s2, _) = apply(&r, &s, Action::EndMovement);
    assert_eq!(r.hex_morale(&s2, castle), MoraleState::Disorganized);
}

/// AUS 1.0b: in the special hexes every formation has an all-round front, limbered
/// artillery and column included; the same units outside keep their usual facing.
#[test]
fn aus1_0b_special_hexes_give_an_all_round_front() {
    use crate::nbs::types::FacingMode;
    let r = rules("nbs/austerlitz-3");
    let castle = hex(&r, "B17.29");
    let open = clear_spot(&r, 1);
    let mut s = empty(&r, Phase::Movement);
    let inf = id(&r, "2-1-1");
    let gun = id(&r, "4b(h-f)");
    for (u, f, outside) in [
        (inf, Formation::Line, FacingMode::Standard),
        (inf, Formation::Column, FacingMode::Standard),
        (gun, Formation::Limbered, FacingMode::AllFlank),
        (gun, Formation::Unlimbered, FacingMode::Standard),
    ] {
        put(&mut s, u, castle, north(), f);
        assert_eq!(r.facing_mode(&s, u), FacingMode::AllFrontal, "{f:?}");
        put(&mut s, u, open, north(), f);
        assert_eq!(r.facing_mode(&s, u), outside, "{f:?} outside");
        s.units[usize::from(u)].place = Place::Off;
    }
    // Reading: Routed is a morale state, not a formation: still all-round flank.
    put(&mut s, inf, castle, north(), Formation::Line);
    s.units[usize::from(inf)].morale = MoraleState::Routed;
    assert_eq!(r.facing_mode(&s, inf), FacingMode::AllFlank);
}

/// AUS 5.1 option: in fog a charge may go only at a target the cavalry can see from where
/// the charge begins (refused naming AUS 5.1); without the option fog does not limit charges.
#[test]
fn aus5_1_fog_charge_option_needs_a_visible_target() {
    let plain = rules("nbs/austerlitz-3");
    let fog = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-5.1-fog-charges": true }),
    )
    .unwrap();
    let turn = (plain.first_turn..=plain.last_turn())
        .find(|&t| {
            let i = plain.turn_info(t);
            !i.night && !i.fog_low_only && i.visibility.is_some_and(|v| v < 3)
        })
        .expect("a fog turn with visibility under 3 hexes");
    let c = clear_spot(&plain, 4);
    let target = c
        .neighbor(dir(Compass::N))
        .neighbor(dir(Compass::N))
        .neighbor(dir(Compass::N));
    let cav = (0..plain.units.len() as UnitId)
        .find(|&u| {
            let i = &plain.units[usize::from(u)];
            i.side == Side(0) && i.kind == crate::nbs::types::UnitKind::Cavalry && !i.heavy
        })
        .unwrap();
    let foe = (0..plain.units.len() as UnitId)
        .find(|&u| {
            let i = &plain.units[usize::from(u)];
            i.side == Side(1)
                && i.kind == crate::nbs::types::UnitKind::Infantry
                && i.has_loss_chart()
        })
        .unwrap();
    let charge = Action::Charge {
        from: c,
        target,
        path: alloc::vec![
            c.neighbor(dir(Compass::N)),
            c.neighbor(dir(Compass::N)).neighbor(dir(Compass::N)),
            target
        ],
    };
    let mut seen = Vec::new();
    for r in [&plain, &fog] {
        let mut s = empty(r, Phase::Movement);
        s.turn = turn;
        put(
            &mut s,
            cav,
            c,
            Facing::side(dir(Compass::N)),
            Formation::Combat,
        );
        put(
            &mut s,
            foe,
            target,
            Facing::side(dir(Compass::S)),
            Formation::Line,
        );
        r.cavalry_phase_start(&mut s);
        seen.push(r.applied(&s, &charge).map(|_| ()));
    }
    assert!(seen[0].is_ok(), "no fog limit by default: {:?}", seen[0]);
    assert_eq!(seen[1].as_ref().unwrap_err().rule, "AUS 5.1");
}

/// AUS 6.0, 6.1, 6.2: losses give the opponent points at the table's steps, a corps with
/// half its brigades wrecked by casualties (not stragglers) gives its points, and the
/// balance picks the level.
#[test]
fn aus6_0_victory_point_arithmetic() {
    let r = rules("nbs/austerlitz-3");
    let mut s = r.initial_state();
    s.casualty_track = [84, 89];
    assert_eq!(r.outcome(&s).points, [0, 0]);
    s.casualty_track = [85, 90];
    assert_eq!(r.outcome(&s).points, [5, 5], "each side's first step");
    s.casualty_track = [275, 0];
    assert_eq!(r.outcome(&s).points, [0, 35]);
    assert_eq!(r.outcome(&s).level, "Allied Massive Victory");
    s.casualty_track = [0, 0];
    // 1 Corps (4 VPs to the Allies): half its brigades wrecked by casualties.
    let corps: Vec<usize> = (0..r.units.len())
        .filter(|&i| {
            r.units[i].side == Side(0)
                && r.units[i].vp_formation == "1 Corps"
                && r.units[i].has_loss_chart()
        })
        .collect();
    assert!(corps.len() >= 2);
    let half = corps.len().div_ceil(2);
    let mut by_stragglers = s.clone();
    for &i in &corps[..half] {
        s.units[i].casualties = r.units[i].wreck_boxes;
        by_stragglers.units[i].stragglers = r.units[i].wreck_boxes;
    }
    assert_eq!(r.outcome(&s).points, [0, 4]);
    assert_eq!(
        r.outcome(&by_stragglers).points,
        [0, 0],
        "casualties alone count"
    );
    // One brigade short of half: nothing.
    if half > 1 {
        let mut short = s.clone();
        short.units[corps[0]].casualties = 0;
        assert_eq!(r.outcome(&short).points, [0, 0]);
    }
}

/// AUS 6.3 (reading: every leader casualty is killed, digest §8.4 item 12 a): Alexander
/// falling ends the game at once as a French Massive Victory; Francis falling gives the
/// French 20 VP and play goes on.
#[test]
fn aus6_3_alexander_falling_ends_the_game_francis_gives_20_vp() {
    let r = rules("nbs/austerlitz-3");
    let s = empty(&r, Phase::OffensiveFire);
    let f = Facing::side(dir(Compass::N));
    let mut a = s.clone();
    let alex = id(&r, "L-Alexander-I");
    put(&mut a, alex, hex(&r, "B40.12"), f, Formation::None);
    let mut ev = Vec::new();
    r.leader_falls(&mut a, alex, &mut ev);
    assert_eq!(a.sudden_death, Some(Side(0)));
    match r.actor(&a) {
        Actor::Terminal(o) => {
            assert_eq!(o.winner, Some(Side(0)));
            assert_eq!(o.rule, "AUS 6.3");
        }
        x => panic!("the game should be over, not {x:?}"),
    }
    let mut b = s.clone();
    let francis = id(&r, "L-Francis-I");
    put(&mut b, francis, hex(&r, "B40.12"), f, Formation::None);
    r.leader_falls(&mut b, francis, &mut Vec::new());
    assert_eq!(b.vp, [20, 0]);
    assert!(b.sudden_death.is_none());
    assert!(!matches!(r.actor(&b), Actor::Terminal(_)));
}

#[test]
fn aus6_4_victory_levels_from_losses() {
    let r = rules("nbs/austerlitz-3");
    let mut s = r.initial_state();
    // AUS 6.1: 150 French casualties give the Allies 15; 95 Allied give the French 5.
    s.casualty_track = [150, 95];
    let o = r.outcome(&s);
    assert_eq!(o.points, [5, 15]);
    assert_eq!(o.level, "Allied Minor Victory");
    assert_eq!(o.winner, Some(Side(1)));
    s.casualty_track = [0, 0];
    assert_eq!(r.outcome(&s).level, "Draw");
    let _ = String::new();
}

/// The board view (what the web page draws): only the scenario's playable hexes (AUS 7.1 plays
/// map B), every counter once, and every counter on the map standing on a drawn hex.
#[test]
fn aus7_1_board_view_draws_the_playable_area_and_every_counter() {
    for n in 1..=5 {
        let r = rules(&alloc::format!("nbs/austerlitz-{n}"));
        let s = r.initial_state();
        let b = r.board(&s).expect("nbs has a board view");
        assert!(
            b.hexes.len() > 120,
            "austerlitz-{n}: {} hexes",
            b.hexes.len()
        );
        assert_eq!(b.pieces.len(), s.units.len());
        let ids: alloc::collections::BTreeSet<&str> =
            b.hexes.iter().map(|h| h.hex.id.as_str()).collect();
        for p in &b.pieces {
            if let Some(h) = &p.hex {
                assert!(
                    ids.contains(h.as_str()),
                    "{} stands on {h}, not drawn",
                    p.id
                );
            }
        }
        assert!(b.pieces.iter().any(|p| p.hex.is_some()));
        if n == 1 {
            assert!(
                ids.iter().all(|id| id.starts_with('B')),
                "AUS 7.1: map B only"
            );
        }
    }
}

/// AUS 7.3 (scenario 3 orders): when the 3 Corps HQ enters the map, 3-4 leaves its
/// divisional goal and joins 3 Corps.
#[test]
fn aus7_3_division_3_4_joins_3_corps_when_it_arrives() {
    use crate::nbs::command::Receiver;
    use crate::nbs::units::FormKind;
    let r = rules("nbs/austerlitz-3");
    let f = |c: &str, k: FormKind| {
        r.formations
            .iter()
            .position(|x| x.side == Side(0) && x.code == c && x.kind == k)
            .unwrap() as u16
    };
    let (d34, c3, c4) = (
        f("3-4", FormKind::Division),
        f("3", FormKind::Corps),
        f("4", FormKind::Corps),
    );
    let hq3 = id(&r, "HQ-3-Corps");
    let arrival = r
        .arrivals
        .iter()
        .find(|a| a.unit == hq3)
        .expect("3 Corps HQ is a reinforcement");
    let mut s = r.initial_state();
    assert_eq!(r.parent_now(&s, d34), Some(c4));
    assert!(
        s.orders[0].in_force(Receiver::Command(d34)).is_some(),
        "its goal"
    );
    s.turn = arrival.turn;
    s.player_turn = 1;
    s.phase = Phase::Movement;
    s.tasks.clear();
    let mut v = Vec::new();
    r.legal_actions(&s, &mut v);
    let enter = v
        .iter()
        .find(|a| matches!(a, Action::Enter { unit, .. } if *unit == hq3))
        .cloned()
        .expect("the HQ may enter");
    let (s, ev) = apply(&r, &s, enter);
    assert_eq!(r.parent_now(&s, d34), Some(c3));
    assert!(s.orders[0].in_force(Receiver::Command(d34)).is_none());
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CommandNote { text, .. } if text.contains("joins")))
    );
}

#[test]
fn aus7_every_scenario_plays_to_a_result_with_the_advance_bot() {
    for n in 1..=5 {
        let r = rules(&alloc::format!("nbs/austerlitz-{n}"));
        let mut g = crate::engine::Game::new(r.clone(), 7);
        let mut bot = crate::engine::bot_named(&r, "advance").unwrap();
        let mut steps = 0;
        while g.step_bot(bot.as_mut()).unwrap().is_some() {
            steps += 1;
            assert!(steps < 200_000);
        }
        assert!(g.outcome().is_some());
    }
}

/// AERR-5: in scenario 5 the French set up "on elevation 6 or lower" (1 Corps, the Guard and
/// G-5, the Cavalry Corps) stand at level 6 or below.
#[test]
fn aerr5_scenario_5_french_setup_at_elevation_6_or_lower() {
    let r = rules("nbs/austerlitz-5");
    let s = r.initial_state();
    let mut checked = 0;
    for (i, info) in r.units.iter().enumerate() {
        let bound = info.side == Side(0)
            && (matches!(info.corps.as_str(), "1" | "C" | "IG") || info.division == "G-5");
        if let (true, Some(h)) = (bound, s.units[i].hex()) {
            assert!(
                r.board.hex(h).level <= 6,
                "{} at level {}",
                info.id,
                r.board.hex(h).level
            );
            checked += 1;
        }
    }
    assert!(checked > 10, "{checked}");
}
