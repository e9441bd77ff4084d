//! What happened in a Habit of Victory game, each event with its rule (§ Exclusive, ¶
//! Standard). Counters are named by index; `Hov::describe_event` prints their names.
//!
//! The Organization Displays are secret (¶20): an event that tells what stands on a leader's
//! track (a unit's strength, a transfer) is seen by its owner only
//! ([`EventInfo::visible_to`]); what the other player learns at the table (a force's
//! announced strength, a battle's losses, a leader revealed) is a public event of its own.

use alloc::borrow::Cow;

use serde::{Deserialize, Serialize};

use alloc::vec::Vec;

use super::state::{GarrisonId, GarrisonPlace, LeaderId, LeaderPlace, Phase, UnitId, VedettePlace};
use super::types::{Army, Chit, Mp};
use crate::engine::{EventInfo, Side};
use crate::hex::{Hex, Hexside};

/// One event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A Game-Turn begins (¶38).
    TurnBegins {
        /// The Game-Turn.
        turn: u8,
    },
    /// A Player-Turn begins (¶41, ¶54).
    PlayerTurn {
        /// The phasing player.
        side: Side,
    },
    /// A phase or segment begins.
    PhaseBegins {
        /// The phase.
        phase: Phase,
    },
    /// The weather for the Game-Turn (¶40, §26).
    Weather {
        /// The die.
        roll: u8,
        /// The Game-Turn's modifier.
        drm: i8,
        /// The weather chart's type index.
        weather: u8,
    },
    /// An army's Supply Source marker is flipped to be moved (§30).
    SupplyChanging {
        /// The army.
        army: Army,
    },
    /// An army's Supply Source marker is placed face up (§30, §33).
    SupplyPlaced {
        /// The army.
        army: Army,
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// An army's active Supply Source is captured (¶60, §32).
    SupplyCaptured {
        /// The army.
        army: Army,
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// A bridge train sets up on a leader's track (§211), seen by its owner only (¶20).
    TrainSetUp {
        /// The owner.
        side: Side,
        /// The leader.
        leader: LeaderId,
    },
    /// A unit changes tracks (¶73), seen by its owner only.
    UnitTransferred {
        /// The owner.
        side: Side,
        /// The unit.
        unit: UnitId,
        /// The new leader.
        to: LeaderId,
    },
    /// A unit's strength changes (losses, transfers, absorption), seen by its owner only.
    Strength {
        /// The owner.
        side: Side,
        /// The unit.
        unit: UnitId,
        /// Its new strength.
        sp: u8,
        /// Why.
        rule: Cow<'static, str>,
    },
    /// A force is given a Movement Command (¶99), seen by its owner only (¶21: the counter is
    /// face down; [`Event::CounterMoved`] shows the move).
    Commanded {
        /// The owner.
        side: Side,
        /// The Force Leader.
        leader: LeaderId,
        /// Commands the side has left this turn.
        left: u8,
    },
    /// A force's Initiative roll (¶102–¶107), seen by its owner only.
    InitiativeRoll {
        /// The owner.
        side: Side,
        /// The Force Leader.
        leader: LeaderId,
        /// The die.
        roll: u8,
        /// The Resistance Modifier and Cavalry Differential (¶106, ¶127).
        modifier: i8,
        /// The Initiative it was read against.
        initiative: u8,
        /// What the force may spend: its full allowance, one less, one MP, or nothing.
        allowance: Mp,
    },
    /// A force enters a hex (¶109), seen by its owner only.
    Moved {
        /// The owner.
        side: Side,
        /// The Force Leader (or Unemployed Leader).
        leader: LeaderId,
        /// The hex entered.
        #[serde(with = "super::hhex")]
        to: Hex,
        /// MP spent so far by its infantry.
        spent_inf: Mp,
        /// MP spent so far by its cavalry.
        spent_cav: Mp,
    },
    /// A leader is revealed (¶21).
    Revealed {
        /// The leader.
        leader: LeaderId,
        /// Why (¶21: repulse, combat).
        rule: Cow<'static, str>,
    },
    /// A force's attrition after its march (¶137, §27, §49), seen by its owner only (¶20).
    Attrition {
        /// The owner.
        side: Side,
        /// The Force Leader.
        leader: LeaderId,
        /// The die (after modifiers).
        roll: i8,
        /// SP lost.
        lost: u8,
    },
    /// A face-down counter moves one hex, as both players see it (¶109, ¶21, §68); an
    /// Unemployed Leader is announced as such (¶30).
    CounterMoved {
        /// Whose counter.
        side: Side,
        /// From.
        #[serde(with = "super::hhex")]
        from: Hex,
        /// To.
        #[serde(with = "super::hhex")]
        to: Hex,
        /// Announced as an Unemployed Leader (¶30).
        unemployed: bool,
    },
    /// A new counter appears on the map, as both players see it: a reinforcement (¶91) or a
    /// dropped-off force (¶81).
    CounterEntered {
        /// Whose counter.
        side: Side,
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// A reinforcement enters the map (¶91–¶96), seen by its owner only.
    Entered {
        /// The owner.
        side: Side,
        /// Its Force Leader.
        leader: LeaderId,
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
        /// MP its first hex cost (¶93).
        cost: Mp,
    },
    /// A subordinate is dropped off as a force of his own (¶81), seen by his owner only.
    DroppedOff {
        /// The owner.
        side: Side,
        /// The subordinate.
        leader: LeaderId,
        /// The marching Force Leader.
        from: LeaderId,
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// A vedette is revealed next to the enemy (§68, §70).
    VedetteRevealed {
        /// The vedette.
        vedette: u16,
        /// Its hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// §70: the force that entered (or begins its move in) what looks like a ZOC Bond
    /// declares that it tries no repulse, before any vedette there is revealed.
    RepulseWaived {
        /// The moving side.
        side: Side,
        /// The hex of the force.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// §71: a cavalry vedette tries to repulse an enemy hex: its owner learns who leads there
    /// (the Force Leaders are revealed), and the vedette then retreats before combat.
    VedetteRepulse {
        /// The vedette's side.
        side: Side,
        /// The vedette.
        vedette: u16,
        /// The hex probed.
        #[serde(with = "super::hhex")]
        target: Hex,
    },
    /// A march ends (¶88): the force may not move again this phase or segment.
    MarchEnds {
        /// The owner.
        side: Side,
        /// The Force Leader, Unemployed Leader or (for a vedette) the vedette's index.
        leader: LeaderId,
        /// Why it ended, with its rule.
        rule: Cow<'static, str>,
    },
    /// The Paris Morale track moves (§175–§180, ¶193–¶195, §215).
    Morale {
        /// Steps (positive toward the French).
        by: i8,
        /// The new level.
        now: i8,
        /// Why.
        rule: Cow<'static, str>,
    },
    /// A battle's attack or counterattack begins (¶146 steps 1–3a, 12–13): who attacks with
    /// which force, the hexes attacked, and both forces' strengths to the nearest five.
    Attack {
        /// The attacking side.
        side: Side,
        /// The attacking Force Leader.
        leader: LeaderId,
        /// The hexes attacked.
        #[serde(with = "super::hhex::vec")]
        hexes: Vec<Hex>,
        /// The round (¶203).
        round: u8,
        /// A counterattack (steps 12–19).
        counter: bool,
        /// The announced strengths, attacker then defender (¶146 step 3a).
        announced: [u32; 2],
    },
    /// A side's secret battle chit (¶146 step 3b), seen by its owner only.
    ChitChosen {
        /// The side.
        side: Side,
        /// The chit.
        chit: Chit,
    },
    /// A losing side shows its chit (¶155).
    ChitRevealed {
        /// The side.
        side: Side,
        /// The chit.
        chit: Chit,
    },
    /// A side's artillery fires (¶146 step 5, ¶157–¶158).
    Bombardment {
        /// The firing side.
        side: Side,
        /// Its artillery SP.
        artillery: u32,
        /// The die.
        roll: u8,
        /// The modifier (Cavalry Differential, Fortified Town).
        drm: i8,
        /// Enemy SP lost.
        hits: u8,
    },
    /// The French player stakes the Old Guard, or not (¶167–¶168).
    Staked {
        /// Staked.
        staked: bool,
    },
    /// The combat die and its result (¶146 step 7, ¶160–¶165, ¶170).
    Combat {
        /// The die.
        roll: u8,
        /// The modifiers: odds beyond the table, the staked Guard, the Leadership Bonus, the
        /// weather (§37).
        drm: i8,
        /// The CRT column (0 = the leftmost).
        column: u8,
        /// Read on the Affecting line (¶163).
        affecting: bool,
        /// The attacker's number.
        att: u8,
        /// The defender's number.
        def: u8,
        /// The side that lost.
        loser: Side,
    },
    /// A combat in which a vedette fights is declared, with each side's strength announced to
    /// the nearest five (§72–§74, ¶146 steps 1–3a).
    VedetteSkirmish {
        /// The attacking side.
        side: Side,
        /// The attacking Force Leader (§73 2).
        leader: Option<LeaderId>,
        /// The attacking vedette (§72).
        vedette: Option<u16>,
        /// The defending vedette, when the hex holds only vedettes.
        defender: Option<u16>,
        /// The attacker's hex.
        #[serde(with = "super::hhex")]
        from: Hex,
        /// The hex attacked.
        #[serde(with = "super::hhex")]
        target: Hex,
        /// The strengths announced, attacker then defender (¶146 step 3a).
        announced: [u32; 2],
    },
    /// The die of a vedette combat and its result (§73–§75): only vedettes suffer it.
    VedetteCombat {
        /// The die.
        roll: u8,
        /// The modifier for odds beyond the table (¶161).
        drm: i8,
        /// The CRT column (0 = the leftmost).
        column: u8,
        /// The side that lost.
        loser: Side,
        /// The exact strength of the real force a vedette attacked, learnt at step 6 (§73 1).
        enemy_sp: Option<u32>,
    },
    /// SP a side loses in battle, as both players see it (¶146 steps 5, 7, 9, 11).
    BattleLoss {
        /// The side.
        side: Side,
        /// SP lost.
        sp: u16,
        /// Why.
        rule: Cow<'static, str>,
    },
    /// A garrison on the map attacks on its own (§36 1, §43 2; ¶146 steps 1–3a).
    GarrisonAttack {
        /// The attacking side.
        side: Side,
        /// The garrison.
        garrison: GarrisonId,
        /// The hex attacked.
        #[serde(with = "super::hhex")]
        hex: Hex,
        /// The announced strengths, attacker then defender (¶146 step 3a).
        announced: [u32; 2],
    },
    /// A garrison on the map is destroyed by a loss (§24).
    GarrisonDestroyed {
        /// The garrison.
        garrison: GarrisonId,
    },
    /// A beaten force retreats one hex (¶172–¶175) or pursues one (¶179).
    BattleMove {
        /// The Force Leader.
        leader: LeaderId,
        /// The hex entered.
        #[serde(with = "super::hhex")]
        to: Hex,
        /// Why (¶172 retreat, ¶179 pursuit).
        rule: Cow<'static, str>,
    },
    /// The pursuit die and the length of pursuit (¶188–¶191).
    PursuitRoll {
        /// The pursuing leader.
        leader: LeaderId,
        /// The die.
        roll: u8,
        /// Its modifier (¶189).
        drm: i8,
        /// Hexes of pursuit allowed (after ¶191).
        length: u8,
    },
    /// A leader whose force lost all its SP rolls against his Initiative (¶32–¶33).
    Capture {
        /// The leader.
        leader: LeaderId,
        /// The die.
        roll: u8,
        /// Captured (else he escapes).
        captured: bool,
    },
    /// A force declares a repulse and its strength (¶131 1).
    RepulseDeclared {
        /// The repulsing side.
        side: Side,
        /// The repulsing Force Leader.
        leader: LeaderId,
        /// The hex to be repulsed.
        #[serde(with = "super::hhex")]
        target: Hex,
        /// The repulsing force's SP, as declared.
        sp: u16,
    },
    /// A repulse succeeds (¶131 2): the target's strength is shown.
    Repulsed {
        /// The repulsed side.
        side: Side,
        /// The hex repulsed.
        #[serde(with = "super::hhex")]
        target: Hex,
        /// Its strength, in half SP.
        half_sp: u16,
    },
    /// A repulse fails (¶132); the target's strength stays hidden.
    RepulseFailed {
        /// The repulsing side.
        side: Side,
        /// The repulsing Force Leader.
        leader: LeaderId,
        /// The hex it failed to repulse.
        #[serde(with = "super::hhex")]
        target: Hex,
    },
    /// The counters of a repulsed hex retreat one hex (¶131 2).
    RepulseRetreat {
        /// Whose counters.
        side: Side,
        /// From.
        #[serde(with = "super::hhex")]
        from: Hex,
        /// To.
        #[serde(with = "super::hhex")]
        to: Hex,
    },
    /// A force goes by sea (§57), as both players see it: a counter leaves one coastal hex and
    /// appears on another.
    SeaMove {
        /// Whose.
        side: Side,
        /// Where it embarked.
        #[serde(with = "super::hhex")]
        from: Hex,
        /// Where it landed.
        #[serde(with = "super::hhex")]
        to: Hex,
    },
    /// A pontoon is deployed or taken up (¶142, §158).
    Pontoon {
        /// Its owner.
        side: Side,
        /// The river hexside.
        hexside: Hexside,
        /// Deployed (else taken up).
        deployed: bool,
    },
    /// A bridge train is left on the map by a force without infantry (§158 1).
    TrainLeft {
        /// Its owner.
        side: Side,
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// An enemy force enters the hex of an undeployed bridge train and captures it (§158 3).
    TrainCaptured {
        /// Its new owner.
        side: Side,
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// An enemy pontoon is captured by a force crossing it (§158).
    PontoonCaptured {
        /// Its new owner.
        side: Side,
        /// The river hexside.
        hexside: Hexside,
    },
    /// A battle ends (¶146 step 10); `winner` won its last attack.
    BattleEnds {
        /// The side that won the last attack.
        winner: Option<Side>,
    },
    /// A leader changes place on the display or the map in the Command Phase or a
    /// Consolidation (¶69–¶70, ¶80, ¶141), seen by its owner only (¶20).
    LeaderPlaced {
        /// The owner.
        side: Side,
        /// The leader.
        leader: LeaderId,
        /// Where he now is.
        place: LeaderPlace,
        /// Why.
        rule: Cow<'static, str>,
    },
    /// A garrison marker changes place or strength (§52–§54), seen by its owner only.
    GarrisonPlaced {
        /// The owner.
        side: Side,
        /// The garrison.
        garrison: GarrisonId,
        /// Where it now is.
        place: GarrisonPlace,
        /// Its strength.
        sp: u8,
        /// Why.
        rule: Cow<'static, str>,
    },
    /// A unit counter leaves the game for good (¶12 2, ¶43 step 4) or is freed for re-use
    /// (¶67), seen by its owner only.
    UnitRemoved {
        /// The owner.
        side: Side,
        /// The unit.
        unit: UnitId,
        /// For good (false: the counter may be used again).
        permanent: bool,
        /// Why.
        rule: Cow<'static, str>,
    },
    /// A vedette on a portrait returns to the map, or goes to the pool (§75 2, §76 2), seen by
    /// its owner only (the other side sees a face-down counter appear).
    VedettePlaced {
        /// The owner.
        side: Side,
        /// The vedette.
        vedette: u16,
        /// Where it now is.
        place: VedettePlace,
        /// Why.
        rule: Cow<'static, str>,
    },
    /// A force is displaced one hex (¶78, ¶141), as both players see it.
    Displaced {
        /// Whose counter.
        side: Side,
        /// From.
        #[serde(with = "super::hhex")]
        from: Hex,
        /// To.
        #[serde(with = "super::hhex")]
        to: Hex,
        /// Why.
        rule: Cow<'static, str>,
    },
    /// A retreating force leaves the map (¶176, §61): off a friendly edge to come back (§62),
    /// off the enemy's edge lost as if captured.
    OffMap {
        /// The leader.
        leader: LeaderId,
        /// The edge hex it left from.
        #[serde(with = "super::hhex")]
        hex: Hex,
        /// Lost (the enemy's edge).
        lost: bool,
    },
    /// A force that marched to the sound of the guns joins a battle for its second round
    /// (§186, an option).
    ToTheGuns {
        /// Its side.
        side: Side,
        /// Its Force Leader.
        leader: LeaderId,
        /// The hex it joins from.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// A Battlefield Dynamics die (§187–§188, an option).
    Dynamics {
        /// The side about to attack.
        side: Side,
        /// The die.
        roll: u8,
        /// The Cavalry Differential.
        drm: i8,
        /// The Initiative it is read against.
        initiative: u8,
        /// §188's case: 1 control, 2 no attack, 3 must attack, 4 retreat.
        result: u8,
    },
    /// A battle is set aside before its next round until the first rounds within 5 hexes are
    /// fought, or taken up again (¶204).
    Suspended {
        /// Its first attacking Force Leader.
        leader: LeaderId,
        /// The round just fought.
        round: u8,
        /// Taken up again.
        resumed: bool,
    },
    /// A Multi-Hex Force formed at the instant of combat (¶83, ¶151) or to counterattack
    /// (¶199): the Force Leader takes the Force Leaders of adjacent hexes under his command.
    ForceFormed {
        /// Its side.
        side: Side,
        /// The Force Leader.
        leader: LeaderId,
        /// The Force Leaders of its other hexes.
        parts: Vec<LeaderId>,
        /// For a counterattack.
        counter: bool,
    },
    /// An attempt to mask a Fort (§44–§45).
    MaskRoll {
        /// The masking side.
        side: Side,
        /// The Fort.
        #[serde(with = "super::hhex")]
        fort: Hex,
        /// The attempt's number (the table's "Turn").
        attempt: u8,
        /// The die needed (0: automatic).
        need: u8,
        /// The die, when one was rolled.
        roll: Option<u8>,
        /// The Fort is masked.
        masked: bool,
    },
    /// A Masked Fort marker is removed (§46).
    MaskRemoved {
        /// The side whose marker it was.
        side: Side,
        /// The Fort.
        #[serde(with = "super::hhex")]
        fort: Hex,
    },
}

impl EventInfo for Event {
    fn rule(&self) -> &str {
        match self {
            Event::TurnBegins { .. } | Event::PlayerTurn { .. } => "¶38",
            Event::PhaseBegins { phase } => match phase {
                Phase::Setup => "§217",
                Phase::Weather => "¶40",
                Phase::Administrative => "¶42",
                Phase::Organization => "¶43",
                Phase::Reinforcements => "¶44",
                Phase::MovementCommands => "¶45",
                Phase::InitiativeMovement => "¶46",
                Phase::Consolidation => "¶48",
                Phase::Bridge => "¶49",
                Phase::ForcedMarch => "¶50",
                Phase::BattleResolution => "¶51",
                Phase::JointConsolidation => "¶52",
                Phase::Morale => "¶53",
                Phase::Over => "§212",
            },
            Event::Weather { .. } => "§26",
            Event::SupplyChanging { .. } => "§30",
            Event::SupplyPlaced { .. } => "§30",
            Event::SupplyCaptured { .. } => "§32",
            Event::UnitTransferred { .. } => "¶73",
            Event::TrainSetUp { .. } => "§211",
            Event::Strength { rule, .. } => rule.as_ref(),
            Event::Commanded { .. } => "¶99",
            Event::InitiativeRoll { .. } => "¶102",
            Event::Moved { .. } => "¶109",
            Event::Revealed { rule, .. } => rule.as_ref(),
            Event::Attrition { .. } => "¶137",
            Event::Morale { rule, .. } => rule.as_ref(),
            Event::Attack { counter, .. } => {
                if *counter {
                    "¶146 step 12"
                } else {
                    "¶146 step 1"
                }
            }
            Event::ChitChosen { .. } => "¶146 step 3b",
            Event::ChitRevealed { .. } => "¶155",
            Event::Bombardment { .. } => "¶158",
            Event::Staked { .. } => "¶168",
            Event::Combat { .. } => "¶146 step 7",
            Event::VedetteSkirmish { .. } => "§72–§74",
            Event::VedetteCombat { .. } => "§73–§75",
            Event::BattleLoss { rule, .. } | Event::BattleMove { rule, .. } => rule.as_ref(),
            Event::GarrisonDestroyed { .. } => "§24",
            Event::GarrisonAttack { .. } => "§36",
            Event::PursuitRoll { .. } => "¶188",
            Event::Capture { .. } => "¶33",
            Event::BattleEnds { .. } => "¶146 step 10",
            Event::MaskRoll { .. } => "§44",
            Event::Suspended { .. } => "¶204",
            Event::ToTheGuns { .. } => "§186",
            Event::ForceFormed { counter, .. } => {
                if *counter {
                    "¶199"
                } else {
                    "¶83"
                }
            }
            Event::Dynamics { .. } => "§188",
            Event::OffMap { .. } => "§61",
            Event::MaskRemoved { .. } => "§46",
            Event::CounterMoved { .. } => "¶109",
            Event::CounterEntered { .. } | Event::Entered { .. } => "¶91",
            Event::VedetteRevealed { .. } => "§68",
            Event::RepulseWaived { .. } => "§70",
            Event::VedetteRepulse { .. } => "§71",
            Event::DroppedOff { .. } => "¶81",
            Event::MarchEnds { rule, .. } => rule.as_ref(),
            Event::RepulseDeclared { .. } => "¶131",
            Event::Repulsed { .. } | Event::RepulseRetreat { .. } => "¶131",
            Event::RepulseFailed { .. } => "¶132",
            Event::SeaMove { .. } => "§57",
            Event::Pontoon { .. } | Event::PontoonCaptured { .. } => "§158",
            Event::TrainLeft { .. } | Event::TrainCaptured { .. } => "§158",
            Event::LeaderPlaced { rule, .. }
            | Event::GarrisonPlaced { rule, .. }
            | Event::UnitRemoved { rule, .. }
            | Event::Displaced { rule, .. } => rule.as_ref(),
            Event::VedettePlaced { rule, .. } => rule.as_ref(),
        }
    }

    fn visible_to(&self, side: Side) -> bool {
        match self {
            // ¶20: the Organization Displays are the owner's secret.
            Event::UnitTransferred { side: owner, .. }
            | Event::TrainSetUp { side: owner, .. }
            | Event::Strength { side: owner, .. }
            | Event::ChitChosen { side: owner, .. }
            | Event::Commanded { side: owner, .. }
            | Event::InitiativeRoll { side: owner, .. }
            | Event::Moved { side: owner, .. }
            | Event::Attrition { side: owner, .. }
            | Event::Entered { side: owner, .. }
            | Event::MarchEnds { side: owner, .. }
            | Event::DroppedOff { side: owner, .. }
            | Event::LeaderPlaced { side: owner, .. }
            | Event::GarrisonPlaced { side: owner, .. }
            | Event::UnitRemoved { side: owner, .. }
            | Event::VedettePlaced { side: owner, .. } => *owner == side,
            _ => true,
        }
    }
}

impl core::fmt::Display for Event {
    /// A line of English with counters by index (`Hov::describe_event` names them).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        use super::hhex::label;
        match self {
            Event::TurnBegins { turn } => write!(f, "Game-Turn {turn} begins"),
            Event::PlayerTurn { side } => write!(f, "{side}'s Player-Turn"),
            Event::PhaseBegins { phase } => write!(f, "{phase:?}"),
            Event::Weather { roll, drm, weather } => {
                write!(f, "weather: rolled {roll} {drm:+}: type {weather}")
            }
            Event::SupplyChanging { army } => {
                write!(f, "the {army} Supply Source marker is flipped to move")
            }
            Event::SupplyPlaced { army, hex } => {
                write!(f, "the {army} Supply Source is placed at {}", label(*hex))
            }
            Event::SupplyCaptured { army, hex } => {
                write!(f, "the {army} Supply Source at {} is captured", label(*hex))
            }
            Event::UnitTransferred { unit, to, .. } => {
                write!(f, "unit {unit} goes to leader {to}'s track")
            }
            Event::Strength { unit, sp, .. } => write!(f, "unit {unit} now {sp} SP"),
            Event::TrainSetUp { side, leader } => {
                write!(
                    f,
                    "a {side} bridge train sets up on leader {leader}'s track"
                )
            }
            Event::Commanded { leader, left, .. } => write!(
                f,
                "leader {leader}'s force receives a Movement Command ({left} left)"
            ),
            Event::InitiativeRoll {
                leader,
                roll,
                modifier,
                initiative,
                allowance,
                ..
            } => write!(
                f,
                "leader {leader} rolls {roll} {modifier:+} against Initiative {initiative}: \
                 {allowance} MP"
            ),
            Event::Moved {
                leader,
                to,
                spent_inf,
                spent_cav,
                ..
            } => write!(
                f,
                "leader {leader}'s force enters {} (MP spent: infantry {spent_inf}, cavalry \
                 {spent_cav})",
                label(*to)
            ),
            Event::Revealed { leader, .. } => write!(f, "leader {leader} is revealed"),
            Event::Attrition {
                leader, roll, lost, ..
            } => write!(
                f,
                "attrition: leader {leader}'s force rolls {roll} and loses {lost} SP"
            ),
            Event::Morale { by, now, .. } => write!(f, "Paris Morale {by:+}: now {now:+}"),
            Event::Attack {
                side,
                leader,
                hexes,
                round,
                counter,
                announced,
            } => {
                write!(
                    f,
                    "{side} {} with leader {leader}'s force (about {} SP), round {round}:",
                    if *counter {
                        "counterattacks"
                    } else {
                        "attacks"
                    },
                    announced[0]
                )?;
                for h in hexes {
                    write!(f, " {}", label(*h))?;
                }
                write!(f, " (about {} SP)", announced[1])
            }
            Event::ChitChosen { side, chit } => write!(f, "{side} chooses {chit}"),
            Event::ChitRevealed { side, chit } => write!(f, "{side} reveals {chit}"),
            Event::Bombardment {
                side,
                artillery,
                roll,
                drm,
                hits,
            } => write!(
                f,
                "{side} bombards with {artillery} artillery SP: {roll} {drm:+}, {hits} SP hit"
            ),
            Event::Staked { staked } => {
                if *staked {
                    f.write_str("the Old Guard is staked")
                } else {
                    f.write_str("the Old Guard is not staked")
                }
            }
            Event::Combat {
                roll,
                drm,
                column,
                affecting,
                att,
                def,
                loser,
            } => write!(
                f,
                "combat die {roll} {drm:+} on column {column}{}: attacker {att}, defender {def}; {loser} loses",
                if *affecting { " (Affecting)" } else { "" }
            ),
            Event::VedetteSkirmish {
                side,
                from,
                target,
                announced,
                ..
            } => write!(
                f,
                "{side} attacks {} from {} in a vedette combat (about {} against {})",
                label(*target),
                label(*from),
                announced[0],
                announced[1]
            ),
            Event::VedetteCombat {
                roll,
                drm,
                column,
                loser,
                enemy_sp,
            } => {
                write!(
                    f,
                    "vedette combat die {roll} {drm:+} on column {column}; {loser} loses"
                )?;
                match enemy_sp {
                    Some(sp) => write!(f, "; the force attacked has {sp} SP"),
                    None => Ok(()),
                }
            }
            Event::BattleLoss { side, sp, .. } => write!(f, "{side} loses {sp} SP"),
            Event::GarrisonDestroyed { garrison } => write!(f, "garrison {garrison} is destroyed"),
            Event::GarrisonAttack {
                side,
                garrison,
                hex,
                announced,
            } => write!(
                f,
                "{side} attacks with garrison {garrison} (about {} SP) at {} (defended by about {} SP)",
                announced[0],
                label(*hex),
                announced[1]
            ),
            Event::BattleMove { leader, to, .. } => {
                write!(f, "leader {leader}'s force moves to {}", label(*to))
            }
            Event::PursuitRoll {
                leader,
                roll,
                drm,
                length,
            } => write!(f, "leader {leader} pursues: {roll} {drm:+}, {length} hexes"),
            Event::Capture {
                leader,
                roll,
                captured,
            } => write!(
                f,
                "leader {leader} rolls {roll}: {}",
                if *captured { "captured" } else { "escapes" }
            ),
            Event::BattleEnds { winner } => match winner {
                Some(w) => write!(f, "the battle ends, won by {w}"),
                None => f.write_str("the battle ends"),
            },
            Event::MaskRoll {
                side,
                fort,
                attempt,
                need,
                roll,
                masked,
            } => {
                write!(
                    f,
                    "{side} attempt {attempt} to mask the Fort at {}: ",
                    label(*fort)
                )?;
                match roll {
                    Some(r) => write!(f, "{r} against {need}+")?,
                    None => f.write_str("automatic")?,
                }
                f.write_str(if *masked {
                    ", masked"
                } else {
                    ", not yet masked"
                })
            }
            Event::OffMap { leader, hex, lost } => write!(
                f,
                "leader {leader}'s force retreats off the map at {}{}",
                label(*hex),
                if *lost { " and is lost" } else { "" }
            ),
            Event::Dynamics {
                side,
                roll,
                drm,
                initiative,
                result,
            } => write!(
                f,
                "{side} Battlefield Dynamics: {roll} {drm:+} against Initiative {initiative}: {}",
                match result {
                    1 => "keeps control",
                    2 => "no attack this half-round",
                    3 => "must attack",
                    _ => "retreats instead",
                }
            ),
            Event::ToTheGuns { side, leader, hex } => write!(
                f,
                "{side}: leader {leader}'s force has marched to the sound of the guns and joins the battle from {}",
                label(*hex)
            ),
            Event::ForceFormed {
                side,
                leader,
                parts,
                counter,
            } => write!(
                f,
                "{side}: leader {leader} forms a Multi-Hex Force with leaders {parts:?}{}",
                if *counter { " to counterattack" } else { "" }
            ),
            Event::Suspended {
                leader,
                round,
                resumed,
            } => {
                if *resumed {
                    write!(f, "leader {leader}'s battle goes on after round {round}")
                } else {
                    write!(
                        f,
                        "leader {leader}'s battle waits after round {round} for the first rounds nearby"
                    )
                }
            }
            Event::MaskRemoved { side, fort } => {
                write!(
                    f,
                    "the {side} Masked Fort marker at {} is removed",
                    label(*fort)
                )
            }
            Event::CounterMoved {
                side,
                from,
                to,
                unemployed,
            } => write!(
                f,
                "a {side} counter{} moves from {} to {}",
                if *unemployed {
                    " (an Unemployed Leader)"
                } else {
                    ""
                },
                label(*from),
                label(*to)
            ),
            Event::CounterEntered { side, hex } => {
                write!(f, "a {side} reinforcement enters at {}", label(*hex))
            }
            Event::Entered {
                leader, hex, cost, ..
            } => write!(
                f,
                "leader {leader}'s force enters the map at {} ({cost} MP)",
                label(*hex)
            ),
            Event::VedetteRevealed { vedette, hex } => {
                write!(f, "vedette {vedette} at {} is revealed", label(*hex))
            }
            Event::RepulseWaived { side, hex } => {
                write!(f, "the {side} force at {} declares no repulse", label(*hex))
            }
            Event::VedetteRepulse {
                vedette, target, ..
            } => write!(
                f,
                "vedette {vedette} tries to repulse {} and learns who leads there",
                label(*target)
            ),
            Event::MarchEnds { leader, .. } => write!(f, "leader {leader}'s march ends"),
            Event::DroppedOff {
                leader, from, hex, ..
            } => write!(
                f,
                "leader {leader} is dropped off from leader {from}'s force at {}",
                label(*hex)
            ),
            Event::RepulseDeclared {
                side,
                leader,
                target,
                sp,
            } => write!(
                f,
                "{side}: leader {leader}'s force of {sp} SP attempts to repulse {}",
                label(*target)
            ),
            Event::Repulsed {
                side,
                target,
                half_sp,
            } => write!(
                f,
                "the {side} counters at {} ({} SP{}) are repulsed",
                label(*target),
                half_sp / 2,
                if half_sp % 2 == 1 { "½" } else { "" }
            ),
            Event::RepulseFailed { leader, target, .. } => {
                write!(f, "leader {leader}'s repulse of {} fails", label(*target))
            }
            Event::Pontoon {
                side,
                hexside,
                deployed,
            } => write!(
                f,
                "{side} {} a pontoon at {hexside:?}",
                if *deployed { "deploys" } else { "takes up" }
            ),
            Event::TrainLeft { side, hex } => {
                write!(f, "a {side} bridge train is left at {}", label(*hex))
            }
            Event::TrainCaptured { side, hex } => {
                write!(f, "{side} captures the bridge train at {}", label(*hex))
            }
            Event::PontoonCaptured { side, hexside } => {
                write!(f, "{side} captures the pontoon at {hexside:?}")
            }
            Event::SeaMove { side, from, to } => write!(
                f,
                "a {side} force sails from {} and lands at {}",
                label(*from),
                label(*to)
            ),
            Event::RepulseRetreat { side, from, to } => write!(
                f,
                "the repulsed {side} counters retreat from {} to {}",
                label(*from),
                label(*to)
            ),
            Event::LeaderPlaced { leader, place, .. } => match place {
                LeaderPlace::Map(h) => {
                    write!(f, "leader {leader} stands on the map at {}", label(*h))
                }
                LeaderPlace::Portrait(fl) => {
                    write!(f, "leader {leader} goes on leader {fl}'s portrait")
                }
                LeaderPlace::Out => write!(f, "leader {leader} leaves play"),
                other => write!(f, "leader {leader}: {other:?}"),
            },
            Event::GarrisonPlaced {
                garrison,
                place,
                sp,
                ..
            } => match place {
                GarrisonPlace::Map(h) => {
                    write!(f, "garrison {garrison} ({sp} SP) stands at {}", label(*h))
                }
                GarrisonPlace::Track(l) => {
                    write!(
                        f,
                        "garrison {garrison} ({sp} SP) goes on leader {l}'s track"
                    )
                }
                GarrisonPlace::Available(t) => {
                    write!(f, "garrison {garrison} is free again from Game-Turn {t}")
                }
                GarrisonPlace::Gone => write!(f, "garrison {garrison} is destroyed"),
            },
            Event::UnitRemoved {
                unit, permanent, ..
            } => {
                if *permanent {
                    write!(f, "unit {unit} leaves the game for good")
                } else {
                    write!(f, "unit {unit}'s counter is free again")
                }
            }
            Event::VedettePlaced { vedette, place, .. } => match place {
                VedettePlace::Map(h) => {
                    write!(f, "vedette {vedette} returns to the map at {}", label(*h))
                }
                VedettePlace::Portrait(l) => {
                    write!(f, "vedette {vedette} goes on leader {l}'s portrait")
                }
                VedettePlace::Pool => write!(f, "vedette {vedette} goes to the pool"),
                VedettePlace::Gone => write!(f, "vedette {vedette} is gone"),
            },
            Event::Displaced { side, from, to, .. } => write!(
                f,
                "a {side} force is displaced from {} to {}",
                label(*from),
                label(*to)
            ),
        }
    }
}
