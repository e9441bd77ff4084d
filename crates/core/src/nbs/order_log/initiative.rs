//! Who may roll for initiative (10.2c, 10.2d), and the Austerlitz command rules around it:
//! the Emperors' and Buxhowden's free rolls (AUS 3.2a, 3.2c), the Allied seniority list for
//! army command (AUS 3.3) and the penalty while Francis commands (AUS 3.5).

use alloc::format;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::nbs::tables::InitiativeResult;
use crate::nbs::types::CommandError;

/// A leader's place in the chain of command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Echelon {
    /// The army commander.
    Army,
    /// A wing commander.
    Wing,
    /// A corps commander.
    Corps,
    /// A division commander.
    Division,
}

impl Echelon {
    /// Whether leaders of this echelon may roll for initiative (10.2c): wing, corps and
    /// division leaders may; the army commander gives formal orders only.
    pub fn may_use_initiative(self) -> Result<(), CommandError> {
        match self {
            Echelon::Army => Err(CommandError::new(
                "10.2c",
                "the army commander issues formal orders only and cannot use initiative",
            )),
            _ => Ok(()),
        }
    }
}

/// A nation of the Austerlitz armies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Nationality {
    /// French.
    French,
    /// Russian.
    Russian,
    /// Austrian.
    Austrian,
}

/// The two Allied Emperors (AUS 3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Emperor {
    /// Tsar Alexander I (Russian).
    Alexander,
    /// Kaiser Francis I (Austrian).
    Francis,
}

impl Emperor {
    /// The nation whose commanders he may order (AUS 3.2a).
    pub fn nationality(self) -> Nationality {
        match self {
            Emperor::Alexander => Nationality::Russian,
            Emperor::Francis => Nationality::Austrian,
        }
    }
}

/// A leader whose initiative roll is outside the one-attempt-per-formation limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FreeRoller {
    /// An Emperor (AUS 3.2a).
    Emperor(Emperor),
    /// Buxhowden, for the Left Wing column he is stacked with (AUS 3.2c).
    Buxhowden,
}

/// Added to every Allied leader's Initiative Points while Francis holds army command
/// (AUS 3.5; the series table reads points, so the penalty goes on the points).
pub const FRANCIS_INITIATIVE_MODIFIER: i8 = -2;

/// A leader's Initiative Points (10.2d): his rating plus any anti-initiative affecting him
/// (10.2e; none at Austerlitz, AUS 2.5, 3.5), and the AUS 3.5 penalty when Francis commands
/// (pass `francis_in_command` for Allied leaders only).
pub fn initiative_points(rating: u8, anti_initiative: i8, francis_in_command: bool) -> i8 {
    let f = if francis_in_command {
        FRANCIS_INITIATIVE_MODIFIER
    } else {
        0
    };
    let ip = i16::from(rating) + i16::from(anti_initiative) + i16::from(f);
    ip.clamp(i16::from(i8::MIN), i16::from(i8::MAX)) as i8
}

/// The Allied leaders who may take army command, most senior first (AUS 3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AlliedLeader {
    /// Prince Katusov, the army commander.
    Katusov,
    /// Tsar Alexander I.
    Alexander,
    /// Kaiser Francis I.
    Francis,
    /// Liechtenstein.
    Liechtenstein,
    /// Bagration.
    Bagration,
    /// Buxhowden.
    Buxhowden,
    /// Kollowrath.
    Kollowrath,
}

/// The AUS 3.3 seniority list.
pub const ALLIED_SENIORITY: [AlliedLeader; 7] = [
    AlliedLeader::Katusov,
    AlliedLeader::Alexander,
    AlliedLeader::Francis,
    AlliedLeader::Liechtenstein,
    AlliedLeader::Bagration,
    AlliedLeader::Buxhowden,
    AlliedLeader::Kollowrath,
];

/// Who commands the Allied army (AUS 3.3): the most senior of the list not lost. `None` if
/// all seven are lost.
pub fn allied_army_commander(lost: &[AlliedLeader]) -> Option<AlliedLeader> {
    ALLIED_SENIORITY.into_iter().find(|l| !lost.contains(l))
}

/// Whether Francis holds Allied army command (AUS 3.5): Katusov and Alexander are both lost
/// and he is not.
pub fn francis_in_command(lost: &[AlliedLeader]) -> bool {
    allied_army_commander(lost) == Some(AlliedLeader::Francis)
}

/// The initiative attempts of one side in one turn (10.2c), and the Austerlitz free rolls.
///
/// Formations are the caller's formation indices. A corps (or wing) leader's roll covers
/// every division of his that has not had an attempt this turn; after it no division leader
/// of that corps may roll. A division leader may roll only while his division has had no
/// attempt.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InitiativeAttempts {
    /// The turn these attempts belong to.
    pub turn: u16,
    /// Corps (or wing) formations whose leader rolled.
    corps: Vec<u16>,
    /// Divisions that have had an attempt, by their own leader or their corps leader.
    divisions: Vec<u16>,
    /// Free rolls used.
    free: Vec<FreeRoller>,
    /// Successful royal rolls whose order is not yet written.
    royal_grants: Vec<Emperor>,
    /// The Left Wing column Buxhowden commands this turn (AUS 3.2c).
    buxhowden_column: Option<u16>,
}

impl InitiativeAttempts {
    /// No attempts yet on `turn`.
    pub fn new(turn: u16) -> InitiativeAttempts {
        InitiativeAttempts {
            turn,
            ..InitiativeAttempts::default()
        }
    }

    /// Sets the column (formation index) Buxhowden is stacked with this Command Phase, which
    /// he commands instead of its own leader (AUS 3.2c); `None` if he is not with one (or is
    /// lost).
    pub fn set_buxhowden_column(&mut self, column: Option<u16>) {
        self.buxhowden_column = column;
    }

    /// The column Buxhowden commands this turn.
    pub fn buxhowden_column(&self) -> Option<u16> {
        self.buxhowden_column
    }

    /// Whether the leader of `corps` may roll (10.2c), and if so which of `divisions` (the
    /// corps' divisions) the roll covers: all those without an attempt this turn.
    pub fn corps_may_roll(&self, corps: u16, divisions: &[u16]) -> Result<Vec<u16>, CommandError> {
        if self.corps.contains(&corps) {
            return Err(CommandError::new(
                "10.2c",
                "this corps leader has already rolled for initiative this turn",
            ));
        }
        let open: Vec<u16> = divisions
            .iter()
            .copied()
            .filter(|d| !self.divisions.contains(d))
            .collect();
        if open.is_empty() && !divisions.is_empty() {
            return Err(CommandError::new(
                "10.2c",
                "every division of this corps has already had its initiative attempt this turn",
            ));
        }
        Ok(open)
    }

    /// Records a corps leader's roll; returns the divisions it covers (see
    /// [`InitiativeAttempts::corps_may_roll`]).
    pub fn record_corps(
        &mut self,
        corps: u16,
        divisions: &[u16],
    ) -> Result<Vec<u16>, CommandError> {
        let open = self.corps_may_roll(corps, divisions)?;
        self.corps.push(corps);
        self.divisions.extend_from_slice(&open);
        Ok(open)
    }

    /// Whether the leader of `division` (of `corps`, if it has one) may roll (10.2c): not
    /// after his corps leader, not twice, and not the column commander Buxhowden supplants
    /// (AUS 3.2c).
    pub fn division_may_roll(&self, corps: Option<u16>, division: u16) -> Result<(), CommandError> {
        if corps.is_some_and(|c| self.corps.contains(&c)) {
            return Err(CommandError::new(
                "10.2c",
                "the corps leader has rolled for initiative this turn; his division leaders may not",
            ));
        }
        if self.divisions.contains(&division) {
            return Err(CommandError::new(
                "10.2c",
                "this division has already had its initiative attempt this turn",
            ));
        }
        if self.buxhowden_column == Some(division) {
            return Err(CommandError::new(
                "AUS 3.2c",
                "Buxhowden commands this column this turn; its own commander may not roll",
            ));
        }
        Ok(())
    }

    /// Records a division leader's roll.
    pub fn record_division(
        &mut self,
        corps: Option<u16>,
        division: u16,
    ) -> Result<(), CommandError> {
        self.division_may_roll(corps, division)?;
        self.divisions.push(division);
        Ok(())
    }

    /// Whether a free roll is still available this turn: each Emperor once (AUS 3.2a),
    /// Buxhowden once while he commands a column (AUS 3.2c). A free roll does not use up any
    /// formation's attempt.
    pub fn free_roll_allowed(&self, who: FreeRoller) -> Result<(), CommandError> {
        let rule = match who {
            FreeRoller::Emperor(_) => "AUS 3.2a",
            FreeRoller::Buxhowden => "AUS 3.2c",
        };
        if self.free.contains(&who) {
            return Err(CommandError::new(
                rule,
                format!("{who:?} has already made his free initiative roll this turn"),
            ));
        }
        if who == FreeRoller::Buxhowden && self.buxhowden_column.is_none() {
            return Err(CommandError::new(
                "AUS 3.2c",
                "Buxhowden rolls for the Left Wing column he is stacked with, and he is with none",
            ));
        }
        Ok(())
    }

    /// Records a free roll and its result. An Emperor's success grants one royal order
    /// (AUS 3.2a), written with [`super::OrderLog::issue_royal`]. A loose cannon for Buxhowden
    /// strikes only his column (AUS 3.2c); what a loose cannon means for an Emperor the rules
    /// leave open (only variant AUS 4.1a defines one), so the caller decides.
    pub fn record_free_roll(
        &mut self,
        who: FreeRoller,
        result: InitiativeResult,
    ) -> Result<(), CommandError> {
        self.free_roll_allowed(who)?;
        self.free.push(who);
        if let (FreeRoller::Emperor(e), InitiativeResult::Initiative) = (who, result) {
            self.royal_grants.push(e);
        }
        Ok(())
    }

    /// Whether the Emperor holds an unused royal order this turn.
    pub fn has_royal_grant(&self, emperor: Emperor) -> bool {
        self.royal_grants.contains(&emperor)
    }

    /// Uses up the Emperor's royal order (AUS 3.2a: one order per successful roll).
    pub fn take_royal_grant(&mut self, emperor: Emperor) -> Result<(), CommandError> {
        let i = self
            .royal_grants
            .iter()
            .position(|&e| e == emperor)
            .ok_or_else(|| {
                CommandError::new(
                    "AUS 3.2a",
                    format!(
                        "{emperor:?} has no successful initiative roll this turn to give an order with"
                    ),
                )
            })?;
        self.royal_grants.remove(i);
        Ok(())
    }
}
