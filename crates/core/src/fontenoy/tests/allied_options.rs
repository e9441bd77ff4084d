//! F-7.3 Additional Anglo-Hanoverian Infantry and F-7.5 English Regimental Artillery: the
//! provisional counters each option adds to the set-up, and what they do.

use super::*;
use crate::fontenoy::state::Place;
use alloc::string::String;

/// A built-in scenario with the options `ids` chosen, set up (every unit at its first legal
/// choice).
fn with_options(id: &str, ids: &[&str]) -> (Fontenoy, State) {
    let lib = crate::data::Library::builtin().expect("the built-in data");
    let mut rs = lib.scenario(id).expect("a scenario");
    let mut o = serde_json::Map::new();
    for x in ids {
        o.insert((*x).into(), serde_json::Value::Bool(true));
    }
    rs.scenario
        .rules
        .insert("options".into(), serde_json::Value::Object(o));
    let r = Fontenoy::new(&rs).unwrap_or_else(|e| panic!("{id} with {ids:?}: {e}"));
    let mut s = r.initial_state();
    while super::setting_up(&s) {
        let a = legal(&r, &s).into_iter().next().expect("a set-up choice");
        apply(&r, &mut s, a);
    }
    (r, s)
}

fn find(r: &Fontenoy, id: &str) -> Option<UnitId> {
    r.units
        .iter()
        .position(|u| u.id == id)
        .and_then(|i| UnitId::try_from(i).ok())
}

/// The counter ids of Division `did`'s units.
fn division(r: &Fontenoy, did: &str) -> Vec<String> {
    let d = r
        .org
        .divisions
        .iter()
        .find(|d| d.id == did)
        .expect("the Division");
    d.units
        .iter()
        .map(|&u| r.units[usize::from(u)].id.clone())
        .collect()
}

const NEW: [&str; 4] = ["al-bar", "al-fle", "al-pon", "al-lgr"];

#[test]
fn f7_3a_b_the_additional_regiments_set_up_only_with_the_option() {
    let (r, _) = with_options("fontenoy/battle", &[]);
    for id in NEW.iter().chain(["al-bor"].iter()) {
        assert!(find(&r, id).is_none(), "{id} without 7.3");
    }
    assert!(division(&r, "al-ingoldsby").contains(&"al-dur".into()));
    let (r, s) = with_options("fontenoy/battle", &["7.3"]);
    // 7.3a: Ingoldsby's new Division of four English regiments, on the map.
    assert_eq!(division(&r, "al-ingoldsby"), NEW.map(String::from).to_vec());
    // Cumberland's default hex (he may set up with any infantry unit, 10.3c).
    let at = hex("S5207");
    for id in NEW {
        let u = find(&r, id).expect("the regiment");
        let info = &r.units[usize::from(u)];
        assert_eq!(info.nationality, Nationality::English);
        assert!(info.optional);
        let p = s.unit(u).placed().expect("set up");
        assert!(
            at.distance(p.hex()) <= 10,
            "7.3a: within 10 hexes of Cumberland"
        );
    }
    // The former Division's regiments are Independents (their own Divisions are not in the text).
    for id in ["al-dur", "al-pul", "al-sem", "al-bos", "al-bou"] {
        let u = find(&r, id).expect("the unit");
        assert!(r.org.independent(u), "{id}");
        assert!(s.unit(u).on_map());
    }
    // 7.3b: von der Borch with Zastrow.
    assert_eq!(division(&r, "al-zastrow"), ["al-zas", "al-spo", "al-bor"]);
    let bor = find(&r, "al-bor").expect("BOR");
    assert_eq!(
        r.units[usize::from(bor)].nationality,
        Nationality::Hanoverian
    );
}

#[test]
fn f7_3_f7_5_strict_mode_refuses_the_provisional_counters() {
    let text = include_str!("../../../../../scenarios/fontenoy/counters/allied.json");
    let e = crate::data::parse_file_with("allied.json", text, crate::data::Mode::Strict)
        .expect_err("provisional counters");
    assert!(e.to_string().contains("strict mode refuses"), "{e}");
    // The added counters themselves carry provisional provenance.
    let v: serde_json::Value = serde_json::from_str(text).expect("json");
    for id in NEW.iter().chain(["al-bor", "al-en-rg-alb"].iter()) {
        let c = v["counters"]
            .as_array()
            .and_then(|a| a.iter().find(|c| c["id"] == *id))
            .expect("the counter");
        assert_eq!(c["provenance"]["kind"], "provisional", "{id}");
    }
}

#[test]
fn f7_5a_the_regimental_guns_set_up_within_1_hex_of_their_division_without_the_howitzer() {
    let (r, _) = with_options("fontenoy/battle", &[]);
    assert!(find(&r, "al-en-rg-alb").is_none());
    assert!(
        find(&r, "al-en-how").is_some(),
        "the 3-SP howitzer without 7.5"
    );
    let (r, s) = with_options("fontenoy/battle", &["7.5"]);
    assert!(
        find(&r, "al-en-how").is_none(),
        "7.5a: no 3-SP English howitzer"
    );
    for (did, id) in [
        ("al-albemarle", "al-en-rg-alb"),
        ("al-churchill", "al-en-rg-chu"),
        ("al-ponsonby", "al-en-rg-pon"),
        ("al-skelton", "al-en-rg-ske"),
        ("al-bligh", "al-en-rg-bli"),
    ] {
        let g = find(&r, id).expect("the gun");
        assert!(r.units[usize::from(g)].regimental_gun());
        assert!(division(&r, did).contains(&id.into()), "{id} in {did}");
        let at = s.unit(g).placed().expect("set up").hex();
        let near = r
            .org
            .divisions
            .iter()
            .find(|d| d.id == did)
            .is_some_and(|d| {
                d.units.iter().any(|&u| {
                    u != g
                        && s.unit(u).placed().is_some_and(|p| {
                            p.hexes.as_slice().iter().any(|&h| h.distance(at) <= 1)
                        })
                })
            });
        assert!(near, "{id}: within 1 hex of its Division");
    }
    // Scenario 3 has them too.
    let (r, _) = with_options("fontenoy/english-attack", &["7.5"]);
    assert!(find(&r, "al-en-rg-chu").is_some());
}

#[test]
fn f7_5d_one_loss_destroys_a_regimental_gun_off_the_loss_charts() {
    let (r, mut s) = with_options("fontenoy/battle", &["7.5"]);
    let g = find(&r, "al-en-rg-chu").expect("the gun");
    assert_eq!(s.unit(g).sp, 1);
    let before = s.tracks.clone();
    let lost_before = s.armies[1].sp_lost;
    let mut ev = Vec::new();
    assert_eq!(r.lose_sp(&mut s, g, 2, "12.9a", &mut ev), 1);
    assert_eq!(s.unit(g).place, Place::Destroyed);
    assert_eq!(
        s.tracks, before,
        "7.5d: nothing shaded on the army's record"
    );
    assert_eq!(s.armies[1].sp_lost, lost_before + 1);
    // An ordinary English gun's loss is shaded.
    let six = find(&r, "al-en-6lb-1").expect("6 LB");
    assert!(r.loss_boxes(&r.units[usize::from(six)], 1) > 0);
}

#[test]
fn f7_5b_one_regimental_gun_fires_a_hex_at_half_strength_without_its_division_s_infantry() {
    use crate::fontenoy::ALLIED;
    use crate::fontenoy::fire::los::Sight;
    use crate::fontenoy::occupancy::Occupancy;
    use crate::fontenoy::state::FireKind;
    use crate::fontenoy::types::Arm;
    let mut w = World::new();
    let dc = w.commander("al dc", ALLIED, "S2010", 4, 4);
    let inf = w.infantry("1 ENG", ALLIED, "ENG", "S2012", 1);
    w.units[usize::from(inf)].nationality = Nationality::English;
    let mut guns = Vec::new();
    for name in ["RG A", "RG B"] {
        let mut info = World::info(name, ALLIED, Kind::Artillery);
        info.sp = 1;
        info.optional = true;
        info.nationality = Nationality::English;
        info.caliber = Some("1.5".into());
        guns.push(w.push(
            info,
            Some(Placed::at(hex("S2012"), Facing::new(1).unwrap())),
        ));
    }
    w.division("E", ALLIED, Some(dc), &[inf, guns[0], guns[1]]);
    let (mut r, mut s) = w.build();
    with_charts(&mut r, &mut s);
    for &g in &guns {
        s.unit_mut(g).formation = Formation::Unlimbered;
    }
    let from = hex("S2012");
    let at = from.neighbor(crate::hex::Direction::ALL[0]);
    let sight = Sight {
        lane: at,
        path: alloc::vec![from],
        partial: false,
        over_friends: false,
        halves: false,
    };
    // One regimental gun fires from the hex: the second's SP do not count.
    let o = Occupancy::build(&r, &s);
    let part = r.part(
        &s,
        &o,
        from,
        Arm::Artillery,
        &guns,
        at,
        &sight,
        FireKind::Segment,
    );
    assert_eq!(part.sp, alloc::vec![(guns[0], 1), (guns[1], 0)]);
    // With its Division's infantry in the hex: SP × the 1.5-pounder's multiplier at 1 hex.
    let mult = r
        .multiplier_row(guns[0])
        .expect("the English 1.5-pounder row")
        .at_range(1, false);
    let with = r.part_strength(&s, &part, at, false);
    assert_eq!(with, u32::from(mult));
    // Alone: half of it, rounded (1.5b).
    s.unit_mut(inf).place = Place::Map(Placed::at(hex("S2030"), Facing::new(1).unwrap()));
    let alone = r.part_strength(&s, &part, at, false);
    assert_eq!(
        alone,
        crate::fontenoy::types::round(i32::from(mult), 2) as u32
    );
    assert!(alone < with || mult <= 1);
}
