//! The Rally Phase (9.4).

use alloc::vec::Vec;

use crate::engine::Illegal;
use crate::pg::Pg;
use crate::pg::action::Action;
use crate::pg::event::Event;
use crate::pg::state::{ArmyStatus, Morale, Off, Pending, State};

impl Pg {
    /// Legal actions of the Rally Phase (9.4).
    pub(crate) fn rally_actions(&self, s: &State, out: &mut Vec<Action>) {
        for (i, x) in s.units.iter().enumerate() {
            if x.off == Off::No
                && self.pieces.units[i].side == s.active
                && x.morale != Morale::Formed
                && !x.rallied
                && self.unit_active(s, i as u16)
            {
                out.push(Action::Rally { unit: i as u16 });
            }
        }
        out.push(Action::EndPhase);
    }

    /// Applies a Rally Phase action.
    pub(crate) fn apply_rally(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::Rally { unit } => {
                s.units[usize::from(*unit)].rallied = true;
                s.pending.push(Pending::Rally { unit: *unit });
            }
            Action::EndPhase => self.begin_bombardment(s, true, ev),
            other => {
                return Err(Illegal::new(
                    "engine",
                    alloc::format!("{other:?} is not a rally decision"),
                ));
            }
        }
        Ok(())
    }

    /// Resolves a rally roll (9.4): at or under the adjusted MR recovers one level.
    pub(crate) fn rally_roll(&self, s: &mut State, u: u16, roll: u8, ev: &mut Vec<Event>) {
        let side = self.pieces.units[usize::from(u)].side;
        let x = &s.units[usize::from(u)];
        let mut target = self.mr(s, u) as i8;
        let lm = self.best_leader_mod(s, x.hex, side);
        if lm != 0
            || s.leaders
                .iter()
                .enumerate()
                .any(|(l, y)| y.present && y.hex == x.hex && self.pieces.leaders[l].side == side)
        {
            target += lm + self.charts.rally_mod("leader_in_hex");
        }
        if self.ezoc(s, side, x.hex) {
            target += self.charts.rally_mod("in_ezoc");
        }
        if x.morale == Morale::Routed {
            target += self.charts.rally_mod("routed");
        }
        if !self.is_combat(u) {
            target += self.charts.rally_mod("artillery");
        }
        match s.armies[side.index()].status {
            ArmyStatus::Demoralized => target += self.charts.rally_mod("army_demoralized"),
            ArmyStatus::Broken => target += self.charts.rally_mod("army_broken"),
            ArmyStatus::Normal => {}
        }
        let success = roll as i8 <= target;
        ev.push(Event::Rally {
            unit: u,
            roll,
            target,
            success,
        });
        if success {
            let to = if x.morale == Morale::Routed {
                Morale::Disordered
            } else {
                Morale::Formed
            };
            s.units[usize::from(u)].morale = to;
            ev.push(Event::Morale {
                unit: u,
                to,
                rule: crate::pg::event::Rule("9.4"),
            });
        }
    }
}
