//! Division Activation (6.3), Wing Activation (6.5), Restricted Activation (6.8) and the
//! segments of an activation in order (4.0C), to its completion (4.0C, 6.3d).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::{CommandBy, Event};
use super::super::occupancy::Occupancy;
use super::super::state::{Act, Activation, Phase, Segment, State, Step};
use super::super::types::Morale;
use super::super::types::Tracer;
use super::super::units::{DivId, UnitId, WingId};
use crate::engine::{Illegal, Side};

impl Fontenoy {
    /// The Wings of `side` that could make a Wing Activation now (6.5b, 21.6c): the Wing
    /// Commander on the map and not FINISHED, the army with a CinC (21.6a), and an unactivated
    /// Division of the Wing whose commander his Line of Command reaches (6.5c).
    pub fn open_wings(&self, s: &State, side: Side) -> Vec<WingId> {
        let army = &s.armies[side.index()];
        if army.cinc.is_none_or(|c| !s.unit(c).on_map()) {
            return Vec::new();
        }
        let o = Occupancy::build(self, s);
        self.org
            .wings
            .iter()
            .enumerate()
            .filter(|(_, w)| w.side == side)
            // F-7.1c A: Ligonier is no Wing Commander while the Infernal Column lasts.
            .filter(|(i, _)| !self.column_ignores_wing(s, *i as WingId))
            .filter(|(i, _)| self.wing_candidates_with(s, &o, *i as WingId) != 0)
            .map(|(i, _)| i as WingId)
            .collect()
    }

    /// The Wing's Divisions that may join its Wing Activation (6.5c): unactivated, with a
    /// Division Commander on the map whom the Wing Commander's LOC reaches (7.3); bits over the
    /// Wing's Division list. 0 when the Wing Commander is absent or FINISHED (6.5b).
    fn wing_candidates_with(&self, s: &State, o: &Occupancy, w: WingId) -> u32 {
        let wing = &self.org.wings[usize::from(w)];
        let Some(wc) = self.wing_commander(s, w) else {
            return 0;
        };
        let u = s.unit(wc);
        if !u.on_map() || u.act != Act::Unactivated {
            return 0;
        }
        let open: Vec<DivId> = self.open_divisions(s, wing.side).collect();
        let mut bits = 0u32;
        for (k, &d) in wing.divisions.iter().enumerate().take(32) {
            // 24.2a: a Wing Activation stays inside one force.
            if !open.contains(&d) || self.detachment_of(s, d) != self.force_of(s, wc) {
                continue;
            }
            let Some(dc) = self.division_commander(s, d) else {
                continue;
            };
            if s.unit(dc).on_map() && self.loc_reaches(s, o, wc, Tracer::ArmyOrWing, dc) {
                bits |= 1 << k;
            }
        }
        bits
    }

    /// 6.5b: the Wing Commander must be In Command: a Line of Command from the CinC (7.3), or
    /// his Initiative roll (7.4b).
    pub(crate) fn begin_wing(
        &self,
        s: &mut State,
        side: Side,
        w: WingId,
        _ev: &mut [Event],
    ) -> Result<(), Illegal> {
        if !self.open_wings(s, side).contains(&w) {
            return Err(Illegal::new(
                "6.5b",
                format!(
                    "Wing {w} cannot make a Wing Activation: its commander must be on the map and not FINISHED, with an unactivated Division within his Line of Command"
                ),
            ));
        }
        let wc = self.wing_commander(s, w).unwrap_or_default();
        let cinc = s.armies[side.index()].cinc;
        let o = Occupancy::build(self, s);
        // F-7.1c C: under the Infernal Column a Wing Commander rolls his Initiative.
        let by_loc = !self.column_bars_loc(s, side, wc)
            && cinc.is_some_and(|c| self.loc_reaches(s, &o, c, Tracer::ArmyOrWing, wc));
        if by_loc {
            self.wing_in_command(s, w, CommandBy::Loc);
        } else {
            s.steps.push(Step::WingInitiative { wing: w });
        }
        Ok(())
    }

    /// The Wing Commander is In Command: the player picks the joining Divisions (6.5c).
    fn wing_in_command(&self, s: &mut State, w: WingId, _by: CommandBy) {
        let o = Occupancy::build(self, s);
        let undecided = self.wing_candidates_with(s, &o, w);
        s.steps.push(Step::WingDivisions {
            wing: w,
            undecided,
            joined: 0,
        });
    }

    /// The Wing Commander's Initiative roll (7.4b): pass, the Wing Activation goes ahead;
    /// fail, he is FINISHED and play returns to Phase B.
    pub(crate) fn wing_initiative(&self, s: &mut State, w: WingId, roll: u8, ev: &mut Vec<Event>) {
        let wc = self.wing_commander(s, w).unwrap_or_default();
        let passed = self.commander_check(wc, roll, ev);
        if passed {
            self.wing_in_command(s, w, CommandBy::Initiative);
        } else {
            s.unit_mut(wc).act = Act::Finished;
            ev.push(Event::WingFailed { wing: w });
            self.to_initiative(s, ev);
        }
    }

    /// The next Division to decide in a Wing Activation.
    pub(crate) fn next_wing_candidate(&self, w: WingId, undecided: u32) -> Option<DivId> {
        (undecided != 0).then(|| {
            let k = undecided.trailing_zeros() as usize;
            self.org.wings[usize::from(w)].divisions[k]
        })
    }

    /// The choices for the next Division of a Wing Activation: join or stay. The last
    /// candidate must join if none has (a Wing Activation activates at least one Division).
    pub(crate) fn wing_join_actions(
        &self,
        w: WingId,
        undecided: u32,
        joined: u32,
        out: &mut Vec<Action>,
    ) {
        let Some(d) = self.next_wing_candidate(w, undecided) else {
            return;
        };
        out.push(Action::WingJoin {
            division: d,
            join: true,
        });
        if joined != 0 || undecided.count_ones() > 1 {
            out.push(Action::WingJoin {
                division: d,
                join: false,
            });
        }
    }

    /// Decides the next Division of a Wing Activation (6.5c).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn wing_join(
        &self,
        s: &mut State,
        w: WingId,
        undecided: u32,
        joined: u32,
        division: DivId,
        join: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if self.next_wing_candidate(w, undecided) != Some(division) {
            return Err(Illegal::new(
                "6.5c",
                format!("Division {division} is not the next Division to decide for this Wing"),
            ));
        }
        if !join && joined == 0 && undecided.count_ones() == 1 {
            return Err(Illegal::new(
                "6.5c",
                "a Wing Activation activates at least one of the Wing's Divisions",
            ));
        }
        let bit = 1u32 << undecided.trailing_zeros();
        let undecided = undecided & !bit;
        let joined = if join { joined | bit } else { joined };
        if undecided != 0 {
            s.steps.push(Step::WingDivisions {
                wing: w,
                undecided,
                joined,
            });
            return Ok(());
        }
        let wing = &self.org.wings[usize::from(w)];
        let divisions: Vec<DivId> = wing
            .divisions
            .iter()
            .enumerate()
            .filter(|(k, _)| joined & (1 << k) != 0)
            .map(|(_, &d)| d)
            .collect();
        let side = wing.side;
        let wc = self.wing_commander(s, w);
        self.activate(s, side, divisions.clone(), Some(w), ev);
        // 6.5c: the Wing Commander and the joining Division Commanders are In Command.
        if let Some(wc) = wc {
            s.unit_mut(wc).act = Act::Active;
            self.set_command(s, wc, CommandBy::Loc, ev);
        }
        for d in divisions {
            if let Some(dc) = self.division_commander(s, d) {
                self.set_command(s, dc, CommandBy::Loc, ev);
            }
        }
        Ok(())
    }

    /// Records a counter's command status (7.6a).
    pub(crate) fn set_command(&self, s: &mut State, u: UnitId, by: CommandBy, ev: &mut Vec<Event>) {
        s.unit_mut(u).command = Some(by != CommandBy::None);
        ev.push(Event::Command { unit: u, by });
    }

    /// Activates `divisions` of `side` (6.3): every unit of theirs not already activated by
    /// Attachment (6.3c) and not Routed (6.3e), and their commanders; Restricted once End of
    /// Turn has taken effect (6.7b).
    pub(crate) fn activate(
        &self,
        s: &mut State,
        side: Side,
        divisions: Vec<DivId>,
        wing: Option<WingId>,
        ev: &mut Vec<Event>,
    ) {
        for &d in &divisions {
            if let Some(done) = s.divisions_done.get_mut(usize::from(d)) {
                *done = true;
            }
            let div = &self.org.divisions[usize::from(d)];
            let dc = self.division_commander(s, d);
            for &u in div.units.iter().chain(dc.iter()) {
                if self.column_claims(s, u) {
                    continue; // F-7.1b B: the Infernal Column's units activate with it only
                }
                let unit = s.unit_mut(u);
                if unit.on_map() && unit.act == Act::Unactivated && unit.morale != Morale::Routed {
                    unit.act = Act::Active;
                }
            }
        }
        // 24.2b: an interrupted Detachment's Divisions are Restricted.
        let detached = self.detachment_activation(s, side, &divisions);
        // F-5.2b: fast play's last turn moves by Road Movement only (6.8b).
        let restricted = s.end_of_turn || detached || self.road_turn(s);
        ev.push(Event::Activated {
            side,
            divisions: divisions.clone(),
            wing,
            restricted,
        });
        s.phase = Phase::Activation;
        s.activation = Some(Self::new_activation(side, divisions, wing, restricted));
        // F-10.2a F: a Potential French Reinforcement Division activated.
        if let Some(a) = s.activation.as_ref() {
            let divs = a.divisions.clone();
            self.watch_activation(s, &divs);
        }
        // 21.5c, 21.5d: replacements and returning commanders are placed now.
        self.replacement_segment(s, ev);
    }

    /// A new activation record, at its first segment.
    pub(crate) fn new_activation(
        side: Side,
        divisions: Vec<DivId>,
        wing: Option<WingId>,
        restricted: bool,
    ) -> Activation {
        Activation {
            side,
            divisions,
            wing,
            restricted,
            segment: Segment::Replacement,
            designating: true,
            ndcs: Vec::new(),
            independents: Vec::new(),
            attached: Vec::new(),
            moving: Vec::new(),
            voluntary: Vec::new(),
            voluntary_passed: Vec::new(),
            voluntary_eligible: Vec::new(),
            voluntary_done: false,
            fire: Default::default(),
            close: None,
            passed: Vec::new(),
            reordered: Vec::new(),
            by_initiative: Vec::new(),
            infernal: false,
            outside: Vec::new(),
            lead: Default::default(),
            rear_exceptions: Vec::new(),
        }
    }

    /// Moves the activation to `seg`, skipping segments with nothing to decide.
    pub(crate) fn enter_segment(&self, s: &mut State, seg: Segment, ev: &mut Vec<Event>) {
        // F-6.9c C: whatever the last segment moved, the King's captors or rescuers.
        self.king_watch(s, ev);
        // F-4.2d: a declared dissolution once Ligonier or Cumberland is active.
        self.dissolve_when_activated(s, ev);
        // F-8.2: an activation made by a Special Initiative Result has only some segments.
        if s.activation.is_some() && self.special_skips(s, seg, ev) {
            return;
        }
        let Some(act) = s.activation.as_mut() else {
            return;
        };
        act.segment = seg;
        if seg == Segment::RallyDisordered {
            // 18.6 (checks/disorder.rs).
            self.rally_disordered_segment(s, ev);
        }
        if seg == Segment::Fire && self.skips_fire(s) {
            // 22.2: a whole Division arriving this turn has no Fire Combat Segment.
            ev.push(Event::SegmentEnds {
                rule: "22.2".into(),
            });
            self.enter_segment(s, Segment::Movement, ev);
        }
        if seg == Segment::Movement {
            // F-10.3e: off-map units entering with their Division's first activation.
            self.activation_entries(s);
            // 22.4: edge arrivals have paid their entry hex.
            self.charge_entries(s);
            // F-10.3a D: who begins outside the field's limit (movement/come_in.rs).
            self.note_outside(s);
            // F-8.2f: who must Forced March to attack (turn/vive.rs).
            self.vive_forced_marches(s);
        }
        if seg == Segment::CloseCombat {
            // 13.0 (close/declare.rs).
            self.begin_close(s);
        }
    }

    /// 17.0: a step or a facing change of `unit` may call for a Cavalry Reaction as well as a
    /// Fire Reaction (12.8c-d). A step that waits on a Fire Reaction before leaving its hex
    /// (12.8d) is made when it is asked for again, and the Cavalry Reaction comes then; a
    /// change that sets off both asks the passive player which comes first (17.0,
    /// `CloseStep::ReactionOrder`; until he answers the Fire Reaction is on top and the Cavalry
    /// Reaction under it; `pending` is the step stack's height before the action).
    fn after_move_reactions(&self, s: &mut State, unit: UnitId, pending: usize) {
        use super::super::state::{FireStep, Trigger};
        if let Some(Step::Fire(FireStep::Reaction {
            mover,
            trigger: Trigger::Leave,
            ..
        })) = s.steps.last()
        {
            if *mover == unit && s.steps.len() > pending {
                return;
            }
        }
        // 11.9c: a skirmisher's step waits on its roll to enter an enemy ZOC; it is made (and
        // reacted to) when asked for again.
        if let Some(Step::SkirmishEzoc { unit: u, .. }) = s.steps.last() {
            if *u == unit && s.steps.len() > pending {
                return;
            }
        }
        let above = s.steps.split_off(pending.min(s.steps.len()));
        let fire = above
            .iter()
            .any(|st| matches!(st, Step::Fire(FireStep::Reaction { .. })));
        let cavalry = !self.cavalry_reactors(s, unit).is_empty();
        self.cavalry_reaction_trigger(s, unit);
        s.steps.extend(above);
        if fire && cavalry {
            // 17.0: both set off by one change: the passive player orders them.
            s.steps
                .push(Step::Close(super::super::close::CloseStep::ReactionOrder {
                    mover: unit,
                }));
        }
    }

    /// The legal actions of the activation's decision points.
    pub(crate) fn activation_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(act) = &s.activation else { return };
        match act.segment {
            Segment::CommandControl => {
                if act.designating {
                    self.designation_actions(s, act, out);
                    // F-5.4c: a retreating French cavalry Wing takes every Division it can.
                    if !self.retreat_must_add(s, act) {
                        out.push(Action::EndDesignations);
                    }
                }
            }
            Segment::Movement => {
                // 19.10: Voluntary Routs come before any movement; once one is declared, the
                // declarations end before anything moves.
                self.voluntary_actions(s, out);
                if self.voluntary_pending(s) {
                    return;
                }
                self.movement_actions(s, out);
                // F-8.2f: a unit that must move does not end its move in place.
                self.vive_filter(s, out);
                if self.movement_may_end(s) {
                    out.push(Action::EndSegment);
                }
            }
            Segment::Fire => {
                self.fire_segment_actions(s, out);
                out.push(Action::EndSegment);
            }
            Segment::CloseCombat => self.close_segment_actions(s, out),
            Segment::Replacement | Segment::RallyDisordered => {}
        }
    }

    /// Applies a decision of the activation.
    pub(crate) fn apply_activation(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some(act) = s.activation.clone() else {
            return Err(Illegal::new("engine", "no activation is under way"));
        };
        match (act.segment, a) {
            (Segment::CommandControl, Action::EndDesignations) if act.designating => {
                if self.retreat_must_add(s, &act) {
                    return Err(Illegal::new(
                        "F-5.4c",
                        "a retreating army's cavalry Wing takes every cavalry Division its commander can add (AddDivision) before the designations end",
                    ));
                }
                if let Some(x) = s.activation.as_mut() {
                    x.designating = false;
                }
                // F-8.2a, F-8.2c: an extra segment goes straight to its segment.
                if let Some(seg) = self.special_extra_segment(s) {
                    self.enter_segment(s, seg, ev);
                    return Ok(());
                }
                self.command_progress(s, ev);
                Ok(())
            }
            (Segment::CommandControl, _) if act.designating => self.designate(s, &act, a, ev),
            (Segment::Movement, Action::VoluntaryRout { .. } | Action::EndVoluntaryRouts) => {
                self.apply_voluntary(s, a, ev)
            }
            (Segment::Movement, _) if self.voluntary_pending(s) => Err(Illegal::new(
                "19.10c",
                "the Voluntary Routs are declared before any unit moves: end the declarations first",
            )),
            (Segment::Movement, _) => {
                // F-8.2f: Forced March first where it lets a unit attack (turn/vive.rs).
                self.vive_forced_ok(s, a)?;
                let pending = s.steps.len();
                self.apply_movement(s, a, ev)?;
                if let Action::Step { unit, .. }
                | Action::Face { unit, .. }
                | Action::Wheel { unit, .. }
                | Action::ColumnTurn { unit, .. }
                | Action::Extend { unit, .. }
                | Action::Shrink { unit, .. }
                | Action::Rearward { unit, .. }
                | Action::Sidle { unit, .. }
                | Action::ByHand { unit, .. }
                | Action::RemoveBarricade { unit }
                | Action::EnterRedoubt { unit }
                | Action::Reform { unit, .. } = *a
                {
                    self.after_move_reactions(s, unit, pending);
                }
                // F-8.2f: a Vive le Roi! unit that changed place (turn/vive.rs).
                if let Action::Step { unit, .. }
                | Action::Sidle { unit, .. }
                | Action::Rearward { unit, .. }
                | Action::Wheel { unit, .. }
                | Action::ColumnTurn { unit, .. } = *a
                {
                    self.vive_record_move(s, unit);
                }
                // 8.5a: a split is a reformation in place: the subunits standing where the
                // parent stood may draw a Cavalry Reaction (17.0) as any change in place does.
                if let Action::Split { .. } = *a {
                    let first = ev.iter().rev().find_map(|e| match e {
                        Event::Split { subunits, .. } => subunits.first().map(|&(g, _)| g),
                        _ => None,
                    });
                    if let Some(g) = first {
                        self.after_move_reactions(s, g, pending);
                    }
                }
                Ok(())
            }
            (Segment::Fire, Action::Fire { .. }) => self.declare_fire(s, a, ev),
            (Segment::Fire, Action::EndSegment) => {
                ev.push(Event::SegmentEnds {
                    rule: "12.0".into(),
                });
                self.enter_segment(s, Segment::Movement, ev);
                Ok(())
            }
            (Segment::CloseCombat, a) => self.apply_close_segment(s, a, ev),
            (seg, a) => Err(Illegal::new(
                "4.0C",
                format!("{a:?} is not a decision of the {seg:?} segment"),
            )),
        }
    }

    /// Completing the Activation (4.0C, 6.3d): commanders flipped, FINISHED markers on the
    /// Independents and attached units, OUT OF COMMAND markers removed; back to Phase B.
    pub(crate) fn complete_activation(&self, s: &mut State, ev: &mut Vec<Event>) {
        // F-3.3d C, F-4.2f B: the artillery commanders who moved (command/artillery.rs).
        self.note_artillery_moves(s);
        let special = s.special.act.take();
        for u in &mut s.units {
            if u.act == Act::Active {
                u.act = Act::Finished;
            }
            u.command = None;
        }
        if let Some(sp) = special {
            // F-8.2a, F-8.2c: an extra segment leaves the activation state as it was.
            self.special_restore(s, sp);
        }
        ev.push(Event::ActivationComplete);
        s.activation = None;
        // F-10.xd: the watched places as the activation left them.
        self.watch_all(s, ev);
        if s.result.is_some() {
            return;
        }
        self.to_initiative(s, ev);
    }
}
