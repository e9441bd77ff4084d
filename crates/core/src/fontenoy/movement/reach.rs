//! Where a unit can move now (11.0), for front ends and analysts: every position its lead hex
//! (a Line's right end, a column's head, 8.1) can reach in this Movement Segment with its group,
//! by forward and oblique steps and facing changes (11.1–11.3, 9.2), Line wheels and column
//! turns (9.4), rearward moves (11.7, 11.8), and the actions that take it there.
//!
//! The search runs the movement rules themselves: from the position, each of the unit's own
//! `Step` and `Face` actions that the listing offers is applied to a copy, cheapest first
//! (Dijkstra on MP spent), so what it reports is exactly what play allows. A step after which
//! the rules hand the decision to someone else (a passive player's reaction, a check to roll)
//! is reported but not searched beyond: the move may stop there.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::geometry::Placed;
use super::super::state::{Phase, Segment, State};
use super::super::units::UnitId;
use crate::engine::{Illegal, Reached, Rules};

/// The most positions one search visits (a 3-hex cavalry Line with a forced march reaches a
/// few hundred).
const LIMIT: usize = 4000;

/// One position found: where the unit stands, MP spent to get there, and how.
struct Node {
    state: State,
    placed: Placed,
    spent: u16,
    actions: Vec<Action>,
    path: Vec<crate::hex::Hex>,
    open: bool,
}

impl Fontenoy {
    /// MP `u` has spent this segment, in sixths.
    fn spent_sixths(&self, s: &State, u: UnitId) -> u16 {
        s.activation
            .as_ref()
            .and_then(|a| a.moving.iter().find(|m| m.unit == u))
            .map_or(0, |m| m.spent.0)
    }

    /// `u`'s own movement actions now: steps with its group, facing changes, wheels, column
    /// turns and rearward moves.
    fn own_moves(&self, s: &State, u: UnitId, out: &mut Vec<Action>) {
        out.clear();
        let mut all = Vec::new();
        self.movement_actions(s, &mut all);
        out.extend(all.into_iter().filter(|a| match a {
            Action::Step { unit, alone, .. } => *unit == u && !alone,
            Action::Face { unit, .. }
            | Action::Wheel { unit, .. }
            | Action::ColumnTurn { unit, .. }
            | Action::Rearward { unit, .. }
            | Action::Sidle { unit, .. } => *unit == u,
            _ => false,
        }));
    }

    /// Every position `u` can reach now, cheapest first, each with the actions that reach it.
    pub fn reach(&self, s: &State, u: UnitId) -> Result<Vec<(Reached, Vec<Action>)>, Illegal> {
        let name = self.unit_name(u);
        let moving = s.phase == Phase::Activation
            && s.steps.is_empty()
            && s.activation
                .as_ref()
                .is_some_and(|a| a.segment == Segment::Movement);
        if !moving {
            return Err(Illegal::new(
                "11.0",
                format!(
                    "{name} cannot move now: movement happens in an activation's Movement Segment"
                ),
            ));
        }
        let Some(start) = s.unit(u).placed().copied() else {
            return Err(Illegal::new("11.0", format!("{name} is not on the map")));
        };
        let mut moves = Vec::new();
        self.own_moves(s, u, &mut moves);
        if moves.is_empty() {
            return Err(Illegal::new(
                "11.1",
                format!(
                    "{name} has no step or facing change open now (not activated, already moved, Routed, another unit's move under way, or no MP left)"
                ),
            ));
        }
        let base = self.spent_sixths(s, u);
        let mut nodes: Vec<Node> = alloc::vec![Node {
            state: s.clone(),
            placed: start,
            spent: base,
            actions: Vec::new(),
            path: alloc::vec![start.hex()],
            open: true,
        }];
        let mut events = Vec::new();
        // The cheapest position not yet searched from, each in turn.
        while let Some(i) = (0..nodes.len())
            .filter(|&i| nodes[i].open)
            .min_by_key(|&i| (nodes[i].spent, i))
        {
            nodes[i].open = false;
            // A dearer way to a position found more cheaply is not searched from.
            let (here, cost) = (nodes[i].placed, nodes[i].spent);
            if nodes.iter().any(|n| n.placed == here && n.spent < cost) || nodes.len() >= LIMIT {
                continue;
            }
            let from_state = nodes[i].state.clone();
            let from_actions = nodes[i].actions.clone();
            let from_path = nodes[i].path.clone();
            self.own_moves(&from_state, u, &mut moves);
            for a in moves.clone() {
                let mut next = from_state.clone();
                events.clear();
                if self.apply(&mut next, &a, &mut events).is_err() {
                    continue;
                }
                let Some(placed) = next.unit(u).placed().copied() else {
                    continue;
                };
                let spent = self.spent_sixths(&next, u);
                if nodes.iter().any(|n| n.placed == placed && n.spent <= spent) {
                    continue;
                }
                let mut actions = from_actions.clone();
                actions.push(a.clone());
                let mut path = from_path.clone();
                if path.last() != Some(&placed.hex()) {
                    path.push(placed.hex());
                }
                // The rules hand the decision to someone else, or the move is over: found, not
                // searched beyond.
                let open = next.steps.is_empty() && self.current_mover(&next) == Some(u);
                nodes.push(Node {
                    state: next,
                    placed,
                    spent,
                    actions,
                    path,
                    open,
                });
            }
        }
        // The cheapest way to each lead hex.
        let mut best: Vec<&Node> = Vec::new();
        for n in nodes.iter().skip(1) {
            match best.iter_mut().find(|b| b.placed.hex() == n.placed.hex()) {
                Some(b) if b.spent <= n.spent => {}
                Some(b) => *b = n,
                None => best.push(n),
            }
        }
        best.sort_by_key(|n| (n.spent, n.placed.hex()));
        Ok(best
            .into_iter()
            .map(|n| {
                (
                    Reached {
                        hex: n.placed.hex(),
                        facing: Some(n.placed.facing.index()),
                        also: n.placed.hexes.as_slice().iter().skip(1).copied().collect(),
                        cost: u32::from(n.spent - base),
                        path: n.path.clone(),
                    },
                    n.actions.clone(),
                )
            })
            .collect())
    }
}
