//! The position: everything that changes during a Fontenoy game (DESIGN: plain data, no
//! generator). The turn clock and End-of-Turn track (2.0, 4.0, 6.7), each army's running
//! values (6.1b, 23), each counter's place and condition (8.0, 18.0, 19.0), the activation in
//! progress (6.3–6.6) and the stack of pending decisions and rolls.

mod artillery;
mod close;
mod commanders;
mod infernal;
mod lowendahl;
mod special;
mod tournay;
mod wings;

pub use artillery::ArtilleryLog;
pub use close::{
    Attack, CloseSegment, CloseStep, Combat, Cont, Group, HexLabel, Outcome, Pursuit,
    SpecialPursuit, SplitChoice,
};
pub use commanders::{KingCapture, OrgChanges};
pub use infernal::{Column, InfernalChange, InfernalChoice, InfernalLog, InfernalStep};
pub use lowendahl::LowendahlLog;
pub use special::{Detachment, SpecialAct, SpecialKind, SpecialLog, SpecialResult, SpecialStep};
pub use tournay::TournayLog;
pub use wings::{Lead, WingStep};

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::geometry::Placed;
use super::types::{Arm, DisorderCheck, Formation, Morale, MoraleCheck, Nationality, Pts};
use super::units::{DivId, UnitId, WingId};
use crate::engine::Side;
use crate::hex::Hex;

/// Which check (18.1b, 19.1b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// A Disorder Check (18.1).
    Disorder(DisorderCheck),
    /// A Morale Check (19.1).
    Morale(MoraleCheck),
}

/// A check to take: the unit (for a group, the unit whose ER is read, 18.7a, 19.4a), the check,
/// and the ER modifiers that the asking rule adds (12.9d losses, 18.2b actions, ...). The
/// standard modifiers (19.8) are added when the check is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckReq {
    /// The unit.
    pub unit: UnitId,
    /// The check.
    pub kind: CheckKind,
    /// ER modifiers from the asking rule.
    pub er_mod: i16,
}

/// Which of the four Special Commander Loss Results of a fire combat applies (F-8.8a–d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireLoss {
    /// F-8.8a Fate: 0 killed, 1 wounded.
    Fate,
    /// F-8.8b The Lucky Shot: 0–3 killed, 4–7 wounded.
    LuckyShot,
    /// F-8.8c In the Line of Fire: 0–1 killed, 2–4 wounded.
    LineOfFire,
    /// F-8.8d Braving Enemy Fire: 0–1 killed, 2–4 wounded.
    Braving,
}

/// What calls for a Commander Loss Check (21.4a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LossCause {
    /// A Special Fire Combat Result (12.11, 21.4b; fire/commander_loss.rs finds which of F-8.8's
    /// results applies and whom it strikes), with the −1 of
    /// F-8.8 (close artillery, skirmishers, Dutch infantry, dismounted carabiniers; never on
    /// Fate).
    Special {
        /// The result.
        result: FireLoss,
        /// Subtract 1 from the roll.
        minus_one: bool,
    },
    /// A Special Close Combat Result (14.8b, 21.4d): killed only, 0–3.
    CloseCombat,
    /// A Special Disorder/Morale Check Result (19.1a, 21.4d): killed only (read on the close
    /// combat roll, 0–3, a reading).
    Check,
}

/// One ER modifier of a check, named for the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErMod {
    /// What it is (`shaken`, `commander`, `asked`, ...).
    pub what: String,
    /// Its value.
    pub value: i16,
}

/// Why a check's roll is never a special result (F-8.1: a second roll is not special).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Plain {
    /// A special result's re-roll: only the special's modifier counts (18.1a, 19.1a, F-8.3a);
    /// `er_mod` is that modifier.
    Reroll,
    /// Sauve qui peut!'s MC(G) of a friendly stack within 2 hexes (F-8.3b): a failure routs it
    /// (in a redoubt or behind field fortifications: Shaken, or Rout if Shaken).
    SauveQuiPeut,
    /// Sauve qui peut! rolled by a stack in a redoubt or behind field fortifications: it only
    /// takes a Morale Check, and its friends check only if it Routs (F-8.3b).
    SauveOrigin,
}

/// Which retreat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RetreatKind {
    /// Retreat by Routing (20.2).
    Rout,
    /// Retreat Before Close Combat (20.1).
    BeforeCombat,
}

/// Where a retreat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RetreatPhase {
    /// A multi-hex unit has still to collapse into one of its hexes (19.7e).
    Collapse,
    /// Retreating.
    Move,
    /// The group's losses are being taken (19.7d).
    Losses,
}

/// One retreat under way or waiting.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retreat {
    /// Rout or before combat.
    pub kind: RetreatKind,
    /// Where it stands.
    pub phase: RetreatPhase,
    /// The group, first unit first (20.2c: it stays together).
    pub units: Vec<UnitId>,
    /// The commanders going with it (21.2c).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commanders: Vec<UnitId>,
    /// Hexes still to retreat (20.2a: 4 infantry, 6 cavalry; 20.1a: at most 2).
    pub left: u8,
    /// Hexes retreated.
    pub moved: u8,
    /// The hexes it stood in or entered (20.2a: none twice).
    pub visited: Vec<Hex>,
    /// The hexes of the enemy units it retreats from (20.1a, 20.2g).
    pub from: Vec<Hex>,
    /// Non-Routed friends it passed through: MC(F) once it is over (20.1c, 20.2b).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub through: Vec<UnitId>,
    /// Routed friends it passed through: they retreat too (20.2b).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routed_through: Vec<UnitId>,
    /// SP the group still loses (19.7d, 20.2b, 20.2d).
    pub losses: u8,
    /// Waiting for the rest of its group's rally checks (19.5d).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub hold: bool,
    /// It entered difficult terrain (20.1e).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub difficult: bool,
    /// A Voluntary Rout (19.10d, 20.2b exception 2).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub voluntary: bool,
    /// Commanders in a hex the group leaves while friends stay there: their owner still has to
    /// say whether each goes with the retreat or stays (21.2c).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ask: Vec<UnitId>,
    /// Its MC(D) was taken before it set out (F-3.7b): none once it is over.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub checked: bool,
}

/// One unit's movement this segment (11.1d: its own allowance).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moving {
    /// The unit.
    pub unit: UnitId,
    /// Its Movement Potential this segment (11.0).
    pub mpo: Pts,
    /// MP spent.
    pub spent: Pts,
    /// Its movement is over (it ended it, or was left behind by its group, 10.8c).
    pub done: bool,
    /// The Frontal side of its last forward step: 0 the right, 1 the left (11.3a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_side: Option<u8>,
    /// Hexes and hexsides that call for a Disorder Check (A) passed so far (11.2e).
    pub dca: u8,
    /// It entered such a hex or crossed such a hexside with its last step: the check counts
    /// only if it spends more MP (11.2d).
    pub dca_pending: bool,
    /// It declared Forced March (11.4a): MPo +50%, DC(A) +5 once its movement is over.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub forced: bool,
    /// It used Line Rearward Movement (11.7c: DC(A) once its movement is over).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub rearward: bool,
    /// The Rear side (0 right, 1 left) of its last move if that was a rearward step (11.7b:
    /// no oblique rearward steps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rear_side: Option<u8>,
    /// F-6.9b: Louis XV stepped outside his free hexes: a Louis XV Army Morale Check once his
    /// move is over.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub king_check: bool,
    /// By-hand points spent (11.6, F-3.7a).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub by_hand: u8,
    /// Hexes a March Column's head entered that it may still add at its rear (11.5d).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extend_credit: u8,
    /// A skirmisher passed its roll to enter an enemy ZOC with its next step (11.9c).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub ezoc_ok: bool,
    /// Where its last step put it: leaving a friendly-occupied hex it entered this way may be a
    /// Passage of Lines (10.7a); `None` while it stands where it began (10.7b: a split).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered: Option<Placed>,
    /// 17.2d: the place its last step left when units of its group stayed there (it split
    /// from them by stepping out, 10.8a); `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<Placed>,
    /// The DC(A) modifiers of its Passages of Lines so far (10.7a, 18.5e, 19.4d).
    #[serde(default, skip_serializing_if = "is_zero_i16")]
    pub passage: i16,
    /// Its subunits failed to rejoin this segment (8.5b: no second try).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub rejoin_tried: bool,
    /// It stepped forward (11.1) this segment (F-7.1e A: a unit that sidles moves forward or
    /// rearward, not both).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub forward: bool,
    /// It sidled (F-7.1e A).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub sidled: bool,
    /// 7.6c: a unit under the Out-of-Command limits began in an enemy ZOC: one action only.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub ooc_once: bool,
    /// 11.1b: the group it moves in, named by the group's first unit when it first acted, or
    /// by itself once it acts on its own (10.8a); `None` before it acts. Units group as they
    /// stood when they began, never by meeting on the way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub band: Option<UnitId>,
}

/// Where a counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Place {
    /// Not yet in play: a reinforcement to come (22.1), or a unit the scenario does not use.
    Waiting,
    /// On the map.
    Map(Placed),
    /// Wounded and out of play until its return turn (21.4c), by turn index.
    Wounded {
        /// The turn index it may return on.
        until: u16,
    },
    /// Destroyed (killed, 21.4b).
    Destroyed,
    /// Left the map (F-4.4: exited toward the Allied supply train).
    Exited,
}

/// A counter's activation this turn (6.3).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Act {
    /// Not activated this turn.
    #[default]
    Unactivated,
    /// Activated in the activation under way.
    Active,
    /// Its activation is over (6.3d: FINISHED marker, or the commander flipped).
    Finished,
}

/// One counter's changing facts: combat units and commanders alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Where it is.
    pub place: Place,
    /// Current Strength Points (12.9a); 0 for commanders.
    pub sp: u8,
    /// Its formation (8.0); commanders keep `Line`, which means nothing for them.
    pub formation: Formation,
    /// Disordered (18.0).
    pub disordered: bool,
    /// Morale state (19.0).
    pub morale: Morale,
    /// Activation this turn (6.3).
    pub act: Act,
    /// In Command in the activation under way (7.6); `None` before it is determined, and
    /// outside an activation (7.6f).
    pub command: Option<bool>,
    /// Its position in its group, top first (10.6): lower is higher in the stack.
    pub order: u8,
    /// Has tried to rally from Disorder this turn (18.6a).
    pub rally_tried: bool,
    /// Commanders: wounded once already (21.4c: a second wound kills).
    pub wounded_once: bool,
    /// Under a Victoire! marker (F-8.3c).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub victoire: bool,
}

impl Unit {
    /// A counter waiting off the map with `sp` SP.
    pub const fn waiting(sp: u8) -> Unit {
        Unit {
            place: Place::Waiting,
            sp,
            formation: Formation::Line,
            disordered: false,
            morale: Morale::Good,
            act: Act::Unactivated,
            command: None,
            order: 0,
            rally_tried: false,
            wounded_once: false,
            victoire: false,
        }
    }

    /// Its position, if on the map.
    pub const fn placed(&self) -> Option<&Placed> {
        match &self.place {
            Place::Map(p) => Some(p),
            _ => None,
        }
    }

    /// Whether it is on the map.
    pub const fn on_map(&self) -> bool {
        matches!(self.place, Place::Map(_))
    }
}

/// One army's running values.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyState {
    /// The Commander-in-Chief now (21.5 successions change it), if any.
    pub cinc: Option<UnitId>,
    /// The CinC's Command Rating now (6.1a; F-3.3b, F-4.2a successors bring their own).
    pub command_rating: i8,
    /// The CinC's Wing Activation Number now (6.5a).
    pub wan: u8,
    /// The CinC has moved this turn (6.1b: −2 to the rating; F-3.3b: not de Saxe).
    pub cinc_moved: bool,
    /// Command Rating points spent on Army Morale this hour (23.2b).
    pub rating_spent: u8,
    /// F-4.3: a CinC who may modify either Allied roll has modified one this turn.
    #[serde(default)]
    pub spent_this_turn: bool,
    /// The Army Morale Modifier (23.2c: never decreases).
    pub morale_modifier: u8,
    /// SP lost so far (23.1a: part of the Current Loss Total).
    pub sp_lost: u16,
    /// Points of destroyed commanders (21.4b, 23.1a).
    pub commander_points: u16,
    /// F-6.9c A: the army avenges its King (ER −5 for every unit, −3 to its Army Morale
    /// Checks) for the rest of the game.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub revenge: bool,
}

/// What one side may do with the Initiative it won (6.1a, 6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// The set-up of one unit (F-10.0c), by its index in the scenario's deployments.
    Deploy {
        /// The deployment.
        index: u16,
    },
    /// F-6.2: the French player places the missing redoubt, before any unit sets up.
    PlaceRedoubt,
    /// F-3.6: the French player places his barricades one by one, `left` still to place.
    PlaceBarricades {
        /// Markers still to place.
        left: u8,
    },
    /// The initiative dice: the French die first, then the Allied (6.1a).
    InitiativeDice {
        /// The French die, once rolled.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        french: Option<u8>,
    },
    /// The Initiative player chooses: activate his own Division, make the opponent activate
    /// one, or (when the dice allow) a Wing Activation (6.1a, 6.5a).
    InitiativeChoice {
        /// The Initiative player.
        winner: Side,
        /// A Wing Activation is allowed (6.5a).
        wing: bool,
    },
    /// `side` chooses which of its unactivated Divisions to activate (6.1a, 6.3).
    ChooseDivision {
        /// The activating side.
        side: Side,
    },
    /// The Wing Commander's Initiative roll for a Wing Activation (7.4b): a d10.
    WingInitiative {
        /// The Wing.
        wing: WingId,
    },
    /// The Initiative player chooses, one by one, which eligible Divisions of the Wing join
    /// (6.5c).
    WingDivisions {
        /// The Wing.
        wing: WingId,
        /// The eligible Divisions not yet decided, as bits over the Wing's Division list.
        undecided: u32,
        /// The Divisions that joined, as bits over the Wing's Division list.
        joined: u32,
    },
    /// A Division Commander's Initiative roll (7.4a): a d10.
    CommanderInitiative {
        /// The commander.
        commander: UnitId,
    },
    /// An activated Independent unit or group's Unit Initiative roll (7.4c): 00–99.
    UnitInitiative {
        /// The unit whose ER is read (the top unit of the group).
        unit: UnitId,
    },
    /// A Disorder or Morale Check (18.1, 19.1): a d100.
    Check(CheckReq),
    /// A check whose roll is never a special result (F-8.1): a special's re-roll, Sauve qui
    /// peut!'s checks (F-8.3b): a d100.
    PlainCheck {
        /// The check.
        req: CheckReq,
        /// Why it is taken.
        why: Plain,
    },
    /// F-8.1: a special result (a roll of 00–09) of a group of Allied nationalities tied for
    /// the most SP whose columns read different results: the French player chooses the
    /// column.
    SpecialColumn {
        /// The unmodified roll.
        roll: u8,
        /// The check, when it is a Disorder or Morale Check's result.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        check: Option<CheckReq>,
        /// The fire combat, when it is a fire's result.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        combat: Option<u16>,
        /// The tied nationalities, as bits over French, Dutch, English, Hanoverian, Austrian
        /// (the special results tables' column order).
        tied: u8,
    },
    /// The owner of the retreat under way chooses its next hex, the hex a Routing Line
    /// collapses into (19.7e), or the unit of the group that takes a loss (19.7d); or, retreating
    /// before combat, whether to go on (20.1a).
    RetreatChoice {
        /// The retreating group's first unit.
        unit: UnitId,
    },
    /// The owner of a rallied unit chooses its formation and facing (19.5e).
    RallyForm {
        /// The unit.
        unit: UnitId,
    },
    /// F-6.5b: the owner of a unit that changed mode sets up one of its new counters, in any
    /// formation, in the common hex or (a multi-hex formation) over it and hexes next to it.
    ModeSetUp {
        /// The new counter.
        unit: UnitId,
        /// The common hex of the change.
        #[serde(with = "crate::fontenoy::fhex")]
        common: Hex,
    },
    /// A step of fire combat (12.0): a declaration, a roll, a Return Fire or Fire Reaction
    /// decision.
    Fire(FireStep),
    /// A close combat decision, die or continuation (13.0–17.0).
    Close(CloseStep),
    /// A Special Initiative Result's choice or roll (6.9, F-8.2).
    Special(SpecialStep),
    /// The Infernal Column's decision or roll (F-7.1).
    Infernal(InfernalStep),
    /// The French roll for Lowendahl's Detachment to appear this turn (F-3.8d B): a d10
    /// against the turn's marker.
    Lowendahl {
        /// The number needed (the marker).
        marker: u8,
    },
    /// The Tournay Activation step (F-2.3, F-6.6a): the French may call units from the
    /// siege, one at a time, until they end the step.
    TournayCall,
    /// Lowendahl's Detachment has entered the game this turn (F-3.8d A): the French choose
    /// whether Lowendahl enters the map alone (F-3.3f) or stays its Detachment Leader.
    LowendahlLead {
        /// Asked as the turn starts (the turn's start goes on after it).
        at_start: bool,
    },
    /// The Tournay Check (F-2.3, F-6.6b): the Allied 00–99 roll; a sortie below `limit`.
    TournayCheck {
        /// A roll below this is a sortie (1, +2 for each unit withdrawn).
        limit: u8,
    },
    /// A step of an activation led by a special leader (F-3.4; state/wings.rs).
    Wing(WingStep),
    /// The Rally Phase order (4.0D): the French die, then the Allied; a tie rolls again
    /// (digest A9).
    RallyDice {
        /// The French die, once rolled.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        french: Option<u8>,
    },
    /// A Commander Loss Check (21.4): a d10 read on the commander-loss-results chart.
    CommanderLoss {
        /// The commander.
        commander: UnitId,
        /// What called for it.
        cause: LossCause,
    },
    /// F-6.9b, F-6.9c A (option `6.9`): a Louis XV Army Morale Check after his move, or the
    /// Louis XV Loss Roll after his death or capture: a d10 on the French record's current
    /// column.
    KingCheck {
        /// The Loss Roll (F-6.9c A), not the check after a move (F-6.9b).
        loss_roll: bool,
    },
    /// A wounded commander's absence (21.4c, F-8.8e): a d10.
    WoundRoll {
        /// The commander.
        commander: UnitId,
    },
    /// The activating player places a replacement or returning commander on one of his units
    /// (21.5e).
    PlaceCommander {
        /// The commander.
        commander: UnitId,
    },
    /// The army's player names the Lieutenant General who becomes Commander-in-Chief (F-3.3b).
    ChooseCinc {
        /// The army.
        side: Side,
    },
    /// F-6.9c C: the capturing player may send the captured King off alone with a small
    /// escort (6 MP, a commander's costs), one hex at a time, or keep him with his captors.
    SendKing {
        /// The MP he has left.
        mp: super::types::Pts,
        /// He has already left his captors.
        moved: bool,
    },
    /// A lone commander entered by an enemy unit is displaced; his player picks the hex
    /// (21.1b).
    Displace {
        /// The commander.
        commander: UnitId,
    },
    /// F-7.8a: before the first turn the Allied player forms his Detachments: picks a leader
    /// (`None`), then the leader's Divisions one at a time ([`SpecialLog::forming`]).
    AlliedDetachment {
        /// The commander whose Detachment is being formed.
        leader: Option<UnitId>,
    },
    /// F-5.4b: once the hour's Army Morale Checks are done, `side` may declare an Army
    /// Retreat (the Allies first).
    DeclareRetreat {
        /// The army asked.
        side: Side,
    },
    /// F-4.2d: the Allies may dissolve Ingoldsby's Division: at once after his loss, or by a
    /// declaration from 10:00 on.
    Dissolve {
        /// The Division.
        division: DivId,
        /// Asked after his loss (else at a turn's start).
        after_loss: bool,
    },
    /// Before an Army Morale Check the army's player may spend Command Rating (23.2b).
    MoraleSpend {
        /// The morale track (index into `State::tracks`).
        track: u8,
        /// The Army Morale Table column read.
        column: u8,
    },
    /// An Army Morale Check (23.2a): a d10 less the rating spent.
    MoraleRoll {
        /// The morale track.
        track: u8,
        /// The Army Morale Table column read.
        column: u8,
        /// Command Rating points spent.
        spent: u8,
    },
    /// Subunits' roll to rejoin as their parent unit (8.5b, 8.5c): a d100, at least their
    /// worst ER to rejoin.
    Rejoin {
        /// The parent unit.
        parent: UnitId,
        /// Where it is to stand (its first hex).
        #[serde(with = "super::fhex")]
        at: Hex,
        /// In this formation.
        formation: Formation,
        /// With this facing.
        facing: u8,
    },
    /// A skirmisher's roll to enter an enemy ZOC (11.9c): a d100, at least its ER to enter.
    SkirmishEzoc {
        /// The skirmisher (its group's first unit).
        unit: UnitId,
        /// The hex its step enters.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// 10.4e: the owner of unlimbered guns that a multi-hex Line or Hook left puts them in
    /// one of the Line's former hexes.
    GunsStay {
        /// The guns.
        unit: UnitId,
        /// Where the Line stood before it left.
        line: Placed,
    },
    /// A reinforcement is placed (22.1, F-10.0d): its formation and facing, and its hex where
    /// the scenario leaves a choice.
    Arrive {
        /// The unit.
        unit: UnitId,
    },
}

/// One Army Loss Record and its Army Morale (23.0, F-1.6a; F-4.3: the Allies keep two).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Track {
    /// Boxes shaded: lost SP (two per artillery SP) and killed commanders' loss values
    /// (23.1a, F-1.6a B).
    pub boxes: u16,
    /// The Army Morale Modifier (23.2c: never decreases).
    pub modifier: u8,
    /// The last Army Morale Table column used, if any (23.1c–e).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<u8>,
}

/// A commander's office held by another counter (21.5): a replacement counter, or a named
/// replacement, stands in for the original until he returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Office {
    /// The original commander whose office it is.
    pub office: UnitId,
    /// The counter holding it now.
    pub holder: UnitId,
}

/// How the game ended (F-10.xd).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The winner, `None` for a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Side>,
    /// The result in the scenario's words.
    pub level: alloc::string::String,
    /// Victory points, French then Allied, where the scenario counts them.
    pub points: [i32; 2],
    /// The rule that decided it.
    pub rule: alloc::string::String,
}

/// What the victory conditions remember during play (F-10.1d–F-10.4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryState {
    /// Victory places an Allied unit has entered or captured (bits by the scenario's list).
    #[serde(default)]
    pub entered: u32,
    /// The side that last occupied each watched hex (F-10.3d), by the scenario's list.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<Option<Side>>,
    /// F-10.2a F: the Potential French Reinforcement Divisions activated (bits by the list).
    #[serde(default)]
    pub activated: u32,
    /// F-4.4: the turn the French moved 15 SP off the map toward the supply train.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub train_taken: Option<u16>,
    /// F-5.4: the army that declared an Army Retreat first, when that does not end the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreated: Option<Side>,
    /// F-5.4c: the armies that have declared an Army Retreat (irrevocable), by side.
    #[serde(default)]
    pub retreating: [bool; 2],
    /// F-6.8d: the French Perimeter was breached at the start of this turn.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub perimeter_breached: bool,
}

/// The segments of a Division Activation (4.0C), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Segment {
    /// Commander replacement and return (21.5c, 21.5d).
    Replacement,
    /// Command Control (7.0): designations, then status.
    CommandControl,
    /// Rallying of Disordered units (18.6).
    RallyDisordered,
    /// Fire Combat (12.0).
    Fire,
    /// Movement (11.0).
    Movement,
    /// Close Combat (13.0).
    CloseCombat,
}

/// The activation under way (4.0C, 6.3–6.6).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activation {
    /// The active player (3.0).
    pub side: Side,
    /// The activated Divisions: one, or several in a Wing Activation (6.5d).
    pub divisions: Vec<DivId>,
    /// The Wing of a Wing Activation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wing: Option<WingId>,
    /// Restricted Activation (6.8): End of Turn had taken effect when it began.
    pub restricted: bool,
    /// The segment under way.
    pub segment: Segment,
    /// In the Command Control Segment: Independents, commanders and attachments may still be
    /// designated (6.6d).
    pub designating: bool,
    /// Non-Divisional Commanders activated with it (6.6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ndcs: Vec<UnitId>,
    /// Independent units activated with it (6.6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub independents: Vec<UnitId>,
    /// Units of other Divisions attached to it (6.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<UnitId>,
    /// Each unit's movement in the Movement Segment (11.1d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moving: Vec<Moving>,
    /// The units that Voluntarily Routed in this Movement Segment (19.10a).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub voluntary: Vec<UnitId>,
    /// Units of the Division that voluntary routers passed through: +10 on their MC(J)
    /// (19.10d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub voluntary_passed: Vec<UnitId>,
    /// The units that could Voluntarily Rout when the first did (19.10c: the command status
    /// does not change, even if the Division Commander leaves with the routers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub voluntary_eligible: Vec<UnitId>,
    /// The Voluntary Rout declarations are over (19.10c: MC(J) taken).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub voluntary_done: bool,
    /// Fire combat in this activation: who fired and was fired on (12.2c), the Fire Reaction
    /// triggers used (12.8e), the combats (12.1).
    #[serde(default, skip_serializing_if = "FireLog::is_empty")]
    pub fire: FireLog,
    /// Close combat: the Close Combat Segment (13.0), and Cavalry Reactions in the Movement
    /// Segment (17.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close: Option<CloseSegment>,
    /// Stationary units passed through in a Passage of Lines, each with its mover: they take
    /// DC(A) once the mover's movement is over (10.7a, 18.2g).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passed: Vec<(UnitId, UnitId, i16)>,
    /// The counters reordered in their group this activation, once per reordering (10.6f: at
    /// most twice each, a reading).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reordered: Vec<UnitId>,
    /// The Independents In Command by their Unit Initiative roll this activation (7.4c): they
    /// may not Voluntarily Rout (19.10a).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by_initiative: Vec<UnitId>,
    /// The Infernal Column's activation (F-7.1b).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub infernal: bool,
    /// F-10.3a D: the activated units that stood outside the field's limit when the Movement
    /// Segment began and must end their activation inside it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outside: Vec<UnitId>,
    /// A special leader and what he added (F-2.1, F-2.6b, F-3.4; state/wings.rs).
    #[serde(default, skip_serializing_if = "Lead::is_empty")]
    pub lead: Lead,
    /// F-5.4c (option `5.4c-rearward`): the units of a retreating army whose player declared
    /// one of the three exceptions to the rearward movement this activation, with its number.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rear_exceptions: Vec<(UnitId, u8)>,
}

/// The phases of a Game Turn (4.0), in the order 4.0's text should have printed them
/// (digest §3.0): A, B, C (repeated), D, E.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The Set-Up (F-10.0c): formations and facings, the French first.
    SetUp,
    /// A: the Army Morale Check Phase (23.0), on ":00" turns.
    ArmyMorale,
    /// B: Initiative Determination (6.1).
    Initiative,
    /// C: a Division Activation (6.3).
    Activation,
    /// D: the Rally Phase (19.5).
    Rally,
    /// The game is over.
    Over,
}

/// The position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// The turn, as an index from the scenario's first turn (each 20 minutes, 2.0).
    pub turn: u16,
    /// The phase.
    pub phase: Phase,
    /// The Hour (End Turn) marker's box on the End-of-Turn track: 0 is the hour box (4.0E
    /// note, F-1.6d), the scenario's box count is END (6.7a).
    pub eot_box: u8,
    /// End of Turn has taken effect (6.7): Restricted Activation for whatever is left.
    pub end_of_turn: bool,
    /// Special Initiative Results this turn (6.9b).
    pub specials: u8,
    /// F-2.12: the turn's first "00" initiative roll has called its Army Morale Check.
    pub double_zero_used: bool,
    /// Divisions activated this turn (6.3a), by [`DivId`].
    pub divisions_done: Vec<bool>,
    /// Every counter, by [`UnitId`].
    pub units: Vec<Unit>,
    /// The armies, by side.
    pub armies: [ArmyState; 2],
    /// The activation under way, in phase C.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activation: Option<Activation>,
    /// Pending decisions and rolls, the last on top.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// The side that rallies first this Rally Phase (4.0D), once rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rally_first: Option<Side>,
    /// The Rally Phase's progress (19.5): 0 the first side's Shaken units, 1 its Routed units,
    /// 2 and 3 the other side's, 4 done.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rally_stage: u8,
    /// Retreats under way or waiting, the first under way (20.1, 20.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreats: Vec<Retreat>,
    /// The Army Loss Records, by the scenario's morale tracks (23.0, F-4.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tracks: Vec<Track>,
    /// Offices held by replacements (21.5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offices: Vec<Office>,
    /// What the victory conditions remember.
    #[serde(default)]
    pub victory: VictoryState,
    /// How the game ended, once it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The Special Initiative Results' markers and the Detachments (F-8.2, 24.0).
    #[serde(default, skip_serializing_if = "SpecialLog::is_empty")]
    pub special: SpecialLog,
    /// The Infernal Column (F-7.1).
    #[serde(default, skip_serializing_if = "InfernalLog::is_empty")]
    pub infernal: InfernalLog,
    /// F-6.9c C: Louis XV in enemy hands.
    #[serde(default, skip_serializing_if = "KingCapture::is_empty")]
    pub king: KingCapture,
    /// F-4.2d: Division membership changed in play.
    #[serde(default, skip_serializing_if = "OrgChanges::is_empty")]
    pub orgs: OrgChanges,
    /// F-10.0d: reinforcements that entered by Road Movement and have kept to it since.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub road_entrants: Vec<UnitId>,
    /// F-10.3e: the Divisions whose off-map units entered on their first activation, with
    /// its turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entry_called: Vec<(DivId, u16)>,
    /// F-3.6: the hexes holding a barricade marker.
    #[serde(
        default,
        with = "super::fhex::vec",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub barricades: Vec<Hex>,
    /// F-6.2: the redoubts the French placed at set-up (large, beside the scenario's).
    #[serde(
        default,
        with = "super::fhex::vec",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub placed_redoubts: Vec<Hex>,
    /// Lowendahl's Detachment (F-3.8d).
    #[serde(default, skip_serializing_if = "LowendahlLog::is_empty")]
    pub lowendahl: LowendahlLog,
    /// The artillery commanders this turn (F-3.3d, F-4.2f).
    #[serde(default, skip_serializing_if = "ArtilleryLog::is_empty")]
    pub artillery: ArtilleryLog,
    /// Tournay (optional rule F-6.6).
    #[serde(default, skip_serializing_if = "TournayLog::is_empty")]
    pub tournay: TournayLog,
}

fn is_zero_i16(v: &i16) -> bool {
    *v == 0
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

impl State {
    /// A position with nothing in it.
    pub fn empty() -> State {
        State {
            turn: 0,
            phase: Phase::SetUp,
            eot_box: 0,
            end_of_turn: false,
            specials: 0,
            double_zero_used: false,
            divisions_done: Vec::new(),
            units: Vec::new(),
            armies: [ArmyState::default(), ArmyState::default()],
            activation: None,
            steps: Vec::new(),
            rally_first: None,
            rally_stage: 0,
            retreats: Vec::new(),
            tracks: Vec::new(),
            offices: Vec::new(),
            victory: VictoryState::default(),
            result: None,
            special: SpecialLog::default(),
            infernal: InfernalLog::default(),
            king: KingCapture::default(),
            orgs: OrgChanges::default(),
            road_entrants: Vec::new(),
            entry_called: Vec::new(),
            barricades: Vec::new(),
            placed_redoubts: Vec::new(),
            lowendahl: LowendahlLog::default(),
            artillery: ArtilleryLog::default(),
            tournay: TournayLog::default(),
        }
    }

    /// The unit `u`.
    pub fn unit(&self, u: UnitId) -> &Unit {
        &self.units[usize::from(u)]
    }

    /// The unit `u`, to change.
    pub fn unit_mut(&mut self, u: UnitId) -> &mut Unit {
        &mut self.units[usize::from(u)]
    }

    /// Whether Division `d` has been activated this turn.
    pub fn division_done(&self, d: DivId) -> bool {
        self.divisions_done
            .get(usize::from(d))
            .copied()
            .unwrap_or(true)
    }
}

// ---- Fire combat (12.0–12.11): the fire section's records, kept with the activation. ----

/// The four occasions of fire (12.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireKind {
    /// In the activation's Fire Combat Segment (12.1).
    Segment,
    /// A passive Fire Reaction during movement (12.8).
    Reaction,
    /// Return Fire after an "R" (12.10).
    Return,
    /// Defensive Fire in close combat (13.10).
    Defensive,
}

/// What sets off a Fire Reaction (12.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// A change of facing or formation, once it is complete (12.8c).
    Change,
    /// Leaving a hex, before it leaves (12.8d).
    Leave,
}

/// A pending step of fire combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum FireStep {
    /// `side` adds firing hexes to the fire being declared ([`FireLog::decl`]) or opens fire
    /// (12.1, 12.2d).
    Declare {
        /// The firing side.
        side: Side,
    },
    /// The d100 of fire combat `combat` (12.1; re-rolls of special results, 12.11).
    Roll {
        /// Index in [`FireLog::combats`].
        combat: u16,
    },
    /// A d10 of fire combat `combat`: Wild Fire's hex (F-8.7d), English Taunting (F-8.6a).
    Die {
        /// Index in [`FireLog::combats`].
        combat: u16,
    },
    /// The target of an "R" may Return Fire (12.10).
    Return {
        /// The combat whose result was "R".
        combat: u16,
    },
    /// The passive player may fire at `mover` (12.8): bit 0 infantry, bit 1 artillery have
    /// had their chance.
    Reaction {
        /// The moving unit (its group's first).
        mover: UnitId,
        /// What set it off.
        trigger: Trigger,
        /// The arms that have had their chance.
        fired: u8,
        /// The mover's formation before a change (12.8c: the firer may use either).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        before: Option<Formation>,
        /// The mover's position before a change.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        placed: Option<Placed>,
    },
    /// F-5.1b: the targeted player may move up to `left` more losses of this roll of an
    /// artillery enfilade, one at a time, to units near the target.
    Spread {
        /// The combat.
        combat: u16,
        /// The table's SP loss (0 for no loss).
        loss: u8,
        /// The table gave "R/D".
        rd: bool,
        /// The roll, unmodified (its parity calls the Morale Check, 12.9d).
        roll: u8,
        /// Losses that may still be moved.
        left: u8,
    },
    /// F-10.1e: the d10 that replaces a Regimental Guns result of Ingoldsby's infantry by the
    /// result above (0–4) or below (5–9) it in the table.
    NoGuns {
        /// The combat.
        combat: u16,
        /// The special roll, 00–09.
        roll: u8,
    },
    /// F-8.8: a d10 on the special-commander-loss chart for combat `combat` (after the Dutch
    /// Ammo Exhausted or Dutch Rifles results, F-8.5e, F-8.5g).
    LossTable {
        /// The combat.
        combat: u16,
    },
    /// F-8.8b The Lucky Shot: the die that draws one of `n` commanders (a d10, a d100 beyond
    /// ten; a number beyond the list is rolled again).
    Lucky {
        /// The combat.
        combat: u16,
        /// How many commanders may be drawn.
        n: u8,
    },
    /// F-8.8a Fate: the firing player names an enemy commander.
    Fate {
        /// The combat.
        combat: u16,
    },
    /// Done at once when it comes up: the Fire Reaction at `mover` is over (18.5d: a mover
    /// that became Disordered stops).
    ReactionEnd {
        /// The moving unit.
        mover: UnitId,
        /// It was Disordered before the reaction.
        disordered: bool,
        /// Its morale before the reaction.
        morale: Morale,
    },
}

/// A firing hex and arm that has fired this activation (12.2c, 12.2f), and at which hex (a
/// Square's three targets, 12.2g).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fired {
    /// The firing hex.
    #[serde(with = "super::fhex")]
    pub hex: Hex,
    /// The arm.
    pub arm: Arm,
    /// The hex fired at.
    #[serde(with = "super::fhex")]
    pub at: Hex,
}

/// A unit fired on this Fire Combat Segment by `arm` (12.2c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FiredOn {
    /// The unit.
    pub unit: UnitId,
    /// By infantry or artillery.
    pub arm: Arm,
}

/// A Fire Reaction trigger used (12.8e): a mover, a hex, a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Triggered {
    /// The moving unit (its group's first).
    pub unit: UnitId,
    /// The hex.
    #[serde(with = "super::fhex")]
    pub hex: Hex,
    /// The kind.
    pub trigger: Trigger,
}

/// A fire being declared: the hexes that fire, one arm (or both in Defensive Fire), at one hex.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decl {
    /// The occasion.
    pub kind: FireKind,
    /// The firing side.
    pub side: Side,
    /// The arm.
    pub arm: Arm,
    /// The hex fired at.
    #[serde(with = "super::fhex")]
    pub at: Hex,
    /// The firing hexes so far.
    #[serde(with = "super::fhex::vec")]
    pub from: Vec<Hex>,
    /// A Fire Reaction's mover (12.9c: moving units take the losses first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mover: Option<UnitId>,
    /// A Fire Reaction's mover before its change (12.8c).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<Formation>,
    /// Its position before the change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed: Option<Placed>,
    /// Return Fire: the combat answered (12.10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answers: Option<u16>,
    /// F-3.5a D: redoubt hexes of `from` whose other arm joins this fire.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        with = "super::fhex::vec"
    )]
    pub with: Vec<Hex>,
    /// 12.3c: the SP the player allots to units of a splitting formation in this fire.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allot: Vec<Allot>,
}

/// 12.3c: `unit` fires `sp` SP from `hex` in the fire being declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Allot {
    /// The firing hex.
    #[serde(with = "super::fhex")]
    pub hex: Hex,
    /// The unit.
    pub unit: UnitId,
    /// Its firing SP.
    pub sp: u8,
}

/// What a Special Defensive Fire Result does to the close combat that follows (F-8.6a–c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseCombatEffect {
    /// The defenders' Combat Rating changes by this much in the following close combat.
    DefenderCr(i8),
}

/// One fire combat (12.1) and the state of its special result (12.11).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireCombat {
    /// The occasion.
    pub kind: FireKind,
    /// The firing side.
    pub side: Side,
    /// The arm, or `None` for combined Defensive Fire (13.10).
    pub arm: Option<Arm>,
    /// The firing units.
    pub firers: Vec<UnitId>,
    /// The firing hexes.
    #[serde(with = "super::fhex::vec")]
    pub from: Vec<Hex>,
    /// The hex fired at.
    #[serde(with = "super::fhex")]
    pub at: Hex,
    /// The target's units in the order they take losses (12.9b, 12.9c).
    pub target: Vec<UnitId>,
    /// Fire Strength (12.1).
    pub strength: u32,
    /// The Defense Rating (12.1).
    pub defense: u32,
    /// Die roll modifiers: target size or skirmishers, steps above 5:1, Defensive Fire.
    pub drm: i32,
    /// The range from the nearest firing hex.
    pub range: u8,
    /// Only artillery firing from beyond short range (12.9f).
    pub long_artillery: bool,
    /// Fired on through a Flank or Rear hex (19.9b).
    pub flank: bool,
    /// Enfilade (12.6e).
    pub enfilade: bool,
    /// The target is in March, Road or Attack Column or Square: losses ×1.5 (12.9h).
    pub heavy: bool,
    /// The nationality whose special results column is read (F-1.6e, F-8.1).
    pub nationality: Nationality,
    /// A Fire Reaction's mover.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mover: Option<UnitId>,
    /// A re-roll of a special result: 00–09 are ordinary rolls (12.11, F-8.1).
    #[serde(default)]
    pub ordinary: bool,
    /// Columns shifted right (F-8.6d, F-8.7b).
    #[serde(default)]
    pub shift: u8,
    /// SP added to any result but no effect (F-8.5c, F-8.6e).
    #[serde(default)]
    pub extra_loss: u8,
    /// Caisson Explosion: guns in the target hex lose 1 SP more (F-8.7c).
    #[serde(default)]
    pub caisson: bool,
    /// A die modifier of the special result (F-8.5f, F-8.7g).
    #[serde(default)]
    pub smoke: i32,
    /// Re-rolls still to come (F-8.5a, F-8.7a).
    #[serde(default)]
    pub rerolls: u8,
    /// The firers become Disordered once the rolls are done (F-8.5a).
    #[serde(default)]
    pub disorder_after: bool,
    /// Wild Fire: the hex the shot strays into (F-8.7d).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::fhex::opt"
    )]
    pub wild: Option<Hex>,
    /// A Special Defensive Fire Result's effect on the close combat (F-8.6a–c).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<CloseCombatEffect>,
    /// The Defensive Fire was not conducted (F-8.6a–c, F-8.6g).
    #[serde(default)]
    pub cancelled: bool,
    /// SP the fire cost: the target's, and those moved to nearby units (F-5.1b).
    #[serde(default)]
    pub lost: u8,
    /// F-5.1b: the units the targeted player moved one loss each of this roll to, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spread: Vec<UnitId>,
}

/// The activation's fire record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireLog {
    /// Firing hexes and arms that have fired (12.2c).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fired: Vec<Fired>,
    /// Units fired on in the Fire Combat Segment (12.2c).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fired_on: Vec<FiredOn>,
    /// Fire Reaction triggers used (12.8e).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<Triggered>,
    /// The fire being declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decl: Option<Decl>,
    /// The fire combats of the activation, by index.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub combats: Vec<FireCombat>,
    /// SP fired this segment by units that split their fire (12.3c, F-3.5a D): each SP once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<(UnitId, u8)>,
}

impl FireLog {
    /// Nothing recorded.
    pub fn is_empty(&self) -> bool {
        self.fired.is_empty()
            && self.fired_on.is_empty()
            && self.triggers.is_empty()
            && self.decl.is_none()
            && self.combats.is_empty()
            && self.spent.is_empty()
    }
}
