//! F-6.9c C (option `6.9`): the captured King sent off alone by his captors with 6 MP.

use super::options_commanders::{king_alone, king_hex, step_into};
use super::*;
use crate::engine::Actor;
use crate::fontenoy::ALLIED;
use crate::fontenoy::state::Step;

/// The King at S1011 captured by the Allied cavalry; the Loss Roll made.
fn captured() -> (Fontenoy, State, [UnitId; 4]) {
    let (r, mut s, u) = king_alone();
    let ev = step_into(&r, &mut s, u[2], "S1011");
    assert!(ev.contains(&Event::KingCaptured {
        king: u[0],
        by: u[2]
    }));
    assert_eq!(s.steps.last(), Some(&Step::KingCheck { loss_roll: true }));
    apply(&r, &mut s, d10(5));
    (r, s, u)
}

#[test]
fn f6_9c_c_his_captors_may_send_him_off_alone_with_6_mp() {
    let (r, mut s, [king, fra, cav, _]) = captured();
    // After the Loss Roll the Allied player chooses: send him off or keep him.
    assert!(matches!(
        s.steps.last(),
        Some(Step::SendKing { moved: false, .. })
    ));
    assert_eq!(r.actor(&s), Actor::Player(ALLIED));
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::EndSendKing));
    assert!(acts.contains(&Action::SendKing { to: hex("S1012") }));
    // Not into a hex holding a unit (his own army would recover him), nor into a French ZOC.
    assert!(!acts.contains(&Action::SendKing { to: hex("S1010") }));
    let before = s.clone();
    let mut ev = Vec::new();
    assert!(
        r.apply(&mut s, &Action::SendKing { to: hex("S1010") }, &mut ev)
            .is_err()
    );
    assert!(
        r.apply(&mut s, &Action::SendKing { to: hex("S1013") }, &mut ev)
            .is_err()
    );
    assert_eq!(s, before, "refused, nothing changed");
    // He goes off alone, one hex at a time, paying a commander's costs.
    let ev = apply(&r, &mut s, Action::SendKing { to: hex("S1012") });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::KingSent { king: k, .. } if *k == king))
    );
    assert_eq!(king_hex(&s, king), Some(hex("S1012")));
    assert!(
        r.king_held(&s) && s.king.escort.is_none(),
        "no longer with his captors"
    );
    let mut steps = 1;
    while let Some(&to) = legal(&r, &s).iter().find_map(|a| match a {
        Action::SendKing { to } if *to != hex("S1011") && king_hex(&s, king) != Some(*to) => {
            Some(to)
        }
        _ => None,
    }) {
        apply(&r, &mut s, Action::SendKing { to });
        steps += 1;
        assert!(steps <= 6, "6 MP at most");
    }
    assert!(steps >= 2);
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::EndSendKing],
        "his MP spent"
    );
    apply(&r, &mut s, Action::EndSendKing);
    assert!(s.steps.is_empty());
    let at = king_hex(&s, king).expect("on the map");
    // His former captors move on without him.
    step_into(&r, &mut s, cav, "S1113");
    assert_eq!(king_hex(&s, king), Some(at));
    // A unit of his own army reaching him recovers him.
    let label = crate::fontenoy::fhex::label(at);
    let ev = step_into(&r, &mut s, fra, &label);
    assert!(ev.contains(&Event::KingRecovered { king, by: fra }));
    assert!(!r.king_held(&s));
}

#[test]
fn f6_9c_c_kept_by_his_captors_he_moves_with_them() {
    let (r, mut s, [king, _, cav, _]) = captured();
    apply(&r, &mut s, Action::EndSendKing);
    assert!(s.steps.is_empty());
    assert_eq!(s.king.escort, Some(cav));
    step_into(&r, &mut s, cav, "S1012");
    assert_eq!(king_hex(&s, king), Some(hex("S1012")));
}
