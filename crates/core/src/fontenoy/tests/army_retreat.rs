//! F-5.4 Modified Army Retreat (option `5.4`): the voluntary declaration on the hour (F-5.4b),
//! the battle going on (F-5.4a) and the retreating army's whole-Wing activations (F-5.4c).

use super::scenarios::with_options;
use super::*;
use crate::fontenoy::state::{InfernalStep, Step};
use crate::fontenoy::units::DivId;

#[test]
fn f5_4b_on_the_hour_the_allies_then_the_french_may_declare_an_army_retreat() {
    let (r, mut s) = with_options("fontenoy/battle", &["5.4"]);
    // 09:00: the Army Morale Check Phase is over; the Allies are asked first.
    assert_eq!(
        s.steps.last(),
        Some(&Step::DeclareRetreat { side: Side(1) })
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::DeclareRetreat, Action::Pass]
    );
    apply(&r, &mut s, Action::Pass);
    assert_eq!(
        s.steps.last(),
        Some(&Step::DeclareRetreat { side: Side(0) })
    );
    let ev = apply(&r, &mut s, Action::DeclareRetreat);
    assert!(ev.contains(&Event::ArmyRetreat {
        side: Side(0),
        rule: "F-5.4b".into()
    }));
    // F-5.4a: the battle goes on; the French retreated first.
    assert!(s.result.is_none());
    assert_eq!(s.victory.retreated, Some(Side(0)));
    assert!(r.retreating(&s, Side(0)));
    assert!(!r.retreating(&s, Side(1)));
    // Then the turn goes on to Initiative (the Infernal Column's question first, F-7.1a).
    assert_eq!(s.steps.last(), Some(&Step::Infernal(InfernalStep::Declare)));
    // F-5.4c: irrevocable, and never asked again of the French.
    assert_eq!(r.retreat_asked_after(&s, None), Some(Side(1)));
    assert_eq!(r.retreat_asked_after(&s, Some(Side(1))), None);
}

#[test]
fn f5_4b_without_the_option_nobody_is_asked() {
    let (r, s) = scenario("fontenoy/battle");
    assert_eq!(s.steps.last(), Some(&Step::Infernal(InfernalStep::Declare)));
    assert_eq!(r.retreat_asked_after(&s, None), None);
}

#[test]
fn f5_4c_the_retreating_army_activates_whole_wings() {
    let (r, mut s) = with_options("fontenoy/battle", &["5.4"]);
    let in_wing = |side: Side| {
        (0..r.org.divisions.len())
            .map(|d| d as DivId)
            .find(|&d| {
                r.org.divisions[usize::from(d)].side == side
                    && r.org
                        .wing_of(d)
                        .is_some_and(|w| r.org.wings[usize::from(w)].divisions.len() > 1)
            })
            .expect("a Division of a Wing")
    };
    let (fd, ad) = (in_wing(Side(0)), in_wing(Side(1)));
    // Before any retreat, a Division activates alone.
    assert_eq!(r.fast_divisions(&s, Side(0), fd), (alloc::vec![fd], None));
    apply(&r, &mut s, Action::Pass);
    apply(&r, &mut s, Action::DeclareRetreat);
    let (all, wing) = r.fast_divisions(&s, Side(0), fd);
    assert_eq!(wing, r.org.wing_of(fd));
    assert!(all.len() > 1 && all.contains(&fd));
    assert!(
        all.iter().all(|&d| r.org.wing_of(d) == wing),
        "the Wing's Divisions"
    );
    // The Allies, not in retreat, still activate one Division.
    assert_eq!(r.fast_divisions(&s, Side(1), ad), (alloc::vec![ad], None));
}
