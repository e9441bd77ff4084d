//! Command and control in play (10.0–10.5, AUS 2.x–3.x): the Command Phase as a state machine
//! over the pure rules of [`crate::nbs::command`], and the hooks by which orders, HQs and command
//! radius bind movement, fire and close combat.
//!
//! The Command Phase (digest §3.1) runs in three segments kept in [`CommandState::segment`]:
//! * 0, C1 Order Issue (10.1): `IssueOrder` by the army commander, `EmergencyRetreat` (10.4);
//!   `EndCommand` closes it and runs C2, the Corps Attack Stoppage checks (10.3), as 2d6 rolls;
//! * 1, C3 Initiative (10.2): `RollInitiative` (11..66), then the order the success or the
//!   loose cannon calls for (`IssueOrder` inside [`Task::OrderWriting`]); `EndCommand` runs C4
//!   (delay reduction, 1d6 each) and C5 (acceptance, 11..66 each);
//! * 2: the rolls are on the task stack; when they are done the Movement Phase begins.
//!
//! Formations are indexed by [`Nbs::formations`]: French corps with HQs ([`Receiver::Corps`]),
//! the Imperial Guard under Bessieres (a formation without HQ, AUS 2.3), French divisions, and
//! the nine Allied commands of AUS 3.2b (all [`Receiver::Command`]). Single cavalry brigades
//! and artillery units, and any Allied brigade (AUS 3.6), receive divisional goals as
//! [`Receiver::Unit`] (10.5b).
//!
//! Scenario pre-set orders (10.1i, AUS 5.3) are logged as accepted in the first state
//! (`load_preset_orders`), their wording kept as free text; the Set-Up Phase may rewrite them.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::engine::{Illegal, Side};
use crate::hex::{Hex, Reach, ReachOptions};
use crate::nbs::command::radius::LeaderCosts;
pub(in crate::nbs) use crate::nbs::command::radius::RadiusCache;
use crate::nbs::command::{
    ALLIED_SENIORITY, AlliedLeader, Emperor, FormalOrder, FreeRoller, InitiativeAttempts,
    InitiativeOrder, InitiativeResult, Method, Nationality, OrderKind, OrderSource, OrderStatus,
    Receiver, allied_army_commander, francis_in_command, initiative_points,
};
use crate::nbs::command::{Acceptance, CommandError, DivisionEntry, stoppage_count, stoppage_row};
use crate::nbs::event::Event;
use crate::nbs::query::Occ;
use crate::nbs::state::{FireDecl, Place, State, Task, UnitId, flag};
use crate::nbs::tables::MoveClass;
use crate::nbs::types::{MoraleState, Seq66, UnitKind};
use crate::nbs::units::{Nation, Rank, UnitInfo};
use crate::nbs::{Action, Nbs};

/// What kind of formation (10.0, AUS 2.3, 3.2b).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormKind {
    /// A French corps with an HQ unit: orders go to the HQ and take effect when the corps
    /// leader touches base (10.0a).
    Corps,
    /// The French Imperial Guard: one formation under Bessieres, without HQ (AUS 2.3; digest
    /// §8.4 item 13: it needs orders and its brigades trace radius to Bessieres).
    Guard,
    /// A French division (leader without HQ): orders to it are divisional goals (10.5b).
    Division,
    /// An Allied command of AUS 3.2b: every order is a divisional goal, no HQ.
    Allied,
    /// AUS 4.2b: Buxhowden's Left Wing (1-L, 2-L, 3-L) as a corps. He stands in for its HQ:
    /// orders go to him and take effect on acceptance, and its column leaders trace command
    /// radius to him as to a corps HQ.
    Wing,
}

/// One formation that receives orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formation {
    /// Its side.
    pub side: Side,
    /// Its code (corps code, or division / command code).
    pub code: String,
    /// What it is.
    pub kind: FormKind,
    /// Its leader.
    pub leader: UnitId,
    /// Its HQ unit (French corps only).
    pub hq: Option<UnitId>,
    /// The corps of a French division.
    pub parent: Option<u16>,
}

/// Reads the formations from the counters (10.0, AUS 2.3, 3.2b): French corps and the Guard
/// first (by their leaders), then French divisions, then the Allied commands.
pub fn formations(units: &[UnitInfo]) -> Vec<Formation> {
    let mut out: Vec<Formation> = Vec::new();
    let french = Side(0);
    for (i, u) in units.iter().enumerate() {
        if u.side == french && u.kind == UnitKind::Leader && u.rank == Rank::Corps {
            let hq = units
                .iter()
                .position(|h| h.side == french && h.kind == UnitKind::Hq && h.corps == u.corps)
                .map(|h| h as UnitId);
            out.push(Formation {
                side: french,
                code: u.corps.clone(),
                kind: if hq.is_some() {
                    FormKind::Corps
                } else {
                    FormKind::Guard
                },
                leader: i as UnitId,
                hq,
                parent: None,
            });
        }
    }
    let corps_count = out.len();
    for (i, u) in units.iter().enumerate() {
        if u.kind != UnitKind::Leader || u.rank != Rank::Division || u.division.is_empty() {
            continue;
        }
        if u.side == french {
            // The Guard's leader is its corps-rank leader; no division formation for it.
            let parent = out[..corps_count]
                .iter()
                .position(|f| f.code == u.corps)
                .map(|p| p as u16);
            out.push(Formation {
                side: french,
                code: u.division.clone(),
                kind: FormKind::Division,
                leader: i as UnitId,
                hq: None,
                parent,
            });
        } else {
            out.push(Formation {
                side: u.side,
                code: u.division.clone(),
                kind: FormKind::Allied,
                leader: i as UnitId,
                hq: None,
                parent: None,
            });
        }
    }
    out
}

/// One side's command bookkeeping for the turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideCommand {
    /// Command Points left this turn (10.1b).
    pub cp: u8,
    /// This turn's initiative attempts (10.2c, AUS 3.2a, 3.2c).
    pub attempts: InitiativeAttempts,
    /// Formations on an Attack order whose units were fired on at two hexes or less (or
    /// charged) since this side's last Command Phase (10.3a; digest §8.4 item 1).
    pub contact: Vec<u16>,
    /// Formations that failed a stoppage check this turn: their units must end the turn three
    /// hexes or more from every enemy unit (10.3b).
    pub stopped: Vec<u16>,
    /// Formations whose HQ was overrun: an emergency retreat is due (10.0c).
    pub overrun: Vec<u16>,
    /// Formations that made an emergency retreat this turn (one a turn).
    pub retreated: Vec<u16>,
}

/// The command part of the state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CommandState {
    /// The Command Phase segment: 0 order issue, 1 initiative, 2 the rolls (see the module
    /// docs).
    pub segment: u8,
    /// Per side.
    pub sides: [SideCommand; 2],
}

/// The anchors of a unit's command radius kept inline: one leader or HQ, two for a
/// Buxhowden column (AUS 3.2c), the corps HQ and its division leaders for corps artillery
/// (10.5a); more spill to the heap.
pub(in crate::nbs) const ANCHORS: usize = 4;

/// A unit's command-radius anchors: leader or HQ, radius in half MPs.
pub(in crate::nbs) type Anchors = SmallVec<[(UnitId, u16); ANCHORS]>;

/// What an order permits a step (movement hook).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StepBlock {
    /// 10.1h, 10.0c: an HQ without orders is bolted to the ground.
    Bolted,
    /// 10.5a: an out-of-radius unit may only step closer to its leader.
    NotCloser,
    /// 10.5a: a unit in radius may not step out of it.
    LeavesRadius,
}

/// A unit's standing for steps under orders and command radius (see [`Nbs::step_gate`]).
pub(in crate::nbs) enum StepGate {
    /// Nothing in 10.x limits its steps.
    Free,
    /// 10.1h, 10.0c: an HQ without orders.
    Bolted,
    /// 10.5a: out of radius at the start of the phase: each step must bring it closer to
    /// one of `anchors` than `now`.
    Closer {
        anchors: SmallVec<[Hex; ANCHORS]>,
        now: u32,
    },
    /// 10.5a: in radius of one of `anchors` (hex, radius in half MPs): it may not step out.
    KeepRadius {
        anchors: SmallVec<[(Hex, u16); ANCHORS]>,
        side: Side,
    },
}

impl StepGate {
    /// Why a step to `to` is refused, if it is.
    fn block(
        &self,
        nbs: &Nbs,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        to: Hex,
    ) -> Option<StepBlock> {
        match self {
            StepGate::Free => None,
            StepGate::Bolted => Some(StepBlock::Bolted),
            StepGate::Closer { anchors, now } => {
                let after = anchors.iter().map(|a| a.distance(to)).min();
                after
                    .is_none_or(|a| a >= *now)
                    .then_some(StepBlock::NotCloser)
            }
            StepGate::KeepRadius { anchors, side } => (!anchors
                .iter()
                .any(|&(a, halves)| nbs.within(s, occ, cache, *side, a, halves, to)))
            .then_some(StepBlock::LeavesRadius),
        }
    }

    /// Whether a step to `to` is allowed (the listing path).
    pub(in crate::nbs) fn allows(
        &self,
        nbs: &Nbs,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        to: Hex,
    ) -> bool {
        self.block(nbs, s, occ, cache, to).is_none()
    }
}

impl Nbs {
    /// Every hex's leader cost toward each neighbour in half MPs (u8::MAX: prohibited), from
    /// the Movement Chart's Leaders row (10.5a, 10.1e): the map does not change in play.
    pub(in crate::nbs) fn leader_cost_table(&self) -> Vec<[u8; 6]> {
        let mut t = alloc::vec![[u8::MAX; 6]; self.board.cells()];
        for h in self.board.hexes() {
            let Some(i) = self.board.index(h) else {
                continue;
            };
            for d in crate::hex::Direction::ALL {
                if let crate::nbs::movement::StepCost::Half(c) =
                    self.terrain_step(MoveClass::Leader, h, d, true).0
                {
                    t[i][usize::from(d.index())] = c.clamp(1, 254) as u8;
                }
            }
        }
        t
    }
}

fn illegal(e: CommandError) -> Illegal {
    Illegal::new(e.rule, e.reason)
}

/// The AUS 3.3 seniority list as counter ids.
fn allied_id(l: AlliedLeader) -> &'static str {
    match l {
        AlliedLeader::Katusov => "L-Katusov",
        AlliedLeader::Alexander => "L-Alexander-I",
        AlliedLeader::Francis => "L-Francis-I",
        AlliedLeader::Liechtenstein => "L-Liechtenstein",
        AlliedLeader::Bagration => "L-Bagration",
        AlliedLeader::Buxhowden => "L-Buxhowden",
        AlliedLeader::Kollowrath => "L-Kollowrath",
    }
}

fn nationality(n: Nation) -> Nationality {
    match n {
        Nation::French => Nationality::French,
        Nation::Russian => Nationality::Russian,
        Nation::Austrian => Nationality::Austrian,
    }
}

const KINDS: [OrderKind; 2] = [OrderKind::Attack, OrderKind::NonAttack];
const METHODS: [Method; 3] = [Method::AideOral, Method::AideWritten, Method::InPerson];

impl Nbs {
    // ----- who is who -------------------------------------------------------------------

    fn formation(&self, f: u16) -> Option<&Formation> {
        self.formations.get(usize::from(f))
    }

    /// The receiver naming formation `f`.
    pub fn formation_receiver(&self, f: u16) -> Receiver {
        match self.formation(f).map(|x| x.kind) {
            Some(FormKind::Corps) => Receiver::Corps(f),
            _ => Receiver::Command(f),
        }
    }

    fn formation_of_code(&self, side: Side, code: &str, corps: bool) -> Option<u16> {
        self.formations
            .iter()
            .position(|f| {
                f.side == side
                    && f.code == code
                    && (corps
                        == matches!(f.kind, FormKind::Corps | FormKind::Guard | FormKind::Wing))
            })
            .map(|i| i as u16)
    }

    /// The division (French) or command (Allied) formation of a unit.
    pub(in crate::nbs) fn division_of(&self, u: UnitId) -> Option<u16> {
        let i = &self.units[usize::from(u)];
        if i.division.is_empty() {
            return None;
        }
        self.formation_of_code(i.side, &i.division, false)
    }

    /// The printed corps (or Guard) of a French unit; for an Allied unit, the wing its
    /// command belongs to under AUS 4.2b.
    pub(in crate::nbs) fn corps_of(&self, u: UnitId) -> Option<u16> {
        let i = &self.units[usize::from(u)];
        if i.side != Side(0) {
            return self
                .division_of(u)
                .and_then(|d| self.formations[usize::from(d)].parent);
        }
        self.formation_of_code(i.side, &i.corps, true)
    }

    /// The combat units of a formation.
    fn members(&self, f: u16) -> Vec<UnitId> {
        let Some(fm) = self.formation(f) else {
            return Vec::new();
        };
        (0..self.units.len() as UnitId)
            .filter(|&u| {
                let i = &self.units[usize::from(u)];
                i.side == fm.side
                    && i.combat()
                    && match fm.kind {
                        FormKind::Corps | FormKind::Guard => i.corps == fm.code,
                        FormKind::Division | FormKind::Allied => i.division == fm.code,
                        FormKind::Wing => self.corps_of(u) == Some(f),
                    }
            })
            .collect()
    }

    pub(in crate::nbs) fn on_map(s: &State, u: UnitId) -> Option<Hex> {
        s.units.get(usize::from(u)).and_then(|x| x.hex())
    }

    fn allied_lost(&self, s: &State) -> Vec<AlliedLeader> {
        ALLIED_SENIORITY
            .into_iter()
            .filter(|l| {
                self.unit_index(allied_id(*l))
                    .is_none_or(|u| s.units[usize::from(u)].place == Place::Gone)
            })
            .collect()
    }

    /// Whether Kaiser Francis holds Allied army command (AUS 3.5).
    fn francis_commands(&self, s: &State) -> bool {
        francis_in_command(&self.allied_lost(s))
    }

    /// 10.1i, AUS 5.3: the scenario's historical pre-set orders (`rules.preset_orders`), logged
    /// and accepted before play, unless the scenario's `rules.options.historical_orders` is
    /// `false` (players may discard them and start without orders). Each names its side, the
    /// receiving formation by code, attack or non-attack, whether it is a divisional goal, and
    /// its text; an unknown side, code or kind is a data error naming the entry.
    pub(in crate::nbs) fn load_preset_orders(
        &self,
        s: &mut State,
        rules: &serde_json::Value,
        scenario: &str,
    ) -> Result<usize, crate::data::DataError> {
        let on = rules
            .get("options")
            .and_then(|o| o.get("historical_orders"))
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(true);
        let Some(list) = rules.get("preset_orders").and_then(|v| v.as_array()) else {
            return Ok(0);
        };
        if !on {
            return Ok(0);
        }
        let bad = |i: usize, why: String| {
            crate::data::DataError::new(scenario, format!("rules.preset_orders[{i}]"), why)
                .with_rule("10.1i")
        };
        for (i, o) in list.iter().enumerate() {
            let text = |k: &str| o.get(k).and_then(|v| v.as_str()).unwrap_or("");
            let side = match text("side") {
                "french" => Side(0),
                "allied" => Side(1),
                other => return Err(bad(i, format!("unknown side `{other}`"))),
            };
            let kind = match text("kind") {
                "attack" => OrderKind::Attack,
                "non_attack" => OrderKind::NonAttack,
                other => return Err(bad(i, format!("unknown order kind `{other}`"))),
            };
            let code = text("receiver");
            let f = self
                .formations
                .iter()
                .position(|x| x.side == side && x.code == code)
                .ok_or_else(|| bad(i, format!("no formation `{code}` on that side")))?;
            let goal = o
                .get("divisional_goal")
                .and_then(serde_json::Value::as_bool)
                .unwrap_or(false);
            let sender = self
                .units
                .iter()
                .position(|x| x.side == side && x.kind == UnitKind::Leader && x.rank == Rank::Army)
                .map_or(self.formations[f].leader, |x| x as UnitId);
            s.orders[side.index()]
                .preset(
                    sender,
                    self.formation_receiver(f as u16),
                    kind,
                    goal,
                    String::from(text("text")),
                )
                .map_err(|e| bad(i, format!("{e:?}")))?;
        }
        Ok(list.len())
    }

    /// The leader who writes formal orders for `side` now: Napoleon or, once he is lost, the
    /// best-rated Marshal on the map (AUS 2.4: the player's choice; taken here as the highest
    /// rating, then the first listed); Katusov or his AUS 3.3 successor. `None` when he is not
    /// on the map.
    pub fn army_commander(&self, s: &State, side: Side) -> Option<UnitId> {
        if side == Side(0) {
            let nap = self.units.iter().position(|i| {
                i.side == side && i.kind == UnitKind::Leader && i.rank == Rank::Army
            })? as UnitId;
            return match s.units[usize::from(nap)].place {
                Place::At(_) => Some(nap),
                Place::Off => None,
                Place::Gone => (0..self.units.len() as UnitId)
                    .filter(|&u| {
                        let i = &self.units[usize::from(u)];
                        i.side == side
                            && i.kind == UnitKind::Leader
                            && i.rank == Rank::Corps
                            && !s.replaced.contains(&u) // a generic back is no Marshal
                            && Self::on_map(s, u).is_some()
                    })
                    .max_by_key(|&u| (self.leader_rating(s, u), core::cmp::Reverse(u))),
            };
        }
        let l = allied_army_commander(&self.allied_lost(s))?;
        let u = self.unit_index(allied_id(l))?;
        Self::on_map(s, u).map(|_| u)
    }

    /// The column (Allied formation) Buxhowden commands this turn: the one of 1-L, 2-L, 3-L
    /// with a unit or leader in his hex (AUS 3.2c).
    fn buxhowden_column(&self, s: &State) -> Option<u16> {
        let (b, cols) = self.buxhowden.as_ref()?;
        let h = Self::on_map(s, *b)?;
        cols.iter().find_map(|&(code_i, f)| {
            let here = s.units.iter().enumerate().any(|(i, u)| {
                u.place == Place::At(h)
                    && i != usize::from(*b)
                    && self.units[i].division == ["1-L", "2-L", "3-L"][code_i]
            });
            here.then_some(f)
        })
    }

    /// Buxhowden and the formations of the columns he may command (AUS 3.2c), looked up once
    /// when the rules are bound to the scenario.
    pub(in crate::nbs) fn buxhowden_lookup(&self) -> Option<(UnitId, Vec<(usize, u16)>)> {
        let b = self.unit_index("L-Buxhowden")?;
        let cols = ["1-L", "2-L", "3-L"]
            .iter()
            .enumerate()
            .filter_map(|(i, c)| self.formation_of_code(Side(1), c, false).map(|f| (i, f)))
            .collect();
        Some((b, cols))
    }

    /// AUS 4.2b: Buxhowden commands 1-L, 2-L and 3-L as one corps (a [`FormKind::Wing`]
    /// formation appended to the list), and his AUS 3.2c column command ends.
    pub(in crate::nbs) fn left_wing_as_corps(&mut self) -> Option<u16> {
        let (b, cols) = self.buxhowden.take()?;
        let f = self.formations.len() as u16;
        for &(_, c) in &cols {
            self.formations[usize::from(c)].parent = Some(f);
        }
        self.formations.push(Formation {
            side: Side(1),
            code: String::from("L"),
            kind: FormKind::Wing,
            leader: b,
            hq: None,
            parent: None,
        });
        Some(f)
    }

    /// AUS 4.2c: the Left Wing columns `cols` (1-L, 2-L, 3-L) go back to Bagration. The Right
    /// Wing becomes a corps under him (a [`FormKind::Wing`] formation, as in 4.2b) made of the
    /// original Right command, now led by the replacement leader `replacement`, and the
    /// returned columns. Their units leave the set-up and arrive with Bagration, and
    /// Buxhowden no longer commands them (see also [`Self::withdraw_presets`]).
    pub(in crate::nbs) fn right_wing_as_corps(
        &mut self,
        s: &mut State,
        cols: &[u16],
        replacement: UnitId,
    ) -> Result<u16, &'static str> {
        let right = self
            .formation_of_code(Side(1), "Right", false)
            .ok_or("no Right Wing command")?;
        let bag = self.formations[usize::from(right)].leader;
        let (turn, hex, column) = self
            .arrivals
            .iter()
            .find(|a| a.unit == bag)
            .map(|a| (a.turn, a.hex, a.column))
            .ok_or("Bagration does not arrive in this scenario (AUS 4.2c: only before 7:00am)")?;
        let wing = self.formations.len() as u16;
        self.formations.push(Formation {
            side: Side(1),
            code: String::from("R"),
            kind: FormKind::Wing,
            leader: bag,
            hq: None,
            parent: None,
        });
        self.formations[usize::from(right)].parent = Some(wing);
        self.formations[usize::from(right)].leader = replacement;
        let rating = self.replacement_rating;
        let code = self.formations[usize::from(right)].code.clone();
        {
            let r = &mut self.units[usize::from(replacement)];
            r.division = code.clone();
            r.command = code;
            r.rank = Rank::Division;
            r.rating = rating;
            r.morale_rating = rating;
        }
        self.units[usize::from(bag)].rank = Rank::Corps;
        self.units[usize::from(bag)].division = String::new();
        let mut arriving = alloc::vec![replacement];
        for &c in cols {
            self.formations[usize::from(c)].parent = Some(wing);
            let code = self.formations[usize::from(c)].code.clone();
            arriving.extend(
                (0..self.units.len() as UnitId)
                    .filter(|&u| {
                        let i = &self.units[usize::from(u)];
                        // Counters only: pieces made in play (11.5, 17.0, 27.1) stay off.
                        i.side == Side(1) && i.division == code && i.parent.is_none()
                    })
                    .filter(|&u| s.units[usize::from(u)].place != Place::Gone),
            );
        }
        if let Some((_, bux)) = &mut self.buxhowden {
            bux.retain(|(_, c)| !cols.contains(c));
        }
        for u in arriving {
            s.units[usize::from(u)].place = Place::Off;
            self.arrivals.retain(|a| a.unit != u);
            self.arrivals.push(crate::nbs::Arrival {
                unit: u,
                turn,
                hex,
                column, // AUS 7.5: the returned columns travel with Bagration's
            });
        }
        Ok(wing)
    }

    /// AUS 4.2c: the pre-set orders of the columns returned to Bagration are withdrawn (they
    /// leave the set-up; AUS 5.3 lets the player write new ones).
    pub(in crate::nbs) fn withdraw_presets(&self, s: &mut State, cols: &[u16]) {
        for &c in cols {
            let receiver = self.formation_receiver(c);
            let held: Vec<u16> = s.orders[1]
                .orders()
                .iter()
                .filter(|o| o.receiver == receiver && o.status == OrderStatus::Implemented)
                .map(|o| o.number)
                .collect();
            for n in held {
                let _ = s.orders[1].cancel_preset(n); // only pre-set orders are in force now
            }
        }
    }

    /// The leader who receives for a formation: its own, or Buxhowden for the column he is
    /// with (AUS 3.2c).
    fn receiving_leader(&self, s: &State, r: Receiver) -> Option<UnitId> {
        match r {
            Receiver::Corps(f) | Receiver::Command(f) => {
                if Some(f) == self.buxhowden_column(s) {
                    return self.unit_index("L-Buxhowden");
                }
                self.formation(f).map(|_| self.commander(s, f)) // 26.4a
            }
            Receiver::Unit(u) => Some(u),
        }
    }

    /// Where aide orders go (10.1e): a corps HQ; otherwise the receiving leader or the unit
    /// (digest §8.4 item 34).
    fn destination(&self, s: &State, r: Receiver) -> Option<Hex> {
        match r {
            Receiver::Corps(f) => self
                .formation(f)
                .and_then(|x| x.hq)
                .and_then(|h| Self::on_map(s, h)),
            _ => self.receiving_leader(s, r).and_then(|u| Self::on_map(s, u)),
        }
    }

    /// The receivers `side` may order now, with whether the order is a divisional goal: French
    /// corps HQs and the Guard (goal no), French divisions, cavalry brigades and artillery
    /// (goals, 10.5b, AUS 2.1); the Allied commands (always goals, AUS 3.2b). Only those whose
    /// HQ, leader or unit is on the map.
    pub fn receivers(&self, s: &State, side: Side) -> Vec<(Receiver, bool)> {
        let mut out = Vec::new();
        for (f, fm) in self.formations.iter().enumerate() {
            let f = f as u16;
            if fm.side != side {
                continue;
            }
            let r = self.formation_receiver(f);
            if self.destination(s, r).is_none() {
                continue;
            }
            out.push((r, matches!(fm.kind, FormKind::Division | FormKind::Allied)));
        }
        if side == Side(0) {
            for (u, i) in self.units.iter().enumerate() {
                if i.side == side
                    && matches!(i.kind, UnitKind::Cavalry | UnitKind::Artillery)
                    && s.units[u].hex().is_some()
                {
                    out.push((Receiver::Unit(u as UnitId), true));
                }
            }
        } else {
            // AUS 3.6: any Allied brigade may be given a divisional goal of its own.
            for (u, i) in self.units.iter().enumerate() {
                if i.side == side
                    && matches!(i.kind, UnitKind::Infantry | UnitKind::Cavalry)
                    && i.parent.is_none()
                    && s.units[u].hex().is_some()
                {
                    out.push((Receiver::Unit(u as UnitId), true));
                }
            }
        }
        out
    }

    fn rating_of(&self, s: &State, u: Option<UnitId>) -> u8 {
        u.map_or(0, |u| self.leader_rating(s, u))
    }

    fn receiver_rating(&self, s: &State, r: Receiver) -> u8 {
        match r {
            Receiver::Unit(_) => crate::nbs::command::LONE_UNIT_RECEIVER_RATING,
            _ => {
                let l = self.receiving_leader(s, r);
                if l.is_some_and(|l| Self::on_map(s, l).is_some()) {
                    self.rating_of(s, l)
                } else {
                    0
                }
            }
        }
    }

    fn receiver_name(&self, r: Receiver) -> String {
        match r {
            Receiver::Corps(f) | Receiver::Command(f) => self.formation(f).map_or_else(
                || format!("formation {f}"),
                |x| format!("{} ({})", x.code, self.name(x.leader)),
            ),
            Receiver::Unit(u) => String::from(self.name(u)),
        }
    }

    // ----- distances ------------------------------------------------------------------

    /// Leader MPs in half points from `from` to `to` (10.1e, 10.5a), searched up to
    /// `limit` halves; `None` beyond it or where no friendly leader could go.
    fn leader_halves(&self, s: &State, side: Side, from: Hex, to: Hex, limit: u32) -> Option<u32> {
        if from == to {
            return Some(0);
        }
        let occ = Occ::new(self, s);
        let costs = LeaderCosts {
            nbs: self,
            occ: &occ,
            side,
        };
        let r = Reach::search(&costs, from, ReachOptions::new(limit)).ok()?;
        r.cost(to)
    }

    // ----- orders in force ------------------------------------------------------------

    /// The receivers whose orders a unit follows, most specific first: its own divisional
    /// goal, its division's, its corps' (10.5b, 10.5a C).
    fn unit_receivers(&self, s: &State, u: UnitId) -> Vec<Receiver> {
        let mut v = vec![Receiver::Unit(u)];
        if let Some(d) = self.division_of(u) {
            v.push(self.formation_receiver(d));
        }
        if let Some(c) = self.corps_now(s, u) {
            v.push(self.formation_receiver(c));
        }
        v
    }

    /// The order a unit acts on now (10.0a: implemented), and its receiver.
    fn unit_order(&self, s: &State, u: UnitId) -> Option<(Receiver, OrderKind)> {
        let side = self.units[usize::from(u)].side;
        let log = &s.orders[side.index()];
        self.unit_receivers(s, u)
            .into_iter()
            .find_map(|r| log.in_force(r).map(|o| (r, o.kind)))
    }

    /// Whether a formation holds an order involving movement (10.1h, 10.0c: the HQ may move).
    fn holds_order(&self, s: &State, f: u16) -> bool {
        let Some(fm) = self.formation(f) else {
            return false;
        };
        s.orders[fm.side.index()]
            .in_force(self.formation_receiver(f))
            .is_some()
    }

    // ----- the Command Phase ----------------------------------------------------------

    /// The Command Phase begins (10.1b: a full allowance of Command Points; 10.2c: no
    /// initiative attempts yet; 10.2g: loose cannon orders of the last turn end; 10.3b: last
    /// turn's stoppage constraints are over).
    pub(in crate::nbs) fn command_begins(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        let k = side.index();
        s.command.segment = 0;
        let rating = self.rating_of(s, self.army_commander(s, side));
        let bux = if side == Side(1) {
            self.buxhowden_column(s)
        } else {
            None
        };
        let c = &mut s.command.sides[k];
        c.cp = self.command.command_points(rating);
        c.attempts = InitiativeAttempts::new(s.turn);
        c.attempts.set_buxhowden_column(bux);
        c.stopped.clear();
        c.retreated.clear();
        for n in s.orders[k].end_loose_cannon(s.turn) {
            ev.push(note(
                side,
                "10.2g",
                format!("loose cannon order {n} has run its turn"),
                true,
            ));
        }
    }

    /// Whether the Command Phase is over (its rolls are done).
    pub(in crate::nbs) fn command_done(&self, s: &State) -> bool {
        s.command.segment >= 2 && s.tasks.is_empty()
    }

    /// The Command Phase's decisions.
    pub(in crate::nbs) fn command_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = self.phasing(s);
        let c = &s.command.sides[side.index()];
        match s.command.segment {
            0 => {
                if let Some(sender) = self.army_commander(s, side) {
                    let at = Self::on_map(s, sender);
                    for (r, goal) in self.receivers(s, side) {
                        let same = at.is_some() && self.receiving_hex(s, r) == at;
                        for kind in KINDS {
                            for method in METHODS {
                                if method == Method::InPerson && !same {
                                    continue;
                                }
                                if self.command.order_cost(method, kind) > c.cp {
                                    continue;
                                }
                                out.push(Action::IssueOrder {
                                    sender,
                                    receiver: r,
                                    kind,
                                    method,
                                    goal,
                                    text: String::new(),
                                });
                            }
                        }
                    }
                }
                for f in 0..self.formations.len() as u16 {
                    if self.emergency_check(s, f).is_ok() {
                        out.push(Action::EmergencyRetreat { formation: f });
                    }
                }
                self.attach_actions(s, out); // 10.5c
                if self.overrun_pending(s).is_none() {
                    out.push(Action::EndCommand);
                }
            }
            _ => {
                for l in 0..self.units.len() as UnitId {
                    if self.initiative_check(s, l).is_ok() {
                        out.push(Action::RollInitiative { leader: l });
                    }
                }
                if self.emperor_roll_due(s).is_none() {
                    out.push(Action::EndCommand);
                }
            }
        }
    }

    fn receiving_hex(&self, s: &State, r: Receiver) -> Option<Hex> {
        self.receiving_leader(s, r).and_then(|u| Self::on_map(s, u))
    }

    fn overrun_pending(&self, s: &State) -> Option<u16> {
        let side = self.phasing(s);
        s.command.sides[side.index()].overrun.first().copied()
    }

    /// A Command Phase action.
    pub(in crate::nbs) fn command_phase_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = self.phasing(s);
        match (s.command.segment, a) {
            (
                0,
                Action::IssueOrder {
                    sender,
                    receiver,
                    kind,
                    method,
                    goal,
                    text,
                },
            ) => self.issue(s, *sender, *receiver, *kind, *method, *goal, text, ev),
            (
                0,
                Action::Attach {
                    order,
                    division,
                    to,
                },
            ) => self.attach_action(s, *order, *division, *to, ev),
            (0, Action::EmergencyRetreat { formation }) => {
                self.emergency_check(s, *formation)?;
                self.emergency_retreat(s, *formation, ev);
                Ok(())
            }
            (0, Action::EndCommand) => {
                if let Some(f) = self.overrun_pending(s) {
                    return Err(Illegal::new(
                        "10.0c",
                        format!(
                            "the HQ of {} was overrun: its command must make an emergency \
                             retreat this turn",
                            self.receiver_name(self.formation_receiver(f))
                        ),
                    ));
                }
                s.command.segment = 1;
                self.stoppage_checks(s, ev);
                Ok(())
            }
            (1, Action::RollInitiative { leader }) => {
                self.unit_ref(s, *leader)?;
                let (force, free) = self.initiative_check(s, *leader)?;
                self.record_attempt(s, *leader, force, free);
                let ip = self.initiative_ip(s, *leader);
                s.tasks.push(Task::InitiativeRoll {
                    leader: *leader,
                    force,
                    ip,
                });
                Ok(())
            }
            (1, Action::EndCommand) => {
                if let Some(e) = self.emperor_roll_due(s) {
                    return Err(Illegal::new(
                        "AUS 4.1a",
                        format!(
                            "{} must roll for initiative every turn (variant selected)",
                            self.name(e)
                        ),
                    ));
                }
                s.command.segment = 2;
                let k = side.index();
                // C5 first on the stack, C4 on top: delays are rolled before acceptance.
                for n in s.orders[k].arriving(s.turn).into_iter().rev() {
                    s.tasks.push(Task::AcceptanceRoll { order: n });
                }
                for (n, _) in s.orders[k].delayed_due(s.turn).into_iter().rev() {
                    s.tasks.push(Task::DelayRoll { order: n });
                }
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn issue(
        &self,
        s: &mut State,
        sender: UnitId,
        receiver: Receiver,
        kind: OrderKind,
        method: Method,
        goal: bool,
        text: &str,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = self.phasing(s);
        let Some(cmdr) = self.army_commander(s, side) else {
            return Err(Illegal::new(
                "10.1b",
                "the army commander is not on the map: no formal orders this turn",
            ));
        };
        if sender != cmdr {
            return Err(Illegal::new(
                "10.2c",
                format!(
                    "only the army commander ({}) issues formal orders",
                    self.name(cmdr)
                ),
            ));
        }
        let Some(&(_, want_goal)) = self.receivers(s, side).iter().find(|(r, _)| *r == receiver)
        else {
            return Err(Illegal::new(
                "10.1",
                format!("{:?} cannot receive an order from this side now", receiver),
            ));
        };
        if goal != want_goal {
            return Err(Illegal::new(
                if side == Side(1) { "AUS 3.2b" } else { "10.5b" },
                format!(
                    "an order to {} {} a divisional goal",
                    self.receiver_name(receiver),
                    if want_goal { "must be" } else { "cannot be" }
                ),
            ));
        }
        let from = Self::on_map(s, sender);
        let same_hex = from.is_some() && self.receiving_hex(s, receiver) == from;
        let route_mp = match (method, from, self.destination(s, receiver)) {
            (Method::InPerson, _, _) => 0,
            (_, Some(a), Some(b)) => self
                .leader_halves(s, side, a, b, 4000)
                .map_or(a.distance(b), |h| h.div_ceil(2)),
            _ => 0,
        };
        let order = FormalOrder {
            sender,
            receiver,
            kind,
            method,
            divisional_goal: goal,
            text: String::from(text),
            same_hex,
            route_mp,
        };
        let k = side.index();
        let mut cp = s.command.sides[k].cp;
        let n = s.orders[k]
            .issue(&self.command, order, s.turn, &mut cp)
            .map_err(illegal)?;
        s.command.sides[k].cp = cp;
        let arrives = s.orders[k].get(n).map_or(s.turn, |o| o.arrives);
        ev.push(note(
            side,
            "10.1",
            format!(
                "order {n}: {} sends {} a {:?} order ({:?}); it arrives on turn {arrives}",
                self.name(sender),
                self.receiver_name(receiver),
                kind,
                method
            ),
            true,
        ));
        Ok(())
    }

    // ----- C2 stoppage ----------------------------------------------------------------

    fn stoppage_checks(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        let k = side.index();
        let mut list = core::mem::take(&mut s.command.sides[k].contact);
        list.sort_unstable();
        list.dedup();
        let night = self.turn_info(s.turn).night;
        for &f in list.iter().rev() {
            let r = self.formation_receiver(f);
            if s.orders[k]
                .in_force(r)
                .is_none_or(|o| o.kind != OrderKind::Attack)
            {
                continue;
            }
            let Some(min) = self.stoppage_min(s, f) else {
                continue;
            };
            match self.command.stoppage_needed(min, night) {
                Some(need) => s.tasks.push(Task::Stoppage { command: f, need }),
                None => {
                    ev.push(note(
                        side,
                        "10.3a",
                        format!(
                            "{} cannot pass its stoppage check at night (needs {} on two dice)",
                            self.receiver_name(r),
                            u16::from(min) + 3
                        ),
                        false,
                    ));
                    self.stoppage_fails(s, f, ev);
                }
            }
        }
    }

    /// The minimum 2d6 roll of formation `f` (10.3a, AUS 2.2, 2.3, 3.2c, 3.4).
    fn stoppage_min(&self, s: &State, f: u16) -> Option<u8> {
        let fm = self.formation(f)?;
        let on_map = |d: &str| {
            self.units
                .iter()
                .enumerate()
                .any(|(i, x)| x.wreck_division == d && s.units[i].hex().is_some())
        };
        let mut entries = Vec::new();
        match fm.kind {
            FormKind::Corps | FormKind::Wing => {
                for (d, dm) in self.formations.iter().enumerate() {
                    if self.parent_now(s, d as u16) == Some(f) && on_map(&dm.code) {
                        // 10.3e: a division on a goal checks alone.
                        let goal = s.orders[fm.side.index()]
                            .in_force(Receiver::Command(d as u16))
                            .is_some();
                        if !goal {
                            entries.push(DivisionEntry::Division {
                                wrecked: self.division_wrecked(s, &dm.code),
                            });
                        }
                    }
                }
            }
            FormKind::Guard => entries.push(DivisionEntry::imperial_guard(
                self.division_wrecked(s, "IG-i"),
                self.division_wrecked(s, "IG-c"),
            )),
            FormKind::Allied if fm.code == "Right" => entries.push(DivisionEntry::right_wing(
                self.division_wrecked(s, "Rgt-inf"),
                self.division_wrecked(s, "Rgt-cav"),
            )),
            _ => entries.push(DivisionEntry::Division {
                wrecked: self.division_wrecked(s, &fm.code),
            }),
        }
        let (divisions, wrecked) = stoppage_count(&entries);
        // 10.3a: the original commander killed, wounded or moved up counts as one more
        // wrecked division; the current commander's rating is read (26.4a: the promoted
        // subordinate, or a generic back), 1 when none is on the map.
        let lost = s.units[usize::from(fm.leader)].place == Place::Gone
            || s.replaced.contains(&fm.leader)
            || self.commander(s, f) != fm.leader;
        let leader = self.receiving_leader(s, self.formation_receiver(f));
        let rating = match leader {
            Some(l) if Self::on_map(s, l).is_some() => self.rating_of(s, leader),
            _ if lost => 1,
            _ => self.rating_of(s, leader),
        };
        let row = stoppage_row(wrecked, lost);
        self.command
            .stoppage_min_roll(row, divisions.max(1), rating)
    }

    /// A stoppage roll (10.3a): 2d6 against the minimum (night already counted).
    pub(in crate::nbs) fn resolve_stoppage(
        &self,
        s: &mut State,
        f: u16,
        need: u8,
        sum: u8,
        ev: &mut Vec<Event>,
    ) {
        let side = self.phasing(s);
        let r = self.formation_receiver(f);
        let pass = sum >= need;
        ev.push(note(
            side,
            "10.3a",
            format!(
                "{} checks attack stoppage: {sum} against {need}: {}",
                self.receiver_name(r),
                if pass {
                    "the attack goes on"
                } else {
                    "the attack stops"
                }
            ),
            false,
        ));
        if !pass {
            self.stoppage_fails(s, f, ev);
        }
    }

    /// 10.3b: the order ends, the HQ retreats six hexes or more (automatically, away from the
    /// nearest enemy), and the units must end the turn three hexes from every enemy.
    fn stoppage_fails(&self, s: &mut State, f: u16, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        let r = self.formation_receiver(f);
        s.orders[side.index()].drop_held_orders(r);
        s.command.sides[side.index()].stopped.push(f);
        if let Some(hq) = self.formation(f).and_then(|x| x.hq) {
            self.withdraw(s, hq, 12, 40, 6, "10.3b", ev);
        }
    }

    /// Moves an HQ or leader (no MPs are spent: this happens in the Command Phase) to the hex
    /// between `min` and `max` leader half-MPs away, and at least `hexes` hexes away, that is
    /// farthest from the nearest enemy combat unit (ties: the first hex in map order).
    #[allow(clippy::too_many_arguments)]
    fn withdraw(
        &self,
        s: &mut State,
        u: UnitId,
        min: u32,
        max: u32,
        hexes: u32,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        let Some(from) = Self::on_map(s, u) else {
            return;
        };
        let side = self.units[usize::from(u)].side;
        let occ = Occ::new(self, s);
        let costs = LeaderCosts {
            nbs: self,
            occ: &occ,
            side,
        };
        let Ok(r) = Reach::search(&costs, from, ReachOptions::new(max)) else {
            return;
        };
        let enemies: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, _)| self.units[*i].side != side && self.units[*i].combat())
            .filter_map(|(_, x)| x.hex())
            .collect();
        let far = |h: Hex| {
            enemies
                .iter()
                .map(|e| e.distance(h))
                .min()
                .unwrap_or(u32::MAX)
        };
        let best = r
            .reached()
            .filter(|(h, c, _)| *c >= min && h.distance(from) >= hexes)
            .map(|(h, _, _)| h)
            .max_by_key(|&h| (far(h), core::cmp::Reverse(h)))
            .or_else(|| {
                r.reached()
                    .map(|(h, _, _)| h)
                    .max_by_key(|&h| (h.distance(from), far(h), core::cmp::Reverse(h)))
            });
        if let Some(to) = best {
            if to != from {
                s.units[usize::from(u)].place = Place::At(to);
                ev.push(note(
                    side,
                    rule,
                    format!(
                        "{} withdraws from {} to {}",
                        self.name(u),
                        self.label(from),
                        self.label(to)
                    ),
                    false,
                ));
            }
        }
    }

    // ----- emergency retreat (10.4) ---------------------------------------------------

    fn emergency_check(&self, s: &State, f: u16) -> Result<(), Illegal> {
        let side = self.phasing(s);
        let fm = self
            .formation(f)
            .ok_or_else(|| Illegal::new("10.4", "no such formation"))?;
        let c = &s.command.sides[side.index()];
        if fm.side != side || s.command.segment != 0 {
            return Err(Illegal::new(
                "10.4",
                "not a formation of the phasing player now",
            ));
        }
        if c.retreated.contains(&f) {
            return Err(Illegal::new("10.4", "it has retreated this turn already"));
        }
        let anchor = fm.hq.unwrap_or_else(|| self.commander(s, f));
        if Self::on_map(s, anchor).is_none() {
            return Err(Illegal::new("10.4", "its HQ or leader is not on the map"));
        }
        let r = self.formation_receiver(f);
        let log = &s.orders[side.index()];
        let held = log.in_force(r).is_some()
            || log.awaiting_touch_base(r).is_some()
            || log.delayed(r).is_some();
        if held && !c.overrun.contains(&f) {
            return Err(Illegal::new(
                "10.4",
                format!(
                    "{} holds orders; only a command without orders may make an emergency retreat",
                    self.receiver_name(r)
                ),
            ));
        }
        Ok(())
    }

    /// 10.4: the HQ (or, without one, the leader) retreats 6–14 MPs, automatically away from
    /// the nearest enemy; its orders are lost; every infantry unit rolls on the Straggler Table.
    fn emergency_retreat(&self, s: &mut State, f: u16, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        let Some(fm) = self.formation(f) else { return };
        let anchor = fm.hq.unwrap_or_else(|| self.commander(s, f));
        let r = self.formation_receiver(f);
        ev.push(note(
            side,
            "10.4",
            format!("{} makes an emergency retreat", self.receiver_name(r)),
            false,
        ));
        self.withdraw(s, anchor, 12, 28, 0, "10.4", ev);
        s.orders[side.index()].drop_held_orders(r);
        let c = &mut s.command.sides[side.index()];
        c.overrun.retain(|&x| x != f);
        c.retreated.push(f);
        for u in self.members(f).into_iter().rev() {
            if self.units[usize::from(u)].kind == UnitKind::Infantry
                && s.units[usize::from(u)].hex().is_some()
            {
                s.tasks.push(Task::StragglerRoll {
                    unit: u,
                    modifier: 0,
                });
            }
        }
    }

    /// 10.0c: an HQ whose hex the enemy entered has been displaced; its command retreats next
    /// turn (not the Army HQ).
    pub(in crate::nbs) fn hq_overrun(&self, s: &mut State, u: UnitId) {
        let Some(f) = self.formations.iter().position(|x| x.hq == Some(u)) else {
            return;
        };
        let side = self.units[usize::from(u)].side;
        let c = &mut s.command.sides[side.index()];
        if !c.overrun.contains(&(f as u16)) {
            c.overrun.push(f as u16);
        }
    }

    // ----- C3 initiative --------------------------------------------------------------

    fn free_roller(&self, l: UnitId) -> Option<FreeRoller> {
        let id = self.units[usize::from(l)].id.as_str();
        match id {
            "L-Alexander-I" => Some(FreeRoller::Emperor(Emperor::Alexander)),
            "L-Francis-I" => Some(FreeRoller::Emperor(Emperor::Francis)),
            // AUS 4.2b: commanding the wing as a corps, he rolls as a corps leader.
            "L-Buxhowden" if self.buxhowden.is_some() => Some(FreeRoller::Buxhowden),
            _ => None,
        }
    }

    /// Whether leader `l` may roll for initiative now (10.2c, AUS 3.2a, 3.2c), the force his
    /// roll is for, and whether it is a free roll.
    fn initiative_check(&self, s: &State, l: UnitId) -> Result<(Receiver, bool), Illegal> {
        let side = self.phasing(s);
        let info = &self.units[usize::from(l)];
        if s.command.segment != 1 || !s.tasks.is_empty() {
            return Err(Illegal::new(
                "10.2",
                "initiative is rolled in the initiative segment",
            ));
        }
        if info.side != side || info.kind != UnitKind::Leader || Self::on_map(s, l).is_none() {
            return Err(Illegal::new(
                "10.2c",
                format!(
                    "{} is not a leader of the phasing player on the map",
                    info.name
                ),
            ));
        }
        let att = &s.command.sides[side.index()].attempts;
        if let Some(fr) = self.free_roller(l) {
            att.free_roll_allowed(fr).map_err(illegal)?;
            let force = match fr {
                FreeRoller::Buxhowden => Receiver::Command(self.buxhowden_column(s).unwrap_or(0)),
                FreeRoller::Emperor(_) => Receiver::Unit(l),
            };
            return Ok((force, true));
        }
        if info.rank == Rank::Army || info.rank == Rank::Emperor {
            return Err(Illegal::new(
                "10.2c",
                "the army commander issues formal orders only and cannot use initiative",
            ));
        }
        let f = self
            .commanded_by(s, l)
            .ok_or_else(|| Illegal::new("10.2c", format!("{} commands no formation", info.name)))?;
        let fm = &self.formations[usize::from(f)];
        match fm.kind {
            FormKind::Corps | FormKind::Guard | FormKind::Wing => {
                let divs: Vec<u16> = (0..self.formations.len() as u16)
                    .filter(|&d| self.parent_now(s, d) == Some(f))
                    .collect();
                att.corps_may_roll(f, &divs).map_err(illegal)?;
            }
            FormKind::Division | FormKind::Allied => att
                .division_may_roll(self.parent_now(s, f), f)
                .map_err(illegal)?,
        }
        Ok((self.formation_receiver(f), false))
    }

    fn record_attempt(&self, s: &mut State, l: UnitId, force: Receiver, free: bool) {
        if free {
            return; // recorded with its result
        }
        let side = self.phasing(s);
        let f = match force {
            Receiver::Corps(f) | Receiver::Command(f) => f,
            Receiver::Unit(_) => return,
        };
        let divs: Vec<u16> = (0..self.formations.len() as u16)
            .filter(|&d| self.parent_now(s, d) == Some(f))
            .collect();
        let kind = self.formation(f).map(|x| x.kind);
        let parent = self.parent_now(s, f);
        let att = &mut s.command.sides[side.index()].attempts;
        let _ = match kind {
            Some(FormKind::Corps | FormKind::Guard | FormKind::Wing) => {
                att.record_corps(f, &divs).map(|_| ())
            }
            Some(FormKind::Division | FormKind::Allied) => att.record_division(parent, f),
            _ => att.record_division(None, f),
        };
        let _ = l;
    }

    /// Initiative Points (10.2d, 10.2e: no anti-initiative at Austerlitz; AUS 3.5: −2 for
    /// Allied leaders while Francis commands).
    fn initiative_ip(&self, s: &State, l: UnitId) -> i8 {
        let info = &self.units[usize::from(l)];
        let francis = info.side == Side(1) && self.francis_commands(s);
        initiative_points(self.leader_rating(s, l), 0, francis)
    }

    /// The Initiative Table roll.
    pub(in crate::nbs) fn resolve_initiative(
        &self,
        s: &mut State,
        leader: UnitId,
        force: Receiver,
        ip: i8,
        roll: Seq66,
        ev: &mut Vec<Event>,
    ) {
        let side = self.phasing(s);
        let free = self.free_roller(leader);
        let result = match free {
            Some(FreeRoller::Emperor(e)) => self.emperor_result(e, ip, roll),
            _ => self.command.initiative(ip, roll),
        };
        if let Some(fr) = free {
            let _ = s.command.sides[side.index()]
                .attempts
                .record_free_roll(fr, result);
        }
        ev.push(note(
            side,
            "10.2d",
            format!(
                "{} rolls {} for initiative at {ip} IP: {:?}",
                self.name(leader),
                roll.value(),
                result
            ),
            result != InitiativeResult::LooseCannon,
        ));
        match (result, free) {
            (InitiativeResult::Initiative, Some(FreeRoller::Emperor(e))) => {
                let receivers = self.receivers_of_nation(s, side, e.nationality());
                if !receivers.is_empty() {
                    s.tasks.push(Task::OrderWriting {
                        leader,
                        receivers,
                        source: OrderSource::Royal,
                    });
                }
            }
            (InitiativeResult::Initiative, _) => s.tasks.push(Task::OrderWriting {
                leader,
                receivers: vec![force],
                source: OrderSource::Initiative,
            }),
            // AUS 4.1a: a selected Emperor's loose cannon lets the French write one order to
            // an Allied force of his nation.
            (InitiativeResult::LooseCannon, Some(FreeRoller::Emperor(e)))
                if self.emperors_must_roll.contains(&e) =>
            {
                let receivers = self.receivers_of_nation(s, side, e.nationality());
                if !receivers.is_empty() {
                    s.tasks.push(Task::OrderWriting {
                        leader,
                        receivers,
                        source: OrderSource::LooseCannon,
                    });
                }
            }
            // Otherwise an Emperor commands no force: his loose cannon has nothing to move.
            (InitiativeResult::LooseCannon, Some(FreeRoller::Emperor(_))) => {}
            (InitiativeResult::LooseCannon, _) => s.tasks.push(Task::OrderWriting {
                leader,
                receivers: vec![force],
                source: OrderSource::LooseCannon,
            }),
            (InitiativeResult::NoEffect, _) => {}
        }
    }

    /// The receivers of `side` whose leader is of `nat` (AUS 3.2a, 4.1a): commands, for an
    /// Emperor writes only to leaders, not to a single brigade (AUS 3.2a).
    fn receivers_of_nation(&self, s: &State, side: Side, nat: Nationality) -> Vec<Receiver> {
        self.receivers(s, side)
            .into_iter()
            .map(|x| x.0)
            .filter(|r| !matches!(r, Receiver::Unit(_)))
            .filter(|r| {
                self.receiving_leader(s, *r)
                    .is_some_and(|u| nationality(self.units[usize::from(u)].nation) == nat)
            })
            .collect()
    }

    /// An Emperor's initiative result (AUS 3.2a; 4.1a): the Initiative Table at his IP; when
    /// he is selected under 4.1a with the `aus-4.1a-total` reading, loose cannon comes from a
    /// dice total of 2 or 3 alone (11, 12, 21), the table's other loose-cannon rolls counting
    /// as no effect.
    fn emperor_result(&self, e: Emperor, ip: i8, roll: Seq66) -> InitiativeResult {
        let table = self.command.initiative(ip, roll);
        if !self.emperors_must_roll.contains(&e) || !self.emperor_lc_on_total {
            return table;
        }
        let total = roll.value() / 10 + roll.value() % 10;
        match (total <= 3, table) {
            (true, _) => InitiativeResult::LooseCannon,
            (false, InitiativeResult::LooseCannon) => InitiativeResult::NoEffect,
            (false, r) => r,
        }
    }

    /// AUS 4.1a: a selected Emperor on the map who has not yet rolled this turn; the
    /// Initiative segment may not end before he does.
    pub(in crate::nbs) fn emperor_roll_due(&self, s: &State) -> Option<UnitId> {
        let side = self.phasing(s);
        if side != Side(1) || self.emperors_must_roll.is_empty() {
            return None;
        }
        self.emperors_must_roll.iter().find_map(|e| {
            let id = match e {
                Emperor::Alexander => "L-Alexander-I",
                Emperor::Francis => "L-Francis-I",
            };
            let u = self.unit_index(id)?;
            (self.initiative_check(s, u).is_ok()).then_some(u)
        })
    }

    /// Who writes in an [`Task::OrderWriting`]: the opponent for a loose cannon (10.2g).
    pub(in crate::nbs) fn order_writer(&self, s: &State, source: OrderSource) -> Side {
        let p = self.phasing(s);
        if source == OrderSource::LooseCannon {
            p.other()
        } else {
            p
        }
    }

    fn writing_goal(&self, r: Receiver, source: OrderSource) -> bool {
        match (r, source) {
            (_, OrderSource::LooseCannon) => false,
            (Receiver::Unit(_), _) => true,
            (Receiver::Corps(_), _) => false,
            (Receiver::Command(f), _) => matches!(
                self.formation(f).map(|x| x.kind),
                Some(FormKind::Division | FormKind::Allied)
            ),
        }
    }

    /// The orders open in an [`Task::OrderWriting`].
    pub(in crate::nbs) fn writing_actions(
        &self,
        s: &State,
        leader: UnitId,
        receivers: &[Receiver],
        source: OrderSource,
        out: &mut Vec<Action>,
    ) {
        for &r in receivers {
            let goal = self.writing_goal(r, source);
            for kind in KINDS {
                if source == OrderSource::Royal {
                    let budget = self.command.command_points(0);
                    let at = Self::on_map(s, leader);
                    for method in METHODS {
                        if self.command.order_cost(method, kind) > budget
                            || (method == Method::InPerson && self.receiving_hex(s, r) != at)
                        {
                            continue;
                        }
                        out.push(Action::IssueOrder {
                            sender: leader,
                            receiver: r,
                            kind,
                            method,
                            goal,
                            text: String::new(),
                        });
                    }
                } else {
                    // 10.2f: initiative gives only a different order than one on its way.
                    if source == OrderSource::Initiative
                        && s.orders[self.units[usize::from(leader)].side.index()]
                            .pending_same(r, kind, goal, "")
                            .is_some()
                    {
                        continue;
                    }
                    out.push(Action::IssueOrder {
                        sender: leader,
                        receiver: r,
                        kind,
                        method: Method::InPerson,
                        goal,
                        text: String::new(),
                    });
                }
            }
        }
        // 10.2: a successful initiative allows an order; the leader may also write none (and
        // must when every order he could give is already on its way, 10.2f).
        if source == OrderSource::Initiative {
            out.push(Action::Pass);
        }
    }

    /// Writes the order an initiative success, a loose cannon or a royal roll calls for.
    pub(in crate::nbs) fn writing_action(
        &self,
        s: &mut State,
        leader: UnitId,
        receivers: Vec<Receiver>,
        source: OrderSource,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if *a == Action::Pass && source == OrderSource::Initiative {
            s.tasks.pop();
            ev.push(note(
                self.units[usize::from(leader)].side,
                "10.2",
                format!("{} uses his initiative for no order", self.name(leader)),
                true,
            ));
            return Ok(());
        }
        let Action::IssueOrder {
            sender,
            receiver,
            kind,
            method,
            goal,
            text,
        } = a
        else {
            return Err(self.not_now(s, a));
        };
        if *sender != leader || !receivers.contains(receiver) {
            return Err(Illegal::new(
                "10.2a",
                format!(
                    "the order due now is {}'s, to {}",
                    self.name(leader),
                    receivers
                        .first()
                        .map_or_else(String::new, |r| self.receiver_name(*r))
                ),
            ));
        }
        let side = self.phasing(s);
        let k = side.index();
        let text = String::from(text.as_str());
        let n = match source {
            OrderSource::Royal => {
                let emperor = match self.free_roller(leader) {
                    Some(FreeRoller::Emperor(e)) => e,
                    _ => {
                        return Err(Illegal::new(
                            "AUS 3.2a",
                            "only an Emperor gives royal orders",
                        ));
                    }
                };
                let nat = self
                    .receiving_leader(s, *receiver)
                    .map_or(Nationality::Russian, |u| {
                        nationality(self.units[usize::from(u)].nation)
                    });
                let from = Self::on_map(s, leader);
                let route_mp = match (from, self.destination(s, *receiver)) {
                    (Some(a), Some(b)) if *method != Method::InPerson => self
                        .leader_halves(s, side, a, b, 4000)
                        .map_or(a.distance(b), |h| h.div_ceil(2)),
                    _ => 0,
                };
                let order = FormalOrder {
                    sender: leader,
                    receiver: *receiver,
                    kind: *kind,
                    method: *method,
                    divisional_goal: *goal,
                    text,
                    same_hex: from.is_some() && self.receiving_hex(s, *receiver) == from,
                    route_mp,
                };
                let turn = s.turn;
                let (log, att) = (&mut s.orders[k], &mut s.command.sides[k].attempts);
                log.issue_royal(&self.command, att, emperor, nat, order, turn)
                    .map_err(illegal)?
            }
            OrderSource::LooseCannon => {
                let n = s.orders[k]
                    .loose_cannon(leader, *receiver, *kind, text, s.turn)
                    .map_err(illegal)?;
                // 10.2g: the opponent puts the corps leader in his HQ hex.
                if let Receiver::Corps(f) = receiver {
                    if let Some(fm) = self.formation(*f) {
                        let leader = self.commander(s, *f);
                        if let (Some(h), true) = (
                            fm.hq.and_then(|h| Self::on_map(s, h)),
                            Self::on_map(s, leader).is_some(),
                        ) {
                            s.units[usize::from(leader)].place = Place::At(h);
                        }
                    }
                }
                n
            }
            _ => {
                let repeats = if source == OrderSource::Initiative {
                    s.orders[k].pending_same(*receiver, *kind, *goal, &text)
                } else {
                    None
                };
                s.orders[k]
                    .initiative(
                        InitiativeOrder {
                            leader,
                            receiver: *receiver,
                            kind: *kind,
                            divisional_goal: *goal,
                            text,
                            repeats,
                        },
                        s.turn,
                    )
                    .map_err(illegal)?
            }
        };
        s.tasks.pop();
        ev.push(note(
            side,
            "10.2f",
            format!(
                "order {n} ({source:?}) for {}: {kind:?}",
                self.receiver_name(*receiver)
            ),
            source != OrderSource::LooseCannon,
        ));
        Ok(())
    }

    // ----- C4, C5 ---------------------------------------------------------------------

    /// A delay reduction die (10.1f).
    pub(in crate::nbs) fn resolve_delay(&self, s: &mut State, n: u16, d6: u8, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        if let Ok(ok) = s.orders[side.index()].reduce_delay(&self.command, n, d6, s.turn) {
            ev.push(note(
                side,
                "10.1f",
                format!(
                    "order {n}: delay roll {d6}: {}",
                    if ok { "accepted" } else { "still delayed" }
                ),
                true,
            ));
        }
        self.on_order_accepted(s, n, ev); // 10.5c
    }

    /// An Acceptance Table roll (10.1f, AUS 3.5).
    pub(in crate::nbs) fn resolve_acceptance(
        &self,
        s: &mut State,
        n: u16,
        roll: Seq66,
        ev: &mut Vec<Event>,
    ) {
        let side = self.phasing(s);
        let k = side.index();
        let Some(o) = s.orders[k].get(n).cloned() else {
            return;
        };
        let francis = side == Side(1) && self.francis_commands(s);
        let an = self.command.acceptance_number(
            if usize::from(o.sender) < self.units.len() {
                self.leader_rating(s, o.sender)
            } else {
                0
            },
            self.receiver_rating(s, o.receiver),
            o.method.unwrap_or(Method::InPerson),
            o.kind,
            francis,
        );
        let result = self.command.acceptance(an, roll);
        if s.orders[k].on_acceptance_result(n, result, s.turn).is_ok() {
            ev.push(note(
                side,
                "10.1f",
                format!(
                    "order {n}: acceptance number {an}, roll {}: {result:?}",
                    roll.value()
                ),
                true,
            ));
        }
        let _ = Acceptance::Accepted;
        self.on_order_accepted(s, n, ev); // 10.5c
    }

    // ----- the Movement Phase ---------------------------------------------------------

    /// The Movement Phase begins: corps leaders standing in their HQ hex touch base (10.0a),
    /// and command radius is checked (10.5a).
    pub(in crate::nbs) fn movement_begins(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        for f in 0..self.formations.len() as u16 {
            let fm = &self.formations[usize::from(f)];
            if fm.side == side && fm.kind == FormKind::Corps {
                if let Some(hq) = fm.hq {
                    let (l, h) = (Self::on_map(s, self.commander(s, f)), Self::on_map(s, hq));
                    if l.is_some() && l == h {
                        self.touch_base(s, Receiver::Corps(f), ev);
                    }
                }
            }
        }
        let occ = Occ::new(self, s);
        let mut cache = RadiusCache::default();
        for u in 0..s.units.len() as UnitId {
            if self.units[usize::from(u)].side != side {
                continue;
            }
            if let Some(false) = self.in_radius(s, &occ, &mut cache, u, None) {
                s.units[usize::from(u)].flags |= flag::OUT_OF_RADIUS;
            }
        }
    }

    fn touch_base(&self, s: &mut State, r: Receiver, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        for n in s.orders[side.index()].touch_base(r) {
            ev.push(note(
                side,
                "10.0a",
                format!(
                    "order {n} is implemented: {} touches base",
                    self.receiver_name(r)
                ),
                true,
            ));
        }
    }

    /// The leaders or HQs a unit's command radius runs to, with the radius in half MPs
    /// (10.5a, AUS 2.2, 2.3, 3.2b, 3.2c); empty when exempt (leaders of corps rank and above,
    /// HQs, skirmishers, routed units (25.1b), divisional goals (10.5b), units whose superior
    /// is not on the map).
    pub(in crate::nbs) fn radius_anchors(
        &self,
        s: &State,
        cache: &mut RadiusCache,
        u: UnitId,
    ) -> Anchors {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        let mut v = Anchors::new();
        if st.hex().is_none()
            || st.morale == MoraleState::Routed
            || matches!(info.kind, UnitKind::Hq | UnitKind::Skirmisher)
            || (info.kind == UnitKind::Leader && self.rank_now(s, u) != Rank::Division)
        {
            return v;
        }
        let log = &s.orders[info.side.index()];
        if log
            .in_force(Receiver::Unit(u))
            .is_some_and(|o| o.divisional_goal)
        {
            return v;
        }
        let div = self.division_of(u);
        let corps = self.corps_now(s, u); // 10.5c: as attached now
        // AUS 4.2b: the wing's leader stands in for its HQ.
        let hq = corps.and_then(|c| {
            let f = self.formation(c)?;
            f.hq.or_else(|| (f.kind == FormKind::Wing).then(|| self.commander(s, c)))
        });
        if info.kind == UnitKind::Leader {
            // A French division leader to his corps HQ, 8 MPs, unless on a goal.
            if let (Some(d), Some(h)) = (div, hq) {
                if log
                    .in_force(Receiver::Command(d))
                    .is_none_or(|o| !o.divisional_goal)
                {
                    v.push((h, 16));
                }
            }
        } else if info.side == Side(0) {
            if info.corps == "IG" {
                if let Some(c) = corps {
                    v.push((self.commander(s, c), 8));
                }
            } else if let Some(d) = div {
                if log
                    .in_force(Receiver::Command(d))
                    .is_none_or(|o| !o.divisional_goal)
                {
                    v.push((self.commander(s, d), 8));
                } else {
                    // 10.5b: the division on a goal: its brigades still trace to its leader.
                    v.push((self.commander(s, d), 8));
                }
            } else if let Some(h) = hq {
                // AUS 2.2 independents and corps artillery: 8 MPs to the corps HQ; artillery
                // also 4 MPs to any division leader of its corps (10.5a).
                v.push((h, 16));
                if info.kind == UnitKind::Artillery {
                    for (dm_i, dm) in self.formations.iter().enumerate() {
                        if self.parent_now(s, dm_i as u16) == corps && dm.kind == FormKind::Division
                        {
                            v.push((self.commander(s, dm_i as u16), 8));
                        }
                    }
                }
            }
        } else if let Some(d) = div {
            v.push((self.commander(s, d), 8));
            // Only a Left Wing column can be Buxhowden's (AUS 3.2c): ask only for those.
            let left_wing = self
                .buxhowden
                .as_ref()
                .is_some_and(|(_, cols)| cols.iter().any(|&(_, f)| f == d));
            let bux = *cache.bux.get_or_insert_with(|| self.buxhowden_column(s));
            if left_wing && Some(d) == bux {
                if let Some((b, _)) = self.buxhowden {
                    v.push((b, 8));
                }
            }
        }
        v.retain(|(a, _)| *a != u && Self::on_map(s, *a).is_some());
        v
    }

    /// Whether unit `u` (at `at`, or where it stands) is within command radius; `None` when
    /// exempt.
    pub(in crate::nbs) fn in_radius(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        u: UnitId,
        at: Option<Hex>,
    ) -> Option<bool> {
        let anchors = self.radius_anchors(s, cache, u);
        if anchors.is_empty() {
            return None;
        }
        let at = at.or_else(|| Self::on_map(s, u))?;
        let side = self.units[usize::from(u)].side;
        Some(anchors.iter().any(|&(a, halves)| {
            Self::on_map(s, a).is_some_and(|ah| self.within(s, occ, cache, side, ah, halves, at))
        }))
    }

    /// 21.2c: straggler recovery needs the unit within command radius, divisional goals or
    /// not (infantry traces to its division leader either way, see [`Self::radius_anchors`]);
    /// a unit the radius does not bind (independent, leaderless) qualifies.
    pub(in crate::nbs) fn recovery_in_radius(&self, s: &State, u: UnitId) -> bool {
        let occ = Occ::new(self, s);
        let mut cache = RadiusCache::default();
        self.in_radius(s, &occ, &mut cache, u, None) != Some(false)
    }

    fn step_block(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        u: UnitId,
        from: Hex,
        to: Hex,
    ) -> Option<StepBlock> {
        self.step_gate(s, occ, cache, u, from)
            .block(self, s, occ, cache, to)
    }

    /// What orders and command radius let unit `u` (standing at `from`) do with a step,
    /// worked out once for all its neighbours (10.1h, 10.0c, 10.5a).
    pub(in crate::nbs) fn step_gate(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        u: UnitId,
        from: Hex,
    ) -> StepGate {
        let info = &self.units[usize::from(u)];
        if info.kind == UnitKind::Hq {
            let bolted = self
                .formations
                .iter()
                .position(|x| x.hq == Some(u))
                .is_some_and(|f| !self.holds_order(s, f as u16));
            return if bolted {
                StepGate::Bolted
            } else {
                StepGate::Free
            };
        }
        let st = &s.units[usize::from(u)];
        if st.has(flag::OUT_OF_RADIUS) {
            let anchors: SmallVec<[Hex; ANCHORS]> = self
                .radius_anchors(s, cache, u)
                .iter()
                .filter_map(|(a, _)| Self::on_map(s, *a))
                .collect();
            return match anchors.iter().map(|a| a.distance(from)).min() {
                Some(now) => StepGate::Closer { anchors, now },
                None => StepGate::Free,
            };
        }
        let anchors: SmallVec<[(Hex, u16); ANCHORS]> = self
            .radius_anchors(s, cache, u)
            .iter()
            .filter_map(|&(a, halves)| Self::on_map(s, a).map(|h| (h, halves)))
            .collect();
        let side = info.side;
        let inside = |cache: &mut RadiusCache, at: Hex| {
            anchors
                .iter()
                .any(|&(a, halves)| self.within(s, occ, cache, side, a, halves, at))
        };
        if !anchors.is_empty() && inside(cache, from) {
            StepGate::KeepRadius { anchors, side }
        } else {
            StepGate::Free
        }
    }

    /// The movement hook for a step: refuses what orders and radius forbid (10.1h, 10.5a).
    pub(in crate::nbs) fn order_step_check(
        &self,
        s: &State,
        occ: &Occ,
        u: UnitId,
        to: Hex,
    ) -> Result<(), Illegal> {
        let Some(from) = Self::on_map(s, u) else {
            return Ok(());
        };
        let mut cache = RadiusCache::default();
        let name = self.name(u);
        match self.step_block(s, occ, &mut cache, u, from, to) {
            None => Ok(()),
            Some(StepBlock::Bolted) => Err(Illegal::new(
                "10.1h",
                format!(
                    "{name} has no orders to move: an HQ is bolted to the ground until its corps holds orders (10.0c)"
                ),
            )),
            Some(StepBlock::NotCloser) => Err(Illegal::new(
                "10.5a",
                format!(
                    "{name} began the phase out of command radius: it may only step closer to its leader, and {} is not closer",
                    self.label(to)
                ),
            )),
            Some(StepBlock::LeavesRadius) => Err(Illegal::new(
                "10.5a",
                format!(
                    "{name} may not leave command radius by stepping to {}",
                    self.label(to)
                ),
            )),
        }
    }

    /// After a step: a corps leader entering his HQ hex implements its accepted order (10.0a).
    pub(in crate::nbs) fn order_after_step(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let Some(h) = Self::on_map(s, u) else { return };
        if let Some(f) = self
            .commanded_by(s, u)
            .map(usize::from)
            .filter(|&f| self.formations[f].kind == FormKind::Corps)
        {
            let hq = self.formations[f].hq.and_then(|x| Self::on_map(s, x));
            if hq == Some(h) {
                self.touch_base(s, Receiver::Corps(f as u16), ev);
            }
        }
    }

    fn legal_step_where(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
        u: UnitId,
        good: impl Fn(Hex) -> bool,
    ) -> bool {
        let Some(h) = Self::on_map(s, u) else {
            return false;
        };
        // What orders and radius allow, worked out once for the six steps (10.1h, 10.5a).
        let gate = self.step_gate(s, occ, cache, u, h);
        self.steps_where(s, occ, u, |n, _| {
            good(n) && gate.allows(self, s, occ, cache, n)
        })
    }

    /// The movement hook for `EndMovement`: an out-of-radius unit must use its MPs to get
    /// back (10.5a), and a stopped corps must get three hexes from the enemy (10.3b).
    pub(in crate::nbs) fn end_movement_block(&self, s: &State) -> Option<Illegal> {
        let occ = Occ::new(self, s);
        let mut cache = RadiusCache::default();
        self.end_movement_block_with(s, &occ, &mut cache)
    }

    /// [`Self::end_movement_block`] with the listing's index and radius cache.
    pub(in crate::nbs) fn end_movement_block_with(
        &self,
        s: &State,
        occ: &Occ,
        cache: &mut RadiusCache,
    ) -> Option<Illegal> {
        let side = self.phasing(s);
        let stopped = &s.command.sides[side.index()].stopped;
        let enemies: Vec<Hex> = if stopped.is_empty() {
            Vec::new()
        } else {
            s.units
                .iter()
                .enumerate()
                .filter(|(i, _)| self.units[*i].side != side && self.units[*i].combat())
                .filter_map(|(_, x)| x.hex())
                .collect()
        };
        let near = |h: Hex| {
            enemies
                .iter()
                .map(|e| e.distance(h))
                .min()
                .unwrap_or(u32::MAX)
        };
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            let st = &s.units[usize::from(u)];
            // As 16.0 lists movers: stopped units and routed combat units (25.1b) do not move.
            if info.side != side
                || st.hex().is_none()
                || st.has(flag::STOPPED)
                || (st.morale == MoraleState::Routed && info.combat())
            {
                continue;
            }
            let h = st.hex().unwrap_or(Hex::new(0, 0));
            if st.has(flag::OUT_OF_RADIUS) && self.legal_step_where(s, occ, cache, u, |_| true) {
                return Some(Illegal::new(
                    "10.5a",
                    format!(
                        "{} is out of command radius and can still step toward its leader: it must spend its MPs getting back",
                        info.name
                    ),
                ));
            }
            if !stopped.is_empty() && info.combat() && near(h) <= 2 {
                let mine = self
                    .unit_receivers(s, u)
                    .iter()
                    .any(|r| matches!(r, Receiver::Corps(f) | Receiver::Command(f) if stopped.contains(f)));
                let d0 = near(h);
                if mine && self.legal_step_where(s, occ, cache, u, |n| near(n) > d0) {
                    return Some(Illegal::new(
                        "10.3b",
                        format!(
                            "{} belongs to a command that failed its attack stoppage check: it must get at least three hexes from every enemy unit this turn",
                            info.name
                        ),
                    ));
                }
            }
        }
        None
    }

    // ----- fire and close combat ------------------------------------------------------

    /// The fire hook (10.3a): infantry or artillery fire from two hexes or less at units on an
    /// Attack order marks their command for a stoppage check.
    pub(in crate::nbs) fn note_fired_on(&self, s: &mut State, d: &FireDecl) {
        let close = d.firers.iter().any(|&f| {
            matches!(
                self.units[usize::from(f)].kind,
                UnitKind::Infantry | UnitKind::Artillery
            ) && Self::on_map(s, f).is_some_and(|h| h.distance(d.target) <= 2)
        });
        if close {
            let targets = self.combat_stack(s, d.target);
            self.note_contact(s, &targets);
        }
    }

    /// Marks the commands on Attack orders of `units` for a stoppage check (10.3a; the charge
    /// hook calls this too).
    pub(in crate::nbs) fn note_contact(&self, s: &mut State, units: &[UnitId]) {
        for &u in units {
            let side = self.units[usize::from(u)].side;
            if let Some((Receiver::Corps(f) | Receiver::Command(f), OrderKind::Attack)) =
                self.unit_order(s, u)
            {
                let c = &mut s.command.sides[side.index()].contact;
                if !c.contains(&f) {
                    c.push(f);
                }
            }
        }
    }

    /// The close-combat hook: attackers must act on an Attack order (10.1a, with
    /// [`Nbs::strict_orders`]; digest §8.4 item 33) and stay within command radius, target hex
    /// included (23.1b).
    pub(in crate::nbs) fn assault_order_check(
        &self,
        s: &State,
        att: &[UnitId],
        target: Hex,
    ) -> Result<(), Illegal> {
        for &u in att {
            let info = &self.units[usize::from(u)];
            if self.strict_orders
                && !info.independent
                && !matches!(self.unit_order(s, u), Some((_, OrderKind::Attack)))
            {
                return Err(Illegal::new(
                    "10.1a",
                    format!(
                        "{} holds no Attack order in force: no offensive combat",
                        info.name
                    ),
                ));
            }
            let st = &s.units[usize::from(u)];
            let occ = Occ::new(self, s);
            let mut cache = RadiusCache::default();
            if st.has(flag::OUT_OF_RADIUS)
                || self.in_radius(s, &occ, &mut cache, u, Some(target)) == Some(false)
            {
                return Err(Illegal::new(
                    "23.1b",
                    format!(
                        "{} would attack {} out of command radius",
                        info.name,
                        self.label(target)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A prompt for the command tasks.
    pub(in crate::nbs) fn order_prompt(&self, t: &Task) -> (&'static str, String) {
        match t {
            Task::InitiativeRoll { leader, ip, .. } => (
                "10.2d",
                format!("initiative roll for {} ({ip} IP)", self.name(*leader)),
            ),
            Task::OrderWriting { leader, source, .. } => (
                if *source == OrderSource::LooseCannon {
                    "10.2g"
                } else {
                    "10.2f"
                },
                format!("write the {source:?} order for {}", self.name(*leader)),
            ),
            Task::DelayRoll { order } => {
                ("10.1f", format!("delay reduction die for order {order}"))
            }
            Task::AcceptanceRoll { order } => {
                ("10.1f", format!("acceptance roll for order {order}"))
            }
            _ => ("10.0", String::new()),
        }
    }

    /// Text of a command event.
    pub(in crate::nbs) fn describe_order(&self, e: &Event) -> String {
        match e {
            Event::CommandNote { text, .. } => text.clone(),
            _ => String::new(),
        }
    }
}

fn note(owner: Side, rule: &'static str, text: String, secret: bool) -> Event {
    Event::CommandNote {
        owner,
        rule: Cow::Borrowed(rule),
        text,
        secret,
    }
}

/// Order statuses that act (for tests and invariants).
pub fn acting(s: OrderStatus) -> bool {
    matches!(s, OrderStatus::Implemented)
}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;

    use super::*;
    use crate::data::Library;
    use crate::dice::DiceSpec;
    use crate::engine::{EventInfo, Rules};
    use crate::nbs::state::Phase;

    /// Scenario 3 without its historical orders (the examples start from an empty log).
    fn rules() -> Nbs {
        let lib = Library::builtin().unwrap();
        let mut r = Nbs::new(&lib.scenario("nbs/austerlitz-3").unwrap()).unwrap();
        r.initial.orders = Default::default();
        r
    }

    /// 10.1i, AUS 5.3: scenario 3 starts with its historical orders logged and accepted
    /// (two French, eight Allied), and `historical_orders: false` discards them.
    #[test]
    fn r10_1i_aus5_3_historical_orders_accepted_before_play() {
        let lib = Library::builtin().unwrap();
        let mut sc = lib.scenario("nbs/austerlitz-3").unwrap();
        let r = Nbs::new(&sc).unwrap();
        let s = r.initial_state();
        let d34 = r
            .formations
            .iter()
            .position(|f| f.side == Side(0) && f.code == "3-4")
            .unwrap() as u16;
        let o = s.orders[0]
            .in_force(Receiver::Command(d34))
            .expect("3-4's goal");
        assert!(o.divisional_goal && o.kind == OrderKind::NonAttack);
        let right = r
            .formations
            .iter()
            .position(|f| f.side == Side(1) && f.code == "Right")
            .unwrap() as u16;
        let o = s.orders[1]
            .in_force(Receiver::Command(right))
            .expect("Rgt's attack");
        assert_eq!(o.kind, OrderKind::Attack);
        assert_eq!(s.orders[0].orders().len(), 2);
        assert_eq!(s.orders[1].orders().len(), 8);
        let mut rules = serde_json::to_value(&sc.scenario.rules).unwrap();
        rules["options"] = serde_json::json!({ "historical_orders": false });
        sc.scenario.rules = serde_json::from_value(rules).unwrap();
        let bare = Nbs::new(&sc).unwrap().initial_state();
        assert!(bare.orders[0].orders().is_empty() && bare.orders[1].orders().is_empty());
    }

    fn id(r: &Nbs, s: &str) -> UnitId {
        r.unit_index(s).unwrap()
    }

    fn corps(r: &Nbs, code: &str) -> u16 {
        r.formations
            .iter()
            .position(|f| f.code == code && f.side == Side(0) && f.kind != FormKind::Division)
            .unwrap() as u16
    }

    fn hex(r: &Nbs, l: &str) -> Hex {
        r.board.grid.parse(l).unwrap()
    }

    /// The French Command Phase of `turn`, order-issue segment, no task.
    fn french_command(r: &Nbs, s: &mut State, turn: u16) {
        s.turn = turn;
        s.player_turn = 1;
        s.phase = Phase::Command;
        s.tasks.clear();
        let mut ev = Vec::new();
        r.command_begins(s, &mut ev);
    }

    fn roll(r: &Nbs, s: &State, spec: DiceSpec, v: u32) -> State {
        r.applied(s, &Action::Roll(spec.roll(v).unwrap()))
            .unwrap()
            .0
    }

    #[test]
    fn r10_1_order_log_example_in_play() {
        // T2: a 1-rated sender (Napoleon stands in for Grouchy) sends Davout an AW Attack.
        let mut r = rules();
        let nap = id(&r, "L-Napoleon");
        r.units[usize::from(nap)].rating = 1;
        let davout = id(&r, "L-Davout");
        let hq3 = id(&r, "HQ-3-Corps");
        let c3 = corps(&r, "3");
        let mut s = r.initial_state();
        let base = hex(&r, "A28.29");
        let hq_hex = hex(&r, "A24.29");
        s.units[usize::from(hq3)].place = Place::At(hq_hex);
        let beside = hq_hex
            .neighbors()
            .into_iter()
            .find(|n| r.board.on_map(*n) && !r.enemy_in(&s, *n, Side(0)))
            .unwrap();
        s.units[usize::from(davout)].place = Place::At(beside);
        s.units[usize::from(nap)].place = Place::At(base);
        french_command(&r, &mut s, 2);
        assert_eq!(s.command.sides[0].cp, 10);
        let issue = Action::IssueOrder {
            sender: nap,
            receiver: Receiver::Corps(c3),
            kind: OrderKind::Attack,
            method: Method::AideWritten,
            goal: false,
            text: "Attack east along the Goldbach to Sokolnitz, then halt.".to_string(),
        };
        let mut listed = Vec::new();
        r.legal_actions(&s, &mut listed);
        assert!(listed.iter().any(|a| matches!(a, Action::IssueOrder { receiver, kind: OrderKind::Attack, method: Method::AideWritten, .. } if *receiver == Receiver::Corps(c3))));
        let (mut s, ev) = r.applied(&s, &issue).unwrap();
        let o = s.orders[0].get(1).unwrap().clone();
        assert_eq!(o.cost, 10);
        assert_eq!(s.command.sides[0].cp, 0);
        assert!(o.arrives > 2, "an aide rides at least one turn (10.1e)");
        // 9.0: the order is the French player's secret.
        assert!(
            ev.iter()
                .all(|e| !e.visible_to(Side(1)) && e.visible_to(Side(0)))
        );
        assert!(r.observation(&s, Side(1)).orders[0].orders().is_empty());
        // No CP left: another order is refused (10.1b).
        assert_eq!(r.applied(&s, &issue).unwrap_err().rule, "10.1b");
        // It has not arrived: no acceptance roll this turn, and it does not act.
        let s1 = r.applied(&s, &Action::EndCommand).unwrap().0;
        let s1 = r.applied(&s1, &Action::EndCommand).unwrap().0;
        assert_eq!(s1.phase, Phase::Movement);
        assert!(r.unit_order(&s1, id(&r, "1-2-3")).is_none());
        // The arrival turn: AN 1 + 4 + 0 - 2 = 3, roll 25 gives D5.
        french_command(&r, &mut s, o.arrives);
        let s2 = r.applied(&s, &Action::EndCommand).unwrap().0;
        let s2 = r.applied(&s2, &Action::EndCommand).unwrap().0;
        assert!(matches!(
            s2.tasks.last(),
            Some(Task::AcceptanceRoll { order: 1 })
        ));
        let mut s2 = roll(&r, &s2, DiceSpec::D66, 25);
        assert_eq!(
            s2.orders[0].get(1).unwrap().status,
            OrderStatus::Delayed {
                delay: 5,
                since: o.arrives
            }
        );
        // Next turn the delay die shows 6: accepted, waiting for Davout at his HQ.
        french_command(&r, &mut s2, o.arrives + 1);
        let s3 = r.applied(&s2, &Action::EndCommand).unwrap().0;
        let s3 = r.applied(&s3, &Action::EndCommand).unwrap().0;
        assert!(matches!(
            s3.tasks.last(),
            Some(Task::DelayRoll { order: 1 })
        ));
        let s3 = roll(&r, &s3, DiceSpec::D6, 6);
        assert_eq!(s3.phase, Phase::Movement);
        assert_eq!(s3.orders[0].get(1).unwrap().status, OrderStatus::Accepted);
        // 10.1h: the HQ is still bolted.
        let away = hq_hex
            .neighbors()
            .into_iter()
            .find(|n| *n != beside && r.step_cost(&s3, hq3, *n).is_ok())
            .unwrap();
        let e = r
            .applied(
                &s3,
                &Action::Step {
                    unit: hq3,
                    to: away,
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "10.1h");
        // Davout touches base: implemented (10.0a); the HQ may now move.
        let (s4, ev) = r
            .applied(
                &s3,
                &Action::Step {
                    unit: davout,
                    to: hq_hex,
                },
            )
            .unwrap();
        assert_eq!(
            s4.orders[0].get(1).unwrap().status,
            OrderStatus::Implemented
        );
        assert!(ev.iter().any(|e| e.rule() == "10.0a"));
        assert!(
            r.applied(
                &s4,
                &Action::Step {
                    unit: hq3,
                    to: away
                }
            )
            .is_ok()
        );
    }

    #[test]
    fn r10_2_initiative_example_in_play() {
        // T3: a leader with 1 IP (Soult rated 1 here) rolls 63: no effect; St. Hilaire, a
        // division leader of his corps, may not roll this turn (10.2c).
        let mut r = rules();
        let soult = id(&r, "L-Soult");
        r.units[usize::from(soult)].rating = 1;
        let sth = id(&r, "L-St-Hilaire");
        let mut s = r.initial_state();
        french_command(&r, &mut s, 1);
        let s = r.applied(&s, &Action::EndCommand).unwrap().0;
        let mut listed = Vec::new();
        r.legal_actions(&s, &mut listed);
        assert!(listed.contains(&Action::RollInitiative { leader: sth }));
        let s = r
            .applied(&s, &Action::RollInitiative { leader: soult })
            .unwrap()
            .0;
        assert!(matches!(
            s.tasks.last(),
            Some(Task::InitiativeRoll { ip: 1, .. })
        ));
        let (s, ev) = r
            .applied(&s, &Action::Roll(DiceSpec::D66.roll(63).unwrap()))
            .unwrap();
        assert!(s.tasks.is_empty());
        assert!(ev.iter().any(|e| e.rule() == "10.2d"));
        let e = r
            .applied(&s, &Action::RollInitiative { leader: sth })
            .unwrap_err();
        assert_eq!(e.rule, "10.2c");
        listed.clear();
        r.legal_actions(&s, &mut listed);
        assert!(!listed.contains(&Action::RollInitiative { leader: sth }));
        // The army commander never rolls.
        let nap = id(&r, "L-Napoleon");
        assert_eq!(
            r.applied(&s, &Action::RollInitiative { leader: nap })
                .unwrap_err()
                .rule,
            "10.2c"
        );
    }

    #[test]
    fn r10_2g_loose_cannon_is_written_by_the_opponent() {
        let mut r = rules();
        let soult = id(&r, "L-Soult");
        r.units[usize::from(soult)].rating = 1;
        let mut s = r.initial_state();
        french_command(&r, &mut s, 1);
        let s = r.applied(&s, &Action::EndCommand).unwrap().0;
        let s = r
            .applied(&s, &Action::RollInitiative { leader: soult })
            .unwrap()
            .0;
        let s = roll(&r, &s, DiceSpec::D66, 11);
        assert!(matches!(
            s.tasks.last(),
            Some(Task::OrderWriting {
                source: OrderSource::LooseCannon,
                ..
            })
        ));
        assert_eq!(r.actor(&s), crate::engine::Actor::Player(Side(1)));
        let mut listed = Vec::new();
        r.legal_actions(&s, &mut listed);
        let a = listed.first().unwrap().clone();
        let s = r.applied(&s, &a).unwrap().0;
        let c4 = corps(&r, "4");
        assert_eq!(
            s.orders[0].in_force(Receiver::Corps(c4)).unwrap().source,
            OrderSource::LooseCannon
        );
    }

    #[test]
    fn r10_3a_stoppage_examples_in_play() {
        // T4: a corps of three divisions, none wrecked, leader rated 3: 2d6 >= 3.
        let r = rules();
        let c4 = corps(&r, "4");
        let hq4 = id(&r, "HQ-4-Corps");
        let mut s = r.initial_state();
        // Three divisions on the map: 1-4, 2-4, 3-4 (3D-4 and the independents kept off).
        for (i, u) in r.units.iter().enumerate() {
            if u.corps == "4" && u.combat() && !["1-4", "2-4", "3-4"].contains(&u.division.as_str())
            {
                s.units[i].place = Place::Off;
            }
        }
        for d in ["1-1-4", "1-2-4", "1-3-4"] {
            if s.units[usize::from(id(&r, d))].hex().is_none() {
                s.units[usize::from(id(&r, d))].place = Place::At(hex(&r, "A20.12"));
            }
        }
        assert_eq!(r.stoppage_min(&s, c4), Some(3));
        s.orders[0]
            .preset(
                0,
                Receiver::Corps(c4),
                OrderKind::Attack,
                false,
                "Take Pratzen.".to_string(),
            )
            .unwrap();
        french_command(&r, &mut s, 2);
        s.command.sides[0].contact = vec![c4];
        let s = r.applied(&s, &Action::EndCommand).unwrap().0;
        assert!(matches!(
            s.tasks.last(),
            Some(Task::Stoppage { need: 3, .. })
        ));
        let pass = roll(&r, &s, DiceSpec::TwoD6, 3);
        assert!(pass.orders[0].in_force(Receiver::Corps(c4)).is_some());
        let from = s.units[usize::from(hq4)].hex().unwrap();
        let fail = roll(&r, &s, DiceSpec::TwoD6, 2);
        // 10.3b: the order ends, the HQ is six hexes away or more.
        assert!(fail.orders[0].in_force(Receiver::Corps(c4)).is_none());
        assert!(fail.units[usize::from(hq4)].hex().unwrap().distance(from) >= 6);
        assert_eq!(fail.command.sides[0].stopped, vec![c4]);
    }

    #[test]
    fn r10_3a_stoppage_t5_wrecked_corps_at_night() {
        // T5: three wrecked divisions, commander lost: row 4, column 4, the new leader (1)
        // needs 11; at night 14, which cannot be rolled: the attack stops without a roll.
        let r = rules();
        let c4 = corps(&r, "4");
        let mut s = r.initial_state();
        for (i, u) in r.units.iter().enumerate() {
            if u.corps == "4" && u.combat() {
                if ["1-4", "2-4", "3-4"].contains(&u.division.as_str()) {
                    s.units[i].place = Place::At(hex(&r, "A20.12"));
                    s.units[i].casualties = u.wreck_boxes;
                } else {
                    s.units[i].place = Place::Off;
                }
            }
        }
        s.casualty_track[0] = 0;
        s.units[usize::from(id(&r, "L-Soult"))].place = Place::Gone;
        assert_eq!(r.stoppage_min(&s, c4), Some(11));
        assert_eq!(r.command.stoppage_needed(11, true), None);
    }

    #[test]
    fn r10_5a_out_of_radius_steps_only_closer() {
        let r = rules();
        let mut s = r.initial_state();
        // An Allied brigade far from its command leader.
        let u = id(&r, "1-1-L");
        let l = id(&r, "L-Doctorov");
        let lh = s.units[usize::from(l)].hex().unwrap();
        let far = hex(&r, "B30.30");
        s.units[usize::from(u)].place = Place::At(far);
        assert!(far.distance(lh) > 8);
        s.phase = Phase::Movement;
        let mut ev = Vec::new();
        r.movement_begins(&mut s, &mut ev);
        assert!(s.units[usize::from(u)].has(flag::OUT_OF_RADIUS));
        let mut listed = Vec::new();
        r.legal_actions(&s, &mut listed);
        for a in &listed {
            if let Action::Step { unit, to } = a {
                if *unit == u {
                    assert!(to.distance(lh) < far.distance(lh));
                }
            }
        }
        let away = far
            .neighbors()
            .into_iter()
            .find(|n| n.distance(lh) > far.distance(lh) && r.step_cost(&s, u, *n).is_ok());
        if let Some(away) = away {
            assert_eq!(
                r.applied(&s, &Action::Step { unit: u, to: away })
                    .unwrap_err()
                    .rule,
                "10.5a"
            );
        }
        // It must use its MPs getting back before the phase ends.
        if listed
            .iter()
            .any(|a| matches!(a, Action::Step { unit, .. } if *unit == u))
        {
            assert!(!listed.contains(&Action::EndMovement));
            assert_eq!(
                r.applied(&s, &Action::EndMovement).unwrap_err().rule,
                "10.5a"
            );
        }
    }

    #[test]
    fn r10_0c_overrun_forces_an_emergency_retreat() {
        let r = rules();
        let c4 = corps(&r, "4");
        let hq4 = id(&r, "HQ-4-Corps");
        let mut s = r.initial_state();
        r.hq_overrun(&mut s, hq4);
        french_command(&r, &mut s, 2);
        assert_eq!(
            r.applied(&s, &Action::EndCommand).unwrap_err().rule,
            "10.0c"
        );
        let (s2, _) = r
            .applied(&s, &Action::EmergencyRetreat { formation: c4 })
            .unwrap();
        assert!(s2.command.sides[0].overrun.is_empty());
        // Straggler rolls for the corps' infantry on the map (10.4).
        assert!(
            s2.tasks
                .iter()
                .all(|t| matches!(t, Task::StragglerRoll { .. }))
        );
    }

    #[test]
    fn aus3_2b_allied_orders_are_goals_and_act_at_once() {
        let r = rules();
        let mut s = r.initial_state();
        // The initial state: the Allied Command Phase (AUS 5.2).
        let kat = id(&r, "L-Katusov");
        let f = r.formations.iter().position(|f| f.code == "1-C").unwrap() as u16;
        let a = Action::IssueOrder {
            sender: kat,
            receiver: Receiver::Command(f),
            kind: OrderKind::Attack,
            method: Method::AideOral,
            goal: false,
            text: String::new(),
        };
        assert_eq!(r.applied(&s, &a).unwrap_err().rule, "AUS 3.2b");
        let a = Action::IssueOrder {
            sender: kat,
            receiver: Receiver::Command(f),
            kind: OrderKind::Attack,
            method: Method::AideOral,
            goal: true,
            text: "Advance on the Pratzen heights, no farther than Pratzen.".to_string(),
        };
        s = r.applied(&s, &a).unwrap().0;
        let o = s.orders[1].get(1).unwrap().clone();
        s.turn = o.arrives;
        s = r.applied(&s, &Action::EndCommand).unwrap().0;
        s = r.applied(&s, &Action::EndCommand).unwrap().0;
        // AN = 2 + 2 - 1 - 2 = 1: 66 accepts.
        let s = roll(&r, &s, DiceSpec::D66, 66);
        assert_eq!(s.orders[1].get(1).unwrap().status, OrderStatus::Implemented);
    }

    #[test]
    fn r10_1a_strict_orders_refuse_close_combat_without_attack_order() {
        let r = rules();
        let s = r.initial_state();
        let u = id(&r, "2-1-C");
        let h = s.units[usize::from(u)].hex().unwrap();
        let e = r.assault_order_check(&s, &[u], h).unwrap_err();
        assert_eq!(e.rule, "10.1a");
        let mut r2 = r.clone();
        r2.strict_orders = false;
        assert!(
            r2.assault_order_check(&s, &[u], h)
                .map_or_else(|e| e.rule != "10.1a", |_| true)
        );
    }
}
