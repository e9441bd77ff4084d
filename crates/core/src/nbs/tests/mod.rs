//! Engine-level tests: the rulebook's worked examples driven through actions and scripted
//! dice (digest §7.1), the interrupt windows, and the refusals that name their case.

mod artillery;
mod charge;
mod charge_followon;
mod close_combat;
mod command;
mod facing;
mod fire;
mod fire_results;
mod formation;
mod general;
mod kit;
mod leaders;
mod morale;
mod movement;
mod night;
mod opportunity_fire;
mod reaction_charge;
mod setup;
mod skirmish;
pub(super) mod skirmish_kit;
mod stacking;

use alloc::string::String;
use alloc::vec::Vec;

use super::state::{Phase, Place, State, Task, UnitId};
use super::types::Formation;
use super::{Action, Event, Nbs};
use crate::data::Library;
use crate::dice::DiceSpec;
use crate::engine::{Actor, Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};

pub(super) fn rules(id: &str) -> Nbs {
    let lib = Library::builtin().unwrap();
    Nbs::new(&lib.scenario(id).unwrap()).unwrap()
}

/// Scenario 3 with every counter off the map, turn 1, the French phasing in `phase`.
pub(super) fn empty(r: &Nbs, phase: Phase) -> State {
    let mut s = r.initial_state();
    for u in &mut s.units {
        u.place = Place::Off;
    }
    s.tasks.clear();
    s.player_turn = 1; // the Allies move first (AUS 5.2): the second player turn is French
    s.phase = phase;
    s
}

pub(super) fn id(r: &Nbs, name: &str) -> UnitId {
    r.unit_index(name).unwrap_or_else(|| panic!("no {name}"))
}

/// The leader of `u`'s division (its formation by division code).
pub(super) fn division_leader(r: &Nbs, u: UnitId) -> UnitId {
    let info = &r.units[usize::from(u)];
    r.formations
        .iter()
        .find(|f| f.side == info.side && f.code == info.division)
        .map(|f| f.leader)
        .expect("a division leader")
}

pub(super) fn hex(r: &Nbs, label: &str) -> Hex {
    r.board.grid.parse(label).unwrap()
}

pub(super) fn dir(c: Compass) -> Direction {
    Direction::from_compass(c)
}

pub(super) fn put(s: &mut State, u: UnitId, h: Hex, f: Facing, form: Formation) {
    let x = &mut s.units[usize::from(u)];
    x.place = Place::At(h);
    x.facing = f;
    x.formation = form;
    x.order = u;
}

pub(super) fn apply(r: &Nbs, s: &State, a: Action) -> (State, Vec<Event>) {
    r.applied(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

pub(super) fn d66(v: u32) -> Action {
    Action::Roll(DiceSpec::D66.roll(v).unwrap())
}

pub(super) fn d6(v: u32) -> Action {
    Action::Roll(DiceSpec::D6.roll(v).unwrap())
}

/// Two French A brigades in line fire from two hexes at an Allied A brigade in line facing
/// them (the 20.4 first example's numbers): 2 + 2 fire points, column 4.
pub(super) fn two_lines_at_one(r: &Nbs) -> (State, Hex, UnitId) {
    let mut s = empty(r, Phase::OffensiveFire);
    let x = hex(r, "B40.12");
    let a = id(r, "2-1-1");
    let b = id(r, "1-2-1");
    let t = id(r, "Y2-1-L");
    put(
        &mut s,
        a,
        x.neighbor(dir(Compass::NW)),
        Facing::side(dir(Compass::SE)),
        Formation::Line,
    );
    put(
        &mut s,
        b,
        x.neighbor(dir(Compass::SW)),
        Facing::side(dir(Compass::NE)),
        Formation::Line,
    );
    put(
        &mut s,
        t,
        x,
        Facing::corner(dir(Compass::NW)),
        Formation::Line,
    );
    let mut s2 = s.clone();
    for (u, f) in [
        (
            a,
            Action::AddFirer {
                unit: a,
                share: None,
            },
        ),
        (
            b,
            Action::AddFirer {
                unit: b,
                share: None,
            },
        ),
    ] {
        let _ = u;
        if s2.tasks.is_empty() {
            s2 = apply(
                r,
                &s2,
                Action::Target {
                    hex: x,
                    artillery: None,
                },
            )
            .0;
        }
        s2 = apply(r, &s2, f).0;
    }
    (s2, x, t)
}

pub(super) fn resolve_all_chance(r: &Nbs, mut s: State) -> State {
    while let Actor::Chance(_) = r.actor(&s) {
        let mut v = Vec::new();
        r.legal_actions(&s, &mut v);
        s = apply(r, &s, v[0].clone()).0;
    }
    s
}

#[test]
fn aus6_4_victory_levels_from_losses() {
    let r = rules("nbs/austerlitz-3");
    let mut s = r.initial_state();
    // AUS 6.1: 150 French casualties give the Allies 15; 95 Allied give the French 5.
    s.casualty_track = [150, 95];
    let o = r.outcome(&s);
    assert_eq!(o.points, [5, 15]);
    assert_eq!(o.level, "Allied Minor Victory");
    assert_eq!(o.winner, Some(Side(1)));
    s.casualty_track = [0, 0];
    assert_eq!(r.outcome(&s).level, "Draw");
    let _ = String::new();
}

#[test]
fn aus7_every_scenario_plays_to_a_result_with_the_advance_bot() {
    for n in 1..=5 {
        let r = rules(&alloc::format!("nbs/austerlitz-{n}"));
        let mut g = crate::engine::Game::new(r.clone(), 7);
        let mut bot = crate::engine::bot_named(&r, "advance").unwrap();
        let mut steps = 0;
        while g.step_bot(bot.as_mut()).unwrap().is_some() {
            steps += 1;
            assert!(steps < 200_000);
        }
        assert!(g.outcome().is_some());
    }
}

/// The board view (what the web page draws): only the scenario's playable hexes (AUS 7.1 plays
/// map B), every counter once, and every counter on the map standing on a drawn hex.
#[test]
fn aus7_1_board_view_draws_the_playable_area_and_every_counter() {
    for n in 1..=5 {
        let r = rules(&alloc::format!("nbs/austerlitz-{n}"));
        let s = r.initial_state();
        let b = r.board(&s).expect("nbs has a board view");
        assert!(
            b.hexes.len() > 120,
            "austerlitz-{n}: {} hexes",
            b.hexes.len()
        );
        assert_eq!(b.pieces.len(), s.units.len());
        let ids: alloc::collections::BTreeSet<&str> =
            b.hexes.iter().map(|h| h.hex.id.as_str()).collect();
        for p in &b.pieces {
            if let Some(h) = &p.hex {
                assert!(
                    ids.contains(h.as_str()),
                    "{} stands on {h}, not drawn",
                    p.id
                );
            }
        }
        assert!(b.pieces.iter().any(|p| p.hex.is_some()));
        if n == 1 {
            assert!(
                ids.iter().all(|id| id.starts_with('B')),
                "AUS 7.1: map B only"
            );
        }
    }
}

/// AUS 4.2a: with the option on, Katusov plays on his inverted side (rating 3, the counter's
/// `rating_inverted`) and the French start with the variant's 5 VPs; off (the default), his
/// front side and no VPs. An option the scenario does not offer is refused.
#[test]
fn aus4_2a_katusov_inverted_option() {
    let lib = Library::builtin().unwrap();
    let with = |id: &str, opts: serde_json::Value| {
        let mut sc = lib.scenario(id).unwrap();
        let mut rules = serde_json::to_value(&sc.scenario.rules).unwrap();
        rules["options"] = opts;
        sc.scenario.rules = serde_json::from_value(rules).unwrap();
        Nbs::new(&sc)
    };
    let plain = rules("nbs/austerlitz-3");
    let kat = id(&plain, "L-Katusov");
    let s = plain.initial_state();
    assert_eq!(
        plain.leader_rating(&s, kat),
        plain.units[usize::from(kat)].rating
    );
    assert_eq!(s.vp, [0, 0]);
    let r = with("nbs/austerlitz-3", serde_json::json!({ "aus-4.2a": true })).unwrap();
    let s = r.initial_state();
    assert_eq!(r.leader_rating(&s, kat), 3);
    assert_eq!(s.vp[Side(0).index()], 5);
    let e = with("nbs/austerlitz-1", serde_json::json!({ "aus-4.2a": true })).unwrap_err();
    assert!(alloc::format!("{e}").contains("aus-4.2a"), "{e}");
}

pub(super) fn with_options(
    id: &str,
    opts: serde_json::Value,
) -> Result<Nbs, crate::data::DataError> {
    let lib = Library::builtin().unwrap();
    let mut sc = lib.scenario(id).unwrap();
    let mut rules = serde_json::to_value(&sc.scenario.rules).unwrap();
    rules["options"] = opts;
    sc.scenario.rules = serde_json::from_value(rules).unwrap();
    Nbs::new(&sc)
}

/// The Allied Initiative segment of the first turn of scenario 3 (AUS 5.2: the Allies first).
fn allied_initiative_segment(r: &Nbs) -> State {
    let s = r.initial_state();
    assert_eq!((s.phase, r.phasing(&s)), (Phase::Command, Side(1)));
    let s = apply(r, &s, Action::EndCommand).0;
    let s = resolve_all_chance(r, s);
    assert_eq!(s.command.segment, 1);
    s
}

/// AUS 4.1a: a selected Emperor must roll for initiative each turn (the segment cannot end
/// before, naming AUS 4.1a); his loose cannon lets the French write one order to an Allied
/// force of his nation; each selected Emperor gives the Allies 2 VP. The `aus-4.1a-total`
/// reading takes loose cannon from a dice total of 2 or 3 only.
#[test]
fn aus4_1a_selected_emperor_must_roll_and_the_french_order_his_loose_cannon() {
    use super::command::OrderSource;
    let plain = rules("nbs/austerlitz-3");
    let alex = id(&plain, "L-Alexander-I");
    let s = allied_initiative_segment(&plain);
    let mut v = Vec::new();
    plain.legal_actions(&s, &mut v);
    assert!(
        v.contains(&Action::EndCommand),
        "unselected: the royal roll is free"
    );

    let r = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.1a-alexander": true }),
    )
    .unwrap();
    assert_eq!(r.initial_state().vp, [0, 2], "AUS 4.1a: 2 VP to the Allies");
    let s = allied_initiative_segment(&r);
    v.clear();
    r.legal_actions(&s, &mut v);
    assert!(!v.contains(&Action::EndCommand));
    assert!(v.contains(&Action::RollInitiative { leader: alex }));
    assert_eq!(
        r.applied(&s, &Action::EndCommand).unwrap_err().rule,
        "AUS 4.1a"
    );
    let rolled = apply(&r, &s, Action::RollInitiative { leader: alex }).0;
    // 0 IP: 22 is in the table's loose-cannon range (11..25).
    let lc = apply(&r, &rolled, d66(22)).0;
    match lc.tasks.last() {
        Some(Task::OrderWriting {
            leader,
            receivers,
            source: OrderSource::LooseCannon,
        }) => {
            assert_eq!(*leader, alex);
            assert!(!receivers.is_empty());
        }
        t => panic!("expected the French loose-cannon order, got {t:?}"),
    }
    assert_eq!(
        r.actor(&lc),
        Actor::Player(Side(0)),
        "10.2g: the enemy writes it"
    );
    v.clear();
    r.legal_actions(&lc, &mut v);
    let order = v[0].clone();
    assert!(matches!(order, Action::IssueOrder { .. }));
    let after = apply(&r, &lc, order).0;
    v.clear();
    r.legal_actions(&after, &mut v);
    assert!(v.contains(&Action::EndCommand), "he has rolled this turn");

    // Reading `aus-4.1a-total`: 22 (total 4) is no effect, 21 (total 3) is loose cannon.
    let t = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.1a-alexander": true, "aus-4.1a-total": true }),
    )
    .unwrap();
    let s = allied_initiative_segment(&t);
    let rolled = apply(&t, &s, Action::RollInitiative { leader: alex }).0;
    assert!(apply(&t, &rolled, d66(22)).0.tasks.is_empty());
    assert!(matches!(
        apply(&t, &rolled, d66(21)).0.tasks.last(),
        Some(Task::OrderWriting {
            source: OrderSource::LooseCannon,
            ..
        })
    ));
    // Options the scenario does not offer (here an old id) are refused, not ignored.
    let e = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.2c-one": true }),
    )
    .unwrap_err();
    assert!(alloc::format!("{e}").contains("aus-4.2c-one"), "{e}");
}

/// AUS 6.3 (reading: every leader casualty is killed, digest §8.4 item 12 a): Alexander
/// falling ends the game at once as a French Massive Victory; Francis falling gives the
/// French 20 VP and play goes on.
#[test]
fn aus6_3_alexander_falling_ends_the_game_francis_gives_20_vp() {
    let r = rules("nbs/austerlitz-3");
    let s = empty(&r, Phase::OffensiveFire);
    let f = Facing::side(dir(Compass::N));
    let mut a = s.clone();
    let alex = id(&r, "L-Alexander-I");
    put(&mut a, alex, hex(&r, "B40.12"), f, Formation::None);
    let mut ev = Vec::new();
    r.leader_falls(&mut a, alex, &mut ev);
    assert_eq!(a.sudden_death, Some(Side(0)));
    match r.actor(&a) {
        Actor::Terminal(o) => {
            assert_eq!(o.winner, Some(Side(0)));
            assert_eq!(o.rule, "AUS 6.3");
        }
        x => panic!("the game should be over, not {x:?}"),
    }
    let mut b = s.clone();
    let francis = id(&r, "L-Francis-I");
    put(&mut b, francis, hex(&r, "B40.12"), f, Formation::None);
    r.leader_falls(&mut b, francis, &mut Vec::new());
    assert_eq!(b.vp, [20, 0]);
    assert!(b.sudden_death.is_none());
    assert!(!matches!(r.actor(&b), Actor::Terminal(_)));
}

/// AUS 5.1 option: in fog a charge may go only at a target the cavalry can see from where
/// the charge begins (refused naming AUS 5.1); without the option fog does not limit charges.
#[test]
fn aus5_1_fog_charge_option_needs_a_visible_target() {
    let plain = rules("nbs/austerlitz-3");
    let fog = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-5.1-fog-charges": true }),
    )
    .unwrap();
    let turn = (plain.first_turn..=plain.last_turn())
        .find(|&t| {
            let i = plain.turn_info(t);
            !i.night && !i.fog_low_only && i.visibility.is_some_and(|v| v < 3)
        })
        .expect("a fog turn with visibility under 3 hexes");
    let c = super::tests_cases::clear_spot(&plain, 4);
    let target = c
        .neighbor(dir(Compass::N))
        .neighbor(dir(Compass::N))
        .neighbor(dir(Compass::N));
    let cav = (0..plain.units.len() as UnitId)
        .find(|&u| {
            let i = &plain.units[usize::from(u)];
            i.side == Side(0) && i.kind == super::types::UnitKind::Cavalry && !i.heavy
        })
        .unwrap();
    let foe = (0..plain.units.len() as UnitId)
        .find(|&u| {
            let i = &plain.units[usize::from(u)];
            i.side == Side(1) && i.kind == super::types::UnitKind::Infantry && i.has_loss_chart()
        })
        .unwrap();
    let charge = Action::Charge {
        from: c,
        target,
        path: alloc::vec![
            c.neighbor(dir(Compass::N)),
            c.neighbor(dir(Compass::N)).neighbor(dir(Compass::N)),
            target
        ],
    };
    let mut seen = Vec::new();
    for r in [&plain, &fog] {
        let mut s = empty(r, Phase::Movement);
        s.turn = turn;
        put(
            &mut s,
            cav,
            c,
            Facing::side(dir(Compass::N)),
            Formation::Combat,
        );
        put(
            &mut s,
            foe,
            target,
            Facing::side(dir(Compass::S)),
            Formation::Line,
        );
        r.cavalry_phase_start(&mut s);
        seen.push(r.applied(&s, &charge).map(|_| ()));
    }
    assert!(seen[0].is_ok(), "no fog limit by default: {:?}", seen[0]);
    assert_eq!(seen[1].as_ref().unwrap_err().rule, "AUS 5.1");
}

/// AUS 7.3 (scenario 3 orders): when the 3 Corps HQ enters the map, 3-4 leaves its
/// divisional goal and joins 3 Corps.
#[test]
fn aus7_3_division_3_4_joins_3_corps_when_it_arrives() {
    use super::command::Receiver;
    use super::command::phase::FormKind;
    let r = rules("nbs/austerlitz-3");
    let f = |c: &str, k: FormKind| {
        r.formations
            .iter()
            .position(|x| x.side == Side(0) && x.code == c && x.kind == k)
            .unwrap() as u16
    };
    let (d34, c3, c4) = (
        f("3-4", FormKind::Division),
        f("3", FormKind::Corps),
        f("4", FormKind::Corps),
    );
    let hq3 = id(&r, "HQ-3-Corps");
    let arrival = r
        .arrivals
        .iter()
        .find(|a| a.unit == hq3)
        .expect("3 Corps HQ is a reinforcement");
    let mut s = r.initial_state();
    assert_eq!(r.parent_now(&s, d34), Some(c4));
    assert!(
        s.orders[0].in_force(Receiver::Command(d34)).is_some(),
        "its goal"
    );
    s.turn = arrival.turn;
    s.player_turn = 1;
    s.phase = Phase::Movement;
    s.tasks.clear();
    let mut v = Vec::new();
    r.legal_actions(&s, &mut v);
    let enter = v
        .iter()
        .find(|a| matches!(a, Action::Enter { unit, .. } if *unit == hq3))
        .cloned()
        .expect("the HQ may enter");
    let (s, ev) = apply(&r, &s, enter);
    assert_eq!(r.parent_now(&s, d34), Some(c3));
    assert!(s.orders[0].in_force(Receiver::Command(d34)).is_none());
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CommandNote { text, .. } if text.contains("joins")))
    );
}

/// AUS 4.2b: with the option, 1-L, 2-L and 3-L form one corps under Buxhowden (8 VP to the
/// French): orders to it are not divisional goals, its brigades follow them, Buxhowden
/// rolls initiative for the whole wing instead of his AUS 3.2c free roll, and the column
/// leaders trace command radius to him as to a corps HQ.
#[test]
fn aus4_2b_buxhowden_commands_the_left_wing_as_a_corps() {
    use super::command::Receiver;
    use super::command::phase::FormKind;
    let plain = rules("nbs/austerlitz-3");
    let r = with_options("nbs/austerlitz-3", serde_json::json!({ "aus-4.2b": true })).unwrap();
    assert_eq!(r.initial_state().vp, [8, 0]);
    let wing = r
        .formations
        .iter()
        .position(|f| f.kind == FormKind::Wing)
        .expect("the wing") as u16;
    let bux = id(&r, "L-Buxhowden");
    let col = |r: &Nbs, c: &str| {
        r.formations
            .iter()
            .position(|f| f.side == Side(1) && f.code == c)
            .unwrap() as u16
    };
    let s = r.initial_state();
    assert_eq!(r.commander(&s, wing), bux);
    for c in ["1-L", "2-L", "3-L"] {
        assert_eq!(r.parent_now(&s, col(&r, c)), Some(wing));
    }
    assert_eq!(
        r.parent_now(&s, col(&r, "AG-L")),
        None,
        "AG-L is not in the wing"
    );
    let brigade = (0..r.units.len() as UnitId)
        .find(|&u| r.units[usize::from(u)].division == "2-L" && r.units[usize::from(u)].combat())
        .unwrap();
    assert_eq!(r.corps_now(&s, brigade), Some(wing));
    assert_eq!(plain.corps_now(&plain.initial_state(), brigade), None);
    assert!(
        r.receivers(&s, Side(1))
            .contains(&(Receiver::Command(wing), false))
    );
    // Initiative: Buxhowden rolls for the wing.
    let seg = allied_initiative_segment(&r);
    if seg.units[usize::from(bux)].hex().is_some() {
        let rolled = apply(&r, &seg, Action::RollInitiative { leader: bux }).0;
        assert!(matches!(
            rolled.tasks.last(),
            Some(Task::InitiativeRoll { force: Receiver::Command(f), .. }) if *f == wing
        ));
    }
    // Command radius: a column leader far from Buxhowden is out of radius at the start of
    // the Movement Phase; without the option he is bound to no one.
    let doct = id(&r, "L-Doctorov");
    for (rr, bound) in [(&r, true), (&plain, false)] {
        let mut s = empty(rr, Phase::Movement);
        s.player_turn = 0; // the Allies
        let a = hex(rr, "B40.12");
        let mut far = a;
        for _ in 0..12 {
            far = far.neighbor(dir(Compass::S));
        }
        let f = Facing::side(dir(Compass::N));
        put(&mut s, bux, a, f, Formation::None);
        put(&mut s, doct, far, f, Formation::None);
        rr.movement_begins(&mut s, &mut Vec::new());
        assert_eq!(
            s.units[usize::from(doct)].has(super::state::flag::OUT_OF_RADIUS),
            bound,
            "AUS 4.2b on: {bound}"
        );
    }
}

/// AUS 4.2c: returned Left Wing columns leave the set-up, arrive with Bagration and join the
/// Right Wing, which acts as a corps under him; a replacement leads the original Right
/// command; each column gives the French 2 VP; at most two columns.
#[test]
fn aus4_2c_columns_returned_to_bagration_arrive_with_the_right_wing() {
    use super::command::phase::FormKind;
    use super::command::{OrderStatus, Receiver};
    let plain = rules("nbs/austerlitz-3");
    let p0 = plain.initial_state();
    let r = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.2c-2-L": true, "aus-4.2c-3-L": true }),
    )
    .unwrap();
    let s = r.initial_state();
    assert_eq!(s.vp[0], p0.vp[0] + 4, "2 VP per column");
    let code = |r: &Nbs, c: &str| {
        r.formations
            .iter()
            .position(|f| f.side == Side(1) && f.code == c)
            .unwrap() as u16
    };
    let wing = r
        .formations
        .iter()
        .position(|f| f.kind == FormKind::Wing && f.code == "R")
        .expect("the Right Wing as a corps") as u16;
    let bag = id(&r, "L-Bagration");
    let rep = id(&r, "L-Replacement-Right");
    assert_eq!(r.formations[usize::from(wing)].leader, bag);
    let right = code(&r, "Right");
    assert_eq!(r.formations[usize::from(right)].leader, rep);
    assert_eq!(r.units[usize::from(rep)].rating, r.replacement_rating);
    for c in ["Right", "2-L", "3-L"] {
        assert_eq!(r.parent_now(&s, code(&r, c)), Some(wing), "{c}");
    }
    assert_eq!(r.parent_now(&s, code(&r, "1-L")), None);
    // The columns' units left the set-up and arrive when and where Bagration does.
    let bag_arrival = r.arrivals.iter().find(|a| a.unit == bag).unwrap();
    for (i, info) in r.units.iter().enumerate() {
        if info.side == Side(1)
            && info.parent.is_none()
            && (info.division == "2-L" || info.division == "3-L")
        {
            assert!(
                p0.units[i].hex().is_some(),
                "{} set up in the plain game",
                info.id
            );
            assert_eq!(s.units[i].place, Place::Off, "{}", info.id);
            let a = r
                .arrivals
                .iter()
                .find(|a| usize::from(a.unit) == i)
                .unwrap();
            assert_eq!(
                (a.turn, a.hex),
                (bag_arrival.turn, bag_arrival.hex),
                "{}",
                info.id
            );
        }
    }
    assert!(r.arrivals.iter().any(|a| a.unit == rep));
    // Their historical orders are withdrawn; 1-L keeps its own.
    for c in ["2-L", "3-L"] {
        let rc = Receiver::Command(code(&r, c));
        assert!(
            s.orders[1]
                .orders()
                .iter()
                .filter(|o| o.receiver == rc)
                .all(|o| o.status == OrderStatus::Cancelled)
        );
    }
    assert!(
        s.orders[1]
            .in_force(Receiver::Command(code(&r, "1-L")))
            .is_some()
    );
    // Buxhowden keeps only 1-L.
    let (_, cols) = r.buxhowden.as_ref().unwrap();
    assert_eq!(cols.len(), 1);
    // Three columns: refused naming the rule.
    let e = with_options(
        "nbs/austerlitz-3",
        serde_json::json!({ "aus-4.2c-1-L": true, "aus-4.2c-2-L": true, "aus-4.2c-3-L": true }),
    )
    .unwrap_err();
    assert_eq!(e.rule.as_deref(), Some("AUS 4.2c"), "{e}");
    // Scenario 2 begins at 9:00am: not offered.
    assert!(
        with_options(
            "nbs/austerlitz-2",
            serde_json::json!({ "aus-4.2c-1-L": true })
        )
        .is_err()
    );
}
