//! Every decision of an NBS player and every chance result, one small action each (DESIGN:
//! "small actions"). Units are named by their index in the scenario's unit list.

use serde::{Deserialize, Serialize};

use super::types::{Formation, UnitId};
use crate::dice::Roll;
use crate::hex::Hex;

/// One action. A field the action does not have is refused, never ignored (so a misspelt
/// optional field such as `share` cannot pass unnoticed).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// The dice at a chance node.
    Roll(Roll),
    /// A random pick among `n` equally likely choices (20.4d: which leader falls).
    Pick(u8),
    /// Ends the Command Phase (10.1: orders issued, initiative rolled).
    EndCommand,
    /// Moves one unit one hex (16.1). Entering through a hexside other than the centre front
    /// costs double (13.2a).
    Step {
        /// The unit.
        unit: UnitId,
        /// The adjacent hex.
        to: Hex,
    },
    /// Turns a unit in place (13.1); `facing` is 0–11 (even: a hexside, odd: a corner).
    Face {
        /// The unit.
        unit: UnitId,
        /// The new facing.
        facing: u8,
    },
    /// Changes a unit's formation (11.0), paying the Movement Chart cost.
    Form {
        /// The unit.
        unit: UnitId,
        /// The new formation.
        formation: Formation,
    },
    /// Brings a reinforcement onto the map at its entry hex (16.4, 1.1e).
    Enter {
        /// The unit.
        unit: UnitId,
        /// The entry hex.
        hex: Hex,
    },
    /// Declares a close combat (23.0): the infantry of `from` attack the adjacent hex — every
    /// eligible unit that began the phase stacked with the hex's top eligible unit (23.1e).
    /// `AssaultChoose` picks the attackers instead.
    Assault {
        /// The attacking hex.
        from: Hex,
        /// The defending hex.
        target: Hex,
    },
    /// Ends the Movement Phase.
    EndMovement,
    /// Opportunity fire by the batteries whose Close Fire Zone is violated (15.1). At a
    /// formation change the target is fired on as it stands, before the change (15.1c).
    OpportunityFire,
    /// 15.1c: opportunity fire at a formation change (15.1b), the change made first: the
    /// target is fired on in its new formation and facing. Open only in a window opened by a
    /// formation change.
    OpportunityFireAfter,
    /// Declines an offered reaction (opportunity fire, 15.1).
    Pass,
    /// Declares a fire combat against a hex (20.2): at its top unit, or at one of its
    /// artillery units (20.2g).
    Target {
        /// The target hex.
        hex: Hex,
        /// A battery picked out, if any.
        artillery: Option<UnitId>,
    },
    /// Adds a firing unit to the declared fire combat (20.2). Without `share` it fires all
    /// that it and its hex may still fire this phase; with it, only that part (20.2e: in
    /// C-units of fire level for infantry, so an A may fire as two B's, or in gun points for
    /// artillery), keeping the rest for other targets.
    AddFirer {
        /// The unit.
        unit: UnitId,
        /// The part fired, when the fire is split (20.2e).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        share: Option<u8>,
    },
    /// Resolves the declared fire combat (20.4).
    Resolve,
    /// Ends the player's fire segment.
    EndFire,
    /// Retreats the stack one hex (25.3, 5.2).
    RetreatTo {
        /// The hex.
        hex: Hex,
    },
    /// Tries straggler recovery for a unit (21.2).
    Recover {
        /// The unit.
        unit: UnitId,
    },
    /// Tries to rally a routed stack, adding the rating of the best leader there (25.5 E).
    Rally {
        /// The hex.
        hex: Hex,
    },
    /// Tries to recover a blown cavalry unit (24.2c).
    Unblow {
        /// The unit.
        unit: UnitId,
    },
    /// Ends the current Rally Phase segment.
    EndSegment,
    // Part cavalry (24.1, 15.2, 11.6b, 8.2, ERR-9).
    /// Announces a cavalry charge (24.1 A): the stack in `from` enters `path` hex by hex; the
    /// last hex of `path` is the target.
    Charge {
        /// The charging stack's hex.
        from: Hex,
        /// The target hex.
        target: Hex,
        /// The hexes entered, 1 to 3, ending with the target (24.1b).
        path: alloc::vec::Vec<Hex>,
    },
    /// Attempts a Square Check in a hex (8.5, 11.6b).
    AttemptSquare {
        /// The hex.
        hex: Hex,
    },
    /// Adds an attachment instruction to formal order `order`, written this turn to the
    /// division's corps: on acceptance, `division` joins corps `to` (10.5c, AUS 2.1).
    /// Formations are named by their index in the scenario's formation list.
    Attach {
        /// The order's number on the log.
        order: u16,
        /// The division (formation index).
        division: u16,
        /// The corps it is to join (formation index).
        to: u16,
    },
    /// Names the division commander promoted to a fallen corps commander's place (26.4a).
    Promote {
        /// The leader.
        leader: UnitId,
    },
    /// Attempts to recall the charge (24.1 C).
    Recall,
    /// Launches a reaction charge by the cavalry in `from` (15.2).
    ReactionCharge {
        /// The reacting stack's hex.
        from: Hex,
    },
    /// Picks a new target hex next to the old one after the skirmishers charged retreated
    /// into terrain closed to charges (11.5e).
    Retarget {
        /// The new target hex.
        target: Hex,
    },
    /// Makes a follow-on attack against `target` (24.1 H).
    FollowOn {
        /// The new target hex.
        target: Hex,
    },
    /// Moves cavalry to `to`: a blown withdrawal (24.2a) of the stack led by `unit`, or a
    /// Cavalry Withdrawal (8.2, 24.2b) of `unit` alone.
    Withdraw {
        /// The unit.
        unit: UnitId,
        /// The destination.
        to: Hex,
    },
    /// Cavalry attacked by infantry evades, becoming blown (ERR-9).
    Evade,
    // --- orders part (10.1, 10.2, 10.4; nbs/orders.rs) ---
    /// Writes an order (10.1): the army commander's, or the one an initiative success, royal
    /// roll or loose cannon calls for. The text is free and kept as data (10.1g).
    IssueOrder {
        /// The sending leader.
        sender: UnitId,
        /// The receiver.
        receiver: super::types::Receiver,
        /// Attack or Non-Attack (10.1a).
        kind: super::types::OrderKind,
        /// AO, AW or IPO (10.1a).
        method: super::types::Method,
        /// A divisional goal (10.5b).
        goal: bool,
        /// The wording.
        text: alloc::string::String,
    },
    /// Rolls for initiative (10.2).
    RollInitiative {
        /// The leader.
        leader: UnitId,
    },
    /// An emergency retreat (10.4) of a formation (index of `Nbs::formations`).
    EmergencyRetreat {
        /// The formation.
        formation: u16,
    },
    // Skirmishers, Extensions, detached guns, forced march, squares (11.5, 17.0, 27.1, 18.0,
    // 11.6e).
    /// Releases a skirmisher from an infantry unit at the bottom of its hex (11.5a).
    Release {
        /// The infantry unit.
        unit: UnitId,
    },
    /// Combines two reduced skirmishers of one hex into a full one (11.5g).
    Combine {
        /// The skirmisher that stays (full).
        unit: UnitId,
        /// The reduced skirmisher taken off.
        with: UnitId,
    },
    /// Breaks a full skirmisher into two reduced ones (11.5g).
    Split {
        /// The skirmisher.
        unit: UnitId,
    },
    /// Moves a skirmisher to the top or the bottom of its stack (11.5h B).
    Restack {
        /// The skirmisher.
        unit: UnitId,
        /// To the top.
        top: bool,
    },
    /// Creates an Extension of an infantry unit in its hex (17.0c).
    Extend {
        /// The parent.
        unit: UnitId,
    },
    /// Takes an Extension back into its parent, from the parent's hex or next to it (17.0).
    Absorb {
        /// The Extension.
        unit: UnitId,
    },
    /// Detaches gun points from a battery into a detached battery (27.1).
    Detach {
        /// The battery.
        unit: UnitId,
        /// 1 to 5 gun points.
        gun_points: u8,
    },
    /// Reattaches a detached battery to a battery of the same type and class in its hex
    /// (27.1).
    Reattach {
        /// The detached battery.
        unit: UnitId,
        /// The battery it joins.
        to: UnitId,
    },
    /// Takes a set of three extra MPs by forced march, after a Straggler Table roll (18.0).
    ForcedMarch {
        /// The infantry unit.
        unit: UnitId,
    },
    /// Leaves square for line or column, facing any way at no extra cost (11.6e).
    LeaveSquare {
        /// The unit.
        unit: UnitId,
        /// Line or column.
        formation: Formation,
        /// The new facing, 0-11.
        facing: u8,
    },
    // --- Set-Up Phase (1.4; AUS 4.1b, 4.1c, 5.3; nbs/setup.rs) ---
    /// Takes one of one's units in hand to place, face, form or hide it (1.4).
    SetUpUnit {
        /// The unit.
        unit: UnitId,
    },
    /// Puts the unit being set up in `hex` of its zone (1.4; AUS 4.1c west of the Goldbach).
    Place {
        /// The unit.
        unit: UnitId,
        /// The hex.
        hex: Hex,
    },
    /// Conceals (`hidden`) or shows a French unit set up at level 7 or lower (AUS 4.1b).
    Hide {
        /// The unit.
        unit: UnitId,
        /// Hidden or not.
        hidden: bool,
    },
    /// Withdraws a pre-set order before play (AUS 5.3: the players may rewrite them).
    CancelPreset {
        /// The order's number on the log.
        order: u16,
    },
    /// Ends one's set-up (1.4).
    EndSetUp,
    /// Plots a column's arrival before play: its entry area and hour turn (AUS 7.5).
    PlotArrival {
        /// The column (index of `rules.allied_arrival.columns`).
        column: u8,
        /// The entry area (index of `rules.allied_arrival.entries`: A to E).
        entry: u8,
        /// The hour turn.
        turn: u16,
    },
    /// Assigns an army commander, the army HQ or Buxhowden to a column, with which he
    /// arrives (AUS 7.5, AUS 3.2c).
    RideWith {
        /// The leader or HQ.
        unit: UnitId,
        /// The column.
        column: u8,
    },
    /// Puts one of its own combat units on top of its stack, the others keeping their order
    /// below it (12.2: stacks may be re-arranged at any time in the owner's Movement Phase;
    /// 24.1 H: the charging stack before a follow-on). Skirmishers restack by `Restack`
    /// (11.5h B) and keep their place at the very top or bottom.
    ToTop {
        /// The unit.
        unit: UnitId,
    },
    /// Limbers or unlimbers a battery and turns it about (180 degrees) at no extra cost, as
    /// artillery may at the moment of a formation change (13.1b). `Form` keeps the facing.
    FormAbout {
        /// The battery.
        unit: UnitId,
        /// Limbered or Unlimbered.
        formation: Formation,
    },
    /// Opens the choice of attackers for a close combat from `from` into `target` (23.1e):
    /// every eligible unit of the hex is named at first; `Withhold` drops one, `Resolve`
    /// declares the close combat with those left (they must have begun the phase stacked
    /// together), `Pass` gives it up.
    AssaultChoose {
        /// The attacking hex.
        from: Hex,
        /// The defending hex.
        target: Hex,
    },
    /// Leaves a unit out of the close combat being formed (23.1e).
    Withhold {
        /// The unit.
        unit: UnitId,
    },
    /// Splits a combat unit off a retreating stack (25.3b): it makes the rest of the retreat
    /// on its own, first, the same number of hexes; the others then go on.
    SplitRetreat {
        /// The unit.
        unit: UnitId,
    },
}
