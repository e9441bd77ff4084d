//! F-6.9 (option `6.9`): Louis XV's bonuses and In Command reach (F-6.9a), his movement
//! (F-6.9b), Fate (F-6.9d), his Horse Guard (F-6.9e).

use alloc::sync::Arc;
use alloc::vec::Vec;

use super::super::board::Terrain;
use super::super::commanders::{FireLoss, LossCause};
use super::super::event::{CommandBy, Event};
use super::super::state::{CheckKind, CheckReq, State, Step};
use super::super::types::{Kind, MoraleCheck};
use super::super::units::UnitId;
use super::super::{Action, Fontenoy};
use super::{World, apply, d10, hex, initiative, with_charts};
use crate::engine::Side;

const F: Side = Side(0);
const A: Side = Side(1);

/// Puts option `6.9` on.
fn king_option(r: &mut Fontenoy) {
    Arc::make_mut(&mut r.scenario_rules).options_on = alloc::vec!["6.9".into()];
}

/// Louis XV as his counter has him (CD 5, ER −5, CR +1) at `at`.
fn king(w: &mut World, at: &str) -> UnitId {
    let k = w.commander("Louis XV", F, at, 5, 0);
    w.units[usize::from(k)].er_bonus = -5;
    w.units[usize::from(k)].cc_bonus = 1;
    w.units[usize::from(k)].mp = 6;
    k
}

/// A French battalion at S1010 (Division X, its commander at S1001), the King at `king_at`,
/// an English battalion at S2929; the charts loaded, no step pending.
fn position(king_at: &str) -> (Fontenoy, State, UnitId, UnitId, UnitId) {
    let mut w = World::new();
    let u = w.infantry("1 FRA", F, "fra", "S1010", 1);
    let k = king(&mut w, king_at);
    let a = w.infantry("1 ENG", A, "eng", "S2929", 7);
    let saxe = w.commander("Saxe", F, "S0101", 1, 5);
    w.cinc(saxe, 2, 5);
    let dc = w.commander("Dx", F, "S1001", 3, 4);
    w.division("X", F, Some(dc), &[u]);
    let cumb = w.commander("Cumberland", A, "S2929", 2, 5);
    w.cinc(cumb, 1, 6);
    let ac = w.commander("Dz", A, "S2929", 4, 4);
    w.division("Z", A, Some(ac), &[a]);
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    (r, s, u, k, a)
}

fn morale_er(r: &Fontenoy, s: &State, u: UnitId) -> i16 {
    let req = CheckReq {
        unit: u,
        kind: CheckKind::Morale(MoraleCheck::A),
        er_mod: 0,
    };
    r.modified_er(s, u, &[u], req).0
}

#[test]
fn f6_9a_units_within_5_hexes_in_his_sight_check_on_er_minus_5() {
    // S1015 is 5 hexes from S1010 along the column; S1016 is 6.
    assert_eq!(hex("S1010").distance(hex("S1015")), 5);
    assert_eq!(hex("S1010").distance(hex("S1016")), 6);
    let (r, s, u, _, _) = position("S1015");
    let without = morale_er(&r, &s, u);
    let mut r = r;
    king_option(&mut r);
    assert_eq!(morale_er(&r, &s, u), without - 5, "ER -5 within 5 hexes");
    // Six hexes off: nothing.
    let (mut r, s, u, _, _) = position("S1016");
    king_option(&mut r);
    assert_eq!(morale_er(&r, &s, u), without);
    // Woods between the King and the unit hide him.
    let (mut r, s, u, _, _) = position("S1015");
    king_option(&mut r);
    Arc::make_mut(&mut r.board).set_terrain(hex("S1012"), Terrain::Woods);
    Arc::make_mut(&mut r.tables).terrain[Terrain::Woods as usize].blocks_los = true;
    assert!(!r.king_reaches(&s, u), "out of his sight");
    assert_eq!(morale_er(&r, &s, u), without);
}

#[test]
fn f6_9a_without_the_option_the_king_gives_no_bonus_at_a_distance() {
    let (r, s, u, _, _) = position("S1013");
    assert!(!r.king_reaches(&s, u));
    assert_eq!(r.king_er_bonus(&s, u), None);
    assert_eq!(r.king_cr_bonus(&s, u), None);
}

#[test]
fn f6_9a_the_king_adds_1_to_the_cr_of_units_he_reaches() {
    use super::close::{duel, simple_combat};
    let (mut r, mut s, f, a) = duel(6, 6);
    let c = simple_combat(&s, f, a, 0);
    let g = c.attackers[0].clone();
    let base = r.group_cr(&s, &c, true, &g);
    // Put a King counter 3 hexes behind the French battalion.
    let k = s.units.len() as UnitId;
    let mut info = r.units[usize::from(f)].clone();
    info.id = "louis-xv".into();
    info.name = "Louis XV".into();
    info.kind = Kind::Commander;
    info.regiment = None;
    info.command_distance = 5;
    info.er_bonus = -5;
    info.cc_bonus = 1;
    Arc::make_mut(&mut r.units).push(info);
    Arc::make_mut(&mut r.org).division_of.push(None);
    Arc::make_mut(&mut r.org).wing_of_commander.push(None);
    let mut ku = *s.unit(f);
    let p = super::super::geometry::Placed::at(
        hex("S1013"),
        crate::hex::Facing::new(1).expect("a facing"),
    );
    ku.place = super::super::state::Place::Map(p);
    ku.sp = 0;
    s.units.push(ku);
    assert!(r.is_king(k));
    assert_eq!(r.group_cr(&s, &c, true, &g), base, "no option, no bonus");
    king_option(&mut r);
    assert_eq!(r.group_cr(&s, &c, true, &g), base + 1);
    // A commander's own +1 in the group: still +1 in all (the better bonus serves).
    let mut g2 = g.clone();
    g2.bonus = Some(k);
    assert_eq!(r.group_cr(&s, &c, true, &g2), base + 1);
}

/// Activates Division X (the French win the initiative) and settles its command.
fn activate(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    let mut ev = initiative(r, s, 6, 1);
    ev.extend(apply(r, s, Action::ActivateOwn));
    ev.extend(apply(r, s, Action::Activate { division: 0 }));
    ev.extend(apply(r, s, Action::EndDesignations));
    while let Some(Step::CommanderInitiative { .. }) = s.steps.last() {
        ev.extend(apply(r, s, d10(0)));
    }
    ev
}

#[test]
fn f6_9a_a_unit_the_king_reaches_is_in_command() {
    // The Division Commander at S1001 (CD 3) does not reach the battalion at S1010.
    let (r, mut s, u, _, _) = position("S1013");
    let ev = activate(&r, &mut s);
    assert!(
        ev.contains(&Event::Command {
            unit: u,
            by: CommandBy::None
        }),
        "without the option it is Out of Command: {ev:?}"
    );
    let (mut r, mut s, u, _, _) = position("S1013");
    king_option(&mut r);
    let ev = activate(&r, &mut s);
    assert!(
        ev.contains(&Event::Command {
            unit: u,
            by: CommandBy::King
        }),
        "{ev:?}"
    );
    assert_eq!(s.unit(u).command, Some(true));
}

#[test]
fn f6_9d_fate_strikes_the_king_only_within_twice_an_allied_units_range() {
    let (mut r, mut s, _, k, a) = position("S1013");
    king_option(&mut r);
    let range = r.fire_range(&s, a, hex("S2929"), super::super::state::FireKind::Segment);
    assert!(range > 0);
    assert!(hex("S2929").distance(hex("S1013")) > 2 * range);
    let fate = LossCause::Special {
        result: FireLoss::Fate,
        minus_one: false,
    };
    let mut ev = Vec::new();
    r.commander_loss_roll(&mut s, k, fate, 0, &mut ev);
    assert!(s.unit(k).on_map(), "Fate passes him by");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CommanderLossCheck { commander, result, .. }
            if *commander == k && result.contains("F-6.9d")
    )));
    // An English battalion within twice its range: a Fate 0 kills him.
    let p = super::super::geometry::Placed::at(
        hex("S1013").neighbor(crate::hex::Direction::ALL[0]),
        crate::hex::Facing::new(7).expect("a facing"),
    );
    s.unit_mut(a).place = super::super::state::Place::Map(p);
    let mut ev = Vec::new();
    r.commander_loss_roll(&mut s, k, fate, 0, &mut ev);
    assert!(!s.unit(k).on_map(), "killed: {ev:?}");
    assert_eq!(s.tracks[0].boxes, 50, "F-6.9c A: 50 points");
}

#[test]
fn f6_9d_without_the_option_fate_may_strike_the_king_anywhere() {
    let (r, mut s, _, k, _) = position("S1013");
    assert!(r.fate_may_strike(&s, k));
    let fate = LossCause::Special {
        result: FireLoss::Fate,
        minus_one: false,
    };
    let mut ev = Vec::new();
    r.commander_loss_roll(&mut s, k, fate, 0, &mut ev);
    assert!(!s.unit(k).on_map());
}

#[test]
fn f6_9e_the_horse_guard_is_an_independent_cavalry_unit() {
    let (r, _) = super::scenario("fontenoy/battle");
    let g = r.unit_index("fr-gdc-l").expect("GDC L");
    assert_eq!(r.units[usize::from(g)].kind, Kind::Cavalry);
    assert!(r.org.independent(g));
    assert_eq!(r.org.division_of[usize::from(g)], None);
}

#[test]
fn f6_9b_he_moves_freely_between_n3527_and_n3630_elsewhere_only_toward_the_bridgehead() {
    let (mut r, s, _, k, _) = position("S1013");
    king_option(&mut r);
    let (a, b) = (hex("N3527"), hex("N3630"));
    assert!(r.king_free_hex(a) && r.king_free_hex(b));
    // A hex on the way between them is free; one off it is not.
    let mid = crate::hex::Direction::ALL
        .iter()
        .map(|&d| a.neighbor(d))
        .find(|&h| h.distance(b) + 1 == a.distance(b))
        .expect("a hex on the way");
    assert!(r.king_free_hex(mid));
    assert!(r.king_step_ok(&s, k, a, mid).is_ok());
    let off = crate::hex::Direction::ALL
        .iter()
        .map(|&d| a.neighbor(d))
        .find(|&h| h.distance(b) > a.distance(b))
        .expect("a hex away");
    assert!(!r.king_free_hex(off));
    // No bridgehead on this board: he may not leave his free hexes at all.
    assert_eq!(r.king_step_ok(&s, k, a, off).unwrap_err().rule, "F-6.9b");
}

/// A bridgehead place on the open board at `hexes`.
fn bridgehead(r: &mut Fontenoy, hexes: &[&str]) {
    Arc::make_mut(&mut r.board)
        .places
        .push(super::super::board::Place {
            id: "bridgehead".into(),
            name: "Bridgehead".into(),
            kind: "bridgehead".into(),
            hexes: hexes.iter().map(|h| hex(h)).collect(),
        });
}

#[test]
fn f6_9b_outside_only_nearer_the_bridgehead_and_not_nearer_the_enemy_if_avoidable() {
    let (mut r, s, _, k, _) = position("S1005");
    king_option(&mut r);
    bridgehead(&mut r, &["S1001"]);
    let from = hex("S1005");
    let nearer = hex("S1004");
    let farther = hex("S1006");
    assert!(r.king_step_ok(&s, k, from, nearer).is_ok());
    assert_eq!(
        r.king_step_ok(&s, k, from, farther).unwrap_err().rule,
        "F-6.9b"
    );
}

#[test]
fn f6_9b_a_move_outside_his_hexes_calls_a_louis_xv_army_morale_check() {
    // Without the option the King is not offered to the activation.
    let (r, mut s, _, k, _) = position("S1005");
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    assert!(
        !super::legal(&r, &s).contains(&Action::ActivateCommander { commander: k }),
        "F-3.3a"
    );
    let (mut r, mut s, _, k, _) = position("S1005");
    king_option(&mut r);
    bridgehead(&mut r, &["S1001"]);
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    apply(&r, &mut s, Action::ActivateCommander { commander: k });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    while s
        .activation
        .as_ref()
        .is_some_and(|a| a.segment != super::super::state::Segment::Movement)
    {
        apply(&r, &mut s, Action::EndSegment);
    }
    // Away from the bridgehead: refused; toward it: allowed.
    let away = Action::Step {
        unit: k,
        to: hex("S1006"),
        alone: true,
    };
    assert!(!super::legal(&r, &s).contains(&away));
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: k,
            to: hex("S1004"),
            alone: true,
        },
    );
    apply(&r, &mut s, Action::EndMove { unit: k });
    assert_eq!(s.steps.last(), Some(&Step::KingCheck { loss_roll: false }));
    let before = s.tracks[0].modifier;
    let ev = apply(&r, &mut s, d10(9));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ArmyMorale { track, roll: 9, spent: 0, .. } if track.starts_with("Louis XV")
    )));
    assert!(s.tracks[0].modifier >= before);
}

#[test]
fn f6_9c_a_his_death_calls_the_loss_roll_and_a_0_is_revenge() {
    let (mut r, mut s, u, k, _) = position("S1013");
    king_option(&mut r);
    s.steps.clear();
    let mut ev = Vec::new();
    r.kill_commander(&mut s, k, "21.4b", &mut ev);
    assert_eq!(s.tracks[0].boxes, 50);
    assert_eq!(s.steps.last(), Some(&Step::KingCheck { loss_roll: true }));
    let er = morale_er(&r, &s, u);
    let ev = apply(&r, &mut s, d10(0));
    assert!(ev.contains(&Event::Revenge { side: F }));
    assert!(s.armies[0].revenge);
    assert_eq!(s.tracks[0].modifier, 0, "no morale result on a 0");
    // ER −5 for every French unit from now on.
    assert_eq!(morale_er(&r, &s, u), er - 5);
    // Any other roll reads the current column as an Army Morale Check would.
    let (mut r, mut s, _, k, _) = position("S1013");
    king_option(&mut r);
    s.steps.clear();
    r.kill_commander(&mut s, k, "21.4b", &mut Vec::new());
    let ev = apply(&r, &mut s, d10(9));
    assert!(!s.armies[0].revenge);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ArmyMorale { track, roll: 9, .. } if track.starts_with("Louis XV")
    )));
    // Without the option: no Loss Roll.
    let (r, mut s, _, k, _) = position("S1013");
    s.steps.clear();
    r.kill_commander(&mut s, k, "21.4b", &mut Vec::new());
    assert!(!matches!(s.steps.last(), Some(Step::KingCheck { .. })));
}

#[test]
fn f6_9b_no_special_initiative_result_moves_the_king() {
    use super::super::state::SpecialKind;
    use crate::engine::Rules;
    let (mut r, mut s, _, k, _) = position("S1005");
    king_option(&mut r);
    s.steps.clear();
    let mut ev = Vec::new();
    r.special_activate(&mut s, F, 0, SpecialKind::ViveLeRoi, &mut ev);
    assert!(!super::legal(&r, &s).contains(&Action::ActivateCommander { commander: k }));
    let mut t = s.clone();
    let e = r
        .apply(&mut t, &Action::ActivateCommander { commander: k }, &mut ev)
        .expect_err("a Special Initiative activation");
    assert_eq!(e.rule, "F-6.9b");
}
