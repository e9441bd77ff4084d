//! Night (28.0d).

use super::kit::{
    apply, clear_spot, division_leader, empty, first_infantry, id, n_of, north, put, rules,
    standard_mod, standard_shift, two_lines_at_one,
};
use crate::engine::Side;
use crate::nbs::Action;
use crate::nbs::state::{Phase, Place, State};
use crate::nbs::types::Formation;

/// 28.0d: at night, fire and morale checks take their night lines.
#[test]
fn r28_0d_night_modifiers_on_fire_and_morale() {
    use crate::nbs::tables::{FireMod, MoraleMod};
    let r = rules("nbs/austerlitz-3");
    let (mut s, x, _) = two_lines_at_one(&r);
    let crate::nbs::state::Task::Declaring(d) = s.tasks.last().cloned().unwrap() else {
        panic!()
    };
    let k = r.turns.iter().position(|t| !t.night).expect("a day turn");
    s.turn = r.first_turn + k as u16;
    // The same turn made a night turn (scenario 3 has none of its own).
    let mut rn = r.clone();
    rn.turns[k].night = true;
    rn.turns[k].visibility = None;
    let by_day = r.fire_mods(&s, &d, false);
    let by_night = rn.fire_mods(&s, &d, false);
    assert!(!by_day.contains(&FireMod::Night));
    assert!(by_night.contains(&FireMod::Night));
    assert_eq!(
        standard_shift(&rn, &s, x) - standard_shift(&r, &s, x),
        standard_mod(&r, MoraleMod::Night)
    );
    // Straggler recovery: 2 hexes from the enemy are enough at night, not by day (21.2).
    let at = clear_spot(&r, 4);
    let mut t = empty(&r, Phase::Recovery);
    t.turn = s.turn;
    let u = id(&r, "2-1-1");
    let leader = division_leader(&r, u);
    put(&mut t, u, at, north(), Formation::Line);
    put(&mut t, leader, at, north(), Formation::None);
    t.units[usize::from(u)].stragglers = 1;
    put(
        &mut t,
        first_infantry(&r, Side(1)),
        n_of(at, 3),
        north(),
        Formation::Line,
    );
    assert!(!r.may_recover(&t, u), "by day 4 hexes are needed");
    assert!(rn.may_recover(&t, u), "at night 2");
    // The night line of the recovery roll.
    let by_day = apply(
        &r,
        &{
            let mut d = t.clone();
            d.units[usize::from(first_infantry(&r, Side(1)))].place = Place::Off;
            d
        },
        Action::Recover { unit: u },
    )
    .0;
    let (by_night, _) = apply(&rn, &t, Action::Recover { unit: u });
    let shift = |x: &State| match x.tasks.last() {
        Some(crate::nbs::state::Task::RecoveryRoll { shift, .. }) => *shift,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        shift(&by_night) - shift(&by_day),
        i16::from(
            r.tables
                .recovery_shift(crate::nbs::tables::RecoveryShift::Night)
        )
    );
    assert_ne!(shift(&by_night), shift(&by_day));
    assert_ne!(standard_mod(&r, MoraleMod::Night), 0);
}
