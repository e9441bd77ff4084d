//! Special results of F-8 (issue 27 rows): Sauve qui peut! with redoubts and field
//! fortifications (F-8.3b).

use super::checks::{check, checks_in, pair};
use super::*;
use crate::fontenoy::checks::{CheckKind, Plain};
use crate::fontenoy::state::Step;
use crate::fontenoy::types::{Formation, Morale, MoraleCheck as MC};

const MCA: CheckKind = CheckKind::Morale(MC::A);

/// The units whose Sauve qui peut! MC(G) is pending.
fn sauve_pending(s: &State) -> Vec<UnitId> {
    s.steps
        .iter()
        .filter_map(|st| match st {
            Step::PlainCheck {
                req,
                why: Plain::SauveQuiPeut,
            } => Some(req.unit),
            _ => None,
        })
        .collect()
}

#[test]
fn f8_3b_a_fortified_friend_that_fails_is_shaken_or_routs_if_already_shaken() {
    let (r, mut s, a, _) = pair(|w| {
        w.board
            .set_terrain(hex("S1012"), crate::fontenoy::board::Terrain::Redoubt);
        w.board
            .set_terrain(hex("S1110"), crate::fontenoy::board::Terrain::Redoubt);
        w.infantry("GOOD", Side(0), "G", "S1012", 1);
        w.infantry("SHAKY", Side(0), "S", "S1110", 1);
        w.infantry("OPEN", Side(0), "O", "S0910", 1);
    });
    let (good, shaky, open) = (2, 3, 4);
    // F-3.5a B: in General Order they stand inside their redoubts.
    s.unit_mut(good).formation = Formation::GeneralOrder;
    s.unit_mut(shaky).formation = Formation::GeneralOrder;
    s.unit_mut(shaky).morale = Morale::Shaken;
    let ev = check(&r, &mut s, a, MCA, 0, 0);
    assert_eq!(checks_in(&ev)[0].3.as_deref(), Some("Sauve qui peut!"));
    assert_eq!(
        s.unit(a).morale,
        Morale::Routed,
        "the stack that rolled it Routs"
    );
    let mut pending = sauve_pending(&s);
    pending.sort_unstable();
    assert_eq!(pending, alloc::vec![good, shaky, open]);
    // Every friend fails its MC(G) (ER 30, roll 10).
    for _ in 0..3 {
        apply(&r, &mut s, d100(10));
        super::checks::settle(&r, &mut s);
    }
    assert_eq!(
        s.unit(good).morale,
        Morale::Shaken,
        "in a redoubt it is never Routed outright: Good Order becomes Shaken"
    );
    assert_eq!(
        s.unit(shaky).morale,
        Morale::Routed,
        "already Shaken: it Routs"
    );
    assert_eq!(s.unit(open).morale, Morale::Routed, "in the open: it Routs");
    assert!(
        sauve_pending(&s).is_empty(),
        "no chain: nothing more to check"
    );
}

#[test]
fn f8_3b_a_fortified_stack_that_routs_on_its_own_check_sets_off_its_friends_checks() {
    let (r, mut s, a, _) = pair(|w| {
        w.board
            .set_terrain(hex("S1010"), crate::fontenoy::board::Terrain::Redoubt);
        w.infantry("NEAR", Side(0), "N", "S1012", 1);
    });
    let near = 2;
    // F-3.5a B: in General Order the stack stands inside its redoubt.
    s.unit_mut(a).formation = Formation::GeneralOrder;
    // Good Order: the fresh check fails, it is Shaken and its friends are not touched.
    check(&r, &mut s, a, MCA, 0, 0);
    apply(&r, &mut s, d100(15));
    assert_eq!(s.unit(a).morale, Morale::Shaken);
    assert!(sauve_pending(&s).is_empty());
    // Shaken: the fresh check fails, it Routs, and the friends within 2 hexes check now.
    check(&r, &mut s, a, MCA, 0, 0);
    apply(&r, &mut s, d100(15));
    super::checks::settle(&r, &mut s);
    assert_eq!(s.unit(a).morale, Morale::Routed);
    assert_eq!(s.unit(a).formation, Formation::Rout);
    assert_eq!(sauve_pending(&s), alloc::vec![near]);
}

/// Two French battalions (ER `e1`, `e2`) attack an English one (ER 20) at S1212, the
/// commanders moved well away; the dice give a Special Close Combat Result with no losses
/// taken by anyone's last SP. Returns the game after the dice, with the attackers and defender.
fn special_fight(
    e1: u8,
    e2: u8,
    prep: impl FnOnce(&mut State, [UnitId; 3]),
) -> (Fontenoy, State, [UnitId; 3]) {
    use super::close::{AL, FR, ahead, cc, checks, dice_for, roll, unit};
    use crate::fontenoy::types::Kind;
    let mut ids = [0; 3];
    let (r, mut s) = cc(
        |w| {
            let d = unit(w, "1 ENG", AL, Kind::Infantry, 6, hex("S1212"), 7);
            let a1 = unit(w, "1 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 3), 1);
            let a2 = unit(w, "2 FRA", FR, Kind::Infantry, 6, ahead(hex("S1212"), 4), 1);
            w.units[usize::from(a1)].er = e1;
            w.units[usize::from(a2)].er = e2;
            w.units[usize::from(d)].er = 20;
            ids = [a1, a2, d];
            (alloc::vec![a1, a2], alloc::vec![d])
        },
        |_| {},
    );
    // The commanders (Saxe, Dx, Cumberland, Dz) stand aside: no ER bonus on anyone's check.
    for c in 3..7 {
        super::checks::put(&mut s, c, hex("S0303"), 0);
    }
    let [a1, a2, _] = ids;
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: a1,
            target: hex("S1212"),
        },
    );
    apply(
        &r,
        &mut s,
        Action::Attack {
            unit: a2,
            target: hex("S1212"),
        },
    );
    apply(&r, &mut s, Action::EndSegment);
    checks(&r, &mut s);
    checks(&r, &mut s);
    prep(&mut s, ids);
    let dice = dice_for(&r, &s, "1/1*", true);
    let ev = roll(&r, &mut s, dice);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CloseCombatRound { special: true, .. }))
    );
    (r, s, ids)
}

/// The unit whose check is pending.
fn checking(s: &State) -> Option<UnitId> {
    match s.steps.last() {
        Some(Step::Check(req)) => Some(req.unit),
        _ => None,
    }
}

#[test]
fn r14_8b_the_order_reads_every_mc_g_modifier() {
    // 1 FRA (ER 30) is Disordered: its MC(G) reads 30 + the Disordered modifier, worse than
    // 2 FRA's printed 31 plus nothing; the printed ERs alone would put 2 FRA first.
    let (r0, _, _) = special_fight(30, 31, |_, _| {});
    let dis = r0
        .tables
        .checks
        .morale_mod("disordered", crate::fontenoy::types::MoraleCheck::G)
        .unwrap_or(0);
    assert!(dis >= 2, "the chart's Disordered MC(G) modifier is {dis}");
    let (r, mut s, [a1, a2, d]) = special_fight(30, 31, |s, [a1, _, _]| {
        s.unit_mut(a1).disordered = true;
    });
    assert_eq!(r.mcg_er(&s, &[a1]), 30 + dis);
    assert_eq!(
        checking(&s),
        Some(a1),
        "the Disordered battalion checks first"
    );
    apply(&r, &mut s, d100(99));
    assert_eq!(checking(&s), Some(a2));
    apply(&r, &mut s, d100(99));
    assert_eq!(checking(&s), Some(d));
}

#[test]
fn r14_8b_friendly_groups_tied_on_er_check_in_the_order_their_player_chooses() {
    use super::close::refused;
    use crate::fontenoy::close::CloseStep;
    let (r, mut s, [a1, a2, d]) = special_fight(30, 30, |_, _| {});
    assert_eq!(
        s.steps.last(),
        Some(&Step::Close(CloseStep::SpecialTie {
            attacker: true,
            at: 0,
            len: 2
        }))
    );
    assert_eq!(
        r.actor(&s),
        crate::engine::Actor::Player(Side(0)),
        "the French order their own groups"
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::CheckFirst { unit: a1 },
            Action::CheckFirst { unit: a2 }
        ]
    );
    let e = refused(&r, &s, Action::CheckFirst { unit: d });
    assert_eq!(e.rule, "14.8b");
    let ev = apply(&r, &mut s, Action::CheckFirst { unit: a2 });
    assert!(ev.contains(&Event::MoraleCheckFirst { unit: a2 }));
    assert_eq!(checking(&s), Some(a2), "the chosen group checks first");
    apply(&r, &mut s, d100(99));
    assert_eq!(checking(&s), Some(a1));
    apply(&r, &mut s, d100(99));
    assert_eq!(checking(&s), Some(d), "the defender (best ER) last");
}

// --- F-8.2a, F-8.2c: Flexible units as Independents; a mixed group's fire -------------------

#[test]
fn f8_2c_flexible_units_join_as_independents_and_only_the_chosen_division_fires_from_a_mixed_group()
{
    use crate::fontenoy::occupancy::Occupancy;
    use crate::fontenoy::state::{Act, FireKind, Segment};
    use crate::fontenoy::types::Arm;
    let mut w = World::new();
    let f = w.commander("Saxe", Side(0), "S0510", 10, 5);
    w.cinc(f, 2, 5);
    let a = w.commander("Da", Side(0), "S0410", 4, 4);
    let a1 = w.infantry("1 AAA", Side(0), "AAA", "S0410", 1);
    w.division("A", Side(0), Some(a), &[a1]);
    let b = w.commander("Db", Side(0), "S0610", 4, 4);
    let b1 = w.infantry("1 BBB", Side(0), "BBB", "S0610", 1);
    w.division("B", Side(0), Some(b), &[b1]);
    let fx = w.infantry("1 FLX", Side(0), "FLX", "S0610", 1);
    let fy = w.infantry("2 FLX", Side(0), "FLX", "S0612", 1);
    let flex = w.division("F", Side(0), None, &[fx, fy]);
    w.org.divisions[usize::from(flex)].flexible = true;
    let al = w.commander("Cumberland", Side(1), "S2510", 10, 5);
    w.cinc(al, 1, 6);
    let c = w.commander("Dc", Side(1), "S2410", 4, 4);
    let c1 = w.infantry("1 CCC", Side(1), "CCC", "S2410", 7);
    w.division("C", Side(1), Some(c), &[c1]);
    let (r, mut s) = w.build();
    s.unit_mut(b1).order = 0;
    s.unit_mut(fx).order = 1;
    initiative(&r, &mut s, 6, 0);
    apply(
        &r,
        &mut s,
        Action::FreeCombat {
            division: 1,
            close: false,
        },
    );
    assert_eq!(
        s.activation.as_ref().map(|a| a.segment),
        Some(Segment::Fire)
    );
    assert_eq!(s.unit(b1).act, Act::Active);
    assert_eq!(
        s.unit(fx).act,
        Act::Active,
        "a Flexible unit grouped with the Division joins as an Independent"
    );
    assert_eq!(s.unit(fy).act, Act::Unactivated, "not grouped with it");
    let o = Occupancy::build(&r, &s);
    let fires = |s: &State| {
        r.firing_units(
            s,
            &o,
            hex("S0610"),
            Arm::Infantry,
            Side(0),
            FireKind::Segment,
        )
    };
    assert_eq!(
        fires(&s),
        alloc::vec![b1],
        "only the chosen Division's unit fires"
    );
    s.unit_mut(fx).order = 0;
    s.unit_mut(b1).order = 1;
    let o = Occupancy::build(&r, &s);
    assert_eq!(
        r.firing_units(
            &s,
            &o,
            hex("S0610"),
            Arm::Infantry,
            Side(0),
            FireKind::Segment
        ),
        Vec::<UnitId>::new(),
        "the chosen Division is not on top: the group does not fire"
    );
}

// --- F-8.2f: Vive le Roi! moves toward the nearest Allied force ------------------------------

#[test]
fn f8_2f_under_vive_le_roi_each_step_goes_toward_the_nearest_allied_force() {
    use crate::fontenoy::state::{Place, SpecialAct, SpecialKind};
    use crate::hex::Direction;
    let far = |n: usize, d: usize| (0..n).fold(hex("S1010"), |h, _| h.neighbor(Direction::ALL[d]));
    // The Allied battalion three hexes to the SE of the French one (facing vertex 1: it may
    // step SE or NE).
    let (r, mut s, u) = super::movement::mover(|w| {
        let e = usize::from(super::multihex::ENEMY);
        w.unit_state[e].place = Place::Map(Placed::at(far(3, 0), Facing::new(7).unwrap()));
    });
    let (se, ne) = (far(1, 0), far(1, 1));
    let step = |to: Hex| Action::Step {
        unit: u,
        to,
        alone: false,
    };
    let free = legal(&r, &s);
    assert!(
        free.contains(&step(se)) && free.contains(&step(ne)),
        "{free:?}"
    );
    s.special.act = Some(SpecialAct {
        kind: SpecialKind::ViveLeRoi,
        restore: Vec::new(),
        division_done: None,
        moved: Vec::new(),
        must_force: Vec::new(),
    });
    let p = *s.unit(u).placed().unwrap();
    assert_eq!(r.nearest_enemy_distance(&s, u, &p), Some(3));
    let vive = legal(&r, &s);
    assert!(vive.contains(&step(se)), "nearer: 2 hexes");
    assert!(!vive.contains(&step(ne)), "not nearer: {vive:?}");
    let e = super::fire::refused(&r, &s, step(ne));
    assert_eq!(e.rule, "F-8.2f");
    // Facing changes stay free.
    assert!(vive.iter().any(|a| matches!(a, Action::Face { .. })));
}
