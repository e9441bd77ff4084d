//! II. Movement (¶86–¶143): reinforcements, Movement Commands, Initiative, movement points,
//! zones of control, repulse, attrition, stacking, bridges and Forced March.
//! * ¶110–¶117, §35 the cost of a step — [`cost`]
//! * ¶101–¶107, ¶126–¶127 Initiative and the modifiers for leaving an enemy ZOC —
//!   [`initiative`]

pub mod cost;
pub mod initiative;
