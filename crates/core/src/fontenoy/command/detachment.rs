//! 24.0 Detachments: Divisions under a Detachment Commander who acts as their CinC (24.1),
//! activated apart from the main army and Restricted when their activations are interrupted
//! (24.2), rejoining in a Rally Phase (24.3); F-7.8 the Allied Detachments' commanders.
//!
//! Other sections (F-3.8 Lowendahl, F-7.8 set-up) form a Detachment with
//! [`Fontenoy::form_detachment`] and ask [`Fontenoy::force_of`] / [`Fontenoy::same_force`]
//! whether counters belong to the same force (24.1d: no grouping across forces).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::occupancy::Occupancy;
use super::super::state::{Detachment, SpecialKind, SpecialStep, State, Step};
use super::super::types::{Kind, Nationality, Tracer};
use super::super::units::{DivId, UnitId};
use crate::engine::{Illegal, Side};

/// The most Divisions an Allied Detachment holds (F-7.8b–d).
pub const ALLIED_DETACHMENT_MAX: usize = 8;

impl Fontenoy {
    /// Forms a Detachment of `side` under `commander` with `divisions` and `independents`
    /// (24.1a); its index. Refused when a Division already belongs to one (24.3b) or the
    /// commander's Detachment has rejoined (24.3d).
    pub fn form_detachment(
        &self,
        s: &mut State,
        commander: UnitId,
        divisions: Vec<DivId>,
        independents: Vec<UnitId>,
    ) -> Result<u8, Illegal> {
        let side = self.units[usize::from(commander)].side;
        if divisions.is_empty() {
            return Err(Illegal::new(
                "24.1a",
                "a Detachment holds at least one Division",
            ));
        }
        if self.units[usize::from(commander)].kind != Kind::Commander {
            return Err(Illegal::new(
                "24.1a",
                format!("{} is no commander", self.unit_name(commander)),
            ));
        }
        if s.special
            .detachments
            .iter()
            .any(|x| x.commander == commander)
        {
            return Err(Illegal::new(
                "24.3d",
                format!(
                    "{} already leads a Detachment, or led one that rejoined",
                    self.unit_name(commander)
                ),
            ));
        }
        for &d in &divisions {
            let ok = self
                .org
                .divisions
                .get(usize::from(d))
                .is_some_and(|x| x.side == side);
            if !ok || self.detachment_of(s, d).is_some() {
                return Err(Illegal::new(
                    "24.3b",
                    format!(
                        "{} cannot join this Detachment: not of its army, or already in one",
                        self.division_name(d)
                    ),
                ));
            }
        }
        s.special.detachments.push(Detachment {
            side,
            commander,
            divisions,
            independents,
            rejoined: false,
            restricted: false,
        });
        Ok((s.special.detachments.len() - 1) as u8)
    }

    /// The Detachment (not rejoined) that Division `d` belongs to.
    pub fn detachment_of(&self, s: &State, d: DivId) -> Option<u8> {
        s.special
            .detachments
            .iter()
            .position(|x| !x.rejoined && x.divisions.contains(&d))
            .map(|k| k as u8)
    }

    /// The force counter `u` belongs to: `Some(k)` for Detachment `k` (its commander, its
    /// Divisions' counters and its Independents), `None` for the main army.
    pub fn force_of(&self, s: &State, u: UnitId) -> Option<u8> {
        if s.special.detachments.is_empty() {
            return None;
        }
        let div = self
            .org
            .division_of
            .get(usize::from(u))
            .copied()
            .flatten()
            .or_else(|| self.commands_division(s, u));
        s.special
            .detachments
            .iter()
            .position(|x| {
                !x.rejoined
                    && (x.commander == u
                        || x.independents.contains(&u)
                        || div.is_some_and(|d| x.divisions.contains(&d)))
            })
            .map(|k| k as u8)
    }

    /// 24.1d: whether `u` and `v` may group (both of the main army or of one Detachment).
    pub fn same_force(&self, s: &State, u: UnitId, v: UnitId) -> bool {
        self.force_of(s, u) == self.force_of(s, v)
    }

    /// The commander acting as CinC for Division `d` (24.1a, 24.1b): its Detachment's
    /// commander, else the army's CinC.
    pub(crate) fn cinc_for(&self, s: &State, side: Side, d: Option<DivId>) -> Option<UnitId> {
        d.and_then(|d| self.detachment_of(s, d))
            .map(|k| s.special.detachments[usize::from(k)].commander)
            .or(s.armies[side.index()].cinc)
            .filter(|&c| s.unit(c).on_map())
    }

    /// Whether commander `c` leads a Detachment now (24.1b: always In Command).
    pub fn leads_detachment(&self, s: &State, c: UnitId) -> bool {
        self.lowendahl_leads_detachment(s, c)
            || s.special
                .detachments
                .iter()
                .any(|x| !x.rejoined && x.commander == c)
    }

    /// 24.2b: the activation of `divisions` by `side` begins: a Detachment whose Division the
    /// side activated last and that is not continued now is Restricted for the turn. An
    /// activation the opponent imposed by a Special Result does not count (F-7.8a). Whether
    /// the new activation is Restricted.
    pub(crate) fn detachment_activation(
        &self,
        s: &mut State,
        side: Side,
        divisions: &[DivId],
    ) -> bool {
        if s.special.detachments.is_empty() {
            return false;
        }
        let now = divisions.first().and_then(|&d| self.detachment_of(s, d));
        let imposed = s.special.act.as_ref().is_some_and(|a| {
            matches!(
                a.kind,
                SpecialKind::Lethargy | SpecialKind::ViveLeRoi | SpecialKind::HastyOrders
            )
        });
        if !imposed {
            let last = s.special.last_detachment[side.index()];
            if let Some(k) = last.filter(|&k| Some(k) != now) {
                if let Some(x) = s.special.detachments.get_mut(usize::from(k)) {
                    x.restricted = true;
                }
            }
            s.special.last_detachment[side.index()] = now;
        }
        now.is_some_and(|k| s.special.detachments[usize::from(k)].restricted)
    }

    /// 24.3a: the Detachments of `side` that may rejoin now (the CinC's Line of Command
    /// reaches their commander).
    pub fn rejoinable(&self, s: &State, side: Side) -> Vec<u8> {
        let Some(cinc) = s.armies[side.index()].cinc.filter(|&c| s.unit(c).on_map()) else {
            return Vec::new();
        };
        if s.special.detachments.is_empty() {
            return Vec::new();
        }
        let o = Occupancy::build(self, s);
        s.special
            .detachments
            .iter()
            .enumerate()
            .filter(|(_, x)| {
                x.side == side
                    && !x.rejoined
                    && s.unit(x.commander).on_map()
                    && self.loc_reaches(s, &o, cinc, Tracer::ArmyOrWing, x.commander)
            })
            .map(|(k, _)| k as u8)
            .collect()
    }

    /// The Rally Phase begins: each Detachment that may rejoin asks its player (24.3a).
    pub(crate) fn queue_rejoins(&self, s: &mut State) {
        for side in [Side(1), Side(0)] {
            for k in self.rejoinable(s, side).into_iter().rev() {
                s.steps.push(Step::Special(SpecialStep::Rejoin {
                    side,
                    detachment: k,
                }));
            }
        }
    }

    /// The choices at a rejoin decision (24.3a).
    pub(crate) fn rejoin_actions(&self, detachment: u8, out: &mut Vec<Action>) {
        out.push(Action::RejoinDetachment {
            detachment,
            rejoin: true,
        });
        out.push(Action::RejoinDetachment {
            detachment,
            rejoin: false,
        });
    }

    /// Applies a rejoin decision (24.3a, 24.3c).
    pub(crate) fn apply_rejoin_detachment(
        &self,
        s: &mut State,
        side: Side,
        detachment: u8,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::RejoinDetachment {
            detachment: k,
            rejoin,
        } = *a
        else {
            return Err(Illegal::new(
                "24.3a",
                format!("{a:?} is not a rejoin decision"),
            ));
        };
        if k != detachment || !self.rejoinable(s, side).contains(&k) {
            return Err(Illegal::new(
                "24.3a",
                format!("Detachment {k} may not rejoin now"),
            ));
        }
        if rejoin {
            if let Some(x) = s.special.detachments.get_mut(usize::from(k)) {
                x.rejoined = true;
                x.restricted = false;
            }
            for l in &mut s.special.last_detachment {
                if *l == Some(k) {
                    *l = None;
                }
            }
        }
        ev.push(Event::DetachmentRejoins {
            side,
            detachment: k,
            rejoined: rejoin,
        });
        Ok(())
    }

    /// F-7.8b, F-7.8d: whether Division `d`'s nationality suits the Detachment of `leader`
    /// (Waldeck: Dutch; Ligonier: English, Hanoverian or Austrian; Konigsegg: any).
    pub(crate) fn detachment_nation_fits(&self, leader: UnitId, d: DivId) -> bool {
        let nation = self.org.divisions.get(usize::from(d)).and_then(|x| {
            x.commander
                .or_else(|| x.units.first().copied())
                .map(|u| self.units[usize::from(u)].nationality)
        });
        let id = self.units[usize::from(leader)].id.as_str();
        if id.contains("waldeck") {
            nation == Some(Nationality::Dutch)
        } else if id.contains("ligonier") {
            matches!(
                nation,
                Some(Nationality::English | Nationality::Hanoverian | Nationality::Austrian)
            )
        } else {
            true
        }
    }

    /// F-7.8b–d: whether `commander` may lead an Allied Detachment of `divisions` (Waldeck up
    /// to eight Dutch Divisions; Konigsegg up to eight, Moltke's reserve among them; Ligonier
    /// up to eight English, Hanoverian or Austrian Divisions).
    pub fn allied_detachment_ok(
        &self,
        commander: UnitId,
        divisions: &[DivId],
    ) -> Result<(), Illegal> {
        let id = self.units[usize::from(commander)].id.as_str();
        if divisions.is_empty() || divisions.len() > ALLIED_DETACHMENT_MAX {
            return Err(Illegal::new(
                "F-7.8a",
                "an Allied Detachment holds one to eight Divisions",
            ));
        }
        let moltke = |d: DivId| {
            self.org.divisions.get(usize::from(d)).is_some_and(|x| {
                x.commander
                    .is_some_and(|c| self.units[usize::from(c)].id.contains("moltke"))
            })
        };
        if id.contains("waldeck") {
            if divisions
                .iter()
                .all(|&d| self.detachment_nation_fits(commander, d))
            {
                return Ok(());
            }
            return Err(Illegal::new("F-7.8b", "Waldeck leads only Dutch Divisions"));
        }
        if id.contains("konigsegg") || id.contains("konigseck") {
            if divisions.iter().any(|&d| moltke(d)) {
                return Ok(());
            }
            return Err(Illegal::new(
                "F-7.8c",
                "Konigsegg's Detachment must hold Moltke's reserve Division",
            ));
        }
        if id.contains("ligonier") {
            let ok = divisions
                .iter()
                .all(|&d| self.detachment_nation_fits(commander, d));
            if ok {
                return Ok(());
            }
            return Err(Illegal::new(
                "F-7.8d",
                "Ligonier leads only English, Hanoverian or Austrian Divisions",
            ));
        }
        Err(Illegal::new(
            "F-7.8a",
            format!(
                "{} may not lead an Allied Detachment (Waldeck, Konigsegg or Ligonier)",
                self.unit_name(commander)
            ),
        ))
    }
}
