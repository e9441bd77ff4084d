//! F-7.1d C the Infernal Column stands instead of routing; F-7.1e A its Lines and Hooks sidle.

use super::close::top;
use super::infernal::activated;
use super::*;
use crate::fontenoy::checks::CheckKind;
use crate::fontenoy::close::{CloseSegment, CloseStep, Combat, Outcome};
use crate::fontenoy::state::{InfernalChoice, Place, Step};
use crate::fontenoy::types::{Morale, MoraleCheck};

/// The column's 1 ENE attacking the French battalion, moved beside it, as the combat under
/// way; the French have `fsp` SP.
fn column_attack(fsp: u8) -> (Fontenoy, State, UnitId, UnitId) {
    let (r, mut s, c) = activated();
    let beside = hex("S2012").neighbor(crate::hex::Direction::ALL[0]);
    s.unit_mut(c.french).place = Place::Map(crate::fontenoy::geometry::Placed::at(
        beside,
        crate::hex::Facing::new(7).unwrap(),
    ));
    s.unit_mut(c.french).sp = fsp;
    let combat = Combat {
        attackers: alloc::vec![super::close::group_of(&s, c.e_near)],
        defenders: alloc::vec![super::close::group_of(&s, c.french)],
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
    s.activation.as_mut().expect("activation").close = Some(CloseSegment {
        current: Some(combat),
        ..CloseSegment::default()
    });
    s.steps.clear();
    (r, s, c.e_near, c.french)
}

/// Dice that give the attackers `n`R (n in 1–3), not special, and `n`.
fn rout_dice(r: &Fontenoy, s: &State) -> Option<([u8; 2], u8)> {
    let c = r.close_segment(s)?.current.clone()?;
    let f = r.combat_figures(s, &c);
    let (col, _, drm) = r.close_column(f[0].sp, f[1].sp);
    let cr = [f[0].cr + i16::from(drm[0]), f[1].cr + i16::from(drm[1])];
    for a in 1..10u8 {
        for d in 1..10u8 {
            let o = r.round_outcome(col, cr, [a, d]);
            let x = o.result.attacker;
            if !o.special
                && x.rout
                && !x.surrender
                && (1..=3).contains(&x.sp)
                && !o.result.defender.rout
            {
                return Some(([a, d], x.sp));
            }
        }
    }
    None
}

fn setup() -> (Fontenoy, State, UnitId, UnitId, [u8; 2], u8) {
    for fsp in [6, 8, 10, 12, 16] {
        let (r, s, e, f) = column_attack(fsp);
        if let Some((dice, n)) = rout_dice(&r, &s) {
            return (r, s, e, f, dice, n);
        }
    }
    panic!("no 1R-3R for the attackers on the chart");
}

#[test]
fn f7_1d_c_the_column_may_turn_its_rout_into_an_m_for_one_sp_more() {
    let (r, mut s, e, _, dice, n) = setup();
    let sp = s.unit(e).sp;
    let mut ev = Vec::new();
    r.resolve_round(&mut s, dice, &mut ev);
    assert_eq!(
        top(&s),
        Some(Step::Close(CloseStep::ColumnStand {
            attacker: true,
            dice
        }))
    );
    assert_eq!(
        r.actor(&s),
        crate::engine::Actor::Player(crate::fontenoy::ALLIED)
    );
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Infernal(InfernalChoice::Stand), Action::Pass]
    );
    let ev = apply(&r, &mut s, Action::Infernal(InfernalChoice::Stand));
    assert!(ev.contains(&Event::ColumnStands { unit: e, sp: n + 1 }));
    assert_eq!(s.unit(e).sp, sp - n - 1);
    assert_ne!(s.unit(e).morale, Morale::Routed);
    // Its MC(G) (no Disorder Check).
    match top(&s) {
        Some(Step::Check(q)) => {
            assert_eq!(q.unit, e);
            assert_eq!(q.kind, CheckKind::Morale(MoraleCheck::G));
        }
        other => panic!("{other:?}"),
    }
    assert!(!s.unit(e).disordered);
    // It holds: the combat goes on (a renewed round).
    apply(&r, &mut s, d100(90));
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(c.round, 2);
    assert_eq!(c.outcome, Outcome::Open);
    assert_eq!(s.unit(e).morale, Morale::Good);
}

#[test]
fn f7_1d_c_declined_the_column_routs_as_rolled() {
    let (r, mut s, e, _, dice, n) = setup();
    let sp = s.unit(e).sp;
    let mut ev = Vec::new();
    r.resolve_round(&mut s, dice, &mut ev);
    apply(&r, &mut s, Action::Pass);
    assert_eq!(s.unit(e).sp, sp - n);
    assert_eq!(s.unit(e).morale, Morale::Routed);
}

#[test]
fn f7_1d_c_f_not_without_the_column_nor_into_a_village() {
    let (mut r, mut s, e, f, dice, _) = setup();
    // Without the column, no choice.
    let mut t = s.clone();
    t.infernal.column = None;
    let mut ev = Vec::new();
    r.resolve_round(&mut t, dice, &mut ev);
    assert!(!matches!(
        top(&t),
        Some(Step::Close(CloseStep::ColumnStand { .. }))
    ));
    // 7.1d F: attacking into a village, none.
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    let o = {
        let fig = r.combat_figures(&s, &c);
        let (col, _, drm) = r.close_column(fig[0].sp, fig[1].sp);
        let cr = [fig[0].cr + i16::from(drm[0]), fig[1].cr + i16::from(drm[1])];
        r.round_outcome(col, cr, dice).result
    };
    assert_eq!(r.column_may_stand(&s, &c, o), Some(true));
    let h = s.unit(f).placed().unwrap().hex();
    alloc::sync::Arc::make_mut(&mut r.board)
        .set_terrain(h, crate::fontenoy::board::Terrain::Village);
    assert_eq!(r.column_may_stand(&s, &c, o), None);
    let _ = (&mut s, e);
}
