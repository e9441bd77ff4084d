//! ¶101–¶107, ¶126–¶127: activation by Initiative. The modified die against the Force Leader's
//! Initiative gives what the force may spend (digest §5.6, derived from ¶102–¶104); exiting an
//! enemy ZOC adds the Resistance Modifier and the Cavalry Differential, which together never
//! make the roll better than it would be away from the enemy (¶127).

use super::super::types::Mp;

/// ¶127: the Cavalry Differential, shared with the pursuit (combat/retreat.rs).
pub use super::super::types::cavalry_advantage;

/// What a force may spend after its Initiative roll (¶102–¶104).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Allowance {
    /// Its full Movement Allowance (roll under the Initiative; ¶104's exception).
    Full,
    /// One MP less than its allowance (roll equal to the Initiative, ¶102).
    LessOne,
    /// Exactly one MP, and no hex that costs more (one or two over, ¶103).
    OneMp,
    /// Nothing this phase or segment (more than two over, ¶104).
    None,
}

impl Allowance {
    /// The MP this allows out of a printed allowance `ma`.
    pub fn of(self, ma: Mp) -> Mp {
        match self {
            Allowance::Full => ma,
            Allowance::LessOne => ma.minus(Mp::ONE),
            Allowance::OneMp => Mp::ONE.min(ma),
            Allowance::None => Mp::ZERO,
        }
    }
}

/// ¶102–¶104: the outcome of a modified Initiative roll `modified` against Initiative
/// `initiative`. ¶104's exception — a leader of Initiative 1 moves his full allowance on a
/// roll of one — reads the modified roll, the number every other case reads (a reading; the
/// modifiers of ¶127 can only make it worse, so a natural 1 is a modified 1 away from the
/// enemy).
pub fn allowance(modified: i16, initiative: u8) -> Allowance {
    let i = i16::from(initiative);
    if modified < i || (initiative == 1 && modified == 1) {
        Allowance::Full
    } else if modified == i {
        Allowance::LessOne
    } else if modified <= i + 2 {
        Allowance::OneMp
    } else {
        Allowance::None
    }
}

/// ¶106, ¶127: the modifier of a roll to leave an enemy ZOC (or to pursue, ¶190): the
/// Resistance Modifier from the Initiative Comparison Matrix plus the Cavalry Differential (the
/// moving side's advantage lowers the die, the enemy's raises it, the ¶127 example). Leaving a
/// ZOC it never goes below zero (¶127: never better than away from the enemy).
pub fn exit_modifier(resistance: i8, cavalry_advantage: i8, exiting: bool) -> i8 {
    let m = resistance - cavalry_advantage;
    if exiting { m.max(0) } else { m }
}
