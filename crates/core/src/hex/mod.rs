//! Hex geometry shared by every system: coordinates, the systems' own hex ids, hexsides, line of
//! sight and reachability.
//!
//! Coordinates are axial `(q, r)` with the implied cube coordinate `s = -q - r` (the layout of
//! Red Blob Games' hex guide). Each system's printed ids (`pg` XXYY, `hov` CCRR, `fontenoy`
//! N/S + CCRR, `nbs` A28.29) are read by [`Scheme::parse`] and placed by a [`Grid`] (an offset
//! layout joining one or more map sheets). See `docs/hex.md` for the conventions and for which
//! parts of each layout are inferred.
//!
//! * [`coord`](Hex): [`Hex`], [`Direction`], distance and neighbours.
//! * [`id`]: [`Scheme`], [`HexId`], [`IdError`].
//! * [`grid`]: [`Grid`], [`GridSpec`], [`SheetLayout`], [`Extent`], [`Parity`], [`RowOrder`].
//! * [`facing`]: [`Facing`], twelve-way facing (hexsides and corners) and the frontal hexes.
//! * [`side`]: [`Hexside`], one canonical value per edge.
//! * [`los`]: exact lines of sight ([`los::trace`], [`LosStep`], [`los::contact`]).
//! * [`reach`]: least-cost movement ([`Reach`], [`MoveCosts`], [`ReachOptions`]).

mod coord;
pub mod facing;
pub mod grid;
pub mod id;
pub mod los;
pub mod reach;
#[cfg(any(feature = "pg", feature = "fontenoy", feature = "hov"))]
mod serde_ids;
pub mod side;

pub use coord::{Compass, Direction, Hex};
pub use facing::Facing;
pub use grid::{Bounds, Cells, Extent, Grid, GridError, GridSpec, Parity, RowOrder, SheetLayout};
pub use id::{HexId, IdError, IdProblem, Scheme};
pub use los::{Contact, LosStep};
pub use reach::{MoveCosts, Reach, ReachError, ReachOptions};
pub use side::Hexside;

#[cfg(any(feature = "pg", feature = "fontenoy", feature = "hov"))]
pub(crate) use serde_ids::hex_ids_serde;
