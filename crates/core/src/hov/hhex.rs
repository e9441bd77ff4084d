//! Serde for hexes in hov JSON: the game's own CCRR ids (¶10, §13), so that states,
//! actions and events read as the map does. The game has one map (¶10), whose layout
//! `Grid::hov` fixes, so the conversion needs no scenario.
crate::hex::hex_ids_serde!(crate::hex::Grid::hov());
