//! The fast Dispatch Distance (§27, ¶56–¶57) against the plain reading it replaces: one search
//! from every active depot and Supply Source at once, and the per-army memo kept across
//! positions while what the search reads stays the same, each held to one search per depot
//! (`Hov::dispatch_area`) on positions of seeded random play of the three Battle Scenarios.

use alloc::vec::Vec;

use super::battle::load;
use super::play::play_by;
use crate::hex::Hex;
use crate::hov::Hov;
use crate::hov::state::{LeaderPlace, State, Supply};
use crate::hov::types::Army;

const SCENARIOS: [&str; 3] = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"];

/// Positions of uniform random play from the start (every listed action applied, checked by
/// `play_by`), every `every`-th step up to `steps`.
fn positions(h: &Hov, seed: u64, steps: usize, every: usize) -> Vec<State> {
    let mut out = Vec::new();
    let mut n = 0usize;
    play_by(
        h,
        h.initial().clone(),
        seed,
        steps,
        "speed_supply",
        |_, acts, rng| acts[rng.below(acts.len())].clone(),
        |st| {
            n += 1;
            if n % every == 0 {
                out.push(st.after.clone());
            }
        },
    );
    out
}

/// The hexes worth asking about: every leader's and vedette's hex on the map and their
/// neighbours (where the forces are, so where the answers change), and every Supply Source.
fn probes(s: &State) -> Vec<Hex> {
    let mut out: Vec<Hex> = Vec::new();
    for l in &s.leaders {
        if let LeaderPlace::Map(h) = l.place {
            out.push(h);
            out.extend(h.neighbors());
        }
    }
    for sup in &s.supply {
        if let Supply::Active(h) = sup {
            out.push(*h);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[test]
fn e27_one_search_from_every_depot_equals_a_search_per_depot() {
    // §27, ¶56: the area of one search leaving from all the active depots and the Supply
    // Source at once is the union of one search from each, for every army, in positions of
    // random play of the three scenarios (blocked depots, sources changing, bridges broken).
    let mut compared = 0usize;
    let mut nonempty = 0usize;
    for id in SCENARIOS {
        let h = load(id);
        for s in positions(&h, 11, 1500, 37) {
            for army in Army::ALL {
                let fast = h.dispatch_area_fast(&s, army);
                let slow = h.dispatch_area(&s, army);
                assert_eq!(fast, slow, "{id} {army:?} turn {} {:?}", s.turn, s.phase);
                compared += 1;
                nonempty += usize::from(!slow.is_empty());
            }
        }
    }
    assert!(
        compared > 200 && nonempty > 60,
        "{compared} areas, {nonempty} not empty"
    );
}

#[test]
fn e27_dispatch_memo_across_positions_agrees_with_the_reference() {
    // §27, ¶89, ¶98: the memo of in_dispatch keeps an army's area while enemy forces, its
    // Supply Source, the depots and the step costs stay as they were; asked step after step
    // of random play (so kept areas are reused as the other side moves), and again in the
    // opposite order (so nearly every question meets a changed position), it answers as a
    // fresh search per depot does.
    let mut asked = 0usize;
    for id in SCENARIOS {
        let h = load(id);
        let ps = positions(&h, 5, 1500, 3);
        let check = |s: &State, asked: &mut usize| {
            for army in Army::ALL {
                let area = h.dispatch_area(s, army);
                for x in probes(s) {
                    assert_eq!(
                        h.in_dispatch(s, army, x),
                        area.binary_search(&x).is_ok(),
                        "{id} {army:?} {x:?} turn {} {:?}",
                        s.turn,
                        s.phase
                    );
                    *asked += 1;
                }
            }
        };
        for s in &ps {
            check(s, &mut asked);
        }
        for s in ps.iter().rev() {
            check(s, &mut asked);
        }
    }
    assert!(asked > 10_000, "{asked} questions");
}

#[test]
fn r84_multi_hex_options_agree_with_trying_every_subset() {
    // ¶84, ¶118 1, ¶28: the Multi-Hex Forces listed (one Command Span check per subset of the
    // candidates) are exactly the subsets of the candidates that multi_hex_refused accepts,
    // for every leader on the map, by command and by Initiative, in random-play positions.
    use crate::hov::state::LeaderId;
    let mut listed = 0usize;
    let mut refused = 0usize;
    for id in SCENARIOS {
        let h = load(id);
        for s in positions(&h, 7, 1500, 11) {
            for l in 0..s.leaders.len() as LeaderId {
                for command in [true, false] {
                    let c = h.part_candidates(&s, l, command);
                    let mut want: Vec<Vec<LeaderId>> = Vec::new();
                    if s.phase != crate::hov::state::Phase::ForcedMarch {
                        for mask in 1u32..(1 << c.len().min(6)) {
                            let parts: Vec<LeaderId> = (0..c.len().min(6))
                                .filter(|i| mask & (1 << i) != 0)
                                .map(|i| c[i])
                                .collect();
                            if h.multi_hex_refused(&s, l, &parts, command).is_none() {
                                want.push(parts);
                            } else {
                                refused += 1;
                            }
                        }
                    }
                    let got = h.multi_hex_options(&s, l, command);
                    assert_eq!(got, want, "{id} leader {l} command {command}");
                    listed += got.len();
                }
            }
        }
    }
    assert!(
        listed > 50 && refused > 0,
        "{listed} listed, {refused} refused"
    );
}
