//! F-8.3c Victoire! in close combat and F-8.3d Recall Fails in pursuit.

use super::*;
use crate::fontenoy::checks::CheckKind;
use crate::fontenoy::state::Step;
use crate::fontenoy::types::DisorderCheck;

#[test]
fn f8_3c_a_victoire_stack_fights_at_cr_plus_1() {
    let (r, mut s, f, a) = super::close::duel(6, 6);
    let c = super::fire_special::one_on_one(&s, f, a);
    let base = r.group_cr(&s, &c, true, &c.attackers[0]);
    let def = r.group_cr(&s, &c, false, &c.defenders[0]);
    s.unit_mut(f).victoire = true;
    assert_eq!(r.group_cr(&s, &c, true, &c.attackers[0]), base + 1);
    assert_eq!(r.group_cr(&s, &c, false, &c.defenders[0]), def);
}

#[test]
fn f8_3d_recall_fails_the_group_pursues_on_then_is_disordered_and_loses_half_the_roll() {
    let (r, mut s, c, _) = super::pursuit::pursuit_setup(false);
    // 5 Pursuit Points on the die.
    apply(&r, &mut s, d10(5));
    apply(&r, &mut s, Action::Recall { unit: c });
    match s.steps.last() {
        Some(Step::Check(req)) => assert_eq!(req.kind, CheckKind::Disorder(DisorderCheck::F)),
        other => panic!("{other:?}"),
    }
    // 00 on the French DC(F) row: Recall Fails.
    apply(&r, &mut s, d100(0));
    assert!(
        r.close_segment(&s)
            .and_then(|x| x.pursuit.as_ref())
            .is_some_and(|p| p.recall_fails)
    );
    // No second recall: the pursuit goes on to its end.
    assert_eq!(legal(&r, &s), alloc::vec![Action::Pursue { unit: c }]);
    let mut n = 0;
    while legal(&r, &s) == alloc::vec![Action::Pursue { unit: c }] && n < 10 {
        apply(&r, &mut s, Action::Pursue { unit: c });
        n += 1;
    }
    // The routers are destroyed with PP left: Free Movement (16.2b) spends them all; it may
    // not stop while it can move or turn.
    while let Some(Step::Close(crate::fontenoy::close::CloseStep::FreeMove { .. })) = s.steps.last()
    {
        let acts = legal(&r, &s);
        assert!(acts.len() == 1 || !acts.contains(&Action::EndMove { unit: c }));
        let a = acts[0].clone();
        apply(&r, &mut s, a);
    }
    assert!(r.close_segment(&s).is_none_or(|x| x.pursuit.is_none()));
    assert!(s.unit(c).disordered);
    // Half the die of 5, rounded: 3 SP of its 4.
    assert_eq!(s.unit(c).sp, 1);
}

#[test]
fn f8_2f_under_vive_le_roi_a_unit_that_can_attack_must() {
    use crate::fontenoy::state::{SpecialAct, SpecialKind};
    let (r, mut s, f, a) = super::close::duel(6, 6);
    s.special.act = Some(SpecialAct {
        kind: SpecialKind::ViveLeRoi,
        restore: Vec::new(),
        division_done: None,
        moved: Vec::new(),
        must_force: Vec::new(),
    });
    let acts = legal(&r, &s);
    assert!(!acts.contains(&Action::EndSegment));
    assert!(
        acts.iter()
            .any(|x| matches!(x, Action::Attack { unit, .. } if *unit == f))
    );
    let e = super::fire::refused(&r, &s, Action::EndSegment);
    assert_eq!(e.rule, "F-8.2f");
    // Once it has been designated, the declarations may end.
    let target = super::close::at(&s, a);
    apply(&r, &mut s, Action::Attack { unit: f, target });
    assert!(legal(&r, &s).contains(&Action::EndSegment));
    // Without the event the French may decline to attack.
    let (r, s, _, _) = super::close::duel(6, 6);
    assert!(legal(&r, &s).contains(&Action::EndSegment));
}
