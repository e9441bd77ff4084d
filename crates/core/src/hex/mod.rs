//! Hex geometry shared by every system: coordinates, the systems' own hex ids, hexsides, line of
//! sight and reachability.
//!
//! Coordinates are axial `(q, r)` with the implied cube coordinate `s = -q - r` (the layout of
//! Red Blob Games' hex guide). Each system's printed ids (`pg` XXYY, `hov` CCRR, `fontenoy`
//! N/S + CCRR, `nbs` A28.29) are converted by an offset layout; see [`id`].

mod coord;

pub use coord::{Direction, Hex};
