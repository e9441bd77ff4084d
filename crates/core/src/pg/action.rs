//! Every decision of a pg player, and every chance result, as one small action (DESIGN:
//! "decisions, not shortcuts"; "small actions").

use serde::{Deserialize, Serialize};

use super::state::Piece;
use crate::dice::Roll;
use crate::hex::{Direction, Hex};

/// One action. A field the action does not have is refused, never ignored (so a misspelt
/// optional field cannot pass unnoticed).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// A die result at a chance node.
    Roll(Roll),
    /// 4.1.1: pay the activation cost and roll.
    AttemptActivation,
    /// 4.1.1: do not attempt (the rest of the player turn is skipped).
    DeclineActivation,
    /// Take the chance now offered: a Coup d'Oeil attempt (4.1.3, 4.3.2) or a forced
    /// deployment attempt (7.6.3).
    Attempt,
    /// Let it pass (4.1.3: the first sighting is the army's one chance; 7.6.3: the wing's one
    /// attempt this turn).
    Decline,
    /// 4.1.3: after a successful CdOA roll, pay the activation cost and activate.
    PayCdoa,
    /// 4.1.3: after a successful CdOA roll, do not pay (the attempt is used).
    RefuseCdoa,
    /// 4.4 / 7.6.2: deploy an In Column wing.
    Deploy {
        /// Wing index.
        wing: u8,
    },
    /// 4.4, 7.6.2: an In Column artillery unit within 5 hexes of the leader of a wing deployed
    /// this segment deploys with it (the owner's choice).
    ArtilleryDeploy {
        /// Unit index.
        unit: u16,
    },
    /// 7.6: the Army Commander deploys from column (in the Deploy From Column Segment, EZOCs
    /// notwithstanding).
    CommanderDeploy,
    /// 7.6: the Army Commander goes In Column (in the Movement Phase, EZOCs notwithstanding).
    CommanderInColumn,
    /// 4.2.2: an out-of-command inf/cav unit traces command to the Army Commander.
    TraceToCommander {
        /// Unit index.
        unit: u16,
    },
    /// Ends the Command Determination choices (4.4, 4.2.2); the group rolls follow.
    EndCommand,
    /// 4.5: the special leader affects this degraded wing.
    SpecialAffect {
        /// Wing index.
        wing: u8,
    },
    /// 4.5: the special leader does not act.
    SpecialPass,
    /// 7.3: move a counter one hex. `below`: when entering a friendly stack, go under its
    /// inf/cav instead of on top (6.3 example: enter as a Supporting unit).
    Move {
        /// The counter.
        piece: Piece,
        /// Direction of the hex entered.
        dir: Direction,
        /// Enter under the stack's inf/cav.
        below: bool,
    },
    /// 7.3: the moving counter stops (it may not move again this phase).
    EndMove,
    /// 5.4: move a unit to the top of its stack.
    ToTop {
        /// Unit index.
        unit: u16,
    },
    /// 7.6: put a wing (with its leader) In Column.
    GoInColumn {
        /// Wing index.
        wing: u8,
    },
    /// 7.6: put an artillery unit In Column with a wing going IC (within 5 hexes of its leader).
    ArtilleryInColumn {
        /// Unit index.
        unit: u16,
    },
    /// Ends the current phase or segment.
    EndPhase,
    /// 7.1, 10.9: the retreating or routing unit now pending enters this hex.
    RetreatTo {
        /// The hex.
        #[serde(with = "super::pghex")]
        hex: Hex,
    },
    /// 8.1: declare a bombardment of this hex.
    BombardTarget {
        /// Target hex.
        #[serde(with = "super::pghex")]
        hex: Hex,
    },
    /// 8: add an artillery unit to the declared bombardment.
    AddBattery {
        /// Unit index.
        unit: u16,
    },
    /// 8.3: resolve the declared bombardment.
    Fire,
    /// 9.4: attempt to rally this unit.
    Rally {
        /// Unit index.
        unit: u16,
    },
    /// 10.1: designate a close combat against this defending hex.
    Attack {
        /// Defending hex.
        #[serde(with = "super::pghex")]
        hex: Hex,
    },
    /// 10.1: add another defending hex (adjacent to every attacking hex).
    AddDefender {
        /// Hex.
        #[serde(with = "super::pghex")]
        hex: Hex,
    },
    /// 10.1: add an attacking hex.
    AddAttacker {
        /// Hex.
        #[serde(with = "super::pghex")]
        hex: Hex,
    },
    /// 10.1: the designation is complete.
    Resolve,
    /// 10.5: the attacker selects the attacking and defending hex whose terrain applies.
    Terrain {
        /// Attacking hex.
        #[serde(with = "super::pghex")]
        attacker: Hex,
        /// Defending hex.
        #[serde(with = "super::pghex")]
        defender: Hex,
    },
    /// 10.2: the defending Fast units withdraw into this hex.
    Withdraw {
        /// Hex.
        #[serde(with = "super::pghex")]
        hex: Hex,
    },
    /// 10.2: no withdrawal.
    NoWithdraw,
    /// 10.4: choose the lead unit.
    Lead {
        /// Unit index.
        unit: u16,
    },
    /// 10.8.1.1: satisfy one loss point with a step loss of this unit.
    StepLoss {
        /// Unit index.
        unit: u16,
    },
    /// 10.8.1.3-4: satisfy one loss point with a loss of morale state and retreat.
    Retreat {
        /// Unit index.
        unit: u16,
    },
    /// 10.8.3.1: this artillery unit takes the "*" step loss.
    ArtilleryLoss {
        /// Unit index.
        unit: u16,
    },
    /// Advance after combat (step 9, provisional): this unit enters the vacated hex.
    Advance {
        /// Unit index.
        unit: u16,
    },
    /// Advance after combat: no (more) advance.
    NoAdvance,
}
