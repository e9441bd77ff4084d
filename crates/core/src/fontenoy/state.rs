//! The position: everything that changes during a Fontenoy game (DESIGN: plain data, no
//! generator). The turn clock and End-of-Turn track (2.0, 4.0, 6.7), each army's running
//! values (6.1b, 23), each counter's place and condition (8.0, 18.0, 19.0), the activation in
//! progress (6.3–6.6) and the stack of pending decisions and rolls.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::checks::CheckReq;
use super::geometry::Placed;
use super::types::{Formation, Morale, Pts};
use super::units::{DivId, UnitId, WingId};
use crate::engine::Side;

/// One unit's movement this segment (11.1d: its own allowance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// The Army Morale Modifier (23.2c: never decreases).
    pub morale_modifier: u8,
    /// SP lost so far (23.1a: part of the Current Loss Total).
    pub sp_lost: u16,
    /// Points of destroyed commanders (21.4b, 23.1a).
    pub commander_points: u16,
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
    /// A close combat decision, die or continuation (13.0–17.0).
    Close(super::close::CloseStep),
    /// The Rally Phase order (4.0D): the French die, then the Allied; a tie rolls again
    /// (digest A9).
    RallyDice {
        /// The French die, once rolled.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        french: Option<u8>,
    },
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
    /// Close combat: the Close Combat Segment (13.0), and Cavalry Reactions in the Movement
    /// Segment (17.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close: Option<super::close::CloseSegment>,
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
