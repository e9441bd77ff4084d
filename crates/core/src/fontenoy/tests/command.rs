//! 6.2 Regimental Integrity, 6.4 Attachment, 6.6 Independents, 7.1–7.3 Lines of Command, 7.4
//! Commander and Unit Initiative, 7.5 automatic In Command, 7.6 status.

use super::*;
use crate::fontenoy::command::loc::Tracer;
use crate::fontenoy::event::CommandBy;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Act, Step};
use crate::fontenoy::types::{Morale, Pts};

/// A French army whose CinC is far away: one Division (commander `dc` at S1010, CD 4) whose
/// units each test places; an Allied army with one Division far off.
fn division_world() -> (World, UnitId) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0101", 2, 5);
    w.cinc(f, 2, 5);
    let dc = w.commander("Dx", Side(0), "S1010", 4, 4);
    let al = w.commander("Cumberland", Side(1), "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", Side(1), "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
    w.division("Z", Side(1), Some(ac), &[au]);
    (w, dc)
}

/// Activates a French Division (built after the Allied one) and ends the designations; its
/// commander, beyond the CinC's reach, passes his Initiative roll.
fn activate_french(r: &Fontenoy, s: &mut State, division: DivId) -> Vec<Event> {
    initiative(r, s, 6, 1);
    apply(r, s, Action::ActivateOwn);
    apply(r, s, Action::Activate { division });
    let mut ev = apply(r, s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. }) = s.steps.last() {
        ev.extend(apply(r, s, d10(0)));
    }
    ev
}

fn status(ev: &[Event], u: UnitId) -> Option<CommandBy> {
    ev.iter().find_map(|e| match e {
        Event::Command { unit, by } if *unit == u => Some(*by),
        _ => None,
    })
}

#[test]
fn r7_2b_active_friendly_hexes_cost_half() {
    // S1010 (commander with A-1), then S1009, S1008, S1007, S1006 (one active unit each):
    // ½ a step from an activated unit's hex into another; S1006 is reached for 2.
    let (mut w, dc) = division_world();
    let mut units = alloc::vec![w.infantry("1 AAA", Side(0), "AAA", "S1010", 1)];
    for (i, h) in ["S1009", "S1008", "S1007", "S1006"].iter().enumerate() {
        units.push(w.infantry(
            &alloc::format!("B{i}"),
            Side(0),
            &alloc::format!("B{i}"),
            h,
            1,
        ));
    }
    w.division("X", Side(0), Some(dc), &units);
    let (r, mut s) = w.build();
    let ev = activate_french(&r, &mut s, 1);
    let o = Occupancy::build(&r, &s);
    let reach = r.loc_reach(&s, &o, dc, Tracer::Division);
    assert_eq!(reach.get(&hex("S1006")), Some(&Pts::whole(2)));
    for &u in &units {
        assert_eq!(status(&ev, u), Some(CommandBy::Loc));
    }
}

#[test]
fn r7_2b_a_routed_units_hex_costs_two_and_e07_puts_the_unit_beyond_out_of_command() {
    // Commander (CD 4) alone at S1010, C-1 at S1009, B-2 at S1006: with C-1 in Good Order the
    // line costs 1 + 1 + 1 + 1 = 4; with C-1 Routed its hex costs 2, so 5 > 4 puts B-2 Out of
    // Command (E07's point, in a layout of our own: the figure is missing).
    let build = |routed: bool| {
        let (mut w, dc) = division_world();
        let c1 = w.infantry("1 CCC", Side(0), "CCC", "S1009", 1);
        let b2 = w.infantry("2 BBB", Side(0), "BBB", "S1006", 1);
        w.division("X", Side(0), Some(dc), &[c1, b2]);
        if routed {
            w.unit_state[usize::from(c1)].morale = Morale::Routed;
        }
        (w.build(), b2)
    };
    let ((r, mut s), b2) = build(false);
    let ev = activate_french(&r, &mut s, 1);
    assert_eq!(status(&ev, b2), Some(CommandBy::Loc), "1 + 1 + 1 + 1 = 4");
    let ((r, mut s), b2) = build(true);
    let ev = activate_french(&r, &mut s, 1);
    assert_eq!(
        status(&ev, b2),
        Some(CommandBy::None),
        "2 + 1 + 1 + 1 = 5 > 4"
    );
}

#[test]
fn r7_2b_a_hex_with_active_and_unactivated_units_costs_one() {
    let (mut w, dc) = division_world();
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let a2 = w.infantry("2 AAA", Side(0), "AAA", "S1009", 1);
    let other = w.infantry("1 QQQ", Side(0), "QQQ", "S1009", 1);
    w.division("X", Side(0), Some(dc), &[a1, a2]);
    w.division("Q", Side(0), None, &[other]);
    let (r, mut s) = w.build();
    activate_french(&r, &mut s, 1);
    let o = Occupancy::build(&r, &s);
    let reach = r.loc_reach(&s, &o, dc, Tracer::Division);
    assert_eq!(reach.get(&hex("S1009")), Some(&Pts::ONE));
}

#[test]
fn r7_2c_regimental_integrity_costs_nothing_between_battalions() {
    let (mut w, dc) = division_world();
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let a2 = w.infantry("2 AAA", Side(0), "AAA", "S1009", 1);
    let a3 = w.infantry("3 AAA", Side(0), "AAA", "S1008", 1);
    w.division("X", Side(0), Some(dc), &[a1, a2, a3]);
    let (r, mut s) = w.build();
    activate_french(&r, &mut s, 1);
    let o = Occupancy::build(&r, &s);
    let reach = r.loc_reach(&s, &o, dc, Tracer::Division);
    // 7.2d: grouped with a unit of a regiment keeping integrity, the commander is present in
    // every hex of the regiment's chain.
    assert_eq!(reach.get(&hex("S1008")), Some(&Pts::ZERO));
    assert_eq!(reach.get(&hex("S1007")), Some(&Pts::ONE));
}

#[test]
fn r6_2c_e04_a_grouped_unit_of_another_regiment_breaks_integrity() {
    let (mut w, dc) = division_world();
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let b1 = w.infantry("1 BBB", Side(0), "BBB", "S1010", 1);
    let a2 = w.infantry("2 AAA", Side(0), "AAA", "S1009", 1);
    w.division("X", Side(0), Some(dc), &[a1, b1, a2]);
    let (r, s) = w.build();
    let o = Occupancy::build(&r, &s);
    assert!(!r.keeps_integrity(&s, &o, a1));
    assert!(r.keeps_integrity(&s, &o, a2));
    // With an Independent unit in B's place, both A battalions keep it.
    let (mut w, dc) = division_world();
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let ind = w.infantry("IND", Side(0), "IND", "S1010", 1);
    let a2 = w.infantry("2 AAA", Side(0), "AAA", "S1009", 1);
    w.division("X", Side(0), Some(dc), &[a1, a2]);
    w.independent(ind);
    let (r, s) = w.build();
    let o = Occupancy::build(&r, &s);
    assert!(r.keeps_integrity(&s, &o, a1));
    assert!(r.keeps_integrity(&s, &o, a2));
}

#[test]
fn r6_2b_a_routed_unit_gives_no_integrity() {
    let (mut w, dc) = division_world();
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let a2 = w.infantry("2 AAA", Side(0), "AAA", "S1009", 1);
    w.division("X", Side(0), Some(dc), &[a1, a2]);
    w.unit_state[usize::from(a2)].morale = Morale::Routed;
    let (r, s) = w.build();
    let o = Occupancy::build(&r, &s);
    assert!(!r.keeps_integrity(&s, &o, a2));
}

#[test]
fn r7_1_enemy_units_and_uncovered_enemy_zoc_block_the_line() {
    let (mut w, dc) = division_world();
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    w.division("X", Side(0), Some(dc), &[a1]);
    // An Allied battalion at S1008 (facing the vertex toward S1009's side): its hex blocks,
    // and so do its Frontal hexes unless a friendly non-Routed unit stands there.
    w.infantry("2 ZZZ", Side(1), "ZZZ", "S1008", 1);
    let (r, s) = w.build();
    let o = Occupancy::build(&r, &s);
    let reach = r.loc_reach(&s, &o, dc, Tracer::Division);
    assert!(!reach.contains_key(&hex("S1008")));
    let frontal: Vec<Hex> = hex("S1008")
        .neighbors()
        .into_iter()
        .filter(|&h| o.ezoc(&r, h, Side(0)))
        .collect();
    assert_eq!(frontal.len(), 2, "a one-hex Line has two Frontal hexes");
    for h in frontal {
        assert!(!reach.contains_key(&h), "uncovered EZOC {h:?} blocks");
    }
}

#[test]
fn r7_3b_army_commander_lines_cost_half_along_a_road() {
    let (mut w, _) = division_world();
    let board = &mut w.board;
    // A road from S0101 south: S0101-S0102-S0103.
    let d = hex("S0101").direction_to(hex("S0102")).unwrap();
    board.add_side(hex("S0101"), d, crate::fontenoy::board::side::ROAD, false);
    board.add_side(hex("S0102"), d, crate::fontenoy::board::side::ROAD, false);
    let (r, s) = w.build();
    let o = Occupancy::build(&r, &s);
    let reach = r.loc_reach_within(&s, &o, 0, Tracer::ArmyOrWing, Pts::whole(5));
    assert_eq!(
        reach.get(&hex("S0103")),
        Some(&Pts::ONE),
        "½ + ½ along the road"
    );
    assert_eq!(
        reach.get(&hex("S0104")),
        Some(&Pts::whole(2)),
        "then 1 off it"
    );
}

#[test]
fn r7_4a_a_division_commander_without_a_line_rolls_his_initiative() {
    let (mut w, dc) = division_world();
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    w.division("X", Side(0), Some(dc), &[a1]);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::EndDesignations);
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderInitiative { commander: dc })
    );
    let ev = apply(&r, &mut s, d10(5)); // 5 > rating 4
    assert!(ev.contains(&Event::InitiativeCheck {
        unit: dc,
        roll: 5,
        rating: 4,
        passed: false
    }));
    assert_eq!(status(&ev, dc), Some(CommandBy::None));
    // 7.6a: his own units still trace their line from him.
    assert_eq!(status(&ev, a1), Some(CommandBy::Loc));
}

#[test]
fn r7_4c_e09_an_independent_beyond_every_line_rolls_its_own_initiative() {
    let (mut w, dc) = division_world();
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    w.division("X", Side(0), Some(dc), &[a1]);
    let ind = w.infantry("IND", Side(0), "IND", "S1020", 1);
    w.independent(ind);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::ActivateIndependent { unit: ind });
    apply(&r, &mut s, Action::EndDesignations);
    // The Division Commander fails his own roll; the Independent still gets its chance.
    apply(&r, &mut s, d10(9));
    assert_eq!(s.steps.last(), Some(&Step::UnitInitiative { unit: ind }));
    let ev = apply(&r, &mut s, d100(30)); // 30 ≥ ER 30
    assert_eq!(status(&ev, ind), Some(CommandBy::Initiative));
    assert_eq!(
        s.activation.as_ref().unwrap().segment,
        crate::fontenoy::state::Segment::Fire
    );
}

#[test]
fn r7_5a_a_unit_grouped_with_its_cinc_is_in_command() {
    let (mut w, dc) = division_world();
    // The unit with the CinC at S0101, far from its Division Commander.
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S0101", 1);
    w.division("X", Side(0), Some(dc), &[a1]);
    let (r, mut s) = w.build();
    let ev = activate_french(&r, &mut s, 1);
    assert_eq!(status(&ev, a1), Some(CommandBy::Grouped));
}

#[test]
fn r6_4c_e06_a_regiment_joined_by_integrity_may_be_attached() {
    // Regiment A of Division X; the Wing Commander grouped with A-1; A-2
    // adjacent to. Division Y activates with the Wing Commander.
    let (mut w, dc) = division_world();
    let wc = w.commander("W", Side(0), "S1510", 6, 3);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1510", 1);
    let a2 = w.infantry("2 AAA", Side(0), "AAA", "S1509", 1);
    let a3 = w.infantry("3 AAA", Side(0), "AAA", "S1508", 1);
    let y1 = w.infantry("1 YYY", Side(0), "YYY", "S1010", 1);
    let x = w.division("X", Side(0), None, &[a1, a2, a3]);
    let y = w.division("Y", Side(0), Some(dc), &[y1]);
    w.wing("W", Side(0), wc, &[x, y]);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: y });
    assert!(
        !legal(&r, &s).contains(&Action::Attach { unit: a1 }),
        "the WC is not yet activated"
    );
    apply(&r, &mut s, Action::ActivateCommander { commander: wc });
    let l = legal(&r, &s);
    for u in [a1, a2, a3] {
        assert!(l.contains(&Action::Attach { unit: u }), "{u} attachable");
    }
    apply(&r, &mut s, Action::Attach { unit: a2 });
    assert_eq!(s.unit(a2).act, Act::Active);
    assert!(!legal(&r, &s).contains(&Action::Attach { unit: a2 }));
    let ev = apply(&r, &mut s, Action::EndDesignations);
    let ev: Vec<Event> = ev
        .into_iter()
        .chain(if s.steps.is_empty() {
            Vec::new()
        } else {
            apply(&r, &mut s, d10(0))
        })
        .collect();
    assert_eq!(status(&ev, a2), Some(CommandBy::Attached), "7.5c");
}

#[test]
fn r6_6a_independents_and_commanders_activate_once_a_turn() {
    let (mut w, dc) = division_world();
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    w.division("X", Side(0), Some(dc), &[a1]);
    let ind = w.infantry("IND", Side(0), "IND", "S1011", 1);
    w.independent(ind);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::ActivateIndependent { unit: ind });
    let mut ev = Vec::new();
    let e = r
        .apply(
            &mut s.clone(),
            &Action::ActivateIndependent { unit: ind },
            &mut ev,
        )
        .unwrap_err();
    assert_eq!(e.rule, "6.6a");
}

/// F-10.1a F: the French Division of the fixture led by a commander with Ingoldsby's counter
/// id, who fails his Initiative roll (Out of Command); one battalion next to him. The status
/// the battalion gets, with option `10.1a-f` on or off.
fn ingoldsby_unit_status(option: bool) -> Option<CommandBy> {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0101", 2, 5);
    w.cinc(f, 2, 5);
    let dc = w.commander("AL Ingoldsby", Side(0), "S1010", 4, 4);
    let al = w.commander("Cumberland", Side(1), "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", Side(1), "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
    w.division("Z", Side(1), Some(ac), &[au]);
    let u = w.infantry("1 AAA", Side(0), "AAA", "S1011", 1);
    w.division("X", Side(0), Some(dc), &[u]);
    let (mut r, mut s) = w.build();
    if option {
        let sr = alloc::sync::Arc::make_mut(&mut r.scenario_rules);
        sr.options_on = alloc::vec!["10.1a-f".to_string()];
    }
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    let mut ev = apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. }) = s.steps.last() {
        ev.extend(apply(&r, &mut s, d10(9)));
    }
    assert_eq!(s.unit(dc).command, Some(false), "{ev:?}");
    status(&ev, u)
}

#[test]
fn f10_1a_f_r7_6e_ingoldsby_out_of_command_puts_his_units_out_of_command() {
    // Without the option his lines still reach the battalion (7.6a: a unit is not Out of
    // Command because its commander is).
    assert_eq!(ingoldsby_unit_status(false), Some(CommandBy::Loc));
    assert_eq!(ingoldsby_unit_status(true), Some(CommandBy::None));
}
