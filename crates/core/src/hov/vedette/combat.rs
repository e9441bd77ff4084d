//! Vedettes in the Combat Phase (§72–§77): the combats in which a vedette fights, run in the
//! phasing player's Battle Resolution segment while no battle is under way.
//!
//! * §73 2: every enemy vedette alone in its hex (no enemy Force with it) next to a phasing
//!   Force must be attacked, by one of those Forces (`AttackVedette`); attacking a vedette does
//!   not count as the Force's battle of the phase (reading N52: it has no effect on the Force,
//!   §73).
//! * §72, §74 2: a phasing vedette alone in its hex and in an enemy ZOC must attack an adjacent
//!   enemy hex (`VedetteAttack`), but only one whose occupants have no other phasing Force in
//!   their ZOC; a vedette with friendly Forces in its hex fights with them at no strength
//!   (§74 3) and makes no attack of its own.
//! * ¶146 step 3a, §77: with the strengths announced, a defending cavalry vedette, then an
//!   attacking one, may retreat one or two hexes before combat, and the combat is over; no
//!   pursuit.
//! * The die (¶146 step 7) on the CRT at the odds of §74 (a vedette ½ SP, no Fort benefit for
//!   it, §74 5; no Pitched chit, no Initiative Comparison, §74 1–2): only vedettes suffer the
//!   result (§73 1); a vedette that loses, or whose number is not zero, goes to the portrait of
//!   the nearest friendly Force within 7 MP (cavalry) or 4 MP (infantry), else to the pool
//!   (§75 1; a Freikorps with no Force in reach is gone, §80 3, reading N53); it never
//!   retreats after combat (§68 item 5) and is not pursued (§73 1); a vedette alone never
//!   pursues (§78 3).

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::board::Settlement;
use super::super::event::Event;
use super::super::state::{
    Battle, LeaderPlace, Skirmish, SkirmishStep, State, VedetteId, VedettePlace,
};
use super::super::types::{Mp, announced};
use super::super::zoc::Occupancy;
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, Chance, Illegal, Side};
use crate::hex::{Direction, Hex};

impl Hov {
    /// The enemy vedette alone in `hex` (no enemy Force or garrison with it), if any.
    fn lone_vedette(&self, s: &State, o: &Occupancy, side: Side, hex: Hex) -> Option<VedetteId> {
        if !self.vedettes_only(o, side, hex) {
            return None;
        }
        (0..s.vedettes.len())
            .find(|&i| {
                self.manifest.vedettes[i].side == side
                    && s.vedettes[i].place == VedettePlace::Map(hex)
            })
            .map(|i| i as VedetteId)
    }

    /// §73 2: the attacks on enemy vedettes open to the phasing player — each phasing Force
    /// Leader next to a hex holding only enemy vedettes, not yet attacked this phase, that he
    /// may attack across the hexside — in leader then direction order. Every one of those
    /// hexes must be attacked before the segment ends.
    pub(crate) fn vedette_defences(&self, s: &State) -> Vec<(u16, Hex)> {
        let mut out = Vec::new();
        if !self.params.vedettes {
            return out;
        }
        let side = s.phasing;
        let mut occupancy = None;
        let forces = self.force_table(s);
        for (i, l) in s.leaders.iter().enumerate() {
            let LeaderPlace::Map(at) = l.place else {
                continue;
            };
            if self.manifest.leaders[i].side != side || !forces[i] {
                continue;
            }
            for d in Direction::ALL {
                let n = at.neighbor(d);
                if !self.board.on_map(n) || !self.may_attack_across(s, at, d) {
                    continue;
                }
                let o = occupancy.get_or_insert_with(|| self.occupancy(s));
                if let Some(v) = self.lone_vedette(s, o, side.other(), n)
                    && !s.vedettes_fought.contains(&v)
                {
                    out.push((i as u16, n));
                }
            }
        }
        out
    }

    /// §72, §74 2: the hexes phasing vedette `v` may attack: adjacent, across a hexside open
    /// to attack, holding an enemy Force or garrison (not a Citadel nor a masked Fort, §43,
    /// §47) or an enemy vedette alone not yet attacked, with no phasing Force in the ZOC of the
    /// hex's occupants. None when `v` is not alone in its hex or has fought.
    pub(crate) fn vedette_targets(&self, s: &State, v: VedetteId) -> Vec<Hex> {
        let mut out = Vec::new();
        let i = usize::from(v);
        let side = self.manifest.vedettes[i].side;
        let VedettePlace::Map(at) = s.vedettes[i].place else {
            return out;
        };
        let o = self.occupancy(s);
        if !self.params.vedettes
            || side != s.phasing
            || s.vedettes_fought.contains(&v)
            || !self.vedettes_only(&o, side, at)
        {
            return out;
        }
        let enemy = side.other();
        for d in Direction::ALL {
            let n = at.neighbor(d);
            if !self.board.on_map(n) || !self.may_attack_across(s, at, d) {
                continue;
            }
            let real = o.real_at(enemy, n)
                && self.board.hex(n).settlement != Settlement::Citadel
                && !s.masks.iter().any(|m| m.hex == n && m.masked);
            let lone = self
                .lone_vedette(s, &o, enemy, n)
                .is_some_and(|w| !s.vedettes_fought.contains(&w));
            if !real && !lone {
                continue;
            }
            // §74 2: no other friendly Force in the ZOC of the enemy there.
            let other_force = Direction::ALL.iter().any(|&e| {
                let m = n.neighbor(e);
                m != at && o.real_at(side, m) && self.zoc_passes(s, n, e)
            });
            if !other_force {
                out.push(n);
            }
        }
        out
    }

    /// §72: the phasing vedettes that must attack — alone in their hex, in an enemy ZOC, with a
    /// hex open to their attack — in id order.
    pub(crate) fn vedettes_owing(&self, s: &State) -> Vec<VedetteId> {
        if !self.params.vedettes {
            return Vec::new();
        }
        let o = self.occupancy(s);
        (0..s.vedettes.len() as VedetteId)
            .filter(|&v| {
                let VedettePlace::Map(at) = s.vedettes[usize::from(v)].place else {
                    return false;
                };
                self.manifest.vedettes[usize::from(v)].side == s.phasing
                    && self.in_zoc_of(s, &o, s.phasing.other(), at, true)
                    && !self.vedette_targets(s, v).is_empty()
            })
            .collect()
    }

    /// §72–§73: whether a vedette combat is still owed, which keeps the segment open.
    pub(crate) fn vedette_combat_owed(&self, s: &State) -> bool {
        !self.vedette_defences(s).is_empty() || !self.vedettes_owing(s).is_empty()
    }

    /// The vedette combats the phasing player may declare now (no battle under way), in a
    /// stable order: attacks on vedettes, then attacks by vedettes.
    pub(crate) fn vedette_attack_actions(&self, s: &State, out: &mut Vec<Action>) {
        for (leader, hex) in self.vedette_defences(s) {
            out.push(Action::AttackVedette { leader, hex });
        }
        for v in 0..s.vedettes.len() as VedetteId {
            for hex in self.vedette_targets(s, v) {
                out.push(Action::VedetteAttack { vedette: v, hex });
            }
        }
    }

    /// Who acts in the vedette combat under way.
    pub(crate) fn skirmish_actor(&self, s: &State) -> Option<Actor> {
        let k = s.skirmish.as_ref()?;
        Some(match k.step {
            SkirmishStep::DefenderRetreat => Actor::Player(s.phasing.other()),
            SkirmishStep::AttackerRetreat => Actor::Player(s.phasing),
            SkirmishStep::Resolve => Actor::Chance(Chance::Dice(DiceSpec::D6)),
        })
    }

    /// §77: the hexes a vedette retreating before combat may enter next: on the map, in the
    /// area, passable at its rates, holding no enemy counter and no friendly vedette (§76), out
    /// of the ZOC of enemy Forces (the priorities of retreat, ¶174, reading N54), and not the
    /// hexes in `not`.
    pub(crate) fn retreat_hexes(&self, s: &State, v: VedetteId, not: &[Hex]) -> Vec<Hex> {
        let i = usize::from(v);
        let info = &self.manifest.vedettes[i];
        let VedettePlace::Map(at) = s.vedettes[i].place else {
            return Vec::new();
        };
        let o = self.occupancy(s);
        let enemy = info.side.other();
        Direction::ALL
            .iter()
            .filter_map(|&d| {
                let n = at.neighbor(d);
                (self.board.on_map(n)
                    && self.in_area(n)
                    && self.step_cost(s, at, d, info.cavalry).is_some()
                    && !o.holds(enemy, n)
                    && o.vedettes[info.side.index()].binary_search(&n).is_err()
                    && !self.in_zoc_of(s, &o, enemy, n, false)
                    && !not.contains(&n))
                .then_some(n)
            })
            .collect()
    }

    /// The vedette that may retreat at this step of `k` (§77): a cavalry vedette, alone in
    /// its hex (the defending one), or the attacking one.
    fn may_retreat(&self, s: &State, k: &Skirmish, step: SkirmishStep) -> Option<VedetteId> {
        let v = match step {
            SkirmishStep::DefenderRetreat => k.defender?,
            SkirmishStep::AttackerRetreat => k.vedette?,
            SkirmishStep::Resolve => return None,
        };
        let cav = self.manifest.vedettes[usize::from(v)].cavalry;
        (cav && !self.retreat_hexes(s, v, &self.retreat_barred(k)).is_empty()).then_some(v)
    }

    /// The hexes a retreat before combat may not enter: the two hexes of the combat.
    fn retreat_barred(&self, k: &Skirmish) -> [Hex; 2] {
        [k.from, k.target]
    }

    /// The actions of the vedette combat under way, in a stable order.
    pub(crate) fn skirmish_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(k) = &s.skirmish else { return };
        match k.step {
            SkirmishStep::Resolve => out.extend((1..=6).map(|value| {
                Action::Roll(Roll {
                    spec: DiceSpec::D6,
                    value,
                })
            })),
            step => {
                let v = match step {
                    SkirmishStep::DefenderRetreat => k.defender,
                    _ => k.vedette,
                };
                if let Some(v) = v {
                    out.extend(
                        self.retreat_hexes(s, v, &self.retreat_barred(k))
                            .into_iter()
                            .map(|hex| Action::RetreatTo { hex }),
                    );
                }
                // Stand and fight (§77 2), or stop after one hex.
                out.push(Action::Done);
            }
        }
    }

    /// Applies a vedette combat action: a declaration (no combat under way) or a step of the
    /// one under way.
    pub(crate) fn skirmish_step(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some(k) = s.skirmish.clone() else {
            return self.declare_skirmish(s, a, ev);
        };
        let mut legal = Vec::new();
        self.skirmish_actions(s, &mut legal);
        if !legal.contains(a) {
            let (rule, what) = match k.step {
                SkirmishStep::Resolve => ("¶146 step 7", "the combat die is rolled now"),
                _ => (
                    "§77",
                    "the cavalry vedette retreats one or two hexes before combat (not into an enemy ZOC, an enemy-held hex or a friendly vedette's hex), or stands",
                ),
            };
            return Err(Illegal::new(rule, format!("{a:?} is not legal: {what}")));
        }
        match (k.step, a) {
            (SkirmishStep::Resolve, Action::Roll(r)) => {
                self.resolve_skirmish(s, &k, r.value, ev);
                s.skirmish = None;
            }
            (step, Action::RetreatTo { hex }) => {
                let v = if step == SkirmishStep::DefenderRetreat {
                    k.defender
                } else {
                    k.vedette
                };
                let Some(v) = v else { return Ok(()) };
                let info = &self.manifest.vedettes[usize::from(v)];
                let VedettePlace::Map(from) = s.vedettes[usize::from(v)].place else {
                    return Ok(());
                };
                s.vedettes[usize::from(v)].place = VedettePlace::Map(*hex);
                ev.push(Event::CounterMoved {
                    side: info.side,
                    from,
                    to: *hex,
                    unemployed: false,
                });
                // §77: one or two hexes; after the second the combat is over.
                if k.retreated {
                    s.skirmish = None;
                } else if let Some(x) = &mut s.skirmish {
                    x.retreated = true;
                }
                self.reveal_vedettes(s, ev);
            }
            (step, Action::Done) => {
                if k.retreated {
                    // §77: the retreat stops after one hex; no combat, no pursuit.
                    s.skirmish = None;
                } else if step == SkirmishStep::DefenderRetreat {
                    // §77 2: it stands; the attacking vedette may still retreat.
                    let next = if self
                        .may_retreat(s, &k, SkirmishStep::AttackerRetreat)
                        .is_some()
                    {
                        SkirmishStep::AttackerRetreat
                    } else {
                        SkirmishStep::Resolve
                    };
                    if let Some(x) = &mut s.skirmish {
                        x.step = next;
                    }
                } else if let Some(x) = &mut s.skirmish {
                    x.step = SkirmishStep::Resolve;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// ¶146 steps 1–3a for a vedette combat: checks and records the declaration, announces the
    /// strengths and goes to the first retreat before combat that may be taken (§77), else to
    /// the die.
    fn declare_skirmish(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = s.phasing;
        let (leader, vedette, from, target) = match a {
            Action::AttackVedette { leader, hex } => {
                if !self.vedette_defences(s).contains(&(*leader, *hex)) {
                    return Err(Illegal::new(
                        "§73",
                        format!(
                            "{} may not attack {}: a phasing Force attacks an adjacent hex holding only enemy vedettes not yet attacked this phase, across a hexside open to attack",
                            self.log_leader(*leader),
                            self.label(*hex)
                        ),
                    ));
                }
                let Some(from) = self.leader_hex(s, *leader) else {
                    return Err(Illegal::new("§73", "the Force Leader is not on the map"));
                };
                (Some(*leader), None, from, *hex)
            }
            Action::VedetteAttack { vedette, hex } => {
                if usize::from(*vedette) >= s.vedettes.len()
                    || !self.vedette_targets(s, *vedette).contains(hex)
                {
                    return Err(Illegal::new(
                        "§72, §74",
                        format!(
                            "{} may not attack {}: a phasing vedette alone in its hex, not yet fought, attacks an adjacent enemy hex with no other phasing Force in its occupants' ZOC",
                            self.log_vedette(*vedette),
                            self.label(*hex)
                        ),
                    ));
                }
                let VedettePlace::Map(from) = s.vedettes[usize::from(*vedette)].place else {
                    return Err(Illegal::new("§72", "the vedette is not on the map"));
                };
                (None, Some(*vedette), from, *hex)
            }
            other => {
                return Err(Illegal::new(
                    "§72–§73",
                    format!("{other:?} is not a vedette combat"),
                ));
            }
        };
        let defender = self.lone_vedette(s, &self.occupancy(s), side.other(), target);
        for v in [vedette, defender].into_iter().flatten() {
            if !s.vedettes_fought.contains(&v) {
                s.vedettes_fought.push(v);
            }
            let x = &mut s.vedettes[usize::from(v)];
            if !x.revealed
                && let VedettePlace::Map(hex) = x.place
            {
                x.revealed = true;
                ev.push(Event::VedetteRevealed { vedette: v, hex });
            }
        }
        let mut k = Skirmish {
            leader,
            vedette,
            defender,
            from,
            target,
            step: SkirmishStep::DefenderRetreat,
            retreated: false,
        };
        let (att, def) = self.skirmish_sp(s, &k);
        ev.push(Event::VedetteSkirmish {
            side,
            leader,
            vedette,
            defender,
            from,
            target,
            announced: [announced(att), announced(def)],
        });
        k.step = if self
            .may_retreat(s, &k, SkirmishStep::DefenderRetreat)
            .is_some()
        {
            SkirmishStep::DefenderRetreat
        } else if self
            .may_retreat(s, &k, SkirmishStep::AttackerRetreat)
            .is_some()
        {
            SkirmishStep::AttackerRetreat
        } else {
            SkirmishStep::Resolve
        };
        s.skirmish = Some(k);
        Ok(())
    }

    /// ¶146 steps 6–8 for a vedette combat: the odds (§74: a vedette ½ SP, never a Fort's
    /// benefit; the real defenders of a Fortified Town keep theirs, §42), the die on the CRT,
    /// and the result for the vedettes only (§73, §75).
    fn resolve_skirmish(&self, s: &mut State, k: &Skirmish, die: u8, ev: &mut Vec<Event>) {
        let (column, drm, cell, def_sp) = self.vedette_combat_cell(s, k, die);
        let loser = if cell.attacker_loses {
            s.phasing
        } else {
            s.phasing.other()
        };
        ev.push(Event::VedetteCombat {
            roll: die,
            drm,
            column,
            loser,
            enemy_sp: (k.vedette.is_some() && k.defender.is_none()).then_some(def_sp),
        });
        // §73 1: only vedettes suffer; §75 1: a beaten vedette, or one with a loss, is lost.
        if let Some(v) = k.vedette
            && (loser == s.phasing || cell.att > 0)
        {
            self.vedette_lost(s, v, ev);
        }
        if let Some(v) = k.defender
            && (loser != s.phasing || cell.def > 0)
        {
            self.vedette_lost(s, v, ev);
        }
    }

    /// §75 1: a vedette forced to retreat or with a loss on the CRT leaves the map for the
    /// portrait of the nearest friendly Force Leader within 7 MP (cavalry) or 4 MP (infantry)
    /// at its own rates, not through enemy forces (ties: the lower leader id); with none in
    /// reach it goes to the pool — a Freikorps is then out of play for good (§80 3, reading
    /// N53).
    pub(crate) fn vedette_lost(&self, s: &mut State, v: VedetteId, ev: &mut Vec<Event>) {
        let i = usize::from(v);
        let info = &self.manifest.vedettes[i];
        let VedettePlace::Map(at) = s.vedettes[i].place else {
            return;
        };
        let side = info.side;
        let ma = if info.cavalry {
            Mp::whole(7)
        } else {
            Mp::whole(4)
        };
        let reach = self.reach_from(s, side, at, info.cavalry, ma);
        let nearest = (0..s.leaders.len() as u16)
            .filter(|&l| self.manifest.leaders[usize::from(l)].side == side && self.is_force(s, l))
            .filter_map(|l| match s.leaders[usize::from(l)].place {
                LeaderPlace::Map(h) if h == at => Some((0, l)),
                LeaderPlace::Map(h) => reach.as_ref().and_then(|r| r.cost(h)).map(|c| (c, l)),
                _ => None,
            })
            .min();
        let place = match nearest {
            Some((_, l)) => VedettePlace::Portrait(l),
            None if info.freikorps => VedettePlace::Gone,
            None => VedettePlace::Pool,
        };
        s.vedettes[i].place = place;
        s.vedettes[i].revealed = false;
        ev.push(Event::VedettePlaced {
            side,
            vedette: v,
            place,
            rule: Cow::Borrowed("§75"),
        });
    }

    /// §75 1 in a battle of real forces: the vedettes of the losing side standing in its
    /// hexes (with its forces, at no strength, §74 3) must retreat or lose strength with
    /// them, so they leave the map as [`Hov::vedette_lost`] says (§68 item 5: they never
    /// retreat after combat).
    pub(crate) fn beaten_vedettes(
        &self,
        s: &mut State,
        b: &Battle,
        loser: Side,
        ev: &mut Vec<Event>,
    ) {
        let hexes: Vec<Hex> = if loser == b.attacker {
            b.attackers
                .iter()
                .filter_map(|&l| self.leader_hex(s, l))
                .collect()
        } else {
            b.defenders.clone()
        };
        for v in 0..s.vedettes.len() {
            if self.manifest.vedettes[v].side == loser
                && matches!(s.vedettes[v].place, VedettePlace::Map(h) if hexes.contains(&h))
            {
                self.vedette_lost(s, v as VedetteId, ev);
            }
        }
    }
}
