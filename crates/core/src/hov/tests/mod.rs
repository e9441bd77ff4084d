//! Unit tests of the Habit of Victory rules, one module per part of the rulebook; test names
//! begin with the rule (`r146_…` for Standard ¶146, `e39_…` for Exclusive §39) and name the
//! worked example where there is one (`x39`, docs/coverage/hov.md "Worked examples").

mod battle;
mod battle2;
mod battle3;
mod bridge;
mod combat;
mod combat2;
mod consolidation;
mod flow;
mod fort;
mod garrison;
mod general;
mod march;
mod march2;
mod morale;
mod movement;
mod multihex;
mod multihex_battle;
mod organization;
mod organization2;
mod play;
mod pursuit;
mod repulse;
mod retreat;
mod retreat2;
mod sea;
mod sequence;
mod setup;
mod sound;
mod speed;
mod speed_supply;
mod strength;
mod supply;
mod terrain;
mod vedette;
mod vedette2;
mod vedette3;
mod victory;
mod weather;
