//! Formation changes in the Movement Phase (11.0–11.2): which formations are open, their
//! MP costs, proportional MPs after a change (11.0a) and a change finished under fire (15.1c).

use crate::engine::Illegal;
use crate::hex::Facing;
use crate::nbs::event::Event;
use crate::nbs::movement::*;
use crate::nbs::state::{State, UnitId, flag, road};
use crate::nbs::tables::{MoveClass, MoveCost};
use crate::nbs::types::{Formation, MoraleState, UnitKind};
use crate::nbs::{Action, Nbs};
use alloc::format;
use alloc::vec::Vec;

impl Nbs {
    /// Formations a unit may change to now (11.0, 11.6a), in the order the listing gives them.
    pub(in crate::nbs) fn formations_open<'a>(
        &'a self,
        s: &'a State,
        u: UnitId,
    ) -> impl Iterator<Item = Formation> + 'a {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        let options: &[Formation] = match (st.morale, info.kind) {
            (MoraleState::Routed, _) => &[],
            (_, UnitKind::Infantry) => &[Formation::Line, Formation::Column, Formation::Square],
            (_, UnitKind::Artillery) => &[Formation::Limbered, Formation::Unlimbered],
            _ => &[],
        };
        options.iter().copied().filter(move |&f| {
            f != st.formation
                && self.part_formation_ok(s, u, f) // 17.0b
                && self.form_cost_of(s, u, f).is_ok()
        })
    }

    /// The cost of a formation change in half MPs and the half MPs spent afterwards (11.0a:
    /// pay in the old formation, then convert what is left in proportion, rounding .5 up).
    pub(in crate::nbs) fn form_cost(
        &self,
        s: &State,
        u: UnitId,
        to: Formation,
    ) -> Result<u16, Illegal> {
        self.form_cost_of(s, u, to)
            .map_err(|r| self.form_refusal(u, r))
    }

    /// [`Self::form_cost`] without messages (the listing path).
    pub(super) fn form_cost_of(
        &self,
        s: &State,
        u: UnitId,
        to: Formation,
    ) -> Result<u16, FormRefusal> {
        let st = &s.units[usize::from(u)];
        if to == Formation::Square
            && matches!(st.morale, MoraleState::Disorganized | MoraleState::Routed)
        {
            return Err(FormRefusal::Shaken);
        }
        let cost = self.form_halves(s, u)?;
        if st.spent + cost > self.formation_allowance(s, u) {
            return Err(FormRefusal::NoMp);
        }
        Ok(cost)
    }

    /// The refusal of a formation change, with the unit's name.
    pub(super) fn form_refusal(&self, u: UnitId, r: FormRefusal) -> Illegal {
        let name = &self.units[usize::from(u)].name;
        match r {
            FormRefusal::Shaken => Illegal::new(
                "11.6a",
                format!("{name} is DG or Routed and cannot form square"),
            ),
            FormRefusal::NoClass => Illegal::new("11.0", format!("{name} cannot change formation")),
            FormRefusal::NoChange => {
                Illegal::new("11.0", format!("{name} has no formation change"))
            }
            FormRefusal::NoMp => {
                Illegal::new("11.0a", format!("{name} lacks the MPs to change formation"))
            }
        }
    }

    /// The Movement Chart's formation change cost of `u` in half MPs, MPs left aside.
    pub(in crate::nbs) fn form_change_halves(&self, s: &State, u: UnitId) -> Result<u16, Illegal> {
        self.form_halves(s, u).map_err(|r| self.form_refusal(u, r))
    }

    /// [`Self::form_change_halves`] without messages.
    pub(super) fn form_halves(&self, s: &State, u: UnitId) -> Result<u16, FormRefusal> {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        let class = match (info.kind, st.formation) {
            (UnitKind::Infantry, Formation::Square) => MoveClass::InfantryLine,
            (UnitKind::Artillery, Formation::Unlimbered) => match info.class {
                crate::nbs::types::GunClass::Foot => MoveClass::FootArtillery,
                crate::nbs::types::GunClass::Horse => MoveClass::HorseArtillery,
            },
            _ => self.move_class(s, u).ok_or(FormRefusal::NoClass)?,
        };
        match self.tables.formation_change_cost(class) {
            MoveCost::Halves(h) => Ok(u16::from(h)),
            _ => Err(FormRefusal::NoChange),
        }
    }

    /// The allowance a formation change is paid from (11.0a, 11.2): an immobile formation's
    /// turning and re-forming allowance, or the moving allowance.
    pub(in crate::nbs) fn formation_allowance(&self, s: &State, u: UnitId) -> u16 {
        if matches!(
            s.units[usize::from(u)].formation,
            Formation::Square | Formation::Unlimbered
        ) {
            self.fixed_allowance(s, u)
        } else {
            self.allowance(s, u)
        }
    }

    /// Makes a formation change of `cost` half MPs (11.0a: the MPs left are converted in
    /// proportion); `about` turns artillery about free (13.1b).
    pub(in crate::nbs) fn make_change(
        &self,
        s: &mut State,
        unit: UnitId,
        formation: Formation,
        about: bool,
        cost: u16,
        ev: &mut Vec<Event>,
    ) {
        let old = self.formation_allowance(s, unit);
        let spent = s.units[usize::from(unit)].spent + cost;
        s.units[usize::from(unit)].formation = formation;
        let new = self.formation_allowance(s, unit);
        let st = &mut s.units[usize::from(unit)];
        st.spent = Self::proportional_spent(spent, old, new);
        st.flags |= flag::MOVED;
        st.road &= !road::DIR; // 13.2c: a formation change ends road movement
        ev.push(Event::Formed { unit, formation });
        // 13.1b: artillery may turn about (180 degrees) free as it limbers or unlimbers
        // (`FormAbout`); with `Form` it keeps its facing.
        if about {
            let st = &mut s.units[usize::from(unit)];
            st.facing = st.facing.opposite();
            ev.push(Event::Faced {
                unit,
                facing: st.facing.index(),
                cost: 0,
            });
        }
        self.after_form(s, unit, ev); // 11.6d, ERR-5
    }

    /// 15.1d: a formation change that drew opportunity fire still happens when the fire left
    /// the unit DG or Routed or drove it back (the fire came first, 15.1c): the change is
    /// made where the unit now stands, its MPs having been checked when it was begun. A DG or
    /// Routed unit still never forms square (11.6a), and a change its kind cannot make, or
    /// one it already shows (a battery limbered to retreat, 27.4), is void.
    pub(in crate::nbs) fn finish_change_under_fire(
        &self,
        s: &mut State,
        then: &Action,
        ev: &mut Vec<Event>,
    ) {
        let (unit, formation, about, facing) = match *then {
            Action::Form { unit, formation } => (unit, formation, false, None),
            Action::FormAbout { unit, formation } => (unit, formation, true, None),
            Action::LeaveSquare {
                unit,
                formation,
                facing,
            } => (unit, formation, false, Some(facing)),
            _ => return,
        };
        let Some(st) = s.units.get(usize::from(unit)) else {
            return;
        };
        if st.hex().is_none() || st.formation == formation {
            return;
        }
        if formation == Formation::Square
            && matches!(st.morale, MoraleState::Disorganized | MoraleState::Routed)
        {
            return;
        }
        let fits = match self.units[usize::from(unit)].kind {
            UnitKind::Infantry => matches!(
                formation,
                Formation::Line | Formation::Column | Formation::Square
            ),
            UnitKind::Artillery => {
                matches!(formation, Formation::Limbered | Formation::Unlimbered)
            }
            _ => false,
        };
        if !fits || !self.part_formation_ok(s, unit, formation) {
            return;
        }
        let cost = self.form_change_halves(s, unit).unwrap_or(0);
        self.make_change(s, unit, formation, about, cost, ev);
        // 11.6e: a unit leaving square takes any facing, free.
        if let Some(f) = facing.and_then(Facing::new) {
            s.units[usize::from(unit)].facing = f;
            ev.push(Event::Faced {
                unit,
                facing: f.index(),
                cost: 0,
            });
        }
    }

    /// Half MPs spent after a change from allowance `old` to `new` (11.0a): what is left is
    /// converted in proportion and rounded, .5 up.
    pub(in crate::nbs) fn proportional_spent(spent: u16, old: u16, new: u16) -> u16 {
        if old == 0 {
            return new;
        }
        let left = old.saturating_sub(spent);
        // left/old of the new allowance, in whole MPs rounded .5 up (the allowances are in
        // halves, so round the whole-MP figure).
        let whole =
            (u32::from(left) * u32::from(new / 2) * 2 + u32::from(old)) / (2 * u32::from(old));
        new.saturating_sub((whole * 2) as u16)
    }
}
