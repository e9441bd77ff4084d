//! The helpers the nbs engine-level tests share: fixtures (an empty scenario 3, a clear stretch
//! of map, a cavalry-charge ground), placement, actions and scripted dice, and readers of events.

use crate::data::Library;
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};
use crate::nbs::board::{Terrain, side as hs};
use crate::nbs::state::{CavTask, Charge};
use crate::nbs::state::{Phase, Place, State, Task, UnitId};
use crate::nbs::tables::MoveClass;
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::{Action, Event, Nbs};
use alloc::vec::Vec;

pub(crate) fn rules(id: &str) -> Nbs {
    let lib = Library::builtin().unwrap();
    Nbs::new(&lib.scenario(id).unwrap()).unwrap()
}

/// Scenario 3 with every counter off the map, turn 1, the French phasing in `phase`.
pub(crate) fn empty(r: &Nbs, phase: Phase) -> State {
    let mut s = r.initial_state();
    for u in &mut s.units {
        u.place = Place::Off;
    }
    s.tasks.clear();
    s.player_turn = 1; // the Allies move first (AUS 5.2): the second player turn is French
    s.phase = phase;
    s
}

pub(crate) fn id(r: &Nbs, name: &str) -> UnitId {
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

pub(crate) fn put(s: &mut State, u: UnitId, h: Hex, f: Facing, form: Formation) {
    let x = &mut s.units[usize::from(u)];
    x.place = Place::At(h);
    x.facing = f;
    x.formation = form;
    x.order = u;
}

pub(crate) fn apply(r: &Nbs, s: &State, a: Action) -> (State, Vec<Event>) {
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

pub(crate) fn with_options(
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

/// A hex whose surroundings to `radius` hexes are in play, clear, not special, level with it
/// and free of hexside features, so a test can lay out the terrain it needs.
pub(super) fn clear_spot(r: &Nbs, radius: u32) -> Hex {
    r.board
        .hexes()
        .find(|&h| {
            let level = r.board.hex(h).level;
            r.board
                .grid
                .hexes()
                .into_iter()
                .filter(|x| x.distance(h) <= radius)
                .all(|x| {
                    let i = r.board.hex(x);
                    i.on_map
                        && i.terrain == Terrain::Clear
                        && !i.special
                        && i.level == level
                        && i.edge_dist > 0
                        && Direction::ALL.iter().all(|&d| r.board.side(x, d) == 0)
                })
        })
        .expect("a clear stretch of map")
}

pub(super) fn north() -> Facing {
    Facing::side(dir(Compass::N))
}

pub(super) fn n_of(h: Hex, k: u32) -> Hex {
    (0..k).fold(h, |x, _| x.neighbor(dir(Compass::N)))
}

pub(super) fn legal(r: &Nbs, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    r.legal_actions(s, &mut v);
    v
}

pub(super) fn moved_cost(ev: &[Event]) -> u16 {
    ev.iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a step")
}

pub(super) fn halves(c: crate::nbs::tables::MoveCost) -> u16 {
    match c {
        crate::nbs::tables::MoveCost::Halves(h) => u16::from(h),
        other => panic!("not a number of MPs: {other:?}"),
    }
}

/// The Movement Chart cost of the hex terrain `t` for `class`, in half MPs.
pub(super) fn hex_cost(r: &Nbs, class: MoveClass, t: Terrain) -> u16 {
    halves(r.tables.hex_cost(class, r.terrain_idx(t)))
}

pub(super) fn first_infantry(r: &Nbs, side: Side) -> UnitId {
    (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Infantry && i.parent.is_none()
        })
        .unwrap()
}

pub(super) fn first_cavalry(r: &Nbs, side: Side) -> UnitId {
    (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Cavalry && !i.heavy
        })
        .unwrap()
}

/// Fire points and Fire Combat Table column of the fire declared in `ev`.
pub(super) fn declared_fp_and_column(ev: &[Event]) -> (u32, u8) {
    ev.iter()
        .find_map(|e| match e {
            Event::FireDeclared {
                fire_points,
                column,
                ..
            } => Some((*fire_points, *column)),
            _ => None,
        })
        .expect("a fire declared")
}

/// Declares a fire at `target` (its top unit, or the battery named) by `firers` and resolves
/// it, stopping before the roll.
pub(super) fn fire_up_to_the_roll(
    r: &Nbs,
    s: &State,
    target: Hex,
    art: Option<UnitId>,
    firers: &[UnitId],
) -> (State, Vec<Event>) {
    let (mut s, _) = apply(
        r,
        s,
        Action::Target {
            hex: target,
            artillery: art,
        },
    );
    for &f in firers {
        s = apply(
            r,
            &s,
            Action::AddFirer {
                unit: f,
                share: None,
            },
        )
        .0;
    }
    apply(r, &s, Action::Resolve)
}

/// The first roll that gives `pred` for the stack in `hex` checking with `shift` rows.
pub(super) fn morale_roll(
    r: &Nbs,
    s: &State,
    hex: Hex,
    shift: i16,
    pred: impl Fn(&crate::nbs::tables::MoraleResult) -> bool,
) -> Option<u32> {
    let u = r.morale_unit(s, hex)?;
    let row = r.tables.morale_row_shifted(r.morale_rating(u), shift);
    (0..36)
        .map(|i| crate::nbs::types::Seq66::from_index(i).unwrap())
        .find(|&q| pred(&r.tables.morale_result(row, q)))
        .map(|q| u32::from(q.value()))
}

/// Pushes a standard morale check for `hex` (threat from `from`) with `shift` rows in all,
/// and a roll giving `pred`; `None` when no roll of that row gives it.
pub(super) fn check_with(
    r: &Nbs,
    s: &State,
    hex: Hex,
    from: Hex,
    pred: impl Fn(&crate::nbs::tables::MoraleResult) -> bool + Copy,
) -> Option<(State, u32)> {
    for shift in [0i16, -1, 1, -2, 2, -3, 3, -4, 4] {
        let mut c = r.morale_check(
            s,
            hex,
            crate::nbs::state::CheckKind::Standard,
            false,
            from,
            crate::nbs::state::Role::None,
            "test",
        );
        c.shift = shift;
        if let Some(roll) = morale_roll(r, s, hex, shift, pred) {
            let mut s2 = s.clone();
            r.push_check(&mut s2, c);
            return Some((s2, roll));
        }
    }
    None
}

/// The row shift of a standard morale check of the stack in `hex`.
pub(super) fn standard_shift(r: &Nbs, s: &State, hex: Hex) -> i16 {
    r.morale_check(
        s,
        hex,
        crate::nbs::state::CheckKind::Standard,
        false,
        hex.neighbor(dir(Compass::S)),
        crate::nbs::state::Role::None,
        "test",
    )
    .shift
}

pub(super) fn standard_mod(r: &Nbs, m: crate::nbs::tables::MoraleMod) -> i16 {
    i16::from(
        r.tables
            .morale_modifier(crate::nbs::tables::MoraleList::Standard, m)
            .unwrap_or(0),
    )
}

/// Plays the tasks out: chance nodes with their first outcome, decisions with Pass when
/// offered (no square, no recall, no follow-on), else the first choice.
pub(super) fn play(r: &Nbs, mut s: State, ev: &mut Vec<Event>) -> State {
    for _ in 0..400 {
        if s.tasks.is_empty() {
            return s;
        }
        let v = legal(r, &s);
        let a = match r.actor(&s) {
            crate::engine::Actor::Chance(_) => v[0].clone(),
            _ => v
                .iter()
                .find(|a| matches!(a, Action::Pass))
                .cloned()
                .unwrap_or_else(|| v[0].clone()),
        };
        let (n, e) = apply(r, &s, a);
        s = n;
        ev.extend(e);
    }
    panic!("the tasks did not end: {:?}", s.tasks);
}

/// French cavalry in `at` facing north, 3 hexes from an Allied brigade in line; the phase
/// start of the cavalry recorded (24.1e).
pub(super) fn charge_setup() -> (Nbs, State, Hex, Hex, UnitId, UnitId) {
    let r = rules("nbs/austerlitz-3");
    let at = clear_spot(&r, 5);
    let mut s = empty(&r, Phase::Movement);
    s.turn = r.first_turn
        + r.turns
            .iter()
            .position(|t| !t.night && t.visibility.is_none())
            .unwrap() as u16;
    let cav = first_cavalry(&r, Side(0));
    let def = id(&r, "Y2-1-L");
    put(&mut s, cav, at, north(), Formation::Combat);
    let target = n_of(at, 3);
    put(
        &mut s,
        def,
        target,
        Facing::side(dir(Compass::S)),
        Formation::Line,
    );
    r.cavalry_phase_start(&mut s);
    (r, s, at, target, cav, def)
}

pub(super) fn charge_path(at: Hex) -> Vec<Hex> {
    alloc::vec![n_of(at, 1), n_of(at, 2), n_of(at, 3)]
}

pub(super) fn south() -> Facing {
    Facing::side(dir(Compass::S))
}

/// Runs the chance nodes with their first outcome and passes every free re-facing, until a
/// player decision other than a re-facing is due or nothing is pending.
pub(super) fn settle(r: &Nbs, mut s: State, ev: &mut Vec<Event>) -> State {
    for _ in 0..80 {
        match r.actor(&s) {
            Actor::Chance(Chance::Dice(_)) | Actor::Chance(_) => {
                let v = legal(r, &s);
                let (n, e) = apply(r, &s, v[0].clone());
                s = n;
                ev.extend(e);
            }
            _ if matches!(s.tasks.last(), Some(Task::Reface { .. })) => {
                let (n, e) = apply(r, &s, Action::Pass);
                s = n;
                ev.extend(e);
            }
            _ => return s,
        }
    }
    panic!("the tasks do not settle: {:?}", s.tasks);
}

pub(super) fn skirmisher_of(r: &Nbs, side: Side, n: usize) -> UnitId {
    (0..r.units.len() as UnitId)
        .filter(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Skirmisher
        })
        .nth(n)
        .expect("a skirmisher counter")
}

pub(super) fn retreat_hexes(r: &Nbs, s: &State) -> Vec<Hex> {
    legal(r, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::RetreatTo { hex } => Some(hex),
            _ => None,
        })
        .collect()
}

pub(super) fn first_of(r: &Nbs, side: Side, kind: UnitKind) -> UnitId {
    (0..r.units.len() as UnitId)
        .find(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == side && i.kind == kind && (i.parent.is_none() || kind == UnitKind::Skirmisher)
        })
        .expect("a unit of that kind")
}

/// A straight primary road north from a clear hex, four hexes long, with a French column
/// (MA 8) and a French skirmisher on it, both facing north: their road rate and clear cost
/// are ½ and 1 MP.
pub(super) fn road_north(r: &mut Nbs) -> (Hex, UnitId, UnitId) {
    let at = clear_spot(r, 4);
    for k in 0..3 {
        r.board
            .add_side_bits(n_of(at, k), dir(Compass::N), hs::PRIMARY_ROAD);
    }
    (at, id(r, "1-1-4"), skirmisher_of(r, Side(0), 0))
}

/// The ground for the cavalry tests (`charge.rs`, `charge_followon.rs`, `reaction_charge.rs`).
pub(super) struct Setup {
    pub(super) r: Nbs,
    pub(super) s: State,
    /// A clear, flat, featureless hex with room around it.
    pub(super) c: Hex,
    pub(super) d: Direction,
}

impl Setup {
    pub(super) fn clone_setup(&self) -> Setup {
        Setup {
            r: self.r.clone(),
            s: self.s.clone(),
            c: self.c,
            d: self.d,
        }
    }

    pub(super) fn at(&self, k: u8) -> Hex {
        let mut h = self.c;
        for _ in 0..k {
            h = h.neighbor(self.d);
        }
        h
    }

    pub(super) fn pick(&self, side: Side, kind: UnitKind, n: usize) -> UnitId {
        (0..self.r.units.len())
            .filter(|&i| {
                let u = &self.r.units[i];
                u.side == side && u.kind == kind && (kind != UnitKind::Cavalry || !u.heavy)
            })
            .nth(n)
            .expect("a unit") as UnitId
    }

    pub(super) fn place(&mut self, u: UnitId, h: Hex, facing: Facing, f: Formation) {
        let st = &mut self.s.units[usize::from(u)];
        st.place = Place::At(h);
        st.facing = facing;
        st.formation = f;
        st.order = self.s.next_order;
        self.s.next_order += 1;
    }

    pub(super) fn apply(&mut self, a: Action, ev: &mut Vec<Event>) {
        let (n, e) = self
            .r
            .applied(&self.s, &a)
            .unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
        self.s = n;
        ev.extend(e);
    }

    /// Plays the tasks out: scripted D66 rolls (then 33), D6 3, the first choice or
    /// Pass when offered.
    pub(super) fn play_out(&mut self, rolls: &[u32], ev: &mut Vec<Event>) {
        let mut script = rolls.iter().copied();
        for _ in 0..400 {
            if self.s.tasks.is_empty() {
                return;
            }
            let a = match self.r.actor(&self.s) {
                Actor::Chance(Chance::Dice(DiceSpec::D66)) => d66(script.next().unwrap_or(33)),
                Actor::Chance(Chance::Dice(DiceSpec::D6)) => d6(3),
                Actor::Chance(_) => Action::Pick(0),
                Actor::Player(_) => {
                    let mut v = Vec::new();
                    self.r.legal_actions(&self.s, &mut v);
                    v.iter()
                        .find(|a| matches!(a, Action::Pass))
                        .cloned()
                        .unwrap_or_else(|| v[0].clone())
                }
                Actor::Terminal(_) => return,
            };
            self.apply(a, ev);
        }
        panic!("the tasks did not end: {:?}", self.s.tasks);
    }
}

/// A hex with every hex to `radius` on the board, clear, not special, level with it and free
/// of hexside features; unlike [`clear_spot`] the disc may reach the map's edge hexes.
pub(super) fn clear_area(r: &Nbs, radius: u32) -> Hex {
    r.board
        .hexes()
        .find(|&c| {
            let lvl = r.board.hex(c).level;
            r.board.hexes().filter(|h| h.distance(c) <= radius).count() as u32
                == 1 + 3 * radius * (radius + 1)
                && r.board
                    .hexes()
                    .filter(|h| h.distance(c) <= radius)
                    .all(|h| {
                        let i = r.board.hex(h);
                        i.on_map
                            && i.terrain == Terrain::Clear
                            && !i.special
                            && i.level == lvl
                            && Direction::ALL.iter().all(|&d| r.board.side(h, d) == 0)
                    })
        })
        .expect("a clear area")
}

/// Scenario 3 with every counter off the map and fresh, a clear daylight turn, the first
/// player's Movement Phase, and a [`clear_area`] of radius 7 as the centre.
pub(super) fn clear_daylight_setup() -> Setup {
    let sc = Library::builtin()
        .unwrap()
        .scenario("nbs/austerlitz-3")
        .unwrap();
    let r = Nbs::new(&sc).unwrap();
    let mut s = r.initial_state();
    for u in &mut s.units {
        u.place = Place::Off;
        u.flags = 0;
        u.spent = 0;
        u.morale = MoraleState::Normal;
    }
    s.tasks.clear();
    // A clear daylight turn.
    s.turn = (r.first_turn..=r.last_turn())
        .find(|&t| {
            let i = r.turn_info(t);
            !i.night && i.visibility.is_none()
        })
        .expect("a clear daylight turn");
    s.player_turn = 0;
    s.phase = Phase::Movement;
    let c = clear_area(&r, 7);
    Setup {
        r,
        s,
        c,
        d: Direction::ALL[0],
    }
}

pub(super) fn side_facing(d: Direction) -> Facing {
    Facing::side(d)
}

pub(super) fn the_charge(s: &State) -> Option<Charge> {
    s.tasks.iter().rev().find_map(|t| match t {
        Task::Cavalry(CavTask::Charge(c)) => Some(c.clone()),
        _ => None,
    })
}

/// Plays on with scripted D66 rolls (then 33), D6 3, and Pass (or the first choice) for
/// decisions, until `stop` holds or nothing is pending; whether `stop` was reached.
pub(super) fn play_until(
    t: &mut Setup,
    ev: &mut Vec<Event>,
    stop: &dyn Fn(&State) -> bool,
) -> bool {
    for _ in 0..400 {
        if stop(&t.s) {
            return true;
        }
        if t.s.tasks.is_empty() {
            return false;
        }
        let a = match t.r.actor(&t.s) {
            Actor::Chance(Chance::Dice(DiceSpec::D66)) => d66(33),
            Actor::Chance(Chance::Dice(DiceSpec::D6)) => d6(3),
            Actor::Chance(_) => Action::Pick(0),
            Actor::Player(_) => {
                let mut v = Vec::new();
                t.r.legal_actions(&t.s, &mut v);
                v.iter()
                    .find(|a| matches!(a, Action::Pass))
                    .cloned()
                    .unwrap_or_else(|| v[0].clone())
            }
            Actor::Terminal(_) => return false,
        };
        t.apply(a, ev);
    }
    panic!("the tasks did not end: {:?}", t.s.tasks);
}
