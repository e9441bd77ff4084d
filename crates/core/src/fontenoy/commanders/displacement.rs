//! 21.1b A commander with no friendly combat unit in his hex does not stop an enemy: when an
//! enemy unit enters his hex he moves to an adjacent hex outside the enemy's ZOC and free of
//! enemy units, which his player picks; with none, he is destroyed. Displacement does not
//! finish him (21.1d).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{Place, State, Step};
use super::super::tables::{MoveClass, Mp};
use super::super::units::UnitId;
use crate::engine::Illegal;
use crate::hex::{Facing, Hex};

impl Fontenoy {
    /// After `movers` entered their hexes: the enemy commanders standing there alone are
    /// displaced (21.1b), and the victory places are marked.
    pub(crate) fn after_step(&self, s: &mut State, movers: &[UnitId], ev: &mut Vec<Event>) {
        let Some(&lead) = movers.first() else { return };
        let side = self.units[usize::from(lead)].side;
        let Some(p) = s.unit(lead).placed().copied() else {
            return;
        };
        // F-6.9c C: the King goes with his captors, is recovered, or is captured by cavalry.
        self.king_after_step(s, movers, ev);
        let lone: Vec<UnitId> = (0..s.units.len() as UnitId)
            .filter(|&c| {
                let i = &self.units[usize::from(c)];
                i.side != side
                    && !i.is_combat()
                    && !(s.king.held && self.is_king(c))
                    && s.unit(c)
                        .placed()
                        .is_some_and(|q| p.hexes.contains(q.hex()))
            })
            .collect();
        for c in lone.into_iter().rev() {
            let to = self.displace_hexes(s, c);
            match to.as_slice() {
                // F-6.9c C: infantry captures the King instead.
                [] if self.king_captured_instead(s, c, movers, ev) => {}
                [] => self.kill_commander(s, c, "21.1b", ev),
                [h] => self.displace(s, c, *h, ev),
                _ => s.steps.push(Step::Displace { commander: c }),
            }
        }
        self.watch_units(s, movers, ev);
        // F-3.8d A 1: an Allied unit out of the Bois de Barry's north side.
        self.note_barry_exit(s, movers, ev);
    }

    /// The hexes a displaced commander may go to (21.1b): adjacent, on the map, open to
    /// commanders, outside the enemy's ZOC and without enemy units.
    pub fn displace_hexes(&self, s: &State, c: UnitId) -> Vec<Hex> {
        let Some(p) = s.unit(c).placed() else {
            return Vec::new();
        };
        let side = self.units[usize::from(c)].side;
        let o = Occupancy::build(self, s);
        p.hex()
            .neighbors()
            .into_iter()
            .filter(|&h| {
                self.board.on_map(h)
                    && !matches!(
                        self.tables.fx(self.board.hex(h).terrain).mp[MoveClass::Commander as usize],
                        Mp::Prohibited
                    )
                    && !o.ezoc(self, h, side)
                    && !o
                        .at(self, h)
                        .units
                        .iter()
                        .any(|&x| self.units[usize::from(x)].side != side)
            })
            .collect()
    }

    fn displace(&self, s: &mut State, c: UnitId, to: Hex, ev: &mut Vec<Event>) {
        let u = s.unit_mut(c);
        if let Place::Map(q) = u.place {
            u.place = Place::Map(Placed::at(to, Facing::new(1).unwrap_or(q.facing)));
        }
        ev.push(Event::CommanderDisplaced { commander: c, to });
    }

    /// The displaced commander's choices.
    pub(crate) fn displace_actions(&self, s: &State, c: UnitId, out: &mut Vec<Action>) {
        for to in self.displace_hexes(s, c) {
            out.push(Action::Displace { commander: c, to });
        }
    }

    /// Applies the choice of hex (21.1b).
    pub(crate) fn apply_displace(
        &self,
        s: &mut State,
        c: UnitId,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match *a {
            Action::Displace { commander, to }
                if commander == c && self.displace_hexes(s, c).contains(&to) =>
            {
                self.displace(s, c, to, ev);
                Ok(())
            }
            _ => Err(Illegal::new(
                "21.1b",
                format!(
                    "{a:?}: {} goes to an adjacent hex outside the enemy's ZOC and free of enemy units",
                    self.unit_name(c)
                ),
            )),
        }
    }
}
