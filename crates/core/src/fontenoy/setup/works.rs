//! The French player's set-up decisions about works (F-10.0c: the French set up first):
//!
//! * F-6.2 A Missing Redoubt: with the option on, he places one large redoubt in a hex within 1
//!   of S4208 (the map's `redoubt-site-s4208`), before any unit sets up, so that its garrison
//!   may set up inside it. The redoubt is then part of the position (`State::placed_redoubts`).
//! * F-3.6 Barricades (scenarios 4–6, F-10.4b): he places the scenario's markers one by one in
//!   road hexes of its area (`rules.barricades.area`, the Bois de Barry in or north of row
//!   Sxx06), one a hex; the data's default hexes are listed first. Reading: a road hex is one
//!   that a road, path or the Major Road crosses (F-9.2n), as Road Movement, which the markers
//!   stop, follows all three.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{State, Step};
use crate::engine::Illegal;
use crate::hex::Hex;

impl Fontenoy {
    /// Whether the set-up asks the French for the missing redoubt or barricades.
    pub(crate) fn works_to_place(&self) -> bool {
        !self.scenario_rules.redoubt_site.is_empty()
            || self
                .scenario_rules
                .barricades
                .as_ref()
                .is_some_and(|b| b.count > 0)
    }

    /// Pushes the works' set-up steps over the first deployment: the redoubt first.
    pub(crate) fn begin_works(&self, s: &mut State) {
        if let Some(b) = self
            .scenario_rules
            .barricades
            .as_ref()
            .filter(|b| b.count > 0)
        {
            s.steps.push(Step::PlaceBarricades { left: b.count });
        }
        if !self.scenario_rules.redoubt_site.is_empty() {
            s.steps.push(Step::PlaceRedoubt);
        }
    }

    /// The step after the works: the first deployment, or the game if nobody sets up.
    fn works_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.steps.is_empty() && self.scenario_rules.order.is_empty() {
            self.after_setup(s, ev);
        }
    }

    /// F-6.2: the hexes the missing redoubt may go in, S4208 first.
    pub(crate) fn redoubt_site_actions(&self, _s: &State, out: &mut Vec<Action>) {
        for &hex in &self.scenario_rules.redoubt_site {
            if self.redoubt_at(hex).is_none() {
                out.push(Action::PlaceRedoubt { hex });
            }
        }
    }

    /// F-6.2: places the missing redoubt.
    pub(crate) fn apply_place_redoubt(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let &Action::PlaceRedoubt { hex } = a else {
            return Err(Illegal::new(
                "F-6.2",
                format!("{a:?}: the French place the missing redoubt now"),
            ));
        };
        let mut legal = Vec::new();
        self.redoubt_site_actions(s, &mut legal);
        if !legal.contains(a) {
            return Err(Illegal::new(
                "F-6.2",
                format!(
                    "{} is not within 1 hex of S4208 free of another redoubt",
                    self.label(hex)
                ),
            ));
        }
        s.placed_redoubts.push(hex);
        ev.push(Event::RedoubtPlaced { hex });
        self.works_done(s, ev);
        Ok(())
    }

    /// F-3.6: the hexes a barricade may go in now: the defaults first, then the rest, none
    /// twice.
    pub(crate) fn barricade_place_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(b) = self.scenario_rules.barricades.as_ref() else {
            return;
        };
        let open = |h: &Hex| !s.barricades.contains(h);
        for &hex in b.defaults.iter().filter(|h| open(h)) {
            out.push(Action::PlaceBarricade { hex });
        }
        for &hex in b
            .hexes
            .iter()
            .filter(|h| open(h) && !b.defaults.contains(h))
        {
            out.push(Action::PlaceBarricade { hex });
        }
    }

    /// F-3.6: places one barricade; `left` counted this one.
    pub(crate) fn apply_place_barricade(
        &self,
        s: &mut State,
        left: u8,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let &Action::PlaceBarricade { hex } = a else {
            return Err(Illegal::new(
                "F-3.6",
                format!("{a:?}: the French place a barricade now"),
            ));
        };
        let mut legal = Vec::new();
        self.barricade_place_actions(s, &mut legal);
        if !legal.contains(a) {
            return Err(Illegal::new(
                "F-3.6",
                format!(
                    "{} is not a road hex of the Bois de Barry without a barricade (F-10.4b: in or north of row Sxx06)",
                    self.label(hex)
                ),
            ));
        }
        s.barricades.push(hex);
        s.barricades.sort();
        ev.push(Event::BarricadePlaced { hex });
        if left > 1 {
            s.steps.push(Step::PlaceBarricades { left: left - 1 });
        } else {
            self.works_done(s, ev);
        }
        Ok(())
    }
}
