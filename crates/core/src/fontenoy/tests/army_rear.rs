//! F-5.4c (option `5.4c-rearward`): a retreating army moves rearward unless its player
//! declares one of the rule's three exceptions for a unit.

use super::checks::toward;
use super::close::refused;
use super::infernal::options;
use super::movement::mover;
use super::*;
use crate::fontenoy::FRENCH;
use crate::fontenoy::board::Place as MapPlace;

/// `mover`'s French battalion at S1010 (Frontal hexes in directions 0 and 1), the French rear
/// twenty hexes away in direction 0.
fn rear_mover() -> (Fontenoy, State, UnitId) {
    mover(|w| {
        w.board.places.push(MapPlace {
            id: "french-retreat-exits".into(),
            name: "rear".into(),
            kind: "exit".into(),
            hexes: alloc::vec![toward("S1010", 0, 20)],
        });
    })
}

fn rear_distance(r: &Fontenoy, s: &State, h: crate::hex::Hex) -> u32 {
    let _ = s;
    r.rear_of(FRENCH)
        .iter()
        .map(|&x| x.distance(h))
        .min()
        .expect("the French have a rear")
}

fn steps_of(r: &Fontenoy, s: &State, u: UnitId) -> Vec<crate::hex::Hex> {
    legal(r, s)
        .iter()
        .filter_map(|a| match a {
            Action::Step { unit, to, .. } if *unit == u => Some(*to),
            _ => None,
        })
        .collect()
}

#[test]
fn f5_4c_a_retreating_army_moves_rearward_unless_an_exception_is_declared() {
    let (mut r, mut s, u) = rear_mover();
    s.victory.retreating[0] = true;
    options(&mut r, &["5.4"]);
    let here = s.unit(u).placed().map(|p| p.hex()).expect("on the map");
    let before = rear_distance(&r, &s, here);
    // Without the option the steps are free: some lead away from the rear.
    let free = steps_of(&r, &s, u);
    let away = *free
        .iter()
        .find(|&&h| rear_distance(&r, &s, h) >= before)
        .expect("a step that does not go rearward");
    options(&mut r, &["5.4", "5.4c-rearward"]);
    let bound = steps_of(&r, &s, u);
    assert!(!bound.contains(&away));
    assert!(
        bound.iter().all(|&h| rear_distance(&r, &s, h) < before),
        "{bound:?}"
    );
    let step = Action::Step {
        unit: u,
        to: away,
        alone: false,
    };
    assert_eq!(refused(&r, &s, step.clone()).rule, "F-5.4c");
    // The three exceptions are offered; a fourth is refused.
    let acts = legal(&r, &s);
    for exception in 1..=3 {
        assert!(acts.contains(&Action::RearException { unit: u, exception }));
    }
    assert_eq!(
        refused(
            &r,
            &s,
            Action::RearException {
                unit: u,
                exception: 4
            }
        )
        .rule,
        "F-5.4c"
    );
    // Declared (here 2, an especially vulnerable enemy), logged, the unit moves freely.
    let ev = apply(
        &r,
        &mut s,
        Action::RearException {
            unit: u,
            exception: 2,
        },
    );
    assert!(ev.contains(&Event::RearException {
        unit: u,
        exception: 2
    }));
    assert!(!legal(&r, &s).contains(&Action::RearException {
        unit: u,
        exception: 1
    }));
    apply(&r, &mut s, step);
    // An army not in retreat is never bound.
    let (mut r, s, u) = rear_mover();
    options(&mut r, &["5.4", "5.4c-rearward"]);
    assert!(!r.retreating(&s, FRENCH));
    assert!(steps_of(&r, &s, u).contains(&away));
}
