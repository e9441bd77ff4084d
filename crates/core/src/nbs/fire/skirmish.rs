//! Skirmishers under fire and firing (11.5c, 11.5d, 11.5h): protected hexes, fire points,
//! step losses, and skirmishers dropping to the bottom or sheltering in a square.

use crate::engine::Illegal;
use crate::hex::Hex;
use crate::nbs::Nbs;
use crate::nbs::board::Terrain;
use crate::nbs::event::{Event, PartChange};
use crate::nbs::state::{Place, State, UnitId, flag};
use crate::nbs::tables::{Nationality, Range};
use crate::nbs::types::{Formation, Fp, MoraleState, UnitKind};
use crate::nbs::units::Nation;
use alloc::format;
use alloc::vec::Vec;

impl Nbs {
    /// Whether infantry in a walled farm, town or redoubt (11.5h C exception).
    pub(in crate::nbs) fn protected_fire_hex(&self, hex: Hex) -> bool {
        matches!(
            self.board.hex(hex).terrain,
            Terrain::Town | Terrain::WalledFarm | Terrain::Redoubt
        ) || self.board.hex(hex).special
    }

    /// 11.5h C: who may fire out of a hex holding skirmishers. A skirmisher at the bottom
    /// fires only when no non-skirmisher infantry above C shares its hex; a skirmisher at the
    /// top is the hex's only infantry firer, except French infantry in column and any
    /// infantry in a walled farm, town or redoubt.
    pub(in crate::nbs) fn skirmisher_fire_check(
        &self,
        s: &State,
        f: UnitId,
    ) -> Result<(), Illegal> {
        let info = &self.units[usize::from(f)];
        let st = &s.units[usize::from(f)];
        let Some(h) = st.hex() else { return Ok(()) };
        let mates: Vec<UnitId> = self
            .combat_stack(s, h)
            .into_iter()
            .filter(|&x| x != f && self.units[usize::from(x)].side == info.side)
            .collect();
        if info.kind == UnitKind::Skirmisher {
            if st.formation != Formation::Skirmish && st.morale == MoraleState::Routed {
                return Err(Illegal::new(
                    "25.1a",
                    format!("{} is routed and cannot fire", info.name),
                ));
            }
            if !st.has(flag::SKIRMISHER_TOP) && !self.protected_fire_hex(h) {
                let blocker = mates.iter().find(|&&x| {
                    self.units[usize::from(x)].kind == UnitKind::Infantry
                        && self.fire_level(s, x).units() > 1
                });
                if let Some(&b) = blocker {
                    return Err(Illegal::new(
                        "11.5h",
                        format!(
                            "{} is at the bottom of its stack under {} (above C) and cannot fire",
                            info.name,
                            self.name(b)
                        ),
                    ));
                }
            }
            return Ok(());
        }
        if info.kind == UnitKind::Infantry && !self.protected_fire_hex(h) {
            let french_column = info.nation == Nation::French && st.formation == Formation::Column;
            let top = mates.iter().find(|&&x| {
                self.is_skirmisher(x) && s.units[usize::from(x)].has(flag::SKIRMISHER_TOP)
            });
            if let (Some(&t), false) = (top, french_column) {
                return Err(Illegal::new(
                    "11.5h",
                    format!(
                        "{} is on top of {}'s stack: only the skirmishers fire from {}",
                        self.name(t),
                        info.name,
                        self.label(h)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A skirmisher's fire points (11.5, 20.1).
    pub(in crate::nbs) fn skirmisher_fire_points(&self, s: &State, f: UnitId, close: bool) -> Fp {
        let nat = if self.units[usize::from(f)].nation == Nation::French {
            Nationality::French
        } else {
            Nationality::Other
        };
        let range = if close {
            Range::CloseCombat
        } else {
            Range::OneHex
        };
        self.tables
            .skirmisher_fp(nat, self.skirmisher_strength(s, f), range)
    }

    /// 11.5c: a skirmisher takes casualties only: one flips it to reduced, a second
    /// eliminates it (the counter returns to the pool; its parent's box stays marked).
    pub(in crate::nbs) fn skirmisher_loss(
        &self,
        s: &mut State,
        u: UnitId,
        casualties: u8,
        ev: &mut Vec<Event>,
    ) {
        if casualties == 0 {
            return;
        }
        let owner = self.units[usize::from(u)].side;
        let before = s.units[usize::from(u)].casualties;
        let after = before + casualties;
        ev.push(Event::Losses {
            unit: u,
            owner,
            casualties: casualties.min(2 - before.min(2)),
            stragglers: 0,
        });
        if after >= 2 {
            let at = s.units[usize::from(u)].hex();
            self.remove_part(s, u);
            if let Some(h) = at {
                self.note_destroyed(s, h); // 26.4d
            }
            ev.push(Event::Part {
                what: PartChange::SkirmisherLost,
                unit: u,
                other: self.parent_of(u),
                count: 0,
            });
        } else {
            s.units[usize::from(u)].casualties = after;
        }
    }

    /// 11.5h D, 11.6d: every skirmisher in `hex` goes to the bottom of its stack.
    pub(in crate::nbs) fn skirmishers_to_bottom(
        &self,
        s: &mut State,
        hex: Hex,
        ev: &mut Vec<Event>,
    ) {
        for u in 0..s.units.len() as UnitId {
            let st = &mut s.units[usize::from(u)];
            if st.place == Place::At(hex)
                && st.has(flag::SKIRMISHER_TOP)
                && self.units[usize::from(u)].kind == UnitKind::Skirmisher
            {
                st.flags &= !flag::SKIRMISHER_TOP;
                ev.push(Event::Part {
                    what: PartChange::ToBottom,
                    unit: u,
                    other: None,
                    count: 0,
                });
            }
        }
    }

    /// 11.6d: artillery or a skirmisher in a hex where a friendly unit stands in square is
    /// protected by it and counts as in the square.
    pub(in crate::nbs) fn sheltered_in_square(&self, s: &State, u: UnitId) -> bool {
        let info = &self.units[usize::from(u)];
        if !matches!(info.kind, UnitKind::Artillery | UnitKind::Skirmisher) {
            return false;
        }
        let Some(h) = s.units[usize::from(u)].hex() else {
            return false;
        };
        self.combat_stack(s, h).iter().any(|&x| {
            self.units[usize::from(x)].side == info.side
                && s.units[usize::from(x)].formation == Formation::Square
        })
    }
}
