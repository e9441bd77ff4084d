//! What `Rules::preview` shows before a roll: a fire combat's strength, Defense Rating, odds
//! column and die modifiers (12.1); a close combat round's SP, ratio, CRs and their ratio
//! modifiers (13.11, 14.1); a Disorder or Morale Check's modified ER with each modifier (18.1,
//! 19.1). The chance of each result is the engine's `chance_outcomes`; this names what the
//! numbers mean.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::Fontenoy;
use super::state::{CheckKind, CloseStep, FireStep, State, Step};
use super::tables::fire::COLUMNS;
use super::types::Arm;
use crate::engine::{Fact, Preview};

fn fact(name: impl Into<String>, value: impl Into<String>) -> Fact {
    Fact {
        name: name.into(),
        value: value.into(),
    }
}

fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        format!("{v}")
    }
}

impl Fontenoy {
    /// The preview of the roll on top of the step stack, if it is one this knows.
    pub(crate) fn preview_of(&self, s: &State) -> Option<Preview> {
        match *s.steps.last()? {
            Step::Fire(FireStep::Roll { combat }) => self.fire_roll_preview(s, usize::from(combat)),
            Step::Close(CloseStep::Dice) => self.close_roll_preview(s),
            Step::Check(req) => self.check_roll_preview(s, req),
            _ => None,
        }
    }

    fn fire_roll_preview(&self, s: &State, i: usize) -> Option<Preview> {
        let c = s.activation.as_ref()?.fire.combats.get(i)?;
        let firers: Vec<String> = c.firers.iter().map(|&u| self.unit_name(u)).collect();
        let targets: Vec<String> = c.target.iter().map(|&u| self.unit_name(u)).collect();
        let arm = match c.arm {
            Some(Arm::Infantry) => "infantry fire",
            Some(Arm::Artillery) => "artillery fire",
            None => "Defensive Fire",
        };
        let mut facts = alloc::vec![
            fact("firers", firers.join(", ")),
            fact(
                "target",
                format!("{} at {}", targets.join(", "), self.label(c.at))
            ),
            fact("range (12.2b)", format!("{}", c.range)),
            fact("Fire Strength (12.1)", format!("{}", c.strength)),
            fact("Defense Rating (12.1, 12.5)", format!("{}", c.defense)),
        ];
        if let Some((col, extra)) = self.combat_column(c) {
            let name = COLUMNS.get(col).copied().unwrap_or("?");
            facts.push(fact("odds column (12.1)", name));
            if extra != 0 {
                facts.push(fact("DRM above 5:1 (12.1)", signed(extra)));
            }
        }
        if c.shift != 0 {
            facts.push(fact(
                "columns shifted (F-8.6d, F-8.7b)",
                format!("{}", c.shift),
            ));
        }
        if c.drm != 0 {
            facts.push(fact("DRM (12.5e, 12.5f, 13.10g)", signed(c.drm)));
        }
        if c.smoke != 0 {
            facts.push(fact("DRM special result (F-8.5f, F-8.7g)", signed(c.smoke)));
        }
        if c.enfilade {
            facts.push(fact("enfilade (12.6e)", "yes"));
        }
        if c.heavy {
            facts.push(fact("losses ×1.5 (12.9h)", "yes"));
        }
        if c.long_artillery {
            facts.push(fact(
                "losses halved: guns beyond short range (12.9f)",
                "yes",
            ));
        }
        if c.ordinary {
            facts.push(fact("00–09 are ordinary (12.11)", "yes"));
        }
        facts.push(fact(
            "special results column (F-8.1)",
            format!("{:?}", c.nationality),
        ));
        Some(Preview {
            rule: "12.1".into(),
            title: format!("{arm}: {} at {}", firers.join(", "), self.label(c.at)),
            facts,
        })
    }

    fn close_roll_preview(&self, s: &State) -> Option<Preview> {
        let c = self.close_segment(s)?.current.as_ref()?;
        let f = self.combat_figures(s, c);
        let (_, odds, drm) = self.close_column(f[0].sp, f[1].sp);
        let names = |att: bool| -> String {
            let groups = if att { &c.attackers } else { &c.defenders };
            groups
                .iter()
                .flat_map(|g| self.fighting(s, g))
                .map(|u| self.unit_name(u))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (att, def) = (names(true), names(false));
        let mut facts = alloc::vec![
            fact("attackers", att.clone()),
            fact("defenders", def.clone()),
            fact("round (14.5)", format!("{}", c.round)),
            fact("SP (13.11a)", format!("{} to {}", f[0].sp, f[1].sp)),
            fact("odds (13.11)", format!("{odds}")),
            fact("attacker's CR (13.11b, c)", signed(i32::from(f[0].cr))),
            fact("defender's CR (13.11b, c)", signed(i32::from(f[1].cr))),
        ];
        if drm[0] != 0 {
            facts.push(fact(
                "attacker's ratio modifier (13.11)",
                signed(i32::from(drm[0])),
            ));
        }
        if drm[1] != 0 {
            facts.push(fact(
                "defender's ratio modifier (13.11)",
                signed(i32::from(drm[1])),
            ));
        }
        let which = match c.die {
            None => "the attacker's die",
            Some(a) => {
                facts.push(fact("attacker's die", format!("{a}")));
                "the defender's die"
            }
        };
        facts.push(fact(
            "a 0 on either die (14.8)",
            "Special Close Combat Result",
        ));
        Some(Preview {
            rule: "13.11".into(),
            title: format!("close combat, {which}: {att} against {def}"),
            facts,
        })
    }

    fn check_roll_preview(&self, s: &State, req: super::state::CheckReq) -> Option<Preview> {
        if !s.unit(req.unit).on_map() {
            return None;
        }
        let (group, checker) = self.check_group(s, req);
        let checker = checker?;
        let (er, mods) = self.modified_er(s, checker, &group, req);
        let mut facts = alloc::vec![
            fact("unit", self.unit_name(checker)),
            fact(
                "printed ER",
                format!("{}", self.units[usize::from(checker)].er)
            ),
        ];
        for m in &mods {
            facts.push(fact(m.what.clone(), signed(i32::from(m.value))));
        }
        facts.push(fact("modified ER: a roll below it fails", format!("{er}")));
        facts.push(fact(
            "00–09 (F-8.3)",
            "a special result of the unit's nationality",
        ));
        let (rule, name) = match req.kind {
            CheckKind::Disorder(_) => ("18.1", "Disorder Check"),
            CheckKind::Morale(_) => ("19.1", "Morale Check"),
        };
        Some(Preview {
            rule: rule.into(),
            title: format!(
                "{name} {} of {}",
                super::tables::checks::kind_code(req.kind),
                self.unit_name(checker)
            ),
            facts,
        })
    }
}
