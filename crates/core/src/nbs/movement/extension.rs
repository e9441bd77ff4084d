//! Extensions (17.0–17.2, 6.5b, ERR-5): an infantry unit of B or better spreads into up to
//! two adjacent hexes. Each Extension is a pre-allocated counter (see [`crate::nbs::movement::skirmish`]):
//! an infantry unit whose `parent` is the unit it extends. It moves, faces, fires and checks
//! morale on its own; its fire level is its share of the parent's (17.1), its losses go to
//! the parent (17.2c), its morale rating and wrecked status are the parent's (17.0a).

use alloc::format;
use alloc::vec::Vec;

use crate::engine::Illegal;
use crate::nbs::Nbs;
use crate::nbs::event::{Event, PartChange};
use crate::nbs::state::{Phase, Place, State, UnitId};
use crate::nbs::types::{FireLevel, Formation, MoraleState, UnitKind};

impl Nbs {
    /// An Extension counter (17.0).
    pub(in crate::nbs) fn is_extension(&self, u: UnitId) -> bool {
        let i = &self.units[usize::from(u)];
        i.kind == UnitKind::Infantry && i.parent.is_some()
    }

    /// The parent's Extensions on the map, in index order.
    pub(in crate::nbs) fn extensions_out(&self, s: &State, parent: UnitId) -> Vec<UnitId> {
        self.pool(parent, |i| i.kind == UnitKind::Infantry)
            .filter(|&k| s.units[usize::from(k)].hex().is_some())
            .collect()
    }

    /// The unit whose loss chart a loss to `u` marks (17.2c: the unit as a whole).
    pub(in crate::nbs) fn loss_unit(&self, u: UnitId) -> UnitId {
        if self.is_extension(u) {
            self.parent_of(u).unwrap_or(u)
        } else {
            u
        }
    }

    /// The whole unit's fire level in C-units (6.6) and its Extensions on the map.
    fn whole_level(&self, s: &State, parent: UnitId) -> (u8, Vec<UnitId>) {
        let info = &self.units[usize::from(parent)];
        let st = &s.units[usize::from(parent)];
        let n = info
            .level_after(st.casualties.saturating_add(st.stragglers))
            .units();
        (n, self.extensions_out(s, parent))
    }

    /// 17.1, 6.5b: the whole level divided evenly, each Extension the largest level not above
    /// an equal share, the excess with the parent. `None` for a unit not extended.
    pub(in crate::nbs) fn part_level(&self, s: &State, u: UnitId) -> Option<FireLevel> {
        let info = &self.units[usize::from(u)];
        if info.kind != UnitKind::Infantry {
            return None;
        }
        let parent = match info.parent {
            Some(p) => p,
            None if info.parts.is_empty() => return None,
            None => u,
        };
        if parent != u && s.units[usize::from(u)].hex().is_none() {
            return Some(FireLevel::NONE);
        }
        let (n, exts) = self.whole_level(s, parent);
        if exts.is_empty() {
            return None;
        }
        let k = exts.len() as u8;
        let share = FireLevel::largest_at_most(n / (k + 1));
        Some(if parent == u {
            FireLevel(n.saturating_sub(k * share.units()))
        } else {
            share
        })
    }

    /// 17.0c, 17.1: whether `unit` may create an Extension now, and the counter to use.
    pub(in crate::nbs) fn extend_check(&self, s: &State, unit: UnitId) -> Result<UnitId, Illegal> {
        self.unit_ref(s, unit)?;
        let info = &self.units[usize::from(unit)];
        let st = &s.units[usize::from(unit)];
        if s.phase != Phase::Movement || info.side != self.phasing(s) || st.hex().is_none() {
            return Err(Illegal::new(
                "17.0c",
                format!(
                    "{} extends only in its own Movement Phase, on the map",
                    info.name
                ),
            ));
        }
        if info.kind != UnitKind::Infantry || info.parent.is_some() {
            return Err(Illegal::new(
                "17.1",
                format!(
                    "{} cannot extend: only infantry units do, and an Extension never extends",
                    info.name
                ),
            ));
        }
        if !matches!(st.formation, Formation::Line | Formation::Column)
            || st.morale == MoraleState::Routed
            || st.has(crate::nbs::state::flag::STOPPED)
        {
            return Err(Illegal::new(
                "17.0b",
                format!(
                    "{} must be in line or column, not routed or stopped, to extend",
                    info.name
                ),
            ));
        }
        let (n, exts) = self.whole_level(s, unit);
        let k = exts.len() as u8;
        // 17.1: every part keeps at least a C.
        if n < 2 || n < k + 2 {
            return Err(Illegal::new(
                "17.1",
                format!(
                    "{} ({}) cannot support another Extension: every part needs at least C",
                    info.name,
                    FireLevel(n)
                ),
            ));
        }
        let h = st.hex();
        if exts.iter().any(|&e| s.units[usize::from(e)].hex() == h) {
            return Err(Illegal::new(
                "17.1",
                format!(
                    "an Extension of {} is still in its hex: Extensions never stack together",
                    info.name
                ),
            ));
        }
        self.pool(unit, |i| i.kind == UnitKind::Infantry)
            .find(|&e| s.units[usize::from(e)].hex().is_none())
            .ok_or_else(|| {
                Illegal::new(
                    "17.1",
                    format!("{} already has every Extension it may have", info.name),
                )
            })
    }

    /// Creates the Extension `k` of `parent` in its hex with its facing, formation, morale
    /// and remaining MA (17.0b, 17.0c).
    pub(in crate::nbs) fn extend_do(
        &self,
        s: &mut State,
        parent: UnitId,
        k: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let p = s.units[usize::from(parent)].clone();
        let Some(h) = p.hex() else { return };
        let order = s.next_order;
        s.next_order = s.next_order.wrapping_add(1);
        let e = &mut s.units[usize::from(k)];
        e.place = Place::At(h);
        e.facing = p.facing;
        e.formation = p.formation;
        e.morale = p.morale;
        e.casualties = 0;
        e.stragglers = 0;
        e.skirmishers_out = 0;
        e.spent = p.spent;
        e.order = order;
        e.flags = p.flags & !crate::nbs::state::flag::SKIRMISHER_TOP;
        e.road = 0;
        ev.push(Event::Part {
            what: PartChange::Extended,
            unit: k,
            other: Some(parent),
            count: 0,
        });
    }

    /// 17.0: an Extension rejoins its parent from the parent's hex or an adjacent one.
    pub(in crate::nbs) fn absorb_check(&self, s: &State, unit: UnitId) -> Result<(), Illegal> {
        self.unit_ref(s, unit)?;
        let info = &self.units[usize::from(unit)];
        let st = &s.units[usize::from(unit)];
        let parent = info.parent.filter(|_| self.is_extension(unit));
        let (Some(p), Some(h)) = (parent, st.hex()) else {
            return Err(Illegal::new(
                "17.0",
                format!("{} is not an Extension on the map", info.name),
            ));
        };
        if s.phase != Phase::Movement || info.side != self.phasing(s) {
            return Err(Illegal::new(
                "17.0",
                format!("{} rejoins only in its own Movement Phase", info.name),
            ));
        }
        let ph = s.units[usize::from(p)].hex();
        if ph.is_none_or(|ph| ph.distance(h) > 1) {
            return Err(Illegal::new(
                "17.0",
                format!(
                    "{} must be in or next to {}'s hex to rejoin it",
                    info.name,
                    self.name(p)
                ),
            ));
        }
        Ok(())
    }

    /// Takes an Extension back into its parent; the parent's hex takes the worse morale
    /// state of the two (17.2a, 12.4).
    pub(in crate::nbs) fn absorb_do(
        &self,
        s: &mut State,
        unit: UnitId,
        what: PartChange,
        ev: &mut Vec<Event>,
    ) {
        let parent = self.parent_of(unit);
        let m = s.units[usize::from(unit)].morale;
        self.remove_part(s, unit);
        if let Some(p) = parent {
            if let Some(ph) = s.units[usize::from(p)].hex() {
                let worst = self.hex_morale(s, ph).max(m);
                if worst != self.hex_morale(s, ph) {
                    self.set_hex_morale(s, ph, worst);
                    ev.push(Event::MoraleChanged {
                        hex: ph,
                        state: worst,
                        rule: "17.2a".into(),
                    });
                }
            }
        }
        ev.push(Event::Part {
            what,
            unit,
            other: parent,
            count: 0,
        });
    }

    /// 17.0b, ERR-5: an Extension takes its parent's formation (line or column) or square; a
    /// parent's change is followed by its Extensions not in square ([`Self::extensions_follow`]).
    pub(in crate::nbs) fn part_formation_ok(&self, s: &State, u: UnitId, f: Formation) -> bool {
        if !self.is_extension(u) || f == Formation::Square {
            return true;
        }
        let Some(p) = self.parent_of(u) else {
            return true;
        };
        let pf = s.units[usize::from(p)].formation;
        pf == f || pf == Formation::Square
    }

    /// ERR-5: the parent's Extensions not in square take its new line or column formation.
    pub(in crate::nbs) fn extensions_follow(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let f = s.units[usize::from(u)].formation;
        if self.is_extension(u) || !matches!(f, Formation::Line | Formation::Column) {
            return;
        }
        for e in self.extensions_out(s, u) {
            let st = &mut s.units[usize::from(e)];
            if st.formation != f && st.formation != Formation::Square {
                st.formation = f;
                ev.push(Event::Formed {
                    unit: e,
                    formation: f,
                });
            }
        }
    }

    /// 17.0 at the end of the phasing player's Movement Phase: an Extension not adjacent to
    /// its parent rejoins it (the default chosen over refusing the end of the phase).
    pub(in crate::nbs) fn extensions_end_movement(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        for e in 0..s.units.len() as UnitId {
            if !self.is_extension(e) || self.units[usize::from(e)].side != side {
                continue;
            }
            let Some(h) = s.units[usize::from(e)].hex() else {
                continue;
            };
            let ph = self
                .parent_of(e)
                .and_then(|p| s.units[usize::from(p)].hex());
            if ph.is_none_or(|ph| ph.distance(h) != 1) {
                self.absorb_do(s, e, PartChange::Absorbed, ev);
            }
        }
    }

    /// 17.0: the Extensions of a parent that has left the map go with it at once, even while
    /// a sub-sequence is being resolved (a charge's morale check, a retreat).
    pub(in crate::nbs) fn drop_orphan_parts(&self, s: &mut State, ev: &mut Vec<Event>) {
        for p in 0..self.units.len() as UnitId {
            let info = &self.units[usize::from(p)];
            if info.kind != UnitKind::Infantry || info.parent.is_some() || info.parts.is_empty() {
                continue;
            }
            if s.units[usize::from(p)].hex().is_some() {
                continue;
            }
            for e in self.extensions_out(s, p) {
                self.absorb_do(s, e, PartChange::Unsupported, ev);
            }
        }
    }

    /// Keeps extended units whole after every action, once nothing is being resolved:
    /// a parent gone takes its Extensions (17.0); any part Routed collapses the whole into
    /// the parent's hex, Routed (17.2a); a unit too weak for its Extensions loses the last
    /// ones (17.2c); outside the owner's own Movement Phase an Extension cut off from its
    /// parent rejoins it and the parent's hex worsens one level (17.2b, provisional).
    pub(in crate::nbs) fn tidy_parts(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !s.tasks.is_empty() || s.over {
            return;
        }
        self.drop_orphan_parts(s, ev); // 17.0: a parent gone takes its Extensions
        for p in 0..self.units.len() as UnitId {
            let info = &self.units[usize::from(p)];
            if info.kind != UnitKind::Infantry || info.parent.is_some() || info.parts.is_empty() {
                continue;
            }
            let exts = self.extensions_out(s, p);
            let Some(ph) = s.units[usize::from(p)].hex() else {
                continue;
            };
            if exts.is_empty() {
                continue;
            }
            let routed = s.units[usize::from(p)].morale == MoraleState::Routed
                || exts
                    .iter()
                    .any(|&e| s.units[usize::from(e)].morale == MoraleState::Routed);
            if routed {
                for e in exts {
                    self.absorb_do(s, e, PartChange::Collapsed, ev);
                }
                if self.hex_morale(s, ph) != MoraleState::Routed {
                    self.set_hex_morale(s, ph, MoraleState::Routed);
                    ev.push(Event::MoraleChanged {
                        hex: ph,
                        state: MoraleState::Routed,
                        rule: "17.2a".into(),
                    });
                }
                continue;
            }
            let (n, mut exts) = self.whole_level(s, p);
            while !exts.is_empty() && n < exts.len() as u8 + 1 {
                if let Some(e) = exts.pop() {
                    self.absorb_do(s, e, PartChange::Unsupported, ev);
                }
            }
            let own_move = s.phase == Phase::Movement && info.side == self.phasing(s);
            if own_move {
                continue;
            }
            for e in exts {
                let Some(h) = s.units[usize::from(e)].hex() else {
                    continue;
                };
                if h.distance(ph) > 1 {
                    self.absorb_do(s, e, PartChange::Separated, ev);
                    let mut m = self.hex_morale(s, ph).worsened();
                    let mut rule = "17.2b";
                    // 11.6c: a square dragged by the retreat of its other part leaves
                    // Square for Column and is at least DG.
                    let squares: Vec<UnitId> = self
                        .combat_stack(s, ph)
                        .into_iter()
                        .filter(|&u| s.units[usize::from(u)].formation == Formation::Square)
                        .collect();
                    for &u in &squares {
                        s.units[usize::from(u)].formation = Formation::Column;
                        ev.push(Event::Formed {
                            unit: u,
                            formation: Formation::Column,
                        });
                    }
                    if !squares.is_empty() {
                        m = m.max(MoraleState::Disorganized);
                        rule = "11.6c";
                    }
                    self.set_hex_morale(s, ph, m);
                    ev.push(Event::MoraleChanged {
                        hex: ph,
                        state: m,
                        rule: rule.into(),
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Direction;
    use crate::nbs::tests::skirmish_kit::*;
    use crate::nbs::{Action, FRENCH};

    /// A printed French infantry unit whose chart reaches AB after some boxes.
    fn ab_unit(rules: &Nbs) -> (UnitId, u8) {
        for u in 0..rules.units.len() as UnitId {
            let i = &rules.units[usize::from(u)];
            if i.side != FRENCH || i.kind != UnitKind::Infantry || i.parent.is_some() {
                continue;
            }
            if i.parts.iter().filter(|&&k| rules.is_extension(k)).count() < 2 {
                continue;
            }
            if let Some(n) = (0..i.boxes).find(|&n| i.level_after(n) == FireLevel::AB) {
                return (u, n);
            }
        }
        panic!("no AB unit");
    }

    #[test]
    fn r17_1_t14_ab_with_two_extensions_is_b_b_b() {
        let (rules, mut s) = setup(FRENCH);
        let h = open_hex(&rules);
        let (p, filled) = ab_unit(&rules);
        put(&mut s, p, h, Formation::Line);
        s.units[usize::from(p)].casualties = filled;
        assert_eq!(rules.fire_level(&s, p), FireLevel::AB);
        let (n, ev) = act(&rules, &s, Action::Extend { unit: p }).unwrap();
        assert!(ev.iter().any(|e| e.rule_number() == "17.0c"));
        let e1 = rules.extensions_out(&n, p)[0];
        // AB with one Extension: A and B.
        assert_eq!(rules.fire_level(&n, p), FireLevel::A);
        assert_eq!(rules.fire_level(&n, e1), FireLevel::B);
        // Extensions never stack together: the first must leave the hex first.
        assert_eq!(
            act(&rules, &n, Action::Extend { unit: p })
                .unwrap_err()
                .rule,
            "17.1"
        );
        let (n, _) = act(
            &rules,
            &n,
            Action::Step {
                unit: e1,
                to: h.neighbor(Direction::ALL[1]),
            },
        )
        .unwrap();
        let (n, _) = act(&rules, &n, Action::Extend { unit: p }).unwrap();
        let exts = rules.extensions_out(&n, p);
        assert_eq!(exts.len(), 2);
        for u in [p, exts[0], exts[1]] {
            assert_eq!(rules.fire_level(&n, u), FireLevel::B, "T14: B, B, B");
        }
        // No third (17.1).
        assert!(act(&rules, &n, Action::Extend { unit: p }).is_err());
        // Same facing, remaining MA and formation as the parent (17.0b).
        let e2 = exts[1];
        assert_eq!(
            n.units[usize::from(e2)].facing,
            n.units[usize::from(p)].facing
        );
        assert_eq!(
            n.units[usize::from(e2)].spent,
            n.units[usize::from(p)].spent
        );
        assert_eq!(n.units[usize::from(e2)].formation, Formation::Line);
        // Stacking counts the shares (12.1): the parent's hex holds B + B.
        assert_eq!(rules.stack_load(&n, h, FRENCH).0, 4);
    }

    #[test]
    fn r17_1_b_unit_gives_c_and_c_and_c_cannot_extend() {
        assert_eq!(FireLevel::largest_at_most(1), FireLevel::C);
        let (rules, mut s) = setup(FRENCH);
        let h = open_hex(&rules);
        let (p, _) = ab_unit(&rules);
        let i = &rules.units[usize::from(p)];
        let b = (0..i.boxes)
            .find(|&n| i.level_after(n) == FireLevel::B)
            .unwrap();
        let c = (0..i.boxes)
            .find(|&n| i.level_after(n) == FireLevel::C)
            .unwrap();
        put(&mut s, p, h, Formation::Line);
        s.units[usize::from(p)].casualties = b;
        let (n, _) = act(&rules, &s, Action::Extend { unit: p }).unwrap();
        let e = rules.extensions_out(&n, p)[0];
        assert_eq!(rules.fire_level(&n, p), lvl(1));
        assert_eq!(rules.fire_level(&n, e), lvl(1));
        s.units[usize::from(p)].casualties = c;
        assert_eq!(
            act(&rules, &s, Action::Extend { unit: p })
                .unwrap_err()
                .rule,
            "17.1"
        );
    }

    #[test]
    fn r17_2c_losses_go_to_the_whole_and_unsupported_extensions_go() {
        let (rules, mut s) = setup(FRENCH);
        let h = open_hex(&rules);
        let (p, filled) = ab_unit(&rules);
        put(&mut s, p, h, Formation::Line);
        s.units[usize::from(p)].casualties = filled;
        let (n, _) = act(&rules, &s, Action::Extend { unit: p }).unwrap();
        let e = rules.extensions_out(&n, p)[0];
        let mut t = n.clone();
        t.units[usize::from(e)].place = Place::At(h.neighbor(Direction::ALL[0]));
        let mut ev = Vec::new();
        rules.add_losses(&mut t, e, 2, 0, &mut ev);
        assert_eq!(t.units[usize::from(e)].casualties, 0);
        assert_eq!(t.units[usize::from(p)].casualties, filled + 2);
        assert_eq!(t.casualty_track[FRENCH.index()], 2);
        // Down to C: it cannot support an Extension (17.2c).
        let i = &rules.units[usize::from(p)];
        let c = (0..i.boxes)
            .find(|&n| i.level_after(n) == FireLevel::C)
            .unwrap();
        t.units[usize::from(p)].casualties = c;
        rules.tidy_parts(&mut t, &mut ev);
        assert_eq!(t.units[usize::from(e)].place, Place::Off);
        assert_eq!(rules.fire_level(&t, p), FireLevel::C);
    }

    #[test]
    fn r17_0_extension_not_adjacent_at_end_of_movement_rejoins() {
        let (rules, mut s) = setup(FRENCH);
        let h = open_hex(&rules);
        let (p, _) = ab_unit(&rules);
        put(&mut s, p, h, Formation::Line);
        let (n, _) = act(&rules, &s, Action::Extend { unit: p }).unwrap();
        let e = rules.extensions_out(&n, p)[0];
        let d = Direction::ALL[0];
        // Adjacent: it stays.
        let mut ok = n.clone();
        ok.units[usize::from(e)].place = Place::At(h.neighbor(d));
        let (m, _) = act(&rules, &ok, Action::EndMovement).unwrap();
        assert_eq!(m.units[usize::from(e)].place, Place::At(h.neighbor(d)));
        // Two hexes away: absorbed (17.0).
        let mut far = n.clone();
        far.units[usize::from(e)].place = Place::At(h.neighbor(d).neighbor(d));
        let (m, ev) = act(&rules, &far, Action::EndMovement).unwrap();
        assert_eq!(m.units[usize::from(e)].place, Place::Off);
        assert!(ev.iter().any(|x| x.rule_number() == "17.0"));
        // Absorb by hand from next door.
        let (m, _) = act(&rules, &ok, Action::Absorb { unit: e }).unwrap();
        assert_eq!(m.units[usize::from(e)].place, Place::Off);
        assert_eq!(
            act(&rules, &far, Action::Absorb { unit: e })
                .unwrap_err()
                .rule,
            "17.0"
        );
    }

    #[test]
    fn r17_2a_a_routed_part_collapses_the_whole() {
        let (rules, mut s) = setup(FRENCH);
        let h = open_hex(&rules);
        let (p, _) = ab_unit(&rules);
        put(&mut s, p, h, Formation::Line);
        let (mut n, _) = act(&rules, &s, Action::Extend { unit: p }).unwrap();
        let e = rules.extensions_out(&n, p)[0];
        n.units[usize::from(e)].place = Place::At(h.neighbor(Direction::ALL[0]));
        n.units[usize::from(e)].morale = MoraleState::Routed;
        let mut ev = Vec::new();
        rules.tidy_parts(&mut n, &mut ev);
        assert_eq!(n.units[usize::from(e)].place, Place::Off);
        assert_eq!(n.units[usize::from(p)].morale, MoraleState::Routed);
    }

    /// 11.6c: an Extension forced away by a retreat drags its parent; a parent in Square
    /// so dragged leaves Square for Column and becomes DG (17.2b alone would leave it
    /// Shaken and in Square).
    #[test]
    fn r11_6c_a_square_dragged_by_its_extension_forms_column_and_is_dg() {
        let (rules, mut s) = setup(FRENCH);
        let h = open_hex(&rules);
        let (p, _) = ab_unit(&rules);
        put(&mut s, p, h, Formation::Line);
        let (mut n, _) = act(&rules, &s, Action::Extend { unit: p }).unwrap();
        let e = rules.extensions_out(&n, p)[0];
        let d = Direction::ALL[0];
        n.units[usize::from(p)].formation = Formation::Square;
        // The Extension retreated two hexes away, outside its own Movement Phase.
        n.units[usize::from(e)].place = Place::At(h.neighbor(d).neighbor(d));
        n.phase = Phase::Rally;
        let plain = {
            let mut x = n.clone();
            x.units[usize::from(p)].formation = Formation::Line;
            let mut ev = Vec::new();
            rules.tidy_parts(&mut x, &mut ev);
            x
        };
        assert_eq!(
            plain.units[usize::from(p)].morale,
            MoraleState::Shaken,
            "17.2b"
        );
        let mut ev = Vec::new();
        rules.tidy_parts(&mut n, &mut ev);
        assert_eq!(n.units[usize::from(e)].place, Place::Off);
        assert_eq!(n.units[usize::from(p)].formation, Formation::Column);
        assert_eq!(n.units[usize::from(p)].morale, MoraleState::Disorganized);
        assert!(ev.iter().any(|x| x.rule_number() == "11.6c"));
    }

    #[test]
    fn err5_extensions_follow_the_parents_formation_but_square_alone() {
        let (rules, mut s) = setup(FRENCH);
        let h = open_hex(&rules);
        let (p, _) = ab_unit(&rules);
        put(&mut s, p, h, Formation::Line);
        let (n, _) = act(&rules, &s, Action::Extend { unit: p }).unwrap();
        let e = rules.extensions_out(&n, p)[0];
        assert!(!rules.part_formation_ok(&n, e, Formation::Column));
        assert!(rules.part_formation_ok(&n, e, Formation::Square));
        let (m, _) = act(
            &rules,
            &n,
            Action::Form {
                unit: p,
                formation: Formation::Column,
            },
        )
        .unwrap();
        assert_eq!(m.units[usize::from(e)].formation, Formation::Column);
        // 17.0a: the parent's wrecked status.
        let mut w = n.clone();
        w.units[usize::from(p)].casualties = rules.units[usize::from(p)].wreck_boxes;
        assert!(rules.wrecked(&w, e));
    }
}
