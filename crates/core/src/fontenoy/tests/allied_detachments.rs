//! F-7.8 Allied Detachments (option `7.8`): formed one Division at a time before the first
//! turn, under Waldeck (Dutch), Konigsegg (Moltke's reserve among his) or Ligonier (English,
//! Hanoverian or Austrian), two at most.

use super::scenarios::with_options;
use super::*;
use crate::fontenoy::state::Step;

fn div(r: &Fontenoy, id: &str) -> DivId {
    r.org
        .divisions
        .iter()
        .position(|d| d.id == id)
        .unwrap_or_else(|| panic!("no Division {id}")) as DivId
}

#[test]
fn f7_8a_to_d_the_allies_form_two_detachments_before_the_first_turn() {
    let (r, mut s) = with_options("fontenoy/battle", &["7.8"]);
    let id = |x: &str| r.unit_index(x).unwrap();
    let (waldeck, konigsegg, ligonier) = (id("al-waldeck"), id("al-konigsegg"), id("al-ligonier"));
    assert_eq!(
        s.steps.last(),
        Some(&Step::AlliedDetachment { leader: None })
    );
    let acts = legal(&r, &s);
    for c in [waldeck, konigsegg, ligonier] {
        assert!(acts.contains(&Action::DetachmentLeader { commander: c }));
    }
    assert!(acts.contains(&Action::EndDetachments));
    let (salis, reserve, ponsonby, hompesch) = (
        div(&r, "al-salis"),
        div(&r, "al-reserve"),
        div(&r, "al-ponsonby"),
        div(&r, "al-hompesch"),
    );
    // F-7.8c: Konigsegg may take any Division, but Moltke's reserve must be among them.
    apply(
        &r,
        &mut s,
        Action::DetachmentLeader {
            commander: konigsegg,
        },
    );
    apply(&r, &mut s, Action::DetachDivision { division: salis });
    assert!(!legal(&r, &s).contains(&Action::FormDetachment));
    let e = super::fire::refused(&r, &s, Action::FormDetachment);
    assert_eq!(e.rule, "F-7.8c");
    apply(&r, &mut s, Action::DetachDivision { division: reserve });
    let ev = apply(&r, &mut s, Action::FormDetachment);
    assert!(ev.contains(&Event::DetachmentFormed {
        commander: konigsegg,
        divisions: alloc::vec![salis, reserve]
    }));
    assert!(r.detachment_of(&s, salis).is_some());
    // F-7.8d: Ligonier takes no Dutch Division, nor one already in a Detachment.
    apply(
        &r,
        &mut s,
        Action::DetachmentLeader {
            commander: ligonier,
        },
    );
    let acts = legal(&r, &s);
    assert!(acts.contains(&Action::DetachDivision { division: ponsonby }));
    assert!(!acts.contains(&Action::DetachDivision { division: hompesch }));
    assert!(!acts.contains(&Action::DetachDivision { division: reserve }));
    let e = super::fire::refused(&r, &s, Action::DetachDivision { division: hompesch });
    assert_eq!(e.rule, "F-7.8a");
    apply(&r, &mut s, Action::DetachDivision { division: ponsonby });
    apply(&r, &mut s, Action::FormDetachment);
    // Two Detachments: no third; the first turn begins.
    assert!(r.detachment_leaders(&s).is_empty());
    assert!(!matches!(
        s.steps.last(),
        Some(Step::AlliedDetachment { .. })
    ));
    assert!(s.special.forming.is_empty());
}

#[test]
fn f7_8a_without_the_option_play_begins_at_once() {
    let (_, s) = scenario("fontenoy/battle");
    assert!(!matches!(
        s.steps.last(),
        Some(Step::AlliedDetachment { .. })
    ));
    assert!(s.special.detachments.iter().all(|d| d.side == Side(0)));
}
