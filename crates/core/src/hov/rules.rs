//! The engine contract ([`Rules`]) for The Habit of Victory: who acts, the legal actions and
//! chance outcomes, apply, and what each side may see (¶20–¶22, §68, ¶146 step 3; digest
//! §2.14), each handed to the part of the rules that owns it.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::action::Action;
use super::event::Event;
use super::state::{
    BattleStep, GarrisonPlace, LeaderId, LeaderPlace, State, Unknown, VedettePlace,
};
use super::{Hov, INFO};
use crate::dice::{Prob, Roll};
use crate::engine::{Actor, Chance, Illegal, Reached, Rules, Side, SystemInfo};
use crate::hex::Hex;

impl Hov {
    /// ¶20, ¶146 step 6: the leaders whose units' exact strengths both sides know now — every
    /// member of the forces of the battle under way from the odds on (their leaders were
    /// shown at steps 1–2, ¶22); none outside a battle.
    pub fn shown_in_battle(&self, s: &State) -> Vec<LeaderId> {
        match &s.battle {
            Some(b) if !matches!(b.step, BattleStep::Chits | BattleStep::Bombard) => {
                let sides = self.sides(s, b);
                let mut fls = sides.fls[0].clone();
                fls.extend_from_slice(&sides.fls[1]);
                self.members(s, &fls)
            }
            _ => Vec::new(),
        }
    }
}

impl Rules for Hov {
    type State = State;
    type Action = Action;
    type Event = Event;

    fn info(&self) -> &SystemInfo {
        &INFO
    }

    fn initial_state(&self) -> State {
        self.initial().clone()
    }

    fn actor(&self, s: &State) -> Actor {
        self.actor_of(s)
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        self.actions(s, out);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, Prob)>) {
        // Every roll of digest §3.5 is a chance node of one dice kind; its outcomes are the
        // kind's with their exact weights (2d6 totals by their ways, d66 each 1/36).
        if let Actor::Chance(Chance::Dice(spec)) = self.actor_of(s) {
            out.extend(spec.outcomes().map(|(r, p)| (Action::Roll(r), p)));
        }
    }

    fn chance_action(&self, s: &State, roll: Roll) -> Option<Action> {
        match self.actor_of(s) {
            Actor::Chance(Chance::Dice(spec)) if spec == roll.spec => Some(Action::Roll(roll)),
            _ => None,
        }
    }

    fn apply(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Result<(), Illegal> {
        // Work on a copy so that a refusal leaves the state and the events untouched.
        let mut next = s.clone();
        let mut out = Vec::new();
        self.step(&mut next, a, &mut out)?;
        *s = next;
        ev.extend(out);
        Ok(())
    }

    fn observation(&self, s: &State, side: Side) -> State {
        // ¶20: the other side's Organization Displays are secret; ¶21: its leaders on the map
        // are face down unless revealed; §68: its vedettes are not told from its forces until
        // revealed. Each hidden counter on the map becomes an unknown stack.
        let mut o = s.clone();
        let other = |owner: Side| owner != side;
        for (i, l) in o.leaders.iter_mut().enumerate() {
            if !other(self.manifest.leaders[i].side) {
                continue;
            }
            match l.place {
                LeaderPlace::Map(h) if !l.revealed => {
                    o.unknown.push(Unknown {
                        side: side.other(),
                        hex: h,
                        unemployed: !self.is_force(s, i as u16),
                    });
                    l.place = LeaderPlace::Out;
                    // ¶30 4: told only when he moves.
                    l.unemployed = false;
                }
                LeaderPlace::Portrait(_) if !l.revealed => {
                    l.place = LeaderPlace::Out;
                    l.unemployed = false;
                }
                _ => {}
            }
        }
        let shown = self.shown_in_battle(s);
        for (i, u) in o.units.iter_mut().enumerate() {
            if other(self.manifest.units[i].side) && !u.leader.is_some_and(|l| shown.contains(&l)) {
                u.leader = None;
                u.sp = 0;
            }
        }
        for (i, g) in o.garrisons.iter_mut().enumerate() {
            if other(self.manifest.garrisons[i].side) && matches!(g.place, GarrisonPlace::Track(_))
            {
                g.place = GarrisonPlace::Available(0);
                g.sp = 0;
            }
        }
        for (i, v) in o.vedettes.iter_mut().enumerate() {
            if !other(self.manifest.vedettes[i].side) {
                continue;
            }
            match v.place {
                VedettePlace::Map(h) if !v.revealed => {
                    o.unknown.push(Unknown {
                        side: side.other(),
                        hex: h,
                        unemployed: false,
                    });
                    v.place = VedettePlace::Pool;
                }
                VedettePlace::Portrait(_) => v.place = VedettePlace::Pool,
                _ => {}
            }
        }
        // ¶21, §68: the other side's marching counter is seen, not who it is.
        if let Some(m) = &mut o.march {
            let owner = match m.vedette {
                Some(v) => self.manifest.vedettes.get(usize::from(v)).map(|x| x.side),
                None => self
                    .manifest
                    .leaders
                    .get(usize::from(m.leader))
                    .map(|x| x.side),
            };
            if owner.is_some_and(other) {
                m.leader = u16::MAX;
                m.vedette = None;
                m.parts.clear();
                m.moved_parts.clear();
                m.start_sp = 0;
            }
        }
        // ¶20, §158: a bridge train on the other side's track is not seen; pontoons are.
        for t in &mut o.trains {
            if other(t.side) && matches!(t.place, crate::hov::state::TrainPlace::Track(_)) {
                t.place = crate::hov::state::TrainPlace::Out;
            }
        }
        // §57: a sea move is seen, not who made it.
        if let Some(x) = &mut o.sea_move
            && self
                .manifest
                .leaders
                .get(usize::from(x.leader))
                .is_some_and(|m| other(m.side))
            && !s.leaders[usize::from(x.leader)].revealed
        {
            x.leader = u16::MAX;
        }
        // ¶20: which counters the other side has lost by transfers or uses as March Divisions
        // is on its displays.
        o.gone
            .retain(|&u| !other(self.manifest.units[usize::from(u)].side));
        o.march_divisions
            .retain(|&u| !other(self.manifest.units[usize::from(u)].side));
        o.deferred.retain(|&(owner, _)| !other(owner));
        o.freed
            .retain(|&u| !other(self.manifest.units[usize::from(u)].side));
        o.drawn
            .retain(|&u| !other(self.manifest.units[usize::from(u)].side));
        o.shared.retain(|&l| {
            !self
                .manifest
                .leaders
                .get(usize::from(l))
                .is_some_and(|x| other(x.side))
        });
        o.marched.retain(|&l| {
            !self
                .manifest
                .leaders
                .get(usize::from(l))
                .is_some_and(|x| other(x.side))
        });
        // §186: who has answered the call to the guns is seen only as a moving counter (¶21).
        if let Some(c) = &mut o.sound {
            for l in &mut c.tried {
                if self
                    .manifest
                    .leaders
                    .get(usize::from(*l))
                    .is_some_and(|x| other(x.side))
                {
                    *l = u16::MAX;
                }
            }
        }
        // §185: which forces failed their Forced March is their owner's secret (¶23 1).
        o.failed_forced.retain(|f| {
            !self
                .manifest
                .leaders
                .get(usize::from(f.leader))
                .is_some_and(|x| other(x.side))
        });
        o.org_forces.retain(|&l| {
            !self
                .manifest
                .leaders
                .get(usize::from(l))
                .is_some_and(|x| other(x.side))
        });
        o.entered.retain(|&(l, _)| {
            !self
                .manifest
                .leaders
                .get(usize::from(l))
                .is_some_and(|x| other(x.side))
        });
        // ¶146 step 3b, ¶155: an unrevealed chit.
        if let Some(b) = &mut o.battle {
            let k = side.other().index();
            if !b.revealed[k] {
                b.chits[k] = None;
            }
        }
        o.unknown.sort_unstable();
        o
    }

    fn reachable(&self, _s: &State, unit: &str) -> Result<Vec<Reached>, Illegal> {
        Err(Illegal::new(
            "¶109",
            format!("no movement is open to {unit} in this build of the hov rules"),
        ))
    }

    fn path_actions(&self, _s: &State, unit: &str, to: Hex) -> Result<Vec<Action>, Illegal> {
        Err(Illegal::new(
            "¶109",
            format!(
                "no movement is open to {unit} toward {} in this build of the hov rules",
                self.label(to)
            ),
        ))
    }

    fn check_state(&self, s: &State) -> Result<(), crate::engine::BadPosition> {
        self.check_position(s)
    }

    fn describe_event(&self, e: &Event) -> String {
        self.describe(e)
    }

    fn default_bot(&self) -> &'static str {
        "greedy"
    }

    fn bot(&self, name: &str) -> Option<alloc::boxed::Box<dyn crate::engine::Bot<Self>>> {
        super::bot::named(name)
    }

    fn hex_label(&self, hex: Hex) -> String {
        self.label(hex)
    }

    fn parse_hex(&self, label: &str) -> Option<Hex> {
        self.board
            .grid
            .parse(label)
            .ok()
            .filter(|h| self.board.on_map(*h))
    }

    fn board(&self, s: &State) -> Option<crate::engine::BoardView> {
        // Built from whatever state it is given: from an observation it shows only what that
        // side may see (board_view.rs).
        Some(crate::engine::BoardView::new(
            &self.map_view,
            self.piece_views(s),
        ))
    }

    fn rules_id(&self) -> String {
        format!("hov/{}", self.scenario.trim_start_matches("hov/"))
    }
}
