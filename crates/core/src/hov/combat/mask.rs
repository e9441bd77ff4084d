//! §44–§50 (with ¶128 3, ¶150 1, ¶199 3): masking an enemy-held Fort. In his Combat Phase the
//! phasing player may try to mask a Fort next to his forces when they have at least two-thirds
//! of the face-value strength inside (§44); the Fort Masking Table (§45) gives the die needed by
//! the attempt's number and the ratio (reading A14). A Fort under a masking attempt or masked
//! need not be attacked by the masking side (§46, reading N12); a masked Fort may not be
//! attacked at all, and its forces fight as if outside the walls (§47–§48). The marker goes
//! when the Fort is no longer held by the enemy or the maskers are no longer adequate (§46).

use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::board::Water;
use super::super::event::Event;
use super::super::state::{LeaderId, LeaderPlace, Mask, State};
use crate::engine::Side;
use crate::hex::{Direction, Hex};

/// §44–§45: the Fort Masking Table's column for `maskers` SP against `inside` SP: 0 for 1:1.5,
/// 1 for 1:1, 2 for 1.5:1, 3 for 2:1 (the highest column reached, reading A14); `None` below
/// 1:1.5.
pub fn mask_column(maskers: u32, inside: u32) -> Option<usize> {
    if inside == 0 {
        return None;
    }
    if maskers >= 2 * inside {
        Some(3)
    } else if 2 * maskers >= 3 * inside {
        Some(2)
    } else if maskers >= inside {
        Some(1)
    } else if 3 * maskers >= 2 * inside {
        Some(0)
    } else {
        None
    }
}

impl Hov {
    /// A Fort (§41): a Fortified Town or a Citadel.
    pub fn is_fort(&self, h: Hex) -> bool {
        self.board.hex(h).settlement.fort()
    }

    /// The face-value SP of `side`'s forces and map garrisons in `hex` (§44).
    pub fn face_sp(&self, s: &State, side: Side, hex: Hex) -> u32 {
        let fls = self.forces_at(s, side, hex);
        let gs = self.garrisons_at(s, side, hex);
        let members = self.members(s, &fls);
        self.pieces(s, &members, &gs)
            .iter()
            .map(|&p| u32::from(self.piece_sp(s, p)))
            .sum()
    }

    /// The forces of `side` next to `fort`, each with the direction from the fort toward it
    /// (not across a lake), in direction order then id order.
    pub fn forces_next_to(&self, s: &State, side: Side, fort: Hex) -> Vec<(LeaderId, Direction)> {
        let mut out = Vec::new();
        for d in Direction::ALL {
            let n = fort.neighbor(d);
            if !self.board.on_map(n) || self.board.side(fort, d).water == Water::Lake {
                continue;
            }
            out.extend(self.forces_at(s, side, n).into_iter().map(|l| (l, d)));
        }
        out
    }

    /// The face-value SP of `side`'s forces next to `fort` (§44, §46).
    fn masking_sp(&self, s: &State, side: Side, fort: Hex) -> u32 {
        let fls: Vec<LeaderId> = self
            .forces_next_to(s, side, fort)
            .into_iter()
            .map(|(l, _)| l)
            .collect();
        let members = self.members(s, &fls);
        self.pieces(s, &members, &[])
            .iter()
            .map(|&p| u32::from(self.piece_sp(s, p)))
            .sum()
    }

    /// The Fort Masking Table column `side` reaches against `fort` now (§44–§45).
    pub fn masking_column(&self, s: &State, side: Side, fort: Hex) -> Option<usize> {
        mask_column(
            self.masking_sp(s, side, fort),
            self.face_sp(s, side.other(), fort),
        )
    }

    /// §44: whether `side` may roll to mask `fort` now: an enemy-held Fort next to its forces,
    /// at least 1:1.5, not already masked nor rolled for this phase; a bridgehead Fort has
    /// maskers on both banks; no force of the Fort's side stands next to it on its bank.
    pub fn may_mask(&self, s: &State, side: Side, fort: Hex) -> bool {
        if !self.is_fort(fort) || self.masking_column(s, side, fort).is_none() {
            return false;
        }
        if s.masks
            .iter()
            .any(|m| m.hex == fort && (m.masked || m.tried || m.by != side))
        {
            return false;
        }
        let primary = |d: Direction| self.board.side(fort, d).water == Water::Primary;
        // §44 4: relieved by a friendly force on the Fort's bank.
        if self
            .forces_next_to(s, side.other(), fort)
            .iter()
            .any(|&(_, d)| !primary(d))
        {
            return false;
        }
        // §44 3: a bridgehead Fort needs maskers on each bank.
        let bridgehead = Direction::ALL
            .iter()
            .any(|&d| self.board.hex(fort.neighbor(d)).bridgehead);
        if bridgehead {
            let near = self.forces_next_to(s, side, fort);
            if !near.iter().any(|&(_, d)| primary(d)) || !near.iter().any(|&(_, d)| !primary(d)) {
                return false;
            }
        }
        true
    }

    /// The Forts the phasing player may try to mask now, as actions, in hex order.
    pub fn mask_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = s.phasing;
        let mut forts: Vec<Hex> = Vec::new();
        for (i, l) in s.leaders.iter().enumerate() {
            let LeaderPlace::Map(h) = l.place else {
                continue;
            };
            if self.manifest.leaders[i].side != side || !self.is_force(s, i as LeaderId) {
                continue;
            }
            for n in h.neighbors() {
                if self.board.on_map(n) && !forts.contains(&n) && self.may_mask(s, side, n) {
                    forts.push(n);
                }
            }
        }
        forts.sort_unstable();
        out.extend(forts.into_iter().map(|fort| Action::Mask { fort }));
    }

    /// A masking die to roll now (§44).
    pub fn mask_pending(&self, s: &State) -> bool {
        s.masks.iter().any(|m| m.pending)
    }

    /// §44: the phasing player puts (or keeps) his marker on `fort` and rolls this phase's
    /// attempt; an automatic entry of the table succeeds at once (reading A14).
    pub fn begin_mask(&self, s: &mut State, ev: &mut Vec<Event>, fort: Hex) {
        let side = s.phasing;
        let i = match s.masks.iter().position(|m| m.hex == fort && m.by == side) {
            Some(i) => i,
            None => {
                s.masks.push(Mask {
                    hex: fort,
                    by: side,
                    attempts: 0,
                    masked: false,
                    pending: false,
                    tried: false,
                });
                s.masks.len() - 1
            }
        };
        s.masks[i].tried = true;
        if self.mask_need(s, i) == 0 {
            self.settle_mask(s, ev, i, None);
        } else {
            s.masks[i].pending = true;
        }
    }

    /// The die needed for mask `i`'s next attempt (0: automatic), §45 and reading A14.
    fn mask_need(&self, s: &State, i: usize) -> u8 {
        let m = s.masks[i];
        let col = self.masking_column(s, m.by, m.hex).unwrap_or(0);
        let row = usize::from(m.attempts).min(self.charts.masking.len().saturating_sub(1));
        self.charts
            .masking
            .get(row)
            .map_or(0, |r| r.get(col).copied().unwrap_or(0))
    }

    /// The masking die (§44–§45).
    pub fn roll_mask(&self, s: &mut State, ev: &mut Vec<Event>, roll: u8) {
        if let Some(i) = s.masks.iter().position(|m| m.pending) {
            self.settle_mask(s, ev, i, Some(roll));
        }
    }

    fn settle_mask(&self, s: &mut State, ev: &mut Vec<Event>, i: usize, roll: Option<u8>) {
        let need = self.mask_need(s, i);
        let m = &mut s.masks[i];
        m.pending = false;
        m.attempts = m.attempts.saturating_add(1);
        m.masked = roll.is_none_or(|r| r >= need);
        ev.push(Event::MaskRoll {
            side: m.by,
            fort: m.hex,
            attempt: m.attempts,
            need,
            roll,
            masked: m.masked,
        });
    }

    /// §46 2: the markers whose Fort is no longer held by the enemy, or whose maskers are no
    /// longer adequate, are removed (at the end of a battle and when a phase begins).
    pub fn check_masks(&self, s: &mut State, ev: &mut Vec<Event>) {
        let mut keep = Vec::new();
        for m in core::mem::take(&mut s.masks) {
            if m.pending || self.masking_column(s, m.by, m.hex).is_some() {
                keep.push(m);
            } else {
                ev.push(Event::MaskRemoved {
                    side: m.by,
                    fort: m.hex,
                });
            }
        }
        s.masks = keep;
    }

    /// §44, §46, reading N12: whether `side` has its marker (attempt or success) on `fort`.
    pub fn masking(&self, s: &State, side: Side, fort: Hex) -> bool {
        s.masks.iter().any(|m| m.hex == fort && m.by == side)
    }

    /// §47–§48: a masked Fort.
    pub fn masked(&self, s: &State, fort: Hex) -> bool {
        s.masks.iter().any(|m| m.hex == fort && m.masked)
    }

    /// ¶199 3: a force of `side` at `h` next to a Fort its side masks (or tries to).
    pub fn is_masking_force(&self, s: &State, side: Side, h: Hex) -> bool {
        h.neighbors()
            .into_iter()
            .any(|n| self.is_fort(n) && self.masking(s, side, n))
    }

    /// §50: the Forts with enough enemy forces next to them at the start are masked.
    pub fn masks_at_start(&self, s: &mut State) {
        let mut forts: Vec<Hex> = self
            .board
            .grid
            .hexes()
            .into_iter()
            .filter(|&h| self.is_fort(h))
            .collect();
        forts.sort_unstable();
        for fort in forts {
            for side in [crate::hov::types::FRENCH, crate::hov::types::COALITION] {
                if self.face_sp(s, side.other(), fort) > 0
                    && self.masking_column(s, side, fort).is_some()
                    && !self.masking(s, side, fort)
                {
                    s.masks.push(Mask {
                        hex: fort,
                        by: side,
                        attempts: 0,
                        masked: true,
                        pending: false,
                        tried: false,
                    });
                }
            }
        }
    }
}
