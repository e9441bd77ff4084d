//! Garrisons in battle (§24, §32, §36): a garrison on the map fights at its printed strength
//! and is destroyed by any loss, a separate force that stays in its fort when the forces with
//! it retreat; the Supply Source falls with its garrison.

use alloc::vec::Vec;

use super::battle::{act, die_for, duel, legal, random_play, to_resolution};
use super::fort::siege;
use crate::engine::Rules;
use crate::hov::action::Action;
use crate::hov::combat::resolve::Loss;
use crate::hov::event::Event;
use crate::hov::state::{BattleStep, GarrisonPlace, LeaderPlace, Supply};
use crate::hov::types::{Army, COALITION, Chit};

/// The first Coalition garrison marker of the manifest.
fn coalition_garrison(h: &crate::hov::Hov) -> usize {
    (0..h.manifest.garrisons.len())
        .find(|&g| h.manifest.garrisons[g].side == COALITION)
        .expect("a Coalition garrison")
}

#[test]
fn e24_1_a_garrison_fights_at_its_printed_strength_and_any_loss_destroys_it() {
    let (h, mut s, fort, c, f) = siege(2, 8);
    s.leaders[usize::from(c)].place = LeaderPlace::Out;
    let g = coalition_garrison(&h);
    let printed = h.manifest.garrisons[g].strength;
    assert!(printed > 0);
    s.garrisons[g].place = GarrisonPlace::Map(fort);
    s.garrisons[g].sp = printed;
    act(
        &h,
        &mut s,
        &Action::Attack {
            leader: f,
            parts: Vec::new(),
            hexes: alloc::vec![fort],
        },
    );
    let b = s.battle.clone().unwrap();
    let sides = h.sides(&s, &b);
    let def = h.strengths(&s, &h.side_pieces(&s, &sides, COALITION));
    assert_eq!(def.inf, u32::from(printed), "§24: the printed strength");
    let mut ev = Vec::new();
    let lost = h.lose(
        &mut s,
        &mut ev,
        COALITION,
        &[],
        &[g as u16],
        1,
        Loss::Combat {
            pitched: true,
            staked: false,
        },
        "¶197",
    );
    assert_eq!(lost, u16::from(printed), "the whole garrison goes");
    assert_eq!(s.garrisons[g].place, GarrisonPlace::Gone);
    assert!(ev.iter().any(
        |e| matches!(e, Event::GarrisonDestroyed { garrison } if usize::from(*garrison) == g)
    ));
}

#[test]
fn e32_1_a_supply_source_falls_with_its_garrison() {
    let (h, mut s, fort, c, f) = siege(2, 8);
    s.leaders[usize::from(c)].place = LeaderPlace::Out;
    let g = coalition_garrison(&h);
    s.garrisons[g].place = GarrisonPlace::Map(fort);
    s.garrisons[g].sp = h.manifest.garrisons[g].strength.max(1);
    let army = Army::of(h.manifest.garrisons[g].nationality);
    s.supply[army.index()] = Supply::Active(fort);
    act(
        &h,
        &mut s,
        &Action::Attack {
            leader: f,
            parts: Vec::new(),
            hexes: alloc::vec![fort],
        },
    );
    let mut ev = Vec::new();
    h.lose(
        &mut s,
        &mut ev,
        COALITION,
        &[],
        &[g as u16],
        1,
        Loss::Combat {
            pitched: true,
            staked: false,
        },
        "¶197",
    );
    assert_eq!(s.supply[army.index()], Supply::Captured(s.turn), "§32 1");
    assert!(ev.iter().any(
        |e| matches!(e, Event::SupplyCaptured { army: a, hex } if *a == army && *hex == fort)
    ));
}

#[test]
fn e32_1_a_beaten_defence_of_its_source_hex_loses_the_source() {
    let h = super::battle::load("hov/eylau");
    let (s0, _, c, hexes) = duel(&h);
    let army = Army::of(h.manifest.leaders[usize::from(c)].nationality);
    let mut s0 = s0;
    s0.supply[army.index()] = Supply::Active(hexes[1]);
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let mut checked = false;
    for d in 1..=6 {
        let mut s = s0.clone();
        to_resolution(&h, &mut s, chits, d);
        let Some(fight) = s.battle.as_ref().and_then(|b| b.fight) else {
            continue;
        };
        let captured = s.supply[army.index()] == Supply::Captured(s.turn);
        if fight.loser == COALITION && fight.loser_n > 0 {
            assert!(
                captured,
                "die {d}: §32 1, the source's garrison is forced out"
            );
            checked = true;
        } else {
            assert!(!captured, "die {d}: no capture without a beaten retreat");
        }
    }
    assert!(checked, "no die beats the Coalition");
}

#[test]
fn e36_2_a_garrison_is_a_separate_force_that_stays_when_its_hex_retreats() {
    let (h, mut s, fort, c, _) = siege(3, 12);
    let g = coalition_garrison(&h);
    s.garrisons[g].place = GarrisonPlace::Map(fort);
    s.garrisons[g].sp = h.manifest.garrisons[g].strength.max(1);
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let Some(d) = die_for(&h, &s, chits, COALITION) else {
        panic!("no Coalition defeat");
    };
    to_resolution(&h, &mut s, chits, d);
    let b = s.battle.clone().unwrap();
    if b.step == BattleStep::Retreat {
        // §36 2, §24 2: only the force retreats; the garrison is no part of it.
        assert_eq!(b.retreats.len(), 1);
        assert_eq!(b.retreats[0].leaders, alloc::vec![c]);
        while s
            .battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Retreat)
        {
            let acts = legal(&h, &s);
            // Leave the town when a hex is open (the §48 stop is `Done`).
            let a = acts
                .iter()
                .find(|a| matches!(a, Action::RetreatTo { .. }))
                .unwrap_or(&acts[0])
                .clone();
            act(&h, &mut s, &a);
        }
    }
    // The garrison is still in its fort unless a loss destroyed it (§24).
    assert!(
        matches!(
            s.garrisons[g].place,
            GarrisonPlace::Map(x) if x == fort
        ) || s.garrisons[g].place == GarrisonPlace::Gone
    );
}

#[test]
fn e36_random_play_with_garrisons_runs_without_dead_ends() {
    let (h, mut s, fort, _, _) = siege(3, 8);
    let g = coalition_garrison(&h);
    s.garrisons[g].place = GarrisonPlace::Map(fort);
    s.garrisons[g].sp = h.manifest.garrisons[g].strength.max(1);
    let army = Army::of(h.manifest.garrisons[g].nationality);
    s.supply[army.index()] = Supply::Active(fort);
    for seed in 0..15 {
        random_play(&h, s.clone(), seed, 300);
    }
}

#[test]
fn e51_1_garrison_markers_start_in_their_own_forts() {
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = super::battle::load(id);
        let s = h.initial_state();
        for (g, x) in s.garrisons.iter().enumerate() {
            let GarrisonPlace::Map(hex) = x.place else {
                continue;
            };
            let info = h.board.hex(hex);
            // Praga (3152) has a marker of its own but the provisional map gives it only the
            // French redoubt of §221 (reading N65).
            let redoubt = h.params.redoubts.iter().any(|&(r, _)| r == hex);
            assert!(
                info.settlement.fort()
                    || info.capital
                    || info.settlement == crate::hov::board::Settlement::Capital
                    || redoubt,
                "{id}: garrison {g} starts outside a fort"
            );
            // A named marker in its own town (Königsberg's spelled "koenigsberg").
            assert!(
                h.garrison_named_for(g as u16, hex),
                "{id}: garrison {g} in {hex:?}"
            );
        }
    }
}

#[test]
fn e51_2_a_generic_garrison_serves_a_captured_fort_a_named_one_only_its_town() {
    let mut checked = false;
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = super::battle::load(id);
        let mut s = h.initial_state();
        for x in &mut s.garrisons {
            x.place = GarrisonPlace::Gone;
        }
        let generic = |side| {
            (0..h.manifest.garrisons.len()).find(|&g| {
                h.manifest.garrisons[g].side == side
                    && matches!(
                        h.manifest.garrisons[g].town.as_deref(),
                        None | Some("generic")
                    )
            })
        };
        // A fort the enemy's named garrison starts in, taken by the other side.
        let s0 = h.initial_state();
        for (g, x) in s0.garrisons.iter().enumerate() {
            let GarrisonPlace::Map(fort) = x.place else {
                continue;
            };
            let owner = h.manifest.garrisons[g].side;
            if !h.board.hex(fort).settlement.fort() {
                continue;
            }
            let Some(ours) = generic(owner.other()) else {
                continue;
            };
            assert!(h.garrison_fits(&s, ours as u16, fort), "{id}: §51 2");
            if let Some(named) = (0..h.manifest.garrisons.len()).find(|&n| {
                h.manifest.garrisons[n].side == owner.other()
                    && !h.garrison_named_for(n as u16, fort)
            }) {
                assert!(
                    !h.garrison_fits(&s, named as u16, fort),
                    "{id}: a marker named elsewhere"
                );
            }
            checked = true;
        }
    }
    assert!(
        checked,
        "no captured fort with a generic marker to serve it"
    );
}
