//! Rows of 18.0–24.0 and F-1 to F-3 closed in the partial-row triage (issue 27): Disorder's
//! barred actions (18.5b), close combat SP when Disordered (18.5a), Shaken units (19.6a), the
//! guns of a Voluntary Rout (19.10b), commanders (21.1c, 21.2c), reinforcements (22.2, 22.3)
//! and Detachments (24.1d).

use super::checks::{put, settle, to_movement_with, toward};
use super::*;
use crate::fontenoy::reinforcements::{Arrival, Entry};
use crate::fontenoy::state::{Place, RetreatKind, Step};
use crate::fontenoy::types::{Arm, Morale};

/// Whether some legal action now matches `f`.
fn offered(r: &Fontenoy, s: &State, f: impl Fn(&Action) -> bool) -> bool {
    legal(r, s).iter().any(f)
}

#[test]
fn r18_5b_a_disordered_unit_is_offered_none_of_the_barred_movements() {
    // An 8-SP Line in its Movement Segment, nobody near: it may force-march, move rearward,
    // extend and form Square; Disordered, none of these.
    let (r, mut s, [a, _, _]) = to_movement_with(|w| {
        w.units[1].sp = 8;
        w.unit_state[1].sp = 8;
    });
    let barred = |x: &Action| match x {
        Action::ForcedMarch { unit } | Action::Split { unit } => *unit == a,
        Action::Rearward { unit, .. } | Action::Extend { unit, .. } => *unit == a,
        Action::Reform {
            unit, formation, ..
        } => *unit == a && *formation == Formation::Square,
        _ => false,
    };
    let kinds = |s: &State| -> Vec<&'static str> {
        let mut v: Vec<&'static str> = legal(&r, s)
            .iter()
            .filter(|x| barred(x))
            .map(|x| match x {
                Action::ForcedMarch { .. } => "forced march",
                Action::Split { .. } => "split",
                Action::Rearward { .. } => "rearward",
                Action::Extend { .. } => "extend",
                _ => "square",
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    assert_eq!(
        kinds(&s),
        alloc::vec!["extend", "forced march", "rearward", "square"]
    );
    s.unit_mut(a).disordered = true;
    assert_eq!(kinds(&s), Vec::<&str>::new());
    // Still free to step forward (at half its MPo, 18.5a).
    assert!(offered(
        &r,
        &s,
        |x| matches!(x, Action::Step { unit, .. } if *unit == a)
    ));
}

#[test]
fn r18_5b_a_disordered_parent_unit_neither_splits_nor_rejoins() {
    let (r, mut s, u, _) = super::groups::parent();
    let split = Action::Split { unit: u };
    assert!(legal(&r, &s).contains(&split));
    let mut d = s.clone();
    d.unit_mut(u).disordered = true;
    assert!(!legal(&r, &d).contains(&split));
    let mut ev = Vec::new();
    assert_eq!(r.apply(&mut d, &split, &mut ev).unwrap_err().rule, "8.5a");
    // Split, then one subunit Disordered: no rejoining.
    apply(&r, &mut s, split);
    let rejoin = |s: &State| {
        offered(
            &r,
            s,
            |x| matches!(x, Action::Rejoin { parent, .. } if *parent == u),
        )
    };
    assert!(rejoin(&s));
    let sub = r.org.parents[0].subunits[0];
    s.unit_mut(sub).disordered = true;
    assert!(!rejoin(&s));
}

#[test]
fn r18_5b_disordered_guns_are_not_moved_by_hand() {
    let mut g = 0;
    let (r, mut s, _) = to_movement_with(|w| {
        g = w.infantry("4 LB", Side(0), "LB", "S1414", 1);
        w.units[usize::from(g)].kind = Kind::Artillery;
        w.units[usize::from(g)].by_hand = crate::fontenoy::units::ByHand::P;
        w.unit_state[usize::from(g)].formation = Formation::Unlimbered;
        let x = w.org.division_of[1].expect("division X");
        w.org.division_of[usize::from(g)] = Some(x);
        w.org.divisions[usize::from(x)].units.push(g);
    });
    let by_hand = |s: &State| {
        offered(
            &r,
            s,
            |x| matches!(x, Action::ByHand { unit, .. } if *unit == g),
        )
    };
    assert!(by_hand(&s));
    s.unit_mut(g).disordered = true;
    assert!(!by_hand(&s));
}

/// Whether infantry X, three hexes in front of charging cavalry A, is offered a Defender's
/// Reaction when the charge is declared, Disordered or not.
fn reaction_offered(disordered: bool) -> bool {
    use super::close::{AL, FR, ahead, at, attack, cc, top, unit};
    use crate::fontenoy::close::CloseStep;
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let a = unit(w, "CAR a", FR, Kind::Cavalry, 5, hex("S1010"), 1);
            let x_at = ahead(ahead(ahead(hex("S1010"), 0), 0), 0);
            let x = unit(w, "1 ENG", AL, Kind::Infantry, 6, x_at, 7);
            ids = (a, x);
            (alloc::vec![a], alloc::vec![x])
        },
        |_| {},
    );
    let (a, x) = ids;
    s.unit_mut(x).disordered = disordered;
    let t = at(&s, x);
    attack(&r, &mut s, a, t);
    top(&s) == Some(Step::Close(CloseStep::DefenderReaction))
        && offered(
            &r,
            &s,
            |y| matches!(y, Action::React { unit, .. } if *unit == x),
        )
}

#[test]
fn r18_5b_a_disordered_unit_makes_no_defenders_reaction() {
    assert!(reaction_offered(false));
    assert!(!reaction_offered(true));
}

#[test]
fn r18_5a_a_disordered_unit_fights_with_half_its_sp_rounded() {
    let (r, mut s, f, a) = super::close::duel(7, 6);
    assert_eq!(r.group_sp(&s, &[f], &[a]), 7);
    s.unit_mut(f).disordered = true;
    assert_eq!(r.group_sp(&s, &[f], &[a]), 4, "7 halved, rounded (1.5b)");
}

#[test]
fn r19_6a_a_shaken_unit_moves_and_fires_normally() {
    // Movement: the same moves offered, at the same MPo.
    let (r, mut s, [a, _, _]) = to_movement_with(|_| {});
    let mine = |s: &State| -> Vec<Action> {
        legal(&r, s)
            .into_iter()
            .filter(|x| {
                matches!(x, Action::Step { unit, .. } | Action::ForcedMarch { unit } | Action::Rearward { unit, .. } if *unit == a)
            })
            .collect()
    };
    let (good, mpo) = (mine(&s), r.mpo(&s, a));
    assert!(!good.is_empty());
    s.unit_mut(a).morale = Morale::Shaken;
    assert_eq!(mine(&s), good);
    assert_eq!(r.mpo(&s, a), mpo);
    // Fire: a Shaken battalion still fires at the enemy in front.
    let (r, mut s, me, _) = super::fire::duel();
    s.unit_mut(me).morale = Morale::Shaken;
    let f = super::fire::fire_at(
        hex(super::fire::F),
        Arm::Infantry,
        super::close::ahead(hex(super::fire::F), 0),
    );
    assert!(legal(&r, &s).contains(&f));
}

#[test]
fn r19_10b_the_guns_of_a_mixed_group_stay_when_the_infantry_routs_voluntarily() {
    let mut g = 0;
    let (r, mut s, [a, _, _]) = to_movement_with(|w| {
        g = w.infantry("4 LB", Side(0), "LB", "S1010", 1);
        w.units[usize::from(g)].kind = Kind::Artillery;
        w.units[usize::from(g)].sp = 2;
        w.unit_state[usize::from(g)].sp = 2;
        w.unit_state[usize::from(g)].formation = Formation::Unlimbered;
        let x = w.org.division_of[1].expect("division X");
        w.org.division_of[usize::from(g)] = Some(x);
        w.org.divisions[usize::from(x)].units.push(g);
    });
    assert!(r.stack_of(&s, a).contains(&g), "the guns stand with A");
    apply(&r, &mut s, Action::VoluntaryRout { unit: a });
    settle(&r, &mut s);
    assert_eq!(s.unit(a).morale, Morale::Routed);
    assert_ne!(s.unit(a).placed().unwrap().hex(), hex("S1010"));
    assert_eq!(s.unit(g).morale, Morale::Good, "the guns do not rout");
    assert_eq!(s.unit(g).placed().unwrap().hex(), hex("S1010"));
    assert_eq!(s.unit(g).sp, 2, "nor are they destroyed");
}

#[test]
fn r21_1c_only_an_activated_commander_moves_in_the_movement_segment() {
    let mut other = 0;
    let (r, s, _) = to_movement_with(|w| {
        w.units[0].mp = 6;
        other = w.commander("Dy", Side(0), "S1515", 4, 4);
        w.units[usize::from(other)].mp = 6;
        let u = w.infantry("1 YYY", Side(0), "YYY", "S1515", 1);
        w.division("Y", Side(0), Some(other), &[u]);
    });
    // The activated Division Commander (counter 0) may step; Dy, not activated, may not.
    assert!(offered(
        &r,
        &s,
        |x| matches!(x, Action::Step { unit, .. } if *unit == 0)
    ));
    assert!(!offered(
        &r,
        &s,
        |x| matches!(x, Action::Step { unit, .. } if *unit == other)
    ));
}

/// A routed French battalion A at S1010 with a battalion B that stays and commander C, the
/// enemy two hexes north, the French rear to the south; A's retreat is under way.
fn divided_hex() -> (Fontenoy, State, UnitId, UnitId, UnitId) {
    let mut w = World::new();
    let a = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let b = w.infantry("2 AAA", Side(0), "AAA", "S1010", 1);
    let c = w.commander("Dx", Side(0), "S1010", 4, 4);
    let e = w.infantry("1 EEE", Side(1), "EEE", "S1010", 3);
    w.division("X", Side(0), Some(c), &[a, b]);
    w.division("Y", Side(1), None, &[e]);
    w.board.places.push(crate::fontenoy::board::Place {
        id: "french-retreat-exits".into(),
        name: "rear".into(),
        kind: "exit".into(),
        hexes: alloc::vec![toward("S1010", 5, 20)],
    });
    let (r, mut s) = w.build();
    put(&mut s, e, toward("S1010", 2, 2), 3);
    s.steps.clear();
    // Part of the hex routs (as a failed rally or an illegitimate group would leave it).
    s.unit_mut(a).morale = Morale::Routed;
    s.unit_mut(a).formation = Formation::Rout;
    let from = alloc::vec![toward("S1010", 2, 2)];
    r.start_retreat(&mut s, &[a], &from, RetreatKind::Rout, false, false);
    let mut ev = Vec::new();
    r.run_retreats(&mut s, &mut ev);
    (r, s, a, b, c)
}

#[test]
fn r21_2c_a_commander_of_a_divided_hex_goes_or_stays_as_his_owner_chooses() {
    let (r, mut s, a, b, c) = divided_hex();
    // The French player decides before the retreat moves.
    assert_eq!(s.steps.last(), Some(&Step::RetreatChoice { unit: a }));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::JoinRetreat {
                commander: c,
                retreat: true
            },
            Action::JoinRetreat {
                commander: c,
                retreat: false
            }
        ]
    );
    assert_eq!(s.unit(a).placed().unwrap().hex(), hex("S1010"));
    // He stays with B.
    let mut t = s.clone();
    let mut ev = apply(
        &r,
        &mut t,
        Action::JoinRetreat {
            commander: c,
            retreat: false,
        },
    );
    ev.extend(settle(&r, &mut t));
    assert!(ev.contains(&Event::CommanderJoins {
        commander: c,
        retreat: false
    }));
    assert_eq!(t.unit(a).placed().unwrap().hex(), toward("S1010", 5, 4));
    assert_eq!(t.unit(c).placed().unwrap().hex(), hex("S1010"));
    assert_eq!(t.unit(b).placed().unwrap().hex(), hex("S1010"));
    // He goes with A, for the whole retreat.
    let mut ev = apply(
        &r,
        &mut s,
        Action::JoinRetreat {
            commander: c,
            retreat: true,
        },
    );
    ev.extend(settle(&r, &mut s));
    assert!(ev.contains(&Event::CommanderJoins {
        commander: c,
        retreat: true
    }));
    assert_eq!(s.unit(a).placed().unwrap().hex(), toward("S1010", 5, 4));
    assert_eq!(s.unit(c).placed().unwrap().hex(), toward("S1010", 5, 4));
    assert_eq!(s.unit(b).placed().unwrap().hex(), hex("S1010"));
}

/// Division X (commander at S1010, A with him, B far off at S1030); B arrives this turn as a
/// reinforcement when `arriving`; the French activate X.
fn reinforced(arriving: bool) -> (Fontenoy, State, UnitId, UnitId) {
    let mut w = World::new();
    let dc = w.commander("Dx", Side(0), "S1010", 4, 9);
    let a = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let b = w.infantry("1 BBB", Side(0), "BBB", "S1030", 1);
    w.division("X", Side(0), Some(dc), &[a, b]);
    let e = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2525", 3);
    w.division("Z", Side(1), None, &[e]);
    let (mut r, mut s) = w.build();
    if arriving {
        alloc::sync::Arc::make_mut(&mut r.scenario_rules)
            .arrivals
            .push(Arrival {
                unit: b,
                turn: s.turn,
                entry: Entry::Hex(hex("S1030")),
                whole_division: false,
                group: None,
                tournay: false,
                on_activation: None,
            });
    }
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 0 });
    apply(&r, &mut s, Action::EndDesignations);
    while let Some(Step::CommanderInitiative { .. } | Step::UnitInitiative { .. }) = s.steps.last()
    {
        apply(&r, &mut s, d10(0));
    }
    (r, s, a, b)
}

#[test]
fn r22_3_part_of_a_division_arriving_is_in_command_with_the_rest() {
    let (_, s, a, b) = reinforced(false);
    assert_eq!(s.unit(a).command, Some(true));
    assert_eq!(s.unit(b).command, Some(false), "out of the DC's distance");
    let (_, s, a, b) = reinforced(true);
    assert_eq!(s.unit(a).command, Some(true));
    assert_eq!(
        s.unit(b).command,
        Some(true),
        "22.3: In Command in its arrival turn"
    );
}

#[test]
fn r22_2_nothing_attaches_to_an_arriving_division_before_its_commander_is_on_the_map() {
    // Division X's commander is still waiting off the map; an unactivated battalion of
    // Division Y stands with Saxe, an activated commander of X's activation.
    let build = |waiting: bool| {
        let mut w = World::new();
        let saxe = w.commander("Saxe", Side(0), "S1010", 30, 9);
        w.cinc(saxe, 2, 5);
        let dc = w.commander("Dx", Side(0), "S1012", 4, 9);
        let a = w.infantry("1 AAA", Side(0), "AAA", "S1012", 1);
        w.division("X", Side(0), Some(dc), &[a]);
        let dy = w.commander("Dy", Side(0), "S2020", 4, 9);
        let y = w.infantry("1 YYY", Side(0), "YYY", "S1010", 1);
        w.division("Y", Side(0), Some(dy), &[y]);
        let e = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 3);
        w.division("Z", Side(1), None, &[e]);
        if waiting {
            w.unit_state[usize::from(dc)].place = Place::Waiting;
        }
        let (r, mut s) = w.build();
        initiative(&r, &mut s, 6, 1);
        apply(&r, &mut s, Action::ActivateOwn);
        apply(&r, &mut s, Action::Activate { division: 0 });
        (r, s, saxe, y)
    };
    let (r, s, saxe, y) = build(false);
    let attachable = |r: &Fontenoy, s: &State| {
        legal(r, s)
            .iter()
            .any(|x| matches!(x, Action::Attach { unit } if *unit == y))
    };
    let with_saxe = |r: &Fontenoy, s: &mut State| {
        if offered(r, s, |x| {
            *x == Action::ActivateCommander { commander: saxe }
        }) {
            apply(r, s, Action::ActivateCommander { commander: saxe });
        }
    };
    let mut s = s;
    with_saxe(&r, &mut s);
    assert!(
        attachable(&r, &s),
        "6.4a: grouped with an activated commander"
    );
    let (r, mut s, _, _) = build(true);
    with_saxe(&r, &mut s);
    assert!(!attachable(&r, &s));
}

#[test]
fn r24_1d_main_army_and_detachment_units_may_not_end_a_move_together() {
    let mut w = World::new();
    let saxe = w.commander("Saxe", Side(0), "S0530", 10, 5);
    w.cinc(saxe, 2, 5);
    let x = w.commander("X", Side(0), "S0410", 6, 5);
    let da = w.commander("DA", Side(0), "S0412", 4, 0);
    let a = w.infantry("1 AAA", Side(0), "AAA", "S0412", 1);
    let a2 = w.infantry("2 AAA", Side(0), "AAA", "S0812", 1);
    let div_a = w.division("A", Side(0), Some(da), &[a, a2]);
    let dm = w.commander("DM", Side(0), "S0528", 4, 0);
    let m = w.infantry("1 MMM", Side(0), "MMM", "S0812", 1);
    w.division("M", Side(0), Some(dm), &[m]);
    let al = w.infantry("1 EEE", Side(1), "EEE", "S2828", 3);
    w.division("Z", Side(1), None, &[al]);
    for u in [a, a2, m] {
        w.units[usize::from(u)].sp = 3;
        w.unit_state[usize::from(u)].sp = 3;
    }
    let (r, mut s) = w.build();
    let o = crate::fontenoy::occupancy::Occupancy::index(&r, &s);
    let at_a = *s.unit(a).placed().unwrap();
    // Before the Detachment forms, M may end in A's hex.
    assert!(r.fits_at(&s, &o, &[m], &at_a, Formation::Line));
    r.form_detachment(&mut s, x, alloc::vec![div_a], Vec::new())
        .expect("the Detachment");
    let o = crate::fontenoy::occupancy::Occupancy::index(&r, &s);
    assert!(
        !r.fits_at(&s, &o, &[m], &at_a, Formation::Line),
        "the main army's M may not group with the Detachment's A"
    );
    assert!(
        r.fits_at(&s, &o, &[a2], &at_a, Formation::Line),
        "A's own Division may"
    );
}

#[test]
fn f1_6h_french_infantry_read_the_left_facing_rows_everyone_else_the_right() {
    use crate::fontenoy::tables::Mp;
    use crate::fontenoy::types::{Nationality, Pts};
    let mut w = World::new();
    let fr = w.infantry("1 FRA", Side(0), "FRA", "S1010", 1);
    let en = w.infantry("1 ENG", Side(1), "ENG", "S2020", 1);
    let cav = w.infantry("CAV", Side(0), "CAV", "S1515", 1);
    w.units[usize::from(cav)].kind = Kind::Cavalry;
    let (mut r, _) = w.build();
    let row = |k: u16| [Mp::Pts(Pts(k)); 3];
    let t = alloc::sync::Arc::make_mut(&mut r.tables);
    t.facing.french_vertex = row(1);
    t.facing.french_hexside = row(2);
    t.facing.vertex = row(3);
    t.facing.hexside = row(4);
    let cost = |u: UnitId, f: Formation| r.tables.facing_cost(&r.units[usize::from(u)], f, 1);
    assert_eq!(r.units[usize::from(fr)].nationality, Nationality::French);
    assert_eq!(cost(fr, Formation::Line), Mp::Pts(Pts(1)));
    assert_eq!(cost(fr, Formation::MarchColumn), Mp::Pts(Pts(2)));
    assert_eq!(cost(en, Formation::Line), Mp::Pts(Pts(3)));
    assert_eq!(cost(en, Formation::MarchColumn), Mp::Pts(Pts(4)));
    assert_eq!(
        cost(cav, Formation::Line),
        Mp::Pts(Pts(3)),
        "French cavalry: the right-hand rows"
    );
}

#[test]
fn f2_7_a_commander_with_pursuing_cavalry_helps_its_recall_check() {
    use crate::fontenoy::checks::CheckKind;
    use crate::fontenoy::types::DisorderCheck;
    let er_of_recall = |with: bool| -> i16 {
        let (mut r, mut s, c, _) = super::pursuit::pursuit_setup(false);
        let dx = r.unit_index("dx").unwrap();
        alloc::sync::Arc::make_mut(&mut r.units)[usize::from(dx)].er_bonus = -5;
        if !with {
            for name in ["saxe", "dx"] {
                let k = r.unit_index(name).unwrap();
                put(&mut s, k, hex("S0101"), 1);
            }
        }
        apply(&r, &mut s, d10(5));
        apply(&r, &mut s, Action::Recall { unit: c });
        assert!(matches!(
            s.steps.last(),
            Some(Step::Check(q)) if q.kind == CheckKind::Disorder(DisorderCheck::F)
        ));
        let ev = apply(&r, &mut s, d100(99));
        ev.iter()
            .find_map(|e| match e {
                Event::Check { er, .. } => Some(*er),
                _ => None,
            })
            .expect("the recall check")
    };
    assert_eq!(er_of_recall(true), er_of_recall(false) - 5);
}

#[test]
fn f2_8b_cavalry_in_woods_gets_no_morale_benefit_from_them() {
    let mut w = World::new();
    let inf = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    let cav = w.infantry("CAV", Side(0), "CAV", "S1212", 1);
    w.units[usize::from(cav)].kind = Kind::Cavalry;
    for h in ["S1010", "S1212"] {
        w.board
            .set_terrain(hex(h), crate::fontenoy::board::Terrain::Woods);
    }
    let (mut r, s) = w.build();
    let t = alloc::sync::Arc::make_mut(&mut r.tables);
    let woods = &mut t.terrain[crate::fontenoy::board::Terrain::Woods as usize];
    woods.morale = [-5, -5];
    woods.cavalry_hampered = true;
    assert_eq!(r.terrain_morale(&s, inf), -5);
    assert_eq!(r.terrain_morale(&s, cav), 0);
}

#[test]
fn f3_3b_de_saxe_moving_costs_no_command_rating() {
    let mut w = World::new();
    let f = w.commander("FR-Saxe", Side(0), "S1011", 10, 5);
    w.units[usize::from(f)].mp = 6;
    w.cinc(f, 5, 5);
    let al = w.commander("Cumberland", Side(1), "S2828", 2, 5);
    w.cinc(al, 1, 6);
    let ac = w.commander("Dz", Side(1), "S2828", 4, 4);
    let au = w.infantry("1 ZZZ", Side(1), "ZZZ", "S2828", 7);
    w.division("Z", Side(1), Some(ac), &[au]);
    let dc = w.commander("Dx", Side(0), "S1010", 4, 4);
    let u = w.infantry("1 AAA", Side(0), "AAA", "S1010", 1);
    w.division("X", Side(0), Some(dc), &[u]);
    let (r, mut s) = w.build();
    assert_eq!(r.units[usize::from(f)].id, "fr-saxe");
    initiative(&r, &mut s, 6, 1);
    apply(&r, &mut s, Action::ActivateOwn);
    apply(&r, &mut s, Action::Activate { division: 1 });
    apply(&r, &mut s, Action::ActivateCommander { commander: f });
    apply(&r, &mut s, Action::EndDesignations);
    apply(&r, &mut s, Action::EndSegment); // fire
    let to = hex("S1011").neighbor(crate::hex::Direction::ALL[5]);
    let ev = apply(
        &r,
        &mut s,
        Action::Step {
            unit: f,
            to,
            alone: false,
        },
    );
    assert!(matches!(ev[0], Event::Moved { unit, .. } if unit == f));
    assert!(!s.armies[0].cinc_moved, "F-3.3b: his rating keeps its 5");
}

#[test]
fn f2_8b_cavalry_attacking_into_woods_gets_no_cavalry_or_charge_bonus() {
    use super::close::{charge_setup, simple_combat};
    use crate::fontenoy::board::Terrain;
    let hampered = |t: &mut crate::fontenoy::tables::Tables| {
        t.terrain[Terrain::Woods as usize].cavalry_hampered = true;
    };
    // Clear: base 2, heavy cavalry +2, one hex charged +1 (13.11c).
    let (r, s, f, a) = charge_setup(1, Terrain::Clear, hampered);
    let c = simple_combat(&s, f, a, 1);
    assert_eq!(r.group_cr(&s, &c, true, &c.attackers[0]), 5);
    // Into woods: the base only.
    let (r, s, f, a) = charge_setup(1, Terrain::Woods, hampered);
    let c = simple_combat(&s, f, a, 1);
    assert_eq!(r.group_cr(&s, &c, true, &c.attackers[0]), 2);
}

/// French infantry F attacks a Swedish 4-pounder G (FP2) in front of it; the position once the
/// attacker's MC(B) is passed, the defender asked whether G retreats.
fn swedish_attacked() -> (Fontenoy, State, UnitId, UnitId) {
    use super::close::{AL, FR, ahead, at, attack, cc, unit};
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let f = unit(w, "1 FRA", FR, Kind::Infantry, 6, hex("S1010"), 1);
            let g = unit(
                w,
                "4 LB S",
                AL,
                Kind::Artillery,
                2,
                ahead(hex("S1010"), 0),
                7,
            );
            w.units[usize::from(g)].by_hand = crate::fontenoy::units::ByHand::Fp2;
            ids = (f, g);
            (alloc::vec![f], alloc::vec![g])
        },
        |_| {},
    );
    let (f, g) = ids;
    let t = at(&s, g);
    attack(&r, &mut s, f, t);
    assert!(legal(&r, &s).contains(&Action::RetreatBefore { unit: g }));
    (r, s, f, g)
}

#[test]
fn f3_7b_swedish_guns_take_their_mc_d_before_retreating() {
    use crate::fontenoy::checks::{CheckKind, CheckReq};
    use crate::fontenoy::types::MoraleCheck;
    let mc_d = |g: UnitId| {
        Step::Check(CheckReq {
            unit: g,
            kind: CheckKind::Morale(MoraleCheck::D),
            er_mod: 0,
        })
    };
    // The check comes first, the gun still in place.
    let (r, mut s, _, g) = swedish_attacked();
    let here = s.unit(g).placed().unwrap().hex();
    apply(&r, &mut s, Action::RetreatBefore { unit: g });
    assert_eq!(s.steps.last(), Some(&mc_d(g)));
    assert_eq!(s.unit(g).placed().unwrap().hex(), here);
    // Failed: Shaken, it stays and fights, with no MC(B) after it.
    let mut t = s.clone();
    apply(&r, &mut t, d100(10));
    assert_eq!(t.unit(g).morale, Morale::Shaken);
    assert_eq!(t.unit(g).placed().unwrap().hex(), here);
    assert!(t.retreats.is_empty());
    assert!(
        !t.steps
            .iter()
            .any(|x| matches!(x, Step::Check(q) if q.unit == g)),
        "{:?}",
        t.steps
    );
    // Passed: it retreats, and no MC(D) follows the retreat.
    let mut ev = apply(&r, &mut s, d100(99));
    ev.extend(settle(&r, &mut s));
    assert!(ev.contains(&Event::RetreatBeforeCombat { unit: g }));
    assert_ne!(s.unit(g).placed().unwrap().hex(), here);
    assert_eq!(s.unit(g).morale, Morale::Good);
    assert!(!s.steps.contains(&mc_d(g)), "{:?}", s.steps);
}

#[test]
fn r21_2b_the_owner_picks_one_commander_of_the_group_for_its_combat_bonus() {
    use super::close::{at, attack, checks, duel, fire_misses, top};
    use crate::fontenoy::close::CloseStep;
    let (mut r, mut s, f, a) = duel(6, 6);
    let saxe = r.unit_index("saxe").unwrap();
    let dx = r.unit_index("dx").unwrap();
    let units = alloc::sync::Arc::make_mut(&mut r.units);
    units[usize::from(saxe)].cc_bonus = 1;
    units[usize::from(dx)].cc_bonus = 2;
    let t = at(&s, a);
    attack(&r, &mut s, f, t);
    checks(&r, &mut s);
    fire_misses(&r, &mut s);
    assert!(matches!(
        top(&s),
        Some(Step::Close(CloseStep::Bonus { .. }))
    ));
    // Either commander in the attacker's hex, activated or not (Saxe is not), or none.
    assert_eq!(
        legal(&r, &s),
        alloc::vec![
            Action::Bonus { commander: saxe },
            Action::Bonus { commander: dx },
            Action::Pass
        ]
    );
    let ev = apply(&r, &mut s, Action::Bonus { commander: dx });
    assert!(ev.contains(&Event::CombatBonus { commander: dx }));
    let c = r.close_segment(&s).unwrap().current.clone().unwrap();
    assert_eq!(c.attackers[0].bonus, Some(dx));
}

#[test]
fn f2_9_french_in_general_order_in_a_town_take_no_plus_5_on_morale_checks() {
    use super::checks::{check, checks_in, pair};
    use crate::fontenoy::checks::CheckKind;
    use crate::fontenoy::types::{MoraleCheck, Nationality};
    let er = |nat: Nationality| -> i16 {
        let (mut r, mut s, a, _) = pair(|w| {
            w.board
                .set_terrain(hex("S1010"), crate::fontenoy::board::Terrain::Town);
        });
        alloc::sync::Arc::make_mut(&mut r.units)[usize::from(a)].nationality = nat;
        s.unit_mut(a).formation = Formation::GeneralOrder;
        let ev = check(&r, &mut s, a, CheckKind::Morale(MoraleCheck::A), 0, 99);
        checks_in(&ev)[0].1
    };
    assert_eq!(er(Nationality::French) + 5, er(Nationality::English));
}

#[test]
fn f3_5a_f_cavalry_may_not_attack_into_a_redoubt() {
    use super::close::{at, charge_setup, refused};
    use crate::fontenoy::board::Terrain;
    let (r, mut s, f, a) = charge_setup(1, Terrain::Redoubt, |t| {
        t.terrain[Terrain::Redoubt as usize].cavalry_attack = false;
    });
    // The defenders are inside (in General Order); outside, cavalry may attack them
    // (redoubts.rs).
    s.unit_mut(a).formation = Formation::GeneralOrder;
    let e = refused(
        &r,
        &s,
        Action::Attack {
            unit: f,
            target: at(&s, a),
        },
    );
    assert_eq!(e.rule, "F-2.8c");
}

#[test]
fn r19_7e_a_routing_line_collapses_next_to_the_cavalry_that_may_pursue_it() {
    use super::close::{AL, FR, cc, unit};
    use crate::fontenoy::geometry::{Placed, line_hexes};
    let facing = crate::hex::Facing::new(7).unwrap();
    let line = line_hexes(hex("S1010"), facing, 2).unwrap();
    let (near, far) = (line.as_slice()[0], line.as_slice()[1]);
    // A hex next to the first hex of the Line and not to the second.
    let cav_at = near
        .neighbors()
        .into_iter()
        .find(|h| !line.contains(*h) && h.distance(far) > 1)
        .unwrap();
    let mut ids = (0, 0);
    let (r, mut s) = cc(
        |w| {
            let c = unit(w, "CAV", FR, Kind::Cavalry, 4, cav_at, 1);
            let e = unit(w, "1 ENG", AL, Kind::Infantry, 8, hex("S1010"), 7);
            w.unit_state[usize::from(e)].place = Place::Map(Placed {
                hexes: line,
                facing,
                hook: None,
            });
            ids = (c, e);
            (alloc::vec![c], alloc::vec![e])
        },
        |_| {},
    );
    let (c, e) = ids;
    let mut ev = Vec::new();
    r.rout_from(&mut s, e, &[c], &mut ev);
    assert_eq!(s.steps.last(), Some(&Step::RetreatChoice { unit: e }));
    assert_eq!(
        legal(&r, &s),
        alloc::vec![Action::Retreat { unit: e, to: near }]
    );
    // Shaken cavalry may not pursue (16.1b): either hex.
    let (r, mut s) = {
        let mut ids2 = (0, 0);
        let (r, mut s) = cc(
            |w| {
                let c = unit(w, "CAV", FR, Kind::Cavalry, 4, cav_at, 1);
                let e = unit(w, "1 ENG", AL, Kind::Infantry, 8, hex("S1010"), 7);
                w.unit_state[usize::from(e)].place = Place::Map(Placed {
                    hexes: line,
                    facing,
                    hook: None,
                });
                ids2 = (c, e);
                (alloc::vec![c], alloc::vec![e])
            },
            |_| {},
        );
        s.unit_mut(ids2.0).morale = Morale::Shaken;
        let mut ev = Vec::new();
        r.rout_from(&mut s, ids2.1, &[ids2.0], &mut ev);
        (r, s)
    };
    assert_eq!(legal(&r, &s).len(), 2);
    let _ = &mut s;
}

#[test]
fn f2_10a_road_movement_along_a_sunken_road_pays_the_road_rate() {
    use crate::fontenoy::board::{Terrain, side as hs};
    use crate::fontenoy::tables::Mp;
    use crate::fontenoy::types::Pts;
    use crate::hex::{Direction, Facing};
    let x = hex("S1010").neighbor(Direction::ALL[0]);
    let along = x.neighbor(Direction::ALL[5]);
    // The cost of a Road Column's step from X along the road, the road's hexes `terrain`.
    let cost = |terrain: Terrain| -> Pts {
        let (mut r, mut s, u) = super::movement::mover(|w| {
            for h in [along, x, x.neighbor(Direction::ALL[2])] {
                w.board.set_terrain(h, terrain);
            }
            w.board.add_side(x, Direction::ALL[2], hs::ROAD, false);
            w.board.add_side(x, Direction::ALL[5], hs::ROAD, false);
        });
        let t = alloc::sync::Arc::make_mut(&mut r.tables);
        t.terrain[Terrain::SunkenRoad as usize].mp = [Mp::Pts(Pts::whole(2)); 6];
        s.unit_mut(u).formation = Formation::RoadColumn;
        s.unit_mut(u).sp = 4;
        s.unit_mut(u).place = Place::Map(crate::fontenoy::geometry::Placed::at(
            x,
            Facing::new(10).unwrap(),
        ));
        let ev = apply(
            &r,
            &mut s,
            Action::Step {
                unit: u,
                to: along,
                alone: false,
            },
        );
        ev.iter()
            .find_map(|e| match e {
                Event::Moved { cost, .. } => Some(*cost),
                _ => None,
            })
            .expect("a move")
    };
    let sunken = cost(Terrain::SunkenRoad);
    assert_eq!(
        sunken,
        cost(Terrain::Clear),
        "the road rate, as on any road"
    );
    assert!(sunken < Pts::whole(2), "not the sunken road's TET cost");
}
