//! Activation by enemy approach (4.1.2 automatic activation, 4.1.3 Coup d'Oeil offers, 4.3
//! detachments), checked each time a counter arrives in a hex.

use crate::engine::Side;
use crate::hex::Hex;
use crate::pg::Pg;
use crate::pg::state::{Off, Pending, Phase, State};

impl Pg {
    /// 4.1.2, 4.1.3, 4.3: activations triggered by a counter of `side` arriving in `to`.
    pub(crate) fn check_activations(&self, s: &mut State, side: Side, to: Hex, is_unit: bool) {
        let enemy = side.other();
        // 4.1.2: within 3 hexes and clear LOS of an inactive enemy counter (not a Det counter).
        if !s.armies[enemy.index()].activated && !s.armies[enemy.index()].auto_due {
            let seen = self
                .enemy_counters(s, enemy)
                .any(|(h, det)| !det && h.distance(to) <= 3 && self.clear_los(s, to, h));
            if seen {
                s.armies[enemy.index()].auto_due = true;
            }
        }
        // 4.3: a detachment counter within 3 hexes and LOS of an enemy counter, or of an
        // activated friendly Det counter, activates the detachment.
        for (g, info) in self.pieces.groups.iter().enumerate() {
            if !info.detachment || s.det_active[g] || s.armies[info.side.index()].activated {
                continue;
            }
            let state: &State = s;
            // The enemy counters, then the activated friendly Det counters (walked again for
            // each hex of the detachment, in the same order, with no list built).
            let triggers = || {
                self.enemy_counters(state, info.side.other())
                    .map(|(h, _)| h)
                    .chain(
                        self.pieces
                            .groups
                            .iter()
                            .enumerate()
                            .filter(move |&(g2, other)| {
                                g2 != g
                                    && other.detachment
                                    && other.side == info.side
                                    && state.det_active[g2]
                            })
                            .flat_map(move |(g2, _)| self.group_hexes(state, g2)),
                    )
            };
            let seen = self
                .group_hexes(state, g)
                .any(|d| triggers().any(|f| f.distance(d) <= 3 && self.clear_los(state, d, f)));
            if seen {
                s.det_active[g] = true;
            }
        }
        // 4.1.3: an inactive army first sights an enemy unit within 7 hexes (a Leader is not a
        // Unit, 2.0); 4.3.2: each detachment has a sighting attempt of its own.
        if is_unit && !s.armies[enemy.index()].activated && matches!(s.phase, Phase::Movement) {
            // The sighting is asked only while the army's attempt is unused.
            let army_sees = !s.armies[enemy.index()].cdoa_used
                && self
                    .enemy_counters(s, enemy)
                    .any(|(h, det)| !det && h.distance(to) <= 7 && self.clear_los(s, h, to));
            if army_sees {
                s.armies[enemy.index()].cdoa_used = true;
                s.pending.push(Pending::Cdoa {
                    side: enemy,
                    detachment: None,
                    stage: 0,
                });
            }
            for (g, info) in self.pieces.groups.iter().enumerate() {
                if !info.detachment || info.side != enemy || s.det_cdoa_used[g] {
                    continue;
                }
                let sees = self
                    .group_hexes(s, g)
                    .any(|h| h.distance(to) <= 7 && self.clear_los(s, h, to));
                if sees {
                    s.det_cdoa_used[g] = true;
                    s.pending.push(Pending::Cdoa {
                        side: enemy,
                        detachment: Some(g as u8),
                        stage: 0,
                    });
                }
            }
        }
    }

    /// Hexes of every counter (unit or leader) of `side`, with whether it is a Det counter.
    fn enemy_counters<'a>(
        &'a self,
        s: &'a State,
        side: Side,
    ) -> impl Iterator<Item = (Hex, bool)> + 'a {
        let det_wing = move |w: u8| {
            self.pieces.groups[usize::from(self.pieces.wings[usize::from(w)].group)].detachment
        };
        let units = s
            .units
            .iter()
            .zip(&self.pieces.units)
            .filter(move |(x, p)| x.off == Off::No && p.side == side)
            .map(move |(x, p)| (x.hex, p.wing.is_some_and(det_wing)));
        let leaders = s
            .leaders
            .iter()
            .zip(&self.pieces.leaders)
            .filter(move |(x, p)| x.present && p.side == side)
            .map(move |(x, p)| (x.hex, p.leads.is_some_and(det_wing)));
        units.chain(leaders)
    }

    /// Hexes of the units of group `g` on the map.
    fn group_hexes<'a>(&'a self, s: &'a State, g: usize) -> impl Iterator<Item = Hex> + 'a {
        s.units
            .iter()
            .zip(&self.pieces.units)
            .filter(move |(x, p)| {
                x.off == Off::No
                    && p.wing
                        .is_some_and(|w| usize::from(self.pieces.wings[usize::from(w)].group) == g)
            })
            .map(|(x, _)| x.hex)
    }
}
