//! F-7.1d the Infernal Column in combat and morale, F-7.1e B the Special Initiative Results
//! that never touch it: the small functions the close combat, checks and fire sections call.
//!
//! Readings (docs/coverage/fontenoy.md): the units "affected" are the column's infantry (its
//! English and Hanoverian infantry within 3 hexes of its leader, `command/infernal.rs`); an
//! attack into a village, town or redoubt, or onto the North map (7.1d F), is one whose
//! defenders stand in such a hex, or all on the North map; an attacking group with any
//! column infantry on top gets the +2; the +5 against cavalry needs a cavalry unit among the
//! attackers with a hex in the defender's Frontal hexes; 7.1d D lets the winners stay when
//! every attacking unit that won is the column's infantry.

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::board::Terrain;
use super::super::close::Outcome;
use super::super::state::{SpecialResult, State};
use super::super::types::Kind;
use super::super::units::{DivId, UnitId};
use crate::hex::Hex;

impl Fontenoy {
    /// 7.1d F: an attack into a village, town or redoubt hex, or onto the North map, gets
    /// none of the column's close combat benefits.
    pub(crate) fn column_attack_barred(&self, defender_hexes: &[Hex]) -> bool {
        let strong = defender_hexes.iter().any(|&h| {
            self.board.on_map(h)
                && (matches!(
                    self.board.hex(h).terrain,
                    Terrain::Village | Terrain::Town | Terrain::Redoubt
                ) || self.redoubt_at(h).is_some())
        });
        let north = !defender_hexes.is_empty()
            && defender_hexes
                .iter()
                .all(|&h| super::super::fhex::label(h).starts_with('N'));
        strong || north
    }

    /// 7.1d A: the CR modifier of a group whose top unit is `top`, attacking or defending
    /// against `foes` (in `foe_hexes`), `front` being the top unit's Frontal hexes.
    pub(crate) fn column_cr(
        &self,
        s: &State,
        attacker: bool,
        top: UnitId,
        foes: &[UnitId],
        foe_hexes: &[Hex],
        front: &[Hex],
    ) -> i16 {
        if s.infernal.column.is_none() || !self.column_infantry(s, top) {
            return 0;
        }
        if attacker {
            if self.column_attack_barred(foe_hexes) {
                0
            } else {
                2
            }
        } else {
            let frontal_cavalry = foes.iter().any(|&f| {
                self.units[usize::from(f)].kind == Kind::Cavalry
                    && s.unit(f)
                        .placed()
                        .is_some_and(|p| p.hexes.as_slice().iter().any(|h| front.contains(h)))
            });
            if frontal_cavalry { 5 } else { 0 }
        }
    }

    /// 7.1d B: −10 on the Morale Checks (never the Disorder Checks) of the column's infantry,
    /// unless it is attacking into a hex 7.1d F excludes.
    pub(crate) fn column_er(&self, s: &State, u: UnitId) -> i16 {
        if s.infernal.column.is_none() || !self.column_infantry(s, u) {
            return 0;
        }
        let barred = self
            .close_segment(s)
            .and_then(|x| x.current.as_ref())
            .is_some_and(|c| {
                c.attackers.iter().any(|g| g.units.contains(&u)) && {
                    let hexes: Vec<Hex> = c
                        .defenders
                        .iter()
                        .flat_map(|g| g.hexes.iter().map(|h| h.0))
                        .collect();
                    self.column_attack_barred(&hexes)
                }
            });
        if barred { 0 } else { -10 }
    }

    /// 7.1d D: the column's infantry that attacked and won need not advance.
    pub(crate) fn column_may_stay(&self, s: &State) -> bool {
        if s.infernal.column.is_none() {
            return false;
        }
        let Some(c) = self.close_segment(s).and_then(|x| x.current.as_ref()) else {
            return false;
        };
        if c.outcome != Outcome::Attacker {
            return false;
        }
        let winners: Vec<UnitId> = c
            .attackers
            .iter()
            .flat_map(|g| self.fighting(s, g))
            .collect();
        !winners.is_empty() && winners.iter().all(|&u| self.column_infantry(s, u))
    }

    /// 7.1d E: the column's infantry fires at 1 hex only (its battalion guns are gone).
    pub(crate) fn column_fire_reach(&self, s: &State, u: UnitId, reach: u32) -> u32 {
        if s.infernal.column.is_some() && self.column_infantry(s, u) {
            reach.min(1)
        } else {
            reach
        }
    }

    /// 7.1e B: Leader Initiative ("Commander Initiative"), Divisional Confusion, Command
    /// Lethargy and Hasty Orders never touch a Division that is, or has units in, the column.
    pub(crate) fn column_shields(&self, s: &State, result: SpecialResult, d: DivId) -> bool {
        if s.infernal.column.is_none() {
            return false;
        }
        let shielded = matches!(
            result,
            SpecialResult::LeaderInitiative
                | SpecialResult::DivisionalConfusion { .. }
                | SpecialResult::CommandLethargy { .. }
                | SpecialResult::HastyOrders
        );
        shielded
            && (self.column_holds_division(s, d)
                || self.org.divisions[usize::from(d)]
                    .units
                    .iter()
                    .any(|&u| s.unit(u).on_map() && self.column_member(s, u)))
    }
}
