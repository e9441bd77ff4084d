//! The Movement Phase (16.0): steps with terrain, hexside and road costs (16.2), facing
//! (13.1, 13.2), formation changes with proportional MPs (11.0a), reinforcements (16.4), the
//! one-hex minimum move (16.1e), close-combat declarations (23.0) and the opportunity-fire
//! triggers of 15.1 (leaving an artillery Close Fire Zone, changing formation inside one).
//!
//! Costs are kept in half movement points: the Movement Chart prices primary roads at ½.

mod evasion;
pub(super) mod extension;
pub mod facing;
mod formation;
pub(super) mod skirmish;
pub(super) mod stacking;

use alloc::format;
use alloc::vec::Vec;

use super::board::arc;
use super::board::side as hs;
use super::event::Event;
use super::movement::facing::{change_cost, entry_cost_factor};
use super::query::Occ;
use super::state::{Place, State, Task, Unit, UnitId, flag, road};
use super::tables::{MoveClass, MoveCost};
use super::types::{FacingMode, Formation, MoraleState, StepCost, UnitKind};
use super::{Action, Nbs};
use crate::engine::{Illegal, Reached, Side};
use crate::hex::{Bounds, Direction, Facing, Hex, MoveCosts, Reach, ReachOptions};

/// Why a step is refused (turned into an [`Illegal`] with names only when asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    NotOnMap,
    NotAdjacent,
    Immobile,
    Enemy,
    Emperor,
    Terrain(&'static str),
    AllAfterMoving,
    NoMp { left: u16, cost: u16 },
}

/// Why a formation change is refused (turned into an [`Illegal`] with names only when asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FormRefusal {
    /// 11.6a: DG or Routed units do not form square.
    Shaken,
    /// 11.0: the unit has no Movement Chart row now.
    NoClass,
    /// 11.0: its row has no formation change.
    NoChange,
    /// 11.0a: not enough MPs left.
    NoMp,
}

/// The moving unit's part of a step's cost (16.1, 13.2), computed once per unit while
/// listing.
struct StepCtx {
    unit: UnitId,
    from: Hex,
    class: MoveClass,
    ma: u16,
    mode: FacingMode,
}

impl Nbs {
    /// The Movement Chart row a unit moves by now (16.1, 24.2b).
    pub(super) fn move_class(&self, s: &State, u: UnitId) -> Option<MoveClass> {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        Some(match info.kind {
            UnitKind::Infantry => match st.formation {
                Formation::Line => MoveClass::InfantryLine,
                Formation::Column => MoveClass::InfantryColumn,
                _ => return None,
            },
            UnitKind::Skirmisher => MoveClass::Skirmisher,
            UnitKind::Cavalry if st.has(flag::BLOWN) => MoveClass::BlownCavalry,
            UnitKind::Cavalry if info.heavy => MoveClass::HeavyCavalry,
            UnitKind::Cavalry => MoveClass::LightCavalry,
            UnitKind::Artillery => match st.formation {
                Formation::Limbered => match info.class {
                    super::types::GunClass::Foot => MoveClass::FootArtillery,
                    super::types::GunClass::Horse => MoveClass::HorseArtillery,
                },
                _ => return None,
            },
            UnitKind::Leader | UnitKind::Hq => MoveClass::Leader,
        })
    }

    /// The movement allowance in half MPs (16.1; DG halves it, rounded up: Morale State
    /// Effects).
    pub(super) fn allowance(&self, s: &State, u: UnitId) -> u16 {
        let Some(class) = self.move_class(s, u) else {
            return 0;
        };
        let ma = u16::from(self.tables.ma(class));
        let ma = if s.units[usize::from(u)].morale == MoraleState::Disorganized {
            ma.div_ceil(2)
        } else {
            ma
        };
        ma * 2 + self.forced_bonus(s, u) // 18.0
    }

    fn to_step(c: MoveCost, prohibited_rule: &'static str) -> StepCost {
        match c {
            MoveCost::Halves(h) => StepCost::Half(u16::from(h)),
            MoveCost::All => StepCost::All,
            MoveCost::Prohibited => StepCost::Prohibited(prohibited_rule),
            MoveCost::NotAllowed => StepCost::Prohibited("16.2a"),
        }
    }

    /// The cost for `class` to step from `from` toward `d` (16.2): road rate when following a
    /// road (16.2a), else the hex entered plus the dearest of elevation change and slope
    /// (16.2e) plus the other hexside features (16.2b). `road_ok` says whether road rates may
    /// be used (ERR-4). Facing is not counted here; the flag says a road was followed.
    pub(super) fn terrain_step(
        &self,
        class: MoveClass,
        from: Hex,
        d: Direction,
        road_ok: bool,
    ) -> (StepCost, bool) {
        let to = from.neighbor(d);
        let hi = self.board.hex(to);
        if !hi.on_map {
            return (StepCost::Prohibited("1.1c"), false);
        }
        let side = self.board.side(from, d);
        if road_ok && side & hs::ROAD != 0 {
            let bit = if side & hs::PRIMARY_ROAD != 0 {
                hs::PRIMARY_ROAD
            } else {
                hs::SECONDARY_ROAD
            };
            if let Some(f) = self.feature_idx(bit) {
                if let Some(MoveCost::Halves(h)) = self.tables.road_cost(class, f) {
                    return (StepCost::Half(u16::from(h)), true);
                }
            }
        }
        let mut total = match Self::to_step(
            self.tables.hex_cost(class, self.terrain_idx(hi.terrain)),
            "16.2c",
        ) {
            StepCost::Half(h) => h,
            other => return (other, false),
        };
        let mut all = false;
        // 16.2e: elevation change and slope on one hexside: only the dearest.
        let mut climb: Option<StepCost> = None;
        let consider = |c: StepCost, climb: &mut Option<StepCost>| {
            *climb = Some(match (*climb, c) {
                (Some(StepCost::Prohibited(r)), _) | (_, StepCost::Prohibited(r)) => {
                    StepCost::Prohibited(r)
                }
                (Some(StepCost::All), _) | (_, StepCost::All) => StepCost::All,
                (Some(StepCost::Half(a)), StepCost::Half(b)) => StepCost::Half(a.max(b)),
                (None, x) => x,
            });
        };
        if self.board.hex(from).level != hi.level {
            if let Some(f) = self.feature_idx(0) {
                consider(
                    Self::to_step(self.tables.hexside_cost(class, f), "16.2c"),
                    &mut climb,
                );
            }
        }
        for bit in [hs::SLOPE, hs::EXTREME_SLOPE] {
            if side & bit != 0 {
                if let Some(f) = self.feature_idx(bit) {
                    consider(
                        Self::to_step(self.tables.hexside_cost(class, f), "16.2c"),
                        &mut climb,
                    );
                }
            }
        }
        // The dearest climb first, then the water and bridge features in this order; the
        // first prohibition met is the one named.
        match climb {
            Some(StepCost::Half(h)) => total += h,
            Some(StepCost::All) => all = true,
            Some(p @ StepCost::Prohibited(_)) => return (p, false),
            None => {}
        }
        for bit in [
            hs::BRIDGE,
            hs::FORD,
            hs::STREAM,
            hs::CREEK,
            hs::RIVER,
            hs::TRIBUTARY,
        ] {
            if side & bit == 0 {
                continue;
            }
            // A bridge carries the unit over the water on its side (11.2).
            if side & hs::BRIDGE != 0 && bit != hs::BRIDGE {
                continue;
            }
            if let Some(f) = self.feature_idx(bit) {
                match Self::to_step(
                    self.tables.hexside_cost(class, f),
                    if bit == hs::BRIDGE { "11.2" } else { "16.2c" },
                ) {
                    StepCost::Half(h) => total += h,
                    StepCost::All => all = true,
                    p @ StepCost::Prohibited(_) => return (p, false),
                }
            }
        }
        if all {
            (StepCost::All, false)
        } else {
            (StepCost::Half(total), false)
        }
    }

    /// ERR-4: road rates only for a unit moving alone, and never passing through, or passed
    /// through by, another unit using road rates this phase; leaders and HQs are excepted
    /// (as movers and as the units met).
    ///
    /// Readings: a unit "moves stacked" when the hex it leaves or enters holds another
    /// infantry, cavalry or artillery unit (skirmishers aside), moved or not; a road mover is
    /// a unit that has taken a road-rate step this phase ([`road::USED`]); sharing a hex with
    /// one (leaving or entering it) counts as passing through it, and a unit whose hex a road
    /// mover has entered this phase ([`road::PASSED`]) has been passed through and uses no
    /// road rates for the rest of the phase. Only skirmishers can meet a road mover in a way
    /// the first test leaves open.
    fn road_ok(&self, s: &State, occ: &Occ, u: UnitId, from: Hex, to: Hex) -> bool {
        let info = &self.units[usize::from(u)];
        if matches!(info.kind, UnitKind::Leader | UnitKind::Hq) {
            return true;
        }
        if s.units[usize::from(u)].road & road::PASSED != 0 {
            return false;
        }
        ![from, to].into_iter().any(|h| {
            self.occ_at(occ, h).any(|i| {
                i != u
                    && match self.units[usize::from(i)].kind {
                        UnitKind::Infantry | UnitKind::Cavalry | UnitKind::Artillery => true,
                        UnitKind::Skirmisher => s.units[usize::from(i)].road & road::USED != 0,
                        UnitKind::Leader | UnitKind::Hq => false,
                    }
            })
        })
    }

    /// 13.2c: whether the unit's facing lets it take the road rate toward `d`: it is still
    /// moving along the road (it reached its hex by a road step this phase and has not turned
    /// for MPs, re-formed or left the road since), or it faces the road hexside it will cross
    /// (so never a corner: a unit starts road movement facing a hexside). Units without
    /// facing always may. Reading: a unit that did not arrive by road (it entered off the road
    /// or starts its move here) must first pay for a `Face` along the road; until then a step
    /// along the road is an ordinary step at the terrain cost, doubled off the centre front
    /// (13.2a).
    fn road_facing_ok(st: &Unit, mode: FacingMode, d: Direction) -> bool {
        mode == FacingMode::None || st.road_dir().is_some() || st.facing == Facing::side(d)
    }

    /// 13.2c: the facing a unit takes as it reaches `to` by a road step toward `d`: down the
    /// road, its centre front on the next road hexside it could follow (any but the one it
    /// came in by). At a junction the one nearest straight ahead, counter-clockwise first on
    /// a tie; the player may turn to any other free (see [`Self::road_facings`]). Where the
    /// road ends the unit faces along its last step.
    pub(super) fn road_ahead(&self, to: Hex, d: Direction) -> Facing {
        [0i8, 1, -1, 2, -2]
            .into_iter()
            .map(|k| d.rotate(k))
            .find(|&x| self.board.side(to, x) & hs::ROAD != 0)
            .map_or(Facing::side(d), Facing::side)
    }

    /// 13.2c: the facings (bit `f` for facing `f`) a unit moving along a road may take free
    /// in the hex it reached by road this phase: each road hexside ahead of it. Empty when
    /// it is not moving along a road.
    pub(super) fn road_facings(&self, st: &Unit) -> u16 {
        let (Some(d), Some(h)) = (st.road_dir(), st.hex()) else {
            return 0;
        };
        let back = d.opposite();
        Direction::ALL
            .into_iter()
            .filter(|&x| x != back && self.board.side(h, x) & hs::ROAD != 0)
            .fold(0, |m, x| m | (1 << Facing::side(x).index()))
    }

    /// The half MPs for a unit to turn to `f` now (13.1), free to a road facing of 13.2c;
    /// `free` is its [`Self::road_facings`].
    fn face_cost(free: u16, st: &Unit, f: Facing) -> u16 {
        if free & (1 << f.index()) != 0 {
            return 0;
        }
        2 * u16::from(change_cost(FacingMode::Standard, st.facing, f))
    }

    /// Why a step along a road hexside does not go at the road rate, if it is one (the
    /// refusal a forced march names, 18.0a): the facing (13.2c) or a stack or another road
    /// mover in the way (ERR-4).
    pub(super) fn road_refusal(&self, s: &State, u: UnitId, to: Hex) -> Option<&'static str> {
        let st = &s.units[usize::from(u)];
        let from = st.hex()?;
        let d = from.direction_to(to)?;
        let class = self.move_class(s, u)?;
        if self.board.side(from, d) & hs::ROAD == 0 || class == MoveClass::InfantryLine {
            return None;
        }
        if !Self::road_facing_ok(st, self.facing_mode(s, u), d) {
            return Some("13.2c");
        }
        if !self.road_ok(s, &Occ::new(self, s), u, from, to) {
            return Some("ERR-4");
        }
        None
    }

    /// The full cost of a step, facing included (13.2a double cost off the centre front,
    /// 13.2b matching the facing of a stack entered, 13.2c roads ignore facing), and the
    /// facing after it.
    pub(super) fn step_cost(
        &self,
        s: &State,
        u: UnitId,
        to: Hex,
    ) -> Result<(u16, Facing, bool), Illegal> {
        self.step_eval(s, &Occ::new(self, s), u, to)
            .map_err(|r| self.refusal(s, u, to, r))
    }

    /// Whether one of the unit's steps passes the movement rules (no messages) and `also`,
    /// which is given the hex and whether the step goes at the road rate; the unit's part of
    /// the verdict is worked out once for its six neighbours.
    pub(super) fn steps_where(
        &self,
        s: &State,
        occ: &Occ,
        u: UnitId,
        mut also: impl FnMut(Hex, bool) -> bool,
    ) -> bool {
        let Ok(ctx) = self.step_ctx(s, occ, u) else {
            return false;
        };
        ctx.from.neighbors().into_iter().any(|n| {
            self.step_eval_in(s, occ, &ctx, n)
                .is_ok_and(|(_, _, road)| also(n, road))
        })
    }

    /// [`Self::step_cost`] without building messages (the listing path).
    fn step_eval(
        &self,
        s: &State,
        occ: &Occ,
        u: UnitId,
        to: Hex,
    ) -> Result<(u16, Facing, bool), Refusal> {
        let ctx = self.step_ctx(s, occ, u)?;
        self.step_eval_in(s, occ, &ctx, to)
    }

    /// What a step's cost reads of the moving unit, the same for each of its neighbours.
    fn step_ctx(&self, s: &State, occ: &Occ, u: UnitId) -> Result<StepCtx, Refusal> {
        let st = &s.units[usize::from(u)];
        Ok(StepCtx {
            unit: u,
            from: st.hex().ok_or(Refusal::NotOnMap)?,
            class: self.move_class(s, u).ok_or(Refusal::Immobile)?,
            ma: self.allowance(s, u),
            mode: self.facing_mode_in(s, Some(occ), u),
        })
    }

    /// One step of the unit of `ctx` to `to`: cost in half MPs, facing after, whether by road.
    fn step_eval_in(
        &self,
        s: &State,
        occ: &Occ,
        ctx: &StepCtx,
        to: Hex,
    ) -> Result<(u16, Facing, bool), Refusal> {
        let u = ctx.unit;
        let st = &s.units[usize::from(u)];
        let info = &self.units[usize::from(u)];
        let (from, class, ma, mode) = (ctx.from, ctx.class, ctx.ma, ctx.mode);
        let d = from.direction_to(to).ok_or(Refusal::NotAdjacent)?;
        if self.enemy_in_occ(occ, to, info.side) {
            return Err(Refusal::Enemy);
        }
        if self.emperor_clash_at(s, occ, u, to) {
            return Err(Refusal::Emperor);
        }
        // 16.2a: never in line; 13.2c: facing along the road unless already moving along
        // it; ERR-4: alone.
        // The stack search of ERR-4 only where the hexside carries a road.
        let road_ok = class != MoveClass::InfantryLine
            && self.board.side(from, d) & hs::ROAD != 0
            && Self::road_facing_ok(st, mode, d)
            && self.road_ok(s, occ, u, from, to);
        let (c, road) = self.terrain_step(class, from, d, road_ok);
        let spent = st.spent;
        let mut facing = st.facing;
        let base = match c {
            StepCost::Prohibited(rule) => return Err(Refusal::Terrain(rule)),
            StepCost::All if spent > 0 => return Err(Refusal::AllAfterMoving),
            StepCost::All => ma.max(1),
            StepCost::Half(h) => h,
        };
        let mut cost = if road {
            // 13.2c: along a road, facing costs are ignored; the unit faces down the road.
            facing = self.road_ahead(to, d);
            base
        } else {
            base * u16::from(entry_cost_factor(mode, st.facing, d))
        };
        // 13.2b: a unit entering a stack must match its facing.
        if mode != FacingMode::None {
            let other = self.occ_at(occ, to).find(|&o| {
                o != u
                    && self.units[usize::from(o)].side == info.side
                    && self.units[usize::from(o)].combat()
            });
            if let Some(o) = other {
                let of = s.units[usize::from(o)].facing;
                cost += 2 * u16::from(change_cost(mode, facing, of));
                facing = of;
            }
        }
        // 16.1e: a unit that has not moved may always move one hex.
        let minimum = spent == 0 && cost > ma;
        if spent + cost > ma && !minimum {
            return Err(Refusal::NoMp {
                left: ma.saturating_sub(spent),
                cost,
            });
        }
        Ok((if minimum { ma.max(cost) } else { cost }, facing, road))
    }

    fn refusal(&self, s: &State, u: UnitId, to: Hex, r: Refusal) -> Illegal {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        let from = st.hex().unwrap_or(to);
        match r {
            Refusal::NotOnMap => Illegal::new("16.1", format!("{} is not on the map", info.name)),
            Refusal::NotAdjacent => Illegal::new(
                "16.1",
                format!("{} is not adjacent to {}", self.label(to), self.label(from)),
            ),
            Refusal::Immobile => Illegal::new(
                "11.2",
                format!(
                    "{} cannot move in its formation ({:?})",
                    info.name, st.formation
                ),
            ),
            Refusal::Emperor => self
                .emperor_entry_check(s, u, to)
                .err()
                .unwrap_or_else(|| Illegal::new("AUS 3.1", "an Emperor keeps to his own nation")),
            Refusal::Enemy => Illegal::new(
                "16.3a",
                format!(
                    "{} is enemy-occupied: only a close combat or charge enters it",
                    self.label(to)
                ),
            ),
            Refusal::Terrain(rule) => Illegal::new(
                rule,
                format!(
                    "{} may not enter {} ({}{})",
                    info.name,
                    self.label(to),
                    self.board.hex(to).terrain.id(),
                    if rule == "11.2" {
                        ", across a bridge in line"
                    } else {
                        ""
                    }
                ),
            ),
            Refusal::AllAfterMoving => Illegal::new(
                "16.2",
                format!(
                    "entering {} takes {}'s whole allowance, and it has moved",
                    self.label(to),
                    info.name
                ),
            ),
            Refusal::NoMp { left, cost } => Illegal::new(
                "16.1",
                format!(
                    "{} has {} MP left; entering {} costs {}",
                    info.name,
                    half(u32::from(left)),
                    self.label(to),
                    half(u32::from(cost))
                ),
            ),
        }
    }

    /// Whether a unit may take part in the Movement Phase at all.
    fn may_move(&self, s: &State, u: UnitId, side: Side) -> bool {
        let info = &self.units[usize::from(u)];
        let st = &s.units[usize::from(u)];
        info.side == side
            && st.hex().is_some()
            && !st.has(flag::STOPPED)
            // 25.1b: routed units do not move voluntarily, but 12.5 gives them one hex to
            // break up an over-stacked hex.
            && (st.morale != MoraleState::Routed || !info.combat() || self.routed_break_out(s, u))
    }

    /// The Close Fire Zone test of 15.1a: `hex` within 3 hexes of an unlimbered battery of
    /// `enemy`, in its front and in its line of sight.
    pub fn in_cfz(&self, s: &State, battery: UnitId, hex: Hex) -> bool {
        let st = &s.units[usize::from(battery)];
        let Some(b) = st.hex() else { return false };
        if st.formation != Formation::Unlimbered
            || st.morale == MoraleState::Routed
            || self.gun_points(s, battery) == 0
            || b.distance(hex) > 3
            || b == hex
        {
            return false;
        }
        let front = match self.facing_mode(s, battery) {
            FacingMode::AllFrontal => true,
            FacingMode::Standard => arc::in_front(b, st.facing, hex),
            _ => false,
        };
        front && self.clear_los(s, b, hex)
    }

    /// The enemy batteries whose Close Fire Zone `unit` violates by stepping from `from` to
    /// `to` (15.1b: leaving the zone or the battery's sight) or, with `to` = `None`, by
    /// changing formation in it (15.1b, 15.1g). Facing changes never trigger (15.1h).
    pub(super) fn opportunity_batteries(
        &self,
        s: &State,
        unit: UnitId,
        from: Hex,
        to: Option<Hex>,
    ) -> Vec<UnitId> {
        let side = self.units[usize::from(unit)].side;
        (0..s.units.len() as UnitId)
            .filter(|&b| {
                let info = &self.units[usize::from(b)];
                info.side != side
                    && info.kind == UnitKind::Artillery
                    && self.in_cfz(s, b, from)
                    && to.is_none_or(|t| !self.in_cfz(s, b, t))
            })
            .collect()
    }

    /// The steps of `u` the Movement Phase listing offers, among the hexes `want` accepts.
    pub(super) fn listed_steps_where(
        &self,
        s: &State,
        occ: &Occ,
        u: UnitId,
        want: impl Fn(Hex) -> bool,
    ) -> bool {
        let side = self.phasing(s);
        let Some(h) = s.units[usize::from(u)].hex() else {
            return false;
        };
        if !self.may_move(s, u, side) {
            return false;
        }
        let mut radius = super::query::RadiusCache::default();
        let gate = self.step_gate(s, occ, &mut radius, u, h);
        let leash = self.leash_of(s, u);
        self.steps_where(s, occ, u, |n, road| {
            want(n)
                && gate.allows(self, s, occ, &mut radius, n)
                && self.part_step_ok(s, occ, u, leash.as_ref(), n, road)
        })
    }

    /// The Movement Phase's actions.
    pub(super) fn movement_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = self.phasing(s);
        let occ = Occ::new(self, s);
        let mut radius = super::query::RadiusCache::default();
        let mut anchors: Option<Vec<Hex>> = None; // 11.5b, gathered at the first skirmisher
        for u in 0..s.units.len() as UnitId {
            if !self.may_move(s, u, side) {
                continue;
            }
            let st = &s.units[usize::from(u)];
            let Some(h) = st.hex() else { continue };
            if let Ok(ctx) = self.step_ctx(s, &occ, u) {
                // What orders, radius (10.1h, 10.5a) and the leash (11.5b) allow is worked
                // out at the first step the movement rules allow: many units have none.
                let mut gate = None;
                let mut leash = None;
                for n in h.neighbors() {
                    let Ok((_, _, road)) = self.step_eval_in(s, &occ, &ctx, n) else {
                        continue;
                    };
                    let gate = match &gate {
                        Some(g) => g,
                        None => {
                            // 11.5b: with a leash anchor within one hex, every step ends
                            // within two hexes of it, so the leash cannot refuse one.
                            leash = if self.is_skirmisher(u) && !self.leash_slack(&occ, u, h) {
                                let a = anchors.get_or_insert_with(|| self.leash_anchors(s, side));
                                self.leash_among(s, u, a)
                            } else {
                                None
                            };
                            gate.insert(self.step_gate(s, &occ, &mut radius, u, h))
                        }
                    };
                    if gate.allows(self, s, &occ, &mut radius, n)
                        && self.part_step_ok(s, &occ, u, leash.as_ref(), n, road)
                    {
                        out.push(Action::Step { unit: u, to: n });
                    }
                }
            }
            let info = &self.units[usize::from(u)];
            if info.combat()
                && st.morale != MoraleState::Routed
                && self.facing_mode_in(s, Some(&occ), u) != FacingMode::None
            {
                let ma = self.allowance(s, u).max(self.fixed_allowance(s, u));
                let free = self.road_facings(st); // 13.2c
                for f in 0..12u8 {
                    if f != st.facing.index() {
                        if let Some(ff) = Facing::new(f) {
                            let c = Self::face_cost(free, st, ff);
                            if st.spent + c <= ma {
                                out.push(Action::Face { unit: u, facing: f });
                            }
                        }
                    }
                }
            }
            for f in self.formations_open(s, u) {
                out.push(Action::Form {
                    unit: u,
                    formation: f,
                });
                if info.kind == UnitKind::Artillery {
                    out.push(Action::FormAbout {
                        unit: u,
                        formation: f,
                    }); // 13.1b
                }
            }
        }
        for a in &self.arrivals {
            if s.units[usize::from(a.unit)].place != Place::Off
                || self.units[usize::from(a.unit)].side != side
            {
                continue;
            }
            if let Some(at) = self.arrival_now(s, a) {
                for h in self.entry_hexes(s, at, side) {
                    if self.emperor_entry_check(s, a.unit, h).is_err() {
                        continue; // AUS 3.1
                    }
                    out.push(Action::Enter {
                        unit: a.unit,
                        hex: h,
                    });
                }
            }
        }
        self.assault_actions(s, &occ, out);
        self.charge_actions(s, out);
        self.part_actions(s, &occ, out); // 11.5, 17.0, 27.1, 18.0, 11.6e
        self.to_top_actions(s, &occ, 0..s.units.len() as UnitId, side, out); // 12.2
        if !self.reinforcements_due(s)
            && self.emperor_astray(s, &occ).is_none()
            && (s.break_up.is_empty() || self.break_up_block(s, &occ).is_none())
            && self.end_movement_block_with(s, &occ, &mut radius).is_none()
            && self.leash_block(s, &occ, &mut radius).is_none()
        {
            out.push(Action::EndMovement);
        }
    }

    /// The allowance of an immobile unit for turning and re-forming (11.2: unlimbered
    /// artillery and squares spend MPs on facing and formation only): its moving allowance.
    fn fixed_allowance(&self, _s: &State, u: UnitId) -> u16 {
        let info = &self.units[usize::from(u)];
        let class = match info.kind {
            UnitKind::Infantry => MoveClass::InfantryLine,
            UnitKind::Artillery => match info.class {
                super::types::GunClass::Foot => MoveClass::FootArtillery,
                super::types::GunClass::Horse => MoveClass::HorseArtillery,
            },
            _ => return 0,
        };
        2 * u16::from(self.tables.ma(class))
    }

    fn reinforcements_due(&self, s: &State) -> bool {
        let side = self.phasing(s);
        self.arrivals.iter().any(|a| {
            s.units[usize::from(a.unit)].place == Place::Off
                && self.units[usize::from(a.unit)].side == side
                && self.arrival_now(s, a).is_some_and(|at| {
                    self.entry_hexes(s, at, side)
                        .into_iter()
                        .any(|h| self.emperor_entry_check(s, a.unit, h).is_ok())
                })
        })
    }

    /// Where a reinforcement may enter (1.1e): its entry hex, or if the enemy holds it any
    /// enemy-free edge hex within 10 hexes.
    fn entry_hexes(&self, s: &State, hex: Hex, side: Side) -> Vec<Hex> {
        if self.board.on_map(hex) && !self.enemy_in(s, hex, side) {
            return alloc::vec![hex];
        }
        let mut v: Vec<Hex> = self
            .board
            .hexes()
            .filter(|h| {
                h.distance(hex) <= 10
                    && self.board.hex(*h).edge_dist == 0
                    && !self.enemy_in(s, *h, side)
            })
            .collect();
        v.sort();
        v
    }

    fn take_stack_place(&self, s: &mut State, u: UnitId) {
        s.units[usize::from(u)].order = s.next_order;
        s.next_order = s.next_order.wrapping_add(1);
    }

    /// Applies a movement-phase action.
    pub(super) fn movement_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        self.movement_do(s, a, ev, false)
    }

    /// Applies a movement action; `resumed` when the opportunity-fire window for it has
    /// already been offered (15.1).
    pub(super) fn movement_do(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
        resumed: bool,
    ) -> Result<(), Illegal> {
        let side = self.phasing(s);
        match a {
            Action::Step { unit, to } => {
                self.unit_ref(s, *unit)?;
                if !self.routed_break_out(s, *unit) {
                    self.own_mover(s, *unit, side)?; // 12.5: or a routed unit's one hex
                }
                let occ = Occ::new(self, s);
                let (cost, facing, road) = self
                    .step_eval(s, &occ, *unit, *to)
                    .map_err(|r| self.refusal(s, *unit, *to, r))?;
                self.order_step_check(s, &occ, *unit, *to)?;
                self.part_step_check(s, *unit, *to)?; // 11.5b, 17.1, 18.0a
                let from = s.units[usize::from(*unit)].hex().unwrap_or(*to);
                if !resumed {
                    let bats = self.opportunity_batteries(s, *unit, from, Some(*to));
                    if !bats.is_empty() {
                        ev.push(Event::OpportunityOffered {
                            at: from,
                            batteries: bats.clone(),
                        });
                        s.tasks.push(Task::Resume {
                            then: a.clone(),
                            unit: *unit,
                            at: from,
                            changed: false,
                            morale: s.units[usize::from(*unit)].morale,
                        });
                        s.tasks.push(Task::OpportunityWindow {
                            movers: alloc::vec![*unit],
                            batteries: bats,
                            at: from,
                        });
                        return Ok(());
                    }
                }
                if self.reaction_before_step(s, *unit, from, a, ev) {
                    return Ok(());
                }
                {
                    let st = &mut s.units[usize::from(*unit)];
                    st.place = Place::At(*to);
                    st.spent += cost;
                    st.facing = facing;
                    st.flags |= flag::MOVED;
                }
                self.note_road_step(s, *unit, from, *to, road, facing);
                self.take_stack_place(s, *unit);
                self.after_part_step(s, *unit, road); // 11.5h A, 18.0a
                self.note_control(s, *to, side);
                // 26.4e: enemy leaders alone in the hex entered displace.
                self.displace_leaders_of_enemy(s, *to);
                if self.units[usize::from(*unit)].combat() {
                    self.merge_morale(s, *to);
                    self.cavalry_terrain(s, *unit, *to, road, ev);
                }
                ev.push(Event::Moved {
                    unit: *unit,
                    from,
                    to: *to,
                    cost,
                });
                self.after_step(s, *unit, from, *to, ev);
                self.order_after_step(s, *unit, ev);
                Ok(())
            }
            Action::Face { unit, facing } => {
                self.unit_ref(s, *unit)?;
                self.own_mover(s, *unit, side)?;
                let f =
                    Facing::new(*facing).ok_or_else(|| Illegal::new("13.0", "a facing is 0-11"))?;
                let st = &s.units[usize::from(*unit)];
                if self.facing_mode(s, *unit) == FacingMode::None {
                    return Err(Illegal::new(
                        "13.0a",
                        format!("{} has no facing", self.name(*unit)),
                    ));
                }
                // 13.2c: a unit moving along a road turns free to any road hexside ahead.
                let road_free = self.road_facings(st);
                let free = road_free & (1 << f.index()) != 0;
                let c = Self::face_cost(road_free, st, f);
                let ma = self.allowance(s, *unit).max(self.fixed_allowance(s, *unit));
                if f == st.facing || st.spent + c > ma {
                    return Err(Illegal::new(
                        "13.1",
                        format!(
                            "{} cannot turn to {facing}: it costs {} MP",
                            self.name(*unit),
                            c / 2
                        ),
                    ));
                }
                let st = &mut s.units[usize::from(*unit)];
                st.facing = f;
                st.spent += c;
                if !free {
                    // 13.2c: any other turn ends the road movement.
                    st.road &= !road::DIR;
                }
                if c > 0 {
                    st.flags |= flag::MOVED;
                }
                ev.push(Event::Faced {
                    unit: *unit,
                    facing: *facing,
                    cost: (c / 2) as u8,
                });
                Ok(())
            }
            Action::Form { unit, formation } | Action::FormAbout { unit, formation } => {
                self.unit_ref(s, *unit)?;
                self.own_mover(s, *unit, side)?;
                let about = matches!(a, Action::FormAbout { .. });
                if about && self.units[usize::from(*unit)].kind != UnitKind::Artillery {
                    return Err(Illegal::new(
                        "13.1b",
                        format!(
                            "{} is not artillery: only artillery turns about free as it changes formation",
                            self.name(*unit)
                        ),
                    ));
                }
                if !self.formations_open(s, *unit).any(|f| f == *formation) {
                    // The refusal names the case that forbids it (11.0a MPs, 11.6a square).
                    return Err(self
                        .form_cost(s, *unit, *formation)
                        .err()
                        .unwrap_or_else(|| {
                            Illegal::new(
                                "11.0",
                                format!(
                                    "{} cannot take {:?} formation",
                                    self.name(*unit),
                                    formation
                                ),
                            )
                        }));
                }
                let at = s.units[usize::from(*unit)].hex().unwrap_or(Hex::new(0, 0));
                if !resumed {
                    let bats = self.opportunity_batteries(s, *unit, at, None);
                    if !bats.is_empty() {
                        ev.push(Event::OpportunityOffered {
                            at,
                            batteries: bats.clone(),
                        });
                        s.tasks.push(Task::Resume {
                            then: a.clone(),
                            unit: *unit,
                            at,
                            changed: false,
                            morale: s.units[usize::from(*unit)].morale,
                        });
                        s.tasks.push(Task::OpportunityWindow {
                            movers: alloc::vec![*unit],
                            batteries: bats,
                            at,
                        });
                        return Ok(());
                    }
                }
                let cost = self.form_cost(s, *unit, *formation)?;
                self.make_change(s, *unit, *formation, about, cost, ev);
                Ok(())
            }
            Action::Enter { unit, hex } => {
                self.unit_ref(s, *unit)?;
                let ok = self.arrivals.iter().any(|x| {
                    x.unit == *unit
                        && self.units[usize::from(*unit)].side == side
                        && self
                            .arrival_now(s, x)
                            .is_some_and(|at| self.entry_hexes(s, at, side).contains(hex))
                }) && s.units[usize::from(*unit)].place == Place::Off;
                if !ok {
                    if let Some(why) = self.column_wait(s, *unit) {
                        return Err(Illegal::new(
                            "AUS 7.5",
                            format!("{} does not enter yet: {why}", self.name(*unit)),
                        ));
                    }
                    return Err(Illegal::new(
                        "16.4",
                        format!(
                            "{} does not enter at {} now",
                            self.name(*unit),
                            self.label(*hex)
                        ),
                    ));
                }
                self.emperor_entry_check(s, *unit, *hex)?; // AUS 3.1
                // 16.4: units enter as a column from off the map; each pays one MP per unit
                // that entered at the same hex before it this phase (provisional reading).
                let ahead = s
                    .units
                    .iter()
                    .enumerate()
                    .filter(|(i, x)| {
                        x.place == Place::At(*hex)
                            && x.has(flag::MOVED)
                            && self.arrivals.iter().any(|a| usize::from(a.unit) == *i)
                    })
                    .count() as u16;
                let st = &mut s.units[usize::from(*unit)];
                st.place = Place::At(*hex);
                st.flags |= flag::MOVED;
                self.take_stack_place(s, *unit);
                let ma = self.allowance(s, *unit);
                let st = &mut s.units[usize::from(*unit)];
                st.spent = (2 * (ahead + 1)).min(ma);
                self.note_control(s, *hex, side);
                self.merge_morale(s, *hex);
                ev.push(Event::Entered {
                    unit: *unit,
                    hex: *hex,
                });
                self.arrival_attachments(s, *unit, ev); // AUS 7.1, 7.3, 7.4
                Ok(())
            }
            Action::Assault { from, target } => self.declare_assault(s, *from, *target, ev),
            Action::AssaultChoose { from, target } => self.choose_assault(s, *from, *target),
            Action::Charge { from, target, path } => {
                self.declare_charge(s, *from, *target, path, ev)
            }
            Action::Release { .. }
            | Action::Combine { .. }
            | Action::Split { .. }
            | Action::Restack { .. }
            | Action::Extend { .. }
            | Action::Absorb { .. }
            | Action::Detach { .. }
            | Action::Reattach { .. }
            | Action::ForcedMarch { .. }
            | Action::LeaveSquare { .. } => self.part_action(s, a, ev, resumed),
            Action::ToTop { unit } => {
                let h = self.to_top_check(s, *unit, side, "12.2")?;
                self.to_top_do(s, *unit, h, "12.2", ev);
                Ok(())
            }
            Action::EndMovement => {
                if self.reinforcements_due(s) {
                    return Err(Illegal::new(
                        "16.4",
                        "reinforcements due this turn must enter; they cannot be delayed",
                    ));
                }
                if let Some(e) = self.end_movement_block(s) {
                    return Err(e);
                }
                if let Some((_, e)) = self.emperor_astray(s, &Occ::new(self, s)) {
                    return Err(e); // AUS 3.1
                }
                if !s.break_up.is_empty() {
                    if let Some(e) = self.break_up_block(s, &Occ::new(self, s)) {
                        return Err(e); // 12.5, 25.3d
                    }
                }
                // 11.5b: strayed skirmishers that can step back must.
                let occ = Occ::new(self, s);
                let mut cache = super::query::RadiusCache::default();
                if let Some(e) = self.leash_block(s, &occ, &mut cache) {
                    return Err(e);
                }
                self.next_phase(s, ev);
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    pub(super) fn own_mover(&self, s: &State, u: UnitId, side: Side) -> Result<(), Illegal> {
        let info = &self.units[usize::from(u)];
        if info.side != side {
            return Err(Illegal::new(
                "16.3b",
                format!("{} is not the moving player's", info.name),
            ));
        }
        let st = &s.units[usize::from(u)];
        if st.hex().is_none() {
            return Err(Illegal::new(
                "16.1",
                format!("{} is not on the map", info.name),
            ));
        }
        if st.has(flag::STOPPED) {
            return Err(Illegal::new(
                "15.1d",
                format!("{} has stopped for the phase", info.name),
            ));
        }
        if st.morale == MoraleState::Routed && info.combat() {
            return Err(Illegal::new(
                "25.1b",
                format!("{} is routed and cannot move voluntarily", info.name),
            ));
        }
        Ok(())
    }

    /// 13.2c, ERR-4: what a step leaves behind of road movement. A road step makes the unit a
    /// road mover (leaders and HQs aside), marks the other units of the hex entered as passed
    /// through, and keeps it moving along the road while it faces down it; any other step
    /// ends its road movement.
    fn note_road_step(
        &self,
        s: &mut State,
        u: UnitId,
        from: Hex,
        to: Hex,
        by_road: bool,
        facing: Facing,
    ) {
        let d = from.direction_to(to);
        let st = &mut s.units[usize::from(u)];
        st.road &= !road::DIR;
        let Some(d) = d.filter(|_| by_road) else {
            return;
        };
        if facing == self.road_ahead(to, d) {
            st.road |= d.index() + 1;
        }
        if matches!(
            self.units[usize::from(u)].kind,
            UnitKind::Leader | UnitKind::Hq
        ) {
            return;
        }
        st.road |= road::USED;
        for (i, x) in s.units.iter_mut().enumerate() {
            if i != usize::from(u)
                && x.place == Place::At(to)
                && !matches!(self.units[i].kind, UnitKind::Leader | UnitKind::Hq)
            {
                x.road |= road::PASSED;
            }
        }
    }

    /// Cavalry entering '*' terrain other than by road movement becomes DG (24.0, Movement
    /// Chart note); `road` is whether the step went at the road rate (16.2a, 13.2c).
    fn cavalry_terrain(&self, s: &mut State, u: UnitId, to: Hex, road: bool, ev: &mut Vec<Event>) {
        if self.units[usize::from(u)].kind != UnitKind::Cavalry {
            return;
        }
        if !road
            && self
                .tables
                .cavalry_auto_dg(self.terrain_idx(self.board.hex(to).terrain))
        {
            let m = self.hex_morale(s, to);
            if m < MoraleState::Disorganized {
                self.set_hex_morale(s, to, MoraleState::Disorganized);
                ev.push(Event::MoraleChanged {
                    hex: to,
                    state: MoraleState::Disorganized,
                    rule: "24.0".into(),
                });
            }
        }
    }

    /// 25.3c (over 12.4, ERR-23): a stack formed, even in passing, takes the worst state
    /// present and keeps it.
    pub(super) fn merge_morale(&self, s: &mut State, hex: Hex) {
        let worst = self.hex_morale(s, hex);
        self.set_hex_morale(s, hex, worst);
    }

    /// Records who last entered a victory hex (AUS 7.1).
    pub(super) fn note_control(&self, s: &mut State, hex: Hex, side: Side) {
        if let super::Victory::Goldbach { hexes, .. } = &self.victory {
            if hexes.contains(&hex) {
                if let Some(c) = s.control.iter_mut().find(|c| c.0 == hex) {
                    c.1 = side;
                } else {
                    s.control.push((hex, side));
                    s.control.sort();
                }
            }
        }
    }

    /// Every hex the unit can reach this phase with its facing kept (16.1, 13.2a).
    pub(super) fn reach(&self, s: &State, u: UnitId) -> Result<Vec<Reached>, Illegal> {
        self.unit_ref(s, u)?;
        let st = &s.units[usize::from(u)];
        let Some(start) = st.hex() else {
            return Err(Illegal::new(
                "16.1",
                format!("{} is not on the map", self.name(u)),
            ));
        };
        let Some(class) = self.move_class(s, u) else {
            return Ok(alloc::vec![Reached {
                hex: start,
                facing: Some(st.facing.index()),
                also: Vec::new(),
                cost: 0,
                path: alloc::vec![start]
            }]);
        };
        let ma = self.allowance(s, u);
        let mode = self.facing_mode(s, u);
        let costs = Costs {
            nbs: self,
            s,
            u,
            class,
            facing: st.facing,
            mode,
            start,
            unit: st,
        };
        let mut r = Reach::new();
        r.run(
            &costs,
            start,
            ReachOptions {
                allowance: u32::from(ma.saturating_sub(st.spent)),
                one_hex_minimum: st.spent == 0,
            },
        )
        .map_err(|e| Illegal::new("engine", format!("{e:?}")))?;
        let mut out = Vec::new();
        for (h, c) in r.ends() {
            let path = r.path(h).unwrap_or_default();
            out.push(Reached {
                hex: h,
                facing: Some(st.facing.index()),
                also: Vec::new(),
                cost: c,
                path,
            });
        }
        Ok(out)
    }
}

struct Costs<'a> {
    nbs: &'a Nbs,
    s: &'a State,
    u: UnitId,
    class: MoveClass,
    facing: Facing,
    mode: FacingMode,
    start: Hex,
    unit: &'a Unit,
}

impl MoveCosts for Costs<'_> {
    fn bounds(&self) -> Bounds {
        self.nbs.board.grid.bounds()
    }
    fn contains(&self, hex: Hex) -> bool {
        self.nbs.board.on_map(hex)
    }
    fn enter_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let d = from.direction_to(to)?;
        let side = self.nbs.units[usize::from(self.u)].side;
        if self.nbs.enemy_in(self.s, to, side) {
            return None;
        }
        // 13.2c from the start hex; beyond it the unit is taken to be moving along the road
        // it follows (an approximation: the search does not follow facings).
        let road_ok = self.class != MoveClass::InfantryLine
            && (from != self.start || Nbs::road_facing_ok(self.unit, self.mode, d));
        match self.nbs.terrain_step(self.class, from, d, road_ok) {
            (StepCost::Half(h), true) => Some(u32::from(h)),
            (StepCost::Half(h), false) => {
                Some(u32::from(h) * u32::from(entry_cost_factor(self.mode, self.facing, d)))
            }
            _ => None,
        }
    }
}

/// Free re-ordering of a stack (12.2, 24.1 H).
impl Nbs {
    /// The combat units of `hex` other than skirmishers, top first: the part of the stack a
    /// `ToTop` re-orders (skirmishers keep the very top or bottom, 11.5h A).
    fn main_stack(&self, s: &State, hex: Hex) -> Vec<UnitId> {
        let mut v = self.combat_stack(s, hex);
        v.retain(|&u| !self.is_skirmisher(u));
        v
    }

    /// Whether `unit` of `side` may be put on top of its stack now; `rule` is the rule that
    /// allows it (12.2 in the Movement Phase, 24.1 H before a follow-on). Its hex if so.
    pub(super) fn to_top_check(
        &self,
        s: &State,
        unit: UnitId,
        side: Side,
        rule: &'static str,
    ) -> Result<Hex, Illegal> {
        self.unit_ref(s, unit)?;
        let info = &self.units[usize::from(unit)];
        if info.side != side {
            return Err(Illegal::new(
                rule,
                format!("{} is not the moving player's to re-order", self.name(unit)),
            ));
        }
        if !info.combat() || self.is_skirmisher(unit) {
            return Err(Illegal::new(
                rule,
                format!(
                    "{} has no place of its own to change (leaders and HQs are not stacked in order; skirmishers restack by 11.5h B)",
                    self.name(unit)
                ),
            ));
        }
        let h = s.units[usize::from(unit)]
            .hex()
            .ok_or_else(|| Illegal::new(rule, format!("{} is not on the map", self.name(unit))))?;
        if self.main_stack(s, h).first() == Some(&unit) {
            return Err(Illegal::new(
                rule,
                format!("{} is already on top of its stack", self.name(unit)),
            ));
        }
        Ok(h)
    }

    /// One `ToTop` per unit of `units` that may go on top (12.2, 24.1 H): the listing form of
    /// [`Self::to_top_check`], which reads the stacks from the index instead of building each
    /// unit's stack (and a refusal message) again.
    pub(super) fn to_top_actions(
        &self,
        s: &State,
        occ: &Occ,
        units: impl Iterator<Item = UnitId>,
        side: Side,
        out: &mut Vec<Action>,
    ) {
        let main = |u: UnitId| {
            let info = &self.units[usize::from(u)];
            info.combat() && !self.is_skirmisher(u)
        };
        for u in units {
            if usize::from(u) >= s.units.len()
                || self.units[usize::from(u)].side != side
                || !main(u)
            {
                continue;
            }
            let Some(h) = s.units[usize::from(u)].hex() else {
                continue;
            };
            // The top of the main stack: the lowest order number (ties by id), as `stack`
            // sorts the non-skirmisher combat units.
            let top = self
                .occ_at(occ, h)
                .filter(|&x| main(x))
                .min_by_key(|&x| (s.units[usize::from(x)].order, x));
            if top != Some(u) {
                out.push(Action::ToTop { unit: u });
            }
        }
    }

    /// Puts `unit` on top of the other non-skirmisher combat units of `hex`, the rest keeping
    /// their order: the stack's own order numbers are handed out again, so nothing else moves.
    pub(super) fn to_top_do(
        &self,
        s: &mut State,
        unit: UnitId,
        hex: Hex,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        let old = self.main_stack(s, hex);
        let mut numbers: Vec<u16> = old.iter().map(|&u| s.units[usize::from(u)].order).collect();
        numbers.sort_unstable();
        let new = core::iter::once(unit).chain(old.iter().copied().filter(|&u| u != unit));
        for (u, n) in new.zip(numbers) {
            s.units[usize::from(u)].order = n;
        }
        ev.push(Event::ToTop {
            unit,
            hex,
            rule: rule.into(),
        });
    }
}

fn half(h: u32) -> alloc::string::String {
    if h % 2 == 0 {
        format!("{}", h / 2)
    } else {
        format!("{}½", h / 2)
    }
}
