//! §73–§74 for the vedette combats of `vedette/combat.rs`: what each side brings and the CRT
//! cell the die reads (¶146 steps 6–7, ¶160–¶165).

use super::super::Hov;
use super::super::board::{Ground, Settlement, Water};
use super::super::charts::CrtCell;
use super::super::state::{Skirmish, State};
use super::odds::{clamp_die, odds};
use super::strength::{Forces, Terrain, compare};

impl Hov {
    /// What each side brings: a Force's pieces, the enemy Forces and garrisons in the hex
    /// attacked, or one vedette.
    pub(crate) fn skirmish_forces(&self, s: &State, k: &Skirmish) -> (Forces, Forces) {
        let lone = Forces {
            vedettes: 1,
            ..Forces::default()
        };
        let att = match k.leader {
            Some(l) => self.strengths(s, &self.pieces(s, &self.members(s, &[l]), &[])),
            None => lone,
        };
        let def = if k.defender.is_some() {
            lone
        } else {
            let enemy = s.phasing.other();
            let fls = self.forces_at(s, enemy, k.target);
            let gs = self.garrisons_at(s, enemy, k.target);
            self.strengths(s, &self.pieces(s, &self.members(s, &fls), &gs))
        };
        (att, def)
    }

    /// ¶146 step 3a: each side's strength to announce, attacker then defender (a vedette
    /// counts one).
    pub(crate) fn skirmish_sp(&self, s: &State, k: &Skirmish) -> (u32, u32) {
        let (att, def) = self.skirmish_forces(s, k);
        let sp = |f: &Forces| (f.real() + f.art).max(f.vedettes.min(1));
        (sp(&att), sp(&def))
    }

    /// ¶146 steps 6–7 for a vedette combat: the column and die modifier at the odds of §74 (a
    /// vedette ½ SP, never a Fort's benefit — the real defenders of a Fortified Town keep
    /// theirs, §42 — and the terrain's other effects, ¶166), on the Affecting line where the
    /// hex or hexside calls for it (¶163), the cell `die` reads, and the defenders' exact SP.
    pub(crate) fn vedette_combat_cell(
        &self,
        s: &State,
        k: &Skirmish,
        die: u8,
    ) -> (u8, i8, CrtCell, u32) {
        let (att, def) = self.skirmish_forces(s, k);
        let target = self.board.hex(k.target);
        let mut t = Terrain {
            attacker_in_swamp: self.board.hex(k.from).ground == Ground::Swamp,
            defender_in_swamp: target.ground == Ground::Swamp,
            defender_in_woods: self.wooded(k.target),
            ..Terrain::default()
        };
        if k.defender.is_none()
            && target.settlement == Settlement::FortifiedTown
            && !self.masked(s, k.target)
        {
            t.fort_sp = self
                .fort_inside(s, s.phasing.other(), k.target)
                .min(def.real());
        }
        let c = compare(&att, &def, &t);
        let side = k
            .from
            .direction_to(k.target)
            .map(|d| self.board.side(k.from, d));
        let affecting = target.affecting
            || side.is_some_and(|x| {
                x.water == Water::Secondary || (x.water == Water::Primary && x.bridge)
            });
        let header = if affecting && !self.charts.crt_affecting.is_empty() {
            &self.charts.crt_affecting
        } else {
            &self.charts.crt_columns
        };
        let o = odds(c.att, c.def, header, 0);
        let final_die = clamp_die(i16::from(die) + i16::from(o.drm));
        let cell = self
            .charts
            .crt
            .get(o.column)
            .map(|c| c[usize::from(final_die)])
            .unwrap_or_default();
        (o.column as u8, o.drm, cell, def.real() + def.art)
    }
}
