//! The rulebook's worked examples and the cases derived from its rules (digest §5, T-01..T-45,
//! except the line-of-sight rows T-17..T-22), each a test named after its rule.
//!
//! The fixture is an invented battle, `tests/pg/rules-*.json` (provisional data: a 34x12 map
//! carrying the terrain the examples name, and an order of battle with the unit types the
//! examples use). Each test builds its position by editing the public `State`, then drives the
//! engine through `Rules::apply` with chosen dice, or calls the crate-private step it examines.
//! Where a result depends on a provisional chart, the test replaces the chart with a uniform one
//! so that it checks the rule and not the invented numbers.

use alloc::format;
use alloc::vec::Vec;

use super::Pg;
use super::action::Action;
use super::charts::{CombatResult, SideResult};
use super::event::Event;
use super::state::{Cmd, LossTask, Morale, Off, Pending, Phase, Piece, State};
use crate::data::Library;
use crate::dice::DiceSpec;
use crate::engine::{Actor, Illegal, Rules, Side};
use crate::hex::Hex;

mod bombardment;
mod combat;
mod command;
mod losses;
mod morale;
mod movement;
mod stacking_zoc;

const FILES: &[(&str, &str)] = &[
    (
        "rules-map.json",
        include_str!("../../../../../tests/pg/rules-map.json"),
    ),
    (
        "rules-counters.json",
        include_str!("../../../../../tests/pg/rules-counters.json"),
    ),
    (
        "rules-scenario.json",
        include_str!("../../../../../tests/pg/rules-scenario.json"),
    ),
    (
        "rules-zorndorf-scenario.json",
        include_str!("../../../../../tests/pg/rules-zorndorf-scenario.json"),
    ),
    (
        "rules-main-scenario.json",
        include_str!("../../../../../tests/pg/rules-main-scenario.json"),
    ),
];

fn library() -> Library {
    let mut lib = Library::builtin().unwrap_or_else(|e| panic!("{e:?}"));
    for (name, text) in FILES {
        lib.add(name, text).unwrap_or_else(|e| panic!("{e:?}"));
    }
    lib
}

/// The Prussian side.
pub(super) const PRUSSIAN: Side = Side(0);
/// The Coalition side.
pub(super) const COALITION: Side = Side(1);

/// A die result.
pub(super) fn roll(n: u32) -> Action {
    Action::Roll(DiceSpec::D6.roll(n).unwrap_or_else(|e| panic!("{e:?}")))
}

/// A uniform CRT: every modified roll and every odds column gives `cell` ("A/D").
pub(super) fn uniform_crt(pg: &mut Pg, cell: &str) {
    let (a, d) = cell.split_once('/').unwrap_or_else(|| panic!("{cell}"));
    let r = CombatResult {
        attacker: SideResult::parse(a).unwrap_or_else(|| panic!("{a}")),
        defender: SideResult::parse(d).unwrap_or_else(|| panic!("{d}")),
    };
    alloc::sync::Arc::make_mut(&mut pg.charts).crt = alloc::vec![[r; 8]];
}

/// Keeps only the close combat DRMs the rulebook text fixes (flank attack +3, 10.1.1; the
/// Locked marker's -2, 6.3) and zeroes the provisional ones, so that a DRM a test reads comes
/// from the rule under test.
pub(super) fn rulebook_drms_only(pg: &mut Pg) {
    for (id, v) in alloc::sync::Arc::make_mut(&mut pg.charts).cc_drm.iter_mut() {
        if id != "flank_attack" && id != "locked_penalty" {
            *v = 0;
        }
    }
}

/// A position under test: the rules of one scenario and a state.
pub(super) struct T {
    pub pg: Pg,
    pub s: State,
}

impl T {
    /// The `pg/rules` battle scenario at its start (Prussian Command Determination Phase).
    pub fn new() -> T {
        T::scenario("pg/rules")
    }

    /// Another fixture scenario at its start.
    pub fn scenario(id: &str) -> T {
        let lib = library();
        let sc = lib.scenario(id).unwrap_or_else(|e| panic!("{e:?}"));
        let pg = Pg::new(&sc).unwrap_or_else(|e| panic!("{e:?}"));
        let s = pg.initial_state();
        T { pg, s }
    }

    pub fn hex(&self, id: &str) -> Hex {
        self.pg
            .board
            .grid
            .parse(id)
            .unwrap_or_else(|e| panic!("{id}: {e:?}"))
    }

    pub fn u(&self, id: &str) -> u16 {
        self.pg
            .pieces
            .unit_index(id)
            .unwrap_or_else(|| panic!("no unit {id}"))
    }

    pub fn l(&self, id: &str) -> u16 {
        self.pg
            .pieces
            .leader_index(id)
            .unwrap_or_else(|| panic!("no leader {id}"))
    }

    pub fn wing(&self, id: &str) -> u8 {
        self.pg
            .pieces
            .wings
            .iter()
            .position(|w| w.id == id)
            .unwrap_or_else(|| panic!("no wing {id}")) as u8
    }

    pub fn group(&self, id: &str) -> usize {
        self.pg
            .pieces
            .groups
            .iter()
            .position(|g| g.id == id)
            .unwrap_or_else(|| panic!("no group {id}"))
    }

    /// Takes every unit and leader off the map.
    pub fn clear(&mut self) {
        for x in self.s.units.iter_mut() {
            x.off = Off::Waiting;
        }
        for l in self.s.leaders.iter_mut() {
            l.present = false;
        }
        self.s.locked.clear();
        self.s.pending.clear();
    }

    /// Places a unit, full strength and Formed, on top of the stack in `hex`.
    pub fn put(&mut self, id: &str, hex: &str) -> u16 {
        let u = self.u(id);
        let h = self.hex(hex);
        let order = self.s.take_top();
        let max = self.pg.pieces.units[usize::from(u)].max_steps;
        let x = &mut self.s.units[usize::from(u)];
        x.off = Off::No;
        x.hex = h;
        x.order = order;
        x.steps = max;
        x.morale = Morale::Formed;
        x.in_column = false;
        x.ooc = false;
        x.mp = 0;
        x.moved = false;
        x.done = false;
        x.art_moved = false;
        x.fought = false;
        x.fired = false;
        u
    }

    /// Places a leader.
    pub fn put_leader(&mut self, id: &str, hex: &str) -> u16 {
        let l = self.l(id);
        let h = self.hex(hex);
        let x = &mut self.s.leaders[usize::from(l)];
        x.hex = h;
        x.present = true;
        x.in_column = false;
        l
    }

    pub fn set_steps(&mut self, id: &str, steps: u8) {
        let u = self.u(id);
        self.s.units[usize::from(u)].steps = steps;
    }

    pub fn set_morale(&mut self, id: &str, m: Morale) {
        let u = self.u(id);
        self.s.units[usize::from(u)].morale = m;
    }

    pub fn unit(&self, id: &str) -> &super::state::Unit {
        &self.s.units[usize::from(self.u(id))]
    }

    pub fn mr_of(&self, id: &str) -> u8 {
        self.pg.mr(&self.s, self.u(id))
    }

    pub fn at(&self, id: &str) -> Hex {
        let x = self.unit(id);
        assert_eq!(x.off, Off::No, "{id} is not on the map");
        x.hex
    }

    /// Applies an action that must be legal.
    pub fn apply(&mut self, a: Action) -> Vec<Event> {
        let mut ev = Vec::new();
        self.pg
            .apply(&mut self.s, &a, &mut ev)
            .unwrap_or_else(|e| panic!("{a:?} refused: {} {}", e.rule, e.reason));
        ev
    }

    /// Applies an action that must be illegal; the state must be untouched.
    pub fn refuse(&mut self, a: Action) -> Illegal {
        let before = self.s.clone();
        let mut ev = Vec::new();
        let e = match self.pg.apply(&mut self.s, &a, &mut ev) {
            Ok(()) => panic!("{a:?} was accepted"),
            Err(e) => e,
        };
        assert_eq!(self.s, before, "a refused action changed the state");
        assert!(ev.is_empty(), "a refused action produced events");
        e
    }

    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.pg.legal_actions(&self.s, &mut out);
        out
    }

    pub fn actor(&self) -> Actor {
        self.pg.actor(&self.s)
    }

    /// The one-hex move of a unit into the adjacent hex `to`.
    pub fn step(&self, id: &str, to: &str) -> Action {
        self.step_piece(Piece::Unit(self.u(id)), to, false)
    }

    /// The same, entering under the friendly inf/cav there (6.3 example).
    pub fn step_below(&self, id: &str, to: &str) -> Action {
        self.step_piece(Piece::Unit(self.u(id)), to, true)
    }

    pub fn step_leader(&self, id: &str, to: &str) -> Action {
        self.step_piece(Piece::Leader(self.l(id)), to, false)
    }

    fn step_piece(&self, piece: Piece, to: &str, below: bool) -> Action {
        let from = self.pg.piece_hex(&self.s, piece);
        let dir = from
            .direction_to(self.hex(to))
            .unwrap_or_else(|| panic!("{to} is not adjacent to the piece"));
        Action::Move { piece, dir, below }
    }

    /// The Normal Movement Segment of the Active player begins now, every group Effective and
    /// every unit in command: the Locked markers of 7.2 are placed for the position as it is.
    pub fn start_movement(&mut self) {
        for g in 0..self.s.groups.len() {
            if self.pg.pieces.groups[g].side == self.s.active {
                self.s.groups[g] = Cmd::Effective;
            }
        }
        let mut ev = Vec::new();
        self.pg.begin_normal_movement(&mut self.s, &mut ev);
        assert_eq!(self.s.phase, Phase::Movement);
    }

    /// The Close Combat Phase of the Active player, no combat fought yet.
    pub fn start_combat(&mut self) {
        self.s.phase = Phase::CloseCombat;
        self.s.combat = None;
        self.s.pending.clear();
        for x in self.s.units.iter_mut() {
            x.fought = false;
        }
    }

    /// Pushes a loss task as a close combat or bombardment result would (10.8.1), in a Close
    /// Combat Phase with no other business, so that the owner's choices can be applied.
    pub fn losses(&mut self, task: LossTask) -> Vec<Event> {
        self.start_combat();
        let mut ev = Vec::new();
        self.pg.start_losses(&mut self.s, task, &mut ev);
        ev
    }

    /// The Locked marker of a hex, if any.
    pub fn locked(&self, hex: &str) -> Option<super::state::Locked> {
        self.s.locked_at(self.hex(hex))
    }

    /// The pending loss task on top, if any.
    pub fn loss_task(&self) -> Option<&LossTask> {
        match self.s.pending.last() {
            Some(Pending::Losses(t)) => Some(t),
            _ => None,
        }
    }

    /// Applies the obvious "nothing more" decision (or a 1 on the die) until `done` holds.
    pub fn run_until(&mut self, done: impl Fn(&State) -> bool) {
        for _ in 0..200 {
            if done(&self.s) {
                return;
            }
            let a = if let Actor::Chance(_) = self.actor() {
                roll(1)
            } else {
                let legal = self.legal();
                [
                    Action::EndCommand,
                    Action::SpecialPass,
                    Action::EndMove,
                    Action::EndPhase,
                    Action::Decline,
                    Action::NoWithdraw,
                    Action::NoAdvance,
                ]
                .into_iter()
                .find(|a| legal.contains(a))
                .unwrap_or_else(|| panic!("stuck in {:?}: {legal:?}", self.s.phase))
            };
            self.apply(a);
        }
        panic!("the condition never held");
    }
}

/// A loss task of `lp` loss points of result `res` against the `side` units in `hexes`.
pub(super) fn task(side: Side, hexes: &[Hex], lp: u8, res: &str, lead: Option<u16>) -> LossTask {
    LossTask {
        side,
        hexes: hexes.to_vec(),
        lp,
        result: SideResult::parse(res).unwrap_or_else(|| panic!("{res}")),
        canister: false,
        lead,
        taken: Vec::new(),
        bombardment: false,
    }
}

/// Whether an event list holds an event matching `f`.
pub(super) fn has(ev: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    ev.iter().any(f)
}

/// A readable dump of events for failure messages.
pub(super) fn dump(ev: &[Event]) -> alloc::string::String {
    let mut out = alloc::string::String::new();
    for e in ev {
        out.push_str(&format!("{e:?}\n"));
    }
    out
}

#[test]
fn r4_1_fixtures_load_with_battle_or_activation_start() {
    let t = T::new();
    assert_eq!(t.pg.scenario, "pg/rules");
    assert!(t.pg.params.battle_scenario);
    assert_eq!(t.s.phase, Phase::Command);
    assert_eq!(t.s.active, PRUSSIAN);
    let z = T::scenario("pg/rules-zorndorf");
    assert_eq!(z.pg.params.marsh_cavalry_mp, Some(3));
    let m = T::scenario("pg/rules-main");
    assert!(!m.pg.params.battle_scenario);
    assert_eq!(m.s.phase, Phase::Activation);
    assert_eq!(m.s.active, COALITION.other());
}
