//! The optional rule "The Sound of the Guns" (§184–§186, scenario option `sound-of-the-guns`,
//! off by default). A non-phasing force whose Forced March roll failed in this Combat Phase
//! (§185; reading N70: a modified roll above the Force Leader's Initiative, ¶102, even one
//! that let it spend 1 MP, ¶103), and that began the phase within 3 hexes of a friendly force
//! attacked in a battle, may roll its Forced March again when that battle is about to go to
//! its second round (§186), once. If the roll passes (¶102: at or below the Initiative) it
//! marches straight to the battle (reading N71: it must end next to a defending hex and to the
//! attacking force, the only hexes from which it can fight, and every step brings it one hex
//! nearer the nearest such hex), under the Forced March rules (¶143), and checks attrition on arrival (¶136–¶137,
//! with the Forced March "+"). A force that arrives joins the defence as round two begins: its
//! hex is one of the hexes the phasing player re-attacks and it may counterattack (¶199–¶202).
//! A failed or stranded force stays where it is.

use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{
    Activation, FailedForcedMarch, LeaderId, March, MarchStage, SoundCall, State,
};
use super::march::StepCost;
use crate::engine::Illegal;
use crate::hex::{Direction, Hex};

/// The scenario option of §184–§186.
pub const SOUND_OF_THE_GUNS: &str = "sound-of-the-guns";

impl Hov {
    /// §185: records a failed Forced March roll (with the option on): the force and the hex its
    /// march began in, where it stood when the Combat Phase began.
    pub(crate) fn note_failed_forced(&self, s: &mut State, m: &March, passed: bool) {
        if passed
            || m.how != Activation::ForcedMarch
            || m.vedette.is_some()
            || s.sound.is_some()
            || !self.option(SOUND_OF_THE_GUNS)
            || s.failed_forced.iter().any(|f| f.leader == m.leader)
        {
            return;
        }
        s.failed_forced.push(FailedForcedMarch {
            leader: m.leader,
            from: m.path.first().copied().unwrap_or_default(),
        });
    }

    /// §186: before a battle's second round, opens the call to the guns when the option is on
    /// and some force of §185 may answer it. `true` when the call is open (the round waits).
    /// Called once per battle (combat/rounds.rs `next_round`).
    pub fn call_to_the_guns(&self, s: &mut State) -> bool {
        if !self.option(SOUND_OF_THE_GUNS) || s.sound.is_some() {
            return false;
        }
        let Some(b) = &s.battle else { return false };
        let Some(&key) = b.first_attackers.first() else {
            return false;
        };
        if b.round != 1 || s.sounded.contains(&key) {
            return false;
        }
        let attackers: Vec<Hex> = b
            .first_attackers
            .iter()
            .filter_map(|&l| self.hex_of(s, l))
            .collect();
        let call = SoundCall {
            defenders: b.first_defenders.clone(),
            attackers,
            tried: Vec::new(),
        };
        s.sounded.push(key);
        if self.sound_candidates(s, &call).is_empty() {
            return false;
        }
        s.sound = Some(call);
        true
    }

    /// §185: the forces that may answer the call, in leader order: non-phasing forces still on
    /// the map whose Forced March failed this Combat Phase, which began it within 3 hexes of a
    /// defending hex, have not fought this phase nor tried this call, are not already next to
    /// the battle, and have a straight way to it within their full allowance.
    pub fn sound_candidates(&self, s: &State, call: &SoundCall) -> Vec<LeaderId> {
        let mut out: Vec<LeaderId> = Vec::new();
        for f in &s.failed_forced {
            let l = f.leader;
            if out.contains(&l)
                || call.tried.contains(&l)
                || s.fought.contains(&l)
                || self.leader_side(l) != Some(s.phasing.other())
                || !self.is_force(s, l)
                || !call.defenders.iter().any(|d| d.distance(f.from) <= 3)
            {
                continue;
            }
            let Some(at) = self.hex_of(s, l) else {
                continue;
            };
            if call.defenders.contains(&at) || Self::sound_goal(call, at) {
                continue;
            }
            let mut m = self.new_march(s, l, Activation::ForcedMarch, MarchStage::Moving);
            m.from_ezoc = false;
            if self.sound_reach(s, &m, call) {
                out.push(l);
            }
        }
        out.sort_unstable();
        out
    }

    /// Reading N71: where a force marching to the guns may stop: next to a defending hex and to
    /// the attacking force.
    pub fn sound_goal(call: &SoundCall, h: Hex) -> bool {
        call.defenders.iter().any(|d| d.distance(h) == 1)
            && call.attackers.iter().any(|a| a.distance(h) == 1)
    }

    /// The hexes of reading N71 around the battle.
    fn sound_goals(call: &SoundCall) -> Vec<Hex> {
        let mut out: Vec<Hex> = Vec::new();
        for d in &call.defenders {
            for k in Direction::ALL {
                let n = d.neighbor(k);
                if Self::sound_goal(call, n)
                    && !call.defenders.contains(&n)
                    && !call.attackers.contains(&n)
                    && !out.contains(&n)
                {
                    out.push(n);
                }
            }
        }
        out
    }

    /// How far `h` is from the nearest hex where the march may end.
    fn sound_distance(goals: &[Hex], h: Hex) -> u32 {
        goals
            .iter()
            .map(|g| g.distance(h))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// §186, reading N71: the steps that bring march `m` one hex nearer a hex where it may stop,
    /// under the Forced March rules (no repulse on the way), with their costs.
    fn sound_next(&self, s: &State, m: &March, call: &SoundCall) -> Vec<(Hex, StepCost)> {
        let mut out = Vec::new();
        let Some(&at) = m.path.last() else {
            return out;
        };
        if m.stopped || Self::sound_goal(call, at) {
            return out;
        }
        let goals = Self::sound_goals(call);
        let here = Self::sound_distance(&goals, at);
        for d in Direction::ALL {
            let to = at.neighbor(d);
            if Self::sound_distance(&goals, to).saturating_add(1) != here {
                continue;
            }
            if let Ok(c) = self.check_step(s, m, to)
                && !c.repulse
            {
                out.push((to, c));
            }
        }
        out
    }

    /// Whether march `m` can still reach a hex of the battle straight on.
    fn sound_reach(&self, s: &State, m: &March, call: &SoundCall) -> bool {
        let Some(&at) = m.path.last() else {
            return false;
        };
        if Self::sound_goal(call, at) {
            return true;
        }
        self.sound_next(s, m, call).into_iter().any(|(to, c)| {
            let mut n = m.clone();
            n.spent_inf = n.spent_inf.plus(c.inf);
            n.spent_cav = n.spent_cav.plus(c.cav);
            n.path.push(to);
            n.stopped = c.bond;
            self.sound_reach(s, &n, call)
        })
    }

    /// The steps a force marching to the guns may take now: those after which it can still
    /// arrive.
    pub fn sound_steps(&self, s: &State, m: &March, call: &SoundCall) -> Vec<Hex> {
        self.sound_next(s, m, call)
            .into_iter()
            .filter(|&(to, c)| {
                let mut n = m.clone();
                n.spent_inf = n.spent_inf.plus(c.inf);
                n.spent_cav = n.spent_cav.plus(c.cav);
                n.path.push(to);
                n.stopped = c.bond;
                self.sound_reach(s, &n, call)
            })
            .map(|(to, _)| to)
            .collect()
    }

    /// The non-phasing player's decisions while the call is open: a force's new Forced March
    /// roll, or `Done`; on the march, its steps, and `Done` once it has arrived (or can go no
    /// further).
    pub(crate) fn sound_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(call) = &s.sound else { return };
        if let Some(m) = &s.march {
            match m.stage {
                MarchStage::Initiative | MarchStage::Attrition => {
                    out.extend((1..=6).map(|value| {
                        Action::Roll(crate::dice::Roll {
                            spec: crate::dice::DiceSpec::D6,
                            value,
                        })
                    }));
                }
                MarchStage::Moving => {
                    out.extend(
                        self.sound_steps(s, m, call)
                            .into_iter()
                            .map(|to| Action::Step { to }),
                    );
                    let at = m.path.last().copied().unwrap_or_default();
                    if Self::sound_goal(call, at) || out.is_empty() {
                        out.push(Action::Done);
                    }
                }
            }
            return;
        }
        out.extend(
            self.sound_candidates(s, call)
                .into_iter()
                .map(|leader| Action::Initiative {
                    leader,
                    parts: Vec::new(),
                }),
        );
        out.push(Action::Done);
    }

    /// Applies a decision of the call to the guns; on error the state is unchanged.
    pub(crate) fn sound_step(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.sound_actions(s, &mut legal);
        if !legal.contains(a) {
            return Err(Illegal::new(
                "§185, §186",
                match &s.march {
                    Some(m) if m.stage == MarchStage::Moving => alloc::format!(
                        "{a:?}: a force marching to the sound of the guns goes straight to the battle, each step a hex nearer, and stops next to the defending hex and the attacker"
                    ),
                    Some(_) => alloc::string::String::from("a die (1d6) is rolled now"),
                    None => alloc::format!(
                        "{a:?}: only a force that failed its Forced March this Combat Phase, began it within 3 hexes of the defending hex and can reach the battle may try again, once, before the second round"
                    ),
                },
            ));
        }
        if let Some(m) = s.march.clone() {
            match (m.stage, a) {
                (MarchStage::Initiative, Action::Roll(r)) => {
                    self.initiative_rolled(s, m, r.value, ev);
                    // ¶102, ¶103: a roll above the Initiative is a failure: the force stays.
                    if let Some(m) = s.march.clone()
                        && m.one_mp
                    {
                        self.end_march(s, &m, "§186", ev);
                    }
                }
                (MarchStage::Attrition, Action::Roll(r)) => {
                    self.attrition_rolled(s, &m, r.value, ev);
                }
                (MarchStage::Moving, Action::Step { to }) => self.step_to(s, m, *to, ev)?,
                (MarchStage::Moving, _) => self.march_done(s, m, ev),
                _ => {}
            }
            return Ok(());
        }
        match a {
            Action::Initiative { leader, .. } => {
                let m = self.new_march(s, *leader, Activation::ForcedMarch, MarchStage::Initiative);
                if let Some(call) = &mut s.sound {
                    call.tried.push(*leader);
                }
                s.march = Some(m);
            }
            _ => self.close_call(s, ev),
        }
        Ok(())
    }

    /// §186: the call is over: the forces that arrived join the battle as its second round
    /// begins, and the battle goes on (combat/rounds.rs `next_round`).
    fn close_call(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(call) = s.sound.take() else { return };
        let side = s.phasing.other();
        for &l in &call.tried {
            let Some(at) = self.hex_of(s, l) else {
                continue;
            };
            if !self.is_force(s, l) || !Self::sound_goal(&call, at) {
                continue;
            }
            if let Some(b) = &mut s.battle
                && !b.first_defenders.contains(&at)
            {
                b.first_defenders.push(at);
            }
            if !s.fought.contains(&l) {
                s.fought.push(l);
            }
            ev.push(Event::ToTheGuns {
                side,
                leader: l,
                hex: at,
            });
        }
        self.next_round(s, ev);
    }
}
