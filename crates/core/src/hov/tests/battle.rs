//! III.b Battle Resolution as a state machine (¶144–¶206): designation (¶145–¶153), the secret
//! chits (¶146 step 3b, ¶155), bombardment (¶158), the combat die (¶146 step 7, ¶168, ¶170),
//! Pitched losses and the counterattack (¶197–¶202), retreat (¶172–¶174), pursuit (¶179–¶191),
//! capture (¶32–¶33), morale (¶193, ¶195), and random play through battles.

use alloc::vec::Vec;

use crate::data::Library;
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, EventInfo, Rules};
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{
    BattleStep, GarrisonPlace, LeaderId, LeaderPlace, Phase, State, VedettePlace,
};
use crate::hov::types::{COALITION, Chit, FRENCH, Guard};

pub(super) fn load(id: &str) -> Hov {
    let lib = Library::builtin().expect("the built-in library");
    Hov::new(&lib.scenario(id).expect(id)).unwrap_or_else(|e| panic!("{id}: {e}"))
}

pub(super) fn roll(v: u8) -> Action {
    Action::Roll(Roll {
        spec: DiceSpec::D6,
        value: v,
    })
}

/// Force Leaders of a side with units on their own track at the start, strongest first.
pub(super) fn force_leaders(h: &Hov, s: &State, side: crate::engine::Side) -> Vec<LeaderId> {
    let mut v: Vec<(u32, LeaderId)> = (0..s.leaders.len() as LeaderId)
        .filter(|&l| h.manifest.leaders[usize::from(l)].side == side)
        .map(|l| {
            let sp: u32 = s
                .units
                .iter()
                .filter(|u| u.leader == Some(l))
                .map(|u| u32::from(u.sp))
                .sum();
            (sp, l)
        })
        .filter(|&(sp, _)| sp > 0)
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    v.into_iter().map(|(_, l)| l).collect()
}

/// A clear hex with clear neighbours along `d` for `n` hexes, no rivers between, in the area.
pub(super) fn clear_line(h: &Hov, n: usize) -> (Hex, Direction) {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    for &a in &hexes {
        for d in Direction::ALL {
            let ok = (0..n).all(|i| {
                let x = (0..i).fold(a, |x, _| x.neighbor(d));
                let info = h.board.hex(x);
                info.on_map
                    && h.in_area(x)
                    && info.ground == crate::hov::board::Ground::Clear
                    && info.settlement == crate::hov::board::Settlement::None
                    && (i + 1 == n || h.board.side(x, d).water == crate::hov::board::Water::None)
            });
            if ok {
                return (a, d);
            }
        }
    }
    panic!("no clear line of {n} hexes");
}

/// A Battle Resolution position: the given leaders placed along a clear line of hexes (each
/// list's leaders at the line's next hex), everything else off the map.
pub(super) fn position(h: &Hov, line: &[LeaderId]) -> (State, Vec<Hex>) {
    let mut s = h.initial_state();
    let (a, d) = clear_line(h, line.len());
    let hexes: Vec<Hex> = (0..line.len())
        .map(|i| (0..i).fold(a, |x, _| x.neighbor(d)))
        .collect();
    for (i, l) in s.leaders.iter_mut().enumerate() {
        if let Some(k) = line.iter().position(|&x| usize::from(x) == i) {
            l.place = LeaderPlace::Map(hexes[k]);
        } else if matches!(l.place, LeaderPlace::Map(_)) {
            l.place = LeaderPlace::Out;
        }
    }
    for v in &mut s.vedettes {
        v.place = VedettePlace::Pool;
    }
    for g in &mut s.garrisons {
        if matches!(g.place, GarrisonPlace::Map(_)) {
            g.place = GarrisonPlace::Gone;
        }
    }
    s.phase = Phase::BattleResolution;
    s.phasing = FRENCH;
    s.weather = Some(0);
    (s, hexes)
}

pub(super) fn duel(h: &Hov) -> (State, LeaderId, LeaderId, Vec<Hex>) {
    let s0 = h.initial_state();
    let f = force_leaders(h, &s0, FRENCH)[0];
    let c = force_leaders(h, &s0, COALITION)[0];
    let (s, hexes) = position(h, &[f, c]);
    (s, f, c, hexes)
}

pub(super) fn act(h: &Hov, s: &mut State, a: &Action) -> Vec<Event> {
    let mut ev = Vec::new();
    h.apply(s, a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
    ev
}

pub(super) fn legal(h: &Hov, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    h.legal_actions(s, &mut v);
    v
}

/// Attacks and chooses both chits, then plays rolls of `die` until the combat is resolved.
pub(super) fn to_resolution(h: &Hov, s: &mut State, chits: [Chit; 2], die: u8) {
    let a = legal(h, s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .expect("an attack");
    act(h, s, &a);
    act(h, s, &Action::Chit(chits[0]));
    act(h, s, &Action::Chit(chits[1]));
    while let Some(b) = &s.battle {
        match b.step {
            BattleStep::Bombard => {
                act(h, s, &roll(6));
            }
            BattleStep::Stake => {
                act(h, s, &Action::Stake(false));
            }
            BattleStep::Resolve => {
                act(h, s, &roll(die));
            }
            BattleStep::Bonus => {
                act(h, s, &Action::Bonus(0));
            }
            _ => break,
        }
        if s.battle.as_ref().is_some_and(|b| b.fight.is_some()) {
            break;
        }
    }
}

/// The die for which `loser` loses the first attack with these chits, if any.
pub(super) fn die_for(
    h: &Hov,
    s: &State,
    chits: [Chit; 2],
    loser: crate::engine::Side,
) -> Option<u8> {
    (1..=6).find(|&d| {
        let mut t = s.clone();
        to_resolution(h, &mut t, chits, d);
        t.battle
            .as_ref()
            .and_then(|b| b.winner)
            .is_some_and(|w| w == loser.other())
    })
}

#[test]
fn r145_a_force_in_contact_must_attack_before_the_segment_ends() {
    let h = load("hov/eylau");
    let (s, f, _, hexes) = duel(&h);
    let acts = legal(&h, &s);
    assert!(
        !acts.contains(&Action::Done),
        "¶145: the attack is mandatory"
    );
    assert_eq!(
        acts,
        alloc::vec![Action::Attack {
            leader: f,
            parts: Vec::new(),
            hexes: alloc::vec![hexes[1]],
        }]
    );
    let mut t = s.clone();
    let e = h.apply(&mut t, &Action::Done, &mut Vec::new()).unwrap_err();
    assert_eq!(e.rule, "¶145");
    assert_eq!(t, s, "a refused action changes nothing");
}

#[test]
fn r146_step1_the_attack_reveals_the_leaders_and_announces_strengths() {
    let h = load("hov/eylau");
    let (mut s, f, c, _) = duel(&h);
    let a = legal(&h, &s)[0].clone();
    let ev = act(&h, &mut s, &a);
    assert!(s.leaders[usize::from(f)].revealed && s.leaders[usize::from(c)].revealed);
    assert!(ev.iter().any(|e| matches!(e, Event::Attack { announced, .. } if announced[0] % 5 == 0 && announced[0] > 0)));
    assert!(s.fought.contains(&f) && s.fought.contains(&c), "¶148–¶149");
    assert_eq!(h.actor(&s), Actor::Player(FRENCH), "the phasing chit first");
}

#[test]
fn r146_step3b_the_phasing_chit_is_a_hidden_commitment() {
    let h = load("hov/eylau");
    let (mut s, _, _, _) = duel(&h);
    let a = legal(&h, &s)[0].clone();
    act(&h, &mut s, &a);
    let mut pitched = s.clone();
    let ev = act(&h, &mut pitched, &Action::Chit(Chit::Pitched));
    let mut pursuit = s.clone();
    act(&h, &mut pursuit, &Action::Chit(Chit::Pursuit));
    // The Coalition's view and choices are the same whichever chit the French chose.
    assert_eq!(
        h.observation(&pitched, COALITION),
        h.observation(&pursuit, COALITION)
    );
    assert_eq!(legal(&h, &pitched), legal(&h, &pursuit));
    assert_eq!(h.actor(&pitched), Actor::Player(COALITION));
    assert!(ev.iter().all(|e| !e.visible_to(COALITION)));
    assert_eq!(
        h.observation(&pitched, FRENCH).battle.unwrap().chits[0],
        Some(Chit::Pitched)
    );
}

#[test]
fn r155_a_low_initiative_leader_shows_pitched_once_a_battle() {
    let h = load("hov/eylau");
    let (mut s, f, _, _) = duel(&h);
    let a = legal(&h, &s)[0].clone();
    act(&h, &mut s, &a);
    s.battle.as_mut().unwrap().pitched_shown[0] = 1;
    let limit = if h.initiative_of(&s, f) > 2 { 2 } else { 1 };
    let open = legal(&h, &s).contains(&Action::Chit(Chit::Pitched));
    assert_eq!(open, limit == 2);
    s.battle.as_mut().unwrap().pitched_shown[0] = 2;
    assert_eq!(legal(&h, &s), alloc::vec![Action::Chit(Chit::Pursuit)]);
}

#[test]
fn r146_step8_a_pursuit_loser_retreats_the_hexes_of_its_result() {
    let h = load("hov/eylau");
    let (s, _, c, hexes) = duel(&h);
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(&h, &s, chits, COALITION).expect("a die where the defender loses");
    let mut t = s.clone();
    to_resolution(&h, &mut t, chits, die);
    let b = t.battle.clone().unwrap();
    let fight = b.fight.unwrap();
    assert_eq!(fight.loser, COALITION);
    // Retreat: follow the first option each time.
    while t
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(&h, &t)[0].clone();
        act(&h, &mut t, &a);
    }
    let LeaderPlace::Map(now) = t.leaders[usize::from(c)].place else {
        // Eliminated and captured is possible only through losses; not here.
        panic!("the loser is still on the map");
    };
    let gone = now.distance(hexes[1]);
    assert!(gone <= u32::from(fight.loser_n));
    assert!(now.distance(hexes[0]) > 1 || gone < u32::from(fight.loser_n));
}

#[test]
fn r197_a_pitched_loser_takes_sp_and_the_defender_counterattacks() {
    let h = load("hov/eylau");
    let (s, _, c, hexes) = duel(&h);
    let chits = [Chit::Pursuit, Chit::Pitched];
    let die = die_for(&h, &s, chits, COALITION).expect("a die where the defender loses");
    let mut t = s.clone();
    let before = t.lost;
    to_resolution(&h, &mut t, chits, die);
    let b = t.battle.clone().unwrap();
    assert_eq!(b.step, BattleStep::Counterattack, "¶146 step 12");
    assert!(
        b.revealed[COALITION.index()],
        "¶155: the loser shows its chit"
    );
    assert_eq!(b.pitched_shown[COALITION.index()], 1);
    assert!(t.lost[COALITION.index()] > before[COALITION.index()]);
    assert!(
        t.lost[COALITION.index()] - before[COALITION.index()]
            >= t.lost[FRENCH.index()] - before[FRENCH.index()],
        "¶205"
    );
    assert_eq!(
        t.leaders[usize::from(c)].place,
        LeaderPlace::Map(hexes[1]),
        "¶197: no retreat"
    );
    assert_eq!(
        legal(&h, &t),
        alloc::vec![Action::Attack {
            leader: c,
            parts: Vec::new(),
            hexes: alloc::vec![hexes[0]],
        }],
        "¶199: the counterattack against the attacking hex is mandatory in the open"
    );
    let a = legal(&h, &t)[0].clone();
    act(&h, &mut t, &a);
    let b = t.battle.unwrap();
    assert!(b.counter && b.attacker == COALITION && b.round == 1);
    assert_eq!(
        b.chits,
        [Some(Chit::Pursuit), Some(Chit::Pitched)],
        "¶146 step 12"
    );
}

#[test]
fn r168_the_staked_old_guard_takes_one_off_the_die() {
    let h = load("hov/eylau");
    let (mut s, f, _, _) = duel(&h);
    let Some(og) = (0..h.manifest.units.len())
        .find(|&u| h.manifest.units[u].guard == Guard::Old && h.manifest.units[u].side == FRENCH)
    else {
        return;
    };
    s.units[og].leader = Some(f);
    s.units[og].sp = s.units[og].sp.max(1);
    let a = legal(&h, &s)[0].clone();
    act(&h, &mut s, &a);
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    while s.battle.as_ref().unwrap().step == BattleStep::Bombard {
        act(&h, &mut s, &roll(6));
    }
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::Stake);
    assert_eq!(h.actor(&s), Actor::Player(FRENCH));
    let mut staked = s.clone();
    act(&h, &mut staked, &Action::Stake(true));
    act(&h, &mut s, &Action::Stake(false));
    let combat_drm = |t: &mut State| {
        let mut ev = act(&h, t, &roll(4));
        if t.battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Bonus)
        {
            ev.extend(act(&h, t, &Action::Bonus(0)));
        }
        ev.iter()
            .find_map(|e| match e {
                Event::Combat { drm, .. } => Some(*drm),
                _ => None,
            })
            .expect("the combat event")
    };
    assert_eq!(combat_drm(&mut staked), combat_drm(&mut s) - 1, "¶168");
}

pub(super) fn check_invariants(h: &Hov, s: &State) {
    for (i, u) in s.units.iter().enumerate() {
        assert!(u.sp <= h.manifest.units[i].max.max(u.sp.min(60)));
        assert!(
            u.sp == 0 || u.leader.is_some(),
            "unit {i} in play with no leader"
        );
        if u.sp == 0 {
            assert!(u.leader.is_none(), "unit {i} eliminated but on a track");
        }
    }
    if let Some(b) = &s.battle {
        assert_eq!(s.phase, Phase::BattleResolution);
        assert!(b.round >= 1 && b.round <= 4, "¶203");
    }
}

pub(super) use super::play::random_play;

#[test]
fn r146_random_battles_run_without_dead_ends() {
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        let s0 = h.initial_state();
        let fr = force_leaders(&h, &s0, FRENCH);
        let co = force_leaders(&h, &s0, COALITION);
        let n = fr.len().min(co.len()).min(3);
        let mut line = Vec::new();
        for (f, c) in fr.iter().zip(&co).take(n) {
            line.push(*f);
            line.push(*c);
        }
        let (s, _) = position(&h, &line);
        let mut battles = 0;
        for seed in 0..40 {
            battles += random_play(&h, s.clone(), seed, 400);
        }
        assert!(battles >= 40, "{id}: {battles} battles");
    }
}

#[test]
fn r38_random_play_from_each_scenario_start() {
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        for seed in 0..3 {
            random_play(&h, h.initial_state(), seed, 400);
        }
    }
}

/// Takes the artillery off a leader's track (so that he may pursue, ¶185).
pub(super) fn no_artillery(h: &Hov, s: &mut State, l: LeaderId) {
    for (i, u) in s.units.iter_mut().enumerate() {
        if u.leader == Some(l) && h.manifest.units[i].arm == crate::hov::types::Arm::Artillery {
            u.leader = None;
            u.sp = 0;
        }
    }
}

#[test]
fn r179_r181_the_winner_pursues_along_the_path_and_the_loser_pays_a_sp_a_hex() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel(&h);
    no_artillery(&h, &mut s, f);
    for sub in h.members(&s, &[f]) {
        no_artillery(&h, &mut s, sub);
    }
    let chits = [Chit::Pursuit, Chit::Pursuit];
    let die = die_for(&h, &s, chits, COALITION).expect("a die where the defender loses");
    to_resolution(&h, &mut s, chits, die);
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Retreat)
    {
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
    }
    let b = s.battle.clone().unwrap();
    assert_eq!(b.step, BattleStep::Pursuit);
    assert_eq!(h.actor(&s), Actor::Player(FRENCH));
    let acts = legal(&h, &s);
    assert!(acts.contains(&Action::Pursue { leader: f }));
    assert_eq!(
        acts.last(),
        Some(&Action::Done),
        "¶185: pursuit is never required"
    );
    let lost_before = s.lost[COALITION.index()];
    let sp_before: u16 = s
        .units
        .iter()
        .enumerate()
        .filter(|(i, u)| u.sp > 0 && h.manifest.units[*i].side == COALITION)
        .map(|(_, u)| u16::from(u.sp))
        .sum();
    act(&h, &mut s, &Action::Pursue { leader: f });
    let mut ev = act(&h, &mut s, &roll(1));
    if s.battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::PursuitStop)
    {
        // ¶179 1: all the way.
        let last = legal(&h, &s).last().cloned().expect("a stop");
        ev.extend(act(&h, &mut s, &last));
    }
    let length = ev
        .iter()
        .find_map(|e| match e {
            Event::PursuitRoll { length, .. } => Some(*length),
            _ => None,
        })
        .expect("¶188: the pursuit roll");
    let path = &b.retreats[0].path;
    let moved = ev
        .iter()
        .filter(|e| matches!(e, Event::BattleMove { leader, .. } if *leader == f))
        .count();
    assert!(moved <= usize::from(length), "¶183");
    assert!(
        moved < path.len(),
        "¶181: never into the loser's hex after a full retreat"
    );
    if moved > 0 {
        assert_eq!(
            s.leaders[usize::from(f)].place,
            LeaderPlace::Map(path[moved - 1])
        );
    } else {
        assert_eq!(s.leaders[usize::from(f)].place, LeaderPlace::Map(hexes[0]));
    }
    let paid = s.lost[COALITION.index()] - lost_before;
    assert!(paid >= u16::from(length).min(sp_before), "¶181: a SP a hex");
    assert!(s.fought.contains(&f), "¶185: no further attack");
    let _ = c;
}

#[test]
fn r198_the_defender_may_override_a_beaten_phasing_pitched_chit() {
    let h = load("hov/eylau");
    let (s, f, c, hexes) = duel(&h);
    let chits = [Chit::Pitched, Chit::Pursuit];
    let Some(die) = die_for(&h, &s, chits, FRENCH) else {
        return;
    };
    let mut t = s.clone();
    to_resolution(&h, &mut t, chits, die);
    assert_eq!(t.battle.as_ref().unwrap().step, BattleStep::Override);
    assert_eq!(h.actor(&t), Actor::Player(COALITION));
    let mut over = t.clone();
    act(&h, &mut over, &Action::Override(true));
    let b = over.battle.clone();
    // The defender retreats (or has already), the attacker stays and may pursue.
    if let Some(b) = b {
        assert_eq!(
            b.fight.unwrap().loser,
            COALITION,
            "¶205: the overriding side is the loser"
        );
    }
    assert_eq!(
        over.leaders[usize::from(f)].place,
        LeaderPlace::Map(hexes[0])
    );
    let mut keep = t.clone();
    act(&h, &mut keep, &Action::Override(false));
    assert_eq!(
        keep.battle.as_ref().unwrap().step,
        BattleStep::Counterattack,
        "¶197: the Pitched loss stands"
    );
    let _ = c;
}

#[test]
fn r202_r203_a_pitched_counterattack_leads_to_a_new_round() {
    let h = load("hov/eylau");
    let (s, _, _, _) = duel(&h);
    let chits = [Chit::Pitched, Chit::Pitched];
    let die = die_for(&h, &s, chits, COALITION).expect("a die where the defender loses");
    let mut t = s.clone();
    to_resolution(&h, &mut t, chits, die);
    let a = legal(&h, &t)[0].clone();
    act(&h, &mut t, &a);
    // The counterattack: no bombardment in steps 12–19 (¶146).
    while let Some(b) = &t.battle {
        match b.step {
            BattleStep::Resolve => {
                act(&h, &mut t, &roll(3));
            }
            BattleStep::Bonus => {
                act(&h, &mut t, &Action::Bonus(0));
            }
            BattleStep::Stake => {
                act(&h, &mut t, &Action::Stake(false));
            }
            _ => break,
        }
        if t.battle.as_ref().is_some_and(|b| b.round == 2) {
            break;
        }
    }
    let b = t.battle.clone().expect("the battle goes on");
    if b.step == BattleStep::Chits {
        assert_eq!(b.round, 2, "¶203");
        assert_eq!(b.chits, [None, None], "¶203: new chits");
        assert!(
            !b.counter && b.attacker == FRENCH,
            "¶202: the phasing player re-attacks"
        );
    }
}

#[test]
fn r193_a_critical_battle_moves_morale_toward_the_winner() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel(&h);
    let a = legal(&h, &s)[0].clone();
    act(&h, &mut s, &a);
    let b = s.battle.as_mut().unwrap();
    b.step = BattleStep::Morale;
    b.winner = Some(FRENCH);
    b.lost = [1, 5];
    assert_eq!(
        h.actor(&s),
        Actor::Chance(crate::engine::Chance::Dice(DiceSpec::D6))
    );
    let m = s.morale;
    let mut hit = s.clone();
    act(&h, &mut hit, &roll(4));
    assert_eq!(hit.morale, m + 1, "4 + 1 <= 5");
    assert!(hit.battle.is_none());
    let mut miss = s.clone();
    act(&h, &mut miss, &roll(5));
    assert_eq!(miss.morale, m, "5 + 1 > 5");
    let _ = (f, c, hexes);
}

#[test]
fn r195_a_beaten_staked_guard_costs_one_space_at_the_phase_end() {
    let h = load("hov/eylau");
    let (mut s, _, _, _) = duel(&h);
    // No contact: the segment may end at once.
    for l in &mut s.leaders {
        if matches!(l.place, LeaderPlace::Map(_)) {
            l.place = LeaderPlace::Out;
        }
    }
    s.guard_beaten = true;
    let m = s.morale;
    act(&h, &mut s, &Action::Done);
    assert_eq!(s.morale, m - 1);
    assert!(s.guard_loss_this_turn && !s.guard_beaten);
    assert_ne!(s.phase, Phase::BattleResolution);
}

#[test]
fn r158_artillery_fires_before_the_odds_attacker_first() {
    let h = load("hov/eylau");
    let (mut s, f, c, _) = duel(&h);
    let art = |s: &State, l: LeaderId| -> u32 {
        let members = h.members(s, &[l]);
        s.units
            .iter()
            .enumerate()
            .filter(|(i, u)| {
                u.leader.is_some_and(|x| members.contains(&x))
                    && h.manifest.units[*i].arm == crate::hov::types::Arm::Artillery
            })
            .map(|(_, u)| u32::from(u.sp))
            .sum()
    };
    let (fa, ca) = (art(&s, f), art(&s, c));
    let a = legal(&h, &s)[0].clone();
    act(&h, &mut s, &a);
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    let mut fired = Vec::new();
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Bombard)
    {
        for e in act(&h, &mut s, &roll(1)) {
            if let Event::Bombardment {
                side, artillery, ..
            } = e
            {
                fired.push((side, artillery));
            }
        }
    }
    let mut expected = Vec::new();
    if fa > 0 {
        expected.push((FRENCH, fa));
    }
    if ca > 0 {
        expected.push((COALITION, ca));
    }
    // The attacker first; the defender fires what is left after the attacker's fire.
    assert_eq!(fired.first().map(|x| x.0), expected.first().map(|x| x.0));
    assert!(fired.len() <= expected.len());
}
