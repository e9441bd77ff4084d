//! The Set-Up phase (F-10.0c): the French deploy first, then the Allies; each unit takes any
//! formation and facing its type and hex allow, in its set-up hex (or both hexes of a two-hex
//! unit), or in the hex the player picks where the scenario leaves it to him (an area, a
//! radius, with a unit of the Division, anywhere). Units set up in one hex choose formations
//! that may share it (10.1–10.4); a choice that would leave a later unit of the same hex with
//! no legal formation is not offered.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::board::{Board, Terrain};
use super::super::event::Event;
use super::super::geometry::{self, Hexes, Placed};
use super::super::occupancy::Occupancy;
use super::super::stacking::{Stance, compatible};
use super::super::state::{Phase, Place, State, Step};
use super::super::tables::GoFor;
use super::super::types::{Formation, Kind};
use super::super::units::{Org, Skirmish, UnitId};
use crate::data::{DataError, Fields};
use crate::engine::Illegal;
use crate::hex::{Direction, Facing, Hex};
use smallvec::SmallVec;

/// The stances a unit may take at set-up: at most six Lines, six March and six Road Columns,
/// a Square and six Skirmish orders, kept off the heap.
pub(crate) type Stances = SmallVec<[(Formation, Placed); 25]>;

/// Where a unit may set up (F-10.0c).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Where {
    /// In its set-up hex(es).
    Fixed,
    /// In any hex of these (a named area: "anywhere in the Bois de Barry").
    Hexes(Vec<Hex>),
    /// A commander with any unit of this Division ("DCs with any unit of their division").
    WithDivision(u16),
    /// A commander with any friendly combat unit (of this type and nationality, when given).
    WithAny(Option<Kind>, Option<super::super::types::Nationality>),
    /// A commander anywhere on the map.
    Anywhere,
}

/// One unit's set-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deployment {
    /// The unit.
    pub unit: UnitId,
    /// Its set-up hex(es), or the default hex of a choice.
    pub hexes: Hexes,
    /// Where it may go.
    pub at: Where,
}

impl Deployment {
    /// Reads set-up entry `at` (`setup[k]`) of scenario `id` for unit `u` in `hexes`.
    pub(crate) fn read(
        id: &str,
        at: &str,
        board: &Board,
        org: &Org,
        u: UnitId,
        hexes: Hexes,
        fields: &Fields,
    ) -> Result<Deployment, DataError> {
        let err = |f: &str, m: String| DataError::new(id, format!("{at}.fields.{f}"), m);
        let mut place = Where::Fixed;
        // An area and a radius together mean both (10.4b: on the west bank within 10 hexes).
        let mut sets: Vec<Vec<Hex>> = Vec::new();
        for (k, v) in fields {
            match (k.as_str(), v) {
                ("area", serde_json::Value::String(p)) => {
                    let p = board
                        .place(p)
                        .ok_or_else(|| err(k, format!("no place `{p}` on the map")))?;
                    sets.push(
                        p.hexes
                            .iter()
                            .copied()
                            .filter(|&h| board.on_map(h))
                            .collect(),
                    );
                }
                // F-6.3b: anywhere on one map sheet (`N` or `S`).
                ("sheet", serde_json::Value::String(sheet)) => {
                    let c = sheet
                        .chars()
                        .next()
                        .filter(|_| sheet.len() == 1)
                        .ok_or_else(|| err(k, format!("`{sheet}` is not a map sheet (N or S)")))?;
                    sets.push(
                        board
                            .grid
                            .hexes()
                            .into_iter()
                            .filter(|&h| {
                                board.on_map(h)
                                    && board.grid.to_id(h).and_then(|id| id.sheet()) == Some(c)
                            })
                            .collect(),
                    );
                }
                ("within", serde_json::Value::Object(o)) => {
                    let h = o
                        .get("hex")
                        .and_then(|h| h.as_str())
                        .and_then(|h| board.grid.parse(h).ok())
                        .ok_or_else(|| err(k, "`within` needs a `hex` on the map".into()))?;
                    let r = o
                        .get("radius")
                        .and_then(serde_json::Value::as_u64)
                        .ok_or_else(|| err(k, "`within` needs a `radius`".into()))?;
                    let r = u32::try_from(r).unwrap_or(0);
                    sets.push(
                        board
                            .grid
                            .hexes()
                            .into_iter()
                            .filter(|x| x.distance(h) <= r && board.on_map(*x))
                            .collect(),
                    );
                }
                ("with_division", serde_json::Value::String(d)) => {
                    let i = org
                        .divisions
                        .iter()
                        .position(|x| &x.id == d)
                        .ok_or_else(|| err(k, format!("no Division `{d}`")))?;
                    place = Where::WithDivision(i as u16);
                }
                ("with_any", serde_json::Value::Bool(true)) => place = Where::WithAny(None, None),
                ("with_any", serde_json::Value::Object(o)) => {
                    let kind = match o.get("type").and_then(|t| t.as_str()) {
                        None => None,
                        Some("infantry") => Some(Kind::Infantry),
                        Some("cavalry") => Some(Kind::Cavalry),
                        Some("artillery") => Some(Kind::Artillery),
                        Some(t) => return Err(err(k, format!("unknown unit type `{t}`"))),
                    };
                    let nat = match o.get("nationality").and_then(|t| t.as_str()) {
                        None => None,
                        Some(n) => Some(
                            super::super::types::Nationality::parse(n)
                                .ok_or_else(|| err(k, format!("unknown nationality `{n}`")))?,
                        ),
                    };
                    if let Some(extra) = o.keys().find(|k| *k != "type" && *k != "nationality") {
                        return Err(err(k, format!("unknown field `{extra}`")));
                    }
                    place = Where::WithAny(kind, nat);
                }
                ("anywhere", serde_json::Value::Bool(true)) => place = Where::Anywhere,
                // Entries that record what the organisation already says.
                ("replaces" | "attached_to", serde_json::Value::String(_)) => {}
                _ => return Err(err(k, format!("unknown set-up field `{k}` or wrong type"))),
            }
        }
        if let Some((first, rest)) = sets.split_first() {
            let mut list = first.clone();
            for other in rest {
                list.retain(|h| other.contains(h));
            }
            if list.is_empty() {
                return Err(err("area", "the set-up area holds no hex".into()));
            }
            place = Where::Hexes(list);
        }
        Ok(Deployment {
            unit: u,
            hexes,
            at: place,
        })
    }
}

impl Fontenoy {
    /// Starts the Set-Up phase: the first deployment.
    pub(crate) fn begin_setup(&self, s: &mut State) {
        s.phase = Phase::SetUp;
        s.steps.clear();
        if let Some(&first) = self.scenario_rules.order.first() {
            s.steps.push(Step::Deploy { index: first });
        } else if !self.works_to_place() {
            let mut ev = Vec::new();
            self.after_setup(s, &mut ev);
            return;
        }
        // F-6.2, F-3.6: the French place the missing redoubt, then the barricades, before any
        // unit sets up (works.rs); the last pushed is asked first.
        self.begin_works(s);
    }

    /// The deployments in the order they are made: French first (F-10.0c), combat units before
    /// commanders (a commander sets up with units already placed).
    pub fn deploy_order(&self) -> Vec<u16> {
        let d = &self.scenario_rules.deployments;
        let mut order: Vec<u16> = (0..d.len() as u16).collect();
        order.sort_by_key(|&i| {
            let info = &self.units[usize::from(d[usize::from(i)].unit)];
            (info.side, info.kind == Kind::Commander, i)
        });
        order
    }

    /// The hexes a deployment may use now.
    fn deploy_hexes(&self, s: &State, index: u16, d: &super::Deployment) -> Vec<Hex> {
        let side = self.units[usize::from(d.unit)].side;
        match &d.at {
            Where::Fixed => alloc::vec![d.hexes.first()],
            Where::Hexes(list) => list.clone(),
            Where::WithDivision(div) => {
                let mut out: Vec<Hex> = Vec::new();
                for &u in &self.org.divisions[usize::from(*div)].units {
                    if let Some(p) = s.unit(u).placed() {
                        for &h in p.hexes.as_slice() {
                            if !out.contains(&h) {
                                out.push(h);
                            }
                        }
                    }
                }
                if out.is_empty() {
                    out.push(d.hexes.first());
                }
                out
            }
            Where::WithAny(kind, nat) => {
                // Every hex of a friendly combat unit of the kind and nationality named that
                // set up before this one.
                let mut out: Vec<Hex> = Vec::new();
                for (i, u) in s.units.iter().enumerate() {
                    let info = &self.units[i];
                    let Some(p) = u.placed() else { continue };
                    if info.side == side
                        && info.is_combat()
                        && kind.is_none_or(|k| info.kind == k)
                        && nat.is_none_or(|n| info.nationality == n)
                        && self.deployed_before(index, i as UnitId)
                    {
                        out.extend_from_slice(p.hexes.as_slice());
                    }
                }
                out.sort_unstable();
                out.dedup();
                if out.is_empty() {
                    out.push(d.hexes.first());
                }
                out
            }
            Where::Anywhere => self
                .board
                .grid
                .hexes()
                .into_iter()
                .filter(|&h| {
                    self.board.on_map(h) && !self.board.hex(h).terrain.impassable_to_commanders()
                })
                .collect(),
        }
    }

    /// Whether unit `u` made its deployment before deployment `index`.
    fn deployed_before(&self, index: u16, u: UnitId) -> bool {
        let sr = &self.scenario_rules;
        let now = sr.rank.get(usize::from(index)).copied().unwrap_or(u16::MAX);
        sr.unit_rank
            .get(usize::from(u))
            .is_none_or(|&r| r == u16::MAX || r < now)
    }

    /// The formations and facings a unit may set up in at `p` (F-10.0c, 8.1, F-2.4a: no
    /// Attack Column), before grouping.
    pub(crate) fn setup_stances(&self, u: UnitId, hexes: &[Hex]) -> Stances {
        let redoubt = hexes.len() == 1
            && hexes.first().is_some_and(|&h| {
                self.redoubt_at(h).is_some() || self.board.hex(h).terrain == Terrain::Redoubt
            });
        self.stances_at(u, hexes, redoubt)
    }

    /// [`setup_stances`](Self::setup_stances) where `redoubt` says whether the one hex holds a
    /// redoubt (F-3.5a B: General Order there is inside it, any other formation outside).
    pub(crate) fn stances_at(&self, u: UnitId, hexes: &[Hex], redoubt: bool) -> Stances {
        let info = &self.units[usize::from(u)];
        let mut out = Stances::new();
        let corners =
            (0..6u8).map(|d| Facing::new(d * 2 + 1).unwrap_or(Facing::side(Direction::ALL[0])));
        let sides = Direction::ALL.map(Facing::side);
        if info.kind == Kind::Commander {
            if let [h] = hexes {
                out.push((
                    Formation::Line,
                    Placed::at(*h, Facing::new(1).unwrap_or(sides[0])),
                ));
            }
            return out;
        }
        if let [a, b] = hexes {
            // A two-hex unit: a Line across its hexes, or a March Column along them.
            for f in corners.clone() {
                for (right, left) in [(*a, *b), (*b, *a)] {
                    if geometry::line_hexes(right, f, 2)
                        .is_some_and(|l| l.as_slice() == [right, left])
                        && info.kind != Kind::Artillery
                    {
                        out.push((
                            Formation::Line,
                            Placed {
                                hexes: Hexes::from_slice(&[right, left])
                                    .unwrap_or(Hexes::one(right)),
                                facing: f,
                                hook: None,
                            },
                        ));
                    }
                }
            }
            for f in sides {
                for (head, tail) in [(*a, *b), (*b, *a)] {
                    if geometry::straight_column(&[head, tail], f) {
                        out.push((
                            Formation::MarchColumn,
                            Placed {
                                hexes: Hexes::from_slice(&[head, tail]).unwrap_or(Hexes::one(head)),
                                facing: f,
                                hook: None,
                            },
                        ));
                    }
                }
            }
            return out;
        }
        let Some(&h) = hexes.first() else { return out };
        // A redoubt stands on its hex's other terrain (F-3.5a B).
        let here = self.board.hex(h);
        let terrain = if here.terrain == Terrain::Redoubt {
            here.under
        } else {
            here.terrain
        };
        let fx = self.tables.fx(terrain);
        let go = match fx.general_order {
            GoFor::All => true,
            GoFor::InfantryArtillery => info.kind != Kind::Cavalry,
            GoFor::Infantry => info.kind == Kind::Infantry,
            GoFor::None => false,
        };
        let at = |f: Facing| Placed::at(h, f);
        if go && info.skirmish != Skirmish::Always {
            for f in corners {
                out.push((Formation::GeneralOrder, at(f)));
            }
            return out;
        }
        // F-3.5a A, B: infantry and artillery may set up inside the redoubt, in General Order;
        // the formations below stand outside it.
        if redoubt
            && matches!(info.kind, Kind::Infantry | Kind::Artillery)
            && info.skirmish != Skirmish::Always
        {
            for f in corners.clone() {
                out.push((Formation::GeneralOrder, at(f)));
            }
        }
        match info.kind {
            Kind::Artillery => {
                for f in corners.clone() {
                    out.push((Formation::Unlimbered, at(f)));
                }
                for f in sides {
                    out.push((Formation::MarchColumn, at(f)));
                }
            }
            Kind::Infantry | Kind::Cavalry => {
                if info.skirmish == Skirmish::Always {
                    for f in corners {
                        out.push((Formation::Skirmish, at(f)));
                    }
                    return out;
                }
                for f in corners.clone() {
                    out.push((Formation::Line, at(f)));
                }
                for f in sides {
                    out.push((Formation::MarchColumn, at(f)));
                    if info.sp <= 4 {
                        out.push((Formation::RoadColumn, at(f)));
                    }
                }
                if info.kind == Kind::Infantry && info.sp >= 3 && fx.square {
                    out.push((Formation::Square, at(Facing::new(1).unwrap_or(sides[0]))));
                }
                if info.skirmish == Skirmish::Capable {
                    for f in corners {
                        out.push((Formation::Skirmish, at(f)));
                    }
                }
            }
            Kind::Commander => {}
        }
        out
    }

    /// The legal deployments of the unit at set-up position `index`.
    pub(crate) fn deploy_actions(&self, s: &State, index: u16, out: &mut Vec<Action>) {
        self.deploy_actions_at(s, index, None, out);
    }

    /// [`deploy_actions`](Self::deploy_actions), only those placing the unit with `at` among
    /// its hexes when `at` is given (to check one action without listing them all).
    fn deploy_actions_at(&self, s: &State, index: u16, at: Option<Hex>, out: &mut Vec<Action>) {
        let Some(d) = self.scenario_rules.deployments.get(usize::from(index)) else {
            return;
        };
        let multi = d.hexes.len() > 1 && d.at == Where::Fixed;
        let hexes: Vec<Hex> = if multi {
            Vec::new()
        } else {
            self.deploy_hexes(s, index, d)
        };
        let candidates: SmallVec<[Hexes; 1]> = if multi {
            SmallVec::from_elem(d.hexes, 1)
        } else {
            hexes.into_iter().map(Hexes::one).collect()
        };
        let o = Occupancy::build(self, s);
        let before = out.len();
        // 8.1a, 8.1d, 10.1c: the SP rules hold at set-up; but a unit the scenario lists in
        // hexes whose limits its listed group exceeds in every formation sets up as listed
        // (a reading: the listing prevails over the provisional Stacking Table).
        for sp_rules in [true, false] {
            if !sp_rules && (out.len() > before || d.at != Where::Fixed) {
                break;
            }
            for hs in &candidates {
                if at.is_some_and(|h| !hs.contains(h)) {
                    continue;
                }
                let redoubt = hs.len() == 1 && self.redoubt_in(s, hs.first()).is_some();
                for (formation, p) in self.stances_at(d.unit, hs.as_slice(), redoubt) {
                    if self.deploy_fits(s, &o, index, d.unit, formation, &p)
                        && (!sp_rules || self.setup_sp_ok(s, &o, index, d.unit, formation, &p))
                    {
                        out.push(Action::Deploy {
                            unit: d.unit,
                            hex: p.hex(),
                            formation,
                            facing: p.facing.index(),
                        });
                    }
                }
            }
        }
    }

    /// Whether `unit` in `formation` at `p` may share its hexes with the units deployed there
    /// already, and leaves each unit still to deploy in the same hexes a legal choice.
    fn deploy_fits(
        &self,
        s: &State,
        o: &Occupancy,
        index: u16,
        unit: UnitId,
        formation: Formation,
        p: &Placed,
    ) -> bool {
        let info = &self.units[usize::from(unit)];
        if info.kind == Kind::Commander {
            return true;
        }
        // F-3.5a A: the redoubt's capacity and who may be inside.
        if formation == Formation::GeneralOrder && p.hexes.len() == 1 {
            if let Some(r) = self.redoubt_in(s, p.hex()) {
                if self.redoubt_holds(s, o, r, &[unit]).is_err() {
                    return false;
                }
            }
        }
        let me = Stance {
            kind: info.kind,
            formation,
            facing: p.facing,
        };
        let hexes = p.hexes;
        // Units deployed already in these hexes (a unit over two of them is asked twice, to
        // the same answer).
        let occupants = hexes
            .as_slice()
            .iter()
            .flat_map(|&h| o.at(self, h).units.iter().copied());
        for x in occupants {
            let i = usize::from(x);
            let other = &self.units[i];
            if x == unit || !other.is_combat() || !self.deployed_before(index, x) {
                continue;
            }
            let u = s.unit(x);
            let Some(q) = u.placed() else { continue };
            if other.side != info.side {
                return false;
            }
            let them = Stance {
                kind: other.kind,
                formation: u.formation,
                facing: q.facing,
            };
            if q.hexes != hexes || !compatible(me, them) {
                return false;
            }
        }
        // Later deployments fixed to the same hexes must keep a choice.
        let order = &self.scenario_rules.order;
        let pos = usize::from(self.scenario_rules.rank[usize::from(index)]);
        let fixed = &self.scenario_rules.fixed_order;
        let from = fixed.partition_point(|&k| usize::from(k) <= pos);
        for &k in &fixed[from..] {
            let later = order[usize::from(k)];
            let l = &self.scenario_rules.deployments[usize::from(later)];
            let linfo = &self.units[usize::from(l.unit)];
            if l.hexes != hexes {
                continue;
            }
            let ok = self
                .setup_stances(l.unit, l.hexes.as_slice())
                .iter()
                .any(|(f, q)| {
                    q.hexes == hexes
                        && compatible(
                            me,
                            Stance {
                                kind: linfo.kind,
                                formation: *f,
                                facing: q.facing,
                            },
                        )
                });
            if !ok {
                return false;
            }
        }
        true
    }

    /// The SP rules at set-up: a two-hex Line or March Column has the SP its Line SP chart (or
    /// cavalry's 4 SP a hex) asks for two hexes (8.1a, 8.1d), and the hexes hold no more SP
    /// than the Stacking Table allows (10.1c), counting the units deployed there already and
    /// those still to deploy in the same hexes (so that they keep a legal choice).
    fn setup_sp_ok(
        &self,
        s: &State,
        o: &Occupancy,
        index: u16,
        unit: UnitId,
        formation: Formation,
        p: &Placed,
    ) -> bool {
        let info = &self.units[usize::from(unit)];
        if p.hexes.len() > 1
            && self
                .max_hexes(info.kind, info.side, formation, u16::from(s.unit(unit).sp))
                .is_none_or(|n| n < p.hexes.len())
        {
            return false;
        }
        let mut group: SmallVec<[UnitId; 6]> = SmallVec::new();
        group.push(unit);
        let order = &self.scenario_rules.order;
        let pos = usize::from(self.scenario_rules.rank[usize::from(index)]);
        let fixed = &self.scenario_rules.fixed_order;
        let from = fixed.partition_point(|&k| usize::from(k) <= pos);
        for &k in &fixed[from..] {
            let l = &self.scenario_rules.deployments[usize::from(order[usize::from(k)])];
            if l.hexes == p.hexes && self.units[usize::from(l.unit)].is_combat() {
                group.push(l.unit);
            }
        }
        self.fits_at(s, o, &group, p, formation)
    }

    /// Applies a deployment (F-10.0c).
    pub(crate) fn apply_deploy(
        &self,
        s: &mut State,
        index: u16,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::Deploy {
            unit,
            hex,
            formation,
            facing,
        } = *a
        else {
            return Err(Illegal::new(
                "F-10.0c",
                format!("{a:?} is not a set-up deployment"),
            ));
        };
        if usize::from(unit) >= self.units.len() {
            return Err(Illegal::new(
                "F-10.0c",
                format!(
                    "no counter {unit} in this scenario (counters are numbered 0 to {})",
                    self.units.len().saturating_sub(1)
                ),
            ));
        }
        let mut legal = Vec::new();
        self.deploy_actions_at(s, index, Some(hex), &mut legal);
        if !legal.contains(a) {
            return Err(Illegal::new(
                "F-10.0c",
                format!(
                    "{} cannot set up in {} in {formation} facing {facing}: the scenario's set-up hexes, the formations its type and the terrain allow, and the group rules (10.1-10.4) limit it",
                    self.unit_name(unit),
                    super::super::fhex::label(hex)
                ),
            ));
        }
        let d = &self.scenario_rules.deployments[usize::from(index)];
        let f = Facing::new(facing).unwrap_or(Facing::side(Direction::ALL[0]));
        let hexes = if d.hexes.len() > 1 && d.at == Where::Fixed {
            let other = d
                .hexes
                .as_slice()
                .iter()
                .copied()
                .find(|&h| h != hex)
                .unwrap_or(hex);
            Hexes::from_slice(&[hex, other]).unwrap_or(Hexes::one(hex))
        } else {
            Hexes::one(hex)
        };
        let u = s.unit_mut(unit);
        u.place = Place::Map(Placed {
            hexes,
            facing: f,
            hook: None,
        });
        u.formation = formation;
        ev.push(Event::Deployed {
            unit,
            hex,
            formation,
            facing,
        });
        let order = self.deploy_order();
        let pos = order
            .iter()
            .position(|&o| o == index)
            .unwrap_or(order.len());
        match order.get(pos + 1) {
            Some(&next) => s.steps.push(Step::Deploy { index: next }),
            None => self.after_setup(s, ev),
        }
        Ok(())
    }
}
