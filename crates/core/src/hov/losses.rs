//! The arithmetic of battle losses: spreading SP losses over a force's units (¶85, ¶139,
//! ¶162, ¶169, ¶184), the loser's minimum loss (¶146 step 9, ¶205), the SP a counterattacker
//! withholds (¶159), and the Critical Battle test (¶193).

use alloc::vec::Vec;

/// One unit that can take losses, as [`spread`] sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Taker {
    /// Its strength now.
    pub sp: u8,
    /// Takes the first losses (the staked Old Guard, ¶169; artillery first in pursuit, ¶184;
    /// one artillery unit in mud, ¶139; cavalry in March–May and Frost/Snow, §171).
    pub first: bool,
    /// Takes no losses while anything else can (artillery in a Pitched battle unless alone,
    /// ¶162; from bombardment unless alone, ¶158).
    pub last: bool,
}

/// ¶85: `n` SP of losses spread over the units as evenly as possible — each SP goes to the unit
/// that has lost the fewest so far in this spreading, the strongest among those, the first in
/// order among equals (a reading: the text asks for nearly equal losses and leaves the rest to
/// the owner). The first SP comes from a unit marked `first` if there is one; units marked
/// `last` lose only when no other unit can. Returns the SP each unit loses (at most its
/// strength); what cannot be taken is not taken.
pub fn spread(takers: &[Taker], n: u32) -> Vec<u8> {
    let mut lost = alloc::vec![0u8; takers.len()];
    let mut left = n;
    let pick = |lost: &[u8], ok: &dyn Fn(&Taker) -> bool| {
        takers
            .iter()
            .enumerate()
            .filter(|(i, t)| ok(t) && lost[*i] < t.sp)
            .min_by(|(i, a), (j, b)| {
                lost[*i]
                    .cmp(&lost[*j])
                    .then((b.sp - lost[*j]).cmp(&(a.sp - lost[*i])))
                    .then(i.cmp(j))
            })
            .map(|(i, _)| i)
    };
    // ¶139, ¶169, ¶184, §171: the first SP from a unit that must take it.
    if left > 0 {
        if let Some(i) = pick(&lost, &|t: &Taker| t.first) {
            lost[i] += 1;
            left -= 1;
        }
    }
    for last in [false, true] {
        while left > 0 {
            match pick(&lost, &|t: &Taker| t.last == last) {
                Some(i) => {
                    lost[i] += 1;
                    left -= 1;
                }
                None => break,
            }
        }
    }
    lost
}

/// ¶146 step 9, ¶205: the loser's loss is at least the winner's.
pub const fn minimum_loss(loser: u32, winner: u32) -> u32 {
    if loser < winner { winner } else { loser }
}

/// ¶159: a counterattacker that attacks only some hexes of a Multi-Hex Force withholds half
/// the SP in the hexes it leaves alone (rounded up: it must withhold at least half, a reading),
/// at most all it has.
pub fn withheld(unattacked_sp: u32, own_sp: u32) -> u32 {
    unattacked_sp.div_ceil(2).min(own_sp)
}

/// ¶193: after a battle whose loser lost more than three SP, the winner rolls a die and adds
/// his own loss; at or under the loser's loss the morale track moves a space his way.
/// `army_commander` takes one from the total when the winner's Army Commander was with the
/// winning force (§108, Campaign Rules). `None` when no test is made.
pub fn critical(loser_lost: u32, winner_lost: u32, roll: u8, army_commander: bool) -> Option<bool> {
    if loser_lost <= 3 {
        return None;
    }
    let total = i64::from(roll) + i64::from(winner_lost) - i64::from(army_commander);
    Some(total <= i64::from(loser_lost))
}
