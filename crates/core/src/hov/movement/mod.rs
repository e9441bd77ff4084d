//! II. Movement (¶86–¶143): reinforcements, Movement Commands, Initiative, movement points,
//! zones of control, repulse, attrition, stacking, bridges and Forced March.
//! * ¶101–¶107, ¶126–¶127 Initiative and the modifiers for leaving an enemy ZOC —
//!   [`initiative`]

pub mod initiative;
