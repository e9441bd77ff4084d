//! 11.5 Extending and shrinking a Line, Hook or March Column during its movement: a Line adds
//! or gives up a hex at either end for 1 MP plus the hex's TET cost and the hexside's (11.5c); a
//! single-hex Hook extends, a two-hex Hook shrinks, only at its unhooked end, for 1 more
//! (11.5e); a March Column adds a hex at its rear for nothing once for each hex its head entered,
//! and pulls its tail into the hex ahead for that hex's cost (11.5d). The SP spread over the
//! hexes follows at once (11.5g, [`geometry::spread`](super::super::geometry::spread)). Forced
//! shrinking after losses (11.5i, 12.9j) reads the longest formation from
//! [`Fontenoy::max_hexes`] too.
//!
//! Readings: the SP that may stand in a formation's hexes are the Infantry Line Formation SP
//! chart's (F-3.1b: the French in four ranks) for infantry, 4 a hex up to 3 hexes for cavalry
//! (8.1a, 8.1d); every combat unit in the formation's hexes must move with it (unlimbered guns
//! under a Line, 10.4d, stay out of it); entering an enemy ZOC costs 1 more (11.9a); a March
//! Column's added rear hex is the one straight behind its tail.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::geometry::{self, Hexes, HookSide, Placed, road_column_length};
use super::super::occupancy::Occupancy;
use super::super::state::State;
use super::super::types::{Formation, Kind, Pts};
use super::super::units::UnitId;
use crate::engine::{Illegal, Side};
use crate::hex::{Direction, Hex};

impl Fontenoy {
    /// The most hexes a formation `f` of `kind` of `side` may cover with `total` SP (8.1a,
    /// 8.1d, 8.1f, 8.1i); `None` where no rule limits it here.
    pub(crate) fn max_hexes(
        &self,
        kind: Kind,
        side: Side,
        f: Formation,
        total: u16,
    ) -> Option<usize> {
        match (kind, f) {
            (_, Formation::RoadColumn) => {
                let per = if kind == Kind::Artillery { 1 } else { 4 };
                Some(road_column_length(total, per))
            }
            (Kind::Cavalry, _) => Some(usize::from(total / 4).clamp(1, 3)),
            (Kind::Infantry, _) => {
                let ranks = usize::from(side == super::super::FRENCH);
                self.tables
                    .fire
                    .line(total)
                    .map(|r| usize::from(r.hexes[ranks]).max(1))
            }
            _ => None,
        }
    }

    /// Whether `group` alone stands in the hexes of `p` (no other combat unit of its side
    /// there), so that it may change its length.
    fn alone_in(&self, s: &State, o: &Occupancy, group: &[UnitId], p: &Placed) -> bool {
        let _ = s;
        p.hexes.as_slice().iter().all(|&h| {
            o.at(self, h)
                .units
                .iter()
                .all(|x| group.contains(x) || !self.units[usize::from(*x)].is_combat())
        })
    }

    /// The lengths `group` at `p` may change to now: each `(hex, extend, after)`, the hex added
    /// or given up (11.5a, 11.5c–e).
    fn resizes(&self, s: &State, group: &[UnitId], p: &Placed) -> Vec<(Hex, bool, Placed)> {
        let mut out = Vec::new();
        let lead = group[0];
        let unit = s.unit(lead);
        let f = unit.formation;
        let n = p.hexes.len();
        let hexes = p.hexes.as_slice();
        let info = &self.units[usize::from(lead)];
        if unit.disordered || !matches!(info.kind, Kind::Infantry | Kind::Cavalry) {
            return out;
        }
        let total: u16 = group.iter().map(|&g| u16::from(s.unit(g).sp)).sum();
        let most = self.max_hexes(info.kind, info.side, f, total).unwrap_or(n);
        let with = |list: &[Hex]| {
            Hexes::from_slice(list).map(|h| Placed {
                hexes: h,
                facing: p.facing,
                hook: p.hook,
            })
        };
        match f {
            Formation::Line | Formation::Hook => {
                let axis = geometry::line_axis(p.facing);
                let right_new = hexes[0].neighbor(axis.opposite());
                let left_new = hexes[n - 1].neighbor(axis);
                // 11.5e: a Hook only at its unhooked end.
                let (right_ok, left_ok) = match p.hook {
                    Some(HookSide::Right) => (false, true),
                    Some(HookSide::Left) => (true, false),
                    None => (true, true),
                };
                let extend = n < most && (f == Formation::Line || n == 1);
                let shrink = n >= 2;
                if extend && right_ok {
                    let mut l = alloc::vec![right_new];
                    l.extend_from_slice(hexes);
                    if let Some(q) = with(&l) {
                        out.push((right_new, true, q));
                    }
                }
                if extend && left_ok {
                    let mut l = hexes.to_vec();
                    l.push(left_new);
                    if let Some(q) = with(&l) {
                        out.push((left_new, true, q));
                    }
                }
                if shrink && right_ok {
                    if let Some(q) = with(&hexes[1..]) {
                        out.push((hexes[0], false, q));
                    }
                }
                if shrink && left_ok {
                    if let Some(q) = with(&hexes[..n - 1]) {
                        out.push((hexes[n - 1], false, q));
                    }
                }
            }
            Formation::MarchColumn => {
                let credit = self.moving(s, lead).map_or(0, |m| m.extend_credit);
                let back = Direction::new(p.facing.index() / 2).map(|d| d.opposite());
                if let (true, true, Some(back)) = (n < most, credit > 0, back) {
                    let tail_new = hexes[n - 1].neighbor(back);
                    let mut l = hexes.to_vec();
                    l.push(tail_new);
                    if let Some(q) = with(&l) {
                        out.push((tail_new, true, q));
                    }
                }
                if n >= 2 {
                    if let Some(q) = with(&hexes[..n - 1]) {
                        out.push((hexes[n - 1], false, q));
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// The cost and DC(A) trigger of changing `group`'s length at `p` to `after` by `hex`, if it
    /// may with `left` MP (11.5c–e, 11.9a, 10.1a).
    #[allow(clippy::too_many_arguments)]
    fn resize_cost(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        hex: Hex,
        extend: bool,
        after: &Placed,
        left: Pts,
    ) -> Result<(Pts, bool), Illegal> {
        let lead = group[0];
        let f = s.unit(lead).formation;
        let class = self.move_class(lead, f);
        // The hex of the formation next to the one added or given up.
        let next = after
            .hexes
            .as_slice()
            .iter()
            .chain(p.hexes.as_slice())
            .copied()
            .find(|&h| h != hex && h.distance(hex) == 1)
            .ok_or_else(|| Illegal::new("engine", "a formation's hexes are adjacent"))?;
        let (cost, dca) = if f == Formation::MarchColumn {
            if extend {
                // 11.5d: free as the head advances.
                self.may_occupy(o, lead, class, hex)?;
                (Pts::ZERO, false)
            } else {
                // 11.5d: the tail pulls into the hex ahead for that hex's terrain.
                let e = self.entry(o, lead, class, hex, next)?;
                (e.hex, false)
            }
        } else {
            // The hex added, or given up, and the hexside between it and the formation.
            let e = self.entry(o, lead, class, next, hex)?;
            let mut c = Pts::ONE.plus(e.hex).plus(e.side);
            if f == Formation::Hook {
                c = c.plus(Pts::ONE); // 11.5e
            }
            (c, e.dca)
        };
        let side = self.units[usize::from(lead)].side;
        let cost = if extend && o.ezoc(self, hex, side) {
            cost.plus(Pts::ONE)
        } else {
            cost
        };
        // 7.6c (command/ooc.rs).
        self.ooc_change_ok(s, o, group, p, after)?;
        if !self.alone_in(s, o, group, p) {
            return Err(Illegal::new(
                "11.5a",
                "only a formation standing alone in its hexes changes its length (a reading)",
            ));
        }
        self.pay_then_stay_or_go(
            s,
            o,
            group,
            after,
            f,
            cost,
            left,
            "11.5b",
            "changing its length",
            false,
        )?;
        Ok((cost, dca))
    }

    /// The extensions and shrinkings `group` at `p` may make with `left` MP, as actions.
    pub(super) fn resize_actions(
        &self,
        s: &State,
        o: &Occupancy,
        group: &[UnitId],
        p: &Placed,
        left: Pts,
        out: &mut Vec<super::super::action::Action>,
    ) {
        use super::super::action::Action;
        let unit = group[0];
        for (hex, extend, after) in self.resizes(s, group, p) {
            if self
                .resize_cost(s, o, group, p, hex, extend, &after, left)
                .is_ok()
            {
                out.push(if extend {
                    Action::Extend { unit, to: hex }
                } else {
                    Action::Shrink { unit, from: hex }
                });
            }
        }
    }

    /// 11.5: extends (`extend`) or shrinks `unit`'s formation and its group by `hex`.
    pub(super) fn apply_resize(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        hex: Hex,
        extend: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (group, p) = self.mover_group(s, unit)?;
        let f = s.unit(unit).formation;
        let Some((_, _, after)) = self
            .resizes(s, &group, &p)
            .into_iter()
            .find(|(h, e, _)| *h == hex && *e == extend)
        else {
            return Err(Illegal::new(
                "11.5a",
                format!(
                    "{} cannot {} {} now (a non-Disordered Line, Hook or March Column, with the SP for its hexes)",
                    self.unit_name(unit),
                    if extend { "extend into" } else { "give up" },
                    self.label(hex)
                ),
            ));
        };
        let left = self.group_left(s, &group);
        let (cost, dca) = self.resize_cost(s, o, &group, &p, hex, extend, &after, left)?;
        self.shift(s, &group, after, cost, dca);
        if extend && f == Formation::MarchColumn {
            for &g in &group {
                if let Some(m) = self.record(s, g) {
                    m.extend_credit = m.extend_credit.saturating_sub(1);
                }
            }
        }
        ev.push(Event::Resized {
            unit,
            hex,
            hexes: after.hexes.len() as u8,
            extended: extend,
            cost,
        });
        self.after_step(s, &group, ev);
        // 8.4i: extending into a hex that forces General Order collapses the unit into it
        // (with its own Fire Reaction, rearward.rs).
        if extend {
            self.general_order_by_terrain(s, &group, f, &after, ev);
            if s.unit(unit).formation == Formation::GeneralOrder {
                return Ok(());
            }
        }
        // 11.5h, 12.8c: a Fire Reaction once the change is complete.
        self.reaction_after_change(s, unit, f, p, ev);
        Ok(())
    }

    /// 11.5d: a March Column's head entered a hex; its rear may follow for nothing.
    pub(super) fn credit_head_step(&self, s: &mut State, group: &[UnitId], f: Formation) {
        if f != Formation::MarchColumn {
            return;
        }
        for &g in group {
            if let Some(m) = self.record(s, g) {
                m.extend_credit = m.extend_credit.saturating_add(1);
            }
        }
    }
}
