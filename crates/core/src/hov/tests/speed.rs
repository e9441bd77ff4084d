//! The fast paths of the speed work (docs/performance.md, "The Habit of Victory") against the
//! plain reading they replace, on positions of random play and on positions disturbed so that
//! commands break: each cache or tally must give the answer of the slow reference everywhere.

use alloc::vec::Vec;

use super::battle::load;
use crate::engine::Game;
use crate::hov::Hov;
use crate::hov::state::{LeaderId, LeaderPlace, State};
use crate::hov::types::{Army, COALITION, FRENCH};

const SCENARIOS: [&str; 3] = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"];

/// Positions of the engine's seeded random play, every `every`-th step of `games` games.
fn positions(h: &Hov, games: u64, every: usize) -> Vec<State> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut g = Game::new(h.clone(), seed);
        let mut n = 0usize;
        while g.step_random().expect("random step").is_some() {
            n += 1;
            if n % every == 0 {
                out.push(g.state().clone());
            }
        }
    }
    out
}

/// A copy of `s` with units and leaders moved to other leaders' tracks and portraits at
/// random (not a legal position: a test of the tally on commands that break every limit).
fn disturbed(s: &State, seed: u64) -> State {
    let mut t = s.clone();
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n.max(1) as u64) as usize
    };
    let nl = t.leaders.len();
    for _ in 0..12 {
        let u = next(t.units.len());
        if t.units[u].sp > 0 {
            t.units[u].leader = Some(next(nl) as LeaderId);
        }
        let l = next(nl);
        let to = next(nl);
        if l != to && matches!(t.leaders[to].place, LeaderPlace::Map(_)) {
            t.leaders[l].place = LeaderPlace::Portrait(to as LeaderId);
        }
    }
    t
}

fn assert_tally_agrees(h: &Hov, s: &State) {
    let t = h.tally(s);
    for l in 0..s.leaders.len() as LeaderId {
        assert_eq!(
            h.tallied_fault(&t, s, l),
            h.command_fault(s, l).map(|f| f.0),
            "leader {}",
            h.leader_label(l)
        );
    }
}

#[test]
fn r25_command_span_tally_agrees_with_command_fault() {
    // ¶25–¶29, ¶27, §25: the one-pass tally that new_fault reads gives, for every leader, the
    // rule of command_fault's answer.
    let mut checked = 0;
    for id in SCENARIOS {
        let h = load(id);
        for (i, s) in positions(&h, 3, 7).iter().enumerate() {
            assert_tally_agrees(&h, s);
            let d = disturbed(s, i as u64);
            assert_tally_agrees(&h, &d);
            checked += 2;
        }
    }
    assert!(checked > 300, "{checked} positions");
}

#[test]
fn r121_holds_at_agrees_with_the_occupancy_index() {
    // ¶121, §52: the one-hex question the garrison check asks reads the position directly; it
    // answers as the occupancy index does, for every hex of the map and both sides.
    for id in SCENARIOS {
        let h = load(id);
        let hexes = h.board.grid.hexes();
        for s in positions(&h, 2, 25) {
            let o = h.occupancy(&s);
            for side in [FRENCH, COALITION] {
                for &x in &hexes {
                    assert_eq!(h.holds_at(&s, side, x), o.holds(side, x), "{x:?}");
                }
            }
        }
    }
}

#[test]
fn e27_memoised_dispatch_area_agrees_with_a_fresh_search() {
    // §27: the Dispatch Distance memo answers as a fresh search of the same position does, for
    // every army and every hex, however the positions follow one another.
    for id in SCENARIOS {
        let h = load(id);
        let hexes = h.board.grid.hexes();
        for s in positions(&h, 1, 5) {
            for army in Army::ALL {
                let area = h.dispatch_area(&s, army);
                for &x in &hexes {
                    assert_eq!(
                        h.in_dispatch(&s, army, x),
                        area.binary_search(&x).is_ok(),
                        "{army:?} {x:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn r43_organization_check_only_path_agrees_with_the_full_trial() {
    // ¶43 steps 2–4, ¶65–¶79 (reading N18): the check-only verdict on each Organization
    // candidate agrees with trying it on a copy, and the listing equals the reference listing
    // that tries every candidate, on positions of random play with the phasing player's
    // Organization Segment taken as if now.
    use crate::hov::action::Action;
    use crate::hov::organization::check_verdict_for_test as verdict;
    let mut decided = 0usize;
    let mut lists = 0usize;
    for id in SCENARIOS {
        let h = load(id);
        for (i, s) in positions(&h, 3, 5).iter().enumerate() {
            for s in [s.clone(), disturbed(s, i as u64)] {
                let settled = h.display_settled(&s, s.phasing);
                for a in h.organization_candidates(&s) {
                    let mut next = s.clone();
                    let mut ev = Vec::new();
                    let ok = h.organization_change(&s, &mut next, &a, &mut ev).is_ok();
                    if let Some(v) = verdict(&h, &s, &a, settled) {
                        assert_eq!(v, ok, "{id}: {a:?}");
                        decided += 1;
                    }
                }
                let (mut fast, mut slow) = (Vec::<Action>::new(), Vec::<Action>::new());
                h.organization_actions(&s, &mut fast);
                h.organization_actions_reference(&s, &mut slow);
                assert_eq!(fast, slow, "{id}");
                lists += 1;
            }
        }
    }
    assert!(
        decided > 1000 && lists > 300,
        "{decided} verdicts, {lists} listings"
    );
}

#[test]
fn r43_organization_judgement_by_difference_agrees_with_the_full_trial() {
    // ¶43 steps 2–4, ¶68–¶73, ¶80, ¶70 2, ¶72 (reading N18): the listing's judgement of each
    // Organization candidate from the tally of the position and the leaders the change touches
    // agrees with trying it on a copy, on positions of random play (the phasing player's
    // Organization Segment taken as if now) and on disturbed ones (judged where the display is
    // settled).
    use crate::hov::organization::delta_judgements_for_test as judgements;
    let mut judged = 0usize;
    let mut by_kind = alloc::collections::BTreeMap::<&str, usize>::new();
    for id in SCENARIOS {
        let h = load(id);
        for (i, s) in positions(&h, 3, 3).iter().enumerate() {
            for s in [s.clone(), disturbed(s, i as u64)] {
                for (a, j) in judgements(&h, &s) {
                    let Some(j) = j else { continue };
                    let mut next = s.clone();
                    let mut ev = Vec::new();
                    let ok = h.organization_change(&s, &mut next, &a, &mut ev).is_ok();
                    assert_eq!(j, ok, "{id}: {a:?}");
                    judged += 1;
                    *by_kind.entry(a.name()).or_default() += usize::from(ok);
                }
            }
        }
    }
    // Every kind of change is judged legal somewhere.
    for kind in [
        "activate_mg",
        "deactivate_mg",
        "transfer_unit",
        "attach",
        "detach",
        "create_march_division",
        "incorporate",
        "transfer_sp",
        "create_substitutes",
        "recreate_organic",
    ] {
        assert!(
            by_kind.get(kind).copied().unwrap_or(0) > 0,
            "{kind}: {by_kind:?}"
        );
    }
    assert!(judged > 100_000, "{judged} judgements");
}
