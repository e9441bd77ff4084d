//! The Close Combat Phase (10): designation (10.1), flank attack and supported defense
//! (10.1.1), withdrawal (10.2), odds (10.3), lead units (10.4), DRMs and cavalry shock (10.5),
//! the roll (10.6), leader checks (10.7), results (10.8) and the advance after combat (step 9,
//! provisional: the text breaks off before it).

mod pending;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use super::Pg;
use super::action::Action;
use super::charts::{Lp, ODDS, SideResult, odds_column};
use super::event::Event;
use super::state::{ArmyStatus, Combat, LossTask, Morale, Off, Pending, Phase, Stage, State};
use super::units::Arm;
use crate::dice::DiceSpec;
use crate::engine::{Actor, Chance, Fact, Illegal, Preview, Side};
use crate::hex::Hex;

impl Pg {
    /// Phase 7 begins.
    pub(crate) fn begin_close_combat(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.phase = Phase::CloseCombat;
        s.combat = None;
        ev.push(Event::PhaseBegins {
            phase: Phase::CloseCombat,
        });
    }

    fn active_engaged_ready(&self, s: &State, hex: Hex) -> bool {
        self.engaged_in(s, hex).iter().any(|&u| {
            self.pieces.units[usize::from(u)].side == s.active
                && !s.units[usize::from(u)].fought
                && self.unit_active(s, u)
        })
    }

    fn defender_ready(&self, s: &State, hex: Hex) -> bool {
        let enemy = s.active.other();
        if !self.has_units(s, hex, enemy) {
            return false;
        }
        let engaged = self.engaged_in(s, hex);
        if engaged.is_empty() {
            // 10.1: a hex with only artillery may be a defending hex.
            return self.stack(s, hex).iter().all(|&u| !self.is_combat(u));
        }
        engaged.iter().any(|&u| !s.units[usize::from(u)].fought)
    }

    fn hexes_of(&self, s: &State, side: Side) -> Vec<Hex> {
        let mut v: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, x)| x.off == Off::No && self.pieces.units[*i].side == side)
            .map(|(_, x)| x.hex)
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// The combat actor (None when no combat is running).
    pub(crate) fn combat_actor(&self, s: &State) -> Actor {
        match s.combat.as_ref().map(|c| c.stage) {
            Some(Stage::Withdrawal | Stage::LeadDefender) => Actor::Player(s.active.other()),
            Some(Stage::Roll) => Actor::Chance(Chance::Dice(DiceSpec::D6)),
            _ => Actor::Player(s.active),
        }
    }

    /// Legal actions of the Close Combat Phase.
    pub(crate) fn combat_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(c) = &s.combat else {
            let mine = self.hexes_of(s, s.active);
            let mut targets: Vec<Hex> = Vec::new();
            for h in self.hexes_of(s, s.active.other()) {
                // Adjacency first: it is cheap and rules out most hexes.
                if mine.iter().any(|&m| m.distance(h) == 1)
                    && self.defender_ready(s, h)
                    && mine
                        .iter()
                        .any(|&m| m.distance(h) == 1 && self.active_engaged_ready(s, m))
                {
                    targets.push(h);
                }
            }
            let obligated =
                !targets.is_empty() && targets.iter().any(|&h| !self.engaged_in(s, h).is_empty());
            out.extend(targets.into_iter().map(|hex| Action::Attack { hex }));
            // 10: every Engaged inf/cav must fight; the phase ends when no such combat is left.
            if !obligated {
                out.push(Action::EndPhase);
            }
            return;
        };
        match c.stage {
            Stage::Designate => {
                for h in self.hexes_of(s, s.active) {
                    if !c.attackers.contains(&h)
                        && self.active_engaged_ready(s, h)
                        && c.defenders.iter().all(|d| d.distance(h) == 1)
                    {
                        out.push(Action::AddAttacker { hex: h });
                    }
                }
                if !c.attackers.is_empty() {
                    for h in self.hexes_of(s, s.active.other()) {
                        if !c.defenders.contains(&h)
                            && self.defender_ready(s, h)
                            && c.attackers.iter().all(|a| a.distance(h) == 1)
                        {
                            out.push(Action::AddDefender { hex: h });
                        }
                    }
                    out.push(Action::Resolve);
                }
            }
            Stage::Withdrawal => {
                let from = c.defenders[0];
                for n in from.neighbors() {
                    if self.board.on_map(n)
                        && !self.enemy_in(s, n, s.active.other())
                        && self
                            .withdrawers(s, from)
                            .iter()
                            .all(|&u| self.board.hex(n).cost[self.class_of(u) as usize].is_some())
                    {
                        out.push(Action::Withdraw { hex: n });
                    }
                }
                out.push(Action::NoWithdraw);
            }
            Stage::LeadAttacker | Stage::LeadDefender => {
                let (hexes, side) = if c.stage == Stage::LeadAttacker {
                    (&c.attackers, s.active)
                } else {
                    (&c.defenders, s.active.other())
                };
                for &h in hexes {
                    for u in self.engaged_in(s, h) {
                        if self.pieces.units[usize::from(u)].side == side {
                            out.push(Action::Lead { unit: u });
                        }
                    }
                }
            }
            Stage::Terrain => {
                for &a in &c.attackers {
                    for &d in &c.defenders {
                        out.push(Action::Terrain {
                            attacker: a,
                            defender: d,
                        });
                    }
                }
            }
            Stage::Roll => super::d6(out),
            Stage::Advance => {
                let vacated: Vec<Hex> = c
                    .defenders
                    .iter()
                    .copied()
                    .filter(|&h| {
                        !self.has_units(s, h, s.active.other())
                            || self.stack(s, h).iter().all(|&u| !self.is_combat(u))
                    })
                    .collect();
                if !vacated.is_empty() {
                    for &u in &c.att_units {
                        let x = &s.units[usize::from(u)];
                        if x.off == Off::No
                            && x.morale != Morale::Routed
                            && c.attackers.contains(&x.hex)
                            && vacated.iter().any(|&h| h.distance(x.hex) == 1)
                        {
                            out.push(Action::Advance { unit: u });
                        }
                    }
                }
                out.push(Action::NoAdvance);
            }
            Stage::LeaderChecks | Stage::DefenderLosses | Stage::AttackerLosses => {}
        }
    }

    fn withdrawers(&self, s: &State, hex: Hex) -> Vec<u16> {
        self.engaged_in(s, hex)
            .into_iter()
            .filter(|&u| self.pieces.units[usize::from(u)].fast)
            .collect()
    }

    /// Applies a Close Combat Phase action.
    pub(crate) fn apply_combat(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::Attack { hex } => {
                s.combat = Some(Combat {
                    stage: Stage::Designate,
                    attackers: Vec::new(),
                    defenders: alloc::vec![*hex],
                    att_units: Vec::new(),
                    def_units: Vec::new(),
                    steps: [0, 0],
                    sp: [0, 0],
                    flank: false,
                    supported: false,
                    lead: [None, None],
                    terrain: None,
                    result: None,
                    attacker_lp: 0,
                    defender_lp: 0,
                });
            }
            Action::AddAttacker { hex } => {
                if let Some(c) = s.combat.as_mut() {
                    c.attackers.push(*hex);
                }
            }
            Action::AddDefender { hex } => {
                if let Some(c) = s.combat.as_mut() {
                    c.defenders.push(*hex);
                }
            }
            Action::Resolve => self.designated(s, ev),
            Action::Withdraw { hex } => {
                let Some(c) = s.combat.clone() else {
                    return Err(Illegal::new("10.2", "no combat"));
                };
                let from = c.defenders[0];
                for u in self.withdrawers(s, from) {
                    s.units[usize::from(u)].hex = *hex;
                    s.units[usize::from(u)].order = s.take_top();
                    s.units[usize::from(u)].fought = true;
                    ev.push(Event::Moved {
                        piece: super::state::Piece::Unit(u),
                        from,
                        to: *hex,
                        mp: 0,
                        rule: super::event::Rule("10.2"),
                    });
                }
                if self.engaged_in(s, from).is_empty() {
                    if let Some(c) = s.combat.as_mut() {
                        c.stage = Stage::Advance;
                    }
                } else {
                    self.count_odds(s);
                }
            }
            Action::NoWithdraw => self.count_odds(s),
            Action::Lead { unit } => {
                if let Some(c) = s.combat.as_mut() {
                    if c.stage == Stage::LeadAttacker {
                        c.lead[0] = Some(*unit);
                        c.stage = Stage::LeadDefender;
                    } else {
                        c.lead[1] = Some(*unit);
                        c.stage = Stage::Terrain;
                    }
                }
            }
            Action::Terrain { attacker, defender } => {
                if let Some(c) = s.combat.as_mut() {
                    c.terrain = Some((*attacker, *defender));
                    c.stage = Stage::Roll;
                }
            }
            Action::Roll(r) => self.resolve_roll(s, r.value, ev),
            Action::Advance { unit } => {
                let Some(c) = s.combat.clone() else {
                    return Err(Illegal::new("engine", "no combat"));
                };
                let from = s.units[usize::from(*unit)].hex;
                let to = c.defenders.iter().copied().find(|&h| {
                    h.distance(from) == 1
                        && (!self.has_units(s, h, s.active.other())
                            || self.stack(s, h).iter().all(|&u| !self.is_combat(u)))
                });
                if let Some(to) = to {
                    // Artillery alone in the hex entered is captured (provisional, 7.4 names
                    // Artillery Capture; its rule is missing from the text).
                    for v in self.stack(s, to) {
                        if self.pieces.units[usize::from(v)].side != s.active {
                            self.capture(s, v, "7.4", ev);
                        }
                    }
                    s.units[usize::from(*unit)].hex = to;
                    s.units[usize::from(*unit)].order = s.take_top();
                    ev.push(Event::Moved {
                        piece: super::state::Piece::Unit(*unit),
                        from,
                        to,
                        mp: 0,
                        rule: super::event::Rule("10 step 9"),
                    });
                }
                if let Some(c) = s.combat.as_mut() {
                    c.att_units.retain(|u| u != unit);
                }
            }
            Action::NoAdvance => self.end_combat(s),
            Action::EndPhase => {
                s.locked.clear();
                self.end_player_turn(s, ev);
            }
            other => {
                return Err(Illegal::new(
                    "engine",
                    alloc::format!("{other:?} is not a close combat decision"),
                ));
            }
        }
        Ok(())
    }

    /// After designation: surrender of routed units of demoralized armies (9.2), the
    /// artillery-only case (10.1), then withdrawal (10.2) or odds.
    fn designated(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = s.combat.clone() else { return };
        let enemy = s.active.other();
        if s.armies[enemy.index()].status != ArmyStatus::Normal {
            for &h in &c.defenders {
                for u in self.engaged_in(s, h) {
                    if s.units[usize::from(u)].morale == Morale::Routed {
                        self.capture(s, u, "9.2", ev);
                    }
                }
            }
        }
        let defenders_inf = c
            .defenders
            .iter()
            .any(|&h| !self.engaged_in(s, h).is_empty());
        let mut c = c;
        for &h in &c.attackers {
            for u in self.engaged_in(s, h) {
                s.units[usize::from(u)].fought = true;
                c.att_units.push(u);
            }
        }
        if !defenders_inf {
            c.stage = Stage::Advance;
            s.combat = Some(c);
            return;
        }
        // 10.2: a single defending hex whose Engaged units include Fast ones may withdraw them
        // when no Formed cavalry is Engaged among the attackers.
        let may_withdraw = c.defenders.len() == 1
            && !self.withdrawers(s, c.defenders[0]).is_empty()
            && !self.formed_cav_engaged_in(s, &c.attackers);
        c.stage = if may_withdraw {
            Stage::Withdrawal
        } else {
            Stage::LeadAttacker
        };
        s.combat = Some(c);
        if !may_withdraw {
            self.count_odds(s);
        }
    }

    fn hex_sp(&self, s: &State, units: &[u16]) -> u16 {
        let mut inf = 0u16;
        let mut cav = 0u16;
        for &u in units {
            let sp = u16::from(self.ratings(s, u)[0]);
            match self.pieces.units[usize::from(u)].arm {
                Arm::Infantry => inf += sp,
                Arm::Cavalry => cav += sp,
                Arm::Artillery => {}
            }
        }
        // 10.3: per hex, at most 8 SP of infantry and 6 of cavalry.
        inf.min(8) + cav.min(6)
    }

    /// 10.1.1 and 10.3: flank/supported, SP and the odds column.
    fn count_odds(&self, s: &mut State) {
        let Some(mut c) = s.combat.clone() else {
            return;
        };
        c.att_units
            .retain(|&u| s.units[usize::from(u)].off == Off::No);
        let mut att_sp = 0;
        for &h in &c.attackers {
            let here: Vec<u16> = c
                .att_units
                .iter()
                .copied()
                .filter(|&u| s.units[usize::from(u)].hex == h)
                .collect();
            att_sp += self.hex_sp(s, &here);
        }
        let mut def_units = Vec::new();
        let mut def_sp = 0;
        for &h in &c.defenders {
            let e = self.engaged_in(s, h);
            def_sp += self.hex_sp(s, &e);
            def_units.extend(e);
        }
        let (mut flank, mut supported) = (false, false);
        if c.defenders.len() == 1 {
            let d = c.defenders[0];
            let surrounded = d.neighbors().iter().all(|&n| {
                self.board.on_map(n)
                    && (c.attackers.contains(&n)
                        || c.att_units.iter().any(|&u| {
                            let x = &s.units[usize::from(u)];
                            x.morale != Morale::Routed
                                && x.hex.distance(n) == 1
                                && self.board.hex(n).cost[self.class_of(u) as usize].is_some()
                        }))
            });
            if surrounded {
                let engaged = self.engaged_in(s, d);
                let support: Vec<u16> = self
                    .stack(s, d)
                    .into_iter()
                    .filter(|u| self.is_combat(*u) && !engaged.contains(u))
                    .collect();
                if support.is_empty() {
                    flank = self.board.hex(d).flank_ok;
                } else {
                    supported = true;
                    // Up to 4 steps of Supporting inf/cav, capped separately (10.1.1, 10.3).
                    let mut steps = 0u8;
                    let mut used = Vec::new();
                    for u in support {
                        let st = s.units[usize::from(u)].steps;
                        if steps + st > 4 {
                            break;
                        }
                        steps += st;
                        used.push(u);
                    }
                    def_sp += self.hex_sp(s, &used);
                    def_units.extend(used);
                }
            }
        }
        for &u in &def_units {
            s.units[usize::from(u)].fought = true;
        }
        c.steps = [
            c.att_units
                .iter()
                .map(|&u| s.units[usize::from(u)].steps)
                .sum(),
            def_units
                .iter()
                .map(|&u| s.units[usize::from(u)].steps)
                .sum(),
        ];
        c.def_units = def_units;
        c.sp = [att_sp, def_sp];
        c.flank = flank;
        c.supported = supported;
        c.stage = Stage::LeadAttacker;
        s.combat = Some(c);
    }

    /// 10.5: the total DRM.
    fn combat_drm(&self, s: &State, c: &Combat) -> i16 {
        self.combat_drm_items(s, c).iter().map(|(_, v)| v).sum()
    }

    /// 10.5: the DRMs that apply, each named with its rule (zero ones left out), in the order
    /// of the DRM list.
    pub(crate) fn combat_drm_items(&self, s: &State, c: &Combat) -> Vec<(&'static str, i16)> {
        let ch = &self.charts;
        let mut items: Vec<(&'static str, i16)> = Vec::new();
        let mut add = |name: &'static str, v: i16| {
            if v != 0 {
                items.push((name, v));
            }
        };
        let (ta, td) = c.terrain.unwrap_or((c.attackers[0], c.defenders[0]));
        let ia = self.board.hex(ta);
        let id = self.board.hex(td);
        let side = self.board.side_between(td, ta);
        add("terrain (10.5)", i16::from(ia.cc_drm.min(id.cc_drm)));
        let entrenched = side.entrenchment;
        if entrenched {
            add(
                "entrenchment (10.5)",
                i16::from(self.board.side_rules.entrenchment_cc_drm),
            );
        }
        // A slope counts against an attack uphill (the defender on the high side).
        if self.board.side_between(ta, td).up {
            add(
                "uphill attack (10.5)",
                i16::from(self.board.side_rules.slope_cc_drm),
            );
        }
        if c.flank {
            add("flank attack (10.1.1)", i16::from(ch.cc("flank_attack")));
        }
        let penalty = |hexes: &[Hex]| {
            hexes
                .iter()
                .any(|&h| s.locked_at(h).is_some_and(|l| l.penalty))
        };
        if penalty(&c.attackers) {
            add(
                "attacker on a Locked penalty side (6.3)",
                i16::from(ch.cc("locked_penalty")),
            );
        }
        if penalty(&c.defenders) {
            add(
                "defender on a Locked penalty side (6.3)",
                -i16::from(ch.cc("locked_penalty")),
            );
        }
        if let (Some(a), Some(d)) = (c.lead[0], c.lead[1]) {
            let diff = i16::from(self.mr(s, a)) - i16::from(self.mr(s, d));
            add(
                "lead units' morale difference (10.5)",
                diff * i16::from(ch.cc("lead_morale_per_point")),
            );
            if s.units[usize::from(a)].morale != Morale::Formed {
                add(
                    "attacker's lead unit not Formed (10.5)",
                    i16::from(ch.cc("attacker_lead_disordered")),
                );
            }
            if s.units[usize::from(d)].morale != Morale::Formed {
                add(
                    "defender's lead unit not Formed (10.5)",
                    i16::from(ch.cc("defender_lead_disordered")),
                );
            }
        }
        if c.def_units
            .iter()
            .all(|&u| s.units[usize::from(u)].morale == Morale::Routed)
        {
            add(
                "only Routed defenders (10.5)",
                i16::from(ch.cc("defender_routed_only")),
            );
        }
        if c.att_units
            .iter()
            .any(|&u| s.units[usize::from(u)].in_column)
        {
            add(
                "attacker In Column (7.6)",
                i16::from(ch.cc("attacker_in_column")),
            );
        }
        if c.def_units
            .iter()
            .any(|&u| s.units[usize::from(u)].in_column)
        {
            add(
                "defender In Column (7.6)",
                i16::from(ch.cc("defender_in_column")),
            );
        }
        let best_leader = |hexes: &[Hex], side: Side| {
            hexes
                .iter()
                .map(|&h| self.best_leader_mod(s, h, side))
                .max()
                .unwrap_or(0)
        };
        add(
            "attacker's leader (10.5)",
            i16::from(best_leader(&c.attackers, s.active)) * i16::from(ch.cc("attacker_leader")),
        );
        add(
            "defender's leader (10.5)",
            i16::from(best_leader(&c.defenders, s.active.other()))
                * i16::from(ch.cc("defender_leader")),
        );
        // 10.5.1 cavalry shock.
        let all_cav = |units: &[u16]| {
            units
                .iter()
                .all(|&u| self.pieces.units[usize::from(u)].arm == Arm::Cavalry)
        };
        let def_ok = c.def_units.iter().all(|&u| {
            let x = &s.units[usize::from(u)];
            self.pieces.units[usize::from(u)].arm == Arm::Cavalry
                || x.in_column
                || x.morale != Morale::Formed
        });
        if !c.att_units.is_empty()
            && all_cav(&c.att_units)
            && def_ok
            && !id.no_shock_defending
            && !ia.no_shock_attacking
            && !entrenched
        {
            let avg = |units: &[u16]| -> i16 {
                let formed: Vec<u16> = units
                    .iter()
                    .copied()
                    .filter(|&u| {
                        self.pieces.units[usize::from(u)].arm == Arm::Cavalry
                            && s.units[usize::from(u)].morale == Morale::Formed
                    })
                    .collect();
                if formed.is_empty() {
                    return 0;
                }
                let total: i16 = formed
                    .iter()
                    .map(|&u| i16::from(self.pieces.units[usize::from(u)].shock))
                    .sum();
                let n = formed.len() as i16;
                // Round to nearest, .5 up (10.5.1).
                (2 * total + n) / (2 * n)
            };
            add(
                "cavalry shock (10.5.1)",
                avg(&c.att_units) - avg(&c.def_units),
            );
        }
        items
    }

    /// What the die of step 6 resolves: SP, odds column, each DRM and their total (10.3–10.6).
    pub(crate) fn combat_preview(&self, s: &State, c: &Combat) -> Preview {
        let label = |hexes: &[Hex]| {
            hexes
                .iter()
                .map(|&h| self.board.label(h))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (a, d) = ODDS[odds_column(c.sp[0], c.sp[1])];
        let fact = |name: &str, value: String| Fact {
            name: name.into(),
            value,
        };
        let mut facts = vec![
            fact("attacking SP (10.3)", c.sp[0].to_string()),
            fact("defending SP (10.3)", c.sp[1].to_string()),
            fact("odds (10.3)", format!("{a}-{d}")),
        ];
        if c.flank {
            facts.push(fact("flank attack (10.1.1)", "yes".into()));
        }
        if c.supported {
            facts.push(fact("supported defense (10.1.1)", "yes".into()));
        }
        let items = self.combat_drm_items(s, c);
        let total: i16 = items.iter().map(|(_, v)| v).sum();
        for (name, v) in items {
            facts.push(fact(&format!("DRM {name}"), format!("{v:+}")));
        }
        facts.push(fact("DRM total (10.5)", format!("{total:+}")));
        Preview {
            rule: "10.6".into(),
            title: format!(
                "close combat: {} attacks {}",
                label(&c.attackers),
                label(&c.defenders)
            ),
            facts,
        }
    }

    fn resolve_roll(&self, s: &mut State, roll: u8, ev: &mut Vec<Event>) {
        let Some(mut c) = s.combat.clone() else {
            return;
        };
        let drm = self.combat_drm(s, &c);
        let col = odds_column(c.sp[0], c.sp[1]);
        let mut result = self.charts.crt(i16::from(roll) + drm, col);
        // 10.8: attacking only Routed units, the attacker ignores every result.
        let ignore = c
            .def_units
            .iter()
            .all(|&u| s.units[usize::from(u)].morale == Morale::Routed);
        if ignore {
            result.attacker = SideResult::NONE;
        }
        let (a, d) = ODDS[col];
        ev.push(Event::CloseCombat {
            attacker_sp: c.sp[0],
            defender_sp: c.sp[1],
            odds: alloc::format!("{a}-{d}"),
            drm: drm.clamp(-99, 99) as i8,
            roll,
            result: alloc::format!(
                "{}/{}",
                super::charts::format_side(&result.attacker),
                super::charts::format_side(&result.defender)
            ),
        });
        c.result = Some(result);
        c.attacker_lp = if ignore {
            0
        } else {
            self.lp_of(s, &c, result.attacker, 0)
        };
        c.defender_lp = self.lp_of(s, &c, result.defender, 1);
        c.stage = Stage::LeaderChecks;
        s.combat = Some(c.clone());
        // 10.7: every leader in the combat's hexes checks for loss (provisional table, 15.2)
        // before the results are applied (step 7 before step 8).
        for (l, x) in s.leaders.iter().enumerate().rev() {
            if x.present && (c.attackers.contains(&x.hex) || c.defenders.contains(&x.hex)) {
                s.pending.push(Pending::LeaderCheck { leader: l as u16 });
            }
        }
    }

    /// The LP of one side's result (10.8.1, 10.8.2, 10.8.3.4, 10.1.1). `who` 0 = attacker.
    fn lp_of(&self, s: &State, c: &Combat, r: SideResult, who: usize) -> u8 {
        let enemy_steps = c.steps[1 - who];
        let ex = (u16::from(enemy_steps) * 2 + 4) / 8;
        let mut lp = match r.lp {
            Lp::N(n) => u16::from(n),
            Lp::Ex => ex,
            Lp::ExPlus1 => ex + 1,
        };
        let hexes = if who == 0 { &c.attackers } else { &c.defenders };
        if r.paren && lp > 0 {
            let supporting = hexes.iter().any(|&h| {
                let e = self.engaged_in(s, h);
                self.stack(s, h)
                    .iter()
                    .any(|u| self.is_combat(*u) && !e.contains(u))
            });
            if supporting {
                lp -= 1;
            }
        }
        // 10.1.1: "a Supported Defense results in +1 Loss Point to both sides", whatever
        // the printed result (a "-" too).
        if c.supported {
            lp += 1;
        }
        // 10.8.1: no more LP than the enemy's steps contributing SP.
        lp.min(u16::from(enemy_steps)) as u8
    }

    /// Moves the combat on when its pending results are done.
    pub(crate) fn combat_progress(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(c) = s.combat.clone() else { return };
        match c.stage {
            Stage::LeaderChecks => {
                let r = c.result.map(|r| r.defender).unwrap_or(SideResult::NONE);
                let task = LossTask {
                    side: s.active.other(),
                    hexes: c.defenders.clone(),
                    lp: c.defender_lp,
                    result: r,
                    canister: false,
                    lead: c.lead[1],
                    taken: Vec::new(),
                    bombardment: false,
                };
                if let Some(cc) = s.combat.as_mut() {
                    cc.stage = Stage::DefenderLosses;
                }
                self.start_losses(s, task, ev);
            }
            Stage::DefenderLosses => {
                let r = c.result.map(|r| r.attacker).unwrap_or(SideResult::NONE);
                let task = LossTask {
                    side: s.active,
                    hexes: c.attackers.clone(),
                    lp: c.attacker_lp,
                    result: r,
                    canister: false,
                    lead: c.lead[0],
                    taken: Vec::new(),
                    bombardment: false,
                };
                if let Some(cc) = s.combat.as_mut() {
                    cc.stage = Stage::AttackerLosses;
                }
                self.start_losses(s, task, ev);
            }
            Stage::AttackerLosses => {
                if let Some(cc) = s.combat.as_mut() {
                    cc.stage = Stage::Advance;
                }
            }
            _ => {}
        }
    }

    fn end_combat(&self, s: &mut State) {
        if let Some(c) = s.combat.take() {
            for u in c.att_units.iter().chain(c.def_units.iter()) {
                s.units[usize::from(*u)].fought = true;
            }
        }
    }

    /// The rule number of the close combat step in progress (for refusals and prompts).
    pub(crate) fn combat_stage_label(&self, s: &State) -> Option<&'static str> {
        s.combat.as_ref().map(|c| match c.stage {
            Stage::Designate => "10.1",
            Stage::Withdrawal => "10.2",
            Stage::LeadAttacker | Stage::LeadDefender => "10.4",
            Stage::Terrain => "10.5",
            Stage::Roll => "10.6",
            Stage::LeaderChecks => "10.7",
            Stage::DefenderLosses | Stage::AttackerLosses => "10.8",
            Stage::Advance => "10 step 9",
        })
    }
}
