//! What `Rules::preview` shows before a morale check's roll (25.2) or a square check's (8.5):
//! the checking unit and its rating, its morale state, every modifier line with its row shift,
//! the total, the Morale Table row read, and the chance of each result over the 36 rolls.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::Nbs;
use super::state::{CavTask, CheckKind, State, Task};
use super::tables::MoraleMod;
use super::types::Seq66;
use crate::engine::{Fact, Preview};
use crate::hex::Hex;

fn fact(name: impl Into<String>, value: impl Into<String>) -> Fact {
    Fact {
        name: name.into(),
        value: value.into(),
    }
}

fn signed(v: i16) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        format!("{v}")
    }
}

impl Nbs {
    /// The preview of the roll on top of the task stack, for morale and square checks.
    pub(crate) fn preview_of(&self, s: &State) -> Option<Preview> {
        match s.tasks.last()? {
            Task::Morale(c) => {
                // The flank line (13.0b) is the one input a check does not keep: whatever the
                // recomputed lines do not explain is shown as that line when it matches.
                let mut items = self.morale_mod_items(s, c.hex, c.kind, false, c.role);
                let rest = c.shift - items.iter().map(|(_, v)| v).sum::<i16>();
                if rest != 0 {
                    let flank = self
                        .tables
                        .morale_modifier(Self::morale_list(c.kind), MoraleMod::FlankTarget)
                        .map(i16::from);
                    let name = if flank == Some(rest) {
                        MoraleMod::FlankTarget.id()
                    } else {
                        "other, as the check was made"
                    };
                    items.push((name, rest));
                }
                let title = format!("morale check at {} ({})", self.label(c.hex), c.why);
                self.check_preview(s, c.hex, c.kind, &items, c.shift, title, false)
            }
            Task::Cavalry(CavTask::SquareRoll {
                hex,
                from,
                charge,
                reaction,
            }) => {
                let mut items = self.morale_mod_items(
                    s,
                    *hex,
                    CheckKind::Square,
                    false,
                    super::state::Role::None,
                );
                let list = Self::morale_list(CheckKind::Square);
                let m = |x: MoraleMod| self.tables.morale_modifier(list, x).map(i16::from);
                if *charge && hex.distance(*from) >= 3 {
                    if let Some(v) = m(MoraleMod::ChargeDeclared3OrMoreHexes) {
                        items.push((MoraleMod::ChargeDeclared3OrMoreHexes.id(), v));
                    }
                }
                if *reaction {
                    if let Some(v) = m(MoraleMod::ReactionCharge) {
                        items.push((MoraleMod::ReactionCharge.id(), v));
                    }
                }
                items.retain(|(_, v)| *v != 0);
                let shift = items.iter().map(|(_, v)| v).sum();
                let title = format!("square check at {}", self.label(*hex));
                self.check_preview(s, *hex, CheckKind::Square, &items, shift, title, true)
            }
            _ => None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn check_preview(
        &self,
        s: &State,
        hex: Hex,
        kind: CheckKind,
        items: &[(&'static str, i16)],
        shift: i16,
        title: String,
        square: bool,
    ) -> Option<Preview> {
        let u = self.morale_unit(s, hex)?;
        let rating = self.morale_rating(u);
        let current = self.hex_morale(s, hex);
        let row = self.tables.morale_row_shifted(rating, shift);
        let rule = if square { "8.5" } else { "25.2" };
        let list = match kind {
            CheckKind::Standard => "standard",
            CheckKind::CloseCombat => "close combat",
            CheckKind::Charge => "charge resolution",
            CheckKind::Square => "square check",
        };
        let mut facts = alloc::vec![
            fact("checking unit (25.2)", self.name(u)),
            fact("morale rating (25.0)", format!("{rating:?}")),
            fact("morale state (25.4)", format!("{current:?}")),
            fact("modifier list (25.2)", list),
        ];
        for (name, v) in items {
            facts.push(fact(format!("modifier {name} (25.2)"), signed(*v)));
        }
        facts.push(fact("row shift total (25.2)", signed(shift)));
        facts.push(fact("Morale Table row (25.2)", format!("{row}")));
        // Every result of the 36 rolls, grouped, in table order of first appearance.
        let mut counts: BTreeMap<String, (u8, u32)> = BTreeMap::new();
        for i in 0..36u8 {
            let Some(roll) = Seq66::from_index(i) else {
                continue;
            };
            let r = self.tables.morale_result(row, roll);
            let text = if square && Self::passed(r.state) {
                String::from("forms square")
            } else {
                let state = self.tables.combine(current, r.state);
                let mut t = format!("{state:?}");
                if r.retreat > 0 {
                    t.push_str(&format!(", retreat {}", r.retreat));
                }
                if r.stragglers > 0 {
                    t.push_str(&format!(", {} stragglers", r.stragglers));
                }
                t
            };
            let e = counts.entry(text).or_insert((i, 0));
            e.1 += 1;
        }
        let mut outcomes: Vec<(String, u8, u32)> =
            counts.into_iter().map(|(t, (i, n))| (t, i, n)).collect();
        outcomes.sort_by_key(|o| o.1);
        for (text, _, n) in outcomes {
            facts.push(fact(format!("chance: {text}"), format!("{n}/36")));
        }
        Some(Preview {
            rule: rule.into(),
            title,
            facts,
        })
    }
}
