//! Multi-Hex Forces in battle (¶83, ¶151, ¶28), the counterattack on them (¶146 step 13,
//! ¶150 3, ¶159, ¶199), the re-attack of every hex next to the force (¶147), the best
//! Initiative of separate defending forces (¶155, X37) and a Pitched loss beyond the force
//! (¶206, X44).

use alloc::vec::Vec;

use super::battle::{act, duel, force_leaders, legal, load, no_artillery, position, roll};
use super::fort::only_sp;
use crate::engine::Rules;
use crate::hex::{Direction, Hex};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::board::{Ground, Settlement, Water};
use crate::hov::event::Event;
use crate::hov::state::{BattleStep, LeaderId, LeaderPlace, State};
use crate::hov::types::{COALITION, Chit, FRENCH};

/// Leaves a leader one unit of infantry or cavalry, at `sp`, and no subordinates.
fn one_unit(h: &Hov, s: &mut State, l: LeaderId, sp: u8) {
    let mut kept = false;
    for (i, u) in s.units.iter_mut().enumerate() {
        if u.leader != Some(l) {
            continue;
        }
        if !kept && h.manifest.units[i].arm != crate::hov::types::Arm::Artillery && u.sp > 0 {
            u.sp = sp;
            kept = true;
        } else {
            u.sp = 0;
            u.leader = None;
        }
    }
    for x in &mut s.leaders {
        if x.place == LeaderPlace::Portrait(l) {
            x.place = LeaderPlace::Out;
        }
    }
}

/// Whether a leader has infantry on his own track.
fn has_infantry(h: &Hov, s: &State, l: LeaderId) -> bool {
    s.units.iter().enumerate().any(|(i, u)| {
        u.leader == Some(l)
            && u.sp > 0
            && h.manifest.units[i].arm == crate::hov::types::Arm::Infantry
    })
}

/// A French Force Leader and another French Force Leader he may take under command (no
/// subordinates of his own, within the first's span), both with infantry.
fn commander_and_part(h: &Hov, s: &State) -> (LeaderId, LeaderId) {
    let fr: Vec<LeaderId> = force_leaders(h, s, FRENCH)
        .into_iter()
        .filter(|&l| has_infantry(h, s, l))
        .collect();
    for &a in &fr {
        for &b in &fr {
            if a != b
                && !s
                    .leaders
                    .iter()
                    .any(|x| x.place == LeaderPlace::Portrait(b))
                && h.span_takes(s, a, &[b])
            {
                return (a, b);
            }
        }
    }
    panic!("no French pair");
}

/// A plain hex with no river on any side, in the area.
fn plain(h: &Hov, x: Hex) -> bool {
    let info = h.board.hex(x);
    info.on_map
        && h.in_area(x)
        && info.ground == Ground::Clear
        && info.settlement == Settlement::None
        && Direction::ALL
            .into_iter()
            .all(|d| h.board.side(x, d).water == Water::None)
}

/// Three plain hexes each next to the other two.
fn triangle(h: &Hov) -> (Hex, Hex, Hex) {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    for &a in &hexes {
        if !plain(h, a) {
            continue;
        }
        for d in Direction::ALL {
            let b = a.neighbor(d);
            if !plain(h, b) {
                continue;
            }
            if let Some(x) = a
                .neighbors()
                .into_iter()
                .find(|&x| x != b && x.distance(b) == 1 && plain(h, x))
            {
                return (a, b, x);
            }
        }
    }
    panic!("no triangle of plain hexes");
}

/// Eylau, with French `f0` at A, `f1` at B and Coalition `c` at X (a triangle), nobody else on
/// the map.
fn triangle_position(h: &Hov) -> (State, [LeaderId; 3], [Hex; 3]) {
    let s0 = h.initial_state();
    let (f0, f1) = commander_and_part(h, &s0);
    let c = force_leaders(h, &s0, COALITION)[0];
    let (mut s, _) = position(h, &[]);
    let (a, b, x) = triangle(h);
    s.leaders[usize::from(f0)].place = LeaderPlace::Map(a);
    s.leaders[usize::from(f1)].place = LeaderPlace::Map(b);
    s.leaders[usize::from(c)].place = LeaderPlace::Map(x);
    (s, [f0, f1, c], [a, b, x])
}

#[test]
fn r83_r151_r28_a_multi_hex_force_attacks_several_hexes_in_one_combat() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let (f0, f1) = commander_and_part(&h, &s0);
    let co = force_leaders(&h, &s0, COALITION);
    let (c0, c1) = (co[0], co[1]);
    // C0 – F0 – F1 – C1 along a line: F0 touches C0 only, F1 touches C1 only.
    let (s, hexes) = position(&h, &[c0, f0, f1, c1]);
    let acts = legal(&h, &s);
    let multi = Action::Attack {
        leader: f0,
        parts: alloc::vec![f1],
        hexes: alloc::vec![hexes[0], hexes[3]],
    };
    assert!(acts.contains(&multi), "¶83, ¶151: {acts:?}");
    // ¶151: a defending hex next to no hex of the force is not in the combat.
    let far = Action::Attack {
        leader: f0,
        parts: Vec::new(),
        hexes: alloc::vec![hexes[0], hexes[3]],
    };
    assert!(!acts.contains(&far));
    let mut bad = s.clone();
    let e = h
        .apply(&mut bad, &far, &mut Vec::new())
        .expect_err("refused");
    assert_eq!(e.rule, "¶145");
    assert_eq!(bad, s, "state unchanged");
    let mut t = s.clone();
    let ev = act(&h, &mut t, &multi);
    assert!(ev.iter().any(
        |e| matches!(e, Event::ForceFormed { leader, parts, counter: false, .. } if *leader == f0 && parts == &[f1])
    ));
    let b = t.battle.clone().expect("a battle");
    assert_eq!(b.attackers, alloc::vec![f0, f1]);
    assert_eq!(b.defenders, alloc::vec![hexes[0], hexes[3]]);
    // ¶28 1, ¶28 3: the parts stay in their own hexes, off the portrait, next to the Force
    // Leader; both hexes fight and both are spent for the phase (¶148).
    assert_eq!(t.leaders[usize::from(f1)].place, LeaderPlace::Map(hexes[2]));
    assert!(t.fought.contains(&f0) && t.fought.contains(&f1));
    let sides = h.sides(&t, &b);
    let fr = h.side_pieces(&t, &sides, FRENCH);
    let on = |l: LeaderId| {
        fr.iter().any(|p| {
            matches!(p, crate::hov::combat::designate::Piece::Unit(u)
                if t.units[usize::from(*u)].leader == Some(l))
        })
    };
    assert!(on(f0) && on(f1), "both hexes' units attack");
    // ¶147: the re-attack takes in every hex still held next to any hex of the force.
    let (_, again) = h.reattack(&t).expect("a re-attack");
    assert_eq!(again, alloc::vec![hexes[0], hexes[3]]);
}

#[test]
fn r28_3_r84_a_part_must_be_next_to_the_force_leader_and_within_his_span() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let (f0, f1) = commander_and_part(&h, &s0);
    let co = force_leaders(&h, &s0, COALITION);
    // F0 – C0 – C1 – F1: F1 two hexes and more away from F0 cannot join his force.
    let (s, _) = position(&h, &[f0, co[0], co[1], f1]);
    assert!(h.battle_part_candidates(&s, f0, None).is_empty());
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::Attack { parts, .. } if !parts.is_empty()))
    );
    // Next to him but beyond his span: no Multi-Hex attack.
    let (mut t, _) = position(&h, &[co[0], f0, f1, co[1]]);
    let span = h.span_of(&t, f0);
    let used = h.span_used(&t, f0);
    let need = u16::from(h.subordination_of(&t, f1));
    if u16::from(span) >= used + need {
        // Fill the span with extra subordinates from the pool of French leaders.
        for (i, l) in h.manifest.leaders.iter().enumerate() {
            let id = i as LeaderId;
            if l.side == FRENCH
                && id != f0
                && id != f1
                && !matches!(t.leaders[i].place, LeaderPlace::Map(_))
            {
                t.leaders[i].place = LeaderPlace::Portrait(f0);
                if h.span_used(&t, f0) + need > u16::from(h.span_of(&t, f0)) {
                    break;
                }
            }
        }
    }
    if h.span_used(&t, f0) + need > u16::from(h.span_of(&t, f0)) {
        assert!(!legal(&h, &t).iter().any(
            |a| matches!(a, Action::Attack { leader, parts, .. } if *leader == f0 && !parts.is_empty())
        ), "¶84: beyond the span");
    }
}

/// The multi-hex attack of the triangle position, then straight to the counterattack step.
fn to_counter(h: &Hov, s: &mut State, f: [LeaderId; 3], x: Hex) {
    let multi = Action::Attack {
        leader: f[0],
        parts: alloc::vec![f[1]],
        hexes: alloc::vec![x],
    };
    assert!(legal(h, s).contains(&multi), "{:?}", legal(h, s));
    act(h, s, &multi);
    let b = s.battle.as_mut().expect("a battle");
    b.chits = [Some(Chit::Pitched), Some(Chit::Pitched)];
    b.step = BattleStep::Counterattack;
}

#[test]
fn r159_1_r150_3_r146_step13_the_counterattack_takes_in_the_strongest_adjacent_hex() {
    let h = load("hov/eylau");
    let (mut s, [f0, f1, c], [a, b, x]) = triangle_position(&h);
    only_sp(&h, &mut s, f0, 10);
    only_sp(&h, &mut s, f1, 6);
    only_sp(&h, &mut s, c, 8);
    to_counter(&h, &mut s, [f0, f1, c], x);
    let acts = legal(&h, &s);
    let on = |hexes: Vec<Hex>| Action::Attack {
        leader: c,
        parts: Vec::new(),
        hexes,
    };
    assert!(
        acts.contains(&on(alloc::vec![a])),
        "the strongest hex: {acts:?}"
    );
    assert!(acts.contains(&on(alloc::vec![a, b])), "both hexes");
    assert!(
        !acts.contains(&on(alloc::vec![b])),
        "¶159 1: not without the strongest hex"
    );
    assert!(
        !acts.contains(&Action::Done),
        "¶199: the counterattack is due"
    );
    let mut t = s.clone();
    let e = h
        .apply(&mut t, &on(alloc::vec![b]), &mut Vec::new())
        .expect_err("refused");
    assert_eq!(e.rule, "¶199");
    assert_eq!(t, s);
    // ¶200: the counterattack on both hexes fights both hexes' forces.
    act(&h, &mut t, &on(alloc::vec![a, b]));
    let bt = t.battle.clone().unwrap();
    assert!(bt.counter && bt.defenders == alloc::vec![a, b] && bt.withheld == 0);
    let sides = h.sides(&t, &bt);
    assert_eq!(h.strengths(&t, &h.side_pieces(&t, &sides, FRENCH)).inf, 16);
}

#[test]
fn r159_2_x38_the_counterattacker_withholds_half_the_unattacked_hexes() {
    let h = load("hov/eylau");
    let (mut s, [f0, f1, c], [a, _, x]) = triangle_position(&h);
    only_sp(&h, &mut s, f0, 10);
    only_sp(&h, &mut s, f1, 6);
    only_sp(&h, &mut s, c, 8);
    to_counter(&h, &mut s, [f0, f1, c], x);
    let one = Action::Attack {
        leader: c,
        parts: Vec::new(),
        hexes: alloc::vec![a],
    };
    act(&h, &mut s, &one);
    let bt = s.battle.clone().unwrap();
    // Half of B's 6 SP are held back: 8 − 3 = 5 count against A's 10 alone.
    assert_eq!(bt.withheld, 3);
    assert_eq!(bt.defenders, alloc::vec![a]);
    let sides = h.sides(&s, &bt);
    let att = h.less_withheld(&bt, h.strengths(&s, &h.side_pieces(&s, &sides, COALITION)));
    assert_eq!(att.real(), 5);
    assert_eq!(
        h.strengths(&s, &h.side_pieces(&s, &sides, FRENCH)).inf,
        10,
        "¶200: only the hex counterattacked"
    );
    // ¶159's example: 5 SP against hexes of 10 and 12 must attack both.
    let (mut s, [f0, f1, c], [a, b, x]) = triangle_position(&h);
    only_sp(&h, &mut s, f0, 12);
    only_sp(&h, &mut s, f1, 10);
    only_sp(&h, &mut s, c, 5);
    to_counter(&h, &mut s, [f0, f1, c], x);
    let counters: Vec<Action> = legal(&h, &s)
        .into_iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    assert_eq!(
        counters,
        alloc::vec![Action::Attack {
            leader: c,
            parts: Vec::new(),
            hexes: alloc::vec![a, b],
        }],
        "withholding 5 of 5 leaves nothing: both hexes"
    );
}

#[test]
fn r199_a_multi_hex_counterattacker_forms_one_force_of_the_defenders() {
    // The mirror of the triangle: two Coalition hexes attacked by one French hex; the Coalition
    // counterattacks with both as one force when its leader's span takes the other.
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let co = force_leaders(&h, &s0, COALITION);
    let pair = co.iter().find_map(|&p| {
        co.iter()
            .find(|&&q| {
                q != p
                    && !s0
                        .leaders
                        .iter()
                        .any(|x| x.place == LeaderPlace::Portrait(q))
                    && h.span_takes(&s0, p, &[q])
            })
            .map(|&q| (p, q))
    });
    let Some((c0, c1)) = pair else {
        panic!("no Coalition pair");
    };
    let f = force_leaders(&h, &s0, FRENCH)[0];
    let (mut s, _) = position(&h, &[]);
    let (a, b, x) = triangle(&h);
    s.leaders[usize::from(c0)].place = LeaderPlace::Map(a);
    s.leaders[usize::from(c1)].place = LeaderPlace::Map(b);
    s.leaders[usize::from(f)].place = LeaderPlace::Map(x);
    let attack = legal(&h, &s)
        .into_iter()
        .find(|x| matches!(x, Action::Attack { leader, parts, hexes } if *leader == f && parts.is_empty() && hexes.len() == 2))
        .expect("one attack on both hexes (¶151)");
    act(&h, &mut s, &attack);
    let bm = s.battle.as_mut().unwrap();
    bm.chits = [Some(Chit::Pitched), Some(Chit::Pitched)];
    bm.step = BattleStep::Counterattack;
    let both = Action::Attack {
        leader: c0,
        parts: alloc::vec![c1],
        hexes: alloc::vec![x],
    };
    let acts = legal(&h, &s);
    assert!(acts.contains(&both), "{acts:?}");
    let ev = act(&h, &mut s, &both);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ForceFormed { counter: true, .. }))
    );
    let bt = s.battle.clone().unwrap();
    assert_eq!(bt.attackers, alloc::vec![c0, c1]);
    assert_eq!(bt.attacker, COALITION);
}

#[test]
fn r155_x37_separate_defending_forces_use_the_best_initiative() {
    // X37: one attacker engages three separate Coalition forces; their Pitched allowance is
    // that of the best Initiative among them.
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let co = force_leaders(&h, &s0, COALITION);
    let high = co.iter().copied().find(|&l| h.initiative_of(&s0, l) > 2);
    let low: Vec<LeaderId> = co
        .iter()
        .copied()
        .filter(|&l| h.initiative_of(&s0, l) <= 2)
        .take(2)
        .collect();
    let (Some(high), [l1, l2]) = (high, low.as_slice()) else {
        panic!("no such Coalition leaders");
    };
    let f = force_leaders(&h, &s0, FRENCH)[0];
    let (mut s, _) = position(&h, &[]);
    // F at A; the three forces at three plain neighbours of A.
    let mut hexes_all = h.board.grid.hexes();
    hexes_all.sort_unstable();
    let (a, b, x, third) = hexes_all
        .into_iter()
        .filter(|&a| plain(&h, a))
        .find_map(|a| {
            let n: Vec<Hex> = a
                .neighbors()
                .into_iter()
                .filter(|&n| plain(&h, n))
                .collect();
            (n.len() >= 3).then(|| (a, n[0], n[1], n[2]))
        })
        .expect("a plain hex with three plain neighbours");
    s.leaders[usize::from(f)].place = LeaderPlace::Map(a);
    s.leaders[usize::from(*l1)].place = LeaderPlace::Map(b);
    s.leaders[usize::from(*l2)].place = LeaderPlace::Map(x);
    s.leaders[usize::from(high)].place = LeaderPlace::Map(third);
    let mut hexes = Vec::new();
    for d in Direction::ALL {
        let n = a.neighbor(d);
        if [b, x, third].contains(&n) {
            hexes.push(n);
        }
    }
    let attack = Action::Attack {
        leader: f,
        parts: Vec::new(),
        hexes: hexes.clone(),
    };
    assert!(legal(&h, &s).contains(&attack));
    act(&h, &mut s, &attack);
    let bm = s.battle.as_mut().unwrap();
    bm.pitched_shown[COALITION.index()] = 1;
    let b = s.battle.clone().unwrap();
    assert!(
        h.may_choose_pitched(&s, &b, COALITION),
        "the best Initiative (above 2) allows Pitched twice"
    );
    // Without the high-Initiative force, once only.
    let mut t = s.clone();
    t.leaders[usize::from(high)].place = LeaderPlace::Out;
    assert!(!h.may_choose_pitched(&t, &b, COALITION));
}

#[test]
fn r206_x44_three_sp_showing_pitched_against_eighteen_retreats_instead() {
    let h = load("hov/eylau");
    let mut seen = false;
    for die in 1..=6u8 {
        let (mut s, f, c, _) = duel(&h);
        no_artillery(&h, &mut s, f);
        only_sp(&h, &mut s, f, 18);
        only_sp(&h, &mut s, c, 3);
        let a = Action::Attack {
            leader: f,
            parts: Vec::new(),
            hexes: alloc::vec![h.hex_of(&s, c).unwrap()],
        };
        act(&h, &mut s, &a);
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        act(&h, &mut s, &Action::Chit(Chit::Pitched));
        while let Some(b) = &s.battle {
            if b.fight.is_some() {
                break;
            }
            let a = match b.step {
                BattleStep::Bombard => roll(6),
                BattleStep::Stake => Action::Stake(false),
                BattleStep::Resolve => roll(die),
                BattleStep::Bonus => Action::Bonus(0),
                _ => break,
            };
            act(&h, &mut s, &a);
        }
        let Some(b) = s.battle.clone() else { continue };
        let Some(x) = b.fight else { continue };
        if x.loser == COALITION && x.loser_n > 3 {
            seen = true;
            assert_ne!(b.step, BattleStep::Counterattack, "die {die}: ¶206");
            let g = b.retreats.first().expect("a retreat");
            assert_eq!(g.need, x.loser_n, "¶206: retreats its result in hexes");
        }
    }
    assert!(seen, "some die gives the 3-SP force a result above 3");
}

#[test]
fn r151_random_play_through_multi_hex_battles() {
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        let s0 = h.initial_state();
        let (f0, f1) = commander_and_part(&h, &s0);
        let co = force_leaders(&h, &s0, COALITION);
        let (mut s, _) = position(&h, &[]);
        let (a, b, x) = triangle(&h);
        s.leaders[usize::from(f0)].place = LeaderPlace::Map(a);
        s.leaders[usize::from(f1)].place = LeaderPlace::Map(b);
        s.leaders[usize::from(co[0])].place = LeaderPlace::Map(x);
        assert!(
            legal(&h, &s)
                .iter()
                .any(|a| matches!(a, Action::Attack { parts, .. } if !parts.is_empty())),
            "{id}: a Multi-Hex attack is open"
        );
        let mut battles = 0;
        for seed in 0..20 {
            battles += super::battle::random_play(&h, s.clone(), seed, 300);
        }
        assert!(battles >= 20, "{id}: {battles}");
        for seed in 0..2 {
            super::battle::random_play(&h, h.initial_state(), seed, 300);
        }
    }
}

#[test]
fn r175_2_a_beaten_multi_hex_force_retreats_as_one_along_its_force_leaders_path() {
    let h = load("hov/eylau");
    let mut seen = false;
    for die in 1..=6u8 {
        let (mut s, [f0, f1, c], [a, b, x]) = triangle_position(&h);
        only_sp(&h, &mut s, f0, 3);
        only_sp(&h, &mut s, f1, 2);
        only_sp(&h, &mut s, c, 12);
        to_counter(&h, &mut s, [f0, f1, c], x);
        let bm = s.battle.as_mut().unwrap();
        bm.chits[FRENCH.index()] = Some(Chit::Pursuit);
        let both = Action::Attack {
            leader: c,
            parts: Vec::new(),
            hexes: alloc::vec![a, b],
        };
        act(&h, &mut s, &both);
        while let Some(bt) = &s.battle {
            if bt.fight.is_some() {
                break;
            }
            let a = match bt.step {
                BattleStep::Stake => Action::Stake(false),
                BattleStep::Resolve => roll(die),
                BattleStep::Bonus => Action::Bonus(0),
                _ => break,
            };
            act(&h, &mut s, &a);
        }
        let Some(bt) = s.battle.clone() else { continue };
        if bt.fight.is_none_or(|f| f.loser != FRENCH) || bt.retreats.is_empty() {
            continue;
        }
        seen = true;
        assert_eq!(bt.retreats.len(), 1, "¶175 2: one stack");
        let g = &bt.retreats[0];
        assert!(g.leaders.contains(&f0) && g.leaders.contains(&f1));
        assert_eq!(g.path[0], a, "the Force Leader's path");
        for _ in 0..20 {
            let Some(bt) = &s.battle else { break };
            if bt.step != BattleStep::Retreat {
                break;
            }
            let next = legal(&h, &s)[0].clone();
            act(&h, &mut s, &next);
        }
        let (p0, p1) = (
            s.leaders[usize::from(f0)].place,
            s.leaders[usize::from(f1)].place,
        );
        if let (LeaderPlace::Map(x0), LeaderPlace::Map(x1)) = (p0, p1) {
            assert!(x0.distance(x1) <= 1, "¶175 2: they end together");
        }
    }
    assert!(seen, "some die beats the French force");
}

#[test]
fn r201_a_multi_hex_counterattacker_may_split_its_counterattack() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let (f0, f1) = commander_and_part(&h, &s0);
    let co = force_leaders(&h, &s0, COALITION);
    let (c0, c1) = co
        .iter()
        .find_map(|&p| {
            co.iter()
                .find(|&&q| {
                    q != p
                        && !s0
                            .leaders
                            .iter()
                            .any(|x| x.place == LeaderPlace::Portrait(q))
                        && h.span_takes(&s0, p, &[q])
                })
                .map(|&q| (p, q))
        })
        .expect("a Coalition pair");
    // A parallelogram: F0 at A, F1 at B = A+d; C0 at X = A+e, C1 at Y = B+e.
    let mut all = h.board.grid.hexes();
    all.sort_unstable();
    let (a, b, x, y) = all
        .into_iter()
        .filter(|&a| plain(&h, a))
        .find_map(|a| {
            Direction::ALL.into_iter().find_map(|d| {
                Direction::ALL.into_iter().find_map(|e| {
                    let (b, x) = (a.neighbor(d), a.neighbor(e));
                    let y = b.neighbor(e);
                    let four = [a, b, x, y];
                    (d != e
                        && x != b
                        && y != a
                        && four.iter().all(|&q| plain(&h, q))
                        && x.distance(y) == 1)
                        .then_some((a, b, x, y))
                })
            })
        })
        .expect("four plain hexes");
    let (mut s, _) = position(&h, &[]);
    for (l, at) in [(f0, a), (f1, b), (c0, x), (c1, y)] {
        s.leaders[usize::from(l)].place = LeaderPlace::Map(at);
    }
    for l in [f0, f1, c0, c1] {
        one_unit(&h, &mut s, l, 8);
    }
    let attack = legal(&h, &s)
        .into_iter()
        .find(|q| matches!(q, Action::Attack { leader, parts, hexes } if *leader == f0 && parts == &[f1] && hexes.len() == 2))
        .unwrap_or_else(|| panic!("the Multi-Hex attack on both hexes: {:?} {:?}", legal(&h, &s), (f0, f1, c0, c1, a, b, x, y)));
    act(&h, &mut s, &attack);
    let bm = s.battle.as_mut().unwrap();
    bm.chits = [Some(Chit::Pitched), Some(Chit::Pitched)];
    bm.step = BattleStep::Counterattack;
    let split = legal(&h, &s)
        .into_iter()
        .find(|q| matches!(q, Action::SplitCounter { leaders, .. } if leaders == &[c0, c1]))
        .expect("¶201: a split counterattack");
    let Action::SplitCounter { hexes, .. } = split.clone() else {
        unreachable!()
    };
    assert_eq!(hexes.len(), 2);
    assert_ne!(hexes[0], hexes[1], "no hex counterattacked twice");
    act(&h, &mut s, &split);
    let bt = s.battle.clone().unwrap();
    assert!(bt.counter);
    assert_eq!(bt.attackers, alloc::vec![c0]);
    assert_eq!(bt.defenders, alloc::vec![hexes[0]]);
    assert_eq!(bt.queue, alloc::vec![c1], "the other part attacks next");
    // The first part's counterattack: a Pitched result on either side leaves the battle in
    // this round, and the second part attacks its own hex.
    for _ in 0..10 {
        let Some(bt) = &s.battle else { break };
        if bt.attackers == [c1] {
            break;
        }
        let q = match bt.step {
            BattleStep::Stake => Action::Stake(false),
            BattleStep::Resolve => roll(3),
            BattleStep::Bonus => Action::Bonus(0),
            _ => break,
        };
        act(&h, &mut s, &q);
    }
    let bt = s.battle.clone().expect("the battle goes on");
    assert!(bt.counter, "still the counterattack half: {:?}", bt.step);
    assert_eq!(bt.attackers, alloc::vec![c1]);
    assert_eq!(bt.defenders, alloc::vec![hexes[1]]);
    assert_eq!(bt.round, 1);
}

#[test]
fn r147_the_attacking_force_may_be_re_formed_between_rounds() {
    let h = load("hov/eylau");
    let (mut s, [f0, f1, c], [_, _, x]) = triangle_position(&h);
    for l in [f0, f1, c] {
        one_unit(&h, &mut s, l, 8);
    }
    let multi = Action::Attack {
        leader: f0,
        parts: alloc::vec![f1],
        hexes: alloc::vec![x],
    };
    act(&h, &mut s, &multi);
    // The counterattack is over and Pitched was shown: the next round.
    s.battle.as_mut().unwrap().counter = true;
    let mut ev = Vec::new();
    h.next_round(&mut s, &mut ev);
    let b = s.battle.clone().unwrap();
    assert_eq!(
        b.step,
        BattleStep::Reattack,
        "¶147: the phasing player re-forms"
    );
    let acts = legal(&h, &s);
    let alone = Action::Attack {
        leader: f0,
        parts: Vec::new(),
        hexes: alloc::vec![x],
    };
    assert!(acts.contains(&alone) && acts.contains(&multi), "{acts:?}");
    assert!(!acts.contains(&Action::Done), "¶202: the re-attack is due");
    act(&h, &mut s, &alone);
    let b = s.battle.clone().unwrap();
    assert_eq!((b.round, b.attackers.clone()), (2, alloc::vec![f0]));
    assert_eq!(b.step, BattleStep::Chits);
}

#[test]
fn r148_2_a_force_whose_enemy_was_eliminated_may_join_an_adjacent_second_round() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let (f0, f2) = commander_and_part(&h, &s0);
    let co = force_leaders(&h, &s0, COALITION);
    let (c, gone) = (co[0], co[1]);
    // F0 at A and F2 at B attack C at X; F2 first fights a battle of his own elsewhere whose
    // enemy is eliminated in round one.
    let (mut s, [_, _, _], [a, b, x]) = triangle_position(&h);
    s.leaders[usize::from(f0)].place = LeaderPlace::Map(a);
    s.leaders[usize::from(f2)].place = LeaderPlace::Map(b);
    s.leaders[usize::from(c)].place = LeaderPlace::Map(x);
    let far = b
        .neighbors()
        .into_iter()
        .find(|&n| n.distance(a) > 1 && n.distance(x) > 1 && h.board.on_map(n) && h.in_area(n))
        .expect("a hex beyond B");
    s.leaders[usize::from(gone)].place = LeaderPlace::Map(far);
    let first = Action::Attack {
        leader: f2,
        parts: Vec::new(),
        hexes: alloc::vec![far],
    };
    assert!(legal(&h, &s).contains(&first), "{:?}", legal(&h, &s));
    act(&h, &mut s, &first);
    for u in &mut s.units {
        if u.leader == Some(gone) {
            u.sp = 0;
        }
    }
    let mut ev = Vec::new();
    h.end_battle(&mut s, &mut ev);
    assert_eq!(
        s.free_to_join,
        alloc::vec![f2],
        "¶148 2: F2 is free to join"
    );
    // F0 attacks C alone; the battle goes to its second round.
    let attack = Action::Attack {
        leader: f0,
        parts: Vec::new(),
        hexes: alloc::vec![x],
    };
    assert!(legal(&h, &s).contains(&attack), "{:?}", legal(&h, &s));
    act(&h, &mut s, &attack);
    s.battle.as_mut().unwrap().counter = true;
    h.next_round(&mut s, &mut ev);
    let joined = Action::Attack {
        leader: f0,
        parts: alloc::vec![f2],
        hexes: alloc::vec![x],
    };
    let acts = legal(&h, &s);
    assert!(acts.contains(&joined), "{acts:?}");
    act(&h, &mut s, &joined);
    let bt = s.battle.clone().unwrap();
    assert_eq!(bt.round, 2);
    assert!(bt.first_attackers.contains(&f2) && bt.attackers == alloc::vec![f0, f2]);
    assert!(s.free_to_join.is_empty());
}

#[test]
fn r178_an_unengaged_force_next_to_the_defender_may_join_the_attackers_retreat() {
    let h = load("hov/eylau");
    let mut seen = false;
    for die in 1..=6u8 {
        let (mut s, [f0, f1, c], [_, _, x]) = triangle_position(&h);
        one_unit(&h, &mut s, f0, 2);
        one_unit(&h, &mut s, f1, 4);
        one_unit(&h, &mut s, c, 12);
        let alone = Action::Attack {
            leader: f0,
            parts: Vec::new(),
            hexes: alloc::vec![x],
        };
        assert!(legal(&h, &s).contains(&alone));
        act(&h, &mut s, &alone);
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        while let Some(b) = &s.battle {
            if b.fight.is_some() {
                break;
            }
            let a = match b.step {
                BattleStep::Bombard => roll(6),
                BattleStep::Stake => Action::Stake(false),
                BattleStep::Resolve => roll(die),
                BattleStep::Bonus => Action::Bonus(0),
                _ => break,
            };
            act(&h, &mut s, &a);
        }
        let Some(b) = s.battle.clone() else { continue };
        if b.fight.is_none_or(|f| f.loser != FRENCH) || b.step != BattleStep::Retreat {
            continue;
        }
        seen = true;
        let acts = legal(&h, &s);
        let join = Action::JoinRetreat {
            leaders: alloc::vec![f1],
        };
        assert!(acts.contains(&join), "¶178: {acts:?}");
        assert!(acts.contains(&Action::JoinRetreat {
            leaders: Vec::new()
        }));
        let sp_before: u32 = s
            .units
            .iter()
            .filter(|u| u.leader == Some(f1))
            .map(|u| u32::from(u.sp))
            .sum();
        act(&h, &mut s, &join);
        assert!(s.fought.contains(&f1));
        for _ in 0..40 {
            if s.battle.is_none() {
                break;
            }
            let next = legal(&h, &s)[0].clone();
            act(&h, &mut s, &next);
        }
        let sp_after: u32 = s
            .units
            .iter()
            .filter(|u| u.leader == Some(f1))
            .map(|u| u32::from(u.sp))
            .sum();
        assert_eq!(sp_before, sp_after, "¶178: no losses for the joiner");
        if let LeaderPlace::Map(end) = s.leaders[usize::from(f0)].place {
            assert_eq!(s.leaders[usize::from(f1)].place, LeaderPlace::Map(end));
        }
    }
    assert!(seen, "some die beats the French attack");
}

#[test]
fn r119_a_part_in_the_enemy_zoc_fights_without_the_force_leaders_units() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let (f0, f1) = commander_and_part(&h, &s0);
    let c = force_leaders(&h, &s0, COALITION)[0];
    // F0 – F1 – C: the part moved into the enemy ZOC, the Force Leader stayed next to it.
    let (s, hexes) = position(&h, &[f0, f1, c]);
    let acts = legal(&h, &s);
    // ¶119: the Force Leader's units stay out of the battle...
    assert!(!acts.iter().any(|a| matches!(
        a,
        Action::Attack { leader, parts, .. } if *leader == f0 || parts.contains(&f0)
    )));
    let mut bad = s.clone();
    let whole = Action::Attack {
        leader: f0,
        parts: alloc::vec![f1],
        hexes: alloc::vec![hexes[2]],
    };
    assert!(h.apply(&mut bad, &whole, &mut Vec::new()).is_err());
    assert_eq!(bad, s, "state unchanged");
    // ...and the part in the ZOC fights with its own units.
    assert!(acts.contains(&Action::Attack {
        leader: f1,
        parts: Vec::new(),
        hexes: alloc::vec![hexes[2]],
    }));
}
