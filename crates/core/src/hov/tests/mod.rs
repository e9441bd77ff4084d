//! Unit tests of the Habit of Victory rules, one module per part of the rulebook; test names
//! begin with the rule (`r146_…` for Standard ¶146, `e39_…` for Exclusive §39) and name the
//! worked example where there is one (`x39`, docs/coverage/hov.md "Worked examples").

mod battle;
mod battle2;
mod bridge;
mod combat;
mod consolidation;
mod flow;
mod fort;
mod garrison;
mod general;
mod march;
mod morale;
mod movement;
mod multihex;
mod organization;
mod pursuit;
mod repulse;
mod retreat;
mod sea;
mod sequence;
mod setup;
mod supply;
mod vedette;
mod victory;
mod weather;
