//! Step 3 of a march: March Attrition (¶136–¶140, §27, §49). The column is the army's, the
//! Length of March (the most any one arm spent, ¶137) or the zero / No LOC line for a force that
//! began out of Dispatch Distance (¶137, §27), and the force's size at the start of the march
//! with the Guard exemption (¶140). The die is modified by the Force Leader's bonus star (¶138,
//! ¶35; reading C7), the weather (¶138 2, §35: the provisional effects key of the Weather
//! Table) and the scenario's AP level (§210, provisional); a "+" result costs one SP
//! more in Severe weather, in Forced March (reading C8) and for the French under negative Paris
//! Morale (reading C9). Losses are spread evenly over the units (¶137, ¶85).

use alloc::vec::Vec;

use super::super::Hov;
use super::super::charts::AttritionColumn;
use super::super::event::Event;
use super::super::losses::{Taker, spread};
use super::super::state::{Activation, March, State};
use super::super::types::{Arm, FRENCH};

/// The attrition of one march.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttritionResult {
    /// The modified die.
    pub modified: i16,
    /// SP lost.
    pub lost: u8,
}

impl Hov {
    /// ¶137: the Length of March in whole MP (a half rounds up: a reading), the most either
    /// tally spent.
    pub fn march_length(m: &March) -> u8 {
        // ¶142 3: pontoon MP do not count.
        let halves = m
            .spent_inf
            .max(m.spent_cav)
            .halves()
            .saturating_sub(m.bridge_mp.halves());
        halves.div_ceil(2).min(255) as u8
    }

    /// The March Attrition Table's column for this march, if any (none for a force of 1 SP or
    /// less, §170, reading C1).
    pub fn attrition_column(&self, m: &March) -> Option<&AttritionColumn> {
        let army = self.leader_army(m.leader);
        let len = Self::march_length(m);
        let size = m.start_sp;
        if size < 2 || len == 0 {
            return None;
        }
        self.charts.attrition.iter().find(|c| {
            c.army == army
                && match (c.march, m.no_loc) {
                    (None, true) => true,
                    (Some((lo, hi)), false) => lo <= len && len <= hi,
                    _ => false,
                }
                && c.size.0 <= size
                && size <= c.size.1
        })
    }

    /// Whether the march must roll for attrition.
    pub(crate) fn attrition_due(&self, _s: &State, m: &March) -> bool {
        self.attrition_column(m).is_some()
    }

    /// ¶137–¶138: the result of attrition die `roll` for march `m`.
    pub fn attrition_of(&self, s: &State, m: &March, roll: u8) -> AttritionResult {
        let Some(col) = self.attrition_column(m) else {
            return AttritionResult {
                modified: i16::from(roll),
                lost: 0,
            };
        };
        let side = self.leader_side(m.leader).unwrap_or(FRENCH);
        let bonus = i16::from(self.manifest.leaders[usize::from(m.leader)].ratings.bonus);
        let level = i64::from(self.params.attrition_level[side.index()]);
        let ap = self
            .charts
            .attrition_ap
            .iter()
            .find(|(lo, hi, _)| *lo <= level && level <= *hi)
            .map_or(0, |x| i16::from(x.2));
        // ¶138 2, §35: the weather's modifier (the provisional effects key of the Weather Table).
        let weather = i16::from(self.charts.weather_attrition(s.weather));
        // ¶138 4, ¶208 2 (reading C9): morale changes no die; §180's extra SP is below.
        let modified = i16::from(roll) - bonus + ap + weather;
        let r = col.table.at(modified);
        let mut lost = r.sp;
        if r.plus {
            let severe = s
                .weather
                .and_then(|w| self.charts.weather_names.get(usize::from(w)))
                .is_some_and(|n| n == "Severe");
            let forced = m.how == Activation::ForcedMarch;
            let morale = side == FRENCH && s.morale < 0;
            lost += u8::from(severe) + u8::from(forced) + u8::from(morale);
        }
        AttritionResult { modified, lost }
    }

    /// The attrition die has been rolled: losses are taken and the march ends.
    pub(crate) fn attrition_rolled(&self, s: &mut State, m: &March, roll: u8, ev: &mut Vec<Event>) {
        let r = self.attrition_of(s, m, roll);
        let side = self.leader_side(m.leader).unwrap_or(FRENCH);
        // ¶118: every hex of a Multi-Hex Force shares the roll (reading N31).
        let mut units: Vec<u16> = Vec::new();
        let hexes = Self::march_hex_leaders(m);
        // ¶82: a part dropped off on the way still shares the march's attrition.
        let dropped = (0..s.leaders.len() as u16).filter(|&l| {
            let x = &s.leaders[usize::from(l)];
            x.dropped && x.dropped_from.is_some_and(|f| hexes.contains(&f))
        });
        let all: Vec<u16> = hexes.iter().copied().chain(dropped).collect();
        for l in all {
            for u in self.force_units(s, l) {
                if !self.attrition_exempt(s, u) && !units.contains(&u) {
                    units.push(u);
                }
            }
        }
        // ¶139: in mud one artillery unit takes the first SP, unless the force has 2 artillery
        // SP or fewer (the provisional Weather Table's "Mud", reading N4).
        let art: Vec<u16> = units
            .iter()
            .copied()
            .filter(|&u| self.manifest.units[usize::from(u)].arm == Arm::Artillery)
            .collect();
        let art_sp: u32 = art
            .iter()
            .map(|&u| u32::from(s.units[usize::from(u)].sp))
            .sum();
        let mud_first = (self.weather_is(s, &["Mud"]) && art_sp > 2)
            .then(|| {
                art.iter()
                    .copied()
                    .max_by_key(|&u| (s.units[usize::from(u)].sp, u16::MAX - u))
            })
            .flatten();
        // ¶137, ¶85: spread as evenly as possible, with no battle priorities.
        let takers: Vec<Taker> = units
            .iter()
            .map(|&u| Taker {
                sp: s.units[usize::from(u)].sp,
                first: Some(u) == mud_first,
                last: false,
            })
            .collect();
        let lost = spread(&takers, u32::from(r.lost));
        let mut total = 0u16;
        for (k, &u) in units.iter().enumerate() {
            if lost[k] == 0 {
                continue;
            }
            let x = &mut s.units[usize::from(u)];
            x.sp -= lost[k];
            total += u16::from(lost[k]);
            if x.sp == 0 {
                x.leader = None;
            }
            ev.push(Event::Strength {
                side,
                unit: u,
                sp: x.sp,
                rule: "¶137".into(),
            });
        }
        s.lost[side.index()] += total;
        ev.push(Event::Attrition {
            side,
            leader: m.leader,
            roll: r.modified.clamp(-99, 99) as i8,
            lost: total.min(255) as u8,
        });
        self.end_march(s, m, "¶137", ev);
    }
}
