//! F-10.xd the scenarios' victory conditions, and the events that end a game early: the
//! capture of the redoubt d'Eu (F-10.1d), the Dutch victory points (F-10.2d), the control of
//! N3630 (F-10.3d), the Army Retreat of the full battle (F-2.2, F-2.2a, F-2.2b; F-10.4d is cut
//! off, so the data's provisional draw stands in when nobody retreats).
//!
//! The places the conditions watch are indexed once by board cell; a moved unit's hexes are
//! looked up in constant time ([`Fontenoy::watch_units`]).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::Fontenoy;
use super::action::Action;
use super::board::Board;
use super::event::Event;
use super::state::{GameResult, Phase, Place, State, Step};
use super::types::Nationality;
use super::units::{DivId, Org, UnitId};
use crate::data::{DataError, VictoryCondition};
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

/// A place worth Dutch victory points (F-10.2d).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VpPlace {
    /// Its name.
    pub name: String,
    /// Points once an Allied unit has entered (or captured) it.
    pub vp: i32,
    /// Points more if an Allied unit is there at the end.
    pub held_vp: i32,
    /// Only Dutch units count (the Perimeter breach, F-10.2d).
    pub dutch_only: bool,
}

/// F-10.2d: the Dutch victory points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Points {
    /// The places, by their bit in `VictoryState::entered`.
    pub places: Vec<VpPlace>,
    /// Points per Potential French Reinforcement Division activated (F-10.2a F).
    pub per_division: i32,
    /// Those Divisions, by their bit in `VictoryState::activated`.
    pub divisions: Vec<DivId>,
    /// Points per full `per_boxes` boxes on the record `track` (−2 per 25).
    pub loss_vp: i32,
    /// Boxes per step of `loss_vp`.
    pub per_boxes: u16,
    /// The record counted.
    pub track: usize,
    /// Points at the start.
    pub start: i32,
    /// The levels: lowest and highest points (inclusive), the result, its winner.
    pub levels: Vec<(i32, i32, String, Side)>,
}

/// A scenario's victory conditions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Victory {
    /// No conditions: a draw at the end.
    #[default]
    None,
    /// F-10.1d: the Allies win at once when a unit of theirs takes the hex; else the French.
    Capture(Hex),
    /// F-10.2d: victory points.
    Points(Points),
    /// F-10.3d: the Allies win if they last occupied the hex at the end; else the French.
    Control(Hex),
    /// F-10.3e: the Allies win once `sp` of their SP have left the map through `hex`; else
    /// the French.
    Exit {
        /// The exit hex (S3801).
        hex: Hex,
        /// The SP needed (25).
        sp: u16,
    },
    /// F-2.2: the first army to retreat loses; the data's result when nobody has (F-10.4d is
    /// cut off).
    Retreat {
        /// The result if neither retreats.
        otherwise: String,
    },
}

/// The victory conditions read from the scenario, with their watched cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VictoryRules {
    /// The conditions.
    pub victory: Victory,
    /// Each board cell's watched places, as bits (bit k: place k; Capture and Control use bit 0).
    pub watch: Vec<u32>,
    /// F-3.9b is in force: an Allied unit in the bridgehead at a turn's start forces the French
    /// Retreat (F-2.2b).
    pub bridgehead: Vec<Hex>,
    /// F-4.4 is in force: 15 French SP off by the supply roads force the Allied Retreat six
    /// turns later (F-2.2b).
    pub supply_train: bool,
}

fn place_hexes(id: &str, board: &Board, name: &str) -> Result<Vec<Hex>, DataError> {
    board
        .place(name)
        .map(|p| {
            p.hexes
                .iter()
                .copied()
                .filter(|&h| board.on_map(h))
                .collect()
        })
        .ok_or_else(|| DataError::new(id, "victory", format!("no place `{name}` on the map")))
}

impl Victory {
    /// The exit hex of F-10.3e's victory by leaving the map, if that is the scenario's.
    pub fn exit_hex(&self) -> Option<Hex> {
        match self {
            Victory::Exit { hex, .. } => Some(*hex),
            _ => None,
        }
    }
}

impl VictoryRules {
    /// Reads the scenario's `victory` list.
    pub fn read(
        id: &str,
        list: &[VictoryCondition],
        board: &Board,
        org: &Org,
        tracks: &[super::tables::army::TrackDef],
        in_force: &[String],
    ) -> Result<VictoryRules, DataError> {
        let mut out = VictoryRules {
            watch: alloc::vec![0; board.cell_count()],
            ..VictoryRules::default()
        };
        if in_force.iter().any(|r| r == "3.9" || r == "3.9b") {
            out.bridgehead = board
                .place("bridgehead")
                .map(|p| p.hexes.clone())
                .unwrap_or_default();
        }
        out.supply_train = in_force.iter().any(|r| r == "4.4");
        let err = |m: &str| DataError::new(id, "victory", m.to_string());
        let str_of = |c: &VictoryCondition, f: &str| -> Option<String> {
            c.fields.get(f).and_then(|v| v.as_str()).map(String::from)
        };
        let hex_of = |c: &VictoryCondition| -> Result<Hex, DataError> {
            let h = str_of(c, "hex").ok_or_else(|| err("a `hex` is needed"))?;
            board
                .grid
                .parse(&h)
                .map_err(|e| DataError::new(id, "victory", e.to_string()))
        };
        let mut points = Points::default();
        let watch = |hexes: &[Hex], bit: usize, watch: &mut Vec<u32>| {
            for &h in hexes {
                if let Some(i) = board.index(h) {
                    watch[i] |= 1 << bit;
                }
            }
        };
        for c in list {
            let f = &c.fields;
            if let Some(sp) = f.get("sp_exited").and_then(|v| v.as_u64()) {
                let h = str_of(c, "exit_hex").ok_or_else(|| err("an `exit_hex` is needed"))?;
                let hex = board
                    .grid
                    .parse(&h)
                    .map_err(|e| DataError::new(id, "victory", e.to_string()))?;
                out.victory = Victory::Exit {
                    hex,
                    sp: u16::try_from(sp).unwrap_or(u16::MAX),
                };
            } else if f.contains_key("captured_when") {
                let h = hex_of(c)?;
                watch(&[h], 0, &mut out.watch);
                out.victory = Victory::Capture(h);
            } else if f.contains_key("control") {
                let h = hex_of(c)?;
                watch(&[h], 0, &mut out.watch);
                out.victory = Victory::Control(h);
            } else if str_of(c, "loser").as_deref() == Some("first_to_retreat") {
                if !matches!(out.victory, Victory::Retreat { .. }) {
                    out.victory = Victory::Retreat {
                        otherwise: "draw".into(),
                    };
                }
            } else if let Some(r) = str_of(c, "result") {
                out.victory = Victory::Retreat { otherwise: r };
            } else if let Some(levels) = f.get("levels").and_then(|l| l.as_array()) {
                points.start = f.get("start_vp").and_then(|v| v.as_i64()).unwrap_or(0) as i32;
                for l in levels {
                    let min = l.get("min").and_then(|v| v.as_i64()).unwrap_or(-999) as i32;
                    let max = l.get("max").and_then(|v| v.as_i64()).unwrap_or(999) as i32;
                    let name = l
                        .get("result")
                        .and_then(|v| v.as_str())
                        .unwrap_or("")
                        .replace('_', " ");
                    let side = if name.contains("french") {
                        Side(0)
                    } else {
                        Side(1)
                    };
                    points.levels.push((min, max, name, side));
                }
            } else if let Some(divs) = f.get("divisions").and_then(|l| l.as_array()) {
                points.per_division = f.get("vp").and_then(|v| v.as_i64()).unwrap_or(0) as i32;
                for d in divs {
                    let name = d.as_str().unwrap_or("");
                    let k = org
                        .divisions
                        .iter()
                        .position(|x| x.id == name)
                        .ok_or_else(|| err("no such Division"))?;
                    points.divisions.push(k as DivId);
                }
            } else if let Some(per) = f.get("per_boxes").and_then(|v| v.as_u64()) {
                points.per_boxes = u16::try_from(per).unwrap_or(25).max(1);
                points.loss_vp = f.get("vp").and_then(|v| v.as_i64()).unwrap_or(0) as i32;
                let track = str_of(c, "track").unwrap_or_default();
                points.track = tracks
                    .iter()
                    .position(|t| t.id == track)
                    .ok_or_else(|| err("no such morale track"))?;
            } else if f.contains_key("vp") {
                let vp = f.get("vp").and_then(|v| v.as_i64()).unwrap_or(0) as i32;
                let held_vp = f
                    .get("held_at_end_vp")
                    .and_then(|v| v.as_i64())
                    .unwrap_or(0) as i32;
                let names: Vec<String> = match f.get("places").and_then(|l| l.as_array()) {
                    Some(l) => l
                        .iter()
                        .filter_map(|x| x.as_str().map(String::from))
                        .collect(),
                    None => str_of(c, "place").into_iter().collect(),
                };
                let dutch_only = str_of(c, "event").as_deref() == Some("perimeter_breached");
                for name in names {
                    let bit = points.places.len();
                    if bit >= 32 {
                        return Err(err("at most 32 victory places"));
                    }
                    let hexes = place_hexes(id, board, &name)?;
                    watch(&hexes, bit, &mut out.watch);
                    points.places.push(VpPlace {
                        name,
                        vp,
                        held_vp,
                        dutch_only,
                    });
                }
            }
        }
        if !points.levels.is_empty() {
            out.victory = Victory::Points(points);
        }
        Ok(out)
    }
}

impl Fontenoy {
    /// Marks the watched places `units` stand in (F-10.1d, F-10.2d, F-10.3d); a capture that
    /// wins at once ends the game.
    pub(crate) fn watch_units(&self, s: &mut State, units: &[UnitId], ev: &mut Vec<Event>) {
        let vr = &self.scenario_rules.victory;
        if matches!(
            vr.victory,
            Victory::None | Victory::Retreat { .. } | Victory::Exit { .. }
        ) {
            return;
        }
        for &u in units {
            let info = &self.units[usize::from(u)];
            if !info.is_combat() {
                continue;
            }
            let Some(p) = s.unit(u).placed().copied() else {
                continue;
            };
            for &h in p.hexes.as_slice() {
                let bits = self
                    .board
                    .index(h)
                    .and_then(|i| vr.watch.get(i))
                    .copied()
                    .unwrap_or(0);
                if bits == 0 {
                    continue;
                }
                match &vr.victory {
                    Victory::Capture(hex) if info.side == Side(1) => {
                        ev.push(Event::PlaceTaken {
                            unit: u,
                            place: self.label(*hex),
                        });
                        self.finish_game(
                            s,
                            Some(Side(1)),
                            "Allied victory: the redoubt d'Eu is taken".into(),
                            [0, 0],
                            "F-10.1d",
                            ev,
                        );
                        return;
                    }
                    Victory::Control(_) => {
                        if let Some(x) = s.victory.held.first_mut() {
                            *x = Some(info.side);
                        } else {
                            s.victory.held.push(Some(info.side));
                        }
                    }
                    Victory::Points(pts) if info.side == Side(1) => {
                        for (k, place) in pts.places.iter().enumerate() {
                            let bit = 1u32 << k;
                            if bits & bit == 0 || s.victory.entered & bit != 0 {
                                continue;
                            }
                            if place.dutch_only && info.nationality != Nationality::Dutch {
                                continue;
                            }
                            s.victory.entered |= bit;
                            ev.push(Event::PlaceTaken {
                                unit: u,
                                place: place.name.clone(),
                            });
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Marks every watched place as it stands (after combat and retreats move units).
    pub(crate) fn watch_all(&self, s: &mut State, ev: &mut Vec<Event>) {
        if matches!(
            self.scenario_rules.victory.victory,
            Victory::None | Victory::Retreat { .. }
        ) {
            return;
        }
        let on_map: Vec<UnitId> = (0..s.units.len() as UnitId)
            .filter(|&u| s.unit(u).on_map())
            .collect();
        self.watch_units(s, &on_map, ev);
    }

    /// F-10.2a F: a Potential French Reinforcement Division is activated.
    pub(crate) fn watch_activation(&self, s: &mut State, divisions: &[DivId]) {
        if let Victory::Points(p) = &self.scenario_rules.victory.victory {
            for (k, d) in p.divisions.iter().enumerate() {
                if divisions.contains(d) {
                    s.victory.activated |= 1 << k;
                }
            }
        }
    }

    /// F-10.2a F: a Potential French Reinforcement Division with a unit among `units`, attacked
    /// in close combat or fired on by a non-artillery unit, is activated (and counts against
    /// the French in F-10.2d).
    pub(crate) fn potential_attacked(&self, s: &mut State, units: &[UnitId]) {
        let Victory::Points(p) = &self.scenario_rules.victory.victory else {
            return;
        };
        if p.divisions.is_empty() {
            return;
        }
        let divisions: Vec<DivId> = units
            .iter()
            .filter_map(|&u| self.division_now(s, u))
            .collect();
        self.watch_activation(s, &divisions);
    }

    /// The Dutch victory points now (F-10.2d).
    pub fn dutch_points(&self, s: &State) -> i32 {
        let Victory::Points(p) = &self.scenario_rules.victory.victory else {
            return 0;
        };
        // F-10.2d: judging the troops alone, the Dutch start with 3.
        let mut vp = p.start
            + if self.option("10.2d-troops-only") {
                3
            } else {
                0
            };
        for (k, place) in p.places.iter().enumerate() {
            if s.victory.entered & (1 << k) == 0 {
                continue;
            }
            vp += place.vp;
            if place.held_vp != 0 && self.allied_in_place(s, k) {
                vp += place.held_vp;
            }
        }
        vp += p.per_division * s.victory.activated.count_ones() as i32;
        let boxes = s.tracks.get(p.track).map_or(0, |t| t.boxes);
        vp += p.loss_vp * i32::from(boxes / p.per_boxes.max(1));
        vp
    }

    /// Whether an Allied combat unit stands in victory place `k` now.
    fn allied_in_place(&self, s: &State, k: usize) -> bool {
        let watch = &self.scenario_rules.victory.watch;
        s.units.iter().enumerate().any(|(i, u)| {
            let info = &self.units[i];
            info.side == Side(1)
                && info.is_combat()
                && u.placed().is_some_and(|p| {
                    p.hexes.as_slice().iter().any(|&h| {
                        self.board
                            .index(h)
                            .and_then(|c| watch.get(c))
                            .is_some_and(|b| b & (1 << k) != 0)
                    })
                })
        })
    }

    /// F-2.2: `side` declares an Army Retreat; without F-5.4 the game ends and the other army
    /// wins (F-10.4d is cut off; in scenario 3, where F-2.2 is in force, the same is read).
    pub(crate) fn army_retreat(&self, s: &mut State, side: Side, rule: &str, ev: &mut Vec<Event>) {
        if s.victory.retreating[side.index()] {
            return; // F-5.4c: declared already, and irrevocable
        }
        s.victory.retreating[side.index()] = true;
        ev.push(Event::ArmyRetreat {
            side,
            rule: rule.into(),
        });
        if self.option("5.4") {
            // F-5.4: the Retreat does not end the game; the first to declare it loses at the
            // end (a reading: 5.4 leaves the verdict to the players).
            if s.victory.retreated.is_none() {
                s.victory.retreated = Some(side);
            }
            return;
        }
        let winner = side.other();
        let level = format!(
            "{} victory: the {} retreat",
            Self::side_name(winner),
            Self::side_name(side)
        );
        self.finish_game(s, Some(winner), level, [0, 0], "F-2.2", ev);
    }

    /// F-5.4b: the army asked about a voluntary Army Retreat after `after` (the Allies first,
    /// then the French): only with option 5.4, where the scenario's victory is the Retreat
    /// (F-2.2), and never an army that has declared one.
    pub(crate) fn retreat_asked_after(&self, s: &State, after: Option<Side>) -> Option<Side> {
        if !self.option("5.4")
            || !matches!(self.scenario_rules.victory.victory, Victory::Retreat { .. })
        {
            return None;
        }
        let order: &[Side] = match after {
            None => &[Side(1), Side(0)],
            Some(Side(1)) => &[Side(0)],
            Some(_) => &[],
        };
        order
            .iter()
            .copied()
            .find(|side| !s.victory.retreating[side.index()])
    }

    /// F-5.4b: the answer of `side` at [`Step::DeclareRetreat`] (popped); then the next army,
    /// or Initiative.
    pub(crate) fn apply_declare_retreat(
        &self,
        s: &mut State,
        side: Side,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::DeclareRetreat => self.army_retreat(s, side, "F-5.4b", ev),
            Action::Pass => {}
            other => {
                return Err(Illegal::new(
                    "F-5.4b",
                    format!("{other:?} is not an answer here: declare an Army Retreat or pass"),
                ));
            }
        }
        match self.retreat_asked_after(s, Some(side)) {
            Some(next) => s.steps.push(Step::DeclareRetreat { side: next }),
            None => self.to_initiative(s, ev),
        }
        Ok(())
    }

    /// F-5.4c: whether `side` has declared an Army Retreat that did not end the game (its
    /// activations then take whole Wings).
    pub fn retreating(&self, s: &State, side: Side) -> bool {
        self.option("5.4") && s.victory.retreating[side.index()]
    }

    /// F-2.2b at the start of a turn: an Allied unit in the bridgehead (F-3.9b) forces the
    /// French Retreat; six turns after the supply train's capture (F-4.4) the Allies retreat;
    /// so do the French six turns after an unanswered Dutch sortie (F-6.6c).
    /// Whether the game ended.
    pub(crate) fn turn_start_retreats(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let vr = &self.scenario_rules.victory;
        if !vr.bridgehead.is_empty() {
            let allied_in = s.units.iter().enumerate().any(|(i, u)| {
                self.units[i].side == Side(1)
                    && self.units[i].is_combat()
                    && u.placed().is_some_and(|p| {
                        p.hexes.as_slice().iter().any(|h| vr.bridgehead.contains(h))
                    })
            });
            if allied_in {
                self.army_retreat(s, Side(0), "F-3.9b", ev);
            }
        }
        if vr.supply_train {
            if s.victory.train_taken.is_none() {
                let off: u16 = s
                    .units
                    .iter()
                    .enumerate()
                    .filter(|(i, u)| {
                        self.units[*i].side == Side(0)
                            && u.place == Place::Exited
                            && !s.tournay.returned.contains(&(*i as super::units::UnitId))
                    })
                    .map(|(_, u)| u16::from(u.sp))
                    .sum();
                if off >= 15 {
                    s.victory.train_taken = Some(s.turn);
                }
            }
            if s.result.is_none() && s.victory.train_taken.is_some_and(|t| s.turn >= t + 6) {
                self.army_retreat(s, Side(1), "F-4.4", ev);
            }
        }
        // F-6.6c: an unanswered Dutch sortie (reinforcements/tournay.rs).
        self.tournay_retreat(s, ev);
        s.result.is_some()
    }

    /// The result after the scenario's last turn (F-10.xd).
    pub(crate) fn game_end(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.watch_all(s, ev);
        if s.result.is_some() {
            return;
        }
        match &self.scenario_rules.victory.victory {
            Victory::None => self.finish_game(
                s,
                None,
                "the scenario's last turn has been played".into(),
                [0, 0],
                "F-10.0",
                ev,
            ),
            Victory::Capture(_) => self.finish_game(
                s,
                Some(Side(0)),
                "French victory: the redoubt d'Eu holds".into(),
                [0, 0],
                "F-10.1d",
                ev,
            ),
            Victory::Exit { hex, sp } => {
                let off = self.exited_sp(s, Side(1));
                let level = format!(
                    "French victory: the Allies took {off} SP off through {}, not {sp}",
                    self.label(*hex)
                );
                self.finish_game(s, Some(Side(0)), level, [0, 0], "F-10.3e", ev);
            }
            Victory::Control(h) => {
                let allied = s.victory.held.first().copied().flatten() == Some(Side(1));
                let (w, level) = if allied {
                    (
                        Side(1),
                        format!("Allied victory: the Allies control {}", self.label(*h)),
                    )
                } else {
                    (
                        Side(0),
                        format!(
                            "French victory: the Allies do not control {}",
                            self.label(*h)
                        ),
                    )
                };
                self.finish_game(s, Some(w), level, [0, 0], "F-10.3d", ev);
            }
            Victory::Points(p) => {
                let vp = self.dutch_points(s);
                let (level, w) = p
                    .levels
                    .iter()
                    .find(|(lo, hi, _, _)| (*lo..=*hi).contains(&vp))
                    .map(|(_, _, n, w)| (n.clone(), *w))
                    .unwrap_or_else(|| ("no level".into(), Side(0)));
                self.finish_game(s, Some(w), level, [0, vp], "F-10.2d", ev);
            }
            Victory::Retreat { .. } if s.victory.retreated.is_some() => {
                let side = s.victory.retreated.unwrap_or(Side(0));
                let level = format!(
                    "{} victory: the {} retreated first",
                    Self::side_name(side.other()),
                    Self::side_name(side)
                );
                self.finish_game(s, Some(side.other()), level, [0, 0], "F-5.4", ev);
            }
            Victory::Retreat { otherwise } => {
                let level = format!("{otherwise}: neither army has retreated (provisional)");
                self.finish_game(s, None, level, [0, 0], "F-2.2", ev);
            }
        }
    }

    /// The SP of `side`'s combat units that have left the map.
    pub fn exited_sp(&self, s: &State, side: Side) -> u16 {
        s.units
            .iter()
            .enumerate()
            .filter(|(i, u)| {
                self.units[*i].side == side
                    && self.units[*i].is_combat()
                    && u.place == Place::Exited
                    && !s.tournay.returned.contains(&(*i as UnitId))
            })
            .map(|(_, u)| u16::from(u.sp))
            .sum()
    }

    /// F-10.3e: an Allied unit has left the map; the Allies win once enough SP have.
    pub(crate) fn exit_victory(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Victory::Exit { hex, sp } = self.scenario_rules.victory.victory else {
            return;
        };
        let off = self.exited_sp(s, Side(1));
        if off >= sp {
            let level = format!(
                "Allied victory: {off} Allied SP have left the map through {}",
                self.label(hex)
            );
            self.finish_game(s, Some(Side(1)), level, [0, 0], "F-10.3e", ev);
        }
    }

    /// Ends the game with its result.
    pub(crate) fn finish_game(
        &self,
        s: &mut State,
        winner: Option<Side>,
        level: String,
        points: [i32; 2],
        rule: &str,
        ev: &mut Vec<Event>,
    ) {
        if s.result.is_some() {
            return;
        }
        ev.push(Event::GameOver {
            winner,
            level: level.clone(),
        });
        s.result = Some(GameResult {
            winner,
            level,
            points,
            rule: rule.into(),
        });
        s.phase = Phase::Over;
        s.steps.clear();
        s.activation = None;
    }
}
