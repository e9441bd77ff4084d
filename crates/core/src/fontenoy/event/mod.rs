//! What happened, each with its rule number (DESIGN: events). Counters are named by index;
//! `Fontenoy::describe_event` prints their names and ids (view.rs).

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::state::{CheckKind, ErMod, FireKind, InfernalChange, SpecialResult, Trigger};
use super::tables::checks::kind_code;
use super::types::{Arm, Formation, Morale};
use super::units::{DivId, UnitId, WingId};
use crate::engine::{EventInfo, Side};
use crate::hex::Hex;

/// Why a unit is In Command, or not (7.5, 7.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandBy {
    /// A Line of Command from a commander (7.2, 7.3).
    Loc,
    /// Commander or Unit Initiative (7.4).
    Initiative,
    /// Grouped with its CinC or Wing Commander (7.5a).
    Grouped,
    /// Attached (7.5c).
    Attached,
    /// Always In Command: a CinC (7.0), a scenario rule (F-10.1a E, F-3.9a, F-10.0d).
    Always,
    /// Within Louis XV's reach under option `6.9` (F-6.9a).
    King,
    /// Out of Command (7.6).
    None,
}

/// Why a Division joins an activation under way (`Event::DivisionAdded`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AddedBy {
    /// A French or English Wing Commander grouped with its commander (F-2.6b).
    WingCommander,
    /// A French cavalry Wing's second or third Division (F-3.4a).
    CavalryWing,
    /// Langeron's third Division (F-3.4c).
    Langeron,
    /// Lowendahl's second Division (F-3.3f).
    Lowendahl,
    /// Waldeck's second Division (F-4.2c).
    Waldeck,
}

impl AddedBy {
    /// The rule number.
    pub const fn rule(self) -> &'static str {
        match self {
            AddedBy::WingCommander => "F-2.6b",
            AddedBy::CavalryWing => "F-3.4a",
            AddedBy::Langeron => "F-3.4c",
            AddedBy::Lowendahl => "F-3.3f",
            AddedBy::Waldeck => "F-4.2c",
        }
    }
}

/// One event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A unit is set up (F-10.0c).
    Deployed {
        /// The unit.
        unit: UnitId,
        /// Its hex (a two-hex unit's right end or head).
        #[serde(with = "super::fhex")]
        hex: Hex,
        /// Its formation.
        formation: Formation,
        /// Its facing.
        facing: u8,
    },
    /// A counter of a unit that changed mode was set up (F-6.5b).
    ModeSetUp {
        /// The unit.
        unit: UnitId,
        /// Its hex (a two-hex unit's right end or head).
        #[serde(with = "super::fhex")]
        hex: Hex,
        /// Its formation.
        formation: Formation,
        /// Its facing.
        facing: u8,
    },
    /// A Game Turn begins (4.0).
    TurnBegins {
        /// Its time, as printed on the Turn Record Track.
        time: String,
    },
    /// The initiative dice (6.1): French die first.
    Initiative {
        /// The unmodified dice.
        dice: [u8; 2],
        /// The modified totals, when compared.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        totals: Option<[u8; 2]>,
        /// The Hour Marker moved a box toward END (6.1c).
        marker: bool,
    },
    /// The Hour Marker reached END: Restricted Activation for the rest of the turn (6.7).
    EndOfTurn,
    /// The dice are rolled again (4.0B, 6.1c).
    Reroll {
        /// Both dice were 0.
        double_zero: bool,
    },
    /// A Special Initiative Result (6.9, F-8.2).
    SpecialInitiative {
        /// The side it applies to.
        side: Side,
        /// The non-zero die.
        die: u8,
        /// The result's name.
        result: String,
    },
    /// A Division is chosen for a Special Initiative Result (F-8.2).
    SpecialChoice {
        /// The result.
        result: SpecialResult,
        /// The Division.
        division: DivId,
        /// The side that chose it.
        by: Side,
    },
    /// F-8.1: the French player chose the column of a tied Allied group's special result.
    SpecialColumn {
        /// The nationality read.
        nationality: super::types::Nationality,
    },
    /// A Detachment's player decided whether it rejoins the main army (24.3a).
    DetachmentRejoins {
        /// The side.
        side: Side,
        /// The Detachment.
        detachment: u8,
        /// It rejoined.
        rejoined: bool,
    },
    /// What a Special Initiative Result does (F-8.2).
    SpecialEffect {
        /// The result.
        result: SpecialResult,
        /// The Division, if one was chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        division: Option<DivId>,
        /// What it does.
        effect: String,
    },
    /// A side won the Initiative (6.1a).
    InitiativeWon {
        /// The Initiative player.
        side: Side,
        /// A Wing Activation was allowed (6.5a).
        wing: bool,
    },
    /// A Division (or several in a Wing Activation) is activated (6.3, 6.5).
    Activated {
        /// The active player.
        side: Side,
        /// The Divisions.
        divisions: Vec<DivId>,
        /// The Wing of a Wing Activation.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        wing: Option<WingId>,
        /// Restricted Activation (6.8).
        restricted: bool,
    },
    /// Lowendahl's Detachment enters the game (F-3.8d A): the entry markers start an hour on.
    LowendahlEnters,
    /// Lowendahl's choice on his Detachment's entry turn (F-3.8d A): he enters the map alone
    /// (then a F-3.3f leader) or stays the Detachment Leader.
    LowendahlLead {
        /// Lowendahl.
        commander: UnitId,
        /// He enters alone.
        alone: bool,
    },
    /// An Allied unit has left the Bois de Barry by its north side (F-3.8d A 1).
    BarryExit {
        /// The unit.
        unit: UnitId,
    },
    /// The French roll for Lowendahl's Detachment (F-3.8d B): `group` 0, the cavalry appear
    /// this turn, 1 the infantry and artillery; `None` when the roll is below the marker.
    LowendahlRoll {
        /// The d10.
        roll: u8,
        /// The number needed.
        marker: u8,
        /// The group let onto the map.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<u8>,
    },
    /// The Infernal Column is declared, activates, is delayed, kept or ended (F-7.1).
    InfernalColumn {
        /// What happened.
        change: InfernalChange,
        /// Its leader (Cumberland, or Ligonier), if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        leader: Option<UnitId>,
    },
    /// A Wing Activation failed: the Wing Commander failed his Initiative (7.4b).
    WingFailed {
        /// The Wing.
        wing: WingId,
    },
    /// A French cavalry Lieutenant General acts as Wing Commander (F-3.4a).
    CavalryWing {
        /// The commander.
        commander: UnitId,
    },
    /// Lowendahl (F-3.3f) or Waldeck (F-4.2c) activates with a Division, and may add another.
    LeaderActivation {
        /// The commander.
        commander: UnitId,
        /// The first Division.
        division: DivId,
    },
    /// Richelieu is activated on his own as a Division Commander (F-3.3e).
    CommanderActivation {
        /// The commander.
        commander: UnitId,
    },
    /// An artillery commander helps a fire: one column right (F-3.3d B, F-4.2f A).
    ArtilleryHelp {
        /// The commander.
        commander: UnitId,
        /// The hex fired at.
        #[serde(with = "super::fhex")]
        at: Hex,
    },
    /// The cavalry Wing Commander failed his Initiative: his own Division alone activates, he
    /// Out of Command (F-3.4b).
    CavalryWingFailed {
        /// The commander.
        commander: UnitId,
    },
    /// A Division joins an activation under `commander` (F-2.6b, F-3.4a).
    DivisionAdded {
        /// The Wing Commander.
        commander: UnitId,
        /// The Division.
        division: DivId,
        /// The rule that lets it join.
        by: AddedBy,
    },
    /// An Independent unit or Non-Divisional Commander is activated with the Division (6.6).
    Joined {
        /// The counter.
        unit: UnitId,
    },
    /// A unit is attached to the activation (6.4).
    Attached {
        /// The unit.
        unit: UnitId,
    },
    /// A Commander or Unit Initiative roll (7.4).
    InitiativeCheck {
        /// The commander or unit.
        unit: UnitId,
        /// The roll (d10 for commanders, 00–99 for units).
        roll: u8,
        /// The rating it is read against.
        rating: u8,
        /// Passed.
        passed: bool,
    },
    /// A counter's command status for this activation (7.6a).
    Command {
        /// The commander or unit.
        unit: UnitId,
        /// How it is In Command, or `None` (Out of Command).
        by: CommandBy,
    },
    /// A unit (with `group` units in all) moved one hex (11.1).
    Moved {
        /// The unit (its group's first).
        unit: UnitId,
        /// How many units moved.
        group: u8,
        /// The hex its first hex entered.
        #[serde(with = "super::fhex")]
        to: Hex,
        /// MP paid.
        cost: super::types::Pts,
    },
    /// A unit declared Forced March (11.4a).
    ForcedMarch {
        /// The unit.
        unit: UnitId,
        /// Its Movement Potential now.
        mpo: super::types::Pts,
    },
    /// A multi-hex Line wheeled (9.4b).
    Wheeled {
        /// The unit (its group's first).
        unit: UnitId,
        /// The pivot hex.
        #[serde(with = "super::fhex")]
        pivot: Hex,
        /// The new facing.
        facing: u8,
        /// MP paid.
        cost: super::types::Pts,
    },
    /// A multi-hex column's head turned and stepped (9.4a).
    ColumnTurned {
        /// The unit (its group's first).
        unit: UnitId,
        /// The hex the head entered.
        #[serde(with = "super::fhex")]
        to: Hex,
        /// The new facing.
        facing: u8,
        /// MP paid.
        cost: super::types::Pts,
    },
    /// A formation extended or shrank in its movement (11.5).
    Resized {
        /// The unit (its group's first).
        unit: UnitId,
        /// The hex added or given up.
        #[serde(with = "super::fhex")]
        hex: Hex,
        /// Its hexes now.
        hexes: u8,
        /// It extended (else it shrank).
        extended: bool,
        /// MP paid.
        cost: super::types::Pts,
    },
    /// A unit moved rearward (11.7) or a skirmisher into a Flank hex (11.8).
    MovedRearward {
        /// The unit (its group's first).
        unit: UnitId,
        /// The hex its first hex entered.
        #[serde(with = "super::fhex")]
        to: Hex,
        /// MP paid.
        cost: super::types::Pts,
    },
    /// F-5.1b: one loss of an artillery enfilade moved from the target to `unit`.
    LossShifted {
        /// The unit that takes it.
        unit: UnitId,
        /// The hex fired at.
        #[serde(with = "super::fhex")]
        from: Hex,
    },
    /// F-7.1e A: a Line or Hook of the Infernal Column sidled into a Flank hex.
    Sidled {
        /// The unit (its group's first).
        unit: UnitId,
        /// The hex its first hex entered.
        #[serde(with = "super::fhex")]
        to: Hex,
        /// MP paid.
        cost: super::types::Pts,
    },
    /// Unlimbered artillery moved by hand (11.6).
    MovedByHand {
        /// The unit.
        unit: UnitId,
        /// The hex entered.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// A unit entered the redoubt of its hex: General Order, a Disorder Check (A) at the end of
    /// its move (F-3.5a B).
    EnteredRedoubt {
        /// The unit.
        unit: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
    },
    /// The French placed the missing redoubt (F-6.2).
    RedoubtPlaced {
        /// The hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
    },
    /// The French placed a barricade (F-3.6).
    BarricadePlaced {
        /// The hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
    },
    /// A unit removed the barricade in its hex (F-3.6).
    BarricadeRemoved {
        /// The unit.
        unit: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
    },
    /// An Allied unit left the single map by its exit hex (F-10.3e); `total` Allied SP are
    /// off so far.
    ExitedField {
        /// The unit.
        unit: UnitId,
        /// The exit hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
        /// The Allied SP off the map so far.
        total: u16,
    },
    /// A unit left the map by an exit hex (F-4.4 toward the Allied supply train; F-6.6c back
    /// to Tournay when `tournay`).
    LeftMap {
        /// The unit.
        unit: UnitId,
        /// The exit hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
        /// Toward Tournay (F-6.6c), else toward the supply train (F-4.4).
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        tournay: bool,
    },
    /// The French call a unit from the siege of Tournay (F-6.6a): it arrives at N1801 on turn
    /// index `arrives`.
    TournayCalled {
        /// The unit.
        unit: UnitId,
        /// The turn index of its arrival.
        arrives: u16,
    },
    /// The Tournay Check (F-6.6b): the Allied 00–99 roll, a sortie below `limit`.
    TournayCheck {
        /// The roll.
        roll: u8,
        /// A roll below this is a sortie.
        limit: u8,
        /// The Dutch made a sortie.
        sortie: bool,
    },
    /// A unit called from Tournay and still on the reinforcement track turns back after the
    /// sortie (F-6.6c).
    TournaySentBack {
        /// The unit.
        unit: UnitId,
    },
    /// The French sent back as many SP as they withdrew: the sortie is answered (F-6.6c).
    TournayAnswered {
        /// The SP sent back.
        sp: u16,
    },
    /// A French dragoon, carabinier or Grassin unit changed mode (F-6.5b): the counters `from`
    /// gave way to `to`; `lost` SP losses carried over (F-6.5c: halved dismounting, doubled
    /// mounting).
    ModeChanged {
        /// The counters taken off.
        from: Vec<UnitId>,
        /// The counters set in their place.
        to: Vec<UnitId>,
        /// The unit is mounted now.
        mounted: bool,
        /// The losses before the change.
        lost_before: u8,
        /// The losses after it.
        lost_after: u8,
    },
    /// A unit passed through friendly units it differs from (10.7a): it and they take DC(A)
    /// once its movement is over (movement/passage.rs).
    PassageOfLines {
        /// The moving unit (its group's first).
        unit: UnitId,
        /// The hex it left.
        #[serde(with = "super::fhex")]
        hex: Hex,
        /// The units passed through.
        through: Vec<UnitId>,
        /// The Disorder Check Table row (10.7c) of the first difference found.
        why: String,
        /// The DC(A) modifier it adds.
        er_mod: i16,
    },
    /// A unit was put on top of its group (10.6f, 10.6g), or unactivated units and guns
    /// beneath the attackers (10.6i).
    Reordered {
        /// The unit.
        unit: UnitId,
        /// On top (`true`) or at the bottom.
        top: bool,
        /// The rule.
        rule: String,
    },
    /// A unit left its group where it stands, to act on its own (10.8a).
    LeftGroup {
        /// The unit.
        unit: UnitId,
    },
    /// A parent unit split into its subunits (8.5a).
    Split {
        /// The parent unit.
        parent: UnitId,
        /// The subunits placed, each with its SP.
        subunits: Vec<(UnitId, u8)>,
    },
    /// Subunits tried to rejoin as their parent unit (8.5b, 8.5c).
    Rejoin {
        /// The parent unit.
        parent: UnitId,
        /// The 00–99 roll.
        roll: u8,
        /// The worst ER among the subunits.
        er: u8,
        /// It rejoined.
        passed: bool,
    },
    /// A skirmisher's roll to enter an enemy ZOC (11.9c).
    EzocRoll {
        /// The skirmisher.
        unit: UnitId,
        /// The roll.
        roll: u8,
        /// Its ER.
        er: u8,
        /// It may enter.
        passed: bool,
    },
    /// A unit turned in place (9.2).
    Faced {
        /// The unit.
        unit: UnitId,
        /// The new facing.
        facing: u8,
        /// MP paid.
        cost: super::types::Pts,
    },
    /// A unit (and its group) reforms in its Movement Segment (8.2a, 8.4, 8.6) or
    /// about-faces (9.6).
    Reformation {
        /// The unit (its group's first).
        unit: UnitId,
        /// Units in the group.
        group: u8,
        /// Its formation before.
        from: super::types::Formation,
        /// Its formation now.
        formation: super::types::Formation,
        /// Its hexes now.
        hexes: u8,
        /// Its facing now.
        facing: u8,
        /// MP paid.
        cost: super::types::Pts,
        /// The rule.
        rule: String,
    },
    /// A segment of the activation ends (4.0C).
    SegmentEnds {
        /// Its rule.
        rule: String,
    },
    /// The activation is complete: commanders flipped, FINISHED markers placed (4.0C, 6.3d).
    ActivationComplete,
    /// Of friendly groups tied on ER after a Special Close Combat Result, the group whose top
    /// unit is `unit` takes its Morale Check (G) next, as its player chose (14.8b).
    MoraleCheckFirst {
        /// The group's top unit.
        unit: UnitId,
    },
    /// The passive player's order of the Fire and Cavalry Reactions `unit`'s change set off
    /// (17.0).
    ReactionOrder {
        /// The unit that moved or changed.
        unit: UnitId,
        /// The Cavalry Reaction comes first.
        cavalry_first: bool,
    },
    /// The Rally Phase dice (4.0D).
    RallyOrder {
        /// The dice, French first.
        dice: [u8; 2],
        /// The side that rallies first, `None` on a tie (rolled again).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        first: Option<Side>,
    },
    /// The Technical Phase: markers removed, the clock advanced (4.0E).
    TurnEnds,
    /// A unit loses Strength Points (12.9a, 14.0).
    SpLost {
        /// The unit.
        unit: UnitId,
        /// SP lost.
        lost: u8,
        /// It has none left and is destroyed.
        destroyed: bool,
        /// The rule that took them.
        rule: String,
    },
    /// A group is designated to attack (13.1): its top unit and the target hex.
    AttackDeclared {
        /// The group's top unit.
        unit: UnitId,
        /// The enemy's hex.
        #[serde(with = "super::fhex")]
        target: Hex,
        /// A cavalry charge (13.1d).
        charge: bool,
    },
    /// A declared attack does not go in (13.2a failed check, 13.6a nobody to attack).
    AttackCancelled {
        /// The group's top unit.
        unit: UnitId,
        /// Why.
        rule: String,
    },
    /// Charging (or reacting) cavalry moves a hex (13.3, 17.2a).
    Charged {
        /// The group's top unit.
        unit: UnitId,
        /// The hex its first hex entered.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// A charge that reached nobody goes back, Disorder/Shaken (13.3e).
    ChargeReturned {
        /// The group's top unit.
        unit: UnitId,
    },
    /// A Defender's Reaction (13.4).
    Reacted {
        /// The group's top unit.
        unit: UnitId,
        /// Its new facing.
        facing: u8,
        /// It formed Square.
        square: bool,
        /// The formation it changed into (13.4b), other than Square.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        formation: Option<super::types::Formation>,
        /// The DC(D) modifier (13.4e).
        er_mod: i16,
    },
    /// A countercharge meets the charger (13.5c).
    Countercharged {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The hex it moved into.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Cavalry is committed to a combat (13.8).
    Committed {
        /// The cavalry's top unit.
        unit: UnitId,
    },
    /// A group Retreats Before Close Combat (13.9).
    RetreatBeforeCombat {
        /// The group's top unit.
        unit: UnitId,
    },
    /// A close combat is designated and begins (13.6).
    CombatDesignated {
        /// The attacking units.
        attackers: Vec<UnitId>,
        /// The defending units.
        defenders: Vec<UnitId>,
    },
    /// Defensive Fire is due now (13.10); the fire section conducts it.
    DefensiveFireDue {
        /// The defenders in place.
        defenders: Vec<UnitId>,
        /// The attackers.
        attackers: Vec<UnitId>,
    },
    /// A commander adds his Combat Bonus to his group (21.2b).
    CombatBonus {
        /// The commander.
        commander: UnitId,
    },
    /// A round of close combat (13.11, 14.1, 14.8).
    CloseCombatRound {
        /// The round (14.5).
        round: u8,
        /// SP taking part: attacker, defender (13.11a).
        sp: [u32; 2],
        /// The ratio read.
        odds: String,
        /// Final CRs with the ratio's modifiers: attacker, defender.
        cr: [i16; 2],
        /// The dice: attacker, defender.
        dice: [u8; 2],
        /// The result's code.
        result: String,
        /// A Special Close Combat Result (14.8).
        special: bool,
    },
    /// A unit's state changes by a close combat rule (14.3a "D", 14.5d, 13.3e, 17.2b).
    CloseState {
        /// The unit.
        unit: UnitId,
        /// Disordered now.
        disordered: bool,
        /// Its morale now.
        morale: super::types::Morale,
        /// The rule.
        rule: String,
    },
    /// A close combat is over (14.1a).
    CombatOver {
        /// The side that won, if one did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner: Option<Side>,
        /// Rounds fought (0: decided before the dice, 13.7e).
        rounds: u8,
    },
    /// A group advances after combat (15.1).
    Advanced {
        /// The group's top unit.
        unit: UnitId,
        /// The vacated hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// A group that advanced turns freely (15.1g).
    AdvanceFaced {
        /// The group's top unit.
        unit: UnitId,
        /// The new facing (0–11).
        facing: u8,
    },
    /// No pursuit (16.1b, F-8.4).
    NoPursuit {
        /// The cavalry's top unit.
        unit: UnitId,
        /// Why.
        why: String,
    },
    /// A Special Pursuit Result (F-8.4).
    SpecialPursuit {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The second die.
        roll: u8,
        /// The result.
        result: String,
    },
    /// The Pursuit Points (16.2a).
    PursuitPoints {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The die.
        roll: u8,
        /// The PP.
        pp: u8,
    },
    /// Pursuing cavalry enters a path hex (16.2b).
    Pursued {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Pursuing cavalry's Free Movement enters a Frontal hex (16.2b).
    FreeMoved {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        to: Hex,
        /// The PP left.
        pp: u8,
    },
    /// Pursuing cavalry's Free Movement turns it (16.2b: 1 PP, at most twice).
    FreeTurned {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The new facing (0–11).
        facing: u8,
        /// The PP left.
        pp: u8,
    },
    /// Pursuit Movement ends (16.2b).
    PursuitEnds {
        /// The cavalry's top unit.
        unit: UnitId,
        /// Why.
        why: String,
    },
    /// Cavalry over the stacking limit after its pursuit splits, the lower units to an empty
    /// hex next to it (16.2c, 10.8b).
    PursuitSplit {
        /// The units that leave, top first.
        units: Vec<UnitId>,
        /// Where they go.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Passive cavalry makes a Cavalry Reaction (17.2a).
    CavalryReaction {
        /// The cavalry's top unit.
        unit: UnitId,
        /// The unit that moved.
        mover: UnitId,
    },
    /// 17.2d: the reacting player attacks the original group of a splitting unit (`original`)
    /// or the split group; every reaction to the same movement does the same.
    SplitGroupChoice {
        /// The reacting cavalry's top unit.
        unit: UnitId,
        /// The unit that split from its group.
        mover: UnitId,
        /// The original group (17.2d a), or the split one (17.2d b).
        original: bool,
    },
    /// F-7.1d C: the Infernal Column turns an R into an M and loses `sp` SP in all.
    ColumnStands {
        /// The top unit of the column's side.
        unit: UnitId,
        /// The SP it loses (the result's and 1 more).
        sp: u8,
    },
    /// A Disorder or Morale Check is taken (18.1a, 19.1a).
    Check {
        /// The unit whose ER is read.
        unit: UnitId,
        /// The check.
        check: CheckKind,
        /// The d100 roll.
        roll: u8,
        /// The modified ER it was read against (a roll below it fails).
        er: i16,
        /// The modifiers that made it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        modifiers: Vec<ErMod>,
        /// Passed or failed; `None` when a special result calls for a re-roll.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        passed: Option<bool>,
        /// The special result of a roll of 00–09, by its chart name (F-8.3).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        special: Option<String>,
    },
    /// A check asked for is not taken, or replaced (18.2b, 18.4, 19.1f).
    CheckSkipped {
        /// The unit.
        unit: UnitId,
        /// The check.
        check: CheckKind,
        /// Why.
        why: String,
    },
    /// A unit's organizational or morale state changes (18.0, 19.0).
    Condition {
        /// The unit.
        unit: UnitId,
        /// Disordered now.
        disordered: bool,
        /// Its morale state now.
        morale: Morale,
        /// The rule.
        rule: String,
    },
    /// A unit Routs (19.1c, 19.3, 19.10).
    Routed {
        /// The unit.
        unit: UnitId,
        /// The rule.
        rule: String,
    },
    /// A retreating unit (and its group) enters a hex (20.1, 20.2).
    Retreated {
        /// The group's first unit.
        unit: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// A retreat is over (20.1, 20.2).
    RetreatEnds {
        /// The group's first unit.
        unit: UnitId,
        /// Hexes retreated.
        hexes: u8,
    },
    /// A Routed unit rallies into a formation and facing (19.5b, 19.5e).
    Rallied {
        /// The unit.
        unit: UnitId,
        /// Its formation.
        formation: Formation,
        /// Its facing.
        facing: u8,
    },
    /// A Victoire! marker is placed or removed (F-8.3c).
    Victoire {
        /// The unit.
        unit: UnitId,
        /// Placed (true) or removed.
        on: bool,
    },
    /// A fire is opened (12.1): its firers, strength, Defense Rating, column and modifiers.
    FireOpened {
        /// The occasion.
        kind: FireKind,
        /// The firing side.
        side: Side,
        /// The arm, or `None` for combined Defensive Fire.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        arm: Option<Arm>,
        /// The hex fired at.
        #[serde(with = "super::fhex")]
        at: Hex,
        /// The firing units.
        firers: Vec<UnitId>,
        /// Fire Strength.
        strength: u32,
        /// Defense Rating.
        defense: u32,
        /// The column, `None` below 1:3 (no effect).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<String>,
        /// Die roll modifiers.
        drm: i32,
    },
    /// A fire's roll and what the Fire Combat Table gives (12.1, 12.9).
    FireRolled {
        /// The hex fired at.
        #[serde(with = "super::fhex")]
        at: Hex,
        /// The unmodified roll.
        roll: u8,
        /// The modified roll.
        modified: i32,
        /// The table's result (`-`, `R/D`, `1`..`6`).
        result: String,
    },
    /// F-7.8a: an Allied Detachment was formed before play.
    DetachmentFormed {
        /// Its commander.
        commander: UnitId,
        /// Its Divisions.
        divisions: Vec<DivId>,
    },
    /// F-8.8: the Special Commander Loss Result of a fire, and whom it may strike.
    CommanderLossResult {
        /// The hex fired at.
        #[serde(with = "super::fhex")]
        at: Hex,
        /// The result's name.
        result: String,
        /// The commanders it may strike: those who roll (F-8.8c, d), those one is drawn from
        /// (F-8.8b) or named from (F-8.8a).
        commanders: Vec<UnitId>,
    },
    /// A Special Fire Combat Result (12.11, F-8.5–F-8.7).
    FireSpecial {
        /// The hex fired at.
        #[serde(with = "super::fhex")]
        at: Hex,
        /// The unmodified roll, 00–09.
        roll: u8,
        /// The result's name.
        result: String,
    },
    /// A fire has no effect, or is not conducted, for a reason (12.1, F-8.5e, F-8.6g...).
    FireNoEffect {
        /// The hex fired at.
        #[serde(with = "super::fhex")]
        at: Hex,
        /// Why.
        why: String,
    },
    /// A moving unit gives the passive player a Fire Reaction (12.8).
    ReactionOffered {
        /// The mover.
        mover: UnitId,
        /// The hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
        /// What set it off.
        trigger: Trigger,
    },
    /// A unit changes formation as a result (8.4g, 12.9j; F-8.7e limbering).
    Reformed {
        /// The unit.
        unit: UnitId,
        /// Its new formation.
        formation: Formation,
        /// The rule.
        rule: String,
    },
    /// A multi-hex formation shrinks after losses (11.5i, 12.9j).
    Shrunk {
        /// The unit.
        unit: UnitId,
        /// Its hexes now.
        hexes: u8,
    },
    /// A unit becomes Disordered, or Shaken/Disordered, without a check (18.3, 18.5c; F-8.5a,
    /// A moving unit Disordered by a Fire Reaction stops (18.5d).
    MoveStopped {
        /// The unit.
        unit: UnitId,
    },
    /// A Commander Loss Check (21.4).
    CommanderLossCheck {
        /// The commander.
        commander: UnitId,
        /// The d10.
        roll: u8,
        /// killed, wounded or none.
        result: String,
    },
    /// A commander is wounded and leaves play until a later turn (21.4c).
    CommanderWounded {
        /// The commander.
        commander: UnitId,
        /// The d10 of the Commander Wound Result.
        roll: u8,
        /// The turn he may return on, as printed.
        until: String,
    },
    /// A commander is killed (21.4b) or destroyed (21.1b, 21.4c, 21.4e).
    CommanderKilled {
        /// The commander.
        commander: UnitId,
        /// The boxes shaded on his army's loss record (21.4b, F-2.5b).
        points: u16,
        /// The rule.
        rule: String,
    },
    /// A commander whose units are all destroyed leaves play, without points (21.7).
    CommanderUnemployed {
        /// The commander.
        commander: UnitId,
    },
    /// A replacement takes a lost commander's office (21.5a).
    CommanderReplaced {
        /// The lost commander.
        office: UnitId,
        /// The replacement.
        holder: UnitId,
    },
    /// A commander is placed on a unit: a replacement, or a wounded commander back (21.5c–e).
    CommanderPlaced {
        /// The commander.
        commander: UnitId,
        /// The unit he joins.
        unit: UnitId,
    },
    /// A new Commander-in-Chief (21.5, 21.6; F-3.3b, F-4.2a), or none.
    NewCinc {
        /// The army.
        side: Side,
        /// The new CinC, `None` when all are lost (21.6a).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commander: Option<UnitId>,
        /// His Command Rating.
        rating: i8,
        /// His WAN.
        wan: u8,
    },
    /// A commander whose hex part of a group leaves goes with it or stays (21.2c).
    CommanderJoins {
        /// The commander.
        commander: UnitId,
        /// He goes with the retreating units.
        retreat: bool,
    },
    /// Guns that their Line or Hook left are put in one of its former hexes (10.4e).
    GunsStayed {
        /// The guns.
        unit: UnitId,
        /// Their hex.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// A lone commander is displaced by an enemy (21.1b).
    CommanderDisplaced {
        /// The commander.
        commander: UnitId,
        /// The hex he goes to.
        #[serde(with = "super::fhex")]
        to: Hex,
    },
    /// Command Rating spent on an Army Morale Check (23.2b).
    RatingSpent {
        /// The army.
        side: Side,
        /// Points.
        points: u8,
    },
    /// An Army Morale Check (23.2, F-2.12).
    ArmyMorale {
        /// The morale track's name.
        track: String,
        /// The Current Loss Total (23.1a).
        clt: u16,
        /// The column's lowest total (23.1b).
        column: u16,
        /// The d10.
        roll: u8,
        /// Rating spent (23.2b).
        spent: u8,
        /// Added to the modifier.
        added: u8,
        /// The modifier now.
        modifier: u8,
    },
    /// F-6.9c A: the King's Loss Roll came up 0: the army seeks revenge for the rest of the
    /// game.
    Revenge {
        /// The army.
        side: Side,
    },
    /// F-6.9c C: Louis XV is captured by an enemy unit entering his hex (or taken over by
    /// one joining him while he is held without escort).
    KingCaptured {
        /// The King.
        king: UnitId,
        /// The unit he now moves with.
        by: UnitId,
    },
    /// F-5.4c (option `5.4c-rearward`): a unit of a retreating army is declared free of the
    /// rearward movement this activation under exception 1 (avoiding destruction), 2 (an
    /// especially vulnerable enemy) or 3 (covering the retreat).
    RearException {
        /// The unit.
        unit: UnitId,
        /// The exception (1–3).
        exception: u8,
    },
    /// F-6.9c C: the capturing player sends Louis XV on alone, one hex (6 MP in all).
    KingSent {
        /// The King.
        king: UnitId,
        /// The hex he enters.
        #[serde(with = "super::fhex")]
        to: Hex,
        /// The MP he has left, in sixths.
        mp_left: u16,
    },
    /// F-6.9c C: Louis XV is recovered by a unit of his army entering his hex.
    KingRecovered {
        /// The King.
        king: UnitId,
        /// The unit that recovered him.
        by: UnitId,
    },
    /// F-4.2d: the Allies declare Ingoldsby's Division will be dissolved.
    DissolutionDeclared {
        /// The Division.
        division: DivId,
    },
    /// F-4.2d: a Division is dissolved: its commander leaves the game, its units are
    /// Independents.
    DivisionDissolved {
        /// The Division.
        division: DivId,
        /// Its commander.
        commander: Option<UnitId>,
    },
    /// An army declares an Army Retreat (F-2.2).
    ArmyRetreat {
        /// The army.
        side: Side,
        /// Why.
        rule: String,
    },
    /// A reinforcement arrives (22.1).
    Arrived {
        /// The unit.
        unit: UnitId,
        /// Its hex.
        #[serde(with = "super::fhex")]
        hex: Hex,
    },
    /// A victory place is entered or captured (F-10.1d, F-10.2d).
    PlaceTaken {
        /// The unit.
        unit: UnitId,
        /// The place.
        place: String,
    },
    /// Hanoverian cavalry fires its pistols as it attacks (F-7.9).
    PistolFire {
        /// The cavalry.
        firers: Vec<UnitId>,
        /// The hex attacked.
        #[serde(with = "super::fhex")]
        at: Hex,
    },
    /// The French Perimeter is breached, or no longer (F-6.8b): the Allied infantry and
    /// cavalry units clearly through it.
    PerimeterBreach {
        /// Breached now.
        breached: bool,
        /// The units through it.
        units: u8,
    },
    /// The game is over.
    GameOver {
        /// The winner, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner: Option<Side>,
        /// The result in the scenario's words.
        level: String,
    },
}

impl EventInfo for Event {
    fn rule(&self) -> &str {
        self.rule_of()
    }
}

mod display;
mod rule;
