//! What a player or the dice do in a Habit of Victory game: every decision of the sequence of
//! play (¶38–¶54) and of the battle procedure (¶146) is an action of the side that makes it,
//! the non-phasing player's included (Forced March, ¶50; counterattack, ¶146 steps 12–19; the
//! secret chit, step 3b; the Pursuit Override, ¶198). Counters are named by index (the
//! manifest's order); hexes by their CCRR ids.

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use super::state::{GarrisonId, LeaderId, UnitId, VedetteId};
use super::types::{Army, Chit};
use crate::dice::Roll;
use crate::hex::{Hex, Hexside};

/// One action.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// A die roll at a chance node (every roll of digest §3.5).
    Roll(Roll),
    /// End what is under way: a segment with nothing more to do, a force's march (¶88), a
    /// pursuit not taken (¶185).
    Done,

    // --- Set-up (§211, §217) ---
    /// Place a vedette on the map: at the start (§217), or from the Vedette Pool with a
    /// reinforcement that entered this phase (§67 2).
    PlaceVedette {
        /// The vedette.
        vedette: VedetteId,
        /// Its hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// §211: the placing side's next bridge train (in id order) sets up on this leader's
    /// track; the trains not placed so stay with its first Force Leader on the map.
    CarryTrain {
        /// The leader.
        leader: LeaderId,
    },

    // --- I.a Administrative Segment (¶42, §30–§33, §53) ---
    /// Flip an army's Supply Source marker to change it (§30).
    BeginSupplyChange {
        /// The army.
        army: Army,
    },
    /// Place an army's Supply Source marker face up on a friendly supply source hex: the end of
    /// a change (§30), or the return of a captured one (§33).
    PlaceSupply {
        /// The army.
        army: Army,
        /// The supply source hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// A garrison joins an infantry unit of its nationality in its hex (§53).
    AbsorbGarrison {
        /// The garrison.
        garrison: GarrisonId,
        /// The unit.
        unit: UnitId,
    },

    // --- I.b Organization Segment (¶43, ¶65–¶79, §19, §22, §52, §54) ---
    /// Move a combat unit to the track of another leader in the same hex (¶73).
    TransferUnit {
        /// The unit.
        unit: UnitId,
        /// The new leader.
        to: LeaderId,
    },
    /// Move strength between two units of one nationality and type in one hex (¶74–¶76).
    TransferSp {
        /// The giving unit.
        from: UnitId,
        /// The receiving unit.
        to: UnitId,
        /// How many SP.
        sp: u8,
    },
    /// Put a Major General in play with these units on his track (¶69), on a Force Leader's
    /// portrait or as a force of his own in the hex.
    ActivateMg {
        /// The Major General.
        mg: LeaderId,
        /// The units he takes.
        units: Vec<UnitId>,
        /// The Force Leader whose portrait he goes on; `None` for a force of his own.
        under: Option<LeaderId>,
    },
    /// Take a Major General out of play, his units to another leader in the hex (¶70).
    DeactivateMg {
        /// The Major General.
        mg: LeaderId,
        /// The leader who takes his units.
        to: LeaderId,
    },
    /// Put a Subordinate Leader on the map as a force of his own (¶80 case 2).
    Detach {
        /// The leader.
        leader: LeaderId,
    },
    /// Put a leader on the portrait of a Force Leader in his hex (¶48, ¶141).
    Attach {
        /// The leader.
        leader: LeaderId,
        /// The Force Leader.
        to: LeaderId,
    },
    /// Create a March Division from a unit's strength, as a detachment (¶66, ¶75).
    CreateMarchDivision {
        /// The March Division counter.
        counter: UnitId,
        /// The unit giving the strength.
        from: UnitId,
        /// The SP taken.
        sp: u8,
        /// The leader on whose track it goes (same hex).
        leader: LeaderId,
    },
    /// A March Division's strength joins a unit of its type and nationality in its hex; the
    /// counter is free again (¶67).
    Incorporate {
        /// The March Division.
        march: UnitId,
        /// The receiving unit.
        into: UnitId,
    },
    /// Put substitute units in play where their organic corps is, taking its strength (§19).
    CreateSubstitutes {
        /// The organic (corps) unit.
        organic: UnitId,
        /// Each substitute and the SP it takes.
        subs: Vec<(UnitId, u8)>,
    },
    /// Rebuild the organic unit from substitutes in its hex, keeping the total SP (§19).
    RecreateOrganic {
        /// The organic unit.
        organic: UnitId,
        /// The substitutes it absorbs.
        subs: Vec<UnitId>,
    },
    /// Create a garrison in a friendly Citadel, Fortified Town or Capital City from 1 or 2 SP
    /// of a unit there (§52).
    CreateGarrison {
        /// The marker.
        garrison: GarrisonId,
        /// The unit giving the SP.
        from: UnitId,
        /// 1 or 2.
        sp: u8,
    },
    /// Put a garrison on a leader's track (§25, §54).
    GarrisonToTrack {
        /// The garrison.
        garrison: GarrisonId,
        /// The leader.
        leader: LeaderId,
    },

    // --- II. Movement (¶86–¶135) ---
    /// Place a reinforcement on the map at its entry hex, or next to it on a later turn
    /// (¶91–¶96).
    Enter {
        /// The reinforcement's Force Leader.
        leader: LeaderId,
        /// The entry hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// Give a force a Movement Command and set it moving (¶98–¶99); a Multi-Hex Force names
    /// the Force Leaders of its other hexes (¶84, ¶120).
    Command {
        /// The Force Leader.
        leader: LeaderId,
        /// The Force Leaders of adjacent hexes under his command.
        parts: Vec<LeaderId>,
    },
    /// Roll for a force's Initiative (¶101–¶108), in the Initiative Movement or Forced March
    /// Segment.
    Initiative {
        /// The Force Leader.
        leader: LeaderId,
        /// The Force Leaders of adjacent hexes under his command.
        parts: Vec<LeaderId>,
    },
    /// Move an Unemployed Leader or a vedette, which need no activation (¶30, §68).
    MoveFree {
        /// A leader, or `None` for a vedette.
        leader: Option<LeaderId>,
        /// The vedette.
        vedette: Option<VedetteId>,
    },
    /// Move the marching force (or the part now moving) one hex (¶109–¶117).
    Step {
        /// The hex entered.
        #[serde(with = "super::hhex")]
        to: Hex,
    },
    /// Declare a repulse of the enemy in an adjacent hex (¶130–¶135).
    Repulse {
        /// The hex of the force to be repulsed.
        #[serde(with = "super::hhex")]
        target: Hex,
    },
    /// Move a Russian force of at most 3 SP by sea from a coastal hex to another (§55–§58),
    /// in the Coalition's Movement Command Segment.
    SeaMove {
        /// Its Force Leader.
        leader: LeaderId,
        /// The coastal hex it lands on.
        #[serde(with = "super::hhex")]
        to: Hex,
    },
    /// Deploy a bridge train of the marching force as a pontoon across a river hexside of its
    /// hex (`deploy`), or take up the friendly pontoon it has just crossed (¶142, §158, reading
    /// C2).
    Pontoon {
        /// The river hexside.
        side: Hexside,
        /// Deploy (else take up).
        deploy: bool,
    },
    /// Drop a Subordinate Leader off in the hex the Force Leader is passing (¶81).
    DropOff {
        /// The Subordinate Leader.
        leader: LeaderId,
    },

    // --- II.e Consolidation, II.f Bridges (¶48, ¶49, ¶141, ¶142) ---
    /// Name the Force Leader of a hex holding several forces (¶48, ¶141).
    Consolidate {
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
        /// Its Force Leader.
        leader: LeaderId,
    },
    /// Break a bridge next to a force (¶49).
    DamageBridge {
        /// The bridge hexside.
        side: Hexside,
    },
    /// Repair a broken bridge next to a force (¶49).
    RepairBridge {
        /// The bridge hexside.
        side: Hexside,
    },

    // --- III.b Battle Resolution (¶144–¶206, §44) ---
    /// Designate an attacking force and the hexes it attacks (¶146 steps 1–2, ¶151–¶153), or
    /// a counterattack (steps 12–13, ¶159, ¶199–¶201).
    Attack {
        /// The Force Leader.
        leader: LeaderId,
        /// The Force Leaders of the other hexes of his force.
        parts: Vec<LeaderId>,
        /// The hexes attacked.
        #[serde(with = "super::hhex::vec")]
        hexes: Vec<Hex>,
    },
    /// A phasing garrison on the map attacks an adjacent enemy hex on its own, a separate force
    /// (§36 1, §24); a Bridgehead Citadel's garrison may attack across its bridge (§43 2).
    GarrisonAttack {
        /// The garrison.
        garrison: GarrisonId,
        /// The hex attacked.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// A phasing Force attacks an adjacent hex held only by enemy vedettes (§73 2).
    AttackVedette {
        /// The Force Leader.
        leader: LeaderId,
        /// The vedette's hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// A phasing vedette alone in its hex attacks an adjacent enemy hex (§72, §74 2).
    VedetteAttack {
        /// The vedette.
        vedette: VedetteId,
        /// The hex attacked.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// Begin masking an enemy-occupied fort (§44).
    Mask {
        /// The fort.
        #[serde(with = "super::hhex")]
        fort: Hex,
    },
    /// Choose the battle chit in secret (¶146 step 3b).
    Chit(Chit),
    /// Stake the Old Guard this round, or not (¶167–¶168).
    Stake(bool),
    /// Add (+1), subtract (−1) or ignore (0) the attacking Force Leader's bonus after seeing
    /// the die (¶36, ¶170).
    Bonus(i8),
    /// Override the phasing player's Pitched chit with the defender's Pursuit (¶198), or not.
    Override(bool),
    /// Retreat one hex, where the priorities of ¶174 leave a choice.
    RetreatTo {
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// Napoleon is captured: the Coalition player ends the game as his Operational Victory
    /// (`true`) or takes two spaces of Paris Morale (`false`), ¶194 2.
    NapoleonCaptured {
        /// End the game.
        end_game: bool,
    },
    /// Stop the pursuit at this hex of the path of retreat (¶179 1).
    PursueTo {
        /// The hex.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
    /// Pursue with this leader's part of the winning force (¶179, ¶186); `Done` declines.
    Pursue {
        /// The pursuing leader.
        leader: LeaderId,
    },
    /// ¶201: a counterattacking Multi-Hex Force splits its counterattack: the leader of each
    /// of its hexes (the Force Leader first) counterattacks the hex at the same place in
    /// `hexes`, one after the other, no hex twice.
    SplitCounter {
        /// The Force Leader, then the Force Leaders of his other hexes.
        leaders: Vec<LeaderId>,
        /// The attacking hex each of them counterattacks.
        #[serde(with = "super::hhex::vec")]
        hexes: Vec<Hex>,
    },
    /// ¶178: before a beaten attacker retreats, these unengaged forces next to the defender
    /// join its retreat (none: an empty list).
    JoinRetreat {
        /// Their Force Leaders.
        leaders: Vec<LeaderId>,
    },
    /// Drop a Subordinate Leader of the pursuing Force Leader off at a hex of the path of
    /// pursuit (¶179 2, ¶81 2).
    PursuitDrop {
        /// The Subordinate Leader.
        leader: LeaderId,
        /// The hex of the path.
        #[serde(with = "super::hhex")]
        hex: Hex,
    },
}

impl Action {
    /// The action's name as its JSON spells it (`"command"`, `"step"`, `"done"`), for
    /// refusals that name what was tried without Rust's debug form.
    pub fn name(&self) -> &'static str {
        match self {
            Action::Roll(..) => "roll",
            Action::Done => "done",
            Action::PlaceVedette { .. } => "place_vedette",
            Action::CarryTrain { .. } => "carry_train",
            Action::BeginSupplyChange { .. } => "begin_supply_change",
            Action::PlaceSupply { .. } => "place_supply",
            Action::AbsorbGarrison { .. } => "absorb_garrison",
            Action::TransferUnit { .. } => "transfer_unit",
            Action::TransferSp { .. } => "transfer_sp",
            Action::ActivateMg { .. } => "activate_mg",
            Action::DeactivateMg { .. } => "deactivate_mg",
            Action::Detach { .. } => "detach",
            Action::Attach { .. } => "attach",
            Action::CreateMarchDivision { .. } => "create_march_division",
            Action::Incorporate { .. } => "incorporate",
            Action::CreateSubstitutes { .. } => "create_substitutes",
            Action::RecreateOrganic { .. } => "recreate_organic",
            Action::CreateGarrison { .. } => "create_garrison",
            Action::GarrisonToTrack { .. } => "garrison_to_track",
            Action::Enter { .. } => "enter",
            Action::Command { .. } => "command",
            Action::Initiative { .. } => "initiative",
            Action::MoveFree { .. } => "move_free",
            Action::Step { .. } => "step",
            Action::Repulse { .. } => "repulse",
            Action::SeaMove { .. } => "sea_move",
            Action::Pontoon { .. } => "pontoon",
            Action::DropOff { .. } => "drop_off",
            Action::Consolidate { .. } => "consolidate",
            Action::DamageBridge { .. } => "damage_bridge",
            Action::RepairBridge { .. } => "repair_bridge",
            Action::Attack { .. } => "attack",
            Action::GarrisonAttack { .. } => "garrison_attack",
            Action::AttackVedette { .. } => "attack_vedette",
            Action::VedetteAttack { .. } => "vedette_attack",
            Action::Mask { .. } => "mask",
            Action::Chit(..) => "chit",
            Action::Stake(..) => "stake",
            Action::Bonus(..) => "bonus",
            Action::Override(..) => "override",
            Action::RetreatTo { .. } => "retreat_to",
            Action::NapoleonCaptured { .. } => "napoleon_captured",
            Action::PursueTo { .. } => "pursue_to",
            Action::Pursue { .. } => "pursue",
            Action::SplitCounter { .. } => "split_counter",
            Action::JoinRetreat { .. } => "join_retreat",
            Action::PursuitDrop { .. } => "pursuit_drop",
        }
    }
}
