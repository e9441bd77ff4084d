//! Command rows closed in the coverage triage: attachment in a Wing Activation (6.4b) and for
//! one activation only (6.4d).

use super::*;
use crate::fontenoy::state::{Act, Step};

/// Divisions A and B of a French Wing under Lutteaux, and Division C outside it, its battalion
/// grouped with B's commander; A's battalion grouped with him too. The Allies far off.
fn wing_and_outsider() -> (Fontenoy, State, [UnitId; 3]) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0510", 10, 5);
    w.cinc(f, 2, 5);
    let a = w.commander("Da", Side(0), "S0410", 4, 4);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S0610", 1);
    w.division("A", Side(0), Some(a), &[a1]);
    let b = w.commander("Db", Side(0), "S0610", 4, 4);
    let b1 = w.infantry("1 BBB", Side(0), "BBB", "S0710", 1);
    w.division("B", Side(0), Some(b), &[b1]);
    let c = w.commander("Dc", Side(0), "S0310", 4, 4);
    let c1 = w.infantry("1 CCC", Side(0), "CCC", "S0610", 1);
    w.division("C", Side(0), Some(c), &[c1]);
    let al = w.commander("Cumberland", Side(1), "S2010", 10, 5);
    w.cinc(al, 1, 6);
    let e = w.commander("De", Side(1), "S2110", 4, 4);
    let e1 = w.infantry("1 EEE", Side(1), "EEE", "S2110", 7);
    w.division("E", Side(1), Some(e), &[e1]);
    let wc = w.commander("Lutteaux", Side(0), "S0511", 6, 3);
    w.wing("Left", Side(0), wc, &[0, 1]);
    let (r, s) = w.build();
    (r, s, [a1, b1, c1])
}

fn attachable(r: &Fontenoy, s: &State) -> Vec<UnitId> {
    legal(r, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Attach { unit } => Some(unit),
            _ => None,
        })
        .collect()
}

#[test]
fn r6_4b_a_wing_attaches_only_units_of_divisions_outside_it() {
    let (r, mut s, [a1, _, c1]) = wing_and_outsider();
    initiative(&r, &mut s, 8, 3);
    apply(&r, &mut s, Action::WingActivation { wing: 0 });
    apply(
        &r,
        &mut s,
        Action::WingJoin {
            division: 0,
            join: false,
        },
    );
    apply(
        &r,
        &mut s,
        Action::WingJoin {
            division: 1,
            join: true,
        },
    );
    // Division A stayed out of the Wing's activation but belongs to the Wing: its battalion,
    // grouped with B's commander, is not attached; C's is.
    assert_eq!(attachable(&r, &s), alloc::vec![c1]);
    assert_eq!(
        refused_rule(&r, &s, Action::Attach { unit: a1 }),
        "6.4a".to_string()
    );
}

#[test]
fn r6_4d_an_attached_unit_is_finished_and_does_not_activate_with_its_division() {
    let (r, mut s, [_, _, c1]) = wing_and_outsider();
    // Division B alone (not as a Wing): the outsider C's battalion is attached to it.
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    assert!(attachable(&r, &s).contains(&c1));
    apply(&r, &mut s, Action::Attach { unit: c1 });
    assert_eq!(s.unit(c1).act, Act::Active);
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    for _ in 0..3 {
        apply(&r, &mut s, Action::EndSegment);
    }
    assert_eq!(
        s.unit(c1).act,
        Act::Finished,
        "6.4d: FINISHED once it is over"
    );
    assert!(!s.division_done(2));
    // Division C activates later: its attached battalion stays FINISHED (6.3c: only
    // unactivated units activate).
    let mut t = s.clone();
    let mut ev = Vec::new();
    r.activate(&mut t, Side(0), alloc::vec![2], None, &mut ev);
    assert_eq!(t.unit(c1).act, Act::Finished);
}

fn refused_rule(r: &Fontenoy, s: &State, a: Action) -> String {
    let mut t = s.clone();
    let mut ev = Vec::new();
    r.apply(&mut t, &a, &mut ev).unwrap_err().rule.to_string()
}

/// A French Division whose commander (CD 4) at S0107 is beyond the CinC's line (CD 2, at
/// S0101) but within that of his Wing Commander (CD `wc_cd`, at S0103, unactivated); the
/// Allies far off. Returns the rules, the position, the DC and the WC.
fn wing_chain(wc_cd: u8) -> (Fontenoy, State, UnitId, UnitId) {
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0101", 2, 5);
    w.cinc(f, 2, 5);
    let al = w.commander("Cumberland", Side(1), "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", Side(1), "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
    w.division("Z", Side(1), Some(ac), &[au]);
    let dc = w.commander("Dx", Side(0), "S0107", 4, 4);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S0107", 1);
    w.division("X", Side(0), Some(dc), &[a1]);
    let wc = w.commander("Wx", Side(0), "S0103", wc_cd, 3);
    w.wing("W", Side(0), wc, &[1]);
    let (r, s) = w.build();
    (r, s, dc, wc)
}

fn status(ev: &[Event], u: UnitId) -> Option<crate::fontenoy::event::CommandBy> {
    ev.iter().find_map(|e| match e {
        Event::Command { unit, by } if *unit == u => Some(*by),
        _ => None,
    })
}

#[test]
fn r7_3c_r7_3d_e08_a_division_commander_in_command_through_his_unactivated_wing_commander() {
    use crate::fontenoy::event::CommandBy;
    let (r, mut s, dc, wc) = wing_chain(4);
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    let ev = apply(&r, &mut s, Action::EndDesignations);
    // 7.3d: the Wing Commander is not activated; his line serves all the same (7.3c).
    assert_ne!(s.unit(wc).act, Act::Active);
    assert_eq!(status(&ev, dc), Some(CommandBy::Loc));
    assert_ne!(
        s.steps.last(),
        Some(&Step::CommanderInitiative { commander: dc })
    );
    // E08: without the Wing Commander's reach the DC rolls his initiative.
    let (r, mut s, dc, _) = wing_chain(3);
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::EndDesignations);
    assert_eq!(
        s.steps.last(),
        Some(&Step::CommanderInitiative { commander: dc })
    );
}
