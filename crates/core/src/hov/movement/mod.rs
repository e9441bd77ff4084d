//! II. Movement (¶86–¶143): reinforcements, Movement Commands, Initiative, movement points,
//! zones of control, repulse, attrition, stacking, bridges and Forced March.
//! * ¶77, ¶86, ¶140 what a force is made of, the Movement Allowances — [`force`]
//! * ¶91–¶96 reinforcements entering — [`reinforce`]
//! * ¶86–¶109, ¶117, ¶121–¶126, ¶143, ¶30, §68 the march as a state machine — [`march`]
//! * ¶110–¶117, §35 the cost of a step — [`cost`]
//! * ¶101–¶107, ¶126–¶127 Initiative and the modifiers for leaving an enemy ZOC —
//!   [`initiative`]
//! * ¶136–¶140 March Attrition — [`attrition`]
//! * ¶130–¶135, ¶96 2, ¶32 2 repulse — [`repulse`]
//! * ¶84, ¶118–¶120, ¶50 4 Multi-Hex Forces — [`multihex`]
//! * §55–§58 sea transport — [`sea`]
//! * ¶142, §158, §211 bridge trains and pontoons — [`bridge`]
//! * §184–§186 the Sound of the Guns (an option) — [`sound`]

pub mod attrition;
pub mod bridge;
pub mod cost;
pub mod force;
pub mod initiative;
pub mod march;
pub mod multihex;
pub mod reinforce;
pub mod repulse;
pub mod sea;
pub mod sound;
