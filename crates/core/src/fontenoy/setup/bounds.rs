//! The scenarios' limits of the field (`rules.boundaries` of a scenario): F-10.1a C (de
//! Grassin's units stay in the Bois de Barry), F-10.1a D (the Allies stay along or north of the
//! S6213–S4205 road, at most 1 hex into the wood), F-10.2a G (nobody crosses the xx11 row east
//! of S4111), F-10.3a B–D (nobody enters the Bois de Barry, the French limit, the diagonal
//! S5920–S4111), F-3.9d (the west-bank guns stay on the west bank) and 10.4b (the Swedish guns
//! stay within 10 hexes of N1421).
//!
//! Each limit is a set of allowed board cells and the units it binds. A step is refused when it
//! takes a bound unit from hexes inside the allowed area to a hex outside it; a unit already
//! outside (placed there, or driven out by a retreat) may move on outside or come back in
//! (F-10.3a D: the French "need not come back"; once back in they cannot leave again). The
//! limits bind movement (11.0) and advances after combat; retreats and routs are not held
//! (a reading: the scenarios speak of moving and crossing).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde::Deserialize;

use super::super::Fontenoy;
use super::super::board::Board;
use super::super::state::State;
use super::super::types::Kind;
use super::super::units::{Org, UnitId, UnitInfo};
use crate::data::DataError;
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

/// `rules.boundaries[k].applies_to`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAppliesTo {
    #[serde(default)]
    sides: Vec<String>,
    #[serde(default)]
    divisions: Vec<String>,
    #[serde(default)]
    units: Vec<String>,
}

/// `rules.boundaries[k].within`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWithin {
    hex: String,
    radius: u8,
}

/// One entry of `rules.boundaries`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
// `id`, `line`, `line_in_bounds`, `outside_at_start` and `note` are read so that a misspelt key
// is refused; the line's hexes are already outside the forbidden place in the map's data.
#[allow(dead_code)]
struct RawBound {
    id: String,
    rule: String,
    applies_to: RawAppliesTo,
    #[serde(default)]
    in_bounds: Option<String>,
    #[serde(default)]
    out_of_bounds: Option<String>,
    #[serde(default)]
    within: Option<RawWithin>,
    #[serde(default)]
    line: Option<String>,
    #[serde(default)]
    line_in_bounds: Option<bool>,
    #[serde(default)]
    outside_at_start: Option<serde_json::Value>,
    #[serde(default)]
    note: Option<String>,
}

/// One limit of the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    /// Its id in the scenario's data.
    pub id: String,
    /// The rule that sets it (`10.1a C`...).
    pub rule: String,
    /// Whether each board cell is inside the allowed area.
    pub allowed: Vec<bool>,
    /// The sides (bit 0 French, bit 1 Allied) whose units that begin an activation outside
    /// must end it inside (F-10.3a D: `outside_at_start` `end_activation_inside`).
    pub come_in: u8,
}

/// The scenario's limits and whom they bind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// The limits (at most 16).
    pub list: Vec<Bound>,
    /// For each unit, the limits that bind it, as bits (bit k: `list[k]`).
    pub binds: Vec<u16>,
}

impl Bounds {
    /// Reads `rules.boundaries`.
    pub(crate) fn read(
        scenario: &str,
        raw: &[serde_json::Value],
        board: &Board,
        org: &Org,
        units: &[UnitInfo],
    ) -> Result<Bounds, DataError> {
        let mut out = Bounds {
            list: Vec::new(),
            binds: alloc::vec![0; units.len()],
        };
        if raw.len() > 16 {
            return Err(DataError::new(
                scenario,
                "rules.boundaries",
                "at most 16 limits of the field",
            ));
        }
        for (k, v) in raw.iter().enumerate() {
            let at = format!("rules.boundaries[{k}]");
            let b: RawBound = serde_json::from_value(v.clone())
                .map_err(|e| DataError::new(scenario, &at, e.to_string()))?;
            let place = |name: &str, field: &str| -> Result<Vec<Hex>, DataError> {
                board.place(name).map(|p| p.hexes.clone()).ok_or_else(|| {
                    DataError::new(
                        scenario,
                        format!("{at}.{field}"),
                        format!("the map has no place `{name}`"),
                    )
                })
            };
            let cells = board.cell_count();
            let mut allowed = alloc::vec![true; cells];
            let mut set = |hexes: &[Hex], value: bool, all: bool| {
                if all {
                    allowed.iter_mut().for_each(|a| *a = !value);
                }
                for &h in hexes {
                    if let Some(i) = board.index(h) {
                        allowed[i] = value;
                    }
                }
            };
            if let Some(p) = &b.out_of_bounds {
                set(&place(p, "out_of_bounds")?, false, false);
            }
            if let Some(p) = &b.in_bounds {
                set(&place(p, "in_bounds")?, true, true);
            }
            if let Some(w) = &b.within {
                let centre = board.grid.parse(&w.hex).map_err(|e| {
                    DataError::new(scenario, format!("{at}.within.hex"), e.to_string())
                })?;
                let mut near = alloc::vec![false; cells];
                let r = i16::from(w.radius);
                for dq in -r..=r {
                    for dr in (-r).max(-dq - r)..=r.min(-dq + r) {
                        let h = Hex::new(centre.q + dq, centre.r + dr);
                        if let Some(i) = board.index(h) {
                            near[i] = true;
                        }
                    }
                }
                for (a, n) in allowed.iter_mut().zip(near) {
                    *a &= n;
                }
            }
            if b.out_of_bounds.is_none() && b.in_bounds.is_none() && b.within.is_none() {
                return Err(DataError::new(
                    scenario,
                    &at,
                    "a limit names out_of_bounds, in_bounds or within",
                ));
            }
            let bit = 1u16 << out.list.len();
            for s in &b.applies_to.sides {
                let side = match s.as_str() {
                    "french" => Side(0),
                    "allied" => Side(1),
                    other => {
                        return Err(DataError::new(
                            scenario,
                            format!("{at}.applies_to.sides"),
                            format!("`{other}` is not a Fontenoy side (french, allied)"),
                        ));
                    }
                };
                for (u, info) in units.iter().enumerate() {
                    if info.side == side {
                        out.binds[u] |= bit;
                    }
                }
            }
            for d in &b.applies_to.divisions {
                let div = org.divisions.iter().find(|x| x.id == *d).ok_or_else(|| {
                    DataError::new(
                        scenario,
                        format!("{at}.applies_to.divisions"),
                        format!("no division `{d}`"),
                    )
                })?;
                for &u in div.units.iter().chain(div.commander.iter()) {
                    out.binds[usize::from(u)] |= bit;
                }
            }
            for name in &b.applies_to.units {
                let u = units.iter().position(|x| x.id == *name).ok_or_else(|| {
                    DataError::new(
                        scenario,
                        format!("{at}.applies_to.units"),
                        format!("no counter `{name}` in the scenario"),
                    )
                })?;
                out.binds[u] |= bit;
            }
            let mut come_in = 0u8;
            if let Some(serde_json::Value::Object(m)) = &b.outside_at_start {
                for (side, what) in m {
                    if what.as_str() == Some("end_activation_inside") {
                        come_in |= match side.as_str() {
                            "french" => 1,
                            "allied" => 2,
                            other => {
                                return Err(DataError::new(
                                    scenario,
                                    format!("{at}.outside_at_start"),
                                    format!("`{other}` is not a Fontenoy side (french, allied)"),
                                ));
                            }
                        };
                    }
                }
            }
            out.list.push(Bound {
                id: b.id,
                rule: b.rule,
                allowed,
                come_in,
            });
        }
        Ok(out)
    }

    /// F-10.3a D: how far `h` lies from the allowed area of every limit that makes unit `u`
    /// of `side` come in (0: inside them all; hexes counted up to 30).
    pub(crate) fn come_in_distance(&self, board: &Board, u: UnitId, side: Side, h: Hex) -> u16 {
        let bits = self.binds.get(usize::from(u)).copied().unwrap_or(0);
        let side_bit = 1u8 << side.index();
        let mut worst = 0u16;
        for (k, bound) in self.list.iter().enumerate() {
            if bits & (1 << k) == 0 || bound.come_in & side_bit == 0 || self.inside(board, k, h) {
                continue;
            }
            let mut best = 31u16;
            for r in 1..=30i16 {
                let mut found = false;
                for dq in -r..=r {
                    for dr in (-r).max(-dq - r)..=r.min(-dq + r) {
                        let x = Hex::new(h.q + dq, h.r + dr);
                        if h.distance(x) == r as u32 && board.on_map(x) && self.inside(board, k, x)
                        {
                            found = true;
                        }
                    }
                }
                if found {
                    best = r as u16;
                    break;
                }
            }
            worst = worst.max(best);
        }
        worst
    }

    /// Whether any limit makes units of `side` that begin outside come in (F-10.3a D).
    pub(crate) fn any_come_in(&self) -> bool {
        self.list.iter().any(|b| b.come_in != 0)
    }

    fn inside(&self, board: &Board, k: usize, h: Hex) -> bool {
        board
            .index(h)
            .and_then(|i| self.list[k].allowed.get(i).copied())
            .unwrap_or(false)
    }
}

impl Fontenoy {
    /// Whether a limit of the field (F-10.1a C–D, F-10.2a G, F-10.3a B–D, F-3.9d) forbids
    /// `u`'s step from `from` to `to`: a step from inside the allowed area to a hex outside it.
    pub(crate) fn bounds_ok(
        &self,
        s: &State,
        u: UnitId,
        from: &[Hex],
        to: &[Hex],
    ) -> Result<(), Illegal> {
        self.garrison_ok(s, u, from, to)?;
        let b = &self.scenario_rules.bounds;
        let bits = b.binds.get(usize::from(u)).copied().unwrap_or(0);
        if bits == 0 {
            return Ok(());
        }
        for (k, bound) in b.list.iter().enumerate() {
            if bits & (1 << k) == 0 {
                continue;
            }
            let was_in = from.iter().all(|&h| b.inside(&self.board, k, h));
            if !was_in {
                continue;
            }
            if let Some(&out) = to.iter().find(|&&h| !b.inside(&self.board, k, h)) {
                return Err(Illegal::new(
                    bound.rule.clone(),
                    format!(
                        "{} may not go to {}: it is beyond the scenario's limit ({})",
                        self.unit_name(u),
                        self.label(out),
                        bound.id
                    ),
                ));
            }
        }
        Ok(())
    }

    /// F-10.1a D: a unit the Allies' limit of scenario 1 binds may not attack in close combat a
    /// hex it may not enter (2 hexes deep in the Bois de Barry; south of the road too, a
    /// reading: the rule bans the attack because the attackers could not go there).
    pub(crate) fn attack_bounds_ok(&self, u: UnitId, target: Hex) -> Result<(), Illegal> {
        let b = &self.scenario_rules.bounds;
        let bits = b.binds.get(usize::from(u)).copied().unwrap_or(0);
        for (k, bound) in b.list.iter().enumerate() {
            if bits & (1 << k) != 0 && bound.rule == "10.1a D" && !b.inside(&self.board, k, target)
            {
                return Err(Illegal::new(
                    "10.1a D",
                    format!(
                        "{} may not attack {}: it lies beyond the Allies' limit ({}), where they may not go",
                        self.unit_name(u),
                        self.label(target),
                        bound.id
                    ),
                ));
            }
        }
        Ok(())
    }

    /// F-3.9b: the bridgehead keeps at least 6 infantry or cavalry units, 3 of them with an
    /// unmodified ER of 28 or less, and 2 artillery units. A French unit whose step out of the
    /// bridgehead would leave fewer of a kind it counts in is held (until the French retreat,
    /// which ends the game, F-2.2).
    fn garrison_ok(&self, s: &State, u: UnitId, from: &[Hex], to: &[Hex]) -> Result<(), Illegal> {
        let bh = &self.scenario_rules.victory.bridgehead;
        let info = &self.units[usize::from(u)];
        if bh.is_empty()
            || info.side != Side(0)
            || !info.is_combat()
            || !from.iter().any(|h| bh.contains(h))
            || to.iter().all(|h| bh.contains(h))
        {
            return Ok(());
        }
        let (mut foot, mut steady, mut guns) = (0u16, 0u16, 0u16);
        for (i, x) in s.units.iter().enumerate() {
            let xi = &self.units[i];
            if i == usize::from(u) || xi.side != Side(0) || !xi.is_combat() {
                continue;
            }
            if !x
                .placed()
                .is_some_and(|p| p.hexes.as_slice().iter().any(|h| bh.contains(h)))
            {
                continue;
            }
            if xi.kind == Kind::Artillery {
                guns += 1;
            } else {
                foot += 1;
                if xi.er <= 28 {
                    steady += 1;
                }
            }
        }
        let short = if info.kind == Kind::Artillery {
            guns < 2
        } else {
            foot < 6 || (info.er <= 28 && steady < 3)
        };
        if short {
            return Err(Illegal::new(
                "F-3.9b",
                format!(
                    "{} may not leave the bridgehead: its garrison would fall below 6 infantry or \
                     cavalry units (3 of ER 28 or less) and 2 guns",
                    self.unit_name(u)
                ),
            ));
        }
        Ok(())
    }
}
