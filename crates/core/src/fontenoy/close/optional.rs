//! The Fontenoy optional rules that act in close combat (each behind its option,
//! `Fontenoy::option`): F-6.4 the French cavalry's screen of skirmishing troopers against a
//! Line or Square charged from the front, F-6.7 Furia Francese (the +5 of the French
//! defenders' MC(B) and MC(G), read by the checks section), F-7.9 the Hanoverian cavalry's
//! pistols (the fire itself is the fire section's `pistol_fire`).
//!
//! Readings (docs/coverage/fontenoy.md): F-6.4 needs a charge (the attack's Charge
//! Movement) and an infantry defender in Line or Square whose Frontal hexes hold the
//! charging cavalry; F-6.7's "behind a fieldwork, slope or water obstacle" is a hexside of
//! those kinds between the defender and one of its attackers; F-7.9's stack is the attacking
//! group, its pistols fire at the hex it attacks whether or not the defenders fire.

use alloc::vec::Vec;

use crate::fontenoy::Fontenoy;
use crate::fontenoy::board::{Terrain, side as hs};
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::{self, Arc};
use crate::fontenoy::state::State;
use crate::fontenoy::types::{Formation, Kind, Nationality};
use crate::fontenoy::units::UnitId;
use crate::hex::Hex;

impl Fontenoy {
    /// F-6.4: whether French cavalry `cavalry`, charging, attacks one of `defenders` that is
    /// infantry in Line or Square through its Frontal hexes.
    pub(crate) fn french_screen_charge(
        &self,
        s: &State,
        cavalry: &[UnitId],
        defenders: &[UnitId],
    ) -> bool {
        if !self.option("6.4") || cavalry.is_empty() {
            return false;
        }
        let french_cav = cavalry.iter().all(|&u| {
            let i = &self.units[usize::from(u)];
            i.kind == Kind::Cavalry && i.nationality == Nationality::French
        });
        if !french_cav {
            return false;
        }
        let charged = self.close_segment(s).is_some_and(|c| {
            c.attacks
                .iter()
                .any(|a| a.target.is_some() && a.units.iter().any(|u| cavalry.contains(u)))
        });
        if !charged {
            return false;
        }
        let cav_hexes: Vec<Hex> = cavalry
            .iter()
            .filter_map(|&u| s.unit(u).placed())
            .flat_map(|p| p.hexes.as_slice().to_vec())
            .collect();
        defenders.iter().any(|&d| {
            let x = s.unit(d);
            self.units[usize::from(d)].kind == Kind::Infantry
                && matches!(x.formation, Formation::Line | Formation::Square)
                && x.placed().is_some_and(|p| {
                    cav_hexes
                        .iter()
                        .any(|&h| geometry::arc_of(x.formation, p, h) == Some(Arc::Frontal))
                })
        })
    }

    /// F-6.7: whether `u` is a French unit defending in the close combat under way in open
    /// ground (clear, marsh, bog or broken), not in a redoubt, and with no field fortification,
    /// slope or water hexside between it and its attackers; French cavalry that
    /// countercharged or made a Cavalry Reaction is exempt.
    pub(crate) fn furia_francese(&self, s: &State, u: UnitId) -> bool {
        if !self.option("6.7") {
            return false;
        }
        let info = &self.units[usize::from(u)];
        // Only French troops: the foreign regiments of the French army (F-3.2a) are not.
        if info.nationality != Nationality::French || info.tag.is_some() {
            return false;
        }
        let Some(cs) = self.close_segment(s) else {
            return false;
        };
        if cs.countercharged.contains(&u) || cs.cavalry_reacted.contains(&u) {
            return false;
        }
        let Some(c) = cs.current.as_ref() else {
            return false;
        };
        if !c.defenders.iter().any(|g| g.units.contains(&u)) {
            return false;
        }
        let Some(p) = s.unit(u).placed() else {
            return false;
        };
        let open = p.hexes.as_slice().iter().all(|&h| {
            matches!(
                self.board.hex(h).terrain,
                Terrain::Clear | Terrain::Marsh | Terrain::Bog | Terrain::Broken
            )
        });
        // Not defending inside a redoubt (units in its hex outside it ignore it, F-3.5a B).
        if !open || self.inside_redoubt(s, u) {
            return false;
        }
        let foes: Vec<Hex> = c
            .attackers
            .iter()
            .flat_map(|g| g.units.iter())
            .filter_map(|&a| s.unit(a).placed())
            .flat_map(|q| q.hexes.as_slice().to_vec())
            .collect();
        let covered = hs::FIELDWORKS | hs::SLOPE | hs::STREAM | hs::POND;
        !p.hexes.as_slice().iter().any(|&h| {
            foes.iter().any(|&f| {
                h.direction_to(f)
                    .is_some_and(|d| self.board.side(h, d) & covered != 0)
            })
        })
    }

    /// F-7.9: the attacking groups of Hanoverian cavalry of at least 6 SP fire their pistols
    /// at the hex they attack, as the defenders' Defensive Fire is made.
    pub(crate) fn hanoverian_pistols(
        &self,
        s: &mut State,
        groups: &[Vec<UnitId>],
        defenders: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        if !self.option("7.9") {
            return;
        }
        for g in groups {
            let live: Vec<UnitId> = g.iter().copied().filter(|&u| s.unit(u).on_map()).collect();
            let hanoverian = !live.is_empty()
                && live.iter().all(|&u| {
                    let i = &self.units[usize::from(u)];
                    i.kind == Kind::Cavalry && i.nationality == Nationality::Hanoverian
                });
            let sp: u32 = live.iter().map(|&u| u32::from(s.unit(u).sp)).sum();
            if !hanoverian || sp < 6 {
                continue;
            }
            let mine: Vec<Hex> = live
                .iter()
                .filter_map(|&u| s.unit(u).placed())
                .flat_map(|p| p.hexes.as_slice().to_vec())
                .collect();
            let at = defenders
                .iter()
                .filter_map(|&d| s.unit(d).placed())
                .flat_map(|p| p.hexes.as_slice().to_vec())
                .find(|h| mine.iter().any(|m| m.distance(*h) == 1));
            if let Some(at) = at {
                self.pistol_fire(s, &live, at, ev);
            }
        }
    }
}
