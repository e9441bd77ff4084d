//! Vedettes (§66–§80) in the Battle Scenarios: the named option of reading A4.

use alloc::string::ToString;
use alloc::vec::Vec;

use serde_json::json;

use crate::data::{Library, ResolvedScenario};
use crate::engine::Rules;
use crate::hex::{Direction, Hex};
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{Phase, VedettePlace};
use crate::hov::types::{Army, FRENCH};
use crate::hov::vedette::OPTION;
use crate::hov::{Hov, Reinforcement};

use super::march::{advance, clear_map_but, foot_force, legal, load, open_ground, place};
use super::play::play_by;

const SCENARIOS: [&str; 3] = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"];

fn resolved(id: &str) -> ResolvedScenario {
    let lib = Library::builtin().expect("the built-in library");
    lib.scenario(id).expect(id)
}

/// The scenario `id` with `rules.options` set to `options` (the players' choices).
fn with_options(id: &str, options: serde_json::Value) -> ResolvedScenario {
    let mut r = resolved(id);
    r.scenario.rules.insert("options".into(), options);
    r
}

#[test]
fn e66_a4_vedettes_are_in_play_in_the_battle_scenarios_by_default() {
    // Reading A4: every Battle Scenario offers the option, on by default, and its set-up
    // places vedettes with their forces (§217).
    for id in SCENARIOS {
        let r = resolved(id);
        let o = r
            .scenario
            .options
            .iter()
            .find(|o| o.id == OPTION)
            .unwrap_or_else(|| panic!("{id}: option {OPTION} not offered"));
        assert!(o.default, "{id}: reading A4 has the option on by default");
        let h = Hov::new(&r).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(h.params.vedettes, "{id}");
        assert!(
            !h.params.vedettes_with.is_empty(),
            "{id}: §217 places vedettes"
        );
        // Chosen on explicitly: the same position.
        let on = Hov::new(&with_options(id, json!({ OPTION: true }))).expect(id);
        assert_eq!(on.initial_state(), h.initial_state(), "{id}");
    }
}

#[test]
fn e66_a4_with_the_option_off_no_vedette_enters_play() {
    for id in SCENARIOS {
        let h = Hov::new(&with_options(id, json!({ OPTION: false })))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(!h.params.vedettes, "{id}");
        assert!(h.params.vedettes_with.is_empty(), "{id}");
        let s = h.initial_state();
        assert!(
            s.vedettes.iter().all(|v| v.place == VedettePlace::Pool),
            "{id}: every vedette stays in the pool"
        );
        // §217's placing has nothing to place: the Setup phase offers no vedette.
        if s.phase == Phase::Setup {
            assert!(
                legal(&h, &s)
                    .iter()
                    .all(|a| !matches!(a, Action::PlaceVedette { .. })),
                "{id}"
            );
        }
    }
}

#[test]
fn e66_a4_an_unknown_or_malformed_option_is_refused() {
    let id = "hov/eylau";
    let e = Hov::new(&with_options(id, json!({ "no-such-option": true })))
        .expect_err("an option the scenario does not offer");
    assert!(
        e.to_string().contains("rules.options.no-such-option"),
        "{e}"
    );
    let e = Hov::new(&with_options(id, json!({ OPTION: "yes" })))
        .expect_err("an option chosen with a string");
    assert!(e.to_string().contains(OPTION), "{e}");
}

#[test]
fn e66_a4_random_play_with_and_without_vedettes_never_dead_ends() {
    // From each scenario's start, with the option on and off, a few hundred random legal
    // actions: each applies and a legal action always exists; with the option off no vedette
    // ever leaves the pool.
    for (k, id) in SCENARIOS.into_iter().enumerate() {
        for on in [true, false] {
            let h = Hov::new(&with_options(id, json!({ OPTION: on }))).expect(id);
            play_by(
                &h,
                h.initial_state(),
                0x6600 + 2 * k as u64 + u64::from(on),
                300,
                id,
                |_, acts, rng| acts[rng.below(acts.len())].clone(),
                |st| {
                    if !on {
                        assert!(
                            st.after
                                .vedettes
                                .iter()
                                .all(|v| v.place == VedettePlace::Pool),
                            "{id}: a vedette entered play with the option off after {:?}",
                            st.action
                        );
                    }
                },
            );
        }
    }
}

/// A position in the French Initiative Movement with only two French cavalry vedettes on the
/// map, next to each other on open ground (and one French force far off).
fn two_vedettes() -> Option<(Hov, crate::hov::state::State, usize, usize, Hex)> {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let cav: Vec<usize> = (0..s.vedettes.len())
        .filter(|&i| h.manifest.vedettes[i].side == FRENCH && h.manifest.vedettes[i].cavalry)
        .take(2)
        .collect();
    let [a, b] = cav[..] else {
        return None;
    };
    let f = foot_force(&h, &s, FRENCH);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f]);
    place(
        &mut s,
        f,
        at.neighbor(Direction::ALL[3]).neighbor(Direction::ALL[3]),
    );
    s.vedettes[a].place = VedettePlace::Map(at);
    s.vedettes[b].place = VedettePlace::Map(at.neighbor(Direction::ALL[0]));
    Some((h, s, a, b, at))
}

#[test]
fn e76_2_a_vedette_ending_its_move_on_a_friendly_vedette_goes_to_the_pool() {
    let (h, mut s, a, b, at) = two_vedettes().expect("two French cavalry vedettes");
    let to = at.neighbor(Direction::ALL[0]);
    let mut ev = Vec::new();
    let mv = Action::MoveFree {
        leader: None,
        vedette: Some(a as u16),
    };
    h.apply(&mut s, &mv, &mut ev).unwrap();
    h.apply(&mut s, &Action::Step { to }, &mut ev).unwrap();
    assert_eq!(
        s.vedettes[a].place,
        VedettePlace::Map(to),
        "it may pass or stand"
    );
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert_eq!(s.vedettes[a].place, VedettePlace::Pool, "§76 2: one a hex");
    assert_eq!(
        s.vedettes[b].place,
        VedettePlace::Map(to),
        "the other stays"
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::VedettePlaced { vedette, place: VedettePlace::Pool, rule, .. }
            if usize::from(*vedette) == a && rule.contains("§76")
    )));
}

#[test]
fn e76_2_a_vedette_passing_through_a_friendly_vedette_stays_on_the_map() {
    let (h, mut s, a, b, at) = two_vedettes().expect("two French cavalry vedettes");
    let mid = at.neighbor(Direction::ALL[0]);
    let end = mid.neighbor(Direction::ALL[0]);
    let mut ev = Vec::new();
    let mv = Action::MoveFree {
        leader: None,
        vedette: Some(a as u16),
    };
    h.apply(&mut s, &mv, &mut ev).unwrap();
    h.apply(&mut s, &Action::Step { to: mid }, &mut ev).unwrap();
    h.apply(&mut s, &Action::Step { to: end }, &mut ev).unwrap();
    h.apply(&mut s, &Action::Done, &mut ev).unwrap();
    assert_eq!(s.vedettes[a].place, VedettePlace::Map(end));
    assert_eq!(s.vedettes[b].place, VedettePlace::Map(mid));
}

/// Pultusk-Golymin at the French Reinforcement Segment of the first French reinforcement's
/// turn, with option `vedettes-in-battle-scenarios` at `on`; every French vedette of that
/// reinforcement's army is put in the pool.
fn at_reinforcement(on: bool) -> (Hov, crate::hov::state::State, Reinforcement) {
    let h = Hov::new(&with_options("hov/pultusk-golymin", json!({ OPTION: on }))).unwrap();
    let mut s = h.initial_state();
    let r = *h
        .params
        .reinforcements
        .iter()
        .find(|r| h.manifest.leaders[usize::from(r.leader)].side == FRENCH)
        .expect("a French reinforcement");
    advance(&h, &mut s, Phase::Reinforcements, FRENCH);
    s.turn = s.turn.max(r.turn);
    let army = Army::of(h.manifest.leaders[usize::from(r.leader)].nationality);
    for (i, v) in s.vedettes.iter_mut().enumerate() {
        let m = &h.manifest.vedettes[i];
        if m.side == FRENCH && Army::of(m.nationality) == army {
            v.place = VedettePlace::Pool;
        }
    }
    (h, s, r)
}

fn draws(h: &Hov, s: &crate::hov::state::State) -> Vec<(usize, Hex)> {
    legal(h, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceVedette { vedette, hex } => Some((usize::from(vedette), hex)),
            _ => None,
        })
        .collect()
}

#[test]
fn e67_2_pool_vedettes_appear_with_an_entering_reinforcement() {
    let (h, mut s, r) = at_reinforcement(true);
    assert!(
        draws(&h, &s).is_empty(),
        "§67 2: only with a force that entered"
    );
    let mut ev = Vec::new();
    let enter = Action::Enter {
        leader: r.leader,
        hex: r.hex,
    };
    h.apply(&mut s, &enter, &mut ev).unwrap();
    let d = draws(&h, &s);
    assert!(!d.is_empty(), "§67 2: pool vedettes may appear with it");
    for &(v, hex) in &d {
        assert_eq!(s.vedettes[v].place, VedettePlace::Pool);
        assert_eq!(h.manifest.vedettes[v].side, FRENCH);
        assert!(
            hex.distance(r.hex) <= 2,
            "§217: within 2 hexes of the force"
        );
    }
    let (v1, x1) = d[0];
    ev.clear();
    h.apply(
        &mut s,
        &Action::PlaceVedette {
            vedette: v1 as u16,
            hex: x1,
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.vedettes[v1].place, VedettePlace::Map(x1));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::VedettePlaced { rule, .. } if rule.contains("§67")
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CounterEntered { hex, .. } if *hex == x1))
    );
    // §76: not a second one in the same hex; the state is unchanged.
    let d = draws(&h, &s);
    let &(v2, _) = d.first().expect("a second pool vedette and hex");
    let before = s.clone();
    let e = h
        .apply(
            &mut s,
            &Action::PlaceVedette {
                vedette: v2 as u16,
                hex: x1,
            },
            &mut ev,
        )
        .expect_err("one vedette a hex");
    assert!(e.rule.contains("§67"), "{e:?}");
    assert_eq!(s, before);
    assert!(d.iter().all(|&(_, x)| x != x1));
    // A second vedette, then none more near that force (one or two with each force).
    let x2 = d[0].1;
    h.apply(
        &mut s,
        &Action::PlaceVedette {
            vedette: v2 as u16,
            hex: x2,
        },
        &mut ev,
    )
    .unwrap();
    assert!(
        draws(&h, &s).is_empty(),
        "§67 2: at most two vedettes with the force"
    );
}

#[test]
fn e67_2_a4_no_vedette_is_drawn_with_the_option_off() {
    let (h, mut s, r) = at_reinforcement(false);
    let mut ev = Vec::new();
    let enter = Action::Enter {
        leader: r.leader,
        hex: r.hex,
    };
    h.apply(&mut s, &enter, &mut ev).unwrap();
    assert!(draws(&h, &s).is_empty());
}

#[test]
fn e78_a_retreat_goes_through_enemy_vedettes_only_with_no_other_way() {
    use crate::hov::state::Retreat;
    use crate::hov::types::COALITION;
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let blockers: Vec<_> = (0..s.leaders.len() as u16)
        .filter(|&l| h.manifest.leaders[usize::from(l)].side == COALITION)
        .take(5)
        .collect();
    assert_eq!(blockers.len(), 5, "five Coalition leaders");
    let cv = (0..s.vedettes.len())
        .find(|&i| h.manifest.vedettes[i].side == COALITION && !h.manifest.vedettes[i].freikorps)
        .expect("a Coalition vedette");
    let at = open_ground(&h);
    let mut keep = blockers.clone();
    keep.push(f);
    clear_map_but(&mut s, &keep);
    place(&mut s, f, at);
    let ring: Vec<Hex> = Direction::ALL.iter().map(|&d| at.neighbor(d)).collect();
    s.vedettes[cv].place = VedettePlace::Map(ring[0]);
    let g = Retreat {
        leaders: alloc::vec![f],
        path: alloc::vec![at],
        need: 1,
        done: false,
    };
    // §78 1: with other ways open, the vedette hex is left aside.
    let opts = h.retreat_options(&s, FRENCH, &g);
    assert!(!opts.is_empty());
    assert!(!opts.contains(&ring[0]), "{opts:?}");
    // With every other way held by real enemy forces, the vedette hex is the way.
    for (k, &l) in blockers.iter().enumerate() {
        place(&mut s, l, ring[k + 1]);
    }
    let opts = h.retreat_options(&s, FRENCH, &g);
    assert_eq!(opts, alloc::vec![ring[0]], "§78 2: through the vedette");
    // The vedette gives way: displaced one hex to a free hex, revealed.
    let mut ev = Vec::new();
    place(&mut s, f, ring[0]);
    h.vedettes_give_way(&mut s, FRENCH, ring[0], &mut ev);
    let VedettePlace::Map(to) = s.vedettes[cv].place else {
        panic!("displaced, not eliminated: {:?}", s.vedettes[cv].place)
    };
    assert_eq!(to.distance(ring[0]), 1);
    assert!(to != at && !ring[1..].contains(&to));
    assert!(s.vedettes[cv].revealed);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::VedettePlaced { rule, .. } if rule.contains("§78")
    )));
    // With no free hex around, it is eliminated to the pool.
    let mut t = s.clone();
    t.vedettes[cv].place = VedettePlace::Map(at);
    let around: Vec<Hex> = Direction::ALL.iter().map(|&d| at.neighbor(d)).collect();
    let french: Vec<_> = (0..t.leaders.len() as u16)
        .filter(|&l| h.manifest.leaders[usize::from(l)].side == FRENCH && l != f)
        .take(6)
        .collect();
    for (k, &l) in french.iter().enumerate() {
        place(&mut t, l, around[k]);
    }
    assert_eq!(french.len(), 6);
    h.vedettes_give_way(&mut t, FRENCH, at, &mut ev);
    assert_eq!(
        t.vedettes[cv].place,
        VedettePlace::Pool,
        "§78 2: eliminated"
    );
}

#[test]
fn e68_6_e68_8_a_vedette_has_no_track_and_no_weight_in_stacking() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let f = foot_force(&h, &s, FRENCH);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f]);
    place(&mut s, f, at);
    let v = (0..s.vedettes.len())
        .find(|&i| h.manifest.vedettes[i].side == FRENCH)
        .expect("a French vedette");
    // §68 item 4: a vedette is neither a leader nor a unit: it heads no track and stands on
    // none (the Organization Display never holds it but as a §75 marker on a portrait).
    let id = &h.manifest.vedettes[v].id;
    assert!(h.manifest.leader(id).is_none() && h.manifest.unit(id).is_none());
    // §68 item 6: the hex's strength for the stacking limit (¶141) ignores it.
    let before = h.hex_sp(&s, FRENCH, at);
    assert!(before > 0);
    s.vedettes[v].place = VedettePlace::Map(at);
    assert_eq!(h.hex_sp(&s, FRENCH, at), before);
    assert_eq!(h.force_sp(&s, f), before);
}

#[test]
fn e80_3_a_freikorps_eliminated_by_a_retreat_is_out_of_play_for_good() {
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let Some(fk) = (0..s.vedettes.len()).find(|&i| h.manifest.vedettes[i].freikorps) else {
        panic!("a Freikorps vedette in the manifest (§80)");
    };
    let f = foot_force(&h, &s, FRENCH);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[f]);
    place(&mut s, f, at);
    s.vedettes[fk].place = VedettePlace::Map(at);
    let french: Vec<_> = (0..s.leaders.len() as u16)
        .filter(|&l| h.manifest.leaders[usize::from(l)].side == FRENCH && l != f)
        .take(6)
        .collect();
    for (k, &l) in french.iter().enumerate() {
        place(&mut s, l, at.neighbor(Direction::ALL[k]));
    }
    let mut ev = Vec::new();
    h.vedettes_give_way(&mut s, FRENCH, at, &mut ev);
    assert_eq!(s.vedettes[fk].place, VedettePlace::Gone, "§80 3");
}
