//! 7.6c, 7.6d: the Movement Segment limits of units Out of Command or tracing from an
//! Out-of-Command Division Commander: into an enemy ZOC only by one step from where the
//! segment began, as the unit's only action; from inside one, one change or one hex out.
//! (No Forced March is movement/forced.rs's 11.4b.)

use alloc::format;

use super::super::Fontenoy;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::State;
use super::super::types::Pts;
use super::super::units::UnitId;
use crate::engine::Illegal;

impl Fontenoy {
    /// 7.6c, 7.6d: whether activated combat unit `u` moves under 7.6c's limits: it is Out of
    /// Command, or a unit of an activated Division whose commander is Out of Command (not an
    /// attached unit nor a Flexible unit joined as an Independent: they trace from no one).
    pub(crate) fn ooc_limited(&self, s: &State, u: UnitId) -> bool {
        if !self.units[usize::from(u)].is_combat() {
            return false;
        }
        let unit = s.unit(u);
        if unit.command == Some(false) {
            return true;
        }
        let Some(act) = s.activation.as_ref() else {
            return false;
        };
        if act.attached.contains(&u) || act.lead.flexible.contains(&u) {
            return false;
        }
        match self.division_now(s, u) {
            Some(d) if act.divisions.contains(&d) => self
                .division_commander(s, d)
                .is_some_and(|c| s.unit(c).command == Some(false)),
            _ => false,
        }
    }

    /// Whether any hex of `p` is in an enemy ZOC of `u`'s side.
    fn placed_in_ezoc(&self, o: &Occupancy, u: UnitId, p: &Placed) -> bool {
        let side = self.units[usize::from(u)].side;
        p.hexes.as_slice().iter().any(|&h| o.ezoc(self, h, side))
    }

    /// Whether 7.6c's limited unit `u` began its Movement Segment in an enemy ZOC (read
    /// when its movement record is made, before it spends anything).
    pub(crate) fn ooc_began_in_ezoc(&self, s: &State, u: UnitId) -> bool {
        if !self.ooc_limited(s, u) {
            return false;
        }
        let Some(p) = s.unit(u).placed().copied() else {
            return false;
        };
        let o = Occupancy::build(self, s);
        self.placed_in_ezoc(&o, u, &p)
    }

    /// 7.6c: whether limited unit `u`, having spent MP this segment, has made its one action:
    /// it began in an enemy ZOC, or stands in one now.
    pub(crate) fn ooc_action_made(&self, s: &State, u: UnitId) -> bool {
        let Some(m) = s
            .activation
            .as_ref()
            .and_then(|a| a.moving.iter().find(|m| m.unit == u))
        else {
            return false;
        };
        if m.spent == Pts::ZERO || !self.ooc_limited(s, u) {
            return false;
        }
        if m.ooc_once {
            return true;
        }
        let Some(p) = s.unit(u).placed().copied() else {
            return false;
        };
        let o = Occupancy::build(self, s);
        self.placed_in_ezoc(&o, u, &p)
    }

    /// 7.6c: a limited unit steps into an enemy ZOC only as its first and only action, and
    /// not from inside one (from there it may only step out).
    pub(crate) fn ooc_step_ok(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        from: &Placed,
        to: &Placed,
    ) -> Result<(), Illegal> {
        for &g in group {
            if !self.ooc_limited(s, g) || !self.placed_in_ezoc(o, g, to) {
                continue;
            }
            let spent = s
                .activation
                .as_ref()
                .and_then(|a| a.moving.iter().find(|m| m.unit == g))
                .is_some_and(|m| m.spent > Pts::ZERO);
            if spent || self.placed_in_ezoc(o, g, from) {
                return Err(Illegal::new(
                    "7.6c",
                    format!(
                        "{} moves under an Out-of-Command limit: it enters an enemy ZOC only by one step from where its Movement Segment began, and only out of an enemy ZOC it began in",
                        self.unit_name(g)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// 7.6c: a limited unit's change of formation or length that takes it into a hex of an
    /// enemy ZOC it did not hold is an entry into that ZOC: only as its first action (a
    /// reading; a change within the ZOC it began in is its one action, [`Self::ooc_action_made`]).
    pub(crate) fn ooc_change_ok(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        from: &Placed,
        to: &Placed,
    ) -> Result<(), Illegal> {
        let side_of = |g: UnitId| self.units[usize::from(g)].side;
        for &g in group {
            if !self.ooc_limited(s, g) {
                continue;
            }
            let enters = to
                .hexes
                .as_slice()
                .iter()
                .any(|&h| !from.hexes.contains(h) && o.ezoc(self, h, side_of(g)));
            let spent = s
                .activation
                .as_ref()
                .and_then(|a| a.moving.iter().find(|m| m.unit == g))
                .is_some_and(|m| m.spent > Pts::ZERO);
            if enters && spent {
                return Err(Illegal::new(
                    "7.6c",
                    format!(
                        "{} moves under an Out-of-Command limit: it takes a hex of an enemy ZOC only as its first action",
                        self.unit_name(g)
                    ),
                ));
            }
        }
        Ok(())
    }
}
