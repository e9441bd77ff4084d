//! Commanders under the optional rules: the Infernal Column after an Allied Army Retreat
//! (F-7.1f B), Louis XV's capture (F-6.9c C), the retreating French cavalry (F-5.4c) and
//! Ingoldsby's Division (F-4.2d).

use super::infernal::{column_world, options};
use super::*;
use crate::fontenoy::state::{InfernalChange, InfernalChoice, InfernalStep, Step};
use crate::fontenoy::{ALLIED, FRENCH};

/// The column declared, then the Allies retreat (option 5.4 keeps the game going), and the
/// next turn starts.
fn column_then_allied_retreat(french_first: bool) -> (Fontenoy, State, super::infernal::Cast) {
    let (mut r, mut s, c) = column_world();
    options(&mut r, &["5.4", "7.1"]);
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert_eq!(r.column_leader(&s), Some(c.cumberland));
    assert!(r.column_keeps_commander(&s, c.cumberland));
    let mut ev = Vec::new();
    if french_first {
        r.army_retreat(&mut s, FRENCH, "F-5.4b", &mut ev);
    }
    r.army_retreat(&mut s, ALLIED, "F-5.4b", &mut ev);
    assert!(s.result.is_none(), "5.4: the game goes on");
    (r, s, c)
}

#[test]
fn f7_1f_b_an_allied_retreat_gives_cumberland_back_to_the_army() {
    let (r, mut s, c) = column_then_allied_retreat(false);
    // Cumberland commands the army again: no column rating, free to join activations.
    assert!(!r.column_binds_cumberland(&s));
    assert!(!r.column_keeps_commander(&s, c.cumberland));
    assert_eq!(
        r.column_leader(&s),
        None,
        "nobody leads it before Ligonier's roll"
    );
    assert_eq!(r.column_ratings(&s, Some(4), Some(6)), (Some(4), Some(9)));
    // Ligonier's roll at the next turn's start: passed, he leads it at 3 hexes.
    s.steps.clear();
    s.infernal.asked = None;
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Infernal(InfernalStep::Hold {
            commander: c.ligonier
        }))
    );
    let mut failed = s.clone();
    let ev = apply(&r, &mut s, d10(6));
    assert!(ev.contains(&Event::InfernalColumn {
        change: InfernalChange::Kept,
        leader: Some(c.ligonier)
    }));
    assert_eq!(r.column_leader(&s), Some(c.ligonier));
    assert!(!r.column_keeps_commander(&s, c.cumberland));
    assert!(r.column_keeps_commander(&s, c.ligonier));
    assert_eq!(r.column_ratings(&s, Some(4), Some(6)), (Some(4), Some(9)));
    // Failed: the column is gone and is not declared again by the retreating army.
    apply(&r, &mut failed, d10(7));
    assert!(failed.infernal.column.is_none() && failed.infernal.ended);
    assert_eq!(
        r.column_ratings(&failed, Some(4), Some(6)),
        (Some(4), Some(6))
    );
}

#[test]
fn f7_1f_b_the_allied_retreat_counts_after_a_french_one_too() {
    let (r, mut s, c) = column_then_allied_retreat(true);
    assert_eq!(s.victory.retreated, Some(FRENCH));
    s.steps.clear();
    s.infernal.asked = None;
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    assert_eq!(
        s.steps.last(),
        Some(&Step::Infernal(InfernalStep::Hold {
            commander: c.ligonier
        }))
    );
}

#[test]
fn f7_1f_b_before_the_retreat_the_column_binds_cumberland() {
    let (mut r, mut s, c) = column_world();
    options(&mut r, &["5.4", "7.1"]);
    apply(&r, &mut s, Action::Infernal(InfernalChoice::Declare));
    assert!(r.column_binds_cumberland(&s));
    assert_eq!(r.column_ratings(&s, Some(4), Some(6)).1, Some(9));
    let (rating, _) = r.column_ratings(&s, Some(4), Some(6));
    assert!(rating < Some(4), "his rating 2 less while he leads it");
    let _ = c;
}

#[test]
fn f5_2b_the_last_turn_moves_by_road_with_the_armies_keeping_pace() {
    let (w, _) = super::infernal::cast();
    let (mut r, mut s) = w.build();
    options(&mut r, &["5.2"]);
    s.turn = 2;
    assert!(!r.road_turn(&s));
    s.turn = 3;
    assert!(r.road_turn(&s));
    s.steps.clear();
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    assert_eq!(s.steps.last(), Some(&Step::ChooseDivision { side: ALLIED }));
    // Division E brings its Wing (E and F) and moves by Road Movement only (6.8b).
    let ev = apply(&r, &mut s, Action::Activate { division: 1 });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Activated {
            side: ALLIED,
            restricted: true,
            ..
        }
    )));
    assert!(s.activation.as_ref().is_some_and(|a| a.restricted));
    // The French, two Divisions behind, go next, though the Dutch are still to move.
    s.activation = None;
    s.steps.clear();
    r.to_initiative(&mut s, &mut ev.clone());
    assert_eq!(s.steps.last(), Some(&Step::ChooseDivision { side: FRENCH }));
    assert_eq!(r.road_turn_side(&s, [false, true]), ALLIED);
}

/// Louis XV alone at S1011 (option 6.9 on), a French battalion at S1010, English cavalry at
/// S1013 and English infantry at S2020; the charts loaded, no step pending.
pub(super) fn king_alone() -> (Fontenoy, State, [UnitId; 4]) {
    let mut w = World::new();
    let fra = w.infantry("1 EU", FRENCH, "eu", "S1010", 1);
    let king = w.commander("Louis XV", FRENCH, "S1011", 5, 0);
    w.units[usize::from(king)].er_bonus = -5;
    let cav = w.infantry("CUM a", ALLIED, "cum", "S1013", 7);
    w.units[usize::from(cav)].kind = crate::fontenoy::types::Kind::Cavalry;
    let inf = w.infantry("DUR", ALLIED, "dur", "S2020", 7);
    let dc = w.commander("Chambonnas", FRENCH, "S1010", 4, 5);
    w.division("Brigade d'Eu", FRENCH, Some(dc), &[fra]);
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    options(&mut r, &["6.9"]);
    s.steps.clear();
    (r, s, [king, fra, cav, inf])
}

/// Puts unit `u` in hex `at`, keeping its facing, and runs the step's aftermath.
pub(super) fn step_into(r: &Fontenoy, s: &mut State, u: UnitId, at: &str) -> Vec<Event> {
    use crate::fontenoy::geometry::Placed;
    use crate::fontenoy::state::Place;
    let facing = s.unit(u).placed().map(|p| p.facing).expect("on the map");
    s.unit_mut(u).place = Place::Map(Placed::at(hex(at), facing));
    let mut ev = Vec::new();
    r.after_step(s, &[u], &mut ev);
    ev
}

pub(super) fn king_hex(s: &State, king: UnitId) -> Option<crate::hex::Hex> {
    s.unit(king).placed().map(|p| p.hex())
}

#[test]
fn f6_9c_c_enemy_cavalry_reaching_his_hex_captures_him_as_his_death_would_cost() {
    let (r, mut s, [king, fra, cav, _]) = king_alone();
    assert!(r.king_er_bonus(&s, fra).is_some());
    let ev = step_into(&r, &mut s, cav, "S1011");
    assert!(ev.contains(&Event::KingCaptured { king, by: cav }));
    assert!(r.king_held(&s) && s.king.taken);
    assert_eq!(king_hex(&s, king), Some(hex("S1011")), "not displaced");
    assert_eq!(s.tracks[0].boxes, 50, "as if killed (F-6.9c A)");
    assert_eq!(s.steps.last(), Some(&Step::KingCheck { loss_roll: true }));
    // Held, he gives no bonus and the French may not move him.
    assert_eq!(r.king_er_bonus(&s, fra), None);
    assert!(r.held_commander(&s, king));
}

#[test]
fn f6_9c_c_he_moves_with_his_captors() {
    let (r, mut s, [king, _, cav, _]) = king_alone();
    step_into(&r, &mut s, cav, "S1011");
    step_into(&r, &mut s, cav, "S1012");
    assert_eq!(king_hex(&s, king), Some(hex("S1012")));
    step_into(&r, &mut s, cav, "S1113");
    assert_eq!(king_hex(&s, king), Some(hex("S1113")));
}

#[test]
fn f6_9c_c_recovered_the_same_way_and_a_second_capture_costs_nothing() {
    use crate::fontenoy::state::Place;
    let (r, mut s, [king, fra, cav, inf]) = king_alone();
    step_into(&r, &mut s, cav, "S1011");
    step_into(&r, &mut s, cav, "S1012");
    s.steps.clear();
    // His escort destroyed: he stays held where he is until someone reaches him.
    s.unit_mut(cav).place = Place::Destroyed;
    let mut ev = Vec::new();
    r.king_watch(&mut s, &mut ev);
    assert!(r.king_held(&s) && s.king.escort.is_none());
    assert_eq!(king_hex(&s, king), Some(hex("S1012")));
    let ev = step_into(&r, &mut s, fra, "S1012");
    assert!(ev.contains(&Event::KingRecovered { king, by: fra }));
    assert!(!r.king_held(&s));
    assert!(r.king_er_bonus(&s, fra).is_some(), "his bonuses again");
    assert_eq!(s.tracks[0].boxes, 50, "the damage done stays");
    // Left alone again and caught by cavalry: nothing more to pay, no second roll.
    let _ = inf;
    step_into(&r, &mut s, fra, "S1010");
    assert_eq!(
        king_hex(&s, king),
        Some(hex("S1012")),
        "he does not follow his own"
    );
    s.unit_mut(cav).place = s.unit(fra).place;
    let ev = step_into(&r, &mut s, cav, "S1012");
    assert!(ev.contains(&Event::KingCaptured { king, by: cav }));
    assert!(r.king_held(&s));
    assert_eq!(s.tracks[0].boxes, 50);
    // No second Loss Roll: only his captors' choice of sending him off (F-6.9c C).
    assert!(
        matches!(s.steps.as_slice(), [Step::SendKing { moved: false, .. }]),
        "no second Loss Roll"
    );
}

#[test]
fn f6_9c_c_infantry_displaces_him_and_captures_him_with_nowhere_to_go() {
    // Infantry entering his hex displaces him as any commander (21.1b).
    let (r, mut s, [_, _, _, inf]) = king_alone();
    let ev = step_into(&r, &mut s, inf, "S1011");
    assert!(!ev.iter().any(|e| matches!(e, Event::KingCaptured { .. })));
    assert!(!r.king_held(&s));
    assert_ne!(s.steps.last(), Some(&Step::KingCheck { loss_roll: true }));
    // Surrounded by enemy units, he is captured where 21.1b would destroy him.
    let mut w = World::new();
    let king = w.commander("Louis XV", FRENCH, "S3030", 5, 0);
    for h in hex("S3030").neighbors() {
        let at = crate::fontenoy::fhex::label(h);
        w.infantry("ring", ALLIED, "ring", &at, 1);
    }
    let inf = w.infantry("DUR", ALLIED, "dur", "S3333", 1);
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    options(&mut r, &["6.9"]);
    s.steps.clear();
    assert!(r.displace_hexes(&s, king).is_empty());
    let ev = step_into(&r, &mut s, inf, "S3030");
    assert!(ev.contains(&Event::KingCaptured { king, by: inf }));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::CommanderKilled { .. }))
    );
    assert_eq!(king_hex(&s, king), Some(hex("S3030")));
}

/// Ingoldsby's Division (DUR, PUL) at S2020, Ligonier's Wing of one Division (Dl, 1 ENE) at
/// S2010, Cumberland CinC at S2515; the French far off. Turns 09:00 to 10:00.
struct Ing {
    ingoldsby: UnitId,
    ligonier: UnitId,
    dur: UnitId,
    pul: UnitId,
    div: DivId,
    lig_div: DivId,
}

fn ingoldsby_world() -> (Fontenoy, State, Ing) {
    let mut w = World::new();
    let saxe = w.commander("fr saxe", FRENCH, "S0510", 10, 5);
    w.cinc(saxe, 2, 5);
    let fdc = w.commander("fr dc", FRENCH, "S0610", 4, 4);
    let fra = w.infantry("1 FRA", FRENCH, "FRA", "S0611", 2);
    w.division("French A", FRENCH, Some(fdc), &[fra]);
    let cumberland = w.commander("Cumberland", ALLIED, "S2515", 10, 5);
    w.cinc(cumberland, 4, 6);
    let ingoldsby = w.commander("Ingoldsby", ALLIED, "S2020", 4, 3);
    w.units[usize::from(ingoldsby)].loss_points = 1;
    let dur = w.infantry("DUR", ALLIED, "DUR", "S2021", 8);
    let pul = w.infantry("PUL", ALLIED, "PUL", "S2022", 8);
    let div = w.division("Ingoldsby's", ALLIED, Some(ingoldsby), &[dur, pul]);
    let ligonier = w.commander("Ligonier", ALLIED, "S2010", 20, 6);
    let dl = w.commander("Dl", ALLIED, "S2011", 4, 4);
    let ene = w.infantry("1 ENE", ALLIED, "ENE", "S2012", 8);
    let lig_div = w.division("L", ALLIED, Some(dl), &[ene]);
    w.wing("Ligonier's Wing", ALLIED, ligonier, &[lig_div]);
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    s.steps.clear();
    (
        r,
        s,
        Ing {
            ingoldsby,
            ligonier,
            dur,
            pul,
            div,
            lig_div,
        },
    )
}

#[test]
fn f4_2d_after_ingoldsby_s_loss_the_allies_may_dissolve_his_division_at_once() {
    let (r, mut s, i) = ingoldsby_world();
    assert_eq!(r.ingoldsby_division(&s), Some(i.div));
    assert_eq!(r.division_now(&s, i.dur), Some(i.div));
    assert!(r.open_divisions(&s, ALLIED).any(|d| d == i.div));
    let mut kept = s.clone();
    let mut ev = Vec::new();
    r.kill_commander(&mut s, i.ingoldsby, "21.4b", &mut ev);
    let step = Step::Dissolve {
        division: i.div,
        after_loss: true,
    };
    assert_eq!(s.steps.last(), Some(&step));
    assert_eq!(r.actor(&s), crate::engine::Actor::Player(ALLIED));
    assert_eq!(legal(&r, &s), alloc::vec![Action::Dissolve, Action::Pass]);
    let boxes = s.tracks.iter().map(|t| t.boxes).sum::<u16>();
    let ev = apply(&r, &mut s, Action::Dissolve);
    assert!(ev.contains(&Event::DivisionDissolved {
        division: i.div,
        commander: Some(i.ingoldsby)
    }));
    assert!(s.orgs.dissolved(i.div));
    assert_eq!(
        s.tracks.iter().map(|t| t.boxes).sum::<u16>(),
        boxes,
        "the dissolution itself costs nothing"
    );
    for u in [i.dur, i.pul] {
        assert_eq!(r.division_now(&s, u), None);
        assert!(r.independent_now(&s, u), "an ordinary (Independent) unit");
    }
    assert!(!r.open_divisions(&s, ALLIED).any(|d| d == i.div));
    assert_eq!(r.ingoldsby_division(&s), None);
    // Kept: the Division goes on (a replacement will lead it, 21.5).
    kept.steps.clear();
    let mut ev = Vec::new();
    r.wound_roll(&mut kept, i.ingoldsby, 3, &mut ev);
    assert_eq!(kept.steps.last(), Some(&step));
    let refused = r.apply(&mut kept.clone(), &Action::DeclareRetreat, &mut Vec::new());
    assert!(refused.is_err_and(|e| e.rule == "F-4.2d"));
    let mut dissolved = kept.clone();
    apply(&r, &mut kept, Action::Pass);
    assert!(!kept.orgs.dissolved(i.div));
    assert_eq!(r.division_now(&kept, i.dur), Some(i.div));
    // Dissolved while wounded: he leaves the game.
    apply(&r, &mut dissolved, Action::Dissolve);
    assert_eq!(
        dissolved.unit(i.ingoldsby).place,
        crate::fontenoy::state::Place::Exited
    );
}

#[test]
fn f4_2d_declared_from_10_00_it_takes_effect_when_ligonier_or_cumberland_activates() {
    use crate::fontenoy::state::Act;
    let (r, mut s, i) = ingoldsby_world();
    // 09:40: not yet.
    s.turn = 2;
    let mut ev = Vec::new();
    r.to_initiative(&mut s, &mut ev);
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
    // 10:00: the Allies are asked once.
    s.turn = 3;
    s.steps.clear();
    r.to_initiative(&mut s, &mut ev);
    let step = Step::Dissolve {
        division: i.div,
        after_loss: false,
    };
    assert_eq!(s.steps.last(), Some(&step));
    let mut passed = s.clone();
    apply(&r, &mut passed, Action::Pass);
    assert_eq!(
        passed.steps.last(),
        Some(&Step::InitiativeDice { french: None })
    );
    assert_eq!(passed.orgs.declared, None);
    let ev = apply(&r, &mut s, Action::Dissolve);
    assert!(ev.contains(&Event::DissolutionDeclared { division: i.div }));
    assert_eq!(s.steps.last(), Some(&Step::InitiativeDice { french: None }));
    assert!(
        !s.orgs.dissolved(i.div),
        "not before Ligonier or Cumberland acts"
    );
    // Ingoldsby's own Division activates: still his.
    let mut ev = Vec::new();
    s.steps.clear();
    r.activate(&mut s, ALLIED, alloc::vec![i.div], None, &mut ev);
    assert!(!s.orgs.dissolved(i.div));
    // Ligonier's Wing activates: the dissolution takes effect.
    s.activation = None;
    s.steps.clear();
    s.unit_mut(i.ligonier).act = Act::Active;
    r.activate(&mut s, ALLIED, alloc::vec![i.lig_div], None, &mut ev);
    assert!(s.orgs.dissolved(i.div));
    assert!(ev.contains(&Event::DivisionDissolved {
        division: i.div,
        commander: Some(i.ingoldsby)
    }));
    assert_eq!(
        s.unit(i.ingoldsby).place,
        crate::fontenoy::state::Place::Exited
    );
    assert!(r.independent_now(&s, i.pul));
}
