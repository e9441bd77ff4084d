//! F-6.9 (option `6.9`): Louis XV's powers. F-6.9a: within his Command Distance, counted in
//! hexes, and in his sight, French units take his ER and CR bonuses and are In Command (he
//! still activates nobody, F-3.3a). F-6.9d: the Fate result (F-8.8a) strikes him only within
//! twice the fire range of some Allied unit. F-6.9c A (his loss points) is in
//! [`super::losses`].
//!
//! Readings (docs/coverage/fontenoy.md): his sight is the terrain line the Lucky Shot's
//! commanders use (F-8.8b: blocking terrain between the hexes, units ignored); his bonuses are
//! a commander's bonuses, so a unit with another commander's bonus takes the better one, not
//! both (21.3, 21.2b: one commander's bonus serves); guns count toward F-6.9d only unlimbered.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::fhex;
use super::super::state::State;
use super::super::types::{Formation, Kind};
use super::super::units::UnitId;
use crate::engine::{Illegal, Side};
use crate::hex::{Direction, Hex};

impl Fontenoy {
    /// The King and his hex while option `6.9` gives him his powers (he is on the map).
    pub(crate) fn king_with_powers(&self, s: &State) -> Option<(UnitId, Hex)> {
        // F-6.9c C: a captured King gives nothing.
        if !self.option("6.9") || s.king.held {
            return None;
        }
        (0..s.units.len() as UnitId)
            .filter(|&c| self.is_king(c))
            .find_map(|c| s.unit(c).placed().map(|p| (c, p.hex())))
    }

    /// F-6.9a: whether the King's bonuses reach `unit`: a French combat unit with a hex within
    /// his Command Distance (in hexes) whose line to his hex no blocking terrain crosses.
    pub(crate) fn king_reaches(&self, s: &State, unit: UnitId) -> bool {
        let Some((king, at)) = self.king_with_powers(s) else {
            return false;
        };
        let info = &self.units[usize::from(unit)];
        if !info.is_combat() || info.side != self.units[usize::from(king)].side {
            return false;
        }
        let Some(p) = s.unit(unit).placed() else {
            return false;
        };
        let reach = u32::from(self.units[usize::from(king)].command_distance);
        p.hexes
            .as_slice()
            .iter()
            .any(|&h| h.distance(at) <= reach && self.terrain_line_clear(at, h))
    }

    /// Whether no blocking terrain lies between `a` and `b` (the ends excluded).
    fn terrain_line_clear(&self, a: Hex, b: Hex) -> bool {
        crate::hex::los::crossed(a, b)
            .iter()
            .all(|&y| y == a || y == b || !self.tables.fx(self.board.hex(y).terrain).blocks_los)
    }

    /// F-6.9a: the ER bonus the King gives `unit`'s checks (his counter's, −5), if he reaches
    /// it.
    pub(crate) fn king_er_bonus(&self, s: &State, unit: UnitId) -> Option<i8> {
        let (king, _) = self.king_with_powers(s)?;
        self.king_reaches(s, unit)
            .then(|| self.units[usize::from(king)].er_bonus)
    }

    /// F-6.9a: the CR bonus the King gives `unit`'s close combat (his counter's, +1), if he
    /// reaches it.
    pub(crate) fn king_cr_bonus(&self, s: &State, unit: UnitId) -> Option<i8> {
        let (king, _) = self.king_with_powers(s)?;
        self.king_reaches(s, unit)
            .then(|| self.units[usize::from(king)].cc_bonus)
    }

    /// F-6.9d: whether the Fate result may strike commander `c`: always, unless he is the King
    /// under option `6.9` and no Allied combat unit on the map (guns unlimbered) has him within
    /// twice its fire range.
    pub(crate) fn fate_may_strike(&self, s: &State, c: UnitId) -> bool {
        let Some((king, at)) = self.king_with_powers(s) else {
            return true;
        };
        if king != c {
            return true;
        }
        let enemy = self.units[usize::from(king)].side.other();
        (0..s.units.len() as UnitId).any(|u| {
            let info = &self.units[usize::from(u)];
            let x = s.unit(u);
            if info.side != enemy || !info.is_combat() {
                return false;
            }
            if info.kind == Kind::Artillery && x.formation != Formation::Unlimbered {
                return false;
            }
            x.placed().is_some_and(|p| {
                p.hexes.as_slice().iter().any(|&h| {
                    let range = self.fire_range(s, u, h, super::super::state::FireKind::Segment);
                    range > 0 && h.distance(at) <= 2 * range
                })
            })
        })
    }

    /// F-6.9b: whether `h` is one of the hexes the King moves in freely: N3527, N3630 and
    /// those on a shortest way between them (a reading of "between").
    pub(crate) fn king_free_hex(&self, h: Hex) -> bool {
        let (Some(a), Some(b)) = (fhex::parse("N3527"), fhex::parse("N3630")) else {
            return false;
        };
        h.distance(a) + h.distance(b) == a.distance(b)
    }

    /// The distance from `h` to the nearest bridgehead hex (F-3.9), if the map has one.
    fn bridgehead_distance(&self, h: Hex) -> Option<u32> {
        self.board
            .place("bridgehead")
            .and_then(|p| p.hexes.iter().map(|&b| b.distance(h)).min())
    }

    /// The distance from `h` to the nearest enemy combat unit of `side` on the map.
    fn enemy_distance(&self, s: &State, side: Side, h: Hex) -> u32 {
        (0..s.units.len() as UnitId)
            .filter(|&u| {
                let i = &self.units[usize::from(u)];
                i.side != side && i.is_combat()
            })
            .filter_map(|u| s.unit(u).placed())
            .flat_map(|p| p.hexes.as_slice().iter().map(move |&x| x.distance(h)))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// F-6.9b: whether the King's step from `from` to `to` is allowed: freely among his free
    /// hexes; elsewhere only nearer the bridgehead, and nearer an enemy unit only when no
    /// step nearer the bridgehead keeps his distance from the enemy.
    pub(crate) fn king_step_ok(
        &self,
        s: &State,
        c: UnitId,
        from: Hex,
        to: Hex,
    ) -> Result<(), Illegal> {
        if !self.is_king(c) || (self.king_free_hex(from) && self.king_free_hex(to)) {
            return Ok(());
        }
        let toward = |h: Hex| match (self.bridgehead_distance(h), self.bridgehead_distance(from)) {
            (Some(a), Some(b)) => a < b,
            _ => false,
        };
        if !toward(to) {
            return Err(Illegal::new(
                "F-6.9b",
                format!(
                    "{} leaves his free hexes only toward the bridgehead",
                    self.unit_name(c)
                ),
            ));
        }
        let side = self.units[usize::from(c)].side;
        let now = self.enemy_distance(s, side, from);
        if self.enemy_distance(s, side, to) < now {
            let other = Direction::ALL.iter().any(|&d| {
                let h = from.neighbor(d);
                self.board.on_map(h) && toward(h) && self.enemy_distance(s, side, h) >= now
            });
            if other {
                return Err(Illegal::new(
                    "F-6.9b",
                    format!(
                        "{} may not move nearer the enemy when another way leads to the bridgehead",
                        self.unit_name(c)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// F-6.9b, F-6.9c A: a Louis XV check's d10 on the French record's current column (the
    /// lowest column with 1 off the roll before any level is reached); the Loss Roll's
    /// unmodified 0 is the army's revenge instead of a result. No Command Rating serves
    /// (F-6.9c B); the Perimeter's +2 does (F-6.8c), and so does revenge's −3.
    pub(crate) fn king_check_roll(
        &self,
        s: &mut State,
        loss_roll: bool,
        roll: u8,
        ev: &mut Vec<Event>,
    ) {
        let side = crate::fontenoy::FRENCH;
        let Some(t) = self
            .scenario_rules
            .army
            .tracks
            .iter()
            .position(|d| d.side == side)
        else {
            return;
        };
        if loss_roll && roll == 0 {
            s.armies[side.index()].revenge = true;
            ev.push(Event::Revenge { side });
            return;
        }
        let def = &self.scenario_rules.army.tracks[t];
        let cols = &self.tables.army.tables[def.table as usize];
        let (column, minus) = match self.morale_column(s, t, true) {
            Some(c) => (c, 0),
            None => (0, 1),
        };
        let col = cols.get(usize::from(column)).copied().unwrap_or_default();
        let breach = if self.perimeter_breached(s) { 2 } else { 0 };
        let revenge = if s.armies[side.index()].revenge { 3 } else { 0 };
        let modified = i16::from(roll) - minus + breach - revenge;
        let added = col.adds[(modified + 1).clamp(0, 11) as usize];
        let clt = self.current_loss_total(s, t);
        if let Some(tr) = s.tracks.get_mut(t) {
            tr.modifier = tr.modifier.saturating_add(added);
        }
        let modifier = s.tracks.get(t).map_or(0, |x| x.modifier);
        ev.push(Event::ArmyMorale {
            track: format!("Louis XV ({})", def.name),
            clt,
            column: col.min,
            roll,
            spent: 0,
            added,
            modifier,
        });
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
        let a = &mut s.armies[side.index()].morale_modifier;
        *a = (*a).max(top);
        self.morale_retreat(s, ev);
    }
}
