//! Splits and guns: 8.5a skirmishing subunits over their limit after a split, 10.4e the guns
//! of a Line that leaves them, 17.2d the Cavalry Reaction's choice against a unit stepping out
//! of its group.

use super::movement::mover;
use super::*;
use crate::fontenoy::state::Step;
use crate::fontenoy::units::{Parent, Skirmish};
use crate::hex::Direction;

fn ahead(from: Hex, d: u8) -> Hex {
    from.neighbor(Direction::ALL[usize::from(d)])
}

/// Puts `u` into the mover's Division (X, Division 1).
fn join(w: &mut World, u: UnitId) {
    w.org.divisions[1].units.push(u);
    w.org.division_of[usize::from(u)] = Some(1);
}

/// The mover `1 AAA` (6 SP, Line facing 1 in S1010) as a parent unit of three Skirmished
/// subunits off the map, each with `mp` MP.
fn skirmish_parent(mp: u8) -> (Fontenoy, State, UnitId, [UnitId; 3]) {
    let mut subs = [0; 3];
    let (r, s, u) = mover(|w| {
        for (k, name) in ["1 AAA a", "1 AAA b", "1 AAA c"].into_iter().enumerate() {
            let x = w.infantry(name, Side(0), "AAA", "S1010", 1);
            w.units[usize::from(x)].skirmish = Skirmish::Always;
            w.units[usize::from(x)].mp = mp;
            w.units[usize::from(x)].sp = 2;
            w.unit_state[usize::from(x)].place = Place::Waiting;
            join(w, x);
            subs[k] = x;
        }
        let p = w.units.iter().position(|i| i.id == "1-aaa").unwrap() as UnitId;
        w.org.parents.push(Parent {
            parent: p,
            subunits: subs.to_vec(),
        });
    });
    (r, s, u, subs)
}

#[test]
fn r8_5a_skirmishing_subunits_over_their_limit_spread_out_before_the_segment_ends() {
    let (r, mut s, u, [a, b, c]) = skirmish_parent(4);
    assert_eq!(r.tables.skirmish_sp, Some(4));
    apply(&r, &mut s, Action::Split { unit: u });
    let here = Placed::at(hex("S1010"), Facing::new(1).unwrap());
    for x in [a, b, c] {
        assert_eq!(s.unit(x).placed(), Some(&here));
        assert_eq!(s.unit(x).formation, Formation::Skirmish);
        assert_eq!(s.unit(x).sp, 2);
    }
    // 6 SP of skirmishers in one hex, over the 4 allowed: the segment may not end yet, nor
    // may a subunit stop where the split put it.
    assert!(!legal(&r, &s).contains(&Action::EndSegment));
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s.clone(), &Action::EndSegment, &mut ev)
        .unwrap_err();
    assert_eq!(e.rule, "8.5a");
    // One subunit steps out on its own: 4 SP stay, within the limit.
    let out = ahead(hex("S1010"), 0);
    let step = Action::Step {
        unit: a,
        to: out,
        alone: true,
    };
    assert!(legal(&r, &s).contains(&step), "{:?}", legal(&r, &s));
    apply(&r, &mut s, step);
    apply(&r, &mut s, Action::EndMove { unit: a });
    assert!(legal(&r, &s).contains(&Action::EndSegment));
    apply(&r, &mut s, Action::EndSegment);
    assert_eq!(s.unit(b).placed(), Some(&here));
    assert_eq!(s.unit(a).placed().unwrap().hex(), out);
}

#[test]
fn r8_5a_no_split_when_the_skirmishers_could_not_spread_out() {
    // Subunits without the MP to leave the hex: the correction is impossible.
    let (r, s, u, _) = skirmish_parent(0);
    assert!(!legal(&r, &s).contains(&Action::Split { unit: u }));
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s.clone(), &Action::Split { unit: u }, &mut ev)
        .unwrap_err();
    assert_eq!(e.rule, "8.5a");
    assert!(e.reason.contains("limit"), "{}", e.reason);
    // At 4 SP the three fit in one hex: nothing to correct, the split is allowed.
    let mut s = s;
    s.unit_mut(u).sp = 4;
    assert!(legal(&r, &s).contains(&Action::Split { unit: u }));
    apply(&r, &mut s, Action::Split { unit: u });
    assert!(legal(&r, &s).contains(&Action::EndSegment));
}

#[test]
fn r10_4e_the_guns_owner_chooses_which_former_hex_of_the_line_they_stay_in() {
    use super::multihex::{facing, placed};
    use super::stacking::line_with_gun;
    let (r, mut s, u, g, [h1, h2]) = line_with_gun(3);
    let old = placed(&s, u);
    let out = old.hex().neighbor(Direction::ALL[0]);
    apply(
        &r,
        &mut s,
        Action::Step {
            unit: u,
            to: out,
            alone: false,
        },
    );
    // The Line left both hexes: the guns' owner puts them in either.
    assert_eq!(s.steps.last(), Some(&Step::GunsStay { unit: g, line: old }));
    assert_eq!(r.actor(&s), crate::engine::Actor::Player(Side(0)));
    let mut choices = legal(&r, &s);
    choices.sort_by_key(|a| alloc::format!("{a:?}"));
    let mut want = alloc::vec![
        Action::GunsStay { unit: g, to: h1 },
        Action::GunsStay { unit: g, to: h2 },
    ];
    want.sort_by_key(|a| alloc::format!("{a:?}"));
    assert_eq!(choices, want);
    // A hex the Line never held is refused, and nothing changes.
    let before = s.clone();
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s, &Action::GunsStay { unit: g, to: out }, &mut ev)
        .unwrap_err();
    assert_eq!(e.rule, "10.4e");
    assert_eq!(s, before);
    let ev = apply(&r, &mut s, Action::GunsStay { unit: g, to: h1 });
    assert!(ev.contains(&Event::GunsStayed { unit: g, to: h1 }));
    assert_eq!(placed(&s, g), Placed::at(h1, facing(1)));
    assert_eq!(s.unit(g).formation, Formation::Unlimbered);
    assert!(!matches!(s.steps.last(), Some(Step::GunsStay { .. })));
    // The Line's move goes on.
    assert!(legal(&r, &s).contains(&Action::EndMove { unit: u }));
}
