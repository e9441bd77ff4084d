//! Attachments and detachments (10.5c, AUS 2.1, AUS 3.6): which corps a French division
//! belongs to now.
//!
//! * A division's printed corps is [`crate::nbs::units::Formation::parent`]; the scenario may
//!   start it attached elsewhere or detached (`rules.attachments`: division code to corps
//!   code, or `"detached"`), and [`State::attached`] keeps the changes.
//! * In play the army commander detaches a division with an order to its current corps
//!   (10.5c), or sends a division awaiting orders outside any corps with an order to the
//!   division itself: in the Order Issue segment, `Attach { order, division, to }` adds the
//!   instruction to a formal order written this turn; it takes effect when the order is
//!   accepted (`on_order_accepted`). An attachment back to the printed corps ends the
//!   detachment.
//! * AUS 2.1: at most one division of each corps is away from it at a time, except cavalry
//!   divisions attached to the Cavalry Corps. AUS 3.6: no Allied attachments (the Allied
//!   commands have no corps).
//!
//! Everything that asks "which corps is this unit in" (orders in force, command radius,
//! initiative, stoppage, promotions) reads [`Nbs::corps_now`] and [`Nbs::parent_now`].

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::data::DataError;
use crate::engine::Illegal;
use crate::nbs::command::{OrderSource, OrderStatus, Receiver};
use crate::nbs::event::Event;
use crate::nbs::state::{State, UnitId};
use crate::nbs::types::UnitKind;
use crate::nbs::units::FormKind;
use crate::nbs::{Action, FRENCH, Nbs};

/// The Cavalry Corps' code.
const CAVALRY_CORPS: &str = "C";

impl Nbs {
    /// The corps division `d` belongs to now (10.5c): its attachment, else its printed corps.
    pub fn parent_now(&self, s: &State, d: u16) -> Option<u16> {
        match s.attached.iter().find(|x| x.0 == d) {
            Some(&(_, to)) => to,
            None => self.formations.get(usize::from(d)).and_then(|f| f.parent),
        }
    }

    /// The corps (or the Guard) unit `u` belongs to now: its division's, else its printed one.
    pub fn corps_now(&self, s: &State, u: UnitId) -> Option<u16> {
        if let Some(d) = self.division_of(u) {
            if let Some(&(_, to)) = s.attached.iter().find(|x| x.0 == d) {
                return to;
            }
        }
        self.corps_of(u)
    }

    /// The divisions of corps `f` now (10.3a: attached ones count).
    pub fn divisions_now(&self, s: &State, f: u16) -> Vec<u16> {
        (0..self.formations.len() as u16)
            .filter(|&d| {
                self.formations[usize::from(d)].kind == FormKind::Division
                    && self.parent_now(s, d) == Some(f)
            })
            .collect()
    }

    /// Whether every combat unit of division `d` is cavalry.
    fn cavalry_division(&self, d: u16) -> bool {
        let code = &self.formations[usize::from(d)].code;
        let mut members = self
            .units
            .iter()
            .filter(|i| i.side == FRENCH && i.combat() && &i.division == code)
            .peekable();
        members.peek().is_some() && members.all(|i| i.kind == UnitKind::Cavalry)
    }

    /// Whether division `d` may be attached to corps `to` now (10.5c, AUS 2.1).
    pub fn attach_check(&self, s: &State, d: u16, to: u16) -> Result<(), Illegal> {
        let div = self
            .formations
            .get(usize::from(d))
            .filter(|f| f.kind == FormKind::Division)
            .ok_or_else(|| {
                Illegal::new(
                    "10.5c",
                    format!("formation {d} is not a French division: only divisions are detached"),
                )
            })?;
        let corps = self
            .formations
            .get(usize::from(to))
            .filter(|f| f.kind == FormKind::Corps && f.side == div.side)
            .ok_or_else(|| {
                Illegal::new(
                    "10.5c",
                    format!("formation {to} is not a French corps with an HQ"),
                )
            })?;
        if self.parent_now(s, d) == Some(to) {
            return Err(Illegal::new(
                "10.5c",
                format!("{} already belongs to {} Corps", div.code, corps.code),
            ));
        }
        let printed = div.parent;
        let cavalry_to_cc = corps.code == CAVALRY_CORPS && self.cavalry_division(d);
        if Some(to) != printed && !cavalry_to_cc {
            // AUS 2.1: one division away from each corps (cavalry to the Cavalry Corps aside).
            let away = (0..self.formations.len() as u16).find(|&x| {
                x != d
                    && self.formations[usize::from(x)].parent == printed
                    && self.formations[usize::from(x)].kind == FormKind::Division
                    && self.parent_now(s, x) != printed
                    && !(self
                        .parent_now(s, x)
                        .is_some_and(|c| self.formations[usize::from(c)].code == CAVALRY_CORPS)
                        && self.cavalry_division(x))
            });
            if let Some(x) = away {
                return Err(Illegal::new(
                    "AUS 2.1",
                    format!(
                        "{} is already detached from its corps: one division per corps at a time",
                        self.formations[usize::from(x)].code
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Sets division `d`'s corps (`None`: detached, awaiting orders).
    fn set_parent(&self, s: &mut State, d: u16, to: Option<u16>) {
        s.attached.retain(|x| x.0 != d);
        if to != self.formations[usize::from(d)].parent {
            s.attached.push((d, to));
            s.attached.sort_unstable();
        }
    }

    /// The attachment instructions open now (10.5c): for each formal order the army
    /// commander wrote this turn to a corps, without an instruction yet, each division of
    /// that corps to each corps AUS 2.1 allows.
    pub(in crate::nbs) fn attach_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = self.phasing(s);
        if side != FRENCH {
            return; // AUS 3.6
        }
        let log = &s.orders[side.index()];
        for o in log.orders() {
            if !self.attachable_order(s, o.number) {
                continue;
            }
            for d in self.attachable_divisions(s, o.receiver) {
                for to in 0..self.formations.len() as u16 {
                    if self.attach_check(s, d, to).is_ok() {
                        out.push(Action::Attach {
                            order: o.number,
                            division: d,
                            to,
                        });
                    }
                }
            }
        }
    }

    /// The divisions an order to `r` may move (10.5c): those of a corps, or a division
    /// detached and awaiting orders (no corps) itself.
    fn attachable_divisions(&self, s: &State, r: Receiver) -> Vec<u16> {
        match r {
            Receiver::Corps(c) => self.divisions_now(s, c),
            Receiver::Command(d)
                if self.formations.get(usize::from(d)).map(|f| f.kind)
                    == Some(FormKind::Division)
                    && self.parent_now(s, d).is_none() =>
            {
                alloc::vec![d]
            }
            _ => Vec::new(),
        }
    }

    /// Whether order `n` of the phasing side may still take an attachment instruction: a
    /// formal order written this turn, not yet checked for acceptance, without one.
    fn attachable_order(&self, s: &State, n: u16) -> bool {
        let side = self.phasing(s);
        let Some(o) = s.orders[side.index()].get(n) else {
            return false;
        };
        o.source == OrderSource::Formal
            && o.sent_turn == s.turn
            && o.is_pending()
            && !self.attachable_divisions(s, o.receiver).is_empty()
            && !s.attach_orders.iter().any(|x| x.0 == n)
    }

    /// `Attach`: adds the instruction to order `order` (10.5c).
    pub(in crate::nbs) fn attach_action(
        &self,
        s: &mut State,
        order: u16,
        d: u16,
        to: u16,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if self.phasing(s) != FRENCH {
            return Err(Illegal::new(
                "AUS 3.6",
                "the Allied commands have no corps: nothing can be attached",
            ));
        }
        if !self.attachable_order(s, order) {
            return Err(Illegal::new(
                "10.5c",
                format!(
                    "order {order} is not a formal order to a corps written this turn and still on its way without an attachment"
                ),
            ));
        }
        let Some(r) = s.orders[FRENCH.index()].get(order).map(|o| o.receiver) else {
            return Err(Illegal::new("10.5c", format!("no order {order}")));
        };
        if !self.attachable_divisions(s, r).contains(&d) {
            let to_whom = match r {
                Receiver::Corps(c) | Receiver::Command(c) => {
                    self.formations[usize::from(c)].code.clone()
                }
                Receiver::Unit(u) => String::from(self.name(u)),
            };
            return Err(Illegal::new(
                "10.5c",
                format!(
                    "the order goes to {to_whom}, and {} is not a division it may move: an order to its corps (or, detached, to the division itself) carries the instruction",
                    self.formations
                        .get(usize::from(d))
                        .map_or_else(|| format!("formation {d}"), |f| f.code.clone())
                ),
            ));
        }
        let from = match r {
            Receiver::Corps(c) => format!("{} Corps", self.formations[usize::from(c)].code),
            _ => String::from("the detached division"),
        };
        self.attach_check(s, d, to)?;
        s.attach_orders.push((order, d, to));
        ev.push(self.attach_note(
            format!(
                "order {order} instructs {from} to send {} to {} Corps",
                self.formations[usize::from(d)].code,
                self.formations[usize::from(to)].code
            ),
            true,
        ));
        Ok(())
    }

    fn attach_note(&self, text: String, secret: bool) -> Event {
        Event::CommandNote {
            owner: FRENCH,
            rule: Cow::Borrowed("10.5c"),
            text,
            secret,
        }
    }

    /// After an acceptance or delay roll of the phasing side's order `n`: an accepted order's
    /// attachment takes effect, when AUS 2.1 still allows it; a distorted or cancelled
    /// order's is dropped.
    pub(in crate::nbs) fn on_order_accepted(&self, s: &mut State, n: u16, ev: &mut Vec<Event>) {
        if self.phasing(s) != FRENCH {
            return;
        }
        let Some(i) = s.attach_orders.iter().position(|x| x.0 == n) else {
            return;
        };
        let Some(status) = s.orders[FRENCH.index()].get(n).map(|o| o.status) else {
            return;
        };
        if matches!(
            status,
            OrderStatus::EnRoute { .. } | OrderStatus::Delayed { .. }
        ) {
            return; // decided later (10.1f delay rolls)
        }
        let (_, d, to) = s.attach_orders.remove(i);
        if matches!(status, OrderStatus::Distorted | OrderStatus::Cancelled) {
            return; // the instruction goes with the order
        }
        let name = |f: u16| self.formations[usize::from(f)].code.clone();
        match self.attach_check(s, d, to) {
            Ok(()) => {
                self.set_parent(s, d, Some(to));
                ev.push(self.attach_note(
                    format!("{} is now attached to {} Corps", name(d), name(to)),
                    false,
                ));
            }
            Err(e) => ev.push(self.attach_note(
                format!(
                    "{} cannot be attached to {} Corps after all: {}",
                    name(d),
                    name(to),
                    e.reason
                ),
                false,
            )),
        }
    }

    /// The French formation of `kind` with `code`, for the scenario data.
    fn french_formation(&self, code: &str, kind: FormKind) -> Option<u16> {
        self.formations
            .iter()
            .position(|f| f.side == FRENCH && f.kind == kind && f.code == code)
            .map(|p| p as u16)
    }

    /// Scenario attachments (`rules.attachments`): division code to corps code, or
    /// `"detached"` for a division awaiting orders outside any corps.
    pub(in crate::nbs) fn load_attachments(
        &self,
        s: &mut State,
        rules: &serde_json::Value,
        id: &str,
    ) -> Result<(), DataError> {
        let Some(map) = rules.get("attachments").and_then(|v| v.as_object()) else {
            return Ok(());
        };
        for (div, to) in map {
            let at = format!("rules.attachments.{div}");
            let d = self
                .french_formation(div, FormKind::Division)
                .ok_or_else(|| {
                    DataError::new(id, &at, "no French division with that code").with_rule("10.5c")
                })?;
            let target = to.as_str().ok_or_else(|| {
                DataError::new(id, &at, "a corps code or \"detached\"").with_rule("10.5c")
            })?;
            if target == "detached" {
                self.set_parent(s, d, None);
                continue;
            }
            let c = self
                .french_formation(target, FormKind::Corps)
                .ok_or_else(|| {
                    DataError::new(id, &at, format!("no French corps `{target}`"))
                        .with_rule("10.5c")
                })?;
            self.attach_check(s, d, c)
                .map_err(|e| DataError::new(id, &at, e.reason).with_rule(e.rule))?;
            self.set_parent(s, d, Some(c));
        }
        Ok(())
    }

    /// Scenario attachments on arrival (`rules.attach_on_arrival`, AUS 7.1, 7.3, 7.4): the
    /// division joins the corps when that corps' HQ enters the map.
    pub(in crate::nbs) fn load_attach_on_arrival(
        &mut self,
        rules: &serde_json::Value,
        id: &str,
    ) -> Result<(), DataError> {
        let Some(map) = rules.get("attach_on_arrival").and_then(|v| v.as_object()) else {
            return Ok(());
        };
        for (div, v) in map {
            let at = format!("rules.attach_on_arrival.{div}");
            let d = self
                .french_formation(div, FormKind::Division)
                .ok_or_else(|| {
                    DataError::new(id, &at, "no French division with that code").with_rule("10.5c")
                })?;
            let corps = v.get("corps").and_then(|c| c.as_str()).unwrap_or("");
            let c = self
                .french_formation(corps, FormKind::Corps)
                .ok_or_else(|| {
                    DataError::new(
                        id,
                        format!("{at}.corps"),
                        format!("no French corps `{corps}`"),
                    )
                    .with_rule("10.5c")
                })?;
            self.attach_on_arrival.push((d, c));
        }
        Ok(())
    }

    /// After `u` enters the map (16.4): a corps HQ's arrival brings the divisions the scenario
    /// attaches to it then, which leave their divisional goals (AUS 7.1, 7.3, 7.4).
    pub(in crate::nbs) fn arrival_attachments(
        &self,
        s: &mut State,
        u: UnitId,
        ev: &mut Vec<Event>,
    ) {
        for &(d, c) in &self.attach_on_arrival {
            if self.formations[usize::from(c)].hq != Some(u) || self.parent_now(s, d) == Some(c) {
                continue;
            }
            self.set_parent(s, d, Some(c));
            let dropped = s.orders[FRENCH.index()].drop_held_orders(Receiver::Command(d));
            ev.push(self.attach_note(
                format!(
                    "{} Corps arrives: {} joins it{}",
                    self.formations[usize::from(c)].code,
                    self.formations[usize::from(d)].code,
                    if dropped.is_empty() {
                        ""
                    } else {
                        " and leaves its divisional goal"
                    }
                ),
                false,
            ));
        }
    }
}
