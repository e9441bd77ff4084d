//! The readable log of a Habit of Victory game: each [`Event`] as a line of English naming
//! leaders, combat units, vedettes and garrisons by their printed name and counter id
//! (`Davout (F-davout)`), the sides and armies by name (`the French`, `the Russians`) and hexes
//! by their printed id (CCRR), with the town's name where the map prints one.
//!
//! Who may read a line is the event's business ([`crate::engine::EventInfo::visible_to`]): a
//! line for an owner-only event names what only its owner knows, and the facade hands it to
//! that owner only. A public event names nothing the other side has not been shown: a moving
//! counter stays "a French counter" (¶21, §68).

use alloc::format;
use alloc::string::{String, ToString};

use super::Hov;
use super::event::Event;
use super::state::{GarrisonPlace, LeaderPlace, Phase, VedettePlace};
use super::types::{Army, FRENCH};
use crate::engine::Side;
use crate::hex::{Hex, Hexside};

impl Hov {
    /// A leader by name and counter id, or by index when the manifest has no such leader.
    pub fn log_leader(&self, l: u16) -> String {
        self.manifest.leaders.get(usize::from(l)).map_or_else(
            || format!("leader #{l}"),
            |x| format!("{} [{}]", x.name, x.id),
        )
    }

    /// A combat unit by name and counter id (with its designation when printed).
    pub fn log_unit(&self, u: u16) -> String {
        match self.manifest.units.get(usize::from(u)) {
            Some(x) => match &x.code {
                Some(c) if !c.is_empty() && !x.name.contains(c.as_str()) => {
                    format!("{} {} [{}]", c, x.name, x.id)
                }
                _ => format!("{} [{}]", x.name, x.id),
            },
            None => format!("unit #{u}"),
        }
    }

    /// A garrison marker by name and counter id.
    pub fn log_garrison(&self, g: u16) -> String {
        self.manifest.garrisons.get(usize::from(g)).map_or_else(
            || format!("garrison #{g}"),
            |x| format!("{} [{}]", x.name, x.id),
        )
    }

    /// A vedette by name and counter id.
    pub fn log_vedette(&self, v: u16) -> String {
        self.manifest.vedettes.get(usize::from(v)).map_or_else(
            || format!("vedette #{v}"),
            |x| format!("{} [{}]", x.name, x.id),
        )
    }

    /// A hex by its printed id, with the town the map prints there.
    pub fn log_hex(&self, h: Hex) -> String {
        match self.board.place_name(h) {
            Some(n) => format!("{} ({n})", self.label(h)),
            None => self.label(h),
        }
    }

    /// One line of the log for `e`.
    pub fn describe(&self, e: &Event) -> String {
        let side = |s: Side| side_name(s);
        let sidecap = |s: Side| capital(side_name(s));
        let l = |x: u16| self.log_leader(x);
        let h = |x: Hex| self.log_hex(x);
        match e {
            Event::TurnBegins { turn } => format!("Game-Turn {turn} begins"),
            Event::PlayerTurn { side: s } => format!("{}'s Player-Turn", player(*s)),
            Event::PhaseBegins { phase } => phase_name(*phase).to_string(),
            Event::Weather { roll, drm, weather } => {
                format!("the weather: rolled {roll} {drm:+}, weather type {weather}")
            }
            Event::SupplyChanging { army } => format!(
                "{}'s Supply Source marker is flipped to be moved",
                capital(army_name(*army))
            ),
            Event::SupplyPlaced { army, hex } => format!(
                "{}'s Supply Source is placed at {}",
                capital(army_name(*army)),
                h(*hex)
            ),
            Event::SupplyCaptured { army, hex } => format!(
                "{}'s Supply Source at {} is captured",
                capital(army_name(*army)),
                h(*hex)
            ),
            Event::TrainSetUp { leader, .. } => {
                format!("a bridge train sets up on the track of {}", l(*leader))
            }
            Event::UnitTransferred { unit, to, .. } => {
                format!("{} goes to the track of {}", self.log_unit(*unit), l(*to))
            }
            Event::Strength { unit, sp, .. } => {
                if *sp == 0 {
                    format!("{} is eliminated", self.log_unit(*unit))
                } else {
                    format!("{} now has {sp} SP", self.log_unit(*unit))
                }
            }
            Event::Commanded { leader, left, .. } => format!(
                "{}'s force receives a Movement Command ({left} left this turn)",
                l(*leader)
            ),
            Event::InitiativeRoll {
                leader,
                roll,
                modifier,
                initiative,
                allowance,
                ..
            } => format!(
                "{} rolls {roll} {modifier:+} against his Initiative of {initiative}: {allowance} MP",
                l(*leader)
            ),
            Event::Moved {
                leader,
                to,
                spent_inf,
                spent_cav,
                ..
            } => format!(
                "{}'s force enters {} (MP spent: infantry {spent_inf}, cavalry {spent_cav})",
                l(*leader),
                h(*to)
            ),
            Event::Revealed { leader, .. } => format!("{} is revealed", l(*leader)),
            Event::Attrition {
                leader, roll, lost, ..
            } => format!(
                "march attrition: {}'s force rolls {roll} and loses {lost} SP",
                l(*leader)
            ),
            Event::Morale { by, now, .. } => format!("Paris Morale moves {by:+}, now {now:+}"),
            Event::Attack {
                side: s,
                leader,
                hexes,
                round,
                counter,
                announced,
            } => {
                let mut t = format!(
                    "{} {} with {}'s force (about {} SP), round {round}, at",
                    sidecap(*s),
                    if *counter { "counterattack" } else { "attack" },
                    l(*leader),
                    announced[0]
                );
                for (i, x) in hexes.iter().enumerate() {
                    t.push_str(if i == 0 { " " } else { ", " });
                    t.push_str(&h(*x));
                }
                t.push_str(&format!(" (defended by about {} SP)", announced[1]));
                t
            }
            Event::ChitChosen { side: s, chit } => {
                format!("{} choose the {chit} chit", sidecap(*s))
            }
            Event::ChitRevealed { side: s, chit } => {
                format!("{} reveal their {chit} chit", sidecap(*s))
            }
            Event::Bombardment {
                side: s,
                artillery,
                roll,
                drm,
                hits,
            } => format!(
                "{}'s artillery ({artillery} SP) fires: {roll} {drm:+}, {hits} SP hit",
                side(*s)
            ),
            Event::Staked { staked } => if *staked {
                "the French stake the Old Guard"
            } else {
                "the French do not stake the Old Guard"
            }
            .to_string(),
            Event::Combat {
                roll,
                drm,
                column,
                affecting,
                att,
                def,
                loser,
            } => format!(
                "combat: die {roll} {drm:+} on column {}{}: attacker {att}, defender {def}; {} lose",
                u32::from(*column) + 1,
                if *affecting { " (Affecting line)" } else { "" },
                side(*loser)
            ),
            Event::VedetteSkirmish {
                side: s,
                leader,
                vedette,
                defender,
                from,
                target,
                announced,
            } => {
                let who = match (leader, vedette) {
                    (Some(x), _) => format!("{}'s force", l(*x)),
                    (None, Some(v)) => self.log_vedette(*v),
                    (None, None) => side(*s).to_string(),
                };
                let whom = match defender {
                    Some(v) => self.log_vedette(*v),
                    None => "the enemy".to_string(),
                };
                format!(
                    "{who} at {} attacks {whom} at {} (§72–§74; about {} SP against {})",
                    h(*from),
                    h(*target),
                    announced[0],
                    announced[1]
                )
            }
            Event::VedetteCombat {
                roll,
                drm,
                column,
                loser,
                enemy_sp,
            } => format!(
                "vedette combat: die {roll} {drm:+} on column {}: {} lose{}",
                u32::from(*column) + 1,
                side(*loser),
                match enemy_sp {
                    Some(sp) => format!("; the force attacked has {sp} SP (§73)"),
                    None => String::new(),
                }
            ),
            Event::BattleLoss { side: s, sp, .. } => format!("{} lose {sp} SP", sidecap(*s)),
            Event::GarrisonAttack {
                side: s,
                garrison,
                hex,
                announced,
            } => format!(
                "{} attack with {} (about {} SP), round 1, at {} (defended by about {} SP)",
                sidecap(*s),
                self.log_garrison(*garrison),
                announced[0],
                h(*hex),
                announced[1]
            ),
            Event::GarrisonDestroyed { garrison } => {
                format!("{} is destroyed", self.log_garrison(*garrison))
            }
            Event::BattleMove { leader, to, rule } => format!(
                "{}'s force {} to {}",
                l(*leader),
                if rule.starts_with("¶179") || rule.contains("pursu") {
                    "pursues"
                } else {
                    "retreats"
                },
                h(*to)
            ),
            Event::PursuitRoll {
                leader,
                roll,
                drm,
                length,
            } => format!(
                "{} pursues: {roll} {drm:+}, {length} hex{}",
                l(*leader),
                if *length == 1 { "" } else { "es" }
            ),
            Event::Capture {
                leader,
                roll,
                captured,
            } => format!(
                "{} rolls {roll}: {}",
                l(*leader),
                if *captured { "captured" } else { "escapes" }
            ),
            Event::BattleEnds { winner } => match winner {
                Some(w) => format!("the battle ends, won by {}", side(*w)),
                None => "the battle ends".to_string(),
            },
            Event::CounterMoved {
                side: s,
                from,
                to,
                unemployed,
            } => format!(
                "a {} counter{} moves from {} to {}",
                adjective(*s),
                if *unemployed {
                    " (an Unemployed Leader)"
                } else {
                    ""
                },
                h(*from),
                h(*to)
            ),
            Event::CounterEntered { side: s, hex } => {
                format!("a new {} counter appears at {}", adjective(*s), h(*hex))
            }
            Event::Entered {
                leader, hex, cost, ..
            } => format!(
                "{}'s force enters the map at {} ({cost} MP)",
                l(*leader),
                h(*hex)
            ),
            Event::RepulseWaived { side: s, hex } => format!(
                "the {} force at {} declares no repulse (§70)",
                adjective(*s),
                h(*hex)
            ),
            Event::VedetteRepulse {
                vedette, target, ..
            } => format!(
                "{} tries to repulse the enemy at {} and learns who leads there (§71)",
                self.log_vedette(*vedette),
                h(*target)
            ),
            Event::VedetteRevealed { vedette, hex } => {
                format!("{} at {} is revealed", self.log_vedette(*vedette), h(*hex))
            }
            // The event carries a leader or a vedette index without telling which (see the
            // report of brief f1): the line names the side's march without guessing.
            Event::MarchEnds {
                side: s, leader, ..
            } => match self
                .manifest
                .leaders
                .get(usize::from(*leader))
                .filter(|x| x.side == *s)
            {
                Some(_) => format!("the march of {} ends", l(*leader)),
                None => format!("{}'s march ends", side(*s)),
            },
            Event::DroppedOff {
                leader, from, hex, ..
            } => format!(
                "{} is dropped off from {}'s force at {}",
                l(*leader),
                l(*from),
                h(*hex)
            ),
            Event::RepulseDeclared {
                leader, target, sp, ..
            } => format!(
                "{}'s force ({sp} SP) tries to repulse the enemy at {}",
                l(*leader),
                h(*target)
            ),
            Event::Repulsed {
                side: s,
                target,
                half_sp,
            } => format!(
                "{} at {} ({}{} SP) are repulsed",
                sidecap(*s),
                h(*target),
                half_sp / 2,
                if half_sp % 2 == 1 { "½" } else { "" }
            ),
            Event::RepulseFailed { leader, target, .. } => {
                format!("{}'s repulse of {} fails", l(*leader), h(*target))
            }
            Event::RepulseRetreat { side: s, from, to } => format!(
                "{} repulsed from {} step back to {}",
                sidecap(*s),
                h(*from),
                h(*to)
            ),
            Event::SeaMove { side: s, from, to } => format!(
                "a force of {} sails from {} and lands at {}",
                side(*s),
                h(*from),
                h(*to)
            ),
            Event::Pontoon {
                side: s,
                hexside,
                deployed,
            } => format!(
                "{} {} a pontoon on the hexside {}",
                sidecap(*s),
                if *deployed { "deploy" } else { "take up" },
                self.log_hexside(*hexside)
            ),
            Event::PontoonCaptured { side: s, hexside } => format!(
                "{} capture the pontoon on the hexside {}",
                sidecap(*s),
                self.log_hexside(*hexside)
            ),
            Event::TrainLeft { side: s, hex } => {
                format!("a bridge train of {} is left at {}", side(*s), h(*hex))
            }
            Event::TrainCaptured { side: s, hex } => {
                format!("{} capture the bridge train at {}", sidecap(*s), h(*hex))
            }
            Event::LeaderPlaced { leader, place, .. } => match place {
                LeaderPlace::Map(x) => format!("{} stands on the map at {}", l(*leader), h(*x)),
                LeaderPlace::Portrait(fl) => {
                    format!("{} goes on the portrait of {}", l(*leader), l(*fl))
                }
                LeaderPlace::Out => format!("{} leaves play", l(*leader)),
                other => format!("{}: {other:?}", l(*leader)),
            },
            Event::GarrisonPlaced {
                garrison,
                place,
                sp,
                ..
            } => {
                let g = self.log_garrison(*garrison);
                match place {
                    GarrisonPlace::Map(x) => format!("{g} ({sp} SP) stands at {}", h(*x)),
                    GarrisonPlace::Track(t) => {
                        format!("{g} ({sp} SP) goes on the track of {}", l(*t))
                    }
                    GarrisonPlace::Available(t) => {
                        format!("{g} may be used again from Game-Turn {t}")
                    }
                    GarrisonPlace::Gone => format!("{g} is destroyed"),
                }
            }
            Event::UnitRemoved {
                unit, permanent, ..
            } => {
                if *permanent {
                    format!("{} leaves the game for good", self.log_unit(*unit))
                } else {
                    format!("the counter of {} is free again", self.log_unit(*unit))
                }
            }
            Event::VedettePlaced { vedette, place, .. } => {
                let v = self.log_vedette(*vedette);
                match place {
                    VedettePlace::Map(x) => format!("{v} returns to the map at {}", h(*x)),
                    VedettePlace::Portrait(t) => format!("{v} goes on the portrait of {}", l(*t)),
                    VedettePlace::Pool => format!("{v} goes to the Vedette Pool"),
                    VedettePlace::Gone => format!("{v} is gone"),
                }
            }
            Event::Displaced {
                side: s, from, to, ..
            } => format!(
                "a force of {} is displaced from {} to {}",
                side(*s),
                h(*from),
                h(*to)
            ),
            Event::OffMap { leader, hex, lost } => format!(
                "{}'s force retreats off the map at {}{}",
                l(*leader),
                h(*hex),
                if *lost { " and is lost" } else { "" }
            ),
            Event::Dynamics {
                side: s,
                roll,
                drm,
                initiative,
                result,
            } => format!(
                "Battlefield Dynamics for {}: rolled {roll} {drm:+} against Initiative {initiative}: case {result}",
                side(*s)
            ),
            Event::ToTheGuns {
                side: s,
                leader,
                hex,
            } => format!(
                "{}: {}'s force has marched to the sound of the guns and joins the battle from {}",
                side(*s),
                l(*leader),
                h(*hex)
            ),
            Event::ForceFormed {
                side: x,
                leader,
                parts,
                counter,
            } => {
                let mut t = format!(
                    "{} forms a Multi-Hex Force under {}",
                    sidecap(*x),
                    l(*leader)
                );
                for (i, p) in parts.iter().enumerate() {
                    t.push_str(if i == 0 { " with " } else { ", " });
                    t.push_str(&l(*p));
                }
                if *counter {
                    t.push_str(" to counterattack");
                }
                t
            }
            Event::Suspended {
                leader,
                round,
                resumed,
            } => {
                if *resumed {
                    format!("the battle of {}'s force is taken up again", l(*leader))
                } else {
                    format!(
                        "the battle of {}'s force waits after round {round} for the first rounds nearby",
                        l(*leader)
                    )
                }
            }
            Event::MaskRoll {
                side: s,
                fort,
                attempt,
                need,
                roll,
                masked,
            } => format!(
                "{} try to mask the Fort at {} (attempt {attempt}, {}{}): {}",
                sidecap(*s),
                h(*fort),
                if *need == 0 {
                    String::from("automatic")
                } else {
                    format!("needing {need}")
                },
                roll.map_or_else(String::new, |r| format!(", rolled {r}")),
                if *masked { "masked" } else { "not masked" }
            ),
            Event::MaskRemoved { side: s, fort } => format!(
                "the Masked Fort marker of {} at {} is removed",
                side(*s),
                h(*fort)
            ),
        }
    }

    /// A hexside by the two hexes it lies between.
    pub fn log_hexside(&self, x: Hexside) -> String {
        let (a, d) = x.anchor();
        format!("{}/{}", self.label(a), self.label(a.neighbor(d)))
    }
}

/// A side as its players call it.
fn side_name(s: Side) -> &'static str {
    if s == FRENCH {
        "the French"
    } else {
        "the Coalition"
    }
}

/// A side as a player.
fn player(s: Side) -> &'static str {
    if s == FRENCH {
        "the French player"
    } else {
        "the Coalition player"
    }
}

/// A side as an adjective.
fn adjective(s: Side) -> &'static str {
    if s == FRENCH { "French" } else { "Coalition" }
}

/// An army by name (§18).
pub fn army_name(a: Army) -> &'static str {
    match a {
        Army::French => "the French",
        Army::Russian => "the Russians",
        Army::Prussian => "the Prussians",
        Army::Austrian => "the Austrians",
    }
}

/// A phase or segment as the sequence of play (¶38–¶54) names it.
fn phase_name(p: Phase) -> &'static str {
    p.title()
}

/// `the French` -> `The French`.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
