//! `reachable` for Skirmish, built on `grognard::hex::reach`: up to two steps a turn (T2.1),
//! entering a hex next to the enemy ends the move (T2.2), the enemy's hex is closed.

use grognard::engine::{Illegal, Reached};
use grognard::hex::{Bounds, Hex, MoveCosts, Reach, ReachOptions};

use super::{Phase, RADIUS, Skirmish, State, on_board};

struct Costs {
    enemy: Hex,
}

impl MoveCosts for Costs {
    fn bounds(&self) -> Bounds {
        Bounds::around(Hex::new(0, 0), RADIUS as u16)
    }
    fn contains(&self, hex: Hex) -> bool {
        on_board(hex)
    }
    fn enter_cost(&self, _from: Hex, to: Hex) -> Option<u32> {
        (to != self.enemy).then_some(1)
    }
    fn stops_on_entry(&self, hex: Hex) -> bool {
        hex.distance(self.enemy) == 1
    }
}

pub fn reachable(state: &State, unit: &str) -> Result<Vec<Reached>, Illegal> {
    let side = match unit {
        "blue" => 0,
        "red" => 1,
        _ => {
            return Err(Illegal::new(
                "engine",
                format!("no unit {unit:?}: the units are blue and red"),
            ));
        }
    };
    let Phase::Act { steps, .. } = state.phase else {
        return Ok(Vec::new());
    };
    if Skirmish::active(state).index() != side {
        return Ok(Vec::new());
    }
    let start = state.pos[side];
    let enemy = state.pos[1 - side];
    // T2.2: a counter that starts next to the enemy may not step at all.
    let allowance = if start.distance(enemy) == 1 {
        0
    } else {
        2 - u32::from(steps)
    };
    let reach = Reach::search(&Costs { enemy }, start, ReachOptions::new(allowance))
        .map_err(|e| Illegal::new("engine", e.to_string()))?;
    Ok(reach
        .ends()
        .map(|(hex, cost)| Reached {
            hex,
            facing: None,
            also: Vec::new(),
            cost,
            path: reach.path(hex).unwrap_or_default(),
        })
        .collect())
}
