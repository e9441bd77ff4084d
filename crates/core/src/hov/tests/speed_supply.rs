//! The fast Dispatch Distance (§27, ¶56–¶57) against the plain reading it replaces: one search
//! from every active depot and Supply Source at once, and the per-army memo kept across
//! positions while what the search reads stays the same, each held to one search per depot
//! (`Hov::dispatch_area`) on positions of seeded random play of the three Battle Scenarios.
//! Likewise the one-pass Force Leader table (¶77) against `is_force`, and where a vedette may
//! appear (§217, §67 2, reading N47) with the crowded forces found once against the plain
//! reading.

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

#[test]
fn r77_force_table_agrees_with_is_force() {
    // ¶77: the one-pass table of Force Leaders (units on the track with SP, a subordinate on
    // the portrait, a garrison on the track) says what is_force says of every leader, in
    // random-play positions of the three scenarios, and so does the occupancy built from it.
    use crate::hov::state::LeaderId;
    let mut forces = 0usize;
    let mut others = 0usize;
    for id in SCENARIOS {
        let h = load(id);
        for s in positions(&h, 11, 1500, 7) {
            let table = h.force_table(&s);
            assert_eq!(table.len(), s.leaders.len());
            for l in 0..s.leaders.len() as LeaderId {
                let want = h.is_force(&s, l);
                assert_eq!(
                    table[usize::from(l)],
                    want,
                    "{id} leader {l} turn {}",
                    s.turn
                );
                if want {
                    forces += 1;
                } else {
                    others += 1;
                }
            }
            let o = h.occupancy(&s);
            for (i, l) in s.leaders.iter().enumerate() {
                if let LeaderPlace::Map(x) = l.place {
                    let side = h.manifest.leaders[i].side;
                    if h.is_force(&s, i as LeaderId) {
                        assert!(o.real_at(side, x), "{id} leader {i} at {x:?}");
                    }
                }
            }
        }
    }
    assert!(
        forces > 100 && others > 100,
        "{forces} forces, {others} others"
    );
}

/// §217, §67 2 (reading N47), the plain reading: a vedette of `side` may stand in `x` when the
/// hex is in the area, holds no friendly vedette nor any enemy counter, lies in no enemy ZOC,
/// and no friendly force would then have more than two friendly vedettes within 2 hexes.
fn plain_may_stand(
    h: &Hov,
    s: &State,
    o: &crate::hov::zoc::Occupancy,
    side: crate::engine::Side,
    x: Hex,
) -> bool {
    let i = side.index();
    if !h.in_area(x)
        || o.vedettes[i].binary_search(&x).is_ok()
        || o.holds(side.other(), x)
        || h.in_zoc_of(s, o, side.other(), x, true)
    {
        return false;
    }
    o.real[i].iter().all(|&f| {
        o.vedettes[i]
            .iter()
            .filter(|&&v| v.distance(f) <= 2)
            .count()
            + usize::from(x.distance(f) <= 2)
            <= 2
    })
}

#[test]
fn e67_vedette_room_with_crowded_forces_agrees_with_the_plain_reading() {
    // §217, §67 2, reading N47: where a vedette may appear, worked out with the forces that
    // already have two vedettes near them found once, is the plain reading's answer for every
    // hex within 2 of every leader, both sides, in random-play positions — and in the same
    // positions with two of the side's vedettes set beside one of its forces, so that some
    // forces are crowded (two near) or over-crowded (three near).
    use crate::hex::Direction;
    use crate::hov::state::VedettePlace;
    use crate::hov::types::{COALITION, FRENCH};
    let (mut yes, mut no, mut crowded_seen) = (0usize, 0usize, 0usize);
    for id in SCENARIOS {
        let h = load(id);
        for base in positions(&h, 13, 1200, 9) {
            for side in [FRENCH, COALITION] {
                let mut variants = alloc::vec![base.clone()];
                let o = h.occupancy(&base);
                let ours: Vec<usize> = (0..base.vedettes.len())
                    .filter(|&v| h.manifest.vedettes[v].side == side)
                    .collect();
                for (k, &f) in o.real[side.index()].iter().take(2).enumerate() {
                    let mut s = base.clone();
                    let dirs = [
                        Direction::ALL[k],
                        Direction::ALL[k + 2],
                        Direction::ALL[k + 4],
                    ];
                    for (&v, d) in ours.iter().zip(dirs.iter().take(2 + k)) {
                        s.vedettes[v].place = VedettePlace::Map(f.neighbor(*d));
                    }
                    variants.push(s);
                }
                for s in &variants {
                    let o = h.occupancy(s);
                    let crowded = crate::hov::vedette::crowded_forces(&o, side);
                    if crowded.as_ref().is_none_or(|c| !c.is_empty()) {
                        crowded_seen += 1;
                    }
                    let mut hexes: Vec<Hex> = Vec::new();
                    for l in &s.leaders {
                        if let LeaderPlace::Map(at) = l.place {
                            for x in [at].into_iter().chain(at.neighbors()) {
                                hexes.push(x);
                                hexes.extend(x.neighbors());
                            }
                        }
                    }
                    hexes.sort_unstable();
                    hexes.dedup();
                    for x in hexes {
                        let want = plain_may_stand(&h, s, &o, side, x);
                        let got = h.vedette_may_stand(s, &o, &crowded, side, x);
                        assert_eq!(got, want, "{id} {side:?} {x:?} turn {}", s.turn);
                        if want {
                            yes += 1;
                        } else {
                            no += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        yes > 100 && no > 100 && crowded_seen > 10,
        "{yes} may, {no} may not, {crowded_seen} crowded positions"
    );
}
