//! 16.0 Cavalry Pursuit and Recall: cavalry that advanced pursues the group that left the hex
//! (16.1), with Pursuit Points from a d10 (16.2a; +1 for a commander with it, F-2.7, before
//! halving when Disordered, 18.5a; an unmodified 0 reads the Special Pursuit Results, F-8.4),
//! along the path of retreat paying SCM costs (16.2b, F-2.8a), 1 SP off the enemy for each
//! path hex (2 with Blood Lust), the enemy destroyed when reached; it stops when the PP run
//! out, in an enemy ZOC, when blocked, or on a successful recall; a recall is a DC(F) tried
//! once, else taken at the end (16.3).

use alloc::vec::Vec;

use super::{CloseStep, Cont, HexLabel, Pursuit, SpecialPursuit};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::{Hexes, Placed};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Place, State, Step};
use crate::fontenoy::types::{DisorderCheck, Formation, Morale, round};
use crate::fontenoy::units::UnitId;
use crate::hex::{Direction, Facing, Hex};

impl Fontenoy {
    /// The path of retreat of `enemy` from `from` (16.2b): the hexes its Retreat by Routing
    /// entered, its own hex last. A unit that did not rout in this segment (it retreated
    /// before combat, 13.9) has no recorded path: the straight chain of hexes from `from` to
    /// where it stands is used (each step to the neighbour nearest it).
    pub fn retreat_path(&self, s: &State, enemy: UnitId, from: Hex) -> Vec<Hex> {
        let Some(to) = s.unit(enemy).placed().map(|p| p.hex()) else {
            return Vec::new();
        };
        if let Some((_, p)) = self
            .close_segment(s)
            .and_then(|c| c.rout_paths.iter().find(|(u, _)| *u == enemy))
        {
            if p.last().map(|h| h.0) == Some(to) {
                return p.iter().map(|h| h.0).collect();
            }
        }
        let mut path = Vec::new();
        let mut cur = from;
        while cur != to && path.len() < 16 {
            let Some(n) = cur.neighbors().into_iter().min_by_key(|n| n.distance(to)) else {
                break;
            };
            path.push(n);
            cur = n;
        }
        path
    }

    /// The next pursuit (16.1c), or the end of the combat.
    pub(crate) fn next_pursuit(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.next_pursuit_from(s, false, ev);
    }

    /// The groups waiting to pursue, by top unit, when their player has to choose which goes
    /// first (16.1c: several waiting).
    pub(crate) fn pursuit_order_options(&self, s: &State) -> Vec<UnitId> {
        let Some(c) = self.close_segment(s) else {
            return Vec::new();
        };
        if c.pursuits.len() < 2 {
            return Vec::new();
        }
        c.pursuits
            .iter()
            .filter_map(|p| p.0.first().copied())
            .collect()
    }

    /// 16.1c: the controlling player's choice of the group that pursues next.
    pub(crate) fn choose_pursuit(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        if let Some(c) = self.cs_mut(s) {
            if let Some(i) = c.pursuits.iter().position(|p| p.0.first() == Some(&unit)) {
                let p = c.pursuits.remove(i);
                c.pursuits.insert(0, p);
            }
        }
        self.next_pursuit_from(s, true, ev);
    }

    /// The next pursuit; `chosen`: the first waiting one was just chosen (16.1c).
    fn next_pursuit_from(&self, s: &mut State, chosen: bool, ev: &mut Vec<Event>) {
        let mut ask = !chosen;
        loop {
            if ask {
                if let Some(&u) = self.pursuit_order_options(s).first() {
                    let side = self.side_of(u);
                    s.steps.push(Step::Close(CloseStep::ChoosePursuit { side }));
                    return;
                }
            }
            ask = true;
            let next = self.cs_mut(s).and_then(|c| {
                if c.pursuits.is_empty() {
                    None
                } else {
                    Some(c.pursuits.remove(0))
                }
            });
            let Some((units, enemy, from)) = next else {
                self.combat_over(s, ev);
                return;
            };
            let live: Vec<UnitId> = units
                .iter()
                .copied()
                .filter(|&u| s.unit(u).on_map() && s.unit(u).morale != Morale::Routed)
                .collect();
            let foes: Vec<UnitId> = enemy
                .iter()
                .copied()
                .filter(|&u| s.unit(u).on_map())
                .collect();
            let Some(&top) = live.first() else { continue };
            // 16.1b: no pursuit when Shaken, the enemy destroyed, or a non-Routed enemy in
            // its ZOC.
            let why = if s.unit(top).morale == Morale::Shaken {
                Some("16.1b: the cavalry is Shaken")
            } else if foes.is_empty() {
                Some("16.1b: the enemy was destroyed")
            } else if self.unrouted_enemy_in_zoc(s, top) {
                Some("16.1b: a non-Routed enemy is in its ZOC")
            } else {
                None
            };
            if let Some(why) = why {
                ev.push(Event::NoPursuit {
                    unit: top,
                    why: why.into(),
                });
                continue;
            }
            let path: Vec<HexLabel> = self
                .retreat_path(s, foes[0], from.0)
                .into_iter()
                .map(HexLabel)
                .collect();
            let before = (s.unit(top).morale, s.unit(top).disordered);
            if let Some(c) = self.cs_mut(s) {
                c.pursuit = Some(Pursuit {
                    units: live,
                    enemy: foes,
                    path,
                    pp: 0,
                    roll: 0,
                    special: None,
                    recall_tried: false,
                    recalled: false,
                    before,
                    recall_fails: false,
                    origin: Some(from),
                    spent: 0,
                    free: false,
                    free_done: false,
                    turns: 0,
                    reordered: Vec::new(),
                });
            }
            s.steps.push(Step::Close(CloseStep::PursuitDice {
                special: false,
                reroll: false,
            }));
            return;
        }
    }

    pub(crate) fn unrouted_enemy_in_zoc(&self, s: &State, u: UnitId) -> bool {
        let o = Occupancy::build(self, s);
        let side = self.side_of(u);
        self.frontal_hexes(s, u).iter().any(|&h| {
            self.enemies_at(&o, h, side)
                .iter()
                .any(|&e| s.unit(e).morale != Morale::Routed)
        })
    }

    /// F-2.7: +1 with a commander that is the Division Commander of one of its units, a Wing
    /// or Army Commander, or a Special Commander.
    pub(crate) fn pursuit_bonus(&self, s: &State, units: &[UnitId]) -> u8 {
        let Some(&top) = units.first() else { return 0 };
        let Some(p) = s.unit(top).placed() else {
            return 0;
        };
        let side = self.side_of(top);
        let army = &self.org.armies[side.index()];
        let cmds = self.commanders_in(s, p.hexes.as_slice(), side);
        let counts = cmds.iter().any(|&c| {
            let div = units.iter().any(|&u| {
                self.division_now(s, u)
                    .and_then(|d| self.org.divisions[usize::from(d)].commander)
                    == Some(c)
            });
            div || army.cinc == Some(c)
                || s.armies[side.index()].cinc == Some(c)
                || self.org.wing_of_commander[usize::from(c)].is_some()
                // F-3.3d F, F-4.2f D: not the artillery commanders.
                || (army.special.contains(&c) && !self.is_artillery_commander(c))
        });
        u8::from(counts)
    }

    /// A Pursuit Points die (16.2a), a Special Pursuit die (F-8.4), or a special's re-roll.
    pub(crate) fn pursuit_die(
        &self,
        s: &mut State,
        special: bool,
        reroll: bool,
        v: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            return;
        };
        let top = p.units[0];
        let disordered = p.units.iter().any(|&u| s.unit(u).disordered);
        let bonus = self.pursuit_bonus(s, &p.units);
        if special {
            let r = self
                .tables
                .close
                .special_pursuit(self.units[usize::from(top)].nationality, v);
            if let Some(c) = self.cs_mut(s) {
                if let Some(x) = c.pursuit.as_mut() {
                    x.special = Some(r);
                }
            }
            ev.push(Event::SpecialPursuit {
                unit: top,
                roll: v,
                result: r.name().into(),
            });
            if r == SpecialPursuit::NoPursuit {
                // F-8.4d: no pursuit, but the recall check is still taken.
                self.pursuit_end(s, ev);
            } else {
                s.steps.push(Step::Close(CloseStep::PursuitDice {
                    special: false,
                    reroll: true,
                }));
            }
            return;
        }
        if v == 0 && !reroll {
            s.steps.push(Step::Close(CloseStep::PursuitDice {
                special: true,
                reroll: false,
            }));
            return;
        }
        let raw = i32::from(v) + i32::from(bonus);
        let pp = match (reroll, p.special) {
            (true, Some(SpecialPursuit::BloodLust)) if v == 0 => {
                // F-8.4a: a 0 on the re-roll cancels the pursuit.
                ev.push(Event::NoPursuit {
                    unit: top,
                    why: "F-8.4a: Blood Lust re-rolled 0".into(),
                });
                if let Some(c) = self.cs_mut(s) {
                    c.pursuit = None;
                }
                self.next_pursuit(s, ev);
                return;
            }
            (true, Some(SpecialPursuit::OutOfControl)) => {
                let x = raw + 5;
                if disordered { round(x, 2) } else { x }
            }
            (true, Some(SpecialPursuit::Hesitation)) => {
                if disordered {
                    round(raw, 4)
                } else {
                    round(raw, 2)
                }
            }
            _ => {
                if disordered {
                    round(raw, 2)
                } else {
                    raw
                }
            }
        };
        let pp = pp.clamp(0, 99) as u8;
        if let Some(c) = self.cs_mut(s) {
            if let Some(x) = c.pursuit.as_mut() {
                x.pp = pp;
                x.roll = v;
            }
        }
        ev.push(Event::PursuitPoints {
            unit: top,
            roll: v,
            pp,
        });
        self.begin_pursuit(s);
        if pp == 0 {
            self.pursuit_end(s, ev);
        } else {
            let side = self.side_of(top);
            s.steps.push(Step::Close(CloseStep::Pursue { side }));
        }
    }

    /// 16.2a: a multi-hex Line shrinks into the hex it advanced into; the cavalry faces the
    /// first hex of the retreat (not movement, even in an enemy ZOC).
    pub(crate) fn begin_pursuit(&self, s: &mut State) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            return;
        };
        let Some(&first) = p.path.first() else { return };
        let Some(at) = s.unit(p.units[0]).placed().copied() else {
            return;
        };
        let here = at.hex();
        let toward = here.direction_to(first.0);
        for &u in &p.units {
            let own = s.unit(u).placed().map_or(at.facing, |q| q.facing);
            let placed = Placed {
                hexes: Hexes::one(here),
                facing: facing_toward(s.unit(u).formation, toward, own),
                hook: None,
            };
            s.unit_mut(u).place = Place::Map(placed);
        }
    }

    /// The pursuing player's choices: follow the path, or try a recall (16.3a; not when Out of
    /// Control, F-8.4b).
    pub(crate) fn pursue_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.as_ref()) else {
            return;
        };
        out.push(Action::Pursue { unit: p.units[0] });
        if !p.recall_tried && p.special != Some(SpecialPursuit::OutOfControl) {
            out.push(Action::Recall { unit: p.units[0] });
        }
    }

    /// One hex of Pursuit Movement (16.2b).
    pub(crate) fn pursue_step(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            return;
        };
        let top = p.units[0];
        let Some(&next) = p.path.first() else {
            // The path is followed to its end: Free Movement may follow (16.2b).
            self.set_free(s, p.spent >= 1);
            self.pursuit_end(s, ev);
            return;
        };
        let Some(at) = s.unit(top).placed().copied() else {
            self.pursuit_end(s, ev);
            return;
        };
        let o = Occupancy::build(self, s);
        let side = self.side_of(top);
        // 16.2b condition 3: blocked by SCM terrain, the PP, or a non-Routed enemy in its ZOC.
        let others = o
            .at(self, next.0)
            .units
            .iter()
            .any(|&x| self.units[usize::from(x)].is_combat() && !p.enemy.contains(&x));
        let cost = self.scm_cost(at.hex(), next.0);
        let blocked = match cost {
            None => true,
            Some(c) => c.sixths() > u16::from(p.pp) * 6,
        } || others
            || self.unrouted_enemy_in_zoc(s, top);
        if blocked {
            ev.push(Event::PursuitEnds {
                unit: top,
                why: "16.2b: the path of retreat is blocked".into(),
            });
            // Condition 3: Free Movement may follow once a PP is spent.
            self.set_free(s, p.spent >= 1);
            self.pursuit_end(s, ev);
            return;
        }
        let cost = cost.map_or(0, |c| c.sixths().div_ceil(6)) as u8;
        let reached: Vec<UnitId> = p
            .enemy
            .iter()
            .copied()
            .filter(|&e| s.unit(e).placed().is_some_and(|q| q.hexes.contains(next.0)))
            .collect();
        // Face the next hex of the path (16.2b: free, compulsory).
        let toward = p
            .path
            .get(1)
            .and_then(|n| next.0.direction_to(n.0))
            .or_else(|| at.hex().direction_to(next.0));
        let mut destroyed = false;
        if !reached.is_empty() {
            // Reaching the retreating unit destroys it; the cavalry keeps its facing.
            for e in reached {
                let sp = s.unit(e).sp;
                self.lose_sp(s, e, sp, "16.2b", ev);
            }
            destroyed = true;
        }
        // 21.1c, 21.2c: the commanders with the pursuers go with them.
        let commanders = self.commanders_in(s, at.hexes.as_slice(), side);
        for &u in &p.units {
            let own = s.unit(u).placed().map_or(at.facing, |q| q.facing);
            let facing = if destroyed {
                own
            } else {
                facing_toward(s.unit(u).formation, toward, own)
            };
            s.unit_mut(u).place = Place::Map(Placed {
                hexes: Hexes::one(next.0),
                facing,
                hook: None,
            });
        }
        for c in commanders {
            s.unit_mut(c).place = Place::Map(Placed::at(next.0, at.facing));
        }
        ev.push(Event::Pursued {
            unit: top,
            to: next.0,
        });
        if !destroyed {
            let per_hex = if p.special == Some(SpecialPursuit::BloodLust) {
                2
            } else {
                1
            };
            for _ in 0..per_hex {
                let left: Vec<UnitId> = p
                    .enemy
                    .iter()
                    .copied()
                    .filter(|&e| s.unit(e).on_map())
                    .collect();
                let Some(&e) = left
                    .iter()
                    .max_by_key(|&&e| (s.unit(e).sp, core::cmp::Reverse(e)))
                else {
                    break;
                };
                self.lose_sp(s, e, 1, "16.2b", ev);
            }
            destroyed = p.enemy.iter().all(|&e| !s.unit(e).on_map());
        }
        let pp = p.pp.saturating_sub(cost.max(1));
        if let Some(c) = self.cs_mut(s) {
            if let Some(x) = c.pursuit.as_mut() {
                x.pp = pp;
                x.spent = x.spent.saturating_add(cost.max(1));
                x.path.remove(0);
            }
        }
        let o = Occupancy::build(self, s);
        let in_ezoc = o.ezoc(self, next.0, side);
        let path_done = self
            .close_segment(s)
            .and_then(|c| c.pursuit.as_ref())
            .is_none_or(|x| x.path.is_empty());
        if destroyed || pp == 0 || in_ezoc || path_done {
            // Condition 1 (no PP left, an enemy ZOC) comes first and allows no Free Movement.
            self.set_free(s, !(pp == 0 || in_ezoc));
            let why = if pp == 0 || in_ezoc {
                "16.2b: Pursuit Points spent or an enemy ZOC entered"
            } else if destroyed {
                "16.2b: the retreating unit is destroyed"
            } else {
                "16.2b: the path of retreat is followed to its end"
            };
            ev.push(Event::PursuitEnds {
                unit: top,
                why: why.into(),
            });
            self.pursuit_end(s, ev);
        } else {
            s.steps.push(Step::Close(CloseStep::Pursue { side }));
        }
    }

    /// A recall is tried (16.3a): DC(F) on the top cavalry unit (16.3c).
    pub(crate) fn recall(&self, s: &mut State, _ev: &mut Vec<Event>) {
        let Some(top) = self
            .close_segment(s)
            .and_then(|c| c.pursuit.as_ref())
            .map(|p| p.units[0])
        else {
            return;
        };
        let before = (s.unit(top).morale, s.unit(top).disordered);
        if let Some(c) = self.cs_mut(s) {
            if let Some(x) = c.pursuit.as_mut() {
                x.recall_tried = true;
                x.before = before;
            }
        }
        s.steps.push(Step::Close(CloseStep::Resume(Cont::Recall)));
        self.queue_checks(
            s,
            &[CheckReq {
                unit: top,
                kind: CheckKind::Disorder(DisorderCheck::F),
                er_mod: 0,
            }],
        );
    }

    /// After a recall's DC(F): passed, the pursuit stops; failed, it goes on and the cavalry
    /// ends it Disordered (16.3b: the check's Disorder).
    pub(crate) fn after_recall(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            return;
        };
        let top = p.units[0];
        let now = (s.unit(top).morale, s.unit(top).disordered);
        if s.unit(top).on_map() && now == p.before {
            if let Some(c) = self.cs_mut(s) {
                if let Some(x) = c.pursuit.as_mut() {
                    x.recalled = true;
                }
            }
            ev.push(Event::PursuitEnds {
                unit: top,
                why: "16.3: recalled".into(),
            });
            // Condition 4: Free Movement only if a PP was spent before the recall (16.2b).
            self.set_free(s, p.spent >= 1);
            self.free_or_finish(s, ev);
        } else if s.unit(top).on_map() && s.unit(top).morale != Morale::Routed {
            let side = self.side_of(top);
            s.steps.push(Step::Close(CloseStep::Pursue { side }));
        } else {
            self.finish_pursuit(s, ev);
        }
    }

    /// Whether Free Movement may follow Pursuit Movement (16.2b).
    fn set_free(&self, s: &mut State, free: bool) {
        if let Some(x) = self.cs_mut(s).and_then(|c| c.pursuit.as_mut()) {
            x.free = free;
        }
    }

    /// Pursuit Movement is over: the Recall DC(F) if none was tried (16.2b, 16.3a), then Free
    /// Movement (free_move.rs); Out of Control cavalry takes the check after its Free
    /// Movement (F-8.4b).
    pub(crate) fn pursuit_end(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            self.next_pursuit(s, ev);
            return;
        };
        if p.recall_tried
            || !s.unit(p.units[0]).on_map()
            || p.special == Some(SpecialPursuit::OutOfControl)
        {
            self.free_or_finish(s, ev);
            return;
        }
        if let Some(c) = self.cs_mut(s) {
            if let Some(x) = c.pursuit.as_mut() {
                x.recall_tried = true;
            }
        }
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::PursuitOver)));
        self.queue_checks(
            s,
            &[CheckReq {
                unit: p.units[0],
                kind: CheckKind::Disorder(DisorderCheck::F),
                er_mod: 0,
            }],
        );
    }

    /// After the automatic recall check: Free Movement, or the end (16.2b).
    pub(crate) fn after_pursuit_check(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.free_or_finish(s, ev);
    }

    /// F-8.3d: the recall check under way rolled Recall Fails.
    pub(crate) fn recall_fails(&self, s: &mut State) {
        if let Some(x) = self.cs_mut(s).and_then(|c| c.pursuit.as_mut()) {
            x.recall_fails = true;
        }
    }

    /// The pursuit is over: after Recall Fails the group is Disordered and loses half the PP
    /// die in SP (F-8.3d, rounded by 1.5b, top unit first); active cavalry pursuing after a
    /// Cavalry Reaction loses its remaining MP unless it was recalled before spending a PP
    /// (17.3e); then the Pursuit Completion Step (16.2c, free_move.rs, pursuit_split.rs).
    pub(crate) fn finish_pursuit(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            self.next_pursuit(s, ev);
            return;
        };
        let units = p.units.clone();
        if p.recall_fails {
            let mut loss = crate::fontenoy::types::round(i32::from(p.roll), 2).max(0) as u8;
            for &u in &units {
                if !s.unit(u).on_map() {
                    continue;
                }
                s.unit_mut(u).disordered = true;
            }
            for &u in &units {
                if loss == 0 {
                    break;
                }
                let take = loss.min(s.unit(u).sp);
                if take > 0 && s.unit(u).on_map() {
                    self.lose_sp(s, u, take, "F-8.3d", ev);
                    loss -= take;
                }
            }
        }
        // 17.3e: recalled before spending a PP, it may go on moving; else its MP are lost.
        let reaction = self.current(s).is_some_and(|c| c.reaction);
        if reaction && !(p.recalled && p.spent == 0) {
            for &u in &units {
                if self.moving(s, u).is_some_and(|m| !m.done) {
                    self.finish(s, u, ev);
                }
            }
        }
        self.pursuit_order_or_complete(s, ev);
    }
}

/// The facing toward direction `d` that `formation` takes (16.2b: the pursuer faces the next
/// hex): a vertex for a Line, a hexside for a column (8.4c, 8.4d); `own` when there is none.
fn facing_toward(formation: Formation, d: Option<Direction>, own: Facing) -> Facing {
    match d {
        Some(d) if formation.faces_vertex() => Facing::corner(d),
        Some(d) => Facing::side(d),
        None => own,
    }
}
