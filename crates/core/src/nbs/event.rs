//! What happens in an NBS game, each event with its rule number (units by index; the rules
//! value renders names, [`super::Nbs::describe`]).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Serialize};

use super::state::{Phase, UnitId};
use super::types::{Formation, MoraleState};
use crate::engine::{EventInfo, Side};
use crate::hex::Hex;

/// One event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A game turn begins (7.0).
    TurnBegins {
        /// The turn.
        turn: u16,
        /// Its time on the Turn Record Track.
        label: String,
    },
    /// A phase or segment begins (8.1, 8.2).
    PhaseBegins {
        /// The phasing player.
        side: Side,
        /// The phase.
        phase: Phase,
    },
    /// A unit moved one hex (16.1).
    Moved {
        /// The unit.
        unit: UnitId,
        /// From.
        from: Hex,
        /// To.
        to: Hex,
        /// Half MP paid.
        cost: u16,
    },
    /// A unit turned (13.1).
    Faced {
        /// The unit.
        unit: UnitId,
        /// The new facing (0–11).
        facing: u8,
        /// MP paid.
        cost: u8,
    },
    /// A unit changed formation (11.0).
    Formed {
        /// The unit.
        unit: UnitId,
        /// The new formation.
        formation: Formation,
    },
    /// A reinforcement entered (16.4).
    Entered {
        /// The unit.
        unit: UnitId,
        /// The hex.
        hex: Hex,
    },
    /// Fire was declared and totalled (20.2, 20.3).
    FireDeclared {
        /// The target hex.
        target: Hex,
        /// The firers.
        firers: Vec<UnitId>,
        /// Fire points in quarters.
        fire_points: u32,
        /// The net column shift.
        shift: i16,
        /// The column read (index, 0 = the first).
        column: u8,
    },
    /// A fire combat result (20.4).
    FireResult {
        /// The target hex.
        target: Hex,
        /// The roll.
        roll: u8,
        /// The result as printed.
        result: String,
    },
    /// Losses applied to a unit (20.5, 20.6, 27.2, 11.5c).
    Losses {
        /// The unit.
        unit: UnitId,
        /// Its owner (9.0a: losses are secret from the other side).
        owner: Side,
        /// Casualties (gun points for artillery).
        casualties: u8,
        /// Stragglers.
        stragglers: u8,
    },
    /// A unit was eliminated (20.6).
    Eliminated {
        /// The unit.
        unit: UnitId,
        /// The rule.
        rule: Cow<'static, str>,
    },
    /// A brigade is wrecked, or no longer (20.6a, 22.0).
    Wrecked {
        /// The unit.
        unit: UnitId,
        /// Its owner (9.0a).
        owner: Side,
        /// Now wrecked.
        wrecked: bool,
    },
    /// A division is wrecked, or no longer (20.6b, 22.0).
    DivisionWrecked {
        /// The division.
        division: String,
        /// Its owner (9.0a).
        owner: Side,
        /// Now wrecked.
        wrecked: bool,
    },
    /// A leader fell (20.4d, 26.4).
    LeaderLost {
        /// The leader.
        unit: UnitId,
    },
    /// A leader or HQ whose stack was destroyed goes to the nearest stack of his command, or
    /// leaves play when there is none (26.4d).
    LeaderDisplaced {
        /// The leader or HQ.
        unit: UnitId,
        /// The hex of the destroyed stack.
        from: Hex,
        /// The stack joined; `None` when he leaves play.
        to: Option<Hex>,
        /// The rule.
        rule: Cow<'static, str>,
    },
    /// A fallen division leader's generic replacement takes his place (26.4b, 26.4c).
    LeaderReplaced {
        /// The leader counter, now showing its replacement back.
        unit: UnitId,
        /// Where the replacement appears.
        at: Hex,
    },
    /// A division commander takes a fallen corps commander's place (26.4a); the fallen
    /// leader's generic back leads his division (26.4b).
    LeaderPromoted {
        /// The promoted leader.
        unit: UnitId,
        /// The corps he now commands.
        corps: String,
        /// The fallen leader's counter, now its generic back.
        replacement: UnitId,
        /// The division it leads.
        division: String,
    },
    /// A column that attacked across a bridge loses the close combat at the Odds Table step
    /// without a roll (23.1n).
    BridgeAssaultLost {
        /// The attackers' hex.
        from: Hex,
        /// The defenders' hex.
        target: Hex,
    },
    /// A morale check (25.2).
    MoraleCheck {
        /// The hex.
        hex: Hex,
        /// The roll.
        roll: u8,
        /// The row read (0 = the table's top row).
        row: i16,
        /// The resulting state.
        state: MoraleState,
        /// Hexes to retreat.
        retreat: u8,
        /// Stragglers.
        stragglers: u8,
    },
    /// A hex's morale state changed (25.4, 25.5, 12.5).
    MoraleChanged {
        /// The hex.
        hex: Hex,
        /// The new state.
        state: MoraleState,
        /// The rule.
        rule: Cow<'static, str>,
    },
    /// A stack retreated one hex (25.3).
    Retreated {
        /// The units.
        units: Vec<UnitId>,
        /// From.
        from: Hex,
        /// To.
        to: Hex,
    },
    /// A stack that could not retreat the full distance routs instead (25.3a), or a rout
    /// that could not get clear loses everything (25.1b).
    RetreatBlocked {
        /// The hex.
        hex: Hex,
        /// The rule.
        rule: Cow<'static, str>,
    },
    /// A close combat declared (23.0).
    CloseCombat {
        /// The attacking hex.
        from: Hex,
        /// The defending hex.
        target: Hex,
    },
    /// The Odds Table is reached (23.0 F): both strengths and the column.
    Odds {
        /// Attacker strength (quarters).
        attacker: u32,
        /// Defender strength (quarters, doubled in protective terrain).
        defender: u32,
        /// The column.
        column: String,
        /// The die modifier.
        drm: i8,
    },
    /// The Odds Table die (23.0 F).
    OddsRoll {
        /// Die + DRM (or the second die of a "½" result).
        total: i8,
        /// The attacker won.
        attacker_wins: bool,
    },
    /// Opportunity fire offered to the non-phasing player (15.1).
    OpportunityOffered {
        /// The moving units' hex.
        at: Hex,
        /// The batteries.
        batteries: Vec<UnitId>,
    },
    /// Straggler recovery (21.2).
    Recovered {
        /// The unit.
        unit: UnitId,
        /// Its owner (9.0a).
        owner: Side,
        /// Stragglers recovered.
        count: u8,
    },
    /// Blown cavalry recovered (24.2c), or not.
    Unblown {
        /// The unit.
        unit: UnitId,
        /// Success.
        ok: bool,
    },
    // Part cavalry (24.x, 15.2, 11.6b, 8.2, ERR-9).
    /// A cavalry charge announced (24.1 A) or a reaction charge launched (15.2).
    ChargeDeclared {
        /// The charging hex.
        from: Hex,
        /// The target hex.
        target: Hex,
        /// The charging units.
        units: Vec<UnitId>,
        /// A reaction charge.
        reaction: bool,
    },
    /// Charging cavalry moved one hex of its run-in (24.1 D).
    ChargeMoved {
        /// The units.
        units: Vec<UnitId>,
        /// From.
        from: Hex,
        /// To.
        to: Hex,
    },
    /// Square checks offered (11.6b, 24.1 B).
    SquareOffered {
        /// The hexes.
        hexes: Vec<Hex>,
    },
    /// A Square Check (8.5).
    SquareCheck {
        /// The hex.
        hex: Hex,
        /// The roll.
        roll: u8,
        /// The stack formed square.
        formed: bool,
    },
    /// A recall attempt (24.1 C).
    RecallAttempt {
        /// The die.
        roll: u8,
        /// The die needed.
        need: u8,
        /// The charge is recalled.
        recalled: bool,
    },
    /// A cavalry attack on the Cavalry Attack Table (24.1 E).
    CavalryAttack {
        /// The target hex.
        target: Hex,
        /// Fire points in quarters.
        fire_points: u32,
        /// The Exclusively Cavalry column shift.
        shift: i16,
        /// The column read.
        column: u8,
    },
    /// Cavalry became blown (24.2, 24.1 I, 15.2e, ERR-9).
    Blown {
        /// The unit.
        unit: UnitId,
        /// The rule.
        rule: Cow<'static, str>,
    },
    /// Cavalry withdrew: blown withdrawal (24.2a) or Cavalry Withdrawal (8.2, 24.2b).
    CavalryWithdrew {
        /// The units.
        units: Vec<UnitId>,
        /// From.
        from: Hex,
        /// To.
        to: Hex,
        /// The rule.
        rule: Cow<'static, str>,
    },
    /// A reaction charge may strike a hex being left (15.2a).
    ReactionOffered {
        /// The hex being left.
        at: Hex,
        /// The hexes of the cavalry that may react.
        from: Vec<Hex>,
    },
    /// A reaction charge outside the frontal arc failed its morale check (15.2b).
    ReactionFailed {
        /// The cavalry's hex.
        from: Hex,
    },
    /// The skirmishers charged retreated a hex (11.5e): the charge follows them to `to`.
    ChargeRetargeted {
        /// The original target.
        from: Hex,
        /// The new target.
        to: Hex,
    },
    /// A reaction charge whose skirmisher target retreated (15.2g): the cavalry stays in its
    /// hex, not blown.
    ChargeCalledOff {
        /// The target left empty.
        target: Hex,
        /// The cavalry.
        units: Vec<UnitId>,
    },
    /// A follow-on attack (24.1 H, ERR-15).
    FollowOn {
        /// The new target.
        target: Hex,
        /// Follow-ons made so far in this charge.
        count: u8,
    },
    /// The game ended (AUS 6.0, scenario conditions).
    GameOver {
        /// The winner.
        winner: Option<Side>,
        /// The level.
        level: String,
        /// Victory points of side 0 and side 1.
        points: [i32; 2],
    },
    // --- orders part (10.x; nbs/orders.rs) ---
    /// A command event: orders, acceptance, initiative, stoppage, retreats.
    CommandNote {
        /// The side whose command it is.
        owner: Side,
        /// The rule.
        rule: Cow<'static, str>,
        /// What happened, in English.
        text: String,
        /// Hidden from the other side (9.0: orders and their acceptance are secret).
        secret: bool,
    },
    // Skirmishers, Extensions, detached guns, forced march (11.5, 17.0, 27.1, 18.0).
    /// A counter made during play came or went, or a unit forced-marched.
    Part {
        /// What happened.
        what: PartChange,
        /// The skirmisher, Extension, detached battery or marching unit.
        unit: UnitId,
        /// The parent or the other unit involved.
        other: Option<UnitId>,
        /// Gun points (27.1) or the forced-march set (18.0).
        count: u8,
    },
    /// A unit was put on top of its stack (12.2; 24.1 H before a follow-on).
    ToTop {
        /// The unit.
        unit: UnitId,
        /// Its hex.
        hex: Hex,
        /// The rule that allowed it.
        rule: Cow<'static, str>,
    },
    /// An eliminated unit that recovered stragglers comes back to play (21.2).
    Returned {
        /// The unit.
        unit: UnitId,
        /// Where it is placed.
        hex: Hex,
    },
    /// A unit is placed in the Set-Up Phase (1.4).
    Placed {
        /// The unit.
        unit: UnitId,
        /// Its hex.
        hex: Hex,
    },
    /// A French unit is hidden or shown in the Set-Up Phase (AUS 4.1b).
    Concealed {
        /// The unit.
        unit: UnitId,
        /// Hidden or shown.
        hidden: bool,
    },
    /// A hidden unit is revealed (AUS 4.1b): seen, approached within 5 hexes, or it moved
    /// or fired.
    Revealed {
        /// The unit.
        unit: UnitId,
        /// Its hex.
        hex: Hex,
        /// The rule.
        rule: Cow<'static, str>,
    },
    /// A column's arrival is plotted, or a rider assigned to it (AUS 7.5; secret).
    ColumnPlotted {
        /// The column's side.
        owner: Side,
        /// The column.
        column: String,
        /// Its entry hex.
        entry: Hex,
        /// Its hour turn.
        turn: u16,
    },
    /// A column's arrival roll (AUS 7.5; secret): two dice plus the entry modifier against
    /// the need.
    ArrivalRolled {
        /// The column's side.
        owner: Side,
        /// The column.
        column: String,
        /// The two dice.
        roll: u8,
        /// The entry area's modifier.
        modifier: i8,
        /// The total needed.
        need: u8,
        /// Made.
        arrives: bool,
    },
    /// A column comes on this turn: its roll is made and its entry's queue is clear
    /// (AUS 7.5; secret until its units enter).
    ColumnDue {
        /// The column's side.
        owner: Side,
        /// The column.
        column: String,
        /// Its entry hex.
        hex: Hex,
    },
    /// A pre-set order is written or withdrawn before play (10.1i, AUS 5.3).
    PresetOrder {
        /// The side.
        side: Side,
        /// The order's number on the log.
        order: u16,
        /// Withdrawn rather than written.
        cancelled: bool,
    },
}

/// What a [`Event::Part`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PartChange {
    /// A skirmisher released (11.5a).
    Released,
    /// A skirmisher recovered by its parent (11.5d).
    Recovered,
    /// Two reduced skirmishers combined (11.5g).
    Combined,
    /// A full skirmisher broken down (11.5g).
    Split,
    /// A skirmisher moved to the top of its stack (11.5h B).
    ToTop,
    /// A skirmisher moved to the bottom of its stack (11.5h B, D; 11.6d).
    ToBottom,
    /// A skirmisher eliminated (11.5c).
    SkirmisherLost,
    /// An Extension created (17.0c).
    Extended,
    /// An Extension taken back into its parent (17.0).
    Absorbed,
    /// An Extension collapsed into its parent's hex by a rout (17.2a).
    Collapsed,
    /// An Extension removed: the parent can no longer support it (17.2c) or is gone.
    Unsupported,
    /// An Extension separated from its parent by a retreat (17.2b, provisional).
    Separated,
    /// Gun points detached (27.1).
    Detached,
    /// A detached battery reattached (27.1).
    Reattached,
    /// A forced-march set taken (18.0b).
    ForcedMarch,
    /// Skirmishers retreated one hex before a close combat (11.5e); `count` is the hex
    /// entered's index among the target's neighbours.
    Evaded,
    /// A skirmisher ends its Movement Phase beyond the 2-hex leash, unable to step back
    /// (11.5b, ERR-10).
    Stray,
    /// A skirmisher overrun by a reaction charge riding through its hex loses a step
    /// (ERR-17).
    Overrun,
}

impl PartChange {
    /// The rule.
    pub const fn rule(self) -> &'static str {
        match self {
            Self::Released => "11.5a",
            Self::Recovered => "11.5d",
            Self::Combined | Self::Split => "11.5g",
            Self::ToTop | Self::ToBottom => "11.5h",
            Self::SkirmisherLost => "11.5c",
            Self::Extended => "17.0c",
            Self::Absorbed => "17.0",
            Self::Collapsed => "17.2a",
            Self::Unsupported => "17.2c",
            Self::Separated => "17.2b",
            Self::Detached | Self::Reattached => "27.1",
            Self::ForcedMarch => "18.0b",
            Self::Evaded => "11.5e",
            Self::Stray => "11.5b",
            Self::Overrun => "ERR-17",
        }
    }
}

impl Event {
    /// The rule behind the event.
    pub fn rule_number(&self) -> &str {
        match self {
            Event::TurnBegins { .. } => "7.0",
            Event::PhaseBegins { .. } => "8.2",
            Event::Moved { .. } => "16.1",
            Event::Faced { .. } => "13.1",
            Event::Formed { .. } => "11.0",
            Event::Entered { .. } => "16.4",
            Event::FireDeclared { .. } => "20.2",
            Event::FireResult { .. } => "20.4",
            Event::Losses { .. } => "20.5",
            Event::Eliminated { rule, .. } => rule_str(rule),
            Event::Wrecked { .. } => "20.6a",
            Event::DivisionWrecked { .. } => "20.6b",
            Event::LeaderLost { .. } => "26.4",
            Event::LeaderDisplaced { rule, .. } => rule_str(rule),
            Event::LeaderReplaced { .. } => "26.4c",
            Event::LeaderPromoted { .. } => "26.4a",
            Event::Placed { .. } => "1.4",
            Event::Returned { .. } => "21.2",
            Event::Concealed { .. } => "AUS 4.1b",
            Event::ColumnPlotted { .. } | Event::ArrivalRolled { .. } | Event::ColumnDue { .. } => {
                "AUS 7.5"
            }
            Event::Revealed { rule, .. } => rule_str(rule),
            Event::PresetOrder { .. } => "10.1i",
            Event::BridgeAssaultLost { .. } => "23.1n",
            Event::MoraleCheck { .. } => "25.2",
            Event::MoraleChanged { rule, .. } => rule_str(rule),
            Event::Retreated { .. } => "25.3",
            Event::RetreatBlocked { rule, .. } => rule_str(rule),
            Event::CloseCombat { .. } => "23.0",
            Event::Odds { .. } | Event::OddsRoll { .. } => "23.0 F",
            Event::OpportunityOffered { .. } => "15.1",
            Event::Recovered { .. } => "21.2",
            Event::Unblown { .. } => "24.2c",
            Event::GameOver { .. } => "AUS 6.0",
            Event::ChargeDeclared { reaction: true, .. } => "15.2",
            Event::ChargeDeclared { .. } => "24.1 A",
            Event::ChargeMoved { .. } => "24.1 D",
            Event::SquareOffered { .. } => "11.6b",
            Event::SquareCheck { .. } => "8.5",
            Event::RecallAttempt { .. } => "24.1 C",
            Event::CavalryAttack { .. } => "24.1 E",
            Event::Blown { rule, .. } | Event::CavalryWithdrew { rule, .. } => rule_str(rule),
            Event::ReactionOffered { .. } => "15.2a",
            Event::ReactionFailed { .. } => "15.2b",
            Event::FollowOn { .. } => "24.1 H",
            Event::ChargeRetargeted { .. } => "11.5e",
            Event::ChargeCalledOff { .. } => "15.2g",
            Event::CommandNote { rule, .. } => rule_str(rule),
            Event::Part { what, .. } => what.rule(),
            Event::ToTop { rule, .. } => rule_str(rule),
        }
    }
}

impl EventInfo for Event {
    fn rule(&self) -> &str {
        self.rule_number()
    }

    fn visible_to(&self, side: Side) -> bool {
        // 9.0a: casualties, stragglers and wrecked status are secret from the other side.
        match self {
            Event::Losses { owner, .. }
            | Event::Wrecked { owner, .. }
            | Event::DivisionWrecked { owner, .. }
            | Event::Recovered { owner, .. } => *owner == side,
            Event::CommandNote { owner, secret, .. } => !*secret || *owner == side,
            // AUS 7.5: the plot and the rolls are the Allied player's secret.
            Event::ColumnPlotted { owner, .. }
            | Event::ArrivalRolled { owner, .. }
            | Event::ColumnDue { owner, .. } => *owner == side,
            _ => true,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}) {:?}", self.rule_number(), self)
    }
}

fn rule_str(c: &str) -> &str {
    c
}
