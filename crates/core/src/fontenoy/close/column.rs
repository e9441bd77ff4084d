//! F-7.1d C: the Infernal Column's infantry may turn a close combat result of 1R, 2R or 3R into
//! 1M, 2M or 3M for one SP more: it takes the SP (and the other side its result), then an
//! MC(G); if it holds, the combat goes on with a renewed round (14.5), no Disorder Check.
//!
//! Readings (docs/coverage/fontenoy.md): the choice is offered when every unit still fighting
//! on the column's side is the column's infantry, and (attacking) not into a hex 7.1d F bars;
//! only the column's side takes the MC(G) (the other side's result is carried out as rolled);
//! if the other side is destroyed or routs by its own result, the round is over as usual; a
//! failed MC(G) loses 1 SP (14.4c) and the other side wins, as when every group of a side
//! fails its MC(G) on an "M" (14.4b).

use alloc::vec::Vec;

use super::{CloseStep, Cont, Outcome};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::event::Event;
use crate::fontenoy::state::{Combat, State, Step};
use crate::fontenoy::tables::close::CcResult;
use crate::hex::Hex;

impl Fontenoy {
    /// F-7.1d C: whether result `r` of combat `c` lets the Infernal Column's side stand; the
    /// side (`true` the attackers).
    pub(crate) fn column_may_stand(&self, s: &State, c: &Combat, r: CcResult) -> Option<bool> {
        s.infernal.column?;
        for (att, groups, res) in [
            (true, &c.attackers, r.attacker),
            (false, &c.defenders, r.defender),
        ] {
            if !res.rout || res.surrender || !(1..=3).contains(&res.sp) {
                continue;
            }
            let units = self.side_units(s, groups);
            if units.is_empty() || !units.iter().all(|&u| self.column_infantry(s, u)) {
                continue;
            }
            if att {
                let hexes: Vec<Hex> = c
                    .defenders
                    .iter()
                    .flat_map(|g| g.hexes.iter().map(|h| h.0))
                    .collect();
                if self.column_attack_barred(&hexes) {
                    continue;
                }
            }
            return Some(att);
        }
        None
    }

    /// The result the kept dice read on the combat as it stands.
    fn kept_result(&self, s: &State, c: &Combat, dice: [u8; 2]) -> CcResult {
        let f = self.combat_figures(s, c);
        let (col, _, drm) = self.close_column(f[0].sp, f[1].sp);
        let cr = [f[0].cr + i16::from(drm[0]), f[1].cr + i16::from(drm[1])];
        self.round_outcome(col, cr, dice).result
    }

    /// F-7.1d C declined: the result as rolled.
    pub(crate) fn column_falls(&self, s: &mut State, dice: [u8; 2], ev: &mut Vec<Event>) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let r = self.kept_result(s, &c, dice);
        self.apply_close_result(s, &c, r, ev);
    }

    /// F-7.1d C taken: nR becomes nM with n+1 SP lost; the other side's result as rolled; then
    /// the column's MC(G).
    pub(crate) fn column_stand(
        &self,
        s: &mut State,
        attacker: bool,
        dice: [u8; 2],
        ev: &mut Vec<Event>,
    ) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let r = self.kept_result(s, &c, dice);
        let (mine, other) = if attacker {
            (r.attacker, r.defender)
        } else {
            (r.defender, r.attacker)
        };
        let lost = mine.sp.saturating_add(1);
        let groups = if attacker { &c.attackers } else { &c.defenders };
        let top = self
            .side_units(s, groups)
            .first()
            .copied()
            .unwrap_or_default();
        ev.push(Event::ColumnStands {
            unit: top,
            sp: lost,
        });
        s.steps.push(Step::Close(CloseStep::Resume(Cont::ColumnMg {
            attacker,
            checked: false,
        })));
        let n = if attacker {
            [lost, other.sp]
        } else {
            [other.sp, lost]
        };
        let gone = self.apply_losses(s, &c, n, ev);
        if gone[0] || gone[1] {
            return;
        }
        let other_groups = if attacker { &c.defenders } else { &c.attackers };
        self.side_result(s, &c, !attacker, other_groups, other, ev);
    }

    /// After the column's losses: its MC(G) (unless the round is already decided); after the
    /// MC(G): a renewed round if it held, else the other side wins.
    pub(crate) fn after_column_mg(
        &self,
        s: &mut State,
        attacker: bool,
        checked: bool,
        ev: &mut Vec<Event>,
    ) {
        let Some(c) = self.current(s).cloned() else {
            return;
        };
        let (mine, theirs) = if attacker {
            (&c.attackers, &c.defenders)
        } else {
            (&c.defenders, &c.attackers)
        };
        if !checked {
            if self.side_units(s, mine).is_empty() || self.side_units(s, theirs).is_empty() {
                self.round_over(s, ev);
                return;
            }
            self.snapshot(s);
            s.steps.push(Step::Close(CloseStep::Resume(Cont::ColumnMg {
                attacker,
                checked: true,
            })));
            let reqs = self.mg_reqs(s, mine);
            self.queue_checks(s, &reqs);
            return;
        }
        let (failed, n) = self.mg_failures(s, mine, ev);
        if failed == n {
            let o = if attacker {
                Outcome::Defender
            } else {
                Outcome::Attacker
            };
            self.decide(s, o, ev);
        } else {
            self.renew(s, ev);
        }
    }
}
