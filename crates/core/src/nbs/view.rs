//! The board view of an NBS game (what a front end draws): the map's playable hexes and every
//! counter with its formation, facing, morale state and loss-chart state as marks.
//!
//! Display only. It shows the whole state, as `state()` does; a front end that keeps the
//! 9.0 secrets (casualties, stragglers, wrecked status) draws from `observation` instead.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::Nbs;
use super::state::{Place, State, UnitId, flag};
use super::types::{Formation, MoraleState, UnitKind};
use crate::engine::PieceView;

impl Nbs {
    /// Every counter of the scenario, in unit-index order, as [`PieceView`]s.
    pub(super) fn piece_views(&self, s: &State) -> Vec<PieceView> {
        s.units
            .iter()
            .zip(&self.units)
            .enumerate()
            .map(|(i, (u, info))| {
                let id = i as UnitId;
                let status = match u.place {
                    Place::At(_) => "on_map",
                    Place::Off => "waiting",
                    Place::Gone => "eliminated",
                };
                let kind = match info.kind {
                    UnitKind::Infantry => "infantry",
                    UnitKind::Cavalry => "cavalry",
                    UnitKind::Artillery => "artillery",
                    UnitKind::Skirmisher => "skirmisher",
                    UnitKind::Leader => "leader",
                    UnitKind::Hq => "hq",
                };
                let mut marks = Vec::new();
                let formation = match u.formation {
                    Formation::Line => Some("line"),
                    Formation::Column => Some("column"),
                    Formation::Square => Some("square"),
                    Formation::Limbered => Some("limbered"),
                    Formation::Unlimbered => Some("unlimbered"),
                    Formation::Combat | Formation::Skirmish | Formation::None => None,
                };
                marks.extend(formation.map(String::from));
                let morale = match u.morale {
                    MoraleState::Normal => None,
                    MoraleState::BloodLust => Some("blood lust"),
                    MoraleState::Shaken => Some("shaken"),
                    MoraleState::Disorganized => Some("disorganized"),
                    MoraleState::Routed => Some("routed"),
                };
                marks.extend(morale.map(String::from));
                for (bit, word) in [
                    (flag::BLOWN, "blown"),
                    (flag::MOVED, "moved"),
                    (flag::FIRED, "fired"),
                    (flag::STOPPED, "stopped"),
                    (flag::OUT_OF_RADIUS, "out of radius"),
                ] {
                    if u.has(bit) {
                        marks.push(word.to_string());
                    }
                }
                let combat = !matches!(info.kind, UnitKind::Leader | UnitKind::Hq);
                if combat && u.place != Place::Gone {
                    marks.push(format!("facing {}", u.facing.index()));
                }
                let factors = match info.kind {
                    UnitKind::Artillery => Some(format!("{} gp", self.gun_points(s, id))),
                    UnitKind::Leader | UnitKind::Hq => None,
                    _ => Some(format!(
                        "{}-{}",
                        self.fire_level(s, id),
                        info.morale.map_or("-", |m| m.letter())
                    )),
                };
                let boxes = info.has_loss_chart().then_some(info.boxes);
                PieceView {
                    id: info.id.clone(),
                    name: info.name.clone(),
                    side: info.side.0,
                    kind: kind.to_string(),
                    reference: serde_json::json!({ "unit": i }),
                    hex: u.hex().map(|h| self.label(h)),
                    status: status.to_string(),
                    order: i32::from(u.order),
                    steps: boxes
                        .map(|b| b.saturating_sub(u.casualties.saturating_add(u.stragglers))),
                    max_steps: boxes,
                    factors,
                    marks,
                    hexes: Vec::new(),
                    facing: None,
                }
            })
            .collect()
    }
}
