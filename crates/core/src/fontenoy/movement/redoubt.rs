//! F-3.5a Redoubts: who stands inside one, and entering it.
//!
//! * A redoubt hex is one of the scenario's redoubts (`rules.redoubts`), one the French placed
//!   under F-6.2 (`State::placed_redoubts`), or a hand-built map's redoubt terrain (large).
//! * Inside or outside (F-3.5a B, C). Reading: the unit's formation is the state the rule
//!   asks for: infantry and artillery in General Order in a redoubt hex are inside it (every
//!   unit inside is in General Order, C), any other formation there is outside. General Order
//!   groups only with General Order (10.3, stacking.rs), so units inside and outside never share
//!   the hex, as B requires; cavalry, skirmishers and units in Skirmish order are never inside
//!   (A). The choice is made at set-up (a General Order stance in a redoubt hex, setup/deploy.rs)
//!   and when entering (`EnterRedoubt`).
//! * Entering (B): a unit (or the group moving as one) that has just stepped into the hex, with
//!   nothing there but units inside, may declare it enters: no cost, General Order (a two-hex
//!   formation collapses into the redoubt hex, as 8.4i has it for terrain), its move over and a
//!   Disorder Check (A) once it is (reading: the declaration ends its move, as adopting General
//!   Order does, 8.2b). Infantry takes the facing of infantry already inside (10.3: one
//!   facing).
//! * Capacity (A): a small redoubt holds 8 infantry SP and 2 artillery SP, a large one 12 and 2.
//! * Passing through, or stopping outside, costs the other terrain; the redoubt hex calls for a
//!   Disorder Check (A) when the unit spends MP after entering it (11.2d; reading: this is the
//!   "terrain feature that requires Disorder Checks" of B; movement/cost.rs).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::board::Redoubt;
use super::super::board::Terrain;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{Act, Place, State};
use super::super::types::{Formation, Kind};
use super::super::units::{Skirmish, UnitId};
use crate::engine::Illegal;
use crate::hex::{Facing, Hex};

impl Fontenoy {
    /// The redoubt in hex `h` (F-3.5a): the scenario's, one placed under F-6.2, or a
    /// hand-built map's redoubt terrain (taken as large).
    pub fn redoubt_in(&self, s: &State, h: Hex) -> Option<Redoubt> {
        self.redoubt_at(h)
            .or_else(|| {
                s.placed_redoubts.contains(&h).then_some(Redoubt {
                    hex: h,
                    large: true,
                })
            })
            .or_else(|| {
                (self.board.hex(h).terrain == Terrain::Redoubt).then_some(Redoubt {
                    hex: h,
                    large: true,
                })
            })
    }

    /// Whether a unit of type `kind` in `f` standing in `h` is inside a redoubt there
    /// (F-3.5a B, C: infantry or artillery in General Order in a redoubt hex).
    pub(crate) fn inside_at(&self, s: &State, kind: Kind, f: Formation, h: Hex) -> bool {
        matches!(kind, Kind::Infantry | Kind::Artillery)
            && f == Formation::GeneralOrder
            && self.redoubt_in(s, h).is_some()
    }

    /// Whether counter `u` stands inside a redoubt (F-3.5a B, C).
    pub fn inside_redoubt(&self, s: &State, u: UnitId) -> bool {
        let unit = s.unit(u);
        unit.placed().is_some_and(|p| {
            p.hexes.len() == 1
                && self.inside_at(s, self.units[usize::from(u)].kind, unit.formation, p.hex())
        })
    }

    /// The infantry and artillery SP inside the redoubt in `h`, leaving out `but`.
    fn garrison_sp(&self, s: &State, o: &Occupancy, h: Hex, but: &[UnitId]) -> (u16, u16) {
        let mut sp = (0u16, 0u16);
        for x in o.combat_at(self, h) {
            if but.contains(&x) || !self.inside_redoubt(s, x) {
                continue;
            }
            let n = u16::from(s.unit(x).sp);
            match self.units[usize::from(x)].kind {
                Kind::Artillery => sp.1 += n,
                _ => sp.0 += n,
            }
        }
        sp
    }

    /// F-3.5a A: whether the units `group` may be inside the redoubt `r` with those inside it
    /// already: infantry and artillery only, no skirmishers, and no more than 8 (small) or 12
    /// (large) infantry SP and 2 artillery SP.
    pub(crate) fn redoubt_holds(
        &self,
        s: &State,
        o: &Occupancy,
        r: Redoubt,
        group: &[UnitId],
    ) -> Result<(), Illegal> {
        let (mut inf, mut art) = self.garrison_sp(s, o, r.hex, group);
        for &g in group {
            let info = &self.units[usize::from(g)];
            if info.kind == Kind::Commander {
                continue;
            }
            if !matches!(info.kind, Kind::Infantry | Kind::Artillery)
                || info.skirmish == Skirmish::Always
                || s.unit(g).formation == Formation::Skirmish
            {
                return Err(Illegal::new(
                    "F-3.5a A",
                    format!(
                        "{} may not be inside a redoubt: neither cavalry nor skirmishers",
                        self.unit_name(g)
                    ),
                ));
            }
            let n = u16::from(s.unit(g).sp);
            if info.kind == Kind::Artillery {
                art += n;
            } else {
                inf += n;
            }
        }
        let cap = if r.large { 12 } else { 8 };
        if inf > cap || art > 2 {
            return Err(Illegal::new(
                "F-3.5a A",
                format!(
                    "the {} redoubt in {} holds {cap} infantry SP and 2 artillery SP: {inf} and {art} would be inside",
                    if r.large { "large" } else { "small" },
                    self.label(r.hex)
                ),
            ));
        }
        Ok(())
    }

    /// Why `unit`'s group may not enter the redoubt of the hex it has just stepped into now, if
    /// it may not (F-3.5a B).
    fn enter_redoubt_ok(
        &self,
        s: &State,
        o: &Occupancy,
        unit: UnitId,
    ) -> Result<(Vec<UnitId>, Redoubt), Illegal> {
        let no = |why: &str| {
            Illegal::new(
                "F-3.5a B",
                format!("{} cannot enter a redoubt now: {why}", self.unit_name(unit)),
            )
        };
        let u = s.unit(unit);
        let p = *u.placed().ok_or_else(|| no("it is not on the map"))?;
        if u.act != Act::Active || !self.may_move(s, unit) {
            return Err(no("it is not moving"));
        }
        let m = self
            .moving(s, unit)
            .filter(|m| !m.done)
            .ok_or_else(|| no("it has not stepped into a redoubt hex"))?;
        // "As soon as it enters the hex": its last step put it where it stands.
        if m.entered != Some(p) {
            return Err(no("it did not just step into the hex"));
        }
        let r = p
            .hexes
            .as_slice()
            .iter()
            .find_map(|&h| self.redoubt_in(s, h))
            .ok_or_else(|| no("it did not step into a redoubt hex"))?;
        if u.formation == Formation::GeneralOrder {
            return Err(no("it is inside already"));
        }
        let group = self.group_of(s, unit);
        if group.first() != Some(&unit) {
            return Err(no("name the group by its first unit"));
        }
        // B: units inside and outside never share the hex.
        if o.combat_at(self, r.hex)
            .any(|x| !group.contains(&x) && !self.inside_redoubt(s, x))
        {
            return Err(no("units stand outside the redoubt in the hex"));
        }
        self.redoubt_holds(s, o, r, &group)?;
        Ok((group, r))
    }

    /// The redoubt entries open now (F-3.5a B).
    pub(super) fn redoubt_actions(
        &self,
        s: &State,
        o: &Occupancy,
        current: Option<UnitId>,
        out: &mut Vec<Action>,
    ) {
        let Some(c) = current else { return };
        for u in self.group_of(s, c) {
            if self.enter_redoubt_ok(s, o, u).is_ok() {
                out.push(Action::EnterRedoubt { unit: u });
            }
        }
    }

    /// F-3.5a B: `unit`'s group enters the redoubt of its hex.
    pub(super) fn apply_enter_redoubt(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (group, r) = self.enter_redoubt_ok(s, o, unit)?;
        let p = s
            .unit(unit)
            .placed()
            .copied()
            .ok_or_else(|| Illegal::new("engine", "the unit is not on the map"))?;
        let before = s.unit(unit).formation;
        // Infantry inside already sets the facing (10.3); else General Order's vertex.
        let facing = o
            .combat_at(self, r.hex)
            .filter(|&x| !group.contains(&x) && self.units[usize::from(x)].kind == Kind::Infantry)
            .find_map(|x| s.unit(x).placed().map(|q| q.facing))
            .unwrap_or_else(|| Facing::new(p.facing.index() | 1).unwrap_or(p.facing));
        let at = Placed::at(r.hex, facing);
        for &g in &group {
            let u = s.unit_mut(g);
            u.formation = Formation::GeneralOrder;
            u.place = Place::Map(at);
            // The Disorder Check (A) at the end of its move.
            if let Some(m) = self.record(s, g) {
                m.dca = m.dca.saturating_add(1);
                m.dca_pending = false;
                m.entered = Some(at);
            }
            ev.push(Event::EnteredRedoubt {
                unit: g,
                hex: r.hex,
            });
        }
        for &g in &group {
            self.finish(s, g, ev);
        }
        // 12.8: a change into General Order sets off a Fire Reaction.
        self.reaction_after_change(s, unit, before, at, ev);
        Ok(())
    }
}
