//! F-6.9c C (option `6.9`): Louis XV taken by the enemy. Enemy cavalry that reaches his hex
//! captures him; enemy infantry displaces him as any commander (21.1b) and captures him when
//! he has nowhere to go. Captured, he moves with the unit that took him; his first capture
//! costs the French what his death would (50 points and the Louis XV Loss Roll, F-6.9c A), a
//! later one nothing. A unit of his own army reaching his hex recovers him.
//!
//! Readings (docs/coverage/fontenoy.md): the cavalry takes him as it enters his hex (the
//! engine displaces a lone commander at once, so "ends its turn there" is read as reaching
//! it); his captivity is checked after every step of movement and at every segment of an
//! activation, so an advance or a charge that leaves enemy cavalry in his hex takes him too;
//! an escort that leaves his hex without him (it cannot: he goes with it) or is destroyed
//! leaves him held where he stands, and the next enemy combat unit to reach him takes him
//! over; while held he gives no bonus and the French do not move him; 21.4e (his group
//! destroyed around him) is carried out as his death, which has the same effects.

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::state::{Place, State, Step};
use super::super::types::Kind;
use super::super::units::UnitId;
use super::losses::KING_KILLED;

impl Fontenoy {
    /// The King's counter under option `6.9`, on the map.
    fn king_counter(&self, s: &State) -> Option<UnitId> {
        if !self.option("6.9") {
            return None;
        }
        (0..s.units.len() as UnitId).find(|&c| self.is_king(c) && s.unit(c).on_map())
    }

    /// F-6.9c C: whether the King is in enemy hands.
    pub fn king_held(&self, s: &State) -> bool {
        s.king.held
    }

    /// The combat units in `king`'s hex, by side: (his army's, the enemy's).
    fn king_hex_units(&self, s: &State, king: UnitId) -> (Vec<UnitId>, Vec<UnitId>) {
        let (mut own, mut enemy) = (Vec::new(), Vec::new());
        let Some(at) = s.unit(king).placed().map(|p| p.hex()) else {
            return (own, enemy);
        };
        let side = self.units[usize::from(king)].side;
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            if !info.is_combat() || !s.unit(u).placed().is_some_and(|p| p.hexes.contains(at)) {
                continue;
            }
            if info.side == side {
                own.push(u);
            } else {
                enemy.push(u);
            }
        }
        (own, enemy)
    }

    /// F-6.9c C: the King is captured by `by`. His first capture costs the French 50 points
    /// and calls the Louis XV Loss Roll (as his death, F-6.9c A); a later one nothing.
    pub(crate) fn capture_king(
        &self,
        s: &mut State,
        king: UnitId,
        by: UnitId,
        ev: &mut Vec<Event>,
    ) {
        s.king.held = true;
        s.king.escort = Some(by);
        if let Some(p) = s.unit(by).placed().copied() {
            self.king_to(s, king, p);
        }
        let u = s.unit_mut(king);
        u.act = super::super::state::Act::Unactivated;
        u.command = None;
        ev.push(Event::KingCaptured { king, by });
        // The captors' choice waits under the Loss Roll of a first capture.
        self.offer_send_king(s);
        if !s.king.taken {
            s.king.taken = true;
            self.shade(s, king, KING_KILLED);
            s.steps.push(Step::KingCheck { loss_roll: true });
        }
    }

    /// Moves the King's counter to the hex of `p` (an escort's head hex).
    fn king_to(&self, s: &mut State, king: UnitId, p: Placed) {
        let u = s.unit_mut(king);
        if let Place::Map(q) = u.place {
            if q.hex() != p.hex() {
                u.place = Place::Map(Placed::at(p.hex(), q.facing));
            }
        }
    }

    /// F-6.9c C after `movers` stepped: a held King goes with his escort; a unit of his own
    /// army reaching him recovers him; enemy cavalry reaching him captures him (infantry
    /// displaces him, [`Fontenoy::after_step`]). Whether he was taken by this step.
    pub(crate) fn king_after_step(
        &self,
        s: &mut State,
        movers: &[UnitId],
        ev: &mut Vec<Event>,
    ) -> bool {
        let Some(king) = self.king_counter(s) else {
            return false;
        };
        if s.king.held {
            if let Some(e) = s.king.escort.filter(|e| movers.contains(e)) {
                if let Some(p) = s.unit(e).placed().copied() {
                    self.king_to(s, king, p);
                }
            }
            self.king_watch(s, ev);
            return false;
        }
        let side = self.units[usize::from(king)].side;
        let (_, enemy) = self.king_hex_units(s, king);
        let cavalry = enemy.iter().copied().find(|&u| {
            movers.contains(&u)
                && self.units[usize::from(u)].side != side
                && self.units[usize::from(u)].kind == Kind::Cavalry
        });
        match cavalry {
            Some(by) => {
                self.capture_king(s, king, by, ev);
                true
            }
            None => false,
        }
    }

    /// F-6.9c C: the King's hex after anything that may have moved units (each segment of an
    /// activation): held, he goes with his escort while it is on the map; without one, an
    /// enemy combat unit in his hex takes him over and one of his own army recovers him; free,
    /// enemy cavalry in his hex with none of his army captures him.
    pub(crate) fn king_watch(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(king) = self.king_counter(s) else {
            return;
        };
        if s.king.held {
            if let Some(e) = s.king.escort {
                match s.unit(e).placed().copied() {
                    Some(p) => self.king_to(s, king, p),
                    None => s.king.escort = None,
                }
            }
            let (own, enemy) = self.king_hex_units(s, king);
            if let Some(&by) = own.first().filter(|_| enemy.is_empty()) {
                s.king.held = false;
                s.king.escort = None;
                ev.push(Event::KingRecovered { king, by });
            } else if s.king.escort.is_none() {
                if let Some(&by) = enemy.first() {
                    s.king.escort = Some(by);
                    ev.push(Event::KingCaptured { king, by });
                    self.offer_send_king(s);
                }
            }
            return;
        }
        let (own, enemy) = self.king_hex_units(s, king);
        if !own.is_empty() {
            return;
        }
        if let Some(&by) = enemy
            .iter()
            .find(|&&u| self.units[usize::from(u)].kind == Kind::Cavalry)
        {
            self.capture_king(s, king, by, ev);
        }
    }

    /// F-6.9c C: infantry captures the King where 21.1b would destroy a commander (no hex to
    /// be displaced to). Whether he was captured instead.
    pub(crate) fn king_captured_instead(
        &self,
        s: &mut State,
        c: UnitId,
        movers: &[UnitId],
        ev: &mut Vec<Event>,
    ) -> bool {
        if self.king_counter(s) != Some(c) || s.king.held {
            return false;
        }
        let Some(&by) = movers.first() else {
            return false;
        };
        self.capture_king(s, c, by, ev);
        true
    }
}
