//! Whether a Habit of Victory position can be played from ([`crate::engine::Rules::check_state`]):
//! every list as long as the scenario's counters, every index naming a counter, every hex on
//! the map, strengths within the printed maxima (¶13, §24), the Game-Turn within the scenario
//! (§205, §212), and no unknown stacks (those belong to an observation, not to a position).
//! Rule-level placement (stacking, ZOCs at set-up) is the rules' own business once play starts.

use alloc::format;
use alloc::string::String;

use super::Hov;
use super::state::{GarrisonPlace, LeaderPlace, Phase, State, VedettePlace};
use crate::engine::BadPosition;
use crate::hex::Hex;

impl Hov {
    /// The checks of [`crate::engine::Rules::check_state`].
    pub fn check_position(&self, s: &State) -> Result<(), BadPosition> {
        let m = &self.manifest;
        let bad =
            |path: String, rule: &'static str, why: String| Err(BadPosition::new(path, rule, why));
        for (name, len, want) in [
            ("leaders", s.leaders.len(), m.leaders.len()),
            ("units", s.units.len(), m.units.len()),
            ("vedettes", s.vedettes.len(), m.vedettes.len()),
            ("garrisons", s.garrisons.len(), m.garrisons.len()),
        ] {
            if len != want {
                return bad(
                    name.into(),
                    "engine",
                    format!("{len} {name} where the scenario has {want}"),
                );
            }
        }
        if !s.unknown.is_empty() {
            return bad(
                "unknown".into(),
                "¶21",
                "unknown stacks belong to an observation, not to a position".into(),
            );
        }
        if s.phase != Phase::Setup
            && (s.turn < self.params.first_turn || s.turn > self.params.last_turn)
        {
            return bad(
                "turn".into(),
                "§212",
                format!(
                    "Game-Turn {} is outside the scenario's {}–{}",
                    s.turn, self.params.first_turn, self.params.last_turn
                ),
            );
        }
        let on_map = |h: Hex| self.board.on_map(h);
        let leader_ok = |l: u16| usize::from(l) < m.leaders.len();
        for (i, l) in s.leaders.iter().enumerate() {
            let path = || format!("leaders[{i}].place");
            match l.place {
                LeaderPlace::Map(h) if !on_map(h) => {
                    return bad(
                        path(),
                        "¶10",
                        format!("{} stands off the map", self.log_leader(i as u16)),
                    );
                }
                LeaderPlace::Portrait(f) if !leader_ok(f) || usize::from(f) == i => {
                    return bad(
                        path(),
                        "¶19",
                        format!("{} sits on no leader's portrait", self.log_leader(i as u16)),
                    );
                }
                _ => {}
            }
        }
        for (i, u) in s.units.iter().enumerate() {
            let info = &m.units[i];
            if u.leader.is_some_and(|l| !leader_ok(l)) {
                return bad(
                    format!("units[{i}].leader"),
                    "¶19",
                    format!("{} stands on no leader's track", self.log_unit(i as u16)),
                );
            }
            if u.sp > info.max || (u.leader.is_none() && u.sp > 0) {
                return bad(
                    format!("units[{i}].sp"),
                    "¶13",
                    format!(
                        "{} has {} SP (Maximum Strength {}, {})",
                        self.log_unit(i as u16),
                        u.sp,
                        info.max,
                        if u.leader.is_some() {
                            "in play"
                        } else {
                            "out of play"
                        }
                    ),
                );
            }
        }
        for (i, v) in s.vedettes.iter().enumerate() {
            let off = match v.place {
                VedettePlace::Map(h) => !on_map(h),
                VedettePlace::Portrait(l) => !leader_ok(l),
                _ => false,
            };
            if off {
                return bad(
                    format!("vedettes[{i}].place"),
                    "§67",
                    format!("{} stands nowhere on the map", self.log_vedette(i as u16)),
                );
            }
        }
        for (i, g) in s.garrisons.iter().enumerate() {
            let off = match g.place {
                GarrisonPlace::Map(h) => !on_map(h),
                GarrisonPlace::Track(l) => !leader_ok(l),
                _ => false,
            };
            if off || g.sp > m.garrisons[i].strength.max(2) {
                return bad(
                    format!("garrisons[{i}]"),
                    "§24",
                    format!(
                        "{} is off the map or stronger than printed",
                        self.log_garrison(i as u16)
                    ),
                );
            }
        }
        Ok(())
    }
}
