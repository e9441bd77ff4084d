//! Bridge trains and pontoons in movement (¶142, §158, §211; readings N1, C2). Each side has
//! three bridge trains (§211); they travel on a Force Leader's track. A marching force carrying
//! one may spend 1 MP to deploy it as a pontoon across a river hexside of its hex, primary or
//! secondary, usable at once; a friendly force crossing a pontoon may take it up for 1 MP more,
//! an enemy force crossing one captures it (§158). Pontoon MP do not count toward attrition
//! (¶142 3). In the Battle Scenarios bridges are neither damaged nor repaired, so the Bridge
//! Segment has nothing to decide (reading N1).

use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::board::Water;
use super::super::event::Event;
use super::super::state::{LeaderId, LeaderPlace, March, State, Train, TrainPlace};
use super::super::types::{COALITION, FRENCH, Mp};
use crate::engine::{Illegal, Side};
use crate::hex::{Direction, Hex, Hexside};

/// §211: bridge trains per side at the start of every scenario.
pub const TRAINS_PER_SIDE: usize = 3;

impl Hov {
    /// §211: each side's trains start on the track of its first Force Leader on the map; in
    /// the set-up the owner may move each to a leader of his choice (setup.rs `carry_train`).
    pub(crate) fn initial_trains(&self, s: &State) -> Vec<Train> {
        let mut out = Vec::new();
        for side in [FRENCH, COALITION] {
            let fl = (0..s.leaders.len() as LeaderId).find(|&l| {
                self.leader_side(l) == Some(side)
                    && matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_))
                    && self.is_force(s, l)
            });
            let place = fl.map_or(TrainPlace::Out, TrainPlace::Track);
            out.extend((0..TRAINS_PER_SIDE).map(|_| Train { side, place }));
        }
        out
    }

    /// The pontoon across `h`'s side toward `d`, if any: its index in [`State::trains`].
    pub fn pontoon_at(&self, s: &State, h: Hex, d: Direction) -> Option<usize> {
        let x = Hexside::between(h, h.neighbor(d))?;
        s.trains
            .iter()
            .position(|t| t.place == TrainPlace::Pontoon(x))
    }

    /// The undeployed trains the mover's force carries (on his track or a subordinate's).
    fn carried_trains(&self, s: &State, m: &March) -> Vec<usize> {
        if m.vedette.is_some() || m.unemployed {
            return Vec::new();
        }
        let ls = self.force_leaders(s, m.leader);
        (0..s.trains.len())
            .filter(|&i| matches!(s.trains[i].place, TrainPlace::Track(l) if ls.contains(&l)))
            .collect()
    }

    /// Whether each arm of the mover can still pay 1 MP.
    fn one_mp_left(&self, s: &State, m: &March) -> bool {
        let make = self.force_make(s, m.leader);
        let (foot, horse) = (make.foot(), make.horse() || !make.foot());
        (!foot || m.spent_inf.plus(Mp::ONE) <= m.allowance_inf)
            && (!horse || m.spent_cav.plus(Mp::ONE) <= m.allowance_cav)
    }

    /// The pontoon actions open to the marching force: deploying across each river hexside of
    /// its hex with no standing bridge or pontoon, or taking up the friendly pontoon it has
    /// just crossed.
    pub fn pontoon_options(&self, s: &State, m: &March) -> Vec<Action> {
        let mut out = Vec::new();
        let Some(&at) = m.path.last() else {
            return out;
        };
        if m.vedette.is_some() || m.unemployed || m.must_repulse || !self.one_mp_left(s, m) {
            return out;
        }
        let side = self.leader_side(m.leader);
        if !self.carried_trains(s, m).is_empty() {
            for d in Direction::ALL {
                let sd = self.board.side(at, d);
                if matches!(sd.water, Water::Primary | Water::Secondary)
                    && self.board.on_map(at.neighbor(d))
                    && !self.bridge_stands(s, at, d)
                    && self.pontoon_at(s, at, d).is_none()
                    && let Some(x) = Hexside::between(at, at.neighbor(d))
                {
                    out.push(Action::Pontoon {
                        side: x,
                        deploy: true,
                    });
                }
            }
        }
        if m.path.len() >= 2 {
            let prev = m.path[m.path.len() - 2];
            if let Some(d) = prev.direction_to(at)
                && let Some(i) = self.pontoon_at(s, prev, d)
                && Some(s.trains[i].side) == side
                && let Some(x) = Hexside::between(prev, at)
            {
                out.push(Action::Pontoon {
                    side: x,
                    deploy: false,
                });
            }
        }
        out
    }

    /// Applies a pontoon action of the marching force.
    pub(crate) fn pontoon_step(
        &self,
        s: &mut State,
        mut m: March,
        side: Hexside,
        deploy: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let a = Action::Pontoon { side, deploy };
        if !self.pontoon_options(s, &m).contains(&a) {
            return Err(Illegal::new(
                "¶142, §158",
                format!(
                    "the force may not {} a pontoon there: it deploys a train it carries across a river hexside of its hex with no bridge, or takes up the friendly pontoon it has just crossed, with 1 MP to pay",
                    if deploy { "deploy" } else { "take up" }
                ),
            ));
        }
        let owner: Side = self.leader_side(m.leader).unwrap_or(s.phasing);
        if deploy {
            let Some(&i) = self.carried_trains(s, &m).first() else {
                return Err(Illegal::new("§158", "the force carries no bridge train"));
            };
            s.trains[i].place = TrainPlace::Pontoon(side);
        } else {
            let Some(i) = s
                .trains
                .iter()
                .position(|t| t.place == TrainPlace::Pontoon(side))
            else {
                return Err(Illegal::new("§158", "no pontoon there"));
            };
            s.trains[i].place = TrainPlace::Track(m.leader);
        }
        m.spent_inf = m.spent_inf.plus(Mp::ONE);
        m.spent_cav = m.spent_cav.plus(Mp::ONE);
        m.bridge_mp = m.bridge_mp.plus(Mp::ONE);
        s.march = Some(m);
        ev.push(Event::Pontoon {
            side: owner,
            hexside: side,
            deployed: deploy,
        });
        Ok(())
    }

    /// §158 1: a force with no infantry cannot take its bridge trains along: when it sets out
    /// they are left, undeployed, in the hex it leaves.
    pub(crate) fn leave_trains(&self, s: &mut State, m: &March, ev: &mut Vec<Event>) {
        if m.path.len() != 1 || self.force_make(s, m.leader).inf > 0 {
            return;
        }
        let at = m.path[0];
        let side = self.leader_side(m.leader).unwrap_or(s.phasing);
        for i in self.carried_trains(s, m) {
            s.trains[i].place = TrainPlace::Map(at);
            ev.push(Event::TrainLeft { side, hex: at });
        }
    }

    /// §158 3: an enemy force entering the hex of an undeployed bridge train captures it, onto
    /// its Force Leader's track.
    pub(crate) fn capture_trains(&self, s: &mut State, m: &March, at: Hex, ev: &mut Vec<Event>) {
        if m.vedette.is_some() || m.unemployed {
            return;
        }
        let side = self.leader_side(m.leader).unwrap_or(s.phasing);
        for t in &mut s.trains {
            if t.place == TrainPlace::Map(at) && t.side != side {
                t.side = side;
                t.place = TrainPlace::Track(m.leader);
                ev.push(Event::TrainCaptured { side, hex: at });
            }
        }
    }

    /// §158: an enemy force crossing a pontoon captures it; it stays in place, now the
    /// crosser's.
    pub(crate) fn cross_pontoon(
        &self,
        s: &mut State,
        side: Side,
        from: Hex,
        to: Hex,
        ev: &mut Vec<Event>,
    ) {
        let Some(d) = from.direction_to(to) else {
            return;
        };
        let Some(i) = self.pontoon_at(s, from, d) else {
            return;
        };
        if s.trains[i].side != side {
            s.trains[i].side = side;
            if let Some(x) = Hexside::between(from, to) {
                ev.push(Event::PontoonCaptured { side, hexside: x });
            }
        }
    }
}
