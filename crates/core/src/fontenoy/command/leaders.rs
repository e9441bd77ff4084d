//! The leaders who activate two Divisions in one ordinary activation: Lowendahl when he is no
//! Detachment Leader (F-3.3f) and Waldeck with the Dutch Divisions (F-4.2c); Waldeck's link
//! from the CinC to the Dutch commanders (F-4.2c); Langeron's third Division (F-3.4c, in
//! command/wings.rs).
//!
//! Readings: the leader starts the activation with one Division whose commander his Line of
//! Command reaches (traced as a Division Commander's, F-4.2c), and may add a second in the
//! Command Control Segment; he is In Command by a Line of Command from the CinC, else by his
//! Initiative (7.4a: "an ordinary Division Commander"). Waldeck keeps these abilities when the
//! scenario makes him the army commander (F-10.2a C) and loses them when he succeeds to it
//! (F-4.2c).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::occupancy::Occupancy;
use super::super::state::{Act, State};
use super::super::types::{Nationality, Tracer};
use super::super::units::{DivId, UnitId};
use crate::engine::{Illegal, Side};

impl Fontenoy {
    /// F-4.2c: Waldeck with his abilities: not the army commander by succession.
    fn waldeck_able(&self, s: &State, c: UnitId) -> bool {
        let side = self.units[usize::from(c)].side;
        self.is_commander(c, "waldeck")
            && (s.armies[side.index()].cinc != Some(c)
                || self.org.armies[side.index()].cinc == Some(c))
    }

    /// F-3.3f, F-4.2c: whether `c` may lead two Divisions in one activation now: Lowendahl
    /// leading no Detachment, or Waldeck with his abilities; on the map, unactivated.
    fn two_division_leader(&self, s: &State, c: UnitId) -> bool {
        let u = s.unit(c);
        u.on_map()
            && u.act == Act::Unactivated
            && ((self.is_commander(c, "lowendahl") && !self.leads_detachment(s, c))
                || self.waldeck_able(s, c))
    }

    /// The Divisions leader `c` may activate (besides those in `taken`): unactivated, their
    /// commander on the map, unactivated and in his Line of Command traced as a Division
    /// Commander's; Waldeck's Dutch only (F-4.2c); one force (24.2a).
    pub(crate) fn leader_divisions(
        &self,
        s: &State,
        o: &Occupancy,
        c: UnitId,
        taken: &[DivId],
    ) -> Vec<DivId> {
        let side = self.units[usize::from(c)].side;
        let dutch_only = self.is_commander(c, "waldeck");
        self.open_divisions(s, side)
            .filter(|d| !taken.contains(d))
            .filter(|&d| {
                self.division_commander(s, d).is_some_and(|dc| {
                    let u = s.unit(dc);
                    u.on_map()
                        && u.act == Act::Unactivated
                        && dc != c
                        && (!dutch_only
                            || self.units[usize::from(dc)].nationality == Nationality::Dutch)
                        && self.detachment_of(s, d) == self.force_of(s, c)
                        && self.loc_reaches(s, o, c, Tracer::Division, dc)
                })
            })
            .collect()
    }

    /// F-3.3f, F-4.2c: the (leader, first Division) pairs `side` may activate now.
    pub(crate) fn leader_activations(&self, s: &State, side: Side) -> Vec<(UnitId, DivId)> {
        let mut out = Vec::new();
        let leaders: Vec<UnitId> = self.org.armies[side.index()]
            .special
            .iter()
            .copied()
            .chain(self.org.armies[side.index()].cinc)
            .filter(|&c| self.two_division_leader(s, c))
            .collect();
        if leaders.is_empty() {
            return out;
        }
        let o = Occupancy::build(self, s);
        for c in leaders {
            if out.iter().any(|&(x, _)| x == c) {
                continue;
            }
            for d in self.leader_divisions(s, &o, c, &[]) {
                out.push((c, d));
            }
        }
        out
    }

    /// F-3.3f, F-4.2c: `c` activates with Division `d` (an ordinary activation); he may add a
    /// second Division in the Command Control Segment.
    pub(crate) fn begin_leader_activation(
        &self,
        s: &mut State,
        side: Side,
        c: UnitId,
        d: DivId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if !self.leader_activations(s, side).contains(&(c, d)) {
            return Err(Illegal::new(
                "F-3.3f",
                format!(
                    "{} cannot activate {}: Lowendahl (leading no Detachment) or Waldeck (F-4.2c: Dutch Divisions, not the CinC by succession), unactivated on the map, with a Division still to activate whose commander his Line of Command reaches",
                    self.unit_name(c),
                    self.division_name(d)
                ),
            ));
        }
        ev.push(Event::LeaderActivation {
            commander: c,
            division: d,
        });
        self.activate(s, side, alloc::vec![d], None, ev);
        s.unit_mut(c).act = Act::Active;
        if let Some(a) = s.activation.as_mut() {
            a.lead.leader = Some(c);
            // An activated commander of the activation (6.4a attachments, 7.0 Independents).
            a.ndcs.push(c);
        }
        Ok(())
    }

    /// F-4.2c: a Line of Command from the CinC to a Dutch commander `c` through Waldeck (In
    /// Command by the CinC's line), Waldeck's Command Distance extending the CinC's.
    pub(crate) fn waldeck_link(
        &self,
        s: &State,
        o: &Occupancy,
        cinc: Option<UnitId>,
        c: UnitId,
    ) -> bool {
        let Some(cinc) = cinc else { return false };
        if self.units[usize::from(c)].nationality != Nationality::Dutch {
            return false;
        }
        let side = self.units[usize::from(c)].side;
        self.org.armies[side.index()]
            .special
            .iter()
            .copied()
            .chain(self.org.armies[side.index()].cinc)
            .any(|w| {
                w != c
                    && w != cinc
                    && self.waldeck_able(s, w)
                    && s.unit(w).on_map()
                    && self.loc_reaches(s, o, cinc, Tracer::ArmyOrWing, w)
                    && self.loc_reaches(s, o, w, Tracer::ArmyOrWing, c)
            })
    }
}
