//! AUS 3.1: where the Tsar and the Kaiser may stand.
//!
//! Each Emperor keeps to his own nation: Alexander (Russian) and Francis (Austrian) may not
//! share a hex with a combat unit of the other nation, and at the end of the Allied Movement
//! Phase each must be with the Army HQ or with a combat unit of his own nation, when he can
//! still get to one that phase.
//!
//! Reading (coverage row AUS 3.1): "unit" here means a combat unit. Leaders and HQs do not
//! count, for the scenario 7.3 set-up itself stacks both Emperors with Katusov (a Russian
//! leader) and the Army HQ. The ban holds for every entry into a hex (a step, a reinforcement
//! entering, a set-up placement); forced moves (retreats, displacement) are not refused.

use alloc::format;

use crate::engine::Illegal;
use crate::hex::Hex;
use crate::nbs::Nbs;
use crate::nbs::query::Occ;
use crate::nbs::state::{State, UnitId};
use crate::nbs::types::UnitKind;
use crate::nbs::units::Rank;

impl Nbs {
    /// Whether `u` is one of the Emperors (AUS 3.1).
    fn is_emperor(&self, u: UnitId) -> bool {
        self.units[usize::from(u)].rank == Rank::Emperor
            && self.units[usize::from(u)].kind == UnitKind::Leader
    }

    /// The Emperor and the combat unit of the other nation that `u` would stand with if it
    /// entered a hex holding `others` (AUS 3.1).
    pub(in crate::nbs) fn emperor_clash(
        &self,
        u: UnitId,
        others: impl Iterator<Item = UnitId>,
    ) -> Option<(UnitId, UnitId)> {
        let me = &self.units[usize::from(u)];
        let emperor = self.is_emperor(u);
        for x in others.filter(|&x| x != u) {
            let it = &self.units[usize::from(x)];
            if it.side != me.side {
                continue;
            }
            if emperor && it.combat() && it.nation != me.nation {
                return Some((u, x));
            }
            if me.combat() && self.is_emperor(x) && it.nation != me.nation {
                return Some((x, u));
            }
        }
        None
    }

    /// [`Self::emperor_clash`] for a step into `to`, reading the listing's index; cheap when
    /// neither the mover nor anyone at `to` is an Emperor.
    pub(in crate::nbs) fn emperor_clash_at(
        &self,
        s: &State,
        occ: &Occ,
        u: UnitId,
        to: Hex,
    ) -> bool {
        if self.emperors.is_empty() {
            return false;
        }
        let mover = self.emperors.contains(&u);
        if !mover
            && !self
                .emperors
                .iter()
                .any(|&e| s.units[usize::from(e)].hex() == Some(to))
        {
            return false;
        }
        self.emperor_clash(u, self.occ_at(occ, to)).is_some()
    }

    /// [`Self::emperor_clash`] for an entry into `to`, read from the state.
    pub(in crate::nbs) fn emperor_entry_check(
        &self,
        s: &State,
        u: UnitId,
        to: Hex,
    ) -> Result<(), Illegal> {
        let Some(&e) = self.emperors.first() else {
            return Ok(());
        };
        if self.units[usize::from(u)].side != self.units[usize::from(e)].side {
            return Ok(());
        }
        let here =
            (0..s.units.len() as UnitId).filter(|&x| s.units[usize::from(x)].hex() == Some(to));
        match self.emperor_clash(u, here) {
            Some((e, x)) => Err(self.clash_error(e, x)),
            None => Ok(()),
        }
    }

    pub(in crate::nbs) fn clash_error(&self, e: UnitId, x: UnitId) -> Illegal {
        Illegal::new(
            "AUS 3.1",
            format!(
                "{} may not stack with {}, a unit of the other nation",
                self.name(e),
                self.name(x)
            ),
        )
    }

    /// AUS 3.1 at the end of the Allied Movement Phase: an Emperor on the map who stands with
    /// neither the Army HQ nor a combat unit of his nation must go toward the nearest such
    /// hex while he has the MPs to reach it and a step that brings him closer (as 10.5a
    /// treats a unit out of command radius). Returns the Emperor and the refusal.
    pub(in crate::nbs) fn emperor_astray(&self, s: &State, occ: &Occ) -> Option<(UnitId, Illegal)> {
        for &e in &self.emperors {
            let st = &s.units[usize::from(e)];
            let Some(h) = st.hex() else { continue };
            if self.units[usize::from(e)].side != self.phasing(s) || self.emperor_home(s, e, h) {
                continue;
            }
            let Some(near) = self.home_distance(s, e, h) else {
                continue;
            };
            // A step costs at least half an MP: beyond this many hexes he cannot get there.
            let left = self.allowance(s, e).saturating_sub(st.spent);
            if near > u32::from(left) {
                continue;
            }
            let closer = self.listed_steps_where(s, occ, e, |n| {
                self.home_distance(s, e, n).is_some_and(|d| d < near)
            });
            if closer {
                return Some((
                    e,
                    Illegal::new(
                        "AUS 3.1",
                        format!(
                            "{} must go on toward the Army HQ or a unit of his nation",
                            self.name(e)
                        ),
                    ),
                ));
            }
        }
        None
    }

    /// Hexes from `h` to the nearest hex holding the Army HQ or a combat unit of Emperor
    /// `e`'s nation.
    pub(in crate::nbs) fn home_distance(&self, s: &State, e: UnitId, h: Hex) -> Option<u32> {
        let me = &self.units[usize::from(e)];
        s.units
            .iter()
            .enumerate()
            .filter(|&(i, x)| i != usize::from(e) && self.is_home_unit(me, i) && x.hex().is_some())
            .filter_map(|(_, x)| x.hex().map(|x| x.distance(h)))
            .min()
    }

    fn is_home_unit(&self, me: &crate::nbs::units::UnitInfo, i: usize) -> bool {
        let it = &self.units[i];
        it.side == me.side
            && ((it.combat() && it.nation == me.nation)
                || (it.kind == UnitKind::Hq && it.corps == "Army"))
    }

    /// Whether hex `h` holds the Army HQ or a combat unit of Emperor `e`'s nation.
    fn emperor_home(&self, s: &State, e: UnitId, h: Hex) -> bool {
        let me = &self.units[usize::from(e)];
        s.units
            .iter()
            .enumerate()
            .any(|(i, x)| x.hex() == Some(h) && self.is_home_unit(me, i))
    }
}
#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use crate::engine::{Rules, Side};
    use crate::hex::{Facing, Hex};
    use crate::nbs::state::{Phase, Place};
    use crate::nbs::tests::{apply, empty, id, put, rules};
    use crate::nbs::types::Formation;
    use crate::nbs::units::Nation;
    use crate::nbs::{Action, Nbs};

    fn combat_of(r: &Nbs, nation: Nation) -> crate::nbs::UnitId {
        (0..r.units.len() as u16)
            .find(|&u| {
                let i = &r.units[usize::from(u)];
                i.side == Side(1) && i.nation == nation && i.kind == super::UnitKind::Infantry
            })
            .unwrap()
    }

    /// AUS 3.1: an Emperor may not step into a hex with a combat unit of the other nation,
    /// nor such a unit into his; leaders of the other nation and the Army HQ do not count.
    #[test]
    fn aus3_1_emperors_never_stack_with_the_other_nation() {
        let r = rules("nbs/austerlitz-3");
        let mut s = empty(&r, Phase::Movement);
        s.player_turn = 0; // the Allies move
        let (alex, francis) = (id(&r, "L-Alexander-I"), id(&r, "L-Francis-I"));
        let (rus, aus) = (
            combat_of(&r, Nation::Russian),
            combat_of(&r, Nation::Austrian),
        );
        let a = r.board.grid.parse("A40.20").unwrap();
        let b = Hex::new(a.q + 1, a.r); // a neighbour
        assert_eq!(a.distance(b), 1);
        let f = Facing::new(0).unwrap();
        put(&mut s, alex, a, f, Formation::None);
        put(&mut s, rus, a, f, Formation::Column);
        put(&mut s, aus, b, f, Formation::Column);
        put(&mut s, francis, b, f, Formation::None);
        let mut v = Vec::new();
        r.legal_actions(&s, &mut v);
        let step = |u, to| Action::Step { unit: u, to };
        assert!(
            !v.contains(&step(alex, b)),
            "Alexander into an Austrian brigade's hex"
        );
        assert!(
            !v.contains(&step(aus, a)),
            "an Austrian brigade into the Tsar's hex"
        );
        let e = r.applied(&s, &step(alex, b)).unwrap_err();
        assert_eq!(e.rule, "AUS 3.1");
        assert!(e.reason.contains("other nation"), "{e}");
        assert_eq!(r.applied(&s, &step(aus, a)).unwrap_err().rule, "AUS 3.1");
        // The other Emperor and the Army HQ may join him.
        let hq = id(&r, "HQ-Allied-Army");
        put(&mut s, hq, b, f, Formation::None);
        s.units[usize::from(aus)].place = Place::Off;
        s.units[usize::from(rus)].place = Place::Off;
        let s2 = apply(&r, &s, step(francis, a)).0;
        let s2 = apply(&r, &s2, step(hq, a)).0;
        assert_eq!(s2.units[usize::from(hq)].place, Place::At(a));
    }

    /// AUS 3.1: an Emperor who has wandered off must end the Allied Movement Phase with the
    /// Army HQ or troops of his nation while he can still reach them.
    #[test]
    fn aus3_1_an_emperor_must_end_with_the_army_hq_or_his_own_nation() {
        let r = rules("nbs/austerlitz-3");
        let mut s = empty(&r, Phase::Movement);
        s.player_turn = 0;
        let alex = id(&r, "L-Alexander-I");
        let rus = combat_of(&r, Nation::Russian);
        let a = r.board.grid.parse("A40.20").unwrap();
        let f = Facing::new(0).unwrap();
        put(&mut s, rus, a, f, Formation::Column);
        put(&mut s, alex, Hex::new(a.q + 2, a.r), f, Formation::None);
        let e = r.applied(&s, &Action::EndMovement).unwrap_err();
        assert_eq!(e.rule, "AUS 3.1");
        let mut v = Vec::new();
        r.legal_actions(&s, &mut v);
        assert!(!v.contains(&Action::EndMovement));
        // With him, the phase may end.
        put(&mut s, alex, a, f, Formation::None);
        assert!(r.applied(&s, &Action::EndMovement).is_ok());
    }

    /// AUS 3.1: a scenario that sets an Emperor up with the other nation's troops is refused.
    #[test]
    fn aus3_1_setup_with_the_other_nation_is_refused() {
        let lib = crate::data::Library::builtin().unwrap();
        let mut sc = lib.scenario("nbs/austerlitz-3").unwrap();
        let at = sc
            .scenario
            .setup
            .iter()
            .find(|p| p.unit == "L-Francis-I")
            .unwrap()
            .hex
            .clone();
        let r = rules("nbs/austerlitz-3");
        let rus = combat_of(&r, Nation::Russian);
        let p = sc
            .scenario
            .setup
            .iter_mut()
            .find(|p| p.unit == r.units[usize::from(rus)].id)
            .unwrap();
        p.hex = at;
        let text = alloc::format!("{}", Nbs::new(&sc).unwrap_err());
        assert!(
            text.contains("AUS 3.1") && text.contains("other nation"),
            "{text}"
        );
    }
}
