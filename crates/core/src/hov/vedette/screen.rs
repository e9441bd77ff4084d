//! Vedettes and ZOC Bonds (§70, §74 4) and the cavalry vedette's repulse (§71).
//!
//! A mover cannot tell an unrevealed vedette from a force (§68), so a hex in the ZOCs of two
//! enemy hexes, hidden vedettes counted, is a ZOC Bond as far as it can see: entering one stops
//! the march (¶125) and the mover first declares a repulse (`Repulse`) or none (`Done`); only
//! then are the vedettes there revealed (§70). A bond that rested on a vedette is then gone:
//! the march goes on, ignoring the revealed vedettes' ZOC (§70). A force that begins its move
//! in such a bond makes the same declaration first (§70 3, reading N74). A vedette may be
//! repulsed only on a repulse declared before it was revealed (§74 4); a repulse declared in a
//! bond that rested on a vedette costs 1 MP more (reading A26, unless option
//! [`VEDETTE_REPULSE_FREE`]).
//!
//! A cavalry vedette on the move may try to repulse an adjacent enemy hex: it is refused, its
//! owner learns the Force Leaders there, and the vedette retreats one or two hexes before
//! combat — at its owner's choice in the Movement Phase, always in Forced March (§71, reading
//! N75); its move is then over.

use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::board::Water;
use super::super::event::Event;
use super::super::state::{LeaderId, LeaderPlace, March, Phase, State, Supply, VedettePlace};
use super::super::types::{Army, Mp};
use super::super::zoc::Occupancy;
use crate::engine::{Illegal, Side};
use crate::hex::{Direction, Hex};

/// Reading A26's named option: with it on, a repulse in a ZOC Bond resting on a vedette costs
/// no MP in the Movement Phase (¶133) instead of 1 MP more (§70).
pub const VEDETTE_REPULSE_FREE: &str = "vedette-repulse-free";

impl Hov {
    /// Whether `hex` holds an unrevealed vedette of `side` (in an observation there is none:
    /// the other side's hidden vedettes are unknown stacks, counted as forces).
    fn hidden_vedette_at(&self, s: &State, side: Side, hex: Hex) -> bool {
        s.vedettes.iter().enumerate().any(|(i, v)| {
            v.place == VedettePlace::Map(hex)
                && !v.revealed
                && self.manifest.vedettes[i].side == side
        })
    }

    /// ¶125, §70: the hexes of `enemy` whose ZOC covers `hex` (itself included), as a mover of
    /// the other side sees them — real forces and unrevealed vedettes — and how many of them
    /// hold a real force. Two seen make a ZOC Bond for the mover until it declares; two real
    /// make one for good.
    pub fn bond_sources(&self, s: &State, o: &Occupancy, enemy: Side, hex: Hex) -> (usize, usize) {
        if self.supply_garrison_at(s, enemy.other(), hex) {
            return (0, 0);
        }
        let i = enemy.index();
        let mut seen = 0;
        let mut real = 0;
        let mut count = |h: Hex| {
            if o.real[i].binary_search(&h).is_ok() {
                seen += 1;
                real += 1;
            } else if o.vedettes[i].binary_search(&h).is_ok() && self.hidden_vedette_at(s, enemy, h)
            {
                seen += 1;
            }
        };
        count(hex);
        for d in Direction::ALL {
            let n = hex.neighbor(d);
            if self.zoc_passes(s, n, d.opposite()) {
                count(n);
            }
        }
        (seen, real)
    }

    /// §70 3 (reading N74): a force whose march begins in a hex that is a ZOC Bond as it sees
    /// it declares first whether it tries a repulse.
    pub(crate) fn declare_at_start(&self, s: &State, m: &mut March) {
        if m.vedette.is_some() || m.unemployed || m.path.len() != 1 {
            return;
        }
        let Some(side) = self.leader_side(m.leader) else {
            return;
        };
        let o = self.occupancy(s);
        if self.bond_sources(s, &o, side.other(), m.path[0]).0 >= 2 {
            m.declare = true;
        }
    }

    /// §74 4: a hex holding only enemy vedettes, every one revealed, may not be repulsed (the
    /// attempt was not declared before they were revealed).
    pub(crate) fn revealed_vedettes_only(
        &self,
        s: &State,
        o: &Occupancy,
        enemy: Side,
        hex: Hex,
    ) -> bool {
        self.vedettes_only(o, enemy, hex) && !self.hidden_vedette_at(s, enemy, hex)
    }

    /// The actions of a march while it declares (§70) or while a probing vedette retreats
    /// (§71); `false` when neither is under way.
    pub(crate) fn screen_actions(&self, s: &State, m: &March, out: &mut Vec<Action>) -> bool {
        if !m.probe.is_empty() {
            let hexes = self.probe_retreats(s, m);
            let must = s.phase == Phase::ForcedMarch && m.probe.len() == 2 && !hexes.is_empty();
            out.extend(hexes.into_iter().map(|hex| Action::RetreatTo { hex }));
            if !must {
                out.push(Action::Done);
            }
            return true;
        }
        if !m.declare {
            return false;
        }
        let before = out.len();
        out.extend(
            self.march_repulses(s, m)
                .into_iter()
                .map(|target| Action::Repulse { target }),
        );
        if !m.must_repulse || out.len() == before {
            out.push(Action::Done);
        }
        true
    }

    /// Applies an action of a march that declares (§70) or whose probing vedette retreats
    /// (§71); `None` when neither is under way or the action is the repulse itself (carried
    /// out by [`Hov::march_repulse`]).
    pub(crate) fn screen_step(
        &self,
        s: &mut State,
        m: &March,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Option<Result<bool, Illegal>> {
        if !m.probe.is_empty() {
            let mut legal = Vec::new();
            self.screen_actions(s, m, &mut legal);
            if !legal.contains(a) {
                return Some(Err(Illegal::new(
                    "§71, §77",
                    format!(
                        "{a:?}: the vedette that tried a repulse retreats one or two hexes before combat (not into an enemy ZOC, an enemy-held hex, a friendly vedette's hex or the hexes of the attempt){}",
                        if s.phase == Phase::ForcedMarch {
                            "; in Forced March it must"
                        } else {
                            ", or stays with Done"
                        }
                    ),
                )));
            }
            let mut m = m.clone();
            match a {
                Action::RetreatTo { hex } => {
                    self.probe_retreat(s, &mut m, *hex, ev);
                    if m.probe.len() < 4 && !self.probe_retreats(s, &m).is_empty() {
                        s.march = Some(m);
                    } else {
                        self.march_done(s, m, ev);
                    }
                }
                _ => self.march_done(s, m, ev),
            }
            return Some(Ok(false));
        }
        if !m.declare || matches!(a, Action::Repulse { .. }) {
            return None;
        }
        if *a != Action::Done {
            return Some(Err(Illegal::new(
                "§70",
                format!(
                    "{a:?}: the force is in what may be a ZOC Bond: it first declares a repulse (Repulse) or none (Done)"
                ),
            )));
        }
        let mut legal = Vec::new();
        self.screen_actions(s, m, &mut legal);
        if !legal.contains(a) {
            return Some(Err(Illegal::new(
                "¶133",
                "the force entered the enemy ZOC declaring a repulse: it must repulse now",
            )));
        }
        let mut m = m.clone();
        let side = self.march_side(s, &m);
        let at = *m.path.last().unwrap_or(&m.path[0]);
        m.declare = false;
        ev.push(Event::RepulseWaived { side, hex: at });
        if m.must_repulse {
            // ¶133 3 with nothing left to repulse: the march ends.
            m.must_repulse = false;
            self.march_done(s, m, ev);
            self.reveal_vedettes(s, ev);
            return Some(Ok(false));
        }
        self.reveal_vedettes(s, ev);
        // §70: a bond that rested on a vedette no longer stops it; one that began the move
        // never did (¶126).
        if m.path.len() > 1 {
            let o = self.occupancy(s);
            m.stopped = self.bond_sources(s, &o, side.other(), at).0 >= 2;
        }
        s.march = Some(m);
        Some(Ok(false))
    }

    /// The moving side of march `m`.
    fn march_side(&self, s: &State, m: &March) -> Side {
        match m.vedette {
            Some(v) => self.manifest.vedettes[usize::from(v)].side,
            None => self.leader_side(m.leader).unwrap_or(s.phasing),
        }
    }

    /// §70, reading A26: a repulse is declared where the march stands, before the reveal:
    /// the vedettes there are revealed, and when the bond it stood in rested on a vedette the
    /// repulse costs 1 MP more in the Movement Phase (the force pays what it has left, up to
    /// 1 MP; in Forced March the repulse's 1 MP of ¶133 2 is that MP), unless option
    /// [`VEDETTE_REPULSE_FREE`] is on.
    pub(crate) fn declared_repulse(&self, s: &mut State, m: &mut March, ev: &mut Vec<Event>) {
        if !m.declare {
            return;
        }
        m.declare = false;
        let side = self.march_side(s, m);
        let at = *m.path.last().unwrap_or(&m.path[0]);
        let o = self.occupancy(s);
        let (seen, real) = self.bond_sources(s, &o, side.other(), at);
        self.reveal_vedettes(s, ev);
        let on_vedette = seen >= 2 && real < 2;
        if on_vedette
            && m.vedette.is_none()
            && s.phase != Phase::ForcedMarch
            && !self.option(VEDETTE_REPULSE_FREE)
        {
            m.spent_inf = m
                .spent_inf
                .plus(Mp::ONE)
                .min(m.allowance_inf.max(m.spent_inf));
            m.spent_cav = m
                .spent_cav
                .plus(Mp::ONE)
                .min(m.allowance_cav.max(m.spent_cav));
        }
    }

    /// §71: the hexes a moving cavalry vedette may try to repulse: next to it, not across a
    /// primary river, holding what may be an enemy force (a real force or an unrevealed
    /// vedette, which the vedette cannot tell apart), not a Fort or an active Supply Source
    /// (¶130 2, ¶59); in Forced March with 1 MP to pay (¶133 2). Once per move.
    pub(crate) fn probe_targets(&self, s: &State, m: &March) -> Vec<Hex> {
        let Some(v) = m.vedette else {
            return Vec::new();
        };
        let info = &self.manifest.vedettes[usize::from(v)];
        if !info.cavalry || !m.probe.is_empty() {
            return Vec::new();
        }
        if s.phase == Phase::ForcedMarch && m.spent_cav.plus(Mp::ONE) > m.allowance_cav {
            return Vec::new();
        }
        let Some(&from) = m.path.last() else {
            return Vec::new();
        };
        let enemy = info.side.other();
        let o = self.occupancy(s);
        Direction::ALL
            .iter()
            .filter(|&&d| self.board.side(from, d).water != Water::Primary)
            .map(|&d| from.neighbor(d))
            .filter(|&t| {
                (o.real_at(enemy, t) || self.hidden_vedette_at(s, enemy, t))
                    && !self.board.hex(t).settlement.fort()
                    && !s
                        .supply
                        .iter()
                        .enumerate()
                        .any(|(a, x)| *x == Supply::Active(t) && Army::ALL[a].side() == enemy)
            })
            .collect()
    }

    /// §71: the moving cavalry vedette tries to repulse `target`: at ½ SP it cannot succeed; it
    /// is revealed, its owner learns the Force Leaders there (revealed, ¶21) and whether the
    /// hex held only vedettes, and it retreats before combat next ([`Hov::screen_actions`]).
    pub(crate) fn vedette_probe(
        &self,
        s: &mut State,
        mut m: March,
        target: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if !self.probe_targets(s, &m).contains(&target) {
            return Err(Illegal::new(
                "§71",
                format!(
                    "only a moving cavalry vedette may try a repulse, once, of an adjacent enemy hex that is not a Fort, a Supply Source or across a primary river (in Forced March with 1 MP left); {} is not one",
                    self.label(target)
                ),
            ));
        }
        let Some(v) = m.vedette else {
            return Ok(());
        };
        self.declared_repulse(s, &mut m, ev);
        if s.phase == Phase::ForcedMarch {
            m.spent_cav = m.spent_cav.plus(Mp::ONE);
        }
        let side = self.manifest.vedettes[usize::from(v)].side;
        let from = *m.path.last().unwrap_or(&target);
        ev.push(Event::VedetteRepulse {
            side,
            vedette: v,
            target,
        });
        let x = &mut s.vedettes[usize::from(v)];
        if !x.revealed {
            x.revealed = true;
            ev.push(Event::VedetteRevealed {
                vedette: v,
                hex: from,
            });
        }
        let enemy = side.other();
        for l in 0..s.leaders.len() as LeaderId {
            let x = s.leaders[usize::from(l)];
            if x.place == LeaderPlace::Map(target)
                && self.leader_side(l) == Some(enemy)
                && self.is_force(s, l)
                && !x.revealed
            {
                s.leaders[usize::from(l)].revealed = true;
                ev.push(Event::Revealed {
                    leader: l,
                    rule: "§71".into(),
                });
            }
        }
        for i in 0..s.vedettes.len() {
            if s.vedettes[i].place == VedettePlace::Map(target)
                && self.manifest.vedettes[i].side == enemy
                && !s.vedettes[i].revealed
            {
                s.vedettes[i].revealed = true;
                ev.push(Event::VedetteRevealed {
                    vedette: i as u16,
                    hex: target,
                });
            }
        }
        m.probe = alloc::vec![target, from];
        m.stopped = true;
        if self.probe_retreats(s, &m).is_empty() {
            self.march_done(s, m, ev);
        } else {
            s.march = Some(m);
        }
        Ok(())
    }

    /// §71, §77: where the probing vedette may retreat next (reading N54's hexes, never the
    /// two hexes of the attempt).
    fn probe_retreats(&self, s: &State, m: &March) -> Vec<Hex> {
        let (Some(v), [target, from, ..]) = (m.vedette, m.probe.as_slice()) else {
            return Vec::new();
        };
        if m.probe.len() >= 4 {
            return Vec::new();
        }
        self.retreat_hexes(s, v, &[*target, *from])
    }

    /// §71: the probing vedette retreats one hex to `to`.
    fn probe_retreat(&self, s: &mut State, m: &mut March, to: Hex, ev: &mut Vec<Event>) {
        let Some(v) = m.vedette else { return };
        let VedettePlace::Map(from) = s.vedettes[usize::from(v)].place else {
            return;
        };
        s.vedettes[usize::from(v)].place = VedettePlace::Map(to);
        m.probe.push(to);
        m.path.push(to);
        ev.push(Event::CounterMoved {
            side: self.manifest.vedettes[usize::from(v)].side,
            from,
            to,
            unemployed: false,
        });
    }
}
