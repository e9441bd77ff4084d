//! Vedettes in the Combat Phase (§72–§77), their losses (§75 1), and the vedette rules of
//! movement and lines (§69, §74 1, §80 1).

use alloc::vec::Vec;

use crate::engine::{Actor, Chance, Rules};
use crate::hex::Hex;
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{LeaderPlace, SkirmishStep, State, VedettePlace};
use crate::hov::types::{COALITION, FRENCH, Mp};

use super::battle::{
    act, clear_line, die_for, duel, force_leaders, legal, load, position, random_play, roll,
    to_resolution,
};
use crate::hov::types::Chit;

/// The first vedette of `side` that is cavalry (`cav`), not a Cossack nor a Freikorps.
fn plain(h: &Hov, side: crate::engine::Side, cav: bool) -> u16 {
    (0..h.manifest.vedettes.len())
        .find(|&i| {
            let v = &h.manifest.vedettes[i];
            v.side == side && v.cavalry == cav && !v.cossack && !v.freikorps
        })
        .unwrap_or_else(|| panic!("a plain {side:?} vedette (cavalry: {cav})")) as u16
}

/// A French Battle Resolution with the map cleared, and a clear line of `n` hexes.
fn field(h: &Hov, n: usize) -> (State, Vec<Hex>) {
    let (s, _) = position(h, &[]);
    let (a, d) = clear_line(h, n);
    let hexes = (0..n)
        .map(|i| (0..i).fold(a, |x, _| x.neighbor(d)))
        .collect();
    (s, hexes)
}

fn put(s: &mut State, l: u16, h: Hex) {
    s.leaders[usize::from(l)].place = LeaderPlace::Map(h);
}

fn combats(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::VedetteCombat { .. }))
        .count()
}

#[test]
fn e73_2_e75_1_a_lone_vedette_next_to_a_force_must_be_attacked_and_goes_to_a_portrait() {
    let h = load("hov/eylau");
    let (mut s, x) = field(&h, 5);
    let f = force_leaders(&h, &h.initial_state(), FRENCH)[0];
    let c = force_leaders(&h, &h.initial_state(), COALITION)[0];
    let cv = plain(&h, COALITION, true);
    put(&mut s, f, x[0]);
    put(&mut s, c, x[4]);
    s.vedettes[usize::from(cv)].place = VedettePlace::Map(x[1]);
    let before: Vec<u8> = s.units.iter().map(|u| u.sp).collect();
    let a = legal(&h, &s);
    let attack = Action::AttackVedette {
        leader: f,
        hex: x[1],
    };
    assert!(a.contains(&attack), "§73 2: {a:?}");
    assert!(!a.contains(&Action::Done), "§73 2: it may not be ignored");
    let e = h
        .apply(&mut s.clone(), &Action::Done, &mut Vec::new())
        .expect_err("the vedette must be attacked");
    assert_eq!(e.rule, "§72–§73");
    let ev = act(&h, &mut s, &attack);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::VedetteSkirmish { leader: Some(l), defender: Some(v), announced, .. }
            if *l == f && *v == cv && announced[1] == 5
    )));
    // §77: the defending cavalry vedette may retreat first; it stands.
    assert_eq!(h.actor(&s), Actor::Player(COALITION));
    let ev = act(&h, &mut s, &Action::Done);
    assert!(ev.is_empty() || combats(&ev) == 0);
    assert_eq!(
        h.actor(&s),
        Actor::Chance(Chance::Dice(crate::dice::DiceSpec::D6))
    );
    let ev = act(&h, &mut s, &roll(1));
    assert_eq!(combats(&ev), 1);
    // §75 1: to the portrait of the nearest friendly Force within 7 MP.
    assert_eq!(s.vedettes[usize::from(cv)].place, VedettePlace::Portrait(c));
    // §73: nothing happens to the attacking Force, which may still fight its battle of the
    // phase (reading N52); no pursuit (§73 1).
    assert!(s.battle.is_none() && s.skirmish.is_none());
    assert!(!s.fought.contains(&f));
    assert_eq!(s.units.iter().map(|u| u.sp).collect::<Vec<_>>(), before);
    assert_eq!(s.leaders[usize::from(f)].place, LeaderPlace::Map(x[0]));
    let a = legal(&h, &s);
    assert!(a.contains(&Action::Done), "{a:?}");
    assert!(!a.iter().any(|a| matches!(a, Action::AttackVedette { .. })));
}

#[test]
fn e75_1_e80_3_a_lost_vedette_with_no_force_in_reach_goes_to_the_pool_a_freikorps_for_good() {
    let h = load("hov/eylau");
    let f = force_leaders(&h, &h.initial_state(), FRENCH)[0];
    let fk = (0..h.manifest.vedettes.len())
        .find(|&i| h.manifest.vedettes[i].freikorps)
        .expect("a Freikorps vedette (§80)") as u16;
    for (v, want) in [
        (plain(&h, COALITION, true), VedettePlace::Pool),
        (fk, VedettePlace::Gone),
    ] {
        let (mut s, x) = field(&h, 2);
        put(&mut s, f, x[0]);
        s.vedettes[usize::from(v)].place = VedettePlace::Map(x[1]);
        act(
            &h,
            &mut s,
            &Action::AttackVedette {
                leader: f,
                hex: x[1],
            },
        );
        if s.skirmish
            .as_ref()
            .is_some_and(|k| k.step != SkirmishStep::Resolve)
        {
            act(&h, &mut s, &Action::Done);
        }
        act(&h, &mut s, &roll(1));
        assert_eq!(s.vedettes[usize::from(v)].place, want);
    }
}

#[test]
fn e77_1_a_cavalry_vedette_retreats_one_or_two_hexes_before_combat() {
    let h = load("hov/eylau");
    let f = force_leaders(&h, &h.initial_state(), FRENCH)[0];
    let cv = plain(&h, COALITION, true);
    for two in [false, true] {
        let (mut s, x) = field(&h, 4);
        put(&mut s, f, x[0]);
        s.vedettes[usize::from(cv)].place = VedettePlace::Map(x[1]);
        act(
            &h,
            &mut s,
            &Action::AttackVedette {
                leader: f,
                hex: x[1],
            },
        );
        let a = legal(&h, &s);
        assert!(a.contains(&Action::RetreatTo { hex: x[2] }), "{a:?}");
        // Never into the attacker's ZOC.
        assert!(
            !a.iter()
                .any(|a| matches!(a, Action::RetreatTo { hex } if hex.distance(x[0]) <= 1))
        );
        let mut ev = act(&h, &mut s, &Action::RetreatTo { hex: x[2] });
        if two {
            let a = legal(&h, &s);
            assert!(a.contains(&Action::RetreatTo { hex: x[3] }), "{a:?}");
            assert!(!a.contains(&Action::RetreatTo { hex: x[1] }));
            ev.extend(act(&h, &mut s, &Action::RetreatTo { hex: x[3] }));
        } else {
            ev.extend(act(&h, &mut s, &Action::Done));
        }
        let at = if two { x[3] } else { x[2] };
        assert_eq!(s.vedettes[usize::from(cv)].place, VedettePlace::Map(at));
        // No combat and no pursuit; the segment may end.
        assert_eq!(combats(&ev), 0);
        assert!(s.skirmish.is_none() && s.battle.is_none());
        assert_eq!(s.leaders[usize::from(f)].place, LeaderPlace::Map(x[0]));
        assert!(legal(&h, &s).contains(&Action::Done));
    }
}

#[test]
fn e77_2_an_infantry_vedette_may_not_retreat_before_combat() {
    let h = load("hov/eylau");
    let f = force_leaders(&h, &h.initial_state(), FRENCH)[0];
    let pv = plain(&h, COALITION, false);
    let (mut s, x) = field(&h, 3);
    put(&mut s, f, x[0]);
    s.vedettes[usize::from(pv)].place = VedettePlace::Map(x[1]);
    act(
        &h,
        &mut s,
        &Action::AttackVedette {
            leader: f,
            hex: x[1],
        },
    );
    assert_eq!(
        s.skirmish.as_ref().map(|k| k.step),
        Some(SkirmishStep::Resolve),
        "§77 2: it fights"
    );
    let before = s.clone();
    let e = h
        .apply(&mut s, &Action::RetreatTo { hex: x[2] }, &mut Vec::new())
        .expect_err("no retreat before combat");
    assert!(e.rule.contains("¶146"), "{e:?}");
    assert_eq!(s, before);
}

#[test]
fn e72_e74_2_a_lone_vedette_in_an_ezoc_must_attack_unless_a_force_is_there() {
    let h = load("hov/eylau");
    let f = force_leaders(&h, &h.initial_state(), FRENCH)[0];
    let c = force_leaders(&h, &h.initial_state(), COALITION)[0];
    let fv = plain(&h, FRENCH, true);
    let (mut s, x) = field(&h, 4);
    s.vedettes[usize::from(fv)].place = VedettePlace::Map(x[0]);
    put(&mut s, c, x[1]);
    let attack = Action::VedetteAttack {
        vedette: fv,
        hex: x[1],
    };
    let a = legal(&h, &s);
    assert!(a.contains(&attack), "§72: {a:?}");
    assert!(!a.contains(&Action::Done), "§72: compelled");
    // §74 2: with another French Force in the enemy's ZOC the vedette may not attack (the
    // Force must, ¶145).
    let mut t = s.clone();
    put(&mut t, f, x[2]);
    let a = legal(&h, &t);
    assert!(
        !a.iter().any(|a| matches!(a, Action::VedetteAttack { .. })),
        "{a:?}"
    );
    assert!(a.iter().any(|a| matches!(a, Action::Attack { .. })));
    // §74 2: with a French Force in its own hex it fights with it, not alone.
    let mut t = s.clone();
    put(&mut t, f, x[0]);
    assert!(
        !legal(&h, &t)
            .iter()
            .any(|a| matches!(a, Action::VedetteAttack { .. }))
    );
    // A wrong declaration is refused, naming the rule, and changes nothing.
    let before = s.clone();
    let e = h
        .apply(
            &mut s,
            &Action::VedetteAttack {
                vedette: fv,
                hex: x[2],
            },
            &mut Vec::new(),
        )
        .expect_err("no enemy there");
    assert!(e.rule.contains("§72"), "{e:?}");
    assert_eq!(s, before);
}

#[test]
fn e73_1_e74_3_a_vedette_attack_learns_the_exact_strength_and_harms_no_real_force() {
    let h = load("hov/eylau");
    let f = force_leaders(&h, &h.initial_state(), FRENCH)[0];
    let c = force_leaders(&h, &h.initial_state(), COALITION)[0];
    let fv = plain(&h, FRENCH, true);
    let (mut s, x) = field(&h, 5);
    // f is out of c's ZOC but within 7 MP of the vedette.
    s.vedettes[usize::from(fv)].place = VedettePlace::Map(x[1]);
    put(&mut s, c, x[2]);
    put(&mut s, f, x[5 - 1]);
    let sp = h.force_sp(&s, c);
    let before: Vec<u8> = s.units.iter().map(|u| u.sp).collect();
    act(
        &h,
        &mut s,
        &Action::VedetteAttack {
            vedette: fv,
            hex: x[2],
        },
    );
    // §77: the attacking cavalry vedette may retreat; it stands.
    assert_eq!(h.actor(&s), Actor::Player(FRENCH));
    act(&h, &mut s, &Action::Done);
    let ev = act(&h, &mut s, &roll(1));
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::VedetteCombat { enemy_sp: Some(n), .. } if *n == u32::from(sp)
        )),
        "§73 1: the exact strength, {sp} SP: {ev:?}"
    );
    // §73 1: no effect on the real force; §75 1: the vedette, at ½ SP, goes to f's portrait.
    assert_eq!(s.units.iter().map(|u| u.sp).collect::<Vec<_>>(), before);
    assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Map(x[2]));
    assert_eq!(s.vedettes[usize::from(fv)].place, VedettePlace::Portrait(f));
    assert!(
        s.battle.is_none(),
        "§68 item 5, §78 3: no retreat, no pursuit"
    );
}

#[test]
fn e74_x07_a_force_of_two_sp_attacks_a_lone_vedette_at_four_to_one() {
    // §73's example through the whole procedure: the CRT column is 4:1 (index 9).
    let h = load("hov/eylau");
    let f = force_leaders(&h, &h.initial_state(), FRENCH)[0];
    let cv = plain(&h, COALITION, false);
    let (mut s, x) = field(&h, 2);
    put(&mut s, f, x[0]);
    let mine: Vec<usize> = (0..s.units.len())
        .filter(|&u| s.units[u].leader == Some(f) && s.units[u].sp > 0)
        .collect();
    for (k, &u) in mine.iter().enumerate() {
        s.units[u].sp = if k == 0 { 2 } else { 0 };
    }
    s.vedettes[usize::from(cv)].place = VedettePlace::Map(x[1]);
    act(
        &h,
        &mut s,
        &Action::AttackVedette {
            leader: f,
            hex: x[1],
        },
    );
    let ev = act(&h, &mut s, &roll(3));
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::VedetteCombat {
                column: 9,
                drm: 0,
                ..
            }
        )),
        "{ev:?}"
    );
}

#[test]
fn e74_1_a_vedette_s_zoc_does_not_call_for_the_initiative_comparison() {
    use crate::hov::state::Phase;
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    super::march::advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let f = super::march::foot_force(&h, &s, FRENCH);
    let c = force_leaders(&h, &s, COALITION)[0];
    let at = super::march::open_ground(&h);
    super::march::clear_map_but(&mut s, &[f]);
    for v in &mut s.vedettes {
        v.place = VedettePlace::Pool;
    }
    put(&mut s, f, at);
    let n = at.neighbor(crate::hex::Direction::ALL[0]);
    let go = Action::Initiative {
        leader: f,
        parts: Vec::new(),
    };
    // Beside a Coalition vedette only: no enemy ZOC to leave for the comparison (§74 1).
    let mut t = s.clone();
    t.vedettes[usize::from(plain(&h, COALITION, true))].place = VedettePlace::Map(n);
    act(&h, &mut t, &go);
    assert!(t.march.as_ref().is_some_and(|m| !m.from_ezoc));
    // Beside a Coalition force it is.
    let mut t = s.clone();
    put(&mut t, c, n);
    act(&h, &mut t, &go);
    assert!(t.march.as_ref().is_some_and(|m| m.from_ezoc));
}

#[test]
fn e69_1_e80_1_plain_vedettes_never_block_a_line_cossacks_and_freikorps_do() {
    let h = load("hov/eylau");
    let (mut s, x) = field(&h, 3);
    let cossack = (0..h.manifest.vedettes.len())
        .filter(|&i| h.manifest.vedettes[i].cossack || h.manifest.vedettes[i].freikorps)
        .collect::<Vec<_>>();
    assert!(!cossack.is_empty(), "§80: Cossacks and Freikorps");
    let reach = |s: &State| {
        h.reach_from(s, FRENCH, x[0], true, Mp::whole(12))
            .and_then(|r| r.cost(x[1]))
    };
    assert!(reach(&s).is_some());
    // §69: a plain vedette, even on the line's way, does not block it.
    s.vedettes[usize::from(plain(&h, COALITION, true))].place = VedettePlace::Map(x[1]);
    assert!(reach(&s).is_some(), "§69: a plain vedette never blocks");
    for v in cossack {
        let mut t = s.clone();
        for w in &mut t.vedettes {
            w.place = VedettePlace::Pool;
        }
        t.vedettes[v].place = VedettePlace::Map(x[1]);
        assert!(
            reach(&t).is_none(),
            "§80: {} cuts the line",
            h.manifest.vedettes[v].id
        );
    }
}

#[test]
fn e72_e77_random_play_with_vedettes_in_contact_never_dead_ends() {
    // From each scenario, vedettes of both sides in contact with forces at the start of a
    // French Battle Resolution: random legal actions apply, the invariants hold, a legal
    // action always exists (super::battle::random_play).
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        let s0 = h.initial_state();
        let f = force_leaders(&h, &s0, FRENCH)[0];
        let c = force_leaders(&h, &s0, COALITION)[0];
        let fv = plain(&h, FRENCH, true);
        let cv = (0..h.manifest.vedettes.len())
            .find(|&i| h.manifest.vedettes[i].side == COALITION)
            .expect("a Coalition vedette") as u16;
        let (base, x) = field(&h, 4);
        let mut seen = 0;
        // [fv, c, f, cv] and [f, cv, fv, c].
        for layout in [
            [(1, 0), (0, 1), (1, 2), (0, 3)],
            [(1, 2), (0, 3), (1, 0), (0, 1)],
        ] {
            let mut s = base.clone();
            s.vedettes[usize::from(fv)].place = VedettePlace::Map(x[layout[0].1]);
            put(&mut s, c, x[layout[1].1]);
            put(&mut s, f, x[layout[2].1]);
            s.vedettes[usize::from(cv)].place = VedettePlace::Map(x[layout[3].1]);
            seen += legal(&h, &s)
                .iter()
                .filter(|a| {
                    matches!(
                        a,
                        Action::AttackVedette { .. } | Action::VedetteAttack { .. }
                    )
                })
                .count();
            for seed in 0..12 {
                random_play(&h, s.clone(), 0x7200 + seed, 300);
            }
        }
        assert!(seen >= 2, "{id}: vedette combats offered");
    }
}

#[test]
fn e75_1_e68_7_a_vedette_with_a_beaten_force_goes_to_its_portrait() {
    // A Coalition vedette stands with the Coalition force that loses a battle: it does not
    // retreat with it (§68 item 5) but goes to the portrait of the nearest Force, its own.
    let h = load("hov/eylau");
    let (mut s, _, c, x) = duel(&h);
    let cv = plain(&h, COALITION, true);
    s.vedettes[usize::from(cv)].place = VedettePlace::Map(x[1]);
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(&h, &s, chits, COALITION).expect("a die the Coalition loses on");
    let mut won = s.clone();
    to_resolution(&h, &mut won, chits, die);
    assert_eq!(
        won.vedettes[usize::from(cv)].place,
        VedettePlace::Portrait(c)
    );
    // When the Coalition wins, it stays.
    if let Some(d) = die_for(&h, &s, chits, FRENCH) {
        to_resolution(&h, &mut s, chits, d);
        assert_eq!(s.vedettes[usize::from(cv)].place, VedettePlace::Map(x[1]));
    }
}

#[test]
fn e66_1_the_prussians_have_three_infantry_vedettes() {
    use crate::hov::types::Nationality;
    let h = load("hov/eylau");
    let inf: Vec<_> = h.manifest.vedettes.iter().filter(|v| !v.cavalry).collect();
    assert_eq!(inf.len(), 3, "§66: three infantry vedettes");
    assert!(inf.iter().all(|v| v.nationality == Nationality::Prussian));
    assert!(h.manifest.vedettes.iter().filter(|v| v.cavalry).count() > 3);
}

#[test]
fn e67_1_n55_the_pool_is_the_scenario_s_list() {
    // Eylau lists Marwitz's Freikorps in the Coalition pool (§222); Platov's three Cossack
    // vedettes are in no Battle Scenario's list and take no part (reading N55).
    let h = load("hov/eylau");
    let s = h.initial_state();
    let at = |id: &str| {
        let i = h
            .manifest
            .vedettes
            .iter()
            .position(|v| v.id == id)
            .unwrap_or_else(|| panic!("{id}"));
        s.vedettes[i].place
    };
    assert_eq!(at("P-ved-marwitz"), VedettePlace::Pool);
    for id in [
        "R-ved-platov-lf",
        "R-ved-platov-ct",
        "R-ved-platov-rt",
        "R-ved-don",
    ] {
        assert_eq!(at(id), VedettePlace::Gone, "{id}");
    }
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        let s = h.initial_state();
        assert!(
            (0..s.vedettes.len())
                .all(|i| !h.manifest.vedettes[i].cossack
                    || s.vedettes[i].place == VedettePlace::Gone),
            "{id}: no Cossack vedette in a Battle Scenario"
        );
    }
}

#[test]
fn e74_5_a_vedette_in_a_fortified_town_gets_no_fort_benefit() {
    use crate::hov::board::{Ground, Settlement, Water};
    use crate::hov::types::Half;
    let h = load("hov/eylau");
    let f = force_leaders(&h, &h.initial_state(), FRENCH)[0];
    let cv = plain(&h, COALITION, false);
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    let found = hexes.iter().find_map(|&t| {
        let i = h.board.hex(t);
        if i.settlement != Settlement::FortifiedTown
            || !matches!(i.ground, Ground::Clear | Ground::Hills)
            || !h.in_area(t)
        {
            return None;
        }
        crate::hex::Direction::ALL.iter().find_map(|&d| {
            let n = t.neighbor(d);
            let j = h.board.hex(n);
            (j.on_map
                && h.in_area(n)
                && j.ground != Ground::Swamp
                && h.board.side(n, d.opposite()).water == Water::None)
                .then_some((t, n))
        })
    });
    let Some((town, from)) = found else {
        panic!("a Fortified Town with a neighbour to attack from");
    };
    let header = if h.board.hex(town).affecting {
        &h.charts.crt_affecting
    } else {
        &h.charts.crt_columns
    };
    let want = crate::hov::combat::odds::odds(Half(4), Half(1), header, 0);
    let (mut s, _) = field(&h, 1);
    put(&mut s, f, from);
    let mine: Vec<usize> = (0..s.units.len())
        .filter(|&u| s.units[u].leader == Some(f) && s.units[u].sp > 0)
        .collect();
    for (k, u) in mine.into_iter().enumerate() {
        s.units[u].sp = if k == 0 { 2 } else { 0 };
    }
    s.vedettes[usize::from(cv)].place = VedettePlace::Map(town);
    act(
        &h,
        &mut s,
        &Action::AttackVedette {
            leader: f,
            hex: town,
        },
    );
    let ev = act(&h, &mut s, &roll(3));
    // 2 SP against ½ (4:1), as in the open (§73's example): not ½ doubled by the Fort.
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::VedetteCombat { column, drm, .. }
                if usize::from(*column) == want.column && *drm == want.drm
        )),
        "{ev:?}"
    );
}

#[test]
fn e67_3_vedettes_stay_on_the_map_when_forces_consolidate() {
    use super::organization::{advance, leader};
    use crate::hov::state::Phase;
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Consolidation, FRENCH);
    let (davout, augereau) = (leader(&h, "F-davout"), leader(&h, "F-augereau"));
    let at = h.leader_hex(&s, davout).unwrap();
    s.leaders[usize::from(augereau)].place = LeaderPlace::Map(at);
    let fv = plain(&h, FRENCH, true);
    s.vedettes[usize::from(fv)].place = VedettePlace::Map(at);
    let near = (0..s.vedettes.len())
        .filter(|&i| i != usize::from(fv) && matches!(s.vedettes[i].place, VedettePlace::Map(_)))
        .map(|i| (i, s.vedettes[i].place))
        .collect::<Vec<_>>();
    act(
        &h,
        &mut s,
        &Action::Consolidate {
            hex: at,
            leader: davout,
        },
    );
    assert_eq!(
        s.leaders[usize::from(augereau)].place,
        LeaderPlace::Portrait(davout)
    );
    assert_eq!(s.vedettes[usize::from(fv)].place, VedettePlace::Map(at));
    for (i, p) in near {
        assert_eq!(s.vedettes[i].place, p);
    }
}

#[test]
fn e68_4_a_vedette_captures_no_bridge_train_nor_pontoon() {
    use crate::hov::state::{Phase, TrainPlace};
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    super::march::advance(&h, &mut s, Phase::InitiativeMovement, COALITION);
    super::march::clear_map_but(&mut s, &[]);
    for v in &mut s.vedettes {
        if matches!(v.place, VedettePlace::Map(_)) {
            v.place = VedettePlace::Pool;
        }
    }
    let at = super::march::open_ground(&h);
    let from = at.neighbor(crate::hex::Direction::ALL[0]);
    let cv = (0..h.manifest.vedettes.len())
        .find(|&i| h.manifest.vedettes[i].side == COALITION && h.manifest.vedettes[i].cavalry)
        .expect("a Coalition cavalry vedette") as u16;
    s.vedettes[usize::from(cv)].place = VedettePlace::Map(from);
    for t in &mut s.trains {
        t.place = if t.side == FRENCH {
            TrainPlace::Map(at)
        } else {
            TrainPlace::Out
        };
    }
    assert!(s.trains.iter().any(|t| t.side == FRENCH));
    act(
        &h,
        &mut s,
        &Action::MoveFree {
            leader: None,
            vedette: Some(cv),
        },
    );
    act(&h, &mut s, &Action::Step { to: at });
    assert_eq!(s.vedettes[usize::from(cv)].place, VedettePlace::Map(at));
    assert!(
        s.trains
            .iter()
            .filter(|t| t.side == FRENCH)
            .all(|t| t.place == TrainPlace::Map(at)),
        "§68 item 2: the trains stay French"
    );
}

#[test]
fn e68_4_a_vedette_crossing_an_enemy_pontoon_leaves_it_to_the_enemy() {
    use crate::hov::board::{Road, Water};
    use crate::hov::state::{Phase, TrainPlace};
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    super::march::advance(&h, &mut s, Phase::InitiativeMovement, COALITION);
    super::march::clear_map_but(&mut s, &[]);
    for v in &mut s.vedettes {
        if matches!(v.place, VedettePlace::Map(_)) {
            v.place = VedettePlace::Pool;
        }
    }
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    let (at, d) = hexes
        .into_iter()
        .find_map(|x| {
            crate::hex::Direction::ALL
                .iter()
                .find(|&&d| {
                    let sd = h.board.side(x, d);
                    sd.water == Water::Primary
                        && !sd.bridge
                        && sd.road == Road::None
                        && h.in_area(x)
                        && h.in_area(x.neighbor(d))
                        && !h.board.hex(x).settlement.fort()
                        && !h.board.hex(x.neighbor(d)).settlement.fort()
                })
                .map(|&d| (x, d))
        })
        .expect("an unbridged primary river");
    let to = at.neighbor(d);
    let x = crate::hex::Hexside::between(at, to).unwrap();
    let i = s
        .trains
        .iter()
        .position(|t| t.side == FRENCH)
        .expect("a French train");
    s.trains[i].place = TrainPlace::Pontoon(x);
    let cv = (0..h.manifest.vedettes.len())
        .find(|&i| h.manifest.vedettes[i].side == COALITION && h.manifest.vedettes[i].cavalry)
        .expect("a Coalition cavalry vedette") as u16;
    s.vedettes[usize::from(cv)].place = VedettePlace::Map(to);
    act(
        &h,
        &mut s,
        &Action::MoveFree {
            leader: None,
            vedette: Some(cv),
        },
    );
    act(&h, &mut s, &Action::Step { to: at });
    assert_eq!(s.vedettes[usize::from(cv)].place, VedettePlace::Map(at));
    assert_eq!(s.trains[i].side, FRENCH, "§68 item 2: no capture");
    assert_eq!(s.trains[i].place, TrainPlace::Pontoon(x));
}

#[test]
fn e66_e72_random_play_from_each_scenario_start_with_vedettes() {
    // From each Battle Scenario's start (vedettes in play, reading A4): random legal actions
    // through set-up, movement and Battle Resolution apply, with the invariants holding.
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        assert!(h.params.vedettes, "{id}");
        for seed in 0..4 {
            random_play(&h, h.initial_state(), 0x6672 + seed, 400);
        }
    }
}
