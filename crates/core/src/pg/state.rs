//! The changing part of a Prussia's Glory game. Everything needed to continue is here; the
//! printed values of the counters stay in [`super::units`].

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::charts::{CombatResult, SideResult};
use crate::engine::Side;
use crate::hex::Hex;

/// Morale state (9): Formed, Disordered (9.1), Routed (9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Morale {
    /// Formed.
    Formed,
    /// Disordered (9.1).
    Disordered,
    /// Routed (9.2).
    Routed,
}

/// Why a unit is not on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Off {
    /// On the map.
    No,
    /// Not yet arrived (a reinforcement).
    Waiting,
    /// Eliminated by step losses (10.8.1.1) or routed off the map (7.1).
    Eliminated,
    /// Captured (9.2, 10.8.3.5, 10.9).
    Captured,
}

/// One unit's changing state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// Where it is (meaningful when `off == No`).
    #[serde(with = "super::pghex")]
    pub hex: Hex,
    /// On the map or why not.
    pub off: Off,
    /// Steps left.
    pub steps: u8,
    /// Morale state.
    pub morale: Morale,
    /// Position in its stack: lower is higher (5.4).
    pub order: i32,
    /// In Column (7.6).
    pub in_column: bool,
    /// MP spent by the unit moving now (7.3).
    pub mp: u8,
    /// Began normal movement this phase.
    pub moved: bool,
    /// Finished its movement this phase (7.3: one counter at a time).
    pub done: bool,
    /// Artillery Moved marker (7.3, 8).
    pub art_moved: bool,
    /// Out of Command this turn (4.2.2).
    pub ooc: bool,
    /// Traces command to the Army Commander this turn (4.2.2).
    pub ac_trace: bool,
    /// Artillery made Effective by a special leader this turn (4.5).
    pub art_effective: bool,
    /// Took part in a close combat this player turn (10).
    pub fought: bool,
    /// Bombarded this player turn (8).
    pub fired: bool,
    /// Attempted a rally this phase (9.4).
    pub rallied: bool,
    /// Used its free change of stacking order this phase (5.4).
    pub reordered: bool,
    /// Engaged in a Locked hex when the markers were placed (7.2, 7.5.1).
    #[serde(default)]
    pub locked_start: bool,
}

/// One leader's changing state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leader {
    /// Where it is.
    #[serde(with = "super::pghex")]
    pub hex: Hex,
    /// On the map.
    pub present: bool,
    /// Lost to a leader loss check (10.7, provisional table).
    pub lost: bool,
    /// In Column (7.6: army commanders IC on their own; wing leaders with their wing).
    pub in_column: bool,
    /// MP spent this phase.
    pub mp: u8,
    /// Began moving this phase.
    pub moved: bool,
    /// Finished moving this phase.
    pub done: bool,
}

/// An army's status (12, provisional: the rules of 12 are missing from the text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmyStatus {
    /// Normal.
    Normal,
    /// Demoralized (9.3: -1 to morale checks).
    Demoralized,
    /// Broken (9.3: -2 to morale checks).
    Broken,
}

/// One side's army.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Army {
    /// Activated (4.1).
    pub activated: bool,
    /// Activation attempts made (4.1.1: the cost may differ by attempt).
    pub attempts: u8,
    /// The one Coup d'Oeil attempt of the main army has been used (4.1.3).
    pub cdoa_used: bool,
    /// Automatic activation is due in this side's next player turn (4.1.2).
    pub auto_due: bool,
    /// Current army morale (4.1.1 AM spending; 12 provisional).
    pub am: i16,
    /// Status.
    pub status: ArmyStatus,
    /// Steps of inf/cav lost in any way (for the step-conservation invariant).
    pub steps_lost: u16,
    /// Units eliminated (provisional VP, digest §7).
    pub eliminated: u16,
    /// Inf/cav units captured (provisional VP).
    pub captured: u16,
    /// Artillery steps captured (provisional VP).
    pub art_steps_captured: u16,
}

/// A group's command state this turn (4.2, 4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cmd {
    /// Not rolled yet this turn (or the army is not active).
    Unrolled,
    /// Effective: full MA.
    Effective,
    /// Degraded: half MA (round up).
    Degraded,
}

/// A Locked (Engaged) marker (6.3, 7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Locked {
    /// The marked hex.
    #[serde(with = "super::pghex")]
    pub hex: Hex,
    /// Flipped to the penalty ("-2 DRM") side.
    pub penalty: bool,
    /// A unit entered the hex and became Engaged (7.5.1: only that frees the units that
    /// started the turn Engaged to leave).
    #[serde(default)]
    pub entered: bool,
}

/// Where the game is in the sequence of play (3.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// 1: Army Activation Phase (main scenarios, 4.1.1): attempt or not.
    Activation,
    /// 1: the activation roll (chance).
    ActivationRoll,
    /// 2A: Deploy From Column Segment (4.4) and the Army Commander traces of 4.2.2.
    Command,
    /// 2B: Group Command Roll for group `0` (chance, 4.5).
    GroupRoll(u8),
    /// 2B: special leader `0` chooses a wing to affect, or passes (4.5).
    SpecialLeader(u8),
    /// 2B: special leader `0` rolls for wing `1` (chance, 4.5).
    SpecialRoll(u8, u8),
    /// 3A: Routed Movement Segment (7.1).
    RoutedMovement,
    /// 3C: Normal Movement (7.3); 3B (7.2) happens on entry.
    Movement,
    /// 4: Offensive Bombardment Phase (8).
    OffensiveBombardment,
    /// 5: Rally Phase (9.4).
    Rally,
    /// 6: Defensive Bombardment Phase (8.5).
    DefensiveBombardment,
    /// 7: Close Combat Phase (10).
    CloseCombat,
    /// C: Joint Army Morale Adjustment Phase (13, provisional), while its morale checks roll.
    ArmyMorale,
    /// The game is over.
    Over,
}

/// The state of a Prussia's Glory game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// Game turn (3.0).
    pub turn: u8,
    /// The Active player (3.0).
    pub active: Side,
    /// The phase.
    pub phase: Phase,
    /// Units, in the order of the scenario's counters.
    pub units: Vec<Unit>,
    /// Leaders, in the order of the scenario's counters.
    pub leaders: Vec<Leader>,
    /// The two armies.
    pub armies: [Army; 2],
    /// Command state of each group this turn.
    pub groups: Vec<Cmd>,
    /// Detachments activated (4.3), by group index (false for non-detachment groups).
    pub det_active: Vec<bool>,
    /// The CdOA attempt of each detachment has been used (4.3.2).
    pub det_cdoa_used: Vec<bool>,
    /// Wings made Effective by a special leader this turn (4.5).
    pub wing_rescued: Vec<bool>,
    /// Wings In Column (7.6).
    pub wing_ic: Vec<bool>,
    /// Wings that used their forced-deployment attempt this turn (7.6.3).
    pub wing_fd_tried: Vec<bool>,
    /// Wings deployed in this Deploy From Column Segment (4.4: artillery may join them).
    #[serde(default)]
    pub wing_deployed: Vec<bool>,
    /// Wings caught In Column this player turn (7.6.3).
    pub wing_caught: Vec<bool>,
    /// Special leaders that have acted this turn (4.5).
    pub special_done: Vec<bool>,
    /// Locked markers (6.3).
    pub locked: Vec<Locked>,
    /// Hexes bombarded this game turn (8; this phase with option `bombard_once_per: "phase"`).
    #[serde(with = "super::pghex::vec")]
    pub bombarded: Vec<Hex>,
    /// The unit or leader moving now (7.3), as a piece reference.
    pub mover: Option<Piece>,
    /// Decisions and rolls that interrupt the phase, last = next (losses, retreats, rolls).
    pub pending: Vec<Pending>,
    /// The bombardment being declared (8).
    pub bombard: Option<Declaration>,
    /// The close combat in progress (10).
    pub combat: Option<Combat>,
    /// Next stack-order key for "on top" (decreasing) and "at the bottom" (increasing).
    pub top_key: i32,
    /// See `top_key`.
    pub bottom_key: i32,
}

/// A unit or a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// Unit index.
    Unit(u16),
    /// Leader index.
    Leader(u16),
}

impl State {
    /// A stack-order key that puts a unit on top of every stack (5.4).
    pub fn take_top(&mut self) -> i32 {
        self.top_key -= 1;
        self.top_key
    }

    /// A stack-order key that puts a unit at the bottom of every stack (5.4).
    pub fn take_bottom(&mut self) -> i32 {
        self.bottom_key += 1;
        self.bottom_key
    }

    /// The Locked marker of a hex.
    pub fn locked_at(&self, hex: Hex) -> Option<Locked> {
        self.locked.iter().copied().find(|l| l.hex == hex)
    }
}

/// Loss points to satisfy (10.8.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LossTask {
    /// The side satisfying them.
    pub side: Side,
    /// The affected hexes.
    #[serde(with = "super::pghex::vec")]
    pub hexes: Vec<Hex>,
    /// LP left.
    pub lp: u8,
    /// The result's flags (R, r, S, *).
    pub result: SideResult,
    /// Bombardment at one hex: two step losses before a retreat (10.8.1.2).
    pub canister: bool,
    /// The lead unit, which takes the first LP (10.8.1).
    pub lead: Option<u16>,
    /// Step losses taken by each unit in this result (10.8.1.2).
    pub taken: Vec<(u16, u8)>,
    /// From a bombardment: the top four steps are affected even when not Engaged (8.3).
    pub bombardment: bool,
}

/// A unit retreating or routing (7.1, 10.9).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RetreatTask {
    /// The unit.
    pub unit: u16,
    /// Hexes still to go.
    pub left: u8,
    /// Hexes entered so far (a retreat does not turn back).
    #[serde(with = "super::pghex::vec")]
    pub path: Vec<Hex>,
    /// Where it began.
    #[serde(with = "super::pghex")]
    pub start: Hex,
    /// 7.1 routed movement (rather than a retreat after a result).
    pub routed_movement: bool,
    /// 10.9: whether the friendly leaders stacked with the unit at the start go with it;
    /// `None` until the owner has been asked (asked only when there are such leaders).
    #[serde(default)]
    pub leaders: Option<bool>,
    /// The leaders going along.
    #[serde(default)]
    pub followers: Vec<u16>,
}

/// Forced deployment (7.6.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ForcedDeploy {
    /// The IC wing.
    pub wing: u8,
    /// IC side's rating (or initiative) plus the Prussian cavalry +4.
    pub ic_bonus: u8,
    /// Mover's rating (or initiative) plus the Prussian cavalry +4.
    pub mover_bonus: u8,
    /// The IC side's die, once rolled.
    pub ic_roll: Option<u8>,
    /// Offered (decision made to attempt).
    pub attempting: bool,
    /// The threatened IC unit's hex: IC artillery within 5 hexes of it deploys too (7.6.3).
    #[serde(with = "super::pghex")]
    pub threatened: Hex,
}

/// One interruption.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Allocate loss points (10.8.1).
    Losses(LossTask),
    /// Choose the artillery unit that takes a "*" step loss (10.8.3.1).
    ArtilleryHit {
        /// The owner.
        side: Side,
        /// Affected hexes.
        #[serde(with = "super::pghex::vec")]
        hexes: Vec<Hex>,
    },
    /// Choose the next hex of a retreat or rout.
    Retreat(RetreatTask),
    /// Roll a morale check (9.3).
    MoraleCheck {
        /// The unit.
        unit: u16,
    },
    /// Roll a rally attempt (9.4).
    Rally {
        /// The unit.
        unit: u16,
    },
    /// Roll a leader loss check (10.7).
    LeaderCheck {
        /// The leader.
        leader: u16,
    },
    /// Forced deployment: offer, then two rolls (7.6.3).
    ForcedDeploy(ForcedDeploy),
    /// Coup d'Oeil: offer (then roll, then pay) (4.1.3, 4.3.2).
    Cdoa {
        /// The inactive side.
        side: Side,
        /// A detachment's attempt (group index), or the army's.
        detachment: Option<u8>,
        /// 0 offer, 1 roll, 2 pay.
        stage: u8,
    },
}

/// Where a close combat is in its sequence (10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// 1: the Active player names hexes.
    Designate,
    /// 2: the defender may withdraw Fast units.
    Withdrawal,
    /// 4: the attacker's lead unit.
    LeadAttacker,
    /// 4: the defender's lead unit.
    LeadDefender,
    /// 5: the attacker selects the terrain hexes.
    Terrain,
    /// 6: the die.
    Roll,
    /// 7: leader loss checks roll before the results are applied.
    LeaderChecks,
    /// 8: the defender's results are being applied.
    DefenderLosses,
    /// 8: the attacker's results are being applied.
    AttackerLosses,
    /// 9: advance after combat (provisional).
    Advance,
}

/// A close combat in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combat {
    /// Stage.
    pub stage: Stage,
    /// Attacking hexes.
    #[serde(with = "super::pghex::vec")]
    pub attackers: Vec<Hex>,
    /// Defending hexes.
    #[serde(with = "super::pghex::vec")]
    pub defenders: Vec<Hex>,
    /// Attacking units contributing SP.
    pub att_units: Vec<u16>,
    /// Defending units contributing SP (Engaged, plus Supporting in a supported defense).
    pub def_units: Vec<u16>,
    /// Steps contributing SP: attacker, defender (10.8.1, 10.8.2).
    pub steps: [u8; 2],
    /// SP counted: attacker, defender (10.3).
    pub sp: [u16; 2],
    /// Flank attack (10.1.1).
    pub flank: bool,
    /// Supported defense (10.1.1).
    pub supported: bool,
    /// Lead units (10.4).
    pub lead: [Option<u16>; 2],
    /// Selected terrain hexes (10.5).
    pub terrain: Option<(Hex, Hex)>,
    /// The result, once rolled.
    pub result: Option<CombatResult>,
    /// The attacker's LP, computed with the defender's (the results are simultaneous, 10.8).
    pub attacker_lp: u8,
    /// The defender's LP.
    pub defender_lp: u8,
}

/// A bombardment being declared (8).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Declaration {
    /// The target hex.
    #[serde(with = "super::pghex")]
    pub target: Hex,
    /// The firing artillery.
    pub batteries: Vec<u16>,
    /// Declared complete: the die is rolled next.
    pub rolling: bool,
}
