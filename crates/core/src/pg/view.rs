//! What a client sees: counter names, the pieces on the board and event lines with names.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::event::Event;
use super::state::{Morale, Off, Piece, State};
use super::{INFO, Pg, describe, units};
use crate::engine::{PieceView, Rules};

impl Pg {
    /// How event lines and refusals name a counter. A unit's printed name is shared by many
    /// counters (Rossbach has 13 names on more than one counter), so the counter id follows
    /// it: `First line regiment [ros-p-f2]`. Leaders are named persons, one counter each.
    pub(super) fn piece_name(&self, p: Piece) -> String {
        match p {
            Piece::Unit(u) => self
                .pieces
                .units
                .get(usize::from(u))
                .map(|x| format!("{} [{}]", x.name, x.id))
                .unwrap_or_else(|| format!("unit #{u}")),
            Piece::Leader(l) => self
                .pieces
                .leaders
                .get(usize::from(l))
                .map(|x| x.name.clone())
                .unwrap_or_else(|| format!("leader #{l}")),
        }
    }

    /// Every counter as the board view shows it: units (in scenario order), then leaders.
    pub(super) fn piece_views(&self, s: &State) -> Vec<PieceView> {
        let mut out = Vec::with_capacity(s.units.len() + s.leaders.len());
        for (i, (u, info)) in s.units.iter().zip(&self.pieces.units).enumerate() {
            let status = match u.off {
                Off::No => "on_map",
                Off::Waiting => "waiting",
                Off::Eliminated => "eliminated",
                Off::Captured => "captured",
            };
            let [sp, mr, ma] = info.at(u.steps);
            let (kind, factors) = match info.arm {
                units::Arm::Infantry => ("infantry", format!("{sp}-{mr}-{ma}")),
                units::Arm::Cavalry => ("cavalry", format!("{sp}-{mr}-{ma}")),
                units::Arm::Artillery => ("artillery", format!("{mr}-{ma}")),
            };
            let mut marks = Vec::new();
            match u.morale {
                Morale::Formed => {}
                Morale::Disordered => marks.push("disordered".to_string()),
                Morale::Routed => marks.push("routed".to_string()),
            }
            for (flag, word) in [
                (u.in_column, "in column"),
                (u.ooc, "out of command"),
                (u.art_moved, "artillery moved"),
                (u.done, "done"),
                (u.fought, "fought"),
                (u.fired, "fired"),
            ] {
                if flag {
                    marks.push(word.to_string());
                }
            }
            out.push(PieceView {
                id: info.id.clone(),
                name: info.name.clone(),
                side: info.side.0,
                kind: kind.to_string(),
                reference: serde_json::json!({ "unit": i }),
                hex: (u.off == Off::No).then(|| self.hex_label(u.hex)),
                status: status.to_string(),
                order: u.order,
                steps: Some(u.steps),
                max_steps: Some(info.max_steps),
                factors: Some(factors),
                marks,
                hexes: Vec::new(),
                facing: None,
            });
        }
        for (i, (l, info)) in s.leaders.iter().zip(&self.pieces.leaders).enumerate() {
            let status = match (l.present, l.lost) {
                (_, true) => "lost",
                (true, false) => "on_map",
                (false, false) => "waiting",
            };
            let mut marks = Vec::new();
            if info.commander {
                marks.push("army commander".to_string());
            }
            if l.in_column {
                marks.push("in column".to_string());
            }
            if l.done {
                marks.push("done".to_string());
            }
            out.push(PieceView {
                id: info.id.clone(),
                name: info.name.clone(),
                side: info.side.0,
                kind: "leader".to_string(),
                reference: serde_json::json!({ "leader": i }),
                hex: (status == "on_map").then(|| self.hex_label(l.hex)),
                status: status.to_string(),
                // Leaders are drawn under the units of their hex.
                order: i32::MAX,
                steps: None,
                max_steps: None,
                factors: None,
                marks,
                hexes: Vec::new(),
                facing: None,
            });
        }
        out
    }

    /// An English line for an event, with counter names.
    pub fn describe(&self, e: &Event) -> String {
        describe::render(
            e,
            &|p| self.piece_name(p),
            &|w| {
                self.pieces
                    .wings
                    .get(usize::from(w))
                    .map(|x| x.id.clone())
                    .unwrap_or_else(|| format!("wing #{w}"))
            },
            &|s| INFO.sides[s.index()].to_string(),
        )
    }
}
