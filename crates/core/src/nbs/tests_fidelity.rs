//! 20.2f's fractional fire column (the `nbs-20.2f-modifiers-first` reading) and the preview of
//! morale checks (25.2) and square checks (8.5).

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;

use super::charge::CavTask;
use super::state::{CheckKind, Place, Role, State, Task, UnitId};
use super::types::{Formation, MoraleState, Seq66, UnitKind};
use super::{Action, Event, Nbs};
use crate::data::Library;
use crate::dice::DiceSpec;
use crate::engine::{Actor, Preview, Rules};
use crate::hex::Hex;

fn rules_with(id: &str, opts: serde_json::Value) -> Nbs {
    let lib = Library::builtin().unwrap();
    let mut sc = lib.scenario(id).unwrap();
    let mut rules = serde_json::to_value(&sc.scenario.rules).unwrap();
    rules["options"] = opts;
    sc.scenario.rules = serde_json::from_value(rules).unwrap();
    Nbs::new(&sc).unwrap_or_else(|e| panic!("{e:?}"))
}

fn rules(id: &str) -> Nbs {
    rules_with(id, serde_json::json!({}))
}

/// Scenario 3 with one infantry brigade alone on the map, in line, and no task pending.
fn lone_infantry(r: &Nbs) -> (State, UnitId, Hex) {
    let mut s = r.initial_state();
    let (u, h) = s
        .units
        .iter()
        .enumerate()
        .find_map(|(i, x)| match x.place {
            Place::At(h) if r.units[i].kind == UnitKind::Infantry => Some((i as UnitId, h)),
            _ => None,
        })
        .expect("an infantry brigade on the map");
    for x in &mut s.units {
        x.place = Place::Off;
    }
    let x = &mut s.units[usize::from(u)];
    x.place = Place::At(h);
    x.formation = Formation::Line;
    x.order = u;
    s.tasks.clear();
    (s, u, h)
}

fn fact<'a>(p: &'a Preview, name: &str) -> &'a str {
    p.facts
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no fact {name:?} in {p:?}"))
        .value
        .as_str()
}

/// The chance facts of a preview: result text -> rolls out of 36.
fn chances(p: &Preview) -> BTreeMap<String, u32> {
    p.facts
        .iter()
        .filter_map(|f| {
            let t = f.name.strip_prefix("chance: ")?;
            let n = f.value.strip_suffix("/36")?.parse().ok()?;
            Some((String::from(t), n))
        })
        .collect()
}

/// The modifier items of a preview add up to its total.
fn items_add_up(p: &Preview) -> i16 {
    let sum: i16 = p
        .facts
        .iter()
        .filter(|f| f.name.starts_with("modifier ") && f.name != "modifier list (25.2)")
        .map(|f| f.value.parse::<i16>().unwrap())
        .sum();
    let total: i16 = fact(p, "row shift total (25.2)").parse().unwrap();
    assert_eq!(sum, total, "{p:?}");
    total
}

/// The text a roll's result gets in the preview, from the events the roll reports.
fn result_text(ev: &[Event]) -> Option<String> {
    ev.iter().find_map(|e| match e {
        Event::SquareCheck { formed: true, .. } => Some(String::from("forms square")),
        Event::MoraleCheck {
            state,
            retreat,
            stragglers,
            ..
        } => {
            let mut t = format!("{state:?}");
            if *retreat > 0 {
                t.push_str(&format!(", retreat {retreat}"));
            }
            if *stragglers > 0 {
                t.push_str(&format!(", {stragglers} stragglers"));
            }
            Some(t)
        }
        _ => None,
    })
}

/// Rolls each of the 36 results and checks that the preview's chances and row are what the
/// rolls then report.
fn preview_matches_every_roll(r: &Nbs, s: &State, p: &Preview) {
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    let row: i16 = fact(p, "Morale Table row (25.2)").parse().unwrap();
    for i in 0..36u8 {
        let roll = Seq66::from_index(i).unwrap();
        let a = Action::Roll(DiceSpec::D66.roll(u32::from(roll.value())).unwrap());
        let (_, ev) = r.applied(s, &a).unwrap_or_else(|e| panic!("{e}"));
        let text = result_text(&ev).unwrap_or_else(|| panic!("no result in {ev:?}"));
        *seen.entry(text).or_insert(0) += 1;
        for e in &ev {
            if let Event::MoraleCheck { row: r2, .. } = e {
                assert_eq!(*r2, row, "the row the preview showed");
            }
        }
    }
    assert_eq!(seen, chances(p));
    assert_eq!(chances(p).values().sum::<u32>(), 36);
}

/// 25.2: before a morale check's roll the preview names the checking unit, its rating and
/// state, each modifier line (here Shaken and a flank target, 13.0b), the total, the row and
/// the chance of each result; every roll then does what the preview said.
#[test]
fn r25_2_preview_of_a_morale_check() {
    let r = rules("nbs/austerlitz-3");
    let (mut s, u, h) = lone_infantry(&r);
    s.units[usize::from(u)].morale = MoraleState::Shaken;
    let c = r.morale_check(&s, h, CheckKind::Standard, true, h, Role::None, "20.4");
    let shift = c.shift;
    s.tasks.push(Task::Morale(c));
    assert!(matches!(r.actor(&s), Actor::Chance(_)));
    let p = r.preview(&s).expect("a preview of the morale check");
    assert_eq!(p.rule, "25.2");
    assert!(p.title.starts_with("morale check at "), "{}", p.title);
    assert_eq!(
        fact(&p, "checking unit (25.2)"),
        r.units[usize::from(u)].name
    );
    assert_eq!(fact(&p, "morale state (25.4)"), "Shaken");
    assert_eq!(
        fact(&p, "morale rating (25.0)"),
        format!("{:?}", r.morale_rating(u))
    );
    assert_eq!(items_add_up(&p), shift);
    assert!(
        p.facts.iter().any(|f| f.name == "modifier shaken (25.2)"),
        "{p:?}"
    );
    if r.tables
        .morale_modifier(
            super::tables::MoraleList::Standard,
            super::tables::MoraleMod::FlankTarget,
        )
        .is_some_and(|v| v != 0)
    {
        assert!(
            p.facts
                .iter()
                .any(|f| f.name == "modifier flank_target (25.2)"),
            "{p:?}"
        );
    }
    preview_matches_every_roll(&r, &s, &p);
}

/// 8.5: before a square check's roll the preview gives the Square Check list's lines (here
/// a reaction charge), the total, the row and the chance of forming square and of each
/// other result; every roll then does what the preview said.
#[test]
fn r8_5_preview_of_a_square_check() {
    let r = rules("nbs/austerlitz-3");
    let (mut s, u, h) = lone_infantry(&r);
    s.tasks.push(Task::Cavalry(CavTask::SquareRoll {
        hex: h,
        from: h,
        charge: false,
        reaction: true,
    }));
    assert!(matches!(r.actor(&s), Actor::Chance(_)));
    let p = r.preview(&s).expect("a preview of the square check");
    assert_eq!(p.rule, "8.5");
    assert!(p.title.starts_with("square check at "), "{}", p.title);
    assert_eq!(
        fact(&p, "checking unit (25.2)"),
        r.units[usize::from(u)].name
    );
    assert_eq!(fact(&p, "modifier list (25.2)"), "square check");
    items_add_up(&p);
    assert!(chances(&p).contains_key("forms square"), "{p:?}");
    preview_matches_every_roll(&r, &s, &p);
}

/// No preview where no dice are due.
#[test]
fn preview_is_none_at_a_player_decision() {
    let r = rules("nbs/austerlitz-3");
    let (s, _, _) = lone_infantry(&r);
    assert!(!matches!(r.actor(&s), Actor::Chance(_)));
    assert!(r.preview(&s).is_none());
}
