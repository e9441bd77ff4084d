//! The Movement Phase (7): routed movement (7.1), Locked markers (7.2, 6.3), normal movement
//! one hex per action (7.3) with the allowance rules (7.4, 7.6), zones of control (7.5), In
//! Column (7.6) and the interrupts a step can trigger: forced deployment (7.6.3), automatic and
//! Coup d'Oeil activation (4.1.2, 4.1.3) and detachment activation (4.3).

pub(crate) mod listing;
pub(crate) mod query;
mod reach;

pub use reach::{MoveSearch, StepCosts};

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::Pg;
use super::action::Action;
use super::board::CostClass;
use super::event::Event;
use super::state::{
    Cmd, ForcedDeploy, Locked, Morale, Off, Pending, Phase, Piece, RetreatTask, State,
};
use super::units::Arm;
use crate::engine::{Illegal, Side};
use crate::hex::{Direction, Hex};
use listing::{MAY_MOVE, OVER, TO_TOP, Verdicts, step_bits};
use query::Occ;

/// Why a step is refused, with its rule.
type Refusal = (&'static str, &'static str);

/// A counter about to step, as [`Pg::step_start`] sees it: who, from where, its MP used and
/// allowance, and what leaving its hex costs (7.5) or why it may not leave.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepStart {
    p: Piece,
    pub(crate) side: Side,
    pub(crate) from: Hex,
    /// The counter stands in an EZOC (7.5).
    pub(crate) in_ezoc_now: bool,
    mp: u8,
    moved: bool,
    allowance: u8,
    exit: Result<u8, Refusal>,
}

/// A legal step: its MP (hex, hexside and EZOC exit) and whether it enters an EZOC.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepVerdict {
    pub cost: u8,
    pub into_ezoc: bool,
}

impl Pg {
    /// Phase 3 begins: the Routed Movement Segment (7.1).
    pub(crate) fn begin_movement(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.phase = Phase::RoutedMovement;
        ev.push(Event::PhaseBegins {
            phase: Phase::RoutedMovement,
        });
        for i in (0..s.units.len()).rev() {
            let u = i as u16;
            let x = &s.units[i];
            if x.off == Off::No
                && x.morale == Morale::Routed
                && self.pieces.units[i].side == s.active
                && self.is_combat(u)
                && self.unit_active(s, u)
            {
                let left = if self.pieces.units[i].arm == Arm::Cavalry {
                    3
                } else {
                    2
                };
                s.pending.push(Pending::Retreat(RetreatTask {
                    unit: u,
                    left,
                    path: Vec::new(),
                    start: x.hex,
                    routed_movement: true,
                    leaders: None,
                    followers: Vec::new(),
                }));
            }
        }
    }

    /// After routed movement: Place Locked Markers (7.2), then Normal Movement (7.3).
    pub(crate) fn begin_normal_movement(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.locked.clear();
        let mut hexes: Vec<Hex> = Vec::new();
        for (i, u) in s.units.iter().enumerate() {
            if u.off == Off::No && self.pieces.units[i].side == s.active && !hexes.contains(&u.hex)
            {
                hexes.push(u.hex);
            }
        }
        hexes.sort();
        for u in s.units.iter_mut() {
            u.locked_start = false;
        }
        for h in hexes {
            let engaged = self.engaged_in(s, h);
            if !engaged.is_empty() {
                for u in engaged {
                    s.units[usize::from(u)].locked_start = true;
                }
                s.locked.push(Locked {
                    hex: h,
                    penalty: false,
                    entered: false,
                });
                ev.push(Event::Locked {
                    hex: h,
                    penalty: false,
                });
            }
        }
        for u in s.units.iter_mut() {
            u.mp = 0;
            u.moved = false;
            u.done = false;
            u.reordered = false;
            u.art_moved = false;
        }
        for l in s.leaders.iter_mut() {
            l.mp = 0;
            l.moved = false;
            l.done = false;
        }
        s.mover = None;
        s.phase = Phase::Movement;
        ev.push(Event::PhaseBegins {
            phase: Phase::Movement,
        });
    }

    pub(crate) fn piece_may_start(&self, s: &State, p: Piece) -> bool {
        match p {
            Piece::Unit(u) => {
                let x = &s.units[usize::from(u)];
                x.off == Off::No
                    && self.pieces.units[usize::from(u)].side == s.active
                    && !x.done
                    && x.morale != Morale::Routed
                    && self.unit_active(s, u)
            }
            Piece::Leader(l) => {
                let x = &s.leaders[usize::from(l)];
                x.present
                    && self.pieces.leaders[usize::from(l)].side == s.active
                    && !x.done
                    && s.armies[s.active.index()].activated
            }
        }
    }

    /// MP to enter `to` from the adjacent hex `from` (7.3, 7.6.1); `None` if prohibited (7.4)
    /// or the hexes are not adjacent.
    pub(crate) fn step_cost(&self, s: &State, p: Piece, from: Hex, to: Hex) -> Option<u8> {
        self.step_toward(s, p, from, from.direction_to(to)?)
    }

    /// The MP of the step from `from` toward `d` (7.3, 7.6.1), `None` where it is off the
    /// map or prohibited (7.4); read from the board's table of steps.
    fn step_toward(&self, s: &State, p: Piece, from: Hex, d: Direction) -> Option<u8> {
        let (class, in_column) = match p {
            Piece::Unit(u) => (self.class_of(u), s.units[usize::from(u)].in_column),
            Piece::Leader(l) => (CostClass::Leader, s.leaders[usize::from(l)].in_column),
        };
        let mp = self.board.step_mp(from, d, class)?;
        // 7.6.1: 1 MP per hex whatever the terrain (hexsides too, by this reading).
        Some(if in_column { 1 } else { mp })
    }

    /// Checks one step of normal movement; on success the MP it costs.
    pub(crate) fn check_step(
        &self,
        s: &State,
        occ: &Occ,
        p: Piece,
        d: Direction,
    ) -> Result<u8, Refusal> {
        self.check_step_from(s, occ, &self.step_start(s, occ, p), d)
            .map(|v| v.cost)
    }

    /// What judging a counter's steps needs that does not depend on the direction: worked
    /// out once for the six steps of a counter (the legal-action listing's hot path).
    pub(crate) fn step_start(&self, s: &State, occ: &Occ, p: Piece) -> StepStart {
        let side = self.piece_side(p);
        let from = self.piece_hex(s, p);
        let in_ezoc_now = occ.ezoc(self, side, from);
        let (mp, moved, allowance) = match p {
            Piece::Unit(u) => {
                let x = &s.units[usize::from(u)];
                (x.mp, x.moved, self.allowance(s, u))
            }
            Piece::Leader(l) => {
                let x = &s.leaders[usize::from(l)];
                (x.mp, x.moved, self.pieces.leaders[usize::from(l)].ma)
            }
        };
        let exit = match p {
            Piece::Unit(u) if in_ezoc_now => self.ezoc_exit(s, u, side, from),
            _ => Ok(0),
        };
        StepStart {
            p,
            side,
            from,
            in_ezoc_now,
            mp,
            moved,
            allowance,
            exit,
        }
    }

    /// The extra MP for a unit to leave the EZOC it stands in, or why it may not (7.5, 6.3,
    /// 6.4).
    fn ezoc_exit(&self, s: &State, u: u16, side: Side, from: Hex) -> Result<u8, Refusal> {
        let info = &self.pieces.units[usize::from(u)];
        let x = &s.units[usize::from(u)];
        let engaged = self.is_engaged(s, u);
        let locked = s.locked_at(from);
        let exit = if info.arm == Arm::Artillery {
            1 // 7.5.2: as if Supporting.
        } else if info.fast {
            if engaged && self.adjacent_engaged_formed_enemy_cav(s, from, side) {
                return Err((
                    "7.5.3",
                    "a Fast unit next to an Engaged, Formed enemy cavalry unit may not leave the EZOC",
                ));
            }
            if locked.is_some() && engaged && self.adjacent_enemy_fast(s, from, side) {
                return Err((
                    "6.4",
                    "an Engaged Fast unit may leave a Locked hex only when adjacent to non-Fast units alone",
                ));
            }
            if !engaged || info.prussian && info.arm == Arm::Cavalry {
                1
            } else {
                2
            }
        } else if engaged {
            return Err(if locked.is_some() {
                (
                    "7.5.1",
                    "an Engaged non-Fast unit in a Locked hex may leave only after another unit makes it Supporting",
                )
            } else {
                ("7.5.1", "an Engaged infantry unit must stop in the EZOC")
            });
        } else if x.locked_start && !locked.is_some_and(|l| l.entered) {
            // 7.5.1: a unit that started the turn Engaged leaves only after a unit entering
            // the hex has made it Supporting.
            return Err((
                "7.5.1",
                "a unit that started the turn Engaged may leave only after a unit entering the hex makes it Supporting",
            ));
        } else {
            1 // 7.5.1: a Supporting unit leaves for +1 MP.
        };
        if locked.is_some() && !(info.fast && engaged) && self.stack(s, from).len() == 1 {
            return Err(("6.3", "a Locked hex may not be vacated completely"));
        }
        Ok(exit)
    }

    /// Checks one step of a counter whose [`StepStart`] is known; on success its cost and
    /// whether it enters an EZOC. The checks run in the order of [`check_step`]'s refusals.
    pub(crate) fn check_step_from(
        &self,
        s: &State,
        occ: &Occ,
        st: &StepStart,
        d: Direction,
    ) -> Result<StepVerdict, Refusal> {
        let (p, side, from) = (st.p, st.side, st.from);
        let to = from.neighbor(d);
        let cost = self.step_toward(s, p, from, d);
        if cost.is_none() && !self.board.on_map(to) {
            return Err((
                "7.4",
                "the hex is off the map (units may not exit unless their army is Demoralized or Broken)",
            ));
        }
        let at = occ.entering(self, side, to);
        if at.enemy {
            return Err(("7.4", "the hex holds an enemy counter"));
        }
        let cost = cost.ok_or(("7.4", "the terrain is prohibited to this counter"))?;
        let into_ezoc = at.ezoc;
        match p {
            Piece::Leader(_) => {
                // 7.5.4: leaders enter an EZOC only where a friendly unit is; leave freely.
                if into_ezoc && !at.friends {
                    return Err((
                        "7.5.4",
                        "a leader may not enter an EZOC without a friendly unit there",
                    ));
                }
            }
            Piece::Unit(u) => {
                let info = &self.pieces.units[usize::from(u)];
                let x = &s.units[usize::from(u)];
                if self.params.stacking_each_step {
                    if let Some(rule) = self.overstacks_in(s, occ, u, to) {
                        // Option "each_step": no step may overstack a hex.
                        return Err((rule, "the unit would break the stacking limit of that hex"));
                    }
                }
                if into_ezoc {
                    if x.ooc {
                        return Err(("4.2.2", "an out-of-command unit may not enter an EZOC"));
                    }
                    if info.paren_steps >= x.steps && self.is_combat(u) {
                        return Err((
                            "7.5.5",
                            "a unit with parenthesised SP may not enter an EZOC",
                        ));
                    }
                    if info.arm == Arm::Artillery && !at.friendly_combat {
                        return Err((
                            "7.5.2",
                            "artillery may not enter an EZOC unless friendly infantry or cavalry are there",
                        ));
                    }
                }
            }
        }
        let exit = st.exit?;
        let total = cost.saturating_add(exit);
        let minimum = !st.moved && st.mp == 0;
        if st.mp.saturating_add(total) > st.allowance && !minimum {
            return Err(("7.3", "not enough movement points"));
        }
        // 5.3 (the text's reading): the limits hold at the end of the phase, so a unit may pass
        // through a hex it would overstack but may not stop there.
        if let Piece::Unit(u) = p {
            if !self.params.stacking_each_step && self.overstacks_in(s, occ, u, to).is_some() {
                let info = &self.pieces.units[usize::from(u)];
                let stops_by_zoc = into_ezoc
                    && self.is_combat(u)
                    && (!info.fast || self.adjacent_engaged_formed_enemy_cav(s, to, side));
                if st.mp.saturating_add(total) >= st.allowance || stops_by_zoc {
                    return Err((
                        "5.3",
                        "the unit would have to stop in a hex it overstacks; it may only pass through",
                    ));
                }
            }
        }
        Ok(StepVerdict {
            cost: total,
            into_ezoc,
        })
    }

    /// Whether the moving counter stands in a hex the Active player overstacks and can still
    /// step on: then it must move on (5.3), and no other counter may start.
    pub(crate) fn mover_must_move_on(&self, s: &State, occ: &Occ) -> bool {
        match s.mover {
            Some(Piece::Unit(u)) if !self.params.stacking_each_step => {
                !self.stacking_ok_in(occ, s.units[usize::from(u)].hex) && {
                    let start = self.step_start(s, occ, Piece::Unit(u));
                    Direction::ALL
                        .into_iter()
                        .any(|d| self.check_step_from(s, occ, &start, d).is_ok())
                }
            }
            _ => false,
        }
    }

    fn adjacent_engaged_formed_enemy_cav(&self, s: &State, hex: Hex, side: Side) -> bool {
        hex.neighbors().iter().any(|&n| {
            self.engaged_in(s, n).iter().any(|&v| {
                let p = &self.pieces.units[usize::from(v)];
                p.side != side
                    && p.arm == Arm::Cavalry
                    && s.units[usize::from(v)].morale == Morale::Formed
            })
        })
    }

    fn adjacent_enemy_fast(&self, s: &State, hex: Hex, side: Side) -> bool {
        s.units.iter().enumerate().any(|(i, x)| {
            let p = &self.pieces.units[i];
            x.off == Off::No && p.side != side && p.fast && x.hex.distance(hex) == 1
        })
    }

    /// Legal actions of normal movement (7.3), the steps' verdicts kept from the last listing
    /// where they still hold (see [`listing`](super::listing)).
    pub(crate) fn movement_actions(&self, s: &State, out: &mut Vec<Action>) {
        self.with_verdicts(s, false, |v| self.list_movement(s, v, out));
    }

    /// [`movement_actions`](Self::movement_actions) judging every step afresh.
    pub(crate) fn movement_actions_fresh(&self, s: &State, out: &mut Vec<Action>) {
        self.with_verdicts(s, true, |v| self.list_movement(s, v, out));
    }

    fn list_movement(&self, s: &State, v: &mut Verdicts<'_>, out: &mut Vec<Action>) {
        let mut any_move = false;
        let mut push_moves = |p: Piece, mask: u32, out: &mut Vec<Action>| {
            for d in Direction::ALL {
                let (legal, below) = step_bits(mask, d);
                if legal {
                    out.push(Action::Move {
                        piece: p,
                        dir: d,
                        below: false,
                    });
                    if below {
                        out.push(Action::Move {
                            piece: p,
                            dir: d,
                            below: true,
                        });
                    }
                    any_move = true;
                }
            }
        };
        if let Some(p) = s.mover {
            push_moves(p, v.steps(self, s, p), out);
            // 5.3: an overstacked mover that can step on must; nothing else is offered.
            if self.mover_must_move_on(s, v.occ()) {
                return;
            }
            out.push(Action::EndMove);
        }
        // The counters other than the mover that may begin a move (units, then leaders), as
        // `starters` lists them.
        let mut to_top = false;
        let mut overstacked = false;
        for u in 0..s.units.len() as u16 {
            let m = v.slot(self, s, Piece::Unit(u));
            let unmoved = !s.units[usize::from(u)].moved;
            if m & MAY_MOVE != 0 && unmoved && s.mover != Some(Piece::Unit(u)) {
                push_moves(Piece::Unit(u), m, out);
            }
            to_top |= m & TO_TOP != 0;
            overstacked |= m & OVER != 0;
        }
        for l in 0..s.leaders.len() as u16 {
            let m = v.slot(self, s, Piece::Leader(l));
            let unmoved = !s.leaders[usize::from(l)].moved;
            if m & MAY_MOVE != 0 && unmoved && s.mover != Some(Piece::Leader(l)) {
                push_moves(Piece::Leader(l), m, out);
            }
        }
        if to_top {
            for u in 0..s.units.len() as u16 {
                if v.slot(self, s, Piece::Unit(u)) & TO_TOP != 0 {
                    out.push(Action::ToTop { unit: u });
                }
            }
        }
        let occ = v.occ();
        for w in 0..self.pieces.wings.len() as u8 {
            if self.may_go_in_column(s, occ, w) {
                out.push(Action::GoInColumn { wing: w });
            }
        }
        // 7.6: artillery goes In Column only near the leader of a wing In Column.
        let any_ic = self
            .pieces
            .wings
            .iter()
            .zip(&s.wing_ic)
            .any(|(wing, &ic)| ic && wing.side == s.active);
        if any_ic {
            for i in 0..s.units.len() as u16 {
                if self.may_artillery_column(s, occ, i) {
                    out.push(Action::ArtilleryInColumn { unit: i });
                }
            }
        }
        if self.may_commander_column(s) {
            out.push(Action::CommanderInColumn);
        }
        // 5.3: stacking violations must be corrected before the phase ends, as long as any
        // counter can still move.
        if !any_move || !overstacked {
            out.push(Action::EndPhase);
        }
    }

    /// Whether `a`, an action of the Movement Phase other than a step, is among the legal
    /// actions: the same answer as [`movement_actions`](Self::movement_actions) gives, without
    /// judging every step of every counter (the random-play test compares the two).
    pub(crate) fn movement_listed(&self, s: &State, a: &Action) -> bool {
        self.with_kept_occ(s, |kept| self.movement_listed_in(s, a, kept))
    }

    /// [`movement_listed`](Self::movement_listed) reading `kept`, the listing's index of this
    /// position when it has one, else indexes built for the question.
    fn movement_listed_in(&self, s: &State, a: &Action, kept: Option<&Occ>) -> bool {
        let near = |h: Hex| self.occ_near(s, kept, h);
        let whole = || kept.map_or_else(|| Cow::Owned(self.occupancy(s)), Cow::Borrowed);
        let mover_blocks = s.mover.is_some_and(|m| {
            let occ = near(self.piece_hex(s, m));
            self.mover_must_move_on(s, &occ)
        });
        if mover_blocks {
            return false;
        }
        match *a {
            Action::EndMove => s.mover.is_some(),
            Action::ToTop { unit } => {
                usize::from(unit) < s.units.len() && {
                    let occ = near(s.units[usize::from(unit)].hex);
                    self.may_to_top(s, &occ, unit)
                }
            }
            Action::GoInColumn { wing } => {
                usize::from(wing) < self.pieces.wings.len()
                    && self.may_go_in_column(s, &whole(), wing)
            }
            Action::ArtilleryInColumn { unit } => {
                usize::from(unit) < s.units.len() && {
                    let occ = near(s.units[usize::from(unit)].hex);
                    self.may_artillery_column(s, &occ, unit)
                }
            }
            Action::CommanderInColumn => self.may_commander_column(s),
            Action::EndPhase => {
                let occ = whole();
                !self.active_overstacked(s, &occ) || !self.any_step(s, &occ)
            }
            _ => false,
        }
    }

    /// Whether any counter has a legal step (the question 5.3 asks before the phase ends).
    fn any_step(&self, s: &State, occ: &Occ) -> bool {
        let may = |p: Piece| {
            let start = self.step_start(s, occ, p);
            Direction::ALL
                .into_iter()
                .any(|d| self.check_step_from(s, occ, &start, d).is_ok())
        };
        s.mover.is_some_and(may) || self.starters(s).any(may)
    }

    /// The counters other than the mover that may begin a move now (units, then leaders).
    fn starters<'a>(&'a self, s: &'a State) -> impl Iterator<Item = Piece> + 'a {
        let units = (0..s.units.len() as u16)
            .filter(|&u| !s.units[usize::from(u)].moved)
            .map(Piece::Unit);
        let leaders = (0..s.leaders.len() as u16)
            .filter(|&l| !s.leaders[usize::from(l)].moved)
            .map(Piece::Leader);
        units
            .chain(leaders)
            .filter(move |&p| Some(p) != s.mover && self.piece_may_start(s, p))
    }

    /// 5.4: a unit of the Active player may be put on top of its stack once per phase.
    pub(crate) fn may_to_top(&self, s: &State, occ: &Occ, u: u16) -> bool {
        let x = &s.units[usize::from(u)];
        let info = &self.pieces.units[usize::from(u)];
        if x.off != Off::No || info.side != s.active || x.reordered || !self.unit_active(s, u) {
            return false;
        }
        // 5.4: Coalition artillery that entered an EZOC stays at the bottom this phase.
        if info.arm == Arm::Artillery
            && !info.prussian
            && x.art_moved
            && occ.ezoc(self, info.side, x.hex)
        {
            return false;
        }
        occ.top(self, x.hex) != Some(u) && occ.count(self, x.hex) > 1
    }

    /// 4.4/7.6: the Army Commander may go In Column while his army is activated.
    fn may_commander_column(&self, s: &State) -> bool {
        self.pieces.commander[s.active.index()].is_some_and(|ac| {
            let x = &s.leaders[usize::from(ac)];
            x.present
                && !x.in_column
                && !x.moved
                && s.mover != Some(Piece::Leader(ac))
                && s.armies[s.active.index()].activated
        })
    }

    /// Whether a hex of the Active player breaks the stacking limits (5.1, 5.2).
    pub(crate) fn active_overstacked(&self, s: &State, occ: &Occ) -> bool {
        s.units.iter().enumerate().any(|(i, x)| {
            x.off == Off::No
                && self.pieces.units[i].side == s.active
                && !self.stacking_ok_in(occ, x.hex)
        })
    }

    /// 7.6: a wing may go In Column when Effective, every surviving unit Formed, in command and
    /// out of EZOCs, and (5.2) no hex would hold more than 4 inf/cav steps.
    fn may_go_in_column(&self, s: &State, occ: &Occ, w: u8) -> bool {
        let wing = &self.pieces.wings[usize::from(w)];
        if wing.side != s.active
            || s.wing_ic[usize::from(w)]
            || !s.armies[wing.side.index()].activated
        {
            return false;
        }
        let g = self.group_of_wing(s, w);
        if !(s.groups[g] == Cmd::Effective || s.wing_rescued[usize::from(w)]) {
            return false;
        }
        let mut any = false;
        for (i, x) in s.units.iter().enumerate() {
            if self.pieces.units[i].wing != Some(w) || x.off != Off::No {
                continue;
            }
            any = true;
            if x.morale != Morale::Formed
                || x.ooc
                || occ.ezoc(self, wing.side, x.hex)
                || Some(Piece::Unit(i as u16)) == s.mover
            {
                return false;
            }
            if occ.load(self, x.hex).0 > 4 {
                return false;
            }
        }
        any
    }

    fn may_artillery_column(&self, s: &State, occ: &Occ, u: u16) -> bool {
        let x = &s.units[usize::from(u)];
        let info = &self.pieces.units[usize::from(u)];
        if info.arm != Arm::Artillery
            || info.side != s.active
            || x.off != Off::No
            || x.in_column
            || x.moved
            || self.command(s, u) != Cmd::Effective
            || occ.ezoc(self, info.side, x.hex)
        {
            return false;
        }
        // 7.6: up to 3 artillery within 5 hexes of the leader of a wing that is In Column.
        self.pieces.wings.iter().enumerate().any(|(w, wing)| {
            s.wing_ic[w]
                && wing.side == info.side
                && wing.leader.is_some_and(|l| {
                    let lh = s.leaders[usize::from(l)].hex;
                    let near_ic_art = s
                        .units
                        .iter()
                        .enumerate()
                        .filter(|(j, y)| {
                            y.in_column
                                && y.off == Off::No
                                && self.pieces.units[*j].arm == Arm::Artillery
                                && y.hex.distance(lh) <= 5
                        })
                        .count();
                    lh.distance(x.hex) <= 5 && near_ic_art < 3
                })
        })
    }

    /// Applies a movement-phase action.
    pub(crate) fn apply_movement(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::Move { piece, dir, below } => {
                if s.mover.is_none() && !self.piece_may_start(s, *piece) {
                    return Err(Illegal::new("7.3", "that counter may not move now"));
                }
                let occ = self.occupancy_near(s, self.piece_hex(s, *piece));
                let step = self
                    .check_step_from(s, &occ, &self.step_start(s, &occ, *piece), *dir)
                    .map_err(|(r, why)| Illegal::new(r, why))?;
                self.move_piece(s, *piece, *dir, *below, step, ev);
            }
            Action::EndMove => self.finish_mover(s),
            Action::ToTop { unit } => {
                let hex = s.units[usize::from(*unit)].hex;
                let before = self.engaged_in(s, hex);
                s.units[usize::from(*unit)].order = s.take_top();
                s.units[usize::from(*unit)].reordered = true;
                ev.push(Event::Reordered { unit: *unit });
                self.flip_if_changed(s, hex, &before, ev);
            }
            Action::GoInColumn { wing } => {
                s.wing_ic[usize::from(*wing)] = true;
                if let Some(l) = self.pieces.wings[usize::from(*wing)].leader {
                    s.leaders[usize::from(l)].in_column = true;
                }
                // 7.6: a wing goes IC at the start of the segment, or at its very end after
                // normal movement: once any of its units has moved, going IC ends the wing's
                // movement for the phase (no IC allowance for the rest).
                let any_moved = s
                    .units
                    .iter()
                    .enumerate()
                    .any(|(i, x)| self.pieces.units[i].wing == Some(*wing) && x.moved);
                for (i, x) in s.units.iter_mut().enumerate() {
                    if self.pieces.units[i].wing == Some(*wing) && x.off == Off::No {
                        x.in_column = true;
                        if any_moved {
                            x.done = true;
                        }
                    }
                }
                ev.push(Event::InColumn { wing: *wing });
            }
            Action::CommanderInColumn => {
                if let Some(ac) = self.pieces.commander[s.active.index()] {
                    s.leaders[usize::from(ac)].in_column = true;
                }
            }
            Action::ArtilleryInColumn { unit } => {
                s.units[usize::from(*unit)].in_column = true;
            }
            Action::EndPhase => {
                self.finish_mover(s);
                self.begin_bombardment(s, false, ev);
            }
            other => {
                return Err(Illegal::new(
                    "engine",
                    alloc::format!("{other:?} is not a movement decision"),
                ));
            }
        }
        Ok(())
    }

    fn finish_mover(&self, s: &mut State) {
        match s.mover.take() {
            Some(Piece::Unit(u)) => s.units[usize::from(u)].done = true,
            Some(Piece::Leader(l)) => s.leaders[usize::from(l)].done = true,
            None => {}
        }
    }

    /// Steps a counter whose step was judged legal in this very position (`step`, from
    /// [`check_step_from`](Self::check_step_from)): the counter moving before it, if another,
    /// has finished (7.3).
    pub(crate) fn move_piece(
        &self,
        s: &mut State,
        p: Piece,
        d: Direction,
        below: bool,
        step: StepVerdict,
        ev: &mut Vec<Event>,
    ) {
        if s.mover.is_some_and(|m| m != p) {
            self.finish_mover(s);
        }
        self.do_step(s, p, d, below, step, ev);
    }

    fn do_step(
        &self,
        s: &mut State,
        p: Piece,
        d: Direction,
        below: bool,
        step: StepVerdict,
        ev: &mut Vec<Event>,
    ) {
        let StepVerdict { cost, into_ezoc } = step;
        let side = self.piece_side(p);
        let from = self.piece_hex(s, p);
        let to = from.neighbor(d);
        s.mover = Some(p);
        // 6.3: the Engaged units of Locked hexes are compared before and after the step; other
        // hexes carry no marker to flip.
        let locked_to = s.locked.iter().any(|l| l.hex == to);
        let locked_from = s.locked.iter().any(|l| l.hex == from);
        let engaged_if = |locked: bool, hex: Hex| {
            if locked {
                self.engaged_in(s, hex)
            } else {
                Vec::new()
            }
        };
        let before_to = engaged_if(locked_to, to);
        let before_from = engaged_if(locked_from, from);
        let mut stop = false;
        match p {
            Piece::Leader(l) => {
                let x = &mut s.leaders[usize::from(l)];
                let minimum = !x.moved && x.mp == 0;
                x.hex = to;
                x.mp = x.mp.saturating_add(cost);
                x.moved = true;
                if minimum && x.mp > self.pieces.leaders[usize::from(l)].ma {
                    stop = true;
                }
                ev.push(Event::Moved {
                    piece: p,
                    from,
                    to,
                    mp: x.mp,
                    rule: super::event::Rule("7.3"),
                });
            }
            Piece::Unit(u) => {
                let info = &self.pieces.units[usize::from(u)];
                let allowance = self.allowance(s, u);
                let order = if (info.arm == Arm::Artillery && !info.prussian && into_ezoc) || below
                {
                    s.take_bottom()
                } else {
                    s.take_top()
                };
                let x = &mut s.units[usize::from(u)];
                let minimum = !x.moved && x.mp == 0;
                x.hex = to;
                x.order = order;
                x.mp = x.mp.saturating_add(cost);
                x.moved = true;
                if info.arm == Arm::Artillery {
                    x.art_moved = true;
                }
                let mp = x.mp;
                if minimum && mp > allowance || mp >= allowance {
                    stop = true;
                }
                ev.push(Event::Moved {
                    piece: p,
                    from,
                    to,
                    mp,
                    rule: super::event::Rule("7.3"),
                });
                if into_ezoc {
                    let engaged = self.is_engaged(s, u);
                    if info.fast {
                        // 7.5.3: stop next to an Engaged, Formed enemy cavalry unit.
                        if self.adjacent_engaged_formed_enemy_cav(s, to, side) {
                            stop = true;
                        }
                    } else if engaged {
                        // 7.5.1: an infantry unit that becomes Engaged stops. Artillery is never
                        // Engaged and moves on as a Supporting unit would (7.5.2).
                        stop = true;
                    }
                }
            }
        }
        // 6.3: the Engaged units of a Locked hex changed: flip the marker.
        if let Some(i) = s.locked.iter().position(|l| l.hex == to) {
            if self
                .engaged_in(s, to)
                .iter()
                .any(|u| !before_to.contains(u))
            {
                s.locked[i].entered = true;
            }
        }
        self.flip_if_changed(s, to, &before_to, ev);
        // 6.4, 7.5.3: a Fast unit leaving does not flip the marker of the hex it leaves (the
        // units it uncovers become Engaged without penalty), and a Locked hex left empty
        // loses its marker.
        let fast = matches!(p, Piece::Unit(u) if self.pieces.units[usize::from(u)].fast);
        if !fast {
            self.flip_if_changed(s, from, &before_from, ev);
        }
        if locked_from && self.stack(s, from).is_empty() {
            s.locked.retain(|l| l.hex != from);
        }
        if stop {
            self.finish_mover(s);
        }
        self.after_step(s, p, to);
    }

    fn flip_if_changed(&self, s: &mut State, hex: Hex, before: &[u16], ev: &mut Vec<Event>) {
        let Some(i) = s.locked.iter().position(|l| l.hex == hex) else {
            return;
        };
        if s.locked[i].penalty {
            return;
        }
        let after = self.engaged_in(s, hex);
        // 6.4: Fast units leaving do not flip; only new Engaged units do.
        if after.iter().any(|u| !before.contains(u)) {
            s.locked[i].penalty = true;
            ev.push(Event::Locked { hex, penalty: true });
        }
    }

    /// Interrupts a step can trigger (checked after every step).
    fn after_step(&self, s: &mut State, p: Piece, to: Hex) {
        let side = self.piece_side(p);
        let enemy = side.other();
        let is_unit = matches!(p, Piece::Unit(_));
        // 7.6.3: an enemy unit within 3 hexes of an IC unit: that wing may try to deploy.
        if is_unit {
            for (w, wing) in self.pieces.wings.iter().enumerate() {
                if wing.side != enemy || !s.wing_ic[w] || s.wing_fd_tried[w] {
                    continue;
                }
                let near = s.units.iter().enumerate().find(|(i, x)| {
                    x.off == Off::No
                        && x.in_column
                        && self.pieces.units[*i].wing == Some(w as u8)
                        && x.hex.distance(to) <= 3
                });
                if let Some((_, threatened)) = near {
                    let threatened = threatened.hex;
                    s.wing_fd_tried[w] = true;
                    let ic_bonus = self.fd_rating(s, w as u8, None);
                    let mover_bonus = self.fd_rating(s, u8::MAX, Some(p));
                    s.pending.push(Pending::ForcedDeploy(ForcedDeploy {
                        wing: w as u8,
                        ic_bonus,
                        mover_bonus,
                        ic_roll: None,
                        attempting: false,
                        threatened,
                    }));
                }
            }
        }
        self.check_activations(s, side, to, is_unit);
    }

    /// The forced deployment modifier (7.6.3): group rating, or the initiative of a leader stacked
    /// with the wing leader if higher, +4 for Prussian cavalry.
    fn fd_rating(&self, s: &State, wing: u8, mover: Option<Piece>) -> u8 {
        let (w, prussian_cav) = match mover {
            Some(Piece::Unit(u)) => {
                let info = &self.pieces.units[usize::from(u)];
                (info.wing, info.prussian && info.arm == Arm::Cavalry)
            }
            Some(Piece::Leader(_)) => (None, false),
            None => {
                let pc = s.units.iter().enumerate().any(|(i, _)| {
                    let p = &self.pieces.units[i];
                    p.wing == Some(wing) && p.prussian && p.arm == Arm::Cavalry
                }) && !self.pieces.wings[usize::from(wing)].has_infantry;
                (Some(wing), pc)
            }
        };
        let mut r = match w {
            Some(w) => {
                let g = self.group_of_wing(s, w);
                let mut r = self.pieces.groups[g].rating;
                if let Some(wl) = self.pieces.wings[usize::from(w)].leader {
                    let h = s.leaders[usize::from(wl)].hex;
                    for (l, x) in s.leaders.iter().enumerate() {
                        if x.present
                            && x.hex == h
                            && self.pieces.leaders[l].side == self.pieces.wings[usize::from(w)].side
                        {
                            r = r.max(self.pieces.leaders[l].initiative);
                        }
                    }
                }
                r
            }
            None => 0,
        };
        if prussian_cav {
            r += 4;
        }
        r
    }
}
