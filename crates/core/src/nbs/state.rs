//! The changing part of an NBS game (digest §2): where every counter is, its facing,
//! formation, morale state, losses and per-turn flags, the turn and phase, the order log and
//! whatever sub-sequence (fire, close combat, retreat, an opportunity-fire window) is being
//! resolved. Fixed facts (names, ratings, loss charts, the map) live in [`super::Nbs`].
//!
//! Every type the state holds is defined here (the cavalry log and charges in progress, the
//! command bookkeeping, column plans, treated over-stacks) or below it (the Order Log in
//! [`super::order_log`], values in [`super::types`]), never in the rule section that resolves it,
//! so that no circle of imports forms through the state.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::order_log::initiative::InitiativeAttempts;
use super::order_log::{OrderLog, OrderSource};
use super::types::{Formation, MoraleState, Seq66};
use crate::engine::Side;
use crate::hex::{Direction, Facing, Hex};

/// The position's counters are indexed by [`UnitId`] (defined with the value types).
pub use super::types::UnitId;

/// Where a counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Not yet on the map: a reinforcement (16.4) or a unit outside the scenario.
    Off,
    /// On the map.
    At(Hex),
    /// Eliminated (all boxes filled, 20.6; may return by straggler recovery, 21.2) or, for a
    /// leader, a casualty (26.4).
    Gone,
}

/// Per-unit flags (digest §2.8), a bit set.
pub mod flag {
    /// Spent movement points this game turn (21.2e).
    pub const MOVED: u16 = 1;
    /// Fired or was fired upon this game turn (21.2f).
    pub const FIRED_OR_FIRED_ON: u16 = 1 << 1;
    /// Fired in this Fire Phase (20.2b: each fire level fires once per phase).
    pub const FIRED: u16 = 1 << 2;
    /// Made its close combat this phase (23.1).
    pub const CLOSE_COMBAT: u16 = 1 << 3;
    /// Out of command radius at the start of the Movement Phase (10.5a).
    pub const OUT_OF_RADIUS: u16 = 1 << 4;
    /// Its movement ended for the phase (15.1d, 23.0, 11.5e).
    pub const STOPPED: u16 = 1 << 5;
    /// Blown cavalry (24.2): the counter's back.
    pub const BLOWN: u16 = 1 << 6;
    /// Blown this turn (24.2c: may still try recovery).
    pub const BLOWN_THIS_TURN: u16 = 1 << 7;
    /// Its hex was targeted for fire at its top non-artillery unit this phase (20.2d).
    pub const TARGETED_TOP: u16 = 1 << 8;
    /// Its hex was targeted at its artillery this phase (20.2d).
    pub const TARGETED_ART: u16 = 1 << 9;
    /// Took its straggler-recovery roll this turn (21.2).
    pub const RECOVERY_TRIED: u16 = 1 << 10;
    /// Tried blown recovery this phase (24.2c).
    pub const BLOWN_TRIED: u16 = 1 << 11;
    /// A skirmisher at the top of its stack (11.5h); otherwise at the bottom.
    pub const SKIRMISHER_TOP: u16 = 1 << 12;
    /// Forced-march sets taken this phase (18.0): two bits.
    pub const FORCED_1: u16 = 1 << 13;
    /// Second forced-march set.
    pub const FORCED_2: u16 = 1 << 14;
    /// Took a step off a road this Movement Phase (18.0a: no forced march).
    pub const OFF_ROAD: u16 = 1 << 15;
    /// Cleared at the end of every game turn.
    pub const PER_TURN: u16 = MOVED | FIRED_OR_FIRED_ON | BLOWN_THIS_TURN | RECOVERY_TRIED;
    /// Cleared at the end of every phase.
    pub const PER_PHASE: u16 = FIRED
        | CLOSE_COMBAT
        | STOPPED
        | TARGETED_TOP
        | TARGETED_ART
        | BLOWN_TRIED
        | FORCED_1
        | FORCED_2
        | OFF_ROAD
        | OUT_OF_RADIUS;
}

/// Road movement bits of a unit this phase ([`Unit::road`]; 13.2c, ERR-4), cleared as every
/// phase begins.
pub mod road {
    /// The low three bits: 1 + the direction of the road step by which the unit reached its
    /// hex, while it is still moving along the road (13.2c); 0 once it is not (it started
    /// the phase here, stepped off the road, paid to turn or changed formation).
    pub const DIR: u8 = 0b111;
    /// It has used road rates this phase: a road mover (ERR-4).
    pub const USED: u8 = 1 << 3;
    /// A road mover has entered its hex this phase (ERR-4: it has been passed through and
    /// uses no road rates itself this phase).
    pub const PASSED: u8 = 1 << 4;

    /// Whether no bit is set (kept out of saved states then).
    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub const fn is_clear(bits: &u8) -> bool {
        *bits == 0
    }
}

/// One counter's changing facts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// Where it is.
    pub place: Place,
    /// Its facing (13.0); meaningless for leaders and HQs.
    pub facing: Facing,
    /// Its formation (11.1).
    pub formation: Formation,
    /// Its hex's morale state (one per hex, 12.4; kept on every unit and unified on
    /// stacking, 25.3c).
    pub morale: MoraleState,
    /// Casualty boxes filled (20.6); for artillery, gun points lost (27.2); for a skirmisher,
    /// 1 when reduced (11.5c).
    pub casualties: u8,
    /// Straggler boxes filled (20.6; infantry only, 21.0a).
    pub stragglers: u8,
    /// Skirmisher boxes marked (11.5a); for a battery, gun points detached from it (27.1).
    pub skirmishers_out: u8,
    /// Half movement points spent this Movement Phase (16.1d; the chart's road costs are
    /// halves).
    pub spent: u16,
    /// Place in its stack: lower is nearer the top (12.3).
    pub order: u16,
    /// [`flag`] bits.
    pub flags: u16,
    /// Fire spent this Fire Phase (20.2b, 20.2e): C-units of fire level for infantry, gun
    /// points for artillery. Cleared with the phase flags.
    #[serde(default)]
    pub fire_used: u8,
    /// [`road`] bits: road movement this phase (13.2c, ERR-4). Absent (0) in states saved
    /// before it existed.
    #[serde(default, skip_serializing_if = "road::is_clear")]
    pub road: u8,
}

impl Unit {
    /// Whether `f` is set.
    pub const fn has(&self, f: u16) -> bool {
        self.flags & f != 0
    }

    /// The direction of the road step that brought it to its hex, while it is still moving
    /// along the road this phase (13.2c).
    pub const fn road_dir(&self) -> Option<Direction> {
        match self.road & road::DIR {
            0 => None,
            n => Direction::new(n - 1),
        }
    }

    /// The hex, when on the map.
    pub const fn hex(&self) -> Option<Hex> {
        match self.place {
            Place::At(h) => Some(h),
            _ => None,
        }
    }
}

/// The phases and segments of a player turn (8.1, 8.2; digest §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Set-Up Phase before play (1.4; AUS 4.1b, 4.1c, 5.3): only with the `player-setup`
    /// option or a set-up variant; Allied segment first, then French (`player_turn` 0, 1).
    SetUp,
    /// Command Phase, order issue and initiative (10.1, 10.2): the phasing player's orders.
    Command,
    /// Movement Phase (16.0), with close combats and charges (8.2).
    Movement,
    /// Fire Phase, cavalry withdrawal segment: the non-phasing player (8.2, 24.2b).
    Withdrawal,
    /// Fire Phase, non-phasing ("defensive") fire (20.0).
    DefensiveFire,
    /// Fire Phase, phasing ("offensive") fire (20.0).
    OffensiveFire,
    /// Rally Phase, straggler recovery segment (21.2).
    Recovery,
    /// Rally Phase, rally of routed stacks (25.5 E).
    Rally,
    /// Rally Phase, blown cavalry recovery (24.2c).
    CavalryRecovery,
}

impl Phase {
    /// The phase's name as the sequence of play prints it (8.2).
    pub const fn name(self) -> &'static str {
        match self {
            Phase::SetUp => "Set-Up Phase",
            Phase::Command => "Command Phase",
            Phase::Movement => "Movement Phase",
            Phase::Withdrawal => "Fire Phase: cavalry withdrawal",
            Phase::DefensiveFire => "Fire Phase: non-phasing fire",
            Phase::OffensiveFire => "Fire Phase: phasing fire",
            Phase::Recovery => "Rally Phase: straggler recovery",
            Phase::Rally => "Rally Phase: rally",
            Phase::CavalryRecovery => "Rally Phase: blown cavalry recovery",
        }
    }
}

/// Who fires in a fire combat and at what (20.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FireDecl {
    /// The target hex.
    pub target: Hex,
    /// The artillery unit picked out (20.2g), or `None` for the top unit.
    pub at_artillery: Option<UnitId>,
    /// The firing units.
    pub firers: Vec<UnitId>,
    /// What each regular Fire Phase firer fires, in C-units or gun points (20.2e); a firer
    /// not listed fires its whole level (close combat, charges, opportunity fire).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shares: Vec<(UnitId, u8)>,
    /// Close combat or charge range (23.1h): both sides use the close-combat rows.
    pub close: bool,
    /// Opportunity fire (15.1).
    pub opportunity: bool,
    /// The hex the fire comes from, for retreat direction (5.2) when there are several.
    pub from: Hex,
}

/// Which way a morale check is read (25.2): the four modifier lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// Standard (fire results).
    Standard,
    /// Close combat steps D and E (23.0).
    CloseCombat,
    /// Charge resolution (24.1 F, G).
    Charge,
    /// Square check (8.5).
    Square,
}

/// A morale check waiting for its roll (25.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Check {
    /// The hex whose stack checks.
    pub hex: Hex,
    /// The list of modifiers.
    pub kind: CheckKind,
    /// Row shift (+ up) already totalled.
    pub shift: i16,
    /// Why (the rule and the cause), for the prompt.
    pub why: alloc::borrow::Cow<'static, str>,
    /// Treat stragglers as casualties (24.1j: charge resolution).
    pub stragglers_as_casualties: bool,
    /// The direction of the threat the retreat must move away from (5.2): the hex the fire or
    /// attack came from.
    pub from: Hex,
    /// Part of a close combat: which side of it checks (23.0 D, E).
    pub role: Role,
}

/// The part a morale check plays in a close combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Not in a close combat.
    None,
    /// The attacker's check (23.0 D).
    Attacker,
    /// The defender's check (23.0 E).
    Defender,
}

/// A retreat being carried out hex by hex by its owner (25.3, 5.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Retreat {
    /// The units retreating: the stack, or a part split off it (25.3b).
    pub units: Vec<UnitId>,
    /// Where they are now.
    pub at: Hex,
    /// Hexes still to go.
    pub left: u8,
    /// The hexes already entered, to keep the line from doubling back (5.2).
    pub path: Vec<Hex>,
    /// Where the threat came from (5.2: away from it).
    pub from: Hex,
    /// A rout movement (25.1b): continues until 6 hexes from every enemy unit.
    pub rout: bool,
    /// Close combat or charge: limbering for the retreat rolls on the Gun Loss Table (27.4).
    pub in_combat: bool,
}

/// A close combat in progress (23.0; digest §3.5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CloseCombat {
    /// The attacking units.
    pub attackers: Vec<UnitId>,
    /// The hex they attacked from.
    pub from: Hex,
    /// The defending hex.
    pub target: Hex,
    /// The defenders (the stack in the hex when the attack was declared).
    pub defenders: Vec<UnitId>,
    /// The attacker entered through the defender's flank or rear (23.1i).
    pub flank: bool,
    /// The attacker had to retreat after its morale check (23.0 D): the combat ends.
    pub attacker_out: bool,
    /// The defender retreated or was destroyed (23.0 E, F).
    pub defender_out: bool,
    /// The Odds Table column (index) and die modifier, once reached.
    pub odds: Option<(u8, i8)>,
    /// 23.1n: a column attacking across a bridge: it does not fire and loses at the Odds
    /// Table.
    #[serde(default)]
    pub bridge: bool,
    /// The step reached.
    pub step: CcStep,
}

/// The steps of a close combat (23.0 A–F).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CcStep {
    /// B: the defender fires.
    DefenderFire,
    /// C: the attacker fires.
    AttackerFire,
    /// D: the attacker checks morale.
    AttackerMorale,
    /// E: the defender checks morale.
    DefenderMorale,
    /// F: the Odds Table die.
    Odds,
    /// F, "½": the second die.
    OddsHalf,
    /// The winner takes the hex; the attackers stop (23.0).
    Done,
}

/// What the cavalry and close-combat rules remember during a Movement Phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CavalryLog {
    /// Every phasing cavalry unit and leader on the map: the hexes it stood in this phase,
    /// the start hex first (24.1c A, 24.1e, 24.1k).
    pub paths: Vec<(UnitId, Vec<Hex>)>,
    /// Reaction windows already offered to a unit leaving a hex (15.2a).
    pub offered: Vec<(UnitId, Hex)>,
    /// Every phasing infantry unit and skirmisher counter, by unit: the hex it began the
    /// phase in, `None` when it was off the map (23.1e: attackers together must have started
    /// the phase stacked together).
    #[serde(default)]
    pub foot: Vec<(UnitId, Option<Hex>)>,
}

/// The steps of a charge (24.1 A–I).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChStep {
    /// B: square attempts are offered.
    Square,
    /// B: the skirmishers charged retreated into terrain closed to charges; the charging
    /// player picks a hex next to the old target, or the charge ends (11.5e).
    Retarget,
    /// C: the charging player may try a recall.
    Recall,
    /// C: the recall die.
    RecallRoll,
    /// D: the run-in, hex by hex.
    RunIn,
    /// E: the defender fires or makes its cavalry attack.
    DefenderAttack,
    /// E: the attacker's cavalry attack.
    AttackerAttack,
    /// F: the defender's morale check.
    DefenderMorale,
    /// F: after it, retreat (to H) or stand (to G).
    AfterDefender,
    /// G: the attacker's morale check.
    AttackerMorale,
    /// H: the charging player may make a follow-on attack.
    FollowOn,
    /// I: blown and withdrawal.
    Withdraw,
}

/// A charge in progress (24.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Charge {
    /// The charging cavalry and the leaders with it.
    pub units: Vec<UnitId>,
    /// The charging side.
    pub side: Side,
    /// The hex the charge was announced from.
    pub origin: Hex,
    /// Where the charging stack stands.
    pub at: Hex,
    /// Hexes still to enter, the target last.
    pub route: Vec<Hex>,
    /// The target hex.
    pub target: Hex,
    /// The defending units.
    pub defenders: Vec<UnitId>,
    /// A reaction charge (15.2).
    pub reaction: bool,
    /// The original target's top unit was cavalry (ERR-16: no follow-ons).
    pub versus_cavalry: bool,
    /// Follow-ons made (ERR-15: at most 3).
    pub follow_ons: u8,
    /// A reaction charge has been made against this run-in (15.2a: only one).
    pub reacted: bool,
    /// Hexes of the run-in whose exit windows were offered.
    pub offered: Vec<Hex>,
    /// The charge strikes the defender's flank.
    pub flank: bool,
    /// Defending cavalry that took a DG-or-worse result (24.1 I).
    pub def_blown: Vec<UnitId>,
    /// The evasion window of lone skirmishers in the target was opened (11.5e, step B).
    #[serde(default)]
    pub evade_offered: bool,
    /// Route hexes of enemy skirmishers whose evasion window was opened before a reaction
    /// charge rides through them (ERR-17).
    #[serde(default)]
    pub overrun: Vec<Hex>,
    /// The step reached.
    pub step: ChStep,
}

/// The cavalry sub-sequences on the task stack.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CavTask {
    /// A charge (24.1).
    Charge(Charge),
    /// Square Checks the owner of these hexes may attempt (11.6b, 24.1 B).
    SquareOffer {
        /// The hexes.
        hexes: Vec<Hex>,
        /// Who decides.
        side: Side,
        /// The cavalry's hex (the charge's origin).
        from: Hex,
        /// Because of a charge (24.1j: stragglers count as casualties).
        charge: bool,
        /// Because of a reaction charge (Square Check list).
        reaction: bool,
    },
    /// A Square Check waiting for its roll (8.5).
    SquareRoll {
        /// The hex.
        hex: Hex,
        /// The cavalry's hex.
        from: Hex,
        /// In a charge.
        charge: bool,
        /// In a reaction charge.
        reaction: bool,
    },
    /// The non-phasing player may launch a reaction charge at `at` (15.2).
    ReactionOffer {
        /// The hex being left.
        at: Hex,
        /// The hexes of the cavalry that may react.
        stacks: Vec<Hex>,
        /// Who decides.
        side: Side,
    },
    /// The morale check for a reaction charge outside the frontal arc (15.2b).
    ReactionRoll {
        /// The reacting stack's hex.
        from: Hex,
        /// The target.
        at: Hex,
    },
    /// A cavalry attack's Fire Combat Table roll (24.1 E).
    AttackRoll {
        /// The attacking units.
        firers: Vec<UnitId>,
        /// The hex struck.
        target: Hex,
        /// The column.
        column: u8,
    },
    /// Cavalry attacked by infantry may evade (ERR-9).
    Evade {
        /// The cavalry's hex.
        hex: Hex,
        /// Who decides.
        side: Side,
    },
    /// Blown cavalry withdraws 6–12 hexes (24.2a, 24.1 I).
    BlownWithdraw {
        /// The units.
        units: Vec<UnitId>,
        /// Where they stand.
        at: Hex,
    },
}

/// What is being resolved, innermost last (the top of the stack decides who acts).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// A fire combat being declared: the firer adds units, then resolves (20.2).
    Declaring(FireDecl),
    /// A declared fire combat waiting for its 11..66 roll (20.4).
    FireRoll {
        /// The declaration.
        decl: FireDecl,
        /// The column after shifts (index into the Fire Combat Table).
        column: u8,
    },
    /// Which of several leaders in the target hex falls (20.4d, 26.4): a random pick.
    LeaderHit {
        /// The candidates.
        leaders: Vec<UnitId>,
    },
    /// A morale check waiting for its roll.
    Morale(Check),
    /// A Blood Lust check (25.2c).
    BloodLust {
        /// The hex.
        hex: Hex,
    },
    /// A retreat being chosen hex by hex.
    Retreat(Retreat),
    /// A Gun Loss roll for artillery limbering to retreat in a close combat (27.4).
    GunLoss {
        /// The battery.
        unit: UnitId,
    },
    /// A close combat.
    CloseCombat(CloseCombat),
    /// The non-phasing player may fire at a unit leaving an artillery Close Fire Zone or
    /// changing formation in it (15.1).
    OpportunityWindow {
        /// The moving units (the stack about to step or change formation).
        movers: Vec<UnitId>,
        /// The batteries whose zone is violated.
        batteries: Vec<UnitId>,
        /// The hex the movers stand in (the target).
        at: Hex,
    },
    /// A straggler roll (21.1): forced march (18.0) or emergency retreat (10.4).
    StragglerRoll {
        /// The unit.
        unit: UnitId,
        /// The die modifier.
        modifier: i8,
    },
    /// A straggler recovery roll (21.2).
    RecoveryRoll {
        /// The unit.
        unit: UnitId,
        /// The row shift.
        shift: i16,
    },
    /// A rally die for a routed stack (25.5 E).
    RallyRoll {
        /// The hex.
        hex: Hex,
        /// The leader's rating added.
        rating: u8,
    },
    /// A blown cavalry recovery die (24.2c).
    BlownRoll {
        /// The unit.
        unit: UnitId,
        /// The die modifier.
        modifier: i8,
    },
    /// A movement action waiting while the opponent decides on opportunity fire (15.1); it
    /// goes ahead unless the unit was driven off or stopped (15.1d). A formation change goes
    /// ahead in any case (15.1d).
    Resume {
        /// The action.
        then: super::action::Action,
        /// The unit.
        unit: UnitId,
        /// Where it stood.
        at: Hex,
        /// 15.1c: the firer chose to fire after the change, which is already made; only the
        /// 15.1d stop remains to apply once the fire is resolved.
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        changed: bool,
        /// The unit's morale state when the window opened: 15.1d stops a unit the fire
        /// leaves DG or Routed, not one that already was.
        #[serde(default)]
        morale: super::types::MoraleState,
    },
    /// The owner of the stack in `hex` may turn it to any facing at no cost: at the end of a
    /// retreat (13.1a) and after a close combat (23.1o).
    Reface {
        /// The hex.
        hex: Hex,
    },
    /// A Corps Attack Stoppage check (10.3).
    Stoppage {
        /// The command checking.
        command: u16,
        /// The minimum 2d6 roll.
        need: u8,
    },
    // Part cavalry (24.x, 15.2, 11.6b, 8.2, ERR-9): see [`super::charge`].
    /// A cavalry sub-sequence: charge, square offer, reaction window, blown withdrawal.
    Cavalry(CavTask),
    // --- orders part (10.1, 10.2; nbs/orders.rs) ---
    /// An initiative roll (10.2d): 11..66 on the Initiative Table.
    InitiativeRoll {
        /// The leader rolling.
        leader: UnitId,
        /// The force it is for.
        force: super::types::Receiver,
        /// Initiative Points.
        ip: i8,
    },
    /// An order to write after an initiative success (10.2f), a royal roll (AUS 3.2a) or, by
    /// the opponent, a loose cannon (10.2g).
    OrderWriting {
        /// The leader who rolled.
        leader: UnitId,
        /// Who may receive it.
        receivers: Vec<super::types::Receiver>,
        /// Initiative, Royal or LooseCannon.
        source: OrderSource,
    },
    /// A delay reduction die (10.1f).
    DelayRoll {
        /// The order number.
        order: u16,
    },
    /// An acceptance roll (10.1f).
    AcceptanceRoll {
        /// The order number.
        order: u16,
    },
    // Skirmishers (11.5e).
    /// Skirmishers alone in a hex attacked in close combat may retreat one hex first
    /// (11.5e, ERR-8): their owner evades (`RetreatTo`) or stands (`Pass`).
    SkirmisherEvade {
        /// The attackers' hex (for a charge, the hex the cavalry would enter from).
        from: Hex,
        /// The skirmishers' hex.
        target: Hex,
        /// Before a cavalry charge, regular or reaction (11.5e, 15.2g), rather than a close
        /// combat.
        #[serde(default)]
        charge: bool,
    },
    /// AUS 7.5: a column's two-dice arrival roll.
    ArrivalRoll {
        /// The column (index of [`super::setup::arrival::ColumnRules::columns`]).
        column: u8,
    },
    /// An eliminated unit that recovered stragglers comes back: its owner places it (21.2).
    Returning {
        /// The unit.
        unit: UnitId,
    },
    /// One unit being placed, faced, formed or hidden in the Set-Up Phase (1.4).
    Placing {
        /// The unit.
        unit: UnitId,
    },
    /// The phasing player picks the attackers of a close combat (23.1e, `AssaultChoose`):
    /// `Withhold` drops one, `Resolve` declares it, `Pass` gives it up.
    Assembling {
        /// The attacking hex.
        from: Hex,
        /// The defending hex.
        target: Hex,
        /// The units named so far.
        units: Vec<UnitId>,
    },
    /// A corps commander fell with several division commanders to succeed him (26.4a):
    /// the owner names the one promoted (`Promote`).
    Promote {
        /// The corps (formation index).
        corps: u16,
        /// The fallen commander, whose generic back will lead the promoted one's division.
        fallen: UnitId,
        /// The division commanders on the map.
        candidates: Vec<UnitId>,
    },
}

/// One side's command bookkeeping for the turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideCommand {
    /// Command Points left this turn (10.1b).
    pub cp: u8,
    /// This turn's initiative attempts (10.2c, AUS 3.2a, 3.2c).
    pub attempts: InitiativeAttempts,
    /// Formations on an Attack order whose units were fired on at two hexes or less (or
    /// charged) since this side's last Command Phase (10.3a; digest §8.4 item 1).
    pub contact: Vec<u16>,
    /// Formations that failed a stoppage check this turn: their units must end the turn three
    /// hexes or more from every enemy unit (10.3b).
    pub stopped: Vec<u16>,
    /// Formations whose HQ was overrun: an emergency retreat is due (10.0c).
    pub overrun: Vec<u16>,
    /// Formations that made an emergency retreat this turn (one a turn).
    pub retreated: Vec<u16>,
}

/// The command part of the state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CommandState {
    /// The Command Phase segment: 0 order issue, 1 initiative, 2 the rolls (see the module
    /// docs).
    pub segment: u8,
    /// Per side.
    pub sides: [SideCommand; 2],
}

/// A hex found over-stacked and treated (12.5), kept until the stack there is back within
/// the limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Overstack {
    /// The hex.
    pub hex: Hex,
    /// Whose stack it is.
    pub side: Side,
    /// Over-stacked by a retreat (25.3d): it breaks up only once rallied to DG.
    pub by_retreat: bool,
}

/// Where a column stands in the arrival procedure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnStatus {
    /// Not yet arrived: rolls from its plotted turn, on hour turns.
    Waiting,
    /// Made its roll but queued behind a column plotted earlier at the same entry.
    Banked,
    /// Comes on from this turn (16.4: its units must enter).
    Due(u16),
    /// The plot is secret (the other side's observation).
    Unknown,
}

/// One column's plot and progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ColumnPlan {
    /// Index of its entry area in
    /// [`ColumnRules::entries`](super::setup::arrival::ColumnRules::entries).
    pub entry: u8,
    /// Its plotted hour turn.
    pub turn: u16,
    /// Its progress.
    pub status: ColumnStatus,
}

/// The game as it stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The game turn (the scenario's numbering).
    pub turn: u16,
    /// 0 for the first player turn of the game turn, 1 for the second.
    pub player_turn: u8,
    /// The phase or segment.
    pub phase: Phase,
    /// Every counter, indexed like [`super::Nbs::units`].
    pub units: Vec<Unit>,
    /// The sub-sequences being resolved, innermost last.
    pub tasks: Vec<Task>,
    /// The casualty tracks (1.1f): infantry and cavalry casualties of each side.
    pub casualty_track: [u32; 2],
    /// The order log of each side (10.1d).
    pub orders: [OrderLog; 2],
    /// Last stack-order number handed out (12.2: entering a hex puts a unit at the bottom).
    pub next_order: u16,
    /// Victory points awarded outside the tables (AUS 6.3 leader losses): side 0 and side 1.
    pub vp: [i32; 2],
    /// A leader loss that ends the game at once (AUS 6.3: Napoleon or Alexander killed).
    pub sudden_death: Option<Side>,
    /// The last roll, for display.
    pub last_roll: Option<Seq66>,
    /// Who last occupied or passed through each scenario victory hex (AUS 7.1 "captured").
    pub control: Vec<(Hex, Side)>,
    /// The game is over.
    pub over: bool,
    /// Part cavalry: where cavalry and leaders went this Movement Phase (24.1c, 24.1e,
    /// 24.1k) and the reaction windows already offered (15.2a).
    #[serde(default)]
    pub cavalry: CavalryLog,
    /// Command Points, initiative attempts, stoppage and overrun bookkeeping (orders part).
    #[serde(default)]
    pub command: CommandState,
    /// Division leaders now shown by their generic replacement back (26.4b, 26.4c), in the
    /// order they fell.
    #[serde(default)]
    pub replaced: Vec<UnitId>,
    /// Formations led by someone other than their printed leader (26.4a promotions; the
    /// fallen corps leader's generic back in the promoted one's division), by formation index.
    #[serde(default)]
    pub commanders: Vec<(u16, UnitId)>,
    /// French divisions away from their printed corps (10.5c, AUS 2.1): division → the
    /// corps it is attached to, or `None` when detached and awaiting orders.
    #[serde(default)]
    pub attached: Vec<(u16, Option<u16>)>,
    /// Attachment instructions of formal orders not yet accepted (10.5c): (order number on
    /// the French log, division, corps).
    #[serde(default)]
    pub attach_orders: Vec<(u16, u16, u16)>,
    /// French units concealed by the AUS 4.1b hidden deployment, sorted: on the map here,
    /// off it in the Allied observation.
    #[serde(default)]
    pub hidden: Vec<UnitId>,
    /// AUS 7.5: each Allied column's plotted entry and hour turn and its progress (scenario
    /// 5; empty elsewhere).
    #[serde(default)]
    pub columns: Vec<ColumnPlan>,
    /// AUS 7.5: the column each rider (army commanders and HQ, Buxhowden) travels with.
    #[serde(default)]
    pub riders: Vec<(UnitId, u8)>,
    /// 12.5, 25.3d: the phasing side's hexes over-stacked when its Movement Phase began,
    /// which it must break up in that phase.
    #[serde(default)]
    pub break_up: Vec<Hex>,
    /// 12.5, 25.3d: the hexes found over-stacked and treated, until they are within the
    /// limits again.
    #[serde(default)]
    pub overstacks: Vec<Overstack>,
    /// 26.4d: hexes whose last combat unit was just eliminated while leaders (or HQs) of
    /// its side remain; the survivors go to the nearest stack of their command once the
    /// leader casualty check of the same fire (26.4, 20.4d) is resolved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub escaping: Vec<Hex>,
}

impl State {
    /// The side whose player turn it is.
    pub fn phasing(&self, first: Side) -> Side {
        if self.player_turn == 0 {
            first
        } else {
            first.other()
        }
    }
}
