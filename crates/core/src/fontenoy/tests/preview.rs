//! `Rules::preview` before a roll: fire (12.1), a close combat round (13.11) and a check (18.1,
//! 19.1), on the positions of `tests/close.rs`; every figure shown is the one the roll uses.

use super::close::*;
use super::*;
use crate::engine::{Preview, Rules};

fn value<'a>(p: &'a Preview, name: &str) -> &'a str {
    p.facts
        .iter()
        .find(|f| f.name.starts_with(name))
        .map(|f| f.value.as_str())
        .unwrap_or_else(|| panic!("no {name} in {:?}", p.facts))
}

#[test]
fn r19_1_the_check_preview_shows_the_modified_er_the_roll_is_read_against() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    let mut ev = apply(&r, &mut s, Action::Attack { unit: f, target: t });
    ev.extend(apply(&r, &mut s, Action::EndSegment));
    let p = r.preview(&s).expect("the attacker's MC(B) has a preview");
    assert_eq!(p.rule, "19.1");
    assert!(
        p.title.contains("MC(B)") || p.title.contains("Morale Check"),
        "{}",
        p.title
    );
    let er: i16 = value(&p, "modified ER").parse().unwrap();
    // The roll one below the modified ER fails and the roll at it passes (19.1a).
    let mut x = s.clone();
    let ev = apply(&r, &mut x, d100(u8::try_from(er).unwrap()));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Check { passed: Some(true), er: e, .. } if *e == er)),
        "{ev:?}"
    );
    let mut x = s.clone();
    let ev = apply(&r, &mut x, d100(u8::try_from(er - 1).unwrap()));
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Check {
                passed: Some(false),
                ..
            }
        )),
        "{ev:?}"
    );
}

#[test]
fn r12_1_r13_11_fire_and_close_combat_previews_show_the_figures_of_the_roll() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    // Defensive Fire's roll (13.10).
    let p = r
        .preview(&s)
        .expect("the Defensive Fire roll has a preview");
    assert_eq!(p.rule, "12.1");
    assert!(p.title.starts_with("Defensive Fire"), "{}", p.title);
    let c = r.preview(&s).unwrap();
    assert!(value(&c, "Fire Strength").parse::<u32>().unwrap() > 0);
    assert!(value(&c, "firers").contains(&r.unit_name(a)));
    fire_misses(&r, &mut s);
    // The round's dice (13.11): 6 SP against 6, 1:1.
    let p = r.preview(&s).expect("the round has a preview");
    assert_eq!(p.rule, "13.11");
    assert_eq!(value(&p, "SP"), "6 to 6");
    assert_eq!(value(&p, "odds"), "1:1");
    assert!(p.title.contains("the attacker's die"));
    apply(&r, &mut s, d10(3));
    let p = r.preview(&s).unwrap();
    assert!(p.title.contains("the defender's die"));
    assert_eq!(value(&p, "attacker's die"), "3");
}
