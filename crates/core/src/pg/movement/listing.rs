//! The Movement Phase listing kept up to date from one step to the next (7.3, the hot path of
//! random play and search).
//!
//! Listing the legal actions of normal movement judges six steps of every counter that may
//! move. Between two listings of a game usually one counter has moved one hex, and a step's
//! verdict depends only on
//!
//! * the counter itself (its hex, MP, morale, command and column state),
//! * the counters within two hexes of it: a step reads the hex entered and the zones of
//!   control reaching it (6.1), and leaving an EZOC asks whether an Engaged, Formed enemy
//!   cavalry unit stands next to the counter (7.5.3), which asks whether that unit is in an
//!   EZOC (6.2);
//! * within three hexes when the step would overstack an EZOC hex for a Fast unit (5.3): the
//!   same 7.5.3 question is then asked about the hex entered. The mask records when it may
//!   be asked (see [`FAR`]);
//! * and what is not a counter: phase, activation, command states, Locked markers (6.3) and
//!   the rest of the position.
//!
//! Of the counters within two hexes, only enemy units are read at that distance (their zones
//! of control reach the hex entered, 6.1), except when the counter stands in an EZOC: leaving
//! it asks whether the enemy cavalry next to it is Engaged, which depends on the friendly
//! units next to that cavalry (7.5.3). The slot records that case ([`NEAR_FRIENDS`]); a
//! friendly unit otherwise matters only in the counter's hex or the one entered.
//!
//! The other per-counter answers of the listing are kept in the same slot: whether the
//! counter may begin a move (7.3), be put on top of its stack (5.4: its own hex and the EZOC
//! there), and whether its hex breaks the stacking limits (5.1, 5.2: its own hex). They
//! read no more than the steps do.
//!
//! So [`Listed`] keeps the position it last listed, a whole-position occupancy index kept up
//! to date unit by unit, and each counter's slot. A new position that differs only in its
//! counters re-judges the counters that changed and those within reach of a hex a unit left
//! or entered; any other difference starts afresh. The answers are those of a full listing,
//! in the same order: `tests/pg_random.rs` compares the two at every step of random play in
//! every scenario.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::query::Occ;
use crate::engine::Memo;
use crate::hex::{Bounds, Direction, Hex};
use crate::pg::Pg;
use crate::pg::state::{Off, Piece, State};

/// The memo of the last Movement Phase listing (see the module text). When another thread
/// holds it, the listing is worked out without it.
pub(crate) type ListMemo = Memo<Option<Listed>>;

/// A counter's slot. Bit `d`: the step in direction `d` is legal. Bit `BELOW + d`: it may also
/// end beneath the friendly stack there (5.4).
const BELOW: u32 = 6;
/// The counter may move now (7.3); the step bits are set only then. It may begin a move
/// when it has not moved this phase too (`Pg::starters`).
pub(crate) const MAY_MOVE: u32 = 1 << 12;
/// The unit may be put on top of its stack (5.4).
pub(crate) const TO_TOP: u32 = 1 << 13;
/// The unit belongs to the Active player and its hex breaks the stacking limits (5.1, 5.2).
pub(crate) const OVER: u32 = 1 << 14;
/// Judging the steps may read counters three hexes away (see the module text).
const FAR: u32 = 1 << 15;
/// Judging the steps reads friendly units two hexes away (see the module text).
const NEAR_FRIENDS: u32 = 1 << 16;
/// Nothing in the slot depends on other counters: a unit of the other side or off the map,
/// or a leader that may not move. Only a change of the counter itself or of the frame
/// changes it.
const INERT: u32 = 1 << 17;
/// The slot has been worked out.
const KNOWN: u32 = 1 << 31;

/// How far a step's verdict reaches from the counter's hex for a changed enemy unit, for a
/// changed friendly unit (and for an enemy one when the slot has [`NEAR_FRIENDS`]), and for
/// any unit when the slot has [`FAR`] (see the module text).
const ENEMY_REACH: u32 = 2;
const FRIEND_REACH: u32 = 1;
const FAR_REACH: u32 = 3;

/// More hexes than this changed at once: judging every counter again is as cheap.
const MAX_DIRTY: usize = 12;

/// Each counter's slot (see [`MAY_MOVE`] and the other bits); 0 until worked out.
#[derive(Debug)]
pub(crate) struct Slots {
    units: Vec<u32>,
    leaders: Vec<u32>,
}

impl Slots {
    fn new(s: &State) -> Slots {
        Slots {
            units: alloc::vec![0; s.units.len()],
            leaders: alloc::vec![0; s.leaders.len()],
        }
    }

    fn clear(&mut self, s: &State) {
        self.units.clear();
        self.units.resize(s.units.len(), 0);
        self.leaders.clear();
        self.leaders.resize(s.leaders.len(), 0);
    }

    /// The slot of `p`, worked out now if it is not known.
    fn get(&mut self, pg: &Pg, s: &State, occ: &Occ, p: Piece) -> u32 {
        let slot = match p {
            Piece::Unit(u) => &mut self.units[usize::from(u)],
            Piece::Leader(l) => &mut self.leaders[usize::from(l)],
        };
        if *slot & KNOWN == 0 {
            *slot = pg.piece_slot(s, occ, p);
        }
        *slot
    }
}

/// The position last listed, its occupancy, and each counter's step verdicts.
#[derive(Debug)]
pub(crate) struct Listed {
    state: State,
    occ: Occ,
    slots: Slots,
}

/// Whether two positions agree in everything but their counters and what no step verdict
/// reads: the moving counter and the stack-order keys. Every field is named, so a new field
/// of [`State`] has to be placed on one side or the other here.
fn same_frame(a: &State, b: &State) -> bool {
    let State {
        turn,
        active,
        phase,
        units: _,
        leaders: _,
        armies,
        groups,
        det_active,
        det_cdoa_used,
        wing_rescued,
        wing_ic,
        wing_fd_tried,
        wing_deployed,
        wing_caught,
        special_done,
        locked,
        bombarded,
        mover: _,
        pending,
        bombard,
        combat,
        top_key: _,
        bottom_key: _,
    } = a;
    *turn == b.turn
        && *active == b.active
        && *phase == b.phase
        && a.units.len() == b.units.len()
        && a.leaders.len() == b.leaders.len()
        && *armies == b.armies
        && *groups == b.groups
        && *det_active == b.det_active
        && *det_cdoa_used == b.det_cdoa_used
        && *wing_rescued == b.wing_rescued
        && *wing_ic == b.wing_ic
        && *wing_fd_tried == b.wing_fd_tried
        && *wing_deployed == b.wing_deployed
        && *wing_caught == b.wing_caught
        && *special_done == b.special_done
        && *locked == b.locked
        && *bombarded == b.bombarded
        && *pending == b.pending
        && *bombard == b.bombard
        && *combat == b.combat
}

impl Listed {
    fn new(pg: &Pg, s: &State) -> Listed {
        let mut occ = pg.occupancy(s);
        pg.refill_whole(s, &mut occ, Some(board_box(pg)));
        Listed {
            state: s.clone(),
            occ,
            slots: Slots::new(s),
        }
    }

    /// Starts afresh from `s`, reusing the buffers.
    fn reset(&mut self, pg: &Pg, s: &State) {
        self.state.clone_from(s);
        pg.refill_whole(s, &mut self.occ, Some(board_box(pg)));
        self.slots.clear(s);
    }

    /// Brings the memo to `s`: the occupancy follows the units that changed, and the verdicts
    /// that may depend on a change are forgotten.
    fn update(&mut self, pg: &Pg, s: &State) {
        if !same_frame(&self.state, s) {
            self.reset(pg, s);
            return;
        }
        // The hexes units left or entered, each with the sides (bit per side) that did.
        let mut dirty = [(Hex::new(0, 0), 0u8); MAX_DIRTY];
        let mut n = 0;
        let mut afresh = false;
        for (i, (old, new)) in self.state.units.iter().zip(&s.units).enumerate() {
            if old == new {
                continue;
            }
            if new.off == Off::No && !self.occ.spans(new.hex) {
                afresh = true;
                break;
            }
            self.occ.mark(pg, i, old, false);
            self.occ.mark(pg, i, new, true);
            self.slots.units[i] = 0;
            let side = 1u8 << pg.pieces.units[i].side.index();
            for u in [old, new] {
                if u.off != Off::No {
                    continue;
                }
                if let Some(e) = dirty[..n].iter_mut().find(|e| e.0 == u.hex) {
                    e.1 |= side;
                } else if n == MAX_DIRTY {
                    afresh = true;
                    break;
                } else {
                    dirty[n] = (u.hex, side);
                    n += 1;
                }
            }
            if afresh {
                break;
            }
        }
        if afresh {
            self.reset(pg, s);
            return;
        }
        let dirty = &dirty[..n];
        for &(h, _) in dirty {
            self.occ.refresh_top(s, h);
        }
        // Whether a counter of side bit `mine` in `h` with slot `m` may read a dirty hex.
        let near = |m: u32, mine: u8, h: Hex| {
            dirty.iter().any(|&(d, sides)| {
                let reach = if m & FAR != 0 {
                    FAR_REACH
                } else if sides & !mine != 0 || m & NEAR_FRIENDS != 0 {
                    ENEMY_REACH
                } else {
                    FRIEND_REACH
                };
                d.distance(h) <= reach
            })
        };
        for (i, (old, new)) in self.state.leaders.iter().zip(&s.leaders).enumerate() {
            let m = &mut self.slots.leaders[i];
            let live = *m != 0 && *m & INERT == 0;
            if old != new || live && near(*m, 1 << pg.pieces.leaders[i].side.index(), new.hex) {
                *m = 0;
            }
        }
        if !dirty.is_empty() {
            for (i, (m, u)) in self.slots.units.iter_mut().zip(&s.units).enumerate() {
                if *m != 0
                    && *m & INERT == 0
                    && near(*m, 1 << pg.pieces.units[i].side.index(), u.hex)
                {
                    *m = 0;
                }
            }
        }
        // Only the counters and the fields `same_frame` leaves out can differ.
        self.state.units.clone_from(&s.units);
        self.state.leaders.clone_from(&s.leaders);
        self.state.mover = s.mover;
        self.state.top_key = s.top_key;
        self.state.bottom_key = s.bottom_key;
    }
}

/// The map's box with a ring around it: every counter on the map and its zone of control.
fn board_box(pg: &Pg) -> Bounds {
    let b = pg.board.bounds();
    Bounds {
        min: Hex::new(b.min.q.saturating_sub(1), b.min.r.saturating_sub(1)),
        max: Hex::new(b.max.q.saturating_add(1), b.max.r.saturating_add(1)),
    }
}

/// Where the listing reads its verdicts: the memo, or slots worked out for this listing alone.
pub(crate) enum Verdicts<'a> {
    Kept(&'a mut Listed),
    Fresh(alloc::boxed::Box<(Occ, Slots)>),
}

impl Verdicts<'_> {
    /// The whole-position occupancy of the position listed.
    pub(crate) fn occ(&self) -> &Occ {
        match self {
            Verdicts::Kept(l) => &l.occ,
            Verdicts::Fresh(f) => &f.0,
        }
    }

    /// The slot of `p` (see [`MAY_MOVE`] and the other bits).
    pub(crate) fn slot(&mut self, pg: &Pg, s: &State, p: Piece) -> u32 {
        match self {
            Verdicts::Kept(l) => l.slots.get(pg, s, &l.occ, p),
            Verdicts::Fresh(f) => {
                let (occ, slots) = &mut **f;
                slots.get(pg, s, occ, p)
            }
        }
    }

    /// The steps of `p` (see [`step_bits`]), judged now when its slot has none because it
    /// may not begin a move (the moving counter).
    pub(crate) fn steps(&mut self, pg: &Pg, s: &State, p: Piece) -> u32 {
        let m = self.slot(pg, s, p);
        if m & MAY_MOVE != 0 {
            m
        } else {
            pg.step_mask(s, self.occ(), p)
        }
    }
}

/// Whether the step in direction `d` is set in `mask`, and whether beneath the stack too.
pub(crate) fn step_bits(mask: u32, d: Direction) -> (bool, bool) {
    let i = u32::from(d.index());
    (mask & (1 << i) != 0, mask & (1 << (BELOW + i)) != 0)
}

impl Pg {
    /// Works out the slot of `p` (see [`MAY_MOVE`] and the other bits).
    pub(crate) fn piece_slot(&self, s: &State, occ: &Occ, p: Piece) -> u32 {
        let mut m = KNOWN;
        if let Piece::Unit(u) = p {
            let x = &s.units[usize::from(u)];
            if x.off != Off::No || self.pieces.units[usize::from(u)].side != s.active {
                return KNOWN | INERT;
            }
            if self.may_to_top(s, occ, u) {
                m |= TO_TOP;
            }
            if !self.stacking_ok_in(occ, x.hex) {
                m |= OVER;
            }
        }
        if self.piece_may_start(s, p) {
            m |= MAY_MOVE | self.step_mask(s, occ, p);
        } else if let Piece::Leader(_) = p {
            m |= INERT;
        }
        m
    }

    /// Judges the six steps of `p` (see [`step_bits`]), with the [`FAR`] and
    /// [`NEAR_FRIENDS`] bits of what the judgement read.
    pub(crate) fn step_mask(&self, s: &State, occ: &Occ, p: Piece) -> u32 {
        let start = self.step_start(s, occ, p);
        let mut mask = 0;
        // 7.5.3: leaving the EZOC asks about the enemy cavalry next to the unit, Engaged by
        // the friendly units next to it.
        if matches!(p, Piece::Unit(_)) && start.in_ezoc_now {
            mask |= NEAR_FRIENDS;
        }
        // 5.3 with 7.5.3: a Fast unit that would overstack an EZOC hex is asked about the
        // enemy cavalry next to that hex (`check_step_from`), three hexes from its own.
        let fast = match p {
            Piece::Unit(u) => {
                !self.params.stacking_each_step
                    && self.is_combat(u)
                    && self.pieces.units[usize::from(u)].fast
            }
            Piece::Leader(_) => false,
        };
        for d in Direction::ALL {
            if let (true, Piece::Unit(u)) = (fast, p) {
                let to = start.from.neighbor(d);
                if occ.ezoc(self, start.side, to) && self.overstacks_in(s, occ, u, to).is_some() {
                    mask |= FAR;
                }
            }
            if self.check_step_from(s, occ, &start, d).is_ok() {
                let i = u32::from(d.index());
                mask |= 1 << i;
                if matches!(p, Piece::Unit(_))
                    && occ.has_units(self, s.active, start.from.neighbor(d))
                {
                    mask |= 1 << (BELOW + i);
                }
            }
        }
        mask
    }

    /// Runs `f` with the kept whole-position index when the memo was last brought to a
    /// position whose units are those of `s` (the usual case when an action just listed is
    /// applied), else with `None`. The memo is not changed.
    pub(crate) fn with_kept_occ<T>(&self, s: &State, f: impl FnOnce(Option<&Occ>) -> T) -> T {
        let memo = self.list_memo.try_lock();
        // An element loop: `l.state.units == s.units` measured about 5% slower in `pg_speed`
        // (Rossbach, 255k against 270k steps/s).
        let kept = memo.as_ref().and_then(|m| m.as_ref()).filter(|l| {
            l.state.units.len() == s.units.len()
                && l.state.units.iter().zip(&s.units).all(|(a, b)| a == b)
        });
        f(kept.map(|l| &l.occ))
    }

    /// The index for the questions about the hexes around `center`: `kept` (the listing's
    /// whole-position index, see [`with_kept_occ`](Self::with_kept_occ)) when there is one,
    /// else a local one built now.
    pub(crate) fn occ_near<'a>(
        &self,
        s: &State,
        kept: Option<&'a Occ>,
        center: Hex,
    ) -> Cow<'a, Occ> {
        kept.map_or_else(|| Cow::Owned(self.occupancy_near(s, center)), Cow::Borrowed)
    }

    /// Runs `f` with the verdicts of `s`: from the memo brought up to date, or (`fresh`, or
    /// another thread holding the memo) judged afresh.
    pub(crate) fn with_verdicts<T>(
        &self,
        s: &State,
        fresh: bool,
        f: impl FnOnce(&mut Verdicts<'_>) -> T,
    ) -> T {
        let memo = if fresh {
            None
        } else {
            self.list_memo.try_lock()
        };
        match memo {
            Some(mut memo) => {
                let listed = match memo.as_mut() {
                    Some(l) => {
                        l.update(self, s);
                        l
                    }
                    None => memo.insert(Listed::new(self, s)),
                };
                f(&mut Verdicts::Kept(listed))
            }
            None => f(&mut Verdicts::Fresh(alloc::boxed::Box::new((
                self.occupancy(s),
                Slots::new(s),
            )))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;
    use crate::engine::Game;
    use crate::pg::state::Phase;

    /// Through random play of every scenario, the kept occupancy answers as one built from
    /// scratch, and every counter's kept slot is the one worked out afresh (7.3, 5.3, 5.4, 6).
    #[test]
    fn r7_3_kept_step_verdicts_equal_fresh_ones_through_random_play() {
        let lib = Library::builtin().unwrap();
        let mut checked = 0u32;
        for id in lib
            .scenario_ids()
            .into_iter()
            .filter(|id| id.starts_with("pg/"))
        {
            let pg = Pg::new(&lib.scenario(id).unwrap()).unwrap();
            for seed in 11..14 {
                let mut game = Game::new(pg.clone(), seed);
                for _ in 0..3000 {
                    let s = game.state();
                    if s.phase == Phase::Movement && s.pending.is_empty() {
                        let whole = pg.occupancy(s);
                        pg.with_verdicts(s, false, |v| {
                            assert!(matches!(v, Verdicts::Kept(_)), "{id}: the memo is free");
                            assert!(v.occ().same_answers(&whole), "{id}: kept occupancy");
                            let pieces = (0..s.units.len() as u16)
                                .map(Piece::Unit)
                                .chain((0..s.leaders.len() as u16).map(Piece::Leader));
                            for p in pieces {
                                assert_eq!(
                                    v.slot(&pg, s, p),
                                    pg.piece_slot(s, &whole, p),
                                    "{id}: {p:?}"
                                );
                            }
                        });
                        // Applying a step of the position just listed reads the kept index.
                        assert!(pg.with_kept_occ(s, |k| k.is_some_and(|o| o.same_answers(&whole))));
                        let mut moved = s.clone();
                        if let Some(u) = moved.units.first_mut() {
                            u.mp = u.mp.wrapping_add(1);
                            assert!(
                                pg.with_kept_occ(&moved, |k| k.is_none()),
                                "{id}: a changed unit"
                            );
                        }
                        checked += 1;
                    }
                    if game.step_random().unwrap().is_none() {
                        break;
                    }
                }
            }
        }
        assert!(checked > 5000, "only {checked} positions checked");
    }
}
