//! The French Special Commanders of F-3.3 acting on their own: Richelieu after the Perimeter
//! breach (F-3.3e).

use alloc::vec::Vec;

use super::{World, apply, artillery_own, initiative, legal};
use crate::engine::{Rules, Side};
use crate::fontenoy::Action;
use crate::fontenoy::state::{Act, Segment};
use crate::fontenoy::units::UnitId;

const FR: Side = Side(0);
const AL: Side = Side(1);

/// Saxe, the King with Richelieu (Command Distance 4) at S1006, a French Division of seven
/// battalions (six within 4 hexes of Richelieu, one at 6), an Independent within reach, and
/// an Allied Division far away.
fn richelieu_world() -> (
    crate::fontenoy::Fontenoy,
    crate::fontenoy::State,
    UnitId,
    Vec<UnitId>,
    UnitId,
    UnitId,
) {
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S1020", 10, 5);
    w.cinc(saxe, 2, 5);
    w.commander("Louis XV", FR, "S1006", 5, 0);
    let richelieu = w.commander("Richelieu", FR, "S1006", 4, 4);
    w.org.armies[0].special.push(richelieu);
    let dc = w.commander("Dx", FR, "S1020", 4, 4);
    let near: Vec<UnitId> = ["S1007", "S1008", "S1009", "S1107", "S1108", "S1209"]
        .iter()
        .enumerate()
        .map(|(k, h)| w.infantry(&alloc::format!("{} AAA", k + 1), FR, "AAA", h, 1))
        .collect();
    let far = w.infantry("7 AAA", FR, "AAA", "S1012", 1);
    let mut all = near.clone();
    all.push(far);
    w.division("X", FR, Some(dc), &all);
    let ind = w.infantry("1 IND", FR, "IND", "S0906", 1);
    w.independent(ind);
    let al = w.commander("Cumberland", AL, "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", AL, "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", AL, "ZZZ", "S2828", 7);
    w.division("Z", AL, Some(ac), &[au]);
    let (r, s) = w.build();
    (r, s, richelieu, near, far, ind)
}

#[test]
fn f3_3e_richelieu_activates_on_his_own_only_after_the_perimeter_breach() {
    let (r, mut s, richelieu, _, _, _) = richelieu_world();
    initiative(&r, &mut s, 6, 1);
    artillery_own(&r, &mut s);
    let own = Action::CommanderActivation {
        commander: richelieu,
    };
    assert!(!legal(&r, &s).contains(&own), "held in the King's hex");
    let mut ev = Vec::new();
    let before = s.clone();
    let e = r.apply(&mut s, &own, &mut ev).expect_err("held");
    assert_eq!(e.rule, "F-3.3e");
    assert_eq!(s, before);
    s.victory.perimeter_breached = true;
    assert!(legal(&r, &s).contains(&own));
}

#[test]
fn f3_3e_richelieu_picks_up_to_five_units_within_his_distance_in_command() {
    let (r, mut s, richelieu, near, far, ind) = richelieu_world();
    s.victory.perimeter_breached = true;
    initiative(&r, &mut s, 6, 1);
    artillery_own(&r, &mut s);
    apply(
        &r,
        &mut s,
        Action::CommanderActivation {
            commander: richelieu,
        },
    );
    let act = s.activation.as_ref().expect("an activation");
    assert!(act.divisions.is_empty());
    assert_eq!(act.segment, Segment::CommandControl);
    let l = legal(&r, &s);
    // Any unactivated unit within 4 hexes, the Independent too; not the one at 6; no
    // Independent or commander joins otherwise.
    for &u in near.iter().chain([ind].iter()) {
        assert!(l.contains(&Action::Attach { unit: u }), "unit {u}");
    }
    assert!(!l.contains(&Action::Attach { unit: far }));
    assert!(!l.iter().any(|a| matches!(
        a,
        Action::ActivateIndependent { .. } | Action::ActivateCommander { .. }
    )));
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s, &Action::Attach { unit: far }, &mut ev)
        .expect_err("beyond his distance");
    assert_eq!(e.rule, "F-3.3e");
    for &u in near.iter().take(4).chain([ind].iter()) {
        apply(&r, &mut s, Action::Attach { unit: u });
    }
    // Five picked: no more.
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Attach { .. }))
    );
    let before = s.clone();
    let e = r
        .apply(&mut s, &Action::Attach { unit: near[4] }, &mut ev)
        .expect_err("a sixth");
    assert_eq!(e.rule, "F-3.3e");
    assert_eq!(s, before);
    apply(&r, &mut s, Action::EndDesignations);
    // In Command without a roll: the text places them In Command.
    assert_eq!(s.unit(richelieu).command, Some(true));
    for &u in near.iter().take(4).chain([ind].iter()) {
        assert_eq!(s.unit(u).command, Some(true), "unit {u}");
        assert_eq!(s.unit(u).act, Act::Active);
    }
    assert_eq!(s.unit(near[4]).act, Act::Unactivated);
    // They move in his activation.
    while s
        .activation
        .as_ref()
        .is_some_and(|a| a.segment != Segment::Movement)
    {
        apply(&r, &mut s, Action::EndSegment);
    }
    assert!(
        legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == near[0]))
    );
    assert!(
        !legal(&r, &s)
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == near[4]))
    );
}

#[test]
fn f3_3e_the_division_activates_later_without_richelieu_s_units() {
    let (r, mut s, richelieu, near, far, _) = richelieu_world();
    s.victory.perimeter_breached = true;
    initiative(&r, &mut s, 6, 1);
    artillery_own(&r, &mut s);
    apply(
        &r,
        &mut s,
        Action::CommanderActivation {
            commander: richelieu,
        },
    );
    apply(&r, &mut s, Action::Attach { unit: near[0] });
    apply(&r, &mut s, Action::EndDesignations);
    // Through the segments to the activation's end.
    for _ in 0..10 {
        if s.activation.is_none() {
            break;
        }
        if legal(&r, &s).contains(&Action::EndSegment) {
            apply(&r, &mut s, Action::EndSegment);
        } else {
            break;
        }
    }
    assert!(s.activation.is_none(), "{:?}", s.steps);
    assert_eq!(s.unit(near[0]).act, Act::Finished);
    assert_eq!(s.unit(richelieu).act, Act::Finished);
    // His Division is still to activate, without the unit he took.
    initiative(&r, &mut s, 6, 1);
    artillery_own(&r, &mut s);
    let d = r.org.division_of[usize::from(far)].expect("a Division");
    apply(&r, &mut s, Action::Activate { division: d });
    assert_eq!(s.unit(near[0]).act, Act::Finished);
    assert_eq!(s.unit(near[1]).act, Act::Active);
    assert_eq!(s.unit(far).act, Act::Active);
}

#[test]
fn f4_2b_a_konigsegg_stands_only_with_austrian_units() {
    use crate::fontenoy::geometry::Placed;
    use crate::fontenoy::occupancy::Occupancy;
    use crate::fontenoy::state::Step;
    use crate::fontenoy::types::Nationality;
    use crate::hex::{Direction, Facing};
    let mut w = World::new();
    let saxe = w.commander("Saxe", FR, "S2828", 10, 5);
    w.cinc(saxe, 2, 5);
    let fc = w.commander("Dx", FR, "S2828", 4, 4);
    let fu = w.infantry("1 AAA", FR, "AAA", "S2828", 1);
    w.division("X", FR, Some(fc), &[fu]);
    let cum = w.commander("Cumberland", AL, "S1020", 2, 5);
    w.cinc(cum, 1, 6);
    let kon = w.commander("Konigsegg", AL, "S1010", 6, 5);
    w.units[usize::from(kon)].mp = 6;
    w.org.armies[1].special.push(kon);
    let english_hex = super::hex("S1010").neighbor(Direction::ALL[0]);
    let empty_hex = super::hex("S1010").neighbor(Direction::ALL[3]);
    let dau = w.commander("Dau", AL, "S1012", 4, 9);
    let aus = w.infantry("1 AUS", AL, "AUS", "S1012", 1);
    w.units[usize::from(aus)].nationality = Nationality::Austrian;
    w.units[usize::from(dau)].nationality = Nationality::Austrian;
    let da = w.division("Austrians", AL, Some(dau), &[aus]);
    let eng = w.infantry(
        "1 ENG",
        AL,
        "ENG",
        &crate::fontenoy::fhex::label(english_hex),
        1,
    );
    let de = w.commander("De", AL, &crate::fontenoy::fhex::label(english_hex), 4, 4);
    w.division("English", AL, Some(de), &[eng]);
    let (r, mut s) = w.build();
    initiative(&r, &mut s, 1, 6);
    artillery_own(&r, &mut s);
    apply(&r, &mut s, Action::Activate { division: da });
    apply(&r, &mut s, Action::ActivateCommander { commander: kon });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, super::d10(0));
    }
    while s
        .activation
        .as_ref()
        .is_some_and(|a| a.segment != Segment::Movement)
    {
        apply(&r, &mut s, Action::EndSegment);
    }
    let steps: Vec<_> = legal(&r, &s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step { unit, to, .. } if unit == kon => Some(to),
            _ => None,
        })
        .collect();
    assert!(steps.contains(&empty_hex));
    assert!(
        !steps.contains(&english_hex),
        "no step into the English hex"
    );
    let mut ev = Vec::new();
    let before = s.clone();
    let e = r
        .apply(
            &mut s,
            &Action::Step {
                unit: kon,
                to: english_hex,
                alone: false,
            },
            &mut ev,
        )
        .expect_err("the English hex");
    assert_eq!(e.rule, "F-4.2b");
    assert_eq!(s, before);
    // A non-Austrian unit may not end its move in his hex; an Austrian may.
    let o = Occupancy::build(&r, &s);
    let at_kon = Placed::at(super::hex("S1010"), Facing::new(1).expect("a facing"));
    assert!(!r.fits_at(&s, &o, &[eng], &at_kon, s.unit(eng).formation));
    assert!(r.fits_at(&s, &o, &[aus], &at_kon, s.unit(aus).formation));
    // Once he is CinC the rule ends.
    s.armies[1].cinc = Some(kon);
    assert!(r.fits_at(&s, &o, &[eng], &at_kon, s.unit(eng).formation));
}
