//! The close combat records (13.0–17.0) kept in the state: the segment's attacks, combats and
//! pursuits, and its steps. The close combat section (`close/`) reads and writes them.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::super::geometry::Placed;
use super::super::types::{Formation, Morale, Pts};
use super::super::units::UnitId;
use crate::engine::Side;
use crate::hex::Hex;

/// One declared attack (13.1): a group and, for a charge, its target.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The unit that takes the group's Morale Check (13.2c): its top attacking unit.
    pub lead: UnitId,
    /// The activated non-artillery units of the group, which all attack (13.1c).
    pub units: Vec<UnitId>,
    /// A cavalry charge's target hex (13.1d); `None` for an attack on the enemy in its ZOC.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_hex")]
    pub target: Option<Hex>,
    /// Where a charge began (13.3e).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Placed>,
    /// Charge range left, in sixths of a hex (13.1f).
    pub range: Pts,
    /// Hexes of charge movement made (13.11c).
    pub hexes: u8,
    /// Hexes a charging Line has shrunk by (13.3c: one for each hex of charge movement).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shrinks: u8,
    /// Its Morale Check (B) is passed (13.2a); `None` before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passed: Option<bool>,
    /// The charge is over (13.3d).
    pub charged: bool,
    /// The charge left a hex that calls for a Disorder Check (A) (13.3f).
    pub dca: bool,
    /// The countercharging cavalry that stopped it: it must attack that unit (13.5c, 13.6a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<UnitId>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Serde for an optional hex as its printed id.
mod opt_hex {
    use super::super::super::fhex;
    use crate::hex::Hex;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(h: &Option<Hex>, s: S) -> Result<S::Ok, S::Error> {
        match h {
            Some(h) => s.serialize_some(&fhex::label(*h)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Hex>, D::Error> {
        let l = Option::<alloc::string::String>::deserialize(d)?;
        match l {
            None => Ok(None),
            Some(l) => fhex::parse(&l)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(alloc::format!("bad hex id {l:?}"))),
        }
    }
}

/// One group in a combat: its units, top first, on one set of hexes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// The units taking part (13.11a), top first; the first takes the group's checks.
    pub units: Vec<UnitId>,
    /// The hexes it stood in when the combat was designated (15.1a).
    pub hexes: Vec<HexLabel>,
    /// Hexes of charge or countercharge movement (13.11c).
    pub charged: u8,
    /// The commander whose Combat Bonus it uses (21.2b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<UnitId>,
    /// Its check before combat is not taken (13.5c countercharged cavalry; 17.2a the reacting
    /// cavalry's MC(H)).
    pub checked: bool,
    /// It Retreated Before Close Combat (13.9, 16.1b); also set for a first defender gone
    /// before the dice while committed cavalry fights on (13.8c: no advance into its hex).
    pub retreated: bool,
    /// Committed cavalry (13.8).
    pub committed: bool,
    /// 14.3a: a winning attacking group that took a "D": the guns and unactivated units left
    /// in its hex are Disordered too unless the group advances.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub disorder_left: bool,
    /// Its morale before the checks under way (19.1d: a check is read by what it changed).
    pub before: Morale,
    /// 17.3b: in a hex of moving and stationary units attacked by a Cavalry Reaction, the
    /// moving units (on top of `units`): they take the checks and give the CR; only the
    /// others fire. Empty in every other combat (and against the original group, 17.2d a).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub movers: Vec<UnitId>,
    /// 17.2d (a): the units a mover that stepped out of its group left behind, fighting with
    /// it as the original group: their SP count as if they stood in its hex.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joined: Vec<UnitId>,
}

/// 17.2d: the reacting player's choice against a splitting group, kept for every Cavalry
/// Reaction to the same movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplitChoice {
    /// The mover.
    pub mover: UnitId,
    /// Where it stood and faced when the choice was made.
    pub at: Placed,
    /// Its formation then.
    pub formation: Formation,
    /// (a) the original group (true) or (b) the split one (false).
    pub original: bool,
}

/// A hex serialised by its printed id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexLabel(pub Hex);

impl Serialize for HexLabel {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::super::fhex::label(self.0))
    }
}

impl<'de> Deserialize<'de> for HexLabel {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<HexLabel, D::Error> {
        let l = alloc::string::String::deserialize(d)?;
        super::super::fhex::parse(&l)
            .map(HexLabel)
            .ok_or_else(|| serde::de::Error::custom(alloc::format!("bad hex id {l:?}")))
    }
}

/// Who won a combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Still fighting.
    Open,
    /// The attackers: the defenders are gone (advance, 15.1a).
    Attacker,
    /// The defenders: the attackers are gone (defending cavalry advances, 15.1b).
    Defender,
    /// Neither leaves.
    Neither,
}

/// One close combat (13.6) from designation to its last round, advance and pursuit.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combat {
    /// The attacking groups.
    pub attackers: Vec<Group>,
    /// The defending groups.
    pub defenders: Vec<Group>,
    /// The round (14.5): 1 first.
    pub round: u8,
    /// A combat from a Cavalry Reaction (17.3): the reacting cavalry attacks, the mover's side
    /// defends.
    pub reaction: bool,
    /// The moving unit that triggered a Cavalry Reaction (17.3c).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mover: Option<UnitId>,
    /// The next defending group to be asked about retreating (13.9).
    pub asked: u8,
    /// The passive player has decided on committing cavalry (13.8).
    pub commit_done: bool,
    /// The groups whose owners have been asked for a Combat Bonus (21.2b), attackers first.
    pub bonus_asked: u8,
    /// The attacker's die of the round, once rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<u8>,
    /// The order of the Special Result's MC(G)s (14.8b): (attacker?, group index), worst ER
    /// first; the first is under way.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_order: Vec<(bool, u8)>,
    /// Who won.
    pub outcome: Outcome,
    /// Groups that advanced (15.1), by group index on the winning side, with the hex.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advanced: Vec<(u8, HexLabel)>,
}

/// A pursuit under way (16.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pursuit {
    /// The pursuing units, top first.
    pub units: Vec<UnitId>,
    /// The retreating group's units.
    pub enemy: Vec<UnitId>,
    /// The path of retreat still ahead (16.2b).
    pub path: Vec<HexLabel>,
    /// Pursuit Points left.
    pub pp: u8,
    /// The PP die (F-8.3d reads half of it).
    pub roll: u8,
    /// A Special Pursuit Result (F-8.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<SpecialPursuit>,
    /// A recall has been tried (16.3a).
    pub recall_tried: bool,
    /// The recall succeeded (16.2b condition 4).
    pub recalled: bool,
    /// Its morale and Disorder before the recall check.
    pub before: (Morale, bool),
    /// F-8.3d: the recall check rolled Recall Fails: the group pursues to its last PP, then
    /// is Disordered and loses half the PP die in SP.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub recall_fails: bool,
    /// The hex the pursuit began in (the vacated hex the cavalry advanced into).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<HexLabel>,
    /// PP spent on Pursuit Movement (16.2b: Free Movement needs at least 1).
    #[serde(default)]
    pub spent: u8,
    /// Pursuit Movement ended so that Free Movement may follow (16.2b: the enemy destroyed,
    /// the path blocked or a recall; not when the PP ran out or an enemy ZOC was entered).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub free: bool,
    /// Free Movement has begun (or was passed over).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub free_done: bool,
    /// Facing changes made in Free Movement (16.2b: at most 2).
    #[serde(default)]
    pub turns: u8,
    /// Units put on top of the group at Pursuit Completion (10.6g: each once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reordered: Vec<UnitId>,
}

/// The Close Combat Segment's record (13.0), and the Cavalry Reactions of the Movement Segment
/// (17.1d).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CloseSegment {
    /// The declared attacks, in order (13.1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<Attack>,
    /// Declarations are over (13.1: none may be added).
    pub declared: bool,
    /// The charge under way, by attack index (13.3a: one at a time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charging: Option<u8>,
    /// Units that have attacked or been attacked this segment (13.6d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fought: Vec<UnitId>,
    /// Units that made a Defender's Reaction or a Countercharge this segment (13.4d, 13.5b).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reacted: Vec<UnitId>,
    /// Cavalry that tried a Countercharge: its MC(C) was its MC(B) (13.5c, 13.7a).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub countercharged: Vec<UnitId>,
    /// Designated combats still to fight (13.6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub combats: Vec<Combat>,
    /// The combat under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<Combat>,
    /// The pursuit under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pursuit: Option<Pursuit>,
    /// Pursuits waiting: (pursuing group's units, enemy group's units, hex it advanced from).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pursuits: Vec<(Vec<UnitId>, Vec<UnitId>, HexLabel)>,
    /// Cavalry that has made a Cavalry Reaction this Movement Segment (17.1d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cavalry_reacted: Vec<UnitId>,
    /// 17.2d: the choice made against a splitting group, for the other reactions to the
    /// same movement: the mover, where it stood, and whether the original group is attacked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split_choice: Option<SplitChoice>,
    /// Units that have made their Defensive Fire this segment (13.10c).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defensive_fired: Vec<UnitId>,
    /// The defenders of the combat under way that may make Defensive Fire at its attackers
    /// (13.10a), while the passive player chooses the targets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub df_defenders: Vec<UnitId>,
    /// The Defensive Fire chosen so far for the combat under way: (firing unit, top unit of
    /// the attacking group it fires at) (13.10a, 13.10d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub df_plan: Vec<(UnitId, UnitId)>,
    /// 13.10c: the fires used by units that split their Defensive Fire: a 2-hex Line's firing
    /// hexes, a Square's or a redoubt's lanes (the adjacent hex fired into or through).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub df_slots: Vec<(UnitId, HexLabel)>,
    /// SP those units have fired in Defensive Fire this segment (12.3c: each SP once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub df_spent: Vec<(UnitId, u8)>,
    /// The paths of the Retreats by Routing made in this segment: each routed unit and the
    /// hexes it entered, its last hex last (16.2b: the path a pursuer follows).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rout_paths: Vec<(UnitId, Vec<HexLabel>)>,
}

/// What a continuation does once the checks above it are resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cont {
    /// The attackers' MC(B) (13.2).
    AttackerChecks,
    /// The DC(A) after a charge (13.3f): the next charge.
    NextCharge,
    /// A countercharger's MC(C) (13.5c).
    Countercharge {
        /// The cavalry.
        unit: UnitId,
    },
    /// A Retreat Before Close Combat is over: ask the next group (13.9).
    Retreated,
    /// F-3.7b: the MC(D) Swedish 4-pounders take before they retreat: passed, they go.
    SwedishRetreat {
        /// The gun that took it.
        unit: UnitId,
        /// It was Shaken before the check.
        shaken: bool,
    },
    /// The defenders' MC(B) (13.7).
    DefenderChecks,
    /// Defensive Fire is over (13.10e).
    AfterFire,
    /// The attackers' MC(G) on "M" (14.4b).
    AttackersMg,
    /// The defenders' MC(G) on "M" (14.4b).
    DefendersMg,
    /// The commander checks of a Special Close Combat Result are over (14.8b).
    SpecialStart,
    /// One MC(G) of a Special Close Combat Result (14.8b).
    SpecialMg,
    /// The round's results are carried out (14.2c MC(E), routs).
    RoundOver,
    /// A recall's DC(F) (16.3).
    Recall,
    /// The DC(F) at the end of a pursuit (16.2b).
    PursuitOver,
    /// A Cavalry Reaction's MC(H) (17.2a).
    CavalryReaction {
        /// The reacting cavalry.
        unit: UnitId,
        /// The moving unit.
        mover: UnitId,
    },
    /// F-7.1d C: the Infernal Column turned an R into an M: once the losses are taken, its
    /// MC(G) (`checked` false), then its outcome (`checked` true).
    ColumnMg {
        /// The column is the attacking side.
        attacker: bool,
        /// Its MC(G) has been taken.
        checked: bool,
    },
}

/// A close combat step: a decision, a die, or a continuation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseStep {
    /// A continuation (no decision): runs as soon as it is on top.
    Resume(Cont),
    /// The active player moves the charging cavalry one hex or ends its charge (13.3).
    ChargeMove,
    /// The passive player's Defender's Reactions before the charger's next hex (13.4).
    DefenderReaction,
    /// The passive player may countercharge (13.5).
    Countercharge,
    /// The active player picks the next combat (13.0 step 5).
    ChooseCombat,
    /// The passive player may commit cavalry to the combat (13.8).
    Commit,
    /// The passive player may Retreat Before Close Combat with the next eligible group (13.9).
    Retreat,
    /// The passive player chooses the Defensive Fire at the combat's attackers: which
    /// attacking group a defending hex fires at, and whether passive units outside the
    /// combat with an attacker in their ZOC fire (13.10a, 13.10d).
    DefensiveFire,
    /// A group's owner picks the commander whose Combat Bonus it uses (21.2b).
    Bonus {
        /// The side asked.
        side: Side,
    },
    /// The combat's dice: the attacker's d10, then the defender's (13.11).
    Dice,
    /// The winner advances (15.1).
    Advance {
        /// The advancing side.
        side: Side,
    },
    /// The group that just advanced may turn to any facing (15.1g).
    AdvanceFacing {
        /// The advancing side.
        side: Side,
        /// The unit that advanced (its group turns with it).
        unit: UnitId,
    },
    /// The Pursuit Points die (16.2a); `special` the Special Pursuit die (F-8.4); `reroll` the
    /// PP die rolled again after a special result.
    PursuitDice {
        /// Reading the Special Pursuit Results.
        special: bool,
        /// A re-roll after a special result.
        reroll: bool,
    },
    /// The player whose groups wait to pursue chooses the next one (16.1c).
    ChoosePursuit {
        /// The pursuing side.
        side: Side,
    },
    /// The pursuing player follows the path or tries a recall (16.2b, 16.3).
    Pursue {
        /// The pursuing side.
        side: Side,
    },
    /// After a Special Close Combat Result, the player whose groups are tied on ER picks the
    /// one that takes its MC(G) first among positions `at..at + len` of the order (14.8b).
    SpecialTie {
        /// The tied groups are the attacker's.
        attacker: bool,
        /// The first position of the tie in the MC(G) order.
        at: u8,
        /// How many tied groups are still unordered.
        len: u8,
    },
    /// One change of `mover` set off both a Fire Reaction and a Cavalry Reaction: the passive
    /// player chooses which is conducted first (17.0).
    ReactionOrder {
        /// The unit that moved or changed.
        mover: UnitId,
    },
    /// The pursuing player moves the cavalry with the PP left, turns it, or ends its Free
    /// Movement (16.2b).
    FreeMove {
        /// The pursuing side.
        side: Side,
    },
    /// The pursuing player may put units of the pursuing group on top (10.6g, 16.2c).
    PursuitOrder {
        /// The pursuing side.
        side: Side,
    },
    /// The passive player may make Cavalry Reactions to the unit that just moved (17).
    CavalryReaction {
        /// The moving unit.
        mover: UnitId,
    },
    /// F-7.1d C: the Allied player may turn the Infernal Column's 1R–3R into 1M–3M for 1 SP
    /// more; the round's dice are kept to read the result again.
    ColumnStand {
        /// The column is the attacking side.
        attacker: bool,
        /// The round's dice (attacker's, defender's).
        dice: [u8; 2],
    },
}

/// The Special Pursuit Results (F-8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialPursuit {
    /// F-8.4a: PP rolled again (0 cancels), 2 SP a path hex.
    BloodLust,
    /// F-8.4b: PP rolled again +5; no recall until the end.
    OutOfControl,
    /// F-8.4c: PP rolled again and halved (quartered when Disordered).
    Hesitation,
    /// F-8.4d: no pursuit; the recall check is still taken.
    NoPursuit,
}

impl SpecialPursuit {
    /// The name as F-8.4 prints it.
    pub const fn name(self) -> &'static str {
        match self {
            SpecialPursuit::BloodLust => "Blood Lust",
            SpecialPursuit::OutOfControl => "Out of Control",
            SpecialPursuit::Hesitation => "Hesitation",
            SpecialPursuit::NoPursuit => "No Pursuit",
        }
    }
}
