//! 21.4 Commander losses: the Commander Loss Check (21.4a; F-8.8 for fire, 14.8b for close
//! combat, 21.4d killed only for close combat and checks), the wound and its length (21.4c,
//! F-8.8e; a second wound kills), the killed commander's loss value on his army's record
//! (21.4b, F-2.5b), commanders lost with their units (21.4e, not to fire or a failed rally,
//! 21.4f) and commanders left without units (21.7).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::state::{Place, State, Step};
use super::super::units::UnitId;
use super::{FireLoss, LossCause};

pub use super::super::tables::commanders::{Loss, LossCharts, NATIONS};

/// The rule that destroyed a unit calls for 21.4e: close combat (13–14), pursuit (16) or a
/// failed retreat (20); not fire (12) nor a failed rally (19.5), 21.4f.
#[cfg_attr(not(test), allow(dead_code))] // a seam: fire, close combat and checks call it
fn kills_commanders(rule: &str) -> bool {
    ["13.", "14.", "16.", "20."]
        .iter()
        .any(|p| rule.starts_with(p))
}

/// F-6.9c A: the loss points of the King's death or capture, and of his wound.
pub const KING_KILLED: u16 = 50;
/// F-6.9c A: see [`KING_KILLED`].
pub const KING_WOUNDED: u16 = 20;

impl Fontenoy {
    /// A Commander Loss Check's d10 (21.4a).
    pub(crate) fn commander_loss_roll(
        &self,
        s: &mut State,
        c: UnitId,
        cause: LossCause,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        if !s.unit(c).on_map() {
            return;
        }
        let charts = &self.tables.commander;
        let (column, minus) = match cause {
            LossCause::Special { result, minus_one } => {
                // F-6.9d: Fate passes the King by out of twice every Allied unit's range.
                if result == FireLoss::Fate && !self.fate_may_strike(s, c) {
                    ev.push(Event::CommanderLossCheck {
                        commander: c,
                        roll,
                        result: "none (F-6.9d: out of Fate's reach)".into(),
                    });
                    return;
                }
                let col = match result {
                    FireLoss::Fate => 0,
                    FireLoss::LuckyShot => 1,
                    FireLoss::LineOfFire => 2,
                    FireLoss::Braving => 3,
                };
                // F-8.8: the −1 never serves Fate.
                (col, minus_one && result != FireLoss::Fate)
            }
            LossCause::CloseCombat | LossCause::Check => (4, false),
        };
        let r = i16::from(roll) - i16::from(minus);
        let mut loss = charts.results[column][(r + 1).clamp(0, 10) as usize];
        if matches!(cause, LossCause::CloseCombat | LossCause::Check) && loss == Loss::Wounded {
            loss = Loss::Killed; // 21.4d: no wounds here
        }
        ev.push(Event::CommanderLossCheck {
            commander: c,
            roll,
            result: loss.name().into(),
        });
        match loss {
            Loss::None => {}
            Loss::Killed => self.kill_commander(s, c, "21.4b", ev),
            Loss::Wounded if s.unit(c).wounded_once => {
                self.kill_commander(s, c, "21.4c", ev);
            }
            Loss::Wounded => s.steps.push(Step::WoundRoll { commander: c }),
        }
    }

    /// The wound's length (21.4c, F-8.8e): he leaves the map until the turn the chart gives.
    pub(crate) fn wound_roll(&self, s: &mut State, c: UnitId, roll: u8, ev: &mut Vec<Event>) {
        let turns = self.tables.commander.wound_turns[usize::from(roll.min(9))];
        let until = s.turn.saturating_add(u16::from(turns));
        let u = s.unit_mut(c);
        let first_wound = !u.wounded_once;
        u.place = Place::Wounded { until };
        u.wounded_once = true;
        u.act = super::super::state::Act::Unactivated;
        u.command = None;
        // F-6.9c A: with option 6.9 the King's wound costs 20 points of loss, kept when he
        // returns (a second wound, a reading, costs nothing more).
        if first_wound && self.is_king(c) && self.option("6.9") {
            self.shade(s, c, KING_WOUNDED);
        }
        let label = if usize::from(until) < self.turns.len() {
            String::from(self.time(until))
        } else {
            format!("after the last turn ({turns} turns)")
        };
        ev.push(Event::CommanderWounded {
            commander: c,
            roll,
            until: label,
        });
        self.commander_gone(s, c, ev);
    }

    /// The loss value a killed commander shades (21.4b, F-1.6a B; F-2.5b: a replacement, his
    /// original's less 2).
    pub fn commander_loss_value(&self, s: &State, c: UnitId) -> u16 {
        // F-6.9c A: with option 6.9 the King's death (or capture) costs 50 points of loss.
        if self.is_king(c) && self.option("6.9") {
            return KING_KILLED;
        }
        let ch = &self.tables.army;
        let pts = match self.office_of(s, c) {
            Some(o) => (i16::from(self.units[usize::from(o)].loss_points) + ch.replacement_delta)
                .max(0) as u16,
            None => u16::from(self.units[usize::from(c)].loss_points),
        };
        pts.saturating_mul(ch.per_commander_point.max(1))
    }

    /// Commander `c` is killed (21.4b) or otherwise destroyed (21.1b, 21.4c, 21.4e): off the
    /// map for good, his loss value on his army's record.
    pub(crate) fn kill_commander(
        &self,
        s: &mut State,
        c: UnitId,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        if matches!(s.unit(c).place, Place::Destroyed) {
            return;
        }
        // F-6.9c A, C: the King's loss counts once, his capture before his death included.
        let king = self.is_king(c) && self.option("6.9");
        let points = if king && s.king.taken {
            0
        } else {
            self.commander_loss_value(s, c)
        };
        self.shade(s, c, points);
        // F-6.9c A: the Louis XV Loss Roll, once the 50 points are shaded.
        if king && !s.king.taken {
            s.steps.push(Step::KingCheck { loss_roll: true });
        }
        if king {
            s.king = super::super::state::KingCapture {
                taken: true,
                ..Default::default()
            };
        }
        let u = s.unit_mut(c);
        u.place = Place::Destroyed;
        u.act = super::super::state::Act::Unactivated;
        u.command = None;
        ev.push(Event::CommanderKilled {
            commander: c,
            points,
            rule: rule.into(),
        });
        self.commander_gone(s, c, ev);
    }

    /// 21.4e: after `unit` was destroyed under `rule`, the commanders it was grouped with who
    /// have no friendly combat unit left with them die too (not after fire or a failed rally,
    /// 21.4f). `hexes` are the hexes it stood in.
    #[cfg_attr(not(test), allow(dead_code))] // a seam: fire, close combat and checks call it
    pub(crate) fn commanders_die_with(
        &self,
        s: &mut State,
        unit: UnitId,
        hexes: &[crate::hex::Hex],
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        if !kills_commanders(rule) {
            return;
        }
        let side = self.units[usize::from(unit)].side;
        let mut doomed: Vec<UnitId> = Vec::new();
        for (i, u) in s.units.iter().enumerate() {
            let info = &self.units[i];
            if info.is_combat() || info.side != side {
                continue;
            }
            let Some(p) = u.placed() else { continue };
            let h = p.hex();
            if !hexes.contains(&h) {
                continue;
            }
            let friends = s.units.iter().enumerate().any(|(j, v)| {
                self.units[j].is_combat()
                    && self.units[j].side == side
                    && v.placed().is_some_and(|q| q.hexes.contains(h))
            });
            if !friends {
                doomed.push(i as UnitId);
            }
        }
        for c in doomed {
            self.kill_commander(s, c, "21.4e", ev);
        }
    }

    /// 21.7: when `unit` is destroyed, the Division and Wing Commanders with no unit left under
    /// them leave play, without points.
    #[cfg_attr(not(test), allow(dead_code))] // a seam: fire, close combat and checks call it
    pub(crate) fn unemployed_commanders(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let Some(d) = self.division_now(s, unit) else {
            return;
        };
        let gone = |s: &State, d: usize| {
            self.org.divisions[d]
                .units
                .iter()
                .all(|&u| matches!(s.unit(u).place, Place::Destroyed))
        };
        if !gone(s, usize::from(d)) {
            return;
        }
        let mut out: Vec<UnitId> = Vec::new();
        if let Some(c) = self.org.divisions[usize::from(d)].commander {
            out.push(c);
        }
        if let Some(w) = self.org.divisions[usize::from(d)].wing {
            let wing = &self.org.wings[usize::from(w)];
            if wing.divisions.iter().all(|&x| gone(s, usize::from(x))) {
                out.extend(wing.commander);
            }
        }
        for office in out {
            let holder = s
                .offices
                .iter()
                .find(|o| o.office == office)
                .map(|o| o.holder);
            let side = self.units[usize::from(office)].side;
            for c in core::iter::once(office).chain(holder) {
                // A commander raised to CinC keeps that office (F-3.3b).
                if s.armies[side.index()].cinc == Some(c) {
                    continue;
                }
                if matches!(s.unit(c).place, Place::Destroyed) {
                    continue;
                }
                let u = s.unit_mut(c);
                u.place = Place::Destroyed;
                u.act = super::super::state::Act::Unactivated;
                u.command = None;
                ev.push(Event::CommanderUnemployed { commander: c });
            }
            s.offices.retain(|o| o.office != office);
        }
    }
}
