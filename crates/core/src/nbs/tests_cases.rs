//! Dedicated tests for single rule cases (docs/coverage/nbs.md), in rulebook order: each
//! drives the engine with actions and scripted dice and checks the case's effect, with a
//! refusal or boundary where the case has one.

use alloc::vec::Vec;

use super::board::Terrain;
use super::state::{Phase, Place, State, UnitId};
use super::tests::{apply, d66, dir, empty, hex, id, put, rules};
use super::types::{Formation, MoraleState, UnitKind};
use super::{Action, Nbs};
use crate::engine::{Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};

/// A hex whose surroundings to `radius` hexes are in play, clear, not special, level with it
/// and free of hexside features, so a test can lay out the terrain it needs.
pub(super) fn clear_spot(r: &Nbs, radius: u32) -> Hex {
    r.board
        .hexes()
        .find(|&h| {
            let level = r.board.hex(h).level;
            r.board
                .grid
                .hexes()
                .into_iter()
                .filter(|x| x.distance(h) <= radius)
                .all(|x| {
                    let i = r.board.hex(x);
                    i.on_map
                        && i.terrain == Terrain::Clear
                        && !i.special
                        && i.level == level
                        && i.edge_dist > 0
                        && Direction::ALL.iter().all(|&d| r.board.side(x, d) == 0)
                })
        })
        .expect("a clear stretch of map")
}

fn north() -> Facing {
    Facing::side(dir(Compass::N))
}

fn n_of(h: Hex, k: u32) -> Hex {
    (0..k).fold(h, |x, _| x.neighbor(dir(Compass::N)))
}

fn legal(r: &Nbs, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    r.legal_actions(s, &mut v);
    v
}

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
    use super::movement::facing::FacingMode;
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

/// AUS 2.4, AUS 3.3: with Napoleon lost the French army commander is the highest-rated
/// Marshal on the map (decision); the Allied command passes down the seniority list.
#[test]
fn aus2_4_aus3_3_acting_army_commanders() {
    use super::units::Rank;
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::Command);
    let nap = id(&r, "L-Napoleon");
    let f = north();
    assert_eq!(r.army_commander(&s, Side(0)), None, "off the map");
    put(&mut s, nap, at, f, Formation::None);
    assert_eq!(r.army_commander(&s, Side(0)), Some(nap));
    let mut marshals: Vec<UnitId> = (0..r.units.len() as UnitId)
        .filter(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(0) && i.kind == UnitKind::Leader && i.rank == Rank::Corps
        })
        .collect();
    marshals.sort_by_key(|&u| r.units[usize::from(u)].rating);
    let (low, high) = (marshals[0], *marshals.last().unwrap());
    assert!(r.units[usize::from(high)].rating > r.units[usize::from(low)].rating);
    put(&mut s, low, n_of(at, 1), f, Formation::None);
    put(&mut s, high, n_of(at, 2), f, Formation::None);
    s.units[usize::from(nap)].place = Place::Gone;
    assert_eq!(r.army_commander(&s, Side(0)), Some(high));
    s.units[usize::from(high)].place = Place::Gone;
    assert_eq!(r.army_commander(&s, Side(0)), Some(low));
    // The Allies: Katusov, then Alexander, then Francis.
    let kat = id(&r, "L-Katusov");
    let alex = id(&r, "L-Alexander-I");
    let fra = id(&r, "L-Francis-I");
    for u in [kat, alex, fra] {
        put(
            &mut s,
            u,
            n_of(at, 3).neighbor(dir(Compass::NE)),
            f,
            Formation::None,
        );
    }
    assert_eq!(r.army_commander(&s, Side(1)), Some(kat));
    s.units[usize::from(kat)].place = Place::Gone;
    assert_eq!(r.army_commander(&s, Side(1)), Some(alex));
    s.units[usize::from(alex)].place = Place::Gone;
    assert_eq!(r.army_commander(&s, Side(1)), Some(fra));
}

/// AUS 3.7: Liechtenstein's cavalry is one division: every unit of the Cv command shares one
/// division code, whose formation Liechtenstein leads.
#[test]
fn aus3_7_liechtensteins_cavalry_is_one_division() {
    let r = rules("nbs/austerlitz-3");
    let lie = id(&r, "L-Liechtenstein");
    let cv: Vec<&super::units::UnitInfo> = r
        .units
        .iter()
        .filter(|i| i.side == Side(1) && i.corps == "Cv" && i.combat())
        .collect();
    assert!(cv.len() >= 4);
    let code = &cv[0].division;
    assert!(cv.iter().all(|i| &i.division == code));
    let f: Vec<&super::command::phase::Formation> = r
        .formations
        .iter()
        .filter(|f| f.side == Side(1) && &f.code == code)
        .collect();
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].leader, lie);
}

/// The Allied Command Phase of a clear daylight turn, in its initiative segment.
fn allied_initiative(r: &Nbs, mut s: State) -> State {
    s.turn = r.first_turn
        + r.turns
            .iter()
            .position(|t| !t.night && t.visibility.is_none())
            .unwrap() as u16;
    s.player_turn = 0;
    s.phase = Phase::Command;
    s.tasks.clear();
    r.command_begins(&mut s, &mut Vec::new());
    let mut s = apply(r, &s, Action::EndCommand).0;
    // Any order writing the segment asks for first is not under test.
    while !s.tasks.is_empty() && !matches!(r.actor(&s), crate::engine::Actor::Chance(_)) {
        let v = legal(r, &s);
        s = apply(r, &s, v[0].clone()).0;
    }
    s
}

/// A roll of the Initiative Table giving no effect at `ip`.
fn no_effect_roll(r: &Nbs, ip: i8) -> u32 {
    (0..36)
        .map(|i| super::types::Seq66::from_index(i).unwrap())
        .find(|&q| r.command.initiative(ip, q) == super::command::InitiativeResult::NoEffect)
        .map(|q| u32::from(q.value()))
        .expect("a no-effect roll")
}

/// AUS 3.2a, 3.2c, 3.5 in play: each Emperor and Buxhowden have one free initiative roll a
/// turn; the column commander Buxhowden supplants may not roll; while Francis commands the
/// army, Allied Initiative Points are 2 lower.
#[test]
fn aus3_2a_aus3_2c_aus3_5_allied_initiative_in_play() {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 4);
    let f = north();
    let mut s = empty(&r, Phase::Command);
    let alex = id(&r, "L-Alexander-I");
    let kat = id(&r, "L-Katusov");
    let bux = id(&r, "L-Buxhowden");
    let doc = id(&r, "L-Doctorov");
    let kein = id(&r, "L-Keinmeyer");
    put(&mut s, kat, n_of(at, 3), f, Formation::None);
    put(&mut s, alex, n_of(at, 3), f, Formation::None);
    let col1 = (0..r.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].division == "1-L" && r.units[usize::from(u)].combat())
        .expect("a 1-L brigade");
    put(&mut s, col1, at, f, Formation::Line);
    put(&mut s, doc, at, f, Formation::None);
    put(&mut s, bux, at, f, Formation::None);
    let kein_unit = (0..r.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].division == "AG-L" && r.units[usize::from(u)].combat())
        .expect("an AG-L unit");
    let south = at.neighbor(dir(Compass::S)).neighbor(dir(Compass::S));
    put(&mut s, kein_unit, south, f, Formation::Line);
    put(&mut s, kein, south, f, Formation::None);
    let s = allied_initiative(&r, s);
    let v = legal(&r, &s);
    let roll_of = |l: UnitId| Action::RollInitiative { leader: l };
    assert!(v.contains(&roll_of(alex)), "AUS 3.2a: {v:?}");
    assert!(v.contains(&roll_of(bux)), "AUS 3.2c");
    assert!(!v.contains(&roll_of(doc)), "supplanted by Buxhowden");
    assert!(r.applied(&s, &roll_of(doc)).is_err());
    // The Emperor's free roll, once.
    let (w, _) = apply(&r, &s, roll_of(alex));
    let Some(super::state::Task::InitiativeRoll { ip, .. }) = w.tasks.last().cloned() else {
        panic!("{:?}", w.tasks)
    };
    let (after, _) = apply(&r, &w, d66(no_effect_roll(&r, ip)));
    assert!(after.tasks.is_empty(), "{:?}", after.tasks);
    assert_eq!(
        r.applied(&after, &roll_of(alex)).unwrap_err().rule,
        "AUS 3.2a"
    );
    // It did not use up the others' rolls: Keinmeyer and Buxhowden still may.
    let v = legal(&r, &after);
    assert!(v.contains(&roll_of(kein)) && v.contains(&roll_of(bux)));
    // Buxhowden's free roll, once.
    let (w, _) = apply(&r, &after, roll_of(bux));
    let Some(super::state::Task::InitiativeRoll { ip, .. }) = w.tasks.last().cloned() else {
        panic!()
    };
    let (after2, _) = apply(&r, &w, d66(no_effect_roll(&r, ip)));
    assert_eq!(
        r.applied(&after2, &roll_of(bux)).unwrap_err().rule,
        "AUS 3.2c"
    );
    // AUS 3.5: Keinmeyer's Initiative Points, with Katusov commanding and with Francis.
    let ip_of = |s: &State| {
        let (w, _) = apply(&r, s, roll_of(kein));
        match w.tasks.last() {
            Some(super::state::Task::InitiativeRoll { ip, .. }) => *ip,
            other => panic!("{other:?}"),
        }
    };
    let normal = ip_of(&after);
    let mut f_cmd = empty(&r, Phase::Command);
    let fra = id(&r, "L-Francis-I");
    f_cmd.units[usize::from(kat)].place = Place::Gone;
    f_cmd.units[usize::from(alex)].place = Place::Gone;
    put(&mut f_cmd, fra, n_of(at, 3), f, Formation::None);
    put(&mut f_cmd, kein_unit, south, f, Formation::Line);
    put(&mut f_cmd, kein, south, f, Formation::None);
    let f_cmd = allied_initiative(&r, f_cmd);
    assert_eq!(r.army_commander(&f_cmd, Side(1)), Some(fra));
    let with_francis = ip_of(&f_cmd);
    assert_eq!(
        i16::from(with_francis),
        (i16::from(normal) - 2).max(0),
        "AUS 3.5: −2 while Francis commands"
    );
    assert!(normal >= 2, "Keinmeyer's points show the full −2: {normal}");
}

/// AUS 3.6: Katusov sends his orders to the Allied commands as divisional goals, which go
/// into force for the command; no action attaches one command to another; a single brigade
/// may be given a goal of its own.
#[test]
fn aus3_6_allied_commands_receive_divisional_goals() {
    use super::command::Receiver;
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 3);
    let mut s = empty(&r, Phase::Command);
    s.orders[1] = Default::default();
    let kat = id(&r, "L-Katusov");
    let hq = id(&r, "HQ-Allied-Army");
    let b = id(&r, "Y2-1-L");
    let lead = super::tests::division_leader(&r, b);
    let f = r.formations.iter().position(|x| x.leader == lead).unwrap() as u16;
    put(&mut s, kat, at, north(), Formation::None);
    put(&mut s, hq, at, north(), Formation::None);
    put(&mut s, b, n_of(at, 2), north(), Formation::Line);
    put(&mut s, lead, n_of(at, 2), north(), Formation::None);
    s.turn = 2;
    s.player_turn = 0;
    r.command_begins(&mut s, &mut Vec::new());
    let v = legal(&r, &s);
    let orders: Vec<&Action> = v
        .iter()
        .filter(|a| matches!(a, Action::IssueOrder { .. }))
        .collect();
    assert!(!orders.is_empty(), "{v:?}");
    assert!(
        orders
            .iter()
            .all(|a| matches!(a, Action::IssueOrder { goal: true, .. })),
        "every Allied order is a divisional goal (AUS 3.2b)"
    );
    let goal = orders
        .iter()
        .find(|a| matches!(a, Action::IssueOrder { receiver: Receiver::Command(x), .. } if *x == f))
        .expect("a goal for Y2-1-L's command");
    let (t, _) = apply(&r, &s, (*goal).clone());
    assert!(
        t.orders[1]
            .orders()
            .iter()
            .any(|o| o.receiver == Receiver::Command(f) && o.divisional_goal)
    );
    // Any single brigade may get a goal of its own, as a lone receiver.
    let single = orders
        .iter()
        .find(|a| matches!(a, Action::IssueOrder { receiver: Receiver::Unit(x), goal: true, .. } if *x == b))
        .expect("a goal for the brigade Y2-1-L alone (AUS 3.6)");
    let (t, _) = apply(&r, &s, (*single).clone());
    assert!(
        t.orders[1]
            .orders()
            .iter()
            .any(|o| o.receiver == Receiver::Unit(b) && o.divisional_goal)
    );
}
