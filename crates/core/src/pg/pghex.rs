//! Serde for hexes in pg JSON: the game's own XXYY ids (1.0, digest §1.5), so that states,
//! actions and events read as the map does. Every pg map uses the same odd-q layout and differs
//! only in extent, so the conversion needs no scenario.
crate::hex::hex_ids_serde!(crate::hex::Grid::pg());
