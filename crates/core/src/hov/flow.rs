//! The sequence of play (¶38–¶54): who acts, the order of the phases and segments, the
//! Game-Turn's weather (§26, ¶40), the set-up placement of vedettes (§217), and the end of the
//! scenario with its Victory Points (§212, §214–§215).
//!
//! Each phase's own decisions belong to its section; a phase with nothing (more) to decide
//! ends with [`Action::Done`].

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::Hov;
use super::action::Action;
use super::event::Event;
use super::state::{LeaderPlace, Phase, State, VedettePlace};
use super::types::{COALITION, FRENCH};
use super::victory::{loss_points, morale_points};
use crate::dice::{DiceSpec, Roll};
use crate::engine::{Actor, Chance, Illegal, Outcome, Side};
use crate::hex::Hex;

/// The phases of a Player-Turn after the Weather, in order (¶41–¶53).
const PLAYER_TURN: [Phase; 11] = [
    Phase::Administrative,
    Phase::Organization,
    Phase::Reinforcements,
    Phase::MovementCommands,
    Phase::InitiativeMovement,
    Phase::Consolidation,
    Phase::Bridge,
    Phase::ForcedMarch,
    Phase::BattleResolution,
    Phase::JointConsolidation,
    Phase::Morale,
];

impl Hov {
    /// Who must act.
    pub(crate) fn actor_of(&self, s: &State) -> Actor {
        if let Some(r) = &s.result {
            return Actor::Terminal(r.clone());
        }
        if let Some(a) = self.march_actor(s) {
            return a;
        }
        // §186: the call to the guns is the non-phasing player's (movement/sound.rs).
        if s.sound.is_some() {
            return Actor::Player(s.phasing.other());
        }
        match s.phase {
            Phase::Setup => Actor::Player(self.placing_side(s).unwrap_or(s.phasing)),
            Phase::Weather => Actor::Chance(Chance::Dice(DiceSpec::D6)),
            // ¶50: the non-phasing player force-marches.
            Phase::ForcedMarch => Actor::Player(s.phasing.other()),
            Phase::BattleResolution => self.battle_actor(s),
            // ¶52: both players consolidate, the phasing one first.
            Phase::JointConsolidation => Actor::Player(self.consolidating_side(s)),
            Phase::Over => Actor::Terminal(self.outcome(s)),
            _ => Actor::Player(s.phasing),
        }
    }

    /// §217, §211: the side still setting up its vedettes or bridge trains — the First Player
    /// first.
    fn placing_side(&self, s: &State) -> Option<Side> {
        let first = self.params.first_player;
        [first, first.other()].into_iter().find(|&side| {
            self.trains_to_set(s, side).is_some()
                || s.vedettes.iter().enumerate().any(|(i, v)| {
                    matches!(v.place, VedettePlace::Portrait(_))
                        && self.manifest.vedettes[i].side == side
                })
        })
    }

    /// Every legal action of the actor, in a stable order.
    pub(crate) fn actions(&self, s: &State, out: &mut Vec<Action>) {
        if s.result.is_some() {
            return;
        }
        if s.repulse.is_some() {
            // ¶131: a repulse's capture dice and retreat, in whatever phase it was tried.
            self.repulse_actions(s, out);
            return;
        }
        if s.sound.is_some() {
            // §186: forces marching to the sound of the guns.
            self.sound_actions(s, out);
            return;
        }
        match s.phase {
            Phase::Setup => {
                if let Some(side) = self.placing_side(s) {
                    self.train_placements(s, side, out);
                    self.vedette_placements(s, side, out);
                }
                out.push(Action::Done);
            }
            Phase::Weather => out.extend((1..=6).map(|value| {
                Action::Roll(Roll {
                    spec: DiceSpec::D6,
                    value,
                })
            })),
            Phase::Over => {}
            Phase::BattleResolution => self.battle_actions(s, out),
            Phase::Administrative => self.admin_actions(s, out),
            Phase::Organization => {
                self.organization_actions(s, out);
                // §67 2: pool vedettes with a Force made in the segment.
                self.pool_draw_actions(s, out);
            }
            Phase::Consolidation | Phase::JointConsolidation => self.consolidation_actions(s, out),
            Phase::Reinforcements => self.movement_actions(s, out),
            Phase::MovementCommands | Phase::InitiativeMovement | Phase::ForcedMarch => {
                self.movement_actions(s, out);
                // §67 2: pool vedettes with a Force dropped off this phase (¶81).
                if s.march.is_none() {
                    self.pool_draw_actions(s, out);
                }
            }
            _ => out.push(Action::Done),
        }
    }

    /// §217: where the placing side's waiting vedettes may go — within 2 hexes of the force
    /// they set up with, in the scenario's area, never in an enemy ZOC, one to a hex (§76), and
    /// no force with more than two friendly vedettes within 2 hexes.
    fn vedette_placements(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let o = self.occupancy(s);
        let crowded = super::vedette::crowded_forces(&o, side);
        for (i, v) in s.vedettes.iter().enumerate() {
            let VedettePlace::Portrait(l) = v.place else {
                continue;
            };
            if self.manifest.vedettes[i].side != side {
                continue;
            }
            let LeaderPlace::Map(at) = s.leaders[usize::from(l)].place else {
                continue;
            };
            let mut hexes: Vec<Hex> = within(at, 2)
                .into_iter()
                .filter(|&h| self.vedette_may_stand(s, &o, &crowded, side, h))
                .collect();
            hexes.sort_unstable();
            out.extend(hexes.into_iter().map(|hex| Action::PlaceVedette {
                vedette: i as u16,
                hex,
            }));
        }
    }

    /// Whether a vedette of `side` may appear in `h` (§217, §67 2, §76): in the area, not on a
    /// friendly vedette or any enemy counter, out of enemy ZOCs (vedettes' included), and not
    /// within 2 hexes of a friendly force that already has two vedettes that near, given the
    /// [`crowded_forces`](super::vedette::crowded_forces) of `side`.
    pub(crate) fn vedette_may_stand(
        &self,
        s: &State,
        o: &super::zoc::Occupancy,
        crowded: &Option<Vec<Hex>>,
        side: Side,
        h: Hex,
    ) -> bool {
        // No friendly force may then have more than two friendly vedettes within 2 hexes.
        let Some(crowded) = crowded else {
            return false;
        };
        !(!self.in_area(h)
            || o.vedettes[side.index()].binary_search(&h).is_ok()
            || o.holds(side.other(), h)
            || self.in_zoc_of(s, o, side.other(), h, true)
            || crowded.iter().any(|&f| h.distance(f) <= 2))
    }

    /// Whether a hex is in the scenario's area (§221–§223) and on the map.
    pub fn in_area(&self, h: Hex) -> bool {
        let i = self.board.hex(h);
        i.on_map
            && match self.params.area {
                super::Area::All => true,
                super::Area::North => i.north,
                super::Area::South => i.south,
            }
    }

    /// Applies one action; the caller has checked nothing. On error the state is unchanged.
    pub(crate) fn step(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if s.result.is_some() {
            return Err(Illegal::new("engine", "the game is over"));
        }
        if s.repulse.is_some() {
            return self.repulse_step(s, a, ev);
        }
        if s.sound.is_some() {
            // §186: checked against the listed decisions before anything changes.
            return self.sound_step(s, a, ev);
        }
        match (s.phase, a) {
            (Phase::Setup, Action::PlaceVedette { vedette, hex }) => {
                let mut legal = Vec::new();
                if let Some(side) = self.placing_side(s) {
                    self.vedette_placements(s, side, &mut legal);
                }
                if !legal.contains(a) {
                    return Err(Illegal::new(
                        "§217",
                        format!(
                            "vedette {} may not set up at {}: within 2 hexes of its force, in the area, out of enemy ZOCs, one a hex, at most two near any force",
                            self.vedette_name(*vedette),
                            self.label(*hex)
                        ),
                    ));
                }
                s.vedettes[usize::from(*vedette)].place = VedettePlace::Map(*hex);
                Ok(())
            }
            (Phase::Setup, Action::CarryTrain { leader }) => {
                let side = self.placing_side(s).unwrap_or(s.phasing);
                self.carry_train(s, side, *leader, ev)
            }
            (Phase::Setup, Action::Done) => {
                // §217: what cannot (or will not) be placed goes to the pool.
                let side = self.placing_side(s).unwrap_or(s.phasing);
                // §211: the trains not placed stay with the side's first Force Leader.
                s.trains_set[side.index()] = super::movement::bridge::TRAINS_PER_SIDE as u8;
                for (i, v) in s.vedettes.iter_mut().enumerate() {
                    if matches!(v.place, VedettePlace::Portrait(_))
                        && self.manifest.vedettes[i].side == side
                    {
                        v.place = VedettePlace::Pool;
                    }
                }
                if self.placing_side(s).is_none() {
                    s.phase = Phase::Weather;
                    ev.push(Event::TurnBegins { turn: s.turn });
                    ev.push(Event::PhaseBegins {
                        phase: Phase::Weather,
                    });
                }
                Ok(())
            }
            (Phase::Weather, Action::Roll(r))
                if r.spec == DiceSpec::D6 && (1..=6).contains(&r.value) =>
            {
                // §26, ¶40: the die and the turn's modifier on the Weather Table.
                let drm = self.charts.weather_modifier(s.turn);
                let w = self.charts.weather.at(i16::from(r.value) + i16::from(drm));
                s.weather = Some(w);
                ev.push(Event::Weather {
                    roll: r.value,
                    drm,
                    weather: w,
                });
                s.phasing = self.params.first_player;
                self.begin_player_turn(s, ev);
                Ok(())
            }
            (Phase::Over, _) => Err(Illegal::new("engine", "the game is over")),
            (Phase::BattleResolution, a) => {
                if self.battle_step(s, a, ev)? {
                    self.end_phase(s, Phase::BattleResolution, ev);
                }
                // §68: vedettes a retreat or pursuit brought next to the enemy are revealed.
                self.reveal_vedettes(s, ev);
                Ok(())
            }
            (
                Phase::MovementCommands | Phase::InitiativeMovement | Phase::ForcedMarch,
                a @ Action::PlaceVedette { .. },
            ) if s.march.is_none() => self.pool_draw(s, a, ev),
            (
                phase @ (Phase::Reinforcements
                | Phase::MovementCommands
                | Phase::InitiativeMovement
                | Phase::ForcedMarch),
                a,
            ) => {
                if self.movement_step(s, a, ev)? {
                    self.end_phase(s, phase, ev);
                }
                Ok(())
            }
            (Phase::Administrative, a) if *a != Action::Done => {
                let (next, out) = self.try_on_copy(s, a, Hov::admin_apply)?;
                *s = next;
                ev.extend(out);
                Ok(())
            }
            (Phase::Organization, Action::Done) => {
                // ¶79: a stack kept for a deactivation that did not come is displaced now.
                self.organization_done(s, ev);
                self.end_phase(s, Phase::Organization, ev);
                Ok(())
            }
            (Phase::Organization, a @ Action::PlaceVedette { .. }) => self.pool_draw(s, a, ev),
            (Phase::Organization, a) => {
                let (next, out) = self.try_on_copy(s, a, Hov::organization_apply)?;
                *s = next;
                ev.extend(out);
                Ok(())
            }
            (phase @ (Phase::Consolidation | Phase::JointConsolidation), a) => {
                if self.consolidation_step(s, a, ev)? {
                    self.end_phase(s, phase, ev);
                }
                Ok(())
            }
            (Phase::Weather, _) => Err(Illegal::new("§26", "the weather die is rolled now")),
            (phase, Action::Done) => {
                self.end_phase(s, phase, ev);
                Ok(())
            }
            (phase, other) => Err(Illegal::new(
                "¶38",
                format!("`{}` is not a decision of {}", other.name(), phase.title()),
            )),
        }
    }

    fn begin_player_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.commands[s.phasing.index()] = self.params.commands[s.phasing.index()];
        ev.push(Event::PlayerTurn { side: s.phasing });
        self.enter(s, Phase::Administrative, ev);
    }

    fn enter(&self, s: &mut State, phase: Phase, ev: &mut Vec<Event>) {
        s.phase = phase;
        for l in &mut s.leaders {
            l.moved = false;
            l.tried = false;
            l.dropped = false;
            l.dropped_from = None;
        }
        for v in &mut s.vedettes {
            v.moved = false;
        }
        if phase == Phase::ForcedMarch {
            // §185: a new Combat Phase.
            s.failed_forced.clear();
            s.sounded.clear();
        }
        if phase == Phase::Reinforcements {
            // ¶30 1: Unemployed Leaders are judged as the Movement Phase begins.
            self.judge_unemployed(s, s.phasing);
            // ¶80 2: forces sharing a hex now must part in this phase.
            self.note_shared(s);
            // ¶88: a new Movement Phase.
            s.marched.clear();
            s.entered.clear();
            s.failed_repulses.clear();
            s.sea_move = None;
        }
        ev.push(Event::PhaseBegins { phase });
        if matches!(
            phase,
            Phase::Administrative | Phase::Reinforcements | Phase::ForcedMarch
        ) {
            // §46 2: the Command, Movement and Combat Phases begin (the Battle Resolution
            // Segment and the Morale Phase check below).
            self.check_masks(s, ev);
        }
        if phase == Phase::Administrative {
            // §79: vedettes out of Dispatch Distance leave the map.
            self.admin_begins(s, ev);
        }
        if phase == Phase::Organization {
            // §75 2: vedettes on portraits return to the map.
            self.organization_begins(s, ev);
            // §67 2: the forces already made, for the pool vedettes of new ones.
            self.note_org_forces(s);
        }
        if phase == Phase::BattleResolution {
            // §46: a Fort's marker goes when a phase begins without adequate maskers.
            self.check_masks(s, ev);
            // §68: vedettes next to the enemy are revealed before vedette combats (§72–§73).
            self.reveal_vedettes(s, ev);
        }
        if phase == Phase::Morale {
            // ¶53: the Morale Phase's checks, none of them a decision; the phase then ends.
            self.morale_phase(s, ev);
            self.end_phase(s, phase, ev);
        }
    }

    /// The phase after `phase` (¶41–¶54), or the next Player-Turn or Game-Turn.
    fn end_phase(&self, s: &mut State, phase: Phase, ev: &mut Vec<Event>) {
        if phase == Phase::InitiativeMovement {
            // ¶80 2: forces that shared a hex as the Movement Phase began and still do.
            self.part_shared(s, ev);
        }
        // ¶141 1: at most 48 SP a hex at the end of every phase and segment.
        self.relieve_stacks(s, ev);
        if phase == Phase::BattleResolution {
            // ¶22: leaders are hidden again at the end of the Combat Phase.
            for l in &mut s.leaders {
                l.revealed = false;
            }
        }
        let next = PLAYER_TURN
            .iter()
            .position(|p| *p == phase)
            .and_then(|i| PLAYER_TURN.get(i + 1));
        if let Some(&p) = next {
            self.enter(s, p, ev);
            return;
        }
        // IV ends the Player-Turn (¶54).
        if s.phasing == self.params.first_player {
            s.phasing = s.phasing.other();
            self.begin_player_turn(s, ev);
            return;
        }
        if s.turn >= self.params.last_turn {
            // §212: the scenario ends with its End Date's turn.
            s.phase = Phase::Over;
            s.result = Some(self.outcome(s));
            ev.push(Event::PhaseBegins { phase: Phase::Over });
            return;
        }
        s.turn += 1;
        s.weather = None;
        s.guard_loss_this_turn = false;
        s.phase = Phase::Weather;
        ev.push(Event::TurnBegins { turn: s.turn });
        ev.push(Event::PhaseBegins {
            phase: Phase::Weather,
        });
    }

    /// §214: the French Victory Points, and who wins (reading A13: a positive total is a French
    /// win, a negative a Coalition win, zero a draw).
    pub fn outcome(&self, s: &State) -> Outcome {
        let vp = loss_points(
            u32::from(s.lost[COALITION.index()]),
            u32::from(s.lost[FRENCH.index()]),
        ) + morale_points(self.params.morale, s.morale);
        let (winner, level) = match vp.signum() {
            1 => (Some(FRENCH), "French victory"),
            -1 => (Some(COALITION), "Coalition victory"),
            _ => (None, "draw"),
        };
        Outcome {
            winner,
            level: String::from(level),
            points: [vp, -vp],
            rule: Cow::Borrowed("§214"),
        }
    }

    /// A hex's printed id.
    pub fn label(&self, h: Hex) -> String {
        super::hhex::label(h)
    }

    fn vedette_name(&self, v: u16) -> String {
        self.manifest
            .vedettes
            .get(usize::from(v))
            .map_or_else(|| format!("#{v}"), |x| format!("{} ({})", x.name, x.id))
    }
}

/// The hexes within `r` of `center`, the center included.
fn within(center: Hex, r: i16) -> Vec<Hex> {
    let mut out = Vec::new();
    for dq in -r..=r {
        for dr in (-r).max(-dq - r)..=r.min(-dq + r) {
            out.push(Hex::new(center.q + dq, center.r + dr));
        }
    }
    out
}
