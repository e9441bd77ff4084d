//! The order model (10.1) and the Order Log (10.1d).
//!
//! An order's wording is free text kept as data: the engine cannot judge whether a move obeys
//! it, and the rules leave that to the players' honour (10.1g). What the log does enforce is
//! the bookkeeping: costs (10.1b), delivery (10.1e), acceptance and cancellation (10.1f),
//! delay reduction (10.1f), implementation at the HQ (10.0a), initiative (10.2) and loose
//! cannon (10.2g) orders.
//!
//! Leaders and units are `u16` indices into the caller's unit list; formations (corps,
//! divisions, Allied commands) are `u16` indices into the caller's formation list. Turns are
//! the caller's turn numbers.
//!
//! The model is pure data and functions below the rule sections: the state holds an
//! [`OrderLog`] per side and the [`initiative::InitiativeAttempts`] of the turn, and the
//! Command Phase in play (`command/`) drives both. [`initiative`]: who may roll for initiative
//! in a turn (10.2c), the Austerlitz free rolls (AUS 3.2a, 3.2c), the Allied seniority list
//! (AUS 3.3) and the Francis penalty (AUS 3.5).

pub mod initiative;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::nbs::tables::{Acceptance, CommandTables};
use crate::nbs::types::{CommandError, Method, OrderKind, Receiver};
use initiative::{Emperor, InitiativeAttempts, Nationality};

/// Where an order stands on the log (10.1d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderStatus {
    /// Travelling; checked for acceptance on turn `arrives` (10.1e).
    EnRoute {
        /// The turn of delivery.
        arrives: u16,
    },
    /// Delayed by a D4, D5 or D6 result on turn `since`; a die is rolled for it from the turn
    /// after (10.1f).
    Delayed {
        /// 4, 5 or 6.
        delay: u8,
        /// The turn of the delay result.
        since: u16,
    },
    /// Accepted, waiting for the corps leader to reach his HQ (10.0a).
    Accepted,
    /// In force: the receiver acts on it.
    Implemented,
    /// Misunderstood and thrown away (10.1f).
    Distorted,
    /// Replaced by a later order, by initiative or loose cannon, lost in an emergency retreat,
    /// ended by a stoppage, or (loose cannon) its one turn is over.
    Cancelled,
}

/// Where an order came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderSource {
    /// Written by the army commander with Command Points (10.1b).
    Formal,
    /// Self-issued by a leader after a successful initiative roll (10.2).
    Initiative,
    /// Written before play, accepted before play (10.1i, AUS 5.3).
    PreSet,
    /// Given by the opponent after a loose cannon result (10.2g).
    LooseCannon,
    /// Given by an Emperor after a successful free roll (AUS 3.2a).
    Royal,
}

/// The receiver rating for the Acceptance Number of a divisional goal sent to a lone cavalry
/// brigade or artillery unit, which has no leader of its own (10.5b).
pub const LONE_UNIT_RECEIVER_RATING: u8 = 2;

/// One line of the Order Log (10.1c, 10.1d).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Order {
    /// The line on the log, from 1.
    pub number: u16,
    /// The issuing leader (unit index): the army commander, an Emperor, the leader who took
    /// initiative, or for a loose cannon order the leader who rolled it.
    pub sender: u16,
    /// The receiver.
    pub receiver: Receiver,
    /// Attack or Non-Attack.
    pub kind: OrderKind,
    /// How it was delivered; `None` for orders that are never delivered (initiative, loose
    /// cannon, pre-set).
    pub method: Option<Method>,
    /// Where it came from.
    pub source: OrderSource,
    /// The turn it was written.
    pub sent_turn: u16,
    /// Where it stands now.
    pub status: OrderStatus,
    /// A divisional goal (10.5b): takes effect on acceptance, with no trip to an HQ.
    pub divisional_goal: bool,
    /// Command Points paid (0 unless formal or royal).
    pub cost: u8,
    /// The wording, as the player wrote it (10.1c); followed on the honour system (10.1g).
    pub text: String,
    /// The turn of delivery (10.1e): the turn written for in-person, initiative, loose cannon
    /// and pre-set orders.
    #[serde(default)]
    pub arrives: u16,
}

impl Order {
    /// Whether the receiver's leader must reach his HQ before the order takes effect (10.0a):
    /// only corps with HQs, and not for divisional goals (10.5b).
    pub fn needs_touch_base(&self) -> bool {
        self.receiver.has_hq() && !self.divisional_goal
    }

    /// En route or delayed.
    pub fn is_pending(&self) -> bool {
        matches!(
            self.status,
            OrderStatus::EnRoute { .. } | OrderStatus::Delayed { .. }
        )
    }

    /// Whether the order is held by its receiver: delayed, accepted or in force. Such orders
    /// are what initiative, loose cannon and emergency retreats cancel.
    fn is_held(&self) -> bool {
        held(self.status)
    }

    /// The status an accepted order takes: waiting for the HQ, or in force at once.
    fn accepted_status(&self) -> OrderStatus {
        if self.needs_touch_base() {
            OrderStatus::Accepted
        } else {
            OrderStatus::Implemented
        }
    }
}

/// An order the army commander (or an Emperor, AUS 3.2a) writes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FormalOrder {
    /// The sender (unit index).
    pub sender: u16,
    /// The receiver.
    pub receiver: Receiver,
    /// Attack or Non-Attack.
    pub kind: OrderKind,
    /// AO, AW or IPO.
    pub method: Method,
    /// A divisional goal (10.5b).
    pub divisional_goal: bool,
    /// The wording.
    pub text: String,
    /// Sender and receiver share a hex (needed for IPO, 10.1e).
    pub same_hex: bool,
    /// Leader movement points from the sender to the receiver's HQ (or, with no HQ, to its
    /// leader) for aide delivery (10.1e); ignored for IPO.
    pub route_mp: u32,
}

/// An order a leader gives himself after a successful initiative roll (10.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InitiativeOrder {
    /// The leader who rolled (unit index).
    pub leader: u16,
    /// The formation (or unit) the order is for.
    pub receiver: Receiver,
    /// Attack or Non-Attack.
    pub kind: OrderKind,
    /// A divisional goal (10.2f, 10.5b).
    pub divisional_goal: bool,
    /// The wording.
    pub text: String,
    /// The number of an order on the log that this one repeats in substance, as the player
    /// declares it (10.2f is judged in spirit, so the player says).
    pub repeats: Option<u16>,
}

/// The Order Log (10.1d): every order of one side, numbered by line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OrderLog {
    orders: Vec<Order>,
}

/// Delayed, accepted or in force: the orders a receiver holds.
fn held(s: OrderStatus) -> bool {
    matches!(
        s,
        OrderStatus::Delayed { .. } | OrderStatus::Accepted | OrderStatus::Implemented
    )
}

fn no_order(number: u16) -> CommandError {
    CommandError::new(
        "10.1d",
        format!("there is no order number {number} on the log"),
    )
}

impl OrderLog {
    /// An empty log.
    pub fn new() -> OrderLog {
        OrderLog::default()
    }

    /// Every order, by number (order `n` at index `n - 1`).
    pub fn orders(&self) -> &[Order] {
        &self.orders
    }

    /// Order number `number`.
    pub fn get(&self, number: u16) -> Option<&Order> {
        self.orders.get(usize::from(number).checked_sub(1)?)
    }

    fn index(&self, number: u16) -> Result<usize, CommandError> {
        usize::from(number)
            .checked_sub(1)
            .filter(|&i| i < self.orders.len())
            .ok_or_else(|| no_order(number))
    }

    fn push(&mut self, mut order: Order) -> Result<u16, CommandError> {
        let number = u16::try_from(self.orders.len() + 1)
            .map_err(|_| CommandError::new("10.1d", "the order log is full"))?;
        order.number = number;
        self.orders.push(order);
        Ok(number)
    }

    fn new_formal(
        tables: &CommandTables,
        o: FormalOrder,
        source: OrderSource,
        turn: u16,
        cost: u8,
    ) -> Result<Order, CommandError> {
        let arrives = match o.method {
            Method::InPerson if !o.same_hex => {
                return Err(CommandError::new(
                    "10.1e",
                    "an in-person order needs the sender and the receiver in the same hex",
                ));
            }
            Method::InPerson => turn,
            Method::AideOral | Method::AideWritten => {
                turn.saturating_add(u16::from(tables.delivery_turns(o.route_mp)))
            }
        };
        Ok(Order {
            number: 0,
            sender: o.sender,
            receiver: o.receiver,
            kind: o.kind,
            method: Some(o.method),
            source,
            sent_turn: turn,
            status: OrderStatus::EnRoute { arrives },
            divisional_goal: o.divisional_goal,
            cost,
            text: o.text,
            arrives,
        })
    }

    /// Writes an army commander's order on turn `turn` (10.1b, 10.1e): its cost comes out of
    /// `cp_left` (this turn's Command Points still unspent), and it arrives this turn in
    /// person or after the aide's ride. Returns the order number.
    pub fn issue(
        &mut self,
        tables: &CommandTables,
        order: FormalOrder,
        turn: u16,
        cp_left: &mut u8,
    ) -> Result<u16, CommandError> {
        let cost = tables.order_cost(order.method, order.kind);
        if cost > *cp_left {
            return Err(CommandError::new(
                "10.1b",
                format!(
                    "the order costs {cost} Command Points and only {} are left this turn",
                    *cp_left
                ),
            ));
        }
        let o = Self::new_formal(tables, order, OrderSource::Formal, turn, cost)?;
        let n = self.push(o)?;
        *cp_left -= cost;
        Ok(n)
    }

    /// Writes the one order an Emperor's successful free roll allows (AUS 3.2a): to a
    /// commander of his own nation, paid from the Command Points of a 0-rated army commander,
    /// then delivered and checked for acceptance like any order (the sender's rating is the
    /// Emperor's 0, AUS 3.1). Uses up the grant recorded in `attempts`.
    pub fn issue_royal(
        &mut self,
        tables: &CommandTables,
        attempts: &mut InitiativeAttempts,
        emperor: Emperor,
        receiver_nationality: Nationality,
        order: FormalOrder,
        turn: u16,
    ) -> Result<u16, CommandError> {
        if receiver_nationality != emperor.nationality() {
            return Err(CommandError::new(
                "AUS 3.2a",
                format!(
                    "{emperor:?} may give orders only to {:?} commanders",
                    emperor.nationality()
                ),
            ));
        }
        let budget = tables.command_points(0);
        let cost = tables.order_cost(order.method, order.kind);
        if cost > budget {
            return Err(CommandError::new(
                "AUS 3.2a",
                format!(
                    "a royal order is paid as by a 0-rated army commander ({budget} Command \
                     Points); this one costs {cost}"
                ),
            ));
        }
        let o = Self::new_formal(tables, order, OrderSource::Royal, turn, cost)?;
        attempts.take_royal_grant(emperor)?;
        self.push(o)
    }

    /// Logs an order written before play (10.1i): no cost, accepted before play, and taken
    /// to be in force from the first turn (leaders start with their plans in hand).
    pub fn preset(
        &mut self,
        sender: u16,
        receiver: Receiver,
        kind: OrderKind,
        divisional_goal: bool,
        text: String,
    ) -> Result<u16, CommandError> {
        self.push(Order {
            number: 0,
            sender,
            receiver,
            kind,
            method: None,
            source: OrderSource::PreSet,
            sent_turn: 0,
            status: OrderStatus::Implemented,
            divisional_goal,
            cost: 0,
            text,
            arrives: 0,
        })
    }

    /// Withdraws pre-set order `number` before play (AUS 5.3: the players may rewrite them);
    /// it stays on the log, cancelled.
    pub fn cancel_preset(&mut self, number: u16) -> Result<(), CommandError> {
        let o = self
            .orders
            .iter_mut()
            .find(|o| o.number == number)
            .ok_or_else(|| CommandError::new("10.1d", alloc::format!("no order {number}")))?;
        if o.source != OrderSource::PreSet || o.status != OrderStatus::Implemented {
            return Err(CommandError::new(
                "AUS 5.3",
                alloc::format!("order {number} is not a pre-set order in force"),
            ));
        }
        o.status = OrderStatus::Cancelled;
        Ok(())
    }

    /// The orders delivered by `turn` and not yet checked for acceptance (10.1f, New Order
    /// Acceptance segment).
    pub fn arriving(&self, turn: u16) -> Vec<u16> {
        self.orders
            .iter()
            .filter(|o| matches!(o.status, OrderStatus::EnRoute { arrives } if arrives <= turn))
            .map(|o| o.number)
            .collect()
    }

    /// Applies an Acceptance Table result to order `number` on turn `turn` (10.1f).
    ///
    /// * Accepted or delayed: any other delayed order to the same receiver is cancelled.
    /// * Accepted: an earlier accepted or implemented order to the receiver is replaced; the
    ///   new one takes effect now, or when the leader reaches his HQ (10.0a).
    /// * Delayed: an earlier accepted order stays in force until this one is accepted.
    /// * Distorted: the order is thrown away; nothing else changes.
    pub fn on_acceptance_result(
        &mut self,
        number: u16,
        result: Acceptance,
        turn: u16,
    ) -> Result<(), CommandError> {
        let i = self.index(number)?;
        match self.orders[i].status {
            OrderStatus::EnRoute { arrives } if arrives <= turn => {}
            OrderStatus::EnRoute { arrives } => {
                return Err(CommandError::new(
                    "10.1f",
                    format!(
                        "order {number} arrives on turn {arrives}; acceptance is not rolled \
                         before delivery"
                    ),
                ));
            }
            _ => {
                return Err(CommandError::new(
                    "10.1f",
                    format!("order {number} has already been checked for acceptance"),
                ));
            }
        }
        match result {
            Acceptance::Accepted => self.accept(i),
            Acceptance::Delayed(delay) => {
                self.cancel_for(i, |s| matches!(s, OrderStatus::Delayed { .. }));
                self.orders[i].status = OrderStatus::Delayed { delay, since: turn };
            }
            Acceptance::Distorted => self.orders[i].status = OrderStatus::Distorted,
        }
        Ok(())
    }

    /// Cancels, among the other orders to the receiver of order `i`, those whose status
    /// matches.
    fn cancel_for(&mut self, i: usize, which: impl Fn(OrderStatus) -> bool) -> Vec<u16> {
        let receiver = self.orders[i].receiver;
        let mut out = Vec::new();
        for (j, o) in self.orders.iter_mut().enumerate() {
            if j != i && o.receiver == receiver && which(o.status) {
                o.status = OrderStatus::Cancelled;
                out.push(o.number);
            }
        }
        out
    }

    fn accept(&mut self, i: usize) {
        self.cancel_for(i, held);
        self.orders[i].status = self.orders[i].accepted_status();
    }

    /// The delayed orders that roll for delay reduction on `turn` (those delayed on an earlier
    /// turn, 10.1f), with their delay.
    pub fn delayed_due(&self, turn: u16) -> Vec<(u16, u8)> {
        self.orders
            .iter()
            .filter_map(|o| match o.status {
                OrderStatus::Delayed { delay, since } if since < turn => Some((o.number, delay)),
                _ => None,
            })
            .collect()
    }

    /// Rolls the delay reduction die `d6` for order `number` on `turn` (10.1f). On success the
    /// order is accepted, with the effects of acceptance. Returns whether it was accepted.
    /// The order may be delayed on an earlier turn only.
    pub fn reduce_delay(
        &mut self,
        tables: &CommandTables,
        number: u16,
        d6: u8,
        turn: u16,
    ) -> Result<bool, CommandError> {
        let i = self.index(number)?;
        let OrderStatus::Delayed { delay, since } = self.orders[i].status else {
            return Err(CommandError::new(
                "10.1f",
                format!("order {number} is not delayed"),
            ));
        };
        if since >= turn {
            return Err(CommandError::new(
                "10.1f",
                format!(
                    "order {number} was delayed on turn {since}; its first delay reduction roll \
                     is on the following turn"
                ),
            ));
        }
        let ok = tables.delay_accepts(delay, d6);
        if ok {
            self.accept(i);
        }
        Ok(ok)
    }

    /// The corps leader of `receiver` enters his HQ hex (10.0a): its accepted order takes
    /// effect. Returns the orders implemented (none if nothing was waiting).
    pub fn touch_base(&mut self, receiver: Receiver) -> Vec<u16> {
        let mut out = Vec::new();
        for o in &mut self.orders {
            if o.receiver == receiver && o.status == OrderStatus::Accepted {
                o.status = OrderStatus::Implemented;
                out.push(o.number);
            }
        }
        out
    }

    /// 10.2f: the order still travelling or delayed to `receiver` that says the same thing
    /// (same kind, divisional-goal flag and text, ignoring surrounding blanks), if any.
    pub fn pending_same(
        &self,
        receiver: Receiver,
        kind: OrderKind,
        goal: bool,
        text: &str,
    ) -> Option<u16> {
        self.orders
            .iter()
            .find(|o| {
                o.receiver == receiver
                    && o.is_pending()
                    && o.kind == kind
                    && o.divisional_goal == goal
                    && o.text.trim() == text.trim()
            })
            .map(|o| o.number)
    }

    /// Checks that an initiative order is allowed (10.2f): it may not repeat an order that is
    /// still travelling or delayed.
    pub fn check_initiative_order(
        &self,
        receiver: Receiver,
        repeats: Option<u16>,
    ) -> Result<(), CommandError> {
        let Some(n) = repeats else { return Ok(()) };
        let o = self.get(n).ok_or_else(|| no_order(n))?;
        if o.receiver == receiver && o.is_pending() {
            return Err(CommandError::new(
                "10.2f",
                format!(
                    "order {n} to this receiver is still en route or delayed; initiative can \
                     only give a different order"
                ),
            ));
        }
        Ok(())
    }

    /// Logs an initiative order (10.2a, 10.2f): it cancels the receiver's delayed, accepted
    /// and implemented orders (orders still travelling are unaffected and are checked when
    /// they arrive), needs no delivery and is accepted at once. A corps leader must still
    /// reach his HQ (10.0a); a divisional goal or a receiver without HQ acts at once (10.5b).
    pub fn initiative(&mut self, order: InitiativeOrder, turn: u16) -> Result<u16, CommandError> {
        self.check_initiative_order(order.receiver, order.repeats)?;
        let mut o = Order {
            number: 0,
            sender: order.leader,
            receiver: order.receiver,
            kind: order.kind,
            method: None,
            source: OrderSource::Initiative,
            sent_turn: turn,
            status: OrderStatus::Accepted,
            divisional_goal: order.divisional_goal,
            cost: 0,
            text: order.text,
            arrives: turn,
        };
        o.status = o.accepted_status();
        let n = self.push(o)?;
        let i = usize::from(n) - 1;
        self.cancel_for(i, held);
        Ok(n)
    }

    /// Logs the opponent's order to a loose cannon's force (10.2g): one turn of movement
    /// in a direction the opponent picks. It cancels every order the force holds and is in
    /// force at once (the opponent moves the corps leader into his HQ hex, so no trip is
    /// needed). `leader` is the leader who rolled. End it with
    /// [`OrderLog::end_loose_cannon`] after its turn.
    pub fn loose_cannon(
        &mut self,
        leader: u16,
        receiver: Receiver,
        kind: OrderKind,
        text: String,
        turn: u16,
    ) -> Result<u16, CommandError> {
        let n = self.push(Order {
            number: 0,
            sender: leader,
            receiver,
            kind,
            method: None,
            source: OrderSource::LooseCannon,
            sent_turn: turn,
            status: OrderStatus::Implemented,
            divisional_goal: false,
            cost: 0,
            text,
            arrives: turn,
        })?;
        self.cancel_for(usize::from(n) - 1, held);
        Ok(n)
    }

    /// Ends loose cannon orders given before `turn` (their single turn is over, 10.2g); the
    /// force is then without orders. Returns the orders ended.
    pub fn end_loose_cannon(&mut self, turn: u16) -> Vec<u16> {
        let mut out = Vec::new();
        for o in &mut self.orders {
            if o.source == OrderSource::LooseCannon
                && o.sent_turn < turn
                && matches!(o.status, OrderStatus::Implemented | OrderStatus::Accepted)
            {
                o.status = OrderStatus::Cancelled;
                out.push(o.number);
            }
        }
        out
    }

    /// An emergency retreat (10.4) or a failed stoppage check (10.3b) leaves the receiver
    /// without orders: its delayed, accepted and implemented orders are cancelled. Orders still
    /// travelling are unaffected. Returns the orders cancelled.
    pub fn drop_held_orders(&mut self, receiver: Receiver) -> Vec<u16> {
        let mut out = Vec::new();
        for o in &mut self.orders {
            if o.receiver == receiver && o.is_held() {
                o.status = OrderStatus::Cancelled;
                out.push(o.number);
            }
        }
        out
    }

    /// The order `receiver` acts on now, if any.
    pub fn in_force(&self, receiver: Receiver) -> Option<&Order> {
        self.orders
            .iter()
            .rev()
            .find(|o| o.receiver == receiver && o.status == OrderStatus::Implemented)
    }

    /// The accepted order waiting for the corps leader to reach his HQ, if any (10.0a).
    pub fn awaiting_touch_base(&self, receiver: Receiver) -> Option<&Order> {
        self.orders
            .iter()
            .rev()
            .find(|o| o.receiver == receiver && o.status == OrderStatus::Accepted)
    }

    /// The receiver's delayed order, if any (10.1f).
    pub fn delayed(&self, receiver: Receiver) -> Option<&Order> {
        self.orders
            .iter()
            .rev()
            .find(|o| o.receiver == receiver && matches!(o.status, OrderStatus::Delayed { .. }))
    }
}
