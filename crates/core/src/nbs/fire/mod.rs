//! Fire combat (20.0–20.6, 12.3, 27.2–27.3): who may fire at what, fire points, the Fire
//! Table modifiers, the Fire Combat Table, losses on the loss chart with stragglers (21.0),
//! wrecked brigades (20.6a), leader casualties (20.4d, 26.4) and the morale check that
//! follows (20.4a).

pub mod los;
pub(super) mod sight;
mod skirmish;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::board::{Terrain, arc, side as hs};
use super::event::Event;
use super::state::{CheckKind, FireDecl, Phase, Place, Role, State, Task, UnitId, flag};
use super::tables::{FireMod, FireResult, Part, Range, SmallArms};
use super::types::{FacingMode, Formation, Fp, GunWeight, MoraleState, Seq66, UnitKind};
use super::units::Nation;
use super::{Action, Nbs};
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

impl Nbs {
    /// The side firing in the current fire segment.
    pub(super) fn firing_side(&self, s: &State) -> Side {
        let p = self.phasing(s);
        if s.phase == Phase::DefensiveFire {
            p.other()
        } else {
            p
        }
    }

    /// Whether `f` could fire at `target` (20.1, 20.2, 13.2d, 19.x, ERR-11); `close` for
    /// close-combat fire, where range, arc and sight do not apply (23.1h).
    pub(super) fn may_fire(
        &self,
        s: &State,
        f: UnitId,
        target: Hex,
        close: bool,
    ) -> Result<(), Illegal> {
        let info = &self.units[usize::from(f)];
        let st = &s.units[usize::from(f)];
        let Some(h) = st.hex() else {
            return Err(Illegal::new(
                "20.2",
                format!("{} is not on the map", info.name),
            ));
        };
        if st.morale == MoraleState::Routed {
            return Err(Illegal::new(
                "25.1a",
                format!("{} is routed and cannot fire", info.name),
            ));
        }
        match info.kind {
            UnitKind::Infantry => {
                if !matches!(
                    st.formation,
                    Formation::Line | Formation::Column | Formation::Square
                ) {
                    return Err(Illegal::new(
                        "11.3",
                        format!("{} has no fire in its formation", info.name),
                    ));
                }
                if self.fire_level(s, f).units() == 0 {
                    return Err(Illegal::new(
                        "20.1",
                        format!("{} has no fire level left", info.name),
                    ));
                }
            }
            UnitKind::Artillery => {
                if st.formation != Formation::Unlimbered {
                    return Err(Illegal::new(
                        "11.3",
                        format!("{} is limbered and cannot fire", info.name),
                    ));
                }
                if self.gun_points(s, f) == 0 {
                    return Err(Illegal::new(
                        "27.2",
                        format!("{} has no gun points left", info.name),
                    ));
                }
            }
            UnitKind::Skirmisher => {}
            _ => {
                return Err(Illegal::new(
                    "24.0",
                    format!(
                        "{} does not fire (cavalry attacks only in charges; leaders never fire)",
                        info.name
                    ),
                ));
            }
        }
        self.skirmisher_fire_check(s, f)?; // 11.5h C
        if close {
            return Ok(());
        }
        if self.fire_left(s, f) == 0 {
            return Err(Illegal::new(
                "20.2b",
                format!("{} has fired all its fire this phase", info.name),
            ));
        }
        let range = h.distance(target);
        let max = if info.kind == UnitKind::Artillery {
            8
        } else {
            1
        };
        if range == 0 || range > max {
            return Err(Illegal::new(
                "20.2c",
                format!(
                    "{} is {range} hexes from {}: the range is {max}",
                    info.name,
                    self.label(target)
                ),
            ));
        }
        let front = match self.facing_mode(s, f) {
            FacingMode::AllFrontal => true,
            FacingMode::Standard => arc::in_front(h, st.facing, target),
            _ => false,
        };
        if !front {
            return Err(Illegal::new(
                "13.2d",
                format!("{} is not in {}'s front", self.label(target), info.name),
            ));
        }
        if !self.clear_los(s, h, target) {
            return Err(Illegal::new(
                "19.2",
                format!(
                    "{} has no line of sight to {}",
                    info.name,
                    self.label(target)
                ),
            ));
        }
        if !self.visible(s, h, target) {
            return Err(Illegal::new(
                "19.4",
                format!(
                    "{} is beyond the visibility of this turn",
                    self.label(target)
                ),
            ));
        }
        if let Some(over) = self.friendly_in_line(s, h, target, info.side) {
            return Err(Illegal::new(
                "ERR-11",
                format!(
                    "{} would fire over friendly units at {}",
                    info.name,
                    self.label(over)
                ),
            ));
        }
        // ERR-12: artillery sees through skirmishers but does not fire through an enemy
        // skirmisher next to it.
        if info.kind == UnitKind::Artillery {
            let enemy_skirmisher = |n: Hex| {
                s.units.iter().zip(&self.units).any(|(x, i)| {
                    x.place == Place::At(n) && i.side != info.side && i.kind == UnitKind::Skirmisher
                })
            };
            if let Some(n) = super::fire::los::artillery_screen(enemy_skirmisher, h, target) {
                return Err(Illegal::new(
                    "ERR-12",
                    format!(
                        "{} may not fire through the enemy skirmisher next to it at {}",
                        info.name,
                        self.label(n)
                    ),
                ));
            }
        }
        // 12.3, 20.2a: out of one hex, at most one A of infantry and 5 GP fire in a phase,
        // however they are split among targets.
        if self.hex_fire_left(s, f, None) == 0 {
            return Err(Illegal::new(
                "20.2a",
                format!(
                    "the {:?} of {} has fired its limit this phase (one A of infantry, 5 gun points)",
                    info.kind,
                    self.label(h)
                ),
            ));
        }
        Ok(())
    }

    /// Fire `u` has left this Fire Phase (20.2b, 20.2e): C-units of fire level for infantry,
    /// gun points for artillery; a skirmisher fires whole, once (1 or 0).
    pub(super) fn fire_left(&self, s: &State, u: UnitId) -> u8 {
        let st = &s.units[usize::from(u)];
        match self.units[usize::from(u)].kind {
            UnitKind::Infantry => self.fire_level(s, u).units().saturating_sub(st.fire_used),
            UnitKind::Artillery => self.gun_points(s, u).saturating_sub(st.fire_used),
            UnitKind::Skirmisher => u8::from(!st.has(flag::FIRED)),
            _ => 0,
        }
    }

    /// What the hex of `f` may still fire this phase for units of `f`'s kind and side
    /// (20.2a, 12.3): one A (4 C-units) of infantry or 5 gun points, less what has fired
    /// already and what `decl` already takes from that hex. Skirmishers are limited by
    /// 11.5h C instead (`skirmisher_fire_check`).
    pub(super) fn hex_fire_left(&self, s: &State, f: UnitId, decl: Option<&FireDecl>) -> u8 {
        let info = &self.units[usize::from(f)];
        let Some(h) = s.units[usize::from(f)].hex() else {
            return 0;
        };
        let cap: u8 = match info.kind {
            UnitKind::Infantry => 4,
            UnitKind::Artillery => 5,
            UnitKind::Skirmisher => return 1,
            _ => return 0,
        };
        let mut used: u8 = 0;
        for (i, x) in s.units.iter().enumerate() {
            let xi = &self.units[i];
            if x.place == Place::At(h) && xi.kind == info.kind && xi.side == info.side {
                used = used.saturating_add(x.fire_used);
            }
        }
        if let Some(d) = decl {
            for &x in &d.firers {
                if s.units[usize::from(x)].hex() == Some(h)
                    && self.units[usize::from(x)].kind == info.kind
                {
                    used = used.saturating_add(self.share_of(s, d, x));
                }
            }
        }
        cap.saturating_sub(used)
    }

    /// What `f` fires in `d`: its recorded share (20.2e) or, for close combat, charge and
    /// opportunity fire, its whole fire level or gun points.
    pub(super) fn share_of(&self, s: &State, d: &FireDecl, f: UnitId) -> u8 {
        if let Some(&(_, n)) = d.shares.iter().find(|x| x.0 == f) {
            return n;
        }
        match self.units[usize::from(f)].kind {
            UnitKind::Infantry => self.fire_level(s, f).units(),
            UnitKind::Artillery => self.gun_points(s, f),
            _ => 0,
        }
    }

    /// The most `f` may add to `d` now (20.2a, 20.2b, 20.2e): what it has left, within what
    /// its hex has left.
    fn max_share(&self, s: &State, d: &FireDecl, f: UnitId) -> u8 {
        self.fire_left(s, f).min(self.hex_fire_left(s, f, Some(d)))
    }

    /// Fire points of a declaration (20.1, 27.3, 12.3): infantry by formation, range and fire
    /// level, capped at one A per hex; artillery gun points totalled by weight per hex, at most
    /// five; disorganized firers' points halved and rounded down; selective fire at a battery
    /// not on top halved (20.2g).
    pub(super) fn fire_points(&self, s: &State, d: &FireDecl) -> Fp {
        let mut hexes: Vec<Hex> = d
            .firers
            .iter()
            .filter_map(|&f| s.units[usize::from(f)].hex())
            .collect();
        hexes.sort();
        hexes.dedup();
        let (mut good, mut dg) = (Fp::ZERO, Fp::ZERO);
        for h in hexes {
            let mut inf_cap: u8 = 4;
            let mut gp = [0u8; 2];
            let mut gp_dg = [0u8; 2];
            for &f in &d.firers {
                let st = &s.units[usize::from(f)];
                if st.hex() != Some(h) {
                    continue;
                }
                let info = &self.units[usize::from(f)];
                let is_dg = st.morale == MoraleState::Disorganized;
                match info.kind {
                    UnitKind::Infantry => {
                        let lvl = self.share_of(s, d, f).min(inf_cap);
                        inf_cap -= lvl;
                        let row = match (st.formation, info.nation) {
                            (Formation::Square, _) => SmallArms::Square,
                            (Formation::Column, Nation::French) => SmallArms::FrenchColumn,
                            (Formation::Column, _) => SmallArms::Column,
                            _ => SmallArms::Line,
                        };
                        let range = if d.close {
                            Range::CloseCombat
                        } else {
                            Range::OneHex
                        };
                        let (a, b, c) = super::types::FireLevel(lvl).parts();
                        let mut fp = Fp::ZERO;
                        for _ in 0..a {
                            fp += self.tables.small_arms_fp(row, range, Part::A);
                        }
                        for _ in 0..b {
                            fp += self.tables.small_arms_fp(row, range, Part::B);
                        }
                        for _ in 0..c {
                            fp += self.tables.small_arms_fp(row, range, Part::C);
                        }
                        if is_dg { dg += fp } else { good += fp }
                    }
                    UnitKind::Artillery => {
                        let w = usize::from(info.weight == GunWeight::Heavy);
                        let room = 5u8.saturating_sub(gp[0] + gp[1] + gp_dg[0] + gp_dg[1]);
                        let g = self.share_of(s, d, f).min(room);
                        if is_dg { gp_dg[w] += g } else { gp[w] += g }
                    }
                    UnitKind::Skirmisher => {
                        let fp = self.skirmisher_fire_points(s, f, d.close);
                        if is_dg { dg += fp } else { good += fp }
                    }
                    _ => {}
                }
            }
            let range = if d.close {
                0
            } else {
                h.distance(d.target).min(8) as u8
            };
            for (w, weight) in [(0usize, GunWeight::Light), (1, GunWeight::Heavy)] {
                let mut art = Fp::ZERO;
                if gp[w] > 0 {
                    art = self.tables.artillery_fp(weight, gp[w], range);
                }
                let mut art_dg = Fp::ZERO;
                if gp_dg[w] > 0 {
                    art_dg = self.tables.artillery_fp(weight, gp_dg[w], range);
                }
                if d.at_artillery.is_some_and(|b| !self.on_top(s, b)) {
                    art = Fp(art.0 / 2);
                    art_dg = Fp(art_dg.0 / 2);
                }
                good += art;
                dg += art_dg;
            }
        }
        good + dg.halved_down()
    }

    fn on_top(&self, s: &State, u: UnitId) -> bool {
        s.units[usize::from(u)]
            .hex()
            .and_then(|h| self.combat_stack(s, h).first().copied())
            == Some(u)
    }

    /// The unit a fire combat strikes (12.3): the battery picked out, or the top unit.
    pub(super) fn fire_target_unit(&self, s: &State, d: &FireDecl) -> Option<UnitId> {
        d.at_artillery
            .or_else(|| self.combat_stack(s, d.target).first().copied())
    }

    /// Whether the fire strikes the target's flank (13.0b): a non-skirmisher firer's hex
    /// outside the target's front.
    pub(super) fn flank_fire(&self, s: &State, d: &FireDecl) -> bool {
        let Some(t) = self.fire_target_unit(s, d) else {
            return false;
        };
        let st = &s.units[usize::from(t)];
        let mode = self.facing_mode(s, t);
        d.firers.iter().any(|&f| {
            let Some(fh) = s.units[usize::from(f)].hex() else {
                return false;
            };
            // 11.5b, 13.0b: skirmisher fire never makes a flank shot.
            if fh == d.target || self.units[usize::from(f)].kind == UnitKind::Skirmisher {
                return false;
            }
            match mode {
                FacingMode::AllFrontal => false,
                FacingMode::AllFlank => true,
                FacingMode::Standard => !arc::in_front(d.target, st.facing, fh),
                FacingMode::None => false,
            }
        })
    }

    /// The Fire Table modifier lines that apply (20.3); [`super::tables::Tables::fire_modifier_total`]
    /// counts each printed line once (20.3b). `attack_from` is the attacker's hex when the
    /// fire is the defender's in a close combat entered through its flank (23.1i).
    pub(super) fn fire_mods(
        &self,
        s: &State,
        d: &FireDecl,
        defender_flanked: bool,
    ) -> Vec<FireMod> {
        let mut mods = Vec::new();
        let Some(t) = self.fire_target_unit(s, d) else {
            return mods;
        };
        let tst = &s.units[usize::from(t)];
        let tinfo = &self.units[usize::from(t)];
        if tst.formation == Formation::Square || self.sheltered_in_square(s, t) {
            mods.push(FireMod::TargetSquare); // 11.6d: protected artillery and skirmishers
        }
        if tst.formation == Formation::Column {
            mods.push(FireMod::TargetColumn);
        }
        if tinfo.kind == UnitKind::Cavalry {
            mods.push(FireMod::TargetCavalry);
        }
        // Massed: AA or more in the target hex.
        let (c, _, _) = self.stack_load(s, d.target, tinfo.side);
        if c >= 8 {
            mods.push(FireMod::TargetMassed);
        }
        if tst.formation == Formation::Limbered {
            mods.push(FireMod::TargetLimbered);
        }
        match tst.morale {
            MoraleState::Disorganized => mods.push(FireMod::TargetDisorganized),
            MoraleState::Routed => mods.push(FireMod::TargetRouted),
            _ => {}
        }
        if self.turn_info(s.turn).night {
            mods.push(FireMod::Night);
        }
        if d.close {
            if defender_flanked {
                mods.push(FireMod::DefenderFlankInCloseCombat);
            }
        } else if self.flank_fire(s, d) {
            mods.push(FireMod::Flank);
        }
        // Terrain of the target hex; in a close combat only on fire at the defender.
        if !d.close || !defender_flanked && d.target != d.from {
            let hi = self.board.hex(d.target);
            let only_skirmishers = self
                .combat_stack(s, d.target)
                .iter()
                .all(|&u| self.units[usize::from(u)].kind == UnitKind::Skirmisher);
            if hi.special {
                // AUS 1.0c: trench protection (a Line or skirmisher target).
                if tst.formation == Formation::Line || tinfo.kind == UnitKind::Skirmisher {
                    mods.push(FireMod::SunkenRoadOrTrench);
                }
            } else {
                match hi.terrain {
                    Terrain::Town | Terrain::WalledFarm => mods.push(if only_skirmishers {
                        FireMod::TargetSkirmisherOnlyInProtectedTerrain
                    } else {
                        FireMod::TargetProtectedTerrain
                    }),
                    Terrain::Redoubt => mods.push(FireMod::Redoubt),
                    Terrain::Forest if only_skirmishers => {
                        mods.push(FireMod::TargetSkirmisherOnlyInForest)
                    }
                    _ if only_skirmishers => mods.push(FireMod::TargetSkirmisherOnly),
                    _ => {}
                }
            }
            // 20.3c: up slopes count only if every fire comes into the target hex across a
            // slope or extreme slope hexside, uphill: adjacent, the side between the hexes;
            // at range, every side where the traced line enters the target (two when it
            // runs along a side or meets a corner), each climbing into the target, and the
            // target higher than the firer (fire from higher ground is not up-slope fire).
            let tlevel = self.board.hex(d.target).level;
            let climbs = |dir: crate::hex::Direction| {
                self.board.side(d.target, dir) & (hs::SLOPE | hs::EXTREME_SLOPE) != 0
                    && tlevel > self.board.hex(d.target.neighbor(dir)).level
            };
            // Cheap test first: a target with no slope climbing into it has no benefit.
            let up = crate::hex::Direction::ALL.into_iter().any(climbs)
                && d.firers.iter().all(|&f| {
                    s.units[usize::from(f)].hex().is_some_and(|fh| {
                        let entries = super::fire::los::entry_neighbours(fh, d.target);
                        tlevel > self.board.hex(fh).level
                            && !entries.is_empty()
                            && entries
                                .iter()
                                .all(|&n| d.target.direction_to(n).is_some_and(climbs))
                    })
                });
            if up && !d.firers.is_empty() {
                mods.push(FireMod::UpSlope);
            }
            // 20.3a, 20.3c: a Line or skirmisher target behind sunken road hexsides, when
            // every fire comes in across one (the trench of AUS 1.0c already counts).
            if !hi.special
                && (tst.formation == Formation::Line || tinfo.kind == UnitKind::Skirmisher)
                && !d.firers.is_empty()
                && d.firers.iter().all(|&f| {
                    s.units[usize::from(f)].hex().is_some_and(|fh| {
                        let entries = super::fire::los::entry_neighbours(fh, d.target);
                        !entries.is_empty()
                            && entries.iter().all(|&n| {
                                d.target.direction_to(n).is_some_and(|dir| {
                                    self.board.side(d.target, dir) & hs::SUNKEN_ROAD != 0
                                })
                            })
                    })
                })
            {
                mods.push(FireMod::SunkenRoadOrTrench);
            }
        }
        mods
    }

    /// Fire-phase actions.
    pub(super) fn fire_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = self.firing_side(s);
        let mut targets: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| {
                // 26.0: a hex holding only leaders may be fired at, for leader casualties.
                let i = &self.units[*i];
                i.side != side && (i.combat() || i.kind == UnitKind::Leader) && u.hex().is_some()
            })
            .filter_map(|(_, u)| u.hex())
            .collect();
        targets.sort();
        targets.dedup();
        // Who may fire, where, and how far (20.2c: artillery 8 hexes, infantry 1).
        let firers: Vec<(UnitId, Hex, u32)> = (0..s.units.len() as UnitId)
            .filter_map(|f| {
                let i = &self.units[usize::from(f)];
                let st = &s.units[usize::from(f)];
                let max = match i.kind {
                    UnitKind::Artillery => 8,
                    UnitKind::Infantry => 1,
                    _ => return None,
                };
                (i.side == side && self.fire_left(s, f) > 0)
                    .then(|| st.hex().map(|h| (f, h, max)))
                    .flatten()
            })
            .collect();
        for t in targets {
            let any = |art: bool| {
                firers.iter().any(|&(f, h, max)| {
                    // 20.2c range first: most pairs are far apart, and may_fire names why.
                    let range = h.distance(t);
                    range != 0
                        && range <= max
                        && (!art || self.units[usize::from(f)].kind == UnitKind::Artillery)
                        && self.may_fire(s, f, t, false).is_ok()
                })
            };
            let stack = self.combat_stack(s, t);
            // 26.0: in a hex of leaders only, the leaders carry the "fired at" mark (20.2d).
            let marked = if stack.is_empty() {
                self.stack(s, t)
            } else {
                stack.clone()
            };
            let targeted_top = marked
                .iter()
                .any(|&u| s.units[usize::from(u)].has(flag::TARGETED_TOP));
            let targeted_art = stack
                .iter()
                .any(|&u| s.units[usize::from(u)].has(flag::TARGETED_ART));
            let top_is_art = stack
                .first()
                .is_some_and(|&u| self.units[usize::from(u)].kind == UnitKind::Artillery);
            if !targeted_top && !top_is_art && any(false) {
                out.push(Action::Target {
                    hex: t,
                    artillery: None,
                });
            }
            if !targeted_art {
                for &u in &stack {
                    // 12.3: a battery on top is the hex's target for any firer; one
                    // lower down is picked out by artillery only (20.2g).
                    if self.units[usize::from(u)].kind == UnitKind::Artillery && any(u != stack[0])
                    {
                        out.push(Action::Target {
                            hex: t,
                            artillery: Some(u),
                        });
                    }
                }
            }
        }
        out.push(Action::EndFire);
    }

    /// Applies a fire-phase action.
    pub(super) fn fire_action(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::EndFire => {
                self.next_phase(s, ev);
                Ok(())
            }
            Action::Target { hex, artillery } => {
                let mut legal = Vec::new();
                self.fire_actions(s, &mut legal);
                if !legal.contains(a) {
                    return Err(Illegal::new(
                        "20.2d",
                        format!(
                            "{} cannot be targeted that way now: no eligible firer, or the hex was already fired at (each hex at most once at its artillery and once at its top unit)",
                            self.label(*hex)
                        ),
                    ));
                }
                let mut stack = self.combat_stack(s, *hex);
                if stack.is_empty() {
                    stack = self.stack(s, *hex); // 26.0: leaders only
                }
                let bit = if artillery.is_some() {
                    flag::TARGETED_ART
                } else {
                    flag::TARGETED_TOP
                };
                for u in stack {
                    s.units[usize::from(u)].flags |= bit;
                }
                s.tasks.push(Task::Declaring(FireDecl {
                    target: *hex,
                    at_artillery: *artillery,
                    firers: Vec::new(),
                    shares: Vec::new(),
                    close: false,
                    opportunity: false,
                    from: *hex,
                }));
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    /// Actions while a fire combat is being declared.
    pub(super) fn declaring_actions(&self, s: &State, d: &FireDecl, out: &mut Vec<Action>) {
        let side = self.firing_side(s);
        for f in 0..s.units.len() as UnitId {
            let i = &self.units[usize::from(f)];
            if i.side != side || d.firers.contains(&f) {
                continue;
            }
            if d.at_artillery.is_some_and(|b| !self.on_top(s, b)) && i.kind != UnitKind::Artillery {
                continue;
            }
            if self.may_fire(s, f, d.target, false).is_err() {
                continue;
            }
            let max = self.max_share(s, d, f);
            if max == 0 {
                continue;
            }
            out.push(Action::AddFirer {
                unit: f,
                share: None,
            });
            // 20.2e: a part of the fire, the rest kept for other targets.
            if i.kind != UnitKind::Skirmisher {
                for n in 1..max {
                    out.push(Action::AddFirer {
                        unit: f,
                        share: Some(n),
                    });
                }
            }
        }
        if !d.firers.is_empty() {
            out.push(Action::Resolve);
        }
    }

    /// What a split share counts (20.2e): C-units of fire level or gun points.
    fn share_unit(&self, u: UnitId) -> &'static str {
        if self.units[usize::from(u)].kind == UnitKind::Artillery {
            "gun points"
        } else {
            "C-units of fire level: C 1, B 2, A 4"
        }
    }

    /// A declaration's action.
    pub(super) fn declaring_action(
        &self,
        s: &mut State,
        mut d: FireDecl,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::AddFirer { unit, share } => {
                self.unit_ref(s, *unit)?;
                if self.units[usize::from(*unit)].side != self.firing_side(s) {
                    return Err(Illegal::new(
                        "20.0",
                        format!("{} is not the firing player's", self.name(*unit)),
                    ));
                }
                if d.firers.contains(unit) {
                    return Err(Illegal::new(
                        "20.2b",
                        format!("{} already fires in this combat", self.name(*unit)),
                    ));
                }
                self.may_fire(s, *unit, d.target, false)?;
                let max = self.max_share(s, &d, *unit);
                if max == 0 {
                    return Err(Illegal::new(
                        "20.2a",
                        format!(
                            "the hex of {} already fires its limit (one A of infantry, 5 gun points)",
                            self.name(*unit)
                        ),
                    ));
                }
                let n = match *share {
                    None => max,
                    Some(_) if self.units[usize::from(*unit)].kind == UnitKind::Skirmisher => {
                        return Err(Illegal::new(
                            "20.2e",
                            format!(
                                "{} is a skirmisher: it has no fire level to split",
                                self.name(*unit)
                            ),
                        ));
                    }
                    Some(n) if n == 0 || n > max => {
                        return Err(Illegal::new(
                            "20.2e",
                            format!(
                                "{} may fire a part of 1 to {max} ({}) here, not {n}",
                                self.name(*unit),
                                self.share_unit(*unit)
                            ),
                        ));
                    }
                    Some(n) => n,
                };
                d.firers.push(*unit);
                if self.units[usize::from(*unit)].kind != UnitKind::Skirmisher {
                    d.shares.push((*unit, n));
                }
                s.tasks.pop();
                s.tasks.push(Task::Declaring(d));
                Ok(())
            }
            Action::Resolve => {
                if d.firers.is_empty() {
                    return Err(Illegal::new(
                        "20.2",
                        "a fire combat needs at least one firer",
                    ));
                }
                s.tasks.pop();
                self.open_fire(s, d, None, ev);
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    /// The Fire Table column of a fire point total moved by the modifier total (20.0, 20.2f);
    /// `None` for no fire points. A fraction takes the "Less than 1" column and is shifted from
    /// there; under the reading `nbs-20.2f-modifiers-first` a total that rounds to zero is
    /// shifted from zero instead, the ends of the table still holding (20.0).
    pub(crate) fn fire_table_column(&self, fp: Fp, shift: i16) -> Option<u8> {
        let base = self.tables.fire_column(fp)?;
        if self.fraction_modifiers_first && fp.rounded() == 0 {
            return Some(self.tables.shift_fire_column(0, shift));
        }
        Some(self.tables.shift_fire_column(base, shift))
    }

    /// Marks the firers, totals the fire and pushes the roll (or, for no fire points, nothing:
    /// 20.2f).
    pub(super) fn open_fire(
        &self,
        s: &mut State,
        mut d: FireDecl,
        attack_from: Option<Hex>,
        ev: &mut Vec<Event>,
    ) {
        if d.from == d.target {
            if let Some(h) = d
                .firers
                .first()
                .and_then(|&f| s.units[usize::from(f)].hex())
            {
                d.from = h;
            }
        }
        for &f in &d.firers {
            let st = &mut s.units[usize::from(f)];
            // 20.2b: fire in a close combat or by opportunity does not use the phase's fire.
            if !d.close && !d.opportunity {
                st.flags |= flag::FIRED;
                if let Some(&(_, n)) = d.shares.iter().find(|x| x.0 == f) {
                    st.fire_used = st.fire_used.saturating_add(n);
                }
            }
            st.flags |= flag::FIRED_OR_FIRED_ON;
        }
        for u in self.combat_stack(s, d.target) {
            s.units[usize::from(u)].flags |= flag::FIRED_OR_FIRED_ON;
        }
        let fp = self.fire_points(s, &d);
        let mods = self.fire_mods(s, &d, attack_from.is_some());
        let shift = self.tables.fire_modifier_total(&mods);
        let Some(column) = self.fire_table_column(fp, shift) else {
            ev.push(Event::FireDeclared {
                target: d.target,
                firers: d.firers.clone(),
                fire_points: fp.0,
                shift,
                column: 0,
            });
            ev.push(Event::FireResult {
                target: d.target,
                roll: 0,
                result: String::from("no fire points: no effect (20.2f)"),
            });
            return;
        };
        ev.push(Event::FireDeclared {
            target: d.target,
            firers: d.firers.clone(),
            fire_points: fp.0,
            shift,
            column,
        });
        s.tasks.push(Task::FireRoll { decl: d, column });
    }

    /// The Fire Combat Table roll (20.4).
    pub(super) fn resolve_fire(
        &self,
        s: &mut State,
        d: FireDecl,
        column: u8,
        roll: Seq66,
        ev: &mut Vec<Event>,
    ) {
        let result = self.tables.fire_result(column, roll);
        self.note_fired_on(s, &d);
        ev.push(Event::FireResult {
            target: d.target,
            roll: roll.value(),
            result: format!("{result:?}"),
        });
        let side = self.units[usize::from(d.firers.first().copied().unwrap_or(0))].side;
        let target_side = side.other();
        let flank = !d.close && self.flank_fire(s, &d);
        let mut check: Option<i16> = None;
        match result {
            FireResult::NoEffect => {}
            FireResult::MoraleCheck { up } => check = Some(i16::from(up)),
            FireResult::Loss {
                casualties,
                stragglers,
            } => {
                self.apply_losses(s, &d, casualties, stragglers, ev);
                check = Some(0);
            }
        }
        // 20.4a: every numeric result and MC calls for a morale check; in a close combat it
        // waits for steps D and E (23.0).
        if let Some(up) = check {
            if !d.close && !self.combat_stack(s, d.target).is_empty() {
                let mut c = self.morale_check(
                    s,
                    d.target,
                    CheckKind::Standard,
                    flank,
                    d.from,
                    Role::None,
                    "20.4a",
                );
                c.shift += up;
                self.push_check(s, c);
            }
        }
        // 20.4d: a roll of 55 or 66 strikes a leader in the target hex (resolved before the
        // morale check, so the check uses the leaders who remain).
        if self.tables.leader_hit(roll) {
            let leaders: Vec<UnitId> = self
                .stack(s, d.target)
                .into_iter()
                .filter(|&u| {
                    self.units[usize::from(u)].kind == UnitKind::Leader
                        && self.units[usize::from(u)].side == target_side
                })
                .collect();
            match leaders.len() {
                0 => {}
                1 => self.leader_falls(s, leaders[0], ev),
                _ => s.tasks.push(Task::LeaderHit { leaders }),
            }
        }
    }

    /// Losses of a fire result (20.4b, 20.4c, 20.5, 21.0a, 27.2).
    pub(super) fn apply_losses(
        &self,
        s: &mut State,
        d: &FireDecl,
        casualties: u8,
        stragglers: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(t) = self.fire_target_unit(s, d) else {
            return;
        };
        let info = &self.units[usize::from(t)];
        let side = info.side;
        match info.kind {
            UnitKind::Artillery => {
                let gp = self.gun_points(s, t);
                let lost = casualties.min(gp);
                s.units[usize::from(t)].casualties += lost;
                ev.push(Event::Losses {
                    unit: t,
                    owner: side,
                    casualties: lost,
                    stragglers: 0,
                });
                if lost == gp {
                    s.units[usize::from(t)].place = Place::Gone;
                    ev.push(Event::Eliminated {
                        unit: t,
                        rule: "27.2".into(),
                    });
                    self.note_destroyed(s, d.target); // 26.4d
                }
            }
            UnitKind::Infantry => {
                self.add_losses(s, t, casualties, stragglers, ev);
                return;
            }
            UnitKind::Cavalry => {
                self.add_losses(s, t, casualties, 0, ev);
            }
            // 11.5c, 11.5f: the skirmisher on top takes the casualties (fixed default).
            UnitKind::Skirmisher => self.skirmisher_loss(s, t, casualties, ev),
            _ => {}
        }
        if stragglers > 0 {
            // 21.0a: stragglers go to the topmost infantry when the top unit cannot take them.
            let inf = if info.kind == UnitKind::Infantry {
                Some(t)
            } else {
                self.combat_stack(s, d.target)
                    .into_iter()
                    .find(|&u| self.units[usize::from(u)].kind == UnitKind::Infantry)
            };
            if let Some(i) = inf {
                if s.units[usize::from(i)].place != Place::Gone {
                    self.add_losses(s, i, 0, stragglers, ev);
                }
            }
        }
    }

    /// Marks casualties and stragglers on a loss chart (20.6); eliminates a unit whose boxes
    /// are all filled; reports wrecking (20.6a).
    pub(super) fn add_losses(
        &self,
        s: &mut State,
        u: UnitId,
        casualties: u8,
        stragglers: u8,
        ev: &mut Vec<Event>,
    ) {
        let u = self.loss_unit(u); // 17.2c: losses go to the unit as a whole
        let info = &self.units[usize::from(u)];
        let was = self.wrecked(s, u);
        let div_was = self.division_wrecked(s, &info.wreck_division);
        let boxes = info.boxes;
        let st = &mut s.units[usize::from(u)];
        let free = boxes.saturating_sub(st.casualties + st.stragglers);
        // New casualties push stragglers right (20.6): a casualty may fill a straggler's box
        // when the row is full? No: casualties only take free boxes; excess is lost (digest
        // §8.4 item 25).
        let c = casualties.min(free);
        st.casualties += c;
        let s2 = stragglers.min(free - c);
        st.stragglers += s2;
        let side = info.side;
        if info.combat() && c > 0 {
            s.casualty_track[side.index()] += u32::from(c);
        }
        ev.push(Event::Losses {
            unit: u,
            owner: side,
            casualties: c,
            stragglers: s2,
        });
        let st = &s.units[usize::from(u)];
        if st.casualties + st.stragglers >= boxes {
            let at = st.hex();
            s.units[usize::from(u)].place = Place::Gone;
            ev.push(Event::Eliminated {
                unit: u,
                rule: "20.6".into(),
            });
            if let Some(h) = at {
                self.note_destroyed(s, h); // 26.4d
            }
        }
        let now = self.wrecked(s, u);
        if now != was {
            ev.push(Event::Wrecked {
                unit: u,
                owner: side,
                wrecked: now,
            });
        }
        let div_now = self.division_wrecked(s, &info.wreck_division);
        if div_now != div_was {
            ev.push(Event::DivisionWrecked {
                division: info.wreck_division.clone(),
                owner: side,
                wrecked: div_now,
            });
        }
    }

    /// The first intervening hex of the line holding a unit of `side` (ERR-11: never fire
    /// over friendly units, skirmishers included, whatever the line of sight). "Unit" is read
    /// as 5.1 defines it: every combat unit and every leader; HQs, which 5.1 does not list,
    /// do not block.
    pub(super) fn friendly_in_line(
        &self,
        s: &State,
        from: Hex,
        to: Hex,
        side: Side,
    ) -> Option<Hex> {
        let friendly = |h: Hex| {
            s.units
                .iter()
                .zip(&self.units)
                .any(|(u, i)| u.place == Place::At(h) && i.side == side && i.kind != UnitKind::Hq)
        };
        super::fire::los::fires_over(friendly, from, to)
    }

    /// Opportunity fire by every violated battery at the stack it strikes (15.1b), resolved at
    /// once.
    pub(super) fn opportunity_fire(
        &self,
        s: &mut State,
        batteries: Vec<UnitId>,
        at: Hex,
        ev: &mut Vec<Event>,
    ) {
        let mut firers = Vec::new();
        let mut gp: Vec<(Hex, u8)> = Vec::new();
        for b in batteries {
            let Some(h) = s.units[usize::from(b)].hex() else {
                continue;
            };
            let g = self.gun_points(s, b);
            let used = gp.iter().find(|x| x.0 == h).map_or(0, |x| x.1);
            if used >= 5 {
                continue;
            }
            firers.push(b);
            if let Some(x) = gp.iter_mut().find(|x| x.0 == h) {
                x.1 += g;
            } else {
                gp.push((h, g));
            }
        }
        if firers.is_empty() {
            return;
        }
        let from = firers
            .first()
            .and_then(|&f| s.units[usize::from(f)].hex())
            .unwrap_or(at);
        let d = FireDecl {
            target: at,
            at_artillery: None,
            firers,
            shares: Vec::new(),
            close: false,
            opportunity: true,
            from,
        };
        self.open_fire(s, d, None, ev);
    }
}
