//! F-8.8 The Special Commander Loss Result of a fire combat: which of the four results strikes
//! (the `special-commander-loss` chart, read on the fire's nationality column), and whom:
//!
//! * F-8.8a Fate: the firing player names any enemy commander on the map (the King only within
//!   twice an Allied unit's range, F-6.9d); his roll gets no −1;
//! * F-8.8b The Lucky Shot: one commander drawn at random among those within the firers' range
//!   and line of sight (numbered, then a die: a number beyond the list is rolled again);
//! * F-8.8c In the Line of Fire: every commander in the target hex or next to it;
//! * F-8.8d Braving Enemy Fire: every commander in the target hex.
//!
//! The b–d rolls get the −1 of F-8.8 when the firers qualify
//! ([`Fontenoy::fire_commander_candidates`]). Each commander's d10 is the commanders section's
//! (`commander_loss_roll`).
//!
//! Readings (docs/coverage/fontenoy.md, F-8.8): after an even special roll the chart is read at
//! the roll itself (the text gives no second roll); after the Dutch Ammo Exhausted or Dutch
//! Rifles results (F-8.5e, F-8.5g), which are not even rolls, a d10 is rolled on it; the column
//! is the fire's nationality (F-8.1), as for the fire's own special result.

use alloc::string::String;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::commanders::{FireLoss, LossCause};
use super::super::event::Event;
use super::super::state::{FireStep, State, Step};
use super::super::tables::commanders::NATIONS;
use super::super::units::UnitId;
use crate::engine::Illegal;

/// The name of a Special Commander Loss Result (F-8.8a–d).
fn loss_name(r: FireLoss) -> &'static str {
    match r {
        FireLoss::Fate => "Fate",
        FireLoss::LuckyShot => "The Lucky Shot",
        FireLoss::LineOfFire => "In the Line of Fire",
        FireLoss::Braving => "Braving Enemy Fire",
    }
}

impl Fontenoy {
    /// The Special Commander Loss Result of fire combat `id` (F-8.8): read at the special
    /// `roll` when it is even, else on a d10 rolled for it.
    pub(crate) fn fire_commander_loss(
        &self,
        s: &mut State,
        id: u16,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        if matches!(roll, 2 | 4 | 6 | 8) {
            self.fire_commander_result(s, id, roll, ev);
        } else {
            s.steps.push(Step::Fire(FireStep::LossTable { combat: id }));
        }
    }

    /// Applies the result the chart gives at `roll` (0–9) for fire combat `id`.
    pub(crate) fn fire_commander_result(
        &self,
        s: &mut State,
        id: u16,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(c) = self.fire_combat(s, id).cloned() else {
            return;
        };
        let n = NATIONS
            .iter()
            .position(|&n| n == c.nationality)
            .unwrap_or(0);
        let result = self.tables.commander.special[n][usize::from(roll.min(9))]
            .unwrap_or(FireLoss::LineOfFire);
        let cand = self.fire_commander_candidates(s, id);
        let special = LossCause::Special {
            result,
            minus_one: cand.minus_one,
        };
        let struck: Vec<UnitId> = match result {
            FireLoss::Fate => self.fate_choices(s, id),
            FireLoss::LuckyShot => cand.in_range.clone(),
            FireLoss::LineOfFire => cand.near.clone(),
            FireLoss::Braving => cand.in_hex.clone(),
        };
        ev.push(Event::CommanderLossResult {
            at: c.at,
            result: String::from(loss_name(result)),
            commanders: struck.clone(),
        });
        match result {
            _ if struck.is_empty() => {}
            FireLoss::Fate => s.steps.push(Step::Fire(FireStep::Fate { combat: id })),
            FireLoss::LuckyShot if struck.len() > 1 => {
                s.steps.push(Step::Fire(FireStep::Lucky {
                    combat: id,
                    n: u8::try_from(struck.len()).unwrap_or(u8::MAX),
                }));
            }
            _ => self.queue_commander_loss(s, &struck, special, ev),
        }
    }

    /// F-8.8b: the die that draws the Lucky Shot's commander; a number beyond the list is
    /// rolled again.
    pub(crate) fn lucky_roll(&self, s: &mut State, id: u16, n: u8, v: u8, ev: &mut Vec<Event>) {
        let cand = self.fire_commander_candidates(s, id);
        match cand.in_range.get(usize::from(v)) {
            Some(&c) if v < n => {
                let cause = LossCause::Special {
                    result: FireLoss::LuckyShot,
                    minus_one: cand.minus_one,
                };
                self.queue_commander_loss(s, &[c], cause, ev);
            }
            _ => s.steps.push(Step::Fire(FireStep::Lucky { combat: id, n })),
        }
    }

    /// F-8.8a: the enemy commanders on the map that the firing player may name for Fate (the
    /// King only within reach, F-6.9d).
    pub(crate) fn fate_choices(&self, s: &State, id: u16) -> Vec<UnitId> {
        let Some(c) = self.fire_combat(s, id) else {
            return Vec::new();
        };
        let enemy = c.side.other();
        (0..s.units.len() as UnitId)
            .filter(|&u| {
                let info = &self.units[usize::from(u)];
                !info.is_combat()
                    && info.side == enemy
                    && s.unit(u).on_map()
                    && self.fate_may_strike(s, u)
            })
            .collect()
    }

    /// The firing player's choices at [`FireStep::Fate`].
    pub(crate) fn fate_actions(&self, s: &State, id: u16, out: &mut Vec<Action>) {
        for commander in self.fate_choices(s, id) {
            out.push(Action::Fate { commander });
        }
    }

    /// Applies the firing player's choice for Fate (the step popped).
    pub(crate) fn apply_fate(
        &self,
        s: &mut State,
        id: u16,
        commander: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if !self.fate_choices(s, id).contains(&commander) {
            return Err(Illegal::new(
                "F-8.8a",
                alloc::format!(
                    "{} cannot be named for Fate: name an enemy commander on the map (the King only within twice an Allied unit's firing range, F-6.9d)",
                    self.unit_name(commander)
                ),
            ));
        }
        let cause = LossCause::Special {
            result: FireLoss::Fate,
            minus_one: false,
        };
        self.queue_commander_loss(s, &[commander], cause, ev);
        Ok(())
    }
}
