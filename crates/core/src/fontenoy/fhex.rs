//! Serde for hexes in Fontenoy JSON: the maps' own ids, a map letter and four digits
//! (`N3718`, `S2222`; F-1.4, F-10.0c), so that states, actions and events read as the maps do.
//! Both Fontenoy maps share one layout (`hex::Grid::fontenoy`), so no scenario is needed.
crate::hex::hex_ids_serde!(crate::hex::Grid::fontenoy());
