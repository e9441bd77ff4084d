//! III.b Battle Resolution (¶144–¶206, §36–§48, §72–§77): the battle procedure of ¶146.
//! * ¶146 step 6, ¶162, ¶166, §38–§43, §74, §167 strengths after terrain — [`strength`]
//! * ¶160–¶165 the odds column and the die beyond the table — [`odds`]
//! * ¶85, ¶159, ¶193, ¶205 losses, withholding and the Critical Battle — [`losses`]

pub mod losses;
pub mod odds;
pub mod strength;
