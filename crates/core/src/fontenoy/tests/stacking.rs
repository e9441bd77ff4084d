//! 10.4 artillery stacking with multi-hex formations: 10.4b limbered guns entering an infantry
//! hex to unlimber, 10.4d guns grouped with a multi-hex Line in any of its hexes, 10.4e the
//! guns staying behind in one of its hexes when the Line leaves.

use super::movement::mover;
use super::multihex::{U, facing, placed, set};
use super::*;
use crate::fontenoy::geometry::line_hexes;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::Segment;
use crate::hex::Direction;

fn join(w: &mut World, u: UnitId) {
    w.org.divisions[1].units.push(u);
    w.org.division_of[usize::from(u)] = Some(1);
}

/// The mover (8 SP) in a two-hex Line, right end at S1010, facing vertex 1; unlimbered guns
/// G1 (2 SP, `gun_mp` MP) facing the same way in the Line's left hex. Returns (rules, state, Line, guns,
/// the Line's hexes).
pub(super) fn line_with_gun(gun_mp: u8) -> (Fontenoy, State, UnitId, UnitId, [Hex; 2]) {
    let mut g = 0;
    let (r, s, u) = mover(|w| {
        let p = Placed {
            hexes: line_hexes(hex("S1010"), facing(1), 2).unwrap(),
            facing: facing(1),
            hook: None,
        };
        set(w, Kind::Infantry, 8, 4, Formation::Line, p);
        let mut info = World::info("G1", Side(0), Kind::Artillery);
        info.sp = 2;
        info.mp = gun_mp;
        g = w.push(info, Some(Placed::at(p.hexes.last(), facing(1))));
        join(w, g);
    });
    assert_eq!(u, U);
    let p = placed(&s, u);
    (r, s, u, g, [p.hexes.first(), p.hexes.last()])
}

#[test]
fn r10_4d_guns_in_any_hex_of_a_two_hex_line_are_grouped_with_it() {
    let (r, s, u, g, [h1, h2]) = line_with_gun(3);
    assert_eq!(placed(&s, g).hex(), h2);
    // One group, whichever counter it is read from (checks, close combat: stack_of).
    assert_eq!(r.stack_of(&s, u), alloc::vec![u, g]);
    assert_eq!(r.stack_of(&s, g), alloc::vec![u, g]);
    assert_eq!(r.line_of_gun(&s, g), Some(u));
    let o = Occupancy::build(&r, &s);
    // The guns may stand there, facing the Line's way (10.4c), not any other.
    let gp = placed(&s, g);
    assert!(r.fits_at(&s, &o, &[g], &gp, Formation::Unlimbered));
    let turned = Placed {
        facing: facing(3),
        ..gp
    };
    assert!(!r.fits_at(&s, &o, &[g], &turned, Formation::Unlimbered));
    // In the other hex of the Line as well (the owner's choice of hex, 10.4d).
    let other = Placed::at(h1, facing(1));
    assert!(r.fits_at(&s, &o, &[g], &other, Formation::Unlimbered));
    // The Line may stand with them (before, only identical hexes grouped).
    let lp = placed(&s, u);
    assert!(r.fits_at(&s, &o, &[u], &lp, Formation::Line));
    // A fire at the Line's other hex strikes the guns too (12.9: the whole group).
    let struck = r.target_units(&s, &o, h1, Side(1));
    assert_eq!(struck, alloc::vec![u, g]);
}

#[test]
fn r10_4d_a_line_and_its_guns_share_the_hex_limit_counted_once() {
    let (r, mut s, u, g, _) = line_with_gun(3);
    let o = Occupancy::build(&r, &s);
    let lp = placed(&s, u);
    let limit = u16::from(r.tables.fx(r.board.hex(lp.hex()).terrain).stack[0]);
    // 8 SP of infantry and 2 of guns (x4, 10.4g) over two hexes: 8 a hex.
    assert_eq!(limit >= 8, r.fits_at(&s, &o, &[u], &lp, Formation::Line));
    // Guns whose SP x4 overflow the Line's two hexes may not stay.
    let big = u8::try_from((2 * limit).saturating_sub(8) / 4 + 1).unwrap();
    s.unit_mut(g).sp = big;
    let o = Occupancy::build(&r, &s);
    assert!(!r.fits_at(&s, &o, &[u], &lp, Formation::Line));
    assert!(!r.fits_at(&s, &o, &[g], &placed(&s, g), Formation::Unlimbered));
}

#[test]
fn r10_4e_guns_stay_in_a_former_hex_when_their_line_leaves() {
    let (r, mut s, u, g, [_, h2]) = line_with_gun(3);
    let ahead = placed(&s, u).hex().neighbor(Direction::ALL[0]);
    let step = Action::Step {
        unit: u,
        to: ahead,
        alone: false,
    };
    assert!(legal(&r, &s).contains(&step), "{:?}", legal(&r, &s));
    apply(&r, &mut s, step);
    // The Line moved on alone; the guns stay where they stood, in a hex of its old place.
    assert_eq!(placed(&s, u).hex(), ahead);
    assert!(!placed(&s, u).hexes.contains(h2));
    assert_eq!(placed(&s, g), Placed::at(h2, facing(1)));
    assert_eq!(s.unit(g).formation, Formation::Unlimbered);
    assert_eq!(r.stack_of(&s, g), alloc::vec![g]);
    assert_eq!(r.stack_of(&s, u), alloc::vec![u]);
}

#[test]
fn r10_4b_limbered_guns_enter_a_line_hex_only_with_the_mp_to_unlimber() {
    // Limbered guns (March Column) one hex behind the Line's left hex, facing it.
    let setup = |mp: u8| {
        let (r, mut s, u, g, [_, h2]) = line_with_gun(mp);
        let from = h2.neighbor(Direction::ALL[3]);
        let x = s.unit_mut(g);
        x.formation = Formation::MarchColumn;
        x.place = Place::Map(Placed::at(from, facing(0)));
        (r, s, u, g, h2)
    };
    let step = |g: UnitId, to: Hex| Action::Step {
        unit: g,
        to,
        alone: false,
    };
    // 1 MP: the step spends it, none is left to unlimber (2) nor to go on.
    let (r, s, _, g, h2) = setup(1);
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::Movement);
    assert!(!legal(&r, &s).contains(&step(g, h2)));
    assert_eq!(super::multihex::refused(&r, &s, step(g, h2)).rule, "10.1a");
    // 3 MP: it enters, may not end its move limbered there, and unlimbers with the Line.
    let (r, mut s, u, g, h2) = setup(3);
    assert!(legal(&r, &s).contains(&step(g, h2)));
    apply(&r, &mut s, step(g, h2));
    assert!(!legal(&r, &s).contains(&Action::EndMove { unit: g }));
    let unlimber = Action::Reform {
        unit: g,
        formation: Formation::Unlimbered,
        to: Placed::at(h2, facing(1)),
    };
    assert!(legal(&r, &s).contains(&unlimber), "{:?}", legal(&r, &s));
    apply(&r, &mut s, unlimber);
    assert_eq!(r.stack_of(&s, u), alloc::vec![u, g]);
    assert!(legal(&r, &s).contains(&Action::EndMove { unit: g }));
}

#[test]
fn r10_4g_an_artillery_sp_counts_as_4_only_with_infantry() {
    let (r, mut s, u, g, [_, h2]) = line_with_gun(3);
    let limit = u16::from(r.tables.fx(r.board.hex(h2).terrain).stack[0]);
    // The Line goes elsewhere: the guns stand alone, with as many SP as the hex's limit.
    let away = h2
        .neighbor(Direction::ALL[3])
        .neighbor(Direction::ALL[3])
        .neighbor(Direction::ALL[3]);
    s.unit_mut(u).place = Place::Map(Placed::at(away, facing(1)));
    s.unit_mut(g).sp = u8::try_from(limit).unwrap();
    let o = Occupancy::build(&r, &s);
    // Alone, each SP counts once (10.1c).
    assert!(r.fits_at(&s, &o, &[g], &placed(&s, g), Formation::Unlimbered));
    // With the infantry back, each counts 4 (10.4g a): the same guns overflow.
    s.unit_mut(u).place = Place::Map(Placed::at(h2, facing(1)));
    let o = Occupancy::build(&r, &s);
    assert!(!r.fits_at(&s, &o, &[g], &placed(&s, g), Formation::Unlimbered));
}
