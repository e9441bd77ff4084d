//! Prussia's Glory: Battles of Frederick the Great (rule system id `pg`).
pub mod los;
