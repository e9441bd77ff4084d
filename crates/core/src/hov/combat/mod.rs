//! III.b Battle Resolution (¶144–¶206, §36–§48, §72–§77): the battle procedure of ¶146.
//! * ¶146 step 6, ¶162, ¶166, §38–§43, §74, §167 strengths after terrain — [`strength`]
//! * ¶160–¶165 the odds column and the die beyond the table — [`odds`]
//! * ¶85, ¶159, ¶193, ¶205 losses, withholding and the Critical Battle — [`losses`] (a lower
//!   module: march attrition spreads its losses too, ¶137)
//! * ¶146 the battle's state machine, rounds and counterattacks (¶196–¶204), capture (¶32–¶33),
//!   morale (¶193–¶195) — [`battle`]
//! * ¶145–¶153 who attacks whom, the pieces of a force — [`designate`]
//! * ¶146 steps 4–7, ¶157–¶171, ¶197–¶198, ¶206 bombardment, the CRT, losses — [`resolve`]
//! * ¶172–¶192 retreat and pursuit — [`retreat`]
//! * §44–§50 masking a Fort — [`mask`]
//! * ¶83, ¶151, ¶159, ¶199 Multi-Hex Forces in battle and the counterattack on them — [`multihex`]
//! * ¶174 3 displacement by a retreat — [`displace`]
//! * ¶176, §61–§62 retreat off the map — [`offmap`]
//! * §73–§74 the odds of a vedette combat (the procedure is vedette/combat.rs) — [`vedettes`]
//! * ¶202–¶203 the next round, §187–§188 Battlefield Dynamics (an option) — [`rounds`]

pub mod battle;
pub mod designate;
pub mod displace;
pub mod mask;
pub mod multihex;
pub use super::losses;
pub mod odds;
pub mod offmap;
pub mod resolve;
pub mod retreat;
pub mod rounds;
pub mod strength;
pub mod vedettes;
