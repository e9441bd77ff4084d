//! English lines for pg events: with counter names when the scenario is at hand
//! ([`super::Pg`]), with indices otherwise (`Display`).

use alloc::format;
use alloc::string::String;
use core::fmt;

use super::event::Event;
use super::pghex::label;
use super::state::Piece;

/// Renders an event, naming pieces, wings, groups and sides with the given functions.
pub fn render(
    e: &Event,
    piece: &dyn Fn(Piece) -> String,
    wing: &dyn Fn(u8) -> String,
    side: &dyn Fn(crate::engine::Side) -> String,
) -> String {
    let unit = |u: u16| piece(Piece::Unit(u));
    match e {
        Event::TurnBegins { turn } => format!("turn {turn} begins"),
        Event::PlayerTurn { side: s } => format!("{} player turn", side(*s)),
        Event::PhaseBegins { phase } => format!("phase: {phase:?}"),
        Event::ActivationRoll {
            side: s,
            roll,
            total,
            needed,
            cost,
            ..
        } => format!(
            "{} activation roll {roll} + initiative = {total} (needs {needed}), {cost} AM paid: {}",
            side(*s),
            if total >= needed {
                "success"
            } else {
                "failure"
            }
        ),
        Event::Activated {
            side: s,
            detachment: None,
            ..
        } => format!("{} army activated", side(*s)),
        Event::Activated {
            side: s,
            detachment: Some(g),
            ..
        } => format!("{} detachment {g} activated", side(*s)),
        Event::TurnSkipped { side: s } => format!(
            "{} army is not activated: rest of the player turn skipped",
            side(*s)
        ),
        Event::Deployed { wing: w, .. } => format!("{} deploys from column", wing(*w)),
        Event::InColumn { wing: w } => format!("{} goes In Column", wing(*w)),
        Event::OutOfCommand { unit: u } => format!("{} is out of command", unit(*u)),
        Event::TracedToCommander { unit: u } => {
            format!("{} traces command to the army commander", unit(*u))
        }
        Event::GroupRoll {
            group,
            roll,
            rating,
            effective,
        } => format!(
            "group {group} command roll {roll} vs rating {rating}: {}",
            if *effective { "Effective" } else { "Degraded" }
        ),
        Event::SpecialRoll {
            leader,
            wing: w,
            roll,
            effective,
        } => format!(
            "{} rolls {roll} for {}: {}",
            piece(Piece::Leader(*leader)),
            wing(*w),
            if *effective {
                "Effective"
            } else {
                "stays Degraded"
            }
        ),
        Event::Moved {
            piece: p,
            from,
            to,
            mp,
            ..
        } => format!("{} {} -> {} ({mp} MP)", piece(*p), label(*from), label(*to)),
        Event::Reordered { unit: u } => format!("{} moves to the top of its stack", unit(*u)),
        Event::Locked {
            hex,
            penalty: false,
        } => format!("Locked marker placed in {}", label(*hex)),
        Event::Locked { hex, penalty: true } => {
            format!("Locked marker in {} flipped to its -2 side", label(*hex))
        }
        Event::ForcedDeployment {
            wing: w,
            ic_total,
            mover_total,
            deployed,
        } => format!(
            "{} forced deployment {ic_total} vs {mover_total}: {}",
            wing(*w),
            if *deployed {
                "deploys"
            } else {
                "caught In Column"
            }
        ),
        Event::Bombardment {
            target,
            strength,
            roll,
            drm,
            result,
        } => {
            format!(
                "bombardment of {} at {strength} BS: roll {roll} {drm:+} -> {result}",
                label(*target)
            )
        }
        Event::Rally {
            unit: u,
            roll,
            target,
            success,
        } => format!(
            "{} rally roll {roll} vs {target}: {}",
            unit(*u),
            if *success { "rallies" } else { "fails" }
        ),
        Event::MoraleCheck {
            unit: u,
            roll,
            target,
        } => format!("{} morale check: roll {roll} vs {target}", unit(*u)),
        Event::CloseCombat {
            attacker_sp,
            defender_sp,
            odds,
            drm,
            roll,
            result,
        } => {
            format!(
                "close combat {attacker_sp} SP vs {defender_sp} SP ({odds}), roll {roll} {drm:+} -> {result}"
            )
        }
        Event::LeaderCheck { leader, roll, lost } => format!(
            "{} leader loss check {roll}: {}",
            piece(Piece::Leader(*leader)),
            if *lost { "lost" } else { "unhurt" }
        ),
        Event::StepLost { unit: u, steps, .. } => {
            format!("{} loses a step ({steps} left)", unit(*u))
        }
        Event::Eliminated { unit: u, .. } => format!("{} is eliminated", unit(*u)),
        Event::Captured { unit: u, .. } => format!("{} is captured", unit(*u)),
        Event::Morale { unit: u, to, .. } => format!("{} is now {to:?}", unit(*u)),
        Event::LossPoints { side: s, lp } => format!("{} must satisfy {lp} loss points", side(*s)),
        Event::ArmyMorale {
            side: s,
            am,
            status,
        } => format!("{} army morale {am}: {status:?}", side(*s)),
        Event::GameOver { winner, level } => match winner {
            Some(w) => format!("game over: {} {level}", side(*w)),
            None => format!("game over: {level}"),
        },
    }
}

/// Renders with indices only (no scenario at hand).
pub fn plain(e: &Event) -> String {
    render(
        e,
        &|p| match p {
            Piece::Unit(u) => format!("unit #{u}"),
            Piece::Leader(l) => format!("leader #{l}"),
        },
        &|w| format!("wing #{w}"),
        &|s| format!("side {}", s.0),
    )
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", plain(self))
    }
}
