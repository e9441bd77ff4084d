//! The board a front end draws: the scenario's map and every counter with its hexes (a Line,
//! Hook or column covers up to three, 8.1), its facing (9.1), formation, organizational and
//! morale state (18.0, 19.0) and activation (6.3d) as marks. Display only: nothing here is
//! needed to play, and Fontenoy hides nothing (F-1.5), so it shows the whole state.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::Fontenoy;
use super::state::{Act, Place, State};
use super::types::{Formation, Kind, Morale};
use crate::engine::PieceView;

impl Fontenoy {
    /// Every counter of the scenario, in counter-index order.
    pub(super) fn piece_views(&self, s: &State) -> Vec<PieceView> {
        s.units
            .iter()
            .zip(self.units.iter())
            .enumerate()
            .map(|(i, (u, info))| {
                let (hex, hexes, facing, status) = match &u.place {
                    Place::Map(p) => {
                        let all: Vec<String> = p
                            .hexes
                            .as_slice()
                            .iter()
                            .map(|&h| super::fhex::label(h))
                            .collect();
                        let first = all.first().cloned();
                        let hexes = if all.len() > 1 { all } else { Vec::new() };
                        (first, hexes, Some(p.facing.index()), "on_map")
                    }
                    Place::Waiting => (None, Vec::new(), None, "waiting"),
                    Place::Wounded { .. } => (None, Vec::new(), None, "wounded"),
                    Place::Destroyed => (None, Vec::new(), None, "eliminated"),
                    Place::Exited => (None, Vec::new(), None, "exited"),
                };
                let kind = match info.kind {
                    Kind::Infantry => "infantry",
                    Kind::Cavalry => "cavalry",
                    Kind::Artillery => "artillery",
                    Kind::Commander => "leader",
                };
                let mut marks = Vec::new();
                if info.is_combat() {
                    let formation = match u.formation {
                        Formation::Unlimbered => "unlimbered",
                        other => other.name(),
                    };
                    marks.push(formation.to_lowercase());
                    if u.disordered {
                        marks.push("disordered".to_string());
                    }
                    match u.morale {
                        Morale::Good => {}
                        Morale::Shaken => marks.push("shaken".to_string()),
                        Morale::Routed => marks.push("routed".to_string()),
                    }
                }
                match u.act {
                    Act::Unactivated => {}
                    Act::Active => marks.push("active".to_string()),
                    Act::Finished => marks.push("finished".to_string()),
                }
                if u.command == Some(false) {
                    marks.push("out of command".to_string());
                }
                let factors = info.is_combat().then(|| format!("{}-{}", u.sp, info.er));
                PieceView {
                    id: info.id.clone(),
                    name: info.name.clone(),
                    side: info.side.0,
                    kind: kind.into(),
                    reference: serde_json::json!({ "unit": i }),
                    hex,
                    status: status.into(),
                    order: i32::from(u.order),
                    steps: info.is_combat().then_some(u.sp),
                    max_steps: info.is_combat().then_some(info.sp),
                    factors,
                    marks,
                    hexes,
                    facing,
                }
            })
            .collect()
    }
}
