//! Drawing vedettes from the Vedette Pool (§67 2): when a reinforcement enters (¶91), or a new
//! Force is made (a leader set up as a force of his own in the Organization Segment, ¶80 2, or
//! dropped off on the march, ¶81, or a Major General activated on the map, ¶69), its owner may place one or two pool
//! vedettes of the force's army with it, as at the start (§217): within 2 hexes of the force,
//! in the area, out of enemy ZOCs, one a hex (§76), and no force with more than two friendly
//! vedettes within 2 hexes (reading N47). The draw is made in the segment the force appears
//! in: the Reinforcement Segment after it has entered, the Organization Segment, or (for a
//! subordinate dropped off during a march, ¶81) the movement segment, once the march is over.

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{LeaderId, LeaderPlace, Phase, State, VedettePlace};
use super::super::types::Army;
use crate::engine::Illegal;
use crate::hex::Hex;

impl Hov {
    /// §67 2: notes the phasing side's Force Leaders on the map as its Organization Segment
    /// begins.
    pub(crate) fn note_org_forces(&self, s: &mut State) {
        let side = s.phasing;
        let forces = self.force_table(s);
        s.org_forces = (0..s.leaders.len() as LeaderId)
            .filter(|&l| {
                matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
                    && self.leader_side(l) == Some(side)
                    && forces[usize::from(l)]
            })
            .collect();
    }

    /// §67 2: the Force Leaders that pool vedettes may join now: the reinforcements that entered
    /// this phase; in the Organization Segment the Force Leaders on the map who were not at its
    /// start; in a movement segment, between marches, the subordinates dropped off (¶81).
    fn new_forces(&self, s: &State) -> Vec<LeaderId> {
        if matches!(
            s.phase,
            Phase::MovementCommands | Phase::InitiativeMovement | Phase::ForcedMarch
        ) {
            // ¶81: subordinates dropped off as forces of their own this phase, once no march
            // is under way.
            let side = self.moving_side(s);
            if s.march.is_some() {
                return Vec::new();
            }
            let forces = self.force_table(s);
            return (0..s.leaders.len() as LeaderId)
                .filter(|&l| {
                    let x = s.leaders[usize::from(l)];
                    x.dropped
                        && matches!(x.place, LeaderPlace::Map(_))
                        && self.leader_side(l) == Some(side)
                        && forces[usize::from(l)]
                })
                .collect();
        }
        if s.phase == Phase::Organization {
            let side = s.phasing;
            let forces = self.force_table(s);
            return (0..s.leaders.len() as LeaderId)
                .filter(|&l| {
                    matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
                        && self.leader_side(l) == Some(side)
                        && !s.org_forces.contains(&l)
                        && forces[usize::from(l)]
                })
                .collect();
        }
        s.entered.iter().map(|&(l, _)| l).collect()
    }

    /// §67 2: the pool vedettes the phasing side may place now, each with every hex it may take,
    /// in vedette then hex order; none with option `vedettes-in-battle-scenarios` off.
    pub(crate) fn pool_draw_actions(&self, s: &State, out: &mut Vec<Action>) {
        if !self.params.vedettes {
            return;
        }
        let side = self.moving_side(s);
        // Nothing to draw: answered without looking at the forces or the map.
        let drawable = |i: usize| {
            s.vedettes[i].place == VedettePlace::Pool && self.manifest.vedettes[i].side == side
        };
        if !(0..s.vedettes.len()).any(drawable) {
            return;
        }
        let new = self.new_forces(s);
        if new.is_empty() {
            return;
        }
        let o = self.occupancy(s);
        // The hexes open to a vedette depend only on its army: found once per army.
        let mut by_army: Vec<Option<Vec<Hex>>> = alloc::vec![None; Army::ALL.len()];
        for i in 0..s.vedettes.len() {
            if !drawable(i) {
                continue;
            }
            let army = Army::of(self.manifest.vedettes[i].nationality);
            let hexes = by_army[army.index()]
                .get_or_insert_with(|| self.pool_hexes(s, &o, side, army, &new));
            out.extend(hexes.iter().map(|&hex| Action::PlaceVedette {
                vedette: i as u16,
                hex,
            }));
        }
    }

    /// §67 2: the hexes where a pool vedette of `army` may appear with one of the `new`
    /// forces, sorted, each once.
    fn pool_hexes(
        &self,
        s: &State,
        o: &super::super::zoc::Occupancy,
        side: crate::engine::Side,
        army: Army,
        new: &[LeaderId],
    ) -> Vec<Hex> {
        let mut hexes: Vec<Hex> = Vec::new();
        for &l in new {
            let lm = &self.manifest.leaders[usize::from(l)];
            if lm.side != side || Army::of(lm.nationality) != army {
                continue;
            }
            let Some(at) = self.leader_hex(s, l) else {
                continue;
            };
            hexes.extend(within2(at));
        }
        hexes.sort_unstable();
        hexes.dedup();
        let crowded = crowded_forces(o, side);
        hexes.retain(|&h| self.vedette_may_stand(s, o, &crowded, side, h));
        hexes
    }

    /// §67 2: places a pool vedette with a reinforcement that entered this phase.
    pub(crate) fn pool_draw(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::PlaceVedette { vedette, hex } = a else {
            return Err(Illegal::new("§67", "not a vedette placement"));
        };
        let mut legal = Vec::new();
        self.pool_draw_actions(s, &mut legal);
        if !legal.contains(a) {
            return Err(Illegal::new(
                "§67, §217",
                format!(
                    "vedette #{vedette} may not appear at {}: only a pool vedette of the phasing side (option `vedettes-in-battle-scenarios` on) enters, within 2 hexes of a force of its army that entered this phase or was made in this Organization Segment, in the area, out of enemy ZOCs, one a hex, at most two near any force",
                    self.label(*hex)
                ),
            ));
        }
        let side = self.moving_side(s);
        let v = &mut s.vedettes[usize::from(*vedette)];
        v.place = VedettePlace::Map(*hex);
        v.revealed = false;
        // It appears with its force and makes no move of its own in this phase (so that a
        // vedette sent back to the pool by §76 2 cannot be drawn and moved again and again).
        v.moved = true;
        ev.push(Event::VedettePlaced {
            side,
            vedette: *vedette,
            place: VedettePlace::Map(*hex),
            rule: Cow::Borrowed("§67"),
        });
        ev.push(Event::CounterEntered { side, hex: *hex });
        self.reveal_vedettes(s, ev);
        Ok(())
    }
}

/// The hexes within 2 of `center`, the center included.
fn within2(center: Hex) -> Vec<Hex> {
    let mut out = Vec::new();
    for dq in -2i16..=2 {
        for dr in (-2).max(-dq - 2)..=2.min(-dq + 2) {
            out.push(Hex::new(center.q + dq, center.r + dr));
        }
    }
    out
}

/// §217 (reading N47): the hexes of `side`'s real forces that already have two friendly
/// vedettes within 2 hexes, where no further vedette may come within 2; `None` when some
/// force already has more than two, so that no vedette may be placed at all.
pub(crate) fn crowded_forces(
    o: &super::super::zoc::Occupancy,
    side: crate::engine::Side,
) -> Option<Vec<Hex>> {
    let i = side.index();
    let mut crowded = Vec::new();
    for &f in &o.real[i] {
        let near = o.vedettes[i]
            .iter()
            .filter(|&&v| v.distance(f) <= 2)
            .count();
        if near > 2 {
            return None;
        }
        if near == 2 {
            crowded.push(f);
        }
    }
    Some(crowded)
}
