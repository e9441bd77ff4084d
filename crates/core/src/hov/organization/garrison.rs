//! Garrisons made and unmade in the Organization Segment (§23–§25, §51–§54): a garrison marker
//! not in use may be put in a friendly Citadel, Fortified Town or Capital City with 1 or 2 SP
//! taken from a unit there (§52); a garrison on the map may go on the track of a leader in its
//! hex, where it marches, fights and loses strength like a unit and costs 1 Subordination
//! (§25, §54). Absorption into an infantry unit is the Administrative Segment's (§53,
//! [`super::admin`]).

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::board::Settlement;
use super::super::event::Event;
use super::super::state::{GarrisonId, GarrisonPlace, State, UnitId};
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

impl Hov {
    fn garrison_label(&self, g: GarrisonId) -> String {
        self.manifest
            .garrisons
            .get(usize::from(g))
            .map_or_else(|| format!("#{g}"), |x| format!("{} ({})", x.name, x.id))
    }

    /// §52: whether garrison marker `g` may be put in fort `hex`: a Citadel, Fortified Town or
    /// Capital City, with no garrison of the side there already (reading N22), and a marker
    /// named for another town may not serve here.
    pub fn garrison_fits(&self, s: &State, g: GarrisonId, hex: Hex) -> bool {
        let info = &self.manifest.garrisons[usize::from(g)];
        let h = self.board.hex(hex);
        if !(h.settlement.fort() || h.capital || h.settlement == Settlement::Capital) {
            return false;
        }
        self.garrison_named_for(g, hex)
            && !s.garrisons.iter().enumerate().any(|(i, x)| {
                x.place == GarrisonPlace::Map(hex) && self.manifest.garrisons[i].side == info.side
            })
    }

    /// §51: whether garrison marker `g` may serve in `hex` by its name: a generic marker
    /// anywhere, a named one only in its town (names compared without case or umlauts, the
    /// markers spelling "koenigsberg" for Königsberg).
    pub fn garrison_named_for(&self, g: GarrisonId, hex: Hex) -> bool {
        fn fold(x: &str) -> String {
            x.to_lowercase()
                .replace('ö', "oe")
                .replace('ä', "ae")
                .replace('ü', "ue")
        }
        match self.manifest.garrisons[usize::from(g)].town.as_deref() {
            None | Some("generic") => true,
            Some(t) => self
                .board
                .place_name(hex)
                .is_some_and(|n| fold(n).contains(&fold(t))),
        }
    }

    pub(crate) fn garrison_candidates(
        &self,
        s: &State,
        side: Side,
        units: &[UnitId],
        c: &mut Vec<Action>,
    ) {
        for (g, x) in s.garrisons.iter().enumerate() {
            if self.manifest.garrisons[g].side != side {
                continue;
            }
            match x.place {
                GarrisonPlace::Available(t) if t <= s.turn => {
                    for &from in units {
                        for sp in 1..=2 {
                            c.push(Action::CreateGarrison {
                                garrison: g as GarrisonId,
                                from,
                                sp,
                            });
                        }
                    }
                }
                GarrisonPlace::Map(h) => {
                    for leader in self.leaders_in(s, side, h) {
                        c.push(Action::GarrisonToTrack {
                            garrison: g as GarrisonId,
                            leader,
                        });
                    }
                }
                _ => {}
            }
        }
    }

    pub(crate) fn garrison_apply(
        &self,
        s: &mut State,
        side: Side,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match *a {
            Action::CreateGarrison { garrison, from, sp } => {
                let gi = usize::from(garrison);
                let ok_marker = self
                    .manifest
                    .garrisons
                    .get(gi)
                    .is_some_and(|x| x.side == side)
                    && matches!(s.garrisons[gi].place, GarrisonPlace::Available(t) if t <= s.turn);
                if !ok_marker {
                    return Err(Illegal::new(
                        "§52 1, §53 2",
                        format!(
                            "garrison marker {} is not free now",
                            self.garrison_label(garrison)
                        ),
                    ));
                }
                let Some(h) = self
                    .unit_hex(s, from)
                    .filter(|_| self.manifest.units[usize::from(from)].side == side)
                else {
                    return Err(Illegal::new(
                        "§52",
                        "the SP come from a unit of the phasing player in play",
                    ));
                };
                if !self.garrison_fits(s, garrison, h) || self.holds_at(s, side.other(), h) {
                    return Err(Illegal::new(
                        "§52",
                        format!(
                            "{} may not garrison {}: a friendly Citadel, Fortified Town or Capital City without a garrison",
                            self.garrison_label(garrison),
                            self.label(h)
                        ),
                    ));
                }
                let have = s.units[usize::from(from)].sp;
                if !(1..=2).contains(&sp) || sp > have {
                    return Err(Illegal::new(
                        "§52 2",
                        format!(
                            "a garrison takes 1 or 2 SP; {} has {have}",
                            self.unit_label(from)
                        ),
                    ));
                }
                s.units[usize::from(from)].sp = have - sp;
                ev.push(Event::Strength {
                    side,
                    unit: from,
                    sp: have - sp,
                    rule: Cow::Borrowed("§52"),
                });
                let place = GarrisonPlace::Map(h);
                s.garrisons[gi] = super::super::state::Garrison { place, sp };
                ev.push(Event::GarrisonPlaced {
                    side,
                    garrison,
                    place,
                    sp,
                    rule: Cow::Borrowed("§52"),
                });
                Ok(())
            }
            Action::GarrisonToTrack { garrison, leader } => {
                let gi = usize::from(garrison);
                let at = match s.garrisons.get(gi).map(|x| x.place) {
                    Some(GarrisonPlace::Map(h)) if self.manifest.garrisons[gi].side == side => h,
                    _ => {
                        return Err(Illegal::new(
                            "§54",
                            format!(
                                "{} is not a garrison of the phasing player on the map",
                                self.garrison_label(garrison)
                            ),
                        ));
                    }
                };
                let here = self
                    .manifest
                    .leaders
                    .get(usize::from(leader))
                    .is_some_and(|x| x.side == side)
                    && self.leader_hex(s, leader) == Some(at);
                if !here {
                    return Err(Illegal::new(
                        "§54",
                        format!(
                            "{} is not a leader in the hex of {}",
                            self.leader_label(leader),
                            self.garrison_label(garrison)
                        ),
                    ));
                }
                let place = GarrisonPlace::Track(leader);
                s.garrisons[gi].place = place;
                ev.push(Event::GarrisonPlaced {
                    side,
                    garrison,
                    place,
                    sp: s.garrisons[gi].sp,
                    rule: Cow::Borrowed("§54, §25"),
                });
                Ok(())
            }
            _ => Err(Illegal::new("¶43", "not a garrison decision")),
        }
    }
}
