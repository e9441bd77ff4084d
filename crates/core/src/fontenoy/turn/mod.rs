//! 4.0 the Game Turn: A Army Morale (on ":00" turns), B Initiative Determination (6.1, 6.7,
//! 6.9), C Division Activations (6.3–6.6, 6.8), D the Rally Phase (4.0D), E the Technical
//! Phase (4.0E), in the order of digest §3.0 (4.0's text prints them out of order).
//!
//! Each phase is driven by the pending [`Step`](super::state::Step) on top of the state's stack:
//! a die to roll or a decision of one side. What has a single outcome happens inside `apply`.

pub mod activation;
mod fastplay;
pub mod initiative;
pub mod special;
mod special_attach;
mod vive;

use alloc::format;
use alloc::vec::Vec;

use super::Fontenoy;
use super::action::Action;
use super::event::Event;
use super::state::{Act, Phase, State, Step};
use super::units::DivId;
use crate::engine::{Illegal, Side};

impl Fontenoy {
    /// The Divisions of `side` not yet activated this turn (6.3a) that have something to
    /// activate: a commander or a combat unit on the map.
    pub fn open_divisions<'a>(
        &'a self,
        s: &'a State,
        side: Side,
    ) -> impl Iterator<Item = DivId> + 'a {
        self.org.divisions_of(side).filter(move |&d| {
            if s.division_done(d) || self.column_holds_division(s, d) || s.orgs.dissolved(d) {
                // F-7.1c A: a Division the Infernal Column holds activates only with it;
                // F-4.2d: a dissolved Division is no more.
                return false;
            }
            let div = &self.org.divisions[usize::from(d)];
            let dc = self.division_commander(s, d);
            div.units.iter().chain(dc.iter()).any(|&u| {
                let unit = s.unit(u);
                unit.on_map() && unit.act == Act::Unactivated
            })
        })
    }

    /// Whether `side` has a Division left to activate.
    pub fn has_open_division(&self, s: &State, side: Side) -> bool {
        self.open_divisions(s, side).next().is_some()
    }

    /// Starts turn index `s.turn` (4.0): the Army Morale Check Phase on ":00" turns, then
    /// Initiative.
    pub(crate) fn begin_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::TurnBegins {
            time: self.time(s.turn).into(),
        });
        // 22.1 reinforcements, then 4.0A the Army Morale Check Phase on ":00" turns (23.0,
        // F-2.3), then Initiative.
        s.phase = Phase::ArmyMorale;
        self.turn_start(s, ev);
    }

    /// Phase B (6.1), or the Rally Phase when neither side has a Division left (4.0C).
    pub(crate) fn to_initiative(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.activation = None;
        // F-4.2d: from 10:00 the Allies may declare Ingoldsby's Division dissolved.
        if self.dissolve_turn_start(s) {
            return;
        }
        // F-7.1a: the Infernal Column's decisions before the turn's first roll.
        if self.infernal_turn_start(s, ev) {
            return;
        }
        let open = [
            self.has_open_division(s, Side(0)),
            self.has_open_division(s, Side(1)),
        ];
        if !open[0] && !open[1] {
            self.to_rally(s, ev);
            return;
        }
        s.phase = Phase::Initiative;
        // F-5.2b: the last turn of fast play has no dice.
        match self.initiative_now(s) {
            super::Initiative::Fixed(order) => {
                // F-10.1a A: no dice; the first side of the order with a Division left.
                // F-5.2b: on fast play's last turn the two armies keep pace.
                let side = if self.road_turn(s) {
                    self.road_turn_side(s, open)
                } else if open[order[0].index()] {
                    order[0]
                } else {
                    order[1]
                };
                s.steps.push(Step::ChooseDivision { side });
            }
            super::Initiative::Rolled => s.steps.push(Step::InitiativeDice { french: None }),
        }
    }

    /// The initiative dice are both rolled: `dice[side]`.
    pub(crate) fn initiative_dice(&self, s: &mut State, dice: [u8; 2], ev: &mut Vec<Event>) {
        let ratings = self.initiative_ratings(s);
        let r = initiative::resolve(dice, &ratings);
        let totals = match r.decision {
            initiative::Decision::Won { totals, .. } => Some(totals),
            _ => None,
        };
        ev.push(Event::Initiative {
            dice,
            totals,
            marker: r.advances_marker,
        });
        if r.advances_marker && !s.end_of_turn {
            s.eot_box = s.eot_box.saturating_add(1);
            if s.eot_box >= self.eot_boxes {
                // 6.7a: END reached.
                s.end_of_turn = true;
                ev.push(Event::EndOfTurn);
            }
        }
        match r.decision {
            initiative::Decision::Reroll { double_zero } => {
                ev.push(Event::Reroll { double_zero });
                if double_zero && self.scenario_rules.army.double_zero && !s.double_zero_used {
                    // F-2.12: every army checks its morale, then the dice are rolled again.
                    self.double_zero_check(s, ev);
                } else {
                    s.steps.push(Step::InitiativeDice { french: None });
                }
            }
            initiative::Decision::Special { side, die } => {
                s.specials = s.specials.saturating_add(1);
                self.special_initiative(s, side, die, ev);
            }
            initiative::Decision::Won { winner, wing, .. } => {
                // F-5.2a A: no Wing Activation rolls under fast play.
                let wing = self.fast_wing(s, winner, wing);
                ev.push(Event::InitiativeWon { side: winner, wing });
                self.after_win(s, winner, wing);
            }
        }
    }

    /// 6.1a: the winner chooses, or (4.0B note) the only side with Divisions left activates.
    fn after_win(&self, s: &mut State, winner: Side, wing: bool) {
        if wing && self.column_waits(s, winner) {
            // F-7.1a B: a delayed Infernal Column activates by a Wing Activation.
            s.steps.push(Step::InitiativeChoice { winner, wing });
            return;
        }
        let mine = self.has_open_division(s, winner);
        let theirs = self.has_open_division(s, winner.other());
        // F-3.4a: a French cavalry Wing is a Wing Activation too.
        let wing = wing
            && mine
            && (!self.open_wings(s, winner).is_empty()
                || !self.cavalry_wing_leaders(s, winner).is_empty());
        if mine && (theirs || wing) {
            s.steps.push(Step::InitiativeChoice { winner, wing });
        } else if mine {
            s.steps.push(Step::ChooseDivision { side: winner });
        } else {
            s.steps.push(Step::ChooseDivision {
                side: winner.other(),
            });
        }
    }

    /// The modified Command Ratings and WANs for an initiative roll (6.1b, 21.6a, 6.9b).
    fn initiative_ratings(&self, s: &State) -> initiative::Ratings {
        let rating = |side: usize| {
            let a = &s.armies[side];
            a.cinc.filter(|&c| s.unit(c).on_map()).map(|_| {
                let moved = if a.cinc_moved { 2 } else { 0 };
                (i16::from(a.command_rating) - moved - i16::from(a.rating_spent)).max(0) as u8
            })
        };
        let wan = |side: usize| {
            let a = &s.armies[side];
            a.cinc.filter(|&c| s.unit(c).on_map()).map(|_| a.wan)
        };
        // F-7.1b A: Cumberland's rating and the Allied WAN under the Infernal Column.
        let (allied, allied_wan) = self.column_ratings(s, rating(1), wan(1));
        initiative::Ratings {
            command: [rating(0), allied],
            wan: [wan(0), allied_wan],
            eotn: self.current_eotn(s),
            specials_open: self.special_limit.is_none_or(|l| s.specials < l),
        }
    }

    /// The legal actions of a turn-level step.
    pub(crate) fn step_actions(&self, s: &State, step: &Step, out: &mut Vec<Action>) {
        match *step {
            Step::InitiativeChoice { winner, wing } => {
                if self.has_open_division(s, winner) {
                    out.push(Action::ActivateOwn);
                }
                if self.has_open_division(s, winner.other()) {
                    out.push(Action::ForceOpponent);
                }
                if wing && !self.fast_play() {
                    for w in self.open_wings(s, winner) {
                        out.push(Action::WingActivation { wing: w });
                    }
                    if self.column_waits(s, winner) {
                        out.push(Action::Infernal(super::state::InfernalChoice::Activate));
                    }
                    for c in self.cavalry_wing_leaders(s, winner) {
                        out.push(Action::CavalryWing { commander: c });
                    }
                }
            }
            Step::ChooseDivision { side } => {
                for d in self.open_divisions(s, side) {
                    out.push(Action::Activate { division: d });
                }
                // F-3.3e (command/richelieu.rs).
                for c in self.own_commander_activations(s, side) {
                    out.push(Action::CommanderActivation { commander: c });
                }
                // F-3.3f, F-4.2c (command/leaders.rs).
                if !self.fast_play() {
                    for (c, d) in self.leader_activations(s, side) {
                        out.push(Action::LeaderActivation {
                            commander: c,
                            division: d,
                        });
                    }
                }
            }
            Step::WingDivisions {
                wing,
                undecided,
                joined,
            } => self.wing_join_actions(wing, undecided, joined, out),
            Step::Deploy { index } => self.deploy_actions(s, index, out),
            Step::PlaceRedoubt => self.redoubt_site_actions(s, out),
            Step::PlaceBarricades { .. } => self.barricade_place_actions(s, out),
            Step::RetreatChoice { .. } => self.retreat_actions(s, out),
            Step::RallyForm { unit } => self.rally_form_actions(s, unit, out),
            Step::ModeSetUp { unit, common } => self.mode_setup_actions(s, unit, common, out),
            Step::Fire(f) => self.fire_step_actions(s, f, out),
            Step::PlaceCommander { commander } => self.place_actions(s, commander, out),
            Step::ChooseCinc { side } => self.appoint_actions(s, side, out),
            Step::Displace { commander } => self.displace_actions(s, commander, out),
            Step::SendKing { mp, .. } => self.send_king_actions(s, mp, out),
            Step::MoraleSpend { track, .. } => self.spend_actions(s, track, out),
            Step::AlliedDetachment { leader } => self.allied_detachment_actions(s, leader, out),
            Step::DeclareRetreat { .. } => {
                out.push(Action::DeclareRetreat);
                out.push(Action::Pass);
            }
            Step::Dissolve { .. } => self.dissolve_actions(out),
            Step::Arrive { unit } => self.arrive_actions(s, unit, out),
            Step::GunsStay { unit, line } => self.guns_stay_actions(s, unit, &line, out),
            Step::TournayCall => self.tournay_call_actions(s, out),
            Step::LowendahlLead { .. } => {
                out.push(Action::LowendahlLead { alone: false });
                out.push(Action::LowendahlLead { alone: true });
            }
            Step::Close(ref c) => self.close_step_actions(s, c, out),
            Step::Special(sp) => self.special_actions(s, sp, out),
            Step::SpecialColumn { tied, .. } => Self::column_actions(tied, out),
            Step::Infernal(i) => self.infernal_actions(s, i, out),
            _ => {}
        }
    }

    /// Applies a decision at a turn-level step (the step is already popped).
    pub(crate) fn apply_step(
        &self,
        s: &mut State,
        step: Step,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match (step, a) {
            (Step::InitiativeChoice { winner, .. }, Action::ActivateOwn) => {
                if !self.has_open_division(s, winner) {
                    return Err(Illegal::new(
                        "6.3a",
                        "every Division of yours has been activated",
                    ));
                }
                s.steps.push(Step::ChooseDivision { side: winner });
                Ok(())
            }
            (Step::InitiativeChoice { winner, .. }, Action::ForceOpponent) => {
                if !self.has_open_division(s, winner.other()) {
                    return Err(Illegal::new(
                        "6.1e",
                        "the opponent has no Division left to activate",
                    ));
                }
                s.steps.push(Step::ChooseDivision {
                    side: winner.other(),
                });
                Ok(())
            }
            (Step::InitiativeChoice { winner, wing }, Action::WingActivation { wing: w }) => {
                if !wing || self.fast_play() {
                    return Err(Illegal::new(
                        "6.5a",
                        "a Wing Activation needs the winning die at or above the WAN and at least twice the loser's die",
                    ));
                }
                self.begin_wing(s, winner, *w, ev)
            }
            (Step::InitiativeChoice { winner, wing }, Action::Infernal(_)) => {
                // F-7.1a B (command/infernal.rs).
                self.column_by_wing(s, winner, wing, ev)
            }
            (Step::InitiativeChoice { winner, wing }, Action::CavalryWing { commander }) => {
                if !wing {
                    return Err(Illegal::new(
                        "F-3.4a",
                        "a cavalry Wing Activation needs the dice of a Wing Activation (6.5a)",
                    ));
                }
                self.begin_cavalry_wing(s, winner, *commander, ev)
            }
            (Step::ChooseDivision { side }, Action::Activate { division }) => {
                if !self.open_divisions(s, side).any(|d| d == *division) {
                    return Err(Illegal::new(
                        "6.3a",
                        format!(
                            "Division {division} is not one of this side's Divisions still to activate"
                        ),
                    ));
                }
                // F-5.4c: the retreating French cavalry as a Wing where it can be one.
                if let Some(c) = self.retreat_cavalry_leader(s, side, *division) {
                    return self.begin_cavalry_wing(s, side, c, ev);
                }
                // F-5.2a A–B: under fast play the whole Wing (turn/fastplay.rs).
                let (divisions, wing) = self.fast_divisions(s, side, *division);
                if let Some(wc) = wing.and_then(|w| self.wing_commander(s, w)) {
                    if s.unit(wc).on_map() && s.unit(wc).act == Act::Unactivated {
                        s.unit_mut(wc).act = Act::Active;
                    }
                }
                self.activate(s, side, divisions, wing, ev);
                Ok(())
            }
            (
                Step::ChooseDivision { side },
                Action::LeaderActivation {
                    commander,
                    division,
                },
            ) if !self.fast_play() => {
                self.begin_leader_activation(s, side, *commander, *division, ev)
            }
            (Step::ChooseDivision { side }, Action::CommanderActivation { commander }) => {
                self.begin_richelieu(s, side, *commander, ev)
            }
            (
                Step::WingDivisions {
                    wing,
                    undecided,
                    joined,
                },
                Action::WingJoin { division, join },
            ) => self.wing_join(s, wing, undecided, joined, *division, *join, ev),
            (Step::Deploy { index }, a) => self.apply_deploy(s, index, a, ev),
            (Step::PlaceRedoubt, a) => self.apply_place_redoubt(s, a, ev),
            (Step::PlaceBarricades { left }, a) => self.apply_place_barricade(s, left, a, ev),
            (Step::RetreatChoice { .. }, a) => self.apply_retreat_choice(s, a, ev),
            (Step::RallyForm { unit }, a) => self.apply_rally_form(s, unit, a, ev),
            (Step::ModeSetUp { unit, common }, a) => self.apply_mode_setup(s, unit, common, a, ev),
            (Step::Fire(f), a) => self.apply_fire_step(s, f, a, ev),
            (Step::PlaceCommander { commander }, a) => self.apply_place(s, commander, a, ev),
            (Step::ChooseCinc { side }, a) => self.apply_appoint(s, side, a, ev),
            (Step::Displace { commander }, a) => self.apply_displace(s, commander, a, ev),
            (Step::SendKing { mp, moved }, a) => self.apply_send_king(s, mp, moved, a, ev),
            (Step::MoraleSpend { track, column }, a) => self.apply_spend(s, track, column, a, ev),
            (Step::DeclareRetreat { side }, a) => self.apply_declare_retreat(s, side, a, ev),
            (
                Step::Dissolve {
                    division,
                    after_loss,
                },
                a,
            ) => self.apply_dissolve(s, division, after_loss, a, ev),
            (Step::AlliedDetachment { leader }, a) => {
                self.apply_allied_detachment(s, leader, a, ev)
            }
            (Step::Arrive { unit }, a) => self.apply_arrive(s, unit, a, ev),
            (Step::GunsStay { unit, line }, a) => self.apply_guns_stay(s, unit, line, a, ev),
            (Step::TournayCall, a) => self.apply_tournay_call(s, a, ev),
            (Step::LowendahlLead { at_start }, a) => self.apply_lowendahl_lead(s, at_start, a, ev),
            (Step::Close(c), a) => self.apply_close_step(s, c, a, ev),
            (Step::Special(sp), a) => self.apply_special_step(s, sp, a, ev),
            (
                Step::SpecialColumn {
                    roll,
                    check,
                    combat,
                    tied,
                },
                a,
            ) => self.apply_column(s, roll, check, combat, tied, a, ev),
            (Step::Infernal(i), a) => self.apply_infernal_step(s, i, a, ev),
            (step, a) => Err(Illegal::new(
                "engine",
                format!("{a:?} is not a decision at this point ({step:?})"),
            )),
        }
    }

    /// 4.0D: the Rally Phase begins with each player's die.
    pub(crate) fn to_rally(&self, s: &mut State, _ev: &mut Vec<Event>) {
        s.phase = Phase::Rally;
        s.activation = None;
        s.rally_first = None;
        s.steps.push(Step::RallyDice { french: None });
        // 24.3a: Detachments may rejoin in the Rally Phase.
        self.queue_rejoins(s);
    }

    /// The rally dice are rolled (4.0D): the higher rallies first; a tie rolls again (digest
    /// A9: the text gives no rule for a tie).
    pub(crate) fn rally_dice(&self, s: &mut State, dice: [u8; 2], ev: &mut Vec<Event>) {
        let first = match dice[0].cmp(&dice[1]) {
            core::cmp::Ordering::Greater => Some(Side(0)),
            core::cmp::Ordering::Less => Some(Side(1)),
            core::cmp::Ordering::Equal => None,
        };
        ev.push(Event::RallyOrder { dice, first });
        match first {
            None => s.steps.push(Step::RallyDice { french: None }),
            Some(side) => {
                // 19.5: Shaken units, then Routed units, take MC(I), the first side then the
                // other (checks/rally.rs).
                s.rally_first = Some(side);
                s.rally_stage = 0;
                self.rally_continue(s, ev);
            }
        }
    }

    /// 4.0E: FINISHED markers off, commanders flipped back, the Hour Marker to the hour box,
    /// the clock 20 minutes on; the game ends after the scenario's last turn.
    pub(crate) fn technical_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::TurnEnds);
        for u in &mut s.units {
            u.act = Act::Unactivated;
            u.command = None;
            u.rally_tried = false;
        }
        for d in &mut s.divisions_done {
            *d = false;
        }
        s.eot_box = 0;
        s.end_of_turn = false;
        s.specials = 0;
        s.double_zero_used = false;
        // F-3.3d C: the artillery commanders' record lasts a turn.
        s.artillery = Default::default();
        // F-8.2a, F-8.2c: the markers come off in the Rally Phase; 24.2b lasts a turn.
        self.special_new_turn(s);
        s.rally_first = None;
        s.rally_stage = 0;
        for a in &mut s.armies {
            a.cinc_moved = false;
        }
        if usize::from(s.turn) + 1 >= self.turns.len() {
            // F-10.xd: the scenario's victory conditions decide.
            self.game_end(s, ev);
            return;
        }
        s.turn += 1;
        if self.time(s.turn).ends_with(":00") {
            // 23.2b: the Command Rating spent on Army Morale returns at the next hour.
            for a in &mut s.armies {
                a.rating_spent = 0;
            }
        }
        self.begin_turn(s, ev);
    }
}
