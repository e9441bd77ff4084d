//! 18.0 Disorder Checks, 19.0 Morale Checks and the Rally Phase, 19.10 Voluntary Rout, and the
//! special results of F-8.3 (the provisional chart's values: French MC 00 Sauve qui peut!,
//! 01 Fail*, 02 Fail, 03 re-roll +10, 06 re-roll −10, 07 Pass, 08–09 Victoire!; DC 00 Fail*).

use super::*;
use crate::fontenoy::checks::{CheckKind, CheckReq, Plain};
use crate::fontenoy::state::{Act, Segment, Step};
use crate::fontenoy::types::{DisorderCheck as DC, Formation, Morale, MoraleCheck as MC};
use crate::hex::Direction;

/// The hex `n` steps from `from` toward direction `d` (0 SE, 1 NE, 2 N, 3 NW, 4 SW, 5 S).
pub(super) fn toward(from: &str, d: u8, n: u8) -> Hex {
    let mut h = hex(from);
    for _ in 0..n {
        h = h.neighbor(Direction::ALL[usize::from(d)]);
    }
    h
}

/// Places `u` in `h` facing `facing`.
pub(super) fn put(s: &mut State, u: UnitId, h: Hex, facing: u8) {
    s.unit_mut(u).place = Place::Map(Placed::at(h, Facing::new(facing).unwrap()));
}

/// A French battalion A (ER 30, 6 SP) at S1010 facing 1, an Allied battalion far off (S2525),
/// each with a Division; the position in Phase B.
pub(super) fn pair(extra: impl FnOnce(&mut World)) -> (Fontenoy, State, UnitId, UnitId) {
    let mut w = World::new();
    let a = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let b = w.infantry("1 BBB", Side(1), "BBB", "S2525", 3);
    w.division("X", Side(0), None, &[a]);
    w.division("Y", Side(1), None, &[b]);
    extra(&mut w);
    let (r, s) = w.build();
    (r, s, a, b)
}

/// Takes check `kind` for `unit` with `er_mod` on `roll`.
pub(super) fn check(
    r: &Fontenoy,
    s: &mut State,
    unit: UnitId,
    kind: CheckKind,
    er_mod: i16,
    roll: u8,
) -> Vec<Event> {
    r.queue_checks(s, &[CheckReq { unit, kind, er_mod }]);
    let mut ev = apply(r, s, d100(roll));
    ev.extend(settle(r, s));
    ev
}

/// Makes every pending retreat choice with its first option.
pub(super) fn settle(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    while let Some(Step::RetreatChoice { .. }) = s.steps.last() {
        let a = legal(r, s).into_iter().next().expect("a retreat choice");
        ev.extend(apply(r, s, a));
    }
    ev
}

/// The checks in `ev`: unit, ER, passed, special.
pub(super) fn checks_in(ev: &[Event]) -> Vec<(UnitId, i16, Option<bool>, Option<String>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Check {
                unit,
                er,
                passed,
                special,
                ..
            } => Some((*unit, *er, *passed, special.clone())),
            _ => None,
        })
        .collect()
}

const DCA: CheckKind = CheckKind::Disorder(DC::A);
const MCA: CheckKind = CheckKind::Morale(MC::A);

#[test]
fn r18_1a_a_roll_below_the_er_disorders_at_or_above_passes() {
    let (r, mut s, a, _) = pair(|_| {});
    let ev = check(&r, &mut s, a, DCA, 0, 30);
    assert_eq!(checks_in(&ev), alloc::vec![(a, 30, Some(true), None)]);
    assert!(!s.unit(a).disordered);
    let ev = check(&r, &mut s, a, DCA, 0, 29);
    assert_eq!(checks_in(&ev), alloc::vec![(a, 30, Some(false), None)]);
    assert!(s.unit(a).disordered);
    assert_eq!(
        s.unit(a).morale,
        Morale::Good,
        "a Disorder does not touch morale (18.0)"
    );
}

#[test]
fn r18_5a_a_disordered_unit_checks_disorder_at_er_plus_5() {
    let (r, mut s, a, _) = pair(|_| {});
    s.unit_mut(a).disordered = true;
    let ev = check(&r, &mut s, a, DCA, 0, 34);
    assert_eq!(checks_in(&ev)[0].1, 35);
    assert_eq!(checks_in(&ev)[0].2, Some(false));
}

#[test]
fn r18_5c_a_second_disorder_shakes_and_a_third_does_nothing_more() {
    let (r, mut s, a, _) = pair(|_| {});
    s.unit_mut(a).disordered = true;
    check(&r, &mut s, a, DCA, 0, 10);
    assert!(s.unit(a).disordered);
    assert_eq!(s.unit(a).morale, Morale::Shaken);
    check(&r, &mut s, a, DCA, 0, 10);
    assert!(s.unit(a).disordered);
    assert_eq!(s.unit(a).morale, Morale::Shaken);
}

#[test]
fn r18_2b_e58_the_movement_check_sums_its_modifiers_and_a_commander_helps() {
    // Forced March +5, a village in and out +5, a Passage of Lines +10: +20 asked; the
    // grouped commander's ER bonus −5 makes +15.
    let (r, mut s, a, _) = pair(|w| {
        let c = w.commander("Dx", Side(0), "S1010", 4, 4);
        w.units[usize::from(c)].er_bonus = -5;
    });
    let ev = check(&r, &mut s, a, DCA, 20, 44);
    assert_eq!(checks_in(&ev), alloc::vec![(a, 45, Some(false), None)]);
    let Event::Check { modifiers, .. } = ev
        .iter()
        .find(|e| matches!(e, Event::Check { .. }))
        .unwrap()
    else {
        unreachable!()
    };
    let total: i16 = modifiers.iter().map(|m| m.value).sum();
    assert_eq!(total, 15);
}

#[test]
fn r18_4_skirmishers_take_no_disorder_check() {
    let (r, mut s, a, _) = pair(|_| {});
    s.unit_mut(a).formation = Formation::Skirmish;
    let ev = check(&r, &mut s, a, DCA, 0, 0);
    assert!(checks_in(&ev).is_empty());
    assert!(ev.iter().any(|e| matches!(e, Event::CheckSkipped { .. })));
    assert!(!s.unit(a).disordered);
}

#[test]
fn r18_7a_a_group_checks_on_its_top_non_gun_unit_and_all_of_it_is_disordered() {
    let (r, mut s, a, _) = pair(|w| {
        let gun = w.infantry("GUN", Side(0), "G", "S1010", 1);
        w.units[usize::from(gun)].kind = Kind::Artillery;
        w.units[usize::from(gun)].er = 10;
        let second = w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
        w.units[usize::from(second)].er = 40;
    });
    let gun = 2;
    let second = 3;
    s.unit_mut(gun).formation = Formation::Line;
    s.unit_mut(gun).order = 0;
    s.unit_mut(a).order = 1;
    s.unit_mut(second).order = 2;
    // Asked of the gun: the top infantry (A, ER 30) is read.
    let ev = check(&r, &mut s, gun, DCA, 0, 20);
    assert_eq!(checks_in(&ev)[0].0, a);
    assert!(s.unit(a).disordered && s.unit(gun).disordered && s.unit(second).disordered);
}

#[test]
fn r19_1c_good_order_to_shaken_shaken_routs_and_retreats() {
    let (r, mut s, a, _) = pair(|_| {});
    check(&r, &mut s, a, MCA, 0, 25);
    assert_eq!(s.unit(a).morale, Morale::Shaken);
    let before = s.unit(a).placed().unwrap().hex();
    let ev = check(&r, &mut s, a, MCA, 0, 25);
    assert_eq!(s.unit(a).morale, Morale::Routed);
    assert_eq!(s.unit(a).formation, Formation::Rout);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Routed { unit, .. } if *unit == a))
    );
    let after = s.unit(a).placed().unwrap().hex();
    assert_eq!(before.distance(after), 4, "infantry Routs 4 hexes (20.2a)");
}

#[test]
fn r19_1c_a_shaken_gun_that_fails_is_destroyed() {
    let (r, mut s, _, _) = pair(|w| {
        let gun = w.infantry("GUN", Side(0), "G", "S1212", 1);
        w.units[usize::from(gun)].kind = Kind::Artillery;
        w.units[usize::from(gun)].sp = 2;
    });
    let gun = 2;
    s.unit_mut(gun).sp = 2;
    s.unit_mut(gun).formation = Formation::Unlimbered;
    s.unit_mut(gun).morale = Morale::Shaken;
    let ev = check(&r, &mut s, gun, MCA, 0, 15);
    assert_eq!(s.unit(gun).place, Place::Destroyed);
    assert!(ev.iter().any(
        |e| matches!(e, Event::SpLost { unit, lost: 2, destroyed: true, .. } if *unit == gun)
    ));
    assert_eq!(s.armies[0].sp_lost, 2);
}

#[test]
fn r19_1c_exception_1_a_failed_mc_g_routs_a_unit_in_good_order() {
    let (r, mut s, a, _) = pair(|_| {});
    check(&r, &mut s, a, CheckKind::Morale(MC::G), 0, 20);
    assert_eq!(s.unit(a).morale, Morale::Routed);
}

#[test]
fn r19_1c_exception_2_a_failed_mc_f_shakes_and_disorders_skirmishers_only_shaken() {
    let (r, mut s, a, _) = pair(|w| {
        w.infantry("SK", Side(0), "SK", "S1515", 1);
    });
    let sk = 2;
    s.unit_mut(sk).formation = Formation::Skirmish;
    let mcf = CheckKind::Morale(MC::F);
    check(&r, &mut s, a, mcf, 0, 12);
    assert_eq!(
        (s.unit(a).morale, s.unit(a).disordered),
        (Morale::Shaken, true)
    );
    check(&r, &mut s, sk, mcf, 0, 12);
    assert_eq!(
        (s.unit(sk).morale, s.unit(sk).disordered),
        (Morale::Shaken, false)
    );
    check(&r, &mut s, a, mcf, 0, 12);
    assert_eq!(s.unit(a).morale, Morale::Routed);
}

#[test]
fn r19_1f_a_routed_unit_told_to_check_loses_1_sp_and_retreats() {
    let (r, mut s, a, _) = pair(|_| {});
    s.unit_mut(a).morale = Morale::Routed;
    s.unit_mut(a).formation = Formation::Rout;
    let ev = check(&r, &mut s, a, MCA, 0, 99);
    assert!(checks_in(&ev).is_empty());
    assert_eq!(s.unit(a).sp, 5);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RetreatEnds { hexes: 4, .. }))
    );
}

#[test]
fn r18_2b_a_routed_unit_takes_no_disorder_check() {
    let (r, mut s, a, _) = pair(|_| {});
    s.unit_mut(a).morale = Morale::Routed;
    let ev = check(&r, &mut s, a, DCA, 0, 0);
    assert!(checks_in(&ev).is_empty());
    assert!(!s.unit(a).disordered);
}

#[test]
fn r19_4a_a_mixed_group_checks_on_its_top_infantry_and_all_of_it_shakes() {
    let (r, mut s, a, _) = pair(|w| {
        let gun = w.infantry("GUN", Side(0), "G", "S1010", 1);
        w.units[usize::from(gun)].kind = Kind::Artillery;
    });
    let gun = 2;
    s.unit_mut(gun).formation = Formation::Line;
    let ev = check(&r, &mut s, gun, MCA, 0, 20);
    assert_eq!(checks_in(&ev)[0].0, a);
    assert_eq!(s.unit(a).morale, Morale::Shaken);
    assert_eq!(s.unit(gun).morale, Morale::Shaken);
}

#[test]
fn r19_8_the_standard_modifiers_add_up() {
    // Half strength +10, Shaken and Disordered +15, March Column +5, commander −5, flanked
    // +10, Army Morale +5, woods −5 (the TET): 30 + 35 = 65.
    let (r, mut s, a, b) = pair(|w| {
        let c = w.commander("Dx", Side(0), "S1010", 4, 4);
        w.units[usize::from(c)].er_bonus = -5;
        w.board
            .set_terrain(hex("S1010"), crate::fontenoy::board::Terrain::Woods);
    });
    let mut r = r;
    let t = alloc::sync::Arc::make_mut(&mut r.tables);
    t.terrain[crate::fontenoy::board::Terrain::Woods as usize].morale = [-5, -5];
    let x = s.unit_mut(a);
    x.sp = 3;
    x.morale = Morale::Shaken;
    x.disordered = true;
    x.formation = Formation::MarchColumn;
    put(&mut s, a, hex("S1010"), 2);
    // The enemy in a Flank hex of a March Column facing hexside 2 (north): the NE side.
    put(&mut s, b, toward("S1010", 0, 1), 3);
    s.armies[0].morale_modifier = 5;
    let ev = check(&r, &mut s, a, MCA, 0, 64);
    assert_eq!(checks_in(&ev)[0].1, 65);
}

#[test]
fn r19_8f_a_supported_line_gets_minus_10_flanked_plus_10() {
    let (r, mut s, a, b) = pair(|w| {
        // Friends on both Flank hexes of A (Line facing vertex 1: flanks N and S).
        w.infantry("L", Side(0), "L", "S1009", 1);
        w.infantry("R", Side(0), "R", "S1011", 1);
    });
    put(&mut s, 2, toward("S1010", 2, 1), 1);
    put(&mut s, 3, toward("S1010", 5, 1), 1);
    let ev = check(&r, &mut s, a, MCA, 0, 99);
    assert_eq!(checks_in(&ev)[0].1, 20);
    // An enemy behind (NW): flanked +10 as well.
    put(&mut s, b, toward("S1010", 3, 1), 0);
    let ev = check(&r, &mut s, a, MCA, 0, 99);
    assert_eq!(checks_in(&ev)[0].1, 30);
}

#[test]
fn r19_8g_the_army_morale_modifier_counts_in_morale_checks_only() {
    let (r, mut s, a, _) = pair(|_| {});
    s.armies[0].morale_modifier = 10;
    let ev = check(&r, &mut s, a, MCA, 0, 99);
    assert_eq!(checks_in(&ev)[0].1, 40);
    let ev = check(&r, &mut s, a, DCA, 0, 99);
    assert_eq!(checks_in(&ev)[0].1, 30);
}

#[test]
fn f8_3a_a_special_fail_fails_whatever_the_er_and_fail_star_asks_for_commanders() {
    let (r, mut s, a, _) = pair(|_| {});
    let ev = check(&r, &mut s, a, MCA, -40, 2);
    assert_eq!(checks_in(&ev)[0].2, Some(false));
    assert_eq!(checks_in(&ev)[0].3.as_deref(), Some("Fail"));
    assert_eq!(s.unit(a).morale, Morale::Shaken);
    let ev = check(&r, &mut s, a, DCA, -40, 0);
    assert_eq!(checks_in(&ev)[0].3.as_deref(), Some("Fail*"));
    assert!(s.unit(a).disordered);
}

#[test]
fn f8_3a_a_special_pass_passes_whatever_the_er() {
    let (r, mut s, a, _) = pair(|_| {});
    let ev = check(&r, &mut s, a, MCA, 50, 7);
    assert_eq!(checks_in(&ev)[0].2, Some(true));
    assert_eq!(s.unit(a).morale, Morale::Good);
}

#[test]
fn r19_1a_f8_3a_a_reroll_uses_only_its_own_modifier_and_is_never_special() {
    let (r, mut s, a, _) = pair(|_| {});
    // 03: re-roll at +10, whatever was asked (+40 dropped): ER 40.
    let ev = check(&r, &mut s, a, MCA, 40, 3);
    assert_eq!(checks_in(&ev)[0].2, None);
    assert_eq!(
        s.steps.last(),
        Some(&Step::PlainCheck {
            req: CheckReq {
                unit: a,
                kind: MCA,
                er_mod: 10
            },
            why: Plain::Reroll
        })
    );
    // The second roll of 00 is not Sauve qui peut!: 00 < 40 fails.
    let ev = apply(&r, &mut s, d100(0));
    assert_eq!(checks_in(&ev), alloc::vec![(a, 40, Some(false), None)]);
    assert_eq!(s.unit(a).morale, Morale::Shaken);
}

#[test]
fn r18_1a_r18_6d_a_rally_check_is_never_special() {
    let (r, mut s, a, _) = pair(|_| {});
    s.unit_mut(a).disordered = true;
    // DC(G) at ER 35: 05 fails as a number.
    let ev = check(&r, &mut s, a, CheckKind::Disorder(DC::G), 0, 5);
    assert_eq!(checks_in(&ev), alloc::vec![(a, 35, Some(false), None)]);
}

#[test]
fn f8_3a_mc_g_is_special_only_on_00_and_09() {
    let (r, mut s, a, _) = pair(|_| {});
    let mcg = CheckKind::Morale(MC::G);
    // 05: an ordinary roll below 30: fails and Routs.
    let ev = check(&r, &mut s, a, mcg, 0, 5);
    assert_eq!(checks_in(&ev)[0].3, None);
    assert_eq!(s.unit(a).morale, Morale::Routed);
    let (r, mut s, a, _) = pair(|_| {});
    let ev = check(&r, &mut s, a, mcg, 0, 9);
    assert_eq!(checks_in(&ev)[0].3.as_deref(), Some("Victoire!"));
    assert!(s.unit(a).victoire);
}

#[test]
fn f8_3c_victoire_passes_unshakes_and_helps_later_checks_until_a_failure() {
    let (r, mut s, a, _) = pair(|_| {});
    s.unit_mut(a).morale = Morale::Shaken;
    let ev = check(&r, &mut s, a, MCA, 0, 8);
    assert_eq!(checks_in(&ev)[0].3.as_deref(), Some("Victoire!"));
    assert_eq!(s.unit(a).morale, Morale::Good);
    assert!(s.unit(a).victoire);
    let ev = check(&r, &mut s, a, MCA, 0, 25);
    assert_eq!(checks_in(&ev)[0].1, 20, "ER −10 under Victoire!");
    let ev = check(&r, &mut s, a, MCA, 0, 15);
    assert_eq!(checks_in(&ev)[0].2, Some(false));
    assert!(!s.unit(a).victoire);
    assert_eq!(s.unit(a).morale, Morale::Shaken);
}

#[test]
fn f8_3b_sauve_qui_peut_routs_the_stack_and_friends_within_2_hexes_check() {
    let (r, mut s, a, _) = pair(|w| {
        w.infantry("NEAR", Side(0), "N", "S1012", 1);
        w.infantry("FAR", Side(0), "F", "S1016", 1);
        w.infantry("RT", Side(0), "R", "S1212", 1);
    });
    let (near, far, rt) = (2, 3, 4);
    s.unit_mut(rt).morale = Morale::Routed;
    s.unit_mut(rt).formation = Formation::Rout;
    let ev = check(&r, &mut s, a, MCA, 0, 0);
    assert_eq!(checks_in(&ev)[0].3.as_deref(), Some("Sauve qui peut!"));
    assert_eq!(s.unit(a).morale, Morale::Routed);
    // NEAR checks MC(G), never special, +15 (RT is Routed within 2 hexes of it); FAR not.
    let pending: Vec<(UnitId, i16)> = s
        .steps
        .iter()
        .filter_map(|st| match st {
            Step::PlainCheck {
                req,
                why: Plain::SauveQuiPeut,
            } => Some((req.unit, req.er_mod)),
            _ => None,
        })
        .collect();
    assert_eq!(pending, alloc::vec![(near, 15)]);
    let ev = apply(&r, &mut s, d100(0));
    assert_eq!(checks_in(&ev), alloc::vec![(near, 45, Some(false), None)]);
    assert_eq!(
        s.unit(near).morale,
        Morale::Routed,
        "failing, it Routs outright"
    );
    assert_eq!(s.unit(far).morale, Morale::Good);
}

#[test]
fn r18_6b_r18_6c_rally_from_disorder_in_the_activation() {
    // B (no commander) rallies on DC(G); C with its commander is Formed at once.
    let mut w = World::new();
    let dc = w.commander("Dx", Side(0), "S1010", 6, 9);
    let with = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let alone = w.infantry("2 AAA", Side(0), "AAA", "S1110", 1);
    w.division("X", Side(0), Some(dc), &[with, alone]);
    let e = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2525", 1);
    w.division("Z", Side(1), None, &[e]);
    let (r, mut s) = w.build();
    s.unit_mut(with).disordered = true;
    s.unit_mut(alone).disordered = true;
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    assert!(!s.unit(with).disordered, "18.6b: grouped with a commander");
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: alone,
            kind: CheckKind::Disorder(DC::G),
            er_mod: 0
        }))
    );
    let ev = apply(&r, &mut s, d100(35));
    assert_eq!(checks_in(&ev), alloc::vec![(alone, 35, Some(true), None)]);
    assert!(!s.unit(alone).disordered);
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Fire);
    assert!(s.unit(alone).rally_tried && s.unit(with).rally_tried);
}

#[test]
fn r18_6a_one_rally_attempt_a_turn() {
    let (r, mut s, a, _) = pair(|_| {});
    s.unit_mut(a).disordered = true;
    s.unit_mut(a).rally_tried = true;
    s.unit_mut(a).act = Act::Active;
    s.activation = Some(crate::fontenoy::state::Activation {
        side: Side(0),
        divisions: alloc::vec![0],
        wing: None,
        restricted: false,
        segment: Segment::RallyDisordered,
        designating: false,
        ndcs: Vec::new(),
        independents: Vec::new(),
        attached: Vec::new(),
        moving: Vec::new(),
        voluntary: Vec::new(),
        voluntary_passed: Vec::new(),
        voluntary_eligible: Vec::new(),
        voluntary_done: false,
        fire: Default::default(),
        close: None,
        passed: Vec::new(),
        reordered: Vec::new(),
        by_initiative: Vec::new(),
        rear_exceptions: Vec::new(),
        infernal: false,
        outside: Vec::new(),
        lead: Default::default(),
    });
    s.steps.clear();
    let mut ev = Vec::new();
    r.rally_disordered_segment(&mut s, &mut ev);
    assert!(s.steps.is_empty(), "no second attempt");
    assert!(s.unit(a).disordered);
}

#[test]
fn r18_5a_a_disordered_unit_has_half_its_movement() {
    let (r, mut s, a, _) = pair(|w| {
        w.units[0].mp = 5;
    });
    assert_eq!(r.mpo(&s, a), crate::fontenoy::types::Pts::whole(5));
    s.unit_mut(a).disordered = true;
    assert_eq!(r.mpo(&s, a), crate::fontenoy::types::Pts::whole(3));
}

#[test]
fn r18_7c_r19_4c_grouping_shares_disorder_and_shaken() {
    let (r, mut s, a, _) = pair(|w| {
        w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
    });
    s.unit_mut(2).disordered = true;
    s.unit_mut(a).morale = Morale::Shaken;
    let mut ev = Vec::new();
    let g = r.stack_of(&s, a);
    r.share_condition(&mut s, &g, &mut ev);
    for u in [a, 2] {
        assert!(s.unit(u).disordered);
        assert_eq!(s.unit(u).morale, Morale::Shaken);
    }
}

/// A French Division (commander at S1010, Command Distance 4) of A at S1010 and B at S1210,
/// C far off at S1020; the Allies at S2525. Returns the position at its Movement Segment.
pub(super) fn to_movement_with(extra: impl FnOnce(&mut World)) -> (Fontenoy, State, [UnitId; 3]) {
    let mut w = World::new();
    let dc = w.commander("Dx", Side(0), "S1010", 4, 9);
    let a = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let b = w.infantry("2 AAA", Side(0), "AAA", "S1210", 1);
    let c = w.infantry("3 AAA", Side(0), "AAA", "S1020", 1);
    w.division("X", Side(0), Some(dc), &[a, b, c]);
    let e = w.infantry("1 ZZZ", Side(1), "ZZZ", "S1005", 3);
    w.division("Z", Side(1), None, &[e]);
    extra(&mut w);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    apply(&r, &mut s, Action::EndSegment);
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    (r, s, [a, b, c])
}

fn to_movement() -> (Fontenoy, State, [UnitId; 3]) {
    to_movement_with(|_| {})
}

/// The movement position with woods (a Disorder Check (A) terrain) in the hexes `woods` steps
/// from S1010 (direction, distance).
fn in_woods(woods: &[(u8, u8)]) -> (Fontenoy, State, UnitId) {
    let hexes: Vec<Hex> = woods.iter().map(|&(d, n)| toward("S1010", d, n)).collect();
    let (mut r, s, [a, _, _]) = to_movement_with(|w| {
        for &h in &hexes {
            w.board
                .set_terrain(h, crate::fontenoy::board::Terrain::Woods);
        }
    });
    alloc::sync::Arc::make_mut(&mut r.tables).terrain
        [crate::fontenoy::board::Terrain::Woods as usize]
        .dca = crate::fontenoy::tables::Dca::Yes;
    (r, s, a)
}

pub(super) fn step(r: &Fontenoy, s: &mut State, u: UnitId, to: Hex) {
    apply(
        r,
        s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    );
}

#[test]
fn r19_10a_voluntary_rout_before_any_movement_within_the_command_distance() {
    let (r, s, [a, b, c]) = to_movement();
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::VoluntaryRout { unit: a }));
    assert!(acts.contains(&Action::VoluntaryRout { unit: b }));
    assert!(
        !acts.contains(&Action::VoluntaryRout { unit: c }),
        "10 hexes off"
    );
    // Once a unit has moved, no more.
    let step = acts
        .iter()
        .find(|x| matches!(x, Action::Step { unit, .. } if *unit == b))
        .cloned()
        .expect("B may step");
    let mut s = s;
    apply(&r, &mut s, step);
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|x| matches!(x, Action::VoluntaryRout { .. }))
    );
}

#[test]
fn r19_10a_an_independent_in_command_by_unit_initiative_may_not_rout() {
    // An Independent 1 hex from the Division Commander, who fails his Initiative (19.10a: his
    // units may still rout), no CinC to trace from: it rolls its Unit Initiative (7.4c). Passed, it is In Command by it and may not rout; failed (Out of
    // Command), it may.
    for (roll, offered) in [(99u8, false), (0, true)] {
        let mut w = World::new();
        let dc = w.commander("Dx", Side(0), "S1010", 4, 4);
        let a = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
        w.division("X", Side(0), Some(dc), &[a]);
        let ind = w.infantry("1 IND", Side(0), "IND", "S1110", 1);
        w.independent(ind);
        let e = w.infantry("1 ZZZ", Side(1), "ZZZ", "S1005", 3);
        w.division("Z", Side(1), None, &[e]);
        let (r, mut s) = w.build();
        initiative(&r, &mut s, 6, 1);
        apply(&r, &mut s, Action::ActivateOwn);
        apply(&r, &mut s, Action::Activate { division: 0 });
        apply(&r, &mut s, Action::ActivateIndependent { unit: ind });
        apply(&r, &mut s, Action::EndDesignations);
        while let Some(Step::CommanderInitiative { .. }) = s.steps.last() {
            apply(&r, &mut s, d10(9));
        }
        assert_eq!(s.steps.last(), Some(&Step::UnitInitiative { unit: ind }));
        apply(&r, &mut s, d100(roll));
        assert_eq!(s.unit(ind).command, Some(!offered));
        apply(&r, &mut s, Action::EndSegment);
        assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
        let acts = legal(&r, &s);
        assert!(acts.contains(&Action::VoluntaryRout { unit: a }));
        assert_eq!(
            acts.contains(&Action::VoluntaryRout { unit: ind }),
            offered,
            "roll {roll}"
        );
    }
}

#[test]
fn r19_10c_the_routers_retreat_then_the_others_take_mc_j() {
    let (r, mut s, [a, b, c]) = to_movement();
    let ev = apply(&r, &mut s, Action::VoluntaryRout { unit: a });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Routed { unit, .. } if *unit == a))
    );
    settle(&r, &mut s);
    assert!(hex("S1010").distance(s.unit(a).placed().unwrap().hex()) >= 3);
    assert_eq!(s.unit(a).morale, Morale::Routed);
    // Movement waits for the end of the declarations.
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::EndVoluntaryRouts));
    assert!(
        !acts
            .iter()
            .any(|x| matches!(x, Action::Step { .. } | Action::EndSegment))
    );
    apply(&r, &mut s, Action::EndVoluntaryRouts);
    // B (within the Command Distance) takes MC(J); C does not.
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: b,
            kind: CheckKind::Morale(MC::J),
            er_mod: 0
        }))
    );
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, Step::Check(r) if r.unit == c))
    );
    apply(&r, &mut s, d100(50));
    assert!(legal(&r, &s).contains(&Action::EndSegment));
}

#[test]
fn r19_5c_e60_a_routed_unit_rallies_at_er_plus_15() {
    // ER 32, Routed +15: 47. 31 or less: fails, −1 SP, retreats; 32–46: fails, retreats;
    // 47: Disordered and Shaken.
    for (roll, sp, rallied) in [(31u8, 5u8, false), (46, 6, false), (47, 6, true)] {
        let (r, mut s, a, _) = pair(|w| w.units[0].er = 32);
        s.unit_mut(a).morale = Morale::Routed;
        s.unit_mut(a).formation = Formation::Rout;
        s.steps.clear();
        s.phase = crate::fontenoy::state::Phase::Rally;
        s.rally_first = Some(Side(0));
        s.rally_stage = 1;
        let mut ev = Vec::new();
        r.rally_continue(&mut s, &mut ev);
        let mut ev = apply(&r, &mut s, d100(roll));
        ev.extend(settle(&r, &mut s));
        assert_eq!(checks_in(&ev)[0].1, 47, "roll {roll}");
        assert_eq!(s.unit(a).sp, sp, "roll {roll}");
        if rallied {
            assert_eq!(
                (s.unit(a).morale, s.unit(a).disordered),
                (Morale::Shaken, true)
            );
            assert_eq!(s.steps.last(), Some(&Step::RallyForm { unit: a }));
        } else {
            assert_eq!(s.unit(a).morale, Morale::Routed);
            assert!(
                ev.iter().any(|e| matches!(e, Event::RetreatEnds { .. })),
                "roll {roll}"
            );
        }
    }
}

#[test]
fn r19_5e_a_rallied_unit_chooses_its_formation_and_facing_r19_5b_skirmish_only_shaken() {
    let (r, mut s, a, _) = pair(|w| {
        w.units[0].skirmish = crate::fontenoy::units::Skirmish::Capable;
    });
    s.unit_mut(a).morale = Morale::Shaken;
    s.unit_mut(a).disordered = true;
    s.unit_mut(a).formation = Formation::Rout;
    s.steps.push(Step::RallyForm { unit: a });
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::Rally {
        unit: a,
        formation: Formation::Line,
        facing: 3
    }));
    assert!(acts.contains(&Action::Rally {
        unit: a,
        formation: Formation::MarchColumn,
        facing: 2
    }));
    assert!(!acts.iter().any(|x| matches!(
        x,
        Action::Rally {
            formation: Formation::Square,
            ..
        }
    )));
    apply(
        &r,
        &mut s,
        Action::Rally {
            unit: a,
            formation: Formation::Skirmish,
            facing: 5,
        },
    );
    assert_eq!(s.unit(a).formation, Formation::Skirmish);
    assert_eq!(
        (s.unit(a).morale, s.unit(a).disordered),
        (Morale::Shaken, false)
    );
}

#[test]
fn r19_5a_the_rally_phase_checks_shaken_then_routed_first_side_first() {
    let (r, mut s, a, b) = pair(|w| {
        w.infantry("RT", Side(0), "R", "S0505", 1);
    });
    let rt = 2;
    s.unit_mut(a).morale = Morale::Shaken;
    s.unit_mut(a).disordered = true;
    s.unit_mut(b).morale = Morale::Shaken;
    s.unit_mut(rt).morale = Morale::Routed;
    s.unit_mut(rt).formation = Formation::Rout;
    s.steps.clear();
    let mut ev = Vec::new();
    r.to_rally(&mut s, &mut ev);
    apply(&r, &mut s, d10(3));
    apply(&r, &mut s, d10(7)); // the Allies rally first
    let order = |s: &State| match s.steps.last() {
        Some(Step::Check(req)) => Some(req.unit),
        _ => None,
    };
    assert_eq!(order(&s), Some(b));
    apply(&r, &mut s, d100(99));
    assert_eq!(s.unit(b).morale, Morale::Good);
    assert_eq!(order(&s), Some(a));
    let ev = apply(&r, &mut s, d100(99));
    assert_eq!(checks_in(&ev)[0].1, 45, "Shaken and Disordered +15");
    assert_eq!(
        (s.unit(a).morale, s.unit(a).disordered),
        (Morale::Good, true)
    );
    assert_eq!(order(&s), Some(rt));
    apply(&r, &mut s, d100(99));
    assert_eq!(s.steps.last(), Some(&Step::RallyForm { unit: rt }));
    apply(
        &r,
        &mut s,
        Action::Rally {
            unit: rt,
            formation: Formation::Line,
            facing: 1,
        },
    );
    assert!(
        matches!(s.steps.last(), Some(Step::InitiativeDice { .. })),
        "next turn"
    );
    assert_eq!(s.turn, 1);
}

#[test]
fn r19_9c_a_rally_in_an_enemy_zoc_is_at_plus_10() {
    let (r, mut s, a, b) = pair(|_| {});
    s.unit_mut(a).morale = Morale::Shaken;
    // B faces A: A stands in its Frontal hex.
    put(&mut s, b, toward("S1010", 0, 1), 7);
    let ev = check(&r, &mut s, a, CheckKind::Morale(MC::I), 0, 99);
    let (_, er, _, _) = checks_in(&ev)[0].clone();
    // Shaken +10, EZOC +10; B sits in A's Frontal hex, not a flank.
    assert_eq!(er, 50);
}

#[test]
fn r11_2d_r18_2b_a_unit_that_crossed_woods_takes_dc_a_once_its_move_is_over() {
    let (r, mut s, a) = in_woods(&[(0, 1)]);
    let woods = toward("S1010", 0, 1);
    step(&r, &mut s, a, woods);
    step(&r, &mut s, a, woods.neighbor(Direction::ALL[1]));
    assert!(s.steps.is_empty(), "not before its movement is over");
    apply(&r, &mut s, Action::EndMove { unit: a });
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: a,
            kind: DCA,
            er_mod: 5
        }))
    );
    let ev = apply(&r, &mut s, d100(34));
    assert_eq!(checks_in(&ev), alloc::vec![(a, 35, Some(false), None)]);
    assert!(s.unit(a).disordered);
}

#[test]
fn r11_2d_a_unit_that_stops_in_the_woods_takes_no_check() {
    let (r, mut s, a) = in_woods(&[(0, 1)]);
    step(&r, &mut s, a, toward("S1010", 0, 1));
    apply(&r, &mut s, Action::EndMove { unit: a });
    assert!(s.steps.is_empty());
}

#[test]
fn r11_2e_each_further_woods_hex_adds_5() {
    let first = toward("S1010", 0, 1);
    let second = first.neighbor(Direction::ALL[1]);
    let (r, mut s, a) = {
        let (mut r, s, [a, _, _]) = to_movement_with(|w| {
            w.board
                .set_terrain(first, crate::fontenoy::board::Terrain::Woods);
            w.board
                .set_terrain(second, crate::fontenoy::board::Terrain::Woods);
        });
        alloc::sync::Arc::make_mut(&mut r.tables).terrain
            [crate::fontenoy::board::Terrain::Woods as usize]
            .dca = crate::fontenoy::tables::Dca::Yes;
        (r, s, a)
    };
    step(&r, &mut s, a, first);
    step(&r, &mut s, a, second);
    step(&r, &mut s, a, second.neighbor(Direction::ALL[0]));
    // The segment's end ends the move too (11.1b).
    apply(&r, &mut s, Action::EndSegment);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Check(CheckReq {
            unit: a,
            kind: DCA,
            er_mod: 10
        }))
    );
}

#[test]
fn r18_5b_r9_6a_a_disordered_unit_may_not_about_face() {
    let (r, mut s, [a, _, _]) = to_movement();
    let about = Action::Face { unit: a, facing: 7 };
    assert!(legal(&r, &s).contains(&about));
    s.unit_mut(a).disordered = true;
    assert!(!legal(&r, &s).contains(&about));
    let mut ev = Vec::new();
    assert_eq!(
        r.apply(&mut s.clone(), &about, &mut ev).unwrap_err().rule,
        "9.6a"
    );
}

#[test]
fn r18_5b_r8_1e_a_disordered_square_may_not_move() {
    let (r, mut s, [a, _, _]) = to_movement();
    s.unit_mut(a).formation = Formation::Square;
    assert!(
        legal(&r, &s)
            .iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == a))
    );
    s.unit_mut(a).disordered = true;
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|x| matches!(x, Action::Step { unit, .. } if *unit == a))
    );
}

#[test]
fn r19_5f_a_rally_roll_of_00_09_is_ordinary() {
    let (r, mut s, a, _) = pair(|_| {});
    s.unit_mut(a).morale = Morale::Shaken;
    let ev = check(&r, &mut s, a, CheckKind::Morale(MC::I), 0, 5);
    assert_eq!(checks_in(&ev), alloc::vec![(a, 40, Some(false), None)]);
    assert_eq!(s.unit(a).morale, Morale::Shaken, "19.5a: it stays Shaken");
}

#[test]
fn r19_5d_the_units_of_a_group_that_fail_their_rally_retreat_together() {
    let (r, mut s, a, _) = pair(|w| {
        w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
    });
    let b = 2;
    for u in [a, b] {
        s.unit_mut(u).morale = Morale::Routed;
        s.unit_mut(u).formation = Formation::Rout;
    }
    s.steps.clear();
    s.phase = crate::fontenoy::state::Phase::Rally;
    s.rally_first = Some(Side(0));
    s.rally_stage = 1;
    let mut ev = Vec::new();
    r.rally_continue(&mut s, &mut ev);
    let ev = apply(&r, &mut s, d100(40));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Retreated { .. })),
        "it waits for B's check"
    );
    let mut ev = apply(&r, &mut s, d100(40));
    ev.extend(settle(&r, &mut s));
    let ends = ev
        .iter()
        .filter(|e| matches!(e, Event::RetreatEnds { .. }))
        .count();
    assert_eq!(ends, 1, "one retreat for both");
    assert_eq!(
        s.unit(a).placed().unwrap().hex(),
        s.unit(b).placed().unwrap().hex()
    );
    assert_ne!(s.unit(a).placed().unwrap().hex(), hex("S1010"));
}

#[test]
fn f8_3b_a_stack_in_a_redoubt_that_rolls_sauve_qui_peut_only_checks_again() {
    let (r, mut s, a, _) = pair(|w| {
        w.board
            .set_terrain(hex("S1010"), crate::fontenoy::board::Terrain::Redoubt);
        w.infantry("NEAR", Side(0), "N", "S1012", 1);
    });
    // Inside the redoubt: in General Order in its hex (F-3.5a B, C).
    s.unit_mut(a).formation = Formation::GeneralOrder;
    let ev = check(&r, &mut s, a, MCA, 0, 0);
    assert_eq!(checks_in(&ev)[0].3.as_deref(), Some("Sauve qui peut!"));
    assert_eq!(s.unit(a).morale, Morale::Good);
    assert_eq!(
        s.steps.last(),
        Some(&Step::PlainCheck {
            req: CheckReq {
                unit: a,
                kind: MCA,
                er_mod: 0
            },
            why: Plain::SauveOrigin
        })
    );
    apply(&r, &mut s, d100(99));
    assert_eq!(s.unit(a).morale, Morale::Good);
    assert!(
        !s.steps
            .iter()
            .any(|st| matches!(st, Step::PlainCheck { .. })),
        "no friend checks"
    );
}
