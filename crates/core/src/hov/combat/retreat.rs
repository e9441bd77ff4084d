//! ¶146 steps 8–9, ¶172–¶192: the beaten force retreats the hexes of its result along a path the
//! priorities of ¶174 fix (the player picks among what they leave open), and the winner may
//! pursue along it with one leader's part of his force (¶179, ¶185–¶186), rolling on the
//! Pursuit Table (¶188–¶191); the loser loses a SP a hex of pursuit and at least the winner's
//! loss (¶181–¶184, ¶205).

use alloc::vec::Vec;

use super::super::Hov;
use super::super::board::{Ground, Settlement, Water};
use super::super::event::Event;
use super::super::state::{
    Battle, BattleStep, LeaderId, LeaderPlace, PursuitPlan, Retreat, State, Supply,
};
use super::super::types::{Arm, Army, Guard};
use super::designate::Piece;
use super::resolve::{Loss, Sides};
use crate::engine::Side;
use crate::hex::{Direction, Hex};

impl Hov {
    /// ¶175: the stacks that retreat — the attacking force, or each defending hex's leaders
    /// (Unemployed Leaders with them, ¶31). Garrisons stay in their forts (§48, a reading).
    pub fn retreat_groups(
        &self,
        s: &State,
        b: &Battle,
        sides: &Sides,
        loser: Side,
        need: u8,
    ) -> Vec<Retreat> {
        let mut out = Vec::new();
        let k = loser.index();
        let hexes: Vec<Hex> = if loser == b.attacker {
            sides.fls[k]
                .first()
                .and_then(|&l| self.hex_of(s, l))
                .into_iter()
                .collect()
        } else {
            b.defenders.clone()
        };
        for h in hexes {
            let mut leaders: Vec<LeaderId> = if loser == b.attacker {
                sides.fls[k].clone()
            } else {
                // §43 1: only the forces in the battle (none inside a Citadel) retreat.
                self.forces_at(s, loser, h)
                    .into_iter()
                    .filter(|l| sides.fls[k].contains(l))
                    .collect()
            };
            if leaders.is_empty() {
                continue;
            }
            for (i, l) in s.leaders.iter().enumerate() {
                let l_id = i as LeaderId;
                if l.place == LeaderPlace::Map(h)
                    && self.manifest.leaders[i].side == loser
                    && !self.is_force(s, l_id)
                    && !leaders.contains(&l_id)
                {
                    leaders.push(l_id);
                }
            }
            out.push(Retreat {
                leaders,
                path: alloc::vec![h],
                need,
                done: need == 0,
            });
        }
        // ¶175 2: a Multi-Hex Force retreats as one stack (combat/multihex.rs).
        self.merge_force_retreats(s, b, loser, out)
    }

    /// §58 3 (reading N77): a force that landed from the sea in this Movement Phase and is
    /// forced to retreat from its landing hex (not a Fort, where it may stay, §48 2) loses all
    /// its SP there; its leaders roll for capture (¶32) and leave the retreating stack.
    pub fn landed_destroyed(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        loser: Side,
        retreats: &mut [Retreat],
    ) {
        let Some(land) = s.sea_move else { return };
        if self.manifest.leaders[usize::from(land.leader)].side != loser
            || self.board.hex(land.hex).settlement.fort()
            || self.hex_of(s, land.leader) != Some(land.hex)
        {
            return;
        }
        let Some(g) = retreats
            .iter_mut()
            .find(|g| g.path.first() == Some(&land.hex) && g.leaders.contains(&land.leader))
        else {
            return;
        };
        let members = self.members(s, &[land.leader]);
        let sp: u32 = self
            .pieces(s, &members, &[])
            .iter()
            .map(|&p| u32::from(self.piece_sp(s, p)))
            .sum();
        self.lose(
            s,
            ev,
            loser,
            &[land.leader],
            &[],
            sp,
            Loss::Combat {
                pitched: false,
                staked: false,
            },
            "§58",
        );
        g.leaders.retain(|l| !members.contains(l));
        if g.leaders.is_empty() {
            g.done = true;
        }
    }

    /// The retreating side's Army for ¶174 5: the army of its first leader.
    fn retreat_army(&self, g: &Retreat) -> Option<Army> {
        g.leaders
            .first()
            .map(|&l| Army::of(self.manifest.leaders[usize::from(l)].nationality))
    }

    /// ¶172–¶174: the hexes a retreating stack may enter next, after the priorities: farther
    /// from its start each hex (1), no hex twice nor next to an earlier hex of the path (2),
    /// never into prohibited terrain or an enemy-held hex (¶173), then away from friendly
    /// forces (3), toward its army's active Supply Source (5, reading A15: in hexes), the
    /// cheapest (6). Direction order.
    pub fn retreat_options(&self, s: &State, side: Side, g: &Retreat) -> Vec<Hex> {
        let (Some(&cur), Some(&start)) = (g.path.last(), g.path.first()) else {
            return Vec::new();
        };
        let o = self.occupancy(s);
        let step = g.path.len() as u32;
        let mut c: Vec<Hex> = Direction::ALL
            .iter()
            .filter_map(|&d| {
                let n = cur.neighbor(d);
                let ok = self.board.on_map(n)
                    && self.in_area(n)
                    && self.may_retreat_across(s, cur, d)
                    && n.distance(start) == step
                    && !g.path.contains(&n)
                    && g.path[..g.path.len() - 1].iter().all(|p| p.distance(n) > 1)
                    && (!o.holds(side.other(), n) || self.vedettes_only(&o, side.other(), n))
                    // §47 1: nothing enters a masked Fort.
                    && !self.masked(s, n);
                ok.then_some(n)
            })
            .collect();
        // §78 2: through enemy vedettes only when there is no other way.
        self.vedette_hexes_last(&o, side.other(), &mut c);
        // 3: avoid friendly forces when possible.
        if c.iter().any(|&n| !o.real_at(side, n)) {
            c.retain(|&n| !o.real_at(side, n));
        }
        // 5: toward the active Supply Source; with none active (captured or changing),
        // toward the nearest of the army's Supply Source hexes (reading A15).
        let goal = self
            .retreat_army(g)
            .and_then(|a| match s.supply[a.index()] {
                Supply::Active(src) => Some(src),
                Supply::None => None,
                _ => self
                    .board
                    .sources_of(a)
                    .map(|x| (start.distance(x.hex), x.hex))
                    .min()
                    .map(|(_, h)| h),
            });
        if let Some(src) = goal
            && let Some(best) = c.iter().map(|n| n.distance(src)).min()
        {
            c.retain(|n| n.distance(src) == best);
        }
        // 6: the cheapest in movement points.
        let cost = |n: Hex| {
            let d = cur.direction_to(n);
            let river = d.is_some_and(|d| {
                matches!(
                    self.board.side(cur, d).water,
                    Water::Secondary | Water::Lake
                )
            });
            self.board.hex(n).cost[0].halves() + u16::from(river)
        };
        if let Some(best) = c.iter().map(|&n| cost(n)).min() {
            c.retain(|&n| cost(n) == best);
        }
        c
    }

    /// §37 2, §60 2: whether a retreat may cross the hexside of `from` toward `d`: a lake only
    /// frozen (Frost and Severe, as a secondary river), a primary river only at a standing
    /// bridge (reading A16: no primary river freezes).
    pub fn may_retreat_across(&self, s: &State, from: Hex, d: Direction) -> bool {
        match self.board.side(from, d).water {
            Water::Lake => self.lakes_frozen(s),
            // §43 2's bridge from a Citadel to its bridgehead is for attacks only.
            Water::Primary if self.citadel_bridge(from, d) && !self.board.side(from, d).bridge => {
                false
            }
            _ => self.may_attack_across(s, from, d),
        }
    }

    /// §60 1: the river hexsides (primary, secondary, or a frozen lake) the retreat crossed
    /// between its hexes `path[..=last]`.
    pub fn crosses_river(&self, path: &[Hex], last: usize) -> bool {
        path.windows(2).take(last).any(|w| {
            w[0].direction_to(w[1]).is_some_and(|d| {
                matches!(
                    self.board.side(w[0], d).water,
                    Water::Primary | Water::Secondary | Water::Lake
                )
            })
        })
    }

    /// ¶177 1, §48 2 (reading N8): whether retreating stack `g` of `side` may stop where it
    /// is: in its start hex when that is a Fort (friendly fortifications: the retreat result is
    /// ignored), or after at least one hex in a Fortified Town its side holds (a garrison or
    /// another force there) or on its army's active Supply Source, whatever distance is left,
    /// within the 48-SP stacking limit (¶141, §41 3).
    pub fn may_stop(&self, s: &State, side: Side, g: &Retreat) -> bool {
        let (Some(&cur), Some(&start)) = (g.path.last(), g.path.first()) else {
            return false;
        };
        if g.done {
            return false;
        }
        if cur == start {
            return self.board.hex(cur).settlement.fort();
        }
        let held = self.board.hex(cur).settlement == Settlement::FortifiedTown
            && (!self.garrisons_at(s, side, cur).is_empty()
                || self
                    .forces_at(s, side, cur)
                    .iter()
                    .any(|l| !g.leaders.contains(l)));
        let source = self
            .retreat_army(g)
            .is_some_and(|a| s.supply[a.index()] == Supply::Active(cur));
        // ¶177 1, ¶141: only within the stacking limit; past it the stack goes on.
        (held || source) && self.hex_sp(s, side, cur) <= super::super::types::HEX_SP_LIMIT
    }

    /// ¶177 1, §48 2: retreating stack `gi` stops; its retreat counts as complete.
    pub fn stop_retreat(&self, s: &mut State, ev: &mut Vec<Event>, gi: usize) {
        let Some(b) = &mut s.battle else { return };
        let Some(g) = b.retreats.get_mut(gi) else {
            return;
        };
        g.done = true;
        g.need = (g.path.len() - 1) as u8;
        let at = g.path.last().copied();
        if let (Some(&l), Some(hex)) = (g.leaders.first(), at) {
            ev.push(Event::BattleMove {
                leader: l,
                to: hex,
                rule: alloc::borrow::Cow::Borrowed(if g.path.len() == 1 {
                    "§48"
                } else {
                    "¶177"
                }),
            });
        }
    }

    /// Moves retreating stack `gi` one hex (¶172).
    pub fn retreat_step(&self, s: &mut State, ev: &mut Vec<Event>, gi: usize, to: Hex) {
        // ¶174 3a: a friendly force in the way is displaced (not in a Fortified Town, which
        // friendly stacks may share, ¶177 1, ¶192 2).
        let mover = s
            .battle
            .as_ref()
            .and_then(|b| Some((b.fight?.loser, b.retreats.get(gi)?.leaders.clone())));
        if let Some((side, movers)) = mover
            && self.board.hex(to).settlement != Settlement::FortifiedTown
            && self.occupancy(s).real_at(side, to)
        {
            self.displace(s, ev, side, to, &movers, 0);
        }
        let Some(b) = &mut s.battle else { return };
        let Some(g) = b.retreats.get_mut(gi) else {
            return;
        };
        g.path.push(to);
        if g.path.len() > usize::from(g.need) {
            g.done = true;
        }
        let leaders = g.leaders.clone();
        let side = leaders
            .first()
            .map(|&l| self.manifest.leaders[usize::from(l)].side);
        for l in leaders {
            let lp = &mut s.leaders[usize::from(l)];
            if matches!(lp.place, LeaderPlace::Map(_)) {
                lp.place = LeaderPlace::Map(to);
                ev.push(Event::BattleMove {
                    leader: l,
                    to,
                    rule: alloc::borrow::Cow::Borrowed("¶172"),
                });
            }
        }
        // §78 2: enemy vedettes in the hex give way.
        if let Some(side) = side {
            self.vedettes_give_way(s, side, to, ev);
        }
    }

    /// The stack the next pursuit follows (¶179, ¶187): the first retreating stack still on
    /// the map that has not been pursued or let go.
    pub fn pursued(&self, s: &State, b: &Battle) -> Option<usize> {
        b.retreats.iter().enumerate().position(|(i, g)| {
            !b.chased.contains(&(i as u8))
                && g.leaders.iter().any(|&l| {
                    self.hex_of(s, l).is_some()
                        // ¶176 1, §61 1: off a friendly edge it is pursued to the edge hex.
                        || (s.off_map.iter().any(|x| x.leader == l)
                            && s.leaders[usize::from(l)].place == LeaderPlace::Waiting)
                })
        })
    }

    /// ¶187: stack `gi` has been pursued (losing `lost` SP) or let go; the next beaten stack
    /// may be pursued by another leader, else the losses are settled.
    pub fn pursuit_done(&self, s: &mut State, ev: &mut Vec<Event>, gi: usize, lost: u16) {
        if let Some(bm) = &mut s.battle {
            bm.chased.push(gi as u8);
            bm.chase_lost = bm.chase_lost.saturating_add(lost);
            bm.pursuer = None;
            bm.plan = None;
        }
        let Some(b) = s.battle.clone() else { return };
        if self.pursued(s, &b).is_some() && !self.pursuers(s, &b).is_empty() {
            if let Some(bm) = &mut s.battle {
                bm.step = BattleStep::Pursuit;
            }
        } else {
            self.settle_retreat(s, ev, 0);
        }
    }

    /// The pieces that go with a pursuing leader: a Force Leader on the map takes his whole
    /// force; a subordinate his own track (¶179, ¶186).
    fn pursuing_pieces(&self, s: &State, p: LeaderId) -> Vec<Piece> {
        let group = if matches!(s.leaders[usize::from(p)].place, LeaderPlace::Map(_)) {
            self.members(s, &[p])
        } else {
            alloc::vec![p]
        };
        self.pieces(s, &group, &[])
    }

    /// ¶179, ¶185–¶186: the winner's leaders who may pursue: next to the start of the
    /// retreat, with infantry or cavalry and no artillery among the pieces that would go (a
    /// reading of ¶185: artillery never pursues and may not be left without a leader).
    pub fn pursuers(&self, s: &State, b: &Battle) -> Vec<LeaderId> {
        let Some(fight) = b.fight else {
            return Vec::new();
        };
        let Some(gi) = self.pursued(s, b) else {
            return Vec::new();
        };
        if b.no_pursuit {
            // §188 4: a Battlefield Dynamics retreat after a combat the enemy did not win.
            return Vec::new();
        }
        let start = b.retreats[gi].path[0];
        let w = fight.loser.other();
        let sides = self.sides(s, b);
        let members = self.members(s, &sides.fls[w.index()]);
        members
            .into_iter()
            .filter(|&p| {
                // ¶187: a leader pursues once, and not with a force that already has.
                let gone = b.chasers.contains(&p)
                    || matches!(s.leaders[usize::from(p)].place,
                        LeaderPlace::Portrait(f) if b.chasers.contains(&f));
                if gone {
                    return false;
                }
                let pieces = self.pursuing_pieces(s, p);
                let f = self.strengths(s, &pieces);
                self.hex_of(s, p).is_some_and(|h| h.distance(start) == 1)
                    && f.real() > 0
                    && f.art == 0
            })
            .collect()
    }

    /// ¶188–¶191: the pursuit die's modifier for pursuer `p`: the Resistance Modifier of the
    /// Initiative Comparison Matrix, the pursuer active (¶190, reading A22); −1 for a force of
    /// cavalry and French Guard only; plus the Pitched chits the winner revealed and the
    /// weather (¶146 step 9, reading N66).
    pub fn pursuit_drm(&self, s: &State, b: &Battle, p: LeaderId) -> i8 {
        let Some(fight) = b.fight else { return 0 };
        let Some(gi) = self.pursued(s, b) else {
            return 0;
        };
        let passive = b.retreats[gi]
            .leaders
            .iter()
            .map(|&l| self.initiative_of(s, l))
            .max()
            .unwrap_or(1);
        let pieces = self.pursuing_pieces(s, p);
        // ¶127 3: the Cavalry Differential joins the Resistance Modifier, the pursuer's edge
        // lowering the die; cavalry in swamp, woods or hills does not count (¶127 1).
        let rough = |h: Option<Hex>| {
            h.is_some_and(|h| {
                matches!(
                    self.board.hex(h).ground,
                    Ground::Swamp | Ground::Woods | Ground::Hills | Ground::WoodedHills
                )
            })
        };
        let ours = if rough(self.hex_of(s, p)) {
            0
        } else {
            self.strengths(s, &pieces).cav
        };
        let theirs: u32 = b.retreats[gi]
            .leaders
            .iter()
            .filter(|&&l| self.is_force(s, l))
            .map(|&l| self.counting_cavalry(s, l))
            .sum();
        // ¶127 2: a 2:1 edge (one SP against none) is worth one.
        let cavalry = super::super::types::cavalry_advantage(ours, theirs);
        let mut drm = self.charts.resistance(self.initiative_of(s, p), passive) - cavalry;
        let elite = pieces.iter().all(|&q| match q {
            Piece::Unit(u) => {
                let m = &self.manifest.units[usize::from(u)];
                m.arm == Arm::Cavalry || m.guard != Guard::Line
            }
            Piece::Garrison(_) => false,
        });
        if elite {
            drm -= 1;
        }
        // ¶146 step 9 (reading N66): the weather, as the provisional Weather Table's combat
        // modifier.
        drm + b.pitched_shown[fight.loser.other().index()] as i8
            + self.charts.weather_combat(s.weather)
    }

    /// ¶179–¶184, ¶191: the pursuit with the die `roll`: how far it may go; the pursuer then
    /// picks where to stop (¶179 1), may drop off subordinates (¶179 2) or try to repulse a hex
    /// in the way (¶132 3), and the loser takes its losses (¶184, ¶205).
    pub fn pursue(&self, s: &mut State, ev: &mut Vec<Event>, roll: u8) {
        let Some(b) = s.battle.clone() else { return };
        let (Some(_), Some(p), Some(gi)) = (b.fight, b.pursuer, self.pursued(s, &b)) else {
            self.settle_retreat(s, ev, 0);
            return;
        };
        let g = b.retreats[gi].clone();
        let drm = self.pursuit_drm(s, &b, p);
        let init = usize::from(self.initiative_of(s, p));
        let table = self
            .charts
            .pursuit
            .get(init.clamp(1, self.charts.pursuit.len().max(1)) - 1)
            .and_then(|row| row.get(usize::from(g.need).clamp(1, row.len().max(1)) - 1));
        let rolled = table.map_or(0, |t| t.at(i16::from(roll) + i16::from(drm)));
        let sp = self.strengths(s, &self.pursuing_pieces(s, p)).real();
        let length = u32::from(rolled).min(sp) as usize;
        ev.push(Event::PursuitRoll {
            leader: p,
            roll,
            drm,
            length: length as u8,
        });
        let plan = self.pursuit_reach(s, &b, gi, p, length, None);
        let drops = !self.pursuit_drops_for(s, &b, p, gi, plan).is_empty();
        if plan.moves > 1 || plan.block.is_some() || (drops && plan.moves > 0) {
            // ¶179 1: the pursuer may stop at any hex of the path.
            if let Some(bm) = &mut s.battle {
                bm.plan = Some(plan);
                bm.step = BattleStep::PursuitStop;
            }
            return;
        }
        self.finish_pursuit(s, ev, plan, plan.moves);
    }

    /// ¶179–¶183, ¶191–¶192: how far pursuer `p` may follow stack `gi` with a pursuit of
    /// `length` hexes; `skip` is a hex a successful repulse is clearing (¶132 3).
    fn pursuit_reach(
        &self,
        s: &State,
        b: &Battle,
        gi: usize,
        p: LeaderId,
        length: usize,
        skip: Option<Hex>,
    ) -> PursuitPlan {
        let g = &b.retreats[gi];
        let loser = b.fight.map_or(s.phasing.other(), |f| f.loser);
        // ¶176 1, §61 1 (reading N40): a stack gone off the map is pursued up to the edge
        // hex, a SP for each hex pursued.
        let gone = g
            .leaders
            .iter()
            .all(|&l| !matches!(s.leaders[usize::from(l)].place, LeaderPlace::Map(_)));
        let done = if gone { g.path.len() } else { g.path.len() - 1 };
        let blocked = done < usize::from(g.need);
        let o = self.occupancy(s);
        let mut moves = 0;
        let mut destroyed = false;
        let mut block = None;
        for (i, &h) in g.path.iter().enumerate() {
            if i == done {
                // ¶181–¶182, ¶173: the loser's own hex only after a short retreat, and never
                // a Fort (¶192 1).
                if blocked && length > done && !self.board.hex(h).settlement.fort() {
                    moves = done + 1;
                    destroyed = true;
                }
                break;
            }
            // ¶192 1, ¶177 2: never into a Fortified Town the loser holds, nor a hex with its
            // garrison.
            let fort = (self.board.hex(h).settlement == Settlement::FortifiedTown
                && o.real_at(loser, h))
                || !self.garrisons_at(s, loser, h).is_empty();
            if length <= i || fort {
                break;
            }
            // §78: the loser's vedettes alone in a hex of the path never stop the pursuit.
            if o.holds(loser, h) && skip != Some(h) && !self.vedettes_only(&o, loser, h) {
                // ¶132 3, ¶148 3: another of the loser's counters in the way may be repulsed
                // from the hex before it.
                let from = if i == 0 {
                    self.hex_of(s, p)
                } else {
                    Some(g.path[i - 1])
                };
                if self.repulse_refused(s, p, from, h).is_none() {
                    block = Some(i as u8);
                }
                break;
            }
            moves = i + 1;
            // ¶180: into and through enemy ZOCs, but never out of a ZOC Bond.
            if self.zoc_sources(s, &o, loser, h) >= 2 {
                break;
            }
        }
        // ¶180: a pursuer standing in a ZOC Bond may not leave it.
        if self
            .hex_of(s, p)
            .is_some_and(|at| self.zoc_sources(s, &o, loser, at) >= 2)
        {
            moves = 0;
            destroyed = false;
            block = None;
        }
        PursuitPlan {
            moves: moves as u8,
            length: if gone { moves as u8 } else { length as u8 },
            destroyed,
            from: 0,
            block,
        }
    }

    /// ¶179 1: where the pursuer may stop, in path order (the farthest last): from the last
    /// hex passed for good (¶179 2, ¶132 3) to the plan's farthest, short of any hex a
    /// repulsed enemy has stepped back into.
    pub fn pursuit_stops(&self, s: &State, b: &Battle) -> Vec<Hex> {
        let (Some(plan), Some(g)) = (b.plan, self.pursued(s, b).map(|gi| &b.retreats[gi])) else {
            return Vec::new();
        };
        let loser = b.fight.map_or(s.phasing.other(), |f| f.loser);
        let o = self.occupancy(s);
        let first = usize::from(plan.from.saturating_sub(1));
        let last = g.path.len() - 1;
        let mut out = Vec::new();
        for (i, &h) in g.path.iter().enumerate().take(usize::from(plan.moves)) {
            let pursued_here = plan.destroyed && i == last;
            if i >= usize::from(plan.from)
                && o.holds(loser, h)
                && !self.vedettes_only(&o, loser, h)
                && !pursued_here
            {
                break;
            }
            if i >= first {
                out.push(h);
            }
        }
        out
    }

    /// ¶179 2, ¶81 2: the subordinates a pursuing Force Leader may drop off, each at a hex of
    /// the path he passes (from the last hex passed for good on), so long as what goes on
    /// keeps SP enough to have come that far (¶191).
    fn pursuit_drops_for(
        &self,
        s: &State,
        b: &Battle,
        p: LeaderId,
        gi: usize,
        plan: PursuitPlan,
    ) -> Vec<(LeaderId, Hex)> {
        if !matches!(s.leaders[usize::from(p)].place, LeaderPlace::Map(_)) {
            return Vec::new();
        }
        let g = &b.retreats[gi];
        let first = usize::from(plan.from.saturating_sub(1));
        let reach = usize::from(plan.moves);
        let all = self.strengths(s, &self.pursuing_pieces(s, p)).real();
        let mut out = Vec::new();
        for l in 0..s.leaders.len() as LeaderId {
            if s.leaders[usize::from(l)].place != LeaderPlace::Portrait(p) {
                continue;
            }
            let own = self.strengths(s, &self.pieces(s, &[l], &[])).real();
            let left = all.saturating_sub(own) as usize;
            for (i, &h) in g.path.iter().enumerate().take(reach) {
                // Not the loser's own hex (¶182), and the rest must still have come this far.
                if i >= first && left > i && !(plan.destroyed && i + 1 == g.path.len()) {
                    out.push((l, h));
                }
            }
        }
        out
    }

    /// The drop-offs open now (¶179 2), in leader then path order.
    pub fn pursuit_drops(&self, s: &State, b: &Battle) -> Vec<(LeaderId, Hex)> {
        let (Some(plan), Some(p), Some(gi)) = (b.plan, b.pursuer, self.pursued(s, b)) else {
            return Vec::new();
        };
        self.pursuit_drops_for(s, b, p, gi, plan)
    }

    /// ¶179 2, ¶81 2–3: subordinate `l` is dropped off at `hex` of the path with his track: a
    /// new force that stays there for the rest of the phase and, having pursued, attacks no
    /// more (¶185 2). The pursuit goes on with the rest, no farther than its SP (¶191).
    pub fn pursuit_drop(&self, s: &mut State, ev: &mut Vec<Event>, l: LeaderId, hex: Hex) {
        let Some(b) = s.battle.clone() else { return };
        let (Some(mut plan), Some(p), Some(gi)) = (b.plan, b.pursuer, self.pursued(s, &b)) else {
            return;
        };
        let Some(i) = b.retreats[gi].path.iter().position(|&h| h == hex) else {
            return;
        };
        let side = self.manifest.leaders[usize::from(l)].side;
        let x = &mut s.leaders[usize::from(l)];
        x.place = LeaderPlace::Map(hex);
        x.dropped = true;
        x.moved = true;
        x.tried = true;
        if !s.fought.contains(&l) {
            s.fought.push(l);
        }
        ev.push(Event::DroppedOff {
            side,
            leader: l,
            from: p,
            hex,
        });
        ev.push(Event::CounterEntered { side, hex });
        plan.from = plan.from.max(i as u8 + 1);
        let sp = self.strengths(s, &self.pursuing_pieces(s, p)).real();
        let cap = sp.min(255) as u8;
        if cap < plan.moves {
            plan.moves = cap;
            plan.destroyed = false;
            plan.block = None;
        }
        plan.length = plan.length.min(cap);
        if let Some(bm) = &mut s.battle {
            bm.plan = Some(plan);
        }
    }

    /// ¶132 3, ¶148 3: the hex the pursuer may try to repulse now, if any.
    pub fn pursuit_repulse_target(&self, s: &State, b: &Battle) -> Option<Hex> {
        let (plan, gi) = (b.plan?, self.pursued(s, b)?);
        let i = usize::from(plan.block?);
        (usize::from(plan.from) <= i).then_some(())?;
        b.retreats[gi].path.get(i).copied()
    }

    /// ¶132 3, ¶148 3: the pursuer, though he has fought this phase, tries to repulse the
    /// loser's counters in the way from the hex before them. A failure ends the pursuit there
    /// with no battle owed; a success clears the hex (the repulsed counters retreat, ¶131) and
    /// the pursuit may go on as far as its length allows.
    pub fn pursuit_repulse(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        target: Hex,
    ) -> Result<(), crate::engine::Illegal> {
        let Some(b) = s.battle.clone() else {
            return Ok(());
        };
        let (Some(mut plan), Some(p), Some(gi)) = (b.plan, b.pursuer, self.pursued(s, &b)) else {
            return Ok(());
        };
        let Some(i) = plan.block.map(usize::from) else {
            return Ok(());
        };
        let path = b.retreats[gi].path.clone();
        let from = if i == 0 {
            self.hex_of(s, p)
        } else {
            path.get(i - 1).copied()
        };
        let ok = self.try_repulse(
            s,
            p,
            from,
            target,
            super::super::state::RepulseWhen::Pursuit,
            ev,
        )?;
        if i > 0 && matches!(s.leaders[usize::from(p)].place, LeaderPlace::Map(_)) {
            s.leaders[usize::from(p)].place = LeaderPlace::Map(path[i - 1]);
        }
        plan.from = plan.from.max(i as u8);
        plan.block = None;
        if !ok {
            // ¶132 3: the pursuit stops before the hex; no attack follows.
            self.finish_pursuit(s, ev, plan, i as u8);
            return Ok(());
        }
        let mut next = self.pursuit_reach(s, &b, gi, p, usize::from(plan.length), Some(target));
        next.from = plan.from;
        next.length = plan.length;
        if let Some(bm) = &mut s.battle {
            bm.plan = Some(next);
        }
        Ok(())
    }

    /// ¶179 1: the pursuer stops at `hex` of the path.
    pub fn pursue_to(&self, s: &mut State, ev: &mut Vec<Event>, hex: Hex) {
        let Some(b) = s.battle.clone() else { return };
        let Some(plan) = b.plan else { return };
        let k = self
            .pursued(s, &b)
            .and_then(|gi| b.retreats[gi].path.iter().position(|&h| h == hex))
            .map_or(plan.moves, |i| i as u8 + 1);
        if let Some(bm) = &mut s.battle {
            bm.plan = None;
        }
        self.finish_pursuit(s, ev, plan, k);
    }

    /// ¶179–¶184, §60 1: the pursuer goes `k` hexes along the path (at most the plan's); the
    /// loser pays a SP a hex, the full length (extra hexes included, ¶181) or destruction
    /// (¶182) only when the pursuit goes all the way.
    pub(crate) fn finish_pursuit(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        plan: PursuitPlan,
        k: u8,
    ) {
        let Some(b) = s.battle.clone() else { return };
        let (Some(fight), Some(p), Some(gi)) = (b.fight, b.pursuer, self.pursued(s, &b)) else {
            self.settle_retreat(s, ev, 0);
            return;
        };
        let g = b.retreats[gi].clone();
        let loser = fight.loser;
        let moves = usize::from(k.min(plan.moves));
        let full = moves == usize::from(plan.moves);
        let destroyed = plan.destroyed && full;
        let length = if full {
            usize::from(plan.length)
        } else {
            moves
        };
        if moves > 0 {
            let dest = g.path[moves - 1];
            s.leaders[usize::from(p)].place = LeaderPlace::Map(dest);
            for &h in &g.path[..moves] {
                ev.push(Event::BattleMove {
                    leader: p,
                    to: h,
                    rule: alloc::borrow::Cow::Borrowed("¶179"),
                });
                // §78 2: the pursuit follows the loser's one path, so it goes through hexes
                // held only by the loser's vedettes, which give way.
                self.vedettes_give_way(s, fight.loser.other(), h, ev);
            }
        }
        let fls: Vec<LeaderId> = g
            .leaders
            .iter()
            .copied()
            .filter(|&l| self.is_force(s, l))
            .collect();
        // §60 1: a pursuit that follows the retreat across a river doubles the loss.
        let doubled = moves > 1 && self.crosses_river(&g.path, moves - 1);
        let length = if doubled { length * 2 } else { length };
        let lost = if destroyed {
            self.lose(s, ev, loser, &fls, &[], u32::MAX / 2, Loss::Pursuit, "¶182")
        } else {
            self.lose(
                s,
                ev,
                loser,
                &fls,
                &[],
                length as u32,
                Loss::Pursuit,
                "¶181",
            )
        };
        self.pursuit_done(s, ev, gi, lost);
    }

    /// ¶184, ¶205: after the pursuit (or none), the loser makes up its loss to the winner's,
    /// spread over all its beaten stacks; then the battle's morale step.
    pub fn settle_retreat(&self, s: &mut State, ev: &mut Vec<Event>, so_far: u16) {
        let Some(b) = s.battle.clone() else { return };
        // ¶187, ¶205 (reading N42): the minimum counts every beaten stack's pursuit loss.
        let so_far = so_far.saturating_add(b.chase_lost);
        if let Some(fight) = b.fight
            && so_far < fight.winner_lost
        {
            let mut fls: Vec<LeaderId> = b
                .retreats
                .iter()
                .flat_map(|g| g.leaders.iter().copied())
                .filter(|&l| self.is_force(s, l))
                .collect();
            fls.sort_unstable();
            fls.dedup();
            let gs = if fight.loser == b.attacker {
                Vec::new()
            } else {
                b.defenders
                    .iter()
                    .flat_map(|&h| self.garrisons_at(s, fight.loser, h))
                    .collect()
            };
            self.lose(
                s,
                ev,
                fight.loser,
                &fls,
                &gs,
                u32::from(fight.winner_lost - so_far),
                // ¶169: a staked, beaten Old Guard takes the first SP of this combat loss.
                Loss::Combat {
                    pitched: false,
                    staked: b.staked == Some(true) && fight.loser == super::super::types::FRENCH,
                },
                "¶205",
            );
        }
        if let Some(bm) = &mut s.battle {
            bm.step = BattleStep::Morale;
        }
    }
}
