//! F-7.1e A: the Infernal Column's Lines and Hooks sidle into their Flank hexes, and its Hooks
//! move rearward.

use super::infernal::{Cast, cast, options};
use super::multihex::{dir, facing, placed, refused};
use super::*;
use crate::fontenoy::geometry::{HookSide, line_hexes};
use crate::fontenoy::state::{InfernalChoice, Place};
use crate::fontenoy::types::Pts;

/// The column declared and activated, its designations over (the Movement Segment), with the
/// battalion beside Cumberland (1 ENE) in `formation` at `p` with 8 MP.
fn sidler(formation: Formation, p: Placed) -> (Fontenoy, State, Cast) {
    let (mut w, c) = cast();
    w.units[usize::from(c.e_near)].mp = 8;
    w.unit_state[usize::from(c.e_near)].formation = formation;
    w.unit_state[usize::from(c.e_near)].place = Place::Map(p);
    let (mut r, mut s) = w.build();
    options(&mut r, &["7.1"]);
    s.steps.clear();
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Activate));
    apply(&r, &mut s, Action::EndDesignations);
    while legal(&r, &s).contains(&Action::EndSegment)
        && !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { .. }))
    {
        apply(&r, &mut s, Action::EndSegment);
    }
    (r, s, c)
}

fn line_at(h: &str, n: usize) -> Placed {
    Placed {
        hexes: line_hexes(hex(h), facing(1), n).unwrap(),
        facing: facing(1),
        hook: None,
    }
}

fn sidle_cost(ev: &[Event]) -> Pts {
    ev.iter()
        .find_map(|e| match e {
            Event::Sidled { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a sidle")
}

#[test]
fn f7_1e_a_a_line_of_the_infernal_column_sidles_into_its_flank_hex() {
    let (r, mut s, c) = sidler(Formation::Line, line_at("S2012", 1));
    let u = c.e_near;
    // Facing vertex 1: the Flank hexes lie toward directions 2 (left) and 5 (right).
    let left = hex("S2012").neighbor(dir(2));
    let right = hex("S2012").neighbor(dir(5));
    let choices = legal(&r, &s);
    assert!(choices.contains(&Action::Sidle { unit: u, to: left }));
    assert!(choices.contains(&Action::Sidle { unit: u, to: right }));
    let ev = apply(&r, &mut s, Action::Sidle { unit: u, to: left });
    assert_eq!(sidle_cost(&ev), Pts::whole(2), "Open 1 + 1");
    assert_eq!(placed(&s, u).hexes.as_slice(), &[left]);
    assert_eq!(placed(&s, u).facing, facing(1), "the facing is kept");
    assert_eq!(r.mp_left(&s, u), Pts::whole(6));
    assert_eq!(
        r.describe(&ev[0]),
        alloc::format!(
            "{} sidles into {} for 2 MP, keeping its facing (F-7.1e A)",
            r.unit_name(u),
            r.label(left)
        )
    );
    assert_eq!(ev[0].rule_of(), "F-7.1e A");
}

#[test]
fn f7_1e_a_a_multi_hex_line_moves_every_hex_one_hex_along_its_flank() {
    let (r, mut s, c) = sidler(Formation::Line, line_at("S2013", 2));
    let u = c.e_near;
    let before = placed(&s, u);
    let right = hex("S2013").neighbor(dir(5));
    let ev = apply(&r, &mut s, Action::Sidle { unit: u, to: right });
    assert_eq!(sidle_cost(&ev), Pts::whole(2));
    let after: Vec<Hex> = before
        .hexes
        .as_slice()
        .iter()
        .map(|h| h.neighbor(dir(5)))
        .collect();
    assert_eq!(placed(&s, u).hexes.as_slice(), after.as_slice());
    assert_eq!(placed(&s, u).facing, facing(1));
    // Not a Flank hex: refused with the rule.
    let ahead = placed(&s, u).hex().neighbor(dir(0));
    assert_eq!(
        refused(&r, &s, Action::Sidle { unit: u, to: ahead }).rule,
        "F-7.1e A"
    );
}

#[test]
fn f7_1e_a_only_the_column_s_infantry_in_line_or_hook_sidles() {
    // A March Column of the column does not sidle.
    let (r, s, c) = sidler(Formation::MarchColumn, Placed::at(hex("S2012"), facing(0)));
    let u = c.e_near;
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Sidle { .. }))
    );
    let to = hex("S2012").neighbor(dir(2));
    assert_eq!(
        refused(&r, &s, Action::Sidle { unit: u, to }).rule,
        "F-7.1e A"
    );
    // The Division's battalion beyond Cumberland's 3 hexes is not the column's.
    let (r, mut s, c) = sidler(Formation::Line, line_at("S2012", 1));
    let far = c.e_far;
    s.unit_mut(far).place = Place::Map(line_at("S2024", 1));
    let to = hex("S2024").neighbor(dir(2));
    let e = refused(&r, &s, Action::Sidle { unit: far, to });
    assert!(e.rule == "F-7.1e A" || e.rule == "11.0", "{e:?}");
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Sidle { unit, .. } if *unit == far))
    );
}

#[test]
fn f7_1e_a_a_unit_that_sidles_moves_forward_or_rearward_not_both() {
    // Sidle, then a forward step: no rearward move after.
    let (r, mut s, c) = sidler(Formation::Line, line_at("S2012", 1));
    let u = c.e_near;
    let left = hex("S2012").neighbor(dir(2));
    apply(&r, &mut s, Action::Sidle { unit: u, to: left });
    let ahead = left.neighbor(dir(0));
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: ahead,
            alone: false,
        },
    );
    let rear = ahead.neighbor(dir(3));
    assert_eq!(
        refused(&r, &s, Action::Rearward { unit: u, to: rear }).rule,
        "F-7.1e A"
    );
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Rearward { .. }))
    );
    // Sidle, then a rearward move: no forward step after.
    let (r, mut s, c) = sidler(Formation::Line, line_at("S2012", 1));
    apply(&r, &mut s, Action::Sidle { unit: u, to: left });
    let rear = left.neighbor(dir(3));
    let ev = apply(&r, &mut s, Action::Rearward { unit: u, to: rear });
    assert!(ev.iter().any(|e| matches!(e, Event::MovedRearward { .. })));
    let ahead = rear.neighbor(dir(1));
    assert_eq!(
        refused(
            &r,
            &s,
            Action::Step {
                unit: c.e_near,
                to: ahead,
                alone: false
            }
        )
        .rule,
        "F-7.1e A"
    );
}

#[test]
fn f7_1e_a_no_sidling_on_forced_march() {
    let (r, mut s, c) = sidler(Formation::Line, line_at("S2012", 1));
    let u = c.e_near;
    apply(&r, &mut s, Action::ForcedMarch { unit: u });
    let left = hex("S2012").neighbor(dir(2));
    assert_eq!(
        refused(&r, &s, Action::Sidle { unit: u, to: left }).rule,
        "F-7.1e A"
    );
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Sidle { .. }))
    );
}

#[test]
fn f7_1e_a_the_column_s_hooks_sidle_and_move_rearward() {
    let hook = Placed {
        hook: Some(HookSide::Right),
        ..line_at("S2012", 1)
    };
    let (r, mut s, c) = sidler(Formation::Hook, hook);
    let u = c.e_near;
    let rear = hex("S2012").neighbor(dir(3));
    let choices = legal(&r, &s);
    assert!(choices.contains(&Action::Rearward { unit: u, to: rear }));
    let left = hex("S2012").neighbor(dir(2));
    assert!(choices.contains(&Action::Sidle { unit: u, to: left }));
    let mut t = s.clone();
    let ev = apply(&r, &mut t, Action::Sidle { unit: u, to: left });
    assert_eq!(
        sidle_cost(&ev),
        Pts::whole(3),
        "Open 1, +1 for a Hook (11.2f), +1"
    );
    assert_eq!(placed(&t, u).hook, Some(HookSide::Right));
    let ev = apply(&r, &mut s, Action::Rearward { unit: u, to: rear });
    assert!(ev.iter().any(|e| matches!(e, Event::MovedRearward { .. })));
    assert_eq!(placed(&s, u).hook, Some(HookSide::Right), "still a Hook");
    assert_eq!(s.unit(u).formation, Formation::Hook);
    assert_eq!(
        r.mp_left(&s, u),
        Pts::whole(5),
        "Open 1, +1 for a Hook (11.2f), +1 rearward (11.7a)"
    );
}
