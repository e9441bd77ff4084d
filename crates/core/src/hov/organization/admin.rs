//! I.a The Administrative Segment (¶42 step 2, ¶58–¶60, §29–§33) and garrison absorption (§53).
//!
//! Each army has one active Supply Source (§30 1). Its marker may be flipped to be moved (§30 2):
//! while flipped no depot is active, so the army's forces have no Dispatch Distance — no
//! Movement Commands and the zero attrition line (§30 3, ¶57, §27 2: `movement/` reads
//! [`Hov::in_dispatch`]). In a later Administrative Segment of its side the marker is placed
//! face up on any of the army's Supply Source hexes free of enemy units. The active source holds
//! an intrinsic 1-SP garrison with a normal ZOC (¶59, §31: [`Hov::occupancy`] counts it as a
//! force). When that garrison is destroyed or made to retreat the source is captured (§32,
//! reading C10): the combat code calls [`Hov::supply_source_attacked`]. A captured marker
//! returns in a later friendly Administrative Segment at a Supply Source in communication and
//! free of enemy units and EZOCs (§33, ¶60 2, reading N16). In step 3 a garrison on the map
//! may be absorbed by an infantry unit of its nationality in its hex (§53).

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{GarrisonPlace, LeaderId, LeaderPlace, State, Supply, VedettePlace};
use super::super::types::{Arm, Army, Mp};
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

impl Hov {
    /// The Supply Source hexes where `army`'s marker may be placed now (§30 2, §33 1).
    pub fn supply_placements(&self, s: &State, army: Army) -> Vec<Hex> {
        let returning = match s.supply[army.index()] {
            Supply::Changing(t) if t < s.turn => false,
            Supply::Captured(t) if t < s.turn => true,
            _ => return Vec::new(),
        };
        let side = army.side();
        let o = self.occupancy(s);
        let mut out: Vec<Hex> = self
            .board
            .sources_of(army)
            .map(|x| x.hex)
            .filter(|&h| self.in_area(h) && !o.holds(side.other(), h))
            .filter(|&h| {
                !returning
                    || (!self.in_zoc_of(s, &o, side.other(), h, true)
                        && self.in_communication(s, army, h))
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The Administrative Segment's decisions for the phasing player, in a stable order.
    pub(crate) fn admin_actions(&self, s: &State, out: &mut Vec<Action>) {
        let side = s.phasing;
        for army in Army::ALL {
            if army.side() != side {
                continue;
            }
            if matches!(s.supply[army.index()], Supply::Active(_)) {
                out.push(Action::BeginSupplyChange { army });
            }
            out.extend(
                self.supply_placements(s, army)
                    .into_iter()
                    .map(|hex| Action::PlaceSupply { army, hex }),
            );
        }
        let mut absorb = Vec::new();
        for (g, x) in s.garrisons.iter().enumerate() {
            let GarrisonPlace::Map(h) = x.place else {
                continue;
            };
            if self.manifest.garrisons[g].side != side {
                continue;
            }
            for u in 0..s.units.len() {
                if self.unit_hex(s, u as u16) == Some(h) {
                    absorb.push(Action::AbsorbGarrison {
                        garrison: g as u16,
                        unit: u as u16,
                    });
                }
            }
        }
        self.keep_legal(s, absorb, Hov::admin_apply, out);
        out.push(Action::Done);
    }

    /// Applies one Administrative decision; `Ok(true)` when the segment ends. `s` may be
    /// changed on error: the caller works on a copy.
    pub(crate) fn admin_apply(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let side = s.phasing;
        match *a {
            Action::BeginSupplyChange { army } => {
                if army.side() != side {
                    return Err(Illegal::new(
                        "§30",
                        format!("the {army} army is not the phasing player's"),
                    ));
                }
                if !matches!(s.supply[army.index()], Supply::Active(_)) {
                    return Err(Illegal::new(
                        "§30",
                        format!("the {army} army has no active Supply Source to move"),
                    ));
                }
                s.supply[army.index()] = Supply::Changing(s.turn);
                ev.push(Event::SupplyChanging { army });
                Ok(())
            }
            Action::PlaceSupply { army, hex } => {
                if army.side() != side || !self.supply_placements(s, army).contains(&hex) {
                    return Err(Illegal::new(
                        "§30, §33",
                        format!(
                            "the {army} Supply Source marker may not be placed at {}: it goes, from the Administrative Segment after it was flipped or captured, on one of the army's Supply Sources free of enemy units (after a capture also of EZOCs, and in communication)",
                            self.label(hex)
                        ),
                    ));
                }
                s.supply[army.index()] = Supply::Active(hex);
                ev.push(Event::SupplyPlaced { army, hex });
                Ok(())
            }
            Action::AbsorbGarrison { garrison, unit } => {
                let gi = usize::from(garrison);
                let ui = usize::from(unit);
                let (Some(g), Some(info), Some(uinfo)) = (
                    s.garrisons.get(gi).copied(),
                    self.manifest.garrisons.get(gi),
                    self.manifest.units.get(ui),
                ) else {
                    return Err(Illegal::new("§53", "no such garrison or unit"));
                };
                let GarrisonPlace::Map(h) = g.place else {
                    return Err(Illegal::new(
                        "§53",
                        "only a garrison on the map is absorbed",
                    ));
                };
                if info.side != side
                    || uinfo.arm != Arm::Infantry
                    || uinfo.nationality != info.nationality
                    || self.unit_hex(s, unit) != Some(h)
                {
                    return Err(Illegal::new(
                        "§53",
                        format!(
                            "garrison {} ({}) is absorbed only by an infantry unit of its nationality in its hex",
                            info.name, info.id
                        ),
                    ));
                }
                let sp = s.units[ui].sp.saturating_add(g.sp);
                if sp > uinfo.max {
                    return Err(Illegal::new(
                        "§53, ¶74",
                        format!(
                            "{} would pass its Maximum Strength of {}",
                            self.unit_label(unit),
                            uinfo.max
                        ),
                    ));
                }
                s.units[ui].sp = sp;
                let place = GarrisonPlace::Available(s.turn.saturating_add(1));
                s.garrisons[gi] = super::super::state::Garrison { place, sp: 0 };
                ev.push(Event::GarrisonPlaced {
                    side,
                    garrison,
                    place,
                    sp: 0,
                    rule: Cow::Borrowed("§53"),
                });
                ev.push(Event::Strength {
                    side,
                    unit,
                    sp,
                    rule: Cow::Borrowed("§53"),
                });
                Ok(())
            }
            _ => Err(Illegal::new(
                "¶42",
                format!(
                    "`{}` is not a decision of the Administrative Segment",
                    a.name()
                ),
            )),
        }
    }

    /// §32, ¶60, reading C10: the garrison of an active Supply Source at `hex` has been
    /// destroyed or made to retreat by an attack or a repulse of `by`; each army of the other
    /// side whose active source stands there has it captured (its marker out of play until a
    /// later Administrative Segment, §33). Returns the armies captured. The combat code calls
    /// this.
    pub fn supply_source_attacked(
        &self,
        s: &mut State,
        hex: Hex,
        by: Side,
        ev: &mut Vec<Event>,
    ) -> Vec<Army> {
        let mut out = Vec::new();
        for army in Army::ALL {
            if army.side() != by && s.supply[army.index()] == Supply::Active(hex) {
                s.supply[army.index()] = Supply::Captured(s.turn);
                ev.push(Event::SupplyCaptured { army, hex });
                out.push(army);
            }
        }
        out
    }

    /// §79, §75: at the start of the owner's Administrative Segment a vedette on the map
    /// without a Dispatch Distance goes to the portrait of the nearest friendly Force Leader
    /// within 7 MP (cavalry) or 4 MP (infantry) at its own rates, or to the pool (Cossacks and
    /// Freikorps excepted); it returns to the map with him at the Organization Segment (§75 2).
    pub(crate) fn admin_begins(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        for v in 0..s.vedettes.len() {
            let info = &self.manifest.vedettes[v];
            let VedettePlace::Map(at) = s.vedettes[v].place else {
                continue;
            };
            if info.side != side
                || info.cossack
                || info.freikorps
                || self.in_dispatch(s, Army::of(info.nationality), at)
            {
                continue;
            }
            let ma = if info.cavalry {
                Mp::whole(7)
            } else {
                Mp::whole(4)
            };
            let reach = self.reach_from(s, side, at, info.cavalry, ma);
            let nearest = (0..s.leaders.len() as LeaderId)
                .filter(|&l| {
                    self.manifest.leaders[usize::from(l)].side == side && self.is_force(s, l)
                })
                .filter_map(|l| match s.leaders[usize::from(l)].place {
                    LeaderPlace::Map(h) => {
                        let cost = if h == at {
                            Some(0)
                        } else {
                            reach.as_ref().and_then(|r| r.cost(h))
                        };
                        cost.map(|c| (c, l))
                    }
                    _ => None,
                })
                .min();
            let place = match nearest {
                Some((_, l)) => VedettePlace::Portrait(l),
                None => VedettePlace::Pool,
            };
            s.vedettes[v].place = place;
            s.vedettes[v].revealed = false;
            ev.push(Event::VedettePlaced {
                side,
                vedette: v as u16,
                place,
                rule: Cow::Borrowed("§79, §75"),
            });
        }
        self.captured_leaders_return(s, ev);
    }

    /// ¶33: a captured leader of the phasing side whose complete Game-Turn out of play is over
    /// comes back as an Unemployed Leader at his army's active Supply Source (reading N73); while
    /// the source is captured or being changed he waits. His ratings are already one lower
    /// for the capture (`Leader::captures`).
    fn captured_leaders_return(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.phasing;
        for l in 0..s.leaders.len() {
            let info = &self.manifest.leaders[l];
            let LeaderPlace::Captured(back) = s.leaders[l].place else {
                continue;
            };
            if info.side != side || back > s.turn {
                continue;
            }
            let Supply::Active(at) = s.supply[Army::of(info.nationality).index()] else {
                continue;
            };
            let place = LeaderPlace::Map(at);
            s.leaders[l].place = place;
            ev.push(Event::LeaderPlaced {
                side,
                leader: l as LeaderId,
                place,
                rule: Cow::Borrowed("¶33"),
            });
        }
    }

    /// ¶59 3: whether an active Supply Source of `side` stands in `hex`, its garrison cancelling
    /// enemy ZOCs there for `side`'s forces.
    pub fn supply_garrison_at(&self, s: &State, side: Side, hex: Hex) -> bool {
        Army::ALL
            .iter()
            .any(|a| a.side() == side && s.supply[a.index()] == Supply::Active(hex))
    }
}
