//! 10.7 Passage of Lines: a unit that enters a hex held by friendly units and leaves it again
//! passes through them; when they differ from it (type, facing, formation, Formed or
//! Disordered, morale) or the hex could not hold them all, it owes a Movement Disorder Check
//! (A) with the Disorder Check Table's Passage of Lines modifier (10.7c), and so do the units it
//! passed through, once its movement is over (10.7a, 18.2g; 18.5e, 19.4d). Not a Passage
//! (10.7b): a Line through a Line that does not turn in the hex, a skirmisher, a retreat (20.x),
//! a unit ending its move there, a unit leaving the group it began in (a split, 10.8).

use alloc::string::String;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{CheckKind, CheckReq, State, Step};
use super::super::types::{DisorderCheck, Formation, Kind, Morale};
use super::super::units::UnitId;

/// The Disorder Check Table's Passage of Lines rows (10.7c), in the order 10.7a lists them.
const ROWS: [&str; 6] = [
    "passage_of_lines_different_type",
    "passage_of_lines_different_facing",
    "passage_of_lines_different_formation",
    "passage_of_lines_over_stacking",
    "passage_of_lines_different_organisation",
    "passage_of_lines_different_morale",
];

impl Fontenoy {
    /// The Passage of Lines rows (indices into [`ROWS`]) that hold between the moving `group`
    /// standing at `from` and the stationary unit `x` (10.7a, 18.5e, 19.4d); empty when it is
    /// no Passage.
    fn passage_rows(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        from: &Placed,
        x: UnitId,
    ) -> Vec<usize> {
        let mut rows = Vec::new();
        let lead = group[0];
        let me = s.unit(lead);
        let it = s.unit(x);
        let Some(q) = it.placed() else {
            return rows;
        };
        let (kind, xkind) = (
            self.units[usize::from(lead)].kind,
            self.units[usize::from(x)].kind,
        );
        if kind != xkind {
            rows.push(0);
        }
        if from.facing != q.facing {
            rows.push(1);
        }
        if me.formation != it.formation {
            rows.push(2);
        }
        if me.disordered != it.disordered {
            rows.push(4);
        }
        let routed = |m: Morale| m == Morale::Routed;
        let shaken = |m: Morale| m == Morale::Shaken;
        if routed(me.morale) != routed(it.morale) || shaken(me.morale) != shaken(it.morale) {
            rows.push(5);
        }
        if rows.is_empty() && !self.fits_at(s, o, group, from, me.formation) {
            rows.push(3);
        }
        rows
    }

    /// 10.7a: `group` is about to step from `from` to `to`: for each friendly unit in a hex it
    /// leaves, a hex it entered by a step this segment, records a Passage of Lines when one
    /// occurs (its DC(A) modifier on the movers, the unit passed through for its own check).
    pub(super) fn note_passage(
        &self,
        s: &mut State,
        o: &Occupancy,
        group: &[UnitId],
        from: &Placed,
        to: &Placed,
        ev: &mut Vec<Event>,
    ) {
        let Some(&lead) = group.first() else { return };
        if !self.units[usize::from(lead)].is_combat() {
            return;
        }
        // 10.7b: a skirmisher passes through anything; a unit leaving the hex it began in
        // splits from its group.
        let Some(entered) = self.moving(s, lead).and_then(|m| m.entered) else {
            return;
        };
        if self.is_skirmisher(s, lead) {
            return;
        }
        let side = self.units[usize::from(lead)].side;
        let line = |f: Formation, k: Kind| f == Formation::Line && k == Kind::Infantry;
        let my_line = line(s.unit(lead).formation, self.units[usize::from(lead)].kind);
        let t = &self.tables.checks;
        for &h in from.hexes.as_slice() {
            if to.hexes.contains(h) {
                continue;
            }
            let stationary: Vec<UnitId> = o
                .at(self, h)
                .units
                .iter()
                .copied()
                .filter(|&x| {
                    let info = &self.units[usize::from(x)];
                    info.is_combat() && info.side == side && !group.contains(&x)
                })
                .collect();
            if stationary.is_empty() {
                continue;
            }
            // 10.7b: an infantry Line through infantry Lines, not turning in the hex, whatever
            // the facings and SP; a difference of organisation or morale still counts (18.5e,
            // 19.4d: a reading, those rules name no exception).
            let line_through_line = my_line
                && entered.facing == from.facing
                && stationary
                    .iter()
                    .all(|&x| line(s.unit(x).formation, self.units[usize::from(x)].kind));
            let mut through = Vec::new();
            let mut why = String::new();
            let mut worst = 0i16;
            for &x in &stationary {
                let mut rows = self.passage_rows(s, o, group, from, x);
                if line_through_line {
                    rows.retain(|&r| r >= 4);
                }
                let Some(&first) = rows.first() else { continue };
                let m = rows
                    .iter()
                    .map(|&r| t.disorder_mod(ROWS[r], DisorderCheck::A))
                    .max()
                    .unwrap_or(0);
                let already = s
                    .activation
                    .as_ref()
                    .is_some_and(|a| a.passed.iter().any(|p| p.0 == lead && p.1 == x));
                if already {
                    continue;
                }
                if why.is_empty() {
                    why = String::from(ROWS[first]);
                }
                worst = worst.max(m);
                through.push(x);
                if let Some(a) = s.activation.as_mut() {
                    a.passed.push((lead, x, m));
                }
            }
            if through.is_empty() {
                continue;
            }
            // One modifier per unit passed through (the 18.2b example: +10 for "another unit").
            let total = worst.saturating_mul(through.len() as i16);
            for &g in group {
                if let Some(m) = self.record(s, g) {
                    m.passage = m.passage.saturating_add(total);
                }
            }
            ev.push(Event::PassageOfLines {
                unit: lead,
                hex: h,
                through,
                why,
                er_mod: total,
            });
        }
    }

    /// Records where a step put `group` (10.7a: the hexes it may later pass out of).
    pub(super) fn note_entered(&self, s: &mut State, group: &[UnitId], at: Placed) {
        for &g in group {
            if let Some(m) = self.record(s, g) {
                m.entered = Some(at);
            }
        }
    }

    /// 10.7a, 18.2g: `mover`'s movement is over: each non-Routed unit it passed through
    /// takes DC(A) with the Passage modifier, one check for each stationary group, after the
    /// mover's own checks.
    pub(crate) fn passage_checks(&self, s: &mut State, mover: UnitId) {
        let Some(a) = s.activation.as_mut() else {
            return;
        };
        let mine: Vec<(UnitId, UnitId, i16)> =
            a.passed.iter().copied().filter(|p| p.0 == mover).collect();
        if mine.is_empty() {
            return;
        }
        a.passed.retain(|p| p.0 != mover);
        let dca = CheckKind::Disorder(DisorderCheck::A);
        for (_, x, m) in mine {
            let unit = s.unit(x);
            if !unit.on_map() || unit.morale == Morale::Routed || self.is_skirmisher(s, x) {
                continue;
            }
            let group = self.stack_of(s, x);
            let queued = s.steps.iter().any(|st| match st {
                Step::Check(r) => r.kind == dca && group.contains(&r.unit),
                _ => false,
            });
            if queued {
                continue;
            }
            // 18.2f: after the mover's own checks; the steps stack, so it goes under them.
            s.steps.insert(
                0,
                Step::Check(CheckReq {
                    unit: self.checking_unit(&group).unwrap_or(x),
                    kind: dca,
                    er_mod: m,
                }),
            );
        }
    }
}
