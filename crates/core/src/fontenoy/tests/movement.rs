//! 11.0 Movement: 11.1 steps into Frontal hexes, 11.2 terrain, 11.3 oblique movement, 11.9
//! enemy ZOC, 9.3 facing changes, 10.1a entering occupied hexes, 8.4i General Order.

use super::*;
use crate::fontenoy::state::{Segment, Step};
use crate::fontenoy::types::Pts;
use crate::hex::Direction;

/// A French battalion (4 MP) in a one-hex Line at S1010 facing vertex 1 (its Frontal hexes lie
/// in directions 0 and 1), its Division Commander with it, the CinC in reach; the Allies far
/// off. Returns the rules, the position at the start of its Movement Segment, and the unit.
pub(super) fn mover(extra: impl FnOnce(&mut World)) -> (Fontenoy, State, UnitId) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S1011", 10, 5);
    w.cinc(f, 2, 5);
    let al = w.commander("Cumberland", Side(1), "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", Side(1), "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
    w.division("Z", Side(1), Some(ac), &[au]);
    let dc = w.commander("Dx", Side(0), "S1010", 4, 4);
    let u = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    w.division("X", Side(0), Some(dc), &[u]);
    extra(&mut w);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    apply(&r, &mut s, Action::EndSegment); // fire
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    (r, s, u)
}

fn ahead(from: &str, d: u8) -> Hex {
    hex(from).neighbor(Direction::ALL[usize::from(d)])
}

fn cost_of(ev: &[Event]) -> Pts {
    ev.iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } | Event::Faced { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a move")
}

#[test]
fn r11_1a_a_unit_steps_only_into_its_frontal_hexes() {
    let (r, s, u) = mover(|_| {});
    let steps: Vec<Hex> = legal(&r, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step { unit, to, .. } if unit == u => Some(to),
            _ => None,
        })
        .collect();
    assert_eq!(steps, alloc::vec![ahead("S1010", 0), ahead("S1010", 1)]);
    let mut ev = Vec::new();
    let behind = ahead("S1010", 3);
    let e = r
        .apply(
            &mut s.clone(),
            &Action::Step {
                unit: u,
                to: behind,
                alone: false,
            },
            &mut ev,
        )
        .unwrap_err();
    assert_eq!(e.rule, "11.1a");
}

#[test]
fn r11_3_e26_alternating_sides_is_straight_the_same_side_twice_is_oblique() {
    // 4-MP infantry Line: right, left, right costs 1 each; right then right again pays +1.
    let (r, mut s, u) = mover(|_| {});
    let mut at = hex("S1010");
    for (k, expect) in [(0u8, 1u16), (1, 1), (0, 1)] {
        let to = at.neighbor(Direction::ALL[usize::from(k)]);
        let ev = apply(
            &r,
            &mut s,
            Action::Step {
                unit: u,
                to,
                alone: false,
            },
        );
        assert_eq!(cost_of(&ev), Pts::whole(expect), "step to side {k}");
        at = to;
    }
    let (r, mut s, u) = mover(|_| {});
    let first = ahead("S1010", 0);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: first,
            alone: false,
        },
    );
    let ev = apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: first.neighbor(Direction::ALL[0]),
            alone: false,
        },
    );
    assert_eq!(cost_of(&ev), Pts::whole(2), "oblique: +1");
}

#[test]
fn r11_3d_cavalry_moves_obliquely_for_free() {
    let (r, mut s, u) = mover(|w| {
        let i = w.units.len() - 1;
        w.units[i].kind = Kind::Cavalry;
        w.units[i].mp = 7;
    });
    let first = ahead("S1010", 0);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: first,
            alone: false,
        },
    );
    let ev = apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: first.neighbor(Direction::ALL[0]),
            alone: false,
        },
    );
    assert_eq!(cost_of(&ev), Pts::ONE);
}

#[test]
fn r11_2a_no_step_without_the_mp() {
    let (r, mut s, u) = mover(|_| {});
    let mut at = hex("S1010");
    for k in [0u8, 1, 0, 1] {
        let to = at.neighbor(Direction::ALL[usize::from(k)]);
        apply(
            &r,
            &mut s,
            Action::Step {
                unit: u,
                to,
                alone: false,
            },
        );
        at = to;
    }
    assert_eq!(r.mp_left(&s, u), Pts::ZERO);
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { .. }))
    );
}

#[test]
fn r11_9a_entering_an_enemy_zoc_costs_one_more() {
    // An Allied battalion two hexes ahead, facing back toward the French (vertex 7: its front
    // lies in directions 3 and 4), so the hex between them is in its ZOC.
    let target = ahead("S1010", 0);
    let enemy_at = target.neighbor(Direction::ALL[0]);
    let label = crate::fontenoy::fhex::label(enemy_at);
    let (r, mut s, u) = mover(|w| {
        w.infantry("2 ZZZ", Side(1), "ZZZ", &label, 7);
    });
    let ev = apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: target,
            alone: false,
        },
    );
    assert_eq!(cost_of(&ev), Pts::whole(2));
}

#[test]
fn r9_3a_a_single_hex_line_turns_for_the_chart_cost() {
    let (r, mut s, u) = mover(|_| {});
    // Open-board chart: 1 MP for 60 degrees, 2 for 120.
    let ev = apply(&r, &mut s, Action::Face { unit: u, facing: 3 });
    assert_eq!(cost_of(&ev), Pts::ONE);
    let ev = apply(&r, &mut s, Action::Face { unit: u, facing: 7 });
    assert_eq!(cost_of(&ev), Pts::whole(2));
    assert_eq!(s.unit(u).placed().unwrap().facing.index(), 7);
}

#[test]
fn r10_1a_e21_no_entry_to_an_occupied_hex_without_the_mp_to_comply() {
    // A friendly battalion of another regiment, facing another way, stands ahead. The mover
    // spends 3 of its 4 MP turning (ending facing vertex 11, whose front still includes the
    // hex ahead): its last MP would take it in, where it could neither group (the facings
    // differ) nor go on.
    let target = ahead("S1010", 0);
    let label = crate::fontenoy::fhex::label(target);
    let (r, mut s, u) = mover(|w| {
        w.infantry("1 QQQ", Side(0), "QQQ", &label, 5);
    });
    for f in [3, 1, 11] {
        apply(&r, &mut s, Action::Face { unit: u, facing: f });
    }
    assert_eq!(r.mp_left(&s, u), Pts::ONE);
    let mut ev = Vec::new();
    let e = r
        .apply(
            &mut s.clone(),
            &Action::Step {
                unit: u,
                to: target,
                alone: false,
            },
            &mut ev,
        )
        .unwrap_err();
    assert_eq!(e.rule, "10.1a");
    // With MP to spare it may pass through.
    let (r, s, u) = mover(|w| {
        w.infantry("1 QQQ", Side(0), "QQQ", &label, 5);
    });
    assert!(legal(&r, &s).contains(&Action::Step {
        unit: u,
        to: target,
        alone: false
    }));
}

#[test]
fn r8_4i_infantry_entering_a_town_adopts_general_order_and_stops() {
    let target = ahead("S1010", 0);
    let (mut r, mut s, u) = mover(|w| {
        w.board
            .set_terrain(target, crate::fontenoy::board::Terrain::Town);
    });
    let mut t = (*r.tables).clone();
    t.terrain[crate::fontenoy::board::Terrain::Town as usize].general_order =
        crate::fontenoy::tables::GoFor::All;
    r.tables = alloc::sync::Arc::new(t);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: target,
            alone: false,
        },
    );
    assert_eq!(s.unit(u).formation, Formation::GeneralOrder);
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u))
    );
}

#[test]
fn r11_1b_a_group_moves_together_or_a_unit_leaves_it() {
    let (r, mut s, u) = mover(|w| {
        let x = w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
        w.org.divisions[1].units.push(x);
        w.org.division_of[usize::from(x)] = Some(1);
    });
    let to = ahead("S1010", 0);
    let l = legal(&r, &s);
    assert!(l.contains(&Action::Step {
        unit: u,
        to,
        alone: false
    }));
    assert!(l.contains(&Action::Step {
        unit: u,
        to,
        alone: true
    }));
    let ev = apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to,
            alone: false,
        },
    );
    assert!(matches!(ev[0], Event::Moved { group: 2, .. }));
}

#[test]
fn r6_1b_a_cinc_who_moves_costs_two_from_the_command_rating() {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S1011", 10, 5);
    w.units[usize::from(f)].mp = 6;
    w.cinc(f, 2, 5);
    let al = w.commander("Cumberland", Side(1), "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", Side(1), "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
    w.division("Z", Side(1), Some(ac), &[au]);
    let dc = w.commander("Dx", Side(0), "S1010", 4, 4);
    let u = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    w.division("X", Side(0), Some(dc), &[u]);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::ActivateCommander { commander: f });
    apply(&r, &mut s, Action::EndDesignations);
    apply(&r, &mut s, Action::EndSegment); // fire
    assert!(!s.armies[0].cinc_moved);
    let to = hex("S1011").neighbor(Direction::ALL[5]);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: f,
            to,
            alone: false,
        },
    );
    assert!(s.armies[0].cinc_moved);
    // The next initiative: French 4 + (2 - 2) = 4 against Allied 3 + 1 = 4, a tie.
    apply(&r, &mut s, Action::EndSegment); // movement
    apply(&r, &mut s, Action::EndSegment); // close combat
    let ev = initiative(&r, &mut s, 4, 3);
    assert!(ev.contains(&Event::Reroll { double_zero: false }));
}
