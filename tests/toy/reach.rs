use grognard::engine::{Illegal, Reached};

use super::State;

pub fn reachable(_state: &State, unit: &str) -> Result<Vec<Reached>, Illegal> {
    Err(Illegal::new(
        "engine",
        format!("reachable({unit}) waits for hex::reach"),
    ))
}
