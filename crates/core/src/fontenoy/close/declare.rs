//! Designating the attackers (13.1) and their Morale Checks (13.2): who may attack (13.1a,
//! 13.1b, 19.6d, 19.7a, F-2.9), the group that goes with its top unit (13.1c), charges (13.1d,
//! 18.5b), the terrain cavalry may not attack into (F-2.8c, F-3.5a F, F-9.2d); "no more
//! attacks" ends the declarations (each group declares at most once).

use alloc::format;
use alloc::vec::Vec;

use super::{Attack, CloseStep, Cont};
use crate::engine::Illegal;
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::event::Event;
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Act, State, Step};
use crate::fontenoy::types::{Formation, Kind, Morale, MoraleCheck, Pts};
use crate::fontenoy::units::UnitId;
use crate::hex::Hex;

impl Fontenoy {
    /// Why `u`'s group may not attack `target` (13.1), or the attack it would make.
    pub fn attack_plan(
        &self,
        s: &State,
        o: &Occupancy,
        u: UnitId,
        target: Hex,
    ) -> Result<Attack, Illegal> {
        let name = self.unit_name(u);
        let info = &self.units[usize::from(u)];
        let unit = s.unit(u);
        let side = Self::active_side(s);
        if !info.is_combat() || info.side != side || unit.act != Act::Active || !unit.on_map() {
            return Err(Illegal::new(
                "13.1a",
                format!("{name} is not an activated combat unit of the active player"),
            ));
        }
        if info.kind == Kind::Artillery {
            return Err(Illegal::new(
                "13.1a",
                format!("{name} is artillery: guns never attack"),
            ));
        }
        match unit.morale {
            Morale::Shaken => {
                return Err(Illegal::new(
                    "19.6d",
                    format!("{name} is Shaken and may not initiate close combat"),
                ));
            }
            Morale::Routed => {
                return Err(Illegal::new(
                    "19.7a",
                    format!("{name} is Routed and may not initiate close combat"),
                ));
            }
            Morale::Good => {}
        }
        if unit.command != Some(true) {
            return Err(Illegal::new(
                "13.1a",
                format!("{name} is not In Command and may not initiate close combat"),
            ));
        }
        if self.is_skirmisher(s, u)
            || !matches!(
                unit.formation,
                Formation::Line | Formation::AttackColumn | Formation::GeneralOrder
            )
        {
            return Err(Illegal::new(
                "13.1b",
                format!(
                    "{name} is in {}: only Line, Attack Column and General Order attack",
                    unit.formation
                ),
            ));
        }
        let cavalry = info.kind == Kind::Cavalry;
        if cavalry && unit.formation == Formation::GeneralOrder {
            return Err(Illegal::new(
                "F-2.9",
                format!("{name} is cavalry in General Order, which cannot attack"),
            ));
        }
        let Some(units) = self.attack_group(s, u) else {
            return Err(Illegal::new(
                "13.1c",
                format!(
                    "{name} is not the top attacking unit of its group: name the group by its top unit"
                ),
            ));
        };
        if self.close_segment(s).is_some_and(|c| {
            c.attacks
                .iter()
                .any(|a| a.units.iter().any(|x| units.contains(x)))
        }) {
            return Err(Illegal::new(
                "13.6d",
                format!("{name}'s group has already been designated to attack"),
            ));
        }
        let p = unit
            .placed()
            .copied()
            .ok_or_else(|| Illegal::new("engine", "not on the map"))?;
        self.attack_bounds_ok(u, target)?;
        let front = self.frontal_hexes(s, u);
        let enemy_in_front: Vec<Hex> = front
            .iter()
            .copied()
            .filter(|&h| !self.enemies_at(o, h, side).is_empty())
            .collect();
        if enemy_in_front.contains(&target) {
            let from = p
                .hexes
                .as_slice()
                .iter()
                .copied()
                .find(|h| h.distance(target) == 1)
                .unwrap_or(p.hex());
            if !self.may_attack_into(s, from, target, cavalry) {
                let (rule, why) = if cavalry {
                    (
                        "F-2.8c",
                        "cavalry may not attack into that hex or across that hexside",
                    )
                } else {
                    (
                        "F-9.2d",
                        "no unit may be attacked in that hex or across that hexside",
                    )
                };
                return Err(Illegal::new(
                    rule,
                    format!("{name} may not attack {}: {why}", self.label(target)),
                ));
            }
            return Ok(Attack {
                lead: u,
                units,
                target: None,
                start: None,
                range: Pts::ZERO,
                hexes: 0,
                shrinks: 0,
                passed: None,
                charged: true,
                dca: false,
                stopped_by: None,
            });
        }
        if !cavalry {
            return Err(Illegal::new(
                "13.1a",
                format!(
                    "{name} is infantry: it attacks only an enemy in its ZOC, and {} is not one",
                    self.label(target)
                ),
            ));
        }
        if unit.disordered {
            return Err(Illegal::new(
                "18.5b",
                format!("{name} is Disordered: it may not charge an enemy that is not adjacent"),
            ));
        }
        if !enemy_in_front.is_empty() {
            return Err(Illegal::new(
                "13.1d",
                format!(
                    "{name} has an enemy in its Frontal hexes: it attacks that one, it may not charge"
                ),
            ));
        }
        if p.hexes.as_slice().iter().any(|&h| o.ezoc(self, h, side)) {
            return Err(Illegal::new(
                "13.1d",
                format!("{name} is in an enemy ZOC and may not charge"),
            ));
        }
        // Optional 13.1d: the target in the cavalry's Line of Sight when it is designated.
        if self.option("13.1d") && !self.units_see(s, o, u, &[target]) {
            return Err(Illegal::new(
                "13.1d",
                format!(
                    "{name} has no Line of Sight to {} (optional rule 13.1d)",
                    self.label(target)
                ),
            ));
        }
        let range = self.charge_range(&units);
        if !self.charge_reaches(s, o, &units, &p, range, target) {
            return Err(Illegal::new(
                "13.1d",
                format!(
                    "{name} cannot reach {} within its charge range of {} hexes",
                    self.label(target),
                    range.sixths() / 6
                ),
            ));
        }
        Ok(Attack {
            lead: u,
            units,
            target: Some(target),
            start: Some(p),
            range,
            hexes: 0,
            shrinks: 0,
            passed: None,
            charged: false,
            dca: false,
            stopped_by: None,
        })
    }

    /// The declarations open to the active player (13.1): one per group and target.
    pub(crate) fn declaration_actions(&self, s: &State, out: &mut Vec<Action>) {
        let o = Occupancy::build(self, s);
        let side = Self::active_side(s);
        for u in 0..s.units.len() as UnitId {
            let info = &self.units[usize::from(u)];
            let unit = s.unit(u);
            if info.side != side
                || !info.is_combat()
                || info.kind == Kind::Artillery
                || unit.act != Act::Active
                || unit.morale != Morale::Good
                || unit.command != Some(true)
                || !unit.on_map()
            {
                continue;
            }
            let front = self.frontal_hexes(s, u);
            let adjacent: Vec<Hex> = front
                .iter()
                .copied()
                .filter(|&h| !self.enemies_at(&o, h, side).is_empty())
                .collect();
            let targets = if adjacent.is_empty() && info.kind == Kind::Cavalry {
                self.charge_targets(s, &o, u)
            } else {
                adjacent
            };
            for t in targets {
                if self.attack_plan(s, &o, u, t).is_ok() {
                    out.push(Action::Attack { unit: u, target: t });
                    if info.kind != Kind::Cavalry {
                        break; // one declaration attacks every enemy in its ZOC (13.6a)
                    }
                }
            }
        }
    }

    /// A declaration (13.1).
    pub(crate) fn declare(
        &self,
        s: &mut State,
        u: UnitId,
        target: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let o = Occupancy::build(self, s);
        let plan = self.attack_plan(s, &o, u, target)?;
        self.attackers_on_top(s, u, &plan.units, ev);
        ev.push(Event::AttackDeclared {
            unit: u,
            target,
            charge: plan.target.is_some(),
        });
        if let Some(c) = self.cs_mut(s) {
            c.attacks.push(plan);
        }
        Ok(())
    }

    /// 10.6i, 13.1c: the guns and unactivated units of an attacking group go below its
    /// attackers (the attackers keep their order, and so do the others among themselves).
    fn attackers_on_top(
        &self,
        s: &mut State,
        u: UnitId,
        attackers: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        let stack = self.stack_of(s, u);
        let lowest = stack.iter().rposition(|x| attackers.contains(x));
        for (i, &g) in stack.iter().enumerate() {
            if !attackers.contains(&g) && lowest.is_some_and(|l| i < l) {
                ev.push(Event::Reordered {
                    unit: g,
                    top: false,
                    rule: "10.6i".into(),
                });
            }
        }
        let order: Vec<UnitId> = stack
            .iter()
            .copied()
            .filter(|x| attackers.contains(x))
            .chain(stack.iter().copied().filter(|x| !attackers.contains(x)))
            .collect();
        for (i, &g) in order.iter().enumerate() {
            s.unit_mut(g).order = u8::try_from(i).unwrap_or(u8::MAX);
        }
    }

    /// "No more attacks" (13.1): the attackers take their MC(B) (13.2), or the segment ends.
    pub(crate) fn end_declarations(&self, s: &mut State, ev: &mut Vec<Event>) {
        let attacks = self
            .close_segment(s)
            .map(|c| c.attacks.clone())
            .unwrap_or_default();
        if let Some(c) = self.cs_mut(s) {
            c.declared = true;
        }
        if attacks.is_empty() {
            self.end_close_segment(s, ev);
            return;
        }
        s.steps
            .push(Step::Close(CloseStep::Resume(Cont::AttackerChecks)));
        let reqs: Vec<CheckReq> = attacks
            .iter()
            .map(|a| CheckReq {
                unit: a.lead,
                kind: CheckKind::Morale(MoraleCheck::B),
                er_mod: 0,
            })
            .collect();
        self.queue_checks(s, &reqs);
    }

    /// The segment is over (13.0): the activation completes (4.0C).
    pub(crate) fn end_close_segment(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::SegmentEnds {
            rule: "13.0".into(),
        });
        self.complete_activation(s, ev);
    }

    /// After the attackers' MC(B) (13.2a, 19.1d): those still in Good Order attack; the rest are
    /// Shaken and do not (13.2b: charging cavalry does not move).
    pub(crate) fn after_attacker_checks(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = self.close_segment(s) else {
            return;
        };
        let results: Vec<bool> = c
            .attacks
            .iter()
            .map(|a| {
                let x = s.unit(a.lead);
                x.on_map() && x.morale == Morale::Good
            })
            .collect();
        for (i, ok) in results.into_iter().enumerate() {
            let lead = self
                .close_segment(s)
                .map(|c| c.attacks[i].lead)
                .unwrap_or_default();
            if !ok {
                ev.push(Event::AttackCancelled {
                    unit: lead,
                    rule: "13.2a".into(),
                });
            }
            if let Some(c) = self.cs_mut(s) {
                c.attacks[i].passed = Some(ok);
                if !ok {
                    c.attacks[i].charged = true;
                }
            }
        }
        self.next_charge(s, ev);
    }
}

/// The segment code the activation calls (`turn/activation.rs`).
impl Fontenoy {
    /// The legal actions of the Close Combat Segment when no step is pending: declarations and
    /// "no more attacks" (13.1).
    pub(crate) fn close_segment_actions(&self, s: &State, out: &mut Vec<Action>) {
        if self.close_segment(s).is_none_or(|c| !c.declared) {
            let from = out.len();
            self.declaration_actions(s, out);
            // F-8.2f: no end to the declarations while a Vive le Roi! unit can attack.
            if self.vive_attack_due(s, &out[from..]).is_some() {
                return;
            }
        }
        out.push(Action::EndSegment);
    }

    /// Applies a Close Combat Segment action when no step is pending.
    pub(crate) fn apply_close_segment(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let declared = self.close_segment(s).is_some_and(|c| c.declared);
        match a {
            Action::Attack { unit, target } if !declared => self.declare(s, *unit, *target, ev),
            Action::EndSegment if !declared => {
                let mut offered = Vec::new();
                self.declaration_actions(s, &mut offered);
                if let Some(u) = self.vive_attack_due(s, &offered) {
                    return Err(Illegal::new(
                        "F-8.2f",
                        format!(
                            "{} is under Vive le Roi! and can attack: it must (the declarations go on)",
                            self.unit_name(u)
                        ),
                    ));
                }
                self.end_declarations(s, ev);
                Ok(())
            }
            Action::EndSegment => {
                self.end_close_segment(s, ev);
                Ok(())
            }
            Action::Attack { .. } => Err(Illegal::new(
                "13.1",
                "the attackers have been designated: no attack may be added",
            )),
            a => Err(Illegal::new(
                "13.0",
                format!("{a:?} is not a decision of the Close Combat Segment"),
            )),
        }
    }
}
