//! 13.0 Close Combat, 14.0 results, 15.0 advance, 16.0 pursuit, 17.0 Cavalry Reaction, and the
//! close combat special results of F-8: declarations and their refusals, charges, reactions,
//! the SP, CR and ratio of the worked examples (E41–E57), the results, and a random play of
//! close combats that must always end.

use super::*;
use crate::fontenoy::board::Terrain;
use crate::fontenoy::checks::CheckKind;
use crate::fontenoy::close::{CcResult, CloseStep, Outcome};
use crate::fontenoy::state::{Segment, Step};
use crate::fontenoy::tables::Mp;
use crate::fontenoy::types::{DisorderCheck, Morale, MoraleCheck, Pts};
use crate::hex::Direction;
use alloc::sync::Arc;

pub(super) const FR: Side = Side(0);
pub(super) const AL: Side = Side(1);

pub(super) fn ahead(from: Hex, d: u8) -> Hex {
    from.neighbor(Direction::ALL[usize::from(d % 6)])
}

/// A unit of `kind` with `sp` SP at `at` facing `facing`.
pub(super) fn unit(
    w: &mut World,
    name: &str,
    side: Side,
    kind: Kind,
    sp: u8,
    at: Hex,
    facing: u8,
) -> UnitId {
    let label = crate::fontenoy::fhex::label(at);
    let u = w.infantry(name, side, name, &label, facing);
    let info = &mut w.units[usize::from(u)];
    info.kind = kind;
    info.sp = sp;
    if kind == Kind::Cavalry {
        info.mp = 7;
        info.class = String::from("cavalry");
    }
    if kind == Kind::Artillery {
        info.cr = 0;
    }
    w.unit_state[usize::from(u)].sp = sp;
    if kind == Kind::Artillery {
        w.unit_state[usize::from(u)].formation = Formation::Unlimbered;
    }
    u
}

/// The French (division 0, with their CinC and Division Commander on the first unit's hex)
/// and the Allies (division 1) that `build` places; the position at the start of the French
/// Close Combat Segment, with `tweak` applied to the state first.
pub(super) fn cc(
    build: impl FnOnce(&mut World) -> (Vec<UnitId>, Vec<UnitId>),
    tables: impl FnOnce(&mut crate::fontenoy::tables::Tables),
) -> (Fontenoy, State) {
    let mut w = World::new();
    let (fr, al) = build(&mut w);
    let at = w.unit_state[usize::from(fr[0])]
        .placed()
        .map(|p| crate::fontenoy::fhex::label(p.hex()))
        .unwrap();
    let saxe = w.commander("Saxe", FR, &at, 30, 5);
    w.cinc(saxe, 2, 5);
    let dc = w.commander("Dx", FR, &at, 8, 4);
    let cumb = w.commander("Cumberland", AL, "S2929", 2, 5);
    w.cinc(cumb, 1, 6);
    let ac = w.commander("Dz", AL, "S2929", 4, 4);
    w.division("X", FR, Some(dc), &fr);
    w.division("Z", AL, Some(ac), &al);
    let (mut r, mut s) = w.build();
    tables(Arc::make_mut(&mut r.tables));
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    apply(&r, &mut s, Action::EndSegment); // fire
    apply(&r, &mut s, Action::EndSegment); // movement
    assert_eq!(s.activation.as_ref().unwrap().segment, Segment::CloseCombat);
    (r, s)
}

pub(super) fn at(s: &State, u: UnitId) -> Hex {
    s.unit(u).placed().unwrap().hex()
}

pub(super) fn refused(r: &Fontenoy, s: &State, a: Action) -> crate::engine::Illegal {
    let mut ev = Vec::new();
    let mut t = s.clone();
    let e = r.apply(&mut t, &a, &mut ev).unwrap_err();
    assert_eq!(&t, s, "a refused action leaves the state as it was");
    e
}

/// Rolls every pending check (the checks section decides its outcome).
pub(super) fn checks(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    while let Some(Step::Check(_)) = s.steps.last() {
        ev.extend(apply(r, s, d100(50)));
    }
    ev
}

pub(super) fn top(s: &State) -> Option<Step> {
    s.steps.last().copied()
}

/// A French infantry battalion at S1010 facing vertex 1 (Frontal directions 0 and 1) and an
/// English one in its Frontal hex toward 0, facing back.
pub(super) fn duel(fsp: u8, asp: u8) -> (Fontenoy, State, UnitId, UnitId) {
    let mut ids = (0, 0);
    let (r, s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, fsp, hex("S1010"), 1);
            let a = unit(
                w,
                "1 ENG",
                AL,
                Kind::Infantry,
                asp,
                ahead(hex("S1010"), 0),
                7,
            );
            ids = (f, a);
            (alloc::vec![f], alloc::vec![a])
        },
        |_| {},
    );
    (r, s, ids.0, ids.1)
}

/// Declares `u` against `target`, ends the declarations and rolls the attacker's MC(B).
pub(super) fn attack(r: &Fontenoy, s: &mut State, u: UnitId, target: Hex) -> Vec<Event> {
    let mut ev = apply(r, s, Action::Attack { unit: u, target });
    ev.extend(apply(r, s, Action::EndSegment));
    assert!(matches!(top(s), Some(Step::Check(_))));
    ev.extend(apply(r, s, d100(50)));
    ev
}

/// Dice that give `want` on the combat under way (attacker's die, defender's).
pub(super) fn dice_for(r: &Fontenoy, s: &State, want: &str, special: bool) -> [u8; 2] {
    let c = r.close_segment(s).unwrap().current.as_ref().unwrap();
    let f = r.combat_figures(s, c);
    let (col, _, drm) = r.close_column(f[0].sp, f[1].sp);
    let cr = [f[0].cr + i16::from(drm[0]), f[1].cr + i16::from(drm[1])];
    let want = CcResult::parse(want).unwrap();
    for a in 0..10 {
        for d in 0..10 {
            let o = r.round_outcome(col, cr, [a, d]);
            if o.result == want && o.special == special {
                return [a, d];
            }
        }
    }
    panic!("no dice give {want:?}");
}

/// Resolves the pending Defensive Fire rolls (13.10) with a result that does nothing: the
/// first d100 after which no SP is lost and no check or state change follows.
pub(super) fn fire_misses(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    ev.extend(defensive_fire_all(r, s));
    while let Some(Step::Fire(crate::fontenoy::state::FireStep::Roll { .. })) = top(s) {
        let v = (10..100u8)
            .find(|&v| {
                let mut t = s.clone();
                let e = apply(r, &mut t, d100(v));
                !e.iter().any(|e| {
                    matches!(
                        e,
                        Event::SpLost { .. } | Event::Condition { .. } | Event::Check { .. }
                    )
                }) && !matches!(top(&t), Some(Step::Check(_)))
            })
            .expect("a Defensive Fire roll without effect");
        ev.extend(apply(r, s, d100(v)));
    }
    ev
}

/// The passive player's Defensive Fire choices (13.10d): each hex fires at the first group
/// offered, until none is left.
pub(super) fn defensive_fire_all(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    while top(s) == Some(Step::Close(CloseStep::DefensiveFire)) {
        let a = legal(r, s)
            .into_iter()
            .find(|a| matches!(a, Action::DefensiveFire { .. }))
            .unwrap_or(Action::Pass);
        ev.extend(apply(r, s, a));
    }
    ev
}

pub(super) fn roll(r: &Fontenoy, s: &mut State, dice: [u8; 2]) -> Vec<Event> {
    fire_misses(r, s);
    assert_eq!(top(s), Some(Step::Close(CloseStep::Dice)));
    let mut ev = apply(r, s, d10(dice[0]));
    ev.extend(apply(r, s, d10(dice[1])));
    ev.extend(settle(r, s));
    ev
}

/// Applies `a`, then makes the retreats it set off, each to the first hex offered (20.2).
pub(super) fn settled(r: &Fontenoy, s: &mut State, a: Action) -> Vec<Event> {
    let mut ev = apply(r, s, a);
    ev.extend(settle(r, s));
    ev
}

/// Makes the pending retreats, each to the first hex offered (20.2).
pub(super) fn settle(r: &Fontenoy, s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    while let Some(Step::RetreatChoice { .. }) = top(s) {
        let a = legal(r, s).into_iter().next().expect("a retreat choice");
        ev.extend(apply(r, s, a));
    }
    ev
}

// --- 13.1 designating the attacker -------------------------------------------------------

#[test]
fn r13_1_the_segment_offers_declarations_and_no_more_attacks() {
    let (r, s, f, a) = duel(6, 6);
    let target = at(&s, a);
    let acts = legal(&r, &s);
    assert_eq!(
        acts,
        alloc::vec![Action::Attack { unit: f, target }, Action::EndSegment]
    );
}

#[test]
fn r13_1_no_attack_ends_the_segment_and_the_activation() {
    let (r, mut s, _, _) = duel(6, 6);
    let ev = apply(&r, &mut s, Action::EndSegment);
    assert!(ev.contains(&Event::ActivationComplete));
    assert!(
        s.activation.is_none() || s.activation.as_ref().unwrap().segment != Segment::CloseCombat
    );
}

#[test]
fn r19_6d_a_shaken_unit_may_not_declare_an_attack() {
    let (r, mut s, f, a) = duel(6, 6);
    s.unit_mut(f).morale = Morale::Shaken;
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: at(&s, a),
        },
    );
    assert_eq!(e.rule, "19.6d");
    assert_eq!(legal(&r, &s), alloc::vec![Action::EndSegment]);
}

#[test]
fn r13_1a_an_out_of_command_unit_may_not_attack() {
    let (r, mut s, f, a) = duel(6, 6);
    s.unit_mut(f).command = Some(false);
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: at(&s, a),
        },
    );
    assert_eq!(e.rule, "13.1a");
}

#[test]
fn r13_1a_artillery_never_attacks() {
    let mut g = 0;
    let (r, s) = cc(
        |w| {
            g = unit(w, "8 LB", FR, Kind::Artillery, 2, hex("S1010"), 1);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            (alloc::vec![g], alloc::vec![a])
        },
        |_| {},
    );
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: g,
            target: ahead(hex("S1010"), 0),
        },
    );
    assert_eq!(e.rule, "13.1a");
}

#[test]
fn r13_1a_infantry_needs_an_enemy_in_its_zoc() {
    let (r, s, f, _) = duel(6, 6);
    // The hex behind it holds nobody and is not Frontal.
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: ahead(hex("S1010"), 3),
        },
    );
    assert_eq!(e.rule, "13.1a");
}

#[test]
fn r13_1b_a_march_column_may_not_attack() {
    let (r, mut s, f, a) = duel(6, 6);
    s.unit_mut(f).formation = Formation::MarchColumn;
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: at(&s, a),
        },
    );
    assert_eq!(e.rule, "13.1b");
}

#[test]
fn r13_6d_a_group_declares_only_once() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    apply(&r, &mut s, Action::Attack { unit: f, target: t });
    let e = refused(&r, &s, Action::Attack { unit: f, target: t });
    assert_eq!(e.rule, "13.6d");
    assert_eq!(legal(&r, &s), alloc::vec![Action::EndSegment]);
}

/// French cavalry at S1010 facing vertex 1 and an English battalion `gap` hexes ahead in
/// direction 0 (Frontal direction), in `terrain`.
pub(super) fn charge_setup(
    gap: u8,
    terrain: Terrain,
    tables: impl FnOnce(&mut crate::fontenoy::tables::Tables),
) -> (Fontenoy, State, UnitId, UnitId) {
    let mut ids = (0, 0);
    let (r, s) = cc(
        |w| {
            let f = unit(w, "CAR a", FR, Kind::Cavalry, 5, hex("S1010"), 1);
            let mut h = hex("S1010");
            for _ in 0..gap {
                h = ahead(h, 0);
            }
            w.board.set_terrain(h, terrain);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, h, 7);
            ids = (f, a);
            (alloc::vec![f], alloc::vec![a])
        },
        tables,
    );
    (r, s, ids.0, ids.1)
}

#[test]
fn f2_8c_cavalry_may_not_attack_into_a_walled_farm() {
    let (r, s, f, a) = charge_setup(1, Terrain::WalledFarm, |t| {
        t.terrain[Terrain::WalledFarm as usize].cavalry_attack = false;
    });
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: at(&s, a),
        },
    );
    assert_eq!(e.rule, "F-2.8c");
}

#[test]
fn f2_9_cavalry_in_general_order_cannot_attack() {
    let (r, mut s, f, a) = charge_setup(1, Terrain::Clear, |_| {});
    s.unit_mut(f).formation = Formation::GeneralOrder;
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: at(&s, a),
        },
    );
    assert_eq!(e.rule, "F-2.9");
}

#[test]
fn r18_5b_disordered_cavalry_may_not_charge_a_unit_not_adjacent() {
    let (r, mut s, f, a) = charge_setup(3, Terrain::Clear, |_| {});
    s.unit_mut(f).disordered = true;
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: at(&s, a),
        },
    );
    assert_eq!(e.rule, "18.5b");
}

#[test]
fn r13_1d_cavalry_charges_within_its_range_and_no_further() {
    // French cavalry charges 3 hexes (F-3.1c): an enemy 3 hexes ahead is reached after two
    // hexes of movement; one 5 hexes ahead is not.
    let (r, s, f, a) = charge_setup(3, Terrain::Clear, |_| {});
    assert!(legal(&r, &s).contains(&Action::Attack {
        unit: f,
        target: at(&s, a)
    }));
    let (r, s, f, a) = charge_setup(5, Terrain::Clear, |_| {});
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: at(&s, a),
        },
    );
    assert_eq!(e.rule, "13.1d");
}

#[test]
fn r13_1f_e42_terrain_costs_more_charge_range_and_a_dc_a_after_the_charge() {
    // E42 with the series example's village (2 hexes of range, a DC(A) entered and left) and
    // a range of 4: Open 1, Village 2, Open 1 reaches the enemy, then DC(A) before combat.
    // (Fontenoy's village costs 3, F-9.2j: the example is not Fontenoy data.)
    let tweak = |t: &mut crate::fontenoy::tables::Tables| {
        let v = &mut t.terrain[Terrain::Village as usize];
        v.scm = Mp::Pts(Pts::whole(2));
        v.dca = crate::fontenoy::tables::Dca::Yes;
        for row in t.close.charge.iter_mut() {
            if row.key == "french" {
                row.range = 4;
            }
        }
    };
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "CAR a", FR, Kind::Cavalry, 5, hex("S1010"), 1);
            let h1 = ahead(hex("S1010"), 0);
            let h2 = ahead(h1, 0);
            let h3 = ahead(h2, 0);
            w.board.set_terrain(h2, Terrain::Village);
            let a = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(h3, 0), 7);
            ids = (f, a);
            (alloc::vec![f], alloc::vec![a])
        },
        tweak,
    );
    let (f, a) = ids;
    let target = at(&s, a);
    attack(&r, &mut s, f, target);
    let h1 = ahead(hex("S1010"), 0);
    let h2 = ahead(h1, 0);
    let h3 = ahead(h2, 0);
    for h in [h1, h2, h3] {
        while top(&s) == Some(Step::Close(CloseStep::DefenderReaction)) {
            apply(&r, &mut s, Action::Pass);
        }
        apply(&r, &mut s, Action::ChargeStep { unit: f, to: h });
    }
    // In the enemy's ZOC the charge stops (13.3d); the DC(A) is due (13.3f).
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, f);
            assert_eq!(req.kind, CheckKind::Disorder(DisorderCheck::A));
        }
        other => panic!("expected the DC(A), found {other:?}"),
    }
    let a_ = r.close_segment(&s).unwrap().attacks[0].clone();
    assert_eq!(a_.hexes, 3);
    assert_eq!(a_.range, Pts::ZERO);
}

#[test]
fn r13_1d_e41_a_charge_goes_around_a_unit_in_the_way() {
    // C (range 3) may reach unit 3 by going around unit 2, which stands straight ahead.
    let mut ids = (0, 0, 0);
    let (r, s) = cc(
        |w| {
            let c = unit(w, "CAR a", FR, Kind::Cavalry, 5, hex("S1010"), 1);
            let h1 = ahead(hex("S1010"), 0);
            let u2 = unit(w, "2 ENG", AL, Kind::Infantry, 6, ahead(h1, 0), 9);
            let h1b = ahead(hex("S1010"), 1);
            let u3 = unit(
                w,
                "3 ENG",
                AL,
                Kind::Infantry,
                6,
                ahead(ahead(h1b, 1), 1),
                7,
            );
            ids = (c, u2, u3);
            (alloc::vec![c], alloc::vec![u2, u3])
        },
        |_| {},
    );
    let (c, _, u3) = ids;
    assert!(legal(&r, &s).contains(&Action::Attack {
        unit: c,
        target: at(&s, u3)
    }));
}

// --- 13.2 the attacker's Morale Check ----------------------------------------------------

#[test]
fn r13_2a_an_attacker_that_fails_its_mc_b_does_not_attack() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    apply(&r, &mut s, Action::Attack { unit: f, target: t });
    apply(&r, &mut s, Action::EndSegment);
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::B));
            assert_eq!(req.unit, f);
        }
        other => panic!("{other:?}"),
    }
    // The check fails: the unit is Shaken (the checks section's result).
    s.unit_mut(f).morale = Morale::Shaken;
    let ev = checks(&r, &mut s);
    assert!(ev.contains(&Event::AttackCancelled {
        unit: f,
        rule: "13.2a".into()
    }));
    assert!(ev.contains(&Event::ActivationComplete));
}

// --- 13.3–13.5 charges, reactions, countercharges ------------------------------------------

#[test]
fn r13_3e_a_charge_that_reaches_nobody_returns_disorder_shaken() {
    let (r, mut s, f, a) = charge_setup(3, Terrain::Clear, |_| {});
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    while top(&s) == Some(Step::Close(CloseStep::DefenderReaction)) {
        apply(&r, &mut s, Action::Pass);
    }
    let ev = apply(&r, &mut s, Action::EndCharge { unit: f });
    assert!(ev.contains(&Event::ChargeReturned { unit: f }));
    assert!(s.unit(f).disordered);
    assert_eq!(s.unit(f).morale, Morale::Shaken);
    assert_eq!(s.unit(f).placed().unwrap().hex(), hex("S1010"));
}

#[test]
fn r13_3d_a_charge_stops_on_entering_an_enemy_zoc_and_the_combat_follows() {
    let (r, mut s, f, a) = charge_setup(3, Terrain::Clear, |_| {});
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    let h1 = ahead(hex("S1010"), 0);
    for h in [h1, ahead(h1, 0)] {
        while top(&s) == Some(Step::Close(CloseStep::DefenderReaction)) {
            apply(&r, &mut s, Action::Pass);
        }
        apply(&r, &mut s, Action::ChargeStep { unit: f, to: h });
    }
    let c = r.close_segment(&s).unwrap();
    let combat = c.current.as_ref().expect("the combat is under way");
    assert_eq!(combat.attackers[0].units, alloc::vec![f]);
    assert_eq!(combat.attackers[0].charged, 2);
    assert_eq!(combat.defenders[0].units, alloc::vec![a]);
    // The defender's MC(B), +5 against cavalry (19.9d).
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, a);
            assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::B));
            assert_eq!(req.er_mod, 5);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn r13_4e_e43_reactions_check_dc_d_at_ten_per_mp_or_forty() {
    // The open board's facing costs: 60 degrees 1 MP, 120 degrees 2 MP, 180 the whole MPo.
    let (r, mut s, f, a) = charge_setup(3, Terrain::Clear, |_| {});
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::DefenderReaction)));
    let opts = r.defender_reaction_options(&s, a);
    let er = |steps: i8| {
        let to = s.unit(a).placed().unwrap().facing.rotate(2 * steps).index();
        opts.iter().find(|o| o.0 == to && !o.1).unwrap().2
    };
    assert_eq!(er(1), 10);
    assert_eq!(er(2), 20);
    assert_eq!(er(3), 40);
    assert!(opts.contains(&(s.unit(a).placed().unwrap().facing.index(), true, 40)));
    let to = s.unit(a).placed().unwrap().facing.rotate(4).index();
    let ev = apply(
        &r,
        &mut s,
        Action::React {
            unit: a,
            facing: to,
            square: false,
            formation: None,
        },
    );
    assert!(matches!(ev[0], Event::Reacted { er_mod: 20, .. }));
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.kind, CheckKind::Disorder(DisorderCheck::D));
            assert_eq!(req.er_mod, 20);
        }
        other => panic!("{other:?}"),
    }
    checks(&r, &mut s);
    // 13.4d: once a segment.
    assert_ne!(top(&s), Some(Step::Close(CloseStep::DefenderReaction)));
}

#[test]
fn r13_4c_e44_a_two_hex_line_may_not_react() {
    let (r, mut s, _f, a) = charge_setup(3, Terrain::Clear, |_| {});
    // Make the English a two-hex Line: no reaction needs no movement in or out (13.4c).
    let p = *s.unit(a).placed().unwrap();
    let line = crate::fontenoy::geometry::line_hexes(p.hex(), p.facing, 2).unwrap();
    if let crate::fontenoy::state::Place::Map(q) = &mut s.unit_mut(a).place {
        q.hexes = line;
    }
    assert!(
        r.defender_reaction_options(&s, a).is_empty() || {
            let o = crate::fontenoy::occupancy::Occupancy::build(&r, &s);
            !r.reactors(&s, &o).contains(&a)
        }
    );
}

#[test]
fn r13_5_e45_a_countercharge_stops_the_charge_and_must_be_attacked() {
    // A charges ahead; Y, two hexes from A's first hex with it in front, countercharges.
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "CAR a", FR, Kind::Cavalry, 5, hex("S1010"), 1);
            let h1 = ahead(hex("S1010"), 0);
            let x = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(ahead(h1, 0), 0), 7);
            // Y faces back toward h1 from two hexes away, off to the side.
            let y_at = ahead(ahead(h1, 1), 1);
            let y = unit(w, "Y CAV", AL, Kind::Cavalry, 4, y_at, 7);
            ids = (a, x, y);
            (alloc::vec![a], alloc::vec![x, y])
        },
        |_| {},
    );
    let (a, x, y) = ids;
    let t = at(&s, x);
    attack(&r, &mut s, a, t);
    while top(&s) == Some(Step::Close(CloseStep::DefenderReaction)) {
        apply(&r, &mut s, Action::Pass);
    }
    let h1 = ahead(hex("S1010"), 0);
    apply(&r, &mut s, Action::ChargeStep { unit: a, to: h1 });
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Countercharge)));
    assert!(legal(&r, &s).contains(&Action::Countercharge { unit: y }));
    apply(&r, &mut s, Action::Countercharge { unit: y });
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.kind, CheckKind::Morale(MoraleCheck::C)),
        other => panic!("{other:?}"),
    }
    let ev = checks(&r, &mut s);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Countercharged { unit, .. } if *unit == y))
    );
    assert_eq!(
        s.unit(a).placed().unwrap().hex(),
        h1,
        "the charge stopped (13.5c)"
    );
    let combat = r
        .close_segment(&s)
        .unwrap()
        .current
        .clone()
        .expect("a combat");
    assert_eq!(combat.defenders.len(), 1);
    assert_eq!(
        combat.defenders[0].units,
        alloc::vec![y],
        "A attacks Y (13.6a)"
    );
    assert!(combat.defenders[0].checked, "MC(C) was its MC(B) (13.5c)");
}

// --- 13.7–13.9 the defender ----------------------------------------------------------------

#[test]
fn r13_7d_a_routed_defender_loses_1_sp_instead_of_checking() {
    let (r, mut s, f, a) = duel(6, 6);
    s.unit_mut(a).morale = Morale::Routed;
    let t = at(&s, a);
    // A Routed unit has no ZOC but may be attacked: it stands in the attacker's ZOC.
    let ev = attack(&r, &mut s, f, t);
    assert!(ev.contains(&Event::SpLost {
        unit: a,
        lost: 1,
        destroyed: false,
        rule: "13.7d".into()
    }));
}

/// French infantry attacks English cavalry in the hex ahead (13.9: the cavalry is asked
/// whether it retreats before combat). Returns the rules, the position, the attacker, the
/// cavalry and its hex.
pub(super) fn cavalry_attacked() -> (Fontenoy, State, UnitId, UnitId, Hex) {
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let a = unit(w, "E CAV", AL, Kind::Cavalry, 4, ahead(hex("S1010"), 0), 7);
            ids = (f, a);
            (alloc::vec![f], alloc::vec![a])
        },
        |_| {},
    );
    let (f, a) = ids;
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Retreat)));
    (r, s, f, a, t)
}

#[test]
fn r13_9_cavalry_attacked_by_infantry_may_retreat_before_combat() {
    let (r, mut s, _, a, _) = cavalry_attacked();
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::RetreatBefore { unit: a }, Action::Pass]
    );
    let ev = apply(&r, &mut s, Action::RetreatBefore { unit: a });
    assert!(ev.contains(&Event::RetreatBeforeCombat { unit: a }));
    let c = r.close_segment(&s).unwrap().current.clone();
    // The retreat section moves it (on this branch it stays): then no MC(B) for it (13.9c).
    if let Some(c) = c {
        assert!(c.defenders[0].retreated);
    }
}

#[test]
fn r13_9b_infantry_attacked_by_infantry_is_not_offered_a_retreat() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    assert!(
        matches!(top(&s), Some(Step::Check(_))),
        "straight to the MC(B)"
    );
}

#[test]
fn r13_8_e46_uncommitted_passive_cavalry_with_the_attacker_in_its_zoc_may_join() {
    // Situation 1: A attacks X; cavalry Y has A in its ZOC and is not attacked.
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let x = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            // Y stands on A's flank (direction 2 of A) facing A.
            let y = unit(w, "Y CAV", AL, Kind::Cavalry, 4, ahead(hex("S1010"), 2), 9);
            ids = (a, x, y);
            (alloc::vec![a], alloc::vec![x, y])
        },
        |_| {},
    );
    let (a, x, y) = ids;
    let t = at(&s, x);
    attack(&r, &mut s, a, t);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Commit)));
    assert!(legal(&r, &s).contains(&Action::Commit { unit: y }));
    apply(&r, &mut s, Action::Commit { unit: y });
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert!(
        c.defenders
            .iter()
            .any(|g| g.committed && g.units == alloc::vec![y])
    );
    // Situation 3: a cavalry unit already attacked cannot be committed (its `fought` mark).
    assert!(r.close_segment(&s).unwrap().fought.contains(&y));
}

// --- 13.11 the ratio and the CR ------------------------------------------------------------

#[test]
fn r13_11a_e47_sp_taking_part() {
    // A 4-SP unit in one hex: all 4. An 8-SP 2-hex Line with only its right hex adjacent and
    // the left one next to the enemy's flank hex: 4 + 2 = 6. A 13-SP cavalry 3-hex Line (5, 4,
    // 4) with its right hex adjacent and the middle one next to the flank hex: 5 + 2 = 7.
    let mut ids = (0, 0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 6, hex("S1515"), 7);
            let one = unit(w, "ONE", FR, Kind::Infantry, 4, hex("S0505"), 1);
            let two = unit(w, "TWO", FR, Kind::Infantry, 8, hex("S0606"), 1);
            let three = unit(w, "THREE", FR, Kind::Cavalry, 13, hex("S0707"), 1);
            ids = (e, one, two, three);
            (alloc::vec![one, two, three], alloc::vec![e])
        },
        |_| {},
    );
    let (e, one, two, three) = ids;
    let ep = *s.unit(e).placed().unwrap();
    // The enemy faces vertex 7: Frontal 3 and 4, flanks 2 and 5.
    let put = |s: &mut State, u: UnitId, right: Hex, n: usize| {
        let facing = crate::hex::Facing::new(1).unwrap();
        let hexes = crate::fontenoy::geometry::line_hexes(right, facing, n).unwrap();
        if let crate::fontenoy::state::Place::Map(q) = &mut s.unit_mut(u).place {
            *q = crate::fontenoy::geometry::Placed {
                hexes,
                facing,
                hook: None,
            };
        }
    };
    // Single hex: in the enemy's front hex toward 3.
    put(&mut s, one, ahead(ep.hex(), 3), 1);
    assert_eq!(r.group_sp(&s, &[one], &[e]), 4);
    // The Line's axis runs toward direction 2 from its right end (facing vertex 1).
    // Right end in the enemy's direction-3 hex: the left hex (toward direction 2) is two
    // hexes from the enemy, next to its flank hex toward 2.
    put(&mut s, one, hex("S0101"), 1);
    let right = ahead(ep.hex(), 3);
    put(&mut s, two, right, 2);
    let p2 = *s.unit(two).placed().unwrap();
    let left = p2.hexes.as_slice()[1];
    assert!(left.distance(ep.hex()) > 1);
    assert_eq!(r.group_sp(&s, &[two], &[e]), 6);
    put(&mut s, two, hex("S0103"), 1);
    put(&mut s, three, right, 3);
    assert_eq!(r.group_sp(&s, &[three], &[e]), 7);
}

#[test]
fn r13_11b_e48_a_line_averages_the_units_of_its_top_4_sp_a_hex() {
    let mut ids = (0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "A", FR, Kind::Infantry, 3, hex("S1010"), 1);
            let b = unit(w, "B", FR, Kind::Infantry, 4, hex("S1010"), 1);
            let c = unit(w, "C", FR, Kind::Infantry, 1, hex("S1010"), 1);
            w.units[usize::from(a)].cr = 3;
            w.units[usize::from(b)].cr = 2;
            w.units[usize::from(c)].cr = 4;
            let e = unit(w, "E", AL, Kind::Infantry, 6, hex("S2020"), 7);
            ids = (a, b, c);
            (alloc::vec![a, b, c], alloc::vec![e])
        },
        |_| {},
    );
    let (a, b, c) = ids;
    let facing = crate::hex::Facing::new(1).unwrap();
    let hexes = crate::fontenoy::geometry::line_hexes(hex("S1010"), facing, 2).unwrap();
    for (k, u) in [a, b, c].into_iter().enumerate() {
        s.unit_mut(u).order = k as u8;
        if let crate::fontenoy::state::Place::Map(q) = &mut s.unit_mut(u).place {
            q.hexes = hexes;
        }
    }
    assert_eq!(r.base_cr(&s, &[a, b, c]), 3);
}

#[test]
fn r13_11c_e49_losses_halve_the_printed_cr_then_the_modifiers_add() {
    // 6 SP, printed +2, 3 SP lost (+1); flanked by an outsider −3, woods +1, commander +1: 0.
    let mut ids = (0, 0, 0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let d = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
            w.board.set_terrain(ahead(hex("S1010"), 0), Terrain::Woods);
            // A French unit outside the combat on d's flank, facing it.
            let o = unit(
                w,
                "2 FRA",
                FR,
                Kind::Infantry,
                6,
                ahead(ahead(hex("S1010"), 0), 5),
                3,
            );
            let b = w.commander(
                "Bonus",
                AL,
                &crate::fontenoy::fhex::label(ahead(hex("S1010"), 0)),
                4,
                4,
            );
            w.units[usize::from(b)].cc_bonus = 1;
            ids = (f, d, o, b);
            (alloc::vec![f, o], alloc::vec![d])
        },
        |t| t.terrain[Terrain::Woods as usize].cr = [1, 0],
    );
    let (f, d, _o, b) = ids;
    s.unit_mut(d).sp = 3;
    let c = crate::fontenoy::close::Combat {
        attackers: alloc::vec![group_of(&s, f)],
        defenders: alloc::vec![{
            let mut g = group_of(&s, d);
            g.bonus = Some(b);
            g
        }],
        round: 1,
        reaction: false,
        mover: None,
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: Outcome::Open,
        advanced: Vec::new(),
    };
    let g = c.defenders[0].clone();
    assert_eq!(r.group_cr(&s, &c, false, &g), 0);
}

pub(super) fn group_of(s: &State, u: UnitId) -> crate::fontenoy::close::Group {
    crate::fontenoy::close::Group {
        units: alloc::vec![u],
        hexes: s
            .unit(u)
            .placed()
            .unwrap()
            .hexes
            .as_slice()
            .iter()
            .map(|&h| crate::fontenoy::close::HexLabel(h))
            .collect(),
        charged: 0,
        bonus: None,
        checked: false,
        retreated: false,
        committed: false,
        disorder_left: false,
        before: Morale::Good,
        movers: Vec::new(),
        joined: Vec::new(),
    }
}

#[test]
fn r13_11_e52_ratios_beyond_the_table_add_to_the_dice() {
    let t = crate::fontenoy::tables::close::CloseTables::builtin();
    assert_eq!(t.column(8, 1), (7, [2, 0]));
    assert_eq!(t.column(1, 4), (0, [0, 1]));
    assert_eq!(t.column(3, 1), (4, [0, 0]));
    assert_eq!(t.column(1, 3), (0, [0, 0]));
}

// --- the outcome distribution and a random play ---------------------------------------------

#[test]
fn r14_1_the_outcome_distribution_sums_to_one_with_19_in_100_special() {
    let (r, _s, _, _) = duel(6, 6);
    let d = r.close_combat_distribution(2, [2, 2]);
    let total: u32 = d.iter().map(|(_, p)| p.num() * (100 / p.den())).sum();
    assert_eq!(total, 100);
    let special: u32 = d
        .iter()
        .filter(|(o, _)| o.special)
        .map(|(_, p)| p.num() * (100 / p.den()))
        .sum();
    assert_eq!(special, 19);
}

#[test]
fn r13_0_random_close_combats_always_end() {
    // Cavalry and infantry of both sides face to face; random decisions and dice from the
    // Close Combat Segment must reach the end of the activation.
    for seed in 0..40u64 {
        let mut ids = Vec::new();
        let (r, mut s) = cc(
            |w| {
                let f1 = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
                let f2 = unit(w, "CAR a", FR, Kind::Cavalry, 5, ahead(hex("S1010"), 2), 1);
                let a1 = unit(w, "1 ENG", AL, Kind::Infantry, 6, ahead(hex("S1010"), 0), 7);
                let a2 = unit(
                    w,
                    "E CAV",
                    AL,
                    Kind::Cavalry,
                    4,
                    ahead(ahead(hex("S1010"), 1), 1),
                    7,
                );
                let f3 = unit(w, "CAR b", FR, Kind::Cavalry, 5, hex("S1006"), 1);
                ids = alloc::vec![f1, f2, a1, a2, f3];
                (alloc::vec![f1, f2, f3], alloc::vec![a1, a2])
            },
            |_| {},
        );
        let mut x = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut n = 0;
        while s
            .activation
            .as_ref()
            .is_some_and(|a| a.segment == Segment::CloseCombat)
        {
            n += 1;
            assert!(n < 2000, "seed {seed}: the segment does not end");
            let acts = legal(&r, &s);
            assert!(
                !acts.is_empty(),
                "seed {seed}: stuck at {:?}",
                s.steps.last()
            );
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let i = ((x >> 33) as usize) % acts.len();
            let mut ev = Vec::new();
            r.apply(&mut s, &acts[i], &mut ev)
                .unwrap_or_else(|e| panic!("seed {seed}: {:?} refused: {e}", acts[i]));
            let json = serde_json::to_string(&s).unwrap();
            let back: State = serde_json::from_str(&json).unwrap();
            assert_eq!(back, s, "seed {seed}: JSON round trip");
        }
    }
}

pub(super) fn simple_combat(
    s: &State,
    att: UnitId,
    def: UnitId,
    charged: u8,
) -> crate::fontenoy::close::Combat {
    let mut g = group_of(s, att);
    g.charged = charged;
    crate::fontenoy::close::Combat {
        attackers: alloc::vec![g],
        defenders: alloc::vec![group_of(s, def)],
        round: 1,
        reaction: false,
        mover: None,
        asked: 0,
        commit_done: true,
        bonus_asked: 0,
        die: None,
        special_order: Vec::new(),
        outcome: Outcome::Open,
        advanced: Vec::new(),
    }
}

#[test]
fn f4_1e_d_hanoverian_cavalry_gets_no_charge_hex_bonus() {
    // Heavy cavalry +2 and +1 for the hex charged (13.11c); the Hanoverians only the +2.
    let (mut r, s, f, a) = charge_setup(1, Terrain::Clear, |_| {});
    let c = simple_combat(&s, f, a, 1);
    let g = c.attackers[0].clone();
    assert_eq!(r.group_cr(&s, &c, true, &g), 5);
    Arc::make_mut(&mut r.units)[usize::from(f)].nationality =
        crate::fontenoy::types::Nationality::Hanoverian;
    assert_eq!(r.group_cr(&s, &c, true, &g), 4);
}

#[test]
fn f3_2b_the_wild_geese_add_1_against_the_english() {
    let (mut r, s, f, a) = duel(6, 6);
    let c = simple_combat(&s, f, a, 0);
    let g = c.attackers[0].clone();
    assert_eq!(r.group_cr(&s, &c, true, &g), 2);
    Arc::make_mut(&mut r.units)[usize::from(f)].tag = Some(String::from("irish"));
    assert_eq!(r.group_cr(&s, &c, true, &g), 3);
}

#[test]
fn r13_7e_when_every_defender_has_left_the_attacker_advances_without_dice() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    match top(&s) {
        Some(Step::Check(req)) => assert_eq!(req.unit, a),
        other => panic!("{other:?}"),
    }
    // The Shaken defender fails its MC(B), Routs and retreats away (19.1c, 20.2).
    s.unit_mut(a).morale = Morale::Shaken;
    let ev = settled(&r, &mut s, d100(10));
    assert_eq!(s.unit(a).morale, Morale::Routed);
    assert_ne!(at(&s, a), t, "the defender has left its hex");
    assert!(ev.contains(&Event::CombatOver {
        winner: Some(FR),
        rounds: 0
    }));
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Advance { side: FR })));
}

// --- 13.10 Defensive Fire, through the fire section ------------------------------------------

#[test]
fn r13_10a_the_defender_fires_at_its_attacker_before_the_round_and_only_once_13_10c() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    let ev = checks(&r, &mut s); // the defender's MC(B), then Defensive Fire
    assert!(
        ev.contains(&Event::DefensiveFireDue {
            defenders: alloc::vec![a],
            attackers: alloc::vec![f],
        }),
        "{ev:?}"
    );
    assert!(matches!(
        top(&s),
        Some(Step::Fire(crate::fontenoy::state::FireStep::Roll { .. }))
    ));
    let fired = r.close_segment(&s).unwrap().defensive_fired.clone();
    assert_eq!(
        fired,
        alloc::vec![a],
        "13.10c: recorded as fired this segment"
    );
    fire_misses(&r, &mut s);
    assert_eq!(top(&s), Some(Step::Close(CloseStep::Dice)));
    // A second Defensive Fire of the segment finds nobody free to fire (13.10c).
    let mut ev = Vec::new();
    let before = s.steps.len();
    r.close_defensive_fire(&mut s, &[a], &[alloc::vec![f]], &mut ev);
    assert!(ev.is_empty() && s.steps.len() == before, "{ev:?}");
}

#[test]
fn r13_10e_a_hit_from_defensive_fire_brings_the_attackers_disorder_check() {
    let (r, mut s, f, a) = duel(6, 6);
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    // The first roll that costs the attacker SP: DC(E) follows (12.9e), then the combat.
    let v = (10..100u8)
        .find(|&v| {
            let mut x = s.clone();
            apply(&r, &mut x, d100(v));
            x.unit(f).sp < 6
        })
        .expect("a roll with a loss");
    let ev = apply(&r, &mut s, d100(v));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SpLost { unit, .. } if *unit == f))
    );
    match top(&s) {
        Some(Step::Check(req)) => {
            assert_eq!(req.unit, f);
            assert_eq!(req.kind, CheckKind::Disorder(DisorderCheck::E));
        }
        other => panic!("{other:?}"),
    }
}
