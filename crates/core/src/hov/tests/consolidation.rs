//! The Consolidation Segments, Insubordinate Stacks and the stacking limit (¶48, ¶52, ¶77–¶80,
//! ¶141).

use crate::engine::{Actor, EventInfo, Rules};
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{LeaderPlace, Phase};
use crate::hov::types::{COALITION, FRENCH};

use super::organization::{act, advance, leader, legal, load, refused, unit};

#[test]
fn r141_r48_r31_consolidation_puts_the_hex_on_one_portrait() {
    // ¶48, ¶141 2: in the Consolidation Segment the leaders of a hex go on the portrait of the
    // one who commands them all; ¶31: an Unemployed Leader costs nothing and may not take
    // command yet.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let (davout, augereau, bessieres) = (
        leader(&h, "F-davout"),
        leader(&h, "F-augereau"),
        leader(&h, "F-bessieres"),
    );
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(augereau)].place = LeaderPlace::Map(at);
    let acts = legal(&h, &s);
    // Davout (span 5, using 3) takes Augereau (2); Augereau (span 4, using 2) cannot take Davout
    // with... he can: 2 + 2 = 4.
    assert!(acts.contains(&Action::Consolidate {
        hex: at,
        leader: davout
    }));
    // An Unemployed Leader in the hex.
    s.leaders[usize::from(bessieres)].place = LeaderPlace::Map(at);
    for u in h.track(&s, bessieres) {
        s.units[usize::from(u)].leader = Some(leader(&h, "F-napoleon"));
    }
    assert!(h.has_nothing(&s, bessieres));
    let acts = legal(&h, &s);
    assert!(!acts.contains(&Action::Consolidate {
        hex: at,
        leader: bessieres
    }));
    assert!(
        refused(
            &h,
            &s,
            Action::Consolidate {
                hex: at,
                leader: bessieres
            }
        )
        .contains("¶31")
    );
    act(
        &h,
        &mut s,
        Action::Consolidate {
            hex: at,
            leader: davout,
        },
    );
    assert_eq!(
        s.leaders[usize::from(augereau)].place,
        LeaderPlace::Portrait(davout)
    );
    assert_eq!(
        s.leaders[usize::from(bessieres)].place,
        LeaderPlace::Portrait(davout)
    );
    assert_eq!(h.span_used(&s, davout), 3 + 2);
    assert_eq!(h.map_leaders(&s, FRENCH, at), [davout]);
}

#[test]
fn r78_an_insubordinate_stack_is_displaced_one_hex() {
    // ¶78: leaders no one present can command together: at the end of the segment all but
    // the strongest force are displaced one hex (¶174 priorities 3, 5, 6).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let (davout, lannes) = (leader(&h, "F-davout"), leader(&h, "F-lannes"));
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(lannes)].place = LeaderPlace::Map(at);
    // Lannes' corps (2) and rating 2: Davout would use 3 + 2 = 5 <= 5... load him up.
    s.units[usize::from(unit(&h, "F-pol-dombrowski"))] = crate::hov::state::Unit {
        leader: Some(davout),
        sp: 2,
    };
    s.units[usize::from(unit(&h, "F-pol-zajaczak"))] = crate::hov::state::Unit {
        leader: Some(lannes),
        sp: 2,
    };
    s.units[usize::from(unit(&h, "F-pol-bronikowski"))] = crate::hov::state::Unit {
        leader: Some(lannes),
        sp: 1,
    };
    assert!(h.consolidators(&s, FRENCH, at).is_empty());
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Consolidate { .. }))
    );
    let ev = act(&h, &mut s, Action::Done);
    // Davout's force (11 SP) stays; Lannes' (8 SP) moves one hex away.
    assert_eq!(s.leaders[usize::from(davout)].place, LeaderPlace::Map(at));
    let LeaderPlace::Map(to) = s.leaders[usize::from(lannes)].place else {
        panic!("Lannes left the map");
    };
    assert_eq!(to.distance(at), 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Displaced { .. }) && e.visible_to(COALITION))
    );
    assert_eq!(s.phase, Phase::Bridge);
}

#[test]
fn r80_3_two_forces_stay_in_one_hex_when_a_leader_next_door_can_command_both() {
    // ¶80 3: the stack of ¶78's test is not displaced while Napoleon, in the next hex, could
    // command both forces; without him it is (r78_an_insubordinate_stack_is_displaced_one_hex).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let (davout, lannes) = (leader(&h, "F-davout"), leader(&h, "F-lannes"));
    let napoleon = leader(&h, "F-napoleon");
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(lannes)].place = LeaderPlace::Map(at);
    for (name, l, sp) in [
        ("F-pol-dombrowski", davout, 2),
        ("F-pol-zajaczak", lannes, 2),
        ("F-pol-bronikowski", lannes, 1),
    ] {
        s.units[usize::from(unit(&h, name))] = crate::hov::state::Unit {
            leader: Some(l),
            sp,
        };
    }
    assert!(h.consolidators(&s, FRENCH, at).is_empty());
    let next = (0..6)
        .map(|d| at.neighbor(crate::hex::Direction::ALL[d]))
        .find(|n| h.map_leaders(&s, FRENCH, *n).is_empty() && h.board.on_map(*n))
        .unwrap();
    s.leaders[usize::from(napoleon)].place = LeaderPlace::Map(next);
    assert!(h.commanded_from_next_door(&s, FRENCH, at));
    let ev = act(&h, &mut s, Action::Done);
    assert_eq!(s.leaders[usize::from(davout)].place, LeaderPlace::Map(at));
    assert_eq!(s.leaders[usize::from(lannes)].place, LeaderPlace::Map(at));
    assert!(!ev.iter().any(|e| matches!(e, Event::Displaced { .. })));
}

#[test]
fn r52_joint_consolidation_is_both_players_phasing_first() {
    // ¶52: both players consolidate, the phasing player first.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::JointConsolidation, FRENCH);
    assert_eq!(h.actor(&s), Actor::Player(FRENCH));
    // A Coalition hex with two forces.
    let (benn, bux) = (leader(&h, "R-bennigsen"), leader(&h, "R-buxhowden"));
    let at = h.leader_hex(&s, benn).unwrap();
    s.leaders[usize::from(bux)].place = LeaderPlace::Map(at);
    act(&h, &mut s, Action::Done);
    assert_eq!(s.phase, Phase::JointConsolidation);
    assert_eq!(h.actor(&s), Actor::Player(COALITION));
    let acts = legal(&h, &s);
    assert!(
        acts.iter().any(|a| matches!(a, Action::Consolidate { .. })),
        "{acts:?}"
    );
    act(&h, &mut s, Action::Done);
    assert_ne!(s.phase, Phase::JointConsolidation);
    assert!(!s.joint_second);
    // Left to the end, the hex was consolidated or displaced: one leader on the map there.
    assert_eq!(h.map_leaders(&s, COALITION, at).len(), 1);
}

#[test]
fn r141_1_a_hex_over_48_sp_is_not_consolidated_but_relieved() {
    // ¶141 1: at most 48 SP a hex at the end of the segment (reading N24: a hex over the
    // limit is not consolidated; its forces but the strongest are displaced).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let (davout, augereau) = (leader(&h, "F-davout"), leader(&h, "F-augereau"));
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(augereau)].place = LeaderPlace::Map(at);
    assert!(h.consolidators(&s, FRENCH, at).contains(&davout));
    // A test strength beyond any counter's: 3 + 3 + 40 + Augereau's 4.
    s.units[usize::from(unit(&h, "F-III-gudin"))].sp = 40;
    assert!(h.hex_sp(&s, FRENCH, at) > 48);
    assert!(h.consolidators(&s, FRENCH, at).is_empty());
    let ev = act(&h, &mut s, Action::Done);
    assert_eq!(h.map_leaders(&s, FRENCH, at), [davout]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Displaced { rule, .. } if rule.contains("¶141")))
    );
}

#[test]
fn r79_a_stack_saved_by_deactivating_a_major_general_waits_for_the_command_phase() {
    // ¶79: not an Insubordinate Stack when deactivating a Major General in the next Command
    // Phase gives the span needed; if he is not deactivated, it is displaced then (¶78).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, FRENCH);
    let (davout, augereau, mg) = (
        leader(&h, "F-davout"),
        leader(&h, "F-augereau"),
        leader(&h, "F-MG-inf-1"),
    );
    let gudin = unit(&h, "F-III-gudin");
    // Davout: Morand 1 + Friant 1 + the Major General (2) with Gudin = 4 of 5.
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![gudin],
            under: Some(davout),
        },
    );
    act(&h, &mut s, Action::Done);
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(augereau)].place = LeaderPlace::Map(at);
    assert!(h.consolidators(&s, FRENCH, at).is_empty());
    assert!(h.saved_by_deactivation(&s, FRENCH, at));
    let ev = act(&h, &mut s, Action::Done);
    assert!(!ev.iter().any(|e| matches!(e, Event::Displaced { .. })));
    assert_eq!(h.map_leaders(&s, FRENCH, at), [davout, augereau]);
    assert_eq!(s.deferred, [(FRENCH, at)]);
    assert!(h.observation(&s, COALITION).deferred.is_empty());
    let kept = s.clone();
    // Deactivated in the next Organization Segment: consolidated at the next chance.
    advance(&h, &mut s, Phase::Organization, FRENCH);
    act(&h, &mut s, Action::DeactivateMg { mg, to: davout });
    act(&h, &mut s, Action::Done);
    assert_eq!(h.map_leaders(&s, FRENCH, at), [davout, augereau]);
    assert!(s.deferred.is_empty());
    assert!(h.consolidators(&s, FRENCH, at).contains(&davout));
    // Not deactivated: displaced when the segment ends.
    let mut s = kept;
    advance(&h, &mut s, Phase::Organization, FRENCH);
    let ev = act(&h, &mut s, Action::Done);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Displaced { rule, .. } if rule.contains("¶79")))
    );
    assert_eq!(h.map_leaders(&s, FRENCH, at).len(), 1);
}

#[test]
fn r70_2_a_major_general_whose_unit_is_lost_leaves_play() {
    // ¶70 2, ¶72: a Major General whose only unit is eliminated (here as the combat code
    // does it) leaves play at the end of the next Consolidation Segment.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, FRENCH);
    let (davout, mg) = (leader(&h, "F-davout"), leader(&h, "F-MG-inf-1"));
    let gudin = unit(&h, "F-III-gudin");
    act(
        &h,
        &mut s,
        Action::ActivateMg {
            mg,
            units: alloc::vec![gudin],
            under: None,
        },
    );
    act(&h, &mut s, Action::Done);
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    s.units[usize::from(gudin)] = crate::hov::state::Unit {
        leader: None,
        sp: 0,
    };
    assert!(matches!(
        s.leaders[usize::from(mg)].place,
        LeaderPlace::Map(_)
    ));
    act(&h, &mut s, Action::Done);
    assert_eq!(s.leaders[usize::from(mg)].place, LeaderPlace::Out);
    assert!(matches!(
        s.leaders[usize::from(davout)].place,
        LeaderPlace::Map(_)
    ));
}

#[test]
fn r141_1_a_hex_over_48_sp_is_relieved_at_the_end_of_any_segment() {
    // ¶141 1: the limit holds at the end of every phase and segment, not only Consolidation:
    // here the Movement Command Segment's (reading N24: the smallest forces are displaced).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    let (davout, augereau) = (leader(&h, "F-davout"), leader(&h, "F-augereau"));
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(augereau)].place = LeaderPlace::Map(at);
    s.units[usize::from(unit(&h, "F-III-gudin"))].sp = 40;
    assert!(h.hex_sp(&s, FRENCH, at) > 48);
    let ev = act(&h, &mut s, Action::Done);
    assert_eq!(s.phase, Phase::InitiativeMovement);
    assert_eq!(h.map_leaders(&s, FRENCH, at), [davout]);
    assert!(
        h.leader_hex(&s, augereau)
            .is_some_and(|x| x.distance(at) == 1)
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Displaced { rule, .. } if rule.contains("¶141")))
    );
    // Within 48 SP two forces may end the segment together (¶80 is the Consolidation's).
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, FRENCH);
    s.leaders[usize::from(augereau)].place = LeaderPlace::Map(at);
    assert!(h.hex_sp(&s, FRENCH, at) <= 48);
    act(&h, &mut s, Action::Done);
    assert_eq!(h.map_leaders(&s, FRENCH, at).len(), 2);
}

#[test]
fn r80_1_a_march_ending_in_an_insubordinate_stack_is_displaced_at_once() {
    use super::march::{clear_map_but, marching, open_ground, place};
    use crate::hex::Direction;
    use crate::hov::state::{Activation, LeaderId, Unit};
    use alloc::vec::Vec;
    let h = load("hov/pultusk-golymin");
    let mut s0 = h.initial_state();
    advance(&h, &mut s0, Phase::InitiativeMovement, FRENCH);
    let (davout, lannes, augereau) = (
        leader(&h, "F-davout"),
        leader(&h, "F-lannes"),
        leader(&h, "F-augereau"),
    );
    // As in ¶78's test: Davout cannot take Lannes' loaded corps, nor Lannes Davout's.
    for (u, l, sp) in [
        ("F-pol-dombrowski", davout, 2),
        ("F-pol-zajaczak", lannes, 2),
        ("F-pol-bronikowski", lannes, 1),
    ] {
        s0.units[usize::from(unit(&h, u))] = Unit {
            leader: Some(l),
            sp,
        };
    }
    let at = open_ground(&h);
    let from = at.neighbor(Direction::ALL[0]);
    // Force `b` marches from next door into Davout's hex.
    let arrive = |b: LeaderId| {
        let mut s = s0.clone();
        clear_map_but(&mut s, &[davout, b]);
        place(&mut s, davout, at);
        place(&mut s, b, from);
        s.march = Some(marching(b, from, Activation::Initiative, 0));
        let mut ev = Vec::new();
        h.apply(&mut s, &Action::Step { to: at }, &mut ev).unwrap();
        h.apply(&mut s, &Action::Done, &mut ev).unwrap();
        while s.march.is_some() {
            h.apply(&mut s, &super::march::d6(6), &mut ev).unwrap();
        }
        let displaced = ev
            .iter()
            .any(|e| matches!(e, Event::Displaced { rule, .. } if rule.contains("¶80 1")));
        (s, displaced)
    };
    // ¶80 1, ¶78: Lannes may not end his march there: his force is put one hex away at once.
    let (s, displaced) = arrive(lannes);
    assert!(displaced);
    assert_eq!(h.leader_hex(&s, davout), Some(at), "the force there stays");
    assert!(
        h.leader_hex(&s, lannes)
            .is_some_and(|x| x != at && x.distance(at) == 1)
    );
    assert_eq!(s.phase, Phase::InitiativeMovement);
    // Davout can command Augereau: the two wait together for the Consolidation Segment.
    let (s, displaced) = arrive(augereau);
    assert!(!displaced);
    assert_eq!(h.leader_hex(&s, augereau), Some(at));
}

#[test]
fn r80_2_a_force_detached_in_the_command_phase_leaves_the_hex_or_is_displaced() {
    use super::march::clear_map_but;
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, FRENCH);
    // A subordinate put on the map with a unit of his Force Leader's (a transfer, ¶73).
    let (bessieres, fl) = legal(&h, &s)
        .into_iter()
        .find_map(|a| match a {
            Action::Detach { leader } => match s.leaders[usize::from(leader)].place {
                LeaderPlace::Portrait(fl) if h.force_units(&s, fl).len() >= 2 => Some((leader, fl)),
                _ => None,
            },
            _ => None,
        })
        .expect("a subordinate to detach");
    clear_map_but(&mut s, &[fl]);
    let at = h.leader_hex(&s, fl).unwrap();
    let units = h.force_units(&s, fl);
    act(&h, &mut s, Action::Detach { leader: bessieres });
    s.units[usize::from(units[0])].leader = Some(fl);
    s.units[usize::from(*units.last().unwrap())].leader = Some(bessieres);
    assert!(h.is_force(&s, bessieres) && h.is_force(&s, fl));
    assert_eq!(
        s.leaders[usize::from(bessieres)].place,
        LeaderPlace::Map(at)
    );
    act(&h, &mut s, Action::Done);
    assert_eq!(s.phase, Phase::Reinforcements);
    // ¶80 2: the two forces are noted as the Movement Phase begins (the owner's secret).
    assert!(s.shared.contains(&bessieres) && s.shared.contains(&fl));
    assert!(h.observation(&s, COALITION).shared.is_empty());
    // Neither leaves the hex: at the end of Initiative Movement one is displaced, though
    // the Force Leader could take the other back onto his portrait.
    let mut t = s.clone();
    advance(&h, &mut t, Phase::InitiativeMovement, FRENCH);
    let ev = act(&h, &mut t, Action::Done);
    assert_eq!(t.phase, Phase::Consolidation);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Displaced { rule, .. } if rule.contains("¶80 2")))
    );
    let (a, b) = (
        h.leader_hex(&t, fl).unwrap(),
        h.leader_hex(&t, bessieres).unwrap(),
    );
    assert!(a != b && (a == at || b == at) && a.distance(b) == 1);
    assert!(t.shared.is_empty());
}
