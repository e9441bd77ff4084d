//! 13.3c a charging Line shrinking, 13.4b the defender's formation changes, and the optional
//! Line of Sight rule of 13.1d and 13.4a.

use super::close::*;
use super::*;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::close::CloseStep;
use crate::fontenoy::geometry::line_hexes;
use crate::fontenoy::state::{Place, Step};

/// The charge of `charge_setup(3)` with the French cavalry a Line of `n` hexes (4 SP each),
/// its right end at S1010; the MC(B) passed and the defender's first reactions passed: the
/// cavalry's first hex is asked.
fn line_charge(n: usize) -> (Fontenoy, State, UnitId, UnitId) {
    let (r, mut s, f, a) = charge_setup(3, Terrain::Clear, |_| {});
    let hexes = line_hexes(hex("S1010"), Facing::new(1).unwrap(), n).unwrap();
    if let Place::Map(q) = &mut s.unit_mut(f).place {
        q.hexes = hexes;
    }
    s.unit_mut(f).sp = 4 * n as u8;
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    while top(&s) == Some(Step::Close(CloseStep::DefenderReaction)) {
        apply(&r, &mut s, Action::Pass);
    }
    assert_eq!(top(&s), Some(Step::Close(CloseStep::ChargeMove)));
    (r, s, f, a)
}

fn shrinks(acts: &[Action]) -> Vec<Hex> {
    acts.iter()
        .filter_map(|a| match a {
            Action::Shrink { from, .. } => Some(*from),
            _ => None,
        })
        .collect()
}

#[test]
fn r13_3c_a_charging_line_shrinks_one_hex_for_each_hex_it_charges() {
    let (r, mut s, f, _) = line_charge(3);
    let p = *s.unit(f).placed().unwrap();
    let ends = [p.hexes.as_slice()[0], p.hexes.as_slice()[2]];
    // Before it leaves its first hex, either end.
    assert_eq!(shrinks(&legal(&r, &s)), ends.to_vec());
    let ev = apply(
        &r,
        &mut s,
        Action::Shrink {
            unit: f,
            from: ends[1],
        },
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Resized {
            hexes: 2,
            extended: false,
            ..
        }
    )));
    assert_eq!(s.unit(f).placed().unwrap().hexes.len(), 2);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::ChargeMove)));
    // That was the shrink for its first hex: no other before it moves.
    assert!(shrinks(&legal(&r, &s)).is_empty());
    let e = refused(
        &r,
        &s,
        Action::Shrink {
            unit: f,
            from: ends[0],
        },
    );
    assert_eq!(e.rule, "13.3c");
    // One hex of charge movement earns the next.
    let to = ahead(hex("S1010"), 0);
    apply(&r, &mut s, Action::ChargeStep { unit: f, to });
    while top(&s) == Some(Step::Close(CloseStep::DefenderReaction)) {
        apply(&r, &mut s, Action::Pass);
    }
    assert_eq!(shrinks(&legal(&r, &s)).len(), 2);
}

#[test]
fn r13_3c_a_one_hex_charger_does_not_shrink() {
    let (r, s, _, _) = line_charge(1);
    assert!(shrinks(&legal(&r, &s)).is_empty());
}

#[test]
fn r13_4b_e43_a_march_column_reacts_by_forming_line_at_ten_per_mp() {
    // E43: a March Column forming Line for 1 MP (the provisional chart's 30-degree change)
    // checks DC(D) at +10.
    let (r, mut s, f, a) = charge_setup(3, Terrain::Clear, |_| {});
    s.unit_mut(a).formation = Formation::MarchColumn;
    if let Place::Map(q) = &mut s.unit_mut(a).place {
        q.facing = Facing::new(6).unwrap();
    }
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::DefenderReaction)));
    let opts = r.defender_reform_options(&s, a);
    assert!(opts.contains(&(Formation::Line, 7, 10)));
    assert!(opts.contains(&(Formation::Line, 5, 10)));
    // 90 degrees costs 2 MP, to the rear 3.
    assert!(opts.contains(&(Formation::Line, 3, 20)));
    assert!(opts.contains(&(Formation::Line, 1, 30)));
    let react = Action::React {
        unit: a,
        facing: 7,
        square: false,
        formation: Some(Formation::Line),
    };
    assert!(legal(&r, &s).contains(&react));
    // A Line facing a hexside is no formation change the rules know.
    let bad = Action::React {
        unit: a,
        facing: 6,
        square: false,
        formation: Some(Formation::Line),
    };
    assert_eq!(refused(&r, &s, bad).rule, "13.4a");
    let ev = apply(&r, &mut s, react);
    assert!(ev.contains(&Event::Reacted {
        unit: a,
        facing: 7,
        square: false,
        formation: Some(Formation::Line),
        er_mod: 10
    }));
    assert_eq!(s.unit(a).formation, Formation::Line);
    assert_eq!(s.unit(a).placed().unwrap().facing.index(), 7);
    assert_eq!(s.unit(a).placed().unwrap().hexes.len(), 1);
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.er_mod, 10),
        other => panic!("{other:?}"),
    }
}

#[test]
fn r13_4b_a_square_reacts_by_leaving_square_for_the_whole_mpo() {
    let (r, mut s, f, a) = charge_setup(3, Terrain::Clear, |_| {});
    s.unit_mut(a).formation = Formation::Square;
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    let opts = r.defender_reform_options(&s, a);
    assert!(opts.contains(&(Formation::Line, 7, 40)));
    assert!(opts.contains(&(Formation::MarchColumn, 6, 40)));
    // A one-hex Line may fold into a March Column too.
    let (r, mut s, f, a) = charge_setup(3, Terrain::Clear, |_| {});
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    let opts = r.defender_reform_options(&s, a);
    assert!(opts.contains(&(Formation::MarchColumn, 6, 10)));
}

/// French cavalry at S1010 facing vertex 1, a village (blocking LOS, SCM 1 here) in the hex
/// ahead, and an English battalion 3 hexes ahead beyond it; `los` turns optional 13.1d on.
fn behind_a_village(los: bool) -> (Fontenoy, State, UnitId, UnitId) {
    let tweak = |t: &mut crate::fontenoy::tables::Tables| {
        let v = &mut t.terrain[Terrain::Village as usize];
        v.blocks_los = true;
        v.scm = crate::fontenoy::tables::Mp::Pts(crate::fontenoy::types::Pts::whole(1));
    };
    let mut ids = (0, 0);
    let (mut r, s) = cc(
        |w| {
            let f = unit(w, "CAR a", FR, Kind::Cavalry, 5, hex("S1010"), 1);
            let h1 = ahead(hex("S1010"), 0);
            w.board.set_terrain(h1, Terrain::Village);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(ahead(h1, 0), 0), 7);
            ids = (f, a);
            (alloc::vec![f], alloc::vec![a])
        },
        tweak,
    );
    if los {
        alloc::sync::Arc::make_mut(&mut r.scenario_rules).options_on = alloc::vec!["13.1d".into()];
    }
    (r, s, ids.0, ids.1)
}

#[test]
fn r13_1d_option_a_charge_needs_its_target_in_line_of_sight() {
    let (r, s, f, a) = behind_a_village(false);
    let charge = Action::Attack {
        unit: f,
        target: at(&s, a),
    };
    assert!(legal(&r, &s).contains(&charge), "without the option");
    let (r, s, f, a) = behind_a_village(true);
    let charge = Action::Attack {
        unit: f,
        target: at(&s, a),
    };
    assert!(r.option("13.1d"));
    assert!(!legal(&r, &s).contains(&charge));
    assert_eq!(refused(&r, &s, charge).rule, "13.1d");
}

#[test]
fn r13_4a_a_unit_reacts_only_with_line_of_sight_to_the_charger() {
    let (r, mut s, f, a) = behind_a_village(false);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    // The village hides the cavalry: no reaction before its first hex.
    assert_eq!(top(&s), Some(Step::Close(CloseStep::ChargeMove)));
    // In the village, it is seen.
    let h1 = ahead(hex("S1010"), 0);
    apply(&r, &mut s, Action::ChargeStep { unit: f, to: h1 });
    assert_eq!(top(&s), Some(Step::Close(CloseStep::DefenderReaction)));
    let o = crate::fontenoy::occupancy::Occupancy::build(&r, &s);
    assert_eq!(r.reactors(&s, &o), alloc::vec![a]);
}
