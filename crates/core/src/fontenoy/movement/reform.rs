//! Reformations in the active player's Movement Segment (8.2a): the changes the Formation
//! Change Table links (8.3a, 8.3b, 8.3c), each with its cost and where the unit stands after
//! it (8.4a–8.4j), limbering and unlimbering (8.6a–8.6c), the starred changes in difficult
//! terrain (8.7), about-faces of multi-hex formations and unlimbered guns (9.6a–9.6c), and
//! groups reforming as one, guns with their infantry (10.12a–10.12c). A change is a Fire
//! Reaction trigger (12.8c) and a Cavalry Reaction trigger (17.0; turn/activation.rs).
//!
//! One action, [`Action::Reform`], names the new formation and the new position; the listing
//! offers every position the rules allow, built from the unit's own hexes. The costs are the
//! Reformation Table's ([`super::super::tables::reform`]).
//!
//! Readings (docs/coverage/fontenoy.md):
//! * 8.4a: a hex dropped from a Road Column is "in line" when it lies straight behind the head
//!   along the column's facing; the March Column keeps the Road Column's facing.
//! * 8.4b: a March Column lengthening into a Road Column lays its new hexes behind its tail
//!   (the listing offers them straight on; any chain of enterable hexes is accepted).
//! * 8.4c: the new Line covers the column's head hex; a new March Column has its head in one of
//!   the Line's hexes; both may be longer or shorter, up to what the SP allow (8.1a, 8.1d).
//! * 8.4f, 8.4g: a Square keeps the vertex facing it is given; its facing does not matter.
//! * 8.4h against 8.3b: Skirmish is formed from single-hex formations only, and a skirmisher
//!   leaves Skirmish into a one-hex Line or March Column (Square only from those, 8.4f).
//! * 8.4i: leaving General Order is one action: the unit steps into an adjacent hex that does
//!   not require it and takes its new formation and facing there, for all its MP.
//! * 10.12a: the group is the units standing exactly where the first stands, in its
//!   formation, that have spent the same MP; every member pays the dearest member's cost
//!   (F-1.6g: a group of several nationalities pays the highest).
//! * 10.12c: guns of the same place go with infantry that reforms: limbered into a March
//!   Column, unlimbered into a Line or Hook of their facing, or a Square; not into anything
//!   else. A gun that changes pays 2 MP (8.6b) like the rest of the group.
//! * F-2.4a: Attack Column is never used at Fontenoy, so 8.4d and 8.4e are refused.

use alloc::format;
use alloc::vec::Vec;
use smallvec::SmallVec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::board::side as hs;
use super::super::checks::{CheckKind, CheckReq};
use super::super::event::Event;
use super::super::geometry::{
    Hexes, HookSide, Placed, line_axis, line_hexes, road_column_length, shape_ok,
};
use super::super::occupancy::Occupancy;
use super::super::state::{Act, FireKind, Place, State, Step};
use super::super::tables::reform::Change;
use super::super::tables::{MoveClass, Mp};
use super::super::types::{DisorderCheck, Formation, Kind, Morale, Pts};
use super::super::units::{Skirmish, UnitId};
use super::Named;
use crate::engine::Illegal;
use crate::hex::{Direction, Facing, Hex};

/// What a reformation costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cost {
    /// Points from the MPo.
    Pts(Pts),
    /// The whole MPo, nothing spent before; the movement ends (8.4f, 8.4g, 8.4i, 8.7, 9.6a).
    Whole,
}

/// The group about to reform.
struct Ctx {
    lead: UnitId,
    f: Formation,
    p: Placed,
    /// The units in the lead's formation, lead first.
    group: super::Group,
    /// Guns standing with infantry (10.12c).
    guns: super::Group,
    spent: Pts,
    left: Pts,
    kind: Kind,
    /// The SP of `group`.
    sp: u16,
    /// Only whether a change is legal is wanted, not why not (the listing).
    quiet: bool,
    /// Some member or gun is Disordered.
    disordered: bool,
    /// Every member is skirmish-capable infantry (8.1g).
    capable: bool,
    /// One of the group's hexes is in an enemy ZOC (9.1).
    in_ezoc: bool,
}

/// A reformation worked out.
struct Plan {
    /// Each member's new formation and position.
    moves: SmallVec<[(UnitId, Formation, Placed); 4]>,
    cost: Cost,
    rule: &'static str,
    /// 8.7: a starred change touching difficult terrain.
    difficult: bool,
    /// It steps into an adjacent hex (8.4i).
    leaves: bool,
}

/// The turn from `from` to `to` on the March Column ↔ Line diagrams (8.4c): 0 ahead (30
/// degrees), 1 right, 2 left (90), 3 rear (150); `None` for any other turn.
fn turn_class(from: Facing, to: Facing) -> Option<u8> {
    match (to.index() + 12 - from.index()) % 12 {
        1 | 11 => Some(0),
        9 => Some(1),
        3 => Some(2),
        5 | 7 => Some(3),
        _ => None,
    }
}

/// The direction a hexside facing looks toward.
fn dir_of(f: Facing) -> Direction {
    Direction::new(f.index() / 2).unwrap_or(Direction::ALL[0])
}

/// A straight column of `m` hexes with its head at `head`, facing the hexside `facing`.
fn column(head: Hex, facing: Facing, m: usize) -> Option<Hexes> {
    let back = dir_of(facing).opposite();
    let mut list = [head; super::super::geometry::MAX_HEXES];
    for i in 1..m.min(list.len()) {
        list[i] = list[i - 1].neighbor(back);
    }
    Hexes::from_slice(&list[..m.min(list.len())])
}

/// A Line of `m` hexes facing the vertex `facing` with `h` as its `i`-th hex from the right.
fn line_through(h: Hex, facing: Facing, m: usize, i: usize) -> Option<Hexes> {
    let back = line_axis(facing).opposite();
    let mut right = h;
    for _ in 0..i {
        right = right.neighbor(back);
    }
    line_hexes(right, facing, m)
}

/// Where a unit at `p` in `f` stands once it has about-faced (9.6b, 9.6c): a column's tail
/// becomes its head; a Line and a single hex turn in place.
fn about_faced(f: Formation, p: &Placed) -> Option<Placed> {
    let old = p.hexes.as_slice();
    let n = old.len();
    let mut rev = [p.hexes.first(); super::super::geometry::MAX_HEXES];
    for (i, &h) in old.iter().rev().enumerate() {
        rev[i] = h;
    }
    let hexes = Hexes::from_slice(&rev[..n])?;
    let facing = match f {
        Formation::RoadColumn if n >= 2 => Facing::side(old[n - 2].direction_to(old[n - 1])?),
        _ => p.facing.opposite(),
    };
    Some(Placed {
        hexes,
        facing,
        hook: None,
    })
}

impl Fontenoy {
    /// F-4.1e I: the two English 6-pounders marked so never form Road Column, unless optional
    /// rule 7.4 is used.
    fn road_column_barred(&self, c: &Ctx) -> bool {
        !self.option("7.4")
            && c.group
                .iter()
                .any(|&g| self.units[usize::from(g)].no_road_column)
    }

    /// Whether `u` may take part in a reformation now (8.2a): activated, on the map, not
    /// Routed, its movement not over; none under Restricted Activation (6.8b: only Road
    /// Movement).
    fn may_reform(&self, s: &State, u: UnitId) -> bool {
        let x = s.unit(u);
        self.units[usize::from(u)].is_combat()
            && x.act == Act::Active
            && x.on_map()
            && x.morale != Morale::Routed
            && x.formation != Formation::Rout
            && !self.moving(s, u).is_some_and(|m| m.done)
            && !s.activation.as_ref().is_some_and(|a| a.restricted)
    }

    fn spent_of(&self, s: &State, u: UnitId) -> Pts {
        self.moving(s, u).map_or(Pts::ZERO, |m| m.spent)
    }

    /// Whether gun `u` fired in this activation (8.6a, 9.5).
    pub(super) fn gun_fired(&self, s: &State, u: UnitId) -> bool {
        s.activation.as_ref().is_some_and(|a| {
            a.fire
                .combats
                .iter()
                .any(|c| c.kind == FireKind::Segment && c.firers.contains(&u))
        })
    }

    /// The group that reforms with `u` (10.12a, 10.12c).
    fn reform_ctx(&self, s: &State, o: &Occupancy, u: UnitId) -> Result<Ctx, Illegal> {
        if !self.may_reform(s, u) {
            return Err(Illegal::new(
                "8.2a",
                format!("{} may not reform now", self.unit_name(u)),
            ));
        }
        let x = s.unit(u);
        let p = x
            .placed()
            .copied()
            .ok_or_else(|| Illegal::new("engine", "the unit is not on the map"))?;
        let f = x.formation;
        let kind = self.units[usize::from(u)].kind;
        let spent = self.spent_of(s, u);
        let mut group = super::Group::new();
        let mut guns = super::Group::new();
        // Every member stands exactly at `p`: the index's first hex lists them in counter
        // order.
        debug_assert!(
            (0..s.units.len() as UnitId)
                .all(|v| s.unit(v).placed() != Some(&p) || o.at(self, p.hex()).units.contains(&v))
        );
        for &v in &o.at(self, p.hex()).units {
            let xv = s.unit(v);
            if xv.placed() != Some(&p) || !self.may_reform(s, v) || self.spent_of(s, v) != spent {
                continue;
            }
            let vk = self.units[usize::from(v)].kind;
            let gun = vk == Kind::Artillery;
            // 10.12a, 11.1b: only the units that began grouped and act together (a unit that
            // left its group reforms alone, 10.8a).
            if xv.formation == f
                && gun == (kind == Kind::Artillery)
                && self.band_of(s, v) == self.band_of(s, u)
            {
                group.push(v);
            } else if gun && kind == Kind::Infantry {
                guns.push(v);
            }
        }
        if group.first() != Some(&u) {
            return Err(Illegal::new(
                "10.12a",
                format!(
                    "{} reforms with its group: name its first unit",
                    self.unit_name(u)
                ),
            ));
        }
        let left = group
            .iter()
            .chain(guns.iter())
            .map(|&g| self.mp_left(s, g))
            .min()
            .unwrap_or(Pts::ZERO);
        let sp = group.iter().map(|&g| u16::from(s.unit(g).sp)).sum();
        let disordered = group
            .iter()
            .chain(guns.iter())
            .any(|&g| s.unit(g).disordered);
        let capable = kind == Kind::Infantry
            && group
                .iter()
                .all(|&g| self.units[usize::from(g)].skirmish == Skirmish::Capable);
        let side = self.units[usize::from(u)].side;
        let in_ezoc = p.hexes.as_slice().iter().any(|&h| o.ezoc(self, h, side));
        Ok(Ctx {
            lead: u,
            f,
            p,
            group,
            guns,
            spent,
            left,
            kind,
            sp,
            quiet: false,
            disordered,
            capable,
            in_ezoc,
        })
    }

    /// The most hexes the group may cover in `t` (8.1a, 8.1d, 8.1f, 8.1i).
    fn reform_max_len(&self, c: &Ctx, t: Formation) -> usize {
        match (c.kind, t) {
            (Kind::Artillery, Formation::RoadColumn) => road_column_length(c.sp, 1),
            (_, Formation::RoadColumn) => road_column_length(c.sp, 4),
            (Kind::Artillery, _) => 1,
            (Kind::Cavalry, Formation::Line | Formation::MarchColumn) => {
                usize::from(c.sp / 4).clamp(1, 3)
            }
            (Kind::Infantry, Formation::Line | Formation::Hook | Formation::MarchColumn) => {
                let ranks =
                    usize::from(self.units[usize::from(c.lead)].side == super::super::FRENCH);
                self.tables
                    .fire
                    .line(c.sp)
                    .map_or(1, |r| usize::from(r.hexes[ranks]))
                    .clamp(1, 2)
            }
            _ => 1,
        }
    }

    /// The group's cost for `ch`: the highest of its nationalities (F-1.6g).
    fn change_cost(&self, c: &Ctx, ch: Change) -> Result<Cost, Illegal> {
        let mut best = Pts::ZERO;
        for &g in &c.group {
            match self
                .tables
                .reform
                .cost(ch, self.units[usize::from(g)].nationality)
            {
                Mp::Pts(p) => best = best.max(p),
                Mp::All => return Ok(Cost::Whole),
                Mp::Prohibited => {
                    return Err(Illegal::new(
                        "F-1.6g",
                        "the Reformation Table gives no cost for this change",
                    ));
                }
            }
        }
        Ok(Cost::Pts(best))
    }

    /// Whether the class `class` may enter `h` from the adjacent `from` (11.2a).
    fn may_enter(&self, class: MoveClass, from: Hex, h: Hex) -> bool {
        if !self.board.on_map(h) {
            return false;
        }
        let t = self.board.hex(h).terrain;
        if matches!(self.tables.fx(t).mp[class as usize], Mp::Prohibited) {
            return false;
        }
        match from.direction_to(h) {
            Some(d) => self.side_cost(from, d, class).is_some(),
            None => true,
        }
    }

    /// Whether the hexside between the adjacent `a` and `b` is difficult (8.7: a feature that
    /// calls for a Disorder Check (A)).
    fn side_difficult(&self, a: Hex, b: Hex) -> bool {
        let Some(d) = a.direction_to(b) else {
            return false;
        };
        let bits = self.board.side(a, d) & !hs::ANY_ROAD;
        hs::IDS
            .iter()
            .any(|&(bit, _)| bits & bit != 0 && self.tables.hexside(bit).is_some_and(|x| x.dca))
    }

    /// 8.7: whether the hexes the unit covers before or after, or the hexsides inside either,
    /// are difficult terrain.
    /// With `skip_sunken`, sunken-road hexes do not count (F-5.5b).
    fn reform_difficult(&self, p: &Placed, to: &Placed, skip_sunken: bool) -> bool {
        let hex_bad = |h: &Hex| {
            !(skip_sunken && self.is_sunken(*h))
                && self.tables.fx(self.board.hex(*h).terrain).difficult
        };
        let sides_bad = |q: &Placed| {
            q.hexes
                .as_slice()
                .windows(2)
                .any(|w| self.side_difficult(w[0], w[1]))
        };
        p.hexes.as_slice().iter().any(hex_bad)
            || to.hexes.as_slice().iter().any(hex_bad)
            || sides_bad(p)
            || sides_bad(to)
    }

    /// Whether the hexes `to` adds to `p` may be entered by `kind` in `t` (11.2a, 11.9b).
    fn new_hexes_ok(
        &self,
        s: &State,
        o: &Occupancy,
        c: &Ctx,
        t: Formation,
        to: &Placed,
    ) -> Result<(), Illegal> {
        // 7.6c (command/ooc.rs).
        self.ooc_change_ok(s, o, &c.group, &c.p, to)?;
        let class = self.move_class(c.lead, t);
        let side = self.units[usize::from(c.lead)].side;
        let list = to.hexes.as_slice();
        for (i, &h) in list.iter().enumerate() {
            if c.p.hexes.contains(h) {
                continue;
            }
            // Entered from the hex before it in the formation, or from the unit's nearest hex.
            let from = if i > 0 && list[i - 1].distance(h) == 1 {
                list[i - 1]
            } else {
                c.p.hexes
                    .as_slice()
                    .iter()
                    .copied()
                    .find(|x| x.distance(h) == 1)
                    .unwrap_or(h)
            };
            if !self.may_enter(class, from, h) {
                return Err(Illegal::new(
                    "11.2a",
                    format!(
                        "{} may not reform into {} ({})",
                        self.unit_name(c.lead),
                        self.label(h),
                        self.board.hex(h).terrain.id()
                    ),
                ));
            }
            if c.kind == Kind::Artillery && o.ezoc(self, h, side) {
                return Err(Illegal::new(
                    "11.9b",
                    "limbered artillery may not enter an enemy ZOC",
                ));
            }
        }
        Ok(())
    }

    /// Where gun `g` stands and in what once its infantry has reformed into `t` at `to`, and
    /// whether it changed (10.12c, 10.4).
    fn gun_follows(
        &self,
        s: &State,
        c: &Ctx,
        g: UnitId,
        t: Formation,
        to: &Placed,
        about: bool,
    ) -> Result<(Formation, Placed, bool), Illegal> {
        let x = s.unit(g);
        let gf = x.formation;
        let gp = x.placed().copied().unwrap_or(c.p);
        let bad = || {
            Illegal::new(
                "10.12c",
                format!(
                    "{} cannot take a formation compatible with {} in {t}",
                    self.unit_name(g),
                    self.unit_name(c.lead)
                ),
            )
        };
        if to.hexes.len() != 1 {
            return Err(bad());
        }
        let vertex = if to.facing.is_corner() {
            to.facing
        } else {
            to.facing.rotate(1)
        };
        let (nf, facing) = match t {
            Formation::MarchColumn => (Formation::MarchColumn, to.facing),
            Formation::Line | Formation::Hook => {
                if gf == Formation::Unlimbered && gp.facing != to.facing && !about {
                    return Err(bad());
                }
                (Formation::Unlimbered, to.facing)
            }
            Formation::Square if gf == Formation::Unlimbered => (Formation::Unlimbered, gp.facing),
            Formation::Square => (Formation::Unlimbered, vertex),
            _ => return Err(bad()),
        };
        let changes = nf != gf;
        if changes && gf == Formation::Unlimbered && self.gun_fired(s, g) {
            return Err(Illegal::new(
                "8.6a",
                format!(
                    "{} fired in this activation and may not limber",
                    self.unit_name(g)
                ),
            ));
        }
        Ok((nf, Placed::at(to.hex(), facing), changes))
    }

    /// Works out the reformation of `c`'s group into `t` at `to`, or why it may not be made.
    fn reform_plan(
        &self,
        s: &State,
        o: &Occupancy,
        c: &Ctx,
        t: Formation,
        to: &Placed,
    ) -> Result<Plan, Illegal> {
        use Formation as F;
        let quiet = c.quiet;
        let name = Named(self, c.lead);
        let info = &self.units[usize::from(c.lead)];
        let side = info.side;
        if !shape_ok(t, to) {
            return Err(Illegal::new(
                "8.1",
                say!(quiet, "{name}: {to:?} is not the shape of a {t}"),
            ));
        }
        for &h in to.hexes.as_slice() {
            if !self.board.on_map(h) {
                return Err(Illegal::new(
                    "11.2a",
                    say!(quiet, "{} is off the map", self.label(h)),
                ));
            }
            if o.combat_at(self, h)
                .any(|x| self.units[usize::from(x)].side != side)
            {
                return Err(Illegal::new(
                    "10.1b",
                    say!(quiet, "{} holds an enemy unit", self.label(h)),
                ));
            }
        }
        if info.skirmish == Skirmish::Always {
            return Err(Illegal::new(
                "8.1g",
                say!(quiet, "{name} is a skirmisher: it stays in Skirmish order"),
            ));
        }
        let p = &c.p;
        let n = p.hexes.len();
        let m = to.hexes.len();
        let head = p.hexes.first();
        let same_hex = to.hexes == p.hexes;
        let disordered = c.disordered;
        let capable = c.capable;
        let too_long = |limit: usize| {
            Illegal::new(
                "8.1a",
                say!(
                    quiet,
                    "{name}: {m} hexes are more than its {} SP may cover ({limit})",
                    c.sp
                ),
            )
        };
        let mut leaves = false;
        let mut starred = false;
        let mut about = false;
        let (cost, rule) = match (c.f, t) {
            (f, t) if f == t => {
                // 9.6: an About-Face.
                about = true;
                if !matches!(f, F::MarchColumn | F::RoadColumn | F::Line | F::Unlimbered) {
                    return Err(Illegal::new(
                        "9.6a",
                        say!(quiet, "{name}: a {f} may not about-face"),
                    ));
                }
                if n == 1 && f != F::Unlimbered {
                    return Err(Illegal::new(
                        "9.6b",
                        say!(
                            quiet,
                            "{name} stands in one hex: it about-faces by a facing change"
                        ),
                    ));
                }
                if disordered {
                    return Err(Illegal::new(
                        "9.6a",
                        say!(quiet, "{name} is Disordered and may not about-face"),
                    ));
                }
                // 11.4b, 9.6a: a unit on Forced March does not about-face.
                if c.group
                    .iter()
                    .any(|&g| self.moving(s, g).is_some_and(|m| m.forced))
                {
                    return Err(Illegal::new(
                        "11.4b",
                        say!(quiet, "{name} is on Forced March and may not about-face"),
                    ));
                }
                if f == F::Unlimbered && c.group.iter().any(|&g| self.gun_fired(s, g)) {
                    return Err(Illegal::new(
                        "9.5",
                        say!(quiet, "{name} fired in this activation and may not turn"),
                    ));
                }
                if about_faced(f, p).as_ref() != Some(to) {
                    return Err(Illegal::new(
                        "9.6b",
                        say!(
                            quiet,
                            "{name}: an about-face turns the unit in its hexes, the tail of a column becoming its head"
                        ),
                    ));
                }
                (Cost::Whole, "9.6a")
            }
            (F::RoadColumn, F::MarchColumn) => {
                if to.facing != p.facing || m > n || to.hexes.as_slice() != &p.hexes.as_slice()[..m]
                {
                    return Err(Illegal::new(
                        "8.4a",
                        say!(
                            quiet,
                            "{name}: the March Column forms from the Road Column's head, in its hexes, facing its way"
                        ),
                    ));
                }
                let limit = self.reform_max_len(c, F::MarchColumn);
                if m > limit {
                    return Err(too_long(limit));
                }
                let behind = column(head, p.facing, n);
                let mut hexes_cost: u16 = 0;
                for &h in &p.hexes.as_slice()[m..] {
                    hexes_cost += if behind.is_some_and(|b| b.contains(h)) {
                        1
                    } else {
                        2
                    };
                }
                starred = true;
                let rule = if c.kind == Kind::Artillery {
                    "8.6c"
                } else {
                    "8.4a"
                };
                match self.change_cost(c, Change::RoadToMarch)? {
                    Cost::Pts(base) => (
                        Cost::Pts(Pts(base.0.saturating_mul(hexes_cost.max(1)))),
                        rule,
                    ),
                    Cost::Whole => (Cost::Whole, rule),
                }
            }
            (F::MarchColumn, F::RoadColumn) => {
                if self.road_column_barred(c) {
                    return Err(Illegal::new(
                        "F-4.1e I",
                        say!(
                            quiet,
                            "{name} is one of the two English 6-pounders that never form Road Column (unless optional rule 7.4 is used)"
                        ),
                    ));
                }
                if !c.guns.is_empty() {
                    return Err(Illegal::new(
                        "10.12c",
                        say!(
                            quiet,
                            "{name}: guns and infantry do not share a Road Column"
                        ),
                    ));
                }
                let len = self.reform_max_len(c, F::RoadColumn);
                let keeps = len.min(n);
                if to.facing != p.facing
                    || m != len
                    || to.hexes.as_slice()[..keeps] != p.hexes.as_slice()[..keeps]
                {
                    return Err(Illegal::new(
                        "8.4b",
                        say!(
                            quiet,
                            "{name}: a Road Column of {} SP covers {len} hexes from the column's head (8.1f)",
                            c.sp
                        ),
                    ));
                }
                if c.group.len() > 1 && len > 1 {
                    let reg = &info.regiment;
                    if reg.is_none()
                        || c.group
                            .iter()
                            .any(|&g| &self.units[usize::from(g)].regiment != reg)
                    {
                        return Err(Illegal::new(
                            "10.11a",
                            say!(
                                quiet,
                                "{name}: units of different regiments do not share a multi-hex Road Column"
                            ),
                        ));
                    }
                }
                self.new_hexes_ok(s, o, c, t, to)?;
                starred = true;
                let rule = if c.kind == Kind::Artillery {
                    "8.6c"
                } else {
                    "8.4b"
                };
                (
                    self.plus_len(self.change_cost(c, Change::MarchToRoad)?, n, m),
                    rule,
                )
            }
            (F::MarchColumn, F::Line) | (F::Line, F::MarchColumn) if c.kind != Kind::Artillery => {
                let to_line = t == F::Line;
                let Some(turn) = turn_class(p.facing, to.facing) else {
                    return Err(Illegal::new(
                        "8.4c",
                        say!(
                            quiet,
                            "{name}: the new facing must lie 30, 90 or 150 degrees from the old"
                        ),
                    ));
                };
                let placed_ok = if to_line {
                    to.hexes.contains(head)
                } else {
                    p.hexes.contains(to.hex())
                };
                if !placed_ok {
                    return Err(Illegal::new(
                        "8.4c",
                        say!(
                            quiet,
                            "{name}: the Line covers the column's head, the column's head stands in the Line"
                        ),
                    ));
                }
                let limit = self.reform_max_len(c, t);
                if m > limit {
                    return Err(too_long(limit));
                }
                self.new_hexes_ok(s, o, c, t, to)?;
                starred = true;
                let ch = Change::MarchLine {
                    cavalry: c.kind == Kind::Cavalry,
                    to_line,
                    turn,
                };
                (self.plus_len(self.change_cost(c, ch)?, n, m), "8.4c")
            }
            (F::MarchColumn | F::Line, F::Square) if c.kind == Kind::Infantry => {
                let ok = if c.f == F::MarchColumn {
                    to.hex() == head
                } else {
                    n <= 2 && p.hexes.contains(to.hex())
                };
                if !ok {
                    return Err(Illegal::new(
                        "8.4f",
                        say!(
                            quiet,
                            "{name}: the Square forms in the column's head or a hex of the Line"
                        ),
                    ));
                }
                if disordered {
                    return Err(Illegal::new(
                        "8.4f",
                        say!(quiet, "{name} is Disordered and may not form Square"),
                    ));
                }
                if c.sp < 3 {
                    return Err(Illegal::new(
                        "8.1e",
                        say!(quiet, "{name}: a Square needs 3 SP"),
                    ));
                }
                if !self.tables.fx(self.board.hex(to.hex()).terrain).square {
                    return Err(Illegal::new(
                        "8.1e",
                        say!(quiet, "{name}: no Square in {}", self.label(to.hex())),
                    ));
                }
                (self.change_cost(c, Change::ToSquare)?, "8.4f")
            }
            (F::Square, F::MarchColumn | F::Line) => {
                let ok = if t == F::MarchColumn {
                    to.hex() == head
                } else {
                    to.hexes.contains(head)
                };
                if !ok {
                    return Err(Illegal::new(
                        "8.4g",
                        say!(quiet, "{name}: the new formation includes the Square's hex"),
                    ));
                }
                let limit = self.reform_max_len(c, t);
                if m > limit {
                    return Err(too_long(limit));
                }
                self.new_hexes_ok(s, o, c, t, to)?;
                (self.change_cost(c, Change::FromSquare)?, "8.4g")
            }
            (f, F::Skirmish) => {
                if !capable {
                    return Err(Illegal::new(
                        "8.3b",
                        say!(quiet, "{name} may not form Skirmish order"),
                    ));
                }
                if n != 1 || !same_hex || matches!(f, F::GeneralOrder | F::Unlimbered) {
                    return Err(Illegal::new(
                        "8.4h",
                        say!(
                            quiet,
                            "{name}: Skirmish is formed in place from a single-hex formation"
                        ),
                    ));
                }
                if !c.guns.is_empty() {
                    return Err(Illegal::new(
                        "10.12c",
                        say!(quiet, "{name}: guns do not group with skirmishers"),
                    ));
                }
                (self.change_cost(c, Change::Skirmish)?, "8.4h")
            }
            (F::Skirmish, F::Line | F::MarchColumn) => {
                if !same_hex {
                    return Err(Illegal::new(
                        "8.4h",
                        say!(quiet, "{name}: a skirmisher reforms in its hex"),
                    ));
                }
                (self.change_cost(c, Change::Skirmish)?, "8.4h")
            }
            (F::Line, F::Hook) | (F::Hook, F::Line) if c.kind == Kind::Infantry => {
                if !same_hex || to.facing != p.facing {
                    return Err(Illegal::new(
                        "8.4j",
                        say!(quiet, "{name}: a Hook keeps the Line's hexes and facing"),
                    ));
                }
                (self.change_cost(c, Change::LineHook)?, "8.4j")
            }
            (F::MarchColumn, F::Unlimbered) | (F::Unlimbered, F::MarchColumn)
                if c.kind == Kind::Artillery =>
            {
                if !same_hex {
                    return Err(Illegal::new(
                        "8.6b",
                        say!(quiet, "{name}: guns limber and unlimber in their hex"),
                    ));
                }
                if c.f == F::Unlimbered && c.group.iter().any(|&g| self.gun_fired(s, g)) {
                    return Err(Illegal::new(
                        "8.6a",
                        say!(quiet, "{name} fired in this activation and may not limber"),
                    ));
                }
                let rule = if t == F::Unlimbered { "8.6b" } else { "8.6a" };
                (self.change_cost(c, Change::Limber)?, rule)
            }
            (F::RoadColumn, F::Unlimbered) => {
                return Err(Illegal::new(
                    "8.3c",
                    say!(quiet, "{name}: guns unlimber only from March Column"),
                ));
            }
            (F::GeneralOrder, F::Line | F::MarchColumn | F::Unlimbered) => {
                let fits_kind = match t {
                    F::Unlimbered => c.kind == Kind::Artillery,
                    _ => c.kind != Kind::Artillery || t == F::MarchColumn,
                };
                if !fits_kind {
                    return Err(Illegal::new("8.4i", say!(quiet, "{name} may not form {t}")));
                }
                if c.spent > Pts::ZERO || m != 1 || head.distance(to.hex()) != 1 {
                    return Err(Illegal::new(
                        "8.4i",
                        say!(
                            quiet,
                            "{name} leaves General Order stepping from where it began the segment into an adjacent hex"
                        ),
                    ));
                }
                let terrain = self.board.hex(to.hex()).terrain;
                if c.group.iter().any(|&g| self.forces_go(g, terrain)) {
                    return Err(Illegal::new(
                        "8.4i",
                        say!(quiet, "{} requires General Order", self.label(to.hex())),
                    ));
                }
                self.new_hexes_ok(s, o, c, t, to)?;
                leaves = true;
                (self.change_cost(c, Change::GeneralOrderOut)?, "8.4i")
            }
            (_, F::GeneralOrder) => {
                return Err(Illegal::new(
                    "8.4i",
                    say!(
                        quiet,
                        "{name}: General Order is taken only by entering terrain that requires it"
                    ),
                ));
            }
            (F::AttackColumn, _) | (_, F::AttackColumn) => {
                return Err(Illegal::new(
                    "F-2.4a",
                    "no unit uses Attack Column at Fontenoy",
                ));
            }
            (f, t) => {
                return Err(Illegal::new(
                    "8.3a",
                    say!(
                        quiet,
                        "{name} may not reform from {f} into {t}: the Formation Change Table does not link them"
                    ),
                ));
            }
        };
        // The group and its guns.
        let mut moves: SmallVec<[(UnitId, Formation, Placed); 4]> =
            c.group.iter().map(|&g| (g, t, *to)).collect();
        let mut cost = cost;
        for &g in &c.guns {
            let (gf, gp, changes) = self.gun_follows(s, c, g, t, to, about)?;
            if changes {
                let limber = match self
                    .tables
                    .reform
                    .cost(Change::Limber, self.units[usize::from(g)].nationality)
                {
                    Mp::Pts(p) => Cost::Pts(p),
                    _ => Cost::Whole,
                };
                cost = match (cost, limber) {
                    (Cost::Pts(a), Cost::Pts(b)) => Cost::Pts(a.max(b)),
                    _ => Cost::Whole,
                };
            }
            moves.push((g, gf, gp));
        }
        // 9.1: a change in an enemy ZOC costs 1 more.
        let in_ezoc = c.in_ezoc || to.hexes.as_slice().iter().any(|&h| o.ezoc(self, h, side));
        if let (Cost::Pts(x), true) = (cost, in_ezoc) {
            cost = Cost::Pts(x.plus(Pts::ONE));
        }
        // 8.7: a starred change touching difficult terrain takes every MP.
        // F-5.5b: skirmishers and commanders, and a change between March and Road Column
        // lying along the road, are free of 8.7 in a sunken road.
        let sunken_free = self.expanded_sunken()
            && (self.sunken_exempt(s, c.lead)
                || (matches!(
                    (c.f, t),
                    (F::MarchColumn, F::RoadColumn) | (F::RoadColumn, F::MarchColumn)
                ) && self.column_along_road(p)));
        let difficult = starred && self.reform_difficult(p, to, sunken_free);
        let mut rule = rule;
        if difficult {
            if disordered {
                return Err(Illegal::new(
                    "8.7",
                    say!(
                        quiet,
                        "{name} is Disordered and may not reform in difficult terrain"
                    ),
                ));
            }
            cost = Cost::Whole;
            rule = "8.7";
        }
        match cost {
            Cost::Whole if c.spent > Pts::ZERO => {
                return Err(Illegal::new(
                    rule,
                    say!(
                        quiet,
                        "{name} has spent MP: this change takes its whole Movement Potential (9.1)"
                    ),
                ));
            }
            Cost::Pts(x) if x > c.left => {
                return Err(Illegal::new(
                    "8.2a",
                    say!(
                        quiet,
                        "{name}: the change costs {x} MP and it has {} left",
                        c.left
                    ),
                ));
            }
            _ => {}
        }
        // 10.1a, 10.1c: the group must be able to stay legally, or go on.
        let ids: SmallVec<[UnitId; 8]> = moves.iter().map(|x| x.0).collect();
        if !self.fits_at(s, o, &ids, to, t) {
            let rest = match cost {
                Cost::Pts(x) => c.left.minus(x).unwrap_or(Pts::ZERO),
                Cost::Whole => Pts::ZERO,
            };
            // The group's new formation is given to the search; nothing it reads from the
            // position changes with the reformation (SP, morale, the other units).
            if rest == Pts::ZERO || !self.may_stay_or_leave(s, o, &ids, to, t, rest, None, 6) {
                return Err(Illegal::new(
                    "10.1a",
                    say!(quiet, "{name} could neither stay there in {t} nor move on"),
                ));
            }
        }
        Ok(Plan {
            moves,
            cost,
            rule,
            difficult,
            leaves,
        })
    }

    /// A cost plus 1 for each hex of length difference (8.4b, 8.4c).
    fn plus_len(&self, c: Cost, n: usize, m: usize) -> Cost {
        match c {
            Cost::Pts(p) => Cost::Pts(p.plus(Pts::whole(n.abs_diff(m) as u16))),
            Cost::Whole => Cost::Whole,
        }
    }

    /// The new formations and positions worth trying for `c`'s group: each one the rules may
    /// allow, built from the unit's hexes.
    fn reform_candidates(&self, s: &State, c: &Ctx) -> Vec<(Formation, Placed)> {
        use Formation as F;
        let p = c.p;
        let n = p.hexes.len();
        let head = p.hexes.first();
        let mut out: Vec<(Formation, Placed)> = Vec::new();
        let corners = || (0..6u8).filter_map(|k| Facing::new(2 * k + 1));
        let sides = || (0..6u8).filter_map(|k| Facing::new(2 * k));
        let at = |h: Hex, f: Facing| Placed::at(h, f);
        let info = &self.units[usize::from(c.lead)];
        let capable = info.skirmish == Skirmish::Capable && c.kind == Kind::Infantry;
        let lines_through =
            |out: &mut Vec<(F, Placed)>, hexes: &[Hex], facing: Facing, limit: usize| {
                for m in 1..=limit {
                    for i in 0..m {
                        for &h in hexes {
                            if let Some(l) = line_through(h, facing, m, i) {
                                let q = Placed {
                                    hexes: l,
                                    facing,
                                    hook: None,
                                };
                                if !out.contains(&(F::Line, q)) {
                                    out.push((F::Line, q));
                                }
                            }
                        }
                    }
                }
            };
        match c.f {
            F::RoadColumn => {
                let limit = self.reform_max_len(c, F::MarchColumn).min(n);
                for m in 1..=limit {
                    if let Some(h) = Hexes::from_slice(&p.hexes.as_slice()[..m]) {
                        out.push((F::MarchColumn, Placed { hexes: h, ..p }));
                    }
                }
            }
            F::MarchColumn => {
                if c.kind == Kind::Artillery {
                    for f in corners() {
                        out.push((F::Unlimbered, at(head, f)));
                    }
                }
                if c.guns.is_empty() && !self.road_column_barred(c) {
                    let len = self.reform_max_len(c, F::RoadColumn);
                    let hexes = if len <= n {
                        Hexes::from_slice(&p.hexes.as_slice()[..len])
                    } else {
                        let mut list: Vec<Hex> = p.hexes.as_slice().to_vec();
                        let back = dir_of(p.facing).opposite();
                        while list.len() < len {
                            let last = list[list.len() - 1];
                            list.push(last.neighbor(back));
                        }
                        Hexes::from_slice(&list)
                    };
                    if let Some(h) = hexes {
                        out.push((F::RoadColumn, Placed { hexes: h, ..p }));
                    }
                }
                if c.kind != Kind::Artillery {
                    let limit = self.reform_max_len(c, F::Line);
                    for df in [1i8, -1, 3, -3, 5, -5] {
                        lines_through(&mut out, &[head], p.facing.rotate(df), limit);
                    }
                }
                if c.kind == Kind::Infantry {
                    out.push((F::Square, at(head, p.facing.rotate(1))));
                }
            }
            F::Line => {
                if c.kind != Kind::Artillery {
                    let limit = self.reform_max_len(c, F::MarchColumn);
                    for df in [1i8, -1, 3, -3, 5, -5] {
                        let f = p.facing.rotate(df);
                        for &h in p.hexes.as_slice() {
                            for m in 1..=limit {
                                if let Some(col) = column(h, f, m) {
                                    out.push((
                                        F::MarchColumn,
                                        Placed {
                                            hexes: col,
                                            facing: f,
                                            hook: None,
                                        },
                                    ));
                                }
                            }
                        }
                    }
                }
                if c.kind == Kind::Infantry {
                    if n <= 2 {
                        for &h in p.hexes.as_slice() {
                            out.push((F::Square, at(h, p.facing)));
                        }
                    }
                    for side in [HookSide::Left, HookSide::Right] {
                        out.push((
                            F::Hook,
                            Placed {
                                hook: Some(side),
                                ..p
                            },
                        ));
                    }
                }
            }
            F::Hook => out.push((F::Line, Placed { hook: None, ..p })),
            F::Square => {
                let limit = self.reform_max_len(c, F::MarchColumn);
                for f in sides() {
                    for m in 1..=limit {
                        if let Some(col) = column(head, f, m) {
                            out.push((
                                F::MarchColumn,
                                Placed {
                                    hexes: col,
                                    facing: f,
                                    hook: None,
                                },
                            ));
                        }
                    }
                }
                let limit = self.reform_max_len(c, F::Line);
                for f in corners() {
                    lines_through(&mut out, &[head], f, limit);
                }
            }
            F::Skirmish => {
                for f in corners() {
                    out.push((F::Line, at(head, f)));
                }
                for f in sides() {
                    out.push((F::MarchColumn, at(head, f)));
                }
            }
            F::Unlimbered => {
                for f in sides() {
                    out.push((F::MarchColumn, at(head, f)));
                }
            }
            F::GeneralOrder if c.spent == Pts::ZERO => {
                for h in head.neighbors() {
                    if !self.board.on_map(h) {
                        continue;
                    }
                    let terrain = self.board.hex(h).terrain;
                    if self.forces_go(c.lead, terrain) {
                        continue;
                    }
                    if c.kind == Kind::Artillery {
                        for f in corners() {
                            out.push((F::Unlimbered, at(h, f)));
                        }
                    } else {
                        for f in corners() {
                            out.push((F::Line, at(h, f)));
                        }
                    }
                    for f in sides() {
                        out.push((F::MarchColumn, at(h, f)));
                    }
                }
            }
            _ => {}
        }
        // 8.4h: into Skirmish in place, any facing.
        if capable && n == 1 && !matches!(c.f, F::Skirmish | F::GeneralOrder | F::Unlimbered) {
            for f in corners() {
                out.push((F::Skirmish, at(head, f)));
            }
        }
        // 9.6: the about-face of a multi-hex formation or of unlimbered guns.
        if (n > 1 && matches!(c.f, F::MarchColumn | F::RoadColumn | F::Line))
            || c.f == F::Unlimbered
        {
            if let Some(q) = about_faced(c.f, &p) {
                out.push((c.f, q));
            }
        }
        let _ = s;
        out
    }

    /// The reformations on offer in the Movement Segment (8.2a), for the units that may act
    /// now (`current`: the group whose movement is under way, 10.8a).
    pub(crate) fn reform_actions(
        &self,
        s: &State,
        o: &Occupancy,
        current: Option<&[UnitId]>,
        out: &mut Vec<Action>,
    ) {
        let mut seen: Vec<UnitId> = Vec::new();
        for u in 0..s.units.len() as UnitId {
            if seen.contains(&u) || !self.may_reform(s, u) {
                continue;
            }
            if current.is_some_and(|g| !g.contains(&u)) {
                continue;
            }
            let Ok(mut c) = self.reform_ctx(s, o, u) else {
                continue;
            };
            c.quiet = true;
            seen.extend_from_slice(&c.group);
            for (t, to) in self.reform_candidates(s, &c) {
                if self.reform_plan(s, o, &c, t, &to).is_ok() {
                    out.push(Action::Reform {
                        unit: u,
                        formation: t,
                        to,
                    });
                }
            }
        }
    }

    /// Applies a reformation (8.2a): every member pays, takes its formation and place; a
    /// whole-MPo change ends the movement; 8.7 calls for DC(A); a Fire Reaction may follow
    /// (12.8c).
    pub(crate) fn apply_reform(
        &self,
        s: &mut State,
        o: &Occupancy,
        unit: UnitId,
        formation: Formation,
        to: &Placed,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if let Some(cur) = self.current_mover(s) {
            if cur != unit && !self.group_of(s, cur).contains(&unit) {
                return Err(Illegal::new(
                    "11.1a",
                    format!(
                        "{} is moving: it ends its movement before {} reforms (10.8a)",
                        self.unit_name(cur),
                        self.unit_name(unit)
                    ),
                ));
            }
        }
        let c = self.reform_ctx(s, o, unit)?;
        let plan = self.reform_plan(s, o, &c, formation, to)?;
        // 12.8d: leaving General Order for the next hex, the passive player may react first.
        if plan.leaves && self.reaction_before_leaving(s, unit, ev) {
            return Ok(());
        }
        let mpo = self.mpo(s, unit);
        for &(g, gf, gp) in &plan.moves {
            let pay = match plan.cost {
                Cost::Pts(x) => x,
                Cost::Whole => self.mp_left(s, g),
            };
            self.spend(s, g, pay, None, false);
            if let Some(m) = self.record(s, g) {
                m.last_side = None;
            }
            let x = s.unit_mut(g);
            x.formation = gf;
            x.place = Place::Map(gp);
        }
        let ids: SmallVec<[UnitId; 8]> = plan.moves.iter().map(|x| x.0).collect();
        ev.push(Event::Reformation {
            unit,
            group: ids.len() as u8,
            from: c.f,
            formation,
            hexes: to.hexes.len() as u8,
            facing: to.facing.index(),
            cost: match plan.cost {
                Cost::Pts(x) => x,
                Cost::Whole => mpo,
            },
            rule: plan.rule.into(),
        });
        if plan.leaves {
            // 21.1b displacement; victory places (F-10.xd).
            self.after_step(s, &ids, ev);
        }
        if plan.cost == Cost::Whole {
            for &g in &ids {
                self.finish(s, g, ev);
            }
        }
        if plan.difficult {
            // 8.7: DC(A) once the change is made, taken last (18.2f).
            let er_mod = self
                .tables
                .checks
                .disorder_mod("reform_in_difficult_terrain", DisorderCheck::A);
            let group = self.stack_of(s, unit);
            let queued = s.steps.iter().any(|st| match st {
                Step::Check(r) => {
                    r.kind == CheckKind::Disorder(DisorderCheck::A) && group.contains(&r.unit)
                }
                _ => false,
            });
            if !queued {
                s.steps.insert(
                    0,
                    Step::Check(CheckReq {
                        unit: self.checking_unit(&group).unwrap_or(unit),
                        kind: CheckKind::Disorder(DisorderCheck::A),
                        er_mod,
                    }),
                );
            }
        }
        // 12.8c: a Fire Reaction once the change is complete.
        self.reaction_after_change(s, unit, c.f, c.p, ev);
        Ok(())
    }
}
