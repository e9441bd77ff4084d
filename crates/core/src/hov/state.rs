//! The changing part of a Habit of Victory game: the Game-Turn and where the sequence of play
//! stands (¶38–¶54), every leader, combat unit, vedette and garrison, the supply sources and
//! depots, bridges, masked forts, the Paris Morale track and the Battle Scenario ledger, and
//! what is in progress (a force on the march, a battle). The printed values stay in
//! [`super::units`]; the map in [`super::board`].
//!
//! Hidden information (¶20–¶22, §68, ¶146 step 3, digest §2.14) is all here, as the true
//! position; [`super::observe`] turns it into what one side may see, replacing the other side's
//! hidden counters by [`Unknown`] stacks.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::types::{Chit, Mp};
use crate::engine::{Outcome, Side};
use crate::hex::{Hex, Hexside};

/// A leader: its index in [`super::units::Manifest::leaders`].
pub type LeaderId = u16;
/// A combat unit: its index in [`super::units::Manifest::units`].
pub type UnitId = u16;
/// A vedette: its index in [`super::units::Manifest::vedettes`].
pub type VedetteId = u16;
/// A garrison marker: its index in [`super::units::Manifest::garrisons`].
pub type GarrisonId = u16;

/// The parts of a Game-Turn (¶38–¶54) and of each Player-Turn, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the first Game-Turn: the players place their vedettes (§217), the First Player
    /// first.
    Setup,
    /// A. The First Player rolls for the weather (¶40, §26).
    Weather,
    /// I.a Administrative Segment: supply sources (¶42, §30–§33), garrison absorption (§53).
    Administrative,
    /// I.b Organization Segment (¶43, ¶65–¶76, §19, §22, §52, §54).
    Organization,
    /// II.a Reinforcements are placed or delayed (¶44, ¶91–¶96).
    Reinforcements,
    /// II.b Movement Commands (¶45, ¶97–¶99).
    MovementCommands,
    /// II.c Initiative Movement (¶46, ¶101–¶108).
    InitiativeMovement,
    /// II.e Consolidation (¶48, ¶141). (II.d Stationary Attrition does nothing here: §49.)
    Consolidation,
    /// II.f Bridge Segment (¶49, ¶142).
    Bridge,
    /// III.a Forced March by the non-phasing player (¶50, ¶143).
    ForcedMarch,
    /// III.b Battle Resolution (¶51, ¶144–¶206), masking (§44).
    BattleResolution,
    /// III.c Joint Consolidation (¶52).
    JointConsolidation,
    /// IV. Morale (¶53, ¶193–¶195, §215).
    Morale,
    /// The scenario is over.
    Over,
}

impl Phase {
    /// The phase or segment as the sequence of play (¶38–¶54) names it.
    pub fn title(self) -> &'static str {
        match self {
            Phase::Setup => "set-up: vedettes are placed",
            Phase::Weather => "the Weather Phase",
            Phase::Administrative => "the Administrative Segment",
            Phase::Organization => "the Organization Segment",
            Phase::Reinforcements => "the Reinforcement Segment",
            Phase::MovementCommands => "the Movement Command Segment",
            Phase::InitiativeMovement => "the Initiative Movement Segment",
            Phase::Consolidation => "the Consolidation Segment",
            Phase::Bridge => "the Bridge Segment",
            Phase::ForcedMarch => "the Forced March Segment",
            Phase::BattleResolution => "the Battle Resolution Segment",
            Phase::JointConsolidation => "the Joint Consolidation Segment",
            Phase::Morale => "the Morale Phase",
            Phase::Over => "the scenario is over",
        }
    }
}

/// Where a leader is (¶19, ¶28, ¶33, ¶91).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderPlace {
    /// On the map: a Force Leader, or an Unemployed Leader (¶30).
    Map(#[serde(with = "super::hhex")] Hex),
    /// On a Force Leader's portrait, as his Subordinate Leader (¶19, ¶28); in his hex.
    Portrait(LeaderId),
    /// A reinforcement not yet on the map (¶91, ¶94–¶95).
    Waiting,
    /// Captured; back in play at the start of this Game-Turn (¶33: one complete turn out).
    Captured(u8),
    /// Not in play: an inactive Major General (¶68), a leader the scenario removes.
    Out,
}

/// One leader's changing state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leader {
    /// Where he is.
    pub place: LeaderPlace,
    /// Face up on the map (¶21: after a repulse attempt and in combat steps 1–2; hidden again
    /// at the end of the Combat Phase, ¶22).
    pub revealed: bool,
    /// Times captured: each return takes one from his Initiative and Command Span (¶33).
    pub captures: u8,
    /// His force has moved, or tried to, this phase or segment (¶88, ¶108).
    pub moved: bool,
    /// His force rolled for Initiative this phase or segment (¶108, ¶120).
    pub tried: bool,
    /// Dropped off this phase: may not move again until it ends (¶81).
    pub dropped: bool,
    /// ¶82: the Force Leader whose march dropped him off this phase; his units share that
    /// march's attrition.
    #[serde(default)]
    pub dropped_from: Option<LeaderId>,
    /// ¶30 1: he had no units and no subordinates as his side's last Movement Phase began (or
    /// at set-up): an Unemployed Leader, who moves free while he stays so.
    #[serde(default)]
    pub unemployed: bool,
}

/// One combat unit's changing state (¶12–¶13, ¶19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// The leader on whose track it stands; `None` when not in play (eliminated, ¶13, or not
    /// yet created, §19).
    pub leader: Option<LeaderId>,
    /// Its strength (¶13); 0 only when out of play.
    pub sp: u8,
}

/// Where a vedette is (§67–§68, §75).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VedettePlace {
    /// On the map.
    Map(#[serde(with = "super::hhex")] Hex),
    /// On a Force Leader's portrait, back on the map with him at the next Organization
    /// Segment (§75).
    Portrait(LeaderId),
    /// In the Vedette Pool (§67).
    Pool,
    /// Permanently eliminated (§80 Freikorps; §171).
    Gone,
}

/// One vedette's changing state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Vedette {
    /// Where it is.
    pub place: VedettePlace,
    /// Revealed until it next moves (§68, §70).
    pub revealed: bool,
    /// Moved this phase.
    pub moved: bool,
}

/// Where a garrison marker is (§23–§25, §51–§54).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GarrisonPlace {
    /// On the map, a separate force in its fort (§24, §36).
    Map(#[serde(with = "super::hhex")] Hex),
    /// On a leader's track, marching and fighting like a unit (§25, §54).
    Track(LeaderId),
    /// Off the map, available from the start of this Game-Turn (§53).
    Available(u8),
    /// Destroyed (§24: any loss destroys it on the map).
    Gone,
}

/// One garrison's changing state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Garrison {
    /// Where it is.
    pub place: GarrisonPlace,
    /// Its strength: printed on the map (§24), 1–2 when created (§52), reduced on a track
    /// (§25).
    pub sp: u8,
}

/// The state of an army's active Supply Source (¶58–¶60, §29–§33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Supply {
    /// The army is not in the scenario.
    None,
    /// Face up on this hex, with its 1-SP garrison (¶59, §31).
    Active(#[serde(with = "super::hhex")] Hex),
    /// Flipped in this Game-Turn's Administrative Segment: placed again in the next (§30).
    Changing(u8),
    /// Captured in this Game-Turn (§32); it may return from the following friendly
    /// Administrative Segment (§33).
    Captured(u8),
}

/// A fort being masked, or masked (§44–§47).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Mask {
    /// The fort.
    #[serde(with = "super::hhex")]
    pub hex: Hex,
    /// The side masking it.
    pub by: Side,
    /// Attempts rolled so far (the row of the §45 table is the next one).
    pub attempts: u8,
    /// Masked (the marker's successful side).
    pub masked: bool,
    /// The masking die is to be rolled now (§44).
    #[serde(default)]
    pub pending: bool,
    /// Rolled for in this Combat Phase (§44: one roll each friendly Combat Phase).
    #[serde(default)]
    pub tried: bool,
}

/// How a marching force was set in motion (¶89 step 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Activation {
    /// A Movement Command (¶98–¶99).
    Command,
    /// A successful Initiative roll (¶102–¶104).
    Initiative,
    /// Initiative in the enemy's Forced March Segment (¶50, ¶143).
    ForcedMarch,
    /// No activation needed: an Unemployed Leader (¶30) or a vedette (§68).
    Free,
}

/// A force on the march (¶109–¶120): what it may still spend and what it has done.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct March {
    /// The Force Leader (or the Unemployed Leader).
    pub leader: LeaderId,
    /// The Force Leaders of the other hexes of a Multi-Hex Force (¶118), which move after
    /// him.
    pub parts: Vec<LeaderId>,
    /// How it was activated.
    pub how: Activation,
    /// The most MP its infantry (and artillery) may spend in this march (¶102–¶104, ¶109).
    pub allowance_inf: Mp,
    /// The most MP its cavalry may spend.
    pub allowance_cav: Mp,
    /// Spent by its infantry and artillery (¶110: tallied apart).
    pub spent_inf: Mp,
    /// Spent by its cavalry.
    pub spent_cav: Mp,
    /// Strength when it set out, for attrition (¶137, ¶82).
    pub start_sp: u16,
    /// Hexes passed through, the start first.
    #[serde(with = "super::hhex::vec")]
    pub path: Vec<Hex>,
    /// It may spend exactly one MP (¶103).
    pub one_mp: bool,
    /// The vedette moving, when the mover is a vedette (§68); `leader` is then unused.
    pub vedette: Option<VedetteId>,
    /// The mover is an Unemployed Leader (¶30): cavalry costs, no ZOCs, no attrition.
    pub unemployed: bool,
    /// Where the march stands: its Initiative die, the steps, its attrition die.
    pub stage: MarchStage,
    /// It began in an enemy ZOC (¶126: the Initiative roll is modified).
    pub from_ezoc: bool,
    /// It has entered a ZOC Bond (¶125) or may otherwise go no farther: only `Done` is left.
    pub stopped: bool,
    /// It began out of Dispatch Distance: attrition on the zero / No LOC line (¶137, §27).
    pub no_loc: bool,
    /// In Forced March it has just entered an enemy ZOC on the strength of a repulse it must
    /// now declare (¶133 3, ¶143): only [`super::action::Action::Repulse`] is left.
    #[serde(default)]
    pub must_repulse: bool,
    /// The hexes of a Multi-Hex Force that have finished moving, the Force Leader's first
    /// (¶118); `leader`, `path` and the tallies are then those of the part moving now.
    #[serde(default)]
    pub moved_parts: Vec<Part>,
    /// MP spent deploying or taking up pontoons, which do not count toward attrition (¶142 3,
    /// reading C2).
    #[serde(default)]
    pub bridge_mp: Mp,
    /// §70, §70 3: it has entered, or begins its move in, a hex that is a ZOC Bond as the
    /// mover sees it (unrevealed enemy vedettes counted as forces): it declares a repulse, or
    /// none with `Done`, before the vedettes there are revealed (reading N74).
    #[serde(default)]
    pub declare: bool,
    /// §71: a cavalry vedette has tried to repulse: the hex it probed and the hex it stood in
    /// (barred to its retreat), then each hex of its retreat before combat; empty otherwise.
    #[serde(default, with = "super::hhex::vec")]
    pub probe: Vec<Hex>,
}

/// One hex of a Multi-Hex Force that has finished its move (¶118).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Part {
    /// Its leader.
    pub leader: LeaderId,
    /// Its path, the start first.
    #[serde(with = "super::hhex::vec")]
    pub path: Vec<Hex>,
    /// Spent by its infantry and artillery.
    pub spent_inf: Mp,
    /// Spent by its cavalry.
    pub spent_cav: Mp,
}

/// When a repulse is tried (¶130): its failure has a different effect in each (¶132, ¶96 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepulseWhen {
    /// The Movement Phase (II.b, II.c): a failure stops the force and forces an attack
    /// (¶132 1–2).
    Movement,
    /// The Forced March Segment: it costs 1 MP more (¶133 2); a failure costs 1 SP and ends the
    /// march (¶132 4).
    ForcedMarch,
    /// A pursuit (¶179): a failure only stops the pursuer (¶132 3).
    Pursuit,
    /// A reinforcement's first hex (¶96 2): a failure destroys the reinforcement.
    Entry,
}

/// A successful repulse being carried out (¶131 2, ¶32 2): the capture dice of the Unemployed
/// Leaders a cavalry force repulsed, then the one-hex retreat of what stood in the hex.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingRepulse {
    /// The repulsing Force Leader (for [`RepulseWhen::Entry`], the reinforcement).
    pub by: LeaderId,
    /// When it was tried.
    pub when: RepulseWhen,
    /// The hex repulsed.
    #[serde(with = "super::hhex")]
    pub target: Hex,
    /// The leaders on the map there who retreat (Force Leaders and Unemployed Leaders).
    pub leaders: Vec<LeaderId>,
    /// The vedettes there, who retreat with them (reading N27).
    pub vedettes: Vec<VedetteId>,
    /// Unemployed Leaders still to roll against capture (¶32 2, ¶33), in order.
    pub captures: Vec<LeaderId>,
}

/// Where a bridge train is (§158).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrainPlace {
    /// On a leader's track, moving with his force.
    Track(LeaderId),
    /// Deployed as a pontoon across a river hexside.
    Pontoon(Hexside),
    /// Undeployed on the map, left by a force that could not take it along (§158 1–2).
    Map(#[serde(with = "super::hhex")] Hex),
    /// Out of play (none to set up with); in an observation, on a hidden track.
    Out,
}

/// A bridge train (§158).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Train {
    /// Its owner now (a pontoon passed through by the enemy changes hands).
    pub side: Side,
    /// Where it is.
    pub place: TrainPlace,
}

/// A force landed from the sea (§58).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Landing {
    /// Its Force Leader.
    pub leader: LeaderId,
    /// The coastal hex it landed on.
    #[serde(with = "super::hhex")]
    pub hex: Hex,
}

/// A repulse that failed in the Movement Phase (¶132 2): in the coming Battle Resolution the
/// force must attack the hex, choosing Pursuit in the first round, two CRT columns to the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FailedRepulse {
    /// The Force Leader who tried.
    pub leader: LeaderId,
    /// The hex he failed to repulse.
    #[serde(with = "super::hhex")]
    pub target: Hex,
}

/// A force whose Forced March roll failed in this Combat Phase (§185, option
/// `sound-of-the-guns`), and the hex it began the phase in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FailedForcedMarch {
    /// Its Force Leader.
    pub leader: LeaderId,
    /// Where it stood when the Combat Phase began.
    #[serde(with = "super::hhex")]
    pub from: Hex,
}

/// The call to the guns before a battle's second round (§186, option `sound-of-the-guns`):
/// the non-phasing player's forces of §185 may try their Forced March again.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SoundCall {
    /// The hexes attacked in the battle's first round.
    #[serde(with = "super::hhex::vec")]
    pub defenders: Vec<Hex>,
    /// The hexes of the attacking force.
    #[serde(with = "super::hhex::vec")]
    pub attackers: Vec<Hex>,
    /// The Force Leaders who have tried, in order.
    pub tried: Vec<LeaderId>,
}

/// A force that retreated off a friendly map edge (§61), and the edge hex it left from, near
/// which it comes back (§62).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeftMap {
    /// Its leader.
    pub leader: LeaderId,
    /// The edge hex it left from.
    #[serde(with = "super::hhex")]
    pub hex: Hex,
}

/// Where a march stands (¶89's three steps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarchStage {
    /// Step 1: the Initiative die is to be rolled (¶102–¶107).
    Initiative,
    /// Step 2: the force moves (¶109–¶135).
    Moving,
    /// Step 3: the attrition die is to be rolled (¶136–¶140).
    Attrition,
}

/// The step a battle has reached (¶146).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleStep {
    /// Steps 3b: the phasing player's chit, then the other's (¶146 step 3b).
    Chits,
    /// Step 5: bombardment, attacker then defender (¶158).
    Bombard,
    /// Step 7: the French may stake the Old Guard (¶167–¶168).
    Stake,
    /// Step 7: the combat die.
    Resolve,
    /// Step 7: the attacking Force Leader adds, subtracts or ignores his bonus (¶170).
    Bonus,
    /// Step 7, first attack only: the defender may override (¶198).
    Override,
    /// Step 8: the loser retreats.
    Retreat,
    /// Step 9: the winner may pursue.
    Pursuit,
    /// Step 9: the pursuit die (¶188).
    PursuitRoll,
    /// Step 9: the pursuer picks where along the path he stops (¶179 1).
    PursuitStop,
    /// Step 10: morale.
    Morale,
    /// Steps 12–13: the counterattack is designated.
    Counterattack,
    /// §187: the Battlefield Dynamics die before a counterattack or re-attack (an option).
    Dynamics,
    /// §188 1: the phasing player, in control, re-attacks or ends the battle.
    Reattack,
}

/// A beaten stack on its way back (¶172–¶175): the leaders who retreat together and the hexes
/// they have passed, their start first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Retreat {
    /// The Force Leaders (and Unemployed Leaders) retreating together (¶175).
    pub leaders: Vec<LeaderId>,
    /// The hexes passed through, the start hex first.
    #[serde(with = "super::hhex::vec")]
    pub path: Vec<Hex>,
    /// The hexes the result requires (¶172).
    pub need: u8,
    /// Finished: the full distance, or blocked (¶173).
    pub done: bool,
}

/// How far a pursuit may go after its die (¶179–¶183), waiting for the pursuer's stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PursuitPlan {
    /// The most hexes of the path it may enter.
    pub moves: u8,
    /// Its length on the Pursuit Table, after ¶191.
    pub length: u8,
    /// Going all the way destroys the loser (¶182).
    pub destroyed: bool,
    /// The hexes of the path already passed for good (a drop-off, ¶179 2, or a repulse, ¶132
    /// 3): the pursuer stops no earlier.
    #[serde(default)]
    pub from: u8,
    /// The index in the path of a hex the loser's other counters hold that the pursuer may try
    /// to repulse (¶132 3, ¶148 3); the pursuit reaches only the hexes before it.
    #[serde(default)]
    pub block: Option<u8>,
}

/// The result of one attack or counterattack (¶146 step 7) waiting to be carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fight {
    /// The side that lost (for a Pursuit Override, ¶198, the side that retreats).
    pub loser: Side,
    /// The loser's number on the CRT (hexes of retreat, or SP in a Pitched loss).
    pub loser_n: u8,
    /// The winner's number (SP lost).
    pub winner_n: u8,
    /// SP the winner actually lost (¶205: the loser loses at least as many).
    pub winner_lost: u16,
}

/// A battle in progress (¶146), one per Battle Resolution at a time.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Battle {
    /// The side attacking in this half of the round.
    pub attacker: Side,
    /// The round (1–4, ¶203).
    pub round: u8,
    /// Counterattack half of the round (steps 12–19).
    pub counter: bool,
    /// The Force Leaders of the attacking force in this half (¶151).
    pub attackers: Vec<LeaderId>,
    /// The hexes attacked in this half (¶151–¶153).
    #[serde(with = "super::hhex::vec")]
    pub defenders: Vec<Hex>,
    /// The phasing player's attacking Force Leaders, who re-attack in later rounds (¶202).
    pub first_attackers: Vec<LeaderId>,
    /// The hexes of the first attack (¶146 step 2), re-attacked in later rounds (¶202).
    #[serde(with = "super::hhex::vec")]
    pub first_defenders: Vec<Hex>,
    /// Each side's battle chit for this round, by side index (¶146 step 3b).
    pub chits: [Option<Chit>; 2],
    /// Whether each side has revealed its chit this round (¶155).
    pub revealed: [bool; 2],
    /// Pitched chits each side has revealed in this battle (¶155, ¶203).
    pub pitched_shown: [u8; 2],
    /// The Old Guard is staked in this attack (¶168); `None` before the choice.
    pub staked: Option<bool>,
    /// SP each side has lost in this battle, pursuit included (¶193).
    pub lost: [u16; 2],
    /// Each side has bombarded this round (¶158).
    pub fired: [bool; 2],
    /// The combat die rolled, before the Leadership Bonus (¶170).
    pub die: Option<u8>,
    /// The result being carried out.
    pub fight: Option<Fight>,
    /// The beaten stacks retreating (¶172–¶178).
    pub retreats: Vec<Retreat>,
    /// The leader pursuing (¶179), once chosen.
    pub pursuer: Option<LeaderId>,
    /// Leaders whose force lost all its SP, to roll for capture (¶32–¶33).
    pub captures: Vec<LeaderId>,
    /// The side that won the last attack (¶193).
    pub winner: Option<Side>,
    /// Where the battle stands.
    pub step: BattleStep,
    /// The Battlefield Dynamics die is for a re-attack (else a counterattack), §187.
    #[serde(default)]
    pub reattack: bool,
    /// §188 1: the side about to attack keeps control: it may decline.
    #[serde(default)]
    pub free: bool,
    /// §188 4: a retreat with no pursuit.
    #[serde(default)]
    pub no_pursuit: bool,
    /// ¶194 2: Napoleon has been captured; the Coalition player chooses now.
    #[serde(default)]
    pub napoleon: bool,
    /// The pursuit's reach, while the pursuer picks his stop (¶179 1).
    #[serde(default)]
    pub plan: Option<PursuitPlan>,
    /// The retreating stacks (indices into `retreats`) already pursued or let go (¶187).
    #[serde(default)]
    pub chased: Vec<u8>,
    /// The leaders who have pursued in this result (¶187: one pursuing force each).
    #[serde(default)]
    pub chasers: Vec<LeaderId>,
    /// SP the beaten side has lost to pursuit in this result (¶184, ¶205).
    #[serde(default)]
    pub chase_lost: u16,
    /// SP the counterattacking force withholds from the odds in this attack (¶159 2).
    #[serde(default)]
    pub withheld: u16,
    /// ¶201: the parts of a split counterattack still to attack this round, in order ...
    #[serde(default)]
    pub queue: Vec<LeaderId>,
    /// ... and the hex each of them counterattacks.
    #[serde(default, with = "super::hhex::vec")]
    pub queue_hexes: Vec<Hex>,
    /// The defending Force Leaders of the first attack, as it began (¶148 2).
    #[serde(default)]
    pub opponents: Vec<LeaderId>,
    /// ¶178: the beaten attacker's choice of forces joining its retreat has been made ...
    #[serde(default)]
    pub join_decided: bool,
    /// ... and those forces, who end in its final hex.
    #[serde(default)]
    pub joiners: Vec<LeaderId>,
    /// The phasing garrison attacking on its own (§36 1), when no Force Leader does.
    #[serde(default)]
    pub garrison_attackers: Vec<GarrisonId>,
}

/// What one side sees of the other's hidden counters on the map: a stack whose identity it
/// does not know (¶21, §68). Only in observations; the true state has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Unknown {
    /// Whose it is.
    pub side: Side,
    /// Where it stands.
    #[serde(with = "super::hhex")]
    pub hex: Hex,
    /// Announced as an Unemployed Leader when it moved (¶30).
    pub unemployed: bool,
}

/// Where a vedette combat stands (§72–§77).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SkirmishStep {
    /// The defending cavalry vedette may retreat before combat (§77, ¶146 step 3a).
    DefenderRetreat,
    /// Then the attacking cavalry vedette may (§77).
    AttackerRetreat,
    /// The combat die (¶146 step 7).
    Resolve,
}

/// A combat in which a vedette fights (§72–§77): a phasing force or vedette attacks a hex
/// holding only enemy vedettes, or a phasing vedette attacks an enemy hex.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Skirmish {
    /// The attacking Force Leader, when a real force attacks a vedette (§73 2).
    pub leader: Option<LeaderId>,
    /// The attacking vedette (§72).
    pub vedette: Option<VedetteId>,
    /// The defending vedette, when the hex attacked holds only vedettes.
    pub defender: Option<VedetteId>,
    /// The attacker's hex.
    #[serde(with = "super::hhex")]
    pub from: Hex,
    /// The hex attacked.
    #[serde(with = "super::hhex")]
    pub target: Hex,
    /// Where the procedure stands.
    pub step: SkirmishStep,
    /// A vedette has retreated one hex before combat and may take a second (§77).
    pub retreated: bool,
}

/// The position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The Game-Turn (1–69, digest §5.14).
    pub turn: u8,
    /// The player whose Player-Turn it is (¶38).
    pub phasing: Side,
    /// Where the Player-Turn stands.
    pub phase: Phase,
    /// This Game-Turn's weather: an index into the weather chart's types; `None` before the
    /// roll (§26).
    pub weather: Option<u8>,
    /// The Paris Morale track: positive favours the French (§175, §220).
    pub morale: i8,
    /// Every leader, by [`LeaderId`].
    pub leaders: Vec<Leader>,
    /// Every combat unit, by [`UnitId`].
    pub units: Vec<Unit>,
    /// Every vedette, by [`VedetteId`].
    pub vedettes: Vec<Vedette>,
    /// Every garrison marker, by [`GarrisonId`].
    pub garrisons: Vec<Garrison>,
    /// Each army's Supply Source, by [`super::types::Army::index`].
    pub supply: [Supply; 4],
    /// The side controlling each depot, by the board's depot index (§104, §208).
    pub depots: Vec<Side>,
    /// Broken bridges (§156; the scenario's "Bridges Damaged"), in order.
    pub broken: Vec<Hexside>,
    /// Forts being masked or masked (§44–§47).
    pub masks: Vec<Mask>,
    /// Movement Commands left this Player-Turn, per side (§213).
    pub commands: [u8; 2],
    /// The force on the march.
    pub march: Option<March>,
    /// Force Leaders that have moved, or tried to, in this Movement Phase (¶88, ¶99: a
    /// commanded force may not then roll for Initiative); cleared when the phase begins.
    #[serde(default)]
    pub marched: Vec<LeaderId>,
    /// Reinforcements placed this Movement Phase and the MP their entry hex cost them (¶93).
    #[serde(default)]
    pub entered: Vec<(LeaderId, Mp)>,
    /// The phasing side's Force Leaders on the map when its Organization Segment began: a
    /// Force Leader on the map not among them heads a Force made in the segment, which pool
    /// vedettes may join (§67 2). The owner's secret (¶20).
    #[serde(default)]
    pub org_forces: Vec<LeaderId>,
    /// ¶80 2: the phasing side's Force Leaders that shared a hex with another of its forces as
    /// its Movement Phase began; one force of each such hex must leave it in the phase.
    #[serde(default)]
    pub shared: Vec<LeaderId>,
    /// §211: the bridge trains each side has set up on a leader of its choice (all of them
    /// once its set-up is done).
    #[serde(default)]
    pub trains_set: [u8; 2],
    /// The battle in progress.
    pub battle: Option<Battle>,
    /// A vedette combat in progress (§72–§77).
    #[serde(default)]
    pub skirmish: Option<Skirmish>,
    /// Vedettes that have attacked or been attacked in this Battle Resolution (§72–§73).
    #[serde(default)]
    pub vedettes_fought: Vec<VedetteId>,
    /// A successful repulse being carried out (¶131).
    #[serde(default)]
    pub repulse: Option<PendingRepulse>,
    /// Repulses failed in this Movement Phase, whose forces must attack (¶132 2); cleared when
    /// the next Movement Phase begins.
    #[serde(default)]
    pub failed_repulses: Vec<FailedRepulse>,
    /// The force moved by sea in this Movement Phase and its landing hex (§57–§58): one a
    /// phase; it is destroyed if forced to retreat from that hex (§58 3).
    #[serde(default)]
    pub sea_move: Option<Landing>,
    /// Each side's bridge trains (§158, §211).
    #[serde(default)]
    pub trains: Vec<Train>,
    /// Battles waiting for their next round until the first rounds of the battles within 5
    /// hexes are fought (¶202, ¶204), in the order they were set aside.
    #[serde(default)]
    pub suspended: Vec<Battle>,
    /// Forces whose Forced March roll failed in this Combat Phase (§185, option
    /// `sound-of-the-guns`); cleared when the next Forced March Segment begins.
    #[serde(default)]
    pub failed_forced: Vec<FailedForcedMarch>,
    /// The call to the guns now open (§186).
    #[serde(default)]
    pub sound: Option<SoundCall>,
    /// The battles (by their first attacking Force Leader) whose call to the guns has been
    /// made in this Combat Phase (§186: before the second round only).
    #[serde(default)]
    pub sounded: Vec<LeaderId>,
    /// Strength lost by each side to all causes, vedettes and garrisons apart (§214).
    pub lost: [u16; 2],
    /// The Coalition's once-a-game morale gain for a force off the map has been taken (§215).
    pub off_map_gain: bool,
    /// Leaders whose forces retreated off a friendly map edge (§61), to re-enter as
    /// reinforcements in their next Movement Phase (§62), in the order they left.
    #[serde(default)]
    pub off_map: Vec<LeftMap>,
    /// The Old Guard's defeat has moved the morale track this Game-Turn (¶195).
    pub guard_loss_this_turn: bool,
    /// Leaders whose forces have attacked, been attacked or pursued in this Battle Resolution
    /// (¶148, ¶149, ¶185).
    pub fought: Vec<LeaderId>,
    /// Garrisons on the map attacked in this Battle Resolution (¶149, §36).
    pub fought_garrisons: Vec<GarrisonId>,
    /// Phasing Force Leaders whose enemy was eliminated in the first round of their battle in
    /// this Battle Resolution: they may join an adjacent battle's second round (¶148 2).
    #[serde(default)]
    pub free_to_join: Vec<LeaderId>,
    /// A staked Old Guard failed to win a round in this Combat Phase (¶195).
    pub guard_beaten: bool,
    /// Unit counters out of the game for good: left at zero SP by a transfer (¶12 2, ¶13 2,
    /// ¶43 step 4); sorted.
    #[serde(default)]
    pub gone: Vec<UnitId>,
    /// Unit counters taken off the display by §19 or ¶67 (not eliminated): they may come into
    /// play again; sorted.
    #[serde(default)]
    pub freed: Vec<UnitId>,
    /// Unit counters out of play at the start that the Organization Segment has brought into
    /// play since (eliminated later, they do not return, ¶13 2); sorted.
    #[serde(default)]
    pub drawn: Vec<UnitId>,
    /// Unit counters in play as March Divisions (¶66–¶67, §19); sorted.
    #[serde(default)]
    pub march_divisions: Vec<UnitId>,
    /// Insubordinate Stacks left in place because deactivating a Major General in the owner's
    /// next Command Phase would let one leader command them (¶79), by side; sorted.
    #[serde(default, with = "deferred_hexes")]
    pub deferred: Vec<(Side, Hex)>,
    /// In the Joint Consolidation Segment, the non-phasing player's turn to consolidate (¶52).
    #[serde(default)]
    pub joint_second: bool,
    /// The other side's hidden stacks, in an observation only.
    pub unknown: Vec<Unknown>,
    /// How the game ended.
    pub result: Option<Outcome>,
}

/// Serde for `(Side, Hex)` lists with hexes as CCRR ids.
mod deferred_hexes {
    use alloc::vec::Vec;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::engine::Side;
    use crate::hex::Hex;

    #[derive(Serialize, Deserialize)]
    struct Entry(Side, #[serde(with = "super::super::hhex")] Hex);

    pub fn serialize<S: Serializer>(v: &[(Side, Hex)], s: S) -> Result<S::Ok, S::Error> {
        let list: Vec<Entry> = v.iter().map(|&(a, b)| Entry(a, b)).collect();
        list.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(Side, Hex)>, D::Error> {
        let list: Vec<Entry> = Vec::deserialize(d)?;
        Ok(list.into_iter().map(|Entry(a, b)| (a, b)).collect())
    }
}
