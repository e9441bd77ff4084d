//! 23.1–23.2 the Army Morale Check: the column a record reads (23.1b–e), the Command Rating
//! its CinC may spend first (23.2b, F-4.3), the d10 and the modifier it adds (23.2a, 23.2c);
//! the Army Morale Check Phase of ":00" turns (4.0A, F-2.3), the "00" initiative check
//! (F-2.12), and the Army Retreat a modifier of +30 (+40 for both Allied records) forces
//! (F-2.2a).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{Phase, State, Step};
use super::super::types::Nationality;
use super::Table;
use crate::engine::{Illegal, Side};

impl Fontenoy {
    /// The Army Morale Table column record `t` reads now, if it takes a check: on the hour
    /// (23.1c–e: a column once, the rightmost every time, never left of the last used), or
    /// forced by a "00" initiative roll (F-2.12: the current level even if used; none before
    /// the first level is reached, a reading).
    pub fn morale_column(&self, s: &State, t: usize, forced: bool) -> Option<u8> {
        let def = self.scenario_rules.army.tracks.get(t)?;
        let cols = &self.tables.army.tables[def.table as usize];
        let clt = self.current_loss_total(s, t);
        let now = cols.iter().rposition(|c| clt >= c.min).map(|i| i as u8);
        let last = s.tracks.get(t).and_then(|x| x.column);
        if forced {
            return match (now, last) {
                (Some(c), Some(l)) => Some(c.max(l)),
                (c, l) => c.or(l),
            };
        }
        let c = now?;
        if usize::from(c) + 1 == cols.len() {
            return Some(c);
        }
        match last {
            Some(l) if c <= l => None,
            _ => Some(c),
        }
    }

    /// The Command Rating points the army of record `t` may spend on its check (23.2b: the
    /// rating never below 2; F-4.3: Cumberland and Ligonier only on the Anglo-Austro-Hanoverian
    /// roll, Waldeck only on the Dutch, Konigsegg on either but one a turn).
    pub fn spendable(&self, s: &State, t: usize) -> u8 {
        let Some(def) = self.scenario_rules.army.tracks.get(t) else {
            return 0;
        };
        let army = &s.armies[def.side.index()];
        let Some(c) = army.cinc.filter(|&c| s.unit(c).on_map()) else {
            return 0;
        };
        if self.column_blocks_spending(s, def.table, def.side) {
            return 0; // F-7.1b A
        }
        if self.scenario_rules.army.allied_split && def.side == Side(1) {
            let ok = match self.units[usize::from(c)].nationality {
                Nationality::Dutch => def.table == Table::Dutch,
                Nationality::Austrian => !army.spent_this_turn,
                _ => def.table != Table::Dutch,
            };
            if !ok {
                return 0;
            }
        }
        let left = i16::from(army.command_rating) - i16::from(army.rating_spent) - 2;
        u8::try_from(left.max(0)).unwrap_or(0)
    }

    /// 4.0A, F-2.3: the Army Morale Check Phase on ":00" turns: every record that reaches a
    /// column checks (23.1a–e), then play goes on to Initiative.
    pub(crate) fn army_morale_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.phase = Phase::ArmyMorale;
        for a in &mut s.armies {
            a.spent_this_turn = false;
        }
        self.army_morale_go(s, ev);
    }

    /// The rest of the phase (F-2.3): the Tournay Activation and Check (F-6.6,
    /// reinforcements/tournay.rs), then the Army Morale Checks; called again after each
    /// Tournay step.
    pub(crate) fn army_morale_go(&self, s: &mut State, ev: &mut Vec<Event>) {
        if self.tournay_phase(s) {
            return;
        }
        self.perimeter_turn_start(s, ev);
        if self.time(s.turn).ends_with(":00") {
            self.next_morale_check(s, 0, ev);
        } else {
            self.after_morale(s, ev);
        }
    }

    /// F-2.12: the turn's first "00" initiative roll: every army checks at its current level
    /// now, then the dice are rolled again (4.0B).
    pub(crate) fn double_zero_check(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.double_zero_used = true;
        self.next_morale_check(s, 0, ev);
    }

    /// Starts the check of the first record from `t` on that takes one; when none is left, the
    /// phase (or the F-2.12 interruption) ends.
    fn next_morale_check(&self, s: &mut State, from: usize, ev: &mut Vec<Event>) {
        let forced = s.phase != Phase::ArmyMorale;
        for t in from..self.scenario_rules.army.tracks.len() {
            if let Some(column) = self.morale_column(s, t, forced) {
                let track = t as u8;
                if self.spendable(s, t) > 0 {
                    s.steps.push(Step::MoraleSpend { track, column });
                } else {
                    s.steps.push(Step::MoraleRoll {
                        track,
                        column,
                        spent: 0,
                    });
                }
                return;
            }
        }
        self.after_morale(s, ev);
    }

    /// After the checks: Initiative (4.0B), or the re-roll of a "00" (F-2.12, 4.0B).
    fn after_morale(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.result.is_some() {
            return;
        }
        if s.phase == Phase::ArmyMorale {
            // F-2.3: the declaration of Army Retreat closes the phase; with the triggers of
            // F-2.2b checked at the start of the turn.
            if self.turn_start_retreats(s, ev) {
                return;
            }
            // F-5.4b: on the hour, the Allies, then the French, may declare an Army Retreat.
            if self.time(s.turn).ends_with(":00") {
                if let Some(side) = self.retreat_asked_after(s, None) {
                    s.steps.push(Step::DeclareRetreat { side });
                    return;
                }
            }
            self.to_initiative(s, ev);
        } else {
            s.steps.push(Step::InitiativeDice { french: None });
        }
    }

    /// The spending choices (23.2b): 0 to the most the rating allows.
    pub(crate) fn spend_actions(&self, s: &State, track: u8, out: &mut Vec<Action>) {
        for points in 0..=self.spendable(s, usize::from(track)) {
            out.push(Action::SpendRating { points });
        }
    }

    /// Applies a spending decision (23.2b: the reduced rating serves the initiative for the
    /// rest of the hour).
    pub(crate) fn apply_spend(
        &self,
        s: &mut State,
        track: u8,
        column: u8,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::SpendRating { points } = *a else {
            return Err(Illegal::new(
                "23.2b",
                format!("{a:?} is not a choice of Command Rating to spend"),
            ));
        };
        let max = self.spendable(s, usize::from(track));
        if points > max {
            return Err(Illegal::new(
                "23.2b",
                format!(
                    "the Commander-in-Chief may spend at most {max} points: his rating may not fall below 2"
                ),
            ));
        }
        if points > 0 {
            let side = self.scenario_rules.army.tracks[usize::from(track)].side;
            let army = &mut s.armies[side.index()];
            army.rating_spent = army.rating_spent.saturating_add(points);
            army.spent_this_turn = true;
            ev.push(Event::RatingSpent { side, points });
        }
        s.steps.push(Step::MoraleRoll {
            track,
            column,
            spent: points,
        });
        Ok(())
    }

    /// The Army Morale Check's d10 (23.2a): less the rating spent, read on the column; the
    /// result adds to the modifier, which never falls (23.2c).
    pub(crate) fn morale_roll(
        &self,
        s: &mut State,
        track: u8,
        column: u8,
        spent: u8,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let t = usize::from(track);
        let Some(def) = self.scenario_rules.army.tracks.get(t) else {
            return;
        };
        let cols = &self.tables.army.tables[def.table as usize];
        let col = cols.get(usize::from(column)).copied().unwrap_or_default();
        // F-6.8c: +2 to the French checks while the Perimeter is breached.
        let breach = if def.side == super::super::FRENCH && self.perimeter_breached(s) {
            2
        } else {
            0
        };
        // F-6.9c A: −3 to the checks of an army avenging its King.
        let revenge = if s.armies[def.side.index()].revenge {
            3
        } else {
            0
        };
        let modified = i16::from(roll) - i16::from(spent) + breach - revenge;
        let row = (modified + 1).clamp(0, 11) as usize;
        let added = col.adds[row];
        let clt = self.current_loss_total(s, t);
        let side = def.side;
        if let Some(tr) = s.tracks.get_mut(t) {
            tr.modifier = tr.modifier.saturating_add(added);
            tr.column = Some(column);
        }
        let modifier = s.tracks.get(t).map_or(0, |x| x.modifier);
        ev.push(Event::ArmyMorale {
            track: def.name.clone(),
            clt,
            column: col.min,
            roll,
            spent,
            added,
            modifier,
        });
        // The army's single figure: its highest record's (the per-unit figure is
        // `army_morale_modifier`).
        let top = self
            .scenario_rules
            .army
            .tracks
            .iter()
            .enumerate()
            .filter(|(_, d)| d.side == side)
            .map(|(i, _)| s.tracks.get(i).map_or(0, |x| x.modifier))
            .max()
            .unwrap_or(0);
        s.armies[side.index()].morale_modifier = top;
        if self.morale_retreat(s, ev) {
            return;
        }
        self.next_morale_check(s, t + 1, ev);
    }

    /// F-2.2a: whether an army's morale forces its Retreat now: the French at +30, the
    /// Anglo-Hanoverians at +30, or both Allied records together at +40. Declares it.
    pub(crate) fn morale_retreat(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let army = &self.scenario_rules.army;
        if !army.retreat {
            return false;
        }
        let mut french = false;
        let mut allied_one = false;
        let mut allied_sum: u16 = 0;
        for (i, d) in army.tracks.iter().enumerate() {
            let m = s.tracks.get(i).map_or(0, |x| x.modifier);
            match (d.side, d.table) {
                (Side(0), _) => french |= m >= 30,
                (_, Table::Dutch) => allied_sum += u16::from(m),
                _ => {
                    allied_one |= m >= 30;
                    allied_sum += u16::from(m);
                }
            }
        }
        if french {
            self.army_retreat(s, Side(0), "F-2.2a", ev);
        }
        if s.result.is_none() && (allied_one || allied_sum >= 40) {
            self.army_retreat(s, Side(1), "F-2.2a", ev);
        }
        s.result.is_some()
    }
}
