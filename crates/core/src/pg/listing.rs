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
//! So [`Listed`] keeps the position it last listed, a whole-position occupancy index kept up
//! to date unit by unit, and each counter's verdicts for its six steps. A new position that
//! differs only in its counters re-judges the counters that changed and those within reach
//! of a hex a unit left or entered; any other difference starts afresh. The answers are
//! those of a full listing, in the same order: `tests/pg_random.rs` compares the two at every
//! step of random play in every scenario.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::Pg;
use super::query::Occ;
use super::state::{Off, Piece, State};
use crate::engine::Memo;
use crate::hex::{Bounds, Direction, Hex};

/// The memo of the last Movement Phase listing (see the module text). When another thread
/// holds it, the listing is worked out without it.
pub(crate) type ListMemo = Memo<Option<Listed>>;

/// Bit `d` of a mask: the step in direction `d` is legal. Bit `BELOW + d`: it may also end
/// beneath the friendly stack there (5.4). `FAR`: judging the steps may read counters three
/// hexes away (see the module text). `KNOWN`: the mask has been worked out.
const BELOW: u16 = 6;
const FAR: u16 = 1 << 14;
const KNOWN: u16 = 1 << 15;

/// How far a step's verdict reaches from the counter's hex (see the module text), and how far
/// when the mask has [`FAR`].
const REACH: u32 = 2;
const FAR_REACH: u32 = 3;

/// More hexes than this changed at once: judging every counter again is as cheap.
const MAX_DIRTY: usize = 12;

/// The position last listed, its occupancy, and each counter's step verdicts.
#[derive(Debug)]
pub(crate) struct Listed {
    state: State,
    occ: Occ,
    units: Vec<u16>,
    leaders: Vec<u16>,
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
            units: alloc::vec![0; s.units.len()],
            leaders: alloc::vec![0; s.leaders.len()],
        }
    }

    /// Starts afresh from `s`, reusing the buffers.
    fn reset(&mut self, pg: &Pg, s: &State) {
        self.state.clone_from(s);
        pg.refill_whole(s, &mut self.occ, Some(board_box(pg)));
        self.units.clear();
        self.units.resize(s.units.len(), 0);
        self.leaders.clear();
        self.leaders.resize(s.leaders.len(), 0);
    }

    /// Brings the memo to `s`: the occupancy follows the units that changed, and the verdicts
    /// that may depend on a change are forgotten.
    fn update(&mut self, pg: &Pg, s: &State) {
        if !same_frame(&self.state, s) {
            self.reset(pg, s);
            return;
        }
        let mut dirty = [Hex::new(0, 0); MAX_DIRTY];
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
            self.units[i] = 0;
            for u in [old, new] {
                if u.off == Off::No && !dirty[..n].contains(&u.hex) {
                    if n == MAX_DIRTY {
                        afresh = true;
                        break;
                    }
                    dirty[n] = u.hex;
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
        for &h in dirty {
            self.occ.refresh_top(s, h);
        }
        let near = |m: u16, h: Hex| {
            let reach = if m & FAR != 0 { FAR_REACH } else { REACH };
            dirty.iter().any(|&d| d.distance(h) <= reach)
        };
        for (i, (old, new)) in self.state.leaders.iter().zip(&s.leaders).enumerate() {
            let m = &mut self.leaders[i];
            if old != new || *m != 0 && near(*m, new.hex) {
                *m = 0;
            }
        }
        if !dirty.is_empty() {
            for (m, u) in self.units.iter_mut().zip(&s.units) {
                if *m != 0 && near(*m, u.hex) {
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

    fn mask(&mut self, pg: &Pg, s: &State, p: Piece) -> u16 {
        let slot = match p {
            Piece::Unit(u) => &mut self.units[usize::from(u)],
            Piece::Leader(l) => &mut self.leaders[usize::from(l)],
        };
        if *slot & KNOWN == 0 {
            *slot = pg.step_mask(s, &self.occ, p);
        }
        *slot
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

/// Where the listing reads its verdicts: the memo, or a fresh judgement each time.
pub(crate) enum Verdicts<'a> {
    Kept(&'a mut Listed),
    Fresh(alloc::boxed::Box<Occ>),
}

impl Verdicts<'_> {
    /// The whole-position occupancy of the position listed.
    pub(crate) fn occ(&self) -> &Occ {
        match self {
            Verdicts::Kept(l) => &l.occ,
            Verdicts::Fresh(o) => o,
        }
    }

    /// The steps of `p`: bit `d` legal, bit `6 + d` legal beneath the stack there too.
    pub(crate) fn mask(&mut self, pg: &Pg, s: &State, p: Piece) -> u16 {
        match self {
            Verdicts::Kept(l) => l.mask(pg, s, p),
            Verdicts::Fresh(o) => pg.step_mask(s, o, p),
        }
    }
}

/// Whether the step in direction `d` is set in `mask`, and whether beneath the stack too.
pub(crate) fn step_bits(mask: u16, d: Direction) -> (bool, bool) {
    let i = u16::from(d.index());
    (mask & (1 << i) != 0, mask & (1 << (BELOW + i)) != 0)
}

impl Pg {
    /// Judges the six steps of `p` (see [`step_bits`]).
    pub(crate) fn step_mask(&self, s: &State, occ: &Occ, p: Piece) -> u16 {
        let start = self.step_start(s, occ, p);
        let mut mask = KNOWN;
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
                let i = u16::from(d.index());
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
            None => f(&mut Verdicts::Fresh(alloc::boxed::Box::new(
                self.occupancy(s),
            ))),
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
    /// scratch, and every counter's kept verdicts are those judged afresh (7.3, 5, 6).
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
                                    v.mask(&pg, s, p),
                                    pg.step_mask(s, &whole, p),
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
