//! Engine-level tests: the rulebook's worked examples driven through actions and scripted
//! dice (digest §7.1), the interrupt windows, and the refusals that name their case.

mod artillery;
mod austerlitz;
mod austerlitz_commands;
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

use alloc::vec::Vec;

use super::state::{Phase, Place, State, UnitId};
use super::types::Formation;
use super::{Action, Event, Nbs};
use crate::data::Library;
use crate::dice::DiceSpec;
use crate::engine::{Actor, Rules};
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
