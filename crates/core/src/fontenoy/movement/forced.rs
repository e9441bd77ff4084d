//! 11.4 Forced March: infantry or cavalry in Line, Attack Column, Road or March Column declares
//! it before it moves (11.4a: "when the unit is activated"; here, in its Movement Segment before
//! it spends MP, a reading) for half its printed MP more (round down); once its movement is
//! over it takes DC(A) at +5 (checks/disorder.rs). Not for the Disordered, Skirmish, Square,
//! Hook or General Order, guns and commanders, Out of Command units or those whose Division
//! Commander is Out of Command unless grouped with their Army or Wing Commander (11.4b, 7.5).
//! Line Rearward Movement is then barred (11.7b, rearward.rs); Oblique Movement is not (11.4c).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::state::State;
use super::super::types::{Formation, Kind, Pts, round_down};
use super::super::units::UnitId;
use crate::engine::Illegal;

impl Fontenoy {
    /// Why `u` may not declare Forced March now, if it may not (11.4a, 11.4b).
    fn forced_march_bar(&self, s: &State, u: UnitId) -> Option<&'static str> {
        let info = &self.units[usize::from(u)];
        let unit = s.unit(u);
        if !matches!(info.kind, Kind::Infantry | Kind::Cavalry) {
            return Some("artillery and commanders never Forced March");
        }
        if !matches!(
            unit.formation,
            Formation::Line
                | Formation::AttackColumn
                | Formation::RoadColumn
                | Formation::MarchColumn
        ) {
            return Some("only a Line, Attack Column, Road or March Column Forced Marches");
        }
        if unit.disordered {
            return Some("a Disordered unit does not Forced March");
        }
        if unit.command != Some(true) {
            return Some("an Out of Command unit does not Forced March");
        }
        if self.moving(s, u).is_some() {
            return Some("Forced March is declared before the unit moves");
        }
        if self.lethargic(s, u) {
            return Some("a Division under Command Lethargy does not Forced March (F-8.2e)");
        }
        // 11.4b, 7.5: its Division Commander Out of Command, it must stand with its Army or
        // Wing Commander.
        if let Some(d) = self.division_now(s, u) {
            let dc_out = self
                .division_commander(s, d)
                .is_some_and(|c| s.unit(c).command == Some(false));
            if dc_out {
                let side = info.side;
                let hex = unit.placed().map(|p| p.hex());
                let wing = self.org.divisions.get(usize::from(d)).and_then(|x| x.wing);
                let with = |c: Option<UnitId>| {
                    c.is_some_and(|c| s.unit(c).placed().map(|p| p.hex()) == hex)
                };
                if !with(s.armies[side.index()].cinc)
                    && !with(wing.and_then(|w| self.wing_commander(s, w)))
                {
                    return Some(
                        "its Division Commander is Out of Command and it is not with its Army or Wing Commander",
                    );
                }
            }
        }
        None
    }

    /// Whether `group` may declare Forced March now.
    pub(crate) fn may_force_march(&self, s: &State, group: &[UnitId]) -> bool {
        !group.is_empty() && group.iter().all(|&g| self.forced_march_bar(s, g).is_none())
    }

    /// 11.4a: `unit` and its group declare Forced March.
    pub(super) fn apply_forced_march(
        &self,
        s: &mut State,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (group, _) = self.mover_group(s, unit)?;
        for &g in &group {
            if let Some(why) = self.forced_march_bar(s, g) {
                return Err(Illegal::new(
                    "11.4b",
                    format!("{} cannot Forced March: {why}", self.unit_name(g)),
                ));
            }
        }
        for &g in &group {
            let mp = i32::from(self.units[usize::from(g)].mp);
            let mpo = Pts::whole(u16::try_from(mp + round_down(mp, 2)).unwrap_or(0));
            if let Some(m) = self.record(s, g) {
                m.mpo = mpo;
                m.forced = true;
            }
            ev.push(Event::ForcedMarch { unit: g, mpo });
        }
        Ok(())
    }
}
