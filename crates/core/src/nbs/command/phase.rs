//! Command and control in play (10.0–10.5, AUS 2.x–3.x): the Command Phase as a state machine
//! over the pure rules of [`crate::nbs::command`], and the hooks by which orders, HQs and command
//! radius bind movement, fire and close combat.
//!
//! The Command Phase (digest §3.1) runs in three segments kept in
//! [`CommandState::segment`](crate::nbs::state::CommandState::segment):
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

use smallvec::SmallVec;

use crate::engine::{Illegal, Side};
use crate::hex::{Hex, Reach, ReachOptions};
use crate::nbs::command::radius::LeaderCosts;
use crate::nbs::command::{
    ALLIED_SENIORITY, AlliedLeader, FormalOrder, FreeRoller, InitiativeAttempts, InitiativeOrder,
    Method, Nationality, OrderKind, OrderSource, OrderStatus, Receiver, allied_army_commander,
    francis_in_command,
};
use crate::nbs::command::{Acceptance, CommandError};
use crate::nbs::event::Event;
use crate::nbs::query::{Occ, RadiusCache};
use crate::nbs::state::{Place, State, Task, UnitId, flag};
use crate::nbs::tables::MoveClass;
use crate::nbs::types::{Seq66, UnitKind};
use crate::nbs::units::{FormKind, Formation, Nation, Rank};
use crate::nbs::{Action, Nbs};

/// The anchors of a unit's command radius kept inline: one leader or HQ, two for a
/// Buxhowden column (AUS 3.2c), the corps HQ and its division leaders for corps artillery
/// (10.5a); more spill to the heap.
pub(in crate::nbs) const ANCHORS: usize = 4;

/// A unit's command-radius anchors: leader or HQ, radius in half MPs.
pub(in crate::nbs) type Anchors = SmallVec<[(UnitId, u16); ANCHORS]>;

/// What an order permits a step (movement hook).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::nbs) enum StepBlock {
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
    pub(in crate::nbs) fn block(
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
                if let crate::nbs::types::StepCost::Half(c) =
                    self.terrain_step(MoveClass::Leader, h, d, true).0
                {
                    t[i][usize::from(d.index())] = c.clamp(1, 254) as u8;
                }
            }
        }
        t
    }
}

pub(in crate::nbs) fn illegal(e: CommandError) -> Illegal {
    Illegal::new(e.rule, e.reason)
}

/// The AUS 3.3 seniority list as counter ids.
pub(in crate::nbs) fn allied_id(l: AlliedLeader) -> &'static str {
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

pub(in crate::nbs) fn nationality(n: Nation) -> Nationality {
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

    pub(in crate::nbs) fn formation(&self, f: u16) -> Option<&Formation> {
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
    pub(in crate::nbs) fn members(&self, f: u16) -> Vec<UnitId> {
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
    pub(in crate::nbs) fn francis_commands(&self, s: &State) -> bool {
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
    pub(in crate::nbs) fn buxhowden_column(&self, s: &State) -> Option<u16> {
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
    pub(in crate::nbs) fn receiving_leader(&self, s: &State, r: Receiver) -> Option<UnitId> {
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

    pub(in crate::nbs) fn rating_of(&self, s: &State, u: Option<UnitId>) -> u8 {
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

    pub(in crate::nbs) fn receiver_name(&self, r: Receiver) -> String {
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
    pub(in crate::nbs) fn unit_receivers(&self, s: &State, u: UnitId) -> Vec<Receiver> {
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
    pub(in crate::nbs) fn unit_order(&self, s: &State, u: UnitId) -> Option<(Receiver, OrderKind)> {
        let side = self.units[usize::from(u)].side;
        let log = &s.orders[side.index()];
        self.unit_receivers(s, u)
            .into_iter()
            .find_map(|r| log.in_force(r).map(|o| (r, o.kind)))
    }

    /// Whether a formation holds an order involving movement (10.1h, 10.0c: the HQ may move).
    pub(in crate::nbs) fn holds_order(&self, s: &State, f: u16) -> bool {
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

    pub(in crate::nbs) fn touch_base(&self, s: &mut State, r: Receiver, ev: &mut Vec<Event>) {
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

pub(in crate::nbs) fn note(owner: Side, rule: &'static str, text: String, secret: bool) -> Event {
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
