//! Every decision of a Fontenoy player and every die roll, one small action each (DESIGN:
//! "small actions"). Counters are named by their index in the scenario's counter list,
//! Divisions and Wings by their index in the organisation ([`super::units::Org`]).

use serde::{Deserialize, Serialize};

use super::geometry::HookSide;
use super::state::InfernalChoice;
use super::types::{Arm, Formation};
use super::units::{DivId, UnitId, WingId};
use crate::dice::Roll;
use crate::hex::Hex;

/// One action. A field the action does not have is refused, never ignored.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// The dice at a chance node.
    Roll(Roll),
    /// Sets a unit up (F-10.0c): its hex (a two-hex unit's right end or head), formation and
    /// facing (0–11: even a hexside, odd a vertex).
    Deploy {
        /// The unit.
        unit: UnitId,
        /// Its hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
        /// Its formation.
        formation: Formation,
        /// Its facing.
        facing: u8,
    },
    /// The Initiative player activates one of his own Divisions (6.1a a).
    ActivateOwn,
    /// F-8.1: the French player's choice of the nationality column a tied Allied group's
    /// special result is read in.
    SpecialColumn {
        /// The nationality.
        nationality: super::types::Nationality,
    },
    /// The Division chosen for a Special Initiative Result (F-8.2).
    SpecialDivision {
        /// The Division.
        division: DivId,
    },
    /// Whether a Detachment rejoins the main army now (24.3a).
    RejoinDetachment {
        /// The Detachment.
        detachment: u8,
        /// Rejoins.
        rejoin: bool,
    },
    /// The Division chosen for a Free Combat Segment, and which segment (F-8.2c).
    FreeCombat {
        /// The Division.
        division: DivId,
        /// A Close Combat Segment (else a Fire Combat Segment).
        close: bool,
    },
    /// The Initiative player makes his opponent activate one of the opponent's Divisions
    /// (6.1a b).
    ForceOpponent,
    /// The Allied player's choice about the Infernal Column (F-7.1a, F-7.1f C).
    Infernal(InfernalChoice),
    /// The Initiative player makes a Wing Activation with this Wing (6.5).
    WingActivation {
        /// The Wing.
        wing: WingId,
    },
    /// The French Initiative player makes a Wing Activation with this cavalry Lieutenant
    /// General as Wing Commander (F-3.4a).
    CavalryWing {
        /// The commander.
        commander: UnitId,
    },
    /// Lowendahl (F-3.3f) or Waldeck (F-4.2c) activates with this Division, in an ordinary
    /// activation; he may add a second Division in the Command Control Segment.
    LeaderActivation {
        /// The commander.
        commander: UnitId,
        /// The first Division.
        division: DivId,
    },
    /// Richelieu is activated on his own as a Division Commander, without a Division; he picks
    /// up to five units within his Command Distance in the Command Control Segment (`Attach`,
    /// F-3.3e).
    CommanderActivation {
        /// The commander.
        commander: UnitId,
    },
    /// Adds this Division to the activation: a Division whose commander is grouped with the
    /// Wing Commander (F-2.6b), or a cavalry Division of a cavalry Wing (F-3.4a).
    AddDivision {
        /// The Division.
        division: DivId,
    },
    /// Activates a Flexible Division's unit as an Independent with this activation (F-2.1).
    FlexibleIndependent {
        /// The unit.
        unit: UnitId,
    },
    /// The activating player activates this Division (6.3).
    Activate {
        /// The Division.
        division: DivId,
    },
    /// Whether the next eligible Division of the Wing joins the Wing Activation (6.5c).
    WingJoin {
        /// The Division.
        division: DivId,
        /// Joins, or stays for a later activation.
        join: bool,
    },
    /// Activates an Independent unit with this activation (6.6a, 6.6d).
    ActivateIndependent {
        /// The unit.
        unit: UnitId,
    },
    /// Activates a Non-Divisional Commander with this activation (6.6a, 6.6d).
    ActivateCommander {
        /// The commander.
        commander: UnitId,
    },
    /// Attaches an unactivated combat unit of another Division, grouped with an activated
    /// commander (or of its regiment, 6.4c), to this activation (6.4a).
    Attach {
        /// The unit.
        unit: UnitId,
    },
    /// Ends the designations of the Command Control Segment (6.6d): command status is then
    /// determined (7.6a).
    EndDesignations,
    /// Moves a unit one hex forward into a Frontal hex (11.1a): `to` is the hex its first hex
    /// (a Line's right end, a column's head) enters. Its whole activated group moves with it
    /// (11.1b), unless `alone` (the group splits, 10.8a).
    Step {
        /// The unit (a group's first unit).
        unit: UnitId,
        /// The hex its first hex enters.
        #[serde(with = "super::fhex")]
        to: Hex,
        /// It leaves its group.
        #[serde(default)]
        alone: bool,
    },
    /// Turns a single-hex unit (and its group) in place (9.2, 9.3).
    Face {
        /// The unit.
        unit: UnitId,
        /// The new facing (0–11).
        facing: u8,
    },
    /// Declares Forced March for a unit and its group before it moves (11.4a).
    ForcedMarch {
        /// The unit (a group's first).
        unit: UnitId,
    },
    /// Wheels a multi-hex Line (and its group) forward around one of its end hexes by one or
    /// two hexsides (9.4b): pivoting on the right end turns it to the right, on the left end to
    /// the left.
    Wheel {
        /// The unit (a group's first).
        unit: UnitId,
        /// The end that stays put.
        pivot: HookSide,
        /// Hexsides turned: 1 or 2.
        turn: u8,
    },
    /// A multi-hex March or Road Column's head turns toward `to` and steps into it; the rest
    /// follow through its hex (9.4a).
    ColumnTurn {
        /// The unit (a group's first).
        unit: UnitId,
        /// The hex the head enters.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Extends a Line, Hook or March Column by the hex `to` (11.5).
    Extend {
        /// The unit (a group's first).
        unit: UnitId,
        /// The hex added.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Shrinks a Line, Hook or March Column by giving up its end hex `from` (11.5).
    Shrink {
        /// The unit (a group's first).
        unit: UnitId,
        /// The hex given up.
        #[serde(with = "super::fhex")]
        from: Hex,
    },
    /// Moves a Line one hex rearward (11.7) or a skirmisher into a Flank hex (11.8), keeping its
    /// facing: `to` is the hex its first hex enters.
    Rearward {
        /// The unit (a group's first).
        unit: UnitId,
        /// The hex its first hex enters.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// F-7.1e A: moves a Line or Hook of the Infernal Column one hex toward either end,
    /// keeping its facing (sidling): `to` is the hex its first hex enters.
    Sidle {
        /// The unit (a group's first).
        unit: UnitId,
        /// The hex its first hex enters.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Moves unlimbered artillery by hand into a Frontal or Rear hex, keeping its facing
    /// (11.6, F-2.11, F-3.7a).
    ByHand {
        /// The artillery unit.
        unit: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// The unit (and its group) that has just stepped into a redoubt hex enters the redoubt
    /// itself: General Order, its move over, a Disorder Check (A) (F-3.5a B).
    EnterRedoubt {
        /// The unit, first of its group.
        unit: UnitId,
    },
    /// Set-up: the French player places the missing redoubt in this hex (F-6.2).
    PlaceRedoubt {
        /// The hex, within 1 of S4208.
        #[serde(with = "super::fhex")]
        hex: Hex,
    },
    /// Set-up: the French player places a barricade in this road hex of the Bois de Barry
    /// (F-3.6, F-10.4b).
    PlaceBarricade {
        /// The hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
    },
    /// Removes the barricade in the unit's hex: it spends all its MP there and is Disordered
    /// (skirmishers excepted, F-3.6).
    RemoveBarricade {
        /// The unit.
        unit: UnitId,
    },
    /// A unit standing in an exit hex leaves the map (F-4.4 toward the Allied supply train,
    /// F-6.6c back to Tournay after a Dutch sortie).
    LeaveMap {
        /// The unit.
        unit: UnitId,
    },
    /// A French dragoon, carabinier or Grassin unit changes mode, mounted or dismounted
    /// (optional rule F-6.5): its counters give way to those of the other mode.
    ChangeMode {
        /// One of the unit's counters.
        unit: UnitId,
    },
    /// The French call a unit besieging Tournay to the battle (optional rule F-6.6a): it
    /// arrives three turns later at N1801.
    CallFromTournay {
        /// The unit.
        unit: UnitId,
    },
    /// The French end the Tournay Activation step (F-2.3, F-6.6a).
    EndTournayCalls,
    /// F-3.8d A: on the turn his Detachment enters the game, Lowendahl enters the map alone
    /// through N1801 (`alone`, then a F-3.3f leader) or stays its Detachment Leader.
    LowendahlLead {
        /// He enters alone.
        alone: bool,
    },
    /// Changes a unit's formation with its group (8.2a, 8.4, 8.6, 10.12a), or about-faces a
    /// multi-hex formation or unlimbered guns when `formation` is the one it has (9.6). `to`
    /// is where its first unit stands afterwards: its hexes (a Line's right end first, a
    /// column's head first), facing and hooked end. Guns grouped with infantry change with it
    /// to the compatible formation (10.12c).
    Reform {
        /// The unit (its group's first).
        unit: UnitId,
        /// The new formation.
        formation: Formation,
        /// The new position.
        to: super::geometry::Placed,
    },
    /// Puts a unit on top of its group (`top`), or guns at its bottom: free, before the group
    /// spends MP or once its move is over (10.6f, 10.6h).
    Reorder {
        /// The unit.
        unit: UnitId,
        /// On top, or at the bottom.
        top: bool,
    },
    /// Sets up a counter of a unit that changed mode (F-6.5b): any formation, in the common
    /// hex or next to it (a two-hex formation over the common hex and one next to it).
    ModeSetUp {
        /// The new counter.
        unit: UnitId,
        /// Its formation.
        formation: Formation,
        /// Its place.
        to: super::geometry::Placed,
    },
    /// Takes a unit out of its group where it stands, to turn, reform or move on its own
    /// while the rest stay (10.8a, 10.8e); members that moved with it and stay behind have
    /// finished (10.8c).
    LeaveGroup {
        /// The unit.
        unit: UnitId,
    },
    /// Splits a parent unit into its subunits (8.5a).
    Split {
        /// The parent unit.
        unit: UnitId,
    },
    /// The subunits of a parent unit try to rejoin (8.5b): where they stand, in their formation
    /// and facing; skirmishing subunits (8.5c) around the common hex `at`, in Line or March
    /// Column with any facing.
    Rejoin {
        /// The parent unit.
        parent: UnitId,
        /// Its (first) hex.
        #[serde(with = "super::fhex")]
        at: Hex,
        /// Its formation.
        formation: Formation,
        /// Its facing.
        facing: u8,
    },
    /// Ends a unit's (and its group's) movement (11.1b).
    EndMove {
        /// The unit.
        unit: UnitId,
    },
    /// Fires the `arm` SP of hex `from` at the hex `at` (12.1): starts a fire, or adds a firing
    /// hex to the fire being declared (12.2d), or answers a Fire Reaction or Return Fire
    /// decision (12.8, 12.10).
    Fire {
        /// The firing hex.
        #[serde(with = "super::fhex")]
        from: Hex,
        /// Infantry or artillery.
        arm: Arm,
        /// The hex fired at.
        #[serde(with = "super::fhex")]
        at: Hex,
    },
    /// Resolves the fire being declared (12.1).
    OpenFire,
    /// 12.3c: in the fire being declared, `unit` (of a Square, a 2-hex Line or a redoubt, or
    /// grouped with them) fires `sp` of its SP from `from`; the units not allotted fill the
    /// rest of the hex's limit, top first.
    Allot {
        /// The firing hex.
        #[serde(with = "super::fhex")]
        from: Hex,
        /// The unit.
        unit: UnitId,
        /// The SP it fires.
        sp: u8,
    },
    /// F-5.1b: the targeted player moves one more loss of an artillery enfilade to `unit`,
    /// near the target and in the firer's clear line of sight (`Pass` leaves the rest on the
    /// target).
    ShiftLoss {
        /// The unit that takes the loss.
        unit: UnitId,
    },
    /// F-7.8a: the Allied player starts forming a Detachment under `commander`.
    DetachmentLeader {
        /// Waldeck, Konigsegg or Ligonier.
        commander: UnitId,
    },
    /// F-7.8a: one more Division for the Detachment being formed.
    DetachDivision {
        /// The Division.
        division: DivId,
    },
    /// F-7.8a: the Detachment being formed is complete (`Pass` abandons it).
    FormDetachment,
    /// F-7.8a: no more Allied Detachments; the first turn begins.
    EndDetachments,
    /// F-5.4b: the army asked declares an Army Retreat (`Pass` declines).
    DeclareRetreat,
    /// F-4.2d: the Allies dissolve Ingoldsby's Division (after his loss) or declare they will
    /// (from 10:00); `Pass` keeps it.
    Dissolve,
    /// F-8.8a Fate: the firing player names the enemy commander who rolls.
    Fate {
        /// The commander.
        commander: UnitId,
    },
    /// Declines the option on offer: a Fire Reaction or Return Fire (12.8a, 12.10), a Defender's
    /// Reaction, countercharge, commitment, retreat, Combat Bonus or Cavalry Reaction (13–17).
    Pass,
    /// Ends the segment under way (in the Close Combat Segment: no more attacks, 13.1).
    EndSegment,
    /// Voluntarily Routs a unit and its infantry or cavalry group instead of moving, before
    /// any unit moves (19.10a, 19.10b).
    VoluntaryRout {
        /// The unit (its group's first).
        unit: UnitId,
    },
    /// Ends the Voluntary Rout declarations: every other eligible unit takes MC(J) (19.10c).
    EndVoluntaryRouts,
    /// The next hex of a retreat (20.1a, 20.2g), or the hex a Routing multi-hex unit collapses
    /// into (19.7e).
    Retreat {
        /// The retreating group's first unit.
        unit: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Spends this many points of the Commander-in-Chief's Command Rating to lower an Army
    /// Morale Check's die (23.2b; 0 spends nothing).
    SpendRating {
        /// Points spent.
        points: u8,
    },
    /// Places a replacement or returning commander on a combat unit (21.5e).
    PlaceCommander {
        /// The commander.
        commander: UnitId,
        /// The unit he joins.
        unit: UnitId,
    },
    /// Names the Lieutenant General who becomes Commander-in-Chief (F-3.3b).
    Appoint {
        /// The commander.
        commander: UnitId,
    },
    /// Moves a displaced commander into an adjacent hex (21.1b).
    Displace {
        /// The commander.
        commander: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// F-5.4c (option `5.4c-rearward`): the retreating army's player declares that `unit`
    /// moves freely this activation under one of the three exceptions to the rearward
    /// movement: 1 to avoid destruction, 2 to strike an especially vulnerable enemy, 3 to
    /// cover the retreat.
    RearException {
        /// The unit.
        unit: UnitId,
        /// The exception (1–3).
        exception: u8,
    },
    /// F-6.9c C: the capturing player sends the captured King one hex on alone (his first
    /// such step leaves his captors).
    SendKing {
        /// The hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// F-6.9c C: the King's captors keep him (before any `SendKing`) or his lone move ends.
    EndSendKing,
    /// Puts unlimbered guns that their Line or Hook left into one of its former hexes
    /// (10.4e).
    GunsStay {
        /// The guns.
        unit: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Whether a commander in a hex that part of a group leaves goes with the retreating
    /// units or stays with those who stay (21.2c).
    JoinRetreat {
        /// The commander.
        commander: UnitId,
        /// He goes with the retreat.
        retreat: bool,
    },
    /// Ends a Retreat Before Close Combat after its first hex (20.1a).
    EndRetreat {
        /// The retreating group's first unit.
        unit: UnitId,
    },
    /// The unit of a retreating group that takes its next SP loss (19.7d).
    TakeLoss {
        /// The unit.
        unit: UnitId,
    },
    /// A rallied unit's single-hex formation and facing (19.5e).
    Rally {
        /// The unit.
        unit: UnitId,
        /// Its formation.
        formation: Formation,
        /// Its facing (0–11).
        facing: u8,
    },
    /// Designates a group, named by its top unit, to attack (13.1): the enemy hex in its ZOC,
    /// or a cavalry charge's target hex (13.1d).
    Attack {
        /// The group's top attacking unit.
        unit: UnitId,
        /// The enemy's hex.
        #[serde(with = "super::fhex")]
        target: Hex,
    },
    /// Moves the charging cavalry one hex forward (13.3a): `to` is the hex its first hex
    /// enters.
    ChargeStep {
        /// The charging group's top unit.
        unit: UnitId,
        /// The hex its first hex enters.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Ends the charge where the cavalry stands (13.3d).
    EndCharge {
        /// The charging group's top unit.
        unit: UnitId,
    },
    /// A Defender's Reaction (13.4): the group turns to `facing`, forms Square, or changes
    /// into `formation` with `facing` (13.4b: a one-hex March Column into Line and back, out
    /// of Square).
    React {
        /// The group's top unit.
        unit: UnitId,
        /// The new facing (0–11; unchanged for a Square).
        facing: u8,
        /// Forms Square.
        #[serde(default)]
        square: bool,
        /// The new formation of a formation change other than Square.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        formation: Option<Formation>,
    },
    /// Countercharges the charging cavalry (13.5).
    Countercharge {
        /// The cavalry group's top unit.
        unit: UnitId,
    },
    /// Commits defending cavalry to the combat (13.8).
    Commit {
        /// The cavalry group's top unit.
        unit: UnitId,
    },
    /// Defensive Fire (13.10): `unit`'s stack fires at the attacking group whose top unit is
    /// `target`.
    DefensiveFire {
        /// The firing unit (its hex's eligible units fire with it).
        unit: UnitId,
        /// The top unit of the attacking group fired at.
        target: UnitId,
    },
    /// Retreats Before Close Combat (13.9, 20.1).
    RetreatBefore {
        /// The group's top unit.
        unit: UnitId,
    },
    /// Fights the designated combat of this attacker next (13.0).
    Resolve {
        /// One of its attacking units.
        unit: UnitId,
    },
    /// Uses this commander's Combat Bonus for the group (21.2b).
    Bonus {
        /// The commander.
        commander: UnitId,
    },
    /// Advances a group into a vacated hex (15.1): the units of the group not yet advanced,
    /// named by their top unit, or `unit` alone (15.1d, 15.1e: a group advancing in parts).
    Advance {
        /// The group's top unit, or the unit that advances alone.
        unit: UnitId,
        /// The vacated hex.
        #[serde(with = "super::fhex")]
        to: Hex,
        /// Only this unit advances.
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        alone: bool,
    },
    /// Ends Advance After Combat (15.1c).
    EndAdvance,
    /// Pursues one more hex along the path of retreat (16.2b).
    Pursue {
        /// The pursuing group's top unit.
        unit: UnitId,
    },
    /// Tries to recall the pursuing cavalry (16.3).
    Recall {
        /// The pursuing group's top unit.
        unit: UnitId,
    },
    /// Of friendly groups tied on ER after a Special Close Combat Result, the group whose top
    /// unit is `unit` takes its Morale Check (G) next (14.8b).
    CheckFirst {
        /// The group's top unit.
        unit: UnitId,
    },
    /// 17.0: when one change sets off both a Fire and a Cavalry Reaction, the passive player
    /// conducts the Cavalry Reaction first (`true`) or the Fire Reaction first (`false`).
    ReactionOrder {
        /// The Cavalry Reaction first.
        cavalry_first: bool,
    },
    /// A Cavalry Reaction against the unit that moved (17).
    CavalryReact {
        /// The reacting cavalry group's top unit.
        unit: UnitId,
        /// 17.2d, against a splitting group: attack the original group (`Some(true)`) or the
        /// split one (`Some(false)`); `None` when the mover has not split from a group.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        split: Option<bool>,
    },
}
