//! Unit tests by rule section, each named by the rule it checks (`r6_7_...`); the worked
//! examples of the text (digest §6 E01–E66) carry their number (`r6_1e_e02_...`).
//!
//! [`World`] builds a small position by hand on an open South-map board: counters, Divisions
//! and Wings, so that each test lays out exactly what its rule needs.

mod allied_detachments;
mod allied_options;
mod army;
mod army_rear;
mod army_retreat;
mod artillery;
mod charge_rows;
mod check_rows;
mod checks;
mod close;
mod combat_mods;
mod combat_rows;
mod command;
mod command_rows;
mod command_status;
mod commander_rows;
mod commanders;
mod detachments;
mod fire;
mod fire_los;
mod fire_losses;
mod fire_reaction;
mod fire_rows;
mod fire_special;
mod fire_split;
mod fire_strength;
mod fortifications;
mod free_movement;
mod geometry;
mod group_rows;
mod groups;
mod illegitimate;
mod infernal;
mod infernal_combat;
mod infernal_sidle;
mod king_send;
mod leaders;
mod louis;
mod lowendahl;
mod modes;
mod move_rows;
mod movement;
mod movement_rules;
mod multihex;
mod options;
mod options_commanders;
mod preview;
mod pursuit;
mod reach;
mod redoubts;
mod reform;
mod regimental_special;
mod results;
mod retreat;
mod rows_12_17;
mod rows_18_f3;
mod rows_4_11;
mod rows_f4_f10;
mod scenario3;
mod scenario_rows;
mod scenarios;
mod special_commanders;
mod special_initiative;
mod special_results;
mod special_rows;
mod splits_guns;
mod splitting;
mod stacking;
mod sunken;
mod terrain;
mod terrain_rows;
mod tournay;
mod turn;
mod victory;
mod wings;

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::board::Board;
use super::geometry::Placed;
use super::state::{ArmyState, Phase, Place, State, Unit};
use super::types::{Formation, Kind, Nationality};
use super::units::{ByHand, DivId, Division, Org, Skirmish, UnitId, UnitInfo, Wing, WingId};
use super::{Action, Event, Fontenoy, Initiative};
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Rules, Side};
use crate::hex::{Facing, Hex};

/// A hex of the open board by its printed id.
pub(super) fn hex(id: &str) -> Hex {
    super::fhex::parse(id).expect("a Fontenoy hex id")
}

/// A position under construction.
pub(super) struct World {
    pub units: Vec<UnitInfo>,
    pub unit_state: Vec<Unit>,
    pub org: Org,
    pub armies: [ArmyState; 2],
    pub eotn: Option<u8>,
    pub eot_boxes: u8,
    pub initiative: Initiative,
    pub turns: Vec<String>,
    pub board: Board,
}

impl World {
    pub fn new() -> World {
        World {
            units: Vec::new(),
            unit_state: Vec::new(),
            org: Org::default(),
            armies: [ArmyState::default(), ArmyState::default()],
            eotn: Some(12),
            eot_boxes: 6,
            initiative: Initiative::Rolled,
            turns: ["09:00", "09:20", "09:40", "10:00"]
                .iter()
                .map(|t| t.to_string())
                .collect(),
            board: Board::open(30, 30),
        }
    }

    fn push(&mut self, info: UnitInfo, place: Option<Placed>) -> UnitId {
        let id = self.units.len() as UnitId;
        let mut u = Unit::waiting(info.sp);
        if let Some(p) = place {
            u.place = Place::Map(p);
        }
        if info.kind == Kind::Artillery {
            u.formation = Formation::Unlimbered;
        }
        self.units.push(info);
        self.unit_state.push(u);
        self.org.division_of.push(None);
        self.org.wing_of_commander.push(None);
        id
    }

    fn info(name: &str, side: Side, kind: Kind) -> UnitInfo {
        UnitInfo {
            id: name.to_lowercase().replace(' ', "-"),
            name: name.to_string(),
            side,
            kind,
            nationality: if side.0 == 0 {
                Nationality::French
            } else {
                Nationality::English
            },
            tag: None,
            light: false,
            class: String::from("line"),
            regiment: None,
            sp: 0,
            mp: 0,
            er: 30,
            cr: 2,
            skirmish: Skirmish::No,
            charge_range: 0,
            caliber: None,
            by_hand: ByHand::No,
            optional: false,
            rank: None,
            command_distance: 0,
            wing_command_distance: 0,
            initiative: 0,
            cc_bonus: 0,
            er_bonus: 0,
            loss_points: 0,
            command_rating: None,
            wan: None,
            no_road_column: false,
        }
    }

    /// An infantry battalion of `sp` SP in a one-hex Line at `at` facing the vertex `facing`,
    /// of `regiment`.
    pub fn infantry(
        &mut self,
        name: &str,
        side: Side,
        regiment: &str,
        at: &str,
        facing: u8,
    ) -> UnitId {
        let mut info = Self::info(name, side, Kind::Infantry);
        info.sp = 6;
        info.mp = 4;
        info.regiment = Some(regiment.to_string());
        let p = Placed::at(hex(at), Facing::new(facing).expect("a facing"));
        self.push(info, Some(p))
    }

    /// A commander with Command Distance `cd` and Initiative Rating `ir` at `at`.
    pub fn commander(&mut self, name: &str, side: Side, at: &str, cd: u8, ir: u8) -> UnitId {
        let mut info = Self::info(name, side, Kind::Commander);
        info.command_distance = cd;
        info.initiative = ir;
        let p = Placed::at(hex(at), Facing::new(1).expect("a facing"));
        self.push(info, Some(p))
    }

    /// Makes `c` the Commander-in-Chief of its side with `rating` and `wan`.
    pub fn cinc(&mut self, c: UnitId, rating: i8, wan: u8) {
        let side = self.units[usize::from(c)].side;
        self.units[usize::from(c)].command_rating = Some(rating);
        self.units[usize::from(c)].wan = Some(wan);
        self.org.armies[side.index()].cinc = Some(c);
        self.org.armies[side.index()].command_rating = rating;
        self.org.armies[side.index()].wan = wan;
        self.armies[side.index()] = ArmyState {
            cinc: Some(c),
            command_rating: rating,
            wan,
            ..ArmyState::default()
        };
    }

    /// A Division of `side` under `commander` with `units`.
    pub fn division(
        &mut self,
        name: &str,
        side: Side,
        commander: Option<UnitId>,
        units: &[UnitId],
    ) -> DivId {
        let d = self.org.divisions.len() as DivId;
        for &u in units.iter().chain(commander.iter()) {
            self.org.division_of[usize::from(u)] = Some(d);
        }
        self.org.divisions.push(Division {
            id: name.to_lowercase(),
            name: name.to_string(),
            side,
            commander,
            units: units.to_vec(),
            wing: None,
            flexible: false,
        });
        d
    }

    /// A Wing of `side` under `commander` with `divisions`.
    pub fn wing(
        &mut self,
        name: &str,
        side: Side,
        commander: UnitId,
        divisions: &[DivId],
    ) -> WingId {
        let w = self.org.wings.len() as WingId;
        for &d in divisions {
            self.org.divisions[usize::from(d)].wing = Some(w);
        }
        self.org.wing_of_commander[usize::from(commander)] = Some(w);
        self.org.wings.push(Wing {
            id: name.to_lowercase(),
            name: name.to_string(),
            side,
            commander: Some(commander),
            divisions: divisions.to_vec(),
        });
        w
    }

    /// An Independent combat unit.
    pub fn independent(&mut self, u: UnitId) {
        let side = self.units[usize::from(u)].side;
        self.org.armies[side.index()].independents.push(u);
    }

    /// The rules, and the position at the start of the first turn's Initiative phase.
    pub fn build(self) -> (Fontenoy, State) {
        let divisions = self.org.divisions.len();
        let initial = State {
            turn: 0,
            phase: Phase::ArmyMorale,
            eot_box: 0,
            end_of_turn: false,
            specials: 0,
            double_zero_used: false,
            divisions_done: alloc::vec![false; divisions],
            units: self.unit_state,
            armies: self.armies,
            activation: None,
            steps: Vec::new(),
            rally_first: None,
            ..State::empty()
        };
        let mut r = Fontenoy::from_parts(
            "test",
            self.board,
            self.units,
            self.org,
            self.turns,
            self.eotn,
            self.eot_boxes,
            self.initiative,
            initial.clone(),
        );
        alloc::sync::Arc::make_mut(&mut r.tables).checks = check_tables();
        let mut s = initial;
        let mut ev = Vec::new();
        r.begin_turn(&mut s, &mut ev);
        (r, s)
    }
}

/// The check charts as the scenarios read them (their provisional completions, 18.0–19.0,
/// F-8.3).
pub(super) fn check_tables() -> super::checks::tables::CheckTables {
    let read = |name: &str, text: &str| match crate::data::parse_standalone(name, text) {
        Ok(crate::data::DataFile::Chart(c)) => c,
        other => panic!("{name}: {other:?}"),
    };
    let morale = read(
        "morale-check-table-provisional.json",
        include_str!(
            "../../../../../scenarios/fontenoy/charts/morale-check-table-provisional.json"
        ),
    );
    let disorder = read(
        "disorder-check-table-provisional.json",
        include_str!(
            "../../../../../scenarios/fontenoy/charts/disorder-check-table-provisional.json"
        ),
    );
    let special = read(
        "special-disorder-morale-provisional.json",
        include_str!(
            "../../../../../scenarios/fontenoy/charts/special-disorder-morale-provisional.json"
        ),
    );
    super::checks::tables::CheckTables::from_charts(&morale, &disorder, &special)
        .expect("the check charts read")
}

/// Gives a hand-built position the chart booklet's commander and army charts (their
/// provisional completions) and the series' one loss record per army (23.0).
pub(super) fn with_charts(r: &mut Fontenoy, s: &mut State) {
    use super::army::{ArmyCharts, ArmyRules};
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let rs = lib.scenario("fontenoy/ingoldsby").expect("scenario 1");
    let t = alloc::sync::Arc::make_mut(&mut r.tables);
    t.commander = super::commanders::LossCharts::read(&rs).expect("commander charts");
    t.army = ArmyCharts::read(&rs).expect("army charts");
    let sr = alloc::sync::Arc::make_mut(&mut r.scenario_rules);
    sr.army = ArmyRules::read("test", None, None, &[], &rs, &t.army).expect("tracks");
    s.tracks = alloc::vec![super::state::Track::default(); 2];
}

/// Whether the position waits on a set-up decision: a deployment (F-10.0c), the missing
/// redoubt (F-6.2) or a barricade (F-3.6).
pub(super) fn setting_up(s: &State) -> bool {
    matches!(
        s.steps.last(),
        Some(
            super::state::Step::Deploy { .. }
                | super::state::Step::PlaceRedoubt
                | super::state::Step::PlaceBarricades { .. }
        )
    )
}

/// A built-in scenario's rules and its position once the Set-Up is done (each unit set up
/// with its first legal choice).
pub(super) fn scenario(id: &str) -> (Fontenoy, State) {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let r = Fontenoy::new(&lib.scenario(id).expect("a scenario")).expect("loads");
    let mut s = r.initial_state();
    while setting_up(&s) {
        let a = legal(&r, &s).into_iter().next().expect("a set-up choice");
        apply(&r, &mut s, a);
    }
    (r, s)
}

/// Applies `a`, panicking with the refusal if it is refused.
pub(super) fn apply(r: &Fontenoy, s: &mut State, a: Action) -> Vec<Event> {
    let mut ev = Vec::new();
    if let Err(e) = r.apply(s, &a, &mut ev) {
        panic!("{a:?} refused: {e}");
    }
    ev
}

/// A d10 result.
pub(super) fn d10(v: u8) -> Action {
    Action::Roll(Roll {
        spec: DiceSpec::D10,
        value: v,
    })
}

/// A 00–99 result.
pub(super) fn d100(v: u8) -> Action {
    Action::Roll(Roll {
        spec: DiceSpec::D100,
        value: v,
    })
}

/// The legal actions now.
pub(super) fn legal(r: &Fontenoy, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    r.legal_actions(s, &mut v);
    v
}

/// The Initiative winner activates one of his own Divisions (asked only when he could also
/// make the opponent activate).
pub(super) fn artillery_own(r: &Fontenoy, s: &mut State) {
    if let Some(super::state::Step::InitiativeChoice { .. }) = s.steps.last() {
        apply(r, s, Action::ActivateOwn);
    }
}

/// Rolls the initiative dice: French `f`, Allied `a`.
pub(super) fn initiative(r: &Fontenoy, s: &mut State, f: u8, a: u8) -> Vec<Event> {
    let mut ev = apply(r, s, d10(f));
    ev.extend(apply(r, s, d10(a)));
    ev
}
