//! 13.10 Defensive Fire: which defenders fire, and at which attacking group. The fire itself
//! (strengths, the +10/+20 of 13.10g, the roll on the Special Defensive Fire Results, DC(E) and
//! MC(A)) is the fire section's [`Fontenoy::defensive_fire`].

use alloc::vec::Vec;

use crate::fontenoy::Fontenoy;
use crate::fontenoy::event::Event;
use crate::fontenoy::state::State;
use crate::fontenoy::units::UnitId;
use crate::hex::Hex;

impl Fontenoy {
    /// Defensive Fire by the defenders that stay (`defenders`) at the attacking `groups`
    /// (13.10). The caller has pushed the combat's continuation (`Cont::AfterFire`) first, so
    /// that the fires' rolls and checks are resolved before the combat goes on; the
    /// continuation reads the attackers' states afterwards (13.10e).
    ///
    /// * 13.10a: a defender that made a Defender's Reaction does not fire;
    /// * 13.10c: a unit fires once a segment;
    /// * 13.10d: a defender fires at one attacking group: the first, in the order of the
    ///   attacks, that it can fire at; all the defenders that fire at one group combine, both
    ///   arms together (13.10b).
    pub(crate) fn close_defensive_fire(
        &self,
        s: &mut State,
        defenders: &[UnitId],
        groups: &[Vec<UnitId>],
        ev: &mut Vec<Event>,
    ) {
        let (reacted, fired) = self
            .close_segment(s)
            .map(|c| (c.reacted.clone(), c.defensive_fired.clone()))
            .unwrap_or_default();
        // F-7.9: Hanoverian pistols fire with the Defensive Fire (pushed first, resolved after
        // it: the two are simultaneous, neither depends on the other's result).
        self.hanoverian_pistols(s, groups, defenders, ev);
        let mut free: Vec<UnitId> = defenders
            .iter()
            .copied()
            .filter(|u| !reacted.contains(u) && !fired.contains(u))
            .collect();
        for g in groups {
            let Some(at) = self.defensive_fire_target(s, g, &free) else {
                continue;
            };
            let firing: Vec<UnitId> = free
                .iter()
                .copied()
                .filter(|&u| self.defensive_strength(s, &[u], at) > 0)
                .collect();
            if firing.is_empty() {
                continue;
            }
            free.retain(|u| !firing.contains(u));
            if let Some(c) = self.cs_mut(s) {
                c.defensive_fired.extend_from_slice(&firing);
            }
            ev.push(Event::DefensiveFireDue {
                defenders: firing.clone(),
                attackers: g.clone(),
            });
            let _ = self.defensive_fire(s, &firing, at, ev);
        }
    }

    /// The hex of attacking group `g` that the defenders `free` fire at: the first of its
    /// hexes that any of them can fire at.
    fn defensive_fire_target(&self, s: &State, g: &[UnitId], free: &[UnitId]) -> Option<Hex> {
        let p = g.first().and_then(|&u| s.unit(u).placed())?;
        p.hexes
            .as_slice()
            .iter()
            .copied()
            .find(|&h| self.defensive_strength(s, free, h) > 0)
    }
}
